//! `silk disasm`: disassemble byte lists (llvm-mc `--disassemble` input
//! format) or the kernels of a code object.

use silk_amdgpu::code_object;
use silk_amdgpu::isa::byte_list;
use silk_amdgpu::target::Target;
use silk_cli::{input, Error};
use std::io::{Read, Write};
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    /// Target processor (any accepted spelling; for code objects the
    /// object's own target is used when omitted).
    #[arg(long)]
    target: Option<String>,
    /// A text file of bytes (`0x00 0x00 0x81 0xbf`, `#`/`//` comments), an
    /// AMDHSA code object, or a clang offload bundle (the entry for
    /// `--target`, or its only code object).
    file: PathBuf,
}

pub fn run(args: &Args) -> Result<(), Error> {
    let read_err = |source| Error::Read {
        path: args.file.display().to_string(),
        source,
    };
    let file = std::fs::File::open(&args.file).map_err(read_err)?;
    // The first bytes tell a code object or bundle from a byte list.
    let head = input::head(&file).map_err(read_err)?;
    let name = args.file.display().to_string();
    let explicit = args.target.as_deref().map(Target::parse).transpose()?;
    if input::kind_of(&head) != input::Kind::Other {
        // Read on from here: a pipe's first bytes cannot be read again.
        let bytes = input::read_object_rest(&name, file, head)?;
        let object = input::object_from(&name, bytes, explicit.as_ref())?;
        let obj = code_object::read(object.bytes()).map_err(|source| Error::BadObject {
            object: object.describe(&name),
            source,
        })?;
        let target = explicit.or(obj.target).ok_or_else(|| Error::TargetNeeded {
            object: name.clone(),
        })?;
        let mut stdout = std::io::stdout().lock();
        for k in &obj.kernels {
            let text =
                silk_amdgpu::isa::listing::listing(target.processor, &k.code, k.entry_address);
            writeln!(stdout, "{}:", k.name)
                .and_then(|_| stdout.write_all(text.as_bytes()))
                .map_err(Error::WriteListing)?;
        }
        return Ok(());
    }
    let target = explicit.ok_or(Error::ByteListNeedsTarget)?;
    // The list is read piece by piece, not held in memory.
    let mut input = (&head[..]).chain(file);
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
            Error::ByteListNotUtf8 { path: name.clone() }
        }
        byte_list::StreamError::Parse(source) => Error::BadByteList {
            path: name.clone(),
            source,
        },
        e => Error::ByteListStream(e),
    })?;
    if bad.is_empty() && trailing == 0 {
        return Ok(());
    }
    // Positions for the messages: read the (accepted, so UTF-8) list
    // again, a line at a time.
    let mut at: Vec<usize> = bad.iter().map(|(i, _)| *i).collect();
    at.push(words * 4);
    let pos = positions(&args.file, &at).map_err(read_err)?;
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
    Err(Error::Undecodable { errors })
}

/// Line and column of each of the byte indices `at` (ascending) in the
/// byte list at `path`, which parsed; read one line at a time.
fn positions(path: &std::path::Path, at: &[usize]) -> std::io::Result<Vec<(usize, usize)>> {
    use std::io::BufRead;
    let mut out = vec![(0, 0); at.len()];
    let mut reader = std::io::BufReader::new(std::fs::File::open(path)?);
    let (mut line, mut ln, mut first, mut next) = (Vec::new(), 0, 0usize, 0);
    while next < at.len() && reader.read_until(b'\n', &mut line)? > 0 {
        ln += 1;
        let text = String::from_utf8_lossy(&line);
        let n = byte_list::parse(text.as_bytes()).map_or(0, |b| b.len());
        let here: Vec<usize> = at[next..]
            .iter()
            .take_while(|&&i| i < first + n)
            .map(|&i| i - first)
            .collect();
        for (k, (_, col)) in byte_list::byte_positions(&text, &here)
            .into_iter()
            .enumerate()
        {
            out[next + k] = (ln, col);
        }
        next += here.len();
        first += n;
        line.clear();
    }
    // Past the last byte: the end of the last line read.
    for p in &mut out[next..] {
        *p = (ln.max(1), 1);
    }
    Ok(out)
}
