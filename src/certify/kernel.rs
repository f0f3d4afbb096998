//! Compact certificates for normal-play undirected edge geography (UEG) by even kernels.
//!
//! Fraenkel–Scheinerman–Ullman (`../shared/papers/001_*.txt`): an *even kernel* of `G` is a
//! nonempty vertex set `K` such that no edge joins two vertices of `K` and every vertex
//! outside `K` has an even number of edges into `K`. If `v ∈ K`, the second player wins UEG
//! started at `v` (strategy: always move back into `K`; edges into `K` are used in pairs, so
//! one is always left). For bipartite `G` the converse holds, and it is linear algebra over
//! GF(2): `v`'s line of the bipartite adjacency matrix is in the span of the other parallel
//! lines exactly when the indicator vector of some `K ∋ v` on `v`'s side sums those lines to
//! zero. When `v`'s line is independent, the paper's proof gives the first player's winning
//! move: a column combination `T` with `Σ_{j∈T} c_j = e_v` names a neighbour `w ∈ T` of `v`,
//! and `T` is an even kernel of `G − vw` containing `w`, where the opponent now moves first.
//!
//! So every certificate is a list of explicit GF(2) combinations (kernels) plus, for a first
//! player win, the opening edge; each kernel is checked directly in O(n + m). Edges are
//! counted with multiplicity, and the checks are sound on every undirected multigraph; only
//! their existence needs bipartiteness. Cases:
//!
//! | game | winner | `opening` | `kernels` |
//! |---|---|---|---|
//! | rooted at v | II | absent | one kernel of G containing v |
//! | rooted at v | I | edge e from v to w | one kernel of G − e containing w |
//!
//! Unrooted UEG (the papers' rule: player I places the token, player II moves first) is not
//! covered: it is certified by a `game_win` strategy, checked against the rules.
//!
//! The kernel check itself (`check_even_kernel`, over the edges still free) also checks the
//! kernel leaves of `game_moves` certificates (`game/mod.rs`), at any position of the walk.

use super::{CheckError, Claim, IdIndex, Player, Verdict, ids_of};
use crate::problems::{Convention, Geography, Graph, Rule, Tokens, VertexId};
use serde::{Deserialize, Serialize};

/// Even kernels and an optional opening move; see the module comment.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KernelCert {
    /// The player who wins.
    pub winner: Player,
    /// Player I's first move (required exactly when player I wins).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opening: Option<Opening>,
    /// The even kernels, each a list of vertex identifiers.
    pub kernels: Vec<Vec<String>>,
}

/// Player I's first move in a kernel certificate: along edge `edge` from `from` to `to`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Opening {
    /// The edge, by index.
    pub edge: usize,
    /// The end it leaves (the start vertex in a rooted game).
    pub from: String,
    /// The end it reaches.
    pub to: String,
}

impl KernelCert {
    /// The certificate from indices: the opening as (edge, from, to) and the kernels.
    pub fn from_indices(
        graph: &Graph,
        winner: Player,
        opening: Option<(usize, VertexId, VertexId)>,
        kernels: &[Vec<VertexId>],
    ) -> Result<KernelCert, CheckError> {
        let opening = opening
            .map(|(edge, from, to)| {
                let ends = ids_of(graph, &[from, to])?;
                Ok::<_, CheckError>(Opening {
                    edge,
                    from: ends[0].clone(),
                    to: ends[1].clone(),
                })
            })
            .transpose()?;
        let kernels = kernels
            .iter()
            .map(|k| ids_of(graph, k))
            .collect::<Result<_, _>>()?;
        Ok(KernelCert {
            winner,
            opening,
            kernels,
        })
    }
}

