//! Random instances of every kind survive the DSL, JSON and QDIMACS round trips.

use crate::lang::support::{self, config, render};
use georeduce::lang::{self, qdimacs};
use georeduce::problems::{Instance, Qbf, QuantBlock};
use proptest::prelude::*;

/// Parses printed DSL, failing the test with the rendered diagnostic if it does not parse.
fn reparse(text: &str) -> Instance {
    match lang::parse_str("printed.geo", text) {
        Ok(p) => p.instance,
        Err(e) => panic!("printed text does not parse:\n{text}\n{}", render(&e)),
    }
}

proptest! {
    #![proptest_config(config(400))]

    /// parse(to_dsl(x)) == x, and printing is a fixed point: print(parse(print(x))) == print(x).
    #[test]
    fn dsl_round_trip(x in support::instance()) {
        let text = lang::to_dsl(&x);
        let back = reparse(&text);
        prop_assert_eq!(&back, &x, "printed:\n{}", text);
        prop_assert_eq!(lang::to_dsl(&back), text);
    }

    /// serde JSON out and in gives an equal instance, with a working vertex lookup.
    #[test]
    fn json_round_trip(x in support::instance()) {
        let json = serde_json::to_string(&x).expect("instances serialize");
        let back: Instance = serde_json::from_str(&json).expect("and deserialize");
        prop_assert_eq!(&back, &x);
        if let Instance::Geography(g) = &back {
            for (i, v) in g.graph.vertices.iter().enumerate() {
                prop_assert_eq!(g.graph.vertex(&v.id), Some(i));
            }
        }
    }

    /// The JSON form read back through `parse_str` (detected by content, fully checked)
    /// gives an equal instance.
    #[test]
    fn json_files_parse(x in support::instance()) {
        let json = serde_json::to_string_pretty(&x).expect("instances serialize");
        let back = lang::parse_str("x.json", &json).map_err(|e| TestCaseError::fail(render(&e)))?;
        prop_assert_eq!(back.instance, x);
    }

    /// QDIMACS out and in gives the same formula up to names (`x<i>`) and up to merging
    /// adjacent blocks with the same quantifier.
    #[test]
    fn qdimacs_round_trip(q in support::qbf()) {
        let text = qdimacs::write(&q);
        let back = qdimacs::parse("w.qdimacs", &text).map_err(|e| TestCaseError::fail(render(&e)))?;
        prop_assert_eq!(back, canonical(&q), "written:\n{}", text);
    }

    /// The DSL and QDIMACS readers agree on the same formula.
    #[test]
    fn dsl_and_qdimacs_agree(q in support::qbf()) {
        let via_dsl = reparse(&lang::to_dsl(&Instance::Qbf(q.clone())));
        let via_qdimacs = lang::parse_str("w.qdimacs", &qdimacs::write(&q)).map_err(|e| TestCaseError::fail(render(&e)))?;
        let Instance::Qbf(d) = via_dsl else { panic!("a qbf prints as a qbf") };
        prop_assert_eq!(via_qdimacs.instance, Instance::Qbf(canonical(&d)));
    }
}

/// What QDIMACS keeps of a formula: variables renamed `x1…xn` in index order, adjacent
/// blocks with one quantifier merged.
fn canonical(q: &Qbf) -> Qbf {
    let mut prefix: Vec<QuantBlock> = Vec::new();
    for b in q.prefix.iter().filter(|b| !b.vars.is_empty()) {
        match prefix.last_mut() {
            Some(last) if last.quantifier == b.quantifier => last.vars.extend(&b.vars),
            _ => prefix.push(b.clone()),
        }
    }
    Qbf {
        vars: (1..=q.vars.len()).map(|i| format!("x{i}")).collect(),
        prefix,
        clauses: q.clauses.clone(),
    }
}

/// The generators really produce what the round trips are meant to cover: quoted names,
/// labels, groups, every game variant, a `variables` line, repeated literals, multigraphs.
#[test]
fn generators_cover_every_feature() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::new(config(1));
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..2000 {
        let x = support::instance()
            .new_tree(&mut runner)
            .expect("generates")
            .current();
        let text = lang::to_dsl(&x);
        for (feature, needle) in [
            ("quoted name", "\""),
            ("label", "label "),
            ("group", "group "),
            ("variables line", "variables "),
            ("multigraph", "multigraph"),
            ("misere", "misere play"),
            ("one at", "one at"),
            ("unrooted", "one, unrooted"),
            ("partizan", "partizan, first"),
            ("trail trap", "partizan, unrooted"),
            ("two tokens", "two at"),
            ("nim rm", "remove then move"),
            ("nim mr", "move then remove"),
            ("hampath start", "  start "),
            ("hampath end", "  end "),
            ("vertex cover", "k = "),
            ("empty clause", "()"),
            ("no clauses", "  true"),
            ("forall", "forall"),
        ] {
            if text.contains(needle) {
                seen.insert(feature);
            }
        }
    }
    assert_eq!(seen.len(), 19, "features generated: {seen:?}");
}
