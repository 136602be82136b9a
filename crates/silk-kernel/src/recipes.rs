//! Ready-made commands: the GEMM `D = alpha * op(A) * op(B) + beta * C`
//! with an optional fused bias + relu epilogue, and its tuned parameters.

use crate::command::{BinaryFn, Command, DataType, Tag, UnaryFn, XOp};
use crate::Params;
use silk_amdgpu::target::Processor;

/// The tags of a GEMM command's tensors and scalars.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GemmTags {
    pub a: Tag,
    pub b: Tag,
    pub c: Tag,
    pub d: Tag,
    pub alpha: Tag,
    pub beta: Tag,
    /// The bias tensor (M x N, usually with row stride 0: one bias per
    /// column), when the epilogue has one.
    pub bias: Option<Tag>,
}

/// What a GEMM looks like.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GemmSpec {
    /// Type of A and B (f16, bf16 or f32); accumulation is f32.
    pub input: DataType,
    /// Type of C and D (f16 or f32).
    pub output: DataType,
    /// A is stored K x M (B: N x K) and used transposed.
    pub transpose_a: bool,
    pub transpose_b: bool,
    /// `D = relu(alpha * A * B + beta * C + bias)`.
    pub bias_relu: bool,
    /// A, B, C and D are row-major, declared so (stride 1 along their
    /// second dimension, a translate-time fact): K runs load as vectors.
    pub row_major: bool,
}

impl Default for GemmSpec {
    fn default() -> GemmSpec {
        GemmSpec {
            input: DataType::F32,
            output: DataType::F32,
            transpose_a: false,
            transpose_b: false,
            bias_relu: false,
            row_major: false,
        }
    }
}

/// The GEMM command of `spec`.
pub fn gemm(spec: &GemmSpec) -> (Command, GemmTags) {
    let mut cmd = Command::new();
    let mut tensor = |dtype| match spec.row_major {
        true => cmd.tensor_contiguous(2, dtype, 1),
        false => cmd.tensor(2, dtype),
    };
    let a = tensor(spec.input);
    let b = tensor(spec.input);
    let c = tensor(spec.output);
    let d = tensor(spec.output);
    let alpha = cmd.scalar(DataType::F32);
    let beta = cmd.scalar(DataType::F32);
    let bias = spec.bias_relu.then(|| cmd.tensor(2, spec.output));
    let la = cmd.load_tiled(a);
    let lb = cmd.load_tiled(b);
    let lc = cmd.load_tiled(c);
    let mut result = cmd.contraction(
        la,
        lb,
        spec.transpose_a,
        spec.transpose_b,
        Some(alpha),
        Some(beta),
        Some(lc),
    );
    if let Some(bias) = bias {
        let lbias = cmd.load_tiled(bias);
        let (sum, out) = (cmd.allocate_tag(), cmd.allocate_tag());
        result = cmd.execute(
            &[result, lbias],
            vec![
                XOp::Binary {
                    dest: sum,
                    f: BinaryFn::Add,
                    a: result,
                    b: lbias,
                },
                XOp::Unary {
                    dest: out,
                    f: UnaryFn::Relu,
                    a: sum,
                },
            ],
        );
    }
    cmd.store_tiled(result, d);
    (
        cmd,
        GemmTags {
            a,
            b,
            c,
            d,
            alpha,
            beta,
            bias,
        },
    )
}

/// The tuned parameters of an f16 GEMM with row-major operands
/// (`GemmSpec::row_major`, B used transposed): 16x16x16 matrix
/// instructions on 2x2 waves, operands straight from global memory as
/// vectors; on gfx942 64x64 macro tiles and two K steps per iteration, on
/// GFX11 64x32 and one (64x64 WMMA tiles with the edge path's element
/// loads need more than 256 VGPRs). `examples/gemm_timing.rs` times it.
pub fn tuned_gemm(p: Processor) -> Params {
    let gfx942 = p == Processor::Gfx942;
    Params {
        matrix: Some([16, 16, 16]),
        macro_tile: if gfx942 { [64, 64] } else { [64, 32] },
        waves: [2, 2],
        depth_k: if gfx942 { 32 } else { 16 },
        lds: false,
        prefetch: false,
        ..Params::default()
    }
}

/// The plain f16 product `D = A * B^T` the tuned parameters are timed on:
/// A is M x K row-major, B is stored N x K, both declared contiguous
/// along K (a translate-time fact: vector loads); D is f32. Returns the
/// command and the tags of A, B and D.
pub fn gemm_abt_f16() -> (Command, [Tag; 3]) {
    let mut cmd = Command::new();
    let a = cmd.tensor_contiguous(2, DataType::F16, 1);
    let b = cmd.tensor_contiguous(2, DataType::F16, 1);
    let d = cmd.tensor(2, DataType::F32);
    let la = cmd.load_tiled(a);
    let lb = cmd.load_tiled(b);
    let r = cmd.contraction(la, lb, false, true, None, None, None);
    cmd.store_tiled(r, d);
    (cmd, [a, b, d])
}
