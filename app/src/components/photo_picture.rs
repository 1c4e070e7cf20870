//! A photo's picture — its uploaded image when the server has one, else its generated portrait —
//! in either of the two sizes the server keeps: the display image (at most 480 px, tens of
//! kilobytes) for the arena and the cards, the original for the lightbox and the download. Which
//! photos have an image is asked once per page ([`ImageTags`]) so no page requests an image that
//! does not exist.

use crate::api::{self, ApiError};
use crate::components::portrait::{Look, Portrait};
use crate::store::{use_realm_store, Badge};
use leptos::prelude::*;
use std::collections::HashMap;

/// Which of a photo's two images to show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Size {
    /// At most 480 px on the long side, as JPEG (`GET /api/photos/{id}/display`).
    Display,
    /// As uploaded (`GET /api/photos/{id}/image`).
    Original,
}

/// The address of photo `id`'s image at `size`, versioned by the original's entity tag.
pub fn image_url(id: u64, tag: &str, size: Size) -> String {
    let v: String = tag.chars().filter(char::is_ascii_alphanumeric).collect();
    let path = match size {
        Size::Display => "display",
        Size::Original => "image",
    };
    format!("/api/photos/{id}/{path}?v={v}")
}

/// Which photos have an uploaded image (photo id → entity tag), and whether the server answered
/// the last time it was asked. Shared by every picture of the section.
#[derive(Clone, Copy)]
pub struct ImageTags {
    tags: RwSignal<HashMap<u64, String>>,
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

    /// Asks the server which photos have images.
    pub fn refresh(self) {
        leptos::task::spawn_local(async move {
            match api::photo_images().await {
                Ok(list) => {
                    let tags = list.images.into_iter().map(|t| (t.photo, t.etag));
                    self.tags.set(tags.collect());
                    self.reachable.set(Some(true));
                }
                Err(ApiError::Unreachable(_)) => self.reachable.set(Some(false)),
                Err(_) => self.reachable.set(Some(true)),
            }
        });
    }

    /// The address of photo `id`'s image at `size`, when it has one; the original's tag in the
    /// query makes a replaced image (and so its display image) a new address.
    pub fn url(&self, id: u64, size: Size) -> Option<String> {
        self.tags
            .with(|t| t.get(&id).map(|tag| image_url(id, tag, size)))
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
            .url(id, size)
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
            image_url(7, "\"ab12\"", Size::Display),
            "/api/photos/7/display?v=ab12"
        );
        assert_eq!(
            image_url(7, "\"ab12\"", Size::Original),
            "/api/photos/7/image?v=ab12"
        );
    }
}
