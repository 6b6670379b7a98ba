//! The `morpion` binary as a user runs it.

mod common;

use common::{last_json, morpion, record, stderr, stdout, temp};
use std::path::PathBuf;
use std::process::Command;

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
    // the line and the coordinates as the file writes them
    assert!(
        err.contains("Pentasol, line 3: move 2, (27,27) / 0, is illegal in 5D: the new dot (27,27) is already on the board"),
        "{err}"
    );
    assert!(err.contains("(the move before it is legal)"), "{err}");
    // the error names the file, however long its path
    let deep = dir.join("a-folder-whose-name-makes-the-path-longer-than-sixty-characters");
    std::fs::create_dir_all(&deep).unwrap();
    let long = deep.join("bad.psol");
    std::fs::copy(&bad, &long).unwrap();
    let o = morpion(&["replay", long.to_str().unwrap(), "-v", "5D"]);
    assert!(
        stderr(&o).starts_with(&format!("error: {}: Pentasol, line 3", long.display())),
        "{}",
        stderr(&o)
    );
    let o = morpion(&["replay", dir.join("missing.psol").to_str().unwrap()]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("missing.psol"), "{}", stderr(&o));
    // the system's words, without its error code
    assert!(!stderr(&o).contains("os error"), "{}", stderr(&o));
    // a file's control characters quoted in a message reach the terminal escaped: none
    // clears the screen or colours what follows
    let esc = dir.join("esc.csv");
    std::fs::write(&esc, "x,y,dir,pos\n3,4,\x1b[2J\x1b[31mV,4\n").unwrap();
    let o = morpion(&["replay", esc.to_str().unwrap()]);
    assert!(!o.status.success());
    let err = stderr(&o);
    assert!(err.contains(r"\u{1b}[2J\u{1b}[31mV") && !err.contains('\x1b'), "{err}");
    std::fs::write(&esc, "x,y,dir,pos\n3,4,\u{202e}V,4\n").unwrap();
    let err = stderr(&morpion(&["replay", esc.to_str().unwrap()]));
    assert!(err.contains(r"\u{202e}V") && !err.contains('\u{202e}'), "{err}");
    // a long MS1 string given as the argument is named as one, not as a link
    let o = morpion(&["replay", &format!("MS1:{}", "A".repeat(69))]);
    assert!(stderr(&o).starts_with("error: the MS1 string given: "), "{}", stderr(&o));
    // a character of another encoding is read as Latin-1, as the page reads it, and said
    // where it is; bytes that are no text, as such
    let latin = dir.join("latin.csv");
    let said: [(&[u8], &str); 4] = [
        (
            b"x,y,dir,pos\n3,4,V,4\n3,5,V,1 # caf\xe9\n",
            "latin.csv: line 3, column 14: not UTF-8 text; read as Latin-1 (Windows-1252)",
        ),
        (b"\xc9tienne\n", "latin.csv: line 1, column 1: not UTF-8 text; read as Latin-1"),
        // a byte order mark is no column
        (b"\xef\xbb\xbf\xc9tienne\n", "latin.csv: line 1, column 1: not UTF-8 text"),
        (b"\x89PNG\r\n\x1a\n\0\0", "latin.csv: not a text file (not UTF-8)"),
    ];
    for (bytes, message) in said {
        std::fs::write(&latin, bytes).unwrap();
        let o = morpion(&["replay", latin.to_str().unwrap()]);
        assert!(stderr(&o).contains(message), "{}", stderr(&o));
    }
    // the game in a Latin-1 file plays
    std::fs::write(&latin, b"# 5T 1 move, caf\xe9\nx,y,dir,pos\n3,-1,V,0\n").unwrap();
    let o = morpion(&["replay", latin.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("moves: 1"), "{}", stdout(&o));
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
    // `-o -` is standard output, as in search, not a file named "-"
    let o = morpion(&["convert", &link, "--to", "link", "-o", "-"]);
    assert_eq!(stdout(&o).trim(), link);
    assert!(!std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("-").exists());
}

