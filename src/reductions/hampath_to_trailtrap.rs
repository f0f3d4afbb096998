//! Fixed long trail on a cubic graph ≤ Trail Trap: a pendant `w` at the fixed vertex `v`
//! and a long path whose centre is joined to `w`, so that player II can only tie player I's
//! half-path by a trail of length `n + 1` from `v`.
//!
//! Source: J. Buchanan, M. Carr, A. Clifton, S. Hartke, V. Iršič, N. Sieger, R. Whitman,
//! "Trail Trap: a variant of Partizan Edge Geography", arXiv:2405.05195, Theorem 18, with
//! Lemma 16 and Corollary 17 (../shared/papers/004_085ee812aeb3cc3c.txt).
//!
//! Input: a connected cubic graph `G` on `n` vertices (a `hampath` instance) and its start
//! vertex `v`. `H` is `G` plus a pendant `w` at `v` (that is `G'`), plus the path
//! `p_0 – … – p_{2n+2}` (`2n + 2` edges) whose centre `c = p_{n+1}` is joined to `w`. The
//! symbols of the paper are lost in our copy: the half-length `n + 1`, the centre and the
//! edge `c–w` were **reconstructed** and pinned by brute force (half-lengths `n` and `n + 2`
//! both fail; spec `edge-misere-trailtrap.md` §3(a)).
//!
//! What it decides, exactly: player II wins on `H` ⇔ `G'` has a trail of length `n + 2`
//! ⇔ `G` has a trail of length `n + 1` from `v` (the Fixed long trail problem of Cor 17)
//! ⇔ `G` has a Hamiltonian path one of whose ends is joined to `v` by an edge off the path
//! (a trail of length `n + 1` in a cubic graph passes through every vertex exactly once).
//! This is **neither** "a Hamiltonian path from `v`" **nor** "a Hamiltonian path": both
//! differ on small cubic graphs (docs/reductions.md lists counterexamples). Cor 17 links
//! the fixed-vertex question to Hamiltonian path only through a Turing reduction (ask every
//! `v`), so the theorem names its question ([`SourceQuestion::LongTrailFromStart`]) and
//! `verify` answers the source with the max-trail solver.
//! Sizes: `3n + 4` vertices, `m + 2n + 4` edges (`7n/2 + 4` for cubic `G`).
//!
//! Certificate maps, after the case analysis of the theorem's proof. A Hamiltonian path from
//! v (the source certificate) does not settle the question decided. Forward: a Hamiltonian
//! path from v that extends by two more edges at its far end is a trail T of length n + 1
//! from v (Lemma 16's argument run backwards); then player II answers player I's first move
//! e, ending at y, as the proof does:
//! - y has degree ≤ 2 (Corollary 10): II takes the other edge at y (any edge if there is
//!   none), and I is stuck at once;
//! - y is the centre c: II moves `w → v` and walks T; I cannot leave the path side, whose
//!   half is n + 1 edges long, so the trails tie at n + 2 and ties go to II;
//! - otherwise e lies in G' = G + vw (case (i), Lemma 9): II moves `w → c` and walks half of
//!   the path (n + 1 more edges); every trail of G' has at most n + 2 edges.
//!
//! A path that does not extend is refused. Backward: player II's winning strategy shows a
//! trail of length n + 1 from v, whose interior is a Hamiltonian path that need not start at
//! v, so it does not give the source's certificate; and NO answers have no certificate.

use super::certmaps::util::{build_game_cert, dest, indices, origin, step_to};
use super::certmaps::{CertMapError, CertMaps, MapStatus, claims_yes, refuse};
use super::figure_helpers::{centroid, source_positions};
use super::helpers::{add_fresh, copy_vertices, total_degrees};
use super::theorem::{Construction, Size, Theorem, size_formula};
use super::{Claim, ProblemKind, ReductionError, ReductionInfo};
use crate::certify::{Certificate, CertificateBody, PathCert, Player, Replay, check_hampath};
use crate::problems::{
    Convention, Geography, Graph, HamPath, Locator, Move, Rule, SourceQuestion, Tokens, VertexId,
};
use crate::render::Figure;
use crate::render::figure::{markup_of_display, subscript};

