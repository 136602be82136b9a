//! `silk-codegen`: compiles `silk-gpu-ir` kernels to AMDGPU machine code
//! and AMDHSA code objects for gfx942 (wave64), gfx1100 and gfx1151
//! (wave32 by default, wave64 when the [`Target`] asks for it: lane masks,
//! EXEC and VCC are then SGPR pairs, and the descriptor says so).
//!
//! The pass order is written once, in [`compile_kernel`] (as Mesa ACO's
//! `aco_compile_shader` does):
//!
//! 0. [`inline::inline_calls`] (in [`compile_module`]) — device-function
//!    calls replaced by the callees' bodies;
//! 1. [`unroll::run`] — short counted loops unrolled whole;
//!    [`narrow::run`] — 64-bit pointer offsets computed on 32 bits where
//!    that is enough; [`cse::run`] — repeated pure operations reuse the
//!    first result, unused ones go; [`lower::expand`] — IR-level
//!    expansion of 64-bit integer division; [`hoist::run`] — operations
//!    common to both arms of an `if` computed once before it;
//!    [`sink::run`] — operations only one arm of a later `if` uses moved
//!    into that arm;
//! 2. [`uniformity::analyze`] — which IR values are uniform per wave;
//! 3. [`abi::arg_layout`] — kernarg offsets of the parameters;
//! 4. [`isel`] — instruction selection to machine IR over virtual
//!    registers, including the prologue (kernarg `s_load`s, workgroup-id
//!    SGPRs, packed work-item ids in v0) and the structurization of
//!    `if`/`loop` with EXEC masking; [`deadmov::run`] drops moves
//!    nothing reads and [`mcse::run`] repeated pure instructions;
//! 5. [`sched::run`] — latency-aware list scheduling in each block, on
//!    virtual registers (loads hoisted and clustered); precoloured
//!    operations keep the author's order among themselves;
//!    [`smem::merge_virtual`] then merges adjacent scalar loads
//!    (kernargs) into wider ones;
//! 6. [`regalloc::allocate`] — liveness and linear-scan allocation, then
//!    [`mir::mark_true16_halves`];
//!    [`smem::run`] then merges scalar loads allocation made adjacent;
//! 7. [`waitcnt::Waitcnt::run`] — wait counts as a CFG dataflow;
//!    [`skip::run`] then drops EXEC-skip branches over short ALU arms;
//! 8. [`hazards::run`] — wait states the hardware does not interlock;
//! 9. [`emit`] — branch resolution and encoding; [`abi::kernel_config`]
//!    derives the `KernelConfig` and metadata from the result.
//!
//! The machine IR verifier ([`mir::MFunction::verify`]) runs between
//! passes in debug builds.
//!
//! Silk source kernels take the same pipeline: their source intrinsics
//! are precoloured IR operations (`silk_gpu_ir::AmdgpuOp`, selected in
//! `isel::precoloured`), and they ask for the Code Object V6 dispatch ABI
//! ([`abi::EntryAbi::Dispatch`]) through [`Options::abi`].

pub mod error;

pub use error::{Error, Result};

// ---- The device-IR compiler ----

pub mod abi;
pub mod cse;
pub mod dataflow;
pub mod deadmov;
pub mod hash;
pub mod hazards;
pub mod hoist;
pub mod inline;
pub mod isel;
pub mod lower;
pub mod mcse;
pub mod mir;
pub mod narrow;
pub mod regalloc;
pub mod sched;
pub mod sink;
pub mod skip;
pub mod smem;
pub mod uniformity;
pub mod unroll;
pub mod waitcnt;

use silk_amdgpu::code_object::{CodeObject, KernelConfig, KernelMetadata};
use silk_amdgpu::isa::{encode, Inst};
use silk_amdgpu::target::{Generation, Target};
use silk_gpu_ir::{Function, FunctionKind, Module};
use std::borrow::Cow;

/// One compiled kernel.
#[derive(Clone, Debug)]
pub struct CompiledKernel {
    pub name: String,
    pub insts: Vec<Inst>,
    /// Layout-order block start (instruction index) for labels in text.
    pub block_starts: Vec<usize>,
    pub code: Vec<u8>,
    pub config: KernelConfig,
    pub metadata: KernelMetadata,
    /// Registers the code uses.
    pub usage: abi::RegUsage,
    /// Machine IR after instruction selection, when [`Options::keep_mir`]
    /// asked for it (`--emit mir`, snapshots).
    pub mir_after_isel: Option<String>,
}

