//! What a refused checkpoint differs in: the setting, and its two values typed where what
//! gives a value back depends on it (a bound or none, a count of moves or another game), so
//! that a front end names its options from data, never from the words of `Display`.

use crate::nrpa::Budget;
use std::fmt;

/// A setting that a checkpoint records and that the search resuming it must repeat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Setting {
    /// The variant (5T, 5D, ...).
    Variant,
    /// The start's dots (`cross` or a start code).
    Start,
    /// The moves the search continued (none from the start).
    StartPosition,
    /// The nesting level of a run.
    Level,
    /// Iterations per level.
    Iterations,
    /// Iterations of a top-level run.
    TopIterations,
    /// Adapt's learning rate.
    Alpha,
    /// The random seed.
    Seed,
    /// How moves are coded for the policy.
    MoveCode,
    /// Playouts per adapt at level 1.
    PlayoutsPerAdapt,
    /// The bound on policy weights.
    WeightClamp,
    /// The prior's strength.
    Prior,
    /// Which of two results of equal score a level keeps (`newer` or `compact`).
    TieRule,
    /// One run, a number of playouts or until stopped.
    Budget,
    /// The whole playout budget.
    PlayoutBudget,
}

impl fmt::Display for Setting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Setting::Variant => "variant",
            Setting::Start => "start",
            Setting::StartPosition => "start position",
            Setting::Level => "level",
            Setting::Iterations => "iterations",
            Setting::TopIterations => "top-level iterations",
            Setting::Alpha => "alpha",
            Setting::Seed => "seed",
            Setting::MoveCode => "move code",
            Setting::PlayoutsPerAdapt => "playouts per adapt",
            Setting::WeightClamp => "weight clamp",
            Setting::Prior => "prior",
            Setting::TieRule => "tie rule",
            Setting::Budget => "budget",
            Setting::PlayoutBudget => "playout budget",
        })
    }
}

/// A setting's value in a refusal. `Display` writes it as a user reads it (`±8`, `none`,
/// `until stopped`, `12 moves`).
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// As the setting's option takes it: a variant, a start, a number, a move code's name.
    Given(String),
    /// A weight clamp (the largest |weight| a policy may learn), or none.
    Clamp(Option<f64>),
    /// A whole playout budget, or none.
    Playouts(Option<u64>),
    /// How long the search goes on.
    Budget(Budget),
    /// The number of moves the search continued from its start (0: none).
    Moves(usize),
    /// The game the checkpoint's search continued, where the command continues another
    /// game as long.
    OtherGame,
    /// The command's game, beside [`Value::OtherGame`].
    ThisGame,
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Given(v) => f.write_str(v),
            Value::Clamp(Some(c)) => write!(f, "±{c}"),
            Value::Clamp(None) | Value::Playouts(None) => f.write_str("none"),
            Value::Playouts(Some(n)) => write!(f, "{n}"),
            Value::Budget(Budget::OneRun) => f.write_str("one run"),
            Value::Budget(Budget::Playouts(_)) => f.write_str("a number of playouts"),
            Value::Budget(Budget::UntilStopped) => f.write_str("until stopped"),
            Value::Moves(1) => f.write_str("1 move"),
            Value::Moves(n) => write!(f, "{n} moves"),
            Value::OtherGame => f.write_str("another game"),
            Value::ThisGame => f.write_str("this one"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The words a refusal shows for each kind of value.
    #[test]
    fn values_read_as_a_user_reads_them() {
        let shown = |v: Value| v.to_string();
        assert_eq!(shown(Value::Given("5D".into())), "5D");
        assert_eq!(shown(Value::Clamp(Some(8.0))), "±8");
        assert_eq!(shown(Value::Clamp(Some(2.5))), "±2.5");
        assert_eq!(shown(Value::Clamp(None)), "none");
        assert_eq!(shown(Value::Playouts(Some(1000))), "1000");
        assert_eq!(shown(Value::Playouts(None)), "none");
        assert_eq!(shown(Value::Budget(Budget::OneRun)), "one run");
        assert_eq!(shown(Value::Budget(Budget::Playouts(5))), "a number of playouts");
        assert_eq!(shown(Value::Budget(Budget::UntilStopped)), "until stopped");
        assert_eq!(shown(Value::Moves(0)), "0 moves");
        assert_eq!(shown(Value::Moves(1)), "1 move");
        assert_eq!(shown(Value::Moves(12)), "12 moves");
        assert_eq!(shown(Value::OtherGame), "another game");
        assert_eq!(shown(Value::ThisGame), "this one");
    }
}
