//! LLVM-syntax assembly text to typed instructions.
//!
//! The mnemonic selects candidate opcodes from the table; each candidate's
//! operand list says how to read the operands; the family says which
//! modifiers may follow. Errors carry the byte column they refer to.

use super::dpp;
use super::format::{self, Family, Field, ModBit};
use super::index;
use super::operand::{self, Operand, AGPR0, VGPR0};
use super::symbolic;
use super::table::{self, Flags, Form, FormMods, ImmStyle, Kind, OpInfo, OperandSpec, Ty};
use super::{Inst, Mods, Opcode, Variant, MAX_OPERANDS};
use crate::target::{Generation, Processor};

mod bytes;
mod constants;
mod gfx11_rules;
mod gfx9_rules;
mod graphics;
mod memory;
mod plain;
mod shared_rules;
mod symbol;
mod vopd;
pub(crate) use bytes::trim_end;
use bytes::*;
use constants::*;
use gfx9_rules::*;
use memory::*;
pub use symbol::RefKind;
use vopd::parse_vopd;

/// A parse error at a byte column of the instruction text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("column {column}: {message}")]
pub struct ParseError {
    /// Byte offset into the text given to [`parse_inst`].
    pub column: usize,
    pub message: String,
}

/// A symbol operand the assembler must resolve: a branch target, or a
/// source read as a 32-bit literal (the instruction's last dword).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LabelRef {
    /// Index of the operand that receives the value.
    pub operand: usize,
    pub symbol: String,
    pub column: usize,
    /// How the value enters the instruction.
    pub kind: RefKind,
    /// Added to the symbol's value (`sym+4`).
    pub addend: i64,
}

/// An instruction and the symbol operand to resolve, if any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsedInst {
    pub inst: Inst,
    pub label: Option<LabelRef>,
}

/// [`Parser::fail`] where `self` is borrowed elsewhere.
fn quiet_err<T>(
    quiet: bool,
    column: usize,
    message: impl FnOnce() -> String,
) -> Result<T, ParseError> {
    Err(ParseError {
        column,
        message: if quiet { String::new() } else { message() },
    })
}

fn err<T>(column: usize, message: impl Into<String>) -> Result<T, ParseError> {
    Err(ParseError {
        column,
        message: message.into(),
    })
}

