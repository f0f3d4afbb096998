//! Lowering `geography { … }`: the rule line, the play convention, the tokens and NimG's
//! weights, on top of the shared graph statements.
//!
//! What each variant allows (docs/language.md, "Games"):
//! - loops: forbidden under the vertex rule (a token never re-enters a visited vertex, so a
//!   loop is never playable); allowed under the edge rule and in NimG;
//! - parallel edges: only in edge geography, and only when the game says `multigraph`;
//! - starts: two partizan starts must differ under the vertex rule; two shared tokens must
//!   always start apart; NimG is played with one pointer that needs a start;
//! - weights: NimG only, and then on every vertex (no silent default heap size).

use super::ast::{Body, DirW, Item, Stmt, TokensW};
use super::graph::{Built, Policy, build_graph, number};
use super::problems::{check_placement, single};
use super::{Errors, Named};
use crate::lang::Spans;
use crate::lang::diag::LangError;
use crate::problems::{Convention, Geography, Instance, Locator, Rule, Tokens, VertexId};
use std::collections::HashMap;

/// Lowers `geography { … }` (or `game { … }`).
pub(crate) fn lower_game(body: &Body, errs: &mut Errors) -> Option<(Instance, Spans)> {
    check_placement(body, errs, |i| {
        matches!(
            i,
            Item::Vertices(_)
                | Item::Edges(_)
                | Item::Biadjacency(_)
                | Item::Play(_)
                | Item::Tokens(_)
                | Item::Weights(_)
                | Item::Labels(_)
                | Item::Group { .. }
                | Item::Multigraph
                | Item::Direction {
                    what: DirW::Game(_) | DirW::StrayOrder,
                    ..
                }
        )
    });
    let (directed, rule) = rule_line(body, errs)?;
    let convention = match single(body, errs, |i| matches!(i, Item::Play(_))) {
        Some(Stmt {
            item: Item::Play(c),
            ..
        }) => *c,
        _ => Convention::Normal,
    };
    let policy = board_policy(body, directed, rule, errs);
    let mut b = build_graph(body, &policy, errs);
    weights(&mut b, body, rule, errs);
    let tokens = tokens(&mut b, body, rule, errs)?;
    let game = Geography {
        graph: b.graph,
        rule,
        tokens,
        convention,
    };
    Some((Instance::Geography(game), b.spans))
}

/// What the board may contain under `rule`: loops except under the vertex rule, repeated
/// edges only in edge geography that says `multigraph` (elsewhere `multigraph` is an error).
fn board_policy(body: &Body, directed: bool, rule: Rule, errs: &mut Errors) -> Policy {
    let multigraph = single(body, errs, |i| matches!(i, Item::Multigraph));
    if let (Some(s), false) = (multigraph, rule == Rule::Edge) {
        let msg = "only edge geography can be played on a multigraph";
        let e = LangError::new(
            errs.src,
            "lang::multigraph_not_allowed",
            msg,
            s.head,
            "not allowed here",
        );
        errs.push(e.help("in vertex geography and NimG a repeated edge adds no move; remove `multigraph` and the repeats"));
    }
    let no_loops = (rule == Rule::Vertex).then_some(
        "in vertex geography a token never re-enters a visited vertex, so a loop is never playable; remove it",
    );
    let what = format!(
        "{} vertex geography",
        if directed { "directed" } else { "undirected" }
    );
    let parallel = multigraph.is_some() && rule == Rule::Edge;
    Policy {
        directed,
        no_loops,
        parallel,
        what,
    }
}

/// The rule line: direction and rule, or the error saying what is missing.
fn rule_line(body: &Body, errs: &mut Errors) -> Option<(bool, Rule)> {
    let Some(s) = single(body, errs, |i| {
        matches!(
            i,
            Item::Direction {
                what: DirW::Game(_) | DirW::StrayOrder,
                ..
            }
        )
    }) else {
        errs.push(
            LangError::new(errs.src, "lang::missing_rule", "this game does not say which geography it is", body.kind_span, "which game?")
                .help("add a rule line such as `directed vertex geography`, `undirected edge geography` or `directed nim geography, remove then move`"),
        );
        return None;
    };
    let Item::Direction { directed, what } = &s.item else {
        return None;
    };
    match what {
        DirW::Game(Some(rule)) => Some((*directed, *rule)),
        DirW::Game(None) => {
            errs.push(
                LangError::new(errs.src, "lang::nim_order", "NimG comes in two orders; this rule line does not say which", s.span, "which NimG?")
                    .help("end the line with `, remove then move` (NimG-RM) or `, move then remove` (NimG-MR)"),
            );
            None
        }
        _ => {
            errs.push(
                LangError::new(
                    errs.src,
                    "lang::nim_order_not_nim",
                    "only NimG has a remove/move order",
                    s.span,
                    "not a NimG rule",
                )
                .help("write `nim geography, remove then move`, or drop the order"),
            );
            None
        }
    }
}

