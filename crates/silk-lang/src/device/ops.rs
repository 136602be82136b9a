//! The `std::gpu::device` operations as device IR. Identity comes from the
//! resolved symbol (its package is `std::gpu::device`), never from the
//! spelling at the call site, so import aliases keep it and a root-package
//! function of the same name stays an ordinary call.

use super::lower::{Lower, Scalar, R};
use crate::ast::{Expr, ExprKind};
use crate::diag::{codes, Diagnostic};
use crate::program::SymbolId;
use silk_gpu_ir as ir;
use silk_gpu_ir::{
    AddrSpace, AtomicOp, CmpPred, Dim, FunctionBuilder as Fb, Geometry, Type, Value,
};

/// Byte size and scalar of a `read_T`/`write_T` type suffix.
fn elem(suffix: &str) -> Option<(u32, Scalar)> {
    let int = |bits: u8, signed| Scalar::Int { bits, signed };
    Some(match suffix {
        "u8" => (1, int(8, false)),
        "u16" => (2, int(16, false)),
        "u32" => (4, int(32, false)),
        "u64" => (8, int(64, false)),
        "i8" => (1, int(8, true)),
        "i16" => (2, int(16, true)),
        "i32" => (4, int(32, true)),
        "i64" => (8, int(64, true)),
        "f32" => (4, Scalar::F32),
        "f64" => (8, Scalar::F64),
        _ => return None,
    })
}

fn dim(c: &str) -> Option<Dim> {
    match c {
        "x" => Some(Dim::X),
        "y" => Some(Dim::Y),
        "z" => Some(Dim::Z),
        _ => None,
    }
}

