//! Any input through the whole Silk front end: parse, load, check and the
//! AMDGPU source-kernel analysis. It must only ever return diagnostics.
//!
//! cargo fuzz run -s none silk_front_end
#![no_main]

use libfuzzer_sys::fuzz_target;
use silk_lang::amdgpu::build_source_kernel;
use silk_lang::{Options, Session};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for nostd in [false, true] {
        let mut s = Session::new(Options { nostd, ..Default::default() });
        s.add_file("fuzz.slk", text.as_ref());
        if let Err(d) = build_source_kernel(&mut s, "gfx1100") {
            let _ = s.render(&d);
        }
    }
});
