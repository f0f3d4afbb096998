//! The instance language: pest grammar, parsing, diagnostics, printing, QDIMACS.
