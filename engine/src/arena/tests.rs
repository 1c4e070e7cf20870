//! RB-*, SHR-*, ELO-* vectors (VECTORS.md C, D, D2), the pairing rules and the ladder's invariants.

use super::*;
use crate::SplitMix64;
use proptest::prelude::*;

/// Six decimals, the printed precision of the vectors.
fn close6(got: f64, want: f64) -> bool {
    (got - want).abs() <= 5e-7
}

#[test]
fn rb_bonus_curve() {
    let table = [
        ("RB-01", 900.0, 1.0),
        ("RB-02", 1000.0, 1.0),
        ("RB-03", 1050.0, 1.013889),
        ("RB-04", 1200.0, 1.055556),
        ("RB-05", 1450.0, 1.125),
        ("RB-06", 1480.0, 1.133333),
        ("RB-07", 1900.0, 1.25),
        ("RB-08", 2350.0, 1.375),
        ("RB-09", 2800.0, 1.5),
        ("RB-10", 3000.0, 1.5),
    ];
    for (id, r_eff, want) in table {
        assert!(
            close6(bonus_curve(r_eff), want),
            "{id}: {}",
            bonus_curve(r_eff)
        );
    }
}

#[test]
fn shr_provisional_shrink() {
    let table = [
        ("SHR-01", 1500.0, 0, 1200.0, 1.055556),
        ("SHR-02", 1500.0, 2, 1260.0, 1.072222),
        ("SHR-03", 1500.0, 5, 1350.0, 1.097222),
        ("SHR-04", 1500.0, 10, 1500.0, 1.138889),
        ("SHR-05", 1500.0, 20, 1500.0, 1.138889),
        ("SHR-06", 1000.0, 2, 1160.0, 1.044444),
        ("SHR-07", 900.0, 5, 1050.0, 1.013889),
        ("SHR-08", 3000.0, 7, 2460.0, 1.405556),
    ];
    for (id, raw, judged, r_eff, bonus) in table {
        assert!(
            close6(effective_rating(raw, judged), r_eff),
            "{id} effective"
        );
        assert!(close6(rating_bonus(raw, judged), bonus), "{id} bonus");
    }
}

fn rated(rating: f64, judged: u32) -> Rating {
    Rating {
        photo_id: 0,
        rating,
        judged,
        wins: 0,
    }
}

#[test]
fn elo_01_03_updates() {
    // (id, winner (rating, judged), loser (rating, judged), E of the winner, winner after, loser after)
    let table = [
        ("ELO-01", (1200.0, 0), (1200.0, 50), 0.5, 1232.0, 1192.0),
        (
            "ELO-02",
            (1400.0, 30),
            (1300.0, 30),
            0.640065,
            1405.7590,
            1294.2410,
        ),
        (
            "ELO-03",
            (1300.0, 5),
            (1400.0, 40),
            0.359935,
            1340.9642,
            1389.7590,
        ),
    ];
    for (id, (wr, wn), (lr, ln), e, w_after, l_after) in table {
        assert!(close6(expected_score(wr, lr), e), "{id} E");
        let (mut w, mut l) = (rated(wr, wn), rated(lr, ln));
        judge(&mut w, &mut l);
        assert!(
            (w.rating - w_after).abs() <= 5e-5,
            "{id} winner {}",
            w.rating
        );
        assert!(
            (l.rating - l_after).abs() <= 5e-5,
            "{id} loser {}",
            l.rating
        );
        assert_eq!(
            (w.judged, w.wins, l.judged, l.wins),
            (wn + 1, 1, ln + 1, 0),
            "{id}"
        );
    }
}

#[test]
fn elo_04_09_eligibility() {
    use FactionKind::*;
    // (id, faction kind, group, season, judged?) with the current season 3.
    let table = [
        ("ELO-04", Ordinary, Group::Regiment(1), Some(2), true),
        ("ELO-05", Ordinary, Group::Regiment(1), Some(3), true),
        ("ELO-06", Ordinary, Group::Regiment(1), Some(4), false),
        ("ELO-07", Ordinary, Group::Regiment(1), None, false),
        ("ELO-08", Ordinary, Group::Crest, Some(1), false),
        ("ELO-09", Mercenary, Group::Crest, Some(1), true),
        // Townsfolk follow the Ordinary rule (SPEC §4.1, RESOLVED).
        ("townsfolk place", Townsfolk, Group::Place, Some(1), false),
        ("townsfolk leader", Townsfolk, Group::Leader, Some(1), true),
    ];
    for (id, kind, group, season, want) in table {
        let mut p = Photo::blank(1, 1, group, "x");
        p.season = season;
        assert_eq!(is_judged(&p, kind, 3), want, "{id}");
    }
}

#[test]
fn elo_10_never_judged_bonus() {
    let r = Rating::start(1);
    assert!(close6(rating_bonus(r.rating, r.judged), 1.055556));
}

