//! Encoding families and their bit layouts, per generation.
//!
//! Layouts are from the "Microcode Formats" chapters of AMD's
//! "AMD Instinct MI300 (CDNA3) ISA Reference Guide" (GFX9 column here) and
//! "RDNA3 Instruction Set Architecture Reference Guide" (GFX11), checked
//! bit by bit against LLVM 22's disassembler.

use crate::target::Generation;

/// An instruction encoding family.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Family {
    Sop1,
    Sop2,
    Sopk,
    Sopc,
    Sopp,
    Smem,
    Vop1,
    Vop2,
    Vopc,
    Vop3,
    Vop3p,
    Vopd,
    Ds,
    Flat,
    Global,
    Scratch,
    Mubuf,
    Mtbuf,
    /// GFX11 export (`exp mrt0 v0, v1, v2, v3 done`): graphics only.
    Exp,
    /// GFX11 parameter interpolation (`v_interp_p10_f32`): graphics only.
    Vinterp,
    /// GFX11 LDS parameter / direct loads (`lds_param_load`): graphics only.
    Ldsdir,
}

impl Family {
    pub const ALL: [Family; 21] = [
        Family::Sop1,
        Family::Sop2,
        Family::Sopk,
        Family::Sopc,
        Family::Sopp,
        Family::Smem,
        Family::Vop1,
        Family::Vop2,
        Family::Vopc,
        Family::Vop3,
        Family::Vop3p,
        Family::Vopd,
        Family::Ds,
        Family::Flat,
        Family::Global,
        Family::Scratch,
        Family::Mubuf,
        Family::Mtbuf,
        Family::Exp,
        Family::Vinterp,
        Family::Ldsdir,
    ];

    /// Dwords of the base encoding (before literal / DPP / SDWA dwords).
    pub fn base_dwords(self) -> usize {
        match self {
            Family::Sop1 | Family::Sop2 | Family::Sopk | Family::Sopc | Family::Sopp => 1,
            Family::Vop1 | Family::Vop2 | Family::Vopc | Family::Ldsdir => 1,
            _ => 2,
        }
    }

    pub fn is_vop(self) -> bool {
        matches!(
            self,
            Family::Vop1
                | Family::Vop2
                | Family::Vopc
                | Family::Vop3
                | Family::Vop3p
                | Family::Vopd
        )
    }

    pub fn is_flat(self) -> bool {
        matches!(self, Family::Flat | Family::Global | Family::Scratch)
    }
}

/// A named encoding field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Field {
    Sdst,
    Ssrc0,
    Ssrc1,
    Simm16,
    Sdata,
    Sbase,
    Soffset,
    Offset,
    Vdst,
    Src0,
    Src1,
    Src2,
    /// VOP3B scalar destination (carry-out / VCC-like).
    Sdst3,
    Addr,
    Data0,
    Data1,
    Saddr,
    Srsrc,
    /// EXP target (`mrt0`, `pos0`, ...).
    Target,
    /// EXP fourth source.
    Src3,
    /// LDSDIR attribute and channel (`attr5.z`: attr * 4 + channel).
    Attr,
    /// VOPD second-half fields.
    VdstY,
    Src0Y,
    Src1Y,
    /// A literal dword following the instruction (no bit field).
    Literal,
    /// Printed but not encoded.
    Unencoded,
}

/// Where a field lives: dword index, lowest bit, width.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bits {
    pub word: u8,
    pub lo: u8,
    pub width: u8,
}

const fn b(word: u8, lo: u8, width: u8) -> Bits {
    Bits { word, lo, width }
}

impl Bits {
    #[inline]
    pub fn get(self, words: &[u32]) -> u32 {
        // The mask is computed in 64 bits so width 32 needs no branch.
        (words[self.word as usize] >> self.lo) & ((1u64 << self.width) - 1) as u32
    }

    pub fn set(self, words: &mut [u32], value: u32) {
        let mask = if self.width == 32 {
            u32::MAX
        } else {
            (1u32 << self.width) - 1
        };
        let w = &mut words[self.word as usize];
        *w = (*w & !(mask << self.lo)) | ((value & mask) << self.lo);
    }

    pub fn max(self) -> u32 {
        if self.width == 32 {
            u32::MAX
        } else {
            (1 << self.width) - 1
        }
    }
}

