//! A generic MessagePack value, its canonical encoding and a decoder that
//! never panics. The encoding is the one LLVM's `msgpack::Writer` produces
//! (smallest form for every integer, string, array and map header; `str8`
//! allowed), so a document decoded from clang's note re-encodes to the same
//! bytes. Primitive encoders and marker tables come from the `rmp` crate.

use super::{CodeObjectError, Result};
use rmp::Marker;
use serde::Serialize;

/// Any MessagePack value. Maps keep their entries in order: LLVM writes map
/// keys sorted (its `MapDocNode` is a `std::map`), and so does
/// [`Value::sorted_map`].
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Value {
    Nil,
    Bool(bool),
    /// Any non-negative integer.
    UInt(u64),
    /// A negative integer.
    Int(i64),
    F32(f32),
    F64(f64),
    Str(String),
    Bin(Vec<u8>),
    Array(Vec<Value>),
    Map(Vec<(Value, Value)>),
    Ext(i8, Vec<u8>),
}

/// Nesting deeper than this is rejected (real metadata nests 4 levels).
const MAX_DEPTH: usize = 64;

impl Value {
    pub fn str(s: &str) -> Value {
        Value::Str(s.to_string())
    }

    /// A map with string keys sorted bytewise, as LLVM writes maps.
    pub fn sorted_map(mut entries: Vec<(String, Value)>) -> Value {
        entries.sort_by(|a, b| a.0.cmp(&b.0));
        Value::Map(
            entries
                .into_iter()
                .map(|(k, v)| (Value::Str(k), v))
                .collect(),
        )
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::Str(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_u64(&self) -> Option<u64> {
        match self {
            Value::UInt(v) => Some(*v),
            _ => None,
        }
    }

    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Value::Bool(v) => Some(*v),
            _ => None,
        }
    }

    pub fn as_array(&self) -> Option<&[Value]> {
        match self {
            Value::Array(v) => Some(v),
            _ => None,
        }
    }

    pub fn as_map(&self) -> Option<&[(Value, Value)]> {
        match self {
            Value::Map(v) => Some(v),
            _ => None,
        }
    }

    /// Look a string key up in a map.
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.as_map()?
            .iter()
            .find(|(k, _)| k.as_str() == Some(key))
            .map(|(_, v)| v)
    }

    /// Encode a string canonically (fixstr, str8, str16 or str32).
    pub fn encode_str(out: &mut Vec<u8>, s: &str) -> Result<()> {
        put::str(out, s)
    }

    /// Encode canonically.
    pub fn to_bytes(&self) -> Result<Vec<u8>> {
        let mut out = Vec::new();
        self.encode(&mut out)?;
        Ok(out)
    }

    pub fn encode(&self, out: &mut Vec<u8>) -> Result<()> {
        use rmp::encode as e;
        let too_long = |what: &str| CodeObjectError::MsgPack(format!("{what} longer than 2^32-1"));
        let len32 = |n: usize, what: &str| u32::try_from(n).map_err(|_| too_long(what));
        let map_err = |_| CodeObjectError::MsgPack("write failed".into());
        match self {
            Value::Nil => e::write_nil(out).map_err(map_err)?,
            Value::Bool(b) => e::write_bool(out, *b).map_err(map_err)?,
            Value::UInt(v) => {
                e::write_uint(out, *v).map_err(|_| too_long("integer"))?;
            }
            Value::Int(v) => {
                if *v >= 0 {
                    e::write_uint(out, *v as u64).map_err(|_| too_long("integer"))?;
                } else {
                    e::write_sint(out, *v).map_err(|_| too_long("integer"))?;
                }
            }
            Value::F32(v) => e::write_f32(out, *v).map_err(|_| too_long("float"))?,
            Value::F64(v) => e::write_f64(out, *v).map_err(|_| too_long("float"))?,
            Value::Str(s) => {
                e::write_str_len(out, len32(s.len(), "string")?).map_err(|_| too_long("string"))?;
                out.extend_from_slice(s.as_bytes());
            }
            Value::Bin(b) => {
                e::write_bin_len(out, len32(b.len(), "binary")?).map_err(|_| too_long("binary"))?;
                out.extend_from_slice(b);
            }
            Value::Array(items) => {
                e::write_array_len(out, len32(items.len(), "array")?)
                    .map_err(|_| too_long("array"))?;
                for item in items {
                    item.encode(out)?;
                }
            }
            Value::Map(entries) => {
                e::write_map_len(out, len32(entries.len(), "map")?).map_err(|_| too_long("map"))?;
                for (k, v) in entries {
                    k.encode(out)?;
                    v.encode(out)?;
                }
            }
            Value::Ext(ty, data) => {
                e::write_ext_meta(out, len32(data.len(), "extension")?, *ty)
                    .map_err(|_| too_long("extension"))?;
                out.extend_from_slice(data);
            }
        }
        Ok(())
    }

    /// Decode exactly one value spanning all of `bytes`.
    pub fn from_bytes(bytes: &[u8]) -> Result<Value> {
        ValueRef::from_bytes(bytes).map(|v| v.to_value())
    }
}

