//! Vertex cover ≤ PVG on acyclic digraphs: four "cigars", a chain with a fork, and a tail.
//!
//! Source: A.S. Fraenkel, S. Simonson, "Geography", Theoretical Computer Science 110 (1993)
//! 197–214, Theorem 2.4 and Fig. 4 (../shared/papers/002_6f77a2c70ea13afa.txt). Fig. 4 is
//! lost; the arc lists are those of `../shared/spec/fraenkel-simonson.md` §4, reconstructed
//! from the prose and brute-force verified. For H = ({0..n−1}, E), e = |E| and 1 ≤ k ≤ n:
//! - **I's chain** `a1 → … → a_{k+3}` (I starts on a1); the **fork** `a_{k+2}` leads to the
//!   head of cigar 1, and `a_{k+3}` to every vertex of cigar 2;
//! - **cigar 1**: a chain `K1_0 → … → K1_{n−k+5}` whose every vertex leads to **block**;
//! - **cigar 2**: one vertex `K2_uv` per edge, with arcs to `K3_u` and `K3_v`;
//! - **cigar 3**: `K3_0 … K3_{n−1}` with `K3_i → K3_j` for i < j; II starts on `s2 → K3_i`;
//!   each `K3_i` leads to `K4_i` (a matching) and to **u1**; `u1 → block`;
//! - **cigar 4**: `K4_0 … K4_{n−1}`, entered from block, each leading to c1 and c2;
//! - the **tail**: a short chain of n−k+1 vertices headed by c1, a long chain of n−k+2
//!   vertices headed by c2, and `c1 → u2 → c2`.
//!
//! II walks k vertices of cigar 3 (his cover) and leaves to u1; I must go down to an edge of
//! cigar 2, which is blocked iff the cover touches it. **II wins ⇔ H has a vertex cover of
//! size ≤ k.** Size: `5n − 2k + e + 16` vertices, `n(n−1)/2 + 10n − 3k + 3e + 18` arcs;
//! acyclic. For k = 0 the construction is wrong (II cannot choose zero vertices; the spec's
//! counterexample is n = 1, no edge); `vc-pvg-as-printed` compiles k = 0 as the paper's
//! "positive integer k" never excludes.
//!
//! **Outside 1 ≤ k ≤ n** (k = 0 for `vc-pvg`, k > n for both) the answer is known without a
//! board: k > n is always yes (all n vertices form a cover), k = 0 is yes iff H has no edge.
//! Such a source compiles to a **fixed board** ([`FixedBoard`]), a PVG like any other output
//! (directed, vertex rule, I on `a1`, II on `s2`, normal play, acyclic), so that `verify`,
//! `check` and the certificate maps treat it as every other step:
//! - yes: the two isolated vertices `a1` and `s2` (2 vertices, 0 arcs). I moves first and
//!   cannot move, so **II wins**;
//! - no: `a1 → a2` and an isolated `s2` (3 vertices, 1 arc). I moves to `a2`, then II cannot
//!   move, so **I wins**.
//!
//! Either way II wins ⇔ the source is yes, as on Theorem 2.4's board. The certificate maps
//! follow: a cover maps to II's (empty) strategy on the yes board, and II's strategy on it
//! maps back to a cover read off the source alone (all n vertices when k > n, the empty set
//! when k = 0 and H has no edge).

use super::certmaps::util::{NO_CERT, indices, second_oracle, walk_of_second};
use super::certmaps::util::{build_game_cert, step_to};
use super::certmaps::{CertMapError, CertMaps, MapStatus};
use super::helpers::{normal_game, partizan};
use super::theorem::{Construction, Size, Theorem, size_formula};
use super::{Claim, ProblemKind, ReductionError, ReductionInfo};
use crate::certify::{Certificate, CertificateBody, CoverCert, Replay, check_cover};
use crate::problems::Player;
use crate::problems::{Geography, Graph, Locator, Rule, VertexCover, VertexId};

/// Fraenkel–Simonson Theorem 2.4: `vc-pvg` (1 ≤ k ≤ n) or `vc-pvg-as-printed` (k = 0 too).
#[derive(Clone, Copy, Debug)]
pub struct VcToPvg {
    as_printed: bool,
}

impl VcToPvg {
    /// The reduction within its precondition (`vc-pvg`).
    pub const FIXED: VcToPvg = VcToPvg { as_printed: false };
    /// The paper's literal reading (`vc-pvg-as-printed`): k = 0 is compiled too.
    pub const AS_PRINTED: VcToPvg = VcToPvg { as_printed: true };
}

