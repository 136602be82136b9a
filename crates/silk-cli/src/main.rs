//! The `silk` command.

use clap::{Parser, Subcommand};
use std::process::ExitCode;

mod build_sir;
mod check;
mod disasm;
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
    /// Parse, resolve and type-check Silk source files.
    Check(check::Args),
    /// Show a code object or offload bundle: header, target, kernels with
    /// every descriptor field, metadata, and validation issues.
    Inspect(inspect::Args),
    /// Disassemble byte lists (llvm-mc --disassemble format) or code objects.
    Disasm(disasm::Args),
    /// Compile a kernel file to a code object (`.sir` device IR for now).
    Build(BuildArgs),
}

#[derive(clap::Args)]
struct BuildArgs {
    /// Input file; the extension selects the front end (`.sir`: device IR).
    input: std::path::PathBuf,
    /// Target processor (gfx942, gfx1100, gfx1151, or a full target id).
    #[arg(long)]
    target: String,
    /// Output file (default: the input with `.hsaco` for objects, stdout for text).
    #[arg(short = 'o', long)]
    output: Option<std::path::PathBuf>,
    /// What to produce: `obj` (code object), `asm` (LLVM syntax) or `mir`.
    #[arg(long, default_value = "obj")]
    emit: String,
}

fn build(args: &BuildArgs) -> Result<(), String> {
    match args.input.extension().and_then(|e| e.to_str()) {
        Some("sir") => build_sir::run(&args.input, &args.target, args.output.as_ref(), &args.emit),
        _ => Err(format!(
            "`{}`: silk build supports `.sir` device-IR files here",
            args.input.display()
        )),
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Targets(args) => targets::run(&args),
        Command::Check(args) => check::run(&args),
        Command::Inspect(args) => inspect::run(&args),
        Command::Disasm(args) => disasm::run(&args),
        Command::Build(args) => build(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}
