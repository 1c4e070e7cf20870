//! The standings' second opinion: a Bradley–Terry fit of every counted judgement, with bootstrap
//! 95% intervals and ranks shared where intervals overlap (as large public arenas publish).
//!
//! The Elo ladder (SPEC §4.2) depends on the order votes arrived in; Bradley–Terry does not: it
//! finds the strengths `p_i` under which `P(i beats j) = p_i / (p_i + p_j)` makes the observed
//! votes most likely. It is fitted by Hunter's minorise–maximise iteration (2004), which never
//! leaves positive strengths and raises the likelihood at every step.
//!
//! **Decision beyond the spec (a prior):** a photo that has only won (or only lost) has no finite
//! maximum-likelihood strength. Each photo is therefore given `prior_games` virtual judgements
//! against a fixed reference of strength 1, half won and half lost; with `prior_games = 0` the fit
//! is the plain maximum-likelihood one (which then needs every photo to have won and lost).
//! Scores are on Elo's scale, `1200 + 400·log10(p_i / g)` with `g` the geometric mean strength, so
//! they read like ratings. The bootstrap resamples the judgements with replacement through the
//! caller's `Rng`, so a seeded bootstrap is deterministic. A percentile interval of a skewed
//! bootstrap can miss the point estimate; it is widened to include it.
//!
//! **Counts instead of votes.** The fit reads only how often each photo beat each other one, so
//! [`bt_fit_counts`] on per-pair win counts ([`PairCount`], what the server keeps) gives exactly
//! the scores [`bt_fit`] gives on the votes behind them. Resampling a million votes a hundred
//! times would cost a hundred million draws; [`bt_ladder_counts`] resamples the counts instead,
//! by the *Poisson bootstrap*: each cell (one photo's wins over another) is redrawn as a Poisson
//! variate with the observed count as its mean, independently. Drawing votes with replacement
//! makes the cells multinomial; independent Poisson cells are that multinomial with its total left
//! free, and the fit does not depend on the total's scale, so the intervals agree (the tests hold
//! them within a few Elo points on fixed designs). Its cost grows with the pairs judged, not the
//! votes.

use crate::{below, unit, Rng, START_RATING};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// How often two photos beat each other: the fit's whole input for that pair. The server keeps
/// one per pair judged, with `a < b`; the fit accepts either order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PairCount {
    /// One photo.
    pub a: u64,
    /// The other.
    pub b: u64,
    /// Counted votes that chose `a` over `b`.
    pub a_wins: u64,
    /// Counted votes that chose `b` over `a`.
    pub b_wins: u64,
}

impl PairCount {
    /// The counts of these judgements (`(chosen, other)`), one per pair with `a < b`, by pair.
    pub fn tally(judgements: &[(u64, u64)]) -> Vec<PairCount> {
        let mut counts: std::collections::BTreeMap<(u64, u64), (u64, u64)> = Default::default();
        for &(w, l) in judgements {
            if w == l {
                continue;
            }
            let c = counts.entry((w.min(l), w.max(l))).or_default();
            if w < l {
                c.0 += 1;
            } else {
                c.1 += 1;
            }
        }
        counts
            .into_iter()
            .map(|((a, b), (a_wins, b_wins))| PairCount {
                a,
                b,
                a_wins,
                b_wins,
            })
            .collect()
    }
}

/// How the fit and the bootstrap run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BtConfig {
    /// Virtual judgements per photo against a reference of strength 1 (half won, half lost).
    pub prior_games: f64,
    /// Bootstrap resamples of the judgements; 0 gives intervals of zero width.
    pub resamples: u32,
    /// The most minorise–maximise steps per fit.
    pub max_iterations: u32,
    /// A fit stops once no log-strength moves by more than this in a step.
    pub tolerance: f64,
}

impl Default for BtConfig {
    fn default() -> Self {
        BtConfig {
            prior_games: 1.0,
            resamples: 200,
            max_iterations: 500,
            tolerance: 1e-7,
        }
    }
}

