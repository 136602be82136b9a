//! Machine code to typed instructions, driven by the layout and opcode
//! tables. Any byte sequence either decodes or yields a [`DecodeError`]
//! naming the offset; nothing here panics.

use super::format::{self, Family, Field, Layout, ModBit};
use super::operand::{self, Operand, AGPR0, LITERAL, VGPR0};
use super::table::{self, Flags, Kind, OpInfo};
use super::{dpp, Inst, Mods, Opcode, Variant, MAX_OPERANDS};
use crate::target::{Generation, Processor};

/// Why bytes did not decode.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DecodeError {
    #[error(
        "offset {offset:#x}: truncated instruction: needs {needed} bytes, {available} available"
    )]
    Truncated {
        offset: usize,
        needed: usize,
        available: usize,
    },
    #[error("offset {offset:#x}: no encoding family matches word {word:#010x}")]
    UnknownFamily { offset: usize, word: u32 },
    #[error("offset {offset:#x}: {family:?} opcode {opcode:#x} does not exist on {processor}")]
    UnknownOpcode {
        offset: usize,
        family: Family,
        opcode: u16,
        processor: Processor,
    },
    #[error("offset {offset:#x}: invalid {what} in {name}")]
    Invalid {
        offset: usize,
        name: &'static str,
        what: &'static str,
    },
}

/// Decode one instruction from `words`; returns it and its size in dwords.
pub fn decode(processor: Processor, words: &[u32]) -> Result<(Inst, usize), DecodeError> {
    decode_at(processor, words, 0)
}

/// Decode a whole byte buffer (length need not be a multiple of four: a
/// trailing partial word is reported as truncated).
pub fn decode_all(
    processor: Processor,
    bytes: &[u8],
) -> Vec<Result<(usize, Inst, usize), DecodeError>> {
    let words: Vec<u32> = bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    let mut out = Vec::new();
    let mut at = 0;
    while at < words.len() {
        match decode_at(processor, &words[at..], at * 4) {
            Ok((inst, n)) => {
                out.push(Ok((at * 4, inst, n)));
                at += n;
            }
            Err(e) => {
                out.push(Err(e));
                at += 1;
            }
        }
    }
    if bytes.len() % 4 != 0 {
        out.push(Err(DecodeError::Truncated {
            offset: words.len() * 4,
            needed: 4,
            available: bytes.len() % 4,
        }));
    }
    out
}

struct Cursor<'a> {
    words: &'a [u32],
    offset: usize,
    /// Dwords consumed so far (base + literal/DPP/SDWA).
    len: usize,
    literal: Option<u32>,
}

impl Cursor<'_> {
    fn need(&self, dwords: usize) -> Result<(), DecodeError> {
        if self.words.len() < dwords {
            return Err(DecodeError::Truncated {
                offset: self.offset,
                needed: dwords * 4,
                available: self.words.len() * 4,
            });
        }
        Ok(())
    }

    /// The literal dword after the instruction (shared by all operands).
    fn literal(&mut self) -> Result<u32, DecodeError> {
        if let Some(v) = self.literal {
            return Ok(v);
        }
        self.need(self.len + 1)?;
        let v = self.words[self.len];
        self.len += 1;
        self.literal = Some(v);
        Ok(v)
    }
}

fn decode_at(
    processor: Processor,
    words: &[u32],
    offset: usize,
) -> Result<(Inst, usize), DecodeError> {
    let mut inst = Inst::new(Opcode(0), &[]);
    let n = decode_into(processor, words, offset, &mut inst)?;
    Ok((inst, n))
}

