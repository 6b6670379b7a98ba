//! `Opponent` in JavaScript: the computer's move in a two-player game (and the page's
//! winning-move hint), behind an opaque handle driven by the page's opponent worker
//! (www/js/opponent-worker.js), never by the page itself.
//!
//! As for `Search`, two ways to run: the threaded build's `start` hands the thinking to the
//! rayon pool and returns at once (the worker polls `answer` and passes on `cancel`); the
//! default build's `run_here` thinks on the worker's thread, one thread, and returns the
//! answer. Thinking stops at the time given, or when cancelled (the user took a move back).

use crate::formats::link;
use crate::two_player::{self, Reason, Strength, Thinking};
use crate::{Move, Position, Rng};
use serde::Serialize;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use wasm_bindgen::prelude::*;

/// Positions the strong player's exact solve may search before it thinks otherwise: as
/// on the command line (`two-player match`), about a second in the browser.
const SOLVE_VISITS: u64 = 100_000;
/// The exact solve's table: grown as needed, up to this.
const SOLVE_MEMORY: u64 = 64 << 20;
/// Random games each tree plays before the clock may stop it: the exact solve, tried
/// first, may have used the time, and a tree search of no games would be a blind pick.
const MIN_GAMES: u64 = 1_000;

#[wasm_bindgen(js_name = Opponent)]
#[derive(Debug)]
pub struct WebOpponent {
    position: Position,
    strength: Strength,
    seconds: f64,
    seed: u64,
    shared: Arc<Shared>,
}

#[derive(Debug, Default)]
struct Shared {
    cancel: AtomicBool,
    /// The move, or why there is none (set once, by the thinking thread).
    answer: Mutex<Option<Result<Answer, String>>>,
}

/// The computer's move, as the page plays and words it.
#[derive(Clone, Debug, Serialize)]
struct Answer {
    /// Its index among the position's legal moves in canonical order (`Timeline.play_index`).
    index: usize,
    /// The dot it adds, and its line's two ends.
    dot: [i32; 2],
    from: [i32; 2],
    to: [i32; 2],
    /// `last-line`, `solved-win`, `solved-loss`, `searched` or `random`.
    reason: &'static str,
    /// The random games the tree search played (0 when it did not search).
    games: f64,
}

#[wasm_bindgen(js_class = Opponent)]
impl WebOpponent {
    /// The computer to move in the game of `game_link` (a link as `Timeline.link` writes it:
    /// with `&m=N` at move N), at `strength` (`random`, `fast`, `strong`), thinking at most
    /// `seconds` (the strong player's tree search); `seed` a number (its integer part).
    #[wasm_bindgen(constructor)]
    pub fn new(game_link: &str, strength: &str, seconds: f64, seed: f64) -> Result<WebOpponent, JsError> {
        let strength: Strength =
            strength.parse().map_err(|e: two_player::BadStrength| JsError::new(&e.to_string()))?;
        let position = link::shown_position(game_link).map_err(|e| JsError::new(&e.to_string()))?;
        let variant = position.variant();
        if variant.line_len() < 4 {
            return Err(JsError::new(&format!(
                "{variant} games can go on forever, so there is no last line to aim at"
            )));
        }
        if !position.start().games_end(variant) {
            return Err(JsError::new(&format!(
                "{variant} games are known to end from the cross only, and this start is another: there may be no last line to aim at"
            )));
        }
        if position.is_finished() {
            return Err(JsError::new("the game is over: there is no move to make"));
        }
        let seconds = if seconds.is_finite() { seconds.clamp(0.05, 600.0) } else { 1.0 };
        Ok(WebOpponent { position, strength, seconds, seed: seed.max(0.0) as u64, shared: Arc::default() })
    }

    /// Starts thinking on the thread pool and returns at once (threaded build only); poll
    /// `answer`.
    pub fn start(&self) -> Result<(), JsError> {
        #[cfg(feature = "threads")]
        {
            let job = self.job();
            rayon::spawn(move || job.run());
            Ok(())
        }
        #[cfg(not(feature = "threads"))]
        {
            Err(JsError::new("this build has no thread pool: it thinks with run_here"))
        }
    }

    /// Thinks on this thread and returns the answer (the default build).
    #[wasm_bindgen(unchecked_return_type = "OpponentMove")]
    pub fn run_here(&self) -> Result<JsValue, JsError> {
        self.job().run();
        self.answer()
    }

    /// The move, once thought of (`null` before).
    #[wasm_bindgen(unchecked_return_type = "OpponentMove | null")]
    pub fn answer(&self) -> Result<JsValue, JsError> {
        let answer = self
            .shared
            .answer
            .lock()
            .map_err(|_| JsError::new("the computer's thinking thread failed (its answer is lost)"))?
            .clone();
        match answer {
            Some(Ok(a)) => super::to_js(&a),
            Some(Err(why)) => Err(JsError::new(&why)),
            None => Ok(JsValue::NULL),
        }
    }

    /// Stops thinking soon: the answer is the best move found so far.
    pub fn cancel(&self) {
        self.shared.cancel.store(true, Ordering::Relaxed);
    }
}

impl WebOpponent {
    fn job(&self) -> Job {
        Job {
            position: self.position.clone(),
            strength: self.strength,
            seconds: self.seconds,
            seed: self.seed,
            shared: Arc::clone(&self.shared),
        }
    }
}

/// What a thinking thread needs (owned: it may outlive the call that started it).
struct Job {
    position: Position,
    strength: Strength,
    seconds: f64,
    seed: u64,
    shared: Arc<Shared>,
}

impl Job {
    fn run(self) {
        let deadline = js_sys::Date::now() + self.seconds * 1000.0;
        let cancel = &self.shared.cancel;
        let stop = move |n: u64| {
            cancel.load(Ordering::Relaxed) || (n >= MIN_GAMES && js_sys::Date::now() >= deadline)
        };
        let thinking = Thinking {
            threads: rayon::current_num_threads().max(1),
            solve_visits: SOLVE_VISITS,
            solve_memory: SOLVE_MEMORY,
            stop: &stop,
        };
        let mut rng = Rng::new(self.seed);
        let chosen = two_player::choose(&self.position, self.strength, &mut rng, &thinking);
        let answer = answer(&self.position, chosen);
        if let Ok(mut slot) = self.shared.answer.lock() {
            *slot = Some(answer);
        }
    }
}

/// The page's form of what `choose` said in `position`.
fn answer(position: &Position, chosen: Option<(Move, Reason)>) -> Result<Answer, String> {
    let (m, reason) = chosen.ok_or("the game is over: there is no move to make")?;
    let len = position.variant().line_len();
    let index = position
        .legal_moves()
        .iter()
        .position(|&l| l == m)
        .ok_or_else(|| format!("the computer chose a move that is not legal here ({m:?})"))?;
    let (a, b) = (m.line().start, m.line().end(len));
    let (reason, games) = match reason {
        Reason::Random => ("random", 0),
        Reason::LastLine => ("last-line", 0),
        Reason::SolvedWin => ("solved-win", 0),
        Reason::SolvedLoss => ("solved-loss", 0),
        Reason::Searched(n) => ("searched", n),
    };
    Ok(Answer {
        index,
        dot: [m.dot.x, m.dot.y],
        from: [a.x, a.y],
        to: [b.x, b.y],
        reason,
        games: games as f64,
    })
}
