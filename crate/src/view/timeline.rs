//! A game as a front end holds it: the moves of the current line of play, how many of them
//! are shown, undo/redo and replay steps (which are the same thing), and what a click on a
//! grid point means.

use crate::formats::{self, link, Format, LoadError};
use crate::geom::{Dir, Point};
use crate::library;
use crate::position::{IllegalMove, Position};
use crate::record::{Game, Meta};
use crate::starts::Start;
use crate::variant::{Move, Rule, Variant};

/// How the description of a game says it branched off another.
const BRANCH: &str = "Your line from move ";

/// Why no move adds a dot at a point: data, so that a front end can say it in its own
/// words and language (the page's catalogue); `Display` gives the English.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WhyNot {
    /// No legal move is left.
    GameOver {
        /// The moves the game ended with.
        score: usize,
    },
    /// The point already has a dot.
    HasDot,
    /// A line through the point would break the touch rule against a line drawn by move
    /// `by_move` (1-based), or against one of the start (never, with the cross) when `None`.
    Overlap {
        /// The move (1-based) whose line is in the way.
        by_move: Option<usize>,
        /// The rule broken.
        rule: Rule,
    },
    /// No row of `len - 1` dots lines up with the point.
    NoLine {
        /// The variant's line length.
        len: usize,
    },
}

impl std::fmt::Display for WhyNot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            WhyNot::GameOver { score } => {
                write!(f, "The game is over: no legal move is left ({score} moves).")
            }
            WhyNot::HasDot => {
                write!(f, "That point already has a dot: play on an empty point next to a row of dots.")
            }
            WhyNot::Overlap { by_move, rule } => {
                let whose = match by_move {
                    Some(i) => format!("the line of move {i}"),
                    None => "a line already drawn".to_string(),
                };
                let (verb, rule) = match rule {
                    Rule::Touching => ("overlap", "in T, parallel lines may share only an end point"),
                    Rule::Disjoint => ("touch", "in D, parallel lines may not share any point"),
                };
                write!(f, "A line through this point would {verb} {whose} ({rule}).")
            }
            WhyNot::NoLine { len } => {
                write!(
                    f,
                    "No line of {len} through this point: a move needs {} dots in a row with it.",
                    len - 1
                )
            }
        }
    }
}

/// The moves of a line of play and a cursor into them. Undo moves the cursor back and keeps
/// the moves after it (redo); playing a move other than the next one starts a new line of
/// play from the cursor (the moves after it are dropped).
#[derive(Clone, Debug)]
pub struct Timeline {
    moves: Vec<Move>,
    /// The first `shown` moves, played.
    position: Position,
    meta: Meta,
    /// A two-player game: the same moves, shown with whose turn it is (its links say so).
    two_player: bool,
}

/// What was read by [`Timeline::import`].
#[derive(Clone, Debug)]
pub struct Imported {
    /// The game, showing the move a link said (all moves otherwise).
    pub timeline: Timeline,
    /// The format it was read in.
    pub format: Format,
    /// Things the user should know (an assumed variant, ...).
    pub notes: Vec<formats::Note>,
}

impl Timeline {
    /// The start cross of `variant`.
    pub fn new(variant: Variant) -> Timeline {
        Timeline::on(variant, Start::cross(variant))
    }

    /// The dots of `start`, no move yet.
    pub fn on(variant: Variant, start: Start) -> Timeline {
        Timeline {
            moves: Vec::new(),
            position: Position::on(variant, start),
            meta: Meta::default(),
            two_player: false,
        }
    }

    /// A game, showing its first `shown` moves (all of them when `None`; at most all).
    pub fn from_game(game: &Game, shown: Option<usize>) -> Timeline {
        let mut t = Timeline {
            moves: game.moves().to_vec(),
            position: game.position().fresh(),
            meta: game.meta().clone(),
            two_player: false,
        };
        t.go_to(shown.unwrap_or(usize::MAX));
        t
    }

