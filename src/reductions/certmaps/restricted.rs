//! Certificate maps of Fraenkel–Simonson Theorem 2.1 on degree-restricted bipartite digraphs
//! (`qbf-pvg-restricted`), with the timeline of `../shared/spec/fraenkel-simonson.md` §1b.
//!
//! Forward, YES (player I, Skolem functions): I sets his ∃ diamonds by the Skolem functions,
//! copies II's branch at every level of the clause trees (II is one move ahead, so I reaches
//! the leaf `Y_c` of II's clause c), enters `Ep_a` for a true literal a of c (through `Z1` or
//! `Z2`), waits at `E_a`, then guards `N_j` of the connector II heads for (or, if II heads for
//! `a`, goes round by any other `N_b`), and wins the final race from the literal connectors
//! because II's in-tree ends one move short at the visited (true) literal. Forward, NO
//! (player II, Herbrand functions): II sets his ∀ diamonds by the Herbrand functions, steers
//! his clause tree to a clause the assignment falsifies, heads for the connector a that I
//! does not guard (any, if I is in another cluster), and wins the final race (his literal is
//! false, so its in-tree reaches the unvisited literal vertex). The final race (at most
//! h + eps moves each) is played by exhaustive search of the remaining moves; the timeline
//! shows who wins it. Backward: replay against regular play by the opponent on his chain and
//! read the certified player's diamond sides.

use super::diamonds::{Diamonds, own_token};
use super::diamonds::{falsified_clause, true_literal};
use super::util::{checked_pair, endgame_move, off_plan, qbf_of, step_to};
use super::{CertMapError, CertMaps, MapStatus};
use crate::certify::{Certificate, Player, Replay};
use crate::problems::{Geography, Instance, Qbf, VertexId};
use crate::reductions::Reduction;
use crate::reductions::qbf_normal::NormalQbf;
use std::collections::HashMap;

/// The maps of `qbf-pvg-restricted`.
pub const MAPS: CertMaps = CertMaps {
    forward_yes: MapStatus::Constructive(
        "Skolem functions → player I's strategy: ∃ diamonds by the Skolem functions, I's clause \
         tree copies II's, the existential connector of a true literal, the guard N_j, and the \
         final race (spec §1b timeline; the race is searched exhaustively)",
    ),
    forward_no: MapStatus::Constructive(
        "Herbrand functions → player II's strategy: ∀ diamonds by the Herbrand functions, the \
         clause tree to a falsified clause, the unguarded connector, and the final race",
    ),
    backward_yes: MapStatus::Constructive(
        "player I's strategy → Skolem functions: replay against II's regular play and read I's \
         diamond sides",
    ),
    backward_no: MapStatus::Constructive(
        "player II's strategy → Herbrand functions: replay against I's regular play and read \
         II's diamond sides",
    ),
};

/// Largest endgame search (positions) for the final race.
const RACE_CAP: u64 = 200_000;

/// What a cluster vertex is: its role, clause (0-based) and index j.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    Y,
    Z1,
    Ep,
    E,
    W2,
    Ua,
    M,
    Lo,
}

/// The board, found by the construction's identifiers.
struct Board {
    diamonds: Diamonds,
    role: HashMap<VertexId, (Role, usize, usize)>,
    /// Identifiers of the two clause trees' roots (`eT_E`, `X3`).
    roots: [String; 2],
    /// The leaf `U_c` of II's clause tree for each clause.
    u_leaf: Vec<VertexId>,
    ids: HashMap<String, VertexId>,
}

