//! Tests that kill mutants of the compact checkers' code and of the checker's dispatch
//! (`cargo-mutants` on `src/certify/qbf/mod.rs`, `qbf/build.rs`, `matching.rs` and `mod.rs`;
//! see `docs/certificates.md` "How the checker is tested"). Each test is a small hand-made
//! formula, graph or certificate on which a checker with one operator or condition changed
//! accepts a wrong certificate, refuses a right one, reports the wrong work, or answers outside
//! its limits, and the real checker does not. Every answer is known by reasoning (stated in
//! the comments), never from a solver.

use georeduce::certify::{
    BoolFn, CheckError, Claim, Limits, MatchingCert, Player, QbfStrategy, SkolemFn,
    check_matching_witness, check_qbf_strategy, ids_of, qbf_strategy_from_fn, with_cancel,
};
use georeduce::game;
use georeduce::problems::{Graph, Qbf, Quantifier};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

const E: Quantifier = Quantifier::Exists;
const A: Quantifier = Quantifier::Forall;

fn f(var: &str, value: BoolFn) -> SkolemFn {
    SkolemFn {
        var: var.into(),
        value,
    }
}

fn strategy(functions: Vec<SkolemFn>) -> QbfStrategy {
    QbfStrategy { functions }
}

/// The `what` of a [`CheckError::TooLarge`], or a panic naming what came instead.
fn too_large<T: std::fmt::Debug>(checked: Result<T, CheckError>) -> &'static str {
    match checked {
        Err(CheckError::TooLarge { what, .. }) => what,
        other => panic!("expected TooLarge, got {other:?}"),
    }
}

/// ∀x1 ∀x2 ∀x3 ∃x4. (x4 ∨ x1)(¬x4 ∨ ¬x1): true, with x4 = ¬x1. Three opponent variables,
/// four literals.
fn x4_is_not_x1() -> (Qbf, QbfStrategy) {
    let q = Qbf::from_signed(&[A, A, A, E], &[vec![4, 1], vec![-4, -1]]);
    let tree = BoolFn::Tree {
        test: "x1".into(),
        then: Box::new(BoolFn::Const(false)),
        otherwise: Box::new(BoolFn::Const(true)),
    };
    (q, strategy(vec![f("x4", tree)]))
}

/// A clause over a variable the formula does not have is a bad instance, not a panic or a
/// verdict (kills `clause_var_out_of_range` replaced by `None`: the literal `x2` of the
/// one-variable formula ∃x1. (x1 ∨ x2) would then be evaluated, or skipped because `x1` is
/// already true, and the certificate accepted).
#[test]
fn a_clause_over_an_unknown_variable_is_a_bad_instance() {
    let q = Qbf::from_signed(&[E], &[vec![1, 2]]);
    assert_eq!(q.num_vars(), 1);
    let s = strategy(vec![f("x1", BoolFn::Const(true))]);
    let e = check_qbf_strategy(&q, &s, true, &Limits::default()).unwrap_err();
    assert!(
        matches!(&e, CheckError::BadInstance(m) if m.contains("clause 0")),
        "{e}"
    );
}

/// A chain of `depth` decision nodes testing `x1`, each hanging the rest of the chain on its
/// `then` side (`then_side`) or its `else` side and the constant `leaf` on the other: the tree
/// computes `leaf` whatever x1 is, and its deepest leaf sits at depth `depth`.
fn chain(depth: usize, then_side: bool, leaf: bool) -> BoolFn {
    let mut t = BoolFn::Const(leaf);
    for _ in 0..depth {
        let (then, otherwise) = if then_side {
            (t, BoolFn::Const(leaf))
        } else {
            (BoolFn::Const(leaf), t)
        };
        t = BoolFn::Tree {
            test: "x1".into(),
            then: Box::new(then),
            otherwise: Box::new(otherwise),
        };
    }
    t
}

