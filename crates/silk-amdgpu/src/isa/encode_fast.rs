//! The encoder's fast path: a precomputed plan per table entry.
//!
//! For every opcode of a generation, [`Plan`] holds what the general
//! encoder ([`super::encode`]) derives from the table and the family
//! layout on every call: the fixed bits (family prefix, opcode number,
//! bits selected by the entry's flags), where each operand goes and which
//! operand values it accepts, and how the modifiers are placed. The plans
//! are built by `const fn`s from the checked-in tables when the crate
//! compiles (as [`super::index`] is), so they can never be stale.
//!
//! The fast path takes native encodings whose operands are registers,
//! inline constants, immediates and literals of the kinds the table
//! allows. Anything else — DPP/SDWA, VOPD, GFX11 true16 VGPR halves, and
//! every operand or modifier the general path would reject — makes it
//! answer `None`, and the general path then encodes the instruction or
//! reports the error. So validation is never skipped: an instruction is
//! encoded here only when the general path would encode it to the same
//! words (checked on every table entry and the corpus by the tests below
//! and in `tests/isa_corpus.rs`).

use super::format::{self, Bits, Family, Field, Layout, ModBit, MOD_BITS};
use super::operand::{AGPR0, LITERAL, VGPR0};
use super::table::{self, Flags, Form, FormMods, Kind, OpInfo, OperandSpec};
use super::{dpp, index, vopd};
use super::{Inst, Operand, Variant, MAX_OPERANDS};
use crate::target::{Generation, Processor};

/// How one operand is checked and placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum How {
    /// Never on the fast path (no such field in the layout).
    Decline,
    /// A register printed but not encoded: must be [`OpPlan::code`].
    Implicit,
    /// The instruction's literal dword.
    Literal,
    /// SMEM SGPR offset (`None` allowed; field chosen by SOE/IMM on GFX9).
    SmemSoffset,
    /// Plain immediate, masked to the field.
    Imm,
    /// Scalar register, range-checked.
    Sreg,
    /// Scalar base: an even SGPR, encoded halved.
    Sbase,
    /// Buffer resource: an SGPR multiple of 4, encoded quartered.
    Srsrc,
    /// Scalar source: SGPR / special, inline constant, literal.
    Ssrc,
    /// Vector source: as [`How::Ssrc`] plus VGPRs.
    Vsrc,
    /// VGPR / AGPR / either ([`Kind::Vgpr`], [`Kind::Agpr`], [`Kind::AVgpr`]).
    Vgpr,
    Agpr,
    AVgpr,
    /// DPP/SDWA src0: a VGPR (SDWA: also a scalar or constant) in the
    /// control dword's low byte (`dpp::encode_operand`).
    DppSrc0,
    /// SDWA src1: a VGPR, or a scalar / constant flagged by S1.
    SdwaSrc1,
    /// SDWA VOPC destination: VCC, or an SGPR (pair) in SDST.
    SdwaSdst,
}

#[derive(Clone, Copy, Debug)]
struct OpPlan {
    how: How,
    /// Bit position in the 64-bit base encoding (word 1 in the high half).
    shift: u8,
    width: u8,
    /// Bit set when the operand is an AGPR ([`How::AVgpr`]); `NO_BIT` if none.
    acc: u8,
    /// GFX11 true16 operand: 0 if not; [`T16_LOW7`] for VOP1/VOP2/VOPC
    /// (the half is bit 7 of the VGPR number); else 1 + the `op_sel` bit
    /// that selects the high half.
    t16: u8,
    /// [`How::Implicit`] register code.
    code: u16,
    /// The plain kinds (immediates, registers, constants, literals):
    /// `ACCEPT_*` bits of the operand values the kind takes; 0 for the
    /// other [`How`]s.
    accept: u8,
    /// A register's field value: `(code - sub[class]) >> div`, class 0
    /// scalar, 1 VGPR, 2 AGPR; `code & align` must be 0.
    sub: [u16; 3],
    align: u8,
    div: u8,
    /// Whether the value is range-checked against the field.
    check: bool,
    /// The field's bits in place, and its largest value.
    mask: u64,
    max: u32,
    /// A vector register needs more than the transform: the AGPR `acc`
    /// bit or a true16 half.
    special: bool,
}

const ACCEPT_SGPR: u8 = 1;
const ACCEPT_VGPR: u8 = 2;
const ACCEPT_AGPR: u8 = 4;
const ACCEPT_CONST: u8 = 8;
const ACCEPT_LITERAL: u8 = 16;
const ACCEPT_IMM: u8 = 32;

const NO_BIT: u8 = u8::MAX;
/// SDWA control-dword bits the operands set ([`dpp::SDWA_SCALAR`],
/// [`dpp::SDWA_SD`], [`dpp::SDWA_SDST`]).
const SDWA_S0: u32 = 1 << dpp::SDWA_SCALAR[0].lo;
const SDWA_S1: u32 = 1 << dpp::SDWA_SCALAR[1].lo;
const SDWA_SD: u32 = 1 << dpp::SDWA_SD.lo;
const SDWA_SDST_MASK: u32 = ((1 << dpp::SDWA_SDST.width) - 1) << dpp::SDWA_SDST.lo;
const T16_LOW7: u8 = u8::MAX;

const OP_NONE: OpPlan = OpPlan {
    how: How::Decline,
    shift: 0,
    width: 0,
    acc: NO_BIT,
    t16: 0,
    code: 0,
    accept: 0,
    sub: [0; 3],
    align: 0,
    div: 0,
    check: false,
    mask: 0,
    max: 0,
    special: false,
};

/// Which family modifiers the entry places.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ModsKind {
    None,
    /// VOP3: clamp, omod, neg, abs, op_sel.
    Vop3,
    /// VOP3B (with an SGPR carry-out over abs/op_sel): clamp, omod, neg.
    Vop3Sdst,
    /// VOP3P: clamp, op_sel, op_sel_hi (plus the unused sources' default), neg_lo/hi.
    Vop3p,
    /// gfx942 MFMA: cbsz, abid, blgp.
    Mfma,
}

/// Everything the encoder needs about one table entry.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Plan {
    /// Processors the plan applies to ([`table::OpInfo::processors`]);
    /// 0 when the entry never takes the fast path.
    processors: u8,
    /// Dwords of the base encoding.
    base: u8,
    operands: u8,
    mods: ModsKind,
    /// Base encoding bits fixed by the entry.
    fixed: u64,
    /// [`super::Mods::mem`] bits the layout has, and where each goes.
    mod_mask: u16,
    mod_shift: [u8; MOD_BITS],
    /// Offset field (width 0: none) and whether it is signed.
    off_shift: u8,
    off_width: u8,
    off_signed: bool,
    off1_shift: u8,
    off1_width: u8,
    /// A vaddr printed as `off` is cleared unless one of these `mem`
    /// bits is set (width 0: never cleared).
    vaddr_shift: u8,
    vaddr_width: u8,
    vaddr_keep: u16,
    /// GFX9 SMEM: the SOE and IMM bits of the encoding (the SGPR offset
    /// goes to OFFSET when both are clear); 0 elsewhere.
    smem_select: u64,
    /// VOP3P `op_sel_hi` bits of absent / ignored sources.
    unused_hi: u8,
    /// GFX11 `v_cmpx_*_e64` without a destination: EXEC_LO in VDST.
    cmpx: u64,
    /// The same for an operand list without VDST (DPP/SDWA forms).
    cmpx_any: u64,
    /// src0 field (DPP/SDWA forms put the form's code there).
    src0_shift: u8,
    src0_width: u8,
    /// First form (table order) per DPP16 / DPP8 / SDWA, or `u16::MAX`.
    forms: [u16; 3],
    /// A VOPD X operation ([`vopd_encode`]).
    vopd: bool,
    /// No memory bits, offsets, family modifiers or vaddr rule: the
    /// modifiers only need `offset == 0`.
    simple: bool,
    ops: [OpPlan; MAX_OPERANDS],
}

