//! One thread's NRPA: the policy playout (level 0) and the nested levels, with every buffer
//! allocated once per thread and reused (a level-3 run is a million adapts at level 1).

use super::monitor::Monitor;
use super::policy::{Learning, Ply, Policy, Prior, Scratch, Seq};
use super::problem::{LeaveForm, PlyCodes, Problem};
use super::Config;
use crate::rng::Rng;
use crate::spare;
use std::mem;

/// Playouts are counted locally and added to the shared counter in batches this large.
const FLUSH: u64 = 64;

/// A thread's search state: a scratch problem state for playouts, and per level its policy
/// and its best sequence. `CHECK`: check each ply's codes against the code space before
/// reading the policy unchecked (any `Problem`); without it, the problem's codes are known
/// to be in range (`TrustedCodes`).
pub(crate) struct Worker<'a, P: Problem, const CHECK: bool> {
    root: &'a P,
    state: P,
    iterations: u32,
    /// The top level, and its iterations (a whole run at level 1 is the top level's).
    top: (usize, u32),
    /// The scheduled run this thread runs whole (level 1), whose iterations it reports to
    /// the monitor as they end; 0: none (a level below the top, or a rank's job).
    run: u32,
    /// Playouts per adapt at level 1.
    stabilize: u32,
    /// Ties between results of equal score go to the problem's tie-break.
    tie_break: bool,
    learning: Learning,
    /// `policies[l]` is level l's policy; level 0 (a playout) has none of its own.
    policies: Vec<Policy>,
    /// `best[l]` is level l's best sequence; `best[0]` the last playout.
    best: Vec<Seq<P::Move>>,
    scratch: Scratch,
    pub(crate) rng: Rng,
    monitor: &'a Monitor<P::Move>,
    unflushed: u64,
    /// Playouts taken from the budget and not yet done.
    allowance: u64,
    /// The budget had no playout left for this thread: its levels return.
    spent: bool,
    /// Called with every flush, on this thread (see `parallel::search_here`).
    tick: &'a mut dyn FnMut(),
}

impl<'a, P: Problem, const CHECK: bool> Worker<'a, P, CHECK> {
    /// `prior`: the search's prior, over its code space read once from the root (every
    /// policy and scratch array of a search has this length, which the unchecked reads
    /// rely on).
    ///
    /// # Safety
    /// `CHECK` is false only for a `TrustedCodes` problem (codes below the code space by
    /// construction): the playouts then read the policy without checking the codes.
    pub(crate) unsafe fn new(
        root: &'a P,
        prior: &Prior,
        config: &Config,
        monitor: &'a Monitor<P::Move>,
        tick: &'a mut dyn FnMut(),
    ) -> Self {
        let n = config.level as usize + 1;
        Worker {
            root,
            state: root.clone(),
            iterations: config.iterations,
            top: (config.level as usize, config.run_iterations()),
            run: 0,
            stabilize: config.stabilize,
            tie_break: config.tie_break,
            learning: config.learning(),
            policies: (0..n).map(|l| if l == 0 { Policy::empty() } else { prior.policy() }).collect(),
            best: (0..n).map(|_| Seq::none()).collect(),
            scratch: Scratch::new(prior.codes()),
            rng: Rng::new(0),
            monitor,
            unflushed: 0,
            allowance: 0,
            spent: false,
            tick,
        }
    }

    /// A new job with its own playout budget (`u64::MAX`: none): the thread's monitor
    /// counts it from zero. For a thread that runs jobs one after the other (`distributed`).
    pub(crate) fn set_budget(&mut self, limit: u64) {
        self.monitor.reset_budget(limit);
        self.allowance = 0;
        self.spent = false;
    }

    /// The next `level(top)` is run `run` of the search, run whole by this thread: its
    /// iterations are reported as they end (the scheduler counts them for a higher top).
    pub(crate) fn set_run(&mut self, run: u32) {
        self.run = run;
    }

