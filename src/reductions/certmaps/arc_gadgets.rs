//! The local games of arc gadgets, shared by the certificate maps of the theorems that
//! replace every arc by a constant-size gadget: DEG → UEG with Fraenkel–Scheinerman–Ullman's
//! gadget A (`deg_to_ueg.rs`), normal DVG → misère UVG (Renault–Schmidt Thm 2.3,
//! `dvg_to_misere_uvg.rs`) and normal DVG → misère NimG-RM (Thm 3.1, `dvg_to_nimg.rs`). Each
//! theorem's file holds its maps; they read the gadgets from the theorem's layout through
//! [`ArcGadget`] (which vertex is entered from the tail, which from the head) and call the
//! machinery here: [`Gadgets`] (where the token is, the local game, the decoding of a target
//! line into source moves), [`backward`] (all three) and [`misere::forward`] (the misère
//! gadgets).
//!
//! In each, a move `x → y` of the source is a traversal of arc `(x, y)`'s gadget that the
//! entrant enters at `x` and leaves onto `y` with his own move, so the opponent moves next
//! from `y`, as in the source. The proofs show what happens inside a gadget by a case analysis
//! of its constant-size local game; the maps play that local game by exhaustive search of the
//! gadget alone (a few dozen positions), valuing its ends as the proofs do: the entrant
//! arriving at the head, leaving the gadget closed behind him (NimG: no token left on `d`,
//! "(d, 0, x_v)"), is the source move, good for the player whose source strategy made or
//! answers it; anyone stuck inside wins or loses by the play convention; any other exit is
//! treated as bad.
//!
//! Forward (`deg-ueg`, in `deg_to_ueg.rs`, with [`Gadgets::decode`] and
//! [`Gadgets::local_move`]): the winner enters the gadget of his source strategy's arc and
//! plays the local game; every deviation of the opponent inside gadget A, including entering
//! it from its head, is lost locally (the slides' "the opponent goes to z and wins locally").
//! For the misère gadgets the proofs answer an opponent who enters an arc gadget from its head
//! by whether moving on to the arc's tail would win ("if the move … is a losing move, the
//! second player wins with …; on the other hand, if it is a winning move, …", RS Thm 3.1): that
//! is the outcome of a source position outside the source strategy (the token at the tail,
//! the head visited), so a source strategy alone does not give the target strategy:
//! [`misere::forward`] finds that outcome by exhaustive search of the source. Backward
//! (all three): replay the target with the winner's strategy and the opponent entering the
//! gadgets of his source moves and playing the local game towards the head; the winner's
//! entries are his source moves (he never enters a gadget from its head or takes a pendant,
//! both of which lose). Inside a gadget the winner entered, the opponent follows the winner's
//! actual strategy to the head (searched, closed arrival first), because a winning strategy
//! need not play the proof's regular line: in NimG it may arrive leaving a token on `d`
//! (found by `check --certify`, shrunk to a five-vertex path-and-fork).

use super::util::{GameOracle, build_game_cert, dest};
use super::{CertMapError, MapStatus};
use crate::certify::{Certificate, Player, Replay};
use crate::problems::{Convention, Geography, Move, VertexId};
use crate::reductions::helpers::{ArcGadget, start_of};

pub(crate) mod misere;

/// The backward maps of the three arc-gadget theorems (module comment).
pub(crate) const BACKWARD: MapStatus = MapStatus::Constructive(
    "target strategy → source strategy: replay it with the opponent traversing the gadgets of \
     his source moves (local game towards the head); the winner's gadget entries are his \
     source moves",
);

/// The arc gadgets of a built target, as the local games see them: for every target vertex,
/// what it is, and for every source arc, its gadget's ends and entries.
pub(crate) struct Gadgets<'s> {
    /// The source's arcs.
    arcs: &'s [(VertexId, VertexId)],
    /// Per source arc: the target vertices of its tail and head, and the gadget vertices
    /// entered from the tail and from the head.
    ends: Vec<Ends>,
    /// What every target vertex is.
    places: Vec<Place>,
    /// The source vertex at every target vertex (`None` for gadget vertices and pendants).
    source_of: Vec<Option<VertexId>>,
    /// The target vertex of every source vertex.
    original: Vec<VertexId>,
    /// The target's play convention (who wins when stuck inside a gadget).
    convention: Convention,
}