/// Named modifier bits of memory and VOP3 families (see [`Layout`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ModBit {
    Glc,
    Slc,
    Dlc,
    Sc1,
    Nv,
    Lds,
    Offen,
    Idxen,
    Gds,
    Tfe,
    Acc,
    Sve,
    /// SMEM: offset is an immediate.
    Imm,
    /// SMEM (GFX9): SOFFSET field is used.
    Soe,
    /// EXP: the last export of the shader.
    Done,
    /// EXP: row export (`row_en`).
    RowEn,
}

/// Bits of [`super::Mods::mem`], one per [`ModBit`].
#[inline]
pub const fn mod_bit(m: ModBit) -> u16 {
    1 << (m as u16)
}

/// The layout of one family in one generation.
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    pub family: Family,
    /// Fixed encoding bits in dword 0: `(word0 & mask) == value`.
    pub mask: u32,
    pub value: u32,
    pub opcode: Bits,
    pub fields: &'static [(Field, Bits)],
    pub mod_bits: &'static [(ModBit, Bits)],
    /// Offset field(s): primary and, for DS, `offset1`.
    pub offset: Option<Bits>,
    pub offset1: Option<Bits>,
    /// Whether the offset is signed (sign-extended from its width).
    pub offset_signed: bool,
    /// `fields` and `mod_bits` by [`Field`] / [`ModBit`] index (built at
    /// compile time: lookups are on every operand's path).
    pub field_at: [Option<Bits>; FIELDS],
    pub mod_at: [Option<Bits>; MOD_BITS],
    /// [`mod_bit`] of every bit in `mod_bits`.
    pub mod_mask: u16,
}

/// Number of [`Field`] variants.
pub const FIELDS: usize = Field::Unencoded as usize + 1;
/// Number of [`ModBit`] variants.
pub const MOD_BITS: usize = ModBit::RowEn as usize + 1;
// `Layout::mod_mask` holds one bit per ModBit.
const _: () = assert!(MOD_BITS <= 16);

const fn field_array(fields: &[(Field, Bits)]) -> [Option<Bits>; FIELDS] {
    let mut a = [None; FIELDS];
    let mut i = 0;
    while i < fields.len() {
        a[fields[i].0 as usize] = Some(fields[i].1);
        i += 1;
    }
    a
}

const fn mod_array(bits: &[(ModBit, Bits)]) -> ([Option<Bits>; MOD_BITS], u16) {
    let mut a = [None; MOD_BITS];
    let mut mask = 0;
    let mut i = 0;
    while i < bits.len() {
        a[bits[i].0 as usize] = Some(bits[i].1);
        mask |= 1 << (bits[i].0 as u16);
        i += 1;
    }
    (a, mask)
}

macro_rules! layout {
    ($fam:ident, $mask:expr, $value:expr, $op:expr, [$($f:ident = $fb:expr),*], [$($m:ident = $mb:expr),*], $off:expr, $off1:expr, $signed:expr) => {
        Layout {
            family: Family::$fam,
            mask: $mask,
            value: $value,
            opcode: $op,
            fields: &[$((Field::$f, $fb)),*],
            mod_bits: &[$((ModBit::$m, $mb)),*],
            offset: $off,
            offset1: $off1,
            offset_signed: $signed,
            field_at: field_array(&[$((Field::$f, $fb)),*]),
            mod_at: mod_array(&[$((ModBit::$m, $mb)),*]).0,
            mod_mask: mod_array(&[$((ModBit::$m, $mb)),*]).1,
        }
    };
}

// Scalar ALU formats are shared by GFX9 and GFX11 (§"SOP2", "SOPK",
// "SOP1", "SOPC", "SOPP" in both guides).
const SOP1: Layout = layout!(
    Sop1,
    0xff80_0000,
    0xbe80_0000,
    b(0, 8, 8),
    [Sdst = b(0, 16, 7), Ssrc0 = b(0, 0, 8)],
    [],
    None,
    None,
    false
);
const SOPC: Layout = layout!(
    Sopc,
    0xff80_0000,
    0xbf00_0000,
    b(0, 16, 7),
    [Ssrc0 = b(0, 0, 8), Ssrc1 = b(0, 8, 8)],
    [],
    None,
    None,
    false
);
const SOPP: Layout = layout!(
    Sopp,
    0xff80_0000,
    0xbf80_0000,
    b(0, 16, 7),
    [Simm16 = b(0, 0, 16)],
    [],
    None,
    None,
    false
);
const SOPK: Layout = layout!(
    Sopk,
    0xf000_0000,
    0xb000_0000,
    b(0, 23, 5),
    [Sdst = b(0, 16, 7), Simm16 = b(0, 0, 16)],
    [],
    None,
    None,
    false
);
const SOP2: Layout = layout!(
    Sop2,
    0xc000_0000,
    0x8000_0000,
    b(0, 23, 7),
    [Sdst = b(0, 16, 7), Ssrc0 = b(0, 0, 8), Ssrc1 = b(0, 8, 8)],
    [],
    None,
    None,
    false
);

