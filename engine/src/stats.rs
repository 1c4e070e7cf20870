//! What a figure is worth: its stats derived from species and gear (`derive`), fitting and
//! pushing gear (`gear`), buffs, Power and the factors behind it with a faction's page
//! (`explain`), what a figure wears by name (`outfit`), the faction totals of Logistics and Leadership, march speed, who counts in
//! Faction Power (`roster`), the realm-wide overview, and the reports of what a change moved.

pub mod buffs;
pub mod derive;
pub mod effect_text;
pub mod explain;
pub mod gear;
pub mod movement;
pub mod outfit;
pub mod overview;
pub mod power;
pub mod report;
pub mod roster;
pub mod totals;
