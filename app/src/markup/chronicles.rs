//! The read-only chronicles of the four further systems, battle by battle and roll by roll, as
//! markup: shown by the Battle Lab after a run and by the battle report of a map battle fought
//! under one of them.

pub mod contests;
pub mod mass_battle;
pub mod olympia;
pub mod warfare;

#[cfg(test)]
mod tests {
    use engine::{contests, mass_battle, olympia, warfare, SplitMix64};

    /// The text of a chronicle: its markup without the tags.
    fn text(html: &str) -> String {
        let mut out = String::new();
        let mut in_tag = false;
        for c in html.chars() {
            match c {
                '<' => in_tag = true,
                '>' => {
                    in_tag = false;
                    out.push(' ');
                }
                _ if !in_tag => out.push(c),
                _ => {}
            }
        }
        out
    }

    /// What a Rust enum or struct looks like when printed with `{:?}`: a word with a capital
    /// inside it (`BothFled`), a field list in braces (`Fled { loser: A }`), `Some(…)`, or a
    /// list of numbers in brackets (`[3, 5, 6]`; a name such as `Castle Imperius [gx56]`
    /// or a contestant's place `[2.1]` is not).
    fn raw_code(text: &str) -> Option<String> {
        for word in text.split(|c: char| !c.is_alphanumeric() && c != '_') {
            let inner_capital = word.char_indices().skip(1).any(|(i, c)| {
                c.is_uppercase() && word[..i].chars().last().is_some_and(char::is_lowercase)
            });
            if inner_capital || word.contains('_') {
                return Some(word.to_string());
            }
        }
        let list = text.match_indices('[').find(|(i, _)| {
            let inside = text[i + 1..].split(']').next().unwrap_or("");
            inside.starts_with(|c: char| c.is_ascii_digit()) && inside.contains(", ")
        });
        if let Some((i, _)) = list {
            return Some(text[i..].chars().take(8).collect());
        }
        ["{", "}", "Some(", "None"]
            .iter()
            .find(|t| text.contains(*t))
            .map(|t| t.to_string())
    }

    /// Every further system's chronicle, over many seeds of its example, reads as words: no
    /// engine name printed as code (the Battle Lab and the map's battle report show these).
    #[test]
    fn no_chronicle_prints_an_engine_name() {
        let mut pages = Vec::new();
        for seed in 0..40 {
            let mut w = warfare::example();
            w.seed = seed;
            let o = warfare::resolve(&w, &mut SplitMix64::new(seed));
            pages.push(("warfare", super::warfare::chronicle(&w, &o).finish()));
            let mut ol = olympia::example();
            ol.seed = seed;
            let o = olympia::resolve(&ol, &mut SplitMix64::new(seed));
            pages.push(("olympia", super::olympia::chronicle(&ol, &o).finish()));
            let mut mb = mass_battle::example();
            mb.seed = seed;
            let o = mass_battle::resolve(&mb, &mut SplitMix64::new(seed));
            pages.push((
                "mass battle",
                super::mass_battle::chronicle(&mb, &o).finish(),
            ));
            let mut c = contests::example();
            c.seed = seed;
            let o = contests::resolve(&c, &mut SplitMix64::new(seed));
            pages.push(("contests", super::contests::chronicle(&c, &o).finish()));
        }
        for (system, html) in pages {
            let t = text(&html);
            assert!(
                raw_code(&t).is_none(),
                "{system}: {:?} in {t}",
                raw_code(&t)
            );
        }
    }

    #[test]
    fn the_scan_finds_what_debug_prints() {
        for raw in [
            "ended Fled { loser: A }",
            "BothFled",
            "BlessedSoldier #16",
            "rolls [3, 5]",
            "both_fled",
        ] {
            assert!(raw_code(raw).is_some(), "{raw}");
        }
        assert!(raw_code("Blessed soldier #16 of Osswid's guard rolls 3, 5").is_none());
    }
}