/// Applies `weight` statements: NimG only, once per vertex, and on every vertex.
fn weights(b: &mut Built, body: &Body, rule: Rule, errs: &mut Errors) {
    let nim = matches!(rule, Rule::NimRemoveMove | Rule::NimMoveRemove);
    let mut given: HashMap<VertexId, miette::SourceSpan> = HashMap::new();
    for s in &body.stmts {
        let Item::Weights(items) = &s.item else {
            continue;
        };
        if !nim {
            errs.push(
                LangError::new(errs.src, "lang::weight_not_nim", "weights only mean something in NimG", s.head, "weight in a non-NimG game")
                    .help("remove the weights, or make the rule line `… nim geography, remove then move` (or `move then remove`)"),
            );
            continue;
        }
        for (n, digits, span) in items {
            let Some(v) = b.resolve(n, errs) else {
                continue;
            };
            if let Some(&first) = given.get(&v) {
                errs.push(
                    LangError::new(
                        errs.src,
                        "lang::duplicate_weight",
                        format!("vertex `{}` is given a weight twice", n.text),
                        n.span,
                        "weighted again",
                    )
                    .also(first, "first weighted here")
                    .help("a vertex has one heap size; keep one of the two"),
                );
                continue;
            }
            given.insert(v, n.span);
            b.graph.vertices[v].weight = number(digits, *span, "a weight", errs);
        }
    }
    if nim {
        missing_weights(b, &given, errs);
    }
}

/// `lang::missing_weight` at the first NimG vertex without a weight, counting the others.
fn missing_weights(b: &Built, given: &HashMap<VertexId, miette::SourceSpan>, errs: &mut Errors) {
    let missing: Vec<VertexId> = (0..b.graph.n())
        .filter(|v| !given.contains_key(v))
        .collect();
    let Some(&v) = missing.first() else {
        return;
    };
    let id = b.graph.id(v).to_string();
    let more = match missing.len() {
        1 => String::new(),
        2 => " (and 1 more vertex)".to_string(),
        k => format!(" (and {} more vertices)", k - 1),
    };
    let msg = format!("vertex `{id}` has no weight{more}");
    // Every declared vertex has a span; the whole file stands in if one ever lacks it.
    let span = b
        .spans
        .get(&Locator::Vertex(v))
        .unwrap_or_else(|| errs.src.whole());
    let e = LangError::new(errs.src, "lang::missing_weight", msg, span, "no weight");
    let example = crate::lang::print::name(&id);
    errs.push(e.help(format!(
        "NimG needs a heap size on every vertex, e.g. `weight {example} = 1`; there is no default"
    )));
}

/// Resolves the `tokens` line into the model's [`Tokens`].
fn tokens(b: &mut Built, body: &Body, rule: Rule, errs: &mut Errors) -> Option<Tokens> {
    let Some(s) = single(body, errs, |i| matches!(i, Item::Tokens(_))) else {
        errs.push(
            LangError::new(errs.src, "lang::missing_tokens", "this game does not say where its token starts", body.kind_span, "no `tokens` line")
                .help("add e.g. `tokens: one at s`, `tokens: one, unrooted`, `tokens: partizan, first at a, second at b` or `tokens: two at a and b`"),
        );
        return None;
    };
    let Item::Tokens(spec) = &s.item else {
        return None;
    };
    nim_pointer(spec, s, rule, errs)?;
    let missing = |errs: &mut Errors, what: &str, help: &str| {
        let e = LangError::new(
            errs.src,
            "lang::missing_start",
            what,
            s.span,
            "start missing",
        );
        errs.push(e.help(help));
    };
    match spec {
        TokensW::One { start: Some(n), .. } => Some(Tokens::One {
            start: Some(start(b, n, 0, errs)?),
        }),
        TokensW::One { unrooted: true, .. } => Some(Tokens::One { start: None }),
        TokensW::One { .. } => {
            let help = "write `tokens: one at s`, or `tokens: one, unrooted` for the unrooted game";
            missing(errs, "the token has no start vertex", help);
            None
        }
        TokensW::Partizan { unrooted: true, .. } => Some(Tokens::Partizan { starts: None }),
        TokensW::Partizan { starts, .. } => partizan(b, starts, rule, errs, missing),
        TokensW::Two(Some((x, y))) => {
            let pair = [start(b, x, 0, errs), start(b, y, 1, errs)];
            let [Some(u), Some(v)] = pair else {
                return None;
            };
            equal_starts(u, v, x, y, "the two shared tokens", errs)?;
            Some(Tokens::TwoShared { starts: [u, v] })
        }
        TokensW::Two(None) => {
            let what = "the two shared tokens have no start vertices";
            missing(errs, what, "write `tokens: two at a and b`");
            None
        }
    }
}

