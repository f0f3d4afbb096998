//! Tree endgames for partizan and two-token positions inside the exhaustive search: a position
//! whose reachable remainder is a forest is decided by the tree recursions of Fraenkel–Simonson
//! ("Geography", TCS 110, 1993, §3; `shared/papers/002`) instead of by search.
//!
//! Which games, and which recursion:
//!
//! | tokens | graph | rule | convention | recursion |
//! |---|---|---|---|---|
//! | partizan (PVG, PAG) | directed | vertex | normal, misère | pair recursion, `trees.rs` (Thm 3.1; misère as derived there) |
//! | partizan (PAG) | directed | edge | normal | pair recursion, `trees.rs` (Thm 3.2) |
//! | two shared (IVG2, IAG2) | directed | vertex, edge | normal | pair recursion with Grundy values of cut subtrees, `two_token_trees.rs` (Thm 3.4) |
//! | partizan (PVG, PAG) | undirected | vertex, edge | normal | path chain, `undirected_trees.rs` (Thm 3.3) |
//!
//! Misère two-token games have no such recursion (a misère sum is not decided by Grundy
//! values), nor misère PAG (see `trees.rs`), nor misère undirected PVG/PAG (the path chain
//! compares longest walks); those positions are searched as before.
//!
//! **The remainder.** Call an *item* a vertex not yet visited (vertex rule) or an edge/arc not
//! yet used (edge rule). With both tokens placed, let `V` be the tokens' vertices and every
//! vertex reachable from one of them by steps over free items, and `H` the graph on `V` whose
//! edges are the *usable* ones: those that lead from a vertex of `V` into a free vertex
//! (vertex rule), or the unused ones (edge rule), all of which have both ends in `V`.
//!
//! **Soundness: the game from the position is the rooted game on `H`, from its start.** Every
//! move from here on goes from a token's vertex — a token vertex now or a vertex some token
//! entered later, so in `V` — along a free item, and lands in `V` (reachability is
//! transitive). So every future move uses an edge of `H`, and an edge of `H` is usable in the
//! game exactly when it is usable in `H`: the items of `H` carry the same free/used state in
//! both, and `H` holds no other item. The rooted game on `H` starts with the tokens at their
//! vertices and *nothing else used or visited* — under the vertex rule `H` has no edge into a
//! token's vertex (those vertices are visited), so marking them visited changes nothing; under
//! the edge rule every edge of `H` is unused. That is the *clean* position the tree
//! recursions are proved for (`trees.rs`, `two_token_trees.rs`: nothing in the tokens'
//! reach visited or used except the tokens' own vertices; `undirected_trees.rs`: "both
//! vertices visited and nothing else" / "no live edge used"), on a graph that the test below
//! proves to be an orientation of a forest (directed) or a forest (undirected). Whose turn it
//! is and which token belongs to whom carry over unchanged, so the recursion's answer is the
//! position's value. The history before the position (the visited vertices outside `H`, the
//! used edges) never enters: it is exactly what `H` leaves out.
//!
//! **The test.** First the *witness*: the cycle that the last failed walk found, with the
//! walk's paths to it from the tokens' vertices; if those vertices still hold tokens and every
//! item on it is still free, the remainder still contains that cycle, and the position does
//! not qualify without a walk (most positions of a search are near the last one tested, whose
//! cycle they keep). Otherwise one breadth-first walk from the tokens over free items collects
//! `V` and the edges of `H`
//! and runs a union–find over their ends; the first edge whose ends are already joined (a
//! cycle of the underlying graph, a loop, or a parallel or antiparallel pair) ends the test
//! with "no", as does a remainder above [`MAX_REMAINDER`] vertices. So a position that does
//! not qualify costs a walk up to its first cycle; one that qualifies costs the walk, the
//! forest's reachability rows (O(|V|²/64) words, directed only) and the recursion over the
//! pairs it meets. It runs at every node the search expands (memo misses), after the race
//! split of partizan games (whose bounded test is cheaper and which answers separated tokens
//! on any graph).
//!
//! **The answer** is the search's encoding: 0 when the mover loses, `i + 1` when the mover wins
//! by move `i` of the position's move list, `i` being the recursion's winning first move
//! (found in the list by its edge and token).

