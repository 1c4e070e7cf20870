//! A removal that asks once more. The editor's removals (a photo, a regiment or equipment type, a
//! buff, an Armory row) cannot be taken back once synced, so the first press only asks; the
//! question takes the button's place, with the confirming button focused and "Keep it" beside it.

use leptos::html;
use leptos::prelude::*;

/// The button `label` (class `class`); pressed, it becomes `question` with a `{class}-confirm`
/// button that runs `on_confirm` and a `{class}-cancel` button that puts the first one back.
#[component]
pub fn ConfirmButton(
    class: &'static str,
    label: &'static str,
    question: &'static str,
    confirm: &'static str,
    on_confirm: Callback<()>,
) -> impl IntoView {
    let asking = RwSignal::new(false);
    let yes = NodeRef::<html::Button>::new();
    let first = NodeRef::<html::Button>::new();
    Effect::new(move |_| {
        if let Some(b) = yes.get() {
            let _ = b.focus();
        }
    });
    let keep = move |_| {
        asking.set(false);
        // Focus goes back to the button that asked, not to the top of the page.
        request_animation_frame(move || {
            if let Some(b) = first.get_untracked() {
                let _ = b.focus();
            }
        });
    };
    view! {
        <Show when=move || asking.get() fallback=move || view! {
            <button type="button" class=class node_ref=first on:click=move |_| asking.set(true)>{label}</button>
        }>
            <span class="confirm-remove" role="group" aria-label=question>
                <span class="confirm-question">{question}</span>
                <button type="button" class=format!("{class}-confirm danger") node_ref=yes on:click=move |_| {
                    asking.set(false);
                    on_confirm.run(());
                }>{confirm}</button>
                <button type="button" class=format!("{class}-cancel") on:click=keep>"Keep it"</button>
            </span>
        </Show>
    }
}
