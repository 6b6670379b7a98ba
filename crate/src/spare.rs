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
    /// `push` appends in place, never moving nor growing the vector; `has_room` says how
    /// many more fit.
    #[test]
    fn push_appends_within_the_capacity() {
        let mut v: Vec<u32> = Vec::with_capacity(5);
        v.push(3);
        let (at, cap) = (v.as_ptr(), v.capacity());
        let spare = cap - v.len();
        assert!(super::has_room(&v, spare) && !super::has_room(&v, spare + 1));
        for x in 4..4 + spare as u32 {
            super::push(&mut v, x);
        }
        assert_eq!((v.as_ptr(), v.capacity(), v.len()), (at, cap, cap));
        assert_eq!(v, (3..3 + cap as u32).collect::<Vec<_>>());
        assert!(super::has_room(&v, 0) && !super::has_room(&v, 1));
        assert!(!super::has_room(&Vec::<u32>::new(), 1));
    }

    #[test]
    #[should_panic(expected = "past the capacity")]
    fn push_without_room_panics() {
        let mut v: Vec<u32> = Vec::new();
        super::push(&mut v, 1);
    }
}
