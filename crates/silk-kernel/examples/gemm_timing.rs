//! The kernel builder's tuned f16 GEMM (`recipes::tuned_gemm`: matrix
//! instructions, 64x64 (gfx942) or 64x32 (GFX11) macro tiles of 2x2 waves,
//! vector loads straight from global memory, guard-free interior tiles) and the same kernel with the HIP twin's 32x32 tiling,
//! against a straightforward tiled HIP GEMM using the same MFMA/WMMA
//! builtins compiled by clang -O3 (`benches/data/gemm_tiled.hip`), side by
//! side on the emulator's timing model, per processor: estimated time,
//! TFLOP/s, the matrix-busy fraction of peak, and the build time of each
//! kernel (ours in process, clang as a subprocess).
//!
//! `cargo run --release -p silk-kernel --example gemm_timing` runs
//! 1024x1024x1024 and 2048x2048x512; `-- M N K [M N K ...]` other shapes
//! (M, N multiples of 32, K of 16). `SAMPLE=n` (default 8) emulates every
//! n-th workgroup, which the timing model scales to the grid
//! (`Options::sample_workgroups`); the written tiles are checked against
//! an exact CPU reference. `CLANG` overrides the compiler (default
//! `clang-22`, then `clang`); `VERBOSE=1` prints the stall reports,
//! `DUMP=dir` writes our code objects there, `TILE=mt0,mt1,w0,w1,depth_k`
//! replaces the tuned tiling (exploring), `PROCS=gfx1100,...` limits the
//! processors. On GFX11 `silk-w64` is the tuned kernel in wave64.

use std::time::Instant;

use silk_amdgpu::target::Processor;
use silk_emu::{Arg, Emulator};
use silk_kernel::recipes::{gemm_abt_f16, tuned_gemm};
use silk_kernel::{CommandArguments, CommandKernel, Params};

const HIP: &str = include_str!("../benches/data/gemm_tiled.hip");

fn f16(x: f32) -> u16 {
    // Test inputs are small multiples of 1/8: exact in f16.
    let b = x.to_bits();
    if x == 0.0 {
        return 0;
    }
    let sign = ((b >> 16) & 0x8000) as u16;
    let e = ((b >> 23) & 0xff) as i32 - 127 + 15;
    sign | ((e as u16) << 10) | ((b >> 13) & 0x3ff) as u16
}

