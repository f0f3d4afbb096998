//! The QBF reductions (`qbf-dvg`, `qbf-pvg`, `qbf-pvg-restricted`, `qbf-iag2`, `qbf-ivg2`):
//! random and exhaustive closed loops, the paper's running example, and ablations.

use crate::reductions::harness::{
    Tally, ablation_mismatches, check_case, game, reduction, run_all, source_yes, winner,
};
use crate::reductions::surgery::{add_arcs, contract, remove, remove_arcs};
use georeduce::Instance;
use georeduce::problems::{Qbf, Quantifier};
use georeduce::random::formulas::{QbfParams, random_qbf};
use georeduce::solvers::Winner;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The QBF reductions whose correctness is claimed.
const QBF_REDUCTIONS: [&str; 5] = [
    "qbf-dvg",
    "qbf-pvg",
    "qbf-pvg-restricted",
    "qbf-iag2",
    "qbf-ivg2",
];

/// `count` random 3QBF formulas: 1–4 variables, 1–3 clauses, every prefix shape, repeated
/// literals and tautologies allowed (the `georeduce check` family).
pub fn qbf_sample(seed: u64, count: usize) -> Vec<Instance> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let p = QbfParams::three_qbf(1..=4, 1..=3);
    (0..count)
        .map(|_| Instance::Qbf(random_qbf(&mut rng, &p)))
        .collect()
}

/// Every prefix of 1–3 variables with one clause, the clause any multiset of three literals
/// over those variables: 8 + 80 + 448 = 536 formulas.
pub fn all_one_clause_formulas() -> Vec<Instance> {
    let mut out = Vec::new();
    for n in 1..=3usize {
        let lits: Vec<i32> = (1..=n as i32).flat_map(|v| [v, -v]).collect();
        for mask in 0..1u32 << n {
            let quants: Vec<Quantifier> = (0..n)
                .map(|i| {
                    if mask >> i & 1 == 0 {
                        Quantifier::Exists
                    } else {
                        Quantifier::Forall
                    }
                })
                .collect();
            for a in 0..lits.len() {
                for b in a..lits.len() {
                    for c in b..lits.len() {
                        let clause = vec![lits[a], lits[b], lits[c]];
                        out.push(Instance::Qbf(Qbf::from_signed(&quants, &[clause])));
                    }
                }
            }
        }
    }
    out
}

/// F = ∃x1 ∀x2 ∃x3 (x1 + x2 + ¬x3)(¬x1 + ¬x2 + ¬x2)(x2 + x3 + x3), Fraenkel–Simonson's example.
pub fn running_example() -> Instance {
    use Quantifier::{Exists as E, Forall as A};
    Instance::Qbf(Qbf::from_signed(
        &[E, A, E],
        &[vec![1, 2, -3], vec![-1, -2, -2], vec![2, 3, 3]],
    ))
}

fn random_closed_loop(id: &str, seed: u64) {
    let t = run_all(reduction(id), &qbf_sample(seed, 1000));
    t.assert_sound(id, 0.15);
}

#[test]
fn qbf_dvg_agrees_on_1000_random_formulas() {
    random_closed_loop("qbf-dvg", 11);
}

#[test]
fn qbf_pvg_agrees_on_1000_random_formulas() {
    random_closed_loop("qbf-pvg", 12);
}

#[test]
fn qbf_pvg_restricted_agrees_on_1000_random_formulas() {
    random_closed_loop("qbf-pvg-restricted", 13);
}

#[test]
fn qbf_iag2_agrees_on_1000_random_formulas() {
    random_closed_loop("qbf-iag2", 14);
}

#[test]
fn qbf_ivg2_agrees_on_1000_random_formulas() {
    random_closed_loop("qbf-ivg2", 15);
}

#[test]
fn qbf_reductions_agree_on_all_536_one_clause_formulas() {
    let all = all_one_clause_formulas();
    assert_eq!(all.len(), 536);
    for id in QBF_REDUCTIONS {
        run_all(reduction(id), &all).assert_sound(id, 0.05);
    }
}

