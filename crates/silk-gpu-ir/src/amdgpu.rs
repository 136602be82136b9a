//! Target instructions over literal physical registers: the AMDGPU source
//! intrinsics (`__silk_amdgpu_*` and the `std::gpu::isa` wrappers) as IR
//! operations. Their registers are *precoloured*: instruction selection
//! passes them through unchanged, register allocation keeps every
//! register they name away from other values, and the scheduler keeps
//! them in source order. They define and use no SSA values, so every
//! target-neutral pass (and the interpreter, which refuses them) treats
//! them as opaque side effects.
//!
//! Register operands are register numbers; `*_pair`/`acc_*` operands name
//! the first register of an aligned tuple. Which processors own which
//! operation is the code generator's business (it reports an unsupported
//! operation by name); the front end checks the same facts first to point
//! at the source.

/// One precoloured AMDGPU instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AmdgpuOp {
    /// `s_add_i32 s[dst], s[src0], s[src1]`
    SAddI32 { dst: u8, src0: u8, src1: u8 },
    /// `s_mov_b64 s[dst:dst+1], s[src:src+1]`
    SMovB64 { dst: u8, src: u8 },
    /// `s_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0)`
    WaitVmExpLgkm0,
    /// `s_waitcnt_vscnt null, 0` (processors with a vector-store counter)
    WaitVscnt0,
    /// `v_add_f32 v[dst], v[src0], v[src1]`
    VAddF32 { dst: u8, src0: u8, src1: u8 },
    /// `v_mul_f32 v[dst], v[src0], v[src1]`
    VMulF32 { dst: u8, src0: u8, src1: u8 },
    /// `v_fma_f32 v[dst], v[src0], v[src1], v[src2]`
    VFmaF32 {
        dst: u8,
        src0: u8,
        src1: u8,
        src2: u8,
    },
    /// `global_load_dword v[dst], v[addr:addr+1], off`
    GlobalLoadDword { dst: u8, addr: u8 },
    /// `global_store_dword v[addr:addr+1], v[data], off`
    GlobalStoreDword { addr: u8, data: u8 },
    /// `ds_write_b32 v[addr], v[data] offset:offset`
    DsWriteB32 { addr: u8, data: u8, offset: u16 },
    /// `ds_read_b32 v[dst], v[addr] offset:offset`
    DsReadB32 { dst: u8, addr: u8, offset: u16 },
    /// `v_mfma_f32_16x16x16_f16 acc[dst:+3], v[a:+1], v[b:+1], acc[src:+3]`
    Mfma16x16x16F16 {
        acc_dst: u8,
        src_a: u8,
        src_b: u8,
        acc_src: u8,
    },
}

/// The register file of a precoloured operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RegFile {
    Sgpr,
    Vgpr,
    /// Accumulation registers (MFMA).
    Agpr,
}

/// One register operand of an [`AmdgpuOp`]: `count` registers from `first`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PhysRegs {
    pub file: RegFile,
    pub first: u8,
    pub count: u8,
    /// Written (else read).
    pub def: bool,
}

impl AmdgpuOp {
    /// Every name, as [`AmdgpuOp::name`] spells it.
    pub const NAMES: [&'static str; 12] = [
        "s_add_i32",
        "s_mov_b64",
        "s_waitcnt_vmcnt0_expcnt0_lgkmcnt0",
        "s_waitcnt_vscnt0",
        "v_add_f32",
        "v_mul_f32",
        "v_fma_f32",
        "global_load_dword",
        "global_store_dword",
        "ds_write_b32",
        "ds_read_b32",
        "mfma_f32_16x16x16_f16",
    ];

