//! The YAML subset of `.amdgpu_metadata` blocks, read into a MessagePack
//! [`Value`] the way LLVM 22's `msgpack::Document::fromYAML` types it.
//!
//! Accepted: block mappings and block sequences by indentation (including
//! `- key: value` items), plain, single- and double-quoted scalars, the
//! tags `!str`, `!int`, `!bool`, `!float`, `!nil`, `#` comments, and the
//! `---` / `...` document markers. Flow collections, anchors and
//! multi-line scalars are rejected with an error (LLVM never emits them).
//!
//! Scalar typing follows `DocNode::fromString` (checked with llvm-mc 22):
//! quoting does not make a string; untagged scalars are tried as an
//! unsigned integer (`0x` hex, `0b` binary, leading-`0` octal), a signed
//! integer, a boolean (`true`/`false` and the YAML 1.1 spellings LLVM's
//! `parseBool` accepts), a float, and only then a string. `!str` forces a
//! string.

use std::borrow::Cow;

use crate::code_object::Value;

/// An error at a line (0-based, relative to the first YAML line) and a
/// byte column within that line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct YamlError {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

#[derive(Clone, Debug)]
struct Line<'a> {
    /// Index into the input lines.
    no: usize,
    indent: usize,
    /// Content after the indentation, comment stripped, trimmed at the end.
    text: &'a str,
}

fn e<T>(line: usize, column: usize, message: impl Into<String>) -> Result<T, YamlError> {
    Err(YamlError {
        line,
        column,
        message: message.into(),
    })
}

/// Where a ` #` comment starts, outside quotes.
fn comment_start(s: &str) -> Option<usize> {
    let b = s.as_bytes();
    let mut quote: Option<u8> = None;
    for i in 0..b.len() {
        match quote {
            Some(q) => {
                if b[i] == q {
                    quote = None;
                }
            }
            None => match b[i] {
                b'\'' | b'"' if i == 0 || b[i - 1] == b' ' || b[i - 1] == b':' => {
                    quote = Some(b[i])
                }
                b'#' if i == 0 || b[i - 1] == b' ' || b[i - 1] == b'\t' => return Some(i),
                _ => {}
            },
        }
    }
    None
}

const MAX_DEPTH: usize = 64;

struct Parser<'a> {
    lines: Vec<Line<'a>>,
    i: usize,
}

/// Parse the lines between `.amdgpu_metadata` and `.end_amdgpu_metadata`.
pub fn parse_yaml(lines: &[&str]) -> Result<Value, YamlError> {
    let mut out = Vec::new();
    let mut started = false;
    for (no, raw) in lines.iter().enumerate() {
        if raw.contains('\t') {
            let col = raw.find('\t').unwrap_or(0);
            if raw[..col].trim_ascii().is_empty() {
                return e(no, col, "tabs cannot indent YAML");
            }
        }
        // Most lines have no `#`: skip the quote-aware scan for them.
        let body = match raw.contains('#').then(|| comment_start(raw)).flatten() {
            Some(c) => &raw[..c],
            None => raw,
        };
        let text = body.trim_ascii_end();
        let trimmed = text.trim_ascii_start();
        if trimmed.is_empty() {
            continue;
        }
        if trimmed == "---" && !started {
            started = true;
            continue;
        }
        if trimmed == "..." {
            if let Some(extra) = lines[no + 1..]
                .iter()
                .position(|l| !l.trim_ascii().is_empty())
            {
                return e(
                    no + 1 + extra,
                    0,
                    "text after the end of the YAML document (`...`)",
                );
            }
            break;
        }
        started = true;
        out.push(Line {
            no,
            indent: text.len() - trimmed.len(),
            text: trimmed,
        });
    }
    if out.is_empty() {
        return e(0, 0, "empty metadata document");
    }
    let mut p = Parser { lines: out, i: 0 };
    let indent = p.lines[0].indent;
    let v = p.node(indent, 0)?;
    if let Some(l) = p.lines.get(p.i) {
        return e(l.no, l.indent, "unexpected indentation in YAML");
    }
    Ok(v)
}

