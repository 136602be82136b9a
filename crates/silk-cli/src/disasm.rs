//! `silk disasm`: disassemble byte lists (llvm-mc `--disassemble` input
//! format) or the kernels of a code object.

use silk_amdgpu::code_object;
use silk_amdgpu::isa::{decode, print};
use silk_amdgpu::target::Target;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    /// Target processor (any accepted spelling; for code objects the
    /// object's own target is used when omitted).
    #[arg(long)]
    target: Option<String>,
    /// A text file of bytes (`0x00 0x00 0x81 0xbf`, `#`/`//` comments) or
    /// an AMDHSA code object.
    file: PathBuf,
}

/// One byte of a byte-list file and where it was written.
struct Byte {
    value: u8,
    line: usize,
    col: usize,
}

pub fn run(args: &Args) -> Result<(), String> {
    let data = std::fs::read(&args.file)
        .map_err(|e| format!("cannot read `{}`: {e}", args.file.display()))?;
    let name = args.file.display().to_string();
    let explicit = args
        .target
        .as_deref()
        .map(Target::parse)
        .transpose()
        .map_err(|e| e.to_string())?;
    if data.starts_with(b"\x7fELF") {
        let obj = code_object::read(&data).map_err(|e| format!("{name}: {e}"))?;
        let target = explicit
            .or(obj.target)
            .ok_or(format!("{name}: unknown target; pass --target"))?;
        for k in &obj.kernels {
            println!("{}:", k.name);
            print!(
                "{}",
                silk_amdgpu::isa::listing::listing(target.processor, &k.code, k.entry_address)
            );
        }
        return Ok(());
    }
    let target = explicit.ok_or("--target is required for byte-list input")?;
    let text = String::from_utf8(data).map_err(|_| format!("{name}: not UTF-8 text"))?;
    let bytes = parse_bytes(&name, &text)?;
    let words: Vec<u32> = bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0].value, c[1].value, c[2].value, c[3].value]))
        .collect();
    let mut errors = 0;
    let mut at = 0;
    let mut out = String::with_capacity(words.len() * 40);
    while at < words.len() {
        match decode::decode(target.processor, &words[at..]) {
            Ok((inst, n)) => {
                out.push('\t');
                print::print(target.processor, &inst, &mut out);
                out.push('\n');
                at += n;
            }
            Err(e) => {
                let b = &bytes[at * 4];
                eprintln!(
                    "{name}:{}:{}: error: invalid instruction encoding: {e}",
                    b.line, b.col
                );
                errors += 1;
                at += 1;
            }
        }
    }
    {
        use std::io::Write;
        let mut stdout = std::io::stdout().lock();
        stdout
            .write_all(out.as_bytes())
            .map_err(|e| format!("cannot write output: {e}"))?;
    }
    if bytes.len() % 4 != 0 {
        let b = &bytes[words.len() * 4];
        eprintln!(
            "{name}:{}:{}: error: {} trailing bytes do not form an instruction word",
            b.line,
            b.col,
            bytes.len() % 4
        );
        errors += 1;
    }
    if errors > 0 {
        return Err(format!("{errors} undecodable instruction word(s)"));
    }
    Ok(())
}

fn parse_bytes(name: &str, text: &str) -> Result<Vec<Byte>, String> {
    let mut out = Vec::new();
    for (ln, line) in text.lines().enumerate() {
        let code = line.split('#').next().unwrap_or("");
        let code = code.split("//").next().unwrap_or("");
        let mut col = 0;
        for tok in code.split(|c: char| c.is_whitespace() || c == ',') {
            let start = code[col..].find(tok).map_or(col, |i| col + i);
            col = start + tok.len();
            if tok.is_empty() || tok == "[" || tok == "]" {
                continue;
            }
            let t = tok.trim_start_matches('[').trim_end_matches(']');
            let v = t
                .strip_prefix("0x")
                .or_else(|| t.strip_prefix("0X"))
                .map(|h| u8::from_str_radix(h, 16))
                .unwrap_or_else(|| t.parse::<u8>());
            match v {
                Ok(value) => out.push(Byte {
                    value,
                    line: ln + 1,
                    col: start + 1,
                }),
                Err(_) => {
                    return Err(format!(
                        "{name}:{}:{}: error: `{tok}` is not a byte",
                        ln + 1,
                        start + 1
                    ))
                }
            }
        }
    }
    Ok(out)
}
