//! `cargo xtask isa-tables`: derive the opcode tables by probing LLVM 22.
//!
//! For every family layout of every generation it enumerates the opcode
//! field, decodes each opcode with marker values in its operand fields,
//! then perturbs one field at a time to learn which printed operand each
//! field feeds, the register file and width of each operand, and (from
//! constants placed in source fields) the value type LLVM prints constants
//! with. The result is written to `crates/silk-amdgpu/src/isa/gfx*.rs`.

use crate::mc::{self, Decoded};
use silk_amdgpu::isa::format::{self, Bits, Family, Field, Layout, ModBit};
use silk_amdgpu::target::Generation;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

/// Literal dword appended to every probe (not an inline-able value).
pub(crate) const LIT: u32 = 0x4049_0fdb;

/// Source codes and literal dwords whose printed forms fingerprint an
/// operand's value type (see [`ty_of`]).
pub(crate) const CONST_PROBES: [(u32, u32); 8] = [
    (16, LIT),
    (248, LIT),
    (255, 0x3f80_0000),
    (255, 0x0000_3c00),
    (255, 0x0000_3f80),
    (255, 0x0000_0040),
    (255, 0x3c00_3c00),
    (255, 0xbff0_0000),
];

/// A printed operand token, classified.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok {
    Reg {
        file: char,
        index: u32,
        count: u32,
        half: u8,
    },
    Special(String),
    Num(i64),
    Other(String),
}

fn parse_reg(t: &str) -> Option<Tok> {
    let (t, half) = if let Some(x) = t.strip_suffix(".l") {
        (x, 1)
    } else if let Some(x) = t.strip_suffix(".h") {
        (x, 2)
    } else {
        (t, 0)
    };
    let (file, rest) = if let Some(r) = t.strip_prefix("ttmp") {
        ('t', r)
    } else {
        let mut c = t.chars();
        let f = c.next()?;
        if !"sva".contains(f) {
            return None;
        }
        (f, c.as_str())
    };
    if let Some(r) = rest.strip_prefix('[') {
        let r = r.strip_suffix(']')?;
        let (a, b) = r.split_once(':')?;
        let (a, b): (u32, u32) = (a.parse().ok()?, b.parse().ok()?);
        return Some(Tok::Reg {
            file,
            index: a,
            count: b.checked_sub(a)? + 1,
            half,
        });
    }
    let index: u32 = rest.parse().ok()?;
    Some(Tok::Reg {
        file,
        index,
        count: 1,
        half,
    })
}

fn classify(t: &str) -> Tok {
    if let Some(r) = parse_reg(t) {
        return r;
    }
    if let Some(h) = t.strip_prefix("0x") {
        if let Ok(v) = i64::from_str_radix(h, 16) {
            return Tok::Num(v);
        }
    }
    if let Ok(v) = t.parse::<i64>() {
        return Tok::Num(v);
    }
    const SPECIAL: &[&str] = &[
        "vcc",
        "vcc_lo",
        "vcc_hi",
        "exec",
        "exec_lo",
        "exec_hi",
        "m0",
        "null",
        "scc",
        "off",
        "flat_scratch",
        "flat_scratch_lo",
        "flat_scratch_hi",
        "xnack_mask",
    ];
    if SPECIAL.contains(&t) {
        return Tok::Special(t.to_string());
    }
    Tok::Other(t.to_string())
}

/// Split LLVM's text into mnemonic, operands and trailing modifiers.
pub(crate) fn split(text: &str) -> (String, Vec<String>, Vec<String>) {
    let (mnemonic, rest) = text.split_once(' ').unwrap_or((text, ""));
    let mut parts = Vec::new();
    let mut depth = 0i32;
    let mut cur = String::new();
    let chars: Vec<char> = rest.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth -= 1,
            _ => {}
        }
        if c == ',' && depth == 0 && chars.get(i + 1) == Some(&' ') {
            parts.push(std::mem::take(&mut cur));
            i += 2;
            continue;
        }
        cur.push(c);
        i += 1;
    }
    if !cur.is_empty() {
        parts.push(cur);
    }
    let mut mods = Vec::new();
    if parts.len() == 1 && mnemonic.starts_with("s_") {
        // A lone scalar operand may be symbolic with spaces (`vmcnt(0) lgkmcnt(0)`).
        return (mnemonic.to_string(), parts, mods);
    }
    if let Some(last) = parts.pop() {
        // The last operand may be followed by space-separated modifiers.
        let mut pieces = Vec::new();
        let mut depth = 0;
        let mut cur = String::new();
        for c in last.chars() {
            match c {
                '(' | '[' => depth += 1,
                ')' | ']' => depth -= 1,
                _ => {}
            }
            if c == ' ' && depth == 0 {
                pieces.push(std::mem::take(&mut cur));
            } else {
                cur.push(c);
            }
        }
        pieces.push(cur);
        let first = pieces.remove(0);
        let is_mod = |p: &str| p.contains(':') || MODIFIER_WORDS.contains(&p);
        if is_mod(&first) && parts.is_empty() {
            mods.push(first);
        } else {
            parts.push(first);
        }
        mods.extend(pieces);
    }
    (mnemonic.to_string(), parts, mods)
}

const MODIFIER_WORDS: &[&str] = &[
    "glc", "slc", "dlc", "sc0", "sc1", "nt", "lds", "offen", "idxen", "gds", "tfe", "clamp", "nv",
    "off_",
];

/// Marker value and perturbation delta of each field of a family.
pub(crate) fn markers(gen: Generation, family: Family) -> Vec<(Field, u32, u32)> {
    use Field::*;
    let null = if gen == Generation::Gfx9 { 0x7f } else { 0x7c };
    match family {
        Family::Sop1 => vec![(Sdst, 8, 4), (Ssrc0, 16, 4)],
        Family::Sop2 => vec![(Sdst, 8, 4), (Ssrc0, 16, 4), (Ssrc1, 24, 4)],
        Family::Sopc => vec![(Ssrc0, 16, 4), (Ssrc1, 24, 4)],
        Family::Sopk => vec![(Sdst, 8, 4), (Simm16, 0x1234, 1)],
        Family::Sopp => vec![(Simm16, 0x3, 1)],
        Family::Smem => vec![(Sdata, 8, 4), (Sbase, 8, 2), (Soffset, 12, 4)],
        Family::Vop1 => vec![(Vdst, 8, 4), (Src0, 256 + 16, 4)],
        Family::Vop2 | Family::Vopc => vec![(Vdst, 8, 4), (Src0, 256 + 16, 4), (Src1, 24, 4)],
        Family::Vop3 => vec![
            (Vdst, 8, 4),
            (Sdst3, 0, 40),
            (Src0, 256 + 16, 4),
            (Src1, 256 + 24, 4),
            (Src2, 256 + 32, 4),
        ],
        Family::Vop3p => vec![
            (Vdst, 8, 4),
            (Src0, 256 + 16, 4),
            (Src1, 256 + 24, 4),
            (Src2, 256 + 32, 4),
        ],
        Family::Ds => vec![(Vdst, 8, 4), (Addr, 16, 4), (Data0, 24, 4), (Data1, 32, 4)],
        Family::Flat | Family::Global | Family::Scratch => {
            vec![
                (Vdst, 8, 4),
                (Addr, 16, 4),
                (Data0, 24, 4),
                (Saddr, null, 0),
            ]
        }
        Family::Mubuf | Family::Mtbuf => vec![
            (Data0, 8, 4),
            (Addr, 16, 4),
            (Srsrc, 4, 1),
            (Soffset, 24, 4),
        ],
        // (Probed by `isa_vopd` and `isa_graphics`.)
        Family::Vopd | Family::Exp | Family::Vinterp | Family::Ldsdir => vec![],
    }
}

