//! The distributed search with its messages carried in memory: it must find what the
//! threaded search finds, keep every rank's policy exact, and resume from checkpoints.

use super::*;
use crate::nrpa::{Budget, CodeKind, Config, Method, RunSummary, Search};
use crate::{Position, Variant};
use std::collections::VecDeque;

/// Rosin's NRPA, whose job sizes the tests count on (`stabilized` has its own cases).
fn config(level: u32, iterations: u32, seed: u64) -> Config {
    Config { level, iterations, seed, code: CodeKind::Line, ..Config::default() }.with_method(Method::Nrpa)
}

/// `Search` on one thread: the reference (its best game, playouts and runs).
fn threaded(root: &Position, config: &Config, budget: Budget) -> (Position, u64, Vec<RunSummary>) {
    let s = Search::new(root.clone(), config.clone()).unwrap();
    let pool = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
    let best = pool.install(|| s.run(budget));
    (best, s.progress(0.0).playouts, s.runs())
}

/// Runs one job on a rank (its thread 0) and returns the result.
fn run_job(rank: &Rank, job: Job) -> Done {
    run_accepted(rank, rank.accept(job).unwrap())
}

fn run_accepted(rank: &Rank, job: Accepted) -> Done {
    let mut job = Some(job);
    let mut out = None;
    rank.work(0, &mut || job.take(), &mut |d| out = Some(d));
    out.expect("a job gives a result")
}

/// Every job given and folded before the next, handed to the ranks in turn: the order of
/// a one-thread search, with the policy synchronised between ranks at every job.
fn in_turn(coord: &mut Coordinator, ranks: &[Rank], stop_after: Option<usize>) {
    let mut k = 0;
    while let Some(job) = coord.next_job(k % ranks.len()) {
        let done = run_job(&ranks[k % ranks.len()], job);
        coord.fold(k % ranks.len(), done).unwrap();
        k += 1;
        if stop_after == Some(k) {
            return;
        }
    }
    assert!(coord.is_over());
}

/// A coordinator of a search until stopped that has given and folded `jobs` jobs, each run
/// on rank 0: a search under way, to checkpoint.
fn folded(root: &Position, c: &Config, jobs: usize) -> Coordinator {
    let mut coord = Coordinator::new(root, c.clone(), Budget::UntilStopped).unwrap();
    let rank = Rank::new(root, c.clone(), 1).unwrap();
    for _ in 0..jobs {
        let job = coord.next_job(0).unwrap();
        coord.fold(0, run_job(&rank, job)).unwrap();
    }
    coord
}

#[test]
fn one_rank_finds_what_one_thread_finds() {
    let root = Position::new(Variant::D5);
    for (c, budget) in [
        (config(2, 100, 7), Budget::OneRun),
        (config(2, 30, 3), Budget::Playouts(2_500)),
        (config(1, 50, 5), Budget::Playouts(420)),
        (config(3, 12, 11), Budget::OneRun),
        // stabilized NRPA: a job is 4 times the playouts, whole runs too
        (config(2, 30, 4).with_method(Method::Stabilized), Budget::OneRun),
        (config(1, 50, 6).with_method(Method::Stabilized), Budget::Playouts(900)),
        (config(3, 10, 12).with_method(Method::Stabilized), Budget::Playouts(7_000)),
        // a prior: every run's policy starts from it on the ranks as on the threads
        (Config { prior: 0.5, ..config(2, 30, 8).with_method(Method::Stabilized) }, Budget::OneRun),
        (Config { prior: 1.0, ..config(1, 50, 9) }, Budget::Playouts(420)),
        // ties to the tie-break: the coordinator ranks a replayed result as a thread does
        (Config { tie_break: true, ..config(2, 30, 8).with_method(Method::Stabilized) }, Budget::OneRun),
        (Config { tie_break: true, ..config(3, 10, 13) }, Budget::Playouts(3_000)),
        // shorter top-level runs: the coordinator closes a run after its own count
        (Config { top_iterations: Some(7), ..config(2, 30, 14) }, Budget::Playouts(700)),
        // the budget cuts a run's last iteration: the run does not finish
        (Config { top_iterations: Some(7), ..config(2, 30, 17) }, Budget::Playouts(410)),
        (Config { top_iterations: Some(20), ..config(1, 50, 15) }, Budget::Playouts(150)),
        (
            Config { top_iterations: Some(3), ..config(3, 10, 16).with_method(Method::Stabilized) },
            Budget::OneRun,
        ),
    ] {
        let (want, playouts, runs) = threaded(&root, &c, budget);
        for ranks in [1, 3] {
            let mut coord = Coordinator::new(&root, c.clone(), budget).unwrap();
            let ranks: Vec<Rank> = (0..ranks).map(|_| Rank::new(&root, c.clone(), 1).unwrap()).collect();
            in_turn(&mut coord, &ranks, None);
            let got = coord.best_game();
            assert_eq!(got.moves(), want.moves(), "{c:?} {budget:?} on {} ranks", ranks.len());
            assert_eq!(coord.progress().playouts, playouts, "{c:?} {budget:?}");
            assert_eq!(coord.runs(), runs, "{c:?} {budget:?}: the same runs, listed alike");
        }
    }
}

