//! A photo's picture — its uploaded image when the server has one, else its generated portrait —
//! in either of the two sizes the server keeps: the display image (at most 480 px, tens of
//! kilobytes) for the arena and the cards, the original for the lightbox and the download. Unique
//! items and war machine kinds have uploaded pictures the same way (without a portrait to fall
//! back on). Which records have an image is asked once per page ([`ImageTags`]) so no page requests
//! an image that does not exist.

use crate::api::{self, ApiError};
use crate::components::portrait::{Look, Portrait};
use crate::store::{use_realm_store, Badge};
use engine::wire::ImageKind;
use leptos::prelude::*;
use std::collections::HashMap;

/// Which of a photo's two images to show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Size {
    /// At most 480 px on the long side, as JPEG (`GET /api/images/{kind}/{id}/display`).
    Display,
    /// As uploaded (`GET /api/images/{kind}/{id}`).
    Original,
}

/// The address of the image of record `id` of `kind` at `size`, versioned by the original's
/// entity tag.
pub fn image_url(kind: ImageKind, id: u64, tag: &str, size: Size) -> String {
    let v: String = tag.chars().filter(char::is_ascii_alphanumeric).collect();
    let kind = kind.name();
    match size {
        Size::Display => format!("/api/images/{kind}/{id}/display?v={v}"),
        Size::Original => format!("/api/images/{kind}/{id}?v={v}"),
    }
}

/// Which records have an uploaded image ((kind, id) → entity tag), and whether the server
/// answered the last time it was asked. Shared by every picture of the section.
#[derive(Clone, Copy)]
pub struct ImageTags {
    tags: RwSignal<HashMap<(ImageKind, u64), String>>,
    /// `None` until the first answer; `Some(false)` when the server could not be reached.
    pub reachable: RwSignal<Option<bool>>,
}

impl ImageTags {
    /// Creates the list, provides it to the section, and asks the server again whenever the sync
    /// badge changes (so the list and the upload control follow the server coming and going).
    pub fn provide() -> ImageTags {
        let it = ImageTags {
            tags: RwSignal::new(HashMap::new()),
            reachable: RwSignal::new(None),
        };
        provide_context(it);
        let store = use_realm_store();
        Effect::new(move |prev: Option<Badge>| {
            let badge = store.status.with(|s| s.badge());
            if prev != Some(badge) && badge != Badge::Syncing {
                it.refresh();
            }
            badge
        });
        it
    }

    /// Asks the server which records have images.
    pub fn refresh(self) {
        leptos::task::spawn_local(async move {
            match api::images().await {
                Ok(list) => {
                    let tags = list.images.into_iter().map(|t| ((t.kind, t.id), t.etag));
                    self.tags.set(tags.collect());
                    self.reachable.set(Some(true));
                }
                Err(ApiError::Unreachable(_)) => self.reachable.set(Some(false)),
                Err(_) => self.reachable.set(Some(true)),
            }
        });
    }

    /// The address of the image of record `id` of `kind` at `size`, when it has one; the
    /// original's tag in the query makes a replaced image (and so its display image) a new address.
    pub fn url(&self, kind: ImageKind, id: u64, size: Size) -> Option<String> {
        self.tags
            .with(|t| t.get(&(kind, id)).map(|tag| image_url(kind, id, tag, size)))
    }

    /// The first of `owners` that has an image (a war machine kind's own picture, else one of its
    /// machines' photos).
    pub fn first_of(&self, owners: &[(ImageKind, u64)]) -> Option<(ImageKind, u64)> {
        self.tags
            .with(|t| owners.iter().copied().find(|o| t.contains_key(o)))
    }
}

/// The page's image list.
pub fn use_image_tags() -> ImageTags {
    expect_context::<ImageTags>()
}

/// A photo's picture: the uploaded image, or the generated portrait when there is none (or it
/// cannot be loaded, e.g. offline and not cached).
#[component]
pub fn PhotoPicture(id: u64, size: Size) -> impl IntoView {
    let store = use_realm_store();
    let images = use_image_tags();
    let broken = RwSignal::new(None::<String>);
    let look = move || {
        store.realm.with(|r| {
            let r = r.as_deref()?;
            let p = r.photo(id)?;
            Some((Look::of(p, r), p.name.clone()))
        })
    };
    move || {
        let url = images
            .url(ImageKind::Photo, id, size)
            .filter(|u| broken.get().as_ref() != Some(u));
        match url {
            Some(url) => {
                let alt = look().map(|(_, n)| n).unwrap_or_default();
                let failed = url.clone();
                view! {
                    <img class="photo-image" src=url alt=alt on:error=move |_| broken.set(Some(failed.clone())) />
                }
                .into_any()
            }
            None => look()
                .map(|(look, name)| view! { <Portrait look=look label=name /> })
                .into_any(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_sizes_are_addressed_by_the_originals_tag_without_its_quotes() {
        assert_eq!(
            image_url(ImageKind::Photo, 7, "\"ab12\"", Size::Display),
            "/api/images/photo/7/display?v=ab12"
        );
        assert_eq!(
            image_url(ImageKind::MachineKind, 7, "\"ab12\"", Size::Original),
            "/api/images/machine_kind/7?v=ab12"
        );
    }
}
