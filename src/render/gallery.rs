//! The gallery: every registered reduction (the "as printed" variants aside) drawn on its
//! paper's example, as SVG (through graphviz) and TikZ, with a Markdown page.
//!
//! The examples are the bundled files under `examples/` (compiled in, so the gallery does not
//! depend on the working directory).

use super::figure::{Figure, label_unicode};
use super::graphviz::{GraphvizError, run_dot};
use super::scene::{Options, Scene};
use super::tikz::{self, TikzOptions};
use super::{pipeline, slide_dot};
use crate::lang;
use crate::problems::Instance;
use crate::reductions::{self, Reduced};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

macro_rules! example_file {
    ($path:literal) => {
        ($path, include_str!(concat!("../../", $path)))
    };
}

/// One gallery entry: a reduction and the example it is drawn on.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// The reduction id.
    pub id: &'static str,
    /// The example's path in the repository.
    pub example: &'static str,
    /// The example's text.
    pub text: &'static str,
}

/// The bundled examples that catalogue entries name (`ReductionInfo::example`), compiled in.
const EXAMPLE_FILES: &[(&str, &str)] = &[
    example_file!("examples/fraenkel-simonson.qbf"),
    example_file!("examples/vertex-cover.geo"),
    example_file!("examples/hampath.geo"),
    example_file!("examples/prism-hampath.geo"),
    example_file!("examples/games/pvg.geo"),
    example_file!("examples/games/deg.geo"),
    example_file!("examples/games/dvg.geo"),
    example_file!("examples/games/ueg.geo"),
    example_file!("examples/games/trail-trap.geo"),
];

/// The entries, in catalogue order: every registered reduction whose catalogue entry names an
/// example. Panics if an entry names a file missing from the compiled-in table of example
/// files (a unit test below keeps the two in step).
pub fn entries() -> Vec<Entry> {
    reductions::all()
        .into_iter()
        .filter_map(|r| {
            let info = r.info();
            let example = info.example?;
            let text = EXAMPLE_FILES
                .iter()
                .find(|(path, _)| *path == example)
                .map(|(_, text)| *text)
                .unwrap_or_else(|| panic!("{}: {example} is not in EXAMPLE_FILES", info.id));
            Some(Entry {
                id: info.id,
                example,
                text,
            })
        })
        .collect()
}

/// The entry of reduction `id`, if the gallery draws it.
pub fn entry(id: &str) -> Option<Entry> {
    entries().into_iter().find(|e| e.id == id)
}

/// An entry drawn: the source and the target figure.
pub struct Drawn {
    /// The source instance.
    pub source: Instance,
    /// The source's figure (`None` for a formula, which the page prints as text).
    pub source_figure: Option<Figure>,
    /// The target's figure.
    pub figure: Figure,
    /// Whether the reduction's theorem placed the figure (else the fallback layout did).
    pub placed_by_theorem: bool,
}

/// Draws one entry.
pub fn draw(e: &Entry) -> Result<Drawn, String> {
    let parsed = lang::parse_str(e.example, e.text).map_err(|r| format!("{r:?}"))?;
    let r = reductions::by_id(e.id).ok_or_else(|| format!("no reduction {}", e.id))?;
    let reduced: Reduced = r.reduce(&parsed.instance).map_err(|x| x.to_string())?;
    let placed_by_theorem = r.figure(&parsed.instance).is_some();
    let figure = pipeline::figure_of(&parsed.instance, &[r], std::slice::from_ref(&reduced))
        .map_err(|x| x.to_string())?;
    // The same drawing as `render --source-beside` puts beside the target.
    let mut source_figure = pipeline::source_figure(&parsed.instance).map_err(|x| x.to_string())?;
    if let Some(sf) = source_figure.as_mut().filter(|_| figure.has_arc_gadgets()) {
        sf.number_arcs();
    }
    if let Some(sf) = source_figure.as_mut() {
        sf.turn(figure.source_turn);
    }
    Ok(Drawn {
        source: parsed.instance,
        source_figure,
        figure,
        placed_by_theorem,
    })
}

/// What [`write()`] produced.
pub struct Written {
    /// Number of target figures.
    pub figures: usize,
    /// The Markdown page.
    pub index: PathBuf,
}

