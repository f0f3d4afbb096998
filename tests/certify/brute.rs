//! A second, independent geography engine for the tests: move generation by scanning the edge
//! list (the checker uses adjacency lists), exhaustive minimax, certificate construction, and
//! an oracle that decides whether a (possibly mutated) `game_win` certificate is valid.
//!
//! It shares nothing with `georeduce::certify` except the JSON types it fills in, so an
//! agreement between the two is evidence, not an echo.

use georeduce::certify::{CertMove, GameStrategy, Player, Position, StrategyEntry};
use georeduce::problems::{Convention, Geography, Move, Rule, Tokens};
use std::collections::{HashMap, HashSet};

/// A position: mover (0 = player I), tokens, marks (visited vertices or used edges), weights.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct St {
    pub mover: usize,
    pub tok: [Option<usize>; 2],
    pub mask: u64,
    pub w: Vec<u64>,
}

pub struct Engine<'g> {
    pub g: &'g Geography,
    memo: HashMap<St, bool>,
}

fn player(i: usize) -> Player {
    if i == 0 {
        Player::First
    } else {
        Player::Second
    }
}

impl<'g> Engine<'g> {
    pub fn new(g: &'g Geography) -> Self {
        assert!(g.graph.n() <= 64 && g.graph.m() <= 64);
        Engine {
            g,
            memo: HashMap::new(),
        }
    }

    pub fn start(&self) -> St {
        let vertex_rule = self.g.rule == Rule::Vertex;
        let (a, b) = match self.g.tokens {
            Tokens::One { start } => (start, None),
            Tokens::Partizan { starts } => (starts.map(|s| s[0]), starts.map(|s| s[1])),
            Tokens::TwoShared { starts } => (Some(starts[0]), Some(starts[1])),
        };
        let mut mask = 0;
        if vertex_rule {
            for v in [a, b].into_iter().flatten() {
                mask |= 1 << v;
            }
        }
        let w = match self.g.rule {
            Rule::NimRemoveMove | Rule::NimMoveRemove => self
                .g
                .graph
                .vertices
                .iter()
                .map(|v| v.weight.unwrap_or(0))
                .collect(),
            _ => vec![],
        };
        St {
            mover: 0,
            tok: [a, b],
            mask,
            w,
        }
    }

    /// Neighbours of c with the edge used: scanning the edge list.
    fn around(&self, c: usize) -> Vec<(usize, usize)> {
        let gr = &self.g.graph;
        let mut out = vec![];
        for (e, &(a, b)) in gr.edges.iter().enumerate() {
            if a == c {
                out.push((b, e));
            } else if !gr.directed && b == c {
                out.push((a, e));
            }
        }
        out
    }

