//! Buffer data formats: what the MTBUF `format` field and a buffer
//! resource's (V#) format bits mean.
//!
//! GFX9 (CDNA3 ISA §9.1.2, table "Microcode Formats"): a 4-bit data format
//! (DFMT: the number of components and their widths) and a 3-bit numeric
//! format (NFMT); the MTBUF field is `dfmt | nfmt << 4`, a V# holds NFMT in
//! word 3 bits 14:12 and DFMT in bits 18:15. GFX11 (RDNA3 ISA "Buffer
//! formats"): one 7-bit unified format naming a (data, numeric) pair, in
//! the MTBUF field and in V# word 3 bits 18:12. Its list is exactly the
//! pairs the hardware converts, so it also says which GFX9 pairs are
//! valid.
//!
//! The printer and parser spell formats with these names; the emulator
//! converts data with [`BufFormat`].

use crate::target::Generation;

/// How a component's bits are read (`BUF_NUM_FORMAT_*`), by GFX9 NFMT code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NumFormat {
    Unorm,
    Snorm,
    Uscaled,
    Sscaled,
    Uint,
    Sint,
    Float,
}

/// GFX9 NFMT codes 0..=7 (6 is reserved).
pub const GFX9_NUM: [Option<NumFormat>; 8] = [
    Some(NumFormat::Unorm),
    Some(NumFormat::Snorm),
    Some(NumFormat::Uscaled),
    Some(NumFormat::Sscaled),
    Some(NumFormat::Uint),
    Some(NumFormat::Sint),
    None,
    Some(NumFormat::Float),
];

/// GFX9 NFMT names, by code.
pub const GFX9_NUM_NAMES: [&str; 8] = [
    "BUF_NUM_FORMAT_UNORM",
    "BUF_NUM_FORMAT_SNORM",
    "BUF_NUM_FORMAT_USCALED",
    "BUF_NUM_FORMAT_SSCALED",
    "BUF_NUM_FORMAT_UINT",
    "BUF_NUM_FORMAT_SINT",
    "BUF_NUM_FORMAT_RESERVED_6",
    "BUF_NUM_FORMAT_FLOAT",
];

/// GFX9 DFMT names, by code (0 is INVALID, 15 reserved). The numbers list
/// the component widths from the most significant bits down:
/// `10_11_11` is X in bits 10:0, Y in 21:11, Z in 31:22.
pub const GFX9_DATA_NAMES: [&str; 16] = [
    "BUF_DATA_FORMAT_INVALID",
    "BUF_DATA_FORMAT_8",
    "BUF_DATA_FORMAT_16",
    "BUF_DATA_FORMAT_8_8",
    "BUF_DATA_FORMAT_32",
    "BUF_DATA_FORMAT_16_16",
    "BUF_DATA_FORMAT_10_11_11",
    "BUF_DATA_FORMAT_11_11_10",
    "BUF_DATA_FORMAT_10_10_10_2",
    "BUF_DATA_FORMAT_2_10_10_10",
    "BUF_DATA_FORMAT_8_8_8_8",
    "BUF_DATA_FORMAT_32_32",
    "BUF_DATA_FORMAT_16_16_16_16",
    "BUF_DATA_FORMAT_32_32_32",
    "BUF_DATA_FORMAT_32_32_32_32",
    "BUF_DATA_FORMAT_RESERVED_15",
];

/// Component widths of each DFMT, X first (X in the lowest bits); 0 past
/// the last component.
pub const GFX9_DATA_BITS: [[u8; 4]; 16] = [
    [0, 0, 0, 0],
    [8, 0, 0, 0],
    [16, 0, 0, 0],
    [8, 8, 0, 0],
    [32, 0, 0, 0],
    [16, 16, 0, 0],
    [11, 11, 10, 0],
    [10, 11, 11, 0],
    [2, 10, 10, 10],
    [10, 10, 10, 2],
    [8, 8, 8, 8],
    [32, 32, 0, 0],
    [16, 16, 16, 16],
    [32, 32, 32, 0],
    [32, 32, 32, 32],
    [0, 0, 0, 0],
];

