//! Byte-level scanning helpers of the parser (ASCII fast paths).

/// The ASCII bytes `char::is_whitespace` accepts.
#[inline]
pub(super) fn is_ascii_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

/// `str::trim_end` on bytes for ASCII text (a non-ASCII last byte hands
/// the rest to `str::trim_end`).
#[inline]
pub(crate) fn trim_end(s: &str) -> &str {
    let b = s.as_bytes();
    let mut e = b.len();
    while e > 0 && is_ascii_space(b[e - 1]) {
        e -= 1;
    }
    if e > 0 && b[e - 1] >= 0x80 {
        return s[..e].trim_end();
    }
    &s[..e]
}

/// A decimal or `0x` hexadecimal integer token that cannot overflow,
/// read without the general number parser (the common operand case).
pub(super) fn plain_int(t: &[u8]) -> Option<i64> {
    let (digits, radix) = match t {
        [b'0', b'x' | b'X', rest @ ..] => (rest, 16),
        _ => (t, 10),
    };
    if digits.is_empty() || digits.len() > 15 {
        return None;
    }
    let mut v: i64 = 0;
    for &c in digits {
        let d = match c {
            b'0'..=b'9' => c - b'0',
            b'a'..=b'f' if radix == 16 => c - b'a' + 10,
            b'A'..=b'F' if radix == 16 => c - b'A' + 10,
            _ => return None,
        };
        v = v * radix + d as i64;
    }
    Some(v)
}

/// 1 to 9 decimal digits (no overflow possible), else `None` for the
/// general parser to read or reject.
#[inline]
pub(super) fn small_decimal(d: &[u8]) -> Option<u32> {
    if d.is_empty() || d.len() > 9 {
        return None;
    }
    let mut v = 0u32;
    for &c in d {
        if !c.is_ascii_digit() {
            return None;
        }
        v = v * 10 + (c - b'0') as u32;
    }
    Some(v)
}

/// Whether the text holds `::` (a VOPD pair). Eight bytes at a time:
/// an exact per-byte `:` flag (no borrow between bytes), then adjacent
/// flags within the word and across the word boundary.
pub(super) fn has_double_colon(b: &[u8]) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let colons = |w: u64| {
        let x = w ^ (ONES * b':' as u64);
        !(((x & LOW7) + LOW7) | x | LOW7)
    };
    let mut carry = false;
    let mut chunks = b.chunks_exact(8);
    for c in &mut chunks {
        let f = colons(u64::from_le_bytes(c.try_into().unwrap_or([0; 8])));
        if f & (f >> 8) != 0 || (carry && f & 0x80 != 0) {
            return true;
        }
        carry = f >> 63 != 0;
    }
    for &c in chunks.remainder() {
        let colon = c == b':';
        if colon && carry {
            return true;
        }
        carry = colon;
    }
    false
}

/// Bytes of a [`Parser::word`]: ASCII letters, digits, `_`, `.`, `$`.
pub(super) static WORD_BYTE: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = b.is_ascii_alphanumeric() || b == b'_' || b == b'.' || b == b'$';
        c += 1;
    }
    t
};

/// Bytes of a number token: ASCII letters, digits, `.`, `_`.
pub(super) static NUMBER_BYTE: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = b.is_ascii_alphanumeric() || b == b'.' || b == b'_';
        c += 1;
    }
    t
};

/// Bytes that end a mnemonic or need a `char` look (ASCII whitespace,
/// including vertical tab, and every non-ASCII byte).
pub(super) static NAME_END: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = b >= 0x80 || matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c);
        c += 1;
    }
    t
};