#[test]
fn a_playout_budget_is_spent_exactly_when_jobs_overlap() {
    let root = Position::new(Variant::T5);
    let c = config(2, 20, 1);
    let mut coord = Coordinator::new(&root, c.clone(), Budget::Playouts(1_234)).unwrap();
    let ranks: Vec<Rank> = (0..3).map(|_| Rank::new(&root, c.clone(), 1).unwrap()).collect();
    // three jobs out at a time, answered oldest first
    let mut out: VecDeque<(usize, Job)> = VecDeque::new();
    let mut k = 0;
    loop {
        while out.len() < 3 {
            match coord.next_job(k % 3) {
                Some(job) => out.push_back((k % 3, job)),
                None => break,
            }
            k += 1;
        }
        let Some((r, job)) = out.pop_front() else { break };
        let done = run_job(&ranks[r], job);
        coord.fold(r, done).unwrap();
    }
    assert!(coord.is_over());
    assert_eq!(coord.progress().playouts, 1_234);
    let best = coord.best_game();
    assert!(best.is_finished() && best.score() as i64 == coord.best_score().unwrap());
}

/// With and without a prior, and with ties to the tie-break: the new ranks rebuild each
/// run's policy from the prior and the checkpoint's bests, the coordinator ranks each run's
/// best again, and the search goes on as if never stopped.
#[test]
fn a_checkpoint_between_jobs_resumes_the_same_search() {
    let root = Position::new(Variant::D5);
    for c in [
        config(2, 40, 9),
        Config { prior: 0.5, ..config(2, 40, 10) },
        Config { tie_break: true, ..config(2, 40, 11) },
        Config { top_iterations: Some(15), ..config(2, 40, 12) },
    ] {
        let budget = Budget::Playouts(5_000);
        let (want, _, runs) = threaded(&root, &c, budget);
        let ranks: Vec<Rank> = (0..2).map(|_| Rank::new(&root, c.clone(), 1).unwrap()).collect();
        let mut coord = Coordinator::new(&root, c.clone(), budget).unwrap();
        in_turn(&mut coord, &ranks, Some(57)); // in the second run (the fourth with runs of 15)
        let json = serde_json::to_string(&coord.checkpoint(1.5)).unwrap();
        drop(coord);
        let cp: Checkpoint = serde_json::from_str(&json).unwrap();
        assert_eq!(cp.elapsed(), 1.5);
        let mut coord = Coordinator::resume(&root, c.clone(), budget, &cp).unwrap();
        // new ranks: nothing of the old ones' copies survives
        let ranks: Vec<Rank> = (0..2).map(|_| Rank::new(&root, c.clone(), 1).unwrap()).collect();
        in_turn(&mut coord, &ranks, None);
        assert_eq!(coord.best_game().moves(), want.moves(), "{c:?}");
        assert_eq!(coord.progress().playouts, 5_000);
        // the runs finished before the checkpoint, and the best's iteration, kept in it
        assert!(runs.len() >= 3 && runs.iter().all(|r| r.best_iteration.is_some()), "{runs:?}");
        assert_eq!(coord.runs(), runs, "{c:?}");
    }
}

