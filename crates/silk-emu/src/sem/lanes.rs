//! VALU moves and cross-lane operations: moves, lane reads and writes, masks, selects, permutes.

use super::*;

/// The semantics of one mnemonic of this family.
pub(super) fn semantics(op: Op) -> Sem {
    let s: (Handler, u32) = match op {
        Op::V_MOV_B32_e32
        | Op::V_MOV_B32_e64
        | Op::V_MOV_B64_e32
        | Op::V_MOV_B64_e64
        | Op::V_ACCVGPR_READ_B32
        | Op::V_ACCVGPR_WRITE_B32
        | Op::V_ACCVGPR_MOV_B32
        | Op::V_MOV_B16_e32
        | Op::V_MOV_B16_e64 => (
            |e| {
                e.lenient = true;
                e.valu::<1>(Fk::Int, |[a]| a)
            },
            0,
        ),
        Op::V_READLANE_B32 => (readlane, 0),
        Op::V_READFIRSTLANE_B32 => (readfirstlane, 0),
        Op::V_WRITELANE_B32 => (writelane, 0),
        Op::V_MBCNT_LO_U32_B32 => (mbcnt, 0),
        Op::V_MBCNT_HI_U32_B32 => (mbcnt, 1),
        // Source modifiers act on the sources as 32-bit floats (abs
        // clears, neg flips the sign bit): ISA manual, VOP3 and SDWA
        // input modifiers of V_CNDMASK_B32.
        Op::V_CNDMASK_B32_e32 | Op::V_CNDMASK_B32_e64 => (
            |e| {
                e.valu_mask(
                    Some(0),
                    MaskDst::None,
                    [1, 2],
                    Some(3),
                    Fk::F32,
                    |[a, b], c| (if c { b } else { a }, false),
                )
            },
            0,
        ),

        // GFX11 16-bit select (true16 halves; neg/abs act on the f16 sign).
        Op::V_CNDMASK_B16 => (
            |e| {
                e.valu_mask(
                    Some(0),
                    MaskDst::None,
                    [1, 2],
                    Some(3),
                    Fk::F16,
                    |[a, b], c| (if c { b } else { a } & 0xffff, false),
                )
            },
            0,
        ),
        Op::V_SWAP_B32 => (swap_b32, 0),
        Op::V_MOVRELS_B32_e32 | Op::V_MOVRELS_B32_e64 => (movrel_v, 0),
        Op::V_MOVRELD_B32_e32 | Op::V_MOVRELD_B32_e64 => (movrel_v, 1),
        Op::V_MOVRELSD_B32_e32 | Op::V_MOVRELSD_B32_e64 => (movrel_v, 2),
        Op::V_MOVRELSD_2_B32_e32 | Op::V_MOVRELSD_2_B32_e64 => (movrel_v, 3),
        Op::V_SWAPREL_B32 => (swaprel, 0),
        Op::V_PERMLANE16_B32 => (permlane16, 0),
        Op::V_PERMLANEX16_B32 => (permlane16, 1),
        Op::V_PERMLANE64_B32 => (permlane64, 0),
        _ => return None,
    };
    Some(s)
}

pub(super) fn readlane(e: &mut Exec) -> Result<()> {
    let ws = e.w.wave_size;
    let lane = (e.sval(2)? as usize) % ws;
    e.lenient = true;
    let s = e.vsrc(1, 1u64 << lane)?;
    let v = e.lane(s, lane);
    e.swrite(0, v & 0xffff_ffff)
}

pub(super) fn readfirstlane(e: &mut Exec) -> Result<()> {
    let exec = e.w.exec();
    let lane = if exec == 0 {
        0
    } else {
        exec.trailing_zeros() as usize
    };
    e.lenient = true;
    let s = e.vsrc(1, 1u64 << lane)?;
    let v = e.lane(s, lane);
    e.swrite(0, v & 0xffff_ffff)
}

pub(super) fn writelane(e: &mut Exec) -> Result<()> {
    let ws = e.w.wave_size;
    e.lenient = true;
    let v = e.sval(1)?;
    let lane = (e.sval(2)? as usize) % ws;
    let dst = e.vdst(0)?;
    e.vwrite(dst, lane, v);
    e.mark_written(dst, 1u64 << lane);
    Ok(())
}

