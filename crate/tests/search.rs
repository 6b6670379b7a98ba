//! NRPA: on a toy problem with a known optimum, then on Morpion (determinism, legal
//! finished games, budgets, stop, progress, partial games, parallel runs).

use morpion::nrpa::{
    search, Budget, CodeKind, Config, Method, Monitor, PlyCodes, Problem, Search, SearchError,
};
use morpion::{library, Position, Rng, Variant};
use std::sync::atomic::{AtomicBool, Ordering};

/// A needle in a haystack: choose one of K symbols N times; the game ends at the first
/// wrong choice, and the score is the number of right ones. The optimum is N, and uniform
/// random play finds it with probability K^-N, so only learning gets there.
#[derive(Clone)]
struct Needle {
    target: Vec<u8>,
    ply: usize,
    alive: bool,
    steps: Vec<u8>,
    /// The prior knows the needle: weight 0 for the right symbol, -1 for the others.
    hinted: bool,
}

const K: u8 = 4;
const N: usize = 14;

impl Needle {
    fn new(seed: u64) -> Needle {
        let mut rng = Rng::new(seed);
        let target = (0..N).map(|_| rng.below(K as usize) as u8).collect();
        Needle { target, ply: 0, alive: true, steps: (0..K).collect(), hinted: false }
    }
}

impl Problem for Needle {
    type Step = u8;
    type Move = u8;
    fn code_space(&self) -> usize {
        N * K as usize
    }
    fn legal(&self) -> &[u8] {
        if self.alive && self.ply < N {
            &self.steps
        } else {
            &[]
        }
    }
    fn code(&self, s: u8) -> u32 {
        (self.ply * K as usize + s as usize) as u32
    }
    fn play(&mut self, s: u8) -> Option<u8> {
        if s == self.target[self.ply] {
            self.ply += 1;
        } else {
            self.alive = false;
        }
        Some(s)
    }
    fn score(&self) -> i64 {
        self.ply as i64
    }
    fn copy_from(&mut self, other: &Self) {
        self.clone_from(other);
    }
    fn prior(&self, code: u32) -> f64 {
        let (ply, s) = (code as usize / K as usize, code as u8 % K);
        if self.hinted && self.target[ply] != s {
            -1.0
        } else {
            0.0
        }
    }
}

/// A needle that says nothing until found: N choices of K symbols, every game goes to the
/// end, and the score is 1 for the hidden sequence, 0 for any other. Only the tie-break
/// tells games apart: how many of their symbols are right.
#[derive(Clone)]
struct Hidden {
    target: Vec<u8>,
    ply: usize,
    right: usize,
    steps: Vec<u8>,
}

impl Hidden {
    fn new(seed: u64) -> Hidden {
        let Needle { target, steps, .. } = Needle::new(seed);
        Hidden { target, ply: 0, right: 0, steps }
    }
}

impl Problem for Hidden {
    type Step = u8;
    type Move = u8;
    fn code_space(&self) -> usize {
        N * K as usize
    }
    fn legal(&self) -> &[u8] {
        if self.ply < N {
            &self.steps
        } else {
            &[]
        }
    }
    fn code(&self, s: u8) -> u32 {
        (self.ply * K as usize + s as usize) as u32
    }
    fn play(&mut self, s: u8) -> Option<u8> {
        self.right += (s == self.target[self.ply]) as usize;
        self.ply += 1;
        Some(s)
    }
    fn score(&self) -> i64 {
        (self.right == N) as i64
    }
    fn copy_from(&mut self, other: &Self) {
        self.clone_from(other);
    }
    fn tie_break(&self) -> i64 {
        self.right as i64
    }
}

fn pool(threads: usize) -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap()
}

/// Rosin's NRPA (one playout per adapt), whose run sizes the tests count on.
fn config(level: u32, seed: u64) -> Config {
    Config { level, seed, ..Config::default() }.with_method(Method::Nrpa)
}

