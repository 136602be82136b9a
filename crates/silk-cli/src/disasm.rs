//! `silk disasm`: disassemble byte lists (llvm-mc `--disassemble` input
//! format) or the kernels of a code object.

use silk_amdgpu::code_object;
use silk_amdgpu::isa::byte_list;
use silk_amdgpu::target::Target;
use std::io::Write;
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
    let bytes = byte_list::parse(&data).map_err(|e| match e {
        byte_list::ByteListError::NotUtf8 { .. } => format!("{name}: not UTF-8 text"),
        e => format!("{name}:{e}"),
    })?;
    // Only error messages need the text (it is UTF-8 once it parsed).
    let text = || String::from_utf8_lossy(&data);
    let words = byte_list::words(&bytes);
    let mut errors = 0;
    // The listing goes out in chunks through one reused buffer (a whole
    // listing in memory costs a page fault per 4 KiB written).
    const CHUNK: usize = 1 << 16;
    let mut out = String::with_capacity(CHUNK + 4096);
    let mut stdout = std::io::stdout().lock();
    byte_list::disassemble(
        target.processor,
        &words,
        &mut out,
        CHUNK,
        |out| {
            stdout.write_all(out.as_bytes())?;
            out.clear();
            Ok(())
        },
        |at, e| {
            let (line, col) = byte_list::byte_position(&text(), at * 4);
            eprintln!("{name}:{line}:{col}: error: invalid instruction encoding: {e}");
            errors += 1;
        },
    )
    .and_then(|()| stdout.flush())
    .map_err(|e| format!("cannot write output: {e}"))?;
    if bytes.len() % 4 != 0 {
        let (line, col) = byte_list::byte_position(&text(), words.len() * 4);
        eprintln!(
            "{name}:{line}:{col}: error: {} trailing bytes do not form an instruction word",
            bytes.len() % 4
        );
        errors += 1;
    }
    if errors > 0 {
        return Err(format!("{errors} undecodable instruction word(s)"));
    }
    Ok(())
}
