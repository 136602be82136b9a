//! VOPD: GFX11 dual-issue instructions ([RDNA3] §"VOPD").
//!
//! One 64-bit encoding holds two operations: X (OPX, word 0 bits 25..22;
//! VDSTX, SRC0X, VSRC1X) and Y (OPY, word 0 bits 21..17; VDSTY, SRC0Y,
//! VSRC1Y). VDSTY stores bits 7..1 of the Y destination; its bit 0 is the
//! inverse of VDSTX's (the two results go to different banks). `fmaak` /
//! `fmamk` take a literal constant and an X and a Y literal share one dword.
//!
//! As an [`Inst`]: `opcode` is the X operation's `Family::Vopd` row,
//! [`Mods::offset1`] the Y operation's row index, the operands are X's
//! followed by Y's (literal constants `K` excluded: the literal dword is
//! kept in [`Mods::extra`]).

use super::decode::DecodeError;
use super::encode::EncodeError;
use super::format::{self, Bits, Family, Field};
use super::operand::{self, Operand, LITERAL, VGPR0};
use super::table::{self, Kind, OpInfo, OperandSpec};
use super::{Inst, MAX_OPERANDS};
use crate::target::{Generation, Processor};

/// OPY (5 bits; OPX is the layout's opcode field).
pub const OPY: Bits = Bits {
    word: 0,
    lo: 17,
    width: 5,
};

/// The Y-half field that holds an X-named operand field.
pub(crate) fn y_field(f: Field) -> Field {
    match f {
        Field::Vdst => Field::VdstY,
        Field::Src0 => Field::Src0Y,
        Field::Src1 => Field::Src1Y,
        other => other,
    }
}

fn layout() -> &'static format::Layout {
    format::layout(Generation::Gfx11, Family::Vopd).expect("GFX11 defines VOPD")
}

/// The Y operation of a VOPD instruction.
pub fn y_info(processor: Processor, inst: &Inst) -> Option<&'static OpInfo> {
    table::table(processor.generation())
        .get(inst.mods.offset1 as usize)
        .filter(|i| i.family == Family::Vopd)
}

/// Decode the VOPD instruction at the start of `words`.
pub fn decode(
    processor: Processor,
    words: &[u32],
    offset: usize,
) -> Result<(Inst, usize), DecodeError> {
    let layout = layout();
    if words.len() < 2 {
        return Err(DecodeError::Truncated {
            offset,
            needed: 8,
            available: words.len() * 4,
        });
    }
    let opx = layout.opcode.get(words) as u16;
    let opy = OPY.get(words) as u16;
    let unknown = |opcode| DecodeError::UnknownOpcode {
        offset,
        family: Family::Vopd,
        opcode,
        processor,
    };
    let x = table::by_encoding(processor, Family::Vopd, opx).ok_or(unknown(opx))?;
    let y = table::by_encoding(processor, Family::Vopd, opy).ok_or(unknown(opy))?;
    let t = table::table(processor.generation());
    let (xi, yi) = (&t[x.0 as usize], &t[y.0 as usize]);
    let mut inst = Inst::new(x, &[]);
    inst.mods.offset1 = y.0;
    let mut len = 2;
    let mut literal = None;
    let mut lit = |len: &mut usize| -> Result<u32, DecodeError> {
        if let Some(v) = literal {
            return Ok(v);
        }
        let v = *words.get(2).ok_or(DecodeError::Truncated {
            offset,
            needed: 12,
            available: words.len() * 4,
        })?;
        *len = 3;
        literal = Some(v);
        Ok(v)
    };
    let vdstx = layout.field(Field::Vdst).map_or(0, |b| b.get(words));
    for (info, second) in [(xi, false), (yi, true)] {
        for spec in info.operands {
            let field = if second {
                y_field(spec.field)
            } else {
                spec.field
            };
            if matches!(spec.kind, Kind::Literal) || field == Field::Literal {
                inst.mods.extra = lit(&mut len)?;
                continue;
            }
            let Some(bits) = layout.field(field) else {
                return Err(DecodeError::Invalid {
                    offset,
                    name: info.name,
                    what: "VOPD operand field",
                });
            };
            let raw = bits.get(words);
            let op = match field {
                Field::VdstY => Operand::vgpr((raw << 1 | (vdstx & 1 ^ 1)) as u16),
                Field::Vdst | Field::Src1 | Field::Src1Y => Operand::vgpr(raw as u16),
                _ => {
                    let code = raw as u16;
                    if code == LITERAL {
                        let v = lit(&mut len)?;
                        inst.mods.extra = v;
                        Operand::Literal(v)
                    } else if operand::is_inline_const(code) {
                        Operand::Const(code as u8)
                    } else {
                        Operand::Reg {
                            code,
                            count: 1,
                            half: 0,
                        }
                    }
                }
            };
            let n = inst.num_operands as usize;
            if n >= MAX_OPERANDS {
                return Err(DecodeError::Invalid {
                    offset,
                    name: info.name,
                    what: "VOPD operand count",
                });
            }
            inst.operands[n] = op;
            inst.num_operands += 1;
        }
    }
    Ok((inst, len))
}

/// Operands of one half with its specs: (spec, operand or the literal).
fn halves(x: &'static OpInfo, y: &'static OpInfo, inst: &Inst) -> [Half; 2] {
    let mut ops = inst.operands().iter();
    let mut take = |info: &'static OpInfo| -> Half {
        let mut h = Half {
            items: [(&PAD, Operand::None); MAX_HALF],
            len: 0,
        };
        for s in info.operands.iter().take(MAX_HALF) {
            let op = if matches!(s.kind, Kind::Literal) || s.field == Field::Literal {
                Operand::Literal(inst.mods.extra)
            } else {
                ops.next().copied().unwrap_or(Operand::None)
            };
            h.items[h.len] = (s, op);
            h.len += 1;
        }
        h
    };
    let a = take(x);
    let b = take(y);
    [a, b]
}

