//! 128-bit keys of positions, up to the symmetries of the start: a position (a set of
//! drawn lines) is the XOR of its lines' keys, so a child's key is its parent's XOR one
//! line's, and its key up to symmetry is the smallest over the images. Two different
//! positions share a key with probability about n² / 2^129 among n positions: 10^-20 for
//! 10^9; up to symmetry, with 8 images a position and 126 bits kept (the solver's table),
//! at most 64 x 4 times that: 3 x 10^-18. Used where positions are told apart: counting,
//! and the two-player solver's table.

use crate::geom::{Line, Symmetry};
use crate::rng::mix64;
use crate::starts::Start;
use crate::variant::Variant;

/// A random-looking 128-bit key for a line (its start and direction).
pub(crate) fn line_key(l: Line) -> u128 {
    let a = ((l.start.x as u32 as u64) << 32 | l.start.y as u32 as u64) ^ (l.dir.index() as u64) << 62;
    let hi = mix64(a);
    let lo = mix64(a ^ 0x5851_f42d_4c95_7f2d);
    (hi as u128) << 64 | lo as u128
}

/// The keys of `line`'s images under each of `syms` (1 to 8 symmetries of `start`), in
/// that order.
fn image_keys(line: Line, syms: &[Symmetry], start: &Start, variant: Variant) -> [u128; 8] {
    let (w, h) = start.extent();
    let mut k = [0u128; 8];
    for (i, &s) in syms.iter().enumerate() {
        k[i] = line_key(s.apply_line_in(line, variant.line_len(), w, h).0);
    }
    k
}

/// Adds `line` to the position whose images' keys are `h` (under `syms`, as
/// [`image_keys`]); the same call takes it away again (XOR).
pub(crate) fn toggle_line(h: &mut [u128; 8], line: Line, syms: &[Symmetry], start: &Start, variant: Variant) {
    for (a, b) in h.iter_mut().zip(image_keys(line, syms, start, variant)) {
        *a ^= b;
    }
}

/// The keys of the images (under `syms`) of the position made of `lines`.
pub(crate) fn position_keys(
    lines: impl Iterator<Item = Line>,
    syms: &[Symmetry],
    start: &Start,
    variant: Variant,
) -> [u128; 8] {
    let mut h = [0u128; 8];
    for line in lines {
        toggle_line(&mut h, line, syms, start, variant);
    }
    h
}

/// The key up to symmetry of a position whose images' keys are `h[..n]`.
pub(crate) fn canonical(h: &[u128; 8], n: usize) -> u128 {
    h[..n].iter().copied().min().expect("one symmetry at least")
}
