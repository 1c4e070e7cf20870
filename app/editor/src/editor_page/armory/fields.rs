//! An Armory row as form fields and back. The row is read as the JSON the engine writes, so one
//! form serves every table: numbers (blank is "none"), text, the closed vocabularies as selects, a
//! material's colours, a unique item's Bane and "Built from", a species' movement type and a
//! machine's or barding's lines as pickers. No field is typed as JSON or as a raw id. Reading the
//! form back names the field a value does not fit; the engine then checks the whole realm when the
//! row is saved. Pure, tested natively.

use super::lines::{rows_of, value_of, LineRow};
use engine::{ArmoryTable, RecordKind};
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
    /// A row of another table, by id (blank for none).
    Reference {
        /// The table it names a row of.
        table: RecordKind,
        /// The row's id, or blank.
        value: String,
    },
    /// A unique item's "Built from": the item table (blank for none), the row and the material.
    BuiltFrom {
        /// The table's serde name, or blank.
        table: String,
        /// The row's id.
        row: String,
        /// The material's id.
        material: String,
    },
    /// A machine's or barding's advantage and cost lines.
    Lines(Vec<LineRow>),
}

/// The Armory tables a unique item can be built from, by serde name, with their record kinds.
pub const BUILT_FROM: [(&str, RecordKind); 6] = [
    ("weapon", RecordKind::Weapon),
    ("armor", RecordKind::Armor),
    ("headwear", RecordKind::Headwear),
    ("backpiece", RecordKind::Backpiece),
    ("legwear", RecordKind::Legwear),
    ("shield", RecordKind::Shield),
];

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

/// The form fields of a row without its id: its name first, then the rest in the row's own
/// field order.
pub fn fields(kind: RecordKind, row: &Value) -> Vec<(String, Input)> {
    let Some(obj) = row.as_object() else {
        return vec![];
    };
    let mut out: Vec<(String, Input)> = obj
        .iter()
        .filter(|(k, _)| k.as_str() != "id")
        .map(|(k, v)| (k.clone(), input_for(kind, k, v)))
        .collect();
    // A stable sort: only the name moves.
    out.sort_by_key(|(k, _)| k != "name");
    out
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
        (RecordKind::Species, "movement_type", _) => Input::Reference {
            table: RecordKind::MovementType,
            value: v.as_u64().map(|n| n.to_string()).unwrap_or_default(),
        },
        (RecordKind::UniqueItem, "built_from", _) => {
            let part = |k: &str| v.get(k).map(number_text).unwrap_or_default();
            Input::BuiltFrom {
                table: v["table"].as_str().unwrap_or_default().to_string(),
                row: part("row"),
                material: part("material"),
            }
        }
        (_, "lines", _) => Input::Lines(rows_of(v)),
        (_, _, Value::String(s)) => Input::Text(s.clone()),
        _ => Input::Number(number_text(v)),
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
            Input::Reference { value, .. } if value.trim().is_empty() => Value::Null,
            Input::Reference { value, .. } => json!(id_in(name, value, "pick one")?),
            Input::BuiltFrom {
                table,
                row,
                material,
            } => built_from(name, table, row, material)?,
            Input::Lines(rows) => value_of(name, rows)?,
        };
        obj.insert(name.clone(), v);
    }
    Ok(Value::Object(obj))
}

fn id_in(field: &str, text: &str, why: &str) -> Result<u64, Bad> {
    text.trim()
        .parse()
        .map_err(|_| (field.to_string(), why.to_string()))
}

fn built_from(field: &str, table: &str, row: &str, material: &str) -> Result<Value, Bad> {
    if table.is_empty() {
        return Ok(Value::Null);
    }
    let table: ArmoryTable = serde_json::from_value(json!(table))
        .map_err(|_| (format!("{field}.table"), "pick a table".to_string()))?;
    let row = id_in(&format!("{field}.row"), row, "pick the item")?;
    let material = id_in(&format!("{field}.material"), material, "pick the material")?;
    Ok(json!({ "table": table, "row": row, "material": material }))
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
        let f = vec![(
            "built_from".to_string(),
            Input::BuiltFrom {
                table: "weapon".into(),
                row: "3".into(),
                material: String::new(),
            },
        )];
        assert_eq!(build(1, &f).unwrap_err().0, "built_from.material");
        let f = vec![(
            "bane".to_string(),
            Input::Bane("faction:4".into(), "".into()),
        )];
        assert_eq!(build(1, &f).unwrap_err().0, "bane.amount_pct");
    }

    #[test]
    fn no_field_of_any_demo_table_is_left_as_json_or_a_bare_id() {
        let r = demo_realm();
        for (kind, label) in TABLES {
            for row in rows(&r, kind) {
                for (name, input) in fields(kind, &row) {
                    let raw = matches!(input, Input::Text(_) | Input::Number(_));
                    let is_id = name == "movement_type" || name == "built_from" || name == "lines";
                    assert!(!(raw && is_id), "{label}.{name} is typed by hand");
                }
            }
        }
        let machine = rows(&r, RecordKind::MachineKind).remove(0);
        let lines = fields(RecordKind::MachineKind, &machine)
            .into_iter()
            .find(|(n, _)| n == "lines");
        assert!(matches!(lines, Some((_, Input::Lines(ref l))) if !l.is_empty()));
    }

    #[test]
    fn built_from_is_written_as_the_engine_reads_it() {
        let f = vec![(
            "built_from".to_string(),
            Input::BuiltFrom {
                table: "shield".into(),
                row: "4".into(),
                material: "2".into(),
            },
        )];
        let v = build(1, &f).unwrap();
        let b: engine::BuiltFrom = serde_json::from_value(v["built_from"].clone()).unwrap();
        assert_eq!((b.table, b.row, b.material), (ArmoryTable::Shield, 4, 2));
        let none = Input::BuiltFrom {
            table: String::new(),
            row: "4".into(),
            material: String::new(),
        };
        assert_eq!(
            build(1, &[("built_from".into(), none)]).unwrap()["built_from"],
            Value::Null
        );
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