/// Whether LLVM's re-encoded first dword is the probed instruction: same
/// family and opcode.
pub(crate) fn same_opcode(gen: Generation) -> impl Fn(u32, u32) -> bool {
    move |probe: u32, got: u32| match (format::classify(gen, probe), format::classify(gen, got)) {
        (Some(a), Some(b)) => {
            a.family == b.family && a.opcode.get(&[probe]) == b.opcode.get(&[got])
        }
        _ => false,
    }
}

/// What one probe-decoded opcode looks like.
#[derive(Clone, Debug)]
struct Probe {
    family: Family,
    opcode: u16,
    mnemonic: String,
    words: Vec<u32>,
    text: Decoded,
    /// A flag naming the encoding form this probe stands for (`RTN`,
    /// `LDS_DMA`), when one opcode number has several operand lists.
    form: Option<&'static str>,
}

fn probe_words(
    layout: &Layout,
    opcode: u16,
    marks: &[(Field, u32, u32)],
    extra: &[(Bits, u32)],
) -> Vec<u32> {
    let mut w = vec![0u32; layout.family.base_dwords()];
    w[0] = layout.value;
    layout.opcode.set(&mut w, opcode as u32);
    for (f, v, _) in marks {
        if let Some(b) = layout.field(*f) {
            b.set(&mut w, *v);
        }
    }
    for (b, v) in extra {
        b.set(&mut w, *v);
    }
    w.push(LIT);
    w
}

/// Family-specific bits set in every probe so that the most operands print.
fn base_extra(gen: Generation, layout: &Layout) -> Vec<(Bits, u32)> {
    let mut v = Vec::new();
    match layout.family {
        Family::Smem if gen == Generation::Gfx9 => {
            // IMM and SOE: an SGPR offset plus an immediate offset.
            v.push((layout.mod_bit(ModBit::Imm).unwrap(), 1));
            v.push((layout.mod_bit(ModBit::Soe).unwrap(), 1));
            v.push((layout.offset.unwrap(), 0x10));
        }
        Family::Smem => v.push((layout.offset.unwrap(), 0x10)),
        Family::Mubuf | Family::Mtbuf => {
            if let Some(b) = layout.mod_bit(ModBit::Offen) {
                v.push((b, 1));
            }
        }
        _ => {}
    }
    v
}

#[derive(Clone, Debug)]
#[allow(dead_code)] // `note` is kept for debugging reports
pub struct OpRow {
    pub name: String,
    pub family: Family,
    pub opcode: u16,
    pub operands: Vec<String>,
    pub flags: Vec<&'static str>,
    pub processors: u8,
    pub note: String,
    /// Modifier bits LLVM ignores / rejects for this opcode.
    pub mods_ignored: u16,
    pub mods_rejected: u16,
}

/// Enumerate the opcodes of every family for one processor.
fn enumerate(cpu: &str, gen: Generation) -> Vec<Probe> {
    let mut probes = Vec::new();
    let mut meta = Vec::new();
    for layout in format::layouts(gen) {
        // (VOPD and the graphics encodings have their own probes.)
        if matches!(
            layout.family,
            Family::Vopd | Family::Exp | Family::Vinterp | Family::Ldsdir
        ) {
            continue;
        }
        let marks = markers(gen, layout.family);
        let extra = base_extra(gen, layout);
        for op in 0..=layout.opcode.max() {
            probes.push(probe_words(layout, op as u16, &marks, &extra));
            meta.push((layout.family, op as u16));
            // Second chance with scalar sources (v_writelane, v_readlane).
            let scalar: Vec<(Field, u32, u32)> = marks
                .iter()
                .map(|&(f, v, d)| {
                    if matches!(f, Field::Src0 | Field::Src1 | Field::Src2) && v >= 256 {
                        (f, v - 256, d)
                    } else {
                        (f, v, d)
                    }
                })
                .collect();
            probes.push(probe_words(layout, op as u16, &scalar, &extra));
            meta.push((layout.family, op as u16));
            // Third chance with all operand fields zero.
            probes.push(probe_words(layout, op as u16, &[], &extra));
            meta.push((layout.family, op as u16));
            // Fourth: a VGPR src0 and scalar other sources (v_readlane,
            // v_permlane16).
            let mixed: Vec<(Field, u32, u32)> = marks
                .iter()
                .map(|&(f, v, d)| {
                    if matches!(f, Field::Src1 | Field::Src2) && v >= 256 {
                        (f, v - 256, d)
                    } else {
                        (f, v, d)
                    }
                })
                .collect();
            probes.push(probe_words(layout, op as u16, &mixed, &extra));
            meta.push((layout.family, op as u16));
            // Fifth: nothing but the opcode (s_memtime, buffer_wbl2).
            probes.push(probe_words(layout, op as u16, &[], &[]));
            meta.push((layout.family, op as u16));
        }
    }
    let same = same_opcode(gen);
    let decoded = mc::disassemble(cpu, &probes, &same);
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for ((p, (family, opcode)), d) in probes.into_iter().zip(meta).zip(decoded) {
        let Some(d) = d else { continue };
        // The decoded instruction must be of the probed family: a prefix
        // of another family with higher priority would have matched first.
        let layout = format::classify(gen, p[0]).unwrap();
        if layout.family != family || !seen.insert((family, opcode)) {
            continue;
        }
        let (mnemonic, _, _) = split(&d.text);
        out.push(Probe {
            family,
            opcode,
            mnemonic,
            words: p,
            text: d,
            form: None,
        });
    }
    let forms = form_probes(cpu, gen, &out);
    out.extend(forms);
    out
}

/// Encoding forms selected by a modifier bit that change the operand
/// list: FLAT-family atomics print a `vdst` when GLC is set (`RTN`), MUBUF
/// loads with the LDS bit set drop `vdata` (`LDS_DMA`).
fn form_probes(cpu: &str, gen: Generation, probes: &[Probe]) -> Vec<Probe> {
    let mut words = Vec::new();
    let mut which = Vec::new();
    for (i, p) in probes.iter().enumerate() {
        let layout = format::layout(gen, p.family).unwrap();
        let (bit, form) = match p.family {
            Family::Flat | Family::Global | Family::Scratch => (ModBit::Glc, "RTN"),
            Family::Mubuf => (ModBit::Lds, "LDS_DMA"),
            _ => continue,
        };
        let Some(b) = layout.mod_bit(bit) else {
            continue;
        };
        if b.get(&p.words) != 0 {
            continue;
        }
        let mut w = p.words.clone();
        b.set(&mut w, 1);
        words.push(w);
        which.push((i, form));
    }
    let same = same_opcode(gen);
    let decoded = mc::disassemble(cpu, &words, &same);
    let mut out = Vec::new();
    for ((w, (i, form)), d) in words.into_iter().zip(which).zip(decoded) {
        let Some(d) = d else { continue };
        let p = &probes[i];
        let (m, ops, _) = split(&d.text);
        let (_, base_ops, _) = split(&p.text.text);
        let differs = match form {
            "RTN" => ops.len() == base_ops.len() + 1,
            _ => ops.len() + 1 == base_ops.len(),
        };
        if m == p.mnemonic && differs {
            out.push(Probe {
                family: p.family,
                opcode: p.opcode,
                mnemonic: m,
                words: w,
                text: d,
                form: Some(form),
            });
        }
    }
    out
}

