//! Instruction selection for source kernels: each [`KernelOp`] to its
//! instruction(s) on one processor, then `s_endpgm`.
//!
//! Raw intrinsics map one to one. The two `std::gpu::device` operations
//! expand to explicit kernarg loads and global-X address arithmetic over
//! the registers the descriptor ([`super::abi`]) asks the hardware to
//! initialise:
//!
//! ```text
//! s[4:5]  kernarg segment pointer      s8   workgroup id X
//! v0      packed work-item ids (X in bits 0..9 on gfx942 and GFX11)
//! ```
//!
//! and the scratch registers [`abi::SCRATCH_SGPR0`].. / [`abi::SCRATCH_VGPR0`]..
//! Each expansion is self-contained (it re-reads what it needs), so several
//! may follow each other; raw intrinsics that overwrite the registers above
//! before a device operation change what it computes.

use super::abi;
use super::{KernelOp, KernelSource, Lowered};
use crate::{CodegenError, Result};
use silk_amdgpu::code_object::config::is_gfx90a_class;
use silk_amdgpu::isa::format::{mod_bit, Field, ModBit};
use silk_amdgpu::isa::operand::null_code;
use silk_amdgpu::isa::table;
use silk_amdgpu::isa::{Family, Inst, Mods, Operand};
use silk_amdgpu::{Generation, Processor, Target};

/// `vcc` / `vcc_lo` source code ([CDNA3]/[RDNA3] "SSRC operands").
const VCC: u16 = 106;
/// The `off` scalar base of FLAT-family instructions: field value 0x7f on
/// GFX9 ([CDNA3] "FLAT, Scratch and Global": SADDR 0x7f disables it);
/// `null` (0x7c) on GFX11.
fn saddr_off(gen: Generation) -> Operand {
    match gen {
        Generation::Gfx9 => Operand::sgprs(0x7f, 2),
        Generation::Gfx11 => Operand::sgprs(null_code(gen), 2),
    }
}

/// The mnemonics that differ between generations.
struct Names {
    s_load_b32: &'static str,
    s_load_b64: &'static str,
    global_load_b32: &'static str,
    global_store_b32: &'static str,
    ds_store_b32: &'static str,
    ds_load_b32: &'static str,
    v_add_u32: &'static str,
}

fn names(gen: Generation) -> Names {
    match gen {
        Generation::Gfx9 => Names {
            s_load_b32: "s_load_dword",
            s_load_b64: "s_load_dwordx2",
            global_load_b32: "global_load_dword",
            global_store_b32: "global_store_dword",
            ds_store_b32: "ds_write_b32",
            ds_load_b32: "ds_read_b32",
            v_add_u32: "v_add_u32_e32",
        },
        Generation::Gfx11 => Names {
            s_load_b32: "s_load_b32",
            s_load_b64: "s_load_b64",
            global_load_b32: "global_load_b32",
            global_store_b32: "global_store_b32",
            ds_store_b32: "ds_store_b32",
            ds_load_b32: "ds_load_b32",
            v_add_u32: "v_add_nc_u32_e32",
        },
    }
}

/// `S_WAITCNT` immediate waiting for the given counts, other counters at
/// their maximum (no wait). Field layouts: [CDNA3] §4.4 (vmcnt bits 3:0
/// and 15:14, expcnt 6:4, lgkmcnt 11:8), [RDNA3] §4.4 (vmcnt 15:10,
/// expcnt 2:0, lgkmcnt 9:4).
pub fn waitcnt_imm(gen: Generation, vmcnt: Option<u32>, lgkmcnt: Option<u32>) -> i32 {
    let vm = vmcnt.unwrap_or(63);
    let exp = 7;
    let imm = match gen {
        Generation::Gfx9 => {
            let lgkm = lgkmcnt.unwrap_or(15);
            (vm & 0xf) | (vm >> 4 & 3) << 14 | exp << 4 | (lgkm & 0xf) << 8
        }
        Generation::Gfx11 => {
            let lgkm = lgkmcnt.unwrap_or(63);
            (vm & 0x3f) << 10 | exp | (lgkm & 0x3f) << 4
        }
    };
    imm as i32
}