/// The operands of a DPP/SDWA form (its modifiers and fixed bits are its
/// opcode's [`Plan`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct FormPlan {
    /// The form's processors ([`Form::processors`]).
    processors: u8,
    operands: u8,
    /// `dpp::check` precomputed: control-dword bits the form rejects
    /// (source modifiers it lacks, SDWA clamp/omod) ...
    bad: u32,
    /// ... and the SDWA selects to range-check: `SEL_SRC0`, `SEL_DST`
    /// (with `dst_unused`), `SEL_SRC1`.
    sels: u8,
    /// Zero when the form has a VDST operand (no [`Plan::cmpx_any`] bits).
    cmpx_mask: u64,
    ops: [OpPlan; MAX_OPERANDS],
}

const FORM_NONE: FormPlan = FormPlan {
    processors: 0,
    operands: u8::MAX,
    bad: 0,
    sels: 0,
    cmpx_mask: u64::MAX,
    ops: [OP_NONE; MAX_OPERANDS],
};

const PLAN_NONE: Plan = Plan {
    processors: 0,
    base: 0,
    operands: 0,
    mods: ModsKind::None,
    fixed: 0,
    mod_mask: 0,
    mod_shift: [0; MOD_BITS],
    off_shift: 0,
    off_width: 0,
    off_signed: false,
    off1_shift: 0,
    off1_width: 0,
    vaddr_shift: 0,
    vaddr_width: 0,
    vaddr_keep: 0,
    smem_select: 0,
    unused_hi: 0,
    cmpx: 0,
    cmpx_any: 0,
    src0_shift: 0,
    src0_width: 0,
    forms: [u16::MAX; 3],
    vopd: false,
    simple: false,
    ops: [OP_NONE; MAX_OPERANDS],
};

const fn shift(b: Bits) -> u8 {
    b.word * 32 + b.lo
}

const fn set_c(v: u64, b: Bits, x: u32) -> u64 {
    let mask = (1u64 << b.width) - 1;
    let s = shift(b);
    (v & !(mask << s)) | ((x as u64 & mask) << s)
}

const fn is(f: Field, g: Field) -> bool {
    f as u8 == g as u8
}

const fn has_field(info: &OpInfo, f: Field) -> bool {
    let mut i = 0;
    while i < info.operands.len() {
        if is(info.operands[i].field, f) {
            return true;
        }
        i += 1;
    }
    false
}

const fn mod_bit_of(layout: &Layout, m: ModBit) -> Option<Bits> {
    layout.mod_at[m as usize]
}

/// Bit of the `acc` select for an AGPR in `field` (see `encode::set_acc`).
const fn acc_bit(layout: &Layout, field: Field) -> u8 {
    if matches!(layout.family, Family::Vop3p) {
        match field {
            Field::Vdst | Field::Src2 => shift(format::MAI_ACC_CD),
            Field::Src0 => shift(format::MAI_ACC),
            Field::Src1 => shift(format::MAI_ACC) + 1,
            _ => NO_BIT,
        }
    } else {
        match mod_bit_of(layout, ModBit::Acc) {
            Some(b) => shift(b),
            None => NO_BIT,
        }
    }
}

/// Bits VDST gets on GFX11 `v_cmpx_*_e64`, which writes EXEC though no
/// destination is in the text (`encode_into`).
const fn cmpx(gen: Generation, layout: &Layout, info: &OpInfo, specs: &[OperandSpec]) -> u64 {
    let mut i = 0;
    while i < specs.len() {
        if is(specs[i].field, Field::Vdst) {
            return 0;
        }
        i += 1;
    }
    match layout.field_at[Field::Vdst as usize] {
        Some(b)
            if matches!(gen, Generation::Gfx11)
                && matches!(info.family, Family::Vop3)
                && info.flags.0 & Flags::WRITES_EXEC != 0 =>
        {
            set_c(0, b, 126)
        }
        _ => 0,
    }
}

const fn op_plan(gen: Generation, layout: &Layout, spec: &OperandSpec) -> OpPlan {
    let gfx11 = matches!(gen, Generation::Gfx11);
    let family = layout.family;
    let mut o = OP_NONE;
    if spec.half && gfx11 {
        o.t16 = match (family, spec.field) {
            (Family::Vop1 | Family::Vop2 | Family::Vopc, _) => T16_LOW7,
            (_, Field::Src0) => 1,
            (_, Field::Src1) => 2,
            (_, Field::Src2) => 3,
            _ => 4,
        };
    }
    if let Kind::Implicit(code) = spec.kind {
        o.how = How::Implicit;
        o.code = code;
    } else if matches!(family, Family::Smem) && is(spec.field, Field::Soffset) {
        // GFX9 may redirect the SGPR to OFFSET; both fields must exist.
        if let Some(b) = layout.field_at[Field::Soffset as usize] {
            if gfx11 || layout.offset.is_some() {
                o.how = How::SmemSoffset;
                o.shift = shift(b);
                o.width = b.width;
            }
        }
    } else if matches!(spec.kind, Kind::Literal) || is(spec.field, Field::Literal) {
        o.how = How::Literal;
    } else if let Some(b) = layout.field_at[spec.field as usize] {
        o.shift = shift(b);
        o.width = b.width;
        o.how = match spec.kind {
            Kind::Imm(_) => How::Imm,
            Kind::Sreg => match spec.field {
                Field::Sbase => How::Sbase,
                Field::Srsrc => How::Srsrc,
                _ => How::Sreg,
            },
            Kind::Ssrc => How::Ssrc,
            Kind::Vsrc => How::Vsrc,
            Kind::Vgpr => How::Vgpr,
            Kind::Agpr => How::Agpr,
            Kind::AVgpr => {
                o.acc = acc_bit(layout, spec.field);
                How::AVgpr
            }
            Kind::Literal | Kind::Implicit(_) => How::Decline,
        };
        o.mask = field_mask(b);
        o.max = ((1u64 << b.width) - 1) as u32;
        // What `encode::encode_operand` accepts, per kind.
        let w9 = b.width == 9;
        let (scalar9, add) = if w9 {
            (ACCEPT_SGPR | ACCEPT_CONST | ACCEPT_LITERAL, 256)
        } else {
            (0, 0)
        };
        match o.how {
            How::Imm => o.accept = ACCEPT_IMM,
            How::Sreg => {
                o.accept = ACCEPT_SGPR;
                o.check = true;
            }
            How::Sbase => {
                o.accept = ACCEPT_SGPR;
                o.align = 1;
                o.div = 1;
            }
            How::Srsrc => {
                o.accept = ACCEPT_SGPR;
                o.align = 3;
                o.div = 2;
            }
            How::Ssrc => {
                o.accept = ACCEPT_SGPR | ACCEPT_CONST | ACCEPT_LITERAL;
                o.check = true;
            }
            How::Vsrc => {
                o.accept = ACCEPT_SGPR | ACCEPT_VGPR | ACCEPT_CONST | ACCEPT_LITERAL;
                o.check = true;
            }
            How::Vgpr => o.accept = ACCEPT_VGPR | (scalar9 & ACCEPT_SGPR),
            How::Agpr => o.accept = ACCEPT_AGPR | (scalar9 & ACCEPT_SGPR),
            How::AVgpr => o.accept = ACCEPT_VGPR | ACCEPT_AGPR | scalar9,
            _ => {}
        }
        if matches!(o.how, How::Vgpr | How::Agpr | How::AVgpr) {
            o.sub = [0, VGPR0 - add, AGPR0 - add];
        }
    }
    o.special = o.acc != NO_BIT || o.t16 != 0;
    o
}

