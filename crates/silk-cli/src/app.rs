//! Pure-Silk applications: `silk build app.slk -o app --target
//! linux-x86_64 [--gpu-target <amdgpu>]`, `silk run app.slk [-- ARGS]`
//! and `silk test file.slk`. Host code goes through the Cranelift host
//! backend (`silk-host`) and is linked in process; GPU entries become the
//! code objects of the executable's Silk GPU bundle.

use crate::error::{Error, Result};
use silk_host::{BuildError, Entry};
use silk_lang::diag::{codes, Diagnostic, Diagnostics};
use silk_lang::program::PackageOrigin;
use silk_lang::{Options, Program, Session};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The one host target.
pub const HOST_TARGET: &str = "linux-x86_64";

/// What one application build needs.
pub struct AppBuild<'a> {
    pub files: &'a [String],
    pub nostd: bool,
    pub gpu_target: Option<&'a str>,
    pub entry: Entry,
}

/// `silk run`.
#[derive(clap::Args)]
pub struct RunArgs {
    /// The application's source file (more files of its root package may follow).
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<String>,
    #[arg(long)]
    pub nostd: bool,
    /// Embed GPU code objects for this AMDGPU processor.
    #[arg(long, value_name = "TARGET")]
    pub gpu_target: Option<String>,
    /// Arguments for the program (after `--`).
    #[arg(last = true, value_name = "ARGS")]
    pub args: Vec<String>,
}

/// `silk test`.
#[derive(clap::Args)]
pub struct TestArgs {
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<String>,
    #[arg(long)]
    pub nostd: bool,
    /// Run only the tests whose name contains this text.
    #[arg(long, value_name = "TEXT")]
    pub filter: Option<String>,
}

fn diagnostics(session: &Session, diags: &Diagnostics, what: &str) -> Error {
    eprint!("{}", session.render(diags));
    Error::Diagnostics {
        action: "build",
        what: format!("`{what}`"),
        errors: diags.error_count(),
    }
}

/// One E4001 error without a location, rendered like the others.
pub fn option_error(message: &str, help: &str, what: &str) -> Error {
    let session = Session::new(Options::default());
    let d = Diagnostics::from(Diagnostic::error(codes::BACKEND, message).help(help));
    diagnostics(&session, &d, what)
}

/// Root-package `attr(device=gpu)` functions make a GPU build necessary.
fn device_functions_need_gpu_target(p: &Program) -> Option<Diagnostic> {
    let sym = p.symbols.iter().find(|s| {
        p.package(s.package).origin == PackageOrigin::Root
            && matches!(&s.kind, silk_lang::program::SymbolKind::Fn(sig) if sig.device)
    })?;
    Some(
        Diagnostic::error(
            codes::BACKEND,
            format!(
                "`{}` is a GPU function, but this executable is built without `--gpu-target`",
                sym.name
            ),
        )
        .at(sym.span, "`attr(device=gpu)` function")
        .help("add `--gpu-target amdgcn-amd-amdhsa-gfx942` (or your GPU's processor) to embed its code object"),
    )
}

/// Build the application into the executable `output`.
pub fn build(build: &AppBuild, output: &Path) -> Result<()> {
    let what = build.files[0].clone();
    let mut session = crate::files::session(build.files, build.nostd)?;
    let program = session
        .check()
        .map_err(|d| diagnostics(&session, &d, &what))?;
    let mut archives = Vec::new();
    let mut bundle = None;
    match build.gpu_target {
        None if build.entry == Entry::Main => {
            if let Some(d) = device_functions_need_gpu_target(&program) {
                return Err(diagnostics(&session, &Diagnostics::from(d), &what));
            }
        }
        None => {}
        Some(target) => {
            let objects = silk_driver::build_device_objects(&mut session, target)
                .map_err(|d| diagnostics(&session, &d, &what))?;
            bundle = Some(crate::gpu_app::bundle(target, &objects)?);
            archives.push(crate::gpu_app::runtime_archive()?);
        }
    }
    silk_host::build_executable(
        &program,
        session.source_map(),
        build.entry,
        &archives,
        output,
    )
    .map_err(|e| match e {
        BuildError::Diagnostics(d) => diagnostics(&session, &d, &what),
        BuildError::Host(e) => Error::Host(e),
    })?;
    if let Some(bundle) = bundle {
        crate::gpu_app::append_bundle(output, &bundle)?;
    }
    Ok(())
}

