//! Vector compares (`v_cmp_*`, `v_cmpx_*`): one aux code per predicate and type.

use super::*;

// ---- compares ----------------------------------------------------------

// Predicates (the order of the VOPC opcode space, [CDNA3] / [RDNA3]
// "VOPC") and operand types of `compare`'s aux code.
const F: u32 = 0;
const LT: u32 = 1;
const EQ: u32 = 2;
const LE: u32 = 3;
const GT: u32 = 4;
const LG: u32 = 5;
const GE: u32 = 6;
const O: u32 = 7;
const U: u32 = 8;
const NGE: u32 = 9;
const NLG: u32 = 10;
const NGT: u32 = 11;
const NLE: u32 = 12;
const NEQ: u32 = 13;
const NLT: u32 = 14;
const TRU: u32 = 15;
const CLASS: u32 = 16;
const I16: u32 = 0;
const U16: u32 = 1;
const I32: u32 = 2;
const U32: u32 = 3;
const I64: u32 = 4;
const U64: u32 = 5;
const F16: u32 = 6;
const F32: u32 = 7;
const F64: u32 = 8;

/// The aux code of a compare: predicate, type, and whether it is a
/// `v_cmpx` (writes EXEC).
pub(super) fn cmp_aux(op: Op, flags: Flags) -> Option<u32> {
    let (pred, ty) = cmp_of(op)?;
    let x = flags.has(Flags::WRITES_EXEC) as u32;
    Some(pred | ty << 8 | x << 16)
}

