//! A sample of the `silk asm` issue's clang corpus
//! (`silk-amdgpu/tests/data/hip/asm`, see its MANIFEST.txt) against CPU
//! references: cross-lane permutes, integer division sequences and 64-bit
//! math with SDWA carries. Skipped, saying so, until that corpus is on this
//! branch; `SILK_ASM_OBJECTS=DIR` points it at another copy.

use silk_amdgpu::target::Processor;
use silk_emu::{Arg, Emulator};

fn dir() -> Option<String> {
    let d = std::env::var("SILK_ASM_OBJECTS").unwrap_or_else(|_| {
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../silk-amdgpu/tests/data/hip/asm"
        )
        .to_string()
    });
    if std::path::Path::new(&d).is_dir() {
        Some(d)
    } else {
        eprintln!("skipped: the asm corpus ({d}) is not present");
        None
    }
}

const PROCS: [(Processor, &str, usize); 3] = [
    (Processor::Gfx942, "gfx942", 64),
    (Processor::Gfx1100, "gfx1100", 32),
    (Processor::Gfx1151, "gfx1151", 32),
];

fn i32s(b: &[u8]) -> Vec<i32> {
    b.chunks_exact(4)
        .map(|c| i32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}
fn u64s(b: &[u8]) -> Vec<u64> {
    b.chunks_exact(8)
        .map(|c| u64::from_le_bytes(c.try_into().unwrap()))
        .collect()
}
fn bytes_i32(v: &[i32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}
fn bytes_u64(v: &[u64]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

#[test]
fn permutes() {
    let Some(d) = dir() else { return };
    for (p, name, ws) in PROCS {
        let obj = std::fs::read(format!("{d}/bpermute-{name}.hsaco")).unwrap();
        let mut emu = Emulator::new(p);
        let input: Vec<i32> = (0..256).map(|i| i * 11 - 7).collect();
        let inp = emu.alloc_bytes(&bytes_i32(&input)).unwrap();
        let out = emu.alloc(4 * 256).unwrap();
        emu.launch(
            &obj,
            "bpermute_rotate",
            [256, 1, 1],
            [128, 1, 1],
            &[Arg::Buffer(out), Arg::Buffer(inp), Arg::I32(5)],
        )
        .unwrap();
        let got = i32s(&emu.read(out).unwrap());
        for g in 0..256 {
            let base = g - g % ws;
            assert_eq!(
                got[g],
                input[base + (g % ws + 5) % ws],
                "{name} bpermute {g}"
            );
        }
        emu.launch(
            &obj,
            "permute_reverse",
            [256, 1, 1],
            [128, 1, 1],
            &[Arg::Buffer(out), Arg::Buffer(inp)],
        )
        .unwrap();
        let got = i32s(&emu.read(out).unwrap());
        for g in 0..256 {
            let base = g - g % ws;
            assert_eq!(got[base + ws - 1 - g % ws], input[g], "{name} permute {g}");
        }
    }
}

#[test]
fn integer_division_and_i64() {
    let Some(d) = dir() else { return };
    for (p, name, _) in PROCS {
        let mut emu = Emulator::new(p);
        let n = 300usize;
        let a: Vec<i32> = (0..n as i32)
            .map(|i| (i * 7919 - 1_000_000) ^ (i << 20))
            .collect();
        let b: Vec<i32> = (0..n as i32)
            .map(|i| if i % 3 == 0 { -(i + 1) * 13 } else { i * 5 + 1 })
            .collect();
        let obj = std::fs::read(format!("{d}/ew_i32-{name}.hsaco")).unwrap();
        let (ab, bb) = (
            emu.alloc_bytes(&bytes_i32(&a)).unwrap(),
            emu.alloc_bytes(&bytes_i32(&b)).unwrap(),
        );
        let (q, r) = (
            emu.alloc(4 * n as u64).unwrap(),
            emu.alloc(4 * n as u64).unwrap(),
        );
        let args = [
            Arg::Buffer(q),
            Arg::Buffer(r),
            Arg::Buffer(ab),
            Arg::Buffer(bb),
            Arg::I32(n as i32),
        ];
        emu.launch(&obj, "ew_divmod_i32", [n as u32, 1, 1], [64, 1, 1], &args)
            .unwrap();
        let (qv, rv) = (i32s(&emu.read(q).unwrap()), i32s(&emu.read(r).unwrap()));
        for i in 0..n {
            assert_eq!(
                (qv[i], rv[i]),
                (a[i].wrapping_div(b[i]), a[i].wrapping_rem(b[i])),
                "{name} divmod {i}"
            );
        }

        let obj = std::fs::read(format!("{d}/ew_i64-{name}.hsaco")).unwrap();
        let a: Vec<u64> = (0..n as u64)
            .map(|i| i.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ (i << 33))
            .collect();
        let b: Vec<u64> = (0..n as u64).map(|i| (i * 0x1_0000_0001 + 3) | 1).collect();
        let (ab, bb) = (
            emu.alloc_bytes(&bytes_u64(&a)).unwrap(),
            emu.alloc_bytes(&bytes_u64(&b)).unwrap(),
        );
        let out = emu.alloc(8 * n as u64).unwrap();
        let args = [
            Arg::Buffer(out),
            Arg::Buffer(ab),
            Arg::Buffer(bb),
            Arg::I32(n as i32),
        ];
        emu.launch(&obj, "ew_ops_i64", [n as u32, 1, 1], [64, 1, 1], &args)
            .unwrap();
        let got = u64s(&emu.read(out).unwrap());
        for i in 0..n {
            let (x, y) = (a[i] as i64, b[i] as i64);
            let want = x
                .wrapping_mul(y)
                .wrapping_add(x >> 7)
                .wrapping_sub(y & 0xffff0000ffff) as u64;
            assert_eq!(got[i], want, "{name} ops_i64 {i}");
        }
        emu.launch(&obj, "ew_div_u64", [n as u32, 1, 1], [64, 1, 1], &args)
            .unwrap();
        let got = u64s(&emu.read(out).unwrap());
        for i in 0..n {
            assert_eq!(got[i], a[i] / b[i], "{name} div_u64 {i}");
        }
    }
}

/// `globals.hip`: a `__constant__` lookup table in `.rodata`, read
/// through `@rel32` literals that `silk asm` and lld resolve across
/// sections.
#[test]
fn globals_constant_lookup_table() {
    let Some(d) = dir() else { return };
    for (p, name, _) in PROCS {
        let obj = std::fs::read(format!("{d}/globals-{name}.hsaco")).unwrap();
        let mut emu = Emulator::new(p);
        let n = 300usize;
        let input: Vec<i32> = (0..n as i32).map(|i| (i * 7919) % 61 - 30).collect();
        let inp = emu.alloc_bytes(&bytes_i32(&input)).unwrap();
        let out = emu.alloc_bytes(&bytes_i32(&vec![-1; n])).unwrap();
        emu.launch(
            &obj,
            "square_lut",
            [n as u32, 1, 1],
            [64, 1, 1],
            &[Arg::Buffer(out), Arg::Buffer(inp), Arg::I32(n as i32)],
        )
        .unwrap();
        let got = i32s(&emu.read(out).unwrap());
        for i in 0..n {
            let k = input[i] & 15;
            assert_eq!(got[i], k * k, "{name} square_lut {i}");
        }
    }
}

/// `globals.hip`'s `count_positive`: an atomic counter in `.bss`, which
/// the loader maps writable and zero. Each launch loads the object afresh,
/// so the counter starts at zero every time.
#[test]
fn globals_atomic_counter_in_bss() {
    let Some(d) = dir() else { return };
    for (p, name, _) in PROCS {
        let obj = std::fs::read(format!("{d}/globals-{name}.hsaco")).unwrap();
        let mut emu = Emulator::new(p);
        let n = 300usize;
        let input: Vec<i32> = (0..n as i32).map(|i| (i * 7919) % 61 - 30).collect();
        let inp = emu.alloc_bytes(&bytes_i32(&input)).unwrap();
        for _launch in 0..2 {
            let out = emu.alloc_bytes(&bytes_i32(&vec![-1; n])).unwrap();
            emu.launch(
                &obj,
                "count_positive",
                [n as u32, 1, 1],
                [64, 1, 1],
                &[Arg::Buffer(out), Arg::Buffer(inp), Arg::I32(n as i32 - 10)],
            )
            .unwrap();
            let got = i32s(&emu.read(out).unwrap());
            let mut seen = Vec::new();
            for i in 0..n {
                if i < n - 10 && input[i] > 0 {
                    seen.push(got[i]);
                } else {
                    assert_eq!(got[i], -1, "{name} count_positive {i} untouched");
                }
            }
            // The old values are a permutation of 0..count.
            seen.sort_unstable();
            let want: Vec<i32> = (0..seen.len() as i32).collect();
            assert!(!want.is_empty());
            assert_eq!(seen, want, "{name} count_positive");
        }
    }
}

/// `globals.hip`'s `pointer_table`: tables of pointers to globals in
/// `.data.rel.ro` and `.data`, which hold link-time offsets until the
/// loader applies their `R_AMDGPU_RELATIVE64` relocations.
#[test]
fn globals_pointer_tables_are_relocated() {
    let Some(d) = dir() else { return };
    let lut: Vec<i32> = (0..16).map(|k| k * k).collect();
    let bias = [10, -20, 30, -40];
    for (p, name, _) in PROCS {
        let obj = std::fs::read(format!("{d}/globals-{name}.hsaco")).unwrap();
        let mut emu = Emulator::new(p);
        let n = 256usize;
        let input: Vec<i32> = (0..n as i32).map(|i| (i * 37) & 63).collect();
        let inp = emu.alloc_bytes(&bytes_i32(&input)).unwrap();
        let out = emu.alloc_bytes(&bytes_i32(&vec![-1; n])).unwrap();
        emu.launch(
            &obj,
            "pointer_table",
            [n as u32, 1, 1],
            [64, 1, 1],
            &[Arg::Buffer(out), Arg::Buffer(inp), Arg::I32(n as i32)],
        )
        .unwrap();
        let got = i32s(&emu.read(out).unwrap());
        for i in 0..n {
            let k = input[i] as usize;
            let t = (k & 1) * 8 + ((k >> 1) & 7);
            let b = ((k >> 4) & 1) * 2 + ((k >> 5) & 1);
            assert_eq!(
                got[i],
                lut[t] + bias[b],
                "{name} pointer_table {i} (k = {k})"
            );
        }
    }
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

/// One `MANIFEST.txt` line: source, processors, kernel name and its
/// parameters as (type, name).
struct Manifest {
    source: String,
    processors: Vec<String>,
    kernel: String,
    params: Vec<(String, String)>,
}

fn manifest(d: &str) -> Vec<Manifest> {
    let text = std::fs::read_to_string(format!("{d}/../MANIFEST.txt")).unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            let (kernel, rest) = f[2].split_once('(').unwrap();
            let params = rest
                .trim_end_matches(')')
                .split(',')
                .map(str::trim)
                .filter(|p| !p.is_empty())
                .map(|p| {
                    let (ty, name) = p.rsplit_once([' ', '*']).unwrap();
                    let pointer = p.contains('*');
                    let ty = ty.trim().trim_start_matches("const ").to_string();
                    (
                        if pointer { format!("{ty}*") } else { ty },
                        name.to_string(),
                    )
                })
                .collect();
            Manifest {
                // `mfma.gfx942.hip` is built as `mfma-gfx942`.
                source: f[0].split('.').next().unwrap().to_string(),
                processors: f[1].split(' ').map(String::from).collect(),
                kernel: kernel.to_string(),
                params,
            }
        })
        .collect()
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

/// Kernels whose results depend on the wavefront size by definition
/// (lanes counted within a whole wave, per the manifest): compared only
/// between processors of the same wave size.
const WAVE_SIZE_DEPENDENT: [&str; 3] = ["bpermute_rotate", "permute_reverse", "broadcast_lanes"];

/// `stencil_3d` on 8^3 points against the CPU: clang-22 rounds
/// `0.4f * in[p] + 0.1f * sum` differently per processor, so each
/// processor's bits are checked on their own. On gfx942 it multiplies both
/// terms with one `v_pk_mul_f32` and adds (three roundings); on GFX11 it
/// fuses the first product into the add (`v_fmamk_f32`).
fn stencil_3d_exact(name: &str, r: &[Vec<u8>]) -> Result<(), String> {
    let f = |b: &[u8], i: usize| f32::from_le_bytes(b[4 * i..4 * i + 4].try_into().unwrap());
    let (out, inp) = (&r[0], &r[1]);
    let n = 8;
    for z in 1..n - 1 {
        for y in 1..n - 1 {
            for x in 1..n - 1 {
                let p = (z * n + y) * n + x;
                let sum = f(inp, p - 1)
                    + f(inp, p + 1)
                    + f(inp, p - n)
                    + f(inp, p + n)
                    + f(inp, p - n * n)
                    + f(inp, p + n * n);
                let want = if name == "gfx942" {
                    0.4f32 * f(inp, p) + 0.1f32 * sum
                } else {
                    f(inp, p).mul_add(0.4, 0.1 * sum)
                };
                if f(out, p).to_bits() != want.to_bits() {
                    return Err(format!(
                        "stencil_3d on {name}: point {p}: {} != {want}",
                        f(out, p)
                    ));
                }
            }
        }
    }
    Ok(())
}

/// Every kernel of the clang corpus (`MANIFEST.txt`) runs in the strict
/// emulator on every processor it is built for, with inputs from its
/// signature, and every processor gives the same bytes (different
/// instruction sets, different code from clang): all three, or the two
/// wave32 ones where the result depends on the wave size; `stencil_3d`,
/// which clang rounds differently per processor, against the CPU.
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
        let exact = match m.kernel.as_str() {
            "stencil_3d" => Some(stencil_3d_exact as fn(&str, &[Vec<u8>]) -> Result<(), String>),
            _ => None,
        };
        if let Some(check) = exact {
            for (name, r) in &results {
                if let Err(e) = check(name, r) {
                    failures.push(e);
                }
            }
            continue;
        }
        if WAVE_SIZE_DEPENDENT.contains(&m.kernel.as_str()) {
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
