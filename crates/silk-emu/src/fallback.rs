//! GFX11 VOPD dual issue ([RDNA3] "VOPD"): the shared decoder gives one
//! [`Inst`] for the pair (see `silk_amdgpu::isa::vopd`); the emulator runs
//! it as its two halves, each an ordinary VOP1/VOP2 instruction, so
//! execution goes through the same semantic functions. `v_dual_mul_f32`
//! runs as `v_mul_f32_e32`, and so on.

use silk_amdgpu::isa::table::Kind;
use silk_amdgpu::isa::{table, Family, Inst, Op, Opcode, Operand};
use silk_amdgpu::target::Processor;

pub enum Fallback {
    /// X and Y halves of a `v_dual_*` pair, and the dwords consumed.
    Vopd(Inst, Inst, usize),
}

/// The VOP1/VOP2 instruction a VOPD half runs as ([RDNA3] "VOPD": each
/// `v_dual_X` is `v_X_e32`, or `v_X` where there is no VOP3 twin). The
/// bf16 dot has no VOP2 form on GFX11 and is not split.
fn vop2_of(op: Op) -> Option<Op> {
    use Op::*;
    Some(match op {
        V_DUAL_ADD_F32 => V_ADD_F32_e32,
        V_DUAL_ADD_NC_U32 => V_ADD_NC_U32_e32,
        V_DUAL_AND_B32 => V_AND_B32_e32,
        V_DUAL_CNDMASK_B32 => V_CNDMASK_B32_e32,
        V_DUAL_DOT2ACC_F32_F16 => V_DOT2ACC_F32_F16,
        V_DUAL_FMAAK_F32 => V_FMAAK_F32,
        V_DUAL_FMAC_F32 => V_FMAC_F32_e32,
        V_DUAL_FMAMK_F32 => V_FMAMK_F32,
        V_DUAL_LSHLREV_B32 => V_LSHLREV_B32_e32,
        V_DUAL_MAX_F32 => V_MAX_F32_e32,
        V_DUAL_MIN_F32 => V_MIN_F32_e32,
        V_DUAL_MOV_B32 => V_MOV_B32_e32,
        V_DUAL_MUL_DX9_ZERO_F32 => V_MUL_DX9_ZERO_F32_e32,
        V_DUAL_MUL_F32 => V_MUL_F32_e32,
        V_DUAL_SUBREV_F32 => V_SUBREV_F32_e32,
        V_DUAL_SUB_F32 => V_SUB_F32_e32,
        _ => return None,
    })
}

/// One half: the VOPD row's operands (its literal from `mods.extra`), then
/// the unencoded registers the VOP2 form lists (`vcc_lo` of `v_cndmask`).
fn half(
    processor: Processor,
    row: Opcode,
    ops: &mut impl Iterator<Item = Operand>,
    literal: u32,
) -> Option<Inst> {
    let gen = processor.generation();
    let opcode = vop2_of(Op::of(gen, row)?)?.on(processor)?;
    let row = &table::table(gen)[row.0 as usize];
    let vop2 = &table::table(processor.generation())[opcode.0 as usize];
    let mut out: Vec<Operand> = Vec::with_capacity(4);
    for spec in row.operands {
        out.push(if matches!(spec.kind, Kind::Literal) {
            Operand::Literal(literal)
        } else {
            ops.next()?
        });
    }
    for spec in &vop2.operands[out.len().min(vop2.operands.len())..] {
        match spec.kind {
            Kind::Implicit(code) => out.push(Operand::Reg {
                code,
                count: 1,
                half: 0,
            }),
            _ => return None,
        }
    }
    Some(Inst::new(opcode, &out))
}

/// The halves of the VOPD pair at the start of `words`, if it is one.
pub fn decode(processor: Processor, words: &[u32]) -> Option<Fallback> {
    let (inst, n) = silk_amdgpu::isa::decode(processor, words).ok()?;
    let t = table::table(processor.generation());
    let x = &t[inst.opcode.0 as usize];
    if x.family != Family::Vopd {
        return None;
    }
    silk_amdgpu::isa::vopd::y_info(processor, &inst)?;
    let y = Opcode(inst.mods.offset1);
    let mut ops = inst.operands().iter().copied();
    let hx = half(processor, inst.opcode, &mut ops, inst.mods.extra)?;
    let hy = half(processor, y, &mut ops, inst.mods.extra)?;
    Some(Fallback::Vopd(hx, hy, n))
}

#[cfg(test)]
mod tests {
    use super::*;
    use silk_amdgpu::isa::print;

    fn halves(line: &str) -> (String, String, usize) {
        let p = Processor::Gfx1100;
        let inst = silk_amdgpu::isa::parse::parse_inst(p, line).unwrap().inst;
        let mut words = Vec::new();
        silk_amdgpu::isa::encode::encode(p, &inst, &mut words).unwrap();
        let Some(Fallback::Vopd(x, y, n)) = decode(p, &words) else {
            panic!("{line}: not split");
        };
        (print::to_text(p, &x), print::to_text(p, &y), n)
    }

    #[test]
    fn pairs_split_into_their_vop2_halves() {
        assert_eq!(
            halves("v_dual_mul_f32 v0, v1, v2 :: v_dual_add_f32 v3, v4, v5"),
            (
                "v_mul_f32_e32 v0, v1, v2".into(),
                "v_add_f32_e32 v3, v4, v5".into(),
                2
            )
        );
        let (x, y, n) =
            halves("v_dual_fmaak_f32 v0, v1, v2, 0x40000000 :: v_dual_cndmask_b32 v3, v4, v5");
        assert_eq!(x, "v_fmaak_f32 v0, v1, v2, 0x40000000");
        assert_eq!(y, "v_cndmask_b32_e32 v3, v4, v5, vcc_lo");
        assert_eq!(n, 3);
    }

    #[test]
    fn every_vopd_half_runs_as_the_vop2_its_name_says() {
        for p in [Processor::Gfx1100, Processor::Gfx1151] {
            let t = table::table(p.generation());
            for (row, info) in t.iter().enumerate() {
                if info.family != Family::Vopd || !info.on(p) {
                    continue;
                }
                let op = Op::of(p.generation(), Opcode(row as u16)).unwrap();
                let Some(to) = vop2_of(op).and_then(|o| o.on(p)) else {
                    assert_eq!(op, Op::V_DUAL_DOT2ACC_F32_BF16, "{p:?} {}", info.name);
                    continue;
                };
                let to = &t[to.0 as usize];
                let base = info.name.strip_prefix("v_dual_").unwrap();
                assert!(
                    matches!(to.family, Family::Vop1 | Family::Vop2),
                    "{}",
                    to.name
                );
                assert!(
                    to.name == format!("v_{base}_e32") || to.name == format!("v_{base}"),
                    "{} runs as {}",
                    info.name,
                    to.name
                );
            }
        }
    }

    #[test]
    fn other_instructions_are_not_split() {
        let p = Processor::Gfx1100;
        let inst = silk_amdgpu::isa::parse::parse_inst(p, "v_mul_f32_e32 v0, v1, v2")
            .unwrap()
            .inst;
        let mut words = Vec::new();
        silk_amdgpu::isa::encode::encode(p, &inst, &mut words).unwrap();
        assert!(decode(p, &words).is_none());
    }
}
