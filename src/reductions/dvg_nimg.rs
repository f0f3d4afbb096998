//! Normal DVG ≤ misère NimG-RM without loops: every vertex becomes a one-token heap and every
//! arc a weighted gadget `a, b, c, d` whose odd cycle `b–c–d` (with two tokens on `d`)
//! decides who arrives at the far end.
//!
//! Source: G. Renault, S. Schmidt, "On the complexity of the misère version of three games
//! played on graphs", arXiv:1401.0400, Theorem 3.1 (Fig. 6)
//! (../shared/papers/003_a120ef210e855419.txt).
//!
//! Construction (spec `edge-misere-trailtrap.md` §2(d), **recovered from the proof's
//! move-by-move text**; the figure itself was not seen): vertex `u` becomes `x_u` with weight
//! 1; arc `(u, v)` adds `a, b, c` of weight 1 and `d` of weight 2 with the undirected edges
//! `x_u–a, a–b, b–c, c–d, b–d, d–x_v`. Play starts at `x_u` with the same first player.
//! Under misère play moving onto an empty heap loses, so an emptied `x_u` is as good as a
//! visited vertex. The forward line is `x_u→a` (she), `a→b` (he, forced), `b→c` (she),
//! `c→d` (he, forced), `(d, 0, x_v)` (she): she arrives and he moves from `x_v`, as in DVG.
//! The rule for a vertex without neighbours (remove only) is the one of spec §0. Sizes:
//! `n + 4m` vertices, `6m` edges; degrees a 2, b 3, c 2, d 3.

use super::embed::{
    add_fresh, arc_name, board_size, check_copied, copy_vertices, expect_game, start_of,
    target_game, total_degrees,
};
use super::{ProblemKind, Reduced, Reduction, ReductionError, ReductionInfo};
use crate::problems::{Convention, Geography, Graph, Instance, Rule, Tokens, VertexId};
use crate::solvers::Winner;

/// The reduction DVG → misère NimG-RM; `d_weight: 1` is a control that must fail.
#[derive(Clone, Copy, Debug)]
pub struct DvgToNimg {
    /// Tokens on each gadget's `d` vertex (the paper: 2).
    pub d_weight: u64,
}

impl DvgToNimg {
    /// The reduction as in the paper.
    pub const PAPER: DvgToNimg = DvgToNimg { d_weight: 2 };
}

static INFO: ReductionInfo = ReductionInfo {
    id: "dvg-nimg",
    source: ProblemKind::Dvg,
    target: ProblemKind::MisereNimgRm,
    paper: "Renault, Schmidt, \"On the complexity of the misere version of three games played \
            on graphs\", arXiv:1401.0400 (papers/003_a120ef210e855419.txt)",
    theorem: "RS Thm 3.1",
    gadgets: &["arc_gadget: a, b, c (weight 1), d (weight 2) per arc (Fig. 6)"],
    vertices_formula: "n + 4m",
    edges_formula: "6m",
    preconditions: &["a normal-play DVG game (digraph without loops, start vertex)"],
    claims: &[
        "every original vertex x_u has weight 1 and degree (in + out)",
        "gadget weights a 1, b 1, c 1, d 2 and degrees a 2, b 3, c 2, d 3",
        "no loops; same start, player I first; misere play",
        "normal DVG outcome of (G, u) = misere NimG-RM outcome of (G', w, x_u)",
    ],
    errata: &[
        "Fig. 6 was not seen: edges and weights are recovered from the proof's move-by-move \
         text and confirmed by brute force (spec edge-misere-trailtrap.md section 2(d))",
        "a vertex with no neighbour: the mover removes tokens and the pointer stays (spec \
         section 0; the paper's base case |V| = 1); without it isolated starts break Thm 3.1",
    ],
    provenance: "recovered from the proof text (figure not seen), verified by brute force",
    yes_winner: Winner::First,
};

/// Private vertices of the arc gadget, in creation order.
const ROLES: [&str; 4] = ["a", "b", "c", "d"];

/// An end of a gadget edge: the arc's tail `u`, its head `v`, or a private vertex.
#[derive(Clone, Copy)]
enum End {
    U,
    V,
    In(usize),
}

/// `x_u–a, a–b, b–c, c–d, b–d, d–x_v`.
const GADGET: [(End, End); 6] = [
    (End::U, End::In(0)),
    (End::In(0), End::In(1)),
    (End::In(1), End::In(2)),
    (End::In(2), End::In(3)),
    (End::In(1), End::In(3)),
    (End::In(3), End::V),
];

