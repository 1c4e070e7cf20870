//! The map page's state, shared by its parts through context: territory, layers, the drag in
//! progress (by pointer or by keys), the route previewed or settled, its odds, what the pointer
//! is over, and where the keyboard's focus goes.

use app::fighting::now_ms;
use app::store::RealmStore;
use engine::{
    claim_territory, march, march_totals, realm_claims, BattleSystem, Claim, FactionRef,
    MarchBreakdown, OwnerGrid, Realm, Router, TerrainMap,
};
use leptos::prelude::*;
use std::sync::Arc;

/// A marker being dragged.
#[derive(Clone, Debug, PartialEq)]
pub struct Drag {
    /// The faction picked up.
    pub attacker: u64,
    /// Where the marker is drawn now, in cells.
    pub at: (f64, f64),
    /// Pointer minus marker position at pick-up, so the marker does not jump under the pointer.
    pub grab: (f64, f64),
    /// The marker it hovers over, if any.
    pub target: Option<u64>,
    /// Carried by the keyboard (so the pointer leaves it alone) rather than by a pointer.
    pub by_keys: bool,
}

/// A route on screen: previewed while hovering a target, settled once the marker is let go.
#[derive(Clone, Debug, PartialEq)]
pub struct Preview {
    /// Who marches.
    pub attacker: u64,
    /// On whom.
    pub defender: u64,
    /// The route's cells, start to goal.
    pub points: Vec<(u32, u32)>,
    /// What the march costs, part by part.
    pub breakdown: MarchBreakdown,
    /// How long the route search and pricing took in this browser, in milliseconds.
    pub millis: f64,
    /// False while hovering; true after release.
    pub settled: bool,
}

/// Everything the map page's parts share.
#[derive(Clone, Copy)]
pub struct MapState {
    /// Who holds each square, computed in the browser from the realm.
    pub owners: RwSignal<Option<Arc<OwnerGrid>>>,
    /// Whether the territory layer is drawn.
    pub show_territory: RwSignal<bool>,
    /// The drag in progress.
    pub drag: RwSignal<Option<Drag>>,
    /// The cell under the pointer.
    pub hover: RwSignal<Option<(u32, u32)>>,
    /// The route on screen.
    pub preview: RwSignal<Option<Arc<Preview>>>,
    /// The attacker's chance on the previewed route while a marker is carried, as far as the run
    /// has gone.
    pub hover_odds: RwSignal<Option<engine::Odds>>,
    /// The army whose crossing costs the hover line prices when no marker is carried: the last
    /// one picked up, or the one chosen under "Crossing costs for".
    pub selected: RwSignal<Option<u64>>,
    /// The marker that has the marker layer's Tab stop (the last one focused).
    pub focused: RwSignal<Option<u64>>,
    /// A march settled by the keyboard: the set-up screen takes the focus when it opens.
    pub focus_setup: RwSignal<bool>,
    /// A sentence for the user, e.g. why a marker cannot attack.
    pub notice: RwSignal<Option<String>>,
    /// The battle system the map's switch has chosen (Version 2 by default, as in the source).
    pub system: RwSignal<BattleSystem>,
    /// What the map draws: the realm, or on a first visit until it arrives, the realm as far as
    /// the server's summary goes (terrain, factions, buffs; no photos, so nothing to fight with).
    pub shown: Signal<Option<Arc<Realm>>>,
    router: StoredValue<Router>,
}

impl MapState {
    /// Creates the state and keeps the territory in step with the realm, or with the summary
    /// until the realm arrives.
    pub fn new(store: RealmStore) -> MapState {
        let realm = store.realm;
        let shown = Signal::derive(move || {
            realm
                .get()
                .or_else(|| store.summary.with(|s| s.as_ref().map(|s| s.realm.clone())))
        });
        let state = MapState {
            owners: RwSignal::new(None),
            show_territory: RwSignal::new(true),
            drag: RwSignal::new(None),
            hover: RwSignal::new(None),
            preview: RwSignal::new(None),
            hover_odds: RwSignal::new(None),
            selected: RwSignal::new(None),
            focused: RwSignal::new(None),
            focus_setup: RwSignal::new(false),
            notice: RwSignal::new(None),
            system: RwSignal::new(BattleSystem::V2),
            shown,
            router: StoredValue::new(Router::new()),
        };
        // Territory is claimed again only when what the claim reads moved: a marker, an
        // alignment, a faction's allowance (from its Power and reach, in whole squares), or the
        // terrain. A rename, a vote that moves Power by less than a square, or a changed Lab
        // line-up leaves it as it is.
        let claimed: StoredValue<Option<(Vec<Claim>, TerrainMap)>> = StoredValue::new(None);
        Effect::new(move |_| {
            let from_realm = realm.with(|r| r.as_deref().map(|r| (realm_claims(r), r.map.clone())));
            // The summary's claims are `realm_claims` of the server's realm: when that realm
            // arrives, nothing is claimed again.
            let from_summary = || {
                store
                    .summary
                    .with(|s| s.as_ref().map(|s| (s.claims.clone(), s.realm.map.clone())))
            };
            let Some((claims, map)) = from_realm.or_else(from_summary) else {
                state.owners.set(None);
                return;
            };
            let same =
                claimed.with_value(|c| c.as_ref().is_some_and(|(c, m)| *c == claims && *m == map));
            if same {
                return;
            }
            let owners = claim_territory(&map, &claims);
            claimed.set_value(Some((claims, map)));
            state.owners.set(Some(Arc::new(owners)));
        });
        state
    }

    /// Searches and prices the route from `attacker` to `defender`, timing it.
    pub fn plan(&self, realm: &Realm, attacker: u64, defender: u64) -> Option<Preview> {
        let owners = self.owners.get_untracked()?;
        let a = FactionRef::of(realm.faction(attacker)?, &realm.map)?;
        let d = FactionRef::of(realm.faction(defender)?, &realm.map)?;
        let started = now_ms();
        let totals = march_totals(realm, attacker);
        let route = self
            .router
            .try_update_value(|r| r.route(&realm.map, &owners, &a, &d, &totals))?;
        let breakdown = march(&route, &realm.map, &owners, &a, &d, &totals);
        Some(Preview {
            attacker,
            defender,
            points: route.points(),
            breakdown,
            millis: now_ms() - started,
            settled: false,
        })
    }
}
