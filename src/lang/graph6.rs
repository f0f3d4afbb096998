//! nauty's graph formats — graph6, sparse6 and digraph6, what `geng`, `genbg` and `directg`
//! print — and a plain edge list, one graph per line, for research batches.
//!
//! The formats are those of nauty's `formats.txt` (B. McKay): a graph is one line of
//! printable ASCII, each byte carrying 6 bits as `byte − 63`. graph6 stores the upper
//! triangle of the adjacency matrix column by column; sparse6 (prefix `:`) stores an edge
//! list in (b, x) pairs; digraph6 (prefix `&`) stores the whole matrix row by row. An
//! optional `>>graph6<<` / `>>sparse6<<` / `>>digraph6<<` header is accepted. The plain edge
//! list is `u v` pairs of vertex numbers separated by spaces or commas (`0 1, 1 2, 2 0`), with
//! an optional leading `n:` giving the vertex count (isolated vertices).
//!
//! Vertices are named `0 … n−1`, as nauty numbers them. Every decoding error carries the byte
//! offset in the line, so the command line can point at it with a miette span.

use crate::problems::Graph;

/// Largest vertex count accepted from one line (a graph6 line for it is ~1.4 GB already; the
/// cap keeps a corrupt size field from allocating before the data is checked).
pub const MAX_LINE_VERTICES: usize = 1 << 20;

/// Which format a line is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineFormat {
    /// nauty's graph6: undirected, simple.
    Graph6,
    /// nauty's sparse6 (prefix `:`): undirected, loops and parallel edges allowed.
    Sparse6,
    /// nauty's digraph6 (prefix `&`): directed, loops allowed.
    Digraph6,
    /// `u v` pairs of vertex numbers.
    EdgeList,
}

impl LineFormat {
    /// The format of `line` judged by its first byte: `:` sparse6, `&` digraph6, a digit
    /// (or `n:`) an edge list, any other printable byte graph6.
    pub fn detect(line: &str) -> LineFormat {
        let line = strip_header(line).0;
        match line.bytes().next() {
            Some(b':') => LineFormat::Sparse6,
            Some(b'&') => LineFormat::Digraph6,
            // graph6's first byte is N(n) = n + 63 ≥ '?', never a digit.
            Some(b) if b.is_ascii_digit() => LineFormat::EdgeList,
            _ => LineFormat::Graph6,
        }
    }
}

/// Why a line does not decode, and where (a byte offset into the line as given).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct LineError {
    /// Byte offset of the offending byte in the line.
    pub offset: usize,
    /// Length of the offending stretch (at least 1).
    pub len: usize,
    /// What is wrong.
    pub message: String,
}

fn err(offset: usize, len: usize, message: impl Into<String>) -> LineError {
    LineError {
        offset,
        len: len.max(1),
        message: message.into(),
    }
}

/// Strips an optional `>>graph6<<`-style header; returns the rest and how many bytes went.
fn strip_header(line: &str) -> (&str, usize) {
    for h in [">>graph6<<", ">>sparse6<<", ">>digraph6<<"] {
        if let Some(rest) = line.strip_prefix(h) {
            return (rest, h.len());
        }
    }
    (line, 0)
}

/// Decodes one line (trailing `\r`/`\n` and surrounding blanks ignored) in the format its first
/// byte announces.
pub fn decode_line(line: &str) -> Result<Graph, LineError> {
    let trimmed_start = line.len() - line.trim_start().len();
    let (body, header) = strip_header(line.trim());
    let base = trimmed_start + header;
    let shift = |e: LineError| LineError {
        offset: e.offset + base,
        ..e
    };
    match LineFormat::detect(body) {
        LineFormat::Graph6 => decode_graph6(body).map_err(shift),
        LineFormat::Sparse6 => decode_sparse6(body).map_err(shift),
        LineFormat::Digraph6 => decode_digraph6(body).map_err(shift),
        LineFormat::EdgeList => decode_edge_list(body).map_err(shift),
    }
}