/// `key: rest` split at the first `: ` (or a trailing `:`) outside quotes.
fn split_key(s: &str) -> Option<(&str, &str)> {
    let b = s.as_bytes();
    if matches!(b.first(), Some(b'\'' | b'"')) {
        let q = b[0];
        let close = s[1..].find(q as char)? + 1;
        let after = &s[close + 1..];
        if after == ":" || after.starts_with(": ") {
            return Some((&s[..close + 1], after[1..].trim_ascii_start()));
        }
        return None;
    }
    for i in 0..b.len() {
        if b[i] == b':' && (i + 1 == b.len() || b[i + 1] == b' ') {
            return Some((s[..i].trim_ascii_end(), s[i + 1..].trim_ascii_start()));
        }
    }
    None
}

fn is_seq_item(s: &str) -> bool {
    s == "-" || s.starts_with("- ")
}

impl<'a> Parser<'a> {
    fn node(&mut self, indent: usize, depth: usize) -> Result<Value, YamlError> {
        if depth > MAX_DEPTH {
            let l = &self.lines[self.i];
            return e(l.no, l.indent, "YAML nested too deeply");
        }
        let l = self.lines[self.i].clone();
        if l.indent != indent {
            return e(l.no, l.indent, "unexpected indentation in YAML");
        }
        if is_seq_item(l.text) {
            self.sequence(indent, depth)
        } else if split_key(l.text).is_some() {
            self.mapping(indent, depth)
        } else {
            self.i += 1;
            scalar(l.text, l.no, l.indent)
        }
    }

    fn sequence(&mut self, indent: usize, depth: usize) -> Result<Value, YamlError> {
        let mut items = Vec::new();
        while let Some(l) = self.lines.get(self.i).cloned() {
            if l.indent != indent || !is_seq_item(l.text) {
                if l.indent > indent {
                    return e(l.no, l.indent, "unexpected indentation in YAML");
                }
                break;
            }
            let rest = l.text[1..].trim_ascii_start();
            if rest.is_empty() {
                self.i += 1;
                match self.lines.get(self.i) {
                    Some(n) if n.indent > indent => {
                        let ni = n.indent;
                        items.push(self.node(ni, depth + 1)?);
                    }
                    _ => items.push(Value::Nil),
                }
            } else {
                // Re-read the rest of the line as a line of its own.
                let col = l.text.len() - rest.len();
                self.lines[self.i] = Line {
                    no: l.no,
                    indent: l.indent + col,
                    text: rest,
                };
                items.push(self.node(l.indent + col, depth + 1)?);
            }
        }
        Ok(Value::Array(items))
    }

    fn mapping(&mut self, indent: usize, depth: usize) -> Result<Value, YamlError> {
        let mut entries: Vec<(String, Value)> = Vec::new();
        while let Some(l) = self.lines.get(self.i).cloned() {
            if l.indent != indent {
                if l.indent > indent {
                    return e(l.no, l.indent, "unexpected indentation in YAML");
                }
                break;
            }
            let Some((key, rest)) = split_key(l.text) else {
                if is_seq_item(l.text) {
                    break;
                }
                return e(l.no, l.indent, "expected `key: value` in a YAML mapping");
            };
            let key = scalar_text(key, l.no, l.indent)?.0.into_owned();
            if entries.iter().any(|(k, _)| *k == key) {
                return e(
                    l.no,
                    l.indent,
                    format!("duplicate key `{key}` in YAML mapping"),
                );
            }
            self.i += 1;
            let value = if rest.is_empty() {
                match self.lines.get(self.i) {
                    Some(n) if n.indent > indent => {
                        let ni = n.indent;
                        self.node(ni, depth + 1)?
                    }
                    // A block sequence may sit at the key's own indentation.
                    Some(n) if n.indent == indent && is_seq_item(n.text) => {
                        self.sequence(indent, depth + 1)?
                    }
                    _ => Value::Nil,
                }
            } else {
                let col = l.indent + (l.text.len() - rest.len());
                scalar(rest, l.no, col)?
            };
            entries.push((key, value));
        }
        Ok(Value::sorted_map(entries))
    }
}