pub(crate) fn lower_op(
    lw: &mut Lower,
    b: &mut Fb,
    call: &Expr,
    sym: SymbolId,
    args: &[Expr],
) -> R<Option<Value>> {
    let p = lw.p;
    let name = p.symbol(sym).name.clone();
    let sig = p.symbol(sym).fn_sig().cloned();
    let Some(sig) = sig else {
        return Err(unsupported(&name, call));
    };
    // Arguments typed by the declaration.
    let mut v = Vec::new();
    for (a, ps) in args.iter().zip(&sig.params) {
        let want = Scalar::of(&ps.ty).ok_or_else(|| unsupported(&name, call))?;
        v.push(lw.expr(b, a, Some(want))?);
    }
    if v.len() != sig.params.len() {
        return Err(unsupported(&name, call));
    }
    lw.at_call(call);
    macro_rules! t {
        ($e:expr) => {
            $e.map_err(|e| lw.build(e))?
        };
    }
    let global = |lw: &mut Lower, b: &mut Fb, base: Value| -> R<Value> {
        b.cvt(base, Type::Ptr(AddrSpace::Global))
            .map_err(|e| lw.build(e))
    };
    let lds = |lw: &mut Lower, b: &mut Fb, base: Value| -> R<Value> {
        b.cvt(base, Type::Ptr(AddrSpace::Lds))
            .map_err(|e| lw.build(e))
    };
    let geometry = |q: Geometry| -> Option<Geometry> { Some(q) };
    // Geometry queries: `<query>_<dim>`.
    if let Some((q, d)) = name.rsplit_once('_') {
        let query = match q {
            "global_id" => Some(None),
            "local_id" => geometry(Geometry::WorkItemId).map(Some),
            "group_id" => geometry(Geometry::WorkGroupId).map(Some),
            "group_size" => geometry(Geometry::WorkGroupSize).map(Some),
            "grid_size" => geometry(Geometry::GridSize).map(Some),
            _ => None,
        };
        if let (Some(query), Some(d)) = (query, dim(d)) {
            let x = match query {
                None => t!(b.global_id(d)),
                Some(g) => t!(b.geometry(g, d)),
            };
            return Ok(Some(t!(b.cvt(x, Type::U64))));
        }
    }
    let r = match name.as_str() {
        "load_u32" => {
            let base = global(lw, b, v[0])?;
            let a = t!(b.element_addr(base, v[1], 4));
            let x = t!(b.load(a, Type::U32, 4));
            Some(t!(b.cvt(x, Type::U64)))
        }
        "store_u32" => {
            let base = global(lw, b, v[0])?;
            let a = t!(b.element_addr(base, v[1], 4));
            let x = t!(b.cvt(v[2], Type::U32));
            t!(b.store(a, x, 4));
            None
        }
        "bool_to_u64" => Some(t!(b.cvt(v[0], Type::U64))),
        "store_u32_at_global_x" => {
            let i = t!(b.global_id(Dim::X));
            let base = global(lw, b, v[0])?;
            let a = t!(b.element_addr(base, i, 4));
            let x = t!(b.cvt(v[1], Type::U32));
            t!(b.store(a, x, 4));
            None
        }
        "classify_u32_at_global_x" => {
            let i = t!(b.global_id(Dim::X));
            let src = global(lw, b, v[0])?;
            let src = t!(b.element_addr(src, i, 4));
            let x = t!(b.load(src, Type::U32, 4));
            let th = t!(b.cvt(v[2], Type::U32));
            let ge = t!(b.cmp(CmpPred::Ge, x, th));
            let one = t!(b.const_u32(1));
            let zero = t!(b.const_u32(0));
            let label = t!(b.select(ge, one, zero));
            let dst = global(lw, b, v[1])?;
            let dst = t!(b.element_addr(dst, i, 4));
            t!(b.store(dst, label, 4));
            None
        }
        "workgroup_barrier" => {
            t!(b.barrier());
            None
        }
        "workgroup_shared" => {
            let size = match args.first().map(|a| &a.kind) {
                Some(ExprKind::Int(Some(n))) => u32::try_from(*n).ok().filter(|&n| n > 0),
                _ => None,
            };
            let Some(size) = size else {
                return Err(Diagnostic::error(
                    codes::BACKEND,
                    "`workgroup_shared` needs an integer literal byte count from 1 to 4294967295",
                )
                .at(
                    args.first().map(|a| a.span).unwrap_or(call.span),
                    "not a positive literal",
                )
                .note("workgroup-shared memory is allocated statically, per workgroup"));
            };
            if !(lw.is_entry && lw.depth == 0 && lw.in_let_init) {
                return Err(Diagnostic::error(
                    codes::BACKEND,
                    "`workgroup_shared` must initialise a `let` at the top level of a launchable entry",
                )
                .at(call.span, "not at the top level of a kernel body")
                .help("allocate in the kernel and pass the region to helpers as a `u32`"));
            }
            let a = t!(b.lds_alloc(size, 16));
            Some(t!(b.cvt(a, Type::U32)))
        }
        "f32_from_bits" => Some(t!(b.bitcast(v[0], Type::F32))),
        "f32_to_bits" => Some(t!(b.bitcast(v[0], Type::U32))),
        "f64_from_bits" => Some(t!(b.bitcast(v[0], Type::F64))),
        "f64_to_bits" => Some(t!(b.bitcast(v[0], Type::U64))),
        "sqrt_f32" | "sqrt_f64" => Some(t!(b.unary(ir::UnOp::Sqrt, v[0]))),
        "fma_f32" | "fma_f64" => Some(t!(b.fma(v[0], v[1], v[2]))),
        "min_f32" | "min_f64" => Some(t!(b.min(v[0], v[1]))),
        "max_f32" | "max_f64" => Some(t!(b.max(v[0], v[1]))),
        "abs_f32" | "abs_f64" => Some(t!(b.unary(ir::UnOp::Abs, v[0]))),
        "floor_f32" | "floor_f64" => Some(t!(b.unary(ir::UnOp::Floor, v[0]))),
        "ceil_f32" | "ceil_f64" => Some(t!(b.unary(ir::UnOp::Ceil, v[0]))),
        "trunc_f32" | "trunc_f64" => Some(t!(b.unary(ir::UnOp::Trunc, v[0]))),
        "round_even_f32" | "round_even_f64" => Some(t!(b.unary(ir::UnOp::Rint, v[0]))),
        "exp2_f32" => Some(t!(b.unary(ir::UnOp::Exp2, v[0]))),
        "log2_f32" => Some(t!(b.unary(ir::UnOp::Log2, v[0]))),
        "rcp_f32" => Some(t!(b.unary(ir::UnOp::Rcp, v[0]))),
        n => {
            if let Some(s) = n.strip_prefix("read_") {
                let (size, sc) = elem(s).ok_or_else(|| unsupported(&name, call))?;
                let base = global(lw, b, v[0])?;
                Some(read(lw, b, base, v[1], size, sc)?)
            } else if let Some(s) = n.strip_prefix("write_") {
                let (size, sc) = elem(s).ok_or_else(|| unsupported(&name, call))?;
                let base = global(lw, b, v[0])?;
                write(lw, b, base, v[1], v[2], size, sc)?;
                None
            } else if let Some(s) = n.strip_prefix("shared_read_") {
                let (size, sc) = elem(s).ok_or_else(|| unsupported(&name, call))?;
                let base = lds(lw, b, v[0])?;
                let a = t!(b.element_addr(base, v[1], size));
                Some(t!(b.load(a, sc.ir(), size)))
            } else if let Some(s) = n.strip_prefix("shared_write_") {
                let (size, _) = elem(s).ok_or_else(|| unsupported(&name, call))?;
                let base = lds(lw, b, v[0])?;
                let a = t!(b.element_addr(base, v[1], size));
                t!(b.store(a, v[2], size));
                None
            } else if let Some(rest) = n.strip_prefix("shared_atomic_compare_exchange_") {
                let (size, _) = elem(rest).ok_or_else(|| unsupported(&name, call))?;
                let base = lds(lw, b, v[0])?;
                let a = t!(b.element_addr(base, v[1], size));
                Some(t!(b.cmpxchg(a, v[2], v[3])))
            } else if let Some(rest) = n.strip_prefix("atomic_compare_exchange_") {
                let (size, _) = elem(rest).ok_or_else(|| unsupported(&name, call))?;
                let base = global(lw, b, v[0])?;
                let a = t!(b.element_addr(base, v[1], size));
                Some(t!(b.cmpxchg(a, v[2], v[3])))
            } else if let Some((space, rest)) = n
                .strip_prefix("atomic_")
                .map(|r| (AddrSpace::Global, r))
                .or_else(|| {
                    n.strip_prefix("shared_atomic_")
                        .map(|r| (AddrSpace::Lds, r))
                })
            {
                let (op, ty) = rest
                    .split_once('_')
                    .ok_or_else(|| unsupported(&name, call))?;
                let op = match op {
                    "add" => AtomicOp::Add,
                    "min" => AtomicOp::Min,
                    "max" => AtomicOp::Max,
                    "exchange" => AtomicOp::Xchg,
                    _ => return Err(unsupported(&name, call)),
                };
                let (size, _) = elem(ty).ok_or_else(|| unsupported(&name, call))?;
                let base = if space == AddrSpace::Lds {
                    lds(lw, b, v[0])?
                } else {
                    global(lw, b, v[0])?
                };
                let a = t!(b.element_addr(base, v[1], size));
                Some(t!(b.atomic(op, a, v[2])))
            } else {
                return Err(unsupported(&name, call));
            }
        }
    };
    Ok(r)
}

