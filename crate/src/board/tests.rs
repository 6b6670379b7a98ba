//! The board's tests: incremental updates against full rescans, growth, copies, codes.

use super::*;
use crate::rng::Rng;
use crate::starts::Start;

fn sorted(b: &Board) -> Vec<(Point, Dir, u8)> {
    let mut v: Vec<_> = b.candidates().iter().map(|&c| b.decode(c)).collect();
    v.sort_by_key(|&(p, d, pos)| (p.y, p.x, d, pos));
    v
}

fn reference(b: &Board) -> Vec<(Point, Dir, u8)> {
    let mut r = b.clone();
    r.recompute_candidates();
    sorted(&r)
}

#[test]
fn start_has_28_moves_for_5_and_40_for_4() {
    for v in Variant::ALL {
        let b = Board::new(v, &Start::cross(v));
        let expect = match v.line_len() {
            5 => Some(28),
            4 => Some(40),
            _ => None,
        };
        if let Some(n) = expect {
            assert_eq!(b.num_candidates(), n, "{v}");
        }
    }
}

/// The incremental update after every move and every undo equals a full rescan.
#[test]
fn incremental_updates_match_a_full_rescan() {
    for v in Variant::ALL {
        let mut rng = Rng::new(7);
        for _game in 0..30 {
            let mut b = Board::new(v, &Start::cross(v));
            let mut played = Vec::new();
            for _ in 0..400 {
                if b.num_candidates() == 0 {
                    break;
                }
                let c = b.candidates()[rng.below(b.num_candidates())];
                let (dot, d, pos) = b.decode(c);
                if b.play(c).is_err() {
                    break;
                }
                played.push((dot, d, pos));
                assert_eq!(sorted(&b), reference(&b), "{v} after {} moves", played.len());
                // now and then, undo and redo the last move
                if rng.below(4) == 0 {
                    undo_and_redo(&mut b, (dot, d, pos));
                }
            }
        }
    }
}

/// Takes back the move just played (its dot, direction and pos), checks the legal moves
/// against a full rescan, and plays it again.
fn undo_and_redo(b: &mut Board, (dot, d, pos): (Point, Dir, u8)) {
    let v = b.variant();
    let start = dot.step(d, -(pos as i32));
    assert!(b.find(start, d).is_none(), "a played line is not playable again");
    b.undo(b.cand_for(start, d, pos));
    assert_eq!(sorted(b), reference(b), "{v} after undo on a grid of {}", b.w);
    let again = b.find(start, d).expect("undone move is legal again");
    b.play(again).unwrap();
}

#[test]
fn grid_grows_when_a_game_wanders_off() {
    // 3T games never end: play long enough to force several doublings.
    let v: Variant = "3T".parse().unwrap();
    let mut b = Board::new(v, &Start::cross(v));
    let mut rng = Rng::new(1);
    let w0 = b.w;
    for _ in 0..3000 {
        if b.num_candidates() == 0 {
            break;
        }
        let c = b.candidates()[rng.below(b.num_candidates())];
        if b.play(c).is_err() {
            break;
        }
    }
    assert!(b.w > w0, "the grid grew");
    assert_eq!(sorted(&b), reference(&b));
}

/// Once the grid has grown, a move's windows may straddle two words of a grid line (the
/// first grid's moves read one word): moves and undos there still match a full rescan.
#[test]
fn updates_on_a_grown_grid_match_a_full_rescan() {
    for v in ["3T", "3D"] {
        let v: Variant = v.parse().unwrap();
        let mut b = Board::new(v, &Start::cross(v));
        let mut rng = Rng::new(3);
        let w0 = b.w;
        let mut checked = 0;
        for _ in 0..4000 {
            if b.num_candidates() == 0 || checked == 150 {
                break;
            }
            let c = b.candidates()[rng.below(b.num_candidates())];
            let (dot, d, pos) = b.decode(c);
            if b.play(c).is_err() {
                break;
            }
            if b.w == w0 {
                continue;
            }
            checked += 1;
            assert_eq!(sorted(&b), reference(&b), "{v} on a grid of {}", b.w);
            undo_and_redo(&mut b, (dot, d, pos));
        }
        assert_eq!(checked, 150, "{v}: the game left the first grid and went on");
    }
}

