//! NRPA (Nested Rollout Policy Adaptation, Rosin 2011), the search that found the records:
//! sequential as Rosin wrote it, parallel on every thread of the current rayon pool,
//! observable while it runs and stoppable.
//!
//! - [`Search`] is the Morpion entry point: a root position (the start or a partial game),
//!   a [`Config`], and a [`Budget`]; `run` blocks, while `progress`, `best_game` and `stop`
//!   may be called from other threads.
//! - [`search`] runs the same algorithm on any [`Problem`].
//!
//! The modules: `problem` (the trait, Morpion as a problem), `policy` (weights, the draw,
//! sequences; `policy::adapt`, Rosin's adapt), `nested` (one thread's levels and
//! playouts), `parallel` (sharing the top level out), `monitor` (progress and stop),
//! `distributed` (the top level over messages, for processes that share no memory: MPI).

pub mod distributed;
mod exp;
mod method;
mod monitor;
mod nested;
mod parallel;
mod policy;
mod problem;

pub use method::{Method, UnknownMethod};
pub use monitor::{Monitor, Progress, RunSummary, MAX_LISTED_RUNS};
use parallel::search_trusted;
pub use parallel::{search, search_here, Outcome};
pub use problem::{CodeKind, LeaveForm, PlyCodes, Problem, FORMS};

use crate::position::Position;
use crate::variant::{Move, Variant};
use policy::Learning;
use problem::{Morpion, TrustedCodes};
use std::fmt;

/// The parameters of a search. No global or environment setting changes a search: two
/// searches with equal configs on one thread find the same game. The default is the
/// default [`Method`]'s, level 3, 100 iterations, alpha 1, line codes.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    /// Nesting level of a top-level run (>= 1): a run costs `stabilize * iterations ^ level`
    /// playouts ([`Config::run_playouts`], which counts `top_iterations` too).
    pub level: u32,
    /// Iterations per level (Rosin's N).
    pub iterations: u32,
    /// Iterations of a top-level run, when not `iterations`: a search of many runs one
    /// after another (a time or playout budget) then closes each run sooner and starts
    /// more of them, each from the prior. For runs whose best comes early and then holds
    /// (BENCHMARKS.md, "Shorter top-level runs").
    pub top_iterations: Option<u32>,
    /// Adapt's learning rate.
    pub alpha: f64,
    /// Where the random streams start: one thread and a seed find the same game every time.
    pub seed: u64,
    /// How moves are coded for the policy.
    pub code: CodeKind,
    /// Playouts per adapt at level 1 (Cazenave's stabilized NRPA; 1 is Rosin's): level 1
    /// draws this many playouts from its policy, then adapts once to its best sequence so
    /// far; a level-L run costs `stabilize` times as many playouts as Rosin's.
    pub stabilize: u32,
    /// The largest |weight| of the policy, if any: adapt keeps every weight in
    /// [-clamp, clamp] around its prior.
    pub clamp: Option<f64>,
    /// The prior's strength (GNRPA): every policy starts from this times the problem's
    /// prior weight of each move ([`Problem::prior`]; for Morpion, minus the distance of
    /// the move's line from the centre of the start). 0: no prior (Rosin's).
    pub prior: f64,
    /// Of two results of equal score, a level keeps the one [`Problem::tie_break`] ranks
    /// at least as high (for Morpion, the more compact game), the newer of two alike.
    /// False: the newer always (Rosin's `>=`).
    pub tie_break: bool,
}

impl Config {
    /// Checks what every search needs, whatever it searches: a level in 1..=[`MAX_LEVEL`],
    /// at least one iteration (at the top level too), a positive finite alpha,
    /// 1..=[`MAX_STABILIZE`] playouts per adapt, a positive finite clamp if any, a finite
    /// prior strength of 0 or more. Every entry point ([`Search::new`], [`search`],
    /// [`search_here`]) calls it, so none can start with a config that would panic or loop
    /// forever.
    pub fn validate(&self) -> Result<(), SearchError> {
        if !(1..=MAX_LEVEL).contains(&self.level) {
            return Err(SearchError::BadLevel(self.level));
        }
        if self.iterations == 0 {
            return Err(SearchError::BadIterations);
        }
        if self.top_iterations == Some(0) {
            return Err(SearchError::BadTopIterations);
        }
        if !(self.alpha > 0.0 && self.alpha <= MAX_KNOB) {
            return Err(SearchError::BadAlpha(self.alpha));
        }
        if !(1..=MAX_STABILIZE).contains(&self.stabilize) {
            return Err(SearchError::BadStabilize(self.stabilize));
        }
        if let Some(c) = self.clamp {
            if !(c > 0.0 && c <= MAX_KNOB) {
                return Err(SearchError::BadClamp(c));
            }
        }
        if !(self.prior >= 0.0 && self.prior <= MAX_KNOB) {
            return Err(SearchError::BadPrior(self.prior));
        }
        Ok(())
    }

