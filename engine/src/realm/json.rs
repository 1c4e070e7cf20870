//! The one JSON boundary: how anything that arrives from outside becomes an engine type.
//!
//! Two readers, for two kinds of sender (STYLE §5):
//! - **Strict** ([`from_str`], [`from_slice`], [`from_value`]): for what a visitor, an editor or a
//!   file sends. The first field that does not fit is named by its path (`factions[3].name`), and
//!   a key the type does not know is refused, named the same way, rather than dropped in silence.
//! - **Tolerant** (`Realm::from_records`, serde_json itself): for what the reader's own server
//!   sent back. A newer server may add fields an older app has never heard of.
//!
//! The realm's types cannot refuse unknown keys themselves (`deny_unknown_fields`) because the
//! tolerant reader needs them not to, so strictness is the reader's: `serde_ignored` reports every
//! key a type skipped, with its path, and `serde_path_to_error` names where a value went wrong.
//! Both see every struct read straight from the JSON; a type that buffers its input first
//! (`#[serde(flatten)]`, untagged or internally tagged enums) would hide its keys from them, so
//! the realm's types have none (a saved line-up reads through `LabSetupRow`), and the further
//! systems' inputs, which do, refuse unknown keys themselves.

use crate::realm::value_reader;
use crate::DocError;
use serde::de::{DeserializeOwned, Deserializer};
use serde_json::Value;

/// Reads `text` as a `T`, strictly (see the module docs).
pub fn from_str<T: DeserializeOwned>(text: &str) -> Result<T, DocError> {
    from_slice(text.as_bytes())
}

/// Reads `bytes` as a `T`, strictly. Bytes that are not UTF-8 are an error at the root.
pub fn from_slice<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, DocError> {
    let mut de = serde_json::Deserializer::from_slice(bytes);
    let value = read(&mut de)?;
    de.end().map_err(|e| DocError::new("", e.to_string()))?;
    Ok(value)
}

/// Reads `text` as a `T` whose structs refuse unknown fields themselves
/// (`#[serde(deny_unknown_fields)]`, as every further system's input does), naming the path of
/// the first field that does not fit. The same strictness as [`from_str`] without its second
/// layer, which would only add a copy of every such type's parser to the wasm.
pub(crate) fn from_str_denying<T: DeserializeOwned>(text: &str) -> Result<T, DocError> {
    let mut de = serde_json::Deserializer::from_str(text);
    let value = serde_path_to_error::deserialize(&mut de).map_err(path_error)?;
    de.end().map_err(|e| DocError::new("", e.to_string()))?;
    Ok(value)
}

/// Reads an already parsed value (a record body inside a request) as a `T`, strictly, structs
/// as objects only (`value_reader`).
pub fn from_value<T: DeserializeOwned>(value: Value) -> Result<T, DocError> {
    read(value_reader::Reader(value))
}

/// Both checks over any deserializer: a value that does not fit first, then the first key
/// skipped. The error's field is the path from the value read (empty for the value itself).
fn read<'de, D, T>(de: D) -> Result<T, DocError>
where
    D: Deserializer<'de>,
    D::Error: std::fmt::Display,
    T: DeserializeOwned,
{
    let mut skipped: Option<String> = None;
    let mut note = |path: serde_ignored::Path<'_>| {
        skipped.get_or_insert_with(|| path_text(&path));
    };
    let ignored = serde_ignored::Deserializer::new(de, &mut note);
    let value: T = serde_path_to_error::deserialize(ignored).map_err(path_error)?;
    match skipped {
        Some(field) => Err(DocError::new(field, "unknown field")),
        None => Ok(value),
    }
}

/// A value that did not fit, named by its path.
fn path_error<E: std::fmt::Display>(e: serde_path_to_error::Error<E>) -> DocError {
    let path = e.path().to_string();
    // The crate prints "." for the root and "?" where no key was read yet (truncated JSON).
    let field = match path.as_str() {
        "." | "?" => String::new(),
        _ => path,
    };
    DocError::new(field, e.into_inner().to_string())
}

