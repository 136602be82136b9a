//! Typed instructions to machine code: the inverse of [`super::decode`],
//! driven by the same layout and opcode tables.

use super::format::{self, Family, Field, Layout, ModBit};
use super::operand::{Operand, AGPR0, LITERAL, VGPR0};
use super::table::{self, Kind, OpInfo, OperandSpec};
use super::{dpp, Inst, Mods, Variant};
use crate::target::{Generation, Processor};

/// Why an instruction could not be encoded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EncodeError {
    #[error("opcode {0} is not in the table")]
    UnknownOpcode(u16),
    #[error("`{name}` does not exist on {processor}")]
    WrongProcessor {
        name: &'static str,
        processor: Processor,
    },
    #[error("`{name}` takes {expected} operands, got {got}")]
    OperandCount {
        name: &'static str,
        expected: usize,
        got: usize,
    },
    #[error("`{name}` operand {index}: {problem}")]
    Operand {
        name: &'static str,
        index: usize,
        problem: String,
    },
    #[error("`{name}`: {problem}")]
    Modifier { name: &'static str, problem: String },
}

/// [`encode_all`] failed: the instruction at `index` (counting from the
/// first one passed) cannot be encoded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("instruction {index}: {source}")]
pub struct EncodeAllError {
    pub index: usize,
    #[source]
    pub source: EncodeError,
}

/// Append the encodings of `insts` to `out`, in order; returns the dwords
/// written. The bulk form of [`encode`] (codegen emits whole kernels
/// through it): the processor's plans are chosen once, and each
/// instruction is written in place without a capacity check or a `Result`
/// of its own. On error `out` holds the encodings of the instructions
/// before [`EncodeAllError::index`].
pub fn encode_all<'a>(
    processor: Processor,
    insts: impl IntoIterator<Item = &'a Inst>,
    out: &mut Vec<u32>,
) -> Result<usize, EncodeAllError> {
    let insts = insts.into_iter();
    let start = out.len();
    // Most instructions take one or two dwords.
    out.reserve(2 * insts.size_hint().0);
    let plans = super::encode_fast::plans(processor);
    let mut at = start;
    for (index, inst) in insts.enumerate() {
        // Each instruction is written into the (zeroed) four dwords after
        // the last one; `out` grows by a chunk when fewer are left, and
        // the unused tail is cut off at the end.
        if out.len() < at + 4 {
            out.resize(at + 256, 0);
        }
        let Some(buf) = out[at..].first_chunk_mut::<4>() else {
            // Never: `out` was resized just above.
            break;
        };
        let n = match super::encode_fast::encode_with(&plans, inst, buf) {
            Some(n) => n,
            None => match encode_slow(processor, inst, buf) {
                Ok(n) => n,
                Err(source) => {
                    out.truncate(at);
                    return Err(EncodeAllError { index, source });
                }
            },
        };
        at += n;
    }
    out.truncate(at);
    Ok(at - start)
}

/// Append the encoding of `inst` to `out`; returns the dwords written.
pub fn encode(processor: Processor, inst: &Inst, out: &mut Vec<u32>) -> Result<usize, EncodeError> {
    let mut buf = [0u32; 4];
    let n = match super::encode_fast::encode(processor, inst, &mut buf) {
        Some(n) => n,
        None => encode_slow(processor, inst, &mut buf)?,
    };
    // One capacity check and no `memcpy` call for at most four dwords.
    out.extend(buf.into_iter().take(n));
    Ok(n)
}

/// Encode into a fixed buffer (at most 4 dwords: 64-bit base, a DPP or
/// SDWA word, and a literal); returns the dwords used.
pub fn encode_into(
    processor: Processor,
    inst: &Inst,
    buf: &mut [u32; 4],
) -> Result<usize, EncodeError> {
    match super::encode_fast::encode(processor, inst, buf) {
        Some(n) => Ok(n),
        None => encode_slow(processor, inst, buf),
    }
}

