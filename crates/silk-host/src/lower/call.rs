//! Calls: Silk functions and static methods, instance methods with their
//! receivers, `ext` functions (imported C symbols: libc, the runtime
//! archive), the built-in `assert`, and the standard library's
//! compiler-bound `__silk_host_*` intrinsics (memory access for
//! `std/buffer`, traps), which only `std` packages may declare.

use super::func::{FnLower, Vals};
use super::{internal, R};
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{types, InstBuilder, MemFlagsData, StackSlotData, StackSlotKind};
use cranelift_module::Module;
use silk_lang::ast::{Expr, ExprKind, LaunchBlock};
use silk_lang::program::{Callee, PackageOrigin, SymbolId};
use silk_lang::source::Span;
use silk_lang::types::Ty;

/// Prefix of the compiler-bound host intrinsics of the standard library.
pub const HOST_INTRINSIC: &str = "__silk_host_";

impl FnLower<'_, '_, '_> {
    pub fn call(&mut self, e: &Expr, callee: &Expr, args: &[Expr]) -> R<Vals> {
        match self.c.p.callee(e.id) {
            Some(Callee::Assert) => self.assert(args, e.span),
            Some(Callee::Direct(sym)) => {
                let s = self.c.p.symbol(sym);
                if s.is_ext()
                    && s.name.starts_with(HOST_INTRINSIC)
                    && self.c.p.package(s.package).origin == PackageOrigin::Std
                {
                    return self.intrinsic(sym, args, e.span);
                }
                self.direct(sym, None, callee, args, e.span)
            }
            Some(Callee::Method(sym)) => {
                let ExprKind::Field(base, _) = &callee.kind else {
                    return Err(internal("method call without a receiver", e.span));
                };
                self.direct(sym, Some(base), callee, args, e.span)
            }
            Some(Callee::Indirect) => self.indirect(callee, args, e.span),
            None => Err(internal("unresolved call", e.span)),
        }
    }

    /// An argument for a parameter of type `pty`: `&T` parameters take the
    /// address of a place, or of a temporary holding the value.
    fn arg(&mut self, e: &Expr, pty: &Ty) -> R<Vals> {
        let Ty::Ref(inner) = pty else {
            return self.value(e, pty);
        };
        if matches!(self.ty(e)?, Ty::Ref(_)) {
            return self.expr(e);
        }
        if let Some((a, o, _)) = self.place(e)? {
            return Ok(vec![if o == 0 {
                a
            } else {
                self.b.ins().iadd_imm_s(a, o as i64)
            }]);
        }
        let v = self.value(e, inner)?;
        let addr = self.temp(inner, e.span)?;
        self.store(inner, addr, 0, &v, e.span)?;
        Ok(vec![addr])
    }

    fn direct(
        &mut self,
        sym: SymbolId,
        receiver: Option<&Expr>,
        callee: &Expr,
        args: &[Expr],
        span: Span,
    ) -> R<Vals> {
        let sig = self
            .c
            .p
            .symbol(sym)
            .fn_sig()
            .cloned()
            .ok_or_else(|| internal("call of a non-function", span))?;
        let mut vals = Vec::new();
        let mut params = sig.params.iter();
        if let Some(r) = receiver {
            let p = params
                .next()
                .ok_or_else(|| internal("method without self", span))?;
            vals.extend(self.arg(r, &p.ty)?);
        }
        let decl_params = self.c.p.fn_decl(sym).map(|d| d.params.clone());
        let skip = usize::from(receiver.is_some());
        for (k, p) in params.enumerate() {
            if p.variadic {
                // `...args: T` arrives as a `T[]` slice over the caller's frame.
                let Ty::Slice(elem) = &p.ty else {
                    return Err(internal("variadic parameter without a slice type", span));
                };
                let mut each = Vec::new();
                for a in args.get(k..).unwrap_or(&[]) {
                    each.push(self.value(a, elem)?);
                }
                vals.extend(self.pack(&each, elem, span)?);
                break;
            }
            match args.get(k) {
                Some(a) => vals.extend(self.arg(a, &p.ty)?),
                None => {
                    let d = decl_params
                        .as_ref()
                        .and_then(|d| d.get(k + skip))
                        .and_then(|d| d.default.clone())
                        .ok_or_else(|| internal("missing argument", span))?;
                    vals.extend(self.arg(&d, &p.ty)?);
                }
            }
        }
        // A trap in a (static) method names the call by the method's name
        // (`b.get(9)` at `get`), also in a chain of calls.
        let site = match &callee.kind {
            ExprKind::Field(_, name) => name.span,
            _ => span,
        };
        self.call_silk(sym, vals, span, site)
    }

    /// Calls the Silk function `sym` (`span` locates a failure to compile
    /// it) with `vals`, and with the location of `site` when it takes its
    /// caller's.
    fn call_silk(&mut self, sym: SymbolId, mut vals: Vals, span: Span, site: Span) -> R<Vals> {
        let id = self.c.func(sym, span)?;
        if self.c.takes_caller_location(sym) {
            vals.extend(self.caller_location(site)?);
        }
        let fr = self.c.obj.module().declare_func_in_func(id, self.b.func);
        let call = self.b.ins().call(fr, &vals);
        Ok(self.b.inst_results(call).to_vec())
    }

    /// A call through a function value (the address [`FnLower::expr`]
    /// gives a function named as a value).
    fn indirect(&mut self, callee: &Expr, args: &[Expr], span: Span) -> R<Vals> {
        let Ty::Fn(params, result) = self.ty(callee)?.strip_ref().clone() else {
            return Err(internal("indirect call of a non-function", callee.span));
        };
        let addr = self.value(callee, &Ty::Fn(params.clone(), result.clone()))?[0];
        let mut vals = Vec::new();
        for (a, p) in args.iter().zip(&params) {
            vals.extend(self.arg(a, p)?);
        }
        let sig = self.c.signature(&params, &result, span)?;
        let sr = self.b.import_signature(sig);
        let call = self.b.ins().call_indirect(sr, addr, &vals);
        Ok(self.b.inst_results(call).to_vec())
    }

    fn assert(&mut self, args: &[Expr], span: Span) -> R<Vals> {
        let cond = self.value(&args[0], &Ty::Bool)?[0];
        let (fail, ok) = (self.b.create_block(), self.b.create_block());
        self.b.ins().brif(cond, ok, &[], fail, &[]);
        self.b.set_cold_block(fail);
        self.b.switch_to_block(fail);
        self.b.seal_block(fail);
        let message = match args.get(1) {
            Some(m) => self.value(m, &Ty::String)?,
            None => self.string(b"", span)?,
        };
        let what = if args.len() > 1 {
            "assertion failed: "
        } else {
            "assertion failed"
        };
        self.trap_now(what, &message, span)?;
        self.b.switch_to_block(ok);
        self.b.seal_block(ok);
        Ok(vec![])
    }

    fn intrinsic(&mut self, sym: SymbolId, args: &[Expr], span: Span) -> R<Vals> {
        let name = self.c.p.symbol(sym).name.clone();
        let sig = self.c.p.symbol(sym).fn_sig().cloned().unwrap();
        let mut v = Vec::new();
        for (a, p) in args.iter().zip(&sig.params) {
            v.extend(self.arg(a, &p.ty)?);
        }
        let op = &name[HOST_INTRINSIC.len()..];
        let flags = MemFlagsData::trusted();
        Ok(match op {
            // `address_of_T(&x)`: the address of a place, for C out-parameters.
            _ if op.starts_with("address_of") => v,
            // `string(ptr, len)`: a string over borrowed bytes.
            "string" => v,
            "load_u8" => vec![self.b.ins().load(types::I8, flags, v[0], 0)],
            "load_u64" => vec![self.b.ins().load(types::I64, flags, v[0], 0)],
            "store_u8" | "store_u64" => {
                self.b.ins().store(flags, v[1], v[0], 0);
                vec![]
            }
            // `trap(message)`: a located trap with a run-time message.
            "trap" => {
                self.trap_now("", &v, span)?;
                let dead = self.b.create_block();
                self.b.switch_to_block(dead);
                self.b.seal_block(dead);
                vec![]
            }
            // `check_index(index, len)`: traps unless `0 <= index < len`.
            "check_index" => {
                let bad = self
                    .b
                    .ins()
                    .icmp(IntCC::UnsignedGreaterThanOrEqual, v[0], v[1]);
                self.trap_if(bad, "index out of range", span)?;
                vec![]
            }
            _ => {
                return Err(super::located(
                    format!("`{name}` is not a host intrinsic of this compiler"),
                    span,
                ))
            }
        })
    }

    /// `elems` (each a value of `elem`) in a stack array: `{ptr, len}`,
    /// a null pointer when there are none.
    pub fn pack(&mut self, elems: &[Vals], elem: &Ty, span: Span) -> R<Vals> {
        let count = self.b.ins().iconst(types::I64, elems.len() as i64);
        if elems.is_empty() {
            return Ok(vec![self.b.ins().iconst(types::I64, 0), count]);
        }
        let l = self.layout(elem, span)?;
        let stride = l.size.div_ceil(l.align) * l.align;
        let slot = self.b.create_sized_stack_slot(StackSlotData::new(
            StackSlotKind::ExplicitSlot,
            stride * elems.len() as u32,
            l.align.trailing_zeros() as u8,
        ));
        let base = self.b.ins().stack_addr(types::I64, slot, 0);
        for (k, v) in elems.iter().enumerate() {
            self.store(elem, base, stride * k as u32, v, span)?;
        }
        Ok(vec![base, count])
    }

    /// `gpu (grid=G, workspace=W) { kernel(a, b); }` is
    /// `std::gpu::launch_and_synchronize("kernel", G, W, a, b)`, the name
    /// being the kernel's declaration (not an import alias).
    pub fn launch(&mut self, l: &LaunchBlock, span: Span) -> R<Vals> {
        let p = self.c.p;
        let target = p
            .package_by_path("std::gpu")
            .and_then(|g| p.package(g).items.get("launch_and_synchronize").copied())
            .ok_or_else(|| internal("`std::gpu::launch_and_synchronize` is missing", l.keyword))?;
        let (Some(grid), Some(ws), Some(call)) = (&l.grid, &l.workspace, &l.call) else {
            return Err(internal("incomplete launch block", span));
        };
        let ExprKind::Call(_, args) = &call.kind else {
            return Err(internal("launch block without a call", span));
        };
        let Some(Callee::Direct(kernel)) = p.callee(call.id) else {
            return Err(internal("launch block without a kernel", call.span));
        };
        let u64_ = Ty::Int(silk_lang::types::IntTy::U64);
        let name = p.symbol(kernel).name.clone();
        let mut vals = self.string(name.as_bytes(), span)?;
        vals.extend(self.value(grid, &u64_)?);
        vals.extend(self.value(ws, &u64_)?);
        let mut each = Vec::new();
        for a in args {
            each.push(self.value(a, &u64_)?);
        }
        vals.extend(self.pack(&each, &u64_, span)?);
        self.call_silk(target, vals, l.keyword, l.keyword)
    }
}