/// Unquote a scalar: returns the text and whether it was quoted.
fn scalar_text(s: &str, line: usize, col: usize) -> Result<(Cow<'_, str>, bool), YamlError> {
    let b = s.as_bytes();
    match b.first() {
        Some(b'\'') => {
            if b.len() < 2 || b[b.len() - 1] != b'\'' {
                return e(line, col, "unterminated single-quoted YAML scalar");
            }
            let inner = &s[1..s.len() - 1];
            if inner.replace("''", "").contains('\'') {
                return e(line, col, "stray quote in single-quoted YAML scalar");
            }
            Ok((Cow::Owned(inner.replace("''", "'")), true))
        }
        Some(b'"') => {
            if b.len() < 2 || b[b.len() - 1] != b'"' {
                return e(line, col, "unterminated double-quoted YAML scalar");
            }
            let inner = &s[1..s.len() - 1];
            let mut out = String::new();
            let mut chars = inner.chars();
            while let Some(c) = chars.next() {
                if c == '"' {
                    return e(line, col, "stray quote in double-quoted YAML scalar");
                }
                if c != '\\' {
                    out.push(c);
                    continue;
                }
                match chars.next() {
                    Some('n') => out.push('\n'),
                    Some('t') => out.push('\t'),
                    Some('r') => out.push('\r'),
                    Some('0') => out.push('\0'),
                    Some('\\') => out.push('\\'),
                    Some('"') => out.push('"'),
                    Some('/') => out.push('/'),
                    Some('x') => {
                        let h: String = chars.by_ref().take(2).collect();
                        match u8::from_str_radix(&h, 16) {
                            Ok(v) => out.push(v as char),
                            Err(_) => return e(line, col, "bad \\x escape in YAML scalar"),
                        }
                    }
                    _ => return e(line, col, "unsupported escape in YAML scalar"),
                }
            }
            Ok((Cow::Owned(out), true))
        }
        Some(b'[' | b'{') => e(line, col, "YAML flow collections are not supported"),
        Some(b'&' | b'*' | b'|' | b'>' | b'%' | b'@' | b'`') => e(
            line,
            col,
            format!("unsupported YAML syntax `{}`", b[0] as char),
        ),
        _ => Ok((Cow::Borrowed(s), false)),
    }
}

/// LLVM `parseBool` (YAML 1.1 spellings).
pub fn parse_bool(s: &str) -> Option<bool> {
    match s {
        "y" | "Y" | "yes" | "Yes" | "YES" | "on" | "On" | "ON" | "true" | "True" | "TRUE" => {
            Some(true)
        }
        "n" | "N" | "no" | "No" | "NO" | "off" | "Off" | "OFF" | "false" | "False" | "FALSE" => {
            Some(false)
        }
        _ => None,
    }
}

/// LLVM `getAsUnsignedInteger` with radix auto-detection.
fn parse_unsigned(s: &str) -> Option<u64> {
    let (radix, digits) = if let Some(h) = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        (16, h)
    } else if let Some(b) = s.strip_prefix("0b").or_else(|| s.strip_prefix("0B")) {
        (2, b)
    } else if let Some(o) = s.strip_prefix("0o") {
        (8, o)
    } else if s.len() > 1 && s.starts_with('0') {
        (8, &s[1..])
    } else {
        (10, s)
    };
    if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
        return None;
    }
    u64::from_str_radix(digits, radix).ok()
}

/// Type an untagged scalar as `DocNode::fromString` does.
pub fn infer(s: &str) -> Value {
    if let Some(u) = parse_unsigned(s) {
        return Value::UInt(u);
    }
    if let Some(rest) = s.strip_prefix('-') {
        if let Some(u) = parse_unsigned(rest) {
            if u <= i64::MAX as u64 + 1 {
                return Value::Int((u as i64).wrapping_neg());
            }
        }
    }
    if let Some(b) = parse_bool(s) {
        return Value::Bool(b);
    }
    let looks_numeric = s
        .bytes()
        .next()
        .is_some_and(|b| b.is_ascii_digit() || matches!(b, b'-' | b'+' | b'.'));
    if looks_numeric
        || ["inf", "-inf", "+inf", "nan", "infinity"]
            .iter()
            .any(|w| s.eq_ignore_ascii_case(w))
    {
        if let Ok(f) = s.parse::<f64>() {
            return Value::F64(f);
        }
    }
    Value::Str(s.to_string())
}

