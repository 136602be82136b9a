//! Typed instructions to LLVM 22 assembly text.
//!
//! Operand order and types come from the opcode table; how each family
//! prints its modifiers follows LLVM's AMDGPU printer as observed through
//! `llvm-mc` (the differential corpus in `tests/data/isa` is the check).

use super::format::{self, Family, Field, ModBit};
use super::operand::{
    self, Operand, INLINE_FLOAT_BF16 as BF16_INLINE, INLINE_FLOAT_F16 as F16_INLINE,
};
use super::symbolic;
use super::table::{self, Flags, ImmStyle, Kind, OpInfo, OperandSpec, Ty};
use super::{dpp, text, Inst, Variant};
use crate::target::{Generation, Processor};
use std::fmt::Write;

/// Print `inst` as LLVM does (no leading tab, no trailing newline).
pub fn print(processor: Processor, inst: &Inst, out: &mut String) {
    let gen = processor.generation();
    let Some(info) = table::table(gen).get(inst.opcode.0 as usize) else {
        let _ = write!(out, "<unknown opcode {}>", inst.opcode.0);
        return;
    };
    if info.family == Family::Vopd {
        let operand = |i: &OpInfo, spec: &OperandSpec, op: &Operand, out: &mut String| {
            print_operand(processor, i, inst, spec, op, out)
        };
        return super::vopd::print(processor, info, inst, out, &operand);
    }
    if matches!(info.family, Family::Exp | Family::Vinterp | Family::Ldsdir) {
        return super::graphics::print_inst(processor, info, inst, out);
    }
    let form = match inst.mods.variant {
        Variant::Native => None,
        v => table::form(processor, info.family, info.opcode, v),
    };
    out.push_str(form.map_or(info.name, |f| f.name));
    let specs = form.map_or(info.operands, |f| f.operands);
    if info.flags.has(Flags::OPTIONAL_IMM) && inst.operands[0] == Operand::Imm(0) {
        return;
    }
    // Registers and inline constants of an instruction without source
    // modifiers, whose family prints no register specially (memory
    // addresses, `off`), print straight from their code.
    let m = &inst.mods;
    let memory = info.family.is_flat() || matches!(info.family, Family::Mubuf | Family::Mtbuf);
    let plain = !memory && m.variant == Variant::Native && m.neg | m.abs == 0;
    let n = (inst.num_operands as usize).min(specs.len());
    let mut first = true;
    for (spec, op) in specs[..n].iter().zip(&inst.operands) {
        if info.family == Family::Smem && spec.field == Field::Soffset {
            // Printed with the immediate offset, see `print_smem_tail`.
            continue;
        }
        out.push_str(if first { " " } else { ", " });
        first = false;
        match *op {
            Operand::Reg { code, count, half } if plain => {
                operand::print_reg(gen, code, count, half, out)
            }
            // Memory operands take no source modifiers.
            Operand::Reg { code, count, half } if memory => {
                print_reg_operand(gen, info, inst, spec, code, count, half, out)
            }
            Operand::Const(code) if plain => print_inline(spec.ty, code as u16, out),
            _ => print_operand(processor, info, inst, spec, op, out),
        }
    }
    match form {
        Some(f) if f.family == Family::Vop3 => {
            // (Op_sel bits of the fake16 form print no list, as on VOP3.)
            let fake16 = inst.mods.op_sel & info.flags.fake16_op_sel() != 0;
            dpp::print_vop3_mods(f, &inst.mods, fake16, out)
        }
        _ => print_modifiers(processor, info, inst, out),
    }
    if let Some(form) = form {
        dpp::print_controls(gen, form, &inst.mods, out);
    }
}

/// Convenience: print to a new string.
pub fn to_text(processor: Processor, inst: &Inst) -> String {
    let mut s = String::new();
    print(processor, inst, &mut s);
    s
}

/// Source index of a VOP3/VOP3P source field (for neg/abs/op_sel bits).
fn src_index(f: Field) -> Option<u8> {
    match f {
        Field::Src0 => Some(0),
        Field::Src1 => Some(1),
        Field::Src2 => Some(2),
        _ => None,
    }
}