#[test]
fn jobs_under_way_at_a_checkpoint_are_done_again_once() {
    let root = Position::new(Variant::T5);
    let c = config(2, 10, 2);
    let budget = Budget::Playouts(1_000);
    let ranks: Vec<Rank> = (0..3).map(|_| Rank::new(&root, c.clone(), 1).unwrap()).collect();
    let mut coord = Coordinator::new(&root, c.clone(), budget).unwrap();
    in_turn(&mut coord, &ranks, Some(13));
    // two jobs given, then the job dies: their work is lost
    let lost = [coord.next_job(1).unwrap(), coord.next_job(2).unwrap()];
    assert_eq!(coord.progress().in_flight, 2);
    let best_before = coord.best_score();
    let cp = coord.checkpoint(0.0);
    let mut coord = Coordinator::resume(&root, c.clone(), budget, &cp).unwrap();
    assert_eq!(coord.best_score(), best_before);
    let again = [coord.next_job(0).unwrap(), coord.next_job(0).unwrap()];
    for (a, b) in lost.iter().zip(&again) {
        assert_eq!((a.run, a.iter, a.limit), (b.run, b.iter, b.limit));
    }
    let ranks: Vec<Rank> = (0..1).map(|_| Rank::new(&root, c.clone(), 1).unwrap()).collect();
    for job in again {
        let done = run_job(&ranks[0], job);
        coord.fold(0, done).unwrap();
    }
    in_turn(&mut coord, &ranks, None);
    let p = coord.progress();
    assert_eq!(p.playouts, 1_000);
    assert_eq!(p.runs_done, 10);
}

#[test]
fn a_stopped_job_keeps_its_best_and_is_not_folded() {
    let root = Position::new(Variant::D5);
    let c = config(3, 20, 4);
    let mut coord = Coordinator::new(&root, c.clone(), Budget::UntilStopped).unwrap();
    let rank = Rank::new(&root, c.clone(), 1).unwrap();
    let job = coord.next_job(0).unwrap();
    rank.stop();
    let done = run_job(&rank, job);
    assert!(!done.complete);
    coord.stop();
    coord.fold(0, done).unwrap();
    assert!(coord.is_over());
    assert_eq!(coord.progress().iteration, 0);
    // the job is still to do after a resume
    let cp = coord.checkpoint(3.0);
    let mut again = Coordinator::resume(&root, c, Budget::UntilStopped, &cp).unwrap();
    let job = again.next_job(5).unwrap();
    assert_eq!((job.run, job.iter), (1, Some(0)));
}

#[test]
fn jobs_accepted_in_order_may_run_in_any_order() {
    let root = Position::new(Variant::D5);
    let c = config(2, 30, 6);
    let mut coord = Coordinator::new(&root, c.clone(), Budget::Playouts(3_000)).unwrap();
    // one rank of three threads: three jobs out at a time, the newest run first
    let rank = Rank::new(&root, c.clone(), 3).unwrap();
    loop {
        let jobs: Vec<Job> = (0..3).filter_map(|_| coord.next_job(0)).collect();
        if jobs.is_empty() {
            break;
        }
        let accepted: Vec<Accepted> = jobs.into_iter().map(|j| rank.accept(j).unwrap()).collect();
        for a in accepted.into_iter().rev() {
            let done = run_accepted(&rank, a);
            coord.fold(0, done).unwrap();
        }
    }
    assert!(coord.is_over());
    assert_eq!(coord.progress().playouts, 3_000);
    // an update taken in twice no longer fits the copy: an error, not a crash
    let mut coord = Coordinator::new(&root, c.clone(), Budget::UntilStopped).unwrap();
    let rank = Rank::new(&root, c.clone(), 1).unwrap();
    let first = coord.next_job(0).unwrap();
    coord.fold(0, run_job(&rank, first)).unwrap();
    let second = coord.next_job(0).unwrap();
    rank.accept(second.clone()).unwrap();
    assert!(matches!(rank.accept(second), Err(SyncError::Mismatch { run: 1, assumed: (0, 0), has: (1, 1) })));
}

