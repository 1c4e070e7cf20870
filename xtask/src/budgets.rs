//! The size budget of each bundle: `gzip -9` of its built wasm plus its JS, against the figure
//! in `app/budgets.txt`. Sizes are deterministic for a given source and toolchain, so
//! `cargo xtask test` fails on a bundle past its budget rather than reporting a trend.

use anyhow::{bail, Context};
use std::path::{Path, PathBuf};

/// Where the budgets are written.
pub const FILE: &str = "app/budgets.txt";

/// One bundle's built files and what they weigh.
#[derive(Debug, PartialEq)]
pub struct Weighed {
    /// The bundle's name (`app-<name>-<hash>` in `dist/`).
    pub bundle: String,
    /// `gzip -9` of its wasm.
    pub wasm: u64,
    /// `gzip -9` of its JS glue.
    pub js: u64,
    /// What the server sends a browser that accepts Brotli: the build's `.br` copies of the
    /// wasm and the JS, when both were made (a release build makes them).
    pub brotli: Option<u64>,
}

/// Reads `name bytes` lines; `#` starts a comment.
pub fn parse(text: &str) -> anyhow::Result<Vec<(String, u64)>> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let mut parts = line.split_whitespace();
        let (Some(name), Some(bytes), None) = (parts.next(), parts.next(), parts.next()) else {
            bail!("{FILE} line {}: want `bundle bytes`, got `{line}`", n + 1);
        };
        let bytes = bytes
            .replace('_', "")
            .parse()
            .with_context(|| format!("{FILE} line {}: `{bytes}` is not a byte count", n + 1))?;
        out.push((name.to_string(), bytes));
    }
    Ok(out)
}

/// Every bundle over its budget, or built without one, or budgeted but not built, in words.
pub fn breaches(budgets: &[(String, u64)], weighed: &[Weighed]) -> Vec<String> {
    let mut out = Vec::new();
    for w in weighed {
        match budgets.iter().find(|(name, _)| *name == w.bundle) {
            Some((_, budget)) if w.wasm + w.js > *budget => out.push(format!(
                "bundle `{}` is {} bytes gzip (wasm {} + JS {}), over its budget of {budget} in {FILE}",
                w.bundle,
                w.wasm + w.js,
                w.wasm,
                w.js
            )),
            Some(_) => {}
            None => out.push(format!("bundle `{}` has no budget in {FILE}", w.bundle)),
        }
    }
    for (name, _) in budgets {
        if !weighed.iter().any(|w| w.bundle == *name) {
            out.push(format!("{FILE} budgets `{name}`, which was not built"));
        }
    }
    out
}

/// Weighs every bundle built into `dist` (a `app-<name>-<hash>_bg.wasm` beside its
/// `app-<name>-<hash>.js`, in `dist/` or a bundle folder under it).
pub fn weigh(dist: &Path) -> anyhow::Result<Vec<Weighed>> {
    let mut out = Vec::new();
    for wasm in files(dist, "_bg.wasm")? {
        let stem = file_name(&wasm).trim_end_matches("_bg.wasm").to_string();
        let js = wasm.with_file_name(format!("{stem}.js"));
        let bundle = stem
            .strip_prefix("app-")
            .and_then(|s| s.rsplit_once('-'))
            .map(|(name, _hash)| name.to_string())
            .with_context(|| format!("{} is not named app-<bundle>-<hash>", wasm.display()))?;
        let br = |p: &Path| std::fs::metadata(format!("{}.br", p.display())).map(|m| m.len());
        out.push(Weighed {
            bundle,
            wasm: gzipped(&wasm)?,
            js: gzipped(&js)?,
            brotli: br(&wasm).and_then(|w| br(&js).map(|j| w + j)).ok(),
        });
    }
    out.sort_by(|a, b| a.bundle.cmp(&b.bundle));
    Ok(out)
}

/// Prints every bundle's weight against its budget, and fails when one breaches.
pub fn check(dist: &Path) -> anyhow::Result<()> {
    let path = crate::root().join(FILE);
    let text =
        std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    let budgets = parse(&text)?;
    let weighed = weigh(dist)?;
    eprintln!("\nbundle sizes (gzip -9, wasm + JS) against {FILE}:");
    for w in &weighed {
        let budget = budgets
            .iter()
            .find(|(n, _)| *n == w.bundle)
            .map_or_else(|| "none".to_string(), |(_, b)| b.to_string());
        let sent = w
            .brotli
            .map_or_else(String::new, |b| format!("  sent as Brotli {b}"));
        eprintln!(
            "  {:<8} {:>9} bytes (wasm {:>9}, JS {:>6})  budget {budget}{sent}",
            w.bundle,
            w.wasm + w.js,
            w.wasm,
            w.js
        );
    }
    let breaches = breaches(&budgets, &weighed);
    if !breaches.is_empty() {
        bail!("size budgets:\n  {}", breaches.join("\n  "));
    }
    Ok(())
}

