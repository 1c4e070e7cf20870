//! A text field's draft over a stored value, for forms that stay open while a sync may change the
//! record under them. The draft follows the stored value as long as the user has not typed
//! anything different; once they have, what they typed is kept until it is saved (the stored
//! value then equals it) or a sync brings the same text. Pure, so it is tested natively.

/// The text a field shows and the stored value it was last brought in line with.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Draft {
    stored: String,
    text: String,
}

impl Draft {
    /// A draft showing the stored value.
    pub fn new(stored: impl Into<String>) -> Self {
        let stored = stored.into();
        Draft {
            text: stored.clone(),
            stored,
        }
    }

    /// What the field shows.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// True when the field holds something other than the stored value.
    pub fn is_edited(&self) -> bool {
        self.text != self.stored
    }

    /// The user typed `text`.
    pub fn typed(&mut self, text: impl Into<String>) {
        self.text = text.into();
    }

    /// The stored value is now `stored` (a local save or a sync): an unedited field shows it, an
    /// edited one keeps the user's text.
    pub fn stored_changed(&mut self, stored: &str) {
        if !self.is_edited() {
            self.text = stored.to_string();
        }
        self.stored = stored.to_string();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_untouched_field_follows_the_stored_value() {
        let mut d = Draft::new("Longbowmen");
        d.stored_changed("Archers of the Vale");
        assert_eq!(d.text(), "Archers of the Vale");
        assert!(!d.is_edited());
    }

    #[test]
    fn typed_text_survives_a_remote_change() {
        let mut d = Draft::new("Longbowmen");
        d.typed("Yeomen");
        d.stored_changed("Archers of the Vale");
        assert_eq!(d.text(), "Yeomen");
        assert!(d.is_edited());
    }

    #[test]
    fn a_save_brings_the_draft_back_to_following() {
        let mut d = Draft::new("Longbowmen");
        d.typed("Yeomen");
        d.stored_changed("Yeomen"); // the store now holds what was typed
        assert!(!d.is_edited());
        d.stored_changed("Archers of the Vale");
        assert_eq!(d.text(), "Archers of the Vale");
    }

    #[test]
    fn typing_the_stored_value_back_is_not_an_edit() {
        let mut d = Draft::new("Longbowmen");
        d.typed("Longbow");
        d.typed("Longbowmen");
        assert!(!d.is_edited());
        d.stored_changed("Archers");
        assert_eq!(d.text(), "Archers");
    }
}
