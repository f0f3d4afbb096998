//! PVG ≤ PAG: split every vertex into an arc, so that "vertex never visited" becomes "arc
//! never used".
//!
//! Source: A.S. Fraenkel, S. Simonson, "Geography", Theoretical Computer Science 110 (1993)
//! 197–214, Theorem 2.2 and Fig. 3 (../shared/papers/002_6f77a2c70ea13afa.txt); the prose is
//! complete (`../shared/spec/fraenkel-simonson.md` §2).
//!
//! Each vertex u becomes the arc `u_in → u_out`; an arc `u → w` becomes `u_out → w_in`; a
//! sink u also gets `u_out → u_extra`, so that a player is never stuck on the "true" half of
//! a move, only on the forced "dummy" half. The starts become `v1_in` and `v2_in`. A player
//! loses PVG on his k-th move iff he loses PAG on his (2k−1)-th, so **the winner is the
//! same**. Size: `2|V| + #sinks` vertices, `|V| + |A| + #sinks` arcs. The result is always
//! bipartite (in vs out) and degree-restricted whenever the source is. Works on any PVG, not
//! only on the output of Theorem 2.1; the source's gadget groups are kept, mapped to the
//! split vertices.
//!
//! Certificate maps. Every PVG move `u → w` is the PAG "true" move `u_out → w_in`, followed
//! on the mover's next turn by the forced "dummy" move `w_in → w_out`. Forward: the winner
//! plays his PVG strategy's true moves; the first time the opponent leaves the PVG
//! correspondence (a true move to a vertex already claimed, or a sink's `u_extra`) the
//! opponent is stuck on his next dummy move, and the winner only needs one more legal move,
//! which he always has at a `u_out` vertex (the proof's remark that nobody is stuck on a true
//! move). Backward: a PVG line is translated to the PAG line with the dummy moves
//! interleaved, and the PAG strategy's true move there is the PVG move.

use super::certmaps::util::{GameOracle, build_game_cert, dest, origin, step_to};
use super::certmaps::{CertMapError, CertMaps, MapStatus};
use super::figure_helpers::{
    centroid, outward, polyline_distance, polylines_cross, source_positions, tangles,
};
use super::helpers::{normal_game, partizan, wrong_kind};
use super::theorem::{Construction, Size, Theorem, size_formula};
use super::{Claim, ProblemKind, ReductionError, ReductionInfo};
use crate::certify::{Certificate, Replay};
use crate::problems::Player;
use crate::problems::{
    Convention, Geography, Graph, Instance, Locator, Move, Rule, Tokens, VertexId,
};
use crate::render::Figure;
use crate::render::figure::{NodeStyle, Outline, markup_of_display};

/// Fraenkel–Simonson Theorem 2.2 (`pvg-pag`).
#[derive(Clone, Copy, Debug, Default)]
pub struct PvgToPag;

size_formula! {
    /// The size of the split board.
    SIZE: Geography = |g| {
        V = g.graph.n(), "vertices of G";
        A = g.graph.m(), "arcs of G";
        S = g.graph.out_degrees().iter().filter(|&&d| d == 0).count(), "sinks of G";
    } => vertices 2 * V + S, edges V + A + S
}

static INFO: ReductionInfo = ReductionInfo {
    id: "pvg-pag",
    example: Some("examples/games/pvg.geo"),
    source: ProblemKind::Pvg,
    target: ProblemKind::Pag,
    paper: "Fraenkel & Simonson, \"Geography\", TCS 110 (1993) 197–214 \
            (../shared/papers/002_6f77a2c70ea13afa.txt)",
    theorem: "Thm 2.2 (Fig. 3)",
    gadgets: &["vertex split u_in → u_out", "u_out → u_extra on every sink"],
    vertices_formula: SIZE.vertices,
    edges_formula: SIZE.edges,
    preconditions: &["a PVG: directed, vertex rule, normal play, two distinct start vertices"],
    claims: &[
        "I wins PAG on G' ⇔ I wins PVG on G",
        "the starts are v1_in and v2_in; every u_in leads only to u_out",
    ],
    errata: &[],
    provenance: "recovered from the paper's text (the prose is complete), brute-force verified",
    structure: &[
        Claim::Bipartite,
        Claim::DegreeRestrictedIfSource,
        Claim::PlanarIfSource {
            max_degree: Some(3),
            why: "FS Thm 2.2 with 2.3: PAG is NP-hard for planar digraphs (vertex splitting; \
                  holds for maximum degree 3)",
        },
    ],
    size_legend: SIZE.legend,
    yes_winner: Player::First,
};

