//! The computer's players, from weakest to strongest: a random mover, a fast one (a short
//! tree search), and a strong one that solves the position exactly when it is small
//! enough and otherwise thinks with Monte Carlo tree search for as long as it is given.
//!
//! A first fast player that left the opponent the fewest moves (and never a last line)
//! won 8 of 20 4D games against the random mover: in this game the count of moves left
//! matters less than its parity, which only a search sees.

use super::mcts;
use super::solve::{SolveError, Solver};
use crate::position::Position;
use crate::rng::Rng;
use crate::variant::Move;
use std::fmt;
use std::str::FromStr;

/// How well the computer plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Strength {
    /// Any legal move, uniformly at random.
    Random,
    /// Draws the last line when it can, otherwise a short tree search
    /// (`FAST_ITERATIONS` random games, one thread: a few milliseconds).
    Fast,
    /// Perfect where the position solves within [`Thinking::solve_visits`], otherwise
    /// Monte Carlo tree search for the time it is given, on every core.
    Strong,
}

impl Strength {
    /// Every strength, weakest first.
    pub const ALL: [Strength; 3] = [Strength::Random, Strength::Fast, Strength::Strong];

    /// `random`, `fast`, `strong`.
    pub fn name(self) -> &'static str {
        match self {
            Strength::Random => "random",
            Strength::Fast => "fast",
            Strength::Strong => "strong",
        }
    }

    /// One line saying how it plays.
    pub fn about(self) -> &'static str {
        match self {
            Strength::Random => "any legal move, at random",
            Strength::Fast => "takes the last line when it can, else a short tree search (instant)",
            Strength::Strong => "plays perfectly where it can solve the position, else thinks (tree search)",
        }
    }
}

impl fmt::Display for Strength {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is no strength's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadStrength(pub String);

impl fmt::Display for BadStrength {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown strength '{}' (expected random, fast or strong)", self.0)
    }
}

impl std::error::Error for BadStrength {}

impl FromStr for Strength {
    type Err = BadStrength;
    fn from_str(s: &str) -> Result<Strength, BadStrength> {
        Strength::ALL.into_iter().find(|k| k.name() == s.trim()).ok_or_else(|| BadStrength(s.to_string()))
    }
}

/// Random games the fast player's tree search plays a move.
pub const FAST_ITERATIONS: u64 = 2_000;

/// What the strong player may spend on a move.
pub struct Thinking<'a> {
    /// Threads for the tree search (one per core).
    pub threads: usize,
    /// Positions the exact solve may search before it gives up (it is tried first).
    pub solve_visits: u64,
    /// The exact solve's table, in bytes.
    pub solve_memory: u64,
    /// Stops the tree search: asked every few iterations with the iterations one thread
    /// has done (a clock on the command line, a count in tests).
    pub stop: &'a (dyn Fn(u64) -> bool + Sync),
}

impl fmt::Debug for Thinking<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Thinking({} threads, solve {} visits)", self.threads, self.solve_visits)
    }
}

/// How a move was chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// Picked at random.
    Random,
    /// The move draws the last line.
    LastLine,
    /// The position was solved: the move wins with perfect play.
    SolvedWin,
    /// The position was solved and is lost whatever is played: the tree search chose.
    SolvedLoss,
    /// Too large to solve (or not tried, by the fast player): the tree search chose after
    /// this many games.
    Searched(u64),
}

/// The computer's move in `pos` at `strength` and why; `None` when the game is over.
///
/// For line lengths 4 to 6: 3T and 3D games can go on forever, so there is no last line
/// to aim at (the tree search's random games would only stop at the board's limit, and
/// the exact solve refuses them); `two-player match` refuses them for that reason.
pub fn choose(
    pos: &Position,
    strength: Strength,
    rng: &mut Rng,
    thinking: &Thinking<'_>,
) -> Option<(Move, Reason)> {
    if pos.is_finished() {
        return None;
    }
    match strength {
        Strength::Random => {
            let moves = pos.legal_moves();
            Some((moves[rng.below(moves.len())], Reason::Random))
        }
        Strength::Fast => {
            if let Some(m) = last_line(pos) {
                return Some((m, Reason::LastLine));
            }
            let stats = mcts::search(pos, 1, rng.next_u64(), &|n| n >= FAST_ITERATIONS);
            Some((stats.best().expect("a position with a legal move"), Reason::Searched(stats.iterations)))
        }
        Strength::Strong => {
            if let Some(m) = last_line(pos) {
                return Some((m, Reason::LastLine));
            }
            let solved = solve_small(pos, thinking);
            if let Ok(Some(m)) = solved {
                return Some((m, Reason::SolvedWin));
            }
            let stats = mcts::search(pos, thinking.threads, rng.next_u64(), thinking.stop);
            let m = stats.best().expect("a position with a legal move");
            Some((m, if solved.is_ok() { Reason::SolvedLoss } else { Reason::Searched(stats.iterations) }))
        }
    }
}

