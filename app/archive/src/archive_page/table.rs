//! One Archive table: the rows as plain data ([`Table`], built by the pure functions of each table
//! group so they can be tested natively) and the view that draws them inside their own scrolling box,
//! so a wide table scrolls sideways without the page doing so.

use app::components::image_viewer::Thumbnail;
use engine::wire::ImageKind;
use leptos::prelude::*;

/// One cell of a table.
#[derive(Clone, Debug, PartialEq)]
pub enum Cell {
    /// Text, left-aligned.
    Text(String),
    /// A number, right-aligned (already written by [`super::labels`]).
    Num(String),
    /// A colour square: one colour, or two for a mixed material (drawn half in each).
    Swatch {
        /// What the square shows, for screen readers and the tooltip.
        label: String,
        /// One `#rrggbb`, or two for a mixed material.
        hexes: Vec<String>,
        /// What is made of it, one line each, shown when the square is opened.
        uses: Vec<String>,
    },
    /// A main line with a smaller line under it (a buff's effect and the unit its amount is in).
    Labelled {
        /// The main line.
        main: String,
        /// The smaller line under it.
        sub: String,
    },
    /// A short list, one line each (a machine's advantages and disadvantages).
    Lines(Vec<String>),
    /// An uploaded picture as a thumbnail that enlarges: the first of `owners` that has one.
    Picture {
        /// What it is a picture of (the enlarged view's caption).
        name: String,
        /// Whose picture may be shown, in order of preference.
        owners: Vec<(ImageKind, u64)>,
    },
}

/// A table of the Archive: its anchor, heading, a line on what it holds, its columns and rows.
#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    /// The anchor (`#weapons`) and the table's `data-table` name.
    pub id: &'static str,
    /// The heading.
    pub title: &'static str,
    /// What the table holds, from the source.
    pub lead: &'static str,
    /// Column headings.
    pub headers: &'static [&'static str],
    /// One row per record, in the realm's order.
    pub rows: Vec<Vec<Cell>>,
}

/// Draws a table under its heading; an empty one says so instead of showing an empty grid.
#[component]
pub fn TableView(table: Table) -> impl IntoView {
    let Table {
        id,
        title,
        lead,
        headers,
        rows,
    } = table;
    let body = if rows.is_empty() {
        view! { <p class="archive-empty">"Nothing recorded yet."</p> }.into_any()
    } else {
        view! {
            <div class="archive-scroll" tabindex="0" role="region" aria-label=title>
                <table class="archive-grid" data-table=id>
                    <thead>
                        <tr>{headers.iter().map(|h| view! { <th scope="col">{*h}</th> }).collect_view()}</tr>
                    </thead>
                    <tbody>
                        {rows
                            .into_iter()
                            .map(|row| view! { <tr>{row.into_iter().map(cell_view).collect_view()}</tr> })
                            .collect_view()}
                    </tbody>
                </table>
            </div>
        }
        .into_any()
    };
    view! {
        <section class="archive-section" id=id>
            <h3>{title}</h3>
            <p class="archive-lead">{lead}</p>
            {body}
        </section>
    }
}

/// One `<td>`.
fn cell_view(c: Cell) -> AnyView {
    match c {
        Cell::Text(t) => view! { <td>{t}</td> }.into_any(),
        Cell::Num(t) => view! { <td class="num">{t}</td> }.into_any(),
        Cell::Swatch { label, hexes, uses } => {
            view! { <td class="swatch-cell"><Swatch label hexes uses /></td> }.into_any()
        }
        Cell::Labelled { main, sub } => view! {
            <td><span class="main">{main}</span><small class="unit">{sub}</small></td>
        }
        .into_any(),
        Cell::Picture { name, owners } => {
            view! { <td class="picture-cell"><Thumbnail name owners /></td> }.into_any()
        }
        Cell::Lines(lines) => view! {
            <td>
                <ul class="archive-lines">{lines.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}</ul>
            </td>
        }
        .into_any(),
    }
}

/// A colour square that opens, by pointer or by Enter or Space, to what is made of it; Escape
/// or a second press closes it. A mixed material's square is two halves, each its own element, so
/// each half carries exactly one of the two colours it is drawn from.
#[component]
pub fn Swatch(label: String, hexes: Vec<String>, uses: Vec<String>) -> impl IntoView {
    let mixed = hexes.len() > 1;
    let open = RwSignal::new(false);
    let what = format!("{label}: what is made of it");
    let on_key = move |ev: leptos::ev::KeyboardEvent| {
        if ev.key() == "Escape" && open.get_untracked() {
            ev.prevent_default();
            open.set(false);
        }
    };
    let list = if uses.is_empty() {
        view! { <p>"Nothing in the realm is made of it yet."</p> }.into_any()
    } else {
        view! { <ul>{uses.into_iter().map(|u| view! { <li>{u}</li> }).collect_view()}</ul> }
            .into_any()
    };
    view! {
        <button
            type="button"
            class="swatch"
            class:mixed=mixed
            aria-label=what
            title=label.clone()
            aria-expanded=move || open.get().to_string()
            on:click=move |_| open.update(|o| *o = !*o)
            on:keydown=on_key
        >
            {hexes
                .into_iter()
                .map(|hex| view! { <span class="half" data-hex=hex.clone() style:background-color=hex></span> })
                .collect_view()}
        </button>
        <div class="swatch-uses" role="note" aria-label=label hidden=move || !open.get() on:keydown=on_key>
            {list}
        </div>
    }
}