/// A form operand: src0, SDWA src1 and the SDWA VOPC destination live in
/// (or are flagged in) the control dword; the rest encode as natively.
const fn form_op_plan(gen: Generation, layout: &Layout, form: &Form, spec: &OperandSpec) -> OpPlan {
    let sdwa = matches!(form.variant, Variant::Sdwa);
    let mut o = op_plan(gen, layout, spec);
    let plain = o.accept;
    o.accept = 0;
    match spec.field {
        Field::Sdst if sdwa && matches!(layout.family, Family::Vopc) => o.how = How::SdwaSdst,
        Field::Src0 => o.how = How::DppSrc0,
        Field::Src1 if sdwa => {
            o.how = match layout.field_at[Field::Src1 as usize] {
                Some(_) => How::SdwaSrc1,
                None => How::Decline,
            }
        }
        _ => o.accept = plain,
    }
    o
}

const fn form_has(form: &Form, bits: u16) -> bool {
    form.mods & bits == bits
}

const fn ctrl_mask(b: Bits) -> u32 {
    (((1u64 << b.width) - 1) as u32) << b.lo
}

const SEL_SRC0: u8 = 1;
const SEL_DST: u8 = 2;
const SEL_SRC1: u8 = 4;

const fn form_plan(gen: Generation, form: &Form) -> FormPlan {
    let mut p = FORM_NONE;
    if form.operands.len() > MAX_OPERANDS {
        return p;
    }
    let Some(layout) = format::layout_const(gen, form.family) else {
        return p;
    };
    let mut k = 0;
    while k < form.operands.len() {
        if is(form.operands[k].field, Field::Vdst) {
            p.cmpx_mask = 0;
        }
        k += 1;
    }
    let vop12c = matches!(form.family, Family::Vop1 | Family::Vop2 | Family::Vopc);
    match form.variant {
        Variant::Dpp16 if vop12c => {
            if !form_has(form, FormMods::SRC0_FLOAT) {
                p.bad |= ctrl_mask(dpp::DPP_NEG[0]) | ctrl_mask(dpp::DPP_ABS[0]);
            }
            if !form_has(form, FormMods::SRC1_FLOAT) {
                p.bad |= ctrl_mask(dpp::DPP_NEG[1]) | ctrl_mask(dpp::DPP_ABS[1]);
            }
        }
        Variant::Sdwa => {
            p.sels = SEL_SRC0;
            if form_has(form, FormMods::DST_SEL) {
                p.sels |= SEL_DST;
            }
            if form_has(form, FormMods::SRC1_SEL) {
                p.sels |= SEL_SRC1;
            }
            let float = [FormMods::SRC0_FLOAT, FormMods::SRC1_FLOAT];
            let int = [FormMods::SRC0_SEXT, FormMods::SRC1_SEXT];
            let mut k = 0;
            while k < 2 {
                if !form_has(form, float[k]) {
                    p.bad |= ctrl_mask(dpp::SDWA_NEG[k]) | ctrl_mask(dpp::SDWA_ABS[k]);
                }
                if !form_has(form, int[k]) {
                    p.bad |= ctrl_mask(dpp::SDWA_SEXT[k]);
                }
                k += 1;
            }
            let vopc = matches!(form.family, Family::Vopc);
            if !vopc && !form_has(form, FormMods::CLAMP) {
                p.bad |= ctrl_mask(dpp::SDWA_CLAMP);
            }
            if !vopc && !form_has(form, FormMods::OMOD) {
                p.bad |= ctrl_mask(dpp::SDWA_OMOD);
            }
        }
        _ => {}
    }
    let mut i = 0;
    while i < form.operands.len() {
        p.ops[i] = form_op_plan(gen, layout, form, &form.operands[i]);
        i += 1;
    }
    p.operands = form.operands.len() as u8;
    p.processors = form.processors;
    p
}

const fn plan_for(gen: Generation, info: &OpInfo) -> Plan {
    let mut p = PLAN_NONE;
    let gfx11 = matches!(gen, Generation::Gfx11);
    if matches!(info.family, Family::Vopd) {
        if format::layout_const(gen, Family::Vopd).is_some() {
            p.vopd = true;
            p.processors = info.processors;
        }
        return p;
    }
    // (The graphics-only encodings take the general path.)
    if info.operands.len() > MAX_OPERANDS
        || matches!(info.family, Family::Exp | Family::Vinterp | Family::Ldsdir)
    {
        return p;
    }
    let Some(layout) = format::layout_const(gen, info.family) else {
        return p;
    };
    let flags = info.flags.0;
    // The bits `encode_into` / `encode_mods` set from the entry alone.
    let mut v = set_c(layout.value as u64, layout.opcode, info.opcode as u32);
    if flags & Flags::RTN != 0 {
        if let Some(b) = mod_bit_of(layout, ModBit::Glc) {
            v = set_c(v, b, 1);
        }
    }
    if flags & Flags::LDS_DMA != 0 {
        if let Some(b) = mod_bit_of(layout, ModBit::Lds) {
            v = set_c(v, b, 1);
        }
    }
    if flags & Flags::VDST_EXEC != 0 {
        if let Some(b) = layout.field_at[Field::Vdst as usize] {
            v = set_c(v, b, 126);
        }
    }
    if matches!(info.family, Family::Flat) && !has_field(info, Field::Saddr) {
        if let Some(b) = layout.field_at[Field::Saddr as usize] {
            let off = if gfx11 {
                super::operand::null_code(gen) as u32
            } else {
                0
            };
            v = set_c(v, b, off);
        }
    }
    p.fixed = v;
    p.cmpx = cmpx(gen, layout, info, info.operands);
    p.cmpx_any = cmpx(gen, layout, info, &[]);
    if let Some(b) = layout.field_at[Field::Src0 as usize] {
        p.src0_shift = shift(b);
        p.src0_width = b.width;
    }
    p.base = if matches!(
        info.family,
        Family::Sop1
            | Family::Sop2
            | Family::Sopk
            | Family::Sopc
            | Family::Sopp
            | Family::Vop1
            | Family::Vop2
            | Family::Vopc
    ) {
        1
    } else {
        2
    };
    p.operands = info.operands.len() as u8;
    p.mod_mask = layout.mod_mask;
    let mut i = 0;
    while i < MOD_BITS {
        if let Some(b) = layout.mod_at[i] {
            p.mod_shift[i] = shift(b);
        }
        i += 1;
    }
    if let Some(b) = layout.offset {
        p.off_shift = shift(b);
        p.off_width = b.width;
        p.off_signed = layout.offset_signed;
    }
    if let Some(b) = layout.offset1 {
        p.off1_shift = shift(b);
        p.off1_width = b.width;
    }
    let keep = match info.family {
        Family::Scratch => Some(ModBit::Sve as u16),
        Family::Mubuf | Family::Mtbuf => None,
        _ => Some(u16::MAX),
    };
    let keep = match keep {
        Some(u16::MAX) => None,
        Some(bit) => Some((1u16 << bit) & layout.mod_mask),
        None => Some(
            (format::mod_bit(ModBit::Offen) | format::mod_bit(ModBit::Idxen)) & layout.mod_mask,
        ),
    };
    if let Some(keep) = keep {
        if let (true, Some(b)) = (
            has_field(info, Field::Addr),
            layout.field_at[Field::Addr as usize],
        ) {
            p.vaddr_shift = shift(b);
            p.vaddr_width = b.width;
            p.vaddr_keep = keep;
        }
    }
    if matches!(info.family, Family::Smem) && !gfx11 {
        if let (Some(soe), Some(imm)) = (
            mod_bit_of(layout, ModBit::Soe),
            mod_bit_of(layout, ModBit::Imm),
        ) {
            p.smem_select = (1u64 << shift(soe)) | (1u64 << shift(imm));
        }
    }
    p.mods = match info.family {
        Family::Vop3 if has_field(info, Field::Sdst3) => ModsKind::Vop3Sdst,
        Family::Vop3 => ModsKind::Vop3,
        Family::Vop3p if flags & Flags::MFMA != 0 && !gfx11 => ModsKind::Mfma,
        Family::Vop3p => ModsKind::Vop3p,
        _ => ModsKind::None,
    };
    if matches!(p.mods, ModsKind::Vop3p) && flags & Flags::SRC_MODS_FP == 0 {
        let mut srcs = 0;
        let mut i = 0;
        while i < info.operands.len() {
            if matches!(
                info.operands[i].field,
                Field::Src0 | Field::Src1 | Field::Src2
            ) {
                srcs += 1;
            }
            i += 1;
        }
        p.unused_hi =
            (!((1u8 << srcs) - 1) | (info.mods_ignored / table::VMOD_OP_SEL_HI) as u8) & 7;
    }
    let mut i = 0;
    while i < info.operands.len() {
        p.ops[i] = op_plan(gen, layout, &info.operands[i]);
        i += 1;
    }
    p.processors = info.processors;
    p.simple = p.mod_mask == 0
        && p.off_width == 0
        && p.off1_width == 0
        && matches!(p.mods, ModsKind::None)
        && p.vaddr_width == 0;
    p
}

