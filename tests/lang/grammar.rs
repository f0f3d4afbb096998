//! One grammar rule at a time: each rule accepts its examples whole and rejects its
//! counter-examples (or accepts only a shorter prefix of them).

use georeduce::lang::parser::{InstanceParser, Rule};
use pest::Parser;

/// Whether `rule` matches all of `input`.
fn whole(rule: Rule, input: &str) -> bool {
    match InstanceParser::parse(rule, input) {
        Ok(mut pairs) => pairs
            .next()
            .is_some_and(|p| p.as_str().len() == input.len()),
        Err(_) => false,
    }
}

/// Asserts what `rule` accepts and rejects.
fn check(rule: Rule, accepts: &[&str], rejects: &[&str]) {
    for a in accepts {
        assert!(whole(rule, a), "{rule:?} should accept {a:?}");
    }
    for r in rejects {
        assert!(!whole(rule, r), "{rule:?} should reject {r:?}");
    }
}

#[test]
fn names() {
    check(
        Rule::name,
        &[
            "x1",
            "top_1",
            "X3.0.1",
            "v'",
            "7",
            "αβ",
            "\"end\"",
            "\"¬x1\"",
            "\"a \\\"b\\\"\"",
            "\"\"",
        ],
        &[
            "end",
            "k",
            "exists",
            "x.",
            "-x",
            "a b",
            "\"open",
            "¬x",
            "\"bad \\q escape\"",
        ],
    );
    check(
        Rule::bare_name,
        &["edges2", "start_", "ends", "kk"],
        &["edges", "start", "true"],
    );
}

#[test]
fn strings_and_numbers() {
    check(
        Rule::string,
        &["\"\"", "\"x\\ny\"", "\"tab\\there\"", "\"¬x1\""],
        &["\"a\nb\"", "x"],
    );
    check(Rule::integer, &["0", "42", "-1"], &["", "1.5", "two", "+3"]);
}

#[test]
fn quantifiers_and_prefix() {
    check(
        Rule::quantifier,
        &["exists", "forall", "∃", "∀"],
        &["exist", "existsx"],
    );
    check(
        Rule::quant_block,
        &["exists x1 x2", "∀y", "∃ x1"],
        &["exists", "forall exists"],
    );
    check(
        Rule::prefix,
        &["exists x1 forall x2:", "∃x1 ∀x2 ∃x3.", "exists x :"],
        &["exists x1", ":"],
    );
}

#[test]
fn clauses_and_literals() {
    check(
        Rule::literal,
        &["x1", "~x1", "¬x1", "!x1", "-x1", "~ x1", "~\"end\""],
        &["~", "x1 | x2"],
    );
    check(
        Rule::clause,
        &["(x1 | x2)", "(x1 ∨ ¬x2 ∨ ¬x2)", "(a + b)", "()", "(x)"],
        &["x1 | x2", "(x1 | )", "(x1 & x2)"],
    );
    check(
        Rule::matrix,
        &["(a) & (b)", "(a) ∧ (b)", "(a)(b)", "true"],
        &["(a) | (b)", "(a) &"],
    );
}

#[test]
fn formulas() {
    check(
        Rule::formula,
        &[
            "exists x1 forall x2 exists x3: (x1 | x2 | ~x3) & (~x1 | ~x2 | ~x2) & (x2 | x3 | x3)",
            "∃x1 ∀x2 ∃x3. (x1 ∨ x2 ∨ ¬x3) ∧ (¬x1 ∨ ¬x2 ∨ ¬x2) ∧ (x2 ∨ x3 ∨ x3)",
            "∃x1 ∀x2 ∃x3 . (x1+x2+¬x3)(¬x1+¬x2+¬x2)(x2+x3+x3)",
            "exists x: true",
            "()",
        ],
        &["exists x1", "exists x1 (x1)", "(x1) exists x1: (x1)"],
    );
    check(
        Rule::qbf_instance,
        &[
            "qbf { exists x: (x) }",
            "qbf \"title\" { variables y x forall x exists y: (x | y) }",
        ],
        &["qbf exists x: (x)", "qbf { }"],
    );
}

