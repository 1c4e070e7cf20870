//! The tidy test: the layout rules a reviewer would otherwise check by eye, run with the workspace's
//! tests (so `cargo xtask test` holds them). Every Rust source opens with a `//!` saying what it
//! holds; the engine depends on neither app nor server; in the app, imports only point down —
//! the core crate depends on no bundle crate, no bundle on another, and a page never imports
//! another page; no source file
//! passes 40 KB; ARCHITECTURE.md, the map a newcomer reads first, stays under 12 KB (the detail
//! lives in `docs/`).

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    /// The largest source file the layout allows.
    const MAX_SOURCE_BYTES: u64 = 40 * 1024;

    /// Every `.rs` file under the four crates' folders, with its path from the workspace root.
    fn sources() -> Vec<(String, String)> {
        let root = crate::root();
        let mut out = Vec::new();
        let mut dirs: Vec<PathBuf> = ["app", "server", "engine", "xtask"]
            .iter()
            .map(|d| root.join(d))
            .collect();
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(&dir).unwrap() {
                let path = entry.unwrap().path();
                let name = path.file_name().unwrap().to_string_lossy().into_owned();
                if path.is_dir() {
                    if name != "target" && name != "node_modules" && !name.starts_with('.') {
                        dirs.push(path);
                    }
                } else if name.ends_with(".rs") {
                    let rel = relative(&root, &path);
                    out.push((rel, std::fs::read_to_string(&path).unwrap()));
                }
            }
        }
        out.sort();
        out
    }

    fn relative(root: &Path, path: &Path) -> String {
        path.strip_prefix(root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/")
    }

    #[test]
    fn every_source_file_opens_with_a_module_doc() {
        let missing: Vec<String> = sources()
            .into_iter()
            .filter(|(_, text)| !text.trim_start().starts_with("//!"))
            .map(|(path, _)| path)
            .collect();
        assert!(missing.is_empty(), "no opening //! in {missing:?}");
    }

    #[test]
    fn no_source_file_is_over_40_kb() {
        let big: Vec<(String, usize)> = sources()
            .into_iter()
            .filter(|(_, text)| text.len() as u64 > MAX_SOURCE_BYTES)
            .map(|(path, text)| (path, text.len()))
            .collect();
        assert!(big.is_empty(), "split these: {big:?}");
    }

    #[test]
    fn architecture_md_stays_short() {
        let bytes = std::fs::metadata(crate::root().join("ARCHITECTURE.md"))
            .unwrap()
            .len();
        assert!(
            bytes < 12 * 1024,
            "ARCHITECTURE.md is {bytes} bytes: move detail to docs/"
        );
    }

    #[test]
    fn the_engine_depends_on_neither_app_nor_server() {
        let manifest = std::fs::read_to_string(crate::root().join("engine/Cargo.toml")).unwrap();
        for dep in ["app", "server"] {
            assert!(!depends_on(&manifest, dep), "engine/Cargo.toml names {dep}");
        }
        for (path, text) in sources()
            .into_iter()
            .filter(|(p, _)| p.starts_with("engine/"))
        {
            for word in ["app::", "server::"] {
                let used = text.lines().any(|l| {
                    let l = l.trim_start();
                    !l.starts_with("//")
                        && (l.starts_with(&format!("use {word}"))
                            || l.contains(&format!(" {word}")))
                });
                assert!(!used, "{path} reaches into {word}");
            }
        }
    }

    /// The bundle crates, found rather than listed (every folder under `app/` with a manifest,
    /// `app/arena` for the package `app-arena`), so a new bundle is held by these rules without
    /// editing them. Each one's pages are the top-level modules of its `src/`.
    fn bundles() -> Vec<String> {
        let root = crate::root();
        let mut out: Vec<String> = std::fs::read_dir(root.join("app"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.join("Cargo.toml").is_file())
            .map(|p| relative(&root, &p))
            .collect();
        out.sort();
        out
    }

    /// The package a bundle folder builds: `app/arena` → `app-arena`.
    fn package_of(bundle: &str) -> String {
        bundle.replacen('/', "-", 1)
    }

    /// The bundle and page a path belongs to (`("app/map", "map_page")` for
    /// `app/map/src/map_page/markers.rs`); `None` for the core and for a bundle's `main.rs`.
    fn page_of<'a>(bundles: &'a [String], path: &'a str) -> Option<(&'a str, &'a str)> {
        bundles.iter().find_map(|bundle| {
            let rest = path.strip_prefix(bundle.as_str())?.strip_prefix("/src/")?;
            let first = rest.split('/').next()?;
            let page = first.strip_suffix(".rs").unwrap_or(first);
            (page != "main").then_some((bundle.as_str(), page))
        })
    }

    /// The modules a bundle's source names through `crate::…`: in a bundle crate, pages.
    fn pages_named(text: &str) -> Vec<String> {
        text.match_indices("crate::")
            .filter(|(i, _)| !text[..*i].ends_with('$'))
            .map(|(i, m)| {
                text[i + m.len()..]
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect()
            })
            .collect()
    }

    /// Whether a manifest lists `package` (a line `package = …`).
    fn depends_on(manifest: &str, package: &str) -> bool {
        manifest.lines().any(|l| {
            let l = l.trim_start();
            l.starts_with(&format!("{package} ")) || l.starts_with(&format!("{package}="))
        })
    }

    /// The core crate cannot import a page: it depends on no bundle crate (which would also be a
    /// cycle, so cargo holds it too), and no bundle depends on another. Inside a bundle, a page
    /// never imports another page: what two pages share moves to the core.
    #[test]
    fn app_imports_only_point_down() {
        let root = crate::root();
        let bundles = bundles();
        let mut wrong = Vec::new();
        for crate_dir in std::iter::once("app").chain(bundles.iter().map(String::as_str)) {
            let manifest =
                std::fs::read_to_string(root.join(crate_dir).join("Cargo.toml")).unwrap();
            for other in bundles.iter().map(|b| package_of(b)) {
                if depends_on(&manifest, &other) {
                    wrong.push(format!(
                        "{crate_dir}/Cargo.toml depends on the bundle {other}"
                    ));
                }
            }
        }
        for (path, text) in sources() {
            if let Some((bundle, own)) = page_of(&bundles, &path) {
                for page in pages_named(&text).into_iter().filter(|p| p != own) {
                    wrong.push(format!(
                        "{path} ({bundle}, page {own}) imports the page {page}"
                    ));
                }
            }
        }
        assert!(
            wrong.is_empty(),
            "imports pointing up or sideways: {wrong:#?}"
        );
    }

    #[test]
    fn the_rules_see_what_they_check() {
        let bundles = bundles();
        for bundle in [
            "app/map",
            "app/arena",
            "app/standings",
            "app/history",
            "app/archive",
            "app/editor",
            "app/lab",
        ] {
            assert!(
                bundles.iter().any(|b| b == bundle),
                "{bundle} not in {bundles:?}"
            );
        }
        assert_eq!(package_of("app/arena"), "app-arena");
        assert_eq!(
            page_of(&bundles, "app/map/src/map_page/markers.rs"),
            Some(("app/map", "map_page"))
        );
        assert_eq!(
            page_of(&bundles, "app/history/src/replay_page.rs"),
            Some(("app/history", "replay_page"))
        );
        assert_eq!(page_of(&bundles, "app/lab/src/main.rs"), None);
        assert_eq!(page_of(&bundles, "app/src/components/nav_bar.rs"), None);
        assert_eq!(
            pages_named("use crate::lab_page::{olympia};\nuse crate::history_page;"),
            ["lab_page", "history_page"]
        );
        assert!(depends_on("[dependencies]\napp = { path = \"..\" }", "app"));
        assert!(!depends_on("app-map = 1", "app"));
        let all = sources();
        assert!(all.len() > 300, "{} sources found", all.len());
        assert!(all.iter().any(|(p, _)| p == "engine/src/lib.rs"));
    }
}