/// Decision trees may be 1,000 levels deep (leaves at depth 1,000), not deeper, whether the
/// chain goes down the `then` or the `else` side: kills `depth > MAX_TREE_DEPTH` turned into
/// `==` or `>=` (a tree of exactly the maximum depth refused) and `depth + 1` turned into
/// `depth * 1` on either side (depth never grows, so a deeper tree is accepted).
/// ∀x1 ∃x2. (x2): x2 = true, as a tree over x1.
/// The checker recurses once per tree level (compiling, evaluating, dropping), and without
/// optimization (a debug build, or the mutation runner's profile) 1,000 levels overflow a test
/// thread's 2 MB stack, so the checks run on a thread of their own with 64 MB.
#[test]
fn decision_trees_are_bounded_at_exactly_1000_levels() {
    let checks = std::thread::Builder::new().stack_size(64 << 20).spawn(|| {
        let q = Qbf::from_signed(&[A, E], &[vec![2]]);
        for then_side in [true, false] {
            let deep = |depth| strategy(vec![f("x2", chain(depth, then_side, true))]);
            assert_eq!(
                check_qbf_strategy(&q, &deep(1000), true, &Limits::default()).map(|v| v.claim),
                Ok(Claim::Qbf(true)),
                "then side {then_side}"
            );
            let e = check_qbf_strategy(&q, &deep(1001), true, &Limits::default()).unwrap_err();
            assert!(
                matches!(&e, CheckError::Malformed(m) if m.contains("deeper than 1000")),
                "then side {then_side}: {e}"
            );
        }
    });
    // A failed assertion inside is re-raised here, so the test fails with its message.
    if let Err(panic) = checks.unwrap().join() {
        std::panic::resume_unwind(panic);
    }
}

/// Truth tables may read 24 variables (2^24 rows), not 25: kills `width > MAX_TABLE_VARS`
/// turned into `==` or `>=`. ∃x1 … ∃x26. (x26): x26's table over the first 24 (∃, earlier)
/// variables is all ones; no opponent variable, so one assignment is checked.
#[test]
fn truth_tables_are_bounded_at_exactly_24_variables() {
    let q = Qbf::from_signed(&[E; 26], &[vec![26]]);
    let table = |width: usize, values: String| {
        let mut functions: Vec<SkolemFn> = (1..=25)
            .map(|i| f(&format!("x{i}"), BoolFn::Const(false)))
            .collect();
        functions.push(f(
            "x26",
            BoolFn::Table {
                over: (1..=width).map(|i| format!("x{i}")).collect(),
                values,
            },
        ));
        strategy(functions)
    };
    let wide = table(24, "1".repeat(1 << 24));
    assert_eq!(
        check_qbf_strategy(&q, &wide, true, &Limits::default()).map(|v| v.claim),
        Ok(Claim::Qbf(true))
    );
    // The width is refused before the length is looked at.
    assert_eq!(
        too_large(check_qbf_strategy(
            &q,
            &table(25, String::new()),
            true,
            &Limits::default()
        )),
        "a truth table's variable count"
    );
}

/// The certificate of [`x4_is_not_x1`] is accepted under `at_limit` (a limit its check
/// meets exactly) and too large, for the reason `what`, under `below` (the same limit one
/// less): the limit is met exactly, not missed by one either way.
fn assert_limit_is_exact(at_limit: Limits, below: Limits, what: &str) {
    let (q, s) = x4_is_not_x1();
    assert_eq!(
        check_qbf_strategy(&q, &s, true, &at_limit).map(|v| v.claim),
        Ok(Claim::Qbf(true))
    );
    assert_eq!(too_large(check_qbf_strategy(&q, &s, true, &below)), what);
}

/// The opponent-variable limit is exact: three ∀ variables pass a limit of 3 and are too many
/// for 2 (kills `k > limit` turned into `==` or `>=`).
#[test]
fn the_opponent_variable_limit_is_exact() {
    let limits = |max_opponent_vars| Limits {
        max_opponent_vars,
        ..Limits::default()
    };
    assert_limit_is_exact(limits(3), limits(2), "the number of opponent variables");
}

/// The literal-evaluation limit is exact and counts 2^k × literals: 2^3 × 4 = 32 passes a
/// limit of 32 and is too much for 31 (kills `evaluations > limit` turned into `==` or `>=`,
/// and `1 << k` turned into `1 >> k`, which counts 0).
#[test]
fn the_literal_evaluation_limit_is_exact() {
    let limits = |max_literal_evaluations| Limits {
        max_literal_evaluations,
        ..Limits::default()
    };
    assert_limit_is_exact(
        limits(32),
        limits(31),
        "the literal evaluations (2^opponent variables × literals)",
    );
}