/// [`decode`] into `inst` (a disassembly loop reuses one: the decoded
/// operands are not copied again); returns the size in dwords.
pub(crate) fn decode_into(
    processor: Processor,
    words: &[u32],
    offset: usize,
    inst: &mut Inst,
) -> Result<usize, DecodeError> {
    let gen = processor.generation();
    let mut cur = Cursor {
        words,
        offset,
        len: 0,
        literal: None,
    };
    cur.need(1)?;
    let layout = format::classify(gen, words[0]).ok_or(DecodeError::UnknownFamily {
        offset,
        word: words[0],
    })?;
    if layout.family == Family::Vopd {
        let (vopd, n) = super::vopd::decode(processor, words, offset)?;
        *inst = vopd;
        return Ok(n);
    }
    let base = layout.family.base_dwords();
    cur.need(base)?;
    cur.len = base;
    let opnum = layout.opcode.get(words) as u16;
    // The family's modifier bits, read once for all their users.
    let mut mem = 0;
    for (bit, b) in layout.mod_bits {
        if b.get(words) != 0 {
            mem |= format::mod_bit(*bit);
        }
    }
    let opcode = select_form(processor, layout, opnum, mem).ok_or(DecodeError::UnknownOpcode {
        offset,
        family: layout.family,
        opcode: opnum,
        processor,
    })?;
    let info = &table::table(gen)[opcode.0 as usize];
    let mut mods = decode_mods(gen, layout, info, words, mem);
    if info.mods_rejected & vop_mods(layout.family, &mods) != 0 {
        return Err(DecodeError::Invalid {
            offset,
            name: info.name,
            what: "source or output modifier (LLVM rejects it for this opcode)",
        });
    }
    check_unused(gen, layout, info, words, mem).map_err(|what| DecodeError::Invalid {
        offset,
        name: info.name,
        what,
    })?;

    // DPP / SDWA: a control dword follows the base encoding and src0 moves
    // into it ([CDNA3] §"VOP_SDWA", "VOP_DPP"; [RDNA3] §"DPP16", "DPP8").
    let src0 = layout.field(Field::Src0).map(|b| b.get(words));
    let mut specs = info.operands;
    if let Some(v) = src0.and_then(|c| dpp::variant_of(gen, layout.family, c)) {
        let form = table::form(processor, layout.family, opnum, v).ok_or(DecodeError::Invalid {
            offset,
            name: info.name,
            what: "DPP/SDWA form (the opcode has none)",
        })?;
        cur.need(base + 1)?;
        mods.variant = v;
        mods.extra = words[base];
        cur.len = base + 1;
        if v == Variant::Dpp8 && src0 == Some(dpp::SRC0_DPP8_FI) {
            mods.mem |= dpp::DPP8_FI;
        }
        if v == Variant::Dpp16 && form.has(table::FormMods::NEG_ABS_IGNORED) {
            // LLVM decodes neg/abs bits on the integer sources of these
            // VOP1/VOP2/VOPC DPP forms (GFX11 true16 ones share the f16
            // operand class; gfx942 `v_dot*c`) and prints nothing for
            // them: drop them.
            let srcs = form
                .operands
                .iter()
                .filter(|o| matches!(o.field, Field::Src0 | Field::Src1));
            for (k, _) in srcs.enumerate().take(2) {
                let float = [table::FormMods::SRC0_FLOAT, table::FormMods::SRC1_FLOAT][k];
                if !form.has(float) {
                    for bits in [dpp::DPP_NEG[k], dpp::DPP_ABS[k]] {
                        mods.extra &= !(((1u32 << bits.width) - 1) << bits.lo);
                    }
                }
            }
        }
        dpp::check(gen, form, &mods).map_err(|what| DecodeError::Invalid {
            offset,
            name: form.name,
            what,
        })?;
        specs = form.operands;
    }

    inst.opcode = opcode;
    inst.operands = [Operand::None; MAX_OPERANDS];
    inst.num_operands = 0;
    inst.mods = mods;
    let native = inst.mods.variant == Variant::Native && layout.family != Family::Smem;
    for (i, spec) in specs.iter().enumerate().take(MAX_OPERANDS) {
        // Each path stores its operand in place (a merged temporary was
        // stored in pieces and reloaded whole: a store-forwarding stall).
        let plain = if native {
            plain_operand(layout, spec, words)
        } else {
            None
        };
        match plain {
            Some(op) => inst.operands[i] = op,
            None => decode_operand(
                gen,
                layout,
                info,
                spec,
                words,
                &mut cur,
                &inst.mods,
                &mut inst.operands[i],
            )?,
        }
        inst.num_operands = i as u8 + 1;
    }
    check_registers(gen, info, inst).map_err(|what| DecodeError::Invalid {
        offset,
        name: info.name,
        what,
    })?;
    Ok(cur.len)
}

