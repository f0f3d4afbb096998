//! Random graphs (placeholder, filled in by the solver work).
