//! `realm`: the engine's command line (stub).
fn main() {
    println!("{}", serde_json::to_string(&engine::demo_realm()).unwrap());
}
