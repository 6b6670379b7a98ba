//! `morpion bench`: uniform random playouts and NRPA playouts a second, one thread and
//! every thread.

use morpion::nrpa::{Budget, Config, Method, Search};
use morpion::{Position, Rng, Variant};
use rayon::prelude::*;
use std::time::Instant;

/// Playouts done and the wall time they took.
pub struct Figures {
    pub playouts: u64,
    pub seconds: f64,
}

impl Figures {
    pub fn per_second(&self) -> f64 {
        self.playouts as f64 / self.seconds
    }
}

/// Runs `n` playouts from the start on one thread (seeded), each from a copy of the root.
fn playouts(variant: Variant, n: u64, seed: u64) -> (u64, u64) {
    let root = Position::new(variant);
    let mut p = root.clone();
    let mut rng = Rng::new(seed);
    let mut moves = 0u64;
    for _ in 0..n {
        p.copy_from(&root);
        moves += p.random_playout(&mut rng) as u64;
    }
    (n, moves)
}

/// Random playouts, and their mean length in moves.
pub fn random_playouts(variant: Variant, n: u64, threads: usize) -> (Figures, f64) {
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().expect("thread pool");
    // warm up caches and the allocator
    playouts(variant, n / 20 + 1, 0);
    let t = Instant::now();
    let per = n / threads as u64;
    let (done, moves) = pool.install(|| {
        (0..threads as u64)
            .into_par_iter()
            .map(|i| playouts(variant, per, i + 1))
            .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1))
    });
    (Figures { playouts: done, seconds: t.elapsed().as_secs_f64() }, moves as f64 / done as f64)
}

/// Rosin's NRPA at `level` from the start (runs one after another) until `n` playouts are
/// done, and the best score found. Rosin's, not the default method: a playout followed by
/// an adapt is the unit every figure in BENCHMARKS.md since issue 3 measures.
pub fn nrpa_playouts(variant: Variant, level: u32, n: u64, threads: usize) -> (Figures, usize) {
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().expect("thread pool");
    let config = Config { level, ..Config::default() }.with_method(Method::Nrpa);
    let search = Search::new(Position::new(variant), config).expect("a valid search");
    let t = Instant::now();
    pool.install(|| search.run(Budget::Playouts(n)));
    let seconds = t.elapsed().as_secs_f64();
    let p = search.progress(seconds);
    (Figures { playouts: p.playouts, seconds }, search.best_score().unwrap_or(0))
}
