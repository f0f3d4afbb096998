//! Helpers: reductions by id, campaign configs, test-only broken wrappers around real
//! reductions, and brute force for the source side of counterexamples (independent of the
//! solvers that `check` uses).

use georeduce::check::{CheckConfig, CheckReport, FailureKind, Silent, run_case, run_check};
use georeduce::problems::{
    Geography, HamPath, Instance, Qbf, Quantifier, SourceQuestion, Tokens, VertexCover,
};
use georeduce::reductions::{self, Reduced, Reduction, ReductionError, ReductionInfo};

pub fn by_id(id: &str) -> &'static dyn Reduction {
    reductions::by_id(id).unwrap_or_else(|| panic!("reduction {id} is registered"))
}

pub fn config(ids: &[&str], cases: usize, max_size: usize) -> CheckConfig {
    let mut cfg = CheckConfig::new(ids.iter().map(|id| by_id(id)).collect());
    cfg.cases = cases;
    cfg.max_size = max_size;
    cfg
}

/// A real reduction whose output is mutated after compiling.
pub struct Broken {
    inner: &'static dyn Reduction,
    info: ReductionInfo,
    mutate: fn(&mut Geography),
    extra: (usize, isize),
}

impl Reduction for Broken {
    fn info(&self) -> &ReductionInfo {
        &self.info
    }
    fn reduce(&self, source: &Instance) -> Result<Reduced, ReductionError> {
        let mut reduced = self.inner.reduce(source)?;
        if let Instance::Geography(g) = &mut reduced.target {
            (self.mutate)(g);
        }
        Ok(reduced)
    }
    fn declared_size(&self, source: &Instance) -> (usize, usize) {
        let (v, e) = self.inner.declared_size(source);
        (v + self.extra.0, e.saturating_add_signed(self.extra.1))
    }
    fn check_structure(&self, _: &Instance, _: &Instance) -> Result<(), String> {
        Ok(())
    }
    fn source_question(&self) -> SourceQuestion {
        self.inner.source_question()
    }
}

pub fn broken(
    id: &'static str,
    inner: &str,
    mutate: fn(&mut Geography),
    extra: (usize, isize),
) -> &'static dyn Reduction {
    let inner = by_id(inner);
    let info = ReductionInfo {
        id,
        provenance: "test-only broken variant",
        ..inner.info().clone()
    };
    Box::leak(Box::new(Broken {
        inner,
        info,
        mutate,
        extra,
    }))
}

/// Off-by-one chain: player I's chain in Thm 2.3's board gets one more vertex.
pub fn lengthen_first_chain(g: &mut Geography) {
    let Tokens::Partizan {
        starts: Some([mut end, _]),
    } = g.tokens
    else {
        return;
    };
    let succ = g.graph.successors();
    while let Some(&next) = succ[end].first() {
        end = next;
    }
    let extra = g.graph.add_vertex("test_extra");
    g.graph.add_edge(end, extra);
}

pub fn drop_last_arc(g: &mut Geography) {
    g.graph.edges.pop();
}

pub fn shift_start(g: &mut Geography) {
    if let Tokens::One { start: Some(s) } = g.tokens {
        g.tokens = Tokens::One {
            start: Some((s + 1) % g.graph.n()),
        };
    }
}

pub fn run(cfg: &CheckConfig) -> CheckReport {
    run_check(cfg, &Silent)
}

pub fn qbf_true(q: &Qbf) -> bool {
    fn go(q: &Qbf, order: &[(usize, Quantifier)], a: &mut Vec<bool>) -> bool {
        let Some((&(v, quant), rest)) = order.split_first() else {
            return q.matrix_holds(a);
        };
        let mut branch = |b| {
            a[v] = b;
            go(q, rest, a)
        };
        match quant {
            Quantifier::Exists => branch(false) || branch(true),
            Quantifier::Forall => branch(false) && branch(true),
        }
    }
    go(q, &q.order(), &mut vec![false; q.num_vars()])
}

pub fn hampath_exists(h: &HamPath) -> bool {
    fn extend(h: &HamPath, path: &mut Vec<usize>) -> bool {
        if path.len() == h.graph.n() {
            return h.is_solution(path);
        }
        (0..h.graph.n()).any(|v| {
            if path.contains(&v) {
                return false;
            }
            path.push(v);
            let found = extend(h, path);
            path.pop();
            found
        })
    }
    extend(h, &mut Vec::new())
}

pub fn cover_exists(c: &VertexCover) -> bool {
    let n = c.graph.n();
    (0u32..1 << n).any(|set| {
        let cover: Vec<usize> = (0..n).filter(|&v| set >> v & 1 == 1).collect();
        c.is_solution(&cover)
    })
}

pub fn brute_source_answer(instance: &Instance) -> bool {
    match instance {
        Instance::Qbf(q) => qbf_true(q),
        Instance::Hampath(h) => hampath_exists(h),
        Instance::VertexCover(c) => cover_exists(c),
        Instance::Geography(_) => unreachable!("no game source here"),
    }
}

/// Parses a counterexample's DSL text and re-runs it: it must fail the same way, and its
/// source answer must be the one the failure detail states, by brute force.
pub fn confirm(r: &dyn Reduction, dsl: &str, kind: FailureKind) -> Instance {
    let parsed = georeduce::lang::parse_str("counterexample", dsl)
        .unwrap_or_else(|e| panic!("counterexample does not parse: {e:?}\n{dsl}"));
    let verdict = run_case(r, &parsed.instance, None);
    let failure = verdict.failure().expect("the counterexample still fails");
    assert_eq!(failure.kind, kind, "{}", failure.detail);
    if kind == FailureKind::AnswerMismatch {
        let yes = brute_source_answer(&parsed.instance);
        let stated = if yes { "source is YES" } else { "source is NO" };
        assert!(
            failure.detail.starts_with(stated),
            "{stated} vs {}",
            failure.detail
        );
    }
    parsed.instance
}

pub fn num_vars_or_vertices(i: &Instance) -> usize {
    match i {
        Instance::Qbf(q) => q.num_vars(),
        Instance::Hampath(h) => h.graph.n(),
        Instance::VertexCover(c) => c.graph.n(),
        Instance::Geography(g) => g.graph.n(),
    }
}
