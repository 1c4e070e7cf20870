//! The Minifigure Rating (SPEC §4): who the arena judges, the Elo update, the provisional shrink toward
//! 1200, the rating bonus that multiplies Power, and the pairing of the next judgement.
//!
//! Ratings are records of their own (`Rating`), owned by the server, which applies votes in arrival
//! order through [`judge`]. Everything here is pure; pairing takes its randomness as `&mut impl Rng`
//! and the voter's recent pairs as an argument, so the server's clock never reaches the engine.
//!
//! **Decision beyond the spec (pairing, §4.2):** the opponent is drawn among the 5 nearest ratings of
//! the photos this voter has *not* judged against the first photo recently; only when every other photo
//! is a recent pair are the 5 nearest of all of them used. Ties in distance go to the lower photo id.
//! The first photo is drawn with one `unit()` draw scaled by the total weight, the opponent with one
//! `below()` draw, in that order.
//!
//! **RESOLVED (§4.2, consecutive pairs):** a voter is not shown a photo in two pairs running while
//! another eligible pair exists. [`pick_pair_after`] draws the next pair by §4.2's rule over the
//! pool without the previous pair's two photos, and over the whole pool only when fewer than two
//! would be left. It is the one pairing function: the server's pair deal (`Db::deal_pairs`), the arena page
//! offline and the fixture's simulated voters all call it, so no path shows a photo three times in
//! a row.

mod bradley_terry;

pub use bradley_terry::{
    bt_fit, bt_fit_counts, bt_ladder, bt_ladder_counts, bt_win_probability, shared_ranks, BtConfig,
    BtStanding, PairCount,
};

use crate::{below, unit, FactionKind, Group, Photo, Rating, Realm, Rng, START_RATING};

/// Judgements after which a rating counts in full and K drops to [`K_SETTLED`].
pub const PROVISIONAL_JUDGEMENTS: u32 = 10;
/// K while a photo has fewer than 10 judgements: a new figure moves a long way (SPEC §4.2, RESOLVED).
pub const K_NEW: f64 = 64.0;
/// K once a photo has 10 judgements or more: a settled figure barely stirs.
pub const K_SETTLED: f64 = 16.0;
/// How many nearest ratings an opponent is drawn from (SPEC §4.2).
pub const NEAREST: usize = 5;

/// The spec's K: 64 while `judged < 10`, else 16. Tunable by passing another to [`judge_with`].
pub fn k_factor(judged: u32) -> f64 {
    if judged < PROVISIONAL_JUDGEMENTS {
        K_NEW
    } else {
        K_SETTLED
    }
}

/// Elo's expected score of a photo rated `r_a` against one rated `r_b`.
pub fn expected_score(r_a: f64, r_b: f64) -> f64 {
    1.0 / (1.0 + libm::pow(10.0, (r_b - r_a) / 400.0))
}

/// Applies one judgement with the spec's K: `winner` was chosen over `loser`.
pub fn judge(winner: &mut Rating, loser: &mut Rating) {
    judge_with(winner, loser, k_factor)
}

/// Applies one judgement with a caller's K. Both updates use the ratings held before the judgement,
/// so the order of the two arguments' updates cannot matter.
pub fn judge_with(winner: &mut Rating, loser: &mut Rating, k: impl Fn(u32) -> f64) {
    let e_w = expected_score(winner.rating, loser.rating);
    let e_l = expected_score(loser.rating, winner.rating);
    winner.rating += k(winner.judged) * (1.0 - e_w);
    loser.rating += k(loser.judged) * (0.0 - e_l);
    winner.judged += 1;
    loser.judged += 1;
    winner.wins += 1;
}

/// The rating shrunk toward 1200 until 10 judgements (SPEC §4.4): at two a fifth, at five half.
pub fn effective_rating(rating: f64, judged: u32) -> f64 {
    let weight = judged.min(PROVISIONAL_JUDGEMENTS) as f64 / PROVISIONAL_JUDGEMENTS as f64;
    START_RATING + (rating - START_RATING) * weight
}

/// The bonus line through 1000→1.00, 1900→1.25 and 2800→1.50, flat outside (SPEC §4.3).
pub fn bonus_curve(effective: f64) -> f64 {
    1.0 + (effective - 1000.0).clamp(0.0, 1800.0) / 3600.0
}

