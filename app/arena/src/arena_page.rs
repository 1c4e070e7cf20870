//! `/arena`: two photos and one question — which is the better build. The server deals the pairs
//! (SPEC §16.1): it draws them with engine's pairing and signs each as a single-use token, and
//! only a vote on such a pair can count. A handful are dealt ahead and kept in browser storage
//! (`deck`), so voting goes on offline and the votes count when they sync within the tokens'
//! life. Out of dealt pairs with the server out of reach, the page draws practice pairs itself
//! (the same pairing, in the browser) and says plainly that those votes won't count. A vote
//! (click, tap, ← or →) goes through the store's queue; what the server made of it — counted, or
//! not and why — is shown as the sync brings the answer. Each contender can show its build
//! (species, stats, gear, Power) under its button, toggled for both at once by a button or B, so
//! the question "which is the better build?" can be judged on the build.
//!
//! **Decision:** the rating change is shown after the sync, not optimistically. The server applies
//! votes in arrival order, interleaved with other voters', and may not count one at all, so a local
//! Elo step could show a number the server never holds. The log shows each rating as it stood when
//! the vote was cast and as the realm holds it now.

mod deck;
mod verdicts;

use app::api::{self, ApiError};
use app::components::arena_tabs::ArenaTabs;
use app::components::photo_picture::{ImageTags, PhotoPicture, Size};
use app::markup::photo_sheet::{build_markup, sheet};
use app::store::{random_u64, use_realm_store};
use deck::Deck;
use engine::wire::{PairCard, PairRequest, Vote};
use engine::{Rating, Realm, SplitMix64};
use leptos::prelude::*;
use verdicts::{reason_text, settle, tally, Cast, Verdict, NO_TOKEN};

/// How many of this visit's votes the log lists.
const LOG_LEN: usize = 10;

/// Where the page remembers whether the builds are shown: a judge who compares builds keeps
/// seeing them on the next pair and the next visit.
const BUILDS_KEY: &str = "brickrealm.arena.builds";

fn builds_remembered() -> bool {
    storage()
        .and_then(|s| s.get_item(BUILDS_KEY).ok().flatten())
        .as_deref()
        == Some("shown")
}

fn remember_builds(shown: bool) {
    if let Some(s) = storage() {
        let _ = s.set_item(BUILDS_KEY, if shown { "shown" } else { "hidden" });
    }
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

/// What the card of photo `id` that a deal carried says, through `f`; `None` when no deal
/// carried it (the cards are what the page knows of a photo before the realm is read).
fn dealt_card<T>(
    cards: StoredValue<Vec<PairCard>>,
    id: u64,
    f: impl FnOnce(&PairCard) -> T,
) -> Option<T> {
    cards.with_value(|c| c.iter().find(|c| c.photo == id).map(f))
}

fn now() -> f64 {
    js_sys::Date::now()
}

/// The pair on screen, with its token when the server dealt it (a practice pair has none).
#[derive(Clone, Debug, PartialEq)]
struct Shown {
    a: u64,
    b: u64,
    token: Option<String>,
}

/// Where asking the server for pairs stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Dealing {
    /// Nothing asked.
    Idle,
    /// A request is out.
    Asking,
    /// The last request failed (offline, or the server refused): practice pairs until one works.
    Unreachable,
}