/// Of two results of equal score, a level with `tie_break` keeps the one the problem ranks
/// higher: where the score only says found or not, ties to the game with more right
/// symbols lead level 2 to the hidden sequence, and Rosin's ties (to the newer game) do
/// not find it in the same playouts (4^14 sequences, 10^4 playouts).
#[test]
fn ties_go_to_the_problems_tie_break() {
    for seed in 1..=3 {
        let root = Hidden::new(seed);
        let best = |tie_break: bool| {
            let c = Config { tie_break, ..config(2, seed) };
            let monitor = Monitor::new();
            let out = pool(1).install(|| search(&root, &c, Budget::OneRun, &monitor)).unwrap();
            out.best.unwrap()
        };
        let (found, moves) = best(true);
        assert_eq!((found, &moves), (1, &root.target), "seed {seed}");
        assert_eq!(best(false).0, 0, "seed {seed}");
    }
}

/// Stabilized NRPA draws `stabilize` playouts per level-1 adapt: a run costs that many
/// times Rosin's, still finds the needle, and a second run with the seed finds it again.
#[test]
fn stabilized_nrpa_learns_from_the_best_of_k_playouts() {
    for (k, seed) in [(2, 1), (4, 2), (7, 3)] {
        let root = Needle::new(seed);
        let c = Config { stabilize: k, ..config(2, seed) };
        let monitor = Monitor::new();
        let out = pool(1).install(|| search(&root, &c, Budget::OneRun, &monitor)).unwrap();
        let (score, moves) = out.best.unwrap();
        assert_eq!((score, &moves), (N as i64, &root.target), "k = {k}");
        assert_eq!(out.playouts, 10_000 * k as u64);
        assert_eq!(c.run_playouts(), out.playouts as f64, "what the page announces is what a run does");
        let again = Monitor::new();
        let out2 = pool(1).install(|| search(&root, &c, Budget::OneRun, &again)).unwrap();
        assert_eq!(out2.best.unwrap().1, moves);
    }
    // on Morpion: the default method is stabilized, and a level-1 run is 4 x 100 playouts
    let s = Search::new(Position::new(Variant::D5), Config { level: 1, ..Config::default() }).unwrap();
    assert_eq!(Method::of(s.config()), Some(Method::Stabilized));
    pool(1).install(|| s.run(Budget::OneRun));
    assert_eq!(s.progress(1.0).playouts, 400);
    assert_eq!(s.config().run_playouts(), 400.0);
    let level3 = |m| Config::default().with_method(m).run_playouts();
    assert_eq!((level3(Method::Stabilized), level3(Method::Nrpa)), (4e6, 1e6));
}

/// A strong prior that knows the needle finds it in the first playout of a level-1 run,
/// where the same run without the prior, or with the prior at strength 0, does not; on one
/// thread and on three (the prior is every run's first policy, however runs are shared).
#[test]
fn a_search_starts_from_its_prior() {
    let hinted = Needle { hinted: true, ..Needle::new(5) };
    for (root, strength, found) in
        [(&hinted, 12.0, true), (&hinted, 0.0, false), (&Needle::new(5), 12.0, false)]
    {
        let c = Config { iterations: 1, prior: strength, ..config(1, 5) };
        let monitor = Monitor::new();
        let out = pool(1).install(|| search(root, &c, Budget::OneRun, &monitor)).unwrap();
        assert_eq!(out.playouts, 1);
        assert_eq!(out.best.unwrap().0 == N as i64, found, "strength {strength}, hinted {}", root.hinted);
    }
    // a level-2 run over 3 threads shares its top level out: every iteration starts there too
    let c = Config { iterations: 3, prior: 12.0, ..config(2, 6) };
    let monitor = Monitor::new();
    let out = pool(3).install(|| search(&hinted, &c, Budget::OneRun, &monitor)).unwrap();
    assert_eq!(out.best.unwrap().0, N as i64);
}

