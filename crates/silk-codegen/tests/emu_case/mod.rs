//! Run a corpus [`Case`] on a code object in the emulator (strict mode) and
//! check the final buffers the way the interpreter's results are checked.

#![allow(dead_code)]

use silk_amdgpu::target::Processor;
use silk_emu::{Arg, Emulator};
use silk_gpu_ir::interp::Arg as IrArg;
use silk_testsupport::corpus::Case;

/// Launch `kernel` of `obj` with the case's geometry, buffers and
/// arguments; the final contents of every buffer, or a one-line reason.
pub fn run(case: &Case, kernel: &str, p: Processor, obj: &[u8]) -> Result<Vec<Vec<u8>>, String> {
    let mut emu = Emulator::new(p);
    emu.options.strict = true;
    let bufs = case
        .buffers
        .iter()
        .map(|b| emu.alloc_bytes(b))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| format!("alloc: {e}"))?;
    let args = case
        .args
        .iter()
        .map(|a| match *a {
            IrArg::I32(v) => Arg::I32(v),
            IrArg::U32(v) => Arg::U32(v),
            IrArg::I64(v) => Arg::I64(v),
            IrArg::U64(v) => Arg::U64(v),
            IrArg::F16(bits) => Arg::Bytes(bits.to_le_bytes().to_vec()),
            IrArg::F32(v) => Arg::F32(v),
            IrArg::F64(v) => Arg::F64(v),
            IrArg::Ptr(addr) => Arg::U64(addr),
            IrArg::Buffer(i) => Arg::Buffer(bufs[i]),
        })
        .collect::<Vec<_>>();
    emu.launch(obj, kernel, case.launch.grid, case.launch.block, &args)
        .map_err(|e| one_line(&format!("launch: {e}")))?;
    bufs.iter()
        .map(|&b| emu.read(b))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| format!("read: {e}"))
}

/// [`run`], then `Case::check`.
pub fn run_and_check(case: &Case, kernel: &str, p: Processor, obj: &[u8]) -> Result<(), String> {
    let out = run(case, kernel, p, obj)?;
    case.check(&out)
        .map_err(|e| one_line(&format!("check: {e}")))
}

pub fn one_line(s: &str) -> String {
    let s = s.split_whitespace().collect::<Vec<_>>().join(" ");
    if s.chars().count() > 200 {
        format!("{}...", s.chars().take(200).collect::<String>())
    } else {
        s
    }
}
