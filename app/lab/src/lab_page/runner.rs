//! The part of the lab every system shares: the seed with "New seed", Run, the chronicle with its
//! plain-text view, "Edit as JSON", the saved line-ups (`saved`), and "Fight 1,000 times" in chunks with a progress bar.

mod saved;

use super::form::Form;
use super::odds::{describe, Tally};
use super::system::LabSystem;
use app::fighting::next_frame;
use app::markup::Markup;
use app::store::random_u53;
use leptos::prelude::*;
use saved::saved_line_ups;
use std::sync::Arc;

/// Battles the odds run fights, and how many between two paints.
pub const ODDS_RUNS: u64 = 1_000;
const ODDS_CHUNK: u64 = 50;

/// A fought battle: the input exactly as fought, and its outcome.
pub type Fought<S> = Arc<(<S as LabSystem>::Input, <S as LabSystem>::Outcome)>;

/// The lab of system `S`: `build` draws its form, `chronicle` the log of a fought battle (markup
/// for `inner_html`: the log only shows).
pub fn lab<S: LabSystem>(
    build: impl Fn(Form<S::Input>) -> AnyView + Send + Sync + 'static,
    chronicle: fn(&S::Input, &S::Outcome) -> Markup,
) -> impl IntoView {
    let form = Form::new(S::example(), S::check);
    let build = Arc::new(build);
    let fought: RwSignal<Option<Fought<S>>> = RwSignal::new(None);
    let odds: RwSignal<Option<(Tally, Vec<String>)>> = RwSignal::new(None);
    let generation = StoredValue::new(0u64);
    let seed_text = RwSignal::new(form.input.with_untracked(S::seed).to_string());
    let seed_error = RwSignal::new(None::<String>);
    let set_seed = move |seed: u64| {
        seed_text.set(seed.to_string());
        seed_error.set(None);
        form.edit(|i| S::set_seed(i, seed));
    };
    // A new shape (the example, JSON applied) may bring its own seed.
    Effect::new(move |_| {
        form.rev.track();
        seed_text.set(form.input.with_untracked(S::seed).to_string());
        seed_error.set(None);
    });
    let blocked = move || form.blocked() || seed_error.with(Option::is_some);
    let on_run = move |_| {
        if blocked() {
            return;
        }
        let input = form.input.get_untracked();
        let outcome = S::play(&input);
        fought.set(Some(Arc::new((input, outcome))));
    };
    let on_odds = move |_| {
        if blocked() {
            return;
        }
        run_odds::<S>(form.input.get_untracked(), odds, generation);
    };
    view! {
        <section class="lab-system" data-system=S::KEY>
            <details class="lab-rules" open>
                <summary>"How this system decides a battle"</summary>
                {S::RULES.iter().map(|p| view! { <p>{*p}</p> }).collect_view()}
            </details>
            // Keyed by the form's shape revision, so a new shape (a loaded line-up, the example)
            // mounts fresh inputs: redrawing in place would keep the text a user typed in an
            // input whose `value` attribute did not change.
            <div class="lab-build">
                <For each=move || std::iter::once(form.rev.get()) key=|rev| *rev
                    children=move |_| build(form) />
            </div>
            <JsonEditor form parse=S::parse />
            {saved_line_ups::<S>(form)}
            <div class="lab-run">
                <label class="lab-field seed">
                    <span>"Seed"</span>
                    <input type="text" inputmode="numeric" name="seed" prop:value=move || seed_text.get()
                        on:input=move |ev| {
                            let v = event_target_value(&ev);
                            seed_text.set(v.clone());
                            match v.trim().parse::<u64>() {
                                Ok(s) => set_seed(s),
                                Err(_) => seed_error.set(Some("a seed is a whole number from 0".into())),
                            }
                        } />
                    {move || seed_error.get().map(|m| view! { <span class="field-error" role="alert">{m}</span> })}
                </label>
                <button type="button" class="new-seed" on:click=move |_| set_seed(random_u53())>"New seed"</button>
                <button type="button" class="run" prop:disabled=blocked on:click=on_run>"Fight"</button>
                <button type="button" class="run-odds" prop:disabled=blocked on:click=on_odds>"Fight 1,000 times"</button>
                <button type="button" class="reset" on:click=move |_| form.replace(S::example())>"Start from the example"</button>
            </div>
            {move || form.first_problem().map(|e| view! {
                <p class="form-error lab-problem" role="alert">
                    {if e.field.is_empty() { String::new() } else { format!("{}: ", e.field) }}{e.message}
                </p>
            })}
            <OddsView odds />
            <div class="lab-result">
                {move || match fought.get() {
                    None => view! { <p class="chronicle-empty">{S::EMPTY}</p> }.into_any(),
                    Some(f) => {
                        let (input, outcome) = &*f;
                        let sides = S::sides(input);
                        let winner = S::winner(input, outcome)
                            .and_then(|w| sides.get(w).cloned())
                            .map_or("No side wins".to_string(), |n| format!("{n} wins"));
                        view! {
                            <h3 class="lab-winner">{winner}</h3>
                            <p class="fine">{format!("Seed {} — the same seed fights the same battle again. Not recorded to history.", S::seed(input))}</p>
                            <div class="chronicle" inner_html=chronicle(input, outcome).finish()></div>
                            <details class="plain-text">
                                <summary>"Engine log (the rule vectors' format)"</summary>
                                <pre>{S::text(input, outcome)}</pre>
                            </details>
                        }.into_any()
                    }
                }}
            </div>
        </section>
    }
}

