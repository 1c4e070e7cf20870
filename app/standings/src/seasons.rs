//! `/arena/seasons`: which photos each season holds and which seasons the arena runs (they are
//! cumulative: the current one and every earlier one). With the editor key, the current season
//! can be set; holding a season back keeps its ratings and votes, which return untouched.

use app::api;
use app::components::arena_tabs::ArenaTabs;
use app::components::sync_badge::WHERE_THE_BADGE_IS;
use app::store::use_realm_store;
use engine::{Group, Realm};
use leptos::prelude::*;

/// One season's line: its number and name, whether the arena runs it, and its photos.
#[derive(Clone, Debug, PartialEq)]
pub struct SeasonView {
    /// Season number (0 for photos in no season).
    pub number: u32,
    /// Its name.
    pub name: String,
    /// Whether its photos are judged now (number ≤ current season).
    pub running: bool,
    /// `(photo id, name, faction name, judged now)` in document order.
    pub photos: Vec<(u64, String, String, bool)>,
}

/// Every season by number, then the photos in none.
pub fn seasons(realm: &Realm) -> Vec<SeasonView> {
    let current = realm.settings.current_season;
    let mut list: Vec<(u32, String)> = realm
        .seasons
        .iter()
        .map(|s| (s.number, s.name.clone()))
        .collect();
    list.sort();
    list.push((0, "Not in a season (not a minifigure)".into()));
    list.into_iter()
        .map(|(number, name)| {
            let photos = realm
                .photos
                .iter()
                .filter(|p| p.season.unwrap_or(0) == number)
                .map(|p| {
                    let f = realm.faction(p.faction);
                    let judged = f.is_some_and(|f| engine::is_judged(p, f.kind, current));
                    let group = if matches!(p.group, Group::Crest | Group::Place) {
                        " (crest or place)"
                    } else {
                        ""
                    };
                    (
                        p.id,
                        format!("{}{group}", p.name),
                        f.map(|f| f.name.clone()).unwrap_or_default(),
                        judged,
                    )
                })
                .collect();
            SeasonView {
                number,
                name,
                running: number != 0 && number <= current,
                photos,
            }
        })
        .collect()
}

/// The seasons page.
#[component]
pub fn SeasonsPage() -> impl IntoView {
    let store = use_realm_store();
    let list = Memo::new(move |_| {
        store
            .realm
            .with(|r| r.as_deref().map(seasons).unwrap_or_default())
    });
    let current = move || {
        store
            .realm
            .with(|r| r.as_ref().map_or(0, |r| r.settings.current_season))
    };
    view! {
        <div class="seasons-page">
            <ArenaTabs />
            <h1>"Seasons"</h1>
            <p class="lead">
                "Seasons are cumulative: the arena judges the current season's photos and every earlier season's. "
                "Holding a season back takes its photos out of the arena and keeps every rating and vote; they come back untouched."
            </p>
            <p class="current-season" data-current=current>
                {move || match current() {
                    0 => "No season runs yet.".to_string(),
                    n => format!("Current season: {n}."),
                }}
            </p>
            <SeasonControl />
            <ul class="season-list">
                <For
                    each=move || list.get()
                    key=|s| format!("{s:?}")
                    children=|s| view! { <SeasonItem season=s /> }
                />
            </ul>
        </div>
    }
}

/// The editor's control: pick the current season and set it on the server.
#[component]
fn SeasonControl() -> impl IntoView {
    let store = use_realm_store();
    let picked = RwSignal::new(None::<u32>);
    let busy = RwSignal::new(false);
    let message = RwSignal::new(None::<(bool, String)>);
    let numbers = move || {
        store.realm.with(|r| {
            let mut n: Vec<u32> = r
                .as_ref()
                .map(|r| r.seasons.iter().map(|s| s.number).collect())
                .unwrap_or_default();
            n.sort_unstable();
            n
        })
    };
    let current = move || {
        store
            .realm
            .with(|r| r.as_ref().map_or(0, |r| r.settings.current_season))
    };
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let Some(key) = store.editor_key.get_untracked() else {
            return;
        };
        let n = picked.get_untracked().unwrap_or_else(current);
        busy.set(true);
        leptos::task::spawn_local(async move {
            let res = api::set_current_season(n, &key).await;
            busy.set(false);
            match res {
                Ok(_) => {
                    message.set(Some((true, format!("Season {n} is now current."))));
                    store.sync_now();
                }
                Err(e) => message.set(Some((false, e.to_string()))),
            }
        });
    };
    view! {
        <Show
            when=move || store.can_edit()
            fallback=|| view! { <p class="read-only-note">"Enter the editor key (" {WHERE_THE_BADGE_IS} ") to change the current season."</p> }
        >
            <form class="season-control" on:submit=submit>
                <label>
                    "Current season "
                    <select name="current-season" on:change=move |ev| picked.set(event_target_value(&ev).parse().ok())>
                        <option value="0" selected=move || current() == 0>"none"</option>
                        {move || numbers().into_iter().map(|n| view! {
                            <option value=n.to_string() selected=move || current() == n>{n.to_string()}</option>
                        }).collect_view()}
                    </select>
                </label>
                <button type="submit" class="set-season" disabled=move || busy.get()>"Set"</button>
                {move || message.get().map(|(ok, text)| view! {
                    <span class=if ok { "saved" } else { "form-error" }>{text}</span>
                })}
            </form>
        </Show>
    }
}

/// One season: a summary line and, opened, its photos.
#[component]
fn SeasonItem(season: SeasonView) -> impl IntoView {
    let judged = season.photos.iter().filter(|p| p.3).count();
    let state = match (season.number, season.running) {
        (0, _) => "never judged",
        (_, true) => "in the arena",
        (_, false) => "held back",
    };
    // The demo's names already say "Season 2: …"; others get the number in front.
    let title = if season.number == 0
        || season
            .name
            .starts_with(&format!("Season {}", season.number))
    {
        season.name.clone()
    } else {
        format!("Season {}: {}", season.number, season.name)
    };
    view! {
        <li class="season" data-season=season.number data-state=state>
            <details>
                <summary>
                    <span class="season-name">{title}</span>
                    <span class="season-state">{state}</span>
                    <span class="season-count">{format!("{} photos, {judged} judged now", season.photos.len())}</span>
                </summary>
                <ul class="season-photos">
                    {season.photos.into_iter().map(|(id, name, faction, judged)| view! {
                        <li data-photo=id class:judged=judged>{name}" · "<span class="faction">{faction}</span></li>
                    }).collect_view()}
                </ul>
            </details>
        </li>
    }
}
