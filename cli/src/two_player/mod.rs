//! `morpion two-player`: the two-player game (the player who draws the last line wins):
//! `solve` says who wins with perfect play, `match` plays the computer's strengths against
//! each other.

mod matches;
mod solve;

use crate::Quit;
use std::io::Write;

/// The commands of `morpion two-player`.
#[derive(clap::Subcommand)]
pub enum Command {
    /// Who wins with perfect play from the start (or from --from's position): `first` is
    /// the player to move there, `second` the other one.
    ///
    /// Every solved position is kept in a table keyed up to the 8 symmetries of the cross;
    /// the table's memory limit, or Ctrl+C, stops the solve cleanly without an answer.
    Solve(solve::SolveArgs),
    /// Plays two of the computer's strengths against each other, each starting half the
    /// games, and says who won how often.
    Match(matches::MatchArgs),
}

/// Runs a `two-player` command.
pub fn command(command: Command, o: &mut impl Write) -> Result<(), Quit> {
    match command {
        Command::Solve(args) => solve::solve(args, o),
        Command::Match(args) => matches::play(args, o),
    }
}
