//! `Search` in JavaScript: an NRPA search behind an opaque handle, driven by the page's
//! search worker (www/js/search-worker.js), never by the page itself.
//!
//! Two ways to run, one per build:
//! - the threaded build (feature `threads`): `start` hands the search to the rayon pool made
//!   by `initThreadPool` and returns at once; the worker's own thread stays free to poll
//!   `progress` and to pass on `pause`, `resume` and `stop`.
//! - the default build (no shared memory, so no other thread): `run_here` searches on the
//!   worker's thread and calls a JavaScript function with the progress a few times a
//!   second and whenever the best game improves. Stopping is the worker's clock (a time
//!   budget) or the page ending the worker, which has already been told the best game.

use super::error::thrown;
use crate::formats::link;
use crate::nrpa::{Budget, Config, Method, Progress, Search, UnknownMethod};
use crate::record::{Game, Meta};
use serde::Serialize;
use std::sync::Arc;
use wasm_bindgen::prelude::*;

// Links wasm-bindgen-rayon, whose `initThreadPool` export makes the rayon pool of workers.
#[cfg(feature = "threads")]
use wasm_bindgen_rayon as _;

#[wasm_bindgen(js_name = Search)]
#[derive(Debug)]
pub struct WebSearch {
    search: Arc<Search>,
    /// Set when the search has returned (its budget spent, or stopped).
    done: Arc<std::sync::atomic::AtomicBool>,
}

/// What the page shows of a running search.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Report {
    /// Best score so far, as a game score (the moves given included); null before any.
    best: Option<i64>,
    playouts: f64,
    playouts_per_second: f64,
    run: u32,
    runs_done: u32,
    iteration: u32,
    iterations: u32,
    paused: bool,
    /// The search has returned: budget spent or stopped.
    done: bool,
}

fn budget(one_run: bool) -> Budget {
    if one_run {
        Budget::OneRun
    } else {
        Budget::UntilStopped
    }
}

#[wasm_bindgen(js_class = Search)]
impl WebSearch {
    /// A search continuing the game of `game_link` (a link as `Timeline.link` writes it: with
    /// `&m=N` it continues from move N). `seed` is a number (its integer part is used);
    /// `method` a method's name (`Method::name`: `stabilized`, `nrpa`).
    #[wasm_bindgen(constructor)]
    pub fn new(game_link: &str, level: u32, seed: f64, method: &str) -> Result<WebSearch, JsValue> {
        let method: Method = method.parse().map_err(|e: UnknownMethod| JsError::new(&e.to_string()))?;
        let root = link::shown_position(game_link).map_err(|e| JsError::new(&e.to_string()))?;
        let config = Config { level, seed: seed.max(0.0) as u64, ..Config::default() }.with_method(method);
        // a finished game or 3T: the page says why in its language
        let search = Search::new(root, config).map_err(|e| thrown(&e))?;
        Ok(WebSearch { search: Arc::new(search), done: Arc::default() })
    }

    /// Playouts in one top-level run of `method` at `level` (`Config::run_playouts`), so the
    /// page can say how long a run is before anyone starts one that takes days.
    pub fn run_playouts(level: u32, method: &str) -> Result<f64, JsError> {
        let method: Method = method.parse().map_err(|e: UnknownMethod| JsError::new(&e.to_string()))?;
        Ok(Config { level, ..Config::default() }.with_method(method).run_playouts())
    }

    /// Threads the search runs on: the rayon pool's size (1 in the default build).
    pub fn threads() -> usize {
        rayon::current_num_threads()
    }

    /// Starts the search on the thread pool and returns at once. `one_run`: one top-level
    /// run; otherwise runs follow each other until `stop`. Only the threaded build has a
    /// pool: the default build says so (it searches with `run_here`).
    pub fn start(&self, one_run: bool) -> Result<(), JsError> {
        #[cfg(feature = "threads")]
        {
            let search = Arc::clone(&self.search);
            let done = Arc::clone(&self.done);
            rayon::spawn(move || {
                search.run(budget(one_run));
                done.store(true, std::sync::atomic::Ordering::Release);
            });
            Ok(())
        }
        #[cfg(not(feature = "threads"))]
        {
            let _ = one_run;
            Err(JsError::new("this build has no thread pool: it searches with run_here"))
        }
    }

    /// Searches on this thread until the budget is spent or `stop` is called from `tick`,
    /// calling `tick(report)` at most every `every_ms` milliseconds, and at once when the
    /// best score rises (so the caller always knows the best game).
    pub fn run_here(
        &self,
        one_run: bool,
        #[wasm_bindgen(unchecked_param_type = "(report: SearchReport) => void")] tick: &js_sys::Function,
        every_ms: f64,
    ) -> Result<(), JsError> {
        let start = js_sys::Date::now();
        let mut last_report = start;
        let mut last_best = None;
        let mut failure = None;
        self.search.run_here(budget(one_run), &mut || {
            let now = js_sys::Date::now();
            let best = self.search.best_score();
            if failure.is_some() || (now - last_report < every_ms && best == last_best) {
                return;
            }
            last_report = now;
            last_best = best;
            let report = self.report((now - start) / 1000.0);
            if let Err(e) = tick.call1(&JsValue::NULL, &report) {
                // a failing watcher must not leave the search running unseen
                failure = Some(e);
                self.search.stop();
            }
        });
        self.done.store(true, std::sync::atomic::Ordering::Release);
        match failure {
            Some(e) => Err(JsError::new(&format!("the progress report failed: {e:?}"))),
            None => Ok(()),
        }
    }

    /// Progress as `{best, playouts, playoutsPerSecond, run, runsDone, iteration,
    /// iterations, paused, done}`; `elapsed` is the caller's clock in seconds.
    #[wasm_bindgen(unchecked_return_type = "SearchReport")]
    pub fn progress(&self, elapsed: f64) -> JsValue {
        self.report(elapsed)
    }

    /// The best game so far as a link on `base` (`undefined` before the first playout).
    pub fn best_link(&self, base: &str) -> Option<String> {
        self.search.best_score()?;
        let game = Game::new(self.search.best_game(), Meta::default());
        Some(link::write(&game, base, link::LinkView::default()))
    }

    pub fn stop(&self) {
        self.search.stop();
    }

    /// Parks the threads of a search begun with `start` until `resume` or `stop`.
    pub fn pause(&self) {
        self.search.pause();
    }

    pub fn resume(&self) {
        self.search.resume();
    }
}

impl WebSearch {
    fn report(&self, elapsed: f64) -> JsValue {
        let p: Progress = self.search.progress(elapsed);
        let report = Report {
            best: p.best_score,
            playouts: p.playouts as f64,
            playouts_per_second: p.playouts_per_second,
            run: p.run,
            runs_done: p.runs_done,
            iteration: p.iteration,
            iterations: p.iterations,
            paused: p.paused,
            done: self.done.load(std::sync::atomic::Ordering::Acquire),
        };
        super::to_js(&report).unwrap_or(JsValue::NULL)
    }
}
