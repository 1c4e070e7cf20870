//! A war machine's or a barding's advantage and cost lines (SPEC §1.4–1.5) as rows of pickers and
//! back: what a line changes, by how much, for whom and when. A row holds the text typed so far,
//! so a half-typed amount stays in its box until it is saved; reading the rows back names the row
//! and the part that does not fit (`lines[2].amount`). Pure, tested natively.

use engine::{Condition, Line, LineEffect, RecordKind, Scope, Terrain};
use serde_json::Value;

/// One line as its form row holds it.
#[derive(Clone, Debug, PartialEq)]
pub struct LineRow {
    /// The effect's serde name, or `other` for a free-text effect.
    pub effect: String,
    /// The text of an `other` effect ("vs walls").
    pub other: String,
    /// The amount as typed.
    pub amount: String,
    /// The scope's serde name.
    pub scope: String,
    /// `always`, `on_terrain` or `vs_enemy`.
    pub condition: String,
    /// The terrain of `on_terrain`, by serde name.
    pub terrain: String,
    /// The enemy of `vs_enemy`.
    pub enemy: String,
}

/// Every effect a line can have, with what the editor calls it, in the order the picker lists them:
/// the march effects, the Unit-Stats effects, then free text.
pub const EFFECTS: [(&str, &str); 15] = [
    ("march_speed", "March speed (%)"),
    ("supply_range", "Supply range (% off the distance penalty)"),
    ("holding_ground", "Holding ground (squares of Reach)"),
    ("water_crossing", "Water crossing (% off the toll)"),
    ("mountain_crossing", "Mountain crossing (% off the toll)"),
    ("forest_crossing", "Forest crossing (% off the toll)"),
    ("marsh_crossing", "Marsh crossing (% off the toll)"),
    ("attack_power", "Attack Power"),
    ("attack_range", "Attack Range"),
    ("secondary_attack", "Secondary Attack"),
    ("secondary_range", "Secondary Range"),
    ("defense_strength", "Defense Strength"),
    ("secondary_defense", "Secondary Defense"),
    ("movement", "Movement"),
    ("other", "Something else (shown, not fought with)"),
];

/// The conditions a line can carry, with their words.
pub const CONDITIONS: [(&str, &str); 3] = [
    ("always", "always"),
    ("on_terrain", "on terrain"),
    ("vs_enemy", "against an enemy"),
];

/// Whom a line of this table can be for: a machine's own or its army's, a barding's wearer's or
/// its army's (SPEC §1.4–1.5).
pub fn scopes(kind: RecordKind) -> [(&'static str, &'static str); 2] {
    match kind {
        RecordKind::Barding => [("wearer", "the wearer"), ("whole_army", "the whole army")],
        _ => [("self", "the machine"), ("whole_army", "the whole army")],
    }
}

/// A serde name of a plain (data-less) enum value.
fn name_of<T: serde::Serialize>(v: &T) -> String {
    match serde_json::to_value(v) {
        Ok(Value::String(s)) => s,
        _ => String::new(),
    }
}

/// The value a serde name reads as, if it is one.
fn from_name<T: serde::de::DeserializeOwned>(s: &str) -> Option<T> {
    serde_json::from_value(Value::String(s.to_string())).ok()
}

impl LineRow {
    /// A new row: the first effect, nothing yet, for the table's first scope, always.
    pub fn new(kind: RecordKind) -> LineRow {
        LineRow {
            effect: EFFECTS[0].0.into(),
            other: String::new(),
            amount: String::new(),
            scope: scopes(kind)[0].0.into(),
            condition: "always".into(),
            terrain: name_of(&Terrain::Plains),
            enemy: String::new(),
        }
    }

    fn of(line: &Line) -> LineRow {
        let (effect, other) = match &line.effect {
            LineEffect::Other(text) => ("other".to_string(), text.clone()),
            e => (name_of(e), String::new()),
        };
        let (condition, terrain, enemy) = match &line.condition {
            Condition::Always => ("always", name_of(&Terrain::Plains), String::new()),
            Condition::OnTerrain(t) => ("on_terrain", name_of(t), String::new()),
            Condition::VsEnemy(e) => ("vs_enemy", name_of(&Terrain::Plains), e.clone()),
        };
        LineRow {
            effect,
            other,
            amount: line.amount.to_string(),
            scope: name_of(&line.scope),
            condition: condition.into(),
            terrain,
            enemy,
        }
    }

