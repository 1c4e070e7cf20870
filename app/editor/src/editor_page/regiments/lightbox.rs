//! The lightbox of one photo: the image large, as uploaded (with the upload control and a link to
//! the original), its numbers explained by the shared sheet (`app::markup::photo_sheet`: stats as
//! typed, with gear, after buffs, and the factors of its Power) — computed by the engine in the
//! browser from the realm on screen, so a fitting changes them at once — then, for a war machine,
//! its crew (the kind's rule, whether it is met, and the faction's figures to attach), the
//! equipment and the photo's own form. Escape, the close button or a click outside closes it.

use super::gear_fitting::GearFitting;
use super::photo_form::PhotoForm;
use crate::editor_page::image_upload::ImageUpload;
use app::components::photo_picture::{use_image_tags, PhotoPicture, Size};
use app::markup::photo_sheet::{crew_markup, sheet, sheet_markup};
use app::store::use_realm_store;
use engine::wire::ImageKind;
use engine::{Group, RecordKind};
use leptos::prelude::*;

/// The lightbox of photo `id`; `close` ends it. It closes itself when the photo is deleted.
#[component]
pub fn Lightbox(id: u64, close: Callback<()>) -> impl IntoView {
    let store = use_realm_store();
    let images = use_image_tags();
    let name = Memo::new(move |_| {
        store.realm.with(|r| {
            r.as_deref()
                .and_then(|r| r.photo(id))
                .map(|p| p.name.clone())
        })
    });
    Effect::new(move |_| {
        if store.realm.with(|r| r.is_some()) && name.get().is_none() {
            close.run(());
        }
    });
    let keys = window_event_listener(leptos::ev::keydown, move |ev| {
        if ev.key() == "Escape" {
            close.run(());
        }
    });
    on_cleanup(move || keys.remove());
    view! {
        <div class="lightbox-backdrop" on:click=move |ev| {
            // Only a click on the backdrop itself, not one bubbling up from the dialog.
            if ev.target() == ev.current_target() {
                close.run(());
            }
        }>
            <div class="lightbox" role="dialog" aria-modal="true" aria-label=move || name.get().unwrap_or_default() data-photo=id>
                <header class="lightbox-head">
                    <h3>{move || name.get()}</h3>
                    <button type="button" class="lightbox-close" aria-label="Close" on:click=move |_| close.run(())>"×"</button>
                </header>
                <div class="lightbox-body">
                    <figure class="lightbox-figure">
                        <PhotoPicture id size=Size::Original />
                        {move || images.url(ImageKind::Photo, id, Size::Original).map(|href| view! {
                            <a class="photo-original" href=href target="_blank" rel="noopener">"Open the original"</a>
                        })}
                        <ImageUpload kind=ImageKind::Photo id />
                    </figure>
                    <StatsTable id />
                </div>
                <CrewPanel id />
                <GearFitting id />
                <PhotoForm id />
            </div>
        </div>
    }
}

/// The photo's numbers explained (the shared sheet), redrawn whenever the realm moves them.
#[component]
fn StatsTable(id: u64) -> impl IntoView {
    let store = use_realm_store();
    let markup = Memo::new(move |_| {
        store.realm.with(|r| {
            let r = r.as_deref()?;
            r.photo(id).map(|p| sheet_markup(&sheet(r, p)).finish())
        })
    });
    move || {
        markup
            .get()
            .map(|html| view! { <div class="lightbox-stats" inner_html=html></div> })
    }
}

/// A war machine's crew: its kind's rule and whether it is met (the state a battle starts from,
/// `engine::crew_check`), and the faction's figures as checkboxes. Ticking one attaches it
/// (`crew_of`, moving it from another machine if it crewed one); each tick is one edit through the
/// store. Nothing shows for a photo that is not a war machine.
#[component]
fn CrewPanel(id: u64) -> impl IntoView {
    let store = use_realm_store();
    let state = Memo::new(move |_| {
        store.realm.with(|r| {
            let r = r.as_deref()?;
            let c = engine::crew_check(r, r.photo(id)?)?;
            Some(crew_markup(r, &c).finish())
        })
    });
    // (id, name, the machine it crews now by name) of every figure of the faction that may crew.
    let candidates = Memo::new(move |_| {
        store.read(|r| {
            let Some(m) = r.photo(id) else {
                return Vec::new();
            };
            r.photos
                .iter()
                // Figures only: a place or a crest keepsake works no machine.
                .filter(|p| p.faction == m.faction && p.machine_kind.is_none())
                .filter(|p| {
                    !matches!(p.group, Group::Place | Group::Crest) || p.crew_of == Some(id)
                })
                .map(|p| {
                    let elsewhere = p
                        .crew_of
                        .filter(|&o| o != id)
                        .and_then(|o| r.photo(o))
                        .map(|o| o.name.clone());
                    (p.id, p.name.clone(), p.crew_of == Some(id), elsewhere)
                })
                .collect::<Vec<_>>()
        })
    });
    let error = RwSignal::new(None::<String>);
    let attach = move |pid: u64, on: bool| {
        let Some(mut p) = store
            .realm
            .with_untracked(|r| r.as_deref().and_then(|r| r.photo(pid)).cloned())
        else {
            return;
        };
        p.crew_of = on.then_some(id);
        match store.put(RecordKind::Photo, pid, &p) {
            Ok(()) => error.set(None),
            Err(e) => error.set(Some(format!("{}: {e}", p.name))),
        }
    };
    move || {
        state.get().map(|html| {
            view! {
                <section class="crew-panel" aria-labelledby=format!("crew-{id}")>
                    <h4 id=format!("crew-{id}")>"Crew"</h4>
                    <p class="crew-state" inner_html=html></p>
                    <fieldset class="crew-choices" tabindex="0" prop:disabled=move || !store.can_edit()>
                        <legend>"Attach the figures that work it"</legend>
                        <For each=move || candidates.get() key=|c| c.clone() let:c>
                            {
                                let (pid, name, on, elsewhere) = c;
                                view! {
                                    <label class="crew-choice" data-photo=pid>
                                        <input type="checkbox" name="crew" value=pid prop:checked=on
                                            on:change=move |ev| attach(pid, event_target_checked(&ev)) />
                                        {name}
                                        {elsewhere.map(|o| view! { <span class="crews-other">{format!(" (crews {o})")}</span> })}
                                    </label>
                                }
                            }
                        </For>
                    </fieldset>
                    {move || error.get().map(|m| view! { <p class="form-error" role="alert">{m}</p> })}
                </section>
            }
        })
    }
}
