//! One fixed battle for the wasm build, so its record can be compared byte for byte with the native
//! one (SPEC §0.1): the demo realm's Kingdom of Aldermere (1) attacks the Dominion of Morgrath (9)
//! under Version 2 with seed 2024. `tests/wasm/same_record.mjs` loads the module and compares.
//!
//! Build: `cargo rustc -p engine --lib --release --target wasm32-unknown-unknown --features
//! fixed-battle --crate-type cdylib`; natively, `fixed_record_json()` gives the same text.
//!
//! Exports plain C functions (no wasm-bindgen): `fixed_record()` fights and returns the JSON's
//! length; `record_ptr()` gives where it lies in linear memory.

use std::sync::OnceLock;

static RECORD: OnceLock<String> = OnceLock::new();

/// The fixed battle's record as JSON, fought once.
pub fn fixed_record_json() -> &'static str {
    RECORD.get_or_init(|| {
        let realm = crate::demo_realm();
        let rec = crate::fight(&realm, 1, 9, crate::BattleSystem::V2, 2024)
            .expect("the demo's houses 1 and 9 may fight");
        serde_json::to_string(&rec).expect("a record serialises")
    })
}

/// Fights the fixed battle (once) and returns the length of its record's JSON.
#[no_mangle]
pub extern "C" fn fixed_record() -> usize {
    fixed_record_json().len()
}

/// Where the record's JSON starts in memory.
#[no_mangle]
pub extern "C" fn record_ptr() -> *const u8 {
    fixed_record_json().as_ptr()
}