/// [`encode_general`] kept out of line, so that the fast path's callers
/// stay small.
#[cold]
#[inline(never)]
fn encode_slow(
    processor: Processor,
    inst: &Inst,
    buf: &mut [u32; 4],
) -> Result<usize, EncodeError> {
    encode_general(processor, inst, buf)
}

/// The table-driven encoder every instruction can take: the fast path
/// ([`super::encode_fast`]) hands it everything it does not cover, and
/// all errors come from here.
pub(crate) fn encode_general(
    processor: Processor,
    inst: &Inst,
    buf: &mut [u32; 4],
) -> Result<usize, EncodeError> {
    let gen = processor.generation();
    let info = table::table(gen)
        .get(inst.opcode.0 as usize)
        .ok_or(EncodeError::UnknownOpcode(inst.opcode.0))?;
    if !info.on(processor) {
        return Err(EncodeError::WrongProcessor {
            name: info.name,
            processor,
        });
    }
    let layout = format::layout(gen, info.family).ok_or(EncodeError::WrongProcessor {
        name: info.name,
        processor,
    })?;
    if info.family == Family::Vopd {
        return super::vopd::encode(processor, info, inst, &mut buf[..]);
    }
    let form = match inst.mods.variant {
        Variant::Native => None,
        v => Some(
            table::form(processor, info.family, info.opcode, v).ok_or_else(|| {
                EncodeError::Modifier {
                    name: info.name,
                    problem: format!("the opcode has no {v:?} form on {processor}"),
                }
            })?,
        ),
    };
    let specs = form.map_or(info.operands, |f| f.operands);
    let name = form.map_or(info.name, |f| f.name);
    if inst.num_operands as usize != specs.len() {
        return Err(EncodeError::OperandCount {
            name,
            expected: specs.len(),
            got: inst.num_operands as usize,
        });
    }
    let base = info.family.base_dwords();
    let words = &mut buf[..];
    words.fill(0);
    words[0] = layout.value;
    layout.opcode.set(words, info.opcode as u32);
    let mut literal: Option<u32> = None;
    let mut op_sel_halves = 0u8;
    // DPP/SDWA control dword; operands below fill its src0 byte and the
    // SDWA scalar/SDST bits.
    let mut ctrl = form.map(|_| dpp::ctrl_base(&inst.mods));
    encode_mods(gen, layout, info, inst, words)?;
    for (i, (spec, op)) in specs.iter().zip(inst.operands()).enumerate() {
        let err = |problem: String| EncodeError::Operand {
            name,
            index: i,
            problem,
        };
        if let Some(c) = ctrl.as_mut() {
            if dpp::encode_operand(
                gen,
                layout,
                spec,
                op,
                &inst.mods,
                words,
                c,
                &mut op_sel_halves,
            )
            .map_err(err)?
            {
                continue;
            }
        }
        encode_operand(
            gen,
            layout,
            info,
            spec,
            op,
            words,
            &mut literal,
            &mut op_sel_halves,
        )
        .map_err(err)?;
    }
    if gen == Generation::Gfx11
        && info.family == Family::Vop3
        && info.flags.has(table::Flags::WRITES_EXEC)
        && !specs.iter().any(|s| s.field == Field::Vdst)
    {
        // GFX11 `v_cmpx_*_e64` write EXEC: VDST holds EXEC_LO (126) though
        // no destination is written in the text ([RDNA3] §"VOPC", VOP3 encoding).
        if let Some(b) = layout.field(Field::Vdst) {
            b.set(words, 126);
        }
    }
    if op_sel_halves != 0 {
        format::VOP3_OPSEL.set(words, format::VOP3_OPSEL.get(words) | op_sel_halves as u32);
    }
    clear_unused_vaddr(layout, info, inst, words);
    let mut len = base;
    if let (Some(form), Some(c)) = (form, ctrl) {
        if literal.is_some() {
            return Err(EncodeError::Modifier {
                name,
                problem: "a DPP/SDWA form takes no literal".into(),
            });
        }
        dpp::check(
            gen,
            form,
            &Mods {
                extra: c,
                ..inst.mods
            },
        )
        .map_err(|what| EncodeError::Modifier {
            name,
            problem: format!("invalid {what}"),
        })?;
        let src0 = layout
            .field(Field::Src0)
            .ok_or_else(|| EncodeError::Modifier {
                name,
                problem: "no src0 field".into(),
            })?;
        src0.set(words, dpp::src0_code(&inst.mods).unwrap_or(0));
        words[len] = c;
        len += 1;
    }
    if let Some(v) = literal {
        words[len] = v;
        len += 1;
    }
    Ok(len)
}