/// The 6-bit values of `bytes` (each `byte − 63`), or the offset of the first byte outside
/// nauty's range 63..=126 (offsets counted from `at`).
fn sixes(bytes: &[u8], at: usize) -> Result<Vec<u8>, LineError> {
    bytes
        .iter()
        .enumerate()
        .map(|(i, &b)| match b {
            63..=126 => Ok(b - 63),
            _ => Err(err(
                at + i,
                1,
                format!(
                    "byte {:?} is not a graph6/sparse6 character (they are '?' to '~')",
                    b as char
                ),
            )),
        })
        .collect()
}

/// nauty's N(n): returns n and the number of bytes it took.
fn decode_size(data: &[u8]) -> Result<(usize, usize), LineError> {
    let six = |i: usize| -> Result<u64, LineError> {
        match data.get(i) {
            Some(&b @ 63..=126) => Ok(u64::from(b - 63)),
            Some(&b) => Err(err(
                i,
                1,
                format!("byte {:?} is not a graph6 character", b as char),
            )),
            None => Err(err(i, 1, "the line ends inside the vertex count")),
        }
    };
    let (n, used) = match data.first() {
        None => return Err(err(0, 1, "empty line: no vertex count")),
        Some(126) if data.get(1) == Some(&126) => {
            let mut n = 0u64;
            for i in 2..8 {
                n = n << 6 | six(i)?;
            }
            (n, 8)
        }
        Some(126) => {
            let mut n = 0u64;
            for i in 1..4 {
                n = n << 6 | six(i)?;
            }
            (n, 4)
        }
        Some(_) => (six(0)?, 1),
    };
    let n = usize::try_from(n).unwrap_or(usize::MAX);
    if n > MAX_LINE_VERTICES {
        return Err(err(
            0,
            used,
            format!("{n} vertices is more than the {MAX_LINE_VERTICES} a line may hold"),
        ));
    }
    Ok((n, used))
}

fn numbered_graph(directed: bool, n: usize) -> Graph {
    let mut g = Graph::new(directed);
    for v in 0..n {
        g.add_vertex(v.to_string());
    }
    g
}

/// Bit `i` of a big-endian stream of 6-bit values.
fn bit(data: &[u8], i: usize) -> bool {
    data[i / 6] >> (5 - i % 6) & 1 == 1
}

/// graph6: N(n) then the upper triangle x(0,1), x(0,2), x(1,2), x(0,3), … column by column.
pub fn decode_graph6(line: &str) -> Result<Graph, LineError> {
    let bytes = line.as_bytes();
    let (n, at) = decode_size(bytes)?;
    let data = sixes(&bytes[at..], at)?;
    let bits = n * n.saturating_sub(1) / 2;
    let need = bits.div_ceil(6);
    if data.len() != need {
        return Err(err(
            at,
            bytes.len() - at,
            format!(
                "a graph6 line for {n} vertices has {need} data bytes after the count, this one has {}",
                data.len()
            ),
        ));
    }
    let mut g = numbered_graph(false, n);
    let mut k = 0;
    for j in 1..n {
        for i in 0..j {
            if bit(&data, k) {
                g.add_edge(i, j);
            }
            k += 1;
        }
    }
    Ok(g)
}

/// digraph6: `&`, N(n), then the n × n adjacency matrix row by row (loops allowed).
pub fn decode_digraph6(line: &str) -> Result<Graph, LineError> {
    let bytes = line.as_bytes();
    let (n, at) = decode_size(&bytes[1..]).map_err(|e| LineError {
        offset: e.offset + 1,
        ..e
    })?;
    let at = at + 1;
    let data = sixes(&bytes[at..], at)?;
    let need = (n * n).div_ceil(6);
    if data.len() != need {
        return Err(err(
            at,
            bytes.len() - at,
            format!(
                "a digraph6 line for {n} vertices has {need} data bytes after the count, this one has {}",
                data.len()
            ),
        ));
    }
    let mut g = numbered_graph(true, n);
    for u in 0..n {
        for v in 0..n {
            if bit(&data, u * n + v) {
                g.add_edge(u, v);
            }
        }
    }
    Ok(g)
}

