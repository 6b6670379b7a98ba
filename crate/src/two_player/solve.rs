//! Who wins the two-player game with perfect play: a depth-first search of the game tree
//! that stops at the first winning move, with every solved position kept in a table keyed
//! up to the 8 symmetries of the cross (a position and its images have the same result),
//! on every core.
//!
//! Moves are tried in the order of the replies they leave (fewest first): a move that
//! leaves none wins at once, and one that leaves few is the likeliest to win, so a winning
//! position is usually proved by its first move.

use super::table::{Full, Table, MIN_BYTES};
use super::Winner;
use crate::geom::Symmetry;
use crate::position::Position;
use crate::position_key::{canonical, position_keys, toggle_line};
use crate::starts::Start;
use crate::variant::{Move, Variant};
use rayon::prelude::*;
use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// Plies from the position solved within which children are searched in parallel: the
/// root's moves, then each one's replies, so the work splits into hundreds of tasks.
const PARALLEL_PLIES: u32 = 2;

/// Why a solve stopped without an answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// The variant's games can go on forever (line length 3): there is no last line.
    Endless(Variant),
    /// Games of this line length (4) are known to end from the cross only, and the start
    /// is another ([`Start::games_end`]): the solve might never reach a last line.
    EndlessStart(Variant),
    /// The memory limit is below what the table needs empty.
    LimitTooSmall {
        /// The limit asked for, in bytes.
        limit: u64,
        /// The least it can be.
        min: u64,
    },
    /// The table reached its memory limit.
    MemoryLimit {
        /// Positions solved when it stopped.
        positions: u64,
        /// Memory the table took.
        bytes: u64,
    },
    /// [`Solver::stop`] was called, or the visit limit ([`Solver::limit_visits`]) reached.
    Stopped {
        /// Positions solved when it stopped.
        positions: u64,
    },
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::Endless(v) => write!(
                f,
                "{v} games can go on forever, so no line is the last: choose 4T, 4D, 5T, 5D, 6T or 6D"
            ),
            SolveError::EndlessStart(v) => write!(
                f,
                "{v} games are known to end from the cross only, and this start is another: choose the cross, or 5T, 5D, 6T or 6D from any start"
            ),
            SolveError::LimitTooSmall { limit, min } => {
                write!(f, "a memory limit of {limit} bytes is too small: the table needs {min} bytes empty")
            }
            SolveError::MemoryLimit { positions, bytes } => write!(
                f,
                "the table reached its memory limit ({:.1} MiB) after {positions} positions, before the answer",
                *bytes as f64 / (1u64 << 20) as f64
            ),
            SolveError::Stopped { positions } => {
                write!(f, "stopped after {positions} positions, before the answer")
            }
        }
    }
}

impl std::error::Error for SolveError {}

/// Why the search below the root gave up.
#[derive(Clone, Copy, Debug)]
enum Abort {
    Full,
    Stopped,
    /// A sibling in a parallel search proved what the parent needed (never recorded, and
    /// never seen above that parent).
    Cancelled,
}

/// The flags of the parallel searches a position lies under (at most `PARALLEL_PLIES`): one
/// is set when a child proved its parent won, so the other children's searches, already
/// under way, stop instead of finishing refutations nobody needs.
#[derive(Clone, Copy)]
struct Cancel<'a> {
    flag: Option<&'a AtomicBool>,
    up: Option<&'a Cancel<'a>>,
}

impl Cancel<'_> {
    const NONE: Cancel<'static> = Cancel { flag: None, up: None };

    fn is_set(&self) -> bool {
        self.flag.is_some_and(|f| f.load(Ordering::Relaxed)) || self.up.is_some_and(|u| u.is_set())
    }
}

impl From<Full> for Abort {
    fn from(_: Full) -> Abort {
        Abort::Full
    }
}