fn pool(ratings: &[(u64, f64, u32)]) -> Vec<Rating> {
    ratings
        .iter()
        .map(|&(photo_id, rating, judged)| Rating {
            photo_id,
            rating,
            judged,
            wins: 0,
        })
        .collect()
}

#[test]
fn the_arena_pool_is_the_judged_photos() {
    let r = crate::demo_realm();
    let pool = arena_pool(&r);
    assert!(pool.len() >= 2);
    for g in &pool {
        let p = r.photo(g.photo_id).unwrap();
        let kind = r.faction(p.faction).unwrap().kind;
        assert!(is_judged(p, kind, r.settings.current_season));
    }
    let mut rng = SplitMix64::new(11);
    let (a, b) = pick_pair(&pool, &[], &mut rng).unwrap();
    assert_ne!(a, b);
}

#[test]
fn pairing_needs_two_photos() {
    let mut rng = SplitMix64::new(1);
    assert_eq!(pick_pair(&pool(&[(1, 1200.0, 0)]), &[], &mut rng), None);
}

#[test]
fn pairing_draws_among_the_five_nearest() {
    let p = pool(&[
        (1, 1200.0, 0),
        (2, 1210.0, 400),
        (3, 1220.0, 400),
        (4, 1230.0, 400),
        (5, 1240.0, 400),
        (6, 1250.0, 400),
        (7, 2000.0, 400),
    ]);
    let mut rng = SplitMix64::new(9);
    for _ in 0..200 {
        let (a, b) = pick_pair(&p, &[], &mut rng).unwrap();
        assert_ne!(a, b);
        if a == 1 {
            assert!((2..=6).contains(&b), "{b} is not among the nearest five");
        }
    }
}

#[test]
fn pairing_favours_new_photos() {
    let p = pool(&[(1, 1200.0, 0), (2, 1200.0, 99)]);
    let mut rng = SplitMix64::new(3);
    let firsts = (0..1000)
        .filter(|_| pick_pair(&p, &[], &mut rng).unwrap().0 == 1)
        .count();
    // Weights 1 and 1/100: photo 1 comes first about 99% of the time.
    assert!(firsts > 950, "{firsts}");
}

#[test]
fn pairing_skips_recent_pairs_when_it_can() {
    let p = pool(&[(1, 1200.0, 0), (2, 1200.0, 1000), (3, 1500.0, 1000)]);
    let mut rng = SplitMix64::new(5);
    for _ in 0..100 {
        let pair = pick_pair(&p, &[(2, 1)], &mut rng).unwrap();
        if pair.0 == 1 {
            assert_eq!(pair.1, 3);
        }
    }
    // With only one other photo, the recent pair is shown again.
    let two = pool(&[(1, 1200.0, 0), (2, 1200.0, 0)]);
    assert!(pick_pair(&two, &[(1, 2)], &mut rng).is_some());
}

#[test]
fn the_next_pair_shares_no_photo_with_the_last_when_it_can() {
    let p = pool(&[
        (1, 1200.0, 0),
        (2, 1210.0, 3),
        (3, 1220.0, 0),
        (4, 1900.0, 8),
    ]);
    let mut rng = SplitMix64::new(21);
    let mut last = pick_pair_after(&p, &[], None, &mut rng);
    for _ in 0..200 {
        let (a, b) = last.unwrap();
        let next = pick_pair_after(&p, &[], last, &mut rng).unwrap();
        assert!(
            ![a, b].contains(&next.0) && ![a, b].contains(&next.1),
            "{last:?} then {next:?}"
        );
        last = Some(next);
    }
    // Three photos leave no pair without one of the last two: the whole pool is used.
    let three = pool(&[(1, 1200.0, 0), (2, 1200.0, 0), (3, 1200.0, 0)]);
    assert!(pick_pair_after(&three, &[], Some((1, 2)), &mut rng).is_some());
    // With no pair shown yet it is the plain pairing, draw for draw.
    let (mut x, mut y) = (SplitMix64::new(4), SplitMix64::new(4));
    assert_eq!(
        pick_pair_after(&p, &[], None, &mut x),
        pick_pair(&p, &[], &mut y)
    );
}

