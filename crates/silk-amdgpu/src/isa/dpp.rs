//! DPP16, DPP8 and SDWA control dwords: their fields, typed accessors and
//! LLVM's text for them.
//!
//! A VOP1/VOP2/VOPC instruction selects one of these forms through its src0
//! field (250 = DPP16, 233/234 = DPP8 with FI=0/1 on GFX11, 249 = SDWA on
//! GFX9), as does a GFX11 VOP3/VOP3P instruction through its 9-bit src0
//! field. The control dword follows the base encoding and carries the real
//! src0 in its low byte. Layouts: [CDNA3] §"VOP_DPP", §"VOP_SDWA";
//! [RDNA3] §"DPP16", §"DPP8". The raw dword is kept in
//! [`super::Mods::extra`] (its low byte is src0, held in the operand).

use super::format::{Bits, Family, Field, Layout};
use super::operand::{Operand, AGPR0, LITERAL, VGPR0};
use super::table::{Form, FormMods, OperandSpec};
use super::{text, Mods, Variant};
use crate::target::Generation;

/// src0 codes that announce a control dword.
pub const SRC0_DPP16: u32 = 0xfa;
pub const SRC0_SDWA: u32 = 0xf9;
pub const SRC0_DPP8: u32 = 0xe9;
pub const SRC0_DPP8_FI: u32 = 0xea;

/// [`Mods::mem`] bit that holds DPP8's FI (encoded in the src0 code).
pub const DPP8_FI: u16 = 1;

const fn b(lo: u8, width: u8) -> Bits {
    Bits { word: 0, lo, width }
}

// DPP16 fields ([CDNA3] §"VOP_DPP"; [RDNA3] §"DPP16" adds FI).
pub const DPP_SRC0: Bits = b(0, 8);
pub const DPP_CTRL: Bits = b(8, 9);
pub const DPP_FI: Bits = b(18, 1);
pub const DPP_BOUND_CTRL: Bits = b(19, 1);
pub const DPP_BANK_MASK: Bits = b(24, 4);
pub const DPP_ROW_MASK: Bits = b(28, 4);
/// NEG/ABS of source k at 20 + 2k / 21 + 2k.
pub const DPP_NEG: [Bits; 2] = [b(20, 1), b(22, 1)];
pub const DPP_ABS: [Bits; 2] = [b(21, 1), b(23, 1)];

// SDWA fields ([CDNA3] §"VOP_SDWA"); VOPC uses SDWAB (SDST/SD for dst).
pub const SDWA_DST_SEL: Bits = b(8, 3);
pub const SDWA_DST_UNUSED: Bits = b(11, 2);
pub const SDWA_CLAMP: Bits = b(13, 1);
pub const SDWA_OMOD: Bits = b(14, 2);
pub const SDWA_SDST: Bits = b(8, 7);
pub const SDWA_SD: Bits = b(15, 1);
pub const SDWA_SEL: [Bits; 2] = [b(16, 3), b(24, 3)];
pub const SDWA_SEXT: [Bits; 2] = [b(19, 1), b(27, 1)];
pub const SDWA_NEG: [Bits; 2] = [b(20, 1), b(28, 1)];
pub const SDWA_ABS: [Bits; 2] = [b(21, 1), b(29, 1)];
/// S0/S1: the source is a scalar operand code, not a VGPR.
pub const SDWA_SCALAR: [Bits; 2] = [b(23, 1), b(31, 1)];

/// DPP8: the lane (of its group of eight) that lane `l` reads, 3 bits
/// per lane from bit 8 ([RDNA3] §"DPP8").
pub fn dpp8_sel(ctrl: u32, l: usize) -> u32 {
    get(
        ctrl,
        Bits {
            word: 0,
            lo: 8 + 3 * (l % 8) as u8,
            width: 3,
        },
    )
}

/// One field of a control dword.
pub fn get(ctrl: u32, bits: Bits) -> u32 {
    bits.get(&[ctrl])
}