size_formula! {
    /// The size of Theorem 2.4's board (outside 1 ≤ k ≤ n: the fixed board's, 2 + 0 or 3 + 1).
    SIZE: VertexCover = |vc| with edges = match accept(vc, false) {
        Ok(Range::Board(edges)) => edges,
        Ok(Range::Fixed { yes, .. }) => return FixedBoard::size(yes),
        Err(_) => return (0, 0),
    }; {
        n = vc.graph.n(), "vertices of H";
        k = vc.k, "the cover size asked for";
        e = edges.len(), "edges of H, repeats merged";
    } => vertices 5 * n + e + 16 - 2 * k,
         edges n * (n.saturating_sub(1)) / 2 + 10 * n + 3 * e + 18 - 3 * k
}

size_formula! {
    /// The size as printed (k = 0 compiled too; k > n: the fixed board's).
    SIZE_AS_PRINTED: VertexCover = |vc| with edges = match accept(vc, true) {
        Ok(Range::Board(edges)) => edges,
        Ok(Range::Fixed { yes, .. }) => return FixedBoard::size(yes),
        Err(_) => return (0, 0),
    }; {
        n = vc.graph.n(), "vertices of H";
        k = vc.k, "the cover size asked for";
        e = edges.len(), "edges of H, repeats merged";
    } => vertices 5 * n + e + 16 - 2 * k,
         edges n * (n.saturating_sub(1)) / 2 + 10 * n + 3 * e + 18 - 3 * k
}

static FIXED_INFO: ReductionInfo = ReductionInfo {
    id: "vc-pvg",
    example: Some("examples/vertex-cover.geo"),
    source: ProblemKind::VertexCover,
    target: ProblemKind::Pvg,
    paper: "Fraenkel & Simonson, \"Geography\", TCS 110 (1993) 197–214 \
            (../shared/papers/002_6f77a2c70ea13afa.txt)",
    theorem: "Thm 2.4 (Fig. 4)",
    gadgets: &[
        "I's chain a1 … a_{k+3} with the fork a_{k+2}",
        "cigar 1: chain of n−k+6 vertices, all → block",
        "cigar 2: one vertex per edge",
        "cigar 3: transitive tournament on n vertices, entered from s2",
        "cigar 4: n vertices, matched to cigar 3",
        "u1, block, u2",
        "tail: chains of n−k+1 (head c1) and n−k+2 (head c2) vertices",
    ],
    vertices_formula: SIZE.vertices,
    edges_formula: SIZE.edges,
    preconditions: &[
        "1 ≤ k ≤ n (k = 0 and k > n, whose answers are known, compile to a fixed board: \
         a1, s2 (yes) or a1 → a2, s2 (no))",
        "no loop; repeated edges are merged",
    ],
    claims: &[
        "II wins ⇔ H has a vertex cover of size ≤ k",
        "I starts on a1, II on s2",
    ],
    errata: &[
        "Fig. 4 is lost: reconstructed from the prose (spec §4); cigar 1 is a chain and \
         cigar 3 → cigar 4 is a perfect matching (the complete bipartite reading fails)",
        "k = 0 fails (n = 1, no edge: I wins, yet the empty set is a cover); the paper's \
         'positive integer k' must be enforced",
    ],
    provenance: "reconstructed from the prose (Fig. 4 lost), brute-force verified (spec §4)",
    structure: &[Claim::Acyclic],
    size_legend: SIZE.legend,
    yes_winner: Player::Second,
};

static AS_PRINTED_INFO: ReductionInfo = ReductionInfo {
    id: "vc-pvg-as-printed",
    example: None,
    preconditions: &[
        "0 ≤ k ≤ n (k > n compiles to the fixed yes board a1, s2)",
        "no loop; repeated edges are merged",
    ],
    claims: &[
        "(wrong for k = 0) II wins ⇔ H has a vertex cover of size ≤ k",
        "I starts on a1, II on s2",
    ],
    errata: &["known wrong: k = 0 is compiled; n = 1, no edge, k = 0 gives an I-win"],
    provenance: "as printed in the paper",
    ..FIXED_INFO
};

/// The edges of H as sorted pairs, repeats merged, in first-occurrence order.
fn edge_list(vc: &VertexCover) -> Result<Vec<(VertexId, VertexId)>, ReductionError> {
    let mut out: Vec<(VertexId, VertexId)> = Vec::new();
    // Seen pairs in a set: a dense source has hundreds of thousands of edges.
    let mut seen: rustc_hash::FxHashSet<(VertexId, VertexId)> = Default::default();
    for (i, &(u, v)) in vc.graph.edges.iter().enumerate() {
        if u == v {
            return Err(ReductionError::Precondition {
                theorem: "Thm 2.4",
                message: "a graph without loops".into(),
                at: Locator::Edge(i),
                help: Some("a loop at v forces v into every cover: delete v, lower k by 1".into()),
            });
        }
        let pair = (u.min(v), u.max(v));
        if seen.insert(pair) {
            out.push(pair);
        }
    }
    Ok(out)
}

