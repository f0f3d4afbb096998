//! Directed Hamiltonian path ≤ PVG: player I walks a chain of n vertices while player II
//! must visit all n vertices of G.
//!
//! Source: A.S. Fraenkel, S. Simonson, "Geography", Theoretical Computer Science 110 (1993)
//! 197–214, Theorem 2.3 (../shared/papers/002_6f77a2c70ea13afa.txt); analysed in
//! `../shared/spec/fraenkel-simonson.md` §3.
//!
//! The board is G plus a disjoint chain `ch0 → … → ch_{n−1}`. I starts on `ch0` and has
//! exactly n − 1 moves; II starts on s and wins iff he can also make n − 1 moves, i.e. walk a
//! Hamiltonian path of G from s. **II wins ⇔ the path exists.**
//!
//! The paper claims "a Hamiltonian path from s to t" but never uses t, so as printed it
//! decides "a Hamiltonian path from s, any end" (counterexample: arcs 0→1→2, s = 0, t = 1).
//! The fix of the spec deletes every arc leaving t when n > 1: a walk through all n
//! vertices must then end at t. Planarity is kept. The literal reading is available as
//! `hampath-pvg-as-printed` so that `check` can find the erratum.
//!
//! Size: `2n` vertices; `|A(G)| − outdeg(t) + n − 1` arcs (fixed, t given, n > 1), otherwise
//! `|A(G)| + n − 1`, where |A(G)| counts distinct non-loop arcs (an undirected edge counts
//! as two arcs).

use super::helpers::{directed_game, expect_hampath, partizan, target_game};
use super::{Claim, ProblemKind, Reduced, Reduction, ReductionError, ReductionInfo};
use crate::problems::{Geography, Graph, HamPath, Instance, Locator, Rule, VertexId};
use crate::solvers::Winner;

/// Fraenkel–Simonson Theorem 2.3: `hampath-pvg` (end vertex respected) or
/// `hampath-pvg-as-printed` (end vertex ignored, as in the paper).
#[derive(Clone, Copy, Debug)]
pub struct HamPathToPvg {
    as_printed: bool,
}

impl HamPathToPvg {
    /// The corrected reduction (`hampath-pvg`): arcs leaving t are deleted.
    pub const FIXED: HamPathToPvg = HamPathToPvg { as_printed: false };
    /// The paper's literal construction (`hampath-pvg-as-printed`): t is ignored.
    pub const AS_PRINTED: HamPathToPvg = HamPathToPvg { as_printed: true };
}

const PAPER: &str = "Fraenkel & Simonson, \"Geography\", TCS 110 (1993) 197–214 \
                     (../shared/papers/002_6f77a2c70ea13afa.txt)";

static FIXED_INFO: ReductionInfo = ReductionInfo {
    id: "hampath-pvg",
    source: ProblemKind::Hampath,
    target: ProblemKind::Pvg,
    paper: PAPER,
    theorem: "Thm 2.3",
    gadgets: &["G itself (II's board)", "chain of n vertices (I's board)"],
    vertices_formula: "2n",
    edges_formula: "|A(G)| − outdeg(t) + n − 1 (t given, n > 1); |A(G)| + n − 1 otherwise",
    preconditions: &[
        "a start vertex s (player II starts there)",
        "loops and repeated arcs are dropped; an undirected edge becomes two arcs",
    ],
    claims: &[
        "II wins ⇔ G has a Hamiltonian path from s (to t when t is given)",
        "I's board is a chain of n vertices starting at his start",
        "t has no out-arc (t given, n > 1)",
    ],
    errata: &[
        "the paper never uses t, so its construction decides 'Hamiltonian path from s, any \
         end'; fixed by deleting every arc leaving t (counterexample to the paper: arcs \
         0→1→2, s = 0, t = 1)",
    ],
    provenance: "recovered from the paper's text, with the end-vertex fix of spec §3",
    structure: &[Claim::PlanarIfSource {
        max_degree: None,
        why: "FS Thm 2.3: PVG is NP-hard for planar digraphs (H is G plus a disjoint chain)",
    }],
    size_legend: "",
    yes_winner: Winner::Second,
};

