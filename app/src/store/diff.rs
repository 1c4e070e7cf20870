//! The side-by-side view of a conflict: which fields of a record differ between my version and
//! the server's, each printed the way a person reads it.

use serde_json::Value;

/// One field that differs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldDiff {
    /// The field's name (`name`, `marker`); empty when the record is not an object.
    pub field: String,
    /// My value, printed; `—` when I have none (deleted, or the field is absent).
    pub mine: String,
    /// The server's value, printed the same way.
    pub theirs: String,
}

/// The fields that differ between `mine` and `theirs` (`None`: the record is deleted on that
/// side), by field name.
pub fn differing_fields(mine: Option<&Value>, theirs: Option<&Value>) -> Vec<FieldDiff> {
    match (mine, theirs) {
        (Some(Value::Object(a)), Some(Value::Object(b))) => {
            let mut fields: Vec<&String> = a.keys().chain(b.keys()).collect();
            engine::stable_sort_by(&mut fields, |a, b| a.cmp(b));
            fields.dedup();
            fields
                .into_iter()
                .filter(|k| a.get(*k) != b.get(*k))
                .map(|k| FieldDiff {
                    field: k.clone(),
                    mine: show(a.get(k)),
                    theirs: show(b.get(k)),
                })
                .collect()
        }
        (a, b) if a == b => Vec::new(),
        (a, b) => vec![FieldDiff {
            field: String::new(),
            mine: show_record(a),
            theirs: show_record(b),
        }],
    }
}

fn show_record(v: Option<&Value>) -> String {
    match v {
        None => "deleted".to_string(),
        Some(v) => show(Some(v)),
    }
}

fn show(v: Option<&Value>) -> String {
    match v {
        None | Some(Value::Null) => "—".to_string(),
        Some(Value::String(s)) => s.clone(),
        Some(other) => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn only_the_differing_fields_are_listed_by_name() {
        let mine = json!({"id": 3, "name": "Iron Wolves", "colour": "#112233", "about": "x"});
        let theirs = json!({"id": 3, "name": "Wolves of Iron", "colour": "#112233", "marker": {"x": 1, "y": 2}});
        let d = differing_fields(Some(&mine), Some(&theirs));
        let fields: Vec<_> = d.iter().map(|f| f.field.as_str()).collect();
        assert_eq!(fields, ["about", "marker", "name"]);
        assert_eq!(d[2].mine, "Iron Wolves");
        assert_eq!(d[2].theirs, "Wolves of Iron");
        assert_eq!(d[0].theirs, "—");
        assert_eq!(d[1].mine, "—");
        assert_eq!(d[1].theirs, r#"{"x":1,"y":2}"#);
    }

    #[test]
    fn a_deleted_side_is_one_row() {
        let mine = json!({"id": 3});
        let d = differing_fields(Some(&mine), None);
        assert_eq!(d.len(), 1);
        assert_eq!(d[0].theirs, "deleted");
        assert!(differing_fields(Some(&mine), Some(&mine)).is_empty());
    }
}