/// What a source compiles to: Theorem 2.4's board, or the fixed board of a source outside
/// 1 ≤ k ≤ n (see the module comment).
#[derive(Clone, Debug)]
pub enum Layout {
    /// Theorem 2.4's board (1 ≤ k ≤ n; `vc-pvg-as-printed` also k = 0).
    Board(Board),
    /// The fixed board of a source whose answer is known.
    Fixed(FixedBoard),
}

/// The fixed board of a source outside 1 ≤ k ≤ n: II wins on it iff the source is yes.
#[derive(Clone, Debug)]
pub struct FixedBoard {
    /// The source answer, which the board's winner encodes (yes: II wins).
    pub yes: bool,
    /// Where I starts: isolated (yes), or with the one arc `a1 → a2` (no).
    pub a1: VertexId,
    /// Where II starts, isolated.
    pub s2: VertexId,
}

impl FixedBoard {
    /// `(vertices, arcs)` of the fixed board for a source answer.
    fn size(yes: bool) -> (usize, usize) {
        if yes { (2, 0) } else { (3, 1) }
    }

    /// Builds the board: `a1`, (`a2`,) `s2`, and `a1 → a2` when the answer is no.
    fn build(yes: bool) -> (Graph, FixedBoard) {
        let mut g = Graph::new(true);
        let a1 = g.add_vertex("a1");
        if !yes {
            let a2 = g.add_vertex("a2");
            g.add_edge(a1, a2);
        }
        let s2 = g.add_vertex("s2");
        (g, FixedBoard { yes, a1, s2 })
    }
}

/// Every vertex of Theorem 2.4's board, by role.
#[derive(Clone, Debug)]
pub struct Board {
    /// The edges of H, sorted pairs with repeats merged; `cigar2[i]` stands for `edges[i]`.
    pub edges: Vec<(VertexId, VertexId)>,
    /// I's chain `a1 … a_{k+3}`.
    pub chain: Vec<VertexId>,
    /// Cigar 1, the chain `K1_*` that leads to block.
    pub cigar1: Vec<VertexId>,
    /// Cigar 2, one vertex per edge.
    pub cigar2: Vec<VertexId>,
    /// Cigar 3, one vertex per vertex of H (II's cover walk).
    pub cigar3: Vec<VertexId>,
    /// Cigar 4, matched to cigar 3.
    pub cigar4: Vec<VertexId>,
    /// `block`.
    pub block: VertexId,
    /// `s2`, where II starts.
    pub s2: VertexId,
    /// `u1`, II's way out of cigar 3.
    pub u1: VertexId,
    /// `u2`, between the tail chains.
    pub u2: VertexId,
    /// The short tail chain (head c1).
    pub short: Vec<VertexId>,
    /// The long tail chain (head c2).
    pub long: Vec<VertexId>,
}

/// Adds `len` vertices `{prefix}{i}` and returns them.
fn run(g: &mut Graph, prefix: &str, len: usize) -> Vec<VertexId> {
    (0..len)
        .map(|i| g.add_vertex(format!("{prefix}{i}")))
        .collect()
}

impl Board {
    fn new(g: &mut Graph, h: &Graph, edges: Vec<(VertexId, VertexId)>, k: usize) -> Board {
        let n = h.n();
        let chain = (1..=k + 3).map(|i| g.add_vertex(format!("a{i}"))).collect();
        let cigar1 = run(g, "K1_", n - k + 6);
        let block = g.add_labeled("block", "block");
        let cigar2 = edges
            .iter()
            .map(|&(u, v)| {
                g.add_labeled(
                    format!("K2_{u}_{v}"),
                    format!("{}-{}", h.display(u), h.display(v)),
                )
            })
            .collect();
        let s2 = g.add_vertex("s2");
        let cigar3 = (0..n)
            .map(|i| g.add_labeled(format!("K3_{i}"), h.display(i)))
            .collect();
        let cigar4 = (0..n)
            .map(|i| g.add_labeled(format!("K4_{i}"), h.display(i)))
            .collect();
        let u1 = g.add_vertex("u1");
        let short = run(g, "c1_", n - k + 1);
        let u2 = g.add_vertex("u2");
        let long = run(g, "c2_", n - k + 2);
        let lay = Board {
            edges,
            chain,
            cigar1,
            cigar2,
            cigar3,
            cigar4,
            block,
            s2,
            u1,
            u2,
            short,
            long,
        };
        lay.label_and_group(g);
        lay
    }