#[test]
fn bad_flags_are_refused() {
    let o = morpion(&["convert", &record("5d-82-rosin.anagorko.psol"), "--to", "png"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("unknown output format 'png'"), "{}", stderr(&o));
    let o = morpion(&["count", "--variant", "7T", "--depth", "2"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("unknown variant '7T'"), "{}", stderr(&o));
    let o = morpion(&["search", "-v", "5D", "--playouts", "18446744073709551616"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("18446744073709551616 is too large for this option"), "{}", stderr(&o));
    let o = morpion(&["count", "-v", "5D", "--depth", "0"]);
    assert!(stderr(&o).contains("expected a whole number, 1 or more"), "{}", stderr(&o));
}

#[test]
fn count_prints_one_line_per_depth() {
    let o = morpion(&["count", "--variant", "5D", "--depth", "3", "--symmetric"]);
    assert_eq!(stdout(&o), "1 4\n2 55\n3 404\n");
    // up to the first depth with none, however deep the request: a row of five dots
    // has two moves, each ending the game
    for how in ["--symmetric", "--sequences"] {
        let o = morpion(&["count", "-v", "5T", "-d", "4000000000", "--start", "0,0 1,0 2,0 3,0 4,0", how]);
        assert_eq!(stdout(&o), if how == "--symmetric" { "1 1\n2 0\n" } else { "1 2\n2 0\n" }, "{how}");
    }
}

#[test]
fn records_lists_and_prints() {
    let o = morpion(&["records"]);
    let out = stdout(&o);
    assert!(out.contains("5t-178-rosin") && out.contains("4d-35-hyyroporanen"), "{out}");
    // dates and unknowns in words, as a record's label says them
    let line =
        |name: &str| out.lines().find(|l| l.starts_with(name)).unwrap_or_else(|| panic!("{name}: {out}"));
    assert!(
        line("5t-172-tishchenko").ends_with("Dimitri Tishchenko                       2014 or before"),
        "{out}"
    );
    assert!(line("5t-20-worst").ends_with("unknown                                  unknown"), "{out}");
    assert!(!out.contains("<=") && !out.contains(" ?"), "{out}");
    let o = morpion(&["records", "5d-82", "--to", "msr-json"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["score"], 82);
    let o = morpion(&["records", "nope"]);
    assert!(!o.status.success() && stderr(&o).contains("no record called 'nope'"), "{}", stderr(&o));
    let o = morpion(&["records", " "]);
    assert!(!o.status.success() && stderr(&o).contains("no record name given"), "{}", stderr(&o));
    // a name that starts several: which, not "no record"
    let o = morpion(&["records", "5t-178"]);
    assert!(
        !o.status.success()
            && stderr(&o)
                .contains("'5t-178' could be 5t-178-rosin, 5t-178-rosin-variant-anagorko: give more"),
        "{}",
        stderr(&o)
    );
    // --to says how to print one record: without a name it is an error, not ignored
    let o = morpion(&["records", "--to", "link"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("<NAME>"), "{}", stderr(&o));
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
    // the same conversion again writes the same text: fine
    let convert = |from: &str, force: bool| {
        let mut args = vec!["convert", from, "-v", "5D", "--to", "msr", "-o", out.to_str().unwrap()];
        if force {
            args.push("--force");
        }
        morpion(&args)
    };
    let rosin = record("5d-82-rosin.anagorko.psol");
    assert!(convert(&rosin, false).status.success());
    // another game is not written over it, nor over notes, without --force
    let other = temp("first-move.json");
    let first = morpion(&["convert", &rosin, "-v", "5D", "--to", "msr-json"]);
    let first: serde_json::Value = serde_json::from_str(&stdout(&first)).unwrap();
    let mut one = first.clone();
    one["moves"] = serde_json::json!([first["moves"][0]]);
    std::fs::write(&other, one.to_string()).unwrap();
    let o = convert(other.to_str().unwrap(), false);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("holds an 82-move 5D game (MS1"), "{}", stderr(&o));
    assert!(std::fs::read_to_string(&out).unwrap().starts_with("MS1:"));
    assert_eq!(moves_in(&out), 82);
    assert!(convert(other.to_str().unwrap(), true).status.success());
    assert_eq!(moves_in(&out), 1);
    std::fs::write(&out, "my notes\n").unwrap();
    let o = convert(&rosin, false);
    assert!(
        stderr(&o).contains("holds text that is not a game: choose another file, or add --force"),
        "{}",
        stderr(&o)
    );
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "my notes\n");
    std::fs::remove_file(out).ok();
    std::fs::remove_file(other).ok();
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
    // the default method, stabilized NRPA: 4 playouts per level-1 adapt
    assert_eq!((v["method"].as_str(), v["stabilize"].as_u64()), (Some("stabilized"), Some(4)));
    assert_eq!(v["playouts"], 40_000);
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

/// `--method` picks a method by name; `--stabilize`, `--clamp`, `--prior` and `--ties`
/// override its knobs, and the search then says it is no method's.
#[test]
fn search_methods_are_chosen_by_name() {
    let one = |extra: &[&str]| {
        let mut args = vec!["search", "-v", "5D", "-l", "1", "-t", "1", "-q", "--json"];
        args.extend_from_slice(extra);
        let o = morpion(&args);
        assert!(o.status.success(), "{}", stderr(&o));
        (last_json(&o), stdout(&o))
    };
    let (v, out) = one(&["--method", "nrpa"]);
    assert_eq!(
        (v["method"].as_str(), v["stabilize"].as_u64(), v["playouts"].as_u64(), v["ties"].as_str()),
        (Some("nrpa"), Some(1), Some(100), Some("newer"))
    );
    assert!(out.contains("search: NRPA level 1,"), "{out}");
    let (v, out) = one(&[]);
    assert_eq!(
        (v["method"].as_str(), v["playouts"].as_u64(), v["ties"].as_str()),
        (Some("stabilized"), Some(400), Some("newer"))
    );
    assert!(
        out.contains("search: stabilized NRPA (4 playouts per adapt, weights within ±6) level 1,"),
        "{out}"
    );
    let (v, out) = one(&["--stabilize", "3", "--clamp", "9"]);
    assert_eq!(
        (v["method"].as_str(), v["playouts"].as_u64(), v["clamp"].as_f64()),
        (None, Some(300), Some(9.0))
    );
    assert!(out.contains("search: NRPA (3 playouts per adapt, weights within ±9) level 1,"), "{out}");
    let (v, out) = one(&["--prior", "0.5"]);
    assert_eq!((v["method"].as_str(), v["prior"].as_f64()), (None, Some(0.5)));
    assert!(
        out.contains("search: NRPA (4 playouts per adapt, weights within ±6, prior 0.5) level 1,"),
        "{out}"
    );
    let (v, _) = one(&["--prior", "0"]);
    assert_eq!((v["method"].as_str(), v["prior"].as_f64()), (Some("stabilized"), Some(0.0)));
    // compact ties are no method's
    let (v, out) = one(&["--ties", "compact"]);
    assert_eq!((v["method"].as_str(), v["ties"].as_str()), (None, Some("compact")));
    assert!(
        out.contains(
            "search: NRPA (4 playouts per adapt, weights within ±6, ties to the more compact game) level 1,"
        ),
        "{out}"
    );
    let (v, out) = one(&["--method", "nrpa", "--ties", "compact"]);
    assert_eq!((v["method"].as_str(), v["ties"].as_str()), (None, Some("compact")));
    assert!(
        out.contains("search: NRPA (1 playout per adapt, ties to the more compact game) level 1,"),
        "{out}"
    );
    let (v, _) = one(&["--ties", "newer"]);
    assert_eq!(v["method"].as_str(), Some("stabilized"));
    // shorter top-level runs are any method's: the run's length, not how it learns
    let (v, out) = one(&["--top-iterations", "30"]);
    assert_eq!(
        (
            v["method"].as_str(),
            v["iterations"].as_u64(),
            v["top_iterations"].as_u64(),
            v["playouts"].as_u64()
        ),
        (Some("stabilized"), Some(100), Some(30), Some(120))
    );
    assert!(out.contains("level 1, 100 iterations (30 at the top level), alpha 1,"), "{out}");
    let (v, _) = one(&[]);
    assert_eq!(v["top_iterations"].as_u64(), Some(100));
    let o = morpion(&["search", "-v", "5D", "-l", "1", "--ties", "oldest"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("'oldest'") && stderr(&o).contains("newer, compact"), "{}", stderr(&o));
}

/// The report lists each top-level run's best and the iteration that reached it, in text
/// and in JSON; a run the budget cut short says so; level 1 lists none.
#[test]
fn search_lists_its_runs() {
    let args = ["search", "-v", "5D", "-l", "2", "-t", "1", "--method", "nrpa", "-q", "--json"];
    // runs of 5 level-1 searches (500 playouts), two and a half of them
    let o = morpion(&[&args[..], &["--top-iterations", "5", "--playouts", "1250"]].concat());
    assert!(o.status.success(), "{}", stderr(&o));
    let (v, out) = (last_json(&o), stdout(&o));
    let runs = v["runs"].as_array().expect("a list of runs");
    assert_eq!(runs.len(), 3, "{v}");
    let shape: Vec<_> =
        runs.iter().map(|r| (r["run"].as_u64(), r["iterations"].as_u64(), r["finished"].as_bool())).collect();
    assert_eq!(
        shape,
        [(Some(1), Some(5), Some(true)), (Some(2), Some(5), Some(true)), (Some(3), Some(3), Some(false))]
    );
    let best = runs.iter().filter_map(|r| r["best"].as_u64()).max();
    assert_eq!(best, v["score"].as_u64(), "the best run holds the best game");
    let line = out.lines().find(|l| l.starts_with("runs: ")).expect("a runs line");
    let said: Vec<String> =
        runs.iter().map(|r| format!("{} from iteration {}", r["best"], r["best_iteration"])).collect();
    assert_eq!(line, format!("runs: {}, {}, {} (stopped after 3 iterations)", said[0], said[1], said[2]));
    // level 1: no runs line, an empty list
    let o = morpion(&["search", "-v", "5D", "-l", "1", "-t", "1", "--playouts", "1000", "-q", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(last_json(&o)["runs"].as_array().map(Vec::len), Some(0));
    assert!(!stdout(&o).lines().any(|l| l.starts_with("runs:")), "{}", stdout(&o));
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
fn a_links_shown_move_is_where_commands_go_on_from() {
    let rec = record("5t-178-rosin.sjourdois.msr.json");
    let link = stdout(&morpion(&["convert", &rec, "--to", "link"])).trim().to_string();
    assert!(link.contains("#g=") && !link.contains("&m="), "{link}");
    let at = |m: &str| format!("{link}&m={m}");
    // the page's "on from this position": a link stepped back to move 120
    let o = morpion(&["search", "--from", &at("120"), "-l", "1", "--json", "-q"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(last_json(&o)["from_moves"].as_u64(), Some(120));
    assert!(
        stderr(&o).contains("the link shows its game at move 120 of 178: going on from there"),
        "{}",
        stderr(&o)
    );
    let o = morpion(&["bound", "position", &at("120"), "--json"]);
    assert_eq!(last_json(&o)["score"], 120, "{}", stderr(&o));
    // --take says otherwise, and wins without a note
    let o = morpion(&["bound", "position", &at("120"), "--take", "130", "--json"]);
    assert_eq!(last_json(&o)["score"], 130);
    assert!(!stderr(&o).contains("note:"), "{}", stderr(&o));
    // a shown move past the game's end: the whole game, and a note that says so
    for command in [&["replay"][..], &["bound", "position"][..]] {
        let mut args = command.to_vec();
        let bad = at("999");
        args.extend([bad.as_str(), "--json"]);
        let o = morpion(&args);
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains("(m=) is not one of its game's 0 to 178"), "{args:?}: {}", stderr(&o));
    }
    // replay checks the whole game, whatever move the link shows
    let o = morpion(&["replay", &at("120"), "--json"]);
    assert_eq!(last_json(&o)["moves"], 178);
}

#[test]
fn search_refuses_bad_requests_clearly() {
    let cases: [(&[&str], &str); 24] = [
        (&["search"], "needs --variant"),
        (&["search", "-v", "5D", "--method", "beam"], "invalid value 'beam' for '--method <METHOD>'"),
        (
            &["search", "-v", "5D", "--clamp", "-1"],
            "--clamp: the weight clamp must be a number above 0 and at most 100 (got -1)",
        ),
        (
            &["search", "-v", "5D", "--prior", "-1"],
            "the prior's strength must be a number from 0 to 100 (got -1)",
        ),
        (
            &["search", "-v", "5D", "--prior", "inf"],
            "the prior's strength must be a number from 0 to 100 (got inf)",
        ),
        (&["search", "-v", "5D", "--stabilize", "0"], "1 or more"),
        (&["search", "-v", "3T"], "forever"),
        (&["search", "-v", "5D", "-l", "0"], "--level: level 0 is out of range"),
        (&["search", "-v", "5D", "--time", "5x"], "bad duration '5x'"),
        (&["search", "-v", "5D", "--time", "99999999999999999999s"], "too long: at most 366 days"),
        (&["search", "-v", "5D", "--alpha", "0"], "alpha must be a number above 0 and at most 100 (got 0)"),
        (
            &["search", "-v", "5D", "--alpha", "inf"],
            "alpha must be a number above 0 and at most 100 (got inf)",
        ),
        (&["search", "-v", "5D", "--alpha", "1e300"], "at most 100 (got 1e300)"),
        (&["search", "-v", "5D", "-t", "0"], "--threads must be at least 1"),
        (&["search", "-v", "5D", "-t", "10000"], "--threads 10000 is too many: at most"),
        (&["search", "-v", "5D", "--playouts", "0"], "1 or more"),
        (&["search", "-v", "5D", "-n", "0"], "iterations must be at least 1"),
        (
            &["search", "-v", "5D", "--top-iterations", "0"],
            "--top-iterations: a top-level run's iterations must be at least 1",
        ),
        (&["search", "--from", "5t-178-rosin-nowhere.json"], "5t-178-rosin-nowhere.json"),
        (&["replay", "/"], "/ is a folder: give a game file"),
        (&["search", "-v", "5D", "--time", "0s"], "duration '0s' is no time at all"),
        (&["bound", "octagons", "--list", "--json"], "cannot be used with"),
        (&["count", "-v", "5T", "--depth", "0"], "1 or more"),
        (&["bench", "-v", "5T", "--playouts", "0"], "100 or more"),
    ];
    for (args, says) in cases {
        let o = morpion(args);
        // an error exit (1, or 2 for a flag clap refuses), never a panic or a signal
        assert!(matches!(o.status.code(), Some(1 | 2)), "{args:?}: {:?}", o.status);
        assert!(!stderr(&o).contains("panicked"), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(says), "{args:?}: {}", stderr(&o));
    }
    // a finished game has nothing left to search
    let finished = record("5d-82-rosin.sjourdois.msr.json");
    let o = morpion(&["search", "--from", &finished]);
    assert!(stderr(&o).contains("already over (82 moves"), "{}", stderr(&o));
    // named by its path, however long, not called a link
    assert!(stderr(&o).contains(&format!("the game in {finished} is already over")), "{}", stderr(&o));
    let o = morpion(&["search", "--from", &record("5d-82-rosin.sjourdois.msr.json"), "--take", "90"]);
    assert!(stderr(&o).contains("has only 82 moves"), "{}", stderr(&o));
}

/// A file of the collection, copied to a new scratch file of the user's (tests change their
/// copies only; the copy does not take the original's permissions).
fn copy_of(name: &str, to: &str) -> PathBuf {
    let path = temp(to);
    std::fs::write(&path, std::fs::read(record(name)).unwrap()).unwrap();
    path
}

/// The moves in a game file (any format).
fn moves_in(path: &std::path::Path) -> u64 {
    last_json(&morpion(&["replay", path.to_str().unwrap(), "--json"]))["moves"].as_u64().unwrap()
}

/// `--out` over a longer game of the same variant keeps it: a level-1 search (about 60
/// moves) never replaces Rosin's 82; `--force` does.
#[test]
fn search_never_replaces_a_longer_game() {
    let keep = copy_of("5d-82-rosin.sjourdois.msr.json", "keep.json");
    let before = std::fs::read(&keep).unwrap();
    let search = |extra: &[&str]| {
        let mut args =
            vec!["search", "-v", "5D", "-l", "1", "-t", "1", "-q", "--json", "-o", keep.to_str().unwrap()];
        args.extend_from_slice(extra);
        morpion(&args)
    };
    let o = search(&[]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("holds an 82-move 5D game: only a longer game replaces it"),
        "{}",
        stderr(&o)
    );
    assert!(
        stdout(&o).contains("kept: ") && stdout(&o).contains("holds a game of 82 moves"),
        "{}",
        stdout(&o)
    );
    assert_eq!(last_json(&o)["saved"], false);
    assert_eq!(std::fs::read(&keep).unwrap(), before, "the 82-move game is untouched");
    // --force replaces it
    let o = search(&["--force"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(last_json(&o)["saved"], true);
    assert_eq!(last_json(&o)["to_be_written"], false, "a regular file is saved as the search goes");
    let found = last_json(&o)["score"].as_u64().unwrap();
    assert!(found < 82);
    assert_eq!(moves_in(&keep), found);
    // a shorter game of the variant there (Rosin's first 10 moves, as CSV) is replaced by
    // a longer one, and the output says so
    let csv = stdout(&morpion(&["records", "5d-82", "--to", "csv"]));
    let first_ten: Vec<&str> = csv.lines().take(12).collect();
    std::fs::write(&keep, first_ten.join("\n")).unwrap();
    assert_eq!(moves_in(&keep), 10);
    let o =
        morpion(&["search", "-v", "5D", "-l", "1", "-t", "1", "-q", "--json", "-o", keep.to_str().unwrap()]);
    assert!(stderr(&o).contains("holds a 10-move 5D game"), "{}", stderr(&o));
    let v = last_json(&o);
    assert_eq!(v["saved"], true);
    assert!(
        stdout(&o).contains(&format!("saved: {} (MSR JSON, {} moves)", keep.display(), v["score"])),
        "{}",
        stdout(&o)
    );
    assert_eq!(moves_in(&keep), v["score"].as_u64().unwrap());
    std::fs::remove_file(keep).ok();
}

/// A file that is not a game of the variant is never overwritten without --force.
#[test]
fn search_leaves_other_files_alone() {
    let notes = temp("notes.txt");
    std::fs::write(&notes, "my notes, not a game\n").unwrap();
    let o = morpion(&["search", "-v", "5D", "-l", "1", "-q", "-o", notes.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("holds something that is not a game this program reads")
            && stderr(&o).contains("--force"),
        "{}",
        stderr(&o)
    );
    assert_eq!(std::fs::read_to_string(&notes).unwrap(), "my notes, not a game\n");
    // a game of another variant either
    let other = copy_of("5t-178-rosin.sjourdois.msr.json", "other.json");
    let o = morpion(&["search", "-v", "5D", "-l", "1", "-q", "-o", other.to_str().unwrap()]);
    assert!(stderr(&o).contains("holds a 178-move 5T game, not 5D"), "{}", stderr(&o));
    assert_eq!(moves_in(&other), 178);
    // a game whose file does not say its variant is not taken for one: Rosin's 5D record
    // as Pentasol would read as a 5T game, and a 5T search must not replace it
    let psol = copy_of("5d-82-rosin.anagorko.psol", "rosin.psol");
    let before = std::fs::read(&psol).unwrap();
    let o = morpion(&["search", "-v", "5T", "-l", "1", "-q", "-o", psol.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("whose variant the file does not say (pentasol)"), "{}", stderr(&o));
    assert_eq!(std::fs::read(&psol).unwrap(), before);
    std::fs::remove_file(psol).ok();
    // an empty file is nothing to keep
    std::fs::write(&notes, "").unwrap();
    let o = morpion(&["search", "-v", "5D", "-l", "1", "-t", "1", "-q", "-o", notes.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(moves_in(&notes) > 30);
    std::fs::remove_file(notes).ok();
    std::fs::remove_file(other).ok();
}

/// Links are followed (and stay links), a FILE.part of the user's stays, no temporary is
/// left behind, and devices are written in place, never replaced.
#[cfg(unix)]
#[test]
fn search_writes_through_links_and_to_devices_in_place() {
    let dir = temp("out-dir");
    std::fs::create_dir_all(&dir).unwrap();
    let real = dir.join("real.json");
    let link = dir.join("best.json");
    std::os::unix::fs::symlink("real.json", &link).unwrap();
    std::fs::write(dir.join("best.json.part"), "the user's").unwrap();
    let o = morpion(&["search", "-v", "5D", "-l", "1", "-t", "1", "-q", "-o", link.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink(), "the link stays a link");
    assert!(moves_in(&real) > 30);
    assert_eq!(std::fs::read_to_string(dir.join("best.json.part")).unwrap(), "the user's");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["best.json", "best.json.part", "real.json"]);
    std::fs::remove_dir_all(&dir).ok();
    // /dev/stdout: the game is written there once, at the end, after the summary; when
    // standard output is a file opened for appending, what it held stays
    let log = temp("appended.log");
    std::fs::write(&log, "what the log held\n").unwrap();
    let bin = env!("CARGO_BIN_EXE_morpion");
    let command = format!("{bin} search -v 5D -l 1 -t 1 -q -o /dev/stdout >> '{}'", log.display());
    let o = Command::new("sh").args(["-c", &command]).output().unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stderr(&o).contains("not a regular file: the best game is written there once"), "{}", stderr(&o));
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(text.starts_with("what the log held\nbest: "), "{text}");
    let summary = text.find("to be written: /dev/stdout").unwrap();
    let game = text.find("\"version\": \"0.1\"").unwrap();
    assert!(summary < game, "the game follows the summary: {text}");
    std::fs::remove_file(log).ok();
    // /dev/full: a clear error, and the device is still a device
    use std::os::unix::fs::FileTypeExt;
    if std::path::Path::new("/dev/full").exists() {
        let o = morpion(&["search", "-v", "5D", "-l", "1", "-t", "1", "-q", "--json", "-o", "/dev/full"]);
        assert_eq!(o.status.code(), Some(1));
        // nor did the JSON, printed before the write: the game is still to be written
        assert_eq!(last_json(&o)["saved"], false);
        assert_eq!(last_json(&o)["to_be_written"], true);
        assert!(stderr(&o).contains("/dev/full: writing: No space left on device"), "{}", stderr(&o));
        // the summary did not say it was saved
        assert!(stdout(&o).contains("to be written: /dev/full"), "{}", stdout(&o));
        assert!(!stdout(&o).contains("saved: /dev/full"), "{}", stdout(&o));
        // the game found is not lost: printed, and given as a link
        assert!(stdout(&o).contains("best: "), "{}", stdout(&o));
        assert!(
            stderr(&o).contains("was not saved; here it is as a link: http://127.0.0.1:8080/#g=1.5D."),
            "{}",
            stderr(&o)
        );
        assert!(std::fs::metadata("/dev/full").unwrap().file_type().is_char_device());
    }
}

/// `--playouts N` does exactly N; a time budget holds with many threads.
#[test]
fn search_budgets_are_kept() {
    let v = last_json(&morpion(&[
        "search",
        "-v",
        "5T",
        "-l",
        "2",
        "-t",
        "2",
        "--playouts",
        "100",
        "-q",
        "--json",
    ]));
    assert_eq!(v["playouts"], 100);
    let max = (4 * std::thread::available_parallelism().map_or(1, |n| n.get())).to_string();
    let o = morpion(&["search", "-v", "5T", "-t", &max, "--time", "1s", "-q", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let seconds = last_json(&o)["seconds"].as_f64().unwrap();
    assert!(seconds < 10.0, "a 1 s search on {max} threads took {seconds} s");
}

/// Inputs larger than any game are refused early, from a device or a pipe.
#[cfg(unix)]
#[test]
fn endless_input_is_refused_early() {
    let o = morpion(&["replay", "/dev/zero"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("/dev/zero: larger than 4 MB"), "{}", stderr(&o));
    let o = Command::new("sh")
        .args(["-c", &format!("yes | {} replay -", env!("CARGO_BIN_EXE_morpion"))])
        .output()
        .unwrap();
    assert!(stderr(&o).contains("standard input: larger than 4 MB"), "{}", stderr(&o));
}

/// What `convert` writes as Pentasol or Flammenkamp, `replay` reads back in its variant.
#[test]
fn own_pentasol_reads_back_in_its_variant() {
    for to in ["pentasol", "flammenkamp"] {
        let file = temp(&format!("own.{to}"));
        let o = morpion(&["records", "5d-82", "--to", to]);
        std::fs::write(&file, stdout(&o)).unwrap();
        let o = morpion(&["replay", file.to_str().unwrap(), "--json"]);
        assert!(o.status.success(), "{}", stderr(&o));
        assert_eq!(last_json(&o)["variant"], "5D", "{to}");
        assert!(stderr(&o).contains("reading 5D, as its header comment says"), "{}", stderr(&o));
        std::fs::remove_file(file).ok();
    }
}

/// `search -o` saves in the format its name says (`.psol`: Pentasol) or `--out-format`
/// asks for, and refuses, before searching, a format that cannot hold the variant's games.
#[test]
fn search_saves_in_the_format_asked_for() {
    let psol = temp("search-out.psol");
    std::fs::remove_file(&psol).ok();
    let o =
        morpion(&["search", "-v", "5D", "-l", "1", "-t", "1", "-q", "--json", "-o", psol.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let n = last_json(&o)["score"].as_u64().unwrap();
    assert!(stdout(&o).contains(&format!("(Pentasol, {n} moves)")), "{}", stdout(&o));
    let text = std::fs::read_to_string(&psol).unwrap();
    assert!(text.starts_with(&format!("# Morpion Solitaire 5D, {n} moves\n")), "{text}");
    assert_eq!(moves_in(&psol), n);
    std::fs::remove_file(&psol).ok();

    let link = temp("search-out.txt");
    let o = morpion(&[
        "search",
        "-v",
        "5D",
        "-l",
        "1",
        "-t",
        "1",
        "-q",
        "-o",
        link.to_str().unwrap(),
        "--out-format",
        "link",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(&link).unwrap();
    assert!(text.contains("#g=1.5D.") && text.ends_with('\n') && text.lines().count() == 1, "{text}");
    std::fs::remove_file(&link).ok();

    // Pentasol has 5-point lines only: a 4T search is refused at once, and makes no file
    let four = temp("search-out-4t.psol");
    std::fs::remove_file(&four).ok();
    let o = morpion(&["search", "-v", "4T", "-l", "1", "-q", "-o", four.to_str().unwrap()]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("is saved as Pentasol, which cannot hold this search's games: it has 5-point lines only, and this search is 4T"), "{}", stderr(&o));
    assert!(!four.exists());
    let o = morpion(&["search", "-v", "5T", "-l", "1", "-q", "-o", "x.json", "--out-format", "gillioz"]);
    assert!(!o.status.success() && stderr(&o).contains("unknown output format 'gillioz'"), "{}", stderr(&o));
}

/// Under `nohup` (SIGHUP ignored when it starts), a hangup does not stop the search; a
/// SIGTERM still does, cleanly.
#[cfg(target_os = "linux")]
#[test]
fn search_under_nohup_survives_a_hangup() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    let command =
        format!("trap '' HUP; exec {} search -v 5T --time 1h -t 1 --json", env!("CARGO_BIN_EXE_morpion"));
    let mut child = Command::new("sh")
        .args(["-c", &command])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut err = BufReader::new(child.stderr.take().unwrap());
    let mut line = String::new();
    err.read_line(&mut line).unwrap();
    assert!(Command::new("kill").args(["-HUP", &child.id().to_string()]).status().unwrap().success());
    // two more progress lines (a second each) prove it goes on
    for _ in 0..2 {
        line.clear();
        err.read_line(&mut line).unwrap();
        assert!(line.contains("playouts"), "{line}");
    }
    assert!(child.try_wait().unwrap().is_none(), "still searching after the hangup");
    assert!(Command::new("kill").args(["-TERM", &child.id().to_string()]).status().unwrap().success());
    let o = child.wait_with_output().unwrap();
    assert!(o.status.success());
    assert_eq!(last_json(&o)["interrupted"], true);
}

/// Ctrl+C (SIGINT), SIGTERM and SIGHUP stop a search cleanly: exit 0, the best game
/// printed and saved.
#[cfg(unix)]
#[test]
fn search_stops_cleanly_on_ctrl_c_sigterm_and_sighup() {
    // Under `nohup` (a CI run started that way) the search inherits an ignored SIGHUP and
    // rightly leaves it alone (stop_signals.rs), so a hangup would not stop it: skip it.
    let hup_ignored = std::fs::read_to_string("/proc/self/status").ok().is_some_and(|s| {
        s.lines()
            .find_map(|l| l.strip_prefix("SigIgn:"))
            .and_then(|m| u64::from_str_radix(m.trim(), 16).ok())
            .is_some_and(|m| m & 1 != 0)
    });
    if hup_ignored {
        eprintln!("SIGHUP is ignored here (nohup?): its case is skipped");
    }
    let signals: &[&str] = if hup_ignored { &["-INT", "-TERM"] } else { &["-INT", "-TERM", "-HUP"] };
    for &signal in signals {
        let out = temp(&format!("signal{signal}.msr.json"));
        let args = ["search", "-v", "5T", "--time", "1h", "-t", "1", "-o", out.to_str().unwrap(), "--json"];
        let (o, rest) = signal_search(&args, &format!("kill {signal} {{pid}}"));
        assert!(o.status.success(), "{signal}: {rest}");
        assert!(rest.contains("interrupted: stopping"), "{rest}");
        let v = last_json(&o);
        assert_eq!(v["interrupted"], true);
        assert_eq!(moves_in(&out), v["score"].as_u64().unwrap());
        std::fs::remove_file(out).ok();
    }
}

/// Starts `morpion ARGS`, waits for its first progress line (after a second: the search is
/// under way), runs the shell command `kill` with `{pid}` replaced by the search's, and
/// returns the search's output and the rest of its standard error.
#[cfg(unix)]
fn signal_search(args: &[&str], kill: &str) -> (std::process::Output, String) {
    use std::io::{BufRead, BufReader, Read};
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_morpion"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut err = BufReader::new(child.stderr.take().unwrap());
    let mut first = String::new();
    err.read_line(&mut first).unwrap();
    assert!(first.contains("playouts"), "{first}");
    let kill = kill.replace("{pid}", &child.id().to_string());
    assert!(Command::new("sh").args(["-c", &kill]).status().unwrap().success());
    let o = child.wait_with_output().unwrap();
    let mut rest = String::new();
    err.read_to_string(&mut rest).unwrap();
    (o, rest)
}

/// `--out FILE` that comes to hold something else during the search (the user's notes) is
/// left alone, and the search fails: a script must not take FILE for its result. The game
/// is not lost: the error gives it as a link, and the JSON says it was not saved.
#[cfg(unix)]
#[test]
fn a_search_whose_out_file_came_to_hold_something_else_fails_and_gives_its_game() {
    let file = temp("out-replaced.txt");
    let path = file.to_str().unwrap();
    let args = ["search", "-v", "5D", "--time", "1h", "-t", "1", "-o", path, "--json"];
    let (o, rest) = signal_search(&args, &format!("printf 'my notes\\n' > '{path}'; kill -INT {{pid}}"));
    assert_eq!(o.status.code(), Some(1), "{rest}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "my notes\n", "the notes are left alone");
    assert!(rest.contains(&format!("error: not saved: {path} ")), "{rest}");
    assert!(rest.contains("was not saved; here it is as a link: http"), "{rest}");
    let v = last_json(&o);
    assert_eq!(v["saved"], false);
    assert!(stdout(&o).contains("not saved: "));
    std::fs::remove_file(file).unwrap();
}

/// `timeout` sends its signal twice, to the program and to its process group: one request,
/// not the second one that quits at once, so the search still stops cleanly with its best.
#[cfg(unix)]
#[test]
fn search_stops_cleanly_on_a_signal_delivered_twice_at_once() {
    for signal in ["-INT", "-TERM"] {
        let args = ["search", "-v", "5D", "--time", "1h", "-t", "1", "--json"];
        let (o, rest) = signal_search(&args, &format!("kill {signal} {{pid}}; kill {signal} {{pid}}"));
        assert!(o.status.success(), "{signal} twice: {:?} {rest}", o.status);
        assert!(rest.contains("interrupted: stopping"), "{rest}");
        let v = last_json(&o);
        assert_eq!(v["interrupted"], true);
        assert!(v["score"].as_u64().unwrap() > 0);
        // the JSON carries the game itself, as a link the other commands read
        let link = v["link"].as_str().unwrap();
        assert!(link.contains(&format!("#g=1.5D.{}.", v["score"])), "{link}");
        let replayed = morpion(&["replay", link, "--json"]);
        assert_eq!(last_json(&replayed)["moves"], v["score"]);
    }
}

/// `--out FIFO` that no program reads yet: a search that ended on its budget waits for a
/// reader (and says so) and writes the game to it; a stop signal, during the search or
/// during the wait, gives up at once with the game as a link, where opening the FIFO
/// used to block past `timeout`'s one signal.
#[cfg(target_os = "linux")]
#[test]
fn a_fifo_nobody_reads_is_waited_for_until_a_stop() {
    use std::io::{BufRead, BufReader};
    use std::process::{Child, Stdio};
    use std::sync::mpsc::{channel, Receiver};
    use std::time::{Duration, Instant};
    // every wait has a deadline: a regression fails the test, never hangs it
    const DEADLINE: Duration = Duration::from_secs(20);
    let fifo = temp("no-reader.fifo");
    std::fs::remove_file(&fifo).ok();
    if !Command::new("mkfifo").arg(&fifo).status().is_ok_and(|s| s.success()) {
        eprintln!("no mkfifo here: skipped");
        return;
    }
    // the search, and its standard error's lines as they come
    let search = |budget: &[&str]| -> (Child, Receiver<String>) {
        let mut child = Command::new(env!("CARGO_BIN_EXE_morpion"))
            .args(["search", "-v", "5D", "-t", "1", "-o", fifo.to_str().unwrap()])
            .args(budget)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let err = BufReader::new(child.stderr.take().unwrap());
        let (tx, rx) = channel();
        std::thread::spawn(move || err.lines().map_while(Result::ok).for_each(|l| drop(tx.send(l))));
        (child, rx)
    };
    let wait_for = |err: &Receiver<String>, what: &str| loop {
        match err.recv_timeout(DEADLINE) {
            Ok(line) if line.contains(what) => return,
            Ok(_) => {}
            Err(e) => panic!("no line with '{what}' ({e})"),
        }
    };
    let rest = |err: Receiver<String>| -> String {
        std::iter::from_fn(|| err.recv_timeout(DEADLINE).ok()).collect::<Vec<_>>().join("\n")
    };
    let ends = |child: &mut Child| {
        let deadline = Instant::now() + DEADLINE;
        loop {
            if let Some(status) = child.try_wait().unwrap() {
                return status;
            }
            if Instant::now() > deadline {
                child.kill().ok();
                panic!("still waiting for the FIFO's reader after a SIGTERM");
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    };
    let term = |child: &Child| {
        assert!(Command::new("kill").args(["-TERM", &child.id().to_string()]).status().unwrap().success());
    };
    // the budget ends the search: it waits, and a reader gets the game
    let (mut child, err) = search(&["-l", "1", "-q"]);
    wait_for(&err, "waiting for a program to read");
    let (tx, got) = channel();
    let reader = fifo.clone();
    std::thread::spawn(move || tx.send(std::fs::read_to_string(reader)));
    let read = got.recv_timeout(DEADLINE).expect("the game comes through the FIFO").unwrap();
    assert!(ends(&mut child).success());
    assert!(read.contains("\"version\": \"0.1\""), "{read}");
    // a stop signal during the wait gives up
    let (mut child, err) = search(&["-l", "1", "-q"]);
    wait_for(&err, "waiting for a program to read");
    term(&child);
    assert_eq!(ends(&mut child).code(), Some(1));
    let said = rest(err);
    assert!(
        said.contains("is a FIFO that no program reads (or reads no more), and a stop was asked for"),
        "{said}"
    );
    assert!(said.contains("here it is as a link: http"), "{said}");
    // timeout's one signal during the search: no wait at all
    let (mut child, err) = search(&["--time", "1h"]);
    wait_for(&err, "playouts");
    term(&child);
    assert_eq!(ends(&mut child).code(), Some(1));
    let said = rest(err);
    assert!(!said.contains("waiting for a program"), "{said}");
    assert!(
        said.contains("is a FIFO that no program reads (or reads no more), and a stop was asked for"),
        "{said}"
    );
    use std::os::unix::fs::FileTypeExt;
    assert!(std::fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo(), "still a FIFO");
    std::fs::remove_file(fifo).ok();
}

/// Other starts on the command line: `starts show` names a start, `starts best` finds
/// n(r) and a game that reaches it, and `search --start` searches from it, its best game
/// carrying the start in its link and its JSON.
#[test]
fn starts_show_best_and_search_from_another_start() {
    let o = morpion(&["starts", "show", "0,0 1,0 2,0 3,0 1,2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("5 dots in a box of 4 x 3\ncode: DC8E\n"), "{out}");
    assert!(out.contains("symmetries: 1 of 8") && out.contains("oooo\n....\n.o..\n"), "{out}");
    let o = morpion(&["starts", "show", "cross"]);
    assert!(stdout(&o).contains("name up to symmetry: cross") && stdout(&o).contains("symmetries: 8 of 8"));
    let o = morpion(&["starts", "show", "JJ*"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("JJ*: bad start code at character 3"), "{}", stderr(&o));

    let o = morpion(&["starts", "best", "--size", "10", "--quiet", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let best = last_json(&o);
    assert_eq!(best["best"], 4);
    assert_eq!(best["n"], serde_json::json!([0, 0, 0, 0, 1, 1, 1, 2, 2, 3, 4]));
    let code = best["start"].as_str().unwrap().to_string();
    let o = morpion(&["replay", best["link"].as_str().unwrap(), "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("start: 10 dots, "), "{}", stdout(&o));
    assert_eq!(last_json(&o)["moves"], 4);
    // the start's code as drawn, which --start takes back; its name up to symmetry beside
    // a start whose first point is negative is a value, not a flag
    let o = morpion(&["count", "-v", "5T", "-d", "2", "--start", "-1,0 0,0 1,0 2,0"]);
    assert_eq!(stdout(&o), "1 2\n2 0\n", "{}", stderr(&o));
    let o =
        morpion(&["search", "-v", "5T", "--start", "-1,0 0,0 1,0 2,0", "--playouts", "5", "-t", "1", "-q"]);
    assert!(stdout(&o).starts_with("best: 1 move (5T from the start"), "{}", stdout(&o));
    let o = morpion(&["replay", "http://127.0.0.1:8080/#g=2.5T.EEPCEIA.2.A.i3gme"]);
    assert!(stdout(&o).contains("start: 7 dots, EEPCEIA (up to symmetry EE4EIQg)\n"), "{}", stdout(&o));
    let o = morpion(&["starts", "best", "-v", "4T", "--size", "5"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("4T games are not known to end from every start"), "{}", stderr(&o));

    let o = morpion(&["search", "-v", "5T", "--start", &code, "--playouts", "3000", "-t", "1", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let found = last_json(&o);
    assert_eq!(found["start"], code.as_str());
    let score = found["score"].as_u64().unwrap();
    assert!((1..=4).contains(&score), "n(10) = 4 bounds every game from it: {score}");
    let link = stdout(&o).lines().find_map(|l| l.strip_prefix("link: ")).unwrap().to_string();
    assert!(link.contains(&format!("#g=2.5T.{code}.{score}.")), "{link}");
    let o = morpion(&["search", "-v", "5T", "--start", "1,2 3;4", "--playouts", "10"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("--start: point 2 of the start, \"3\", is not x,y"), "{}", stderr(&o));
}

/// What a replay's JSON says beside the game: its format, its start and the notes its
/// reader gave (a text that says it is longer than it is), which a script would miss on
/// standard error.
#[test]
fn replay_json_carries_the_format_the_start_and_the_notes() {
    let text = std::fs::read_to_string(record("5d-82-rosin.anagorko.psol")).unwrap();
    let cut: String = text.lines().take(41).map(|l| format!("{l}\n")).collect();
    let file = temp("cut-82.psol");
    std::fs::write(&file, format!("# Morpion Solitaire 5D, 82 moves\n{cut}")).unwrap();
    let j = last_json(&morpion(&["replay", file.to_str().unwrap(), "--json"]));
    assert_eq!(
        (j["moves"].as_u64(), j["format"].as_str(), j["start"].as_str()),
        (Some(40), Some("pentasol"), Some("cross"))
    );
    let notes = j["notes"].as_array().unwrap();
    assert!(notes.iter().any(|n| n.as_str().unwrap().contains("holds 82 moves, but holds 40")), "{notes:?}");
    let whole = last_json(&morpion(&["replay", &record("5t-178-rosin.sjourdois.msr.json"), "--json"]));
    assert_eq!(whole["notes"], serde_json::json!([]));
    let other = last_json(&morpion(&["replay", "http://127.0.0.1:8080/#g=2.5T.EE-hCEA.2.Y.tv9DZ", "--json"]));
    assert_eq!(
        (other["start"].as_str(), other["format"].as_str()),
        (Some("EE-hCEA"), Some("link")),
        "{other}"
    );
    std::fs::remove_file(file).ok();
}

/// A link or MS1 written to a file ends with its line's end, as on standard output; a file
/// holding the same text but for its line ends is the same file, written over without
/// --force. `--to ms1` is MSR's compact string. A UTF-16 file reads as its text.
#[test]
fn convert_output_files_end_their_line_and_utf16_reads() {
    let out = temp("same.link");
    std::fs::remove_file(&out).ok();
    let game = record("5t-20-worst.gillioz.json");
    let piped = stdout(&morpion(&["convert", &game, "--to", "link"]));
    let o = morpion(&["convert", &game, "--to", "link", "-o", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&out).unwrap(), piped);
    std::fs::write(&out, piped.trim_end()).unwrap();
    let o = morpion(&["convert", &game, "--to", "link", "-o", out.to_str().unwrap()]);
    assert!(o.status.success(), "the same link without its line end: {}", stderr(&o));
    std::fs::write(&out, piped.replace('\n', "\r\n")).unwrap();
    assert!(morpion(&["convert", &game, "--to", "link", "-o", out.to_str().unwrap()]).status.success());
    std::fs::remove_file(&out).ok();
    let ms1 = morpion(&["convert", &game, "--to", "ms1"]);
    assert!(ms1.status.success() && stdout(&ms1).starts_with("MS1:"), "{}", stderr(&ms1));
    let psol = std::fs::read_to_string(record("5d-82-rosin.anagorko.psol")).unwrap();
    let wide = temp("utf16.psol");
    for bytes in [
        [0xff, 0xfe].into_iter().chain(psol.encode_utf16().flat_map(u16::to_le_bytes)).collect::<Vec<u8>>(),
        psol.encode_utf16().flat_map(u16::to_be_bytes).collect(),
    ] {
        std::fs::write(&wide, bytes).unwrap();
        let j = last_json(&morpion(&["replay", wide.to_str().unwrap(), "--variant", "5D", "--json"]));
        assert_eq!(j["moves"], 82, "UTF-16 reads as its text");
    }
    std::fs::remove_file(wide).ok();
}

/// A count whose next depth would not fit `--memory` stops cleanly after the depths that
/// did, where it used to grow until the system killed it.
#[test]
fn count_stops_cleanly_at_its_memory_limit() {
    // depth 3 is one part of work (its 382 parents), counted whole though past the room:
    // said, and depth 4 not begun
    let o = morpion(&["count", "-v", "5T", "-d", "6", "--memory", "64K"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o), "1 28\n2 382\n3 3368\n");
    let said = stderr(&o);
    assert!(said.contains("depth 4 cannot be counted within the memory limit: depth 3 took it"), "{said}");
    assert!(said.contains("--memory 64K is too little for it; give more with --memory"), "{said}");
    let o = morpion(&["count", "-v", "5T", "-d", "4", "--memory", "4M"]);
    assert!(o.status.success() && stdout(&o).ends_with("4 21497\n"), "{}", stderr(&o));
    let o = morpion(&["count", "-v", "5T", "-d", "2", "--sequences", "--memory", "4M"]);
    assert_eq!(o.status.code(), Some(2), "sequences take no table: {}", stderr(&o));
}

/// A link converted to a link keeps its two players and its shown move; converted to a
/// format with no place for them, a note says they are left out.
#[test]
fn convert_keeps_a_links_view_or_says_it_is_left_out() {
    let link = stdout(&morpion(&["convert", &record("5t-20-worst.gillioz.json"), "--to", "link"]));
    let viewed = format!("{}&p=2&m=5", link.trim());
    let o = morpion(&["convert", &viewed, "--to", "link"]);
    assert_eq!(stdout(&o).trim(), viewed);
    assert!(stderr(&o).is_empty(), "{}", stderr(&o));
    let o = morpion(&["convert", &viewed, "--to", "csv"]);
    assert!(o.status.success());
    assert!(
        stderr(&o).contains(
            "holds the moves alone: the link's two-player mark (p=2) and shown move (m=5) are left out"
        ),
        "{}",
        stderr(&o)
    );
    // --base is an address a link can follow
    for (base, says) in [
        ("not a url", "holds no space"),
        ("http://x/\nevil", "holds no '\\n'"),
        ("http://x/#a", "holds no '#'"),
    ] {
        let o = morpion(&["convert", &viewed, "--to", "link", "--base", base]);
        assert_eq!(o.status.code(), Some(2), "{base}");
        assert!(stderr(&o).contains(says), "{base}: {}", stderr(&o));
    }
    let o = morpion(&["convert", &viewed, "--to", "link", "--base", "https://example.org/app/"]);
    assert!(stdout(&o).starts_with("https://example.org/app/#g=1.5T.20."), "{}", stdout(&o));
}

#[test]
fn convert_to_msr_says_when_morpion_solitaire_io_will_not_read_it() {
    let path = temp("six.json");
    std::fs::write(&path, "{\"variant\": \"6T\", \"moves\": []}\n").unwrap();
    let file = path.to_string_lossy().into_owned();
    for to in ["msr-json", "ms1"] {
        let o = morpion(&["convert", &file, "--to", to]);
        assert!(o.status.success(), "{}", stderr(&o));
        assert!(
            stderr(&o).contains("the site morpion-solitaire.io will not read this game")
                && stderr(&o).contains("this one is 6T"),
            "{to}: {}",
            stderr(&o)
        );
    }
    // the formats it reads, and the games it plays, say nothing
    let o = morpion(&["convert", &file, "--to", "link"]);
    assert!(stderr(&o).is_empty(), "{}", stderr(&o));
    let o = morpion(&["convert", &record("5t-20-worst.gillioz.json"), "--to", "msr-json"]);
    assert!(stderr(&o).is_empty(), "{}", stderr(&o));
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn an_option_value_no_run_can_take_exits_2_as_clap_s_own_refusals_do_and_a_failed_run_1() {
    for (args, says) in [
        (&["search", "-v", "5T", "--level", "0"][..], "--level: level 0 is out of range (1-8)"),
        (&["search", "-v", "5T", "--level", "x"], "expected a whole number"),
        (&["search", "-v", "5T", "--iterations", "0"], "--iterations: iterations must be at least 1"),
        (&["search", "-v", "5T", "--level", "99"], "--level: level 99 is out of range (1-8)"),
        (&["search", "-v", "5T", "--threads", "0"], "--threads must be at least 1"),
        (&["search", "-v", "5T", "--alpha", "-1"], "--alpha: alpha must be a number above 0"),
        (&["search", "-v", "5T", "--clamp", "0"], "--clamp: the weight clamp must be a number above 0"),
        (&["search", "-v", "5T", "--seed", "x"], "expected a whole number, 0 or more"),
        (&["search", "-v", "5T", "--prior", "x"], "expected a number, such as 1 or 0.5"),
    ] {
        let o = morpion(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(says), "{args:?}: {}", stderr(&o));
        assert!(
            !stderr(&o).contains("invalid digit") && !stderr(&o).contains("float literal"),
            "{}",
            stderr(&o)
        );
    }
    // what the options ask of the game is not a usage error: a variant whose games never end
    let o = morpion(&["search", "-v", "3T", "--time", "1s"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("can go on forever"), "{}", stderr(&o));
}
