//! One Archive table: the rows as plain data ([`Table`], built by the pure functions of each table
//! group so they can be tested natively) and the markup that draws them inside their own
//! scrolling box, so a wide table scrolls sideways without the page doing so.

use app::components::image_viewer::thumbnail_markup;
use app::components::photo_picture::ImageTags;
use app::markup::table::items;
use app::markup::{class, Markup};
use engine::wire::ImageKind;
use wasm_bindgen::JsCast;

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

/// Writes a table under its heading; an empty one says so instead of showing an empty grid.
/// The Archive only shows things, so it is markup (`app::markup`), set once as the page's HTML:
/// built as elements one by one, its few thousand cells took the phone profile a third of a
/// second. The colour squares and the thumbnails are opened by the page's handlers ([`open`]).
pub fn table_markup(m: &mut Markup, table: &Table, images: &ImageTags) {
    m.el(
        "section",
        &[class("archive-section"), ("id", Some(table.id))],
        |m| {
            m.element("h3", &[], table.title);
            m.element("p", &[class("archive-lead")], table.lead);
            if table.rows.is_empty() {
                m.element("p", &[class("archive-empty")], "Nothing recorded yet.");
                return;
            }
            let scroll = [
                class("archive-scroll"),
                ("tabindex", Some("0")),
                ("role", Some("region")),
                ("aria-label", Some(table.title)),
            ];
            m.el("div", &scroll, |m| {
                let grid = [class("archive-grid"), ("data-table", Some(table.id))];
                m.el("table", &grid, |m| {
                    m.el("thead", &[], |m| {
                        m.el("tr", &[], |m| {
                            for h in table.headers {
                                m.element("th", &[("scope", Some("col"))], h);
                            }
                        });
                    });
                    m.el("tbody", &[], |m| {
                        for row in &table.rows {
                            m.el("tr", &[], |m| {
                                for c in row {
                                    cell_markup(m, c, images);
                                }
                            });
                        }
                    });
                });
            });
        },
    );
}

/// One `<td>`.
fn cell_markup(m: &mut Markup, c: &Cell, images: &ImageTags) {
    match c {
        Cell::Text(t) => {
            m.element("td", &[], t);
        }
        Cell::Num(t) => {
            m.element("td", &[class("num")], t);
        }
        Cell::Swatch { label, hexes, uses } => {
            m.el("td", &[class("swatch-cell")], |m| {
                swatch_markup(m, label, hexes, uses)
            });
        }
        Cell::Labelled { main, sub } => {
            m.el("td", &[], |m| {
                m.element("span", &[class("main")], main);
                m.element("small", &[class("unit")], sub);
            });
        }
        Cell::Picture { name, owners } => {
            m.el("td", &[class("picture-cell")], |m| {
                thumbnail_markup(m, images, name, owners);
            });
        }
        Cell::Lines(lines) => {
            m.el("td", &[], |m| {
                m.el("ul", &[class("archive-lines")], |m| items(m, lines));
            });
        }
    }
}

/// A colour square that opens to what is made of it (by pointer, or Enter or Space: it is a
/// button), and closes on a second press or Escape ([`open`]). A mixed material's square is two
/// halves, each its own element, so each half carries exactly one of the two colours it is drawn
/// from.
fn swatch_markup(m: &mut Markup, label: &str, hexes: &[String], uses: &[String]) {
    let what = format!("{label}: what is made of it");
    let button = [
        ("type", Some("button")),
        class(if hexes.len() > 1 {
            "swatch mixed"
        } else {
            "swatch"
        }),
        ("aria-label", Some(what.as_str())),
        ("title", Some(label)),
        ("aria-expanded", Some("false")),
    ];
    m.el("button", &button, |m| {
        for hex in hexes {
            let style = format!("background-color: {hex}");
            let half = [
                class("half"),
                ("data-hex", Some(hex.as_str())),
                ("style", Some(style.as_str())),
            ];
            m.element("span", &half, "");
        }
    });
    let note = [
        class("swatch-uses"),
        ("role", Some("note")),
        ("aria-label", Some(label)),
        ("hidden", Some("")),
    ];
    m.el("div", &note, |m| {
        if uses.is_empty() {
            m.element("p", &[], "Nothing in the realm is made of it yet.");
        } else {
            m.el("ul", &[], |m| items(m, uses));
        }
    });
}

/// What a press (`click`) or a key (`keydown`) in the Archive's markup does: a colour square
/// opens or closes, Escape closes the one it is in, a thumbnail is handed to `enlarge`. Whether
/// the event was taken.
pub fn open(ev: &web_sys::Event, enlarge: impl FnOnce(web_sys::HtmlElement)) -> bool {
    let Some(target) = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
    else {
        return false;
    };
    let within = |selector: &str| target.closest(selector).ok().flatten();
    if ev.type_() == "keydown" {
        let escape = ev
            .dyn_ref::<web_sys::KeyboardEvent>()
            .is_some_and(|k| k.key() == "Escape");
        let square =
            within(".swatch-cell").and_then(|c| c.query_selector("button.swatch").ok().flatten());
        match square {
            Some(square) if escape && is_open(&square) => {
                ev.prevent_default();
                set_open(&square, false);
                true
            }
            _ => false,
        }
    } else if let Some(square) = within("button.swatch") {
        set_open(&square, !is_open(&square));
        true
    } else if let Some(thumb) = within("button.thumb").and_then(|t| t.dyn_into().ok()) {
        enlarge(thumb);
        true
    } else {
        false
    }
}

fn is_open(square: &web_sys::Element) -> bool {
    square.get_attribute("aria-expanded").as_deref() == Some("true")
}

/// Opens or closes a colour square: its state, and the list after it.
fn set_open(square: &web_sys::Element, open: bool) {
    let _ = square.set_attribute("aria-expanded", if open { "true" } else { "false" });
    if let Some(uses) = square.next_element_sibling() {
        let _ = if open {
            uses.remove_attribute("hidden")
        } else {
            uses.set_attribute("hidden", "")
        };
    }
}