/// Which modifier bits (and a nonzero offset) LLVM prints, ignores or
/// rejects for each memory opcode: set one at a time on the base probe.
/// Returns (ignored, rejected) masks over [`format::mod_bit`] bits and
/// `MOD_OFFSET`.
fn mod_probes(cpu: &str, gen: Generation, probes: &[Probe]) -> Vec<(u16, u16)> {
    use silk_amdgpu::isa::table::{
        MOD_OFFSET, MOD_SDATA_M0_EXEC, VMOD_ABS, VMOD_BLGP, VMOD_CLAMP, VMOD_NEG, VMOD_OMOD,
        VMOD_OP_SEL, VMOD_OP_SEL_HI,
    };
    let mut words = Vec::new();
    let mut which = Vec::new();
    for (i, p) in probes.iter().enumerate() {
        let vop_probes: Vec<(u16, Vec<(Bits, u32)>)> = match p.family {
            Family::Vop3 => {
                let mut v = vec![
                    (VMOD_CLAMP, vec![(format::VOP3_CLAMP, 1)]),
                    (VMOD_OMOD, vec![(format::VOP3_OMOD, 1)]),
                ];
                for i in 0..3 {
                    v.push((VMOD_NEG << i, vec![(format::VOP3_NEG, 1 << i)]));
                    v.push((VMOD_ABS << i, vec![(format::VOP3_ABS, 1 << i)]));
                }
                for i in 0..4 {
                    v.push((VMOD_OP_SEL << i, vec![(format::VOP3_OPSEL, 1 << i)]));
                }
                v
            }
            Family::Vop3p if gen == Generation::Gfx9 && is_mfma(p) => {
                vec![(VMOD_BLGP, vec![(format::MAI_BLGP, 1)])]
            }
            Family::Vop3p if !(is_mfma(p) && gen == Generation::Gfx9) => {
                let mut v = vec![(VMOD_CLAMP, vec![(format::VOP3_CLAMP, 1)])];
                for i in 0..3 {
                    v.push((VMOD_NEG << i, vec![(format::VOP3_NEG, 1 << i)]));
                    v.push((VMOD_ABS << i, vec![(format::VOP3P_NEG_HI, 1 << i)]));
                    v.push((VMOD_OP_SEL << i, vec![(format::VOP3P_OPSEL, 1 << i)]));
                    let hi = if i == 2 {
                        (format::VOP3P_OPSEL_HI2, 1)
                    } else {
                        (format::VOP3P_OPSEL_HI, 1 << i)
                    };
                    v.push((VMOD_OP_SEL_HI << i, vec![hi]));
                }
                v
            }
            _ => Vec::new(),
        };
        if !vop_probes.is_empty() {
            for (bit, set) in vop_probes {
                let mut w = p.words.clone();
                for (b, v) in set {
                    b.set(&mut w, v);
                }
                words.push(w);
                which.push((i, bit));
            }
            continue;
        }
        if !matches!(
            p.family,
            Family::Smem
                | Family::Flat
                | Family::Global
                | Family::Scratch
                | Family::Mubuf
                | Family::Mtbuf
        ) {
            continue;
        }
        let layout = format::layout(gen, p.family).unwrap();
        for (m, b) in layout.mod_bits {
            if b.get(&p.words) != 0 {
                continue;
            }
            let mut w = p.words.clone();
            b.set(&mut w, 1);
            words.push(w);
            which.push((i, format::mod_bit(*m)));
        }
        if p.family == Family::Smem {
            if let Some(b) = layout.field(Field::Sdata) {
                let mut w = p.words.clone();
                b.set(&mut w, 126);
                words.push(w);
                which.push((i, MOD_SDATA_M0_EXEC));
            }
        }
        if let Some(b) = layout.offset {
            if b.get(&p.words) == 0 {
                let mut w = p.words.clone();
                b.set(&mut w, 1);
                words.push(w);
                which.push((i, MOD_OFFSET));
            }
        }
    }
    let same = same_opcode(gen);
    let decoded = mc::disassemble(cpu, &words, &same);
    let mut out = vec![(0u16, 0u16); probes.len()];
    for ((i, bit), d) in which.into_iter().zip(decoded) {
        match d {
            None => out[i].1 |= bit,
            Some(d) if d.text == probes[i].text.text => out[i].0 |= bit,
            Some(_) => {}
        }
    }
    out
}

/// Per-opcode attributes learnt from probes with modifier bits set.
#[derive(Clone, Debug, Default)]
struct Attrs {
    flags: Vec<&'static str>,
    /// `op_sel` bits that make LLVM decode the fake16 form.
    fake16: u8,
    /// `op_sel` bits LLVM shows in its list.
    op_sel_shown: u8,
    /// Operands (printed positions) that the MFMA acc bits turn into AGPRs.
    acc_ops: Vec<usize>,
}

fn is_mfma(p: &Probe) -> bool {
    p.mnemonic.starts_with("v_mfma") || p.mnemonic.starts_with("v_smfmac")
}

