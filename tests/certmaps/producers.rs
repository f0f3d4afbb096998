//! Certificates of source and target instances for the tests, made by brute force (QBF) and
//! by the exhaustive solvers (games, paths, covers). Whatever they produce is run through
//! `certify::check` before it is used, so a producer bug shows up as a failed check, not as a
//! false pass.

use georeduce::certify::{
    Certificate, CertificateBody, CoverCert, Limits, PathCert, Player, qbf_strategy_from_fn,
    strategy_from_fn,
};
use georeduce::problems::{Geography, Instance, Qbf, Quantifier, Var};
use georeduce::solvers::geography::{initial_position, play, solve, solve_from};
use georeduce::solvers::{Budget, Winner, hampath, vertex_cover};

/// The truth value of `q` with the variables `order[i..]` still quantified and the earlier
/// ones fixed in `a`.
fn value(q: &Qbf, order: &[(Var, Quantifier)], i: usize, a: &mut [bool]) -> bool {
    let Some(&(v, quant)) = order.get(i) else {
        return q.matrix_holds(a);
    };
    let mut outcome = |b: bool, a: &mut [bool]| {
        a[v] = b;
        value(q, order, i + 1, a)
    };
    match quant {
        Quantifier::Exists => outcome(false, a) || outcome(true, a),
        Quantifier::Forall => outcome(false, a) && outcome(true, a),
    }
}

/// The truth value of a closed QBF, by brute force.
pub fn qbf_value(q: &Qbf) -> bool {
    value(q, &q.order(), 0, &mut vec![false; q.num_vars()])
}

/// A Skolem or Herbrand certificate of `q`, chosen by brute force.
pub fn qbf_certificate(q: &Qbf) -> Certificate {
    let order = q.order();
    let truth = qbf_value(q);
    let s = qbf_strategy_from_fn(q, truth, &Limits::default(), |x, partial| {
        let i = order.iter().position(|&(v, _)| v == x).unwrap();
        let mut a: Vec<bool> = partial.iter().map(|b| b.unwrap_or(false)).collect();
        a[x] = true;
        value(q, &order, i + 1, &mut a) == truth
    })
    .unwrap();
    Certificate::new(match truth {
        true => CertificateBody::QbfTrue(s),
        false => CertificateBody::QbfFalse(s),
    })
}

fn player(w: Winner) -> Player {
    match w {
        Winner::First => Player::First,
        Winner::Second => Player::Second,
    }
}

/// A winning strategy of the game's winner, each move chosen by the exhaustive solver.
pub fn game_certificate(g: &Geography) -> Certificate {
    let budget = Budget::unlimited();
    let winner = solve(g, &budget).unwrap().winner;
    let s = strategy_from_fn(g, player(winner), &Limits::default(), |line| {
        let mut pos = initial_position(g);
        for &m in line {
            pos = play(g, &pos, m);
        }
        solve_from(g, &pos, &budget).unwrap().winning_move
    })
    .unwrap();
    Certificate::new(CertificateBody::GameWin(s))
}

/// A certificate of any instance; `None` for a NO instance of an NP problem (which has none).
pub fn certificate(inst: &Instance) -> Option<Certificate> {
    let budget = Budget::unlimited();
    let ids = |g: &georeduce::problems::Graph, vs: Vec<usize>| -> Vec<String> {
        vs.into_iter().map(|v| g.id(v).to_string()).collect()
    };
    match inst {
        Instance::Qbf(q) => Some(qbf_certificate(q)),
        Instance::Geography(g) => Some(game_certificate(g)),
        Instance::Hampath(h) => hampath::solve(h, &budget).unwrap().path.map(|p| {
            Certificate::new(CertificateBody::Hampath(PathCert {
                path: ids(&h.graph, p),
            }))
        }),
        Instance::VertexCover(v) => vertex_cover::solve(v, &budget).unwrap().cover.map(|c| {
            Certificate::new(CertificateBody::VertexCover(CoverCert {
                cover: ids(&v.graph, c),
            }))
        }),
    }
}
