//! The operand shapes most lines hold, read without the general path.

use super::*;

impl Parser<'_> {
    /// The operand shapes most lines hold, read in one pass over the
    /// bytes: `s4`, `v[0:3]`, `a1`, `ttmp[4:7]` (with `.l`/`.h`), a named
    /// register, `off`, or a plain decimal/hex integer, each ending at `,`,
    /// a space, a tab
    /// or the end. `None` (the position unchanged) for anything else,
    /// including every error: [`Self::value`] then reads it as before,
    /// so results and messages are the same.
    pub(super) fn plain_value(&mut self) -> Option<Value> {
        let b = self.s.as_bytes();
        let start = self.pos;
        let ends = |i: usize| i >= b.len() || matches!(b[i], b',' | b' ' | b'\t');
        // The decimal digits at `i` (as `small_decimal` reads them: 1 to
        // 9 digits, else `None`) and where they end.
        let digits_at = |mut i: usize| {
            let from = i;
            let mut v = 0u32;
            while i < b.len() && b[i].is_ascii_digit() {
                v = v.wrapping_mul(10).wrapping_add((b[i] - b'0') as u32);
                i += 1;
            }
            ((1..=9).contains(&(i - from)).then_some(v), i)
        };
        // A true16 half `.l` / `.h` after a register: (half, end).
        let half_at = |i: usize| {
            if b.get(i) != Some(&b'.') {
                return (0, i);
            }
            match b.get(i + 1) {
                Some(b'l') => (1, i + 2),
                Some(b'h') => (2, i + 2),
                _ => (0, i),
            }
        };
        let c0 = *b.get(start)?;
        let (value, end) = match c0 {
            b'0'..=b'9' | b'-' => {
                let neg = c0 == b'-';
                let from = start + neg as usize;
                if !b.get(from).is_some_and(u8::is_ascii_digit) {
                    return None;
                }
                let mut end = from;
                while end < b.len() && NUMBER_BYTE[b[end] as usize] {
                    end += 1;
                }
                let v = plain_int(&b[from..end])?;
                (Value::Int(if neg { -v } else { v }), end)
            }
            b's' | b'v' | b'a' | b't' => {
                let (base, prefix) = match c0 {
                    b's' => (0u16, 1),
                    b'v' => (VGPR0, 1),
                    b'a' => (AGPR0, 1),
                    _ if b[start..].starts_with(b"ttmp") => (108, 4),
                    _ => (0, 0),
                };
                let at = start + prefix;
                match b.get(at) {
                    Some(b'0'..=b'9') if prefix > 0 => {
                        let (n, end) = digits_at(at);
                        let (half, end) = half_at(end);
                        let v = self.plain_reg(base, n?, 1, half)?;
                        (v, end)
                    }
                    Some(b'[') if prefix > 0 => {
                        let (lo, i) = digits_at(at + 1);
                        if b.get(i) != Some(&b':') {
                            return None;
                        }
                        let (hi, i) = digits_at(i + 1);
                        if b.get(i) != Some(&b']') {
                            return None;
                        }
                        let (lo, hi) = (lo?, hi?);
                        if hi < lo || hi - lo >= 32 {
                            return None;
                        }
                        let (half, end) = half_at(i + 1);
                        (self.plain_reg(base, lo, (hi - lo + 1) as u8, half)?, end)
                    }
                    _ => self.plain_name(start)?,
                }
            }
            b'a'..=b'z' => self.plain_name(start)?,
            _ => return None,
        };
        if !ends(end) {
            return None;
        }
        self.pos = end;
        Some(value)
    }

    /// A named register or `off` at `start` (see [`Self::plain_value`]).
    fn plain_name(&self, start: usize) -> Option<(Value, usize)> {
        let b = self.s.as_bytes();
        let mut end = start;
        while end < b.len() && WORD_BYTE[b[end] as usize] {
            end += 1;
        }
        let w = &self.s[start..end];
        if w.ends_with(".l") || w.ends_with(".h") {
            return None;
        }
        if let Some((code, count)) = special(self.gen, w) {
            return Some((
                Value::Reg {
                    code,
                    count,
                    half: 0,
                },
                end,
            ));
        }
        (w == "off").then_some((Value::Off, end))
    }

    /// [`Self::reg_value`] without its error (`None` when out of range).
    #[inline]
    fn plain_reg(&self, base: u16, n: u32, count: u8, half: u8) -> Option<Value> {
        let limit = match base {
            0 => operand::sgpr_limit(self.gen) as u32,
            108 => 16,
            _ => 256,
        };
        (n + count as u32 <= limit).then_some(Value::Reg {
            code: base + n as u16,
            count,
            half,
        })
    }
}