// Vector ALU 32-bit formats, identical in both generations.
const VOP1: Layout = layout!(
    Vop1,
    0xfe00_0000,
    0x7e00_0000,
    b(0, 9, 8),
    [Vdst = b(0, 17, 8), Src0 = b(0, 0, 9)],
    [],
    None,
    None,
    false
);
const VOPC: Layout = layout!(
    Vopc,
    0xfe00_0000,
    0x7c00_0000,
    b(0, 17, 8),
    [Src0 = b(0, 0, 9), Src1 = b(0, 9, 8)],
    [],
    None,
    None,
    false
);
const VOP2: Layout = layout!(
    Vop2,
    0x8000_0000,
    0x0000_0000,
    b(0, 25, 6),
    [Vdst = b(0, 17, 8), Src0 = b(0, 0, 9), Src1 = b(0, 9, 8)],
    [],
    None,
    None,
    false
);

/// VOP3 modifier fields common to both generations (VOP3A/VOP3B).
pub const VOP3_CLAMP: Bits = b(0, 15, 1);
pub const VOP3_OPSEL: Bits = b(0, 11, 4);
pub const VOP3_ABS: Bits = b(0, 8, 3);
pub const VOP3_NEG: Bits = b(1, 29, 3);
pub const VOP3_OMOD: Bits = b(1, 27, 2);
/// VOP3P: `op_sel_hi` for src2 lives in word 0, the rest in word 1.
pub const VOP3P_OPSEL: Bits = b(0, 11, 3);
pub const VOP3P_OPSEL_HI2: Bits = b(0, 14, 1);
pub const VOP3P_OPSEL_HI: Bits = b(1, 27, 2);
pub const VOP3P_NEG_HI: Bits = b(0, 8, 3);
/// MFMA (gfx942 VOP3P-MAI): `cbsz`, `abid`, `blgp`, and the AGPR selects.
pub const MAI_CBSZ: Bits = b(0, 8, 3);
pub const MAI_ABID: Bits = b(0, 11, 4);
pub const MAI_ACC_CD: Bits = b(0, 15, 1);
pub const MAI_ACC: Bits = b(1, 27, 2);
pub const MAI_BLGP: Bits = b(1, 29, 3);