proptest! {
    /// Whatever the pool and the last pair, the next pair is two different photos of the pool,
    /// and shares no photo with the last pair whenever two others exist.
    #[test]
    fn a_next_pair_is_from_the_pool_and_fresh_when_it_can_be(
        ratings in proptest::collection::vec((1200.0..1800.0f64, 0u32..30), 2..12),
        seed in any::<u64>(),
        last in proptest::option::of((1u64..12, 1u64..12)),
    ) {
        let p: Vec<Rating> = ratings.iter().enumerate()
            .map(|(i, &(rating, judged))| Rating { photo_id: i as u64 + 1, rating, judged, wins: 0 })
            .collect();
        let mut rng = SplitMix64::new(seed);
        let (a, b) = pick_pair_after(&p, &[], last, &mut rng).unwrap();
        prop_assert!(a != b);
        prop_assert!(p.iter().any(|r| r.photo_id == a) && p.iter().any(|r| r.photo_id == b));
        if let Some((x, y)) = last {
            let others = p.iter().filter(|r| r.photo_id != x && r.photo_id != y).count();
            if others >= 2 {
                prop_assert!(![x, y].contains(&a) && ![x, y].contains(&b));
            }
        }
    }

    /// A win never lowers the winner's rating and never raises the loser's.
    #[test]
    fn a_win_never_lowers_the_winner(
        rw in -5000.0..5000.0f64, rl in -5000.0..5000.0f64,
        nw in 0u32..100, nl in 0u32..100,
    ) {
        let (mut w, mut l) = (rated(rw, nw), rated(rl, nl));
        judge(&mut w, &mut l);
        prop_assert!(w.rating >= rw);
        prop_assert!(l.rating <= rl);
        prop_assert!(w.wins <= w.judged && l.wins <= l.judged);
    }

    /// The bonus always lies in [1, 1.5] and never falls as the rating rises.
    #[test]
    fn bonus_is_bounded_and_monotone(r in -1e5..1e5f64, d in 0.0..1e4f64, n in 0u32..50) {
        let b = rating_bonus(r, n);
        prop_assert!((1.0..=1.5).contains(&b));
        prop_assert!(rating_bonus(r + d, n) >= b);
    }

    /// A deal's cards name each dealt photo once, as the realm holds it, with its faction and
    /// its rating.
    #[test]
    fn pair_cards_show_each_dealt_photo_once(seed in any::<u64>()) {
        static DEMO: std::sync::OnceLock<Realm> = std::sync::OnceLock::new();
        let r = DEMO.get_or_init(crate::demo_realm);
        let pool = arena_pool(r);
        let mut rng = SplitMix64::new(seed);
        let mut pairs = Vec::new();
        let mut last = None;
        for _ in 0..6 {
            let Some(p) = pick_pair_after(&pool, &[], last, &mut rng) else { break };
            pairs.push(p);
            last = Some(p);
        }
        let cards = pair_cards(r, &pairs);
        let mut dealt: Vec<u64> = pairs.iter().flat_map(|&(a, b)| [a, b]).collect();
        dealt.sort_unstable();
        dealt.dedup();
        prop_assert_eq!(cards.len(), dealt.len());
        for c in &cards {
            let p = r.photo(c.photo).expect("a card's photo is in the realm");
            let f = r.faction(p.faction).expect("its faction is in the realm");
            prop_assert_eq!(&c.name, &p.name);
            prop_assert_eq!(&c.faction, &f.name);
            prop_assert_eq!(&c.colour, &f.colour);
            prop_assert_eq!(c.rating, r.rating_of(c.photo));
        }
    }

    /// The standings' order puts the fitted photos first, best fitted score first, then the
    /// rest by rating; and it is a prefix order: ordering again the first rows of it (what the
    /// server sends) gives them back unchanged.
    #[test]
    fn the_standings_order_heads_with_the_fit_and_keeps_its_prefixes(
        seed in any::<u64>(),
        n in 0usize..60,
        first in 0usize..80,
    ) {
        static DEMO: std::sync::OnceLock<Realm> = std::sync::OnceLock::new();
        let r = DEMO.get_or_init(crate::demo_realm);
        let pool = arena_pool(r);
        let mut rng = SplitMix64::new(seed);
        let mut votes = Vec::new();
        let mut last = None;
        for _ in 0..n {
            let Some(p) = pick_pair_after(&pool, &[], last, &mut rng) else { break };
            votes.push(p);
            last = Some(p);
        }
        let ids: Vec<u64> = pool.iter().map(|g| g.photo_id).collect();
        let ladder = standings_ladder(&ids, &PairCount::tally(&votes));
        let order = standings_order(pool_cards(r), &ladder);
        prop_assert_eq!(order.len(), pool.len());
        let fitted = order.iter().take_while(|(_, bt)| bt.is_some()).count();
        prop_assert_eq!(fitted, ladder.len());
        for w in order.windows(2) {
            match (w[0].1, w[1].1) {
                (Some(a), Some(b)) => prop_assert!(a.score >= b.score),
                (None, None) => prop_assert!(w[0].0.rating.rating >= w[1].0.rating.rating),
                (a, b) => prop_assert!(a.is_some() && b.is_none()),
            }
        }
        let head: Vec<crate::wire::PairCard> =
            order.iter().take(first).map(|(c, _)| c.clone()).collect();
        let again = standings_order(head, &ladder);
        prop_assert_eq!(&again[..], &order[..first.min(order.len())]);
    }
}