/// GFX11 unified formats 0..=63: name, GFX9 DFMT code, GFX9 NFMT code.
#[rustfmt::skip]
pub const GFX11_FORMATS: [(&str, u8, u8); 64] = [
    ("BUF_FMT_INVALID", 0, 0),
    ("BUF_FMT_8_UNORM", 1, 0), ("BUF_FMT_8_SNORM", 1, 1), ("BUF_FMT_8_USCALED", 1, 2),
    ("BUF_FMT_8_SSCALED", 1, 3), ("BUF_FMT_8_UINT", 1, 4), ("BUF_FMT_8_SINT", 1, 5),
    ("BUF_FMT_16_UNORM", 2, 0), ("BUF_FMT_16_SNORM", 2, 1), ("BUF_FMT_16_USCALED", 2, 2),
    ("BUF_FMT_16_SSCALED", 2, 3), ("BUF_FMT_16_UINT", 2, 4), ("BUF_FMT_16_SINT", 2, 5),
    ("BUF_FMT_16_FLOAT", 2, 7),
    ("BUF_FMT_8_8_UNORM", 3, 0), ("BUF_FMT_8_8_SNORM", 3, 1), ("BUF_FMT_8_8_USCALED", 3, 2),
    ("BUF_FMT_8_8_SSCALED", 3, 3), ("BUF_FMT_8_8_UINT", 3, 4), ("BUF_FMT_8_8_SINT", 3, 5),
    ("BUF_FMT_32_UINT", 4, 4), ("BUF_FMT_32_SINT", 4, 5), ("BUF_FMT_32_FLOAT", 4, 7),
    ("BUF_FMT_16_16_UNORM", 5, 0), ("BUF_FMT_16_16_SNORM", 5, 1), ("BUF_FMT_16_16_USCALED", 5, 2),
    ("BUF_FMT_16_16_SSCALED", 5, 3), ("BUF_FMT_16_16_UINT", 5, 4), ("BUF_FMT_16_16_SINT", 5, 5),
    ("BUF_FMT_16_16_FLOAT", 5, 7),
    ("BUF_FMT_10_11_11_FLOAT", 6, 7),
    ("BUF_FMT_11_11_10_FLOAT", 7, 7),
    ("BUF_FMT_10_10_10_2_UNORM", 8, 0), ("BUF_FMT_10_10_10_2_SNORM", 8, 1),
    ("BUF_FMT_10_10_10_2_UINT", 8, 4), ("BUF_FMT_10_10_10_2_SINT", 8, 5),
    ("BUF_FMT_2_10_10_10_UNORM", 9, 0), ("BUF_FMT_2_10_10_10_SNORM", 9, 1),
    ("BUF_FMT_2_10_10_10_USCALED", 9, 2), ("BUF_FMT_2_10_10_10_SSCALED", 9, 3),
    ("BUF_FMT_2_10_10_10_UINT", 9, 4), ("BUF_FMT_2_10_10_10_SINT", 9, 5),
    ("BUF_FMT_8_8_8_8_UNORM", 10, 0), ("BUF_FMT_8_8_8_8_SNORM", 10, 1),
    ("BUF_FMT_8_8_8_8_USCALED", 10, 2), ("BUF_FMT_8_8_8_8_SSCALED", 10, 3),
    ("BUF_FMT_8_8_8_8_UINT", 10, 4), ("BUF_FMT_8_8_8_8_SINT", 10, 5),
    ("BUF_FMT_32_32_UINT", 11, 4), ("BUF_FMT_32_32_SINT", 11, 5), ("BUF_FMT_32_32_FLOAT", 11, 7),
    ("BUF_FMT_16_16_16_16_UNORM", 12, 0), ("BUF_FMT_16_16_16_16_SNORM", 12, 1),
    ("BUF_FMT_16_16_16_16_USCALED", 12, 2), ("BUF_FMT_16_16_16_16_SSCALED", 12, 3),
    ("BUF_FMT_16_16_16_16_UINT", 12, 4), ("BUF_FMT_16_16_16_16_SINT", 12, 5),
    ("BUF_FMT_16_16_16_16_FLOAT", 12, 7),
    ("BUF_FMT_32_32_32_UINT", 13, 4), ("BUF_FMT_32_32_32_SINT", 13, 5),
    ("BUF_FMT_32_32_32_FLOAT", 13, 7),
    ("BUF_FMT_32_32_32_32_UINT", 14, 4), ("BUF_FMT_32_32_32_32_SINT", 14, 5),
    ("BUF_FMT_32_32_32_32_FLOAT", 14, 7),
];

/// A typed element: component widths (X first, in the lowest bits; 0
/// past the last) and how every component is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BufFormat {
    pub bits: [u8; 4],
    pub num: NumFormat,
}

impl BufFormat {
    /// The number of components.
    pub fn comps(&self) -> usize {
        self.bits.iter().take_while(|&&b| b != 0).count()
    }

