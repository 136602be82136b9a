//! Matrix operations: one wave multiplies an M x K tile of A by a K x N
//! tile of B and adds an M x N tile C (f32 accumulation), `D = A*B + C`.
//!
//! Each operation is a *wave* operation: every lane of the wave supplies
//! its part of A, B and C as vector values (the lane layout below) and
//! receives its part of D, so all lanes of a wave must execute it together
//! (not inside lane-divergent control flow) and the wave must be full.
//! The lane layouts are the hardware's (the registers MFMA and WMMA read);
//! they are defined once, in the `silk-matrix` crate, which the emulator
//! executes the instructions with and the interpreter executes these
//! operations with:
//!
//! - MFMA (gfx942, wave64), `mfma.f32.MxNxK.T`: lane `l` holds
//!   `A[i][k]` for `i = l % M` and `k = (64/M)`-th group: element `e` of
//!   its A vector is `A[l % M][kpl * (l / M) + e]`, likewise B's element `e`
//!   is `B[kpl * (l / N) + e][l % N]` (`kpl` = elements per lane: 4 for
//!   f16/bf16, 1 for f32). C/D element `r` of lane `l`: for 16x16,
//!   row `4 * (l / 16) + r`, column `l % 16`; for 32x32, row
//!   `8 * (r / 4) + 4 * (l / 32) + r % 4`, column `l % 32`.
//! - WMMA (gfx1100/gfx1151), `wmma.f32.16x16x16.T.wN`: lane `l` holds
//!   row `l % 16` of A (k = 0..15, 16 elements) and column `l % 16` of B;
//!   D/C element `r` of lane `l` is row `2r + l / 16` (wave32, 8 elements)
//!   or `4r + l / 16` (wave64, 4 elements), column `l % 16`.
//!
//! The product is accumulated in k order with one f32 rounding per step
//! (f16 and bf16 products are exact in f32), as the emulator does; the
//! hardware's internal order may differ, so only exact sums are
//! bit-identical to silicon.

use crate::types::{Elem, Type};

/// The hardware unit a matrix operation runs on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MatrixUnit {
    /// gfx942 `v_mfma_*` (wave64 only).
    Mfma,
    /// GFX11 `v_wmma_*`.
    Wmma,
}

/// One matrix operation, typed by shape and input type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MatrixOp {
    /// `v_mfma_f32_16x16x16_f16`
    MfmaF32_16x16x16F16,
    /// `v_mfma_f32_16x16x16_bf16` (gfx942's `_1k` form)
    MfmaF32_16x16x16Bf16,
    /// `v_mfma_f32_32x32x8_f16`
    MfmaF32_32x32x8F16,
    /// `v_mfma_f32_32x32x8_bf16` (gfx942's `_1k` form)
    MfmaF32_32x32x8Bf16,
    /// `v_mfma_f32_16x16x4_f32`
    MfmaF32_16x16x4F32,
    /// `v_mfma_f32_32x32x2_f32`
    MfmaF32_32x32x2F32,
    /// `v_wmma_f32_16x16x16_f16`, wave32
    WmmaF32_16x16x16F16W32,
    /// `v_wmma_f32_16x16x16_bf16`, wave32
    WmmaF32_16x16x16Bf16W32,
    /// `v_wmma_f32_16x16x16_f16`, wave64
    WmmaF32_16x16x16F16W64,
    /// `v_wmma_f32_16x16x16_bf16`, wave64
    WmmaF32_16x16x16Bf16W64,
}

impl MatrixOp {
    pub const ALL: [MatrixOp; 10] = [
        MatrixOp::MfmaF32_16x16x16F16,
        MatrixOp::MfmaF32_16x16x16Bf16,
        MatrixOp::MfmaF32_32x32x8F16,
        MatrixOp::MfmaF32_32x32x8Bf16,
        MatrixOp::MfmaF32_16x16x4F32,
        MatrixOp::MfmaF32_32x32x2F32,
        MatrixOp::WmmaF32_16x16x16F16W32,
        MatrixOp::WmmaF32_16x16x16Bf16W32,
        MatrixOp::WmmaF32_16x16x16F16W64,
        MatrixOp::WmmaF32_16x16x16Bf16W64,
    ];