/// The two start vertices of `g`, checked to be a valid PVG (directed, vertex rule, normal
/// play, a start for each player).
fn pvg_starts(g: &Geography) -> Result<[VertexId; 2], ReductionError> {
    let (
        Rule::Vertex,
        Tokens::Partizan {
            starts: Some(starts),
        },
        Convention::Normal,
        true,
    ) = (g.rule, g.tokens, g.convention, g.graph.directed)
    else {
        return Err(ReductionError::Precondition {
            theorem: "Thm 2.2",
            message: format!(
                "a partizan vertex geography (PVG), but this is {}",
                g.variant_name()
            ),
            at: Locator::Whole,
            help: Some("declare a directed vertex game with a start for each player".into()),
        });
    };
    g.validate()
        .map_err(|(at, message)| ReductionError::Precondition {
            theorem: "Thm 2.2",
            message,
            at,
            help: None,
        })?;
    Ok(starts)
}

/// The split of every vertex u of G (Fig. 3): the arc `(in,u) → (out,u)`, and `(extra,u)`
/// after a sink.
#[derive(Clone, Debug)]
pub struct Layout {
    /// `(in,u)`: entered by the "true" half of a move to u.
    pub inn: Vec<VertexId>,
    /// `(out,u)`: reached by the forced "dummy" half `(in,u) → (out,u)`.
    pub out: Vec<VertexId>,
    /// `(extra,u)` for a sink u (`None` elsewhere), so that the dummy half is never the last.
    pub extra: Vec<Option<VertexId>>,
    /// Where the players start: `(in,v1)` and `(in,v2)`.
    pub starts: [VertexId; 2],
}

/// The role of a vertex of the split board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Half {
    /// `(in,u)`.
    In(VertexId),
    /// `(out,u)`.
    Out(VertexId),
    /// `(extra,u)`.
    Extra(VertexId),
}

impl Layout {
    /// Adds `u_in`, `u_out` (and `u_extra` for sinks) for every source vertex, in index order.
    /// Identifiers `in_u`, `out_u`, `extra_u` cannot collide: their prefixes differ.
    fn new(g: &mut Graph, src: &Graph, [v1, v2]: [VertexId; 2]) -> Layout {
        let outdeg = src.out_degrees();
        let (mut inn, mut out, mut extra) = (Vec::new(), Vec::new(), Vec::new());
        for (u, &d) in outdeg.iter().enumerate() {
            let (id, shown) = (src.id(u), src.display(u));
            inn.push(g.add_labeled(format!("in_{id}"), format!("{shown}_in")));
            out.push(g.add_labeled(format!("out_{id}"), format!("{shown}_out")));
            extra.push(
                (d == 0).then(|| g.add_labeled(format!("extra_{id}"), format!("{shown}_extra"))),
            );
        }
        let starts = [inn[v1], inn[v2]];
        Layout {
            inn,
            out,
            extra,
            starts,
        }
    }

    /// The split vertices of `u`.
    fn halves(&self, u: VertexId) -> impl Iterator<Item = VertexId> + '_ {
        [self.inn[u], self.out[u]].into_iter().chain(self.extra[u])
    }

    /// The role of every vertex of the split board (`n` vertices), by vertex.
    pub fn roles(&self, n: usize) -> Vec<Option<Half>> {
        let mut role = vec![None; n];
        for u in 0..self.inn.len() {
            role[self.inn[u]] = Some(Half::In(u));
            role[self.out[u]] = Some(Half::Out(u));
            if let Some(x) = self.extra[u] {
                role[x] = Some(Half::Extra(u));
            }
        }
        role
    }
}

impl Theorem for PvgToPag {
    type Source = Geography;
    type Layout = Layout;

    fn entry(&self) -> &ReductionInfo {
        &INFO
    }

