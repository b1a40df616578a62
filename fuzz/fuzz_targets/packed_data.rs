//! Fuzz target `packed_data`: the check `fuzz_checks::packed_data` (tests/support/fuzz_checks.rs),
//! which tests/fuzz_regressions.rs also runs on every input saved in fuzz/regressions/packed_data/
//! and every seed of fuzz/corpus/packed_data/.
#![no_main]

#[path = "../../tests/support/fuzz_checks.rs"]
mod fuzz_checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| fuzz_checks::packed_data(data));
