//! The kernel builder's f16 GEMM (matrix instructions, LDS staging,
//! prefetch) against a straightforward tiled HIP GEMM using the same
//! MFMA/WMMA builtins compiled by clang -O3 (`benches/data/gemm_tiled.hip`),
//! side by side on the emulator's timing model, per processor: estimated
//! time, TFLOP/s, the matrix-busy fraction of peak, and the build time of
//! each kernel (ours in process, clang as a subprocess).
//!
//! `cargo run --release -p silk-kernel --example gemm_timing -- 256 256 256`
//! (M N K; M, N multiples of 32, K of 16). `CLANG` overrides the compiler
//! (default `clang-22`, then `clang`).

use std::time::Instant;

use silk_amdgpu::target::Processor;
use silk_emu::{Arg, Emulator};
use silk_kernel::{Command, CommandArguments, CommandKernel, DataType, Params};

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
    let (m, n, k) = match dims.as_slice() {
        [m, n, k] => (*m, *n, *k),
        _ => (256, 256, 256),
    };
    assert!(
        m % 32 == 0 && n % 32 == 0 && k % 16 == 0,
        "M, N multiples of 32, K of 16"
    );
    // D = A * B^T-stored: A M x K row-major, B stored N x K.
    let mut cmd = Command::new();
    let ta = cmd.tensor(2, DataType::F16);
    let tb = cmd.tensor(2, DataType::F16);
    let td = cmd.tensor(2, DataType::F32);
    let la = cmd.load_tiled(ta);
    let lb = cmd.load_tiled(tb);
    let r = cmd.contraction(la, lb, false, true, None, None, None);
    cmd.store_tiled(r, td);
    let params = Params {
        matrix: Some([16, 16, 16]),
        macro_tile: [32, 32],
        waves: [2, 2],
        depth_k: 32,
        prefetch: true,
        ..Params::default()
    };
    let direct = Params {
        lds: false,
        prefetch: false,
        depth_k: 16,
        ..params.clone()
    };
    let a: Vec<u16> = (0..m * k)
        .map(|i| f16(((i * 7 % 17) as f32 - 8.0) / 8.0))
        .collect();
    let b: Vec<u16> = (0..n * k)
        .map(|i| f16(((i * 5 % 13) as f32 - 6.0) / 8.0))
        .collect();
    let bytes = |v: &[u16]| v.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>();
    let flops = 2.0 * m as f64 * n as f64 * k as f64;
    println!("GEMM {m}x{n}x{k}, f16 inputs, f32 accumulation and result");
    println!(
        "{:<8} {:<7} {:>12} {:>10} {:>9} {:>13}",
        "proc", "kernel", "est. us", "TFLOP/s", "matrix%", "build ms"
    );
    for p in [Processor::Gfx942, Processor::Gfx1100, Processor::Gfx1151] {
        let (theirs, theirs_build) = match clang_compile(p) {
            Ok(x) => x,
            Err(e) => {
                println!("{:<8} clang failed: {e}", p.name());
                continue;
            }
        };
        let mut emu = Emulator::new(p);
        emu.options.timing = true;
        let ba = emu.alloc_bytes(&bytes(&a)).unwrap();
        let bb = emu.alloc_bytes(&bytes(&b)).unwrap();
        let d_ours = emu.alloc((m * n * 4) as u64).unwrap();
        let d_theirs = emu.alloc((m * n * 4) as u64).unwrap();
        let mut rows = vec![];
        // Staged through LDS with prefetch, and straight from global
        // memory like the HIP kernel.
        for (name, params) in [("silk", &params), ("silk-gl", &direct)] {
            let t = Instant::now();
            let ours = CommandKernel::new(&cmd, params, p).unwrap_or_else(|e| panic!("{p:?}: {e}"));
            let build = t.elapsed().as_secs_f64();
            let mut args = CommandArguments::new();
            args.set_tensor(&cmd, ta, ba.addr, &[m as u64, k as u64], &[k as u64, 1])
                .unwrap();
            args.set_tensor(&cmd, tb, bb.addr, &[n as u64, k as u64], &[k as u64, 1])
                .unwrap();
            args.set_tensor(&cmd, td, d_ours.addr, &[m as u64, n as u64], &[n as u64, 1])
                .unwrap();
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
        }
        let wave = if p == Processor::Gfx942 { 64 } else { 32 };
        let s = emu
            .launch(
                &theirs,
                "gemm_tiled",
                [(m / 32) * (n / 32) * 4 * wave, 1, 1],
                [4 * wave, 1, 1],
                &[
                    Arg::Buffer(ba),
                    Arg::Buffer(bb),
                    Arg::Buffer(d_theirs),
                    Arg::U32(m),
                    Arg::U32(n),
                    Arg::U32(k),
                ],
            )
            .unwrap_or_else(|e| panic!("{p:?} clang: {e}"));
        let t_theirs = s.timing.expect("timing on");
        let t_ours = rows[0].1.clone();
        rows.push(("clang", t_theirs.clone(), theirs_build));
        let (x, y) = (emu.read(d_ours).unwrap(), emu.read(d_theirs).unwrap());
        let same = x == y;
        for (name, t, build) in &rows {
            let us = t.microseconds();
            println!(
                "{:<8} {:<7} {:>12.2} {:>10.2} {:>8.1}% {:>13.1}",
                p.name(),
                name,
                us,
                flops / (us * 1e6),
                100.0 * t.matrix_fraction(),
                build * 1e3
            );
        }
        if std::env::var_os("VERBOSE").is_some() {
            for (name, t, _) in &rows {
                println!("{name}: {}", t.report());
            }
        }
        println!(
            "{:<8} results identical: {same}; time ratio silk/clang {:.2}",
            p.name(),
            t_ours.microseconds() / t_theirs.microseconds()
        );
    }
}
