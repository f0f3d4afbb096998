//! Random QBF formulas (placeholder, filled in by the solver work).
