//! The `-show-encoding` listing: one instruction as llvm-mc prints it.

use super::{Asm, FixupKind};

impl Asm<'_> {
    /// One instruction of the `-show-encoding` listing: the canonical text
    /// (decoded back from the bytes; as written when a field is a fixup,
    /// which llvm-mc prints symbolically), the bytes, and the fixup.
    pub(super) fn list_instruction(
        &mut self,
        processor: crate::target::Processor,
        text: &str,
        words: &[u32],
        fixup: Option<&crate::asm::Fixup>,
    ) {
        let Some(out) = &mut self.listing else {
            return;
        };
        out.push('\t');
        let start = out.len();
        // The instruction decoded back from its bytes and printed (so
        // implied fields such as a true16 `op_sel` show as llvm-mc shows
        // them); as written when a field is a fixup (llvm-mc prints it
        // symbolically).
        // A symbol literal (the last dword) decodes as a sentinel value
        // whose printed text is then replaced by the symbol expression.
        const SENTINEL: u32 = 0x5eed_f1c5;
        let symbol_literal = fixup.filter(|f| f.kind != FixupKind::SoppBranch);
        let decoded = match fixup {
            None => crate::isa::decode::decode(processor, words)
                .ok()
                .filter(|(_, n)| *n == words.len()),
            Some(_) if symbol_literal.is_some() && words.len() >= 2 => {
                let mut w = words.to_vec();
                *w.last_mut().unwrap_or(&mut 0) = SENTINEL;
                crate::isa::decode::decode(processor, &w)
                    .ok()
                    .filter(|(_, n)| *n == words.len())
            }
            Some(_) => None,
        };
        let decoded = decoded.and_then(|(inst, n)| {
            let Some(f) = symbol_literal else {
                return Some((inst, n, String::new()));
            };
            let mut t = String::new();
            crate::isa::print::print(processor, &inst, &mut t);
            let hex = format!("{SENTINEL:#x}");
            (t.matches(&hex).count() == 1).then(|| (inst, n, t.replace(&hex, &fixup_value(f))))
        });
        match decoded {
            Some((_, _, symbolic)) if !symbolic.is_empty() => out.push_str(&symbolic),
            Some((inst, _, _)) => {
                crate::isa::print::print(processor, &inst, out);
                // GFX11 SMEM without an SGPR offset: LLVM's disassembler
                // prints the absent soffset as `null` (what our printer
                // follows), but llvm-mc's assembler keeps the `_IMM` form
                // and prints the zero offset `0x0`.
                let last = text.rsplit(',').next().unwrap_or("").trim();
                if processor.generation() == crate::target::Generation::Gfx11
                    && out[start..].starts_with("s_")
                    && out.ends_with(", null")
                    && last != "null"
                    && words.len() == 2
                    && words[1] == 0xf800_0000
                {
                    out.truncate(out.len() - "null".len());
                    out.push_str("0x0");
                }
            }
            None => {
                let t = text.trim();
                let (mnemonic, ops) = t.split_once(char::is_whitespace).unwrap_or((t, ""));
                out.push_str(mnemonic);
                let ops = ops.split_whitespace().collect::<Vec<_>>().join(" ");
                if !ops.is_empty() {
                    out.push(' ');
                    out.push_str(&ops);
                }
            }
        }
        // llvm-mc pads the text to 40 columns before the comment.
        let width = out.len() - start;
        out.extend(std::iter::repeat_n(
            ' ',
            40usize.saturating_sub(width).max(1),
        ));
        out.push_str("; encoding: [");
        let patched = fixup.map(|f| match f.kind {
            FixupKind::SoppBranch => f.offset as usize..f.offset as usize + 2,
            _ => f.offset as usize..f.offset as usize + 4,
        });
        for (i, b) in words.iter().flat_map(|w| w.to_le_bytes()).enumerate() {
            if i > 0 {
                out.push(',');
            }
            if patched.as_ref().is_some_and(|r| r.contains(&i)) {
                out.push('A');
            } else {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                out.push_str("0x");
                out.push(HEX[(b >> 4) as usize] as char);
                out.push(HEX[(b & 0xf) as usize] as char);
            }
        }
        out.push_str("]\n");
        if let Some(f) = fixup {
            let kind = match f.kind {
                FixupKind::SoppBranch => "fixup_si_sopp_br",
                FixupKind::Abs32 | FixupKind::Abs32Lo | FixupKind::Abs32Hi => "FK_Data_4",
                _ => "FK_PCRel_4",
            };
            let value = fixup_value(f);
            out.extend(std::iter::repeat_n(' ', 40));
            out.push_str(&format!(
                ";   fixup A - offset: {}, value: {value}, kind: {kind}\n",
                f.offset
            ));
        }
    }
}

/// A fixup's value as llvm-mc prints it: `sym`, `sym@rel32@lo+4`, `sym-8`.
fn fixup_value(f: &crate::asm::Fixup) -> String {
    let variant = match f.kind {
        FixupKind::Rel32Lo => "@rel32@lo",
        FixupKind::Rel32Hi => "@rel32@hi",
        FixupKind::Abs32Lo => "@abs32@lo",
        FixupKind::Abs32Hi => "@abs32@hi",
        FixupKind::SoppBranch | FixupKind::Rel32 | FixupKind::Abs32 => "",
    };
    let addend = match f.addend {
        0 => String::new(),
        a if a > 0 => format!("+{a}"),
        a => format!("-{}", a.unsigned_abs()),
    };
    format!("{}{variant}{addend}", f.symbol)
}