/// One photo's place in the fitted ladder.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct BtStanding {
    /// The photo.
    pub photo_id: u64,
    /// Fitted strength on Elo's scale.
    pub score: f64,
    /// The bootstrap interval's lower end (2.5th percentile, widened to include `score`).
    pub low: f64,
    /// The bootstrap interval's upper end (97.5th percentile, widened to include `score`).
    pub high: f64,
    /// 1 + the number of photos whose interval lies wholly above this one's: photos whose
    /// intervals overlap share a rank.
    pub rank: u32,
}

/// Judgements aggregated as win counts between indexed players.
struct Design {
    n: usize,
    /// `(i, j, wins of i over j, wins of j over i)` for each pair that met, `i < j`.
    pairs: Vec<(usize, usize, f64, f64)>,
}

impl Design {
    fn new(n: usize, games: impl Iterator<Item = (usize, usize)>) -> Design {
        let mut counts: HashMap<(usize, usize), (f64, f64)> = HashMap::new();
        for (w, l) in games {
            let (key, won_by_first) = if w < l {
                ((w, l), true)
            } else {
                ((l, w), false)
            };
            let c = counts.entry(key).or_default();
            if won_by_first {
                c.0 += 1.0;
            } else {
                c.1 += 1.0;
            }
        }
        let mut pairs: Vec<_> = counts
            .into_iter()
            .map(|((i, j), (a, b))| (i, j, a, b))
            .collect();
        // A fixed order keeps the float sums, and so the fit, the same on every run.
        crate::sorting::stable_sort_by_key(&mut pairs, |&(i, j, _, _)| (i, j));
        Design { n, pairs }
    }

    /// The design of per-pair counts between `photos` (pairs naming another photo left out),
    /// the same as [`Design::new`] on the votes behind the counts.
    fn from_counts(photos: &[u64], counts: &[PairCount]) -> Design {
        let index = index_of(photos);
        let mut merged: HashMap<(usize, usize), (f64, f64)> = HashMap::new();
        for c in counts {
            let (Some(&i), Some(&j)) = (index.get(&c.a), index.get(&c.b)) else {
                continue;
            };
            if i == j || c.a_wins + c.b_wins == 0 {
                continue;
            }
            let (key, first, second) = if i < j {
                ((i, j), c.a_wins, c.b_wins)
            } else {
                ((j, i), c.b_wins, c.a_wins)
            };
            let m = merged.entry(key).or_default();
            m.0 += first as f64;
            m.1 += second as f64;
        }
        let mut pairs: Vec<_> = merged
            .into_iter()
            .map(|((i, j), (a, b))| (i, j, a, b))
            .collect();
        crate::sorting::stable_sort_by_key(&mut pairs, |&(i, j, _, _)| (i, j));
        Design {
            n: photos.len(),
            pairs,
        }
    }

    /// A Poisson-bootstrap copy: every cell redrawn with its count as the mean.
    fn poisson_resample(&self, rng: &mut impl Rng) -> Design {
        let pairs = self
            .pairs
            .iter()
            .map(|&(i, j, a, b)| (i, j, poisson(rng, a) as f64, poisson(rng, b) as f64))
            .filter(|&(_, _, a, b)| a + b > 0.0)
            .collect();
        Design { n: self.n, pairs }
    }

    /// Log-strengths (natural log, geometric mean 0) by minorise–maximise.
    fn fit(&self, cfg: &BtConfig) -> Vec<f64> {
        self.fit_from(cfg, vec![1.0f64; self.n])
    }

