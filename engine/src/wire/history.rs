//! Realm History's listing as the server sends it: a page of battles, and the tallies, the
//! faction tallies and a faction's running record over *every* matching battle (the server counts
//! them in SQL; [`faction_tallies`] and [`running_record`] are the same counts over rows, which the
//! server's tests hold its SQL to). Also how a time is written, shared by the pages and the
//! server's CSV export.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One battle record in `GET /api/history`'s listing.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HistoryEntry {
    /// The record's id.
    pub id: u64,
    /// When it was fought, ms since the Unix epoch.
    pub timestamp: i64,
    /// Its battle system's name.
    pub system: String,
    /// Attacking faction.
    pub attacker: u64,
    /// Defending faction.
    pub defender: u64,
    /// `attacker` or `defender`.
    pub winner: String,
}

impl HistoryEntry {
    /// Whether the attacker won.
    pub fn attacker_won(&self) -> bool {
        self.winner == "attacker"
    }
}

/// `GET /api/history`: one page of the matching records (newest first) and, on the first page
/// (no `before`), the counts over all of them.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct HistoryListing {
    /// This page's records, newest first.
    pub entries: Vec<HistoryEntry>,
    /// Per battle system among all matching records (first page only).
    pub tallies: Vec<SystemTally>,
    /// Matching records in all (first page only).
    #[serde(default)]
    pub battles: u64,
    /// Per faction among all matching records, most wins first (first page only).
    #[serde(default)]
    pub factions: Vec<FactionTally>,
    /// With a faction filter, that faction's running record over all matching records, oldest
    /// first, thinned to at most a few hundred points (first page only).
    #[serde(default)]
    pub record: Vec<RecordPoint>,
    /// The cursor of the next (older) page, as `before`; absent on the last page.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next: Option<String>,
}

/// Battles fought under one system and who won them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SystemTally {
    /// The system's name.
    pub system: String,
    /// Battles.
    pub battles: u64,
    /// Won by the attacker.
    pub attacker_wins: u64,
    /// Won by the defender.
    pub defender_wins: u64,
}

/// One faction's battles: won and lost, as attacker and as defender.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FactionTally {
    /// The faction.
    pub faction: u64,
    /// Won as the attacker.
    pub attack_won: u64,
    /// Lost as the attacker.
    pub attack_lost: u64,
    /// Won as the defender.
    pub defence_won: u64,
    /// Lost as the defender.
    pub defence_lost: u64,
}

impl FactionTally {
    /// Every win.
    pub fn won(&self) -> u64 {
        self.attack_won + self.defence_won
    }
    /// Every loss.
    pub fn lost(&self) -> u64 {
        self.attack_lost + self.defence_lost
    }

    /// Most wins first, then fewest losses, then by id: the order the listing sends.
    pub fn sort(tallies: &mut [FactionTally]) {
        tallies.sort_by_key(|t| (std::cmp::Reverse(t.won()), t.lost(), t.faction));
    }
}

/// A point of a faction's running record: after the battle fought at `at`, `net` = wins − losses
/// so far, over `battles` battles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordPoint {
    /// When the battle was fought (ms).
    pub at: i64,
    /// Battles so far.
    pub battles: u64,
    /// Wins minus losses so far.
    pub net: i64,
}

/// Tallies of every faction that fought in `entries`, in [`FactionTally::sort`]'s order.
pub fn faction_tallies(entries: &[HistoryEntry]) -> Vec<FactionTally> {
    let mut by: BTreeMap<u64, FactionTally> = BTreeMap::new();
    for e in entries {
        let won = e.attacker_won();
        let a = by.entry(e.attacker).or_insert_with(|| FactionTally {
            faction: e.attacker,
            ..Default::default()
        });
        if won {
            a.attack_won += 1;
        } else {
            a.attack_lost += 1;
        }
        let d = by.entry(e.defender).or_insert_with(|| FactionTally {
            faction: e.defender,
            ..Default::default()
        });
        if won {
            d.defence_lost += 1;
        } else {
            d.defence_won += 1;
        }
    }
    let mut out: Vec<_> = by.into_values().collect();
    FactionTally::sort(&mut out);
    out
}

/// A faction's running record over `entries` (any order), oldest battle first, one point per
/// battle it fought.
pub fn running_record(entries: &[HistoryEntry], faction: u64) -> Vec<RecordPoint> {
    let mut mine: Vec<&HistoryEntry> = entries
        .iter()
        .filter(|e| e.attacker == faction || e.defender == faction)
        .collect();
    mine.sort_by_key(|e| (e.timestamp, e.id));
    let mut net = 0;
    mine.into_iter()
        .enumerate()
        .map(|(i, e)| {
            let won = e.attacker_won() == (e.attacker == faction);
            net += if won { 1 } else { -1 };
            RecordPoint {
                at: e.timestamp,
                battles: i as u64 + 1,
                net,
            }
        })
        .collect()
}

/// A time in ms since the epoch as `YYYY-MM-DD HH:MM` UTC (civil-from-days, so no clock or JS).
pub fn utc(ms: i64) -> String {
    let secs = ms.div_euclid(1000);
    let (days, rest) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02}",
        rest / 3600,
        rest % 3600 / 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(id: u64, t: i64, a: u64, d: u64, winner: &str) -> HistoryEntry {
        HistoryEntry {
            id,
            timestamp: t,
            system: "v2".into(),
            attacker: a,
            defender: d,
            winner: winner.into(),
        }
    }

    #[test]
    fn tallies_count_each_side_of_each_battle() {
        let rows = [
            entry(1, 10, 1, 2, "attacker"),
            entry(2, 20, 2, 1, "attacker"),
            entry(3, 30, 1, 3, "defender"),
        ];
        let t = faction_tallies(&rows);
        let of = |f| t.iter().find(|x| x.faction == f).unwrap().clone();
        assert_eq!(
            of(1),
            FactionTally {
                faction: 1,
                attack_won: 1,
                attack_lost: 1,
                defence_won: 0,
                defence_lost: 1
            }
        );
        assert_eq!((of(2).won(), of(2).lost()), (1, 1));
        assert_eq!((of(3).won(), of(3).lost()), (1, 0));
        // Every battle has one winner and one loser.
        let won: u64 = t.iter().map(FactionTally::won).sum();
        let lost: u64 = t.iter().map(FactionTally::lost).sum();
        assert_eq!((won, lost), (3, 3));
        assert_eq!(t[0].faction, 3, "most wins, then fewest losses, first");
    }

    #[test]
    fn the_running_record_is_oldest_first() {
        let rows = [
            entry(3, 30, 1, 3, "defender"),
            entry(1, 10, 1, 2, "attacker"),
            entry(2, 20, 2, 1, "attacker"),
        ];
        let nets: Vec<(i64, u64, i64)> = running_record(&rows, 1)
            .iter()
            .map(|p| (p.at, p.battles, p.net))
            .collect();
        assert_eq!(nets, vec![(10, 1, 1), (20, 2, 0), (30, 3, -1)]);
        assert!(running_record(&rows, 9).is_empty());
    }

    #[test]
    fn times_are_written_in_utc() {
        assert_eq!(utc(0), "1970-01-01 00:00");
        assert_eq!(utc(951_782_400_000), "2000-02-29 00:00");
        assert_eq!(utc(1_796_112_000_000), "2026-12-01 08:00");
        assert_eq!(utc(-1), "1969-12-31 23:59");
    }
}
