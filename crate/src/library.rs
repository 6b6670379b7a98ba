//! The record library: the best and most instructive known games, embedded in the engine
//! so that every front end (command line, web app) can show them without files.

#[path = "library_data.rs"]
mod data;

pub use data::Entry;

use crate::formats::{self, Format};
use crate::record::{self, Game, Meta};
use crate::variant::{Move, Variant};

/// Every embedded game, best known games of each variant first.
pub fn entries() -> &'static [Entry] {
    data::ENTRIES
}

/// The entry called `name`, or the only one whose name starts with it (case-insensitive).
pub fn find(name: &str) -> Option<&'static Entry> {
    match matching(name)[..] {
        [e] => Some(e),
        _ => None,
    }
}

/// The entries `name` may mean: the one of that exact name, else those whose name starts
/// so (in any case; none for a blank name), so that a caller can say which a short name
/// could be.
pub fn matching(name: &str) -> Vec<&'static Entry> {
    let name = name.trim().to_ascii_lowercase();
    if name.is_empty() {
        return Vec::new();
    }
    match entries().iter().find(|e| e.name == name) {
        Some(e) => vec![e],
        None => entries().iter().filter(|e| e.name.starts_with(&name)).collect(),
    }
}

/// The library entry whose moves are exactly `moves` in `variant`, if any: a record shared
/// as a link or a file is recognised, and shown with its player and date.
pub fn identify(variant: Variant, moves: &[Move]) -> Option<&'static Entry> {
    entries()
        .iter()
        .filter(|e| e.score == moves.len() && e.variant() == variant)
        .find(|e| e.game().moves() == moves)
}

/// The record of `variant` whose label is `label` (a game's title names it so).
pub fn labelled(variant: Variant, label: &str) -> Option<&'static Entry> {
    // the variant and the length first: a whole label looks through the library for twins
    entries()
        .iter()
        .filter(|e| {
            e.variant() == variant && label.starts_with(&format!("{} · {} moves · ", e.variant, e.score))
        })
        .find(|e| e.label() == label)
}

