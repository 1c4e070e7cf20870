//! One photo in its regiment's grid: its picture, name, Attack and Power (the engine's, after the
//! faction's buffs). Clicking it opens the lightbox.

use super::photo_sheet::show;
use app::components::photo_picture::{PhotoPicture, Size};
use app::store::use_realm_store;
use leptos::prelude::*;

/// The card of photo `id`; `open` opens its lightbox.
#[component]
pub fn PhotoCard(id: u64, open: Callback<u64>) -> impl IntoView {
    let store = use_realm_store();
    // (name, buffed Attack, Power)
    let numbers = Memo::new(move |_| {
        store.realm.with(|r| {
            let r = r.as_deref()?;
            let p = r.photo(id)?;
            let attack = engine::post_buff_stats(r, p).attack_power;
            Some((p.name.clone(), attack, engine::photo_power(r, p)))
        })
    });
    let name = move || numbers.get().map(|n| n.0).unwrap_or_default();
    view! {
        <li class="photo-card" data-photo=id>
            // Named by what it shows, after a hidden "Open" (a name must hold the visible words).
            <button type="button" class="photo-open" on:click=move |_| open.run(id)>
                <span class="visually-hidden">"Open "</span>
                <span class="photo-frame"><PhotoPicture id size=Size::Display /></span>
                <span class="photo-name">{name}</span>
                <span class="photo-numbers">
                    "Attack " <b class="card-attack">{move || show(numbers.get().and_then(|n| n.1))}</b>
                    " · Power " <b class="card-power">{move || show(numbers.get().map(|n| n.2))}</b>
                </span>
            </button>
        </li>
    }
}
