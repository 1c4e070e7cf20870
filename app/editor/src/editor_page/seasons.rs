//! The rating seasons (SPEC §4.1): add and rename a season, choose which one the arena runs, and
//! put many photos in a season at once — a whole faction, one of its groups, or the photos picked
//! from it. Every change goes through the offline-first store like any other edit (a season is a
//! record, the current one lives in the settings record), so it works offline and syncs later; a
//! bulk assignment is checked and queued as one edit, kept whole or refused whole.

use super::regiments::FieldError;
use app::store::{random_u53, use_realm_store, EditError, RealmStore};
use engine::{Group, Photo, Realm, RecordKind, Season};
use leptos::prelude::*;

/// The seasons section of the editor.
#[component]
pub fn SeasonsEditor() -> impl IntoView {
    let store = use_realm_store();
    let seasons = Memo::new(move |_| store.read(|r| r.seasons.clone()));
    let current = Memo::new(move |_| store.read(|r| r.settings.current_season));
    let error: FieldError = RwSignal::new(None);
    let set_current = Callback::new(move |n: u32| {
        let Some(mut s) = store
            .realm
            .with_untracked(|r| r.as_deref().map(|r| r.settings))
        else {
            return;
        };
        s.current_season = n;
        report(error, store.put(RecordKind::Settings, 0, &s));
    });
    view! {
        <section class="editor-section seasons-editor">
            <h2>"Seasons"</h2>
            <p class="lead">
                "The arena judges photos of the current season and the ones before it; a photo in no season stays out of the arena. "
                "Ratings are kept when the season changes."
            </p>
            <fieldset class="season-list" prop:disabled=move || !store.can_edit()>
                <legend>"Which season the arena runs"</legend>
                <label class="season-none">
                    <input type="radio" name="current-season" value="0" prop:checked=move || current.get() == 0
                        on:change=move |_| set_current.run(0) />
                    "None yet (the arena is closed)"
                </label>
                <For each=move || seasons.get() key=|s| (s.id, s.name.clone(), s.number) let:s>
                    <SeasonRow season=s current set_current />
                </For>
                {move || error.get().map(|(_, m)| view! { <p class="form-error" role="alert">{m}</p> })}
            </fieldset>
            <AddSeason />
            <AssignSeason />
        </section>
    }
}

fn report(error: FieldError, r: Result<(), EditError>) {
    match r {
        Ok(()) => error.set(None),
        Err(e) => error.set(Some((String::new(), e.to_string()))),
    }
}

/// One season: current or not, its name (rename) and how many photos it holds.
#[component]
fn SeasonRow(season: Season, current: Memo<u32>, set_current: Callback<u32>) -> impl IntoView {
    let store = use_realm_store();
    let n = season.number;
    let name = RwSignal::new(season.name.clone());
    let error: FieldError = RwSignal::new(None);
    let held =
        Memo::new(move |_| store.read(|r| r.photos.iter().filter(|p| p.season == Some(n)).count()));
    let rename = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let s = Season {
            name: name.get_untracked(),
            ..season.clone()
        };
        report(error, store.put(RecordKind::Season, s.id, &s));
    };
    view! {
        <form class="season-row" data-number=n on:submit=rename>
            <label class="season-current">
                <input type="radio" name="current-season" value=n prop:checked=move || current.get() == n
                    on:change=move |_| set_current.run(n) />
                <span class="visually-hidden">{format!("Make season {n} current")}</span>
            </label>
            <span class="season-number">{format!("Season {n}")}</span>
            <label class="season-name">
                <span class="visually-hidden">{format!("Name of season {n}")}</span>
                <input name="season-name" prop:value=move || name.get() maxlength=engine::MAX_NAME_CHARS
                    on:input=move |ev| name.set(event_target_value(&ev)) />
            </label>
            <button type="submit" class="rename-season">"Rename"</button>
            <span class="season-held">{move || photos_phrase(held.get())}</span>
            {move || (current.get() == n).then(|| view! { <span class="season-badge">"current"</span> })}
            {move || error.get().map(|(_, m)| view! { <span class="field-error" role="alert">{m}</span> })}
        </form>
    }
}