#[allow(clippy::too_many_arguments)]
fn encode_operand(
    gen: Generation,
    layout: &Layout,
    info: &OpInfo,
    spec: &OperandSpec,
    op: &Operand,
    words: &mut [u32],
    literal: &mut Option<u32>,
    op_sel_halves: &mut u8,
) -> Result<(), String> {
    let mut set_literal = |v: u32| -> Result<(), String> {
        match *literal {
            Some(old) if old != v => Err(format!(
                "second literal {v:#x} (an instruction has one literal dword, already {old:#x})"
            )),
            _ => {
                *literal = Some(v);
                Ok(())
            }
        }
    };
    if let Kind::Implicit(code) = spec.kind {
        return match op {
            Operand::Reg { code: c, .. } if *c == code => Ok(()),
            other => Err(format!(
                "must be the fixed register (code {code}), got {other:?}"
            )),
        };
    }
    if layout.family == Family::Smem && spec.field == Field::Soffset {
        return encode_smem_soffset(gen, layout, op, words);
    }
    if matches!(spec.kind, Kind::Literal) || spec.field == Field::Literal {
        return match op {
            Operand::Literal(v) => set_literal(*v),
            Operand::Const(_) | Operand::Imm(_) | Operand::Reg { .. } | Operand::None => {
                Err(format!("expected a 32-bit literal, got {op:?}"))
            }
        };
    }
    let Some(bits) = layout.field(spec.field) else {
        return Err(format!(
            "field {:?} does not exist in {:?}",
            spec.field, info.family
        ));
    };
    let check_range = |v: u32| -> Result<u32, String> {
        if v > bits.max() {
            Err(format!(
                "value {v} does not fit the {}-bit {:?} field",
                bits.width, spec.field
            ))
        } else {
            Ok(v)
        }
    };
    let raw = match (spec.kind, op) {
        (Kind::Imm(_), Operand::Imm(v)) => {
            let v = *v as u32 & bits.max();
            check_range(v)?
        }
        (Kind::Sreg, Operand::Reg { code, .. }) if *code < VGPR0 => {
            let code = *code as u32;
            match spec.field {
                Field::Sbase if code % 2 == 0 => code / 2,
                Field::Srsrc if code % 4 == 0 => code / 4,
                Field::Sbase | Field::Srsrc => {
                    return Err(format!("misaligned scalar base s{code}"))
                }
                _ => check_range(code)?,
            }
        }
        (Kind::Ssrc | Kind::Vsrc, Operand::Reg { code, half, .. }) => {
            if matches!(spec.kind, Kind::Ssrc) && *code >= VGPR0 {
                return Err("scalar operand cannot be a VGPR".into());
            }
            if *code >= AGPR0 {
                return Err("AGPR not allowed here".into());
            }
            if spec.half && gen == Generation::Gfx11 && *code >= VGPR0 {
                t16_field(layout, spec, *code, *half, op_sel_halves)?
            } else {
                check_range(*code as u32)?
            }
        }
        (Kind::Ssrc | Kind::Vsrc, Operand::Const(code)) => *code as u32,
        // MFMA src2 takes constants in its 9-bit field.
        (Kind::AVgpr, Operand::Const(code)) if bits.width == 9 => *code as u32,
        (Kind::AVgpr, Operand::Literal(v)) if bits.width == 9 => {
            set_literal(*v)?;
            LITERAL as u32
        }
        (Kind::Ssrc | Kind::Vsrc, Operand::Literal(v)) => {
            set_literal(*v)?;
            LITERAL as u32
        }
        (Kind::Vgpr | Kind::Agpr | Kind::AVgpr, Operand::Reg { code, half, .. }) => {
            let (is_agpr, index) = if *code >= AGPR0 {
                (true, *code - AGPR0)
            } else if *code >= VGPR0 {
                (false, *code - VGPR0)
            } else if bits.width == 9 {
                // A 9-bit field may hold a scalar where LLVM accepted one.
                return {
                    bits.set(words, *code as u32);
                    Ok(())
                };
            } else {
                return Err("expected a VGPR".into());
            };
            match (spec.kind, is_agpr) {
                (Kind::Vgpr, true) => return Err("expected a VGPR, got an AGPR".into()),
                (Kind::Agpr, false) => return Err("expected an AGPR, got a VGPR".into()),
                (Kind::AVgpr, true) => set_acc(layout, spec.field, words),
                _ => {}
            }
            if spec.half && gen == Generation::Gfx11 {
                t16_field(layout, spec, VGPR0 + index, *half, op_sel_halves)?
            } else if bits.width == 9 {
                VGPR0 as u32 + index as u32
            } else {
                index as u32
            }
        }
        (_, other) => return Err(format!("{:?} operand cannot be {other:?}", spec.kind)),
    };
    bits.set(words, raw);
    Ok(())
}

