//! VOPD (GFX11 dual issue) component opcodes, probed from LLVM 22.
//!
//! [RDNA3] §"VOPD": one 64-bit instruction holds an X operation (4-bit
//! OPX, fields VDSTX/SRC0X/VSRC1X) and a Y operation (5-bit OPY, fields
//! VDSTY/SRC0Y/VSRC1Y); both draw on one list of component opcodes, and
//! `fmaak`/`fmamk` share one literal dword. Each component opcode becomes a
//! `Family::Vopd` row whose operands name the X fields; the decoder maps
//! them to the Y fields for the second half.

use crate::isa_gen::{flags, split, ty_of, OpRow, CONST_PROBES, LIT};
use crate::mc;
use silk_amdgpu::isa::format::{self, Family, Field};
use silk_amdgpu::target::Generation;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// Register markers: VDSTX v252, SRC0X s58, VSRC1X v46, VDSTY v221
/// (field 110, low bit from VDSTX's parity), SRC0Y v232, VSRC1Y v248.
/// LLVM only decodes pairs whose sources sit in different VGPR banks.
const X_MARK: [(Field, u32, &str); 3] = [
    (Field::Vdst, 252, "v252"),
    (Field::Src0, 58, "s58"),
    (Field::Src1, 46, "v46"),
];
const Y_MARK: [(Field, u32, &str); 3] = [
    (Field::VdstY, 110, "v221"),
    (Field::Src0Y, 256 + 232, "v232"),
    (Field::Src1Y, 248, "v248"),
];
/// The partner operation while probing the other slot (`v_dual_mul_f32`
/// in LLVM's numbering; any two-source operation works).
const PARTNER: u32 = 3;
const OPX: format::Bits = format::Bits {
    word: 0,
    lo: 22,
    width: 4,
};
const OPY: format::Bits = format::Bits {
    word: 0,
    lo: 17,
    width: 5,
};

fn words(x: u32, y: u32, zero_src1: bool, src0x: Option<(u32, u32)>) -> Vec<u32> {
    let layout = format::layout(Generation::Gfx11, Family::Vopd).expect("GFX11 has VOPD");
    let mut w = vec![layout.value, 0];
    OPX.set(&mut w, x);
    OPY.set(&mut w, y);
    for (f, v, _) in X_MARK.iter().chain(Y_MARK.iter()) {
        let v = if zero_src1 && matches!(f, Field::Src1 | Field::Src1Y) {
            0
        } else {
            *v
        };
        if let Some(b) = layout.field(*f) {
            b.set(&mut w, v);
        }
    }
    let mut lit = LIT;
    if let Some((code, l)) = src0x {
        if let Some(b) = layout.field(Field::Src0) {
            b.set(&mut w, code);
        }
        lit = l;
    }
    w.push(lit);
    w
}

/// Operand specs of one printed half, in the X fields.
fn specs(ops: &[String], marks: &[(Field, u32, &str); 3], ty: &str) -> Option<Vec<String>> {
    let lit = format!("{LIT:#x}");
    ops.iter()
        .map(|t| {
            if *t == lit {
                return Some("o(Field::Literal, Kind::Literal, 1, Ty::B32)".to_string());
            }
            let k = marks
                .iter()
                .position(|(_, _, m)| m == t)
                .or_else(|| (t == "v0").then_some(2))?;
            Some(match k {
                0 => "o(Field::Vdst, Kind::Vgpr, 1, Ty::B32)".to_string(),
                1 => format!("o(Field::Src0, Kind::Vsrc, 1, Ty::{ty})"),
                _ => "o(Field::Src1, Kind::Vgpr, 1, Ty::B32)".to_string(),
            })
        })
        .collect()
}

pub fn rows(cpu: &str, report: &mut String) -> Vec<OpRow> {
    // (slot, opcode, zero_src1)
    let mut probes = Vec::new();
    let mut which = Vec::new();
    for x in 0..16 {
        for z in [false, true] {
            probes.push(words(x, PARTNER, z, None));
            which.push((0usize, x, z));
        }
    }
    for y in 0..32 {
        for z in [false, true] {
            probes.push(words(PARTNER, y, z, None));
            which.push((1usize, y, z));
        }
    }
    let same = |a: u32, b: u32| a == b;
    let decoded = mc::disassemble(cpu, &probes, &same);
    // opcode -> (name, printed operands of its half, slot, zero_src1)
    let mut found: BTreeMap<u32, (String, Vec<String>, usize, bool)> = BTreeMap::new();
    for ((slot, op, z), d) in which.into_iter().zip(decoded) {
        let Some(d) = d else { continue };
        let Some(half) = d.text.split(" :: ").nth(slot) else {
            continue;
        };
        let (name, ops, _) = split(half);
        found.entry(op).or_insert((name, ops, slot, z));
    }
    // Value type of src0 from how constants print (X slot where possible).
    let mut cprobes = Vec::new();
    let mut cwhich = Vec::new();
    for (&op, &(_, _, slot, z)) in &found {
        for &(code, lit) in &CONST_PROBES {
            let mut w = if slot == 0 {
                words(op, PARTNER, z, Some((code, lit)))
            } else {
                // Probe the Y operation's src0 field.
                let mut w = words(PARTNER, op, z, None);
                if let Some(b) = format::layout(Generation::Gfx11, Family::Vopd)
                    .and_then(|l| l.field(Field::Src0Y))
                {
                    b.set(&mut w, code);
                }
                w[2] = lit;
                w
            };
            w.truncate(3);
            cprobes.push(w);
            cwhich.push((op, slot));
        }
    }
    let same = |a: u32, b: u32| a == b;
    let cdecoded = mc::disassemble(cpu, &cprobes, &same);
    let mut prints: BTreeMap<u32, Vec<String>> = BTreeMap::new();
    for ((op, slot), d) in cwhich.into_iter().zip(cdecoded) {
        let tok = d
            .and_then(|d| {
                let half = d.text.split(" :: ").nth(slot)?.to_string();
                let (_, ops, _) = split(&half);
                ops.get(1).cloned()
            })
            .unwrap_or_else(|| "!".into());
        prints.entry(op).or_default().push(tok);
    }
    let mut rows = Vec::new();
    for (op, (name, ops, slot, _)) in found {
        let ty = prints
            .get(&op)
            .and_then(|fp| ty_of(Generation::Gfx11, fp))
            .unwrap_or("B32");
        let marks = if slot == 0 { &X_MARK } else { &Y_MARK };
        let Some(operands) = specs(&ops, marks, ty) else {
            let _ = writeln!(report, "VOPD {op}: unmapped operands {ops:?}");
            continue;
        };
        let _ = writeln!(report, "VOPD {op} {name} {operands:?}");
        rows.push(OpRow {
            flags: {
                let mut f = flags(Generation::Gfx11, Family::Vopd, &name);
                f.extend(crate::isa_flags::implicit_flags(
                    Family::Vopd,
                    &name,
                    false,
                    &operands,
                ));
                f
            },
            name,
            family: Family::Vopd,
            opcode: op as u16,
            operands,
            processors: 0,
            note: String::new(),
            mods_ignored: 0,
            mods_rejected: 0,
        });
    }
    rows
}
