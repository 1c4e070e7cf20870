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

use app::components::page_intro::PageIntro;
use app::components::photo_picture::ImageTags;
use app::store::use_realm_store;
use engine::Realm;
use explained::CombatStatsExplained;
use leptos::prelude::*;
use table::{Table, TableView};

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

/// The Archive page.
#[component]
pub fn ArchivePage() -> impl IntoView {
    let store = use_realm_store();
    ImageTags::provide();
    view! {
        <PageIntro title="Archive" lead="The Armory, the materials, the species and the bestiary: every table of the collection." />
        {move || {
            store.realm.with(|r| match r {
                None => view! { <p class="loading">"Loading the realm…"</p> }.into_any(),
                Some(r) => view! { <Archive parts=parts(r) /> }.into_any(),
            })
        }}
    }
}

/// The table of contents and every part.
#[component]
fn Archive(parts: Vec<(&'static str, &'static str, Vec<Table>)>) -> impl IntoView {
    let toc = parts
        .iter()
        .map(|(title, id, tables)| {
            let links = tables
                .iter()
                .map(|t| view! { <li><a href=format!("#{}", t.id)>{t.title}</a></li> })
                .collect_view();
            view! {
                <li>
                    <a href=format!("#{id}")>{*title}</a>
                    <ul>{links}</ul>
                </li>
            }
        })
        .collect_view();
    let body = parts
        .into_iter()
        .map(|(title, id, tables)| {
            view! {
                <section class="archive-part" id=id>
                    <h2>{title}</h2>
                    {tables.into_iter().map(|table| view! { <TableView table /> }).collect_view()}
                </section>
            }
        })
        .collect_view();
    view! {
        <div class="archive">
            <nav class="archive-toc" aria-label="Archive contents">
                <h2>"Contents"</h2>
                <ul>
                    {toc}
                    <li><a href="#minifigure-ratings">"Minifigure Ratings"</a></li>
                    <li>
                        <a href="#combat-stats-explained">"Combat Stats Explained"</a>
                        <ul>
                            <li><a href="#power-rating">"Power Rating"</a></li>
                            <li><a href="#rating-bonus">"Minifigure Rating bonus"</a></li>
                            <li><a href="#buff-effects">"Faction buffs"</a></li>
                            <li><a href="#skirmish">"How this feeds into Skirmish"</a></li>
                        </ul>
                    </li>
                </ul>
            </nav>
            <div class="archive-body">
                {body}
                <section class="archive-part" id="minifigure-ratings">
                    <h2>"Minifigure Ratings"</h2>
                    <p class="archive-lead">
                        "Every figure's rating, how many times it has been judged and what share it has won, beside a Bradley–Terry ladder of every vote: "
                        <a class="standings-link" href="/arena/standings">"open the Minifigure Rating standings"</a>
                        "."
                    </p>
                </section>
                <CombatStatsExplained />
            </div>
        </div>
    }
}
