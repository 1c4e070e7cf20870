//! Which bundle this page is, what it decides about the shared code ([`Bundle`]), and whether
//! a path is one of its own routes.
//!
//! `bundles.json` (the table Trunk copies to `dist/`, the server and the service worker read) is
//! compiled in, as Rust (`build.rs` checks it and writes it out), so no JSON parser is linked
//! for it. A link to a route of another bundle cannot be followed by the router — that bundle's
//! pages are not in this wasm — so it becomes an ordinary page load. Every bundle reads the same
//! store on disk (IndexedDB), so nothing is lost on the way.

use engine::wire::bundles::Bundles;
use engine::{BattleRecord, DocError, Realm, Record, RecordKind};
use std::sync::OnceLock;

/// What one bundle decides about the code every bundle shares, as a type of its own. Each bundle
/// crate (`app/map`, `app/arena`, `app/history`, `app/replay`, `app/archive`, `app/editor`,
/// `app/lab`) implements it for a unit struct and hands that to [`crate::shell::start`]. So which
/// readers a bundle's wasm links is settled when that crate is compiled: it names one of the two
/// [`Reads`] below, and the linker keeps only that one; all but the lab bundle leave out every saved Battle Lab
/// line-up's parser and checks, and all but history the battle record's serialiser, which only
/// its replay page's download link names.
pub trait Bundle: Sync + 'static {
    /// Its name in `bundles.json`.
    fn name(&self) -> &'static str;

    /// How it reads the realm's records: [`EveryRecord`] or [`LabSetupsSkipped`].
    fn reads(&self) -> &'static dyn Reads;

    /// Whether a first visit (nothing stored yet) asks the server for the map's summary
    /// (`/api/summary`) beside the full pull, so the page can draw before the realm arrives.
    fn summary_first(&self) -> bool {
        false
    }

    /// Whether the page loaded for `path` draws something meaningful before the realm is in
    /// (the arena's first pair, from the deal's cards; the standings' top rows, from the fit): on
    /// a first visit the realm's first reading, a long task on a phone, then waits for the frame
    /// after the mount, so that frame paints it. Other pages show nothing until the realm, and
    /// would only pay the extra frame.
    fn draws_before_realm(&self, _path: &str) -> bool {
        false
    }

    /// The battle record's download link for the victory screen, where this bundle offers one.
    fn record_link(&self, _record: &BattleRecord) -> Option<String> {
        None
    }
}

/// How records become a realm in one bundle.
pub trait Reads: Sync + 'static {
    /// Records into a realm, not yet validated.
    fn read(&self, records: Vec<Record>) -> Result<Realm, DocError>;

    /// The realm's checks, matching [`Reads::read`].
    fn validate(&self, realm: &Realm) -> Result<(), DocError>;

    /// Puts one record in its place in a realm [`Reads::read`] made, or takes it out.
    fn splice(
        &self,
        realm: &mut Realm,
        kind: RecordKind,
        id: u64,
        body: Option<serde_json::Value>,
    ) -> Result<(), DocError>;
}

/// Every record: for the bundle with the Battle Lab (the lab bundle).
pub struct EveryRecord;

impl Reads for EveryRecord {
    fn read(&self, records: Vec<Record>) -> Result<Realm, DocError> {
        Realm::from_records(records)
    }

    fn validate(&self, realm: &Realm) -> Result<(), DocError> {
        realm.validate()
    }

    fn splice(
        &self,
        realm: &mut Realm,
        kind: RecordKind,
        id: u64,
        body: Option<serde_json::Value>,
    ) -> Result<(), DocError> {
        realm.splice_record(kind, id, body)
    }
}

/// Everything but saved Battle Lab line-ups, skipped unread and unchecked: for a bundle that
/// shows none (every bundle but the lab's). Nothing else refers to a line-up, so the rest of the
/// realm reads exactly as with [`EveryRecord`].
pub struct LabSetupsSkipped;

impl Reads for LabSetupsSkipped {
    fn read(&self, records: Vec<Record>) -> Result<Realm, DocError> {
        Realm::from_records_without_lab_setups(records)
    }

    fn validate(&self, realm: &Realm) -> Result<(), DocError> {
        realm.validate_without_lab_setups()
    }

    fn splice(
        &self,
        realm: &mut Realm,
        kind: RecordKind,
        id: u64,
        body: Option<serde_json::Value>,
    ) -> Result<(), DocError> {
        realm.splice_record_without_lab_setups(kind, id, body)
    }
}

/// The table as written, for the tests that check the compiled one against it.
#[cfg(test)]
const TABLE_JSON: &str = include_str!("../bundles.json");

/// This page load: its bundle and the path it was loaded for.
struct Loaded {
    bundle: &'static dyn Bundle,
    path: String,
}

static LOADED: OnceLock<Loaded> = OnceLock::new();
static TABLE: OnceLock<Bundles> = OnceLock::new();

fn table() -> &'static Bundles {
    use engine::wire::bundles::Bundle;
    TABLE.get_or_init(|| include!(concat!(env!("OUT_DIR"), "/bundles_table.rs")))
}

