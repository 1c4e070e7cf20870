//! The lab's form state and field helpers. A form holds the engine input being built; every edit
//! is checked at once with the engine's validation, and an error is shown next to the field whose
//! path it names. A value that does not even read (a letter in a number, bad dice notation) is
//! kept as a local error on its field and never reaches the input.
//!
//! The fields are uncontrolled: the form is drawn from a snapshot of the input and redrawn only
//! when its shape changes (a row added or removed, JSON applied), so typing never loses focus.

use super::system::FieldError;
use leptos::prelude::*;
use serde::{de::DeserializeOwned, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::str::FromStr;

/// The state of one system's form. Copy, like the signals it holds.
pub struct Form<I: Send + Sync + 'static> {
    /// The input as built so far.
    pub input: RwSignal<I>,
    /// The engine's verdict on it.
    pub error: RwSignal<Option<FieldError>>,
    /// Fields whose text does not read, by path.
    bad: RwSignal<BTreeMap<String, String>>,
    /// Bumped when the form's shape changes, to redraw it.
    pub rev: RwSignal<u64>,
    /// Which "Show more" areas and windows are open, by key (kept across redraws).
    open: RwSignal<BTreeSet<String>>,
    check: fn(&I) -> Result<(), FieldError>,
}

impl<I: Send + Sync + 'static> Clone for Form<I> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<I: Send + Sync + 'static> Copy for Form<I> {}

impl<I: Clone + Send + Sync + 'static> Form<I> {
    /// A form starting from `input`, checked by `check`.
    pub fn new(input: I, check: fn(&I) -> Result<(), FieldError>) -> Form<I> {
        let error = check(&input).err();
        Form {
            input: RwSignal::new(input),
            error: RwSignal::new(error),
            bad: RwSignal::new(BTreeMap::new()),
            rev: RwSignal::new(0),
            open: RwSignal::new(BTreeSet::new()),
            check,
        }
    }

    /// Changes a value in place (no redraw) and checks the result.
    pub fn edit(self, f: impl FnOnce(&mut I)) {
        self.input.update(f);
        self.error
            .set(self.input.with_untracked(|i| (self.check)(i).err()));
    }

    /// Changes the form's shape (adds or removes rows) and redraws it.
    pub fn reshape(self, f: impl FnOnce(&mut I)) {
        self.edit(f);
        self.bad.set(BTreeMap::new());
        self.rev.update(|r| *r += 1);
    }

    /// Replaces the whole input (the example, or JSON applied).
    pub fn replace(self, input: I) {
        self.reshape(|i| *i = input);
    }

    /// Whether something keeps the input from being fought.
    pub fn blocked(self) -> bool {
        self.error.with(Option::is_some) || self.bad.with(|b| !b.is_empty())
    }

    /// The first problem, for the summary next to the run buttons.
    pub fn first_problem(self) -> Option<FieldError> {
        let local = self.bad.with(|b| {
            b.iter()
                .next()
                .map(|(f, m)| FieldError::new(f.clone(), m.clone()))
        });
        local.or_else(|| self.error.get())
    }

    fn set_bad(self, path: &str, message: Option<String>) {
        self.bad.update(|b| match message {
            Some(m) => {
                b.insert(path.to_string(), m);
            }
            None => {
                b.remove(path);
            }
        });
    }

    /// The error at `path`, local or the engine's, if any.
    fn message(self, path: &str) -> Option<String> {
        self.bad.with(|b| b.get(path).cloned()).or_else(|| {
            self.error.with(|e| {
                e.as_ref()
                    .filter(|e| e.field == path)
                    .map(|e| e.message.clone())
            })
        })
    }

    /// The error next to the field (or row) at `path`.
    pub fn err(self, path: String) -> impl IntoView {
        move || {
            self.message(&path)
                .map(|m| view! { <span class="field-error" role="alert" data-error-for=path.clone()>{m}</span> })
        }
    }

    /// Whether the area `key` is open.
    pub fn is_open(self, key: &str) -> bool {
        self.open.with(|o| o.contains(key))
    }

    /// Opens or closes the area `key`.
    pub fn toggle(self, key: &str) {
        self.open.update(|o| {
            if !o.remove(key) {
                o.insert(key.to_string());
            }
        });
    }
}

