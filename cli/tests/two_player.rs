//! `morpion two-player solve` as a user runs it.

mod common;

use common::{last_json, morpion, stderr, stdout, temp};

#[test]
fn six_t_from_the_start_is_a_second_player_win() {
    let o = morpion(&["two-player", "solve", "--variant", "6T", "--json", "--quiet"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("position: 6T, 0 moves played, player 1 to move, 24 legal moves"), "{out}");
    assert!(out.contains("winner: second (player 2, the other player, draws the last line"), "{out}");
    let j = last_json(&o);
    assert_eq!((j["winner"].as_str(), j["winning_player"].as_u64()), (Some("second"), Some(2)));
    assert_eq!((j["player_to_move"].as_u64(), j["moves_played"].as_u64()), (Some(1), Some(0)));
    assert!(j["positions"].as_u64().unwrap() > 1000, "{j}");
    assert!(j.get("winning_moves").is_none(), "{j}");
}

/// From a record one move before its end, with `--moves`: the player to move wins, and
/// the record's last move (which leaves no reply) is among the winning moves listed.
#[test]
fn from_a_record_with_its_winning_moves() {
    let o = morpion(&["records", "4d-35-hyyroporanen", "--to", "link"]);
    let link = stdout(&o).trim().to_string();
    let o = morpion(&["two-player", "solve", "--from", &link, "--take", "34", "--moves", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let j = last_json(&o);
    assert_eq!((j["variant"].as_str(), j["moves_played"].as_u64()), (Some("4D"), Some(34)));
    assert_eq!((j["player_to_move"].as_u64(), j["winner"].as_str()), (Some(1), Some("first")));
    let last = serde_json::json!({"x": -1, "y": 0, "dir": "DN", "pos": 0});
    assert!(j["winning_moves"].as_array().unwrap().contains(&last), "{j}");
    assert!(stdout(&o).contains("winning moves ("), "{}", stdout(&o));
    // the finished game: the player to move (2) has lost, and has no winning move
    let o = morpion(&["two-player", "solve", "--from", &link, "--moves", "--json"]);
    let j = last_json(&o);
    assert_eq!((j["winner"].as_str(), j["winning_player"].as_u64()), (Some("second"), Some(1)));
    assert_eq!(j["winning_moves"], serde_json::json!([]));
    assert!(stdout(&o).contains("winning moves: none"), "{}", stdout(&o));
}

#[test]
fn bad_requests_say_what_is_wrong() {
    let o = morpion(&["two-player", "solve", "--variant", "3T"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("3T games can go on forever"), "{}", stderr(&o));
    // 4T from another start than the cross may never end: refused, not a stack overflow
    let growing = temp("growing-4t.json");
    let dots = "[0,0],[0,2],[0,5],[0,6],[1,0],[1,1],[1,7],[2,5],[3,0],[3,1],[4,0],[4,2],[4,5],[4,6],[4,7],[5,1],[5,3],[5,5],[5,6],[6,7],[7,5]";
    std::fs::write(&growing, format!(r#"{{"variant":"4T","start":[{dots}],"moves":[]}}"#)).unwrap();
    let o =
        morpion(&["two-player", "solve", "--from", growing.to_str().unwrap(), "--memory", "256M", "-t", "1"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("4T games are known to end from the cross only"), "{}", stderr(&o));
    let o = morpion(&["search", "--from", growing.to_str().unwrap(), "--playouts", "1", "-t", "1"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("4T games are known to end from the cross only"), "{}", stderr(&o));
    std::fs::remove_file(growing).ok();
    for (args, says) in [
        (&["solve"][..], "two-player solve needs --variant"),
        (&["solve", "--variant", "6T", "--memory", "4X"], "expected a size such as 512M or 4G"),
        (&["solve", "--variant", "6T", "--memory", "1K"], "is too small: the table needs"),
        (&["solve", "--variant", "6T", "--memory", "1.5"], "a number of bytes is whole"),
        (
            &["solve", "--variant", "6T", "--memory", "99999T"],
            "of memory in all; give less, such as --memory",
        ),
        (&["match", "--variant", "6T", "--memory", "1G"], "--check"),
        (&["solve", "--variant", "6T", "--threads", "0"], "--threads must be at least 1"),
        (&["match", "--variant", "3D"], "3D games can go on forever"),
        (&["match", "--variant", "6T", "--threads", "0"], "--threads must be at least 1"),
        (&["solve", "--variant", "6T", "--threads", "10000"], "--threads 10000 is too many: at most"),
        (&["match", "--variant", "6T", "--threads", "10000"], "--threads 10000 is too many: at most"),
    ] {
        let o = morpion(&[&["two-player"][..], args].concat());
        assert!(!o.status.success(), "{args:?}");
        assert!(stderr(&o).contains(says), "{args:?}: {}", stderr(&o));
    }
}

/// A table too small for the solve stops it cleanly, with what to do.
#[test]
fn the_memory_limit_stops_cleanly() {
    let o = morpion(&["two-player", "solve", "--variant", "4D", "--memory", "300K", "--quiet"]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(err.contains("the table reached its memory limit"), "{err}");
    assert!(err.contains("give it more with --memory"), "{err}");
    assert_eq!(stdout(&o), "");
    // --json still ends with its object, which says the solve was cut short and why
    let o = morpion(&["two-player", "solve", "--variant", "4D", "--memory", "300K", "--quiet", "--json"]);
    assert_eq!(o.status.code(), Some(1));
    let j: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(
        (j["winner"].is_null(), j["unsolved"].as_str(), j["variant"].as_str()),
        (true, Some("memory"), Some("4D"))
    );
    assert!(j["positions"].as_u64().unwrap() > 0);
}

/// A short match with the check: both lines of results and the JSON, each side starting
/// half the games; 6T is a second-player win whatever is played, so every game says so.
#[test]
fn a_match_reports_wins_by_side_and_perfect_moves() {
    let o = morpion(&[
        "two-player",
        "match",
        "-v",
        "6T",
        "--players",
        "random,fast",
        "--games",
        "4",
        "--check",
        "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("random: 2 wins (50%): 0 of 2 as player 1, 2 of 2 as player 2"), "{out}");
    assert!(out.contains("fast: 2 wins (50%): 0 of 2 as player 1, 2 of 2 as player 2"), "{out}");
    let j = last_json(&o);
    assert_eq!(j["players"][1]["strength"], "fast");
    // player 2 wins every 6T game: the 6 moves of player 2 in each are in won positions
    assert_eq!(j["players"][0]["moves_in_won_positions"].as_u64(), Some(12), "{j}");
    assert_eq!(j["players"][0]["perfect_moves"].as_u64(), Some(12), "{j}");
    let o = morpion(&["two-player", "match", "-v", "6T", "--games", "3"]);
    assert!(!o.status.success() && stderr(&o).contains("an even number"), "{}", stderr(&o));
    let o = morpion(&["two-player", "match", "-v", "6T", "--players", "fast,perfect"]);
    assert!(!o.status.success() && stderr(&o).contains("unknown strength 'perfect'"), "{}", stderr(&o));
}

/// Two players of one strength are told apart; the strong player's time is said only when
/// one plays.
#[test]
fn a_match_of_one_strength_names_each_side() {
    let o = morpion(&["two-player", "match", "-v", "5D", "--players", "random,random", "--games", "2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("random (named first): ") && out.contains("random (named second): "), "{out}");
    assert!(!out.contains("a strong move"), "{out}");
}