/// Among the entries of one opcode number, the encoding form whose
/// selecting bit is set: the returning form of a FLAT atomic when GLC is
/// set, the LDS form of a MUBUF load when LDS is set, else the plain one.
fn select_form(processor: Processor, layout: &Layout, opnum: u16, mem: u16) -> Option<Opcode> {
    if !has_forms(layout.family) {
        // One entry per encoding: the first on this processor.
        return table::by_encoding(processor, layout.family, opnum);
    }
    let t = table::table(processor.generation());
    let bit_set = |m: ModBit| mem & format::mod_bit(m) != 0;
    let mut best: Option<(u32, Opcode)> = None;
    for op in table::candidates(processor, layout.family, opnum) {
        let flags = t[op.0 as usize].flags;
        let mut score = 0;
        let mut ok = true;
        for (flag, bit) in [(Flags::RTN, ModBit::Glc), (Flags::LDS_DMA, ModBit::Lds)] {
            if flags.has(flag) {
                ok &= bit_set(bit);
                score += 1;
            }
        }
        if ok && best.is_none_or(|(s, _)| score > s) {
            best = Some((score, op));
        }
    }
    best.map(|(_, op)| op)
}

/// Families with entries selected by a modifier bit ([`Flags::RTN`],
/// [`Flags::LDS_DMA`]); a unit test checks no other family has them.
fn has_forms(family: Family) -> bool {
    matches!(
        family,
        Family::Flat | Family::Global | Family::Scratch | Family::Mubuf
    )
}

/// The VOP3/VOP3P modifiers that are set, as `table::VMOD_*` bits.
pub(crate) fn vop_mods(family: Family, m: &Mods) -> u16 {
    let mut bits = (m.neg as u16 & 7) * table::VMOD_NEG + (m.abs as u16 & 7) * table::VMOD_ABS;
    if m.clamp {
        bits |= table::VMOD_CLAMP;
    }
    match family {
        Family::Vop3 => {
            let omod = if m.omod != 0 { table::VMOD_OMOD } else { 0 };
            bits | omod | ((m.op_sel as u16 & 0xf) * table::VMOD_OP_SEL)
        }
        Family::Vop3p if m.blgp != 0 => bits | table::VMOD_BLGP,
        Family::Vop3p => {
            bits + (m.op_sel as u16 & 7) * table::VMOD_OP_SEL
                + (m.op_sel_hi as u16 & 7) * table::VMOD_OP_SEL_HI
        }
        _ => 0,
    }
}

