//! A force as it fights (SYSTEMS.md §3.1, §3.3): each unit's noble and men expanded into figures in
//! location-list order, with effective ratings (ground, the noble's best items, weather), the value
//! `O + defense` that decides a break, and the strike value by row.

use super::input::{Force, Item};
use super::kinds::{base_rating, weather_missile, Ground, Kind, Rating, Weather};
use crate::Side;
use serde::{Deserialize, Serialize};

/// The items a noble wields: in each category the one with the largest bonus (the earliest on a
/// tie), none where no item has a bonus. Indices into the noble's items.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Wielded {
    /// The attack item.
    pub attack: Option<usize>,
    /// The defense item.
    pub defense: Option<usize>,
    /// The missile item.
    pub missile: Option<usize>,
}

/// Chooses a noble's items: one per category, the largest bonus (003: Osswid, `OLY-18`).
pub fn wield(items: &[Item]) -> Wielded {
    let best = |bonus: fn(&Item) -> u32| {
        items
            .iter()
            .enumerate()
            .filter(|(_, it)| bonus(it) > 0)
            .fold(None, |best: Option<(usize, u32)>, (i, it)| match best {
                Some((_, b)) if b >= bonus(it) => best,
                _ => Some((i, bonus(it))),
            })
            .map(|(i, _)| i)
    };
    Wielded {
        attack: best(|it| it.attack),
        defense: best(|it| it.defense),
        missile: best(|it| it.missile),
    }
}

impl Wielded {
    /// The bonuses of the wielded items.
    pub fn bonus(&self, items: &[Item]) -> Rating {
        let of = |i: Option<usize>, f: fn(&Item) -> u32| i.map_or(0.0, |i| f64::from(f(&items[i])));
        Rating {
            attack: of(self.attack, |it| it.attack),
            defense: of(self.defense, |it| it.defense),
            missile: of(self.missile, |it| it.missile),
        }
    }
}

/// One figure of a force.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Figure {
    /// The unit it belongs to.
    pub unit: u64,
    /// Its kind (`noble` for the unit's noble).
    pub kind: Kind,
    /// Its row: 0 is the front.
    pub row: u8,
    /// Effective attack, defense and missile: ground, items and weather applied, no structure.
    pub rating: Rating,
    /// Whether it takes part: everyone but passive kinds on the attacking side (§3.3).
    pub participant: bool,
    /// A noble's wielded items.
    pub wielded: Option<Wielded>,
}

impl Figure {
    /// `O = max(attack, effective missile)`.
    pub fn offense(&self) -> f64 {
        self.rating.attack.max(self.rating.missile)
    }

    /// `O + defense`: what the figure adds to its side's value (whatever its row, `OLY-17`).
    pub fn value(&self) -> f64 {
        self.offense() + self.rating.defense
    }

    /// What it strikes with: `O` in the front row, its missile from a row behind (0: it cannot).
    pub fn strike(&self) -> f64 {
        if self.row == 0 {
            self.offense()
        } else {
            self.rating.missile
        }
    }
}

/// The rating of one figure of `kind` with `bonus` items, on `ground`, in `weather`.
pub fn effective(kind: Kind, bonus: Rating, ground: Ground, weather: Weather) -> Rating {
    let base = base_rating(kind, ground);
    Rating {
        attack: base.attack + bonus.attack,
        defense: base.defense + bonus.defense,
        missile: weather_missile(kind, base.missile + bonus.missile, weather),
    }
}

/// The figures of `force`, unit by unit: the noble first, then its men in the order listed.
pub fn figures(force: &Force, side: Side, ground: Ground, weather: Weather) -> Vec<Figure> {
    let mut out = Vec::new();
    for u in &force.units {
        if let Some(n) = &u.noble {
            let w = wield(&n.items);
            out.push(Figure {
                unit: u.id,
                kind: Kind::Noble,
                row: n.behind,
                rating: effective(Kind::Noble, w.bonus(&n.items), ground, weather),
                participant: true,
                wielded: Some(w),
            });
        }
        for m in &u.men {
            let f = Figure {
                unit: u.id,
                kind: m.kind,
                row: m.behind,
                rating: effective(m.kind, Rating::default(), ground, weather),
                participant: side == Side::Defender || !m.kind.passive(),
                wielded: None,
            };
            out.extend(std::iter::repeat_n(f, m.count as usize));
        }
    }
    out
}
