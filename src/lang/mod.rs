//! The instance language: pest grammar, parsing, diagnostics, printing, QDIMACS.

pub mod diag;
pub mod qdimacs;

use crate::problems::Locator;
use miette::SourceSpan;
use std::collections::HashMap;

/// Where each model location was written in the source (lookups only, never iterated for
/// output).
pub(crate) type Spans = HashMap<Locator, SourceSpan>;
