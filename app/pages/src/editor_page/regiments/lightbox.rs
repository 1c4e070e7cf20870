//! The lightbox of one photo: the image large, as uploaded (with the upload control and a link to
//! the original), its stats as typed, as species and gear make them, and after the faction's
//! buffs, its Power — all computed by the engine in the browser from the realm on screen, so a
//! fitting changes them at once — then the equipment and the photo's own form. Escape, the close button or a click outside closes it.

use super::gear_fitting::GearFitting;
use super::photo_form::PhotoForm;
use super::photo_sheet::{sheet, show};
use crate::editor_page::image_upload::ImageUpload;
use app::components::photo_picture::{use_image_tags, PhotoPicture, Size};
use app::store::use_realm_store;
use engine::wire::ImageKind;
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
                <GearFitting id />
                <PhotoForm id />
            </div>
        </div>
    }
}

/// Health, each stat (base, species + gear, buffed) and Power.
#[component]
fn StatsTable(id: u64) -> impl IntoView {
    let store = use_realm_store();
    let numbers = Memo::new(move |_| {
        store.realm.with(|r| {
            let r = r.as_deref()?;
            r.photo(id).map(|p| sheet(r, p))
        })
    });
    move || {
        numbers.get().map(|s| {
            let health = show(s.health);
            view! {
                <div class="lightbox-stats">
                    <p class="photo-power">
                        "Power "
                        <output class="power-value" data-value=s.power.to_string()>{show(Some(s.power))}</output>
                    </p>
                    <table class="stat-table">
                        <thead>
                            <tr><th scope="col">"Stat"</th><th scope="col">"Base"</th><th scope="col">"Species + gear"</th><th scope="col">"Buffed"</th></tr>
                        </thead>
                        <tbody>
                            <tr data-stat="health">
                                <th scope="row">"Health"</th>
                                <td class="base">{health.clone()}</td>
                                <td class="raw">{health.clone()}</td>
                                <td class="buffed">{health}</td>
                            </tr>
                            {s.lines.into_iter().map(|l| {
                                let moved = l.buffed != l.raw;
                                view! {
                                    <tr data-stat=l.key>
                                        <th scope="row">{l.label}</th>
                                        <td class="base">{show(l.base)}</td>
                                        <td class="raw" data-value=l.raw.map(|v| v.to_string())>{show(l.raw)}</td>
                                        <td class="buffed" class:moved=moved data-value=l.buffed.map(|v| v.to_string())>{show(l.buffed)}</td>
                                    </tr>
                                }
                            }).collect_view()}
                        </tbody>
                    </table>
                    <p class="stat-note">"Species + gear: the photo's own numbers with what it wears. Buffed: after its faction's Unit-Stats buffs. Health is never buffed."</p>
                </div>
            }
        })
    }
}