/// Set modifier bits and watch how LLVM's text changes: the length of a
/// VOP3 `op_sel` list, which MFMA operands the acc bits select as AGPRs,
/// whether an MFMA prints BLGP as `neg:`, whether VOP3P `neg_lo` is a
/// float source modifier.
fn attribute_probes(cpu: &str, gen: Generation, probes: &[Probe]) -> Vec<Attrs> {
    #[derive(Clone, Copy)]
    enum What {
        OpSel(u8),
        Acc,
        Blgp,
        NegLo,
    }
    let mut words = Vec::new();
    let mut which = Vec::new();
    for (i, p) in probes.iter().enumerate() {
        let mut add = |what: What, set: &[(Bits, u32)]| {
            let mut w = p.words.clone();
            for (b, v) in set {
                b.set(&mut w, *v);
            }
            words.push(w);
            which.push((i, what));
        };
        match p.family {
            Family::Vop3 => {
                // One bit at a time: LLVM rejects op_sel bits of sources an
                // opcode does not have.
                for bit in [1, 2, 4, 8] {
                    add(What::OpSel(bit as u8), &[(format::VOP3_OPSEL, bit)]);
                }
            }
            Family::Vop3p if is_mfma(p) && gen == Generation::Gfx9 => {
                add(What::Acc, &[(format::MAI_ACC_CD, 1), (format::MAI_ACC, 3)]);
                add(What::Blgp, &[(format::MAI_BLGP, 7)]);
            }
            Family::Vop3p => add(What::NegLo, &[(format::VOP3_NEG, 1)]),
            _ => {}
        }
    }
    let same = same_opcode(gen);
    let decoded = mc::disassemble(cpu, &words, &same);
    let mut out = vec![Attrs::default(); probes.len()];
    for ((i, what), d) in which.into_iter().zip(decoded) {
        let Some(d) = d else { continue };
        let p = &probes[i];
        let (m, ops, mods) = split(&d.text);
        if m != p.mnemonic {
            continue;
        }
        let (_, base_ops, _) = split(&p.text.text);
        match what {
            What::OpSel(bit) => {
                // A true16 opcode whose halves vanish: the fake16 form.
                let halves =
                    |ops: &[String]| ops.iter().any(|t| t.ends_with(".l") || t.ends_with(".h"));
                if gen == Generation::Gfx11 && halves(&base_ops) && !halves(&ops) {
                    out[i].fake16 |= bit;
                }
                let Some(list) = mods.iter().find_map(|t| t.strip_prefix("op_sel:[")) else {
                    continue;
                };
                let n = list.split(',').count();
                if list.contains('1') {
                    out[i].op_sel_shown |= bit;
                }
                if out[i].flags.iter().any(|f| f.starts_with("OP_SEL_")) {
                    continue;
                }
                out[i].flags.push(match n {
                    1 => "OP_SEL_1",
                    2 => "OP_SEL_2",
                    3 => "OP_SEL_3",
                    _ => "OP_SEL_4",
                });
            }
            What::Acc => {
                for (k, (a, b)) in base_ops.iter().zip(&ops).enumerate() {
                    if a.starts_with('v') && b.starts_with('a') {
                        out[i].acc_ops.push(k);
                    }
                }
            }
            What::Blgp => {
                if mods.iter().any(|t| t.starts_with("neg:")) {
                    out[i].flags.push("MFMA_NEG");
                }
            }
            What::NegLo => {
                if ops.iter().any(|t| t.starts_with('-'))
                    && !mods.iter().any(|t| t.starts_with("neg_lo:"))
                {
                    out[i].flags.push("SRC_MODS_FP");
                }
            }
        }
    }
    out
}

