//! An Armory row as form fields and back. The row is read as the JSON the engine writes, so one
//! form serves every table: numbers (blank is "none"), text, the closed vocabularies as selects, a
//! material's colours and a unique item's Bane as pickers, and anything else (a machine's lines) as
//! JSON. Reading the form back names the field a value does not fit; the engine then checks the
//! whole realm when the row is saved. Pure, tested natively.

use engine::RecordKind;
use serde_json::{json, Map, Value};

/// What one field is edited with, holding the text typed so far.
#[derive(Clone, Debug, PartialEq)]
pub enum Input {
    /// Free text.
    Text(String),
    /// A number; blank means none.
    Number(String),
    /// One of a closed vocabulary; blank means none when `optional`.
    Choice {
        /// The serde names offered.
        options: &'static [&'static str],
        /// The value picked.
        value: String,
        /// Whether none is allowed.
        optional: bool,
    },
    /// A material's colours: a colour id, and a second one for a mixed material (blank for one).
    Colours(String, String),
    /// A unique item's Bane: `faction:ID`, `alignment:NAME` or blank for none, and its percent.
    Bane(String, String),
    /// Anything else, as JSON text.
    Json(String),
}

/// The closed vocabularies a field of a table is read as.
fn choices(kind: RecordKind, field: &str) -> Option<(&'static [&'static str], bool)> {
    const ATTACK: &[&str] = &["melee", "ranged"];
    Some(match (kind, field) {
        (RecordKind::Weapon, "category") => (ATTACK, false),
        (RecordKind::Weapon, "damage_type") => (&["piercing", "blunt", "slashing", "magic"], false),
        (RecordKind::Armor, "defense_type") => (&["heavy", "medium", "light"], false),
        (RecordKind::MovementType, "category") => (&["foot", "mounted", "flying"], false),
        (RecordKind::UniqueItem, "slot") => (
            &[
                "weapon",
                "offhand",
                "armor",
                "headwear",
                "backpiece",
                "legwear",
            ],
            false,
        ),
        (RecordKind::UniqueItem, "attack_type") => (ATTACK, true),
        (RecordKind::Barding, "kind") => (&["barding", "saddle"], false),
        _ => return None,
    })
}

/// A JSON number as the text of its input; anything else (none) is blank.
fn number_text(v: &Value) -> String {
    match v {
        Value::Number(n) => n.to_string(),
        _ => String::new(),
    }
}

/// The form fields of a row, in the row's own field order, without its id.
pub fn fields(kind: RecordKind, row: &Value) -> Vec<(String, Input)> {
    let Some(obj) = row.as_object() else {
        return vec![];
    };
    obj.iter()
        .filter(|(k, _)| k.as_str() != "id")
        .map(|(k, v)| (k.clone(), input_for(kind, k, v)))
        .collect()
}

fn input_for(kind: RecordKind, field: &str, v: &Value) -> Input {
    if let Some((options, optional)) = choices(kind, field) {
        let value = v.as_str().unwrap_or("").to_string();
        return Input::Choice {
            options,
            value,
            optional,
        };
    }
    match (kind, field, v) {
        (RecordKind::Material, "colours", _) => {
            let id = |x: &Value| x.as_u64().map(|n| n.to_string()).unwrap_or_default();
            if let Some(a) = v.get("single") {
                Input::Colours(id(a), String::new())
            } else if let Some(pair) = v.get("mixed") {
                Input::Colours(id(&pair[0]), id(&pair[1]))
            } else {
                Input::Colours(String::new(), String::new())
            }
        }
        (RecordKind::UniqueItem, "bane", _) => {
            let target = match v.get("target") {
                Some(t) if t.get("faction").is_some() => format!("faction:{}", t["faction"]),
                Some(t) => match t.get("alignment").and_then(Value::as_str) {
                    Some(a) => format!("alignment:{a}"),
                    None => String::new(),
                },
                None => String::new(),
            };
            let pct = v.get("amount_pct").map(number_text).unwrap_or_default();
            Input::Bane(target, pct)
        }
        (_, _, Value::String(s)) => Input::Text(s.clone()),
        (_, _, Value::Number(_) | Value::Null) => Input::Number(number_text(v)),
        _ => Input::Json(v.to_string()),
    }
}

/// A refused value: the field and why.
pub type Bad = (String, String);

fn number(field: &str, text: &str) -> Result<Value, Bad> {
    let t = text.trim();
    if t.is_empty() {
        return Ok(Value::Null);
    }
    let x: f64 = t
        .parse()
        .map_err(|_| (field.to_string(), format!("{t:?} is not a number")))?;
    if !x.is_finite() {
        return Err((field.to_string(), format!("{t} is not a finite number")));
    }
    // Whole numbers are written as integers, so counts (crew sizes) read back as integers.
    Ok(if x.fract() == 0.0 && x.abs() < 9e15 {
        json!(x as i64)
    } else {
        json!(x)
    })
}

fn colour_id(field: &str, text: &str) -> Result<u64, Bad> {
    text.trim()
        .parse()
        .map_err(|_| (field.to_string(), "pick a colour".to_string()))
}