/// A run that ends before the one it followed is still listed after it, as a threaded
/// search lists its runs.
#[test]
fn runs_that_end_out_of_order_are_listed_in_run_order() {
    let root = Position::new(Variant::D5);
    // one iteration a run: each job is a whole run
    let c = config(2, 1, 8);
    let mut coord = Coordinator::new(&root, c.clone(), Budget::UntilStopped).unwrap();
    let rank = Rank::new(&root, c.clone(), 2).unwrap();
    let jobs: Vec<Accepted> = (0..2).map(|_| rank.accept(coord.next_job(0).unwrap()).unwrap()).collect();
    for a in jobs.into_iter().rev() {
        let done = run_accepted(&rank, a);
        coord.fold(0, done).unwrap();
    }
    let runs = coord.runs();
    let listed: Vec<_> = runs.iter().map(|r| (r.run, r.finished)).collect();
    assert_eq!(listed, [(1, true), (2, true)]);
    // a checkpoint lists them as they ended; resumed, they are listed in run order
    let json = serde_json::to_value(coord.checkpoint(1.0)).unwrap();
    assert_eq!(json["ended"][0]["run"], 2);
    let cp: Checkpoint = serde_json::from_value(json).unwrap();
    let resumed = Coordinator::resume(&root, c, Budget::UntilStopped, &cp).unwrap();
    assert_eq!(resumed.runs(), runs);
}

#[test]
fn a_job_comes_back_when_its_rank_stops_alone_or_is_lost_or_sends_nonsense() {
    let root = Position::new(Variant::T5);
    let c = config(2, 10, 3);
    let mut coord = Coordinator::new(&root, c.clone(), Budget::OneRun).unwrap();
    let stopped = Rank::new(&root, c.clone(), 1).unwrap();
    stopped.stop();
    let job = coord.next_job(0).unwrap();
    let done = run_job(&stopped, job.clone());
    assert!(!done.complete);
    coord.fold(0, done).unwrap();
    // the search was not stopping: the same job goes to the next rank that asks
    let again = coord.next_job(1).unwrap();
    assert_eq!((again.run, again.iter, again.limit), (job.run, job.iter, job.limit));
    // rank 1 is lost: its job goes to rank 2, and what rank 1 sends later is refused
    assert_eq!(coord.forget(1), 1);
    let third = coord.next_job(2).unwrap();
    assert_eq!((third.run, third.iter), (job.run, job.iter));
    let late = Done { run: job.run, iter: job.iter, best: None, found: None, playouts: 5, complete: true };
    assert!(matches!(coord.fold(1, late), Err(FoldError::NotGiven { rank: 1, .. })));
    // nonsense from rank 2: refused, and the job is given again
    let bad = Done {
        run: job.run,
        iter: job.iter,
        best: Some((40, vec![77])),
        found: None,
        playouts: 5,
        complete: true,
    };
    assert_eq!(coord.fold(2, bad), Err(FoldError::BadSteps { rank: 2 }));
    let fourth = coord.next_job(3).unwrap();
    assert_eq!((fourth.run, fourth.iter), (job.run, job.iter));
    let rank = Rank::new(&root, c, 1).unwrap();
    coord.fold(3, run_job(&rank, fourth)).unwrap();
    in_turn(&mut coord, &[rank], None);
    assert_eq!(coord.progress().runs_done, 1);
    assert_eq!(coord.progress().playouts, 100);
}