/// A decoded MessagePack value that borrows its strings, binaries and
/// extension data from the input: what the reader decodes metadata notes
/// into, so only the strings the typed model keeps are allocated.
#[derive(Clone, Debug, PartialEq)]
pub enum ValueRef<'a> {
    Nil,
    Bool(bool),
    UInt(u64),
    Int(i64),
    F32(f32),
    F64(f64),
    Str(&'a str),
    Bin(&'a [u8]),
    Array(Vec<ValueRef<'a>>),
    Map(Vec<(ValueRef<'a>, ValueRef<'a>)>),
    Ext(i8, &'a [u8]),
}

impl<'a> ValueRef<'a> {
    /// Decode exactly one value spanning all of `bytes` (the same checks
    /// and messages as [`Value::from_bytes`]).
    pub fn from_bytes(bytes: &'a [u8]) -> Result<ValueRef<'a>> {
        let mut d = Decoder { bytes, pos: 0 };
        let v = d.value(0)?;
        if d.pos != bytes.len() {
            return Err(CodeObjectError::MsgPack(format!(
                "{} trailing bytes after the document at offset {}",
                bytes.len() - d.pos,
                d.pos
            )));
        }
        Ok(v)
    }

    /// A borrowed view of an owned value.
    pub fn from_value(v: &'a Value) -> ValueRef<'a> {
        match v {
            Value::Nil => ValueRef::Nil,
            Value::Bool(b) => ValueRef::Bool(*b),
            Value::UInt(u) => ValueRef::UInt(*u),
            Value::Int(i) => ValueRef::Int(*i),
            Value::F32(f) => ValueRef::F32(*f),
            Value::F64(f) => ValueRef::F64(*f),
            Value::Str(s) => ValueRef::Str(s),
            Value::Bin(b) => ValueRef::Bin(b),
            Value::Array(items) => {
                ValueRef::Array(items.iter().map(ValueRef::from_value).collect())
            }
            Value::Map(entries) => ValueRef::Map(
                entries
                    .iter()
                    .map(|(k, v)| (ValueRef::from_value(k), ValueRef::from_value(v)))
                    .collect(),
            ),
            Value::Ext(t, d) => ValueRef::Ext(*t, d),
        }
    }

    /// The owned equivalent.
    pub fn to_value(&self) -> Value {
        match self {
            ValueRef::Nil => Value::Nil,
            ValueRef::Bool(b) => Value::Bool(*b),
            ValueRef::UInt(u) => Value::UInt(*u),
            ValueRef::Int(i) => Value::Int(*i),
            ValueRef::F32(f) => Value::F32(*f),
            ValueRef::F64(f) => Value::F64(*f),
            ValueRef::Str(s) => Value::Str(s.to_string()),
            ValueRef::Bin(b) => Value::Bin(b.to_vec()),
            ValueRef::Array(items) => Value::Array(items.iter().map(ValueRef::to_value).collect()),
            ValueRef::Map(entries) => Value::Map(
                entries
                    .iter()
                    .map(|(k, v)| (k.to_value(), v.to_value()))
                    .collect(),
            ),
            ValueRef::Ext(t, d) => Value::Ext(*t, d.to_vec()),
        }
    }

    pub fn as_str(&self) -> Option<&'a str> {
        match self {
            ValueRef::Str(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_u64(&self) -> Option<u64> {
        match self {
            ValueRef::UInt(v) => Some(*v),
            _ => None,
        }
    }

    pub fn as_bool(&self) -> Option<bool> {
        match self {
            ValueRef::Bool(v) => Some(*v),
            _ => None,
        }
    }

    pub fn as_array(&self) -> Option<&[ValueRef<'a>]> {
        match self {
            ValueRef::Array(v) => Some(v),
            _ => None,
        }
    }
}

struct Decoder<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl<'a> Decoder<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8]> {
        let end = self.pos.checked_add(n).filter(|&e| e <= self.bytes.len());
        match end {
            Some(end) => {
                let s = &self.bytes[self.pos..end];
                self.pos = end;
                Ok(s)
            }
            None => Err(CodeObjectError::MsgPack(format!(
                "truncated: {n} bytes needed at offset {}, {} left",
                self.pos,
                self.bytes.len() - self.pos
            ))),
        }
    }

    fn be(&mut self, n: usize) -> Result<u64> {
        Ok(self.take(n)?.iter().fold(0u64, |a, &b| (a << 8) | b as u64))
    }

    /// A length prefix that cannot exceed what is left (each element or
    /// byte needs at least one input byte), so no huge preallocation.
    fn len(&mut self, n: usize, what: &str) -> Result<usize> {
        let len = self.be(n)? as usize;
        if len > self.bytes.len() - self.pos {
            return Err(CodeObjectError::MsgPack(format!(
                "{what} of length {len} at offset {} exceeds the {} bytes left",
                self.pos,
                self.bytes.len() - self.pos
            )));
        }
        Ok(len)
    }

    fn string(&mut self, len: usize) -> Result<ValueRef<'a>> {
        let at = self.pos;
        let raw = self.take(len)?;
        match std::str::from_utf8(raw) {
            Ok(s) => Ok(ValueRef::Str(s)),
            Err(_) => Err(CodeObjectError::MsgPack(format!(
                "string at offset {at} is not UTF-8"
            ))),
        }
    }

    fn array(&mut self, len: usize, depth: usize) -> Result<ValueRef<'a>> {
        let mut items = Vec::with_capacity(len);
        for _ in 0..len {
            items.push(self.value(depth + 1)?);
        }
        Ok(ValueRef::Array(items))
    }

    fn map(&mut self, len: usize, depth: usize) -> Result<ValueRef<'a>> {
        let mut entries = Vec::with_capacity(len);
        for _ in 0..len {
            let k = self.value(depth + 1)?;
            let v = self.value(depth + 1)?;
            entries.push((k, v));
        }
        Ok(ValueRef::Map(entries))
    }

    fn ext(&mut self, len: usize) -> Result<ValueRef<'a>> {
        let ty = self.take(1)?[0] as i8;
        Ok(ValueRef::Ext(ty, self.take(len)?))
    }

    fn value(&mut self, depth: usize) -> Result<ValueRef<'a>> {
        if depth > MAX_DEPTH {
            return Err(CodeObjectError::MsgPack(format!(
                "nesting deeper than {MAX_DEPTH} at offset {}",
                self.pos
            )));
        }
        let at = self.pos;
        let byte = self.take(1)?[0];
        Ok(match Marker::from_u8(byte) {
            Marker::FixPos(v) => ValueRef::UInt(v as u64),
            Marker::FixNeg(v) => ValueRef::Int(v as i64),
            Marker::Null => ValueRef::Nil,
            Marker::True => ValueRef::Bool(true),
            Marker::False => ValueRef::Bool(false),
            Marker::U8 => ValueRef::UInt(self.be(1)?),
            Marker::U16 => ValueRef::UInt(self.be(2)?),
            Marker::U32 => ValueRef::UInt(self.be(4)?),
            Marker::U64 => ValueRef::UInt(self.be(8)?),
            Marker::I8 => int(self.be(1)? as u8 as i8 as i64),
            Marker::I16 => int(self.be(2)? as u16 as i16 as i64),
            Marker::I32 => int(self.be(4)? as u32 as i32 as i64),
            Marker::I64 => int(self.be(8)? as i64),
            Marker::F32 => ValueRef::F32(f32::from_bits(self.be(4)? as u32)),
            Marker::F64 => ValueRef::F64(f64::from_bits(self.be(8)?)),
            Marker::FixStr(n) => self.string(n as usize)?,
            Marker::Str8 => {
                let n = self.len(1, "string")?;
                self.string(n)?
            }
            Marker::Str16 => {
                let n = self.len(2, "string")?;
                self.string(n)?
            }
            Marker::Str32 => {
                let n = self.len(4, "string")?;
                self.string(n)?
            }
            Marker::Bin8 | Marker::Bin16 | Marker::Bin32 => {
                let w = match byte {
                    0xc4 => 1,
                    0xc5 => 2,
                    _ => 4,
                };
                let n = self.len(w, "binary")?;
                ValueRef::Bin(self.take(n)?)
            }
            Marker::FixArray(n) => self.array(n as usize, depth)?,
            Marker::Array16 => {
                let n = self.len(2, "array")?;
                self.array(n, depth)?
            }
            Marker::Array32 => {
                let n = self.len(4, "array")?;
                self.array(n, depth)?
            }
            Marker::FixMap(n) => self.map(n as usize, depth)?,
            Marker::Map16 => {
                let n = self.len(2, "map")?;
                self.map(n, depth)?
            }
            Marker::Map32 => {
                let n = self.len(4, "map")?;
                self.map(n, depth)?
            }
            Marker::FixExt1 => self.ext(1)?,
            Marker::FixExt2 => self.ext(2)?,
            Marker::FixExt4 => self.ext(4)?,
            Marker::FixExt8 => self.ext(8)?,
            Marker::FixExt16 => self.ext(16)?,
            Marker::Ext8 => {
                let n = self.len(1, "extension")?;
                self.ext(n)?
            }
            Marker::Ext16 => {
                let n = self.len(2, "extension")?;
                self.ext(n)?
            }
            Marker::Ext32 => {
                let n = self.len(4, "extension")?;
                self.ext(n)?
            }
            Marker::Reserved => {
                return Err(CodeObjectError::MsgPack(format!(
                    "reserved marker 0xc1 at offset {at}"
                )))
            }
        })
    }
}

