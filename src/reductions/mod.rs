//! Reductions from the papers: one file per reduction, and the registry that lists them.
//!
//! A [`Reduction`] maps a source [`Instance`] to a target geography [`Instance`], naming every
//! vertex after its role and grouping gadgets. It declares its size formulas and structural
//! claims so that every output can be checked against them, and the answer correspondence
//! ([`ReductionInfo::yes_winner`]) so that `verify` can compare the two sides.

use crate::problems::{
    Convention, Geography, Instance, Locator, Player, Rule, SourceQuestion, Tokens,
};

// Reductions I (Fraenkel–Simonson and the textbook QBF → Geography).
pub mod hampath_to_pvg;
pub mod pvg_to_pag;
pub mod qbf_normal;
pub mod qbf_to_dvg;
pub mod qbf_to_pvg;
pub mod qbf_to_pvg_restricted;
pub mod qbf_to_two_token;
pub mod vc_to_pvg;
// Reductions II (edge geography, misère play, NimG, Trail Trap) and chaining.
pub mod certmaps;
pub mod chain;
pub mod claims;
pub mod deg_to_misere_deg;
pub mod deg_to_ueg;
pub mod dvg_to_misere_dvg;
pub mod dvg_to_misere_uvg;
pub mod dvg_to_nimg;
pub mod figure_helpers;
pub mod hampath_to_trailtrap;
pub mod helpers;
pub mod papers;
pub mod qbf_to_deg;
pub mod theorem;
pub mod trailtrap_to_disconnected;
pub mod ueg_to_misere_ueg;
#[cfg(test)]
mod worked_example;

use crate::certify::Certificate;
pub use certmaps::{CertMapError, CertMaps, MapStatus};
pub use claims::{Claim, check_claims};
use serde::Serialize;
pub use theorem::{Construction, Theorem};

/// The kinds of problem a reduction reads or writes; the names are the CLI's `--to` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub enum ProblemKind {
    /// Prenex CNF QBF (3QBF for the papers' reductions).
    Qbf,
    /// Hamiltonian path.
    Hampath,
    /// Vertex cover.
    VertexCover,
    /// Directed vertex geography, one token, rooted.
    Dvg,
    /// Undirected vertex geography, one token, rooted.
    Uvg,
    /// Directed edge geography.
    Deg,
    /// Undirected edge geography.
    Ueg,
    /// Partizan vertex geography (directed).
    Pvg,
    /// Partizan arc geography (directed).
    Pag,
    /// Impartial vertex geography with two shared tokens.
    Ivg2,
    /// Impartial arc geography with two shared tokens.
    Iag2,
    /// Misère directed vertex geography.
    MisereDvg,
    /// Misère undirected vertex geography.
    MisereUvg,
    /// Misère directed edge geography.
    MisereDeg,
    /// Misère undirected edge geography.
    MisereUeg,
    /// Misère NimG-RM without loops.
    MisereNimgRm,
    /// Trail Trap (unrooted partizan undirected edge geography).
    TrailTrap,
    /// Any other geography variant (no reduction reads or writes it yet).
    OtherGame,
}

impl ProblemKind {
    /// Every kind, in CLI order.
    pub const ALL: [ProblemKind; 18] = [
        ProblemKind::Qbf,
        ProblemKind::Hampath,
        ProblemKind::VertexCover,
        ProblemKind::Dvg,
        ProblemKind::Uvg,
        ProblemKind::Deg,
        ProblemKind::Ueg,
        ProblemKind::Pvg,
        ProblemKind::Pag,
        ProblemKind::Ivg2,
        ProblemKind::Iag2,
        ProblemKind::MisereDvg,
        ProblemKind::MisereUvg,
        ProblemKind::MisereDeg,
        ProblemKind::MisereUeg,
        ProblemKind::MisereNimgRm,
        ProblemKind::TrailTrap,
        ProblemKind::OtherGame,
    ];

