//! The AMDGPU instruction set as data: typed instructions, the generated
//! opcode tables, and the encoder, decoder, printer and parser that all
//! read those tables.
//!
//! An [`Inst`] holds an opcode (an index into its generation's table), its
//! operands in the order LLVM prints them, and the encoding modifiers.
//! Text exists only at the edges ([`print`], [`parse`]).

pub mod aliases;
pub mod buffer_format;
pub mod byte_list;
pub mod decode;
pub mod dpp;
pub mod encode;
pub mod format;
pub mod graphics;
pub mod listing;
pub mod op;
pub mod operand;
pub mod parse;
pub mod print;
pub mod symbolic;
pub mod table;
mod text;
pub mod vopd;

mod encode_fast;
pub(crate) mod gfx11;
mod gfx11_forms;
pub(crate) mod gfx9;
mod gfx9_forms;
mod index;

pub use decode::{decode, decode_all, DecodeError};
pub use encode::{encode, encode_all, EncodeAllError, EncodeError};
pub use format::Family;
pub use op::Op;
pub use operand::{Operand, RegFile};
pub use parse::{parse_inst, LabelRef, ParseError, ParsedInst};
pub use table::{Flags, Form, FormMods, ImmStyle, Kind, OpInfo, OperandSpec, Ty};

use crate::target::{Generation, Processor};

/// Index of an opcode in its generation's table ([`table::table`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Opcode(pub u16);

/// Largest operand count of any instruction (VOP3P with sdst and 3 srcs,
/// MUBUF with vdata, vaddr, srsrc, soffset).
pub const MAX_OPERANDS: usize = 6;

/// How the instruction is encoded beyond its family's base form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Variant {
    #[default]
    Native,
    /// VOP1/VOP2/VOPC (and GFX11 VOP3/VOP3P) with a DPP16 control word.
    Dpp16,
    /// GFX11 DPP8 lane-select word.
    Dpp8,
    /// GFX9 sub-dword addressing word.
    Sdwa,
}

/// Encoding modifiers. Which ones a family uses is fixed by the family
/// (see [`format`]); unused ones stay zero.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Mods {
    /// VOP3 `clamp`, VOP3P `clamp`, MFMA (none).
    pub clamp: bool,
    /// VOP3 output modifier: 1 = `mul:2`, 2 = `mul:4`, 3 = `div:2`.
    pub omod: u8,
    /// Per-source negate (VOP3 `neg`, VOP3P `neg_lo`), bit i = source i.
    pub neg: u8,
    /// Per-source absolute value (VOP3 `abs`), VOP3P `neg_hi`.
    pub abs: u8,
    /// VOP3 / VOP3P `op_sel` bits (bit 3 = destination on VOP3).
    pub op_sel: u8,
    /// VOP3P `op_sel_hi` bits.
    pub op_sel_hi: u8,
    /// Cache-policy and addressing bits, see [`format::MemBits`].
    pub mem: u16,
    /// Memory offset (SMEM, DS `offset`/`offset0`, FLAT, MUBUF).
    pub offset: i32,
    /// DS `offset1`; MTBUF `format`; MFMA `cbsz`.
    pub offset1: u16,
    /// MFMA `abid` / `blgp`.
    pub abid: u8,
    pub blgp: u8,
    /// DPP / SDWA control word (bits as encoded in the extra dword).
    pub extra: u32,
    pub variant: Variant,
}

/// One machine instruction as a typed value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Inst {
    pub opcode: Opcode,
    pub operands: [Operand; MAX_OPERANDS],
    pub num_operands: u8,
    pub mods: Mods,
}

impl Inst {
    /// Build an instruction from operands in printed order.
    pub fn new(opcode: Opcode, operands: &[Operand]) -> Inst {
        let mut ops = [Operand::None; MAX_OPERANDS];
        let n = operands.len().min(MAX_OPERANDS);
        ops[..n].copy_from_slice(&operands[..n]);
        Inst {
            opcode,
            operands: ops,
            num_operands: n as u8,
            mods: Mods::default(),
        }
    }

    pub fn operands(&self) -> &[Operand] {
        &self.operands[..self.num_operands as usize]
    }

    pub fn with_mods(mut self, mods: Mods) -> Inst {
        self.mods = mods;
        self
    }
}

/// The table and attributes of one processor's instruction set.
#[derive(Clone, Copy, Debug)]
pub struct Isa {
    pub processor: Processor,
    pub generation: Generation,
}

impl Isa {
    pub fn new(processor: Processor) -> Isa {
        Isa {
            processor,
            generation: processor.generation(),
        }
    }

    pub fn info(&self, opcode: Opcode) -> Option<&'static OpInfo> {
        table::table(self.generation).get(opcode.0 as usize)
    }

    /// Find an opcode by its LLVM mnemonic (as printed for the native
    /// encoding, without `_e32`/`_e64`), valid on this processor.
    pub fn lookup(&self, name: &str, family: Option<Family>) -> Option<Opcode> {
        table::lookup(self.processor, name, family)
    }
}