#[test]
fn running_example_sizes_and_player_two_wins() {
    let f = running_example();
    assert!(!source_yes(&f), "F is false");
    for (id, size) in [
        ("qbf-pvg", Some((45, 79))),
        ("qbf-pvg-restricted", Some((135, 169))),
        ("qbf-dvg", None),
        ("qbf-iag2", None),
        ("qbf-ivg2", None),
    ] {
        let r = reduction(id);
        let out = r.reduce(&f).unwrap();
        let g = game(&out.target);
        if let Some(size) = size {
            assert_eq!((g.graph.n(), g.graph.m()), size, "{id}");
        }
        assert_eq!(r.declared_size(&f), (g.graph.n(), g.graph.m()), "{id}");
        r.check_structure(&f, &out.target).unwrap();
        assert_eq!(winner(g), Winner::Second, "{id}: II wins on the false F");
    }
}

#[test]
fn restricted_pvg_then_pag_keeps_the_winner_and_the_claims() {
    let (to_pvg, to_pag) = (reduction("qbf-pvg-restricted"), reduction("pvg-pag"));
    let mut t = Tally::default();
    for src in qbf_sample(16, 150) {
        let pvg = to_pvg.reduce(&src).unwrap().target;
        // pvg-pag's own closed loop: size, bipartite, degree-restricted, same winner.
        check_case(to_pag, &pvg, &mut t);
        let pag = to_pag.reduce(&pvg).unwrap().target;
        assert_eq!(
            winner(game(&pag)) == Winner::First,
            source_yes(&src),
            "{src:?}"
        );
    }
    t.assert_sound("qbf-pvg-restricted then pvg-pag", 0.15);
}

/// Asserts that an ablation of `id` gives at least one wrong answer on 300 random formulas.
fn assert_ablation_caught(id: &str, what: &str, mutate: impl Fn(&Instance) -> Instance) {
    let bad = ablation_mismatches(reduction(id), &qbf_sample(99, 300), mutate);
    eprintln!("{id} ablation '{what}': {bad}/300 wrong");
    assert!(bad > 0, "{id}: the ablation '{what}' went unnoticed");
}

#[test]
fn ablation_dvg_two_move_diamonds() {
    // Merging B_i into T_{i+1} makes every diamond two moves long: I chooses every variable.
    assert_ablation_caught("qbf-dvg", "B_i merged into T_{i+1}", |t| {
        contract(t, |id| id.starts_with('B'))
    });
}

#[test]
fn ablation_pvg_without_the_m_vertices() {
    // U_c → L_c,j directly: the 8-vertex cluster of the spec's `noM` ablation.
    assert_ablation_caught("qbf-pvg", "no M vertices", |t| {
        contract(t, |id| id.starts_with('M'))
    });
}

#[test]
fn ablation_pvg_without_the_extra_vertex() {
    // II's chain one vertex short: uJ_U → U_c directly.
    assert_ablation_caught("qbf-pvg", "no extra vertex X", |t| {
        contract(t, |id| id == "X")
    });
}

/// The last vertex of each centre's chain P (the centre itself when P is empty).
fn centre_chain_ends(t: &Instance) -> Vec<String> {
    let g = &game(t).graph;
    let succ = g.successors();
    let centres = (0..g.n()).filter(|&v| g.id(v).starts_with("C_"));
    centres
        .map(|mut v| {
            while let [next] = succ[v][..] {
                v = next;
            }
            g.id(v).to_string()
        })
        .collect()
}

#[test]
fn ablation_restricted_chain_p_one_longer_or_shorter() {
    assert_ablation_caught("qbf-pvg-restricted", "|P| + 1", |t| {
        let ends = centre_chain_ends(t);
        let new: Vec<String> = ends.iter().map(|e| format!("{e}_extra")).collect();
        let arcs: Vec<(String, String)> = ends.into_iter().zip(new.iter().cloned()).collect();
        add_arcs(t, &new, &arcs)
    });
    assert_ablation_caught("qbf-pvg-restricted", "|P| − 1", |t| {
        let ends = centre_chain_ends(t);
        remove(t, |id| id.starts_with('P') && ends.iter().any(|e| e == id))
    });
}

#[test]
fn ablation_two_token_without_the_two_path() {
    for id in ["qbf-iag2", "qbf-ivg2"] {
        assert_ablation_caught(id, "no 2-path", |t| remove(t, |v| v == "q1" || v == "q2"));
    }
    // IVG2 with the 2-path hanging off s instead of the clauses.
    assert_ablation_caught("qbf-ivg2", "2-path off s", |t| {
        let t = remove_arcs(t, |_, head| head == "q1");
        add_arcs(&t, &[], &[("s".into(), "q1".into())])
    });
}
