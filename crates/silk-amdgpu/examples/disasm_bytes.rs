//! `silk disasm --target P FILE` for a byte list, without the rest of the
//! toolchain: a small binary to profile disassembly with (`cargo build
//! --profile profiling -p silk-amdgpu --example disasm_bytes`, then
//! `valgrind --tool=callgrind`).
//!
//!     disasm_bytes PROCESSOR FILE

use silk_amdgpu::isa::byte_list;
use silk_amdgpu::target::Target;
use std::io::Write;

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().collect();
    let [_, target, file] = &args[..] else {
        return Err("usage: disasm_bytes PROCESSOR FILE".into());
    };
    let target = Target::parse(target).map_err(|e| e.to_string())?;
    let mut input = std::fs::File::open(file).map_err(|e| format!("{file}: {e}"))?;
    let mut out = String::with_capacity(1 << 17);
    let mut stdout = std::io::stdout().lock();
    let mut bad = 0;
    let (_, trailing) = byte_list::disassemble_stream(
        target.processor,
        &mut input,
        &mut out,
        1 << 16,
        |out| {
            let r = stdout.write_all(out.as_bytes());
            out.clear();
            r
        },
        |_, _| bad += 1,
    )
    .map_err(|e| format!("{file}: {e}"))?;
    if bad > 0 || trailing > 0 {
        return Err(format!(
            "{bad} undecodable word(s), {trailing} trailing byte(s)"
        ));
    }
    Ok(())
}