/// Learn the operands of each probed opcode.
fn analyse(cpu: &str, gen: Generation, probes: &[Probe], report: &mut String) -> Vec<OpRow> {
    // Perturb each field of each probe.
    let mut perturbed = Vec::new();
    let mut which = Vec::new();
    for (i, p) in probes.iter().enumerate() {
        let layout = format::layout(gen, p.family).unwrap();
        for (f, v, d) in markers(gen, p.family) {
            let Some(b) = layout.field(f) else { continue };
            let mut w = p.words.clone();
            let cur = b.get(&p.words);
            let _ = v;
            let new = if d == 0 { 40 } else { cur + d };
            b.set(&mut w, new);
            perturbed.push(w);
            which.push((i, f, new));
        }
    }
    let same = same_opcode(gen);
    let decoded = mc::disassemble(cpu, &perturbed, &same);
    let mut field_of: Vec<BTreeMap<usize, (Field, u32)>> = vec![BTreeMap::new(); probes.len()];
    // The perturbed token of each mapped operand (shows the width of an
    // operand that printed as `off`).
    let mut perturbed_tok: BTreeMap<(usize, usize), String> = BTreeMap::new();
    for ((i, f, new), d) in which.into_iter().zip(decoded) {
        let Some(d) = d else { continue };
        let (_, base_ops, _) = split(&probes[i].text.text);
        let (m, ops, _) = split(&d.text);
        if m != probes[i].mnemonic || ops.len() != base_ops.len() {
            continue;
        }
        let changed: Vec<usize> = (0..ops.len()).filter(|&k| ops[k] != base_ops[k]).collect();
        let pick = if f == Field::Sdst3 {
            // VOP3A keeps abs/op_sel in these bits: only an SGPR with the
            // new number shows that the field is a scalar destination.
            changed.iter().copied().find(|&k| {
                matches!(classify(&ops[k]), Tok::Reg { file: 's', index, .. } if index == new)
                    || ops[k] == "vcc" && new == 106
            })
        } else if changed.len() == 1 {
            Some(changed[0])
        } else {
            changed.iter().copied().find(|&k| match classify(&ops[k]) {
                Tok::Reg { index, .. } => {
                    index == new || index == new % 256 || index == new * 2 || index == new * 4
                }
                _ => false,
            })
        };
        if let Some(k) = pick {
            if let std::collections::btree_map::Entry::Vacant(e) = field_of[i].entry(k) {
                e.insert((f, new));
                perturbed_tok.insert((i, k), ops[k].clone());
            }
        }
    }
    let attrs = attribute_probes(cpu, gen, probes);
    let mod_acceptance = mod_probes(cpu, gen, probes);
    // Constants in source fields: how LLVM prints them tells the type.
    let mut cprobes = Vec::new();
    let mut cwhich = Vec::new();
    for (i, p) in probes.iter().enumerate() {
        let layout = format::layout(gen, p.family).unwrap();
        // llvm-mc 22 crashes printing constants in MFMA sources.
        if p.mnemonic.starts_with("v_mfma") || p.mnemonic.starts_with("v_smfmac") {
            continue;
        }
        for (&k, &(f, _)) in &field_of[i] {
            let b = layout.field(f).unwrap();
            let is_src = matches!(f, Field::Ssrc0 | Field::Ssrc1 | Field::Src2)
                || (matches!(f, Field::Src0 | Field::Src1) && b.width == 9);
            if !is_src {
                continue;
            }
            // GFX9 VOP3/VOP3P take no literal (and llvm-mc 22 crashes on some).
            let n = if gen == Generation::Gfx9 && matches!(p.family, Family::Vop3 | Family::Vop3p) {
                2
            } else {
                CONST_PROBES.len()
            };
            for &(code, lit) in &CONST_PROBES[..n] {
                let mut w = p.words.clone();
                b.set(&mut w, code);
                *w.last_mut().unwrap() = lit;
                cprobes.push(w);
                cwhich.push((i, k));
            }
        }
    }
    let same = same_opcode(gen);
    let cdecoded = mc::disassemble(cpu, &cprobes, &same);
    if std::env::var("ISA_DEBUG").is_ok() {
        for ((w, d), (i, _)) in cprobes.iter().zip(&cdecoded).zip(&cwhich) {
            if probes[*i].mnemonic == "v_pk_mad_i16" || probes[*i].mnemonic == "v_add_f32_e64" {
                eprintln!("{w:08x?} -> {d:?}");
            }
        }
    }

    let mut prints: BTreeMap<(usize, usize), Vec<String>> = BTreeMap::new();
    for ((i, k), d) in cwhich.into_iter().zip(cdecoded) {
        let tok = d
            .and_then(|d| {
                let (_, ops, _) = split(&d.text);
                ops.get(k).cloned()
            })
            .unwrap_or_else(|| "!".to_string());
        prints.entry((i, k)).or_default().push(tok);
    }
    let mut fingerprints: BTreeMap<Vec<String>, Vec<String>> = BTreeMap::new();
    for (&(i, k), v) in &prints {
        fingerprints
            .entry(v.clone())
            .or_default()
            .push(format!("{}#{}", probes[i].mnemonic, k));
    }
    for (fp, users) in &fingerprints {
        let _ = writeln!(
            report,
            "FP {}\t{}\t{}",
            fp.join(" | "),
            users.len(),
            users.iter().take(6).cloned().collect::<Vec<_>>().join(" ")
        );
    }
    // Immediate fields: fit the printing style against LLVM's text.
    const SIMM_VALUES: [u32; 4] = [0x0003, 0x1234, 0xfffe, 0x8001];
    let mut sprobes = Vec::new();
    let mut swhich = Vec::new();
    let mut zprobes = Vec::new();
    let mut zwhich = Vec::new();
    for (i, p) in probes.iter().enumerate() {
        let layout = format::layout(gen, p.family).unwrap();
        for (&k, &(f, _)) in &field_of[i] {
            if f != Field::Simm16
                && !(f == Field::Ssrc1 && p.family == Family::Sopc)
                && !(f == Field::Ssrc0 && p.family == Family::Sop1)
                && !(f == Field::Sdata && p.family == Family::Smem)
            {
                continue;
            }
            let b = layout.field(f).unwrap();
            for v in SIMM_VALUES {
                let mut w = p.words.clone();
                b.set(&mut w, v & b.max());
                sprobes.push(w);
                swhich.push((i, k));
            }
            // Zero: does LLVM omit the operand?
            let mut w = p.words.clone();
            b.set(&mut w, 0);
            zprobes.push(w);
            zwhich.push(i);
        }
    }
    let sdecoded = mc::disassemble(cpu, &sprobes, &same);
    let zdecoded = mc::disassemble(cpu, &zprobes, &same);
    let optional: BTreeSet<usize> = zwhich
        .into_iter()
        .zip(zdecoded)
        .filter(|(i, d)| d.as_ref().is_some_and(|d| d.text == probes[*i].mnemonic))
        .map(|(i, _)| i)
        .collect();
    let mut simm: BTreeMap<(usize, usize), Vec<Option<String>>> = BTreeMap::new();
    for ((i, k), d) in swhich.into_iter().zip(sdecoded) {
        let tok = d.and_then(|d| {
            if probes[i].family == Family::Sopp {
                // Symbolic SOPP operands contain spaces (`vmcnt(0) lgkmcnt(0)`).
                return d.text.split_once(' ').map(|(_, rest)| rest.to_string());
            }
            let (_, ops, _) = split(&d.text);
            ops.get(k).cloned()
        });
        simm.entry((i, k)).or_default().push(tok);
    }

    let mut f16_srcs = gfx9_vop3_f16_sources(cpu, gen, probes, &prints);
    f16_srcs.extend(gfx11_bf16_sources(cpu, gen, probes, &prints));

    let mut rows = Vec::new();
    for (i, p) in probes.iter().enumerate() {
        let (_, ops, _) = split(&p.text.text);
        let layout = format::layout(gen, p.family).unwrap();
        let has_acc = layout.mod_bit(ModBit::Acc).is_some();
        let mfma = p.mnemonic.starts_with("v_mfma") || p.mnemonic.starts_with("v_smfmac");
        let mut specs = Vec::new();
        let mut note = String::new();
        for (k, t) in ops.iter().enumerate() {
            let tok = classify(t);
            let fp = prints.get(&(i, k));
            let spec = match (field_of[i].get(&k), &tok) {
                (Some(&(f, _)), _)
                    if simm.contains_key(&(i, k)) && !matches!(tok, Tok::Reg { .. }) =>
                {
                    let b = layout.field(f).unwrap();
                    let values: Vec<u32> = SIMM_VALUES.iter().map(|v| v & b.max()).collect();
                    match fit_imm(gen, &values, &simm[&(i, k)]) {
                        Some(style) => Spec::new(f, format!("Kind::Imm({style})"), 0, "B32"),
                        None => {
                            let _ = write!(note, " unfit-imm:{t}");
                            Spec::new(f, "Kind::Imm(ImmStyle::Dec)".into(), 0, "B32")
                        }
                    }
                }
                (Some(&(f, _)), Tok::Reg { file, count, .. }) => {
                    let dwords = *count as u8;
                    let mut kind = reg_kind(p.family, f, *file, fp, has_acc, mfma);
                    if mfma {
                        // Which operands the acc bits turn into AGPRs.
                        kind = if attrs[i].acc_ops.contains(&k) {
                            "Kind::AVgpr".into()
                        } else {
                            "Kind::Vgpr".into()
                        };
                    }
                    let ty = match f16_srcs.get(&(i, k)) {
                        Some(ty) => ty,
                        None => fp.and_then(|v| ty_of(gen, v)).unwrap_or("B32"),
                    };
                    if let Some(fp) =
                        fp.filter(|fp| ty_of(gen, fp).is_none() && kind.contains("src"))
                    {
                        let _ = write!(note, " unknown-fp:{}", fp.join("|"));
                    }
                    let mut spec = Spec::new(f, kind, dwords, ty);
                    spec.half = matches!(tok, Tok::Reg { half: 1 | 2, .. });
                    spec
                }
                (Some(&(f, _)), Tok::Special(sp)) if sp == "off" => {
                    let dwords = match perturbed_tok.get(&(i, k)).map(|t| classify(t)) {
                        Some(Tok::Reg { count, .. }) => count as u8,
                        _ => 2,
                    };
                    Spec::new(f, "Kind::Sreg".into(), dwords, "B32")
                }
                (Some(&(f, _)), _) => Spec::new(f, "Kind::Imm(ImmStyle::Dec)".into(), 0, "B32"),
                (None, Tok::Num(v)) if *v == LIT as i64 => {
                    Spec::new(Field::Literal, "Kind::Literal".into(), 1, "B32")
                }
                (None, Tok::Special(sp)) if sp == "off" && p.family == Family::Scratch => {
                    Spec::new(Field::Addr, "Kind::Vgpr".into(), 1, "B32")
                }
                (None, Tok::Special(sp)) => match implicit_code(gen, sp) {
                    Some((code, n)) => Spec::new(
                        Field::Unencoded,
                        format!("Kind::Implicit({code})"),
                        n,
                        "B32",
                    ),
                    None => {
                        let _ = write!(note, " unmapped:{t}");
                        continue;
                    }
                },
                (None, _) => {
                    let _ = write!(note, " unmapped:{t}");
                    continue;
                }
            };
            specs.push(spec);
        }
        let _ = writeln!(
            report,
            "{:?}\t{:#x}\t{}\t{}\t{}",
            p.family,
            p.opcode,
            p.text.text,
            specs.iter().map(|s| s.rust()).collect::<Vec<_>>().join(" "),
            note
        );
        if !note.is_empty() {
            let _ = writeln!(
                report,
                "NOTE {:?} {:#x} {}: {}",
                p.family, p.opcode, p.mnemonic, note
            );
        }
        let operands: Vec<String> = specs.iter().map(|s| s.rust()).collect();
        let mut fl = flags(gen, p.family, &p.mnemonic);
        fl.extend(crate::isa_flags::implicit_flags(
            p.family,
            &p.mnemonic,
            p.form == Some("LDS_DMA"),
            &operands,
        ));
        fl.extend(crate::isa_flags::matrix_flags(&p.mnemonic));
        fl.extend(p.form);
        if let Some(b) = layout.field(Field::Vdst) {
            // LLVM re-encodes an unprinted vdst as EXEC_LO (GFX11 v_cmpx e64).
            let mapped = field_of[i].values().any(|&(f, _)| f == Field::Vdst);
            if p.family == Family::Vop3 && !mapped && b.get(&[p.text.word0]) == 126 {
                fl.push("VDST_EXEC");
            }
        }
        fl.extend(attrs[i].flags.iter().copied());
        if attrs[i].op_sel_shown != 0 {
            // A checked field: a value too wide fails to compile.
            let e = format!("OP_SEL_SHOWN.put({})", attrs[i].op_sel_shown);
            fl.push(Box::leak(e.into_boxed_str()));
        }
        if attrs[i].fake16 != 0 {
            let e = format!("FAKE16.put({})", attrs[i].fake16);
            fl.push(Box::leak(e.into_boxed_str()));
        }
        rows.push(OpRow {
            name: p.mnemonic.clone(),
            family: p.family,
            opcode: p.opcode,
            operands,
            flags: {
                let mut f = fl;
                if optional.contains(&i) {
                    f.push("OPTIONAL_IMM");
                }
                f
            },
            processors: 0,
            note,
            mods_ignored: mod_acceptance[i].0,
            mods_rejected: mod_acceptance[i].1,
        });
    }
    rows
}