fn print_operand(
    processor: Processor,
    info: &OpInfo,
    inst: &Inst,
    spec: &OperandSpec,
    op: &Operand,
    out: &mut String,
) {
    let m = &inst.mods;
    // VOP3 (and `v_fma_mix*`) source modifiers: `-x`, `|x|`; DPP/SDWA
    // forms carry theirs in the control word.
    let fp_mods = info.family == Family::Vop3
        || info.family == Family::Vop3p && info.flags.has(Flags::SRC_MODS_FP);
    let ign = info.mods_ignored;
    let (neg, abs) = match (info.family, src_index(spec.field)) {
        (Family::Vop1 | Family::Vop2 | Family::Vopc, Some(i)) if m.variant != Variant::Native => {
            let (neg, abs, sext) = dpp::src_mods(m, i as usize);
            if sext {
                out.push_str("sext(");
            }
            print_operand_mods(processor, info, inst, spec, op, neg, abs, out);
            if sext {
                out.push(')');
            }
            return;
        }
        (_, Some(i)) if fp_mods => (
            m.neg >> i & 1 != 0 && ign & table::VMOD_NEG << i == 0,
            m.abs >> i & 1 != 0 && ign & table::VMOD_ABS << i == 0,
        ),
        _ => (false, false),
    };
    print_operand_mods(processor, info, inst, spec, op, neg, abs, out);
}

#[allow(clippy::too_many_arguments)]
fn print_operand_mods(
    processor: Processor,
    info: &OpInfo,
    inst: &Inst,
    spec: &OperandSpec,
    op: &Operand,
    neg: bool,
    abs: bool,
    out: &mut String,
) {
    let gen = processor.generation();
    let m = &inst.mods;
    // A negated constant prints as `neg(c)`: `-1` would read as the
    // constant -1 (LLVM does the same; with `abs` it prints `-|c|`).
    // A literal shown as `lit(...)` takes a plain `-`.
    let neg_call = neg
        && !abs
        && match op {
            Operand::Const(_) => true,
            Operand::Literal(v) => !literal_is_lit(spec, *v),
            _ => false,
        };
    if neg_call {
        out.push_str("neg(");
    } else if neg {
        out.push('-');
    }
    if abs {
        out.push('|');
    }
    match (*op, spec.kind) {
        (Operand::Imm(v), Kind::Imm(style)) => print_imm(processor, style, v, out),
        (Operand::Imm(v), _) => text::int(out, v as i64),
        (Operand::Reg { code, count, half }, _) => {
            print_reg_operand(gen, info, inst, spec, code, count, half, out)
        }
        (Operand::Const(code), _) => print_inline(spec.ty, code as u16, out),
        // A literal constant operand (`K` of fmaak/fmamk) is never inline.
        (Operand::Literal(v), Kind::Literal) => text::hex0x(out, v as u64),
        (Operand::Literal(v), _) => {
            // `v_fma_mix*`: op_sel_hi marks an f16 source.
            let f16_mix = info.family == Family::Vop3p
                && info.flags.has(Flags::SRC_MODS_FP)
                && src_index(spec.field).is_some_and(|i| m.op_sel_hi >> i & 1 != 0);
            if f16_mix {
                let spec16 = OperandSpec {
                    ty: Ty::F16,
                    ..*spec
                };
                print_literal(&spec16, v, out)
            } else {
                print_literal(spec, v, out)
            }
        }
        (Operand::None, _) => out.push_str("<none>"),
    }
    if abs {
        out.push('|');
    }
    if neg_call {
        out.push(')');
    }
}

#[allow(clippy::too_many_arguments)]
fn print_reg_operand(
    gen: Generation,
    info: &OpInfo,
    inst: &Inst,
    spec: &OperandSpec,
    code: u16,
    count: u8,
    half: u8,
    out: &mut String,
) {
    if !(info.family.is_flat() || matches!(info.family, Family::Mubuf | Family::Mtbuf)) {
        // Only memory operands change width or print as `off`.
        return operand::print_reg(gen, code, count, half, out);
    }
    let m = &inst.mods;
    let count = effective_count(gen, info, inst, spec, count);
    match (info.family, spec.field) {
        // FLAT-family "off" operands.
        (f, Field::Saddr) if f.is_flat() && code == super::decode::saddr_off(gen) => {
            return out.push_str("off")
        }
        (Family::Scratch, Field::Addr) if !has_mod(gen, info.family, m.mem, ModBit::Sve) => {
            return out.push_str("off")
        }
        (Family::Mubuf | Family::Mtbuf, Field::Addr)
            if !has_mod(gen, info.family, m.mem, ModBit::Offen)
                && !has_mod(gen, info.family, m.mem, ModBit::Idxen) =>
        {
            return out.push_str("off")
        }
        _ => {}
    }
    operand::print_reg(gen, code, count, half, out);
}

