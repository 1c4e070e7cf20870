//! `DocError`: what is wrong with a realm document, and where.

use std::fmt;

/// A realm document that cannot be accepted, with the offending field named.
///
/// `field` is a JSON-ish path such as `photos[12].faction` or `map.rows[3]`, so an editor can put the
/// message next to the input that caused it and a server can return it as the error's `field`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DocError {
    /// Path of the offending field, e.g. `photos[12].faction`.
    pub field: String,
    /// What is wrong with it, in words.
    pub message: String,
}

impl DocError {
    /// Builds an error for `field`.
    pub fn new(field: impl Into<String>, message: impl Into<String>) -> Self {
        DocError {
            field: field.into(),
            message: message.into(),
        }
    }

    /// The same error seen from one level up: `prefix.field` (or `prefix` when the field is empty).
    pub fn within(self, prefix: &str) -> Self {
        let field = match (prefix.is_empty(), self.field.is_empty()) {
            (true, _) => self.field,
            (false, true) => prefix.to_string(),
            (false, false) if self.field.starts_with('[') => format!("{prefix}{}", self.field),
            (false, false) => format!("{prefix}.{}", self.field),
        };
        DocError {
            field,
            message: self.message,
        }
    }
}

impl fmt::Display for DocError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.field.is_empty() {
            write!(f, "{}", self.message)
        } else {
            write!(f, "{}: {}", self.field, self.message)
        }
    }
}

impl std::error::Error for DocError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn within_joins_paths() {
        let e = DocError::new("rows[3]", "bad").within("map");
        assert_eq!(e.field, "map.rows[3]");
        assert_eq!(
            DocError::new("[2]", "x").within("photos").field,
            "photos[2]"
        );
        assert_eq!(DocError::new("", "x").within("map").field, "map");
        assert_eq!(e.to_string(), "map.rows[3]: bad");
    }
}