/// A solver of one variant's two-player game. Its table keeps every position it solves, so
/// solving several positions of the same game (each move's, then the next) reuses the work.
#[derive(Debug)]
pub struct Solver {
    variant: Variant,
    start: Start,
    table: Table,
    stop: AtomicBool,
    visited: AtomicU64,
    visit_limit: u64,
    /// The start's symmetries (8 for the cross), in the order of every key array.
    syms: Vec<Symmetry>,
}

impl Solver {
    /// A solver whose table never takes more than `memory_limit` bytes. Line length 3 is
    /// refused: its games can go on forever (as are 4T and 4D from a start other than the
    /// cross, in [`Solver::on`]).
    pub fn new(variant: Variant, memory_limit: u64) -> Result<Solver, SolveError> {
        Solver::on(variant, Start::cross(variant), memory_limit)
    }

    /// A solver of the game from `start` (see [`Solver::new`]).
    pub fn on(variant: Variant, start: Start, memory_limit: u64) -> Result<Solver, SolveError> {
        if !start.games_end(variant) {
            return Err(if variant.line_len() < 4 {
                SolveError::Endless(variant)
            } else {
                SolveError::EndlessStart(variant)
            });
        }
        if memory_limit < MIN_BYTES {
            return Err(SolveError::LimitTooSmall { limit: memory_limit, min: MIN_BYTES });
        }
        Ok(Solver {
            variant,
            syms: start.symmetries().collect(),
            start,
            table: Table::new(memory_limit),
            stop: AtomicBool::new(false),
            visited: AtomicU64::new(0),
            visit_limit: u64::MAX,
        })
    }

    /// The least memory limit [`Solver::new`] takes.
    pub const MIN_MEMORY: u64 = MIN_BYTES;

    /// Who wins from `pos` with perfect play, counting from the side to move
    /// ([`Winner::First`]: the player to move can make sure to draw the last line).
    /// Panics if `pos` is of another variant or start.
    pub fn solve(&self, pos: &Position) -> Result<Winner, SolveError> {
        let mut p = self.prepare(pos);
        let h = self.keys_of(&p);
        let wins = self.wins(&mut p, &h, PARALLEL_PLIES, &Cancel::NONE).map_err(|a| self.error(a))?;
        Ok(if wins { Winner::First } else { Winner::Second })
    }

    /// The moves from `pos` that win (after which the opponent loses with perfect play), in
    /// canonical order; empty when the side to move loses. Solves every move, where
    /// [`Solver::solve`] stops at the first winning one.
    pub fn winning_moves(&self, pos: &Position) -> Result<Vec<Move>, SolveError> {
        let p = self.prepare(pos);
        let h = self.keys_of(&p);
        let results: Result<Vec<(Move, bool)>, Abort> = p
            .legal_moves()
            .into_par_iter()
            .map(|m| {
                let mut child = p.clone();
                child.play(m);
                let ch = self.child_keys(&h, m);
                Ok((m, !self.wins(&mut child, &ch, PARALLEL_PLIES - 1, &Cancel::NONE)?))
            })
            .collect();
        let results = results.map_err(|a| self.error(a))?;
        let winning: Vec<Move> = results.into_iter().filter(|&(_, w)| w).map(|(m, _)| m).collect();
        if !p.is_finished() {
            // the root is solved too (a finished position is never recorded: see `wins`)
            self.table
                .insert(canonical(&h, self.syms.len()), !winning.is_empty())
                .map_err(|a| self.error(a.into()))?;
        }
        Ok(winning)
    }

    /// Positions solved so far (in the table).
    pub fn positions(&self) -> u64 {
        self.table.len()
    }

    /// Positions searched so far, those found in the table not counted (progress).
    pub fn visited(&self) -> u64 {
        self.visited.load(Ordering::Relaxed)
    }

    /// Memory the table takes, in bytes.
    pub fn table_bytes(&self) -> u64 {
        self.table.bytes()
    }

    /// Makes solves stop (`SolveError::Stopped`) once they have searched `visits` more
    /// positions than so far: for a player that tries an exact solve before it thinks
    /// otherwise, or a check of moves where the position is small enough.
    pub fn limit_visits(&mut self, visits: u64) {
        self.visit_limit = self.visited().saturating_add(visits);
    }

