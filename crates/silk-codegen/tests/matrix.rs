//! MFMA and WMMA through the compiler: every tile kernel of
//! `silk-gpu-ir/tests/data/matrix` (one tile per wave, a K loop) compiled
//! for each processor that has its unit and wave size, run in the strict
//! emulator (hazards and wait counts checked), compared bit for bit with
//! the interpreter and with the CPU reference; and the HIP twins of
//! two of them (tests/data/matrix_hip, `__builtin_amdgcn_mfma_*` /
//! `__builtin_amdgcn_wmma_*`) compiled by clang-22, whose emulator
//! results must be the same bits.

mod emu_case;

use silk_amdgpu::target::{Processor, Target};
use silk_emu::{Arg, Emulator, Stats};
use silk_gpu_ir::interp::Arg as IrArg;
use silk_gpu_ir::{run_kernel, Elem, Launch, MatrixOp, MatrixUnit, Memory, Module};
use silk_testsupport::llvm::tool_or_skip;
use silk_testsupport::matrix::{check_lane_major, module, tile_for, tile_kernels, zeros, Tile};

/// The compilations an operation runs on: MFMA on gfx942, WMMA on both
/// GFX11 processors at the operation's wave size (`.w32` or `.w64`).
fn targets(op: MatrixOp) -> Vec<Target> {
    let ps: &[Processor] = match (op.unit(), op.wave_size()) {
        (MatrixUnit::Mfma, _) => &[Processor::Gfx942],
        (MatrixUnit::Wmma, _) => &[Processor::Gfx1100, Processor::Gfx1151],
    };
    ps.iter()
        .map(|&p| Target::new(p).with_wavefront_size(op.wave_size()).unwrap())
        .collect()
}

fn only(m: &Module, kernel: &str) -> Module {
    Module {
        functions: vec![m.function(kernel).unwrap().clone()],
    }
}

/// Compile `m` for `t` and run `kernel` in the emulator (strict) with
/// `bufs` and `args`; the final buffers.
fn emulate(
    t: &Target,
    m: &Module,
    kernel: &str,
    threads: u32,
    bufs: &[Vec<u8>],
    args: &[IrArg],
) -> Result<Vec<Vec<u8>>, String> {
    let ks = silk_codegen::compile_module(m, t).map_err(|e| e.to_string())?;
    let obj = silk_codegen::code_object(t, &ks).map_err(|e| e.to_string())?;
    emulate_obj(t.processor, &obj, kernel, threads, bufs, args)
        .map(|(out, _)| out)
        .map_err(|e| format!("{e}\n{}", silk_codegen::assembly(t, &ks)))
}

/// Run `kernel` of code object `obj` in the strict emulator.
fn emulate_obj(
    p: Processor,
    obj: &[u8],
    kernel: &str,
    threads: u32,
    bufs: &[Vec<u8>],
    args: &[IrArg],
) -> Result<(Vec<Vec<u8>>, Stats), String> {
    let mut emu = Emulator::new(p);
    emu.options.strict = true;
    let ids: Vec<_> = bufs.iter().map(|b| emu.alloc_bytes(b).unwrap()).collect();
    let args: Vec<Arg> = args
        .iter()
        .map(|a| match *a {
            IrArg::Buffer(i) => Arg::Buffer(ids[i]),
            IrArg::U32(v) => Arg::U32(v),
            IrArg::F32(v) => Arg::F32(v),
            _ => unreachable!("the tile kernels take buffers, u32 and f32"),
        })
        .collect();
    let stats = emu
        .launch(obj, kernel, [threads, 1, 1], [threads, 1, 1], &args)
        .map_err(|e| e.to_string())?;
    Ok((ids.iter().map(|&b| emu.read(b).unwrap()).collect(), stats))
}

fn interpret(
    m: &Module,
    kernel: &str,
    threads: u32,
    bufs: &[Vec<u8>],
    args: &[IrArg],
) -> Vec<Vec<u8>> {
    let mut mem = Memory::new();
    for b in bufs {
        mem.alloc(b.clone()).unwrap();
    }
    run_kernel(m, kernel, &Launch::linear(threads, threads), args, &mut mem).unwrap();
    mem.buffers().to_vec()
}

#[test]
fn tile_kernels_match_the_interpreter_and_the_cpu_on_every_processor() {
    let mut ran = 0;
    for k in tile_kernels() {
        let m = only(&module(k.file), k.kernel);
        let steps = 3;
        let (tile, out) = tile_for(k.op, steps);
        let e = k.op.input();
        let bufs = vec![
            Tile::bytes(&tile.a, e),
            Tile::bytes(&tile.bt, e),
            zeros(out),
        ];
        let args = [
            IrArg::Buffer(0),
            IrArg::Buffer(1),
            IrArg::Buffer(2),
            IrArg::U32(steps as u32),
        ];
        let ws = k.op.wave_size();
        let want = interpret(&m, k.kernel, ws, &bufs, &args);
        check_lane_major(k.op, &tile, &want[2]).unwrap();
        for t in targets(k.op) {
            let got = emulate(&t, &m, k.kernel, ws, &bufs, &args)
                .unwrap_or_else(|e| panic!("{} on {} wave{ws}: {e}", k.kernel, t.processor));
            check_lane_major(k.op, &tile, &got[2])
                .unwrap_or_else(|e| panic!("{} on {}: {e}", k.kernel, t.processor));
            assert_eq!(got[2], want[2], "{} on {}", k.kernel, t.processor);
            ran += 1;
        }
    }
    // 6 MFMA kernels on gfx942, 2 wave32 and 2 wave64 WMMA kernels on two
    // processors.
    assert_eq!(ran, 14);
}

