//! The value of a `--name value` flag, for the server's hand-run tools (`bench`, `fixture`).

/// The word after `name` in `args`, or `default` when the flag is absent.
pub fn value(args: &[String], name: &str, default: &str) -> String {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .cloned()
        .unwrap_or_else(|| default.to_string())
}