/// Register widths that depend on other fields: FLAT address width with a
/// scalar base, MUBUF address with both `idxen` and `offen`, `tfe`.
pub fn effective_count(
    gen: Generation,
    info: &OpInfo,
    inst: &Inst,
    spec: &OperandSpec,
    count: u8,
) -> u8 {
    if !matches!(spec.field, Field::Addr | Field::Vdst | Field::Data0)
        || !(info.family.is_flat() || matches!(info.family, Family::Mubuf | Family::Mtbuf))
    {
        // Only memory addresses and data change width.
        return count;
    }
    let m = &inst.mods;
    match (info.family, spec.field) {
        (Family::Global, Field::Addr) => {
            let saddr = info
                .operands
                .iter()
                .position(|o| o.field == Field::Saddr)
                .and_then(|i| match inst.operands[i] {
                    Operand::Reg { code, .. } => Some(code),
                    _ => None,
                });
            match saddr {
                Some(c) if c != super::decode::saddr_off(gen) => 1,
                _ => 2,
            }
        }
        (Family::Mubuf | Family::Mtbuf, Field::Addr) => {
            if has_mod(gen, info.family, m.mem, ModBit::Offen)
                && has_mod(gen, info.family, m.mem, ModBit::Idxen)
            {
                2
            } else {
                1
            }
        }
        (
            Family::Mubuf | Family::Mtbuf | Family::Global | Family::Flat | Family::Scratch,
            Field::Vdst | Field::Data0,
        ) if has_mod(gen, info.family, m.mem, ModBit::Tfe)
            && (spec.field == Field::Vdst
                || info.family == Family::Mubuf
                || info.family == Family::Mtbuf) =>
        {
            count + 1
        }
        _ => count,
    }
}

#[inline]
fn has_mod(gen: Generation, family: Family, mem: u16, bit: ModBit) -> bool {
    mem & format::mod_bit(bit) != 0
        && format::layout(gen, family).is_some_and(|l| l.has_mod_bit(bit))
}

/// A modifier bit that is set and that LLVM prints for this opcode.
fn shown(gen: Generation, info: &OpInfo, mem: u16, bit: ModBit) -> bool {
    has_mod(gen, info.family, mem, bit) && info.mods_ignored & format::mod_bit(bit) == 0
}

fn print_imm(processor: Processor, style: ImmStyle, v: i32, out: &mut String) {
    match style {
        ImmStyle::Branch => text::int(out, v as u16 as i16 as i64),
        ImmStyle::Dec => text::int(out, v as i64),
        ImmStyle::DecOrHex => {
            if (0..=64).contains(&v) {
                text::int(out, v as i64);
            } else {
                text::hex0x(out, v as u32 as u64);
            }
        }
        ImmStyle::Sym(kind) => symbolic::print(kind, processor, v as u16, out),
        ImmStyle::ExpTarget => super::graphics::print_target(v as u32, out),
        ImmStyle::Attr => super::graphics::print_attr(v as u32, out),
    }
}

/// Whether `v` is the high half of an inline f64 constant other than
/// 1/(2π) (which LLVM prints as a literal of its own).
fn f64_inline_hi(v: u32) -> Option<usize> {
    operand::INLINE_FLOAT_F64[..8]
        .iter()
        .position(|&d| (d >> 32) as u32 == v)
}
const FLOAT_TEXT: [&str; 8] = ["0.5", "-0.5", "1.0", "-1.0", "2.0", "-2.0", "4.0", "-4.0"];

/// Inline constant (source codes 128..=208, 240..=248).
fn print_inline(ty: Ty, code: u16, out: &mut String) {
    if let Some(v) = operand::inline_int(code) {
        text::int(out, v);
        return;
    }
    let idx = (code - operand::INLINE_FLOAT_FIRST) as usize;
    if ty == Ty::B16 {
        // A 16-bit integer operand reads the f16 pattern: LLVM shows it.
        text::hex0x(out, operand::inline_float_bits(code, ty).unwrap_or(0));
        return;
    }
    if idx == 8 {
        out.push_str(if ty.is_64() {
            "0.15915494309189532"
        } else {
            "0.15915494"
        });
        return;
    }
    out.push_str(FLOAT_TEXT.get(idx).copied().unwrap_or("<bad inline>"));
}

fn int_inline(v: u32) -> bool {
    (-16..=64).contains(&(v as i32))
}

fn inline16(v: u16, floats: &[u16; 9]) -> bool {
    (-16..=64).contains(&(v as i16)) || floats.contains(&v)
}