/// The Arena page.
#[component]
pub fn ArenaPage() -> impl IntoView {
    let store = use_realm_store();
    ImageTags::provide();
    let rng = StoredValue::new(SplitMix64::new(random_u64()));
    let deck = StoredValue::new(Deck::load());
    let shown = RwSignal::new(None::<Shown>);
    let next = RwSignal::new(None::<(u64, u64)>);
    let dealing = RwSignal::new(Dealing::Idle);
    let log = RwSignal::new(Vec::<Cast>::new());
    // What the deals said of their photos: on a first visit the first pair is shown from these
    // while the realm is still being read (it arrives with the wasm, and reading it is the last
    // long step before anything can be judged).
    let cards = StoredValue::new(Vec::<PairCard>::new());
    let builds = RwSignal::new(builds_remembered());
    let toggle_builds = move || {
        builds.update(|b| *b = !*b);
        remember_builds(builds.get_untracked());
    };
    let pool = Memo::new(move |_| {
        store
            .realm
            .with(|r| r.as_deref().map(engine::arena_pool).unwrap_or_default())
    });
    let realm_in = Memo::new(move |_| store.realm.with(Option::is_some));
    let loaded = move || realm_in.get_untracked();
    let carded = move |id: u64| dealt_card(cards, id, |_| ()).is_some();
    let judged = move |id: u64| pool.with_untracked(|p| p.iter().any(|r| r.photo_id == id));
    let on_screen_judged =
        move || shown.with_untracked(|s| s.as_ref().is_some_and(|s| judged(s.a) && judged(s.b)));
    // A practice pair, drawn here: clear of the pair on screen when the pool allows.
    let practice = move || {
        let last = shown.with_untracked(|s| s.as_ref().map(|s| (s.a, s.b)));
        let pool = pool.get_untracked();
        rng.try_update_value(|g| engine::pick_pair_after(&pool, &[], last, g))
            .flatten()
            .map(|(a, b)| Shown { a, b, token: None })
    };
    // Puts the next pair on screen: the deck's next, else (with the server out of reach) a
    // practice pair, else nothing while pairs are on their way. Before the realm is in, only a
    // pair whose two cards came with a deal: the server dealt it from the arena just now, and
    // the realm, once in, takes it off screen if it no longer holds it.
    let show_next = move || {
        let dealt = deck
            .try_update_value(|d| {
                if loaded() {
                    d.prune(now(), judged);
                } else {
                    d.prune(now(), |_| true);
                    if !d
                        .pairs
                        .first()
                        .is_some_and(|p| carded(p.pair.a) && carded(p.pair.b))
                    {
                        return None;
                    }
                }
                let p = d.draw();
                d.save();
                p
            })
            .flatten();
        let upcoming = match dealt {
            Some(p) => Some(Shown {
                a: p.a,
                b: p.b,
                token: Some(p.token),
            }),
            None if dealing.get_untracked() == Dealing::Unreachable => practice(),
            None => None,
        };
        shown.set(upcoming);
        next.set(deck.with_value(Deck::peek));
    };
    // Asks for more pairs when the deck runs low (one request at a time). A deal puts a pair on
    // screen if none (or only a practice one) is; it never asks again by itself, so a server with
    // too few photos to deal is not asked in a loop. A deal needs no realm, so on a first visit
    // the pairs are asked for while the realm is still on its way, and the first pair shows as
    // soon as the realm is in.
    let ask = move || {
        if dealing.get_untracked() == Dealing::Asking || !deck.with_value(Deck::wants_more) {
            return;
        }
        dealing.set(Dealing::Asking);
        leptos::task::spawn_local(async move {
            let voter = deck.with_value(|d| d.voter.clone());
            let mut answer = api::deal_pairs(&PairRequest {
                voter,
                count: deck::DEAL,
            })
            .await;
            // A pass the server no longer knows (its database was replaced): start afresh.
            if matches!(&answer, Err(ApiError::Status(422, Some(e))) if e.field.as_deref() == Some("voter"))
            {
                deck.update_value(Deck::forget);
                answer = api::deal_pairs(&PairRequest {
                    voter: None,
                    count: deck::DEAL,
                })
                .await;
            }
            match answer {
                Ok(mut deal) => {
                    let dealt = std::mem::take(&mut deal.cards);
                    cards.update_value(|c| {
                        c.retain(|old| dealt.iter().all(|new| new.photo != old.photo));
                        c.extend(dealt);
                    });
                    deck.update_value(|d| {
                        d.take_in(deal, now());
                        d.save();
                    });
                    dealing.set(Dealing::Idle);
                    let practising =
                        shown.with_untracked(|s| s.as_ref().is_none_or(|s| s.token.is_none()));
                    if practising {
                        show_next();
                    } else {
                        next.set(deck.with_value(Deck::peek));
                    }
                }
                Err(_) => {
                    dealing.set(Dealing::Unreachable);
                    if shown.with_untracked(Option::is_none) {
                        show_next();
                    }
                }
            }
        });
    };
    // A pair whose photo left the arena (its season held back, the photo deleted) is replaced;
    // so is the empty screen once the realm is in.
    Effect::new(move |_| {
        pool.track();
        if !on_screen_judged() {
            show_next();
        } else {
            deck.update_value(|d| d.prune(now(), judged));
            next.set(deck.with_value(Deck::peek));
        }
        ask();
    });
    let online = window_event_listener(leptos::ev::online, move |_| {
        if dealing.get_untracked() == Dealing::Unreachable {
            dealing.set(Dealing::Idle);
        }
        ask();
    });
    on_cleanup(move || online.remove());
    Effect::new(move |_| {
        let answered = store.vote_results.get();
        log.update(|l| settle(l, &answered));
    });
    let cast = move |left: bool| {
        let Some(Shown { a, b, token }) = shown.get_untracked() else {
            return;
        };
        let (chosen, other) = if left { (a, b) } else { (b, a) };
        let vote = Vote {
            token: token.clone().unwrap_or_default(),
            chosen,
            other,
            cast_at: now() as i64,
        };
        let before = store.realm.with_untracked(|r| {
            r.as_deref()
                .map(|r| (r.rating_of(chosen), r.rating_of(other)))
        });
        let dealt_rating =
            |id: u64| dealt_card(cards, id, |c| c.rating).unwrap_or(Rating::start(id));
        let before = before.unwrap_or_else(|| (dealt_rating(chosen), dealt_rating(other)));
        let verdict = if token.is_some() {
            Verdict::Queued
        } else {
            Verdict::NotCounted(NO_TOKEN.into())
        };
        log.update(|l| {
            l.insert(
                0,
                Cast {
                    vote: vote.clone(),
                    before,
                    verdict,
                },
            );
        });
        if token.is_some() {
            store.vote(vote);
        }
        show_next();
        ask();
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
            "b" | "B" => toggle_builds(),
            _ => return,
        }
        e.prevent_default();
    });
    on_cleanup(move || keys.remove());

    let pair_view = move || {
        let Some(Shown { a, b, token }) = shown.get() else {
            return Some(
                view! { <p class="arena-empty">"Asking the server for pairs…"</p> }.into_any(),
            );
        };
        let counts = if token.is_some() { "yes" } else { "no" };
        // Drawn again once, when the realm comes in and the builds with it.
        realm_in.track();
        let faces = store.realm.with_untracked(|r| match r.as_deref() {
            Some(r) => Some((Face::of(r, a), Face::of(r, b))),
            None => Some((
                dealt_card(cards, a, Face::dealt)?,
                dealt_card(cards, b, Face::dealt)?,
            )),
        });
        faces.map(|(left, right)| {
            view! {
                {token.is_none().then(|| view! {
                    <p class="notice arena-uncounted" role="status">
                        "The server can't deal pairs right now (you may be offline): these are practice pairs, and votes on them won't count. Counted voting comes back with the server."
                    </p>
                })}
                <div class="arena-pair" data-pair=format!("{a},{b}") data-counts=counts>
                    {contender(left, a, Side::Left, builds, move || cast(true))}
                    <p class="arena-or">"or"</p>
                    {contender(right, b, Side::Right, builds, move || cast(false))}
                </div>
            }.into_any()
        })
    };
    let pair_up = Memo::new(move |_| shown.with(Option::is_some));
    view! {
        <div class="arena-page">
            <ArenaTabs />
            <h1>"Arena"</h1>
            <h2 class="arena-question">"Which is the better build?"</h2>
            <p class="lead">"Click or tap a photo, or press ← or →. Your judgements move the ratings, and the ratings every figure's Power."</p>
            <p class="arena-tools">
                <button
                    type="button"
                    class="build-toggle"
                    aria-expanded=move || builds.get().to_string()
                    aria-controls="build-left build-right"
                    on:click=move |_| toggle_builds()
                >
                    {move || if builds.get() { "Hide the builds" } else { "Compare the builds" }}
                    " "<kbd>"B"</kbd>
                </button>
            </p>
            <div
                class="arena"
                data-pool=move || pool.with(Vec::len)
                data-next=move || next.get().map(|(a, b)| format!("{a},{b}")).unwrap_or_default()
            >
                {move || match (realm_in.get(), pool.with(Vec::len)) {
                    (false, _) if !pair_up.get() => view! { <p class="arena-empty">"Loading the realm…"</p> }.into_any(),
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

/// Which of the pair a contender is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Side {
    Left,
    Right,
}

impl Side {
    fn name(self) -> &'static str {
        match self {
            Side::Left => "left",
            Side::Right => "right",
        }
    }

    fn key(self) -> &'static str {
        match self {
            Side::Left => "←",
            Side::Right => "→",
        }
    }
}