fn unsupported(name: &str, call: &Expr) -> Diagnostic {
    Diagnostic::error(
        codes::BACKEND,
        format!("device operation `{name}` is not supported by this compiler"),
    )
    .at(call.span, "unsupported device operation")
}

/// `u64` byte address `base + index * size` and its low two bits.
fn byte_addr(
    lw: &mut Lower,
    b: &mut Fb,
    base: Value,
    index: Value,
    size: u32,
) -> R<(Value, Value)> {
    let r = (|| {
        let a = b.element_addr(base, index, size)?;
        let addr = b.cvt(a, Type::U64)?;
        let three = b.const_u64(3)?;
        let low = b.and(addr, three)?;
        let mask = b.const_u64(!3)?;
        let word = b.and(addr, mask)?;
        let word = b.cvt(word, Type::Ptr(AddrSpace::Global))?;
        let low = b.cvt(low, Type::U32)?;
        let eight = b.const_u32(8)?;
        let shift = b.mul(low, eight)?;
        Ok((word, shift))
    })();
    r.map_err(|e| lw.build(e))
}

fn read(lw: &mut Lower, b: &mut Fb, base: Value, index: Value, size: u32, sc: Scalar) -> R<Value> {
    if size >= 4 {
        let a = b.element_addr(base, index, size).map_err(|e| lw.build(e))?;
        return b.load(a, sc.ir(), size).map_err(|e| lw.build(e));
    }
    // 8/16-bit: the containing aligned word, shifted down.
    let (word, shift) = byte_addr(lw, b, base, index, size)?;
    let w = b.load(word, Type::U32, 4).map_err(|e| lw.build(e))?;
    let x = b.shr(w, shift).map_err(|e| lw.build(e))?;
    let x = if sc.ir() == Type::U32 {
        x
    } else {
        b.cvt(x, sc.ir()).map_err(|e| lw.build(e))?
    };
    lw.norm(b, x, sc)
}

fn write(
    lw: &mut Lower,
    b: &mut Fb,
    base: Value,
    index: Value,
    value: Value,
    size: u32,
    sc: Scalar,
) -> R<()> {
    if size >= 4 {
        let a = b.element_addr(base, index, size).map_err(|e| lw.build(e))?;
        return b.store(a, value, size).map_err(|e| lw.build(e));
    }
    // 8/16-bit: clear then set the element's bits of the containing word
    // with two atomics, so neighbouring elements written by other
    // work-items survive.
    let (word, shift) = byte_addr(lw, b, base, index, size)?;
    let r = (|| {
        let x = if sc.ir() == Type::U32 {
            value
        } else {
            b.cvt(value, Type::U32)?
        };
        let m = b.const_u32(if size == 1 { 0xff } else { 0xffff })?;
        let x = b.and(x, m)?;
        let x = b.shl(x, shift)?;
        let m = b.shl(m, shift)?;
        let keep = b.unary(ir::UnOp::Not, m)?;
        b.atomic(AtomicOp::And, word, keep)?;
        b.atomic(AtomicOp::Or, word, x)?;
        Ok(())
    })();
    r.map_err(|e| lw.build(e))
}
