//! Rosin's adapt: the policy learns from a sequence, every ply's probabilities read from the
//! policy as it was before the call.
//!
//! The changes are summed per code first (`Scratch`), then applied with one `exp` per code
//! changed. Adapt is over a quarter of a 5D NRPA run (BENCHMARKS.md, "Adapt from an index of
//! its sequence"): the per-ply pass over the codes, `Scratch::spread`, is its largest part.

use super::{within, Policy, Seq, MAX_EXP, MIN_EXP};
use crate::nrpa::exp::exp;

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

impl Policy {
    /// Rosin's adapt: for each ply of `seq`, weight += alpha for the move played and
    /// -= alpha * p(m) for every legal move m, p being the softmax of the policy as it was
    /// before this call. The changes are summed per code in `scratch` first, so every
    /// probability is read from the unchanged policy, then applied with one `exp` per code.
    ///
    /// With w = exp(weight) and t the ply's total, p(m) = w / t, so a code's change is w
    /// times (the sum of -alpha / t over the plies it is legal in, plus alpha / w for each
    /// time it is chosen): the pass over every ply's codes adds -alpha / t without reading
    /// w, and `apply` multiplies by w once per code (1.3 % faster in 5D NRPA than reading w
    /// at every ply: BENCHMARKS.md, "Adapt from an index of its sequence").
    #[inline(never)]
    pub(crate) fn adapt<M>(&mut self, seq: &Seq<M>, learning: &Learning, scratch: &mut Scratch) {
        self.adapt_with::<M, false>(seq, learning, scratch);
    }

    /// `adapt` to a sequence this very policy drew (no adapt since): every ply's total is
    /// the one its playout summed (`Ply::total`), the same bits, so the pass over the
    /// codes skips the sum and only spreads the change. Level 1 adapts to such a sequence
    /// whenever one of its playouts since its last adapt took the best's place.
    #[inline(never)]
    pub(crate) fn adapt_drawn<M>(&mut self, seq: &Seq<M>, learning: &Learning, scratch: &mut Scratch) {
        self.adapt_with::<M, true>(seq, learning, scratch);
    }

    /// Adapt with each ply's total summed here, or (`DRAWN`) read from the sequence.
    #[inline(always)]
    fn adapt_with<M, const DRAWN: bool>(&mut self, seq: &Seq<M>, learning: &Learning, scratch: &mut Scratch) {
        let alpha = learning.alpha;
        scratch.reserve(seq.codes.len() + seq.plies.len());
        // once: the bound of the unchecked additions below (every code is below the
        // policy's length, which the playout checked or the problem guarantees)
        assert_eq!(self.exp_w.len(), scratch.delta.len(), "a policy and its scratch cover the same codes");
        let mut from = 0;
        for (k, ply) in seq.plies.iter().enumerate() {
            let codes = &seq.codes[from..ply.end as usize];
            from = ply.end as usize;
            // SAFETY: a sequence's codes were checked by the playout that recorded them (or
            // are trusted), against a policy of this one's length (the search's code space)
            unsafe {
                let t = if DRAWN {
                    let t = ply.total;
                    debug_assert_eq!(
                        t.to_bits(),
                        self.total(codes).to_bits(),
                        "ply {k}: not drawn by this policy"
                    );
                    t
                } else {
                    self.total(codes)
                };
                scratch.spread(codes, -alpha / t);
            }
            scratch.add(ply.chosen, alpha / self.exp_w[ply.chosen as usize]);
        }
        let prior = self.prior.as_deref();
        scratch.apply(&mut self.exp_w, prior, learning);
    }
}

/// Per-code accumulators for adapt, reused between calls: the sums sized to the code space,
/// the list of the codes changed grown to the longest sequence adapted.
#[derive(Clone, Debug)]
pub(crate) struct Scratch {
    /// The summed change of each code's weight, over its exp(weight) before the adapt
    /// (`Policy::adapt`); 0 for every code between adapts.
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

