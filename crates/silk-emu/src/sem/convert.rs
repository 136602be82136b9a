//! VALU conversions between integer, f16, f32, f64 and fp8 formats.

use super::*;

/// The semantics of one mnemonic of this family.
pub(super) fn semantics(op: Op) -> Sem {
    let s: (Handler, u32) = match op {
        Op::V_CVT_F32_UBYTE0_e32 | Op::V_CVT_F32_UBYTE0_e64 => {
            (|e| e.valu(Fk::Int, |[a]| b((a & 0xff) as f32)), 0)
        }
        Op::V_CVT_F32_UBYTE1_e32 | Op::V_CVT_F32_UBYTE1_e64 => {
            (|e| e.valu(Fk::Int, |[a]| b((a >> 8 & 0xff) as f32)), 0)
        }
        Op::V_CVT_F32_UBYTE2_e32 | Op::V_CVT_F32_UBYTE2_e64 => {
            (|e| e.valu(Fk::Int, |[a]| b((a >> 16 & 0xff) as f32)), 0)
        }
        Op::V_CVT_F32_UBYTE3_e32 | Op::V_CVT_F32_UBYTE3_e64 => {
            (|e| e.valu(Fk::Int, |[a]| b((a >> 24 & 0xff) as f32)), 0)
        }
        Op::V_CVT_F32_I32_e32 | Op::V_CVT_F32_I32_e64 => {
            (|e| e.valu(Fk::Int, |[a]| b(a as i32 as f32)), 0)
        }
        Op::V_CVT_F32_U32_e32 | Op::V_CVT_F32_U32_e64 => {
            (|e| e.valu(Fk::Int, |[a]| b(a as u32 as f32)), 0)
        }
        Op::V_CVT_I32_F32_e32 | Op::V_CVT_I32_F32_e64 => {
            (|e| e.valu(Fk::F32, |[x]| cvt_i32(f(x) as f64)), 0)
        }
        Op::V_CVT_U32_F32_e32 | Op::V_CVT_U32_F32_e64 => {
            (|e| e.valu(Fk::F32, |[x]| cvt_u32(f(x) as f64)), 0)
        }
        Op::V_CVT_RPI_I32_F32_e32 | Op::V_CVT_RPI_I32_F32_e64 => (
            |e| e.valu(Fk::F32, |[x]| cvt_i32((f(x) as f64 + 0.5).floor())),
            0,
        ),
        Op::V_CVT_FLR_I32_F32_e32 | Op::V_CVT_FLR_I32_F32_e64 => {
            (|e| e.valu(Fk::F32, |[x]| cvt_i32((f(x) as f64).floor())), 0)
        }
        Op::V_CVT_F16_F32_e32 | Op::V_CVT_F16_F32_e64 => (|e| e.valu(Fk::F32, |[x]| bh(f(x))), 0),
        Op::V_CVT_F32_F16_e32 | Op::V_CVT_F32_F16_e64 => (|e| e.valu(Fk::F16, |[x]| b(h(x))), 0),
        Op::V_CVT_F64_F32_e32 | Op::V_CVT_F64_F32_e64 => {
            (|e| e.valu(Fk::F32, |[x]| bd(f(x) as f64)), 0)
        }
        Op::V_CVT_F32_F64_e32 | Op::V_CVT_F32_F64_e64 => {
            (|e| e.valu(Fk::F64, |[x]| b(d(x) as f32)), 0)
        }
        Op::V_CVT_F64_I32_e32 | Op::V_CVT_F64_I32_e64 => {
            (|e| e.valu(Fk::Int, |[a]| bd(a as i32 as f64)), 0)
        }
        Op::V_CVT_F64_U32_e32 | Op::V_CVT_F64_U32_e64 => {
            (|e| e.valu(Fk::Int, |[a]| bd(a as u32 as f64)), 0)
        }
        Op::V_CVT_I32_F64_e32 | Op::V_CVT_I32_F64_e64 => {
            (|e| e.valu(Fk::F64, |[x]| cvt_i32(d(x))), 0)
        }
        Op::V_CVT_U32_F64_e32 | Op::V_CVT_U32_F64_e64 => {
            (|e| e.valu(Fk::F64, |[x]| cvt_u32(d(x))), 0)
        }
        Op::V_CVT_PKRTZ_F16_F32 | Op::V_CVT_PK_RTZ_F16_F32_e32 | Op::V_CVT_PK_RTZ_F16_F32_e64 => (
            |e| e.valu(Fk::F32, |[x, y]| rtz16(f(x)) | rtz16(f(y)) << 16),
            0,
        ),
        Op::V_CVT_PK_I16_I32 => (
            |e| {
                e.valu(Fk::Int, |[x, y]| {
                    ((x as i32).clamp(-32768, 32767) as u16 as u64)
                        | ((y as i32).clamp(-32768, 32767) as u16 as u64) << 16
                })
            },
            0,
        ),
        Op::V_CVT_PK_U16_U32 => (
            |e| {
                e.valu(Fk::Int, |[x, y]| {
                    ((x as u32).min(65535) as u64) | ((y as u32).min(65535) as u64) << 16
                })
            },
            0,
        ),
        Op::V_CVT_I32_I16_e32 | Op::V_CVT_I32_I16_e64 => {
            (|e| e.valu(Fk::Int, |[a]| a as i16 as i32 as u32 as u64), 0)
        }
        Op::V_CVT_U32_U16_e32 | Op::V_CVT_U32_U16_e64 => (|e| e.valu(Fk::Int, |[a]| a & 0xffff), 0),
        Op::V_CVT_F16_U16_e32 | Op::V_CVT_F16_U16_e64 => {
            (|e| e.valu(Fk::Int, |[a]| bh(a as u16 as f32)), 0)
        }
        Op::V_CVT_F16_I16_e32 | Op::V_CVT_F16_I16_e64 => {
            (|e| e.valu(Fk::Int, |[a]| bh(a as i16 as f32)), 0)
        }
        Op::V_CVT_U16_F16_e32 | Op::V_CVT_U16_F16_e64 => (
            |e| {
                e.valu(Fk::F16, |[x]| {
                    let v = h(x);
                    if v.is_nan() {
                        0
                    } else {
                        v.trunc().clamp(0.0, 65535.0) as u16 as u64
                    }
                })
            },
            0,
        ),
        Op::V_CVT_I16_F16_e32 | Op::V_CVT_I16_F16_e64 => (
            |e| {
                e.valu(Fk::F16, |[x]| {
                    let v = h(x);
                    if v.is_nan() {
                        0
                    } else {
                        v.trunc().clamp(-32768.0, 32767.0) as i16 as u16 as u64
                    }
                })
            },
            0,
        ),
        // gfx942 fp8 / bf8 (FNUZ) to f32: byte 0 (SDWA selects others).
        Op::V_CVT_F32_FP8_e32 | Op::V_CVT_F32_FP8_e64 => (
            |e| {
                if e.inst.mods.op_sel != 0 {
                    return Err(e.unsupported());
                }
                e.valu(Fk::Int, |[x]| b(crate::matrix::fnuz8(x as u8, 3, 8)))
            },
            0,
        ),
        Op::V_CVT_F32_BF8_e32 | Op::V_CVT_F32_BF8_e64 => (
            |e| {
                if e.inst.mods.op_sel != 0 {
                    return Err(e.unsupported());
                }
                e.valu(Fk::Int, |[x]| b(crate::matrix::fnuz8(x as u8, 2, 16)))
            },
            0,
        ),
        // Two fp8 / bf8 bytes of the low word (SDWA WORD_1 selects the
        // high one) to an f32 pair (CDNA3 VOP1).
        Op::V_CVT_PK_F32_FP8_e32 | Op::V_CVT_PK_F32_FP8_e64 => (
            |e| {
                if e.inst.mods.op_sel != 0 {
                    return Err(e.unsupported());
                }
                e.valu(Fk::Int, |[x]| {
                    let g = |v: u64| b(crate::matrix::fnuz8(v as u8, 3, 8));
                    g(x) | g(x >> 8) << 32
                })
            },
            0,
        ),
        Op::V_CVT_PK_F32_BF8_e32 | Op::V_CVT_PK_F32_BF8_e64 => (
            |e| {
                if e.inst.mods.op_sel != 0 {
                    return Err(e.unsupported());
                }
                e.valu(Fk::Int, |[x]| {
                    let g = |v: u64| b(crate::matrix::fnuz8(v as u8, 2, 16));
                    g(x) | g(x >> 8) << 32
                })
            },
            0,
        ),
        // f32 to gfx942 FNUZ fp8 / bf8 (CDNA3 ISA VOP3A opcodes): aux 0
        // fp8, 1 bf8.
        // Normalized 16-bit conversions (ISA pseudocode `f16_to_snorm`,
        // `f32_to_unorm`, ...): one value, or two packed S0 low, S1 high.
        Op::V_CVT_NORM_I16_F16_e32 | Op::V_CVT_NORM_I16_F16_e64 => {
            (|e| e.valu(Fk::F16, |[x]| to_snorm(h(x), 16) as u64), 0)
        }
        Op::V_CVT_NORM_U16_F16_e32 | Op::V_CVT_NORM_U16_F16_e64 => {
            (|e| e.valu(Fk::F16, |[x]| to_unorm(h(x), 16) as u64), 0)
        }
        Op::V_CVT_PKNORM_I16_F16 | Op::V_CVT_PK_NORM_I16_F16V_CVT_PKNORM_I16_F16 => (
            |e| {
                e.valu(Fk::F16, |[x, y]| {
                    pack16(to_snorm(h(x), 16), to_snorm(h(y), 16))
                })
            },
            0,
        ),
        Op::V_CVT_PKNORM_U16_F16 | Op::V_CVT_PK_NORM_U16_F16V_CVT_PKNORM_U16_F16 => (
            |e| {
                e.valu(Fk::F16, |[x, y]| {
                    pack16(to_unorm(h(x), 16), to_unorm(h(y), 16))
                })
            },
            0,
        ),
        Op::V_CVT_PKNORM_I16_F32 | Op::V_CVT_PK_NORM_I16_F32 => (
            |e| {
                e.valu(Fk::F32, |[x, y]| {
                    pack16(to_snorm(f(x), 16), to_snorm(f(y), 16))
                })
            },
            0,
        ),
        Op::V_CVT_PKNORM_U16_F32 | Op::V_CVT_PK_NORM_U16_F32 => (
            |e| {
                e.valu(Fk::F32, |[x, y]| {
                    pack16(to_unorm(f(x), 16), to_unorm(f(y), 16))
                })
            },
            0,
        ),
        // `V_CVT_PK_U8_F32`: f32_to_u8(S0) into byte S1[1:0] of S2, the
        // other bytes of S2 kept.
        Op::V_CVT_PK_U8_F32 => (
            |e| {
                e.valu(Fk::F32, |[x, sel, acc]| {
                    let shift = 8 * (sel as u32 & 3);
                    ((acc as u32 & !(0xff << shift)) | f32_to_u8(f(x)) << shift) as u64
                })
            },
            0,
        ),
        // CVT_OFF_TABLE[S0[3:0]]: the signed nibble / 16 (-0.5..0.4375).
        Op::V_CVT_OFF_F32_I4_e32 | Op::V_CVT_OFF_F32_I4_e64 => (
            |e| e.valu(Fk::F32, |[a]| b(((a as i32) << 28 >> 28) as f32 / 16.0)),
            0,
        ),
        // gfx942 `V_CVT_PKACCUM_U8_F32`: f32_to_u8(S0) into byte S1[1:0] of
        // D, D's other bytes kept.
        Op::V_CVT_PKACCUM_U8_F32 => (
            |e| {
                if e.inst.mods.neg | e.inst.mods.abs != 0 {
                    return Err(e.unsupported());
                }
                e.valu_at(0, [1, 2, 0], Fk::Int, |[x, sel, d]| {
                    let shift = 8 * (sel as u32 & 3);
                    ((d as u32 & !(0xff << shift)) | f32_to_u8(f(x)) << shift) as u64
                })
            },
            0,
        ),
        Op::V_CVT_PK_FP8_F32 => (cvt_pk_f8, 0),
        Op::V_CVT_PK_BF8_F32 => (cvt_pk_f8, 1),
        Op::V_CVT_SR_FP8_F32 => (cvt_sr_f8, 0),
        Op::V_CVT_SR_BF8_F32 => (cvt_sr_f8, 1),
        _ => return None,
    };
    Some(s)
}