/// A private scratch directory for one `run`/`test`.
fn scratch() -> Result<PathBuf> {
    let dir = std::env::temp_dir().join(format!("silk-run-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|source| Error::Write {
        path: dir.display().to_string(),
        source,
    })?;
    Ok(dir)
}

fn exe_name(files: &[String]) -> String {
    Path::new(&files[0])
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "app".into())
}

/// Exit status of a finished child: its code, or 128 + the signal.
fn status_of(s: std::process::ExitStatus) -> i32 {
    use std::os::unix::process::ExitStatusExt;
    s.code().unwrap_or_else(|| 128 + s.signal().unwrap_or(0))
}

/// `silk run`: build to a temporary file, run it, return its status.
pub fn run(args: &RunArgs) -> Result<i32> {
    let dir = scratch()?;
    let exe = dir.join(exe_name(&args.files));
    let b = AppBuild {
        files: &args.files,
        nostd: args.nostd,
        gpu_target: args.gpu_target.as_deref(),
        entry: Entry::Main,
    };
    let built = build(&b, &exe);
    let status = built.and_then(|()| {
        Command::new(&exe)
            .args(&args.args)
            .status()
            .map(status_of)
            .map_err(|source| Error::Spawn {
                path: exe.display().to_string(),
                source,
            })
    });
    let _ = std::fs::remove_dir_all(&dir);
    status
}

/// `silk test`: one process per `test` block (a trap ends only its own
/// test); prints each result and a summary; status 0 when all passed.
pub fn test(args: &TestArgs) -> Result<i32> {
    let b = AppBuild {
        files: &args.files,
        nostd: args.nostd,
        gpu_target: None,
        entry: Entry::Tests,
    };
    let names: Vec<String> = {
        let mut s = crate::files::session(b.files, b.nostd)?;
        let p = s.check().map_err(|d| diagnostics(&s, &d, &args.files[0]))?;
        p.tests.iter().map(|t| t.name.clone()).collect()
    };
    let dir = scratch()?;
    let exe = dir.join(format!("{}-tests", exe_name(&args.files)));
    if let Err(e) = build(&b, &exe) {
        let _ = std::fs::remove_dir_all(&dir);
        return Err(e);
    }
    let (mut passed, mut failed, mut skipped) = (0, 0, 0);
    println!("running {} tests", names.len());
    for (k, name) in names.iter().enumerate() {
        if args
            .filter
            .as_ref()
            .is_some_and(|f| !name.contains(f.as_str()))
        {
            skipped += 1;
            continue;
        }
        let out = Command::new(&exe).arg(k.to_string()).output();
        match out {
            Ok(o) if o.status.success() => {
                passed += 1;
                println!("test {name} ... ok");
            }
            Ok(o) => {
                failed += 1;
                println!("test {name} ... FAILED (status {})", status_of(o.status));
                print!("{}", String::from_utf8_lossy(&o.stdout));
                print!("{}", String::from_utf8_lossy(&o.stderr));
            }
            Err(e) => {
                let _ = std::fs::remove_dir_all(&dir);
                return Err(Error::Spawn {
                    path: exe.display().to_string(),
                    source: e,
                });
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    let verdict = if failed == 0 { "ok" } else { "FAILED" };
    println!("test result: {verdict}. {passed} passed; {failed} failed; {skipped} filtered out");
    Ok(if failed == 0 { 0 } else { 1 })
}
