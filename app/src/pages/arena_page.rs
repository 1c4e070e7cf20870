//! `/arena`: two photos and one question — which is the better build. Pairs come from the eligible
//! pool by engine's pairing rule (SPEC §4.2) with a generator seeded from the browser's crypto;
//! the next pair is chosen before this one is answered. A vote (click, tap, ← or →) goes through
//! the store's queue, so it survives being offline; what the server made of it — counted, or not
//! and why — is shown as the sync brings the answer.
//!
//! **Decision:** the rating change is shown after the sync, not optimistically. The server applies
//! votes in arrival order, interleaved with other voters', and may not count one at all, so a local
//! Elo step could show a number the server never holds. The log shows each rating as it stood when
//! the vote was cast and as the realm holds it now.

mod recent;
pub mod seasons;
pub mod standings;
mod verdicts;

use crate::components::portrait::{Look, Portrait};
use crate::store::{random_u64, use_realm_store};
use engine::wire::Vote;
use engine::{Rating, Realm, SplitMix64};
use leptos::prelude::*;
use leptos_router::components::A;
use recent::Recent;
use verdicts::{reason_text, settle, tally, Cast, Verdict};

/// How many of this visit's votes the log lists.
const LOG_LEN: usize = 10;

/// The tabs across the arena's pages.
#[component]
pub fn ArenaTabs() -> impl IntoView {
    view! {
        <nav class="arena-tabs" aria-label="Arena">
            <A href="/arena" exact=true>"Vote"</A>
            <A href="/arena/standings">"Standings"</A>
            <A href="/arena/seasons">"Seasons"</A>
        </nav>
    }
}

fn now() -> f64 {
    js_sys::Date::now()
}

/// The Arena page.
#[component]
pub fn ArenaPage() -> impl IntoView {
    let store = use_realm_store();
    let rng = StoredValue::new(SplitMix64::new(random_u64()));
    let recent = StoredValue::new(Recent::load());
    let pair = RwSignal::new(None::<(u64, u64)>);
    let next = RwSignal::new(None::<(u64, u64)>);
    let shown_at = StoredValue::new(0.0f64);
    let log = RwSignal::new(Vec::<Cast>::new());
    let pool = Memo::new(move |_| {
        store
            .realm
            .with(|r| r.as_deref().map(engine::arena_pool).unwrap_or_default())
    });
    let in_pool = move |p: Option<(u64, u64)>| {
        p.is_some_and(|(a, b)| {
            pool.with_untracked(|pool| {
                pool.iter().any(|r| r.photo_id == a) && pool.iter().any(|r| r.photo_id == b)
            })
        })
    };
    // Draws a pair, skipping this voter's recent pairs and `also` (the pair on screen).
    let draw = move |also: Option<(u64, u64)>| {
        let mut skip = recent.with_value(|r| r.pairs(now()));
        skip.extend(also);
        let pool = pool.get_untracked();
        rng.try_update_value(|g| engine::pick_pair(&pool, &skip, g))
            .flatten()
    };
    let show = move |p: Option<(u64, u64)>| {
        pair.set(p);
        shown_at.set_value(now());
        next.set(p.and_then(|p| draw(Some(p))));
    };
    // A pair whose photo left the arena (its season held back, the photo deleted) is replaced.
    Effect::new(move |_| {
        pool.track();
        if !in_pool(pair.get_untracked()) {
            show(draw(None));
        } else if !in_pool(next.get_untracked()) {
            next.set(draw(pair.get_untracked()));
        }
    });
    Effect::new(move |_| {
        let answered = store.vote_results.get();
        log.update(|l| settle(l, &answered));
    });
    let cast = move |left: bool| {
        let Some((a, b)) = pair.get_untracked() else {
            return;
        };
        let (chosen, other) = if left { (a, b) } else { (b, a) };
        let at = now();
        let vote = Vote {
            chosen,
            other,
            cast_at: at as i64,
            shown_at: Some(shown_at.get_value() as i64),
        };
        let before = store.realm.with_untracked(|r| {
            r.as_deref()
                .map(|r| (r.rating_of(chosen), r.rating_of(other)))
        });
        let before = before.unwrap_or((Rating::start(chosen), Rating::start(other)));
        recent.update_value(|r| {
            r.push(chosen, other, at);
            r.save();
        });
        log.update(|l| {
            l.insert(
                0,
                Cast {
                    vote: vote.clone(),
                    before,
                    verdict: Verdict::Queued,
                },
            );
        });
        store.vote(vote);
        let upcoming = next.get_untracked().filter(|p| in_pool(Some(*p)));
        show(upcoming.or_else(|| draw(None)));
    };
    let keys = window_event_listener(leptos::ev::keydown, move |e| {
        if e.repeat() || e.alt_key() || e.ctrl_key() || e.meta_key() || e.shift_key() {
            return;
        }
        let typing = e
            .target()
            .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(t).ok())
            .is_some_and(|el| matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT"));
        if typing {
            return;
        }
        match e.key().as_str() {
            "ArrowLeft" => cast(true),
            "ArrowRight" => cast(false),
            _ => return,
        }
        e.prevent_default();
    });
    on_cleanup(move || keys.remove());

    let pair_view = move || {
        let (a, b) = pair.get()?;
        store.realm.with_untracked(|r| {
            let r = r.as_deref()?;
            Some(view! {
                <div class="arena-pair" data-pair=format!("{a},{b}")>
                    {contender(r, a, "left", "←", move || cast(true))}
                    <p class="arena-or">"or"</p>
                    {contender(r, b, "right", "→", move || cast(false))}
                </div>
            })
        })
    };
    view! {
        <div class="arena-page">
            <ArenaTabs />
            <h1>"Arena"</h1>
            <h2 class="arena-question">"Which is the better build?"</h2>
            <p class="lead">"Click or tap a photo, or press ← or →. Your judgements move the ratings, and the ratings every figure's Power."</p>
            <div
                class="arena"
                data-pool=move || pool.with(Vec::len)
                data-next=move || next.get().map(|(a, b)| format!("{a},{b}")).unwrap_or_default()
            >
                {move || match (store.realm.with(Option::is_some), pool.with(Vec::len)) {
                    (false, _) => view! { <p class="arena-empty">"Loading the realm…"</p> }.into_any(),
                    (true, n) if n < 2 => view! {
                        <p class="arena-empty">{format!(
                            "Fewer than two photos are in the arena (current season {}).",
                            store.realm.with(|r| r.as_ref().map_or(0, |r| r.settings.current_season))
                        )}</p>
                    }.into_any(),
                    _ => pair_view.into_any(),
                }}
            </div>
            <VoteLog log />
        </div>
    }
}

