//! Selection of the precoloured target operations ([`AmdgpuOp`], the Silk
//! source intrinsics): each is one instruction whose operands are the
//! physical registers it names, passed through as [`MOp::Phys`].
//! Register allocation keeps every register such an instruction names
//! away from virtual registers ([`crate::mir::MFunction::precoloured`]), and the
//! scheduler keeps these instructions in source order among themselves
//! ([`crate::mir::MFunction::pinned`]): the kernel author owns their
//! ordering. Other instructions move around them as their dependencies
//! (registers, physical ones included, and memory) allow.

use super::Sel;
use crate::abi::LDS_HELPER_BYTES;
use crate::mir::MOp;
use crate::Error;
use silk_amdgpu::code_object::config::is_gfx90a_class;
use silk_amdgpu::isa::{operand, Mods, Op, Operand};
use silk_gpu_ir::amdgpu::{PhysRegs, RegFile};
use silk_gpu_ir::AmdgpuOp;

impl Sel<'_> {
    pub(super) fn precoloured(&mut self, op: &AmdgpuOp) -> Result<(), Error> {
        let info = self.p.info();
        let available = match op {
            AmdgpuOp::WaitVscnt0 => info.wait_counters.vscnt.is_some(),
            AmdgpuOp::Mfma16x16x16F16 { .. } => info.capabilities.mfma,
            _ => true,
        };
        if !available {
            return Err(Error::Unsupported {
                op: op.name().to_string(),
                ty: None,
                processor: Some(self.p),
            });
        }
        self.check_alignment(op)?;
        let s = |r: u8| MOp::Phys(Operand::sgpr(r as u16));
        let s2 = |r: u8| MOp::Phys(Operand::sgprs(r as u16, 2));
        let v = |r: u8| MOp::Phys(Operand::vgpr(r as u16));
        let v2 = |r: u8| MOp::Phys(Operand::vgprs(r as u16, 2));
        let a4 = |r: u8| MOp::Phys(Operand::agprs(r as u16, 4));
        // FLAT-family `off` scalar base: SADDR 0x7f on GFX9, NULL on GFX11.
        let off = self.off();
        let ds = |offset: u16| super::ds_offset(offset as i32);
        let (opcode, ops, ndefs, mods): (Op, Vec<MOp>, u8, Mods) = match *op {
            AmdgpuOp::SAddI32 { dst, src0, src1 } => (
                Op::S_ADD_I32,
                vec![s(dst), s(src0), s(src1)],
                1,
                Mods::default(),
            ),
            AmdgpuOp::SMovB64 { dst, src } => {
                (Op::S_MOV_B64, vec![s2(dst), s2(src)], 1, Mods::default())
            }
            // vmcnt(0) expcnt(0) lgkmcnt(0) is the all-zero immediate on
            // both generations ([CDNA3]/[RDNA3] §4.4 "S_WAITCNT").
            AmdgpuOp::WaitVmExpLgkm0 => (
                Op::S_WAITCNT,
                vec![MOp::Phys(Operand::Imm(0))],
                0,
                Mods::default(),
            ),
            AmdgpuOp::WaitVscnt0 => (
                Op::S_WAITCNT_VSCNT,
                vec![
                    MOp::Phys(Operand::sgpr(operand::null_code(self.gen))),
                    MOp::Phys(Operand::Imm(0)),
                ],
                0,
                Mods::default(),
            ),
            AmdgpuOp::VAddF32 { dst, src0, src1 } => (
                Op::V_ADD_F32_e32,
                vec![v(dst), v(src0), v(src1)],
                1,
                Mods::default(),
            ),
            AmdgpuOp::VMulF32 { dst, src0, src1 } => (
                Op::V_MUL_F32_e32,
                vec![v(dst), v(src0), v(src1)],
                1,
                Mods::default(),
            ),
            AmdgpuOp::VFmaF32 {
                dst,
                src0,
                src1,
                src2,
            } => (
                Op::V_FMA_F32,
                vec![v(dst), v(src0), v(src1), v(src2)],
                1,
                Mods::default(),
            ),
            AmdgpuOp::GlobalLoadDword { dst, addr } => (
                Op::GLOBAL_LOAD_DWORD,
                vec![v(dst), v2(addr), off],
                1,
                Mods::default(),
            ),
            AmdgpuOp::GlobalStoreDword { addr, data } => (
                Op::GLOBAL_STORE_DWORD,
                vec![v2(addr), v(data), off],
                0,
                Mods::default(),
            ),
            AmdgpuOp::DsWriteB32 { addr, data, offset } => {
                (Op::DS_WRITE_B32, vec![v(addr), v(data)], 0, ds(offset))
            }
            AmdgpuOp::DsReadB32 { dst, addr, offset } => {
                (Op::DS_READ_B32, vec![v(dst), v(addr)], 1, ds(offset))
            }
            AmdgpuOp::Mfma16x16x16F16 {
                acc_dst,
                src_a,
                src_b,
                acc_src,
            } => (
                Op::V_MFMA_F32_16X16X16F16,
                vec![a4(acc_dst), v2(src_a), v2(src_b), a4(acc_src)],
                1,
                Mods::default(),
            ),
        };
        let opcode = self.opcode(opcode)?;
        let at = self.mf.blocks[self.cur.0 as usize].insts.len() as u32;
        self.push(opcode, ops, ndefs, mods);
        self.mf.pinned.push((self.cur, at));
        self.mf.precoloured.extend(op.regs());
        if op.uses_lds() {
            // The LDS helpers address a fixed budget from offset 0.
            self.lds_next = self.lds_next.max(LDS_HELPER_BYTES);
        }
        Ok(())
    }

    /// Register tuples must be even-aligned: SGPR pairs everywhere, VGPR
    /// and AGPR tuples on gfx90a-class processors ([CDNA3] §3.6.2;
    /// `llvm-mc` rejects the others, and the encoder would silently pick
    /// another register).
    fn check_alignment(&self, op: &AmdgpuOp) -> Result<(), Error> {
        let vector = is_gfx90a_class(self.p);
        for PhysRegs {
            file, first, count, ..
        } in op.regs()
        {
            let needs = count > 1 && (file == RegFile::Sgpr || vector);
            if needs && first % 2 != 0 {
                let prefix = match file {
                    RegFile::Sgpr => 's',
                    RegFile::Vgpr => 'v',
                    RegFile::Agpr => 'a',
                };
                return Err(Error::MisalignedTuple {
                    op: op.name(),
                    register: format!("{prefix}[{}:{}]", first, first as u16 + count as u16 - 1),
                    processor: self.p,
                });
            }
        }
        Ok(())
    }
}