#[test]
fn graph_statements() {
    check(
        Rule::vertices_stmt,
        &["vertices a b c", "vertices a, b, c", "vertices \"end\""],
        &["vertices", "vertices end"],
    );
    check(
        Rule::edges_stmt,
        &[
            "edges a -> b -> c, c -> d",
            "edges a -- b c -- d",
            "edges a → b",
            "edges a — b",
        ],
        &["edges a", "edges a => b", "edges a ->"],
    );
    check(Rule::chain, &["a -> b", "a--b--c"], &["a", "a -> "]);
    check(
        Rule::direction_stmt,
        &[
            "directed graph",
            "undirected graph",
            "directed vertex geography",
            "undirected edge geography",
            "directed nim geography, remove then move",
            "undirected nim geography move then remove",
        ],
        &["directed", "graph", "directed arc geography"],
    );
    check(
        Rule::start_stmt,
        &["start s", "start \"end\""],
        &["start", "start end"],
    );
    check(Rule::end_stmt, &["end t"], &["end"]);
    check(Rule::k_stmt, &["k = 3", "k=0", "k = -1"], &["k 3", "k = x"]);
    check(
        Rule::weight_stmt,
        &["weight a = 2", "weights a = 1, b = 2 c = 3"],
        &["weight a", "weight a = b"],
    );
    check(
        Rule::label_stmt,
        &["label a \"x\"", "labels a \"x\", b = \"y\""],
        &["label a x", "label \"x\""],
    );
    check(
        Rule::group_stmt,
        &[
            "group diamond x1 { a b c }",
            "group clause C2 { }",
            "group \"end\" 3 { a, b }",
        ],
        &["group diamond { a }", "group d x1 a b"],
    );
    check(Rule::multigraph_stmt, &["multigraph"], &["multigraphs"]);
}

#[test]
fn game_statements() {
    check(
        Rule::play_stmt,
        &["normal play", "misere play", "misère play"],
        &["misere", "play"],
    );
    check(
        Rule::tokens_stmt,
        &[
            "tokens: one at s",
            "tokens one, unrooted",
            "tokens: one unrooted",
            "tokens: one",
            "tokens: partizan, first at a, second at b",
            "tokens: partizan second at b first at a",
            "tokens: partizan, unrooted",
            "tokens: partizan",
            "tokens: two at a and b",
            "tokens: two",
        ],
        &[
            "tokens",
            "tokens: three",
            "tokens: one at",
            "tokens: two at a b",
        ],
    );
    check(
        Rule::player_start,
        &["first at a", "second at \"b\""],
        &["third at a", "first a"],
    );
}

#[test]
fn instances_and_files() {
    check(
        Rule::graph_instance,
        &[
            "hampath { directed graph vertices a b edges a -> b start a end b }",
            "vertex_cover \"c\" { vertices a b; edges a -- b; k = 1; }",
            "geography { undirected edge geography; misere play; tokens: partizan, first at a, second at b; vertices a b c; edges a -- b -- c; label a \"¬x1\"; group diamond x1 { a b c } }",
            "game \"t\" { directed vertex geography tokens: one at a vertices a }",
            "hampath { }",
        ],
        &[
            "hampath",
            "hampath { directed graph",
            "graph { }",
            "geography { hello }",
        ],
    );
    check(
        Rule::file,
        &[
            "# comment\nexists x: (x)  # trailing\n",
            "\u{feff}hampath { }",
            "qbf { true }",
        ],
        &["", "# only a comment", "hampath { } hampath { }"],
    );
}

/// The canonical negative test in pest's style: the error names the rule it expected.
#[test]
fn errors_name_the_expected_rule() {
    let err = InstanceParser::parse(Rule::k_stmt, "k = x").expect_err("not a number");
    match err.variant {
        pest::error::ErrorVariant::ParsingError { positives, .. } => {
            assert!(positives.contains(&Rule::integer), "{positives:?}");
        }
        other => panic!("unexpected {other:?}"),
    }
}

/// The printer's list of reserved words is exactly the grammar's: each is refused as a bare
/// name, and every other statement keyword stays usable as one.
#[test]
fn reserved_words_match_the_grammar() {
    use georeduce::lang::print::RESERVED;
    for w in RESERVED {
        assert!(!whole(Rule::bare_name, w), "{w} is reserved");
        assert!(whole(Rule::name, &format!("\"{w}\"")), "\"{w}\" is a name");
    }
    for w in [
        "at",
        "and",
        "one",
        "two",
        "first",
        "second",
        "graph",
        "vertex",
        "edge",
        "nim",
        "play",
        "partizan",
        "unrooted",
        "qbf",
        "game",
        "geography",
        "hampath",
        "vertex_cover",
        "move",
        "remove",
        "then",
    ] {
        assert!(whole(Rule::bare_name, w), "{w} is not reserved");
    }
}
