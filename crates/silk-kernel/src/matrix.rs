//! Matrix instructions (MFMA on gfx942, WMMA on GFX11) as the kernel
//! graph sees them: the instruction's shape and input type, and the
//! processor facts that pick it. The lane layouts themselves are the
//! device IR's (`silk_gpu_ir::matrix`, defined once in `silk-matrix`);
//! `transforms::lower_matrix` writes them as coordinate edges.

use serde::{Deserialize, Serialize};
use silk_amdgpu::target::{Processor, Target};
use silk_gpu_ir::{Elem, MatrixOp, MatrixUnit};

use crate::{DataType, Error};

/// What the lowering needs to know about the processor.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Arch {
    pub wavefront_size: u32,
    pub mfma: bool,
    pub wmma: bool,
}

impl Default for Arch {
    /// A wave64 processor without matrix instructions.
    fn default() -> Arch {
        Arch {
            wavefront_size: 64,
            mfma: false,
            wmma: false,
        }
    }
}

impl Arch {
    /// The processor's facts, from its table in `silk-amdgpu`, at its
    /// default wave size.
    pub fn of(p: Processor) -> Arch {
        Arch::of_target(&Target::new(p))
    }

    /// The facts of a target (processor and wave size).
    pub fn of_target(t: &Target) -> Arch {
        let caps = t.processor.info().capabilities;
        Arch {
            wavefront_size: t.wavefront_size,
            mfma: caps.mfma,
            wmma: caps.wmma,
        }
    }

    /// The target `params` compile for on `p`: the processor's default
    /// wave size unless [`crate::Params::wavefront_size`] asks for one.
    pub fn target(p: Processor, params: &crate::Params) -> Result<Target, Error> {
        let t = Target::new(p);
        match params.wavefront_size {
            None => Ok(t),
            Some(w) => t
                .with_wavefront_size(w)
                .map_err(|e| Error::Params(format!("wavefront_size {w} on {p}: {e}"))),
        }
    }
}

/// The unit of a matrix instruction (serializable mirror of the IR's).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Unit {
    Mfma,
    Wmma,
}

/// One matrix instruction: `m x n x k`, input type, unit, wave size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MatrixInstr {
    pub m: u32,
    pub n: u32,
    pub k: u32,
    pub input: DataType,
    pub unit: Unit,
    pub wave: u32,
}

fn elem(d: DataType) -> Elem {
    match d {
        DataType::F16 => Elem::F16,
        DataType::BF16 => Elem::BF16,
        DataType::F32 => Elem::F32,
    }
}

impl MatrixInstr {
    /// The instruction of shape `[m, n, k]` for `input` on `arch`.
    pub fn select(arch: &Arch, shape: [u32; 3], input: DataType) -> Result<MatrixInstr, Error> {
        let t = silk_gpu_ir::Target {
            name: "the processor".into(),
            mfma: arch.mfma,
            wmma: arch.wmma,
            wave64: arch.wavefront_size == 64,
        };
        let op = MatrixOp::ALL
            .into_iter()
            .find(|op| {
                let (m, n, k) = op.mnk();
                [m, n, k] == shape && op.input() == elem(input) && t.reject(*op).is_none()
            })
            .ok_or_else(|| {
                Error::unsupported(format!(
                    "no {}x{}x{} {input:?} matrix instruction on a wave{} processor with{} MFMA and{} WMMA",
                    shape[0],
                    shape[1],
                    shape[2],
                    arch.wavefront_size,
                    if arch.mfma { "" } else { "out" },
                    if arch.wmma { "" } else { "out" },
                ))
            })?;
        Ok(MatrixInstr {
            m: shape[0],
            n: shape[1],
            k: shape[2],
            input,
            unit: match op.unit() {
                MatrixUnit::Mfma => Unit::Mfma,
                MatrixUnit::Wmma => Unit::Wmma,
            },
            wave: op.wave_size(),
        })
    }

    /// The device-IR operation.
    pub fn op(&self) -> Result<MatrixOp, Error> {
        MatrixOp::ALL
            .into_iter()
            .find(|op| {
                let (m, n, k) = op.mnk();
                (m, n, k) == (self.m, self.n, self.k)
                    && op.input() == elem(self.input)
                    && op.wave_size() == self.wave
                    && matches!(
                        (op.unit(), self.unit),
                        (MatrixUnit::Mfma, Unit::Mfma) | (MatrixUnit::Wmma, Unit::Wmma)
                    )
            })
            .ok_or_else(|| Error::graph(format!("no matrix operation {self:?}")))
    }

    /// A and B elements per lane (`k` for WMMA, `m * k / wave` for MFMA).
    pub fn per_lane(&self) -> u32 {
        match self.unit {
            Unit::Wmma => self.k,
            Unit::Mfma => self.m * self.k / self.wave,
        }
    }

    /// Accumulator elements per lane.
    pub fn acc_per_lane(&self) -> u32 {
        self.m * self.n / self.wave
    }

    /// Consecutive accumulator rows a lane holds (4 for MFMA, 1 for WMMA:
    /// `silk_gpu_ir::matrix` lane layouts).
    pub fn acc_row_run(&self) -> u32 {
        match self.unit {
            Unit::Mfma => 4.min(self.acc_per_lane()),
            Unit::Wmma => 1,
        }
    }
}
