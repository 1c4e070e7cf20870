//! Reading a realm document from JSON: parse strictly with the offending path named, validate, then re-derive
//! every photo's stats, because a derived number that arrives in a document is never trusted
//! (SPEC §1.9).

use crate::{recalculate_all, DocError, Realm, RecalcReport};

/// Parses a realm document with the strict reader (`realm::json`): the first field that does
/// not fit the model, or that the model does not know, is named by its path.
pub fn parse_realm(text: &str) -> Result<Realm, DocError> {
    crate::realm::json::from_str(text)
}

/// Parses and validates a realm document and re-derives every photo's stats. The report names the
/// photos whose stored stats were wrong (stale or tampered with) and have been replaced.
pub fn load_realm(text: &str) -> Result<(Realm, RecalcReport), DocError> {
    let mut realm = parse_realm(text)?;
    realm.validate()?;
    let report = recalculate_all(&mut realm);
    Ok((realm, report))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::demo_realm;

    #[test]
    fn a_parse_error_names_its_path() {
        let mut doc = serde_json::to_value(demo_realm()).unwrap();
        doc["factions"][3]["name"] = serde_json::json!(3);
        let e = parse_realm(&doc.to_string()).unwrap_err();
        assert_eq!(e.field, "factions[3].name");
        assert!(e.message.contains("expected a string"), "{e}");
    }

    #[test]
    fn bad_json_is_an_error_at_the_root() {
        let e = parse_realm("{").unwrap_err();
        assert_eq!(e.field, "");
        assert!(load_realm("{} x").is_err());
    }

    #[test]
    fn stored_stats_are_never_trusted() {
        let mut r = demo_realm();
        let id = r.photos[5].id;
        let honest = r.photos[5].stats;
        r.photos[5].stats.attack_power = Some(999.0);
        let (loaded, report) = load_realm(&serde_json::to_string(&r).unwrap()).unwrap();
        assert_eq!(report.changed, [id]);
        assert_eq!(loaded.photos[5].stats, honest);
    }

    #[test]
    fn an_invalid_document_names_the_field() {
        let mut r = demo_realm();
        r.photos[0].faction = 424242;
        let e = load_realm(&serde_json::to_string(&r).unwrap()).unwrap_err();
        assert_eq!(e.field, "photos[0].faction");
    }
}
