//! The numbers a photo's lightbox shows, gathered from the engine in one place so they can be
//! tested natively: each stat as typed (the species' or hand-typed base), as derived from the gear
//! (`Photo::stats`, SPEC §2.3), and after the faction's Unit-Stats buffs (§5.2), with the photo's
//! Power (§3.1). Nothing here computes a rule: it reads `engine::post_buff_stats` and
//! `engine::photo_power`, the numbers `realm power` prints.

use engine::{Photo, Realm, Stats};

/// One row of the stats table.
#[derive(Clone, Debug, PartialEq)]
pub struct StatLine {
    /// What the row is called on screen.
    pub label: &'static str,
    /// A stable name for tests and styling (`attack_power`).
    pub key: &'static str,
    /// The typed base number, where the stat has one.
    pub base: Option<f64>,
    /// Species and gear: the derived stat.
    pub raw: Option<f64>,
    /// After the faction's buffs.
    pub buffed: Option<f64>,
}

/// Everything the lightbox's numbers need.
#[derive(Clone, Debug, PartialEq)]
pub struct Sheet {
    /// The stats, in the order of the bracket (SPEC §3.1).
    pub lines: Vec<StatLine>,
    /// Health (never buffed).
    pub health: Option<f64>,
    /// The photo's Power.
    pub power: f64,
}

/// The sheet of `p` in realm `r`.
pub fn sheet(r: &Realm, p: &Photo) -> Sheet {
    let raw = p.stats;
    let buffed = engine::post_buff_stats(r, p);
    let line = |label, key, base, get: fn(&Stats) -> Option<f64>| StatLine {
        label,
        key,
        base,
        raw: get(&raw),
        buffed: get(&buffed),
    };
    let lines = vec![
        line("Attack", "attack_power", p.base_attack, |s| s.attack_power),
        line("Range", "attack_range", p.base_range, |s| s.attack_range),
        line("Secondary Attack", "secondary_attack", None, |s| {
            s.secondary_attack
        }),
        line("Secondary Range", "secondary_range", None, |s| {
            s.secondary_range
        }),
        line("Defense", "defense_strength", p.base_defense, |s| {
            s.defense_strength
        }),
        line("Shield", "secondary_defense", None, |s| s.secondary_defense),
        line("Headwear", "headwear_def", None, |s| s.headwear_def),
        line("Backpiece", "backpiece_def", None, |s| s.backpiece_def),
        line("Legwear", "legwear_def", None, |s| s.legwear_def),
        line("Movement", "movement", p.base_movement, |s| s.movement),
    ];
    Sheet {
        lines,
        health: p.health,
        power: engine::photo_power(r, p),
    }
}

/// A number as the sheet prints it: blank as a dash, at most two decimals, no trailing zeros.
pub fn show(v: Option<f64>) -> String {
    match v {
        None => "—".to_string(),
        Some(x) => {
            let s = format!("{x:.2}");
            let s = s.trim_end_matches('0').trim_end_matches('.');
            if s == "-0" {
                "0".to_string()
            } else {
                s.to_string()
            }
        }
    }
}

/// A typed number: blank is `None`, anything else must read as a finite number.
pub fn parse_number(text: &str) -> Result<Option<f64>, String> {
    let t = text.trim();
    if t.is_empty() {
        return Ok(None);
    }
    match t.parse::<f64>() {
        Ok(v) if v.is_finite() => Ok(Some(v)),
        _ => Err(format!("{t:?} is not a number")),
    }
}

/// A number as a form field holds it (blank for none).
pub fn field_text(v: Option<f64>) -> String {
    v.map(|x| x.to_string()).unwrap_or_default()
}

/// The `order` for a record added after `orders`: one past the largest, or 0.
pub fn next_order(orders: impl Iterator<Item = i64>) -> i64 {
    orders.max().map_or(0, |m| m.saturating_add(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sheet_is_what_realm_power_prints() {
        let r = engine::demo_realm();
        let all = engine::realm_power(&r);
        for (p, want) in r.photos.iter().zip(&all.photos) {
            let s = sheet(&r, p);
            assert_eq!(s.power, want.power, "{}", p.name);
            let attack = s.lines.iter().find(|l| l.key == "attack_power").unwrap();
            assert_eq!(attack.raw, want.raw.attack_power);
            assert_eq!(attack.buffed, want.buffed.attack_power);
            let mv = s.lines.iter().find(|l| l.key == "movement").unwrap();
            assert_eq!(mv.buffed, want.buffed.movement);
        }
    }

    #[test]
    fn numbers_read_and_print_as_typed() {
        assert_eq!(parse_number(" 12.5 "), Ok(Some(12.5)));
        assert_eq!(parse_number(""), Ok(None));
        assert!(parse_number("ten").unwrap_err().contains("not a number"));
        assert!(parse_number("inf").is_err());
        assert_eq!(show(None), "—");
        assert_eq!(show(Some(3.0)), "3");
        assert_eq!(show(Some(3.456)), "3.46");
        assert_eq!(show(Some(-0.001)), "0");
        assert_eq!(field_text(Some(1.25)), "1.25");
        assert_eq!(next_order([3, -1, 7].into_iter()), 8);
        assert_eq!(next_order(std::iter::empty()), 0);
    }
}
