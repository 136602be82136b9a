//! The assembler proper: one pass over the statements (labels, directives,
//! instructions through the [`InstructionEncoder`]), then symbol
//! resolution, fixups, kernel descriptors and metadata, and the
//! [`CodeObject`] with `.text` exactly as laid out here.
//!
//! Every instruction's size is known when it is encoded (symbol operands
//! are fixed-size fields patched later), so one pass places every label;
//! AMDGPU has no branch relaxation.

use super::expr::{parse_expr, Expr};
use super::lex::{self, err, Cursor, LResult, LineError};
use super::yaml::{infer, parse_yaml};
use super::{Diagnostic, Diagnostics, FixupKind, InstructionEncoder};
use crate::code_object::config::{is_gfx90a_class, KernelDirective};
use crate::code_object::{
    CodeObject, DeviceFunction, Kernel, KernelConfig, LinkInfo, Metadata, TextImage, Value,
};
use crate::target::{FeatureSetting, Generation, Target};
use std::collections::HashMap;

mod data;
mod eval;
mod listing;
mod operands;
use data::expr_symbols;

/// `s_nop 0`, the fill LLVM uses when aligning code.
const S_NOP_0: u32 = 0xbf80_0000;
/// Largest section the assembler builds (a guard against `.zero 1<<40`).
const MAX_SECTION: u64 = 1 << 30;
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Loc {
    line: usize,
    pos: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SecKind {
    Text,
    Rodata,
    /// `.data.rel.ro`: pointers relocated at load time.
    DataRelRo,
    Data,
    Bss,
    /// Sections that must stay empty (`.AMDGPU.csdata`, `.note.GNU-stack`,
    /// `.AMDGPU.gpr_maximums`, and anything else not modelled).
    Other,
}

struct Section {
    name: String,
    kind: SecKind,
    data: Vec<u8>,
    align: u64,
    /// Where data was first placed in a section that must stay empty.
    first_data: Option<Loc>,
}

#[derive(Clone, Debug)]
enum SymDef {
    Label {
        section: usize,
        offset: u64,
    },
    Set {
        expr: Expr,
        loc: Loc,
        here: Option<(usize, u64)>,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SymType {
    Function,
    Object,
    NoType,
}

/// A `.size` expression, where it was written, and the location counter
/// there (for `.`).
type SizeExpr = (Expr, Loc, Option<(usize, u64)>);

#[derive(Clone, Debug)]
struct Symbol {
    def: Option<SymDef>,
    def_loc: Option<Loc>,
    global: Option<Loc>,
    /// `.protected` (lld resolves references to it at link time).
    protected: bool,
    ty: SymType,
    size: Option<SizeExpr>,
    /// Order of definition, for the local symbol table.
    order: usize,
}

impl Symbol {
    fn new() -> Symbol {
        Symbol {
            def: None,
            def_loc: None,
            global: None,
            protected: false,
            ty: SymType::NoType,
            size: None,
            order: usize::MAX,
        }
    }
}

struct PendingFixup {
    section: usize,
    /// Offset of the instruction in its section.
    inst_offset: u64,
    fixup: super::Fixup,
    loc: Loc,
    /// Where the symbol name is in the source line (for errors).
    sym_pos: usize,
}

struct DataFixup {
    section: usize,
    offset: u64,
    size: usize,
    expr: Expr,
    loc: Loc,
    here: (usize, u64),
}

struct KernelBlock {
    name: String,
    loc: Loc,
    /// Where its 64-byte descriptor sits.
    section: usize,
    offset: u64,
    directives: Vec<(&'static KernelDirective, Expr, Loc)>,
}

enum Block {
    None,
    Kernel(KernelBlock),
    Metadata { start: Loc, lines: Vec<usize> },
}

/// A resolved expression value: absolute, or an offset into a section.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Val {
    Abs(i64),
    Rel(usize, i64),
}

struct Asm<'a> {
    file: &'a str,
    lines: Vec<&'a str>,
    /// Per line: whether it may hold a comment or string (else it needs
    /// no [`clean_line`]).
    marked: Vec<bool>,
    encoder: &'a dyn InstructionEncoder,
    cli_target: Option<Target>,
    target: Option<Target>,
    /// Where `.amdgcn_target` was given.
    target_loc: Option<Loc>,
    diags: Vec<(Loc, String)>,
    sections: Vec<Section>,
    cur: usize,
    prev: usize,
    stack: Vec<(usize, usize)>,
    symbols: HashMap<String, Symbol>,
    next_order: usize,
    fixups: Vec<PendingFixup>,
    data_fixups: Vec<DataFixup>,
    kernels: Vec<KernelBlock>,
    block: Block,
    metadata: Option<(Value, Loc)>,
    idents: Vec<String>,
    /// One instruction's dwords (reused for every line).
    words: Vec<u32>,
    /// Symbol names in order of first mention (MC's symbol table order,
    /// which lld keeps for the globals).
    mentions: Vec<String>,
    mentioned: std::collections::HashSet<String>,
    /// `sym@rel32` literals pointing into other sections, and pointers
    /// in `.data`/`.data.rel.ro`, for the writer.
    code_relocs: Vec<crate::code_object::CodeReloc>,
    data_relocs: Vec<crate::code_object::DataReloc>,
    /// `llvm-mc -show-encoding` text, when asked for.
    listing: Option<String>,
    /// The values of `.set` symbols evaluated so far, or why they have
    /// none: each symbol whose evaluation completes during the statement
    /// pass (cleared when a `.set` is redefined: labels never move, and a
    /// value that needed an undefined symbol was an error, not kept), then
    /// every one once all statements are read ([`Asm::resolve_sets`]).
    set_values: std::cell::RefCell<HashMap<String, Result<Val, String>>>,
    /// Evaluation steps the rest of the file may take ([`eval::file_eval_steps`]).
    steps_left: std::cell::Cell<usize>,
    /// Errors found after [`super::MAX_KEPT`] were kept.
    dropped: usize,
}

/// `llvm-mc -show-encoding` for a whole file: the statement pass only
/// (labels, directives, the metadata block are read and checked, fixups
/// are left open), listing each label and each instruction with its
/// encoding; fixup bytes are `A` and the fixup follows on its own line.
pub fn listing(
    text: &str,
    file: &str,
    cli_target: Option<Target>,
    encoder: &dyn InstructionEncoder,
) -> (String, Diagnostics) {
    let (lines, marked) = lex::split_lines_marked(text);
    let mut a = Asm::new(file, lines, marked, encoder, cli_target);
    a.listing = Some(String::with_capacity(text.len() * 2));
    a.statements();
    (a.listing.take().unwrap_or_default(), a.diagnostics())
}

pub fn assemble(
    text: &str,
    file: &str,
    cli_target: Option<Target>,
    encoder: &dyn InstructionEncoder,
) -> Result<CodeObject, Diagnostics> {
    let (lines, marked) = lex::split_lines_marked(text);
    let mut a = Asm::new(file, lines, marked, encoder, cli_target);
    a.statements();
    let obj = a.finish();
    if a.diags.is_empty() {
        if let Some(obj) = obj {
            return Ok(obj);
        }
    }
    Err(a.diagnostics())
}

impl<'a> Asm<'a> {
    fn new(
        file: &'a str,
        lines: Vec<&'a str>,
        marked: Vec<bool>,
        encoder: &'a dyn InstructionEncoder,
        cli_target: Option<Target>,
    ) -> Asm<'a> {
        let bytes = lines.iter().map(|l| l.len() + 1).sum();
        Asm {
            file,
            lines,
            marked,
            encoder,
            cli_target,
            target: cli_target,
            target_loc: None,
            diags: Vec::new(),
            sections: vec![Section {
                name: ".text".into(),
                kind: SecKind::Text,
                data: Vec::new(),
                align: 1,
                first_data: None,
            }],
            cur: 0,
            prev: 0,
            stack: Vec::new(),
            symbols: HashMap::new(),
            next_order: 0,
            fixups: Vec::new(),
            data_fixups: Vec::new(),
            kernels: Vec::new(),
            block: Block::None,
            metadata: None,
            idents: Vec::new(),
            words: Vec::with_capacity(4),
            mentions: Vec::new(),
            mentioned: std::collections::HashSet::new(),
            code_relocs: Vec::new(),
            data_relocs: Vec::new(),
            listing: None,
            set_values: Default::default(),
            steps_left: std::cell::Cell::new(eval::file_eval_steps(bytes)),
            dropped: 0,
        }
    }
}

/// Strips `;`, `//`, `/* */` (tracking `in_block` across lines) and
/// line-start `#` comments outside strings, keeping byte offsets.
fn clean_line<'l>(line: &'l str, in_block: &mut bool) -> std::borrow::Cow<'l, str> {
    let b = line.as_bytes();
    if !*in_block && !b.iter().any(|c| matches!(c, b'/' | b';' | b'#' | b'"')) {
        return std::borrow::Cow::Borrowed(line);
    }
    let mut out = b.to_vec();
    let mut i = 0;
    let mut in_str = false;
    if !*in_block && line.trim_start().starts_with('#') {
        return std::borrow::Cow::Borrowed("");
    }
    while i < b.len() {
        if *in_block {
            if b[i] == b'*' && b.get(i + 1) == Some(&b'/') {
                out[i] = b' ';
                out[i + 1] = b' ';
                *in_block = false;
                i += 2;
            } else {
                out[i] = b' ';
                i += 1;
            }
            continue;
        }
        if in_str {
            if b[i] == b'\\' {
                i += 2;
                continue;
            }
            if b[i] == b'"' {
                in_str = false;
            }
            i += 1;
            continue;
        }
        match b[i] {
            b'"' => in_str = true,
            b';' => {
                out.truncate(i);
                break;
            }
            b'/' if b.get(i + 1) == Some(&b'/') => {
                out.truncate(i);
                break;
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                *in_block = true;
                out[i] = b' ';
                out[i + 1] = b' ';
                i += 2;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    // Only ASCII bytes were replaced by spaces, so this stays valid UTF-8
    // unless a multi-byte character was cut by a comment inside it, which
    // cannot happen: comment markers are ASCII.
    std::borrow::Cow::Owned(String::from_utf8_lossy(&out).into_owned())
}

fn align_up(v: u64, a: u64) -> u64 {
    v.div_ceil(a).saturating_mul(a)
}

impl<'a> Asm<'a> {
    /// Records an error. Hostile input can make one per line and quote
    /// huge tokens: messages are cut at [`super::MAX_MESSAGE`] bytes and
    /// past [`super::MAX_KEPT`] errors only the count is kept.
    fn error(&mut self, loc: Loc, msg: impl Into<String>) {
        if self.diags.len() >= super::MAX_KEPT {
            self.dropped += 1;
            return;
        }
        self.diags.push((loc, super::clip(msg.into())));
    }

    fn line_error(&mut self, line: usize, e: LineError) {
        self.error(line_loc(line, e.pos), e.message);
    }

    fn diagnostics(&self) -> Diagnostics {
        let mut diags: Vec<&(Loc, String)> = self.diags.iter().collect();
        diags.sort_by_key(|(l, _)| (l.line, l.pos));
        let diagnostic = |loc: Loc, message: String| {
            let src = self.lines.get(loc.line).copied().unwrap_or_default();
            let src = src.strip_suffix('\r').unwrap_or(src);
            let (source_line, column) = super::source_window(src, loc.pos);
            Diagnostic {
                file: self.file.to_string(),
                line: loc.line + 1,
                column,
                message,
                source_line,
            }
        };
        let mut out: Vec<Diagnostic> = diags
            .into_iter()
            .map(|(loc, msg)| diagnostic(*loc, msg.clone()))
            .collect();
        if self.dropped > 0 {
            let last = Loc {
                line: self.lines.len().saturating_sub(1),
                pos: 0,
            };
            out.push(diagnostic(
                last,
                format!(
                    "{} more errors after the first {} were not kept",
                    self.dropped,
                    super::MAX_KEPT
                ),
            ));
        }
        Diagnostics(out)
    }

    fn statements(&mut self) {
        let mut in_block_comment = false;
        for idx in 0..self.lines.len() {
            let raw = self.lines[idx];
            if let Block::Metadata { lines, .. } = &mut self.block {
                if raw.trim() != ".end_amdgpu_metadata" {
                    lines.push(idx);
                    continue;
                }
            }
            let cleaned = if in_block_comment || self.marked[idx] {
                clean_line(raw, &mut in_block_comment)
            } else {
                std::borrow::Cow::Borrowed(raw)
            };
            if let Err(e) = self.statement(idx, &cleaned) {
                self.line_error(idx, e);
            }
        }
        match std::mem::replace(&mut self.block, Block::None) {
            Block::Kernel(k) => {
                let loc = k.loc;
                self.error(
                    loc,
                    format!("`.amdhsa_kernel {}` has no `.end_amdhsa_kernel`", k.name),
                );
            }
            Block::Metadata { start, .. } => {
                self.error(start, "`.amdgpu_metadata` has no `.end_amdgpu_metadata`")
            }
            Block::None => {}
        }
    }

    fn statement(&mut self, line: usize, text: &str) -> LResult<()> {
        let mut c = Cursor::new(text, 0);
        if let Block::Kernel(_) = self.block {
            return self.kernel_directive(line, &mut c);
        }
        // Most lines are one instruction: a lowercase mnemonic that is no
        // label (`name:`) or assignment (`name =`), as the loop below
        // would find.
        let b = text.as_bytes();
        let space = |k: usize| matches!(b.get(k), Some(b' ' | b'\t' | b'\r' | b'\x0c' | b'\x0b'));
        let mut start = 0;
        while space(start) {
            start += 1;
        }
        if b.get(start).is_some_and(u8::is_ascii_lowercase) {
            let mut end = start + 1;
            while end < b.len() && lex::is_ident_char(b[end]) {
                end += 1;
            }
            let mut k = end;
            while space(k) {
                k += 1;
            }
            let label = b.get(end) == Some(&b':') && b.get(end + 1) != Some(&b':');
            let assign = b.get(k) == Some(&b'=') && b.get(k + 1) != Some(&b'=');
            if !label && !assign {
                c.pos = start;
                return self.instruction(line, &mut c);
            }
        }
        // Labels, possibly several on one line.
        loop {
            c.skip_ws();
            let save = c.pos;
            // Most statements start with a mnemonic: no allocation unless
            // the name turns out to be a label or an assignment.
            let name = if c.peek() == Some(b'"') {
                Some(c.symbol_name()?)
            } else {
                match c.ident() {
                    Some((s, p)) => {
                        let b = c.bytes();
                        let at = |k: usize| b.get(c.pos + k).copied();
                        let next = {
                            let mut k = 0;
                            while matches!(at(k), Some(b' ' | b'\t' | b'\r' | b'\x0c' | b'\x0b')) {
                                k += 1;
                            }
                            (at(0), at(1), at(k), at(k + 1))
                        };
                        let label = next.0 == Some(b':') && next.1 != Some(b':');
                        let assign = next.2 == Some(b'=') && next.3 != Some(b'=');
                        if label || assign {
                            Some((s.to_string(), p))
                        } else {
                            c.pos = save;
                            break;
                        }
                    }
                    None => None,
                }
            };
            let Some((name, pos)) = name else {
                c.pos = save;
                break;
            };
            if c.peek() == Some(b':') && c.peek_at(1) != Some(b':') {
                c.pos += 1;
                self.define_label(&name, Loc { line, pos });
                continue;
            }
            // `sym = expr`
            let after = c.pos;
            c.skip_ws();
            if c.peek() == Some(b'=') && c.peek_at(1) != Some(b'=') && !name.starts_with('.') {
                c.pos += 1;
                return self.assignment(line, &name, pos, &mut c);
            }
            c.pos = after;
            c.pos = save;
            break;
        }
        if c.at_end() {
            return Ok(());
        }
        if c.peek() == Some(b'.') {
            let (name, pos) = c.ident().unwrap_or((".", c.pos));
            return self.directive(line, &name.to_ascii_lowercase(), pos, &mut c);
        }
        self.instruction(line, &mut c)
    }

    fn mention(&mut self, name: &str) {
        if !self.mentioned.contains(name) {
            self.mentioned.insert(name.to_string());
            self.mentions.push(name.to_string());
        }
    }

    fn symbol(&mut self, name: &str) -> &mut Symbol {
        self.mention(name);
        self.symbols
            .entry(name.to_string())
            .or_insert_with(Symbol::new)
    }

    fn define_label(&mut self, name: &str, loc: Loc) {
        let (section, offset) = (self.cur, self.sections[self.cur].data.len() as u64);
        let order = self.next_order;
        let sym = self.symbol(name);
        if let Some(prev) = sym.def_loc {
            let msg = format!(
                "symbol `{name}` is already defined (first at line {})",
                prev.line + 1
            );
            self.error(loc, msg);
            return;
        }
        sym.def = Some(SymDef::Label { section, offset });
        sym.def_loc = Some(loc);
        sym.order = order;
        self.next_order += 1;
        if let Some(l) = &mut self.listing {
            l.push_str(name);
            l.push_str(":\n");
        }
    }

    fn here(&self) -> (usize, u64) {
        (self.cur, self.sections[self.cur].data.len() as u64)
    }

    fn assignment(&mut self, line: usize, name: &str, pos: usize, c: &mut Cursor) -> LResult<()> {
        let expr = parse_expr(c)?;
        c.expect_end()?;
        let loc = Loc { line, pos };
        let here = Some(self.here());
        let order = self.next_order;
        let sym = self.symbol(name);
        if let Some(SymDef::Label { .. }) = sym.def {
            let first = sym.def_loc.map(|l| l.line + 1).unwrap_or(0);
            return err(
                pos,
                format!("symbol `{name}` is already defined as a label (line {first})"),
            );
        }
        if sym.def.is_none() {
            sym.order = order;
        }
        let redefined = sym.def.is_some();
        sym.def = Some(SymDef::Set { expr, loc, here });
        sym.def_loc = Some(loc);
        self.next_order += 1;
        if redefined {
            // Values computed from the old definition are stale.
            self.set_values.get_mut().clear();
        }
        Ok(())
    }

    fn target_required(&self, pos: usize) -> LResult<Target> {
        self.target.ok_or_else(|| LineError {
            pos,
            message: "no target: give `--target <processor>` or start the file with \
                      `.amdgcn_target \"amdgcn-amd-amdhsa--<processor>\"`"
                .into(),
        })
    }

    fn instruction(&mut self, line: usize, c: &mut Cursor) -> LResult<()> {
        let start = c.pos;
        let text = c.rest();
        let target = self.target_required(start)?;
        let sec = &self.sections[self.cur];
        if sec.kind != SecKind::Text {
            return err(
                start,
                format!("instruction in non-code section `{}`", sec.name),
            );
        }
        let mut words = std::mem::take(&mut self.words);
        words.clear();
        let mut fixup = self.encoder.encode_into(target.processor, text, &mut words);
        // A bare name read as a symbol may be a `.set` constant, which
        // llvm-mc folds (an inline constant when it is one).
        let symbolic = matches!(&fixup,
            Ok(Some(f)) if matches!(f.kind, super::FixupKind::Rel32 | super::FixupKind::Abs32));
        if fixup.is_err() || symbolic {
            // A rejected line may hold expression operands (`1+1`, `.set`
            // symbols): retry with them folded, keeping the first error.
            if let Some(folded) = self.fold_operands(text) {
                let mut again = Vec::with_capacity(4);
                if let Ok(f) = self
                    .encoder
                    .encode_into(target.processor, &folded, &mut again)
                {
                    words = again;
                    fixup = Ok(f);
                }
            }
        }
        if self.listing.is_some() {
            if let Ok(f) = &fixup {
                let f = f.clone();
                self.list_instruction(target.processor, text, &words, f.as_ref());
            }
        }
        let result = self.place(line, start, text, fixup, &words);
        self.words = words;
        result
    }

    /// Append one encoded instruction to the current section and record
    /// its fixup.
    fn place(
        &mut self,
        line: usize,
        start: usize,
        text: &str,
        fixup: Result<Option<super::Fixup>, super::InstError>,
        words: &[u32],
    ) -> LResult<()> {
        let fixup = match fixup {
            Ok(f) => f,
            Err(e) => return err(start + e.column.min(text.len()), e.message),
        };
        if words.is_empty() {
            return err(start, "the instruction encoder returned no words");
        }
        let inst_offset = self.sections[self.cur].data.len() as u64;
        if let Some(f) = fixup {
            if f.offset as usize + 4 > words.len() * 4 {
                return err(start, "fixup lies outside the encoded instruction");
            }
            let sym_pos = text.find(f.symbol.as_str()).map_or(start, |p| start + p);
            self.mention(&f.symbol);
            self.fixups.push(PendingFixup {
                section: self.cur,
                inst_offset,
                fixup: f,
                loc: Loc { line, pos: start },
                sym_pos,
            });
        }
        let data = &mut self.sections[self.cur].data;
        for w in words {
            data.extend_from_slice(&w.to_le_bytes());
        }
        Ok(())
    }

    fn switch_section(&mut self, name: &str, loc: Loc) {
        self.prev = self.cur;
        if let Some(i) = self.sections.iter().position(|s| s.name == name) {
            self.cur = i;
            return;
        }
        let kind = match name {
            ".text" => SecKind::Text,
            ".rodata" => SecKind::Rodata,
            ".data.rel.ro" => SecKind::DataRelRo,
            ".data" => SecKind::Data,
            ".bss" => SecKind::Bss,
            _ if name.starts_with(".text.") => SecKind::Text,
            _ => SecKind::Other,
        };
        if kind == SecKind::Text && name != ".text" {
            self.error(
                loc,
                format!("section `{name}`: silk asm places all code in `.text`"),
            );
        }
        self.sections.push(Section {
            name: name.to_string(),
            kind,
            data: Vec::new(),
            align: 1,
            first_data: None,
        });
        self.cur = self.sections.len() - 1;
    }

    /// Append bytes to the current section, checking it may hold data.
    fn emit(&mut self, bytes: &[u8], loc: Loc) -> LResult<()> {
        let sec = &mut self.sections[self.cur];
        if sec.data.len() as u64 + bytes.len() as u64 > MAX_SECTION {
            return err(loc.pos, format!("section `{}` grows past 1 GiB", sec.name));
        }
        if sec.kind == SecKind::Bss && bytes.iter().any(|&b| b != 0) {
            return err(loc.pos, "`.bss` holds only zeros (it takes no file space)");
        }
        if sec.kind == SecKind::Other && sec.first_data.is_none() && !bytes.is_empty() {
            sec.first_data = Some(loc);
        }
        sec.data.extend_from_slice(bytes);
        Ok(())
    }

    fn align_to(
        &mut self,
        align: u64,
        fill: Option<(u64, usize)>,
        max: Option<u64>,
        loc: Loc,
    ) -> LResult<()> {
        let sec = &self.sections[self.cur];
        let len = sec.data.len() as u64;
        let pad = align_up(len, align) - len;
        if max.is_some_and(|m| pad > m) {
            return Ok(());
        }
        self.sections[self.cur].align = self.sections[self.cur].align.max(align);
        let mut bytes = Vec::with_capacity(pad as usize);
        match fill {
            Some((v, size)) => {
                // Partial leading units are zero-filled, as MC does.
                let units = pad / size as u64;
                bytes.resize((pad % size as u64) as usize, 0);
                for _ in 0..units {
                    bytes.extend_from_slice(&v.to_le_bytes()[..size]);
                }
            }
            None if self.sections[self.cur].kind == SecKind::Text => {
                bytes.resize((pad % 4) as usize, 0);
                for _ in 0..pad / 4 {
                    bytes.extend_from_slice(&S_NOP_0.to_le_bytes());
                }
            }
            None => bytes.resize(pad as usize, 0),
        }
        self.emit(&bytes, loc)
    }

    /// An absolute expression needed now (alignment, counts).
    fn abs_now(&self, c: &mut Cursor) -> LResult<i64> {
        let pos = {
            c.skip_ws();
            c.pos
        };
        let e = parse_expr(c)?;
        let here = self.here();
        match self.eval(&e, Some(here), &mut Vec::new()) {
            Ok(Val::Abs(v)) => Ok(v),
            Ok(Val::Rel(..)) => err(pos, "expected an absolute expression"),
            Err(e) => Err(e),
        }
    }

    fn directive(&mut self, line: usize, name: &str, pos: usize, c: &mut Cursor) -> LResult<()> {
        let loc = Loc { line, pos };
        match name {
            ".amdgcn_target" => {
                let spos = {
                    c.skip_ws();
                    c.pos
                };
                let s = c.string()?;
                c.expect_end()?;
                let id = s
                    .strip_prefix("amdgcn-amd-amdhsa--")
                    .ok_or_else(|| LineError {
                        pos: spos,
                        message: format!(
                            "target `{s}` is not an `amdgcn-amd-amdhsa--<processor>` target ID"
                        ),
                    })?;
                let t = Target::parse(id).map_err(|e| LineError {
                    pos: spos,
                    message: e.to_string(),
                })?;
                if let Some(cli) = self.cli_target {
                    if cli.processor != t.processor
                        || (cli.xnack != t.xnack && cli.xnack != FeatureSetting::Any)
                        || (cli.sramecc != t.sramecc && cli.sramecc != FeatureSetting::Any)
                    {
                        return err(
                            spos,
                            format!(
                                "`.amdgcn_target` says `{}` but --target is `{}`",
                                t.target_id(),
                                cli.target_id()
                            ),
                        );
                    }
                }
                if let (Some(prev), Some(pl)) = (self.target, self.target_loc) {
                    if prev != t {
                        return err(
                            spos,
                            format!(
                                "conflicting `.amdgcn_target`: `{}` was given at line {}",
                                prev.target_id(),
                                pl.line + 1
                            ),
                        );
                    }
                }
                // The wavefront size is not part of the target ID; keep
                // the default (kernels say theirs in their descriptors).
                self.target = Some(match self.cli_target {
                    Some(cli) => Target {
                        xnack: t.xnack,
                        sramecc: t.sramecc,
                        ..cli
                    },
                    None => t,
                });
                self.target_loc = Some(loc);
            }
            ".amdhsa_code_object_version" => {
                let v = self.abs_now(c)?;
                c.expect_end()?;
                if v != 6 {
                    return err(
                        pos,
                        format!("code object version {v} is not supported: silk writes version 6"),
                    );
                }
            }
            ".text" | ".data" | ".bss" | ".rodata" => {
                c.expect_end()?;
                self.switch_section(name, loc);
            }
            ".section" | ".pushsection" => {
                let (sname, _) = c.symbol_name()?;
                // Flags, type and entry size are accepted as written:
                // the writer derives every section header itself.
                let _ = c.rest();
                if name == ".pushsection" {
                    self.stack.push((self.cur, self.prev));
                }
                self.switch_section(&sname, loc);
            }
            ".popsection" => {
                c.expect_end()?;
                let Some((cur, prev)) = self.stack.pop() else {
                    return err(pos, "`.popsection` without `.pushsection`");
                };
                self.cur = cur;
                self.prev = prev;
            }
            ".previous" => {
                c.expect_end()?;
                std::mem::swap(&mut self.cur, &mut self.prev);
            }
            ".globl" | ".global" => {
                loop {
                    let (s, _) = c.symbol_name()?;
                    self.symbol(&s).global = Some(loc);
                    if !c.eat(b',') {
                        break;
                    }
                }
                c.expect_end()?;
            }
            ".protected" | ".hidden" | ".internal" | ".local" => {
                loop {
                    let (s, _) = c.symbol_name()?;
                    let sym = self.symbol(&s);
                    sym.protected = name == ".protected";
                    if !c.eat(b',') {
                        break;
                    }
                }
                c.expect_end()?;
            }
            ".weak" => return err(pos, "weak symbols are not supported in code objects"),
            ".type" => {
                let (s, _) = c.symbol_name()?;
                c.expect(b',', "`,` after the symbol name")?;
                c.skip_ws();
                let tpos = c.pos;
                if matches!(c.peek(), Some(b'@' | b'%')) {
                    c.pos += 1;
                }
                let (ty, _) = c.ident().ok_or_else(|| LineError {
                    pos: tpos,
                    message: "expected a symbol type such as `@function`".into(),
                })?;
                let ty = match ty {
                    "function" | "STT_FUNC" => SymType::Function,
                    "object" | "STT_OBJECT" => SymType::Object,
                    "notype" | "STT_NOTYPE" => SymType::NoType,
                    other => return err(tpos, format!("unsupported symbol type `{other}`")),
                };
                c.expect_end()?;
                self.symbol(&s).ty = ty;
            }
            ".size" => {
                let (s, _) = c.symbol_name()?;
                c.expect(b',', "`,` after the symbol name")?;
                let e = parse_expr(c)?;
                c.expect_end()?;
                let here = self.here();
                self.symbol(&s).size = Some((e, loc, Some(here)));
            }
            ".set" | ".equ" | ".equiv" => {
                let (s, spos) = c.symbol_name()?;
                c.expect(b',', "`,` after the symbol name")?;
                if name == ".equiv" && self.symbols.get(&s).is_some_and(|x| x.def.is_some()) {
                    return err(spos, format!("symbol `{s}` is already defined"));
                }
                return self.assignment(line, &s, spos, c);
            }
            ".byte" | ".short" | ".2byte" | ".hword" | ".value" | ".long" | ".4byte" | ".int"
            | ".word" | ".quad" | ".8byte" => {
                let size = match name {
                    ".byte" => 1,
                    ".short" | ".2byte" | ".hword" | ".value" => 2,
                    ".quad" | ".8byte" => 8,
                    _ => 4,
                };
                loop {
                    c.skip_ws();
                    let epos = c.pos;
                    let e = parse_expr(c)?;
                    let here = self.here();
                    let mut names = Vec::new();
                    expr_symbols(&e, &mut names);
                    for n in names {
                        self.mention(n);
                    }
                    self.data_fixups.push(DataFixup {
                        section: self.cur,
                        offset: here.1,
                        size,
                        expr: e,
                        loc: Loc { line, pos: epos },
                        here,
                    });
                    self.emit(&vec![0u8; size], loc)?;
                    if !c.eat(b',') {
                        break;
                    }
                }
                c.expect_end()?;
            }
            ".zero" | ".space" | ".skip" => {
                let n = self.abs_now(c)?;
                let fill = if c.eat(b',') { self.abs_now(c)? } else { 0 };
                c.expect_end()?;
                if !(0..=MAX_SECTION as i64).contains(&n) {
                    return err(pos, format!("`{name}` size {n} is out of range"));
                }
                self.emit(&vec![fill as u8; n as usize], loc)?;
            }
            ".fill" => {
                let n = self.abs_now(c)?;
                let size = if c.eat(b',') { self.abs_now(c)? } else { 1 };
                let value = if c.eat(b',') { self.abs_now(c)? } else { 0 };
                c.expect_end()?;
                if !(0..=8).contains(&size) {
                    return err(pos, "`.fill` size must be between 0 and 8");
                }
                if n < 0 || (n as u64).saturating_mul(size as u64) > MAX_SECTION {
                    return err(pos, format!("`.fill` count {n} is out of range"));
                }
                // GNU as: the value is at most 4 bytes wide, zero-extended.
                let v = (value as u64) & 0xffff_ffff;
                let mut bytes = Vec::with_capacity((n * size) as usize);
                for _ in 0..n {
                    bytes.extend_from_slice(&v.to_le_bytes()[..size as usize]);
                }
                self.emit(&bytes, loc)?;
            }
            ".ascii" | ".asciz" | ".string" => {
                loop {
                    let mut s = c.string()?.into_bytes();
                    if name != ".ascii" {
                        s.push(0);
                    }
                    self.emit(&s, loc)?;
                    if !c.eat(b',') {
                        break;
                    }
                }
                c.expect_end()?;
            }
            ".p2align" | ".p2alignw" | ".p2alignl" | ".balign" | ".balignw" | ".balignl"
            | ".align" => {
                let apos = {
                    c.skip_ws();
                    c.pos
                };
                let a = self.abs_now(c)?;
                let unit = match name {
                    ".p2alignw" | ".balignw" => 2,
                    ".p2alignl" | ".balignl" => 4,
                    _ => 1,
                };
                let mut fill = None;
                let mut max = None;
                if c.eat(b',') {
                    c.skip_ws();
                    if c.peek() != Some(b',') {
                        fill = Some((self.abs_now(c)? as u64, unit));
                    }
                    if c.eat(b',') {
                        max = Some(self.abs_now(c)?.max(0) as u64);
                    }
                }
                c.expect_end()?;
                let align = if name.starts_with(".p2align") {
                    if !(0..=16).contains(&a) {
                        return err(apos, "alignment must be between 2^0 and 2^16");
                    }
                    1u64 << a
                } else {
                    if a <= 0 || a > 1 << 16 || !(a as u64).is_power_of_two() {
                        return err(apos, "alignment must be a power of two up to 65536");
                    }
                    a as u64
                };
                let fill = match fill {
                    None if unit > 1 => Some((0, unit)),
                    f => f,
                };
                self.align_to(align, fill, max, loc)?;
            }
            ".ident" => {
                let s = c.string()?;
                c.expect_end()?;
                if !self.idents.contains(&s) {
                    self.idents.push(s);
                }
            }
            ".addrsig" => c.expect_end()?,
            ".addrsig_sym" => {
                let _ = c.symbol_name()?;
                c.expect_end()?;
            }
            ".file" => {
                let _ = c.rest();
            }
            ".amdhsa_kernel" => {
                let (kname, _) = c.symbol_name()?;
                c.expect_end()?;
                let sec = &self.sections[self.cur];
                if sec.kind != SecKind::Rodata {
                    return err(
                        pos,
                        format!(
                            "`.amdhsa_kernel` must be in `.rodata` (the current section is `{}`)",
                            sec.name
                        ),
                    );
                }
                if let Some(prev) = self.kernels.iter().find(|k| k.name == kname) {
                    return err(
                        pos,
                        format!(
                            "kernel `{kname}` already has a descriptor (line {})",
                            prev.loc.line + 1
                        ),
                    );
                }
                let offset = sec.data.len() as u64;
                self.emit(&[0u8; 64], loc)?;
                self.mention(&format!("{kname}.kd"));
                self.block = Block::Kernel(KernelBlock {
                    name: kname,
                    loc,
                    section: self.cur,
                    offset,
                    directives: Vec::new(),
                });
            }
            ".end_amdhsa_kernel" => {
                return err(pos, "`.end_amdhsa_kernel` without `.amdhsa_kernel`")
            }
            ".amdgpu_metadata" => {
                c.expect_end()?;
                if let Some((_, prev)) = &self.metadata {
                    return err(
                        pos,
                        format!(
                            "a second `.amdgpu_metadata` block (the first is at line {})",
                            prev.line + 1
                        ),
                    );
                }
                self.block = Block::Metadata {
                    start: loc,
                    lines: Vec::new(),
                };
            }
            ".end_amdgpu_metadata" => {
                c.expect_end()?;
                let Block::Metadata { start, lines } =
                    std::mem::replace(&mut self.block, Block::None)
                else {
                    return err(pos, "`.end_amdgpu_metadata` without `.amdgpu_metadata`");
                };
                let text: Vec<&str> = lines.iter().map(|&i| self.lines[i]).collect();
                match parse_yaml(&text) {
                    Ok(v) => self.metadata = Some((v, start)),
                    Err(e) => {
                        let line = lines.get(e.line).copied().unwrap_or(start.line);
                        self.error(
                            Loc {
                                line,
                                pos: e.column,
                            },
                            format!("metadata: {}", e.message),
                        );
                        self.metadata = Some((Value::Nil, start));
                    }
                }
            }
            _ => return err(pos, format!("unknown directive `{name}`")),
        }
        Ok(())
    }

    fn kernel_directive(&mut self, line: usize, c: &mut Cursor) -> LResult<()> {
        if c.at_end() {
            return Ok(());
        }
        let pos = c.pos;
        let Some((name, _)) = c.ident() else {
            return err(
                pos,
                "expected an `.amdhsa_` directive or `.end_amdhsa_kernel`",
            );
        };
        if name == ".end_amdhsa_kernel" {
            c.expect_end()?;
            if let Block::Kernel(k) = std::mem::replace(&mut self.block, Block::None) {
                self.kernels.push(k);
            }
            return Ok(());
        }
        let Some(short) = name.strip_prefix(".amdhsa_") else {
            return err(
                pos,
                format!("`{name}` is not allowed inside `.amdhsa_kernel`"),
            );
        };
        let Some(d) = KernelDirective::find(short) else {
            return err(pos, format!("unknown `.amdhsa_kernel` directive `{name}`"));
        };
        let target = self.target_required(pos)?;
        if !(d.available)(&target) {
            return err(
                pos,
                format!("`{name}` is not supported on {}", target.processor.name()),
            );
        }
        let e = parse_expr(c)?;
        c.expect_end()?;
        let Block::Kernel(k) = &mut self.block else {
            return Ok(());
        };
        if k.directives.iter().any(|(x, _, _)| x.name == d.name) {
            return err(
                pos,
                format!("`{name}` is given twice for kernel `{}`", k.name),
            );
        }
        k.directives.push((d, e, Loc { line, pos }));
        Ok(())
    }

    // ---- After the last statement ----

    fn finish(&mut self) -> Option<CodeObject> {
        let target = match self.target {
            Some(t) => t,
            None if self.diags.iter().any(|(_, m)| m.starts_with("no target")) => return None,
            None => {
                self.error(
                    Loc { line: 0, pos: 0 },
                    "no target: give `--target <processor>` or add `.amdgcn_target \"amdgcn-amd-amdhsa--<processor>\"`",
                );
                return None;
            }
        };
        // `.set` symbols: every one must evaluate.
        self.resolve_sets();
        let mut sets: Vec<(&String, &Symbol)> = self
            .symbols
            .iter()
            .filter(|(_, s)| matches!(s.def, Some(SymDef::Set { .. })))
            .collect();
        sets.sort_by_key(|(_, s)| s.order);
        let mut local_symbols = Vec::new();
        let mut local_orders = Vec::new();
        let mut errors = Vec::new();
        for (name, sym) in sets {
            let Some(SymDef::Set { expr, loc, here }) = &sym.def else {
                continue;
            };
            match self.eval(expr, *here, &mut vec![name.clone()]) {
                Ok(Val::Abs(v)) => {
                    if !name.starts_with(".L") {
                        local_symbols.push((name.clone(), v as u64));
                        local_orders.push(sym.order);
                    }
                }
                // A `.set` alias of a label: lld would keep it as a
                // section symbol; only absolute ones are written.
                Ok(Val::Rel(..)) => {}
                Err(e) => errors.push((
                    Loc {
                        line: loc.line,
                        pos: e.pos,
                    },
                    e.message,
                )),
            }
        }
        for (loc, message) in errors {
            self.error(loc, message);
        }

        self.apply_fixups();
        self.apply_data_fixups();
        let misplaced: Vec<(Loc, String)> = self
            .sections
            .iter()
            .filter_map(|s| Some((s.first_data?, s.name.clone())))
            .collect();
        for (loc, name) in misplaced {
            self.error(
                loc,
                format!("section `{name}` cannot hold data in a code object written by silk"),
            );
        }

        let text = std::mem::take(&mut self.sections[0].data);
        let text_align = self.sections[0].align;
        let kernel_names: Vec<String> = self.kernels.iter().map(|k| k.name.clone()).collect();
        let kernels = self.kernel_configs(&target, &text);
        let functions = self.functions(&text, &kernel_names);
        let (rodata, cuid, data) = self.data_sections(&kernel_names);
        let metadata = self.metadata(&target);
        let (kernels, functions, rodata, metadata) = (kernels?, functions?, rodata?, metadata?);
        if !self.diags.is_empty() {
            return None;
        }
        let mut comment = vec![format!("Silk asm {}", env!("CARGO_PKG_VERSION"))];
        comment.extend(self.idents.iter().cloned());
        // lld keeps the input's symbol order: a function sits after the
        // `.set` symbols defined before it.
        let slots: Vec<usize> = functions
            .iter()
            .map(|(f, _)| {
                let order = self.symbols.get(&f.name).map_or(0, |s| s.order);
                local_orders.iter().filter(|&&o| o < order).count()
            })
            .collect();
        let image = TextImage {
            bytes: text,
            align: text_align.max(4),
            kernel_offsets: kernels.iter().map(|(_, o)| *o).collect(),
            function_offsets: functions.iter().map(|(_, o)| *o).collect(),
        };
        Some(CodeObject {
            target,
            functions: functions.into_iter().map(|(f, _)| f).collect(),
            kernels: kernels.into_iter().map(|(k, _)| k).collect(),
            rodata,
            metadata,
            link: LinkInfo {
                comment,
                cuid_symbol: cuid,
                local_symbols,
                function_symbol_slots: Some(slots),
                text: Some(image),
                data,
            },
        })
    }

    fn apply_fixups(&mut self) {
        let fixups = std::mem::take(&mut self.fixups);
        for f in &fixups {
            let fx = &f.fixup;
            let at = Loc {
                line: f.loc.line,
                pos: f.sym_pos,
            };
            if matches!(fx.kind, FixupKind::Abs32Lo | FixupKind::Abs32Hi) {
                // llvm-mc 22 emits R_AMDGPU_ABS32_LO/HI, which ld.lld 22
                // does not link ("unknown relocation"): no code object
                // clang + lld write holds one.
                self.error(
                    at,
                    format!(
                        "`{}@abs32@..`: ld.lld 22 cannot link R_AMDGPU_ABS32_LO/HI into a code object; use `@rel32@lo`/`@rel32@hi`",
                        fx.symbol
                    ),
                );
                continue;
            }
            let v = match self.eval_symbol(&fx.symbol, f.sym_pos, &mut Vec::new()) {
                Ok(v) => v,
                Err(e) => {
                    self.error(at, e.message);
                    continue;
                }
            };
            let (sec, off) = match v {
                // `sym-N` is absolute (llvm-mc 22 resolves it against a
                // constant; ld.lld 22 cannot link R_AMDGPU_ABS32 against
                // an address into a shared object).
                Val::Abs(value) if fx.kind == FixupKind::Abs32 => {
                    let at = (f.inst_offset + fx.offset as u64) as usize;
                    let v = value.wrapping_add(fx.addend) as u32;
                    self.sections[f.section].data[at..at + 4].copy_from_slice(&v.to_le_bytes());
                    continue;
                }
                Val::Rel(..) if fx.kind == FixupKind::Abs32 => {
                    self.error(
                        at,
                        format!(
                            "`{}{:+}` is an absolute address (R_AMDGPU_ABS32), which ld.lld 22 cannot link into a code object",
                            fx.symbol, fx.addend
                        ),
                    );
                    continue;
                }
                Val::Rel(sec, off) => (sec, off),
                // A `.set` constant defined after its use: llvm-mc 22
                // encodes the PC-relative literal (R_AMDGPU_REL32 against
                // `*ABS*`), which lld resolves to `S + A - P`.
                Val::Abs(value) if fx.kind != FixupKind::SoppBranch => {
                    self.code_relocs.push(crate::code_object::CodeReloc {
                        offset: f.inst_offset + fx.offset as u64,
                        half: match fx.kind {
                            FixupKind::Rel32Hi => crate::code_object::Rel32Half::Hi,
                            _ => crate::code_object::Rel32Half::Lo,
                        },
                        target: None,
                        target_offset: value.wrapping_add(fx.addend),
                    });
                    continue;
                }
                Val::Abs(_) => {
                    self.error(at, format!("`{}` is not an address in `.text`", fx.symbol));
                    continue;
                }
            };
            if sec != f.section {
                let half = match fx.kind {
                    // lld writes the low 32 bits of `S + A - P` for both.
                    FixupKind::Rel32Lo | FixupKind::Rel32 => crate::code_object::Rel32Half::Lo,
                    FixupKind::Rel32Hi => crate::code_object::Rel32Half::Hi,
                    FixupKind::Abs32
                    | FixupKind::Abs32Lo
                    | FixupKind::Abs32Hi
                    | FixupKind::SoppBranch => {
                        self.error(
                            at,
                            format!(
                                "branch target `{}` is in `{}`, not in the code",
                                fx.symbol, self.sections[sec].name
                            ),
                        );
                        continue;
                    }
                };
                let Some(target) = self.link_section(sec) else {
                    self.error(
                        at,
                        format!(
                            "`{}` is in `{}`, which a code object written by silk does not hold",
                            fx.symbol, self.sections[sec].name
                        ),
                    );
                    continue;
                };
                if let Err(m) = self.non_preemptible(&fx.symbol) {
                    self.error(at, m);
                    continue;
                }
                self.code_relocs.push(crate::code_object::CodeReloc {
                    offset: f.inst_offset + fx.offset as u64,
                    half,
                    target: Some(target),
                    target_offset: off.wrapping_add(fx.addend),
                });
                continue;
            }
            let p = f.inst_offset as i64 + fx.offset as i64;
            let target = off.wrapping_add(fx.addend);
            let field_at = p as usize;
            let data = &mut self.sections[f.section].data;
            match fx.kind {
                FixupKind::SoppBranch => {
                    let delta = target - (f.inst_offset as i64 + 4);
                    if delta % 4 != 0 {
                        self.error(
                            at,
                            format!("branch target `{}` is not 4-byte aligned", fx.symbol),
                        );
                        continue;
                    }
                    let words = delta / 4;
                    if !(i16::MIN as i64..=i16::MAX as i64).contains(&words) {
                        self.error(
                            at,
                            format!(
                                "branch target `{}` is out of range: {words} dwords away (a branch reaches -32768..32767)",
                                fx.symbol
                            ),
                        );
                        continue;
                    }
                    let field = (words as i16 as u16).to_le_bytes();
                    data[field_at] = field[0];
                    data[field_at + 1] = field[1];
                }
                FixupKind::Abs32 | FixupKind::Abs32Lo | FixupKind::Abs32Hi => {}
                FixupKind::Rel32Lo | FixupKind::Rel32Hi | FixupKind::Rel32 => {
                    let delta = target.wrapping_sub(p) as u64;
                    let v = if fx.kind != FixupKind::Rel32Hi {
                        delta as u32
                    } else {
                        (delta >> 32) as u32
                    };
                    data[field_at..field_at + 4].copy_from_slice(&v.to_le_bytes());
                }
            }
        }
    }

    fn apply_data_fixups(&mut self) {
        let fixups = std::mem::take(&mut self.data_fixups);
        for f in &fixups {
            let v = match self.eval(&f.expr, Some(f.here), &mut Vec::new()) {
                Ok(Val::Abs(v)) => v,
                Ok(Val::Rel(sec, off)) => {
                    if let Err(m) = self.data_pointer(f, sec, off) {
                        self.error(f.loc, m);
                    }
                    continue;
                }
                Err(e) => {
                    self.error(
                        Loc {
                            line: f.loc.line,
                            pos: e.pos,
                        },
                        e.message,
                    );
                    continue;
                }
            };
            if f.size < 8 {
                let bits = 8 * f.size as u32;
                let fits_unsigned = (v as u64) >> bits == 0;
                let fits_signed = v >= -(1i64 << (bits - 1)) && v < 0;
                if !fits_unsigned && !fits_signed {
                    self.error(f.loc, format!("value {v} does not fit in {} bytes", f.size));
                    continue;
                }
            }
            if v != 0 && self.sections[f.section].kind == SecKind::Bss {
                self.error(f.loc, "`.bss` holds only zeros (it takes no file space)");
                continue;
            }
            let bytes = (v as u64).to_le_bytes();
            let at = f.offset as usize;
            self.sections[f.section].data[at..at + f.size].copy_from_slice(&bytes[..f.size]);
        }
    }

    fn symbol_size(&mut self, name: &str) -> Option<u64> {
        let (e, loc, here) = self.symbols.get(name)?.size.clone()?;
        match self.eval(&e, here, &mut Vec::new()) {
            Ok(Val::Abs(v)) if v >= 0 => Some(v as u64),
            Ok(_) => {
                self.error(
                    loc,
                    format!("the size of `{name}` is not a non-negative constant"),
                );
                None
            }
            Err(er) => {
                self.error(
                    Loc {
                        line: loc.line,
                        pos: er.pos,
                    },
                    er.message,
                );
                None
            }
        }
    }

    /// The text offset of a label in `.text`, or an error at `loc`.
    fn code_label(&mut self, name: &str, loc: Loc, what: &str) -> Option<u64> {
        match self.symbols.get(name).and_then(|s| s.def.clone()) {
            Some(SymDef::Label { section: 0, offset }) => Some(offset),
            Some(_) => {
                self.error(loc, format!("{what} `{name}` is not a label in `.text`"));
                None
            }
            None => {
                self.error(
                    loc,
                    format!("{what} `{name}` has no code: define the label `{name}:` in `.text`"),
                );
                None
            }
        }
    }

    fn code_slice(&mut self, text: &[u8], name: &str, offset: u64, loc: Loc) -> Option<Vec<u8>> {
        let size = self.symbol_size(name).unwrap_or(0);
        let end = offset.checked_add(size).filter(|&e| e <= text.len() as u64);
        match end {
            Some(end) if size % 4 == 0 => Some(text[offset as usize..end as usize].to_vec()),
            _ => {
                self.error(
                    loc,
                    format!("`.size` of `{name}` ({size} bytes) does not fit the code after it"),
                );
                None
            }
        }
    }

    fn kernel_configs(&mut self, target: &Target, text: &[u8]) -> Option<Vec<(Kernel, u64)>> {
        let blocks = std::mem::take(&mut self.kernels);
        let mut out = Vec::new();
        let mut ok = true;
        for (i, k) in blocks.iter().enumerate() {
            if k.section != blocks[0].section || k.offset != 64 * i as u64 {
                self.error(
                    k.loc,
                    "kernel descriptors must be the first data in `.rodata`, one after another at \
                     64-byte boundaries (put `.p2align 6` before each `.amdhsa_kernel`)",
                );
                ok = false;
                continue;
            }
            let config = self.kernel_config(target, k);
            let offset = self.code_label(&k.name, k.loc, "kernel");
            let (Some(config), Some(offset)) = (config, offset) else {
                ok = false;
                continue;
            };
            if self
                .symbols
                .get(&k.name)
                .is_some_and(|s| s.global.is_none())
            {
                self.error(
                    k.loc,
                    format!(
                        "kernel `{}` must be global: add `.globl {}`",
                        k.name, k.name
                    ),
                );
                ok = false;
                continue;
            }
            let Some(code) = self.code_slice(text, &k.name, offset, k.loc) else {
                ok = false;
                continue;
            };
            out.push((
                Kernel {
                    name: k.name.clone(),
                    code,
                    config,
                },
                offset,
            ));
        }
        ok.then_some(out)
    }

    fn kernel_config(&mut self, target: &Target, k: &KernelBlock) -> Option<KernelConfig> {
        let mut c = KernelConfig::assembler_defaults(target);
        let mut ok = true;
        for (d, e, loc) in &k.directives {
            let v = match self.eval(e, None, &mut Vec::new()) {
                Ok(Val::Abs(v)) => v,
                Ok(Val::Rel(..)) => {
                    self.error(*loc, format!("`.amdhsa_{}` needs a constant value", d.name));
                    ok = false;
                    continue;
                }
                Err(er) => {
                    self.error(
                        Loc {
                            line: loc.line,
                            pos: er.pos,
                        },
                        er.message,
                    );
                    ok = false;
                    continue;
                }
            };
            if v < 0 || v as u64 > d.max {
                self.error(
                    *loc,
                    format!(
                        "`.amdhsa_{}` value {v} is out of range (0 to {})",
                        d.name, d.max
                    ),
                );
                ok = false;
                continue;
            }
            (d.set)(&mut c, v as u64);
        }
        let has = |n: &str| k.directives.iter().any(|(d, _, _)| d.name == n);
        let mut required = vec!["next_free_vgpr", "next_free_sgpr"];
        if is_gfx90a_class(target.processor) {
            required.push("accum_offset");
        }
        for r in required {
            if !has(r) {
                self.error(k.loc, format!("kernel `{}` needs `.amdhsa_{r}`", k.name));
                ok = false;
            }
        }
        let at = |n: &str| {
            k.directives
                .iter()
                .find(|(d, _, _)| d.name == n)
                .map_or(k.loc, |(_, _, l)| *l)
        };
        if is_gfx90a_class(target.processor)
            && has("accum_offset")
            && (c.accum_offset % 4 != 0 || c.accum_offset < 4)
        {
            self.error(
                at("accum_offset"),
                "`.amdhsa_accum_offset` must be a multiple of 4 from 4 to 256",
            );
            ok = false;
        }
        if let Some(n) = c.user_sgpr_count {
            if n < c.implied_user_sgpr_count() {
                self.error(
                    at("user_sgpr_count"),
                    format!(
                        "`.amdhsa_user_sgpr_count` {n} is smaller than the {} user SGPRs the enabled `.amdhsa_user_sgpr_*` directives need",
                        c.implied_user_sgpr_count()
                    ),
                );
                ok = false;
            }
        }
        if has("reserve_xnack_mask") {
            let want = matches!(target.xnack, FeatureSetting::On | FeatureSetting::Any);
            if c.reserve_xnack_mask != want && target.xnack != FeatureSetting::Unsupported {
                self.error(
                    at("reserve_xnack_mask"),
                    format!(
                        "`.amdhsa_reserve_xnack_mask` must match the target's xnack setting ({})",
                        target.target_id()
                    ),
                );
                ok = false;
            }
        }
        if target.processor.generation() == Generation::Gfx11 && !has("wavefront_size32") {
            c.wavefront_size32 = target.wavefront_size == 32;
        }
        ok.then_some(c)
    }

    fn functions(
        &mut self,
        text: &[u8],
        kernel_names: &[String],
    ) -> Option<Vec<(DeviceFunction, u64)>> {
        let mut funcs: Vec<(String, Loc, usize)> = self
            .symbols
            .iter()
            .filter(|(n, s)| s.ty == SymType::Function && !kernel_names.contains(n))
            .map(|(n, s)| {
                let loc = s
                    .def_loc
                    .or(s.size.as_ref().map(|x| x.1))
                    .unwrap_or(Loc { line: 0, pos: 0 });
                (n.clone(), loc, s.order)
            })
            .collect();
        funcs.sort_by_key(|f| f.2);
        let mut out = Vec::new();
        let mut ok = true;
        for (name, loc, _) in funcs {
            if let Some(g) = self.symbols.get(&name).and_then(|s| s.global) {
                self.error(
                    g,
                    format!("`{name}` is a global function without a kernel descriptor: code objects export only kernels"),
                );
                ok = false;
                continue;
            }
            let Some(offset) = self.code_label(&name, loc, "function") else {
                ok = false;
                continue;
            };
            let Some(code) = self.code_slice(text, &name, offset, loc) else {
                ok = false;
                continue;
            };
            out.push((DeviceFunction { name, code }, offset));
        }
        ok.then_some(out)
    }

    fn metadata(&mut self, target: &Target) -> Option<Metadata> {
        let Some((mut v, loc)) = self.metadata.take() else {
            return Some(Metadata::new(target));
        };
        if v == Value::Nil {
            return None;
        }
        if let Err(m) = coerce(&mut v, Schema::Root) {
            self.error(loc, format!("invalid metadata: {m}"));
            return None;
        }
        match Metadata::from_value(&v) {
            Ok(m) => {
                if m.target != target.target_id() {
                    self.error(
                        loc,
                        format!(
                            "metadata `amdhsa.target` is `{}` but the target is `{}`",
                            m.target,
                            target.target_id()
                        ),
                    );
                    return None;
                }
                Some(m)
            }
            Err(e) => {
                self.error(loc, format!("invalid metadata: {e}"));
                None
            }
        }
    }
}

fn line_loc(line: usize, pos: usize) -> Loc {
    Loc { line, pos }
}

fn expr_pos(e: &Expr) -> usize {
    match e {
        Expr::Sym(_, p) | Expr::Here(p) | Expr::Binary(_, _, _, p) | Expr::Call(_, _, p) => *p,
        Expr::Unary(_, a) => expr_pos(a),
        Expr::Num(_) => 0,
    }
}

#[derive(Clone, Copy)]
enum Schema {
    Root,
    Kernel,
    Arg,
    Int,
    Bool,
    IntList,
    Other,
}

/// LLVM's metadata verifier (non-strict, as the assembler runs it) turns
/// string scalars into the integer or boolean a known key expects (in
/// place: the document is not rebuilt).
fn coerce(v: &mut Value, schema: Schema) -> Result<(), String> {
    let key_schema = |parent: Schema, key: &str| match (parent, key) {
        (Schema::Root, "amdhsa.kernels") => Schema::Kernel,
        (Schema::Root, "amdhsa.version") => Schema::IntList,
        (Schema::Kernel, ".args") => Schema::Arg,
        (Schema::Kernel, ".uses_dynamic_stack") => Schema::Bool,
        (Schema::Kernel, ".reqd_workgroup_size" | ".workgroup_size_hint" | ".language_version") => {
            Schema::IntList
        }
        (
            Schema::Kernel,
            ".kernarg_segment_size"
            | ".kernarg_segment_align"
            | ".group_segment_fixed_size"
            | ".private_segment_fixed_size"
            | ".wavefront_size"
            | ".sgpr_count"
            | ".vgpr_count"
            | ".agpr_count"
            | ".sgpr_spill_count"
            | ".vgpr_spill_count"
            | ".max_flat_workgroup_size"
            | ".uniform_work_group_size"
            | ".workgroup_processor_mode",
        ) => Schema::Int,
        (Schema::Arg, ".offset" | ".size" | ".pointee_align") => Schema::Int,
        (Schema::Arg, ".is_const" | ".is_restrict" | ".is_volatile" | ".is_pipe") => Schema::Bool,
        _ => Schema::Other,
    };
    let typed = match (schema, &mut *v) {
        (Schema::Root | Schema::Arg | Schema::Kernel, Value::Map(entries)) => {
            for (k, val) in entries {
                let s = match k.as_str() {
                    Some(key) => key_schema(schema, key),
                    None => Schema::Other,
                };
                coerce(val, s)?;
            }
            return Ok(());
        }
        (Schema::Kernel | Schema::Arg | Schema::IntList, Value::Array(items)) => {
            let item = match schema {
                Schema::IntList => Schema::Int,
                s => s,
            };
            return items.iter_mut().try_for_each(|i| coerce(i, item));
        }
        (Schema::Int, Value::Str(s)) => match infer(s) {
            v @ (Value::UInt(_) | Value::Int(_)) => v,
            _ => return Err(format!("`{s}` is not an integer")),
        },
        (Schema::Bool, Value::Str(s)) => match super::yaml::parse_bool(s) {
            Some(b) => Value::Bool(b),
            None => return Err(format!("`{s}` is not a boolean")),
        },
        (Schema::Root, _) => return Err("the document is not a mapping".into()),
        _ => return Ok(()),
    };
    *v = typed;
    Ok(())
}
