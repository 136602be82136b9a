//! `silk disasm`: disassemble byte lists (llvm-mc `--disassemble` input
//! format) or the kernels of a code object.

use silk_amdgpu::code_object;
use silk_amdgpu::isa::byte_list;
use silk_amdgpu::target::Target;
use std::io::{Read, Write};
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

pub fn run(args: &Args) -> Result<(), silk_cli::Error> {
    let read_err = |e: std::io::Error| format!("cannot read `{}`: {e}", args.file.display());
    let mut file = std::fs::File::open(&args.file).map_err(read_err)?;
    // The first bytes tell a code object from a byte list.
    let mut head = Vec::with_capacity(4);
    (&mut file)
        .take(4)
        .read_to_end(&mut head)
        .map_err(read_err)?;
    let name = args.file.display().to_string();
    let explicit = args
        .target
        .as_deref()
        .map(Target::parse)
        .transpose()
        .map_err(|e| e.to_string())?;
    if head == b"\x7fELF" {
        let mut data = head;
        file.read_to_end(&mut data).map_err(read_err)?;
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
    // The list is read piece by piece, not held in memory.
    let mut input = head.chain(file);
    let mut bad = Vec::new();
    // The listing goes out in chunks through one reused buffer.
    const CHUNK: usize = 1 << 16;
    let mut out = String::with_capacity(CHUNK + 4096);
    let mut stdout = std::io::stdout().lock();
    let (words, trailing) = byte_list::disassemble_stream(
        target.processor,
        &mut input,
        &mut out,
        CHUNK,
        |out| {
            stdout.write_all(out.as_bytes())?;
            out.clear();
            stdout.flush()
        },
        |at, e| bad.push((at * 4, e)),
    )
    .map_err(|e| match e {
        byte_list::StreamError::Parse(byte_list::ByteListError::NotUtf8 { .. }) => {
            format!("{name}: not UTF-8 text")
        }
        byte_list::StreamError::Parse(e) => format!("{name}:{e}"),
        e => e.to_string(),
    })?;
    if bad.is_empty() && trailing == 0 {
        return Ok(());
    }
    // Positions for the messages: read the (accepted, so UTF-8) list again.
    let text = std::fs::read(&args.file).unwrap_or_default();
    let text = String::from_utf8_lossy(&text);
    let mut at: Vec<usize> = bad.iter().map(|(i, _)| *i).collect();
    at.push(words * 4);
    let pos = byte_list::byte_positions(&text, &at);
    for ((_, e), (line, col)) in bad.iter().zip(&pos) {
        eprintln!("{name}:{line}:{col}: error: invalid instruction encoding: {e}");
    }
    if trailing != 0 {
        let (line, col) = pos[bad.len()];
        eprintln!(
            "{name}:{line}:{col}: error: {trailing} trailing bytes do not form an instruction word"
        );
    }
    let errors = bad.len() + (trailing != 0) as usize;
    Err(silk_cli::Error::Message(format!(
        "{errors} undecodable instruction word(s)"
    )))
}
