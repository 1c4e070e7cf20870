//! Builds the demo's factions and everything hung on them: regiments, equipment types, photos,
//! buffs, seasons and ratings.

use super::houses::{House, Role, HOUSES};
use super::kit;
use crate::*;

/// The Dominion of Morgrath's id (the target of a Grudge and of a Bane).
pub(super) const MORGRATH: u64 = 9;
const ALDERMERE: u64 = 1;
const SYLVANOR: u64 = 3;

fn given_names(species: &str) -> &'static [&'static str] {
    match species {
        "Elf" => &[
            "Aerin",
            "Luthien",
            "Elros",
            "Miriel",
            "Thranduin",
            "Celeb",
            "Ilmare",
            "Finrod",
            "Nessa",
            "Orophin",
        ],
        "Dwarf" => &[
            "Bofur", "Dwalin", "Hilde", "Nori", "Gloin", "Thrym", "Dagny", "Balin", "Kili", "Ulfa",
        ],
        "Orc" => &[
            "Grishnak", "Lugdush", "Ufthak", "Shagrat", "Mauhur", "Gorbag", "Ragash", "Snaga",
            "Yazneg", "Bolg",
        ],
        "Goblin" => &[
            "Snik", "Grub", "Nagz", "Fizzle", "Rotgut", "Skab", "Wort", "Zit", "Gobbo", "Nix",
        ],
        "Skeleton" | "Wight" => &[
            "the Nameless",
            "of the Third Barrow",
            "Dustbones",
            "the Hollow",
            "Rattlejaw",
            "of Old Vael",
            "Gravesworn",
            "the Pale",
            "Cinder",
            "the Forgotten",
        ],
        "Halfling" => &[
            "Tolly", "Merry", "Posco", "Rosie", "Hob", "Daisy", "Milo", "Lobelia", "Fosco", "Bell",
        ],
        "Troll" => &["Gruk", "Hurl", "Mossback", "Stonegut", "Brak"],
        _ => &[
            "Aldous", "Bryn", "Cedric", "Dunstan", "Elsbeth", "Gareth", "Hild", "Jory", "Maud",
            "Osric", "Piers", "Rhosyn", "Simon", "Tilda", "Wat", "Ysolde",
        ],
    }
}

fn seat_marker(seat: (u32, u32)) -> Marker {
    let (w, h) = (super::map::W as f64, super::map::H as f64);
    Marker {
        x: (seat.0 as f64 + 0.5) / w,
        y: (seat.1 as f64 + 0.5) / h,
    }
}

/// Builds the factions with their regiments, equipment types and photos. `seats` holds each house's
/// seat cell (for houses with a seat), in house order.
pub(super) fn build(r: &mut Realm, rng: &mut impl Rng, seats: &[Option<(u32, u32)>]) {
    for (i, (h, seat)) in HOUSES.iter().zip(seats).enumerate() {
        let id = i as u64 + 1;
        r.factions.push(Faction {
            id,
            name: h.name.into(),
            kind: h.kind,
            alignment: h.alignment,
            marker: seat.map(seat_marker),
            colour: h.colour.into(),
            merc_pool: h.pool,
            about: h.about.into(),
        });
        people(r, rng, id, h);
    }
}

fn new_photo(
    r: &mut Realm,
    faction: u64,
    group: Group,
    name: String,
    species: &str,
    kit_str: &str,
) -> u64 {
    let id = r.photos.len() as u64 + 1;
    let mut p = Photo::blank(id, faction, group, name);
    p.order = id as i64;
    if !species.is_empty() {
        kit::species(r, &mut p, species);
    }
    kit::fit(r, &mut p, kit_str);
    r.photos.push(p);
    id
}

fn people(r: &mut Realm, rng: &mut impl Rng, fid: u64, h: &House) {
    for f in h.people {
        let group = match f.0 {
            Role::Leader => Group::Leader,
            Role::General => Group::Generals,
            Role::Special => Group::SpecialPeople,
            Role::Crest => Group::Crest,
        };
        let species = if f.2.is_empty() { h.species } else { f.2 };
        new_photo(r, fid, group, f.1.into(), species, f.3);
    }
    for (k, u) in h.units.iter().enumerate() {
        let rid = r.regiments.len() as u64 + 1;
        r.regiments.push(Regiment {
            id: rid,
            faction: fid,
            name: u.0.into(),
            order: k as i64 + 1,
        });
        let names = given_names(u.2);
        let mut used = Vec::new();
        for _ in 0..u.3 {
            let mut n = below(rng, names.len() as u64) as usize;
            while used.contains(&n) && used.len() < names.len() {
                n = (n + 1) % names.len();
            }
            used.push(n);
            let name = format!("{} {}", u.1, names[n]);
            new_photo(r, fid, Group::Regiment(rid), name, u.2, u.4);
        }
    }
    if let Some(s) = &h.siege {
        let eid = r.equipment_types.len() as u64 + 1;
        r.equipment_types.push(EquipmentType {
            id: eid,
            faction: fid,
            name: s.0.into(),
            order: 1,
        });
        let kind = r
            .machine_kinds
            .iter()
            .find(|k| k.name == s.1)
            .expect("demo machine kind");
        let (kind_id, weapon) = (kind.id, kind_weapon(s.1));
        let crew_reg = r
            .regiments
            .iter()
            .find(|g| g.faction == fid && g.name == s.3)
            .map(|g| g.id);
        let crew: Vec<u64> = r
            .photos
            .iter()
            .filter(|p| Some(p.group) == crew_reg.map(Group::Regiment))
            .map(|p| p.id)
            .collect();
        for m in 0..s.2 {
            let kit_str = format!("{}; {}", s.4, weapon);
            let name = if s.2 > 1 {
                format!("{} {}", s.1, m + 1)
            } else {
                s.1.to_string()
            };
            let mid = new_photo(r, fid, Group::Equipment(eid), name, "", &kit_str);
            r.photos[mid as usize - 1].machine_kind = Some(kind_id);
            for (j, c) in crew.iter().enumerate() {
                if j as u32 % s.2 == m {
                    r.photos[*c as usize - 1].crew_of = Some(mid);
                }
            }
        }
    }
    if !h.crest.is_empty() {
        new_photo(r, fid, Group::Crest, h.crest.into(), "", "");
    }
    if !h.place.is_empty() {
        new_photo(r, fid, Group::Place, h.place.into(), "", "");
    }
}