/// The half-length of the attached path (edges from the centre to either end).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PathHalf {
    /// `n + 1`, the only one that works (the reduction).
    NPlusOne,
    /// Control: `n`, which must fail.
    N,
    /// Control: `n + 2`, which must fail.
    NPlusTwo,
}

/// Which graphs the reduction accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InputClass {
    /// Connected cubic graphs, as in Thm 18 (the registered reduction).
    Cubic,
    /// Connected graphs of maximum degree ≤ 3. Thm 18's proof only uses that every trail of
    /// such a graph has length ≤ n + 1, so the equivalence with "a trail of length n + 1
    /// from v" still holds (spec §3(a) verifies it); the link to Hamiltonian paths (Lemma 16)
    /// needs cubic graphs. Used by the tests, whose "no" answers need cubic graphs of 14 or
    /// more vertices otherwise.
    Subcubic,
}

/// The reduction "trail of length n + 1 from v" (given as a cubic `hampath` instance with a
/// start) → Trail Trap, with a choice of path half-length for the controls.
#[derive(Clone, Copy, Debug)]
pub struct HampathToTrailTrap {
    /// The path half-length; the registered reduction uses [`PathHalf::NPlusOne`].
    pub half: PathHalf,
    /// The accepted graphs; the registered reduction uses [`InputClass::Cubic`].
    pub input: InputClass,
}

impl HampathToTrailTrap {
    /// The reduction as in the paper.
    pub const PAPER: HampathToTrailTrap = HampathToTrailTrap {
        half: PathHalf::NPlusOne,
        input: InputClass::Cubic,
    };

    /// The same construction on connected graphs of maximum degree ≤ 3.
    pub const SUBCUBIC: HampathToTrailTrap = HampathToTrailTrap {
        half: PathHalf::NPlusOne,
        input: InputClass::Subcubic,
    };
}

size_formula! {
    /// The size of H: G, w, and the path of 2(n + 1) edges with the edges v–w and c–w.
    SIZE: HamPath = |h| {
        n = h.graph.n(), "vertices of G";
        m = h.graph.m(), "edges of G (3n/2 for cubic G)";
    } => vertices 3 * n + 4, edges m + 2 * n + 4
}

size_formula! {
    /// The size of the control with half-length n.
    SIZE_HALF_N: HamPath = |h| {
        n = h.graph.n(), "vertices of G";
        m = h.graph.m(), "edges of G";
    } => vertices 3 * n + 2, edges m + 2 * n + 2
}

size_formula! {
    /// The size of the control with half-length n + 2.
    SIZE_HALF_N_PLUS_2: HamPath = |h| {
        n = h.graph.n(), "vertices of G";
        m = h.graph.m(), "edges of G";
    } => vertices 3 * n + 6, edges m + 2 * n + 6
}