/// Set one field of a control dword.
pub fn set(ctrl: &mut u32, bits: Bits, value: u32) {
    let mut w = [*ctrl];
    bits.set(&mut w, value);
    *ctrl = w[0];
}

/// The form a src0 code selects, if any.
pub fn variant_of(gen: Generation, family: Family, src0: u32) -> Option<Variant> {
    let vop12c = matches!(family, Family::Vop1 | Family::Vop2 | Family::Vopc);
    let vop3 = matches!(family, Family::Vop3 | Family::Vop3p);
    match (gen, src0) {
        (Generation::Gfx9, SRC0_DPP16) if vop12c => Some(Variant::Dpp16),
        (Generation::Gfx9, SRC0_SDWA) if vop12c => Some(Variant::Sdwa),
        (Generation::Gfx11, SRC0_DPP16) if vop12c || vop3 => Some(Variant::Dpp16),
        (Generation::Gfx11, SRC0_DPP8 | SRC0_DPP8_FI) if vop12c || vop3 => Some(Variant::Dpp8),
        _ => None,
    }
}

/// The src0 code that announces `mods`'s form.
pub fn src0_code(mods: &Mods) -> Option<u32> {
    match mods.variant {
        Variant::Native => None,
        Variant::Dpp16 => Some(SRC0_DPP16),
        Variant::Sdwa => Some(SRC0_SDWA),
        Variant::Dpp8 if mods.mem & DPP8_FI != 0 => Some(SRC0_DPP8_FI),
        Variant::Dpp8 => Some(SRC0_DPP8),
    }
}

/// Source modifiers of source `k` held in the control dword of a
/// VOP1/VOP2/VOPC form: (neg, abs, sext).
pub fn src_mods(mods: &Mods, k: usize) -> (bool, bool, bool) {
    if k > 1 {
        return (false, false, false);
    }
    let c = mods.extra;
    match mods.variant {
        Variant::Dpp16 => (get(c, DPP_NEG[k]) != 0, get(c, DPP_ABS[k]) != 0, false),
        Variant::Sdwa => (
            get(c, SDWA_NEG[k]) != 0,
            get(c, SDWA_ABS[k]) != 0,
            get(c, SDWA_SEXT[k]) != 0,
        ),
        _ => (false, false, false),
    }
}

/// Why a control dword is not one LLVM accepts for `form`, if it is not.
pub fn check(gen: Generation, form: &Form, mods: &Mods) -> Result<(), &'static str> {
    let c = mods.extra;
    let vop12c = matches!(form.family, Family::Vop1 | Family::Vop2 | Family::Vopc);
    match mods.variant {
        Variant::Dpp16 => {
            if dpp_ctrl_name(gen, get(c, DPP_CTRL)).is_none() {
                return Err("DPP control");
            }
            if vop12c {
                for k in 0..2 {
                    let (neg, abs, _) = src_mods(mods, k);
                    let ok = [FormMods::SRC0_FLOAT, FormMods::SRC1_FLOAT][k];
                    if (neg || abs) && !form.has(ok) {
                        return Err("DPP source modifier");
                    }
                }
            }
        }
        Variant::Sdwa => {
            let vopc = form.family == Family::Vopc;
            let sels = [
                Some(SDWA_SEL[0]),
                form.has(FormMods::DST_SEL).then_some(SDWA_DST_SEL),
                form.has(FormMods::SRC1_SEL).then_some(SDWA_SEL[1]),
            ];
            if sels.iter().flatten().any(|&s| get(c, s) > 6) {
                return Err("SDWA select");
            }
            // (`dst_unused` 3 has no name; LLVM 22 decodes it and prints
            // UNUSED_PAD.)
            for k in 0..2 {
                let (neg, abs, sext) = src_mods(mods, k);
                let float = [FormMods::SRC0_FLOAT, FormMods::SRC1_FLOAT][k];
                let int = [FormMods::SRC0_SEXT, FormMods::SRC1_SEXT][k];
                if (neg || abs) && !form.has(float) || sext && !form.has(int) {
                    return Err("SDWA source modifier");
                }
            }
            if !vopc && get(c, SDWA_CLAMP) != 0 && !form.has(FormMods::CLAMP) {
                return Err("SDWA clamp");
            }
            if !vopc && get(c, SDWA_OMOD) != 0 && !form.has(FormMods::OMOD) {
                return Err("SDWA omod");
            }
        }
        _ => {}
    }
    Ok(())
}

