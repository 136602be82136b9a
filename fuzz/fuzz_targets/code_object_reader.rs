//! The code-object reader, validator, bundle parser and MessagePack
//! decoder must never panic, whatever the input; whatever they accept must
//! also survive conversion back to the typed model and rewriting.
#![no_main]

use libfuzzer_sys::fuzz_target;
use silk_amdgpu::code_object::{read, validate, OffloadBundle, Value};

fuzz_target!(|data: &[u8]| {
    let _ = Value::from_bytes(data);
    if let Ok(bundle) = OffloadBundle::parse(data) {
        for e in &bundle.entries {
            let _ = bundle.extract(data, &e.id);
        }
    }
    if let Ok(parsed) = read(data) {
        let _ = validate(&parsed);
        if let Some(t) = parsed.target {
            for k in &parsed.kernels {
                let _ = k.descriptor.directives(&k.name, t.processor);
            }
        }
        if let Ok(obj) = parsed.to_code_object(data) {
            let _ = obj.to_bytes();
        }
    }
});