const INFO: ReductionInfo = ReductionInfo {
    id: "hampath-trailtrap",
    example: Some("examples/prism-hampath.geo"),
    source: ProblemKind::Hampath,
    target: ProblemKind::TrailTrap,
    paper: "Buchanan, Carr, Clifton, Hartke, Irsic, Sieger, Whitman, \"Trail Trap: a variant \
            of Partizan Edge Geography\", arXiv:2405.05195 (papers/004_085ee812aeb3cc3c.txt)",
    theorem: "Trail Trap Thm 18",
    gadgets: &[
        "pendant: w joined to the start vertex v (G' = G + vw)",
        "path: p0 .. p(2n+2), centre c = p(n+1) joined to w",
    ],
    vertices_formula: SIZE.vertices,
    edges_formula: SIZE.edges,
    preconditions: &[
        "an undirected, simple, connected, cubic graph G on n vertices",
        "a start vertex v (the fixed vertex of Cor 17) and no end vertex",
        "question decided: does G have a trail of length n + 1 starting at v (Fixed long trail)?",
    ],
    claims: &[
        "player II wins Trail Trap on H",
        "<=> G' = G + pendant w at v has a trail of length n + 2 (Thm 18)",
        "<=> G has a trail of length n + 1 starting at v (Thm 18: trails of G' avoiding w are <= n + 1)",
        "<=> G has a Hamiltonian path with an end joined to v by an edge off the path (Lemma 16's argument)",
        "H is connected with max degree 4 (at v), and bipartite when G is",
    ],
    errata: &[
        "the question is NOT 'a Hamiltonian path from v' nor 'a Hamiltonian path': both differ on \
         small cubic graphs (10, 14 and 16 vertices; docs/reductions.md); Cor 17 reaches \
         Hamiltonian path only by a Turing reduction (try every v), so verify answers the source \
         with the max-trail solver (Reduction::source_question)",
        "symbols lost in our copy: half-length n + 1, centre p(n+1) and edge c-w reconstructed \
         and pinned by brute force (half-lengths n and n + 2 fail; spec section 3(a))",
    ],
    provenance: "structure recovered from the text; path length and threshold reconstructed \
                 and verified by brute force",
    // Max degree 4 (at v only), connectivity and "bipartite when G is" are checked by
    // `check_layout`.
    structure: &[Claim::PlanarIfSource {
        max_degree: None,
        why: "Trail Trap Thm 18: H is connected, bipartite, planar with maximum degree 4",
    }],
    size_legend: SIZE.legend,
    yes_winner: Player::Second,
};

/// The same construction on connected graphs of maximum degree ≤ 3: registered so that random
/// testing sees both answers at small sizes (cubic "no" instances need 14 or more vertices).
const SUBCUBIC_INFO: ReductionInfo = ReductionInfo {
    id: "hampath-trailtrap-subcubic",
    example: None,
    preconditions: &[
        "an undirected, simple, connected graph G on n vertices of maximum degree <= 3",
        "a start vertex v (the fixed vertex of Cor 17) and no end vertex",
        "question decided: does G have a trail of length n + 1 starting at v (Fixed long trail)?",
    ],
    claims: &[
        "player II wins Trail Trap on H",
        "<=> G' = G + pendant w at v has a trail of length n + 2 (Thm 18)",
        "<=> G has a trail of length n + 1 starting at v (trails of G' avoiding w are <= n + 1)",
        "<=> G has a Hamiltonian path x1..xn with v-x1 off the path and another edge off the \
         path at xn (with degrees < 3 the second edge can be missing)",
        "H is connected with max degree 4 (at v), and bipartite when G is",
    ],
    provenance: "Thm 18's construction on subcubic graphs: its proof uses only that every trail \
                 has length <= n + 1 (spec section 3(a) verifies it on random subcubic graphs)",
    ..INFO
};

/// Theorem 18's board H by role: G, the pendant w at v (G' = G + vw), and the path P whose
/// centre c is joined to w.
#[derive(Clone, Debug)]
pub struct Layout {
    /// G's vertices in H: `graph[x]` is G's vertex x (same identifier and label).
    pub graph: Vec<VertexId>,
    /// v, the fixed vertex (where the trail of Cor 17 starts).
    pub v: VertexId,
    /// w, the pendant at v.
    pub w: VertexId,
    /// The path `p_0 – … – p_{2h}`, h the half-length (n + 1 in the theorem).
    pub path: Vec<VertexId>,
}

impl Layout {
    /// The half-length h of the path (edges from the centre to either end).
    pub fn half(&self) -> usize {
        self.path.len() / 2
    }

    /// The centre c = `p_h`, joined to w.
    pub fn c(&self) -> VertexId {
        self.path[self.half()]
    }
}

/// A precondition failure of Thm 18 at `at`.
fn precondition(message: String, at: Locator, help: Option<&str>) -> ReductionError {
    ReductionError::Precondition {
        theorem: INFO.theorem,
        message,
        at,
        help: help.map(str::to_string),
    }
}

