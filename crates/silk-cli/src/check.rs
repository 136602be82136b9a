//! `silk check`: parse, resolve and type-check Silk files; with `--target`,
//! also run the standalone AMDGPU source-kernel analysis.

use silk_lang::amdgpu::build_source_kernel;
use silk_lang::{FsLoader, Options, Session};

#[derive(clap::Args)]
pub struct Args {
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

/// Diagnostics go to stderr; `Err` carries the summary line.
pub fn run(args: &Args) -> Result<(), silk_cli::Error> {
    let mut session = Session::new(Options {
        nostd: args.nostd,
        ..Default::default()
    })
    .with_loader(Box::new(FsLoader));
    for file in &args.files {
        let text = std::fs::read_to_string(file).map_err(|source| silk_cli::Error::Read {
            path: file.clone(),
            source,
        })?;
        session.add_file(file.clone(), text);
    }
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