    /// This config with `method`'s knobs.
    pub fn with_method(self, method: Method) -> Config {
        Config {
            stabilize: method.stabilize(),
            clamp: method.clamp(),
            prior: method.prior(),
            tie_break: method.tie_break(),
            ..self
        }
    }

    /// Playouts in one top-level run: N^level adapts at level 1 (N^(level-1) times the
    /// run's iterations with `top_iterations`), each after `stabilize` playouts. A float:
    /// level 8 of the default is 4 x 10^16. What the page says before a run of days is
    /// started.
    pub fn run_playouts(&self) -> f64 {
        (self.iterations as f64).powi(self.level as i32 - 1)
            * self.run_iterations() as f64
            * self.stabilize as f64
    }

    /// Iterations of a top-level run: `top_iterations`, or `iterations`.
    pub fn run_iterations(&self) -> u32 {
        self.top_iterations.unwrap_or(self.iterations)
    }

    /// Adapt's rate and bounds.
    pub(crate) fn learning(&self) -> Learning {
        Learning::new(self.alpha, self.clamp)
    }
}

impl Default for Config {
    fn default() -> Config {
        Config {
            level: 3,
            iterations: 100,
            top_iterations: None,
            alpha: 1.0,
            seed: 1,
            code: CodeKind::Line,
            stabilize: 1,
            clamp: None,
            prior: 0.0,
            tie_break: false,
        }
        .with_method(Method::default())
    }
}

/// Levels beyond this would take longer than the age of the universe at 100 iterations.
pub const MAX_LEVEL: u32 = 8;

/// More playouts per adapt than this only slow level 1 down.
pub const MAX_STABILIZE: u32 = 1000;

/// How long a search goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// One top-level run ([`Config::run_playouts`] playouts), or less if stopped.
    OneRun,
    /// Top-level runs one after the other until exactly this many playouts are done (none
    /// for 0). Threads take the budget in batches, one atomic operation per batch.
    Playouts(u64),
    /// Top-level runs one after the other until stopped (a time budget: the caller, who
    /// has a clock, calls `stop`).
    UntilStopped,
}

/// A search that cannot start.
#[derive(Clone, Debug, PartialEq)]
pub enum SearchError {
    /// 3T and 3D games can go on forever: playouts would run to the board limit.
    EndlessVariant(Variant),
    /// Games of this line length (4) are known to end from the cross only, and the root's
    /// start is another: a playout might never end ([`Start::games_end`]).
    ///
    /// [`Start::games_end`]: crate::Start::games_end
    EndlessStart(Variant),
    /// The game is over: no move is left to search.
    GameOver {
        /// Its moves.
        moves: usize,
    },
    /// The level is 0 or above [`MAX_LEVEL`].
    BadLevel(u32),
    /// A level needs at least one iteration.
    BadIterations,
    /// A top-level run needs at least one iteration.
    BadTopIterations,
    /// Alpha must be positive and finite.
    BadAlpha(f64),
    /// Playouts per adapt must be in 1..=[`MAX_STABILIZE`].
    BadStabilize(u32),
    /// A clamp must be positive and finite.
    BadClamp(f64),
    /// A prior's strength must be finite and not negative.
    BadPrior(f64),
}

impl SearchError {
    /// Refuses a root whose games are not known to end ([`crate::Start::games_end`]): 3T
    /// and 3D from any start, 4T and 4D from a start other than the cross.
    pub(crate) fn check_ends(root: &Position) -> Result<(), SearchError> {
        let v = root.variant();
        if root.start().games_end(v) {
            Ok(())
        } else if v.line_len() < 4 {
            Err(SearchError::EndlessVariant(v))
        } else {
            Err(SearchError::EndlessStart(v))
        }
    }
}

impl fmt::Display for SearchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SearchError::EndlessVariant(v) => write!(
                f,
                "{v} games can go on forever, so playouts never end: search 4T, 4D, 5T, 5D, 6T or 6D"
            ),
            SearchError::EndlessStart(v) => write!(
                f,
                "{v} games are known to end from the cross only, and this start is another: a playout might never end. Search {v} from the cross, or 5T, 5D, 6T or 6D from any start"
            ),
            SearchError::GameOver { moves } => {
                let s = if *moves == 1 { "" } else { "s" };
                write!(f, "the game is over after {moves} move{s}: there is nothing left to search")
            }
            SearchError::BadLevel(l) => write!(f, "level {l} is out of range (1-{MAX_LEVEL})"),
            SearchError::BadIterations => write!(f, "iterations must be at least 1"),
            SearchError::BadTopIterations => write!(f, "a top-level run's iterations must be at least 1"),
            SearchError::BadAlpha(a) => {
                write!(f, "alpha must be a number above 0 and at most {MAX_KNOB} (got {})", knob(*a))
            }
            SearchError::BadStabilize(k) => {
                write!(f, "playouts per adapt must be 1 to {MAX_STABILIZE} (got {k})")
            }
            SearchError::BadClamp(c) => {
                write!(f, "the weight clamp must be a number above 0 and at most {MAX_KNOB} (got {})", knob(*c))
            }
            SearchError::BadPrior(s) => {
                write!(f, "the prior's strength must be a number from 0 to {MAX_KNOB} (got {})", knob(*s))
            }
        }
    }
}