#[test]
fn vectors_built_from_scalars_compile_for_gfx942() {
    let m = module("mfma_build.sir");
    let steps = 2;
    let tile = Tile::new(16, 16, 16 * steps, 5);
    let bufs = vec![
        Tile::bytes(&tile.a, Elem::F16),
        tile.b_rows(Elem::F16),
        zeros(16 * 16 * 4),
    ];
    let args = [
        IrArg::Buffer(0),
        IrArg::Buffer(1),
        IrArg::Buffer(2),
        IrArg::U32(steps as u32),
        IrArg::F32(-1.5),
    ];
    let want = interpret(&m, "mfma_build", 64, &bufs, &args);
    let got = emulate(
        &Target::new(Processor::Gfx942),
        &m,
        "mfma_build",
        64,
        &bufs,
        &args,
    )
    .unwrap();
    assert_eq!(got[2], want[2]);
    let d: Vec<f32> = silk_gpu_ir::interp::from_bytes(&got[2]);
    let expect: Vec<f32> = tile.d.iter().map(|x| x * -1.5).collect();
    assert_eq!(d, expect);
}

#[test]
fn a_matrix_operation_the_processor_lacks_is_a_clear_error() {
    let m = only(&module("mfma_tiles.sir"), "mfma_f32_16x16x16_f16");
    let e = silk_codegen::compile_module(&m, &Target::new(Processor::Gfx1100))
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("`mfma.f32.16x16x16.f16` needs MFMA (v_mfma_*) matrix instructions, which gfx1100 lacks"),
        "{e}"
    );
    let m = only(&module("wmma_tiles.sir"), "wmma_f32_16x16x16_f16_w64");
    let e = silk_codegen::compile_module(&m, &Target::new(Processor::Gfx1151))
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("is a wave64 operation, but the kernel is compiled for wave32 on gfx1151"),
        "{e}"
    );
    let m = only(&module("wmma_tiles.sir"), "wmma_f32_16x16x16_f16_w32");
    let t = Target::new(Processor::Gfx1100)
        .with_wavefront_size(64)
        .unwrap();
    let e = silk_codegen::compile_module(&m, &t)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("is a wave32 operation, but the kernel is compiled for wave64 on gfx1100"),
        "{e}"
    );
}