fn photos_phrase(n: usize) -> String {
    match n {
        1 => "1 photo".into(),
        n => format!("{n} photos"),
    }
}

/// A season as a picker lists it: "Season 2: The Iron Spring", without saying "Season 2" twice
/// when its name already does.
pub fn season_label(s: &Season) -> String {
    let number = format!("Season {}", s.number);
    if s.name.starts_with(&number) {
        s.name.clone()
    } else {
        format!("{number}: {}", s.name)
    }
}

/// The next season's number: one past the highest.
pub fn next_number(r: &Realm) -> u32 {
    r.seasons.iter().map(|s| s.number).max().unwrap_or(0) + 1
}

/// A new season, numbered after the last.
#[component]
fn AddSeason() -> impl IntoView {
    let store = use_realm_store();
    let name = RwSignal::new(String::new());
    let error: FieldError = RwSignal::new(None);
    let add = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let Some(number) = store
            .realm
            .with_untracked(|r| r.as_deref().map(next_number))
        else {
            return;
        };
        let s = Season {
            id: random_u53(),
            name: name.get_untracked(),
            number,
        };
        match store.put(RecordKind::Season, s.id, &s) {
            Ok(()) => {
                error.set(None);
                name.set(String::new());
            }
            Err(e) => report(error, Err(e)),
        }
    };
    view! {
        <form class="add-season add-roll" on:submit=add>
            <fieldset prop:disabled=move || !store.can_edit()>
                <label>{move || format!("New season ({})", store.read(|r| format!("number {}", next_number(r))))}
                    <input name="new-season" placeholder="e.g. The Iron Spring" prop:value=move || name.get()
                        maxlength=engine::MAX_NAME_CHARS on:input=move |ev| name.set(event_target_value(&ev)) />
                    {move || error.get().map(|(_, m)| view! { <span class="field-error" role="alert">{m}</span> })}
                </label>
                <button type="submit" class="add-season-button">"Add season"</button>
            </fieldset>
        </form>
    }
}

/// Which photos of a faction a bulk assignment offers: all of them, or one group.
fn scope_photos(r: &Realm, faction: u64, scope: &str) -> Vec<(u64, String, Option<u32>)> {
    let group = super::regiments::parse_group(scope);
    r.photos
        .iter()
        .filter(|p| p.faction == faction && group.is_none_or(|g| p.group == g))
        .map(|p| (p.id, p.name.clone(), p.season))
        .collect()
}

/// The groups of a faction a bulk assignment can be narrowed to, `(value, label)`.
fn scopes(r: &Realm, faction: u64) -> Vec<(String, String)> {
    let people = super::regiments::PEOPLE
        .into_iter()
        .chain(super::regiments::KEEPSAKES)
        .map(|(g, label)| (g, label.to_string()));
    let regiments = r
        .regiments
        .iter()
        .filter(|g| g.faction == faction)
        .map(|g| (Group::Regiment(g.id), format!("Regiment: {}", g.name)));
    let equipment = r
        .equipment_types
        .iter()
        .filter(|g| g.faction == faction)
        .map(|g| (Group::Equipment(g.id), format!("Equipment: {}", g.name)));
    let all = ("all".to_string(), "Every photo of the faction".to_string());
    std::iter::once(all)
        .chain(
            people
                .chain(regiments)
                .chain(equipment)
                .filter(|(g, _)| {
                    r.photos
                        .iter()
                        .any(|p| p.faction == faction && p.group == *g)
                })
                .map(|(g, l)| (super::regiments::group_value(g), l)),
        )
        .collect()
}

