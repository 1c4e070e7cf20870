//! A photo's generated portrait: an SVG minifigure drawn from the photo's id, its faction's
//! colour and its gear, so every figure has a picture offline until a real photo is uploaded.
//!
//! The look is decided by [`Look::of`], a plain function of the realm data (testable without a
//! browser); the component only draws a `Look`.

use crate::markup::{class, Markup};
use engine::{Group, ItemRef, MaterialColours, OffhandRef, Photo, Realm};
use leptos::prelude::*;

/// What a held weapon looks like.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WeaponShape {
    /// Sword, dagger, and anything without a more specific name.
    Blade,
    /// Spear, pike, lance, halberd.
    Pole,
    /// Axe.
    Axe,
    /// Hammer, mace, club, flail.
    Hammer,
    /// Bow, crossbow, sling and every other ranged weapon.
    Bow,
    /// A staff or wand.
    Staff,
}

/// What the portrait shows as a whole.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Figure {
    /// A minifigure.
    Minifig,
    /// A war machine.
    Machine,
    /// A crest or a place: a banner.
    Banner,
}

/// Everything the drawing needs, resolved from the realm.
#[derive(Clone, Debug, PartialEq)]
pub struct Look {
    /// Minifigure, machine or banner.
    pub figure: Figure,
    /// Torso and banner colour (the faction's).
    pub torso: String,
    /// Face and hands.
    pub skin: String,
    /// Legs.
    pub legs: String,
    /// A helmet's colour, or `None` for hair.
    pub helmet: Option<String>,
    /// Hair colour (drawn when there is no helmet).
    pub hair: String,
    /// A chest plate's colour, if armour is fitted.
    pub armour: Option<String>,
    /// The weapon's shape and colour.
    pub weapon: Option<(WeaponShape, String)>,
    /// A shield's colour.
    pub shield: Option<String>,
    /// One of four faces.
    pub face: u8,
}

const HAIR: [&str; 6] = [
    "#582A12", "#05131D", "#958A73", "#E4CD9E", "#A0A5A9", "#B31004",
];
const DEFAULT_LEGS: &str = "#6C6E68";
const STEEL: &str = "#898788";

impl Look {
    /// Resolves a photo's look.
    pub fn of(photo: &Photo, realm: &Realm) -> Look {
        let torso = realm
            .faction(photo.faction)
            .map_or_else(|| "#A0A5A9".to_string(), |f| f.colour.clone());
        let figure = if photo.machine_kind.is_some() {
            Figure::Machine
        } else if matches!(photo.group, Group::Crest | Group::Place) && !is_company(photo, realm) {
            Figure::Banner
        } else {
            Figure::Minifig
        };
        let h = mix(photo.id);
        let weapon = photo.weapon.map(|w| {
            let (name, ranged) = weapon_name(w, realm);
            (
                shape_of(&name, ranged),
                item_colour(w, realm).unwrap_or_else(|| STEEL.into()),
            )
        });
        let shield = match photo.offhand {
            Some(OffhandRef::Shield(f)) => {
                Some(material_colour(f.material, realm).unwrap_or_else(|| STEEL.into()))
            }
            Some(OffhandRef::Unique(id)) => realm
                .unique_items
                .iter()
                .find(|u| u.id == id && u.attack_power.is_none())
                .map(|_| "#AA7F2E".to_string()),
            _ => None,
        };
        Look {
            figure,
            torso,
            skin: skin_of(photo, realm),
            legs: photo
                .legwear
                .and_then(|l| item_colour(l, realm))
                .unwrap_or_else(|| DEFAULT_LEGS.into()),
            helmet: photo
                .headwear
                .map(|hw| item_colour(hw, realm).unwrap_or_else(|| STEEL.into())),
            hair: HAIR[(h % HAIR.len() as u64) as usize].to_string(),
            armour: photo
                .armor
                .map(|a| item_colour(a, realm).unwrap_or_else(|| STEEL.into())),
            weapon,
            shield,
            face: ((h >> 8) % 4) as u8,
        }
    }
}

