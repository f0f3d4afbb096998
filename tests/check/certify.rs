//! `check --certify`: every agreeing case carries its certificates across the reduction and
//! the independent checker judges them; a wrong certificate map is caught and shrunk like a
//! wrong reduction, and is invisible without `--certify` (the answers still agree).

use super::support::*;
use georeduce::certify::{Certificate, CertificateBody};
use georeduce::check::{CaseOptions, CertifyStatus, FailureKind, run_case_with};
use georeduce::problems::Instance;
use georeduce::reductions::{
    CertMapError, CertMaps, Reduced, Reduction, ReductionError, ReductionInfo,
};

/// A real reduction whose certificate maps are wrong: its compiled output and answers are the
/// inner reduction's, so only certificate checking can tell.
struct WrongMaps {
    inner: &'static dyn Reduction,
    info: ReductionInfo,
    /// Applied to the source certificate before the inner forward map.
    before_forward: fn(&mut Certificate),
    /// Applied to the inner backward map's result.
    after_backward: fn(&mut Certificate),
}

impl Reduction for WrongMaps {
    fn info(&self) -> &ReductionInfo {
        &self.info
    }
    fn reduce(&self, source: &Instance) -> Result<Reduced, ReductionError> {
        self.inner.reduce(source)
    }
    fn declared_size(&self, source: &Instance) -> (usize, usize) {
        self.inner.declared_size(source)
    }
    fn check_structure(&self, s: &Instance, t: &Instance) -> Result<(), String> {
        self.inner.check_structure(s, t)
    }
    fn cert_maps(&self) -> CertMaps {
        self.inner.cert_maps()
    }
    fn forward(
        &self,
        s: &Instance,
        t: &Instance,
        cert: &Certificate,
    ) -> Result<Certificate, CertMapError> {
        let mut cert = cert.clone();
        (self.before_forward)(&mut cert);
        self.inner.forward(s, t, &cert)
    }
    fn backward(
        &self,
        s: &Instance,
        t: &Instance,
        cert: &Certificate,
    ) -> Result<Certificate, CertMapError> {
        let mut mapped = self.inner.backward(s, t, cert)?;
        (self.after_backward)(&mut mapped);
        Ok(mapped)
    }
}

fn wrong_maps(
    id: &'static str,
    inner: &str,
    before_forward: fn(&mut Certificate),
    after_backward: fn(&mut Certificate),
) -> &'static dyn Reduction {
    let inner = by_id(inner);
    let info = ReductionInfo {
        id,
        provenance: "test-only wrong certificate maps",
        ..inner.info().clone()
    };
    Box::leak(Box::new(WrongMaps {
        inner,
        info,
        before_forward,
        after_backward,
    }))
}

fn unchanged(_: &mut Certificate) {}

/// Reads the Hamiltonian path backwards (wrong whenever the start is fixed and n ≥ 2).
fn reverse_path(c: &mut Certificate) {
    if let CertificateBody::Hampath(p) = &mut c.body {
        p.path.reverse();
    }
}

/// Forgets the last vertex of the cover (wrong whenever the cover was minimal).
fn drop_cover_vertex(c: &mut Certificate) {
    if let CertificateBody::VertexCover(k) = &mut c.body {
        k.cover.pop();
    }
}

fn certified(mut cfg: georeduce::check::CheckConfig) -> georeduce::check::CheckConfig {
    cfg.certify = true;
    cfg
}

#[test]
fn a_wrong_backward_map_is_caught_only_with_certify_and_shrunk() {
    let r = wrong_maps("test-reversed-path", "hampath-pvg", unchanged, reverse_path);
    let mut cfg = config(&[], 80, 5);
    cfg.reductions = vec![r];
    // The answers agree: without certificates the campaign passes.
    assert!(run(&cfg).passed());
    let report = run(&certified(cfg));
    assert_eq!(report.certify, CertifyStatus::Checked);
    let rep = &report.reductions[0];
    assert!(!rep.passed());
    let c = &rep.counterexamples[0];
    assert_eq!(c.kind, FailureKind::BackwardCertificate, "{}", c.detail);
    assert!(
        c.detail.starts_with("backward certificate: rejected"),
        "{}",
        c.detail
    );
    // Two vertices are the fewest on which a reversed path is another path.
    assert_eq!(c.measure[0], 2, "{}", c.dsl);
    let parsed = georeduce::lang::parse_str("c", &c.dsl).expect("parses");
    let options = CaseOptions {
        budget_nodes: None,
        certify: true,
        ..CaseOptions::default()
    };
    let v = run_case_with(r, &parsed.instance, options);
    assert_eq!(
        v.failure().map(|f| f.kind),
        Some(FailureKind::BackwardCertificate)
    );
    assert!(
        brute_source_answer(&parsed.instance),
        "a path exists: {}",
        c.dsl
    );
}

