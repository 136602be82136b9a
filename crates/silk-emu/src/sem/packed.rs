//! VOP3P packed operations on 16-bit halves and f32 pairs.

use super::*;

/// The semantics of one mnemonic of this family.
pub(super) fn semantics(op: Op) -> Sem {
    let s: (Handler, u32) = match op {
        Op::V_PK_MOV_B32 => (pk_mov, 0),

        Op::V_PK_ADD_F16 => (|e| e.pk16(|x, y, _| bh64(h(x) as f64 + h(y) as f64)), 0),
        Op::V_PK_MUL_F16 => (|e| e.pk16(|x, y, _| bh64(h(x) as f64 * h(y) as f64)), 0),
        // VOP2 `v_pk_fmac_f16`: D = S0 * S1 + D in each half.
        Op::V_PK_FMAC_F16_e32 | Op::V_PK_FMAC_F16_e64 | Op::V_PK_FMAC_F16 => (
            |e| {
                if e.inst.mods.neg | e.inst.mods.abs != 0 || e.inst.mods.clamp {
                    return Err(e.unsupported());
                }
                e.valu_at(0, [1, 2, 0], Fk::Int, |[a, b, c]| {
                    let half = |s: u32| {
                        let (x, y, z) = (h(a >> s), h(b >> s), h(c >> s));
                        bh64((x as f64).mul_add(y as f64, z as f64)) << s
                    };
                    half(0) | half(16)
                })
            },
            0,
        ),
        Op::V_PK_FMA_F16 => (
            |e| e.pk16(|x, y, z| bh64((h(x) as f64).mul_add(h(y) as f64, h(z) as f64))),
            0,
        ),
        Op::V_PK_MAX_F16 => (|e| e.pk16(|x, y, _| bh(fmax32(h(x), h(y)))), 0),
        Op::V_PK_MIN_F16 => (|e| e.pk16(|x, y, _| bh(fmin32(h(x), h(y)))), 0),
        Op::V_PK_ADD_U16 => (
            |e| e.pk16(|x, y, _| (x as u16).wrapping_add(y as u16) as u64),
            0,
        ),
        Op::V_PK_SUB_U16 => (
            |e| e.pk16(|x, y, _| (x as u16).wrapping_sub(y as u16) as u64),
            0,
        ),
        Op::V_PK_MUL_LO_U16 => (
            |e| e.pk16(|x, y, _| (x as u16).wrapping_mul(y as u16) as u64),
            0,
        ),
        Op::V_PK_ADD_F32 => (|e| e.pk32(|x, y, _| b(f(x) + f(y))), 0),
        Op::V_PK_MUL_F32 => (|e| e.pk32(|x, y, _| b(f(x) * f(y))), 0),
        Op::V_PK_FMA_F32 => (|e| e.pk32(|x, y, z| b(fma32(f(x), f(y), f(z)))), 0),
        // Packed 16-bit integer ops (VOP3P, op_sel picks the halves).
        Op::V_PK_ADD_I16 => (
            |e| {
                no_clamp(e, |e| {
                    e.pk16(|x, y, _| (x as u16).wrapping_add(y as u16) as u64)
                })
            },
            0,
        ),
        Op::V_PK_SUB_I16 => (
            |e| {
                no_clamp(e, |e| {
                    e.pk16(|x, y, _| (x as u16).wrapping_sub(y as u16) as u64)
                })
            },
            0,
        ),
        Op::V_PK_MAX_I16 => (|e| e.pk16(|x, y, _| max2::<i16>([x, y])), 0),
        Op::V_PK_MIN_I16 => (|e| e.pk16(|x, y, _| min2::<i16>([x, y])), 0),
        Op::V_PK_MAX_U16 => (|e| e.pk16(|x, y, _| max2::<u16>([x, y])), 0),
        Op::V_PK_MIN_U16 => (|e| e.pk16(|x, y, _| min2::<u16>([x, y])), 0),
        Op::V_PK_LSHLREV_B16 => (|e| e.pk16(|x, y, _| ((y as u16) << (x & 15)) as u64), 0),
        Op::V_PK_LSHRREV_B16 => (|e| e.pk16(|x, y, _| ((y as u16) >> (x & 15)) as u64), 0),
        Op::V_PK_ASHRREV_I16 => (
            |e| e.pk16(|x, y, _| ((y as i16) >> (x & 15)) as u16 as u64),
            0,
        ),
        Op::V_PK_MAD_U16 => (
            |e| {
                no_clamp(e, |e| {
                    e.pk16(|x, y, z| {
                        (x as u16).wrapping_mul(y as u16).wrapping_add(z as u16) as u64
                    })
                })
            },
            0,
        ),
        Op::V_PK_MAD_I16 => (
            |e| {
                no_clamp(e, |e| {
                    e.pk16(|x, y, z| {
                        (x as u16).wrapping_mul(y as u16).wrapping_add(z as u16) as u64
                    })
                })
            },
            0,
        ),
        _ => return None,
    };
    Some(s)
}