fn is_company(photo: &Photo, realm: &Realm) -> bool {
    realm
        .faction(photo.faction)
        .is_some_and(|f| f.kind == engine::FactionKind::Mercenary)
}

/// A cheap integer hash so neighbouring ids look different.
fn mix(id: u64) -> u64 {
    let mut z = id.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z ^ (z >> 27)
}

// Names are matched against ASCII keywords, so ASCII case folding finds the same words as full
// Unicode folding would, without linking Unicode's case tables into the map's wasm.
fn skin_of(photo: &Photo, realm: &Realm) -> String {
    let species = photo
        .species
        .and_then(|s| realm.species.iter().find(|sp| sp.id == s))
        .map(|s| s.name.to_ascii_lowercase())
        .unwrap_or_default();
    let hex = if species.contains("orc") || species.contains("goblin") {
        "#4B9F4A"
    } else if species.contains("troll") || species.contains("golem") {
        "#A0A5A9"
    } else if species.contains("skeleton") || species.contains("undead") {
        "#F4F4F4"
    } else if species.contains("dragon") {
        "#720E0F"
    } else {
        "#F2CD37"
    };
    hex.to_string()
}

fn weapon_name(w: ItemRef, realm: &Realm) -> (String, bool) {
    match w {
        ItemRef::Item(f) => realm
            .weapons
            .iter()
            .find(|r| r.id == f.row)
            .map(|r| {
                (
                    r.name.to_ascii_lowercase(),
                    r.category == engine::AttackType::Ranged,
                )
            })
            .unwrap_or_default(),
        ItemRef::Unique(id) => realm
            .unique_items
            .iter()
            .find(|u| u.id == id)
            .map(|u| (u.name.to_ascii_lowercase(), u.range.unwrap_or(1.0) >= 5.0))
            .unwrap_or_default(),
    }
}

/// The shape a weapon's name suggests.
pub fn shape_of(name: &str, ranged: bool) -> WeaponShape {
    let has = |words: &[&str]| words.iter().any(|w| name.contains(w));
    if ranged || has(&["bow", "sling", "javelin"]) {
        WeaponShape::Bow
    } else if has(&["spear", "pike", "lance", "halberd", "glaive", "trident"]) {
        WeaponShape::Pole
    } else if has(&["axe"]) {
        WeaponShape::Axe
    } else if has(&["hammer", "mace", "club", "flail", "maul"]) {
        WeaponShape::Hammer
    } else if has(&["staff", "wand", "rod"]) {
        WeaponShape::Staff
    } else {
        WeaponShape::Blade
    }
}

fn item_colour(item: ItemRef, realm: &Realm) -> Option<String> {
    match item {
        ItemRef::Item(f) => material_colour(f.material, realm),
        ItemRef::Unique(_) => Some("#AA7F2E".into()),
    }
}

fn material_colour(material: u64, realm: &Realm) -> Option<String> {
    let m = realm.materials.iter().find(|m| m.id == material)?;
    let colour = match m.colours {
        MaterialColours::Single(c) | MaterialColours::Mixed(c, _) => c,
    };
    realm
        .colours
        .iter()
        .find(|c| c.id == colour)
        .map(|c| c.hex.clone())
}

/// The portrait of one photo. The `<svg class="portrait">` stays an element of its own (the CSS
/// sizes it as a direct child of its frame); what it draws is one markup string, see
/// [`figure_markup`].
#[component]
pub fn Portrait(look: Look, #[prop(into)] label: String) -> impl IntoView {
    view! {
        <svg class="portrait" viewBox="0 0 40 48" role="img" aria-label=label inner_html=figure_markup(&look).finish() />
    }
}

/// A whole portrait, `<svg class="portrait" …>` included, for markup written as text (the faction
/// cards).
pub fn portrait_markup(look: &Look, label: &str) -> Markup {
    let mut m = Markup::new();
    m.el(
        "svg",
        &[
            class("portrait"),
            ("viewBox", Some("0 0 40 48")),
            ("role", Some("img")),
            ("aria-label", Some(label)),
        ],
        |m| {
            m.append(figure_markup(look));
        },
    );
    m
}

