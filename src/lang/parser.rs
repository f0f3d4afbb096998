//! The pest parser for `grammar/instance.pest`, and syntax errors a person can read.
//!
//! pest reports a failure as the set of grammar rules it tried at the furthest position.
//! Rule names (`kw_vertices`, `edge_op`) mean nothing to the reader of an instance, so
//! `syntax_error` turns them into the words and symbols the reader would type, says what
//! was found instead, and labels the exact byte span, taken from pest's byte offset.

use super::diag::{LangError, Source};
use miette::SourceSpan;
use pest::Parser as _;
use pest::iterators::Pair;

pub use generated::{InstanceParser, Rule};

/// The code pest generates, kept apart because its helper items carry no docs.
mod generated {
    #![allow(missing_docs)]

    /// The generated parser; its `Rule` enum has one variant per named grammar rule.
    #[derive(pest_derive::Parser)]
    #[grammar = "../grammar/instance.pest"]
    pub struct InstanceParser;
}

/// Parses a whole file into its `file` pair, or a syntax diagnostic.
pub fn parse_file(src: &Source) -> Result<Pair<'_, Rule>, LangError> {
    match InstanceParser::parse(Rule::file, &src.text) {
        Ok(mut pairs) => pairs.next().ok_or_else(|| {
            LangError::new(src, "lang::syntax", "nothing to parse", src.whole(), "here")
        }),
        Err(e) => Err(syntax_error(src, &e)),
    }
}

/// The syntax error of `src` when it lies past `read`, found by pest on a copy of the text
/// whose bytes in `read` are blanks; `None` when that copy parses or fails no further than
/// the end of `read` (parse the whole text then).
///
/// `read` runs from just after the instance's `{` to the start of a statement, over whole
/// statements that the scanner read (`lower::scan`), so pest reaches the end of `read` in
/// the same state in both texts: inside the body, about to read a statement. pest reports
/// the furthest position it reached and what it tried there; past the end of `read` that is
/// the same in both texts, and the copy costs nothing to parse up to there (a 10 MB game
/// with a syntax error on its last line: 0.8 s of pest before, milliseconds now).
pub fn syntax_error_past(src: &Source, read: std::ops::Range<usize>) -> Option<LangError> {
    let text = &src.text;
    if !(read.start < read.end
        && read.end <= text.len()
        && text.is_char_boundary(read.start)
        && text.is_char_boundary(read.end))
    {
        return None;
    }
    let mut blanked = String::with_capacity(text.len());
    blanked.push_str(&text[..read.start]);
    blanked.extend(std::iter::repeat_n(' ', read.end - read.start));
    blanked.push_str(&text[read.end..]);
    let e = InstanceParser::parse(Rule::file, &blanked).err()?;
    let at = match e.location {
        pest::error::InputLocation::Pos(p) => p,
        pest::error::InputLocation::Span((s, _)) => s,
    };
    (at > read.end).then(|| syntax_error(src, &e))
}

/// The source span of a pair, from pest's byte offsets. It ends where the pair's last
/// inner pair ends: pest's implicit whitespace before a failed optional (`";"?`) would
/// otherwise stretch a statement's span over the blank lines and comments after it.
pub fn span_of(pair: &Pair<'_, Rule>) -> SourceSpan {
    let start = pair.as_span().start();
    let mut last = pair.clone();
    while let Some(inner) = last.clone().into_inner().last() {
        last = inner;
    }
    SourceSpan::new(start.into(), last.as_span().end() - start)
}

/// The span of a pair without inner pairs (an atomic rule such as `name` or `edge_op`): the
/// same as [`span_of`], without walking into the pair.
pub fn leaf_span(pair: &Pair<'_, Rule>) -> SourceSpan {
    let span = pair.as_span();
    SourceSpan::new(span.start().into(), span.end() - span.start())
}