impl Board {
    fn new(g: &Geography, nq: &NormalQbf) -> Result<Board, CertMapError> {
        let ids: HashMap<String, VertexId> = (0..g.graph.n())
            .map(|v| (g.graph.id(v).to_string(), v))
            .collect();
        let id = |s: &str| {
            ids.get(s)
                .copied()
                .ok_or_else(|| CertMapError::WrongInstance(format!("no vertex {s}")))
        };
        let diamonds = Diamonds::on_chains(nq, "T", id)?;
        let pred = predecessors(g);
        let mut role = HashMap::new();
        let mut u_leaf = Vec::new();
        for c in 0..nq.m() {
            let k = c + 1;
            let z1 = id(&format!("Z1_{k}"))?;
            let w1 = id(&format!("W1_{k}"))?;
            let first_pred = |x: VertexId| pred[x].first().copied();
            let bad = || CertMapError::WrongInstance("a cluster without its tree leaf".into());
            role.insert(first_pred(z1).ok_or_else(bad)?, (Role::Y, c, 0));
            u_leaf.push(first_pred(w1).ok_or_else(bad)?);
            role.insert(z1, (Role::Z1, c, 0));
            role.insert(id(&format!("W2_{k}"))?, (Role::W2, c, 0));
            role.insert(id(&format!("Ua_{k}"))?, (Role::Ua, c, 0));
            for j in 0..3 {
                role.insert(id(&format!("Ep{j}_{k}"))?, (Role::Ep, c, j));
                role.insert(id(&format!("E{j}_{k}"))?, (Role::E, c, j));
                role.insert(id(&format!("M{j}_{k}"))?, (Role::M, c, j));
                role.insert(id(&format!("Lo{k}_{j}"))?, (Role::Lo, c, j));
            }
        }
        Ok(Board {
            diamonds,
            role,
            roots: [format!("eT{}", nq.num_existential()), "X3".into()],
            u_leaf,
            ids,
        })
    }

    fn role_of(&self, x: Option<VertexId>) -> Option<(Role, usize, usize)> {
        x.and_then(|x| self.role.get(&x).copied())
    }

    /// A clause-tree node's path below its root (`_1_0` for `X3_1_0`), if `x` is one.
    fn tree_path<'a>(&self, g: &'a Geography, x: VertexId, tree: usize) -> Option<&'a str> {
        g.graph.id(x).strip_prefix(self.roots[tree].as_str())
    }

    /// The child of tree node `x` (in tree `tree`) on the way to the node with path `goal`.
    fn toward(&self, g: &Geography, x: VertexId, tree: usize, goal: &str) -> Option<VertexId> {
        let here = self.tree_path(g, x, tree)?;
        let rest = goal.strip_prefix(here)?;
        let digit = rest.strip_prefix('_')?.chars().next()?;
        self.ids
            .get(&format!("{}{here}_{digit}", self.roots[tree]))
            .copied()
    }

    fn vertex(&self, s: String) -> Result<VertexId, CertMapError> {
        self.ids
            .get(&s)
            .copied()
            .ok_or_else(|| CertMapError::WrongInstance(format!("no vertex {s}")))
    }
}

/// The in-neighbours of every vertex.
fn predecessors(g: &Geography) -> Vec<Vec<VertexId>> {
    let mut pred = vec![Vec::new(); g.graph.n()];
    for &(u, v) in &g.graph.edges {
        pred[v].push(u);
    }
    pred
}

/// The normalised formula the construction uses: the reduction's own preparation (a clause
/// adjoined to an empty matrix), so that the map reads the board the reduction built.
fn prepared(q: &Qbf) -> Result<NormalQbf, CertMapError> {
    crate::reductions::qbf_to_pvg_restricted::prepare(q)
        .map(|(nq, _)| nq)
        .map_err(|e| CertMapError::WrongInstance(e.to_string()))
}

/// Source QBF certificate → target strategy.
pub fn forward(
    r: &dyn Reduction,
    source: &Instance,
    target: &Instance,
    cert: &Certificate,
) -> Result<Certificate, CertMapError> {
    let (q, g) = checked_pair(r, source, target, qbf_of)?;
    let nq = prepared(q)?;
    let b = Board::new(g, &nq)?;
    b.diamonds
        .strategy(q, &nq, g, own_token, cert, |winner, at, values| {
            let plan = Plan {
                b: &b,
                nq: &nq,
                g,
                at,
                values,
            };
            let to = match winner {
                Player::First => plan.prover()?,
                Player::Second => plan.refuter()?,
            };
            match to {
                Some(x) => step_to(at, own_token(winner), x),
                None => endgame_move(at, RACE_CAP),
            }
        })
}

