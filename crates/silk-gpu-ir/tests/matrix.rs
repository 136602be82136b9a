//! The matrix operations in the interpreter: every MFMA/WMMA tile kernel
//! of tests/data/matrix against the CPU reference (exact: small-integer
//! inputs), vectors built from scalars, and the errors a wave-level
//! operation can meet (divergent lanes, partial waves, a missing target
//! unit), text round trips included.

use silk_gpu_ir::interp::from_bytes;
use silk_gpu_ir::{
    run_kernel, verify_module_for, Arg, Elem, Launch, MatrixOp, Memory, Module, Target, Type,
};
use silk_testsupport::matrix::{check_lane_major, module, tile_for, zeros, Tile};

fn run_tile(m: &Module, kernel: &str, op: MatrixOp, steps: usize) -> Result<(), String> {
    let (t, out) = tile_for(op, steps);
    let e = op.input();
    let mut mem = Memory::new();
    let a = mem.alloc(Tile::bytes(&t.a, e)).unwrap();
    let b = mem.alloc(Tile::bytes(&t.bt, e)).unwrap();
    let d = mem.alloc(zeros(out)).unwrap();
    let ws = op.wave_size();
    run_kernel(
        m,
        kernel,
        &Launch::linear(ws, ws),
        &[
            Arg::Buffer(a),
            Arg::Buffer(b),
            Arg::Buffer(d),
            Arg::U32(steps as u32),
        ],
        &mut mem,
    )
    .map_err(|e| e.to_string())?;
    check_lane_major(op, &t, mem.buffer(d).unwrap())
}

#[test]
fn every_tile_kernel_matches_the_cpu_product() {
    for k in silk_testsupport::matrix::tile_kernels() {
        let m = module(k.file);
        for steps in [1, 3] {
            run_tile(&m, k.kernel, k.op, steps).unwrap_or_else(|e| panic!("{}: {e}", k.kernel));
        }
    }
}

#[test]
fn tile_modules_print_and_parse_back() {
    for file in ["mfma_tiles.sir", "wmma_tiles.sir", "mfma_build.sir"] {
        let m = module(file);
        let again = Module::parse_verified(file, &m.print()).unwrap();
        assert_eq!(again, m, "{file}");
    }
}

#[test]
fn vectors_built_from_scalars_feed_mfma() {
    let m = module("mfma_build.sir");
    let steps = 2;
    let t = Tile::new(16, 16, 16 * steps, 5);
    let mut mem = Memory::new();
    let a = mem.alloc(Tile::bytes(&t.a, Elem::F16)).unwrap();
    let b = mem.alloc(t.b_rows(Elem::F16)).unwrap();
    let d = mem.alloc(zeros(16 * 16 * 4)).unwrap();
    run_kernel(
        &m,
        "mfma_build",
        &Launch::linear(64, 64),
        &[
            Arg::Buffer(a),
            Arg::Buffer(b),
            Arg::Buffer(d),
            Arg::U32(steps as u32),
            Arg::F32(2.0),
        ],
        &mut mem,
    )
    .unwrap();
    let got: Vec<f32> = from_bytes(mem.buffer(d).unwrap());
    let want: Vec<f32> = t.d.iter().map(|x| x * 2.0).collect();
    assert_eq!(got, want);
}

const DIVERGENT: &str = "
kernel @k(%d: ptr<global>) {
  %lane = workitem.id x
  %c = const 0 : <4 x f32>
  %x = const 1.0 : f32
  %ten = const 10 : u32
  %lt = cmp lt %lane, %ten
  if %lt {
    %r = mfma.f32.16x16x4.f32 %x, %x, %c
    %e = extract %r, 0
    store %d, %e, align 4
  }
}
";

#[test]
fn wave_operations_reject_divergence_and_partial_waves() {
    let m = Module::parse_verified("d.sir", DIVERGENT).unwrap();
    let mut mem = Memory::new();
    let d = mem.alloc(zeros(4)).unwrap();
    let e = run_kernel(
        &m,
        "k",
        &Launch::linear(64, 64),
        &[Arg::Buffer(d)],
        &mut mem,
    )
    .unwrap_err()
    .to_string();
    assert!(
        e.contains("does not execute `mfma.f32.16x16x4.f32` with the rest of its wave"),
        "{e}"
    );
    // 48 work-items: a wave64 operation has lanes without work-items.
    let m = module("mfma_tiles.sir");
    let (t, out) = tile_for(MatrixOp::MfmaF32_16x16x4F32, 1);
    let mut mem = Memory::new();
    let a = mem.alloc(Tile::bytes(&t.a, Elem::F32)).unwrap();
    let b = mem.alloc(Tile::bytes(&t.bt, Elem::F32)).unwrap();
    let d = mem.alloc(zeros(out)).unwrap();
    let e = run_kernel(
        &m,
        "mfma_f32_16x16x4_f32",
        &Launch::linear(48, 48),
        &[Arg::Buffer(a), Arg::Buffer(b), Arg::Buffer(d), Arg::U32(1)],
        &mut mem,
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("lane 48 of wave 0 has no work-item"), "{e}");
}

