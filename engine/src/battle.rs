//! Battles: the realm's own skirmish (set-up, mercenaries, Versions 1 and 2), the grudges that
//! raise a side's Power against one foe, the four further rule sets in `systems`, and what spans
//! every system: the record and its replay (`record`), the odds of a matchup (`odds`), the
//! balance claim (`balance`) and the win-rate sweep against the power ratio (`sweep`).

pub mod balance;
pub mod grudge;
pub mod odds;
pub mod record;
pub mod skirmish;
pub mod sweep;
pub mod systems;
