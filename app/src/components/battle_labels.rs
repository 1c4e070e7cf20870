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

/// A time in ms since the epoch as `YYYY-MM-DD HH:MM` UTC (civil-from-days, so no clock or JS).
pub fn utc(ms: i64) -> String {
    let secs = ms.div_euclid(1000);
    let (days, rest) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02}",
        rest / 3600,
        rest % 3600 / 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_are_written_in_utc() {
        assert_eq!(utc(0), "1970-01-01 00:00");
        assert_eq!(utc(1_796_112_000_000), "2026-12-01 08:00");
        assert_eq!(utc(951_782_400_000), "2000-02-29 00:00");
        assert_eq!(utc(-1), "1969-12-31 23:59");
    }
}
