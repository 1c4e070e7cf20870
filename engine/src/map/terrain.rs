//! The terrain grid (SPEC §1.8) and its compact wire form: one string per row, one char per cell.
//!
//! A 240×160 map has 38,400 cells; as JSON strings per cell it would dwarf the rest of the document,
//! so each row is a string and each cell one char:
//!
//! | Terrain  | char |
//! |----------|------|
//! | Road     | `R`  |
//! | Plains   | `P`  |
//! | Forest   | `F`  |
//! | Marsh    | `S` (swamp; `M` is taken by Mountain) |
//! | Water    | `W`  |
//! | Mountain | `M`  |

use crate::DocError;
use serde::{Deserialize, Serialize};

/// The six kinds of ground, in the spec's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Terrain {
    /// A made road: free to march along.
    Road,
    /// Open ground.
    Plains,
    /// Woods.
    Forest,
    /// Wet, heavy ground.
    Marsh,
    /// Sea, lakes and rivers.
    Water,
    /// Passes and peaks.
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

    /// The one-char code used in the map's rows (see the module table).
    pub fn code(self) -> char {
        match self {
            Terrain::Road => 'R',
            Terrain::Plains => 'P',
            Terrain::Forest => 'F',
            Terrain::Marsh => 'S',
            Terrain::Water => 'W',
            Terrain::Mountain => 'M',
        }
    }

    /// The terrain for a row char, if it is one.
    pub fn from_code(c: char) -> Option<Terrain> {
        Terrain::ALL.into_iter().find(|t| t.code() == c)
    }
}

/// The terrain grid: `width × height` cells, row-major (cell index = `y·width + x`), y growing downward.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "MapRows", try_from = "MapRows")]
pub struct TerrainMap {
    /// Cells across.
    pub width: u32,
    /// Cells down.
    pub height: u32,
    /// `width × height` cells, row by row.
    pub cells: Vec<Terrain>,
}

impl TerrainMap {
    /// A map of one terrain.
    pub fn filled(width: u32, height: u32, t: Terrain) -> Self {
        TerrainMap {
            width,
            height,
            cells: vec![t; width as usize * height as usize],
        }
    }

    /// The terrain at `(x, y)`. Panics outside the grid, like slice indexing.
    pub fn get(&self, x: u32, y: u32) -> Terrain {
        assert!(
            x < self.width && y < self.height,
            "cell ({x}, {y}) outside the map"
        );
        self.cells[self.index(x, y)]
    }

    /// Sets the terrain at `(x, y)`.
    pub fn set(&mut self, x: u32, y: u32, t: Terrain) {
        let i = self.index(x, y);
        self.cells[i] = t;
    }

    /// The cell index of `(x, y)`: `y·width + x`.
    pub fn index(&self, x: u32, y: u32) -> usize {
        y as usize * self.width as usize + x as usize
    }

    /// The rows as strings of terrain chars.
    pub fn rows(&self) -> Vec<String> {
        if self.width == 0 {
            return vec![String::new(); self.height as usize];
        }
        self.cells
            .chunks(self.width as usize)
            .map(|r| r.iter().map(|t| t.code()).collect())
            .collect()
    }
}

/// The wire form of [`TerrainMap`]: `{"width":240,"height":160,"rows":["PPFFW…", …]}`.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "schema", schemars(rename = "TerrainMap"))]
pub struct MapRows {
    /// Cells across.
    pub width: u32,
    /// Cells down.
    pub height: u32,
    /// One string per row, one char per cell: R road, P plains, F forest, S marsh, W water, M mountain.
    pub rows: Vec<String>,
}

impl From<TerrainMap> for MapRows {
    fn from(m: TerrainMap) -> Self {
        MapRows {
            rows: m.rows(),
            width: m.width,
            height: m.height,
        }
    }
}

impl TryFrom<MapRows> for TerrainMap {
    type Error = DocError;

    fn try_from(w: MapRows) -> Result<Self, DocError> {
        if w.rows.len() != w.height as usize {
            let msg = format!("{} rows for a height of {}", w.rows.len(), w.height);
            return Err(DocError::new("rows", msg));
        }
        let mut cells = Vec::with_capacity(w.width as usize * w.height as usize);
        for (y, row) in w.rows.iter().enumerate() {
            let field = format!("rows[{y}]");
            let before = cells.len();
            for (x, c) in row.chars().enumerate() {
                let t = Terrain::from_code(c).ok_or_else(|| {
                    DocError::new(&field, format!("unknown terrain char {c:?} at x = {x}"))
                })?;
                cells.push(t);
            }
            let len = cells.len() - before;
            if len != w.width as usize {
                let msg = format!("{len} cells for a width of {}", w.width);
                return Err(DocError::new(field, msg));
            }
        }
        Ok(TerrainMap {
            width: w.width,
            height: w.height,
            cells,
        })
    }
}

#[cfg(feature = "schema")]
impl schemars::JsonSchema for TerrainMap {
    fn schema_name() -> String {
        "TerrainMap".into()
    }

    fn json_schema(gen: &mut schemars::gen::SchemaGenerator) -> schemars::schema::Schema {
        MapRows::json_schema(gen)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn serialises_rows_of_chars() {
        let mut m = TerrainMap::filled(3, 2, Terrain::Plains);
        m.set(1, 0, Terrain::Water);
        m.set(2, 1, Terrain::Marsh);
        let j = serde_json::to_string(&m).unwrap();
        assert_eq!(j, r#"{"width":3,"height":2,"rows":["PWP","PPS"]}"#);
        assert_eq!(serde_json::from_str::<TerrainMap>(&j).unwrap(), m);
        assert_eq!(m.get(2, 1), Terrain::Marsh);
    }

    fn parse_err(j: &str) -> String {
        serde_json::from_str::<TerrainMap>(j)
            .unwrap_err()
            .to_string()
    }

    #[test]
    fn bad_rows_name_the_row() {
        assert!(parse_err(r#"{"width":2,"height":2,"rows":["PP"]}"#).starts_with("rows: 1 rows"));
        let e = parse_err(r#"{"width":2,"height":2,"rows":["PP","P"]}"#);
        assert!(e.starts_with("rows[1]: 1 cells for a width of 2"), "{e}");
        let e = parse_err(r#"{"width":2,"height":2,"rows":["PP","PX"]}"#);
        assert!(
            e.starts_with("rows[1]: unknown terrain char 'X' at x = 1"),
            "{e}"
        );
    }

    #[test]
    fn codes_are_distinct() {
        for t in Terrain::ALL {
            assert_eq!(Terrain::from_code(t.code()), Some(t));
        }
    }

    proptest! {
        #[test]
        fn map_serde_round_trips(w in 1u32..12, h in 1u32..9, seed in any::<u64>()) {
            let mut r = crate::SplitMix64::new(seed);
            let cells = (0..w * h).map(|_| Terrain::ALL[crate::below(&mut r, 6) as usize]).collect();
            let m = TerrainMap { width: w, height: h, cells };
            let back: TerrainMap = serde_json::from_str(&serde_json::to_string(&m).unwrap()).unwrap();
            prop_assert_eq!(back, m);
        }
    }
}