/// What a compilation keeps besides the code.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Print the machine IR after instruction selection into
    /// [`CompiledKernel::mir_after_isel`] (it costs about a tenth of the
    /// compile time, so it is off by default).
    pub keep_mir: bool,
    /// The kernel entry convention (the registers the hardware sets up,
    /// the hidden kernarg block).
    pub abi: abi::EntryAbi,
}

/// Compile every kernel of `module` for `target` (the device functions
/// they call are inlined).
pub fn compile_module(module: &Module, target: &Target) -> Result<Vec<CompiledKernel>, Error> {
    compile_module_with(module, target, Options::default())
}

/// [`compile_module`] with [`Options`].
pub fn compile_module_with(
    module: &Module,
    target: &Target,
    options: Options,
) -> Result<Vec<CompiledKernel>, Error> {
    module.verify().map_err(silk_gpu_ir::Error::from)?;
    let mut out = Vec::new();
    for f in module.kernels() {
        let f = inline::inline_calls_cow(module, f).map_err(|e| annotate(e, &f.name))?;
        let name = f.name.clone();
        out.push(compile(f, target, options).map_err(|e| annotate(e, &name))?);
    }
    if out.is_empty() {
        return Err(Error::unsupported("a module without kernels"));
    }
    Ok(out)
}

fn annotate(e: Error, kernel: &str) -> Error {
    match e {
        e @ (Error::Ir(_) | Error::CodeObject(_) | Error::InKernel { .. }) => e,
        e => Error::InKernel {
            kernel: kernel.to_string(),
            source: Box::new(e),
        },
    }
}

fn check(mf: &mir::MFunction, stage: &str, allocated: bool) -> Result<(), Error> {
    if cfg!(debug_assertions) {
        mf.verify(stage, allocated)?;
    }
    Ok(())
}

/// The pass pipeline for one kernel.
pub fn compile_kernel(f: &Function, target: &Target) -> Result<CompiledKernel, Error> {
    compile_kernel_with(f, target, Options::default())
}

/// [`compile_kernel`] with [`Options`].
pub fn compile_kernel_with(
    f: &Function,
    target: &Target,
    options: Options,
) -> Result<CompiledKernel, Error> {
    compile(Cow::Borrowed(f), target, options)
}

/// The pipeline on a kernel it may consume: the device-IR passes change
/// one copy in place and pass it on, and copy nothing that has nothing
/// to change.
fn compile(
    f: Cow<'_, Function>,
    target: &Target,
    options: Options,
) -> Result<CompiledKernel, Error> {
    if f.kind != FunctionKind::Kernel {
        return Err(Error::unsupported(
            "compiling device functions on their own",
        ));
    }
    let f = unroll::run_cow(f).into_owned();
    let f = cse::run_owned(narrow::run(f));
    let f = lower::expand_cow(Cow::Owned(f))?;
    let f = &sink::run(hoist::run_cow(f).into_owned());
    let p = target.processor;
    let wave64 = target.wavefront_size == 64;
    check_matrix_ops(f, p, wave64)?;
    let uniform = uniformity::analyze(f);
    let args = abi::arg_layout(f, options.abi)?;
    let sel = isel::Sel::new(f, p, wave64, uniform, &args);
    let (mut mf, needs) = sel.select_kernel()?;
    check(&mf, "instruction selection", false)?;
    let mir_after_isel = options.keep_mir.then(|| mf.print());
    deadmov::run(&mut mf);
    check(&mf, "dead move elimination", false)?;
    mcse::run(&mut mf);
    check(&mf, "machine common subexpressions", false)?;
    sched::run(&mut mf)?;
    check(&mf, "scheduling", false)?;
    smem::merge_virtual(&mut mf)?;
    check(&mf, "scalar load merging", false)?;
    let info = p.info();
    let max_s = match p.generation() {
        // gfx942 reserves VCC, FLAT_SCRATCH and XNACK_MASK above next_free_sgpr.
        Generation::Gfx9 => info.addressable_sgprs.min(102) - 6,
        Generation::Gfx11 => info.addressable_sgprs.min(106),
    };
    let max_v = info.addressable_vgprs.min(256);
    let usage = regalloc::allocate(&mut mf, max_s, max_v)?;
    mir::mark_true16_halves(&mut mf);
    check(&mf, "register allocation", true)?;
    smem::run(&mut mf)?;
    check(&mf, "scalar load merging", true)?;
    waitcnt::Waitcnt::new(p.generation(), info.wait_counters).run(&mut mf)?;
    check(&mf, "wait-count insertion", true)?;
    skip::run(&mut mf);
    hazards::run(&mut mf)?;
    check(&mf, "hazard handling", true)?;
    let (insts, block_starts, code) = emit(&mf)?;
    let (config, metadata) = abi::kernel_config(target, &f.name, &args, &needs, usage, code.len());
    Ok(CompiledKernel {
        name: f.name.clone(),
        insts,
        block_starts,
        code,
        config,
        metadata,
        usage,
        mir_after_isel,
    })
}