/// The ends of one arc gadget in the target.
#[derive(Clone, Copy)]
struct Ends {
    tail: VertexId,
    head: VertexId,
    tail_entry: VertexId,
    head_entry: VertexId,
}

/// What a target vertex is: an original vertex (the target vertex of a source vertex), a
/// private vertex of the gadget of an arc, or anything else (a pendant).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Place {
    Original(VertexId),
    Gadget(usize),
    Other,
}

/// A gadget being crossed: its arc, the direction, and who entered it.
#[derive(Clone, Copy)]
pub(crate) struct Episode {
    arc: usize,
    forward: bool,
    entrant: Player,
}

impl<'s> Gadgets<'s> {
    /// The gadgets of `tgt`, built from `src` with the source vertex `x` at target vertex
    /// `original[x]` and the arc gadgets `gadgets` (any order; each names its arc).
    pub(crate) fn new<G: ArcGadget>(
        src: &'s Geography,
        tgt: &Geography,
        original: &[VertexId],
        gadgets: &[G],
    ) -> Gadgets<'s> {
        let mut places = vec![Place::Other; tgt.graph.n()];
        let mut source_of = vec![None; tgt.graph.n()];
        for (x, &t) in original.iter().enumerate() {
            places[t] = Place::Original(t);
            source_of[t] = Some(x);
        }
        let blank = Ends {
            tail: usize::MAX,
            head: usize::MAX,
            tail_entry: usize::MAX,
            head_entry: usize::MAX,
        };
        let mut ends = vec![blank; src.graph.m()];
        for gadget in gadgets {
            let arc = gadget.arc();
            for v in gadget.private() {
                places[v] = Place::Gadget(arc);
            }
            let (tail, head) = gadget.ends();
            ends[arc] = Ends {
                tail,
                head,
                tail_entry: gadget.tail_entry(),
                head_entry: gadget.head_entry(),
            };
        }
        Gadgets {
            arcs: &src.graph.edges,
            ends,
            places,
            source_of,
            original: original.to_vec(),
            convention: tgt.convention,
        }
    }

    /// The vertex a player entering the gadget of `arc` from its tail steps onto.
    pub(crate) fn entry(&self, arc: usize) -> VertexId {
        self.ends[arc].tail_entry
    }

    /// The target vertex of the head of `arc`.
    pub(crate) fn head(&self, arc: usize) -> VertexId {
        self.ends[arc].head
    }

    /// The target vertex of every source vertex.
    fn originals(&self) -> &[VertexId] {
        &self.original
    }

    /// The source vertex standing at target vertex `t`, if `t` is an original vertex.
    fn source_vertex(&self, t: VertexId) -> Option<VertexId> {
        self.source_of.get(t).copied().flatten()
    }

    fn place(&self, t: Option<VertexId>) -> Place {
        match t {
            Some(t) => self.places.get(t).copied().unwrap_or(Place::Other),
            None => Place::Other,
        }
    }

    /// The episode a move from original vertex `x` by `mover` starts, if it enters a gadget
    /// (onto its tail entry from the tail, or onto its head entry from the head).
    fn entering(&self, x: VertexId, m: &Move, mover: Player) -> Option<Episode> {
        let Place::Gadget(arc) = self.place(dest(m)) else {
            return None;
        };
        let e = self.ends[arc];
        let forward = match dest(m) {
            Some(t) if t == e.tail_entry && x == e.tail => true,
            Some(t) if t == e.head_entry && x == e.head => false,
            _ => return None,
        };
        Some(Episode {
            arc,
            forward,
            entrant: mover,
        })
    }

    /// The source move of a completed crossing.
    fn source_move(&self, arc: usize) -> Move {
        let (x, y) = self.arcs[arc];
        Move::Step {
            token: 0,
            from: x,
            edge: arc,
            to: y,
        }
    }

    /// Whether `me` wins the local game from `at` (inside episode `ep`), by exhaustive search
    /// up to the next arrival at an original vertex (module comment for the valuation).
    fn local_win(&self, at: &Replay, ep: Episode, me: Player) -> Result<bool, CertMapError> {
        let legal = at.legal()?;
        if legal.is_empty() {
            let stuck_wins = self.convention == Convention::Misere;
            return Ok((at.mover() == me) == stuck_wins);
        }
        for m in legal {
            let win = self.value_of(at, m, ep, me)?;
            if win == (at.mover() == me) {
                return Ok(win);
            }
        }
        Ok(at.mover() != me)
    }

    /// Whether `me` wins after move `m` at `at`.
    fn value_of(
        &self,
        at: &Replay,
        m: Move,
        ep: Episode,
        me: Player,
    ) -> Result<bool, CertMapError> {
        let mut next = at.clone();
        next.play_legal(m);
        match self.place(dest(&m)) {
            Place::Original(t) if !next.legal()?.is_empty() => {
                let head = self.head(ep.arc);
                let closed = self.closed(&next, ep);
                Ok(ep.forward && t == head && at.mover() == ep.entrant && closed)
            }
            _ => self.local_win(&next, ep, me),
        }
    }

    /// The mover's winning move in the local game.
    pub(crate) fn local_move(&self, at: &Replay, ep: Episode) -> Result<Move, CertMapError> {
        let me = at.mover();
        for m in at.legal()? {
            if self.value_of(at, m, ep, me)? {
                return Ok(m);
            }
        }
        Err(CertMapError::Invalid(format!(
            "no winning move inside the gadget of arc {} after {} moves",
            ep.arc,
            at.line().len()
        )))
    }

    /// The source line of a target line from the target's start, and the gadget being
    /// crossed at its end, if any.
    pub(crate) fn decode(
        &self,
        tgt: &Geography,
        line: &[Move],
    ) -> Result<(Vec<Move>, Option<Episode>), CertMapError> {
        let (mut source, mut ep, mut here) = (Vec::new(), None::<Episode>, start_of(tgt));
        for (ply, m) in line.iter().enumerate() {
            let mover = if ply % 2 == 0 {
                Player::First
            } else {
                Player::Second
            };
            match ep {
                None => {
                    ep = Some(self.entering(here, m, mover).ok_or_else(|| {
                        CertMapError::Invalid("a move off the arc gadgets".into())
                    })?);
                }
                Some(e) => {
                    if let Place::Original(t) = self.place(dest(m)) {
                        if !(e.forward && t == self.head(e.arc) && mover == e.entrant) {
                            return Err(CertMapError::Invalid("a gadget left off plan".into()));
                        }
                        source.push(self.source_move(e.arc));
                        ep = None;
                    }
                }
            }
            here = dest(m).unwrap_or(here);
        }
        Ok((source, ep))
    }
}