    fn label_and_group(&self, g: &mut Graph) {
        g.vertices[self.fork()].label = Some("fork".into());
        g.vertices[self.c1()].label = Some("c1".into());
        g.vertices[self.c2()].label = Some("c2".into());
        g.add_group("chain", "I", self.chain.clone());
        for (i, cigar) in [&self.cigar1, &self.cigar2, &self.cigar3, &self.cigar4]
            .into_iter()
            .enumerate()
        {
            g.add_group("cigar", format!("{}", i + 1), cigar.clone());
        }
        let mut tail = self.short.clone();
        tail.push(self.u2);
        tail.extend(&self.long);
        g.add_group("tail", "tail", tail);
    }

    /// The fork, the (k+2)-th vertex of I's chain.
    pub fn fork(&self) -> VertexId {
        self.chain[self.chain.len() - 2]
    }

    /// The (k+3)-th vertex of I's chain, which leads to cigar 2.
    fn chain_end(&self) -> VertexId {
        self.chain[self.chain.len() - 1]
    }

    /// Heads of the short and the long tail chain.
    pub fn c1(&self) -> VertexId {
        self.short[0]
    }

    fn c2(&self) -> VertexId {
        self.long[0]
    }
}

/// Arcs `path[i] → path[i+1]`.
fn add_path(g: &mut Graph, path: &[VertexId]) {
    for w in path.windows(2) {
        g.add_edge(w[0], w[1]);
    }
}

/// All arcs of the construction, gadget by gadget.
fn add_arcs(g: &mut Graph, lay: &Board) {
    let edges = &lay.edges;
    add_path(g, &lay.chain);
    g.add_edge(lay.fork(), lay.cigar1[0]);
    add_path(g, &lay.cigar1);
    for &x in &lay.cigar1 {
        g.add_edge(x, lay.block);
    }
    for (&k2, &(u, v)) in lay.cigar2.iter().zip(edges) {
        g.add_edge(lay.chain_end(), k2);
        g.add_edge(k2, lay.cigar3[u]);
        g.add_edge(k2, lay.cigar3[v]);
    }
    for (i, &k3) in lay.cigar3.iter().enumerate() {
        g.add_edge(lay.s2, k3);
        for &later in &lay.cigar3[i + 1..] {
            g.add_edge(k3, later);
        }
        g.add_edge(k3, lay.cigar4[i]);
        g.add_edge(k3, lay.u1);
        g.add_edge(lay.block, lay.cigar4[i]);
        g.add_edge(lay.cigar4[i], lay.c1());
        g.add_edge(lay.cigar4[i], lay.c2());
    }
    g.add_edge(lay.u1, lay.block);
    add_path(g, &lay.short);
    add_path(g, &lay.long);
    g.add_edge(lay.c1(), lay.u2);
    g.add_edge(lay.u2, lay.c2());
}

impl VcToPvg {
    fn info_static(&self) -> &'static ReductionInfo {
        if self.as_printed {
            &AS_PRINTED_INFO
        } else {
            &FIXED_INFO
        }
    }
}

/// Where a source falls.
enum Range {
    /// Inside Theorem 2.4's range: the edges of H, sorted pairs with repeats merged.
    Board(Vec<(VertexId, VertexId)>),
    /// Outside it, with the known answer and why it is known.
    Fixed { yes: bool, reason: String },
}

/// Whether a source is inside 1 ≤ k ≤ n (0 ≤ k ≤ n `as_printed`), with its merged edge list,
/// or outside it with its answer; a loop is refused.
fn accept(vc: &VertexCover, as_printed: bool) -> Result<Range, ReductionError> {
    let edges = edge_list(vc)?;
    let n = vc.graph.n();
    if vc.k > n {
        let reason = format!(
            "k = {} > n = {n}: all n vertices form a cover, the answer is yes (Thm 2.4 needs \
             k ≤ n)",
            vc.k
        );
        return Ok(Range::Fixed { yes: true, reason });
    }
    if vc.k == 0 && !as_printed {
        let yes = edges.is_empty();
        let reason = format!(
            "k = 0: the empty set covers H iff H has no edge (e = {}), the answer is {}; \
             Thm 2.4 needs k ≥ 1, its construction is wrong for k = 0",
            edges.len(),
            if yes { "yes" } else { "no" }
        );
        return Ok(Range::Fixed { yes, reason });
    }
    Ok(Range::Board(edges))
}

impl Theorem for VcToPvg {
    type Source = VertexCover;
    type Layout = Layout;

    fn entry(&self) -> &ReductionInfo {
        self.info_static()
    }

