//! The policy (a weight per move code), its draw, and the sequences playouts produce;
//! Rosin's adapt is in `adapt`.
//!
//! Storage (BENCHMARKS.md has the measurements): a dense array over the bounded code space,
//! holding exp(weight) rather than the weight. A playout reads one entry per legal move per
//! ply and never calls `exp`; adapt calls it once per distinct code it touches (rarely more:
//! `adapt::Scratch`).
//!
//! A sequence keeps, for every ply, the codes of all legal moves and the one chosen. That is
//! all adapt needs, so adapt never replays the game on a board: it is a pass over arrays.

mod adapt;

pub(crate) use adapt::{Learning, Scratch};

use super::exp::exp;
use super::problem::Problem;
use std::mem::MaybeUninit;
use std::sync::Arc;

/// Without a clamp, exp(weight) stays within these bounds (times the prior's, itself
/// within them: 1e±300 in all), so sums over a ply never overflow nor vanish (weights
/// move by at most alpha per adapt; only very deep searches come near).
const MIN_EXP: f64 = 1e-150;
const MAX_EXP: f64 = 1e150;

/// A ply's weights are summed, and its move drawn, in this many interleaved lanes: the
/// additions of one lane wait for each other, the lanes' do not. 4 made the search 9-11 %
/// faster than one running sum natively and 7 % in wasm; 8 was slower than 4
/// (BENCHMARKS.md, "A ply's sum and draw in four lanes").
const LANES: usize = 4;

/// `x` within [MIN_EXP, MAX_EXP], NaN as the least likely.
fn bounded(x: f64) -> f64 {
    within(x, MIN_EXP, MAX_EXP)
}

/// `v` within [`lo`, `hi`] (`lo` <= `hi`), a NaN at `lo`: with an alpha above about 1e8
/// and weights near their bounds, alpha / w and -alpha / t overflow, and their sum is NaN
/// (the exact change is then astronomical either way; Rosin's formula computed ply by ply
/// gave the lower bound too). Written as two comparisons rather than `max` then `min`:
/// the same results, but each compiles to one instruction (x86's `maxsd` and `minsd`, a
/// compare and a select in wasm) where `f64::max`'s NaN rule takes five.
#[inline(always)]
fn within(v: f64, lo: f64, hi: f64) -> f64 {
    let v = if v > lo { v } else { lo };
    if v < hi {
        v
    } else {
        hi
    }
}

/// A search's prior (GNRPA's bias, Cazenave 2020): a fixed weight per code that every
/// policy of the search starts from and that the clamp is centred on, so the clamp bounds
/// what is learnt, never the prior. Shared by all the search's policies (one array).
#[derive(Clone, Debug)]
pub(crate) struct Prior {
    codes: usize,
    /// exp(prior weight) per code; `None` for weight 0 everywhere (no prior).
    exp: Option<Arc<[f64]>>,
}

impl Prior {
    /// No prior: every weight starts at 0.
    pub(crate) fn none(codes: usize) -> Prior {
        Prior { codes, exp: None }
    }

    /// `strength` times the problem's prior weight of each code ([`Problem::prior`]) over
    /// the root's code space; no prior at strength 0. Kept within 1e±150 like any weight
    /// (a NaN from an outside problem counts as the least likely), so the clamp's bounds
    /// around it stay within 1e±300, where a ply's sum neither overflows nor vanishes.
    pub(crate) fn of<P: Problem>(root: &P, strength: f64) -> Prior {
        let codes = root.code_space();
        if strength == 0.0 {
            return Prior::none(codes);
        }
        let exp_w = (0..codes as u32).map(|c| bounded(exp(strength * root.prior(c)))).collect();
        Prior { codes, exp: Some(exp_w) }
    }

    /// The code space: the length of every policy of the search.
    pub(crate) fn codes(&self) -> usize {
        self.codes
    }

