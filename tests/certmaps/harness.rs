//! One round trip of a reduction's certificate maps on one source instance, and the tally
//! that every test asserts on.

use super::mutate::mutate;
use super::producers::certificate;
use georeduce::certify::{Certificate, CertificateBody, Claim, GameMoves, Player, check};
use georeduce::problems::Instance;
use georeduce::reductions::{CertMapError, Reduction, ReductionError};
use georeduce::solvers::Winner;
use rand::Rng;

/// What a run over many sources saw.
#[derive(Debug, Default)]
pub struct Tally {
    /// Sources with a YES answer, and with a NO answer.
    pub yes: usize,
    pub no: usize,
    /// Certificates mapped forward and backward and accepted by the checker.
    pub forward: usize,
    pub backward: usize,
    /// Maps refused as not constructive (as `cert_maps` declares).
    pub refused: usize,
    /// Invalid mutants tried forward (each refused, mapped to a rejected certificate, or
    /// never consulted by the walk: see `unconsulted`).
    pub mutants: usize,
    /// Invalid source mutants whose changed part no position of the walk consults: their
    /// image is the valid certificate's image, move for move.
    pub unconsulted: usize,
    /// Mutants of `game_moves` images (winner flipped, a choice dropped or added), each
    /// rejected.
    pub image_mutants: usize,
    /// Invalid source mutants whose accepted image differs from the valid certificate's
    /// only because kernel leaves closed the positions where the flaw would be consulted.
    pub closed_by_leaves: usize,
    /// Sources the reduction declined (outside its precondition).
    pub skipped: usize,
    /// Source certificates of a compact kind (`ueg_kernel`, `uvg_matching`).
    pub compact: usize,
}

fn claim_of(yes: bool, yes_winner: Winner) -> Claim {
    let w = if yes { yes_winner } else { yes_winner.other() };
    Claim::Winner(match w {
        Winner::First => Player::First,
        Winner::Second => Player::Second,
    })
}

/// The claim a source certificate must prove for the answer `yes`.
fn source_claim(source: &Instance, yes: bool) -> Claim {
    match source {
        Instance::Qbf(_) => Claim::Qbf(yes),
        Instance::Hampath(_) => Claim::HamPathExists,
        Instance::VertexCover(_) => Claim::CoverExists,
        Instance::Geography(_) => claim_of(yes, Winner::First),
    }
}

fn expect_refusal(r: &dyn Reduction, got: Result<Certificate, CertMapError>, what: &str) {
    match got {
        Err(CertMapError::NotConstructive(_)) => {}
        other => panic!(
            "{}: {what} is declared not constructive, got {other:?}",
            r.info().id
        ),
    }
}

/// Maps the source certificate forward, checks it; mutates it and checks that no invalid
/// mutant maps to an accepted target certificate.
fn forward(
    r: &dyn Reduction,
    (source, target): (&Instance, &Instance),
    cert: &Certificate,
    yes: bool,
    rng: &mut impl Rng,
    t: &mut Tally,
) {
    let id = r.info().id;
    if !r.cert_maps().get(true, yes).is_constructive() {
        t.refused += 1;
        return expect_refusal(r, r.forward(source, target, cert), "forward");
    }
    let mapped = r.forward(source, target, cert);
    let mapped = mapped.unwrap_or_else(|e| panic!("{id}: forward failed: {e}\n{source:?}"));
    let verdict = check(target, &mapped)
        .unwrap_or_else(|e| panic!("{id}: forward certificate rejected: {e}\n{source:?}"));
    assert_eq!(verdict.claim, claim_of(yes, r.info().yes_winner), "{id}");
    t.forward += 1;
    for bad in image_mutants(&mapped) {
        t.image_mutants += 1;
        assert!(
            check(target, &bad).is_err(),
            "{id}: a mutant of the forward image was accepted\n{source:?}"
        );
    }
    for _ in 0..3 {
        let Some(m) = mutate(source, cert, rng) else {
            continue;
        };
        if check(source, &m).is_ok() {
            continue;
        }
        t.mutants += 1;
        if let Ok(tc) = r.forward(source, target, &m)
            && check(target, &tc).is_ok()
        {
            // A kernel leaf (normal-play UEG images, docs/certificates.md) closes a position
            // of the loser without walking below it, so the map consults the mutant only
            // above the leaves: a mutant whose flaw lies below them (a different but winning
            // move above, say) maps to another image that is a valid proof of the target's
            // winner. Such images must carry leaves; anything else is still a repair.
            if tc != mapped && has_kernel_leaves(&tc) {
                t.closed_by_leaves += 1;
                continue;
            }
            // The `game_moves` walk asks once per class of positions with the same future,
            // so a mutation where no class asks (a value of a variable that no clause
            // reads, say) is never consulted: then the image is the original's, move for
            // move. Anything else accepted would be a wrong certificate repaired.
            assert_eq!(
                tc, mapped,
                "{id}: an invalid source certificate mapped to another accepted one\n{source:?}"
            );
            t.unconsulted += 1;
        }
    }
}