macro_rules! plans {
    ($plans:ident, $form_plans:ident, $gen:expr, $ops:expr, $forms:expr, $index:expr) => {
        static $plans: [Plan; $ops.len()] = {
            let mut out = [PLAN_NONE; $ops.len()];
            let mut i = 0;
            while i < out.len() {
                out[i] = plan_for($gen, &$ops[i]);
                let mut v = 0;
                while v < 3 {
                    let variant = [Variant::Dpp16, Variant::Dpp8, Variant::Sdwa][v];
                    out[i].forms[v] = $index.first_form($ops[i].family, $ops[i].opcode, variant);
                    v += 1;
                }
                i += 1;
            }
            out
        };
        static $form_plans: [FormPlan; $forms.len()] = {
            let mut out = [FORM_NONE; $forms.len()];
            let mut i = 0;
            while i < out.len() {
                out[i] = form_plan($gen, &$forms[i]);
                i += 1;
            }
            out
        };
    };
}

plans!(
    GFX9_PLANS,
    GFX9_FORM_PLANS,
    Generation::Gfx9,
    super::gfx9::OPCODES,
    super::gfx9_forms::FORMS,
    index::gfx9::ENCODINGS
);
plans!(
    GFX11_PLANS,
    GFX11_FORM_PLANS,
    Generation::Gfx11,
    super::gfx11::OPCODES,
    super::gfx11_forms::FORMS,
    index::gfx11::ENCODINGS
);

#[inline(always)]
fn set(v: &mut u64, shift: u8, width: u8, x: u32) {
    let mask = (1u64 << width) - 1;
    *v = (*v & !(mask << shift)) | ((x as u64 & mask) << shift);
}

/// `x` masked to field `b`, in place.
#[inline(always)]
const fn put(b: Bits, x: u32) -> u64 {
    (x as u64 & ((1u64 << b.width) - 1)) << shift(b)
}

const fn field_mask(b: Bits) -> u64 {
    put(b, u32::MAX)
}

const VOP3B_MODS: u64 =
    field_mask(format::VOP3_CLAMP) | field_mask(format::VOP3_OMOD) | field_mask(format::VOP3_NEG);
const VOP3_MODS: u64 = VOP3B_MODS | field_mask(format::VOP3_ABS) | field_mask(format::VOP3_OPSEL);
const MFMA_MODS: u64 =
    field_mask(format::MAI_CBSZ) | field_mask(format::MAI_ABID) | field_mask(format::MAI_BLGP);
const VOP3P_MODS: u64 = field_mask(format::VOP3_CLAMP)
    | field_mask(format::VOP3P_OPSEL)
    | field_mask(format::VOP3P_OPSEL_HI)
    | field_mask(format::VOP3P_OPSEL_HI2)
    | field_mask(format::VOP3_NEG)
    | field_mask(format::VOP3P_NEG_HI);

// The masked updates above equal field-by-field `set`s only if each
// group's fields are disjoint.
const _: () = {
    const fn disjoint(fields: &[Bits]) -> bool {
        let mut seen = 0u64;
        let mut i = 0;
        while i < fields.len() {
            let m = field_mask(fields[i]);
            if seen & m != 0 {
                return false;
            }
            seen |= m;
            i += 1;
        }
        true
    }
    use format::*;
    assert!(disjoint(&[
        VOP3_CLAMP, VOP3_OMOD, VOP3_NEG, VOP3_ABS, VOP3_OPSEL
    ]));
    assert!(disjoint(&[MAI_CBSZ, MAI_ABID, MAI_BLGP]));
    assert!(disjoint(&[
        VOP3_CLAMP,
        VOP3P_OPSEL,
        VOP3P_OPSEL_HI,
        VOP3P_OPSEL_HI2,
        VOP3_NEG,
        VOP3P_NEG_HI
    ]));
};

/// The plans of one processor ([`plans`]), chosen once for a run of
/// instructions.
#[derive(Clone, Copy)]
pub(crate) struct Plans {
    gen: Generation,
    bit: u8,
    plans: &'static [Plan],
    form_plans: &'static [FormPlan],
}

#[inline(always)]
pub(crate) fn plans(processor: Processor) -> Plans {
    let (gen, plans, form_plans): (_, &'static [Plan], &'static [FormPlan]) = match processor {
        Processor::Gfx942 => (Generation::Gfx9, &GFX9_PLANS, &GFX9_FORM_PLANS),
        Processor::Gfx1100 | Processor::Gfx1151 => {
            (Generation::Gfx11, &GFX11_PLANS, &GFX11_FORM_PLANS)
        }
    };
    Plans {
        gen,
        bit: table::processor_bit(processor),
        plans,
        form_plans,
    }
}

/// Encode `inst` if the fast path covers it; `None` hands it to the general path.
#[inline(always)]
pub(crate) fn encode(processor: Processor, inst: &Inst, buf: &mut [u32; 4]) -> Option<usize> {
    encode_with(&plans(processor), inst, buf)
}

