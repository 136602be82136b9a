//! The decoder must never panic on any bytes, and whatever it decodes must
//! print, re-parse and re-encode without panicking; the parser must never
//! panic on any text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use silk_amdgpu::isa::{decode, encode, parse, print};
use silk_amdgpu::target::Processor;

fuzz_target!(|data: &[u8]| {
    for p in Processor::ALL {
        for (_, inst, _) in decode::decode_all(p, data).into_iter().flatten() {
            let text = print::to_text(p, &inst);
            let _ = encode::encode(p, &inst, &mut Vec::new());
            let _ = parse::parse_inst(p, &text);
        }
        if let Ok(text) = std::str::from_utf8(data) {
            for line in text.lines() {
                if let Ok(parsed) = parse::parse_inst(p, line) {
                    let _ = encode::encode(p, &parsed.inst, &mut Vec::new());
                }
            }
        }
    }
});