/// Writes every entry's figures (`<id>.svg` unless `svg` is false, `<id>.tex`, and the
/// source's `<id>-source.svg`) and `README.md` into `dir`.
pub fn write(dir: &Path, svg: bool) -> Result<Written, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let put = |name: &str, bytes: &[u8]| {
        let p = dir.join(name);
        std::fs::write(&p, bytes).map_err(|e| format!("cannot write {}: {e}", p.display()))
    };
    let to_svg = |fig: &Figure| -> Result<Vec<u8>, String> {
        let dot = slide_dot::write(&Scene::new(fig, &Options::default()));
        run_dot(&dot, "svg")
            .map(|(b, _)| b)
            .map_err(|e: GraphvizError| e.to_string())
    };
    let mut md = String::from(
        "# Gallery\n\nEvery reduction drawn on its paper's example by `georeduce gallery -o \
         docs/gallery` (regenerate after changing a construction or the renderer). Each \
         figure is also written as TikZ (`<id>.tex`, a standalone 16:9 page). Figures placed \
         from the theorem's layout say so; the others are laid out by graphviz until their \
         theorem places them (docs/figures.md).\n",
    );
    let entries = entries();
    for e in &entries {
        let d = draw(e)?;
        let scene = Scene::new(&d.figure, &Options::default());
        put(
            &format!("{}.tex", e.id),
            tikz::write(
                &scene,
                TikzOptions {
                    standalone: true,
                    beamer_steps: false,
                },
            )
            .as_bytes(),
        )?;
        let _ = write!(
            md,
            "\n## `{}`\n\n{}\n\n",
            e.id,
            label_unicode(&d.figure.caption[0])
        );
        let how = if d.placed_by_theorem {
            "placed from the theorem's layout"
        } else {
            "laid out by graphviz (the theorem does not place its gadgets yet)"
        };
        let _ = writeln!(
            md,
            "Source: `{}`; {how}. Command: `georeduce render {} --via {} -o {}.svg`\n",
            e.example, e.example, e.id, e.id
        );
        if let Instance::Qbf(_) = &d.source {
            let formula: Vec<&str> = e
                .text
                .lines()
                .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
                .collect();
            let _ = writeln!(md, "Formula: `{}`\n", formula.join(" "));
        }
        if svg {
            put(&format!("{}.svg", e.id), &to_svg(&d.figure)?)?;
            let details = d.figure.detail_figures();
            if let Some(sf) = &d.source_figure {
                put(&format!("{}-source.svg", e.id), &to_svg(sf)?)?;
                let _ = writeln!(
                    md,
                    "<img src=\"{id}-source.svg\" alt=\"source of {id}\" height=\"260\"> \
                     <img src=\"{id}.svg\" alt=\"{id}\" height=\"420\">\n",
                    id = e.id
                );
            } else {
                let _ = writeln!(
                    md,
                    "<img src=\"{id}.svg\" alt=\"{id}\" height=\"480\">\n",
                    id = e.id
                );
            }
            // One gadget of each kind in full, as `render --compact` writes it beside the
            // board of boxes.
            if !details.is_empty() {
                let kinds: Vec<&str> = details.iter().map(|(k, _)| k.as_str()).collect();
                let _ = writeln!(
                    md,
                    "Detail (one {} gadget in full; `georeduce render {} --via {} --compact -o \
                     {}.svg` writes `{}-detail-KIND.svg`):\n",
                    kinds.join(", one "),
                    e.example,
                    e.id,
                    e.id,
                    e.id
                );
                let mut imgs = Vec::new();
                for (kind, fig) in &details {
                    let name = format!("{}-detail-{kind}", e.id);
                    put(&format!("{name}.svg"), &to_svg(fig)?)?;
                    imgs.push(format!(
                        "<img src=\"{name}.svg\" alt=\"one {kind} gadget of {}\" height=\"320\">",
                        e.id
                    ));
                }
                let _ = writeln!(md, "{}\n", imgs.join(" "));
            }
        }
    }
    put("README.md", md.as_bytes())?;
    Ok(Written {
        figures: entries.len(),
        index: dir.join("README.md"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_named_example_is_compiled_in_and_every_compiled_example_is_named() {
        let named: Vec<&str> = entries().iter().map(|e| e.example).collect();
        assert!(named.len() >= 17, "{named:?}");
        for (path, _) in EXAMPLE_FILES {
            assert!(named.contains(path), "{path} is drawn by no entry");
        }
    }
}
