//! A theorem's construction with its typed layout, and the [`Theorem`] trait that holds a
//! reduction's construction, size, claims and certificate maps in one place.
//!
//! A reduction from a paper is one theorem: a construction that turns a source instance into a
//! board whose gadgets play the roles the proof names (diamond tops and sides, clause clusters,
//! cigars, the arc an arc gadget replaces, pendant leaves). [`Theorem::construct`] returns the
//! target together with those roles as a typed value, the theorem's **layout** (its own type,
//! [`Theorem::Layout`]), so that everything that needs a role (certificate maps, structural
//! checks, figures) reads it from the layout instead of looking vertices up by name or
//! repeating the builder's index arithmetic.
//!
//! [`Theorem`] is statically typed (its source is a [`Qbf`], a [`HamPath`], …, its layout a
//! struct of the theorem's file). The registry, the CLI and `check` see theorems through the
//! object-safe [`Reduction`] trait, which every theorem implements by the blanket impl below:
//! it reads the source out of an [`Instance`], runs the construction once, and hands the
//! layout to the typed methods.

use super::certmaps::{self, CertMapError, CertMaps};
use super::{Reduced, Reduction, ReductionError, ReductionInfo};
use crate::certify::Certificate;
use crate::problems::{Geography, HamPath, Instance, Qbf, SourceQuestion, VertexCover};

/// What building a reduction returns: the target game, the roles of its vertices, and remarks
/// made while building (normalisations applied, clauses dropped, …).
#[derive(Clone, Debug)]
pub struct Construction<L> {
    /// The target game.
    pub game: Geography,
    /// Where the theorem's gadgets are and which role every vertex plays.
    pub layout: L,
    /// Remarks for the user.
    pub notes: Vec<String>,
}

/// A kind of source instance a theorem reads.
pub trait SourceProblem: Sized + 'static {
    /// The source inside `instance`, or the error `reduce` answers for it
    /// ([`ReductionError::WrongKind`], or a precondition that every instance of the kind
    /// must meet).
    fn read<'a>(info: &ReductionInfo, instance: &'a Instance) -> Result<&'a Self, ReductionError>;
}

/// The error for a source of the wrong kind.
fn wrong_kind(info: &ReductionInfo, found: &Instance) -> ReductionError {
    ReductionError::WrongKind {
        id: info.id,
        expected: info.source.name(),
        found: found.kind(),
    }
}

impl SourceProblem for Qbf {
    fn read<'a>(info: &ReductionInfo, instance: &'a Instance) -> Result<&'a Qbf, ReductionError> {
        match instance {
            Instance::Qbf(q) => Ok(q),
            other => Err(wrong_kind(info, other)),
        }
    }
}

impl SourceProblem for HamPath {
    fn read<'a>(
        info: &ReductionInfo,
        instance: &'a Instance,
    ) -> Result<&'a HamPath, ReductionError> {
        match instance {
            Instance::Hampath(h) => Ok(h),
            other => Err(wrong_kind(info, other)),
        }
    }
}

impl SourceProblem for VertexCover {
    fn read<'a>(
        info: &ReductionInfo,
        instance: &'a Instance,
    ) -> Result<&'a VertexCover, ReductionError> {
        match instance {
            Instance::VertexCover(v) => Ok(v),
            other => Err(wrong_kind(info, other)),
        }
    }
}

impl SourceProblem for Geography {
    /// A game of exactly the theorem's source kind that passes [`Geography::validate`].
    fn read<'a>(
        info: &ReductionInfo,
        instance: &'a Instance,
    ) -> Result<&'a Geography, ReductionError> {
        super::helpers::expect_source_game(info, instance)
    }
}

/// A size formula: the number of target vertices and edges as expressions in named
/// parameters of the source. Write it with `size_formula!`: the expressions are printed
/// (`list`, [`ReductionInfo::vertices_formula`]) from the very tokens that
/// [`Size::of`] evaluates, so the catalogue cannot drift from the check.
pub struct Size<S> {
    /// The vertex count, as written.
    pub vertices: &'static str,
    /// The edge or arc count, as written.
    pub edges: &'static str,
    /// What the parameters stand for (`N = …; m = …`).
    pub legend: &'static str,
    /// The evaluation of both expressions on a source.
    pub eval: fn(&S) -> (usize, usize),
}

impl<S> Size<S> {
    /// `(vertices, edges)` for `source`.
    pub fn of(&self, source: &S) -> (usize, usize) {
        (self.eval)(source)
    }
}

