//! Number formatting for the printer: digits pushed straight into the
//! output `String` (the `fmt` machinery was a third of disassembly time).

/// Unsigned decimal.
#[inline]
pub(crate) fn dec(out: &mut String, v: u64) {
    // Register numbers and small fields: pushed digit by digit (a
    // `push_str` of two bytes costs a `memcpy` call).
    let digit = |d: u64| (b'0' + d as u8) as char;
    if v < 10 {
        out.push(digit(v));
        return;
    }
    if v < 100 {
        out.push(digit(v / 10));
        out.push(digit(v % 10));
        return;
    }
    if v < 1000 {
        out.push(digit(v / 100));
        out.push(digit(v / 10 % 10));
        out.push(digit(v % 10));
        return;
    }
    let mut buf = [0u8; 20];
    let mut i = buf.len();
    let mut v = v;
    while v != 0 {
        i -= 1;
        buf[i] = b'0' + (v % 10) as u8;
        v /= 10;
    }
    push_ascii(out, &buf[i..]);
}

/// Unsigned decimal of a register number or small field: the digits of
/// 0..=999 come from a table and are pushed without branching on their
/// count (register numbers are as often one, two or three digits long:
/// a branch per length was mispredicted).
#[inline(always)]
pub(crate) fn dec_small(out: &mut String, v: u16) {
    let Some(&[a, b, c, len]) = DEC3.get(v as usize) else {
        return dec(out, v as u64);
    };
    let end = out.len() + len as usize;
    out.push((a & 0x7f) as char);
    out.push((b & 0x7f) as char);
    out.push((c & 0x7f) as char);
    out.truncate(end);
}

/// Per number 0..=999: its digits, left-aligned (ASCII `0` pads), and
/// how many there are.
static DEC3: [[u8; 4]; 1000] = {
    let mut t = [[b'0'; 4]; 1000];
    let mut v = 0;
    while v < 1000 {
        let d = [(v / 100) as u8, (v / 10 % 10) as u8, (v % 10) as u8];
        let len = if v >= 100 {
            3
        } else if v >= 10 {
            2
        } else {
            1
        };
        let mut k = 0;
        while k < len {
            t[v][k] = b'0' + d[3 - len + k];
            k += 1;
        }
        t[v][3] = len as u8;
        v += 1;
    }
    t
};

/// Signed decimal.
#[inline]
pub(crate) fn int(out: &mut String, v: i64) {
    if v < 0 {
        out.push('-');
    }
    dec(out, v.unsigned_abs());
}

/// Lowercase hexadecimal digits, no prefix.
#[inline]
pub(crate) fn hex(out: &mut String, v: u64) {
    let mut buf = [0u8; 16];
    let mut i = buf.len();
    let mut v = v;
    loop {
        i -= 1;
        buf[i] = DIGITS[(v & 0xf) as usize];
        v >>= 4;
        if v == 0 {
            break;
        }
    }
    push_ascii(out, &buf[i..]);
}

/// `0x` and lowercase hexadecimal (as `{:#x}` prints).
#[inline]
pub(crate) fn hex0x(out: &mut String, v: u64) {
    out.push('0');
    out.push('x');
    if v < 16 {
        out.push(DIGITS[v as usize] as char);
        return;
    }
    hex(out, v);
}

const DIGITS: &[u8; 16] = b"0123456789abcdef";

fn push_ascii(out: &mut String, digits: &[u8]) {
    // Digits are ASCII, so this never fails.
    if let Ok(s) = std::str::from_utf8(digits) {
        out.push_str(s);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_std_formatting() {
        let values = [
            0u64,
            1,
            9,
            10,
            15,
            16,
            99,
            255,
            4096,
            65535,
            100,
            101,
            510,
            999,
            1000,
            u32::MAX as u64,
            u64::MAX,
        ];
        for v in values {
            let mut s = String::new();
            dec(&mut s, v);
            assert_eq!(s, format!("{v}"));
            s.clear();
            hex(&mut s, v);
            assert_eq!(s, format!("{v:x}"));
            s.clear();
            hex0x(&mut s, v);
            assert_eq!(s, format!("{v:#x}"));
            if v <= u16::MAX as u64 {
                s.clear();
                dec_small(&mut s, v as u16);
                assert_eq!(s, format!("{v}"));
            }
        }
        for v in [0i64, -1, 7, -16, 64, i64::MIN, i64::MAX, -32768] {
            let mut s = String::new();
            int(&mut s, v);
            assert_eq!(s, format!("{v}"));
        }
    }
}