#[test]
fn messages_that_do_not_fit_are_refused() {
    let root = Position::new(Variant::T5);
    let c = config(2, 10, 1);
    let mut coord = Coordinator::new(&root, c.clone(), Budget::OneRun).unwrap();
    let job = coord.next_job(0).unwrap();
    let not_given = Done { run: 1, iter: Some(5), best: None, found: None, playouts: 1, complete: true };
    assert!(matches!(coord.fold(0, not_given), Err(FoldError::NotGiven { rank: 0, run: 1, iter: Some(5) })));
    let other_rank =
        Done { run: job.run, iter: job.iter, best: None, found: None, playouts: 1, complete: true };
    assert!(matches!(coord.fold(3, other_rank), Err(FoldError::NotGiven { rank: 3, .. })));
    let illegal = Done {
        run: job.run,
        iter: job.iter,
        best: Some((37, vec![999])),
        found: None,
        playouts: 1,
        complete: true,
    };
    assert_eq!(coord.fold(0, illegal), Err(FoldError::BadSteps { rank: 0 }));
    let job = coord.next_job(0).unwrap();
    let wrong_score = Done {
        run: job.run,
        iter: job.iter,
        best: Some((99, vec![0, 0])),
        found: None,
        playouts: 1,
        complete: true,
    };
    assert_eq!(coord.fold(0, wrong_score), Err(FoldError::BadScore { rank: 0, said: 99, found: 2 }));
    assert_eq!(coord.offer(0, 50, &[0, 0]), Err(FoldError::BadScore { rank: 0, said: 50, found: 2 }));
    // nothing was folded: the job is given again, and its real result folds
    let again = coord.next_job(0).unwrap();
    assert_eq!((again.run, again.iter), (job.run, job.iter));
    let done = run_job(&Rank::new(&root, c, 1).unwrap(), again);
    coord.fold(0, done).unwrap();
    assert_eq!(coord.progress().iteration, 1);
    assert_eq!(coord.progress().playouts, 10);
}