struct Spec {
    field: Field,
    kind: String,
    dwords: u8,
    ty: &'static str,
    /// True16 operand: prints `.l`/`.h`.
    half: bool,
}

impl Spec {
    fn new(field: Field, kind: String, dwords: u8, ty: &'static str) -> Spec {
        Spec {
            field,
            kind,
            dwords,
            ty,
            half: false,
        }
    }
    fn rust(&self) -> String {
        let f = if self.half { "h" } else { "o" };
        format!(
            "{f}(Field::{:?}, {}, {}, Ty::{})",
            self.field, self.kind, self.dwords, self.ty
        )
    }
}

fn reg_kind(
    family: Family,
    f: Field,
    file: char,
    fp: Option<&Vec<String>>,
    has_acc: bool,
    mfma: bool,
) -> String {
    use Field::*;
    let scalar = file == 's' || file == 't';
    let k = match f {
        Sdst | Sdata | Sbase | Srsrc | Saddr | Sdst3 => "Kind::Sreg",
        Soffset if family == Family::Smem => "Kind::Sreg",
        Soffset => "Kind::Ssrc",
        Ssrc0 | Ssrc1 => match fp {
            Some(v) if v.iter().skip(1).all(|t| t == "!") => "Kind::Sreg",
            _ => "Kind::Ssrc",
        },
        Src0 | Src1 | Src2 | Src0Y
            if family != Family::Vop2 && family != Family::Vopc || f != Src1 =>
        {
            match fp {
                None => {
                    if file == 'a' {
                        "Kind::Agpr"
                    } else if mfma && (f == Src2) {
                        "Kind::AVgpr"
                    } else if scalar {
                        "Kind::Sreg"
                    } else {
                        "Kind::Vgpr"
                    }
                }
                Some(v) if v.iter().all(|t| t == "!") => {
                    if file == 'a' {
                        "Kind::Agpr"
                    } else {
                        "Kind::Vgpr"
                    }
                }
                Some(v) if v.iter().skip(1).all(|t| t == "!") => "Kind::Sreg",
                Some(_) => "Kind::Vsrc",
            }
        }
        Vdst if scalar => "Kind::Sreg",
        Vdst if file == 'a' => "Kind::Agpr",
        Vdst if mfma || (has_acc) => "Kind::AVgpr",
        Data0 | Data1 if has_acc => "Kind::AVgpr",
        _ if file == 'a' => "Kind::Agpr",
        _ => "Kind::Vgpr",
    };
    k.to_string()
}

/// The GFX9 VOP3 and VOP3P sources that are 16-bit floats (VOP3P: f16
/// pairs). GFX9 VOP3 and VOP3P take no literal, so the constant probes see
/// only inline constants, which LLVM prints alike for 16- and 32-bit float
/// operands (`0.15915494`). LLVM's assembler tells them apart: it takes the
/// f16 bit pattern of 0.5 (`0x3800`) as the inline constant 0.5 only for a
/// 16-bit float operand and rejects it as a literal otherwise. A VOP3 form
/// of a packed op (`v_pk_fmac_f16_e64`, `v_dot2c_f32_f16_e64`) takes its
/// type from the VOP2 form's first source, which the literal probes type.
fn gfx9_vop3_f16_sources(
    cpu: &str,
    gen: Generation,
    probes: &[Probe],
    prints: &BTreeMap<(usize, usize), Vec<String>>,
) -> BTreeMap<(usize, usize), &'static str> {
    if gen != Generation::Gfx9 {
        return BTreeMap::new();
    }
    let mut which = Vec::new();
    let mut lines = Vec::new();
    for (&(i, k), fp) in prints {
        let p = &probes[i];
        // VOP3P sources may also print literal probes (LLVM decodes a
        // literal for some, `v_dot2_f32_f16`): the assembler test decides.
        let vop3p = p.family == Family::Vop3p;
        if !(p.family == Family::Vop3 && fp.len() == 2 || vop3p)
            || fp.get(1).map(|s| s.as_str()) != Some("0.15915494")
        {
            continue;
        }
        let (m, mut ops, mods) = split(&p.text.text);
        let Some(op) = ops.get_mut(k) else {
            continue;
        };
        *op = "0x3800".to_string();
        // LLVM prints op_sel on some sources it rejects it for when
        // assembling (gfx942 `v_dot2_f32_f16`); halves do not change the
        // type.
        let mods: Vec<&String> = mods.iter().filter(|x| !x.starts_with("op_sel")).collect();
        let mods: Vec<&str> = mods.iter().map(|x| x.as_str()).collect();
        lines.push(format!("{m} {} {}", ops.join(", "), mods.join(" ")));
        which.push((i, k));
    }
    let ok = mc::assembles(cpu, &lines);
    let packed = |i: usize| {
        let e32 = probes[i].mnemonic.strip_suffix("_e64")?.to_string() + "_e32";
        let j = probes.iter().position(|p| p.mnemonic == e32)?;
        // Operand 0 is the destination.
        ty_of(gen, prints.get(&(j, 1))?).filter(|t| t.starts_with("V2"))
    };
    which
        .into_iter()
        .zip(ok)
        .filter(|&(_, ok)| ok)
        .map(|((i, k), _)| {
            let ty = match probes[i].family {
                // The mix forms read a source as f32 or f16 by op_sel_hi,
                // but LLVM reads its constants as f16 (as on GFX11).
                Family::Vop3p if probes[i].mnemonic.contains("_mix") => "F16",
                Family::Vop3p => "V2F16",
                _ => packed(i).unwrap_or("F16"),
            };
            ((i, k), ty)
        })
        .collect()
}

