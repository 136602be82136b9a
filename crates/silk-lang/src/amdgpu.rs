//! The standalone AMDGPU source-kernel path, target-independent part:
//! `silk build [--nostd] --kind object --target <amdgpu> kernel.slk`.
//!
//! Given a checked [`Program`] and a processor, find the kernel (exactly
//! one exported root-package function), enforce the path's rules with the
//! spec's diagnostics, and describe the kernel as an ordered list of
//! [`KernelOp`]s, which [`SourceKernel::to_module`] turns into device IR
//! (`silk-gpu-ir`). Lowering that to instructions and a code object is
//! the code generator's job; nothing here knows an instruction encoding.

use crate::ast::{Expr, ExprKind, StmtKind, UnOp};
use crate::check::{INTRINSIC_PREFIX, MAX_ENTRY_PARAMS};
use crate::diag::{codes, Diagnostic, Diagnostics};
use crate::program::{Callee, Mode, NameRes, PackageOrigin, Program, SymbolId, SymbolKind};
use crate::session::Session;
use crate::source::Span;
use crate::types::{IntTy, Ty};
use silk_amdgpu::target::{Processor, Target, TargetError};

/// The spec's diagnostic messages, word for word.
pub mod messages {
    pub const PARAMS: &str = "AMDGPU source kernel parameters must be immutable u64 values";
    pub const RETURN_VOID: &str = "AMDGPU source kernels must return void";
    pub const BODY: &str =
        "AMDGPU source kernels currently support only compiler-backed GPU calls and optional `return;`";
    pub const LITERAL: &str = "AMDGPU source intrinsic operands must be unsigned integer literals";
    pub const RANGE: &str = "AMDGPU source intrinsic integer literal operand is out of range";
    pub const PROCESSOR: &str = "AMDGPU source intrinsic is not supported on this AMDGPU processor";
}

pub use silk_gpu_ir::AmdgpuOp;

/// One operation of a source kernel, in source order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KernelOp {
    /// A source intrinsic: a precoloured target instruction.
    Machine(AmdgpuOp),
    /// `std::gpu::device::store_u32_at_global_x(base, value)` on kernel parameters.
    StoreU32AtGlobalX {
        base_param_index: u8,
        value_param_index: u8,
    },
    /// `std::gpu::device::classify_u32_at_global_x(input, output, threshold)`.
    ClassifyU32AtGlobalX {
        input_param_index: u8,
        output_param_index: u8,
        threshold_param_index: u8,
    },
}

impl KernelOp {
    /// Whether the op uses LDS (the kernel then reserves 16 KiB of group segment).
    pub fn uses_lds(&self) -> bool {
        matches!(self, KernelOp::Machine(m) if m.uses_lds())
    }

    /// The source-level name of the operation (for messages).
    pub fn name(&self) -> &'static str {
        match self {
            KernelOp::Machine(m) => m.name(),
            KernelOp::StoreU32AtGlobalX { .. } => "store_u32_at_global_x",
            KernelOp::ClassifyU32AtGlobalX { .. } => "classify_u32_at_global_x",
        }
    }
}

/// The typed, target-neutral description of a source kernel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceKernel {
    /// The exported function's lexical name: the kernel symbol; the
    /// descriptor is `<name>.kd`.
    pub name: String,
    /// Parameter names in declaration order; all are `u64` kernargs at
    /// offsets 0, 8, 16, ...
    pub params: Vec<String>,
    pub ops: Vec<KernelOp>,
    /// Source span of each op's call, parallel to `ops`.
    pub op_spans: Vec<Span>,
    /// Whether the body ended with `return;` (the backend appends `s_endpgm` either way).
    pub ends_with_return: bool,
    /// The kernel function's name in the source.
    pub span: Span,
    pub target: Target,
}

impl SourceKernel {
    pub fn processor(&self) -> Processor {
        self.target.processor
    }

    /// `.kernarg_segment_size` of the explicit arguments.
    pub fn explicit_kernarg_size(&self) -> u32 {
        8 * self.params.len() as u32
    }

    pub fn uses_lds(&self) -> bool {
        self.ops.iter().any(KernelOp::uses_lds)
    }

