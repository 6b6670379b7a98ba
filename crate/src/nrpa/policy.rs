//! The policy (a weight per move code), the sequences playouts produce, and Rosin's adapt.
//!
//! Storage (BENCHMARKS.md has the measurements): a dense array over the bounded code space,
//! holding exp(weight) rather than the weight. A playout reads one entry per legal move per
//! ply and never calls `exp`; adapt calls it once per distinct code it touches.
//!
//! A sequence keeps, for every ply, the codes of all legal moves and the one chosen. That is
//! all adapt needs, so adapt never replays the game on a board: it is a pass over arrays.

/// Without a clamp, exp(weight) stays within these bounds, so sums over a ply never
/// overflow nor vanish (weights move by at most alpha per adapt; only very deep searches
/// come near).
const MIN_EXP: f64 = 1e-150;
const MAX_EXP: f64 = 1e150;

/// How adapt learns: the rate, and the bounds every weight is kept within. A clamp C keeps
/// each weight in [-C, C], so no move's probability collapses to nothing and a policy can
/// still leave a sequence it has learnt hard (morpion-solitaire.io's logit clamp).
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
            Some(c) => Learning { alpha, min_exp: (-c).exp().max(MIN_EXP), max_exp: c.exp().min(MAX_EXP) },
            None => Learning { alpha, min_exp: MIN_EXP, max_exp: MAX_EXP },
        }
    }
}

/// exp(weight) for every move code. A new policy has weight 0 everywhere (exp = 1).
#[derive(Clone, Debug)]
pub(crate) struct Policy {
    exp_w: Vec<f64>,
}

impl Policy {
    pub(crate) fn new(codes: usize) -> Policy {
        Policy { exp_w: vec![1.0; codes] }
    }

    /// Back to weight 0 everywhere.
    pub(crate) fn reset(&mut self) {
        self.exp_w.fill(1.0);
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

    /// exp(weight) of `code`.
    ///
    /// # Safety
    /// `code` is below the code space: `check` passed for a code at least as large, or the
    /// problem is `TrustedCodes`; on this policy or any other of the same search (they all
    /// have the length the search read once from the root: `Shared::codes`).
    #[inline(always)]
    pub(crate) unsafe fn exp_weight(&self, code: u32) -> f64 {
        debug_assert!((code as usize) < self.exp_w.len());
        // SAFETY: the caller's contract above
        unsafe { *self.exp_w.get_unchecked(code as usize) }
    }

    /// Rosin's adapt: for each ply of `seq`, weight += alpha for the move played and
    /// -= alpha * p(m) for every legal move m, p being the softmax of the policy as it was
    /// before this call. The changes are summed per code in `scratch` first, so every
    /// probability is read from the unchanged policy, then applied with one `exp` per code.
    pub(crate) fn adapt<M>(&mut self, seq: &Seq<M>, learning: &Learning, scratch: &mut Scratch) {
        let alpha = learning.alpha;
        let mut from = 0;
        for (ply, &end) in seq.ends.iter().enumerate() {
            let codes = &seq.codes[from..end as usize];
            from = end as usize;
            // SAFETY: a sequence's codes were checked by the playout that recorded them (or
            // are trusted), against a policy of this one's length (the search's code space)
            let z: f64 = codes.iter().map(|&c| unsafe { self.exp_weight(c) }).sum();
            let f = alpha / z;
            for &c in codes {
                // SAFETY: as above
                let d = -f * unsafe { self.exp_weight(c) };
                scratch.add(c, d);
            }
            scratch.add(seq.chosen[ply], alpha);
        }
        for &c in &scratch.touched {
            let i = c as usize;
            self.exp_w[i] =
                (self.exp_w[i] * scratch.delta[i].exp()).clamp(learning.min_exp, learning.max_exp);
            scratch.delta[i] = 0.0;
            scratch.seen[i] = false;
        }
        scratch.touched.clear();
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
    delta: Vec<f64>,
    seen: Vec<bool>,
    touched: Vec<u32>,
}

impl Scratch {
    pub(crate) fn new(codes: usize) -> Scratch {
        Scratch { delta: vec![0.0; codes], seen: vec![false; codes], touched: Vec::with_capacity(1024) }
    }

    #[inline(always)]
    fn add(&mut self, code: u32, d: f64) {
        let i = code as usize;
        if !self.seen[i] {
            self.seen[i] = true;
            self.touched.push(code);
        }
        self.delta[i] += d;
    }
}

/// A playout's result: its score and moves, and per ply the legal codes and the chosen one.
#[derive(Clone, Debug)]
pub(crate) struct Seq<M> {
    pub(crate) score: i64,
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
        Seq { score: i64::MIN, moves: Vec::new(), codes: Vec::new(), ends: Vec::new(), chosen: Vec::new() }
    }

    pub(crate) fn clear(&mut self) {
        self.score = i64::MIN;
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

    /// One ply, two legal codes: adapt moves the chosen one's probability from 1/2 up by
    /// exactly the softmax gradient: w0 = 1 - 1/2, w1 = -1/2.
    #[test]
    fn adapt_follows_rosins_formula() {
        let mut p = Policy::new(4);
        let mut s = Scratch::new(4);
        let seq = Seq::<()> { score: 1, moves: vec![()], codes: vec![0, 1], ends: vec![2], chosen: vec![0] };
        p.adapt(&seq, &Learning::new(1.0, None), &mut s);
        assert!((p.exp_w[0].ln() - 0.5).abs() < 1e-12);
        assert!((p.exp_w[1].ln() + 0.5).abs() < 1e-12);
        assert_eq!(p.exp_w[2], 1.0);
        // two plies sharing code 1: both probabilities come from the policy before the call
        let mut q = Policy::new(4);
        let seq = Seq::<()> {
            score: 2,
            moves: vec![(), ()],
            codes: vec![0, 1, 1, 2],
            ends: vec![2, 4],
            chosen: vec![0, 1],
        };
        q.adapt(&seq, &Learning::new(1.0, None), &mut s);
        // code 1: -1/2 (ply 1) + 1 - 1/2 (ply 2) = 0
        assert!(q.exp_w[1].ln().abs() < 1e-12);
        assert!((q.exp_w[0].ln() - 0.5).abs() < 1e-12);
        assert!((q.exp_w[2].ln() + 0.5).abs() < 1e-12);
        assert!(s.touched.is_empty() && s.delta.iter().all(|&d| d == 0.0));
    }

    /// A clamp of 0.7 stops the chosen weight at 0.7, and the other at -0.7, where three
    /// adapts take them to ±0.95 (+1/2, +0.27, +0.18) without it.
    #[test]
    fn clamp_bounds_every_weight() {
        let mut s = Scratch::new(2);
        let seq = Seq::<()> { score: 1, moves: vec![()], codes: vec![0, 1], ends: vec![2], chosen: vec![0] };
        let mut clamped = Policy::new(2);
        let mut free = Policy::new(2);
        for _ in 0..3 {
            clamped.adapt(&seq, &Learning::new(1.0, Some(0.7)), &mut s);
            free.adapt(&seq, &Learning::new(1.0, None), &mut s);
        }
        assert!((clamped.exp_w[0].ln() - 0.7).abs() < 1e-12);
        assert!((clamped.exp_w[1].ln() + 0.7).abs() < 1e-12);
        assert!(free.exp_w[0].ln() > 0.9 && free.exp_w[1].ln() < -0.9);
    }
}
