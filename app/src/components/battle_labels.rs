//! How a battle's system and time read to people, in the history list, its tallies and the
//! replay page alike.

/// A system's name as people say it.
pub fn system_label(system: &str) -> String {
    match system {
        "v1" => "Version 1".into(),
        "v2" => "Version 2".into(),
        "warfare" => "Warfare".into(),
        "olympia" => "Olympia".into(),
        "mass_battle" => "Střet armád".into(),
        "contests" => "Book of Contests".into(),
        other => other.into(),
    }
}

/// How a time is written (`YYYY-MM-DD HH:MM` UTC), the same as the server's exports.
pub use engine::wire::utc;
