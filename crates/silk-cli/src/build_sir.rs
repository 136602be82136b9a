//! `silk build` for `.sir` device-IR files: compile every kernel with
//! `silk-codegen` into a code object, or print LLVM-syntax assembly
//! (`--emit asm`) or machine IR after instruction selection (`--emit mir`).
//! Kept in its own module: `silk build` dispatches here on the extension.

use silk_amdgpu::target::Target;
use std::path::{Path, PathBuf};

pub fn run(
    input: &Path,
    target: &str,
    output: Option<&PathBuf>,
    emit: &str,
) -> Result<(), silk_cli::Error> {
    let text = silk_lang::read_source_file(input).map_err(|source| silk_cli::Error::Read {
        path: input.display().to_string(),
        source,
    })?;
    let target = Target::parse(target)?;
    let name = input.display().to_string();
    let module = silk_gpu_ir::Module::parse_verified(&name, &text)?;
    let options = silk_codegen::Options {
        keep_mir: emit == "mir",
        ..Default::default()
    };
    let mut kernels =
        silk_codegen::compile_module_with(&module, &target, options).map_err(|source| {
            silk_cli::Error::Codegen {
                input: name.clone(),
                source,
            }
        })?;
    let bytes = match emit {
        "obj" => silk_codegen::write_code_object(&target, &mut kernels)
            .map_err(silk_cli::Error::CodeObject)?,
        "asm" => silk_codegen::assembly(&target, &kernels).into_bytes(),
        "mir" => kernels
            .iter()
            .map(|k| {
                let mir = k.mir_after_isel.as_deref().unwrap_or_default();
                format!("; kernel {}\n{mir}", k.name)
            })
            .collect::<String>()
            .into_bytes(),
        other => return Err(silk_cli::Error::UnknownSirEmit { emit: other.into() }),
    };
    match output {
        Some(p) => silk_cli::files::write(p, &bytes),
        None if emit == "obj" => {
            let p = input.with_extension("hsaco");
            silk_cli::files::write(&p, &bytes)
        }
        None => {
            print!("{}", String::from_utf8_lossy(&bytes));
            Ok(())
        }
    }
}
