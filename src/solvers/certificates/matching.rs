//! `uvg_matching` certificates for normal-play undirected vertex geography (one token).
//!
//! The game is decided by maximum matchings (Fraenkel–Scheinerman–Ullman; see
//! `certify::matching` for the table of cases). Maximality is proved with a Tutte–Berge set,
//! and the set that makes the bound tight is the Gallai–Edmonds set A(H): with D(H) the
//! vertices missed by some maximum matching, A(H) = N(D) \ D, and
//! ν(H) = (|V(H)| + |A| − odd(H − A)) / 2 because the components of H − A inside D are
//! exactly its odd components. D is the set of *outer* vertices of Edmonds' alternating
//! forest grown from every exposed vertex of a maximum matching, once no augmenting path is
//! left; so one decomposition ([`crate::solvers::blossom`]) gives both the matching and the
//! set.

use super::bug;
use crate::certify::{MatchingCert, Player};
use crate::problems::{Convention, Geography, Rule, Tokens};
use crate::solvers::blossom::{self, NONE};
use crate::solvers::{Budget, SolveError};

/// Whether a matching certificate exists: undirected vertex rule, one token, normal play.
pub fn applies(g: &Geography) -> bool {
    !g.graph.directed
        && g.rule == Rule::Vertex
        && matches!(g.tokens, Tokens::One { .. })
        && g.convention == Convention::Normal
}

/// The `uvg_matching` certificate of `g` (which must satisfy [`applies`]); its winner is the
/// one the matchings decide.
pub fn uvg_certificate(g: &Geography) -> Result<MatchingCert, SolveError> {
    let Tokens::One { start } = g.tokens else {
        return Err(SolveError::Unsupported("matching needs one token".into()));
    };
    if !applies(g) {
        return Err(SolveError::Unsupported(
            "matching certificates need normal-play undirected vertex geography".into(),
        ));
    }
    g.validate()
        .map_err(|(_, msg)| SolveError::Unsupported(format!("invalid game: {msg}")))?;
    let n = g.graph.n();
    let graph = blossom::Graph::from_edges(n, &g.graph.edges);
    let all = vec![true; n];
    let unlimited = Budget::unlimited();
    let whole = blossom::decompose(&graph, &all, &unlimited)?;
    let (winner, mate, set) = match start {
        // The start is missed by some maximum matching: that matching is also maximum in
        // G − v, and A(G) proves it maximum in G.
        Some(v) if whole.deficient[v] => (
            Player::Second,
            whole.missing(v),
            Some(whole.barrier(&graph, &all)),
        ),
        // Every maximum matching covers v: removing v's pair leaves a maximum matching of
        // G − v (one smaller), proved by A(G − v).
        Some(v) => {
            let mut minus = all.clone();
            minus[v] = false;
            let mut without = whole.mate.clone();
            let partner = without[v];
            without[partner] = NONE;
            without[v] = NONE;
            let rest = blossom::decompose_from(&graph, &minus, without, &unlimited)?;
            if rest.size() + 1 != whole.size() {
                return Err(SolveError::Unsupported(
                    "internal: removing a covered vertex kept the matching size".into(),
                ));
            }
            (
                Player::First,
                whole.mate.clone(),
                Some(rest.barrier(&graph, &minus)),
            )
        }
        None if 2 * whole.size() == n => (Player::Second, whole.mate.clone(), None),
        None => (
            Player::First,
            vec![NONE; n],
            Some(whole.barrier(&graph, &all)),
        ),
    };
    let pairs: Vec<(usize, usize)> = (0..n)
        .filter(|&u| mate[u] != NONE && u < mate[u])
        .map(|u| (u, mate[u]))
        .collect();
    MatchingCert::from_indices(&g.graph, winner, &pairs, set.as_deref()).map_err(bug)
}