/// A field of the collection's index, unless it is empty or `?` (unknown).
fn known(s: &'static str) -> Option<&'static str> {
    (!s.is_empty() && s != "?").then_some(s)
}

impl Entry {
    /// The variant, parsed.
    pub fn variant(&self) -> Variant {
        self.variant.parse().expect("library variants are valid")
    }

    /// One line about the game, for menus and titles (the command line's, and the page's in
    /// English): `5T · 178 moves · Christopher D. Rosin, 2011-08`, and the game's letter
    /// where its source names several (`5T · 177 moves · Christopher D. Rosin, 2011-05 (A)`):
    /// two labels were otherwise the same.
    pub fn label(&self) -> String {
        let who = self.known_author().unwrap_or("author unknown");
        let when = self.known_date().map(|d| format!(", {}", record::date_words(d))).unwrap_or_default();
        let which = self.letter().map(|c| format!(" ({c})")).unwrap_or_default();
        format!("{} · {} moves · {who}{when}{which}", self.variant, self.score)
    }

    /// The game's letter (`5t-177-rosin-b`: B, as its source names it), where the library
    /// holds another game of the same variant, length, author and date: what tells them
    /// apart in a menu. None for a game that needs none (`5t-170-rosin-a` is alone).
    pub fn letter(&self) -> Option<char> {
        let key = |e: &Entry| (e.variant, e.score, e.author, e.date);
        let twin = entries().iter().any(|e| e.name != self.name && key(e) == key(self));
        match self.name.rsplit_once('-') {
            Some((_, s)) if twin && s.len() == 1 && s.as_bytes()[0].is_ascii_lowercase() => {
                s.chars().next().map(|c| c.to_ascii_uppercase())
            }
            _ => None,
        }
    }

    /// Who played or found the game, when known (so a front end can say "unknown" in its
    /// own language).
    pub fn known_author(&self) -> Option<&'static str> {
        known(self.author)
    }

    /// When the game was played or found, when known.
    pub fn known_date(&self) -> Option<&'static str> {
        known(self.date)
    }

    /// The game, replayed (every entry is checked by the tests to replay and be finished).
    pub fn game(&self) -> Game {
        let loaded = formats::load(self.csv, Some(Format::Csv), Some(self.variant()))
            .unwrap_or_else(|e| panic!("library entry {}: {e}", self.name));
        let mut game = loaded.game;
        *game.meta_mut() = Meta {
            author: self.known_author().map(str::to_string),
            date: self.known_date().map(str::to_string),
            description: Some(self.label()),
            source: Some(known(self.source).unwrap_or(self.origin).to_string()),
        };
        game
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_entry_replays_to_its_score_and_is_finished() {
        for e in entries() {
            let g = e.game();
            assert_eq!(g.score(), e.score, "{}", e.name);
            assert!(g.is_finished(), "{} is finished", e.name);
            assert_eq!(g.variant().to_string(), e.variant);
        }
    }

    #[test]
    fn a_record_is_recognised_by_its_moves() {
        let e = find("5d-82").unwrap();
        let g = e.game();
        assert_eq!(identify(g.variant(), g.moves()).unwrap().name, e.name);
        assert!(identify(g.variant(), &g.moves()[..81]).is_none());
        assert!(identify(Variant::T5, g.moves()).is_none(), "same moves, other variant");
    }

    #[test]
    fn every_record_is_found_by_its_label_and_variant() {
        for e in entries() {
            assert_eq!(labelled(e.variant(), &e.label()).map(|f| f.name), Some(e.name));
        }
        assert!(labelled(Variant::D5, &find("5t-178-rosin").unwrap().label()).is_none());
        assert!(labelled(Variant::T5, "5T · 178 moves · someone else").is_none());
    }

    #[test]
    fn labels_say_what_is_known() {
        assert_eq!(find("5t-178-rosin").unwrap().label(), "5T · 178 moves · Christopher D. Rosin, 2011-08");
        assert_eq!(find("5t-20-worst").unwrap().label(), "5T · 20 moves · author unknown");
        assert_eq!(
            find("5t-172-tishchenko").unwrap().label(),
            "5T · 172 moves · Dimitri Tishchenko, 2014 or before"
        );
        assert_eq!(
            find("5t-177-rosin-b").unwrap().label(),
            "5T · 177 moves · Christopher D. Rosin, 2011-05 (B)"
        );
        assert_eq!(
            find("5t-170-rosin-a").unwrap().letter(),
            None,
            "no other 170 of Rosin's of 2010 to tell it from"
        );
        // a record's title is its label (the page finds the record by it), whatever its date
        for e in entries() {
            assert_eq!(e.game().meta().title(), e.label(), "{}", e.name);
        }
        let labels: std::collections::HashSet<String> = entries().iter().map(Entry::label).collect();
        assert_eq!(labels.len(), entries().len(), "no two games have the same label");
        assert_eq!(find("5t-146").unwrap().label(), "5T · 146 moves · Akiyama");
    }

    /// The page's French words for the records (`www/js/lang/records-fr.js`): `// English`
    /// above `"name": ...` (a note) or `"name author": ...`.
    const FRENCH: &str = include_str!("../../www/js/lang/records-fr.js");

    #[test]
    fn every_note_and_worded_author_is_in_french_and_translates_the_library_s_english() {
        let lines: Vec<&str> = FRENCH.lines().map(str::trim).collect();
        let (mut notes, mut authors) = (Vec::new(), Vec::new());
        for (i, line) in lines.iter().enumerate() {
            let Some(rest) = line.strip_prefix('"') else { continue };
            let (key, french) = rest.split_once("\": ").expect("an entry is \"key\": \"words\",");
            let (name, english, list) = match key.strip_suffix(" author") {
                Some(name) => (name, find(name).map(|e| e.author), &mut authors),
                None => (key, find(key).map(|e| e.note), &mut notes),
            };
            assert_eq!(find(name).map(|e| e.name), Some(name), "records-fr.js: no record {name}");
            let english = english.unwrap_or_default();
            assert!(!english.is_empty(), "records-fr.js: {key} has nothing to translate");
            assert!(french.len() > 3, "records-fr.js: {key} is empty");
            let above = i.checked_sub(1).and_then(|j| lines[j].strip_prefix("// "));
            assert_eq!(above, Some(english), "records-fr.js: the English above {key} is not the library's");
            list.push(name);
        }
        for e in entries() {
            assert_eq!(
                notes.contains(&e.name),
                !e.note.is_empty(),
                "records-fr.js and {}'s note: {}",
                e.name,
                e.note
            );
            // an author with words in parentheses ("(program)") needs them in French
            let worded = e.author.contains('(');
            assert_eq!(
                authors.contains(&e.name),
                worded,
                "records-fr.js and {}'s author: {}",
                e.name,
                e.author
            );
        }
        assert_eq!(notes.len(), entries().iter().filter(|e| !e.note.is_empty()).count(), "one entry a note");
    }

    #[test]
    fn find_by_name_or_unique_prefix() {
        assert_eq!(find("5t-178-rosin").unwrap().score, 178);
        assert_eq!(find("5D-82").unwrap().name, "5d-82-rosin");
        assert!(find("5t-17").is_none(), "ambiguous");
        assert!(find("nothing").is_none());
    }
}