/// [`encode`] with the processor's plans already chosen.
#[inline(always)]
pub(crate) fn encode_with(p: &Plans, inst: &Inst, buf: &mut [u32; 4]) -> Option<usize> {
    let (gen, plans, form_plans) = (p.gen, p.plans, p.form_plans);
    let plan = plans.get(inst.opcode.0 as usize)?;
    if plan.processors & p.bit == 0 {
        return None;
    }
    if plan.vopd {
        return vopd_encode(inst, buf);
    }
    let slot = match inst.mods.variant {
        Variant::Native => {
            if inst.num_operands != plan.operands {
                return None;
            }
            return run(gen, plan, &plan.ops, plan.cmpx, None, inst, buf);
        }
        Variant::Dpp16 => 0,
        Variant::Dpp8 => 1,
        Variant::Sdwa => 2,
    };
    let fp = form_plans.get(plan.forms[slot] as usize)?;
    // A later form of the same encoding may be this processor's: the
    // general path finds it.
    if fp.processors & p.bit == 0 || inst.num_operands != fp.operands {
        return None;
    }
    let m = &inst.mods;
    // `dpp::ctrl_base` and `dpp::src0_code`, per variant.
    let ctrl = m.extra & [!0xff, !0xff, !(0xff | SDWA_S0 | SDWA_S1)][slot];
    let src0 = match slot {
        0 => dpp::SRC0_DPP16,
        1 if m.mem & dpp::DPP8_FI != 0 => dpp::SRC0_DPP8_FI,
        1 => dpp::SRC0_DPP8,
        _ => dpp::SRC0_SDWA,
    };
    run(
        gen,
        plan,
        &fp.ops,
        plan.cmpx_any & fp.cmpx_mask,
        Some((fp, ctrl, src0)),
        inst,
        buf,
    )
}

/// [`dpp::dpp_ctrl_valid`] of every 9-bit `dpp_ctrl` value, as bits: one
/// load instead of a chain of range compares that mispredicts on a mix.
const fn dpp_ctrl_bitmap(gen: Generation) -> [u64; 8] {
    let mut out = [0u64; 8];
    let mut c = 0;
    while c < 512 {
        if dpp::dpp_ctrl_valid(gen, c) {
            out[c as usize / 64] |= 1 << (c % 64);
        }
        c += 1;
    }
    out
}

const DPP_CTRL_VALID: [[u64; 8]; 2] = [
    dpp_ctrl_bitmap(Generation::Gfx9),
    dpp_ctrl_bitmap(Generation::Gfx11),
];

// The bitmap covers the whole field.
const _: () = assert!(dpp::DPP_CTRL.width == 9);

/// `dpp::check` from the form's precomputed masks.
#[inline(always)]
fn ctrl_ok(gen: Generation, fp: &FormPlan, variant: Variant, ctrl: u32) -> bool {
    let field = |b: Bits| ctrl >> b.lo & ((1 << b.width) - 1);
    ctrl & fp.bad == 0
        && match variant {
            Variant::Dpp16 => {
                let c = field(dpp::DPP_CTRL) as usize;
                DPP_CTRL_VALID[matches!(gen, Generation::Gfx11) as usize][c / 64] >> (c % 64) & 1
                    != 0
            }
            Variant::Sdwa => {
                (fp.sels & SEL_SRC0 == 0 || field(dpp::SDWA_SEL[0]) <= 6)
                    // (any `dst_unused`, as `dpp::check`: 3 has no name)
                    && (fp.sels & SEL_DST == 0 || field(dpp::SDWA_DST_SEL) <= 6)
                    && (fp.sels & SEL_SRC1 == 0 || field(dpp::SDWA_SEL[1]) <= 6)
            }
            _ => true,
        }
}

/// Memory bits, offsets and the family's modifiers (all but the simplest plans).
#[inline(always)]
fn place_mods(plan: &Plan, m: &super::Mods, v: &mut u64) -> Option<()> {
    let mut w = *v;
    let mut bits = m.mem & plan.mod_mask;
    while bits != 0 {
        w |= 1u64 << plan.mod_shift[bits.trailing_zeros() as usize];
        bits &= bits - 1;
    }
    if plan.off_width != 0 {
        let width = plan.off_width as u32;
        let fits = if plan.off_signed {
            let half = 1i64 << (width - 1);
            (-half..half).contains(&(m.offset as i64))
        } else {
            m.offset >= 0 && (m.offset as u64) < (1u64 << width)
        };
        if !fits {
            return None;
        }
        set(&mut w, plan.off_shift, plan.off_width, m.offset as u32);
    } else if m.offset != 0 {
        return None;
    }
    if plan.off1_width != 0 {
        set(&mut w, plan.off1_shift, plan.off1_width, m.offset1 as u32);
    }
    match plan.mods {
        ModsKind::None => {}
        // Each group's fields are disjoint, so one masked update places them all.
        ModsKind::Vop3 => {
            w = (w & !VOP3_MODS)
                | put(format::VOP3_CLAMP, m.clamp as u32)
                | put(format::VOP3_OMOD, m.omod as u32)
                | put(format::VOP3_NEG, m.neg as u32)
                | put(format::VOP3_ABS, m.abs as u32)
                | put(format::VOP3_OPSEL, m.op_sel as u32);
        }
        ModsKind::Vop3Sdst => {
            w = (w & !VOP3B_MODS)
                | put(format::VOP3_CLAMP, m.clamp as u32)
                | put(format::VOP3_OMOD, m.omod as u32)
                | put(format::VOP3_NEG, m.neg as u32);
        }
        ModsKind::Mfma => {
            w = (w & !MFMA_MODS)
                | put(format::MAI_CBSZ, m.offset1 as u32)
                | put(format::MAI_ABID, m.abid as u32)
                | put(format::MAI_BLGP, m.blgp as u32);
        }
        ModsKind::Vop3p => {
            let hi = (m.op_sel_hi | plan.unused_hi) as u32;
            w = (w & !VOP3P_MODS)
                | put(format::VOP3_CLAMP, m.clamp as u32)
                | put(format::VOP3P_OPSEL, m.op_sel as u32)
                | put(format::VOP3P_OPSEL_HI, hi & 3)
                | put(format::VOP3P_OPSEL_HI2, (hi >> 2) & 1)
                | put(format::VOP3_NEG, m.neg as u32)
                | put(format::VOP3P_NEG_HI, m.abs as u32);
        }
    }
    *v = w;
    Some(())
}

