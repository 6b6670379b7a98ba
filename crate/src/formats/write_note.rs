//! What a written text leaves its other readers: the game is whole, and this program reads
//! it back, but the program the format comes from may not. MSR is morpion-solitaire.io's,
//! which plays 5T, 5D, 4T and 4D from the cross; a 6T game, or one from another set of
//! dots, written as MSR, is a file it refuses, and the user should hear so when writing
//! it, not when sending it.

use super::Format;
use crate::record::Game;
use crate::variant::Variant;
use std::fmt;

/// The variants morpion-solitaire.io plays.
const MSR_PROGRAM_VARIANTS: [Variant; 4] = [Variant::T5, Variant::D5, Variant::T4, Variant::D4];

/// A text written whole that the format's own program would not read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WriteNote {
    /// MSR (JSON or MS1) of a game morpion-solitaire.io does not play.
    MsrElsewhere {
        /// The game's variant, when it is one morpion-solitaire.io does not play.
        variant: Option<Variant>,
        /// Whether the game starts from another set of dots than the cross.
        custom_start: bool,
    },
}

/// What writing `game` as `format` leaves unread elsewhere, if anything.
pub fn write_note(game: &Game, format: Format) -> Option<WriteNote> {
    let variant = Some(game.variant()).filter(|v| !MSR_PROGRAM_VARIANTS.contains(v));
    let custom_start = game.custom_start().is_some();
    let msr = matches!(format, Format::MsrJson | Format::Msr);
    (msr && (custom_start || variant.is_some())).then_some(WriteNote::MsrElsewhere { variant, custom_start })
}

impl fmt::Display for WriteNote {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WriteNote::MsrElsewhere { variant, custom_start } => {
                let game = match (variant, custom_start) {
                    (Some(v), true) => format!("is {v} and starts from another set of dots"),
                    (Some(v), false) => format!("is {v}"),
                    (None, _) => "starts from another set of dots".to_string(),
                };
                write!(
                    f,
                    "the site morpion-solitaire.io will not read this game: it plays 5T, 5D, 4T and 4D from the cross, and this one {game} (this program reads it back)"
                )
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::starts::Start;
    use crate::{Game, Point, Position};

    fn game(p: Position) -> Game {
        Game::new(p, Default::default())
    }

    #[test]
    fn msr_of_a_game_morpion_solitaire_io_does_not_play_is_noted() {
        for v in MSR_PROGRAM_VARIANTS {
            assert_eq!(write_note(&game(Position::new(v)), Format::MsrJson), None, "{v}");
        }
        let t6 = Variant::new(6, crate::Rule::Touching).unwrap();
        let six = game(Position::new(t6));
        let note = write_note(&six, Format::Msr).unwrap();
        assert_eq!(note, WriteNote::MsrElsewhere { variant: Some(t6), custom_start: false });
        assert!(note.to_string().contains("this one is 6T (this program reads it back)"), "{note}");
        // other formats have no such reader to warn of
        assert_eq!(write_note(&six, Format::Link), None);
        assert_eq!(write_note(&six, Format::Csv), None);
        // another start, in a variant it plays
        let dots = (0..5).map(|x| Point::new(x, 0)).chain((0..5).map(|y| Point::new(2, y)));
        let start = Start::new(dots).unwrap();
        let other = game(Position::on(Variant::T5, start));
        let note = write_note(&other, Format::MsrJson).unwrap();
        assert!(note.to_string().contains("this one starts from another set of dots"), "{note}");
    }
}
