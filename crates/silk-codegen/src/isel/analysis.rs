//! IR pre-analyses run before selection: which values may live in SGPRs,
//! which pointer offsets fold into memory instructions, which shifts fuse
//! into address arithmetic, which values are zero-extended, and which
//! dispatch registers the kernel reads.

use super::*;

/// Whether `v` may live in SGPRs: uniform and produced by an operation we
/// select to SALU (or a constant / parameter / workgroup geometry).
/// `smem` marks the loads selected to scalar loads
/// ([`super::scalar_loads`]).
pub(super) fn scalar_candidate(f: &Function, v: Value, uniform: &[bool], smem: &[bool]) -> bool {
    candidate(f, v, uniform, smem, &mut Vec::new())
}

/// [`scalar_candidate`]; `open` holds the loop parameters being decided,
/// taken as scalar while they are (a parameter that reaches itself only
/// through scalar operations stays scalar all round).
fn candidate(
    f: &Function,
    v: Value,
    uniform: &[bool],
    smem: &[bool],
    open: &mut Vec<Value>,
) -> bool {
    if !uniform[v.index()] {
        return false;
    }
    let t = f.values[v.index()].ty;
    if t.is_float() || t == Type::Bool {
        return false;
    }
    if f.params.contains(&v) {
        return true;
    }
    if open.contains(&v) {
        return true;
    }
    // A uniform integer loop parameter: scalar when its initial value and
    // the value the body's one `continue` gives it are, and that
    // `continue` ends the body (a `continue` inside an `if` would write
    // the SGPR in a block EXEC masking may run with no lane active).
    let carried = f.insts().find_map(|i| match &i.op {
        IrOp::Loop {
            inits,
            params,
            body,
        } => params
            .iter()
            .position(|&p| p == v)
            .map(|k| (inits[k], body, k)),
        _ => None,
    });
    if let Some((init, body, k)) = carried {
        let last = match body.terminator().map(|t| &t.op) {
            Some(IrOp::Continue(vs)) if super::control::continues(body).len() == 1 => {
                vs.get(k).copied()
            }
            _ => None,
        };
        let Some(last) = last else {
            return false;
        };
        open.push(v);
        let ok = candidate(f, init, uniform, smem, open) && candidate(f, last, uniform, smem, open);
        open.pop();
        return ok;
    }
    match f.insts().find(|i| i.results.contains(&v)).map(|i| &i.op) {
        Some(IrOp::Const { .. }) | Some(IrOp::Geometry { .. }) | Some(IrOp::LdsAlloc { .. }) => {
            true
        }
        Some(IrOp::Binary { op, lhs, rhs }) => {
            !(matches!(op, BinOp::Div | BinOp::Rem)
                || t.bits() == 64 && matches!(op, BinOp::Mul | BinOp::Min | BinOp::Max))
                && candidate(f, *lhs, uniform, smem, open)
                && candidate(f, *rhs, uniform, smem, open)
        }
        Some(IrOp::Unary { op, arg }) => {
            matches!(op, UnOp::Not | UnOp::Neg | UnOp::Abs)
                && t.bits() == 32
                && candidate(f, *arg, uniform, smem, open)
        }
        Some(IrOp::Cvt { arg, .. }) | Some(IrOp::Bitcast { arg, .. }) => {
            candidate(f, *arg, uniform, smem, open)
        }
        Some(IrOp::Load { ptr, .. }) => smem[v.index()] && candidate(f, *ptr, uniform, smem, open),
        Some(IrOp::PtrAdd { ptr, offset }) => {
            candidate(f, *ptr, uniform, smem, open) && candidate(f, *offset, uniform, smem, open)
        }
        // If results: conservatively vector.
        _ => false,
    }
}

/// A global pointer that is not computed on its own: its accesses take
/// `root` (an SGPR pair as the `saddr` base, or a VGPR pair), `voff` (a
/// divergent `u32` added zero-extended: the 32-bit VGPR offset of the
/// `saddr` form) and `off` in their offset field ([CDNA3] §9.1.4 /
/// [RDNA3] §12.1 "Global": `saddr + zext(vaddr[31:0]) + offset`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Folded {
    pub root: Value,
    pub voff: Option<Value>,
    pub off: i64,
}