/// Target strategy → source strategy (module comment), for the gadgets `gd` of `tgt` built
/// from `src`.
pub(crate) fn backward(
    gd: &Gadgets,
    src: &Geography,
    tgt: &Geography,
    cert: &Certificate,
) -> Result<Certificate, CertMapError> {
    let oracle = GameOracle::new(tgt, cert)?;
    let winner = oracle.winner();
    build_game_cert(src, winner, |here_src| {
        let mut at = Replay::new(tgt)?;
        for m in here_src.line() {
            let Move::Step { edge, .. } = *m else {
                return Err(CertMapError::Invalid("not an arc move".into()));
            };
            cross(gd, &oracle, &mut at, edge)?;
        }
        let m = oracle.choose(&at)?;
        let here = at.token(0).unwrap_or(usize::MAX);
        match gd.entering(here, &m, winner) {
            Some(ep) if ep.forward => Ok(gd.source_move(ep.arc)),
            _ => Err(CertMapError::Invalid(
                "the strategy takes a pendant or enters a gadget from its head".into(),
            )),
        }
    })
}

/// Plays the crossing of arc `arc`'s gadget on `at`: the winner's moves by the oracle, the
/// opponent's by the local game, until the token arrives at the head.
fn cross(
    gd: &Gadgets,
    oracle: &GameOracle,
    at: &mut Replay,
    arc: usize,
) -> Result<(), CertMapError> {
    let entrant = at.mover();
    let entry = gd.entry(arc);
    let first = match entrant == oracle.winner() {
        true => oracle.choose(at)?,
        false => at
            .legal()?
            .into_iter()
            .find(|m| dest(m) == Some(entry))
            .ok_or_else(|| CertMapError::Invalid("the gadget entry is blocked".into()))?,
    };
    // Under the vertex rule parallel arcs are the same source move, so the winner may cross
    // any gadget of an arc with the same ends.
    let here = at.token(0).unwrap_or(usize::MAX);
    let ep = match gd.entering(here, &first, entrant) {
        Some(ep) if ep.forward && gd.arcs[ep.arc] == gd.arcs[arc] => ep,
        _ => {
            return Err(CertMapError::Invalid(
                "the strategy enters another gadget".into(),
            ));
        }
    };
    at.play(first)?;
    loop {
        if let Place::Original(t) = gd.place(at.token(0)) {
            return match t == gd.head(ep.arc) && at.mover() != entrant {
                true => Ok(()),
                false => Err(CertMapError::Invalid("a crossing ends off plan".into())),
            };
        }
        let m = match (at.mover() == oracle.winner(), entrant == oracle.winner()) {
            (true, _) => oracle.choose(at)?,
            // The opponent crossing his own source move forces the arrival locally.
            (false, false) => gd.local_move(at, ep)?,
            // The winner crossing: the opponent follows him to the head. The winner's
            // strategy need not play the proof's regular line inside the gadget (in NimG it
            // may leave a token on `d`), so the opponent's moves are searched against the
            // strategy itself: a closed arrival if there is one, else any arrival.
            (false, true) => {
                let follow = |closed| gd.follow(oracle, at, ep, closed);
                match follow(true)? {
                    Some(m) => m,
                    None => follow(false)?.ok_or_else(|| {
                        CertMapError::Invalid(format!(
                            "the strategy never arrives at the head of arc {}",
                            ep.arc
                        ))
                    })?,
                }
            }
        };
        at.play(m)?;
    }
}

