//! The refusal of a checkpoint of another search, in the words of `search`'s options: the
//! core says which setting differs first and the checkpoint's value, and this file names
//! the option that gives that value back (`--seed 7`, `--clamp 8`), so that a user who
//! resumes with other options reads what to change instead of guessing (on a cluster,
//! each guess may be a queued job).

use morpion::nrpa::distributed::{CheckpointError, Setting, Value};
use morpion::nrpa::Budget;

/// The option that sets `setting` to a value. What no value of an option says (no bound,
/// no playout budget, a budget's kind, a continued game) `option_giving` puts in words.
fn flag(setting: Setting) -> &'static str {
    match setting {
        Setting::Variant => "--variant",
        Setting::Start => "--start",
        Setting::StartPosition => "--from",
        Setting::Level => "--level",
        Setting::Iterations => "--iterations",
        Setting::TopIterations => "--top-iterations",
        Setting::Alpha => "--alpha",
        Setting::Seed => "--seed",
        Setting::MoveCode => "--code",
        Setting::PlayoutsPerAdapt => "--stabilize",
        Setting::WeightClamp => "--clamp",
        Setting::Prior => "--prior",
        Setting::TieRule => "--ties",
        Setting::Budget => "--time",
        Setting::PlayoutBudget => "--playouts",
    }
}

/// The options that give a search `setting`'s value `saved`; `spent`: the seconds the
/// checkpointed search ran, which a `--time` counts.
fn option_giving(setting: Setting, saved: &Value, spent: f64) -> String {
    match saved {
        Value::Given(v) => format!("{} {v}", flag(setting)),
        Value::Playouts(Some(n)) => format!("{} {n}", flag(setting)),
        Value::Playouts(None) => "no --playouts".to_string(),
        Value::Clamp(Some(c)) => format!("{} {c}", flag(setting)),
        // no bound is Rosin's NRPA's alone, unless --clamp sets one
        Value::Clamp(None) => "--method nrpa, without --clamp".to_string(),
        // the playout budget is compared first, so the kinds differ in --time alone
        Value::Budget(Budget::UntilStopped) => format!("--time, which counts the {spent:.0} s already spent"),
        Value::Budget(_) => "no --time".to_string(),
        // the moves continued are a file's or a link's, which the checkpoint does not name
        Value::Moves(0) => "no --from".to_string(),
        Value::Moves(n) => format!("--from the game it continued, cut with --take {n} if it is longer"),
        Value::OtherGame | Value::ThisGame => "--from the game it continued".to_string(),
    }
}