#[test]
fn nrpa_finds_the_optimum_of_a_toy_problem_that_random_play_misses() {
    for seed in 1..=3 {
        let root = Needle::new(seed);
        let monitor = Monitor::new();
        let out = pool(1).install(|| search(&root, &config(2, seed), Budget::OneRun, &monitor)).unwrap();
        let (score, moves) = out.best.unwrap();
        assert_eq!(score, N as i64, "seed {seed}");
        assert_eq!(moves, root.target);
        assert_eq!(out.playouts, 10_000);
        assert!(!out.stopped);

        // the same number of uniform random playouts gets nowhere near (another stream
        // than the one that drew the target)
        let mut rng = Rng::new(seed + 1000);
        let best = (0..10_000)
            .map(|_| root.target.iter().take_while(|&&t| rng.below(K as usize) as u8 == t).count())
            .max()
            .unwrap();
        assert!(best < N - 4, "random play reached {best}");
    }
}

#[test]
fn one_thread_and_a_seed_give_the_same_game() {
    let run = |seed, code| {
        let s = Search::new(Position::new(Variant::D5), Config { code, ..config(2, seed) }).unwrap();
        pool(1).install(|| s.run(Budget::OneRun)).moves().to_vec()
    };
    for code in [CodeKind::Line, CodeKind::LineDot] {
        let a = run(7, code);
        assert_eq!(a, run(7, code));
        assert_ne!(a, run(8, code), "another seed, another game");
    }
}

#[test]
fn returned_games_replay_legally_and_are_finished() {
    for (v, code) in [
        (Variant::T5, CodeKind::Line),
        (Variant::D5, CodeKind::LineDot),
        (Variant::T4, CodeKind::Line),
        (Variant::D4, CodeKind::Line),
        ("6T".parse().unwrap(), CodeKind::Line),
    ] {
        let s = Search::new(Position::new(v), Config { code, ..config(2, 3) }).unwrap();
        let best = pool(2).install(|| s.run(Budget::OneRun));
        let replayed = Position::from_moves(v, best.moves()).expect("legal");
        assert!(replayed.is_finished(), "{v}");
        assert_eq!(Some(best.score()), s.best_score());
        // a level-2 search beats the mean random game by far (5T: 54 moves, 5D: 43); the
        // bounds are 5 standard deviations below level 2's mean (BENCHMARKS.md: 104.6, 68.3)
        if v == Variant::T5 {
            assert!(best.score() >= 70, "5T level 2 found only {}", best.score());
        }
        if v == Variant::D5 {
            assert!(best.score() >= 56, "5D level 2 found only {}", best.score());
        }
        let p = s.progress(1.0);
        assert_eq!((p.playouts, p.runs_done, p.iteration, p.iterations), (10_000, 1, 100, 100), "{v}");
    }
}

#[test]
fn a_search_continues_a_partial_game() {
    let record = library::entries().iter().find(|e| e.variant() == Variant::D5).unwrap().game();
    let prefix = &record.moves()[..30];
    let root = Position::from_moves(Variant::D5, prefix).unwrap();
    let s = Search::new(root, config(1, 5)).unwrap();
    let best = pool(2).install(|| s.run(Budget::OneRun));
    assert_eq!(&best.moves()[..30], prefix);
    assert!(best.score() > 30 && best.is_finished());
    assert!(Position::from_moves(Variant::D5, best.moves()).is_ok());
}

/// A playout budget is exact, whatever the threads (they take it in batches of 64 and the
/// last batches are cut to what is left), and a budget of none does nothing.
#[test]
fn a_playout_budget_is_kept_exactly() {
    for threads in [1, 2] {
        let s = Search::new(Position::new(Variant::D5), config(2, 1)).unwrap();
        pool(threads).install(|| s.run(Budget::Playouts(25_000)));
        let p = s.progress(1.0);
        assert_eq!(p.playouts, 25_000);
        assert!(p.stopped && p.run >= 3 && p.runs_done >= 2, "{p:?}");
        for n in [0, 1, 63, 65, 1_000] {
            let s = Search::new(Position::new(Variant::T5), config(1, 1)).unwrap();
            let best = pool(threads).install(|| s.run(Budget::Playouts(n)));
            let p = s.progress(1.0);
            assert_eq!(p.playouts, n, "{threads} threads");
            assert!(p.stopped);
            // a budget of none returns the root; any playout gives a finished game
            assert_eq!(best.is_finished(), n > 0);
            if threads == 1 {
                assert_eq!(p.runs_done as u64, n / 100, "runs of 100 playouts completed");
            }
        }
    }
}

