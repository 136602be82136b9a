//! Operands and the 9-bit source-operand code space they are encoded in.
//!
//! Codes follow the "SSRC/SRC operand" tables of the CDNA3 ISA guide
//! (§"Scalar ALU operands", §"Vector ALU operands") and the RDNA3 ISA guide
//! (same sections): 0..=105 SGPRs, 106/107 VCC, 108..=123 TTMP, then M0,
//! NULL and EXEC (whose order differs per generation), 128..=208 inline
//! integers, 240..=248 inline floats, 255 literal, 256..=511 VGPRs. AGPRs
//! (gfx942) are given codes 512..=767 here; the hardware selects them with
//! an `acc` bit instead.

use super::table::Ty;
use crate::target::Generation;

/// Register files an operand may name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RegFile {
    /// SGPRs and the special scalar registers (VCC, EXEC, M0, TTMP, ...).
    Scalar,
    Vgpr,
    Agpr,
}

/// Code of the first VGPR in the source space.
pub const VGPR0: u16 = 256;
/// Code of the first AGPR (our extension of the source space).
pub const AGPR0: u16 = 512;
/// Source codes of VCC_LO and EXEC_LO (VCC_HI and EXEC_HI follow); the
/// same on GFX9 and GFX11 (ISA manuals, "Scalar source operands").
pub const VCC_LO: u16 = 106;
pub const EXEC_LO: u16 = 126;
/// Source code that means "a 32-bit literal dword follows".
pub const LITERAL: u16 = 255;

/// One operand, in the order LLVM prints them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Operand {
    #[default]
    None,
    /// A register or register range starting at `code` (see module docs),
    /// `count` dwords wide. `half` selects a true16 half: 0 whole register,
    /// 1 low (`v1.l`), 2 high (`v1.h`).
    Reg { code: u16, count: u8, half: u8 },
    /// An inline constant, by its source code (128..=208, 240..=248).
    Const(u8),
    /// A 32-bit literal constant (source code 255 plus an extra dword).
    Literal(u32),
    /// A plain immediate field (offsets, `simm16`, branch offsets, ...).
    Imm(i32),
}

impl Operand {
    pub fn sgpr(index: u16) -> Operand {
        Operand::Reg {
            code: index,
            count: 1,
            half: 0,
        }
    }
    pub fn sgprs(index: u16, count: u8) -> Operand {
        Operand::Reg {
            code: index,
            count,
            half: 0,
        }
    }
    pub fn vgpr(index: u16) -> Operand {
        Operand::Reg {
            code: VGPR0 + index,
            count: 1,
            half: 0,
        }
    }
    pub fn vgprs(index: u16, count: u8) -> Operand {
        Operand::Reg {
            code: VGPR0 + index,
            count,
            half: 0,
        }
    }
    pub fn agprs(index: u16, count: u8) -> Operand {
        Operand::Reg {
            code: AGPR0 + index,
            count,
            half: 0,
        }
    }
    /// An integer constant: inline when it fits (-16..=64), else a literal.
    pub fn int(value: i32) -> Operand {
        match value {
            0..=64 => Operand::Const((128 + value) as u8),
            -16..=-1 => Operand::Const((192 - value) as u8),
            _ => Operand::Literal(value as u32),
        }
    }

    /// The register file of a register operand.
    pub fn reg_file(&self) -> Option<RegFile> {
        match *self {
            Operand::Reg { code, .. } if code < VGPR0 => Some(RegFile::Scalar),
            Operand::Reg { code, .. } if code < AGPR0 => Some(RegFile::Vgpr),
            Operand::Reg { .. } => Some(RegFile::Agpr),
            _ => None,
        }
    }
}

/// Inline integer value of a source code in 128..=208.
pub fn inline_int(code: u16) -> Option<i64> {
    match code {
        128..=192 => Some(code as i64 - 128),
        193..=208 => Some(192 - code as i64),
        _ => None,
    }
}

/// The inline float constants, source codes 240..=248: 0.5, -0.5, 1.0,
/// -1.0, 2.0, -2.0, 4.0, -4.0 and 1/(2π), as the bits an operand of each
/// float width reads ([CDNA3] and [RDNA3] §"Vector ALU operands", inline
/// constants; bf16 is the high half of the f32 pattern).
pub const INLINE_FLOAT_F16: [u16; 9] = [
    0x3800, 0xb800, 0x3c00, 0xbc00, 0x4000, 0xc000, 0x4400, 0xc400, 0x3118,
];
pub const INLINE_FLOAT_BF16: [u16; 9] = [
    0x3f00, 0xbf00, 0x3f80, 0xbf80, 0x4000, 0xc000, 0x4080, 0xc080, 0x3e22,
];
pub const INLINE_FLOAT_F32: [u32; 9] = [
    0x3f00_0000,
    0xbf00_0000,
    0x3f80_0000,
    0xbf80_0000,
    0x4000_0000,
    0xc000_0000,
    0x4080_0000,
    0xc080_0000,
    0x3e22_f983,
];
pub const INLINE_FLOAT_F64: [u64; 9] = [
    0x3fe0_0000_0000_0000,
    0xbfe0_0000_0000_0000,
    0x3ff0_0000_0000_0000,
    0xbff0_0000_0000_0000,
    0x4000_0000_0000_0000,
    0xc000_0000_0000_0000,
    0x4010_0000_0000_0000,
    0xc010_0000_0000_0000,
    0x3fc4_5f30_6dc9_c882,
];
/// Code of the first inline float constant.
pub const INLINE_FLOAT_FIRST: u16 = 240;

