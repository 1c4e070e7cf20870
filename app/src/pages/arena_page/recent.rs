//! The pairs this voter judged in the last 24 hours, kept in the browser so the pairing (SPEC §4.2)
//! skips them even after a reload. The pruning is pure; only `load`/`save` touch storage.

use serde::{Deserialize, Serialize};

/// Where the pairs are kept.
const KEY: &str = "brickrealm.arena.recent.v1";
/// How long a pair counts as recent: the server's repeat window.
pub const WINDOW_MS: f64 = 24.0 * 60.0 * 60.0 * 1000.0;
/// The most pairs kept; older ones fall off first.
const MAX_PAIRS: usize = 2_000;

/// Pairs judged, with when.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Recent(Vec<(u64, u64, f64)>);

impl Recent {
    /// Adds a pair judged at `now` (ms since the epoch) and forgets what has aged out.
    pub fn push(&mut self, a: u64, b: u64, now: f64) {
        self.0.push((a, b, now));
        self.prune(now);
    }

    /// The pairs judged within the window before `now`.
    pub fn pairs(&self, now: f64) -> Vec<(u64, u64)> {
        self.0
            .iter()
            .filter(|(_, _, at)| now - at < WINDOW_MS)
            .map(|&(a, b, _)| (a, b))
            .collect()
    }

    fn prune(&mut self, now: f64) {
        self.0.retain(|(_, _, at)| now - at < WINDOW_MS);
        let excess = self.0.len().saturating_sub(MAX_PAIRS);
        self.0.drain(..excess);
    }

    /// The stored pairs (none when storage is unavailable or holds something else).
    pub fn load() -> Recent {
        storage()
            .and_then(|s| s.get_item(KEY).ok().flatten())
            .and_then(|text| serde_json::from_str(&text).ok())
            .unwrap_or_default()
    }

    /// Stores the pairs; losing them only means a pair may come round again sooner.
    pub fn save(&self) {
        if let (Some(s), Ok(text)) = (storage(), serde_json::to_string(self)) {
            let _ = s.set_item(KEY, &text);
        }
    }
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_age_out_after_a_day() {
        let mut r = Recent::default();
        r.push(1, 2, 0.0);
        r.push(3, 4, WINDOW_MS - 1.0);
        assert_eq!(r.pairs(WINDOW_MS - 1.0), vec![(1, 2), (3, 4)]);
        assert_eq!(r.pairs(WINDOW_MS), vec![(3, 4)]);
        r.push(5, 6, WINDOW_MS + 10.0);
        assert_eq!(r.0.len(), 2, "the aged pair is dropped on the next push");
    }
}