fn scalar(s: &str, line: usize, col: usize) -> Result<Value, YamlError> {
    // Flow collections: LLVM writes `[]` for an empty list; simple
    // `[a, b]` lists of scalars and `{}` are accepted too.
    if let Some(inner) = s.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
        if inner.trim_ascii().is_empty() {
            return Ok(Value::Array(Vec::new()));
        }
        if inner.contains(['[', ']', '{', '}', '\'', '"']) {
            return e(
                line,
                col,
                "nested or quoted YAML flow collections are not supported",
            );
        }
        return inner
            .split(',')
            .map(|item| scalar(item.trim_ascii(), line, col))
            .collect::<Result<Vec<_>, _>>()
            .map(Value::Array);
    }
    if s == "{}" {
        return Ok(Value::Map(Vec::new()));
    }
    let (tag, body) = match s.strip_prefix('!') {
        Some(t) => {
            let end = t.find(' ').unwrap_or(t.len());
            (Some(&t[..end]), t[end..].trim_ascii_start())
        }
        None => (None, s),
    };
    let (text, _quoted) = scalar_text(body, line, col)?;
    match tag {
        None => Ok(infer(&text)),
        Some("str") => Ok(Value::Str(text.into_owned())),
        Some("nil") => Ok(Value::Nil),
        Some("int") => match infer(&text) {
            v @ (Value::UInt(_) | Value::Int(_)) => Ok(v),
            _ => e(line, col, format!("`{text}` is not an integer")),
        },
        Some("bool") => match parse_bool(&text) {
            Some(b) => Ok(Value::Bool(b)),
            None => e(line, col, format!("`{text}` is not a boolean")),
        },
        Some("float") => match text.parse::<f64>() {
            Ok(f) => Ok(Value::F64(f)),
            Err(_) => e(line, col, format!("`{text}` is not a float")),
        },
        Some(t) => e(line, col, format!("unsupported YAML tag `!{t}`")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn y(s: &str) -> Result<Value, YamlError> {
        let lines: Vec<&str> = s.lines().collect();
        parse_yaml(&lines)
    }

    #[test]
    fn reads_llvm_shape() {
        let v = y("---\namdhsa.kernels:\n  - .args:\n      - .offset: 0\n        .size: 8\n    .name: k\n    .flag: false\namdhsa.version:\n  - 1\n  - 2\n...\n").unwrap();
        let k = &v.get("amdhsa.kernels").unwrap().as_array().unwrap()[0];
        assert_eq!(k.get(".name").unwrap().as_str(), Some("k"));
        assert_eq!(k.get(".flag").unwrap().as_bool(), Some(false));
        let a = &k.get(".args").unwrap().as_array().unwrap()[0];
        assert_eq!(a.get(".size").unwrap().as_u64(), Some(8));
        assert_eq!(
            v.get("amdhsa.version").unwrap().as_array().unwrap(),
            &[Value::UInt(1), Value::UInt(2)]
        );
    }

    #[test]
    fn types_scalars_like_llvm() {
        assert_eq!(infer("6"), Value::UInt(6));
        assert_eq!(infer("0x10"), Value::UInt(16));
        assert_eq!(infer("010"), Value::UInt(8));
        assert_eq!(infer("-3"), Value::Int(-3));
        assert_eq!(infer("y"), Value::Bool(true));
        assert_eq!(infer("1.5"), Value::F64(1.5));
        assert_eq!(infer("global"), Value::str("global"));
        assert_eq!(y("a: '6'").unwrap().get("a"), Some(&Value::UInt(6)));
        assert_eq!(y("a: !str 6").unwrap().get("a"), Some(&Value::str("6")));
        assert_eq!(y("a: 'it''s'").unwrap().get("a"), Some(&Value::str("it's")));
        assert_eq!(y("a: []").unwrap().get("a"), Some(&Value::Array(vec![])));
        assert_eq!(
            y("a: [1, x]").unwrap().get("a"),
            Some(&Value::Array(vec![Value::UInt(1), Value::str("x")]))
        );
    }

    #[test]
    fn rejects_what_it_does_not_support() {
        for bad in [
            "a: [1, [2]]",
            "a: {b: 1}",
            "a: 1\na: 2",
            "a:\n  b: 1\n c: 2",
            "a: 'x",
            "a: !foo 1",
            "- 1\nb: 2",
            "a: &x 1",
        ] {
            assert!(y(bad).is_err(), "{bad:?} should be rejected");
        }
    }
}
