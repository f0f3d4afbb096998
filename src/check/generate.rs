//! Seeded source instances for `georeduce check`: one family per source kind, growing size.
//!
//! A case's instance depends only on `(seed, reduction id, case index)` (plus the campaign's
//! `cases` and `max_size`, which fix the size class): [`case_rng`] derives a ChaCha8 stream
//! from those three values with a fixed hash, so a shard of a campaign draws exactly the
//! instances the unsharded run draws at the same indices. The families are those of issue #5
//! §3: 3QBF with every prefix shape, repeated literals and tautological clauses; sparse,
//! dense, acyclic, tree, degree-bounded and cubic graphs; random k; and random games of the
//! variant a reduction reads.

use crate::problems::{Convention, Instance, Rule};
use crate::random::formulas::{QbfParams, random_qbf};
use crate::random::games::{GameParams, Setup, random_game};
use crate::random::graphs::{Endpoints, GraphFamily, HamPathParams, random_family, random_hampath};
use crate::reductions::ProblemKind;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The random stream of one case: a stable hash (FNV-1a, then SplitMix64 finalisation) of
/// the seed, the reduction id and the case index. `std`'s hashers are not used because their
/// output may change between Rust releases, and a seed must reproduce a campaign forever.
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
/// finalisation. (`0xff` never occurs in UTF-8, so it separates an id from what follows.)
pub fn stable_hash(bytes: impl IntoIterator<Item = u8>) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    splitmix(h)
}

/// SplitMix64's output function: spreads the FNV state over all 64 bits.
fn splitmix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
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

/// A generated source instance and the family it was drawn from.
#[derive(Clone, Debug)]
pub struct Drawn {
    /// The instance.
    pub instance: Instance,
    /// The family, e.g. `3qbf/alternating` or `hampath/cubic/directed`.
    pub family: String,
}

/// A random instance of `kind` whose size parameter (variables, vertices) is `size`, or
/// `None` for a kind that has no generator ([`ProblemKind::OtherGame`]).
pub fn generate(kind: ProblemKind, size: usize, rng: &mut ChaCha8Rng) -> Option<Drawn> {
    match kind {
        ProblemKind::Qbf => Some(qbf(size, rng)),
        ProblemKind::Hampath => Some(hampath(size, rng)),
        ProblemKind::VertexCover => Some(vertex_cover(size, rng)),
        ProblemKind::OtherGame => None,
        game => game_params(game, size, rng).map(|p| Drawn {
            instance: Instance::Geography(random_game(rng, &p)),
            family: format!("{}/p{:.2}", game.name(), p.edge_prob),
        }),
    }
}

/// 3QBF on `n` variables with 1 to 2n + 1 clauses, any prefix shape, repeats and
/// tautologies allowed (the family the errata of Thm 2.5 need).
fn qbf(n: usize, rng: &mut ChaCha8Rng) -> Drawn {
    let params = QbfParams::three_qbf(n..=n, 1..=2 * n + 1);
    let q = random_qbf(rng, &params);
    let shape = match (q.prefix.len(), q.prefix.first().map(|b| b.quantifier)) {
        (1, _) => "one-block",
        (_, Some(crate::problems::Quantifier::Forall)) => "forall-first",
        _ => "exists-first",
    };
    Drawn {
        instance: Instance::Qbf(q),
        family: format!("3qbf/{shape}"),
    }
}

/// The graph families of issue #5, with their names. Cubic graphs exist only on even orders
/// of at least 4; elsewhere the degree-bounded family (max degree 3) stands in.
fn graph_family(n: usize, rng: &mut ChaCha8Rng) -> (GraphFamily, &'static str) {
    let bounded = GraphFamily::DegreeBounded {
        max_degree: 3,
        p: 0.7,
    };
    match rng.random_range(0..6) {
        0 => (GraphFamily::Sparse, "sparse"),
        1 => (GraphFamily::Dense, "dense"),
        2 => (GraphFamily::Acyclic(0.5), "acyclic"),
        3 => (GraphFamily::Tree, "tree"),
        4 => (bounded, "degree-bounded"),
        _ if n >= 4 && n % 2 == 0 => (GraphFamily::Cubic, "cubic"),
        _ => (bounded, "degree-bounded"),
    }
}

/// A Hamiltonian-path instance on `n` vertices: any family, directed or not, any fixed
/// endpoints, a path planted half of the time so that YES instances are common.
fn hampath(n: usize, rng: &mut ChaCha8Rng) -> Drawn {
    let (family, name) = graph_family(n, rng);
    let directed = rng.random_bool(0.5);
    let params = HamPathParams {
        vertices: n..=n,
        family,
        directed,
        endpoints: Endpoints::Mixed,
        plant: 0.5,
    };
    let h = random_hampath(rng, &params);
    let d = if directed { "directed" } else { "undirected" };
    Drawn {
        instance: Instance::Hampath(h),
        family: format!("hampath/{name}/{d}"),
    }
}

/// A vertex-cover instance on `n` vertices of any family, with k uniform in `0..=n+1` (so
/// k = 0 and k > n, the boundary cases of Thm 2.4, both occur).
fn vertex_cover(n: usize, rng: &mut ChaCha8Rng) -> Drawn {
    let (family, name) = graph_family(n, rng);
    let graph = random_family(rng, family, n, false);
    let k = rng.random_range(0..=n + 1);
    Drawn {
        instance: Instance::VertexCover(crate::problems::VertexCover { graph, k }),
        family: format!("vertex-cover/{name}"),
    }
}

/// The random-game parameters that produce an instance of `kind` on `n` vertices; the edge
/// probability is drawn from [0.15, 0.6] and edge-rule games get loops a fifth of the time.
fn game_params(kind: ProblemKind, n: usize, rng: &mut ChaCha8Rng) -> Option<GameParams> {
    use Convention::{Misere, Normal};
    use ProblemKind as K;
    let (rule, setup, convention, directed) = match kind {
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
    };
    Some(GameParams {
        rule,
        setup,
        convention,
        directed,
        n,
        edge_prob: 0.15 + 0.45 * rng.random::<f64>(),
        loops: rule == Rule::Edge && rng.random_bool(0.2),
        max_weight: 3,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_kind_generates_its_own_kind() {
        for kind in ProblemKind::ALL {
            for size in 1..=6 {
                let mut rng = case_rng(7, kind.name(), size);
                match generate(kind, size, &mut rng) {
                    Some(d) => assert_eq!(ProblemKind::of(&d.instance), kind, "{}", d.family),
                    None => assert_eq!(kind, ProblemKind::OtherGame),
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
        // The id and the index are separated, so ("a1", 0) and ("a", 10) cannot collide by
        // concatenation.
        assert_ne!(draw(1, "a1", 0), draw(1, "a", 0));
    }

    #[test]
    fn sizes_grow_in_blocks_and_cover_every_class() {
        let sizes: Vec<usize> = (0..12).map(|i| size_of_case(i, 12, 4)).collect();
        assert_eq!(sizes, [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4]);
        assert_eq!(size_of_case(0, 0, 0), 1);
    }
}