/// Reject a matrix operation the processor lacks or whose wave size is
/// not the kernel's, as the IR verifier words it.
fn check_matrix_ops(
    f: &Function,
    p: silk_amdgpu::target::Processor,
    wave64: bool,
) -> Result<(), Error> {
    let caps = p.info().capabilities;
    let t = silk_gpu_ir::Target {
        name: p.to_string(),
        mfma: caps.mfma,
        wmma: caps.wmma,
        wave64,
    };
    for inst in f.insts() {
        if let silk_gpu_ir::Op::Matrix { op, .. } = inst.op {
            if let Some(message) = t.reject(op) {
                return Err(silk_gpu_ir::Error::Verify(silk_gpu_ir::VerifyError {
                    function: Some(f.name.clone()),
                    inst: Some(silk_gpu_ir::print::inst_header(f, inst)),
                    message,
                })
                .into());
            }
        }
    }
    Ok(())
}

/// Resolve branch labels and encode.
/// Encoded kernel: instructions, block start indices, code bytes.
pub type Emitted = (Vec<Inst>, Vec<usize>, Vec<u8>);

pub fn emit(mf: &mir::MFunction) -> Result<Emitted, Error> {
    let p = mf.processor;
    let cannot = |inst: &Inst, e: &silk_amdgpu::isa::EncodeError| Error::Encode {
        text: mir::text(p, inst),
        processor: p,
        source: e.clone(),
    };
    let encode_into = |inst: &Inst, words: &mut Vec<u32>| {
        words.clear();
        encode::encode(p, inst, words).map_err(|e| cannot(inst, &e))
    };
    // One encoding pass with branch offsets 0 (branches are one-dword
    // SOPP whatever the offset), then the branches again with offsets.
    // The instructions between branches and block starts are encoded as
    // one run (`encode_all`); the branches one by one, to note where they are.
    let count: usize = mf.blocks.iter().map(|b| b.insts.len()).sum();
    let mut block_byte = Vec::with_capacity(mf.blocks.len());
    let mut insts = Vec::with_capacity(count);
    let mut block_starts = Vec::with_capacity(mf.blocks.len());
    // Most instructions are one or two dwords.
    let mut code = Vec::with_capacity(8 * count);
    // `encode_all` works in 256-dword chunks past what it has written.
    let mut words = Vec::with_capacity(2 * count + 260);
    let mut branches = Vec::new(); // (instruction index, byte offset, dwords, MInst)
                                   // Instructions from `run_start` on are not encoded yet.
    let mut run_start = 0;
    let flush = |insts: &[Inst], code: &mut Vec<u8>, words: &mut Vec<u32>| {
        words.clear();
        encode::encode_all(p, insts, words).map_err(|e| cannot(&insts[e.index], &e.source))?;
        for w in words.iter() {
            code.extend_from_slice(&w.to_le_bytes());
        }
        Ok::<(), Error>(())
    };
    for b in &mf.blocks {
        flush(&insts[run_start..], &mut code, &mut words)?;
        run_start = insts.len();
        block_byte.push(code.len());
        block_starts.push(insts.len());
        for i in &b.insts {
            let inst = mir::to_isa(i, &|_| 0)?;
            if i.ops.iter().any(|o| matches!(o, mir::MOp::Label(_))) {
                flush(&insts[run_start..], &mut code, &mut words)?;
                encode_into(&inst, &mut words)?;
                branches.push((insts.len(), code.len(), words.len(), i));
                for w in &words {
                    code.extend_from_slice(&w.to_le_bytes());
                }
                run_start = insts.len() + 1;
            }
            insts.push(inst);
        }
    }
    flush(&insts[run_start..], &mut code, &mut words)?;
    for (k, here, n, i) in branches {
        let inst = mir::to_isa(i, &|t| {
            let target = block_byte[t.0 as usize] as i64;
            ((target - (here as i64 + 4)) / 4) as i32
        })?;
        encode_into(&inst, &mut words)?;
        let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        if words.len() != n {
            return Err(Error::invariant(
                "emission",
                format!(
                    "branch `{}` changed size when its offset was filled in",
                    mir::text(p, &inst)
                ),
            ));
        }
        code[here..here + bytes.len()].copy_from_slice(&bytes);
        insts[k] = inst;
    }
    Ok((insts, block_starts, code))
}

