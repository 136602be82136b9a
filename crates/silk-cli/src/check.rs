//! `silk check`: parse, resolve and type-check Silk files; with `--target`,
//! also run the standalone AMDGPU source-kernel analysis. `silk check
//! rocr-load | hip-runtime | host-env` are the opt-in host checks of
//! `silk-check` (docs/checks.md); this file only parses and prints.

use silk_lang::amdgpu::build_source_kernel;

#[derive(clap::Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct Args {
    #[command(subcommand)]
    host: Option<HostCheck>,
    /// Source files of the root package (dependency packages may follow).
    #[arg(required = true, value_name = "FILE")]
    files: Vec<String>,
    /// Do not make the shipped standard library (`std/...`) available.
    #[arg(long)]
    nostd: bool,
    /// Check as a standalone AMDGPU kernel for this target (`gfx942`, ...).
    #[arg(long, value_name = "TARGET")]
    target: Option<String>,
}

/// The opt-in host checks (settings from the environment; see
/// docs/checks.md). A skip exits 0 unless the check's `_REQUIRE=1`.
#[derive(clap::Subcommand)]
enum HostCheck {
    /// Load a Silk-built (or given) code object through ROCR's executable
    /// loader: SILK_AMDGPU_ROCR_* and AMDGPU_TARGET.
    RocrLoad,
    /// Launch built-in kernels through the HIP provider with a watchdog:
    /// SILK_AMDGPU_HIP_*, SILK_HIP_LIBRARY and AMDGPU_TARGET.
    HipRuntime,
    /// Print a read-only snapshot of the host's ROCm/KFD setup.
    HostEnv,
    /// The body of a check's child process.
    #[command(hide = true)]
    InternalChild {
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<String>,
    },
}

fn host_check(check: &HostCheck) -> Result<(), silk_cli::Error> {
    use std::io::Write;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let spawner = || silk_check::child::Spawner::current_exe(&["check", "internal-child"]);
    let result = match check {
        HostCheck::RocrLoad => spawner().and_then(|s| silk_check::run_rocr_load(&s, &mut out)),
        HostCheck::HipRuntime => spawner().and_then(|s| silk_check::run_hip_runtime(&s, &mut out)),
        HostCheck::HostEnv => silk_check::run_host_env(&mut out),
        HostCheck::InternalChild { args } => {
            let code = silk_check::child_main(args, &mut out);
            let _ = out.flush();
            std::process::exit(code);
        }
    };
    let _ = out.flush();
    result.map_err(silk_cli::Error::HostCheck)
}

/// Diagnostics go to stderr; `Err` carries the summary line.
pub fn run(args: &Args) -> Result<(), silk_cli::Error> {
    if let Some(check) = &args.host {
        return host_check(check);
    }
    let mut session = silk_cli::files::session(&args.files, args.nostd)?;
    let result = match &args.target {
        Some(target) => build_source_kernel(&mut session, target).map(|k| {
            println!(
                "kernel `{}` for {}: {} parameter(s), {} operation(s){}",
                k.name,
                k.processor().canonical_name(),
                k.params.len(),
                k.ops.len(),
                if k.uses_lds() { ", uses LDS" } else { "" }
            );
        }),
        None => session.check().map(|_| ()),
    };
    result.map_err(|diags| {
        eprint!("{}", session.render(&diags));
        silk_cli::Error::Diagnostics {
            action: "check",
            what: "the program".into(),
            errors: diags.error_count(),
        }
    })
}