#[test]
fn a_wrong_forward_map_is_caught_and_shrunk() {
    let r = wrong_maps("test-short-cover", "vc-pvg", drop_cover_vertex, unchanged);
    let mut cfg = certified(config(&[], 80, 5));
    cfg.reductions = vec![r];
    let report = run(&cfg);
    let c = &report.reductions[0].counterexamples[0];
    assert_eq!(c.kind, FailureKind::ForwardCertificate, "{}", c.detail);
    assert!(c.detail.starts_with("forward certificate:"), "{}", c.detail);
    // One edge needs one cover vertex; dropping it leaves the edge uncovered.
    assert!(c.measure[0] <= 2 && c.measure[1] == 1, "{}", c.dsl);
}

#[test]
fn certified_campaigns_count_every_role_and_pass_the_real_reductions() {
    // One reduction per certificate family: QBF strategies, paths with NP NO answers (no
    // certificate, no backward map), a misère pendant, and a misère arc gadget.
    let ids = ["qbf-dvg", "hampath-pvg", "dvg-misere-dvg", "dvg-nimg"];
    let report = run(&certified(config(&ids, 60, 4)));
    for rep in &report.reductions {
        assert!(rep.passed(), "{}: {:?}", rep.id, rep.problems());
        let t = rep.total();
        let compiled = t.yes + t.no;
        let c = t.certificates;
        // Every agreeing compiled case counted each of its four certificates once.
        for (role, counts) in c.named() {
            assert_eq!(counts.total(), compiled, "{} {role}", rep.id);
        }
        assert_eq!(
            c.target.accepted, compiled,
            "{}: every target strategy",
            rep.id
        );
    }
    let hampath = &report.reductions[1].total();
    // NO answers of Hamiltonian path have no certificate, and no backward map.
    assert_eq!(hampath.certificates.source.no_certificate, hampath.no);
    assert_eq!(hampath.certificates.backward.not_constructive, hampath.no);
    assert_eq!(hampath.certificates.backward.accepted, hampath.yes);
    let nimg = &report.reductions[3].total();
    assert_eq!(nimg.certificates.forward.accepted, nimg.yes + nimg.no);
    assert_eq!(nimg.certificates.backward.accepted, nimg.yes + nimg.no);
    let summary = report.summary();
    assert!(summary.contains("certificates: source"), "{summary}");
    let json: serde_json::Value = serde_json::from_str(&report.to_json()).expect("JSON");
    assert_eq!(json["certify"], "checked");
    let counted = &json["reductions"][0]["classes"][0]["certificates"]["forward"]["accepted"];
    assert_eq!(
        counted.as_u64().map(|n| n as usize),
        Some(
            report.reductions[0].classes[0]
                .certificates
                .forward
                .accepted
        )
    );
}

#[test]
fn the_nimg_backward_map_follows_a_strategy_that_leaves_a_token_on_d() {
    // Found by `check --all --certify` and shrunk to this: player I's winning strategy in the
    // NimG game crosses the gadget of v2 -> v1 leaving a token on `d`, off the proof's regular
    // line; the backward map used to demand the regular line and failed.
    let dsl = "geography {\n  directed vertex geography\n  normal play\n  tokens: one at v2\n  \
               vertices v1 v2 v3 v4 v5\n  edges v1 -> v3, v2 -> v1, v3 -> v4, v3 -> v5\n}\n";
    let parsed = georeduce::lang::parse_str("c", dsl).expect("parses");
    let options = CaseOptions {
        budget_nodes: None,
        certify: true,
        ..CaseOptions::default()
    };
    let v = run_case_with(by_id("dvg-nimg"), &parsed.instance, options);
    let georeduce::check::Verdict::Agree { certificates, .. } = v else {
        panic!("{v:?}");
    };
    assert_eq!(certificates.backward.accepted, 1, "{certificates:?}");
}

#[test]
fn certify_answers_targets_over_the_search_budget_by_certificate() {
    // qbf-pvg at sizes up to 14 with 2,000 nodes per solver call: some target searches run
    // out, which are budget skips without --certify; with it, the forward image proves
    // their winner and no case is skipped.
    let mut cfg = config(&["qbf-pvg"], 60, 14);
    cfg.budget_nodes = Some(2_000);
    let searched = run(&cfg).reductions[0].total();
    assert!(searched.skipped_budget > 0, "{searched:?}");
    let report = run(&certified(cfg));
    let rep = &report.reductions[0];
    assert!(rep.passed(), "{:?}", rep.problems());
    let t = rep.total();
    assert_eq!(t.skipped_budget, 0, "{t:?}");
    assert!(t.yes > 0 && t.no > 0, "{t:?}");
    // Every compiled case has an accepted forward image.
    assert_eq!(t.certificates.forward.accepted, t.yes + t.no, "{t:?}");
}