    fn construct(&self, vc: &VertexCover) -> Result<Construction<Layout>, ReductionError> {
        let edges = match accept(vc, self.as_printed)? {
            Range::Board(edges) => edges,
            Range::Fixed { yes, reason } => {
                let (g, board) = FixedBoard::build(yes);
                let winner = if yes { "II" } else { "I" };
                return Ok(Construction {
                    game: normal_game(g, Rule::Vertex, partizan(board.a1, board.s2)),
                    layout: Layout::Fixed(board),
                    notes: vec![format!(
                        "outside Thm 2.4's range ({reason}): the fixed board on which {winner} \
                         wins"
                    )],
                });
            }
        };
        let mut notes = Vec::new();
        if edges.len() < vc.graph.m() {
            notes.push(format!(
                "{} repeated edge(s) merged",
                vc.graph.m() - edges.len()
            ));
        }
        let mut g = Graph::new(true);
        let lay = Board::new(&mut g, &vc.graph, edges, vc.k);
        add_arcs(&mut g, &lay);
        Ok(Construction {
            game: normal_game(g, Rule::Vertex, partizan(lay.chain[0], lay.s2)),
            layout: Layout::Board(lay),
            notes,
        })
    }

    fn size(&self) -> &Size<VertexCover> {
        if self.as_printed {
            &SIZE_AS_PRINTED
        } else {
            &SIZE
        }
    }

    fn paper_labels(
        &self,
        vc: &VertexCover,
        built: &Construction<Layout>,
    ) -> Vec<(VertexId, String)> {
        match &built.layout {
            Layout::Board(lay) => board_labels(&vc.graph, lay),
            Layout::Fixed(_) => Vec::new(),
        }
    }

    /// I starts on `a1` and II on `s2` (the fixed board is left to the fallback layout).
    fn figure(
        &self,
        vc: &VertexCover,
        built: &Construction<Layout>,
    ) -> Option<crate::render::Figure> {
        match &built.layout {
            Layout::Board(lay) => Some(figure(vc, &built.game, lay)),
            Layout::Fixed(_) => None,
        }
    }

    fn check_layout(&self, _: &VertexCover, built: &Construction<Layout>) -> Result<(), String> {
        let (a1, s2) = match &built.layout {
            Layout::Board(lay) => (lay.chain[0], lay.s2),
            Layout::Fixed(board) => (board.a1, board.s2),
        };
        match built.game.starts() == [a1, s2] {
            true => Ok(()),
            false => Err("the tokens do not start on a1 and s2".into()),
        }
    }

    fn maps(&self) -> CertMaps {
        match self.as_printed {
            false => CertMaps {
                forward_yes: MapStatus::Constructive(
                    "vertex cover → player II's strategy: the cover (padded to k) through cigar \
                     3, u1, block, the cigar-4 vertex of the edge's uncovered end, then c1, u2, \
                     c2 and the long chain (Thm 2.4's proof)",
                ),
                forward_no: MapStatus::NotConstructive(NO_CERT),
                backward_yes: MapStatus::Constructive(
                    "player II's strategy → vertex cover: play it against I's forced walk to the \
                     fork and read the cigar-3 vertices II has taken",
                ),
                backward_no: MapStatus::NotConstructive(NO_CERT),
            },
            true => CertMaps::none(
                "as printed in the paper k = 0 is compiled too, where the construction is wrong",
            ),
        }
    }

    fn carry_forward(
        &self,
        vc: &VertexCover,
        built: &Construction<Layout>,
        cert: &Certificate,
    ) -> Result<Certificate, CertMapError> {
        let maps = self.maps();
        let CertificateBody::VertexCover(CoverCert { cover }) = &cert.body else {
            let yes = super::certmaps::claims_yes(cert);
            return Err(super::certmaps::refuse(&maps, true, yes));
        };
        if !maps.forward_yes.is_constructive() {
            return Err(super::certmaps::refuse(&maps, true, true));
        }
        cover_forward(vc, built, cover)
    }

    fn carry_back(
        &self,
        vc: &VertexCover,
        built: &Construction<Layout>,
        cert: &Certificate,
    ) -> Result<Certificate, CertMapError> {
        let maps = self.maps();
        if !maps.backward_yes.is_constructive() {
            return Err(super::certmaps::refuse(&maps, false, true));
        }
        cover_backward(&maps, vc, built, cert)
    }
}

// Certificate maps (only YES answers of NP problems have certificates, so only player II's
// side maps). The proof's strategy for II: II walks his cover (padded to exactly k vertices)
// through cigar 3 in increasing order and leaves to `u1` when I reaches the fork; then
// `block`; then the cigar-4 vertex of the endpoint of I's cigar-2 edge that is not in the
// cover (so I's only way on is blocked); then `c1`, `u2`, `c2` and the long chain, which
// outlasts I whatever he does. Backward: play II's strategy against I's forced walk to the
// fork; the cigar-3 vertices II has taken by then are the cover. The forward map checks the
// cover first: the strategy would otherwise repair some invalid ones (it pads to k).

