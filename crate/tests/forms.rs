//! A problem's form (`Problem::form`, `code_in`, `play_in`): the search's loop for a form,
//! and its hand-over to `play` for what the form leaves, play the very games the loop with
//! `play` alone plays, draw for draw.

use morpion::nrpa::{search, Budget, Config, LeaveForm, Method, Monitor, Problem};
use morpion::Rng;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Symbols per choice, and the longest game.
const K: usize = 5;
const N: usize = 24;

/// A hash of a game so far (FNV-1a), from which everything about it is drawn.
fn hash(game: &[u8]) -> u64 {
    game.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &s| (h ^ s as u64).wrapping_mul(0x100_0000_01b3))
}

/// A landscape without structure, where what a search finds depends on every draw it
/// makes: each state has 1 to K legal symbols and some refuse to be played (the game ends
/// there, `play` returning `None`), so games have every length up to N; the score is a
/// hash of the game.
#[derive(Clone)]
struct Rugged {
    game: Vec<u8>,
    over: bool,
    steps: Vec<u8>,
}

impl Rugged {
    fn new() -> Rugged {
        Rugged { game: Vec::new(), over: false, steps: (0..K as u8).collect() }
    }
}

impl Problem for Rugged {
    type Step = u8;
    type Move = u8;
    fn code_space(&self) -> usize {
        N * K
    }
    fn legal(&self) -> &[u8] {
        if self.over || self.game.len() == N {
            return &[];
        }
        &self.steps[..1 + (hash(&self.game) % K as u64) as usize]
    }
    fn code(&self, s: u8) -> u32 {
        (self.game.len() * K + s as usize) as u32
    }
    fn play(&mut self, s: u8) -> Option<u8> {
        self.game.push(s);
        if hash(&self.game) % 11 == 0 {
            self.game.pop();
            self.over = true;
            return None;
        }
        Some(s)
    }
    fn score(&self) -> i64 {
        Rng::new(hash(&self.game)).below(1_000_000) as i64 + 1_000_000 * self.game.len() as i64
    }
    fn copy_from(&mut self, other: &Self) {
        self.game.clone_from(&other.game);
        self.over = other.over;
    }
}

/// `Rugged` with a form (2), whose `play_in` leaves a move to `play` in about one state of
/// seven (the rest of that playout then goes to `play`), so some playouts end in the form's
/// loop and others leave it, at any ply.
#[derive(Clone)]
struct Formed(Rugged);

static PLAYED_IN: AtomicUsize = AtomicUsize::new(0);
static LEFT: AtomicUsize = AtomicUsize::new(0);
static ENDED_IN: AtomicUsize = AtomicUsize::new(0);

impl Problem for Formed {
    type Step = u8;
    type Move = u8;
    fn code_space(&self) -> usize {
        self.0.code_space()
    }
    fn legal(&self) -> &[u8] {
        self.0.legal()
    }
    fn code(&self, s: u8) -> u32 {
        self.0.code(s)
    }
    fn play(&mut self, s: u8) -> Option<u8> {
        self.0.play(s)
    }
    fn form(&self) -> usize {
        2
    }
    fn code_in<const F: usize>(&self, s: u8) -> u32 {
        assert_eq!(F, 2);
        self.0.code(s)
    }
    fn play_in<const F: usize>(&mut self, s: u8) -> Result<Option<u8>, LeaveForm> {
        assert_eq!(F, 2);
        if hash(&self.0.game) % 7 == 3 {
            LEFT.fetch_add(1, Ordering::Relaxed);
            return Err(LeaveForm);
        }
        PLAYED_IN.fetch_add(1, Ordering::Relaxed);
        let played = self.0.play(s);
        if played.is_none() || self.0.legal().is_empty() {
            ENDED_IN.fetch_add(1, Ordering::Relaxed);
        }
        Ok(played)
    }
    fn score(&self) -> i64 {
        self.0.score()
    }
    fn copy_from(&mut self, other: &Self) {
        self.0.copy_from(&other.0);
    }
}

/// The same search with and without the form, seed for seed and method for method: the
/// same best game and playouts. Both loops are used (moves played in the form, moves left,
/// games ended in the form), and each seed finds its own game, so a draw made differently
/// would show.
#[test]
fn a_problems_form_plays_the_same_search() {
    let root = Rugged::new();
    let mut found = Vec::new();
    for (seed, method) in [(1, Method::Nrpa), (2, Method::Nrpa), (3, Method::Stabilized)] {
        let c = Config { level: 2, seed, ..Config::default() }.with_method(method);
        let run = |formed: bool| {
            let monitor = Monitor::new();
            let pool = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
            let out = if formed {
                pool.install(|| search(&Formed(root.clone()), &c, Budget::OneRun, &monitor))
            } else {
                pool.install(|| search(&root, &c, Budget::OneRun, &monitor))
            };
            let out = out.unwrap();
            (out.best.unwrap(), out.playouts)
        };
        let plain = run(false);
        assert_eq!(run(true), plain, "seed {seed}");
        found.push(plain.0);
    }
    let (played, left, ended) =
        (PLAYED_IN.load(Ordering::Relaxed), LEFT.load(Ordering::Relaxed), ENDED_IN.load(Ordering::Relaxed));
    assert!(played > 3 * left && left > 1000 && ended > 1000, "{played} {left} {ended}");
    assert!(found[0] != found[1] && found[1] != found[2], "each seed its own game: {found:?}");
}
