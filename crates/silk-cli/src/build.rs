//! `silk build [--nostd] --kind object --target <amdgpu> FILE... -o OUT`:
//! the standalone AMDGPU source-kernel path. The front end (`silk-lang`)
//! finds and checks the kernel; `silk-codegen` lowers it to a code object.

use silk_codegen::source_kernel::{self, CompiledKernel, KernelSource};
use silk_codegen::CodegenError;
use silk_lang::amdgpu::build_source_kernel;
use silk_lang::diag::codes;
use silk_lang::{Diagnostic, Diagnostics, FsLoader, Options, Session, SourceKernel};

/// Output kinds `silk build` knows; only `object` has a backend today.
pub const KINDS: &[&str] = &["object"];

#[derive(clap::Args)]
pub struct Args {
    /// Source files of the root package (dependency packages may follow;
    /// `import ... from "./file.slk"` loads more).
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<String>,
    /// Do not make the shipped standard library (`std/...`) available.
    #[arg(long)]
    pub nostd: bool,
    /// What to build: `object` (an AMDHSA code object, `.hsaco`).
    #[arg(long, value_name = "KIND", default_value = "object")]
    pub kind: String,
    /// AMDGPU target: `amdgcn-amd-amdhsa-gfx942`, `gfx1100`, `gfx1151`, ...
    #[arg(long, value_name = "TARGET", required = true)]
    pub target: String,
    /// Output file [default: `<kernel>.hsaco`].
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<String>,
}

/// A built kernel: the front end's description and the compiled result.
pub struct Built {
    pub kernel: SourceKernel,
    pub compiled: CompiledKernel,
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

fn summary(diags: &Diagnostics, what: &str) -> String {
    let n = diags.error_count();
    format!(
        "could not build {what} due to {n} previous error{}",
        if n == 1 { "" } else { "s" }
    )
}

/// Run `silk build`. Diagnostics go to stderr; `Err` carries the summary line.
pub fn run(args: &Args) -> Result<(), String> {
    let what = format!("`{}`", args.files[0]);
    let mut session = Session::new(Options {
        nostd: args.nostd,
        ..Default::default()
    })
    .with_loader(Box::new(FsLoader));
    if !KINDS.contains(&args.kind.as_str()) {
        let diags = Diagnostics::from(
            Diagnostic::error(
                codes::BACKEND,
                format!("`--kind {}` is not supported for AMDGPU targets", args.kind),
            )
            .help("use `--kind object` to build an AMDHSA code object (`.hsaco`)"),
        );
        eprint!("{}", session.render(&diags));
        return Err(summary(&diags, &what));
    }
    for file in &args.files {
        let text =
            std::fs::read_to_string(file).map_err(|e| format!("cannot read `{file}`: {e}"))?;
        session.add_file(file.clone(), text);
    }
    let built = build_object(&mut session, &args.target).map_err(|diags| {
        eprint!("{}", session.render(&diags));
        summary(&diags, &what)
    })?;
    let output = args
        .output
        .clone()
        .unwrap_or_else(|| format!("{}.hsaco", built.kernel.name));
    std::fs::write(&output, &built.bytes).map_err(|e| format!("cannot write `{output}`: {e}"))?;
    Ok(())
}
