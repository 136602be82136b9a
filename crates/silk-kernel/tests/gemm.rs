//! GEMMs `D = alpha * op(A) * op(B) + beta * C` built from commands,
//! compiled for gfx942, gfx1100 and gfx1151 and run on the emulator
//! (strict mode), against an f64 CPU reference.
//!
//! Tolerance (documented in docs/kernel-builder.md): with f32
//! accumulation over K terms, `|D - ref| <= (K + 2) * 2^-23 *
//! (|alpha| * sum_k |a_ik b_kj| + |beta c_ij|) + tiny`; f16 inputs are
//! exact f16 values (their products are exact in f32), bf16 likewise; an
//! f16 result adds its rounding, `2^-11 * |ref|`.

mod common;

use common::*;
use silk_amdgpu::target::Processor;
use silk_kernel::recipes::{gemm, tuned_gemm, GemmSpec};
use silk_kernel::{CommandArguments, CommandKernel, DataType, Params};

/// A 2-D tensor in memory: element (i, j) at `i * s0 + j * s1`.
struct Host {
    rows: usize,
    cols: usize,
    s: [usize; 2],
    data: Vec<f32>,
}

impl Host {
    fn new(rows: usize, cols: usize, col_major: bool, rng: &mut Rng, dtype: DataType) -> Host {
        let s = if col_major { [1, rows] } else { [cols, 1] };
        let len = (rows - 1) * s[0] + (cols - 1) * s[1] + 1;
        let data = rng
            .vec(len)
            .into_iter()
            .map(|x| match dtype {
                DataType::F16 => f16_to_f32(f32_to_f16(x)),
                DataType::BF16 => bf16_to_f32(f32_to_bf16(x)),
                DataType::F32 => x,
            })
            .collect();
        Host {
            rows,
            cols,
            s,
            data,
        }
    }
    fn at(&self, i: usize, j: usize) -> f32 {
        self.data[i * self.s[0] + j * self.s[1]]
    }
    fn bytes(&self, dtype: DataType) -> Vec<u8> {
        match dtype {
            DataType::F32 => f32_bytes(&self.data),
            DataType::F16 => {
                u16_bytes(&self.data.iter().map(|&x| f32_to_f16(x)).collect::<Vec<_>>())
            }
            DataType::BF16 => u16_bytes(
                &self
                    .data
                    .iter()
                    .map(|&x| f32_to_bf16(x))
                    .collect::<Vec<_>>(),
            ),
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn run(
    p: Processor,
    spec: &GemmSpec,
    params: &Params,
    m: usize,
    n: usize,
    k: usize,
    col_major: bool,
) {
    let (cmd, t) = gemm(spec);
    let ctx = format!("{p:?} {m}x{n}x{k} {spec:?} {params:?} col_major={col_major}");
    let kern = CommandKernel::new(&cmd, params, p).unwrap_or_else(|e| panic!("{ctx}: {e}"));
    let mut rng = Rng((m * 1000 + n * 31 + k) as u64 | 1);
    let a = if spec.transpose_a {
        Host::new(k, m, col_major, &mut rng, spec.input)
    } else {
        Host::new(m, k, col_major, &mut rng, spec.input)
    };
    let b = if spec.transpose_b {
        Host::new(n, k, col_major, &mut rng, spec.input)
    } else {
        Host::new(k, n, col_major, &mut rng, spec.input)
    };
    let c = Host::new(m, n, col_major, &mut rng, spec.output);
    let bias: Vec<f32> = rng
        .vec(n)
        .into_iter()
        .map(|x| {
            if spec.output == DataType::F16 {
                f16_to_f32(f32_to_f16(x))
            } else {
                x
            }
        })
        .collect();
    let (alpha, beta) = (1.5f32, -0.5f32);
    let d_strides = if col_major { [1, m] } else { [n, 1] };
    let d_len = m * n;
    let ba = upload(&kern, &a.bytes(spec.input));
    let bb = upload(&kern, &b.bytes(spec.input));
    let bc = upload(&kern, &c.bytes(spec.output));
    let bd = upload(&kern, &vec![0x7f; d_len * spec.output.bytes() as usize]);
    let bbias = upload(
        &kern,
        &Host {
            rows: 1,
            cols: n,
            s: [0, 1],
            data: bias.clone(),
        }
        .bytes(spec.output),
    );
    let mut args = CommandArguments::new();
    let dims = |h: &Host| [h.rows as u64, h.cols as u64];
    let strides = |h: &Host| [h.s[0] as u64, h.s[1] as u64];
    args.set_tensor(&cmd, t.a, ba.address(), &dims(&a), &strides(&a))
        .unwrap();
    args.set_tensor(&cmd, t.b, bb.address(), &dims(&b), &strides(&b))
        .unwrap();
    args.set_tensor(&cmd, t.c, bc.address(), &dims(&c), &strides(&c))
        .unwrap();
    args.set_tensor(
        &cmd,
        t.d,
        bd.address(),
        &[m as u64, n as u64],
        &[d_strides[0] as u64, d_strides[1] as u64],
    )
    .unwrap();
    if let Some(tb) = t.bias {
        args.set_tensor(&cmd, tb, bbias.address(), &[m as u64, n as u64], &[0, 1])
            .unwrap();
    }
    args.set_scalar(&cmd, t.alpha, alpha).unwrap();
    args.set_scalar(&cmd, t.beta, beta).unwrap();
    kern.launch(&args).unwrap_or_else(|e| panic!("{ctx}: {e}"));
    let got: Vec<f32> = match spec.output {
        DataType::F32 => download_f32(&kern, &bd, d_len),
        _ => download_u16(&kern, &bd, d_len)
            .into_iter()
            .map(f16_to_f32)
            .collect(),
    };
    for i in 0..m {
        for j in 0..n {
            let (mut sum, mut mag) = (0f64, 0f64);
            for kk in 0..k {
                let x = if spec.transpose_a {
                    a.at(kk, i)
                } else {
                    a.at(i, kk)
                } as f64;
                let y = if spec.transpose_b {
                    b.at(j, kk)
                } else {
                    b.at(kk, j)
                } as f64;
                sum += x * y;
                mag += (x * y).abs();
            }
            let mut want = alpha as f64 * sum + beta as f64 * c.at(i, j) as f64;
            let mut bound = (k as f64 + 2.0)
                * 2f64.powi(-23)
                * (alpha.abs() as f64 * mag + (beta as f64 * c.at(i, j) as f64).abs())
                + 1e-30;
            if spec.bias_relu {
                want = (want + bias[j] as f64).max(0.0);
                bound += bias[j].abs() as f64 * 2f64.powi(-23);
            }
            if spec.output == DataType::F16 {
                bound += want.abs() * 2f64.powi(-11) + 2f64.powi(-24);
            }
            let g = got[i * d_strides[0] + j * d_strides[1]] as f64;
            assert!(
                (g - want).abs() <= bound,
                "{ctx}: D[{i}][{j}] = {g}, want {want} (bound {bound})"
            );
        }
    }
}

#[test]
fn all_transposes_on_all_processors() {
    for p in PROCESSORS {
        for (ta, tb) in [(false, false), (true, false), (false, true), (true, true)] {
            let spec = GemmSpec {
                transpose_a: ta,
                transpose_b: tb,
                ..GemmSpec::default()
            };
            run(p, &spec, &Params::default(), 19, 23, 13, false);
        }
    }
}

#[test]
fn one_by_one_by_one_and_primes() {
    for (i, (m, n, k)) in [(1, 1, 1), (2, 3, 5), (17, 13, 7), (31, 37, 11)]
        .into_iter()
        .enumerate()
    {
        let p = PROCESSORS[i % 3];
        run(
            p,
            &GemmSpec::default(),
            &Params::default(),
            m,
            n,
            k,
            i % 2 == 1,
        );
    }
}

#[test]
fn tile_parameters() {
    let variants = [
        Params {
            lds: false,
            ..Params::default()
        },
        Params {
            macro_tile: [32, 16],
            thread_tile: [4, 2],
            depth_k: 8,
            ..Params::default()
        },
        Params {
            prefetch: true,
            ..Params::default()
        },
        Params {
            unroll: 2,
            prefetch: true,
            ..Params::default()
        },
        Params {
            macro_tile: [8, 32],
            thread_tile: [1, 4],
            depth_k: 2,
            unroll: 3,
            ..Params::default()
        },
    ];
    for (i, params) in variants.iter().enumerate() {
        let p = PROCESSORS[i % 3];
        let spec = GemmSpec {
            transpose_a: i % 2 == 0,
            transpose_b: i % 3 == 0,
            ..GemmSpec::default()
        };
        run(p, &spec, params, 21, 35, 17, i % 2 == 0);
    }
}

#[test]
fn half_and_bfloat_inputs_and_the_bias_relu_epilogue() {
    for p in PROCESSORS {
        let f16 = GemmSpec {
            input: DataType::F16,
            output: DataType::F16,
            ..GemmSpec::default()
        };
        run(p, &f16, &Params::default(), 18, 20, 9, false);
        let bf16 = GemmSpec {
            input: DataType::BF16,
            bias_relu: true,
            transpose_b: true,
            ..GemmSpec::default()
        };
        run(p, &bf16, &Params::default(), 17, 19, 10, true);
    }
}

/// The large shape; minutes on the emulator in a debug build, so
/// run it explicitly: `cargo test -p silk-kernel --release --test gemm -- --ignored`.
#[test]
#[ignore]
fn large_gemm_1024_cubed() {
    let params = Params {
        macro_tile: [64, 64],
        thread_tile: [4, 4],
        depth_k: 8,
        prefetch: true,
        ..Params::default()
    };
    for p in PROCESSORS {
        run(p, &GemmSpec::default(), &params, 1024, 1024, 1024, false);
    }
}

/// Matrix instructions: every MFMA shape on gfx942, wave32 WMMA on
/// gfx1100 and gfx1151, with LDS staging, prefetch, unroll, partial
/// tiles, transposes and the bias + relu epilogue.
#[test]
fn matrix_instructions() {
    let mfma = [
        ([16, 16, 16], DataType::F16, [32, 32], [2, 1], 16),
        ([32, 32, 8], DataType::BF16, [32, 32], [1, 1], 16),
        ([16, 16, 4], DataType::F32, [16, 32], [1, 2], 8),
        ([32, 32, 2], DataType::F32, [32, 32], [1, 1], 4),
    ];
    for (i, (shape, input, mt, waves, du)) in mfma.into_iter().enumerate() {
        let params = Params {
            matrix: Some(shape),
            macro_tile: mt,
            waves,
            depth_k: du,
            prefetch: i % 2 == 0,
            unroll: if i == 2 { 2 } else { 1 },
            ..Params::default()
        };
        let spec = GemmSpec {
            input,
            transpose_a: i % 2 == 1,
            transpose_b: i >= 2,
            bias_relu: i == 1,
            ..GemmSpec::default()
        };
        run(Processor::Gfx942, &spec, &params, 37, 45, 29, i % 2 == 0);
    }
    for p in [Processor::Gfx1100, Processor::Gfx1151] {
        for (i, input) in [DataType::F16, DataType::BF16].into_iter().enumerate() {
            let params = Params {
                matrix: Some([16, 16, 16]),
                macro_tile: [32, 32],
                waves: [2, 2],
                depth_k: 32,
                prefetch: i == 0,
                ..Params::default()
            };
            let spec = GemmSpec {
                input,
                transpose_a: i == 1,
                bias_relu: i == 0,
                ..GemmSpec::default()
            };
            run(p, &spec, &params, 33, 18, 40, i == 1);
        }
    }
}

/// GFX11 wave64 (`Params::wavefront_size`): WMMA in its wave64 layouts
/// (4 accumulator VGPRs per 16x16 block) on gfx1100 and gfx1151, f16 and
/// bf16 inputs, all four transposes, row- and column-major, odd shapes,
/// LDS staging with prefetch and unrolling, the direct (tuned) variant,
/// f16 results and the bias + relu epilogue.
#[test]
fn gfx11_wave64_wmma() {
    let shapes = [(33, 18, 40), (1, 1, 1), (37, 29, 23), (67, 45, 37)];
    for p in [Processor::Gfx1100, Processor::Gfx1151] {
        for (i, (ta, tb)) in [(false, false), (true, false), (false, true), (true, true)]
            .into_iter()
            .enumerate()
        {
            let input = if i % 2 == 0 {
                DataType::F16
            } else {
                DataType::BF16
            };
            let params = Params {
                matrix: Some([16, 16, 16]),
                macro_tile: [32, 32],
                waves: [2, 2],
                depth_k: if i == 2 { 16 } else { 32 },
                prefetch: i % 2 == 0,
                unroll: if i == 2 { 2 } else { 1 },
                wavefront_size: Some(64),
                ..Params::default()
            };
            let spec = GemmSpec {
                input,
                output: if i == 2 { DataType::F16 } else { DataType::F32 },
                transpose_a: ta,
                transpose_b: tb,
                bias_relu: i == 0,
                ..GemmSpec::default()
            };
            let (m, n, k) = shapes[i];
            run(p, &spec, &params, m, n, k, i == 1);
        }
        // The tuned kernel (operands straight from global memory as vector
        // runs, guard-free interior tiles) in wave64.
        let spec = GemmSpec {
            input: DataType::F16,
            transpose_b: true,
            row_major: true,
            ..GemmSpec::default()
        };
        let params = Params {
            wavefront_size: Some(64),
            ..tuned_gemm(p)
        };
        run(p, &spec, &params, 67, 45, 37, false);
        run(
            p,
            &GemmSpec {
                input: DataType::BF16,
                ..spec
            },
            &params,
            64,
            64,
            64,
            false,
        );
    }
}

/// The wave64 kernel really is one: its descriptor says wave64 and its
/// workgroups are 64-lane waves; wave32 is still the GFX11 default.
#[test]
fn gfx11_wave64_is_in_the_descriptor() {
    let (cmd, _) = gemm(&GemmSpec::default());
    for (wave, want32) in [(None, true), (Some(64), false), (Some(32), true)] {
        let params = Params {
            matrix: Some([16, 16, 16]),
            macro_tile: [32, 32],
            waves: [2, 2],
            depth_k: 16,
            wavefront_size: wave,
            ..Params::default()
        };
        let spec = GemmSpec {
            input: DataType::F16,
            ..GemmSpec::default()
        };
        let (cmd16, _) = gemm(&spec);
        let kern = CommandKernel::new(&cmd16, &params, Processor::Gfx1100).unwrap();
        let obj = silk_amdgpu::code_object::reader::read(kern.code_object()).unwrap();
        assert_eq!(obj.kernels[0].config.wavefront_size32, want32, "{wave:?}");
        let meta = obj.metadata.as_ref().unwrap();
        assert_eq!(
            meta.kernels[0].wavefront_size,
            if want32 { 32 } else { 64 },
            "{wave:?}"
        );
        let ops = kern.module().functions[0]
            .insts()
            .filter_map(|i| match i.op {
                silk_gpu_ir::Op::Matrix { op, .. } => Some(op.wave_size()),
                _ => None,
            });
        let sizes: Vec<u32> = ops.collect();
        assert!(!sizes.is_empty());
        assert!(
            sizes.iter().all(|&s| s == if want32 { 32 } else { 64 }),
            "{sizes:?}"
        );
    }
    // gfx942 has no wave32.
    let params = Params {
        wavefront_size: Some(32),
        ..Params::default()
    };
    let e = CommandKernel::new(&cmd, &params, Processor::Gfx942)
        .err()
        .unwrap()
        .to_string();
    assert!(e.contains("wavefront_size 32 on gfx942"), "{e}");
}

#[test]
fn matrix_instruction_errors() {
    let (cmd, _) = gemm(&GemmSpec::default());
    // No f32 WMMA on GFX11; no 16x16x16 f32 MFMA.
    let wmma = Params {
        matrix: Some([16, 16, 16]),
        ..Params::default()
    };
    let e = CommandKernel::new(&cmd, &wmma, Processor::Gfx1100)
        .err()
        .unwrap()
        .to_string();
    assert!(e.contains("no 16x16x16 F32 matrix instruction"), "{e}");
    let e = CommandKernel::new(&cmd, &wmma, Processor::Gfx942)
        .err()
        .unwrap()
        .to_string();
    assert!(e.contains("no 16x16x16 F32"), "{e}");
    // Tiles must hold whole blocks.
    let bad = Params {
        matrix: Some([16, 16, 4]),
        macro_tile: [24, 16],
        ..Params::default()
    };
    let e = CommandKernel::new(&cmd, &bad, Processor::Gfx942)
        .err()
        .unwrap()
        .to_string();
    assert!(e.contains("whole 16x16 matrix blocks"), "{e}");
}

/// Row-major tensors declared contiguous: K runs load as vectors, whole
/// tiles without guards, and the edges (M, N, K not multiples of the
/// tiles; runs that cross K) still right, on all three processors, with
/// B used transposed (vector runs along K) and not (B's runs are along
/// N: element loads), with the bias + relu epilogue and f16 results.
#[test]
fn row_major_vector_loads_and_interior_tiles() {
    for p in PROCESSORS {
        for (i, (m, n, k)) in [(64, 64, 64), (67, 45, 37), (128, 64, 35)]
            .into_iter()
            .enumerate()
        {
            let spec = GemmSpec {
                input: DataType::F16,
                output: if i == 1 { DataType::F16 } else { DataType::F32 },
                transpose_b: i != 2,
                bias_relu: i == 1,
                row_major: true,
                ..GemmSpec::default()
            };
            run(p, &spec, &tuned_gemm(p), m, n, k, false);
        }
    }
    // f32 inputs (one element per lane: no runs) and 32x32 blocks on gfx942.
    let spec = GemmSpec {
        row_major: true,
        transpose_b: true,
        ..GemmSpec::default()
    };
    let params = Params {
        matrix: Some([16, 16, 4]),
        depth_k: 8,
        ..tuned_gemm(Processor::Gfx942)
    };
    run(Processor::Gfx942, &spec, &params, 40, 70, 13, false);
    let params = Params {
        matrix: Some([32, 32, 8]),
        macro_tile: [64, 32],
        waves: [2, 1],
        depth_k: 16,
        ..tuned_gemm(Processor::Gfx942)
    };
    let spec = GemmSpec {
        input: DataType::F16,
        ..spec
    };
    run(Processor::Gfx942, &spec, &params, 70, 33, 41, false);
}

/// Vector loads appear exactly when the operands are declared contiguous
/// along K; a kernel without LDS staging gets the guard-free interior
/// copy (an `if` at the top level of the kernel).
#[test]
fn vector_loads_only_for_contiguous_runs() {
    use silk_gpu_ir::{Op, Type};
    use silk_kernel::{codegen, transforms, translate};
    for (row_major, transpose_b, want) in [(true, true, 2), (true, false, 1), (false, true, 0)] {
        let (cmd, _) = gemm(&GemmSpec {
            input: DataType::F16,
            transpose_b,
            row_major,
            ..GemmSpec::default()
        });
        let params = Params {
            matrix: Some([16, 16, 16]),
            macro_tile: [32, 32],
            waves: [2, 2],
            depth_k: 16,
            lds: false,
            prefetch: false,
            ..Params::default()
        };
        let mut g = translate(&cmd).unwrap();
        let arch = silk_kernel::matrix::Arch::of(Processor::Gfx942);
        g = transforms::lower_for(&g, &params, &arch).unwrap();
        let f = codegen::generate(&g).unwrap().function;
        let vector_loads = f
            .body
            .insts_nested()
            .filter(|i| {
                matches!(
                    i.op,
                    Op::Load {
                        ty: Type::Vec(..),
                        ..
                    }
                )
            })
            .count();
        // Each operand load appears in the interior copy and the guarded one.
        assert_eq!(
            vector_loads,
            2 * want,
            "row_major={row_major} transpose_b={transpose_b}"
        );
        assert!(
            f.body.insts.iter().any(|i| matches!(i.op, Op::If { .. })),
            "no interior copy"
        );
    }
}

/// The 1024x1024x1024 in every test run: the tuned kernel (and on
/// GFX11 also its wave64 build) on the strict emulator, emulating every
/// 97th workgroup (`Options::sample_workgroups`) so a debug build stays
/// quick. Inputs are small multiples of 1/8, so every f32 sum is exact:
/// each written element must equal the CPU value, every other element
/// stays unwritten, and the sampled tiles are exactly the ones written.
#[test]
fn gemm_1024_cubed_sampled_tiles() {
    use silk_emu::{Arg, Emulator};
    const SAMPLE: u64 = 97;
    let (m, n, k) = (1024u32, 1024u32, 1024u32);
    let (cmd, [ta, tb, td]) = silk_kernel::recipes::gemm_abt_f16();
    let av = |i: u32, x: u32| (((i * k + x) * 7 % 17) as f32 - 8.0) / 8.0;
    let bv = |j: u32, x: u32| (((j * k + x) * 5 % 13) as f32 - 6.0) / 8.0;
    let f16_bytes = |f: &dyn Fn(u32, u32) -> f32, rows: u32| -> Vec<u8> {
        (0..rows * k)
            .flat_map(|e| f32_to_f16(f(e / k, e % k)).to_le_bytes())
            .collect()
    };
    let (a, b) = (f16_bytes(&av, m), f16_bytes(&bv, n));
    for p in PROCESSORS {
        let tuned = tuned_gemm(p);
        let mut builds = vec![tuned.clone()];
        if p != Processor::Gfx942 {
            builds.push(Params {
                wavefront_size: Some(64),
                ..tuned
            });
        }
        for params in builds {
            let ctx = format!("{p:?} 1024^3 {params:?}");
            let kern =
                CommandKernel::new(&cmd, &params, p).unwrap_or_else(|e| panic!("{ctx}: {e}"));
            let mut emu = Emulator::new(p);
            emu.options.sample_workgroups = SAMPLE;
            let ba = emu.alloc_bytes(&a).unwrap();
            let bb = emu.alloc_bytes(&b).unwrap();
            let d = emu.alloc_bytes(&vec![0xff; (m * n * 4) as usize]).unwrap();
            let mut args = CommandArguments::new();
            let (m64, n64, k64) = (m as u64, n as u64, k as u64);
            args.set_tensor(&cmd, ta, ba.addr, &[m64, k64], &[k64, 1])
                .unwrap();
            args.set_tensor(&cmd, tb, bb.addr, &[n64, k64], &[k64, 1])
                .unwrap();
            args.set_tensor(&cmd, td, d.addr, &[m64, n64], &[n64, 1])
                .unwrap();
            let ka = kern.kernel_arguments(&args).unwrap();
            let packed: Vec<Arg> = ka.values.iter().map(|&v| Arg::U64(v)).collect();
            let grid = ka.workgroups as u32 * ka.workgroup_size;
            emu.launch(
                kern.code_object(),
                &kern.graph().name,
                [grid, 1, 1],
                [ka.workgroup_size, 1, 1],
                &packed,
            )
            .unwrap_or_else(|e| panic!("{ctx}: {e}"));
            let out = emu.read(d).unwrap();
            let mut written = 0u64;
            for (e, w) in out.chunks_exact(4).enumerate() {
                let bits = u32::from_le_bytes([w[0], w[1], w[2], w[3]]);
                if bits == u32::MAX {
                    continue;
                }
                let (i, j) = (e as u32 / n, e as u32 % n);
                let want: f32 = (0..k).map(|x| av(i, x) * bv(j, x)).sum();
                assert_eq!(f32::from_bits(bits), want, "{ctx}: D[{i}][{j}]");
                written += 1;
            }
            let tile = params.macro_tile[0] as u64 * params.macro_tile[1] as u64;
            let sampled = ka.workgroups.div_ceil(SAMPLE);
            assert_eq!(written, sampled * tile, "{ctx}: elements written");
        }
    }
}