/// What the reader would type for a grammar rule, or `None` for rules that never show up
/// alone in an "expected" list.
fn describe(r: Rule) -> Option<&'static str> {
    use Rule::*;
    Some(match r {
        qbf_instance | graph_instance | graph_kind | kw_qbf => {
            "an instance keyword (`qbf`, `hampath`, `vertex-cover`, `geography`)"
        }
        formula => "a formula (`exists x: (x | ~x)`)",
        open_brace => "`{`",
        close_brace => "`}`",
        close_paren => "`)`",
        equals => "`=`",
        kw_hampath => "`hampath`",
        kw_vertex_cover => "`vertex-cover`",
        kw_game => "`game`",
        prefix | quant_block | quantifier | exists | forall => {
            "a quantifier (`exists`, `forall`, `∃`, `∀`)"
        }
        prefix_end => "`:` after the quantifiers",
        matrix | clause => "a clause `( … )`",
        kw_true => "`true`",
        and_op => "`&`",
        or_op => "`|`",
        literal | negation => "a literal (`x1`, `~x1`)",
        name | bare_name => "a name",
        string | string_body => "a quoted string",
        integer => "a number",
        title => "a title in quotes",
        variables_stmt | kw_variables => "`variables`",
        statement => "a statement (`vertices`, `edges`, `tokens`, …)",
        vertices_stmt | kw_vertices => "`vertices`",
        edges_stmt | kw_edges => "`edges`",
        chain => "an edge (`a -> b`, `a -- b`)",
        edge_op => "`->`/`--`",
        direction_stmt | direction => "`directed`/`undirected`",
        kw_directed => "`directed`",
        kw_undirected => "`undirected`",
        kw_graph => "`graph`",
        move_rule | kw_vertex | kw_edge | kw_nim => "`vertex`/`edge`/`nim`",
        kw_geography => "`geography`",
        nim_order | remove_then_move | move_then_remove => "`remove then move`/`move then remove`",
        kw_remove => "`remove`",
        kw_move => "`move`",
        kw_then => "`then`",
        play_stmt | kw_normal | kw_misere => "`normal play`/`misere play`",
        kw_play => "`play`",
        tokens_stmt | kw_tokens => "`tokens`",
        one_token | partizan_tokens | two_tokens | kw_one | kw_two | kw_partizan => {
            "`one`/`partizan`/`two`"
        }
        kw_unrooted => "`unrooted`",
        player_start | player | kw_first | kw_second => "`first at …`/`second at …`",
        kw_at => "`at`",
        kw_and => "`and`",
        start_stmt | kw_start => "`start`",
        end_stmt | kw_end => "`end`",
        k_stmt | kw_k => "`k`",
        weight_stmt | kw_weight | kw_weights => "`weight`",
        weight_item => "`name = number`",
        label_stmt | kw_label | kw_labels => "`label`",
        label_item => "`name \"label\"`",
        group_stmt | kw_group => "`group`",
        multigraph_stmt | kw_multigraph => "`multigraph`",
        // pest names the whole file when nothing of it matched at its first token (`x`, `->`).
        file => {
            "an instance keyword (`qbf`, `hampath`, `vertex-cover`, `geography`) or a formula \
             (`exists x: (x | ~x)`)"
        }
        biadjacency_stmt | kw_biadjacency => "`biadjacency`",
        bit_block => "a `{ … }` block of 0/1 rows",
        EOI => "the end of the file",
        _ => return None,
    })
}

