//! GFX11 VOPD dual issue ([RDNA3] "VOPD"): the shared decoder gives one
//! [`Inst`] for the pair (see `silk_amdgpu::isa::vopd`); the emulator runs
//! it as its two halves, each an ordinary VOP1/VOP2 instruction, so
//! execution goes through the same semantic functions. `v_dual_mul_f32`
//! runs as `v_mul_f32_e32`, and so on.

use silk_amdgpu::isa::table::Kind;
use silk_amdgpu::isa::{table, Family, Inst, OpInfo, Operand};
use silk_amdgpu::target::Processor;

pub enum Fallback {
    /// X and Y halves of a `v_dual_*` pair, and the dwords consumed.
    Vopd(Inst, Inst, usize),
}

/// The VOP1/VOP2 opcode a VOPD row names (`v_dual_X` is `v_X_e32`, or
/// `v_X` where LLVM prints no suffix, e.g. `v_fmaak_f32`).
fn vop2_of(processor: Processor, row: &OpInfo) -> Option<silk_amdgpu::isa::Opcode> {
    let base = row.name.strip_prefix("v_dual_")?;
    let t = table::table(processor.generation());
    let is_vop = |op: &silk_amdgpu::isa::Opcode| {
        matches!(t[op.0 as usize].family, Family::Vop1 | Family::Vop2)
    };
    table::by_name(processor, &format!("v_{base}_e32"))
        .find(is_vop)
        .or_else(|| table::by_name(processor, &format!("v_{base}")).find(is_vop))
}

/// One half: the VOPD row's operands (its literal from `mods.extra`), then
/// the unencoded registers the VOP2 form lists (`vcc_lo` of `v_cndmask`).
fn half(
    processor: Processor,
    row: &OpInfo,
    ops: &mut impl Iterator<Item = Operand>,
    literal: u32,
) -> Option<Inst> {
    let opcode = vop2_of(processor, row)?;
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
    let y = silk_amdgpu::isa::vopd::y_info(processor, &inst)?;
    let mut ops = inst.operands().iter().copied();
    let hx = half(processor, x, &mut ops, inst.mods.extra)?;
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
