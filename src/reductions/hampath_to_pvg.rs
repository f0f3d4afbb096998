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
//!
//! Certificate maps (only YES answers of NP problems have certificates, so only player II's
//! side maps): forward, II walks the Hamiltonian path while I walks his chain, and I is stuck
//! first; backward, II's strategy is played against I's forced chain and II's walk read off.
//! The forward map checks the path first: II's forced moves could otherwise complete an
//! invalid one.

use super::certmaps::util::{
    NO_CERT, build_game_cert, indices, second_oracle, step_to, walk_of_second,
};
use super::certmaps::{CertMapError, CertMaps, MapStatus, claims_yes, refuse};
use super::figure_helpers::source_positions;
use super::helpers::{normal_game, partizan};
use super::theorem::{Construction, Size, Theorem, size_formula};
use super::{Claim, ProblemKind, ReductionError, ReductionInfo};
use crate::certify::{Certificate, CertificateBody, PathCert, check_hampath};
use crate::problems::Player;
use crate::problems::{Graph, HamPath, Locator, Rule, VertexId};
use crate::render::Figure;
use crate::render::figure::Outline;

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

size_formula! {
    /// The size of Theorem 2.3's board with the end-vertex fix.
    SIZE: HamPath = |h| with ends = match ends(h, false) {
        Ok(ends) => ends,
        Err(_) => return (0, 0),
    }; {
        n = h.graph.n(), "vertices of G";
        A = board_arcs(h).len(),
            "|A(G)|, distinct non-loop arcs (an undirected edge counts as two)";
        d = cut_arcs(h, ends.1).len(), "outdeg(t) when t is given and n > 1, else 0";
    } => vertices 2 * n, edges A - d + n - 1
}

size_formula! {
    /// The size of Theorem 2.3's board as printed (t ignored).
    SIZE_AS_PRINTED: HamPath = |h| with _ends = match ends(h, true) {
        Ok(ends) => ends,
        Err(_) => return (0, 0),
    }; {
        n = h.graph.n(), "vertices of G";
        A = board_arcs(h).len(),
            "|A(G)|, distinct non-loop arcs (an undirected edge counts as two)";
    } => vertices 2 * n, edges A + n - 1
}

const PAPER: &str = "Fraenkel & Simonson, \"Geography\", TCS 110 (1993) 197–214 \
                     (../shared/papers/002_6f77a2c70ea13afa.txt)";

static FIXED_INFO: ReductionInfo = ReductionInfo {
    id: "hampath-pvg",
    example: Some("examples/hampath.geo"),
    source: ProblemKind::Hampath,
    target: ProblemKind::Pvg,
    paper: PAPER,
    theorem: "Thm 2.3",
    gadgets: &["G itself (II's board)", "chain of n vertices (I's board)"],
    vertices_formula: SIZE.vertices,
    edges_formula: SIZE.edges,
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
    size_legend: SIZE.legend,
    yes_winner: Player::Second,
};

static AS_PRINTED_INFO: ReductionInfo = ReductionInfo {
    id: "hampath-pvg-as-printed",
    example: None,
    edges_formula: SIZE_AS_PRINTED.edges,
    size_legend: SIZE_AS_PRINTED.legend,
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

/// The vertex whose out-arcs the fix deletes: t, when the construction honours it and
/// n > 1 (for n = 1 every walk ends at t anyway).
fn cut_vertex(h: &HamPath, t: Option<VertexId>) -> Option<VertexId> {
    t.filter(|_| h.graph.n() > 1)
}

/// The arcs of G that the fix deletes (those leaving [`cut_vertex`]).
fn cut_arcs(h: &HamPath, t: Option<VertexId>) -> Vec<(VertexId, VertexId)> {
    let cut = cut_vertex(h, t);
    board_arcs(h)
        .into_iter()
        .filter(|&(u, _)| Some(u) == cut)
        .collect()
}

/// The start s, checked; and the end t that the construction honours (none `as_printed`).
fn ends(h: &HamPath, as_printed: bool) -> Result<(VertexId, Option<VertexId>), ReductionError> {
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
    Ok((s, if as_printed { None } else { h.end }))
}

/// Theorem 2.3's board by role.
#[derive(Clone, Debug)]
pub struct Layout {
    /// II's board, a copy of G: `graph[v]` is G's vertex v (same identifier and label).
    pub graph: Vec<VertexId>,
    /// s, where player II starts.
    pub s: VertexId,
    /// t, whose out-arcs are deleted so that a walk through all of G ends there (given, fixed
    /// reading, n > 1); `None` when nothing is deleted.
    pub t: Option<VertexId>,
    /// I's chain `ch0 → … → ch_{n−1}` (I starts on `ch0`).
    pub chain: Vec<VertexId>,
}

impl Layout {
    /// The vertex of G that the board vertex `x` copies, if it is one.
    pub fn of_board(&self, x: VertexId) -> Option<VertexId> {
        self.graph.iter().position(|&y| y == x)
    }
}

/// Adds I's chain `ch0 → … → ch_{n−1}`, with a prefix that no vertex of G uses.
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

impl HamPathToPvg {
    fn info_static(&self) -> &'static ReductionInfo {
        if self.as_printed {
            &AS_PRINTED_INFO
        } else {
            &FIXED_INFO
        }
    }
}