    /// Makes the solve under way (on another thread) return `SolveError::Stopped` soon, and
    /// every later one that needs a search: a stopped solver is done with.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    fn prepare(&self, pos: &Position) -> Position {
        assert_eq!(
            pos.variant(),
            self.variant,
            "a {} solver given a {} position",
            self.variant,
            pos.variant()
        );
        assert!(pos.start() == &self.start, "a solver given a position on another start");
        pos.clone()
    }

    fn error(&self, a: Abort) -> SolveError {
        match a {
            Abort::Full => SolveError::MemoryLimit { positions: self.positions(), bytes: self.table_bytes() },
            Abort::Stopped => SolveError::Stopped { positions: self.positions() },
            Abort::Cancelled => unreachable!("only a parallel search's children are cancelled"),
        }
    }

    /// The keys of `p`'s 8 images.
    fn keys_of(&self, p: &Position) -> [u128; 8] {
        position_keys(p.lines(), &self.syms, &self.start, self.variant)
    }

    /// The keys of the 8 images of the position `h`'s after `m`.
    fn child_keys(&self, h: &[u128; 8], m: Move) -> [u128; 8] {
        let mut c = *h;
        toggle_line(&mut c, m.line(), &self.syms, &self.start, self.variant);
        c
    }

    /// Whether the side to move wins from `p` (whose images' keys are `h`); `p` is left as
    /// it was. In parallel over the children for `par` more plies; gives up when `cancel`
    /// says a parallel search above no longer needs the answer.
    fn wins(&self, p: &mut Position, h: &[u128; 8], par: u32, cancel: &Cancel<'_>) -> Result<bool, Abort> {
        if p.is_finished() {
            // the opponent drew the last line (not recorded: it costs more to look up)
            return Ok(false);
        }
        let key = canonical(h, self.syms.len());
        if let Some(w) = self.table.get(key) {
            return Ok(w);
        }
        if self.stop.load(Ordering::Relaxed) {
            return Err(Abort::Stopped);
        }
        if cancel.is_set() {
            return Err(Abort::Cancelled);
        }
        if self.visited.fetch_add(1, Ordering::Relaxed) >= self.visit_limit {
            return Err(Abort::Stopped);
        }
        // the children, by the replies they leave
        let mut kids: Vec<(usize, Move)> = Vec::with_capacity(p.num_legal_moves());
        for m in p.legal_moves_unordered() {
            p.play(m);
            let replies = p.num_legal_moves();
            p.undo();
            if replies == 0 {
                self.table.insert(key, true)?;
                return Ok(true);
            }
            kids.push((replies, m));
        }
        // ties broken by the move, so a solve's order never depends on the board's
        kids.sort_unstable_by_key(|&(n, m)| (n, m.sort_key()));
        let wins = if par > 0 {
            let won = AtomicBool::new(false);
            let below = Cancel { flag: Some(&won), up: Some(cancel) };
            let found = kids
                .par_iter()
                .map(|&(_, m)| {
                    let mut child = p.clone();
                    child.play(m);
                    let r = self.wins(&mut child, &self.child_keys(h, m), par - 1, &below);
                    if matches!(r, Ok(false)) {
                        won.store(true, Ordering::Relaxed);
                    }
                    r
                })
                .find_any(|r| !matches!(r, Ok(true)));
            // a child lost: the siblings it cancelled may be the ones `find_any` returns
            if won.load(Ordering::Relaxed) {
                true
            } else {
                match found {
                    Some(Err(a)) => return Err(a),
                    Some(Ok(_)) => unreachable!("a lost child sets `won`"),
                    None => false,
                }
            }
        } else {
            let mut wins = false;
            for &(_, m) in &kids {
                p.play(m);
                let r = self.wins(p, &self.child_keys(h, m), 0, cancel);
                p.undo();
                if !r? {
                    wins = true;
                    break;
                }
            }
            wins
        };
        self.table.insert(key, wins)?;
        Ok(wins)
    }
}