/// Defines a `const` [`Size`] from one expression per count over named parameters:
///
/// (`with p = …;` before the braces binds a value the parameters share.)
///
/// ```text
/// size_formula! {
///     SIZE: Qbf = |q| {
///         N = normalize(q).n(), "normalised variables, odd";
///         m = q.clauses.len(), "clauses";
///     } => vertices 4 * N + 1 + m, edges 5 * N + m
/// }
/// ```
macro_rules! size_formula {
    ($(#[$doc:meta])* $name:ident : $src:ty = |$s:ident| $(with $pre:ident = $pv:expr;)* {
        $p0:ident = $v0:expr, $w0:literal;
        $($p:ident = $v:expr, $w:literal;)*
    } => vertices $vertices:expr, edges $edges:expr) => {
        $(#[$doc])*
        pub(crate) const $name: $crate::reductions::theorem::Size<$src> =
            $crate::reductions::theorem::Size {
                vertices: stringify!($vertices),
                edges: stringify!($edges),
                legend: concat!(stringify!($p0), " = ", $w0, $("; ", stringify!($p), " = ", $w,)*),
                eval: |$s: &$src| {
                    $(let $pre = $pv;)*
                    // The parameters carry the papers' names (N, U, …).
                    #[allow(non_snake_case)]
                    let $p0: usize = $v0;
                    $(
                        #[allow(non_snake_case)]
                        let $p: usize = $v;
                    )*
                    ($vertices, $edges)
                },
            };
    };
}
pub(crate) use size_formula;

/// One theorem of a paper: a construction with a typed source and layout, its size formula,
/// its structural claims and its certificate maps. One implementation per reduction file;
/// the registry sees it as a [`Reduction`].
pub trait Theorem: Send + Sync + 'static {
    /// What the theorem reduces from.
    type Source: SourceProblem;
    /// The roles of the target's vertices.
    type Layout;

    /// Catalogue entry (its [`ReductionInfo::structure`] holds the typed claims).
    fn entry(&self) -> &ReductionInfo;

    /// The source inside `instance`, or the error `reduce` answers for it. The default is
    /// [`SourceProblem::read`]; a theorem overrides it to word its own precondition (PVG → PAG
    /// says which game a non-PVG is).
    fn read_source<'a>(&self, instance: &'a Instance) -> Result<&'a Self::Source, ReductionError> {
        Self::Source::read(self.entry(), instance)
    }

    /// Builds the target and its layout, or says which precondition the source violates.
    fn construct(
        &self,
        source: &Self::Source,
    ) -> Result<Construction<Self::Layout>, ReductionError>;

    /// The declared size of the output.
    fn size(&self) -> &Size<Self::Source>;

    /// Checks of the theorem's own structure on a built target, beyond the generic
    /// [`ReductionInfo::structure`] claims (e.g. "each clause cluster has 11 vertices");
    /// `Err` says what fails.
    fn check_layout(
        &self,
        _source: &Self::Source,
        _built: &Construction<Self::Layout>,
    ) -> Result<(), String> {
        Ok(())
    }

    /// Which certificate maps are constructive (see [`Reduction::cert_maps`]).
    fn maps(&self) -> CertMaps {
        certmaps::NO_MAPS
    }

    /// Source certificate → certificate of `built.game` (see [`Reduction::forward`]).
    fn carry_forward(
        &self,
        _source: &Self::Source,
        _built: &Construction<Self::Layout>,
        cert: &Certificate,
    ) -> Result<Certificate, CertMapError> {
        Err(certmaps::refuse(
            &self.maps(),
            true,
            certmaps::claims_yes(cert),
        ))
    }

    /// Certificate of `built.game` → source certificate (see [`Reduction::backward`]).
    fn carry_back(
        &self,
        _source: &Self::Source,
        _built: &Construction<Self::Layout>,
        cert: &Certificate,
    ) -> Result<Certificate, CertMapError> {
        let yes = certmaps::wins(cert) == Some(self.entry().yes_winner);
        Err(certmaps::refuse(&self.maps(), false, yes))
    }

    /// The paper's drawing of the construction: every vertex of `built.game` placed from
    /// the layout, labelled as the paper labels it, gadgets outlined, and a caption naming
    /// the construction and the theorem (see [`crate::render::figure`]). `None` (the
    /// default): the renderer lays the game out itself.
    fn figure(
        &self,
        _source: &Self::Source,
        _built: &Construction<Self::Layout>,
    ) -> Option<crate::render::Figure> {
        None
    }

    /// The paper's labels, in label markup (`c_2`, `v_{1,in}`), of the vertices the paper
    /// labels otherwise than the construction does: the labels [`Theorem::figure`] draws.
    /// [`Theorem::build`] writes them into the game, so that a compiled game names its
    /// vertices as the figure does (`solve --strategy` prints `c₂` where `render --play`
    /// draws `c₂`). Linear in the construction: compile calls it on games of millions of
    /// vertices. Empty by default.
    fn paper_labels(
        &self,
        _source: &Self::Source,
        _built: &Construction<Self::Layout>,
    ) -> Vec<(crate::problems::VertexId, String)> {
        Vec::new()
    }

    /// The construction with the paper's labels ([`Theorem::paper_labels`]) on its game:
    /// what `reduce` outputs, and what the structure check, the certificate maps and the
    /// figure read.
    fn build(&self, source: &Self::Source) -> Result<Construction<Self::Layout>, ReductionError> {
        let mut built = self.construct(source)?;
        for (v, markup) in self.paper_labels(source, &built) {
            crate::render::figure::relabel(&mut built.game.graph, v, &markup);
        }
        Ok(built)
    }

    /// The question the theorem's source answer is about (see
    /// [`Reduction::source_question`]); the standard one of its source kind unless the
    /// theorem says otherwise.
    fn question(&self) -> SourceQuestion {
        SourceQuestion::Standard
    }
}