fn kind_weapon(kind: &str) -> &'static str {
    match kind {
        "Trebuchet" => "w:Trebuchet Arm@Oak",
        "Ballista" => "w:Ballista Bolt@Steel",
        "Catapult" => "w:Catapult Cup@Dwarven Steel",
        "Battering Ram" => "w:Ram Head@Iron",
        "Bone Bombard" => "w:Bone Bombard@Bone",
        _ => "",
    }
}

fn buff(r: &mut Realm, faction: u64, name: &str, effect: Effect, amount: f64, source: BuffSource) {
    let id = r.buffs.len() as u64 + 1;
    r.buffs.push(Buff {
        id,
        faction,
        name: name.into(),
        effect,
        amount,
        source,
    });
}

fn first_regiment(r: &Realm, faction: u64) -> Option<Group> {
    r.regiments
        .iter()
        .find(|g| g.faction == faction)
        .map(|g| Group::Regiment(g.id))
}

/// Gives every faction buffs of each category, and Aldermere its Grudge against Morgrath.
pub(super) fn buffs(r: &mut Realm) {
    use BuffSource::*;
    use Effect::*;
    let logistics = [
        ForestCrossing,
        MarchSpeed,
        ForestCrossing,
        MountainCrossing,
        SupplyRange,
        WaterCrossing,
        MarshCrossing,
        MarshCrossing,
        MarchSpeed,
        SupplyRange,
    ];
    let leadership = [
        TerritoryReach,
        AlignmentStanding,
        HomeDefense,
        HomeDefense,
        MercenarySlots,
        TerritoryReach,
        MercenarySlots,
        TerritoryReach,
        TerritoryReach,
        AlignmentStanding,
    ];
    let amounts = [20.0, 10.0, 30.0, 35.0, 15.0, 25.0, 30.0, 25.0, 10.0, 15.0];
    let ids: Vec<(u64, FactionKind)> = r.factions.iter().map(|f| (f.id, f.kind)).collect();
    for (k, (fid, kind)) in ids.into_iter().enumerate() {
        match kind {
            FactionKind::Ordinary => {
                buff(
                    r,
                    fid,
                    "Inspiring Command",
                    AttackPower,
                    1.0,
                    Group(crate::Group::Leader),
                );
                if let Some(g) = first_regiment(r, fid) {
                    buff(r, fid, "Drilled Ranks", DefenseStrength, 1.0, Group(g));
                }
                buff(
                    r,
                    fid,
                    "Campaign Craft",
                    logistics[k],
                    amounts[k],
                    FactionWide,
                );
                let lead = leadership[k];
                let amount = if lead.whole_amount() {
                    1.0 + (k % 3) as f64 * 2.0
                } else {
                    10.0
                };
                buff(r, fid, "Old Renown", lead, amount, FactionWide);
            }
            FactionKind::Mercenary => buff(r, fid, "Hardened Veterans", Movement, 0.1, FactionWide),
            FactionKind::Townsfolk => buff(r, fid, "Town Walls", HomeDefense, 20.0, FactionWide),
        }
    }
    buff(
        r,
        ALDERMERE,
        "The Burning of Westmarch",
        Grudge { target: MORGRATH },
        20.0,
        FactionWide,
    );
    buff(
        r,
        MORGRATH,
        "Elf-Hatred",
        Grudge { target: SYLVANOR },
        15.0,
        FactionWide,
    );
}

/// Three seasons, the second current; most figures in a season; a rating record per photo.
pub(super) fn seasons_and_ratings(r: &mut Realm, rng: &mut impl Rng) {
    let names = ["The First Muster", "The Iron Spring", "The Long Winter"];
    for (i, n) in names.iter().enumerate() {
        let number = i as u32 + 1;
        r.seasons.push(Season {
            id: number as u64,
            name: format!("Season {number}: {n}"),
            number,
        });
    }
    r.settings = Settings {
        current_season: 2,
        battle_system: BattleSystem::V2,
    };
    let mercs: Vec<u64> = r
        .factions
        .iter()
        .filter(|f| f.kind == FactionKind::Mercenary)
        .map(|f| f.id)
        .collect();
    for i in 0..r.photos.len() {
        let p = &r.photos[i];
        let figure = !matches!(p.group, Group::Crest | Group::Place) || mercs.contains(&p.faction);
        let season = match below(rng, 10) {
            _ if !figure || p.machine_kind.is_some() => None,
            0..=3 => Some(1),
            4..=7 => Some(2),
            8 => Some(3),
            _ => None,
        };
        r.photos[i].season = season;
        let mut rating = Rating::start(r.photos[i].id);
        if matches!(season, Some(1) | Some(2)) && below(rng, 3) == 0 {
            rating.judged = 1 + below(rng, 30) as u32;
            rating.wins = below(rng, rating.judged as u64 + 1) as u32;
            rating.rating = 1200.0 + (2.0 * rating.wins as f64 - rating.judged as f64) * 9.5;
        }
        r.ratings.push(rating);
    }
}
