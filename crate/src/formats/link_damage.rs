//! How a game link can be damaged, and what to tell its reader: a link travels by hand
//! (chat, mail, a QR code), so a cut, a changed character or a changed variant each get a
//! sentence that says which.

use super::error::shown;
use crate::position::IllegalMove;
use crate::starts::BadStart;
use std::fmt;

/// How a game link is damaged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkDamage {
    /// The address has no `g=` part.
    NoGame,
    /// The value has `found` parts separated by '.', not `expected` (5 in version 1, 6 in
    /// version 2).
    Parts {
        /// Parts found.
        found: usize,
        /// Parts its version has.
        expected: usize,
    },
    /// The version says `said`, and the link has the `parts` of version `other`: its
    /// first number was changed (not the link cut short).
    VersionParts {
        /// The version the link says.
        said: String,
        /// Its parts.
        parts: usize,
        /// The version those parts are of.
        other: &'static str,
    },
    /// A version this program does not read.
    Version(String),
    /// Not a variant name.
    Variant(String),
    /// The link says `said`, and its moves and check are a game of `game`: its variant
    /// was changed.
    VariantChanged {
        /// The variant the link says.
        said: crate::Variant,
        /// The variant of its game.
        game: crate::Variant,
    },
    /// Not a number of moves (or more than a link may hold).
    MoveCount(String),
    /// The game ends after `after` moves but the link says `claimed`.
    GameOver {
        /// Moves before the end.
        after: usize,
        /// Moves the link says.
        claimed: usize,
    },
    /// The bits stop at move `at` of `of`.
    CutShort {
        /// The move that has no bits.
        at: usize,
        /// Moves the link says.
        of: usize,
    },
    /// Move `at` is not the index of a legal move.
    NotLegal {
        /// The move.
        at: usize,
    },
    /// Move `at` is legal but the engine cannot play it (beyond its coordinate limit).
    Unplayable {
        /// The move.
        at: usize,
        /// Why.
        reason: IllegalMove,
    },
    /// Characters left after the last move.
    Leftover,
    /// A `p=` value other than 1 or 2 (the number of players).
    Players(String),
    /// `m=` or `p=` given twice, with two values.
    Repeated(char),
    /// The start part of a version 2 link does not decode.
    Start(BadStart),
    /// The check does not match the game.
    Check,
    /// A character outside base64url in the moves (`at` says where).
    Character(char),
}

impl fmt::Display for LinkDamage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use LinkDamage::*;
        match self {
            NoGame => write!(f, "the link carries no game (no g= part after the #)"),
            Version(v) => {
                write!(f, "unsupported link version \"{}\" (this program reads versions 1 and 2)", shown(v))
            }
            Parts { found, expected } => write!(
                f,
                "damaged link: expected {expected} parts separated by '.', found {found} (was the link cut short?)"
            ),
            VersionParts { said, parts, other } => write!(
                f,
                "damaged link: its version says {}, but its {parts} parts separated by '.' are a version-{other} link's (was the number after g= changed?)",
                shown(said)
            ),
            Variant(v) => write!(f, "damaged link: {}", crate::BadVariant(shown(v).into_owned())),
            VariantChanged { said, game } => write!(
                f,
                "damaged link: it says {said}, but its moves and check are a {game} game's (was {said} written over {game}?)"
            ),
            MoveCount(n) => write!(f, "damaged link: bad number of moves \"{}\"", shown(n)),
            GameOver { after, claimed } => {
                write!(f, "damaged link: the game is over after {after} moves but the link says {claimed}")
            }
            CutShort { at, of } => {
                write!(f, "damaged link: the moves stop at move {at} of {of} (was the link cut short?)")
            }
            // moves are written in as few bits as they need: a changed character reads as
            // other moves until one is not legal, so only "at or before" can be said
            NotLegal { at } => write!(f, "damaged link: move {at} is not a legal move (the damage is at or before it)"),
            Unplayable { at, reason } => write!(f, "the link's move {at} cannot be played: {reason}"),
            Leftover => write!(f, "damaged link: there are characters left after the last move"),
            Players(p) => {
                write!(f, "damaged link: bad number of players \"p={}\" (p=2 marks a two-player game)", shown(p))
            }
            Repeated(name) => {
                write!(f, "damaged link: it gives {name}= twice, with two values (which was meant is unknown)")
            }
            Start(e) => write!(f, "damaged link: {e}"),
            Check => write!(f, "damaged link: the check does not match (a character was changed or lost)"),
            Character(c) => write!(
                f,
                "damaged link: its moves cannot hold \"{}\" (only letters, digits, - and _)",
                c.escape_debug()
            ),
        }
    }
}
