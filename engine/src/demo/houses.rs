//! The demo's factions as data: who they are, where they sit, and what their people carry.
//!
//! A kit is a `;`-separated list of `key:value`: `w` weapon, `ow` offhand weapon, `sh` shield,
//! `a` armour, `h` headwear, `bp` backpiece, `l` legwear (each `Item@Material`); `u`/`uo`/`uh`/`ub`
//! a unique item for the weapon/offhand/headwear/backpiece slot; `b` beast; `mt` movement type;
//! `worn` barding; `hp`/`def`/`atk`/`rng` hand-typed numbers overriding the species.

use crate::{Alignment, FactionKind, MercPool};

/// Which named group a hand-made figure goes in.
#[derive(Clone, Copy)]
pub(super) enum Role {
    Leader,
    General,
    Special,
    Crest,
}

/// A named figure.
pub(super) struct Figure(
    pub Role,
    pub &'static str,
    pub &'static str,
    pub &'static str,
);

/// A regiment: name, singular, species, count, kit.
pub(super) struct Unit(
    pub &'static str,
    pub &'static str,
    pub &'static str,
    pub u32,
    pub &'static str,
);

/// A siege train: equipment type name, machine kind, count, crew regiment, machine kit.
pub(super) struct Siege(
    pub &'static str,
    pub &'static str,
    pub u32,
    pub &'static str,
    pub &'static str,
);

/// One faction of the demo.
pub(super) struct House {
    pub name: &'static str,
    pub kind: FactionKind,
    pub alignment: Alignment,
    pub pool: Option<MercPool>,
    pub colour: &'static str,
    pub seat: Option<(f64, f64)>,
    pub about: &'static str,
    pub species: &'static str,
    pub people: &'static [Figure],
    pub units: &'static [Unit],
    pub siege: Option<Siege>,
    pub crest: &'static str,
    pub place: &'static str,
}

use Role::*;

const KNIGHT: &str = "w:Lance@Steel; sh:Kite Shield@Oak; a:Full Plate@Steel; h:Great Helm@Steel; l:Greaves@Steel; mt:Warhorse";
const SPEAR: &str = "w:Spear@Iron; sh:Round Shield@Wood; a:Chainmail@Iron; h:Kettle Hat@Iron; l:Leather Boots@Leather";
const LONGBOW: &str =
    "w:Longbow@Oak; ow:Dagger@Iron; a:Padded Jerkin@Linen; h:Hood@Linen; bp:Quiver@Leather";
const CROSSBOW: &str = "w:Crossbow@Iron; ow:Shortsword@Iron; a:Leather Cuirass@Leather; h:Kettle Hat@Iron; bp:Quiver@Leather";
const ENGINEER: &str =
    "w:Mace@Iron; a:Leather Cuirass@Leather; h:Leather Cap@Leather; bp:Pack@Linen";
const MACHINE: &str = "hp:200; def:4; mt:Siege Wheels";