/// Non-negative values are `UInt` whatever their wire form, so a decoded
/// document compares equal to one built from typed fields.
fn int<'a>(v: i64) -> ValueRef<'a> {
    if v >= 0 {
        ValueRef::UInt(v as u64)
    } else {
        ValueRef::Int(v)
    }
}

/// Canonical MessagePack headers and scalars written straight into a byte
/// vector: the bytes `rmp::encode` writes (smallest form), without its
/// `Write` plumbing. The metadata writer encodes every key and value of a
/// code object's note through these.
pub(crate) mod put {
    use super::super::{CodeObjectError, Result};

    /// A non-negative integer: positive fixint, uint8, uint16, uint32 or
    /// uint64.
    #[inline]
    pub fn uint(out: &mut Vec<u8>, v: u64) {
        if v < 0x80 {
            out.push(v as u8);
        } else if v < 0x100 {
            out.extend_from_slice(&[0xcc, v as u8]);
        } else if v < 0x1_0000 {
            out.push(0xcd);
            out.extend_from_slice(&(v as u16).to_be_bytes());
        } else if v < 0x1_0000_0000 {
            out.push(0xce);
            out.extend_from_slice(&(v as u32).to_be_bytes());
        } else {
            out.push(0xcf);
            out.extend_from_slice(&v.to_be_bytes());
        }
    }

