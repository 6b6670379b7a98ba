//! The policy (a weight per move code), the sequences playouts produce, and Rosin's adapt.
//!
//! Storage (BENCHMARKS.md has the measurements): a dense array over the bounded code space,
//! holding exp(weight) rather than the weight. A playout reads one entry per legal move per
//! ply and never calls `exp`; adapt calls it once per distinct code it touches.
//!
//! A sequence keeps, for every ply, the codes of all legal moves and the one chosen. That is
//! all adapt needs, so adapt never replays the game on a board: it is a pass over arrays.

use super::exp::exp;
use super::problem::Problem;
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

/// How adapt learns: the rate, and the bounds every weight is kept within. A clamp C keeps
/// each weight within C of its prior (in [-C, C] without one), so no move's probability
/// collapses to nothing and a policy can still leave a sequence it has learnt hard
/// (morpion-solitaire.io's logit clamp).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Learning {
    alpha: f64,
    min_exp: f64,
    max_exp: f64,
}

impl Learning {
    /// `clamp`: the largest |weight|, if any (positive and finite: `Config::validate`).
    pub(crate) fn new(alpha: f64, clamp: Option<f64>) -> Learning {
        match clamp {
            Some(c) => Learning { alpha, min_exp: exp(-c).max(MIN_EXP), max_exp: exp(c).min(MAX_EXP) },
            None => Learning { alpha, min_exp: MIN_EXP, max_exp: MAX_EXP },
        }
    }
}

