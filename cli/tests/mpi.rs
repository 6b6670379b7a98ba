//! `morpion-mpi` as a cluster user runs it, here on three ranks of this machine
//! (`mpirun --oversubscribe`): exact budgets, the same results as one process, and a job
//! whose worker rank is killed resumed to the end with nothing lost or done twice.
#![cfg(feature = "mpi")]

mod common;

use common::{last_json, morpion, stderr, stdout, temp};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// mpirun with `ranks` ranks of morpion-mpi; a mark in the environment finds its ranks.
fn mpirun(ranks: usize, mark: &str, args: &[&str]) -> Command {
    let mut c = Command::new("mpirun");
    c.args(["--oversubscribe", "--allow-run-as-root", "-np", &ranks.to_string()])
        .arg(env!("CARGO_BIN_EXE_morpion-mpi"))
        .args(args)
        .env("MORPION_TEST_MARK", mark);
    c
}

fn run(ranks: usize, args: &[&str]) -> Output {
    mpirun(ranks, "run", args).output().expect("mpirun runs (make mpi installs OpenMPI)")
}

/// SIGKILL to rank `rank` of the job marked `mark`.
fn kill_rank(mark: &str, rank: usize) {
    let marked = format!("MORPION_TEST_MARK={mark}");
    let wanted = format!("OMPI_COMM_WORLD_RANK={rank}");
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(env) = std::fs::read(entry.path().join("environ")) else { continue };
        let vars: Vec<&[u8]> = env.split(|&b| b == 0).collect();
        if vars.contains(&marked.as_bytes()) && vars.contains(&wanted.as_bytes()) {
            let pid = entry.file_name().to_string_lossy().into_owned();
            let killed = Command::new("kill").args(["-KILL", &pid]).status().unwrap();
            assert!(killed.success());
            return;
        }
    }
    panic!("no rank {rank} of job {mark} to kill");
}