fn file_name(path: &Path) -> &str {
    path.file_name().and_then(|n| n.to_str()).unwrap_or("")
}

/// Files under `dir` (recursively) whose names end with `suffix`, sorted.
fn files(dir: &Path, suffix: &str) -> anyhow::Result<Vec<PathBuf>> {
    let mut found = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in
            std::fs::read_dir(&dir).with_context(|| format!("reading {}", dir.display()))?
        {
            let path = entry?.path();
            if path.is_dir() {
                dirs.push(path);
            } else if file_name(&path).ends_with(suffix) {
                found.push(path);
            }
        }
    }
    found.sort();
    Ok(found)
}

/// `gzip -9` size of a file, by the system's gzip (the figure the budgets are in).
fn gzipped(path: &Path) -> anyhow::Result<u64> {
    let out = std::process::Command::new("gzip")
        .arg("-9c")
        .arg(path)
        .output()
        .with_context(|| format!("running gzip on {}", path.display()))?;
    if !out.status.success() {
        bail!("gzip -9c {} failed ({})", path.display(), out.status);
    }
    Ok(out.stdout.len() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(bundle: &str, wasm: u64, js: u64) -> Weighed {
        Weighed {
            bundle: bundle.into(),
            wasm,
            js,
            brotli: None,
        }
    }

    #[test]
    fn the_budgets_file_reads_and_names_a_bad_line() {
        let text = "# comment\nmap 450_000  # the map\n\npages 1300000\n";
        assert_eq!(
            parse(text).unwrap(),
            vec![("map".into(), 450_000), ("pages".into(), 1_300_000)]
        );
        let e = parse("map\n").unwrap_err().to_string();
        assert!(e.contains("line 1"), "{e}");
        let e = parse("map many\n").unwrap_err().to_string();
        assert!(e.contains("`many`"), "{e}");
    }

    #[test]
    fn a_bundle_past_its_budget_or_without_one_breaches() {
        let budgets = vec![("map".to_string(), 100), ("gone".to_string(), 5)];
        let found = breaches(&budgets, &[w("map", 90, 10), w("pages", 1, 1)]);
        assert_eq!(found.len(), 2, "{found:?}");
        assert!(found[0].contains("`pages` has no budget"));
        assert!(found[1].contains("`gone`, which was not built"));
        let over = breaches(&budgets[..1], &[w("map", 91, 10)]);
        assert_eq!(over.len(), 1);
        assert!(over[0].contains("101 bytes gzip (wasm 91 + JS 10), over its budget of 100"));
    }

    #[test]
    fn the_committed_budgets_name_every_bundle_of_the_table() {
        let text = std::fs::read_to_string(crate::root().join(FILE)).unwrap();
        let names: Vec<String> = parse(&text).unwrap().into_iter().map(|(n, _)| n).collect();
        let table = std::fs::read_to_string(crate::root().join("app/bundles.json")).unwrap();
        let in_table = table.matches("\"name\":").count();
        assert_eq!(names.len(), in_table, "{names:?}");
        for n in &names {
            assert!(table.contains(&format!("\"name\": \"{n}\"")), "{n}");
        }
    }

    #[test]
    fn a_built_bundle_is_weighed_by_its_name() {
        let dir = std::env::temp_dir().join(format!("budgets-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("pages")).unwrap();
        std::fs::write(dir.join("app-map-0123abcd_bg.wasm"), vec![7u8; 5000]).unwrap();
        std::fs::write(dir.join("app-map-0123abcd.js"), "export {}").unwrap();
        std::fs::write(dir.join("pages/app-pages-9f_bg.wasm"), b"x").unwrap();
        std::fs::write(dir.join("pages/app-pages-9f.js"), b"y").unwrap();
        let weighed = weigh(&dir).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(
            weighed
                .iter()
                .map(|w| w.bundle.as_str())
                .collect::<Vec<_>>(),
            ["map", "pages"]
        );
        assert!(weighed[0].wasm > 0 && weighed[0].wasm < 5000, "compressed");
        assert!(weighed[0].js > 0);
    }
}
