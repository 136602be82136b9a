//! Every operation the IR accepts, on every value type it accepts, in a
//! one-operation kernel (loads and stores with every alignment, atomics
//! and compare-exchange in global and LDS memory, every allowed `cvt`),
//! compiles for all three processors into an object the code-object
//! validator accepts. The only exceptions are the listed unsupported
//! operations, each of which must fail with `Error::Unsupported` (a ratchet:
//! one that starts compiling must leave the list). With LLVM 22 installed,
//! the assembly of all of them (one file per processor) also re-assembles
//! with llvm-mc to the same bytes. A second test runs them (all but the
//! global atomics) in the interpreter and in the emulator and compares.

use silk_amdgpu::code_object;
use silk_amdgpu::target::{Processor, Target};
use silk_gpu_ir::ir::cvt_allowed;
use silk_gpu_ir::{AtomicOp, BinOp, CmpPred, Module, Type, UnOp};
use silk_testsupport::llvm::tool_or_skip;
use std::process::Command;

const PROCESSORS: [Processor; 3] = [Processor::Gfx942, Processor::Gfx1100, Processor::Gfx1151];

/// Operations the IR accepts that the backend does not compile (yet).
const UNSUPPORTED: &[&str] = &["exp2 f64", "log2 f64"];

const VALUE_TYPES: [Type; 7] = [
    Type::I32,
    Type::U32,
    Type::I64,
    Type::U64,
    Type::F16,
    Type::F32,
    Type::F64,
];

fn size(t: Type) -> u32 {
    t.store_bytes().unwrap_or(4)
}

/// One test kernel: its text, operand type and result type.
struct Kernel {
    text: String,
    t: Type,
    rt: Type,
}

/// A kernel loading two `t` operands from `%a` (elements i and i + 1),
/// computing `body` (which defines `%r` of type `rt`) and storing `%r`
/// (a `bool` as `u32`) to element i of `%o`.
fn kernel(t: Type, body: &str, rt: Type) -> Kernel {
    let (store, r) = if rt == Type::Bool {
        ("  %ru = cvt %r : u32\n", "%ru")
    } else {
        ("", "%r")
    };
    let (sa, sr) = (size(t), size(if rt == Type::Bool { Type::U32 } else { rt }));
    let text = format!(
        "kernel @k(%a: ptr<global>, %o: ptr<global>) {{\n  %i = workitem.id x\n  %i64 = cvt %i : u64\n\
         %c = const {sa} : u64\n  %off = mul %i64, %c\n  %pa = ptradd %a, %off\n\
         %x = load %pa : {t}, align {sa}\n  %pb = ptradd %pa, %c\n  %y = load %pb : {t}, align {sa}\n\
         {body}\n{store}  %co = const {sr} : u64\n  %oo = mul %i64, %co\n  %po = ptradd %o, %oo\n\
         store %po, {r}, align {sr}\n}}\n"
    );
    Kernel { text, t, rt }
}

/// Per-lane LDS addresses: `%lp` = 16 i + 4 (4-aligned) for plain
/// accesses, `%lq` = 16 i (8-aligned) for atomics, so that lanes never
/// share an address and the results do not depend on lane order.
const LDS_LANE: &str = "  %l = lds.alloc 1040, align 8\n  %sixteen = const 16 : u32\n\
  %lo = mul %i, %sixteen\n  %four = const 4 : u32\n  %lo4 = add %lo, %four\n\
  %lp = ptradd %l, %lo4\n  %lq = ptradd %l, %lo\n";