/// A top-level run of K iterations: one run is K level-(L-1) searches (K playouts at level
/// 1), the progress counts out of K (a level-1 run's too), a playout budget holds runs of that size one after
/// another, and K = N is the search without it, game for game.
#[test]
fn top_level_runs_take_their_own_iterations() {
    for (level, k, run) in [(1, 30, 30), (2, 7, 700), (3, 3, 30_000)] {
        let c = Config { top_iterations: Some(k), ..config(level, 4) };
        assert_eq!(c.run_playouts(), run as f64);
        for threads in [1, 2] {
            let s = Search::new(Position::new(Variant::D5), c.clone()).unwrap();
            let best = pool(threads).install(|| s.run(Budget::OneRun));
            let p = s.progress(1.0);
            // a level-1 run is one job, whose thread counts its iterations as they end
            assert_eq!((p.playouts, p.runs_done, p.iteration, p.iterations), (run, 1, k, k), "level {level}");
            assert!(best.is_finished());
        }
        let s = Search::new(Position::new(Variant::D5), c).unwrap();
        pool(1).install(|| s.run(Budget::Playouts(3 * run + run / 2)));
        let p = s.progress(1.0);
        assert_eq!((p.runs_done, p.run), (3, 4), "level {level}: three whole runs and half a fourth");
        if level == 1 {
            assert_eq!(p.iteration, k / 2, "half the fourth run's playouts, so half its iterations");
        }
    }
    let game = |c: Config| {
        let s = Search::new(Position::new(Variant::T5), c).unwrap();
        pool(1).install(|| s.run(Budget::Playouts(25_000))).moves().to_vec()
    };
    let c = config(2, 9);
    assert_eq!(game(Config { top_iterations: Some(100), ..c.clone() }), game(c.clone()));
    assert_ne!(game(Config { top_iterations: Some(10), ..c.clone() }), game(c));
}

/// Each top-level run is listed with its best and the iteration that first reached it, in
/// run order (on two threads run 2 may end before run 1); level 1 lists none.
#[test]
fn each_run_is_listed_with_its_best() {
    let c = Config { top_iterations: Some(7), ..config(2, 5) };
    for threads in [1, 2] {
        let s = Search::new(Position::new(Variant::D5), c.clone()).unwrap();
        // 3.5 runs of 700 playouts
        pool(threads).install(|| s.run(Budget::Playouts(2450)));
        let runs = s.runs();
        let shape: Vec<_> = runs.iter().map(|r| (r.run, r.finished)).collect();
        // on two threads, the budget's last batches may fall to the other thread while one
        // is still in run 3: run 3's last iteration is then cut short too (not finished)
        let want = if threads == 1 || runs[2].finished {
            [(1, true), (2, true), (3, true), (4, false)]
        } else {
            [(1, true), (2, true), (3, false), (4, false)]
        };
        assert_eq!(shape, want, "{threads} threads");
        for r in &runs[..3] {
            assert_eq!(r.iterations, 7);
            assert!(r.best_iteration.is_some_and(|i| (1..=7).contains(&i)), "{r:?}");
        }
        assert!((1..=7).contains(&runs[3].iterations), "{:?}", runs[3]);
        let best = runs.iter().filter_map(|r| r.best).max();
        assert_eq!(best, s.best_score().map(|b| b as i64), "the best run holds the search's best");
        if threads == 1 {
            assert_eq!(runs[3].iterations, 4, "three whole level-1 searches and half a fourth");
        }
    }
    // on one thread, the first run stopped at its best's iteration finds that best, and
    // stopped one iteration sooner finds less
    let first = |k: u32| {
        let s =
            Search::new(Position::new(Variant::D5), Config { top_iterations: Some(k), ..c.clone() }).unwrap();
        pool(1).install(|| s.run(Budget::OneRun));
        s.runs()[0]
    };
    let full = first(7);
    let at = full.best_iteration.unwrap();
    assert_eq!(first(at).best, full.best);
    if at > 1 {
        assert!(first(at - 1).best < full.best, "{full:?}");
    }
    // a run whose last iteration the budget cuts short has all its iterations, and does
    // not finish
    let s = Search::new(Position::new(Variant::D5), c.clone()).unwrap();
    pool(1).install(|| s.run(Budget::Playouts(1350)));
    let shape: Vec<_> = s.runs().iter().map(|r| (r.run, r.iterations, r.finished)).collect();
    assert_eq!(shape, [(1, 7, true), (2, 7, false)]);
    assert_eq!(s.progress(1.0).runs_done, 1);
    let s = Search::new(Position::new(Variant::D5), config(1, 5)).unwrap();
    pool(1).install(|| s.run(Budget::Playouts(300)));
    assert_eq!((s.progress(1.0).runs_done, s.runs().len()), (3, 0), "level 1 lists no run");
}