/// A code object holding the compiled kernels.
pub fn code_object(target: &Target, kernels: &[CompiledKernel]) -> Result<Vec<u8>, Error> {
    let mut obj = CodeObject::new(*target);
    for k in kernels {
        obj.push_kernel(
            &k.name,
            k.code.clone(),
            k.config.clone(),
            k.metadata.clone(),
        );
    }
    Ok(obj.to_bytes()?)
}

/// [`code_object`] without copying the kernels: each one's code and
/// metadata move into the object while it is written and back after,
/// whatever the result (a metadata entry comes back with `.name` and
/// `.symbol` from its kernel's name, as the object has them; compiled
/// kernels have them so already).
pub fn write_code_object(
    target: &Target,
    kernels: &mut [CompiledKernel],
) -> Result<Vec<u8>, Error> {
    let mut obj = CodeObject::new(*target);
    for k in kernels.iter_mut() {
        let code = std::mem::take(&mut k.code);
        let metadata = std::mem::take(&mut k.metadata);
        // `abi::kernel_config` named the metadata as `push_kernel` would.
        let named =
            metadata.name == k.name && metadata.symbol.strip_suffix(".kd") == Some(k.name.as_str());
        if named {
            obj.kernels.push(silk_amdgpu::code_object::Kernel {
                name: k.name.clone(),
                code,
                config: k.config.clone(),
            });
            obj.metadata.kernels.push(metadata);
        } else {
            obj.push_kernel(&k.name, code, k.config.clone(), metadata);
        }
    }
    let bytes = obj.to_bytes();
    let back = obj.kernels.into_iter().zip(obj.metadata.kernels);
    for (k, (code, metadata)) in kernels.iter_mut().zip(back) {
        // `.name` and `.symbol` are the kernel's name, as before.
        k.code = code.code;
        k.metadata = metadata;
    }
    Ok(bytes?)
}

/// LLVM-syntax assembly: the kernels' code with block labels, and their
/// `.amdhsa_kernel` descriptors. `llvm-mc-22` assembles it to the same
/// instruction bytes.
pub fn assembly(target: &Target, kernels: &[CompiledKernel]) -> String {
    use std::fmt::Write;
    let p = target.processor;
    let mut s = String::new();
    let _ = writeln!(s, "\t.amdgcn_target \"{}\"", target.target_id());
    let _ = writeln!(s, "\t.text");
    for (ki, k) in kernels.iter().enumerate() {
        let _ = writeln!(s, "\t.globl\t{}", k.name);
        let _ = writeln!(s, "\t.p2align\t8");
        let _ = writeln!(s, "\t.type\t{},@function", k.name);
        let _ = writeln!(s, "{}:", k.name);
        let mut next_block = 0;
        for (i, inst) in k.insts.iter().enumerate() {
            while next_block < k.block_starts.len() && k.block_starts[next_block] == i {
                let _ = writeln!(s, "; %bb{ki}.{next_block}");
                next_block += 1;
            }
            let _ = writeln!(s, "\t{}", mir::text(p, inst));
        }
        let _ = writeln!(s, ".Lfunc_end{ki}:");
        let _ = writeln!(s, "\t.size\t{}, .Lfunc_end{ki}-{}", k.name, k.name);
    }
    let _ = writeln!(s, "\t.rodata");
    for k in kernels {
        let _ = writeln!(s, "\t.p2align\t6");
        s.push_str(&k.config.assembler_directives(target, &k.name));
    }
    s
}