/// Checks a UEG kernel certificate (see the module comment for what is proved).
pub fn check_kernel_witness(game: &Geography, cert: &KernelCert) -> Result<Verdict, CheckError> {
    let start = match (kernel_game(game)?, game.tokens) {
        (_, Tokens::One { start: Some(s) }) => Some(s),
        _ => {
            return Err(CheckError::Unsupported(
                "kernel certificates are for rooted UEG; the unrooted game (player I places \
                 the token, player II moves first) is certified by a game_win strategy"
                    .into(),
            ));
        }
    };
    game.validate()
        .map_err(|(at, msg)| CheckError::BadInstance(format!("{msg} ({at:?})")))?;
    let g = &game.graph;
    let ids = IdIndex::new(g);
    let kernels = cert
        .kernels
        .iter()
        .map(|k| ids.all(k))
        .collect::<Result<Vec<_>, _>>()?;
    let one = || match kernels.as_slice() {
        [k] => Ok(k),
        _ => Err(CheckError::Witness(format!(
            "this case takes exactly one kernel, not {}",
            kernels.len()
        ))),
    };
    let work = (kernels.len().max(1) * (g.n() + g.m())) as u64;
    match (cert.winner, &cert.opening) {
        (Player::First, Some(op)) => {
            let (e, from, to) = (op.edge, ids.get(&op.from)?, ids.get(&op.to)?);
            let ends = g.edges.get(e).copied();
            if ends != Some((from, to)) && ends != Some((to, from)) {
                return Err(CheckError::Witness(format!(
                    "the opening edge {e} does not join `{}` and `{}`",
                    op.from, op.to
                )));
            }
            if start != Some(from) {
                return Err(CheckError::Witness(format!(
                    "the opening must leave the start, not `{}`",
                    op.from
                )));
            }
            check_even_kernel(g, "kernel 0", one()?, |f| f != e, to)?;
        }
        (Player::Second, None) => {
            check_even_kernel(g, "kernel 0", one()?, |_| true, start.expect("rooted"))?;
        }
        (Player::First, None) => {
            return Err(CheckError::Witness(
                "player I's win needs an opening".into(),
            ));
        }
        (Player::Second, Some(_)) => {
            return Err(CheckError::Witness(
                "player II's win takes no opening".into(),
            ));
        }
    }
    Ok(Verdict {
        claim: Claim::Winner(cert.winner),
        work,
    })
}

/// `Ok` when the even-kernel lemma applies to `game`: normal-play undirected edge geography
/// with one token (rooted, or placed by player I); the error names the variant otherwise.
/// Misère play, directed graphs, the vertex rule, NimG, partizan and two-token games have no
/// such lemma, so a kernel offered for them proves nothing.
pub(crate) fn kernel_game(game: &Geography) -> Result<(), CheckError> {
    match (game.graph.directed, game.rule, game.tokens, game.convention) {
        (false, Rule::Edge, Tokens::One { .. }, Convention::Normal) => Ok(()),
        _ => Err(CheckError::Unsupported(format!(
            "even kernels prove losses of normal-play one-token undirected edge geography only, \
             not of {}",
            game.variant_name()
        ))),
    }
}

/// Checks that `k` is an even kernel of `g` with the token on `token`, over the edges `free`
/// accepts (the edges not used so far): `token ∈ K`, (i) no free edge has both ends in `K`
/// (a free loop at a member included), (ii) every vertex outside `K` has an even number of
/// free edges into `K`, with multiplicity. O(n + m). `what` names the kernel in errors.
pub(crate) fn check_even_kernel(
    g: &Graph,
    what: &str,
    k: &[usize],
    free: impl Fn(usize) -> bool,
    token: usize,
) -> Result<(), CheckError> {
    let bad = |msg: String| Err(CheckError::Witness(format!("{what}: {msg}")));
    let mut inside = vec![false; g.n()];
    for &v in k {
        if std::mem::replace(&mut inside[v], true) {
            return bad(format!("`{}` is listed twice", g.id(v)));
        }
    }
    // A nonempty kernel is implied: it holds the token.
    if !inside[token] {
        return bad(format!("it must contain `{}`", g.id(token)));
    }
    // Parity of the number of free edges from each outside vertex into the kernel.
    let mut odd = vec![false; g.n()];
    for (e, &(u, v)) in g.edges.iter().enumerate().filter(|&(e, _)| free(e)) {
        match (inside[u], inside[v]) {
            (true, true) if u == v => {
                return bad(format!("the free loop {e} at `{}` is inside it", g.id(u)));
            }
            (true, true) => {
                return bad(format!(
                    "free edge {e} `{}`–`{}` joins two members",
                    g.id(u),
                    g.id(v)
                ));
            }
            (true, false) => odd[v] ^= true,
            (false, true) => odd[u] ^= true,
            (false, false) => {}
        }
    }
    match odd.iter().position(|&o| o) {
        Some(v) => bad(format!(
            "`{}` has an odd number of free edges into it",
            g.id(v)
        )),
        None => Ok(()),
    }
}
