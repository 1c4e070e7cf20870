//! Reading a realm document from JSON: parse with the offending path named, validate, then re-derive
//! every photo's stats, because a derived number that arrives in a document is never trusted
//! (SPEC §1.9).

use crate::{recalculate_all, DocError, Realm, RecalcReport};

/// A parse error as a `DocError` whose field is the JSON path (`factions[3].name`).
fn parse_error(e: serde_path_to_error::Error<serde_json::Error>) -> DocError {
    let path = e.path().to_string();
    // The crate prints "." for the document root and "?" where no key was read yet (truncated
    // JSON); both are the root here, an empty field.
    let field = match path.as_str() {
        "." | "?" => String::new(),
        _ => path,
    };
    DocError::new(field, e.into_inner().to_string())
}

/// Parses any engine type from JSON, naming the path of the first field that does not fit it.
pub(crate) fn parse_json<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, DocError> {
    let mut de = serde_json::Deserializer::from_str(text);
    let value: T = serde_path_to_error::deserialize(&mut de).map_err(parse_error)?;
    de.end().map_err(|e| DocError::new("", e.to_string()))?;
    Ok(value)
}

/// Parses a realm document, naming the path of the first field that does not fit the model.
pub fn parse_realm(text: &str) -> Result<Realm, DocError> {
    parse_json(text)
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
