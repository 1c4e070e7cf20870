//! Which wasm bundle serves which page.
//!
//! The app is built as several bundles (one Trunk build each) so the map page downloads only the
//! code it runs; the heavier pages live in another bundle. `app/bundles.json` is the one table
//! saying which bundle owns which route: Trunk copies it into `dist/`, the server reads it to
//! answer a deep link with the right bundle's `index.html`, the service worker reads it to keep
//! every bundle's shell offline, and the app compiles it in to tell its own routes from the
//! links that must become full page loads. This module is that table's type and its one lookup.

use serde::{Deserialize, Serialize};

/// The whole table: the first bundle is the default, which serves any path no bundle names.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bundles {
    /// Every bundle; at least one.
    pub bundles: Vec<Bundle>,
}

/// One Trunk build of the app.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bundle {
    /// A short name, also the page's `data-bundle` (e.g. `map`).
    pub name: String,
    /// The Trunk source page that builds it, relative to the workspace root.
    pub html: String,
    /// The URL folder its files (and its `index.html`) are served from: `/`, or a folder no
    /// route uses (`/pages/`, `/arena-bundle/`), so the server's SPA fallback alone answers a
    /// route with the shell, never the file service.
    pub base: String,
    /// The routes it owns: a path belongs to the bundle if it equals a route or continues it
    /// after a `/` (`/history` owns `/history/42`; `/` owns only `/`). A route ending in `/*`
    /// owns only what continues it (`/history/*` owns `/history/42`, not `/history`).
    pub routes: Vec<String>,
}

impl Bundles {
    /// The single-bundle table used when `dist/` has no `bundles.json` (an older build).
    pub fn single() -> Self {
        Bundles {
            bundles: vec![Bundle {
                name: "app".into(),
                html: "app/index.html".into(),
                base: "/".into(),
                routes: vec!["/".into()],
            }],
        }
    }

    /// Reads the table, checking what the lookups rely on: at least one bundle, bases that
    /// start and end with `/`, routes that start with `/`, no route claimed twice.
    pub fn parse(json: &str) -> Result<Self, BundlesError> {
        let table: Bundles =
            serde_json::from_str(json).map_err(|e| BundlesError::Json(e.to_string()))?;
        if table.bundles.is_empty() {
            return Err(BundlesError::Empty);
        }
        let mut seen = std::collections::BTreeSet::new();
        for (i, b) in table.bundles.iter().enumerate() {
            if !(b.base.starts_with('/') && b.base.ends_with('/')) {
                return Err(BundlesError::Field(
                    format!("bundles[{i}].base"),
                    format!("`{}` must start and end with /", b.base),
                ));
            }
            for (j, r) in b.routes.iter().enumerate() {
                if !r.starts_with('/') {
                    return Err(BundlesError::Field(
                        format!("bundles[{i}].routes[{j}]"),
                        format!("`{r}` must start with /"),
                    ));
                }
                if !seen.insert(r.as_str()) {
                    return Err(BundlesError::Field(
                        format!("bundles[{i}].routes[{j}]"),
                        format!("`{r}` is owned by an earlier bundle"),
                    ));
                }
            }
        }
        Ok(table)
    }

    /// The bundle that owns `path` (a URL path without query), or the first bundle when none
    /// names it — that one shows "not found". When several routes cover it, the longest (the
    /// most specific) wins, whatever the order: `/history/*` takes `/history/42` from `/history`.
    pub fn owner(&self, path: &str) -> &Bundle {
        let mut best: Option<(&Bundle, usize)> = None;
        for b in &self.bundles {
            for r in b.routes.iter().filter(|r| owns(r, path)) {
                if best.is_none_or(|(_, len)| r.len() > len) {
                    best = Some((b, r.len()));
                }
            }
        }
        best.map_or(&self.bundles[0], |(b, _)| b)
    }

    /// The bundle called `name`, if any.
    pub fn named(&self, name: &str) -> Option<&Bundle> {
        self.bundles.iter().find(|b| b.name == name)
    }
}

/// Whether `route` covers `path`: the same path, or `path` continues it after a `/`; for a
/// route ending in `/*`, only a path that continues it.
fn owns(route: &str, path: &str) -> bool {
    if route == "/" {
        return path == "/";
    }
    if let Some(below) = route.strip_suffix("/*") {
        return path
            .strip_prefix(below)
            .and_then(|rest| rest.strip_prefix('/'))
            .is_some_and(|rest| !rest.is_empty());
    }
    let route = route.trim_end_matches('/');
    match path.strip_prefix(route) {
        Some(rest) => rest.is_empty() || rest.starts_with('/'),
        None => false,
    }
}