/// A true16 VGPR half: VOP1/2/C put the half in bit 7 of the VGPR number,
/// VOP3 in its op_sel bit.
fn t16_field(
    layout: &Layout,
    spec: &OperandSpec,
    code: u16,
    half: u8,
    op_sel: &mut u8,
) -> Result<u32, String> {
    let index = (code - VGPR0) as u32;
    let width9 = layout.field(spec.field).is_some_and(|b| b.width == 9);
    let hi = half == 2;
    if matches!(layout.family, Family::Vop1 | Family::Vop2 | Family::Vopc) {
        if index > 127 {
            return Err(format!(
                "v{index} half is out of range for a 32-bit encoding (v0..v127)"
            ));
        }
        let v = index | if hi { 0x80 } else { 0 };
        return Ok(if width9 { VGPR0 as u32 + v } else { v });
    }
    let bit = match spec.field {
        Field::Src0 => 0,
        Field::Src1 => 1,
        Field::Src2 => 2,
        _ => 3,
    };
    if hi {
        *op_sel |= 1 << bit;
    }
    Ok(if width9 { VGPR0 as u32 + index } else { index })
}

/// SMEM SGPR offset ([CDNA3] §"SMEM": SOFFSET with SOE, else the OFFSET
/// field when IMM is clear; [RDNA3]: SOFFSET, `null` for none).
fn encode_smem_soffset(
    gen: Generation,
    layout: &Layout,
    op: &Operand,
    words: &mut [u32],
) -> Result<(), String> {
    let code = match op {
        Operand::None => return Ok(()),
        Operand::Reg { code, .. } if *code < VGPR0 => *code as u32,
        other => return Err(format!("SMEM offset must be an SGPR, got {other:?}")),
    };
    let bit = |m: ModBit, w: &[u32]| layout.mod_bit(m).is_some_and(|b| b.get(w) != 0);
    let target = match gen {
        Generation::Gfx9 if !bit(ModBit::Soe, words) && !bit(ModBit::Imm, words) => layout.offset,
        _ => layout.field(Field::Soffset),
    };
    let Some(b) = target else {
        return Err("no SGPR offset field".into());
    };
    if code > b.max() {
        return Err(format!("s{code} does not fit the SGPR offset field"));
    }
    b.set(words, code);
    Ok(())
}