    /// A policy at the prior (a level's policy before it learns anything).
    pub(crate) fn policy(&self) -> Policy {
        let exp_w = match &self.exp {
            Some(e) => e.to_vec(),
            None => vec![1.0; self.codes],
        };
        Policy { exp_w, prior: self.exp.clone() }
    }
}

/// exp(weight) for every move code, the prior's included.
#[derive(Clone, Debug)]
pub(crate) struct Policy {
    exp_w: Vec<f64>,
    /// The search's prior (exp of it), which `reset` returns to and the clamp is centred on.
    prior: Option<Arc<[f64]>>,
}

impl Policy {
    /// An empty policy, for the level (0) that has none of its own.
    pub(crate) fn empty() -> Policy {
        Policy { exp_w: Vec::new(), prior: None }
    }

    /// Back to the prior.
    pub(crate) fn reset(&mut self) {
        match &self.prior {
            Some(e) => self.exp_w.copy_from_slice(e),
            None => self.exp_w.fill(1.0),
        }
    }

    pub(crate) fn copy_from(&mut self, other: &Policy) {
        self.exp_w.copy_from_slice(&other.exp_w);
    }

    /// Panics unless `max_code` is below the code space. The playout calls it before it
    /// reads weights unchecked: once a ply with the ply's largest code (outside a form's
    /// loop), or once a code (`code_lanes`). `Problem` is a safe trait, so a code out of
    /// range from an outside implementation must stop the search with a message, never
    /// read past the array.
    #[inline(always)]
    pub(crate) fn check(&self, max_code: u32) {
        if max_code as usize >= self.exp_w.len() {
            out_of_range(max_code, self.exp_w.len());
        }
    }

    /// exp(weight) summed over `codes` in `LANES` lanes (lane k: the codes at k,
    /// k + `LANES`, ...), as many chains of additions in flight instead of one.
    ///
    /// # Safety
    /// Every code is below the code space: `check` passed for a code at least as large, or
    /// the problem is `TrustedCodes`; on this policy or any other of the same search (they
    /// all have the length the search read once from the root: `Prior::codes`).
    #[inline(always)]
    pub(crate) unsafe fn lanes(&self, codes: &[u32]) -> [f64; LANES] {
        let w = &self.exp_w[..];
        let mut s = [0.0f64; LANES];
        let chunks = codes.chunks_exact(LANES);
        let rest = chunks.remainder();
        for ch in chunks {
            for k in 0..LANES {
                debug_assert!((ch[k] as usize) < w.len());
                // SAFETY: the caller's contract
                s[k] += unsafe { *w.get_unchecked(ch[k] as usize) };
            }
        }
        for (k, &c) in rest.iter().enumerate() {
            debug_assert!((c as usize) < w.len());
            // SAFETY: the caller's contract
            s[k] += unsafe { *w.get_unchecked(c as usize) };
        }
        s
    }

    /// `lanes` of the codes that `code` gives `steps`, each written to `out` on the way
    /// (`out[i]` the code of `steps[i]`): the playout's ply in one pass over its moves
    /// rather than two, 1.6-2.0 % fewer instructions in wasm, 0.5-0.9 % natively
    /// (BENCHMARKS.md, "V8's own instructions"). With `CHECK`, each code is checked
    /// (`check`) before its weight is read. Panics if `out` is shorter than `steps`.
    ///
    /// # Safety
    /// Without `CHECK`, as [`Policy::lanes`] for every code `code` returns.
    #[inline(always)]
    pub(crate) unsafe fn code_lanes<S: Copy, const CHECK: bool>(
        &self,
        steps: &[S],
        out: &mut [MaybeUninit<u32>],
        code: impl Fn(S) -> u32,
    ) -> [f64; LANES] {
        let w = &self.exp_w[..];
        let mut s = [0.0f64; LANES];
        let mut add = |k: usize, st: S, slot: &mut MaybeUninit<u32>| {
            let c = code(st);
            slot.write(c);
            if CHECK {
                self.check(c);
            }
            debug_assert!((c as usize) < w.len());
            // SAFETY: checked just above, or the caller's contract
            s[k] += unsafe { *w.get_unchecked(c as usize) };
        };
        let mut chunks = steps.chunks_exact(LANES);
        let mut slots = out[..steps.len()].chunks_exact_mut(LANES);
        for (ch, sl) in (&mut chunks).zip(&mut slots) {
            for k in 0..LANES {
                add(k, ch[k], &mut sl[k]);
            }
        }
        for (k, (&st, slot)) in chunks.remainder().iter().zip(slots.into_remainder()).enumerate() {
            add(k, st, slot);
        }
        s
    }