/// A skipped key's path in the form `serde_path_to_error` and `DocError` use:
/// `factions[3].marker.colour`. Options and newtypes add nothing, and neither does an enum
/// variant's name (`serde_ignored` does not report it): a key inside `{"grudge": {…}}` under
/// `effect` is named `effect.key`, which still leads a form to the right input.
fn path_text(path: &serde_ignored::Path<'_>) -> String {
    use serde_ignored::Path;
    match path {
        Path::Root => String::new(),
        Path::Seq { parent, index } => format!("{}[{index}]", path_text(parent)),
        Path::Map { parent, key } => {
            let above = path_text(parent);
            if above.is_empty() {
                key.clone()
            } else {
                format!("{above}.{key}")
            }
        }
        Path::Some { parent }
        | Path::NewtypeStruct { parent }
        | Path::NewtypeVariant { parent } => path_text(parent),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{demo_realm, Realm};
    use serde_json::json;

    #[test]
    fn a_bad_value_and_an_unknown_key_are_named_by_their_path() {
        let mut doc = serde_json::to_value(demo_realm()).unwrap();
        doc["factions"][3]["name"] = json!(3);
        let e = from_str::<Realm>(&doc.to_string()).unwrap_err();
        assert_eq!(e.field, "factions[3].name");
        assert!(e.message.contains("expected a string"), "{e}");

        let mut doc = serde_json::to_value(demo_realm()).unwrap();
        doc["factions"][3]["marker"]["glitter"] = json!(true);
        let e = from_str::<Realm>(&doc.to_string()).unwrap_err();
        assert_eq!(
            e,
            DocError::new("factions[3].marker.glitter", "unknown field")
        );
        doc["sparkle"] = json!(1);
        assert_eq!(
            from_str::<Realm>(&doc.to_string()).unwrap_err().field,
            "factions[3].marker.glitter"
        );
    }

    #[test]
    fn unknown_keys_are_found_at_every_level_of_every_record() {
        let demo = demo_realm();
        for record in demo.to_records() {
            let mut objects = Vec::new();
            collect_objects(&record.body, "", &mut objects);
            for at in objects {
                let mut body = record.body.clone();
                let target = if at.is_empty() {
                    Some(&mut body)
                } else {
                    body.pointer_mut(&at)
                };
                let Some(Value::Object(m)) = target else {
                    unreachable!()
                };
                m.insert("zz_unknown".into(), json!(1));
                let e = Realm::from_record_strict(record.kind, record.id, body)
                    .expect_err(&format!("{:?} {} at {at:?}", record.kind, record.id));
                // Named as an unknown key (inside an enum's variant the path leaves the variant's
                // name out), or, for an enum written as a one-key object, as a value that is no
                // longer one of the enum's.
                let object = field_of(&at);
                assert!(
                    (e.field.ends_with("zz_unknown") && e.message == "unknown field")
                        || e.field == object,
                    "{:?} at {at:?}: {e}",
                    record.kind
                );
            }
        }
    }

    /// A JSON pointer (`/gear/2/colour`) as a field path (`gear[2].colour`).
    fn field_of(pointer: &str) -> String {
        let mut out = String::new();
        for part in pointer.split('/').skip(1) {
            if part.parse::<usize>().is_ok() {
                out.push_str(&format!("[{part}]"));
            } else {
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(part);
            }
        }
        out
    }

    /// Every object inside `v`, as JSON pointers, except the further systems' own inputs inside
    /// a line-up's body (those refuse unknown keys themselves, with serde's own message).
    fn collect_objects(v: &Value, at: &str, out: &mut Vec<String>) {
        match v {
            Value::Object(m) => {
                out.push(at.to_string());
                for (k, x) in m {
                    if k != "body" {
                        collect_objects(x, &format!("{at}/{k}"), out);
                    }
                }
            }
            Value::Array(items) => {
                for (i, x) in items.iter().enumerate() {
                    collect_objects(x, &format!("{at}/{i}"), out);
                }
            }
            _ => {}
        }
    }

    #[test]
    fn the_root_and_trailing_text_are_errors_at_the_root() {
        assert_eq!(from_str::<Realm>("{").unwrap_err().field, "");
        assert_eq!(from_str::<u32>("3 x").unwrap_err().field, "");
        assert_eq!(from_slice::<String>(b"\"\xff\"").unwrap_err().field, "");
        assert_eq!(from_value::<u32>(json!(3)).unwrap(), 3);
    }
}