/// Per value: the [`Folded`] form of a global (or constant) pointer
/// `ptradd` chain by constants, or by a divergent `u32` off a uniform
/// base, when every use of the value is the address of a load, store or
/// atomic or the base of another folded pointer.
pub(super) fn folded_offsets(f: &Function, uniform: &[bool]) -> Vec<Option<Folded>> {
    enum Cand {
        Const(i64),
        Voff(Value),
    }
    let insts: Vec<&silk_gpu_ir::Inst> = f.insts().collect();
    let n = f.values.len();
    let mut consts: Vec<Option<i64>> = vec![None; n];
    let mut cand: Vec<Option<Cand>> = (0..n).map(|_| None).collect();
    let global = |v: &Value| {
        matches!(
            f.values[v.index()].ty,
            Type::Ptr(AddrSpace::Global | AddrSpace::Const)
        )
    };
    for i in &insts {
        match &i.op {
            IrOp::Const { ty, bits } if ty.is_int() => {
                let v = if ty.is_signed_int() && ty.bits() == 32 {
                    *bits as u32 as i32 as i64
                } else if ty.bits() == 32 {
                    *bits as u32 as i64
                } else {
                    *bits as i64
                };
                consts[i.results[0].index()] = Some(v);
            }
            IrOp::PtrAdd { ptr, offset } if global(ptr) => {
                let r = i.results[0].index();
                if let Some(c) = consts[offset.index()] {
                    cand[r] = Some(Cand::Const(c));
                } else if f.values[offset.index()].ty == Type::U32
                    && uniform[ptr.index()]
                    && !uniform[offset.index()]
                {
                    cand[r] = Some(Cand::Voff(*offset));
                }
            }
            _ => {}
        }
    }
    // Uses that need the value in a register.
    let mut other = vec![false; n];
    for i in &insts {
        let ops = i.op.operands();
        for (k, &v) in ops.iter().enumerate() {
            let addr = match &i.op {
                IrOp::Load { .. } => true,
                IrOp::Store { value, .. } | IrOp::Atomic { value, .. } => k == 0 && v != *value,
                IrOp::CmpXchg { expected, new, .. } => k == 0 && v != *expected && v != *new,
                IrOp::PtrAdd { .. } => k == 0 && cand[i.results[0].index()].is_some(),
                _ => false,
            };
            if !addr {
                other[v.index()] = true;
            }
        }
        if let IrOp::Loop { params, .. } = &i.op {
            for &p in params {
                other[p.index()] = true;
            }
        }
    }
    // Top down, in definition order: fold onto the parent's root.
    let mut folded: Vec<Option<Folded>> = vec![None; n];
    let mut order = Vec::new();
    for i in &insts {
        let r = i.results.first().map(|v| v.index());
        let (IrOp::PtrAdd { ptr, .. }, Some(r)) = (&i.op, r) else {
            continue;
        };
        let Some(c) = &cand[r] else { continue };
        let parent = folded[ptr.index()].unwrap_or(Folded {
            root: *ptr,
            voff: None,
            off: 0,
        });
        let next = match *c {
            Cand::Const(c) => Some(Folded {
                off: parent.off + c,
                ..parent
            }),
            Cand::Voff(x) => parent.voff.is_none().then_some(Folded {
                voff: Some(x),
                ..parent
            }),
        };
        if let Some(next) = next {
            if !other[r] && (0..=MAX_FOLDED_OFFSET).contains(&next.off) {
                folded[r] = Some(next);
            }
        }
        order.push((r, ptr.index()));
    }
    // Bottom up: a pointer that is computed needs its parent computed.
    for &(r, parent) in order.iter().rev() {
        if folded[r].is_none() {
            folded[parent] = None;
        }
    }
    folded
}

/// A 64-bit global pointer offset computed by the `ptradd`s that use it
/// instead of on its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum FusedOff {
    /// `x << k` (k in 1..=4): `v_lshl_add_u64 d, x, k, base` (gfx942).
    Shl { x: Value, k: u32 },
    /// `zext(x) * c` for a `u32` x (or `sext(x) * c` for an `i32` x,
    /// `signed`) and an inline constant c (also as a shift):
    /// `v_mad_u64_u32 d, x, c, base` (`v_mad_i64_i32`), one instruction on
    /// both generations and no high dword ([CDNA3]/[RDNA3]
    /// "V_MAD_U64_U32" / "V_MAD_I64_I32": 32x32 product plus a 64-bit
    /// addend).
    Mad { x: Value, c: u32, signed: bool },
}

