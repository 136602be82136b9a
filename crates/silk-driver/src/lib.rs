//! The in-process build driver: Silk sources and an AMDGPU target name in,
//! AMDHSA code-object bytes (or diagnostics) out. `silk build` and the C
//! ABI (`silk_compile_kernel`) both call it, so they produce the same bytes
//! and the same diagnostics for the same input.
//!
//! It sits above both halves of the one pipeline: the front end
//! (`silk-lang`) finds and checks the kernel and lowers it to device IR;
//! the code generator (`silk-codegen`) compiles that IR with the Code
//! Object V6 dispatch ABI the source intrinsics' literal registers assume.
//!
//! ```
//! let text = "ext __silk_amdgpu_v_add_f32 = fn (int, int, int) -> void;\n\
//!             export fn kernel_name () { __silk_amdgpu_v_add_f32(0, 1, 2); }\n";
//! let (_, built) = silk_driver::build_sources(&[("kernel.slk", text)], true, "gfx942")
//!     .map_err(|(session, diags)| session.render(&diags))
//!     .unwrap();
//! assert_eq!(&built.bytes[..4], b"\x7fELF");
//! ```

use silk_codegen::abi::EntryAbi;
use silk_codegen::CompiledKernel;
use silk_lang::amdgpu::build_source_kernel;
use silk_lang::diag::{codes, Diagnostic, Diagnostics};
use silk_lang::{Options, Session, SourceKernel};

/// A built kernel: the front end's description and the compiled result.
pub struct Built {
    pub kernel: SourceKernel,
    pub compiled: CompiledKernel,
    /// The `.hsaco` file contents.
    pub bytes: Vec<u8>,
}

/// A code-generation failure as a diagnostic at the kernel it came from.
fn backend_diagnostic(kernel: &SourceKernel, message: String) -> Diagnostics {
    Diagnostics::from(
        Diagnostic::error(codes::BACKEND, message).at(kernel.span, "while compiling this kernel"),
    )
}

/// The code-generation options of Silk source kernels.
pub fn codegen_options() -> silk_codegen::Options {
    silk_codegen::Options {
        abi: EntryAbi::Dispatch,
        ..Default::default()
    }
}

/// Check the session's files as an AMDGPU object build for `target` and
/// compile the kernel to `.hsaco` bytes.
pub fn build_object(session: &mut Session, target: &str) -> Result<Built, Diagnostics> {
    let kernel = build_source_kernel(session, target)?;
    let module = kernel
        .to_module()
        .map_err(|e| backend_diagnostic(&kernel, e.to_string()))?;
    let mut compiled =
        silk_codegen::compile_module_with(&module, &kernel.target, codegen_options())
            .map_err(|e| backend_diagnostic(&kernel, e.to_string()))?;
    let bytes = silk_codegen::write_code_object(&kernel.target, &mut compiled)
        .map_err(|e| backend_diagnostic(&kernel, e.to_string()))?;
    let compiled = compiled.remove(0);
    Ok(Built {
        kernel,
        compiled,
        bytes,
    })
}

/// Compile in-memory sources (`(file name, text)`, root package first).
/// The shipped standard library is available unless `nostd`; file imports
/// (`import x from "./x.slk"`) find nothing, since no loader is set. The
/// session comes back either way, to render the diagnostics against.
pub fn build_sources(
    sources: &[(&str, &str)],
    nostd: bool,
    target: &str,
) -> Result<(Session, Built), (Session, Diagnostics)> {
    let mut session = Session::new(Options {
        nostd,
        ..Default::default()
    });
    for (name, text) in sources {
        session.add_file(*name, *text);
    }
    match build_object(&mut session, target) {
        Ok(b) => Ok((session, b)),
        Err(d) => Err((session, d)),
    }
}

/// One launchable entry of an application, compiled to its own code object.
pub struct DeviceObject {
    pub entry: silk_lang::device::DeviceEntry,
    /// The entry's device IR (kernel plus helpers).
    pub module: silk_gpu_ir::Module,
    pub compiled: CompiledKernel,
    /// The `.hsaco` file contents.
    pub bytes: Vec<u8>,
}

/// Check the session's files as a host program and compile every
/// launchable `attr(device=gpu)` entry for `target`, each into its own
/// code object (in source order). A program without a launchable entry
/// is an error that says so.
pub fn build_device_objects(
    session: &mut Session,
    target: &str,
) -> Result<Vec<DeviceObject>, Diagnostics> {
    let target = silk_lang::amdgpu::parse_target(target).map_err(Diagnostics::from)?;
    let mut options = session.options();
    options.mode = silk_lang::Mode::Host;
    session.set_options(options);
    let program = session.check()?;
    let lowered = silk_lang::device::lower_program(&program)?;
    if lowered.is_empty() {
        let mut d = Diagnostic::error(
            codes::BACKEND,
            "no launchable entry exists: a GPU build needs an `attr(device=gpu)` function of the root package returning `void` with 0 to 32 immutable `u64` parameters",
        );
        if let Some(h) = silk_lang::device::discover(&program)
            .ok()
            .and_then(|g| g.helpers.first().copied())
        {
            d = d.at(program.symbol(h).span, "a device-only helper, not an entry");
        }
        return Err(Diagnostics::from(d));
    }
    let mut out = Vec::new();
    for (entry, module) in lowered {
        let fail = |m: String| {
            Diagnostics::from(
                Diagnostic::error(codes::BACKEND, m).at(entry.span, "while compiling this kernel"),
            )
        };
        let mut compiled = silk_codegen::compile_module_with(&module, &target, codegen_options())
            .map_err(|e| fail(e.to_string()))?;
        let bytes = silk_codegen::write_code_object(&target, &mut compiled)
            .map_err(|e| fail(e.to_string()))?;
        let compiled = compiled.remove(0);
        out.push(DeviceObject {
            entry,
            module,
            compiled,
            bytes,
        });
    }
    Ok(out)
}

/// [`build_device_objects`] over in-memory sources (`(file name, text)`,
/// root package first), with the standard library.
pub fn build_device_sources(
    sources: &[(&str, &str)],
    target: &str,
) -> Result<(Session, Vec<DeviceObject>), (Session, Diagnostics)> {
    let mut session = Session::new(Options::default());
    for (name, text) in sources {
        session.add_file(*name, *text);
    }
    match build_device_objects(&mut session, target) {
        Ok(b) => Ok((session, b)),
        Err(d) => Err((session, d)),
    }
}
