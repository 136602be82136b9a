//! Lowering a checked [`silk_lang::Program`] to Cranelift IR, one module by
//! concern: [`layout`] (types in memory and as scalars), [`func`]
//! (statements and control flow), [`expr`] (operators, casts, optionals),
//! [`call`] (functions, methods, `ext`, compiler-bound intrinsics),
//! [`trap`] (located run-time traps). Only host code is lowered: functions
//! reachable from `main` (or from the tests), never `attr(device=gpu)` ones.

mod array;
mod call;
mod expr;
mod func;
pub mod layout;
mod quad;
mod trap;

use crate::HostObject;
use cranelift_codegen::ir::{types, AbiParam, InstBuilder, Signature};
use cranelift_codegen::isa::CallConv;
use cranelift_codegen::Context;
use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext};
use cranelift_module::{DataDescription, DataId, FuncId, Linkage, Module};
use silk_lang::diag::{codes, Diagnostic, Diagnostics};
use silk_lang::program::{PackageOrigin, SymbolId, SymbolKind};
use silk_lang::source::{SourceMap, Span};
use silk_lang::types::{IntTy, Ty};
use silk_lang::Program;
use std::collections::HashMap;

/// Exit status of a process stopped by a run-time trap (integer overflow,
/// division by zero, an out-of-range index, a failed `assert`).
pub const TRAP_STATUS: i32 = 101;

/// What the executable's `main` runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entry {
    /// The program's `fn main`.
    Main,
    /// `test` blocks: `main` runs the test whose index is `argv[1]`.
    Tests,
}

/// A located failure of the host backend.
pub(crate) type R<T> = Result<T, Diagnostic>;

pub(crate) fn unsupported(what: &str, span: Span) -> Diagnostic {
    Diagnostic::error(
        codes::BACKEND,
        format!("{what} are not supported by the host backend"),
    )
    .at(span, "not supported in host code")
}

pub(crate) fn located(message: String, span: Span) -> Diagnostic {
    Diagnostic::error(codes::BACKEND, message).at(span, "here")
}

pub(crate) fn internal(e: impl std::fmt::Display, span: Span) -> Diagnostic {
    Diagnostic::error(codes::BACKEND, format!("host code generation failed: {e}"))
        .at(span, "while compiling this")
}

/// Module-wide lowering state.
pub(crate) struct Compiler<'p> {
    pub p: &'p Program,
    pub sources: &'p SourceMap,
    pub obj: HostObject,
    funcs: HashMap<SymbolId, FuncId>,
    queue: Vec<SymbolId>,
    imports: HashMap<String, FuncId>,
    strings: HashMap<Vec<u8>, DataId>,
    /// `ext name = T;` data symbols, by name.
    data: HashMap<String, DataId>,
    pub trap_fn: Option<FuncId>,
}

/// Compile the host code of `p` into an x86-64 object.
pub fn compile(p: &Program, sources: &SourceMap, entry: Entry) -> Result<Vec<u8>, Diagnostics> {
    let obj = HostObject::new("silk-host").map_err(|e| one(internal(e, nowhere())))?;
    let mut c = Compiler {
        p,
        sources,
        obj,
        funcs: HashMap::new(),
        queue: Vec::new(),
        imports: HashMap::new(),
        strings: HashMap::new(),
        data: HashMap::new(),
        trap_fn: None,
    };
    match entry {
        Entry::Main => c.main_wrapper().map_err(one)?,
        Entry::Tests => c.test_runner().map_err(one)?,
    }
    while let Some(sym) = c.queue.pop() {
        c.define(sym).map_err(one)?;
    }
    c.obj.finish().map_err(|e| one(internal(e, nowhere())))
}

/// The span of a failure that belongs to no source construct.
pub(crate) fn nowhere() -> Span {
    Span::new(silk_lang::source::FileId(0), 0, 0)
}

fn one(d: Diagnostic) -> Diagnostics {
    Diagnostics::from(d)
}

impl<'p> Compiler<'p> {
    /// The ELF symbol of a Silk function: `package::name` or
    /// `package::Struct::method`, so debuggers and profilers show Silk names.
    fn symbol_name(&self, sym: SymbolId) -> String {
        let s = self.p.symbol(sym);
        let pkg = &self.p.package(s.package).path;
        match &s.kind {
            SymbolKind::Method { owner, .. } => {
                format!(
                    "{pkg}::{}::{}",
                    self.p.structs[owner.0 as usize].name, s.name
                )
            }
            _ => format!("{pkg}::{}", s.name),
        }
    }

