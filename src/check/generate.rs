//! Seeded source instances for `georeduce check`: families per source kind, growing size.
//!
//! A case's instance depends only on `(seed, reduction id, case index)` (plus the campaign's
//! `cases` and `max_size`, which fix the size class): [`case_rng`] derives a ChaCha8 stream
//! from those three values with a fixed hash, so a shard of a campaign draws exactly the
//! instances the unsharded run draws at the same indices. The families are those of issue #5
//! §3: 3QBF with every prefix shape, repeated literals and tautological clauses; sparse,
//! dense, acyclic, tree, degree-bounded and cubic graphs; random k; and random games of the
//! variant a reduction reads.
//!
//! A family is split into [`Variant`]s, the discrete choices a precondition may rule out
//! (directed or not, which endpoints are fixed, loops). The campaign keeps the variants a
//! reduction accepts, weighted by how often (see `campaign::weighted_variants`), so that, say, Trail Trap Thm 18,
//! which reads only undirected cubic graphs with a start and no end, is tested on those
//! instead of skipping nearly every case.

use crate::problems::{Convention, Instance, Rule, VertexCover};
use crate::random::formulas::{PrefixShape, QbfParams, random_qbf};
use crate::random::games::{GameParams, Setup, random_game};
use crate::random::graphs::{Endpoints, GraphFamily, HamPathParams, random_family, random_hampath};
use crate::reductions::ProblemKind;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The random stream of one case, from a [`stable_hash`] of the seed, the reduction id and
/// the case index.
pub fn case_rng(seed: u64, reduction_id: &str, index: usize) -> ChaCha8Rng {
    let bytes = seed
        .to_le_bytes()
        .into_iter()
        .chain(reduction_id.bytes())
        .chain([0xff])
        .chain((index as u64).to_le_bytes());
    ChaCha8Rng::seed_from_u64(stable_hash(bytes))
}

/// A hash of `bytes` that never changes between builds or platforms: FNV-1a, then SplitMix64
/// finalisation. `std`'s hashers are not used because their output may change between Rust
/// releases, and a seed must reproduce a campaign forever. (`0xff` never occurs in UTF-8, so
/// it separates an id from what follows.)
pub fn stable_hash(bytes: impl IntoIterator<Item = u8>) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    let mut z = h.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The size class of case `index` in a campaign of `cases` cases: sizes `1..=max_size` in
/// equal consecutive blocks, so that a campaign starts small and grows.
pub fn size_of_case(index: usize, cases: usize, max_size: usize) -> usize {
    let max_size = max_size.max(1);
    1 + index.saturating_mul(max_size) / cases.max(1)
}

/// The graph families of issue #5. Cubic graphs exist only on even orders of at least 4, so
/// the cubic family rounds the size up to the next such order; bridged cubic graphs have 10
/// to 22 vertices in every size class, because connected cubic graphs without bridges that
/// small always have a Hamiltonian path and a trail of n + 1 edges from every vertex (Trail
/// Trap Thm 18 would see no NO instance).
pub const GRAPH_FAMILIES: [(&str, GraphFamily); 7] = [
    ("sparse", GraphFamily::Sparse),
    ("dense", GraphFamily::Dense),
    ("acyclic", GraphFamily::Acyclic(0.5)),
    ("tree", GraphFamily::Tree),
    (
        "degree-bounded",
        GraphFamily::DegreeBounded {
            max_degree: 3,
            p: 0.7,
        },
    ),
    ("cubic", GraphFamily::Cubic),
    ("cubic-bridged", GraphFamily::BridgedCubic),
];

/// One discrete choice within a kind's family.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Variant {
    /// 3QBF with this prefix shape.
    Qbf(PrefixShape),
    /// A Hamiltonian-path instance: graph family (index into [`GRAPH_FAMILIES`]),
    /// orientation, fixed endpoints.
    Hampath {
        /// Index into [`GRAPH_FAMILIES`].
        family: usize,
        /// Directed graph.
        directed: bool,
        /// Which endpoints are fixed.
        endpoints: Endpoints,
    },
    /// A vertex-cover instance on this graph family (index into [`GRAPH_FAMILIES`]).
    Cover(usize),
    /// A random game of the source kind; `loops` only under the edge rule.
    Game {
        /// Whether loops may appear.
        loops: bool,
    },
}

