//! Why a certificate was rejected, and where.
//!
//! Every variant carries the place of the failure in the certificate's own terms: the line of
//! play from the start position, the clause and the assignment that falsifies it, the path
//! step, the uncovered edge. The `Display` text prints that place first, because the person
//! reading a rejection wants to replay it (varisat's `CheckFailed { step, .. }` is the model).

use super::Player;
use super::game::CertMove;

/// A rejected certificate (or one the checker cannot decide within its limits).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CheckError {
    /// The JSON text is not a certificate.
    #[error("certify::json: not a valid certificate: {0}")]
    Json(String),
    /// The certificate's format version is not the one this checker reads.
    #[error("certify::version: certificate version {found}, this checker reads {supported}")]
    UnsupportedVersion {
        /// Version found.
        found: u32,
        /// Version supported.
        supported: u32,
    },
    /// The certificate kind does not fit the instance kind.
    #[error("certify::wrong_kind: a {certificate} certificate cannot certify a {instance}")]
    WrongKind {
        /// The instance kind.
        instance: String,
        /// The certificate kind.
        certificate: String,
    },
    /// The certificate kind does not apply to this variant of the instance.
    #[error("certify::unsupported: {0}")]
    Unsupported(String),
    /// The instance itself breaks a model rule.
    #[error("certify::bad_instance: {0}")]
    BadInstance(String),
    /// The check would exceed a [`super::Limits`] bound; nothing was proved or refuted.
    #[error("certify::too_large: {what} is {size}, above the checker's limit {limit}")]
    TooLarge {
        /// What was counted.
        what: &'static str,
        /// Its size.
        size: u64,
        /// The limit.
        limit: u64,
    },
    /// A vertex identifier that the graph does not have.
    #[error("certify::unknown_vertex: no vertex `{id}` in the graph")]
    UnknownVertex {
        /// The identifier.
        id: String,
    },
    /// A variable name that the formula does not have.
    #[error("certify::unknown_variable: no variable `{name}` in the formula")]
    UnknownVariable {
        /// The name.
        name: String,
    },
    /// A malformed part of the certificate (duplicate entry, wrong arity, bad table, …).
    #[error("certify::malformed: {0}")]
    Malformed(String),
    /// QBF: a variable of the certifying player has no function.
    #[error("certify::missing_function: no function for variable {var}")]
    MissingFunction {
        /// The variable.
        var: String,
    },
    /// QBF: a function reads a variable that is not quantified before its own.
    #[error(
        "certify::illegal_dependency: the function of {var} reads {depends_on}, which is not quantified before it"
    )]
    IllegalDependency {
        /// The function's variable.
        var: String,
        /// The variable it must not read.
        depends_on: String,
    },
    /// QBF true: under this play some clause is false.
    #[error("certify::clause_falsified: clause {clause} `{text}` is false under {}", show_assignment(.assignment))]
    ClauseFalsified {
        /// Clause index.
        clause: usize,
        /// The clause as written.
        text: String,
        /// The full assignment (variable name, value), in variable order.
        assignment: Vec<(String, bool)>,
    },
    /// QBF false: under this play every clause holds.
    #[error("certify::all_clauses_hold: every clause holds under {}", show_assignment(.assignment))]
    AllClausesSatisfied {
        /// The full assignment, in variable order.
        assignment: Vec<(String, bool)>,
    },
    /// Hamiltonian path: wrong number of vertices.
    #[error("certify::path_length: the path has {got} vertices, the graph {want}")]
    PathLength {
        /// Vertices in the path.
        got: usize,
        /// Vertices in the graph.
        want: usize,
    },
    /// A vertex listed twice (path position or set member).
    #[error("certify::repeated_vertex: vertex `{id}` appears again at position {index}")]
    RepeatedVertex {
        /// Position of the repetition (0-based).
        index: usize,
        /// The vertex.
        id: String,
    },
    /// Hamiltonian path: the required start or end vertex is not where it must be.
    #[error("certify::wrong_endpoint: the path must {which} at `{want}`, not `{got}`")]
    WrongEndpoint {
        /// `start` or `end`.
        which: &'static str,
        /// The required vertex.
        want: String,
        /// The certificate's vertex.
        got: String,
    },
    /// Hamiltonian path: consecutive vertices without an edge (arc) between them.
    #[error("certify::not_an_edge: step {index} `{from}` → `{to}` is not an edge")]
    NotAnEdge {
        /// Index of the step (0-based: vertices `index` and `index + 1`).
        index: usize,
        /// Tail.
        from: String,
        /// Head.
        to: String,
    },
    /// Vertex cover: more than k vertices.
    #[error("certify::cover_too_large: the cover has {size} vertices, more than k = {k}")]
    CoverTooLarge {
        /// Its size.
        size: usize,
        /// The bound.
        k: usize,
    },
    /// Vertex cover: an edge with no endpoint in the cover.
    #[error("certify::uncovered_edge: edge {edge} `{u}`–`{v}` has no endpoint in the cover")]
    UncoveredEdge {
        /// Edge index.
        edge: usize,
        /// One endpoint.
        u: String,
        /// The other.
        v: String,
    },
    /// Game: the strategy plays a move that is not legal here.
    #[error("certify::illegal_move: ply {ply}: {played} is not legal after {}", show_line(.line))]
    IllegalMove {
        /// Number of moves before the illegal one.
        ply: usize,
        /// The line of play from the start up to (excluding) the illegal move.
        line: Vec<CertMove>,
        /// The illegal move.
        played: CertMove,
    },
    /// Game: a reachable position where the winner has a choice is not in the strategy.
    #[error("certify::missing_position: the strategy has no move after {}", show_line(.line))]
    MissingPosition {
        /// The line of play reaching the position.
        line: Vec<CertMove>,
    },
    /// Game: a line ends with a player stuck in a way that makes the claimed winner lose.
    #[error("certify::game_lost: {stuck} has no move after {}, so {loser} loses", show_line(.line))]
    GameLost {
        /// The line of play to the terminal position.
        line: Vec<CertMove>,
        /// Who is to move and cannot.
        stuck: Player,
        /// The claimed winner, who loses in this line.
        loser: Player,
    },
    /// Matching or kernel certificate: a set of vertices or edges fails its defining test.
    #[error("certify::witness: {0}")]
    Witness(String),
}

/// Renders an assignment as `x1=1 x2=0 …`.
fn show_assignment(a: &[(String, bool)]) -> String {
    a.iter()
        .map(|(n, b)| format!("{n}={}", u8::from(*b)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Renders a line of play, or `the start` when it is empty.
fn show_line(line: &[CertMove]) -> String {
    if line.is_empty() {
        return "the start".to_string();
    }
    line.iter()
        .map(|m| m.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}