    /// The descriptor symbol name.
    pub fn descriptor_symbol(&self) -> String {
        format!("{}.kd", self.name)
    }
}

/// What an intrinsic operand names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Operand {
    Sgpr,
    /// Two SGPRs, even-aligned on every processor.
    SgprPair,
    Vgpr,
    /// Two VGPRs, even-aligned where the processor requires aligned tuples.
    VgprPair,
    /// Four accumulator registers (MFMA), aligned like VGPR tuples.
    AccQuad,
    /// 16-bit LDS byte offset.
    LdsOffset,
}

impl Operand {
    fn width(self) -> u32 {
        match self {
            Operand::Sgpr | Operand::Vgpr | Operand::LdsOffset => 1,
            Operand::SgprPair | Operand::VgprPair => 2,
            Operand::AccQuad => 4,
        }
    }
}

/// Which processors own an intrinsic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Availability {
    All,
    /// Processors with MFMA (gfx942).
    Mfma,
    /// Processors with a separate vector-store counter (GFX11).
    Vscnt,
}

impl Availability {
    fn on(self, p: Processor) -> bool {
        let info = p.info();
        match self {
            Availability::All => true,
            Availability::Mfma => info.capabilities.mfma,
            Availability::Vscnt => info.wait_counters.vscnt.is_some(),
        }
    }
}

struct Intrinsic {
    /// Name without the `__silk_amdgpu_` prefix; also the `std::gpu::isa` wrapper name.
    name: &'static str,
    operands: &'static [Operand],
    availability: Availability,
}

use Operand::*;

const INTRINSICS: &[Intrinsic] = &[
    Intrinsic {
        name: "s_add_i32",
        operands: &[Sgpr, Sgpr, Sgpr],
        availability: Availability::All,
    },
    Intrinsic {
        name: "s_mov_b64",
        operands: &[SgprPair, SgprPair],
        availability: Availability::All,
    },
    Intrinsic {
        name: "s_waitcnt_vmcnt0_expcnt0_lgkmcnt0",
        operands: &[],
        availability: Availability::All,
    },
    // Compatibility alias of the VM/EXP/LGKM wait (raw intrinsic only).
    Intrinsic {
        name: "s_waitcnt_vmcnt0_lgkmcnt0",
        operands: &[],
        availability: Availability::All,
    },
    Intrinsic {
        name: "s_waitcnt_vscnt0",
        operands: &[],
        availability: Availability::Vscnt,
    },
    Intrinsic {
        name: "v_add_f32",
        operands: &[Vgpr, Vgpr, Vgpr],
        availability: Availability::All,
    },
    Intrinsic {
        name: "v_mul_f32",
        operands: &[Vgpr, Vgpr, Vgpr],
        availability: Availability::All,
    },
    Intrinsic {
        name: "v_fma_f32",
        operands: &[Vgpr, Vgpr, Vgpr, Vgpr],
        availability: Availability::All,
    },
    Intrinsic {
        name: "global_load_dword",
        operands: &[Vgpr, VgprPair],
        availability: Availability::All,
    },
    Intrinsic {
        name: "global_store_dword",
        operands: &[VgprPair, Vgpr],
        availability: Availability::All,
    },
    Intrinsic {
        name: "ds_write_b32",
        operands: &[Vgpr, Vgpr, LdsOffset],
        availability: Availability::All,
    },
    Intrinsic {
        name: "ds_read_b32",
        operands: &[Vgpr, Vgpr, LdsOffset],
        availability: Availability::All,
    },
    Intrinsic {
        name: "mfma_f32_16x16x16_f16",
        operands: &[AccQuad, VgprPair, VgprPair, AccQuad],
        availability: Availability::Mfma,
    },
];

/// Names of every raw source intrinsic the path accepts.
pub fn intrinsic_names() -> impl Iterator<Item = String> {
    INTRINSICS
        .iter()
        .map(|i| format!("{INTRINSIC_PREFIX}{}", i.name))
}