    /// The source-level name (the intrinsic without `__silk_amdgpu_`), also
    /// the keyword of the `.sir` text form `amdgpu NAME n, ...`.
    pub fn name(&self) -> &'static str {
        Self::NAMES[self.index()]
    }

    fn index(&self) -> usize {
        match self {
            AmdgpuOp::SAddI32 { .. } => 0,
            AmdgpuOp::SMovB64 { .. } => 1,
            AmdgpuOp::WaitVmExpLgkm0 => 2,
            AmdgpuOp::WaitVscnt0 => 3,
            AmdgpuOp::VAddF32 { .. } => 4,
            AmdgpuOp::VMulF32 { .. } => 5,
            AmdgpuOp::VFmaF32 { .. } => 6,
            AmdgpuOp::GlobalLoadDword { .. } => 7,
            AmdgpuOp::GlobalStoreDword { .. } => 8,
            AmdgpuOp::DsWriteB32 { .. } => 9,
            AmdgpuOp::DsReadB32 { .. } => 10,
            AmdgpuOp::Mfma16x16x16F16 { .. } => 11,
        }
    }

    /// The operand values in source order (register numbers, LDS offsets).
    pub fn fields(&self) -> Vec<u32> {
        let v = |xs: &[u8]| xs.iter().map(|&x| x as u32).collect::<Vec<_>>();
        match *self {
            AmdgpuOp::SAddI32 { dst, src0, src1 }
            | AmdgpuOp::VAddF32 { dst, src0, src1 }
            | AmdgpuOp::VMulF32 { dst, src0, src1 } => v(&[dst, src0, src1]),
            AmdgpuOp::SMovB64 { dst, src } => v(&[dst, src]),
            AmdgpuOp::WaitVmExpLgkm0 | AmdgpuOp::WaitVscnt0 => vec![],
            AmdgpuOp::VFmaF32 {
                dst,
                src0,
                src1,
                src2,
            } => v(&[dst, src0, src1, src2]),
            AmdgpuOp::GlobalLoadDword { dst, addr } => v(&[dst, addr]),
            AmdgpuOp::GlobalStoreDword { addr, data } => v(&[addr, data]),
            AmdgpuOp::DsWriteB32 { addr, data, offset } => {
                vec![addr as u32, data as u32, offset as u32]
            }
            AmdgpuOp::DsReadB32 { dst, addr, offset } => {
                vec![dst as u32, addr as u32, offset as u32]
            }
            AmdgpuOp::Mfma16x16x16F16 {
                acc_dst,
                src_a,
                src_b,
                acc_src,
            } => v(&[acc_dst, src_a, src_b, acc_src]),
        }
    }

    /// The operation called `name` with operand values `v` (as
    /// [`AmdgpuOp::fields`] returns them); `None` for an unknown name, a
    /// wrong operand count or a value out of its field's range.
    pub fn from_fields(name: &str, v: &[u32]) -> Option<AmdgpuOp> {
        let at = Self::NAMES.iter().position(|n| *n == name)?;
        let want = [3, 2, 0, 0, 3, 3, 4, 2, 2, 3, 3, 4][at];
        if v.len() != want {
            return None;
        }
        let r = |i: usize| u8::try_from(v[i]).ok();
        let off = |i: usize| u16::try_from(v[i]).ok();
        Some(match at {
            0 => AmdgpuOp::SAddI32 {
                dst: r(0)?,
                src0: r(1)?,
                src1: r(2)?,
            },
            1 => AmdgpuOp::SMovB64 {
                dst: r(0)?,
                src: r(1)?,
            },
            2 => AmdgpuOp::WaitVmExpLgkm0,
            3 => AmdgpuOp::WaitVscnt0,
            4 => AmdgpuOp::VAddF32 {
                dst: r(0)?,
                src0: r(1)?,
                src1: r(2)?,
            },
            5 => AmdgpuOp::VMulF32 {
                dst: r(0)?,
                src0: r(1)?,
                src1: r(2)?,
            },
            6 => AmdgpuOp::VFmaF32 {
                dst: r(0)?,
                src0: r(1)?,
                src1: r(2)?,
                src2: r(3)?,
            },
            7 => AmdgpuOp::GlobalLoadDword {
                dst: r(0)?,
                addr: r(1)?,
            },
            8 => AmdgpuOp::GlobalStoreDword {
                addr: r(0)?,
                data: r(1)?,
            },
            9 => AmdgpuOp::DsWriteB32 {
                addr: r(0)?,
                data: r(1)?,
                offset: off(2)?,
            },
            10 => AmdgpuOp::DsReadB32 {
                dst: r(0)?,
                addr: r(1)?,
                offset: off(2)?,
            },
            _ => AmdgpuOp::Mfma16x16x16F16 {
                acc_dst: r(0)?,
                src_a: r(1)?,
                src_b: r(2)?,
                acc_src: r(3)?,
            },
        })
    }

    /// The registers the operation names, definitions first.
    pub fn regs(&self) -> Vec<PhysRegs> {
        let reg = |file, first, count, def| PhysRegs {
            file,
            first,
            count,
            def,
        };
        use RegFile::*;
        match *self {
            AmdgpuOp::SAddI32 { dst, src0, src1 } => vec![
                reg(Sgpr, dst, 1, true),
                reg(Sgpr, src0, 1, false),
                reg(Sgpr, src1, 1, false),
            ],
            AmdgpuOp::SMovB64 { dst, src } => {
                vec![reg(Sgpr, dst, 2, true), reg(Sgpr, src, 2, false)]
            }
            AmdgpuOp::WaitVmExpLgkm0 | AmdgpuOp::WaitVscnt0 => vec![],
            AmdgpuOp::VAddF32 { dst, src0, src1 } | AmdgpuOp::VMulF32 { dst, src0, src1 } => {
                vec![
                    reg(Vgpr, dst, 1, true),
                    reg(Vgpr, src0, 1, false),
                    reg(Vgpr, src1, 1, false),
                ]
            }
            AmdgpuOp::VFmaF32 {
                dst,
                src0,
                src1,
                src2,
            } => vec![
                reg(Vgpr, dst, 1, true),
                reg(Vgpr, src0, 1, false),
                reg(Vgpr, src1, 1, false),
                reg(Vgpr, src2, 1, false),
            ],
            AmdgpuOp::GlobalLoadDword { dst, addr } => {
                vec![reg(Vgpr, dst, 1, true), reg(Vgpr, addr, 2, false)]
            }
            AmdgpuOp::GlobalStoreDword { addr, data } => {
                vec![reg(Vgpr, addr, 2, false), reg(Vgpr, data, 1, false)]
            }
            AmdgpuOp::DsWriteB32 { addr, data, .. } => {
                vec![reg(Vgpr, addr, 1, false), reg(Vgpr, data, 1, false)]
            }
            AmdgpuOp::DsReadB32 { dst, addr, .. } => {
                vec![reg(Vgpr, dst, 1, true), reg(Vgpr, addr, 1, false)]
            }
            AmdgpuOp::Mfma16x16x16F16 {
                acc_dst,
                src_a,
                src_b,
                acc_src,
            } => vec![
                reg(Agpr, acc_dst, 4, true),
                reg(Vgpr, src_a, 2, false),
                reg(Vgpr, src_b, 2, false),
                reg(Agpr, acc_src, 4, false),
            ],
        }
    }

    /// Whether the operation addresses LDS (the kernel then reserves the
    /// LDS helpers' fixed budget).
    pub fn uses_lds(&self) -> bool {
        matches!(
            self,
            AmdgpuOp::DsWriteB32 { .. } | AmdgpuOp::DsReadB32 { .. }
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_round_trip_through_the_name() {
        let ops = [
            AmdgpuOp::SAddI32 {
                dst: 1,
                src0: 2,
                src1: 3,
            },
            AmdgpuOp::WaitVscnt0,
            AmdgpuOp::DsReadB32 {
                dst: 7,
                addr: 0,
                offset: 65535,
            },
            AmdgpuOp::Mfma16x16x16F16 {
                acc_dst: 16,
                src_a: 8,
                src_b: 10,
                acc_src: 16,
            },
        ];
        for op in ops {
            assert_eq!(AmdgpuOp::from_fields(op.name(), &op.fields()), Some(op));
        }
        assert_eq!(AmdgpuOp::from_fields("v_add_f32", &[256, 0, 0]), None);
        assert_eq!(AmdgpuOp::from_fields("v_add_f32", &[0, 0]), None);
        assert_eq!(AmdgpuOp::from_fields("s_endpgm", &[]), None);
    }
}
