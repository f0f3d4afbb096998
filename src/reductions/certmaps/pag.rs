//! Certificate maps of Fraenkel–Simonson Theorem 2.2, PVG → PAG (`pvg-pag`).
//!
//! Every PVG move `u → w` is the PAG "true" move `u_out → w_in`, followed on the mover's next
//! turn by the forced "dummy" move `w_in → w_out`. Forward: the winner plays his PVG
//! strategy's true moves; the first time the opponent leaves the PVG correspondence (a true
//! move to a vertex already claimed, or a sink's `u_extra`) the opponent is stuck on his next
//! dummy move, and the winner only needs one more legal move, which he always has at a `u_out`
//! vertex (the proof's remark that nobody is stuck on a true move). Backward: a PVG line is
//! translated to the PAG line with the dummy moves interleaved, and the PAG strategy's true
//! move there is the PVG move.

use super::util::{
    GameOracle, build_game_cert, checked_pair, dest, game_of, origin, replay, step_to, vertex_named,
};
use super::{CertMapError, CertMaps, MapStatus};
use crate::certify::{Certificate, Replay};
use crate::problems::{Geography, Instance, Move, VertexId};
use crate::reductions::Reduction;

/// The maps of `pvg-pag`.
pub const MAPS: CertMaps = CertMaps {
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

/// The split vertices: `inn[u]`, `out[u]`, and the source vertex of each target vertex.
struct Split {
    inn: Vec<VertexId>,
    out: Vec<VertexId>,
    /// For each target vertex: its source vertex and whether it is an `out` half.
    of: Vec<(VertexId, bool)>,
}

impl Split {
    fn new(src: &Geography, tgt: &Geography) -> Result<Split, CertMapError> {
        let find = |s: String| vertex_named(tgt, &s);
        let mut sp = Split {
            inn: Vec::new(),
            out: Vec::new(),
            of: vec![(usize::MAX, false); tgt.graph.n()],
        };
        for u in 0..src.graph.n() {
            let id = src.graph.id(u);
            let (i, o) = (find(format!("in_{id}"))?, find(format!("out_{id}"))?);
            sp.inn.push(i);
            sp.out.push(o);
            sp.of[i] = (u, false);
            sp.of[o] = (u, true);
        }
        Ok(sp)
    }

    /// The PVG move of a PAG true move `u_out → w_in` (`None` for dummy and extra moves).
    fn true_move(&self, m: &Move) -> Option<(VertexId, VertexId)> {
        let (from, to) = (origin(m)?, dest(m)?);
        match (self.of.get(from)?, self.of.get(to)?) {
            (&(u, true), &(w, false)) if w != usize::MAX => Some((u, w)),
            _ => None,
        }
    }
}

/// The PVG position after the true moves of a PAG line, or `None` once a true move is not a
/// legal PVG move (the correspondence is broken).
fn source_line<'g>(src: &'g Geography, sp: &Split, line: &[Move]) -> Option<Replay<'g>> {
    let mut at = Replay::new(src).ok()?;
    for (ply, m) in line.iter().enumerate() {
        let to_extra = dest(m)
            .and_then(|t| sp.of.get(t))
            .is_none_or(|&(u, _)| u == usize::MAX);
        match (sp.true_move(m), to_extra) {
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

/// PVG strategy → PAG strategy.
pub fn forward(
    r: &dyn Reduction,
    source: &Instance,
    target: &Instance,
    cert: &Certificate,
) -> Result<Certificate, CertMapError> {
    let (src, tgt) = checked_pair(r, source, target, game_of)?;
    let sp = Split::new(src, tgt)?;
    let oracle = GameOracle::new(src, cert)?;
    build_game_cert(tgt, oracle.winner(), |line| {
        let at = replay(tgt, line)?;
        let token = at.mover().index() as u8;
        match source_line(src, &sp, line) {
            Some(pvg) if pvg.mover() == oracle.winner() => {
                let m = oracle.choose(&pvg)?;
                let w = dest(&m).ok_or_else(|| CertMapError::Invalid("not a PVG move".into()))?;
                step_to(&at, token, sp.inn[w])
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

/// The PAG position of a PVG line: every PVG move as a true move, dummy moves interleaved, up
/// to the point where the next player to move stands on a `u_out` vertex.
fn target_line<'g>(
    tgt: &'g Geography,
    sp: &Split,
    line: &[Move],
) -> Result<Replay<'g>, CertMapError> {
    let mut at = Replay::new(tgt)?;
    let dummies = |at: &mut Replay| -> Result<(), CertMapError> {
        while let Some(x) = at.token(at.mover().index()) {
            match sp.of.get(x) {
                Some(&(u, false)) if u != usize::MAX => {
                    let t = at.mover().index() as u8;
                    at.play(step_to(at, t, sp.out[u])?)?;
                }
                _ => break,
            }
        }
        Ok(())
    };
    for m in line {
        dummies(&mut at)?;
        let w = dest(m).ok_or_else(|| CertMapError::Invalid("not a PVG move".into()))?;
        let t = at.mover().index() as u8;
        at.play(step_to(&at, t, sp.inn[w])?)?;
    }
    dummies(&mut at)?;
    Ok(at)
}

/// PAG strategy → PVG strategy.
pub fn backward(
    r: &dyn Reduction,
    source: &Instance,
    target: &Instance,
    cert: &Certificate,
) -> Result<Certificate, CertMapError> {
    let (src, tgt) = checked_pair(r, source, target, game_of)?;
    let sp = Split::new(src, tgt)?;
    let oracle = GameOracle::new(tgt, cert)?;
    build_game_cert(src, oracle.winner(), |line| {
        let pag = target_line(tgt, &sp, line)?;
        let m = oracle.choose(&pag)?;
        let (_, w) = sp.true_move(&m).ok_or_else(|| {
            CertMapError::Invalid("the PAG strategy leaves the PVG correspondence".into())
        })?;
        let at = replay(src, line)?;
        step_to(&at, at.mover().index() as u8, w)
    })
}
