//! An uploaded picture as a small thumbnail that enlarges, on a press, over the page: the Archive's
//! unique items and war machines, and the editor's Armory form. The thumbnail shows the display
//! image (tens of kilobytes); the enlarged view loads the original, with a link to open it alone.
//! Escape, the close button or a click outside closes it, and the focus goes back to the
//! thumbnail. The enlarged view only shows things, so it is written as markup (`crate::markup`)
//! with one click handler on its backdrop, not as a `view!` tree of its own: [`MarkupDialog`],
//! which the faction page's figures open too.

use crate::components::photo_picture::{use_image_tags, ImageTags, Size};
use crate::markup::{class, Markup};
use engine::wire::ImageKind;
use leptos::html;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// The picture of `name`: the first of `owners` with an uploaded image (a war machine kind's own
/// picture, else a photo of one of its machines), or a quiet "no picture yet".
#[component]
pub fn Thumbnail(name: String, owners: Vec<(ImageKind, u64)>) -> impl IntoView {
    let images = use_image_tags();
    let open = RwSignal::new(false);
    let button = NodeRef::<html::Button>::new();
    let label = format!("Enlarge the picture of {name}");
    let close = Callback::new(move |()| {
        open.set(false);
        if let Some(b) = button.get_untracked() {
            let _ = b.focus();
        }
    });
    move || {
        let Some((kind, id)) = images.first_of(&owners) else {
            return view! { <span class="no-picture">"No picture yet"</span> }.into_any();
        };
        let thumb = images.url(kind, id, Size::Display).unwrap_or_default();
        let original = images.url(kind, id, Size::Original).unwrap_or_default();
        let markup = viewer_markup(&name, &original);
        view! {
            <button type="button" class="thumb" aria-label=label.clone() node_ref=button
                on:click=move |_| open.set(true)>
                <img src=thumb alt="" loading="lazy" />
            </button>
            {move || open.get().then(|| view! { <MarkupDialog markup=markup.clone() close /> })}
        }
        .into_any()
    }
}

/// [`Thumbnail`] as markup, for a page written as one string (the Archive): a button holding
/// the display image, with the enlarged view's caption and address in `data-caption` and
/// `data-original` ([`enlarged`] reads them back), or "no picture yet". The page opens the view
/// with [`MarkupDialog`] when the button is pressed.
pub fn thumbnail_markup(
    m: &mut Markup,
    images: &ImageTags,
    name: &str,
    owners: &[(ImageKind, u64)],
) {
    let Some((kind, id)) = images.first_of(owners) else {
        m.element("span", &[class("no-picture")], "No picture yet");
        return;
    };
    let thumb = images.url(kind, id, Size::Display).unwrap_or_default();
    let original = images.url(kind, id, Size::Original).unwrap_or_default();
    let label = format!("Enlarge the picture of {name}");
    let button = [
        ("type", Some("button")),
        class("thumb"),
        ("aria-label", Some(label.as_str())),
        ("data-caption", Some(name)),
        ("data-original", Some(original.as_str())),
    ];
    m.el("button", &button, |m| {
        m.empty(
            "img",
            &[
                ("src", Some(thumb.as_str())),
                ("alt", Some("")),
                ("loading", Some("lazy")),
            ],
        );
    });
}

/// The enlarged view a thumbnail written by [`thumbnail_markup`] opens.
pub fn enlarged(thumb: &web_sys::Element) -> String {
    let caption = thumb.get_attribute("data-caption").unwrap_or_default();
    let original = thumb.get_attribute("data-original").unwrap_or_default();
    viewer_markup(&caption, &original)
}

/// The enlarged view of `src`, captioned `caption`.
fn viewer_markup(caption: &str, src: &str) -> String {
    let mut body = Markup::new();
    body.el("figure", &[class("viewer-figure")], |m| {
        m.empty("img", &[("src", Some(src)), ("alt", Some(caption))]);
        m.el("figcaption", &[], |m| {
            m.append(original_link(src));
        });
    });
    dialog_markup("lightbox image-viewer", caption, body)
}

/// "Open the original": the uploaded file alone, in a new tab.
pub fn original_link(src: &str) -> Markup {
    let mut m = Markup::new();
    m.element(
        "a",
        &[
            class("photo-original"),
            ("href", Some(src)),
            ("target", Some("_blank")),
            ("rel", Some("noopener")),
        ],
        "Open the original",
    );
    m
}

/// A dialog of class `classes` headed `caption`, with its close button, around `body`: what
/// [`MarkupDialog`] shows.
pub fn dialog_markup(classes: &str, caption: &str, body: Markup) -> String {
    let mut m = Markup::new();
    m.el(
        "div",
        &[
            class(classes),
            ("role", Some("dialog")),
            ("aria-modal", Some("true")),
            ("aria-label", Some(caption)),
        ],
        |m| {
            m.el("header", &[class("lightbox-head")], |m| {
                m.element("h3", &[], caption);
                m.element(
                    "button",
                    &[
                        ("type", Some("button")),
                        class("lightbox-close"),
                        ("aria-label", Some("Close")),
                    ],
                    "×",
                );
            });
            m.append(body);
        },
    );
    m.finish()
}

/// A dialog that only shows things (`markup` from [`dialog_markup`]) over the page: the focus
/// goes to its close button; Escape, the button or a click outside it calls `close`.
#[component]
pub fn MarkupDialog(markup: String, close: Callback<()>) -> impl IntoView {
    let backdrop = NodeRef::<html::Div>::new();
    Effect::new(move |_| {
        let button = backdrop
            .get()
            .and_then(|b| b.query_selector(".lightbox-close").ok().flatten());
        if let Some(b) = button.and_then(|b| b.dyn_into::<web_sys::HtmlElement>().ok()) {
            let _ = b.focus();
        }
    });
    let keys = window_event_listener(leptos::ev::keydown, move |ev| {
        if ev.key() == "Escape" {
            ev.prevent_default();
            close.run(());
        }
    });
    on_cleanup(move || keys.remove());
    let click = move |ev: leptos::ev::MouseEvent| {
        // The backdrop itself or the close button; a click inside the dialog keeps it open.
        let on_close = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|t| t.closest(".lightbox-close").ok().flatten())
            .is_some();
        if on_close || ev.target() == ev.current_target() {
            close.run(());
        }
    };
    view! { <div class="lightbox-backdrop" node_ref=backdrop inner_html=markup on:click=click></div> }
}
