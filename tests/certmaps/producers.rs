//! Certificates of source and target instances for the tests, made by the solvers'
//! certificate builders (`solvers::certificates`: one exhaustive-search session per game,
//! residual solving for QBF). Whatever they produce is run through `certify::check` before it
//! is used, so a producer bug shows up as a failed check, not as a false pass. Sources get
//! compact certificates where they exist (so the maps meet `ueg_kernel` too), targets always
//! a winning strategy.

use georeduce::certify::Certificate;
use georeduce::problems::Instance;
use georeduce::solvers::Budget;
use georeduce::solvers::certificates::{GameCertificate, certify_instance_with};

/// A certificate of any instance; `None` for a NO instance of an NP problem (which has none).
pub fn certificate(inst: &Instance, compact: bool) -> Option<Certificate> {
    let style = match compact {
        true => GameCertificate::Auto,
        false => GameCertificate::Strategy,
    };
    let (_, cert) = certify_instance_with(inst, &Budget::unlimited(), style).expect("solvable");
    cert
}