/// Checks the input (undirected, start given, no end, simple, cubic or subcubic as `class`
/// says, connected) and returns the start vertex.
fn check_input(h: &HamPath, class: InputClass) -> Result<VertexId, ReductionError> {
    let g = &h.graph;
    if g.directed {
        return Err(precondition(
            "an undirected graph".into(),
            Locator::Whole,
            None,
        ));
    }
    let Some(v) = h.start.filter(|&v| v < g.n()) else {
        let help = Some("name the fixed vertex v with `start`");
        return Err(precondition(
            "a start vertex v".into(),
            Locator::Whole,
            help,
        ));
    };
    if h.end.is_some() {
        let help = Some("remove the end vertex: the theorem fixes one end only");
        return Err(precondition("no end vertex".into(), Locator::End, help));
    }
    if let Some(e) = g
        .edges
        .iter()
        .position(|&(a, b)| a == b)
        .or(g.first_duplicate_edge())
    {
        return Err(precondition(
            "a simple graph".into(),
            Locator::Edge(e),
            None,
        ));
    }
    let deg = total_degrees(g);
    let fits = |d: usize| d == 3 || (class == InputClass::Subcubic && d < 3);
    if let Some(x) = (0..g.n()).find(|&x| !fits(deg[x])) {
        let class = match class {
            InputClass::Cubic => "a cubic graph",
            InputClass::Subcubic => "a graph of maximum degree 3",
        };
        let msg = format!("{class}, but {} has degree {}", g.id(x), deg[x]);
        return Err(precondition(msg, Locator::Vertex(x), None));
    }
    if let Some(x) = first_unreachable(g, v) {
        let msg = format!(
            "a connected graph, but {} is not reachable from the start",
            g.id(x)
        );
        return Err(precondition(msg, Locator::Vertex(x), None));
    }
    Ok(v)
}

/// The first vertex that cannot be reached from `v`, if any.
fn first_unreachable(g: &Graph, v: VertexId) -> Option<VertexId> {
    let adj = g.successors();
    let mut seen = vec![false; g.n()];
    let mut stack = vec![v];
    seen[v] = true;
    while let Some(x) = stack.pop() {
        for &y in &adj[x] {
            if !std::mem::replace(&mut seen[y], true) {
                stack.push(y);
            }
        }
    }
    seen.iter().position(|&s| !s)
}

impl HampathToTrailTrap {
    /// The path half-length for a graph on `n` vertices.
    fn half_length(&self, n: usize) -> usize {
        match self.half {
            PathHalf::NPlusOne => n + 1,
            PathHalf::N => n,
            PathHalf::NPlusTwo => n + 2,
        }
    }

    /// Builds H from G and the fixed vertex `v`: G's vertices and edges, then w, then the
    /// path.
    fn build(&self, g: &Graph, v: VertexId) -> (Graph, Layout) {
        let mut h = copy_vertices(g, false);
        let graph: Vec<VertexId> = (0..g.n()).collect();
        h.edges = g.edges.clone();
        let w = add_fresh(&mut h, "w", None);
        h.add_edge(graph[v], w);
        h.add_group("pendant", g.id(v).to_string(), vec![w]);
        let half = self.half_length(g.n());
        let path: Vec<VertexId> = (0..=2 * half)
            .map(|i| add_fresh(&mut h, &format!("p{i}"), None))
            .collect();
        for e in path.windows(2) {
            h.add_edge(e[0], e[1]);
        }
        let layout = Layout {
            v: graph[v],
            graph,
            w,
            path,
        };
        h.add_edge(layout.c(), w);
        h.add_group("path", "P", layout.path.clone());
        h.add_group("centre", "c", vec![layout.c()]);
        (h, layout)
    }
}

impl Theorem for HampathToTrailTrap {
    type Source = HamPath;
    type Layout = Layout;

    fn paper_labels(&self, src: &HamPath, built: &Construction<Layout>) -> Vec<(VertexId, String)> {
        paper_labels(src, &built.layout)
    }

    fn figure(&self, src: &HamPath, built: &Construction<Layout>) -> Option<Figure> {
        Some(figure(src, built))
    }

    fn entry(&self) -> &ReductionInfo {
        match self.input {
            InputClass::Cubic => &INFO,
            InputClass::Subcubic => &SUBCUBIC_INFO,
        }
    }