fn make_op(name: &str, v: &[u32]) -> Option<KernelOp> {
    // The raw-only alias of the VM/EXP/LGKM wait.
    let name = match name {
        "s_waitcnt_vmcnt0_lgkmcnt0" => "s_waitcnt_vmcnt0_expcnt0_lgkmcnt0",
        n => n,
    };
    AmdgpuOp::from_fields(name, v).map(KernelOp::Machine)
}

/// Parse an AMDGPU target name into a target, as a diagnostic on failure.
pub fn parse_target(name: &str) -> Result<Target, Diagnostic> {
    Target::parse(name).map_err(|e| match e {
        TargetError::Unknown { name, suggestion } => {
            let mut d = Diagnostic::error(codes::BACKEND, format!("unknown AMDGPU target `{name}`"));
            if let Some(s) = suggestion {
                d = d.help(format!("did you mean `{s}`?"));
            }
            d.note(format!(
                "supported targets: {}",
                Processor::ALL.iter().map(|p| p.canonical_name()).collect::<Vec<_>>().join(", ")
            ))
            .note("each also accepts the aliases `gfxNNN`, `amdgcn-gfxNNN` and `amdgcn-amd-amdhsa--gfxNNN`")
        }
        other => Diagnostic::error(codes::BACKEND, other.to_string()),
    })
}

/// Check the session's files for an AMDGPU object build and describe the kernel.
///
/// Sets the session's mode to [`Mode::AmdgpuObject`] (the target supplies
/// the device context), parses `target`, checks, then analyses.
pub fn build_source_kernel(
    session: &mut Session,
    target: &str,
) -> Result<SourceKernel, Diagnostics> {
    let target = parse_target(target).map_err(Diagnostics::from)?;
    let mut options = session.options();
    options.mode = Mode::AmdgpuObject;
    session.set_options(options);
    let program = session.check()?;
    source_kernel(&program, target)
}

/// Find and analyse the kernel of a checked program.
pub fn source_kernel(program: &Program, target: Target) -> Result<SourceKernel, Diagnostics> {
    let mut a = Analysis {
        program,
        processor: target.processor,
        diags: Diagnostics::new(),
    };
    let Some(kernel) = a.find_kernel() else {
        return Err(a.diags);
    };
    let result = a.kernel(kernel, target);
    match result {
        Some(k) if !a.diags.has_errors() => Ok(k),
        _ => Err(a.diags),
    }
}

struct Analysis<'p> {
    program: &'p Program,
    processor: Processor,
    diags: Diagnostics,
}

/// What a kernel-body call statement invokes.
enum Backed<'a> {
    /// A raw `__silk_amdgpu_*` intrinsic or a `std::gpu::isa` wrapper.
    Intrinsic(&'a Intrinsic),
    StoreAtGlobalX,
    ClassifyAtGlobalX,
}