impl std::error::Error for SearchError {}

/// The most alpha, the clamp and the prior's strength may be: a weight of 100 already makes
/// one move e^100 times likelier than another, past any draw's difference, and larger
/// numbers only overflow.
pub const MAX_KNOB: f64 = 100.0;

/// A knob's value as people read it: 1e-300 in that form, not three hundred digits.
pub fn knob(x: f64) -> String {
    if x != 0.0 && x.is_finite() && !(1e-4..1e6).contains(&x.abs()) {
        format!("{x:e}")
    } else {
        format!("{x}")
    }
}

/// A Morpion search: from a root position, with a config, watched through its monitor.
#[derive(Debug)]
pub struct Search {
    root: Position,
    config: Config,
    monitor: Monitor<Move>,
}

impl Search {
    /// A search of the best continuation of `root`. Refuses a root whose games are not
    /// known to end (3T and 3D; 4T and 4D from a start other than the cross), a finished game and a config [`Config::validate`] refuses.
    pub fn new(root: Position, config: Config) -> Result<Search, SearchError> {
        SearchError::check_ends(&root)?;
        if root.is_finished() {
            return Err(SearchError::GameOver { moves: root.score() });
        }
        config.validate()?;
        Ok(Search { root, config, monitor: Monitor::new() })
    }

    /// The search's parameters.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The position the search continues.
    pub fn root(&self) -> &Position {
        &self.root
    }

    /// Searches until the budget is spent or `stop` is called, on every thread of the
    /// current rayon pool; returns the best game found (the root if not even one playout
    /// ended, e.g. when stopped at once). A `Search` runs once.
    pub fn run(&self, budget: Budget) -> Position {
        self.go(budget, None)
    }

    /// `run` on the calling thread alone, calling `tick` every few dozen playouts (well under
    /// a millisecond) from it: for a caller with no other thread to watch from, such as a
    /// browser page without threads. The tick may call `progress`, `pause` excepted.
    pub fn run_here(&self, budget: Budget, tick: &mut dyn FnMut()) -> Position {
        self.go(budget, Some(tick))
    }

    /// Both runs: the problem as the config's move code wants it, on the pool or here.
    fn go(&self, budget: Budget, tick: Option<&mut dyn FnMut()>) -> Position {
        match self.config.code {
            CodeKind::Line => self.search(&Morpion::<false>::new(&self.root), budget, tick),
            CodeKind::LineDot => self.search(&Morpion::<true>::new(&self.root), budget, tick),
        }
        self.best_game()
    }

    /// Morpion's codes are in range by construction: the search skips the code check.
    fn search<P: TrustedCodes<Move = Move>>(&self, root: &P, budget: Budget, tick: Option<&mut dyn FnMut()>) {
        search_trusted(root, &self.config, budget, &self.monitor, tick)
            .expect("the config was validated by Search::new");
    }

    /// Parks the search threads (within a few dozen playouts each) until `resume` or `stop`.
    /// Only for a search run by `run`, watched from another thread.
    pub fn pause(&self) {
        self.monitor.pause();
    }

    /// Wakes paused threads: they go on where they were.
    pub fn resume(&self) {
        self.monitor.resume();
    }

    /// Asks `run` to return: it does within a playout or so (well under a millisecond).
    pub fn stop(&self) {
        self.monitor.stop();
    }

    /// Cheap (a few atomic loads): fine to call many times a second while `run` goes on.
    /// `elapsed` is the caller's clock, in seconds since it called `run`.
    pub fn progress(&self, elapsed: f64) -> Progress {
        self.monitor.progress(elapsed)
    }

    /// What each top-level run found, in run order ([`Monitor::runs`]).
    pub fn runs(&self) -> Vec<RunSummary> {
        self.monitor.runs()
    }

    /// Best score so far, as a game score (moves from the start cross, root included).
    pub fn best_score(&self) -> Option<usize> {
        self.monitor.best_score().map(|s| s as usize)
    }

    /// The best game so far: the root's moves, then the best sequence found from it.
    pub fn best_game(&self) -> Position {
        let mut p = self.root.clone();
        for m in self.monitor.best_moves() {
            p.play(m);
        }
        p
    }
}