    /// Any valid PVG; another game is a precondition failure of Thm 2.2 that names it.
    fn read_source<'a>(&self, instance: &'a Instance) -> Result<&'a Geography, ReductionError> {
        let Instance::Geography(g) = instance else {
            return Err(wrong_kind(INFO.id, "PVG", instance));
        };
        pvg_starts(g).map(|_| g)
    }

    fn construct(&self, game: &Geography) -> Result<Construction<Layout>, ReductionError> {
        let src = &game.graph;
        let mut g = Graph::new(true);
        let lay = Layout::new(&mut g, src, pvg_starts(game)?);
        for (&i, &o) in lay.inn.iter().zip(&lay.out) {
            g.add_edge(i, o);
        }
        for &(u, w) in &src.edges {
            g.add_edge(lay.out[u], lay.inn[w]);
        }
        for (&o, &x) in lay.out.iter().zip(&lay.extra) {
            if let Some(x) = x {
                g.add_edge(o, x);
            }
        }
        for group in &src.groups {
            let members = group.members.iter().flat_map(|&u| lay.halves(u)).collect();
            g.add_group(group.kind.clone(), group.name.clone(), members);
        }
        let [a, b] = lay.starts;
        Ok(Construction {
            game: normal_game(g, Rule::Edge, partizan(a, b)),
            layout: lay,
            notes: Vec::new(),
        })
    }

    fn size(&self) -> &Size<Geography> {
        &SIZE
    }

    fn paper_labels(
        &self,
        src: &Geography,
        built: &Construction<Layout>,
    ) -> Vec<(VertexId, String)> {
        split_labels(src, &built.layout)
    }

    fn figure(&self, src: &Geography, built: &Construction<Layout>) -> Option<Figure> {
        Some(figure(src, built))
    }

    /// The players start on `(in,v1)` and `(in,v2)`, and the only arc leaving `(in,u)` is the
    /// dummy half `(in,u) → (out,u)` (so nobody is stuck after a true move).
    fn check_layout(&self, _: &Geography, built: &Construction<Layout>) -> Result<(), String> {
        let (g, lay) = (&built.game.graph, &built.layout);
        if built.game.starts() != lay.starts {
            return Err("the tokens do not start on v1_in and v2_in".into());
        }
        let succ = g.successors();
        match (0..lay.inn.len()).find(|&u| succ[lay.inn[u]] != [lay.out[u]]) {
            Some(u) => Err(format!(
                "{} leads elsewhere than to its out half",
                g.id(lay.inn[u])
            )),
            None => Ok(()),
        }
    }

    fn maps(&self) -> CertMaps {
        MAPS
    }

    fn carry_forward(
        &self,
        src: &Geography,
        built: &Construction<Layout>,
        cert: &Certificate,
    ) -> Result<Certificate, CertMapError> {
        let tgt = &built.game;
        let split = Split::of(&built.layout, tgt);
        let oracle = GameOracle::new(src, cert)?;
        build_game_cert(tgt, oracle.winner(), |at| {
            let line = at.line();
            let token = at.mover().index() as u8;
            match source_line(src, &split, line) {
                Some(pvg) if pvg.mover() == oracle.winner() => {
                    let m = oracle.choose(&pvg)?;
                    let w = dest(&m).ok_or_else(not_pvg)?;
                    step_to(at, token, split.lay.inn[w])
                }
                // The opponent left the correspondence: any legal move wins (module comment).
                _ => at
                    .legal()?
                    .first()
                    .copied()
                    .ok_or_else(|| CertMapError::Invalid("the winner is stuck in PAG".into())),
            }
        })
    }

    fn carry_back(
        &self,
        src: &Geography,
        built: &Construction<Layout>,
        cert: &Certificate,
    ) -> Result<Certificate, CertMapError> {
        let tgt = &built.game;
        let split = Split::of(&built.layout, tgt);
        let oracle = GameOracle::new(tgt, cert)?;
        build_game_cert(src, oracle.winner(), |at| {
            let pag = target_line(tgt, &split, at.line())?;
            let m = oracle.choose(&pag)?;
            let (_, w) = split.true_move(&m).ok_or_else(|| {
                CertMapError::Invalid("the PAG strategy leaves the PVG correspondence".into())
            })?;
            step_to(at, at.mover().index() as u8, w)
        })
    }
}

