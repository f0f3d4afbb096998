//! From an instance (and the reductions applied to it) to a placed [`Figure`].

use super::dot::{DotError, default_title};
use super::fallback;
use super::figure::Figure;
use crate::problems::Instance;
use crate::reductions::{Reduced, Reduction};

/// The figure of the last target of a chain (or of `source` itself when `steps` is empty):
/// the last theorem's drawing when it has one, else the game laid out by
/// [`fallback::place`] with a caption naming the reduction and its theorem.
pub fn figure_of(
    source: &Instance,
    steps: &[&dyn Reduction],
    reduced: &[Reduced],
) -> Result<Figure, DotError> {
    let mut fig = match (steps.last(), reduced.last()) {
        (Some(r), Some(out)) => {
            let input = match reduced.len() {
                1 => source,
                k => &reduced[k - 2].target,
            };
            match r.figure(input) {
                Some(f) => f,
                None => {
                    let info = r.info();
                    let title = format!(
                        "{} — {} ({})",
                        default_title(&out.target),
                        info.id,
                        info.theorem
                    );
                    let mut f = plain(&out.target, &title)?;
                    f.caption.extend(out.notes.iter().cloned());
                    f
                }
            }
        }
        _ => plain(source, &default_title(source))?,
    };
    fallback::place(&mut fig);
    Ok(fig)
}

/// The source instance drawn on its own, pinned, for `--source-beside` and the gallery: the
/// same shape as the targets that keep the source board (prisms, stars, cycles and
/// bipartite graphs as [`fallback`] draws them, other graphs on a circle with the fewest
/// crossing arcs). `None` for a formula, which has no graph (the caption names it instead).
pub fn source_figure(source: &Instance) -> Result<Option<Figure>, DotError> {
    let graph = match source {
        Instance::Geography(g) => &g.graph,
        Instance::VertexCover(v) => &v.graph,
        Instance::Hampath(h) => &h.graph,
        Instance::Qbf(_) => return Ok(None),
    };
    let mut fig = plain(source, &default_title(source))?;
    let pos = crate::reductions::figure_helpers::source_positions(graph, 2.2);
    for (v, &(x, y)) in pos.iter().enumerate() {
        fig.place(v, x, y);
    }
    Ok(Some(fig))
}

/// A formula as one line, with subscripts (`∃x₁ ∀x₂. (x₁ ∨ ¬x₂) ∧ …`), for the caption of a
/// figure whose source is a formula.
pub fn formula_text(q: &crate::problems::Qbf) -> String {
    use crate::problems::Quantifier;
    use crate::render::figure::{label_unicode, markup_of_display};
    let name = |v: usize| label_unicode(&markup_of_display(&q.vars[v]));
    let prefix: Vec<String> = q
        .prefix
        .iter()
        .map(|b| {
            let sym = match b.quantifier {
                Quantifier::Exists => "∃",
                Quantifier::Forall => "∀",
            };
            let vars: Vec<String> = b.vars.iter().map(|&v| name(v)).collect();
            format!("{sym}{}", vars.join(" "))
        })
        .collect();
    let clauses: Vec<String> = q
        .clauses
        .iter()
        .map(|c| {
            let lits: Vec<String> = c
                .iter()
                .map(|l| format!("{}{}", if l.positive { "" } else { "¬" }, name(l.var)))
                .collect();
            format!("({})", lits.join(" ∨ "))
        })
        .collect();
    format!("{}. {}", prefix.join(" "), clauses.join(" ∧ "))
}

/// The unplaced figure of an instance.
fn plain(instance: &Instance, title: &str) -> Result<Figure, DotError> {
    match instance {
        Instance::Geography(g) => Ok(Figure::of_game(g, title)),
        Instance::VertexCover(v) => {
            // The question is the caption: a cover's size bound is not visible in the graph.
            let question = format!("Vertex cover: is there a cover of size ≤ {}?", v.k);
            Ok(Figure::of_graph(&v.graph, &question))
        }
        Instance::Hampath(h) => {
            let mut f = Figure::of_graph(&h.graph, title);
            for (v, word) in [(h.start, "s"), (h.end, "t")] {
                if let Some(v) = v {
                    // A vertex already named `s` or `t` is not written `s (s)`.
                    let l = f.nodes[v].label.clone();
                    if l != word {
                        f.label(v, format!("{l} ({word})"));
                    }
                }
            }
            Ok(f)
        }
        Instance::Qbf(_) => Err(DotError("qbf")),
    }
}

/// Runs `work` on a thread of its own and waits for it until `deadline` (for ever when
/// `None`): `Some` of its result, or `None` when the deadline passed first. Drawing has no
/// search to poll a clock in, so `render --timeout` ends it this way (exit 3, "unknown");
/// the abandoned thread ends with the process.
pub fn within<T: Send + 'static>(
    deadline: Option<std::time::Instant>,
    work: impl FnOnce() -> T + Send + 'static,
) -> Option<T> {
    let Some(deadline) = deadline else {
        return Some(work());
    };
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        // The receiver is gone when the deadline passed: nobody waits for the result.
        let _ = tx.send(work());
    });
    rx.recv_timeout(deadline.saturating_duration_since(std::time::Instant::now()))
        .ok()
}

#[cfg(test)]
mod tests {
    use super::within;
    use std::time::{Duration, Instant};

    #[test]
    fn within_gives_up_at_the_deadline() {
        let start = Instant::now();
        let slow = within(Some(start + Duration::from_millis(50)), || {
            std::thread::sleep(Duration::from_secs(5));
            1
        });
        assert_eq!(slow, None);
        assert!(start.elapsed() < Duration::from_secs(2));
        assert_eq!(
            within(Some(Instant::now() + Duration::from_secs(5)), || 2),
            Some(2)
        );
        assert_eq!(within(None, || 3), Some(3));
    }
}