    fn construct(&self, h: &HamPath) -> Result<Construction<Layout>, ReductionError> {
        let v = check_input(h, self.input)?;
        let (graph, layout) = self.build(&h.graph, v);
        let note = format!(
            "decides whether the graph has a trail of length {} from {} (player II wins iff yes)",
            h.graph.n() + 1,
            h.graph.id(v)
        );
        Ok(Construction {
            game: Geography {
                graph,
                rule: Rule::Edge,
                tokens: Tokens::Partizan { starts: None },
                convention: Convention::Normal,
            },
            layout,
            notes: vec![note],
        })
    }

    fn size(&self) -> &Size<HamPath> {
        match self.half {
            PathHalf::NPlusOne => &SIZE,
            PathHalf::N => &SIZE_HALF_N,
            PathHalf::NPlusTwo => &SIZE_HALF_N_PLUS_2,
        }
    }

    /// H keeps G's vertices and edges, is connected, has degree ≤ 3 except at v (4), and is
    /// bipartite when G is.
    fn check_layout(&self, h: &HamPath, built: &Construction<Layout>) -> Result<(), String> {
        let (tgt, lay) = (&built.game.graph, &built.layout);
        // G's edges come first, in G's order.
        let kept = tgt.m() >= h.graph.m()
            && (h.graph.edges.iter().zip(&tgt.edges))
                .all(|(&(a, b), &e)| e == (lay.graph[a], lay.graph[b]));
        if !kept || (0..h.graph.n()).any(|x| tgt.id(lay.graph[x]) != h.graph.id(x)) {
            return Err("H does not contain G".into());
        }
        let deg = total_degrees(tgt);
        let v = lay.v;
        if let Some(x) = (0..tgt.n()).find(|&x| deg[x] > 4 || (deg[x] == 4 && x != v)) {
            return Err(format!("vertex {} has degree {}", tgt.id(x), deg[x]));
        }
        if first_unreachable(tgt, v).is_some() {
            return Err("H is not connected".into());
        }
        if h.graph.is_bipartite() && !tgt.is_bipartite() {
            return Err("G is bipartite but H is not".into());
        }
        Ok(())
    }

    /// Thm 18 decides "a trail of length n + 1 from v" (module comment), not "a Hamiltonian
    /// path from v".
    fn question(&self) -> SourceQuestion {
        SourceQuestion::LongTrailFromStart
    }

    fn maps(&self) -> CertMaps {
        MAPS
    }

    fn carry_forward(
        &self,
        h: &HamPath,
        built: &Construction<Layout>,
        cert: &Certificate,
    ) -> Result<Certificate, CertMapError> {
        let CertificateBody::Hampath(path) = &cert.body else {
            return Err(refuse(&MAPS, true, claims_yes(cert)));
        };
        trail_forward(h, built, path)
    }
}

const NO_CERT: &str = "a NO answer of an NP problem has no certificate: player I's winning \
                       strategy proves that no long trail exists, but there is nothing to map it to";

/// The maps of Theorem 18 (both input classes; module comment).
const MAPS: CertMaps = CertMaps {
    forward_yes: MapStatus::Constructive(
        "Hamiltonian path from v that extends by two edges at its end (a trail of length n + 1 \
         from v) → player II's strategy: the other edge at a degree-2 end of I's first move, \
         w → v and the trail when I ends at the centre, else w → c and half of the path (Thm \
         18's cases); a path that does not extend is refused (the reduction decides the trail \
         question, not the Hamiltonian path)",
    ),
    forward_no: MapStatus::NotConstructive(NO_CERT),
    backward_yes: MapStatus::NotConstructive(
        "player II's strategy shows a trail of length n + 1 from v; its interior is a \
         Hamiltonian path, but not necessarily one from v, which the source instance asks for",
    ),
    backward_no: MapStatus::NotConstructive(NO_CERT),
};

