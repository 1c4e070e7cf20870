//! The read-only chronicles of the four further systems, battle by battle and roll by roll, as
//! markup: shown by the Battle Lab after a run and by the battle report of a map battle fought
//! under one of them.

pub mod contests;
pub mod mass_battle;
pub mod olympia;
pub mod warfare;
