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
        _ => return None,
    };
    Some(s)
}
