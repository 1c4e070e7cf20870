//! What the status badge says: one state out of reachability, the queue and the editor key, in
//! the order a user needs to know them.

/// Whether the server answered last time we asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reach {
    /// Not asked yet.
    Unknown,
    /// It answered.
    Online,
    /// It could not be reached.
    Offline,
}

/// Everything the badge summarises.
#[derive(Clone, Debug, PartialEq)]
pub struct SyncStatus {
    /// Whether the server answered last time.
    pub reach: Reach,
    /// A sync is running now.
    pub syncing: bool,
    /// Edits, votes and battles not yet on the server.
    pub pending: usize,
    /// Conflicts waiting for a choice.
    pub conflicts: usize,
    /// Work the server refused, kept so it can be read.
    pub refused: usize,
    /// The editor key is missing or was refused while edits wait.
    pub locked: bool,
    /// The last failure in words, if the last sync failed.
    pub error: Option<String>,
    /// The server's poke stream is open: other people's changes arrive as they are made
    /// (`live.rs`); otherwise they are polled for.
    pub live: bool,
    /// Why the browser did not store what it was given (full, or refused), while it does not.
    pub storage: Option<String>,
}

impl Default for SyncStatus {
    fn default() -> Self {
        SyncStatus {
            reach: Reach::Unknown,
            syncing: false,
            pending: 0,
            conflicts: 0,
            refused: 0,
            locked: false,
            error: None,
            live: false,
            storage: None,
        }
    }
}

/// The badge's one state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Badge {
    /// Conflicts wait for a choice.
    Conflict,
    /// Edits wait for the editor key.
    Locked,
    /// A sync is running.
    Syncing,
    /// The server cannot be reached.
    Offline,
    /// Work waits to be sent.
    Pending,
    /// Everything is on the server.
    Synced,
    /// Nothing known yet.
    Connecting,
}

impl SyncStatus {
    /// The one state to show: what needs the user first, then what is happening.
    pub fn badge(&self) -> Badge {
        if self.conflicts > 0 {
            Badge::Conflict
        } else if self.locked {
            Badge::Locked
        } else if self.syncing {
            Badge::Syncing
        } else if self.reach == Reach::Offline {
            Badge::Offline
        } else if self.pending > 0 {
            Badge::Pending
        } else if self.reach == Reach::Online {
            Badge::Synced
        } else {
            Badge::Connecting
        }
    }

    /// The badge's text, e.g. `offline · 2 pending`.
    pub fn label(&self) -> String {
        let pending = (self.pending > 0).then(|| format!("{} pending", self.pending));
        let head = match self.badge() {
            Badge::Conflict if self.conflicts == 1 => "1 conflict".to_string(),
            Badge::Conflict => format!("{} conflicts", self.conflicts),
            Badge::Locked => "locked".to_string(),
            Badge::Syncing => "syncing…".to_string(),
            Badge::Offline => "offline".to_string(),
            Badge::Pending => return pending.unwrap_or_default(),
            Badge::Synced => return "synced".to_string(),
            Badge::Connecting => return "connecting…".to_string(),
        };
        match pending {
            Some(p) => format!("{head} · {p}"),
            None => head,
        }
    }
}

impl Badge {
    /// The `data-status` attribute, for styles and tests.
    pub fn name(self) -> &'static str {
        match self {
            Badge::Conflict => "conflict",
            Badge::Locked => "locked",
            Badge::Syncing => "syncing",
            Badge::Offline => "offline",
            Badge::Pending => "pending",
            Badge::Synced => "synced",
            Badge::Connecting => "connecting",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_badge_puts_what_needs_the_user_first() {
        let mut s = SyncStatus::default();
        assert_eq!(s.label(), "connecting…");
        s.reach = Reach::Online;
        assert_eq!((s.badge(), s.label().as_str()), (Badge::Synced, "synced"));
        s.pending = 2;
        assert_eq!(s.label(), "2 pending");
        s.reach = Reach::Offline;
        assert_eq!(s.label(), "offline · 2 pending");
        s.syncing = true;
        assert_eq!(s.label(), "syncing… · 2 pending");
        s.locked = true;
        assert_eq!(s.label(), "locked · 2 pending");
        s.conflicts = 1;
        assert_eq!(
            (s.badge(), s.label().as_str()),
            (Badge::Conflict, "1 conflict · 2 pending")
        );
    }
}
