//! The opt-in host checks of `backend-amdgpu.md` ("Verification"), run as
//! `silk check rocr-load`, `silk check hip-runtime` and `silk check
//! host-env` (documented in `docs/checks.md`):
//!
//! - [`rocr`]: load a code object Silk built (or one named by
//!   `SILK_AMDGPU_ROCR_HSACO`) through ROCR's executable loader, in a child
//!   process so a crash becomes a report with retry hints.
//! - [`hip_check`]: built-in kernels compiled here, launched through the
//!   runtime's HIP provider in a child process with phase markers, a log
//!   file and a watchdog.
//! - [`host_env`]: a read-only snapshot of the host's ROCm/KFD setup.
//!
//! A missing library, a failing `hsa_init`/`hipInit` or no device is a
//! *skip* (exit 0 with a `skipped:` line) unless the check's `_REQUIRE`
//! variable is 1. Every environment variable is parsed in [`env`]; a bad
//! value is an error naming the variable and the accepted values.

pub mod child;
pub mod env;
pub mod hip_check;
pub mod host_env;
mod hsa;
pub mod kernels;
pub mod rocr;

use std::io::Write;

/// How a check ended, when it did not fail.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Everything it tried worked: a summary.
    Passed(String),
    /// The environment cannot run it (no library, no device): why.
    Skipped(String),
}

/// A check's failure (or a bad setting): the text of the `error:` line.
pub type CheckResult = Result<Outcome, String>;

/// The end of a check: a pass or a skip is printed and is success, except
/// that under `require` (the check's `_REQUIRE=1`) a skip is a failure.
pub fn finish(
    outcome: CheckResult,
    require: bool,
    require_var: &str,
    out: &mut dyn Write,
) -> Result<(), String> {
    match outcome? {
        Outcome::Passed(s) => {
            let _ = writeln!(out, "passed: {s}");
            Ok(())
        }
        Outcome::Skipped(s) if require => {
            Err(format!("{s} ({require_var}=1 makes this skip a failure)"))
        }
        Outcome::Skipped(s) => {
            let _ = writeln!(out, "skipped: {s}");
            Ok(())
        }
    }
}

/// Run `silk check rocr-load` with the process environment.
pub fn run_rocr_load(spawner: &child::Spawner, out: &mut dyn Write) -> Result<(), String> {
    let env = env::ProcessEnv;
    let settings = env::RocrSettings::from_env(&env)?;
    let result = rocr::run(&settings, &env, spawner, out);
    finish(result, settings.require, env::ROCR_REQUIRE, out)
}

/// Run `silk check hip-runtime` with the process environment.
pub fn run_hip_runtime(spawner: &child::Spawner, out: &mut dyn Write) -> Result<(), String> {
    let env = env::ProcessEnv;
    let settings = env::HipSettings::from_env(&env)?;
    let result = hip_check::run(&settings, &env, spawner, out);
    finish(result, settings.require, env::HIP_REQUIRE, out)
}

/// Run `silk check host-env`: print the snapshot.
pub fn run_host_env(out: &mut dyn Write) -> Result<(), String> {
    host_env::snapshot(&env::ProcessEnv, &host_env::Roots::system(), out)
        .map_err(|e| format!("cannot write the snapshot: {e}"))
}

/// The body of a child process (`silk check --internal-child ARGS`): its
/// exit status ([`child::EXIT_PASS`], [`child::EXIT_SKIP`],
/// [`child::EXIT_FAIL`]).
pub fn child_main(args: &[String], out: &mut dyn Write) -> i32 {
    match args.first().map(String::as_str) {
        Some("hip") => hip_check::child(&args[1..], out),
        Some("rocr") => rocr::child(&args[1..], out),
        _ => {
            let _ = writeln!(out, "fail: unknown check child {args:?}");
            child::EXIT_FAIL
        }
    }
}
