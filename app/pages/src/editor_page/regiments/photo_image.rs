//! A photo's picture — its uploaded image when the server has one, else its generated portrait —
//! and the upload control. Uploads are the one part of the editor that needs the server (an image
//! is not a record of the collection and does not ride the sync queue), so when the server cannot
//! be reached the control says so and is disabled; everything else keeps working offline.

use app::api::{self, ApiError};
use app::components::portrait::{Look, Portrait};
use app::store::{use_realm_store, Badge};
use leptos::prelude::*;
use std::collections::HashMap;
use wasm_bindgen::JsValue;

/// The largest image the server takes (`server/src/routes/photos.rs`).
pub const MAX_UPLOAD_BYTES: f64 = 5.0 * 1024.0 * 1024.0;

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

    /// The image's address for photo `id`, when it has one; the tag in the query makes a
    /// replaced image a new address.
    pub fn url(&self, id: u64) -> Option<String> {
        self.tags.with(|t| {
            t.get(&id).map(|tag| {
                let v: String = tag.chars().filter(char::is_ascii_alphanumeric).collect();
                format!("/api/photos/{id}/image?v={v}")
            })
        })
    }
}

/// The section's image list.
pub fn use_image_tags() -> ImageTags {
    expect_context::<ImageTags>()
}

/// Why a file cannot be sent, before it is sent: the server's own limits, said in words.
pub fn check_upload(mime: &str, size: f64) -> Result<(), String> {
    if !matches!(mime, "image/png" | "image/jpeg" | "image/webp") {
        let what = if mime.is_empty() { "this file" } else { mime };
        return Err(format!("{what} is not a PNG, JPEG or WebP image"));
    }
    if size > MAX_UPLOAD_BYTES {
        let mb = size / 1024.0 / 1024.0;
        return Err(format!("the image is {mb:.1} MB; at most 5 MB is accepted"));
    }
    if size <= 0.0 {
        return Err("the file is empty".into());
    }
    Ok(())
}

/// A photo's picture: the uploaded image, or the generated portrait when there is none (or it
/// cannot be loaded, e.g. offline and not cached).
#[component]
pub fn PhotoPicture(id: u64) -> impl IntoView {
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
        let url = images.url(id).filter(|u| broken.get().as_ref() != Some(u));
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

/// Where an upload stands.
#[derive(Clone, Debug, PartialEq)]
enum Upload {
    Idle,
    Sending,
    Done,
    Failed(String),
}

/// The upload control of one photo.
#[component]
pub fn ImageUpload(id: u64) -> impl IntoView {
    let store = use_realm_store();
    let images = use_image_tags();
    let state = RwSignal::new(Upload::Idle);
    let offline = move || images.reachable.get() == Some(false);
    let disabled = move || !store.can_edit() || offline() || state.get() == Upload::Sending;
    let pick = move |ev: leptos::ev::Event| {
        let Some(target) = ev.target() else { return };
        let target: JsValue = target.into();
        let file = js_sys::Reflect::get(&target, &"files".into())
            .ok()
            .and_then(|files| js_sys::Reflect::get_u32(&files, 0).ok())
            .filter(|f| !f.is_undefined() && !f.is_null());
        let _ = js_sys::Reflect::set(&target, &"value".into(), &"".into());
        let Some(file) = file else { return };
        let text = |k: &str| js_sys::Reflect::get(&file, &k.into()).ok();
        let mime = text("type").and_then(|v| v.as_string()).unwrap_or_default();
        let size = text("size").and_then(|v| v.as_f64()).unwrap_or(0.0);
        if let Err(why) = check_upload(&mime, size) {
            state.set(Upload::Failed(why));
            return;
        }
        let Some(key) = store.editor_key.get_untracked() else {
            state.set(Upload::Failed("enter the editor key to upload".into()));
            return;
        };
        state.set(Upload::Sending);
        leptos::task::spawn_local(async move {
            let result = api::put_photo_image(id, file, &mime, &key).await;
            state.set(match result {
                Ok(()) => Upload::Done,
                Err(e) => Upload::Failed(upload_failure(&e)),
            });
            images.refresh();
        });
    };
    view! {
        <div class="image-upload">
            <label class="upload-button" class:disabled=disabled>
                "Upload a photo"
                <input type="file" name="photo-image" accept="image/png,image/jpeg,image/webp"
                    prop:disabled=disabled on:change=pick />
            </label>
            <span class="upload-hint">"PNG, JPEG or WebP, at most 5 MB. Without one, the generated portrait is kept."</span>
            <Show when=offline>
                <p class="upload-offline" role="status">
                    "Uploads need the server, which cannot be reached now. Everything else here works offline and syncs later."
                </p>
            </Show>
            {move || match state.get() {
                Upload::Idle => None,
                Upload::Sending => Some(view! { <p class="upload-status" role="status">"Uploading…"</p> }.into_any()),
                Upload::Done => Some(view! { <p class="upload-status uploaded" role="status">"Uploaded."</p> }.into_any()),
                Upload::Failed(why) => Some(view! { <p class="upload-status field-error" role="alert">{format!("Upload failed: {why}")}</p> }.into_any()),
            }}
        </div>
    }
}

/// A failed upload's reason, in words.
fn upload_failure(e: &ApiError) -> String {
    match e {
        ApiError::Unreachable(_) => "the server cannot be reached; uploads need it".into(),
        ApiError::Status(404, _) => {
            "the server does not have this photo yet; it gets it at the next sync, then try again"
                .into()
        }
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uploads_are_checked_against_the_servers_limits() {
        assert_eq!(check_upload("image/png", 1024.0), Ok(()));
        assert_eq!(check_upload("image/webp", MAX_UPLOAD_BYTES), Ok(()));
        assert!(check_upload("image/gif", 10.0)
            .unwrap_err()
            .contains("not a PNG"));
        assert!(check_upload("", 10.0).unwrap_err().starts_with("this file"));
        assert!(check_upload("image/jpeg", MAX_UPLOAD_BYTES + 1.0)
            .unwrap_err()
            .contains("at most 5 MB"));
        assert!(check_upload("image/jpeg", 0.0).is_err());
    }
}
