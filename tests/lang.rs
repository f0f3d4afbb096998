//! Tests of the instance language: grammar, lowering, printing, QDIMACS and diagnostics.

use georeduce::lang::qdimacs;
use georeduce::problems::{Qbf, Quantifier};

#[test]
fn qdimacs_write_then_parse_is_identity_up_to_names() {
    use Quantifier::*;
    let q = Qbf::from_signed(
        &[Exists, Forall, Exists],
        &[vec![1, 2, -3], vec![-1, -2, -2], vec![2, 3, 3]],
    );
    let text = qdimacs::write(&q);
    assert_eq!(
        text,
        "p cnf 3 3\ne 1 0\na 2 0\ne 3 0\n1 2 -3 0\n-1 -2 -2 0\n2 3 3 0\n"
    );
    assert_eq!(qdimacs::parse("f.qdimacs", &text).unwrap(), q);
}