/// LLVM's text for a DPP16 `dpp_ctrl` value ([CDNA3] §"VOP_DPP" DPP_CTRL
/// enumeration; GFX11 replaces the wave shifts and row broadcasts with
/// `row_share`/`row_xmask`, [RDNA3] §"DPP16").
pub fn dpp_ctrl_text(gen: Generation, ctrl: u32) -> Option<String> {
    let mut s = String::new();
    push_dpp_ctrl(gen, ctrl, &mut s).then_some(s)
}

/// [`dpp_ctrl_text`] appended to `out`; false (nothing written) when the
/// value has no name.
fn push_dpp_ctrl(gen: Generation, ctrl: u32, out: &mut String) -> bool {
    let Some((name, arg)) = dpp_ctrl_name(gen, ctrl) else {
        return false;
    };
    if name == "quad_perm" {
        out.push_str("quad_perm:[");
        for i in 0..4 {
            if i > 0 {
                out.push(',');
            }
            text::dec(out, (ctrl >> (2 * i) & 3) as u64);
        }
        out.push(']');
        return true;
    }
    out.push_str(name);
    if let Some(n) = arg {
        text::dec(out, n as u64);
    }
    true
}

/// Whether a `dpp_ctrl` value is one LLVM accepts: the values
/// [`dpp_ctrl_name`] names, as plain ranges for the encoder's fast path
/// (a test checks the two agree on every value).
#[inline]
pub(crate) const fn dpp_ctrl_valid(gen: Generation, ctrl: u32) -> bool {
    let gfx9 = matches!(gen, Generation::Gfx9);
    match ctrl {
        0x000..=0x0ff | 0x101..=0x10f | 0x111..=0x11f | 0x121..=0x12f => true,
        0x130 | 0x134 | 0x138 | 0x13c | 0x142 | 0x143 => gfx9,
        0x140 | 0x141 | 0x150..=0x15f => true,
        0x160..=0x16f => !gfx9,
        _ => false,
    }
}

#[cfg(test)]
#[test]
fn dpp_ctrl_valid_is_dpp_ctrl_name() {
    for gen in [Generation::Gfx9, Generation::Gfx11] {
        for c in 0..0x400 {
            assert_eq!(
                dpp_ctrl_valid(gen, c),
                dpp_ctrl_name(gen, c).is_some(),
                "{c:#x}"
            );
        }
    }
}

/// The name of a `dpp_ctrl` value and its number argument (`quad_perm`
/// takes its lane selects from the value itself).
fn dpp_ctrl_name(gen: Generation, ctrl: u32) -> Option<(&'static str, Option<u32>)> {
    let n = ctrl & 0xf;
    Some(match (gen, ctrl) {
        (_, 0x000..=0x0ff) => ("quad_perm", None),
        (_, 0x101..=0x10f) => ("row_shl:", Some(n)),
        (_, 0x111..=0x11f) => ("row_shr:", Some(n)),
        (_, 0x121..=0x12f) => ("row_ror:", Some(n)),
        (Generation::Gfx9, 0x130) => ("wave_shl:1", None),
        (Generation::Gfx9, 0x134) => ("wave_rol:1", None),
        (Generation::Gfx9, 0x138) => ("wave_shr:1", None),
        (Generation::Gfx9, 0x13c) => ("wave_ror:1", None),
        (_, 0x140) => ("row_mirror", None),
        (_, 0x141) => ("row_half_mirror", None),
        (Generation::Gfx9, 0x142) => ("row_bcast:15", None),
        (Generation::Gfx9, 0x143) => ("row_bcast:31", None),
        (Generation::Gfx9, 0x150..=0x15f) => ("row_newbcast:", Some(n)),
        (Generation::Gfx11, 0x150..=0x15f) => ("row_share:", Some(n)),
        (Generation::Gfx11, 0x160..=0x16f) => ("row_xmask:", Some(n)),
        _ => return None,
    })
}