/// An f32 as a gfx942 "FNUZ" 8-bit float (`mbits` mantissa bits, exponent
/// `bias`; fp8 E4M3 is 3/8, bf8 E5M2 2/16): rounded to nearest even, or,
/// with `rng`, stochastically (the low `23 - mbits` bits of `rng` are
/// added to the bits the f32 mantissa loses, then truncated: the scheme
/// of ROCm's `amd_hip_fp8.h` reference conversion, which its gfx942 fast
/// path replaces with these instructions). FNUZ has no infinity or
/// negative zero: NaN, infinity and finite values that round beyond the
/// largest (240 / 57344) give the NaN 0x80, a result that rounds to zero
/// is +0. (The instructions take no clamp; ROCm saturates beforehand with
/// `v_med3_f32` when it wants saturation.)
pub(crate) fn to_fnuz8(x: f32, mbits: u32, bias: i32, rng: Option<u32>) -> u8 {
    if !x.is_finite() {
        return 0x80;
    }
    let bits = x.to_bits();
    let sign = ((bits >> 31) as u8) << 7;
    let (mut m, mut e) = ((bits & 0x7f_ffff) as u64, (bits >> 23 & 0xff) as i32);
    if e == 0 {
        if m == 0 {
            return 0;
        }
        e = 1;
    } else {
        m |= 1 << 23;
    }
    // |x| = m * 2^(e - 150); its leading bit is 2^ex.
    let ex = 63 - m.leading_zeros() as i32 + e - 150;
    // The result's quantum: 2^q (normal) or the denormal step.
    let mut q = ex.max(1 - bias) - mbits as i32;
    let drop = (q - (e - 150)) as u32;
    let mut kept = match rng {
        None if drop > 62 => 0,
        None => {
            let (k, rem, half) = (m >> drop, m & ((1 << drop) - 1), 1u64 << (drop - 1));
            k + (rem > half || (rem == half && k & 1 != 0)) as u64
        }
        Some(r) => {
            let d = 23 - mbits;
            let pre = drop - d;
            let base = if pre > 62 { 0 } else { m >> pre };
            (base + (r as u64 & ((1 << d) - 1))) >> d
        }
    };
    if kept == 0 {
        return 0;
    }
    if kept >> (mbits + 1) != 0 {
        kept >>= 1;
        q += 1;
    }
    let (exp, mant) = if kept >> mbits != 0 {
        (q + mbits as i32 + bias, kept - (1 << mbits))
    } else {
        (0, kept)
    };
    if exp > (1 << (7 - mbits)) - 1 {
        return 0x80;
    }
    sign | (exp as u8) << mbits | mant as u8
}