/// The bits inline float constant `code` stands for in an operand of
/// type `ty`: the value's own width and format for float operands; a
/// 64-bit integer operand reads the f64 pattern, a 32-bit one the f32
/// pattern, a 16-bit one the f16 pattern (as LLVM 22 encodes and prints
/// them). `None` when `code` is not an inline float.
pub fn inline_float_bits(code: u16, ty: Ty) -> Option<u64> {
    let k = usize::from(code.checked_sub(INLINE_FLOAT_FIRST)?);
    Some(match ty {
        Ty::F16 | Ty::B16 | Ty::V2F16 | Ty::V2F16Splat => u64::from(*INLINE_FLOAT_F16.get(k)?),
        Ty::Bf16 | Ty::V2Bf16 => u64::from(*INLINE_FLOAT_BF16.get(k)?),
        Ty::F64 | Ty::B64 => *INLINE_FLOAT_F64.get(k)?,
        Ty::B32 | Ty::V2F32 => u64::from(*INLINE_FLOAT_F32.get(k)?),
    })
}

/// The inline float constant whose bits in an operand of type `ty` are
/// `bits`, if any.
pub fn inline_float_code(bits: u64, ty: Ty) -> Option<u16> {
    (INLINE_FLOAT_FIRST..INLINE_FLOAT_FIRST + 9).find(|&c| inline_float_bits(c, ty) == Some(bits))
}

/// The value an operand of type `ty`, `dwords` wide, reads for inline
/// constant `code`: an inline integer sign-extended to 64 bits for 64-bit
/// operands, to 32 bits otherwise (16-bit integer and f16 operands keep
/// the low half), an inline float as [`inline_float_bits`]. `None` when
/// `code` is no inline constant.
pub fn inline_value(code: u16, ty: Ty, dwords: usize) -> Option<u64> {
    if let Some(v) = inline_int(code) {
        return Some(if dwords == 2 || ty.is_64() {
            v as u64
        } else if matches!(ty, Ty::B16 | Ty::F16) {
            v as u64 & 0xffff
        } else {
            v as u32 as u64
        });
    }
    inline_float_bits(code, ty)
}

/// Whether `code` is an inline constant (integer or float).
pub fn is_inline_const(code: u16) -> bool {
    matches!(code, 128..=208 | 240..=248)
}

/// Name of a scalar source code that is not an SGPR, for 32-bit access.
/// Returns `None` for codes with no register (constants, literal, reserved).
pub const fn special_name(gen: Generation, code: u16) -> Option<&'static str> {
    Some(match (gen, code) {
        (Generation::Gfx9, 102) => "flat_scratch_lo",
        (Generation::Gfx9, 103) => "flat_scratch_hi",
        (Generation::Gfx9, 104) => "xnack_mask_lo",
        (Generation::Gfx9, 105) => "xnack_mask_hi",
        (_, 106) => "vcc_lo",
        (_, 107) => "vcc_hi",
        (Generation::Gfx9, 124) | (Generation::Gfx11, 125) => "m0",
        (Generation::Gfx9, 125) | (Generation::Gfx11, 124) => "null",
        (_, 126) => "exec_lo",
        (_, 127) => "exec_hi",
        (_, 230) => "src_flat_scratch_base_lo",
        (_, 231) => "src_flat_scratch_base_hi",
        (_, 235) => "src_shared_base",
        (_, 236) => "src_shared_limit",
        (_, 237) => "src_private_base",
        (_, 238) => "src_private_limit",
        (_, 239) => "src_pops_exiting_wave_id",
        (_, 251) => "src_vccz",
        (_, 252) => "src_execz",
        (_, 253) => "src_scc",
        (_, 254) => "src_lds_direct",
        _ => return None,
    })
}

