//! Named special registers, the inline-constant forms of integer and
//! float source operands, and the one-literal rule.

use super::*;

/// Named scalar registers ([`operand::special_name`] in reverse): the
/// first code in 100..=255 with the name, 32-bit before 64-bit. One
/// FNV-1a hash and a short probe of [`SpecialIndex`].
pub(super) fn special(gen: Generation, w: &str) -> Option<(u16, u8)> {
    let (names, index) = match gen {
        Generation::Gfx9 => (&GFX9_SPECIALS, &GFX9_SPECIAL_INDEX),
        Generation::Gfx11 => (&GFX11_SPECIALS, &GFX11_SPECIAL_INDEX),
    };
    if w.is_empty() || w.len() > MAX_SPECIAL_LEN {
        return None;
    }
    // llvm-mc 22 reads `scc` as `src_scc` on both generations.
    if w == "scc" {
        return Some((253, 1));
    }
    let mut s = index::hash(w.as_bytes()) as usize & (SPECIAL_SLOTS - 1);
    loop {
        let e = index.0[s];
        if e == 0 {
            return None;
        }
        let (n, code, count) = names[e as usize - 1];
        if n == w {
            return Some((code, count));
        }
        s = (s + 1) & (SPECIAL_SLOTS - 1);
    }
}

/// Open-addressing slots over a specials array: entry index + 1, or 0.
pub(super) struct SpecialIndex([u8; SPECIAL_SLOTS]);
pub(super) const SPECIAL_SLOTS: usize = 4 * SPECIALS;
/// No special register name is longer (checked when the index is built).
pub(super) const MAX_SPECIAL_LEN: usize = 24;

