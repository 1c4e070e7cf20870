//! The lightbox of one photo: the image large, as uploaded (with the upload control and a link to
//! the original), its numbers explained by the shared sheet (`app::markup::photo_sheet`: stats as
//! typed, with gear, after buffs, and the factors of its Power) — computed by the engine in the
//! browser from the realm on screen, so a fitting changes them at once — then the equipment and
//! the photo's own form. Escape, the close button or a click outside closes it.

use super::gear_fitting::GearFitting;
use super::photo_form::PhotoForm;
use crate::editor_page::image_upload::ImageUpload;
use app::components::photo_picture::{use_image_tags, PhotoPicture, Size};
use app::markup::photo_sheet::{sheet, sheet_markup};
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
