//! VOPD dual-issue pairs (GFX11): two halves parsed as VOP1/VOP2 forms.

use super::*;

/// A VOPD pair `X operands :: Y operands` ([`crate::isa::vopd`]).
pub(super) fn parse_vopd(
    processor: Processor,
    body: &str,
    start: usize,
) -> Result<ParsedInst, ParseError> {
    let gen = processor.generation();
    let tbl = table::table(gen);
    let sep = start
        + body.as_bytes()[start..]
            .windows(2)
            .position(|w| w == b"::")
            .unwrap_or(0);
    let mut operands: Vec<Operand> = Vec::new();
    let mut literal: Option<u32> = None;
    let mut rows = [None, None];
    // Per half: (vdst, src0, src1, src2) with their columns, and whether
    // it reads VCC (`v_dual_cndmask_b32`), for the pair rules below.
    let mut halves: [[Option<(Operand, usize)>; 4]; 2] = [[None; 4]; 2];
    let mut reads_vcc = [false; 2];
    for (k, (from, to)) in [(start, sep), (sep + 2, body.len())]
        .into_iter()
        .enumerate()
    {
        let text = &body[..to];
        let mut p = Parser::new(processor, text, from);
        p.skip_ws();
        let col = p.pos;
        let name = p.word();
        let Some(op) =
            table::by_name(processor, name).find(|o| tbl[o.0 as usize].family == Family::Vopd)
        else {
            return err(
                col,
                format!("unknown VOPD operation `{name}` for {processor}"),
            );
        };
        let info = &tbl[op.0 as usize];
        rows[k] = Some(op);
        reads_vcc[k] = info.flags.has(Flags::READS_VCC);
        for (i, spec) in info.operands.iter().enumerate() {
            p.skip_ws();
            if i > 0 {
                p.expect(",")?;
                p.skip_ws();
            }
            let col = p.pos;
            let (neg, abs, value) = p.operand_value()?;
            if neg || abs {
                return err(col, "VOPD operands take no source modifiers");
            }
            let o = match p.fit(info, spec, value, col)? {
                Fitted::Op(o) => o,
                Fitted::Label { .. } => return err(col, "a label is not a VOPD operand"),
            };
            let lit = match o {
                Operand::Literal(v) => Some(v),
                _ => None,
            };
            if let Some(v) = lit {
                if literal.is_some_and(|old| old != v) {
                    return err(col, "a VOPD instruction has one literal dword");
                }
                literal = Some(v);
            }
            // The VSRC1 field after a K constant is the addend, src2
            // (`fmamk`); an accumulator's src2 is its destination.
            let after_k = info.operands[..i].iter().any(|s| s.kind == Kind::Literal);
            let slot = match spec.field {
                Field::Vdst => Some(0),
                Field::Src0 => Some(1),
                Field::Src1 if after_k => Some(3),
                Field::Src1 => Some(2),
                _ => None,
            };
            if let Some(j) = slot {
                halves[k][j] = Some((o, col));
            }
            if spec.field == Field::Vdst && info.flags.has(Flags::TIED_DST) {
                halves[k][3] = Some((o, col));
            }
            if !matches!(spec.kind, Kind::Literal) && spec.field != Field::Literal {
                operands.push(o);
            }
        }
        if !p.at_end() {
            return err(p.pos, format!("unexpected `{}`", p.rest().trim()));
        }
    }
    let (Some(x), Some(y)) = (rows[0], rows[1]) else {
        return err(start, "expected `X :: Y`");
    };
    pair_rules(&halves, reads_vcc, literal.is_some())?;
    if operands.len() > MAX_OPERANDS {
        return err(start, "too many VOPD operands");
    }
    let mut inst = Inst::new(x, &operands);
    inst.mods.offset1 = y.0;
    inst.mods.extra = literal.unwrap_or(0);
    Ok(ParsedInst { inst, label: None })
}

/// The rules of a VOPD pair (RDNA3 ISA §7.6 "Dual Issue VALU"; llvm-mc 22
/// enforces them): one destination even and the other odd; VGPR src0s
/// and src1s in different banks (register number mod 4), src2s (an
/// accumulator's destination, `fmamk`'s addend) of different parity; at
/// most two scalar values on the constant bus (distinct SGPRs and `src_*`
/// registers, VCC read by `v_dual_cndmask_b32`, one literal).
fn pair_rules(
    halves: &[[Option<(Operand, usize)>; 4]; 2],
    reads_vcc: [bool; 2],
    literal: bool,
) -> Result<(), ParseError> {
    let vgpr = |o: Option<(Operand, usize)>| match o {
        Some((Operand::Reg { code, .. }, col)) if code >= VGPR0 => Some((code - VGPR0, col)),
        _ => None,
    };
    if let (Some((a, _)), Some((b, col))) = (vgpr(halves[0][0]), vgpr(halves[1][0])) {
        if a % 2 == b % 2 {
            return err(col, "one VOPD destination must be even and the other odd");
        }
    }
    // (src0/src1 banks are the register number mod 4, src2's its parity.)
    for (j, what, banks) in [(1, "src0", 4), (2, "src1", 4), (3, "src2", 2)] {
        if let (Some((a, _)), Some((b, col))) = (vgpr(halves[0][j]), vgpr(halves[1][j])) {
            if a % banks == b % banks {
                return err(
                    col,
                    format!("VOPD {what} operands must use different VGPR banks"),
                );
            }
        }
    }
    let mut scalars: Vec<u16> = Vec::new();
    let mut used = literal as usize;
    for k in 0..2 {
        if reads_vcc[k] && !scalars.contains(&operand::VCC_LO) {
            scalars.push(operand::VCC_LO);
            used += 1;
        }
        for (o, col) in halves[k][1..3].iter().flatten() {
            if let Operand::Reg { code, .. } = *o {
                // (`null` and `src_lds_direct` read no scalar value.)
                let scalar = code < 128 && code != operand::null_code(Generation::Gfx11)
                    || matches!(code, 230..=239 | 251..=253);
                if scalar && !scalars.contains(&code) {
                    scalars.push(code);
                    used += 1;
                }
            }
            if used > 2 {
                return err(*col, "a VOPD pair reads at most two scalar values");
            }
        }
    }
    Ok(())
}
