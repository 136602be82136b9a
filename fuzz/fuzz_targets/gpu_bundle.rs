//! The Silk GPU bundle reader must never panic or read out of bounds,
//! whatever the input; whatever it accepts must be usable entirely.
#![no_main]

use libfuzzer_sys::fuzz_target;
use silk_runtime::{Bundle, OwnedBundle};

fuzz_target!(|data: &[u8]| {
    if let Ok(b) = Bundle::parse(data) {
        for e in b.entries() {
            assert_eq!(b.find(e.name), Some(e));
            assert_eq!(e.payload_offset % 8, 0);
        }
        let owned = OwnedBundle::from_bytes(data).expect("the same input parses again");
        assert_eq!(owned.view().entry_count(), b.entry_count());
    }
});
