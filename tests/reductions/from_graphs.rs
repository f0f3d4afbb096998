//! The graph reductions (`pvg-pag`, `hampath-pvg`, `vc-pvg`): random closed loops and
//! ablations.

use crate::reductions::harness::{ablation_mismatches, reduction, run_all, source_yes};
use crate::reductions::surgery::{add_arcs, ids, remove};
use georeduce::Instance;
use georeduce::problems::{Convention, Geography, Graph, HamPath, Rule, Tokens, VertexCover};
use georeduce::random::games::{GameParams, Setup, random_game};
use georeduce::random::graphs::{
    Endpoints, GraphFamily, HamPathParams, random_hampath, random_vertex_cover,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// `count` random PVGs on 2–7 vertices with arc probability 0.2, 0.35 or 0.5.
fn pvg_sample(seed: u64, count: usize) -> Vec<Instance> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..count)
        .map(|_| {
            let p = GameParams {
                rule: Rule::Vertex,
                setup: Setup::Partizan,
                n: rng.random_range(2..=7),
                edge_prob: [0.2, 0.35, 0.5][rng.random_range(0..3)],
                ..GameParams::default()
            };
            Instance::Geography(random_game(&mut rng, &p))
        })
        .collect()
}

/// `count` random Hamiltonian-path instances with a start vertex: `min_n`–6 vertices, arc
/// probability 0.3/0.5/0.7, a planted path half of the time; 70 % fix both ends, 20 % only
/// the start, and 10 % are undirected with both ends fixed.
pub fn hampath_sample(seed: u64, count: usize, min_n: usize) -> Vec<Instance> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..count)
        .map(|i| {
            let (endpoints, directed) = match i % 10 {
                0..=6 => (Endpoints::Both, true),
                7 | 8 => (Endpoints::Start, true),
                _ => (Endpoints::Both, false),
            };
            let p = HamPathParams {
                vertices: min_n..=6,
                family: GraphFamily::Gnp([0.3, 0.5, 0.7][rng.random_range(0..3)]),
                directed,
                endpoints,
                plant: 0.5,
            };
            Instance::Hampath(random_hampath(&mut rng, &p))
        })
        .collect()
}

/// `count` random vertex-cover instances: 1–6 vertices, edge density 0.3/0.5/0.8, and k near
/// the cover number τ (τ − 1, τ or uniform in 1..=n), so both answers are common; one in 20
/// has k = 0 and one in 20 has k > n, outside Thm 2.4's range (`vc-pvg` compiles those to its
/// fixed board).
fn vc_sample(seed: u64, count: usize) -> Vec<Instance> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..count)
        .map(|i| {
            let n = rng.random_range(1..=6);
            let density = [0.3, 0.5, 0.8][rng.random_range(0..3)];
            let mut vc = random_vertex_cover(&mut rng, n, density, 0);
            let tau = (0..=n)
                .find(|&k| covered(&vc, k))
                .expect("n vertices cover");
            let guess = [
                tau.saturating_sub(1),
                tau,
                tau.saturating_sub(1),
                rng.random_range(1..=n),
            ];
            vc.k = match i % 20 {
                0 => 0,
                10 => n + rng.random_range(1..=3),
                _ => guess[rng.random_range(0..4)].max(1),
            };
            Instance::VertexCover(vc)
        })
        .collect()
}

fn covered(vc: &VertexCover, k: usize) -> bool {
    source_yes(&Instance::VertexCover(VertexCover {
        graph: vc.graph.clone(),
        k,
    }))
}

#[test]
fn pvg_pag_agrees_on_1000_random_pvgs() {
    run_all(reduction("pvg-pag"), &pvg_sample(21, 1000)).assert_sound("pvg-pag", 0.15);
}

#[test]
fn hampath_pvg_agrees_on_1000_random_graphs() {
    let id = "hampath-pvg";
    run_all(reduction(id), &hampath_sample(22, 1000, 1)).assert_sound(id, 0.15);
}