/// The source of `source` and the construction whose game `target` is; the certificate maps
/// read roles from the layout, so a target built from another source is refused.
fn built_pair<'a, T: Theorem>(
    t: &T,
    source: &'a Instance,
    target: &Instance,
) -> Result<(&'a T::Source, Construction<T::Layout>), CertMapError> {
    let id = t.entry().id;
    let src = t
        .read_source(source)
        .map_err(|e| CertMapError::WrongInstance(format!("{id}: {e}")))?;
    let built = t
        .build(src)
        .map_err(|e| CertMapError::WrongInstance(format!("{id}: {e}")))?;
    match target {
        Instance::Geography(g) if *g == built.game => Ok((src, built)),
        _ => Err(CertMapError::WrongInstance(format!(
            "the target is not the output of {id} on this source"
        ))),
    }
}

impl<T: Theorem> Reduction for T {
    fn info(&self) -> &ReductionInfo {
        self.entry()
    }

    fn reduce(&self, source: &Instance) -> Result<Reduced, ReductionError> {
        let built = self.build(self.read_source(source)?)?;
        Ok(Reduced {
            target: Instance::Geography(built.game),
            notes: built.notes,
        })
    }

    fn declared_size(&self, source: &Instance) -> (usize, usize) {
        self.read_source(source)
            .map_or((0, 0), |s| self.size().of(s))
    }

    fn check_structure(&self, source: &Instance, target: &Instance) -> Result<(), String> {
        let src = self.read_source(source).map_err(|e| e.to_string())?;
        let built = self.build(src).map_err(|e| e.to_string())?;
        match target {
            Instance::Geography(g) if *g == built.game => self.check_layout(src, &built),
            Instance::Geography(_) => Err(format!(
                "the target is not the output of {} on this source",
                self.entry().id
            )),
            other => Err(format!(
                "the target is a {} instance, not a game",
                other.kind()
            )),
        }
    }

    fn source_question(&self) -> SourceQuestion {
        self.question()
    }

    fn cert_maps(&self) -> CertMaps {
        self.maps()
    }

    fn figure(&self, source: &Instance) -> Option<crate::render::Figure> {
        let src = T::Source::read(self.entry(), source).ok()?;
        let built = self.build(src).ok()?;
        Theorem::figure(self, src, &built)
    }

    fn forward(
        &self,
        source: &Instance,
        target: &Instance,
        cert: &Certificate,
    ) -> Result<Certificate, CertMapError> {
        let (src, built) = built_pair(self, source, target)?;
        self.carry_forward(src, &built, cert)
    }

    fn backward(
        &self,
        source: &Instance,
        target: &Instance,
        cert: &Certificate,
    ) -> Result<Certificate, CertMapError> {
        let (src, built) = built_pair(self, source, target)?;
        self.carry_back(src, &built, cert)
    }
}