    /// Cranelift signature of a Silk function: every parameter and the
    /// result flattened into scalars.
    pub fn signature(&self, params: &[Ty], result: &Ty, span: Span) -> R<Signature> {
        let mut sig = Signature::new(CallConv::SystemV);
        for t in params {
            let l = layout::layout(self.p, t).map_err(|w| unsupported(&w, span))?;
            sig.params.extend(l.types().map(AbiParam::new));
        }
        let l = layout::layout(self.p, result).map_err(|w| unsupported(&w, span))?;
        sig.returns.extend(l.types().map(AbiParam::new));
        Ok(sig)
    }

    /// The function id of a Silk function, declaring it (and queueing its
    /// body) on first use.
    pub fn func(&mut self, sym: SymbolId, span: Span) -> R<FuncId> {
        if let Some(f) = self.funcs.get(&sym) {
            return Ok(*f);
        }
        let s = self.p.symbol(sym);
        let sig = s
            .fn_sig()
            .cloned()
            .ok_or_else(|| internal("not a function", span))?;
        if sig.device {
            return Err(Diagnostic::error(
                codes::BACKEND,
                format!(
                    "`{}` is a GPU function and cannot be called from host code",
                    s.name
                ),
            )
            .at(span, "called from host code"));
        }
        let params: Vec<Ty> = sig.params.iter().map(|p| p.ty.clone()).collect();
        let mut csig = self.signature(&params, &sig.result, span)?;
        if self.takes_caller_location(sym) {
            csig.params.extend([AbiParam::new(types::I64); 2]);
        }
        let id = if s.is_ext() {
            let name = s.name.clone();
            self.import(&name, csig, span)?
        } else {
            if !sig.has_body {
                let std = self.p.package(s.package).origin == PackageOrigin::Std;
                let what = if std {
                    format!(
                        "`{}` is declared by the standard library without a host implementation",
                        s.name
                    )
                } else {
                    format!("`{}` has no body", s.name)
                };
                return Err(Diagnostic::error(codes::BACKEND, what).at(span, "called here"));
            }
            let name = self.symbol_name(sym);
            let id = self
                .obj
                .module()
                .declare_function(&name, Linkage::Local, &csig)
                .map_err(|e| internal(e, span))?;
            self.queue.push(sym);
            id
        };
        self.funcs.insert(sym, id);
        Ok(id)
    }

    /// Whether `sym` is a standard-library function with a Silk body: it
    /// takes its caller's location (a `{ptr, len}` string, after its
    /// parameters) for the traps inside it to report.
    pub fn takes_caller_location(&self, sym: SymbolId) -> bool {
        let s = self.p.symbol(sym);
        !s.is_ext() && self.p.package(s.package).origin == PackageOrigin::Std
    }

    /// An imported C function (libc or the Silk runtime archive).
    pub fn import(&mut self, name: &str, sig: Signature, span: Span) -> R<FuncId> {
        if let Some(f) = self.imports.get(name) {
            return Ok(*f);
        }
        let id = self
            .obj
            .module()
            .declare_function(name, Linkage::Import, &sig)
            .map_err(|e| internal(format!("`{name}`: {e}"), span))?;
        self.imports.insert(name.to_string(), id);
        Ok(id)
    }

    /// The external data symbol of an `ext name = T;` declaration (found
    /// by the linker in libc or the runtime archive, like `ext` functions).
    pub fn ext_data(&mut self, name: &str, span: Span) -> R<DataId> {
        if let Some(d) = self.data.get(name) {
            return Ok(*d);
        }
        let id = self
            .obj
            .module()
            .declare_data(name, Linkage::Import, false, false)
            .map_err(|e| internal(format!("`{name}`: {e}"), span))?;
        self.data.insert(name.to_string(), id);
        Ok(id)
    }