/// Extends the Hamiltonian path `path` (from v) by two edges at its far end, if it can.
fn extend(g: &Graph, path: &[VertexId]) -> Option<Vec<VertexId>> {
    let adj = g.out_adjacency();
    let n = path.len();
    let on_path = |e: usize| {
        (1..n).any(|i| g.edges[e] == (path[i - 1], path[i]) || g.edges[e] == (path[i], path[i - 1]))
    };
    let last = *path.last()?;
    for &(a, e1) in &adj[last] {
        if on_path(e1) {
            continue;
        }
        if let Some(&(b, _)) = adj[a].iter().find(|&&(_, e2)| e2 != e1 && !on_path(e2)) {
            let mut t = path.to_vec();
            t.extend([a, b]);
            return Some(t);
        }
    }
    None
}

/// Source certificate (a Hamiltonian path from v) → player II's strategy.
fn trail_forward(
    h: &HamPath,
    built: &Construction<Layout>,
    cert: &PathCert,
) -> Result<Certificate, CertMapError> {
    check_hampath(h, cert)?;
    let trail = extend(&h.graph, &indices(&h.graph, &cert.path)?).ok_or_else(|| {
        CertMapError::NotConstructive(
            "this Hamiltonian path from v does not extend to a trail of length n + 1 from v, \
             the question the reduction decides"
                .into(),
        )
    })?;
    let (g, lay) = (&built.game, &built.layout);
    let trail: Vec<VertexId> = trail.into_iter().map(|x| lay.graph[x]).collect();
    let degree: Vec<usize> = g.graph.out_adjacency().iter().map(Vec::len).collect();
    build_game_cert(g, Player::Second, |at| {
        let line = at.line();
        match line.len() {
            1 => first_answer(lay, &degree, at, &line[0]),
            _ => later_move(lay, at, line, &trail),
        }
    })
}

/// II's first move after I's first move `m` (the cases of the module comment).
fn first_answer(
    lay: &Layout,
    degree: &[usize],
    at: &Replay,
    m: &Move,
) -> Result<Move, CertMapError> {
    let y = dest(m).unwrap_or(0);
    let legal = at.legal()?;
    if degree[y] <= 2 {
        let other = legal
            .iter()
            .find(|t| origin(t) == Some(y) || dest(t) == Some(y));
        return other.or(legal.first()).copied().ok_or_else(stuck);
    }
    match y == lay.c() {
        true => between(at, lay.w, lay.v),
        false => between(at, lay.w, lay.c()),
    }
}

/// II's later moves: along the trail (after `w → v`) or the half of the path from c to `p_0`.
fn later_move(
    lay: &Layout,
    at: &Replay,
    line: &[Move],
    trail: &[VertexId],
) -> Result<Move, CertMapError> {
    let done = line.len() / 2;
    let plan: Vec<VertexId> = match dest(&line[1]) {
        Some(x) if x == lay.v => std::iter::once(lay.w)
            .chain(trail.iter().copied())
            .collect(),
        _ => std::iter::once(lay.w)
            .chain(lay.path[..=lay.half()].iter().rev().copied())
            .collect(),
    };
    let next = plan.get(done + 1).ok_or_else(stuck)?;
    step_to(at, 1, *next)
}

/// The legal first move of player II along the edge from `a` to `b`.
fn between(at: &Replay, a: VertexId, b: VertexId) -> Result<Move, CertMapError> {
    at.legal()?
        .into_iter()
        .find(|m| origin(m) == Some(a) && dest(m) == Some(b))
        .ok_or_else(|| CertMapError::Invalid("player II's opening edge is taken".into()))
}

fn stuck() -> CertMapError {
    CertMapError::Invalid("player II has no move left on his plan".into())
}