/// Parse one instruction (mnemonic and operands; no label definition, no
/// comment).
pub fn parse_inst(processor: Processor, text: &str) -> Result<ParsedInst, ParseError> {
    let body = trim_end(text);
    let start = {
        let b = body.as_bytes();
        let mut i = 0;
        while i < b.len() && is_ascii_space(b[i]) {
            i += 1;
        }
        if i < b.len() && b[i] >= 0x80 {
            body.len() - body.trim_start().len()
        } else {
            i
        }
    };
    // The mnemonic's end, and its hash for the name indexes, in one scan.
    let mut hash = index::HASH_START;
    let name_end = {
        let b = body.as_bytes();
        let mut i = start;
        while i < b.len() && !NAME_END[b[i] as usize] {
            hash = index::hash_step(hash, b[i]);
            i += 1;
        }
        if i < b.len() && b[i] >= 0x80 {
            // Non-ASCII text: let `char` decide what is whitespace.
            let end = body[start..]
                .find(char::is_whitespace)
                .map_or(body.len(), |k| start + k);
            hash = index::hash(&b[start..end]);
            end
        } else {
            i
        }
    };
    let name = &body[start..name_end];
    if name.is_empty() {
        return err(start, "expected an instruction mnemonic");
    }
    // A VOPD pair `X :: Y` (every VOPD mnemonic starts `v_dual_`). Other
    // text with `::` goes to `parse_vopd` for its error as well, but that
    // test waits until it matters: only a symbolic operand can read `::`
    // (nothing else reads two `:` in a row), so a line without one that
    // parses holds no `::`.
    let vopd = || has_double_colon(&body.as_bytes()[start..]);
    if name.starts_with("v_dual_") && vopd() {
        return parse_vopd(processor, body, start);
    }
    let gen = processor.generation();
    let tbl = table::table(gen);
    if let Some(r) = shared_rules::forced_suffix(processor, body, start, name_end) {
        return r;
    }
    let (by_name, forms_by_name) = match gen {
        Generation::Gfx9 => (&index::gfx9::BY_NAME, &index::gfx9::FORMS_BY_NAME),
        Generation::Gfx11 => (&index::gfx11::BY_NAME, &index::gfx11::FORMS_BY_NAME),
    };
    // The native encodings of the name (as `table::by_name`), then
    // DPP/SDWA forms by their own mnemonics (`v_mov_b32_dpp`, GFX11 VOPC
    // `v_cmp_lt_f32`, as `table::forms_by_name`), looked up only when no
    // native encoding fits; repeats of the previous candidate are skipped.
    let natives = by_name
        .head_hashed(name, hash, |i| tbl[i].name)
        .filter(|&i| tbl[i as usize].on(processor))
        .map(|i| (Opcode(i), None));
    let forms = std::iter::once(()).flat_map(|()| {
        let all = table::forms(gen);
        forms_by_name
            .head_hashed(name, hash, |i| all[i].name)
            .map(|i| &all[i as usize])
            .filter(|f| f.on(processor))
            .filter_map(|form| {
                table::by_encoding(processor, form.family, form.opcode).map(|op| (op, Some(form)))
            })
            .chain(base_name_forms(processor, name, &body[name_end..]))
    });
    let mut prev: Option<(Opcode, Option<&'static Form>)> = None;
    // Candidates are first tried without building error messages; the
    // one whose error got furthest is run again for its message.
    let mut best: Option<(usize, Opcode, Option<&'static Form>)> = None;
    // A `dpp8:` modifier fails every candidate but a DPP8 form (GFX11;
    // only `dpp_modifier` reads the key, and only a DPP8 form takes it), so
    // the others are passed over; if nothing fits, all candidates are
    // tried again in order (`skipped`), so that the error is the same.
    let mut dpp8_only = None;
    // Likewise a DPP control modifier fails every native encoding (only
    // `dpp_modifier` reads one): once a native candidate stopped at one,
    // the other natives are passed over (GFX11 VOPC DPP forms by their
    // own mnemonic follow the natives of that name).
    let mut natives_fail = false;
    let mut skipped = false;
    for cand in natives.chain(forms) {
        if prev == Some(cand) {
            continue;
        }
        prev = Some(cand);
        let (op, form) = cand;
        // (VOP encodings only: they have no symbolic operand, the one
        // other reader of `name:`.)
        let vop = matches!(
            tbl[op.0 as usize].family,
            Family::Vop1 | Family::Vop2 | Family::Vopc | Family::Vop3 | Family::Vop3p
        );
        if gen == Generation::Gfx11
            && vop
            && form.is_none_or(|f| f.variant != Variant::Dpp8)
            && match dpp8_only {
                Some(known) => known,
                None if name.ends_with("_dpp") => {
                    *dpp8_only.insert(has_dpp8_key(&body.as_bytes()[name_end..]))
                }
                None => false,
            }
        {
            skipped = true;
            continue;
        }
        if natives_fail && vop && form.is_none() {
            skipped = true;
            continue;
        }
        let info = &tbl[op.0 as usize];
        let mut p = Parser::new(processor, body, name_end);
        p.quiet = true;
        match p.parse(op, info, form) {
            Ok(parsed) => {
                if p.symbolic && vopd() {
                    return parse_vopd(processor, body, start);
                }
                return Ok(parsed);
            }
            Err(e) => {
                if gen == Generation::Gfx11 {
                    // A candidate that stopped at a DPP control modifier
                    // shows the text holds one (`dpp8:` included).
                    if let Some(dpp8) = dpp_key_at(body.as_bytes(), e.column) {
                        natives_fail |= form.is_none();
                        if dpp8 {
                            dpp8_only = Some(true);
                        }
                    }
                }
                if best.is_none_or(|(c, _, _)| e.column > c) {
                    best = Some((e.column, op, form));
                }
            }
        }
    }
    if vopd() {
        return parse_vopd(processor, body, start);
    }
    if skipped {
        return all_candidates(processor, body, start, name_end);
    }
    let Some((_, op, form)) = best else {
        if let Some(r) = aliased(processor, body, start, name_end) {
            return r;
        }
        return err(
            start,
            format!("unknown instruction `{name}` for {processor}"),
        );
    };
    let info = &tbl[op.0 as usize];
    Parser::new(processor, body, name_end).parse(op, info, form)
}

/// A mnemonic alias llvm-mc 22 accepts (`global_load_dword` for GFX11's
/// `global_load_b32`, gfx942's `v_mfma_f32_32x32x2f32`; the generated
/// `isa::aliases`), read as its target; `None` when `name` is none.
fn aliased(
    processor: Processor,
    body: &str,
    start: usize,
    name_end: usize,
) -> Option<Result<ParsedInst, ParseError>> {
    let name = &body[start..name_end];
    let list = match processor.generation() {
        Generation::Gfx9 => super::aliases::GFX9,
        Generation::Gfx11 => super::aliases::GFX11,
    };
    let bit = table::processor_bit(processor);
    let &(_, target, _) = list
        .iter()
        .find(|(a, _, bits)| *a == name && bits & bit != 0)?;
    let text = format!("{}{target}{}", &body[..start], &body[name_end..]);
    // Columns after the mnemonic move back to where they were written.
    let shift = |e: ParseError| ParseError {
        column: if e.column >= start + target.len() {
            e.column + name.len() - target.len()
        } else {
            e.column.min(start)
        },
        message: e.message,
    };
    Some(parse_inst(processor, &text).map_err(shift))
}

/// [`parse_inst`] trying every candidate in order, none passed over
/// (the first that fits wins; else the error of the one that got
/// furthest, run again for its message).
#[cold]
fn all_candidates(
    processor: Processor,
    body: &str,
    start: usize,
    name_end: usize,
) -> Result<ParsedInst, ParseError> {
    let name = &body[start..name_end];
    let tbl = table::table(processor.generation());
    let natives = table::by_name(processor, name).map(|op| (op, None));
    let forms = table::forms_by_name(processor, name)
        .filter_map(|form| {
            table::by_encoding(processor, form.family, form.opcode).map(|op| (op, Some(form)))
        })
        .chain(base_name_forms(processor, name, &body[name_end..]));
    let mut prev: Option<(Opcode, Option<&'static Form>)> = None;
    let mut best: Option<(usize, Opcode, Option<&'static Form>)> = None;
    for cand in natives.chain(forms) {
        if prev == Some(cand) {
            continue;
        }
        prev = Some(cand);
        let (op, form) = cand;
        let mut p = Parser::new(processor, body, name_end);
        p.quiet = true;
        match p.parse(op, &tbl[op.0 as usize], form) {
            Ok(p) => return Ok(p),
            Err(e) => {
                if best.is_none_or(|(c, _, _)| e.column > c) {
                    best = Some((e.column, op, form));
                }
            }
        }
    }
    let Some((_, op, form)) = best else {
        if let Some(r) = aliased(processor, body, start, name_end) {
            return r;
        }
        return err(
            start,
            format!("unknown instruction `{name}` for {processor}"),
        );
    };
    Parser::new(processor, body, name_end).parse(op, &tbl[op.0 as usize], form)
}

/// DPP/SDWA forms of an instruction written by its base mnemonic (or with
/// `_e32`/`_e64`) and DPP/SDWA controls: `v_mov_b32 v1, v2 row_shl:1` is
/// `v_mov_b32_dpp`, as llvm-mc reads it. Tried after every candidate of
/// the name as written.
fn base_name_forms<'a>(
    processor: Processor,
    name: &'a str,
    operands: &'a str,
) -> impl Iterator<Item = (Opcode, Option<&'static Form>)> + 'a {
    // Written with `_e32`/`_e64` (or a form's own suffix), the encoding
    // is chosen; without a DPP/SDWA control only an SDWA VOP1/VOP2 form
    // can hold what the native ones lack (gfx942 `v_mov_b32 v1, v2 clamp`).
    let suffixed = ["_e32", "_e64", "_dpp", "_sdwa"]
        .iter()
        .any(|s| name.ends_with(s));
    const CONTROLS: [&str; 14] = [
        "quad_perm:",
        "row_",
        "wave_",
        "bound_ctrl:",
        "dpp8:",
        "fi:",
        "bank_mask:",
        "dst_sel:",
        "dst_unused:",
        "src0_sel:",
        "src1_sel:",
        "sext(",
        "row_mirror",
        "row_half_mirror",
    ];
    let controls = CONTROLS.iter().any(|c| operands.contains(c));
    let names = if suffixed {
        // GFX11 VOPC DPP forms print without `_dpp`, which llvm-mc accepts.
        [name.strip_suffix("_dpp").map(String::from), None, None]
    } else {
        [
            controls.then(|| format!("{name}_dpp")),
            Some(format!("{name}_sdwa")),
            controls.then(|| format!("{name}_e64_dpp")),
        ]
    };
    names.into_iter().flatten().flat_map(move |n| {
        table::forms_by_name(processor, &n)
            .filter(|f| controls || matches!(f.family, Family::Vop1 | Family::Vop2))
            .filter_map(|form| {
                table::by_encoding(processor, form.family, form.opcode).map(|op| (op, Some(form)))
            })
            .collect::<Vec<_>>()
    })
}

/// Whether a DPP16/DPP8 control modifier (a key only
/// `Parser::dpp_modifier` reads) starts at byte `at`: `Some(true)` for
/// `dpp8:`.
fn dpp_key_at(b: &[u8], at: usize) -> Option<bool> {
    let mut end = at;
    while end < b.len() && WORD_BYTE[b[end] as usize] {
        end += 1;
    }
    let key = &b[at.min(end)..end];
    let keyed = b.get(end) == Some(&b':');
    match key {
        b"row_mirror" | b"row_half_mirror" => Some(false),
        b"dpp8" if keyed => Some(true),
        b"quad_perm" | b"row_shl" | b"row_shr" | b"row_ror" | b"wave_shl" | b"wave_rol"
        | b"wave_shr" | b"wave_ror" | b"row_bcast" | b"row_newbcast" | b"row_share"
        | b"row_xmask" | b"row_mask" | b"bank_mask" | b"bound_ctrl" | b"fi"
            if keyed =>
        {
            Some(false)
        }
        _ => None,
    }
}

/// Whether the operand text holds `dpp8:` (found at its `:`, eight
/// bytes at a time as in [`has_double_colon`]).
fn has_dpp8_key(b: &[u8]) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let mut base = 0;
    let mut chunks = b.chunks_exact(8);
    let at = |i: usize| i >= 4 && &b[i - 4..i] == b"dpp8";
    for c in &mut chunks {
        let x = u64::from_le_bytes(c.try_into().unwrap_or([0; 8])) ^ (ONES * b':' as u64);
        let mut f = !(((x & LOW7) + LOW7) | x | LOW7);
        while f != 0 {
            if at(base + (f.trailing_zeros() / 8) as usize) {
                return true;
            }
            f &= f - 1;
        }
        base += 8;
    }
    (0..chunks.remainder().len()).any(|k| b[base + k] == b':' && at(base + k))
}

struct Parser<'a> {
    processor: Processor,
    gen: Generation,
    s: &'a str,
    pos: usize,
    /// An `offset:` modifier was written (SMEM: selects IMM with SOE).
    offset_seen: bool,
    /// Errors need only their column (messages are built when the
    /// candidate is parsed again for its error).
    quiet: bool,
    /// A symbolic operand was read (the one reader that may take `::`).
    symbolic: bool,
    /// [`FormMods`](table::FormMods) of the VOP1/VOP2/VOPC DPP/SDWA form
    /// being parsed (all bits otherwise).
    form_mods: u16,
    /// The candidate opcode being parsed.
    op: Option<Opcode>,
    /// An SDWA `dst_unused:` was written.
    dst_unused_seen: bool,
    /// Sources written with `-`, `|..|`, `neg()` or `abs()`, by source index.
    syntax_mods: u8,
    /// The encoding variant of the candidate being parsed.
    variant: Variant,
    /// The operand being read is a source with float input modifiers.
    float_src: bool,
}

/// A parsed operand before it is fitted to the operand's kind.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Value {
    Reg {
        code: u16,
        count: u8,
        half: u8,
    },
    Int(i64),
    Float(f64),
    Lit(u32),
    /// `lit(<float>)`: a literal of the float in the operand's type.
    LitFloat(f64),
    Off,
    /// A name that is no register: its byte range in the text, the
    /// relocation variant written after it and the addend.
    Symbol {
        start: usize,
        end: usize,
        kind: RefKind,
        addend: i64,
    },
}

impl<'a> Parser<'a> {
    fn new(processor: Processor, s: &'a str, pos: usize) -> Self {
        Parser {
            processor,
            gen: processor.generation(),
            s,
            pos,
            offset_seen: false,
            quiet: false,
            symbolic: false,
            form_mods: u16::MAX,
            op: None,
            dst_unused_seen: false,
            syntax_mods: 0,
            variant: Variant::Native,
            float_src: false,
        }
    }

    /// An error at `column`; the message is built only when not quiet.
    fn fail<T>(&self, column: usize, message: impl FnOnce() -> String) -> Result<T, ParseError> {
        Err(ParseError {
            column,
            message: if self.quiet { String::new() } else { message() },
        })
    }

    fn rest(&self) -> &'a str {
        &self.s[self.pos..]
    }

    fn skip_ws(&mut self) {
        let b = self.s.as_bytes();
        while self.pos < b.len() && matches!(b[self.pos], b' ' | b'\t') {
            self.pos += 1;
        }
        if self.pos < b.len() && (b[self.pos].is_ascii_whitespace() || b[self.pos] >= 0x80) {
            let r = self.rest();
            self.pos += r.len() - r.trim_start().len();
        }
    }

    /// The next byte, if any.
    fn peek(&self) -> Option<u8> {
        self.s.as_bytes().get(self.pos).copied()
    }

    fn eat(&mut self, t: &str) -> bool {
        let t = t.as_bytes();
        // Every token starts with a byte that rules most texts out.
        if self.peek() != t.first().copied() {
            return false;
        }
        if self.s.as_bytes()[self.pos..].starts_with(t) {
            self.pos += t.len();
            true
        } else {
            false
        }
    }

    fn at_end(&self) -> bool {
        let r = &self.s.as_bytes()[self.pos..];
        match r.iter().position(|&c| !is_ascii_space(c)) {
            None => true,
            // Only a non-ASCII character may still be whitespace.
            Some(i) if r[i] >= 0x80 => self.rest().trim().is_empty(),
            Some(_) => false,
        }
    }

    fn parse(
        &mut self,
        op: Opcode,
        info: &'static OpInfo,
        form: Option<&'static Form>,
    ) -> Result<ParsedInst, ParseError> {
        let variant = form.map_or(Variant::Native, |f| f.variant);
        let specs = form.map_or(info.operands, |f| f.operands);
        self.op = Some(op);
        self.variant = variant;
        if let Some(f) =
            form.filter(|_| matches!(info.family, Family::Vop1 | Family::Vop2 | Family::Vopc))
        {
            self.form_mods = f.mods;
        }
        // VOP1/VOP2/VOPC forms keep their source modifiers in the control dword.
        let ctrl_mods =
            form.is_some() && matches!(info.family, Family::Vop1 | Family::Vop2 | Family::Vopc);
        let mut inst = Inst {
            opcode: op,
            operands: [Operand::None; MAX_OPERANDS],
            num_operands: specs.len().min(MAX_OPERANDS) as u8,
            mods: Mods {
                variant,
                extra: dpp::default_ctrl(form),
                ..Mods::default()
            },
        };
        if info.family == Family::Vop3p
            && !info.flags.has(Flags::MFMA)
            && !info.flags.has(Flags::SRC_MODS_FP)
        {
            // op_sel_hi defaults to all ones (all zeros for v_fma_mix*).
            inst.mods.op_sel_hi = 7;
        }
        if info.family == Family::Mtbuf {
            // The default format: BUF_DATA_FORMAT_8 / BUF_FMT_8_UNORM.
            inst.mods.offset1 = 1;
        }
        if info.family == Family::Exp {
            // EN: every source exported until written `off`.
            inst.mods.offset1 = 0xf;
        }
        let mut label = None;
        let mut no_vaddr = false;
        let mut cols = [0usize; MAX_OPERANDS];
        if info.flags.has(Flags::OPTIONAL_IMM) && self.at_end() {
            inst.operands[0] = Operand::Imm(0);
            return Ok(ParsedInst { inst, label });
        }
        let omit = self.implicits_omitted(specs);
        for (i, spec) in specs.iter().enumerate().take(MAX_OPERANDS) {
            self.skip_ws();
            if let Some(o) = omit.and(Some(spec)).and_then(gfx11_rules::omitted_implicit) {
                inst.operands[i] = o;
                continue;
            }
            if i > 0
                && info.family == Family::Smem
                && spec.field == Field::Soffset
                && !matches!(self.peek(), Some(b','))
            {
                // llvm-mc 22 takes an omitted SMEM offset as 0
                // (`s_load_dwordx8 s[40:47], s[12:13] glc`).
                inst.mods.offset = 0;
                inst.operands[i] = self.smem_imm_offset();
                cols[i] = self.pos;
                if self.rest().starts_with("offset:") {
                    // `offset:` follows an SGPR offset only.
                    return self.fail(self.pos, || {
                        "`offset:` needs an SGPR offset before it".into()
                    });
                }
                continue;
            }
            // (llvm-mc 22 reads operands with or without the commas
            // between them: `v_add_f32 v1 v2 v3`.)
            if i > omit.unwrap_or(0) && self.eat(",") {
                self.skip_ws();
            }
            if self.at_end() {
                return self.fail(self.pos, || {
                    format!("expected operand {} of `{}`", i + 1, info.name)
                });
            }
            let col = self.pos;
            cols[i] = col;
            if let Kind::Imm(ImmStyle::Sym(kind)) = spec.kind {
                self.symbolic = true;
                let (v, used) =
                    symbolic::parse_prefix(kind, self.processor, self.rest()).map_err(|e| {
                        ParseError {
                            column: col + e.offset,
                            message: e.to_string(),
                        }
                    })?;
                self.pos += used;
                inst.operands[i] = Operand::Imm(v as i32);
                continue;
            }
            if info.family == Family::Smem && spec.field == Field::Soffset {
                inst.operands[i] = self.smem_offset(&mut inst.mods, col)?;
                continue;
            }
            if let Kind::Imm(style @ (ImmStyle::ExpTarget | ImmStyle::Attr)) = spec.kind {
                inst.operands[i] = self.graphics_operand(style, col)?;
                continue;
            }
            let sext = variant == Variant::Sdwa && self.eat("sext(");
            self.float_src = float_mods_source(self.processor, info, spec);
            let (mut neg, mut abs, mut value) = self.operand_value()?;
            self.gfx9_src_mods(info, neg || abs, col)?;
            if sext {
                self.expect(")")?;
            }
            if (neg || abs) && !sext && variant == Variant::Native {
                if let Some(folded) = fold_sign(self.processor, info, spec, value, (neg, abs)) {
                    (neg, abs, value) = (false, false, folded);
                }
            }
            self.syntax_mods |= ((neg || abs) as u8) << src_index(spec.field).unwrap_or(7);
            // (VINTERP has `neg` and no `abs`; llvm-mc 22 drops `|v1|`.)
            let vinterp_neg = info.family == Family::Vinterp && !abs && !sext;
            if (neg || abs || sext)
                && !(ctrl_mods
                    || vinterp_neg
                    || matches!(info.family, Family::Vop3 | Family::Vop3p))
            {
                return self.fail(col, || {
                    "source modifiers are only allowed in VOP3 encodings".into()
                });
            }
            let spec = &if variant == Variant::Sdwa && spec.field == Field::Src1 {
                // SDWA's S1 bit lets src1 be a scalar or a constant.
                OperandSpec {
                    kind: Kind::Vsrc,
                    ..*spec
                }
            } else {
                *spec
            };
            if let (true, Some(idx)) = (ctrl_mods, src_index(spec.field)) {
                self.form_src_mods(form, idx, (neg, abs, sext), col)?;
                dpp::set_src_mods(&mut inst.mods, idx as usize, neg, abs, sext).map_err(|m| {
                    ParseError {
                        column: col,
                        message: m.to_string(),
                    }
                })?;
            } else if let Some(idx) = src_index(spec.field) {
                if neg {
                    inst.mods.neg |= 1 << idx;
                }
                if abs {
                    inst.mods.abs |= 1 << idx;
                }
            }
            if value == Value::Off && spec.field == Field::Addr {
                no_vaddr = true;
            }
            if let (Family::Exp, Value::Off, Some(k)) =
                (info.family, value, export_source(spec.field))
            {
                // A disabled export source: EN bit clear, the field zero.
                inst.mods.offset1 &= !(1 << k);
                inst.operands[i] = Operand::vgpr(0);
                continue;
            }
            match self.fit(info, spec, value, col)? {
                Fitted::Op(o) => inst.operands[i] = o,
                Fitted::Label {
                    start,
                    end,
                    kind,
                    addend,
                } => {
                    if label.is_some() {
                        return self.fail(col, || {
                            "an instruction can reference only one symbol".into()
                        });
                    }
                    // A symbol source is the literal dword, filled in later.
                    inst.operands[i] = match kind {
                        RefKind::Branch => Operand::Imm(0),
                        _ => Operand::Literal(0),
                    };
                    label = Some(LabelRef {
                        operand: i,
                        symbol: self.s[start..end].to_string(),
                        column: col,
                        kind,
                        addend,
                    });
                }
            }
        }
        let mods_at = self.pos;
        self.modifiers(info, &mut inst)?;
        self.check_buffer_vaddr(info, specs, &inst, &cols, no_vaddr)?;
        self.check_gfx9_mem(info, specs, &inst, &cols, mods_at)?;
        self.flat_offset(info, &inst, mods_at)?;
        // VOP1/VOP2/VOPC (and their DPP forms) have no clamp or output
        // modifier bits: written without `_e64`, such an instruction is
        // the VOP3 form (the next candidate), as llvm-mc selects it.
        if (inst.mods.clamp || inst.mods.omod != 0)
            && variant != Variant::Sdwa
            && matches!(info.family, Family::Vop1 | Family::Vop2 | Family::Vopc)
        {
            return self.fail(mods_at, || {
                "clamp and output modifiers are only allowed in VOP3 encodings".into()
            });
        }
        self.check_vop3_mods(info, &inst, mods_at, &cols)?;
        self.check_gfx9_valu(info, form, specs, &inst, &cols, mods_at)?;
        let sdwa_dst = form.is_some_and(|f| f.variant == Variant::Sdwa && f.has(FormMods::DST_SEL));
        if sdwa_dst {
            // Not written, `dst_unused` is UNUSED_PRESERVE (as llvm-mc 22).
            if !self.dst_unused_seen {
                dpp::set(&mut inst.mods.extra, dpp::SDWA_DST_UNUSED, 2);
            }
        }
        if ctrl_mods && variant == Variant::Sdwa {
            // SDWA carries clamp and omod in its control dword.
            let m = &mut inst.mods;
            dpp::set(&mut m.extra, dpp::SDWA_CLAMP, m.clamp as u32);
            dpp::set(&mut m.extra, dpp::SDWA_OMOD, m.omod as u32);
            m.clamp = false;
            m.omod = 0;
        }
        if let Some(form) = form.filter(|f| f.family == Family::Vop3) {
            inst.mods.op_sel = dpp::op_sel_from_list(form, inst.mods.op_sel);
        }
        if let Some(form) = form {
            dpp::check(self.gen, form, &inst.mods).map_err(|what| ParseError {
                column: self.pos,
                message: format!("invalid {what} for `{}`", form.name),
            })?;
        }
        self.one_literal(specs, &inst, &cols)?;
        self.check_constant_bus(info, specs, &inst, &cols)?;
        self.inst_rules(info, specs, &mut inst, &cols, mods_at)?;
        self.implied_bits(info, &mut inst, no_vaddr);
        if !self.at_end() {
            return self.fail(self.pos, || format!("unexpected `{}`", self.rest().trim()));
        }
        Ok(ParsedInst { inst, label })
    }

    /// VOP3/VOP3P modifiers the opcode does not have (LLVM 22 rejects
    /// them: `clamp` on integer moves and compares, `neg`/`abs` on
    /// integer sources, an output modifier on integer results, `op_sel`
    /// where the opcode has none), from the table's `mods_rejected`.
    fn check_vop3_mods(
        &self,
        info: &OpInfo,
        inst: &Inst,
        mods_at: usize,
        cols: &[usize; MAX_OPERANDS],
    ) -> Result<(), ParseError> {
        use table::{VMOD_ABS, VMOD_CLAMP, VMOD_NEG, VMOD_OMOD};
        if !matches!(info.family, Family::Vop3 | Family::Vop3p) || info.flags.has(Flags::MFMA) {
            return Ok(());
        }
        let rejected = info.mods_rejected | gfx9_unprinted(self.gen, info);
        let m = &inst.mods;
        let what = if m.clamp && rejected & VMOD_CLAMP != 0 {
            Some(("clamp", mods_at))
        } else if m.omod != 0 && rejected & VMOD_OMOD != 0 {
            Some(("output modifier", mods_at))
        } else if info.family == Family::Vop3
            && m.op_sel != 0
            && m.variant == Variant::Native
            && info.flags.op_sel_len() == 0
        {
            Some(("op_sel", self.modifier_col(mods_at, "op_sel:")))
        } else {
            (0..3).find_map(|i| {
                let col = self.src_col(info, cols, i).unwrap_or(mods_at);
                if m.neg & (1 << i) != 0 && rejected & (VMOD_NEG << i) != 0 {
                    Some((
                        if info.family == Family::Vop3p {
                            "neg_lo"
                        } else {
                            "neg"
                        },
                        col,
                    ))
                } else if m.abs & (1 << i) != 0 && rejected & (VMOD_ABS << i) != 0 {
                    Some((
                        if info.family == Family::Vop3p {
                            "neg_hi"
                        } else {
                            "abs"
                        },
                        col,
                    ))
                } else {
                    None
                }
            })
        };
        match what {
            Some((what, col)) => {
                self.fail(col, || format!("`{}` has no {what} modifier", info.name))
            }
            None => Ok(()),
        }
    }

    /// Column of source `i`'s operand text (as parsed into `cols`).
    fn src_col(&self, info: &OpInfo, cols: &[usize; MAX_OPERANDS], i: u8) -> Option<usize> {
        info.operands
            .iter()
            .take(MAX_OPERANDS)
            .position(|o| src_index(o.field) == Some(i))
            .map(|k| cols[k])
    }

    /// Bits implied by operand forms rather than written as modifiers.
    fn implied_bits(&self, info: &OpInfo, inst: &mut Inst, no_vaddr: bool) {
        let set = |inst: &mut Inst, b: ModBit| inst.mods.mem |= format::mod_bit(b);
        if info.family == Family::Smem && self.gen == Generation::Gfx9 {
            // [CDNA3] §"SMEM": IMM for an immediate offset, SOE for an SGPR
            // offset next to it; an SGPR alone needs neither.
            let soffset = info
                .operands
                .iter()
                .position(|o| o.field == Field::Soffset)
                .map(|i| inst.operands[i]);
            match soffset {
                Some(Operand::None) => set(inst, ModBit::Imm),
                Some(_) if self.offset_seen => {
                    set(inst, ModBit::Imm);
                    set(inst, ModBit::Soe);
                }
                _ => {}
            }
        }
        if info.family == Family::Scratch && !no_vaddr {
            set(inst, ModBit::Sve);
        }
    }

    /// [`Self::value`], with the common shapes read by [`Self::plain_value`].
    #[inline]
    fn operand_value(&mut self) -> Result<(bool, bool, Value), ParseError> {
        match self.plain_value() {
            Some(v) => Ok((false, false, v)),
            None => self.value(),
        }
    }

    /// Read one operand: optional `-`, `|..|`, `neg(..)`, `abs(..)` around a
    /// register, constant, `lit(..)`, `off` or symbol.
    fn value(&mut self) -> Result<(bool, bool, Value), ParseError> {
        let mut neg = false;
        let mut abs = false;
        let b = self.s.as_bytes();
        if b.get(self.pos) == Some(&b'-')
            && !matches!(b.get(self.pos + 1), Some(b'0'..=b'9' | b'.'))
        {
            self.pos += 1;
            neg = true;
            if b.get(self.pos) == Some(&b'-') {
                // `--1`: where `-` is the float negation modifier, no double
                // negation (llvm-mc 22: "expected 'neg' modifier", write
                // `neg(-1)`); elsewhere the expression `-(-1)`.
                if self.float_src {
                    return self.fail(self.pos - 1, || {
                        "write `neg(-x)` to negate a negative operand, not `--x`".into()
                    });
                }
                let (n, a, v) = self.value()?;
                let v = match v {
                    Value::Int(i) => Value::Int(-i),
                    Value::Float(f) => Value::Float(-f),
                    _ => return self.fail(self.pos, || "`--` needs a number".into()),
                };
                return Ok((n, a, v));
            }
        }
        if self.eat("neg(") {
            let col = self.pos;
            let (n, a, v) = self.value()?;
            // (llvm-mc 22 rejects `-neg(x)` and `neg(-x)`.)
            if neg || n {
                return self.fail(col, || "`neg()` of a negated operand".into());
            }
            self.expect(")")?;
            return Ok((true, a, v));
        }
        if self.eat("abs(") {
            let (n, _, v) = self.value()?;
            self.expect(")")?;
            return Ok((n, true, v));
        }
        if self.eat("|") {
            abs = true;
            let v = self.atom()?;
            self.expect("|")?;
            return Ok((neg, abs, v));
        }
        let v = self.atom()?;
        Ok((neg, abs, v))
    }

    fn expect(&mut self, t: &str) -> Result<(), ParseError> {
        if self.eat(t) {
            Ok(())
        } else {
            self.fail(self.pos, || format!("expected `{t}`"))
        }
    }

    fn word(&mut self) -> &'a str {
        let b = self.s.as_bytes();
        let start = self.pos;
        let mut end = start;
        while end < b.len() && WORD_BYTE[b[end] as usize] {
            end += 1;
        }
        self.pos = end;
        &self.s[start..end]
    }

    fn number(&mut self) -> Result<Value, ParseError> {
        let col = self.pos;
        let b = self.s.as_bytes();
        let neg = b.get(col) == Some(&b'-');
        let from = col + neg as usize;
        let mut end = from;
        while end < b.len() && NUMBER_BYTE[b[end] as usize] {
            end += 1;
        }
        let tok = &self.s[from..end];
        self.pos = end;
        if let Some(v) = plain_int(tok.as_bytes()) {
            return Ok(Value::Int(if neg { -v } else { v }));
        }
        let v = if let Some(h) = tok.strip_prefix("0x").or_else(|| tok.strip_prefix("0X")) {
            i64::from_str_radix(h, 16).map(Value::Int)
        } else if let Some(b) = tok.strip_prefix("0b") {
            i64::from_str_radix(b, 2).map(Value::Int)
        } else if tok.contains('.') || tok.contains('e') && !tok.starts_with("0x") {
            return tok
                .parse::<f64>()
                .map(|f| Value::Float(if neg { -f } else { f }))
                .or_else(|_| err(col, format!("invalid number `{tok}`")));
        } else {
            tok.parse::<i64>().map(Value::Int)
        };
        match v {
            Ok(Value::Int(i)) => Ok(Value::Int(if neg { -i } else { i })),
            Ok(other) => Ok(other),
            Err(_) => self.fail(col, || format!("invalid number `{tok}`")),
        }
    }

    fn atom(&mut self) -> Result<Value, ParseError> {
        let col = self.pos;
        if matches!(self.peek(), Some(b'0'..=b'9' | b'-')) {
            return self.number();
        }
        if self.eat("lit(") {
            let v = self.number()?;
            self.expect(")")?;
            return match v {
                Value::Int(i) if (i64::from(i32::MIN)..=i64::from(u32::MAX)).contains(&i) => {
                    Ok(Value::Lit(i as u32))
                }
                Value::Float(f) => Ok(Value::LitFloat(f)),
                _ => self.fail(col, || "lit() needs a 32-bit integer or a float".into()),
            };
        }
        let w = self.word();
        if w.is_empty() {
            return self.fail(col, || "expected an operand".into());
        }
        if let Some(reg) = self.register(w, col)? {
            return Ok(reg);
        }
        if w == "off" {
            return Ok(Value::Off);
        }
        if w == "sext" && self.peek() == Some(b'(') {
            return self.fail(col, || "`sext()` is a modifier of SDWA sources only".into());
        }
        if symbol::register_like(w) {
            return self.fail(col, || format!("register `{w}` is not available here"));
        }
        let end = self.pos;
        let (kind, addend) = self.symbol_suffix()?;
        Ok(Value::Symbol {
            start: col,
            end,
            kind,
            addend,
        })
    }

    /// Registers: `s4`, `v[0:3]`, `a1`, `ttmp[4:7]`, `v1.l`, named specials.
    /// Read on bytes: the first byte says which register file it can be.
    fn register(&mut self, w: &str, col: usize) -> Result<Option<Value>, ParseError> {
        let (w, half) = match w.as_bytes() {
            [.., b'.', b'l'] => (&w[..w.len() - 2], 1),
            [.., b'.', b'h'] => (&w[..w.len() - 2], 2),
            _ => (w, 0),
        };
        let b = w.as_bytes();
        let all_digits = |d: &[u8]| d.iter().all(u8::is_ascii_digit);
        let (base, prefix_len) = match b.first() {
            Some(b't') if b.starts_with(b"ttmp") => (108u16, 4),
            Some(b's') if all_digits(&b[1..]) => (0, 1),
            Some(b'v') if all_digits(&b[1..]) => (VGPR0, 1),
            Some(b'a') if all_digits(&b[1..]) => (AGPR0, 1),
            _ => {
                if let Some((code, count)) = special(self.gen, w) {
                    return Ok(Some(Value::Reg { code, count, half }));
                }
                return Ok(None);
            }
        };
        let digits = &b[prefix_len..];
        if digits.is_empty() {
            // Range form: `s[4:5]`.
            if !self.eat("[") {
                return Ok(None);
            }
            let a = self.uint(col)?;
            self.expect(":")?;
            let b = self.uint(col)?;
            self.expect("]")?;
            if b < a || b - a >= 32 {
                return self.fail(col, || format!("invalid register range [{a}:{b}]"));
            }
            let (_, h) = self.half_suffix();
            return self
                .reg_value(base, a, (b - a + 1) as u8, h.max(half), col)
                .map(Some);
        }
        let n: u32 = match small_decimal(digits) {
            Some(n) => n,
            None => w[prefix_len..].parse().map_err(|_| ParseError {
                column: col,
                message: format!("invalid register `{w}`"),
            })?,
        };
        self.reg_value(base, n, 1, half, col).map(Some)
    }

    fn uint(&mut self, col: usize) -> Result<u32, ParseError> {
        let r = self.rest();
        let n = r
            .bytes()
            .position(|c| !c.is_ascii_digit())
            .unwrap_or(r.len());
        self.pos += n;
        if let Some(v) = small_decimal(&r.as_bytes()[..n]) {
            return Ok(v);
        }
        r[..n]
            .parse()
            .or_else(|_| err(col, "expected a register number"))
    }

    fn reg_value(
        &self,
        base: u16,
        n: u32,
        count: u8,
        half: u8,
        col: usize,
    ) -> Result<Value, ParseError> {
        let limit = match base {
            0 => operand::sgpr_limit(self.gen) as u32,
            108 => 16,
            _ => 256,
        };
        if n + count as u32 > limit {
            return self.fail(col, || {
                format!("register index {} out of range", n + count as u32 - 1)
            });
        }
        Ok(Value::Reg {
            code: base + n as u16,
            count,
            half,
        })
    }

    /// A register range must be as wide as the operand and aligned as the
    /// hardware requires: SGPR tuples on 2 (pairs) or 4 dwords (wider),
    /// gfx942 VGPR/AGPR tuples on 2 (CDNA3 ISA §3.6.2 "VGPR and AGPR
    /// alignment"), as llvm-mc 22 checks.
    fn check_width(
        &self,
        info: &OpInfo,
        spec: &OperandSpec,
        v: &Value,
        col: usize,
    ) -> Result<(), ParseError> {
        self.gfx11_operand(info, spec, v, col)?;
        let &Value::Reg { code, count, .. } = v else {
            return Ok(());
        };
        // `src_*` apertures, `lds_direct` and `null` fit any width.
        if matches!(spec.kind, Kind::Implicit(_) | Kind::Imm(_))
            || spec.dwords == 0
            || (128..256).contains(&code)
            || code == operand::null_code(self.gen)
        {
            return Ok(());
        }
        // MUBUF/MTBUF `tfe` adds a status dword to vdata (checked by the
        // encoder against the modifier).
        let tfe_data = matches!(info.family, Family::Mubuf | Family::Mtbuf)
            && spec.field == Field::Data0
            && count == spec.dwords + 1;
        // The address width follows `saddr` / `idxen offen`, read later.
        let addr = spec.field == Field::Addr
            && matches!(
                info.family,
                Family::Global | Family::Scratch | Family::Mubuf | Family::Mtbuf
            );
        if count != spec.dwords && !tfe_data && !addr {
            return self.fail(col, || {
                format!(
                    "`{}` takes a {}-dword register here, not {count}",
                    info.name, spec.dwords
                )
            });
        }
        let index = if code >= VGPR0 {
            (code - VGPR0) as u32 % 256
        } else if (108..124).contains(&code) {
            code as u32 - 108
        } else {
            code as u32
        };
        let scalar_tuple = code < 102 || (108..124).contains(&code);
        let align = if scalar_tuple && count >= 2 {
            if count == 2 {
                2
            } else {
                4
            }
        } else if code >= VGPR0 && count >= 2 {
            operand::vector_tuple_align(self.gen)
        } else {
            1
        };
        if index % align != 0 {
            return self.fail(col, || {
                format!("register tuple must start at a multiple of {align}")
            });
        }
        Ok(())
    }

    /// Fit a parsed value to what the operand accepts.
    fn fit(
        &self,
        info: &OpInfo,
        spec: &OperandSpec,
        v: Value,
        col: usize,
    ) -> Result<Fitted, ParseError> {
        let null = operand::null_code(self.gen);
        self.gfx9_operand(&v, col)?;
        self.check_width(info, spec, &v, col)?;
        let op = match (spec.kind, v) {
            (Kind::Implicit(code), Value::Reg { code: c, count, .. }) if c == code => {
                Operand::Reg {
                    code,
                    count,
                    half: 0,
                }
            }
            (Kind::Implicit(_), _) => {
                return self.fail(col, || {
                    format!("`{}` expects its fixed register here", info.name)
                })
            }
            // A branch's target (SOPP with the BRANCH flag), and
            // `s_call_b64`'s simm16, a branch offset too (RDNA3 ISA
            // §"SOPK": PC-relative, in dwords), though LLVM prints it
            // unsigned.
            (
                Kind::Imm(style),
                Value::Symbol {
                    start,
                    end,
                    kind: RefKind::Rel32,
                    addend: 0,
                },
            ) if style == ImmStyle::Branch
                || info.family == Family::Sopp && info.flags.has(Flags::BRANCH)
                || self.op.and_then(|o| super::Op::of(self.gen, o))
                    == Some(super::Op::S_CALL_B64) =>
            {
                return Ok(Fitted::Label {
                    start,
                    end,
                    kind: RefKind::Branch,
                    addend: 0,
                })
            }
            (
                Kind::Ssrc | Kind::Vsrc,
                Value::Symbol {
                    start,
                    end,
                    kind,
                    addend,
                },
            ) if self.symbol_source(info, spec, self.variant) => {
                return Ok(Fitted::Label {
                    start,
                    end,
                    kind,
                    addend,
                })
            }
            (Kind::Imm(_), Value::Int(i))
                if spec.field == Field::Simm16 && !(-0x8000..=0xffff).contains(&i) =>
            {
                return self.fail(col, || format!("immediate {i} does not fit 16 bits"))
            }
            (Kind::Imm(_), Value::Int(i)) => Operand::Imm(i as i32),
            (Kind::Imm(_), Value::Reg { code, .. }) if info.family == Family::Smem => {
                Operand::Imm(code as i32)
            }
            (
                Kind::Literal,
                Value::Int(_) | Value::Lit(_) | Value::LitFloat(_) | Value::Float(_),
            ) => self.k_constant(info, spec, &v, col)?,
            (Kind::Sreg, Value::Off) => Operand::Reg {
                code: if self.gen == Generation::Gfx9 && info.family.is_flat() {
                    0x7f
                } else {
                    null
                },
                count: spec.dwords,
                half: 0,
            },
            (Kind::Vgpr | Kind::AVgpr, Value::Off) if spec.field == Field::Addr => Operand::Reg {
                code: VGPR0,
                count: spec.dwords,
                half: 0,
            },
            (Kind::Sreg, Value::Reg { code, count, .. }) if code < VGPR0 => Operand::Reg {
                code,
                count,
                half: 0,
            },
            (Kind::Vgpr | Kind::Agpr | Kind::AVgpr, Value::Reg { code, count, half })
                if code >= VGPR0 =>
            {
                // VOP1/2/C true16 halves are v0..v127 (bit 7 is the half);
                // higher ones take the VOP3 form, as llvm-mc selects.
                if half != 0
                    && code < AGPR0
                    && code - VGPR0 > 127
                    && matches!(info.family, Family::Vop1 | Family::Vop2 | Family::Vopc)
                {
                    return self.fail(col, || {
                        "a VGPR half above v127 needs the VOP3 encoding".into()
                    });
                }
                Operand::Reg { code, count, half }
            }
            (Kind::Ssrc | Kind::Vsrc, Value::Reg { code, count, half }) => {
                if matches!(spec.kind, Kind::Ssrc) && code >= VGPR0 {
                    return self.fail(col, || {
                        "a vector register is not allowed in a scalar operand".into()
                    });
                }
                Operand::Reg { code, count, half }
            }
            (Kind::AVgpr, Value::Int(i)) if spec.field == Field::Src2 => {
                int_source(spec.ty, i, col)?
            }
            (Kind::AVgpr, Value::Float(f)) if spec.field == Field::Src2 => float_source(spec.ty, f),
            (Kind::AVgpr, Value::Reg { code, count, .. })
                if spec.field == Field::Src2 && (230..255).contains(&code) =>
            {
                Operand::Reg {
                    code,
                    count,
                    half: 0,
                }
            }
            (Kind::Ssrc | Kind::Vsrc, Value::Lit(x)) => Operand::Literal(x),
            (Kind::Ssrc | Kind::Vsrc, Value::LitFloat(_)) if int64_source(info, spec) => {
                return self.fail(col, || {
                    "a float `lit()` needs a 32-bit or floating-point operand".into()
                })
            }
            (Kind::Ssrc | Kind::Vsrc, Value::LitFloat(f)) => {
                Operand::Literal(float_literal(spec.ty, f))
            }
            // (A WMMA accumulator takes no literal, so no 32-bit high half
            // of an f64 either: `0x3fe00000` is no 0.5 there, llvm-mc 22.)
            (Kind::Ssrc | Kind::Vsrc, Value::Int(i))
                if int64_source(info, spec)
                    || info.flags.has(Flags::WMMA) && spec.ty == Ty::F64 =>
            {
                int_source(Ty::B64, i, col)?
            }
            (Kind::Ssrc | Kind::Vsrc, Value::Int(i)) => int_source(spec.ty, i, col)?,
            (Kind::Ssrc | Kind::Vsrc, Value::Float(f)) => self.gfx9_float(info, spec, f, col)?,
            (Kind::Vgpr, Value::Reg { .. })
                if info.family == Family::Vinterp
                    || format::layout(self.gen, info.family)
                        .and_then(|l| l.field(spec.field))
                        .is_none_or(|b| b.width != 9) =>
            {
                // An 8-bit VGPR field (VOP2/VOPC src1) holds no scalar:
                // the VOP3 form does, which llvm-mc then selects.
                return self.fail(col, || "expected a VGPR".into());
            }
            (Kind::Vgpr, Value::Reg { code, count, .. }) => {
                // 9-bit VGPR-only field holding a scalar (accepted by LLVM
                // for a few opcodes).
                Operand::Reg {
                    code,
                    count,
                    half: 0,
                }
            }
            (_, other) => {
                return self.fail(col, || {
                    format!(
                        "invalid operand {} for `{}`",
                        describe(self.s, &other),
                        info.name
                    )
                })
            }
        };
        Ok(Fitted::Op(op))
    }

    /// Trailing modifiers.
    fn modifiers(&mut self, info: &OpInfo, inst: &mut Inst) -> Result<(), ParseError> {
        let gen = self.gen;
        // Cache-policy bits named so far (each at most once, set or with
        // its `no` form, as llvm-mc 22 requires).
        let mut policy_seen = 0u16;
        let mut rank = 0u8;
        loop {
            self.skip_ws();
            if self.at_end() {
                return Ok(());
            }
            let col = self.pos;
            let key = self.word();
            if key.is_empty() {
                return self.fail(col, || format!("unexpected `{}`", self.rest().trim()));
            }
            self.gfx11_modifier_order(info.family, key, col, &mut rank)?;
            if inst.mods.variant != Variant::Native && self.dpp_modifier(inst, key, col)? {
                continue;
            }
            let m = &mut inst.mods;
            let layout = format::layout(gen, info.family);
            let quiet = self.quiet;
            let mut bit = |b: ModBit| -> Result<(), ParseError> {
                let encoded = gfx9_mem_bit(gen, info, b);
                if layout.is_some_and(|l| l.mod_bit(b).is_some()) && encoded.is_some() {
                    if encoded == Some(true) {
                        m.mem |= format::mod_bit(b);
                    }
                    Ok(())
                } else {
                    quiet_err(quiet, col, || {
                        format!("`{key}` is not valid for `{}`", info.name)
                    })
                }
            };
            if let Some((b, set)) = cache_policy(gen, info.family, key) {
                let f = format::mod_bit(b);
                if policy_seen & f != 0 {
                    return self.fail(col, || "duplicate cache policy modifier".into());
                }
                policy_seen |= f;
                // Check the bit exists; the `no` form then leaves it clear.
                bit(b)?;
                if !set && b == ModBit::Glc && gen == Generation::Gfx9 && info.flags.has(Flags::RTN)
                {
                    // gfx942's returning atomics are the sc0 forms.
                    return self.fail(col, || format!("`{}` returns only with `sc0`", info.name));
                }
                if !set {
                    m.mem &= !f;
                }
                continue;
            }
            match (gen, key) {
                (_, "clamp") => {
                    self.gfx9_clamp(m.omod, col)?;
                    m.clamp = true;
                }
                (_, "gds") => bit(ModBit::Gds)?,
                (_, "lds") => bit(ModBit::Lds)?,
                (_, "offen") => bit(ModBit::Offen)?,
                (_, "idxen") => bit(ModBit::Idxen)?,
                (_, "tfe") => bit(ModBit::Tfe)?,
                (_, "done") => bit(ModBit::Done)?,
                (_, "row_en") => bit(ModBit::RowEn)?,
                _ => {
                    if !self.eat(":") {
                        return self.fail(col, || format!("unknown modifier `{key}`"));
                    }
                    self.keyed_modifier(info, inst, key, col)?;
                }
            }
        }
    }

    /// DPP16 / DPP8 / SDWA control modifiers ([`dpp`]); false when `key`
    /// is not one.
    fn dpp_modifier(&mut self, inst: &mut Inst, key: &str, col: usize) -> Result<bool, ParseError> {
        let m = &mut inst.mods;
        let v = m.variant;
        let quiet = self.quiet;
        let wrong =
            |what: &str| quiet_err(quiet, col, || format!("`{key}` is not valid in a {what}"));
        let c = &mut m.extra;
        match key {
            "row_mirror" | "row_half_mirror" => {
                if v != Variant::Dpp16 {
                    return wrong("non-DPP16 form");
                }
                dpp::set(
                    c,
                    dpp::DPP_CTRL,
                    if key == "row_mirror" { 0x140 } else { 0x141 },
                );
                return Ok(true);
            }
            _ => {}
        }
        let dpp16_keys = [
            "quad_perm",
            "row_shl",
            "row_shr",
            "row_ror",
            "wave_shl",
            "wave_rol",
            "wave_shr",
            "wave_ror",
            "row_bcast",
            "row_newbcast",
            "row_share",
            "row_xmask",
            "row_mask",
            "bank_mask",
            "bound_ctrl",
        ];
        let sdwa_keys = ["dst_sel", "dst_unused", "src0_sel", "src1_sel"];
        let known =
            dpp16_keys.contains(&key) || sdwa_keys.contains(&key) || key == "dpp8" || key == "fi";
        if !known || !self.rest().starts_with(':') {
            return Ok(false);
        }
        // A select the form does not have (VOP1 `src1_sel`, VOPC `dst_sel`).
        let needs = match key {
            "src1_sel" => table::FormMods::SRC1_SEL,
            "dst_sel" | "dst_unused" => table::FormMods::DST_SEL,
            _ => 0,
        };
        if v == Variant::Sdwa && self.form_mods & needs != needs {
            return quiet_err(quiet, col, || {
                format!("`{key}` is not valid for this instruction")
            });
        }
        self.pos += 1;
        match key {
            "dpp8" => {
                if v != Variant::Dpp8 {
                    return wrong("non-DPP8 form");
                }
                if let Some(sel) = self.lane_list(8, 3) {
                    *c = (*c & 0xff) | sel << 8;
                    return Ok(true);
                }
                self.expect("[")?;
                let mut sel = 0u32;
                for i in 0..8 {
                    if i > 0 {
                        self.expect(",")?;
                    }
                    let n = self.int_value(col)?;
                    if !(0..8).contains(&n) {
                        return self.fail(col, || "dpp8 lane selects are 0..7".into());
                    }
                    sel |= (n as u32) << (3 * i);
                }
                self.expect("]")?;
                *c = (*c & 0xff) | sel << 8;
            }
            "fi" => {
                let n = self.int_value(col)?;
                match v {
                    Variant::Dpp8 => {
                        m.mem = (m.mem & !dpp::DPP8_FI) | if n != 0 { dpp::DPP8_FI } else { 0 }
                    }
                    Variant::Dpp16 => dpp::set(c, dpp::DPP_FI, (n != 0) as u32),
                    _ => return wrong("non-DPP form"),
                }
            }
            "quad_perm" => {
                if v != Variant::Dpp16 {
                    return wrong("non-DPP16 form");
                }
                if let Some(q) = self.lane_list(4, 2) {
                    dpp::set(c, dpp::DPP_CTRL, q);
                    return Ok(true);
                }
                self.expect("[")?;
                let mut q = 0u32;
                for i in 0..4 {
                    if i > 0 {
                        self.expect(",")?;
                    }
                    let n = self.int_value(col)?;
                    if !(0..4).contains(&n) {
                        return self.fail(col, || "quad_perm lane selects are 0..3".into());
                    }
                    q |= (n as u32) << (2 * i);
                }
                self.expect("]")?;
                dpp::set(c, dpp::DPP_CTRL, q);
            }
            k if dpp16_keys.contains(&k) => {
                if v != Variant::Dpp16 {
                    return wrong("non-DPP16 form");
                }
                let n = self.int_value(col)?;
                let bits = match k {
                    "row_mask" => Some(dpp::DPP_ROW_MASK),
                    "bank_mask" => Some(dpp::DPP_BANK_MASK),
                    _ => None,
                };
                if let Some(b) = bits {
                    if !(0..16).contains(&n) {
                        return self.fail(col, || format!("`{k}` takes 0..15"));
                    }
                    dpp::set(c, b, n as u32);
                } else if k == "bound_ctrl" {
                    // LLVM 22 reads GFX9's `bound_ctrl:0` as BOUND_CTRL=1 (GFX11: 0).
                    let gfx9 = self.gen == Generation::Gfx9;
                    dpp::set(c, dpp::DPP_BOUND_CTRL, (gfx9 || n != 0) as u32);
                } else {
                    let ctrl = dpp::ctrl_from_text(self.gen, k, n).ok_or_else(|| ParseError {
                        column: col,
                        message: format!("invalid DPP control `{k}:{n}`"),
                    })?;
                    dpp::set(c, dpp::DPP_CTRL, ctrl);
                }
            }
            _ => {
                if v != Variant::Sdwa {
                    return wrong("non-SDWA form");
                }
                let w = self.word();
                let value = dpp::sdwa_value(key, w).ok_or_else(|| ParseError {
                    column: col,
                    message: format!("invalid `{key}:{w}`"),
                })?;
                self.dst_unused_seen |= key == "dst_unused";
                let b = match key {
                    "dst_sel" => dpp::SDWA_DST_SEL,
                    "dst_unused" => dpp::SDWA_DST_UNUSED,
                    "src0_sel" => dpp::SDWA_SEL[0],
                    _ => dpp::SDWA_SEL[1],
                };
                dpp::set(c, b, value);
            }
        }
        Ok(true)
    }

    fn keyed_modifier(
        &mut self,
        info: &OpInfo,
        inst: &mut Inst,
        key: &str,
        col: usize,
    ) -> Result<(), ParseError> {
        self.gfx9_keyed(info, key, col)?;
        self.ds_offset_key(info, key, col)?;
        if self.graphics_wait(info, inst, key, col)? {
            return Ok(());
        }
        let m = &mut inst.mods;
        match key {
            "mul" | "div" => {
                let v = self.int_value(col)?;
                m.omod = match (key, v) {
                    ("mul", 1) | ("div", 1) => 0,
                    ("mul", 2) => 1,
                    ("mul", 4) => 2,
                    ("div", 2) => 3,
                    _ => return self.fail(col, || format!("invalid output modifier `{key}:{v}`")),
                };
            }
            "op_sel" => {
                let (bits, n) = self.bit_list_len(col)?;
                // (DPP forms map their list in `dpp::op_sel_from_list`.)
                let native = m.variant == Variant::Native;
                m.op_sel = if let Some(b) = self.gfx9_op_sel(info, bits, n, col)?.filter(|_| native)
                {
                    b
                } else if info.family == Family::Vop3 && native {
                    // The last entry is the destination (bit 3) when the
                    // list is longer than the sources.
                    let srcs = info
                        .operands
                        .iter()
                        .filter(|o| src_index(o.field).is_some())
                        .count();
                    if self.gen == Generation::Gfx11 {
                        self.gfx11_op_sel(info, bits, n, srcs, col)?
                    } else if n > srcs {
                        let last = 1u8 << (n - 1);
                        bits & !last & 7 | if bits & last != 0 { 8 } else { 0 }
                    } else {
                        bits
                    }
                } else {
                    bits
                };
            }
            "op_sel_hi" => {
                // Entries not written keep their default.
                let (bits, n) = self.bit_list_len(col)?;
                let written = ((1u16 << n) - 1) as u8;
                m.op_sel_hi = bits | m.op_sel_hi & !written;
            }
            "neg" if info.flags.has(Flags::MFMA_NEG) => m.blgp = self.bit_list(col)?,
            "neg_lo" => m.neg = self.bit_list(col)?,
            "neg_hi" => m.abs = self.bit_list(col)?,
            "cbsz" => m.offset1 = self.int_value(col)? as u16,
            "abid" => m.abid = self.int_value(col)? as u8,
            "blgp" => m.blgp = self.int_value(col)? as u8,
            "offset0" => m.offset = self.int_value(col)? as i32,
            "offset1" => m.offset1 = self.int_value(col)? as u16,
            "offset"
                if info.flags.has(Flags::DS_SWIZZLE) && self.rest().starts_with("swizzle(") =>
            {
                self.symbolic = true;
                let (v, used) = symbolic::parse_prefix(
                    symbolic::SymbolicKind::Swizzle,
                    self.processor,
                    self.rest(),
                )
                .map_err(|e| ParseError {
                    column: self.pos + e.offset,
                    message: e.to_string(),
                })?;
                self.pos += used;
                m.offset = (v & 0xff) as i32;
                m.offset1 = v >> 8;
            }
            "offset" => {
                self.offset_seen = true;
                let v = self.int_value(col)?;
                if info.family == Family::Ds {
                    if !(0..=0xffff).contains(&v) {
                        return self.fail(col, || "DS offset must be 0..65535".into());
                    }
                    m.offset = (v & 0xff) as i32;
                    m.offset1 = (v >> 8) as u16;
                } else {
                    m.offset = self.buffer_offset(info, v, col)?;
                }
            }
            "format" => {
                m.offset1 = self.format(col)?;
            }
            _ => return self.fail(col, || format!("unknown modifier `{key}:`")),
        }
        Ok(())
    }

    /// `[a,b,..]` with `lanes` one-digit lane selects below `1 << bits`,
    /// packed `bits` apart, read in one pass (`dpp8`, `quad_perm`); `None`
    /// (the position unchanged) for anything else, which the general loop
    /// then reads or rejects.
    fn lane_list(&mut self, lanes: usize, bits: u32) -> Option<u32> {
        let b = self.s.as_bytes().get(self.pos..self.pos + 2 * lanes + 1)?;
        if b[0] != b'[' {
            return None;
        }
        let mut v = 0u32;
        for i in 0..lanes {
            let d = b[1 + 2 * i].wrapping_sub(b'0') as u32;
            let sep = if i + 1 < lanes { b',' } else { b']' };
            if d >= 1 << bits || b[2 + 2 * i] != sep {
                return None;
            }
            v |= d << (bits * i as u32);
        }
        self.pos += 2 * lanes + 1;
        Some(v)
    }

    fn int_value(&mut self, col: usize) -> Result<i64, ParseError> {
        // A plain decimal or hex token, read as `number` reads it: short
        // decimals valued while scanned, the rest through `plain_int`.
        let b = self.s.as_bytes();
        let neg = b.get(self.pos) == Some(&b'-');
        let from = self.pos + neg as usize;
        let mut end = from;
        let mut v = 0i64;
        while end < b.len() && b[end].is_ascii_digit() && end - from < 15 {
            v = v * 10 + (b[end] - b'0') as i64;
            end += 1;
        }
        if end > from && !(end < b.len() && NUMBER_BYTE[b[end] as usize]) {
            self.pos = end;
            return Ok(if neg { -v } else { v });
        }
        while end < b.len() && NUMBER_BYTE[b[end] as usize] {
            end += 1;
        }
        if let Some(v) = plain_int(&b[from..end]) {
            self.pos = end;
            return Ok(if neg { -v } else { v });
        }
        match self.number()? {
            Value::Int(i) => Ok(i),
            _ => self.fail(col, || "expected an integer".into()),
        }
    }

    /// A bit list and its number of entries.
    fn bit_list_len(&mut self, col: usize) -> Result<(u8, usize), ParseError> {
        let start = self.pos;
        let bits = self.bit_list(col)?;
        let n = self.s[start..self.pos].matches(',').count() + 1;
        Ok((bits, n))
    }

    fn bit_list(&mut self, col: usize) -> Result<u8, ParseError> {
        self.expect("[")?;
        let mut bits = 0u8;
        let mut i = 0;
        loop {
            self.skip_ws();
            match self.int_value(col)? {
                0 => {}
                1 => bits |= 1 << i,
                _ => return self.fail(col, || "expected 0 or 1".into()),
            }
            i += 1;
            self.skip_ws();
            if self.eat("]") {
                return Ok(bits);
            }
            self.expect(",")?;
            if i >= 8 {
                return self.fail(col, || "too many entries".into());
            }
        }
    }

    /// `format:[BUF_FMT_...]`, `format:[BUF_DATA_FORMAT_..,BUF_NUM_FORMAT_..]`, `format:N`.
    fn format(&mut self, col: usize) -> Result<u16, ParseError> {
        if !self.eat("[") {
            let v = self.int_value(col)?;
            if self.gen == Generation::Gfx11 && !(0..128).contains(&v) {
                return self.fail(col, || "a GFX11 buffer format is 0..127".into());
            }
            return self.gfx9_format(v, false, col);
        }
        let (mut dfmt, mut nfmt, mut unified) = (1u16, 0u16, None);
        // GFX11 reads a split format as the unified one of the same name.
        let (mut dname, mut nname) = ("8", "UNORM");
        loop {
            self.skip_ws();
            let w = self.word();
            if let Some(v) = super::print::gfx9_dfmt_value(w) {
                dfmt = v;
                dname = w.strip_prefix("BUF_DATA_FORMAT_").unwrap_or(w);
            } else if let Some(v) = super::print::gfx9_nfmt_value(w) {
                nfmt = v;
                nname = w.strip_prefix("BUF_NUM_FORMAT_").unwrap_or(w);
            } else if let Some(v) = super::print::gfx11_format_value(w) {
                unified = Some(v);
            } else {
                return self.fail(col, || format!("unknown buffer format `{w}`"));
            }
            self.skip_ws();
            if self.eat("]") {
                break;
            }
            self.expect(",")?;
        }
        Ok(match self.gen {
            Generation::Gfx11 => match unified
                .or_else(|| super::print::gfx11_format_value(&format!("BUF_FMT_{dname}_{nname}")))
            {
                Some(v) => v,
                None => return self.fail(col, || "unsupported format on GFX11".into()),
            },
            Generation::Gfx9 => {
                self.gfx9_format((dfmt | nfmt << 4).into(), unified.is_some(), col)?
            }
        })
    }
}

