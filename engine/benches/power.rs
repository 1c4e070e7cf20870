//! Placeholder while the power bench is written.
fn main() {}