#[inline(always)]
fn run(
    gen: Generation,
    plan: &Plan,
    ops: &[OpPlan; MAX_OPERANDS],
    cmpx: u64,
    // A DPP/SDWA form: its plan, the control dword without the operands'
    // bits, and the src0 code that selects the form.
    form: Option<(&FormPlan, u32, u32)>,
    inst: &Inst,
    buf: &mut [u32; 4],
) -> Option<usize> {
    let m = &inst.mods;
    let mut ctrl = match form {
        Some((_, c, _)) => c,
        None => 0,
    };
    let mut v = plan.fixed;
    if plan.simple {
        if m.offset != 0 {
            return None;
        }
    } else {
        place_mods(plan, m, &mut v)?;
    }
    let sdwa = m.variant == Variant::Sdwa;
    let mut literal: Option<u32> = None;
    // true16 high halves selected through VOP3 `op_sel`.
    let mut halves = 0u8;
    // The caller checked the count against the plan's (at most MAX_OPERANDS).
    let n = (inst.num_operands as usize).min(MAX_OPERANDS);
    // An index loop: the zipped slice iterators cost more than the body.
    #[allow(clippy::needless_range_loop)]
    for i in 0..n {
        let (o, op) = (&ops[i], &inst.operands[i]);
        // A true16 VGPR half (`encode::t16_field`).
        let mut t16 = |index: u32, half: u8| -> Option<u32> {
            let hi = half == 2;
            let x = if o.t16 == T16_LOW7 {
                if index > 127 {
                    return None;
                }
                index | (hi as u32) << 7
            } else {
                halves |= (hi as u8) << (o.t16 - 1);
                index
            };
            Some(if o.width == 9 { VGPR0 as u32 + x } else { x })
        };
        let mut lit = |x: u32| match literal {
            Some(old) if old != x => None,
            _ => {
                literal = Some(x);
                Some(LITERAL as u32)
            }
        };
        let raw = if o.accept != 0 {
            match *op {
                Operand::Reg { code, half, .. } => {
                    let class = (code >= VGPR0) as usize + (code >= AGPR0) as usize;
                    if o.accept & (1 << class) == 0 || code & o.align as u16 != 0 {
                        return None;
                    }
                    if class != 0 && o.special {
                        if class == 2 && o.acc != NO_BIT {
                            v |= 1u64 << o.acc;
                        }
                        if o.t16 != 0 {
                            t16((code - [0, VGPR0, AGPR0][class]) as u32, half)?
                        } else {
                            let raw = ((code - o.sub[class]) >> o.div) as u32;
                            if o.check && raw > o.max {
                                return None;
                            }
                            raw
                        }
                    } else {
                        let raw = ((code - o.sub[class]) >> o.div) as u32;
                        if o.check && raw > o.max {
                            return None;
                        }
                        raw
                    }
                }
                Operand::Const(c) if o.accept & ACCEPT_CONST != 0 => c as u32,
                Operand::Literal(x) if o.accept & ACCEPT_LITERAL != 0 => lit(x)?,
                Operand::Imm(x) if o.accept & ACCEPT_IMM != 0 => x as u32,
                _ => return None,
            }
        } else {
            match (o.how, *op) {
                (How::Implicit, Operand::Reg { code, .. }) if code == o.code => continue,
                (How::Literal, Operand::Literal(x)) => {
                    lit(x)?;
                    continue;
                }
                (How::SmemSoffset, Operand::None) => continue,
                (How::SmemSoffset, Operand::Reg { code, .. }) if code < VGPR0 => {
                    let (s, w) = if plan.smem_select != 0 && v & plan.smem_select == 0 {
                        (plan.off_shift, plan.off_width)
                    } else {
                        (o.shift, o.width)
                    };
                    if code as u64 >= 1u64 << w {
                        return None;
                    }
                    set(&mut v, s, w, code as u32);
                    continue;
                }
                (How::DppSrc0, Operand::Reg { code, half, .. })
                    if (VGPR0..AGPR0).contains(&code) =>
                {
                    let index = (code - VGPR0) as u32;
                    let low = if o.t16 == T16_LOW7 {
                        if index > 127 {
                            return None;
                        }
                        index | ((half == 2) as u32) << 7
                    } else {
                        halves |= (o.t16 != 0 && half == 2) as u8;
                        index
                    };
                    ctrl = (ctrl & !0xff) | low;
                    continue;
                }
                (How::DppSrc0, Operand::Reg { code, .. }) if sdwa && code < VGPR0 => {
                    ctrl = (ctrl & !0xff) | SDWA_S0 | code as u32;
                    continue;
                }
                (How::DppSrc0, Operand::Const(c)) if sdwa => {
                    ctrl = (ctrl & !0xff) | SDWA_S0 | c as u32;
                    continue;
                }
                (How::SdwaSrc1, Operand::Reg { code, .. }) if (VGPR0..AGPR0).contains(&code) => {
                    (code - VGPR0) as u32
                }
                (How::SdwaSrc1, Operand::Reg { code, .. }) if code < VGPR0 && code != LITERAL => {
                    ctrl |= SDWA_S1;
                    code as u32
                }
                (How::SdwaSrc1, Operand::Const(c)) => {
                    ctrl |= SDWA_S1;
                    c as u32
                }
                (How::SdwaSdst, Operand::Reg { code: 106, .. }) => continue,
                (How::SdwaSdst, Operand::Reg { code, .. }) if code < 128 => {
                    ctrl = (ctrl & !SDWA_SDST_MASK) | SDWA_SD | (code as u32) << 8;
                    continue;
                }
                _ => return None,
            }
        };
        // `set` with the field mask precomputed.
        v = (v & !o.mask) | ((raw as u64) << o.shift & o.mask);
    }
    v |= cmpx;
    if halves != 0 {
        v |= (halves as u64) << shift(format::VOP3_OPSEL);
    }
    if plan.vaddr_width != 0 && m.mem & plan.vaddr_keep == 0 {
        set(&mut v, plan.vaddr_shift, plan.vaddr_width, 0);
    }
    let base = plan.base as usize;
    if let Some((fp, _, src0)) = form {
        if literal.is_some() || plan.src0_width == 0 || !ctrl_ok(gen, fp, m.variant, ctrl) {
            return None;
        }
        set(&mut v, plan.src0_shift, plan.src0_width, src0);
        *buf = [v as u32, (v >> 32) as u32, 0, 0];
        buf[base] = ctrl;
        return Some(base + 1);
    }
    *buf = [v as u32, (v >> 32) as u32, 0, 0];
    match literal {
        Some(x) => {
            buf[base] = x;
            Some(base + 1)
        }
        None => Some(base),
    }
}

/// What a VOPD operand is: the field pair it goes to (X and Y half).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum VopdRole {
    /// VDSTX / VDSTY: a VGPR; VDSTY keeps bits 7..1 ([RDNA3] §"VOPD").
    Vdst,
    /// SRC0X / SRC0Y: a 9-bit source (SGPR, VGPR, constant, literal).
    Src0,
    /// VSRC1X / VSRC1Y: a VGPR.
    Vsrc1,
}

/// One VOPD operand: its role and the field it fills as X (`[0]`) and as
/// Y (`[1]`).
#[derive(Clone, Copy, Debug)]
struct VopdOp {
    role: VopdRole,
    shift: [u8; 2],
    mask: [u64; 2],
}

const VOPD_OP_NONE: VopdOp = VopdOp {
    role: VopdRole::Vsrc1,
    shift: [0; 2],
    mask: [0; 2],
};

/// A VOPD table entry as the X or the Y half of a pair (what
/// `vopd::encode` derives from its operand specs on every call).
#[derive(Clone, Copy, Debug)]
struct VopdPlan {
    /// Operands other than the literal constant; `u8::MAX`: not a VOPD
    /// entry, or one the fast path does not cover.
    operands: u8,
    /// Takes the literal constant `K` (from [`super::Mods::extra`]).
    literal: bool,
    /// The entry's opcode in OPX and in OPY.
    opcode: [u64; 2],
    ops: [VopdOp; vopd::MAX_HALF],
}

const VOPD_NONE: VopdPlan = VopdPlan {
    operands: u8::MAX,
    literal: false,
    opcode: [0; 2],
    ops: [VOPD_OP_NONE; vopd::MAX_HALF],
};

const fn vopd_plan(info: &OpInfo) -> VopdPlan {
    let mut p = VOPD_NONE;
    let Some(layout) = format::layout_const(Generation::Gfx11, Family::Vopd) else {
        return p;
    };
    if !matches!(info.family, Family::Vopd) || info.operands.len() > vopd::MAX_HALF {
        return p;
    }
    let mut n = 0;
    let mut i = 0;
    while i < info.operands.len() {
        let spec = &info.operands[i];
        i += 1;
        if matches!(spec.kind, Kind::Literal) || is(spec.field, Field::Literal) {
            p.literal = true;
            continue;
        }
        let (role, x, y) = match spec.field {
            Field::Vdst => (VopdRole::Vdst, Field::Vdst, Field::VdstY),
            Field::Src0 => (VopdRole::Src0, Field::Src0, Field::Src0Y),
            Field::Src1 => (VopdRole::Vsrc1, Field::Src1, Field::Src1Y),
            // Anything else is the general path's to reject.
            _ => return VOPD_NONE,
        };
        let (Some(bx), Some(by)) = (layout.field_at[x as usize], layout.field_at[y as usize])
        else {
            return VOPD_NONE;
        };
        p.ops[n] = VopdOp {
            role,
            shift: [shift(bx), shift(by)],
            mask: [field_mask(bx), field_mask(by)],
        };
        n += 1;
    }
    p.operands = n as u8;
    p.opcode = [
        set_c(0, layout.opcode, info.opcode as u32),
        set_c(0, vopd::OPY, info.opcode as u32),
    ];
    p
}