use super::state::{Game, Kind, NONE, State};
use super::trees::{Oriented, Tree};
use super::two_token_trees::Forest;
use super::undirected_trees::Board;
use crate::problems::geography::{Move, Rule};
use crate::solvers::{Budget, BudgetExceeded};

/// Largest remainder (vertices of `H`) the endgame decides; larger ones are searched (the
/// directed recursions hold one reachability row of |V| bits per vertex).
pub(crate) const MAX_REMAINDER: usize = 2048;
/// The walk-tree parent of a token's vertex (none).
const NO_PARENT: u32 = u32::MAX;

/// The tree endgame of one search: scratch space for the remainder walk and a counter.
pub(crate) struct TreeEndgame {
    vertex: bool,
    directed: bool,
    misere: bool,
    two_shared: bool,
    /// The current test; `stamp`/`edge_stamp` entries equal to it are set in this test.
    epoch: u32,
    /// Per vertex of the game: the test in which it joined the remainder, and its index there.
    stamp: Vec<u32>,
    local: Vec<u32>,
    /// Per edge of an undirected game: the test in which it was taken (each edge is met from
    /// both ends).
    edge_stamp: Vec<u32>,
    /// Union–find parents over the remainder's indices.
    parent: Vec<u32>,
    /// The remainder's vertices (game vertex ids), by index.
    verts: Vec<u32>,
    /// The remainder's edges: (tail index, head index, game edge id).
    edges: Vec<(u32, u32, u32)>,
    /// Per remainder index: the index it was first reached from and the item of that step
    /// (the walk's tree), [`NO_PARENT`] for a token's vertex.
    via: Vec<(u32, u32)>,
    /// The edge of the walk that joined the two tokens' trees without closing a cycle:
    /// (tail index, head index, item).
    bridge: Option<(u32, u32, u32)>,
    /// A cycle found by an earlier walk: token vertices it hangs from and the items on it
    /// and on its paths from them (see [`TreeEndgame::witness_holds`]).
    witness_roots: Vec<u32>,
    witness_items: Vec<u32>,
    /// Positions the endgame decided.
    pub decided: u64,
}

/// Whether some tree recursion holds for `game` (see the table in the module doc).
pub(crate) fn applies(game: &Game) -> bool {
    let vertex = game.rule == Rule::Vertex;
    if !matches!(game.rule, Rule::Vertex | Rule::Edge) {
        return false;
    }
    match (game.kind, game.directed) {
        (Kind::Partizan, true) => Tree::supports(!vertex, game.misere),
        (Kind::TwoShared, true) | (Kind::Partizan, false) => !game.misere,
        _ => false,
    }
}

impl TreeEndgame {
    /// The endgame for `game`, or `None` when no tree recursion holds for it.
    pub fn new(game: &Game) -> Option<TreeEndgame> {
        if !applies(game) {
            return None;
        }
        Some(TreeEndgame {
            vertex: game.rule == Rule::Vertex,
            directed: game.directed,
            misere: game.misere,
            two_shared: game.kind == Kind::TwoShared,
            epoch: 0,
            stamp: vec![0; game.n],
            local: vec![0; game.n],
            edge_stamp: if game.directed {
                Vec::new()
            } else {
                vec![0; game.m]
            },
            parent: Vec::new(),
            verts: Vec::new(),
            edges: Vec::new(),
            via: Vec::new(),
            bridge: None,
            witness_roots: Vec::new(),
            witness_items: Vec::new(),
            decided: 0,
        })
    }