impl Variant {
    /// A short name, e.g. `3qbf/alternating`, `hampath/cubic/undirected/start`.
    pub fn name(&self) -> String {
        match *self {
            Variant::Qbf(shape) => format!("3qbf/{shape:?}").to_lowercase(),
            Variant::Hampath {
                family,
                directed,
                endpoints,
            } => {
                let d = if directed { "directed" } else { "undirected" };
                let e = format!("{endpoints:?}").to_lowercase();
                format!("hampath/{}/{d}/{e}", GRAPH_FAMILIES[family].0)
            }
            Variant::Cover(family) => format!("vertex-cover/{}", GRAPH_FAMILIES[family].0),
            Variant::Game { loops: true } => "game/loops".into(),
            Variant::Game { loops: false } => "game".into(),
        }
    }
}

/// Every variant of `kind`'s family (empty for [`ProblemKind::OtherGame`]).
pub fn variants(kind: ProblemKind) -> Vec<Variant> {
    let families = 0..GRAPH_FAMILIES.len();
    match kind {
        ProblemKind::Qbf => PrefixShape::ALL.into_iter().map(Variant::Qbf).collect(),
        ProblemKind::Hampath => {
            let ends = [
                Endpoints::Free,
                Endpoints::Start,
                Endpoints::End,
                Endpoints::Both,
            ];
            let mut out = Vec::new();
            for family in families {
                for directed in [true, false] {
                    for endpoints in ends {
                        out.push(Variant::Hampath {
                            family,
                            directed,
                            endpoints,
                        });
                    }
                }
            }
            out
        }
        // Bridged cubic graphs are there for Hamiltonian-path NO answers; vertex cover has
        // NO answers at every size (random k), and Thm 2.4's games on 10–22 vertices only
        // exhaust the budget.
        ProblemKind::VertexCover => families
            .filter(|&f| GRAPH_FAMILIES[f].1 != GraphFamily::BridgedCubic)
            .map(Variant::Cover)
            .collect(),
        ProblemKind::OtherGame => Vec::new(),
        game => match game_setup(game) {
            Some((Rule::Edge, ..)) => vec![
                Variant::Game { loops: false },
                Variant::Game { loops: true },
            ],
            Some(_) => vec![Variant::Game { loops: false }],
            None => Vec::new(),
        },
    }
}

/// A generated source instance and the family it was drawn from.
#[derive(Clone, Debug)]
pub struct Drawn {
    /// The instance.
    pub instance: Instance,
    /// The variant's name.
    pub family: String,
}

/// A random instance of `kind` whose size parameter (variables, vertices) is `size`, of a
/// variant drawn from `variants` with probability proportional to its weight; `None` when
/// no variant has weight.
pub fn generate(
    kind: ProblemKind,
    variants: &[(Variant, u32)],
    size: usize,
    rng: &mut ChaCha8Rng,
) -> Option<Drawn> {
    let total: u32 = variants.iter().map(|&(_, w)| w).sum();
    if total == 0 {
        return None;
    }
    let mut ticket = rng.random_range(0..total);
    let &(v, _) = variants.iter().find(|&&(_, w)| {
        let hit = ticket < w;
        ticket = ticket.saturating_sub(w);
        hit
    })?;
    generate_variant(kind, v, size, rng)
}

/// A random instance of one variant (`None` if the variant does not fit `kind`).
pub fn generate_variant(
    kind: ProblemKind,
    v: Variant,
    n: usize,
    rng: &mut ChaCha8Rng,
) -> Option<Drawn> {
    let instance = match v {
        Variant::Qbf(shape) => {
            let params = QbfParams {
                prefix: shape,
                ..QbfParams::three_qbf(n..=n, 1..=2 * n)
            };
            Instance::Qbf(random_qbf(rng, &params))
        }
        Variant::Hampath {
            family,
            directed,
            endpoints,
        } => {
            let params = HamPathParams {
                vertices: n..=n,
                family: GRAPH_FAMILIES[family].1,
                directed,
                endpoints,
                plant: 0.5,
            };
            Instance::Hampath(random_hampath(rng, &params))
        }
        Variant::Cover(family) => {
            let graph = random_family(rng, GRAPH_FAMILIES[family].1, n, false);
            let k = random_k(graph.n(), rng);
            Instance::VertexCover(VertexCover { graph, k })
        }
        Variant::Game { loops } => {
            let params = game_params(kind, n, loops, rng)?;
            Instance::Geography(random_game(rng, &params))
        }
    };
    Some(Drawn {
        instance,
        family: v.name(),
    })
}