/// A move after which the opponent has none (it draws the last line), if any.
fn last_line(pos: &Position) -> Option<Move> {
    let mut p = pos.clone();
    pos.legal_moves().into_iter().find(|&m| {
        p.play(m);
        let over = p.is_finished();
        p.undo();
        over
    })
}

/// A winning move (`Some`), or none because every move loses (`None`), if `pos` solves
/// within the visits allowed.
fn solve_small(pos: &Position, thinking: &Thinking<'_>) -> Result<Option<Move>, SolveError> {
    let mut solver =
        Solver::on(pos.variant(), pos.start().clone(), thinking.solve_memory.max(Solver::MIN_MEMORY))?;
    solver.limit_visits(thinking.solve_visits);
    Ok(solver.winning_moves(pos)?.first().copied())
}

#[cfg(test)]
mod tests {
    use super::super::Solver;
    use super::*;
    use crate::variant::Variant;

    #[test]
    fn names_round_trip() {
        for s in Strength::ALL {
            assert_eq!(s.name().parse::<Strength>(), Ok(s));
        }
        assert_eq!("perfect".parse::<Strength>(), Err(BadStrength("perfect".into())));
    }

    /// One move before a record's end every strength but random draws the last line.
    #[test]
    fn the_last_line_is_taken() {
        let game = crate::library::find("4d-35-hyyroporanen").unwrap().game();
        let before = Position::from_moves(Variant::D4, &game.moves()[..34]).unwrap();
        let thinking =
            Thinking { threads: 1, solve_visits: 10_000, solve_memory: 1 << 24, stop: &|n| n >= 100 };
        for s in [Strength::Fast, Strength::Strong] {
            let (m, why) = choose(&before, s, &mut Rng::new(1), &thinking).unwrap();
            let mut after = before.clone();
            after.play(m);
            assert!(after.is_finished(), "{s}: {m}");
            assert_eq!(why, Reason::LastLine);
        }
        assert_eq!(choose(game.position(), Strength::Strong, &mut Rng::new(1), &thinking), None);
    }

    /// A few moves before a record's end the strong player solves the position: its move
    /// wins when the position is won (as an independent solver says), and it says so.
    #[test]
    fn the_strong_player_plays_perfectly_where_it_solves() {
        let game = crate::library::find("4t-62-hyyroporanen").unwrap().game();
        let thinking =
            Thinking { threads: 2, solve_visits: 1_000_000, solve_memory: 1 << 26, stop: &|n| n >= 100 };
        let mut won = 0;
        for keep in 50..60 {
            let pos = Position::from_moves(Variant::T4, &game.moves()[..keep]).unwrap();
            let judge = Solver::new(Variant::T4, 1 << 26).unwrap();
            let (m, why) = choose(&pos, Strength::Strong, &mut Rng::new(keep as u64), &thinking).unwrap();
            let mut after = pos.clone();
            after.play(m);
            if judge.solve(&pos).unwrap() == super::super::Winner::First {
                won += 1;
                assert!(matches!(why, Reason::SolvedWin | Reason::LastLine), "{keep}: {why:?}");
                assert_eq!(judge.solve(&after).unwrap(), super::super::Winner::Second, "{keep}: {m}");
            } else {
                assert_eq!(why, Reason::SolvedLoss, "{keep}");
            }
        }
        assert!((1..10).contains(&won), "won positions among the ten: {won}");
    }

    /// The fast player (a short tree search) beats the random mover: every one of 8 games
    /// of 4D, each side starting 4 (a search whose rewards were the wrong way round would
    /// lose them).
    #[test]
    fn fast_beats_random() {
        let thinking = Thinking { threads: 1, solve_visits: 0, solve_memory: 0, stop: &|_| true };
        let mut rng = Rng::new(5);
        for g in 0..8 {
            let fast_side = g % 2;
            let mut pos = Position::new(Variant::D4);
            while let Some((m, _)) = {
                let s = if pos.score() % 2 == fast_side { Strength::Fast } else { Strength::Random };
                choose(&pos, s, &mut rng, &thinking)
            } {
                pos.play(m);
            }
            // the side to move has lost
            assert_ne!(
                pos.score() % 2,
                fast_side,
                "game {g}: the fast player lost after {} moves",
                pos.score()
            );
        }
    }
}
