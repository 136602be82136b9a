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
    if operands.len() > MAX_OPERANDS {
        return err(start, "too many VOPD operands");
    }
    let mut inst = Inst::new(x, &operands);
    inst.mods.offset1 = y.0;
    inst.mods.extra = literal.unwrap_or(0);
    Ok(ParsedInst { inst, label: None })
}
