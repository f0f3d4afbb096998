//! Where each model location was written in the source: [`Spans`].
//!
//! A graph file of a million edges has a million and more locations (a vertex per
//! declaration, an edge per arc), so vertices and edges, indexed densely from 0, are kept
//! in two arrays of 8 bytes per entry (32-bit offset and length; every input is far below
//! 4 GiB, `cli::input::MAX_INPUT_BYTES`), and only the few other locations (starts, `k`,
//! QBF variables, clauses and literals) in a hash map. A span that does not fit 32 bits
//! goes to the map as well, so nothing is ever cut.

use crate::problems::Locator;
use miette::SourceSpan;
use rustc_hash::FxHashMap;

/// A span in 32 bits each, or `[ABSENT, 0]` for none.
type Packed = [u32; 2];

/// The offset of a dense slot that holds no span.
const ABSENT: u32 = u32::MAX;

/// Source spans by model location (lookups only, never iterated for output). Two are
/// equal when they hold the same spans at the same locations.
#[derive(Clone, Debug, Default)]
pub(crate) struct Spans {
    /// `Locator::Vertex(v)` at `vertices[v]`.
    vertices: Vec<Packed>,
    /// `Locator::Edge(e)` at `edges[e]`.
    edges: Vec<Packed>,
    /// Every other location, and any span too large to pack.
    other: FxHashMap<Locator, SourceSpan>,
}

/// `span` in 32-bit offset and length, if both fit (the offset below [`ABSENT`]).
fn pack(span: SourceSpan) -> Option<Packed> {
    let offset = u32::try_from(span.offset()).ok().filter(|&o| o != ABSENT)?;
    Some([offset, u32::try_from(span.len()).ok()?])
}

/// The dense slots of `slots` that hold a span, up to the last one that does.
fn used(slots: &[Packed]) -> &[Packed] {
    let end = slots
        .iter()
        .rposition(|s| s[0] != ABSENT)
        .map_or(0, |i| i + 1);
    &slots[..end]
}

impl Spans {
    /// No spans.
    pub fn new() -> Spans {
        Spans::default()
    }

    /// Room for `vertices` vertex spans and `edges` edge spans.
    pub fn reserve(&mut self, vertices: usize, edges: usize) {
        self.vertices.reserve(vertices);
        self.edges.reserve(edges);
    }

    /// The dense array and index for `at`, if it is a vertex or an edge.
    fn slot_of(&mut self, at: &Locator) -> Option<(&mut Vec<Packed>, usize)> {
        match *at {
            Locator::Vertex(v) => Some((&mut self.vertices, v)),
            Locator::Edge(e) => Some((&mut self.edges, e)),
            _ => None,
        }
    }

    /// Records (or replaces) the span of `at`.
    pub fn insert(&mut self, at: Locator, span: SourceSpan) {
        let packed = pack(span);
        let has_other = !self.other.is_empty();
        if let Some((slots, i)) = self.slot_of(&at) {
            match packed {
                Some(p) => {
                    if i >= slots.len() {
                        slots.resize(i + 1, [ABSENT, 0]);
                    }
                    slots[i] = p;
                    if has_other {
                        self.other.remove(&at);
                    }
                    return;
                }
                None => {
                    if let Some(s) = slots.get_mut(i) {
                        *s = [ABSENT, 0];
                    }
                }
            }
        }
        self.other.insert(at, span);
    }

    /// Records the span of `at` unless it has one.
    pub fn insert_if_absent(&mut self, at: Locator, span: SourceSpan) {
        if self.get(&at).is_none() {
            self.insert(at, span);
        }
    }

    /// The span of `at`, if recorded.
    pub fn get(&self, at: &Locator) -> Option<SourceSpan> {
        let slots = match *at {
            Locator::Vertex(v) => self.vertices.get(v),
            Locator::Edge(e) => self.edges.get(e),
            _ => None,
        };
        match slots {
            Some(&[offset, len]) if offset != ABSENT => {
                Some(SourceSpan::new((offset as usize).into(), len as usize))
            }
            _ => self.other.get(at).copied(),
        }
    }
}

impl PartialEq for Spans {
    fn eq(&self, other: &Spans) -> bool {
        used(&self.vertices) == used(&other.vertices)
            && used(&self.edges) == used(&other.edges)
            && self.other == other.other
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_are_found_where_they_were_recorded_whatever_their_size() {
        let mut s = Spans::new();
        let big = SourceSpan::new((u32::MAX as usize + 7).into(), 3);
        s.insert(Locator::Vertex(3), SourceSpan::new(10.into(), 2));
        s.insert(Locator::Edge(0), big);
        s.insert(Locator::K, SourceSpan::new(1.into(), 1));
        assert_eq!(
            s.get(&Locator::Vertex(3)),
            Some(SourceSpan::new(10.into(), 2))
        );
        assert_eq!(s.get(&Locator::Vertex(2)), None);
        assert_eq!(s.get(&Locator::Vertex(9)), None);
        assert_eq!(s.get(&Locator::Edge(0)), Some(big));
        assert_eq!(s.get(&Locator::K), Some(SourceSpan::new(1.into(), 1)));
        // Replacing a packed span by one too large to pack, and back.
        s.insert(Locator::Vertex(3), big);
        assert_eq!(s.get(&Locator::Vertex(3)), Some(big));
        s.insert(Locator::Vertex(3), SourceSpan::new(4.into(), 1));
        assert_eq!(
            s.get(&Locator::Vertex(3)),
            Some(SourceSpan::new(4.into(), 1))
        );
        s.insert_if_absent(Locator::Vertex(3), SourceSpan::new(5.into(), 1));
        assert_eq!(
            s.get(&Locator::Vertex(3)),
            Some(SourceSpan::new(4.into(), 1))
        );
    }

    #[test]
    fn equal_spans_compare_equal_however_they_were_recorded() {
        let (mut a, mut b) = (Spans::new(), Spans::new());
        a.insert(Locator::Vertex(5), SourceSpan::new(1.into(), 1));
        a.insert(Locator::Vertex(1), SourceSpan::new(2.into(), 1));
        b.insert(Locator::Vertex(1), SourceSpan::new(2.into(), 1));
        assert_ne!(a, b);
        b.insert(Locator::Vertex(5), SourceSpan::new(1.into(), 1));
        assert_eq!(a, b);
        b.insert(Locator::Edge(0), SourceSpan::new(1.into(), 1));
        assert_ne!(a, b);
    }
}
