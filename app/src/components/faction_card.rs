//! A faction's card in the map's side panel.

use crate::components::portrait::{Look, Portrait};
use engine::{Faction, FactionKind, Group, Realm};
use leptos::prelude::*;

/// What a card shows, gathered from the realm in one pass.
#[derive(Clone, Debug, PartialEq)]
pub struct CardData {
    /// The faction itself.
    pub faction: Faction,
    /// How many photos it has.
    pub photos: usize,
    /// Up to four figures to picture: the leader first, then in document order.
    pub faces: Vec<(Look, String)>,
    /// Faction Power (SPEC §3.2), every photo's rating bonus included, so it moves with the arena.
    pub power: f64,
    /// The buffs in force, each as `(name, effect with its target, amount with its unit)`: the
    /// source's faction card "lists the buffs in force with their unit attached".
    pub buffs: Vec<(String, String, String)>,
}

impl CardData {
    /// Every faction's card, in document order.
    pub fn all(realm: &Realm) -> Vec<CardData> {
        let power = engine::realm_power(realm);
        realm
            .factions
            .iter()
            .map(|f| {
                let fp = power
                    .factions
                    .iter()
                    .find(|p| p.id == f.id)
                    .map_or(0.0, |p| p.power);
                let mut mine: Vec<_> = realm.photos.iter().filter(|p| p.faction == f.id).collect();
                let photos = mine.len();
                engine::stable_sort_by_key(&mut mine, |p| p.group != Group::Leader);
                let faces = mine
                    .into_iter()
                    .take(4)
                    .map(|p| (Look::of(p, realm), p.name.clone()))
                    .collect();
                let buffs = realm
                    .buffs
                    .iter()
                    .filter(|b| b.faction == f.id)
                    .map(|b| {
                        let what = match b.effect {
                            engine::Effect::Grudge { target } => format!(
                                "Grudge against {}",
                                realm.faction(target).map_or("?", |t| t.name.as_str())
                            ),
                            e => engine::effect_name(e).to_string(),
                        };
                        let amount = engine::amount_with_unit(b.effect, b.amount);
                        (b.name.clone(), what, amount)
                    })
                    .collect();
                CardData {
                    faction: f.clone(),
                    photos,
                    faces,
                    power: fp,
                    buffs,
                }
            })
            .collect()
    }
}

/// Name, alignment, kind, how many photos the faction has, its Power and buffs, and a few of its
/// figures.
#[component]
pub fn FactionCard(data: CardData) -> impl IntoView {
    let CardData {
        faction,
        photos,
        faces,
        power,
        buffs,
    } = data;
    let kind = match faction.kind {
        FactionKind::Ordinary => "Ordinary",
        FactionKind::Mercenary => "Mercenary company",
        FactionKind::Townsfolk => "Townsfolk",
    };
    let style = format!("--faction-colour: {}", faction.colour);
    view! {
        <li class="faction-card" data-faction=faction.id.to_string() style=style>
            <div class="card-text">
                <h3>{faction.name.clone()}</h3>
                <p class="meta">
                    <span class="alignment">{format!("{:?}", faction.alignment)}</span>
                    " · "
                    <span class="kind">{kind}</span>
                    " · "
                    <span class="photos">{format!("{photos} photos")}</span>
                </p>
                <p class="power" data-power=format!("{power:.6}") title="Faction Power: every figure's Power, rating bonus included">
                    {format!("Power {power:.1}")}
                </p>
                {(!buffs.is_empty()).then(|| view! {
                    <ul class="card-buffs">
                        {buffs.into_iter().map(|(name, what, amount)| view! {
                            <li class="card-buff" title=name>{format!("{what} {amount}")}</li>
                        }).collect_view()}
                    </ul>
                })}
            </div>
            <div class="faces">
                {faces
                    .into_iter()
                    .map(|(look, name)| view! { <Portrait look=look label=name /> })
                    .collect_view()}
            </div>
        </li>
    }
}