/// Puts the photos picked (a faction, one of its groups, or ticked ones) in one season, or out of
/// the arena, in one edit.
#[component]
fn AssignSeason() -> impl IntoView {
    let store = use_realm_store();
    let faction = RwSignal::new(None::<u64>);
    super::pick_first(faction, move || store.faction_names());
    let scope = RwSignal::new("all".to_string());
    // The season picked; until one is, the current season (a new editor's first press should not
    // take photos out of the arena).
    let picked = RwSignal::new(None::<String>);
    let current = Memo::new(move |_| store.read(|r| r.settings.current_season));
    let target = Signal::derive(move || {
        picked.get().unwrap_or_else(|| match current.get() {
            0 => String::new(),
            n => n.to_string(),
        })
    });
    let offered = Memo::new(move |_| match faction.get() {
        Some(f) => store.read(|r| scope_photos(r, f, &scope.get())),
        None => Vec::new(),
    });
    // The ticked photos; a new faction or group ticks all it offers. Only the photos offered
    // count here, not their seasons, so an assignment leaves the ticks as they were.
    let offered_ids =
        Memo::new(move |_| offered.with(|o| o.iter().map(|p| p.0).collect::<Vec<_>>()));
    let ticked = RwSignal::new(Vec::<u64>::new());
    Effect::new(move |_| ticked.set(offered_ids.get()));
    let result = RwSignal::new(None::<Result<String, String>>);
    let target_season = move || target.get().parse::<u32>().ok();
    let assign = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let season = target.get_untracked().parse::<u32>().ok();
        let ids = ticked.get_untracked();
        result.set(Some(assign_photos(store, &ids, season)));
    };
    let season_name = move |n: Option<u32>| match n {
        Some(n) => store.read(|r| {
            r.seasons
                .iter()
                .find(|s| s.number == n)
                .map(season_label)
                .unwrap_or_default()
        }),
        None => "no season (out of the arena)".to_string(),
    };
    let set_all = move |on: bool| {
        move |_| {
            ticked.set(if on {
                offered_ids.get_untracked()
            } else {
                Vec::new()
            })
        }
    };
    view! {
        // The list of photos scrolls, so it stays outside the disabled fieldset (a region inside one
        // would not be reachable by keyboard); its boxes are disabled one by one instead.
        <form class="season-assign" on:submit=assign aria-labelledby="season-assign-title">
            <h3 id="season-assign-title">"Put photos in a season"</h3>
            <fieldset class="assign-choice" prop:disabled=move || !store.can_edit()>
                <div class="form-row">
                    <label>"Season"
                        <select name="assign-season" on:change=move |ev| picked.set(Some(event_target_value(&ev)))>
                            <option value="" selected=move || target.get().is_empty()>"No season (out of the arena)"</option>
                            {move || store.read(|r| r.seasons.clone()).into_iter().map(|s| {
                                let v = s.number.to_string();
                                let v2 = v.clone();
                                view! { <option value=v selected=move || target.get() == v2>{season_label(&s)}</option> }
                            }).collect_view()}
                        </select>
                    </label>
                    <label>"Faction"
                        <select name="assign-faction" on:change=move |ev| {
                            faction.set(event_target_value(&ev).parse().ok());
                            scope.set("all".into());
                        }>
                            {move || store.faction_names().into_iter().map(|(id, name)| view! {
                                <option value=id selected=move || faction.get() == Some(id)>{name}</option>
                            }).collect_view()}
                        </select>
                    </label>
                    <label>"Which photos"
                        <select name="assign-scope" on:change=move |ev| scope.set(event_target_value(&ev))>
                            {move || faction.get().map(|f| store.read(|r| scopes(r, f))).unwrap_or_default().into_iter().map(|(v, l)| {
                                let v2 = v.clone();
                                view! { <option value=v selected=move || scope.get() == v2>{l}</option> }
                            }).collect_view()}
                        </select>
                    </label>
                </div>
                <div class="assign-picks">
                    <span class="assign-count" role="status">{move || format!("{} of {} ticked", ticked.with(Vec::len), offered.with(Vec::len))}</span>
                    <button type="button" class="tick-all" on:click=set_all(true)>"Tick all"</button>
                    <button type="button" class="tick-none" on:click=set_all(false)>"Untick all"</button>
                </div>
            </fieldset>
                <div class="assign-scroll" tabindex="0" role="region" aria-label="Photos to put in the season"><ul class="assign-photos">
                    <For each=move || offered.get() key=|p| p.clone() let:p>
                        {
                            let (pid, name, now) = p;
                            let now = now.map_or("no season".to_string(), |n| format!("season {n}"));
                            view! {
                                <li><label class="assign-photo" data-photo=pid>
                                    <input type="checkbox" name="assign-photo" value=pid prop:disabled=move || !store.can_edit()
                                        prop:checked=move || ticked.with(|t| t.contains(&pid))
                                        on:change=move |ev| {
                                            let on = event_target_checked(&ev);
                                            ticked.update(|t| {
                                                t.retain(|x| *x != pid);
                                                if on { t.push(pid); }
                                            });
                                        } />
                                    {name}
                                    <span class="assign-now">{format!(" ({now})")}</span>
                                </label></li>
                            }
                        }
                    </For>
                </ul></div>
                <button type="submit" class="assign-button" prop:disabled=move || !store.can_edit() || ticked.with(Vec::is_empty)>
                    {move || format!("Put {} in {}", photos_phrase(ticked.with(Vec::len)), season_name(target_season()))}
                </button>
                {move || result.get().map(|r| match r {
                    Ok(m) => view! { <p class="saved" role="status">{m}</p> }.into_any(),
                    Err(m) => view! { <p class="form-error" role="alert">{m}</p> }.into_any(),
                })}

        </form>
    }
}