const GFX9_LAYOUTS: &[Layout] = &[
    SOP1,
    SOPC,
    SOPP,
    SOPK,
    SOP2,
    // §"SMEM": 21-bit signed offset, SOFFSET in word 1 when SOE.
    layout!(
        Smem,
        0xfc00_0000,
        0xc000_0000,
        b(0, 18, 8),
        [
            Sdata = b(0, 6, 7),
            Sbase = b(0, 0, 6),
            Soffset = b(1, 25, 7)
        ],
        [
            Glc = b(0, 16, 1),
            Nv = b(0, 15, 1),
            Imm = b(0, 17, 1),
            Soe = b(0, 14, 1)
        ],
        Some(b(1, 0, 21)),
        None,
        true
    ),
    // §"VOP3P" (checked before VOP3: it shares the 0b110100 prefix).
    layout!(
        Vop3p,
        0xff80_0000,
        0xd380_0000,
        b(0, 16, 7),
        [
            Vdst = b(0, 0, 8),
            Src0 = b(1, 0, 9),
            Src1 = b(1, 9, 9),
            Src2 = b(1, 18, 9)
        ],
        [],
        None,
        None,
        false
    ),
    layout!(
        Vop3,
        0xfc00_0000,
        0xd000_0000,
        b(0, 16, 10),
        [
            Vdst = b(0, 0, 8),
            Sdst3 = b(0, 8, 7),
            Src0 = b(1, 0, 9),
            Src1 = b(1, 9, 9),
            Src2 = b(1, 18, 9)
        ],
        [],
        None,
        None,
        false
    ),
    VOP1,
    VOPC,
    VOP2,
    // §"DS": ACC selects AGPR data/dst on gfx90a+.
    layout!(
        Ds,
        0xfc00_0000,
        0xd800_0000,
        b(0, 17, 8),
        [
            Vdst = b(1, 24, 8),
            Addr = b(1, 0, 8),
            Data0 = b(1, 8, 8),
            Data1 = b(1, 16, 8)
        ],
        [Gds = b(0, 16, 1), Acc = b(0, 25, 1)],
        Some(b(0, 0, 8)),
        Some(b(0, 8, 8)),
        false
    ),
    // §"FLAT / GLOBAL / SCRATCH": SEG selects the family; sc0=GLC, nt=SLC.
    layout!(
        Flat,
        0xfc00_c000,
        0xdc00_0000,
        b(0, 18, 7),
        [
            Vdst = b(1, 24, 8),
            Addr = b(1, 0, 8),
            Data0 = b(1, 8, 8),
            Saddr = b(1, 16, 7)
        ],
        [
            Glc = b(0, 16, 1),
            Slc = b(0, 17, 1),
            Sc1 = b(0, 25, 1),
            Acc = b(1, 23, 1)
        ],
        // FLAT offsets are unsigned; LLVM decodes all 13 bits.
        Some(b(0, 0, 13)),
        None,
        false
    ),
    layout!(
        Scratch,
        0xfc00_c000,
        0xdc00_4000,
        b(0, 18, 7),
        [
            Vdst = b(1, 24, 8),
            Addr = b(1, 0, 8),
            Data0 = b(1, 8, 8),
            Saddr = b(1, 16, 7)
        ],
        [
            Glc = b(0, 16, 1),
            Slc = b(0, 17, 1),
            Sc1 = b(0, 25, 1),
            Sve = b(0, 13, 1),
            Acc = b(1, 23, 1)
        ],
        Some(b(0, 0, 13)),
        None,
        true
    ),
    layout!(
        Global,
        0xfc00_c000,
        0xdc00_8000,
        b(0, 18, 7),
        [
            Vdst = b(1, 24, 8),
            Addr = b(1, 0, 8),
            Data0 = b(1, 8, 8),
            Saddr = b(1, 16, 7)
        ],
        [
            Glc = b(0, 16, 1),
            Slc = b(0, 17, 1),
            Sc1 = b(0, 25, 1),
            Acc = b(1, 23, 1)
        ],
        Some(b(0, 0, 13)),
        None,
        true
    ),
    // §"MUBUF": sc0=GLC, sc1, nt=SLC; ACC on gfx90a+ replaces TFE.
    layout!(
        Mubuf,
        0xfc00_0000,
        0xe000_0000,
        b(0, 18, 7),
        [
            Data0 = b(1, 8, 8),
            Addr = b(1, 0, 8),
            Srsrc = b(1, 16, 5),
            Soffset = b(1, 24, 8)
        ],
        [
            Offen = b(0, 12, 1),
            Idxen = b(0, 13, 1),
            Glc = b(0, 14, 1),
            Sc1 = b(0, 15, 1),
            Lds = b(0, 16, 1),
            Slc = b(0, 17, 1),
            Acc = b(1, 23, 1)
        ],
        Some(b(0, 0, 12)),
        None,
        false
    ),
    // §"MTBUF": DFMT/NFMT in word 0 bits 19..26 (held in `offset1`).
    layout!(
        Mtbuf,
        0xfc00_0000,
        0xe800_0000,
        b(0, 15, 4),
        [
            Data0 = b(1, 8, 8),
            Addr = b(1, 0, 8),
            Srsrc = b(1, 16, 5),
            Soffset = b(1, 24, 8)
        ],
        [
            Offen = b(0, 12, 1),
            Idxen = b(0, 13, 1),
            Glc = b(0, 14, 1),
            Sc1 = b(1, 21, 1),
            Slc = b(1, 22, 1),
            Acc = b(1, 23, 1)
        ],
        Some(b(0, 0, 12)),
        Some(b(0, 19, 7)),
        false
    ),
];