    /// The CLI name (`qbf`, `pvg`, `misere-uvg`, …).
    pub fn name(self) -> &'static str {
        match self {
            ProblemKind::Qbf => "qbf",
            ProblemKind::Hampath => "hampath",
            ProblemKind::VertexCover => "vertex-cover",
            ProblemKind::Dvg => "dvg",
            ProblemKind::Uvg => "uvg",
            ProblemKind::Deg => "deg",
            ProblemKind::Ueg => "ueg",
            ProblemKind::Pvg => "pvg",
            ProblemKind::Pag => "pag",
            ProblemKind::Ivg2 => "ivg2",
            ProblemKind::Iag2 => "iag2",
            ProblemKind::MisereDvg => "misere-dvg",
            ProblemKind::MisereUvg => "misere-uvg",
            ProblemKind::MisereDeg => "misere-deg",
            ProblemKind::MisereUeg => "misere-ueg",
            ProblemKind::MisereNimgRm => "misere-nimg-rm",
            ProblemKind::TrailTrap => "trailtrap",
            ProblemKind::OtherGame => "geography",
        }
    }

    /// Parses a CLI name.
    pub fn from_name(s: &str) -> Option<ProblemKind> {
        ProblemKind::ALL.into_iter().find(|k| k.name() == s)
    }

    /// Whether this kind is a game (its answer is a winner) rather than a decision problem.
    pub fn is_game(self) -> bool {
        !matches!(
            self,
            ProblemKind::Qbf | ProblemKind::Hampath | ProblemKind::VertexCover
        )
    }

    /// Classifies an instance. Games that match no named kind are [`ProblemKind::OtherGame`].
    pub fn of(instance: &Instance) -> ProblemKind {
        match instance {
            Instance::Qbf(_) => ProblemKind::Qbf,
            Instance::Hampath(_) => ProblemKind::Hampath,
            Instance::VertexCover(_) => ProblemKind::VertexCover,
            Instance::Geography(g) => Self::of_game(g),
        }
    }

    fn of_game(g: &Geography) -> ProblemKind {
        use Convention::*;
        let d = g.graph.directed;
        match (g.rule, g.tokens, g.convention, d) {
            (Rule::Vertex, Tokens::One { start: Some(_) }, Normal, true) => ProblemKind::Dvg,
            (Rule::Vertex, Tokens::One { start: Some(_) }, Normal, false) => ProblemKind::Uvg,
            (Rule::Edge, Tokens::One { start: Some(_) }, Normal, true) => ProblemKind::Deg,
            (Rule::Edge, Tokens::One { start: Some(_) }, Normal, false) => ProblemKind::Ueg,
            (Rule::Vertex, Tokens::One { start: Some(_) }, Misere, true) => ProblemKind::MisereDvg,
            (Rule::Vertex, Tokens::One { start: Some(_) }, Misere, false) => ProblemKind::MisereUvg,
            (Rule::Edge, Tokens::One { start: Some(_) }, Misere, true) => ProblemKind::MisereDeg,
            (Rule::Edge, Tokens::One { start: Some(_) }, Misere, false) => ProblemKind::MisereUeg,
            (Rule::Vertex, Tokens::Partizan { starts: Some(_) }, Normal, true) => ProblemKind::Pvg,
            (Rule::Edge, Tokens::Partizan { starts: Some(_) }, Normal, true) => ProblemKind::Pag,
            (Rule::Vertex, Tokens::TwoShared { .. }, Normal, true) => ProblemKind::Ivg2,
            (Rule::Edge, Tokens::TwoShared { .. }, Normal, true) => ProblemKind::Iag2,
            (Rule::NimRemoveMove, Tokens::One { start: Some(_) }, Misere, false) => {
                ProblemKind::MisereNimgRm
            }
            (Rule::Edge, Tokens::Partizan { starts: None }, Normal, false) => {
                ProblemKind::TrailTrap
            }
            _ => ProblemKind::OtherGame,
        }
    }
}

