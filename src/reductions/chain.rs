//! Chaining reductions (placeholder while the module is written).