const GFX11_LAYOUTS: &[Layout] = &[
    SOP1,
    SOPC,
    SOPP,
    SOPK,
    SOP2,
    layout!(
        Smem,
        0xfc00_0000,
        0xf400_0000,
        b(0, 18, 8),
        [
            Sdata = b(0, 6, 7),
            Sbase = b(0, 0, 6),
            Soffset = b(1, 25, 7)
        ],
        [Glc = b(0, 14, 1), Dlc = b(0, 13, 1)],
        Some(b(1, 0, 21)),
        None,
        true
    ),
    layout!(
        Vop3p,
        0xff00_0000,
        0xcc00_0000,
        b(0, 16, 7),
        [
            Vdst = b(0, 0, 8),
            Src0 = b(1, 0, 9),
            Src1 = b(1, 9, 9),
            Src2 = b(1, 18, 9)
        ],
        [],
        None,
        None,
        false
    ),
    layout!(
        Vop3,
        0xfc00_0000,
        0xd400_0000,
        b(0, 16, 10),
        [
            Vdst = b(0, 0, 8),
            Sdst3 = b(0, 8, 7),
            Src0 = b(1, 0, 9),
            Src1 = b(1, 9, 9),
            Src2 = b(1, 18, 9)
        ],
        [],
        None,
        None,
        false
    ),
    // §"VOPD": X opcode in 25..22, Y opcode in 21..17.
    layout!(
        Vopd,
        0xfc00_0000,
        0xc800_0000,
        b(0, 22, 4),
        [
            Vdst = b(1, 24, 8),
            Src0 = b(0, 0, 9),
            Src1 = b(0, 9, 8),
            VdstY = b(1, 17, 7),
            Src0Y = b(1, 0, 9),
            Src1Y = b(1, 9, 8)
        ],
        [],
        None,
        None,
        false
    ),
    VOP1,
    VOPC,
    VOP2,
    layout!(
        Ds,
        0xfc00_0000,
        0xd800_0000,
        b(0, 18, 8),
        [
            Vdst = b(1, 24, 8),
            Addr = b(1, 0, 8),
            Data0 = b(1, 8, 8),
            Data1 = b(1, 16, 8)
        ],
        [Gds = b(0, 17, 1)],
        Some(b(0, 0, 8)),
        Some(b(0, 8, 8)),
        false
    ),
    layout!(
        Flat,
        0xfc03_0000,
        0xdc00_0000,
        b(0, 18, 7),
        [
            Vdst = b(1, 24, 8),
            Addr = b(1, 0, 8),
            Data0 = b(1, 8, 8),
            Saddr = b(1, 16, 7)
        ],
        [Dlc = b(0, 13, 1), Glc = b(0, 14, 1), Slc = b(0, 15, 1)],
        Some(b(0, 0, 13)),
        None,
        false
    ),
    layout!(
        Scratch,
        0xfc03_0000,
        0xdc01_0000,
        b(0, 18, 7),
        [
            Vdst = b(1, 24, 8),
            Addr = b(1, 0, 8),
            Data0 = b(1, 8, 8),
            Saddr = b(1, 16, 7)
        ],
        [
            Dlc = b(0, 13, 1),
            Glc = b(0, 14, 1),
            Slc = b(0, 15, 1),
            Sve = b(1, 23, 1)
        ],
        Some(b(0, 0, 13)),
        None,
        true
    ),
    layout!(
        Global,
        0xfc03_0000,
        0xdc02_0000,
        b(0, 18, 7),
        [
            Vdst = b(1, 24, 8),
            Addr = b(1, 0, 8),
            Data0 = b(1, 8, 8),
            Saddr = b(1, 16, 7)
        ],
        [Dlc = b(0, 13, 1), Glc = b(0, 14, 1), Slc = b(0, 15, 1)],
        Some(b(0, 0, 13)),
        None,
        true
    ),
    layout!(
        Mubuf,
        0xfc00_0000,
        0xe000_0000,
        b(0, 18, 8),
        [
            Data0 = b(1, 8, 8),
            Addr = b(1, 0, 8),
            Srsrc = b(1, 16, 5),
            Soffset = b(1, 24, 8)
        ],
        [
            Slc = b(0, 12, 1),
            Dlc = b(0, 13, 1),
            Glc = b(0, 14, 1),
            Lds = b(0, 16, 1),
            Tfe = b(1, 21, 1),
            Offen = b(1, 22, 1),
            Idxen = b(1, 23, 1)
        ],
        Some(b(0, 0, 12)),
        None,
        false
    ),
    layout!(
        Mtbuf,
        0xfc00_0000,
        0xe800_0000,
        b(0, 15, 4),
        [
            Data0 = b(1, 8, 8),
            Addr = b(1, 0, 8),
            Srsrc = b(1, 16, 5),
            Soffset = b(1, 24, 8)
        ],
        [
            Slc = b(0, 12, 1),
            Dlc = b(0, 13, 1),
            Glc = b(0, 14, 1),
            Offen = b(1, 22, 1),
            Idxen = b(1, 23, 1)
        ],
        Some(b(0, 0, 12)),
        Some(b(0, 19, 7)),
        false
    ),
    // [RDNA3] §"EXP": EN 3..0 (a source is `off` where its bit is clear,
    // kept in `offset1`), TARGET 9..4, DONE 11, ROW_EN 13; no opcode.
    layout!(
        Exp,
        0xfc00_0000,
        0xf800_0000,
        b(0, 0, 0),
        [
            Target = b(0, 4, 6),
            Src0 = b(1, 0, 8),
            Src1 = b(1, 8, 8),
            Src2 = b(1, 16, 8),
            Src3 = b(1, 24, 8)
        ],
        [Done = b(0, 11, 1), RowEn = b(0, 13, 1)],
        None,
        Some(b(0, 0, 4)),
        false
    ),
    // [RDNA3] §"VINTERP": VOP3-like sources, `neg`, `clamp` and `op_sel`
    // where VOP3 has them; WAIT_EXP 10..8 (kept in `offset`).
    layout!(
        Vinterp,
        0xff00_0000,
        0xcd00_0000,
        b(0, 16, 7),
        [
            Vdst = b(0, 0, 8),
            Src0 = b(1, 0, 9),
            Src1 = b(1, 9, 9),
            Src2 = b(1, 18, 9)
        ],
        [],
        Some(b(0, 8, 3)),
        None,
        false
    ),
    // [RDNA3] §"LDSDIR": VDST 7..0, ATTR_CHAN 9..8, ATTR 15..10,
    // WAIT_VA_VDST 19..16 (kept in `offset`), OP 21..20.
    layout!(
        Ldsdir,
        0xff00_0000,
        0xce00_0000,
        b(0, 20, 2),
        [Vdst = b(0, 0, 8), Attr = b(0, 8, 8)],
        [],
        Some(b(0, 16, 4)),
        None,
        false
    ),
];