    /// The softmax's denominator of a ply, from its lanes.
    #[inline(always)]
    pub(crate) fn sum(lanes: &[f64; LANES]) -> f64 {
        let mut s = 0.0;
        for &l in lanes {
            s += l;
        }
        s
    }

    /// The sum of exp(weight) over `codes` (the softmax's denominator of a ply).
    ///
    /// # Safety
    /// As [`Policy::lanes`].
    #[inline(always)]
    pub(crate) unsafe fn total(&self, codes: &[u32]) -> f64 {
        Policy::sum(&unsafe { self.lanes(codes) })
    }

    /// The index in `codes` of the move drawn by `r`, a uniform point of [0, sum of
    /// `lanes`): the lane whose cumulative weight first passes `r`, then the code of that
    /// lane whose cumulative weight within it does. Each move owns an interval as long as
    /// its weight, so this is the softmax's draw, with a chain of subtractions a quarter as
    /// long as a scan of the whole ply's (on a board, a ply has about 30 legal moves).
    /// Rounding that leaves `r` unspent gives the last code of the last lane reached (the
    /// last code of the ply if that lane is empty, in a ply of fewer moves than lanes).
    /// `codes` must not be empty.
    ///
    /// # Safety
    /// As [`Policy::lanes`].
    #[inline(always)]
    pub(crate) unsafe fn pick(&self, codes: &[u32], lanes: &[f64; LANES], mut r: f64) -> usize {
        let w = &self.exp_w[..];
        let n = codes.len();
        let mut j = 0;
        while j < LANES - 1 && r >= lanes[j] {
            r -= lanes[j];
            j += 1;
        }
        let mut i = j.min(n - 1);
        loop {
            let c = codes[i];
            debug_assert!((c as usize) < w.len());
            // SAFETY: the caller's contract
            r -= unsafe { *w.get_unchecked(c as usize) };
            if r < 0.0 || i + LANES >= n {
                return i;
            }
            i += LANES;
        }
    }
}

#[cold]
#[inline(never)]
fn out_of_range(code: u32, space: usize) -> ! {
    panic!("Problem::code (or code_in) returned {code}, not below Problem::code_space() = {space}")
}

/// What a sequence keeps of one ply besides its codes: one record, so that a playout
/// appends one per ply rather than one to each of three arrays (a wasm engine reloads each
/// array's address, length and capacity at every append).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Ply {
    /// The end of the ply's codes in `Seq::codes` (they start at the ply before's end).
    pub(crate) end: u32,
    /// The code of the move played.
    pub(crate) chosen: u32,
    /// The softmax's denominator of the ply under the policy that drew the sequence (its
    /// playout's sum): what adapt reads instead of summing again while that policy has not
    /// changed (`Policy::adapt_drawn`). NaN for a sequence no playout drew (rebuilt from its
    /// moves).
    pub(crate) total: f64,
}

/// A playout's result: its score and moves, and per ply the legal codes and the chosen one.
#[derive(Clone, Debug)]
pub(crate) struct Seq<M> {
    pub(crate) score: i64,
    /// The problem's tie-break of the final state ([`Problem::tie_break`]) when the search
    /// uses one and the sequence was a candidate for a level's best; 0 otherwise.
    pub(crate) tie: i64,
    pub(crate) moves: Vec<M>,
    /// Codes of the legal moves of every ply, one after the other; ply k's are
    /// `codes[plies[k - 1].end..plies[k].end]`.
    pub(crate) codes: Vec<u32>,
    pub(crate) plies: Vec<Ply>,
}

