//! The clang asm corpus (`silk-amdgpu/tests/data/hip/asm`, see its
//! MANIFEST.txt) in the strict emulator: every kernel against its CPU
//! reference (`asm_corpus/`, a module per source file) on every processor
//! it is built for, and every kernel run with inputs derived from its
//! signature alone, compared across processors. Skipped, saying so, when
//! the corpus is not present; `SILK_ASM_OBJECTS=DIR` points at another
//! copy.

#[path = "asm_corpus/mod.rs"]
mod corpus;

use corpus::harness::Ctx;
use corpus::{dir, manifest, references, Manifest, PROCS};
use silk_amdgpu::target::Processor;
use silk_emu::{Arg, Emulator};

/// Every manifest kernel has a reference and every reference names a
/// manifest kernel.
#[test]
fn every_corpus_kernel_has_a_cpu_reference() {
    let Some(d) = dir() else { return };
    let refs = references();
    let all = manifest(&d);
    let missing: Vec<&str> = all
        .iter()
        .map(|m| m.kernel.as_str())
        .filter(|k| !refs.iter().any(|(r, _)| r == k))
        .collect();
    let stray: Vec<&str> = refs
        .iter()
        .map(|(r, _)| *r)
        .filter(|r| !all.iter().any(|m| m.kernel == *r))
        .collect();
    assert!(
        missing.is_empty(),
        "kernels without a reference: {missing:?}"
    );
    assert!(
        stray.is_empty(),
        "references of no manifest kernel: {stray:?}"
    );
}

