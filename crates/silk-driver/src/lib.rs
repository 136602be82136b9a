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
    let bytes = silk_codegen::code_object(&kernel.target, &compiled)
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