/// Register operands LLVM would reject or print differently: scalar
/// tuples are aligned down as LLVM decodes them; unnamed scalar codes,
/// VGPR ranges past v255 and (gfx942, [CDNA3] §"VGPR alignment") odd
/// VGPR/AGPR tuples are errors.
fn check_registers(gen: Generation, info: &OpInfo, inst: &mut Inst) -> Result<(), &'static str> {
    let family = info.family;
    let flat = family.is_flat();
    let memory = flat || matches!(family, Family::Mubuf | Family::Mtbuf);
    let gfx9 = gen == Generation::Gfx9;
    let sgprs = operand::sgpr_limit(gen);
    let n = (inst.num_operands as usize).min(info.operands.len());
    for i in 0..n {
        let spec = &info.operands[i];
        let Operand::Reg { code, count, half } = inst.operands[i] else {
            continue;
        };
        if matches!(spec.kind, Kind::Implicit(_)) {
            continue;
        }
        // Most operands: one SGPR, VGPR or AGPR of a one-dword operand
        // outside the memory families (whose widths and scalar operands
        // have rules). No rule below applies to them: a single SGPR is
        // aligned and named, a single vector register needs no alignment.
        if !memory && count == 1 && spec.dwords < 2 && (code < sgprs || code >= VGPR0) {
            continue;
        }
        let width = || crate::isa::print::effective_count(gen, info, inst, spec, count);
        if code >= VGPR0 {
            // Vector registers: only gfx942 has rules (the scalar rules
            // below name scalar codes only).
            if !gfx9 {
                continue;
            }
            // Only tuples the table declares (not MUBUF's idxen+offen
            // address pair) must be aligned.
            let index = code - if code >= AGPR0 { AGPR0 } else { VGPR0 };
            // gfx942 aligns declared VGPR tuples and MUBUF's idxen+offen
            // pair (not MTBUF's); LLVM does not check AGPR tuples of
            // returning FLAT-family or DS atomics. AGPR memory data stops at a255 (VGPR
            // ranges and MFMA results may run past the end).
            let agpr = code >= AGPR0;
            let aligned = spec.dwords >= 2 && !matches!(spec.kind, Kind::Sreg)
                || family == Family::Mubuf && spec.field == Field::Addr;
            // Nor those of returning DS atomics (a `vdst` and no load).
            let ds_atomic_rtn = family == Family::Ds
                && !info.flags.has(Flags::MAY_LOAD)
                && info.operands.iter().any(|o| o.field == Field::Vdst);
            // Nor those of DS operations with two data operands
            // (`ds_cmpst_b64`, `ds_write2_b64`, returning or not).
            let ds_two_data =
                family == Family::Ds && info.operands.iter().any(|o| o.field == Field::Data1);
            let exempt =
                agpr && (flat && info.flags.has(Flags::RTN) || ds_atomic_rtn || ds_two_data);
            if aligned && !exempt && index % 2 != 0 && width() >= 2 {
                return Err("odd-aligned register tuple");
            }
            if agpr && memory && index as u32 + width() as u32 > 256 {
                return Err("register range past the last register");
            }
            continue;
        }
        if flat && spec.field == Field::Saddr {
            if code == saddr_off(gen) {
                continue;
            }
            // exec_hi (SReg_32_XEXEC_HI) or exec (SReg_64_XEXEC_XNULL)
            // cannot be a scalar address; the gfx942 loads to LDS (the
            // FLAT-family ops that read M0) take any SReg_64, exec included.
            // GFX11's `*_addtid_*` (no VGPR address) take exec too.
            let lds_dma = gfx9 && info.flags.has(Flags::READS_M0);
            let addtid = !info.operands.iter().any(|o| o.field == Field::Addr);
            if code == 126 && count == 2 && !lds_dma && !addtid
                || gen == Generation::Gfx11 && code == 127
            {
                return Err("scalar address");
            }
        }
        if memory && !flat && spec.field == Field::Soffset && code == 254 {
            return Err("soffset (src_lds_direct is not a scalar register)");
        }
        if family == Family::Smem
            && spec.field == Field::Sdata
            && info.mods_rejected & table::MOD_SDATA_M0_EXEC != 0
            && (code == operand::m0_code(gen) || (126..=127).contains(&code))
        {
            return Err("data register (m0 and exec are not allowed)");
        }
        let width = width();
        let aligned = operand::align_scalar_tuple(gen, code, width);
        if !operand::scalar_reg_valid(gen, aligned, width) {
            return Err("scalar register");
        }
        inst.operands[i] = Operand::Reg {
            code: aligned,
            count,
            half,
        };
    }
    Ok(())
}

/// Fields an opcode does not use must hold the value LLVM requires
/// (LLVM rejects the encoding otherwise).
fn check_unused(
    gen: Generation,
    layout: &Layout,
    info: &OpInfo,
    words: &[u32],
    mem: u16,
) -> Result<(), &'static str> {
    let has = |f: Field| info.operands.iter().any(|o| o.field == f);
    let mut set = mem;
    if layout.offset.is_some_and(|b| b.get(words) != 0) {
        set |= table::MOD_OFFSET;
    }
    if set & info.mods_rejected != 0 {
        return Err("modifier bit (LLVM rejects it for this opcode)");
    }
    let reserved = format::reserved_bits(gen, layout.family);
    if words.iter().zip(reserved).any(|(w, r)| w & r != 0) {
        return Err("reserved bits");
    }
    if layout.family == Family::Mubuf
        && gen == Generation::Gfx9
        && mem & format::mod_bit(ModBit::Lds) != 0
        && !info.flags.has(Flags::LDS_DMA)
    {
        // Only the loads with an LDS form take the LDS bit on gfx942.
        return Err("lds bit");
    }
    match layout.family {
        Family::Flat
            if !has(Field::Saddr)
                && layout.field(Field::Saddr).map(|b| b.get(words))
                    != Some(flat_saddr_off(gen)) =>
        {
            return Err("saddr (FLAT takes no scalar address)");
        }
        _ => {}
    }
    Ok(())
}

