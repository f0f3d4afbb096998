//! A hand-written scanner for graph instances (`hampath`, `vertex-cover`, `geography`):
//! the fast path in front of pest.
//!
//! pest builds a parse tree of about ten pairs per edge and lowering then walks it; on a
//! 10 MB file of a million edges that is seconds of work (issue 12 asks for a bad 10 MB
//! file to be rejected in under a second). This scanner reads the same statements straight
//! into [`Body`], the plain data lowering checks, in one pass over the bytes.
//!
//! pest stays the reference: `grammar/instance.pest` defines the language, and the scanner
//! gives up (returns `None`) on anything it is not sure to read exactly as pest does — a
//! syntax error, a non-ASCII character outside a comment or a quoted text, a byte-order
//! mark, a word boundary it cannot decide without Unicode tables — so that the caller hands
//! the file to pest and every syntax diagnostic stays pest's. When it succeeds, the `Body`
//! equals the one [`Body::read`] builds from pest's tree, spans included (pest's quirks
//! too: a statement's span ends where its last leaf ends, so a `label` statement's ends
//! before the closing quote of its last text). tests/lang/fast_path.rs checks this on
//! random and mutated files, and the `dsl` fuzz target compares both paths on every input.

use super::Named;
use super::ast::{Body, DirW, EdgeW, Item, Stmt, TokensW};
use crate::problems::{Convention, Rule as GameRule};
use miette::SourceSpan;

/// The scanner gave up: hand the file to pest.
struct GiveUp;

/// A step that either succeeds or gives the file to pest.
type Step<T> = Result<T, GiveUp>;

/// The reserved words of the grammar (`reserved` in grammar/instance.pest), ASCII ones only
/// (`misère` cannot be an ASCII word). A bare name is never one of them.
const RESERVED: [&str; 21] = [
    "biadjacency",
    "directed",
    "exists",
    "edges",
    "end",
    "forall",
    "group",
    "k",
    "labels",
    "label",
    "misere",
    "multigraph",
    "normal",
    "start",
    "tokens",
    "true",
    "undirected",
    "vertices",
    "variables",
    "weights",
    "weight",
];

/// Reads a graph instance, or `None` when pest must (see the module doc).
pub(crate) fn graph_body(text: &str) -> Option<Body<'_>> {
    graph_body_or_read(text).ok()
}

/// Reads a graph instance, or says how far it read before handing the file to pest: the
/// bytes from the body's `{` to the start of the statement it stopped in (or after), which
/// hold only whole statements the scanner read (pest's syntax error past them does not
/// depend on them: `parser::syntax_error_past`); `None` when it stopped before the first
/// statement.
pub(crate) fn graph_body_or_read(text: &str) -> Result<Body<'_>, Option<std::ops::Range<usize>>> {
    let mut scanner = Scanner {
        text,
        at: 0,
        read: None,
    };
    scanner
        .file()
        .map_err(|GiveUp| scanner.read.filter(|r| r.start < r.end))
}

/// A position in the text being read.
struct Scanner<'t> {
    /// The whole file.
    text: &'t str,
    /// The next byte to read.
    at: usize,
    /// From just after the body's `{` to the start of the statement being read.
    read: Option<std::ops::Range<usize>>,
}

/// An ASCII character that may start a bare name (`XID_CONTINUE` restricted to ASCII).
fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// A span from byte `start` to byte `end`.
fn span(start: usize, end: usize) -> SourceSpan {
    SourceSpan::new(start.into(), end - start)
}

/// The byte one past a span.
fn end_of(s: SourceSpan) -> usize {
    s.offset() + s.len()
}

impl<'t> Scanner<'t> {
    /// The byte at `i`, if any.
    fn byte(&self, i: usize) -> Option<u8> {
        self.text.as_bytes().get(i).copied()
    }

    /// Skips blanks and comments, as pest's implicit `WHITESPACE`/`COMMENT` does (a
    /// byte-order mark is left in place: it is not ASCII, so whatever reads next gives up).
    fn skip(&mut self) {
        let bytes = self.text.as_bytes();
        while let Some(&b) = bytes.get(self.at) {
            match b {
                b' ' | b'\t' | b'\r' | b'\n' => self.at += 1,
                b'#' => {
                    self.at = bytes[self.at..]
                        .iter()
                        .position(|&c| c == b'\n')
                        .map_or(bytes.len(), |i| self.at + i);
                }
                _ => break,
            }
        }
    }