const SEL: [&str; 7] = [
    "BYTE_0", "BYTE_1", "BYTE_2", "BYTE_3", "WORD_0", "WORD_1", "DWORD",
];
const UNUSED: [&str; 3] = ["UNUSED_PAD", "UNUSED_SEXT", "UNUSED_PRESERVE"];

/// The control-dword modifiers as LLVM prints them after the operands
/// (and after the VOP3 modifiers of VOP3/VOP3P forms).
pub fn print_controls(gen: Generation, form: &Form, mods: &Mods, out: &mut String) {
    let c = mods.extra;
    match mods.variant {
        Variant::Native => {}
        Variant::Dpp16 => {
            out.push(' ');
            if !push_dpp_ctrl(gen, get(c, DPP_CTRL), out) {
                out.push_str("dpp_ctrl:");
                text::hex0x(out, get(c, DPP_CTRL) as u64);
            }
            out.push_str(" row_mask:");
            text::hex0x(out, get(c, DPP_ROW_MASK) as u64);
            out.push_str(" bank_mask:");
            text::hex0x(out, get(c, DPP_BANK_MASK) as u64);
            if get(c, DPP_BOUND_CTRL) != 0 {
                out.push_str(" bound_ctrl:1");
            }
            if gen == Generation::Gfx11 && get(c, DPP_FI) != 0 {
                out.push_str(" fi:1");
            }
        }
        Variant::Dpp8 => {
            out.push_str(" dpp8:[");
            for i in 0..8 {
                if i > 0 {
                    out.push(',');
                }
                text::dec(out, dpp8_sel(c, i) as u64);
            }
            out.push(']');
            if mods.mem & DPP8_FI != 0 {
                out.push_str(" fi:1");
            }
        }
        Variant::Sdwa => {
            let sel = |v: u32| SEL.get(v as usize).copied().unwrap_or("?");
            if get(c, SDWA_CLAMP) != 0 && form.has(FormMods::CLAMP) {
                out.push_str(" clamp");
            }
            if form.has(FormMods::OMOD) {
                match get(c, SDWA_OMOD) {
                    1 => out.push_str(" mul:2"),
                    2 => out.push_str(" mul:4"),
                    3 => out.push_str(" div:2"),
                    _ => {}
                }
            }
            if form.has(FormMods::DST_SEL) {
                out.push_str(" dst_sel:");
                out.push_str(sel(get(c, SDWA_DST_SEL)));
                out.push_str(" dst_unused:");
                out.push_str(
                    UNUSED
                        .get(get(c, SDWA_DST_UNUSED) as usize)
                        .copied()
                        .unwrap_or(UNUSED[0]),
                );
            }
            out.push_str(" src0_sel:");
            out.push_str(sel(get(c, SDWA_SEL[0])));
            if form.has(FormMods::SRC1_SEL) {
                out.push_str(" src1_sel:");
                out.push_str(sel(get(c, SDWA_SEL[1])));
            }
        }
    }
}

/// The control dword of `mods` without the bits its operands supply (the
/// src0 byte, SDWA S0/S1, and the SDWAB destination).
pub fn ctrl_base(mods: &Mods) -> u32 {
    let mut c = mods.extra & !0xff;
    if mods.variant == Variant::Sdwa {
        for s in SDWA_SCALAR {
            set(&mut c, s, 0);
        }
    }
    c
}