/// A DS instruction's 16-bit byte offset: the table model splits it into
/// `offset0` (low byte) and `offset1` (high byte), as the encoding does.
fn ds_offset(offset: u16) -> Mods {
    Mods {
        offset: (offset & 0xff) as i32,
        offset1: offset >> 8,
        ..Mods::default()
    }
}

struct Builder<'a> {
    processor: Processor,
    gen: Generation,
    names: Names,
    kernel: &'a KernelSource<'a>,
    out: Vec<Lowered>,
    origin: Option<usize>,
    /// Lane-mask width in dwords (2 for wave64, 1 for wave32).
    lane_mask: u8,
}

impl Builder<'_> {
    fn emit_with(
        &mut self,
        name: &'static str,
        family: Family,
        operands: &[Operand],
        mods: Mods,
    ) -> Result<()> {
        let opcode = table::lookup(self.processor, name, Some(family)).ok_or(
            CodegenError::MissingOpcode {
                op_index: self.origin,
                name,
                processor: self.processor,
            },
        )?;
        self.out.push(Lowered {
            inst: Inst::new(opcode, operands).with_mods(mods),
            origin: self.origin,
        });
        Ok(())
    }

    fn emit(&mut self, name: &'static str, family: Family, operands: &[Operand]) -> Result<()> {
        self.emit_with(name, family, operands, Mods::default())
    }

    /// `s_load_*` of `dwords` from the kernarg segment at `offset`.
    fn load_kernarg(&mut self, dst: u16, dwords: u8, offset: u32) -> Result<()> {
        let name = if dwords == 2 {
            self.names.s_load_b64
        } else {
            self.names.s_load_b32
        };
        let sdst = Operand::sgprs(dst, dwords);
        let base = Operand::sgprs(abi::KERNARG_PTR_SGPR, 2);
        let opcode = table::lookup(self.processor, name, Some(Family::Smem)).ok_or(
            CodegenError::MissingOpcode {
                op_index: self.origin,
                name,
                processor: self.processor,
            },
        )?;
        // The immediate offset lives in the modifiers (with the IMM bit on
        // GFX9). The SOFFSET field is an operand too: unused (zero, SOE
        // clear) on GFX9, `null` (no register offset) on GFX11.
        let has_soffset = table::table(self.gen)[opcode.0 as usize]
            .operands
            .get(2)
            .is_some_and(|s| s.field == Field::Soffset);
        let gfx9 = self.gen == Generation::Gfx9;
        let mods = Mods {
            offset: offset as i32,
            mem: if gfx9 { mod_bit(ModBit::Imm) } else { 0 },
            ..Mods::default()
        };
        if has_soffset {
            let soffset = Operand::sgpr(if gfx9 { 0 } else { null_code(self.gen) });
            self.emit_with(name, Family::Smem, &[sdst, base, soffset], mods)
        } else {
            self.emit_with(name, Family::Smem, &[sdst, base], mods)
        }
    }

    fn waitcnt(&mut self, vmcnt: Option<u32>, lgkmcnt: Option<u32>) -> Result<()> {
        let imm = waitcnt_imm(self.gen, vmcnt, lgkmcnt);
        self.emit("s_waitcnt", Family::Sopp, &[Operand::Imm(imm)])
    }

    fn vcc(&self) -> Operand {
        Operand::sgprs(VCC, self.lane_mask)
    }

    /// Carry-out destination of `v_mad_u64_u32`, which is never read:
    /// `null` where it exists as a destination (GFX11), else VCC.
    fn unused_carry(&self) -> Operand {
        match self.gen {
            Generation::Gfx11 => Operand::sgprs(null_code(self.gen), self.lane_mask),
            Generation::Gfx9 => self.vcc(),
        }
    }

    fn param_offset(&self, index: u8) -> Result<u32> {
        let count = self.kernel.params.len();
        if index as usize >= count {
            return Err(CodegenError::NoSuchParameter {
                op_index: self.origin.unwrap_or(0),
                param: index as usize,
                count,
            });
        }
        Ok(8 * index as u32)
    }

    /// `v_gid = workgroup_id_x * group_size_x + workitem_id_x` in
    /// `v[SCRATCH_VGPR0]`, using `s[group]` (loaded, not yet waited for).
    /// Ends with a wait for every scalar load issued so far.
    fn global_id_x(&mut self, group: u16) -> Result<u16> {
        let gid = abi::SCRATCH_VGPR0;
        // Work-item id X: bits 0..9 of v0 (packed work-item ids, AMDGPUUsage
        // "Initial Kernel Execution State", gfx90a+ and GFX11).
        self.emit(
            "v_and_b32_e32",
            Family::Vop2,
            &[
                Operand::vgpr(gid),
                Operand::Literal(0x3ff),
                Operand::vgpr(abi::WORKITEM_ID_VGPR),
            ],
        )?;
        self.waitcnt(None, Some(0))?;
        // hidden_group_size_x is the low half of the dword that also holds
        // hidden_group_size_y.
        self.emit(
            "s_and_b32",
            Family::Sop2,
            &[
                Operand::sgpr(group),
                Operand::sgpr(group),
                Operand::Literal(0xffff),
            ],
        )?;
        self.emit(
            "s_mul_i32",
            Family::Sop2,
            &[
                Operand::sgpr(group),
                Operand::sgpr(abi::WORKGROUP_ID_X_SGPR),
                Operand::sgpr(group),
            ],
        )?;
        let add = self.names.v_add_u32;
        self.emit(
            add,
            Family::Vop2,
            &[Operand::vgpr(gid), Operand::sgpr(group), Operand::vgpr(gid)],
        )?;
        Ok(gid)
    }

    /// `v[dst:dst+1] = s[base:base+1] + zext(v[index]) * 4`: the full 64-bit
    /// address of element `index` of a packed u32 array.
    fn element_address(&mut self, dst: u16, base: u16, index: u16) -> Result<()> {
        let carry = self.unused_carry();
        self.emit(
            "v_mad_u64_u32",
            Family::Vop3,
            &[
                Operand::vgprs(dst, 2),
                carry,
                Operand::vgpr(index),
                Operand::int(4),
                Operand::sgprs(base, 2),
            ],
        )
    }

    fn store_u32_at_global_x(&mut self, base_param: u8, value_param: u8) -> Result<()> {
        let s = abi::SCRATCH_SGPR0;
        let (base, value, group) = (s, s + 2, s + 3);
        let base_off = self.param_offset(base_param)?;
        let value_off = self.param_offset(value_param)?;
        self.load_kernarg(base, 2, base_off)?;
        self.load_kernarg(value, 1, value_off)?;
        self.load_kernarg(group, 1, abi::group_size_x_offset(self.kernel))?;
        let gid = self.global_id_x(group)?;
        let addr = abi::SCRATCH_VGPR0 + 1;
        let data = addr + 2;
        self.element_address(addr, base, gid)?;
        self.emit(
            "v_mov_b32_e32",
            Family::Vop1,
            &[Operand::vgpr(data), Operand::sgpr(value)],
        )?;
        let store = self.names.global_store_b32;
        let off = saddr_off(self.gen);
        self.emit(
            store,
            Family::Global,
            &[Operand::vgprs(addr, 2), Operand::vgpr(data), off],
        )
    }

    fn classify_u32_at_global_x(&mut self, input: u8, output: u8, threshold: u8) -> Result<()> {
        let s = abi::SCRATCH_SGPR0;
        let (in_base, out_base, thr, group) = (s, s + 2, s + 4, s + 5);
        let in_off = self.param_offset(input)?;
        let out_off = self.param_offset(output)?;
        let thr_off = self.param_offset(threshold)?;
        self.load_kernarg(in_base, 2, in_off)?;
        self.load_kernarg(out_base, 2, out_off)?;
        self.load_kernarg(thr, 1, thr_off)?;
        self.load_kernarg(group, 1, abi::group_size_x_offset(self.kernel))?;
        let gid = self.global_id_x(group)?;
        let in_addr = abi::SCRATCH_VGPR0 + 1;
        let out_addr = in_addr + 2;
        let value = out_addr + 2;
        self.element_address(in_addr, in_base, gid)?;
        self.element_address(out_addr, out_base, gid)?;
        let off = saddr_off(self.gen);
        let load = self.names.global_load_b32;
        self.emit(
            load,
            Family::Global,
            &[Operand::vgpr(value), Operand::vgprs(in_addr, 2), off],
        )?;
        self.waitcnt(Some(0), None)?;
        // value >= threshold  <=>  threshold <= value (unsigned).
        let vcc = self.vcc();
        self.emit(
            "v_cmp_le_u32_e32",
            Family::Vopc,
            &[vcc, Operand::sgpr(thr), Operand::vgpr(value)],
        )?;
        self.emit(
            "v_cndmask_b32_e64",
            Family::Vop3,
            &[Operand::vgpr(value), Operand::int(0), Operand::int(1), vcc],
        )?;
        let store = self.names.global_store_b32;
        self.emit(
            store,
            Family::Global,
            &[Operand::vgprs(out_addr, 2), Operand::vgpr(value), off],
        )
    }

    /// Register tuples must be even-aligned: SGPR pairs everywhere, VGPR
    /// and AGPR tuples on gfx90a-class processors ([CDNA3] §3.6.2; `llvm-mc`
    /// rejects the others, and the encoder would silently pick another
    /// register).
    fn check_alignment(&self, index: usize, op: &KernelOp) -> Result<()> {
        let vector = is_gfx90a_class(self.processor);
        // (register file prefix, first register, count)
        let tuples: Vec<(char, u8, u8)> = match *op {
            KernelOp::SMovB64 { dst, src } => vec![('s', dst, 2), ('s', src, 2)],
            KernelOp::GlobalLoadDword { addr, .. } | KernelOp::GlobalStoreDword { addr, .. } => {
                vec![('v', addr, 2)]
            }
            KernelOp::Mfma16x16x16F16 {
                acc_dst,
                src_a,
                src_b,
                acc_src,
            } => vec![
                ('a', acc_dst, 4),
                ('v', src_a, 2),
                ('v', src_b, 2),
                ('a', acc_src, 4),
            ],
            _ => Vec::new(),
        };
        for (file, first, count) in tuples {
            if first % 2 != 0 && (file == 's' || vector) {
                return Err(CodegenError::MisalignedTuple {
                    op_index: index,
                    op: op.name(),
                    register: format!("{file}[{}:{}]", first, first as u16 + count as u16 - 1),
                    processor: self.processor,
                });
            }
        }
        Ok(())
    }

    fn op(&mut self, index: usize, op: &KernelOp) -> Result<()> {
        self.origin = Some(index);
        self.check_alignment(index, op)?;
        let s = |r: u8| Operand::sgpr(r as u16);
        let s2 = |r: u8| Operand::sgprs(r as u16, 2);
        let v = |r: u8| Operand::vgpr(r as u16);
        let v2 = |r: u8| Operand::vgprs(r as u16, 2);
        let a4 = |r: u8| Operand::agprs(r as u16, 4);
        let unsupported = || CodegenError::Unsupported {
            op_index: index,
            op: op.name().to_string(),
            processor: self.processor,
        };
        match *op {
            KernelOp::SAddI32 { dst, src0, src1 } => {
                self.emit("s_add_i32", Family::Sop2, &[s(dst), s(src0), s(src1)])
            }
            KernelOp::SMovB64 { dst, src } => {
                self.emit("s_mov_b64", Family::Sop1, &[s2(dst), s2(src)])
            }
            KernelOp::WaitVmExpLgkm0 => {
                // vmcnt(0) expcnt(0) lgkmcnt(0) is the all-zero immediate on
                // both generations.
                self.emit("s_waitcnt", Family::Sopp, &[Operand::Imm(0)])
            }
            KernelOp::WaitVscnt0 => {
                if self.processor.info().wait_counters.vscnt.is_none() {
                    return Err(unsupported());
                }
                let null = Operand::sgpr(null_code(self.gen));
                self.emit("s_waitcnt_vscnt", Family::Sopk, &[null, Operand::Imm(0)])
            }
            KernelOp::VAddF32 { dst, src0, src1 } => {
                self.emit("v_add_f32_e32", Family::Vop2, &[v(dst), v(src0), v(src1)])
            }
            KernelOp::VMulF32 { dst, src0, src1 } => {
                self.emit("v_mul_f32_e32", Family::Vop2, &[v(dst), v(src0), v(src1)])
            }
            KernelOp::VFmaF32 {
                dst,
                src0,
                src1,
                src2,
            } => self.emit(
                "v_fma_f32",
                Family::Vop3,
                &[v(dst), v(src0), v(src1), v(src2)],
            ),
            KernelOp::GlobalLoadDword { dst, addr } => {
                let name = self.names.global_load_b32;
                let off = saddr_off(self.gen);
                self.emit(name, Family::Global, &[v(dst), v2(addr), off])
            }
            KernelOp::GlobalStoreDword { addr, data } => {
                let name = self.names.global_store_b32;
                let off = saddr_off(self.gen);
                self.emit(name, Family::Global, &[v2(addr), v(data), off])
            }
            KernelOp::DsWriteB32 { addr, data, offset } => {
                let name = self.names.ds_store_b32;
                let mods = ds_offset(offset);
                self.emit_with(name, Family::Ds, &[v(addr), v(data)], mods)
            }
            KernelOp::DsReadB32 { dst, addr, offset } => {
                let name = self.names.ds_load_b32;
                let mods = ds_offset(offset);
                self.emit_with(name, Family::Ds, &[v(dst), v(addr)], mods)
            }
            KernelOp::Mfma16x16x16F16 {
                acc_dst,
                src_a,
                src_b,
                acc_src,
            } => {
                if !self.processor.info().capabilities.mfma {
                    return Err(unsupported());
                }
                self.emit(
                    "v_mfma_f32_16x16x16_f16",
                    Family::Vop3p,
                    &[a4(acc_dst), v2(src_a), v2(src_b), a4(acc_src)],
                )
            }
            KernelOp::StoreU32AtGlobalX {
                base_param_index,
                value_param_index,
            } => self.store_u32_at_global_x(base_param_index, value_param_index),
            KernelOp::ClassifyU32AtGlobalX {
                input_param_index,
                output_param_index,
                threshold_param_index,
            } => self.classify_u32_at_global_x(
                input_param_index,
                output_param_index,
                threshold_param_index,
            ),
        }
    }
}

/// Lower every op of `kernel`, in order, and append `s_endpgm`.
pub fn select(target: &Target, kernel: &KernelSource) -> Result<Vec<Lowered>> {
    let processor = target.processor;
    let gen = processor.generation();
    let mut b = Builder {
        processor,
        gen,
        names: names(gen),
        kernel,
        out: Vec::with_capacity(kernel.ops.len() + 1),
        origin: None,
        lane_mask: if target.wavefront_size == 32 { 1 } else { 2 },
    };
    for (i, op) in kernel.ops.iter().enumerate() {
        b.op(i, op)?;
    }
    b.origin = None;
    b.emit("s_endpgm", Family::Sopp, &[Operand::Imm(0)])?;
    Ok(b.out)
}