#[test]
fn the_target_check_names_the_missing_unit_and_wave_size() {
    let gfx1100 = Target {
        name: "gfx1100".into(),
        mfma: false,
        wmma: true,
        wave64: false,
    };
    let gfx942 = Target {
        name: "gfx942".into(),
        mfma: true,
        wmma: false,
        wave64: true,
    };
    let mfma = module("mfma_tiles.sir");
    let wmma = module("wmma_tiles.sir");
    verify_module_for(&mfma, &gfx942).unwrap();
    let e = verify_module_for(&mfma, &gfx1100).unwrap_err().to_string();
    assert!(
        e.contains("`mfma.f32.16x16x16.f16` needs MFMA (v_mfma_*) matrix instructions, which gfx1100 lacks"),
        "{e}"
    );
    let e = verify_module_for(&wmma, &gfx942).unwrap_err().to_string();
    assert!(
        e.contains("needs WMMA (v_wmma_*) matrix instructions, which gfx942 lacks"),
        "{e}"
    );
    // The wave64 kernels of the module on a wave32 compilation.
    let e = verify_module_for(&wmma, &gfx1100).unwrap_err().to_string();
    assert!(
        e.contains("`wmma.f32.16x16x16.f16.w64` is a wave64 operation, but the kernel is compiled for wave32 on gfx1100"),
        "{e}"
    );
}

#[test]
fn vector_typing_errors_are_located() {
    let cases = [
        ("%v = const 1 : <4 x f32>", "a vector constant is `const 0 : <4 x f32>`"),
        ("%v = const 0 : <3 x f32>", "<3 x f32> is not a vector type"),
        ("%v = const 0 : <4 x q8>", "expected a vector element type"),
        ("%x = const 1.0 : f32\n  %v = vec %x, %x : <4 x f32>", "`vec` of type <4 x f32> needs 4 elements, found 2"),
        ("%v = const 0 : <4 x f32>\n  %e = extract %v, 4", "`extract` index 4 is out of range for <4 x f32> (0 to 3)"),
        ("%v = const 0 : <4 x bf16>\n  %e = extract %v, 0", "no scalar bf16"),
        ("%v = const 0 : <4 x f32>\n  %w = add %v, %v", "does not accept operands of type <4 x f32>"),
        ("%v = const 0 : <4 x f32>\n  %x = const 1.0 : f32\n  %w = mfma.f32.32x32x2.f32 %x, %x, %v", "operand C must be <16 x f32> per lane, found <4 x f32>"),
    ];
    for (body, want) in cases {
        let src = format!("kernel @k() {{\n  {body}\n}}\n");
        let e = Module::parse_verified("v.sir", &src)
            .unwrap_err()
            .to_string();
        assert!(e.contains(want), "{body}: {e}");
    }
}

#[test]
fn bitcasts_between_vectors_and_words_keep_the_bits() {
    let src = "
kernel @k(%d: ptr<global>, %w: u64) {
  %v = bitcast %w : <4 x bf16>
  %u = bitcast %v : <2 x u32>
  %hi = extract %u, 1
  %h = const 0x3c00 : f16
  %p = vec %h, %h : <2 x f16>
  %p2 = bitcast %p : u32
  %s = add %hi, %p2
  store %d, %s, align 4
  %four = const 4 : u32
  %d4 = ptradd %d, %four
  %u2 = insert %u, %p2, 0
  store %d4, %u2, align 4
}
";
    let m = Module::parse_verified("b.sir", src).unwrap();
    assert_eq!(
        m.functions[0].value_type(m.functions[0].params[1]),
        Some(Type::U64)
    );
    let mut mem = Memory::new();
    let d = mem.alloc(zeros(12)).unwrap();
    run_kernel(
        &m,
        "k",
        &Launch::linear(1, 1),
        &[Arg::Buffer(d), Arg::U64(0x1111_2222_3333_4444)],
        &mut mem,
    )
    .unwrap();
    let got: Vec<u32> = from_bytes(mem.buffer(d).unwrap());
    assert_eq!(got, [0x1111_2222 + 0x3c00_3c00, 0x3c00_3c00, 0x1111_2222]);
}
