//! Records (move lists as read, not yet checked) and games (replayed, known legal).

use crate::geom::Frame;
use crate::position::{Position, ReplayError};
use crate::starts::Start;
use crate::variant::{Move, Variant};

/// What is known about a game besides its moves. Every field is optional.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Meta {
    /// Who played or found it.
    pub author: Option<String>,
    /// When (free text: `2011-08`, `1976`, ...).
    pub date: Option<String>,
    /// One line about the game.
    pub description: Option<String>,
    /// Where it comes from (a URL, a paper, a program).
    pub source: Option<String>,
}

/// A date as people read it: `<=2014` (the record collection's way to say a game was known
/// by then) is "2014 or before"; any other date stays as it is.
pub fn date_words(date: &str) -> std::borrow::Cow<'_, str> {
    match date.strip_prefix("<=") {
        Some(year) => format!("{year} or before").into(),
        None => date.into(),
    }
}

impl Meta {
    /// Who played the game and when, as one line (empty when nothing is known): the
    /// description, and the date where the description does not already say it in words
    /// (a record's label says "2014 or before" for the date "<=2014").
    pub fn title(&self) -> String {
        let description = self.description.as_deref().unwrap_or("");
        [self.description.as_deref(), self.date.as_deref().filter(|d| !description.contains(&*date_words(d)))]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join(" · ")
    }
}

/// A move as its text writes it: its line (from 1) and the text of the move, so that a
/// message about it points there in the text's own terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Written {
    /// The line it is on.
    pub line: usize,
    /// The move as written (`(25,27) | +2`).
    pub text: String,
}

/// Where a record's moves come from in its text.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Source {
    /// Per move, where it is written: one per move for formats with lines, else empty.
    pub moves: Vec<Written>,
    /// How the text's coordinates relate to the standard frame.
    pub frame: Frame,
    /// What the reader passed over, which the user hears of.
    pub skipped: Vec<Skipped>,
}

/// Something a reader passed over without refusing the text: the game is whole, but the
/// text says more than it, or says it oddly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Skipped {
    /// Bytes after the end of an MS1 string's compressed game (characters added to it).
    Tail {
        /// How many.
        bytes: usize,
    },
    /// A count of moves that is not a number of moves (MSR's `"score": "many"`), which a
    /// reader recomputes anyway.
    Count,
}

/// A move list as read from a file or link: nothing is checked yet.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// The variant the file states, if it states one.
    pub variant: Option<Variant>,
    /// The start the file states, if it states one; the cross of the variant otherwise.
    pub start: Option<Start>,
    /// The moves, in order, in the standard frame.
    pub moves: Vec<Move>,
    /// What the file says about the game.
    pub meta: Meta,
    /// Where each move is written in the text it was read from.
    pub source: Source,
    /// How many moves the text says it holds (MSR's `score`, the `# 5T 178 moves` line
    /// of our CSV, the `# Morpion Solitaire 5T, 178 moves` header of our Pentasol and
    /// Flammenkamp files), if it says: a text cut short holds fewer, and reading it says so.
    pub declared: Option<usize>,
}

/// A record replayed from its start: every move is legal.
#[derive(Clone, Debug)]
pub struct Game {
    position: Position,
    meta: Meta,
}

impl Record {
    /// A record of `moves`, with no metadata.
    pub fn new(variant: Option<Variant>, moves: Vec<Move>) -> Record {
        Record {
            variant,
            start: None,
            moves,
            meta: Meta::default(),
            source: Source::default(),
            declared: None,
        }
    }

    /// Replays the moves in `variant` from the record's start (the cross unless it says).
    pub fn replay(&self, variant: Variant) -> Result<Game, ReplayError> {
        let start = self.start.clone().unwrap_or_else(|| Start::cross(variant));
        let position = Position::from_moves_on(variant, start, &self.moves)?;
        Ok(Game { position, meta: self.meta.clone() })
    }
}

impl Game {
    /// A game from a position (legal by construction) and what is known about it.
    pub fn new(position: Position, meta: Meta) -> Game {
        Game { position, meta }
    }

    /// The position after every move.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The position after every move, without the metadata.
    pub fn into_position(self) -> Position {
        self.position
    }

    /// What is known about the game.
    pub fn meta(&self) -> &Meta {
        &self.meta
    }

    /// What is known about the game, to change.
    pub fn meta_mut(&mut self) -> &mut Meta {
        &mut self.meta
    }

    /// The variant played.
    pub fn variant(&self) -> Variant {
        self.position.variant()
    }

    /// The moves, in order.
    pub fn moves(&self) -> &[Move] {
        self.position.moves()
    }

    /// The start it was played from, unless it is the cross of its variant: what a file or
    /// link must say besides the moves.
    pub fn custom_start(&self) -> Option<&Start> {
        let s = self.position.start();
        (!s.is_cross(self.variant())).then_some(s)
    }

    /// The number of moves.
    pub fn score(&self) -> usize {
        self.position.score()
    }

    /// No legal move is left.
    pub fn is_finished(&self) -> bool {
        self.position.is_finished()
    }

    /// The game as an unvalidated record (for writing it out).
    pub fn to_record(&self) -> Record {
        Record {
            variant: Some(self.variant()),
            start: self.custom_start().cloned(),
            moves: self.moves().to_vec(),
            meta: self.meta.clone(),
            source: Source::default(),
            declared: Some(self.score()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::{Dir, Point};

    #[test]
    fn replay_reports_the_first_illegal_move_and_the_game_before_it() {
        let good = Move::new(Point::new(3, -1), Dir::V, 0);
        let bad = Move::new(Point::new(3, -2), Dir::V, 0);
        let r = Record::new(None, vec![good, bad, good]);
        let e = r.replay(Variant::T5).unwrap_err();
        assert_eq!(e.index, 1);
        assert_eq!(e.mv, bad);
        assert_eq!(e.position.moves(), &[good]);
        let text = e.to_string();
        assert!(text.starts_with("move 2 ((3,-2) V 0) is illegal in 5T: the line overlaps"), "{text}");
        let ok = Record::new(None, vec![good]).replay(Variant::D5).unwrap();
        assert_eq!(ok.score(), 1);
        assert!(!ok.is_finished());
    }

    #[test]
    fn a_title_says_the_date_once() {
        let meta = |description: Option<&str>, date: Option<&str>| Meta {
            description: description.map(str::to_string),
            date: date.map(str::to_string),
            ..Meta::default()
        };
        assert_eq!(meta(Some("By hand"), Some("1976")).title(), "By hand · 1976");
        assert_eq!(meta(Some("Rosin, 2011-08"), Some("2011-08")).title(), "Rosin, 2011-08");
        assert_eq!(
            meta(Some("Tishchenko, 2014 or before"), Some("<=2014")).title(),
            "Tishchenko, 2014 or before"
        );
        assert_eq!(meta(None, Some("<=2014")).title(), "<=2014");
        assert_eq!(meta(None, None).title(), "");
    }
}