    /// Reads a game in any format the engine knows (links keep the move they show, and
    /// whether the game is a two-player one).
    /// `variant` (the user's choice) wins over the file's. A game of the record library is
    /// recognised and gets its player and date.
    pub fn import(text: &str, variant: Option<Variant>) -> Result<Imported, LoadError> {
        let loaded = formats::load(text, None, variant)?;
        let view = loaded.view;
        let mut timeline = Timeline::from_game(&loaded.game, view.shown);
        timeline.two_player = view.two_player;
        if timeline.meta == Meta::default() {
            if let Some(entry) = timeline.record() {
                timeline.meta = entry.game().meta().clone();
            }
        }
        Ok(Imported { timeline, format: loaded.format, notes: loaded.notes })
    }

    /// The variant played.
    pub fn variant(&self) -> Variant {
        self.position.variant()
    }

    /// The position after the shown moves.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The library's record whose line of play this is, move for move, from the cross: a
    /// record shared as a link or a file is known again.
    pub fn record(&self) -> Option<&'static library::Entry> {
        let cross = self.position.start().is_cross(self.variant());
        cross.then(|| library::identify(self.variant(), &self.moves)).flatten()
    }

    /// Every move of the line of play, shown or not.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// How many moves are shown (played on the position).
    pub fn shown(&self) -> usize {
        self.position.score()
    }

    /// How many moves the line of play has, shown or not.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// A two-player game (see [`crate::two_player`]): the moves alternate between two
    /// players, and the link says so.
    pub fn is_two_player(&self) -> bool {
        self.two_player
    }

    /// Makes the game a two-player one (or a solitaire one): the moves stay.
    pub fn set_two_player(&mut self, on: bool) {
        self.two_player = on;
    }

    /// The line of play has no move.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// What is known about the game (who played it, where it branched off a record).
    pub fn meta(&self) -> &Meta {
        &self.meta
    }

    /// Names a game that says nothing of itself: a front end gives back a title the game's
    /// link does not carry (the page keeps a branch's "Your line from move 40 of …" with
    /// the user's game). A game that knows who played it, or has a name, keeps it.
    pub fn name_if_unknown(&mut self, description: &str) {
        if self.meta == Meta::default() && !description.is_empty() {
            self.meta.description = Some(description.to_string());
        }
    }

    /// A move is shown, so one can be taken back.
    pub fn can_undo(&self) -> bool {
        self.shown() > 0
    }

    /// A move of the line of play is not shown yet.
    pub fn can_redo(&self) -> bool {
        self.shown() < self.moves.len()
    }

    /// One move back; false at the start.
    pub fn undo(&mut self) -> bool {
        self.position.undo().is_some()
    }

    /// One move forward along the line of play; false at its end.
    pub fn redo(&mut self) -> bool {
        match self.moves.get(self.shown()) {
            Some(&m) => {
                self.position.play(m);
                true
            }
            None => false,
        }
    }

    /// Shows the first `n` moves (at most all of them).
    pub fn go_to(&mut self, n: usize) {
        let n = n.min(self.moves.len());
        while self.shown() > n {
            self.undo();
        }
        while self.shown() < n {
            self.redo();
        }
    }

    /// Plays `m` after the shown moves. The next move of the line keeps the rest of the
    /// line (as redo does); another move starts a new line of play here.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMove> {
        let at = self.shown();
        self.position.try_play(m)?;
        if self.moves.get(at) != Some(&m) {
            self.moves.truncate(at);
            self.moves.push(m);
            if let Some(from) = self.meta.description.take() {
                // Branching again keeps the name of the game it all came from, and says
                // where the line leaves it: the moves it shares with a record (the line
                // may come back to the record's moves), else the first move that
                // differs, so playing on at the line's end, or branching after that move,
                // does not move it.
                let (at, from) = match from.strip_prefix(BRANCH).and_then(|rest| rest.split_once(" of ")) {
                    Some((left, original)) => {
                        (left.parse().map_or(at, |left: usize| left.min(at)), original.to_string())
                    }
                    None => (at, from),
                };
                let at = match library::labelled(self.variant(), &from) {
                    Some(record) => {
                        record.game().moves().iter().zip(&self.moves).take_while(|(a, b)| a == b).count()
                    }
                    None => at,
                };
                self.meta = Meta { description: Some(format!("{BRANCH}{at} of {from}")), ..Meta::default() };
            }
        }
        Ok(())
    }

    /// The legal moves that add a dot at `p`, in canonical order.
    pub fn moves_at(&self, p: Point) -> Vec<Move> {
        self.position.legal_moves().into_iter().filter(|m| m.dot == p).collect()
    }

    /// Why nothing can be played at `p` (see [`WhyNot`]; its `Display` is the English).
    pub fn why_not(&self, p: Point) -> WhyNot {
        let pos = &self.position;
        let len = self.variant().line_len();
        if pos.is_finished() {
            return WhyNot::GameOver { score: pos.score() };
        }
        if pos.has_dot(p) {
            return WhyNot::HasDot;
        }
        // A line whose other points all have dots but which breaks the touch rule.
        for dir in Dir::ALL {
            for k in 0..len {
                let m = Move::new(p, dir, k);
                if let Some(IllegalMove::Overlap { with, rule }) = pos.why_illegal(m) {
                    let by_move = self.position.moves().iter().position(|x| x.line() == with).map(|i| i + 1);
                    return WhyNot::Overlap { by_move, rule };
                }
            }
        }
        WhyNot::NoLine { len: len.into() }
    }

    /// The whole line of play as a game (for export).
    pub fn game(&self) -> Game {
        let mut p = self.position.clone();
        for &m in &self.moves[p.score()..] {
            p.play(m);
        }
        Game::new(p, self.meta.clone())
    }

    /// The link of the line of play; it says which move is shown unless all are.
    pub fn link(&self, base: &str) -> String {
        let shown = (self.shown() < self.moves.len()).then_some(self.shown());
        link::write(
            &self.game(),
            base,
            link::LinkView { shown, two_player: self.two_player, ..Default::default() },
        )
    }

    /// The link of the position after the line's first `n` moves, none after them; `None`
    /// when fewer than `n` are shown. What is known of a position (an LP bound) holds for
    /// every position shown later whose line starts with the same `n` moves: the same
    /// link, whichever line of play, record or own game, went on from there.
    pub fn link_of_first(&self, n: usize, base: &str) -> Option<String> {
        if n > self.shown() {
            return None;
        }
        let mut p = self.position.fresh();
        for &m in &self.moves[..n] {
            p.play(m);
        }
        Some(link::write(&Game::new(p, Meta::default()), base, link::LinkView::default()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn first_moves(t: &Timeline, n: usize) -> Vec<Move> {
        let mut p = t.position().clone();
        let mut out = Vec::new();
        for _ in 0..n {
            let m = p.legal_moves()[0];
            p.play(m);
            out.push(m);
        }
        out
    }

    #[test]
    fn undo_redo_and_go_to_move_along_the_line() {
        let mut t = Timeline::new(Variant::T5);
        let ms = first_moves(&t, 5);
        for &m in &ms {
            t.play(m).unwrap();
        }
        assert_eq!((t.shown(), t.len()), (5, 5));
        assert!(t.undo() && t.undo());
        assert_eq!((t.shown(), t.len()), (3, 5));
        assert!(t.can_redo());
        assert!(t.redo());
        assert_eq!(t.position().moves(), &ms[..4]);
        t.go_to(0);
        assert!(!t.undo());
        t.go_to(99);
        assert_eq!(t.shown(), 5);
        assert!(!t.redo());
    }

    #[test]
    fn playing_the_next_move_keeps_the_line_and_another_starts_a_new_one() {
        let mut t = Timeline::new(Variant::D5);
        let ms = first_moves(&t, 6);
        for &m in &ms {
            t.play(m).unwrap();
        }
        t.go_to(2);
        t.play(ms[2]).unwrap();
        assert_eq!(t.len(), 6, "the recorded next move keeps the rest");
        let other = t.position().legal_moves().into_iter().find(|&m| m != ms[3]).unwrap();
        t.play(other).unwrap();
        assert_eq!(t.len(), 4);
        assert_eq!(t.moves()[3], other);
        assert!(!t.can_redo());
    }

    #[test]
    fn an_illegal_move_changes_nothing() {
        let mut t = Timeline::new(Variant::T5);
        let m = Move::new(Point::new(0, 0), Dir::H, 0);
        assert!(t.play(m).is_err());
        assert_eq!((t.shown(), t.len()), (0, 0));
    }

    #[test]
    fn moves_at_a_point_and_reasons_when_there_are_none() {
        let t = Timeline::new(Variant::T5);
        let all = t.position().legal_moves();
        let p = all[0].dot;
        let here = t.moves_at(p);
        assert!(!here.is_empty() && here.iter().all(|m| m.dot == p && t.position().is_legal(*m)));
        let dot = t.position().dots().next().unwrap();
        assert!(t.moves_at(dot).is_empty());
        assert_eq!(t.why_not(dot), WhyNot::HasDot);
        assert!(t.why_not(dot).to_string().contains("already has a dot"));
        assert_eq!(t.why_not(Point::new(40, 40)), WhyNot::NoLine { len: 5 });
        assert!(t.why_not(Point::new(40, 40)).to_string().contains("No line of 5"));
    }

    #[test]
    fn the_reason_names_the_line_in_the_way() {
        // After a horizontal move on the cross's top arm, the move that would extend it by
        // one (sharing four points) is an overlap.
        let mut t = Timeline::new(Variant::D5);
        let m = t.position().legal_moves().into_iter().find(|m| m.dir == Dir::H).unwrap();
        t.play(m).unwrap();
        let blocked = (0..9).flat_map(|x| (0..9).map(move |y| Point::new(x, y))).find(|&p| {
            t.moves_at(p).is_empty() && matches!(t.why_not(p), WhyNot::Overlap { by_move: Some(1), .. })
        });
        assert!(blocked.is_some(), "some point is blocked by move 1");
        assert!(t.why_not(blocked.unwrap()).to_string().contains("touch the line of move 1"));
    }

    #[test]
    fn a_position_s_link_is_the_same_on_every_line_that_goes_on_from_it() {
        let game = crate::library::find("5d-82").unwrap().game();
        let mut record = Timeline::from_game(&game, Some(40));
        let at_40 = record.link_of_first(40, "x").unwrap();
        assert_eq!(record.link_of_first(41, "x"), None, "move 41 is not shown");
        record.go_to(60);
        assert_eq!(record.link_of_first(40, "x").as_deref(), Some(at_40.as_str()));
        // another line from move 40: the same position after 40 moves, another after 41
        record.go_to(40);
        let next = game.moves()[40];
        let other = record.position().legal_moves().into_iter().find(|&m| m != next).unwrap();
        record.play(other).unwrap();
        assert_eq!(record.len(), 41, "a new line of play");
        assert_eq!(record.link_of_first(40, "x").as_deref(), Some(at_40.as_str()));
        let mut mainline = Timeline::from_game(&game, Some(41));
        assert_ne!(record.link_of_first(41, "x"), mainline.link_of_first(41, "x"));
        // the position's own link, no later move: what a game of those 40 moves links to
        let cut = Position::from_moves(game.variant(), &game.moves()[..40]).unwrap();
        assert_eq!(at_40, link::write(&Game::new(cut, Meta::default()), "x", link::LinkView::default()));
        mainline.go_to(0);
        assert!(mainline.link_of_first(0, "x").unwrap().contains("#g=1.5D.0."));
    }

    #[test]
    fn links_carry_the_shown_move_and_import_restores_it() {
        let game = crate::library::find("5d-82").unwrap().game();
        let mut t = Timeline::from_game(&game, None);
        assert_eq!(t.shown(), 82);
        t.go_to(40);
        let url = t.link("https://example.org/app/");
        assert!(url.starts_with("https://example.org/app/#g=1.5D.82.") && url.ends_with("&m=40"), "{url}");
        let back = Timeline::import(&url, None).unwrap();
        assert_eq!(back.format, Format::Link);
        assert_eq!(back.timeline.shown(), 40);
        assert_eq!(back.timeline.moves(), game.moves());
        t.go_to(82);
        assert!(!t.link("x").contains("&m="));
    }

    #[test]
    fn a_two_player_game_keeps_its_mode_through_its_link() {
        let game = crate::library::find("4d-35-hyyroporanen").unwrap().game();
        let mut t = Timeline::from_game(&game, Some(7));
        assert!(!t.is_two_player());
        t.set_two_player(true);
        let url = t.link("http://h/");
        assert!(url.ends_with("&p=2&m=7"), "{url}");
        let back = Timeline::import(&url, None).unwrap().timeline;
        assert!(back.is_two_player());
        assert_eq!((back.shown(), back.moves()), (7, game.moves()));
        t.set_two_player(false);
        assert!(!Timeline::import(&t.link("http://h/"), None).unwrap().timeline.is_two_player());
    }

    #[test]
    fn an_imported_record_is_named_and_a_branch_says_where_it_came_from() {
        let game = crate::library::find("5d-82").unwrap().game();
        let url = Timeline::from_game(&game, Some(10)).link("http://h/");
        let mut t = Timeline::import(&url, None).unwrap().timeline;
        let name = t.meta().description.clone().unwrap();
        assert!(name.contains("Rosin"), "{name}");
        assert_eq!(t.meta().date.as_deref(), Some("2010-08"));
        let other = t.position().legal_moves().into_iter().find(|&m| m != game.moves()[10]).unwrap();
        t.play(other).unwrap();
        assert_eq!(t.meta().description.as_deref(), Some(&*format!("Your line from move 10 of {name}")));
        t.undo();
        t.undo();
        let again = t.position().legal_moves().into_iter().find(|&m| m != t.moves()[9]).unwrap();
        t.play(again).unwrap();
        assert_eq!(t.meta().description.as_deref(), Some(&*format!("Your line from move 9 of {name}")));
        // playing on at its end, or branching after move 9, leaves the game where it did
        while let Some(&m) = t.position().legal_moves().first() {
            t.play(m).unwrap();
            if t.shown() == 13 {
                break;
            }
        }
        assert_eq!(t.meta().description.as_deref(), Some(&*format!("Your line from move 9 of {name}")));
        t.undo();
        t.undo();
        let later = t.position().legal_moves().into_iter().find(|&m| m != t.moves()[11]).unwrap();
        t.play(later).unwrap();
        assert_eq!(t.shown(), 12);
        assert_eq!(t.meta().description.as_deref(), Some(&*format!("Your line from move 9 of {name}")));
    }

    #[test]
    fn a_title_given_back_names_only_a_game_that_says_nothing_of_itself() {
        let record = crate::library::find("5d-82").unwrap().game();
        let name = record.meta().description.clone().unwrap();
        // the user's line, left the record at move 9, as its link gives it back: no title
        let mut t = Timeline::new(Variant::D5);
        for &m in &record.moves()[..9] {
            t.play(m).unwrap();
        }
        let other = t.position().legal_moves().into_iter().find(|&m| m != record.moves()[9]).unwrap();
        t.play(other).unwrap();
        t.name_if_unknown("");
        assert_eq!(t.meta(), &Meta::default());
        let branch = format!("Your line from move 9 of {name}");
        t.name_if_unknown(&branch);
        assert_eq!(t.meta().title(), branch);
        // played on, and branched off after move 9: it still leaves the record there
        let next = t.position().legal_moves()[0];
        t.play(next).unwrap();
        t.undo();
        let another = t.position().legal_moves()[1];
        t.play(another).unwrap();
        assert_eq!(t.meta().title(), branch);
        // back at move 9, the record's own moves 10 and 11 and then another: the line has
        // come back to the record and now shares 11 moves with it
        t.go_to(9);
        for &m in &record.moves()[9..11] {
            t.play(m).unwrap();
        }
        let off = t.position().legal_moves().into_iter().find(|&m| m != record.moves()[11]).unwrap();
        t.play(off).unwrap();
        assert_eq!(t.meta().title(), format!("Your line from move 11 of {name}"));
        // a record knows its own
        let mut known = Timeline::from_game(&record, None);
        let own = known.meta().clone();
        known.name_if_unknown(&branch);
        assert_eq!(known.meta(), &own);
    }

    #[test]
    fn import_reports_a_damaged_link_and_a_foreign_text() {
        let game = crate::library::find("5t-178-rosin").unwrap().game();
        let url = Timeline::from_game(&game, None).link("http://h/");
        let damaged = url.replacen('A', "B", 1).replacen("#g=1.5T.178.", "#g=1.5T.178.x", 1);
        assert!(Timeline::import(&damaged, None).is_err());
        let e = Timeline::import("hello world", None).unwrap_err().to_string();
        assert!(!e.is_empty());
    }
}
