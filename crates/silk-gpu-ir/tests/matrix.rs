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
    for file in [
        "mfma_tiles.sir",
        "wmma_tiles.sir",
        "mfma_build.sir",
        "matrix_lds.sir",
    ] {
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

/// The Rust builder surface a front end uses: a 32x32x8 bf16 MFMA tile
/// with a zero accumulator, inputs built from u32 words with `bitcast`,
/// the result read with `extract`; printed, parsed back and run.
#[test]
fn the_builder_makes_matrix_kernels() {
    use silk_gpu_ir::{AddrSpace, Dim, FunctionBuilder};
    let op = MatrixOp::MfmaF32_32x32x8Bf16;
    let mut f = FunctionBuilder::kernel("bf16_tile");
    let a = f.param("a", Type::Ptr(AddrSpace::Global)).unwrap();
    let bt = f.param("bt", Type::Ptr(AddrSpace::Global)).unwrap();
    let d = f.param("d", Type::Ptr(AddrSpace::Global)).unwrap();
    let lane = f.workitem_id(Dim::X).unwrap();
    let c32 = f.const_u32(32).unwrap();
    let i = f.rem(lane, c32).unwrap();
    let q = f.div(lane, c32).unwrap();
    // Element offset i*8 + 4q, in bytes * 2.
    let c8 = f.const_u32(8).unwrap();
    let c4 = f.const_u32(4).unwrap();
    let c2 = f.const_u32(2).unwrap();
    let row = f.mul(i, c8).unwrap();
    let col = f.mul(q, c4).unwrap();
    let e = f.add(row, col).unwrap();
    let off = f.mul(e, c2).unwrap();
    let load_words = |f: &mut FunctionBuilder, base| {
        let p = f.ptr_add(base, off).unwrap();
        let w = f.load(p, Type::U64, 8).unwrap();
        f.bitcast(w, op.ab_type()).unwrap()
    };
    let va = load_words(&mut f, a);
    let vb = load_words(&mut f, bt);
    let zero = f.vec_zero(op.acc_type()).unwrap();
    let r = f.matrix(op, va, vb, zero).unwrap();
    let c64 = f.const_u32(64).unwrap();
    let lane_off = f.mul(lane, c64).unwrap();
    for k in 0..16u8 {
        let x = f.extract(r, k).unwrap();
        let kb = f.const_u32(4 * k as u32).unwrap();
        let o = f.add(lane_off, kb).unwrap();
        let p = f.ptr_add(d, o).unwrap();
        f.store(p, x, 4).unwrap();
    }
    let mut m = Module::new();
    m.add_function(f.finish().unwrap()).unwrap();
    let m = Module::parse_verified("built.sir", &m.print()).unwrap();
    let (t, out) = tile_for(op, 1);
    let mut mem = Memory::new();
    let ab = mem.alloc(Tile::bytes(&t.a, Elem::BF16)).unwrap();
    let bb = mem.alloc(Tile::bytes(&t.bt, Elem::BF16)).unwrap();
    let db = mem.alloc(zeros(out)).unwrap();
    run_kernel(
        &m,
        "bf16_tile",
        &Launch::linear(64, 64),
        &[Arg::Buffer(ab), Arg::Buffer(bb), Arg::Buffer(db)],
        &mut mem,
    )
    .unwrap();
    check_lane_major(op, &t, mem.buffer(db).unwrap()).unwrap();
}

/// The layout queries front ends use agree with the documented formulas
/// (written out independently in silk-testsupport) for every lane and
/// element, and cover each A element once.
#[test]
fn layout_queries_match_the_documented_layouts() {
    for op in MatrixOp::ALL {
        let ws = op.wave_size();
        let (m, n, k) = op.mnk();
        for lane in 0..ws {
            for r in 0..op.acc_type().dwords() {
                let (i, j) = op.d_elem(lane, r).unwrap();
                let want = silk_testsupport::matrix::d_pos(op, r as usize, lane as usize);
                assert_eq!(
                    (i as usize, j as usize),
                    want,
                    "{} lane {lane} r {r}",
                    op.keyword()
                );
            }
            assert_eq!(op.d_elem(lane, op.acc_type().dwords()), None);
        }
        assert_eq!(op.d_elem(ws, 0), None);
        // A: MFMA lanes hold each element once; WMMA's 16-lane groups repeat.
        let per_lane = op.ab_type().dwords() * 32 / op.input().bits();
        let mut seen = vec![0u32; (m * k) as usize];
        for lane in 0..ws {
            for e in 0..per_lane {
                let (i, kk) = op.a_elem(lane, e).unwrap();
                assert!(i < m && kk < k, "{}", op.keyword());
                seen[(i * k + kk) as usize] += 1;
            }
        }
        let copies = if op.unit() == silk_gpu_ir::MatrixUnit::Wmma {
            ws / 16
        } else {
            1
        };
        assert!(
            seen.iter().all(|&c| c == copies),
            "{}: {seen:?}",
            op.keyword()
        );
        let _ = n;
    }
}
