//! Differential test: every corpus kernel that silk-codegen compiles runs in
//! the emulator (`silk-emu`, strict mode) on gfx942, gfx1100 and gfx1151
//! with the corpus case's launch geometry, buffers and arguments, and
//! `Case::check` must accept the final buffers, exactly as it does for the
//! reference interpreter (`silk_gpu_ir::corpus::run_in_interpreter`).
//!
//! Kernels that do not compile for a processor are out of scope here (the
//! compile coverage is `tests/corpus.rs`). Kernels that compile but fault or
//! produce wrong results are listed in [`KNOWN_FAILURES`]; the list is a
//! ratchet in both directions: an unlisted failing pair fails the test, and
//! a listed pair that passes fails the test until it is removed from the
//! list. Each failure prints one line with its reason.

use silk_amdgpu::target::{Processor, Target};
use silk_emu::{Arg, Emulator};
use silk_gpu_ir::corpus;
use silk_gpu_ir::interp::Arg as IrArg;

const PROCESSORS: [Processor; 3] = [Processor::Gfx942, Processor::Gfx1100, Processor::Gfx1151];

/// (kernel, processor) pairs that compile but currently fail in the
/// emulator, with the observed reason. Each is a compiler or emulator bug to
/// fix; remove the entry when it passes.
const KNOWN_FAILURES: &[(&str, Processor, &str)] = &[];

/// Run one compiled kernel on one processor; `Err` is a one-line reason.
fn run(k: &corpus::CorpusKernel, p: Processor, obj: &[u8]) -> Result<(), String> {
    let case = (k.case)();
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
    emu.launch(obj, k.name, case.launch.grid, case.launch.block, &args)
        .map_err(|e| one_line(&format!("launch: {e}")))?;
    let out = bufs
        .iter()
        .map(|&b| emu.read(b))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| format!("read: {e}"))?;
    case.check(&out)
        .map_err(|e| one_line(&format!("check: {e}")))
}

fn one_line(s: &str) -> String {
    let s = s.split_whitespace().collect::<Vec<_>>().join(" ");
    if s.chars().count() > 200 {
        format!("{}...", s.chars().take(200).collect::<String>())
    } else {
        s
    }
}

#[test]
fn compiled_kernels_match_the_interpreter_in_the_emulator() {
    let mut passed = Vec::new();
    let mut problems = Vec::new();
    let mut not_compiled = Vec::new();
    let mut ran = 0;
    for k in corpus::kernels() {
        let m = k.module().unwrap();
        for p in PROCESSORS {
            let t = Target::new(p);
            let Ok(ks) = silk_codegen::compile_module(&m, &t) else {
                not_compiled.push(format!("{} {p}", k.name));
                continue;
            };
            let obj = silk_codegen::code_object(&t, &ks).unwrap();
            ran += 1;
            let result = run(&k, p, &obj);
            let listed = KNOWN_FAILURES
                .iter()
                .any(|&(n, lp, _)| n == k.name && lp == p);
            match (result, listed) {
                (Ok(()), false) => passed.push(format!("{} {p}", k.name)),
                (Ok(()), true) => problems.push(format!(
                    "{} on {p} passes now: remove it from the list KNOWN_FAILURES",
                    k.name
                )),
                (Err(why), true) => println!("known failure: {} on {p}: {why}", k.name),
                (Err(why), false) => {
                    println!("FAIL: {} on {p}: {why}", k.name);
                    problems.push(format!("{} on {p} fails: {why}", k.name));
                }
            }
        }
    }
    println!(
        "{} of {ran} compiled (kernel, processor) pairs pass:",
        passed.len()
    );
    for s in &passed {
        println!("  pass: {s}");
    }
    println!("not compiled (not run): {}", not_compiled.join(", "));
    assert!(ran > 0, "no corpus kernel compiled");
    for &(n, _, _) in KNOWN_FAILURES {
        assert!(
            corpus::find(n).is_some(),
            "KNOWN_FAILURES names {n}, which is not in the corpus"
        );
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
