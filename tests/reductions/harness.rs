//! The closed loop every test here runs: compile a source, check the declared size and the
//! structural claims, solve both sides with independent solvers, compare.
//!
//! The source side is decided by the decision solvers (QBF, Hamiltonian path, vertex cover)
//! or, for a game source, by the game solver on the source game; the target side by the
//! exhaustive game solver. Nothing here knows the expected answer of any instance.

use georeduce::Instance;
use georeduce::problems::Geography;
use georeduce::reductions::{ProblemKind, Reduction};
use georeduce::solvers::{self, Budget, Winner};

/// The answer of the source: true = yes (for a game: player I wins).
pub fn source_yes(src: &Instance) -> bool {
    let b = Budget::unlimited();
    match src {
        Instance::Qbf(q) => solvers::qbf::solve(q, &b).expect("qbf solver").value,
        Instance::Hampath(h) => solvers::hampath::solve(h, &b)
            .expect("hampath")
            .path
            .is_some(),
        Instance::VertexCover(v) => solvers::vertex_cover::solve(v, &b)
            .expect("cover")
            .cover
            .is_some(),
        Instance::Geography(g) => winner(g) == Winner::First,
    }
}

/// The winner of a game, by exhaustive search.
pub fn winner(g: &Geography) -> Winner {
    solvers::geography::solve(g, &Budget::unlimited())
        .unwrap_or_else(|e| panic!("game solver failed on a {}: {e}", g.variant_name()))
        .winner
}

/// The game inside an instance.
pub fn game(t: &Instance) -> &Geography {
    match t {
        Instance::Geography(g) => g,
        other => panic!("expected a game, got {}", other.kind()),
    }
}

/// What a batch of closed-loop runs found.
#[derive(Debug, Default)]
pub struct Tally {
    /// Source instances with answer yes / no.
    pub yes: usize,
    /// Source instances with answer no.
    pub no: usize,
    /// Source and target disagree: the first few, printed.
    pub mismatches: usize,
    /// The first disagreeing sources, as debug text.
    pub examples: Vec<String>,
}

impl Tally {
    fn record(&mut self, src: &Instance, yes: bool, agrees: bool) {
        if yes {
            self.yes += 1;
        } else {
            self.no += 1;
        }
        if !agrees {
            self.mismatches += 1;
            if self.examples.len() < 3 {
                self.examples.push(format!("{src:?}"));
            }
        }
    }

    /// Every case agreed, and yes and no each make up at least `min_share` of the sample.
    pub fn assert_sound(&self, what: &str, min_share: f64) {
        let total = self.yes + self.no;
        assert_eq!(self.mismatches, 0, "{what}: {self:?}");
        let share = |k: usize| k as f64 / total.max(1) as f64;
        assert!(
            share(self.yes) >= min_share && share(self.no) >= min_share,
            "{what}: yes {} / no {} of {total} is too lopsided",
            self.yes,
            self.no
        );
        eprintln!(
            "{what}: {total} cases, {} yes, {} no, all agree",
            self.yes, self.no
        );
    }
}

/// Compiles `src` with `r`, checks the declared size, the structural claims and the target
/// kind, solves both sides and records the outcome. Any error panics.
pub fn check_case(r: &dyn Reduction, src: &Instance, tally: &mut Tally) {
    check_case_with(r, src, tally, |t| t.clone(), true);
}

/// As [`check_case`], but the target is passed through `mutate` before it is solved (an
/// ablation); sizes and claims are checked only when `checks` is set.
pub fn check_case_with(
    r: &dyn Reduction,
    src: &Instance,
    tally: &mut Tally,
    mutate: impl Fn(&Instance) -> Instance,
    checks: bool,
) {
    let id = r.info().id;
    let yes = source_yes(src);
    let out = match r.reduce(src) {
        Ok(out) => out,
        Err(e) => panic!("{id} rejected {src:?}: {e}"),
    };
    if checks {
        let g = game(&out.target);
        let declared = r.declared_size(src);
        assert_eq!(
            (g.graph.n(), g.graph.m()),
            declared,
            "{id}: declared size, {src:?}"
        );
        r.check_structure(src, &out.target)
            .unwrap_or_else(|e| panic!("{id}: claim fails: {e}; {src:?}"));
        assert_eq!(
            ProblemKind::of(&out.target),
            r.info().target,
            "{id}: target kind"
        );
        g.validate()
            .unwrap_or_else(|e| panic!("{id}: invalid target {e:?}"));
    }
    let target = mutate(&out.target);
    let target_yes = winner(game(&target)) == r.info().yes_winner;
    tally.record(src, yes, target_yes == yes);
}

/// Runs [`check_case`] on every source and returns the tally.
pub fn run_all(r: &dyn Reduction, sources: &[Instance]) -> Tally {
    let mut t = Tally::default();
    for s in sources {
        check_case(r, s, &mut t);
    }
    t
}

/// Runs an ablation (a mutated target) on every source and returns how many disagree.
pub fn ablation_mismatches(
    r: &dyn Reduction,
    sources: &[Instance],
    mutate: impl Fn(&Instance) -> Instance,
) -> usize {
    let mut t = Tally::default();
    for s in sources {
        check_case_with(r, s, &mut t, &mutate, false);
    }
    t.mismatches
}

/// The registered reduction with this id.
pub fn reduction(id: &str) -> &'static dyn Reduction {
    georeduce::reductions::by_id(id).unwrap_or_else(|| panic!("no reduction {id}"))
}