/// The maps of `pvg-pag` (module comment).
const MAPS: CertMaps = CertMaps {
    forward_yes: MapStatus::Constructive(
        "PVG strategy → PAG strategy: play the PVG strategy's moves as true moves u_out → w_in \
         (dummy moves w_in → w_out are forced); once the opponent leaves the correspondence he \
         is stuck on his next dummy move",
    ),
    forward_no: MapStatus::Constructive("as forward yes, for player II's strategy"),
    backward_yes: MapStatus::Constructive(
        "PAG strategy → PVG strategy: interleave the dummy moves into the PVG line and read the \
         PAG strategy's true move u_out → w_in as the PVG move u → w",
    ),
    backward_no: MapStatus::Constructive("as backward yes, for player II's strategy"),
};

/// The layout with the role of every target vertex, for the maps.
struct Split<'l> {
    lay: &'l Layout,
    role: Vec<Option<Half>>,
}

impl<'l> Split<'l> {
    fn of(lay: &'l Layout, tgt: &Geography) -> Split<'l> {
        Split {
            lay,
            role: lay.roles(tgt.graph.n()),
        }
    }

    fn role(&self, x: VertexId) -> Option<Half> {
        self.role.get(x).copied().flatten()
    }

    /// The PVG move of a PAG true move `u_out → w_in` (`None` for dummy and extra moves).
    fn true_move(&self, m: &Move) -> Option<(VertexId, VertexId)> {
        match (self.role(origin(m)?)?, self.role(dest(m)?)?) {
            (Half::Out(u), Half::In(w)) => Some((u, w)),
            _ => None,
        }
    }
}

fn not_pvg() -> CertMapError {
    CertMapError::Invalid("not a PVG move".into())
}

/// The PVG position after the true moves of a PAG line, or `None` once a true move is not a
/// legal PVG move (the correspondence is broken).
fn source_line<'g>(src: &'g Geography, split: &Split, line: &[Move]) -> Option<Replay<'g>> {
    let mut at = Replay::new(src).ok()?;
    for (ply, m) in line.iter().enumerate() {
        let to_extra = dest(m)
            .and_then(|t| split.role(t))
            .is_none_or(|h| matches!(h, Half::Extra(_)));
        match (split.true_move(m), to_extra) {
            (Some((u, w)), _) => {
                let token = (ply % 2) as u8;
                let mv = step_to(&at, token, w).ok()?;
                if origin(&mv) != Some(u) {
                    return None;
                }
                at.play(mv).ok()?;
            }
            // A move to u_extra: the PVG player is stuck there.
            (None, true) => return None,
            (None, false) => {}
        }
    }
    Some(at)
}

/// The PAG position of a PVG line: every PVG move as a true move, dummy moves interleaved, up
/// to the point where the next player to move stands on a `u_out` vertex.
fn target_line<'g>(
    tgt: &'g Geography,
    split: &Split,
    line: &[Move],
) -> Result<Replay<'g>, CertMapError> {
    let mut at = Replay::new(tgt)?;
    let dummies = |at: &mut Replay| -> Result<(), CertMapError> {
        while let Some(Half::In(u)) = at.token(at.mover().index()).and_then(|x| split.role(x)) {
            let t = at.mover().index() as u8;
            at.play(step_to(at, t, split.lay.out[u])?)?;
        }
        Ok(())
    };
    for m in line {
        dummies(&mut at)?;
        let w = dest(m).ok_or_else(not_pvg)?;
        let t = at.mover().index() as u8;
        at.play(step_to(&at, t, split.lay.inn[w])?)?;
    }
    dummies(&mut at)?;
    Ok(at)
}

/// The label of a half of `shown` in markup: `u_{in}`, and `v_{1,in}` for `v1`.
/// Fig. 3's labels (see [`Theorem::paper_labels`]): `u_in` and `u_out` for every vertex u
/// of the source board, and `u_extra` for a sink's leaf, subscripted after u's own
/// (`v_{1,in}` for `v1`).
fn split_labels(src: &Geography, lay: &Layout) -> Vec<(VertexId, String)> {
    let mut out = Vec::new();
    for u in 0..src.graph.n() {
        let shown = src.graph.display(u);
        out.push((lay.inn[u], half_label(shown, "in")));
        out.push((lay.out[u], half_label(shown, "out")));
        // A sink's leaf too, so that no label keeps the raw identifier (`bot_1_extra`).
        if let Some(extra) = lay.extra[u] {
            out.push((extra, half_label(shown, "extra")));
        }
    }
    out
}

