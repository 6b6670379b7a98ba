//! The count tables of shared/spec/rules.md: the perft of the game.

use morpion::count::{count_positions, count_sequences};
use morpion::{Position, Variant};

#[test]
fn start_positions_have_the_right_number_of_moves() {
    assert_eq!(Position::new(Variant::T5).num_legal_moves(), 28);
    assert_eq!(Position::new(Variant::D5).num_legal_moves(), 28);
    assert_eq!(Position::new(Variant::T4).num_legal_moves(), 40);
    assert_eq!(Position::new(Variant::D4).num_legal_moves(), 40);
}

#[test]
fn distinct_positions_5t() {
    assert_eq!(count_positions(Variant::T5, 4, false, |_, _| {}), vec![28, 382, 3368, 21497]);
    assert_eq!(count_positions(Variant::T5, 4, true, |_, _| {}), vec![4, 56, 428, 2741]);
}

#[test]
fn distinct_positions_5d() {
    assert_eq!(count_positions(Variant::D5, 4, false, |_, _| {}), vec![28, 374, 3176, 19281]);
    assert_eq!(count_positions(Variant::D5, 4, true, |_, _| {}), vec![4, 55, 404, 2462]);
}

#[test]
fn move_sequences() {
    assert_eq!(count_sequences(Variant::T5, 4), vec![28, 748, 18992, 456520]);
    assert_eq!(count_sequences(Variant::D5, 4), vec![28, 740, 18416, 430488]);
}
