//! The only source of randomness: the `Rng` trait, the reference SplitMix64 and the draws of SPEC §0.3.
//!
//! The engine never owns a generator. Callers pass `&mut impl Rng`, so a battle (or the demo realm) is a
//! pure function of its inputs and seed, and replays the same in the browser and on the server.

/// A source of uniformly distributed 64-bit words.
pub trait Rng {
    /// The next 64 random bits.
    fn next_u64(&mut self) -> u64;
}

/// The reference generator of the test vectors (SPEC §0.3), seeded with its whole state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    /// A generator whose state starts at `seed`.
    pub fn new(seed: u64) -> Self {
        SplitMix64(seed)
    }
}

impl Rng for SplitMix64 {
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// A draw in `0..n` by multiply-shift, with no rejection so every implementation makes exactly one
/// draw per call (the bias below n/2⁶⁴ is accepted by the spec). `below(r, 0)` is 0.
pub fn below(r: &mut impl Rng, n: u64) -> u64 {
    ((r.next_u64() as u128 * n as u128) >> 64) as u64
}

/// A die of `n` faces: `1..=n`.
pub fn die(r: &mut impl Rng, n: u64) -> u64 {
    1 + below(r, n)
}

/// A float in `[0, 1)` from the top 53 bits.
pub fn unit(r: &mut impl Rng) -> f64 {
    (r.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rng_01_splitmix_seed_0() {
        let mut r = SplitMix64::new(0);
        let got = [r.next_u64(), r.next_u64(), r.next_u64()];
        assert_eq!(
            got,
            [0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, 0x06c45d188009454f]
        );
    }

    #[test]
    fn rng_02_dice_seed_12345() {
        let mut r = SplitMix64::new(12345);
        let got: Vec<u64> = (0..10).map(|_| die(&mut r, 6)).collect();
        assert_eq!(got, [1, 2, 1, 2, 4, 3, 1, 3, 3, 6]);
    }

    #[test]
    fn unit_is_in_range_and_below_respects_bound() {
        let mut r = SplitMix64::new(7);
        for _ in 0..1000 {
            let u = unit(&mut r);
            assert!((0.0..1.0).contains(&u));
            assert!(below(&mut r, 5) < 5);
        }
        assert_eq!(below(&mut r, 0), 0);
    }
}