impl Theorem for HamPathToPvg {
    type Source = HamPath;
    type Layout = Layout;

    fn entry(&self) -> &ReductionInfo {
        self.info_static()
    }

    fn construct(&self, h: &HamPath) -> Result<Construction<Layout>, ReductionError> {
        let (s, t) = ends(h, self.as_printed)?;
        let mut g = Graph::new(true);
        let graph: Vec<VertexId> = h
            .graph
            .vertices
            .iter()
            .map(|v| {
                let x = g.add_vertex(v.id.clone());
                g.vertices[x].label = v.label.clone();
                x
            })
            .collect();
        let t = cut_vertex(h, t);
        for (u, v) in board_arcs(h).into_iter().filter(|&(u, _)| Some(u) != t) {
            g.add_edge(graph[u], graph[v]);
        }
        for group in &h.graph.groups {
            let members = group.members.iter().map(|&v| graph[v]).collect();
            g.add_group(group.kind.clone(), group.name.clone(), members);
        }
        let chain = add_chain(&mut g, &h.graph);
        let mut notes = Vec::new();
        if self.as_printed && h.end.is_some() {
            notes.push("the end vertex t is ignored, as printed in the paper".into());
        } else if h.end.is_none() {
            notes.push("no end vertex: II wins iff a Hamiltonian path starts at s".into());
        }
        let layout = Layout {
            s: graph[s],
            t: t.map(|t| graph[t]),
            graph,
            chain,
        };
        Ok(Construction {
            game: normal_game(g, Rule::Vertex, partizan(layout.chain[0], layout.s)),
            layout,
            notes,
        })
    }

    fn size(&self) -> &Size<HamPath> {
        if self.as_printed {
            &SIZE_AS_PRINTED
        } else {
            &SIZE
        }
    }

    fn figure(&self, src: &HamPath, built: &Construction<Layout>) -> Option<Figure> {
        Some(figure(src, built, self.as_printed))
    }

    /// I's board is a chain of n vertices from his start that nothing enters or leaves (so he
    /// has exactly n − 1 moves), II starts on s, and t has no out-arc.
    fn check_layout(&self, _: &HamPath, built: &Construction<Layout>) -> Result<(), String> {
        let (game, lay) = (&built.game, &built.layout);
        let g = &game.graph;
        let (succ, ins) = (g.successors(), g.in_degrees());
        let chain = &lay.chain;
        let linked = chain
            .windows(2)
            .all(|w| succ[w[0]] == [w[1]] && ins[w[1]] == 1);
        let closed = chain.first().is_some_and(|&c| ins[c] == 0)
            && chain.last().is_some_and(|&c| succ[c].is_empty());
        if game.starts() != [chain[0], lay.s] || !linked || !closed {
            return Err("I's board is not a chain starting at his start vertex".into());
        }
        if 2 * chain.len() != g.n() {
            return Err(format!(
                "the chain has {} vertices, G has {}",
                chain.len(),
                g.n() - chain.len()
            ));
        }
        match lay.t {
            Some(t) if !succ[t].is_empty() => Err(format!("t = {} has an out-arc", g.id(t))),
            _ => Ok(()),
        }
    }

    fn maps(&self) -> CertMaps {
        let backward_yes = match self.as_printed {
            false => MapStatus::Constructive(
                "player II's strategy → Hamiltonian path: play it against I's forced chain and \
                 read II's walk (it must visit all n vertices, ending at t since t has no \
                 out-arc)",
            ),
            true => MapStatus::NotConstructive(
                "as printed in the paper t is ignored: II's walk is a Hamiltonian path from s \
                 that need not end at t",
            ),
        };
        CertMaps {
            forward_yes: MapStatus::Constructive(
                "Hamiltonian path → player II's strategy: II walks the path; I's chain of n \
                 vertices runs out first",
            ),
            forward_no: MapStatus::NotConstructive(NO_CERT),
            backward_yes,
            backward_no: MapStatus::NotConstructive(NO_CERT),
        }
    }

    fn carry_forward(
        &self,
        h: &HamPath,
        built: &Construction<Layout>,
        cert: &Certificate,
    ) -> Result<Certificate, CertMapError> {
        let CertificateBody::Hampath(path) = &cert.body else {
            return Err(refuse(&self.maps(), true, claims_yes(cert)));
        };
        path_forward(h, built, path)
    }

    fn carry_back(
        &self,
        h: &HamPath,
        built: &Construction<Layout>,
        cert: &Certificate,
    ) -> Result<Certificate, CertMapError> {
        let maps = self.maps();
        if !maps.backward_yes.is_constructive() {
            return Err(refuse(&maps, false, true));
        }
        path_backward(&maps, h, built, cert)
    }
}

