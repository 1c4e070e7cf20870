//! `/archive`: the Archive — every table of the collection to browse (the Armory, materials and LEGO
//! colours, species, the bestiary, every faction buff), a link to the Minifigure Rating standings,
//! and Combat Stats Explained. It reads the live realm of the offline-first store, so an edit made
//! offline shows here at once.
//!
//! Code map: `table` (a table as data and its view), `labels` (values in words), one module per
//! table group (`armory`, `uniques`, `siege`, `colours`, `creatures`, `buffs`), and `combat` (the
//! engine's numbers for Combat Stats Explained, pure and tested) with its view `explained`.

mod armory;
mod buffs;
mod colours;
mod combat;
mod creatures;
mod explained;
mod labels;
mod siege;
mod table;
mod uniques;

use app::components::image_viewer::{enlarged, MarkupDialog};
use app::components::page_intro::PageIntro;
use app::components::photo_picture::ImageTags;
use app::markup::{class, Markup};
use app::paint::after_paint;
use app::store::use_realm_store;
use engine::Realm;
use explained::CombatStatsExplained;
use leptos::prelude::*;
use table::{table_markup, Table};

/// The Archive's parts in page order: `(heading, anchor, tables)`.
fn parts(r: &Realm) -> Vec<(&'static str, &'static str, Vec<Table>)> {
    let mut armory = armory::tables(r);
    armory.push(uniques::unique_items(r));
    armory.push(siege::war_machines(r));
    armory.push(siege::bardings(r));
    vec![
        ("The Armory", "armory", armory),
        (
            "Materials and colours",
            "materials-and-colours",
            vec![colours::materials(r), colours::colours(r)],
        ),
        (
            "Species and the Bestiary",
            "species-and-bestiary",
            vec![creatures::species(r), creatures::bestiary(r)],
        ),
        ("Faction Buffs", "buffs", vec![buffs::faction_buffs(r)]),
    ]
}

/// An entry of the table of contents: `(anchor, title)`.
type Entry = (&'static str, &'static str);

/// The table of contents' own entries after the tables': `(anchor, title, sub-entries)`.
const TOC_TAIL: [(&str, &str, &[Entry]); 2] = [
    ("minifigure-ratings", "Minifigure Ratings", &[]),
    (
        "combat-stats-explained",
        "Combat Stats Explained",
        &[
            ("power-rating", "Power Rating"),
            ("rating-bonus", "Minifigure Rating bonus"),
            ("buff-effects", "Faction buffs"),
            ("skirmish", "How this feeds into Skirmish"),
        ],
    ),
];

/// How many tables the first drawing of the parts holds: more than a screenful. The rest of the
/// parts, some thousands of cells, are written once that drawing has painted (`app::paint`).
const FIRST_TABLES: usize = 2;

/// The table of contents' list as markup.
fn contents_markup(parts: &[(&'static str, &'static str, Vec<Table>)]) -> String {
    let link = |m: &mut Markup, id: &str, title: &str| {
        let href = format!("#{id}");
        m.element("a", &[("href", Some(href.as_str()))], title);
    };
    let mut toc = Markup::new();
    for (title, id, tables) in parts {
        toc.el("li", &[], |m| {
            link(m, id, title);
            m.el("ul", &[], |m| {
                for t in tables {
                    m.el("li", &[], |m| link(m, t.id, t.title));
                }
            });
        });
    }
    for (id, title, below) in TOC_TAIL {
        toc.el("li", &[], |m| {
            link(m, id, title);
            if !below.is_empty() {
                m.el("ul", &[], |m| {
                    for (id, title) in below {
                        m.el("li", &[], |m| link(m, id, title));
                    }
                });
            }
        });
    }
    toc.finish()
}

/// The parts with their first `tables` tables (in page order) as markup: a part past them is
/// left out, and the part they end in is cut after its last one.
fn parts_markup(
    parts: &[(&'static str, &'static str, Vec<Table>)],
    images: &ImageTags,
    tables: usize,
) -> String {
    let mut body = Markup::new();
    let mut left = tables;
    for (title, id, part) in parts {
        if left == 0 {
            break;
        }
        body.el("section", &[class("archive-part"), ("id", Some(id))], |m| {
            m.element("h2", &[], title);
            for t in part.iter().take(left) {
                table_markup(m, t, images);
            }
        });
        left = left.saturating_sub(part.len());
    }
    body.finish()
}

/// The Archive page. The contents and the tables are markup, written again only when what they
/// show changes (a vote moves no table); Combat Stats Explained, which has controls, is a view.
/// The first tables are drawn first, and the rest of the page once they are on screen.
#[component]
pub fn ArchivePage() -> impl IntoView {
    let store = use_realm_store();
    let images = ImageTags::provide();
    // The contents and the first tables; every table once those have painted.
    let loaded = Memo::new(move |_| store.realm.with(Option::is_some));
    let below = after_paint(move || loaded.get());
    let page = Memo::new(move |_| {
        let tables = if below.get() {
            usize::MAX
        } else {
            FIRST_TABLES
        };
        store.realm.with(|r| {
            r.as_deref().map(|r| {
                let parts = parts(r);
                (
                    contents_markup(&parts),
                    parts_markup(&parts, &images, tables),
                )
            })
        })
    });
    let part = move |pick: fn(&(String, String)) -> &String| {
        move || page.with(|p| p.as_ref().map(pick).cloned().unwrap_or_default())
    };
    // The enlarged picture, and the thumbnail the focus goes back to when it closes.
    let viewer = RwSignal::new(None::<String>);
    let thumb = StoredValue::new_local(None::<web_sys::HtmlElement>);
    let close = Callback::new(move |()| {
        viewer.set(None);
        if let Some(t) = thumb.get_value() {
            let _ = t.focus();
        }
    });
    let enlarge = move |t: web_sys::HtmlElement| {
        viewer.set(Some(enlarged(&t)));
        thumb.set_value(Some(t));
    };
    let click = move |ev: leptos::ev::MouseEvent| {
        table::open(&ev, enlarge);
    };
    let key = move |ev: leptos::ev::KeyboardEvent| {
        table::open(&ev, enlarge);
    };
    view! {
        <PageIntro title="Archive" lead="The Armory, the materials, the species and the bestiary: every table of the collection." />
        {move || if loaded.get() {
            view! {
                <div class="archive">
                    <nav class="archive-toc" aria-label="Archive contents">
                        <h2>"Contents"</h2>
                        <ul inner_html=part(|p| &p.0)></ul>
                    </nav>
                    <div class="archive-body">
                        <div class="archive-parts" aria-busy=move || (!below.get()).then_some("true") inner_html=part(|p| &p.1) on:click=click on:keydown=key></div>
                        <section class="archive-part" id="minifigure-ratings">
                            <h2>"Minifigure Ratings"</h2>
                            <p class="archive-lead">
                                "Every figure's rating, how many times it has been judged and what share it has won, beside a Bradley–Terry ladder of every vote: "
                                <a class="standings-link" href="/arena/standings">"open the Minifigure Rating standings"</a>
                                "."
                            </p>
                        </section>
                        // Controls and tables built element by element, at the foot of the page.
                        {move || below.get().then(|| view! { <CombatStatsExplained /> })}
                    </div>
                </div>
            }
            .into_any()
        } else {
            view! { <p class="loading">"Loading the realm…"</p> }.into_any()
        }}
        {move || viewer.get().map(|markup| view! { <MarkupDialog markup close /> })}
    }
}