    /// The search value of `st` (0: the mover loses; `i + 1`: the mover wins by move `i` of
    /// `moves`, the legal moves of `st` in [`Game::moves`] order) when its remainder is a
    /// forest; `None` otherwise (or when a token is not placed). The pairs the recursion
    /// evaluates are counted in `nodes` and charged to `budget`.
    pub fn value(
        &mut self,
        game: &Game,
        st: &State,
        moves: &[Move],
        budget: &Budget,
        nodes: &mut u64,
    ) -> Result<Option<u32>, BudgetExceeded> {
        let [a, b] = st.tok;
        if a == NONE || b == NONE || self.witness_holds(st) || !self.collect(game, st, a, b) {
            return Ok(None);
        }
        let (la, lb) = (
            self.local[a as usize] as usize,
            self.local[b as usize] as usize,
        );
        // The winning first move as (token slot, game edge id), if the mover wins.
        let step: Option<(u8, usize)> = if self.two_shared {
            let mut forest = Forest::new(self.oriented(), !self.vertex, budget, *nodes);
            let found = forest.first_winning(la, lb);
            *nodes = forest.nodes;
            found?.map(|(token, _, edge)| (token, edge))
        } else {
            let turn = st.turn;
            let (me, other) = if turn == 0 { (la, lb) } else { (lb, la) };
            if self.directed {
                let oriented = self.oriented();
                let mut tree = Tree::new(oriented, !self.vertex, self.misere, budget, *nodes);
                let found = match tree.win(me, other) {
                    Ok(true) => tree.winning_step(me, other),
                    Ok(false) => Ok(None),
                    Err(e) => Err(e),
                };
                *nodes = tree.nodes;
                found?.map(|(_, edge)| (turn, edge))
            } else {
                let mut board = Board::on_forest(
                    self.undirected(),
                    self.edges.len(),
                    !self.vertex,
                    budget,
                    *nodes,
                );
                let outcome = board.rooted(me, other);
                *nodes = board.nodes;
                let outcome = outcome?;
                match (outcome.wins, outcome.step) {
                    (true, Some((_, e))) => Some((turn, self.edges[e].2 as usize)),
                    (true, None) => {
                        debug_assert!(false, "a won tree position without a move");
                        return Ok(None);
                    }
                    (false, _) => None,
                }
            }
        };
        self.decided += 1;
        let Some((token, edge)) = step else {
            return Ok(Some(0));
        };
        let index = moves.iter().position(
            |mv| matches!(*mv, Move::Step { token: t, edge: e, .. } if t == token && e == edge),
        );
        match index {
            Some(i) => Ok(Some(i as u32 + 1)),
            None => {
                // Unreachable: the recursion's move is a legal move of the position. Let the
                // search decide rather than store a wrong move.
                debug_assert!(false, "the tree's winning move is not a legal move");
                self.decided -= 1;
                Ok(None)
            }
        }
    }

