//! A faction's card in the map's side panel.

use crate::components::portrait::{portrait_markup, Look};
use crate::markup::{class, Markup};
use engine::wire::FactionStanding;
use engine::{Buff, Faction, FactionKind, Group, Realm};

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
                let buffs = buff_lines(&realm.buffs, &realm.factions, f.id);
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

impl CardData {
    /// Every faction's card from the map's summary — its partial realm (factions and buffs, no
    /// photos) and the server's card numbers — before the realm has arrived: the same numbers,
    /// and no faces yet (they are drawn from the photos).
    pub fn from_summary(partial: &Realm, standings: &[FactionStanding]) -> Vec<CardData> {
        partial
            .factions
            .iter()
            .map(|f| {
                let standing = standings.iter().find(|s| s.faction == f.id);
                CardData {
                    faction: f.clone(),
                    photos: standing.map_or(0, |st| st.photos as usize),
                    faces: Vec::new(),
                    power: standing.map_or(0.0, |st| st.power),
                    buffs: buff_lines(&partial.buffs, &partial.factions, f.id),
                }
            })
            .collect()
    }
}

/// Faction `faction`'s buffs as the card lists them.
pub fn buff_lines(
    buffs: &[Buff],
    factions: &[Faction],
    faction: u64,
) -> Vec<(String, String, String)> {
    buffs
        .iter()
        .filter(|b| b.faction == faction)
        .map(|b| {
            let what = match b.effect {
                engine::Effect::Grudge { target } => format!(
                    "Grudge against {}",
                    factions
                        .iter()
                        .find(|t| t.id == target)
                        .map_or("?", |t| t.name.as_str())
                ),
                e => engine::effect_name(e).to_string(),
            };
            let amount = engine::amount_with_unit(b.effect, b.amount);
            (b.name.clone(), what, amount)
        })
        .collect()
}

/// Every card, as the inside of `ul.faction-cards`: the cards only show things (nothing in them
/// reacts to the user), so they are written as one markup string and set with `inner_html`.
pub fn cards_markup(cards: &[CardData]) -> String {
    let mut m = Markup::new();
    for card in cards {
        m.append(card_markup(card));
    }
    m.finish()
}

/// One card: name, alignment, kind, how many photos the faction has, its Power and buffs, and a
/// few of its figures.
pub fn card_markup(data: &CardData) -> Markup {
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
    let id = faction.id.to_string();
    let colour = format!("--faction-colour: {}", faction.colour);
    let exact = format!("{power:.6}");
    let mut m = Markup::new();
    m.el(
        "li",
        &[
            class("faction-card"),
            ("data-faction", Some(&id)),
            ("style", Some(&colour)),
        ],
        |m| {
            m.el("div", &[class("card-text")], |m| {
                let page = format!("/factions/{id}");
                m.el("h3", &[], |m| {
                    m.element(
                        "a",
                        &[class("faction-link"), ("href", Some(&page))],
                        &faction.name,
                    );
                });
                m.el("p", &[class("meta")], |m| {
                    m.element(
                        "span",
                        &[class("alignment")],
                        &format!("{:?}", faction.alignment),
                    )
                    .text(" · ")
                    .element("span", &[class("kind")], kind)
                    .text(" · ")
                    .element(
                        "span",
                        &[class("photos")],
                        &format!("{photos} photos"),
                    );
                });
                m.element(
                    "p",
                    &[
                        class("power"),
                        ("data-power", Some(&exact)),
                        (
                            "title",
                            Some("Faction Power: every figure's Power, rating bonus included"),
                        ),
                    ],
                    &format!("Power {power:.1}"),
                );
                if !buffs.is_empty() {
                    m.el("ul", &[class("card-buffs")], |m| {
                        for (name, what, amount) in buffs {
                            m.element(
                                "li",
                                &[class("card-buff"), ("title", Some(name))],
                                &format!("{what} {amount}"),
                            );
                        }
                    });
                }
            });
            m.el("div", &[class("faces")], |m| {
                for (look, name) in faces {
                    m.append(portrait_markup(look, name));
                }
            });
        },
    );
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_summary_makes_the_realms_cards_but_the_faces() {
        let realm = engine::demo_realm();
        let summary = engine::wire::MapSummary::of(&realm, 0);
        let standings = summary.standings.clone();
        let partial = Realm::from_records(summary.into_records()).unwrap();
        let from_summary = CardData::from_summary(&partial, &standings);
        let mut from_realm = CardData::all(&realm);
        assert!(from_realm
            .iter()
            .any(|c| !c.faces.is_empty() && !c.buffs.is_empty()));
        for c in &mut from_realm {
            c.faces.clear();
        }
        assert_eq!(from_summary, from_realm);
    }

    #[test]
    fn a_card_keeps_the_classes_and_data_the_page_reads() {
        let mut realm = engine::demo_realm();
        let hostile = r#"<img src=x onerror="alert(1)">&co"#;
        realm.factions[0].name = hostile.into();
        let cards = CardData::all(&realm);
        let html = cards_markup(&cards);
        assert_eq!(
            html.matches(r#"<li class="faction-card""#).count(),
            realm.factions.len()
        );
        assert!(!html.contains("<img"), "a faction's name stays text");
        assert!(html.contains(&format!(
            r#"<h3><a class="faction-link" href="/factions/{}">&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;co</a></h3>"#,
            realm.factions[0].id
        )));

        for card in &cards {
            let m = card_markup(card).finish();
            let f = &card.faction;
            assert!(m.starts_with(&format!(
                r#"<li class="faction-card" data-faction="{}" style="--faction-colour: {}">"#,
                f.id, f.colour
            )));
            assert!(m.contains(&format!(
                r#"<p class="power" data-power="{:.6}" title="Faction Power: every figure&#39;s Power, rating bonus included">Power {:.1}</p>"#,
                card.power, card.power
            )));
            assert!(m.contains(&format!(
                r#"<p class="meta"><span class="alignment">{:?}</span> · <span class="kind">"#,
                f.alignment
            )));
            assert!(m.contains(&format!(
                r#"<span class="photos">{} photos</span></p>"#,
                card.photos
            )));
            assert_eq!(
                m.matches(r#"<svg class="portrait""#).count(),
                card.faces.len()
            );
            assert!(m.contains(r#"<div class="faces">"#) && m.ends_with("</div></li>"));
            assert_eq!(
                m.contains(r#"<ul class="card-buffs">"#),
                !card.buffs.is_empty()
            );
            assert_eq!(
                m.matches(r#"<li class="card-buff""#).count(),
                card.buffs.len()
            );
            for (name, what, amount) in &card.buffs {
                let mut title = String::new();
                crate::markup::escape(&mut title, name);
                let mut text = String::new();
                crate::markup::escape(&mut text, &format!("{what} {amount}"));
                assert!(
                    m.contains(&format!(
                        r#"<li class="card-buff" title="{title}">{text}</li>"#
                    )),
                    "{m}"
                );
            }
        }
        assert!(
            cards.iter().any(|c| !c.buffs.is_empty()),
            "the demo has buffs to show"
        );
    }
}
