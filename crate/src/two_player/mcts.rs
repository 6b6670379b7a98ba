//! Monte Carlo tree search (UCT) for the two-player game, for positions too large to solve.
//!
//! Each iteration walks down the tree by UCB1, grows it by one node, and finishes the game
//! with uniformly random moves: whoever drew the last line of that game wins it. A random
//! game is a poor player but an honest judge of who is short of moves, and the tree turns
//! many of them into good play. On several threads each grows its own tree from its own
//! seed (root parallelism: no locks), and the visits of the root's moves are summed.

use crate::position::Position;
use crate::rng::Rng;
use crate::variant::Move;
use rayon::prelude::*;

/// UCB1's exploration constant, for rewards in [0, 1].
const EXPLORE: f32 = 0.7;
/// Iterations between two calls of the caller's stop test.
const CHECK_EVERY: u64 = 64;
/// A node is expanded (its children added) on its second visit: most leaves are visited
/// once, and their children would only take memory.
const EXPAND_AT: u32 = 1;
/// Nodes a tree may hold (28 bytes each: 56 MB); past it, leaves stay leaves and the
/// search goes on with the tree it has (a long think on many cores, in a browser too).
const MAX_NODES: usize = 2_000_000;

const NOT_EXPANDED: u32 = u32::MAX;

#[derive(Clone, Copy)]
struct Node {
    mv: Move,
    first: u32,
    children: u32,
    visits: u32,
    /// Games won by the player who played `mv` (who is not to move at this node).
    wins: u32,
}

/// How the root's moves fared: each move with its visits and wins, summed over the threads.
#[derive(Clone, Debug, PartialEq)]
pub struct RootStats {
    /// (move, visits, wins of the player who plays it), in the root's move order.
    pub moves: Vec<(Move, u64, f64)>,
    /// Iterations over all threads.
    pub iterations: u64,
}

impl RootStats {
    /// The most visited move (the usual final choice of UCT: the best-tested one); `None`
    /// when there is no move.
    pub fn best(&self) -> Option<Move> {
        self.moves.iter().max_by_key(|&&(m, v, _)| (v, std::cmp::Reverse(m.sort_key()))).map(|&(m, _, _)| m)
    }
}

/// Searches `pos` on `threads` trees (seeds `seed`, `seed + 1`, ...) until `stop(n)` says so
/// (asked every few iterations with the iterations that tree has done). `pos` must have a
/// legal move.
pub fn search(pos: &Position, threads: usize, seed: u64, stop: &(dyn Fn(u64) -> bool + Sync)) -> RootStats {
    let trees: Vec<(Vec<Node>, u64)> =
        (0..threads.max(1) as u64).into_par_iter().map(|t| grow(pos, seed.wrapping_add(t), stop)).collect();
    let mut moves: Vec<(Move, u64, f64)> = Vec::new();
    let mut iterations = 0;
    for (nodes, n) in trees {
        iterations += n;
        let root = nodes[0];
        let kids = &nodes[root.first as usize..(root.first + root.children) as usize];
        if moves.is_empty() {
            moves = kids.iter().map(|k| (k.mv, 0, 0.0)).collect();
        }
        for (sum, k) in moves.iter_mut().zip(kids) {
            debug_assert_eq!(sum.0, k.mv, "every tree lists the root's moves in the same order");
            sum.1 += k.visits as u64;
            sum.2 += k.wins as f64;
        }
    }
    RootStats { moves, iterations }
}

/// One tree: iterations until `stop`; returns its nodes (the root first) and iterations.
fn grow(root: &Position, seed: u64, stop: &(dyn Fn(u64) -> bool + Sync)) -> (Vec<Node>, u64) {
    let mut rng = Rng::new(seed);
    // the root's move is never read
    let none = Move::new(crate::Point::new(0, 0), crate::Dir::H, 0);
    let mut nodes = vec![Node { mv: none, first: 0, children: NOT_EXPANDED, visits: 0, wins: 0 }];
    expand(&mut nodes, 0, root);
    assert!(nodes[0].children > 0, "a position with a legal move");
    let mut pos = root.clone();
    let mut path: Vec<u32> = Vec::with_capacity(128);
    let mut n = 0u64;
    loop {
        if n % CHECK_EVERY == 0 && stop(n) {
            break;
        }
        n += 1;
        pos.copy_from(root);
        path.clear();
        path.push(0);
        let mut at = 0usize;
        loop {
            if nodes[at].children == NOT_EXPANDED {
                if nodes[at].visits < EXPAND_AT || nodes.len() >= MAX_NODES {
                    break;
                }
                expand(&mut nodes, at, &pos);
            }
            if nodes[at].children == 0 {
                break;
            }
            at = select(&nodes, at);
            pos.play(nodes[at].mv);
            path.push(at as u32);
        }
        // the random end of the game: the player to move at the leaf wins iff it has an
        // odd number of moves (it draws the last line)
        let k = pos.random_playout(&mut rng);
        let mut reward = (k % 2 == 0) as u32;
        for &i in path.iter().rev() {
            let node = &mut nodes[i as usize];
            node.visits += 1;
            node.wins += reward;
            reward = 1 - reward;
        }
    }
    (nodes, n)
}

fn expand(nodes: &mut Vec<Node>, at: usize, pos: &Position) {
    let first = nodes.len() as u32;
    let moves = pos.legal_moves();
    nodes.extend(moves.iter().map(|&mv| Node { mv, first: 0, children: NOT_EXPANDED, visits: 0, wins: 0 }));
    nodes[at].first = first;
    nodes[at].children = moves.len() as u32;
}

/// The child of `at` with the highest UCB1 (an unvisited one first).
fn select(nodes: &[Node], at: usize) -> usize {
    let node = nodes[at];
    let log_n = (node.visits.max(1) as f32).ln();
    let mut best = node.first as usize;
    let mut best_value = f32::NEG_INFINITY;
    let kids = node.first as usize..(node.first + node.children) as usize;
    for (i, c) in kids.clone().zip(&nodes[kids]) {
        if c.visits == 0 {
            return i;
        }
        let v = c.wins as f32 / c.visits as f32 + EXPLORE * (log_n / c.visits as f32).sqrt();
        if v > best_value {
            best_value = v;
            best = i;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;

    /// One move before the end of a record, the move that draws the last line is found and
    /// preferred; the visits add up to the iterations (each visits one root move).
    #[test]
    fn finds_the_last_line() {
        let game = crate::library::find("4d-35-hyyroporanen").unwrap().game();
        let before = Position::from_moves(Variant::D4, &game.moves()[..34]).unwrap();
        let stats = search(&before, 2, 7, &|n| n >= 2000);
        assert_eq!(stats.iterations, 2 * 2048);
        assert_eq!(stats.moves.iter().map(|m| m.1).sum::<u64>(), stats.iterations);
        let best = stats.best().unwrap();
        let mut after = before.clone();
        after.play(best);
        assert!(after.is_finished(), "{best} leaves {} replies", after.num_legal_moves());
    }
}