impl Analysis<'_> {
    fn err(&mut self, d: Diagnostic) {
        self.diags.push(d);
    }

    fn find_kernel(&mut self) -> Option<SymbolId> {
        let p = self.program;
        let mut exported: Vec<SymbolId> = (0..p.symbols.len() as u32)
            .map(SymbolId)
            .filter(|s| {
                let sym = p.symbol(*s);
                sym.package == p.root && sym.exported && matches!(sym.kind, SymbolKind::Fn(_))
            })
            .collect();
        exported.sort_by_key(|s| {
            let sp = p.symbol(*s).span;
            (sp.file, sp.start)
        });
        let root = &p.root_package().path;
        match exported.as_slice() {
            [one] => Some(*one),
            [] => {
                let mut d = Diagnostic::error(
                    codes::BACKEND,
                    "no exported function to compile as the AMDGPU kernel",
                )
                .note(format!(
                    "an AMDGPU source-kernel build compiles exactly one exported function of the root package `{root}`"
                ));
                let candidate = (0..p.symbols.len() as u32).map(SymbolId).find(|s| {
                    let sym = p.symbol(*s);
                    sym.package == p.root && matches!(sym.kind, SymbolKind::Fn(_))
                });
                if let Some(c) = candidate {
                    let sym = p.symbol(c);
                    d = d.at(sym.span, "not exported").help(format!(
                        "export the kernel: `export fn {} (...) {{ ... }}`",
                        sym.name
                    ));
                } else {
                    d = d.help("declare the kernel as `export fn name () { ... }`");
                }
                self.err(d);
                None
            }
            [first, rest @ ..] => {
                let mut d = Diagnostic::error(
                    codes::BACKEND,
                    format!(
                        "{} exported functions in the root package; an AMDGPU source-kernel build needs exactly one",
                        rest.len() + 1
                    ),
                )
                .at(p.symbol(rest[0]).span, "second exported function")
                .also(p.symbol(*first).span, "first exported function");
                for extra in &rest[1..] {
                    d = d.also(p.symbol(*extra).span, "also exported");
                }
                d = d
                    .note("exported functions of dependency packages are not kernels; only the root package's count")
                    .help("remove `export` from every function but the kernel, or move helpers to another package");
                self.err(d);
                None
            }
        }
    }

    fn kernel(&mut self, sym: SymbolId, target: Target) -> Option<SourceKernel> {
        let p = self.program;
        let symbol = p.symbol(sym);
        let decl = p.fn_decl(sym)?;
        let sig = symbol.fn_sig()?;
        let name = symbol.name.clone();

        if name.len() > 255 {
            self.err(
                Diagnostic::error(
                    codes::BACKEND,
                    "AMDGPU kernel names are limited to 255 bytes",
                )
                .at(symbol.span, format!("{} bytes", name.len())),
            );
        }
        if sig.generic {
            self.err(
                Diagnostic::error(codes::BACKEND, "AMDGPU source kernels cannot be generic")
                    .at(decl.sig_span, "generic function"),
            );
        }
        if decl.discipline != crate::ast::Discipline::Normal || decl.is_const {
            self.err(
                Diagnostic::error(
                    codes::BACKEND,
                    "AMDGPU source kernels must use normal function discipline",
                )
                .at(decl.sig_span, "declared `async`, `task` or `const`")
                .help("declare the kernel with plain `export fn`"),
            );
        }
        if decl.params.len() > MAX_ENTRY_PARAMS {
            self.err(
                Diagnostic::error(
                    codes::BACKEND,
                    "AMDGPU source kernels take at most 32 parameters",
                )
                .at(
                    decl.params[MAX_ENTRY_PARAMS].span,
                    format!(
                        "parameter {} of {}",
                        MAX_ENTRY_PARAMS + 1,
                        decl.params.len()
                    ),
                ),
            );
        }
        for (param, ps) in decl.params.iter().zip(&sig.params) {
            let problem = if ps.mutable {
                Some("`mut` parameter".to_string())
            } else if ps.variadic {
                Some("variadic parameter".to_string())
            } else if ps.has_default {
                Some("parameter with a default value".to_string())
            } else if ps.ty != Ty::Int(IntTy::U64) && !ps.ty.is_error() {
                Some(format!("has type `{}`", p.ty_name(&ps.ty)))
            } else {
                None
            };
            if let Some(label) = problem {
                self.err(
                    Diagnostic::error(codes::BACKEND, messages::PARAMS)
                        .at(param.span, label)
                        .help(format!(
                            "declare it as `{}: u64` and pass one `u64` per parameter at launch",
                            param.name.name
                        )),
                );
            }
        }
        if sig.result != Ty::Void {
            let span = decl
                .result
                .as_ref()
                .map(|r| r.span)
                .unwrap_or(decl.sig_span);
            self.err(
                Diagnostic::error(codes::BACKEND, messages::RETURN_VOID)
                    .at(span, format!("returns `{}`", p.ty_name(&sig.result)))
                    .help(format!(
                        "use `export fn {name} (...) {{ ... }}` or `-> void`"
                    )),
            );
        }
        let Some(body) = &decl.body else {
            self.err(
                Diagnostic::error(
                    codes::BACKEND,
                    format!("AMDGPU source kernel `{name}` has no body"),
                )
                .at(decl.sig_span, "declaration only")
                .help("give the kernel a body: `{ ... }`"),
            );
            return None;
        };

        let mut ops = Vec::new();
        let mut op_spans = Vec::new();
        let mut ends_with_return = false;
        let last = body.stmts.len().saturating_sub(1);
        for (i, stmt) in body.stmts.iter().enumerate() {
            match &stmt.kind {
                StmtKind::Return(None) if i == last => ends_with_return = true,
                StmtKind::Return(None) => self.err(
                    Diagnostic::error(codes::BACKEND, messages::BODY)
                        .at(stmt.span, "`return;` must be the last statement")
                        .note(body_note()),
                ),
                StmtKind::Expr(e) if matches!(e.kind, ExprKind::Call(..)) => {
                    if let Some(op) = self.call(e) {
                        ops.push(op);
                        op_spans.push(e.span);
                    }
                }
                StmtKind::Error => {}
                _ => self.err(
                    Diagnostic::error(codes::BACKEND, messages::BODY)
                        .at(
                            stmt.span,
                            format!("{} is not allowed here", stmt_kind_name(&stmt.kind)),
                        )
                        .note(body_note()),
                ),
            }
        }
        Some(SourceKernel {
            name,
            params: decl.params.iter().map(|p| p.name.name.clone()).collect(),
            ops,
            op_spans,
            ends_with_return,
            span: symbol.span,
            target,
        })
    }

    /// Classify a call statement's callee.
    fn backed(&mut self, call: &Expr, callee: &Expr) -> Option<Backed<'static>> {
        let p = self.program;
        let Some(Callee::Direct(sym)) = p.callee(call.id) else {
            self.err(
                Diagnostic::error(codes::BACKEND, messages::BODY)
                    .at(callee.span, "not a compiler-backed GPU call")
                    .note(body_note()),
            );
            return None;
        };
        let symbol = p.symbol(sym);
        let pkg = p.package(symbol.package);
        let module = p.std_module_of(sym);
        match (&symbol.kind, module) {
            (SymbolKind::ExtFn(sig), None)
                if pkg.origin == PackageOrigin::Root
                    && symbol.name.starts_with(INTRINSIC_PREFIX) =>
            {
                let short = &symbol.name[INTRINSIC_PREFIX.len()..];
                let Some(info) = INTRINSICS.iter().find(|i| i.name == short) else {
                    let mut d = Diagnostic::error(
                        codes::BACKEND,
                        format!("unknown AMDGPU source intrinsic `{}`", symbol.name),
                    )
                    .at(callee.span, "not a source intrinsic")
                    .also(symbol.span, "declared here");
                    d = if short == "s_endpgm" {
                        d.note("the backend appends `s_endpgm` itself; do not declare or call an end-program intrinsic")
                    } else {
                        d.note(format!(
                            "source intrinsics: {}",
                            intrinsic_names().collect::<Vec<_>>().join(", ")
                        ))
                    };
                    self.err(d);
                    return None;
                };
                let int = Ty::Int(IntTy::Int);
                let matches = sig.result == Ty::Void
                    && sig.params.len() == info.operands.len()
                    && sig.params.iter().all(|p| p.ty == int);
                if !matches {
                    let want = vec!["int"; info.operands.len()].join(", ");
                    self.err(
                        Diagnostic::error(
                            codes::BACKEND,
                            format!("`{}` is declared with the wrong signature", symbol.name),
                        )
                        .at(symbol.span, "declared here")
                        .also(callee.span, "called here")
                        .help(format!(
                            "declare it as `ext {} = fn ({want}) -> void;`",
                            symbol.name
                        )),
                    );
                    return None;
                }
                Some(Backed::Intrinsic(info))
            }
            (SymbolKind::Fn(_), Some("std::gpu::isa")) => {
                match INTRINSICS
                    .iter()
                    .find(|i| i.name == symbol.name && i.name != "s_waitcnt_vmcnt0_lgkmcnt0")
                {
                    Some(info) => Some(Backed::Intrinsic(info)),
                    None => {
                        self.err(
                            Diagnostic::error(codes::BACKEND, messages::BODY)
                                .at(callee.span, "not a compiler-backed GPU call")
                                .note(body_note()),
                        );
                        None
                    }
                }
            }
            (SymbolKind::Fn(_), Some("std::gpu::device")) => match symbol.name.as_str() {
                "store_u32_at_global_x" => Some(Backed::StoreAtGlobalX),
                "classify_u32_at_global_x" => Some(Backed::ClassifyAtGlobalX),
                other => {
                    self.err(
                        Diagnostic::error(codes::BACKEND, messages::BODY)
                            .at(callee.span, "not supported by the standalone source-kernel path")
                            .note(format!(
                                "`std::gpu::device::{other}` belongs to the portable GPU-v1 surface, lowered by mixed host/device builds (`--gpu-target`)"
                            ))
                            .note(body_note()),
                    );
                    None
                }
            },
            _ => {
                let mut d = Diagnostic::error(codes::BACKEND, messages::BODY)
                    .at(callee.span, "not a compiler-backed GPU call")
                    .note(body_note());
                if symbol.name.starts_with(INTRINSIC_PREFIX) && pkg.origin != PackageOrigin::Root {
                    d = d.note("the `__silk_amdgpu_` prefix alone does not make an `ext` a source intrinsic: declare it in the kernel's own source");
                }
                self.err(d);
                None
            }
        }
    }

    fn call(&mut self, call: &Expr) -> Option<KernelOp> {
        let ExprKind::Call(callee, args) = &call.kind else {
            return None;
        };
        match self.backed(call, callee)? {
            Backed::Intrinsic(info) => {
                if !info.availability.on(self.processor) {
                    let owners: Vec<&str> = Processor::ALL
                        .iter()
                        .filter(|p| info.availability.on(**p))
                        .map(|p| p.name())
                        .collect();
                    self.err(
                        Diagnostic::error(codes::BACKEND, messages::PROCESSOR)
                            .at(callee.span, format!("not available on {}", self.processor.name()))
                            .note(format!("`{}` is supported on {}", info.name, owners.join(", ")))
                            .help(format!("select the processor that owns it, for example `--target amdgcn-amd-amdhsa-{}`", owners.first().copied().unwrap_or("gfx942"))),
                    );
                    return None;
                }
                let mut values = Vec::new();
                let mut ok = true;
                for (arg, kind) in args.iter().zip(info.operands) {
                    match self.operand(arg, *kind) {
                        Some(v) => values.push(v),
                        None => ok = false,
                    }
                }
                if !ok || args.len() != info.operands.len() {
                    return None;
                }
                make_op(info.name, &values)
            }
            Backed::StoreAtGlobalX => {
                let idx = self.param_operands(callee, args, "store_u32_at_global_x")?;
                Some(KernelOp::StoreU32AtGlobalX {
                    base_param_index: *idx.first()?,
                    value_param_index: *idx.get(1)?,
                })
            }
            Backed::ClassifyAtGlobalX => {
                let idx = self.param_operands(callee, args, "classify_u32_at_global_x")?;
                Some(KernelOp::ClassifyU32AtGlobalX {
                    input_param_index: *idx.first()?,
                    output_param_index: *idx.get(1)?,
                    threshold_param_index: *idx.get(2)?,
                })
            }
        }
    }

    /// A literal operand's value, checked against its kind and the processor.
    fn operand(&mut self, arg: &Expr, kind: Operand) -> Option<u32> {
        let mut inner = arg;
        while let ExprKind::Paren(x) = &inner.kind {
            inner = x;
        }
        let value = match &inner.kind {
            ExprKind::Int(v) => *v,
            other => {
                let label = match other {
                    ExprKind::Unary(UnOp::Neg, _) => {
                        "negative values are not register numbers or offsets"
                    }
                    ExprKind::Name(_) | ExprKind::Path(_) => "a name, not a literal",
                    _ => "not an integer literal",
                };
                self.err(
                    Diagnostic::error(codes::BACKEND, messages::LITERAL)
                        .at(arg.span, label)
                        .help("write the register number or byte offset directly, such as `0`, `1` or `16`"),
                );
                return None;
            }
        };
        let (limit, what) = match kind {
            LdsOffset => (0xFFFF, "LDS byte offsets are 16-bit (0 to 65535)"),
            _ => (
                0xFF,
                "register operands are 8-bit register numbers (0 to 255)",
            ),
        };
        let Some(v) = value.filter(|v| *v <= limit) else {
            self.err(
                Diagnostic::error(codes::BACKEND, messages::RANGE)
                    .at(arg.span, "out of range")
                    .note(what),
            );
            return None;
        };
        let v = v as u32;
        let info = self.processor.info();
        let pname = self.processor.name();
        let last = v + kind.width() - 1;
        let (file, count) = match kind {
            Sgpr | SgprPair => ("SGPR", info.addressable_sgprs),
            Vgpr | VgprPair => ("VGPR", info.addressable_vgprs),
            AccQuad => ("accumulator", info.addressable_vgprs),
            LdsOffset => return Some(v),
        };
        if last >= count {
            let tuple = if kind.width() > 1 {
                format!(" (the tuple ends at {last})")
            } else {
                String::new()
            };
            self.err(
                Diagnostic::error(codes::BACKEND, messages::RANGE)
                    .at(
                        arg.span,
                        format!("{file} {v} is not addressable on {pname}{tuple}"),
                    )
                    .note(format!(
                        "{pname} has {count} addressable {file}s (0 to {})",
                        count - 1
                    )),
            );
            return None;
        }
        let aligned = match kind {
            SgprPair => true,
            VgprPair | AccQuad => self.processor == Processor::Gfx942,
            _ => false,
        };
        if aligned && v % 2 != 0 {
            self.err(
                Diagnostic::error(
                    codes::BACKEND,
                    "AMDGPU source intrinsic register tuple must start at an even register",
                )
                .at(arg.span, format!("{file} tuple starts at odd register {v}"))
                .note(if kind == SgprPair {
                    "64-bit SGPR operands are even-aligned pairs on every processor".to_string()
                } else {
                    format!(
                        "{pname} requires VGPR and accumulator tuples to start at an even register"
                    )
                }),
            );
            return None;
        }
        Some(v)
    }

    /// Operands of the `std::gpu::device` compatibility ops: direct names of
    /// immutable `u64` kernel parameters. Returns the parameter indexes.
    fn param_operands(&mut self, _callee: &Expr, args: &[Expr], op: &str) -> Option<Vec<u8>> {
        let p = self.program;
        let mut out = Vec::new();
        let mut ok = true;
        for arg in args {
            let param = match (&arg.kind, p.name_res(arg.id)) {
                (ExprKind::Name(_), Some(NameRes::Local(l))) => {
                    let local = p.local(l);
                    local
                        .param_index
                        .filter(|_| !local.mutable && local.ty == Ty::Int(IntTy::U64))
                }
                _ => None,
            };
            match param {
                Some(i) => out.push(i as u8),
                None => {
                    ok = false;
                    self.err(
                        Diagnostic::error(
                            codes::BACKEND,
                            format!("`{op}` operands in AMDGPU source kernels must be direct names of immutable u64 kernel parameters"),
                        )
                        .at(arg.span, "not a kernel parameter name")
                        .note("mixed host/device builds accept scalar expressions here; the standalone object path does not"),
                    );
                }
            }
        }
        ok.then_some(out)
    }
}

fn body_note() -> String {
    "keep the kernel body to raw `__silk_amdgpu_*` intrinsics, `std::gpu::isa` wrappers, `std::gpu::device::store_u32_at_global_x`, `std::gpu::device::classify_u32_at_global_x`, and a final `return;`".to_string()
}

fn stmt_kind_name(k: &StmtKind) -> &'static str {
    match k {
        StmtKind::Let { .. } => "a `let`/`var` binding",
        StmtKind::Const(_) => "a named `const` binding",
        StmtKind::Assign { .. } => "an assignment",
        StmtKind::Expr(_) => "this expression",
        StmtKind::If { .. } => "`if`",
        StmtKind::While { .. } => "`while`",
        StmtKind::Loop(_) => "`loop`",
        StmtKind::For { .. } => "`for`",
        StmtKind::Break => "`break`",
        StmtKind::Continue => "`continue`",
        StmtKind::Return(_) => "`return` with a value",
        StmtKind::Block(_) => "a nested block",
        StmtKind::Launch(_) => "a `gpu` launch block",
        StmtKind::Error => "this statement",
    }
}