/// Every faction, in id order (id = position + 1).
pub(super) const HOUSES: &[House] = &[
    House {
        name: "Kingdom of Aldermere", kind: FactionKind::Ordinary, alignment: Alignment::Noble, pool: None,
        colour: "#1e5aa8", seat: Some((0.40, 0.40)), species: "Human",
        about: "The old crown of the heartland, sworn against the Dominion.",
        people: &[
            Figure(Leader, "King Aldric IV", "", "u:Dawnbringer; uh:Crown of Aldermere; a:Full Plate@Gilded Steel; sh:Heater Shield@Steel; l:Greaves@Steel; mt:Warhorse; worn:Crimson Caparison"),
            Figure(General, "Marshal Edwyn Harte", "", KNIGHT),
            Figure(General, "Lady Rowena Vale", "", "w:Longsword@Steel; sh:Kite Shield@Steel; a:Breastplate@Steel; h:Great Helm@Steel; mt:Warhorse; worn:War Saddle"),
            Figure(Special, "Brother Anselm", "", "w:Quarterstaff@Oak; a:Robes@Linen; h:Hood@Linen"),
            Figure(Special, "Master Archer Tobin", "", "w:Longbow@Oak; ow:Shortsword@Steel; a:Leather Cuirass@Leather; bp:Quiver@Leather"),
        ],
        units: &[
            Unit("Royal Knights", "Knight", "Human", 4, KNIGHT),
            Unit("Crown Spearmen", "Spearman", "Human", 5, SPEAR),
            Unit("Aldermere Longbowmen", "Longbowman", "Human", 5, LONGBOW),
            Unit("Royal Engineers", "Engineer", "Human", 3, ENGINEER),
        ],
        siege: Some(Siege("Royal Siege Train", "Trebuchet", 1, "Royal Engineers", MACHINE)),
        crest: "The White Stag of Aldermere", place: "Aldermere Keep",
    },
    House {
        name: "Order of the Silver Lion", kind: FactionKind::Ordinary, alignment: Alignment::Noble, pool: None,
        colour: "#c8c8c8", seat: Some((0.62, 0.20)), species: "Human",
        about: "A crusading order of knights in the northern hills.",
        people: &[
            Figure(Leader, "Grand Master Oswin", "", "w:Greatsword@Mithril; a:Full Plate@Steel; h:Great Helm@Steel; l:Greaves@Steel; bp:Cloak@Linen"),
            Figure(General, "Commander Ilsa Brand", "", KNIGHT),
            Figure(General, "Sir Gaumont", "", "w:Warhammer@Steel; sh:Tower Shield@Steel; a:Full Plate@Steel; h:Great Helm@Iron"),
            Figure(Special, "Sister Maren the Healer", "", "w:Mace@Bronze; a:Robes@Linen; h:Circlet@Bronze"),
            Figure(Special, "Banner-Bearer Lucan", "", "w:Longsword@Steel; bp:Banner Pole@Oak; a:Chainmail@Steel; mt:Warhorse; worn:Standard-Bearer's Saddle"),
        ],
        units: &[
            Unit("Lion Knights", "Knight", "Human", 5, KNIGHT),
            Unit("Men-at-Arms", "Man-at-Arms", "Human", 5, "w:Halberd@Steel; a:Breastplate@Iron; h:Kettle Hat@Steel; l:Mail Chausses@Iron"),
            Unit("Order Crossbows", "Crossbowman", "Human", 4, CROSSBOW),
        ],
        siege: Some(Siege("Order Artillery", "Ballista", 2, "Order Crossbows", MACHINE)),
        crest: "The Silver Lion Rampant", place: "Lionsgate Preceptory",
    },
    House {
        name: "Sylvanor Elvenholt", kind: FactionKind::Ordinary, alignment: Alignment::Benevolent, pool: None,
        colour: "#237841", seat: Some((0.30, 0.66)), species: "Elf",
        about: "Elves of the deep southern woods, slow to war and hard to end.",
        people: &[
            Figure(Leader, "Queen Ithilwen", "", "u:Windsong; a:Scale Armour@Elven Silver; h:Circlet@Elven Silver; ub:Cloak of Mists"),
            Figure(General, "Lord Caranthir", "", "w:Longsword@Elven Silver; sh:Kite Shield@Elven Silver; a:Scale Armour@Elven Silver; mt:Riding Horse; worn:Leafweave Barding"),
            Figure(General, "Warden Aelis", "", "w:Elven Greatbow@Oak; ow:Dagger@Elven Silver; a:Leather Cuirass@Leather; bp:Quiver@Leather"),
            Figure(Special, "Seer Nimrodel", "", "w:Fire Staff@Oak; a:Robes@Linen"),
            Figure(Special, "Falconer Thalion", "", "w:Shortbow@Oak; a:Leather Cuirass@Leather; b:Hunting Hawk"),
        ],
        units: &[
            Unit("Greenwood Archers", "Archer", "Elf", 6, "w:Elven Greatbow@Oak; ow:Dagger@Elven Silver; a:Leather Cuirass@Leather; h:Hood@Linen; bp:Quiver@Leather"),
            Unit("Glade Guard", "Guardian", "Elf", 5, "w:Spear@Elven Silver; sh:Kite Shield@Oak; a:Scale Armour@Elven Silver; h:Circlet@Elven Silver"),
            Unit("Wild Riders", "Rider", "Elf", 4, "w:Spear@Elven Silver; a:Leather Cuirass@Leather; mt:Riding Horse"),
        ],
        siege: None,
        crest: "The Silver Leaf", place: "The Moonlit Glade",
    },
    House {
        name: "Karak Dunhold", kind: FactionKind::Ordinary, alignment: Alignment::Benevolent, pool: None,
        colour: "#6c6e68", seat: Some((0.86, 0.32)), species: "Dwarf",
        about: "Dwarf-holds under the eastern mountains; they remember every debt.",
        people: &[
            Figure(Leader, "High King Thrain Ironbrow", "", "u:Orcsunder; a:Full Plate@Dwarven Steel; h:Horned Helm@Solid Gold; l:Greaves@Dwarven Steel"),
            Figure(General, "Thane Borin Stonefist", "", "w:Warhammer@Dwarven Steel; sh:Round Shield@Dwarven Steel; a:Full Plate@Dwarven Steel; h:Great Helm@Iron"),
            Figure(General, "Runelord Dagna", "", "w:Warhammer@Sunstone; a:Chainmail@Dwarven Steel; h:Horned Helm@Bronze"),
            Figure(Special, "Engineer Gimrik", "", "w:Crossbow@Dwarven Steel; a:Leather Cuirass@Leather; bp:Pack@Leather"),
            Figure(Special, "Brewmaster Hulda", "", "w:Club@Oak; a:Padded Jerkin@Linen"),
        ],
        units: &[
            Unit("Hearthguard", "Hearthguard", "Dwarf", 5, "w:Battle Axe@Dwarven Steel; sh:Round Shield@Iron; a:Full Plate@Iron; h:Great Helm@Iron; l:Greaves@Iron"),
            Unit("Quarrellers", "Quarreller", "Dwarf", 5, "w:Crossbow@Dwarven Steel; ow:Battle Axe@Iron; a:Chainmail@Iron; h:Kettle Hat@Iron"),
            Unit("Ironbreakers", "Ironbreaker", "Dwarf", 4, "w:Warhammer@Steel; sh:Tower Shield@Iron; a:Full Plate@Dwarven Steel; h:Great Helm@Steel"),
            Unit("Sappers", "Sapper", "Dwarf", 3, ENGINEER),
        ],
        siege: Some(Siege("Hold Engines", "Catapult", 1, "Sappers", MACHINE)),
        crest: "The Anvil and Crown", place: "Gates of Karak Dun",
    },
    House {
        name: "Free Marches of Brennock", kind: FactionKind::Ordinary, alignment: Alignment::Independent, pool: None,
        colour: "#a95500", seat: Some((0.56, 0.52)), species: "Human",
        about: "Yeomen and reeves of the open downs who bow to no crown.",
        people: &[
            Figure(Leader, "Lord-Reeve Garrick Brenn", "", "w:Longsword@Steel; sh:Heater Shield@Oak; a:Chainmail@Steel; h:Kettle Hat@Steel; mt:Riding Horse"),
            Figure(General, "Captain Wynn Ashford", "", "w:Halberd@Steel; a:Breastplate@Iron; h:Kettle Hat@Iron"),
            Figure(General, "Huntress Elda Brook", "", "w:Longbow@Oak; ow:Shortsword@Iron; a:Leather Cuirass@Leather; b:Warhound"),
            Figure(Special, "Old Tam the Drover", "", "w:Quarterstaff@Wood; a:Padded Jerkin@Linen; b:Warhound"),
            Figure(Special, "Reeve's Herald Pell", "", "w:Shortsword@Iron; bp:Banner Pole@Wood; mt:Pony"),
        ],
        units: &[
            Unit("Yeoman Bowmen", "Bowman", "Human", 6, LONGBOW),
            Unit("March Pikes", "Pikeman", "Human", 5, "w:Pike@Iron; a:Padded Jerkin@Linen; h:Kettle Hat@Iron"),
            Unit("Down Riders", "Rider", "Human", 4, "w:Javelin@Wood; ow:Shortsword@Iron; a:Leather Cuirass@Leather; mt:Riding Horse"),
        ],
        siege: None,
        crest: "The Sheaf and Bow", place: "Brennock Moot Hill",
    },
    House {
        name: "Tidewater League", kind: FactionKind::Ordinary, alignment: Alignment::Independent, pool: None,
        colour: "#008f9b", seat: Some((0.22, 0.28)), species: "Human",
        about: "Merchant ports of the western coast, rich in ships and poor in patience.",
        people: &[
            Figure(Leader, "Doge Marisa Castellane", "", "w:Rapier@Steel; a:Padded Jerkin@Linen; h:Circlet@Solid Gold; bp:Cloak@Linen"),
            Figure(General, "Admiral Corvin Sarr", "", "w:Scimitar@Steel; ow:Throwing Knives@Steel; a:Leather Cuirass@Leather"),
            Figure(General, "Captain Bram Holloway", "", "w:Crossbow@Steel; ow:Shortsword@Steel; a:Chainmail@Iron"),
            Figure(Special, "Harbour-Master Quill", "Halfling", "w:Sling@Leather; a:Padded Jerkin@Linen"),
            Figure(Special, "Navigator Sefa", "", "w:Dagger@Bronze; a:Robes@Linen; b:Hunting Hawk"),
        ],
        units: &[
            Unit("League Marines", "Marine", "Human", 5, "w:Scimitar@Steel; sh:Buckler@Iron; a:Leather Cuirass@Leather; h:Leather Cap@Leather"),
            Unit("Harbour Crossbows", "Crossbowman", "Human", 5, CROSSBOW),
            Unit("Dockside Slingers", "Slinger", "Halfling", 4, "w:Sling@Leather; ow:Dagger@Iron; a:Padded Jerkin@Linen"),
            Unit("Bridgewrights", "Bridgewright", "Human", 2, ENGINEER),
        ],
        siege: Some(Siege("League Train", "Pontoon Train", 1, "Bridgewrights", "hp:120; def:2; mt:Siege Wheels")),
        crest: "The Golden Galley", place: "Port Castellane",
    },
    House {
        name: "Mirehaven Corsairs", kind: FactionKind::Ordinary, alignment: Alignment::Rogue, pool: None,
        colour: "#720e0f", seat: Some((0.34, 0.86)), species: "Human",
        about: "Smugglers and reavers of the southern fens and the bay.",
        people: &[
            Figure(Leader, "Pirate Queen Sable Morrow", "", "u:Shadowfang; ow:Throwing Knives@Steel; a:Leather Cuirass@Leather; bp:Cloak@Linen"),
            Figure(General, "First Mate Grell", "Orc", "w:Battle Axe@Iron; a:Leather Cuirass@Leather"),
            Figure(General, "Quartermaster Finch", "", "w:Crossbow@Iron; ow:Dagger@Steel; a:Padded Jerkin@Linen"),
            Figure(Special, "Fen-Witch Morwen", "", "w:Fire Staff@Bone; a:Robes@Linen; h:Hood@Linen"),
            Figure(Special, "Lookout Pip", "Halfling", "w:Sling@Leather; a:Padded Jerkin@Linen"),
        ],
        units: &[
            Unit("Reavers", "Reaver", "Human", 6, "w:Scimitar@Iron; sh:Buckler@Wood; a:Leather Cuirass@Leather; h:Leather Cap@Leather"),
            Unit("Fen Skirmishers", "Skirmisher", "Human", 5, "w:Javelin@Wood; ow:Dagger@Iron; a:Padded Jerkin@Linen; l:Leather Boots@Leather"),
            Unit("Powder Gunners", "Gunner", "Human", 4, "w:Crossbow@Blackened Steel; ow:Shortsword@Iron; a:Leather Cuirass@Leather"),
        ],
        siege: None,
        crest: "The Drowned Skull", place: "Mirehaven Stilts",
    },
    House {
        name: "Goblin Warrens of Skritch", kind: FactionKind::Ordinary, alignment: Alignment::Rogue, pool: None,
        colour: "#bbe90b", seat: Some((0.70, 0.80)), species: "Goblin",
        about: "Many, loud, and much braver in the dark.",
        people: &[
            Figure(Leader, "Big Boss Skritch", "", "w:Scimitar@Rusted Iron; sh:Round Shield@Wood; a:Scale Armour@Rusted Iron; b:Dire Wolf; mt:Wolf Mount"),
            Figure(General, "Snagga Wolfrider", "", "w:Spear@Rusted Iron; a:Leather Cuirass@Leather; b:Dire Wolf; mt:Wolf Mount"),
            Figure(General, "Gitzo the Sneak", "", "w:Dagger@Blackened Steel; ow:Throwing Knives@Iron; a:Padded Jerkin@Linen"),
            Figure(Special, "Shaman Nubbit", "", "w:Fire Staff@Bone; a:Robes@Linen"),
            Figure(Special, "Grok the Troll", "Troll", "w:Club@Oak"),
        ],
        units: &[
            Unit("Warren Stabbers", "Stabber", "Goblin", 6, "w:Spear@Rusted Iron; sh:Round Shield@Wood; a:Padded Jerkin@Linen"),
            Unit("Spider Riders", "Spider Rider", "Goblin", 4, "w:Shortbow@Wood; ow:Dagger@Iron; b:Giant Spider"),
            Unit("Sneaky Shooters", "Shooter", "Goblin", 5, "w:Shortbow@Wood; ow:Dagger@Rusted Iron; a:Padded Jerkin@Linen"),
        ],
        siege: None,
        crest: "The Grinning Moon", place: "Skritch Hollow",
    },
    House {
        name: "Dominion of Morgrath", kind: FactionKind::Ordinary, alignment: Alignment::Malevolent, pool: None,
        colour: "#2b2b2b", seat: Some((0.80, 0.60)), species: "Orc",
        about: "The iron tyranny of the east, whose smoke can be seen from Aldermere.",
        people: &[
            Figure(Leader, "Warlord Morgrath the Black", "", "w:Greatsword@Blackened Steel; a:Full Plate@Blackened Steel; h:Horned Helm@Blackened Steel; l:Greaves@Iron; bp:Pauldrons@Iron; hp:150"),
            Figure(General, "Gorbag Skullsplitter", "", "w:Battle Axe@Blackened Steel; sh:Round Shield@Iron; a:Scale Armour@Iron; h:Horned Helm@Iron"),
            Figure(General, "Ugrasha the Cruel", "", "w:Scimitar@Steel; a:Chainmail@Iron; b:War Boar"),
            Figure(Special, "The Hollow Prophet", "Wight", "w:Fire Staff@Bone; a:Robes@Linen; h:Hood@Linen"),
            Figure(Special, "Slave-Driver Mukk", "", "w:Mace@Iron; a:Leather Cuirass@Leather"),
        ],
        units: &[
            Unit("Black Uruks", "Uruk", "Orc", 5, "w:Scimitar@Blackened Steel; sh:Heater Shield@Iron; a:Scale Armour@Iron; h:Horned Helm@Iron; l:Mail Chausses@Iron"),
            Unit("Orc Archers", "Archer", "Orc", 5, "w:Shortbow@Wood; ow:Scimitar@Iron; a:Leather Cuirass@Leather"),
            Unit("Boar Riders", "Boar Rider", "Orc", 4, "w:Spear@Iron; a:Chainmail@Iron; b:War Boar"),
            Unit("Troll Brutes", "Troll", "Troll", 2, "w:Club@Oak; a:Scale Armour@Rusted Iron"),
            Unit("Siege Slaves", "Slave", "Goblin", 4, "w:Club@Wood"),
        ],
        siege: Some(Siege("Dominion Engines", "Battering Ram", 1, "Siege Slaves", MACHINE)),
        crest: "The Black Gauntlet", place: "Morgrath's Forge",
    },
    House {
        name: "Necropolis of Vael", kind: FactionKind::Ordinary, alignment: Alignment::Malevolent, pool: None,
        colour: "#81007b", seat: Some((0.90, 0.86)), species: "Skeleton",
        about: "The dead city of the south-east, ruled by what its kings became.",
        people: &[
            Figure(Leader, "The Lich-King Vael", "Wight", "w:Fire Staff@Sunstone; a:Robes@Linen; h:Circlet@Solid Gold; b:Giant Spider; hp:180"),
            Figure(General, "Wight-Lord Corvane", "Wight", "w:Longsword@Blackened Steel; sh:Kite Shield@Iron; a:Full Plate@Rusted Iron; mt:Warhorse; worn:Bone Barding"),
            Figure(General, "Mistress Hesk", "Wight", "w:Scimitar@Bone; a:Chainmail@Rusted Iron"),
            Figure(Special, "The Bone Herald", "", "w:Spear@Bone; bp:Banner Pole@Bone"),
            Figure(Special, "Ossuary Dragonkin", "Dragonkin", ""),
        ],
        units: &[
            Unit("Grave Legion", "Legionary", "Skeleton", 6, "w:Shortsword@Rusted Iron; sh:Round Shield@Wood; a:Chainmail@Rusted Iron; h:Kettle Hat@Rusted Iron"),
            Unit("Bone Archers", "Bone Archer", "Skeleton", 5, "w:Shortbow@Bone; ow:Dagger@Rusted Iron"),
            Unit("Barrow Knights", "Barrow Knight", "Wight", 3, "w:Lance@Rusted Iron; sh:Kite Shield@Iron; a:Full Plate@Rusted Iron; mt:Warhorse"),
            Unit("Gravediggers", "Gravedigger", "Skeleton", 3, "w:Club@Bone"),
        ],
        siege: Some(Siege("Bone Engines", "Bone Bombard", 1, "Gravediggers", "hp:160; def:3; mt:Siege Wheels")),
        crest: "The Crowned Skull", place: "The Vael Ossuary",
    },
    House {
        name: "The Gilded Company", kind: FactionKind::Mercenary, alignment: Alignment::Noble, pool: Some(MercPool::Hero),
        colour: "#dbac34", seat: Some((0.48, 0.10)), species: "Human", about: "Knights-errant who fight for a just cause and a fair fee.",
        people: &[
            Figure(Crest, "Captain Aurelia Dawn", "", "w:Longsword@Gilded Steel; sh:Heater Shield@Steel; a:Full Plate@Gilded Steel; mt:Warhorse"),
            Figure(Crest, "Sir Percival the Bold", "", KNIGHT),
            Figure(Crest, "Sir Hugo of the Marches", "", KNIGHT),
            Figure(Crest, "Squire Tamsin", "", "w:Shortsword@Steel; sh:Round Shield@Oak; a:Chainmail@Iron"),
            Figure(Crest, "Gilded Archer Wenna", "", LONGBOW),
            Figure(Crest, "Gilded Archer Rolf", "", LONGBOW),
            Figure(Crest, "Paladin Cedric", "", "w:Warhammer@Sunstone; sh:Kite Shield@Steel; a:Full Plate@Steel"),
            Figure(Crest, "Dwarf Ally Brokk", "Dwarf", "w:Battle Axe@Dwarven Steel; a:Chainmail@Iron"),
            Figure(Crest, "Griffin Rider Sola", "", "w:Lance@Steel; a:Breastplate@Steel; mt:Griffin"),
        ],
        units: &[], siege: None, crest: "", place: "",
    },
    House {
        name: "The Grey Wardens", kind: FactionKind::Mercenary, alignment: Alignment::Independent, pool: Some(MercPool::Neutral),
        colour: "#898788", seat: Some((0.69, 0.42)), species: "Human", about: "Sellswords with a code: paid in advance, loyal to the end of the contract.",
        people: &[
            Figure(Crest, "Warden-Captain Hale", "", "w:Greatsword@Steel; a:Chainmail@Steel; h:Kettle Hat@Steel"),
            Figure(Crest, "Warden Osric", "", SPEAR),
            Figure(Crest, "Warden Brisa", "", SPEAR),
            Figure(Crest, "Warden Cole", "", CROSSBOW),
            Figure(Crest, "Warden Ysolde", "", CROSSBOW),
            Figure(Crest, "Hammer-Sworn Durin", "Dwarf", "w:Warhammer@Iron; sh:Round Shield@Iron; a:Chainmail@Iron"),
            Figure(Crest, "Outrider Fenn", "", "w:Javelin@Wood; ow:Shortsword@Iron; mt:Riding Horse"),
            Figure(Crest, "Quartermaster Ada", "Halfling", "w:Sling@Leather; a:Padded Jerkin@Linen"),
        ],
        units: &[], siege: None, crest: "", place: "",
    },
    House {
        name: "The Wayfarers of the Long Road", kind: FactionKind::Mercenary, alignment: Alignment::Independent, pool: Some(MercPool::Wanderers),
        colour: "#958a73", seat: Some((0.17, 0.50)), species: "Elf", about: "Wanderers of every kind, who go where the road and the silver lead.",
        people: &[
            Figure(Crest, "Road-Warden Faelan", "", "w:Elven Greatbow@Oak; ow:Dagger@Elven Silver; a:Leather Cuirass@Leather"),
            Figure(Crest, "Centaur Hunter Kestrel", "Centaur", "w:Longbow@Oak; ow:Spear@Iron"),
            Figure(Crest, "Centaur Charger Thorn", "Centaur", "w:Lance@Iron; a:Leather Cuirass@Leather"),
            Figure(Crest, "Tinker Bodo", "Halfling", "w:Sling@Leather; bp:Pack@Linen"),
            Figure(Crest, "Wandering Blade Iska", "Human", "w:Scimitar@Steel; a:Padded Jerkin@Linen; l:Leather Boots@Leather"),
            Figure(Crest, "Hedge-Mage Orrin", "Human", "w:Fire Staff@Oak; a:Robes@Linen"),
            Figure(Crest, "Beastmaster Yara", "Human", "w:Spear@Iron; b:Cave Bear"),
            Figure(Crest, "Scout Lirien", "", "w:Shortbow@Oak; ow:Dagger@Iron; l:Leather Boots@Leather"),
        ],
        units: &[], siege: None, crest: "", place: "",
    },
    House {
        name: "The Red Hand", kind: FactionKind::Mercenary, alignment: Alignment::Malevolent, pool: Some(MercPool::Evil),
        colour: "#c91a09", seat: Some((0.58, 0.93)), species: "Orc", about: "Butchers for hire. They will fight anyone; they prefer the helpless.",
        people: &[
            Figure(Crest, "Red Krug", "", "w:Battle Axe@Blackened Steel; a:Scale Armour@Iron; h:Horned Helm@Iron"),
            Figure(Crest, "Ogre Mauler Brug", "Ogre", "w:Club@Oak; a:Leather Cuirass@Leather"),
            Figure(Crest, "Troll Gnasher", "Troll", "w:Warhammer@Rusted Iron"),
            Figure(Crest, "Cutthroat Vesk", "", "w:Dagger@Blackened Steel; ow:Throwing Knives@Iron"),
            Figure(Crest, "Cutthroat Zog", "", "w:Scimitar@Iron; sh:Buckler@Iron"),
            Figure(Crest, "Wolf-Rider Raka", "Goblin", "w:Spear@Rusted Iron; b:Dire Wolf; mt:Wolf Mount"),
            Figure(Crest, "Poisoner Sliss", "Goblin", "w:Shortbow@Wood; ow:Dagger@Iron"),
            Figure(Crest, "Black Archer Morn", "", "w:Longbow@Oak; ow:Scimitar@Iron"),
            Figure(Crest, "Dragonkin Sellsword Vyrax", "Dragonkin", "w:Greatsword@Blackened Steel"),
        ],
        units: &[], siege: None, crest: "", place: "",
    },
    House {
        name: "Free City of Harrowgate", kind: FactionKind::Townsfolk, alignment: Alignment::Independent, pool: None,
        colour: "#e4cd9e", seat: Some((0.48, 0.72)), species: "Human", about: "A market town at the crossroads; everybody's neighbour, nobody's ally.",
        people: &[
            Figure(Leader, "Mayor Elspeth Crane", "", "a:Robes@Linen; h:Circlet@Bronze"),
            Figure(Special, "Innkeeper Barnaby", "", "w:Club@Oak"),
            Figure(Special, "Smith Hilda Forge", "Dwarf", "w:Warhammer@Iron; a:Leather Cuirass@Leather"),
            Figure(Special, "Apothecary Wren", "Elf", "w:Dagger@Bronze; a:Robes@Linen"),
        ],
        units: &[Unit("Town Watch", "Watchman", "Human", 6, "w:Spear@Iron; a:Padded Jerkin@Linen; h:Kettle Hat@Iron")],
        siege: None,
        crest: "The Harrowgate Arms", place: "Harrowgate Market Square",
    },
];