/// Encode an operand that lives in (or is redirected by) the control
/// dword (`words` is the base encoding): src0 of every form, SDWA's src1 and VOPC destination. Returns
/// whether it handled the operand; the others encode as in the base form.
#[allow(clippy::too_many_arguments)]
pub fn encode_operand(
    gen: Generation,
    layout: &Layout,
    spec: &OperandSpec,
    op: &Operand,
    mods: &Mods,
    words: &mut [u32],
    ctrl: &mut u32,
    op_sel: &mut u8,
) -> Result<bool, String> {
    let sdwa = mods.variant == Variant::Sdwa;
    let vop12c = matches!(layout.family, Family::Vop1 | Family::Vop2 | Family::Vopc);
    match spec.field {
        Field::Sdst if sdwa && layout.family == Family::Vopc => {
            let Operand::Reg { code, .. } = *op else {
                return Err(format!("expected an SGPR destination, got {op:?}"));
            };
            if code != 106 {
                if code >= 128 {
                    return Err("SDWA destination must be VCC or an SGPR pair".into());
                }
                set(ctrl, SDWA_SD, 1);
                set(ctrl, SDWA_SDST, code as u32);
            }
            Ok(true)
        }
        Field::Src0 => {
            let low = match *op {
                Operand::Reg { code, half, .. } if (VGPR0..AGPR0).contains(&code) => {
                    let index = (code - VGPR0) as u32;
                    if spec.half && gen == Generation::Gfx11 {
                        if vop12c {
                            if index > 127 {
                                return Err(format!("v{index} half is out of range (v0..v127)"));
                            }
                            index | if half == 2 { 0x80 } else { 0 }
                        } else {
                            if half == 2 {
                                *op_sel |= 1;
                            }
                            index
                        }
                    } else {
                        index
                    }
                }
                Operand::Reg { code, .. } if sdwa && code < VGPR0 => {
                    set(ctrl, SDWA_SCALAR[0], 1);
                    code as u32
                }
                Operand::Const(code) if sdwa => {
                    set(ctrl, SDWA_SCALAR[0], 1);
                    code as u32
                }
                _ => {
                    return Err(format!(
                        "src0 of a DPP/SDWA form must be a VGPR, got {op:?}"
                    ))
                }
            };
            *ctrl = (*ctrl & !0xff) | low;
            Ok(true)
        }
        Field::Src1 if sdwa => {
            // SDWA: S1 makes the 8-bit VSRC1 field a scalar operand code.
            let Some(bits) = layout.field(Field::Src1) else {
                return Err("no src1 field".into());
            };
            let raw = match *op {
                Operand::Reg { code, .. } if (VGPR0..AGPR0).contains(&code) => {
                    (code - VGPR0) as u32
                }
                Operand::Reg { code, .. } if code < VGPR0 && code != LITERAL => {
                    set(ctrl, SDWA_SCALAR[1], 1);
                    code as u32
                }
                Operand::Const(code) => {
                    set(ctrl, SDWA_SCALAR[1], 1);
                    code as u32
                }
                _ => return Err(format!("SDWA src1 cannot be {op:?}")),
            };
            bits.set(words, raw);
            Ok(true)
        }
        _ => Ok(false),
    }
}

/// The control dword a parsed form starts from: DPP16 row and bank masks
/// 0xf, SDWA selects DWORD (LLVM's defaults when the text omits them).
pub fn default_ctrl(form: Option<&Form>) -> u32 {
    let mut c = 0;
    let Some(form) = form else {
        return 0;
    };
    match form.variant {
        Variant::Dpp16 => {
            set(&mut c, DPP_ROW_MASK, 0xf);
            set(&mut c, DPP_BANK_MASK, 0xf);
        }
        Variant::Sdwa => {
            // VOPC holds SDST where VOP1/VOP2 hold DST_SEL (DWORD even
            // where LLVM does not print it).
            if form.family != Family::Vopc {
                set(&mut c, SDWA_DST_SEL, 6);
            }
            set(&mut c, SDWA_SEL[0], 6);
            if form.has(FormMods::SRC1_SEL) {
                set(&mut c, SDWA_SEL[1], 6);
            }
        }
        _ => {}
    }
    c
}