/// Bits that no field uses and that LLVM requires to be zero (it rejects
/// the encoding otherwise); found by flipping single bits of valid
/// encodings under `llvm-mc --disassemble`. Other unused bits are ignored
/// by LLVM and kept as they are.
pub fn reserved_bits(gen: Generation, family: Family) -> [u32; 2] {
    match (gen, family) {
        // [CDNA3] §"FLAT": bit 13 is SVE for scratch only.
        (Generation::Gfx9, Family::Flat | Family::Global) => [1 << 13, 0],
        // [RDNA3] §"FLAT": SVE (word 1 bit 23) is for scratch only.
        (Generation::Gfx11, Family::Flat | Family::Global) => [0, 1 << 23],
        // [RDNA3] §"MTBUF": LLVM 22 has no typed-buffer TFE form.
        (Generation::Gfx11, Family::Mtbuf) => [0, 1 << 21],
        // [RDNA3] §"LDSDIR": bits 23..22 are reserved.
        (Generation::Gfx11, Family::Ldsdir) => [3 << 22, 0],
        _ => [0, 0],
    }
}

/// All layouts of a generation, in decode-priority order.
/// The layout of `family` in `gen`, for `const` users (the encode plans
/// in `encode_fast`); [`layout`] is the run-time lookup.
pub(crate) const fn layout_const(gen: Generation, family: Family) -> Option<&'static Layout> {
    let all = match gen {
        Generation::Gfx9 => GFX9_LAYOUTS,
        Generation::Gfx11 => GFX11_LAYOUTS,
    };
    let mut i = 0;
    while i < all.len() {
        if all[i].family as u8 == family as u8 {
            return Some(&all[i]);
        }
        i += 1;
    }
    None
}

