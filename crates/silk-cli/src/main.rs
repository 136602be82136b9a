//! The `silk` command.

use clap::{Parser, Subcommand};
use std::process::ExitCode;

use silk_cli::build;

mod asm;
mod check;
mod disasm;
mod emu;
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
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Targets(args) => targets::run(&args),
        Command::Build(args) => build::run(&args),
        Command::Check(args) => check::run(&args),
        Command::Inspect(args) => inspect::run(&args),
        Command::Disasm(args) => disasm::run(&args),
        Command::Emu(args) => emu::run(&args),
        Command::Asm(args) => asm::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}
