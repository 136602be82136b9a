//! A byte cursor over one statement, with the token shapes LLVM's
//! `AsmLexer` uses for directives and expressions.

/// An error at a byte offset of the current line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineError {
    pub pos: usize,
    pub message: String,
}

pub type LResult<T> = Result<T, LineError>;

pub fn err<T>(pos: usize, message: impl Into<String>) -> LResult<T> {
    Err(LineError {
        pos,
        message: message.into(),
    })
}

/// Identifier characters after the first (LLVM also allows `$` and `.`;
/// `@` starts a variant such as `@rel32@lo` and is handled by callers).
#[inline]
pub fn is_ident_char(b: u8) -> bool {
    IDENT_CHAR[b as usize]
}

/// [`is_ident_char`] as a table: one load per byte in the statement loop.
static IDENT_CHAR: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'$');
        c += 1;
    }
    t
};

const ONES: u64 = 0x0101_0101_0101_0101;

/// The text split at every `\n`, as `str::split('\n')` splits it, and
/// per line whether it may hold a comment or a string (one of `/ ; # "`;
/// lines without one need no cleaning). The bytes are read eight at a
/// time (SWAR zero-byte tests: the lowest flagged byte of a word is
/// always a true match, so a flag below the newline is exact).
pub fn split_lines_marked(text: &str) -> (Vec<&str>, Vec<bool>) {
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    // Zero-byte test with borrows: only the lowest flag is sure to be a
    // match, so the scan restarts after every newline.
    let zero = |x: u64| x.wrapping_sub(ONES) & !x & HIGHS;
    let b = text.as_bytes();
    let mut lines = Vec::with_capacity(b.len() / 16 + 1);
    let mut marks = Vec::with_capacity(b.len() / 16 + 1);
    let mut start = 0;
    let mut marked = false;
    let mut i = 0;
    while i + 8 <= b.len() {
        let w = u64::from_le_bytes(b[i..i + 8].try_into().unwrap_or([0; 8]));
        // `"` and `#` (0x22, 0x23) in one test, `/` and `;` in one each.
        let special = zero((w | ONES) ^ (ONES * 0x23))
            | zero(w ^ (ONES * b'/' as u64))
            | zero(w ^ (ONES * b';' as u64));
        let hit = zero(w ^ (ONES * b'\n' as u64));
        if hit == 0 {
            marked |= special != 0;
            i += 8;
            continue;
        }
        // Bytes after the newline are read again from the next start.
        let low = hit & hit.wrapping_neg();
        marked |= special & (low - 1) != 0;
        let nl = i + (low.trailing_zeros() / 8) as usize;
        lines.push(&text[start..nl]);
        marks.push(marked);
        marked = false;
        start = nl + 1;
        i = start;
    }
    while i < b.len() {
        match b[i] {
            b'\n' => {
                lines.push(&text[start..i]);
                marks.push(marked);
                marked = false;
                start = i + 1;
            }
            b'/' | b';' | b'#' | b'"' => marked = true,
            _ => {}
        }
        i += 1;
    }
    lines.push(&text[start..]);
    marks.push(marked);
    (lines, marks)
}

pub fn is_ident_start(b: u8) -> bool {
    b.is_ascii_alphabetic() || matches!(b, b'_' | b'.' | b'$')
}

#[derive(Clone, Debug)]
pub struct Cursor<'a> {
    pub text: &'a str,
    pub pos: usize,
}

impl<'a> Cursor<'a> {
    pub fn new(text: &'a str, pos: usize) -> Cursor<'a> {
        Cursor { text, pos }
    }

    pub fn bytes(&self) -> &'a [u8] {
        self.text.as_bytes()
    }

    pub fn skip_ws(&mut self) {
        while let Some(b' ' | b'\t' | b'\r' | b'\x0c' | b'\x0b') = self.bytes().get(self.pos) {
            self.pos += 1;
        }
    }

    pub fn peek(&self) -> Option<u8> {
        self.bytes().get(self.pos).copied()
    }

    pub fn peek_at(&self, n: usize) -> Option<u8> {
        self.bytes().get(self.pos + n).copied()
    }

    pub fn at_end(&mut self) -> bool {
        self.skip_ws();
        self.pos >= self.text.len()
    }