/// Per value: the [`FusedOff`] form of a divergent 64-bit `x << k` or
/// multiply by a constant whose every use is the offset of a global
/// `ptradd`; `Shl` only where `lshl_add` (the processor has
/// `v_lshl_add_u64`). The second vector marks the zero extensions
/// whose every use is such a fused `Mad` (not computed either).
pub(super) fn fused_offsets(
    f: &Function,
    uniform: &[bool],
    lshl_add: bool,
) -> (Vec<Option<FusedOff>>, Vec<bool>) {
    let insts: Vec<&silk_gpu_ir::Inst> = f.insts().collect();
    let n = f.values.len();
    let mut consts: Vec<Option<u64>> = vec![None; n];
    // Per value: the 32-bit value it extends (zero-extends a `u32`,
    // sign-extends an `i32`).
    let mut zext_of: Vec<Option<(Value, bool)>> = vec![None; n];
    let mut cand: Vec<Option<FusedOff>> = vec![None; n];
    // Per `Mad` candidate: its 64-bit operand, the zero extension.
    let mut mad_of: Vec<Option<Value>> = vec![None; n];
    for i in &insts {
        let Some(&r) = i.results.first() else {
            continue;
        };
        let t = f.values[r.index()].ty;
        match &i.op {
            IrOp::Const { bits, .. } => consts[r.index()] = Some(*bits),
            IrOp::Cvt { arg, to } if to.is_int() && to.bits() == 64 => {
                match f.values[arg.index()].ty {
                    Type::U32 => zext_of[r.index()] = Some((*arg, false)),
                    Type::I32 => zext_of[r.index()] = Some((*arg, true)),
                    _ => {}
                }
            }
            IrOp::Binary { op, lhs, rhs }
                if t.is_int() && t.bits() == 64 && !uniform[r.index()] =>
            {
                let (cl, cr) = (consts[lhs.index()], consts[rhs.index()]);
                // (x, multiplier)
                let x_m = match op {
                    BinOp::Mul if cl.is_none() => cr.map(|c| (*lhs, c)),
                    BinOp::Mul if cr.is_none() => cl.map(|c| (*rhs, c)),
                    BinOp::Shl if cl.is_none() => cr.filter(|&k| k <= 6).map(|k| (*lhs, 1 << k)),
                    _ => None,
                };
                cand[r.index()] = x_m.and_then(|(x, m)| {
                    let inline = (1..=64).contains(&m);
                    match zext_of[x.index()] {
                        Some((x32, signed)) if inline => {
                            mad_of[r.index()] = Some(x);
                            Some(FusedOff::Mad {
                                x: x32,
                                c: m as u32,
                                signed,
                            })
                        }
                        _ if lshl_add && matches!(m, 2 | 4 | 8 | 16) => Some(FusedOff::Shl {
                            x,
                            k: m.trailing_zeros(),
                        }),
                        _ => None,
                    }
                });
            }
            _ => {}
        }
    }
    let mut other = vec![false; n];
    for i in &insts {
        let offset = match &i.op {
            IrOp::PtrAdd { ptr, offset }
                if ptr != offset
                    && matches!(
                        f.values[ptr.index()].ty,
                        Type::Ptr(AddrSpace::Global | AddrSpace::Const)
                    ) =>
            {
                Some(*offset)
            }
            _ => None,
        };
        for v in i.op.operands() {
            if Some(v) != offset {
                other[v.index()] = true;
            }
        }
        if let IrOp::Loop { params, .. } = &i.op {
            for &p in params {
                other[p.index()] = true;
            }
        }
    }
    let fused: Vec<Option<FusedOff>> = (0..n).map(|v| cand[v].filter(|_| !other[v])).collect();
    // A zero extension is dead when only fused `Mad`s read it.
    let mut read = vec![false; n];
    for i in &insts {
        let fused_mad = i
            .results
            .first()
            .is_some_and(|r| matches!(fused[r.index()], Some(FusedOff::Mad { .. })));
        if !fused_mad {
            for v in i.op.operands() {
                read[v.index()] = true;
            }
        }
        if let IrOp::Loop { params, .. } = &i.op {
            for &p in params {
                read[p.index()] = true;
            }
        }
    }
    let dead: Vec<bool> = (0..n).map(|v| zext_of[v].is_some() && !read[v]).collect();
    let mut fused = fused;
    if lshl_add {
        // With `v_lshl_add_u64`, a `Mad` saves only the zero extension's
        // high dword: where that is computed anyway, shift and add.
        for v in 0..n {
            if let (Some(FusedOff::Mad { c, .. }), Some(y)) = (fused[v], mad_of[v]) {
                if !dead[y.index()] {
                    fused[v] = matches!(c, 2 | 4 | 8 | 16).then(|| FusedOff::Shl {
                        x: y,
                        k: c.trailing_zeros(),
                    });
                }
            }
        }
    }
    (fused, dead)
}

