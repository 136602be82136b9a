//! The `silk` command.
//!
//! `silk` defines the C `main` itself (`no_main`) and skips Rust's
//! runtime start-up: on Linux that start-up asks glibc for the main
//! thread's stack bounds, which reads and parses `/proc/self/maps`, about
//! 6% of a whole `silk build k.sir` process. [`c_main`] does the parts of
//! it a command needs: standard descriptors, SIGPIPE, a flushed stdout and
//! exit status 101 for a panic. What is left out is the stack-overflow
//! message; nothing in `silk` recurses without a depth limit.
// The unit tests of this binary keep the test harness's own `main`.
#![cfg_attr(not(test), no_main)]

use clap::{Parser, Subcommand};

use silk_cli::build;

mod asm;
mod build_sir;
mod check;
mod disasm;
mod emu;
mod hip_run;
mod inspect;
mod targets;

#[derive(Parser)]
#[command(
    name = "silk",
    version,
    about = "Silk AMD GPU toolchain: build, assemble, inspect and run AMDGPU kernels"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List the supported AMDGPU processors, or resolve a target name.
    Targets(targets::Args),
    /// Compile a Silk kernel to an AMDHSA code object (`--kind object`).
    Build(build::Args),
    /// Build a Silk application for linux-x86_64 and run it, passing
    /// ARGS after `--`; exits with the program's status.
    Run(silk_cli::app::RunArgs),
    /// Run the `test "name" { ... }` blocks of a Silk file, each in its own process.
    Test(silk_cli::app::TestArgs),
    /// Parse, resolve and type-check Silk source files.
    Check(check::Args),
    /// Show a code object or offload bundle: header, target, kernels with
    /// every descriptor field, metadata, and validation issues.
    Inspect(inspect::Args),
    /// Assemble an LLVM-syntax AMDGPU assembly file into a code object.
    Asm(asm::Args),
    /// Disassemble byte lists (llvm-mc --disassemble format) or code objects.
    Disasm(disasm::Args),
    /// Run a kernel of a code object in the emulator.
    Emu(emu::Args),
    /// Run a HIP application (built against libamdhip64.so) on the
    /// emulator, with silk-hip as its HIP runtime; exits with its status.
    HipRun(hip_run::Args),
}

/// `silk build`: `.sir` device-IR files go to the IR compiler
/// ([`build_sir`]), everything else to the Silk front end.
fn build_any(args: &build::Args) -> Result<(), silk_cli::Error> {
    let sir = !args.files.is_empty() && args.files.iter().all(|f| f.ends_with(".sir"));
    if sir {
        if args.files.len() != 1 {
            return Err(silk_cli::Error::SeveralSirFiles);
        }
        let out = args.output.as_ref().map(std::path::PathBuf::from);
        let emit = args.emit.as_deref().unwrap_or("obj");
        return build_sir::run(
            std::path::Path::new(&args.files[0]),
            &args.target,
            out.as_ref(),
            emit,
        );
    }
    match args.emit.as_deref() {
        None => {}
        Some(e @ ("gpu-objects" | "device-ir")) => return build::run_device(args, e),
        Some(other) => return Err(silk_cli::Error::UnknownSourceEmit { emit: other.into() }),
    }
    build::run(args)
}

/// Process set-up that Rust's runtime would do: descriptors 0 to 2 are
/// open (a closed one is reopened on `/dev/null`, so no file the command
/// opens takes its number), and SIGPIPE has its default action, so a write
/// to a closed pipe (`silk disasm k.hsaco | head`) ends the process
/// quietly, as it ends `cat` or `objdump`.
#[cfg(unix)]
fn process_setup() {
    unsafe extern "C" {
        fn fcntl(fd: i32, cmd: i32, ...) -> i32;
        fn open(path: *const std::ffi::c_char, flags: i32, ...) -> i32;
        fn signal(signum: i32, handler: usize) -> usize;
    }
    // F_GETFD, O_RDWR, SIGPIPE and SIG_DFL have these values on every
    // Unix Rust supports.
    const F_GETFD: i32 = 1;
    const O_RDWR: i32 = 2;
    const SIGPIPE: i32 = 13;
    const SIG_DFL: usize = 0;
    // SAFETY: plain system calls on integer descriptors and a C string
    // literal; no handler code is installed.
    unsafe {
        for fd in 0..3 {
            if fcntl(fd, F_GETFD) == -1 {
                open(c"/dev/null".as_ptr(), O_RDWR);
            }
        }
        signal(SIGPIPE, SIG_DFL);
    }
}

/// `silk build ...` without the whole command tree: building every
/// subcommand's arguments is most of clap's share of a build's start-up.
/// The plain form ([`build::Args::from_plain`]) skips clap; any other
/// `build` command line is parsed against the `build` subcommand alone.
/// A command line that neither accepts (an error, `--help`) goes to the
/// full parser, which prints what it always printed; one that they do
/// accept parses to the same arguments, as `build` is the same there.
fn parse_build_only() -> Option<Cli> {
    use clap::{Args, FromArgMatches};
    let argv: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if argv.get(1).is_none_or(|a| a != "build") {
        return None;
    }
    let args = match build::Args::from_plain(&argv[2..]) {
        Some(args) => args,
        None => {
            let command = clap::Command::new("silk")
                .subcommand(build::Args::augment_args(clap::Command::new("build")));
            let matches = command.try_get_matches_from(argv).ok()?;
            build::Args::from_arg_matches(matches.subcommand()?.1).ok()?
        }
    };
    Some(Cli {
        command: Command::Build(args),
    })
}

/// The C entry point: [`run`] with a panic turned into status 101, as
/// Rust's own `main` does, and stdout flushed before the C runtime exits.
/// (In the binary's unit tests the harness's `main` is the entry point.)
#[cfg_attr(not(test), unsafe(export_name = "main"))]
#[cfg_attr(test, allow(dead_code))]
extern "C" fn c_main(_argc: i32, _argv: *const *const std::ffi::c_char) -> i32 {
    #[cfg(unix)]
    process_setup();
    let status = std::panic::catch_unwind(run).unwrap_or(101);
    let _ = std::io::Write::flush(&mut std::io::stdout());
    status
}

/// Runs the command line (from `std::env::args_os`, which the standard
/// library captures before `main` on Linux) and returns the exit status.
fn run() -> i32 {
    let cli = parse_build_only().unwrap_or_else(Cli::parse);
    let result = match cli.command {
        Command::Targets(args) => targets::run(&args),
        Command::Build(args) => build_any(&args),
        Command::Check(args) => check::run(&args),
        Command::Inspect(args) => {
            inspect::gpu_bundle::run(&args).unwrap_or_else(|| inspect::run(&args))
        }
        Command::Disasm(args) => disasm::run(&args),
        Command::Emu(args) => emu::run(&args),
        Command::Asm(args) => asm::run(&args),
        Command::Run(args) => match silk_cli::app::run(&args) {
            Ok(code) => return code.clamp(0, 255),
            Err(e) => Err(e),
        },
        Command::Test(args) => match silk_cli::app::test(&args) {
            Ok(code) => return code.clamp(0, 255),
            Err(e) => Err(e),
        },
        // The application's own status is the command's.
        Command::HipRun(args) => match hip_run::run(&args) {
            Ok(code) => return code.clamp(0, 255),
            Err(e) => Err(e),
        },
    };
    match result {
        Ok(()) => 0,
        Err(message) => {
            eprintln!("error: {message}");
            1
        }
    }
}
