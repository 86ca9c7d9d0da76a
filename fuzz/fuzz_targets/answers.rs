//! Fuzzes `bodies::answers` (see there).

#![no_main]

#[allow(dead_code)]
#[path = "../../tests/integration/fuzz_corpus/bodies.rs"]
mod bodies;

libfuzzer_sys::fuzz_target!(|data: &[u8]| bodies::answers(data));