/// A QBF check reports one item of work per opponent assignment: 2^3 = 8 (kills `1 << k`
/// turned into `1 >> k` in the verdict, the figure `check-cert` prints).
#[test]
fn qbf_checks_count_their_assignments() {
    let (q, s) = x4_is_not_x1();
    let v = check_qbf_strategy(&q, &s, true, &Limits::default()).unwrap();
    assert_eq!((v.claim, v.work), (Claim::Qbf(true), 8));
}

/// A cancelled check answers "too large" (unknown) from its very first assignment, even when
/// there is only one (kills `Limits::check_time` replaced by `Ok(())`, and the clock poll
/// `mask % 1024 == 0` turned into `!=`, which skips assignment 0); leaving `with_cancel`
/// restores the thread's previous state, so the same check then passes.
#[test]
fn a_cancelled_qbf_check_is_unknown_from_its_first_assignment() {
    let q = Qbf::from_signed(&[E], &[vec![1]]);
    let s = strategy(vec![f("x1", BoolFn::Const(true))]);
    let raised = Arc::new(AtomicBool::new(true));
    let checked = with_cancel(raised, || {
        check_qbf_strategy(&q, &s, true, &Limits::default())
    });
    assert_eq!(
        too_large(checked),
        "the checking time in ms (cancelled: a search decided first)"
    );
    assert_eq!(
        check_qbf_strategy(&q, &s, true, &Limits::default()).map(|v| v.claim),
        Ok(Claim::Qbf(true))
    );
}

/// The wall-clock bound stops a long QBF check, and a generous one does not stop a short
/// check. The long check: ∀x1 … ∀x20 with 300 clauses (x1 ∨ ¬x1), true with no function, 2^20
/// assignments of 300 clauses each (about a second in release, far more at opt-level 0), under
/// a bound of 50 ms: the real checker polls the clock every 1,024 assignments and stops soon
/// after 50 ms. Kills `mask % 1024 == 0` turned into `mask / 1024 == 0` or `mask + 1024 == 0`
/// (the clock is read at most at the first 1,024 assignments, long before the bound passes),
/// the match guard `start.elapsed() > limit` turned into `false` or `==` in
/// `Limits::check_time`, and `Limits::with_timeout` losing its `time` field; the short check
/// kills the guard turned into `true` or `<` (every bounded check would be too large).
#[test]
fn the_wall_clock_bound_stops_a_long_qbf_check() {
    let clauses: Vec<Vec<i32>> = (0..300).map(|_| vec![1, -1]).collect();
    let q = Qbf::from_signed(&[A; 20], &clauses);
    let limits = Limits::default().with_timeout(Some(Duration::from_millis(50)));
    assert_eq!(
        too_large(check_qbf_strategy(&q, &strategy(vec![]), true, &limits)),
        "the checking time in ms (--timeout)"
    );
    let (q, s) = x4_is_not_x1();
    let generous = Limits::default().with_timeout(Some(Duration::from_secs(3600)));
    assert_eq!(
        check_qbf_strategy(&q, &s, true, &generous).map(|v| v.claim),
        Ok(Claim::Qbf(true))
    );
}

/// `Limits::within_memory` lowers the walk's position bound to memory / bytes per position and
/// never raises it (kills `/` turned into `%` or `*`, and the `max_positions` field dropped).
#[test]
fn within_memory_divides_the_memory_by_the_position_size() {
    let d = Limits::default();
    assert_eq!(d.within_memory(Some(1000), 10).max_positions, 100);
    assert_eq!(d.within_memory(Some(1000), 0).max_positions, 1000);
    assert_eq!(
        d.within_memory(Some(usize::MAX), 1).max_positions,
        d.max_positions
    );
    assert_eq!(d.within_memory(None, 10).max_positions, d.max_positions);
}