#[test]
fn a_checkpoint_of_another_search_or_damaged_is_refused() {
    let root = Position::new(Variant::T5);
    let c = config(2, 10, 1);
    let coord = folded(&root, &c, 3);
    let cp = coord.checkpoint(1.0);
    let other = Config { seed: 2, ..c.clone() };
    assert!(matches!(
        Coordinator::resume(&root, other, Budget::UntilStopped, &cp),
        Err(CheckpointError::Mismatch { what: Setting::Seed, .. })
    ));
    assert!(matches!(
        Coordinator::resume(&root, c.clone(), Budget::OneRun, &cp),
        Err(CheckpointError::Mismatch { what: Setting::Budget, .. })
    ));
    // the budget is named before the level, whose default follows it
    let e = Coordinator::resume(&root, Config { level: 3, ..c.clone() }, Budget::OneRun, &cp)
        .expect_err("a mismatch");
    assert!(e.to_string().ends_with("its budget is until stopped, this command's is one run"), "{e}");
    // another method, or other knobs (`c` is Rosin's NRPA)
    let stabilized = c.clone().with_method(Method::Stabilized);
    assert!(matches!(
        Coordinator::resume(&root, stabilized.clone(), Budget::UntilStopped, &cp),
        Err(CheckpointError::Mismatch { what: Setting::WeightClamp, .. })
    ));
    assert!(matches!(
        Coordinator::resume(&root, Config { stabilize: 2, ..c.clone() }, Budget::UntilStopped, &cp),
        Err(CheckpointError::Mismatch { what: Setting::PlayoutsPerAdapt, .. })
    ));
    let clamped = Config { clamp: Some(8.0), ..c.clone() };
    let e = Coordinator::resume(&root, clamped, Budget::UntilStopped, &cp).expect_err("a mismatch");
    assert!(matches!(e, CheckpointError::Mismatch { what: Setting::WeightClamp, .. }));
    assert!(e.to_string().ends_with("its weight clamp is none, this command's is ±8"), "{e}");
    // a checkpoint of the default method as it was before 2026-11-26 (±8, now ±6): the
    // refusal says both bounds, and the old bound resumes it
    let old_default = Config { clamp: Some(8.0), ..c.clone().with_method(Method::Stabilized) };
    let old_cp = Coordinator::new(&root, old_default.clone(), Budget::UntilStopped).unwrap().checkpoint(1.0);
    let e =
        Coordinator::resume(&root, c.clone().with_method(Method::Stabilized), Budget::UntilStopped, &old_cp)
            .expect_err("a mismatch");
    assert_eq!(
        e,
        CheckpointError::Mismatch {
            what: Setting::WeightClamp,
            saved: Value::Clamp(Some(8.0)),
            asked: Value::Clamp(Some(6.0))
        }
    );
    assert!(Coordinator::resume(&root, old_default, Budget::UntilStopped, &old_cp).is_ok());
    // a playout budget is a number, or none
    let e = Coordinator::resume(&root, c.clone(), Budget::Playouts(1000), &cp).expect_err("a mismatch");
    assert!(e.to_string().ends_with("its playout budget is none, this command's is 1000"), "{e}");
    let capped = Coordinator::new(&root, c.clone(), Budget::Playouts(1000)).unwrap().checkpoint(1.0);
    let e = Coordinator::resume(&root, c.clone(), Budget::Playouts(2000), &capped).expect_err("a mismatch");
    assert_eq!(
        e,
        CheckpointError::Mismatch {
            what: Setting::PlayoutBudget,
            saved: Value::Playouts(Some(1000)),
            asked: Value::Playouts(Some(2000))
        }
    );
    let with_prior = Config { prior: 0.5, ..c.clone() };
    assert!(matches!(
        Coordinator::resume(&root, with_prior, Budget::UntilStopped, &cp),
        Err(CheckpointError::Mismatch { what: Setting::Prior, .. })
    ));
    assert!(
        Coordinator::resume(&root, Config { prior: -0.0, ..c.clone() }, Budget::UntilStopped, &cp).is_ok()
    );
    let e = Coordinator::resume(&root, Config { tie_break: true, ..c.clone() }, Budget::UntilStopped, &cp)
        .expect_err("a mismatch");
    assert_eq!(
        e,
        CheckpointError::Mismatch {
            what: Setting::TieRule,
            saved: Value::Given("newer".into()),
            asked: Value::Given("compact".into())
        }
    );
    let e = Coordinator::resume(
        &root,
        Config { top_iterations: Some(30), ..c.clone() },
        Budget::UntilStopped,
        &cp,
    )
    .expect_err("a mismatch");
    assert_eq!(
        e,
        CheckpointError::Mismatch {
            what: Setting::TopIterations,
            saved: Value::Given(c.iterations.to_string()),
            asked: Value::Given("30".into())
        }
    );
    let same = Config { top_iterations: Some(c.iterations), ..c.clone() };
    assert!(Coordinator::resume(&root, same, Budget::UntilStopped, &cp).is_ok(), "the same run length");
    // runs of their own length carry a format older programs refuse; its runs fit it
    let mut json: serde_json::Value = serde_json::to_value(&cp).unwrap();
    assert_eq!(
        (json["format"].as_str(), json.get("top_iterations")),
        (Some("morpion-nrpa-checkpoint-1"), None)
    );
    json["top_iterations"] = serde_json::json!(5);
    let unmarked: Checkpoint = serde_json::from_value(json.clone()).unwrap();
    let five = Config { top_iterations: Some(5), ..c.clone() };
    assert!(matches!(
        Coordinator::resume(&root, five.clone(), Budget::UntilStopped, &unmarked),
        Err(CheckpointError::Damaged(why)) if why.contains("not morpion-nrpa-checkpoint-2")
    ));
    json["format"] = serde_json::json!("morpion-nrpa-checkpoint-2");
    let marked: Checkpoint = serde_json::from_value(json.clone()).unwrap();
    assert!(Coordinator::resume(&root, five, Budget::UntilStopped, &marked).is_ok());
    // 3 iterations started in run 1 do not fit runs of 2
    json["top_iterations"] = serde_json::json!(2);
    let longer: Checkpoint = serde_json::from_value(json).unwrap();
    let two = Config { top_iterations: Some(2), ..c.clone() };
    assert!(matches!(
        Coordinator::resume(&root, two, Budget::UntilStopped, &longer),
        Err(CheckpointError::Damaged(why)) if why.contains("run 1 does not fit")
    ));
    // a checkpoint written before the knobs existed is Rosin's NRPA's
    let mut old: serde_json::Value = serde_json::to_value(&cp).unwrap();
    old.as_object_mut().unwrap().remove("stabilize");
    old.as_object_mut().unwrap().remove("clamp");
    old.as_object_mut().unwrap().remove("prior");
    old.as_object_mut().unwrap().remove("tie_break");
    let old: Checkpoint = serde_json::from_value(old).unwrap();
    assert!(matches!(
        Coordinator::resume(&root, Config { stabilize: 4, ..c.clone() }, Budget::UntilStopped, &old),
        Err(CheckpointError::Mismatch { what: Setting::PlayoutsPerAdapt, .. })
    ));
    assert!(matches!(
        Coordinator::resume(&root, stabilized, Budget::UntilStopped, &old),
        Err(CheckpointError::Mismatch { what: Setting::WeightClamp, .. })
    ));
    assert!(Coordinator::resume(&root, c.clone(), Budget::UntilStopped, &old).is_ok());
    // a budget this program does not write is damage, not another search
    let mut json: serde_json::Value = serde_json::to_value(&cp).unwrap();
    json["budget"] = serde_json::json!("playouts");
    let odd: Checkpoint = serde_json::from_value(json).unwrap();
    assert!(matches!(
        Coordinator::resume(&root, c.clone(), Budget::UntilStopped, &odd),
        Err(CheckpointError::Damaged(why)) if why.contains("its budget is 'playouts' with no count")
    ));
    assert!(matches!(
        Coordinator::resume(&Position::new(Variant::D5), c.clone(), Budget::UntilStopped, &cp),
        Err(CheckpointError::Mismatch { what: Setting::Variant, .. })
    ));
    // an iteration both done and still to do, or twice to do
    let mut json: serde_json::Value = serde_json::to_value(&cp).unwrap();
    json["runs"][0]["pending"] = serde_json::json!([[0, 100], [0, 100]]);
    let twice: Checkpoint = serde_json::from_value(json).unwrap();
    assert!(matches!(
        Coordinator::resume(&root, c.clone(), Budget::UntilStopped, &twice),
        Err(CheckpointError::Damaged(_))
    ));
    let mut json: serde_json::Value = serde_json::to_value(&cp).unwrap();
    json["remaining"] = serde_json::json!(5);
    let budget: Checkpoint = serde_json::from_value(json).unwrap();
    assert!(matches!(
        Coordinator::resume(&root, c.clone(), Budget::UntilStopped, &budget),
        Err(CheckpointError::Damaged(_))
    ));
    // a best whose first move is moved off the board's dots
    let mut json: serde_json::Value = serde_json::to_value(&cp).unwrap();
    json["runs"][0]["bests"][0][0] = serde_json::json!([40, 40, 0, 0]);
    let bad: Checkpoint = serde_json::from_value(json).unwrap();
    match Coordinator::resume(&root, c, Budget::UntilStopped, &bad) {
        Err(CheckpointError::Damaged(why)) => assert!(why.contains("illegal move"), "{why}"),
        other => panic!("{other:?}"),
    }
}

