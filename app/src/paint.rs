//! What a page draws once its first screenful is on screen.
//!
//! On the phone profile (CPU 4× slower) every element a page builds before its first paint delays
//! that paint: a few hundred table rows or a form of controls below the fold cost a tenth of a
//! second or more. A page draws what a visitor sees first, and the rest in the task after that
//! frame has painted, which a visitor scrolling down never notices.

use leptos::prelude::*;
use std::time::Duration;

/// Resolves in the first task after the next frame has painted: for work that must not hold back
/// the paint of what the page has drawn so far.
pub async fn next_paint() {
    let (done, painted) = tokio::sync::oneshot::channel::<()>();
    request_animation_frame(move || {
        set_timeout(
            move || {
                let _ = done.send(());
            },
            Duration::ZERO,
        )
    });
    let _ = painted.await;
}

/// A signal that turns true (and stays true) in the first task after the frame that follows
/// `ready` first holding: the frame that paints what `ready` lets the page draw.
pub fn after_paint(ready: impl Fn() -> bool + 'static) -> ReadSignal<bool> {
    let (painted, set) = signal(false);
    Effect::new(move |_| {
        if ready() && !painted.get_untracked() {
            request_animation_frame(move || set_timeout(move || set.set(true), Duration::ZERO));
        }
    });
    painted
}