/// The SADDR code printed as `off` by GLOBAL/SCRATCH instructions.
pub(crate) fn saddr_off(gen: Generation) -> u16 {
    match gen {
        Generation::Gfx9 => 0x7f,
        Generation::Gfx11 => operand::null_code(gen),
    }
}

/// The SADDR value of a FLAT (not GLOBAL/SCRATCH) instruction.
pub(crate) fn flat_saddr_off(gen: Generation) -> u32 {
    match gen {
        Generation::Gfx9 => 0,
        Generation::Gfx11 => operand::null_code(gen) as u32,
    }
}

/// The common operands, read straight from their field: what
/// [`decode_operand`] gives for them in a native (no DPP/SDWA) encoding
/// outside SMEM. `None` for everything else (literals, 9-bit VGPR
/// fields, true16 halves, scaled scalar bases, immediates).
#[inline]
fn plain_operand(layout: &Layout, spec: &table::OperandSpec, words: &[u32]) -> Option<Operand> {
    if spec.half {
        return None;
    }
    let b = layout.field(spec.field)?;
    let raw = b.get(words) as u16;
    let count = spec.dwords.max(1);
    let reg = |code| Operand::Reg {
        code,
        count,
        half: 0,
    };
    match spec.kind {
        Kind::Vgpr if b.width != 9 => Some(reg(VGPR0 + raw)),
        Kind::Sreg if !matches!(spec.field, Field::Sbase | Field::Srsrc) => Some(reg(raw)),
        Kind::Ssrc | Kind::Vsrc if raw != LITERAL => Some(if operand::is_inline_const(raw) {
            Operand::Const(raw as u8)
        } else {
            reg(raw)
        }),
        _ => None,
    }
}

