//! The byte-list text `llvm-mc --disassemble` reads (`0x00 0x00 0x81
//! 0xbf`, several instructions per line, `#` and `//` comments) and its
//! disassembly, one `\t<instruction>\n` line per instruction as llvm-mc
//! prints it.

use super::{decode, print, DecodeError, Inst, Opcode};
use crate::target::Processor;

/// Why a byte list does not parse.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ByteListError {
    /// 1-based line and byte column of a token that is not a byte.
    #[error("{line}:{column}: error: `{token}` is not a byte")]
    NotAByte {
        line: usize,
        column: usize,
        token: String,
    },
    #[error("{line}: error: not UTF-8 text")]
    NotUtf8 { line: usize },
    /// A line longer than [`MAX_LINE`] bytes (read piece by piece, a
    /// byte list is held a line at a time).
    #[error("{line}: error: line is longer than {MAX_LINE} bytes")]
    LineTooLong { line: usize },
}

/// The longest line [`disassemble_stream`] reads (16 MiB: a million
/// instructions on one line).
pub const MAX_LINE: usize = 16 << 20;

/// A token as an error message shows it: at most 40 characters.
fn shown(tok: &str) -> String {
    match tok.char_indices().nth(40) {
        Some((at, _)) => format!("{}...", &tok[..at]),
        None => tok.to_string(),
    }
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

/// Byte classes for [`parse`]: hex digit values 0..=15, [`SEP`] for
/// token separators, [`OTHER`] for the rest.
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
    t.strip_prefix("0x")
        .or_else(|| t.strip_prefix("0X"))
        .map(|h| u8::from_str_radix(h, 16))
        .unwrap_or_else(|| t.parse::<u8>())
        .ok()
}

/// The bytes of a byte list, in order. The text is read as bytes: only
/// lines the fast path does not take are checked to be UTF-8 (a byte of
/// a multi-byte character never takes it).
pub fn parse(text: &[u8]) -> Result<Vec<u8>, ByteListError> {
    let mut out = Vec::with_capacity(text.len() / 5 + 1);
    parse_into(text, &mut out)?;
    Ok(out)
}

/// [`parse`], appending to `out`; returns the number of lines (newline
/// characters) read.
pub fn parse_into(text: &[u8], out: &mut Vec<u8>) -> Result<usize, ByteListError> {
    let b = text;
    let mut i = 0;
    let mut lines = 0;
    // The common token, `0xNN` and one ASCII separator, is read here as
    // five bytes at once; anything else goes through the line tokenizer.
    loop {
        while let Some(t) = b.get(i..i + 5) {
            let (h, l) = (CLASS[t[2] as usize], CLASS[t[3] as usize]);
            let ok =
                (t[0] == b'0') & (t[1] == b'x') & ((h | l) < 16) & (CLASS[t[4] as usize] == SEP);
            if !ok {
                break;
            }
            out.push(h << 4 | l);
            lines += (t[4] == b'\n') as usize;
            i += 5;
        }
        let Some(&c) = b.get(i) else { break };
        if CLASS[c as usize] == SEP {
            lines += (c == b'\n') as usize;
            i += 1;
            continue;
        }
        // Slow path: the rest of this line (also a last token with no
        // separator after it).
        let line_start = b[..i]
            .iter()
            .rposition(|&c| c == b'\n')
            .map_or(0, |n| n + 1);
        let line_end = b[i..]
            .iter()
            .position(|&c| c == b'\n')
            .map_or(b.len(), |n| i + n);
        let line_no = || b[..line_start].iter().filter(|&&c| c == b'\n').count() + 1;
        let line = std::str::from_utf8(&b[line_start..line_end])
            .map_err(|_| ByteListError::NotUtf8 { line: line_no() })?;
        for (tok, start) in byte_tokens(line) {
            if line_start + start < i {
                continue;
            }
            match byte_value(tok) {
                Some(value) => out.push(value),
                None => {
                    return Err(ByteListError::NotAByte {
                        line: line_no(),
                        column: start + 1,
                        token: shown(tok),
                    })
                }
            }
        }
        i = line_end;
    }
    Ok(lines)
}