pub(super) fn mbcnt(e: &mut Exec) -> Result<()> {
    let hi = e.aux != 0;
    e.valu_lane(move |[m, acc], l| {
        let mask = if hi {
            if l <= 32 {
                (m & ((1u64 << l.saturating_sub(32)) - 1)) as u32
            } else {
                (m & ((1u64 << (l - 32)) - 1)) as u32
            }
        } else if l >= 32 {
            m as u32
        } else {
            (m & ((1u64 << l) - 1)) as u32
        };
        (acc as u32).wrapping_add(mask.count_ones()) as u64
    })
}

impl Exec<'_> {
    /// Like [`Exec::valu`] with two sources and the lane index.
    pub(super) fn valu_lane(&mut self, f: impl Fn([u64; 2], usize) -> u64) -> Result<()> {
        let exec = self.w.exec();
        let s0 = self.vsrc(1, exec)?;
        let s1 = self.vsrc(2, exec)?;
        let dst = self.vdst(0)?;
        let mut m = exec;
        while m != 0 {
            let l = m.trailing_zeros() as usize;
            m &= m - 1;
            let r = f([self.lane(s0, l), self.lane(s1, l)], l);
            self.vwrite(dst, l, r);
        }
        self.mark_written(dst, exec);
        self.stats.lane_ops += exec.count_ones() as u64;
        Ok(())
    }
}

/// `v_swap_b32 vdst, vsrc`: exchange two VGPRs in the active lanes.
pub(super) fn swap_b32(e: &mut Exec) -> Result<()> {
    let exec = e.w.exec();
    let ws = e.w.wave_size;
    if e.inst.mods.variant != silk_amdgpu::isa::Variant::Native {
        return Err(e.unsupported());
    }
    let a = e.vsrc(0, exec)?;
    let b = e.vsrc(1, exec)?;
    let (Src::V(x, false), Src::V(y, false)) = (a, b) else {
        return Err(e.unsupported());
    };
    e.check_vgpr(false, x / ws, 1, 0, true)?;
    let mut m = exec;
    while m != 0 {
        let l = m.trailing_zeros() as usize;
        m &= m - 1;
        e.w.vgpr.swap(x + l, y + l);
    }
    e.stats.lane_ops += exec.count_ones() as u64;
    Ok(())
}

/// `v_permlane16_b32` (aux 0) / `v_permlanex16_b32` (aux 1), RDNA3 ISA
/// VOP3: lane l reads lane `sel` of its row of 16 (permlanex16: of the
/// other row of its 32-lane half), `sel` the 4-bit field `l % 16` of
/// {src2, src1}. An inactive source lane is read anyway with op_sel[0]
/// (FI); otherwise the result is 0 with op_sel[1] (BC), else the lane keeps
/// its old value.
pub(super) fn permlane16(e: &mut Exec) -> Result<()> {
    let exec = e.w.exec();
    let ws = e.w.wave_size;
    let (fi, bc) = (e.inst.mods.op_sel & 1 != 0, e.inst.mods.op_sel & 2 != 0);
    if e.inst.mods.op_sel & !3 != 0 || e.inst.mods.neg | e.inst.mods.abs != 0 {
        return Err(e.unsupported());
    }
    let sel = e.sval(2)? & 0xffff_ffff | (e.sval(3)? & 0xffff_ffff) << 32;
    // The source may be read in any lane: check the whole register.
    let src = e.vsrc(1, if fi { e.w.lane_mask() } else { exec })?;
    let d = e.vdst(0)?;
    let mut out = Vec::with_capacity(ws);
    let mut m = exec;
    while m != 0 {
        let l = m.trailing_zeros() as usize;
        m &= m - 1;
        let row = if e.aux == 1 { (l & !15) ^ 16 } else { l & !15 };
        let from = row + (sel >> (4 * (l % 16)) & 15) as usize;
        let v = if fi || exec >> from & 1 != 0 {
            Some(e.lane(src, from))
        } else if bc {
            Some(0)
        } else {
            None
        };
        out.push((l, v));
    }
    let mut written = 0u64;
    for (l, v) in out {
        if let Some(v) = v {
            e.vwrite(d, l, v);
            written |= 1 << l;
        }
    }
    e.mark_written(d, written);
    e.stats.lane_ops += exec.count_ones() as u64;
    Ok(())
}

