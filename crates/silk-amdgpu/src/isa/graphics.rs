//! The operands of GFX11's graphics-only encodings, so that any code
//! object disassembles ([RDNA3] §"Export", §"VINTERP", §"LDSDIR"): EXP
//! targets and LDSDIR attributes, in LLVM 22's spelling. The emulator
//! refuses these instructions (graphics only).

use super::format::{self, Family, ModBit};
use super::operand::{self, Operand};
use super::table::{ImmStyle, Kind, OpInfo};
use super::Inst;
use crate::target::Processor;
use std::fmt::Write;

/// Print an EXP, VINTERP or LDSDIR instruction as LLVM 22 does:
/// `exp mrt0 v0, off, v2, off done row_en` (a source is `off` where its
/// EN bit is clear), `v_interp_p10_f16_f32 v7, -v1.h, v2, v3.l
/// op_sel:[1,0,0,0] wait_exp:3` (the list only on the 16-bit forms),
/// `lds_param_load v7, attr5.z wait_vdst:3`.
pub fn print_inst(processor: Processor, info: &OpInfo, inst: &Inst, out: &mut String) {
    let gen = processor.generation();
    let m = &inst.mods;
    out.push_str(info.name);
    let n = (inst.num_operands as usize).min(info.operands.len());
    let mut halves = false;
    for (i, (spec, op)) in info.operands[..n].iter().zip(&inst.operands).enumerate() {
        // (No comma between an EXP target and its first source.)
        let after_target = i == 1 && info.family == Family::Exp;
        out.push_str(if i == 0 || after_target { " " } else { ", " });
        let src = match spec.field {
            format::Field::Src0 => Some(0),
            format::Field::Src1 => Some(1),
            format::Field::Src2 => Some(2),
            format::Field::Src3 => Some(3),
            _ => None,
        };
        if info.family == Family::Exp && src.is_some_and(|k| m.offset1 >> k & 1 == 0) {
            out.push_str("off");
            continue;
        }
        if info.family == Family::Vinterp && src.is_some_and(|k| m.neg >> k & 1 != 0) {
            out.push('-');
        }
        halves |= spec.half;
        match (*op, spec.kind) {
            (Operand::Imm(v), Kind::Imm(ImmStyle::ExpTarget)) => print_target(v as u32, out),
            (Operand::Imm(v), Kind::Imm(ImmStyle::Attr)) => print_attr(v as u32, out),
            (Operand::Reg { code, count, half }, _) => {
                operand::print_reg(gen, code, count, half, out)
            }
            _ => out.push_str("<invalid operand>"),
        }
    }
    let bit = |b: ModBit| m.mem & format::mod_bit(b) != 0;
    match info.family {
        Family::Exp => {
            if bit(ModBit::Done) {
                out.push_str(" done");
            }
            if bit(ModBit::RowEn) {
                out.push_str(" row_en");
            }
        }
        Family::Vinterp => {
            if m.clamp {
                out.push_str(" clamp");
            }
            if halves && m.op_sel != 0 {
                let b = |k: u8| m.op_sel >> k & 1;
                let _ = write!(out, " op_sel:[{},{},{},{}]", b(0), b(1), b(2), b(3));
            }
            let _ = write!(out, " wait_exp:{}", m.offset);
        }
        _ => {
            let _ = write!(out, " wait_vdst:{}", m.offset);
        }
    }
}

/// EXP targets by value (RDNA3 ISA §"Export": MRT0-7, MRTZ, POS0-4,
/// PRIM, DUAL_SRC_BLEND0/1); other values print as LLVM prints them,
/// `invalid_target_N`.
fn target_name(v: u32) -> Option<String> {
    Some(match v {
        0..=7 => format!("mrt{v}"),
        8 => "mrtz".into(),
        12..=16 => format!("pos{}", v - 12),
        20 => "prim".into(),
        21 | 22 => format!("dual_src_blend{}", v - 21),
        _ => return None,
    })
}

/// Append an EXP target.
pub fn print_target(v: u32, out: &mut String) {
    match target_name(v) {
        Some(n) => out.push_str(&n),
        None => {
            let _ = write!(out, "invalid_target_{v}");
        }
    }
}

/// An EXP target at the start of `text`: its value and length.
pub fn parse_target(text: &str) -> Option<(u32, usize)> {
    let end = text
        .bytes()
        .position(|c| !(c.is_ascii_alphanumeric() || c == b'_'))
        .unwrap_or(text.len());
    let word = &text[..end];
    (0..64)
        .find(|&v| target_name(v).is_some_and(|n| n == word))
        .map(|v| (v, end))
}

/// The highest attribute LLVM 22 accepts (`attr32`).
const MAX_ATTR: u32 = 32;
const CHANNELS: [char; 4] = ['x', 'y', 'z', 'w'];

/// Append an LDSDIR attribute, `attr<N>.<channel>` (value attr * 4 +
/// channel).
pub fn print_attr(v: u32, out: &mut String) {
    let _ = write!(out, "attr{}.{}", v >> 2, CHANNELS[(v & 3) as usize]);
}

/// An LDSDIR attribute at the start of `text`: its value and length, or
/// an error message.
pub fn parse_attr(text: &str) -> Result<(u32, usize), &'static str> {
    let rest = text
        .strip_prefix("attr")
        .ok_or("expected `attr<N>.<x|y|z|w>`")?;
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let n: u32 = rest[..digits]
        .parse()
        .map_err(|_| "expected `attr<N>.<x|y|z|w>`")?;
    if n > MAX_ATTR {
        return Err("out of bounds interpolation attribute number");
    }
    let chan = rest[digits..]
        .strip_prefix('.')
        .and_then(|c| c.chars().next())
        .and_then(|c| CHANNELS.iter().position(|&x| x == c))
        .ok_or("expected an attribute channel `.x`, `.y`, `.z` or `.w`")?;
    Ok((n << 2 | chan as u32, 4 + digits + 2))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targets_and_attributes_round_trip() {
        for v in 0..64 {
            let mut s = String::new();
            print_target(v, &mut s);
            match target_name(v) {
                Some(_) => assert_eq!(parse_target(&s), Some((v, s.len())), "{s}"),
                None => assert_eq!(parse_target(&s), None, "{s}"),
            }
        }
        assert_eq!(parse_target("pos3, v0"), Some((15, 4)));
        for v in 0..=(MAX_ATTR * 4 + 3) {
            let mut s = String::new();
            print_attr(v, &mut s);
            assert_eq!(parse_attr(&s), Ok((v, s.len())), "{s}");
        }
        assert!(parse_attr("attr33.x").is_err());
        assert!(parse_attr("attr1.q").is_err());
    }
}