enum Fitted {
    Op(Operand),
    /// A symbol operand: its byte range in the text, how it enters the
    /// instruction and its addend.
    Label {
        start: usize,
        end: usize,
        kind: RefKind,
        addend: i64,
    },
}

fn describe(text: &str, v: &Value) -> String {
    match v {
        Value::Reg { .. } => "register".into(),
        Value::Int(i) => format!("`{i}`"),
        Value::Float(f) => format!("`{f}`"),
        Value::Lit(x) => format!("`lit({x:#x})`"),
        Value::LitFloat(f) => format!("`lit({f})`"),
        Value::Off => "`off`".into(),
        Value::Symbol { start, end, .. } => format!("`{}`", &text[*start..*end]),
    }
}

/// EXP source `k` of field `f` (EN bit `k`).
fn export_source(f: Field) -> Option<u8> {
    match f {
        Field::Src0 => Some(0),
        Field::Src1 => Some(1),
        Field::Src2 => Some(2),
        Field::Src3 => Some(3),
        _ => None,
    }
}

fn src_index(f: Field) -> Option<u8> {
    match f {
        Field::Src0 => Some(0),
        Field::Src1 => Some(1),
        Field::Src2 => Some(2),
        _ => None,
    }
}

#[cfg(test)]
mod tests;