/// Vertex cover → player II's strategy (Thm 2.4's proof).
fn cover_forward(
    vc: &VertexCover,
    built: &Construction<Layout>,
    cover: &[String],
) -> Result<Certificate, CertMapError> {
    check_cover(
        vc,
        &CoverCert {
            cover: cover.to_vec(),
        },
    )?;
    let g = &built.game;
    let b = match &built.layout {
        Layout::Board(b) => b,
        // The cover is valid, so the source is yes: on the yes board I cannot move and II
        // is never asked.
        Layout::Fixed(board) if board.yes => {
            return build_game_cert(g, Player::Second, |_| {
                Err(CertMapError::Invalid(
                    "player II never moves on the fixed board".into(),
                ))
            });
        }
        Layout::Fixed(_) => {
            return Err(CertMapError::Invalid(
                "a cover of a no source (k = 0, H has an edge)".into(),
            ));
        }
    };
    let (n, k) = (vc.graph.n(), vc.k);
    let mut chosen = vec![false; n];
    for v in indices(&vc.graph, cover)? {
        chosen[v] = true;
    }
    // Pad the cover to exactly k vertices (k ≤ n); a smaller cover stays a cover.
    for v in 0..n {
        if chosen.iter().filter(|&&c| c).count() < k {
            chosen[v] = true;
        }
    }
    let walk: Vec<VertexId> = (0..n).filter(|&v| chosen[v]).collect();
    build_game_cert(g, Player::Second, |at| {
        let here = at.token(1).unwrap_or(usize::MAX);
        let to = cover_move(b, &walk, at, here)?;
        step_to(at, 1, to)
    })
}

/// II's move at `here` in Theorem 2.4's game.
fn cover_move(
    b: &Board,
    walk: &[VertexId],
    at: &Replay,
    here: VertexId,
) -> Result<VertexId, CertMapError> {
    if here == b.s2 {
        return Ok(b.cigar3[walk[0]]);
    }
    if let Some(i) = walk.iter().position(|&v| b.cigar3[v] == here) {
        return Ok(walk.get(i + 1).map_or(b.u1, |&v| b.cigar3[v]));
    }
    if here == b.block {
        // The cigar-4 vertex of the end of I's edge that II did not take in cigar 3.
        let mine = at.token(0);
        let w = b
            .cigar2
            .iter()
            .zip(&b.edges)
            .find(|(x, _)| Some(**x) == mine)
            .map_or(0, |(_, &(u, v))| if walk.contains(&u) { v } else { u });
        return Ok(b.cigar4[w]);
    }
    if b.cigar4.contains(&here) {
        return Ok(b.c1());
    }
    if here == b.c1() {
        return Ok(b.u2);
    }
    Err(CertMapError::Invalid(
        "player II is asked off the proof's plan".into(),
    ))
}

/// Player II's strategy → vertex cover.
fn cover_backward(
    maps: &CertMaps,
    vc: &VertexCover,
    built: &Construction<Layout>,
    cert: &Certificate,
) -> Result<Certificate, CertMapError> {
    let g = &built.game;
    let oracle = second_oracle(maps, g, cert)?;
    let b = match &built.layout {
        Layout::Board(b) => b,
        // II wins the fixed board only when the source is yes: k > n, where all n vertices
        // form a cover, or k = 0 and H has no edge, where the empty set does.
        Layout::Fixed(_) => {
            let n = vc.graph.n();
            let cover = match vc.k >= n {
                true => (0..n).map(|v| vc.graph.id(v).to_string()).collect(),
                false => Vec::new(),
            };
            return Ok(Certificate::new(CertificateBody::VertexCover(CoverCert {
                cover,
            })));
        }
    };
    // Stop once I stands on the fork and II has answered.
    let walk = walk_of_second(g, &oracle, |at| {
        at.token(0) == Some(b.fork()) && at.mover() == Player::First
    })?;
    let cover = (0..vc.graph.n())
        .filter(|&v| walk.contains(&b.cigar3[v]))
        .map(|v| vc.graph.id(v).to_string())
        .collect();
    Ok(Certificate::new(CertificateBody::VertexCover(CoverCert {
        cover,
    })))
}