/// Why the checkpoint cannot be resumed, and with which options it can; `spent`: the
/// checkpoint's seconds.
pub(super) fn refusal(e: &CheckpointError, spent: f64) -> String {
    match e {
        CheckpointError::Mismatch { what, saved, .. } => format!(
            "{e} (resume with the options it was started with: {})",
            option_giving(*what, saved, spent)
        ),
        _ => e.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{budget_of, prepare, Args};
    use clap::Parser;
    use morpion::formats::link::{self, LinkView};
    use morpion::nrpa::distributed::{Checkpoint, Coordinator};
    use morpion::nrpa::{Budget, Config};
    use morpion::{Game, Meta, Position, Start, Variant};

    #[derive(Parser)]
    struct Search {
        #[command(flatten)]
        args: Args,
    }

    /// A search with `options`, in 5T unless they say otherwise.
    fn search(options: &[String]) -> (Position, Config, Budget) {
        let variant = (!options.iter().any(|o| o == "--variant")).then_some(["--variant", "5T"]);
        let words = ["search"].into_iter().chain(variant.into_iter().flatten());
        let words = words.map(str::to_string).chain(options.iter().cloned());
        let args = Search::try_parse_from(words).unwrap_or_else(|e| panic!("{options:?}: {e}")).args;
        let p = match prepare(args, 1, "thread a rank") {
            Ok(p) => p,
            Err(crate::Quit::Error(e) | crate::Quit::Usage(e)) => panic!("{options:?}: {e}"),
            Err(crate::Quit::Pipe) => unreachable!("nothing is written"),
        };
        let budget = budget_of(p.time, p.playouts);
        (p.root, p.config, budget)
    }

    fn words(s: &[&str]) -> Vec<String> {
        s.iter().map(|w| w.to_string()).collect()
    }

    /// Takes `option` and its value out of `asked`.
    fn drop_option(asked: &mut Vec<String>, option: &str) {
        if let Some(i) = asked.iter().position(|w| w == option) {
            asked.drain(i..i + 2);
        }
    }

    /// Does what `hint` says to the options `asked`, as a user would.
    fn follow(hint: &str, asked: &mut Vec<String>) {
        if let Some(option) = hint.strip_prefix("no ") {
            return drop_option(asked, option);
        }
        let (options, rest) = hint.split_once(", ").unwrap_or((hint, ""));
        if let Some(option) = rest.strip_prefix("without ") {
            drop_option(asked, option);
        }
        let mut options: Vec<String> = options.split(' ').map(str::to_string).collect();
        if options == ["--time"] {
            options.push("1h".into());
        }
        drop_option(asked, &options[0]);
        asked.extend(options);
    }

    /// The checkpoint of a search started with `started`, 42.4 s into it.
    fn checkpoint(started: &[&str]) -> Checkpoint {
        let (root, config, budget) = search(&words(started));
        Coordinator::new(&root, config, budget).unwrap().checkpoint(42.4)
    }

    /// The hints a user follows from `asked` until the search `started` resumes.
    fn hints_resume(started: &[&str], asked: &[&str]) -> Vec<String> {
        let cp = checkpoint(started);
        let mut asked = words(asked);
        let mut hints = Vec::new();
        loop {
            let (root, config, budget) = search(&asked);
            let Err(e) = Coordinator::resume(&root, config, budget, &cp) else { return hints };
            let message = refusal(&e, cp.elapsed());
            let hint = message
                .strip_suffix(')')
                .and_then(|m| m.split_once("started with: "))
                .unwrap_or_else(|| panic!("{started:?}: no option in '{message}'"))
                .1
                .to_string();
            assert!(!hints.contains(&hint), "{started:?}: '{hint}' again");
            follow(&hint, &mut asked);
            hints.push(hint);
        }
    }

    #[test]
    fn following_a_refusal_s_options_resumes_the_checkpoint() {
        assert_eq!(hints_resume(&["--seed", "7"], &[]), ["--seed 7"]);
        assert_eq!(hints_resume(&["--seed", "7"], &["--seed", "2"]), ["--seed 7"]);
        assert_eq!(hints_resume(&["--variant", "5D"], &[]), ["--variant 5D"]);
        assert_eq!(hints_resume(&["--level", "2"], &[]), ["--level 2"]);
        assert_eq!(hints_resume(&["--iterations", "50"], &[]), ["--iterations 50"]);
        assert_eq!(hints_resume(&["--top-iterations", "40"], &[]), ["--top-iterations 40"]);
        assert_eq!(hints_resume(&[], &["--top-iterations", "40"]), ["--top-iterations 100"]);
        assert_eq!(hints_resume(&["--alpha", "0.5"], &[]), ["--alpha 0.5"]);
        assert_eq!(hints_resume(&["--code", "line-dot"], &[]), ["--code line-dot"]);
        assert_eq!(hints_resume(&["--stabilize", "2"], &[]), ["--stabilize 2"]);
        assert_eq!(hints_resume(&["--clamp", "8"], &[]), ["--clamp 8"]);
        assert_eq!(hints_resume(&["--clamp", "2.5"], &["--clamp", "3"]), ["--clamp 2.5"]);
        assert_eq!(hints_resume(&["--prior", "0.5"], &[]), ["--prior 0.5"]);
        assert_eq!(hints_resume(&[], &["--prior", "0.5"]), ["--prior 0"]);
        assert_eq!(hints_resume(&["--ties", "compact"], &[]), ["--ties compact"]);
        assert_eq!(hints_resume(&[], &["--ties", "compact"]), ["--ties newer"]);
        assert_eq!(hints_resume(&["--playouts", "1000"], &[]), ["--playouts 1000"]);
        assert_eq!(hints_resume(&[], &["--playouts", "1000"]), ["no --playouts"]);
        // Rosin's NRPA: its name gives back both the bound and the playouts per adapt
        assert_eq!(hints_resume(&["--method", "nrpa"], &[]), ["--method nrpa, without --clamp"]);
        assert_eq!(
            hints_resume(&["--method", "nrpa"], &["--clamp", "6"]),
            ["--method nrpa, without --clamp"]
        );
        let nrpa_4 = ["--method", "nrpa", "--stabilize", "4"];
        assert_eq!(hints_resume(&nrpa_4, &[]), ["--method nrpa, without --clamp", "--stabilize 4"]);
        // the budget before the level its default follows (4 with --time, else 3)
        assert_eq!(hints_resume(&["--time", "1m"], &[]), ["--time, which counts the 42 s already spent"]);
        assert_eq!(hints_resume(&[], &["--time", "1m"]), ["no --time"]);
        assert_eq!(
            hints_resume(&["--time", "1m", "--level", "3"], &[]),
            ["--time, which counts the 42 s already spent", "--level 3"]
        );
        // a start of its own: two rows of four dots
        let (root, ..) = search(&words(&["--start", "0,0 1,0 2,0 3,0 1,1 2,1 3,1 4,1"]));
        let code = root.start().code();
        assert_eq!(hints_resume(&["--start", &code], &[]), [format!("--start {code}")]);
        assert_eq!(hints_resume(&[], &["--start", &code]), ["--start cross"]);
    }

    /// A link to the game of `moves` first legal moves (each the first legal move) from
    /// `start` (the cross when `None`) in 5T.
    fn link(start: Option<&str>, moves: usize, skip: usize) -> String {
        let variant = Variant::T5;
        let dots = start.map_or_else(|| Start::cross(variant), |s| Start::parse(s, variant).unwrap());
        let mut p = Position::on(variant, dots);
        for i in 0..moves {
            let legal = p.legal_moves();
            p.play(legal[if i == 0 { skip } else { 0 }]);
        }
        link::write(&Game::new(p, Meta::default()), "https://example.org/", LinkView::default())
    }

    fn refused(started: &[&str], asked: &[&str]) -> String {
        let cp = checkpoint(started);
        let (root, config, budget) = search(&words(asked));
        refusal(&Coordinator::resume(&root, config, budget, &cp).expect_err("a refusal"), cp.elapsed())
    }

    #[test]
    fn a_continued_game_is_named_before_its_start() {
        let game = link(None, 3, 0);
        let cut = "(resume with the options it was started with: --from the game it continued, cut with --take 3 if it is longer)";
        assert!(refused(&["--from", &game], &[]).ends_with(cut));
        assert!(refused(&["--from", &game], &["--from", &game, "--take", "2"]).ends_with(cut));
        let other = link(None, 3, 1);
        assert!(refused(&["--from", &game], &["--from", &other]).ends_with(
            "its start position is another game, this command's is this one (resume with the options it was started with: --from the game it continued)"
        ));
        assert_eq!(hints_resume(&[], &["--from", &game]), ["no --from"]);
        // a game from a start of its own: the game is named, not its start (which --from
        // brings, and which --start would conflict with)
        let own = link(Some("0,0 1,0 2,0 3,0 1,1 2,1 3,1 4,1"), 1, 0);
        assert!(refused(&["--from", &own], &[]).contains("--from the game it continued, cut with --take 1"));
    }
}
