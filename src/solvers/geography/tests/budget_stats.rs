//! A budget that runs out reports the statistics of the search so far (`BudgetExceeded::stats`):
//! nodes, positions stored, table hits and peak table memory, with one thread and with two.

use crate::random::games::{GameParams, Setup, random_game};
use crate::solvers::geography::solve_exhaustive;
use crate::solvers::{Budget, SolveError};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

#[test]
fn an_exhausted_budget_carries_the_search_statistics() {
    let mut rng = ChaCha8Rng::seed_from_u64(16_000);
    // Partizan vertex geography on 40 vertices: far more than 2,000 nodes to solve.
    let params = GameParams {
        setup: Setup::Partizan,
        n: 40,
        edge_prob: 0.12,
        ..GameParams::default()
    };
    let mut checked = 0;
    for _ in 0..20 {
        let g = random_game(&mut rng, &params);
        for threads in [1, 2] {
            let budget = Budget::new(Some(2_000), None).with_threads(threads);
            let Err(SolveError::Budget(b)) = solve_exhaustive(&g, &budget) else {
                continue;
            };
            let stats = b
                .stats
                .expect("the exhaustive search reports its statistics");
            // One thread: the node that broke the budget. Two: the workers' own counts, which
            // run past the shared count that stopped them until they notice.
            match threads {
                1 => assert_eq!(stats.nodes, b.nodes, "{b:?}"),
                _ => assert!(stats.nodes > 2_000, "{b:?}"),
            }
            assert!(
                stats.positions > 0 && stats.positions <= stats.nodes,
                "{b:?}"
            );
            assert!(stats.peak_table_bytes > 0, "{b:?}");
            assert!(stats.millis >= 0.0);
            checked += 1;
        }
    }
    assert!(checked >= 10, "only {checked} searches ran out of nodes");
}

/// The node budget is a limit, not a hint: the plain searches of small remainders decide a
/// lookup without a memo miss (where the budget is charged), so before they were capped by
/// what the budget has left a run of them overran `--max-nodes 300` by 11,000 nodes. Every
/// one-token variant (directed and undirected, vertex and edge rule, normal and misère) at
/// small budgets: the count that stops the search exceeds the budget by at most one node.
#[test]
fn the_node_budget_is_not_overrun_by_plain_searches() {
    use crate::problems::geography::Convention;
    use crate::problems::geography::Rule;
    let mut rng = ChaCha8Rng::seed_from_u64(16_001);
    let mut stopped = 0;
    for directed in [true, false] {
        for rule in [Rule::Vertex, Rule::Edge] {
            for convention in [Convention::Normal, Convention::Misere] {
                let params = GameParams {
                    rule,
                    convention,
                    directed,
                    n: 60,
                    edge_prob: if directed { 0.06 } else { 0.05 },
                    ..GameParams::default()
                };
                for _ in 0..6 {
                    let g = random_game(&mut rng, &params);
                    for limit in [1, 50, 300, 1_000, 5_000] {
                        let budget = Budget::new(Some(limit), None);
                        match solve_exhaustive(&g, &budget) {
                            Err(SolveError::Budget(b)) => {
                                stopped += 1;
                                assert!(
                                    b.nodes <= limit + 2,
                                    "{rule:?} directed {directed} {convention:?}: budget \
                                     {limit}, stopped after {} nodes",
                                    b.nodes
                                );
                            }
                            Ok(sol) => assert!(
                                sol.stats.nodes <= limit,
                                "answered after {} nodes under a budget of {limit}",
                                sol.stats.nodes
                            ),
                            Err(e) => panic!("{e}"),
                        }
                    }
                }
            }
        }
    }
    assert!(stopped >= 100, "only {stopped} searches ran out of nodes");
}