/// Mostly 1 ≤ k ≤ n (half of those with k ≤ ⌈n/2⌉, where NO instances live); a tenth each
/// for the boundaries k = 0 and k = n + 1 that Thm 2.4 treats specially.
fn random_k(n: usize, rng: &mut ChaCha8Rng) -> usize {
    match rng.random_range(0..10) {
        0 => 0,
        1 => n + 1,
        _ if rng.random_bool(0.5) => rng.random_range(1..=n.div_ceil(2).max(1)),
        _ => rng.random_range(1..=n.max(1)),
    }
}

/// Rule, token setup, convention and orientation of a game kind.
fn game_setup(kind: ProblemKind) -> Option<(Rule, Setup, Convention, bool)> {
    use Convention::{Misere, Normal};
    use ProblemKind as K;
    Some(match kind {
        K::Dvg => (Rule::Vertex, Setup::Rooted, Normal, true),
        K::Uvg => (Rule::Vertex, Setup::Rooted, Normal, false),
        K::Deg => (Rule::Edge, Setup::Rooted, Normal, true),
        K::Ueg => (Rule::Edge, Setup::Rooted, Normal, false),
        K::Pvg => (Rule::Vertex, Setup::Partizan, Normal, true),
        K::Pag => (Rule::Edge, Setup::Partizan, Normal, true),
        K::Ivg2 => (Rule::Vertex, Setup::TwoShared, Normal, true),
        K::Iag2 => (Rule::Edge, Setup::TwoShared, Normal, true),
        K::MisereDvg => (Rule::Vertex, Setup::Rooted, Misere, true),
        K::MisereUvg => (Rule::Vertex, Setup::Rooted, Misere, false),
        K::MisereDeg => (Rule::Edge, Setup::Rooted, Misere, true),
        K::MisereUeg => (Rule::Edge, Setup::Rooted, Misere, false),
        K::MisereNimgRm => (Rule::NimRemoveMove, Setup::Rooted, Misere, false),
        K::TrailTrap => (Rule::Edge, Setup::PartizanUnrooted, Normal, false),
        K::Qbf | K::Hampath | K::VertexCover | K::OtherGame => return None,
    })
}

/// Random-game parameters for `kind` on `n` vertices. The edge probability is drawn from
/// [0.15, 0.6] under the vertex rule and from [0.1, 0.4] under the edge rule, where the
/// search space grows with the number of edges rather than vertices.
fn game_params(
    kind: ProblemKind,
    n: usize,
    loops: bool,
    rng: &mut ChaCha8Rng,
) -> Option<GameParams> {
    let (rule, setup, convention, directed) = game_setup(kind)?;
    let (low, high) = if rule == Rule::Edge {
        (0.1, 0.4)
    } else {
        (0.15, 0.6)
    };
    Some(GameParams {
        rule,
        setup,
        convention,
        directed,
        n,
        edge_prob: low + (high - low) * rng.random::<f64>(),
        loops,
        max_weight: 3,
        ..GameParams::default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_variant_generates_its_own_kind() {
        for kind in ProblemKind::ALL {
            let vs = variants(kind);
            assert_eq!(vs.is_empty(), kind == ProblemKind::OtherGame, "{kind:?}");
            for (i, &v) in vs.iter().enumerate() {
                for size in 1..=6 {
                    let mut rng = case_rng(7, kind.name(), i * 10 + size);
                    let d = generate_variant(kind, v, size, &mut rng).expect("variant fits");
                    assert_eq!(ProblemKind::of(&d.instance), kind, "{}", d.family);
                }
            }
        }
    }

    #[test]
    fn case_streams_differ_by_seed_id_and_index() {
        let draw = |s, id: &str, i| case_rng(s, id, i).random::<u64>();
        assert_eq!(draw(1, "a", 2), draw(1, "a", 2));
        assert_ne!(draw(1, "a", 2), draw(2, "a", 2));
        assert_ne!(draw(1, "a", 2), draw(1, "b", 2));
        assert_ne!(draw(1, "a", 2), draw(1, "a", 3));
        // The id and the index are separated by 0xff, so an id ending in a digit does not
        // run into the index.
        assert_ne!(draw(1, "a1", 0), draw(1, "a", 0));
    }

    #[test]
    fn sizes_grow_in_blocks_and_cover_every_class() {
        let sizes: Vec<usize> = (0..12).map(|i| size_of_case(i, 12, 4)).collect();
        assert_eq!(sizes, [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4]);
        assert_eq!(size_of_case(0, 0, 0), 1);
    }
}
