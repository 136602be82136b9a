//! Differential: the correctly rounded f32/f64 division and square-root
//! sequences are LLVM 22's. The emulator cannot check them (its
//! `v_div_fixup` returns the exact quotient whatever came before, and its
//! `v_sqrt_f32` is exact), so this compares the float instructions of our
//! code with clang's for the same HIP kernel on every processor: the
//! multiset of (mnemonic, negated sources, inline float constants), with
//! `_e32`/`_e64` dropped and `v_fmac` read as `v_fma`. Register choice,
//! order and non-float instructions are free. Skips (saying so) when
//! clang 22 is not installed.

use silk_amdgpu::target::{Processor, Target};
use silk_testsupport::llvm::tool_or_skip;
use std::process::Command;

const TEST: &str = "float_sequences_match_clang";

/// (name, HIP body, .sir body) for `o[i] = op(a[i], b[i])`.
const CASES: &[(&str, &str, &str, &str)] = &[
    ("div32", "float", "a[i] / b[i]", "%r = div %x, %y"),
    ("div64", "double", "a[i] / b[i]", "%r = div %x, %y"),
    ("sqrt32", "float", "__builtin_sqrtf(a[i])", "%r = sqrt %x"),
    ("sqrt64", "double", "__builtin_sqrt(a[i])", "%r = sqrt %x"),
];

fn hip(name: &str, ty: &str, expr: &str) -> String {
    format!(
        "extern \"C\" __attribute__((global)) void {name}({ty}* o, const {ty}* a, const {ty}* b) {{\n\
         int i = __builtin_amdgcn_workitem_id_x(); o[i] = {expr}; }}\n"
    )
}

fn sir(name: &str, ty: &str, body: &str) -> String {
    let (t, size) = if ty == "float" {
        ("f32", 4)
    } else {
        ("f64", 8)
    };
    format!(
        "kernel @{name}(%o: ptr<global>, %a: ptr<global>, %b: ptr<global>) {{\n\
         %i = workitem.id x\n  %i64 = cvt %i : u64\n  %s = const {size} : u64\n\
         %off = mul %i64, %s\n  %pa = ptradd %a, %off\n  %pb = ptradd %b, %off\n\
         %x = load %pa : {t}, align {size}\n  %y = load %pb : {t}, align {size}\n\
         {body}\n  %po = ptradd %o, %off\n  store %po, %r, align {size}\n}}\n"
    )
}

/// The float-op shapes of an assembly listing.
fn shapes(asm: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in asm.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with(['.', ';']) || line.ends_with(':') {
            continue;
        }
        let (mnemonic, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let mut m = mnemonic
            .trim_end_matches("_e32")
            .trim_end_matches("_e64")
            .to_string();
        if !(m.contains("_f32") || m.contains("_f64")) || m.starts_with("v_cvt") {
            continue;
        }
        let mut ops: Vec<&str> = rest.split(',').map(str::trim).skip(1).collect();
        if let Some(base) = m.strip_prefix("v_fmac_") {
            // v_fmac d, a, b is v_fma d, a, b, d.
            m = format!("v_fma_{base}");
            ops.push("d");
        }
        let negs = ops.iter().filter(|o| o.starts_with('-')).count();
        let mut floats: Vec<&str> = ops
            .iter()
            .map(|o| o.trim_start_matches('-'))
            .filter(|o| o.contains('.') && !o.starts_with('v'))
            .collect();
        floats.sort_unstable();
        out.push(format!("{m} neg{negs} {}", floats.join(" ")));
    }
    out.sort();
    out
}

#[test]
fn float_sequences_match_clang() {
    let Some(clang) = tool_or_skip("clang", TEST) else {
        return;
    };
    let dir = std::env::temp_dir().join(format!("silk-codegen-fseq-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut failures = Vec::new();
    let mut compared = 0;
    for p in [Processor::Gfx942, Processor::Gfx1100, Processor::Gfx1151] {
        for &(name, ty, expr, body) in CASES {
            let src = dir.join(format!("{name}.hip"));
            std::fs::write(&src, hip(name, ty, expr)).unwrap();
            let s = dir.join(format!("{name}-{}.s", p.name()));
            let out = Command::new(&clang)
                .args(["-x", "hip", "-nogpulib", "-nogpuinc", "--cuda-device-only"])
                .arg(format!("--offload-arch={}", p.name()))
                .args(["-O3", "-S", "-o"])
                .arg(&s)
                .arg(&src)
                .output()
                .unwrap();
            assert!(
                out.status.success(),
                "clang failed on {name} for {}: {}",
                p.name(),
                String::from_utf8_lossy(&out.stderr)
            );
            let theirs = shapes(&std::fs::read_to_string(&s).unwrap());
            let m = silk_gpu_ir::Module::parse_verified("seq.sir", &sir(name, ty, body)).unwrap();
            let t = Target::new(p);
            let ks = silk_codegen::compile_module(&m, &t).unwrap();
            let ours = shapes(&silk_codegen::assembly(&t, &ks));
            // The comparison is about the refinement sequence: make sure
            // the filter kept its key instruction.
            let key = match name {
                "sqrt32" => "v_sqrt_f32",
                "sqrt64" => "v_rsq_f64",
                _ => "v_div_fixup",
            };
            assert!(
                theirs.iter().any(|x| x.starts_with(key)),
                "clang's {name} for {} has no {key}: {theirs:?}",
                p.name()
            );
            if ours != theirs {
                failures.push(format!(
                    "{name} on {}:\n  ours:  {ours:?}\n  clang: {theirs:?}",
                    p.name()
                ));
            }
            compared += 1;
        }
    }
    std::fs::remove_dir_all(&dir).ok();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    eprintln!("{compared} float sequences match clang's");
}