/// Operands of one VOPD half with their specs (no allocation: VOPD
/// halves have at most four operands including a literal).
struct Half {
    items: [(&'static OperandSpec, Operand); MAX_HALF],
    len: usize,
}

pub(crate) const MAX_HALF: usize = 4;

/// Filler for unused [`Half`] slots.
static PAD: OperandSpec = OperandSpec {
    field: Field::Unencoded,
    kind: Kind::Implicit(0),
    dwords: 0,
    ty: super::table::Ty::B32,
    half: false,
};

impl std::ops::Deref for Half {
    type Target = [(&'static OperandSpec, Operand)];
    fn deref(&self) -> &Self::Target {
        &self.items[..self.len]
    }
}

/// Print a VOPD instruction: `X ops :: Y ops`.
pub fn print(
    processor: Processor,
    x: &'static OpInfo,
    inst: &Inst,
    out: &mut String,
    operand: &dyn Fn(&OpInfo, &OperandSpec, &Operand, &mut String),
) {
    let Some(y) = y_info(processor, inst) else {
        out.push_str(x.name);
        out.push_str(" :: <invalid Y operation>");
        return;
    };
    for (k, (info, half)) in [x, y].into_iter().zip(halves(x, y, inst)).enumerate() {
        if k == 1 {
            out.push_str(" :: ");
        }
        out.push_str(info.name);
        for (i, (spec, op)) in half.iter().enumerate() {
            if i != 0 {
                out.push(',');
            }
            out.push(' ');
            operand(info, spec, op, out);
        }
    }
}

/// Encode a VOPD instruction into `words` (at least 3); returns the length.
pub fn encode(
    processor: Processor,
    x: &'static OpInfo,
    inst: &Inst,
    words: &mut [u32],
) -> Result<usize, EncodeError> {
    let layout = layout();
    let y = y_info(processor, inst).ok_or_else(|| EncodeError::Modifier {
        name: x.name,
        problem: format!("Y operation {} is not a VOPD operation", inst.mods.offset1),
    })?;
    words.fill(0);
    words[0] = layout.value;
    layout.opcode.set(words, x.opcode as u32);
    OPY.set(words, y.opcode as u32);
    let expected = x
        .operands
        .iter()
        .chain(y.operands)
        .filter(|s| !matches!(s.kind, Kind::Literal) && s.field != Field::Literal)
        .count();
    if inst.num_operands as usize != expected {
        return Err(EncodeError::OperandCount {
            name: x.name,
            expected,
            got: inst.num_operands as usize,
        });
    }
    let mut literal: Option<u32> = None;
    let mut vdst = [None, None];
    for (k, (info, half)) in [x, y].into_iter().zip(halves(x, y, inst)).enumerate() {
        for (i, (spec, op)) in half.iter().enumerate() {
            let err = |problem: String| EncodeError::Operand {
                name: info.name,
                index: i,
                problem,
            };
            let field = if k == 1 {
                y_field(spec.field)
            } else {
                spec.field
            };
            let mut set_literal = |v: u32| match literal {
                Some(old) if old != v => Err(err(format!(
                    "second literal {v:#x} (one literal dword, already {old:#x})"
                ))),
                _ => {
                    literal = Some(v);
                    Ok(())
                }
            };
            if matches!(spec.kind, Kind::Literal) || field == Field::Literal {
                set_literal(inst.mods.extra)?;
                continue;
            }
            let bits = layout
                .field(field)
                .ok_or_else(|| err(format!("no {field:?} field")))?;
            let raw = match (field, *op) {
                (Field::Vdst | Field::VdstY | Field::Src1 | Field::Src1Y, op) => {
                    let Operand::Reg { code, .. } = op else {
                        return Err(err(format!("expected a VGPR, got {op:?}")));
                    };
                    if !(VGPR0..VGPR0 + 256).contains(&code) {
                        return Err(err("expected a VGPR".into()));
                    }
                    let n = (code - VGPR0) as u32;
                    if field == Field::Vdst {
                        vdst[0] = Some(n);
                    }
                    if field == Field::VdstY {
                        vdst[1] = Some(n);
                        n >> 1
                    } else {
                        n
                    }
                }
                (_, Operand::Reg { code, .. }) if code < VGPR0 + 256 && code != LITERAL => {
                    code as u32
                }
                (_, Operand::Const(c)) => c as u32,
                (_, Operand::Literal(v)) => {
                    set_literal(v)?;
                    LITERAL as u32
                }
                (_, op) => return Err(err(format!("cannot encode {op:?}"))),
            };
            bits.set(words, raw);
        }
    }
    if let [Some(a), Some(b)] = vdst {
        if a & 1 == b & 1 {
            return Err(EncodeError::Modifier {
                name: x.name,
                problem: format!("VOPD destinations v{a} and v{b} must differ in their lowest bit"),
            });
        }
    }
    let mut len = 2;
    if let Some(v) = literal {
        words[2] = v;
        len = 3;
    }
    Ok(len)
}

#[cfg(test)]
mod half_tests {
    use super::*;

    #[test]
    fn every_vopd_operation_fits_a_half() {
        let t = table::table(Generation::Gfx11);
        let most = t
            .iter()
            .filter(|o| o.family == Family::Vopd)
            .map(|o| o.operands.len())
            .max();
        assert!(most.is_some_and(|n| n <= MAX_HALF), "{most:?}");
    }
}