#[allow(clippy::too_many_arguments)]
fn decode_operand(
    gen: Generation,
    layout: &Layout,
    info: &'static OpInfo,
    spec: &table::OperandSpec,
    words: &[u32],
    cur: &mut Cursor,
    mods: &Mods,
    slot: &mut Operand,
) -> Result<(), DecodeError> {
    // Every result is stored into `slot` where it is made (a merged
    // `Result<Operand, _>` was built in pieces and reloaded whole).
    let invalid = |what| DecodeError::Invalid {
        offset: cur.offset,
        name: info.name,
        what,
    };
    let count = spec.dwords.max(1);
    if let Kind::Implicit(code) = spec.kind {
        {
            *slot = Operand::Reg {
                code,
                count,
                half: 0,
            };
            return Ok(());
        }
    }
    if spec.field == Field::Literal || matches!(spec.kind, Kind::Literal) {
        {
            *slot = Operand::Literal(cur.literal()?);
            return Ok(());
        }
    }
    if layout.family == Family::Smem && spec.field == Field::Soffset {
        {
            *slot = smem_soffset(gen, layout, words);
            return Ok(());
        }
    }
    let sdwa = mods.variant == Variant::Sdwa;
    if sdwa && spec.field == Field::Sdst && layout.family == Family::Vopc {
        // SDWAB: SD selects an SGPR destination, else VCC.
        let mut code = if dpp::get(mods.extra, dpp::SDWA_SD) != 0 {
            dpp::get(mods.extra, dpp::SDWA_SDST)
        } else {
            106
        };
        // An odd SGPR or TTMP names the aligned pair below it (LLVM 22
        // decodes the 64-bit class by index / 2); other odd codes name none.
        if count == 2 && code % 2 == 1 {
            if code <= 101 || (108..=123).contains(&code) {
                code -= 1;
            } else {
                return Err(invalid("SDWA scalar destination"));
            }
        }
        {
            *slot = Operand::Reg {
                code: code as u16,
                count,
                half: 0,
            };
            return Ok(());
        }
    }
    let raw = match spec.field {
        Field::Offset => {
            *slot = Operand::Imm(0);
            return Ok(());
        }
        f => match layout.field(f) {
            Some(b) => b.get(words),
            None => return Err(invalid("operand field")),
        },
    };
    // In DPP/SDWA forms src0 lives in the control dword's low byte; SDWA's
    // S0/S1 bits make src0/src1 scalar operand codes instead of VGPRs.
    let scalar = |k: usize| sdwa && dpp::get(mods.extra, dpp::SDWA_SCALAR[k]) != 0;
    let (raw, spec) = match spec.field {
        Field::Src0 if mods.variant != Variant::Native => {
            let low = mods.extra & 0xff;
            if scalar(0) {
                (
                    low,
                    &table::OperandSpec {
                        kind: Kind::Vsrc,
                        ..*spec
                    },
                )
            } else {
                (VGPR0 as u32 + low, spec)
            }
        }
        Field::Src1 if scalar(1) => (
            raw,
            &table::OperandSpec {
                kind: Kind::Vsrc,
                ..*spec
            },
        ),
        Field::Src1 if sdwa => (
            raw + VGPR0 as u32,
            &table::OperandSpec {
                kind: Kind::Vsrc,
                ..*spec
            },
        ),
        _ => (raw, spec),
    };
    *slot = match spec.kind {
        Kind::Imm(_) => Operand::Imm(raw as i32),
        Kind::Sreg => {
            let code = match spec.field {
                Field::Sbase => raw * 2,
                Field::Srsrc => raw * 4,
                _ => raw,
            };
            Operand::Reg {
                code: code as u16,
                count,
                half: 0,
            }
        }
        Kind::Ssrc | Kind::Vsrc => {
            let code = raw as u16;
            if code == LITERAL {
                Operand::Literal(cur.literal()?)
            } else if operand::is_inline_const(code) {
                Operand::Const(code as u8)
            } else {
                let code = if matches!(spec.kind, Kind::Vsrc)
                    && spec.half
                    && gen == Generation::Gfx11
                    && code >= VGPR0
                {
                    // True16 VOP1/2/C: bit 7 of the VGPR number selects the high half.
                    if fake16(layout, info, mods) {
                        {
                            *slot = Operand::vgpr(code - VGPR0);
                            return Ok(());
                        }
                    }
                    {
                        *slot = t16_reg(layout, spec, code, mods);
                        return Ok(());
                    }
                } else {
                    code
                };
                Operand::Reg {
                    code,
                    count,
                    half: spec.half as u8,
                }
            }
        }
        Kind::Vgpr | Kind::Agpr | Kind::AVgpr => {
            let width9 = layout.field(spec.field).is_some_and(|b| b.width == 9);
            let index_ = if width9 {
                raw.wrapping_sub(VGPR0 as u32) & 0xff
            } else {
                raw
            };
            if width9 && raw < VGPR0 as u32 && matches!(spec.kind, Kind::AVgpr) {
                // MFMA src2 may be an inline constant instead of an
                // accumulator; scalar registers are not allowed.
                let code = raw as u16;
                if spec.field == Field::Src2 && operand::is_inline_const(code) {
                    {
                        *slot = Operand::Const(code as u8);
                        return Ok(());
                    }
                }
                // LLVM 22 decodes the null register (gfx942 code 125) in
                // any MFMA source as `null` (its assembler rejects it).
                let null = code == operand::null_code(gen);
                if (230..LITERAL).contains(&code) || null {
                    // src_private_base and friends read like constants
                    // (in any MFMA source).
                    {
                        *slot = Operand::Reg {
                            code,
                            count,
                            half: 0,
                        };
                        return Ok(());
                    }
                }
                return Err(invalid("operand (VGPR or AGPR expected)"));
            }
            // VINTERP's 16-bit sources name a VGPR by the field's low
            // eight bits (LLVM 22 decodes 0x013 as v19.l).
            let vinterp_half = layout.family == Family::Vinterp && spec.half;
            if width9 && raw < VGPR0 as u32 && !vinterp_half {
                // A 9-bit field naming a non-VGPR where only VGPRs (or,
                // for `v_accvgpr_mov_b32`, AGPRs) are allowed: LLVM
                // accepts only the named `src_*` registers and `null` there.
                let named = (230..LITERAL as u32).contains(&raw)
                    && operand::special_name(gen, raw as u16).is_some();
                if !named && raw != operand::null_code(gen) as u32 {
                    return Err(invalid("operand (VGPR expected)"));
                }
                {
                    *slot = Operand::Reg {
                        code: raw as u16,
                        count,
                        half: 0,
                    };
                    return Ok(());
                }
            }
            let agpr = match spec.kind {
                Kind::Agpr => true,
                Kind::AVgpr => acc_selected(layout, spec.field, words),
                _ => false,
            };
            if spec.half && gen == Generation::Gfx11 {
                if fake16(layout, info, mods) {
                    {
                        *slot = Operand::vgpr(index_ as u16);
                        return Ok(());
                    }
                }
                {
                    *slot = t16_reg(layout, spec, VGPR0 + index_ as u16, mods);
                    return Ok(());
                }
            }
            Operand::Reg {
                code: if agpr { AGPR0 } else { VGPR0 } + index_ as u16,
                count,
                half: 0,
            }
        }
        // Handled before the field is read.
        Kind::Literal | Kind::Implicit(_) => Operand::None,
    };
    Ok(())
}