    /// Skips spaces, then consumes `c` if it is next.
    pub fn eat(&mut self, c: u8) -> bool {
        self.skip_ws();
        if self.peek() == Some(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    pub fn expect(&mut self, c: u8, what: &str) -> LResult<()> {
        if self.eat(c) {
            Ok(())
        } else {
            err(self.pos, format!("expected {what}"))
        }
    }

    /// An identifier (skipping leading spaces), with its start offset.
    pub fn ident(&mut self) -> Option<(&'a str, usize)> {
        self.skip_ws();
        let start = self.pos;
        match self.peek() {
            Some(b) if is_ident_start(b) => {}
            _ => return None,
        }
        let b = self.bytes();
        let mut end = start + 1;
        while end < b.len() && IDENT_CHAR[b[end] as usize] {
            end += 1;
        }
        self.pos = end;
        Some((&self.text[start..end], start))
    }

    /// A symbol name: an identifier or a double-quoted name.
    pub fn symbol_name(&mut self) -> LResult<(String, usize)> {
        self.skip_ws();
        let start = self.pos;
        if self.peek() == Some(b'"') {
            return Ok((self.string()?, start));
        }
        match self.ident() {
            Some((s, p)) => Ok((s.to_string(), p)),
            None => err(start, "expected a symbol name"),
        }
    }

    /// A double-quoted string with C escapes, as LLVM's lexer reads it.
    pub fn string(&mut self) -> LResult<String> {
        self.skip_ws();
        let start = self.pos;
        if self.peek() != Some(b'"') {
            return err(start, "expected a string in double quotes");
        }
        self.pos += 1;
        let mut out: Vec<u8> = Vec::new();
        loop {
            let Some(b) = self.peek() else {
                return err(start, "unterminated string");
            };
            self.pos += 1;
            match b {
                b'"' => break,
                b'\\' => {
                    let Some(e) = self.peek() else {
                        return err(start, "unterminated string");
                    };
                    self.pos += 1;
                    match e {
                        b'n' => out.push(b'\n'),
                        b't' => out.push(b'\t'),
                        b'r' => out.push(b'\r'),
                        b'b' => out.push(8),
                        b'f' => out.push(12),
                        b'"' => out.push(b'"'),
                        b'\\' => out.push(b'\\'),
                        b'0'..=b'7' => {
                            let mut v = (e - b'0') as u32;
                            for _ in 0..2 {
                                match self.peek() {
                                    Some(d @ b'0'..=b'7') => {
                                        v = v * 8 + (d - b'0') as u32;
                                        self.pos += 1;
                                    }
                                    _ => break,
                                }
                            }
                            if v > 255 {
                                return err(self.pos - 1, "octal escape out of range");
                            }
                            out.push(v as u8);
                        }
                        b'x' | b'X' => {
                            let mut v: u32 = 0;
                            let mut n = 0;
                            while let Some(d) = self.peek().and_then(|d| (d as char).to_digit(16)) {
                                v = (v * 16 + d) & 0xff;
                                n += 1;
                                self.pos += 1;
                            }
                            if n == 0 {
                                return err(self.pos, "expected hex digits after \\x");
                            }
                            out.push(v as u8);
                        }
                        _ => return err(self.pos - 1, "invalid escape sequence"),
                    }
                }
                _ => out.push(b),
            }
        }
        Ok(String::from_utf8_lossy(&out).into_owned())
    }

    /// The rest of the statement, trimmed.
    pub fn rest(&mut self) -> &'a str {
        self.skip_ws();
        let r = &self.text[self.pos..];
        self.pos = self.text.len();
        crate::isa::parse::trim_end(r)
    }

    pub fn expect_end(&mut self) -> LResult<()> {
        if self.at_end() {
            Ok(())
        } else {
            err(self.pos, "unexpected token at end of statement")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every split position and every byte position of a match, against
    /// the standard library's answers.
    #[test]
    fn byte_scans_agree_with_std() {
        let mut texts = vec![
            String::new(),
            "\n".into(),
            "\n\n\n".into(),
            "abc".into(),
            "\ts_nop 0\n\ts_endpgm\n".into(),
            "x\r\ny\n\nz".into(),
        ];
        for len in 0..40 {
            for at in 0..len {
                for c in [b'\n', b'/', b';', b'#', b'"', b'@', b'!', b'+', 0x0a ^ 0x80] {
                    let mut b = vec![b'a'; len];
                    b[at] = c;
                    if at + 1 < len {
                        b[at + 1] = b'\n';
                    }
                    texts.push(String::from_utf8_lossy(&b).into_owned());
                }
            }
        }
        // Several newlines and comment bytes in one eight-byte word.
        for len in 0..19 {
            for a in 0..len {
                for b in a..len {
                    for (ca, cb) in [(b'\n', b'\n'), (b'\n', b';'), (b'"', b'\n'), (b'#', b'/')] {
                        let mut t = vec![b'x'; len];
                        t[a] = ca;
                        t[b] = cb;
                        if b + 2 < len {
                            t[b + 2] = b'\n';
                        }
                        texts.push(String::from_utf8_lossy(&t).into_owned());
                    }
                }
            }
        }
        for t in &texts {
            let want: Vec<&str> = t.split('\n').collect();
            assert_eq!(split_lines_marked(t).0, want, "{t:?}");
            let want_marks: Vec<bool> = want
                .iter()
                .map(|l| l.bytes().any(|b| b"/;#\"".contains(&b)))
                .collect();
            assert_eq!(split_lines_marked(t).1, want_marks, "{t:?}");
        }
    }
}