static GFX11_VOPD_PLANS: [VopdPlan; super::gfx11::OPCODES.len()] = {
    let mut out = [VOPD_NONE; super::gfx11::OPCODES.len()];
    let mut i = 0;
    while i < out.len() {
        out[i] = vopd_plan(&super::gfx11::OPCODES[i]);
        i += 1;
    }
    out
};

/// The fixed bits of every VOPD encoding.
const VOPD_VALUE: u64 = match format::layout_const(Generation::Gfx11, Family::Vopd) {
    Some(l) => l.value as u64,
    None => 0,
};

/// A VOPD pair (as `vopd::encode`): X is the opcode, Y the row in
/// [`super::Mods::offset1`]; operands are X's then Y's, literals excluded.
#[inline(never)]
fn vopd_encode(inst: &Inst, buf: &mut [u32; 4]) -> Option<usize> {
    let x = GFX11_VOPD_PLANS.get(inst.opcode.0 as usize)?;
    let y = GFX11_VOPD_PLANS.get(inst.mods.offset1 as usize)?;
    let (nx, ny) = (x.operands as usize, y.operands as usize);
    // `u8::MAX` operands (no plan) never add up to an operand count.
    if nx + ny != inst.num_operands as usize {
        return None;
    }
    let mut v = VOPD_VALUE | x.opcode[0] | y.opcode[1];
    let literal = x.literal || y.literal;
    let k = inst.mods.extra;
    // Source literals must equal each other and `K` (one literal dword).
    let mut lit: Option<u32> = if literal { Some(k) } else { None };
    let mut vdst = [u32::MAX; 2];
    let ops = &inst.operands;
    for (half, plan, first, count) in [(0, x, 0, nx), (1, y, nx, ny)] {
        for (o, op) in plan.ops[..count].iter().zip(&ops[first..first + count]) {
            let raw = match (o.role, *op) {
                (VopdRole::Vdst | VopdRole::Vsrc1, Operand::Reg { code, .. }) => {
                    let r = code.wrapping_sub(VGPR0) as u32;
                    if r >= 256 {
                        return None;
                    }
                    if o.role == VopdRole::Vdst {
                        vdst[half] = r;
                        r >> half
                    } else {
                        r
                    }
                }
                (VopdRole::Src0, Operand::Reg { code, .. })
                    if code < VGPR0 + 256 && code != LITERAL =>
                {
                    code as u32
                }
                (VopdRole::Src0, Operand::Const(c)) => c as u32,
                (VopdRole::Src0, Operand::Literal(l)) => {
                    match lit {
                        Some(old) if old != l => return None,
                        _ => lit = Some(l),
                    }
                    LITERAL as u32
                }
                _ => return None,
            };
            let (s, m) = (o.shift[half], o.mask[half]);
            v = (v & !m) | ((raw as u64) << s & m);
        }
    }
    // The two destinations must be in different banks (bit 0 differs).
    if vdst[0] != u32::MAX && vdst[1] != u32::MAX && vdst[0] & 1 == vdst[1] & 1 {
        return None;
    }
    *buf = [v as u32, (v >> 32) as u32, 0, 0];
    match lit {
        Some(l) => {
            buf[2] = l;
            Some(3)
        }
        None => Some(2),
    }
}