    /// [`Design::fit`] starting from the strengths `p` instead of all ones. The iteration
    /// converges to the same maximum from any positive start; a bootstrap resample starts at the
    /// full data's fit, a few steps from its own, instead of hundreds.
    fn fit_from(&self, cfg: &BtConfig, mut p: Vec<f64>) -> Vec<f64> {
        let n = self.n;
        let mut wins = vec![cfg.prior_games / 2.0; n];
        for &(i, j, a, b) in &self.pairs {
            wins[i] += a;
            wins[j] += b;
        }
        for _ in 0..cfg.max_iterations {
            let mut denom: Vec<f64> = p.iter().map(|pi| cfg.prior_games / (pi + 1.0)).collect();
            for &(i, j, a, b) in &self.pairs {
                let d = (a + b) / (p[i] + p[j]);
                denom[i] += d;
                denom[j] += d;
            }
            let mut moved = 0.0f64;
            for i in 0..n {
                let next = if denom[i] > 0.0 && wins[i] > 0.0 {
                    wins[i] / denom[i]
                } else {
                    // A photo without a judgement (and no prior) keeps its strength.
                    p[i]
                };
                moved = moved.max((libm::log(next) - libm::log(p[i])).abs());
                p[i] = next;
            }
            if cfg.prior_games == 0.0 {
                // Without a reference the scale floats: pin the geometric mean at 1.
                let g = mean_log(&p);
                p.iter_mut().for_each(|x| *x = libm::exp(libm::log(*x) - g));
            }
            if moved <= cfg.tolerance {
                break;
            }
        }
        let logs: Vec<f64> = p.iter().map(|x| libm::log(*x)).collect();
        let g = logs.iter().sum::<f64>() / n.max(1) as f64;
        logs.into_iter().map(|x| x - g).collect()
    }
}

fn mean_log(p: &[f64]) -> f64 {
    p.iter().map(|x| libm::log(*x)).sum::<f64>() / p.len().max(1) as f64
}

/// A natural log-strength on Elo's scale.
fn to_score(log_strength: f64) -> f64 {
    START_RATING + 400.0 * log_strength / core::f64::consts::LN_10
}

/// The probability the fit gives `i` beating `j`, from their scores (Elo's formula, which is
/// Bradley–Terry's on this scale).
pub fn bt_win_probability(score_i: f64, score_j: f64) -> f64 {
    crate::expected_score(score_i, score_j)
}

/// Fits `photos` from `judgements` (`(chosen, other)`, in any order: the fit ignores it) and
/// returns their scores on Elo's scale, in the order of `photos`. Judgements naming a photo not in
/// `photos` are left out.
pub fn bt_fit(photos: &[u64], judgements: &[(u64, u64)], cfg: &BtConfig) -> Vec<f64> {
    let games = indexed(photos, judgements);
    Design::new(photos.len(), games.iter().copied())
        .fit(cfg)
        .into_iter()
        .map(to_score)
        .collect()
}

/// Fits `photos` from per-pair win counts: the scores [`bt_fit`] gives on the votes behind them,
/// exactly. Counts naming a photo not in `photos` are left out.
pub fn bt_fit_counts(photos: &[u64], counts: &[PairCount], cfg: &BtConfig) -> Vec<f64> {
    Design::from_counts(photos, counts)
        .fit(cfg)
        .into_iter()
        .map(to_score)
        .collect()
}

/// Each photo's index in `photos`.
fn index_of(photos: &[u64]) -> HashMap<u64, usize> {
    photos.iter().enumerate().map(|(i, &id)| (id, i)).collect()
}

/// The judgements between listed photos, as `(winner, loser)` indices into `photos`.
fn indexed(photos: &[u64], judgements: &[(u64, u64)]) -> Vec<(usize, usize)> {
    let index = index_of(photos);
    judgements
        .iter()
        .filter_map(|(w, l)| Some((*index.get(w)?, *index.get(l)?)))
        .filter(|(w, l)| w != l)
        .collect()
}

/// The fit, its bootstrap intervals and the shared ranks, best first (ties by photo id). The
/// bootstrap draws `judgements.len()` judgements with replacement per resample from `rng`.
pub fn bt_ladder(
    photos: &[u64],
    judgements: &[(u64, u64)],
    cfg: &BtConfig,
    rng: &mut impl Rng,
) -> Vec<BtStanding> {
    let n = photos.len();
    let games = indexed(photos, judgements);
    let design = Design::new(n, games.iter().copied());
    ladder(photos, &design, cfg, |_| {
        let drawn = (0..games.len()).map(|_| games[below(rng, games.len() as u64) as usize]);
        Design::new(n, drawn)
    })
}

/// The ladder [`bt_ladder`] gives, from per-pair win counts: the same scores, with intervals
/// from the Poisson bootstrap of the counts (the module's doc says why it agrees), whose cost
/// grows with the pairs judged rather than the votes.
pub fn bt_ladder_counts(
    photos: &[u64],
    counts: &[PairCount],
    cfg: &BtConfig,
    rng: &mut impl Rng,
) -> Vec<BtStanding> {
    let design = Design::from_counts(photos, counts);
    ladder(photos, &design, cfg, |d| d.poisson_resample(rng))
}

