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
const LIT: u32 = 0x4049_0fdb;

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
fn split(text: &str) -> (String, Vec<String>, Vec<String>) {
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
fn markers(gen: Generation, family: Family) -> Vec<(Field, u32, u32)> {
    use Field::*;
    let null = if gen == Generation::Gfx9 { 0x7f } else { 0x7c };
    match family {
        Family::Sop1 => vec![(Sdst, 8, 4), (Ssrc0, 16, 4)],
        Family::Sop2 => vec![(Sdst, 8, 4), (Ssrc0, 16, 4), (Ssrc1, 24, 4)],
        Family::Sopc => vec![(Ssrc0, 16, 4), (Ssrc1, 24, 4)],
        Family::Sopk => vec![(Sdst, 8, 4), (Simm16, 0x1234, 1)],
        Family::Sopp => vec![(Simm16, 0x3, 1)],
        Family::Smem => vec![
            (Sdata, 8, 4),
            (Sbase, 8, 2),
            (Soffset, if gen == Generation::Gfx9 { 0 } else { null }, 0),
        ],
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
        Family::Vopd => vec![],
    }
}

/// Whether LLVM's re-encoded first dword is the probed instruction: same
/// family and opcode.
fn same_opcode(gen: Generation) -> impl Fn(u32, u32) -> bool {
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
            v.push((layout.mod_bit(ModBit::Imm).unwrap(), 1));
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

pub struct Generated {
    pub gen: Generation,
    pub ops: Vec<OpRow>,
}

#[derive(Clone, Debug)]
pub struct OpRow {
    pub name: String,
    pub family: Family,
    pub opcode: u16,
    pub operands: Vec<String>,
    pub flags: Vec<&'static str>,
    pub processors: u8,
    pub note: String,
}

/// Enumerate the opcodes of every family for one processor.
fn enumerate(cpu: &str, gen: Generation) -> Vec<Probe> {
    let mut probes = Vec::new();
    let mut meta = Vec::new();
    for layout in format::layouts(gen) {
        if layout.family == Family::Vopd {
            continue;
        }
        let marks = markers(gen, layout.family);
        let extra = base_extra(gen, layout);
        for op in 0..=layout.opcode.max() {
            probes.push(probe_words(layout, op as u16, &marks, &extra));
            meta.push((layout.family, op as u16));
            // Second chance with all operand fields zero.
            probes.push(probe_words(layout, op as u16, &[], &extra));
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
        });
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
            let new = if d == 0 { 40 } else { v + d };
            b.set(&mut w, new);
            perturbed.push(w);
            which.push((i, f, new));
        }
    }
    let same = same_opcode(gen);
    let decoded = mc::disassemble(cpu, &perturbed, &same);
    let mut field_of: Vec<BTreeMap<usize, (Field, u32)>> = vec![BTreeMap::new(); probes.len()];
    for ((i, f, new), d) in which.into_iter().zip(decoded) {
        let Some(d) = d else { continue };
        let (_, base_ops, _) = split(&probes[i].text.text);
        let (m, ops, _) = split(&d.text);
        if m != probes[i].mnemonic || ops.len() != base_ops.len() {
            continue;
        }
        let changed: Vec<usize> = (0..ops.len()).filter(|&k| ops[k] != base_ops[k]).collect();
        let pick = if changed.len() == 1 {
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
            field_of[i].entry(k).or_insert((f, new));
        }
    }
    // Constants in source fields: how LLVM prints them tells the type.
    const CONST_PROBES: [(u32, u32); 8] = [
        (16, LIT),
        (248, LIT),
        (255, 0x3f80_0000),
        (255, 0x0000_3c00),
        (255, 0x0000_3f80),
        (255, 0x0000_0040),
        (255, 0x3c00_3c00),
        (255, 0xbff0_0000),
    ];
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
    let mut rows = Vec::new();
    for (i, p) in probes.iter().enumerate() {
        let (_, ops, _) = split(&p.text.text);
        let mut specs = Vec::new();
        let mut note = String::new();
        for (k, t) in ops.iter().enumerate() {
            let tok = classify(t);
            let spec = match (field_of[i].get(&k), &tok) {
                (
                    Some((f, _)),
                    Tok::Reg {
                        file, count, half, ..
                    },
                ) => {
                    format!("reg({f:?},{file},{count},{half})")
                }
                (Some((f, _)), _) => format!("fld({f:?},{t})"),
                (None, Tok::Num(v)) if *v == LIT as i64 => "lit".to_string(),
                (
                    None,
                    Tok::Reg {
                        file,
                        index,
                        count,
                        half,
                    },
                ) => format!("fixed({file}{index},{count},{half})"),
                (None, Tok::Special(s)) => format!("implicit({s})"),
                (None, _) => {
                    let _ = write!(note, " unmapped:{t}");
                    format!("unk({t})")
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
            specs.join(" "),
            note
        );
        rows.push(OpRow {
            name: p.mnemonic.clone(),
            family: p.family,
            opcode: p.opcode,
            operands: specs,
            flags: Vec::new(),
            processors: 0,
            note,
        });
    }
    rows
}

pub fn run() -> Result<(), String> {
    let mut report = String::new();
    for (cpu, gen) in [("gfx942", Generation::Gfx9), ("gfx1100", Generation::Gfx11)] {
        let probes = enumerate(cpu, gen);
        eprintln!("{cpu}: {} opcodes decode", probes.len());
        let _rows = analyse(cpu, gen, &probes, &mut report);
    }
    std::fs::write("target/isa-probe-report.txt", report).map_err(|e| e.to_string())?;
    eprintln!("wrote target/isa-probe-report.txt");
    Ok(())
}