/// Puts photos `ids` in `season` through the store as one edit; says what it did.
fn assign_photos(store: RealmStore, ids: &[u64], season: Option<u32>) -> Result<String, String> {
    let changed: Vec<(u64, Photo)> = store.realm.with_untracked(|r| {
        let Some(r) = r.as_deref() else {
            return Vec::new();
        };
        ids.iter()
            .filter_map(|id| r.photo(*id))
            .filter(|p| p.season != season)
            .map(|p| {
                let mut p = p.clone();
                p.season = season;
                (p.id, p)
            })
            .collect()
    });
    let already = ids.len() - changed.len();
    store
        .put_all(RecordKind::Photo, &changed)
        .map_err(|e| format!("Nothing was changed: {e}"))?;
    let place = season.map_or("out of the arena".to_string(), |n| format!("in season {n}"));
    Ok(match already {
        0 => format!("Put {} {place}.", photos_phrase(changed.len())),
        a => format!(
            "Put {} {place}; {a} already were.",
            photos_phrase(changed.len())
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::demo_realm;

    #[test]
    fn a_season_is_named_with_its_number_once() {
        let s = |name: &str| Season {
            id: 1,
            name: name.into(),
            number: 2,
        };
        assert_eq!(
            season_label(&s("The Iron Spring")),
            "Season 2: The Iron Spring"
        );
        assert_eq!(
            season_label(&s("Season 2: The Iron Spring")),
            "Season 2: The Iron Spring"
        );
    }

    #[test]
    fn a_new_season_is_numbered_after_the_last() {
        let mut r = demo_realm();
        let n = next_number(&r);
        assert!(r.seasons.iter().all(|s| s.number < n));
        r.seasons.clear();
        assert_eq!(next_number(&r), 1);
    }

    #[test]
    fn a_group_offers_only_its_own_photos_and_every_offered_group_has_some() {
        let r = demo_realm();
        let f = r.factions[0].id;
        let all = scope_photos(&r, f, "all");
        assert_eq!(
            all.len(),
            r.photos.iter().filter(|p| p.faction == f).count()
        );
        for (value, label) in scopes(&r, f).into_iter().skip(1) {
            let some = scope_photos(&r, f, &value);
            assert!(!some.is_empty(), "{label}");
            assert!(some.len() < all.len(), "{label}");
        }
    }
}
