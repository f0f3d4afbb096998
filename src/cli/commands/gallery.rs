//! `georeduce gallery -o DIR`: every reduction drawn on its paper's example.

use super::super::Outcome;
use super::super::args::GalleryArgs;

/// Writes the gallery.
pub fn run(args: &GalleryArgs) -> miette::Result<Outcome> {
    let pages = crate::render::gallery::write(&args.output, !args.no_svg)
        .map_err(|e| miette::miette!(code = "gallery::failed", "{e}"))?;
    // The summary is chatter: `--quiet` drops it (errors still reach standard error).
    if !super::super::ui::quiet() {
        crate::outln!(
            "wrote {} figures and {}",
            pages.figures,
            pages.index.display()
        );
    }
    Ok(Outcome::Done)
}