/// The multiplier a photo's rating lends its Power, provisional shrink included. Every photo gets
/// one, judged or not: a never-judged photo takes ×1.0555….
pub fn rating_bonus(rating: f64, judged: u32) -> f64 {
    bonus_curve(effective_rating(rating, judged))
}

/// Whether the arena judges `photo` of a faction of `kind` while `current_season` runs (SPEC §4.1):
/// its season is set and not later than the current one (seasons are cumulative), and, outside
/// mercenary companies, it is neither a Crest nor a Place. Townsfolk follow the Ordinary rule.
pub fn is_judged(photo: &Photo, kind: FactionKind, current_season: u32) -> bool {
    let in_season = photo.season.is_some_and(|s| s <= current_season);
    let by_kind =
        kind == FactionKind::Mercenary || !matches!(photo.group, Group::Crest | Group::Place);
    in_season && by_kind
}

/// The rating records of every photo the arena judges now, in document order: the pool
/// [`pick_pair`] draws from. A photo without a record stands at the start rating.
pub fn arena_pool(r: &Realm) -> Vec<Rating> {
    let season = r.settings.current_season;
    r.photos
        .iter()
        .filter(|p| {
            r.faction(p.faction)
                .is_some_and(|f| is_judged(p, f.kind, season))
        })
        .map(|p| r.rating_of(p.id))
        .collect()
}

/// What the arena's buttons show of each photo in `pairs`, each photo once in the order first
/// dealt: the server sends these with a deal, so a first visit shows its first pair before the
/// whole collection has been read. A photo the realm does not hold (it cannot be dealt) is left out;
/// so is a faction it does not hold, as an empty name and no colour.
pub fn pair_cards(r: &Realm, pairs: &[(u64, u64)]) -> Vec<crate::wire::PairCard> {
    let mut cards: Vec<crate::wire::PairCard> = Vec::new();
    for id in pairs.iter().flat_map(|&(a, b)| [a, b]) {
        if cards.iter().any(|c| c.photo == id) {
            continue;
        }
        cards.extend(card(r, id));
    }
    cards
}

/// A photo's card (see [`pair_cards`]), or `None` when the realm does not hold it.
fn card(r: &Realm, id: u64) -> Option<crate::wire::PairCard> {
    let p = r.photo(id)?;
    let faction = r.faction(p.faction);
    Some(crate::wire::PairCard {
        photo: id,
        name: p.name.clone(),
        faction: faction.map(|f| f.name.clone()).unwrap_or_default(),
        colour: faction.map(|f| f.colour.clone()).unwrap_or_default(),
        rating: r.rating_of(id),
    })
}

/// The card of every photo the arena judges now, in document order (the photos of
/// [`arena_pool`]): what the standings table lists.
pub fn pool_cards(r: &Realm) -> Vec<crate::wire::PairCard> {
    arena_pool(r)
        .iter()
        .filter_map(|g| card(r, g.photo_id))
        .collect()
}

/// How many of the standings table's rows the server sends with its fit
/// ([`crate::wire::StandingsFit::top`]), and the page draws first: more than any screen shows
/// above the fold.
pub const STANDINGS_FIRST_ROWS: usize = 40;

/// The standings table's order: each of `cards` (the arena's photos, [`pool_cards`]) with its
/// place in `ladder` if it has one; those in the ladder first by fitted score, then the rest by
/// rating, ties to the higher rating and then the lower id. The page orders its table with this
/// and the server the first rows it sends, so the two agree.
pub fn standings_order(
    cards: Vec<crate::wire::PairCard>,
    ladder: &[BtStanding],
) -> Vec<(crate::wire::PairCard, Option<BtStanding>)> {
    let fitted: std::collections::HashMap<u64, BtStanding> =
        ladder.iter().map(|s| (s.photo_id, *s)).collect();
    let mut rows: Vec<(crate::wire::PairCard, Option<BtStanding>)> = cards
        .into_iter()
        .map(|c| {
            let bt = fitted.get(&c.photo).copied();
            (c, bt)
        })
        .collect();
    let key = |(c, bt): &(crate::wire::PairCard, Option<BtStanding>)| {
        bt.map_or(c.rating.rating, |s| s.score)
    };
    crate::sorting::stable_sort_by(&mut rows, |a, b| {
        b.1.is_some()
            .cmp(&a.1.is_some())
            .then(key(b).total_cmp(&key(a)))
            .then(b.0.rating.rating.total_cmp(&a.0.rating.rating))
            .then(a.0.photo.cmp(&b.0.photo))
    });
    rows
}