/// `v_permlane64_b32` (wave64): lane l reads lane l ^ 32 of the other
/// half, active or not.
pub(super) fn permlane64(e: &mut Exec) -> Result<()> {
    let ws = e.w.wave_size;
    let exec = e.w.exec();
    if ws != 64 {
        return Err(e.unsupported());
    }
    let src = e.vsrc(1, e.w.lane_mask())?;
    let d = e.vdst(0)?;
    let vals: Vec<u64> = (0..ws).map(|l| e.lane(src, l ^ 32)).collect();
    let mut m = exec;
    while m != 0 {
        let l = m.trailing_zeros() as usize;
        m &= m - 1;
        e.vwrite(d, l, vals[l]);
    }
    e.mark_written(d, exec);
    e.stats.lane_ops += exec.count_ones() as u64;
    Ok(())
}

/// GFX11 VGPR indexing by M0 (RDNA3 VOP1): `v_movrels` (aux 0) D =
/// VGPR[S0 + M0]; `v_movreld` (1) VGPR[D + M0] = S0; `v_movrelsd` (2)
/// VGPR[D + M0] = VGPR[S0 + M0]; `v_movrelsd_2` (3) VGPR[D + M0[25:16]] =
/// VGPR[S0 + M0[9:0]]. The indexed registers must lie within the
/// descriptor's VGPRs.
pub(super) fn movrel_v(e: &mut Exec) -> Result<()> {
    if e.inst.mods.variant != silk_amdgpu::isa::Variant::Native {
        return Err(e.unsupported());
    }
    let m0 = e.sread(e.k.m0, 1)? as usize;
    let (soff, doff) = match e.aux {
        0 => (m0, 0),
        1 => (0, m0),
        2 => (m0, m0),
        _ => (m0 & 0x3ff, m0 >> 16 & 0x3ff),
    };
    let exec = e.w.exec();
    let ws = e.w.wave_size;
    let Operand::Reg { code: dc, .. } = e.op(0)? else {
        return Err(e.unsupported());
    };
    let d = (dc - silk_amdgpu::isa::operand::VGPR0) as usize + doff;
    let src = if e.aux == 1 {
        e.vsrc(1, exec)?
    } else {
        let Operand::Reg { code, .. } = e.op(1)? else {
            return Err(e.unsupported());
        };
        let s = (code - silk_amdgpu::isa::operand::VGPR0) as usize + soff;
        e.check_vgpr(false, s, 1, exec, false)?;
        Src::V(s * ws, false)
    };
    e.check_vgpr(false, d, 1, 0, true)?;
    let mut m = exec;
    while m != 0 {
        let l = m.trailing_zeros() as usize;
        m &= m - 1;
        let v = e.lane(src, l);
        e.w.vgpr[d * ws + l] = v as u32;
    }
    e.mark_written((false, d, 1, 0), exec);
    e.stats.lane_ops += exec.count_ones() as u64;
    Ok(())
}

/// GFX11 `v_swaprel_b32 vdst, vsrc` (RDNA3 VOP1): exchange VGPR[vsrc +
/// M0[9:0]] and VGPR[vdst + M0[25:16]] in the active lanes, as
/// `v_movrelsd_2_b32` indexes them.
pub(super) fn swaprel(e: &mut Exec) -> Result<()> {
    if e.inst.mods.variant != silk_amdgpu::isa::Variant::Native {
        return Err(e.unsupported());
    }
    let m0 = e.sread(e.k.m0, 1)? as usize;
    let exec = e.w.exec();
    let ws = e.w.wave_size;
    let reg = |e: &Exec, i: usize, off: usize| -> Result<usize> {
        match e.op(i)? {
            Operand::Reg { code, .. } if code >= silk_amdgpu::isa::operand::VGPR0 => {
                Ok((code - silk_amdgpu::isa::operand::VGPR0) as usize + off)
            }
            _ => Err(e.unsupported()),
        }
    };
    let d = reg(e, 0, m0 >> 16 & 0x3ff)?;
    let s = reg(e, 1, m0 & 0x3ff)?;
    e.check_vgpr(false, s, 1, exec, false)?;
    e.check_vgpr(false, d, 1, exec, false)?;
    let mut m = exec;
    while m != 0 {
        let l = m.trailing_zeros() as usize;
        m &= m - 1;
        e.w.vgpr.swap(d * ws + l, s * ws + l);
    }
    e.mark_written((false, d, 1, 0), exec);
    e.mark_written((false, s, 1, 0), exec);
    e.stats.lane_ops += exec.count_ones() as u64;
    Ok(())
}