/// Runs every kernel built for `name` against its reference.
fn check_processor(p: Processor, name: &'static str, ws: usize) {
    let Some(d) = dir() else { return };
    let refs = references();
    let (mut checked, mut failures) = (0, Vec::new());
    for m in manifest(&d) {
        if !m.processors.iter().any(|x| x == name) {
            continue;
        }
        let Some((_, check)) = refs.iter().find(|(k, _)| *k == m.kernel) else {
            continue;
        };
        let path = format!("{d}/{}-{name}.hsaco", m.source);
        let obj = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let mut ctx = Ctx::new(p, name, ws, &m.kernel, obj);
        checked += 1;
        if let Err(e) = check(&mut ctx) {
            failures.push(format!("{} on {name}: {e}", m.kernel));
        }
    }
    eprintln!("{checked} kernels checked against their CPU reference on {name}");
    assert!(checked >= 70, "only {checked} kernels on {name}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn corpus_kernels_match_their_cpu_reference_on_gfx942() {
    check_processor(Processor::Gfx942, "gfx942", 64);
}

#[test]
fn corpus_kernels_match_their_cpu_reference_on_gfx1100() {
    check_processor(Processor::Gfx1100, "gfx1100", 32);
}

#[test]
fn corpus_kernels_match_their_cpu_reference_on_gfx1151() {
    check_processor(Processor::Gfx1151, "gfx1151", 32);
}

/// A damaged dynamic section (a relocation table outside the image, an
/// entry size that is not 24, a relocation past the image's end) is a
/// clear error, not a panic.
#[test]
fn damaged_dynamic_relocations_are_errors() {
    let Some(d) = dir() else { return };
    let obj = std::fs::read(format!("{d}/globals-gfx942.hsaco")).unwrap();
    let co = silk_amdgpu::code_object::read(&obj).unwrap();
    let dynamic = co.segments.iter().find(|s| s.p_type == 2).unwrap();
    let entry = |tag: u64| {
        (0..dynamic.filesz / 16)
            .map(|i| (dynamic.offset + i * 16) as usize)
            .find(|&at| u64::from_le_bytes(obj[at..at + 8].try_into().unwrap()) == tag)
            .unwrap()
    };
    let rela_at = u64::from_le_bytes(obj[entry(7) + 8..entry(7) + 16].try_into().unwrap());
    let mutants: [(usize, u64, &str); 3] = [
        (entry(8) + 8, 1 << 40, "not inside the loaded segments"),
        (entry(9) + 8, 16, "DT_RELAENT"),
        (rela_at as usize, 1 << 40, "outside the loaded segments"),
    ];
    for (at, v, want) in mutants {
        let mut bad = obj.clone();
        bad[at..at + 8].copy_from_slice(&v.to_le_bytes());
        let mut emu = Emulator::new(Processor::Gfx942);
        let out = emu.alloc(1024).unwrap();
        let e = emu
            .launch(
                &bad,
                "pointer_table",
                [64, 1, 1],
                [64, 1, 1],
                &[Arg::Buffer(out), Arg::Buffer(out), Arg::I32(0)],
            )
            .expect_err(want)
            .to_string();
        assert!(e.contains(want), "{e}");
    }
}

/// A deterministic value stream (splitmix64).
fn mix(seed: u64) -> u64 {
    let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Input bytes for a buffer of `ty` elements: floats in [-8, 8) on a
/// 1/256 grid (exact in f16 too; bf16 on a coarser grid), integers in
/// 1..=64 (safe as indices and divisors), bytes anything.
fn buffer_bytes(ty: &str, seed: u64, bytes: usize) -> Vec<u8> {
    let base = ty.trim_end_matches('*');
    let (width, kind) = match base {
        "double" => (8, 'f'),
        "long long" | "unsigned long long" => (8, 'i'),
        "_Float16" | "half2" | "half4" | "half16" => (2, 'h'),
        "__bf16" | "bf16x4" => (2, 'b'),
        "short" => (2, 'i'),
        "unsigned char" | "char" => (1, 'i'),
        "int" | "unsigned" => (4, 'i'),
        // float, its vectors, structs of floats.
        _ => (4, 'f'),
    };
    let mut out = Vec::with_capacity(bytes);
    for i in 0..bytes / width {
        let h = mix(seed * 1_000_003 + i as u64);
        let x = ((h % 4096) as f64 - 2048.0) / 256.0;
        match (width, kind) {
            (8, 'f') => out.extend_from_slice(&x.to_le_bytes()),
            (4, 'f') => out.extend_from_slice(&(x as f32).to_le_bytes()),
            (2, 'h') => {
                out.extend_from_slice(&silk_emu::exec::f16_from_f32(x as f32).to_le_bytes())
            }
            (2, 'b') => {
                let y = ((h % 64) as f32 - 32.0) / 4.0;
                out.extend_from_slice(&((y.to_bits() >> 16) as u16).to_le_bytes())
            }
            (1, _) => out.push(h as u8),
            (w, _) => out.extend_from_slice(&(1 + h % 64).to_le_bytes()[..w]),
        }
    }
    out
}

/// A by-value argument's bytes: sizes and counts by name (small enough
/// that every index stays in the buffers), floats 0.75, structs a
/// byte pattern.
fn scalar_bytes(kernel: &str, ty: &str, name: &str, size: usize) -> Vec<u8> {
    let int = match (kernel, name) {
        // fib(n) recursively: a depth the declared stack holds.
        ("recursive", "n") => 10,
        // n x n matrices of 16x16 tiles.
        ("matmul_tiled", "n") => 32,
        (_, "n") => 1000,
        (_, "width" | "height" | "rows" | "cols") => 32,
        (_, "nx" | "ny" | "nz") => 8,
        (_, "steps") => 2,
        _ => 5,
    };
    let mut b = match ty {
        "float" => 0.75f32.to_le_bytes().to_vec(),
        "double" => 0.75f64.to_le_bytes().to_vec(),
        "int" | "unsigned" | "char" | "short" | "long long" => (int as i64).to_le_bytes().to_vec(),
        _ => (0..size).map(|i| (i * 37 + 11) as u8).collect(),
    };
    b.resize(size, 0);
    b
}

/// Bytes of each buffer (the outputs among them) after running `m` on `p`.
fn run_manifest_kernel(
    d: &str,
    m: &Manifest,
    p: Processor,
    name: &str,
) -> Result<Vec<Vec<u8>>, String> {
    const BUFFER: usize = 64 << 10;
    let path = format!("{d}/{}-{name}.hsaco", m.source);
    let obj = std::fs::read(&path).map_err(|e| format!("{path}: {e}"))?;
    let co = silk_amdgpu::code_object::read(&obj).map_err(|e| e.to_string())?;
    let meta = co
        .metadata
        .as_ref()
        .and_then(|md| md.kernels.iter().find(|k| k.name == m.kernel))
        .ok_or("no metadata")?;
    // The launches the manifest describes for 2-D and 3-D kernels (over
    // 32x32 elements, 8^3 points); 1024 work-items in 256s otherwise.
    let (grid, block) = match m.kernel.as_str() {
        "transpose_lds" => ([32, 8, 1], [32, 8, 1]),
        "matmul_tiled" | "transpose_2d" => ([32, 32, 1], [16, 16, 1]),
        "stencil_3d" => ([8, 8, 8], [8, 8, 4]),
        _ => (
            [1024, 1, 1],
            meta.reqd_workgroup_size
                .as_ref()
                .map_or([256, 1, 1], |v| [v[0] as u32, v[1] as u32, v[2] as u32]),
        ),
    };
    let explicit: Vec<_> = meta
        .args
        .iter()
        .filter(|a| !a.value_kind.is_hidden())
        .collect();
    if explicit.len() != m.params.len() {
        return Err(format!(
            "{} arguments in the metadata, {} in the manifest",
            explicit.len(),
            m.params.len()
        ));
    }
    let mut emu = Emulator::new(p);
    let (mut args, mut buffers) = (Vec::new(), Vec::new());
    for (i, ((ty, pname), a)) in m.params.iter().zip(&explicit).enumerate() {
        if ty.ends_with('*') {
            let b = emu
                .alloc_bytes(&buffer_bytes(ty, i as u64, BUFFER))
                .map_err(|e| e.to_string())?;
            buffers.push(b);
            args.push(Arg::Buffer(b));
        } else {
            args.push(Arg::Bytes(scalar_bytes(
                &m.kernel,
                ty,
                pname,
                a.size as usize,
            )));
        }
    }
    emu.launch(&obj, &m.kernel, grid, block, &args)
        .map_err(|e| e.to_string())?;
    buffers
        .into_iter()
        .map(|b| emu.read(b).map_err(|e| e.to_string()))
        .collect()
}

/// Kernels whose results differ between gfx942 and GFX11 by definition:
/// lanes counted within a whole wave (the manifest), or a float
/// expression clang contracts differently per processor (`stencil_3d`,
/// see its reference). Compared only between gfx1100 and gfx1151.
const GFX11_ONLY_AGREE: [&str; 4] = [
    "bpermute_rotate",
    "permute_reverse",
    "broadcast_lanes",
    "stencil_3d",
];

/// Every kernel of the clang corpus (`MANIFEST.txt`) runs in the strict
/// emulator on every processor it is built for, with inputs from its
/// signature, and every processor gives the same bytes (different
/// instruction sets, different code from clang): all three, or the two
/// wave32 ones where the result differs by definition.
#[test]
fn every_corpus_kernel_runs_and_agrees_across_processors() {
    let Some(d) = dir() else { return };
    let all = manifest(&d);
    assert!(all.len() >= 70, "{} kernels in the manifest", all.len());
    let mut failures = Vec::new();
    let (mut runs, mut compared) = (0, 0);
    for m in &all {
        let mut results: Vec<(&str, Vec<Vec<u8>>)> = Vec::new();
        for (p, name, _) in PROCS {
            if !m.processors.iter().any(|x| x == name) {
                continue;
            }
            runs += 1;
            match run_manifest_kernel(&d, m, p, name) {
                Ok(r) => results.push((name, r)),
                Err(e) => failures.push(format!("{} on {name}: {e}", m.kernel)),
            }
        }
        if GFX11_ONLY_AGREE.contains(&m.kernel.as_str()) {
            // gfx1100 and gfx1151 are both wave32.
            results.retain(|(name, _)| *name != "gfx942");
        }
        if results.len() < 2 {
            continue;
        }
        compared += 1;
        let (first, want) = &results[0];
        for (name, got) in &results[1..] {
            for (i, (a, b)) in want.iter().zip(got).enumerate() {
                if a != b {
                    let at = a.iter().zip(b).position(|(x, y)| x != y).unwrap_or(0);
                    failures.push(format!(
                        "{}: buffer {i} differs between {first} and {name} from byte {at}",
                        m.kernel
                    ));
                }
            }
        }
    }
    eprintln!(
        "{runs} runs of {} kernels, {compared} compared across processors",
        all.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