/// Fraenkel–Simonson's Fig. 4 (reconstructed): I's chain `a_1 … a_{k+3}` along the top;
/// below it cigar 1 (under the fork) and cigar 2 (one vertex per edge of H, under the chain's
/// end); `block`, `u_1` and cigar 3 (one vertex per vertex of H, where II starts from `s_2`)
/// in the middle; cigar 4 under cigar 3; the tail (`c_1`'s short chain, `u_2`, `c_2`'s long
/// chain) at the bottom. Each cigar is an ellipse; collapsed (the default) every arc into a
/// cigar ends on its border as in the paper, `--expand-cigars` draws every vertex and arc.
/// Fig. 4's labels where the construction's differ (see [`Theorem::paper_labels`]): I's
/// chain `a_1 … a_{k+3}` (the fork is `a_{k+2}`), cigar 2's vertex of edge uv as `u–v`,
/// cigar 3's vertex of u as `u` and its partner in cigar 4 as `u′`.
fn board_labels(h: &Graph, lay: &Board) -> Vec<(VertexId, String)> {
    use crate::render::figure::{markup_of_display, subscript};
    let mut out = Vec::new();
    for (i, &a) in lay.chain.iter().enumerate() {
        out.push((a, subscript("a", &(i + 1).to_string())));
    }
    for (&v, &(a, b)) in lay.cigar2.iter().zip(&lay.edges) {
        out.push((v, format!("{}–{}", h.display(a), h.display(b))));
    }
    for (i, (&k3, &k4)) in lay.cigar3.iter().zip(&lay.cigar4).enumerate() {
        let name = markup_of_display(h.display(i));
        out.push((k3, name.clone()));
        out.push((k4, format!("{name}′")));
    }
    out
}