impl<M> Seq<M> {
    /// No sequence yet: any result beats it.
    pub(crate) fn none() -> Seq<M> {
        Seq { score: i64::MIN, tie: 0, moves: Vec::new(), codes: Vec::new(), plies: Vec::new() }
    }

    /// This result takes the place of `best` as a level's best: a higher score, or an
    /// equal one and a tie-break at least as high. `>=`, not `>`: of two alike, the newer
    /// (Rosin's choice: the best keeps moving along games of equal score, worth 8 moves
    /// of 5T at level 3, BENCHMARKS.md). Without a tie-break every tie is 0: Rosin's rule.
    #[inline]
    pub(crate) fn replaces(&self, best: &Seq<M>) -> bool {
        (self.score, self.tie) >= (best.score, best.tie)
    }

    pub(crate) fn clear(&mut self) {
        self.score = i64::MIN;
        self.tie = 0;
        self.moves.clear();
        self.codes.clear();
        self.plies.clear();
    }

    pub(crate) fn copy_from(&mut self, other: &Seq<M>)
    where
        M: Copy,
    {
        self.score = other.score;
        self.tie = other.tie;
        self.moves.clear();
        self.moves.extend_from_slice(&other.moves);
        self.codes.clear();
        self.codes.extend_from_slice(&other.codes);
        self.plies.clear();
        self.plies.extend_from_slice(&other.plies);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The draw gives each code of a ply an interval of [0, total) as long as its weight,
    /// whatever the ply's length (shorter than the lanes, a multiple of them, or not),
    /// and an index within the ply even for the rounding case r = total.
    #[test]
    fn pick_gives_each_move_its_weights_share() {
        let mut p = Prior::none(64).policy();
        for (c, w) in p.exp_w.iter_mut().enumerate() {
            // weights over 1e-3..1e3, in no order
            *w = 10f64.powf(((c * 37) % 61) as f64 / 10.0 - 3.0);
        }
        const K: usize = 200_000;
        for n in 1..=13 {
            let codes: Vec<u32> = (0..n as u32).map(|i| (i * 29 + 5) % 64).collect();
            // SAFETY: every code is below 64, the code space
            let (lanes, total) = unsafe { (p.lanes(&codes), p.total(&codes)) };
            let plain: f64 = codes.iter().map(|&c| p.exp_w[c as usize]).sum();
            assert!((total - plain).abs() <= 1e-12 * plain, "n = {n}");
            let mut hits = vec![0usize; n];
            for k in 0..K {
                let r = (k as f64 + 0.5) / K as f64 * total;
                // SAFETY: as above
                hits[unsafe { p.pick(&codes, &lanes, r) }] += 1;
            }
            for (i, &h) in hits.iter().enumerate() {
                let expected = p.exp_w[codes[i] as usize] / total * K as f64;
                assert!(
                    (h as f64 - expected).abs() <= 1.0,
                    "n = {n}, move {i}: {h} draws, {expected:.1} expected"
                );
            }
            // SAFETY: as above
            unsafe {
                assert_eq!(p.pick(&codes, &lanes, 0.0), 0, "n = {n}");
                if n >= 2 {
                    // a lane's end belongs to the next lane
                    assert_eq!(p.pick(&codes, &lanes, lanes[0]), 1, "n = {n}");
                }
                // rounding past the total: the last code of the last lane
                let last =
                    if n >= LANES { (n - LANES..n).find(|i| i % LANES == LANES - 1).unwrap() } else { n - 1 };
                assert_eq!(p.pick(&codes, &lanes, 2.0 * total), last, "n = {n}");
            }
        }
    }
}