/// A whole-number field. Text that does not read as a `T` is refused next to the field.
pub fn num<I, T>(
    form: Form<I>,
    label: &'static str,
    path: String,
    value: T,
    set: impl Fn(&mut I, T) + 'static,
) -> AnyView
where
    I: Clone + Send + Sync + 'static,
    T: FromStr + ToString + 'static,
{
    let p = path.clone();
    view! {
        <label class="lab-field">
            <span>{label}</span>
            <input type="text" inputmode="numeric" class="num" data-path=path.clone() value=value.to_string()
                on:input=move |ev| {
                    match event_target_value(&ev).trim().parse::<T>() {
                        Ok(v) => {
                            form.set_bad(&p, None);
                            form.edit(|i| set(i, v));
                        }
                        Err(_) => form.set_bad(&p, Some("must be a whole number in range".into())),
                    }
                } />
            {form.err(path)}
        </label>
    }
    .into_any()
}

/// A field typed in a notation the engine parses (`1d10+SL`); `parse`'s error names the column.
pub fn notation<I, T>(
    form: Form<I>,
    label: &'static str,
    path: String,
    value: String,
    parse: fn(&str) -> Result<T, String>,
    set: impl Fn(&mut I, T) + 'static,
) -> AnyView
where
    I: Clone + Send + Sync + 'static,
    T: 'static,
{
    let p = path.clone();
    view! {
        <label class="lab-field">
            <span>{label}</span>
            <input type="text" class="notation" data-path=path.clone() value=value spellcheck="false"
                on:input=move |ev| {
                    match parse(&event_target_value(&ev)) {
                        Ok(v) => {
                            form.set_bad(&p, None);
                            form.edit(|i| set(i, v));
                        }
                        Err(e) => form.set_bad(&p, Some(e)),
                    }
                } />
            {form.err(path)}
        </label>
    }
    .into_any()
}

/// A free-text field.
pub fn text<I>(
    form: Form<I>,
    label: &'static str,
    path: String,
    value: String,
    set: impl Fn(&mut I, String) + 'static,
) -> AnyView
where
    I: Clone + Send + Sync + 'static,
{
    view! {
        <label class="lab-field">
            <span>{label}</span>
            <input type="text" data-path=path.clone() value=value
                on:input=move |ev| {
                    let v = event_target_value(&ev);
                    form.edit(|i| set(i, v));
                } />
            {form.err(path)}
        </label>
    }
    .into_any()
}

/// A checkbox.
pub fn check<I>(
    form: Form<I>,
    label: &'static str,
    path: String,
    value: bool,
    set: impl Fn(&mut I, bool) + 'static,
) -> AnyView
where
    I: Clone + Send + Sync + 'static,
{
    view! {
        <label class="lab-field lab-check">
            <input type="checkbox" data-path=path.clone() checked=value
                on:change=move |ev| {
                    let v = event_target_checked(&ev);
                    form.edit(|i| set(i, v));
                } />
            <span>{label}</span>
            {form.err(path)}
        </label>
    }
    .into_any()
}

/// An Olympia row as players place figures: the front, or behind it (the engine's `behind`, where
/// only 0 against more than 0 decides how a figure strikes). A deeper row read from JSON is kept
/// and shown as "Rear (row n)" until another choice is made.
pub fn row<I>(
    form: Form<I>,
    label: &'static str,
    path: String,
    value: u8,
    set: impl Fn(&mut I, u8) + 'static,
) -> AnyView
where
    I: Clone + Send + Sync + 'static,
{
    let rear = if value > 1 {
        format!("Rear (row {value})")
    } else {
        "Rear".to_string()
    };
    let kept = value.max(1);
    view! {
        <label class="lab-field">
            <span>{label}</span>
            <select data-path=path.clone() on:change=move |ev| {
                let v = if event_target_value(&ev) == "front" { 0 } else { kept };
                form.edit(|i| set(i, v));
            }>
                <option value="front" selected={value == 0}>"Front"</option>
                <option value="rear" selected={value > 0}>{rear}</option>
            </select>
            {form.err(path)}
        </label>
    }
    .into_any()
}

