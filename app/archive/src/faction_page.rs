//! `/factions` lists every faction's card; `/factions/:id` is one faction for everyone — its totals and buffs, Power by group, and every
//! figure grouped as the faction is (Leader, Generals, Special People, each Regiment, each
//! Equipment type with its crews, Crests, Places), each with its picture and Power. A figure's
//! card opens a dialog with its numbers explained. The address is the share link; the map's
//! faction cards lead here.
//!
//! The page only shows things, so it is one markup string (`roster`) with one click handler that
//! opens the dialog: a card is a button, so Enter and Space open it too.

mod roster;

use app::components::image_viewer::MarkupDialog;
use app::components::page_intro::PageIntro;
use app::components::photo_picture::ImageTags;
use app::store::use_realm_store;
use leptos::prelude::*;
use leptos_router::hooks::use_params_map;
use wasm_bindgen::JsCast;

/// `/factions`: every faction's card, each leading to its page.
#[component]
pub fn FactionList() -> impl IntoView {
    let store = use_realm_store();
    let cards = Memo::new(move |_| {
        store.realm.with(|r| {
            r.as_deref().map(|r| {
                app::markup::faction_card::cards_markup(&app::markup::faction_card::CardData::all(
                    r,
                ))
            })
        })
    });
    view! {
        <PageIntro title="Factions" lead="Every faction of the realm: open one to see its figures, their Power and its siege train." />
        {move || match cards.get() {
            Some(html) => view! { <ul class="faction-cards faction-list" inner_html=html></ul> }.into_any(),
            None => view! { <p class="loading">"Loading the realm…"</p> }.into_any(),
        }}
    }
}

/// The faction page.
#[component]
pub fn FactionPage() -> impl IntoView {
    let store = use_realm_store();
    let images = ImageTags::provide();
    let params = use_params_map();
    let id = Memo::new(move |_| params.with(|p| p.get("id").and_then(|s| s.parse::<u64>().ok())));
    let pictures = move |photo: u64, size| images.url(engine::wire::ImageKind::Photo, photo, size);
    let page = Memo::new(move |_| {
        store.realm.with(|r| {
            let r = r.as_deref()?;
            let f = r.faction(id.get()?)?;
            let sheet = engine::faction_sheet(r, f.id)?;
            Some((
                f.name.clone(),
                roster::page_markup(r, f, &sheet, &pictures).finish(),
            ))
        })
    });
    Effect::new(move |_| {
        if let Some((name, _)) = page.get() {
            document().set_title(&format!("{name} · Brickrealm"));
        }
    });
    let open = RwSignal::new(None::<u64>);
    let dialog = move || {
        let photo = open.get()?;
        let markup = store
            .realm
            .with(|r| roster::figure_dialog(r.as_deref()?, photo, &pictures))?;
        let close = Callback::new(move |()| {
            open.set(None);
            let card = document()
                .query_selector(&format!(".figure-card[data-photo=\"{photo}\"]"))
                .ok()
                .flatten()
                .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
            if let Some(card) = card {
                let _ = card.focus();
            }
        });
        Some(view! { <MarkupDialog markup close /> })
    };
    let click = move |ev: leptos::ev::MouseEvent| {
        let card = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|t| t.closest(".figure-card").ok().flatten());
        if let Some(photo) = card.and_then(|c| c.get_attribute("data-photo")) {
            open.set(photo.parse().ok());
        }
    };
    view! {
        <p class="back"><a href="/map">"← The map"</a></p>
        {move || match (page.get(), store.realm.with(|r| r.is_some())) {
            (Some((_, html)), _) => view! { <article class="faction-page" inner_html=html on:click=click></article> }.into_any(),
            (None, false) => view! { <p class="loading">"Loading the realm…"</p> }.into_any(),
            (None, true) => view! { <p class="empty">"No such faction in this realm."</p> }.into_any(),
        }}
        {dialog}
    }
}