pub(super) fn pk_mov(e: &mut Exec) -> Result<()> {
    // v_pk_mov_b32 vdst[2], src0[2], src1[2] op_sel: lo from src0.(op_sel[0]),
    // hi from src1.(op_sel[1]).
    let sel = e.inst.mods.op_sel;
    e.lenient = true;
    e.valu(Fk::Int, move |[a, b]| {
        let lo = if sel & 1 != 0 {
            a >> 32
        } else {
            a & 0xffff_ffff
        };
        let hi = if sel & 2 != 0 {
            b >> 32
        } else {
            b & 0xffff_ffff
        };
        lo | hi << 32
    })
}

impl Exec<'_> {
    pub(super) fn mask_of_vcc(&mut self) -> Result<u64> {
        let n = if self.w.wave_size == 64 { 2 } else { 1 };
        let v = self.sread(106, n)?;
        Ok(v & self.w.lane_mask())
    }

    pub(super) fn sval_dst32(&mut self) -> Result<u32> {
        match self.op(0)? {
            Operand::Reg { code, .. } => Ok(self.sread(code, 1)? as u32),
            _ => Err(self.unsupported()),
        }
    }

    /// Packed 16-bit VOP3P: each half selected by op_sel / op_sel_hi, with
    /// neg_lo (`neg`) / neg_hi (`abs`) for float ops.
    #[allow(clippy::needless_range_loop)]
    pub(super) fn pk16(&mut self, f: impl Fn(u64, u64, u64) -> u64) -> Result<()> {
        let m = self.inst.mods;
        let n = self.inst.num_operands as usize - 1;
        let float = matches!(
            self.ty(1),
            silk_amdgpu::isa::Ty::V2F16 | silk_amdgpu::isa::Ty::V2F16Splat
        );
        let exec = self.w.exec();
        let mut s = [Src::Uniform(0); 3];
        for j in 0..n.min(3) {
            s[j] = self.vsrc(j + 1, exec)?;
        }
        let dst = self.vdst(0)?;
        let mut mm = exec;
        while mm != 0 {
            let l = mm.trailing_zeros() as usize;
            mm &= mm - 1;
            let mut lo = [0u64; 3];
            let mut hi = [0u64; 3];
            for j in 0..n.min(3) {
                let v = self.lane(s[j], l);
                let pick = |sel: bool| if sel { v >> 16 & 0xffff } else { v & 0xffff };
                lo[j] = pick(m.op_sel >> j & 1 != 0);
                hi[j] = pick(m.op_sel_hi >> j & 1 != 0);
                if float {
                    if m.neg >> j & 1 != 0 {
                        lo[j] ^= 0x8000;
                    }
                    if m.abs >> j & 1 != 0 {
                        hi[j] ^= 0x8000;
                    }
                }
            }
            let rl = f(lo[0], lo[1], lo[2]) & 0xffff;
            let rh = f(hi[0], hi[1], hi[2]) & 0xffff;
            self.vwrite(dst, l, rl | rh << 16);
        }
        self.mark_written(dst, exec);
        self.stats.lane_ops += 2 * exec.count_ones() as u64;
        Ok(())
    }

    /// Packed f32 pairs (gfx942 `v_pk_*_f32`).
    #[allow(clippy::needless_range_loop)]
    pub(super) fn pk32(&mut self, f: impl Fn(u64, u64, u64) -> u64) -> Result<()> {
        let m = self.inst.mods;
        let n = self.inst.num_operands as usize - 1;
        let exec = self.w.exec();
        let mut s = [Src::Uniform(0); 3];
        for j in 0..n.min(3) {
            s[j] = self.vsrc(j + 1, exec)?;
        }
        let dst = self.vdst(0)?;
        let mut mm = exec;
        while mm != 0 {
            let l = mm.trailing_zeros() as usize;
            mm &= mm - 1;
            let mut lo = [0u64; 3];
            let mut hi = [0u64; 3];
            for j in 0..n.min(3) {
                let v = self.lane(s[j], l);
                let pick = |sel: bool| if sel { v >> 32 } else { v & 0xffff_ffff };
                lo[j] = pick(m.op_sel >> j & 1 != 0);
                hi[j] = pick(m.op_sel_hi >> j & 1 != 0);
                if m.neg >> j & 1 != 0 {
                    lo[j] ^= 0x8000_0000;
                }
                if m.abs >> j & 1 != 0 {
                    hi[j] ^= 0x8000_0000;
                }
            }
            let r = f(lo[0], lo[1], lo[2]) & 0xffff_ffff | f(hi[0], hi[1], hi[2]) << 32;
            self.vwrite(dst, l, r);
        }
        self.mark_written(dst, exec);
        self.stats.lane_ops += 2 * exec.count_ones() as u64;
        Ok(())
    }
}