fn cases() -> Vec<(String, Kernel)> {
    let mut out = Vec::new();
    for t in VALUE_TYPES {
        for u in UnOp::ALL.into_iter().filter(|u| u.accepts(t)) {
            let k = u.keyword();
            out.push((format!("{k} {t}"), kernel(t, &format!("  %r = {k} %x"), t)));
        }
        for b in BinOp::ALL.into_iter().filter(|b| b.accepts(t)) {
            let k = b.keyword();
            // `div`/`rem` by an odd divisor: the test only compiles, but
            // keep the kernel meaningful.
            out.push((
                format!("{k} {t}"),
                kernel(t, &format!("  %r = {k} %x, %y"), t),
            ));
        }
        for p in CmpPred::ALL.into_iter().filter(|p| p.accepts(t)) {
            let k = p.keyword();
            out.push((
                format!("cmp {k} {t}"),
                kernel(t, &format!("  %r = cmp {k} %x, %y"), Type::Bool),
            ));
        }
        out.push((
            format!("select {t}"),
            kernel(t, "  %s = cmp eq %x, %y\n  %r = select %s, %x, %y", t),
        ));
        if t.is_float() {
            out.push((format!("fma {t}"), kernel(t, "  %r = fma %x, %y, %x", t)));
        }
        for to in VALUE_TYPES.into_iter().filter(|&to| cvt_allowed(t, to)) {
            out.push((
                format!("cvt {t} to {to}"),
                kernel(t, &format!("  %r = cvt %x : {to}"), to),
            ));
        }
        out.push((
            format!("cvt bool to {t}"),
            kernel(t, &format!("  %s = cmp eq %x, %y\n  %r = cvt %s : {t}"), t),
        ));
        // Memory: every alignment up to the size, global and LDS.
        let mut align = 1;
        while align <= size(t) {
            let body = format!(
                "{LDS_LANE}  store %lp, %x, align {}\n  %lv = load %lp : {t}, align {}\n  %po1 = ptradd %o, %off\n\
                 store %po1, %lv, align {align}\n  %pu = ptradd %pa, %c\n  %r = load %pu : {t}, align {align}",
                align.min(4),
                align.min(4)
            );
            out.push((format!("load/store {t} align {align}"), kernel(t, &body, t)));
            align *= 2;
        }
        for op in AtomicOp::ALL.into_iter().filter(|op| op.accepts(t)) {
            let k = op.keyword();
            out.push((
                format!("atomic {k} {t} global"),
                kernel(t, &format!("  %r = atomic {k} %pa, %y"), t),
            ));
            out.push((
                format!("atomic {k} {t} global (old value unused)"),
                kernel(
                    t,
                    &format!("  %u = atomic {k} %pa, %y\n  %r = add %x, %y"),
                    t,
                ),
            ));
            // The old value and the memory after the operation, combined.
            let combine = if t.is_float() { "add" } else { "xor" };
            out.push((
                format!("atomic {k} {t} lds"),
                kernel(
                    t,
                    &format!(
                        "{LDS_LANE}  store %lq, %x, align {sz}\n  %r0 = atomic {k} %lq, %y\n\
                         %r1 = load %lq : {t}, align {sz}\n  %r = {combine} %r0, %r1",
                        sz = size(t)
                    ),
                    t,
                ),
            ));
        }
        if t.is_int() {
            out.push((
                format!("cmpxchg {t} global"),
                kernel(t, "  %r = cmpxchg %pa, %x, %y", t),
            ));
            out.push((
                format!("cmpxchg {t} lds"),
                kernel(
                    t,
                    &format!(
                        "{LDS_LANE}  store %lq, %x, align {sz}\n  %r0 = cmpxchg %lq, %x, %y\n\
                         %r1 = load %lq : {t}, align {sz}\n  %r = xor %r0, %r1",
                        sz = size(t)
                    ),
                    t,
                ),
            ));
        }
    }
    out
}

#[test]
fn every_accepted_operation_compiles() {
    let mut failures = Vec::new();
    let mut compiled = 0;
    let mut unsupported_seen = Vec::new();
    let all = cases();
    let mut per_processor: Vec<Vec<silk_codegen::CompiledKernel>> = vec![Vec::new(); 3];
    for (idx, (name, k)) in all.iter().enumerate() {
        // Unique kernel names, so that one assembly file can hold them all.
        let text = k.text.replace("kernel @k(", &format!("kernel @k{idx}("));
        let m = match Module::parse_verified("op.sir", &text) {
            Ok(m) => m,
            // A combination the IR rejects (e.g. `add` on an unused mix)
            // is not a backend case.
            Err(e) => {
                failures.push(format!("{name}: test kernel does not verify: {e}\n{text}"));
                continue;
            }
        };
        for (pi, p) in PROCESSORS.into_iter().enumerate() {
            let t = Target::new(p);
            match silk_codegen::compile_module(&m, &t) {
                Ok(ks) => {
                    per_processor[pi].extend(ks.iter().cloned());
                    let bytes = silk_codegen::code_object(&t, &ks).unwrap();
                    let issues = code_object::validate(&code_object::read(&bytes).unwrap());
                    if !issues.is_empty() {
                        failures.push(format!("{name} on {}: validator: {issues:?}", p.name()));
                    }
                    if UNSUPPORTED.contains(&name.as_str()) {
                        failures.push(format!(
                            "{name} compiles on {} now: remove it from UNSUPPORTED",
                            p.name()
                        ));
                    }
                    compiled += 1;
                }
                Err(why)
                    if UNSUPPORTED.contains(&name.as_str())
                        && matches!(
                            why.without_context(),
                            silk_codegen::Error::Unsupported { .. }
                        ) =>
                {
                    unsupported_seen.push(format!("{name} on {}: {why}", p.name()));
                }
                Err(e) => failures.push(format!("{name} on {}: {e}", p.name())),
            }
        }
    }
    for u in UNSUPPORTED {
        assert!(
            all.iter().any(|(n, _)| n == u),
            "UNSUPPORTED names {u}, which is not a case"
        );
    }
    eprintln!(
        "{compiled} (operation, processor) kernels compiled; unsupported as listed: {unsupported_seen:#?}"
    );
    assert!(compiled > 0);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    reassemble(&per_processor);
}