pub(super) const fn str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// Files every named entry under its name's hash; a name seen before
/// keeps its first (search-order) entry.
pub(super) const fn special_index(names: &[(&'static str, u16, u8); SPECIALS]) -> SpecialIndex {
    let mut slots = [0u8; SPECIAL_SLOTS];
    let mut i = 0;
    while i < SPECIALS {
        let name = names[i].0;
        assert!(name.len() <= MAX_SPECIAL_LEN);
        if !name.is_empty() {
            let mut s = index::hash(name.as_bytes()) as usize & (SPECIAL_SLOTS - 1);
            loop {
                let e = slots[s];
                if e == 0 {
                    slots[s] = (i + 1) as u8;
                    break;
                }
                if str_eq(names[e as usize - 1].0, name) {
                    break;
                }
                s = (s + 1) & (SPECIAL_SLOTS - 1);
            }
        }
        i += 1;
    }
    SpecialIndex(slots)
}

/// Every (name, code, width) of [`operand::special_name`] and
/// [`operand::special_pair_name`], in the order [`special`] searches.
pub(super) const fn specials(gen: Generation) -> [(&'static str, u16, u8); SPECIALS] {
    let mut out = [("", 0, 0); SPECIALS];
    let mut n = 0;
    let mut code = 100;
    while code <= 255 {
        if let Some(s) = operand::special_name(gen, code) {
            out[n] = (s, code, 1);
            n += 1;
        }
        if let Some(s) = operand::special_pair_name(gen, code) {
            out[n] = (s, code, 2);
            n += 1;
        }
        code += 1;
    }
    out
}

/// Upper bound of named special registers per generation (unused slots
/// have an empty name, which no register word matches).
pub(super) const SPECIALS: usize = 64;
pub(super) static GFX9_SPECIALS: [(&str, u16, u8); SPECIALS] = specials(Generation::Gfx9);
pub(super) static GFX11_SPECIALS: [(&str, u16, u8); SPECIALS] = specials(Generation::Gfx11);
pub(super) static GFX9_SPECIAL_INDEX: SpecialIndex = special_index(&GFX9_SPECIALS);
pub(super) static GFX11_SPECIAL_INDEX: SpecialIndex = special_index(&GFX11_SPECIALS);

/// An integer in a source operand: inline when -16..=64, else a literal.
pub(super) fn int_source(ty: Ty, i: i64, col: usize) -> Result<Operand, ParseError> {
    if (-16..=64).contains(&i) {
        return Ok(Operand::int(i as i32));
    }
    // The bit pattern of an inline float in the operand's type is that
    // inline constant (codes 240..=248: ±0.5, ±1, ±2, ±4, 1/(2π)), as
    // llvm-mc encodes `0x3f000000` on a 32-bit operand.
    let pattern = match ty {
        Ty::B16 | Ty::V2F16Splat => None,
        _ => operand::inline_float_code(i as u64, ty),
    };
    if let Some(code) = pattern {
        return Ok(Operand::Const(code as u8));
    }
    // A splat operand's inline float stands for the f16 value in both
    // halves: `0x38003800` is 0.5 there (llvm-mc 22).
    let (lo, hi) = (i as u64 & 0xffff, i as u64 >> 16);
    if ty == Ty::V2F16Splat && (0..=i64::from(u32::MAX)).contains(&i) && lo == hi {
        if let Some(k) = operand::INLINE_FLOAT_F16
            .iter()
            .position(|&b| u64::from(b) == lo)
        {
            return Ok(Operand::Const(240 + k as u8));
        }
    }
    // A value written as its unsigned bit pattern in the operand's width
    // is the inline integer that pattern encodes (llvm-mc 22: `0xffffffff`
    // on a 32-bit operand is -1, `0xfff0` on an f16 one is -16; a 16-bit
    // integer operand takes the pattern as a literal). A 64-bit float
    // operand takes a 32-bit value as its high half, so the high half of
    // an inline float (`0x3fe00000`) is that constant.
    let (lo16, hi16) = (-32768, 0xffff);
    match ty {
        Ty::B32 | Ty::V2F32 | Ty::V2F16 | Ty::V2F16Splat | Ty::V2Bf16
            if (0..=i64::from(u32::MAX)).contains(&i)
                && (-16..=64).contains(&(i as u32 as i32)) =>
        {
            return Ok(Operand::int(i as u32 as i32));
        }
        Ty::F16 | Ty::Bf16
            if (0..=hi16).contains(&i) && (-16..=64).contains(&(i as u16 as i16)) =>
        {
            return Ok(Operand::int(i as u16 as i16 as i32));
        }
        Ty::F16 | Ty::B16 | Ty::Bf16 if !(lo16..=hi16).contains(&i) => {
            return err(col, format!("constant {i} does not fit a 16-bit operand"));
        }
        Ty::F64 if (0..=i64::from(u32::MAX)).contains(&i) => {
            if let Some(k) = operand::INLINE_FLOAT_F64[..8]
                .iter()
                .position(|&b| b == (i as u64) << 32)
            {
                return Ok(Operand::Const(operand::INLINE_FLOAT_FIRST as u8 + k as u8));
            }
        }
        _ => {}
    }
    let ok = match ty {
        Ty::B64 | Ty::F64 => (i64::from(i32::MIN)..=i64::from(u32::MAX)).contains(&i),
        _ => (i64::from(i32::MIN)..=i64::from(u32::MAX)).contains(&i),
    };
    if !ok {
        return err(col, format!("constant {i} does not fit a 32-bit literal"));
    }
    if ty == Ty::F16 && i < 0 {
        // A negative integer on an f16 operand is its 16-bit pattern,
        // zero-extended (llvm-mc 22: -17 is the literal 0xffef).
        return Ok(Operand::Literal(i as u16 as u32));
    }
    Ok(Operand::Literal(i as u32))
}

pub(super) const INLINE_FLOATS: [f64; 8] = [0.5, -0.5, 1.0, -1.0, 2.0, -2.0, 4.0, -4.0];
pub(super) const INV_2PI_32: f64 = 0.15915494;

pub(super) fn float_source(ty: Ty, f: f64) -> Operand {
    if ty == Ty::V2F16Splat {
        // The float is the low half, the high half zero: no inline
        // constant (those stand for the same value in both halves) but
        // zero, as llvm-mc 22 reads GFX11 `v_pk_fmac_f16 v0, 0.5, v1`.
        return match f16_bits(f as f32) {
            0 => Operand::Const(128),
            h => Operand::Literal(u32::from(h)),
        };
    }
    if let Some(i) = INLINE_FLOATS.iter().position(|&x| x == f) {
        return Operand::Const(240 + i as u8);
    }
    // 1/(2π): a 64-bit operand takes only the f64 value as the inline
    // constant; written to f32 precision it is a literal there (llvm-mc 22).
    let inv2pi64 = f == 0.159_154_943_091_895_32;
    if inv2pi64 || (f - INV_2PI_32).abs() < 1e-8 && !ty.is_64() {
        return Operand::Const(248);
    }
    if f == 0.0 {
        return Operand::Const(128);
    }
    Operand::Literal(float_literal(ty, f))
}

pub(super) fn float_literal(ty: Ty, f: f64) -> u32 {
    match ty {
        Ty::F64 | Ty::B64 => (f.to_bits() >> 32) as u32,
        // (A 16-bit integer operand takes a float literal as f32 bits, as
        // llvm-mc 22 encodes `lit(0.5)` or `1.5` there.)
        Ty::F16 | Ty::V2F16 | Ty::V2F16Splat => f16_bits(f as f32) as u32,
        Ty::V2Bf16 | Ty::Bf16 => (f as f32).to_bits() >> 16,
        _ => (f as f32).to_bits(),
    }
}

/// f32 to IEEE binary16 bits, round to nearest even.
pub(super) fn f16_bits(f: f32) -> u16 {
    let b = f.to_bits();
    let sign = ((b >> 16) & 0x8000) as u16;
    let exp = ((b >> 23) & 0xff) as i32;
    let man = b & 0x7f_ffff;
    if exp == 0xff {
        return sign | 0x7c00 | if man != 0 { 0x200 } else { 0 };
    }
    let e = exp - 127 + 15;
    if e >= 31 {
        return sign | 0x7c00;
    }
    if e <= 0 {
        if e < -10 {
            return sign;
        }
        let m = man | 0x80_0000;
        let shift = (14 - e) as u32;
        let half = 1 << (shift - 1);
        let mut r = m >> shift;
        let rem = m & ((1 << shift) - 1);
        if rem > half || rem == half && r & 1 == 1 {
            r += 1;
        }
        return sign | r as u16;
    }
    let mut r = ((e as u32) << 10) | (man >> 13);
    let rem = man & 0x1fff;
    if rem > 0x1000 || rem == 0x1000 && r & 1 == 1 {
        r += 1;
    }
    sign | r as u16
}

/// A 64-bit integer source. GFX9 VOP3 rows type 64-bit integer sources
/// F64 (LLVM prints their inline constants alike); they are the ones
/// that take no `neg` (`VMOD_NEG` rejected).
pub(super) fn int64_source(info: &OpInfo, spec: &OperandSpec) -> bool {
    match spec.ty {
        Ty::B64 => true,
        Ty::F64 if info.family == Family::Vop3 => {
            src_index(spec.field).is_some_and(|i| info.mods_rejected & (table::VMOD_NEG << i) != 0)
        }
        _ => false,
    }
}

/// The VOP3 row whose source modifiers apply to `info`'s sources: its
/// own, or a VOP1/VOP2/VOPC opcode's `_e64` form.
fn vop3_row(processor: Processor, info: &'static OpInfo) -> Option<&'static OpInfo> {
    match info.family {
        Family::Vop3 => Some(info),
        Family::Vop1 | Family::Vop2 | Family::Vopc => {
            let base = info.name.strip_suffix("_e32")?;
            let t = table::table(processor.generation());
            table::by_name(processor, base)
                .map(|o| &t[o.0 as usize])
                .find(|r| r.family == Family::Vop3)
        }
        _ => None,
    }
}

/// VOP3 modifier bits LLVM's assembler has no operand for.
fn vop3_unwritable(processor: Processor, vop3: &OpInfo) -> u16 {
    let ignored = match processor.generation() {
        Generation::Gfx11 => vop3.mods_ignored,
        g @ Generation::Gfx9 => gfx9_unprinted(g, vop3),
    };
    vop3.mods_rejected | ignored
}

/// A source written with float input modifiers (`-x`, `|x|`): one whose
/// VOP3 form takes `neg` (llvm-mc 22 reads such an operand's `-` as the
/// modifier, so `--1` is an error there and `-(-1)` elsewhere).
pub(super) fn float_mods_source(
    processor: Processor,
    info: &'static OpInfo,
    spec: &OperandSpec,
) -> bool {
    let Some(i) = src_index(spec.field) else {
        return false;
    };
    vop3_row(processor, info)
        .is_some_and(|v| vop3_unwritable(processor, v) & (table::VMOD_NEG << i) == 0)
}

/// `|c|` / `-c` / `-|c|` on a constant in a VOP1/VOP2/VOPC float source,
/// which has no modifier bits: llvm-mc 22 applies them to the constant's
/// bits in the operand's type (`|-2|` on f32 is the literal 0x7ffffffe,
/// `|-0.5|` the inline 0.5; on a packed f16 source the sign is bit 15 of
/// an integer, `|-41|` the literal 0xffff7fd7, and a float's own sign).
/// Only where the opcode's VOP3 form takes those modifiers on that
/// source (a float source; integer ones reject them, and a VOP3 form
/// with a carry-out `sdst` has no `abs` field).
pub(super) fn fold_sign(
    processor: Processor,
    info: &'static OpInfo,
    spec: &OperandSpec,
    v: Value,
    (neg, abs): (bool, bool),
) -> Option<Value> {
    if !matches!(info.family, Family::Vop1 | Family::Vop2 | Family::Vopc) {
        return None;
    }
    let i = src_index(spec.field)?;
    let vop3 = vop3_row(processor, info)?;
    let want =
        if neg { table::VMOD_NEG << i } else { 0 } | if abs { table::VMOD_ABS << i } else { 0 };
    // (Nor where LLVM's VOP3 form has no such modifier operand.)
    if vop3_unwritable(processor, vop3) & want != 0 {
        return None;
    }
    // (VOP3b's carry-out `sdst` sits where VOP3a has the `abs` bits.)
    let carry_out = vop3.operands.iter().any(|o| o.field == Field::Sdst3);
    if abs && carry_out {
        return None;
    }
    let (bits, sign) = match (spec.ty, v) {
        (Ty::V2F16 | Ty::V2F16Splat, Value::Float(f)) => {
            let f = if abs { f.abs() } else { f };
            return Some(Value::Float(if neg { -f } else { f }));
        }
        (Ty::V2F16 | Ty::V2F16Splat, Value::Int(i)) => (i as u32 as u64, 1u64 << 15),
        (Ty::F16, Value::Int(i)) => (i as u16 as u64, 1u64 << 15),
        (Ty::F16, Value::Float(f)) => (u64::from(f16_bits(f as f32)), 1 << 15),
        (Ty::B32, Value::Int(i)) => (i as u32 as u64, 1 << 31),
        (Ty::B32, Value::Float(f)) => (u64::from((f as f32).to_bits()), 1 << 31),
        _ => return None,
    };
    let bits = if abs { bits & !sign } else { bits };
    Some(Value::Int((if neg { bits ^ sign } else { bits }) as i64))
}

impl Parser<'_> {
    /// An instruction has one literal dword, so every literal operand
    /// (sources and a K constant, any family, both generations) has one
    /// value. llvm-mc 22 accepts `v_fmaak_f32 v0, lit(1), v1, 0x1234` and
    /// keeps only K: a defect we reject at the second value.
    pub(super) fn one_literal(
        &self,
        specs: &[OperandSpec],
        inst: &Inst,
        cols: &[usize; MAX_OPERANDS],
    ) -> Result<(), ParseError> {
        let mut first = None;
        let n = specs.len().min(MAX_OPERANDS);
        for (&op, &col) in inst.operands[..n].iter().zip(&cols[..n]) {
            let Operand::Literal(x) = op else {
                continue;
            };
            match first {
                Some(y) if y != x => {
                    return self.fail(col, || "only one unique literal operand is allowed".into())
                }
                _ => first = Some(x),
            }
        }
        Ok(())
    }
}

impl Parser<'_> {
    /// A VOP2/SOP2 K constant (`v_fmamk_*`, `v_fmaak_*`, `v_madmk_*`,
    /// `v_madak_*`, `s_fmaak_f32`) has its sources' type: with f16
    /// sources it is a 16-bit value, as llvm-mc 22 reads it (an integer
    /// -32768..65535 kept as written, sign-extended; a float as f16
    /// bits, finite).
    pub(super) fn k_constant(
        &self,
        info: &OpInfo,
        spec: &OperandSpec,
        v: &Value,
        col: usize,
    ) -> Result<Operand, ParseError> {
        let f16 = info
            .operands
            .iter()
            .any(|o| src_index(o.field).is_some() && o.ty == Ty::F16);
        let ty = if f16 { Ty::F16 } else { spec.ty };
        let too_wide = || self.fail(col, || "the K constant here is 16-bit".into());
        Ok(match *v {
            Value::Int(i) if f16 && !(-0x8000..=0xffff).contains(&i) => return too_wide(),
            Value::Int(i) => self.gfx9_literal(i, col)?,
            Value::Lit(x) if f16 && x > 0xffff => return too_wide(),
            Value::Lit(x) => Operand::Literal(x),
            Value::LitFloat(f) | Value::Float(f) if f16 && f.is_finite() && f.abs() > 65504.0 => {
                return too_wide()
            }
            Value::LitFloat(f) | Value::Float(f) => Operand::Literal(float_literal(ty, f)),
            _ => return self.fail(col, || "expected a constant".into()),
        })
    }
}