    /// A read-only data object holding `bytes` (deduplicated).
    pub fn bytes(&mut self, bytes: &[u8], span: Span) -> R<DataId> {
        if let Some(d) = self.strings.get(bytes) {
            return Ok(*d);
        }
        let name = format!("silk.str.{}", self.strings.len());
        let m = self.obj.module();
        let id = m
            .declare_data(&name, Linkage::Local, false, false)
            .map_err(|e| internal(e, span))?;
        let mut data = DataDescription::new();
        // A NUL after the bytes costs nothing and helps C consumers.
        let mut v = bytes.to_vec();
        v.push(0);
        data.define(v.into_boxed_slice());
        m.define_data(id, &data).map_err(|e| internal(e, span))?;
        self.strings.insert(bytes.to_vec(), id);
        Ok(id)
    }

    fn define(&mut self, sym: SymbolId) -> R<()> {
        let id = self.funcs[&sym];
        let decl = self
            .p
            .fn_decl(sym)
            .ok_or_else(|| internal("function without a declaration", self.p.symbol(sym).span))?;
        let sig = self.p.symbol(sym).fn_sig().cloned().unwrap();
        let params = self.p.params.get(&sym).cloned().unwrap_or_default();
        let mut csig = {
            let tys: Vec<Ty> = sig.params.iter().map(|p| p.ty.clone()).collect();
            self.signature(&tys, &sig.result, decl.name.span)?
        };
        let located = self.takes_caller_location(sym);
        if located {
            csig.params.extend([AbiParam::new(types::I64); 2]);
        }
        let body = decl.body.as_ref().unwrap();
        let mut ctx = Context::new();
        ctx.func.signature = csig;
        ctx.func.name = cranelift_codegen::ir::UserFuncName::user(0, id.as_u32());
        let mut fctx = FunctionBuilderContext::new();
        {
            let b = FunctionBuilder::new(&mut ctx.func, &mut fctx);
            let mut f = func::FnLower::new(self, b, sig.result.clone());
            if located {
                f.take_caller_location();
            }
            f.params(&params)?;
            f.block(body)?;
            f.finish(decl.name.span)?;
        }
        self.obj
            .module()
            .define_function(id, &mut ctx)
            .map_err(|e| internal(format!("{e:?}"), decl.name.span))
    }

    /// The C `main`: calls the program's `main` with `(argc, argv)` when it
    /// takes them and returns its `int` result (0 for `void`).
    fn main_wrapper(&mut self) -> R<()> {
        let root = self.p.root_package();
        let Some(&main) = root.items.get("main") else {
            return Err(Diagnostic::error(
                codes::BACKEND,
                "an executable needs `fn main () -> int` (or `-> void`)",
            )
            .help("add `fn main () -> int { return 0; }` to the root package"));
        };
        let span = self.p.symbol(main).span;
        let sig = match &self.p.symbol(main).kind {
            SymbolKind::Fn(s) => s.clone(),
            _ => {
                return Err(
                    Diagnostic::error(codes::BACKEND, "`main` is not a function").at(span, "here"),
                )
            }
        };
        let int = Ty::Int(IntTy::Int);
        let args_ok = match sig.params.as_slice() {
            [] => true,
            [a, b] => a.ty == int && b.ty == Ty::Int(IntTy::U64),
            _ => false,
        };
        if !args_ok || !(sig.result == Ty::Void || sig.result == int) || sig.device {
            return Err(Diagnostic::error(
                codes::BACKEND,
                "`main` must be `fn main () -> int | void` or `fn main (argc: int, argv: u64) -> int | void`",
            )
            .at(span, "unsupported signature"));
        }
        let callee = self.func(main, span)?;
        let argc = !sig.params.is_empty();
        let returns = sig.result == int;
        self.c_main(span, |b, m, (c, v)| {
            let f = m.declare_func_in_func(callee, b.func);
            let args: Vec<_> = if argc {
                vec![b.ins().sextend(types::I64, c), v]
            } else {
                vec![]
            };
            let call = b.ins().call(f, &args);
            if returns {
                let r = b.inst_results(call)[0];
                b.ins().ireduce(types::I32, r)
            } else {
                b.ins().iconst(types::I32, 0)
            }
        })
    }

