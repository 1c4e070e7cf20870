//! A faction's card in the map's side panel.

use engine::{Faction, FactionKind};
use leptos::prelude::*;

/// Name, alignment, kind and how many photos the faction has.
#[component]
pub fn FactionCard(faction: Faction, photos: usize) -> impl IntoView {
    let kind = match faction.kind {
        FactionKind::Ordinary => "Ordinary",
        FactionKind::Mercenary => "Mercenary company",
        FactionKind::Townsfolk => "Townsfolk",
    };
    let style = format!("--faction-colour: {}", faction.colour);
    view! {
        <li class="faction-card" data-faction=faction.id.to_string() style=style>
            <span class="swatch" aria-hidden="true"></span>
            <div>
                <h3>{faction.name.clone()}</h3>
                <p class="meta">
                    <span class="alignment">{format!("{:?}", faction.alignment)}</span>
                    " · "
                    <span class="kind">{kind}</span>
                    " · "
                    <span class="photos">{format!("{photos} photos")}</span>
                </p>
            </div>
        </li>
    }
}