    /// The text-form mnemonic.
    pub fn keyword(self) -> &'static str {
        use MatrixOp::*;
        match self {
            MfmaF32_16x16x16F16 => "mfma.f32.16x16x16.f16",
            MfmaF32_16x16x16Bf16 => "mfma.f32.16x16x16.bf16",
            MfmaF32_32x32x8F16 => "mfma.f32.32x32x8.f16",
            MfmaF32_32x32x8Bf16 => "mfma.f32.32x32x8.bf16",
            MfmaF32_16x16x4F32 => "mfma.f32.16x16x4.f32",
            MfmaF32_32x32x2F32 => "mfma.f32.32x32x2.f32",
            WmmaF32_16x16x16F16W32 => "wmma.f32.16x16x16.f16.w32",
            WmmaF32_16x16x16Bf16W32 => "wmma.f32.16x16x16.bf16.w32",
            WmmaF32_16x16x16F16W64 => "wmma.f32.16x16x16.f16.w64",
            WmmaF32_16x16x16Bf16W64 => "wmma.f32.16x16x16.bf16.w64",
        }
    }

    pub fn from_keyword(kw: &str) -> Option<MatrixOp> {
        Self::ALL.iter().copied().find(|o| o.keyword() == kw)
    }

    pub fn unit(self) -> MatrixUnit {
        if self.keyword().starts_with("mfma") {
            MatrixUnit::Mfma
        } else {
            MatrixUnit::Wmma
        }
    }

    /// `(M, N, K)` of the tile.
    pub fn mnk(self) -> (u32, u32, u32) {
        use MatrixOp::*;
        match self {
            MfmaF32_16x16x16F16 | MfmaF32_16x16x16Bf16 => (16, 16, 16),
            MfmaF32_32x32x8F16 | MfmaF32_32x32x8Bf16 => (32, 32, 8),
            MfmaF32_16x16x4F32 => (16, 16, 4),
            MfmaF32_32x32x2F32 => (32, 32, 2),
            _ => (16, 16, 16),
        }
    }

    /// The lanes of the wave that executes it.
    pub fn wave_size(self) -> u32 {
        use MatrixOp::*;
        match self {
            WmmaF32_16x16x16F16W32 | WmmaF32_16x16x16Bf16W32 => 32,
            _ => 64,
        }
    }

    /// Element type of A and B.
    pub fn input(self) -> Elem {
        use MatrixOp::*;
        match self {
            MfmaF32_16x16x16F16
            | MfmaF32_32x32x8F16
            | WmmaF32_16x16x16F16W32
            | WmmaF32_16x16x16F16W64 => Elem::F16,
            MfmaF32_16x16x4F32 | MfmaF32_32x32x2F32 => Elem::F32,
            _ => Elem::BF16,
        }
    }

    /// The per-lane type of the A and B operands (`f32` for the f32
    /// shapes, else a vector of [`MatrixOp::input`]).
    pub fn ab_type(self) -> Type {
        let (m, _, k) = self.mnk();
        let per_lane = match self.unit() {
            MatrixUnit::Wmma => 16,
            MatrixUnit::Mfma => m * k / 64,
        };
        match self.input() {
            Elem::F32 => Type::F32,
            e => Type::Vec(e, per_lane as u8),
        }
    }

    /// The per-lane type of C and of the result D (f32 elements).
    pub fn acc_type(self) -> Type {
        let (m, n, _) = self.mnk();
        Type::Vec(Elem::F32, (m * n / self.wave_size()) as u8)
    }
}

/// What a compilation target offers matrix operations, for
/// [`crate::verify::verify_module_for`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Target {
    /// Processor name for messages (`gfx942`).
    pub name: String,
    pub mfma: bool,
    pub wmma: bool,
    /// The wave size kernels are compiled for.
    pub wave64: bool,
}

impl Target {
    /// Why `op` cannot run on this target, if it cannot.
    pub fn reject(&self, op: MatrixOp) -> Option<String> {
        let (has, what) = match op.unit() {
            MatrixUnit::Mfma => (self.mfma, "MFMA (v_mfma_*)"),
            MatrixUnit::Wmma => (self.wmma, "WMMA (v_wmma_*)"),
        };
        if !has {
            return Some(format!(
                "`{}` needs {what} matrix instructions, which {} lacks",
                op.keyword(),
                self.name
            ));
        }
        let wave = if self.wave64 { 64 } else { 32 };
        if op.wave_size() != wave {
            return Some(format!(
                "`{}` is a wave{} operation, but the kernel is compiled for wave{wave} on {}",
                op.keyword(),
                op.wave_size(),
                self.name
            ));
        }
        None
    }
}

/// Execute `op` over a wave's operand words (`register * wave_size +
/// lane`, registers in vector-element order) with the shared hardware
/// semantics of `silk-matrix`; returns D's words laid out the same way.
pub fn execute(op: MatrixOp, a: &[u32], b: &[u32], c: &[u32]) -> Vec<u32> {
    let ty = match op.input() {
        Elem::F16 => silk_matrix::F16,
        Elem::BF16 => silk_matrix::BF16,
        _ => silk_matrix::F32,
    };
    let (m, n, k) = op.mnk();
    match op.unit() {
        MatrixUnit::Mfma => {
            let sh = silk_matrix::Shape {
                m: m as usize,
                n: n as usize,
                k: k as usize,
                blocks: 1,
                a: ty,
                b: ty,
            };
            silk_matrix::mfma(&sh, a, b, c)
        }
        MatrixUnit::Wmma => {
            let w = silk_matrix::Wmma {
                ty,
                half_out: false,
                hi: false,
                signed_a: false,
                signed_b: false,
            };
            silk_matrix::wmma(&w, op.wave_size() as usize, a, b, c)
        }
    }
}
