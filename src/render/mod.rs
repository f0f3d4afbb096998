//! Drawing instances for lecture notes: DOT output only, no game logic.
//!
//! Layout decisions live here (gadget clusters, start markers, labels as in the papers);
//! what the vertices mean is decided by the reductions that named and grouped them.

pub mod dot;

pub use dot::{DotError, to_dot};