static AS_PRINTED_INFO: ReductionInfo = ReductionInfo {
    id: "hampath-pvg-as-printed",
    edges_formula: "|A(G)| + n − 1",
    claims: &[
        "(wrong as printed) II wins ⇔ G has a Hamiltonian path from s to t",
        "I's board is a chain of n vertices starting at his start",
    ],
    errata: &[
        "known wrong: t is ignored, so II wins iff some Hamiltonian path starts at s; \
         counterexample arcs 0→1→2, s = 0, t = 1 (II wins, no path from 0 to 1)",
    ],
    provenance: "as printed in the paper",
    ..FIXED_INFO
};

/// The arcs of II's board: distinct, loop-free, undirected edges in both directions.
fn board_arcs(h: &HamPath) -> Vec<(VertexId, VertexId)> {
    let both = h.graph.edges.iter().flat_map(|&(u, v)| {
        let back = (!h.graph.directed).then_some((v, u));
        std::iter::once((u, v)).chain(back)
    });
    let mut arcs: Vec<(VertexId, VertexId)> = Vec::new();
    for (u, v) in both.filter(|&(u, v)| u != v) {
        if !arcs.contains(&(u, v)) {
            arcs.push((u, v));
        }
    }
    arcs
}

impl HamPathToPvg {
    fn info_static(&self) -> &'static ReductionInfo {
        if self.as_printed {
            &AS_PRINTED_INFO
        } else {
            &FIXED_INFO
        }
    }

    /// The start s, checked; and the end t that the construction honours (none as printed).
    fn ends(&self, h: &HamPath) -> Result<(VertexId, Option<VertexId>), ReductionError> {
        let n = h.graph.n();
        let bad = |message: String, at: Locator, help: Option<String>| {
            Err(ReductionError::Precondition {
                theorem: "Thm 2.3",
                message,
                at,
                help,
            })
        };
        let Some(s) = h.start else {
            let help = "name the start vertex s of the path: player II starts there; for \
                        'a path with any ends', try every s";
            return bad("a start vertex s".into(), Locator::Whole, Some(help.into()));
        };
        if s >= n {
            return bad(
                format!("a start vertex in range, not {s}"),
                Locator::Whole,
                None,
            );
        }
        if let Some(t) = h.end.filter(|&t| t >= n) {
            return bad(
                format!("an end vertex in range, not {t}"),
                Locator::End,
                None,
            );
        }
        Ok((s, if self.as_printed { None } else { h.end }))
    }
}

/// I's chain `ch0 → … → ch_{n−1}`, with a prefix that no vertex of G uses.
fn add_chain(g: &mut Graph, src: &Graph) -> Vec<VertexId> {
    let mut prefix = String::from("ch");
    while src.vertices.iter().any(|v| v.id.starts_with(&prefix)) {
        prefix.push('_');
    }
    let chain: Vec<VertexId> = (0..src.n())
        .map(|i| g.add_vertex(format!("{prefix}{i}")))
        .collect();
    for w in chain.windows(2) {
        g.add_edge(w[0], w[1]);
    }
    g.add_group("chain", "I", chain.clone());
    chain
}

impl Reduction for HamPathToPvg {
    super::certmaps::delegate_maps!(fns super::certmaps::np::hampath_maps, super::certmaps::np::hampath_forward, super::certmaps::np::hampath_backward);

    fn info(&self) -> &ReductionInfo {
        self.info_static()
    }

    fn reduce(&self, source: &Instance) -> Result<Reduced, ReductionError> {
        let h = expect_hampath(self.info_static().id, source)?;
        let (s, t) = self.ends(h)?;
        let mut g = Graph::new(true);
        for v in &h.graph.vertices {
            let x = g.add_vertex(v.id.clone());
            g.vertices[x].label = v.label.clone();
        }
        let cut = t.filter(|_| h.graph.n() > 1);
        for (u, v) in board_arcs(h).into_iter().filter(|&(u, _)| Some(u) != cut) {
            g.add_edge(u, v);
        }
        for group in &h.graph.groups {
            g.add_group(
                group.kind.clone(),
                group.name.clone(),
                group.members.clone(),
            );
        }
        let chain = add_chain(&mut g, &h.graph);
        let mut notes = Vec::new();
        if self.as_printed && h.end.is_some() {
            notes.push("the end vertex t is ignored, as printed in the paper".into());
        } else if h.end.is_none() {
            notes.push("no end vertex: II wins iff a Hamiltonian path starts at s".into());
        }
        let target = directed_game(g, Rule::Vertex, partizan(chain[0], s));
        Ok(Reduced { target, notes })
    }

