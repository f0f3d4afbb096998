//! A deliberately naive minimax, written from the rules in the spec independently of
//! `state.rs`: its own position type, its own move generation by scanning the edge list,
//! and plain recursion without memoisation. Only the `Move` vocabulary is shared.

use crate::problems::geography::{Convention, Geography, Move, Rule, Tokens};

/// A naive position: everything explicit, nothing packed.
#[derive(Clone, Debug)]
pub struct Naive {
    /// 0 = player I to move, 1 = player II.
    pub mover: usize,
    /// Token positions (`None` = not placed).
    pub tokens: Vec<Option<usize>>,
    /// Vertex rule: vertices that ever held a token.
    pub visited: Vec<bool>,
    /// Edge rule: used edges.
    pub used: Vec<bool>,
    /// NimG weights.
    pub weights: Vec<u64>,
}

/// The starting position read off the instance.
pub fn start(g: &Geography) -> Naive {
    let n = g.graph.n();
    let tokens = match g.tokens {
        Tokens::One { start } => vec![start],
        Tokens::Partizan { starts } => match starts {
            Some([a, b]) => vec![Some(a), Some(b)],
            None => vec![None, None],
        },
        Tokens::TwoShared { starts: [a, b] } => vec![Some(a), Some(b)],
    };
    let mut visited = vec![false; n];
    for t in tokens.iter().flatten() {
        visited[*t] = true;
    }
    Naive {
        mover: 0,
        tokens,
        visited,
        used: vec![false; g.graph.m()],
        weights: g
            .graph
            .vertices
            .iter()
            .map(|v| v.weight.unwrap_or(0))
            .collect(),
    }
}

/// Where one may go from `x` in one step: `(edge, to)` for every edge leaving `x`.
fn steps_from(g: &Geography, x: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for (e, &(u, v)) in g.graph.edges.iter().enumerate() {
        if u == x {
            out.push((e, v));
        } else if !g.graph.directed && v == x {
            out.push((e, u));
        }
    }
    out
}

/// Distinct neighbours of `x` (NimG).
fn neighbours(g: &Geography, x: usize) -> Vec<usize> {
    let mut out: Vec<usize> = steps_from(g, x).into_iter().map(|(_, v)| v).collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// Every legal move of the mover.
pub fn moves(g: &Geography, p: &Naive) -> Vec<Move> {
    match g.rule {
        Rule::NimRemoveMove | Rule::NimMoveRemove => return nim_moves(g, p),
        _ => {}
    }
    let movable: Vec<usize> = match g.tokens {
        Tokens::One { .. } => vec![0],
        Tokens::Partizan { .. } => vec![p.mover],
        Tokens::TwoShared { .. } => vec![0, 1],
    };
    let mut out = Vec::new();
    for t in movable {
        match p.tokens[t] {
            None => first_moves(g, p, t as u8, &mut out),
            Some(x) => {
                for (edge, to) in steps_from(g, x) {
                    let ok = if g.rule == Rule::Vertex {
                        !p.visited[to]
                    } else {
                        !p.used[edge]
                    };
                    if ok {
                        out.push(Move::Step {
                            token: t as u8,
                            from: x,
                            edge,
                            to,
                        });
                    }
                }
            }
        }
    }
    out
}

/// Unrooted first moves of token `token`: place it (vertex rule: on an unvisited vertex; one
/// token under the edge rule: on any vertex, player II moves first) or, in Trail Trap,
/// traverse any unused edge.
fn first_moves(g: &Geography, p: &Naive, token: u8, out: &mut Vec<Move>) {
    if g.rule == Rule::Edge && matches!(g.tokens, Tokens::One { .. }) {
        out.extend((0..g.graph.n()).map(|vertex| Move::Place { vertex }));
        return;
    }
    if g.rule == Rule::Vertex {
        for v in 0..g.graph.n() {
            if !p.visited[v] {
                out.push(Move::Place { vertex: v });
            }
        }
        return;
    }
    for x in 0..g.graph.n() {
        for (edge, to) in steps_from(g, x) {
            if !p.used[edge] {
                out.push(Move::Step {
                    token,
                    from: x,
                    edge,
                    to,
                });
            }
        }
    }
}

fn nim_moves(g: &Geography, p: &Naive) -> Vec<Move> {
    let Some(c) = p.tokens[0] else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let nb = neighbours(g, c);
    if g.rule == Rule::NimRemoveMove {
        for take in 1..=p.weights[c] {
            if nb.is_empty() {
                out.push(Move::Nim { take, to: None });
            }
            for &d in &nb {
                out.push(Move::Nim { take, to: Some(d) });
            }
        }
    } else {
        for &d in &nb {
            for take in 1..=p.weights[d] {
                out.push(Move::Nim { take, to: Some(d) });
            }
        }
    }
    out
}

/// The position after `mv` (assumed legal).
pub fn apply(g: &Geography, p: &Naive, mv: Move) -> Naive {
    let mut q = p.clone();
    q.mover = 1 - p.mover;
    match mv {
        Move::Place { vertex } => {
            let t = if matches!(g.tokens, Tokens::Partizan { .. }) {
                p.mover
            } else {
                0
            };
            q.tokens[t] = Some(vertex);
            // Nothing is used by placing under the edge rule (`used` is what it reads).
            q.visited[vertex] = true;
        }
        Move::Step {
            token, edge, to, ..
        } => {
            q.tokens[token as usize] = Some(to);
            q.visited[to] = true;
            q.used[edge] = true;
        }
        Move::Nim { take, to } => {
            let c = p.tokens[0].unwrap_or(0);
            if g.rule == Rule::NimRemoveMove {
                q.weights[c] -= take;
            } else if let Some(d) = to {
                q.weights[d] -= take;
            }
            if to.is_some() {
                q.tokens[0] = to;
            }
        }
    }
    q
}

/// Whether the mover wins, by plain recursion.
pub fn mover_wins(g: &Geography, p: &Naive) -> bool {
    let ms = moves(g, p);
    if ms.is_empty() {
        return g.convention == Convention::Misere;
    }
    ms.into_iter().any(|mv| !mover_wins(g, &apply(g, p, mv)))
}