    /// The end of the bare word starting at `i` (`i` itself when no word starts there).
    /// Gives up when the word's end depends on a non-ASCII character (pest's `name_char`
    /// accepts every `XID_CONTINUE` character, which this scanner does not tabulate).
    fn word_end(&self, i: usize) -> Step<usize> {
        match self.byte(i) {
            Some(b) if is_word_byte(b) => {}
            Some(b) if !b.is_ascii() => return Err(GiveUp),
            _ => return Ok(i),
        }
        let mut j = i + 1;
        loop {
            match self.byte(j) {
                Some(b) if is_word_byte(b) || b == b'\'' => j += 1,
                Some(b'.') => match self.byte(j + 1) {
                    Some(b) if is_word_byte(b) => j += 2,
                    Some(b) if !b.is_ascii() => return Err(GiveUp),
                    _ => return Ok(j),
                },
                Some(b) if !b.is_ascii() => return Err(GiveUp),
                _ => return Ok(j),
            }
        }
    }

    /// The word at the current position (empty when none starts there).
    fn word(&self) -> Step<&'t str> {
        Ok(&self.text[self.at..self.word_end(self.at)?])
    }

    /// Consumes the keyword `kw` if it is the word here; its span.
    fn keyword(&mut self, kw: &str) -> Step<Option<SourceSpan>> {
        if self.word()? != kw {
            return Ok(None);
        }
        let start = self.at;
        self.at += kw.len();
        Ok(Some(span(start, self.at)))
    }

    /// Skips blanks, then consumes the keyword `kw`, which must be there.
    fn expect_keyword(&mut self, kw: &str) -> Step<SourceSpan> {
        self.skip();
        self.keyword(kw)?.ok_or(GiveUp)
    }

    /// Consumes the ASCII character `c` if it is next.
    fn punct(&mut self, c: u8) -> bool {
        let here = self.byte(self.at) == Some(c);
        self.at += usize::from(here);
        here
    }

    /// Skips blanks, then consumes `c`, which must be there; its span.
    fn expect_punct(&mut self, c: u8) -> Step<SourceSpan> {
        self.skip();
        let start = self.at;
        if self.punct(c) {
            Ok(span(start, self.at))
        } else {
            Err(GiveUp)
        }
    }

    /// The inside of a quoted text starting at the opening quote here (`string_body`): its
    /// span, the position is left after the closing quote.
    fn quoted(&mut self) -> Step<SourceSpan> {
        let bytes = self.text.as_bytes();
        if bytes.get(self.at) != Some(&b'"') {
            return Err(GiveUp);
        }
        let start = self.at + 1;
        let mut i = start;
        loop {
            match bytes.get(i) {
                Some(b'"') => break,
                Some(b'\\') => match bytes.get(i + 1) {
                    Some(b'"' | b'\\' | b'n' | b't') => i += 2,
                    _ => return Err(GiveUp),
                },
                Some(b'\n') | None => return Err(GiveUp),
                Some(_) => i += 1,
            }
        }
        self.at = i + 1;
        Ok(span(start, i))
    }

    /// A name here (`name`: a bare word that is not reserved, or a quoted name), or `None`
    /// with nothing consumed.
    fn name(&mut self) -> Step<Option<Named<'t>>> {
        let start = self.at;
        if self.byte(start) == Some(b'"') {
            let body = self.quoted()?;
            return Ok(Some(Named {
                text: super::unescaped(&self.text[body.offset()..end_of(body)]),
                span: span(start, self.at),
            }));
        }
        let word = self.word()?;
        if word.is_empty() || RESERVED.contains(&word) {
            return Ok(None);
        }
        self.at += word.len();
        Ok(Some(Named {
            text: std::borrow::Cow::Borrowed(word),
            span: span(start, self.at),
        }))
    }

    /// Skips blanks, then reads a name, which must be there.
    fn expect_name(&mut self) -> Step<Named<'t>> {
        self.skip();
        self.name()?.ok_or(GiveUp)
    }

    /// Skips blanks, then a quoted text (`string`), which must be there: its unescaped
    /// text and the span of its inside.
    fn expect_string(&mut self) -> Step<(String, SourceSpan)> {
        self.skip();
        let body = self.quoted()?;
        Ok((
            super::unescape(&self.text[body.offset()..end_of(body)]),
            body,
        ))
    }

    /// Skips blanks, then an `integer` (`-`? digits), which must be there.
    fn expect_integer(&mut self) -> Step<(String, SourceSpan)> {
        self.skip();
        let bytes = self.text.as_bytes();
        let start = self.at;
        let digits = start + usize::from(bytes.get(start) == Some(&b'-'));
        let end = digits
            + bytes[digits..]
                .iter()
                .take_while(|b| b.is_ascii_digit())
                .count();
        if end == digits {
            return Err(GiveUp);
        }
        self.at = end;
        Ok((self.text[start..end].to_string(), span(start, end)))
    }

    /// The `NAME = …, NAME = …` list after `weights` or `labels`: `item` reads what follows each
    /// name and says where it ends (stored in `last`). A list that starts with a comma, is
    /// empty or ends with a comma is left to pest.
    fn assignments<T>(
        &mut self,
        last: &mut usize,
        mut item: impl FnMut(&mut Self, Named<'t>) -> Step<(T, usize)>,
    ) -> Step<Vec<T>> {
        let mut items = Vec::new();
        loop {
            let (before, comma) = self.optional_comma();
            let Some(name) = self.name()? else {
                if comma || items.is_empty() {
                    return Err(GiveUp);
                }
                self.at = before;
                return Ok(items);
            };
            if comma && items.is_empty() {
                return Err(GiveUp);
            }
            let (value, end) = item(self, name)?;
            *last = end;
            items.push(value);
        }
    }

    /// Skips blanks and an optional comma; the position to return to if what follows the
    /// comma is not there, and whether a comma was read.
    fn optional_comma(&mut self) -> (usize, bool) {
        self.skip();
        let before = self.at;
        let comma = self.punct(b',');
        if comma {
            self.skip();
        }
        (before, comma)
    }

    /// The whole file: one graph instance, then nothing but blanks.
    fn file(&mut self) -> Step<Body<'t>> {
        self.skip();
        let start = self.at;
        let mut end = self.word_end(start)?;
        let kind = match &self.text[start..end] {
            "hampath" => "hampath",
            "geography" | "game" => "geography",
            "vertex_cover" => "vertex-cover",
            "vertex" if self.text[end..].starts_with("-cover") => {
                end = self.word_end(end + 1)?;
                if &self.text[start..end] != "vertex-cover" {
                    return Err(GiveUp);
                }
                "vertex-cover"
            }
            _ => return Err(GiveUp),
        };
        self.at = end;
        let mut body = Body {
            kind: kind.to_string(),
            kind_span: span(start, end),
            title: None,
            stmts: Vec::new(),
        };
        self.skip();
        if self.byte(self.at) == Some(b'"') {
            body.title = Some(self.expect_string()?.0);
        }
        self.expect_punct(b'{')?;
        let body_start = self.at;
        loop {
            self.skip();
            if self.punct(b'}') {
                break;
            }
            self.read = Some(body_start..self.at);
            body.stmts.push(self.statement()?);
            self.skip();
            self.punct(b';');
        }
        self.skip();
        if self.at == self.text.len() {
            Ok(body)
        } else {
            Err(GiveUp)
        }
    }

    /// One statement, starting at its keyword.
    fn statement(&mut self) -> Step<Stmt<'t>> {
        let start = self.at;
        let keyword = self.word()?;
        self.at += keyword.len();
        let head = span(start, self.at);
        // The end of the statement's last leaf (pest's span of the statement).
        let mut last = self.at;
        let item = match keyword {
            "vertices" => {
                let names = self.name_list()?;
                last = end_of(names.last().ok_or(GiveUp)?.span);
                Item::Vertices(names)
            }
            "edges" => {
                let edges = self.edges()?;
                last = end_of(edges.last().ok_or(GiveUp)?.span());
                Item::Edges(edges)
            }
            "directed" | "undirected" => {
                let (what, end) = self.direction()?;
                last = end;
                Item::Direction {
                    directed: keyword == "directed",
                    what,
                }
            }
            "normal" | "misere" => {
                last = end_of(self.expect_keyword("play")?);
                Item::Play(if keyword == "normal" {
                    Convention::Normal
                } else {
                    Convention::Misere
                })
            }
            "tokens" => {
                self.skip();
                self.punct(b':');
                let (tokens, end) = self.tokens()?;
                last = end.unwrap_or(last);
                Item::Tokens(tokens)
            }
            "start" | "end" => {
                let at = self.expect_name()?;
                last = end_of(at.span);
                if keyword == "start" {
                    Item::Start(at)
                } else {
                    Item::End(at)
                }
            }
            "k" => {
                self.expect_punct(b'=')?;
                let (digits, at) = self.expect_integer()?;
                last = end_of(at);
                Item::K(digits, at)
            }
            "weight" | "weights" => Item::Weights(self.assignments(&mut last, |scan, name| {
                scan.expect_punct(b'=')?;
                let (digits, at) = scan.expect_integer()?;
                Ok(((name, digits, at), end_of(at)))
            })?),
            "label" | "labels" => Item::Labels(self.assignments(&mut last, |scan, name| {
                scan.skip();
                scan.punct(b'=');
                let (text, inside) = scan.expect_string()?;
                Ok(((name, text), end_of(inside)))
            })?),
            "group" => {
                let kind = self.expect_name()?;
                let name = self.expect_name()?;
                self.expect_punct(b'{')?;
                let mut members = Vec::new();
                loop {
                    self.skip();
                    let Some(member) = self.name()? else { break };
                    members.push(member);
                    self.skip();
                    self.punct(b',');
                }
                last = end_of(self.expect_punct(b'}')?);
                Item::Group {
                    kind,
                    name,
                    members,
                }
            }
            "multigraph" => Item::Multigraph,
            "biadjacency" => {
                let open = self.expect_punct(b'{')?.offset();
                let close = self.text.as_bytes()[open..]
                    .iter()
                    .position(|&b| b == b'}')
                    .ok_or(GiveUp)?;
                self.at = open + close + 1;
                last = self.at;
                Item::Biadjacency(span(open, self.at))
            }
            _ => return Err(GiveUp),
        };
        Ok(Stmt {
            item,
            span: span(start, last),
            head,
            keyword: keyword.to_string(),
        })
    }

    /// `(name ~ ","?)+`: at least one name.
    fn name_list(&mut self) -> Step<Vec<Named<'t>>> {
        let mut names = Vec::new();
        loop {
            self.skip();
            let Some(n) = self.name()? else { break };
            names.push(n);
            self.skip();
            self.punct(b',');
        }
        Ok(names)
    }

    /// `chain ~ (","? ~ chain)*`, each chain `name ~ (edge_op ~ name)+`.
    fn edges(&mut self) -> Step<Vec<EdgeW<'t>>> {
        let mut edges = Vec::new();
        let mut first = true;
        loop {
            let (before, comma) = self.optional_comma();
            let Some(mut from) = self.name()? else {
                if comma || first {
                    return Err(GiveUp);
                }
                self.at = before;
                return Ok(edges);
            };
            if comma && first {
                return Err(GiveUp);
            }
            first = false;
            let mut links = 0;
            loop {
                self.skip();
                let op_start = self.at;
                let rest = &self.text.as_bytes()[op_start..];
                let arc = if rest.starts_with(b"->") {
                    true
                } else if rest.starts_with(b"--") {
                    false
                } else {
                    break;
                };
                self.at += 2;
                let to = self.expect_name()?;
                edges.push(EdgeW {
                    from,
                    to: to.clone(),
                    arc,
                    op: span(op_start, op_start + 2),
                });
                from = to;
                links += 1;
            }
            if links == 0 {
                return Err(GiveUp);
            }
        }
    }

    /// What follows `directed`/`undirected`: the kind of line and the end of its last word.
    fn direction(&mut self) -> Step<(DirW, usize)> {
        self.skip();
        let word = self.word()?;
        self.at += word.len();
        if word == "graph" {
            return Ok((DirW::Graph, self.at));
        }
        if !matches!(word, "vertex" | "edge" | "nim") {
            return Err(GiveUp);
        }
        let mut end = end_of(self.expect_keyword("geography")?);
        // nim_order?: `","? ~ (remove then move | move then remove)`.
        let (before, comma) = self.optional_comma();
        let order = match self.word()? {
            "remove" => Some(["remove", "then", "move"]),
            "move" => Some(["move", "then", "remove"]),
            _ => None,
        };
        let order = match order {
            Some(words) => {
                for w in words {
                    end = end_of(self.expect_keyword(w)?);
                }
                Some(words[0] == "remove")
            }
            None if comma => return Err(GiveUp),
            None => {
                self.at = before;
                None
            }
        };
        let what = match (word, order) {
            ("vertex", None) => DirW::Game(Some(GameRule::Vertex)),
            ("edge", None) => DirW::Game(Some(GameRule::Edge)),
            ("nim", Some(true)) => DirW::Game(Some(GameRule::NimRemoveMove)),
            ("nim", Some(false)) => DirW::Game(Some(GameRule::NimMoveRemove)),
            ("nim", None) => DirW::Game(None),
            _ => DirW::StrayOrder,
        };
        Ok((what, end))
    }

    /// What follows `tokens:`, and the end of its last leaf if it has more than the
    /// keyword.
    fn tokens(&mut self) -> Step<(TokensW<'t>, Option<usize>)> {
        self.skip();
        let word = self.word()?;
        self.at += word.len();
        let mut end = self.at;
        match word {
            "one" => {
                let (before, comma) = self.optional_comma();
                if !comma && self.keyword("at")?.is_some() {
                    let start = self.expect_name()?;
                    end = end_of(start.span);
                    return Ok((
                        TokensW::One {
                            start: Some(start),
                            unrooted: false,
                        },
                        Some(end),
                    ));
                }
                let unrooted = match self.keyword("unrooted")? {
                    Some(kw) => {
                        end = end_of(kw);
                        true
                    }
                    None if comma => return Err(GiveUp),
                    None => {
                        self.at = before;
                        false
                    }
                };
                Ok((
                    TokensW::One {
                        start: None,
                        unrooted,
                    },
                    Some(end),
                ))
            }
            "partizan" => {
                let mut starts = Vec::new();
                let mut unrooted = false;
                let (before, comma) = self.optional_comma();
                if let Some(kw) = self.keyword("unrooted")? {
                    unrooted = true;
                    end = end_of(kw);
                } else if let Some((who, at)) = self.player_start()? {
                    end = end_of(at.span);
                    starts.push((who, at));
                    let (before, comma) = self.optional_comma();
                    match self.player_start()? {
                        Some((who, at)) => {
                            end = end_of(at.span);
                            starts.push((who, at));
                        }
                        None if comma => return Err(GiveUp),
                        None => self.at = before,
                    }
                } else if comma {
                    return Err(GiveUp);
                } else {
                    self.at = before;
                }
                Ok((TokensW::Partizan { unrooted, starts }, Some(end)))
            }
            "two" => {
                self.skip();
                if self.keyword("at")?.is_none() {
                    return Ok((TokensW::Two(None), Some(end)));
                }
                let a = self.expect_name()?;
                self.expect_keyword("and")?;
                let b = self.expect_name()?;
                end = end_of(b.span);
                Ok((TokensW::Two(Some((a, b))), Some(end)))
            }
            _ => Err(GiveUp),
        }
    }

    /// `first at a` or `second at b` here (player 0 is `first`), or `None` with nothing
    /// consumed.
    fn player_start(&mut self) -> Step<Option<(usize, Named<'t>)>> {
        let who = match self.word()? {
            "first" => 0,
            "second" => 1,
            _ => return Ok(None),
        };
        self.at += if who == 0 { 5 } else { 6 };
        self.expect_keyword("at")?;
        Ok(Some((who, self.expect_name()?)))
    }
}