    /// The element's size in bytes.
    pub fn bytes(&self) -> usize {
        self.bits.iter().map(|&b| b as usize).sum::<usize>() / 8
    }
}

/// The format of a GFX9 (DFMT, NFMT) pair, `None` unless GFX11 lists the
/// same pair as a unified format (INVALID and the reserved codes are not).
pub fn gfx9(dfmt: u16, nfmt: u16) -> Option<BufFormat> {
    GFX11_FORMATS[1..]
        .iter()
        .any(|&(_, d, n)| d as u16 == dfmt && n as u16 == nfmt)
        .then(|| BufFormat {
            bits: GFX9_DATA_BITS[dfmt as usize],
            num: GFX9_NUM[nfmt as usize].unwrap_or(NumFormat::Unorm),
        })
}

/// The format of a GFX11 unified format code (`None` for INVALID and the
/// codes past 63).
pub fn gfx11(format: u16) -> Option<BufFormat> {
    let &(_, d, n) = GFX11_FORMATS.get(format as usize).filter(|_| format != 0)?;
    gfx9(d as u16, n as u16)
}

/// The format an MTBUF instruction's 7-bit `format` field names.
pub fn of_field(gen: Generation, field: u16) -> Option<BufFormat> {
    match gen {
        Generation::Gfx9 => gfx9(field & 0xf, field >> 4 & 7),
        Generation::Gfx11 => gfx11(field),
    }
}

/// The format of a buffer resource (V# word 3), for the MUBUF
/// `buffer_{load,store}_format_*` instructions.
pub fn of_resource(gen: Generation, word3: u32) -> Option<BufFormat> {
    match gen {
        Generation::Gfx9 => gfx9((word3 >> 15 & 0xf) as u16, (word3 >> 12 & 7) as u16),
        Generation::Gfx11 => gfx11((word3 >> 12 & 0x7f) as u16),
    }
}

/// The GFX11 name of a unified format code.
pub fn gfx11_name(format: u16) -> Option<&'static str> {
    GFX11_FORMATS.get(format as usize).map(|f| f.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each GFX11 name is BUF_FMT_ + its pair's data and numeric names,
    /// and each data format's widths read backwards are its name's.
    #[test]
    fn names_and_widths_agree() {
        for (name, d, n) in GFX11_FORMATS.iter().skip(1) {
            let data = GFX9_DATA_NAMES[*d as usize]
                .strip_prefix("BUF_DATA_FORMAT_")
                .unwrap();
            let num = GFX9_NUM_NAMES[*n as usize]
                .strip_prefix("BUF_NUM_FORMAT_")
                .unwrap();
            assert_eq!(*name, format!("BUF_FMT_{data}_{num}"));
        }
        for (d, name) in GFX9_DATA_NAMES.iter().enumerate().take(15).skip(1) {
            let widths: Vec<u8> = name
                .strip_prefix("BUF_DATA_FORMAT_")
                .unwrap()
                .split('_')
                .rev()
                .map(|w| w.parse().unwrap())
                .collect();
            let bits = GFX9_DATA_BITS[d];
            assert_eq!(&bits[..widths.len()], &widths[..], "{name}");
            assert!(bits[widths.len()..].iter().all(|&b| b == 0));
        }
    }

    #[test]
    fn fields_and_resources_decode() {
        let f = of_field(Generation::Gfx11, 22).unwrap();
        assert_eq!(
            (f.bits, f.num, f.comps(), f.bytes()),
            ([32, 0, 0, 0], NumFormat::Float, 1, 4)
        );
        let f = of_field(Generation::Gfx9, 14 | 7 << 4).unwrap();
        assert_eq!((f.comps(), f.bytes(), f.num), (4, 16, NumFormat::Float));
        // 10_11_11 float, from a GFX9 V# (nfmt 7, dfmt 6) and GFX11 (30).
        let g9 = of_resource(Generation::Gfx9, 7 << 12 | 6 << 15).unwrap();
        let g11 = of_resource(Generation::Gfx11, 30 << 12).unwrap();
        assert_eq!(g9, g11);
        assert_eq!(g9.bits, [11, 11, 10, 0]);
        // Pairs the hardware does not convert, INVALID, reserved codes.
        assert!(gfx9(4, 0).is_none(), "32-bit unorm");
        assert!(gfx9(1, 7).is_none(), "8-bit float");
        assert!(gfx9(0, 4).is_none() && gfx9(15, 4).is_none() && gfx9(4, 6).is_none());
        assert!(gfx11(0).is_none() && gfx11(64).is_none() && gfx11(127).is_none());
    }
}
