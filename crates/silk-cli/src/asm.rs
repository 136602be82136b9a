//! `silk asm`: assemble an LLVM-syntax AMDGPU assembly file (as `clang -S`
//! writes it) into a code object.

use silk_amdgpu::asm::{assemble_file_with, EncodingTable, InstructionEncoder, IsaEncoder};
use silk_amdgpu::target::Target;
use silk_cli::files::{self, Text};

#[derive(clap::Args)]
pub struct Args {
    /// The assembly file (`-` reads standard input).
    #[arg(value_name = "FILE")]
    input: String,
    /// Output code object (default: the input name with `.hsaco`).
    #[arg(short, long, value_name = "FILE")]
    output: Option<String>,
    /// Processor (`gfx942`, `gfx1100`, `gfx1151`, with optional target-ID
    /// features). Taken from `.amdgcn_target` when omitted; if both are
    /// given they must agree.
    #[arg(long, value_name = "TARGET")]
    target: Option<String>,
    /// Development aid: encode instructions by looking them up in golden
    /// llvm-mc tables (`<processor>=<encodings file>`, as written by
    /// tests/data/hip/regen_asm.py) instead of the ISA encoder.
    #[arg(long, value_name = "PROC=FILE", hide = true)]
    encoding_table: Vec<String>,
    /// Print every label and instruction with its encoding and fixups as
    /// `llvm-mc -show-encoding` does, instead of writing a code object
    /// (the target may come from `.amdgcn_target`).
    #[arg(long)]
    show_encoding: bool,
}

fn load_tables(specs: &[String]) -> Result<EncodingTable, String> {
    let mut table = EncodingTable::new();
    for spec in specs {
        let (proc_name, path) = spec
            .split_once('=')
            .ok_or_else(|| format!("--encoding-table `{spec}`: expected <processor>=<file>"))?;
        let processor = Target::parse(proc_name)
            .map_err(|e| e.to_string())?
            .processor;
        let text =
            std::fs::read_to_string(path).map_err(|e| format!("cannot read `{path}`: {e}"))?;
        table
            .add(processor, &text)
            .map_err(|e| format!("`{path}`: {e}"))?;
    }
    Ok(table)
}

/// Diagnostics go to stderr; `Err` carries the summary line.
pub fn run(args: &Args) -> Result<(), String> {
    let (input, name) = if args.input == "-" {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut s)
            .map_err(|e| format!("cannot read standard input: {e}"))?;
        (Text::Read(s), "<stdin>".to_string())
    } else {
        (files::read_text(&args.input)?, args.input.clone())
    };
    let text = input.as_str()?;
    let target = match &args.target {
        Some(t) => Some(Target::parse(t).map_err(|e| e.to_string())?),
        None => None,
    };
    if args.show_encoding {
        let (listing, diags) = silk_amdgpu::asm::show_encoding(text, &name, target);
        print!("{listing}");
        if diags.0.is_empty() {
            return Ok(());
        }
        eprintln!("{diags}");
        return Err(format!("{} error(s) in `{name}`", diags.0.len()));
    }
    let table;
    let encoder: &dyn InstructionEncoder = if args.encoding_table.is_empty() {
        &IsaEncoder
    } else {
        table = load_tables(&args.encoding_table)?;
        &table
    };
    let bytes = assemble_file_with(text, &name, target, encoder).map_err(|diags| {
        eprintln!("{diags}");
        let n = diags.0.len();
        format!(
            "could not assemble `{name}` due to {n} previous error{}",
            if n == 1 { "" } else { "s" }
        )
    })?;
    let output = match &args.output {
        Some(o) => o.clone(),
        None if args.input == "-" => return Err("reading standard input needs -o <file>".into()),
        None => {
            let p = std::path::Path::new(&args.input);
            p.with_extension("hsaco").to_string_lossy().into_owned()
        }
    };
    files::write(&output, &bytes)
}
