//! Run-time traps. Integer overflow, division by zero, an out-of-range
//! shift or index, and a failed `assert` print one located line to
//! standard error, `FILE:LINE:COL: trap: WHAT`, and end the process with
//! [`super::TRAP_STATUS`]. Each site branches to a cold block that calls
//! the module's one `silk.trap` function.

use super::func::{FnLower, Vals};
use super::{internal, Compiler, R, TRAP_STATUS};
use cranelift_codegen::ir::{types, AbiParam, InstBuilder, Signature, TrapCode, Type, Value};
use cranelift_codegen::isa::CallConv;
use cranelift_codegen::Context;
use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext};
use cranelift_module::{FuncId, Linkage, Module};
use silk_lang::source::Span;

fn sig(params: &[Type], ret: Option<Type>) -> Signature {
    let mut s = Signature::new(CallConv::SystemV);
    s.params.extend(params.iter().map(|t| AbiParam::new(*t)));
    s.returns.extend(ret.map(AbiParam::new));
    s
}

impl Compiler<'_> {
    /// `silk.trap(location, text, message)` (three `{ptr, len}` strings):
    /// writes them and a newline to fd 2, then `exit(TRAP_STATUS)`.
    fn trap_fn(&mut self, span: Span) -> R<FuncId> {
        if let Some(f) = self.trap_fn {
            return Ok(f);
        }
        let i64_ = types::I64;
        let write = self.import("write", sig(&[i64_; 3], Some(i64_)), span)?;
        let exit = self.import("exit", sig(&[types::I32], None), span)?;
        let nl = self.bytes(b"\n", span)?;
        let s = sig(&[i64_; 6], None);
        let id = self
            .obj
            .module()
            .declare_function("silk.trap", Linkage::Local, &s)
            .map_err(|e| internal(e, span))?;
        let mut ctx = Context::new();
        ctx.func.signature = s;
        let mut fctx = FunctionBuilderContext::new();
        let frontend = self.obj.isa().frontend_config();
        {
            let m = self.obj.module();
            let mut b = FunctionBuilder::new(&mut ctx.func, &mut fctx);
            let entry = b.create_block();
            b.append_block_params_for_function_params(entry);
            b.switch_to_block(entry);
            b.seal_block(entry);
            let p = b.block_params(entry).to_vec();
            let fw = m.declare_func_in_func(write, b.func);
            let fe = m.declare_func_in_func(exit, b.func);
            let gv = m.declare_data_in_func(nl, b.func);
            let two = b.ins().iconst(i64_, 2);
            for part in p.chunks(2) {
                b.ins().call(fw, &[two, part[0], part[1]]);
            }
            let nlp = b.ins().symbol_value(i64_, gv);
            let one = b.ins().iconst(i64_, 1);
            b.ins().call(fw, &[two, nlp, one]);
            let status = b.ins().iconst(types::I32, TRAP_STATUS as i64);
            b.ins().call(fe, &[status]);
            b.ins().trap(TrapCode::unwrap_user(2));
            b.finalize(frontend);
        }
        self.obj
            .module()
            .define_function(id, &mut ctx)
            .map_err(|e| internal(format!("{e:?}"), span))?;
        self.trap_fn = Some(id);
        Ok(id)
    }

    /// `FILE:LINE:COL` of a span.
    pub fn location(&self, span: Span) -> String {
        match self.sources.get(span.file) {
            Some(f) => {
                let (l, c) = f.line_col(span.start as usize);
                format!("{}:{l}:{c}", f.name)
            }
            None => "<unknown>".into(),
        }
    }
}

impl FnLower<'_, '_, '_> {
    /// Traps with `what` at `span` when `cond` (an `i8` 0/1) is set.
    pub fn trap_if(&mut self, cond: Value, what: &str, span: Span) -> R<()> {
        let (cold, cont) = (self.b.create_block(), self.b.create_block());
        self.b.ins().brif(cond, cold, &[], cont, &[]);
        self.b.set_cold_block(cold);
        self.b.switch_to_block(cold);
        self.b.seal_block(cold);
        let empty = self.string(b"", span)?;
        self.trap_now(what, &empty, span)?;
        self.b.switch_to_block(cont);
        self.b.seal_block(cont);
        Ok(())
    }

    /// Calls `silk.trap`: `LOCATION: trap: WHAT` and a run-time message.
    /// The location is that of `span`, or in the standard library the
    /// location its caller passed (see [`FnLower::caller_location`]).
    pub fn trap_now(&mut self, what: &str, message: &Vals, span: Span) -> R<()> {
        let f = self.c.trap_fn(span)?;
        let mut args = self.caller_location(span)?;
        args.extend(self.string(format!(": trap: {what}").as_bytes(), span)?);
        args.extend_from_slice(message);
        let fr = self.c.obj.module().declare_func_in_func(f, self.b.func);
        self.b.ins().call(fr, &args);
        self.b.ins().trap(TrapCode::unwrap_user(2));
        Ok(())
    }

    /// The location a trap at `span` reports, as a `{ptr, len}` string:
    /// `FILE:LINE:COL` of `span` in user code; in a standard-library
    /// function, the location its caller passed in, so a trap inside `std`
    /// names the user's call that led to it.
    pub fn caller_location(&mut self, span: Span) -> R<Vals> {
        match self.caller {
            Some((ptr, len)) => Ok(vec![ptr, len]),
            None => {
                let at = self.c.location(span);
                self.string(at.as_bytes(), span)
            }
        }
    }

    /// Calls the C function `name` (libc or the runtime archive).
    pub fn libc(
        &mut self,
        name: &str,
        params: &[Type],
        ret: Option<Type>,
        args: &[Value],
        span: Span,
    ) -> R<Vals> {
        let id = self.c.import(name, sig(params, ret), span)?;
        let fr = self.c.obj.module().declare_func_in_func(id, self.b.func);
        let call = self.b.ins().call(fr, args);
        Ok(self.b.inst_results(call).to_vec())
    }
}