    pub fn moves(&self, s: &St) -> Vec<(Move, St)> {
        let mut out = vec![];
        let gr = &self.g.graph;
        let flip = |mut t: St| {
            t.mover = 1 - s.mover;
            t
        };
        if matches!(self.g.rule, Rule::NimRemoveMove | Rule::NimMoveRemove) {
            let c = s.tok[0].unwrap();
            let mut nb: Vec<usize> = self.around(c).into_iter().map(|x| x.0).collect();
            nb.sort();
            nb.dedup();
            if self.g.rule == Rule::NimRemoveMove {
                let targets: Vec<Option<usize>> = if nb.is_empty() {
                    vec![None]
                } else {
                    nb.iter().map(|&x| Some(x)).collect()
                };
                for k in 1..=s.w[c] {
                    for &to in &targets {
                        let mut t = s.clone();
                        t.w[c] -= k;
                        if let Some(x) = to {
                            t.tok[0] = Some(x);
                        }
                        out.push((Move::Nim { take: k, to }, flip(t)));
                    }
                }
            } else {
                for &x in &nb {
                    for k in 1..=s.w[x] {
                        let mut t = s.clone();
                        t.w[x] -= k;
                        t.tok[0] = Some(x);
                        out.push((
                            Move::Nim {
                                take: k,
                                to: Some(x),
                            },
                            flip(t),
                        ));
                    }
                }
            }
            return out;
        }
        let toks: Vec<usize> = match self.g.tokens {
            Tokens::One { .. } => vec![0],
            Tokens::Partizan { .. } => vec![s.mover],
            Tokens::TwoShared { .. } => vec![0, 1],
        };
        let vertex_rule = self.g.rule == Rule::Vertex;
        for t in toks {
            match s.tok[t] {
                None if vertex_rule => {
                    for v in 0..gr.n() {
                        if s.mask >> v & 1 == 0 {
                            let mut n = s.clone();
                            n.tok[t] = Some(v);
                            n.mask |= 1 << v;
                            out.push((Move::Place { vertex: v }, flip(n)));
                        }
                    }
                }
                // The papers' unrooted one-token edge game: player I places the token on any
                // vertex, using no edge; player II moves first.
                None if matches!(self.g.tokens, Tokens::One { .. }) => {
                    for v in 0..gr.n() {
                        let mut n = s.clone();
                        n.tok[t] = Some(v);
                        out.push((Move::Place { vertex: v }, flip(n)));
                    }
                }
                // Trail Trap: the first turn takes any unused edge.
                None => {
                    for (e, &(a, b)) in gr.edges.iter().enumerate() {
                        if s.mask >> e & 1 == 1 {
                            continue;
                        }
                        let mut dirs = vec![(a, b)];
                        if !gr.directed && a != b {
                            dirs.push((b, a));
                        }
                        for (x, y) in dirs {
                            let mut n = s.clone();
                            n.tok[t] = Some(y);
                            n.mask |= 1 << e;
                            out.push((
                                Move::Step {
                                    token: t as u8,
                                    from: x,
                                    edge: e,
                                    to: y,
                                },
                                flip(n),
                            ));
                        }
                    }
                }
                Some(c) => {
                    for (y, e) in self.around(c) {
                        let bit = if vertex_rule { y } else { e };
                        if s.mask >> bit & 1 == 0 {
                            let mut n = s.clone();
                            n.tok[t] = Some(y);
                            n.mask |= 1 << bit;
                            out.push((
                                Move::Step {
                                    token: t as u8,
                                    from: c,
                                    edge: e,
                                    to: y,
                                },
                                flip(n),
                            ));
                        }
                    }
                }
            }
        }
        out
    }

    /// Whether the player to move at `s` wins.
    pub fn mover_wins(&mut self, s: &St) -> bool {
        if let Some(&b) = self.memo.get(s) {
            return b;
        }
        let ms = self.moves(s);
        let r = if ms.is_empty() {
            self.g.convention == Convention::Misere
        } else {
            ms.iter().any(|(_, t)| !self.mover_wins(t))
        };
        self.memo.insert(s.clone(), r);
        r
    }

    /// The winner with optimal play (0 = player I).
    pub fn winner(&mut self) -> usize {
        let s = self.start();
        if self.mover_wins(&s) { 0 } else { 1 }
    }

    pub fn winning_move(&mut self, s: &St) -> Option<(Move, St)> {
        let ms = self.moves(s);
        ms.into_iter().find(|(_, t)| !self.mover_wins(t))
    }

    /// The canonical certificate position of `s`.
    pub fn position(&self, s: &St) -> Position {
        let gr = &self.g.graph;
        let count = if matches!(self.g.tokens, Tokens::One { .. }) {
            1
        } else {
            2
        };
        let tokens = s.tok[..count]
            .iter()
            .map(|t| t.map(|v| gr.id(v).to_string()))
            .collect();
        let bits = |k: usize| (0..k).filter(|&i| s.mask >> i & 1 == 1);
        let (visited, used) = match self.g.rule {
            Rule::Vertex => (bits(gr.n()).map(|v| gr.id(v).to_string()).collect(), vec![]),
            Rule::Edge => (vec![], bits(gr.m()).collect()),
            _ => (vec![], vec![]),
        };
        Position {
            to_move: player(s.mover),
            tokens,
            visited,
            used,
            weights: s.w.clone(),
        }
    }

    pub fn cert_move(&self, m: &Move) -> CertMove {
        CertMove::from_move(&self.g.graph, m).unwrap()
    }