    /// Defines `main(argc, argv) -> i32` with `body` computing the status.
    fn c_main(
        &mut self,
        span: Span,
        body: impl FnOnce(
            &mut FunctionBuilder,
            &mut cranelift_object::ObjectModule,
            (cranelift_codegen::ir::Value, cranelift_codegen::ir::Value),
        ) -> cranelift_codegen::ir::Value,
    ) -> R<()> {
        let sig = self.obj.main_signature();
        let id = self
            .obj
            .module()
            .declare_function("main", Linkage::Export, &sig)
            .map_err(|e| internal(e, span))?;
        let mut ctx = Context::new();
        ctx.func.signature = sig;
        let mut fctx = FunctionBuilderContext::new();
        let frontend = self.obj.isa().frontend_config();
        {
            let mut b = FunctionBuilder::new(&mut ctx.func, &mut fctx);
            let entry = b.create_block();
            b.append_block_params_for_function_params(entry);
            b.switch_to_block(entry);
            b.seal_block(entry);
            let (c, v) = (b.block_params(entry)[0], b.block_params(entry)[1]);
            let status = body(&mut b, self.obj.module(), (c, v));
            b.ins().return_(&[status]);
            b.finalize(frontend);
        }
        self.obj
            .module()
            .define_function(id, &mut ctx)
            .map_err(|e| internal(format!("{e:?}"), span))
    }

    /// `main` of a test executable: `argv[1]` is the index of the test to
    /// run; status 0 when it returns, [`TRAP_STATUS`] when it traps.
    fn test_runner(&mut self) -> R<()> {
        let mut ids = Vec::new();
        for (k, t) in self.p.tests.clone().iter().enumerate() {
            let body = self
                .p
                .test_body(t)
                .ok_or_else(|| internal("test without a body", t.span))?;
            ids.push(self.test_fn(k, body, t.span)?);
        }
        let atoi_sig = {
            let mut s = Signature::new(CallConv::SystemV);
            s.params.push(AbiParam::new(types::I64));
            s.returns.push(AbiParam::new(types::I64));
            s
        };
        let atoi = self.import("atol", atoi_sig, nowhere())?;
        self.c_main(nowhere(), |b, m, (argc, argv)| {
            let done = b.create_block();
            b.append_block_param(done, types::I32);
            let have = b.ins().icmp_imm_s(
                cranelift_codegen::ir::condcodes::IntCC::SignedGreaterThan,
                argc,
                1,
            );
            let run = b.create_block();
            let two = b.ins().iconst(types::I32, 2);
            b.ins().brif(have, run, &[], done, &[two.into()]);
            b.switch_to_block(run);
            b.seal_block(run);
            let arg1 = b.ins().load(
                types::I64,
                cranelift_codegen::ir::MemFlagsData::trusted(),
                argv,
                8,
            );
            let fatoi = m.declare_func_in_func(atoi, b.func);
            let call = b.ins().call(fatoi, &[arg1]);
            let index = b.inst_results(call)[0];
            let zero = b.ins().iconst(types::I32, 0);
            for (k, id) in ids.iter().enumerate() {
                let is = b.ins().icmp_imm_s(
                    cranelift_codegen::ir::condcodes::IntCC::Equal,
                    index,
                    k as i64,
                );
                let yes = b.create_block();
                let no = b.create_block();
                b.ins().brif(is, yes, &[], no, &[]);
                b.switch_to_block(yes);
                b.seal_block(yes);
                let f = m.declare_func_in_func(*id, b.func);
                b.ins().call(f, &[]);
                b.ins().jump(done, &[zero.into()]);
                b.switch_to_block(no);
                b.seal_block(no);
            }
            b.ins().jump(done, &[two.into()]);
            b.switch_to_block(done);
            b.seal_block(done);
            b.block_params(done)[0]
        })
    }

    fn test_fn(&mut self, k: usize, body: &silk_lang::ast::Block, span: Span) -> R<FuncId> {
        let sig = Signature::new(CallConv::SystemV);
        let id = self
            .obj
            .module()
            .declare_function(&format!("silk.test.{k}"), Linkage::Local, &sig)
            .map_err(|e| internal(e, span))?;
        let mut ctx = Context::new();
        ctx.func.signature = sig;
        let mut fctx = FunctionBuilderContext::new();
        {
            let b = FunctionBuilder::new(&mut ctx.func, &mut fctx);
            let mut f = func::FnLower::new(self, b, Ty::Void);
            f.params(&[])?;
            f.block(body)?;
            f.finish(span)?;
        }
        self.obj
            .module()
            .define_function(id, &mut ctx)
            .map_err(|e| internal(format!("{e:?}"), span))?;
        Ok(id)
    }
}