fn figure(vc: &VertexCover, game: &Geography, lay: &Board) -> crate::render::Figure {
    use crate::render::figure::{Figure, Outline};
    let h = &vc.graph;
    let mut fig = Figure::of_game(
        game,
        "Partizan geography on an acyclic digraph: four cigars, I's chain, a tail \
         (Fraenkel–Simonson, Thm 2.4, Fig. 4)",
    );
    let row = |fig: &mut Figure, vs: &[VertexId], x0: f64, step: f64, y: f64| {
        for (i, &v) in vs.iter().enumerate() {
            fig.place(v, x0 + step * i as f64, y);
        }
    };
    row(&mut fig, &lay.chain, 0.0, 1.1, 0.0);
    for (v, label) in board_labels(h, lay) {
        fig.label(v, label);
    }
    let fork_x = 1.1 * (lay.chain.len() - 2) as f64;
    let end_x = fork_x + 1.1;
    // Cigar 1 ends under the fork; cigar 2 starts under the chain's end.
    let c1_len = lay.cigar1.len() as f64;
    row(
        &mut fig,
        &lay.cigar1,
        fork_x - 0.7 * (c1_len - 1.0) - 0.3,
        0.7,
        -2.0,
    );
    row(&mut fig, &lay.cigar2, end_x + 0.5, 0.95, -2.0);
    for &v in &lay.cigar1 {
        fig.point(v);
    }

    let x3 = end_x + 0.5;
    row(&mut fig, &lay.cigar3, x3, 1.0, -4.4);
    row(&mut fig, &lay.cigar4, x3, 1.0, -6.4);

    let right = x3 + 1.0 * lay.cigar3.len() as f64;
    fig.place(lay.s2, right + 0.4, -3.3);
    fig.label(lay.s2, "s_2");
    fig.place(lay.u1, x3 - 1.6, -4.4);
    fig.label(lay.u1, "u_1");
    fig.place(lay.block, fork_x - 2.2, -4.4);
    fig.label(lay.block, "block");
    // The tail: c_1's short chain to the left, c_2's long chain to the right, u_2 between.
    let mid = x3 + 0.5 * (lay.cigar4.len() as f64 - 1.0);
    let (c1x, c2x) = (mid - 1.6, mid + 1.6);
    for (i, &v) in lay.short.iter().enumerate() {
        fig.place(v, c1x - 0.9 * i as f64, -8.4);
        fig.point(v);
    }
    for (i, &v) in lay.long.iter().enumerate() {
        fig.place(v, c2x + 0.9 * i as f64, -8.4);
        fig.point(v);
    }
    fig.label(lay.c1(), "c_1");
    fig.label(lay.c2(), "c_2");
    fig.nodes[lay.c1()].style = crate::render::figure::NodeStyle::Vertex;
    fig.nodes[lay.c2()].style = crate::render::figure::NodeStyle::Vertex;
    fig.place(lay.u2, mid, -7.6);
    fig.label(lay.u2, "u_2");
    // Inside cigar 3 every K3_i → K3_j (i < j): arches above the row.
    for (i, &a) in lay.cigar3.iter().enumerate() {
        for (d, &b) in lay.cigar3[i + 1..].iter().enumerate().skip(1) {
            let lift = -4.4 + 0.25 + 0.12 * d as f64;
            let (xa, xb) = (x3 + i as f64, x3 + (i + d + 1) as f64);
            fig.route(a, b, vec![(xa + 0.15, lift), (xb - 0.15, lift)]);
        }
    }
    let cigars = [
        (&lay.cigar1, "cigar 1"),
        (&lay.cigar2, "cigar 2: edges of H"),
        (&lay.cigar3, "cigar 3: vertices of H"),
        (&lay.cigar4, "cigar 4"),
    ];
    for (i, (members, label)) in cigars.into_iter().enumerate() {
        fig.gadget(
            format!("cigar{}", i + 1),
            label,
            members.clone(),
            Outline::Ellipse,
        );
        if let Some(g) = fig.gadgets.last_mut() {
            g.collapse = true;
        }
    }
    fig.gadget("chain", "", lay.chain.clone(), Outline::Bare);
    let mut tail = lay.short.clone();
    tail.push(lay.u2);
    tail.extend(&lay.long);
    fig.gadget("tail", "", tail, Outline::Bare);
    fig.caption.push(format!(
        "H has n = {}, e = {}, k = {}: II wins ⇔ H has a vertex cover of size ≤ k",
        h.n(),
        lay.edges.len(),
        vc.k
    ));
    fig
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::Instance;
    use crate::reductions::Reduction;

    fn vc(n: usize, edges: &[(usize, usize)], k: usize) -> Instance {
        let mut g = Graph::new(false);
        for i in 0..n {
            g.add_vertex(format!("v{i}"));
        }
        for &(u, v) in edges {
            g.add_edge(u, v);
        }
        Instance::VertexCover(VertexCover { graph: g, k })
    }

    #[test]
    fn sizes_match_on_a_triangle() {
        let src = vc(3, &[(0, 1), (1, 2), (2, 0), (1, 0)], 2);
        let out = VcToPvg::FIXED.reduce(&src).unwrap();
        let Instance::Geography(g) = &out.target else {
            panic!("not a game")
        };
        // 15 − 4 + 3 + 16 vertices; 3 + 30 − 6 + 9 + 18 arcs.
        assert_eq!((g.graph.n(), g.graph.m()), (30, 54));
        assert_eq!(VcToPvg::FIXED.declared_size(&src), (30, 54));
        VcToPvg::FIXED.check_structure(&src, &out.target).unwrap();
        assert_eq!(out.notes.len(), 1);
    }

    /// k = 0 and k > n compile to the fixed board: a valid acyclic PVG of the declared size
    /// whose winner is the source's answer. Reductions import no solver (`.ci/run`), so both
    /// answers are derived here from first principles: outside the range a cover exists iff
    /// k > n or the graph has no edge; on the board II's token has no move, so player I (who
    /// moves first) wins iff its own token has an out-neighbour. The closed loop with both
    /// solvers runs in `tests/reductions/from_graphs.rs`.
    #[test]
    fn k_zero_and_k_above_n_compile_to_a_fixed_board_with_the_source_answer() {
        use crate::problems::Tokens;
        use crate::random::graphs::random_vertex_cover;
        use crate::reductions::ProblemKind;
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
        let r = VcToPvg::FIXED;
        let (mut yes, mut no) = (0, 0);
        for i in 0..60 {
            let n = rng.random_range(0..=5);
            let k = if i % 2 == 0 {
                0
            } else {
                n + rng.random_range(1..=3)
            };
            let density = rng.random_range(0.0..0.7);
            let src = Instance::VertexCover(random_vertex_cover(&mut rng, n, density, k));
            let Instance::VertexCover(cover) = &src else {
                unreachable!()
            };
            let out = r.reduce(&src).unwrap();
            let Instance::Geography(g) = &out.target else {
                panic!("not a game")
            };
            assert_eq!((g.graph.n(), g.graph.m()), r.declared_size(&src));
            assert_eq!(ProblemKind::of(&out.target), ProblemKind::Pvg);
            r.check_structure(&src, &out.target).unwrap();
            g.validate().unwrap();
            let source_yes = cover.k > cover.graph.n() || cover.graph.m() == 0;
            let Tokens::Partizan {
                starts: Some([first, second]),
            } = g.tokens
            else {
                panic!("the fixed board places both tokens: {:?}", g.tokens)
            };
            let out_degree = g.graph.out_degrees();
            assert_eq!(out_degree[second], 0, "II's token must have no move");
            let winner = match out_degree[first] {
                0 => Player::Second,
                _ => Player::First,
            };
            assert_eq!(winner == Player::Second, source_yes, "{src:?}");
            if source_yes { yes += 1 } else { no += 1 }
        }
        assert!(yes >= 10 && no >= 10, "yes {yes}, no {no}");
        // As printed, k = 0 is compiled on Theorem 2.4's board.
        let built = VcToPvg::AS_PRINTED.construct(&VertexCover {
            graph: Graph::new(false),
            k: 0,
        });
        assert!(matches!(built.unwrap().layout, Layout::Board(_)));
    }
}