/// A finished game has nothing to search: `Search::new` says so rather than returning the
/// game itself as its best (the page offers no Start then; the CLI says it first).
#[test]
fn a_finished_game_is_refused_with_its_score() {
    let record = library::entries().iter().find(|e| e.variant() == Variant::D5).unwrap().game();
    let root = Position::from_moves(Variant::D5, record.moves()).unwrap();
    assert!(root.is_finished());
    let n = record.moves().len();
    let error = Search::new(root, config(1, 5)).err();
    assert_eq!(error, Some(SearchError::GameOver { moves: n }));
    assert!(error.unwrap().to_string().starts_with(&format!("the game is over after {n} moves")));
}

/// The generic entry points check the config as `Search::new` does: no panic, no endless
/// loop, but the same typed error.
#[test]
fn the_generic_search_refuses_a_bad_config() {
    let root = Needle::new(1);
    let monitor = Monitor::new();
    let cases = [
        (config(0, 1), SearchError::BadLevel(0)),
        (config(9, 1), SearchError::BadLevel(9)),
        (Config { iterations: 0, ..config(2, 1) }, SearchError::BadIterations),
        (Config { top_iterations: Some(0), ..config(2, 1) }, SearchError::BadTopIterations),
        (Config { stabilize: 0, ..config(2, 1) }, SearchError::BadStabilize(0)),
        (Config { stabilize: 1001, ..config(2, 1) }, SearchError::BadStabilize(1001)),
        (Config { clamp: Some(0.0), ..config(2, 1) }, SearchError::BadClamp(0.0)),
        (Config { clamp: Some(-2.0), ..config(2, 1) }, SearchError::BadClamp(-2.0)),
        (Config { prior: -0.5, ..config(2, 1) }, SearchError::BadPrior(-0.5)),
        (Config { prior: f64::INFINITY, ..config(2, 1) }, SearchError::BadPrior(f64::INFINITY)),
    ];
    for (bad, error) in cases {
        let got = pool(1).install(|| search(&root, &bad, Budget::OneRun, &monitor));
        assert_eq!(got.err(), Some(error.clone()));
        let got = morpion::nrpa::search_here(&root, &bad, Budget::OneRun, &monitor, &mut || {});
        assert_eq!(got.err(), Some(error));
    }
    let nan = Config { alpha: f64::NAN, ..config(2, 1) };
    assert!(matches!(
        pool(1).install(|| search(&root, &nan, Budget::OneRun, &monitor)),
        Err(SearchError::BadAlpha(_))
    ));
    assert_eq!(monitor.progress(0.0).playouts, 0, "nothing ran");
}