fn clang_compile(p: Processor) -> Result<(Vec<u8>, f64), String> {
    let dir = std::env::temp_dir().join(format!("silk-gemm-timing-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let src = dir.join("gemm_tiled.hip");
    let out = dir.join(format!("gemm_{}.hsaco", p.name()));
    std::fs::write(&src, HIP).map_err(|e| e.to_string())?;
    let candidates: Vec<String> = match std::env::var("CLANG") {
        Ok(c) => vec![c],
        Err(_) => vec!["clang-22".into(), "clang".into()],
    };
    for clang in candidates {
        let t = Instant::now();
        let r = std::process::Command::new(&clang)
            .args([
                "-x",
                "hip",
                "-nogpulib",
                "-nogpuinc",
                "--cuda-device-only",
                "--no-gpu-bundle-output",
                "-O3",
            ])
            .arg(format!("--offload-arch={}", p.name()))
            .arg("-o")
            .arg(&out)
            .arg(&src)
            .output();
        let secs = t.elapsed().as_secs_f64();
        if let Ok(o) = r {
            if o.status.success() {
                let bytes = std::fs::read(&out).map_err(|e| e.to_string())?;
                let _ = std::fs::remove_dir_all(&dir);
                return Ok((bytes, secs));
            }
            return Err(String::from_utf8_lossy(&o.stderr).into_owned());
        }
    }
    Err("no clang found (set CLANG)".into())
}

fn main() {
    let dims: Vec<u32> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let shapes: Vec<[u32; 3]> = if dims.len() >= 3 {
        dims.chunks_exact(3).map(|c| [c[0], c[1], c[2]]).collect()
    } else {
        vec![[1024, 1024, 1024], [2048, 2048, 512]]
    };
    let sample: u64 = std::env::var("SAMPLE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(8);
    let (cmd, [ta, tb, td]) = gemm_abt_f16();
    let explore: Option<Vec<u32>> = std::env::var("TILE").ok().and_then(|t| {
        let v: Vec<u32> = t.split(',').filter_map(|x| x.parse().ok()).collect();
        (v.len() == 5).then_some(v)
    });
    println!("f16 inputs, f32 accumulation and result; every {sample}th workgroup emulated");
    println!(
        "{:<16} {:<8} {:<8} {:>10} {:>9} {:>9} {:>10} {:>9}",
        "shape", "proc", "kernel", "est. us", "TFLOP/s", "matrix%", "build ms", "vs clang"
    );
    for [m, n, k] in shapes {
        assert!(
            m % 32 == 0 && n % 32 == 0 && k % 16 == 0,
            "M, N multiples of 32, K of 16"
        );
        let a: Vec<u16> = (0..m * k)
            .map(|i| f16(((i * 7 % 17) as f32 - 8.0) / 8.0))
            .collect();
        let b: Vec<u16> = (0..n * k)
            .map(|i| f16(((i * 5 % 13) as f32 - 6.0) / 8.0))
            .collect();
        let bytes = |v: &[u16]| v.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>();
        let flops = 2.0 * m as f64 * n as f64 * k as f64;
        let shape = format!("{m}x{n}x{k}");
        let procs = std::env::var("PROCS").unwrap_or_default();
        for p in [Processor::Gfx942, Processor::Gfx1100, Processor::Gfx1151] {
            if !procs.is_empty() && !procs.split(',').any(|x| x == p.name()) {
                continue;
            }
            let mut tuned = tuned_gemm(p);
            if let Some(t) = &explore {
                // TILE=mt0,mt1,waves0,waves1,depth_k (exploring).
                tuned.macro_tile = [t[0], t[1]];
                tuned.waves = [t[2], t[3]];
                tuned.depth_k = t[4];
            }
            // Our kernel with the HIP twin's tiling.
            let twin = Params {
                macro_tile: [32, 32],
                depth_k: 16,
                ..tuned.clone()
            };
            let (theirs, theirs_build) = match clang_compile(p) {
                Ok(x) => x,
                Err(e) => {
                    println!("{:<8} clang failed: {e}", p.name());
                    continue;
                }
            };
            let mut emu = Emulator::new(p);
            emu.options.timing = true;
            emu.options.sample_workgroups = sample;
            let ba = emu.alloc_bytes(&bytes(&a)).unwrap();
            let bb = emu.alloc_bytes(&bytes(&b)).unwrap();
            let unwritten = vec![0xffu8; (m * n * 4) as usize];
            // On GFX11 also the tuned kernel compiled for wave64.
            let wave64 = Params {
                wavefront_size: Some(64),
                ..tuned.clone()
            };
            let mut kernels = vec![("silk", &tuned), ("silk-32", &twin)];
            if p != Processor::Gfx942 {
                kernels.push(("silk-w64", &wave64));
            }
            let mut rows = vec![];
            let mut outputs = vec![];
            for (name, params) in kernels {
                let d = emu.alloc_bytes(&unwritten).unwrap();
                let t = Instant::now();
                let ours =
                    CommandKernel::new(&cmd, params, p).unwrap_or_else(|e| panic!("{p:?}: {e}"));
                let build = t.elapsed().as_secs_f64();
                if let Some(dir) = std::env::var_os("DUMP") {
                    let path =
                        std::path::Path::new(&dir).join(format!("{name}_{}.hsaco", p.name()));
                    std::fs::write(path, ours.code_object()).unwrap();
                }
                let mut args = CommandArguments::new();
                let (m, n, k) = (m as u64, n as u64, k as u64);
                args.set_tensor(&cmd, ta, ba.addr, &[m, k], &[k, 1])
                    .unwrap();
                args.set_tensor(&cmd, tb, bb.addr, &[n, k], &[k, 1])
                    .unwrap();
                args.set_tensor(&cmd, td, d.addr, &[m, n], &[n, 1]).unwrap();
                let ka = ours.kernel_arguments(&args).unwrap();
                let packed: Vec<Arg> = ka.values.iter().map(|&v| Arg::U64(v)).collect();
                let grid = ka.workgroups as u32 * ka.workgroup_size;
                let s = emu
                    .launch(
                        ours.code_object(),
                        &ours.graph().name,
                        [grid, 1, 1],
                        [ka.workgroup_size, 1, 1],
                        &packed,
                    )
                    .unwrap_or_else(|e| panic!("{p:?} ours: {e}"));
                rows.push((name, s.timing.expect("timing on"), build));
                outputs.push(d);
            }
            let wave = if p == Processor::Gfx942 { 64 } else { 32 };
            let d = emu.alloc_bytes(&unwritten).unwrap();
            let s = emu
                .launch(
                    &theirs,
                    "gemm_tiled",
                    [(m / 32) * (n / 32) * 4 * wave, 1, 1],
                    [4 * wave, 1, 1],
                    &[
                        Arg::Buffer(ba),
                        Arg::Buffer(bb),
                        Arg::Buffer(d),
                        Arg::U32(m),
                        Arg::U32(n),
                        Arg::U32(k),
                    ],
                )
                .unwrap_or_else(|e| panic!("{p:?} clang: {e}"));
            outputs.push(d);
            let clang_us = s.timing.as_ref().expect("timing on").microseconds();
            rows.push(("clang", s.timing.expect("timing on"), theirs_build));
            // Every written element is exact (small multiples of 1/8: the
            // f32 sums are exact), the others untouched.
            let mut checked = vec![];
            for d in &outputs {
                let out = emu.read(*d).unwrap();
                let mut written = 0u64;
                for (e, w) in out.chunks_exact(4).enumerate() {
                    let bits = u32::from_le_bytes([w[0], w[1], w[2], w[3]]);
                    if bits == u32::MAX {
                        continue;
                    }
                    let (i, j) = (e as u32 / n, e as u32 % n);
                    let want: f32 = (0..k)
                        .map(|x| {
                            let av = ((((i * k + x) * 7 % 17) as f32) - 8.0) / 8.0;
                            let bv = ((((j * k + x) * 5 % 13) as f32) - 6.0) / 8.0;
                            av * bv
                        })
                        .sum();
                    assert_eq!(f32::from_bits(bits), want, "{p:?} element ({i}, {j})");
                    written += 1;
                }
                checked.push(written);
            }
            for (name, t, build) in &rows {
                let us = t.microseconds();
                println!(
                    "{:<16} {:<8} {:<8} {:>10.1} {:>9.2} {:>8.1}% {:>10.1} {:>9.2}",
                    shape,
                    p.name(),
                    name,
                    us,
                    flops / (us * 1e6),
                    100.0 * t.matrix_fraction(),
                    build * 1e3,
                    us / clang_us
                );
            }
            if std::env::var_os("VERBOSE").is_some() {
                for (name, t, _) in &rows {
                    println!("{name}: {}", t.report());
                }
                println!("elements checked (silk, silk-32, [silk-w64,] clang): {checked:?}");
            }
        }
    }
}