/// Hamiltonian path → player II's strategy: II's k-th move goes to the copy of the path's
/// (k+1)-th vertex.
fn path_forward(
    h: &HamPath,
    built: &Construction<Layout>,
    cert: &PathCert,
) -> Result<Certificate, CertMapError> {
    check_hampath(h, cert)?;
    let (g, lay) = (&built.game, &built.layout);
    let path: Vec<VertexId> = indices(&h.graph, &cert.path)?
        .into_iter()
        .map(|v| lay.graph[v])
        .collect();
    build_game_cert(g, Player::Second, |at| {
        // I moves first, so II has made line.len() / 2 moves.
        let next = path
            .get(at.line().len() / 2 + 1)
            .ok_or_else(|| CertMapError::Invalid("the path is too short".into()))?;
        step_to(at, 1, *next)
    })
}

/// Player II's strategy → Hamiltonian path: II's walk against I's forced chain, from s.
fn path_backward(
    maps: &CertMaps,
    h: &HamPath,
    built: &Construction<Layout>,
    cert: &Certificate,
) -> Result<Certificate, CertMapError> {
    let (g, lay) = (&built.game, &built.layout);
    let oracle = second_oracle(maps, g, cert)?;
    let mut walk = vec![lay.s];
    walk.extend(walk_of_second(g, &oracle, |_| false)?);
    let path = walk
        .into_iter()
        .map(|x| {
            lay.of_board(x)
                .map(|v| h.graph.id(v).to_string())
                .ok_or_else(|| CertMapError::Invalid("II's walk leaves the copy of G".into()))
        })
        .collect::<Result<_, _>>()?;
    Ok(Certificate::new(CertificateBody::Hampath(PathCert {
        path,
    })))
}

/// The board as the proof describes it: G keeping the source's shape (a circle with the
/// fewest crossing arcs), s and t named, and I's chain of n vertices as a column of dots
/// beside it, top to bottom, starting at I's start. Each part is outlined (`--highlight G`,
/// `--highlight chain`).
fn figure(src: &HamPath, built: &Construction<Layout>, as_printed: bool) -> Figure {
    let lay = &built.layout;
    let mut fig = Figure::of_game(
        &built.game,
        "PVG: II walks the digraph G from s, I walks a chain of n vertices; II wins iff G \
         has a Hamiltonian path (Fraenkel–Simonson, Thm 2.3)",
    );
    let pos = source_positions(&src.graph, 2.2);
    for (u, &x) in lay.graph.iter().enumerate() {
        fig.place(x, pos[u].0, pos[u].1);
    }
    let (_, y0, x1, y1) = fig.bbox();
    // s and t by their roles when G names them otherwise (`0 (s)`).
    for (v, word) in [(Some(lay.s), "s"), (src.end.map(|t| lay.graph[t]), "t")] {
        if let Some(v) = v
            && fig.nodes[v].label != word
        {
            let l = fig.nodes[v].label.clone();
            fig.label(v, format!("{l} ({word})"));
        }
    }
    let n = lay.chain.len();
    let gap = if n > 1 {
        ((y1 - y0) / (n - 1) as f64).max(1.0)
    } else {
        1.0
    };
    let top = (y0 + y1) / 2.0 + gap * (n as f64 - 1.0) / 2.0;
    for (i, &c) in lay.chain.iter().enumerate() {
        fig.place(c, x1 + 2.6, top - gap * i as f64);
        fig.point(c);
    }
    fig.gadget("G", "G", lay.graph.clone(), Outline::Box);
    fig.gadget(
        "chain",
        format!("I's chain ({n} vertices)"),
        lay.chain.clone(),
        Outline::Box,
    );
    match (lay.t, as_printed) {
        (Some(_), _) => fig
            .caption
            .push("the arcs leaving t are deleted, so II's walk through all of G ends at t".into()),
        (None, true) if src.end.is_some() => fig
            .caption
            .push("as printed: t is ignored (II wins iff a Hamiltonian path starts at s)".into()),
        _ => {}
    }
    fig.no_compact = Some(
        "hampath-pvg builds no gadgets: the board is G itself beside I's chain of n vertices, \
         so there is nothing to draw as a box (the figure without --compact is already the \
         paper's)"
            .into(),
    );
    fig
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::Instance;
    use crate::reductions::Reduction;

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

    #[test]
    fn the_layout_holds_s_t_and_the_chain() {
        let Instance::Hampath(h) = path012(Some(1)) else {
            unreachable!()
        };
        let built = HamPathToPvg::FIXED.construct(&h).unwrap();
        let (g, lay) = (&built.game.graph, &built.layout);
        assert_eq!((lay.s, lay.t), (lay.graph[0], Some(lay.graph[1])));
        assert!(g.successors()[lay.graph[1]].is_empty());
        let chain: Vec<&str> = lay.chain.iter().map(|&c| g.id(c)).collect();
        assert_eq!(chain, ["ch0", "ch1", "ch2"]);
        assert_eq!(built.game.starts(), [lay.chain[0], lay.s]);
        // As printed, t is not honoured.
        let printed = HamPathToPvg::AS_PRINTED.construct(&h).unwrap();
        assert_eq!(printed.layout.t, None);
    }
}
