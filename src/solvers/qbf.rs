//! Placeholder: filled in by the solver work.