/// Theorem 18's H: G as the source is drawn, turned so that v is at the bottom; the
/// pendant w under v; the path P in a row under w, its centre c joined to w, its ends
/// labelled, its other vertices dots.
fn figure(src: &HamPath, built: &Construction<Layout>) -> Figure {
    let lay = &built.layout;
    let mut fig = Figure::of_game(
        &built.game,
        "Trail Trap on H: G, the pendant w at v, and the path P whose centre c is joined to w \
         (Trail Trap, Thm 18)",
    );
    let pos = source_positions(&src.graph, 2.2);
    let centre = centroid(&pos);
    let v_src = lay.graph.iter().position(|&x| x == lay.v).unwrap_or(0);
    // Turn G about its centre so that v points straight down, towards w and P.
    let (dx, dy) = (pos[v_src].0 - centre.0, pos[v_src].1 - centre.1);
    let turn = -std::f64::consts::FRAC_PI_2 - dy.atan2(dx);
    let (sin, cos) = turn.sin_cos();
    // The source drawn beside it is turned as much, so that both drawings of G match.
    fig.source_turn = turn;
    for (x, &t) in lay.graph.iter().enumerate() {
        let (px, py) = (pos[x].0 - centre.0, pos[x].1 - centre.1);
        fig.place(t, px * cos - py * sin, px * sin + py * cos);
    }
    let (vx, vy) = fig.nodes[lay.v].pos.unwrap_or((0.0, 0.0));
    fig.place(lay.w, vx, vy - 1.4);
    let h = lay.half();
    let step = 0.9;
    for (i, &p) in lay.path.iter().enumerate() {
        fig.place(p, vx + step * (i as f64 - h as f64), vy - 2.8);
        if i != 0 && i + 1 != lay.path.len() && i != h {
            fig.point(p);
        }
    }
    for (v, label) in paper_labels(src, lay) {
        fig.label(v, label);
    }
    if fig.nodes[lay.c()].label == "c_p" {
        fig.caption
            .push("cₚ: the path's centre c (G has its own vertex c)".into());
    }
    fig
}

/// Thm 18's labels (see [`Theorem::paper_labels`]): the pendant `w`, the path's ends `p_0`
/// and `p_{2h}`, its centre `c` (`c_p` when G has a vertex c of its own, as the prism
/// does), and G's vertex v as `a = v`, its own name and the paper's.
fn paper_labels(src: &HamPath, lay: &Layout) -> Vec<(VertexId, String)> {
    let shown = |x: VertexId| markup_of_display(src.graph.display(x));
    let mut out = vec![(lay.w, "w".to_string())];
    let last = lay.path.len() - 1;
    for i in [0, last] {
        out.push((lay.path[i], subscript("p", &i.to_string())));
    }
    let taken = (0..src.graph.n()).any(|x| shown(x) == "c");
    out.push((lay.c(), if taken { "c_p" } else { "c" }.into()));
    if let Some(x) = lay.graph.iter().position(|&t| t == lay.v) {
        out.push((lay.v, format!("{} = v", shown(x))));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// K4 with the start `v` at vertex 2.
    fn k4() -> HamPath {
        let mut g = Graph::new(false);
        for i in 0..4 {
            g.add_vertex(format!("x{i}"));
        }
        for (a, b) in [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)] {
            g.add_edge(a, b);
        }
        HamPath {
            graph: g,
            start: Some(2),
            end: None,
        }
    }

    #[test]
    fn the_layout_names_w_the_path_and_its_centre() {
        let h = k4();
        let built = HampathToTrailTrap::PAPER.construct(&h).unwrap();
        let (g, lay) = (&built.game.graph, &built.layout);
        // Half-length n + 1 = 5: the path p0 … p10 with centre p5.
        assert_eq!((lay.half(), lay.path.len()), (5, 11));
        assert_eq!((g.id(lay.w), g.id(lay.c()), g.id(lay.v)), ("w", "p5", "x2"));
        assert!(g.edges.contains(&(lay.v, lay.w)) && g.edges.contains(&(lay.c(), lay.w)));
        assert_eq!((g.n(), g.m()), HampathToTrailTrap::PAPER.size().of(&h));
        HampathToTrailTrap::PAPER.check_layout(&h, &built).unwrap();
        // The controls change the half-length, and their sizes follow.
        for half in [PathHalf::N, PathHalf::NPlusTwo] {
            let r = HampathToTrailTrap {
                half,
                input: InputClass::Cubic,
            };
            let built = r.construct(&h).unwrap();
            let g = &built.game.graph;
            assert_eq!((g.n(), g.m()), r.size().of(&h));
        }
    }
}