fn half_label(shown: &str, half: &str) -> String {
    let digits = shown.len() - shown.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    let (base, sub) = shown.split_at(shown.len() - digits);
    // Join the halves' index to u's own only where the figure subscripts u's digits
    // (`markup_of_display`: a base of letters); elsewhere (`top_1`, `L2,0`) the name is
    // drawn as that function draws it, and pasting markup onto it would leak `_{…}`.
    let letters = base.chars().all(|c| c.is_alphabetic() || c == '¬');
    match (digits, base.is_empty() || !letters) {
        (0, _) | (_, true) => format!("{}_{{{half}}}", markup_of_display(shown)),
        _ => format!("{base}_{{{sub},{half}}}"),
    }
}

/// Fig. 3 applied to the whole board: G keeps its shape (a circle with the fewest crossing
/// arcs) and each vertex u becomes the arc `u_in → u_out`, turned so that u's in-arcs arrive
/// at `u_in` and its out-arcs leave `u_out`; a sink's `u_extra` is a small leaf after
/// `u_out`. Each pair is outlined and named after u (`--highlight u`).
fn figure(src: &Geography, built: &Construction<Layout>) -> Figure {
    // Both handednesses of the lanes, then each twin vertex's pair turned to whichever of
    // twelve directions tangles the drawing least (crossings and arcs grazing a vertex),
    // one vertex at a time; the first best wins, so the choice is deterministic.
    let g = &src.graph;
    let has_twin = |u: VertexId| {
        g.edges
            .iter()
            .any(|&(a, b)| a == u && b != u && g.edges.contains(&(b, a)))
    };
    let mut best_turns = vec![None; g.n()];
    let mut best = (usize::MAX, 1.0);
    for hand in [1.0, -1.0] {
        let t = tangles(&drawn(src, built, hand, &best_turns));
        if t < best.0 {
            best = (t, hand);
        }
    }
    let (mut score, hand) = best;
    for u in (0..g.n()).filter(|&u| has_twin(u)) {
        for k in 0..12 {
            let mut turns = best_turns.clone();
            turns[u] = Some(std::f64::consts::TAU * k as f64 / 12.0);
            let t = tangles(&drawn(src, built, hand, &turns));
            if t < score {
                (score, best_turns) = (t, turns);
            }
        }
    }
    drawn(src, built, hand, &best_turns)
}