/// Name of a 64-bit special register pair starting at `code`.
pub const fn special_pair_name(gen: Generation, code: u16) -> Option<&'static str> {
    Some(match (gen, code) {
        (Generation::Gfx9, 102) => "flat_scratch",
        (Generation::Gfx9, 104) => "xnack_mask",
        (_, 106) => "vcc",
        (_, 126) => "exec",
        (Generation::Gfx9, 125) | (Generation::Gfx11, 124) => "null",
        (_, 235) => "src_shared_base",
        (_, 236) => "src_shared_limit",
        (_, 237) => "src_private_base",
        (_, 238) => "src_private_limit",
        (_, 239) => "src_pops_exiting_wave_id",
        (_, 251) => "src_vccz",
        (_, 252) => "src_execz",
        (_, 253) => "src_scc",
        (_, 230) => "src_flat_scratch_base_lo",
        _ => return None,
    })
}

/// Number of addressable SGPRs (codes below this are `sN`).
pub fn sgpr_limit(gen: Generation) -> u16 {
    match gen {
        Generation::Gfx9 => 102,
        Generation::Gfx11 => 106,
    }
}

/// Code of `m0` and `null` per generation.
pub fn m0_code(gen: Generation) -> u16 {
    match gen {
        Generation::Gfx9 => 124,
        Generation::Gfx11 => 125,
    }
}
pub const fn null_code(gen: Generation) -> u16 {
    match gen {
        Generation::Gfx9 => 125,
        Generation::Gfx11 => 124,
    }
}

/// Whether a scalar register (range) of `count` dwords starting at `code`
/// names registers LLVM accepts (SGPRs, TTMPs and the special registers
/// that have a name at that width).
pub fn scalar_reg_valid(gen: Generation, code: u16, count: u8) -> bool {
    let end = code as u32 + count.max(1) as u32;
    if code < sgpr_limit(gen) {
        // A tuple may run into the registers after the last SGPR (LLVM
        // prints gfx942 `s[100:103]`), not past VCC.
        return end <= 106;
    }
    if (108..=123).contains(&code) {
        return end <= 124;
    }
    if code == null_code(gen) {
        return true;
    }
    match count {
        0 | 1 => special_name(gen, code).is_some(),
        2 => special_pair_name(gen, code).is_some(),
        _ => false,
    }
}

/// The alignment of a VGPR/AGPR tuple of two or more registers: even on
/// GFX9 (gfx90a-class processors such as gfx942, CDNA3 ISA §3.6.2 "VGPR
/// and AGPR alignment"), none on GFX11 (RDNA3 has no such rule; LLVM's
/// GFX11 register classes are unaligned).
pub fn vector_tuple_align(gen: Generation) -> u32 {
    match gen {
        Generation::Gfx9 => 2,
        Generation::Gfx11 => 1,
    }
}

/// LLVM decodes a scalar register tuple from its first register with the
/// low bits cleared: 64-bit tuples start at an even register, wider ones
/// at a multiple of four (SGPRs and TTMPs alike).
pub fn align_scalar_tuple(gen: Generation, code: u16, count: u8) -> u16 {
    let align = match count {
        0 | 1 => return code,
        2 => 2,
        _ => 4,
    };
    if code < sgpr_limit(gen) {
        code - code % align
    } else if (108..=123).contains(&code) {
        code - (code - 108) % align
    } else {
        code
    }
}

/// Print a register (range) the way LLVM does: `s4`, `s[4:5]`, `v[0:3]`,
/// `vcc`, `ttmp[4:7]`, `v1.h`.
pub fn print_reg(gen: Generation, code: u16, count: u8, half: u8, out: &mut String) {
    use std::fmt::Write;
    // Register numbers go straight into `out` (this is on every
    // register operand of the disassembler's path).
    let (file, n) = if code >= AGPR0 {
        ('a', code - AGPR0)
    } else if code >= VGPR0 {
        ('v', code - VGPR0)
    } else if code < sgpr_limit(gen) {
        ('s', code)
    } else if (108..=123).contains(&code) {
        out.push_str("ttmp");
        return reg_number(out, code - 108, count);
    } else {
        // `null` names no register, whatever the operand's width.
        let name = match count {
            _ if code == null_code(gen) => Some("null"),
            1 => special_name(gen, code),
            2 => special_pair_name(gen, code),
            _ => None,
        };
        match name {
            Some(n) => out.push_str(n),
            None => {
                let _ = write!(out, "<invalid reg {code}x{count}>");
            }
        }
        return;
    };
    out.push(file);
    reg_number(out, n, count);
    if file == 'v' {
        match half {
            1 => out.push_str(".l"),
            2 => out.push_str(".h"),
            _ => {}
        }
    }
}

/// `n` or `[n:n+count-1]`.
#[inline(always)]
fn reg_number(out: &mut String, n: u16, count: u8) {
    if count == 1 {
        super::text::dec_small(out, n);
    } else {
        out.push('[');
        super::text::dec_small(out, n);
        out.push(':');
        super::text::dec_small(out, n + count as u16 - 1);
        out.push(']');
    }
}
