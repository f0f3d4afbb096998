//! Random geography games (placeholder, filled in by the solver work).