/// Joins descriptions as `a, b or c`.
fn one_of(items: &[&str]) -> String {
    match items {
        [] => "something else".to_string(),
        [one] => one.to_string(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// The token found at byte `at`: a word, a quoted string's opening, or one character.
fn found_at(text: &str, at: usize) -> (String, usize) {
    let rest = &text[at..];
    let word: usize = rest
        .char_indices()
        .find(|&(_, c)| !(c.is_alphanumeric() || c == '_'))
        .map_or(rest.len(), |(i, _)| i);
    let len = if word > 0 {
        word
    } else {
        rest.chars().next().map_or(0, char::len_utf8)
    };
    (rest[..len].to_string(), len)
}

/// Converts a pest failure into a diagnostic with a label on the offending token.
fn syntax_error(src: &Source, e: &pest::error::Error<Rule>) -> LangError {
    let at = match e.location {
        pest::error::InputLocation::Pos(p) => p,
        pest::error::InputLocation::Span((s, _)) => s,
    };
    let mut expected: Vec<&str> = Vec::new();
    if let pest::error::ErrorVariant::ParsingError { positives, .. } = &e.variant {
        for d in positives.iter().filter_map(|&r| describe(r)) {
            if !expected.contains(&d) {
                expected.push(d);
            }
        }
    }
    let expected = one_of(&expected);
    let trimmed = src.text.trim_end();
    if at >= trimmed.len() {
        return end_of_file(src, &expected);
    }
    if let Some(e) = unterminated_string(src, at) {
        return e;
    }
    let (found, len) = found_at(&src.text, at);
    // A control character (a NUL byte, an escape) would be invisible, or act on the
    // terminal, in the message: it is written escaped (`\0`, `\u{1b}`).
    let shown: String = match found.chars().any(char::is_control) {
        true => found.escape_debug().to_string(),
        false => found.clone(),
    };
    let err = LangError::new(
        src,
        "lang::syntax",
        format!("unexpected `{shown}`: expected {expected}"),
        SourceSpan::new(at.into(), len),
        format!("expected {expected}"),
    );
    match hint(&src.text[..at], &found) {
        Some(h) => err.help(h),
        None => err,
    }
}

/// The file stops before the instance is complete: label its last character.
fn end_of_file(src: &Source, expected: &str) -> LangError {
    let span = src.last_char();
    let open = src.text.matches('{').count() > src.text.matches('}').count();
    let help = if open {
        "the file ends inside `{ … }`: is it cut short, or is a closing `}` missing?"
    } else {
        "is the file cut short?"
    };
    LangError::new(
        src,
        "lang::unexpected_eof",
        format!("the file ends too early: expected {expected}"),
        span,
        "the file ends after this",
    )
    .help(help)
}

/// A `"` at `at` whose line has no closing quote: say so, rather than "expected a string".
fn unterminated_string(src: &Source, at: usize) -> Option<LangError> {
    let rest = src.text[at..].strip_prefix('"')?;
    let line = rest.split('\n').next().unwrap_or("");
    let mut escaped = false;
    for c in line.chars() {
        match c {
            '"' if !escaped => return None,
            '\\' => escaped = !escaped,
            _ => escaped = false,
        }
    }
    Some(
        LangError::new(
            src,
            "lang::unterminated_string",
            "this string has no closing `\"`",
            SourceSpan::new(at.into(), 1 + line.trim_end().len()),
            "unterminated",
        )
        .help("a string ends on the line where it starts; write `\\n` for a line break"),
    )
}

/// A help line for common slips, judged from the text before the error and the token found.
fn hint(before: &str, found: &str) -> Option<String> {
    use super::print::RESERVED;
    let last = before.split_whitespace().last().unwrap_or("");
    if RESERVED.contains(&last) && (RESERVED.contains(&found) || found == "}") {
        return Some(format!(
            "`{last}` starts a statement here; if you meant a vertex named `{last}`, quote it: `\"{last}\"`"
        ));
    }
    if RESERVED.contains(&found) {
        return Some(format!(
            "`{found}` is a reserved word; to use it as a name, quote it: `\"{found}\"`"
        ));
    }
    if found == ">" || found == "-" || last.ends_with('-') {
        return Some("an arc is written `a -> b` and an undirected edge `a -- b`".into());
    }
    if last == "k" || last == "=" {
        return Some("write a whole number, e.g. `k = 2`".into());
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A rule without a description makes a syntax error say "expected something else" when
    /// it is all that pest tried (the fuzzer found `file`, tried alone at a file's first token).
    #[test]
    fn every_grammar_rule_is_described() {
        let undescribed: Vec<Rule> = Rule::all_rules()
            .iter()
            .copied()
            // Silent rules (`_{ … }`) are never reported as expected.
            .filter(|r| {
                !matches!(
                    r,
                    Rule::WHITESPACE | Rule::COMMENT | Rule::name_char | Rule::reserved
                )
            })
            .filter(|&r| describe(r).is_none())
            .collect();
        assert!(undescribed.is_empty(), "no description: {undescribed:?}");
    }

    #[test]
    fn no_syntax_error_says_something_else() {
        // One-token files and a token inserted at every third byte of a small instance:
        // where pest tries only the outermost rules.
        let base = "hampath { directed graph vertices a b edges a -> b start a }";
        let mut texts: Vec<String> = ["x", "->", "=", "1", ";", ",", "-", ">", "}", "~"]
            .iter()
            .map(|t| t.to_string())
            .collect();
        for at in (0..base.len()).step_by(3) {
            for t in ["{", "}", "\"", "-", ">", "=", "1", "x", "(", ";", ","] {
                texts.push(format!("{}{t}{}", &base[..at], &base[at..]));
            }
        }
        for text in texts {
            let src = Source::new("t.geo", &text);
            if let Err(e) = parse_file(&src) {
                let shown = shown(e);
                assert!(!shown.contains("something else"), "{text:?}:\n{shown}");
            }
        }
    }

    /// Both the error and its rendering, as a user sees them.
    fn shown(e: LangError) -> String {
        format!("{:?}", miette::Report::new(e))
    }

    /// Where the scanner read whole statements before it handed `src` to pest.
    fn read_of(src: &Source) -> Option<std::ops::Range<usize>> {
        match super::super::lower::lower_fast_or_read(src) {
            Ok(_) => panic!("the scanner read the file"),
            Err(read) => read,
        }
    }

    #[test]
    fn a_syntax_error_past_the_statements_read_is_found_on_the_blanked_text() {
        let edges: Vec<String> = (0..2000).map(|i| format!("v{i} -> v{}", i + 1)).collect();
        let text = format!(
            "geography {{\n  directed vertex geography # a comment ∃\n  tokens: one at v0\n  \
             edges {}\n  edges v1 ->\n}}\n",
            edges.join(", ")
        );
        let src = Source::new("t.geo", &text);
        let read = read_of(&src).expect("whole statements were read");
        assert!(text[read.clone()].contains("v1999 -> v2000"));
        let fast = syntax_error_past(&src, read).expect("the error lies past them");
        let whole = parse_file(&src).expect_err("a syntax error");
        assert_eq!(shown(fast), shown(whole));
    }

    #[test]
    fn an_error_at_the_start_of_the_statement_read_is_left_to_the_whole_parse() {
        // The garbage is where a statement starts: what pest tried there includes the
        // continuation of the statement before it, which the blanked text lacks.
        let text = "hampath {\n  directed graph\n  vertices a b\n  @@@\n}\n";
        let src = Source::new("t.geo", text);
        let read = read_of(&src).expect("whole statements were read");
        assert_eq!(&text[read.end..read.end + 3], "@@@");
        assert!(syntax_error_past(&src, read).is_none());
    }
}