/// NimG is played with one pointer on a start vertex: `lang::nim_needs_start` for an
/// unrooted token, `lang::nim_tokens` for partizan or shared tokens.
fn nim_pointer(spec: &TokensW, s: &Stmt, rule: Rule, errs: &mut Errors) -> Option<()> {
    let nim = matches!(rule, Rule::NimRemoveMove | Rule::NimMoveRemove);
    if !nim || matches!(spec, TokensW::One { start: Some(_), .. }) {
        return Some(());
    }
    let code = if matches!(spec, TokensW::One { .. }) {
        "lang::nim_needs_start"
    } else {
        "lang::nim_tokens"
    };
    let msg = "NimG is played with one pointer on a start vertex";
    let e = LangError::new(errs.src, code, msg, s.span, "not a NimG start");
    errs.push(e.help("write `tokens: one at s`"));
    None
}

/// A partizan game's two starts: one per player, distinct under the vertex rule.
fn partizan(
    b: &mut Built,
    starts: &[(usize, Named)],
    rule: Rule,
    errs: &mut Errors,
    missing: impl Fn(&mut Errors, &str, &str),
) -> Option<Tokens> {
    let mut by_player: [Option<&Named>; 2] = [None, None];
    for (p, n) in starts {
        if by_player[*p].is_some() {
            let who = ["first", "second"][*p];
            errs.push(
                LangError::new(
                    errs.src,
                    "lang::duplicate_start",
                    format!("the {who} player's start is given twice"),
                    n.span,
                    "given again",
                )
                .also(by_player[*p].map_or(n.span, |f| f.span), "first given here")
                .help("give one `first at …` and one `second at …`"),
            );
            return None;
        }
        by_player[*p] = Some(n);
    }
    let [Some(x), Some(y)] = by_player else {
        let who = match by_player {
            [None, None] => "neither partizan token has a start vertex",
            [None, _] => "player I's token (`first`) has no start vertex",
            _ => "player II's token (`second`) has no start vertex",
        };
        missing(
            errs,
            who,
            "write `tokens: partizan, first at a, second at b`, or `tokens: partizan, unrooted` for the unrooted game (Trail Trap under the edge rule)",
        );
        return None;
    };
    let pair = [start(b, x, 0, errs), start(b, y, 1, errs)];
    let [Some(u), Some(v)] = pair else {
        return None;
    };
    if rule == Rule::Vertex {
        equal_starts(
            u,
            v,
            x,
            y,
            "in partizan vertex geography the two tokens",
            errs,
        )?;
    }
    Some(Tokens::Partizan {
        starts: Some([u, v]),
    })
}

/// Resolves start number `i` and records its span.
fn start(b: &mut Built, n: &Named, i: usize, errs: &mut Errors) -> Option<VertexId> {
    let v = b.resolve(n, errs)?;
    b.spans.insert(Locator::Start(i), n.span);
    Some(v)
}

/// Reports `lang::equal_starts` when `u == v`.
fn equal_starts(
    u: VertexId,
    v: VertexId,
    x: &Named,
    y: &Named,
    who: &str,
    errs: &mut Errors,
) -> Option<()> {
    if u != v {
        return Some(());
    }
    errs.push(
        LangError::new(
            errs.src,
            "lang::equal_starts",
            format!("{who} must start on different vertices"),
            y.span,
            "same vertex again",
        )
        .also(x.span, "the other token starts here")
        .help("both start vertices count as visited, so they must differ; pick another vertex"),
    );
    None
}