#[test]
fn vc_pvg_agrees_on_1000_random_graphs() {
    let sample = vc_sample(23, 1000);
    // k = 0 and k > n compile to the fixed board: compiled, checked and solved like the rest.
    let outside: Vec<Instance> = sample
        .iter()
        .filter(|s| matches!(s, Instance::VertexCover(vc) if vc.k == 0 || vc.k > vc.graph.n()))
        .cloned()
        .collect();
    assert!(outside.len() >= 20, "{} out-of-range cases", outside.len());
    run_all(reduction("vc-pvg"), &outside).assert_sound("vc-pvg, k = 0 or k > n", 0.15);
    run_all(reduction("vc-pvg"), &sample).assert_sound("vc-pvg", 0.15);
}

/// The identifier `{prefix}{i}` with the largest i.
fn last_with_prefix(t: &Instance, prefix: &str) -> String {
    let last = ids(t)
        .into_iter()
        .filter_map(|id| {
            id.strip_prefix(prefix)
                .and_then(|i| i.parse::<usize>().ok())
        })
        .max()
        .unwrap_or_else(|| panic!("no vertex {prefix}…"));
    format!("{prefix}{last}")
}

fn assert_caught(
    id: &str,
    what: &str,
    sources: &[Instance],
    mutate: impl Fn(&Instance) -> Instance,
) {
    let bad = ablation_mismatches(reduction(id), sources, mutate);
    eprintln!("{id} ablation '{what}': {bad}/{} wrong", sources.len());
    assert!(bad > 0, "{id}: the ablation '{what}' went unnoticed");
}

#[test]
fn ablation_pag_without_the_extra_arcs() {
    let remove_extra = |t: &Instance| remove(t, |id| id.starts_with("extra_"));
    assert_caught("pvg-pag", "no u_extra", &pvg_sample(98, 300), remove_extra);
}

#[test]
fn ablation_hampath_chain_one_vertex_short() {
    let shorter = |t: &Instance| {
        let last = last_with_prefix(t, "ch");
        remove(t, |id| id == last)
    };
    assert_caught(
        "hampath-pvg",
        "chain of n − 1",
        &hampath_sample(97, 300, 2),
        shorter,
    );
}

/// The vertex-cover ablation sample: 300-odd instances with k ≥ 1, so that all compile.
fn vc_ablation_sources() -> Vec<Instance> {
    // Ablations cut Thm 2.4's board: only sources inside 1 ≤ k ≤ n are compiled onto it.
    let on_the_board =
        |s: &Instance| matches!(s, Instance::VertexCover(v) if (1..=v.graph.n()).contains(&v.k));
    vc_sample(96, 320)
        .into_iter()
        .filter(on_the_board)
        .collect()
}

/// Removes the vertex `{prefix}{i}` with the largest i: a chain or cigar one vertex short.
fn drop_last(prefix: &'static str) -> impl Fn(&Instance) -> Instance {
    move |t: &Instance| {
        let last = last_with_prefix(t, prefix);
        remove(t, |id| id == last)
    }
}

#[test]
fn ablation_vc_cigar_one_short_and_complete_bipartite() {
    let sources = vc_ablation_sources();
    assert_caught("vc-pvg", "cigar 1 of n − k + 5", &sources, drop_last("K1_"));
    assert_caught(
        "vc-pvg",
        "cigar 3 → cigar 4 complete bipartite",
        &sources,
        |t: &Instance| {
            let n = ids(t).iter().filter(|id| id.starts_with("K3_")).count();
            let arcs: Vec<(String, String)> = (0..n)
                .flat_map(|i| (0..n).filter(move |&j| j != i).map(move |j| (i, j)))
                .map(|(i, j)| (format!("K3_{i}"), format!("K4_{j}")))
                .collect();
            add_arcs(t, &[], &arcs)
        },
    );
}

