//! Fuzz target `network`: the check `fuzz_checks::network` (tests/support/fuzz_checks.rs), which
//! tests/fuzz_regressions.rs also runs on every input saved in fuzz/regressions/network/.
#![no_main]

#[path = "../../tests/support/fuzz_checks.rs"]
mod fuzz_checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| fuzz_checks::network(data));
