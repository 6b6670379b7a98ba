//! `morpion bound` as a user runs it.

mod common;

use common::{last_json, morpion, record, stderr, stdout, temp};

#[test]
fn octagons_reproduces_theorem_2_and_lists_them() {
    let o = morpion(&["bound", "octagons", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let j = last_json(&o);
    assert_eq!(
        (j["count"].as_u64(), j["max_points"].as_u64(), j["bound"].as_u64()),
        (Some(126_912), Some(741), Some(705))
    );
    let o = morpion(&["bound", "octagons", "--list"]);
    let out = stdout(&o);
    let mut lines = out.lines();
    assert_eq!(lines.next(), Some("a1,a2,a3,a4,a5,a6,a7,a8,points"));
    assert_eq!(lines.count(), 126_912);
    assert!(out.contains("\n10,10,10,10,10,10,10,10,741\n"));
}

#[test]
fn lp_solves_a_board_draws_it_and_refuses_bad_boards() {
    let (svg, png) = (temp("lp.svg"), temp("lp.png"));
    let o = morpion(&[
        "bound",
        "lp",
        "--board",
        "square:10",
        "--svg",
        svg.to_str().unwrap(),
        "--png",
        png.to_str().unwrap(),
        "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let j = last_json(&o);
    let objective = j["objective"].as_f64().unwrap();
    assert!((64.0..64.0001).contains(&objective), "{objective}");
    assert_eq!(j["points"], 100);
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(picture.starts_with("<svg") && picture.matches("<line").count() > 100);
    assert!(std::fs::read(&png).unwrap().starts_with(b"\x89PNG\r\n\x1a\n"));
    // a picture replaces a picture of its kind; anything else stays, unless --force
    let draw = |svg: &std::path::Path, force: bool| {
        let mut args = vec!["bound", "lp", "--board", "square:8", "--svg", svg.to_str().unwrap()];
        if force {
            args.push("--force");
        }
        morpion(&args)
    };
    assert!(draw(&svg, false).status.success());
    std::fs::write(&svg, "my notes\n").unwrap();
    let o = draw(&svg, false);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("holds text that is not a game: choose another file, or add --force"),
        "{}",
        stderr(&o)
    );
    assert!(stdout(&o).is_empty(), "refused before the solve: {}", stdout(&o));
    assert_eq!(std::fs::read_to_string(&svg).unwrap(), "my notes\n");
    assert!(draw(&svg, true).status.success());
    assert!(std::fs::read_to_string(&svg).unwrap().starts_with("<svg"));
    let o = morpion(&["bound", "lp", "--board", "square:8", "--png", svg.to_str().unwrap()]);
    assert!(stderr(&o).contains("holds an SVG picture"), "an SVG is not a PNG: {}", stderr(&o));
    let same = svg.to_str().unwrap();
    for flag in ["--svg", "--png"] {
        let o = morpion(&["bound", "lp", "--board", "square:8", flag, "-"]);
        assert!(!o.status.success() && stderr(&o).contains("needs a file of its own"), "{}", stderr(&o));
    }
    let o = morpion(&["bound", "lp", "--board", "square:8", "--svg", same, "--png", same]);
    assert!(stderr(&o).contains("--svg and --png name the same file"), "{}", stderr(&o));
    let o = morpion(&["bound", "lp", "-v", "5D", "--board", "square:20", "--json"]);
    assert!((144.0..144.0001).contains(&last_json(&o)["objective"].as_f64().unwrap()));
    for (board, says) in [
        ("octagon:1,2,3", "expected 8 edge lengths"),
        ("octagon:1,1,1,1,1,1,1,2", "do not close"),
        ("square:5", "fewer than the 36 dots"),
        ("circle:4", "expected square:N or octagon:"),
    ] {
        let o = morpion(&["bound", "lp", "--board", board]);
        assert!(!o.status.success(), "{board}");
        assert!(stderr(&o).contains(says), "{board}: {}", stderr(&o));
    }
    let o = morpion(&["bound", "lp", "-v", "4T", "--board", "square:10"]);
    assert!(stderr(&o).contains("5T and 5D"), "{}", stderr(&o));
    let _ = (std::fs::remove_file(svg), std::fs::remove_file(png));
}

#[test]
fn position_gives_the_live_bound_of_a_game_at_any_move() {
    let rosin = record("5t-178-rosin.sjourdois.msr.json");
    let o = morpion(&["bound", "position", &rosin, "--take", "120", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let j = last_json(&o);
    assert_eq!(j["score"], 120);
    assert_eq!(j["potential"], 288);
    assert_eq!(j["hull"].as_array().unwrap().len(), 8);
    assert_eq!(j["upper_bound"], 485, "the published proof");
    assert_eq!(
        (j["kind"].as_str(), j["argued_bound"].as_u64(), j["argued_kind"].as_str()),
        (Some("published"), Some(705), Some("hull"))
    );
    assert!(j.get("lp_bound").is_none());
    let o = morpion(&["bound", "position", &rosin, "--json"]);
    assert_eq!(last_json(&o)["upper_bound"], 178, "the game is over");
    let o = morpion(&[
        "bound",
        "position",
        &record("5d-82-rosin.anagorko.psol"),
        "-v",
        "5D",
        "--take",
        "0",
        "--json",
    ]);
    let j = last_json(&o);
    assert_eq!((j["upper_bound"].as_u64(), j["argued_bound"].as_u64()), (Some(84), Some(144)));
    // lines of 4: the longest game from the cross, by a complete search, with no argument of our own
    let four = record("4t-62-hyyroporanen.sjourdois.msr.json");
    let o = morpion(&["bound", "position", &four, "--take", "10"]);
    assert!(
        stdout(&o).contains(
            "at most 62 moves in all (Michael Quist's complete search of every game from the cross;"
        ),
        "{}",
        stdout(&o)
    );
    let j = last_json(&morpion(&["bound", "position", &four, "--take", "10", "--json"]));
    assert_eq!(
        (j["upper_bound"].as_u64(), j["kind"].as_str(), j["argued_bound"].as_u64()),
        (Some(62), Some("published"), None)
    );
    let o = morpion(&["bound", "position", &rosin, "--take", "179"]);
    assert!(!o.status.success() && stderr(&o).contains("only 178 moves"), "{}", stderr(&o));
}

#[test]
fn position_lp_proves_the_end_of_rosins_178() {
    let rosin = record("5t-178-rosin.sjourdois.msr.json");
    let o = morpion(&["bound", "position", &rosin, "--take", "177", "--lp", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(last_json(&o)["lp_bound"], 178);
    let o = morpion(&[
        "bound",
        "position",
        &record("5d-82-rosin.anagorko.psol"),
        "-v",
        "5D",
        "--lp",
        "--take",
        "3",
    ]);
    assert!(stderr(&o).contains("5T only"), "{}", stderr(&o));
}

#[test]
fn campaign_appends_results_resumes_without_solving_twice_and_never_overwrites() {
    let (list, out) = (temp("octagons.txt"), temp("campaign.csv"));
    let _ = std::fs::remove_file(&out);
    std::fs::write(&list, "# two small octagons\n6,3,6,3,6,3,6,3\n7,2,7,2,7,2,7,2\n").unwrap();
    let run = |extra: &[&str]| {
        let mut args =
            vec!["bound", "campaign", "--octagons", list.to_str().unwrap(), "--out", out.to_str().unwrap()];
        args.extend_from_slice(extra);
        morpion(&args)
    };
    let o = run(&[]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("solved 2 octagons"), "{}", stdout(&o));
    let text = std::fs::read_to_string(&out).unwrap();
    assert_eq!(text.lines().count(), 3, "{text}");
    assert!(text.starts_with("a1,a2,a3,a4,a5,a6,a7,a8,points,objective\n"));
    let o = run(&[]);
    assert!(!o.status.success() && stderr(&o).contains("--resume"), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&out).unwrap(), text, "the results are kept as they were");
    let o = run(&["--resume"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("2 already in"), "{}", stdout(&o));
    assert_eq!(std::fs::read_to_string(&out).unwrap(), text, "nothing is solved twice");
    // A run killed while writing leaves half a line: it is cut off and solved again.
    let last = text.trim_end().rfind('\n').unwrap() + 1;
    std::fs::write(&out, &text[..last + 12]).unwrap();
    let o = run(&["--resume"]);
    assert!(o.status.success() && stderr(&o).contains("cut short"), "{}", stderr(&o));
    assert!(stdout(&o).contains("solved 1 octagon "), "{}", stdout(&o));
    let again = std::fs::read_to_string(&out).unwrap();
    assert_eq!(again.lines().count(), 3, "{again}");
    assert!(again.ends_with('\n'));
    // A last line without its newline was cut, even if it reads as a result (its
    // objective may be cut): it is solved again.
    for cut in [text.trim_end().len(), text.trim_end().len() - 3, text.trim_end().rfind('.').unwrap() + 1] {
        std::fs::write(&out, &text[..cut]).unwrap();
        let o = run(&["--resume"]);
        assert!(o.status.success() && stderr(&o).contains("cut short"), "{}", stderr(&o));
        assert!(stdout(&o).contains("solved 1 octagon "), "{}", stdout(&o));
        assert_eq!(std::fs::read_to_string(&out).unwrap(), text, "solved again, as it was");
    }
    // A header cut short is cut off and written again, as in an empty file.
    for start in ["a1,a2,a3", ""] {
        std::fs::write(&out, start).unwrap();
        let o = run(&["--resume"]);
        assert!(o.status.success(), "{}", stderr(&o));
        assert!(std::fs::read_to_string(&out)
            .unwrap()
            .starts_with(&format!("{}\n", text.lines().next().unwrap())));
        assert_eq!(std::fs::read_to_string(&out).unwrap().lines().count(), 3);
    }
    // A file that is not ours is refused as it is, with or without a newline at its end.
    for notes in ["my important notes", "my important notes\n", "a1,a2\n6,3,6,3,x"] {
        std::fs::write(&out, notes).unwrap();
        let o = run(&["--resume"]);
        assert!(!o.status.success() && stderr(&o).contains("expected a1,a2"), "{notes:?}: {}", stderr(&o));
        assert_eq!(std::fs::read_to_string(&out).unwrap(), notes, "the file is kept as it was");
    }
    // an octagon whose LP fails: its line says why, and the exit says the campaign is not
    // complete; what was solved is kept
    std::fs::write(&out, &text).unwrap();
    std::fs::write(&list, "1,1,1,1,1,1,1,1\n6,3,6,3,6,3,6,3\n").unwrap();
    let o = run(&["--resume"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("octagon 1,1,1,1,1,1,1,1: the board has 12 points"), "{}", stderr(&o));
    assert!(stderr(&o).contains("1 octagon not solved"), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&out).unwrap(), text);
    // where results cannot go, said before any octagon is solved
    let folder = temp("campaign-folder");
    let _ = std::fs::create_dir(&folder);
    let no_folder = folder.join("nope").join("r.csv");
    for (at, says) in [
        ("-", "give a file name"),
        (folder.to_str().unwrap(), "is a folder"),
        (no_folder.to_str().unwrap(), "there is no folder"),
    ] {
        let o = morpion(&["bound", "campaign", "--octagons", list.to_str().unwrap(), "--out", at]);
        assert_eq!(o.status.code(), Some(1), "{at}");
        assert!(stderr(&o).contains(says) && !stdout(&o).contains("campaign:"), "{at}: {}", stderr(&o));
    }
    assert!(!std::path::Path::new("-").exists());
    let o = run(&["--resume", "--threads", "0"]);
    assert!(stderr(&o).contains("--threads must be at least 1"), "{}", stderr(&o));
    // /dev/null holds no results to go on from: no --resume needed
    let o = morpion(&["bound", "campaign", "--octagons", list.to_str().unwrap(), "--out", "/dev/null"]);
    assert!(stdout(&o).contains("0 already in /dev/null"), "{}", stderr(&o));
    let _ = std::fs::remove_dir(folder);
    std::fs::write(&list, "6,3,6\n").unwrap();
    let o = run(&["--resume"]);
    assert!(stderr(&o).contains("line 1") && stderr(&o).contains("8 edge lengths"), "{}", stderr(&o));
    let _ = (std::fs::remove_file(list), std::fs::remove_file(out));
}