    /// Walks the remainder of `st` from the tokens on `a` and `b` into `verts`/`edges`;
    /// whether it is a forest of at most [`MAX_REMAINDER`] vertices.
    pub(crate) fn collect(&mut self, game: &Game, st: &State, a: u32, b: u32) -> bool {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.edge_stamp.iter_mut().for_each(|s| *s = 0);
            self.epoch = 1;
        }
        self.verts.clear();
        self.edges.clear();
        self.parent.clear();
        self.via.clear();
        self.bridge = None;
        self.enter(a, (NO_PARENT, 0));
        self.enter(b, (NO_PARENT, 0));
        // Breadth-first, so that a short cycle near the tokens (a diamond of a variable
        // gadget) ends the test before the walk goes deep.
        let mut head = 0;
        while head < self.verts.len() {
            let u = self.verts[head];
            let lu = head as u32;
            head += 1;
            for &(x, e) in &game.adj[u as usize] {
                let free = if self.vertex { !st.bit(x) } else { !st.bit(e) };
                if !free {
                    continue;
                }
                if !self.directed {
                    if self.edge_stamp[e] == self.epoch {
                        continue;
                    }
                    self.edge_stamp[e] = self.epoch;
                }
                let item = if self.vertex { x } else { e } as u32;
                let new = self.stamp[x] != self.epoch;
                let lx = self.enter(x as u32, (lu, item));
                if self.verts.len() > MAX_REMAINDER {
                    return false;
                }
                if !self.union(lu, lx) {
                    self.keep_witness(lu, lx, item);
                    return false;
                }
                if !new {
                    // A union that closes no cycle between two known vertices: the edge
                    // joining the two tokens' trees.
                    self.bridge = Some((lu, lx, item));
                }
                self.edges.push((lu, lx, e as u32));
            }
        }
        true
    }

    /// The remainder index of game vertex `v`, giving it one (which queues it: the walk
    /// visits `verts` in order) if it has none.
    fn enter(&mut self, v: u32, via: (u32, u32)) -> u32 {
        let i = v as usize;
        if self.stamp[i] != self.epoch {
            self.stamp[i] = self.epoch;
            self.via.push(via);
            self.local[i] = self.verts.len() as u32;
            self.parent.push(self.verts.len() as u32);
            self.verts.push(v);
        }
        self.local[i]
    }

    /// Keeps as the witness the cycle that the edge `(u, x)` (item `item`) closes: its item,
    /// the walk's tree paths from `u` and `x` to their tokens and, when those tokens differ,
    /// the bridge between the two trees with its own tree paths. The items form a connected
    /// graph hanging from the tokens' vertices with a cycle: the tree paths and the bridge are
    /// a tree, and `(u, x)` joins two of its vertices.
    fn keep_witness(&mut self, u: u32, x: u32, item: u32) {
        self.witness_roots.clear();
        self.witness_items.clear();
        self.witness_items.push(item);
        let mut ends = vec![u, x];
        if let Some((p, q, bridge)) = self.bridge {
            self.witness_items.push(bridge);
            ends.extend([p, q]);
        }
        for mut v in ends {
            while self.via[v as usize].0 != NO_PARENT {
                let (from, step) = self.via[v as usize];
                self.witness_items.push(step);
                v = from;
            }
            let root = self.verts[v as usize];
            if !self.witness_roots.contains(&root) {
                self.witness_roots.push(root);
            }
        }
    }

    /// Whether the witness kept by an earlier walk proves that the remainder of `st` is not a
    /// forest: every token vertex it hangs from holds a token and every item on it is free.
    /// Then each of its steps is usable from a vertex reachable from a token, so its edges all
    /// lie in the remainder, cycle included. (Any earlier walk will do: the check is a proof
    /// on its own, whatever position the witness came from.)
    pub(crate) fn witness_holds(&self, st: &State) -> bool {
        !self.witness_items.is_empty()
            && (self.witness_roots.iter()).all(|r| st.tok.contains(r))
            && (self.witness_items.iter()).all(|&i| !st.bit(i as usize))
    }

    /// Joins the sets of `x` and `y`; false when they were already one (a cycle).
    fn union(&mut self, x: u32, y: u32) -> bool {
        let (rx, ry) = (self.find(x), self.find(y));
        if rx == ry {
            return false;
        }
        self.parent[rx as usize] = ry;
        true
    }

    fn find(&mut self, mut x: u32) -> u32 {
        while self.parent[x as usize] != x {
            let up = self.parent[self.parent[x as usize] as usize];
            self.parent[x as usize] = up;
            x = up;
        }
        x
    }

    /// The remainder as an oriented forest (directed games).
    fn oriented(&self) -> Oriented {
        let mut children = vec![Vec::new(); self.verts.len()];
        for &(u, x, e) in &self.edges {
            children[u as usize].push((x as usize, e as usize));
        }
        Oriented::new(children)
    }

    /// The remainder as an undirected forest: adjacency with the remainder's own edge indices.
    fn undirected(&self) -> Vec<Vec<(usize, usize)>> {
        let mut adj = vec![Vec::new(); self.verts.len()];
        for (i, &(u, x, _)) in self.edges.iter().enumerate() {
            adj[u as usize].push((x as usize, i));
            adj[x as usize].push((u as usize, i));
        }
        adj
    }
}
