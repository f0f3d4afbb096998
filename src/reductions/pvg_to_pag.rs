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

use super::claims::check_degree_restricted;
use super::helpers::{check_bipartite, directed_game, partizan, target_game, wrong_kind};
use super::{Claim, ProblemKind, Reduced, Reduction, ReductionError, ReductionInfo};
use crate::problems::{Geography, Graph, Instance, Locator, Rule, Tokens, VertexId};
use crate::solvers::Winner;

/// Fraenkel–Simonson Theorem 2.2 (`pvg-pag`).
#[derive(Clone, Copy, Debug, Default)]
pub struct PvgToPag;

static INFO: ReductionInfo = ReductionInfo {
    id: "pvg-pag",
    source: ProblemKind::Pvg,
    target: ProblemKind::Pag,
    paper: "Fraenkel & Simonson, \"Geography\", TCS 110 (1993) 197–214 \
            (../shared/papers/002_6f77a2c70ea13afa.txt)",
    theorem: "Thm 2.2 (Fig. 3)",
    gadgets: &["vertex split u_in → u_out", "u_out → u_extra on every sink"],
    vertices_formula: "2|V| + #sinks",
    edges_formula: "|V| + |A| + #sinks",
    preconditions: &["a PVG: directed, vertex rule, normal play, two distinct start vertices"],
    claims: &[
        "I wins PAG on G' ⇔ I wins PVG on G",
        "bipartite (in vs out)",
        "degree-restricted whenever G is",
    ],
    errata: &[],
    provenance: "recovered from the paper's text (the prose is complete), brute-force verified",
    structure: &[Claim::PlanarIfSource {
        max_degree: Some(3),
        why: "FS Thm 2.2 with 2.3: PAG is NP-hard for planar digraphs (vertex splitting; holds \
              for maximum degree 3)",
    }],
    size_legend: "",
    yes_winner: Winner::First,
};

/// The source game, checked to be a valid PVG, and its two start vertices.
fn expect_pvg(source: &Instance) -> Result<(&Geography, [VertexId; 2]), ReductionError> {
    let Instance::Geography(g) = source else {
        return Err(wrong_kind(INFO.id, "PVG", source));
    };
    let (
        ProblemKind::Pvg,
        Tokens::Partizan {
            starts: Some(starts),
        },
    ) = (ProblemKind::of(source), g.tokens)
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
    Ok((g, starts))
}

/// The split halves of each source vertex.
struct Layout {
    inn: Vec<VertexId>,
    out: Vec<VertexId>,
    /// `u_extra` for sinks, `None` elsewhere.
    extra: Vec<Option<VertexId>>,
}

impl Layout {
    /// Adds `u_in`, `u_out` (and `u_extra` for sinks) for every source vertex, in index order.
    /// Identifiers `in_u`, `out_u`, `extra_u` cannot collide: their prefixes differ.
    fn new(g: &mut Graph, src: &Graph) -> Layout {
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
        Layout { inn, out, extra }
    }

    /// The split vertices of `u`.
    fn halves(&self, u: VertexId) -> impl Iterator<Item = VertexId> + '_ {
        [self.inn[u], self.out[u]].into_iter().chain(self.extra[u])
    }
}

impl Reduction for PvgToPag {
    super::certmaps::delegate_maps!(pag, super::certmaps::pag::MAPS);

    fn info(&self) -> &ReductionInfo {
        &INFO
    }

    fn reduce(&self, source: &Instance) -> Result<Reduced, ReductionError> {
        let (game, [a, b]) = expect_pvg(source)?;
        let src = &game.graph;
        let mut g = Graph::new(true);
        let lay = Layout::new(&mut g, src);
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
        Ok(Reduced {
            target: directed_game(g, Rule::Edge, partizan(lay.inn[a], lay.inn[b])),
            notes: Vec::new(),
        })
    }

    fn declared_size(&self, source: &Instance) -> (usize, usize) {
        let Ok((game, _)) = expect_pvg(source) else {
            return (0, 0);
        };
        let (n, a) = (game.graph.n(), game.graph.m());
        let sinks = game.graph.out_degrees().iter().filter(|&&d| d == 0).count();
        (2 * n + sinks, n + a + sinks)
    }

    fn check_structure(&self, source: &Instance, target: &Instance) -> Result<(), String> {
        let game = target_game(target)?;
        check_bipartite(&game.graph)?;
        match source {
            Instance::Geography(src) if check_degree_restricted(&src.graph).is_ok() => {
                check_degree_restricted(&game.graph)
            }
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