/// Whether `c` is a `game_moves` certificate with kernel leaves.
fn has_kernel_leaves(c: &Certificate) -> bool {
    matches!(&c.body, CertificateBody::GameMoves(m) if !m.kernels.is_empty())
}

/// Mutants of a `game_moves` image that no checker may accept: the other player named the
/// winner, the last choice dropped, a choice appended.
fn image_mutants(image: &Certificate) -> Vec<Certificate> {
    let CertificateBody::GameMoves(moves) = &image.body else {
        return Vec::new();
    };
    let with = |f: &dyn Fn(&mut GameMoves)| {
        let mut m = moves.clone();
        f(&mut m);
        Certificate::new(CertificateBody::GameMoves(m))
    };
    let mut out = vec![
        with(&|m| m.winner = m.winner.other()),
        with(&|m| m.choices.push(0)),
    ];
    if !moves.choices.is_empty() {
        out.push(with(&|m| {
            m.choices.pop();
        }));
    }
    out
}

/// Maps the target certificate backward and checks it.
fn backward(r: &dyn Reduction, (source, target): (&Instance, &Instance), yes: bool, t: &mut Tally) {
    let id = r.info().id;
    let cert = certificate(target, false).expect("a game has a certificate");
    let verdict = check(target, &cert).expect("the producer's target certificate");
    assert_eq!(
        verdict.claim,
        claim_of(yes, r.info().yes_winner),
        "{id}: answers differ"
    );
    if !r.cert_maps().get(false, yes).is_constructive() {
        t.refused += 1;
        return expect_refusal(r, r.backward(source, target, &cert), "backward");
    }
    let mapped = r.backward(source, target, &cert);
    let mapped = mapped.unwrap_or_else(|e| panic!("{id}: backward failed: {e}\n{source:?}"));
    let verdict = check(source, &mapped)
        .unwrap_or_else(|e| panic!("{id}: backward certificate rejected: {e}\n{source:?}"));
    assert_eq!(verdict.claim, source_claim(source, yes), "{id}");
    t.backward += 1;
}

/// One round trip on `source`; `yes` is the source answer to compare with, when the
/// reduction decides another question than the source certificate proves.
pub fn round_trip(r: &dyn Reduction, source: &Instance, rng: &mut impl Rng, t: &mut Tally) {
    let target = match r.reduce(source) {
        Ok(out) => out.target,
        Err(ReductionError::Precondition { .. }) => {
            t.skipped += 1;
            return;
        }
        Err(e) => panic!("{}: {e}", r.info().id),
    };
    let cert = certificate(source, true);
    if let Some(c) = &cert {
        check(source, c).expect("the producer's source certificate");
        t.compact += usize::from(matches!(c.body.kind(), "ueg_kernel" | "uvg_matching"));
    }
    let yes = cert
        .as_ref()
        .is_some_and(georeduce::reductions::certmaps::claims_yes);
    if yes {
        t.yes += 1
    } else {
        t.no += 1
    }
    if let Some(c) = &cert {
        forward(r, (source, &target), c, yes, rng, t);
    } else if r.cert_maps().get(true, false).is_constructive() {
        panic!(
            "{}: a NO answer without certificate cannot map forward",
            r.info().id
        );
    }
    backward(r, (source, &target), yes, t);
}

/// Runs `round_trip` on every source and asserts the tally: both answers in numbers, every
/// declared map exercised.
pub fn run(id: &str, sources: impl IntoIterator<Item = Instance>, seed: u64) -> Tally {
    use rand::SeedableRng;
    let r = georeduce::reductions::by_id(id).expect("registered reduction");
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut t = Tally::default();
    for s in sources {
        round_trip(r, &s, &mut rng, &mut t);
    }
    eprintln!("{id}: {t:?}");
    assert!(
        t.yes >= 20 && t.no >= 20,
        "{id}: too few YES or NO sources: {t:?}"
    );
    t
}
