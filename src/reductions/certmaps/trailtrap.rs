//! Certificate maps of Trail Trap Theorem 18 (`hampath-trailtrap`, and its subcubic reading
//! `hampath-trailtrap-subcubic`), after the case analysis of the theorem's proof.
//!
//! The reduction decides whether G has a trail of length n + 1 from v, which a Hamiltonian
//! path from v (the source certificate) does not settle in general. Forward: a Hamiltonian
//! path from v that extends by two more edges at its far end is such a trail T (Lemma 16's
//! argument run backwards); then player II answers player I's first move e, ending at y, as
//! the proof does:
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

use super::util::{build_game_cert, dest, expect_pair, game_of, origin, replay, step_to};
use super::{CertMapError, CertMaps, MapStatus};
use crate::certify::{Certificate, CertificateBody, PathCert, Player, Replay, check_hampath};
use crate::problems::{Geography, Graph, HamPath, Instance, Move, VertexId};
use crate::reductions::Reduction;

const NO_CERT: &str = "a NO answer of an NP problem has no certificate: player I's winning \
                       strategy proves that no long trail exists, but there is nothing to map it to";

/// The maps of Theorem 18 (both input classes).
pub const MAPS: CertMaps = CertMaps {
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
pub fn forward(
    r: &dyn Reduction,
    source: &Instance,
    target: &Instance,
    cert: &Certificate,
) -> Result<Certificate, CertMapError> {
    let (CertificateBody::Hampath(PathCert { path }), Instance::Hampath(h)) = (&cert.body, source)
    else {
        return Err(super::refuse(&MAPS, true, super::claims_yes(cert)));
    };
    expect_pair(r, source, target)?;
    check_hampath(h, &PathCert { path: path.clone() })?;
    let ids: Vec<VertexId> = path.iter().filter_map(|id| h.graph.vertex(id)).collect();
    let trail = extend(&h.graph, &ids).ok_or_else(|| {
        CertMapError::NotConstructive(
            "this Hamiltonian path from v does not extend to a trail of length n + 1 from v, \
             the question the reduction decides"
                .into(),
        )
    })?;
    let g = game_of(target)?;
    let board = Board::of(h, g);
    build_game_cert(g, Player::Second, |line| {
        let at = replay(g, line)?;
        match line.len() {
            1 => board.answer(&at, &line[0]),
            _ => board.walk(&at, line, &trail),
        }
    })
}

/// Theorem 18's board: G's vertices, then w, then the path with centre c.
struct Board {
    n: usize,
    v: VertexId,
    w: VertexId,
    c: VertexId,
    degree: Vec<usize>,
}

impl Board {
    fn of(h: &HamPath, g: &Geography) -> Board {
        let n = h.graph.n();
        Board {
            n,
            v: h.start.unwrap_or(0),
            w: n,
            c: n + 1 + (n + 1),
            degree: g.graph.out_adjacency().iter().map(Vec::len).collect(),
        }
    }

    /// II's first move after I's first move `m` (the cases of the module comment).
    fn answer(&self, at: &Replay, m: &Move) -> Result<Move, CertMapError> {
        let y = dest(m).unwrap_or(0);
        let legal = at.legal()?;
        if self.degree[y] <= 2 {
            let other = legal
                .iter()
                .find(|t| origin(t) == Some(y) || dest(t) == Some(y));
            return other.or(legal.first()).copied().ok_or_else(stuck);
        }
        match y == self.c {
            true => between(at, self.w, self.v),
            false => between(at, self.w, self.c),
        }
    }

    /// II's later moves: along the trail (after `w → v`) or the left half of the path.
    fn walk(&self, at: &Replay, line: &[Move], trail: &[VertexId]) -> Result<Move, CertMapError> {
        let done = line.len() / 2;
        let plan: Vec<VertexId> = match dest(&line[1]) {
            Some(x) if x == self.v => std::iter::once(self.w)
                .chain(trail.iter().copied())
                .collect(),
            _ => {
                let half = self.n + 1;
                std::iter::once(self.w)
                    .chain((0..=half).rev().map(|i| self.n + 1 + i))
                    .collect()
            }
        };
        let next = plan.get(done + 1).ok_or_else(stuck)?;
        step_to(at, 1, *next)
    }
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

/// Refused (module comment).
pub fn backward(
    _r: &dyn Reduction,
    _source: &Instance,
    _target: &Instance,
    cert: &Certificate,
) -> Result<Certificate, CertMapError> {
    let yes = super::wins(cert) == Some(Player::Second);
    Err(super::refuse(&MAPS, false, yes))
}
