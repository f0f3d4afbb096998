//! Test-only builders (`cfg(test)` or the `test-util` feature): [`Graph::from_edges`] and the
//! [`game!`](crate::game) macro, which the unit tests and the integration tests share instead
//! of each file's own `graph(…)`/`game(…)` helpers.

/// A geography game in one line, for tests (`cfg(test)` or the `test-util` feature).
///
/// The kind names the rule, the direction and the convention (`misere` before it for misère
/// play): `dvg`, `uvg`, `deg`, `ueg` (one token), `pvg`, `pag` (partizan), `ivg2`, `iag2` (two
/// shared tokens), `nimg` (NimG-RM, undirected). The board is either a list of edges on
/// vertices `v0 … v(n−1)` (`0 -> 1, 1 -> 2`, or `0 -- 1` on an undirected board; `n` is one
/// more than the largest endpoint unless given as `kind[n]`; a board without edges is written
/// `on Graph::from_edges(…)`) or `on GRAPH`, an existing
/// [`Graph`](crate::problems::Graph) whose direction must be the kind's. After `;`, the tokens:
/// `start V`, `unrooted`, `optional_start S` (an `Option<VertexId>`: rooted or not, as the
/// test decides at run time), `first V, second W`, `partizan unrooted`, `two V, W`.
///
/// ```
/// use georeduce::game;
/// use georeduce::problems::{Graph, Rule, Tokens};
/// let path = game!(dvg: 0 -> 1, 1 -> 2; start 0);
/// assert_eq!((path.graph.n(), path.graph.m(), path.rule), (3, 2, Rule::Vertex));
/// let trap = game!(ueg on Graph::from_edges(false, 3, &[(0, 1), (1, 2)]); partizan unrooted);
/// assert_eq!(trap.tokens, Tokens::Partizan { starts: None });
/// let lone = game!(misere uvg[3]: 0 -- 1; start 2);
/// assert_eq!((lone.graph.n(), lone.graph.directed), (3, false));
/// ```
#[macro_export]
macro_rules! game {
    (misere $kind:ident $($rest:tt)*) => {
        $crate::game!(@with $crate::problems::Convention::Misere; $kind $($rest)*)
    };
    ($kind:ident $($rest:tt)*) => {
        $crate::game!(@with $crate::problems::Convention::Normal; $kind $($rest)*)
    };
    (@with $conv:expr; $kind:ident on $graph:expr; $($tokens:tt)+) => {{
        let graph: $crate::problems::Graph = $graph;
        assert_eq!(
            graph.directed,
            $crate::game!(@directed $kind),
            "game!: the graph's direction is not {}'s",
            stringify!($kind)
        );
        $crate::problems::Geography {
            graph,
            rule: $crate::game!(@rule $kind),
            tokens: $crate::game!(@tokens $($tokens)+),
            convention: $conv,
        }
    }};
    (@with $conv:expr; $kind:ident $([$n:expr])? : $($a:tt -> $b:tt),* ; $($tokens:tt)+) => {
        $crate::game!(@edges $conv; $kind $([$n])?; [$(($a, $b)),*]; $($tokens)+)
    };
    (@with $conv:expr; $kind:ident $([$n:expr])? : $($a:tt - - $b:tt),* ; $($tokens:tt)+) => {
        $crate::game!(@edges $conv; $kind $([$n])?; [$(($a, $b)),*]; $($tokens)+)
    };
    (@edges $conv:expr; $kind:ident $([$n:expr])?; [$($edge:expr),*]; $($tokens:tt)+) => {{
        let edges: &[(usize, usize)] = &[$($edge),*];
        #[allow(unused_variables)]
        let n = edges.iter().map(|&(a, b)| a.max(b) + 1).max().unwrap_or(0);
        $(let n: usize = $n;)?
        $crate::game!(@with $conv; $kind on $crate::problems::Graph::from_edges(
            $crate::game!(@directed $kind), n, edges); $($tokens)+)
    }};
    (@rule dvg) => { $crate::problems::Rule::Vertex };
    (@rule uvg) => { $crate::problems::Rule::Vertex };
    (@rule pvg) => { $crate::problems::Rule::Vertex };
    (@rule ivg2) => { $crate::problems::Rule::Vertex };
    (@rule deg) => { $crate::problems::Rule::Edge };
    (@rule ueg) => { $crate::problems::Rule::Edge };
    (@rule pag) => { $crate::problems::Rule::Edge };
    (@rule iag2) => { $crate::problems::Rule::Edge };
    (@rule nimg) => { $crate::problems::Rule::NimRemoveMove };
    (@directed dvg) => { true };
    (@directed deg) => { true };
    (@directed pvg) => { true };
    (@directed pag) => { true };
    (@directed ivg2) => { true };
    (@directed iag2) => { true };
    (@directed uvg) => { false };
    (@directed ueg) => { false };
    (@directed nimg) => { false };
    (@tokens start $v:expr) => {
        $crate::problems::Tokens::One { start: Some($v) }
    };
    (@tokens optional_start $v:expr) => {
        $crate::problems::Tokens::One { start: $v }
    };
    (@tokens unrooted) => {
        $crate::problems::Tokens::One { start: None }
    };
    (@tokens first $a:expr, second $b:expr) => {
        $crate::problems::Tokens::Partizan { starts: Some([$a, $b]) }
    };
    (@tokens partizan unrooted) => {
        $crate::problems::Tokens::Partizan { starts: None }
    };
    (@tokens two $a:expr, $b:expr) => {
        $crate::problems::Tokens::TwoShared { starts: [$a, $b] }
    };
}

#[cfg(test)]
mod tests {
    use crate::problems::{Convention, Graph, Rule, Tokens};

    #[test]
    fn game_macro_builds_what_it_says() {
        let g = game!(pvg[4]: 0 -> 1, 1 -> 2; first 0, second 3);
        assert_eq!((g.graph.n(), g.graph.m(), g.graph.directed), (4, 2, true));
        assert_eq!(g.graph.edges, vec![(0, 1), (1, 2)]);
        assert_eq!(g.graph.id(3), "v3");
        assert_eq!(
            g.tokens,
            Tokens::Partizan {
                starts: Some([0, 3])
            }
        );
        assert_eq!((g.rule, g.convention), (Rule::Vertex, Convention::Normal));
        let u = game!(misere ueg: 0 -- 1, 1 -- 2; unrooted);
        assert_eq!(
            (u.graph.n(), u.graph.directed, u.rule),
            (3, false, Rule::Edge)
        );
        assert_eq!(u.convention, Convention::Misere);
        let two = game!(iag2 on Graph::from_edges(true, 2, &[(0, 1)]); two 0, 1);
        let maybe = game!(uvg on Graph::from_edges(false, 2, &[(0, 1)]); optional_start None);
        assert_eq!(maybe.tokens, Tokens::One { start: None });
        assert_eq!(two.tokens, Tokens::TwoShared { starts: [0, 1] });
    }

    #[test]
    #[should_panic(expected = "direction")]
    fn game_macro_refuses_a_board_of_the_wrong_direction() {
        let _ = game!(dvg on Graph::from_edges(false, 2, &[(0, 1)]); start 0);
    }
}