    /// A certificate for the true winner. `full`: an entry at every reachable position (by
    /// any play) where the winner is to move and wins, forced or not; otherwise only the
    /// positions the winner's strategy reaches that have two or more distinct successors.
    pub fn certificate(&mut self, full: bool) -> GameStrategy {
        let w = self.winner();
        let mut seen = HashSet::new();
        let mut entries = vec![];
        let mut stack = vec![self.start()];
        while let Some(s) = stack.pop() {
            if !seen.insert(s.clone()) {
                continue;
            }
            let ms = self.moves(&s);
            if ms.is_empty() {
                continue;
            }
            if s.mover == w && self.mover_wins(&s) {
                let (m, t) = self.winning_move(&s).unwrap();
                let distinct: HashSet<&St> = ms.iter().map(|x| &x.1).collect();
                if full || distinct.len() > 1 {
                    entries.push(StrategyEntry {
                        position: self.position(&s),
                        play: self.cert_move(&m),
                    });
                }
                if full {
                    stack.extend(ms.into_iter().map(|x| x.1));
                } else {
                    stack.push(t);
                }
            } else if s.mover != w || full {
                stack.extend(ms.into_iter().map(|x| x.1));
            }
        }
        GameStrategy {
            winner: player(w),
            strategy: entries,
        }
    }

    pub fn decode(&self, p: &Position) -> Option<St> {
        let gr = &self.g.graph;
        let idx = |id: &str| gr.vertices.iter().position(|v| v.id == id);
        let count = if matches!(self.g.tokens, Tokens::One { .. }) {
            1
        } else {
            2
        };
        if p.tokens.len() != count {
            return None;
        }
        let mut tok = [None; 2];
        for (i, t) in p.tokens.iter().enumerate() {
            tok[i] = match t {
                Some(id) => Some(idx(id)?),
                None => None,
            };
        }
        let mut mask = 0u64;
        for v in &p.visited {
            if self.g.rule != Rule::Vertex {
                return None;
            }
            mask |= 1 << idx(v)?;
        }
        for &e in &p.used {
            if self.g.rule != Rule::Edge || e >= gr.m() {
                return None;
            }
            mask |= 1 << e;
        }
        if p.weights.len() != self.start().w.len() {
            return None;
        }
        let mover = if p.to_move == Player::First { 0 } else { 1 };
        Some(St {
            mover,
            tok,
            mask,
            w: p.weights.clone(),
        })
    }

    fn decode_move(&self, m: &CertMove) -> Option<Move> {
        let idx = |id: &str| self.g.graph.vertices.iter().position(|v| v.id == id);
        Some(match m {
            CertMove::Place { vertex } => Move::Place {
                vertex: idx(vertex)?,
            },
            CertMove::Step {
                token,
                from,
                edge,
                to,
            } => Move::Step {
                token: *token,
                from: idx(from)?,
                edge: *edge,
                to: idx(to)?,
            },
            CertMove::Nim { take, to: None } => Move::Nim {
                take: *take,
                to: None,
            },
            CertMove::Nim { take, to: Some(t) } => Move::Nim {
                take: *take,
                to: Some(idx(t)?),
            },
        })
    }

    /// Whether `cert` is a valid certificate by the documented rules (independent re-check).
    pub fn oracle(&self, cert: &GameStrategy) -> bool {
        let w = if cert.winner == Player::First { 0 } else { 1 };
        let mut map = HashMap::new();
        for e in &cert.strategy {
            let Some(s) = self.decode(&e.position) else {
                return false;
            };
            let Some(m) = self.decode_move(&e.play) else {
                return false;
            };
            if s.mover != w || map.insert(s, m).is_some() {
                return false;
            }
        }
        let mut ok = HashSet::new();
        self.holds(&self.start(), w, &map, &mut ok)
    }

    fn holds(&self, s: &St, w: usize, map: &HashMap<St, Move>, ok: &mut HashSet<St>) -> bool {
        if ok.contains(s) {
            return true;
        }
        let ms = self.moves(s);
        let good = if ms.is_empty() {
            (s.mover == w) == (self.g.convention == Convention::Misere)
        } else if s.mover == w {
            let distinct: HashSet<&St> = ms.iter().map(|x| &x.1).collect();
            let m = match map.get(s) {
                Some(m) => Some(*m),
                None if distinct.len() == 1 => Some(ms[0].0),
                None => None,
            };
            match m.and_then(|m| ms.iter().find(|x| x.0 == m)) {
                Some((_, t)) => self.holds(t, w, map, ok),
                None => false,
            }
        } else {
            ms.iter().all(|(_, t)| self.holds(t, w, map, ok))
        };
        if good {
            ok.insert(s.clone());
        }
        good
    }
}