/// A problem that breaks `Problem::code`'s contract (a code at or above `code_space()`):
/// `Problem` is a safe trait, so the search must stop with a message rather than read
/// outside its policy.
#[derive(Clone)]
struct CodeOutOfRange;

impl Problem for CodeOutOfRange {
    type Step = u32;
    type Move = u32;
    fn code_space(&self) -> usize {
        4
    }
    fn legal(&self) -> &[u32] {
        &[0, 1, 2, 3, 4]
    }
    fn code(&self, s: u32) -> u32 {
        s
    }
    fn play(&mut self, s: u32) -> Option<u32> {
        Some(s)
    }
    fn score(&self) -> i64 {
        0
    }
    fn copy_from(&mut self, _: &Self) {}
}

/// The message of the panic that a level-1 search from `root`, a problem breaking a
/// contract, must stop with; `broken` says which, if it does not stop.
fn panic_of_search<P: Problem>(root: &P, broken: &str) -> String {
    let monitor = Monitor::new();
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        pool(1).install(|| search(root, &config(1, 1), Budget::OneRun, &monitor))
    }));
    let panic = outcome.expect_err(broken);
    panic.downcast_ref::<String>().cloned().unwrap_or_default()
}

#[test]
fn a_code_outside_the_code_space_stops_the_search_with_a_message() {
    let message = panic_of_search(&CodeOutOfRange, "the search must not run with a code out of range");
    assert!(
        message.contains("Problem::code (or code_in) returned 4, not below Problem::code_space() = 4"),
        "{message}"
    );
}

/// The same broken contract in the loop a form runs: `code_in` gives a code out of range
/// (3 + 1), where `code`, which a playout reads outside that loop, does not. The first two
/// playouts run outside it (each fills one of the two sequences a level swaps, which have
/// no room before), so they end without a panic; the third runs in the form's loop, whose
/// check must stop it.
#[derive(Clone)]
struct FormCodeOutOfRange {
    moves: usize,
}

impl Problem for FormCodeOutOfRange {
    type Step = u32;
    type Move = u32;
    fn code_space(&self) -> usize {
        4
    }
    fn legal(&self) -> &[u32] {
        if self.moves == 8 {
            &[]
        } else {
            &[0, 1, 2, 3]
        }
    }
    fn code(&self, s: u32) -> u32 {
        s
    }
    fn form(&self) -> usize {
        1
    }
    fn code_in<const F: usize>(&self, s: u32) -> u32 {
        s + 1
    }
    fn play(&mut self, s: u32) -> Option<u32> {
        self.moves += 1;
        Some(s)
    }
    fn score(&self) -> i64 {
        0
    }
    fn copy_from(&mut self, other: &Self) {
        self.moves = other.moves;
    }
}

#[test]
fn a_code_outside_the_code_space_stops_a_forms_loop_with_a_message() {
    let root = FormCodeOutOfRange { moves: 0 };
    let message = panic_of_search(&root, "the search must not run with a code out of range");
    assert!(
        message.contains("Problem::code (or code_in) returned 4, not below Problem::code_space() = 4"),
        "{message}"
    );
}

/// A problem whose `push_codes` breaks its contract (fewer codes than legal moves): the
/// search stops with a message rather than draw a move from codes that are not the ply's.
/// Its game is one move long, so without the check the search would end without a panic.
#[derive(Clone)]
struct ShortCodes {
    legal: Vec<u32>,
}

impl Problem for ShortCodes {
    type Step = u32;
    type Move = u32;
    fn code_space(&self) -> usize {
        4
    }
    fn legal(&self) -> &[u32] {
        &self.legal
    }
    fn code(&self, s: u32) -> u32 {
        s
    }
    fn push_codes(&self, out: &mut PlyCodes<'_>) {
        out.extend([0, 1]);
    }
    fn play(&mut self, s: u32) -> Option<u32> {
        self.legal.clear();
        Some(s)
    }
    fn score(&self) -> i64 {
        0
    }
    fn copy_from(&mut self, other: &Self) {
        self.legal.clone_from(&other.legal);
    }
}