/// `--emit asm` of every compiled kernel, one file per processor, through
/// llvm-mc: the `.text` must be our code, each kernel padded to the
/// 256-byte alignment the listing asks for with `s_nop 0` (llvm-mc's code
/// fill).
fn reassemble(per_processor: &[Vec<silk_codegen::CompiledKernel>]) {
    const TEST: &str = "every_accepted_operation_compiles (llvm-mc)";
    let Some(mc) = tool_or_skip("llvm-mc", TEST) else {
        return;
    };
    let Some(objcopy) = tool_or_skip("llvm-objcopy", TEST) else {
        return;
    };
    let dir = std::env::temp_dir().join(format!("silk-codegen-ops-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (p, ks) in PROCESSORS.into_iter().zip(per_processor) {
        let t = Target::new(p);
        let s = dir.join(format!("ops-{}.s", p.name()));
        let o = s.with_extension("o");
        let bin = s.with_extension("bin");
        std::fs::write(&s, silk_codegen::assembly(&t, ks)).unwrap();
        let out = Command::new(&mc)
            .args(["-triple=amdgcn-amd-amdhsa", &format!("-mcpu={}", p.name())])
            .args(["-filetype=obj", "-o"])
            .arg(&o)
            .arg(&s)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "llvm-mc rejected the {} listing {}:\n{}",
            p.name(),
            s.display(),
            String::from_utf8_lossy(&out.stderr)
        );
        let st = Command::new(&objcopy)
            .args(["-O", "binary", "--only-section=.text"])
            .arg(&o)
            .arg(&bin)
            .status()
            .unwrap();
        assert!(st.success());
        let theirs = std::fs::read(&bin).unwrap();
        let mut ours = Vec::new();
        for (i, k) in ks.iter().enumerate() {
            if i > 0 {
                while ours.len() % 256 != 0 {
                    ours.extend_from_slice(&0xbf80_0000u32.to_le_bytes());
                }
            }
            ours.extend_from_slice(&k.code);
        }
        if theirs != ours {
            let at = theirs.iter().zip(&ours).position(|(a, b)| a != b);
            let kernel = at.and_then(|at| {
                let mut start = 0usize;
                ks.iter().find(|k| {
                    start = start.next_multiple_of(256) + k.code.len();
                    start > at
                })
            });
            panic!(
                "{}: llvm-mc's bytes differ from ours at {at:?} (kernel {:?}; ours {} bytes, theirs {}); see {}",
                p.name(),
                kernel.map(|k| &k.name),
                ours.len(),
                theirs.len(),
                s.display()
            );
        }
        eprintln!(
            "{}: {} kernels re-assembled to identical bytes",
            p.name(),
            ks.len()
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// Inputs for operands of type `t`: 65 values (lane i reads elements i and
/// i + 1) mixing extremes, small values and specials. Integers are never
/// zero (so `div`/`rem` are defined); f16 values are normal or zero (the
/// emulator widens subnormal f16 values wrongly, see `tests/emulator.rs`).
fn inputs(t: Type) -> Vec<u8> {
    let mut s = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s
    };
    let mut out = Vec::new();
    for i in 0..65u64 {
        let r = next();
        match t {
            Type::I32 | Type::U32 => {
                let v = match i % 5 {
                    0 => [i32::MIN as u32, i32::MAX as u32, u32::MAX, 1, 7][(i / 5 % 5) as usize],
                    1 => (r % 17) as u32 + 1,
                    _ => r as u32 | 1,
                };
                out.extend_from_slice(&v.to_le_bytes());
            }
            Type::I64 | Type::U64 => {
                let v = match i % 5 {
                    0 => [i64::MIN as u64, i64::MAX as u64, u64::MAX, 1, 7][(i / 5 % 5) as usize],
                    1 => r % 17 + 1,
                    2 => (r >> 33) | 1,
                    _ => r | 1,
                };
                out.extend_from_slice(&v.to_le_bytes());
            }
            _ => {
                let specials = [
                    0.0,
                    -0.0,
                    f64::INFINITY,
                    f64::NEG_INFINITY,
                    f64::NAN,
                    1e10,
                    -3e9,
                ];
                let nice = ((r % 200_001) as f64 - 100_000.0) / 64.0;
                let v = if i % 6 == 0 {
                    specials[(i / 6) as usize % specials.len()]
                } else {
                    nice
                };
                match t {
                    Type::F16 => out.extend_from_slice(
                        &silk_gpu_ir::eval::f64_to_f16(if i % 6 == 0 && v.abs() == 1e10 {
                            v
                        } else {
                            v / 16.0
                        })
                        .to_le_bytes(),
                    ),
                    Type::F32 => out.extend_from_slice(&(v as f32).to_le_bytes()),
                    _ => out.extend_from_slice(&v.to_le_bytes()),
                }
            }
        }
    }
    out
}

fn typed(t: Type, bytes: &[u8]) -> silk_testsupport::corpus::Data {
    use silk_gpu_ir::interp::from_bytes;
    use silk_testsupport::corpus::Data;
    match t {
        Type::I32 => Data::I32(from_bytes(bytes)),
        Type::I64 => Data::I64(from_bytes(bytes)),
        Type::U64 => Data::U64(from_bytes(bytes)),
        Type::F16 => Data::F16(from_bytes(bytes)),
        Type::F32 => Data::F32(from_bytes(bytes)),
        Type::F64 => Data::F64(from_bytes(bytes)),
        _ => Data::U32(from_bytes(bytes)),
    }
}

/// Every case but the global atomics (whose lanes update elements their
/// neighbours read, so the result would depend on wave order), run on 64
/// lanes in the interpreter and, compiled, in the emulator in strict mode
/// on every processor: the outputs must agree (bit-exact, NaN matching
/// NaN; `rcp`, `exp2`, `log2` within 2 ulp as the IR allows).
#[test]
fn operations_match_the_interpreter_in_the_emulator() {
    use silk_gpu_ir::interp::{run_kernel, Arg, Launch, Memory};
    let mut failures = Vec::new();
    let mut ran = 0;
    for (name, k) in cases() {
        let global_atomic =
            (name.starts_with("atomic") || name.starts_with("cmpxchg")) && name.contains("global");
        if global_atomic || UNSUPPORTED.contains(&name.as_str()) {
            continue;
        }
        let m = Module::parse_verified("op.sir", &k.text).unwrap();
        let input = inputs(k.t);
        let out_size = 64 * size(if k.rt == Type::Bool { Type::U32 } else { k.rt }) as usize;
        let mut mem = Memory::new();
        mem.alloc(input.clone()).unwrap();
        mem.alloc(vec![0; out_size]).unwrap();
        let args = [Arg::Buffer(0), Arg::Buffer(1)];
        if let Err(e) = run_kernel(&m, "k", &Launch::linear(64, 64), &args, &mut mem) {
            failures.push(format!("{name}: interpreter: {e}"));
            continue;
        }
        let approx = ["rcp", "exp2", "log2"].iter().any(|p| name.starts_with(p));
        let want = silk_testsupport::corpus::Expect {
            buffer: 1,
            data: typed(k.rt, &mem.buffers()[1]),
            ulps: if approx { 2 } else { 0 },
        };
        for p in PROCESSORS {
            let t = Target::new(p);
            let ks = silk_codegen::compile_module(&m, &t).unwrap();
            let obj = silk_codegen::code_object(&t, &ks).unwrap();
            let mut emu = silk_emu::Emulator::new(p);
            emu.options.strict = true;
            let a = emu.alloc_bytes(&input).unwrap();
            let o = emu.alloc_bytes(&vec![0; out_size]).unwrap();
            let eargs = [silk_emu::Arg::Buffer(a), silk_emu::Arg::Buffer(o)];
            if let Err(e) = emu.launch(&obj, "k", [64, 1, 1], [64, 1, 1], &eargs) {
                failures.push(format!("{name} on {}: emulator: {e}", p.name()));
                continue;
            }
            let got = emu.read(o).unwrap();
            if let Err(e) = want.check(&got) {
                failures.push(format!("{name} on {}: {e}", p.name()));
            }
            ran += 1;
        }
    }
    eprintln!("{ran} (operation, processor) runs agree with the interpreter");
    assert!(ran > 0);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