/// sparse6: `:`, N(n), then (b, x) pairs of 1 + k bits, k the bit length of n − 1, decoded as
/// nauty's `formats.txt` says (an incomplete final pair is padding).
pub fn decode_sparse6(line: &str) -> Result<Graph, LineError> {
    let bytes = line.as_bytes();
    if bytes.get(1) == Some(&b':') {
        return Err(err(
            0,
            2,
            "incremental sparse6 (';' lines) is not supported",
        ));
    }
    let (n, at) = decode_size(&bytes[1..]).map_err(|e| LineError {
        offset: e.offset + 1,
        ..e
    })?;
    let at = at + 1;
    let data = sixes(&bytes[at..], at)?;
    let mut g = numbered_graph(false, n);
    // k = bits needed to write n − 1 (0 for n ≤ 1).
    let k = (usize::BITS - n.saturating_sub(1).leading_zeros()) as usize;
    let total = data.len() * 6;
    let (mut i, mut v) = (0usize, 0usize);
    while i + 1 + k <= total {
        if bit(&data, i) {
            v += 1;
        }
        let mut x = 0usize;
        for b in 0..k {
            x = x << 1 | usize::from(bit(&data, i + 1 + b));
        }
        i += 1 + k;
        if x > v {
            v = x;
        } else if v < n {
            g.add_edge(x, v);
        } else {
            // v ≥ n: the rest is padding (nauty pads with 1-bits).
            break;
        }
    }
    Ok(g)
}