/// The SGPR offset of an SMEM instruction ([CDNA3] §"SMEM": with SOE it
/// is the SOFFSET field, without SOE and IMM the OFFSET field names it;
/// with IMM alone there is none). GFX11 always has SOFFSET (`null` = none).
fn smem_soffset(gen: Generation, layout: &Layout, words: &[u32]) -> Operand {
    let bit = |m: ModBit| layout.mod_bit(m).is_some_and(|b| b.get(words) != 0);
    let field = layout.field(Field::Soffset).map_or(0, |b| b.get(words));
    let code = match gen {
        Generation::Gfx9 if bit(ModBit::Soe) => field,
        Generation::Gfx9 if !bit(ModBit::Imm) => layout.offset.map_or(0, |b| b.get(words)) & 0x7f,
        Generation::Gfx9 => return Operand::None,
        Generation::Gfx11 => field,
    };
    Operand::sgpr(code as u16)
}

/// A GFX11 true16 VOP3 encoding with `op_sel` bits the opcode does not
/// have: LLVM decodes it as the 16-bit-in-32-bit ("fake16") form, whose
/// operands are whole VGPRs and which prints no `op_sel`.
pub(crate) fn fake16(layout: &Layout, info: &OpInfo, mods: &Mods) -> bool {
    layout.family == Family::Vop3 && mods.op_sel & info.flags.fake16_op_sel() != 0
}

/// A true16 operand: which half is selected depends on the encoding.
fn t16_reg(layout: &Layout, spec: &table::OperandSpec, code: u16, mods: &Mods) -> Operand {
    let e32 = matches!(layout.family, Family::Vop1 | Family::Vop2 | Family::Vopc);
    let (code, hi) = if e32 {
        // VOP1/2/C (also their DPP forms): the VGPR field's bit 7 selects
        // the half (v0..v127 only).
        let n = code - VGPR0;
        (VGPR0 + (n & 0x7f), n & 0x80 != 0)
    } else {
        // VOP3: op_sel bit per source (bit 3 = destination).
        let bit = match spec.field {
            Field::Src0 => 0,
            Field::Src1 => 1,
            Field::Src2 => 2,
            _ => 3,
        };
        (code, mods.op_sel >> bit & 1 != 0)
    };
    Operand::Reg {
        code,
        count: 1,
        half: if hi { 2 } else { 1 },
    }
}

