//! The in-process build driver: Silk sources and an AMDGPU target name in,
//! AMDHSA code-object bytes (or diagnostics) out. `silk build` and the C
//! ABI (`silk_compile_kernel`) both call it, so they produce the same bytes
//! and the same diagnostics for the same input.
//!
//! The front end (this crate) finds and checks the kernel;
//! `silk_codegen::source_kernel` lowers it. It lives here, above the code
//! generator in the data flow, because it needs both halves.
//!
//! ```
//! let text = "ext __silk_amdgpu_v_add_f32 = fn (int, int, int) -> void;\n\
//!             export fn kernel_name () { __silk_amdgpu_v_add_f32(0, 1, 2); }\n";
//! let (_, built) = silk_lang::build::build_sources(&[("kernel.slk", text)], true, "gfx942")
//!     .map_err(|(session, diags)| session.render(&diags))
//!     .unwrap();
//! assert_eq!(&built.bytes[..4], b"\x7fELF");
//! ```

use crate::amdgpu::build_source_kernel;
use crate::diag::{codes, Diagnostic, Diagnostics};
use crate::program::Options;
use crate::session::Session;
use crate::SourceKernel;
use silk_codegen::source_kernel::{self, CompiledKernel, KernelSource};
use silk_codegen::CodegenError;

/// A built kernel: the front end's description and the compiled result.
pub struct Built {
    pub kernel: SourceKernel,
    pub compiled: CompiledKernel,
    /// The `.hsaco` file contents.
    pub bytes: Vec<u8>,
}

/// A code-generation failure as a diagnostic at the operation it came from.
fn codegen_diagnostic(kernel: &SourceKernel, e: &CodegenError) -> Diagnostic {
    let d = Diagnostic::error(codes::BACKEND, e.to_string());
    match e.op_index().and_then(|i| kernel.op_spans.get(i)) {
        Some(span) => d.at(*span, "while lowering this operation"),
        None => d.at(kernel.span, "while compiling this kernel"),
    }
}

/// Check the session's files as an AMDGPU object build for `target` and
/// compile the kernel to `.hsaco` bytes.
pub fn build_object(session: &mut Session, target: &str) -> Result<Built, Diagnostics> {
    let kernel = build_source_kernel(session, target)?;
    let source = KernelSource {
        name: &kernel.name,
        params: &kernel.params,
        ops: &kernel.ops,
    };
    let compiled = source_kernel::compile(&kernel.target, &source)
        .map_err(|e| Diagnostics::from(codegen_diagnostic(&kernel, &e)))?;
    let bytes = compiled
        .to_bytes()
        .map_err(|e| Diagnostics::from(codegen_diagnostic(&kernel, &e)))?;
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