fn wait_for(what: &str, mut ready: impl FnMut() -> bool) {
    let t = Instant::now();
    while !ready() {
        assert!(t.elapsed() < Duration::from_secs(120), "waited 2 minutes for {what}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

fn finish(child: Child) -> Output {
    child.wait_with_output().unwrap()
}

/// A search's `--out` file and its checkpoint beside it, neither left from an earlier run.
fn out_and_checkpoint(name: &str) -> (PathBuf, PathBuf) {
    let out = temp(&format!("{name}.json"));
    let checkpoint = temp(&format!("{name}.json.checkpoint"));
    for f in [&out, &checkpoint] {
        let _ = std::fs::remove_file(f);
    }
    (out, checkpoint)
}

fn score_of(file: &Path) -> u64 {
    let o = morpion(&["replay", file.to_str().unwrap(), "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    last_json(&o)["moves"].as_u64().unwrap()
}

#[test]
fn a_level_3_run_on_three_ranks_does_exactly_a_million_playouts() {
    let o = run(3, &["search", "--variant", "5D", "--level", "3", "--method", "nrpa", "--quiet", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let j = last_json(&o);
    assert_eq!(j["playouts"], 1_000_000);
    assert_eq!(j["ranks"], 3);
    assert_eq!(j["runs_done"], 1);
    assert_eq!(j["finished"], true);
    // the game is legal: the link replays to the same length
    let link = stdout(&o).lines().find_map(|l| l.strip_prefix("link: ")).unwrap().to_string();
    let r = morpion(&["replay", &link, "--json"]);
    assert!(r.status.success(), "{}", stderr(&r));
    assert_eq!(last_json(&r)["moves"], j["score"]);
    assert!(j["score"].as_u64().unwrap() >= 60, "{j}");
}

#[test]
fn one_rank_of_one_thread_finds_the_game_search_finds() {
    let args = ["--variant", "5T", "--level", "2", "--seed", "5", "--quiet", "--json"];
    let a = run(1, &[&["search"], &args[..]].concat());
    assert!(a.status.success(), "{}", stderr(&a));
    let b = morpion(&[&["search", "--threads", "1"], &args[..]].concat());
    let link = |o: &Output| stdout(o).lines().find(|l| l.starts_with("link: ")).unwrap().to_string();
    assert_eq!(link(&a), link(&b));
    // the default method, stabilized NRPA: 4 playouts per level-1 adapt, on ranks as here
    assert_eq!(last_json(&a)["playouts"], 40_000);
    assert_eq!(last_json(&a)["playouts"], last_json(&b)["playouts"]);
}

#[test]
fn a_playout_budget_is_exact_on_three_ranks_of_two_threads() {
    let o = run(
        3,
        &[
            "search",
            "--variant",
            "5T",
            "--level",
            "2",
            "--playouts",
            "123457",
            "--threads",
            "2",
            "--quiet",
            "--json",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(last_json(&o)["playouts"], 123_457);
}

/// The sorted result lines of a campaign file (its header first).
fn lines(path: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_to_string(path).unwrap().lines().map(String::from).collect();
    v.sort();
    v
}

#[test]
fn a_campaign_on_three_ranks_equals_one_process_even_when_a_rank_is_killed() {
    let (one, many) = (temp("mpi-one.csv"), temp("mpi-many.csv"));
    for f in [&one, &many] {
        let _ = std::fs::remove_file(f);
    }
    let o = morpion(&["bound", "campaign", "--sample", "10", "--out", one.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    // a worker rank dies once a few results are in
    let mark = format!("campaign-{}", std::process::id());
    let args = ["bound", "campaign", "--sample", "10", "--out", many.to_str().unwrap()];
    let child = mpirun(3, &mark, &args).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    wait_for("3 results", || std::fs::read_to_string(&many).is_ok_and(|t| t.lines().count() > 3));
    kill_rank(&mark, 2);
    let killed = finish(child);
    assert!(!killed.status.success(), "mpirun ends the job when a rank dies");
    let before = lines(&many).len();
    assert!(before < 11, "the job died before the end ({before} lines)");
    let resumed = run(3, &[&args[..], &["--resume"]].concat());
    assert!(resumed.status.success(), "{}", stderr(&resumed));
    assert!(stdout(&resumed).contains(&format!("{} already in", before - 1)), "{}", stdout(&resumed));
    // every octagon once, with the single process's value
    assert_eq!(lines(&many), lines(&one));
    for f in [&one, &many] {
        let _ = std::fs::remove_file(f);
    }
}

#[test]
fn a_search_whose_worker_rank_is_killed_resumes_and_keeps_its_best() {
    let (out, checkpoint) = out_and_checkpoint("mpi-best");
    let mark = format!("search-{}", std::process::id());
    let args = ["search", "--variant", "5T", "--level", "3", "--time", "25", "--quiet", "--json", "--out"];
    let args = [&args[..], &[out.to_str().unwrap()]].concat();
    let child = mpirun(3, &mark, &args).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    wait_for("a checkpoint", || checkpoint.exists());
    std::thread::sleep(Duration::from_secs(2));
    kill_rank(&mark, 1);
    let killed = finish(child);
    assert!(!killed.status.success());
    assert!(checkpoint.exists(), "the checkpoint survives");
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&checkpoint).unwrap()).unwrap();
    let best_before = score_of(&out);
    // the same command without --resume refuses to start over it
    let again = run(3, &args);
    assert!(!again.status.success());
    assert!(stderr(&again).contains("add --resume"), "{}", stderr(&again));
    // with another option, the refusal names the one it was started with
    let other = run(3, &[&args[..], &["--resume", "--seed", "2"]].concat());
    assert!(!other.status.success());
    assert!(
        stderr(&other).contains(
            "its seed is 1, this command's is 2 (resume with the options it was started with: --seed 1)"
        ),
        "{}",
        stderr(&other)
    );
    assert!(checkpoint.exists(), "a refused checkpoint is kept");
    let resumed = run(3, &[&args[..], &["--resume"]].concat());
    assert!(resumed.status.success(), "{}", stderr(&resumed));
    let j = last_json(&resumed);
    assert_eq!(j["resumed"], true);
    assert!(j["playouts"].as_u64().unwrap() > saved["playouts"].as_u64().unwrap());
    assert!(j["seconds"].as_f64().unwrap() >= 25.0);
    assert!(j["score"].as_u64().unwrap() >= best_before);
    assert_eq!(score_of(&out), j["score"].as_u64().unwrap());
    assert!(!checkpoint.exists(), "a finished search's checkpoint is removed");
    let _ = std::fs::remove_file(&out);
}

#[test]
fn ctrl_c_to_mpirun_stops_every_rank_and_keeps_the_best_and_a_checkpoint() {
    let (out, checkpoint) = out_and_checkpoint("mpi-int");
    let mark = format!("interrupt-{}", std::process::id());
    let args = ["search", "--variant", "5D", "--level", "3", "--time", "60", "--quiet", "--json", "--out"];
    let args = [&args[..], &[out.to_str().unwrap()]].concat();
    let child = mpirun(3, &mark, &args).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    wait_for("a best game", || out.exists());
    std::thread::sleep(Duration::from_secs(2));
    let t = Instant::now();
    let sent = Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    assert!(sent.success());
    let o = finish(child);
    assert!(t.elapsed() < Duration::from_secs(20), "the stop took {:?}", t.elapsed());
    let j = last_json(&o);
    assert_eq!(j["interrupted"], true, "{}", stderr(&o));
    assert!(j["seconds"].as_f64().unwrap() < 50.0);
    assert_eq!(score_of(&out), j["score"].as_u64().unwrap());
    assert!(checkpoint.exists(), "an interrupted search keeps its checkpoint");
    assert!(stderr(&o).contains("checkpoint saved"), "{}", stderr(&o));
    for f in [&out, &checkpoint] {
        let _ = std::fs::remove_file(f);
    }
}

/// `--out` that comes to hold the user's notes during the search: they are left alone, the
/// search fails (its game given as a link), and its checkpoint stays to resume from.
#[test]
fn a_best_game_not_in_out_keeps_the_checkpoint() {
    let (out, checkpoint) = out_and_checkpoint("mpi-notes");
    let args = ["search", "--variant", "5D", "--level", "3", "--time", "10", "--quiet", "--json", "--out"];
    let args = [&args[..], &[out.to_str().unwrap()]].concat();
    let child = mpirun(3, "notes", &args).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    wait_for("a best game", || out.exists());
    // past the first seconds' many saves: none is under way when the notes are written
    std::thread::sleep(Duration::from_secs(2));
    std::fs::write(&out, "my notes\n").unwrap();
    let o = finish(child);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "my notes\n", "the notes are left alone");
    assert_eq!(last_json(&o)["saved"], false);
    assert!(stderr(&o).contains("here it is as a link: http"), "{}", stderr(&o));
    assert!(stderr(&o).contains("checkpoint kept"), "{}", stderr(&o));
    assert!(checkpoint.exists(), "the checkpoint keeps the best game");
    for f in [&out, &checkpoint] {
        let _ = std::fs::remove_file(f);
    }
}

#[test]
fn the_checkpoint_is_never_the_out_file_nor_another_search_s() {
    let out = temp("mpi-same.json");
    let _ = std::fs::remove_file(&out);
    let o = run(
        2,
        &[
            "search",
            "--variant",
            "5D",
            "--level",
            "1",
            "--out",
            out.to_str().unwrap(),
            "--checkpoint",
            out.to_str().unwrap(),
        ],
    );
    assert!(!o.status.success());
    assert!(stderr(&o).contains("is the --out file"), "{}", stderr(&o));
    assert!(!out.exists(), "nothing was written");
    // a file there already (another search's checkpoint, or anything) is left alone
    let other = temp("mpi-other.checkpoint");
    std::fs::write(&other, "someone's file").unwrap();
    let o = run(2, &["search", "--variant", "5D", "--level", "1", "--checkpoint", other.to_str().unwrap()]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("exists: add --resume"), "{}", stderr(&o));
    let o = run(
        2,
        &["search", "--variant", "5D", "--level", "1", "--resume", "--checkpoint", other.to_str().unwrap()],
    );
    assert!(!o.status.success());
    assert!(stderr(&o).contains("not a checkpoint"), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&other).unwrap(), "someone's file");
    let _ = std::fs::remove_file(&other);
}
