//! The two-player game: the players take turns drawing lines under the solitaire's rules,
//! and the player who draws the last line wins (the one left without a move loses). A
//! position is the solitaire's; whose turn it is follows from the number of moves played
//! (player 1 draws the odd-numbered lines). Good play now means leaving the opponent as
//! few moves as possible, not making the game long.
//!
//! [`Solver`] finds who wins with perfect play; [`choose`] is the computer's move at a
//! [`Strength`].

mod mcts;
mod players;
mod solve;
mod table;

pub use players::{choose, BadStrength, Reason, Strength, Thinking};
pub use solve::{SolveError, Solver};

use crate::position::Position;

/// Who wins with perfect play, counting from a position's side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Winner {
    /// The player to move.
    First,
    /// The other player.
    Second,
}

impl Winner {
    /// `first` or `second` (the names the command line and its JSON use).
    pub fn name(self) -> &'static str {
        match self {
            Winner::First => "first",
            Winner::Second => "second",
        }
    }
}

/// The player to move in `pos`: 1 (who drew the first line) or 2.
pub fn player_to_move(pos: &Position) -> u8 {
    player_of_move(pos.score() + 1)
}

/// Who draws move `n` (1-based): player 1 the odd-numbered moves, player 2 the others.
pub fn player_of_move(n: usize) -> u8 {
    if n % 2 == 1 {
        1
    } else {
        2
    }
}
