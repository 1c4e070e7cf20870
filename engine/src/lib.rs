//! Brickrealm's rules engine (temporary contract stub; replaced by the real model).
use serde::{Deserialize, Serialize};

/// The six kinds of ground.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Terrain {
    Road,
    Plains,
    Forest,
    Marsh,
    Water,
    Mountain,
}
impl Terrain {
    /// Every terrain, in the spec's order.
    pub const ALL: [Terrain; 6] = [
        Terrain::Road,
        Terrain::Plains,
        Terrain::Forest,
        Terrain::Marsh,
        Terrain::Water,
        Terrain::Mountain,
    ];
    /// Display name.
    pub fn name(self) -> &'static str {
        match self {
            Terrain::Road => "Road",
            Terrain::Plains => "Plains",
            Terrain::Forest => "Forest",
            Terrain::Marsh => "Marsh",
            Terrain::Water => "Water",
            Terrain::Mountain => "Mountain",
        }
    }
}
/// The terrain grid.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TerrainMap {
    pub width: u32,
    pub height: u32,
    pub cells: Vec<Terrain>,
}
impl TerrainMap {
    pub fn get(&self, x: u32, y: u32) -> Terrain {
        self.cells[(y * self.width + x) as usize]
    }
}
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Alignment {
    Noble,
    Benevolent,
    Independent,
    Rogue,
    Malevolent,
}
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FactionKind {
    Ordinary,
    Mercenary,
    Townsfolk,
}
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Marker {
    pub x: f64,
    pub y: f64,
}
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Faction {
    pub id: u64,
    pub name: String,
    pub kind: FactionKind,
    pub alignment: Alignment,
    pub marker: Option<Marker>,
    pub colour: String,
}
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Photo {
    pub id: u64,
    pub faction: u64,
    pub name: String,
}
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Realm {
    pub map: TerrainMap,
    pub factions: Vec<Faction>,
    pub photos: Vec<Photo>,
}
#[derive(Clone, Debug, PartialEq)]
pub struct DocError {
    pub field: String,
    pub message: String,
}
impl std::fmt::Display for DocError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.field, self.message)
    }
}
impl std::error::Error for DocError {}
impl Realm {
    pub fn validate(&self) -> Result<(), DocError> {
        Ok(())
    }
}
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RecordKind {
    Map,
    Faction,
    Photo,
}
impl RecordKind {
    pub const ALL: [RecordKind; 3] = [RecordKind::Map, RecordKind::Faction, RecordKind::Photo];
    pub fn name(self) -> &'static str {
        match self {
            RecordKind::Map => "map",
            RecordKind::Faction => "faction",
            RecordKind::Photo => "photo",
        }
    }
}
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    pub kind: RecordKind,
    pub id: u64,
    pub body: serde_json::Value,
}
impl Realm {
    pub fn to_records(&self) -> Vec<Record> {
        let mut v = vec![Record {
            kind: RecordKind::Map,
            id: 0,
            body: serde_json::to_value(&self.map).unwrap(),
        }];
        v.extend(self.factions.iter().map(|f| Record {
            kind: RecordKind::Faction,
            id: f.id,
            body: serde_json::to_value(f).unwrap(),
        }));
        v.extend(self.photos.iter().map(|f| Record {
            kind: RecordKind::Photo,
            id: f.id,
            body: serde_json::to_value(f).unwrap(),
        }));
        v
    }
    pub fn from_records(records: impl IntoIterator<Item = Record>) -> Result<Realm, DocError> {
        let mut r = Realm {
            map: TerrainMap {
                width: 0,
                height: 0,
                cells: vec![],
            },
            factions: vec![],
            photos: vec![],
        };
        for rec in records {
            let e = |e: serde_json::Error| DocError {
                field: rec.kind.name().into(),
                message: e.to_string(),
            };
            match rec.kind {
                RecordKind::Map => r.map = serde_json::from_value(rec.body.clone()).map_err(e)?,
                RecordKind::Faction => r
                    .factions
                    .push(serde_json::from_value(rec.body.clone()).map_err(e)?),
                RecordKind::Photo => r
                    .photos
                    .push(serde_json::from_value(rec.body.clone()).map_err(e)?),
            }
        }
        Ok(r)
    }
}
pub fn demo_realm() -> Realm {
    let (w, h) = (240u32, 160u32);
    let cells = (0..w * h)
        .map(|i| {
            let (x, y) = (i % w, i / w);
            if x < 20 {
                Terrain::Water
            } else if y % 40 == 0 {
                Terrain::Road
            } else if (x / 30 + y / 30) % 3 == 0 {
                Terrain::Forest
            } else if x > 200 {
                Terrain::Mountain
            } else if y > 140 {
                Terrain::Marsh
            } else {
                Terrain::Plains
            }
        })
        .collect();
    let factions = (0..8)
        .map(|i| Faction {
            id: i + 1,
            name: format!("Faction {}", i + 1),
            kind: FactionKind::Ordinary,
            alignment: Alignment::Noble,
            marker: Some(Marker {
                x: 0.15 + 0.1 * i as f64,
                y: 0.3 + 0.05 * i as f64,
            }),
            colour: "#c91a09".into(),
        })
        .collect();
    Realm {
        map: TerrainMap {
            width: w,
            height: h,
            cells,
        },
        factions,
        photos: vec![],
    }
}