/// A start spread wider than the first grid (the cross and two far dots on either side)
/// gets a bigger grid from the first move, so every move and undo of every variant takes
/// the two-word path (`update_one::<false>`), which the games above reach only in 3T and
/// 3D; the cross sits across the middle of the grid, where windows straddle two words.
#[test]
fn updates_on_a_wide_start_match_a_full_rescan() {
    for v in Variant::ALL {
        let mut dots = Start::cross(v).dots().to_vec();
        // the cross's dots are from (0, 0) on, and it is at most 13 wide (6T, 6D)
        dots.extend([Point::new(-25, -25), Point::new(34, 34)]);
        let start = Start::new(dots).expect("a start");
        let mut rng = Rng::new(11);
        for _game in 0..5 {
            let mut b = Board::new(v, &start);
            assert!(b.w > FIRST_SIDE, "{v}: a grid of {}", b.w);
            for _ in 0..200 {
                if b.num_candidates() == 0 {
                    break;
                }
                let c = b.candidates()[rng.below(b.num_candidates())];
                let (dot, d, pos) = b.decode(c);
                b.play(c).expect("room");
                assert_eq!(sorted(&b), reference(&b), "{v} on a grid of {}", b.w);
                undo_and_redo(&mut b, (dot, d, pos));
            }
        }
    }
}

/// Policy codes name lines, not grid cells: a line keeps its code when the grid grows,
/// and far lines fall in the shared range, below `LINE_CODES`.
#[test]
fn line_codes_survive_growth() {
    let v: Variant = "3T".parse().unwrap();
    let first = Board::new(v, &Start::cross(v));
    let code_of = |b: &Board, c: Cand| {
        let (dot, d, pos) = b.decode(c);
        (dot.step(d, -(pos as i32)), d, b.line_code(c))
    };
    let mut known = std::collections::HashMap::new();
    for &c in first.candidates() {
        let (s, d, code) = code_of(&first, c);
        assert_eq!(code as usize, c.line_id());
        known.insert((s, d), code);
    }
    let (mut b, mut rng, mut far) = (first.clone(), Rng::new(2), 0);
    for _ in 0..3000 {
        if b.num_candidates() == 0 {
            break;
        }
        for &c in b.candidates() {
            let (s, d, code) = code_of(&b, c);
            assert!(code < LINE_CODES);
            far += (code >= NEAR_CODES) as usize;
            assert_eq!(*known.entry((s, d)).or_insert(code), code, "{s} {d:?}");
        }
        let c = b.candidates()[rng.below(b.num_candidates())];
        if b.play(c).is_err() {
            break;
        }
    }
    assert!(b.w > first.w && far > 0, "the game went beyond the first grid");
}

/// The first grid's bit rows have one word a grid line (no spare word): 382 grid lines
/// (64 rows, 64 columns, 127 diagonals each way) in each of the two sets, plus the one spare
/// word at the end, so a playout's copy is 6 KiB; a grown grid gives its lines a spare word.
#[test]
fn the_first_grid_has_one_word_a_line() {
    for v in [Variant::T5, Variant::D5] {
        let b = Board::new(v, &Start::cross(v));
        assert_eq!(b.w, 64);
        assert_eq!(b.bits.len(), 2 * (64 + 64 + 127 + 127) + 1, "{v}");
        let grown = Board::empty(v, 128, 0, 0);
        assert_eq!(grown.bits.len(), 2 * (128 + 128 + 255 + 255) * 3 + 1, "{v}");
    }
}

#[test]
fn copy_from_restores_membership() {
    let mut b = Board::new(Variant::D5, &Start::cross(Variant::D5));
    let root = b.clone();
    let mut rng = Rng::new(3);
    for _ in 0..10 {
        let c = b.candidates()[rng.below(b.num_candidates())];
        b.play(c).unwrap();
    }
    b.copy_from(&root);
    assert_eq!(sorted(&b), sorted(&root));
    for &c in root.candidates() {
        let (dot, d, pos) = root.decode(c);
        assert!(b.find(dot.step(d, -(pos as i32)), d).is_some());
    }
}