pub fn layouts(gen: Generation) -> &'static [Layout] {
    match gen {
        Generation::Gfx9 => GFX9_LAYOUTS,
        Generation::Gfx11 => GFX11_LAYOUTS,
    }
}

/// Layouts by family, per generation (built at compile time).
const fn by_family(layouts: &'static [Layout]) -> [Option<&'static Layout>; Family::ALL.len()] {
    let mut idx = [None; Family::ALL.len()];
    let mut i = 0;
    while i < layouts.len() {
        idx[layouts[i].family as usize] = Some(&layouts[i]);
        i += 1;
    }
    idx
}

static GFX9_BY_FAMILY: [Option<&Layout>; Family::ALL.len()] = by_family(GFX9_LAYOUTS);
static GFX11_BY_FAMILY: [Option<&Layout>; Family::ALL.len()] = by_family(GFX11_LAYOUTS);

/// The layout of `family` in `gen`, if the family exists there.
#[inline]
pub fn layout(gen: Generation, family: Family) -> Option<&'static Layout> {
    match gen {
        Generation::Gfx9 => GFX9_BY_FAMILY[family as usize],
        Generation::Gfx11 => GFX11_BY_FAMILY[family as usize],
    }
}

/// Identify the family of an instruction from its first dword.
#[inline]
pub fn classify(gen: Generation, word0: u32) -> Option<&'static Layout> {
    let (all, first) = match gen {
        Generation::Gfx9 => (GFX9_LAYOUTS, &GFX9_FIRST),
        Generation::Gfx11 => (GFX11_LAYOUTS, &GFX11_FIRST),
    };
    // Start at the first layout the top nine bits allow (they decide
    // most families); the scan keeps the priority order of `layouts`.
    let from = first[(word0 >> 23) as usize] as usize;
    all.get(from..)?.iter().find(|l| word0 & l.mask == l.value)
}

/// Per value of a dword's top nine bits: the first layout whose fixed
/// bits there agree with it (`layouts.len()` when none does).
const fn first_candidates(layouts: &[Layout]) -> [u8; 512] {
    let mut out = [0u8; 512];
    let mut top = 0;
    while top < 512 {
        let word = (top as u32) << 23;
        let mut i = 0;
        while i < layouts.len() {
            let hi = layouts[i].mask & 0xff80_0000;
            if word & hi == layouts[i].value & hi {
                break;
            }
            i += 1;
        }
        out[top] = i as u8;
        top += 1;
    }
    out
}

static GFX9_FIRST: [u8; 512] = first_candidates(GFX9_LAYOUTS);
static GFX11_FIRST: [u8; 512] = first_candidates(GFX11_LAYOUTS);

impl Layout {
    #[inline]
    pub fn field(&self, f: Field) -> Option<Bits> {
        self.field_at[f as usize]
    }

    #[inline]
    pub fn mod_bit(&self, m: ModBit) -> Option<Bits> {
        self.mod_at[m as usize]
    }

    /// Whether the family has modifier bit `m`.
    #[inline]
    pub fn has_mod_bit(&self, m: ModBit) -> bool {
        self.mod_mask & mod_bit(m) != 0
    }

    /// The fixed prefix bits of dword 0 with `opcode` filled in.
    pub fn base(&self, opcode: u16) -> [u32; 2] {
        let mut w = [self.value, 0];
        self.opcode.set(&mut w, opcode as u32);
        w
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The indexed classification picks what a scan of every layout picks.
    #[test]
    fn classify_agrees_with_a_scan() {
        for gen in [Generation::Gfx9, Generation::Gfx11] {
            let mut x: u32 = 0x1234_5678;
            for top in 0..512u32 {
                for _ in 0..64 {
                    // xorshift: varied low bits under each prefix.
                    x ^= x << 13;
                    x ^= x >> 17;
                    x ^= x << 5;
                    let w = top << 23 | (x & 0x007f_ffff);
                    let want = layouts(gen).iter().find(|l| w & l.mask == l.value);
                    assert_eq!(
                        classify(gen, w).map(|l| l.family),
                        want.map(|l| l.family),
                        "{gen:?} {w:#010x}"
                    );
                }
            }
        }
    }
}