#[test]
fn codes_that_do_not_match_the_legal_moves_stop_the_search_with_a_message() {
    let root = ShortCodes { legal: vec![0, 1, 2] };
    let message = panic_of_search(&root, "the search must not run with codes that are not the ply's");
    assert!(message.contains("Problem::push_codes pushed 2 codes for 3 legal moves"), "{message}");
}

/// The stop request is honoured within a playout or so per thread: counted in playouts
/// done after the request, not in seconds.
#[test]
fn stop_is_prompt_and_keeps_the_best() {
    let s = Search::new(Position::new(Variant::T5), config(5, 2)).unwrap();
    let playouts_at_stop = std::thread::scope(|scope| {
        let h = scope.spawn(|| pool(2).install(|| s.run(Budget::UntilStopped)));
        while s.progress(0.0).playouts < 3_000 {
            std::thread::yield_now();
        }
        s.stop();
        let at = s.progress(0.0).playouts;
        let best = h.join().unwrap();
        assert_eq!(Some(best.score()), s.best_score());
        assert!(Position::from_moves(Variant::T5, best.moves()).unwrap().is_finished());
        at
    });
    let after = s.progress(0.0).playouts - playouts_at_stop;
    // at most one unflushed batch (64) and the playout in flight, per thread
    assert!(after <= 2 * 65, "{after} playouts after the stop request");
}

#[test]
fn progress_never_goes_backwards() {
    let s = Search::new(Position::new(Variant::D5), config(3, 4)).unwrap();
    let done = AtomicBool::new(false);
    std::thread::scope(|scope| {
        scope.spawn(|| {
            pool(2).install(|| s.run(Budget::Playouts(60_000)));
            done.store(true, Ordering::SeqCst);
        });
        let mut last = s.progress(0.0);
        let mut reads = 0;
        let mut rises = 0;
        while !done.load(Ordering::SeqCst) {
            let p = s.progress(0.0);
            assert!(p.playouts >= last.playouts && p.best_score >= last.best_score, "{last:?} then {p:?}");
            assert!(p.run >= last.run && p.runs_done >= last.runs_done);
            if p.run == last.run {
                assert!(p.iteration >= last.iteration, "{last:?} then {p:?}");
            }
            rises += (p.best_score > last.best_score) as u32;
            last = p;
            reads += 1;
        }
        assert!(reads > 100 && rises >= 2, "{reads} reads, {rises} rises");
        // the best game offered all along is consistent with the score
        assert_eq!(s.best_game().score() as i64, s.progress(0.0).best_score.unwrap());
    });
}

#[test]
fn a_search_on_the_calling_thread_ticks_and_finds_the_same_game() {
    let s = Search::new(Position::new(Variant::D5), config(2, 9)).unwrap();
    let mut ticks = 0u64;
    let here = s.run_here(Budget::OneRun, &mut || ticks += 1);
    // a tick with every batch of 64 playouts, and one at the end
    assert_eq!(ticks, 10_000 / 64 + 1);
    let pooled = Search::new(Position::new(Variant::D5), config(2, 9)).unwrap();
    assert_eq!(here.moves(), pool(1).install(|| pooled.run(Budget::OneRun)).moves());
}

/// What a browser without threads does: its tick reads the progress and, with its own
/// clock (here a count), stops the search.
#[test]
fn a_tick_can_watch_and_stop_the_search() {
    let s = Search::new(Position::new(Variant::T5), config(4, 1)).unwrap();
    let mut seen = Vec::new();
    let best = s.run_here(Budget::UntilStopped, &mut || {
        let p = s.progress(0.0);
        seen.push(p.playouts);
        if seen.len() == 20 {
            s.stop();
        }
    });
    // one more tick, with the final count, as the search returns
    assert_eq!(seen.len(), 21);
    assert_eq!(seen[19], 20 * 64);
    assert!(seen[20] <= 20 * 64 + 1, "{seen:?}");
    assert!(s.progress(0.0).stopped);
    assert_eq!(Some(best.score()), s.best_score());
    assert!(Position::from_moves(Variant::T5, best.moves()).unwrap().is_finished());
}

