//! The JSON Schema of the realm document, generated from the types (feature `schema`).

use crate::Realm;

/// The realm document's JSON Schema, pretty-printed with a trailing newline (the committed file's form).
pub fn realm_schema() -> String {
    let schema = schemars::schema_for!(Realm);
    let mut s = serde_json::to_string_pretty(&schema).expect("a schema serialises");
    s.push('\n');
    s
}
