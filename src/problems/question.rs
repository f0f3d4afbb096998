//! The question a reduction's source answer is about. Most theorems decide the standard
//! question of their source kind; a few decide a neighbouring one, and name it here so that
//! whoever compares the two sides (`verify`, `check`) asks the solver the right question.

/// What "yes" means for a reduction's source instance.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SourceQuestion {
    /// The standard question of the source kind: is the QBF true, does the graph have the
    /// Hamiltonian path, a cover of size k, does player I win.
    Standard,
    /// Fixed Long Trail (Trail Trap, Cor 17): does the graph of a `hampath` instance on `n`
    /// vertices have a trail of at least `n + 1` edges starting at its start vertex?
    LongTrailFromStart,
}