    /// Level `l`'s policy, to set before `level(l)`.
    pub(crate) fn policy_mut(&mut self, l: u32) -> &mut Policy {
        &mut self.policies[l as usize]
    }

    /// Level `l`'s result, after `level(l)`.
    pub(crate) fn result(&self, l: u32) -> &Seq<P::Move> {
        &self.best[l as usize]
    }

    /// The playout budget has nothing left for this thread.
    pub(crate) fn out_of_budget(&self) -> bool {
        self.spent
    }

    /// Nothing is left for this thread to do: its batch is used up and every playout of
    /// the budget is taken. A job taken now would only count an empty iteration (and, after
    /// a run that ended with the budget, start a run that never plays).
    pub(crate) fn nothing_left(&self) -> bool {
        self.spent || (self.allowance == 0 && self.monitor.budget_spent())
    }

    /// Takes one playout from the budget: from this thread's batch, or a new batch from the
    /// monitor (one atomic operation in `FLUSH` playouts). False when the budget is spent.
    #[inline]
    fn take_playout(&mut self) -> bool {
        if self.allowance == 0 {
            self.allowance = self.monitor.reserve(FLUSH);
            if self.allowance == 0 {
                self.spent = true;
                return false;
            }
        }
        self.allowance -= 1;
        true
    }

    /// Runs NRPA level `l` (>= 1) from the root with `policies[l]` (which it adapts); the
    /// best sequence ends in `best[l]`. Returns early, with the best so far, when the search
    /// is stopped or the playout budget is spent.
    pub(crate) fn level(&mut self, l: u32) {
        let l = l as usize;
        debug_assert!(l >= 1, "level 0 is a playout, run by level 1");
        self.best[l].clear();
        // level 1 adapts once every `stabilize` playouts (u64: no product overflows)
        let per_adapt = if l == 1 { self.stabilize as u64 } else { 1 };
        // level 1's best was drawn by its policy as it is now (a playout since the last
        // adapt took the best's place): adapt can read the playout's totals
        let mut drawn = false;
        let iterations = if l == self.top.0 { self.top.1 } else { self.iterations };
        for i in 0..iterations as u64 * per_adapt {
            if l == 1 {
                if !self.take_playout() {
                    break;
                }
                self.playout(1);
            } else {
                let (lower, upper) = self.policies.split_at_mut(l);
                lower[l - 1].copy_from(&upper[0]);
                self.level(l as u32 - 1);
            }
            if self.best[l - 1].replaces(&self.best[l]) {
                self.best.swap(l, l - 1);
                drawn = l == 1;
            }
            if (i + 1) % per_adapt == 0 {
                if drawn {
                    self.policies[l].adapt_drawn(&self.best[l], &self.learning, &mut self.scratch);
                    drawn = false;
                } else {
                    self.policies[l].adapt(&self.best[l], &self.learning, &mut self.scratch);
                }
                if l == self.top.0 && self.run != 0 {
                    self.monitor.iteration_done(self.run, ((i + 1) / per_adapt) as u32);
                }
            }
            if self.monitor.is_stopped() || self.spent {
                break;
            }
        }
    }

