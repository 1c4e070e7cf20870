//! What the set-up says about its odds: how the chosen system decides, and — where the odds and
//! the Power comparison disagree under Version 2 — why, in a sentence built from the engine's
//! factors of this very battle (`engine::v2_factors`), never from text guessed in the app.

use engine::{v2_factors, BattleSystem, Odds, Setup, Side, V2Cause, V2Factor};

/// How the system decides, in a sentence (the further systems say how the set-up becomes their
/// forces as well: the engine's `from_setup` docs).
pub fn system_note(system: BattleSystem) -> &'static str {
    match system {
        BattleSystem::V1 => {
            "Version 1 is one roll: the attacker wins with the chance Attacker² ÷ (Attacker² + \
             Defender²) of the two strengths above, so more Power always means better odds."
        }
        BattleSystem::V2 => {
            "Version 2 is fought figure by figure over five rounds: who reaches in which round, \
             Attack against Defense and Health decide, and the side with more surviving Power \
             wins (a tie is the defender's). The Power sum above does not decide it."
        }
        BattleSystem::Warfare => {
            "Under Warfare each regiment is an army under its own name, the leader, generals and \
             special people one household, each equipment type and the hires one army each. A \
             side throws one die per 100 of its Power on the field, shared among its armies by \
             their Power, so how it is cut into regiments does not change the odds. March, \
             alignment, home ground and hires count as above."
        }
        BattleSystem::Olympia => {
            "Under Olympia the leader and generals are nobles with items from their gear; every \
             other figure fields men of the kind its Attack, Defense and ranged Attack rate, as \
             many as its Health, rating and the side's modifiers give. A side breaks when half \
             of what it fielded has fallen."
        }
        BattleSystem::MassBattle => {
            "Under Střet armád every figure is a unit: weapons, armour, shield and mount from its \
             gear, training level from its rating times the side's modifiers. Morale decides as \
             much as blows: a side loses when none of its units stands its ground."
        }
    }
}

fn name(s: &Setup, side: Side) -> &str {
    match side {
        Side::Attacker => &s.attacker.name,
        Side::Defender => &s.defender.name,
    }
}

/// One cause as a clause of the sentence.
fn clause(c: &V2Cause) -> String {
    match c.factor {
        V2Factor::Pressure => format!(
            "its five rounds of blows would take {:.0}% of the other side's Health, against {:.0}% of its own",
            c.ours * 100.0,
            c.theirs * 100.0
        ),
        V2Factor::Reach => format!(
            "{} of its figures reach in round 1, against {}",
            c.ours, c.theirs
        ),
        V2Factor::EarlySwings => format!(
            "it swings {} times in the ranged rounds 1–3, against {}",
            c.ours, c.theirs
        ),
        V2Factor::Swings => format!(
            "it swings {} times over the five rounds, against {}",
            c.ours, c.theirs
        ),
        V2Factor::Blow => format!(
            "each of its blows does {:.1} against the other side's Defense, against {:.1}",
            c.ours, c.theirs
        ),
    }
}

/// Why the odds favour the side with less Power, when they do under Version 2: `None` while the
/// odds and the strengths agree (or the run is too short to say).
pub fn disagreement(s: &Setup, odds: &Odds, system: BattleSystem) -> Option<String> {
    if system != BattleSystem::V2 || odds.runs < 100 {
        return None;
    }
    let by_power = if s.strength_a > s.strength_d {
        Side::Attacker
    } else {
        Side::Defender
    };
    // The interval, not the point: only a clear favourite contradicts the numbers.
    let by_odds = if odds.interval.0 > 0.5 {
        Side::Attacker
    } else if odds.interval.1 < 0.5 {
        Side::Defender
    } else {
        return None;
    };
    if by_odds == by_power {
        return None;
    }
    let (fav, strong) = match by_odds {
        Side::Attacker => (s.strength_a, s.strength_d),
        Side::Defender => (s.strength_d, s.strength_a),
    };
    let causes = v2_factors(&s.attacker_line, &s.defender_line).causes_for(by_odds);
    let why = if causes.is_empty() {
        "no single count stands out, so it is the mix of reach, Attack against Defense and Health"
            .to_string()
    } else {
        let clauses: Vec<String> = causes.iter().map(clause).collect();
        clauses.join("; ")
    };
    Some(format!(
        "{} is favoured with less Power ({fav:.1} against {strong:.1}) because Version 2 fights \
         figure by figure: {why}.",
        name(s, by_odds)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::{demo_realm, odds, setup, FactionKind, SplitMix64};

    /// Over every pair of the demo's fighting factions: the note speaks exactly where Version 2's
    /// odds clearly favour the side with less strength, names that side and cites this battle's
    /// own numbers; and the demo has such a matchup (the one players asked about).
    #[test]
    fn the_note_explains_exactly_the_matchups_where_v2_favours_the_weaker_side() {
        let r = demo_realm();
        let ids: Vec<u64> = r
            .factions
            .iter()
            .filter(|f| f.kind == FactionKind::Ordinary)
            .map(|f| f.id)
            .collect();
        let mut explained = 0;
        for &a in &ids {
            for &d in &ids {
                let Ok(s) = setup(&r, a, d, &mut SplitMix64::new(1)) else {
                    continue;
                };
                let o = odds(&s, BattleSystem::V2, 400, 9);
                let note = disagreement(&s, &o, BattleSystem::V2);
                let weaker_favoured = (o.interval.0 > 0.5 && s.strength_a <= s.strength_d)
                    || (o.interval.1 < 0.5 && s.strength_a > s.strength_d);
                assert_eq!(note.is_some(), weaker_favoured, "{a}→{d}: {note:?}");
                assert_eq!(disagreement(&s, &o, BattleSystem::V1), None);
                if let Some(t) = note {
                    explained += 1;
                    let fav = if o.p_attacker > 0.5 {
                        &s.attacker.name
                    } else {
                        &s.defender.name
                    };
                    assert!(t.starts_with(fav.as_str()), "{t}");
                    assert!(t.contains("with less Power"), "{t}");
                    assert!(t.contains(&format!("{:.1}", s.strength_a)), "{t}");
                }
            }
        }
        assert!(
            explained > 0,
            "the demo has a matchup Version 2 gives the weaker side"
        );
    }
}
