//! `silk disasm`'s byte-list reader (llvm-mc `--disassemble` text) must
//! never panic on any input, read whole or streamed in pieces, and both
//! readings must agree.
#![no_main]

use libfuzzer_sys::fuzz_target;
use silk_amdgpu::isa::byte_list;
use silk_amdgpu::target::Processor;

fuzz_target!(|data: &[u8]| {
    let whole = byte_list::parse(data);
    for p in Processor::ALL {
        let mut out = String::new();
        let streamed = byte_list::disassemble_stream(
            p,
            &mut std::io::Cursor::new(data),
            &mut out,
            1 << 12,
            |s| {
                s.clear();
                Ok::<(), std::fmt::Error>(())
            },
            |_, _| {},
        );
        if let (Ok(bytes), Ok((words, rest))) = (&whole, &streamed) {
            assert_eq!(bytes.len(), 4 * words + rest);
        }
        assert_eq!(whole.is_ok(), streamed.is_ok());
    }
});
