//! The four further rule sets, each from its own source: Warfare (d6 Might battles and sieges),
//! Střet armád (a mass battle with morale), Olympia (play-by-mail combat) and the Book of
//! Contests (d100 duels). Each reads its set-up from the realm (`from_realm`), validates it,
//! fights it with the one seeded RNG, and writes a log the record replays.

pub mod contests;
pub mod mass_battle;
pub mod olympia;
pub mod warfare;
