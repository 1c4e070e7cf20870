//! The committed JSON Schema (`engine/schema/realm.schema.json`) must match the types.

use std::path::Path;

#[test]
fn committed_schema_is_current() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("schema/realm.schema.json");
    let fresh = engine::realm_schema();
    if std::env::var_os("UPDATE_SCHEMA").is_some() {
        std::fs::write(&path, &fresh).expect("write the schema");
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == fresh,
        "engine/schema/realm.schema.json is stale. Regenerate it with\n  \
         cargo run -p engine --features schema --bin realm -- schema > engine/schema/realm.schema.json\n\
         or run the tests with UPDATE_SCHEMA=1."
    );
}

#[test]
fn schema_names_every_collection() {
    let schema: serde_json::Value = serde_json::from_str(&engine::realm_schema()).unwrap();
    let props = schema["properties"]
        .as_object()
        .expect("the Realm schema has properties");
    for kind in engine::RecordKind::ALL {
        assert!(
            props.contains_key(kind.field()),
            "schema lacks {}",
            kind.field()
        );
    }
}
