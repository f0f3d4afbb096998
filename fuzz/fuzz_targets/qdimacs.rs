//! libFuzzer target: arbitrary bytes through georeduce::fuzzing::Target::Qdimacs (parse, render
//! the diagnostic or print and re-parse; certificates are checked). Only a panic fails.
#![no_main]

use georeduce::fuzzing::Target;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = Target::Qdimacs.run(data);
});