/// Whether [`print_literal`] shows `v` as `lit(...)`.
fn literal_is_lit(spec: &OperandSpec, v: u32) -> bool {
    literal_text(spec, v).is_some_and(|(lit, _)| lit)
}

/// 32-bit literal dword, as LLVM prints it for the operand's type
/// (`lit(...)` marks a literal that could have been an inline constant).
fn print_literal(spec: &OperandSpec, v: u32, out: &mut String) {
    match literal_text(spec, v) {
        None => {
            let i = f64_inline_hi(v).unwrap_or(0);
            out.push_str(FLOAT_TEXT[i]);
        }
        Some((true, shown)) => {
            out.push_str("lit(");
            text::hex0x(out, shown as u64);
            out.push(')');
        }
        Some((false, shown)) => text::hex0x(out, shown as u64),
    }
}

/// How a literal prints: `Some((lit, shown))` for `lit(shown)` or
/// `shown`; `None` for an f64 literal that prints as a float.
fn literal_text(spec: &OperandSpec, v: u32) -> Option<(bool, u32)> {
    let inline32 = int_inline(v) || operand::INLINE_FLOAT_F32.contains(&v);
    let (lo, hi) = (v as u16, (v >> 16) as u16);
    let (lit, shown) = match spec.ty {
        Ty::B32 | Ty::V2F32 | Ty::Bf16 => (inline32, v),
        Ty::B64 => (int_inline(v), v),
        Ty::F64 => {
            if f64_inline_hi(v).is_some() {
                return None;
            }
            (false, v)
        }
        // Only the low half is the operand; LLVM shows the whole dword
        // only in `lit(...)`.
        Ty::F16 => {
            // 1/(2*pi) is an f32 inline constant but not an f16 one.
            let lit = inline32 && v != 0x3e22_f983 || inline16(lo, &F16_INLINE);
            (lit, if lit { v } else { lo as u32 })
        }
        Ty::B16 => {
            if inline32 {
                (true, v)
            } else {
                (false, lo as u32)
            }
        }
        Ty::V2F16 => (int_inline(v) || hi == 0 && inline16(lo, &F16_INLINE), v),
        Ty::V2F16Splat => (int_inline(v) || lo == hi && F16_INLINE.contains(&lo), v),
        Ty::V2Bf16 => (int_inline(v) || hi == 0 && inline16(lo, &BF16_INLINE), v),
    };
    Some((lit, shown))
}

fn bits_list(bits: u8, n: usize, out: &mut String) {
    out.push('[');
    for i in 0..n {
        if i > 0 {
            out.push(',');
        }
        out.push(if bits >> i & 1 != 0 { '1' } else { '0' });
    }
    out.push(']');
}

fn num_srcs(info: &OpInfo) -> usize {
    info.operands
        .iter()
        .filter(|o| src_index(o.field).is_some())
        .count()
}