/// The serde name of an enum value (`heavy_warhorse`).
pub fn serde_name<T: Serialize>(value: &T) -> String {
    match serde_json::to_value(value) {
        Ok(serde_json::Value::String(s)) => s,
        Ok(other) => other.to_string(),
        Err(_) => String::new(),
    }
}

/// `heavy_warhorse` → `Heavy warhorse`; `true` → `Yes`.
pub fn pretty(name: &str) -> String {
    match name {
        "true" => return "Yes".into(),
        "false" => return "No".into(),
        // The characteristics read as the sheets write them (WS, S, T, I, BS, WP).
        "ws" | "bs" | "wp" | "s" | "t" | "i" => return name.to_uppercase(),
        _ => {}
    }
    let words = name.replace('_', " ");
    let mut c = words.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

/// A choice among `options`, by their serde names; `none` adds an empty first choice (`None`).
pub fn choice<I, T>(
    form: Form<I>,
    label: &'static str,
    path: String,
    options: &[T],
    none: Option<&'static str>,
    value: Option<T>,
    set: impl Fn(&mut I, Option<T>) + 'static,
) -> AnyView
where
    I: Clone + Send + Sync + 'static,
    T: Serialize + DeserializeOwned + PartialEq + Copy + 'static,
{
    let opts = options
        .iter()
        .map(|o| {
            let name = serde_name(o);
            let selected = value == Some(*o);
            view! { <option value=name.clone() selected=selected>{pretty(&name)}</option> }
        })
        .collect_view();
    let empty = none.map(|n| view! { <option value="" selected=value.is_none()>{n}</option> });
    view! {
        <label class="lab-field">
            <span>{label}</span>
            <select data-path=path.clone() on:change=move |ev| {
                let v = event_target_value(&ev);
                let parsed = if v.is_empty() {
                    None
                } else {
                    serde_json::from_value::<T>(serde_json::Value::String(v.clone()))
                        .or_else(|_| serde_json::from_str::<T>(&v))
                        .ok()
                };
                form.edit(|i| set(i, parsed));
            }>
                {empty}
                {opts}
            </select>
            {form.err(path)}
        </label>
    }
    .into_any()
}

/// A "Show more" area: a toggle button and its contents, open or closed across redraws.
pub fn more<I>(form: Form<I>, key: String, label: &'static str, body: AnyView) -> AnyView
where
    I: Clone + Send + Sync + 'static,
{
    let (k1, k2, k3) = (key.clone(), key.clone(), key.clone());
    view! {
        <div class="lab-more">
            <button type="button" class="more-toggle" aria-expanded=move || form.is_open(&k1).to_string()
                on:click=move |_| form.toggle(&key)>
                {move || if form.is_open(&k2) { "Show less" } else { label }}
            </button>
            <div class="more-body" hidden=move || !form.is_open(&k3)>{body}</div>
        </div>
    }
    .into_any()
}

/// The next free id among `ids` (one past the largest).
pub fn next_id(ids: impl Iterator<Item = u64>) -> u64 {
    ids.max().map_or(1, |m| m + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_as_words() {
        assert_eq!(pretty("heavy_warhorse"), "Heavy warhorse");
        assert_eq!(pretty("true"), "Yes");
        assert_eq!(pretty("ws"), "WS");
        assert_eq!(pretty("dex"), "Dex");
        assert_eq!(serde_name(&false), "false");
        assert_eq!(pretty(""), "");
        assert_eq!(
            serde_name(&engine::mass_battle::Mount::HeavyWarhorse),
            "heavy_warhorse"
        );
    }

    #[test]
    fn next_id_is_past_the_largest() {
        assert_eq!(next_id([3, 9, 2].into_iter()), 10);
        assert_eq!(next_id(std::iter::empty()), 1);
    }
}
