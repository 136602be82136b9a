//! Which loads may be scalar-memory loads (`s_load`, through the scalar
//! cache) instead of vector ones: a 4- or 8-byte integer load, aligned to
//! a dword, from a uniform global or constant address, that no write of
//! this kernel can precede.
//!
//! The scalar cache is not kept coherent with vector stores, so a global
//! load qualifies only when no store, atomic or target instruction may
//! have run before it in the same wave (earlier in program order, or in an
//! earlier iteration of an enclosing loop), and when no barrier precedes it
//! in a kernel that writes global memory at all (another wave of the
//! work-group may have stored what the barrier publishes). This is LLVM's
//! `amdgpu.noclobber` rule, without alias analysis and stricter on
//! barriers. Constant-space loads always qualify: nothing writes them.
//!
//! A scalar load ignores EXEC, so it must not run where EXEC may be empty:
//! after a `break`, `continue` or `ret` under an `if` in the same loop
//! body (or kernel body), the lanes left may be none, and the address
//! (uniform only over the lanes that remain) may be garbage.

use super::*;

/// Per IR value: the result of a load selected to a scalar load.
pub(super) fn scalar_loads(f: &Function, uniform: &[bool]) -> Vec<bool> {
    let writes_global = f.insts().any(|i| writes(f, &i.op));
    let mut w = Walk {
        f,
        uniform,
        writes_global,
        out: vec![false; f.values.len()],
    };
    w.block(&f.body, false, false);
    w.out
}

struct Walk<'a> {
    f: &'a Function,
    uniform: &'a [bool],
    writes_global: bool,
    out: Vec<bool>,
}

/// Whether `op` (not looking inside nested blocks) may write global memory.
fn writes(f: &Function, op: &IrOp) -> bool {
    let global = |p: &Value| f.values[p.index()].ty != Type::Ptr(AddrSpace::Lds);
    match op {
        IrOp::Store { ptr, .. } | IrOp::Atomic { ptr, .. } | IrOp::CmpXchg { ptr, .. } => {
            global(ptr)
        }
        IrOp::Amdgpu(_) | IrOp::Call { .. } => true,
        _ => false,
    }
}

impl Walk<'_> {
    /// Whether anything in `b`, nested blocks included, may write global
    /// memory or (in a kernel that writes) is a barrier.
    fn clobbers(&self, b: &Block) -> bool {
        b.insts_nested()
            .any(|i| writes(self.f, &i.op) || self.writes_global && matches!(i.op, IrOp::Barrier))
    }

    /// Whether a load of `t` through `ptr` may be scalar, address-wise.
    fn eligible(&self, res: Value, ptr: Value, t: Type, align: u32) -> bool {
        let space = self.f.values[ptr.index()].ty;
        matches!(
            space,
            Type::Ptr(AddrSpace::Global) | Type::Ptr(AddrSpace::Const)
        ) && self.uniform[ptr.index()]
            && self.uniform[res.index()]
            && t.is_int()
            && matches!(t.bits(), 32 | 64)
            && align >= 4
    }

    /// Walk `b` entered with `dirty` (a write may have run) and `empty`
    /// (EXEC may be empty); returns both after it.
    fn block(&mut self, b: &Block, mut dirty: bool, mut empty: bool) -> (bool, bool) {
        for inst in &b.insts {
            match &inst.op {
                IrOp::Load { ptr, ty, align } => {
                    let constant = self.f.values[ptr.index()].ty == Type::Ptr(AddrSpace::Const);
                    if !empty
                        && (!dirty || constant)
                        && self.eligible(inst.results[0], *ptr, *ty, *align)
                    {
                        self.out[inst.results[0].index()] = true;
                    }
                }
                IrOp::Barrier => dirty |= self.writes_global,
                IrOp::If {
                    then_blk, else_blk, ..
                } => {
                    // Selection skips an arm no lane takes.
                    let (d1, e1) = self.block(then_blk, dirty, false);
                    let (d2, e2) = self.block(else_blk, dirty, false);
                    dirty = d1 || d2;
                    empty = empty || e1 || e2;
                }
                IrOp::Loop { body, .. } => {
                    let d = dirty || self.clobbers(body);
                    // Later iterations start with some lane (the latch
                    // loops while EXEC is not empty); the first as before.
                    let (d2, _) = self.block(body, d, empty);
                    dirty = d2;
                    // The loop restores EXEC, less the lanes that returned.
                    empty = empty || body.insts_nested().any(|i| matches!(i.op, IrOp::Return(_)));
                }
                IrOp::Break(_) | IrOp::Continue(_) | IrOp::Return(_) => empty = true,
                op => dirty |= writes(self.f, op),
            }
        }
        (dirty, empty)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use silk_gpu_ir::Module;

    /// The names of the values the analysis makes scalar loads.
    fn scalar(src: &str) -> Vec<String> {
        let m = Module::parse_verified("t.sir", src).unwrap();
        let f = &m.functions[0];
        let u = crate::uniformity::analyze(f);
        let s = scalar_loads(f, &u);
        f.values
            .iter()
            .zip(s)
            .filter(|(_, s)| *s)
            .filter_map(|(d, _)| d.name.clone())
            .collect()
    }

    #[test]
    fn uniform_loads_before_any_write_are_scalar() {
        let s = scalar(
            "kernel @k(%n: u32, %p: ptr<global>, %q: ptr<global>) {
               %t = workitem.id x
               %a = load %p : u32, align 4
               %t64 = cvt %t : u64
               %pt = ptradd %p, %t64
               %b = load %pt : u32, align 4
               %f = load %p : f32, align 4
               %h = load %p : u32, align 2
               %c = cmp lt %t, %n
               if %c {
                 %d = load %p : u64, align 8
                 store %q, %a, align 4
               }
               %e = load %p : u32, align 4
             }",
        );
        // Not %b (divergent), %f (float), %h (under-aligned), %e (after a
        // store that may alias).
        assert_eq!(s, ["a", "d"]);
    }

    #[test]
    fn loops_barriers_and_exits_stop_scalar_loads() {
        let s = scalar(
            "kernel @k(%n: u32, %p: ptr<global>, %q: ptr<global>, %r: ptr<const>) {
               %t = workitem.id x
               %z = const 0 : u32
               %x = loop (%i: u32 = %z) -> u32 {
                 %a = load %p : u32, align 4
                 %c = cmp lt %i, %t
                 if %c { break %i }
                 %b = load %r : u32, align 4
                 store %q, %a, align 4
                 continue %a
               }
               %k = load %r : u32, align 4
               barrier
               %l = load %p : u32, align 4
             }",
        );
        // %a: a later iteration follows the store; %b: EXEC may be empty
        // after the break; %l: after a barrier in a kernel that stores.
        // %k: a constant load after the loop, EXEC restored.
        assert_eq!(s, ["k"]);
    }
}
