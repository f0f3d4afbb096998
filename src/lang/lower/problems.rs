//! Lowering the two graph problems, `hampath` and `vertex-cover`, and the statement-level
//! checks every graph instance shares: which statements a kind accepts, and which may be
//! given only once.
//!
//! Policy, documented in docs/language.md: a Hamiltonian path and a vertex cover take simple
//! graphs (no loops, no repeated edge); games decide for themselves in game.rs.

use super::ast::{Body, DirW, Item, Stmt};
use super::graph::{Policy, build_graph, number};
use super::{Errors, Named};
use crate::lang::Spans;
use crate::lang::diag::LangError;
use crate::problems::{HamPath, Instance, Locator, VertexCover};

/// Reports every statement whose item `allowed` rejects, with the kind that takes it.
pub(crate) fn check_placement(body: &Body, errs: &mut Errors, allowed: impl Fn(&Item) -> bool) {
    for s in body.stmts.iter().filter(|s| !allowed(&s.item)) {
        let belongs = match &s.item {
            Item::Start(_) | Item::End(_) if body.kind == "geography" => {
                "a game's start is given in its `tokens` line, e.g. `tokens: one at s`"
            }
            Item::Start(_) | Item::End(_) => "`start` and `end` belong in a hampath instance",
            Item::K(..) => "`k` belongs in a vertex-cover instance",
            Item::Direction {
                what: DirW::Graph, ..
            } => "a game states its rule instead, e.g. `directed vertex geography`",
            Item::Direction { .. } => {
                "only games have a rule line; write `directed graph` or `undirected graph`"
            }
            _ => {
                "`tokens`, `normal play`/`misere play`, `weight`, `multigraph` and `biadjacency` belong in a geography instance"
            }
        };
        errs.push(
            LangError::new(
                errs.src,
                "lang::misplaced_statement",
                format!(
                    "`{}` does not belong in a {} instance",
                    s.keyword, body.kind
                ),
                s.head,
                "not allowed here",
            )
            .help(belongs),
        );
    }
}

/// The statements matching `pick`; reports `lang::duplicate_statement` for all but the first.
pub(crate) fn single<'b, 's>(
    body: &'b Body<'s>,
    errs: &mut Errors,
    pick: impl Fn(&Item) -> bool,
) -> Option<&'b Stmt<'s>> {
    let mut found = body.stmts.iter().filter(|s| pick(&s.item));
    let first = found.next()?;
    for again in found {
        errs.push(
            LangError::new(
                errs.src,
                "lang::duplicate_statement",
                format!("`{}` is given twice", again.keyword),
                again.head,
                "given again",
            )
            .also(first.head, "first given here")
            .help("an instance states this once; remove one of the two"),
        );
    }
    Some(first)
}

/// The `directed graph` / `undirected graph` line, or `lang::missing_direction`.
fn graph_direction(body: &Body, errs: &mut Errors, default: Option<bool>) -> Option<bool> {
    match single(body, errs, |i| {
        matches!(
            i,
            Item::Direction {
                what: DirW::Graph,
                ..
            }
        )
    }) {
        Some(Stmt {
            item: Item::Direction { directed, .. },
            ..
        }) => Some(*directed),
        _ if default.is_some() => default,
        _ => {
            errs.push(
                LangError::new(
                    errs.src,
                    "lang::missing_direction",
                    format!(
                        "this {} instance does not say whether its graph is directed",
                        body.kind
                    ),
                    body.kind_span,
                    "directed or not?",
                )
                .help("add `directed graph` or `undirected graph`"),
            );
            None
        }
    }
}

/// Lowers `hampath { … }`.
pub(crate) fn lower_hampath(body: &Body, errs: &mut Errors) -> Option<(Instance, Spans)> {
    check_placement(body, errs, |i| {
        matches!(
            i,
            Item::Vertices(_)
                | Item::Edges(_)
                | Item::Start(_)
                | Item::End(_)
                | Item::Labels(_)
                | Item::Group { .. }
                | Item::Direction {
                    what: DirW::Graph,
                    ..
                }
        )
    });
    let directed = graph_direction(body, errs, None)?;
    let policy = Policy {
        directed,
        no_loops: Some(
            "a Hamiltonian path visits each vertex once, so it never uses a loop; remove it",
        ),
        parallel: false,
        what: "a Hamiltonian path instance".into(),
    };
    let mut b = build_graph(body, &policy, errs);
    let mut endpoint = |pick: for<'a, 's> fn(&'a Item<'s>) -> Option<&'a Named<'s>>,
                        at: Locator| {
        let s = single(body, errs, |i| pick(i).is_some())?;
        let n = pick(&s.item)?;
        let v = b.resolve(n, errs)?;
        b.spans.insert(at, n.span);
        Some(v)
    };
    let start = endpoint(
        |i| {
            if let Item::Start(n) = i {
                Some(n)
            } else {
                None
            }
        },
        Locator::Start(0),
    );
    let end = endpoint(
        |i| if let Item::End(n) = i { Some(n) } else { None },
        Locator::End,
    );
    Some((
        Instance::Hampath(HamPath {
            graph: b.graph,
            start,
            end,
        }),
        b.spans,
    ))
}

/// Lowers `vertex-cover { … }`.
pub(crate) fn lower_cover(body: &Body, errs: &mut Errors) -> Option<(Instance, Spans)> {
    check_placement(body, errs, |i| {
        matches!(
            i,
            Item::Vertices(_)
                | Item::Edges(_)
                | Item::K(..)
                | Item::Labels(_)
                | Item::Group { .. }
                | Item::Direction {
                    what: DirW::Graph,
                    ..
                }
        )
    });
    if graph_direction(body, errs, Some(false)) == Some(true) {
        let s = body
            .stmts
            .iter()
            .find(|s| matches!(s.item, Item::Direction { .. }))?;
        let msg = "vertex cover is defined on undirected graphs";
        let e = LangError::new(errs.src, "lang::directed_cover", msg, s.head, "directed");
        errs.push(e.help("write `undirected graph` (or leave the line out)"));
        return None;
    }
    let no_loops =
        "a loop would force its vertex into every cover; remove it and lower k by one instead";
    let what = "a vertex cover instance".into();
    let policy = Policy {
        directed: false,
        no_loops: Some(no_loops),
        parallel: false,
        what,
    };
    let mut b = build_graph(body, &policy, errs);
    let (k, span) = bound(body, errs)?;
    b.spans.insert(Locator::K, span);
    let cover = VertexCover {
        graph: b.graph,
        k: usize::try_from(k).ok()?,
    };
    Some((Instance::VertexCover(cover), b.spans))
}

/// The `k = …` statement's value and span, or `lang::missing_k`.
fn bound(body: &Body, errs: &mut Errors) -> Option<(u64, miette::SourceSpan)> {
    let Some(Stmt {
        item: Item::K(digits, span),
        ..
    }) = single(body, errs, |i| matches!(i, Item::K(..)))
    else {
        let msg = "this vertex-cover instance has no bound k";
        let e = LangError::new(errs.src, "lang::missing_k", msg, body.kind_span, "k = ?");
        errs.push(e.help("add `k = 2` (the largest cover size allowed)"));
        return None;
    };
    Some((number(digits, *span, "k", errs)?, *span))
}