fn print_modifiers(processor: Processor, info: &OpInfo, inst: &Inst, out: &mut String) {
    let gen = processor.generation();
    let m = &inst.mods;
    let mem = |b: ModBit| shown(gen, info, m.mem, b);
    match info.family {
        Family::Vop3 => {
            let len = info.flags.op_sel_len();
            let op_sel = if gen == Generation::Gfx11
                && format::layout(gen, info.family)
                    .is_some_and(|l| super::decode::fake16(l, info, m))
            {
                0
            } else {
                m.op_sel & info.flags.op_sel_shown()
            };
            if op_sel != 0 {
                // Entries are sources in order, then the destination (bit 3)
                // when the list is longer than the sources.
                let dst_last = len > num_srcs(info);
                let bits = if dst_last {
                    op_sel & 7 | (op_sel >> 3 & 1) << (len - 1)
                } else {
                    op_sel
                };
                out.push_str(" op_sel:");
                bits_list(bits, len, out);
            }
            if m.clamp && info.mods_ignored & table::VMOD_CLAMP == 0 {
                out.push_str(" clamp");
            }
            match m.omod * (info.mods_ignored & table::VMOD_OMOD == 0) as u8 {
                1 => out.push_str(" mul:2"),
                2 => out.push_str(" mul:4"),
                3 => out.push_str(" div:2"),
                _ => {}
            }
        }
        Family::Vop3p if info.flags.has(Flags::MFMA) && gen == Generation::Gfx9 => {
            if m.offset1 != 0 {
                out.push_str(" cbsz:");
                text::dec(out, m.offset1 as u64);
            }
            if m.abid != 0 {
                out.push_str(" abid:");
                text::dec(out, m.abid as u64);
            }
            if m.blgp != 0 {
                if info.flags.has(Flags::MFMA_NEG) {
                    out.push_str(" neg:");
                    bits_list(m.blgp, 3, out);
                } else {
                    let _ = write!(out, " blgp:{}", m.blgp);
                }
            }
        }
        Family::Vop3p => {
            let n = num_srcs(info);
            let full = (1u8 << n) - 1;
            // `v_fma_mix*`: neg/abs are source modifiers, op_sel_hi
            // defaults to all zero.
            let fp = info.flags.has(Flags::SRC_MODS_FP);
            let default_hi = if fp { 0 } else { full };
            let ign = info.mods_ignored;
            let neg_lo = m.neg & !(ign / table::VMOD_NEG) as u8 & 7;
            let neg_hi = m.abs & !(ign / table::VMOD_ABS) as u8 & 7;
            let op_sel = m.op_sel & !(ign / table::VMOD_OP_SEL) as u8 & 7;
            let hi_shown = full & !(ign / table::VMOD_OP_SEL_HI) as u8;
            if op_sel != 0 {
                out.push_str(" op_sel:");
                bits_list(op_sel, n, out);
            }
            if (m.op_sel_hi ^ default_hi) & hi_shown != 0 {
                out.push_str(" op_sel_hi:");
                bits_list(m.op_sel_hi, n, out);
            }
            if neg_lo != 0 && !fp {
                out.push_str(" neg_lo:");
                bits_list(neg_lo, n, out);
            }
            if neg_hi != 0 && !fp {
                out.push_str(" neg_hi:");
                bits_list(neg_hi, n, out);
            }
            if m.clamp && ign & table::VMOD_CLAMP == 0 {
                out.push_str(" clamp");
            }
        }
        Family::Smem => print_smem_tail(processor, info, inst, out),
        Family::Ds => {
            if info.flags.has(Flags::DS_OFFSET2) {
                if m.offset != 0 {
                    out.push_str(" offset0:");
                    text::int(out, m.offset as i64);
                }
                if m.offset1 != 0 {
                    out.push_str(" offset1:");
                    text::dec(out, m.offset1 as u64);
                }
            } else {
                let off = (m.offset as u32 & 0xff) | (m.offset1 as u32) << 8;
                if info.flags.has(Flags::DS_SWIZZLE) {
                    if off != 0 {
                        out.push_str(" offset:");
                        symbolic::print(
                            symbolic::SymbolicKind::Swizzle,
                            processor,
                            off as u16,
                            out,
                        );
                    }
                } else if off != 0 {
                    out.push_str(" offset:");
                    text::dec(out, off as u64);
                }
            }
            // gfx90a-class processors have no GDS: LLVM decodes the bit
            // and prints nothing.
            if mem(ModBit::Gds) && !crate::code_object::config::is_gfx90a_class(processor) {
                out.push_str(" gds");
            }
        }
        Family::Flat | Family::Global | Family::Scratch | Family::Mubuf | Family::Mtbuf => {
            if info.family == Family::Mtbuf {
                print_format(processor, m.offset1, out);
            }
            if mem(ModBit::Idxen) {
                out.push_str(" idxen");
            }
            if mem(ModBit::Offen) {
                out.push_str(" offen");
            }
            if m.offset != 0 && info.mods_ignored & table::MOD_OFFSET == 0 {
                out.push_str(" offset:");
                text::int(out, m.offset as i64);
            }
            match gen {
                Generation::Gfx9 => {
                    if mem(ModBit::Glc) {
                        out.push_str(" sc0");
                    }
                    if mem(ModBit::Slc) {
                        out.push_str(" nt");
                    }
                    if mem(ModBit::Sc1) {
                        out.push_str(" sc1");
                    }
                }
                Generation::Gfx11 => {
                    if mem(ModBit::Glc) {
                        out.push_str(" glc");
                    }
                    if mem(ModBit::Slc) {
                        out.push_str(" slc");
                    }
                    if mem(ModBit::Dlc) {
                        out.push_str(" dlc");
                    }
                }
            }
            if info.flags.has(Flags::LDS_DMA) {
                out.push_str(" lds");
            }
            if mem(ModBit::Tfe) {
                out.push_str(" tfe");
            }
        }
        _ => {}
    }
}

