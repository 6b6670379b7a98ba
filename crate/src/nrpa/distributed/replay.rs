//! Sequences as steps (the index of each move among its ply's legal moves) and back: what
//! travels between ranks, and how both ends rebuild what adapt needs from it.

use crate::nrpa::policy::{Ply, Seq};
use crate::nrpa::problem::{FindStep, TrustedCodes};

/// The sequence `steps` plays from `root`, with every ply's legal codes and the chosen
/// one, as the playout that found it recorded them. `None` if a step is not legal (a
/// damaged message). `state` is scratch, reused between calls. `tie_break`: the sequence
/// gets the problem's tie-break of its end, for a comparison with a run's best.
pub(super) fn seq_of<P: TrustedCodes>(
    root: &P,
    steps: &[u32],
    state: &mut P,
    tie_break: bool,
) -> Option<Seq<P::Move>> {
    let mut seq = Seq::none();
    state.copy_from(root);
    for &k in steps {
        let legal = state.legal();
        let step = *legal.get(k as usize)?;
        let from = seq.codes.len();
        seq.codes.extend(legal.iter().map(|&s| state.code(s)));
        let chosen = seq.codes[from + k as usize];
        let m = state.play(step)?;
        seq.moves.push(m);
        seq.plies.push(Ply { end: seq.codes.len() as u32, chosen, total: f64::NAN });
    }
    seq.score = state.score();
    if tie_break {
        seq.tie = state.tie_break();
    }
    Some(seq)
}

/// The steps of `moves` from `root`; `None` if one of them is not legal where it is played.
pub(super) fn steps_of<P: FindStep>(root: &P, moves: &[P::Move]) -> Option<Vec<u32>> {
    let mut state = root.clone();
    let mut steps = Vec::with_capacity(moves.len());
    for &m in moves {
        let k = state.find_step(m)?;
        steps.push(k as u32);
        state.play(state.legal()[k])?;
    }
    Some(steps)
}