/// The fit of `design`, intervals from `cfg.resamples` designs drawn by `resample`, shared ranks,
/// best first (ties by photo id).
fn ladder(
    photos: &[u64],
    design: &Design,
    cfg: &BtConfig,
    mut resample: impl FnMut(&Design) -> Design,
) -> Vec<BtStanding> {
    let n = photos.len();
    let logs = design.fit(cfg);
    let start: Vec<f64> = logs.iter().map(|x| libm::exp(*x)).collect();
    let scores: Vec<f64> = logs.into_iter().map(to_score).collect();
    let mut samples: Vec<Vec<f64>> = vec![Vec::with_capacity(cfg.resamples as usize); n];
    for _ in 0..cfg.resamples {
        let fit = resample(design).fit_from(cfg, start.clone());
        for (i, s) in fit.into_iter().enumerate() {
            samples[i].push(to_score(s));
        }
    }
    let mut out: Vec<BtStanding> = (0..n)
        .map(|i| {
            let (low, high) = percentiles(&mut samples[i]).unwrap_or((scores[i], scores[i]));
            BtStanding {
                photo_id: photos[i],
                score: scores[i],
                low: low.min(scores[i]),
                high: high.max(scores[i]),
                rank: 0,
            }
        })
        .collect();
    let ranks = shared_ranks(&out);
    for (s, r) in out.iter_mut().zip(ranks) {
        s.rank = r;
    }
    crate::sorting::stable_sort_by(&mut out, |a, b| {
        b.score
            .total_cmp(&a.score)
            .then(a.photo_id.cmp(&b.photo_id))
    });
    out
}

/// A Poisson variate of mean `mean` (a whole count here): by multiplying uniforms below 10, by
/// Hörmann's transformed rejection with squeeze (PTRS, 1993) above, both exact.
fn poisson(rng: &mut impl Rng, mean: f64) -> u64 {
    if mean <= 0.0 {
        return 0;
    }
    if mean < 10.0 {
        let floor = libm::exp(-mean);
        let (mut k, mut p) = (0u64, 1.0f64);
        loop {
            p *= unit(rng);
            if p <= floor {
                return k;
            }
            k += 1;
        }
    }
    let slam = libm::sqrt(mean);
    let loglam = libm::log(mean);
    let b = 0.931 + 2.53 * slam;
    let a = -0.059 + 0.02483 * b;
    let inv_alpha = 1.1239 + 1.1328 / (b - 3.4);
    let vr = 0.9277 - 3.6224 / (b - 2.0);
    loop {
        let u = unit(rng) - 0.5;
        let v = unit(rng);
        let us = 0.5 - u.abs();
        let k = libm::floor((2.0 * a / us + b) * u + mean + 0.43);
        if us >= 0.07 && v <= vr {
            return k as u64;
        }
        if k < 0.0 || (us < 0.013 && v > us) {
            continue;
        }
        let lhs = libm::log(v) + libm::log(inv_alpha) - libm::log(a / (us * us) + b);
        if lhs <= -mean + k * loglam - libm::lgamma(k + 1.0) {
            return k as u64;
        }
    }
}

/// The 2.5th and 97.5th percentiles (nearest rank) of a sample, which it sorts.
fn percentiles(xs: &mut [f64]) -> Option<(f64, f64)> {
    if xs.is_empty() {
        return None;
    }
    xs.sort_by(f64::total_cmp);
    let at = |q: f64| xs[((q * xs.len() as f64).ceil() as usize).clamp(1, xs.len()) - 1];
    Some((at(0.025), at(0.975)))
}

/// Each standing's shared rank: 1 + how many others have an interval wholly above its own.
pub fn shared_ranks(standings: &[BtStanding]) -> Vec<u32> {
    standings
        .iter()
        .map(|s| 1 + standings.iter().filter(|o| o.low > s.high).count() as u32)
        .collect()
}

#[cfg(test)]
mod tests;
