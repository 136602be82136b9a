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
