//! `cargo xtask <job>`: regenerate checked-in tables, headers and golden data.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

const USAGE: &str = "usage: cargo xtask <job>

jobs:
  header       regenerate include/silk.h from crates/silk-capi with cbindgen
  isa-tables   regenerate the ISA opcode tables by probing llvm-mc 22
  isa-forms    regenerate the DPP/SDWA form tables by probing llvm-mc 22
               (run after isa-tables: it probes the opcodes of those tables)
  isa-aliases  regenerate the mnemonic alias table (isa/aliases.rs) by
               probing llvm-mc 22 (run after isa-tables and isa-forms)
  isa-flags    rewrite only the flags of the checked-in ISA tables from
               xtask's rules (no LLVM needed; isa-tables computes the same)
  isa-ops      regenerate the cross-generation opcode enum (isa/op/) from
               the tables and the LLVM names of the golden data (no LLVM
               needed); `isa-ops --probe` first asks llvm-mc 22 for the
               names the golden data lacks";

mod isa_aliases;
mod isa_flags;
mod isa_forms;
mod isa_gen;
mod isa_graphics;
mod isa_ops;
mod isa_vopd;
mod mc;

fn main() -> ExitCode {
    let job = std::env::args().nth(1).unwrap_or_default();
    let result = match job.as_str() {
        "header" => header(),
        "isa-tables" => isa_gen::run(),
        "isa-forms" => isa_forms::run(),
        "isa-flags" => isa_flags::run(),
        "isa-aliases" => isa_aliases::run(),
        "isa-ops" => isa_ops::run(std::env::args().nth(2).as_deref() == Some("--probe")),
        _ => {
            eprintln!("{USAGE}");
            return ExitCode::FAILURE;
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask/ lives in the repository root")
        .to_path_buf()
}

/// Regenerate `include/silk.h`. Its source of truth is the `#[no_mangle]`
/// items of `crates/silk-capi/src` and `crates/silk-capi/cbindgen.toml`;
/// `crates/silk-capi/tests/header.rs` generates it the same way and fails
/// when the checked-in copy differs.
fn header() -> Result<(), String> {
    let root = repo_root();
    let capi = root.join("crates/silk-capi");
    let config = cbindgen::Config::from_file(capi.join("cbindgen.toml"))?;
    let bindings = cbindgen::Builder::new()
        .with_config(config)
        .with_src(capi.join("src/lib.rs"))
        .generate()
        .map_err(|e| format!("cbindgen: {e}"))?;
    let path = root.join("include/silk.h");
    bindings.write_to_file(&path);
    println!("wrote {}", path.display());
    Ok(())
}
