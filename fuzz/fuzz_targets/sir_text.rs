//! Any input through the `.sir` parser, and whatever parses through the
//! verifier, the printer (with a round trip for verified modules) and the
//! interpreter with a small step limit. It must only ever return errors.
//!
//! cargo fuzz run -s none sir_text
#![no_main]

use libfuzzer_sys::fuzz_target;
use silk_gpu_ir::{parse_module, print_module, run_kernel_with, Launch, Memory, RunOptions};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let Ok(m) = parse_module("fuzz.sir", &text) else {
        return;
    };
    let printed = print_module(&m);
    if m.verify().is_err() {
        return;
    }
    let back = parse_module("printed.sir", &printed).expect("printed IR parses");
    assert_eq!(back, m, "parse(print(m)) == m");
    let opts = RunOptions { step_limit: 100_000 };
    for k in m.kernels() {
        let mut mem = Memory::new();
        let _ = mem.alloc(vec![0; 256]);
        let _ = run_kernel_with(&m, &k.name, &Launch::linear(4, 2), &[], &mut mem, &opts);
    }
});
