//! `silk disasm`: disassemble byte lists (llvm-mc `--disassemble` input
//! format) or the kernels of a code object.

use silk_amdgpu::code_object;
use silk_amdgpu::isa::{decode, print};
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
    let text = String::from_utf8(data).map_err(|_| format!("{name}: not UTF-8 text"))?;
    let bytes = parse_bytes(&name, &text)?;
    let words: Vec<u32> = bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    let mut errors = 0;
    let mut at = 0;
    // The listing goes out in chunks through one reused buffer (a whole
    // listing in memory costs a page fault per 4 KiB written).
    const CHUNK: usize = 1 << 16;
    let mut out = String::with_capacity(CHUNK + 4096);
    let mut stdout = std::io::stdout().lock();
    let write_err = |e: std::io::Error| format!("cannot write output: {e}");
    while at < words.len() {
        if out.len() >= CHUNK {
            stdout.write_all(out.as_bytes()).map_err(write_err)?;
            out.clear();
        }
        match decode::decode(target.processor, &words[at..]) {
            Ok((inst, n)) => {
                out.push('\t');
                print::print(target.processor, &inst, &mut out);
                out.push('\n');
                at += n;
            }
            Err(e) => {
                let (line, col) = byte_position(&text, at * 4);
                eprintln!("{name}:{line}:{col}: error: invalid instruction encoding: {e}");
                errors += 1;
                at += 1;
            }
        }
    }
    stdout.write_all(out.as_bytes()).map_err(write_err)?;
    stdout.flush().map_err(write_err)?;
    if bytes.len() % 4 != 0 {
        let (line, col) = byte_position(&text, words.len() * 4);
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

/// The tokens of a byte-list line that name bytes: whitespace- or
/// comma-separated, `#` and `//` start comments, `[`/`]` are ignored.
/// Yields each token (brackets trimmed) and its byte column.
fn byte_tokens(line: &str) -> impl Iterator<Item = (&str, usize)> {
    let b = line.as_bytes();
    let mut end = b.len();
    for i in 0..b.len() {
        if b[i] == b'#' || (b[i] == b'/' && b.get(i + 1) == Some(&b'/')) {
            end = i;
            break;
        }
    }
    let mut i = 0;
    std::iter::from_fn(move || loop {
        while i < end && (b[i].is_ascii_whitespace() || b[i] == b',') {
            i += 1;
        }
        if i >= end {
            return None;
        }
        let start = i;
        // Non-ASCII whitespace also separates tokens.
        while i < end && !(b[i].is_ascii_whitespace() || b[i] == b',') {
            if b[i] >= 0x80 {
                let c = line[i..].chars().next().unwrap_or(' ');
                if c.is_whitespace() {
                    break;
                }
                i += c.len_utf8();
            } else {
                i += 1;
            }
        }
        let tok = &line[start..i];
        if i < end && b[i] >= 0x80 {
            // Skip the non-ASCII whitespace character.
            i += line[i..].chars().next().map_or(1, char::len_utf8);
        }
        if tok == "[" || tok == "]" {
            continue;
        }
        return Some((tok, start));
    })
}

/// Byte classes for [`parse_bytes`]: hex digit values 0..=15, [`SEP`]
/// for token separators, [`OTHER`] for the rest.
static CLASS: [u8; 256] = {
    let mut t = [OTHER; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = match b {
            b'0'..=b'9' => b - b'0',
            b'a'..=b'f' => b - b'a' + 10,
            b'A'..=b'F' => b - b'A' + 10,
            b' ' | b'\t' | b',' | b'\r' | b'\n' => SEP,
            _ => OTHER,
        };
        c += 1;
    }
    t
};
const SEP: u8 = 16;
const OTHER: u8 = 17;

/// Parse one byte token: `0x1f`, `0X1F` or decimal.
fn byte_value(tok: &str) -> Option<u8> {
    let t = tok.trim_start_matches('[').trim_end_matches(']');
    let b = t.as_bytes();
    if b.len() == 4 && b[0] == b'0' && b[1] == b'x' {
        // The common case, without a general number parser.
        let hex = |c: u8| match c {
            b'0'..=b'9' => Some(c - b'0'),
            b'a'..=b'f' => Some(c - b'a' + 10),
            b'A'..=b'F' => Some(c - b'A' + 10),
            _ => None,
        };
        return Some(hex(b[2])? << 4 | hex(b[3])?);
    }
    t.strip_prefix("0x")
        .or_else(|| t.strip_prefix("0X"))
        .map(|h| u8::from_str_radix(h, 16))
        .unwrap_or_else(|| t.parse::<u8>())
        .ok()
}

fn parse_bytes(name: &str, text: &str) -> Result<Vec<u8>, String> {
    let mut out = Vec::with_capacity(text.len() / 4);
    let b = text.as_bytes();
    let sep = |c: u8| CLASS[c as usize] == SEP;
    let mut i = 0;
    // The common token, `0xNN` between ASCII separators, is read here in
    // one pass; anything else goes through the general line tokenizer.
    while i < b.len() {
        let c = b[i];
        if sep(c) {
            i += 1;
            continue;
        }
        if c == b'0' && i + 4 <= b.len() && b[i + 1] == b'x' && b.get(i + 4).is_none_or(|&n| sep(n))
        {
            let (h, l) = (CLASS[b[i + 2] as usize], CLASS[b[i + 3] as usize]);
            if h < 16 && l < 16 {
                out.push(h << 4 | l);
                i += 4;
                continue;
            }
        }
        // Slow path: the rest of this line.
        let line_start = text[..i].rfind('\n').map_or(0, |n| n + 1);
        let line_end = text[i..].find('\n').map_or(text.len(), |n| i + n);
        let line = &text[line_start..line_end];
        for (tok, start) in byte_tokens(line) {
            if line_start + start < i {
                continue;
            }
            match byte_value(tok) {
                Some(value) => out.push(value),
                None => {
                    let ln = text[..line_start].matches('\n').count();
                    return Err(format!(
                        "{name}:{}:{}: error: `{tok}` is not a byte",
                        ln + 1,
                        start + 1
                    ));
                }
            }
        }
        i = line_end;
    }
    Ok(out)
}

/// Line and column (1-based) of the `index`-th byte of a byte list that
/// [`parse_bytes`] accepted (only needed for error messages).
fn byte_position(text: &str, index: usize) -> (usize, usize) {
    let mut k = 0;
    for (ln, line) in text.lines().enumerate() {
        for (_, start) in byte_tokens(line) {
            if k == index {
                return (ln + 1, start + 1);
            }
            k += 1;
        }
    }
    (0, 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byte_lists_parse_with_positions() {
        let text = "0x00 0x00 0x81 0xbf # s_endpgm\n[0x01,0x05, 4 ,0X02]// c\n";
        assert_eq!(
            parse_bytes("t", text).unwrap(),
            vec![0, 0, 0x81, 0xbf, 1, 5, 4, 2]
        );
        assert_eq!(byte_position(text, 0), (1, 1));
        assert_eq!(byte_position(text, 3), (1, 16));
        assert_eq!(byte_position(text, 4), (2, 1));
        assert_eq!(byte_position(text, 6), (2, 13));
        let e = parse_bytes("t", "0x00 0x1zz\n").unwrap_err();
        assert_eq!(e, "t:1:6: error: `0x1zz` is not a byte");
        assert_eq!(
            parse_bytes("t", "0x01 0x02 // 0x03\r\n# 0x04\n0x05#x\n\t0xff,0x10 9\n").unwrap(),
            vec![1, 2, 5, 0xff, 0x10, 9]
        );
        let e = parse_bytes("t", "0x01\n0x02 / 0x03\n").unwrap_err();
        assert_eq!(e, "t:2:6: error: `/` is not a byte");
        let e = parse_bytes("t", "1 256").unwrap_err();
        assert_eq!(e, "t:1:3: error: `256` is not a byte");
    }
}