/// A vaddr printed as `off` (SCRATCH without SVE, MUBUF/MTBUF without
/// offen/idxen) is encoded as zero, as LLVM does.
fn clear_unused_vaddr(layout: &Layout, info: &OpInfo, inst: &Inst, words: &mut [u32]) {
    let set = |m: ModBit| {
        layout
            .mod_bit(m)
            .is_some_and(|_| inst.mods.mem & format::mod_bit(m) != 0)
    };
    let off = match info.family {
        Family::Scratch => !set(ModBit::Sve),
        Family::Mubuf | Family::Mtbuf => !set(ModBit::Offen) && !set(ModBit::Idxen),
        _ => false,
    };
    if off && info.operands.iter().any(|o| o.field == Field::Addr) {
        if let Some(b) = layout.field(Field::Addr) {
            b.set(words, 0);
        }
    }
}

fn set_acc(layout: &Layout, field: Field, words: &mut [u32]) {
    if layout.family == Family::Vop3p {
        match field {
            Field::Vdst | Field::Src2 => format::MAI_ACC_CD.set(words, 1),
            Field::Src0 => format::MAI_ACC.set(words, format::MAI_ACC.get(words) | 1),
            Field::Src1 => format::MAI_ACC.set(words, format::MAI_ACC.get(words) | 2),
            _ => {}
        }
    } else if let Some(b) = layout.mod_bit(ModBit::Acc) {
        b.set(words, 1);
    }
}