/// One f32 source with its abs/neg modifiers.
fn f32_src(e: &Exec, s: Src, j: usize, l: usize) -> f32 {
    let m = e.inst.mods;
    let mut x = f32::from_bits(e.lane(s, l) as u32);
    if m.abs >> j & 1 != 0 {
        x = x.abs();
    }
    if m.neg >> j & 1 != 0 {
        x = -x;
    }
    x
}

/// The format of an fp8 conversion's aux: (mantissa bits, bias).
fn f8_format(aux: u32) -> (u32, i32) {
    if aux == 0 {
        (3, 8)
    } else {
        (2, 16)
    }
}

/// `v_cvt_pk_{fp8,bf8}_f32`: S0 and S1 to bytes 0 and 1 of the word
/// `op_sel[3]` picks (the high word when set); the other word keeps the
/// destination's value.
fn cvt_pk_f8(e: &mut Exec) -> Result<()> {
    let m = e.inst.mods;
    if m.clamp || m.omod != 0 || m.op_sel & 7 != 0 {
        return Err(e.unsupported());
    }
    let (mb, bias) = f8_format(e.aux);
    let exec = e.w.exec();
    let s = [e.vsrc(1, exec)?, e.vsrc(2, exec)?];
    let d = e.vdst(0)?;
    if d.0 || d.3 != 0 {
        return Err(e.unsupported());
    }
    let ws = e.w.wave_size;
    let hi = m.op_sel & 8 != 0;
    let mut mm = exec;
    while mm != 0 {
        let l = mm.trailing_zeros() as usize;
        mm &= mm - 1;
        let pair = to_fnuz8(f32_src(e, s[0], 0, l), mb, bias, None) as u32
            | (to_fnuz8(f32_src(e, s[1], 1, l), mb, bias, None) as u32) << 8;
        let i = d.1 * ws + l;
        let old = e.w.vgpr[i];
        e.w.vgpr[i] = if hi {
            (old & 0xffff) | pair << 16
        } else {
            (old & 0xffff_0000) | pair
        };
    }
    e.mark_written(d, exec);
    e.stats.lane_ops += exec.count_ones() as u64;
    Ok(())
}