    #[inline]
    pub fn bool(out: &mut Vec<u8>, b: bool) {
        out.push(if b { 0xc3 } else { 0xc2 });
    }

    /// A string: fixstr, str8, str16 or str32 header, then the bytes.
    #[inline]
    pub fn str(out: &mut Vec<u8>, s: &str) -> Result<()> {
        let n = s.len();
        if n < 32 {
            out.push(0xa0 | n as u8);
        } else if n < 0x100 {
            out.extend_from_slice(&[0xd9, n as u8]);
        } else {
            // str16 is 0xda, str32 0xdb.
            long(out, n, "string", 0xda)?;
        }
        out.extend_from_slice(s.as_bytes());
        Ok(())
    }

    /// An array header (fixarray, array16, array32).
    #[inline]
    pub fn array(out: &mut Vec<u8>, n: usize) -> Result<()> {
        if n < 16 {
            out.push(0x90 | n as u8);
            return Ok(());
        }
        long(out, n, "array", 0xdc)
    }

    /// A map header (fixmap, map16, map32).
    #[inline]
    pub fn map(out: &mut Vec<u8>, n: usize) -> Result<()> {
        if n < 16 {
            out.push(0x80 | n as u8);
            return Ok(());
        }
        long(out, n, "map", 0xde)
    }