/// `x` within [MIN_EXP, MAX_EXP], NaN as the least likely.
fn bounded(x: f64) -> f64 {
    if x.is_nan() {
        MIN_EXP
    } else {
        x.clamp(MIN_EXP, MAX_EXP)
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

    /// Panics unless `max_code` (the largest code of a ply) is below the code space. The
    /// playout calls it once per ply, before reading the ply's weights unchecked: `Problem`
    /// is a safe trait, so a code out of range from an outside implementation must stop the
    /// search with a message, never read past the array.
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

    /// Rosin's adapt: for each ply of `seq`, weight += alpha for the move played and
    /// -= alpha * p(m) for every legal move m, p being the softmax of the policy as it was
    /// before this call. The changes are summed per code in `scratch` first, so every
    /// probability is read from the unchanged policy, then applied with one `exp` per code.
    pub(crate) fn adapt<M>(&mut self, seq: &Seq<M>, learning: &Learning, scratch: &mut Scratch) {
        let alpha = learning.alpha;
        scratch.reserve(seq.codes.len() + seq.chosen.len());
        let mut from = 0;
        for (&end, &chosen) in seq.ends.iter().zip(&seq.chosen) {
            let codes = &seq.codes[from..end as usize];
            from = end as usize;
            // SAFETY: a sequence's codes were checked by the playout that recorded them (or
            // are trusted), against a policy of this one's length (the search's code space)
            unsafe {
                let f = alpha / self.total(codes);
                scratch.spread(&self.exp_w, codes, -f);
            }
            scratch.add(chosen, alpha);
        }
        let prior = self.prior.as_deref();
        scratch.apply(&mut self.exp_w, prior, learning);
    }
}

#[cold]
#[inline(never)]
fn out_of_range(code: u32, space: usize) -> ! {
    panic!("Problem::code returned {code}, not below Problem::code_space() = {space}")
}

/// Per-code accumulators for adapt, reused between calls (sized to the code space).
#[derive(Clone, Debug)]
pub(crate) struct Scratch {
    /// The summed change of each code's weight; 0 for every code between adapts.
    delta: Vec<f64>,
    /// The codes this adapt changes, in `touched[..count]`: a code is listed when its change
    /// is 0 before an addition, so at its first one, and again (rarely) if its additions
    /// came back to exactly 0, which is harmless: the first listing applies the whole
    /// change and sets it to 0, so a second one multiplies by exp(0) = 1. Without a flag
    /// per code, a ply's pass over its codes does one load and one store less per code.
    /// Grown by `reserve` to list every addition an adapt makes, plus one: writing a code
    /// at `count` needs no capacity check even when the list may be full.
    touched: Vec<u32>,
    count: usize,
}

impl Scratch {
    pub(crate) fn new(codes: usize) -> Scratch {
        Scratch { delta: vec![0.0; codes], touched: Vec::new(), count: 0 }
    }

    /// Room in the list for `additions` more codes, plus one.
    fn reserve(&mut self, additions: usize) {
        let want = self.count + additions + 1;
        if self.touched.len() < want {
            self.touched.resize(want, 0);
        }
    }

    /// Adds `d` to the change of `code` (below the code space, which the indexing checks).
    #[inline(always)]
    fn add(&mut self, code: u32, d: f64) {
        let i = code as usize;
        if self.delta[i] == 0.0 {
            self.touched[self.count] = code;
            self.count += 1;
        }
        self.delta[i] += d;
    }

    /// `add(c, g * w[c])` for every code of a ply, in order, with the arrays' addresses and
    /// the count held in locals: a wasm engine reloads from memory whatever a store might
    /// have changed, and this loop is most of adapt (BENCHMARKS.md, "The browser's search
    /// at about 0.82x native").
    ///
    /// # Safety
    /// Every code is below `w.len()`.
    #[inline(always)]
    unsafe fn spread(&mut self, w: &[f64], codes: &[u32], g: f64) {
        // once a ply: then `w`'s bound is `delta`'s, and the list has room for every code
        assert_eq!(w.len(), self.delta.len(), "a policy and its scratch cover the same codes");
        assert!(self.count + codes.len() < self.touched.len(), "adapt reserves the list's room");
        let (delta, touched) = (&mut self.delta[..], &mut self.touched[..]);
        let mut count = self.count;
        for &c in codes {
            let i = c as usize;
            debug_assert!(i < w.len() && count < touched.len());
            // SAFETY: the caller's contract: `i` is below the length of `w` and `delta`;
            // `count` moves at most once a code, so it stays below `touched`'s length
            // (asserted above)
            unsafe {
                // without a branch: the code is written past the list every time, and
                // listed (the count moves on) only if its change is 0 so far
                let d = *delta.get_unchecked(i);
                *touched.get_unchecked_mut(count) = c;
                count += (d == 0.0) as usize;
                *delta.get_unchecked_mut(i) = d + g * *w.get_unchecked(i);
            }
        }
        self.count = count;
    }

    /// Multiplies the stored exp(weight) of every touched code by exp(its summed change),
    /// within the bounds around its prior, and clears the accumulators for the next adapt.
    fn apply(&mut self, exp_w: &mut [f64], prior: Option<&[f64]>, learning: &Learning) {
        let n = self.delta.len();
        let (exp_w, delta) = (&mut exp_w[..n], &mut self.delta[..]);
        let prior = prior.map(|e| &e[..n]);
        for &c in &self.touched[..self.count] {
            let i = c as usize;
            assert!(i < n, "touched codes are below the code space");
            // the clamp bounds the learnt part of the weight: around the prior
            let at = prior.map_or(1.0, |e| e[i]);
            exp_w[i] = (exp_w[i] * exp(delta[i])).clamp(learning.min_exp * at, learning.max_exp * at);
            delta[i] = 0.0;
        }
        self.count = 0;
    }
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
    /// `codes[ends[k - 1]..ends[k]]`.
    pub(crate) codes: Vec<u32>,
    pub(crate) ends: Vec<u32>,
    pub(crate) chosen: Vec<u32>,
}

impl<M> Seq<M> {
    /// No sequence yet: any result beats it.
    pub(crate) fn none() -> Seq<M> {
        Seq {
            score: i64::MIN,
            tie: 0,
            moves: Vec::new(),
            codes: Vec::new(),
            ends: Vec::new(),
            chosen: Vec::new(),
        }
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
        self.ends.clear();
        self.chosen.clear();
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
        self.ends.clear();
        self.ends.extend_from_slice(&other.ends);
        self.chosen.clear();
        self.chosen.extend_from_slice(&other.chosen);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A sequence of one ply with two legal codes, 0 and 1, and 0 chosen.
    fn one_ply() -> Seq<()> {
        Seq { score: 1, tie: 0, moves: vec![()], codes: vec![0, 1], ends: vec![2], chosen: vec![0] }
    }

    /// A sequence of two plies of two legal codes each (`codes`, the first ply's first),
    /// `chosen` the code played at each.
    fn two_plies(codes: [u32; 4], chosen: [u32; 2]) -> Seq<()> {
        Seq {
            score: 2,
            tie: 0,
            moves: vec![(), ()],
            codes: codes.to_vec(),
            ends: vec![2, 4],
            chosen: chosen.to_vec(),
        }
    }

    /// After adapt, its scratch is ready for the next: no change summed, no code listed.
    fn is_clear(s: &Scratch) -> bool {
        s.count == 0 && s.delta.iter().all(|&d| d == 0.0)
    }

    /// One ply, two legal codes: adapt moves the chosen one's probability from 1/2 up by
    /// exactly the softmax gradient: w0 = 1 - 1/2, w1 = -1/2.
    #[test]
    fn adapt_follows_rosins_formula() {
        let mut p = Prior::none(4).policy();
        let mut s = Scratch::new(4);
        let seq = one_ply();
        p.adapt(&seq, &Learning::new(1.0, None), &mut s);
        assert!((p.exp_w[0].ln() - 0.5).abs() < 1e-12);
        assert!((p.exp_w[1].ln() + 0.5).abs() < 1e-12);
        assert_eq!(p.exp_w[2], 1.0);
        // two plies sharing code 1: both probabilities come from the policy before the call
        let mut q = Prior::none(4).policy();
        let seq = two_plies([0, 1, 1, 2], [0, 1]);
        q.adapt(&seq, &Learning::new(1.0, None), &mut s);
        // code 1: -1/2 (ply 1) + 1 - 1/2 (ply 2) = 0
        assert!(q.exp_w[1].ln().abs() < 1e-12);
        assert!((q.exp_w[0].ln() - 0.5).abs() < 1e-12);
        assert!((q.exp_w[2].ln() + 0.5).abs() < 1e-12);
        assert!(is_clear(&s));
        // every code of the space touched, then each again: a code is still written past
        // the list (`spread` asserts the room)
        let mut r = Prior::none(2).policy();
        let mut s2 = Scratch::new(2);
        let seq = two_plies([0, 1, 1, 0], [0, 0]);
        r.adapt(&seq, &Learning::new(1.0, None), &mut s2);
        // code 0: 1 - 1/2 twice; code 1: -1/2 twice
        assert!((r.exp_w[0].ln() - 1.0).abs() < 1e-12 && (r.exp_w[1].ln() + 1.0).abs() < 1e-12);
        assert!(is_clear(&s2));
    }

    /// A code whose summed change comes back to exactly 0 in the middle of an adapt is
    /// listed again at its next change, and the second listing changes nothing: the weights
    /// are Rosin's, each applied once.
    #[test]
    fn a_change_back_to_zero_is_applied_once() {
        let mut p = Prior::none(4).policy();
        let mut s = Scratch::new(4);
        // ply 1: codes 0, 1, 0 chosen; ply 2: 1, 2, 1 chosen (code 1: -1/2 - 1/2 + 1 = 0);
        // ply 3: 1, 3, 3 chosen (code 1 listed again: -1/2)
        let seq = Seq {
            score: 3,
            tie: 0,
            moves: vec![(); 3],
            codes: vec![0, 1, 1, 2, 1, 3],
            ends: vec![2, 4, 6],
            chosen: vec![0, 1, 3],
        };
        p.adapt(&seq, &Learning::new(1.0, None), &mut s);
        let want = [0.5, -0.5, -0.5, 0.5];
        for (c, w) in want.iter().enumerate() {
            assert!((p.exp_w[c].ln() - w).abs() < 1e-12, "code {c}: {} against {w}", p.exp_w[c].ln());
        }
        assert!(is_clear(&s));
    }

    /// A clamp of 0.7 stops the chosen weight at 0.7, and the other at -0.7, where three
    /// adapts take them to ±0.95 (+1/2, +0.27, +0.18) without it.
    #[test]
    fn clamp_bounds_every_weight() {
        let mut s = Scratch::new(2);
        let seq = one_ply();
        let mut clamped = Prior::none(2).policy();
        let mut free = Prior::none(2).policy();
        for _ in 0..3 {
            clamped.adapt(&seq, &Learning::new(1.0, Some(0.7)), &mut s);
            free.adapt(&seq, &Learning::new(1.0, None), &mut s);
        }
        assert!((clamped.exp_w[0].ln() - 0.7).abs() < 1e-12);
        assert!((clamped.exp_w[1].ln() + 0.7).abs() < 1e-12);
        assert!(free.exp_w[0].ln() > 0.9 && free.exp_w[1].ln() < -0.9);
    }

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

    /// A policy starts at its prior, `reset` returns to it, and the clamp bounds what is
    /// learnt around it: with a prior of 2 on code 0, a clamp of 0.7 stops its weight at
    /// 2.7 (not 0.7, which would undo the prior) and code 1's at -0.7.
    #[test]
    fn a_policy_starts_at_its_prior_and_the_clamp_is_centred_on_it() {
        let prior = Prior { codes: 2, exp: Some(Arc::from(vec![2f64.exp(), 1.0])) };
        let mut p = prior.policy();
        assert!((p.exp_w[0].ln() - 2.0).abs() < 1e-12 && p.exp_w[1] == 1.0);
        let mut s = Scratch::new(2);
        let seq = one_ply();
        for _ in 0..50 {
            p.adapt(&seq, &Learning::new(1.0, Some(0.7)), &mut s);
        }
        assert!((p.exp_w[0].ln() - 2.7).abs() < 1e-12, "{}", p.exp_w[0].ln());
        assert!((p.exp_w[1].ln() + 0.7).abs() < 1e-12, "{}", p.exp_w[1].ln());
        p.reset();
        assert!((p.exp_w[0].ln() - 2.0).abs() < 1e-12 && p.exp_w[1] == 1.0);
        // no prior: weight 0 everywhere
        let none = Prior::none(3).policy();
        assert_eq!(none.exp_w, vec![1.0; 3]);
        // a prior's exponential is bounded like any weight's, NaN (an outside problem's) too
        assert_eq!((bounded(f64::NAN), bounded(0.0), bounded(f64::INFINITY)), (MIN_EXP, MIN_EXP, MAX_EXP));
    }
}
