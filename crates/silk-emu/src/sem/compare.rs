//! Vector compares (`v_cmp_*`, `v_cmpx_*`): one aux code per predicate and type.

use super::*;

// ---- compares ----------------------------------------------------------

pub(super) const CMP_OPS: [&str; 16] = [
    "f", "lt", "eq", "le", "gt", "lg", "ge", "o", "u", "nge", "nlg", "ngt", "nle", "neq", "nlt",
    "tru",
];
pub(super) const CMP_TYS: [&str; 10] = [
    "i16", "u16", "i32", "u32", "i64", "u64", "f16", "f32", "f64", "class",
];

pub(super) fn cmp_aux(name: &str) -> Option<u32> {
    let (x, rest) = if let Some(r) = name.strip_prefix("v_cmpx_") {
        (1u32, r)
    } else {
        (0, name.strip_prefix("v_cmp_")?)
    };
    let (op, ty) = rest.split_once('_')?;
    let op = match op {
        "ne" => "lg",
        "t" => "tru",
        o => o,
    };
    let ty = if op == "class" { "class" } else { ty };
    let cty = if op == "class" {
        match ty {
            "class" => match rest {
                "class_f16" => 6,
                "class_f32" => 7,
                "class_f64" => 8,
                _ => return None,
            },
            _ => return None,
        }
    } else {
        CMP_TYS.iter().position(|t| *t == ty)? as u32
    };
    let opi = if op == "class" {
        16
    } else {
        CMP_OPS.iter().position(|o| *o == op)? as u32
    };
    Some(opi | cty << 8 | x << 16)
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
