//! GFX11's graphics-only encodings, probed from LLVM 22 so that any code
//! object disassembles: EXP, VINTERP and LDSDIR ([RDNA3] §"Export",
//! §"VINTERP", §"LDSDIR"). Every opcode of each layout is disassembled
//! with known operand fields; the mnemonic and the printed operands
//! (which ones exist, which are 16-bit halves) make the row. The operand
//! fields themselves are the family's (`format::layout`).

use crate::isa_gen::{flags, split, OpRow, LIT};
use crate::mc;
use silk_amdgpu::isa::format::{self, Family};
use silk_amdgpu::target::Generation;
use std::fmt::Write as _;

/// The probe of one opcode: known operands in every field.
fn probe(family: Family, op: u32) -> Option<Vec<u32>> {
    let layout = format::layout(Generation::Gfx11, family)?;
    let mut w = vec![layout.value, 0];
    layout.opcode.set(&mut w, op);
    match family {
        // EN 0xf, target mrt0; v0..v3.
        Family::Exp => {
            w[0] |= 0xf;
            w[1] = 0x0302_0100;
        }
        // v7 = interp(v1, v2, v3).
        Family::Vinterp => {
            w[0] |= 7;
            w[1] = 0x101 | 0x102 << 9 | 0x103 << 18;
        }
        // v7, attr5.z.
        Family::Ldsdir => {
            w[0] |= 7 | (5 << 2 | 2) << 8;
            w.truncate(1);
        }
        _ => return None,
    }
    w.push(LIT);
    Some(w)
}

/// The operand list of a decoded row, from the printed operands.
fn operands(family: Family, ops: &[String]) -> Option<Vec<String>> {
    let spec = |half: bool, field: &str, kind: &str, dwords: u8, ty: &str| {
        let f = if half { "h" } else { "o" };
        format!("{f}(Field::{field}, {kind}, {dwords}, Ty::{ty})")
    };
    let half = |t: &str| t.ends_with(".l") || t.ends_with(".h");
    Some(match family {
        // (`split` reads `mrt0 v0` as one operand: no comma after the target.)
        Family::Exp if (4..=5).contains(&ops.len()) => {
            let mut v = vec![spec(
                false,
                "Target",
                "Kind::Imm(ImmStyle::ExpTarget)",
                0,
                "B32",
            )];
            for f in ["Src0", "Src1", "Src2", "Src3"] {
                v.push(spec(false, f, "Kind::Vgpr", 1, "B32"));
            }
            v
        }
        Family::Vinterp if ops.len() == 4 => ["Vdst", "Src0", "Src1", "Src2"]
            .iter()
            .zip(ops)
            .map(|(f, t)| {
                let h = half(t);
                spec(h, f, "Kind::Vgpr", 1, if h { "F16" } else { "B32" })
            })
            .collect(),
        Family::Ldsdir if (1..=2).contains(&ops.len()) => {
            let mut v = vec![spec(false, "Vdst", "Kind::Vgpr", 1, "B32")];
            if ops.len() == 2 {
                v.push(spec(false, "Attr", "Kind::Imm(ImmStyle::Attr)", 0, "B32"));
            }
            v
        }
        _ => return None,
    })
}

pub fn rows(cpu: &str, report: &mut String) -> Vec<OpRow> {
    let mut probes = Vec::new();
    let mut which = Vec::new();
    for family in [Family::Exp, Family::Vinterp, Family::Ldsdir] {
        let Some(layout) = format::layout(Generation::Gfx11, family) else {
            continue;
        };
        for op in 0..=layout.opcode.max() {
            if let Some(p) = probe(family, op) {
                probes.push(p);
                which.push((family, op));
            }
        }
    }
    let same = crate::isa_gen::same_opcode(Generation::Gfx11);
    let decoded = mc::disassemble(cpu, &probes, &same);
    let mut rows = Vec::new();
    for ((family, op), d) in which.into_iter().zip(decoded) {
        let Some(d) = d else { continue };
        let (name, ops, _) = split(&d.text);
        let Some(operands) = operands(family, &ops) else {
            let _ = writeln!(report, "{cpu} {family:?} {op}: unmapped `{}`", d.text);
            continue;
        };
        let _ = writeln!(report, "{cpu} {family:?} {op} {name} {operands:?}");
        let mut f = flags(Generation::Gfx11, family, &name);
        f.extend(crate::isa_flags::implicit_flags(
            family, &name, false, &operands,
        ));
        rows.push(OpRow {
            flags: f,
            name,
            family,
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