/// Why a bundle table was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BundlesError {
    /// Not the table's JSON shape (serde's message, with line and column).
    Json(String),
    /// No bundle at all.
    Empty,
    /// A field breaks a rule: its path and what is wrong.
    Field(String, String),
}

impl std::fmt::Display for BundlesError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BundlesError::Json(e) => write!(f, "bundles.json: {e}"),
            BundlesError::Empty => write!(f, "bundles.json: `bundles` is empty"),
            BundlesError::Field(field, why) => write!(f, "bundles.json: {field}: {why}"),
        }
    }
}

impl std::error::Error for BundlesError {}

#[cfg(test)]
mod tests {
    use super::*;

    const TABLE: &str = r#"{"bundles": [
        {"name": "map", "html": "app/index.html", "base": "/", "routes": ["/", "/map"]},
        {"name": "pages", "html": "app/pages.html", "base": "/pages/", "routes": ["/arena", "/history"]}
    ]}"#;

    #[test]
    fn a_route_owns_itself_and_what_follows_a_slash() {
        let t = Bundles::parse(TABLE).unwrap();
        assert_eq!(t.owner("/map").name, "map");
        assert_eq!(t.owner("/").name, "map");
        assert_eq!(t.owner("/history").name, "pages");
        assert_eq!(t.owner("/history/42").name, "pages");
        assert_eq!(t.owner("/arena/standings").name, "pages");
        // A longer word is not a continuation.
        assert_eq!(t.owner("/historyx").name, "map");
        assert_eq!(t.owner("/mapping").name, "map");
    }

    #[test]
    fn the_most_specific_route_wins_whatever_the_order() {
        let table = r#"{"bundles": [
            {"name": "map", "html": "app/index.html", "base": "/", "routes": ["/"]},
            {"name": "history", "html": "h.html", "base": "/h/", "routes": ["/history"]},
            {"name": "replay", "html": "r.html", "base": "/r/", "routes": ["/history/*"]}
        ]}"#;
        let t = Bundles::parse(table).unwrap();
        assert_eq!(t.owner("/history").name, "history");
        assert_eq!(t.owner("/history/").name, "history");
        assert_eq!(t.owner("/history/42").name, "replay");
        assert_eq!(t.owner("/history/42/x").name, "replay");
        assert_eq!(t.owner("/historyx/42").name, "map");
        let reversed = Bundles {
            bundles: vec![
                t.bundles[0].clone(),
                t.bundles[2].clone(),
                t.bundles[1].clone(),
            ],
        };
        assert_eq!(reversed.owner("/history/42").name, "replay");
        assert_eq!(reversed.owner("/history").name, "history");
    }

    #[test]
    fn an_unknown_path_goes_to_the_first_bundle() {
        let t = Bundles::parse(TABLE).unwrap();
        assert_eq!(t.owner("/nowhere/at/all").name, "map");
        assert_eq!(t.named("pages").unwrap().base, "/pages/");
        assert!(t.named("lab").is_none());
    }

    #[test]
    fn the_repository_table_parses_and_covers_the_map() {
        let t = Bundles::parse(include_str!("../../../app/bundles.json")).unwrap();
        assert_eq!(
            t.bundles[0].base, "/",
            "the first bundle is served at the root"
        );
        assert_eq!(t.owner("/map").base, "/");
    }

    #[test]
    fn a_bad_table_names_its_field() {
        let twice = TABLE.replace(r#"["/arena", "/history"]"#, r#"["/arena", "/map"]"#);
        assert_eq!(
            Bundles::parse(&twice),
            Err(BundlesError::Field(
                "bundles[1].routes[1]".into(),
                "`/map` is owned by an earlier bundle".into()
            ))
        );
        let base = TABLE.replace(r#""/pages/""#, r#""pages""#);
        assert!(
            matches!(Bundles::parse(&base), Err(BundlesError::Field(f, _)) if f == "bundles[1].base")
        );
        assert_eq!(
            Bundles::parse(r#"{"bundles": []}"#),
            Err(BundlesError::Empty)
        );
        assert!(matches!(Bundles::parse("{"), Err(BundlesError::Json(_))));
    }
}