/// [`figure`] with the halves of a vertex that has an antiparallel twin placed across the
/// line to the twin, `u_out` on its left for `hand = 1` (on its right for −1), or along the
/// direction `turns[u]` (radians) where given.
fn drawn(
    src: &Geography,
    built: &Construction<Layout>,
    hand: f64,
    turns: &[Option<f64>],
) -> Figure {
    let lay = &built.layout;
    let mut fig = Figure::of_game(
        &built.game,
        "PAG: every vertex u of the PVG board split into the arc u_{in} → u_{out}, a leaf \
         u_{extra} after each sink (Fraenkel–Simonson, Thm 2.2, Fig. 3)",
    );
    for (v, label) in split_labels(src, lay) {
        fig.label(v, label);
    }
    let pos = source_positions(&src.graph, 3.6);
    let centre = centroid(&pos);
    let g = &src.graph;
    for u in 0..g.n() {
        // The pair points from where u's arcs come in to where they go out.
        let mean = |ends: &[VertexId]| centroid(&ends.iter().map(|&w| pos[w]).collect::<Vec<_>>());
        let ins: Vec<VertexId> = g
            .edges
            .iter()
            .filter(|e| e.1 == u && e.0 != u)
            .map(|e| e.0)
            .collect();
        let outs: Vec<VertexId> = g
            .edges
            .iter()
            .filter(|e| e.0 == u && e.1 != u)
            .map(|e| e.1)
            .collect();
        let p = pos[u];
        let from = if ins.is_empty() { p } else { mean(&ins) };
        let to = if outs.is_empty() { p } else { mean(&outs) };
        let mut d = (to.0 - from.0, to.1 - from.1);
        // With an antiparallel twin w, u_out goes on one side of the line u → w and u_in on
        // the other (and w's halves the same way seen from w): u_out → w_in and w_out → u_in
        // then run side by side as two lanes instead of crossing.
        let twin = outs.iter().copied().find(|&w| ins.contains(&w));
        if let Some(w) = twin {
            let t = outward(p, pos[w]);
            d = (-t.1 * hand, t.0 * hand);
        }
        if let Some(a) = turns[u] {
            d = (a.cos(), a.sin());
        }
        let len = (d.0 * d.0 + d.1 * d.1).sqrt();
        d = if len < 1e-6 {
            // No direction from the arcs: along the circle, clockwise.
            let o = outward(centre, p);
            (o.1, -o.0)
        } else {
            (d.0 / len, d.1 / len)
        };
        let half = 0.65;
        fig.place(lay.inn[u], p.0 - half * d.0, p.1 - half * d.1);
        fig.place(lay.out[u], p.0 + half * d.0, p.1 + half * d.1);
        let mut members = vec![lay.inn[u], lay.out[u]];
        if let Some(x) = lay.extra[u] {
            fig.place(x, p.0 + (half + 0.9) * d.0, p.1 + (half + 0.9) * d.1);
            fig.nodes[x].style = NodeStyle::Leaf;
            fig.nodes[x].label.clear();
            members.push(x);
        }
        fig.gadget(
            g.id(u),
            markup_of_display(g.display(u)),
            members,
            Outline::Box,
        );
        if let Some(split) = fig.gadgets.last_mut() {
            split.kind = "vertex".into();
        }
    }
    // An antiparallel pair u → w, w → u of G becomes u_out → w_in and w_out → u_in, which
    // straight lines draw as a cross: each bends through its own side of the line u w, the
    // sides chosen so that the two bends do not cross (Fig. 3 draws them as two bows).
    let at = |fig: &Figure, v: VertexId| fig.nodes[v].pos.unwrap_or_default();
    for &(u, w) in &g.edges {
        if u >= w || !g.edges.contains(&(w, u)) {
            continue;
        }
        let (a, b) = ((lay.out[u], lay.inn[w]), (lay.out[w], lay.inn[u]));
        let mid = ((pos[u].0 + pos[w].0) / 2.0, (pos[u].1 + pos[w].1) / 2.0);
        let d = outward(pos[u], pos[w]);
        let side = |s: f64| (mid.0 - s * d.1, mid.1 + s * d.0);
        // Bad: the two cross, or one runs over a half of u or w it does not join.
        let cross = |s: f64| {
            let (la, lb) = (
                [at(&fig, a.0), side(s), at(&fig, a.1)],
                [at(&fig, b.0), side(-s), at(&fig, b.1)],
            );
            let grazes = |line: &[(f64, f64)], ends: (VertexId, VertexId)| {
                [lay.inn[u], lay.out[u], lay.inn[w], lay.out[w]]
                    .iter()
                    .filter(|&&x| x != ends.0 && x != ends.1)
                    .any(|&x| polyline_distance(line, at(&fig, x)) < CLEARANCE)
            };
            polylines_cross(&la, &lb) || grazes(&la, a) || grazes(&lb, b)
        };
        // The smallest bow, on either side, that keeps the two apart and off the halves
        // (halves that face each other across the line need a wider one).
        let s = BOWS
            .iter()
            .flat_map(|&k| [k, -k])
            .find(|&s| !cross(s))
            .unwrap_or(BOWS[0]);
        if s != 0.0 {
            fig.route(a.0, a.1, vec![side(s)]);
            fig.route(b.0, b.1, vec![side(-s)]);
        }
    }
    fig
}