/// The input as JSON: opened filled with the current input, applied through the engine's parser,
/// with the path of an error shown beside it.
#[component]
fn JsonEditor<I>(
    form: Form<I>,
    parse: fn(&str) -> Result<I, super::system::FieldError>,
) -> impl IntoView
where
    I: Clone + serde::Serialize + Send + Sync + 'static,
{
    let open = RwSignal::new(false);
    let text = RwSignal::new(String::new());
    let error = RwSignal::new(None::<String>);
    let toggle = move |_| {
        if !open.get_untracked() {
            let json = form
                .input
                .with_untracked(|i| serde_json::to_string_pretty(i).unwrap_or_default());
            text.set(json);
            error.set(None);
        }
        open.update(|o| *o = !*o);
    };
    let apply = move |_| match parse(&text.get_untracked()) {
        Ok(input) => {
            error.set(None);
            form.replace(input);
        }
        Err(e) => error.set(Some(if e.field.is_empty() {
            e.message
        } else {
            format!("at {}: {}", e.field, e.message)
        })),
    };
    view! {
        <div class="lab-json">
            <button type="button" class="json-toggle" aria-expanded=move || open.get().to_string() on:click=toggle>
                {move || if open.get() { "Close JSON" } else { "Edit as JSON" }}
            </button>
            <Show when=move || open.get()>
                <textarea class="json" spellcheck="false" prop:value=move || text.get()
                    on:input=move |ev| text.set(event_target_value(&ev))></textarea>
                <button type="button" class="json-apply" on:click=apply>"Apply JSON"</button>
                {move || error.get().map(|m| view! { <p class="field-error json-error" role="alert">{m}</p> })}
            </Show>
        </div>
    }
}

/// Fights `ODDS_RUNS` battles from the input's seed (one stream for all of them, so the odds too
/// replay), yielding to the browser between chunks. A new run stops an older one.
fn run_odds<S: LabSystem>(
    input: S::Input,
    out: RwSignal<Option<(Tally, Vec<String>)>>,
    generation: StoredValue<u64>,
) {
    let sides = S::sides(&input);
    let run_id = generation.get_value() + 1;
    generation.set_value(run_id);
    out.set(Some((Tally::new(sides.len()), sides.clone())));
    leptos::task::spawn_local(async move {
        let mut rng = engine::SplitMix64::new(S::seed(&input));
        let mut tally = Tally::new(sides.len());
        while tally.runs < ODDS_RUNS {
            next_frame().await;
            if generation.get_value() != run_id {
                return;
            }
            for _ in 0..ODDS_CHUNK.min(ODDS_RUNS - tally.runs) {
                let outcome = S::resolve(&input, &mut rng);
                tally.add(S::winner(&input, &outcome));
            }
            out.set(Some((tally.clone(), sides.clone())));
        }
    });
}

/// Each side's share of the wins with its interval, and the progress bar.
#[component]
fn OddsView(odds: RwSignal<Option<(Tally, Vec<String>)>>) -> impl IntoView {
    move || {
        let (t, sides) = odds.get()?;
        let done = t.runs as f64 / ODDS_RUNS as f64;
        let rows = sides
            .iter()
            .enumerate()
            .map(|(i, name)| {
                view! { <li class="odds-side"><strong>{name.clone()}</strong>" wins "{describe(t.share(Some(i)))}</li> }
            })
            .collect_view();
        let undecided = (t.undecided() > 0)
            .then(|| view! { <li class="odds-side undecided">"Nobody wins "{describe(t.share(None))}</li> });
        Some(view! {
            <div class="odds lab-odds" data-runs=t.runs.to_string() data-done=(t.runs == ODDS_RUNS).to_string()>
                <progress max="1" value=done.to_string()>{format!("{:.0}%", done * 100.0)}</progress>
                <span class="fine">{format!("{} of {} battles", t.runs, ODDS_RUNS)}</span>
                <ul>{rows}{undecided}</ul>
            </div>
        })
    }
}
