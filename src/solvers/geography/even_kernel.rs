//! Even kernels inside the exhaustive search: a sound test that the player to move loses a
//! normal-play one-token position of *undirected edge* geography, on any multigraph (loops
//! and parallel edges included) (issue #13 §1, exact pre-classification). The lemma, its
//! proof and the finder are in [`crate::problems::even_kernel`] (shared with the certificate
//! builders, which may not depend on the solvers); this module adapts the finder to the
//! search's compiled game and state, and counts what it decides.
//!
//! # Where the search uses it, and what it costs
//! The exhaustive search (`exhaustive.rs`, `Search::kernel_value`) asks at its root, and at
//! every expanded position for each child in search order before searching any child (a
//! child with a kernel is lost, so its move wins at once). A call costs about as much as one
//! plain-search position per vertex of the component, so the search adds
//! [`EvenKernel::last_work`] to its node count after each call: a node budget then bounds the
//! kernels' work as well. Without that charge a `check --via deg-ueg --max-size 14` case
//! spent up to 47 s inside its million-node budget.

use super::state::{Game, State};
use crate::problems::even_kernel::KernelFinder;
use crate::problems::geography::Rule;

/// The kernel finder of one search, with its count of kernels found.
#[derive(Clone, Debug, Default)]
pub(crate) struct EvenKernel {
    finder: KernelFinder,
    /// Kernels found so far (`Stats::even_kernels`).
    pub found: u64,
}

impl EvenKernel {
    /// Whether the kernel test applies to `game`: one token, undirected edge rule, normal
    /// play (the lemma's setting; misère play and directed games have no such lemma).
    pub fn applies(game: &Game) -> bool {
        game.kind == super::state::Kind::One
            && game.rule == Rule::Edge
            && !game.directed
            && !game.misere
    }

    /// The work of the last call in search nodes: the vertices of the component it walked.
    /// A call walks the component, builds one equation per vertex outside `I` and eliminates
    /// them, so it costs about as much as that many positions of the local plain search
    /// (`endgame/local.rs`); the search charges it to the node budget, so that a budget in
    /// nodes still bounds the time of a search that tries kernels at every node
    /// (docs/performance-history.md, "Fourteenth session: even kernels inside the UEG
    /// search").
    pub fn last_work(&self) -> u64 {
        self.finder.last_work()
    }

    /// Whether an even kernel containing `v` was found for the free edges of `st` (then the
    /// player to move from `v` loses). `false` means "none found", not "none exists".
    pub fn lost(&mut self, game: &Game, st: &State, v: usize) -> bool {
        let found = self.finder.find(&game.adj, |e| st.bit(e), v);
        self.found += u64::from(found);
        found
    }

    /// The kernel found for the token on `v` in `st`, as global vertices (tests).
    #[cfg(test)]
    pub fn kernel(&mut self, game: &Game, st: &State, v: usize) -> Option<Vec<usize>> {
        if !self.finder.find(&game.adj, |e| st.bit(e), v) {
            return None;
        }
        Some(self.finder.kernel().collect())
    }
}
