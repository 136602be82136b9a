//! GFX9 VGPR indexing (the CDNA3 ISA's "GPR Indexing" section and the
//! `S_SET_GPR_IDX_*` pseudocode): `s_set_gpr_idx_on` sets M0[7:0] to an index and M0[15:12]
//! to which operands it applies to (bit 12 SRC0, 13 SRC1, 14 SRC2, 15
//! DST, as `gpr_idx(...)` spells them) and turns MODE.gpr_idx_en on; until
//! `s_set_gpr_idx_off`, every VALU VGPR operand in an enabled role names
//! the VGPR M0[7:0] further on. Clang uses it for dynamically indexed
//! vectors held in VGPRs. Keyed by [`Op`].

use super::*;
use silk_amdgpu::isa::Op;

const M0: u16 = 124;

// The other bits of M0 are kept as they are, even never written (so
// strict mode's undefined-read check does not apply to them).

pub(super) fn semantics(op: Op) -> Sem {
    let s: (Handler, u32) = match op {
        Op::S_SET_GPR_IDX_ON => (on, 0),
        Op::S_SET_GPR_IDX_OFF => (
            |e| {
                e.w.gpr_idx_en = false;
                Ok(())
            },
            0,
        ),
        Op::S_SET_GPR_IDX_IDX => (
            |e| {
                let idx = e.sval(0)? as u32 & 0xff;
                let m0 = e.w.sgpr[M0 as usize];
                e.swrite_code(M0, 1, (m0 & !0xff | idx) as u64)
            },
            0,
        ),
        Op::S_SET_GPR_IDX_MODE => (
            |e| {
                let Operand::Imm(mode) = e.op(0)? else {
                    return Err(e.unsupported());
                };
                let m0 = e.w.sgpr[M0 as usize];
                e.swrite_code(M0, 1, (m0 & !0xf000 | (mode as u32 & 15) << 12) as u64)
            },
            0,
        ),
        _ => return None,
    };
    Some(s)
}

/// `S_SET_GPR_IDX_ON`: `MODE.gpr_idx_en = 1; M0[7:0] = S0.u[7:0];
/// M0[15:12] = SIMM4`, the rest of M0 unchanged.
fn on(e: &mut Exec) -> Result<()> {
    let idx = e.sval(0)? as u32 & 0xff;
    let Operand::Imm(mode) = e.op(1)? else {
        return Err(e.unsupported());
    };
    let m0 = e.w.sgpr[M0 as usize];
    e.swrite_code(
        M0,
        1,
        (m0 & !0xf0ff | idx | (mode as u32 & 15) << 12) as u64,
    )?;
    e.w.gpr_idx_en = true;
    Ok(())
}

/// The VGPR offset indexing adds to VALU operand `i` (0 when off, when the
/// operand's role is not enabled, or for non-VALU instructions).
#[inline(always)]
pub(crate) fn offset(e: &Exec, i: usize) -> usize {
    use silk_amdgpu::isa::{Family as F, Flags};
    if !e.w.gpr_idx_en
        || !e.info.flags.has(Flags::VALU)
        || matches!(
            e.info.family,
            F::Flat | F::Global | F::Scratch | F::Mubuf | F::Mtbuf | F::Ds
        )
    {
        return 0;
    }
    let bit = match e.info.operands.get(i).map(|s| s.field) {
        Some(Field::Src0) => 12,
        Some(Field::Src1) => 13,
        Some(Field::Src2) => 14,
        Some(Field::Vdst) => 15,
        _ => return 0,
    };
    let m0 = e.w.sgpr[M0 as usize];
    if m0 >> bit & 1 != 0 {
        (m0 & 0xff) as usize
    } else {
        0
    }
}
