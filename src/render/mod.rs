//! Drawing instances for lecture notes and slides: no game logic.
//!
//! - [`figure`]: the renderer-independent model (nodes with pinned positions, the papers'
//!   labels, gadget outlines, caption). Theorems place their constructions there
//!   (`Theorem::figure`, in each reduction's file); [`fallback`] places anything else.
//! - [`scene`]: the reader's options applied (collapsed cigars, labels, overlays, legend).
//! - [`slide_dot`] and [`tikz`]: the writers; [`graphviz`] runs `dot` for SVG, PDF and PNG.
//! - [`budget`]: what a drawing holds, counted against `--memory`, and the cap on hulls.
//! - [`dot`]: the plain DOT of `compile --format dot` (gadgets as clusters).

pub mod budget;
pub mod dot;
pub mod fallback;
pub mod figure;
pub mod gallery;
pub mod graphviz;
pub mod pipeline;
pub mod scene;
pub mod slide_dot;
pub mod tikz;

pub use dot::{DotError, to_dot};
pub use figure::Figure;
pub use scene::{Options, PlayedMove, Scene};