/// The runs that ended travel in the checkpoint; a list that cannot be the search's is
/// refused as damage, and a checkpoint from before the list resumes without it.
#[test]
fn a_checkpoint_keeps_the_runs_that_ended() {
    let root = Position::new(Variant::T5);
    let c = config(2, 10, 3);
    let coord = folded(&root, &c, 13);
    let runs = coord.runs();
    assert_eq!(
        runs.iter().map(|r| (r.run, r.iterations, r.finished)).collect::<Vec<_>>(),
        [(1, 10, true), (2, 3, false)]
    );
    let cp = coord.checkpoint(1.0);
    let resumed = |json: &serde_json::Value| {
        let cp: Checkpoint = serde_json::from_value(json.clone()).unwrap();
        Coordinator::resume(&root, c.clone(), Budget::UntilStopped, &cp)
    };
    let json = serde_json::to_value(&cp).unwrap();
    assert_eq!(resumed(&json).unwrap().runs(), runs);
    // written before the list: the run before the resume is not listed, nor where the
    // run under way found its best
    let mut old = json.clone();
    old.as_object_mut().unwrap().remove("ended");
    old["runs"][0].as_object_mut().unwrap().remove("best_at");
    let listed = resumed(&old).unwrap().runs();
    assert_eq!(listed, [RunSummary { best_iteration: None, ..runs[1] }]);
    // not started, under way, twice; a best and no iteration; past the best game; more
    // finished runs than counted; a run's best from an iteration not started
    let best = cp.best_len().unwrap() as i64;
    let run = |id: u32, best: i64| serde_json::json!({"run": id, "best": best, "best_iteration": 3});
    for (ended, why) in [
        (serde_json::json!([run(3, 60)]), "the run 3 listed as ended"),
        (serde_json::json!([run(2, 60)]), "the run 2 listed as ended"),
        (serde_json::json!([run(1, 60), run(1, 60)]), "the run 1 listed as ended"),
        (serde_json::json!([{"run": 1, "best": 60}]), "the run 1 listed as ended"),
        (serde_json::json!([run(1, best + 1)]), "the run 1 listed as ended"),
    ] {
        let mut bad = json.clone();
        bad["ended"] = ended;
        assert!(matches!(resumed(&bad), Err(CheckpointError::Damaged(e)) if e.contains(why)));
    }
    let mut bad = json.clone();
    bad["runs_done"] = serde_json::json!(0);
    assert!(
        matches!(resumed(&bad), Err(CheckpointError::Damaged(e)) if e.contains("more finished runs than the 0"))
    );
    let mut bad = json;
    bad["runs"][0]["best_at"] = serde_json::json!(4);
    assert!(matches!(resumed(&bad), Err(CheckpointError::Damaged(e)) if e.contains("run 2 does not fit")));
}