#[test]
fn clang_builtin_twins_give_the_same_bits_in_the_emulator() {
    let name = "clang_builtin_twins_give_the_same_bits_in_the_emulator";
    let Some(clang) = tool_or_skip("clang", name) else {
        return;
    };
    let dir = std::env::temp_dir().join(format!("silk-matrix-hip-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/matrix_hip");
    let mut ran = 0;
    for k in tile_kernels() {
        let hip = match k.op.unit() {
            MatrixUnit::Mfma => "mfma_tile.hip",
            MatrixUnit::Wmma => "wmma_tile.hip",
        };
        let m = only(&module(k.file), k.kernel);
        let steps = 4;
        let (tile, out) = tile_for(k.op, steps);
        let e = k.op.input();
        let bufs = vec![
            Tile::bytes(&tile.a, e),
            Tile::bytes(&tile.bt, e),
            zeros(out),
        ];
        let args = [
            IrArg::Buffer(0),
            IrArg::Buffer(1),
            IrArg::Buffer(2),
            IrArg::U32(steps as u32),
        ];
        let ws = k.op.wave_size();
        // The HIP twins are the wave32 WMMA kernels (and the MFMA ones).
        if k.op.unit() == MatrixUnit::Wmma && ws == 64 {
            continue;
        }
        for t in targets(k.op) {
            let p = t.processor;
            let obj = dir.join(format!("{hip}.{}.hsaco", p.name()));
            if !obj.exists() {
                let src = std::path::Path::new(data).join(hip);
                emu_case::clang_compile(&clang, &src, p, &obj)
                    .unwrap_or_else(|e| panic!("clang {hip} {p}: {e}"));
            }
            let theirs = std::fs::read(&obj).unwrap();
            let (got_clang, s_clang) = emulate_obj(p, &theirs, k.kernel, ws, &bufs, &args)
                .unwrap_or_else(|e| panic!("clang's {} on {p}: {e}", k.kernel));
            let ks = silk_codegen::compile_module(&m, &t).unwrap();
            let ours = silk_codegen::code_object(&t, &ks).unwrap();
            let (got, s_ours) = emulate_obj(p, &ours, k.kernel, ws, &bufs, &args).unwrap();
            check_lane_major(k.op, &tile, &got_clang[2])
                .unwrap_or_else(|e| panic!("clang {p}: {e}"));
            assert_eq!(
                got[2], got_clang[2],
                "{} on {p}: Silk and clang differ",
                k.kernel
            );
            println!(
                "{} on {p}, {steps} K steps: instructions per wave Silk {} / clang-22 -O3 {} ({:.2}x)",
                k.kernel,
                s_ours.instructions / s_ours.waves.max(1),
                s_clang.instructions / s_clang.waves.max(1),
                s_ours.instructions as f64 / s_clang.instructions.max(1) as f64,
            );
            ran += 1;
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    // 6 MFMA shapes on gfx942, 2 wave32 WMMA forms on two processors.
    assert_eq!(ran, 10);
}

/// The loop accumulator stays in one tuple: the K loop's MFMA writes D
/// over C. Where C is still read after the operation it gets a new tuple,
/// and both values reach memory intact.
#[test]
fn accumulators_are_written_in_place_only_where_c_dies() {
    let t = Target::new(Processor::Gfx942);
    let m = only(&module("mfma_tiles.sir"), "mfma_f32_16x16x16_f16");
    let ks = silk_codegen::compile_module(&m, &t).unwrap();
    let text = silk_codegen::assembly(&t, &ks);
    let line = text
        .lines()
        .find(|l| l.contains("v_mfma_f32_16x16x16_f16"))
        .unwrap();
    let regs: Vec<&str> = line.split_whitespace().skip(1).collect();
    assert_eq!(regs[0].trim_end_matches(','), regs[3], "{line}");
    let src = "
kernel @k(%d: ptr<global>) {
  %lane = workitem.id x
  %x = cvt %lane : f32
  %z = const 0 : <4 x f32>
  %c = insert %z, %x, 2
  %r = mfma.f32.16x16x4.f32 %x, %x, %c
  %sixteen = const 16 : u32
  %off = mul %lane, %sixteen
  %p = ptradd %d, %off
  store %p, %r, align 16
  %n = const 1024 : u32
  %q = ptradd %p, %n
  store %q, %c, align 16
}
";
    let m = Module::parse_verified("k.sir", src).unwrap();
    let ks = silk_codegen::compile_module(&m, &t).unwrap();
    let text = silk_codegen::assembly(&t, &ks);
    let line = text.lines().find(|l| l.contains("v_mfma")).unwrap();
    let regs: Vec<&str> = line.split_whitespace().skip(1).collect();
    assert_ne!(regs[0].trim_end_matches(','), regs[3], "{line}");
    let bufs = vec![zeros(2048)];
    let args = [IrArg::Buffer(0)];
    let want = interpret(&m, "k", 64, &bufs, &args);
    let got = emulate(&t, &m, "k", 64, &bufs, &args).unwrap();
    assert_eq!(got, want);
    let words: Vec<f32> = silk_gpu_ir::interp::from_bytes(&got[0]);
    // C survives: element 2 of lane 5's copy is 5.
    assert_eq!(words[256 + 5 * 4 + 2], 5.0);
}

/// LDS staging: vector stores and loads of 8 and 16 bytes to LDS between
/// barriers, a vector `select`, on gfx942 (MFMA) and GFX11 (WMMA).
#[test]
fn tiles_staged_through_lds_match() {
    let m = module("matrix_lds.sir");
    let cases = [
        (MatrixOp::MfmaF32_16x16x16F16, vec![Processor::Gfx942]),
        (
            MatrixOp::WmmaF32_16x16x16F16W32,
            vec![Processor::Gfx1100, Processor::Gfx1151],
        ),
    ];
    for (op, procs) in cases {
        let kernel = op.keyword().replace('.', "_");
        let m = only(&m, &kernel);
        let steps = 2;
        let (tile, out) = tile_for(op, steps);
        let bufs = vec![
            Tile::bytes(&tile.a, Elem::F16),
            Tile::bytes(&tile.bt, Elem::F16),
            zeros(out),
        ];
        let args = [
            IrArg::Buffer(0),
            IrArg::Buffer(1),
            IrArg::Buffer(2),
            IrArg::U32(steps as u32),
        ];
        let ws = op.wave_size();
        let want = interpret(&m, &kernel, ws, &bufs, &args);
        check_lane_major(op, &tile, &want[2]).unwrap();
        for p in procs {
            let t = Target::new(p);
            let got = emulate(&t, &m, &kernel, ws, &bufs, &args)
                .unwrap_or_else(|e| panic!("{kernel} on {p}: {e}"));
            assert_eq!(got[2], want[2], "{kernel} on {p}");
            let ks = silk_codegen::compile_module(&m, &t).unwrap();
            let text = silk_codegen::assembly(&t, &ks);
            let wide = [
                "ds_write_b128",
                "ds_read_b128",
                "ds_store_b128",
                "ds_load_b128",
            ];
            assert!(
                wide.iter().filter(|w| text.contains(*w)).count() >= 2,
                "{kernel} on {p}: no 16-byte LDS accesses"
            );
        }
    }
}