/// Records which bundle is running and the path it was loaded for; call once, before mounting
/// (`shell::start` does).
pub fn start(bundle: &'static dyn Bundle) {
    let path = leptos::prelude::window()
        .location()
        .pathname()
        .unwrap_or_default();
    let _ = LOADED.set(Loaded { bundle, path });
}

/// The path this page was loaded for (empty before [`start`]).
pub fn loaded_path() -> &'static str {
    LOADED.get().map_or("", |l| l.path.as_str())
}

/// Whether `path` (a route, e.g. a nav link's `href`) is served by the running bundle.
pub fn is_here(path: &str) -> bool {
    match LOADED.get() {
        Some(loaded) => owned_by(table(), loaded.bundle.name(), path),
        None => true,
    }
}

/// The `rel` a link to `path` needs: `external` when another bundle serves it, so the router
/// leaves the click to the browser, which loads that bundle's page as a new history entry.
pub fn link_rel(path: &str) -> Option<&'static str> {
    (!is_here(path)).then_some("external")
}

/// The address to load in full when the router has reached `path` (with its raw query `search`
/// and `hash`, as the router's location holds them), or `None` when the path is this bundle's
/// "not found". The router's location, not the window's: the router renders the fallback before
/// it writes the new address to the history.
pub fn load_elsewhere(path: &str, search: &str, hash: &str) -> Option<String> {
    let loaded = LOADED.get()?;
    if !elsewhere(table(), loaded.bundle.name(), &loaded.path, path) {
        return None;
    }
    let search = search.trim_start_matches('?');
    let hash = hash.trim_start_matches('#');
    let mut href = path.to_string();
    if !search.is_empty() {
        href.push('?');
        href.push_str(search);
    }
    if !hash.is_empty() {
        href.push('#');
        href.push_str(hash);
    }
    Some(href)
}

/// Whether bundle `here` serves `path`.
fn owned_by(table: &Bundles, here: &str, path: &str) -> bool {
    table.owner(path).name == here
}

/// Whether reaching `path` inside bundle `here`, loaded for `initial`, should load another
/// bundle: yes if another bundle owns it, unless this page load was already for that very path
/// (the server sent this bundle for it, so loading it again would only loop).
fn elsewhere(table: &Bundles, here: &str, initial: &str, path: &str) -> bool {
    !owned_by(table, here, path) && path != initial
}

#[cfg(test)]
mod tests {
    use super::*;

    fn built() -> Bundles {
        table().clone()
    }

    #[test]
    fn the_compiled_table_is_the_json_one() {
        assert_eq!(
            table(),
            &Bundles::parse(TABLE_JSON).expect("app/bundles.json is a valid table")
        );
    }

    #[test]
    fn every_bundle_has_a_binary_and_a_source_page() {
        let t = built();
        for b in &t.bundles {
            let html = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("..")
                .join(&b.html);
            let page = std::fs::read_to_string(&html).expect("the bundle's page exists");
            assert!(
                page.contains(&format!("data-bundle=\"{}\"", b.name)),
                "{} names its bundle",
                b.html
            );
        }
        assert_eq!(t.bundles[0].name, "map", "the map is the default bundle");
    }

    #[test]
    fn each_bundle_keeps_its_routes_and_sends_the_rest_away() {
        let t = built();
        assert!(owned_by(&t, "map", "/map"));
        assert!(owned_by(&t, "map", "/"));
        // Each bundle with a page of its routes, and paths it owns.
        let owners: [(&str, &str, &[&str]); 8] = [
            ("map", "/map", &["/map", "/"]),
            ("arena", "/arena", &["/arena", "/arena/"]),
            (
                "standings",
                "/arena/standings",
                &["/arena/standings", "/arena/seasons"],
            ),
            ("history", "/history", &["/history"]),
            ("replay", "/history/42", &["/history/42", "/history/7"]),
            ("archive", "/archive", &["/archive", "/factions/3"]),
            ("editor", "/editor", &["/editor", "/editor/terrain"]),
            ("lab", "/lab", &["/lab", "/lab/compare"]),
        ];
        for (owner, _, paths) in owners {
            for path in paths {
                assert!(owned_by(&t, owner, path), "{owner} owns {path}");
                for (other, loaded, _) in owners.iter().filter(|(o, ..)| *o != owner) {
                    assert!(
                        elsewhere(&t, other, loaded, path),
                        "{other} sends {path} to {owner}"
                    );
                }
            }
        }
    }

    #[test]
    fn an_unknown_path_or_the_loaded_one_is_not_found_not_a_reload() {
        let t = built();
        assert!(!elsewhere(&t, "map", "/map", "/no-such-page"));
        // The server sent the map bundle for /lab (an old server, say): no reload loop.
        assert!(!elsewhere(&t, "map", "/lab", "/lab"));
        // In the lab bundle an unknown path belongs to the map bundle's "not found".
        assert!(elsewhere(&t, "lab", "/lab", "/no-such-page"));
    }
}
