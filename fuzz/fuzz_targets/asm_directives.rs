//! The assembler's statement, directive, expression, `.amdhsa_kernel` and
//! YAML metadata parsers must never panic: any text gives an object or
//! diagnostics. Instructions go to an empty encoding table, so the fuzzer
//! spends its time in the directive layer.
#![no_main]

use libfuzzer_sys::fuzz_target;
use silk_amdgpu::asm::{assemble_file_with, EncodingTable};
use silk_amdgpu::target::{Processor, Target};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let table = EncodingTable::new();
    let _ = assemble_file_with(text, "fuzz.s", None, &table);
    // The same text with a target already chosen reaches kernel blocks
    // and metadata without needing `.amdgcn_target`.
    let t = Target::new(Processor::Gfx942);
    let _ = assemble_file_with(text, "fuzz.s", Some(t), &table);
});