/// SMEM offset operand(s) and cache bits ([CDNA3] §"SMEM": IMM and SOE
/// select an immediate offset, an SGPR offset, or both).
fn print_smem_tail(processor: Processor, info: &OpInfo, inst: &Inst, out: &mut String) {
    let gen = processor.generation();
    let m = &inst.mods;
    let mem = |b: ModBit| shown(gen, info, m.mem, b);
    let soffset = inst
        .operands()
        .iter()
        .zip(info.operands)
        .find(|(_, s)| s.field == Field::Soffset)
        .and_then(|(o, _)| match o {
            Operand::Reg { code, .. } => Some(*code),
            _ => None,
        });
    if !info.operands.iter().any(|s| s.field == Field::Soffset) {
        // No offset operand (s_memtime, s_dcache_wb): nothing but cache bits.
        if mem(ModBit::Glc) {
            out.push_str(" glc");
        }
        if mem(ModBit::Dlc) {
            out.push_str(" dlc");
        }
        return;
    }
    let sep = if inst.num_operands <= 1 { " " } else { ", " };
    let hex = |v: i32, out: &mut String| {
        if v < 0 {
            out.push('-');
        }
        text::hex0x(out, (v as i64).unsigned_abs());
    };
    match gen {
        Generation::Gfx9 => {
            let imm = mem(ModBit::Imm);
            let soe = mem(ModBit::Soe);
            out.push_str(sep);
            if soe {
                operand::print_reg(gen, soffset.unwrap_or(0), 1, 0, out);
                if imm {
                    out.push_str(" offset:");
                    hex(m.offset, out);
                }
            } else if imm {
                hex(m.offset, out);
            } else {
                operand::print_reg(gen, soffset.unwrap_or(0), 1, 0, out);
            }
            if mem(ModBit::Glc) {
                out.push_str(" glc");
            }
        }
        Generation::Gfx11 => {
            out.push_str(sep);
            match soffset {
                // `null` with no immediate offset is printed as such.
                Some(c) if c != operand::null_code(gen) || m.offset == 0 => {
                    operand::print_reg(gen, c, 1, 0, out);
                    if m.offset != 0 {
                        out.push_str(" offset:");
                        hex(m.offset, out);
                    }
                }
                _ => hex(m.offset, out),
            }
            if mem(ModBit::Glc) {
                out.push_str(" glc");
            }
            if mem(ModBit::Dlc) {
                out.push_str(" dlc");
            }
        }
    }
}

/// MTBUF `format:` (omitted when it is the default).
fn print_format(processor: Processor, format: u16, out: &mut String) {
    match processor.generation() {
        Generation::Gfx9 => {
            // Default parts (dfmt 1 = 8, nfmt 0 = UNORM) are left out.
            let dfmt = format & 0xf;
            let nfmt = format >> 4;
            match (dfmt, nfmt) {
                (1, 0) => {}
                (1, n) => {
                    let _ = write!(out, " format:[{}]", gfx9_nfmt(n));
                }
                (d, 0) => {
                    let _ = write!(out, " format:[{}]", gfx9_dfmt(d));
                }
                (d, n) => {
                    let _ = write!(out, " format:[{},{}]", gfx9_dfmt(d), gfx9_nfmt(n));
                }
            }
        }
        Generation::Gfx11 => {
            if format == 1 {
                return;
            }
            match gfx11_format(format) {
                Some(n) => {
                    let _ = write!(out, " format:[{n}]");
                }
                None => {
                    let _ = write!(out, " format:{format}");
                }
            }
        }
    }
}

fn gfx9_dfmt(d: u16) -> &'static str {
    super::buffer_format::GFX9_DATA_NAMES[d as usize & 15]
}

fn gfx9_nfmt(n: u16) -> &'static str {
    super::buffer_format::GFX9_NUM_NAMES[n as usize & 7]
}

/// GFX11 unified buffer formats ([RDNA3] §"Buffer formats").
fn gfx11_format(f: u16) -> Option<&'static str> {
    super::buffer_format::gfx11_name(f)
}

/// Reverse lookups for the parser.
pub(crate) fn gfx9_dfmt_value(name: &str) -> Option<u16> {
    (0..16).find(|&d| gfx9_dfmt(d) == name)
}

pub(crate) fn gfx9_nfmt_value(name: &str) -> Option<u16> {
    (0..8).find(|&n| gfx9_nfmt(n) == name)
}

pub(crate) fn gfx11_format_value(name: &str) -> Option<u16> {
    (0..64).find(|&f| gfx11_format(f) == Some(name))
}
