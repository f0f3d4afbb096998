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

/// The unplaced figure of an instance.
fn plain(instance: &Instance, title: &str) -> Result<Figure, DotError> {
    match instance {
        Instance::Geography(g) => Ok(Figure::of_game(g, title)),
        Instance::VertexCover(v) => {
            let title = format!("{title}: is there a vertex cover of size ≤ {}?", v.k);
            Ok(Figure::of_graph(&v.graph, &title))
        }
        Instance::Hampath(h) => {
            let mut f = Figure::of_graph(&h.graph, title);
            for (v, word) in [(h.start, "s"), (h.end, "t")] {
                if let Some(v) = v {
                    let l = f.nodes[v].label.clone();
                    f.label(v, format!("{l} ({word})"));
                }
            }
            Ok(f)
        }
        Instance::Qbf(_) => Err(DotError("qbf")),
    }
}
