//! The damage and modifier notations: what parses, what is refused and where, and property tests
//! that no string makes either parser panic and that printing then parsing gives back the same.

use super::*;
use proptest::prelude::*;

fn dmg(text: &str) -> Result<String, (usize, NotationErrorKind)> {
    DamageExpr::parse(text)
        .map(|e| e.to_string())
        .map_err(|e| (e.column, e.kind))
}

#[test]
fn damage_notation_parses_the_spec_forms() {
    let ok = [
        ("4", "4"),
        ("1d10", "1d10"),
        ("2d6+SL", "2d6+SL"),
        ("Sl+0", "SL+0"),
        ("1d6+sl", "1d6+SL"),
        ("1D8 - 1", "1d8-1"),
        ("d6", "1d6"),
        ("-SL+3", "-SL+3"),
        ("  2d4 + 1d6 + 2 ", "2d4+1d6+2"),
        ("+5", "5"),
        ("100d1000", "100d1000"),
    ];
    for (text, canonical) in ok {
        assert_eq!(dmg(text), Ok(canonical.to_string()), "{text:?}");
    }
}

#[test]
fn damage_notation_names_what_is_wrong_and_where() {
    use NotationErrorKind as K;
    let unexpected = |found, expected| K::Unexpected { found, expected };
    let cases = [
        ("", 1, K::Empty),
        ("   ", 4, K::Empty),
        (
            "2d",
            3,
            K::UnexpectedEnd {
                expected: "the number of sides after 'd'",
            },
        ),
        (
            "1d6+",
            5,
            K::UnexpectedEnd {
                expected: "a term (NdM, a whole number or SL)",
            },
        ),
        ("1d6 4", 5, unexpected('4', "'+' or '-'")),
        ("1d6*2", 4, unexpected('*', "'+' or '-'")),
        ("0d6", 1, K::NoDice),
        ("101d6", 1, K::TooManyDice),
        ("1d1", 3, K::TooFewSides),
        ("2+3d1001", 5, K::TooManySides),
        ("99999999999999999999", 1, K::NumberTooLarge),
        ("SX", 2, unexpected('X', "'L' (of SL)")),
        ("1d6+StrB", 6, unexpected('t', "'L' (of SL)")),
        (
            "x",
            1,
            unexpected('x', "a term (NdM, a whole number or SL)"),
        ),
        (
            "1d6+ä",
            5,
            unexpected('ä', "a term (NdM, a whole number or SL)"),
        ),
    ];
    for (text, column, kind) in cases {
        assert_eq!(dmg(text), Err((column, kind)), "{text:?}");
    }
    let e = DamageExpr::parse("1d6+").unwrap_err();
    assert_eq!(
        e.to_string(),
        "column 5: expected a term (NdM, a whole number or SL), found the end"
    );
    let e = DamageExpr::parse("1d6 * 2").unwrap_err();
    assert_eq!(e.to_string(), "column 5: expected '+' or '-', found '*'");
    let long = "1+".repeat(60) + "1";
    assert_eq!(
        DamageExpr::parse(&long).unwrap_err().kind,
        K::TooLong { len: 121 }
    );
    // The 17th term starts at its sign, column 32.
    let many = "1+".repeat(16) + "1";
    let e = DamageExpr::parse(&many).unwrap_err();
    assert_eq!((e.column, e.kind), (32, K::TooManyTerms));
}

#[test]
fn damage_values_follow_their_signs() {
    let e = DamageExpr::parse("2d6-1d4+3-SL").unwrap();
    assert_eq!(e.dice().collect::<Vec<_>>(), [6, 6, 4]);
    assert_eq!(e.value(&[5, 2, 3], 2), (4, 3, -2));
    assert!(e.has_sl());
    assert!(!DamageExpr::default().has_sl());
    assert_eq!(DamageExpr::default().to_string(), "4", "the default damage");
}