/// The inside of a portrait: its backdrop and the figure. Shapes without a value from the realm
/// are whole constant fragments; every colour comes from the realm and is escaped into its
/// attribute value.
pub fn figure_markup(look: &Look) -> Markup {
    let mut m = Markup::new();
    m.trusted(r##"<rect width="40" height="48" rx="4" fill="#ECE7DC"/>"##);
    match look.figure {
        Figure::Machine => machine(&mut m, look),
        Figure::Banner => banner(&mut m, look),
        Figure::Minifig => minifig(&mut m, look),
    }
    m
}

fn minifig(m: &mut Markup, l: &Look) {
    let (legs, torso, skin) = (l.legs.as_str(), l.torso.as_str(), l.skin.as_str());
    m.el("g", &[class("minifig")], |m| {
        m.shape("rect", r#"x="14.5" y="36" width="5" height="9""#, "fill", legs, "")
            .shape("rect", r#"x="20.5" y="36" width="5" height="9""#, "fill", legs, "")
            .shape("rect", r#"x="14" y="33.5" width="12" height="3""#, "fill", legs, "")
            .shape("path", r#"d="M15 21 L25 21 L27 34 L13 34 Z""#, "fill", torso, "");
        if let Some(c) = &l.armour {
            m.shape(
                "path",
                r#"d="M15 22 L25 22 L24.5 29 L15.5 29 Z""#,
                "fill",
                c,
                r#" opacity="0.85""#,
            );
        }
        m.shape(
            "rect",
            r#"x="10.5" y="22" width="3.5" height="9" rx="1.5""#,
            "fill",
            torso,
            r#" transform="rotate(10 12 22)""#,
        )
        .shape(
            "rect",
            r#"x="26" y="22" width="3.5" height="9" rx="1.5""#,
            "fill",
            torso,
            r#" transform="rotate(-10 28 22)""#,
        )
        .shape("circle", r#"cx="11" cy="32" r="1.8""#, "fill", skin, "")
        .shape("circle", r#"cx="29" cy="32" r="1.8""#, "fill", skin, "")
        .shape("rect", r#"x="17.5" y="18.5" width="5" height="3""#, "fill", skin, "")
        .shape("rect", r#"x="14.5" y="7" width="11" height="12.5" rx="3""#, "fill", skin, "")
        .trusted(match l.face {
            0 => r##"<circle cx="18" cy="13.6" r="0.9" fill="#05131D"/><circle cx="22" cy="13.6" r="0.9" fill="#05131D"/><path d="M17 17 Q20 19.5 23 17" stroke="#05131D" stroke-width="0.7" fill="none"/>"##,
            1 => r##"<circle cx="18" cy="13.6" r="0.9" fill="#05131D"/><circle cx="22" cy="13.6" r="0.9" fill="#05131D"/><path d="M17.5 17.6 L22.5 17.6" stroke="#05131D" stroke-width="0.7" fill="none"/>"##,
            2 => r##"<circle cx="18" cy="13.6" r="0.9" fill="#05131D"/><circle cx="22" cy="13.6" r="0.9" fill="#05131D"/><path d="M17 18 Q20 16 23 18" stroke="#05131D" stroke-width="0.7" fill="none"/>"##,
            _ => r##"<circle cx="18" cy="13.2" r="0.9" fill="#05131D"/><circle cx="22" cy="13.2" r="0.9" fill="#05131D"/><path d="M17 17 Q20 20 23 17 Z" stroke="#05131D" stroke-width="0.7" fill="none"/>"##,
        });
        match &l.helmet {
            Some(c) => m.shape(
                "path",
                r#"d="M13.5 12 Q13.5 4.5 20 4.5 Q26.5 4.5 26.5 12 L26.5 13 L13.5 13 Z""#,
                "fill",
                c,
                r##" stroke="#00000033" stroke-width="0.4""##,
            ),
            None => m.shape(
                "path",
                r#"d="M14.5 10.5 Q15 5.5 20 5.5 Q25 5.5 25.5 10.5 L24 9.2 L16 9.2 Z""#,
                "fill",
                &l.hair,
                "",
            ),
        };
        if let Some((s, c)) = &l.weapon {
            weapon(m, *s, c);
        }
        if let Some(c) = &l.shield {
            m.shape(
                "path",
                r#"d="M28 25 L36 25 L36 32 Q36 37 32 39 Q28 37 28 32 Z""#,
                "fill",
                c,
                r##" stroke="#00000055" stroke-width="0.5""##,
            );
        }
    });
}

/// A weapon in the figure's hand: its haft or grip (a fixed shape) and the part in the
/// weapon's colour.
fn weapon(m: &mut Markup, s: WeaponShape, c: &str) {
    m.el("g", &[], |m| match s {
        WeaponShape::Blade => {
            m.shape(
                "rect",
                r#"x="10.2" y="16" width="1.6" height="15""#,
                "fill",
                c,
                "",
            )
            .trusted(r##"<rect x="8.5" y="29.5" width="5" height="1.4" fill="#582A12"/>"##);
        }
        WeaponShape::Pole => {
            m.trusted(r##"<rect x="10.4" y="4" width="1.2" height="40" fill="#582A12"/>"##)
                .shape("path", r#"d="M11 1 L13 6 L9 6 Z""#, "fill", c, "");
        }
        WeaponShape::Axe => {
            m.trusted(r##"<rect x="10.4" y="14" width="1.2" height="22" fill="#582A12"/>"##)
                .shape("path", r#"d="M11.5 14 Q17 16 11.5 21 Z""#, "fill", c, "");
        }
        WeaponShape::Hammer => {
            m.trusted(r##"<rect x="10.4" y="16" width="1.2" height="20" fill="#582A12"/>"##)
                .shape(
                    "rect",
                    r#"x="7.5" y="13.5" width="7" height="4.5" rx="0.8""#,
                    "fill",
                    c,
                    "",
                );
        }
        WeaponShape::Bow => {
            m.shape(
                "path",
                r#"d="M8 14 Q3 26 8 38""#,
                "stroke",
                c,
                r#" stroke-width="1.4" fill="none""#,
            )
            .trusted(r##"<path d="M8 14 L8 38" stroke="#E4CD9E" stroke-width="0.4"/>"##);
        }
        WeaponShape::Staff => {
            m.trusted(r##"<rect x="10.4" y="8" width="1.2" height="34" fill="#582A12"/>"##)
                .shape("circle", r#"cx="11" cy="7.5" r="2""#, "fill", c, "");
        }
    });
}

fn machine(m: &mut Markup, l: &Look) {
    m.el("g", &[class("machine")], |m| {
        m.trusted(r##"<rect x="5" y="31" width="30" height="5" rx="1" fill="#582A12"/><circle cx="10" cy="39" r="4.5" fill="#3F3F3F"/><circle cx="30" cy="39" r="4.5" fill="#3F3F3F"/><rect x="18" y="12" width="2.5" height="21" fill="#7C503A" transform="rotate(-35 19 32)"/>"##)
            .shape("path", r#"d="M6 9 Q8 5 12 7 L11 11 Z""#, "fill", &l.torso, "")
            .shape("rect", r#"x="26" y="24" width="4" height="8""#, "fill", &l.torso, "");
    });
}

fn banner(m: &mut Markup, l: &Look) {
    m.el("g", &[class("banner")], |m| {
        m.trusted(r##"<rect x="9" y="4" width="1.6" height="40" fill="#582A12"/>"##)
            .shape(
                "path",
                r#"d="M10.6 6 L32 6 L32 26 L21 22 L10.6 26 Z""#,
                "fill",
                &l.torso,
                r##" stroke="#00000044" stroke-width="0.5""##,
            )
            .trusted(r##"<circle cx="21" cy="14" r="4" fill="#F2CD37"/>"##);
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weapon_names_pick_their_shape() {
        for (name, ranged, shape) in [
            ("longbow", true, WeaponShape::Bow),
            ("war spear", false, WeaponShape::Pole),
            ("bearded axe", false, WeaponShape::Axe),
            ("war hammer", false, WeaponShape::Hammer),
            ("oak staff", false, WeaponShape::Staff),
            ("arming sword", false, WeaponShape::Blade),
            ("throwing knives", true, WeaponShape::Bow),
        ] {
            assert_eq!(shape_of(name, ranged), shape, "{name}");
        }
    }

    fn look(figure: Figure) -> Look {
        Look {
            figure,
            torso: "#123456".into(),
            skin: "#F2CD37".into(),
            legs: "#6C6E68".into(),
            helmet: None,
            hair: "#582A12".into(),
            armour: None,
            weapon: None,
            shield: None,
            face: 0,
        }
    }

    #[test]
    fn a_hostile_colour_stays_an_attribute_value() {
        let hostile = r#""/><script>alert(1)</script><g fill='"#;
        let mut l = look(Figure::Minifig);
        l.torso = hostile.into();
        l.shield = Some(hostile.into());
        l.weapon = Some((WeaponShape::Bow, hostile.into()));
        let m = portrait_markup(&l, "<b>Bob</b>").finish();
        assert!(!m.contains("<script"), "{m}");
        assert!(!m.contains("<b>"), "{m}");
        assert!(m.contains(r#"aria-label="&lt;b&gt;Bob&lt;/b&gt;""#), "{m}");
        assert!(
            m.contains(
                r#"fill="&quot;/&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;g fill=&#39;""#
            ),
            "{m}"
        );
    }

    #[test]
    fn the_markup_keeps_the_portraits_classes_and_shapes() {
        let mut l = look(Figure::Minifig);
        l.helmet = Some("#A0A5A9".into());
        l.armour = Some("#898788".into());
        l.weapon = Some((WeaponShape::Staff, "#AA7F2E".into()));
        l.shield = Some("#B31004".into());
        let m = portrait_markup(&l, "Bob").finish();
        assert!(
            m.starts_with(
                r##"<svg class="portrait" viewBox="0 0 40 48" role="img" aria-label="Bob"><rect width="40" height="48" rx="4" fill="#ECE7DC"/><g class="minifig">"##
            ),
            "{m}"
        );
        assert!(m.ends_with("</g></svg>"), "{m}");
        // Legs ×3, arms ×2, neck, head, staff: eight rects; hands, eyes, the staff's head: five circles.
        assert_eq!(m.matches("<rect ").count(), 1 + 8, "{m}");
        assert_eq!(m.matches("<circle ").count(), 5, "{m}");
        // Body, armour, mouth, helmet, shield.
        assert_eq!(m.matches("<path ").count(), 5, "{m}");
        assert_eq!(m.matches("<g").count(), m.matches("</g>").count());
        for colour in ["#123456", "#A0A5A9", "#898788", "#AA7F2E", "#B31004"] {
            assert!(m.contains(&format!("fill=\"{colour}\"")), "{colour} in {m}");
        }
        // Hair only shows without a helmet.
        assert!(!m.contains("L16 9.2"), "{m}");

        let machine = figure_markup(&look(Figure::Machine)).finish();
        assert!(machine.contains(r#"<g class="machine">"#) && machine.contains("#123456"));
        let banner = figure_markup(&look(Figure::Banner)).finish();
        assert!(banner.contains(r#"<g class="banner">"#) && banner.contains("#123456"));
    }

    #[test]
    fn every_demo_photo_gets_a_look_in_its_factions_colour() {
        let realm = engine::demo_realm();
        for p in &realm.photos {
            let look = Look::of(p, &realm);
            assert_eq!(
                look.torso,
                realm.faction(p.faction).unwrap().colour,
                "{}",
                p.name
            );
            assert_eq!(
                look.figure == Figure::Machine,
                p.machine_kind.is_some(),
                "{}",
                p.name
            );
        }
        let faces: std::collections::HashSet<_> = realm
            .photos
            .iter()
            .map(|p| Look::of(p, &realm).face)
            .collect();
        assert_eq!(faces.len(), 4, "ids spread over every face");
    }
}
