//! Operand expressions. llvm-mc folds an absolute expression wherever an
//! instruction takes an immediate: `s_mov_b32 s0, 1+1`, a `.set` symbol,
//! `x+4`, `(x)`, `-x`, `1<<10`, `offset:x*4`, `vmcnt(x-10)`, with the
//! result encoded as any other number (an inline constant when it is
//! one). The instruction parser reads plain numbers only, so a line it
//! rejects is retried with such operands folded to their decimal values.
//! Expressions over symbols not defined yet, or over addresses, are left
//! as written (and rejected by the parser).

use super::super::expr::{parse_expr, Expr};
use super::super::lex::Cursor;
use super::{expr_symbols, Asm, SymDef, Val};

/// Byte ranges of the parts of `s` separated by `sep` outside brackets.
fn split_top(s: &str, sep: impl Fn(u8) -> bool) -> Vec<(usize, usize)> {
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    for (i, &b) in s.as_bytes().iter().enumerate() {
        match b {
            b'(' | b'[' => depth += 1,
            b')' | b']' => depth -= 1,
            _ if depth == 0 && sep(b) => {
                parts.push((start, i));
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push((start, s.len()));
    parts
}

impl Asm<'_> {
    /// The decimal value of `s` when it is, as a whole, an absolute
    /// expression (plain numbers included: folding `0x10` to `16` on a
    /// retry changes nothing).
    fn fold_expr(&self, s: &str) -> Option<String> {
        let t = s.trim();
        // (`--1` is the instruction parser's to read: an error on a float
        // source, as llvm-mc 22 reads it, `1` elsewhere.)
        if t.is_empty() || t.starts_with("--") {
            return None;
        }
        let mut c = Cursor::new(t, 0);
        let e = parse_expr(&mut c).ok()?;
        if !c.at_end() {
            return None;
        }
        // A bare name that is no `.set` constant (a register such as
        // `vcc`, a modifier such as `off`) fails to evaluate: left as is.
        match self.eval(&e, Some(self.here()), &mut Vec::new()).ok()? {
            // llvm-mc folds a difference of labels only at layout, through
            // a 4-byte fixup: it always takes a 32-bit literal.
            Val::Abs(v) if self.involves_label(&e) => Some(format!("lit({v})")),
            Val::Abs(v) => Some(v.to_string()),
            Val::Rel(..) => None,
        }
    }

    /// Whether `e` refers to a label or `.`, directly or through `.set`
    /// symbols.
    fn involves_label(&self, e: &Expr) -> bool {
        let mut todo = vec![e];
        let mut seen = 0usize;
        while let Some(e) = todo.pop() {
            seen += 1;
            if seen > 10_000 {
                return true;
            }
            if contains_here(e) {
                return true;
            }
            let mut names = Vec::new();
            expr_symbols(e, &mut names);
            for n in names {
                match self.symbols.get(n).and_then(|s| s.def.as_ref()) {
                    Some(SymDef::Label { .. }) => return true,
                    Some(SymDef::Set { expr, .. }) => todo.push(expr),
                    None => {}
                }
            }
        }
        false
    }

    /// `text` (one instruction) with its expression operands folded, or
    /// `None` when there is nothing to fold.
    pub(super) fn fold_operands(&self, text: &str) -> Option<String> {
        let lead = text.len() - text.trim_start().len();
        let ops_at = text[lead..]
            .find(|c: char| c.is_whitespace())
            .map_or(text.len(), |i| lead + i);
        let ops = &text[ops_at..];
        let mut out = String::with_capacity(text.len());
        out.push_str(&text[..ops_at]);
        let mut changed = false;
        let mut last = 0;
        let mut replace = |out: &mut String, from: usize, to: usize, with: &str| {
            out.push_str(&ops[last..from]);
            out.push_str(with);
            last = to;
            changed = true;
        };
        for (a, b) in split_top(ops, |c| c == b',') {
            let piece = &ops[a..b];
            if let Some(v) = self.fold_expr(piece) {
                let lead = piece.len() - piece.trim_start().len();
                let end = a + piece.trim_end().len();
                replace(&mut out, a + lead, end, &v);
                continue;
            }
            // Space-separated words: `off offset:x*4`, `vmcnt(x) lgkmcnt(0)`.
            for (wa, wb) in split_top(piece, |c| c == b' ' || c == b'\t') {
                let word = &piece[wa..wb];
                let at = a + wa;
                if let Some(v) = self.fold_expr(word) {
                    replace(&mut out, at, at + word.len(), &v);
                } else if let Some(colon) = word.find(':').filter(|&k| {
                    k > 0
                        && word[..k]
                            .bytes()
                            .all(|c| c.is_ascii_alphanumeric() || c == b'_')
                }) {
                    let rest = &word[colon + 1..];
                    if let Some(v) = self.fold_expr(rest) {
                        replace(&mut out, at + colon + 1, at + word.len(), &v);
                    }
                } else if let (Some(open), true) = (word.find('('), word.ends_with(')')) {
                    let inner = &word[open + 1..word.len() - 1];
                    for (ia, ib) in split_top(inner, |c| c == b',') {
                        if let Some(v) = self.fold_expr(&inner[ia..ib]) {
                            let arg = &inner[ia..ib];
                            let lead = arg.len() - arg.trim_start().len();
                            let s = at + open + 1 + ia + lead;
                            replace(&mut out, s, s + arg.trim().len(), &v);
                        }
                    }
                }
            }
        }
        if !changed {
            return None;
        }
        out.push_str(&ops[last..]);
        Some(out)
    }
}

/// Whether `e` uses the location counter `.`.
fn contains_here(e: &Expr) -> bool {
    let mut stack = vec![e];
    while let Some(e) = stack.pop() {
        match e {
            Expr::Here(_) => return true,
            Expr::Unary(_, a) => stack.push(a),
            Expr::Binary(_, l, r, _) => {
                stack.push(l);
                stack.push(r);
            }
            Expr::Call(_, args, _) => stack.extend(args.iter()),
            Expr::Num(_) | Expr::Sym(..) => {}
        }
    }
    false
}