/// Whether the `acc` bit(s) select AGPRs for this field.
fn acc_selected(layout: &Layout, field: Field, words: &[u32]) -> bool {
    if layout.family == Family::Vop3p {
        return match field {
            Field::Vdst | Field::Src2 => format::MAI_ACC_CD.get(words) != 0,
            Field::Src0 => format::MAI_ACC.get(words) & 1 != 0,
            Field::Src1 => format::MAI_ACC.get(words) & 2 != 0,
            _ => false,
        };
    }
    layout
        .mod_bit(ModBit::Acc)
        .is_some_and(|b| b.get(words) != 0)
}

/// The modifiers of an instruction whose family's modifier bits are
/// `mem` (as `format::mod_bit`s).
fn decode_mods(gen: Generation, layout: &Layout, info: &OpInfo, words: &[u32], mem: u16) -> Mods {
    let mut m = Mods {
        mem,
        ..Mods::default()
    };
    if let Some(b) = layout.offset {
        let v = b.get(words);
        m.offset = if layout.offset_signed {
            sign_extend(v, b.width)
        } else {
            v as i32
        };
    }
    if let Some(b) = layout.offset1 {
        m.offset1 = b.get(words) as u16;
    }
    if layout.family == Family::Smem
        && gen == Generation::Gfx9
        && mem & format::mod_bit(ModBit::Imm) == 0
    {
        // Without IMM the offset field is not an offset (it names the SGPR
        // offset, or is ignored with SOE).
        m.offset = 0;
    }
    match layout.family {
        Family::Vop3 => {
            m.clamp = format::VOP3_CLAMP.get(words) != 0;
            m.omod = format::VOP3_OMOD.get(words) as u8;
            m.neg = format::VOP3_NEG.get(words) as u8;
            if !info.operands.iter().any(|o| o.field == Field::Sdst3) {
                m.abs = format::VOP3_ABS.get(words) as u8;
                m.op_sel = format::VOP3_OPSEL.get(words) as u8;
            }
        }
        // VOP3's neg, clamp and op_sel; WAIT_EXP where VOP3 has abs.
        Family::Vinterp => {
            m.clamp = format::VOP3_CLAMP.get(words) != 0;
            m.neg = format::VOP3_NEG.get(words) as u8;
            m.op_sel = format::VOP3_OPSEL.get(words) as u8;
        }
        Family::Vop3p if info.flags.has(table::Flags::MFMA) && gen == Generation::Gfx9 => {
            m.offset1 = format::MAI_CBSZ.get(words) as u16;
            m.abid = format::MAI_ABID.get(words) as u8;
            m.blgp = format::MAI_BLGP.get(words) as u8;
        }
        Family::Vop3p => {
            m.clamp = format::VOP3_CLAMP.get(words) != 0;
            m.op_sel = format::VOP3P_OPSEL.get(words) as u8;
            m.op_sel_hi =
                (format::VOP3P_OPSEL_HI.get(words) | format::VOP3P_OPSEL_HI2.get(words) << 2) as u8;
            m.neg = format::VOP3_NEG.get(words) as u8;
            m.abs = format::VOP3P_NEG_HI.get(words) as u8;
        }
        _ => {}
    }
    m
}

fn sign_extend(v: u32, width: u8) -> i32 {
    let shift = 32 - width as u32;
    ((v << shift) as i32) >> shift
}

/// The opcode and its table entry.
pub fn info(processor: Processor, opcode: Opcode) -> Option<&'static OpInfo> {
    table::table(processor.generation()).get(opcode.0 as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `select_form` takes the first entry of an encoding outside the
    /// families that have returning / LDS forms: no other family may
    /// have them.
    #[test]
    fn only_memory_families_have_selected_forms() {
        for gen in [Generation::Gfx9, Generation::Gfx11] {
            for op in table::table(gen) {
                if op.flags.has(Flags::RTN) || op.flags.has(Flags::LDS_DMA) {
                    assert!(has_forms(op.family), "{} ({:?})", op.name, op.family);
                }
            }
        }
    }
}