/// What a forward choice looks at.
struct Plan<'a> {
    b: &'a Board,
    nq: &'a NormalQbf,
    g: &'a Geography,
    at: &'a Replay<'a>,
    values: &'a [Option<bool>],
}

impl Plan<'_> {
    /// Player I's target vertex, or `None` for the final race.
    fn prover(&self) -> Result<Option<VertexId>, CertMapError> {
        let (mine, his) = (self.at.token(0), self.at.token(1));
        let (Some(x), Some(y)) = (mine, his) else {
            return Err(off_plan());
        };
        if let Some(goal) = self.b.tree_path(self.g, y, 1) {
            // Copy II's branch at the next level of the mirror tree.
            return self
                .b
                .toward(self.g, x, 0, goal)
                .map(Some)
                .ok_or_else(off_plan);
        }
        let k = |c: usize| c + 1;
        Ok(match (self.b.role_of(mine), self.b.role_of(his)) {
            (Some((Role::Y, c, _)), _) => {
                let a = self.true_index(c)?;
                Some(
                    self.b
                        .vertex(format!("Z{}_{}", if a < 2 { 1 } else { 2 }, k(c)))?,
                )
            }
            (Some((Role::Z1, c, _)), _) => Some(self.b.vertex(format!(
                "Ep{}_{}",
                self.true_index(c)?,
                k(c)
            ))?),
            (Some((Role::E, c, a)), Some((Role::M, c2, j))) if c == c2 => {
                let b = if j != a { j } else { (a + 1) % 3 };
                Some(self.b.vertex(format!("N{b}_{}", k(c)))?)
            }
            (Some((Role::Lo, ..)), _) => None,
            _ => return Err(off_plan()),
        })
    }

    /// The position of a true literal in clause c.
    fn true_index(&self, c: usize) -> Result<usize, CertMapError> {
        let clause = &self.nq.qbf.clauses[c];
        let l = true_literal(clause, self.values)?;
        Ok(clause.iter().position(|&x| x == l).unwrap_or(0))
    }

    /// Player II's target vertex, or `None` for the final race.
    fn refuter(&self) -> Result<Option<VertexId>, CertMapError> {
        let (mine, his) = (self.at.token(1), self.at.token(0));
        let Some(x) = mine else {
            return Err(off_plan());
        };
        if self.b.tree_path(self.g, x, 1).is_some() {
            let c = falsified_clause(&self.nq.qbf, self.values)?;
            let goal = self
                .b
                .tree_path(self.g, self.b.u_leaf[c], 1)
                .ok_or_else(off_plan)?;
            return self
                .b
                .toward(self.g, x, 1, goal)
                .map(Some)
                .ok_or_else(off_plan);
        }
        // The connector that I does not guard: the one of his existential connector.
        let aim = |c: usize| match self.b.role_of(his) {
            Some((Role::Ep | Role::E, c2, a)) if c2 == c => a,
            _ => 0,
        };
        Ok(match self.b.role_of(mine) {
            Some((Role::W2, c, _)) => {
                let u = if aim(c) < 2 { "Ua" } else { "Ub" };
                Some(self.b.vertex(format!("{u}_{}", c + 1))?)
            }
            Some((Role::Ua, c, _)) => Some(self.b.vertex(format!("M{}_{}", aim(c), c + 1))?),
            Some((Role::Lo, ..)) => None,
            _ => return Err(off_plan()),
        })
    }
}

/// Target strategy → source QBF certificate.
pub fn backward(
    r: &dyn Reduction,
    source: &Instance,
    target: &Instance,
    cert: &Certificate,
) -> Result<Certificate, CertMapError> {
    let (q, g) = checked_pair(r, source, target, qbf_of)?;
    let nq = prepared(q)?;
    let b = Board::new(g, &nq)?;
    b.diamonds.read_back(q, &nq, g, own_token, cert)
}