    /// A length past the fix forms: the 16-bit marker `m16` and length,
    /// or the 32-bit one (`m16 + 1`).
    fn long(out: &mut Vec<u8>, n: usize, what: &str, m16: u8) -> Result<()> {
        let n = u32::try_from(n)
            .map_err(|_| CodeObjectError::MsgPack(format!("{what} longer than 2^32-1")))?;
        if n < 0x1_0000 {
            out.push(m16);
            out.extend_from_slice(&(n as u16).to_be_bytes());
        } else {
            out.push(m16 + 1);
            out.extend_from_slice(&n.to_be_bytes());
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_forms() {
        let cases: Vec<(Value, Vec<u8>)> = vec![
            (Value::UInt(0), vec![0x00]),
            (Value::UInt(127), vec![0x7f]),
            (Value::UInt(128), vec![0xcc, 0x80]),
            (Value::UInt(1024), vec![0xcd, 0x04, 0x00]),
            (Value::UInt(1 << 20), vec![0xce, 0, 0x10, 0, 0]),
            (Value::Int(-1), vec![0xff]),
            (Value::Int(-33), vec![0xd0, 0xdf]),
            (Value::Bool(false), vec![0xc2]),
            (Value::str("ab"), vec![0xa2, b'a', b'b']),
            (
                Value::Array(vec![Value::UInt(1), Value::UInt(2)]),
                vec![0x92, 1, 2],
            ),
        ];
        for (v, bytes) in cases {
            assert_eq!(v.to_bytes().unwrap(), bytes, "{v:?}");
            assert_eq!(Value::from_bytes(&bytes).unwrap(), v);
        }
        // Strings of 32..=255 bytes use str8 as LLVM's writer does.
        let s = "x".repeat(40);
        let b = Value::Str(s.clone()).to_bytes().unwrap();
        assert_eq!(&b[..2], &[0xd9, 40]);
        // 16 map entries need map16 (`de 00 10`), as in clang's notes.
        let m = Value::sorted_map((0..16).map(|i| (format!("k{i:02}"), Value::Nil)).collect());
        assert_eq!(&m.to_bytes().unwrap()[..3], &[0xde, 0x00, 0x10]);
    }

    /// The direct writers give `rmp`'s bytes at every form boundary.
    #[test]
    fn put_matches_rmp_at_every_boundary() {
        for v in [
            0u64,
            0x7f,
            0x80,
            0xff,
            0x100,
            0xffff,
            0x1_0000,
            0xffff_ffff,
            0x1_0000_0000,
            u64::MAX,
        ] {
            let (mut a, mut b) = (Vec::new(), Vec::new());
            put::uint(&mut a, v);
            rmp::encode::write_uint(&mut b, v).unwrap();
            assert_eq!(a, b, "uint {v:#x}");
        }
        for n in [0usize, 15, 16, 31, 32, 255, 256, 0xffff, 0x1_0000] {
            let (mut a, mut b) = (Vec::new(), Vec::new());
            put::str(&mut a, &"s".repeat(n)).unwrap();
            rmp::encode::write_str(&mut b, &"s".repeat(n)).unwrap();
            assert_eq!(a, b, "str of {n}");
            let (mut a, mut b) = (Vec::new(), Vec::new());
            put::array(&mut a, n).unwrap();
            rmp::encode::write_array_len(&mut b, n as u32).unwrap();
            assert_eq!(a, b, "array of {n}");
            let (mut a, mut b) = (Vec::new(), Vec::new());
            put::map(&mut a, n).unwrap();
            rmp::encode::write_map_len(&mut b, n as u32).unwrap();
            assert_eq!(a, b, "map of {n}");
        }
        for v in [false, true] {
            let (mut a, mut b) = (Vec::new(), Vec::new());
            put::bool(&mut a, v);
            rmp::encode::write_bool(&mut b, v).unwrap();
            assert_eq!(a, b);
        }
    }

    #[test]
    fn sorted_map_orders_keys_bytewise() {
        let m = Value::sorted_map(vec![
            (".vgpr_count".into(), Value::UInt(1)),
            (".args".into(), Value::Array(vec![])),
            (".agpr_count".into(), Value::UInt(0)),
        ]);
        let keys: Vec<_> = m
            .as_map()
            .unwrap()
            .iter()
            .map(|(k, _)| k.as_str().unwrap())
            .collect();
        assert_eq!(keys, [".agpr_count", ".args", ".vgpr_count"]);
        assert_eq!(m.get(".vgpr_count"), Some(&Value::UInt(1)));
    }

    #[test]
    fn bad_input_is_an_error() {
        for bad in [
            &[0xc1][..],
            &[0xdd, 0xff, 0xff, 0xff, 0xff],
            &[0xa3, b'a'],
            &[0x92, 0x01],
            &[0xa1, 0xff],
            &[0x01, 0x02],
            &[],
        ] {
            assert!(Value::from_bytes(bad).is_err(), "{bad:?}");
        }
        let deep: Vec<u8> = std::iter::repeat_n(0x91, 100).chain([0x00]).collect();
        assert!(Value::from_bytes(&deep).is_err());
    }
}