    fn declared_size(&self, source: &Instance) -> (usize, usize) {
        let Ok(h) = expect_hampath(self.info_static().id, source) else {
            return (0, 0);
        };
        let Ok((_, t)) = self.ends(h) else {
            return (0, 0);
        };
        let (n, arcs) = (h.graph.n(), board_arcs(h));
        let outdeg_t = match t {
            Some(t) if n > 1 => arcs.iter().filter(|&&(u, _)| u == t).count(),
            _ => 0,
        };
        (2 * n, arcs.len() - outdeg_t + n - 1)
    }

    fn check_structure(&self, source: &Instance, target: &Instance) -> Result<(), String> {
        let game = target_game(target)?;
        let g = &game.graph;
        check_chain(game)?;
        let Ok(h) = expect_hampath(self.info_static().id, source) else {
            return Ok(());
        };
        match self.ends(h) {
            Ok((_, Some(t))) if h.graph.n() > 1 && g.out_degrees()[t] != 0 => {
                Err(format!("t = {} has an out-arc", g.id(t)))
            }
            _ => Ok(()),
        }
    }
}

/// Err unless the `chain` group is a directed path that starts at I's start vertex, enters
/// nowhere else and leaves nowhere: I has exactly (chain length − 1) moves.
fn check_chain(game: &Geography) -> Result<(), String> {
    let g = &game.graph;
    let chain = g
        .groups
        .iter()
        .rev()
        .find(|gr| gr.kind == "chain")
        .map(|gr| &gr.members);
    let (Some(chain), Some(&first)) = (chain, game.starts().first()) else {
        return Err("no chain group, or no start for player I".into());
    };
    let (succ, ins) = (g.successors(), g.in_degrees());
    let linked = chain
        .windows(2)
        .all(|w| succ[w[0]] == [w[1]] && ins[w[1]] == 1);
    let last = chain.last().copied();
    if chain.first() != Some(&first)
        || ins[first] != 0
        || !linked
        || last.is_some_and(|l| !succ[l].is_empty())
    {
        return Err("I's board is not a chain starting at his start vertex".into());
    }
    if 2 * chain.len() != g.n() {
        return Err(format!(
            "the chain has {} vertices, G has {}",
            chain.len(),
            g.n() - chain.len()
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The spec's counterexample: arcs 0→1→2, s = 0, t = 1.
    fn path012(end: Option<VertexId>) -> Instance {
        let mut g = Graph::new(true);
        for i in 0..3 {
            g.add_vertex(format!("v{i}"));
        }
        g.add_edge(0, 1);
        g.add_edge(1, 2);
        g.add_edge(1, 2);
        Instance::Hampath(HamPath {
            graph: g,
            start: Some(0),
            end,
        })
    }

    #[test]
    fn fixed_variant_cuts_the_arcs_leaving_t() {
        let src = path012(Some(1));
        // The repeated arc 1→2 is merged; the chain adds 2 arcs; the fix cuts 1→2.
        for (r, arcs) in [(HamPathToPvg::FIXED, 3), (HamPathToPvg::AS_PRINTED, 4)] {
            let out = r.reduce(&src).unwrap();
            let Instance::Geography(g) = &out.target else {
                panic!("not a game")
            };
            assert_eq!((g.graph.n(), g.graph.m()), (6, arcs));
            assert_eq!(r.declared_size(&src), (6, arcs));
            r.check_structure(&src, &out.target).unwrap();
        }
    }

    #[test]
    fn a_missing_start_is_a_precondition_error() {
        let Instance::Hampath(mut h) = path012(None) else {
            unreachable!()
        };
        h.start = None;
        let err = HamPathToPvg::FIXED
            .reduce(&Instance::Hampath(h))
            .unwrap_err();
        assert!(matches!(
            err,
            ReductionError::Precondition {
                theorem: "Thm 2.3",
                ..
            }
        ));
    }
}
