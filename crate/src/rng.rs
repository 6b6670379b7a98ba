//! A small, fast, seedable random number generator (SplitMix64), so that one thread and a
//! seed always give the same game on every platform, native or wasm.

/// SplitMix64 (Steele, Lea and Flood 2014): a 64-bit counter stepped by the golden ratio,
/// each step scrambled by `finish`. Passes BigCrush. Only 64-bit multiplies, where wyrand
/// (this generator before) took a 64 x 64 -> 128-bit product: native code does that in one
/// instruction, but wasm has no such instruction and called `__multi3` for it, 2-3 % of the
/// page's search (BENCHMARKS.md, "A generator without the 128-bit product").
#[derive(Clone, Debug)]
pub struct Rng {
    state: u64,
    /// The number the next call returns, `finish(state)`, computed one call ahead so that
    /// its multiplies overlap the caller's work instead of delaying a random playout's
    /// next move (3-5 % of a random playout's time natively without it).
    ahead: u64,
}

/// The counter's step: 2^64 / golden ratio, odd, so the counter visits every value.
const GOLDEN: u64 = 0x9e37_79b9_7f4a_7c15;

impl Rng {
    /// A generator whose numbers depend only on `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng::at(seed ^ 0x2d35_8dcc_aa6c_78a5)
    }

    /// The generator whose counter is at `state`.
    fn at(state: u64) -> Rng {
        let state = state.wrapping_add(GOLDEN);
        Rng { state, ahead: finish(state) }
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        let out = self.ahead;
        self.state = self.state.wrapping_add(GOLDEN);
        self.ahead = finish(self.state);
        out
    }

    /// Uniform in `0..n` (Lemire's multiply-shift; the bias is below 2^-50 for small n). Its
    /// 128-bit product is a `__multi3` call in wasm, but only random playouts draw this way:
    /// the search draws with `unit`.
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        ((self.next_u64() as u128 * n as u128) >> 64) as usize
    }

    /// Uniform in `[0, 1)`.
    #[inline]
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }
}

/// SplitMix64's scrambler: a bijection of the 64-bit values whose every output bit depends
/// on every input bit.
#[inline]
fn finish(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// One SplitMix64 step from `z`: a good 64-bit mixing function (position hashes, the
/// search's stream seeds).
#[inline]
pub(crate) fn mix64(z: u64) -> u64 {
    finish(z.wrapping_add(GOLDEN))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The published SplitMix64 stream from state 0 (the reference C code's first outputs),
    /// so the numbers, and every seed's game, are the algorithm's and not an accident of
    /// this code.
    #[test]
    fn the_stream_is_splitmix64() {
        let mut r = Rng::at(0);
        let first: Vec<u64> = (0..3).map(|_| r.next_u64()).collect();
        assert_eq!(first, [0xe220_a839_7b1d_cdaf, 0x6e78_9e6a_a1b9_65f4, 0x06c4_5d18_8009_454f]);
    }

    #[test]
    fn same_seed_same_numbers_and_below_is_in_range() {
        let (mut a, mut b) = (Rng::new(42), Rng::new(42));
        for _ in 0..100 {
            assert_eq!(a.next_u64(), b.next_u64());
        }
        let mut counts = [0usize; 7];
        for _ in 0..70_000 {
            counts[a.below(7)] += 1;
        }
        for c in counts {
            assert!((9_000..11_000).contains(&c), "{counts:?}");
        }
        assert_ne!(Rng::new(1).next_u64(), Rng::new(2).next_u64());
        let u = a.unit();
        assert!((0.0..1.0).contains(&u));
    }
}