/// Paused threads do no playout until resumed; a stop wakes them too.
#[test]
fn pause_parks_the_threads_until_resume_or_stop() {
    let s = Search::new(Position::new(Variant::D5), config(5, 3)).unwrap();
    let wait_for = |what: &dyn Fn(u64) -> bool| {
        let start = std::time::Instant::now();
        while !what(s.progress(0.0).playouts) {
            assert!(start.elapsed().as_secs() < 20, "timed out");
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
    };
    std::thread::scope(|scope| {
        let h = scope.spawn(|| pool(2).install(|| s.run(Budget::UntilStopped)));
        wait_for(&|n| n >= 1_000);
        s.pause();
        assert!(s.progress(0.0).paused);
        // each thread finishes at most one batch before it parks
        std::thread::sleep(std::time::Duration::from_millis(50));
        let parked = s.progress(0.0).playouts;
        std::thread::sleep(std::time::Duration::from_millis(100));
        assert_eq!(s.progress(0.0).playouts, parked, "playouts went on while paused");
        s.resume();
        wait_for(&|n| n >= parked + 1_000);
        s.pause();
        std::thread::sleep(std::time::Duration::from_millis(20));
        s.stop();
        let best = h.join().unwrap();
        assert!(Position::from_moves(Variant::D5, best.moves()).is_ok());
        assert!(s.progress(0.0).stopped);
    });
}

/// A start of 21 dots from which a 4T game grows without end.
const GROWING_START: &str =
    "0,0 0,2 0,5 0,6 1,0 1,1 1,7 2,5 3,0 3,1 4,0 4,2 4,5 4,6 4,7 5,1 5,3 5,5 5,6 6,7 7,5";

#[test]
fn bad_searches_are_refused() {
    let p = Position::new(Variant::D5);
    assert_eq!(
        Search::new(Position::new("3T".parse().unwrap()), Config::default()).err(),
        Some(SearchError::EndlessVariant("3T".parse().unwrap()))
    );
    assert_eq!(Search::new(p.clone(), config(0, 1)).err(), Some(SearchError::BadLevel(0)));
    assert_eq!(Search::new(p.clone(), config(9, 1)).err(), Some(SearchError::BadLevel(9)));
    let bad = Config { iterations: 0, ..Config::default() };
    assert_eq!(Search::new(p.clone(), bad).err(), Some(SearchError::BadIterations));
    for alpha in [0.0, -1.0, f64::NAN, f64::INFINITY] {
        let bad = Config { alpha, ..Config::default() };
        assert!(matches!(Search::new(p.clone(), bad).err(), Some(SearchError::BadAlpha(_))));
    }
    assert!(SearchError::EndlessVariant("3D".parse().unwrap()).to_string().contains("forever"));
    // 4T and 4D end for sure from the cross only: a 4T game from this start grows without
    // end (a single playout filled memory), so no search starts from another start
    let start = morpion::Start::parse(GROWING_START, Variant::T4).unwrap();
    for v in [Variant::T4, Variant::D4] {
        let other = Position::on(v, start.clone());
        assert_eq!(Search::new(other, Config::default()).err(), Some(SearchError::EndlessStart(v)));
        assert!(Search::new(Position::new(v), Config::default()).is_ok(), "{v} from the cross");
    }
    let five = Search::new(Position::on(Variant::T5, start), config(1, 1)).unwrap();
    five.run(Budget::Playouts(10));
    assert!(SearchError::EndlessStart(Variant::T4).to_string().contains("from the cross only"));
    let bad = Config { clamp: Some(f64::INFINITY), ..Config::default() };
    assert!(matches!(Search::new(p.clone(), bad).err(), Some(SearchError::BadClamp(_))));
    let bad = Config { stabilize: 0, ..Config::default() };
    assert_eq!(Search::new(p.clone(), bad).err(), Some(SearchError::BadStabilize(0)));
}