/// `ids_of` names in-range vertex indices and reports the first out-of-range one, the graph's
/// own size included (kills `v < graph.n()` turned into `<=`, which panics on index n).
#[test]
fn ids_of_refuses_the_index_equal_to_the_vertex_count() {
    let g = Graph::from_edges(false, 3, &[(0, 1), (1, 2)]);
    assert_eq!(
        ids_of(&g, &[2, 0]),
        Ok(vec!["v2".to_string(), "v0".to_string()])
    );
    let e = ids_of(&g, &[0, 3]).unwrap_err();
    assert!(
        matches!(&e, CheckError::Malformed(m) if m.contains("index 3")),
        "{e}"
    );
}

/// A matching check reports n + m items of work: 3 + 2 = 5 on the path v0 – v1 – v2 (kills
/// `+` turned into `-` or `*`). From the end v0, player II wins: the matching {v1v2} misses v0
/// and S = ∅ bounds ν(G) by (3 + 0 − 1)/2 = 1.
#[test]
fn matching_checks_count_vertices_and_edges() {
    let g = game!(uvg on Graph::from_edges(false, 3, &[(0, 1), (1, 2)]); start 0);
    let cert = MatchingCert {
        winner: Player::Second,
        matching: vec![["v1".into(), "v2".into()]],
        tutte_berge: Some(vec![]),
    };
    let v = check_matching_witness(&g, &cert).unwrap();
    assert_eq!((v.claim, v.work), (Claim::Winner(Player::Second), 5));
}

/// A Tutte–Berge set for G − v that contains the start vertex v is refused as such, not as a
/// repeated vertex (kills `Some(x) == removed` turned into `!=` in `bound2`, which swaps the
/// two messages). Path v0 – v1 – v2 from the middle v1: player I wins (every maximum matching
/// covers v1), and S = {v1} is not a set of G − v1.
#[test]
fn a_tutte_berge_set_holding_the_start_vertex_is_named_so() {
    let g = game!(uvg on Graph::from_edges(false, 3, &[(0, 1), (1, 2)]); start 1);
    let cert = |s: &[&str]| MatchingCert {
        winner: Player::First,
        matching: vec![["v0".into(), "v1".into()]],
        tutte_berge: Some(s.iter().map(|x| x.to_string()).collect()),
    };
    // The right certificate: S = ∅ leaves v0 and v2, two odd components: bound (2 − 2)/2 = 0.
    assert_eq!(
        check_matching_witness(&g, &cert(&[])).map(|v| v.claim),
        Ok(Claim::Winner(Player::First))
    );
    let e = check_matching_witness(&g, &cert(&["v1"])).unwrap_err();
    assert_eq!(
        e.to_string(),
        "certify::witness: Tutte–Berge vertex `v1` is the removed start vertex"
    );
    let e = check_matching_witness(&g, &cert(&["v0", "v0"])).unwrap_err();
    assert_eq!(
        e.to_string(),
        "certify::witness: Tutte–Berge vertex `v0` is listed twice"
    );
}

/// The certificate builder bounds the *opponent's* variables, exactly: ∀x1 ∃x2 ∃x3 has one
/// opponent variable for the ∃ player, so a limit of 1 builds (two one-row-per-x1 tables) and
/// a limit of 0 is too small (kills `q != mine` turned into `==` in `qbf_strategy_from_fn`,
/// which counts the player's own two variables, and `k > limit` turned into `==` or `>=`).
#[test]
fn the_builder_bounds_the_opponent_variables_exactly() {
    let q = Qbf::from_signed(&[A, E, E], &[vec![2, 1], vec![3]]);
    let limits = |max_opponent_vars| Limits {
        max_opponent_vars,
        ..Limits::default()
    };
    // x2 = ¬x1 and x3 = true win (x2 ∨ x1)(x3).
    let build =
        |max| qbf_strategy_from_fn(&q, true, &limits(max), |v, p| v == 2 || p[0] == Some(false));
    let s = build(1).unwrap();
    let table = |values: &str| BoolFn::Table {
        over: vec!["x1".into()],
        values: values.into(),
    };
    assert_eq!(
        s,
        strategy(vec![f("x2", table("10")), f("x3", table("11"))])
    );
    assert_eq!(
        check_qbf_strategy(&q, &s, true, &Limits::default()).map(|v| v.claim),
        Ok(Claim::Qbf(true))
    );
    assert_eq!(too_large(build(0)), "the number of opponent variables");
}