/// Line and column (1-based) of the `index`-th byte of a byte list that
/// [`parse`] accepted (for error messages); `(0, 0)` past the end.
pub fn byte_position(text: &str, index: usize) -> (usize, usize) {
    byte_positions(text, &[index])[0]
}

/// [`byte_position`] of each of `indices` (in increasing order), in one
/// pass over the text.
pub fn byte_positions(text: &str, indices: &[usize]) -> Vec<(usize, usize)> {
    let mut out = Vec::with_capacity(indices.len());
    let mut want = indices.iter().copied().peekable();
    let mut k = 0;
    for (ln, line) in text.lines().enumerate() {
        for (_, start) in byte_tokens(line) {
            while want.next_if_eq(&k).is_some() {
                out.push((ln + 1, start + 1));
            }
            k += 1;
        }
    }
    out.resize(indices.len(), (0, 0));
    out
}

/// Little-endian instruction dwords of `bytes` (a trailing partial word
/// is left out).
pub fn words(bytes: &[u8]) -> Vec<u32> {
    bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

/// Disassemble `words` as llvm-mc does, one `\t<instruction>\n` line each,
/// into `out`; `flush` is called whenever `out` holds at least `chunk`
/// bytes (and should empty it). An undecodable word is passed to
/// `bad(word index, error)` and skipped.
pub fn disassemble<E>(
    processor: Processor,
    words: &[u32],
    out: &mut String,
    chunk: usize,
    mut flush: impl FnMut(&mut String) -> Result<(), E>,
    mut bad: impl FnMut(usize, DecodeError),
) -> Result<(), E> {
    let mut inst = Inst::new(Opcode(0), &[]);
    let mut at = 0;
    while at < words.len() {
        if out.len() >= chunk {
            flush(out)?;
        }
        match decode_line(processor, &words[at..], &mut inst, out) {
            Ok(n) => at += n,
            Err(e) => {
                bad(at, e);
                at += 1;
            }
        }
    }
    flush(out)
}

/// Decode the instruction at the start of `words` into `inst` and print
/// it as one `\t<instruction>\n` line; the words it took.
#[inline(always)] // the hot loop of both entry points
fn decode_line(
    processor: Processor,
    words: &[u32],
    inst: &mut Inst,
    out: &mut String,
) -> Result<usize, DecodeError> {
    let n = decode::decode_into(processor, words, 0, inst)?;
    out.push('\t');
    print::print(processor, inst, out);
    out.push('\n');
    Ok(n)
}

/// Why [`disassemble_stream`] stopped.
#[derive(Debug, thiserror::Error)]
pub enum StreamError<E: std::fmt::Display + std::fmt::Debug> {
    #[error("cannot read input: {0}")]
    Read(std::io::Error),
    #[error("{0}")]
    Parse(ByteListError),
    #[error("cannot write output: {0}")]
    Write(E),
}

/// Bytes of input read at a time by [`disassemble_stream`] (a longer line
/// grows the buffer).
const READ_CHUNK: usize = 1 << 16;

/// [`disassemble`] on a byte list read from `input` piece by piece (whole
/// lines at a time, through one reused buffer: reading a large file into
/// fresh memory costs a page fault per 4 KiB). Output written before a
/// parse error stays written. Returns the number of whole words and of
/// trailing bytes that do not form a word.
pub fn disassemble_stream<E: std::fmt::Display + std::fmt::Debug>(
    processor: Processor,
    input: &mut impl std::io::Read,
    out: &mut String,
    chunk: usize,
    mut flush: impl FnMut(&mut String) -> Result<(), E>,
    mut bad: impl FnMut(usize, DecodeError),
) -> Result<(usize, usize), StreamError<E>> {
    let mut text = vec![0u8; READ_CHUNK];
    let (mut filled, mut eof) = (0, false);
    // Lines before `text[0]`, for parse errors.
    let mut lines = 0;
    // Parsed bytes not yet decoded, their words, and the index of the
    // first one among all words of the input.
    let mut bytes = Vec::with_capacity(READ_CHUNK / 4);
    let mut words = Vec::with_capacity(READ_CHUNK / 16);
    let mut first_word = 0;
    let mut inst = Inst::new(Opcode(0), &[]);
    while !eof {
        if filled == text.len() {
            text.resize(text.len() * 2, 0);
        }
        let n = loop {
            match input.read(&mut text[filled..]) {
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                r => break r.map_err(StreamError::Read)?,
            }
        };
        filled += n;
        eof = n == 0;
        // Parse whole lines only (all of it at the end).
        let cut = match text[..filled].iter().rposition(|&c| c == b'\n') {
            _ if eof => filled,
            Some(p) => p + 1,
            None if filled > MAX_LINE => {
                return Err(StreamError::Parse(ByteListError::LineTooLong {
                    line: lines + 1,
                }))
            }
            None => continue,
        };
        lines += parse_into(&text[..cut], &mut bytes).map_err(|e| {
            StreamError::Parse(match e {
                ByteListError::NotAByte {
                    line,
                    column,
                    token,
                } => ByteListError::NotAByte {
                    line: line + lines,
                    column,
                    token,
                },
                ByteListError::NotUtf8 { line } => ByteListError::NotUtf8 { line: line + lines },
                ByteListError::LineTooLong { line } => {
                    ByteListError::LineTooLong { line: line + lines }
                }
            })
        })?;
        text.copy_within(cut..filled, 0);
        filled -= cut;

        words.clear();
        words.extend(
            bytes
                .chunks_exact(4)
                .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])),
        );
        let mut at = 0;
        while at < words.len() {
            if out.len() >= chunk {
                flush(out).map_err(StreamError::Write)?;
            }
            match decode_line(processor, &words[at..], &mut inst, out) {
                Ok(n) => at += n,
                // The rest of the instruction is in the next piece.
                Err(DecodeError::Truncated { .. }) if !eof => break,
                Err(e) => {
                    bad(first_word + at, e);
                    at += 1;
                }
            }
        }
        bytes.drain(..at * 4);
        first_word += at;
    }
    flush(out).map_err(StreamError::Write)?;
    Ok((first_word, bytes.len()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byte_lists_parse_with_positions() {
        let text = "0x00 0x00 0x81 0xbf # s_endpgm\n[0x01,0x05, 4 ,0X02]// c\n";
        assert_eq!(
            parse(text.as_bytes()).unwrap(),
            vec![0, 0, 0x81, 0xbf, 1, 5, 4, 2]
        );
        assert_eq!(byte_position(text, 0), (1, 1));
        assert_eq!(byte_position(text, 3), (1, 16));
        assert_eq!(byte_position(text, 4), (2, 1));
        assert_eq!(byte_position(text, 6), (2, 13));
        let e = parse(b"0x00 0x1zz\n").unwrap_err();
        assert_eq!(e.to_string(), "1:6: error: `0x1zz` is not a byte");
        assert_eq!(
            parse(b"0x01 0x02 // 0x03\r\n# 0x04\n0x05#x\n\t0xff,0x10 9\n").unwrap(),
            vec![1, 2, 5, 0xff, 0x10, 9]
        );
        let e = parse(b"0x01\n0x02 / 0x03\n").unwrap_err();
        assert_eq!(e.to_string(), "2:6: error: `/` is not a byte");
        let e = parse(b"1 256").unwrap_err();
        assert_eq!(e.to_string(), "1:3: error: `256` is not a byte");
        // Tokens at the very end, upper-case digits, and `0x` tokens the
        // five-byte path must hand to the tokenizer.
        assert_eq!(parse(b"0xAb 0x0f").unwrap(), vec![0xab, 0x0f]);
        assert_eq!(parse(b"0x1 0x002\n0xff").unwrap(), vec![1, 2, 0xff]);
        assert_eq!(parse(b"0xab# c\n0xcd//\n").unwrap(), vec![0xab, 0xcd]);
        let e = parse(b"0xabc 0x01").unwrap_err();
        assert_eq!(e.to_string(), "1:1: error: `0xabc` is not a byte");
        // Non-ASCII: whitespace separates, invalid UTF-8 is an error.
        assert_eq!(parse("0x01\u{a0}0x02".as_bytes()).unwrap(), vec![1, 2]);
        let e = parse(b"0x01 0x02\n0x03 \xff\n").unwrap_err();
        assert_eq!(e, ByteListError::NotUtf8 { line: 2 });
    }

    /// Streaming in pieces gives what the whole-buffer path gives: the
    /// same listing, bad words at the same indices, trailing bytes.
    #[test]
    fn stream_agrees_with_whole_buffer() {
        // s_endpgm; v_add_f32_e32; an undecodable word; a literal on
        // the next line; two trailing bytes.
        let mut text = String::new();
        for _ in 0..3000 {
            text.push_str("0x00 0x00 0x81 0xbf\n0x01 0x05 0x04 0x02\n0xff 0xff 0xff 0xff\n");
            text.push_str("0xff 0x04 0x04 0x02\n0x00 0x00 0x80 0x3f # k\n");
        }
        text.push_str("0x00 0x00\n");
        let p = Processor::Gfx942;
        let bytes = parse(text.as_bytes()).unwrap();
        let (mut want, mut want_bad) = (String::new(), Vec::new());
        let _ = disassemble::<()>(
            p,
            &words(&bytes),
            &mut want,
            usize::MAX,
            |_| Ok(()),
            |at, e| want_bad.push((at, e)),
        );
        struct Trickle<'a>(&'a [u8]);
        impl std::io::Read for Trickle<'_> {
            fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
                // Odd-sized reads split tokens and instructions.
                let n = buf.len().min(self.0.len()).min(4093);
                buf[..n].copy_from_slice(&self.0[..n]);
                self.0 = &self.0[n..];
                Ok(n)
            }
        }
        let (mut got, mut got_bad) = (String::new(), Vec::new());
        let mut all = String::new();
        let r = disassemble_stream::<String>(
            p,
            &mut Trickle(text.as_bytes()),
            &mut got,
            1000,
            |o| {
                all.push_str(o);
                o.clear();
                Ok(())
            },
            |at, e| got_bad.push((at, e)),
        );
        assert_eq!(r.unwrap(), (bytes.len() / 4, 2));
        // As llvm-mc 22 prints the literal instruction.
        assert!(want.contains("\tv_add_f32_e32 v2, lit(0x3f800000), v2\n"));
        assert_eq!(all, want);
        assert_eq!(got_bad, want_bad);
        assert_eq!(got_bad.len(), 3000);
        // A bad token far in: its line counts the lines of earlier pieces.
        let bad = format!("{text}0x01\n0xzz\n");
        let r = disassemble_stream::<String>(
            p,
            &mut Trickle(bad.as_bytes()),
            &mut String::new(),
            1000,
            |o| {
                o.clear();
                Ok(())
            },
            |_, _| {},
        );
        let line = text.lines().count() + 2;
        assert_eq!(
            r.unwrap_err().to_string(),
            format!("{line}:1: error: `0xzz` is not a byte")
        );
        assert_eq!(
            byte_positions(&text, &[0, 5, bytes.len() - 1, bytes.len()]),
            vec![(1, 1), (2, 6), (text.lines().count(), 6), (0, 0)]
        );
    }

    /// Parsing agrees with the line tokenizer on every byte of a varied
    /// list (the fast path must not skip or invent tokens).
    #[test]
    fn fast_path_agrees_with_the_tokenizer() {
        let text = "0x00 0x01,0x02\t0x03\r\n  0x04  0x05 # 0x06\n\n0x07\n[0x08 0x09]\n10 0xA 0x0B";
        let want: Vec<u8> = text
            .lines()
            .flat_map(|l| byte_tokens(l).map(|(t, _)| byte_value(t).unwrap()))
            .collect();
        assert_eq!(parse(text.as_bytes()).unwrap(), want);
        let mut out = Vec::new();
        let lines = parse_into(text.as_bytes(), &mut out).unwrap();
        assert_eq!(lines, text.matches('\n').count());
    }
}