impl Gadgets<'_> {
    /// An opponent move inside episode `ep` (entered by the winner) after which the winner,
    /// playing `oracle`'s strategy, arrives at the head (`closed`: leaving the gadget closed
    /// behind him) for some continuation of the opponent's.
    fn follow(
        &self,
        oracle: &GameOracle,
        at: &Replay,
        ep: Episode,
        closed: bool,
    ) -> Result<Option<Move>, CertMapError> {
        for m in at.legal()? {
            let mut next = at.clone();
            next.play_legal(m);
            if self.arrives(oracle, &next, ep, closed)? {
                return Ok(Some(m));
            }
        }
        Ok(None)
    }

    /// Whether `ep`'s gadget is closed behind its entrant: no token left on the vertex
    /// entered from the head (NimG's `d`; always true without weights).
    fn closed(&self, at: &Replay, ep: Episode) -> bool {
        at.weights()
            .get(self.ends[ep.arc].head_entry)
            .is_none_or(|&w| w == 0)
    }

    /// Whether play from `at` can reach the winner's arrival at `ep`'s head (see
    /// [`Gadgets::follow`]). Finite: every move visits a vertex or removes tokens.
    fn arrives(
        &self,
        oracle: &GameOracle,
        at: &Replay,
        ep: Episode,
        closed: bool,
    ) -> Result<bool, CertMapError> {
        if let Place::Original(t) = self.place(at.token(0)) {
            let shut = self.closed(at, ep);
            return Ok(t == self.head(ep.arc) && at.mover() != ep.entrant && (shut || !closed));
        }
        if at.legal()?.is_empty() {
            return Ok(false);
        }
        if at.mover() == oracle.winner() {
            let mut next = at.clone();
            next.play(oracle.choose(at)?)?;
            return self.arrives(oracle, &next, ep, closed);
        }
        Ok(self.follow(oracle, at, ep, closed)?.is_some())
    }
}
