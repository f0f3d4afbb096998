//! The statements of a graph instance, read off the parse tree into plain data.
//!
//! Keeping this step separate from the checks means the checks read like the language
//! reference ("a game needs a rule line") instead of like tree walking.

use super::{Named, span_of, string_text};
use crate::lang::parser::Rule;
use crate::lang::parser::leaf_span;
use crate::problems::{Convention, Rule as GameRule};
use miette::SourceSpan;
use pest::iterators::Pair;

/// One edge as written: endpoints, whether it was written as an arc, and its span.
#[derive(Clone, Debug)]
pub(crate) struct EdgeW<'s> {
    /// The tail (directed) or first endpoint.
    pub from: Named<'s>,
    /// The head or second endpoint.
    pub to: Named<'s>,
    /// `true` for `->`, `false` for `--`.
    pub arc: bool,
    /// The span of the operator.
    pub op: SourceSpan,
}

impl EdgeW<'_> {
    /// From the first endpoint to the second (derived, not stored: a file of a million
    /// edges holds a million of these).
    pub fn span(&self) -> SourceSpan {
        let start = self.from.span.offset();
        SourceSpan::new(
            start.into(),
            self.to.span.offset() + self.to.span.len() - start,
        )
    }
}

/// What a direction line says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum DirW {
    /// `directed graph` / `undirected graph`.
    Graph,
    /// `… vertex|edge geography` or `… nim geography, …`; a NimG rule without its order
    /// is `None` (reported when lowering).
    Game(Option<GameRule>),
    /// `vertex` or `edge` followed by a NimG order, which only NimG takes.
    StrayOrder,
}

/// What a `tokens` line says, before any vertex is resolved.
#[derive(Clone, Debug)]
pub(crate) enum TokensW<'s> {
    /// `one at s` or `one, unrooted`; `one` alone has neither.
    One {
        /// The start, if given.
        start: Option<Named<'s>>,
        /// Whether `unrooted` was written.
        unrooted: bool,
    },
    /// `partizan, …`.
    Partizan {
        /// Whether `unrooted` was written.
        unrooted: bool,
        /// `(player, start)` pairs as written; player 0 is `first`.
        starts: Vec<(usize, Named<'s>)>,
    },
    /// `two at a and b`; `two` alone has no starts.
    Two(Option<(Named<'s>, Named<'s>)>),
}

