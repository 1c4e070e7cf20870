//! The realm-document parser against hostile documents: the demo realm cut short, with bytes
//! flipped, with a leaf swapped for a value of another type, or nested absurdly deep. Whatever
//! arrives, `load_realm` returns — it never panics — and what it returns is either a document
//! that validates or an error whose field is a path into the document (or the root).

use engine::{demo_realm, load_realm};
use proptest::prelude::*;
use std::sync::OnceLock;

/// The demo realm as JSON text and as a value, made once for every case.
fn demo() -> &'static (String, serde_json::Value) {
    static DEMO: OnceLock<(String, serde_json::Value)> = OnceLock::new();
    DEMO.get_or_init(|| {
        let value = serde_json::to_value(demo_realm()).unwrap();
        (value.to_string(), value)
    })
}

/// The demo realm's leaves, listed once.
fn demo_leaves() -> &'static [String] {
    static LEAVES: OnceLock<Vec<String>> = OnceLock::new();
    LEAVES.get_or_init(|| {
        let mut all = Vec::new();
        leaves(&demo().1, String::new(), &mut all);
        all
    })
}

/// Every leaf's JSON pointer.
fn leaves(v: &serde_json::Value, at: String, out: &mut Vec<String>) {
    match v {
        serde_json::Value::Object(m) => m
            .iter()
            .for_each(|(k, v)| leaves(v, format!("{at}/{k}"), out)),
        serde_json::Value::Array(a) => a
            .iter()
            .enumerate()
            .for_each(|(i, v)| leaves(v, format!("{at}/{i}"), out)),
        _ => out.push(at),
    }
}

/// What a hostile document must get: a valid realm, or an error naming a path that exists in
/// the document's shape (its first segment a top-level key of the realm) or the root.
fn check(text: &str) -> Result<(), TestCaseError> {
    match load_realm(text) {
        Ok((realm, _)) => prop_assert!(realm.validate().is_ok()),
        Err(e) => {
            prop_assert!(!e.message.is_empty());
            if !e.field.is_empty() {
                let top = e.field.split(['.', '[']).next().unwrap_or("");
                let keys = demo().1.as_object().unwrap();
                prop_assert!(
                    keys.contains_key(top),
                    "the error names {:?}, not a field of the realm",
                    e.field
                );
            }
        }
    }
    Ok(())
}

fn other_type(v: &serde_json::Value, pick: u8) -> serde_json::Value {
    use serde_json::json;
    let options = [
        json!("text"),
        json!(-1),
        json!(1e300),
        json!(true),
        json!(null),
        json!([]),
        json!({}),
        json!("<script>alert(1)</script>"),
    ];
    let candidate = options[pick as usize % options.len()].clone();
    if std::mem::discriminant(&candidate) == std::mem::discriminant(v) {
        json!([candidate])
    } else {
        candidate
    }
}

proptest! {
    // Each case loads (validates and re-derives) a whole realm: a few dozen cases per form
    // keep the suite quick while still walking the document end to end over the runs.
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn a_truncated_document_is_refused_at_the_root(cut in 0usize..1_000_000) {
        let (text, _) = demo();
        let cut = cut % text.len();
        let e = load_realm(&text[..cut]).unwrap_err();
        prop_assert!(!e.message.is_empty());
        check(&text[..cut])?;
    }

    #[test]
    fn flipped_bytes_never_panic(at in proptest::collection::vec((0usize..1_000_000, any::<u8>()), 1..8)) {
        let (text, _) = demo();
        let mut bytes = text.clone().into_bytes();
        for (i, b) in at {
            let i = i % bytes.len();
            bytes[i] = b;
        }
        if let Ok(text) = String::from_utf8(bytes) {
            check(&text)?;
        }
    }

    #[test]
    fn a_leaf_of_another_type_is_named(which in any::<prop::sample::Index>(), pick in any::<u8>()) {
        let (_, value) = demo();
        let pointer = which.get(demo_leaves());
        let mut doc = value.clone();
        let leaf = doc.pointer_mut(pointer).unwrap();
        *leaf = other_type(leaf, pick);
        check(&doc.to_string())?;
    }
}

#[test]
fn deep_nesting_is_refused_without_overflowing_the_stack() {
    for text in ["[".repeat(200_000), "{\"factions\":".repeat(100_000)] {
        let e = load_realm(&text).unwrap_err();
        assert!(
            e.message.contains("recursion") || e.message.contains("EOF") || !e.message.is_empty()
        );
    }
}