/// A plain edge list: optional `n:` then `u v` pairs of numbers separated by blanks or commas.
pub fn decode_edge_list(line: &str) -> Result<Graph, LineError> {
    // Tokens with their byte offsets.
    let mut tokens = Vec::new();
    let mut start = None;
    for (i, c) in line
        .char_indices()
        .chain(std::iter::once((line.len(), ' ')))
    {
        let sep = c.is_whitespace() || c == ',';
        match (sep, start) {
            (false, None) => start = Some(i),
            (true, Some(s)) => {
                tokens.push((s, &line[s..i]));
                start = None;
            }
            _ => {}
        }
    }
    let mut declared = None;
    if let Some(&(s, t)) = tokens.first()
        && let Some(count) = t.strip_suffix(':')
    {
        let n: usize = count
            .parse()
            .map_err(|_| err(s, t.len(), format!("`{t}` is not a vertex count `n:`")))?;
        if n > MAX_LINE_VERTICES {
            return Err(err(
                s,
                t.len(),
                format!("{n} vertices is too many for one line"),
            ));
        }
        declared = Some(n);
        tokens.remove(0);
    }
    if tokens.len() % 2 == 1 {
        let (s, t) = tokens[tokens.len() - 1];
        return Err(err(
            s,
            t.len(),
            "an edge needs two endpoints: this one has one",
        ));
    }
    let mut pairs = Vec::with_capacity(tokens.len() / 2);
    let mut max = None;
    for pair in tokens.chunks(2) {
        let mut ends = [0usize; 2];
        for (slot, &(s, t)) in ends.iter_mut().zip(pair) {
            *slot = t
                .parse()
                .ok()
                .filter(|&v: &usize| v < MAX_LINE_VERTICES)
                .ok_or_else(|| err(s, t.len(), format!("`{t}` is not a vertex number")))?;
            if let Some(n) = declared
                && *slot >= n
            {
                return Err(err(
                    s,
                    t.len(),
                    format!(
                        "vertex {t} is out of range for {n} vertices (0 to {})",
                        n - 1
                    ),
                ));
            }
        }
        max = max.max(Some(ends[0].max(ends[1])));
        pairs.push((ends[0], ends[1]));
    }
    let n = declared.unwrap_or(max.map_or(0, |m| m + 1));
    let mut g = numbered_graph(false, n);
    for (u, v) in pairs {
        g.add_edge(u, v);
    }
    Ok(g)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Encodes `g` (undirected, simple) as graph6: the test's independent writer.
    fn encode_graph6(n: usize, edges: &[(usize, usize)]) -> String {
        let adj = |i: usize, j: usize| edges.contains(&(i, j)) || edges.contains(&(j, i));
        let mut bits = Vec::new();
        for j in 1..n {
            for i in 0..j {
                bits.push(adj(i, j));
            }
        }
        let mut out = String::new();
        if n <= 62 {
            out.push((n as u8 + 63) as char);
        } else {
            out.push('~');
            for s in [12, 6, 0] {
                out.push(((n >> s & 63) as u8 + 63) as char);
            }
        }
        for chunk in bits.chunks(6) {
            let mut v = 0u8;
            for b in 0..6 {
                v = v << 1 | u8::from(chunk.get(b).copied().unwrap_or(false));
            }
            out.push((v + 63) as char);
        }
        out
    }

    fn edge_set(g: &Graph) -> Vec<(usize, usize)> {
        let mut e: Vec<_> = g.edges.iter().map(|&(u, v)| (u.min(v), u.max(v))).collect();
        e.sort_unstable();
        e
    }

    #[test]
    fn graph6_examples_from_nauty() {
        // formats.txt: the 5-cycle-like example "DQc" is 0-2, 0-4, 1-3, 3-4.
        let g = decode_line("DQc").unwrap();
        assert_eq!(g.n(), 5);
        assert_eq!(edge_set(&g), vec![(0, 2), (0, 4), (1, 3), (3, 4)]);
        // K4 = "C~", the empty graph on 1 vertex = "@", on 0 vertices = "?".
        assert_eq!(edge_set(&decode_line("C~").unwrap()).len(), 6);
        assert_eq!(decode_line("@").unwrap().n(), 1);
        assert_eq!(decode_line("?").unwrap().n(), 0);
        assert_eq!(decode_line(">>graph6<<C~\n").unwrap().m(), 6);
    }

    #[test]
    fn graph6_round_trips_random_graphs() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(6);
        for _ in 0..300 {
            let n = rng.random_range(0..80);
            let mut edges = Vec::new();
            for j in 1..n {
                for i in 0..j {
                    if rng.random_bool(0.3) {
                        edges.push((i, j));
                    }
                }
            }
            let g = decode_graph6(&encode_graph6(n, &edges)).unwrap();
            edges.sort_unstable();
            assert_eq!(g.n(), n);
            assert_eq!(edge_set(&g), edges);
        }
    }

    #[test]
    fn sparse6_example_from_nauty() {
        // formats.txt: ":Fa@x^" is the 7-vertex graph 0-1, 0-2, 1-2, 5-6.
        let g = decode_line(":Fa@x^").unwrap();
        assert_eq!(g.n(), 7);
        assert_eq!(edge_set(&g), vec![(0, 1), (0, 2), (1, 2), (5, 6)]);
    }

    #[test]
    fn digraph6_example_from_nauty() {
        // formats.txt: "&DI?AO?" is the 5-vertex digraph 0→2, 0→4, 3→1, 3→4.
        let g = decode_line("&DI?AO?").unwrap();
        assert!(g.directed);
        let mut e = g.edges.clone();
        e.sort_unstable();
        assert_eq!(e, vec![(0, 2), (0, 4), (3, 1), (3, 4)]);
    }

    #[test]
    fn edge_lists() {
        let g = decode_line("0 1, 1 2, 2 0").unwrap();
        assert_eq!((g.n(), g.m()), (3, 3));
        let g = decode_line("5: 0 1").unwrap();
        assert_eq!((g.n(), g.m()), (5, 1));
        let e = decode_line("3: 0 1 2 7").unwrap_err();
        assert_eq!((e.offset, e.len), (9, 1));
        let e = decode_line("0 1 2").unwrap_err();
        assert_eq!(e.offset, 4);
    }

    #[test]
    fn errors_point_at_the_byte() {
        let e = decode_line("D Qc").unwrap_err();
        assert_eq!(e.offset, 1);
        let e = decode_line("DQ").unwrap_err();
        assert!(e.message.contains("data bytes"), "{e}");
        let e = decode_line("~~~~~~~~").unwrap_err();
        assert!(e.message.contains("more than"), "{e}");
        // Long garbage never panics and stays linear.
        let long = "~".repeat(1 << 16);
        assert!(decode_line(&long).is_err());
    }
}