    /// One playout from the root choosing moves by the softmax of `policies[pl]`, into
    /// `best[0]`. Offers its result to the monitor, which keeps it if it is the best so far.
    /// Its moves are played by a loop compiled for the problem's form ([`Problem::form`]):
    /// one chosen here, once, rather than at every move; what the form leaves out, and a
    /// problem without one, goes to the loop with `play` (`moves_out`).
    #[inline(always)]
    fn playout(&mut self, pl: usize) {
        // level 1 runs the playouts: `best[1]` below is its best
        debug_assert_eq!(pl, 1, "playouts are level 1's");
        self.best[0].clear();
        self.state.copy_from(self.root);
        const _: () = assert!(super::problem::FORMS == 4, "a loop for each form");
        let left = match self.root.form() {
            1 => self.moves_in::<1>(pl),
            2 => self.moves_in::<2>(pl),
            3 => self.moves_in::<3>(pl),
            4 => self.moves_in::<4>(pl),
            // a call of its own, not `Some(Left::Ply)`: wasm-opt inlines a function that
            // has a single call site, whatever its size, and `moves_out` must stay out of
            // the loops of `moves_in` (inlined, it cost the wasm search 10 % more instructions;
            // scripts/build-threaded.sh fails the page's build if it is)
            _ => {
                self.moves_out(pl, Left::Ply);
                None
            }
        };
        if let Some(left) = left {
            self.moves_out(pl, left);
        }
        // `best[0]` is the playout's record, `best[1]` level 1's best
        let (last, levels) = self.best.split_at_mut(1);
        let seq = &mut last[0];
        seq.score = self.state.score();
        // the tie-break only where it can matter: a playout at least as good as level 1's
        // best (whose own tie was set when it was a playout)
        seq.tie = if self.tie_break && seq.score >= levels[0].score { self.state.tie_break() } else { 0 };
        self.monitor.offer(seq.score, &seq.moves);
        self.unflushed += 1;
        if self.unflushed == FLUSH {
            self.flush();
        }
    }

    /// The playout's moves in form `F` (1 to `FORMS`), into `best[0]`, until the game ends
    /// or the form leaves the rest to `play` (`Left`). A loop without a call: the sequence
    /// is written within its capacity (`crate::spare`), and a ply it has no room for is
    /// left to `moves_out`, which grows it (the sequences are reused, so after the first
    /// playouts they have room); in wasm V8 keeps the values live across any call in memory
    /// (BENCHMARKS.md, "The playout loop without a call").
    #[inline(always)]
    fn moves_in<const F: usize>(&mut self, pl: usize) -> Option<Left<P::Step>> {
        let policy = &self.policies[pl];
        let seq = &mut self.best[0];
        // The sequence's arrays as locals for the loop, put back after it: the stores to the
        // board cannot change a local's ends, so they stay in registers where a field's were
        // reloaded after every store (1.1-1.5 % fewer instructions in wasm, 1.4 % natively:
        // BENCHMARKS.md, "V8's own instructions"). A panic leaves them empty, and the search
        // ends with it.
        let (mut seq_codes, mut seq_moves, mut seq_plies) =
            (mem::take(&mut seq.codes), mem::take(&mut seq.moves), mem::take(&mut seq.plies));
        let left = loop {
            let legal = self.state.legal();
            if legal.is_empty() {
                break None;
            }
            let from = seq_codes.len();
            if !(spare::has_room(&seq_codes, legal.len())
                && spare::has_room(&seq_moves, 1)
                && spare::has_room(&seq_plies, 1))
            {
                break Some(Left::Ply);
            }
            // a code for each legal move, and the ply's weights summed on the way
            let state = &self.state;
            // SAFETY: the ply's codes are in range: checked one by one (CHECK), or P is
            // `TrustedCodes`, whose `code_in` is its `code` in the state's form: the root's,
            // which the state keeps through `copy_from` and `play_in` (the trait's contract)
            let lanes = unsafe {
                policy
                    .code_lanes::<_, CHECK>(legal, seq_codes.spare_capacity_mut(), |s| state.code_in::<F>(s))
            };
            // SAFETY: `code_lanes` wrote the `legal.len()` elements after `from` (the spare
            // capacity had room for them)
            unsafe { seq_codes.set_len(from + legal.len()) };
            let codes = &seq_codes[from..];
            let total = Policy::sum(&lanes);
            // SAFETY: as for `code_lanes`
            let k = unsafe { policy.pick(codes, &lanes, self.rng.unit() * total) };
            let (step, code) = (legal[k], codes[k]);
            match self.state.play_in::<F>(step) {
                Ok(Some(m)) => {
                    spare::push(&mut seq_moves, m);
                    spare::push(&mut seq_plies, Ply { end: seq_codes.len() as u32, chosen: code, total });
                }
                Ok(None) => {
                    seq_codes.truncate(from);
                    break None;
                }
                Err(LeaveForm) => break Some(Left::Move { step, code, total, from }),
            }
        };
        (seq.codes, seq.moves, seq.plies) = (seq_codes, seq_moves, seq_plies);
        left
    }