/// Per value: `Some((x, amt))` for a divergent 32-bit `shl x, amt` whose
/// every use is an `or`/`add` that takes it as its shifted operand (the
/// left one when both operands are such shifts).
pub(super) fn fused_shifts(f: &Function, uniform: &[bool]) -> Vec<Option<(Value, Value)>> {
    let insts: Vec<&silk_gpu_ir::Inst> = f.insts().collect();
    let n = f.values.len();
    let int32 = |v: Value| matches!(f.values[v.index()].ty, Type::I32 | Type::U32);
    let mut cand: Vec<Option<(Value, Value)>> = vec![None; n];
    for i in &insts {
        if let IrOp::Binary {
            op: BinOp::Shl,
            lhs,
            rhs,
        } = &i.op
        {
            let r = i.results[0];
            if int32(r) && !uniform[r.index()] {
                cand[r.index()] = Some((*lhs, *rhs));
            }
        }
    }
    let mut other = vec![false; n];
    for i in &insts {
        let claimed = match &i.op {
            IrOp::Binary {
                op: BinOp::Or | BinOp::Add,
                lhs,
                rhs,
            } if lhs != rhs && int32(*lhs) && !uniform[i.results[0].index()] => {
                if cand[lhs.index()].is_some() {
                    Some(*lhs)
                } else {
                    Some(*rhs)
                }
            }
            _ => None,
        };
        for v in i.op.operands() {
            if Some(v) != claimed {
                other[v.index()] = true;
            }
        }
        if let IrOp::Loop { params, .. } = &i.op {
            for &p in params {
                other[p.index()] = true;
            }
        }
    }
    (0..n).map(|v| cand[v].filter(|_| !other[v])).collect()
}

/// Per value: how many operands name it, loop parameters counting once
/// more (the loop writes them).
pub(super) fn use_counts(f: &Function) -> Vec<u32> {
    let mut out = vec![0u32; f.values.len()];
    for i in f.insts() {
        for v in i.op.operands() {
            out[v.index()] += 1;
        }
        if let IrOp::Loop { params, .. } = &i.op {
            for p in params {
                out[p.index()] += 1;
            }
        }
    }
    out
}

/// Per value: a 64-bit integer converted from `u32` (high dword zero).
pub(super) fn zero_extended(f: &Function) -> Vec<bool> {
    let mut out = vec![false; f.values.len()];
    for i in f.insts() {
        if let IrOp::Cvt { arg, to } = &i.op {
            if to.is_int() && to.bits() == 64 && f.values[arg.index()].ty == Type::U32 {
                out[i.results[0].index()] = true;
            }
        }
    }
    out
}

/// The work-group id dimensions read, and the highest work-item id
/// dimension read (0 = x only).
pub(super) fn scan_geometry(f: &Function) -> ([bool; 3], u32) {
    let mut wg = [false; 3];
    let mut tid = 0;
    for i in f.insts() {
        match &i.op {
            IrOp::Geometry {
                query: Geometry::WorkGroupId,
                dim,
            } => wg[dim.index()] = true,
            IrOp::Geometry {
                query: Geometry::WorkItemId,
                dim,
            } => tid = tid.max(dim.index() as u32),
            _ => {}
        }
    }
    (wg, tid)
}

/// Whether the kernel reads the dispatch geometry `q` in some dimension.
pub(super) fn uses_geometry(f: &Function, q: Geometry) -> bool {
    f.insts()
        .any(|i| matches!(&i.op, IrOp::Geometry { query, .. } if *query == q))
}