/// The standings' bootstrap seed: fixed, so the same counts give the same intervals every time
/// and anyone who fetches the counts can fit them again and get the server's table.
pub const STANDINGS_SEED: u64 = 0x5EED_B7B7;
/// The standings' bootstrap resamples: enough for stable 2.5% / 97.5% ends.
pub const STANDINGS_RESAMPLES: u32 = 100;

/// The standings' Bradley–Terry ladder: the photos of `pool` (the arena's, by id) that have a
/// counted vote, fitted from the per-pair `counts` with [`STANDINGS_RESAMPLES`] Poisson-bootstrap
/// resamples seeded with [`STANDINGS_SEED`]. A rating without votes behind it (the demo's seeded
/// history) gives the fit nothing to say, so photos never judged by a vote are left out.
pub fn standings_ladder(pool: &[u64], counts: &[PairCount]) -> Vec<BtStanding> {
    let voted: std::collections::HashSet<u64> = counts
        .iter()
        .filter(|c| c.a_wins + c.b_wins > 0)
        .flat_map(|c| [c.a, c.b])
        .collect();
    let ids: Vec<u64> = pool
        .iter()
        .copied()
        .filter(|id| voted.contains(id))
        .collect();
    let cfg = BtConfig {
        resamples: STANDINGS_RESAMPLES,
        ..BtConfig::default()
    };
    bt_ladder_counts(
        &ids,
        counts,
        &cfg,
        &mut crate::SplitMix64::new(STANDINGS_SEED),
    )
}

/// Whether `a` and `b` were judged together recently (in either order).
fn recent_pair(recent: &[(u64, u64)], a: u64, b: u64) -> bool {
    recent
        .iter()
        .any(|&(x, y)| (x == a && y == b) || (x == b && y == a))
}

/// Draws the next pair for a voter from the eligible photos' ratings (SPEC §4.2). `recent` holds the
/// pairs this voter judged in the last 24 hours. None when fewer than two photos are eligible.
pub fn pick_pair(pool: &[Rating], recent: &[(u64, u64)], rng: &mut impl Rng) -> Option<(u64, u64)> {
    if pool.len() < 2 {
        return None;
    }
    let weight = |r: &Rating| 1.0 / (1.0 + r.judged as f64);
    let total: f64 = pool.iter().map(weight).sum();
    let mut x = unit(rng) * total;
    let mut first = &pool[pool.len() - 1];
    for r in pool {
        if x < weight(r) {
            first = r;
            break;
        }
        x -= weight(r);
    }
    let others = pool.iter().filter(|r| r.photo_id != first.photo_id);
    let fresh: Vec<&Rating> = others
        .clone()
        .filter(|r| !recent_pair(recent, first.photo_id, r.photo_id))
        .collect();
    let mut near = if fresh.is_empty() {
        others.collect()
    } else {
        fresh
    };
    crate::sorting::stable_sort_by(&mut near, |a, b| {
        let (da, db) = (
            (a.rating - first.rating).abs(),
            (b.rating - first.rating).abs(),
        );
        da.total_cmp(&db).then(a.photo_id.cmp(&b.photo_id))
    });
    near.truncate(NEAREST);
    let second = near[below(rng, near.len() as u64) as usize];
    Some((first.photo_id, second.photo_id))
}

/// The next pair after `previous` (the pair this voter was shown last), by [`pick_pair`] over the
/// pool without `previous`'s two photos, so no photo is shown in two pairs running (SPEC §16.1);
/// when fewer than two photos would be left, over the whole pool.
pub fn pick_pair_after(
    pool: &[Rating],
    recent: &[(u64, u64)],
    previous: Option<(u64, u64)>,
    rng: &mut impl Rng,
) -> Option<(u64, u64)> {
    let Some((a, b)) = previous else {
        return pick_pair(pool, recent, rng);
    };
    let rest: Vec<Rating> = pool
        .iter()
        .filter(|r| r.photo_id != a && r.photo_id != b)
        .copied()
        .collect();
    if rest.len() >= 2 {
        pick_pair(&rest, recent, rng)
    } else {
        pick_pair(pool, recent, rng)
    }
}

#[cfg(test)]
mod tests;
