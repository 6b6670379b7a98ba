//! Appending to a `Vec` within its spare capacity, never growing it: for the playout loop,
//! which must hold no call. In wasm, V8 cannot tell a cold path (a `Vec`'s growth) from a
//! hot one, and keeps the values live across a call in memory around it, on the hot path
//! too (BENCHMARKS.md, "The playout loop without a call"). The caller makes room before.

/// Appends `x` within `v`'s spare capacity. Panics if there is none (the caller made
/// room): a panic, unlike a growth, never returns into the loop.
#[inline(always)]
pub(crate) fn push<T>(v: &mut Vec<T>, x: T) {
    let len = v.len();
    match v.spare_capacity_mut().first_mut() {
        Some(slot) => {
            slot.write(x);
        }
        None => no_room(len),
    }
    // SAFETY: the element at `len`, the first spare one, was written just above
    unsafe { v.set_len(len + 1) };
}

/// Has `v` room for `n` more elements without growing?
#[inline(always)]
pub(crate) fn has_room<T>(v: &Vec<T>, n: usize) -> bool {
    v.capacity() - v.len() >= n
}

#[cold]
#[inline(never)]
fn no_room(len: usize) -> ! {
    panic!("spare::push past the capacity of a vector of {len} (its caller makes room first)")
}

#[cfg(test)]
mod tests {
    #[test]
    fn push_appends_within_the_capacity() {
        let mut v: Vec<u32> = Vec::with_capacity(3);
        for x in [4, 5, 6] {
            assert!(super::has_room(&v, 1));
            super::push(&mut v, x);
        }
        assert_eq!(v, [4, 5, 6]);
        assert!(!super::has_room(&v, 1) || v.capacity() > 3);
    }

    #[test]
    #[should_panic(expected = "past the capacity")]
    fn push_without_room_panics() {
        let mut v: Vec<u32> = Vec::new();
        super::push(&mut v, 1);
    }
}
