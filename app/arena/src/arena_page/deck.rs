//! The pairs the server dealt this browser (SPEC §16.1), waiting to be shown, and the voter pass
//! they were dealt to. Kept in browser storage, so a reload shows the same next pair and voting
//! goes on offline until they run out; a vote counts only on a pair from here. Pure but for
//! `load`/`save`.

use engine::wire::{PairDeal, PairToken};
use serde::{Deserialize, Serialize};

/// Where the deck is kept.
const KEY: &str = "brickrealm.arena.deck.v1";
/// The pairs asked for at a time: enough to go on voting through a short time offline.
pub const DEAL: u32 = 12;
/// Fewer pairs than this waiting, and more are asked for.
const LOW: usize = 5;

/// One pair dealt, with when (on this browser's clock) its vote stops counting.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Dealt {
    /// The pair and its token.
    pub pair: PairToken,
    /// ms since the epoch, this browser's clock.
    pub expires_at: f64,
}

/// The voter pass and the pairs dealt to it, in the order to show them.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Deck {
    /// The pass the server issued this browser, once it has.
    pub voter: Option<String>,
    /// Pairs not yet shown, oldest deal first.
    pub pairs: Vec<Dealt>,
}

impl Deck {
    /// Takes in a deal received at `now` (this browser's clock): its pass, and its pairs at the
    /// back of the deck.
    pub fn take_in(&mut self, deal: PairDeal, now: f64) {
        let expires_at = now + deal.expires_in_ms as f64;
        self.voter = Some(deal.voter);
        self.pairs.extend(
            deal.pairs
                .into_iter()
                .map(|pair| Dealt { pair, expires_at }),
        );
    }

    /// Drops the pass and its pairs: the server no longer knows the pass (its database was
    /// replaced), so neither counts.
    pub fn forget(&mut self) {
        *self = Deck::default();
    }

    /// Drops the pairs that can no longer count at `now` or whose photos left the arena
    /// (`judged` says which are in it).
    pub fn prune(&mut self, now: f64, judged: impl Fn(u64) -> bool) {
        self.pairs
            .retain(|d| d.expires_at > now && judged(d.pair.a) && judged(d.pair.b));
    }

    /// The next pair to show, taken off the deck.
    pub fn draw(&mut self) -> Option<PairToken> {
        (!self.pairs.is_empty()).then(|| self.pairs.remove(0).pair)
    }

    /// The pair after it, as the page announces it.
    pub fn peek(&self) -> Option<(u64, u64)> {
        self.pairs.first().map(|d| (d.pair.a, d.pair.b))
    }

    /// Whether to ask the server for more.
    pub fn wants_more(&self) -> bool {
        self.pairs.len() < LOW
    }

    /// The stored deck (an empty one when storage is unavailable or holds something else).
    pub fn load() -> Deck {
        storage()
            .and_then(|s| s.get_item(KEY).ok().flatten())
            .and_then(|text| serde_json::from_str(&text).ok())
            .unwrap_or_default()
    }

    /// Stores the deck; losing it only means asking for pairs again (and a new pass).
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

    fn deal(pairs: &[(u64, u64)]) -> PairDeal {
        PairDeal {
            voter: "v1.pass".into(),
            pairs: pairs
                .iter()
                .map(|&(a, b)| PairToken {
                    a,
                    b,
                    token: format!("t{a}-{b}"),
                })
                .collect(),
            expires_in_ms: 1_000,
            cards: Vec::new(),
        }
    }

    #[test]
    fn pairs_are_shown_in_the_order_dealt_and_more_are_asked_for_when_few_are_left() {
        let mut d = Deck::default();
        assert!(d.wants_more());
        d.take_in(deal(&[(1, 2), (3, 4), (5, 6), (7, 8), (9, 10)]), 0.0);
        assert_eq!(d.voter.as_deref(), Some("v1.pass"));
        assert!(!d.wants_more());
        assert_eq!(d.draw().map(|p| (p.a, p.b)), Some((1, 2)));
        assert_eq!(d.peek(), Some((3, 4)));
        assert!(d.wants_more(), "four left");
    }

    #[test]
    fn expired_pairs_and_pairs_that_left_the_arena_are_dropped() {
        let mut d = Deck::default();
        d.take_in(deal(&[(1, 2), (3, 4)]), 0.0);
        d.take_in(deal(&[(5, 6)]), 500.0);
        d.prune(999.0, |id| id != 3);
        assert_eq!(d.peek(), Some((1, 2)));
        assert_eq!(d.pairs.len(), 2, "the pair with photo 3 went");
        d.prune(1_000.0, |_| true);
        assert_eq!(d.peek(), Some((5, 6)), "the first deal's life is over");
        d.forget();
        assert_eq!(d, Deck::default());
    }

    #[test]
    fn a_first_visits_early_deal_is_a_new_voters_first_ask_kept_where_the_app_looks() {
        let script = include_str!("../../../early.js");
        let first = engine::wire::PairRequest {
            voter: None,
            count: DEAL,
        };
        let body = serde_json::to_string(&first).unwrap();
        assert!(
            script.contains(&format!("'{}': () =>", app::api::PAIRS)),
            "early.js deals under the URL the app takes"
        );
        assert!(
            script.contains(&format!("'{body}'")),
            "early.js asks with the body of the deck's first ask, {body}"
        );
        assert!(
            script.contains(&format!("localStorage.getItem('{KEY}') === null")),
            "early.js deals only where no deck (and so no voter pass) is stored"
        );
        let shell = include_str!("../../../arena.html");
        assert!(
            shell.contains(app::api::PAIRS),
            "the arena's shell asks for pairs early"
        );
    }
}
