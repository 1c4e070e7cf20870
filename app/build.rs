//! Compiles `bundles.json` into the app as Rust: the map bundle then carries no JSON parser for
//! it (about 10 KB of wasm before wasm-opt). The table is checked here by the same rules the
//! server applies (the engine's `wire/bundles.rs`, included by path), so a broken table fails
//! the build instead of shipping.

use std::fmt::Write as _;

#[path = "../engine/src/wire/bundles.rs"]
#[allow(dead_code)]
mod bundles;

fn main() {
    println!("cargo:rerun-if-changed=bundles.json");
    println!("cargo:rerun-if-changed=../engine/src/wire/bundles.rs");
    let json = std::fs::read_to_string("bundles.json").expect("app/bundles.json is readable");
    let table = bundles::Bundles::parse(&json).unwrap_or_else(|e| panic!("{e}"));
    // `{:?}` of a string is a Rust string literal with everything escaped.
    let mut code = String::from("Bundles { bundles: vec![\n");
    for b in &table.bundles {
        let routes: Vec<String> = b.routes.iter().map(|r| format!("{r:?}.into()")).collect();
        let _ = writeln!(
            code,
            "    Bundle {{ name: {:?}.into(), html: {:?}.into(), base: {:?}.into(), routes: vec![{}] }},",
            b.name,
            b.html,
            b.base,
            routes.join(", ")
        );
    }
    code.push_str("] }\n");
    let out = std::path::Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"))
        .join("bundles_table.rs");
    std::fs::write(out, code).expect("OUT_DIR is writable");
}
