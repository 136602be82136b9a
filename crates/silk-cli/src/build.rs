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
    /// What to build: `object` (an AMDHSA code object, `.hsaco`; the
    /// default for AMDGPU targets) or `executable` (the default for
    /// `--target linux-x86_64`).
    #[arg(long, value_name = "KIND")]
    pub kind: Option<String>,
    /// `linux-x86_64` (an application), or an AMDGPU target for a
    /// standalone code object: `amdgcn-amd-amdhsa-gfx942`, `gfx1100`, ...
    #[arg(long, value_name = "TARGET", required = true)]
    pub target: String,
    /// For `--target linux-x86_64`: embed a code object of every
    /// launchable GPU entry for this AMDGPU processor.
    #[arg(long, value_name = "TARGET")]
    pub gpu_target: Option<String>,
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
        let text = silk_lang::read_source_file(file).map_err(|source| Error::Read {
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
    let kind = args.kind.clone().unwrap_or_else(|| {
        if args.target == crate::app::HOST_TARGET {
            "executable".into()
        } else {
            "object".into()
        }
    });
    if let Some(gpu) = &args.gpu_target {
        if args.target != crate::app::HOST_TARGET {
            return Err(crate::app::option_error(
                &format!("`--gpu-target {gpu}` needs `--target linux-x86_64`, not `--target {}`", args.target),
                "the GPU bundle is embedded in a host executable: build with `--target linux-x86_64 --gpu-target ...`",
                &args.files[0],
            ));
        }
        if kind != "executable" {
            return Err(crate::app::option_error(
                &format!("`--gpu-target` needs `--kind executable`, not `--kind {kind}`"),
                "the GPU bundle is embedded in an executable; `--emit gpu-objects` writes the code objects alone",
                &args.files[0],
            ));
        }
    }
    if args.target == crate::app::HOST_TARGET {
        if kind != "executable" {
            return Err(crate::app::option_error(
                &format!("`--kind {kind}` is not supported for `--target linux-x86_64`"),
                "use `--kind executable` (the default)",
                &args.files[0],
            ));
        }
        let output = args.output.clone().unwrap_or_else(|| {
            std::path::Path::new(&args.files[0])
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_else(|| "a.out".into())
        });
        let b = crate::app::AppBuild {
            files: &args.files,
            nostd: args.nostd,
            gpu_target: args.gpu_target.as_deref(),
            entry: silk_host::Entry::Main,
        };
        return crate::app::build(&b, std::path::Path::new(&output));
    }
    if !KINDS.contains(&kind.as_str()) {
        let diags = Diagnostics::from(
            Diagnostic::error(
                codes::BACKEND,
                format!("`--kind {kind}` is not supported for AMDGPU targets"),
            )
            .help("use `--kind object` to build an AMDHSA code object (`.hsaco`)"),
        );
        eprint!("{}", session.render(&diags));
        return Err(summary(&diags, &what));
    }
    for file in &args.files {
        let text = silk_lang::read_source_file(file).map_err(|source| Error::Read {
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
