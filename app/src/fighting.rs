//! What every page that fights battles in the browser shares: who may fight, in the words the
//! map uses (so the map and the Lab refuse a faction alike), and yielding to the browser between
//! chunks of a long run (so a page stays responsive while odds are counted).

use engine::{Faction, FactionKind};

/// Why a faction cannot start or receive a battle, if it cannot (SPEC §11.1: only two different
/// Ordinary factions fight; townsfolk never, mercenaries only as hires).
pub fn why_not_in_battle(f: &Faction) -> Option<String> {
    match f.kind {
        FactionKind::Ordinary => None,
        FactionKind::Townsfolk => Some(format!(
            "{} are townsfolk: they never take part in a battle.",
            f.name
        )),
        FactionKind::Mercenary => Some(format!(
            "{} is a mercenary company: it fights only when hired by a side that is behind.",
            f.name
        )),
    }
}

/// Yields to the browser until the next macrotask, so a paint (and input) can happen between two
/// chunks of battles.
pub async fn next_frame() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        if let Some(w) = web_sys::window() {
            let _ = w.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 0);
        }
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}

/// Milliseconds since the page loaded (0 where there is no clock), to size a chunk by time.
pub fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}