/// The GFX11 VOP3 sources LLVM's disassembler prints as 32-bit operands
/// but its assembler reads as one bf16 (`v_dot2_bf16_bf16`'s addend): the
/// bf16 pattern of 0.5 (`0x3f00`) encodes as the inline constant 0.5
/// there, and as a literal on a 32-bit or f16 operand.
fn gfx11_bf16_sources(
    cpu: &str,
    gen: Generation,
    probes: &[Probe],
    prints: &BTreeMap<(usize, usize), Vec<String>>,
) -> BTreeMap<(usize, usize), &'static str> {
    if gen != Generation::Gfx11 {
        return BTreeMap::new();
    }
    let mut which = Vec::new();
    let mut lines = Vec::new();
    for (&(i, k), fp) in prints {
        let p = &probes[i];
        // (Its constant prints match no fingerprint: typed B32 by default.)
        if p.family != Family::Vop3 || ty_of(gen, fp).is_some_and(|t| t != "B32") {
            continue;
        }
        let (m, ops, mods) = split(&p.text.text);
        if k >= ops.len() {
            continue;
        }
        for v in ["0.5", "0x3f00"] {
            let mut ops = ops.clone();
            ops[k] = v.to_string();
            lines.push(format!("{m} {} {}", ops.join(", "), mods.join(" ")));
        }
        which.push((i, k));
    }
    let enc = mc::encodings(cpu, &lines);
    which
        .into_iter()
        .zip(enc.chunks(2))
        .filter(|(_, e)| e[0].is_some() && e[0] == e[1])
        .map(|(ik, _)| (ik, "Bf16"))
        .collect()
}

/// Map a constant-printing fingerprint to a value type.
pub(crate) fn ty_of(gen: Generation, fp: &[String]) -> Option<&'static str> {
    let s = fp
        .iter()
        .skip(1)
        .map(|x| x.as_str())
        .collect::<Vec<_>>()
        .join(" | ");
    let full = |x: &str| s == x;
    Some(match () {
        _ if full("0.15915494 | lit(0x3f800000) | 0x3c00 | 0x3f80 | lit(0x40) | 0x3c003c00 | 0xbff00000") => "B32",
        _ if full("0.15915494309189532 | 0x3f800000 | 0x3c00 | 0x3f80 | lit(0x40) | 0x3c003c00 | 0xbff00000") => "B64",
        _ if full("0.15915494309189532 | 0x3f800000 | 0x3c00 | 0x3f80 | 0x40 | 0x3c003c00 | -1.0") => "F64",
        _ if full("0.15915494 | lit(0x3f800000) | lit(0x3c00) | 0x3f80 | lit(0x40) | lit(0x3c003c00) | lit(0xbff00000)") => "F16",
        _ if full("0x3118 | lit(0x3f800000) | 0x3c00 | 0x3f80 | lit(0x40) | 0x3c00 | 0x0") => "B16",
        _ if full("0.15915494 | 0x3f800000 | lit(0x3c00) | 0x3f80 | lit(0x40) | 0x3c003c00 | 0xbff00000") => "V2F16",
        _ if full("0.15915494 | 0x3f800000 | 0x3c00 | 0x3f80 | lit(0x40) | lit(0x3c003c00) | 0xbff00000") => "V2F16Splat",
        _ if full("0.15915494 | 0x3f800000 | 0x3c00 | lit(0x3f80) | lit(0x40) | 0x3c003c00 | 0xbff00000") => "V2Bf16",
        // GFX9 VOP3/VOP3P: inline constants only.
        _ if gen == Generation::Gfx9 && full("0.15915494") && fp[0].starts_with("s[") => "V2F32",
        _ if gen == Generation::Gfx9 && full("0.15915494") => "B32",
        _ if gen == Generation::Gfx9 && full("0.15915494309189532") => "F64",
        _ if gen == Generation::Gfx9 && full("0x3118") => "B16",
        _ => return None,
    })
}

/// Printed special registers that are not encoded.
fn implicit_code(gen: Generation, name: &str) -> Option<(u16, u8)> {
    let _ = gen;
    Some(match name {
        "vcc" => (106, 2),
        "vcc_lo" => (106, 1),
        "exec" => (126, 2),
        "exec_lo" => (126, 1),
        "m0" => (if gen == Generation::Gfx9 { 124 } else { 125 }, 1),
        "scc" => (253, 1),
        _ => return None,
    })
}

/// Choose how an immediate prints by matching candidates to LLVM's text.
fn fit_imm(gen: Generation, values: &[u32], toks: &[Option<String>]) -> Option<String> {
    use silk_amdgpu::isa::symbolic::{self, SymbolicKind};
    let proc = match gen {
        Generation::Gfx9 => silk_amdgpu::target::Processor::Gfx942,
        Generation::Gfx11 => silk_amdgpu::target::Processor::Gfx1100,
    };
    let fits = |f: &dyn Fn(u32) -> String| {
        values
            .iter()
            .zip(toks)
            .all(|(&v, t)| t.as_ref().is_none_or(|t| *t == f(v)))
    };
    if toks.iter().all(|t| t.is_none()) {
        return None;
    }
    if fits(&|v| (v as u16 as i16).to_string()) {
        return Some("ImmStyle::Branch".into());
    }
    for k in SymbolicKind::ALL {
        if fits(&|v| symbolic::to_text(k, proc, v as u16)) {
            return Some(format!("ImmStyle::Sym(SymbolicKind::{k:?})"));
        }
    }
    if fits(&|v| v.to_string()) {
        return Some("ImmStyle::Dec".into());
    }
    if fits(&|v| {
        if v <= 64 {
            v.to_string()
        } else {
            format!("{v:#x}")
        }
    }) {
        return Some("ImmStyle::DecOrHex".into());
    }
    None
}