/// The row the form holds, as JSON for the store, or the first field whose value does not fit.
pub fn build(id: u64, fields: &[(String, Input)]) -> Result<Value, Bad> {
    let mut obj = Map::new();
    obj.insert("id".into(), json!(id));
    for (name, input) in fields {
        let v = match input {
            Input::Text(s) => json!(s),
            Input::Number(s) => number(name, s)?,
            Input::Choice {
                value, optional, ..
            } => match (value.is_empty(), optional) {
                (true, true) => Value::Null,
                (true, false) => return Err((name.clone(), "pick one".into())),
                _ => json!(value),
            },
            Input::Colours(a, b) => {
                let a = colour_id(name, a)?;
                if b.trim().is_empty() {
                    json!({ "single": a })
                } else {
                    json!({ "mixed": [a, colour_id(name, b)?] })
                }
            }
            Input::Bane(target, pct) => bane(name, target, pct)?,
            Input::Json(text) => serde_json::from_str(text)
                .map_err(|e| (name.clone(), format!("not valid JSON: {e}")))?,
        };
        obj.insert(name.clone(), v);
    }
    Ok(Value::Object(obj))
}

fn bane(field: &str, target: &str, pct: &str) -> Result<Value, Bad> {
    let target = match target.split_once(':') {
        None => return Ok(Value::Null),
        Some(("faction", id)) => {
            json!({ "faction": id.parse::<u64>().map_err(|_| (format!("{field}.target"), "pick a faction".to_string()))? })
        }
        Some(("alignment", a)) => json!({ "alignment": a }),
        Some(_) => {
            return Err((
                format!("{field}.target"),
                "pick a faction or an alignment".into(),
            ))
        }
    };
    let amount = number(&format!("{field}.amount_pct"), pct)?;
    if amount.is_null() {
        return Err((
            format!("{field}.amount_pct"),
            "a Bane needs its percent".into(),
        ));
    }
    Ok(json!({ "target": target, "amount_pct": amount }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::editor_page::armory::tables::{rows, TABLES};
    use engine::demo_realm;

    #[test]
    fn every_row_of_every_demo_table_reads_back_unchanged() {
        let r = demo_realm();
        for (kind, label) in TABLES {
            for row in rows(&r, kind) {
                let id = row["id"].as_u64().unwrap();
                let back = build(id, &fields(kind, &row)).unwrap();
                // What the form writes the server's strict reader takes: no key it does not know.
                let read = engine::Realm::from_record_strict(kind, id, back.clone());
                assert!(read.is_ok(), "{label} row {id}: {read:?}");
                // Numbers may come back as integers (3 for 3.0): compare as the engine reads them.
                let same = match kind {
                    RecordKind::Material => cmp::<engine::Material>(&row, &back),
                    RecordKind::Weapon => cmp::<engine::Weapon>(&row, &back),
                    RecordKind::Armor => cmp::<engine::Armor>(&row, &back),
                    RecordKind::UniqueItem => cmp::<engine::UniqueItem>(&row, &back),
                    RecordKind::MachineKind => cmp::<engine::MachineKind>(&row, &back),
                    RecordKind::Species => cmp::<engine::Species>(&row, &back),
                    _ => cmp::<Value>(&row, &back) || numbers_equal(&row, &back),
                };
                assert!(same, "{label} row {id}: {row} became {back}");
            }
        }
    }

    fn cmp<T: serde::de::DeserializeOwned + PartialEq>(a: &Value, b: &Value) -> bool {
        let a: T = serde_json::from_value(a.clone()).unwrap();
        let b: T = serde_json::from_value(b.clone()).unwrap();
        a == b
    }

    fn numbers_equal(a: &Value, b: &Value) -> bool {
        match (a, b) {
            (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
            (Value::Object(x), Value::Object(y)) => {
                x.len() == y.len()
                    && x.iter()
                        .all(|(k, v)| y.get(k).is_some_and(|w| numbers_equal(v, w)))
            }
            (Value::Array(x), Value::Array(y)) => {
                x.len() == y.len() && x.iter().zip(y).all(|(v, w)| numbers_equal(v, w))
            }
            _ => a == b,
        }
    }

    #[test]
    fn a_value_that_does_not_fit_names_its_field() {
        let f = vec![
            ("name".to_string(), Input::Text("Steel".into())),
            ("stat_impact_pct".to_string(), Input::Number("lots".into())),
        ];
        assert_eq!(build(1, &f).unwrap_err().0, "stat_impact_pct");
        let f = vec![("lines".to_string(), Input::Json("[".into()))];
        assert_eq!(build(1, &f).unwrap_err().0, "lines");
        let f = vec![(
            "bane".to_string(),
            Input::Bane("faction:4".into(), "".into()),
        )];
        assert_eq!(build(1, &f).unwrap_err().0, "bane.amount_pct");
    }

    #[test]
    fn colours_and_banes_are_written_as_the_engine_reads_them() {
        let f = vec![
            ("colours".to_string(), Input::Colours("3".into(), "".into())),
            (
                "bane".to_string(),
                Input::Bane("alignment:noble".into(), "20".into()),
            ),
        ];
        let v = build(9, &f).unwrap();
        assert_eq!(v["colours"], json!({"single": 3}));
        assert_eq!(
            v["bane"],
            json!({"target": {"alignment": "noble"}, "amount_pct": 20})
        );
        let f = vec![
            (
                "colours".to_string(),
                Input::Colours("3".into(), "5".into()),
            ),
            (
                "bane".to_string(),
                Input::Bane("faction:12".into(), "7.5".into()),
            ),
        ];
        let v = build(9, &f).unwrap();
        assert_eq!(v["colours"], json!({"mixed": [3, 5]}));
        let bane: engine::Bane = serde_json::from_value(v["bane"].clone()).unwrap();
        assert_eq!(bane.target, engine::BaneTarget::Faction(12));
        assert_eq!(bane.amount_pct, 7.5);
        assert_eq!(
            build(
                9,
                &[("bane".into(), Input::Bane(String::new(), String::new()))]
            )
            .unwrap()["bane"],
            Value::Null
        );
    }
}
