//! The numbers of Realm History, from its rows: tallies per faction, a faction's running record,
//! the CSV export, and how a time and a system are written. Pure, so it is tested natively.

use app::components::battle_labels::utc;
use engine::wire::HistoryEntry;
use std::collections::BTreeMap;

/// One faction's battles: won and lost, as attacker and as defender.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FactionTally {
    /// The faction.
    pub faction: u64,
    /// Won as the attacker.
    pub attack_won: u32,
    /// Lost as the attacker.
    pub attack_lost: u32,
    /// Won as the defender.
    pub defence_won: u32,
    /// Lost as the defender.
    pub defence_lost: u32,
}

impl FactionTally {
    /// Every win.
    pub fn won(&self) -> u32 {
        self.attack_won + self.defence_won
    }
    /// Every loss.
    pub fn lost(&self) -> u32 {
        self.attack_lost + self.defence_lost
    }
}

/// Whether the attacker won this battle.
fn attacker_won(e: &HistoryEntry) -> bool {
    e.winner == "attacker"
}

/// Tallies of every faction that fought in `entries`, most wins first (then fewest losses, then id).
pub fn faction_tallies(entries: &[HistoryEntry]) -> Vec<FactionTally> {
    let mut by: BTreeMap<u64, FactionTally> = BTreeMap::new();
    for e in entries {
        let won = attacker_won(e);
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
    out.sort_by_key(|t| (std::cmp::Reverse(t.won()), t.lost(), t.faction));
    out
}

/// A faction's running record, oldest battle first: `(time, wins − losses so far)`.
pub fn running_record(entries: &[HistoryEntry], faction: u64) -> Vec<(i64, i32)> {
    let mut mine: Vec<&HistoryEntry> = entries
        .iter()
        .filter(|e| e.attacker == faction || e.defender == faction)
        .collect();
    mine.sort_by_key(|e| (e.timestamp, e.id));
    let mut net = 0;
    mine.into_iter()
        .map(|e| {
            let won = attacker_won(e) == (e.attacker == faction);
            net += if won { 1 } else { -1 };
            (e.timestamp, net)
        })
        .collect()
}

/// One CSV field: quoted when it must be, and a leading `= + - @` defused so a spreadsheet never
/// runs a faction's name as a formula.
fn csv_field(s: &str) -> String {
    let s = if s.starts_with(['=', '+', '-', '@']) {
        format!("'{s}")
    } else {
        s.to_string()
    };
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s
    }
}

/// The rows as CSV with a header, names looked up by `name`.
pub fn to_csv(entries: &[HistoryEntry], name: impl Fn(u64) -> String) -> String {
    let mut out = String::from(
        "id,fought_at_utc,system,attacker_id,attacker,defender_id,defender,winner\r\n",
    );
    for e in entries {
        let fields = [
            e.id.to_string(),
            utc(e.timestamp),
            e.system.clone(),
            e.attacker.to_string(),
            name(e.attacker),
            e.defender.to_string(),
            name(e.defender),
            e.winner.clone(),
        ];
        let row: Vec<String> = fields.iter().map(|f| csv_field(f)).collect();
        out.push_str(&row.join(","));
        out.push_str("\r\n");
    }
    out
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
        let won: u32 = t.iter().map(FactionTally::won).sum();
        let lost: u32 = t.iter().map(FactionTally::lost).sum();
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
        assert_eq!(running_record(&rows, 1), vec![(10, 1), (20, 0), (30, -1)]);
        assert!(running_record(&rows, 9).is_empty());
    }

    #[test]
    fn csv_quotes_and_defuses_names() {
        let rows = [entry(7, 0, 1, 2, "defender")];
        let csv = to_csv(&rows, |id| {
            if id == 1 {
                "Iron, \"the\" Wolves".into()
            } else {
                "=cmd()".into()
            }
        });
        let lines: Vec<&str> = csv.split("\r\n").collect();
        assert_eq!(
            lines[1],
            r#"7,1970-01-01 00:00,v2,1,"Iron, ""the"" Wolves",2,'=cmd(),defender"#
        );
        assert_eq!(lines.len(), 3, "header, one row, and the final line end");
    }
}