/// What a contender's button and build show of its photo.
struct Face {
    name: String,
    /// Its faction's name and colour.
    faction: Option<(String, String)>,
    /// The build's markup; `None` until the realm is in.
    build: Option<String>,
}

impl Face {
    /// As the realm holds the photo.
    fn of(r: &Realm, id: u64) -> Face {
        let photo = r.photo(id);
        let faction = photo.and_then(|p| r.faction(p.faction));
        Face {
            name: photo.map(|p| p.name.clone()).unwrap_or_default(),
            faction: faction.map(|f| (f.name.clone(), f.colour.clone())),
            build: Some(
                photo
                    .map(|p| build_markup(&sheet(r, p)).finish())
                    .unwrap_or_default(),
            ),
        }
    }

    /// As the deal's card has it, before the realm is in.
    fn dealt(card: &PairCard) -> Face {
        Face {
            name: card.name.clone(),
            faction: Some((card.faction.clone(), card.colour.clone())),
            build: None,
        }
    }
}

/// One of the two photos: a big button with its portrait, name and faction, and under it the
/// build (species, stats after buffs, gear, Power and rating), shown while `builds` is on. The
/// build sits outside the button, so the button's name stays the figure's and the build's table
/// is read as a table.
fn contender(
    face: Face,
    id: u64,
    side: Side,
    builds: RwSignal<bool>,
    choose: impl Fn() + 'static,
) -> impl IntoView {
    let Face {
        name,
        faction,
        build,
    } = face;
    let style = faction
        .as_ref()
        .map(|(_, colour)| format!("--faction-colour: {colour}"));
    let faction = faction.map(|(name, _)| name);
    let waiting = build.is_none();
    let build = build.unwrap_or_else(|| {
        "<p class=\"loading\">The build shows once the realm has loaded.</p>".to_string()
    });
    let build_label = format!("Build of {name}");
    // The button's name is what it shows (a name must hold the visible words), after a hidden
    // "Choose" that says what pressing it does.
    view! {
        <div class=format!("contender-side {}", side.name())>
            <button class=format!("contender {}", side.name()) data-photo=id style=style on:click=move |_| choose()>
                <span class="visually-hidden">"Choose "</span>
                <span class="portrait-frame">
                    <PhotoPicture id size=Size::Display />
                </span>
                <span class="contender-name">{name.clone()}</span>
                <span class="contender-faction">{faction}</span>
                <kbd>{side.key()}</kbd>
            </button>
            <section
                class="build lightbox-stats"
                id=format!("build-{}", side.name())
                aria-label=build_label
                data-photo=id
                aria-busy=waiting.then_some("true")
                hidden=move || !builds.get()
                inner_html=build
            ></section>
        </div>
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
