//! `morpion bench`: uniform random playouts and NRPA playouts a second, one thread and
//! every thread.

use crate::{all_threads, plural, warn, Quit};
use morpion::nrpa::{Budget, Config, Method, Search};
use morpion::{Position, Rng, Variant};
use rayon::prelude::*;
use std::io::Write;
use std::time::Instant;

/// Fewer playouts a measurement than this, and `bench`'s figures are rough.
const ROUGH_BENCH: u64 = 30_000;

/// `morpion bench`: random playouts, then NRPA levels 1 and 2, each on one thread and on
/// every thread, in lines (and one JSON object with `json`).
pub(crate) fn command(variant: Variant, playouts: u64, json: bool, o: &mut impl Write) -> Result<(), Quit> {
    if variant.line_len() < 4 {
        return Err(format!("{variant} games can go on forever: bench 4T, 4D, 5T, 5D, 6T or 6D").into());
    }
    if playouts < ROUGH_BENCH {
        warn(&format!("note: {playouts} playouts a measurement give rough figures (the threads' start weighs): the default is 300,000"));
    }
    let threads = all_threads();
    let counts: Vec<usize> = if threads == 1 { vec![1] } else { vec![1, threads] };
    let mut random = Vec::new();
    let mut mean_moves = 0.0;
    for &t in &counts {
        let (f, mean) = random_playouts(variant, playouts, t);
        say!(o,
            "{variant} random playouts, {t} thread{}: {:.0}/s ({} playouts in {:.2} s, mean {:.2} moves, {:.1} ns a move per thread)",
            plural(t),
            f.per_second(),
            f.playouts,
            f.seconds,
            mean,
            f.seconds * 1e9 * t as f64 / (f.playouts as f64 * mean)
        );
        random.push(f.per_second());
        mean_moves = mean;
    }
    let mut nrpa = Vec::new();
    for level in [1, 2] {
        for &t in &counts {
            // level 1 runs are 100 playouts: measure many; level 2 runs are 10^4
            let (f, best) = nrpa_playouts(variant, level, playouts / 3, t);
            say!(o,
                "{variant} NRPA level {level} playouts, {t} thread{}: {:.0}/s ({} playouts in {:.2} s, best {})",
                plural(t),
                f.per_second(),
                f.playouts,
                f.seconds,
                best
            );
            nrpa.push(f.per_second());
        }
    }
    if json {
        let last = counts.len() - 1;
        let k = counts.len();
        let obj = serde_json::json!({
            "variant": variant.to_string(),
            "threads": threads,
            "random_playouts_per_second_1_thread": random[0],
            "random_playouts_per_second_all_threads": random[last],
            "mean_moves": mean_moves,
            "nrpa_level_1_playouts_per_second_1_thread": nrpa[0],
            "nrpa_level_1_playouts_per_second_all_threads": nrpa[last],
            "nrpa_level_2_playouts_per_second_1_thread": nrpa[k],
            "nrpa_level_2_playouts_per_second_all_threads": nrpa[k + last],
        });
        say!(o, "{obj}");
    }
    Ok(())
}

/// Playouts done and the wall time they took.
struct Figures {
    playouts: u64,
    seconds: f64,
}

impl Figures {
    fn per_second(&self) -> f64 {
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
fn random_playouts(variant: Variant, n: u64, threads: usize) -> (Figures, f64) {
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
fn nrpa_playouts(variant: Variant, level: u32, n: u64, threads: usize) -> (Figures, usize) {
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().expect("thread pool");
    let config = Config { level, ..Config::default() }.with_method(Method::Nrpa);
    let search = Search::new(Position::new(variant), config).expect("a valid search");
    let t = Instant::now();
    pool.install(|| search.run(Budget::Playouts(n)));
    let seconds = t.elapsed().as_secs_f64();
    let p = search.progress(seconds);
    (Figures { playouts: p.playouts, seconds }, search.best_score().unwrap_or(0))
}