#[cfg(test)]
mod tests {
    use super::super::encode::encode_general;
    use super::super::{Mods, Opcode};
    use super::*;

    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
        fn below(&mut self, n: u64) -> u64 {
            self.next() % n
        }
    }

    /// The fast path either declines or gives exactly the general path's words.
    fn check(p: Processor, inst: &Inst) -> bool {
        let mut fast = [0u32; 4];
        let Some(n) = encode(p, inst, &mut fast) else {
            return false;
        };
        let mut slow = [0u32; 4];
        let want = encode_general(p, inst, &mut slow);
        assert_eq!(
            want,
            Ok(n),
            "{p} {inst:?}: fast path encoded what the general path does not"
        );
        assert_eq!(fast, slow, "{p} {inst:?}");
        true
    }

    fn reg(code: u16, rng: &mut Rng) -> Operand {
        Operand::Reg {
            code,
            count: 1 + rng.below(4) as u8,
            half: if rng.below(4) == 0 {
                rng.below(3) as u8
            } else {
                0
            },
        }
    }

    fn any_operand(rng: &mut Rng) -> Operand {
        match rng.below(7) {
            0 => Operand::None,
            1 => reg(rng.below(256) as u16, rng),
            2 => reg(VGPR0 + rng.below(256) as u16, rng),
            3 => reg(AGPR0 + rng.below(256) as u16, rng),
            4 => Operand::Const(if rng.below(2) == 0 {
                128 + rng.below(81) as u8
            } else {
                240 + rng.below(9) as u8
            }),
            5 => Operand::Literal(if rng.below(2) == 0 {
                rng.below(3) as u32
            } else {
                rng.next() as u32
            }),
            _ => Operand::Imm(match rng.below(3) {
                0 => rng.below(64) as i32,
                1 => -(rng.below(64) as i32),
                _ => rng.next() as i32,
            }),
        }
    }

    /// An operand of the kind the table asks for, usually.
    fn operand_for(kind: Kind, rng: &mut Rng) -> Operand {
        if rng.below(5) == 0 {
            return any_operand(rng);
        }
        let sgpr = |rng: &mut Rng| reg(rng.below(128) as u16 & !(rng.below(2) as u16 * 3), rng);
        match kind {
            Kind::Implicit(code) => reg(code, rng),
            Kind::Sreg => sgpr(rng),
            Kind::Ssrc | Kind::Vsrc => match rng.below(3) {
                0 => sgpr(rng),
                1 => reg(VGPR0 + rng.below(256) as u16, rng),
                _ => any_operand(rng),
            },
            Kind::Vgpr | Kind::Agpr | Kind::AVgpr => match rng.below(3) {
                0 => reg(VGPR0 + rng.below(256) as u16, rng),
                1 => reg(AGPR0 + rng.below(256) as u16, rng),
                _ => any_operand(rng),
            },
            Kind::Imm(_) => Operand::Imm(rng.below(1 << 16) as i32),
            Kind::Literal => Operand::Literal(rng.next() as u32),
        }
    }

    fn mods(rng: &mut Rng) -> Mods {
        let small = |rng: &mut Rng, n: u64| if rng.below(2) == 0 { 0 } else { rng.below(n) };
        Mods {
            clamp: rng.below(2) == 0,
            omod: small(rng, 4) as u8,
            neg: small(rng, 8) as u8,
            abs: small(rng, 8) as u8,
            op_sel: small(rng, 16) as u8,
            op_sel_hi: small(rng, 8) as u8,
            mem: if rng.below(2) == 0 {
                0
            } else {
                (rng.next() & ((1u64 << MOD_BITS) - 1)) as u16
            },
            offset: match rng.below(4) {
                0 => 0,
                1 => rng.below(256) as i32,
                2 => -(rng.below(5000) as i32),
                _ => rng.next() as i32 >> rng.below(31),
            },
            offset1: small(rng, 256) as u16,
            abid: small(rng, 16) as u8,
            blgp: small(rng, 8) as u8,
            extra: match rng.below(3) {
                0 => 0,
                // DPP16 quad_perm / row_shl.. with masks, SDWA selects.
                1 => rng.next() as u32 & 0xf700_00ff,
                _ => rng.next() as u32,
            },
            variant: [
                Variant::Native,
                Variant::Dpp16,
                Variant::Dpp8,
                Variant::Sdwa,
            ][rng.below(4) as usize],
        }
    }

    /// Random instructions of every table entry.
    #[test]
    fn fast_path_agrees_with_the_general_path_on_every_entry() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        for p in Processor::ALL {
            let t = table::table(p.generation());
            let (mut taken, mut entries_taken, mut forms) = (0, 0, 0);
            for (i, info) in t.iter().enumerate() {
                let mut any = false;
                for round in 0..200 {
                    let mut m = if round % 4 == 0 {
                        Mods::default()
                    } else {
                        mods(&mut rng)
                    };
                    // A DPP/SDWA variant takes its form's operands; VOPD
                    // takes X's and a random Y's, literals excluded.
                    let mut specs: Vec<OperandSpec> = match m.variant {
                        Variant::Native => info.operands.to_vec(),
                        v => table::form(p, info.family, info.opcode, v)
                            .map_or(info.operands, |f| f.operands)
                            .to_vec(),
                    };
                    if info.family == Family::Vopd {
                        let ys: Vec<usize> = (0..t.len())
                            .filter(|&j| t[j].family == Family::Vopd)
                            .collect();
                        let y = ys[rng.below(ys.len() as u64) as usize];
                        m.offset1 = y as u16;
                        specs = info
                            .operands
                            .iter()
                            .chain(t[y].operands)
                            .filter(|s| {
                                !matches!(s.kind, Kind::Literal) && s.field != Field::Literal
                            })
                            .copied()
                            .collect();
                    }
                    let mut ops = [Operand::None; MAX_OPERANDS];
                    for (o, spec) in ops.iter_mut().zip(&specs) {
                        *o = operand_for(spec.kind, &mut rng);
                    }
                    let n = if round % 50 == 49 {
                        rng.below(MAX_OPERANDS as u64 + 1) as u8
                    } else {
                        specs.len().min(MAX_OPERANDS) as u8
                    };
                    let inst = Inst {
                        opcode: Opcode(i as u16),
                        operands: ops,
                        num_operands: n,
                        mods: m,
                    };
                    if check(p, &inst) {
                        taken += 1;
                        forms += (m.variant != Variant::Native) as usize;
                        any = true;
                    }
                }
                entries_taken += any as usize;
            }
            eprintln!(
                "{p}: fast path took {taken} random instructions ({forms} DPP/SDWA), {entries_taken} of {} entries",
                t.len()
            );
            assert!(taken > 0 && forms > 0);
        }
    }

    /// Every VOPD X x Y pair with valid operands takes the fast path
    /// ([`VopdPlan`]) and gives the general path's words; broken pairs
    /// (same destination bank, two different literals, a non-VGPR in a
    /// VGPR field) are declined.
    #[test]
    fn vopd_plans_agree_with_the_general_path_on_every_pair() {
        let mut rng = Rng(0x5851_f42d_4c95_7f2d);
        let t = table::table(Generation::Gfx11);
        let rows: Vec<usize> = (0..t.len())
            .filter(|&i| t[i].family == Family::Vopd)
            .collect();
        assert!(rows.len() > 10);
        for p in [Processor::Gfx1100, Processor::Gfx1151] {
            let mut taken = 0;
            for &x in &rows {
                for &y in &rows {
                    for round in 0..8 {
                        let mut ops = Vec::new();
                        for (half, row) in [x, y].into_iter().enumerate() {
                            for spec in t[row].operands {
                                if matches!(spec.kind, Kind::Literal) {
                                    continue;
                                }
                                let v = VGPR0 + rng.below(256) as u16;
                                ops.push(match spec.field {
                                    // X even, Y odd: different banks.
                                    Field::Vdst => reg((v & !1) | half as u16, &mut rng),
                                    Field::Src0 => match rng.below(4) {
                                        0 => reg(rng.below(106) as u16, &mut rng),
                                        1 => Operand::Const(128 + rng.below(65) as u8),
                                        2 => Operand::Literal(7),
                                        _ => reg(v, &mut rng),
                                    },
                                    _ => reg(v, &mut rng),
                                });
                            }
                        }
                        let mut m = Mods {
                            offset1: y as u16,
                            extra: 7,
                            ..Mods::default()
                        };
                        let broken = round == 7;
                        if broken {
                            // One of: a clash of banks, of literals, or an SGPR as VSRC1.
                            match rng.below(3) {
                                0 => m.extra = 8,
                                1 => ops[0] = reg(VGPR0 + 1, &mut rng),
                                _ => {
                                    let last = ops.len() - 1;
                                    ops[last] = reg(5, &mut rng);
                                }
                            }
                        }
                        let mut operands = [Operand::None; MAX_OPERANDS];
                        operands[..ops.len()].copy_from_slice(&ops);
                        let inst = Inst {
                            opcode: Opcode(x as u16),
                            operands,
                            num_operands: ops.len() as u8,
                            mods: m,
                        };
                        let mut slow = [0u32; 4];
                        let ok = encode_general(p, &inst, &mut slow).is_ok();
                        let fast = check(p, &inst);
                        assert_eq!(fast, ok, "{p} {} :: {}: {inst:?}", t[x].name, t[y].name);
                        if !broken {
                            assert!(ok, "{p} {} :: {}: {inst:?}", t[x].name, t[y].name);
                        }
                        taken += fast as usize;
                    }
                }
            }
            eprintln!("{p}: {taken} VOPD pairs on the fast path");
        }
    }

    /// The precomputed control-dword check is `dpp::check`, on every form.
    #[test]
    fn form_masks_agree_with_dpp_check() {
        let mut rng = Rng(0x2545_f491_4f6c_dd1d);
        for gen in [Generation::Gfx9, Generation::Gfx11] {
            let plans: &[FormPlan] = match gen {
                Generation::Gfx9 => &GFX9_FORM_PLANS,
                Generation::Gfx11 => &GFX11_FORM_PLANS,
            };
            for (form, fp) in table::forms(gen).iter().zip(plans) {
                for round in 0..2000 {
                    let ctrl = match round % 3 {
                        0 => rng.next() as u32,
                        // Mostly valid controls: small selects, few modifier bits.
                        1 => rng.next() as u32 & 0xf7c3_e1ff,
                        _ => (rng.next() as u32 & 0x0606_0000) | 0x0006_0600,
                    };
                    let m = Mods {
                        extra: ctrl,
                        variant: form.variant,
                        ..Mods::default()
                    };
                    assert_eq!(
                        ctrl_ok(gen, fp, form.variant, ctrl),
                        dpp::check(gen, form, &m).is_ok(),
                        "{} {ctrl:#x}",
                        form.name
                    );
                }
            }
        }
    }

    /// Every corpus instruction: the fast path declines or agrees.
    #[test]
    fn fast_path_agrees_with_the_general_path_on_the_corpus() {
        for p in Processor::ALL {
            let corpus = crate::isa::encode::tests::corpus(p);
            assert!(!corpus.is_empty(), "{p}: empty corpus");
            let taken = corpus.iter().filter(|i| check(p, i)).count();
            let total = corpus.len();
            eprintln!("{p}: fast path took {taken} of {total} corpus instructions");
        }
    }
}
