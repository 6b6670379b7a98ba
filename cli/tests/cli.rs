//! The `morpion` binary as a user runs it.

use std::path::PathBuf;
use std::process::{Command, Output};

fn morpion(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_morpion")).args(args).output().expect("runs")
}

/// The record collection kept in the repository (a copy of shared/records).
fn records() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../crate/tests/data/records")
}

fn record(name: &str) -> String {
    records().join(name).to_string_lossy().into_owned()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn replay_prints_the_summary_and_json_last() {
    let o = morpion(&["replay", &record("5t-178-rosin.sjourdois.msr.json"), "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("variant: 5T\nmoves: 178\nfinished: yes"), "{out}");
    let last: serde_json::Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
    assert_eq!(last["variant"], "5T");
    assert_eq!(last["moves"], 178);
    assert_eq!(last["finished"], true);
}

#[test]
fn pentasol_needs_the_variant_and_says_so() {
    let o = morpion(&["replay", &record("5d-82-rosin.anagorko.psol")]);
    assert!(o.status.success());
    assert!(stderr(&o).contains("assuming 5T"), "{}", stderr(&o));
    let o = morpion(&["replay", &record("5d-82-rosin.anagorko.psol"), "--variant", "5D", "--json"]);
    let last: serde_json::Value = serde_json::from_str(stdout(&o).lines().last().unwrap()).unwrap();
    assert_eq!(last["variant"], "5D");
    assert_eq!(last["moves"], 82);
}

#[test]
fn an_illegal_move_fails_with_its_number() {
    let dir = std::env::temp_dir().join(format!("morpion-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.psol");
    // move 2 repeats move 1's dot
    std::fs::write(&bad, "(28,28)\n(27,27) / 0\n(27,27) / 0\n").unwrap();
    let o = morpion(&["replay", bad.to_str().unwrap(), "-v", "5D"]);
    assert!(!o.status.success());
    let err = stderr(&o);
    assert!(err.contains("move 2") && err.contains("already on the board"), "{err}");
    assert!(err.contains("the 1 moves before it are legal"), "{err}");
    let o = morpion(&["replay", dir.join("missing.psol").to_str().unwrap()]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("missing.psol"), "{}", stderr(&o));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn convert_to_a_link_and_back() {
    let o = morpion(&["convert", &record("5t-170-bruneau.anagorko.psol"), "--to", "link"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let link = stdout(&o).trim().to_string();
    assert!(link.starts_with("http://127.0.0.1:8080/#g=1.5T.170."), "{link}");
    let o = morpion(&["replay", &link, "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).lines().last().unwrap().contains("\"moves\":170"));
    let o = morpion(&["convert", &link, "--to", "pentasol"]);
    assert!(stdout(&o).contains("\n(28,28)\n"), "{}", stdout(&o));
    let o = morpion(&["convert", &link, "--to", "link", "--base", "https://example.org/m/"]);
    assert!(stdout(&o).starts_with("https://example.org/m/#g=1.5T.170."));
}

#[test]
fn bad_flags_are_refused() {
    let o = morpion(&["convert", &record("5d-82-rosin.anagorko.psol"), "--to", "png"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("unknown output format 'png'"), "{}", stderr(&o));
    let o = morpion(&["count", "--variant", "7T", "--depth", "2"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("unknown variant '7T'"), "{}", stderr(&o));
}

#[test]
fn count_prints_one_line_per_depth() {
    let o = morpion(&["count", "--variant", "5D", "--depth", "3", "--symmetric"]);
    assert_eq!(stdout(&o), "1 4\n2 55\n3 404\n");
}

#[test]
fn records_lists_and_prints() {
    let o = morpion(&["records"]);
    let out = stdout(&o);
    assert!(out.contains("5t-178-rosin") && out.contains("4d-35-hyyroporanen"), "{out}");
    let o = morpion(&["records", "5d-82", "--to", "msr-json"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["score"], 82);
    let o = morpion(&["records", "nope"]);
    assert!(!o.status.success());
}

#[test]
fn every_command_has_help() {
    for cmd in ["replay", "convert", "count", "records", "search", "bench"] {
        let o = morpion(&[cmd, "--help"]);
        assert!(o.status.success(), "{cmd}");
        assert!(stdout(&o).contains("Usage: morpion"), "{cmd}");
    }
}

#[test]
fn a_closed_pipe_is_not_an_error() {
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_morpion"))
        .args(["records", "5t-178-rosin", "--to", "msr-json"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take()); // the reader leaves before anything is written
    let o = child.wait_with_output().unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(!stderr(&o).contains("panicked"), "{}", stderr(&o));
}

#[test]
fn reads_standard_input_and_writes_a_file() {
    use std::io::Write;
    use std::process::Stdio;
    let text = std::fs::read_to_string(record("5d-82-rosin.anagorko.psol")).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_morpion"))
        .args(["replay", "-", "--variant", "5D", "--json"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(text.as_bytes()).unwrap();
    let o = child.wait_with_output().unwrap();
    assert!(o.status.success());
    assert!(stdout(&o).lines().last().unwrap().contains("\"moves\":82"));

    let out = std::env::temp_dir().join(format!("morpion-cli-out-{}.msr", std::process::id()));
    let o = morpion(&[
        "convert",
        &record("5d-82-rosin.anagorko.psol"),
        "-v",
        "5D",
        "--to",
        "msr",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).is_empty());
    let written = std::fs::read_to_string(&out).unwrap();
    assert!(written.starts_with("MS1:"));
    let o = morpion(&["replay", out.to_str().unwrap(), "--json"]);
    assert!(stdout(&o).lines().last().unwrap().contains("\"variant\":\"5D\""), "{}", stdout(&o));
    std::fs::remove_file(out).ok();
}

#[test]
fn bench_reports_json() {
    let o = morpion(&["bench", "--variant", "5T", "--playouts", "2000", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).lines().last().unwrap()).unwrap();
    assert_eq!(v["variant"], "5T");
    assert!(v["random_playouts_per_second_1_thread"].as_f64().unwrap() > 0.0);
    let mean = v["mean_moves"].as_f64().unwrap();
    assert!((40.0..70.0).contains(&mean), "mean game length {mean}");
}

fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("morpion-cli-{}-{name}", std::process::id()))
}

fn last_json(o: &Output) -> serde_json::Value {
    serde_json::from_str(stdout(o).lines().last().unwrap()).unwrap()
}

#[test]
fn search_finds_a_game_saves_it_and_reports_json() {
    let out = temp("search.msr.json");
    let o = morpion(&[
        "search",
        "-v",
        "5D",
        "-l",
        "2",
        "-t",
        "2",
        "--seed",
        "3",
        "-o",
        out.to_str().unwrap(),
        "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v = last_json(&o);
    let score = v["score"].as_u64().unwrap();
    assert!(score >= 55, "{score}");
    assert_eq!(v["playouts"], 10_000);
    assert!(v["seconds"].as_f64().unwrap() > 0.0);
    assert_eq!((v["threads"].as_u64(), v["level"].as_u64()), (Some(2), Some(2)));
    // the saved file is MSR JSON with that game, finished
    let text = std::fs::read_to_string(&out).unwrap();
    let saved: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(saved["score"].as_u64(), Some(score));
    let r = last_json(&morpion(&["replay", out.to_str().unwrap(), "--json"]));
    assert_eq!((r["moves"].as_u64(), r["finished"].as_bool()), (Some(score), Some(true)));
    std::fs::remove_file(out).ok();
}

#[test]
fn search_with_one_thread_and_a_seed_repeats_itself() {
    let run = |seed: &str| {
        let o = morpion(&["search", "-v", "5T", "-l", "1", "-t", "1", "--seed", seed, "-q"]);
        assert!(o.status.success(), "{}", stderr(&o));
        stdout(&o).lines().filter(|l| !l.contains(" s (")).collect::<Vec<_>>().join("\n")
    };
    assert_eq!(run("11"), run("11"));
    assert_ne!(run("11"), run("12"));
}

#[test]
fn search_continues_the_first_moves_of_a_record() {
    let out = temp("from.csv.msr.json");
    let rec = record("5t-178-rosin.sjourdois.msr.json");
    let o = morpion(&[
        "search",
        "--from",
        &rec,
        "--take",
        "100",
        "-l",
        "1",
        "-o",
        out.to_str().unwrap(),
        "--json",
        "-q",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v = last_json(&o);
    assert_eq!((v["variant"].as_str(), v["from_moves"].as_u64()), (Some("5T"), Some(100)));
    assert!(v["score"].as_u64().unwrap() > 100);
    let csv = |file: &str| stdout(&morpion(&["convert", file, "--to", "csv"]));
    let given: Vec<String> = csv(&rec).lines().map(str::to_string).collect();
    let found: Vec<String> = csv(out.to_str().unwrap()).lines().map(str::to_string).collect();
    // after the comment and the column names, the first 100 moves are the record's
    assert_eq!(found[1], "x,y,dir,pos");
    assert_eq!(found[2..102], given[2..102]);
    assert_ne!(found[102..], given[102..]);
    std::fs::remove_file(out).ok();
}

#[test]
fn search_refuses_bad_requests_clearly() {
    let cases: [(&[&str], &str); 7] = [
        (&["search"], "needs --variant"),
        (&["search", "-v", "3T"], "forever"),
        (&["search", "-v", "5D", "-l", "0"], "level 0 is out of range"),
        (&["search", "-v", "5D", "--time", "5x"], "bad duration '5x'"),
        (&["search", "-v", "5D", "--alpha", "0"], "alpha must be a positive number"),
        (&["search", "-v", "5D", "-t", "0"], "--threads must be at least 1"),
        (&["search", "--from", "5t-178-rosin-nowhere.json"], "5t-178-rosin-nowhere.json"),
    ];
    for (args, says) in cases {
        let o = morpion(args);
        assert!(!o.status.success(), "{args:?}");
        assert!(stderr(&o).contains(says), "{args:?}: {}", stderr(&o));
    }
    // a finished game has nothing left to search
    let o = morpion(&["search", "--from", &record("5d-82-rosin.sjourdois.msr.json")]);
    assert!(stderr(&o).contains("already over (82 moves"), "{}", stderr(&o));
    let o = morpion(&["search", "--from", &record("5d-82-rosin.sjourdois.msr.json"), "--take", "90"]);
    assert!(stderr(&o).contains("has only 82 moves"), "{}", stderr(&o));
}

/// Ctrl+C (SIGINT) stops the search cleanly: exit 0, the best game printed and saved.
#[test]
fn search_stops_cleanly_on_ctrl_c() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    let out = temp("interrupted.msr.json");
    let mut child = Command::new(env!("CARGO_BIN_EXE_morpion"))
        .args(["search", "-v", "5T", "--time", "1h", "-t", "1", "-o", out.to_str().unwrap(), "--json"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // the first progress line (after a second) shows the search is under way
    let mut err = BufReader::new(child.stderr.take().unwrap());
    let mut first = String::new();
    err.read_line(&mut first).unwrap();
    assert!(first.contains("playouts"), "{first}");
    let killed = Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    assert!(killed.success());
    let o = child.wait_with_output().unwrap();
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut err, &mut rest).unwrap();
    assert!(o.status.success(), "{rest}");
    assert!(rest.contains("interrupted: stopping"), "{rest}");
    let v = last_json(&o);
    assert_eq!(v["interrupted"], true);
    let score = v["score"].as_u64().unwrap();
    let r = last_json(&morpion(&["replay", out.to_str().unwrap(), "--json"]));
    assert_eq!(r["moves"].as_u64(), Some(score));
    std::fs::remove_file(out).ok();
}