/// Attributes by family and mnemonic (generation time only: the product
/// reads the resulting bits, never the name). The implicit EXEC/VCC/SCC/M0
/// flags come from [`crate::isa_flags::implicit_flags`], which `isa-flags`
/// can reapply to the checked-in tables without LLVM.
pub(crate) fn flags(gen: Generation, family: Family, m: &str) -> Vec<&'static str> {
    let mut f = Vec::new();
    let has = |s: &str| m.contains(s);
    match family {
        Family::Sop1 | Family::Sop2 | Family::Sopk | Family::Sopc | Family::Sopp => f.push("SALU"),
        Family::Smem => f.extend(["SMEM", "LGKM_CNT"]),
        Family::Vop1
        | Family::Vop2
        | Family::Vopc
        | Family::Vop3
        | Family::Vop3p
        | Family::Vopd => f.push("VALU"),
        Family::Ds => f.extend(["LDS", "LGKM_CNT"]),
        Family::Flat => f.extend(["FLAT", "VMEM", "LGKM_CNT"]),
        Family::Global | Family::Scratch | Family::Mubuf | Family::Mtbuf => f.push("VMEM"),
        // Graphics only (RDNA3 ISA §"Export": exports count on EXP_CNT;
        // VINTERP is VALU; LDSDIR loads from LDS).
        Family::Exp => f.push("EXP_CNT"),
        Family::Vinterp => f.push("VALU"),
        Family::Ldsdir => f.push("LDS"),
    }
    let mem = !matches!(
        family,
        Family::Sop1
            | Family::Sop2
            | Family::Sopk
            | Family::Sopc
            | Family::Sopp
            | Family::Exp
            | Family::Vinterp
            | Family::Ldsdir
    ) && !family.is_vop();
    if mem {
        let atomic = has("atomic");
        let store = has("store") || has("write") && family == Family::Ds;
        let load = has("load")
            || has("read") && family == Family::Ds
            // Atomics read memory whether or not they return the old value.
            || atomic;
        if atomic {
            f.push("ATOMIC");
        }
        if load {
            f.push("MAY_LOAD");
        }
        if store || atomic {
            f.push("MAY_STORE");
        }
        if family.is_flat() || matches!(family, Family::Mubuf | Family::Mtbuf) {
            if gen == Generation::Gfx11 && store && !atomic {
                f.push("VS_CNT");
            } else {
                f.push("VM_CNT");
            }
        }
    }
    if family == Family::Ds {
        let two = [
            "ds_read2",
            "ds_write2",
            "ds_wrxchg2",
            "ds_load_2addr",
            "ds_store_2addr",
            "ds_storexchg_2addr",
        ];
        if two.iter().any(|p| m.starts_with(p)) {
            f.push("DS_OFFSET2");
        }
        if m.starts_with("ds_swizzle") {
            f.push("DS_SWIZZLE");
        }
    }
    if family == Family::Sopp {
        if m.starts_with("s_branch") || m.starts_with("s_cbranch") {
            f.push("BRANCH");
        }
        if m == "s_endpgm" {
            f.push("END_PGM");
        }
        if m == "s_barrier" {
            f.push("BARRIER");
        }
    }
    if family.is_vop() {
        for t in [
            "v_exp_", "v_log_", "v_rcp_", "v_rsq_", "v_sqrt_", "v_sin_", "v_cos_",
        ] {
            if m.starts_with(t) {
                f.push("TRANS");
            }
        }
        if m.starts_with("v_mfma") || m.starts_with("v_smfmac") {
            f.push("MFMA");
        }
        if m.starts_with("v_wmma") {
            f.push("WMMA");
        }
    }
    f
}

pub fn run() -> Result<(), String> {
    if !std::path::Path::new(mc::LLVM_MC).exists() {
        return Err(format!(
            "{} not found: install LLVM 22 (apt-get install llvm-22)",
            mc::LLVM_MC
        ));
    }
    let mut report = String::new();
    let mut gfx9 = Vec::new();
    let mut gfx11: Vec<OpRow> = Vec::new();
    for (cpu, gen, bit) in [
        ("gfx942", Generation::Gfx9, 1u8),
        ("gfx1100", Generation::Gfx11, 2),
        ("gfx1151", Generation::Gfx11, 4),
    ] {
        let probes = enumerate(cpu, gen);
        eprintln!("{cpu}: {} opcodes decode", probes.len());
        let mut rows = analyse(cpu, gen, &probes, &mut report);
        if gen == Generation::Gfx11 {
            rows.extend(crate::isa_vopd::rows(cpu, &mut report));
            rows.extend(crate::isa_graphics::rows(cpu, &mut report));
        }
        let table = if gen == Generation::Gfx9 {
            &mut gfx9
        } else {
            &mut gfx11
        };
        for mut row in rows {
            match table.iter_mut().find(|r| {
                r.family == row.family
                    && r.opcode == row.opcode
                    && r.name == row.name
                    && r.operands == row.operands
                    && r.flags == row.flags
                    && r.mods_ignored == row.mods_ignored
                    && r.mods_rejected == row.mods_rejected
            }) {
                Some(r) => r.processors |= bit,
                None => {
                    row.processors = bit;
                    table.push(row);
                }
            }
        }
    }
    std::fs::write("target/isa-probe-report.txt", &report).map_err(|e| e.to_string())?;
    eprintln!("wrote target/isa-probe-report.txt");
    for (gen, rows, file) in [
        (Generation::Gfx9, &mut gfx9, "gfx9.rs"),
        (Generation::Gfx11, &mut gfx11, "gfx11.rs"),
    ] {
        rows.sort_by_key(|r| (r.family, r.opcode, r.processors));
        let path = format!("crates/silk-amdgpu/src/isa/{file}");
        std::fs::write(&path, emit(gen, rows)).map_err(|e| format!("{path}: {e}"))?;
        eprintln!("wrote {path} ({} opcodes)", rows.len());
    }
    Ok(())
}

fn emit(gen: Generation, rows: &[OpRow]) -> String {
    let cpus = match gen {
        Generation::Gfx9 => "gfx942",
        Generation::Gfx11 => "gfx1100 and gfx1151",
    };
    let mut out = String::new();
    let _ = writeln!(
        out,
        "//! {gen:?} opcode table. GENERATED by `cargo xtask isa-tables`; do not edit."
    );
    let _ = writeln!(out, "//!");
    let _ = writeln!(
        out,
        "//! Source of truth: LLVM 22 `llvm-mc --disassemble` for {cpus}, probed field"
    );
    let _ = writeln!(
        out,
        "//! by field (see `xtask/src/isa_gen.rs`); attributes from the family and the"
    );
    let _ = writeln!(out, "//! AMD ISA guides' instruction descriptions.");
    let _ = writeln!(out);
    let _ = writeln!(out, "use super::format::{{Family, Field}};");
    let _ = writeln!(out, "#[allow(unused_imports)]");
    let _ = writeln!(out, "use super::symbolic::SymbolicKind;");
    let _ = writeln!(
        out,
        "use super::table::{{Flags, ImmStyle, Kind, OpInfo, OperandSpec, Ty}};"
    );
    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "const fn o(field: Field, kind: Kind, dwords: u8, ty: Ty) -> OperandSpec {{"
    );
    let _ = writeln!(
        out,
        "    OperandSpec {{ field, kind, dwords, ty, half: false }}"
    );
    let _ = writeln!(out, "}}");
    let _ = writeln!(out);
    let _ = writeln!(out, "#[allow(dead_code)]");
    let _ = writeln!(
        out,
        "const fn h(field: Field, kind: Kind, dwords: u8, ty: Ty) -> OperandSpec {{"
    );
    let _ = writeln!(
        out,
        "    OperandSpec {{ field, kind, dwords, ty, half: true }}"
    );
    let _ = writeln!(out, "}}");
    let _ = writeln!(out);
    let _ = writeln!(out, "#[rustfmt::skip]");
    let _ = writeln!(out, "pub static OPCODES: &[OpInfo] = &[");
    for r in rows {
        let flags = if r.flags.is_empty() {
            "0".to_string()
        } else {
            r.flags
                .iter()
                .map(|f| {
                    if f.starts_with('(') {
                        f.to_string()
                    } else {
                        format!("Flags::{f}")
                    }
                })
                .collect::<Vec<_>>()
                .join(" | ")
        };
        let _ = writeln!(
            out,
            "    OpInfo {{ name: {:?}, family: Family::{:?}, opcode: {:#x}, operands: &[{}], flags: Flags({}), processors: {:#05b}, mods_ignored: {:#x}, mods_rejected: {:#x} }},",
            r.name,
            r.family,
            r.opcode,
            r.operands.join(", "),
            flags,
            r.processors,
            r.mods_ignored,
            r.mods_rejected
        );
    }
    let _ = writeln!(out, "];");
    out
}