    fn line(&self, at: &str) -> Result<Line, (String, String)> {
        let bad = |part: &str, why: &str| (format!("{at}.{part}"), why.to_string());
        let effect = match self.effect.as_str() {
            "other" if self.other.trim().is_empty() => {
                return Err(bad("effect", "say what it changes"))
            }
            "other" => LineEffect::Other(self.other.trim().to_string()),
            e => from_name(e).ok_or_else(|| bad("effect", "pick what it changes"))?,
        };
        let t = self.amount.trim();
        let amount: f64 = t
            .parse()
            .ok()
            .filter(|x: &f64| x.is_finite())
            .ok_or_else(|| bad("amount", "give its amount as a number"))?;
        let scope: Scope =
            from_name(&self.scope).ok_or_else(|| bad("scope", "pick whom it is for"))?;
        let condition = match self.condition.as_str() {
            "always" => Condition::Always,
            "on_terrain" => Condition::OnTerrain(
                from_name(&self.terrain).ok_or_else(|| bad("condition", "pick the terrain"))?,
            ),
            "vs_enemy" if self.enemy.trim().is_empty() => {
                return Err(bad("condition", "name the enemy"))
            }
            "vs_enemy" => Condition::VsEnemy(self.enemy.trim().to_string()),
            _ => return Err(bad("condition", "pick when it applies")),
        };
        Ok(Line {
            effect,
            amount,
            scope,
            condition,
        })
    }
}

/// The rows of a `lines` value; none when it holds no lines the engine reads.
pub fn rows_of(v: &Value) -> Vec<LineRow> {
    serde_json::from_value::<Vec<Line>>(v.clone())
        .map(|lines| lines.iter().map(LineRow::of).collect())
        .unwrap_or_default()
}

/// The `lines` value of the rows, or the first part (`lines[i].amount`) that does not fit.
pub fn value_of(field: &str, rows: &[LineRow]) -> Result<Value, (String, String)> {
    let lines = rows
        .iter()
        .enumerate()
        .map(|(i, r)| r.line(&format!("{field}[{i}]")))
        .collect::<Result<Vec<_>, _>>()?;
    serde_json::to_value(lines).map_err(|e| (field.to_string(), e.to_string()))
}

/// The picker's words for a terrain, by serde name.
pub fn terrains() -> impl Iterator<Item = (String, &'static str)> {
    Terrain::ALL.into_iter().map(|t| (name_of(&t), t.name()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn every_effect_name_is_one_the_engine_reads() {
        for (name, _) in EFFECTS.into_iter().filter(|(n, _)| *n != "other") {
            assert!(from_name::<LineEffect>(name).is_some(), "{name}");
        }
        for kind in [RecordKind::MachineKind, RecordKind::Barding] {
            for (name, _) in scopes(kind) {
                assert!(from_name::<Scope>(name).is_some(), "{name}");
            }
        }
    }

    #[test]
    fn lines_of_every_shape_read_back_unchanged() {
        let v = json!([
            {"effect": "march_speed", "amount": -20.0, "scope": "self", "condition": "always"},
            {"effect": "water_crossing", "amount": 50.0, "scope": "whole_army", "condition": {"on_terrain": "water"}},
            {"effect": {"other": "vs walls"}, "amount": 3.5, "scope": "self", "condition": {"vs_enemy": "castles"}},
        ]);
        let rows = rows_of(&v);
        assert_eq!(rows.len(), 3);
        assert_eq!(rows[2].other, "vs walls");
        let back: Vec<Line> = serde_json::from_value(value_of("lines", &rows).unwrap()).unwrap();
        let before: Vec<Line> = serde_json::from_value(v).unwrap();
        assert_eq!(back, before);
    }

    #[test]
    fn a_row_that_does_not_fit_names_its_part() {
        let mut r = LineRow::new(RecordKind::MachineKind);
        assert_eq!(
            value_of("lines", &[r.clone()]).unwrap_err().0,
            "lines[0].amount"
        );
        r.amount = "10".into();
        let ok = r.clone();
        r.condition = "vs_enemy".into();
        let err = value_of("lines", &[ok.clone(), r.clone()]).unwrap_err();
        assert_eq!(err.0, "lines[1].condition");
        r.condition = "always".into();
        r.effect = "other".into();
        assert_eq!(value_of("lines", &[r]).unwrap_err().0, "lines[0].effect");
        assert_eq!(value_of("lines", &[]).unwrap(), json!([]));
        let line: Vec<Line> = serde_json::from_value(value_of("lines", &[ok]).unwrap()).unwrap();
        assert_eq!(line[0].effect, LineEffect::MarchSpeed);
        assert_eq!(line[0].scope, Scope::SelfOnly);
    }
}