    /// `add(c, g)` for every code of a ply, in order, with the arrays' addresses and the
    /// count held in locals: a wasm engine reloads from memory whatever a store might have
    /// changed, and this loop is most of adapt (BENCHMARKS.md, "The browser's search at
    /// about 0.82x native").
    ///
    /// # Safety
    /// Every code is below the code space (`delta`'s length).
    #[inline(always)]
    unsafe fn spread(&mut self, codes: &[u32], g: f64) {
        // once a ply: the list has room for every code
        assert!(self.count + codes.len() < self.touched.len(), "adapt reserves the list's room");
        let (delta, touched) = (&mut self.delta[..], &mut self.touched[..]);
        let mut count = self.count;
        for &c in codes {
            let i = c as usize;
            debug_assert!(i < delta.len() && count < touched.len());
            // SAFETY: the caller's contract: `i` is below `delta`'s length;
            // `count` moves at most once a code, so it stays below `touched`'s length
            // (asserted above)
            unsafe {
                // without a branch: the code is written past the list every time, and
                // listed (the count moves on) only if its change is 0 so far
                let d = *delta.get_unchecked(i);
                *touched.get_unchecked_mut(count) = c;
                count += (d == 0.0) as usize;
                *delta.get_unchecked_mut(i) = d + g;
            }
        }
        self.count = count;
    }

    /// Multiplies the stored exp(weight) w of every touched code by exp(its summed change,
    /// w times `delta`), within the bounds around its prior, and clears the accumulators for
    /// the next adapt.
    fn apply(&mut self, exp_w: &mut [f64], prior: Option<&[f64]>, learning: &Learning) {
        // a loop for each case, so that without a prior the bounds are constants
        match prior {
            Some(e) => {
                let e = &e[..self.delta.len()];
                self.apply_around(exp_w, |i| e[i], learning)
            }
            None => self.apply_around(exp_w, |_| 1.0, learning),
        }
    }

