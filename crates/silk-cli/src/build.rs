//! `silk build [--nostd] --kind object --target <amdgpu> FILE... -o OUT`:
//! the standalone AMDGPU source-kernel path. The in-process driver is
//! `silk_driver` (shared with the C ABI); this module reads the
//! files, reports diagnostics and writes the object.

use crate::error::{Error, Result};
use silk_lang::diag::codes;
use silk_lang::{Diagnostic, Diagnostics, FsLoader, Options, Session};

// The driver itself is shared with the C ABI; re-exported for the tests
// and benchmarks that call it through this crate.
pub use silk_driver::{build_object, build_sources, Built};

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
    /// For `.sir` device-IR inputs: `obj` (default), `asm` (LLVM syntax)
    /// or `mir` (machine IR after instruction selection). For a Silk
    /// application: `gpu-objects` (one `<entry>.hsaco` per launchable
    /// `attr(device=gpu)` entry) or `device-ir` (one `<entry>.sir` each),
    /// written into the `-o` directory [default: `.`].
    #[arg(long, value_name = "WHAT")]
    pub emit: Option<String>,
}

/// `silk build --emit gpu-objects|device-ir`: compile every launchable
/// `attr(device=gpu)` entry of a host program, each into its own file in
/// the `-o` directory.
pub fn run_device(args: &Args, emit: &str) -> Result<()> {
    let what = format!("`{}`", args.files[0]);
    let mut session = Session::new(Options {
        nostd: args.nostd,
        ..Default::default()
    })
    .with_loader(Box::new(FsLoader));
    for file in &args.files {
        let text = std::fs::read_to_string(file).map_err(|source| Error::Read {
            path: file.clone(),
            source,
        })?;
        session.add_file(file.clone(), text);
    }
    let objs = silk_driver::build_device_objects(&mut session, &args.target).map_err(|diags| {
        eprint!("{}", session.render(&diags));
        summary(&diags, &what)
    })?;
    let dir = std::path::PathBuf::from(args.output.clone().unwrap_or_else(|| ".".into()));
    if !dir.is_dir() {
        std::fs::create_dir_all(&dir).map_err(|source| Error::Write {
            path: dir.display().to_string(),
            source,
        })?;
    }
    for o in &objs {
        let (name, bytes) = if emit == "device-ir" {
            (
                format!("{}.sir", o.entry.name),
                o.module.print().into_bytes(),
            )
        } else {
            (format!("{}.hsaco", o.entry.name), o.bytes.clone())
        };
        crate::files::write(dir.join(name), &bytes)?;
    }
    Ok(())
}

fn summary(diags: &Diagnostics, what: &str) -> Error {
    Error::Diagnostics {
        action: "build",
        what: what.to_string(),
        errors: diags.error_count(),
    }
}

/// Run `silk build`. Diagnostics go to stderr; `Err` carries the summary line.
pub fn run(args: &Args) -> Result<()> {
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
        let text = std::fs::read_to_string(file).map_err(|source| Error::Read {
            path: file.clone(),
            source,
        })?;
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
    crate::files::write(&output, &built.bytes)?;
    Ok(())
}