/// How many results a second the coordinator folds (replay of the steps, `>=`, adapt) and
/// what a result and a job weigh as messages: BENCHMARKS.md's model of many ranks. Not a
/// test (it prints figures): `cargo test --release -p morpion --lib fold_rate -- --ignored
/// --nocapture`.
#[test]
#[ignore]
fn fold_rate() {
    for variant in [Variant::D5, Variant::T5] {
        let root = Position::new(variant);
        let c = config(2, 100, 1);
        let ranks: Vec<Rank> = (0..8).map(|_| Rank::new(&root, c.clone(), 1).unwrap()).collect();
        // results of real level-1 searches, then folded again and again
        let mut coord = Coordinator::new(&root, c.clone(), Budget::UntilStopped).unwrap();
        let mut results = Vec::new();
        let (mut job_bytes, mut done_bytes) = (0usize, 0usize);
        for k in 0..400 {
            let job = coord.next_job(k % 8).unwrap();
            job_bytes += serde_json::to_vec(&job.sync.bests).unwrap().len();
            let done = run_job(&ranks[k % 8], job);
            done_bytes += done.best.as_ref().map_or(0, |b| b.1.len() + 10);
            results.push(done.clone());
            coord.fold(k % 8, done).unwrap();
        }
        let mut coord = Coordinator::new(&root, c.clone(), Budget::UntilStopped).unwrap();
        let t = std::time::Instant::now();
        let mut n = 0;
        for round in 0..20 {
            for d in &results {
                let job = coord.next_job(round % 8).unwrap();
                let d = Done { run: job.run, iter: job.iter, found: None, ..d.clone() };
                coord.fold(round % 8, d).unwrap();
                n += 1;
            }
        }
        let secs = t.elapsed().as_secs_f64();
        println!(
            "{variant}: {n} jobs given and folded in {secs:.3} s: {:.0} a second; steps of a result about {} bytes, bests in a job's sync about {} bytes (JSON)",
            n as f64 / secs,
            done_bytes / 400,
            job_bytes / 400
        );
    }
}
