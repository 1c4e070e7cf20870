//! What became of the votes cast on this visit: queued, counted, or not counted and why, matched
//! to the server's answers as the sync brings them. Pure, so it is tested natively.

use engine::wire::{Vote, VoteResult};
use engine::Rating;

/// Where one vote stands.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    /// In the browser's queue; the server has not answered yet.
    Queued,
    /// The server applied it through the Elo update.
    Counted,
    /// The server kept it but did not count it; the reason as the server names it.
    NotCounted(String),
}

impl Verdict {
    /// The `data-status` the page shows.
    pub fn name(&self) -> &'static str {
        match self {
            Verdict::Queued => "queued",
            Verdict::Counted => "counted",
            Verdict::NotCounted(_) => "not-counted",
        }
    }
}

/// A vote cast on this visit, with the two ratings as they stood when it was cast.
#[derive(Clone, Debug, PartialEq)]
pub struct Cast {
    /// The vote as queued.
    pub vote: Vote,
    /// The chosen photo's and the other photo's ratings when the vote was cast.
    pub before: (Rating, Rating),
    /// Where it stands.
    pub verdict: Verdict,
}

/// The reason a practice vote (on a pair the server did not deal) has: it is never sent.
pub const NO_TOKEN: &str = "no_token";

/// The server's reason codes in words a voter reads (SPEC §4.2's abuse rules, §16.1's tokens).
pub fn reason_text(reason: &str) -> &'static str {
    match reason {
        "token_expired" => "sent too late: a pair's vote counts for a day after it was dealt",
        NO_TOKEN => "a practice pair, voted on while the server could not deal pairs",
        "duplicate_pair" => "already judged today: a pair counts once a day",
        "too_fast" => "too fast: answered before the photos could be seen",
        "rate_limited" => "rate limited: too many votes this minute",
        "not_eligible" => "not in the arena any more (its season is held back)",
        _ => "not counted by the server",
    }
}

/// Marks the casts the server has answered. A vote is matched as the queue sent it (its token is
/// its own).
pub fn settle(log: &mut [Cast], answered: &[(Vote, VoteResult)]) {
    for (vote, result) in answered {
        if let Some(c) = log
            .iter_mut()
            .find(|c| c.verdict == Verdict::Queued && c.vote == *vote)
        {
            c.verdict = if result.counted {
                Verdict::Counted
            } else {
                Verdict::NotCounted(result.reason.clone().unwrap_or_default())
            };
        }
    }
}

/// How many casts are counted, not counted, and waiting.
pub fn tally(log: &[Cast]) -> (usize, usize, usize) {
    log.iter().fold((0, 0, 0), |(c, n, q), x| match x.verdict {
        Verdict::Counted => (c + 1, n, q),
        Verdict::NotCounted(_) => (c, n + 1, q),
        Verdict::Queued => (c, n, q + 1),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cast(chosen: u64, other: u64, at: i64) -> Cast {
        Cast {
            vote: Vote {
                token: format!("p1.{chosen}.{other}.{at}"),
                chosen,
                other,
                cast_at: at,
            },
            before: (Rating::start(chosen), Rating::start(other)),
            verdict: Verdict::Queued,
        }
    }

    fn result(reason: Option<&str>) -> VoteResult {
        VoteResult {
            counted: reason.is_none(),
            reason: reason.map(str::to_string),
        }
    }

    #[test]
    fn answers_settle_the_matching_casts_only() {
        let mut log = vec![cast(1, 2, 10), cast(3, 4, 20), cast(1, 2, 30)];
        let answered = vec![
            (log[0].vote.clone(), result(None)),
            (log[2].vote.clone(), result(Some("duplicate_pair"))),
            (cast(9, 8, 40).vote, result(None)),
        ];
        settle(&mut log, &answered);
        assert_eq!(log[0].verdict, Verdict::Counted);
        assert_eq!(log[1].verdict, Verdict::Queued);
        assert_eq!(log[2].verdict, Verdict::NotCounted("duplicate_pair".into()));
        assert_eq!(tally(&log), (1, 1, 1));
    }

    #[test]
    fn every_abuse_rule_reads_as_words() {
        // (the server's reason, words the voter must see)
        let table = [
            ("duplicate_pair", "already judged today"),
            ("too_fast", "too fast"),
            ("rate_limited", "rate limited"),
            ("not_eligible", "not in the arena"),
        ];
        for (code, words) in table {
            assert!(reason_text(code).starts_with(words), "{code}");
        }
    }
}