/// How far each arc of an antiparallel pair may bend from the line between its vertices
/// (units), tried in this order: straight when the two lanes already keep apart.
const BOWS: [f64; 5] = [0.0, 0.55, 0.9, 1.3, 1.8];
/// How close an arc may pass to a vertex it does not join (units; a circle's radius is 0.3).
const CLEARANCE: f64 = 0.45;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::Instance;
    use crate::reductions::Reduction;
    use crate::reductions::helpers::directed_game;

    fn pvg(n: usize, arcs: &[(usize, usize)], starts: [usize; 2]) -> Instance {
        let mut g = Graph::new(true);
        for i in 0..n {
            g.add_vertex(format!("v{i}"));
        }
        for &(u, w) in arcs {
            g.add_edge(u, w);
        }
        directed_game(g, Rule::Vertex, partizan(starts[0], starts[1]))
    }

    #[test]
    fn sizes_and_starts() {
        // v0 → v1 → v2, v3 isolated: sinks v2, v3.
        let src = pvg(4, &[(0, 1), (1, 2)], [0, 3]);
        let out = PvgToPag.reduce(&src).unwrap();
        let Instance::Geography(g) = &out.target else {
            panic!("not a game")
        };
        assert_eq!((g.graph.n(), g.graph.m()), (10, 8));
        assert_eq!(PvgToPag.declared_size(&src), (10, 8));
        assert_eq!(ProblemKind::of(&out.target), ProblemKind::Pag);
        let starts: Vec<&str> = g.starts().iter().map(|&s| g.graph.id(s)).collect();
        assert_eq!(starts, ["in_v0", "in_v3"]);
        PvgToPag.check_structure(&src, &out.target).unwrap();
    }

    #[test]
    fn a_pag_is_not_accepted() {
        let Instance::Geography(mut g) = pvg(2, &[(0, 1)], [0, 1]) else {
            unreachable!()
        };
        g.rule = Rule::Edge;
        let err = PvgToPag.reduce(&Instance::Geography(g)).unwrap_err();
        assert!(matches!(
            err,
            ReductionError::Precondition {
                theorem: "Thm 2.2",
                ..
            }
        ));
    }

    #[test]
    fn the_layout_names_each_half_by_its_source_vertex() {
        let Instance::Geography(src) = pvg(3, &[(0, 1), (1, 2)], [0, 2]) else {
            unreachable!()
        };
        let built = PvgToPag.construct(&src).unwrap();
        let (g, lay) = (&built.game.graph, &built.layout);
        let roles = lay.roles(g.n());
        for u in 0..3 {
            assert_eq!(g.id(lay.inn[u]), format!("in_v{u}"));
            assert_eq!(roles[lay.out[u]], Some(Half::Out(u)));
            assert!(g.edges.contains(&(lay.inn[u], lay.out[u])));
        }
        // Only the sink v2 has an extra half.
        assert_eq!(lay.extra.iter().flatten().count(), 1);
        assert_eq!(roles[lay.extra[2].unwrap()], Some(Half::Extra(2)));
        assert_eq!(built.game.starts(), [lay.inn[0], lay.inn[2]]);
    }

    #[test]
    fn every_half_has_a_label_sinks_leaves_included() {
        use crate::render::figure::label_unicode;
        // v0 → v1 → v2, v3 isolated: sinks v2 and v3 get leaves, which used to keep the raw
        // `v2_extra` of their identifiers in the compiled game's labels.
        let Instance::Geography(src) = pvg(4, &[(0, 1), (1, 2)], [0, 3]) else {
            unreachable!()
        };
        let built = PvgToPag.construct(&src).unwrap();
        let labels = split_labels(&src, &built.layout);
        assert_eq!(labels.len(), built.game.graph.n(), "{labels:?}");
        let shown: Vec<String> = labels.iter().map(|(_, l)| label_unicode(l)).collect();
        assert!(shown.contains(&"v₂,ₑₓₜᵣₐ".to_string()), "{shown:?}");
        assert!(shown.iter().all(|l| !l.contains('_')), "{shown:?}");
    }

    #[test]
    fn half_labels_subscript_only_what_the_figure_subscripts() {
        use crate::render::figure::label_unicode;
        // Shown as the figure shows the source vertex, with `in` added to its subscript (or
        // as one): an identifier with an underscore, such as `top_1`, keeps it as text, as
        // `markup_of_display` does, instead of leaking markup (`top_{1,in}`).
        for (shown, want) in [
            ("v1", "v₁,ᵢₙ"),
            ("a", "aᵢₙ"),
            ("¬x12", "¬x₁₂,ᵢₙ"),
            ("top_1", "top_1ᵢₙ"),
            ("L2,0", "L₂,₀ᵢₙ"),
            ("x_y", "x_yᵢₙ"),
            ("1", "1ᵢₙ"),
        ] {
            assert_eq!(label_unicode(&half_label(shown, "in")), want, "{shown}");
        }
    }
}