/// One of the two photos: a big button with its portrait, name and faction.
fn contender(
    r: &Realm,
    id: u64,
    side: &'static str,
    key: &'static str,
    choose: impl Fn() + 'static,
) -> impl IntoView {
    let photo = r.photo(id);
    let name = photo.map(|p| p.name.clone()).unwrap_or_default();
    let faction = photo.and_then(|p| r.faction(p.faction));
    let look = photo.map(|p| Look::of(p, r));
    let style = faction.map(|f| format!("--faction-colour: {}", f.colour));
    let label = format!("Choose {name} ({key})");
    view! {
        <button class=format!("contender {side}") data-photo=id style=style aria-label=label on:click=move |_| choose()>
            <span class="portrait-frame">
                {look.map(|look| view! { <Portrait look=look label=name.clone() /> })}
            </span>
            <span class="contender-name">{name.clone()}</span>
            <span class="contender-faction">{faction.map(|f| f.name.clone())}</span>
            <kbd>{key}</kbd>
        </button>
    }
}

/// This visit's votes, newest first: counted (with the ratings then and now), not counted with the
/// reason in words, or still queued.
#[component]
fn VoteLog(log: RwSignal<Vec<Cast>>) -> impl IntoView {
    let store = use_realm_store();
    let name = move |id: u64| {
        store.realm.with(|r| {
            r.as_deref()
                .and_then(|r| r.photo(id))
                .map_or_else(|| format!("photo {id}"), |p| p.name.clone())
        })
    };
    let rating_now = move |id: u64| {
        store
            .realm
            .with(|r| r.as_deref().map(|r| r.rating_of(id).rating))
    };
    let change = move |before: f64, id: u64| {
        let now = rating_now(id).unwrap_or(before);
        let d = now - before;
        if d.abs() < 0.05 {
            format!("{} {:.0} (waiting for the new rating)", name(id), before)
        } else {
            format!("{} {:.0} then, {:.0} now ({d:+.1})", name(id), before, now)
        }
    };
    view! {
        <section class="vote-log" aria-label="Your votes">
            {move || {
                let (counted, not_counted, queued) = log.with(|l| tally(l));
                view! {
                    <p class="vote-tally" data-counted=counted data-not-counted=not_counted data-queued=queued>
                        {format!("This visit: {counted} counted, {not_counted} not counted, {queued} waiting to be sent.")}
                    </p>
                }
            }}
            <ol>
                {move || log.with(|l| l.iter().take(LOG_LEN).cloned().collect::<Vec<_>>()).into_iter().map(|c| {
                    let Cast { vote, before, verdict } = c;
                    let status = verdict.name();
                    let reason = match &verdict {
                        Verdict::NotCounted(r) => Some(r.clone()),
                        _ => None,
                    };
                    let detail = match &verdict {
                        Verdict::Queued => "waiting to be sent".to_string(),
                        Verdict::Counted => format!(
                            "counted: {} · {}",
                            change(before.0.rating, vote.chosen),
                            change(before.1.rating, vote.other)
                        ),
                        Verdict::NotCounted(r) => format!("not counted — {}", reason_text(r)),
                    };
                    view! {
                        <li class="vote-entry" data-status=status data-reason=reason>
                            <span class="vote-what">{format!("{} over {}", name(vote.chosen), name(vote.other))}</span>
                            <span class="vote-detail">{detail}</span>
                        </li>
                    }
                }).collect_view()}
            </ol>
        </section>
    }
}
