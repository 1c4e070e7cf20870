//! The Toolbox: *Recalculate Unit Stats* (SPEC §2.4c). It re-derives every photo of the collection as
//! this browser stores it — the server's records as last pulled with the pending edits laid over —
//! and reports which photos' stored stats and Power were stale, from what to what.
//!
//! **Decision:** the sweep reports and does not queue the re-derived photos as edits. The realm on
//! screen is already re-derived by the engine after every change, and the server re-derives and
//! stores every photo an edit reaches when that edit arrives (its `settle`), so queuing derived
//! numbers would only race the server's own rewrite into conflicts. A stale photo here therefore
//! means an Armory edit not yet synced; the report shows what it will do.

use super::stat_changes::ChangeList;
use app::store::use_realm_store;
use engine::{recalculate_report, PhotoChange};
use leptos::prelude::*;

/// The Toolbox section of the editor.
#[component]
pub fn Toolbox() -> impl IntoView {
    let store = use_realm_store();
    let result = RwSignal::new(None::<Result<(usize, Vec<PhotoChange>), String>>);
    let run = move |_| {
        result.set(Some(match store.stored_realm() {
            Ok(mut realm) => {
                let checked = realm.photos.len();
                Ok((checked, recalculate_report(&mut realm)))
            }
            Err(e) => Err(e.to_string()),
        }));
    };
    view! {
        <section class="editor-section toolbox">
            <h2>"Toolbox"</h2>
            <p class="lead">"Re-derive every photo's equipment stats from the Armory and see what moved. Health, names and anything typed by hand are never touched."</p>
            <button type="button" class="recalculate" on:click=run>"Recalculate Unit Stats"</button>
            {move || result.get().map(|r| match r {
                Ok((checked, changes)) => {
                    let n = changes.len();
                    let title = if changes.is_empty() {
                        format!("{checked} photos checked: every one was up to date.")
                    } else {
                        format!("{checked} photos checked: {} changed (an Armory edit not yet synced; the server stores the same when it arrives).", changes.len())
                    };
                    view! {
                        <div class="recalc-report" role="status" data-changed=n>
                            <p class="report-title">{title}</p>
                            <ChangeList changes />
                        </div>
                    }.into_any()
                }
                Err(e) => view! { <p class="form-error" role="alert">{e}</p> }.into_any(),
            })}
        </section>
    }
}