    /// The rest of the playout with `play`: the move `moves_in` left, if it drew one, then
    /// every ply to the game's end. Out of line: rare on a problem with a form (Morpion:
    /// the grid grows, a board's candidates without room, after a copy, or a sequence
    /// longer than any before), and its calls must not weigh on how `moves_in`'s loop is
    /// compiled.
    #[inline(never)]
    fn moves_out(&mut self, pl: usize, left: Left<P::Step>) {
        let policy = &self.policies[pl];
        let seq = &mut self.best[0];
        let mut drawn = match left {
            Left::Move { step, code, total, from } => Some((step, code, total, from)),
            Left::Ply => None,
        };
        loop {
            let (step, code, total, from) = match drawn.take() {
                Some(d) => d,
                None => {
                    let legal = self.state.legal();
                    if legal.is_empty() {
                        return;
                    }
                    let from = seq.codes.len();
                    self.state.push_codes(&mut PlyCodes::new(&mut seq.codes));
                    let codes = &seq.codes[from..];
                    if CHECK {
                        check_codes(codes.len(), legal.len());
                        policy.check(codes.iter().copied().max().unwrap_or(0));
                    }
                    // SAFETY: the ply's codes are in range: checked above, or P is
                    // `TrustedCodes` (without CHECK), whose `push_codes` pushes a code for
                    // each of the legal moves
                    let (k, total) = unsafe { draw(policy, codes, &mut self.rng) };
                    (legal[k], codes[k], total, from)
                }
            };
            match self.state.play(step) {
                Some(m) => {
                    seq.moves.push(m);
                    seq.plies.push(Ply { end: seq.codes.len() as u32, chosen: code, total });
                }
                None => {
                    seq.codes.truncate(from);
                    return;
                }
            }
        }
    }

    /// Adds the playouts not yet counted to the monitor, lets the caller's tick run, and
    /// waits here while the search is paused. Out of line: once in 64 playouts, it must not
    /// weigh on how the playout loop is compiled.
    #[inline(never)]
    pub(crate) fn flush(&mut self) {
        self.monitor.add_playouts(self.unflushed);
        self.unflushed = 0;
        (self.tick)();
        self.monitor.wait_while_paused();
    }
}

/// Where `moves_in` left a playout to `moves_out`.
enum Left<S> {
    /// Before a ply, the sequence without room for it.
    Ply,
    /// At a move the form leaves to `play`, drawn from the ply's codes (from `from` on).
    Move { step: S, code: u32, total: f64, from: usize },
}

/// The index of the move drawn from a ply's codes by the softmax of `policy`, and the
/// ply's total (the softmax's denominator).
///
/// # Safety
/// As [`Policy::lanes`]: every code is below the code space.
#[inline(always)]
unsafe fn draw(policy: &Policy, codes: &[u32], rng: &mut Rng) -> (usize, f64) {
    // SAFETY: the caller's contract
    unsafe {
        let lanes = policy.lanes(codes);
        let total = Policy::sum(&lanes);
        (policy.pick(codes, &lanes, rng.unit() * total), total)
    }
}

/// Stops a search whose problem's `push_codes` did not push one code per legal move
/// (`Problem` is a safe trait: an outside implementation may get it wrong).
#[inline(always)]
fn check_codes(codes: usize, legal: usize) {
    if codes != legal {
        wrong_codes(codes, legal);
    }
}

#[cold]
#[inline(never)]
fn wrong_codes(codes: usize, legal: usize) -> ! {
    panic!("Problem::push_codes pushed {codes} codes for {legal} legal moves")
}