/// What `list` shows about a reduction, and what `verify` needs to compare answers.
#[derive(Clone, Debug, Serialize)]
pub struct ReductionInfo {
    /// Stable id used by `--via` (`qbf-pvg`, `vc-pvg`, …).
    pub id: &'static str,
    /// Source problem.
    pub source: ProblemKind,
    /// Target problem.
    pub target: ProblemKind,
    /// Paper (short citation, with the file under `../shared/papers/`).
    pub paper: &'static str,
    /// Theorem number as printed in the paper.
    pub theorem: &'static str,
    /// Gadgets the construction emits.
    pub gadgets: &'static [&'static str],
    /// Declared number of target vertices, as a formula of the source parameters.
    pub vertices_formula: &'static str,
    /// Declared number of target edges or arcs.
    pub edges_formula: &'static str,
    /// What the parameters of the size formulas stand for (empty when the formulas say it).
    pub size_legend: &'static str,
    /// Preconditions on the source instance.
    pub preconditions: &'static [&'static str],
    /// What the theorem claims, in words (the answer correspondence, and structure beyond
    /// [`ReductionInfo::structure`]).
    pub claims: &'static [&'static str],
    /// Structural claims checked on every output by [`claims::check`].
    pub structure: &'static [Claim],
    /// Where the construction differs from the paper's text, and why.
    pub errata: &'static [&'static str],
    /// Whether the construction is recovered from the paper's text, reconstructed, or
    /// printed as in the paper (known to be wrong; kept so `check` can find the error).
    pub provenance: &'static str,
    /// Which target winner means "yes" for the source (for a game source, "yes" means
    /// player I wins it).
    pub yes_winner: Player,
    /// The bundled file under `examples/` that the gallery draws this reduction on (its
    /// paper's running example); `None` for the variants the gallery leaves out (as printed,
    /// subcubic, a user's command).
    #[serde(skip)]
    pub example: Option<&'static str>,
}

/// A compiled instance.
#[derive(Clone, Debug)]
pub struct Reduced {
    /// The target instance.
    pub target: Instance,
    /// Remarks made while compiling (normalisations applied, clauses dropped, …).
    pub notes: Vec<String>,
}

/// Why a reduction did not produce a target.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum ReductionError {
    /// The reduction reads another kind of instance.
    #[error("{id} reads {expected} instances, but this is {found}")]
    WrongKind {
        /// Reduction id.
        id: &'static str,
        /// What it reads.
        expected: &'static str,
        /// What it got.
        found: &'static str,
    },
    /// The instance violates a precondition of the theorem.
    #[error("{theorem} needs {message}")]
    Precondition {
        /// The theorem, e.g. "Thm 2.4".
        theorem: &'static str,
        /// What is required, e.g. "1 ≤ k ≤ n".
        message: String,
        /// Where in the source the violation is.
        at: Locator,
        /// How to fix it.
        help: Option<String>,
    },
    /// The reduction could not produce a target: a reduction run as an external command
    /// (`check --reduction-cmd`) crashed, hung, exited with a failure status, or printed
    /// something that is not an instance. `check` reports it as a failure of the reduction.
    #[error("{message}")]
    Failed {
        /// What went wrong, with the command's standard error when it wrote any.
        message: String,
        /// Whether the command ran and exited cleanly but its output is not a valid instance
        /// (reported as an invalid target rather than a failed run).
        invalid_output: bool,
    },
}