/// `v_cvt_sr_{fp8,bf8}_f32`: S0 rounded stochastically with the random
/// bits of S1 into the byte `op_sel[3:2]` picks; the other bytes keep the
/// destination's value.
fn cvt_sr_f8(e: &mut Exec) -> Result<()> {
    let m = e.inst.mods;
    if m.clamp || m.omod != 0 || m.op_sel & 3 != 0 || (m.abs | m.neg) & !1 != 0 {
        return Err(e.unsupported());
    }
    let (mb, bias) = f8_format(e.aux);
    let exec = e.w.exec();
    let s = [e.vsrc(1, exec)?, e.vsrc(2, exec)?];
    let d = e.vdst(0)?;
    if d.0 || d.3 != 0 {
        return Err(e.unsupported());
    }
    let ws = e.w.wave_size;
    let shift = 8 * (m.op_sel >> 2 & 3) as u32;
    let mut mm = exec;
    while mm != 0 {
        let l = mm.trailing_zeros() as usize;
        mm &= mm - 1;
        let rng = e.lane(s[1], l) as u32;
        let v = to_fnuz8(f32_src(e, s[0], 0, l), mb, bias, Some(rng)) as u32;
        let i = d.1 * ws + l;
        let old = e.w.vgpr[i];
        e.w.vgpr[i] = (old & !(0xff << shift)) | v << shift;
    }
    e.mark_written(d, exec);
    e.stats.lane_ops += exec.count_ones() as u64;
    Ok(())
}

/// Two 16-bit results packed, the first in the low half.
fn pack16(lo: u32, hi: u32) -> u64 {
    (lo & 0xffff | (hi & 0xffff) << 16) as u64
}