    /// `apply`, the clamp centred on exp(prior weight) `at(code)`.
    #[inline(always)]
    fn apply_around(&mut self, exp_w: &mut [f64], at: impl Fn(usize) -> f64, learning: &Learning) {
        let n = self.delta.len();
        let (exp_w, delta) = (&mut exp_w[..n], &mut self.delta[..]);
        for &c in &self.touched[..self.count] {
            let i = c as usize;
            assert!(i < n, "touched codes are below the code space");
            // the clamp bounds the learnt part of the weight: around the prior
            let at = at(i);
            let w = exp_w[i];
            let v = w * exp(w * delta[i]);
            exp_w[i] = within(v, learning.min_exp * at, learning.max_exp * at);
            delta[i] = 0.0;
        }
        self.count = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::super::{bounded, Ply, Prior};
    use super::*;
    use std::sync::Arc;

    /// Plies ending at `ends` in the codes, `chosen` played at each, drawn by no policy.
    fn plies(ends: &[u32], chosen: &[u32]) -> Vec<Ply> {
        ends.iter().zip(chosen).map(|(&end, &chosen)| Ply { end, chosen, total: f64::NAN }).collect()
    }

    /// A sequence of one ply with two legal codes, 0 and 1, and 0 chosen.
    fn one_ply() -> Seq<()> {
        Seq { score: 1, tie: 0, moves: vec![()], codes: vec![0, 1], plies: plies(&[2], &[0]) }
    }

    /// A sequence of two plies of two legal codes each (`codes`, the first ply's first),
    /// `chosen` the code played at each.
    fn two_plies(codes: [u32; 4], chosen: [u32; 2]) -> Seq<()> {
        Seq { score: 2, tie: 0, moves: vec![(), ()], codes: codes.to_vec(), plies: plies(&[2, 4], &chosen) }
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
        // every code of the space touched at both plies
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
            plies: plies(&[2, 4, 6], &[0, 1, 3]),
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
    /// Rosin's adapt computed the plain way, in log space, ply by ply: the reference.
    fn reference(exp_w: &[f64], seq: &Seq<()>, alpha: f64) -> Vec<f64> {
        let mut weight: Vec<f64> = exp_w.iter().map(|w| w.ln()).collect();
        let mut from = 0;
        for ply in &seq.plies {
            let codes = &seq.codes[from..ply.end as usize];
            from = ply.end as usize;
            let total: f64 = codes.iter().map(|&c| exp_w[c as usize]).sum();
            for &c in codes {
                weight[c as usize] -= alpha * exp_w[c as usize] / total;
            }
            weight[ply.chosen as usize] += alpha;
        }
        weight
    }

    /// Uneven weights (from a prior, so the clamp's centre moves too), three plies, a code
    /// legal in all of them, one legal twice in a ply (codes shared beyond the first grid),
    /// alpha 0.7: every weight is the reference's, to rounding. A listing or a factor of the
    /// weight gone wrong moves some weight by a whole share.
    #[test]
    fn adapt_matches_the_plain_formula_on_uneven_weights() {
        let prior = Prior {
            codes: 6,
            exp: Some(Arc::from(vec![0.3f64.exp(), 1.0, 2.5f64.exp(), (-1.2f64).exp(), 0.7f64.exp(), 1.0])),
        };
        let mut p = prior.policy();
        // learnt weights on top of the prior
        for (c, d) in [0.4f64, -0.8, 1.1, 0.0, -2.0, 0.9].iter().enumerate() {
            p.exp_w[c] *= d.exp();
        }
        let before = p.exp_w.clone();
        let seq = Seq {
            score: 3,
            tie: 0,
            moves: vec![(); 3],
            codes: vec![0, 1, 2, 3, 1, 2, 4, 2, 4, 5, 5],
            plies: plies(&[4, 7, 11], &[3, 1, 5]),
        };
        let mut s = Scratch::new(6);
        p.adapt(&seq, &Learning::new(0.7, None), &mut s);
        let want = reference(&before, &seq, 0.7);
        for (c, w) in want.iter().enumerate() {
            let got = p.exp_w[c].ln();
            assert!((got - w).abs() < 1e-12, "code {c}: {got} against {w}");
        }
        assert!(is_clear(&s));
    }

    /// `within` gives `max` then `min`'s bits, a NaN going to the lower bound.
    #[test]
    fn within_is_max_then_min() {
        let (lo, hi) = (1e-150, 1e150);
        let subnormal = f64::from_bits(1);
        for v in [
            f64::NAN,
            0.0,
            -0.0,
            subnormal,
            f64::MIN_POSITIVE,
            1e-300,
            lo,
            0.5,
            1.0,
            hi,
            1e200,
            f64::INFINITY,
            f64::NEG_INFINITY,
        ] {
            assert_eq!(within(v, lo, hi).to_bits(), v.max(lo).min(hi).to_bits(), "{v:e}");
        }
        assert_eq!(within(f64::NAN, 2.0, 2.0), 2.0);
    }

    /// An alpha so large that alpha / w and -alpha / t overflow (their sum NaN) leaves no
    /// weight NaN: each stays within its bounds.
    #[test]
    fn a_huge_alpha_leaves_no_weight_nan() {
        let mut p = Prior::none(3).policy();
        p.exp_w.fill(MIN_EXP);
        let seq = two_plies([0, 1, 1, 2], [0, 1]);
        let mut s = Scratch::new(3);
        p.adapt(&seq, &Learning::new(1e300, None), &mut s);
        assert!(p.exp_w.iter().all(|w| (MIN_EXP..=MAX_EXP).contains(w)), "{:?}", p.exp_w);
        assert!(is_clear(&s));
    }

    /// A sequence drawn by the policy, with its playout's totals: `adapt_drawn` leaves every
    /// weight with the same bits as `adapt`, which sums each ply again, and both leave the
    /// scratch clear. Uneven weights (a prior, learnt changes), a clamp, a code legal twice.
    #[test]
    fn adapt_drawn_gives_adapts_bits() {
        let prior = Prior {
            codes: 6,
            exp: Some(Arc::from(vec![0.3f64.exp(), 1.0, 2.5f64.exp(), 1.0, 0.7f64.exp(), 1.0])),
        };
        let mut p = prior.policy();
        for (c, d) in [0.4f64, -0.8, 1.1, 0.0, -2.0, 0.9].iter().enumerate() {
            p.exp_w[c] *= d.exp();
        }
        let mut seq = Seq {
            score: 3,
            tie: 0,
            moves: vec![(); 3],
            codes: vec![0, 1, 2, 3, 1, 2, 4, 2, 4, 5, 5],
            plies: plies(&[4, 7, 11], &[3, 1, 5]),
        };
        // the totals a playout from `q` would have recorded
        let draw = |seq: &mut Seq<()>, q: &Policy| {
            let mut from = 0;
            for ply in &mut seq.plies {
                // SAFETY: every code is below 6, the code space
                ply.total = unsafe { Policy::sum(&q.lanes(&seq.codes[from..ply.end as usize])) };
                from = ply.end as usize;
            }
        };
        draw(&mut seq, &p);
        let learning = Learning::new(0.9, Some(1.5));
        let (mut a, mut b) = (p.clone(), p.clone());
        let (mut sa, mut sb) = (Scratch::new(6), Scratch::new(6));
        for _ in 0..2 {
            a.adapt(&seq, &learning, &mut sa);
            b.adapt_drawn(&seq, &learning, &mut sb);
            let bits = |q: &Policy| q.exp_w.iter().map(|w| w.to_bits()).collect::<Vec<_>>();
            assert_eq!(bits(&a), bits(&b));
            assert!(is_clear(&sa) && is_clear(&sb));
            // again from the adapted policy, with its totals (as if it had drawn the sequence)
            draw(&mut seq, &a);
        }
    }
}
