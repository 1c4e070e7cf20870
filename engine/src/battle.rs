//! Battles: the realm's own skirmish (set-up, mercenaries, odds, Versions 1 and 2, the record and
//! its replay), the grudges that raise a side's Power against one foe, and the four further rule
//! sets in `systems`.

pub mod grudge;
pub mod skirmish;
pub mod systems;
