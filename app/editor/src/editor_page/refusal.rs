//! A refused edit as the editor's forms show it: the field inside the record it names, and why.
//! The buffs, armory and toolbox sections share it so each puts its message next to its input.

use app::store::field_in_record;
use app::store::EditError;
use leptos::prelude::*;

/// `(field inside the record, message)`; the field is empty when the refusal is about no one input.
pub type Refusal = (String, String);

/// Turns a store refusal into what a form shows.
pub fn refusal(e: EditError) -> Refusal {
    match e {
        EditError::Invalid(d) => (field_in_record(&d.field).to_string(), d.message),
        other => (String::new(), other.to_string()),
    }
}

/// The message for `field`, shown beside its input while the last save's refusal names it. A
/// refusal of a nested field (`effect.grudge.target`, `lines[0].crew`) is shown by the input of
/// its prefix.
pub fn error_for(
    error: RwSignal<Option<Refusal>>,
    field: &'static str,
) -> impl Fn() -> Option<AnyView> {
    move || {
        error
            .get()
            .filter(|(f, _)| belongs_to(f, field))
            .map(|(_, m)| view! { <span class="field-error" role="alert">{m}</span> }.into_any())
    }
}

/// The message of a refusal that names no input of the form.
pub fn form_error(
    error: RwSignal<Option<Refusal>>,
    fields: &'static [&'static str],
) -> impl Fn() -> Option<AnyView> {
    move || {
        error
            .get()
            .filter(|(f, _)| !fields.iter().any(|k| belongs_to(f, k)))
            .map(|(_, m)| view! { <p class="form-error" role="alert">{m}</p> }.into_any())
    }
}

/// Whether a refusal of `path` belongs to the input `field`: the field itself or inside it.
pub fn belongs_to(path: &str, field: &str) -> bool {
    path.strip_prefix(field)
        .is_some_and(|rest| rest.is_empty() || rest.starts_with('.') || rest.starts_with('['))
}
