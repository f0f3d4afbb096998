//! libFuzzer target: arbitrary bytes through georeduce::fuzzing::Target::Dsl (parse, render
//! the diagnostic or print and re-parse), which also compares the scanner's fast path for
//! graph instances with pest alone (same statements, instance or diagnostic). Only a panic
//! fails.
#![no_main]

use georeduce::fuzzing::Target;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = Target::Dsl.run(data);
});
