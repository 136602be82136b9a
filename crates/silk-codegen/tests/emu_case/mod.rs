//! Run a corpus [`Case`] on a code object in the emulator (strict mode) and
//! check the final buffers the way the interpreter's results are checked;
//! compile a HIP twin with clang.

#![allow(dead_code)]

use silk_amdgpu::target::Processor;
use silk_emu::timing::Timing;
use silk_emu::{Arg, Emulator, Stats};
use silk_gpu_ir::interp::Arg as IrArg;
use silk_testsupport::corpus::Case;
use std::path::Path;
use std::process::Command;

/// Launch `kernel` of `obj` with the case's geometry, buffers and
/// arguments; the final contents of every buffer, or a one-line reason.
pub fn run(case: &Case, kernel: &str, p: Processor, obj: &[u8]) -> Result<Vec<Vec<u8>>, String> {
    run_with(case, kernel, p, obj, false).map(|(out, _)| out)
}

/// [`run`] in the emulator's timing mode, then `Case::check`: the
/// estimated timing of the launch.
pub fn run_timed(case: &Case, kernel: &str, p: Processor, obj: &[u8]) -> Result<Timing, String> {
    let (out, stats) = run_with(case, kernel, p, obj, true)?;
    case.check(&out)
        .map_err(|e| one_line(&format!("check: {e}")))?;
    stats.timing.ok_or_else(|| "no timing estimate".to_string())
}

fn run_with(
    case: &Case,
    kernel: &str,
    p: Processor,
    obj: &[u8],
    timing: bool,
) -> Result<(Vec<Vec<u8>>, Stats), String> {
    let mut emu = Emulator::new(p);
    emu.options.strict = true;
    emu.options.timing = timing;
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
    let stats = emu
        .launch(obj, kernel, case.launch.grid, case.launch.block, &args)
        .map_err(|e| one_line(&format!("launch: {e}")))?;
    let out = bufs
        .iter()
        .map(|&b| emu.read(b))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| format!("read: {e}"))?;
    Ok((out, stats))
}

/// Runs clang-22 -O3 on `hip` as device code for `p` with `extra`
/// arguments; its standard output.
fn clang_device(clang: &Path, hip: &Path, p: Processor, extra: &[&str]) -> Result<Vec<u8>, String> {
    let o = Command::new(clang)
        .args([
            "-x",
            "hip",
            "-nogpulib",
            "-nogpuinc",
            "--cuda-device-only",
            "-O3",
        ])
        .arg(format!("--offload-arch={}", p.name()))
        .arg(hip)
        .args(extra)
        .output()
        .map_err(|e| format!("cannot run clang: {e}"))?;
    if !o.status.success() {
        return Err(one_line(&String::from_utf8_lossy(&o.stderr)));
    }
    Ok(o.stdout)
}

/// Compile `hip` for `p` with clang-22 -O3 into a code object.
pub fn clang_compile(clang: &Path, hip: &Path, p: Processor, out: &Path) -> Result<(), String> {
    let out = out.to_str().ok_or("output path is not UTF-8")?;
    clang_device(clang, hip, p, &["--no-gpu-bundle-output", "-o", out]).map(drop)
}

/// The assembly listing clang-22 -O3 makes of `hip` for `p`.
pub fn clang_listing(clang: &Path, hip: &Path, p: Processor) -> Result<String, String> {
    let listing = clang_device(clang, hip, p, &["-S", "-o", "-"])?;
    Ok(String::from_utf8_lossy(&listing).into_owned())
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
