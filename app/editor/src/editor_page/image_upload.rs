//! The upload control of a photo, a unique item or a war machine kind (the picture itself is
//! `app::components::photo_picture`). Uploads are the one part of the editor that needs the server
//! (an image is not a record of the collection and does not ride the sync queue), so when the
//! server cannot be reached the control says so and is disabled; everything else keeps working
//! offline.

use app::api::{self, ApiError};
use app::components::photo_picture::use_image_tags;
use app::store::use_realm_store;
use engine::wire::ImageKind;
use leptos::prelude::*;
use wasm_bindgen::JsValue;

/// The largest image the server takes (`server/src/routes/images.rs`).
pub const MAX_UPLOAD_BYTES: f64 = 5.0 * 1024.0 * 1024.0;

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

/// Where an upload stands.
#[derive(Clone, Debug, PartialEq)]
enum Upload {
    Idle,
    Sending,
    Done,
    Failed(String),
}

/// What a record of `kind` is called in the control's words.
fn what(kind: ImageKind) -> &'static str {
    match kind {
        ImageKind::Photo => "photo",
        ImageKind::UniqueItem => "unique item",
        ImageKind::MachineKind => "war machine",
    }
}

/// The upload control of one record's image.
#[component]
pub fn ImageUpload(kind: ImageKind, id: u64) -> impl IntoView {
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
            let result = api::put_image(kind, id, file, &mime, &key).await;
            state.set(match result {
                Ok(()) => Upload::Done,
                Err(e) => Upload::Failed(upload_failure(kind, &e)),
            });
            images.refresh();
        });
    };
    view! {
        <div class="image-upload">
            <label class="upload-button" class:disabled=disabled>
                {if kind == ImageKind::Photo { "Upload a photo" } else { "Upload a picture" }}
                <input type="file" name=format!("{}-image", kind.name()) accept="image/png,image/jpeg,image/webp"
                    prop:disabled=disabled on:change=pick />
            </label>
            <span class="upload-hint">
                {if kind == ImageKind::Photo {
                    "PNG, JPEG or WebP, at most 5 MB. Without one, the generated portrait is kept."
                } else {
                    "PNG, JPEG or WebP, at most 5 MB. The Archive shows it, and enlarges it on a click."
                }}
            </span>
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
fn upload_failure(kind: ImageKind, e: &ApiError) -> String {
    match e {
        ApiError::Unreachable(_) => "the server cannot be reached; uploads need it".into(),
        ApiError::Status(404, _) => format!(
            "the server does not have this {} yet; it gets it at the next sync, then try again",
            what(kind)
        ),
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