/// Predicate and operand type of each compare, whatever its encoding
/// (`_e32`, `_e64`) and whether it writes EXEC (`V_CMPX_*`). Integer `NE`
/// is `LG` and `T` is `TRU`.
#[rustfmt::skip]
fn cmp_of(op: Op) -> Option<(u32, u32)> {
    use Op::*;
    Some(match op {
        V_CMPX_F_I16_e32 | V_CMPX_F_I16_e64 | V_CMP_F_I16_e32 | V_CMP_F_I16_e64 => (F, I16),
        V_CMPX_LT_I16_e32 | V_CMPX_LT_I16_e64 | V_CMP_LT_I16_e32 | V_CMP_LT_I16_e64 => (LT, I16),
        V_CMPX_EQ_I16_e32 | V_CMPX_EQ_I16_e64 | V_CMP_EQ_I16_e32 | V_CMP_EQ_I16_e64 => (EQ, I16),
        V_CMPX_LE_I16_e32 | V_CMPX_LE_I16_e64 | V_CMP_LE_I16_e32 | V_CMP_LE_I16_e64 => (LE, I16),
        V_CMPX_GT_I16_e32 | V_CMPX_GT_I16_e64 | V_CMP_GT_I16_e32 | V_CMP_GT_I16_e64 => (GT, I16),
        V_CMPX_NE_I16_e32 | V_CMPX_NE_I16_e64 | V_CMP_NE_I16_e32 | V_CMP_NE_I16_e64 => (LG, I16),
        V_CMPX_GE_I16_e32 | V_CMPX_GE_I16_e64 | V_CMP_GE_I16_e32 | V_CMP_GE_I16_e64 => (GE, I16),
        V_CMPX_T_I16_e32 | V_CMPX_T_I16_e64 | V_CMP_T_I16_e32 | V_CMP_T_I16_e64 => (TRU, I16),
        V_CMPX_F_U16_e32 | V_CMPX_F_U16_e64 | V_CMP_F_U16_e32 | V_CMP_F_U16_e64 => (F, U16),
        V_CMPX_LT_U16_e32 | V_CMPX_LT_U16_e64 | V_CMP_LT_U16_e32 | V_CMP_LT_U16_e64 => (LT, U16),
        V_CMPX_EQ_U16_e32 | V_CMPX_EQ_U16_e64 | V_CMP_EQ_U16_e32 | V_CMP_EQ_U16_e64 => (EQ, U16),
        V_CMPX_LE_U16_e32 | V_CMPX_LE_U16_e64 | V_CMP_LE_U16_e32 | V_CMP_LE_U16_e64 => (LE, U16),
        V_CMPX_GT_U16_e32 | V_CMPX_GT_U16_e64 | V_CMP_GT_U16_e32 | V_CMP_GT_U16_e64 => (GT, U16),
        V_CMPX_NE_U16_e32 | V_CMPX_NE_U16_e64 | V_CMP_NE_U16_e32 | V_CMP_NE_U16_e64 => (LG, U16),
        V_CMPX_GE_U16_e32 | V_CMPX_GE_U16_e64 | V_CMP_GE_U16_e32 | V_CMP_GE_U16_e64 => (GE, U16),
        V_CMPX_T_U16_e32 | V_CMPX_T_U16_e64 | V_CMP_T_U16_e32 | V_CMP_T_U16_e64 => (TRU, U16),
        V_CMPX_F_I32_e32 | V_CMPX_F_I32_e64 | V_CMP_F_I32_e32 | V_CMP_F_I32_e64 => (F, I32),
        V_CMPX_LT_I32_e32 | V_CMPX_LT_I32_e64 | V_CMP_LT_I32_e32 | V_CMP_LT_I32_e64 => (LT, I32),
        V_CMPX_EQ_I32_e32 | V_CMPX_EQ_I32_e64 | V_CMP_EQ_I32_e32 | V_CMP_EQ_I32_e64 => (EQ, I32),
        V_CMPX_LE_I32_e32 | V_CMPX_LE_I32_e64 | V_CMP_LE_I32_e32 | V_CMP_LE_I32_e64 => (LE, I32),
        V_CMPX_GT_I32_e32 | V_CMPX_GT_I32_e64 | V_CMP_GT_I32_e32 | V_CMP_GT_I32_e64 => (GT, I32),
        V_CMPX_NE_I32_e32 | V_CMPX_NE_I32_e64 | V_CMP_NE_I32_e32 | V_CMP_NE_I32_e64 => (LG, I32),
        V_CMPX_GE_I32_e32 | V_CMPX_GE_I32_e64 | V_CMP_GE_I32_e32 | V_CMP_GE_I32_e64 => (GE, I32),
        V_CMPX_T_I32_e32 | V_CMPX_T_I32_e64 | V_CMP_T_I32_e32 | V_CMP_T_I32_e64 => (TRU, I32),
        V_CMPX_F_U32_e32 | V_CMPX_F_U32_e64 | V_CMP_F_U32_e32 | V_CMP_F_U32_e64 => (F, U32),
        V_CMPX_LT_U32_e32 | V_CMPX_LT_U32_e64 | V_CMP_LT_U32_e32 | V_CMP_LT_U32_e64 => (LT, U32),
        V_CMPX_EQ_U32_e32 | V_CMPX_EQ_U32_e64 | V_CMP_EQ_U32_e32 | V_CMP_EQ_U32_e64 => (EQ, U32),
        V_CMPX_LE_U32_e32 | V_CMPX_LE_U32_e64 | V_CMP_LE_U32_e32 | V_CMP_LE_U32_e64 => (LE, U32),
        V_CMPX_GT_U32_e32 | V_CMPX_GT_U32_e64 | V_CMP_GT_U32_e32 | V_CMP_GT_U32_e64 => (GT, U32),
        V_CMPX_NE_U32_e32 | V_CMPX_NE_U32_e64 | V_CMP_NE_U32_e32 | V_CMP_NE_U32_e64 => (LG, U32),
        V_CMPX_GE_U32_e32 | V_CMPX_GE_U32_e64 | V_CMP_GE_U32_e32 | V_CMP_GE_U32_e64 => (GE, U32),
        V_CMPX_T_U32_e32 | V_CMPX_T_U32_e64 | V_CMP_T_U32_e32 | V_CMP_T_U32_e64 => (TRU, U32),
        V_CMPX_F_I64_e32 | V_CMPX_F_I64_e64 | V_CMP_F_I64_e32 | V_CMP_F_I64_e64 => (F, I64),
        V_CMPX_LT_I64_e32 | V_CMPX_LT_I64_e64 | V_CMP_LT_I64_e32 | V_CMP_LT_I64_e64 => (LT, I64),
        V_CMPX_EQ_I64_e32 | V_CMPX_EQ_I64_e64 | V_CMP_EQ_I64_e32 | V_CMP_EQ_I64_e64 => (EQ, I64),
        V_CMPX_LE_I64_e32 | V_CMPX_LE_I64_e64 | V_CMP_LE_I64_e32 | V_CMP_LE_I64_e64 => (LE, I64),
        V_CMPX_GT_I64_e32 | V_CMPX_GT_I64_e64 | V_CMP_GT_I64_e32 | V_CMP_GT_I64_e64 => (GT, I64),
        V_CMPX_NE_I64_e32 | V_CMPX_NE_I64_e64 | V_CMP_NE_I64_e32 | V_CMP_NE_I64_e64 => (LG, I64),
        V_CMPX_GE_I64_e32 | V_CMPX_GE_I64_e64 | V_CMP_GE_I64_e32 | V_CMP_GE_I64_e64 => (GE, I64),
        V_CMPX_T_I64_e32 | V_CMPX_T_I64_e64 | V_CMP_T_I64_e32 | V_CMP_T_I64_e64 => (TRU, I64),
        V_CMPX_F_U64_e32 | V_CMPX_F_U64_e64 | V_CMP_F_U64_e32 | V_CMP_F_U64_e64 => (F, U64),
        V_CMPX_LT_U64_e32 | V_CMPX_LT_U64_e64 | V_CMP_LT_U64_e32 | V_CMP_LT_U64_e64 => (LT, U64),
        V_CMPX_EQ_U64_e32 | V_CMPX_EQ_U64_e64 | V_CMP_EQ_U64_e32 | V_CMP_EQ_U64_e64 => (EQ, U64),
        V_CMPX_LE_U64_e32 | V_CMPX_LE_U64_e64 | V_CMP_LE_U64_e32 | V_CMP_LE_U64_e64 => (LE, U64),
        V_CMPX_GT_U64_e32 | V_CMPX_GT_U64_e64 | V_CMP_GT_U64_e32 | V_CMP_GT_U64_e64 => (GT, U64),
        V_CMPX_NE_U64_e32 | V_CMPX_NE_U64_e64 | V_CMP_NE_U64_e32 | V_CMP_NE_U64_e64 => (LG, U64),
        V_CMPX_GE_U64_e32 | V_CMPX_GE_U64_e64 | V_CMP_GE_U64_e32 | V_CMP_GE_U64_e64 => (GE, U64),
        V_CMPX_T_U64_e32 | V_CMPX_T_U64_e64 | V_CMP_T_U64_e32 | V_CMP_T_U64_e64 => (TRU, U64),
        V_CMPX_F_F16_e32 | V_CMPX_F_F16_e64 | V_CMP_F_F16_e32 | V_CMP_F_F16_e64 => (F, F16),
        V_CMPX_LT_F16_e32 | V_CMPX_LT_F16_e64 | V_CMP_LT_F16_e32 | V_CMP_LT_F16_e64 => (LT, F16),
        V_CMPX_EQ_F16_e32 | V_CMPX_EQ_F16_e64 | V_CMP_EQ_F16_e32 | V_CMP_EQ_F16_e64 => (EQ, F16),
        V_CMPX_LE_F16_e32 | V_CMPX_LE_F16_e64 | V_CMP_LE_F16_e32 | V_CMP_LE_F16_e64 => (LE, F16),
        V_CMPX_GT_F16_e32 | V_CMPX_GT_F16_e64 | V_CMP_GT_F16_e32 | V_CMP_GT_F16_e64 => (GT, F16),
        V_CMPX_LG_F16_e32 | V_CMPX_LG_F16_e64 | V_CMP_LG_F16_e32 | V_CMP_LG_F16_e64 => (LG, F16),
        V_CMPX_GE_F16_e32 | V_CMPX_GE_F16_e64 | V_CMP_GE_F16_e32 | V_CMP_GE_F16_e64 => (GE, F16),
        V_CMPX_O_F16_e32 | V_CMPX_O_F16_e64 | V_CMP_O_F16_e32 | V_CMP_O_F16_e64 => (O, F16),
        V_CMPX_U_F16_e32 | V_CMPX_U_F16_e64 | V_CMP_U_F16_e32 | V_CMP_U_F16_e64 => (U, F16),
        V_CMPX_NGE_F16_e32 | V_CMPX_NGE_F16_e64 | V_CMP_NGE_F16_e32 | V_CMP_NGE_F16_e64 => (NGE, F16),
        V_CMPX_NLG_F16_e32 | V_CMPX_NLG_F16_e64 | V_CMP_NLG_F16_e32 | V_CMP_NLG_F16_e64 => (NLG, F16),
        V_CMPX_NGT_F16_e32 | V_CMPX_NGT_F16_e64 | V_CMP_NGT_F16_e32 | V_CMP_NGT_F16_e64 => (NGT, F16),
        V_CMPX_NLE_F16_e32 | V_CMPX_NLE_F16_e64 | V_CMP_NLE_F16_e32 | V_CMP_NLE_F16_e64 => (NLE, F16),
        V_CMPX_NEQ_F16_e32 | V_CMPX_NEQ_F16_e64 | V_CMP_NEQ_F16_e32 | V_CMP_NEQ_F16_e64 => (NEQ, F16),
        V_CMPX_NLT_F16_e32 | V_CMPX_NLT_F16_e64 | V_CMP_NLT_F16_e32 | V_CMP_NLT_F16_e64 => (NLT, F16),
        V_CMPX_TRU_F16_e32 | V_CMPX_TRU_F16_e64 | V_CMPX_T_F16_e32 | V_CMPX_T_F16_e64 | V_CMP_TRU_F16_e32 | V_CMP_TRU_F16_e64 | V_CMP_T_F16_e32 | V_CMP_T_F16_e64 => (TRU, F16),
        V_CMPX_CLASS_F16_e32 | V_CMPX_CLASS_F16_e64 | V_CMP_CLASS_F16_e32 | V_CMP_CLASS_F16_e64 => (CLASS, F16),
        V_CMPX_F_F32_e32 | V_CMPX_F_F32_e64 | V_CMP_F_F32_e32 | V_CMP_F_F32_e64 => (F, F32),
        V_CMPX_LT_F32_e32 | V_CMPX_LT_F32_e64 | V_CMP_LT_F32_e32 | V_CMP_LT_F32_e64 => (LT, F32),
        V_CMPX_EQ_F32_e32 | V_CMPX_EQ_F32_e64 | V_CMP_EQ_F32_e32 | V_CMP_EQ_F32_e64 => (EQ, F32),
        V_CMPX_LE_F32_e32 | V_CMPX_LE_F32_e64 | V_CMP_LE_F32_e32 | V_CMP_LE_F32_e64 => (LE, F32),
        V_CMPX_GT_F32_e32 | V_CMPX_GT_F32_e64 | V_CMP_GT_F32_e32 | V_CMP_GT_F32_e64 => (GT, F32),
        V_CMPX_LG_F32_e32 | V_CMPX_LG_F32_e64 | V_CMP_LG_F32_e32 | V_CMP_LG_F32_e64 => (LG, F32),
        V_CMPX_GE_F32_e32 | V_CMPX_GE_F32_e64 | V_CMP_GE_F32_e32 | V_CMP_GE_F32_e64 => (GE, F32),
        V_CMPX_O_F32_e32 | V_CMPX_O_F32_e64 | V_CMP_O_F32_e32 | V_CMP_O_F32_e64 => (O, F32),
        V_CMPX_U_F32_e32 | V_CMPX_U_F32_e64 | V_CMP_U_F32_e32 | V_CMP_U_F32_e64 => (U, F32),
        V_CMPX_NGE_F32_e32 | V_CMPX_NGE_F32_e64 | V_CMP_NGE_F32_e32 | V_CMP_NGE_F32_e64 => (NGE, F32),
        V_CMPX_NLG_F32_e32 | V_CMPX_NLG_F32_e64 | V_CMP_NLG_F32_e32 | V_CMP_NLG_F32_e64 => (NLG, F32),
        V_CMPX_NGT_F32_e32 | V_CMPX_NGT_F32_e64 | V_CMP_NGT_F32_e32 | V_CMP_NGT_F32_e64 => (NGT, F32),
        V_CMPX_NLE_F32_e32 | V_CMPX_NLE_F32_e64 | V_CMP_NLE_F32_e32 | V_CMP_NLE_F32_e64 => (NLE, F32),
        V_CMPX_NEQ_F32_e32 | V_CMPX_NEQ_F32_e64 | V_CMP_NEQ_F32_e32 | V_CMP_NEQ_F32_e64 => (NEQ, F32),
        V_CMPX_NLT_F32_e32 | V_CMPX_NLT_F32_e64 | V_CMP_NLT_F32_e32 | V_CMP_NLT_F32_e64 => (NLT, F32),
        V_CMPX_TRU_F32_e32 | V_CMPX_TRU_F32_e64 | V_CMPX_T_F32_e32 | V_CMPX_T_F32_e64 | V_CMP_TRU_F32_e32 | V_CMP_TRU_F32_e64 | V_CMP_T_F32_e32 | V_CMP_T_F32_e64 => (TRU, F32),
        V_CMPX_CLASS_F32_e32 | V_CMPX_CLASS_F32_e64 | V_CMP_CLASS_F32_e32 | V_CMP_CLASS_F32_e64 => (CLASS, F32),
        V_CMPX_F_F64_e32 | V_CMPX_F_F64_e64 | V_CMP_F_F64_e32 | V_CMP_F_F64_e64 => (F, F64),
        V_CMPX_LT_F64_e32 | V_CMPX_LT_F64_e64 | V_CMP_LT_F64_e32 | V_CMP_LT_F64_e64 => (LT, F64),
        V_CMPX_EQ_F64_e32 | V_CMPX_EQ_F64_e64 | V_CMP_EQ_F64_e32 | V_CMP_EQ_F64_e64 => (EQ, F64),
        V_CMPX_LE_F64_e32 | V_CMPX_LE_F64_e64 | V_CMP_LE_F64_e32 | V_CMP_LE_F64_e64 => (LE, F64),
        V_CMPX_GT_F64_e32 | V_CMPX_GT_F64_e64 | V_CMP_GT_F64_e32 | V_CMP_GT_F64_e64 => (GT, F64),
        V_CMPX_LG_F64_e32 | V_CMPX_LG_F64_e64 | V_CMP_LG_F64_e32 | V_CMP_LG_F64_e64 => (LG, F64),
        V_CMPX_GE_F64_e32 | V_CMPX_GE_F64_e64 | V_CMP_GE_F64_e32 | V_CMP_GE_F64_e64 => (GE, F64),
        V_CMPX_O_F64_e32 | V_CMPX_O_F64_e64 | V_CMP_O_F64_e32 | V_CMP_O_F64_e64 => (O, F64),
        V_CMPX_U_F64_e32 | V_CMPX_U_F64_e64 | V_CMP_U_F64_e32 | V_CMP_U_F64_e64 => (U, F64),
        V_CMPX_NGE_F64_e32 | V_CMPX_NGE_F64_e64 | V_CMP_NGE_F64_e32 | V_CMP_NGE_F64_e64 => (NGE, F64),
        V_CMPX_NLG_F64_e32 | V_CMPX_NLG_F64_e64 | V_CMP_NLG_F64_e32 | V_CMP_NLG_F64_e64 => (NLG, F64),
        V_CMPX_NGT_F64_e32 | V_CMPX_NGT_F64_e64 | V_CMP_NGT_F64_e32 | V_CMP_NGT_F64_e64 => (NGT, F64),
        V_CMPX_NLE_F64_e32 | V_CMPX_NLE_F64_e64 | V_CMP_NLE_F64_e32 | V_CMP_NLE_F64_e64 => (NLE, F64),
        V_CMPX_NEQ_F64_e32 | V_CMPX_NEQ_F64_e64 | V_CMP_NEQ_F64_e32 | V_CMP_NEQ_F64_e64 => (NEQ, F64),
        V_CMPX_NLT_F64_e32 | V_CMPX_NLT_F64_e64 | V_CMP_NLT_F64_e32 | V_CMP_NLT_F64_e64 => (NLT, F64),
        V_CMPX_TRU_F64_e32 | V_CMPX_TRU_F64_e64 | V_CMPX_T_F64_e32 | V_CMPX_T_F64_e64 | V_CMP_TRU_F64_e32 | V_CMP_TRU_F64_e64 | V_CMP_T_F64_e32 | V_CMP_T_F64_e64 => (TRU, F64),
        V_CMPX_CLASS_F64_e32 | V_CMPX_CLASS_F64_e64 | V_CMP_CLASS_F64_e32 | V_CMP_CLASS_F64_e64 => (CLASS, F64),
        _ => return None,
    })
}

