//! Mutations of certificates: one small change (a flipped table entry, a changed or dropped
//! move, a swapped path step, a dropped cover vertex). A mutant may still be valid; the tests
//! ask `certify::check` which it is before they use it.

use georeduce::certify::{BoolFn, CertMove, Certificate, CertificateBody, QbfStrategy};
use georeduce::problems::Instance;
use rand::Rng;

fn flip_fn(f: &mut BoolFn, rng: &mut impl Rng) {
    match f {
        BoolFn::Const(b) => *b = !*b,
        BoolFn::Table { values, .. } => {
            let i = rng.random_range(0..values.len());
            let mut bytes = values.clone().into_bytes();
            bytes[i] = if bytes[i] == b'0' { b'1' } else { b'0' };
            *values = String::from_utf8(bytes).unwrap();
        }
        BoolFn::Tree {
            then, otherwise, ..
        } => flip_fn(
            if rng.random_bool(0.5) {
                then
            } else {
                otherwise
            },
            rng,
        ),
    }
}

fn flip_strategy(s: &mut QbfStrategy, rng: &mut impl Rng) -> bool {
    if s.functions.is_empty() {
        return false;
    }
    let i = rng.random_range(0..s.functions.len());
    flip_fn(&mut s.functions[i].value, rng);
    true
}

/// A mutant of `cert` on `inst`, or `None` when the certificate has nothing to mutate.
pub fn mutate(inst: &Instance, cert: &Certificate, rng: &mut impl Rng) -> Option<Certificate> {
    let mut m = cert.clone();
    let changed = match (&mut m.body, inst) {
        (CertificateBody::QbfTrue(s) | CertificateBody::QbfFalse(s), _) => flip_strategy(s, rng),
        (CertificateBody::GameWin(s), Instance::Geography(g)) if !s.strategy.is_empty() => {
            let i = rng.random_range(0..s.strategy.len());
            match &mut s.strategy[i].play {
                CertMove::Step { from, edge, to, .. } if rng.random_bool(0.7) => {
                    let u = g.graph.vertex(from)?;
                    let adj = g.graph.out_adjacency();
                    let (w, e) = adj[u][rng.random_range(0..adj[u].len())];
                    *edge = e;
                    *to = g.graph.id(w).to_string();
                }
                _ => {
                    s.strategy.remove(i);
                }
            }
            true
        }
        (CertificateBody::Hampath(p), _) if p.path.len() >= 2 => {
            let i = rng.random_range(0..p.path.len() - 1);
            p.path.swap(i, i + 1);
            true
        }
        (CertificateBody::VertexCover(c), _) if !c.cover.is_empty() => {
            let i = rng.random_range(0..c.cover.len());
            c.cover.remove(i);
            true
        }
        _ => false,
    };
    (changed && m != *cert).then_some(m)
}