#[test]
fn modifier_values_in_both_notations() {
    let ok = [
        ("10", ModValue::Numeric(10)),
        ("-5", ModValue::Numeric(-5)),
        ("+5", ModValue::Numeric(5)),
        ("+3SL", ModValue::Sl(3)),
        ("SL+3", ModValue::Sl(3)),
        ("-3SL", ModValue::Sl(-3)),
        ("sl - 2", ModValue::Sl(-2)),
        ("3 sl", ModValue::Sl(3)),
        ("SL3", ModValue::Sl(3)),
    ];
    for (text, want) in ok {
        assert_eq!(ModValue::parse(text), Ok(want), "{text:?}");
        assert_eq!(
            ModValue::parse(&want.to_string()),
            Ok(want),
            "{want} round-trips"
        );
    }
    assert_eq!(
        ModValue::default().to_string(),
        "SL+3",
        "the default modifier"
    );
    for (text, column) in [
        ("", 1),
        ("SL", 3),
        ("3SLX", 4),
        ("SL+3 4", 6),
        ("ten", 1),
        ("5-", 2),
    ] {
        let e = ModValue::parse(text).unwrap_err();
        assert_eq!(e.column, column, "{text:?}: {e}");
    }
}

#[test]
fn a_bad_notation_in_json_names_its_field_and_column() {
    let mut v = serde_json::to_value(example()).unwrap();
    v["team2"][1]["actions"][1]["damage"] = serde_json::json!("1d8+");
    let e = parse_input(&v.to_string()).unwrap_err();
    assert_eq!(e.field(), "team2[1].actions[1].damage");
    assert!(e.to_string().contains("column 5"), "{e}");
    let mut v = serde_json::to_value(example()).unwrap();
    v["team1"][0]["modifiers"][0]["value"] = serde_json::json!("+3LS");
    let e = parse_input(&v.to_string()).unwrap_err();
    assert_eq!(e.field(), "team1[0].modifiers[0].value", "{e}");
}

fn arb_term() -> impl Strategy<Value = String> {
    prop_oneof![
        (1..=MAX_DICE, 2..=MAX_SIDES).prop_map(|(n, m)| format!("{n}d{m}")),
        (0..=MAX_NUMBER).prop_map(|n| n.to_string()),
        Just("SL".to_string()),
    ]
}

/// A well-formed expression as canonical text.
fn arb_expr() -> impl Strategy<Value = String> {
    (
        any::<bool>(),
        prop::collection::vec((any::<bool>(), arb_term()), 1..=MAX_TERMS),
    )
        .prop_map(|(lead, terms)| {
            let mut s = String::new();
            for (k, (minus, t)) in terms.iter().enumerate() {
                if *minus && (k > 0 || lead) {
                    s.push('-');
                } else if k > 0 {
                    s.push('+');
                }
                s += t;
            }
            s
        })
        .prop_filter("within the length limit", |s| s.chars().count() <= MAX_LEN)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn random_strings_never_panic(s in "\\PC{0,40}") {
        let _ = DamageExpr::parse(&s);
        let _ = ModValue::parse(&s);
    }

    #[test]
    fn dice_like_strings_never_panic_and_reprint_stably(s in "[0-9dDsSlL+\\- ]{0,30}") {
        if let Ok(e) = DamageExpr::parse(&s) {
            let again = DamageExpr::parse(&e.to_string()).unwrap();
            prop_assert_eq!(&again, &e);
            prop_assert_eq!(again.to_string(), e.to_string());
        }
        if let Ok(v) = ModValue::parse(&s) {
            prop_assert_eq!(ModValue::parse(&v.to_string()), Ok(v));
        }
    }

    #[test]
    fn printing_then_parsing_round_trips(text in arb_expr()) {
        let e = DamageExpr::parse(&text).unwrap();
        prop_assert_eq!(e.to_string(), text.clone());
        prop_assert_eq!(DamageExpr::parse(&e.to_string()).unwrap(), e.clone());
        let json = serde_json::to_string(&e).unwrap();
        prop_assert_eq!(serde_json::from_str::<DamageExpr>(&json).unwrap(), e);
    }

    #[test]
    fn modifier_values_round_trip(n in -(MAX_NUMBER as i32)..=MAX_NUMBER as i32, sl in any::<bool>()) {
        let v = if sl { ModValue::Sl(n) } else { ModValue::Numeric(n) };
        prop_assert_eq!(ModValue::parse(&v.to_string()), Ok(v));
    }
}