/// Degrees of a, b, c, d in the target.
const ROLE_DEGREES: [usize; 4] = [2, 3, 2, 3];

/// Originals `x_u` first, then four vertices per arc.
struct Layout {
    n: usize,
}

impl Layout {
    /// The heap `x_u` of source vertex `u`.
    fn original(&self, u: VertexId) -> VertexId {
        u
    }

    /// Private vertex `role` of the gadget of arc `arc`.
    fn gadget(&self, arc: usize, role: usize) -> VertexId {
        self.n + ROLES.len() * arc + role
    }

    /// The target vertex at end `e` of the gadget of arc `arc = (u, v)`.
    fn end(&self, arc: usize, (u, v): (VertexId, VertexId), e: End) -> VertexId {
        match e {
            End::U => self.original(u),
            End::V => self.original(v),
            End::In(role) => self.gadget(arc, role),
        }
    }
}

impl DvgToNimg {
    /// The weight of private vertex `role`.
    fn weight(&self, role: usize) -> u64 {
        if ROLES[role] == "d" { self.d_weight } else { 1 }
    }

    /// Builds the weighted undirected board for the digraph `d`.
    fn build(&self, d: &Graph) -> Graph {
        let layout = Layout { n: d.n() };
        let mut g = copy_vertices(d, false);
        for x in 0..d.n() {
            g.vertices[layout.original(x)].weight = Some(1);
        }
        for (arc, &(u, v)) in d.edges.iter().enumerate() {
            let (ui, vi) = (d.id(u), d.id(v));
            let mut members = Vec::new();
            for (role, name) in ROLES.iter().enumerate() {
                let id = add_fresh(&mut g, &format!("{name}_{ui}_{vi}"), Some(name));
                assert_eq!(id, layout.gadget(arc, role), "gadget out of layout order");
                g.vertices[id].weight = Some(self.weight(role));
                members.push(id);
            }
            for &(a, b) in &GADGET {
                g.add_edge(layout.end(arc, (u, v), a), layout.end(arc, (u, v), b));
            }
            g.add_group("arc_gadget", arc_name(d, u, v), members);
        }
        g
    }
}

impl Reduction for DvgToNimg {
    super::certmaps::delegate_maps!(gadget);

    fn info(&self) -> &ReductionInfo {
        &INFO
    }

    fn reduce(&self, source: &Instance) -> Result<Reduced, ReductionError> {
        let game = expect_game(&INFO, source)?;
        let target = Instance::Geography(Geography {
            graph: self.build(&game.graph),
            rule: Rule::NimRemoveMove,
            tokens: Tokens::One {
                start: Some(start_of(game)),
            },
            convention: Convention::Misere,
        });
        Ok(Reduced {
            target,
            notes: Vec::new(),
        })
    }

    fn declared_size(&self, source: &Instance) -> (usize, usize) {
        let (n, m) = board_size(source);
        (n + 4 * m, 6 * m)
    }

    fn check_structure(&self, source: &Instance, target: &Instance) -> Result<(), String> {
        let src = expect_game(&INFO, source).map_err(|e| e.to_string())?;
        let tgt = target_game(target)?;
        if ProblemKind::of(target) != ProblemKind::MisereNimgRm || tgt.starts() != src.starts() {
            return Err("the target is not a misere NimG-RM game with the source's start".into());
        }
        check_copied(&src.graph, &tgt.graph)?;
        if tgt.graph.has_loop() {
            return Err("the target has a loop".into());
        }
        let (n, m) = (src.graph.n(), src.graph.m());
        let (d_src, d_tgt) = (total_degrees(&src.graph), total_degrees(&tgt.graph));
        let layout = Layout { n };
        // (vertex, degree, weight) that the construction promises.
        let mut want: Vec<(VertexId, usize, u64)> = (0..n).map(|x| (x, d_src[x], 1)).collect();
        for arc in 0..m {
            for (r, &degree) in ROLE_DEGREES.iter().enumerate() {
                want.push((layout.gadget(arc, r), degree, Self::PAPER.weight(r)));
            }
        }
        let bad = want.into_iter().find(|&(v, d, w)| {
            d_tgt.get(v) != Some(&d) || tgt.graph.vertices.get(v).and_then(|x| x.weight) != Some(w)
        });
        match bad {
            Some((v, d, w)) => Err(format!(
                "target vertex {v} should have degree {d}, weight {w}"
            )),
            None => Ok(()),
        }
    }
}