/// n times the sum over x and y of the squared deviations from their means, from a list
/// of the dots: what `spread` computes from the bit rows.
fn spread_of(dots: &[Point]) -> i64 {
    let n = dots.len() as i64;
    let axis = |f: fn(&Point) -> i64| {
        let (s1, s2) = dots.iter().fold((0, 0), |(s1, s2), p| (s1 + f(p), s2 + f(p) * f(p)));
        n * s2 - s1 * s1
    };
    axis(|p| p.x as i64) + axis(|p| p.y as i64)
}

/// `spread` counts every dot, on the first grid and on grown ones, along random games: it
/// is n^2 times the variance of the dots' x plus that of their y (so three dots in a row
/// 1 apart give 3 * 2 = 6, and moving the dots changes nothing).
#[test]
fn spread_is_n_squared_times_the_variance_of_the_dots() {
    let three = [Point::new(0, 0), Point::new(1, 0), Point::new(2, 0)];
    assert_eq!(spread_of(&three), 6);
    let b = Board::new(Variant::T5, &Start::new(three).unwrap());
    assert_eq!(b.spread(), 6);
    let far = Board::new(Variant::T5, &Start::new(three.map(|p| Point::new(p.x + 40, p.y - 30))).unwrap());
    assert_eq!(far.spread(), 6);
    let mut grew = false;
    for v in [Variant::T5, Variant::D5, "3T".parse().unwrap()] {
        let start = Start::cross(v);
        let mut b = Board::new(v, &start);
        let mut dots = start.dots().to_vec();
        let mut rng = Rng::new(11);
        for _ in 0..3000 {
            assert_eq!(b.spread(), spread_of(&dots), "{v} after {} moves", dots.len() - start.len());
            if b.num_candidates() == 0 {
                break;
            }
            let c = b.candidates()[rng.below(b.num_candidates())];
            let (dot, _, _) = b.decode(c);
            if b.play(c).is_err() {
                break;
            }
            dots.push(dot);
            grew |= !b.in_first_grid();
        }
    }
    assert!(grew, "a 3T game left the first grid");
}

/// `play_fast` of a length other than the board's stops with a message before touching the
/// board: its update reads unchecked within a margin made for the board's own length.
#[test]
#[should_panic(
    expected = "Board::play_fast for lines of 6 points on the first grid, on a board of lines of 5"
)]
fn play_fast_of_another_length_panics() {
    let v: Variant = "5T".parse().unwrap();
    let mut b = Board::new(v, &Start::cross(v));
    let c = b.candidates()[0];
    let _ = b.play_fast::<6>(c);
}

/// `play_fast` leaves to `play`, the board untouched, a move whose update might insert
/// more candidates than the array has room for (it never grows it), and plays it once
/// there is room.
#[test]
fn play_fast_leaves_a_move_without_room_to_play() {
    let v: Variant = "5D".parse().unwrap();
    let mut b = Board::new(v, &Start::cross(v));
    b.dense.shrink_to_fit();
    let c = b.candidates()[0];
    let before = b.clone();
    assert_eq!(b.play_fast::<5>(c), Err(Leave));
    assert_eq!((&b.dense, &b.bits), (&before.dense, &before.bits));
    b.dense.reserve(update::SPARE);
    assert_eq!(b.play_fast::<5>(c), Ok(()));
    assert_eq!(sorted(&b), reference(&b));
    let mut p = before.clone();
    p.play(c).unwrap();
    assert_eq!(sorted(&b), sorted(&p));
}

/// `play_fast` off the first grid stops with a message: its update reads a grid line as
/// one word.
#[test]
#[should_panic(expected = "a grid of 128 cells a side")]
fn play_fast_off_the_first_grid_panics() {
    let v: Variant = "5T".parse().unwrap();
    let mut b = Board::new(v, &Start::cross(v));
    b.grow();
    let c = b.candidates()[0];
    let _ = b.play_fast::<5>(c);
}