/// One statement's content.
#[derive(Clone, Debug)]
pub(crate) enum Item<'s> {
    /// `vertices …`.
    Vertices(Vec<Named<'s>>),
    /// `biadjacency { … }`: the span of the braces and everything inside (decoded when
    /// lowering, straight from the source text).
    Biadjacency(SourceSpan),
    /// `edges …`.
    Edges(Vec<EdgeW<'s>>),
    /// A direction line.
    Direction {
        /// `directed` or not.
        directed: bool,
        /// What follows.
        what: DirW,
    },
    /// `normal play` / `misere play`.
    Play(Convention),
    /// `tokens: …`.
    Tokens(TokensW<'s>),
    /// `start s`.
    Start(Named<'s>),
    /// `end t`.
    End(Named<'s>),
    /// `k = …`, the digits as written with their span.
    K(String, SourceSpan),
    /// `weight a = 2, …`: vertex, digits, span of the digits.
    Weights(Vec<(Named<'s>, String, SourceSpan)>),
    /// `label a "…", …`.
    Labels(Vec<(Named<'s>, String)>),
    /// `group kind name { … }`.
    Group {
        /// The group's kind (`diamond`).
        kind: Named<'s>,
        /// The group's name (`x1`).
        name: Named<'s>,
        /// Its members.
        members: Vec<Named<'s>>,
    },
    /// `multigraph`.
    Multigraph,
}

/// A statement: its content, its span and its keyword (for "does not belong here").
#[derive(Clone, Debug)]
pub(crate) struct Stmt<'s> {
    /// The content.
    pub item: Item<'s>,
    /// The whole statement.
    pub span: SourceSpan,
    /// The span of its first keyword.
    pub head: SourceSpan,
    /// The first keyword as written.
    pub keyword: String,
}

/// A graph instance's header and statements.
#[derive(Debug)]
pub(crate) struct Body<'s> {
    /// `hampath`, `vertex-cover` or `geography` (`game` is normalised to `geography`,
    /// `vertex_cover` to `vertex-cover`).
    pub kind: String,
    /// The span of the kind keyword.
    pub kind_span: SourceSpan,
    /// The optional title.
    pub title: Option<String>,
    /// The statements in source order.
    pub stmts: Vec<Stmt<'s>>,
}

impl<'s> Body<'s> {
    /// Reads a `graph_instance` pair.
    pub fn read(pair: Pair<'s, Rule>) -> Body<'s> {
        let mut body = Body {
            kind: String::new(),
            kind_span: span_of(&pair),
            title: None,
            stmts: Vec::new(),
        };
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::graph_kind => {
                    body.kind_span = span_of(&p);
                    body.kind = match p.as_str() {
                        "game" => "geography".to_string(),
                        "vertex_cover" => "vertex-cover".to_string(),
                        k => k.to_string(),
                    };
                }
                Rule::title => body.title = p.into_inner().next().map(|s| string_text(&s)),
                Rule::statement => body.stmts.extend(p.into_inner().next().map(read_stmt)),
                _ => {}
            }
        }
        body
    }
}

/// Reads one `*_stmt` pair.
fn read_stmt(pair: Pair<'_, Rule>) -> Stmt<'_> {
    let span = span_of(&pair);
    let kind = pair.as_rule();
    let parts: Vec<Pair<'_, Rule>> = pair.into_inner().collect();
    let head = parts.first().map_or(span, span_of);
    let keyword = parts.first().map_or("", |p| p.as_str()).to_string();
    let names = |from: usize| {
        parts[from..]
            .iter()
            .filter(|p| p.as_rule() == Rule::name)
            .map(Named::of)
            .collect::<Vec<_>>()
    };
    let of_rule = |r: Rule| parts.iter().filter(move |p| p.as_rule() == r);
    let item = match kind {
        Rule::vertices_stmt => Item::Vertices(names(1)),
        Rule::edges_stmt => Item::Edges(
            of_rule(Rule::chain)
                .flat_map(|c| read_chain(c.clone()))
                .collect(),
        ),
        Rule::biadjacency_stmt => Item::Biadjacency(span_of(&parts[1])),
        Rule::direction_stmt => read_direction(&parts),
        Rule::play_stmt if keyword == "normal" => Item::Play(Convention::Normal),
        Rule::play_stmt => Item::Play(Convention::Misere),
        Rule::tokens_stmt => Item::Tokens(read_tokens(parts[1].clone())),
        Rule::start_stmt => Item::Start(Named::of(&parts[1])),
        Rule::end_stmt => Item::End(Named::of(&parts[1])),
        Rule::k_stmt => {
            let k = of_rule(Rule::integer).next().unwrap_or(&parts[0]);
            Item::K(k.as_str().to_string(), span_of(k))
        }
        Rule::weight_stmt => Item::Weights(of_rule(Rule::weight_item).map(read_weight).collect()),
        Rule::label_stmt => Item::Labels(of_rule(Rule::label_item).map(read_label).collect()),
        Rule::group_stmt => Item::Group {
            kind: Named::of(&parts[1]),
            name: Named::of(&parts[2]),
            members: names(3),
        },
        _ => Item::Multigraph,
    };
    Stmt {
        item,
        span,
        head,
        keyword,
    }
}

/// `a -> b -> c` as the edges a→b and b→c.
fn read_chain(chain: Pair<'_, Rule>) -> impl Iterator<Item = EdgeW<'_>> {
    // name (edge_op name)+, all leaves: walked once, without collecting the pairs.
    let mut parts = chain.into_inner();
    let mut from = parts.next().map(|p| Named::of(&p));
    std::iter::from_fn(move || {
        let (op, to) = (parts.next()?, Named::of(&parts.next()?));
        let from = from.replace(to.clone())?;
        Some(EdgeW {
            from,
            to,
            arc: matches!(op.as_str(), "->" | "→"),
            op: leaf_span(&op),
        })
    })
}

/// `directed graph`, `undirected edge geography`, `directed nim geography, move then remove`.
fn read_direction<'s>(parts: &[Pair<'s, Rule>]) -> Item<'s> {
    let directed = parts[0].as_str() == "directed";
    let what = match parts.get(1).map(|p| p.as_str()) {
        Some("graph") => DirW::Graph,
        Some(word) => {
            let order = parts
                .get(3)
                .and_then(|o| o.clone().into_inner().next())
                .map(|o| o.as_rule());
            match (word, order) {
                ("vertex", None) => DirW::Game(Some(GameRule::Vertex)),
                ("edge", None) => DirW::Game(Some(GameRule::Edge)),
                ("nim", Some(Rule::remove_then_move)) => DirW::Game(Some(GameRule::NimRemoveMove)),
                ("nim", Some(_)) => DirW::Game(Some(GameRule::NimMoveRemove)),
                ("nim", None) => DirW::Game(None),
                _ => DirW::StrayOrder,
            }
        }
        None => DirW::Graph,
    };
    Item::Direction { directed, what }
}

/// The inside of a `tokens` line.
fn read_tokens(spec: Pair<'_, Rule>) -> TokensW<'_> {
    let kind = spec.as_rule();
    let parts: Vec<Pair<'_, Rule>> = spec.into_inner().collect();
    let unrooted = parts.iter().any(|p| p.as_rule() == Rule::kw_unrooted);
    let names: Vec<Named<'_>> = parts
        .iter()
        .filter(|p| p.as_rule() == Rule::name)
        .map(Named::of)
        .collect();
    match kind {
        Rule::one_token => TokensW::One {
            start: names.into_iter().next(),
            unrooted,
        },
        Rule::partizan_tokens => TokensW::Partizan {
            unrooted,
            starts: parts
                .iter()
                .filter(|p| p.as_rule() == Rule::player_start)
                .map(|p| {
                    let mut inner = p.clone().into_inner();
                    let who = usize::from(inner.next().is_some_and(|w| w.as_str() == "second"));
                    let at = inner.find(|x| x.as_rule() == Rule::name);
                    (
                        who,
                        at.map(|a| Named::of(&a)).unwrap_or_else(|| Named {
                            text: Default::default(),
                            span: span_of(p),
                        }),
                    )
                })
                .collect(),
        },
        _ => {
            let mut it = names.into_iter();
            TokensW::Two(it.next().zip(it.next()))
        }
    }
}

/// `a = 2`.
fn read_weight<'s>(item: &Pair<'s, Rule>) -> (Named<'s>, String, SourceSpan) {
    let mut inner = item.clone().into_inner();
    let name = inner.next().map(|n| Named::of(&n));
    let num = inner.find(|p| p.as_rule() == Rule::integer);
    (
        name.unwrap_or_else(|| Named {
            text: Default::default(),
            span: span_of(item),
        }),
        num.as_ref()
            .map_or(String::new(), |n| n.as_str().to_string()),
        num.as_ref().map_or(span_of(item), span_of),
    )
}

/// `a "¬x1"`.
fn read_label<'s>(item: &Pair<'s, Rule>) -> (Named<'s>, String) {
    let mut inner = item.clone().into_inner();
    let name = inner.next().map(|n| Named::of(&n));
    let text = inner.next().map_or(String::new(), |s| string_text(&s));
    (
        name.unwrap_or_else(|| Named {
            text: Default::default(),
            span: span_of(item),
        }),
        text,
    )
}