fn encode_mods(
    gen: Generation,
    layout: &Layout,
    info: &OpInfo,
    inst: &Inst,
    words: &mut [u32],
) -> Result<(), EncodeError> {
    let m = &inst.mods;
    for (bit, b) in layout.mod_bits {
        if m.mem & format::mod_bit(*bit) != 0 {
            b.set(words, 1);
        }
    }
    // Encoding forms selected by a bit: the returning atomic sets GLC, the
    // LDS load sets LDS.
    for (flag, bit) in [
        (table::Flags::RTN, ModBit::Glc),
        (table::Flags::LDS_DMA, ModBit::Lds),
    ] {
        if info.flags.has(flag) {
            if let Some(b) = layout.mod_bit(bit) {
                b.set(words, 1);
            }
        }
    }
    let bad = |problem: String| EncodeError::Modifier {
        name: info.name,
        problem,
    };
    if let Some(b) = layout.offset {
        let v = m.offset;
        let fits = if layout.offset_signed {
            let half = 1i64 << (b.width - 1);
            (-half..half).contains(&(v as i64))
        } else {
            v >= 0 && (v as u32) <= b.max()
        };
        if !fits {
            return Err(bad(format!(
                "offset {v} does not fit the {}-bit offset field",
                b.width
            )));
        }
        b.set(words, v as u32);
    } else if m.offset != 0 {
        return Err(bad("this family has no offset".into()));
    }
    if let Some(b) = layout.offset1 {
        b.set(words, m.offset1 as u32);
    }
    if info.flags.has(table::Flags::VDST_EXEC) {
        if let Some(b) = layout.field(Field::Vdst) {
            b.set(words, 126);
        }
    }
    if layout.family == Family::Flat && !info.operands.iter().any(|o| o.field == Field::Saddr) {
        if let Some(b) = layout.field(Field::Saddr) {
            b.set(words, super::decode::flat_saddr_off(gen));
        }
    }
    match layout.family {
        Family::Vop3 => {
            format::VOP3_CLAMP.set(words, m.clamp as u32);
            format::VOP3_OMOD.set(words, m.omod as u32);
            format::VOP3_NEG.set(words, m.neg as u32);
            if !info.operands.iter().any(|o| o.field == Field::Sdst3) {
                format::VOP3_ABS.set(words, m.abs as u32);
                format::VOP3_OPSEL.set(words, m.op_sel as u32);
            }
        }
        Family::Vinterp => {
            format::VOP3_CLAMP.set(words, m.clamp as u32);
            format::VOP3_NEG.set(words, m.neg as u32);
            format::VOP3_OPSEL.set(words, m.op_sel as u32);
        }
        Family::Vop3p if info.flags.has(table::Flags::MFMA) && gen == Generation::Gfx9 => {
            format::MAI_CBSZ.set(words, m.offset1 as u32);
            format::MAI_ABID.set(words, m.abid as u32);
            format::MAI_BLGP.set(words, m.blgp as u32);
        }
        Family::Vop3p => {
            // LLVM sets the op_sel_hi bits of sources an opcode does not
            // have (their default); v_fma_mix* defaults to zero.
            let srcs = info
                .operands
                .iter()
                .filter(|o| matches!(o.field, Field::Src0 | Field::Src1 | Field::Src2))
                .count();
            let unused = if info.flags.has(table::Flags::SRC_MODS_FP) {
                0
            } else {
                // Missing sources, and sources whose op_sel_hi LLVM ignores.
                (!((1u8 << srcs) - 1) | (info.mods_ignored / table::VMOD_OP_SEL_HI) as u8) & 7
            };
            let hi = m.op_sel_hi | unused;
            format::VOP3_CLAMP.set(words, m.clamp as u32);
            format::VOP3P_OPSEL.set(words, m.op_sel as u32);
            format::VOP3P_OPSEL_HI.set(words, hi as u32 & 3);
            format::VOP3P_OPSEL_HI2.set(words, (hi >> 2) as u32 & 1);
            format::VOP3_NEG.set(words, m.neg as u32);
            format::VOP3P_NEG_HI.set(words, m.abs as u32);
        }
        _ => {}
    }
    Ok(())
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::isa::{decode, Opcode};

    /// The decodable instructions of the processor's differential corpus.
    pub(crate) fn corpus(p: Processor) -> Vec<Inst> {
        let path = format!(
            "{}/tests/data/isa/{}.txt",
            env!("CARGO_MANIFEST_DIR"),
            p.name()
        );
        let text = std::fs::read_to_string(path).expect("corpus");
        text.lines()
            .filter_map(|l| {
                let bytes: Vec<u8> = l
                    .split('\t')
                    .nth(1)?
                    .split(',')
                    .filter_map(|h| u8::from_str_radix(h.trim().trim_start_matches("0x"), 16).ok())
                    .collect();
                let words: Vec<u32> = bytes
                    .chunks_exact(4)
                    .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                    .collect();
                decode::decode(p, &words).ok().map(|(i, _)| i)
            })
            .collect()
    }

    /// `encode_all` writes exactly what `encode` does one instruction at a
    /// time, after what `out` held, for the whole corpus.
    #[test]
    fn encode_all_equals_encode_one_by_one() {
        for p in Processor::ALL {
            let insts: Vec<Inst> = corpus(p)
                .into_iter()
                .filter(|i| encode(p, i, &mut Vec::new()).is_ok())
                .collect();
            assert!(insts.len() > 1000, "{p}: {} instructions", insts.len());
            let mut want = vec![0xdead_beef];
            for i in &insts {
                encode(p, i, &mut want).unwrap();
            }
            let mut got = vec![0xdead_beef];
            let n = encode_all(p, &insts, &mut got).unwrap();
            assert_eq!(n, want.len() - 1, "{p}");
            assert!(got == want, "{p}: encode_all differs from encode");
            // An iterator without a size hint grows `out` as it goes.
            let mut again = Vec::new();
            encode_all(p, insts.iter().filter(|_| true), &mut again).unwrap();
            assert!(again[..] == want[1..], "{p}");
        }
    }

    /// The first instruction that cannot be encoded stops `encode_all`
    /// with its index and `encode`'s error; `out` keeps the ones before.
    #[test]
    fn encode_all_reports_the_failing_instruction() {
        let p = Processor::Gfx1100;
        let good: Vec<Inst> = corpus(p).into_iter().take(300).collect();
        let mut want = Vec::new();
        for i in &good[..200] {
            encode(p, i, &mut want).unwrap();
        }
        let mut insts = good.clone();
        let bad = Inst::new(Opcode(u16::MAX), &[]);
        insts[200] = bad;
        let mut out = Vec::new();
        let err = encode_all(p, &insts, &mut out).unwrap_err();
        assert_eq!(err.index, 200);
        assert_eq!(Err(err.source), encode(p, &bad, &mut Vec::new()));
        assert_eq!(out, want);
    }
}