/// One reduction from a paper.
pub trait Reduction: Send + Sync {
    /// Catalogue entry.
    fn info(&self) -> &ReductionInfo;
    /// Compiles `source` into the target game.
    fn reduce(&self, source: &Instance) -> Result<Reduced, ReductionError>;
    /// The declared size `(vertices, edges)` of the output for this source, from the size
    /// formulas (computed independently of the builder, so that a mismatch is a bug).
    fn declared_size(&self, source: &Instance) -> (usize, usize);
    /// Checks the paper's structural claims (acyclic, bipartite, degree bounds, …) on an
    /// output; `Err` says which claim fails and where.
    fn check_structure(&self, source: &Instance, target: &Instance) -> Result<(), String>;
    /// The question this reduction's source answer is about, so that `verify` and `check`
    /// ask the source's solver the right one: [`SourceQuestion::Standard`] (the default) is
    /// the standard question of [`ReductionInfo::source`]. Trail Trap Thm 18 is the case in
    /// point: it decides "a trail of length n + 1 from v"
    /// ([`SourceQuestion::LongTrailFromStart`]), not "a Hamiltonian path from v".
    fn source_question(&self) -> SourceQuestion {
        SourceQuestion::Standard
    }
    /// Which certificate maps ([`Reduction::forward`], [`Reduction::backward`]) are
    /// constructive, with the construction in words or the reason there is none.
    fn cert_maps(&self) -> CertMaps {
        certmaps::NO_MAPS
    }
    /// Carries a certificate of `source` to a certificate of `target` (which must be
    /// `self.reduce(source)`'s output), by the strategy of the paper's proof.
    fn forward(
        &self,
        _source: &Instance,
        _target: &Instance,
        cert: &Certificate,
    ) -> Result<Certificate, CertMapError> {
        Err(certmaps::refuse(
            &self.cert_maps(),
            true,
            certmaps::claims_yes(cert),
        ))
    }
    /// Carries a certificate of `target` (the output of `self.reduce(source)`) back to a
    /// certificate of `source`.
    fn backward(
        &self,
        _source: &Instance,
        _target: &Instance,
        cert: &Certificate,
    ) -> Result<Certificate, CertMapError> {
        let yes = certmaps::wins(cert) == Some(self.info().yes_winner);
        Err(certmaps::refuse(&self.cert_maps(), false, yes))
    }
    /// The paper's drawing of `self.reduce(source)`'s target: every vertex placed from the
    /// construction's layout (see `Theorem::figure`). `None` when the reduction does not
    /// place its gadgets (the renderer then lays the game out itself).
    fn figure(&self, _source: &Instance) -> Option<crate::render::Figure> {
        None
    }
}

/// Every registered reduction, in catalogue order.
pub fn all() -> Vec<&'static dyn Reduction> {
    // Reductions II, in catalogue order.
    static HAMPATH_TRAILTRAP_SUBCUBIC: hampath_to_trailtrap::HampathToTrailTrap =
        hampath_to_trailtrap::HampathToTrailTrap::SUBCUBIC;
    static HAMPATH_TRAILTRAP: hampath_to_trailtrap::HampathToTrailTrap =
        hampath_to_trailtrap::HampathToTrailTrap::PAPER;
    vec![
        // Reductions I.
        &qbf_to_dvg::QbfToDvg,
        &qbf_to_pvg::QbfToPvg,
        &qbf_to_pvg_restricted::QbfToPvgRestricted,
        &pvg_to_pag::PvgToPag,
        &hampath_to_pvg::HamPathToPvg::FIXED,
        &vc_to_pvg::VcToPvg::FIXED,
        &qbf_to_two_token::QbfToTwoToken::IAG2,
        &qbf_to_two_token::QbfToTwoToken::IVG2,
        // The papers' literal readings, known to be wrong (kept so `check` finds the errata).
        &hampath_to_pvg::HamPathToPvg::AS_PRINTED,
        &vc_to_pvg::VcToPvg::AS_PRINTED,
        &qbf_to_two_token::QbfToTwoToken::IAG2_AS_PRINTED,
        // Reductions II.
        &qbf_to_deg::QbfToDeg,
        &deg_to_ueg::DegToUeg::PAPER,
        &dvg_to_misere_dvg::DVG_TO_MISERE_DVG,
        &dvg_to_misere_uvg::DvgToMisereUvg::PAPER,
        &ueg_to_misere_ueg::UEG_TO_MISERE_UEG,
        &deg_to_misere_deg::DEG_TO_MISERE_DEG,
        &dvg_to_nimg::DvgToNimg::PAPER,
        &HAMPATH_TRAILTRAP,
        &HAMPATH_TRAILTRAP_SUBCUBIC,
        &trailtrap_to_disconnected::TrailTrapDisconnected,
    ]
}

/// The reduction with id `id`.
pub fn by_id(id: &str) -> Option<&'static dyn Reduction> {
    all().into_iter().find(|r| r.info().id == id)
}
