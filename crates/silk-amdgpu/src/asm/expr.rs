//! Symbol expressions as LLVM MC parses and folds them in GNU mode, plus
//! the AMDGPU functions LLVM 22 prints in resource directives
//! (`max`, `or`, `alignto`, `totalnumvgprs`, `extrasgprs`).
//!
//! Checked against llvm-mc 22: binary precedence (low to high) `||`,
//! `&&`, comparisons, `+ -`, `| ^ & !` (or-not), `* / % << >>`; all
//! left-associative; `>>` is a logical shift; a true comparison is -1 and
//! `&&`/`||` give 1; `/` and `%` are signed and truncate.

use super::lex::{err, is_ident_char, is_ident_start, Cursor, LResult};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnOp {
    Neg,
    Not,
    LNot,
    Plus,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    LOr,
    LAnd,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Add,
    Sub,
    Or,
    Xor,
    And,
    OrNot,
    Mul,
    Div,
    Mod,
    Shl,
    Shr,
}

impl BinOp {
    fn precedence(self) -> u8 {
        use BinOp::*;
        match self {
            LOr => 1,
            LAnd => 2,
            Eq | Ne | Lt | Le | Gt | Ge => 3,
            Add | Sub => 4,
            Or | Xor | And | OrNot => 5,
            Mul | Div | Mod | Shl | Shr => 6,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Func {
    Max,
    Or,
    AlignTo,
    TotalNumVgprs,
    ExtraSgprs,
}

impl Func {
    fn from_name(name: &str) -> Option<Func> {
        Some(match name {
            "max" => Func::Max,
            "or" => Func::Or,
            "alignto" => Func::AlignTo,
            "totalnumvgprs" => Func::TotalNumVgprs,
            "extrasgprs" => Func::ExtraSgprs,
            _ => return None,
        })
    }
}

/// An expression tree; `pos` fields are byte offsets in the line, for
/// errors found when the expression is evaluated later.
#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    Num(i64),
    Sym(String, usize),
    /// `.`: the location counter where the expression was written.
    Here(usize),
    Unary(UnOp, Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>, usize),
    Call(Func, Vec<Expr>, usize),
}

/// Nesting limit for parsing (stops stack exhaustion on `((((...`).
const MAX_DEPTH: usize = 200;
/// Height limit of a parsed tree: a flat `1+1+...` parses in a loop but
/// makes a left-deep tree, which evaluating and dropping walk
/// recursively, so 50,000 terms would overflow the stack.
pub const MAX_HEIGHT: usize = 1000;

/// The height of `e` (1 for a leaf); trees are built under
/// [`MAX_HEIGHT`], so the recursion is bounded.
fn height(e: &Expr) -> usize {
    match e {
        Expr::Num(_) | Expr::Sym(..) | Expr::Here(_) => 1,
        Expr::Unary(_, a) => height(a) + 1,
        Expr::Binary(_, a, b, _) => height(a).max(height(b)) + 1,
        Expr::Call(_, args, _) => args.iter().map(height).max().unwrap_or(0) + 1,
    }
}

pub fn parse_expr(c: &mut Cursor) -> LResult<Expr> {
    parse_binary(c, 1, 0)
}

fn peek_binop(c: &mut Cursor) -> Option<(BinOp, usize)> {
    c.skip_ws();
    let b0 = c.peek()?;
    let b1 = c.peek_at(1);
    use BinOp::*;
    Some(match (b0, b1) {
        (b'|', Some(b'|')) => (LOr, 2),
        (b'&', Some(b'&')) => (LAnd, 2),
        (b'=', Some(b'=')) => (Eq, 2),
        (b'!', Some(b'=')) => (Ne, 2),
        (b'<', Some(b'>')) => (Ne, 2),
        (b'<', Some(b'=')) => (Le, 2),
        (b'>', Some(b'=')) => (Ge, 2),
        (b'<', Some(b'<')) => (Shl, 2),
        (b'>', Some(b'>')) => (Shr, 2),
        (b'<', _) => (Lt, 1),
        (b'>', _) => (Gt, 1),
        (b'+', _) => (Add, 1),
        (b'-', _) => (Sub, 1),
        (b'|', _) => (Or, 1),
        (b'^', _) => (Xor, 1),
        (b'&', _) => (And, 1),
        (b'!', _) => (OrNot, 1),
        (b'*', _) => (Mul, 1),
        (b'/', _) => (Div, 1),
        (b'%', _) => (Mod, 1),
        _ => return None,
    })
}

fn parse_binary(c: &mut Cursor, min_prec: u8, depth: usize) -> LResult<Expr> {
    let mut lhs = parse_unary(c, depth)?;
    let mut lhs_height = height(&lhs);
    loop {
        let Some((op, len)) = peek_binop(c) else {
            return Ok(lhs);
        };
        if op.precedence() < min_prec {
            return Ok(lhs);
        }
        let pos = c.pos;
        c.pos += len;
        let rhs = parse_binary(c, op.precedence() + 1, depth + 1)?;
        lhs_height = lhs_height.max(height(&rhs)) + 1;
        if lhs_height > MAX_HEIGHT {
            return err(
                pos,
                format!(
                    "expression has more than {MAX_HEIGHT} nested operations; split it with `.set`"
                ),
            );
        }
        lhs = Expr::Binary(op, Box::new(lhs), Box::new(rhs), pos);
    }
}

fn parse_unary(c: &mut Cursor, depth: usize) -> LResult<Expr> {
    if depth > MAX_DEPTH {
        return err(c.pos, "expression nested too deeply");
    }
    c.skip_ws();
    let op = match c.peek() {
        Some(b'-') => UnOp::Neg,
        Some(b'~') => UnOp::Not,
        Some(b'!') => UnOp::LNot,
        Some(b'+') => UnOp::Plus,
        _ => return parse_primary(c, depth),
    };
    c.pos += 1;
    Ok(Expr::Unary(op, Box::new(parse_unary(c, depth + 1)?)))
}

fn parse_primary(c: &mut Cursor, depth: usize) -> LResult<Expr> {
    c.skip_ws();
    let start = c.pos;
    match c.peek() {
        Some(b'(') => {
            c.pos += 1;
            let e = parse_binary(c, 1, depth + 1)?;
            c.expect(b')', "`)`")?;
            Ok(e)
        }
        Some(b'0'..=b'9') => parse_number(c).map(Expr::Num),
        Some(b'\'') => parse_char(c).map(Expr::Num),
        Some(b'.') if !c.peek_at(1).is_some_and(is_ident_char) => {
            c.pos += 1;
            Ok(Expr::Here(start))
        }
        Some(b'"') => {
            let (name, _) = c.symbol_name()?;
            Ok(Expr::Sym(name, start))
        }
        Some(b) if is_ident_start(b) => {
            let (name, _) = c.ident().unwrap_or(("", start));
            if c.peek() == Some(b'@') {
                return err(
                    c.pos,
                    "symbol variants (`@...`) are only valid in instruction operands",
                );
            }
            c.skip_ws();
            if c.peek() == Some(b'(') {
                let Some(func) = Func::from_name(name) else {
                    return err(start, format!("unknown function `{name}` in expression"));
                };
                c.pos += 1;
                let mut args = Vec::new();
                if !c.eat(b')') {
                    loop {
                        args.push(parse_binary(c, 1, depth + 1)?);
                        if c.eat(b')') {
                            break;
                        }
                        c.expect(b',', "`,` or `)`")?;
                    }
                }
                let want = match func {
                    Func::AlignTo | Func::TotalNumVgprs => Some(2),
                    Func::ExtraSgprs => Some(3),
                    Func::Max | Func::Or => None,
                };
                if let Some(n) = want {
                    if args.len() != n {
                        return err(start, format!("`{name}` takes {n} arguments"));
                    }
                } else if args.is_empty() {
                    return err(start, format!("`{name}` needs at least one argument"));
                }
                return Ok(Expr::Call(func, args, start));
            }
            Ok(Expr::Sym(name.to_string(), start))
        }
        _ => err(start, "expected an expression"),
    }
}

/// Integer literals as LLVM lexes them: decimal, `0x` hex, `0b` binary,
/// leading-`0` octal; wrapping to 64 bits is an error as in llvm-mc.
pub fn parse_number(c: &mut Cursor) -> LResult<i64> {
    let start = c.pos;
    let b = c.bytes();
    let (radix, mut i) = match (b.get(start), b.get(start + 1)) {
        (Some(b'0'), Some(b'x' | b'X')) => (16, start + 2),
        (Some(b'0'), Some(b'b' | b'B'))
            if b.get(start + 2).is_some_and(|d| matches!(d, b'0' | b'1')) =>
        {
            (2, start + 2)
        }
        (Some(b'0'), Some(b'0'..=b'9')) => (8, start + 1),
        _ => (10, start),
    };
    let digits_start = i;
    let mut v: u64 = 0;
    while let Some(&d) = b.get(i) {
        let Some(dv) = (d as char).to_digit(36) else {
            break;
        };
        if dv >= radix {
            if d.is_ascii_alphanumeric() {
                return err(i, format!("invalid digit `{}` in number", d as char));
            }
            break;
        }
        v = match v
            .checked_mul(radix as u64)
            .and_then(|v| v.checked_add(dv as u64))
        {
            Some(v) => v,
            None => return err(start, "integer literal does not fit in 64 bits"),
        };
        i += 1;
    }
    if i == digits_start {
        return err(start, "expected digits in number");
    }
    if b.get(i)
        .is_some_and(|&d| d.is_ascii_alphabetic() || d == b'_')
    {
        return err(i, "invalid character in number");
    }
    c.pos = i;
    Ok(v as i64)
}

fn parse_char(c: &mut Cursor) -> LResult<i64> {
    let start = c.pos;
    let b = c.bytes();
    let (v, len) = match (b.get(start + 1), b.get(start + 2), b.get(start + 3)) {
        (Some(b'\\'), Some(e), Some(b'\'')) => {
            let v = match e {
                b'n' => b'\n',
                b't' => b'\t',
                b'r' => b'\r',
                b'0' => 0,
                b'\\' => b'\\',
                b'\'' => b'\'',
                b'"' => b'"',
                _ => return err(start, "unsupported escape in character literal"),
            };
            (v, 4)
        }
        (Some(&ch), Some(b'\''), _) if ch != b'\\' => (ch, 3),
        _ => return err(start, "malformed character literal"),
    };
    c.pos = start + len;
    Ok(v as i64)
}

/// Apply a binary operator to two absolute values (LLVM's
/// `MCBinaryExpr` folding in GNU mode).
pub fn fold(op: BinOp, l: i64, r: i64) -> Result<i64, &'static str> {
    use BinOp::*;
    let t = |b: bool| if b { -1 } else { 0 };
    Ok(match op {
        LOr => (l != 0 || r != 0) as i64,
        LAnd => (l != 0 && r != 0) as i64,
        Eq => t(l == r),
        Ne => t(l != r),
        Lt => t(l < r),
        Le => t(l <= r),
        Gt => t(l > r),
        Ge => t(l >= r),
        Add => l.wrapping_add(r),
        Sub => l.wrapping_sub(r),
        Or => l | r,
        Xor => l ^ r,
        And => l & r,
        OrNot => l | !r,
        Mul => l.wrapping_mul(r),
        Div => {
            if r == 0 {
                return Err("division by zero");
            }
            l.wrapping_div(r)
        }
        Mod => {
            if r == 0 {
                return Err("division by zero");
            }
            l.wrapping_rem(r)
        }
        Shl => {
            if !(0..64).contains(&r) {
                return Err("shift amount out of range");
            }
            l.wrapping_shl(r as u32)
        }
        Shr => {
            if !(0..64).contains(&r) {
                return Err("shift amount out of range");
            }
            ((l as u64) >> r) as i64
        }
    })
}

pub fn fold_unary(op: UnOp, v: i64) -> i64 {
    match op {
        UnOp::Neg => v.wrapping_neg(),
        UnOp::Not => !v,
        UnOp::LNot => (v == 0) as i64,
        UnOp::Plus => v,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(s: &str) -> i64 {
        fn go(e: &Expr) -> i64 {
            match e {
                Expr::Num(v) => *v,
                Expr::Unary(op, a) => fold_unary(*op, go(a)),
                Expr::Binary(op, a, b, _) => fold(*op, go(a), go(b)).unwrap(),
                Expr::Call(Func::Max, args, _) => args.iter().map(go).max().unwrap(),
                Expr::Call(Func::Or, args, _) => args.iter().map(go).fold(0, |a, b| a | b),
                other => panic!("unexpected {other:?}"),
            }
        }
        let mut c = Cursor::new(s, 0);
        let e = parse_expr(&mut c).unwrap();
        assert!(c.at_end(), "{s}: trailing text");
        go(&e)
    }

    #[test]
    fn folds_like_llvm_mc_22() {
        // Values read back from llvm-mc 22 `.set` symbols.
        assert_eq!(eval("1+2<<3"), 0x11);
        assert_eq!(eval("6 & 3 + 1"), 3);
        assert_eq!(eval("1 | 2 == 2"), 0);
        assert_eq!(eval("5 - 2 - 1"), 2);
        assert_eq!(eval("2 * 3 + 4 & 7"), 10);
        assert_eq!(eval("1 + 2 * 3 == 7 && 0 || 1"), 1);
        assert_eq!(eval("8 | 3 ^ 1"), 10);
        assert_eq!(eval("-7 / 2"), -3);
        assert_eq!(eval("-7 % 2"), -1);
        assert_eq!(eval("-8 >> 1"), 0x7fff_ffff_ffff_fffc);
        assert_eq!(eval("~0 != -1"), 0);
        assert_eq!(eval("1 < 2 + 0"), -1);
        assert_eq!(eval("max(3, 9, 2) + or(0, 4)"), 13);
        assert_eq!(eval("12 ! 5"), -2);
        assert_eq!(eval("0x10 + 0b101 + 017 + 'a'"), 0x85);
    }

    #[test]
    fn rejects_malformed_numbers_and_calls() {
        for bad in [
            "0x",
            "09",
            "12abc",
            "foo(1)",
            "alignto(1)",
            "max()",
            "(1",
            "1 +",
            "'ab'",
        ] {
            let mut c = Cursor::new(bad, 0);
            let r = parse_expr(&mut c).and_then(|_| c.expect_end());
            assert!(r.is_err(), "{bad} should be rejected");
        }
        let deep = "(".repeat(10_000);
        assert!(parse_expr(&mut Cursor::new(&deep, 0)).is_err());
        // A flat chain is a deep tree: past the limit, a located error.
        let long = "1".to_string() + &"+1".repeat(50_000);
        let e = parse_expr(&mut Cursor::new(&long, 0)).unwrap_err();
        assert!(e.message.contains("nested operations"), "{}", e.message);
        assert_eq!(e.pos, 2 * MAX_HEIGHT - 1);
        let ok = "1".to_string() + &"+1".repeat(MAX_HEIGHT - 1);
        assert_eq!(eval(&ok), MAX_HEIGHT as i64);
        let unary = "-".repeat(MAX_HEIGHT) + "1";
        assert!(parse_expr(&mut Cursor::new(&unary, 0)).is_err());
    }
}
