//! The refusal of a checkpoint of another search, in the words of `search`'s options: the
//! core says which setting differs and the checkpoint's value, this file names the option
//! that gives that value back (`--seed 7`, `--clamp 8`), so that a user who resumes
//! without the options the search was started with reads what to add.

use morpion::nrpa::distributed::{CheckpointError, Setting};

/// The options that give a search `setting`'s value `saved` (as the core writes it), when
/// options can: the moves a search continued are a file's or a link's, which the
/// checkpoint does not know.
fn option_giving(setting: Setting, saved: &str) -> Option<String> {
    let flag = match setting {
        Setting::Variant => "--variant",
        Setting::Start => "--start",
        Setting::Level => "--level",
        Setting::Iterations => "--iterations",
        Setting::Alpha => "--alpha",
        Setting::Seed => "--seed",
        Setting::MoveCode => "--code",
        Setting::PlayoutsPerAdapt => "--stabilize",
        Setting::Prior => "--prior",
        Setting::PlayoutBudget if saved == "none" => return Some("no --playouts".to_string()),
        Setting::PlayoutBudget => "--playouts",
        // a bound comes from --clamp; none only from Rosin's NRPA, which has no bound
        Setting::WeightClamp => {
            return Some(
                saved.strip_prefix('±').map_or("--method nrpa".to_string(), |c| format!("--clamp {c}")),
            )
        }
        // the playout budget is compared first, so these two differ in --time alone
        Setting::Budget => {
            return match saved {
                "until-stopped" => Some("--time (the time spent counts towards it)".to_string()),
                "one-run" => Some("no --time".to_string()),
                _ => None,
            }
        }
        Setting::StartPosition => return None,
    };
    Some(format!("{flag} {saved}"))
}

/// Why the checkpoint cannot be resumed, and with which options it can.
pub(super) fn refusal(e: &CheckpointError) -> String {
    match e {
        CheckpointError::Mismatch { what, saved, .. } => match option_giving(*what, saved) {
            Some(option) => format!("{e} (resume with the options it was started with: {option})"),
            None => format!("{e} (resume with the options it was started with)"),
        },
        _ => e.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::super::search::budget_of;
    use super::*;
    use crate::search::{prepare, Args};
    use clap::Parser;
    use morpion::nrpa::distributed::Coordinator;
    use morpion::nrpa::Budget;
    use morpion::nrpa::Config;
    use morpion::Position;

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
            Err(crate::Quit::Error(e)) => panic!("{options:?}: {e}"),
            Err(crate::Quit::Pipe) => unreachable!("nothing is written"),
        };
        let budget = budget_of(&p);
        (p.root, p.config, budget)
    }

    fn words(s: &[&str]) -> Vec<String> {
        s.iter().map(|w| w.to_string()).collect()
    }

    /// A search started with `started` and resumed with none of those options: every
    /// refusal names options, and adding them resumes it.
    fn hints_resume(started: &[&str]) -> Vec<String> {
        let (root, config, budget) = search(&words(started));
        let cp = Coordinator::new(&root, config, budget).unwrap().checkpoint(1.0);
        let mut asked = Vec::new();
        let mut hints = Vec::new();
        loop {
            let (root, config, budget) = search(&asked);
            match Coordinator::resume(&root, config, budget, &cp) {
                Ok(_) => return hints,
                Err(e) => {
                    let message = refusal(&e);
                    let hint = message
                        .strip_suffix(')')
                        .and_then(|m| m.split_once("started with: "))
                        .unwrap_or_else(|| panic!("{started:?}: no option in '{message}'"))
                        .1
                        .to_string();
                    assert!(!hints.contains(&hint), "{started:?}: '{hint}' again");
                    asked.extend(hint.split(' ').map(str::to_string));
                    hints.push(hint);
                }
            }
        }
    }

    #[test]
    fn following_a_refusal_s_options_resumes_the_checkpoint() {
        assert_eq!(hints_resume(&["--seed", "7"]), ["--seed 7"]);
        assert_eq!(hints_resume(&["--variant", "5D"]), ["--variant 5D"]);
        assert_eq!(hints_resume(&["--level", "2"]), ["--level 2"]);
        assert_eq!(hints_resume(&["--iterations", "50"]), ["--iterations 50"]);
        assert_eq!(hints_resume(&["--alpha", "0.5"]), ["--alpha 0.5"]);
        assert_eq!(hints_resume(&["--code", "line-dot"]), ["--code line-dot"]);
        assert_eq!(hints_resume(&["--stabilize", "2"]), ["--stabilize 2"]);
        assert_eq!(hints_resume(&["--clamp", "8"]), ["--clamp 8"]);
        assert_eq!(hints_resume(&["--clamp", "2.5"]), ["--clamp 2.5"]);
        assert_eq!(hints_resume(&["--prior", "0.5"]), ["--prior 0.5"]);
        assert_eq!(hints_resume(&["--playouts", "1000"]), ["--playouts 1000"]);
        // Rosin's NRPA: one playout per adapt, then no bound
        assert_eq!(hints_resume(&["--method", "nrpa"]), ["--stabilize 1", "--method nrpa"]);
        // a start of its own: two rows of four dots
        let (root, ..) = search(&words(&["--start", "0,0 1,0 2,0 3,0 1,1 2,1 3,1 4,1"]));
        let code = root.start().code();
        assert_eq!(hints_resume(&["--start", &code]), [format!("--start {code}")]);
    }

    #[test]
    fn what_options_cannot_say_is_said_in_words() {
        let (root, config, budget) = search(&words(&["--time", "1m"]));
        let cp = Coordinator::new(&root, config.clone(), budget).unwrap().checkpoint(1.0);
        let e = Coordinator::resume(&root, config.clone(), Budget::OneRun, &cp).expect_err("a mismatch");
        assert!(
            refusal(&e).ends_with(
                "(resume with the options it was started with: --time (the time spent counts towards it))"
            ),
            "{}",
            refusal(&e)
        );
        let one_run = Coordinator::new(&root, config.clone(), Budget::OneRun).unwrap().checkpoint(1.0);
        let e = Coordinator::resume(&root, config.clone(), budget, &one_run).expect_err("a mismatch");
        assert!(
            refusal(&e).ends_with("(resume with the options it was started with: no --time)"),
            "{}",
            refusal(&e)
        );
        let e = Coordinator::resume(&root, config, Budget::Playouts(1000), &one_run).expect_err("a mismatch");
        assert!(
            refusal(&e).ends_with("(resume with the options it was started with: no --playouts)"),
            "{}",
            refusal(&e)
        );
        let other = CheckpointError::Mismatch {
            what: Setting::StartPosition,
            saved: "another game".into(),
            asked: "this one".into(),
        };
        assert!(refusal(&other)
            .ends_with("this command's is this one (resume with the options it was started with)"));
        assert_eq!(refusal(&CheckpointError::Damaged("x".into())), "the checkpoint is damaged: x");
    }
}