// The negated comparisons are the unordered predicates (true on NaN).
#[allow(
    clippy::neg_cmp_op_on_partial_ord,
    clippy::nonminimal_bool,
    clippy::double_comparisons
)]
pub(super) fn compare(aux: u32, a: u64, bv: u64) -> bool {
    let op = aux & 0xff;
    let ty = aux >> 8 & 0xff;
    if op == 16 {
        let c = match ty {
            6 => class16(a as u16),
            7 => class32(a as u32),
            _ => class64(a),
        };
        return c & bv as u32 != 0;
    }
    let fl = |x: f64, y: f64| -> bool {
        let un = x.is_nan() || y.is_nan();
        match op {
            0 => false,
            1 => x < y,
            2 => x == y,
            3 => x <= y,
            4 => x > y,
            5 => x < y || x > y,
            6 => x >= y,
            7 => !un,
            8 => un,
            9 => !(x >= y),
            10 => !(x < y || x > y),
            11 => !(x > y),
            12 => !(x <= y),
            13 => x != y,
            14 => !(x < y),
            _ => true,
        }
    };
    let int = |o: std::cmp::Ordering| -> bool {
        use std::cmp::Ordering::*;
        match op {
            0 => false,
            1 => o == Less,
            2 => o == Equal,
            3 => o != Greater,
            4 => o == Greater,
            5 => o != Equal,
            6 => o != Less,
            _ => true,
        }
    };
    match ty {
        0 => int((a as i16).cmp(&(bv as i16))),
        1 => int((a as u16).cmp(&(bv as u16))),
        2 => int((a as i32).cmp(&(bv as i32))),
        3 => int((a as u32).cmp(&(bv as u32))),
        4 => int((a as i64).cmp(&(bv as i64))),
        5 => int(a.cmp(&bv)),
        6 => fl(h(a) as f64, h(bv) as f64),
        7 => fl(f(a) as f64, f(bv) as f64),
        _ => fl(d(a), d(bv)),
    }
}

pub(super) fn vcmp(e: &mut Exec) -> Result<()> {
    let aux = e.aux;
    let fk = match aux >> 8 & 0xff {
        6 => Fk::F16,
        7 => Fk::F32,
        8 => Fk::F64,
        _ => Fk::Int,
    };
    let cmpx = aux >> 16 & 1 != 0;
    let first_is_src = e
        .info
        .operands
        .first()
        .is_some_and(|o| o.field == Field::Src0);
    let (srcs, mdst) = if first_is_src {
        ([0, 1], MaskDst::Exec)
    } else if cmpx {
        ([1, 2], MaskDst::ExecAnd(0))
    } else {
        ([1, 2], MaskDst::Op(0))
    };
    e.valu_mask(None, mdst, srcs, None, fk, move |[a, b], _| {
        (0, compare(aux, a, b))
    })
}