#[test]
fn ablation_vc_tail_chains_off_by_one() {
    let sources = vc_ablation_sources();
    assert_caught("vc-pvg", "short chain of n − k", &sources, drop_last("c1_"));
    assert_caught(
        "vc-pvg",
        "long chain of n − k + 1",
        &sources,
        drop_last("c2_"),
    );
    assert_caught(
        "vc-pvg",
        "long chain of n − k + 3",
        &sources,
        |t: &Instance| {
            let last = last_with_prefix(t, "c2_");
            add_arcs(t, &["c2_extra".into()], &[(last, "c2_extra".into())])
        },
    );
}

/// Every loop-free digraph (directed) or graph on `n` vertices `v0 … v{n−1}`, in a fixed order.
fn all_graphs(n: usize, directed: bool) -> Vec<Graph> {
    let pairs: Vec<(usize, usize)> = (0..n)
        .flat_map(|u| (0..n).map(move |v| (u, v)))
        .filter(|&(u, v)| if directed { u != v } else { u < v })
        .collect();
    (0..1u64 << pairs.len())
        .map(|mask| {
            let mut g = Graph::new(directed);
            for i in 0..n {
                g.add_vertex(format!("v{i}"));
            }
            for (b, &(u, v)) in pairs.iter().enumerate() {
                if mask >> b & 1 == 1 {
                    g.add_edge(u, v);
                }
            }
            g
        })
        .collect()
}

#[test]
fn pvg_pag_agrees_on_every_small_pvg() {
    // Every digraph on 3 vertices with every pair of starts, and on 4 vertices with starts
    // v0 (I) and v1 (II): 384 + 4096 games.
    let mut sources = Vec::new();
    for (n, starts) in [
        (3, vec![[0, 1], [0, 2], [1, 0], [1, 2], [2, 0], [2, 1]]),
        (4, vec![[0, 1]]),
    ] {
        for g in all_graphs(n, true) {
            for &[a, b] in &starts {
                let tokens = Tokens::Partizan {
                    starts: Some([a, b]),
                };
                let game = Geography {
                    graph: g.clone(),
                    rule: Rule::Vertex,
                    tokens,
                    convention: Convention::Normal,
                };
                sources.push(Instance::Geography(game));
            }
        }
    }
    run_all(reduction("pvg-pag"), &sources).assert_sound("pvg-pag, all small PVGs", 0.15);
}

#[test]
fn hampath_pvg_agrees_on_every_small_digraph() {
    // Every digraph on 1–3 vertices with every start and every end (or none), and on 4
    // vertices with start v0 and every end (or none).
    let mut sources = Vec::new();
    for n in 1..=4usize {
        let starts: Vec<usize> = if n < 4 { (0..n).collect() } else { vec![0] };
        for g in all_graphs(n, true) {
            for &s in &starts {
                for end in std::iter::once(None).chain((0..n).map(Some)) {
                    sources.push(Instance::Hampath(HamPath {
                        graph: g.clone(),
                        start: Some(s),
                        end,
                    }));
                }
            }
        }
    }
    run_all(reduction("hampath-pvg"), &sources)
        .assert_sound("hampath-pvg, all small digraphs", 0.1);
}

#[test]
fn vc_pvg_agrees_on_every_small_graph() {
    // Every graph on 1–5 vertices with every k in 0..=n + 1 (k = 0 and k = n + 1 compile to
    // the fixed board).
    let sources: Vec<Instance> = (1..=5usize)
        .flat_map(|n| all_graphs(n, false).into_iter().map(move |g| (n, g)))
        .flat_map(|(n, g)| {
            (0..=n + 1).map(move |k| {
                Instance::VertexCover(VertexCover {
                    graph: g.clone(),
                    k,
                })
            })
        })
        .collect();
    run_all(reduction("vc-pvg"), &sources).assert_sound("vc-pvg, all small graphs", 0.15);
}
