//! `silk asm`: assemble an LLVM-syntax AMDGPU assembly file (as `clang -S`
//! writes it) into a code object.

use silk_amdgpu::asm::{
    assemble_file_with, Diagnostics, EncodingTable, InstructionEncoder, IsaEncoder,
};
use silk_amdgpu::target::Target;
use silk_cli::files::{self, Text};
use silk_cli::Error;

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

fn load_tables(specs: &[String]) -> Result<EncodingTable, Error> {
    let mut table = EncodingTable::new();
    for spec in specs {
        let (proc_name, path) = spec.split_once('=').ok_or_else(|| Error::OptionSyntax {
            option: "encoding-table",
            value: spec.clone(),
            expected: "<processor>=<file>",
        })?;
        let processor = Target::parse(proc_name)?.processor;
        let text = silk_lang::read_source_file(path).map_err(|source| Error::Read {
            path: path.into(),
            source,
        })?;
        table
            .add(processor, &text)
            .map_err(|message| Error::EncodingTable {
                path: path.into(),
                message,
            })?;
    }
    Ok(table)
}

/// Diagnostics go to stderr; `Err` carries the summary line.
pub fn run(args: &Args) -> Result<(), Error> {
    let (input, name) = if args.input == "-" {
        let s = silk_lang::read_source(std::io::stdin(), None).map_err(Error::ReadStdin)?;
        (Text::Read(s), "<stdin>".to_string())
    } else {
        (files::read_text(&args.input)?, args.input.clone())
    };
    let text = input.as_str()?;
    let target = match &args.target {
        Some(t) => Some(Target::parse(t)?),
        None => None,
    };
    if args.show_encoding {
        let (listing, diags) = silk_amdgpu::asm::show_encoding(text, &name, target);
        print!("{listing}");
        if diags.0.is_empty() {
            return Ok(());
        }
        print_diagnostics(&diags);
        return Err(Error::ShowEncoding {
            input: name,
            errors: diags.0.len(),
        });
    }
    let table;
    let encoder: &dyn InstructionEncoder = if args.encoding_table.is_empty() {
        &IsaEncoder
    } else {
        table = load_tables(&args.encoding_table)?;
        &table
    };
    let bytes = assemble_file_with(text, &name, target, encoder).map_err(|diags| {
        print_diagnostics(&diags);
        Error::Diagnostics {
            action: "assemble",
            what: format!("`{name}`"),
            errors: diags.0.len(),
        }
    })?;
    let output = match &args.output {
        Some(o) => o.clone(),
        None if args.input == "-" => return Err(Error::StdinNeedsOutput),
        None => {
            let p = std::path::Path::new(&args.input);
            p.with_extension("hsaco").to_string_lossy().into_owned()
        }
    };
    files::write(&output, &bytes)
}

/// Prints the first [`MAX_SHOWN`] diagnostics, each with its source line
/// and a caret, then how many more there are.
fn print_diagnostics(diags: &Diagnostics) {
    for d in diags.0.iter().take(MAX_SHOWN) {
        let message: String = d.message.chars().map(silk_lang::diag::visible).collect();
        eprintln!("{}:{}:{}: error: {message}", d.file, d.line, d.column);
        eprint!("{}", source_and_caret(&d.source_line, d.column, true));
    }
    if diags.0.len() > MAX_SHOWN {
        eprintln!("error: {} more errors not shown", diags.0.len() - MAX_SHOWN);
    }
}

/// Errors printed before the rest are only counted.
const MAX_SHOWN: usize = 100;
/// Characters of a source line shown under an error; a longer line is
/// shown as a window around the column.
const MAX_LINE_SHOWN: usize = 512;

/// The source line (or a window of it around `column`, 1-based in
/// characters) and a caret under the column, each line ending in `\n`.
/// With `keep_tabs`, the tabs before the column stay tabs in the caret
/// line so the caret lines up in a terminal.
fn source_and_caret(line: &str, column: usize, keep_tabs: bool) -> String {
    let chars: Vec<char> = line.chars().collect();
    let col = column.saturating_sub(1).min(chars.len());
    let (start, end) = if chars.len() <= MAX_LINE_SHOWN {
        (0, chars.len())
    } else {
        let start = col.saturating_sub(80).min(chars.len() - MAX_LINE_SHOWN);
        (start, start + MAX_LINE_SHOWN)
    };
    let lead = if start > 0 { "..." } else { "" };
    let tail = if end < chars.len() { "..." } else { "" };
    let shown: String = chars[start..end]
        .iter()
        .map(|&c| {
            if c == '\t' {
                c
            } else {
                silk_lang::diag::visible(c)
            }
        })
        .collect();
    let pad: String = lead
        .chars()
        .map(|_| ' ')
        .chain(chars[start..col.max(start)].iter().map(|&c| {
            if c == '\t' && keep_tabs {
                '\t'
            } else {
                ' '
            }
        }))
        .collect();
    format!("{lead}{shown}{tail}\n{pad}^\n")
}

#[cfg(test)]
mod tests {
    #[test]
    fn long_source_lines_are_windowed_around_the_column() {
        assert_eq!(
            super::source_and_caret("\ts_nop x", 8, true),
            "\ts_nop x\n\t      ^\n"
        );
        let long = "a".repeat(10_000) + "X" + &"b".repeat(10_000);
        let out = super::source_and_caret(&long, 10_001, true);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[0].len(), 3 + super::MAX_LINE_SHOWN + 3);
        assert!(lines[0].starts_with("...") && lines[0].ends_with("..."));
        assert_eq!(lines[1].len(), lines[0].find('X').unwrap() + 1);
    }
}