/// Record the source modifiers of source `k` in a VOP1/VOP2/VOPC form's
/// control dword.
pub fn set_src_mods(
    mods: &mut Mods,
    k: usize,
    neg: bool,
    abs: bool,
    sext: bool,
) -> Result<(), &'static str> {
    if k > 1 {
        return Err("no such source");
    }
    let c = &mut mods.extra;
    match mods.variant {
        Variant::Dpp16 if !sext => {
            set(c, DPP_NEG[k], neg as u32);
            set(c, DPP_ABS[k], abs as u32);
        }
        Variant::Sdwa => {
            set(c, SDWA_NEG[k], neg as u32);
            set(c, SDWA_ABS[k], abs as u32);
            set(c, SDWA_SEXT[k], sext as u32);
        }
        _ if neg || abs || sext => return Err("this form takes no source modifiers"),
        _ => {}
    }
    Ok(())
}

/// The `dpp_ctrl` value of `key:n` (inverse of [`dpp_ctrl_text`]).
pub fn ctrl_from_text(gen: Generation, key: &str, n: i64) -> Option<u32> {
    let n = u32::try_from(n).ok()?;
    let base = match key {
        "row_shl" => 0x100,
        "row_shr" => 0x110,
        "row_ror" => 0x120,
        "wave_shl" => 0x130 - 1,
        "wave_rol" => 0x134 - 1,
        "wave_shr" => 0x138 - 1,
        "wave_ror" => 0x13c - 1,
        "row_bcast" => match n {
            15 => 0x142 - 15,
            31 => 0x143 - 31,
            _ => return None,
        },
        "row_newbcast" | "row_share" => 0x150,
        "row_xmask" => 0x160,
        _ => return None,
    };
    let ctrl = base + n;
    // Valid exactly when it prints back as the same text.
    let (name, arg) = dpp_ctrl_name(gen, ctrl)?;
    let rest = name.strip_prefix(key)?.strip_prefix(':')?;
    let same = match arg {
        Some(a) => rest.is_empty() && a == n,
        None => rest.parse::<u32>() == Ok(n),
    };
    same.then_some(ctrl)
}

/// The field value of an SDWA select / `dst_unused` name.
pub fn sdwa_value(key: &str, name: &str) -> Option<u32> {
    let list: &[&str] = if key == "dst_unused" { &UNUSED } else { &SEL };
    list.iter().position(|&n| n == name).map(|i| i as u32)
}

/// Modifiers of a GFX11 VOP3 DPP form, in LLVM's order: `op_sel` (true16
/// operations, laid out per [`super::table::OpSel`]; none where the bits
/// select the `fake16` form), `clamp`, omod.
pub fn print_vop3_mods(form: &Form, mods: &Mods, fake16: bool, out: &mut String) {
    if let (Some(o), true) = (form.op_sel, mods.op_sel != 0 && !fake16) {
        out.push_str(" op_sel:[");
        for i in 0..o.len {
            if i > 0 {
                out.push(',');
            }
            let on = (0..4).any(|b| o.pos[b] == i as i8 && mods.op_sel >> b & 1 != 0);
            out.push(if on { '1' } else { '0' });
        }
        out.push(']');
    }
    if mods.clamp {
        out.push_str(" clamp");
    }
    match mods.omod {
        1 => out.push_str(" mul:2"),
        2 => out.push_str(" mul:4"),
        3 => out.push_str(" div:2"),
        _ => {}
    }
}

/// op_sel bits from a parsed `op_sel:[..]` list (bit i = entry i) of a
/// VOP3 DPP form.
pub fn op_sel_from_list(form: &Form, list: u8) -> u8 {
    match form.op_sel {
        Some(o) => (0..4)
            .filter(|&b| o.pos[b] >= 0 && list >> o.pos[b] & 1 != 0)
            .fold(0, |acc, b| acc | 1 << b),
        None => list,
    }
}
