//! The `.sir` parser. It never panics: every problem is a [`ParseError`]
//! pointing at a line and column.

use std::collections::HashMap;
use std::fmt;

use crate::amdgpu::AmdgpuOp;
use crate::eval::f64_to_f16;
use crate::ir::{
    infer_result_types, AtomicOp, BinOp, Block, CmpPred, Function, FunctionKind, Geometry, Inst,
    Module, Op, UnOp, Value, ValueData,
};
use crate::matrix::MatrixOp;
use crate::types::{AddrSpace, Dim, Elem, Type};

/// Deepest nesting of `if`/`loop` regions the parser accepts.
pub const MAX_NESTING: usize = 128;

/// A parse error with its position (1-based line and column, in chars).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub file: String,
    pub line: usize,
    pub col: usize,
    pub message: String,
    /// The offending source line, for the caret display.
    pub source_line: String,
}

impl fmt::Display for ParseError {
    /// `file:line:col: error: message`, then the line and a caret under the
    /// column.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{}:{}:{}: error: {}",
            self.file, self.line, self.col, self.message
        )?;
        writeln!(f, "{}", self.source_line)?;
        let pad: String = self
            .source_line
            .chars()
            .take(self.col.saturating_sub(1))
            .map(|c| if c == '\t' { '\t' } else { ' ' })
            .collect();
        write!(f, "{pad}^")
    }
}

impl std::error::Error for ParseError {}

/// A token; names and literals borrow the source text.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Tok<'s> {
    /// `%name`
    Val(&'s str),
    /// `@name`
    Func(&'s str),
    Ident(&'s str),
    Num(&'s str),
    LParen,
    RParen,
    LBrace,
    RBrace,
    Lt,
    Gt,
    Comma,
    Colon,
    Eq,
    Arrow,
    Eof,
}

impl Tok<'_> {
    fn describe(&self) -> String {
        match self {
            Tok::Val(n) => format!("`%{n}`"),
            Tok::Func(n) => format!("`@{n}`"),
            Tok::Ident(n) => format!("`{n}`"),
            Tok::Num(n) => format!("number `{n}`"),
            Tok::LParen => "`(`".into(),
            Tok::RParen => "`)`".into(),
            Tok::LBrace => "`{`".into(),
            Tok::RBrace => "`}`".into(),
            Tok::Lt => "`<`".into(),
            Tok::Gt => "`>`".into(),
            Tok::Comma => "`,`".into(),
            Tok::Colon => "`:`".into(),
            Tok::Eq => "`=`".into(),
            Tok::Arrow => "`->`".into(),
            Tok::Eof => "end of file".into(),
        }
    }
}

#[derive(Clone, Debug)]
struct Token<'s> {
    tok: Tok<'s>,
    line: usize,
    col: usize,
}

fn is_name_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c == b'.'
}

/// Raw (line, col, message) error before the file name is attached.
type RawErr = (usize, usize, String);

/// Splits `src` into tokens. Every token is ASCII; other characters are
/// allowed only in comments and as white space. Columns count characters.
fn lex(src: &str) -> Result<Vec<Token<'_>>, RawErr> {
    let b = src.as_bytes();
    let mut tokens = Vec::with_capacity(src.len() / 4);
    let (mut i, mut line, mut col) = (0usize, 1usize, 1usize);
    // The end of the run of name characters from `j`.
    let name_end = |mut j: usize| {
        while j < b.len() && is_name_char(b[j]) {
            j += 1;
        }
        j
    };
    while i < b.len() {
        let c = b[i];
        let (tl, tc) = (line, col);
        // The token and the byte after it.
        let (tok, next) = match c {
            b'\n' => {
                i += 1;
                line += 1;
                col = 1;
                continue;
            }
            b'/' if b.get(i + 1) == Some(&b'/') => {
                let end = src[i..].find('\n').map_or(b.len(), |n| i + n);
                col += src[i..end].chars().count();
                i = end;
                continue;
            }
            b'%' | b'@' => {
                let j = name_end(i + 1);
                if j == i + 1 {
                    let what = if c == b'%' { "value" } else { "function" };
                    let c = c as char;
                    return Err((tl, tc, format!("expected a {what} name after `{c}`")));
                }
                let name = &src[i + 1..j];
                (
                    if c == b'%' {
                        Tok::Val(name)
                    } else {
                        Tok::Func(name)
                    },
                    j,
                )
            }
            c if c.is_ascii_alphabetic() || c == b'_' => {
                let j = name_end(i);
                (Tok::Ident(&src[i..j]), j)
            }
            b'-' if b.get(i + 1) == Some(&b'>') => (Tok::Arrow, i + 2),
            c if c.is_ascii_digit() || c == b'-' || c == b'+' => {
                let hex = c == b'0' && matches!(b.get(i + 1), Some(b'x' | b'X'));
                let mut j = i + 1;
                while j < b.len() {
                    let d = b[j];
                    let exp_sign = !hex
                        && (d == b'-' || d == b'+')
                        && matches!(b[j - 1], b'e' | b'E')
                        && j >= 2
                        && b[j - 2].is_ascii_digit();
                    if is_name_char(d) || exp_sign {
                        j += 1;
                    } else {
                        break;
                    }
                }
                if j == i + 1 && !c.is_ascii_digit() {
                    return Err((tl, tc, format!("unexpected `{}`", c as char)));
                }
                (Tok::Num(&src[i..j]), j)
            }
            b'(' => (Tok::LParen, i + 1),
            b')' => (Tok::RParen, i + 1),
            b'{' => (Tok::LBrace, i + 1),
            b'}' => (Tok::RBrace, i + 1),
            b'<' => (Tok::Lt, i + 1),
            b'>' => (Tok::Gt, i + 1),
            b',' => (Tok::Comma, i + 1),
            b':' => (Tok::Colon, i + 1),
            b'=' => (Tok::Eq, i + 1),
            _ => {
                // `i` is on a character boundary: every token is ASCII.
                let ch = src[i..].chars().next().unwrap_or('\0');
                if !ch.is_whitespace() {
                    return Err((tl, tc, format!("unexpected character {ch:?}")));
                }
                i += ch.len_utf8();
                col += 1;
                continue;
            }
        };
        tokens.push(Token {
            tok,
            line: tl,
            col: tc,
        });
        col += next - i;
        i = next;
    }
    tokens.push(Token {
        tok: Tok::Eof,
        line,
        col,
    });
    Ok(tokens)
}

/// Parse a `.sir` module. `file` is only used in error messages.
pub fn parse_module(file: &str, src: &str) -> Result<Module, ParseError> {
    let mk = |(line, col, message): RawErr| ParseError {
        file: file.to_string(),
        line,
        col,
        message,
        source_line: src
            .lines()
            .nth(line.saturating_sub(1))
            .unwrap_or("")
            .to_string(),
    };
    let tokens = lex(src).map_err(mk)?;
    let mut p = Parser {
        toks: &tokens,
        pos: 0,
        sigs: HashMap::new(),
        f: None,
        depth: 0,
    };
    p.scan_signatures();
    p.module().map_err(mk)
}

struct FnState<'s> {
    values: Vec<ValueData>,
    names: HashMap<&'s str, Value>,
}

struct Parser<'s> {
    toks: &'s [Token<'s>],
    pos: usize,
    sigs: HashMap<&'s str, Vec<Type>>,
    f: Option<FnState<'s>>,
    depth: usize,
}

type PResult<T> = Result<T, RawErr>;

impl<'s> Parser<'s> {
    fn peek(&self) -> &Tok<'s> {
        match self.toks.get(self.pos) {
            Some(t) => &t.tok,
            None => &Tok::Eof,
        }
    }

    fn here(&self) -> (usize, usize) {
        match self.toks.get(self.pos).or(self.toks.last()) {
            Some(t) => (t.line, t.col),
            None => (1, 1),
        }
    }

    fn err<T>(&self, msg: impl Into<String>) -> PResult<T> {
        let (l, c) = self.here();
        Err((l, c, msg.into()))
    }

    /// The next word as one of `all`, by `keyword`; otherwise an error
    /// that says `what` was expected.
    fn one_of<T: Copy>(
        &mut self,
        all: &[T],
        keyword: fn(T) -> &'static str,
        what: &str,
    ) -> PResult<T> {
        let found = match self.peek() {
            Tok::Ident(w) => all.iter().copied().find(|&x| keyword(x) == *w),
            _ => None,
        };
        let Some(x) = found else {
            return self.err(format!("expected {what}, found {}", self.peek().describe()));
        };
        self.advance();
        Ok(x)
    }

    fn bump(&mut self) -> Tok<'s> {
        let t = *self.peek();
        self.advance();
        t
    }

    /// [`Parser::bump`] without the token.
    fn advance(&mut self) {
        if self.pos < self.toks.len() {
            self.pos += 1;
        }
    }

    fn expect(&mut self, t: Tok<'s>, ctx: &str) -> PResult<()> {
        if *self.peek() == t {
            self.advance();
            Ok(())
        } else {
            self.err(format!(
                "expected {} {ctx}, found {}",
                t.describe(),
                self.peek().describe()
            ))
        }
    }

    fn eat(&mut self, t: &Tok<'s>) -> bool {
        if self.peek() == t {
            self.advance();
            true
        } else {
            false
        }
    }

    fn is_kw(&self, kw: &str) -> bool {
        matches!(self.peek(), Tok::Ident(w) if *w == kw)
    }

    fn expect_kw(&mut self, kw: &str, ctx: &str) -> PResult<()> {
        if self.is_kw(kw) {
            self.advance();
            Ok(())
        } else {
            self.err(format!(
                "expected `{kw}` {ctx}, found {}",
                self.peek().describe()
            ))
        }
    }

    /// First pass: collect every function's result types so that calls to
    /// functions defined later can be typed. Errors are left for the main
    /// pass, which reports them in place.
    fn scan_signatures(&mut self) {
        let mut depth = 0i64;
        let mut i = 0;
        while i < self.toks.len() {
            match &self.toks[i].tok {
                Tok::LBrace => depth += 1,
                Tok::RBrace => depth -= 1,
                Tok::Ident(w) if depth == 0 && (*w == "kernel" || *w == "func") => {
                    self.pos = i;
                    self.f = Some(FnState {
                        values: vec![],
                        names: HashMap::new(),
                    });
                    if let Ok((_, name, _, results)) = self.header() {
                        self.sigs.entry(name).or_insert(results);
                    }
                    // Resume scanning right after the keyword; braces are
                    // counted as they come.
                }
                _ => {}
            }
            i += 1;
        }
        self.pos = 0;
        self.f = None;
    }

    fn module(&mut self) -> PResult<Module> {
        let mut m = Module::new();
        let mut seen: HashMap<String, ()> = HashMap::new();
        while *self.peek() != Tok::Eof {
            let (l, c) = self.here();
            let f = self.function()?;
            if seen.insert(f.name.clone(), ()).is_some() {
                return Err((l, c, format!("function @{} is defined twice", f.name)));
            }
            m.functions.push(f);
        }
        Ok(m)
    }

    fn ty(&mut self) -> PResult<Type> {
        if self.eat(&Tok::Lt) {
            // `<N x elem>`
            let at = self.here();
            let n = self.u32_lit("a vector length")?;
            self.expect_kw("x", "between the vector length and element type")?;
            let e = self.one_of(
                &Elem::ALL,
                Elem::keyword,
                "a vector element type (f32, u32, f16 or bf16)",
            )?;
            self.expect(Tok::Gt, "to close the vector type")?;
            let t = Type::Vec(e, n.min(255) as u8);
            if n > 255 {
                return Err((at.0, at.1, format!("vector length {n} is too large")));
            }
            crate::ir::check_type(t).map_err(|m| (at.0, at.1, m))?;
            return Ok(t);
        }
        let t = match self.peek() {
            Tok::Ident(w) => match *w {
                "bool" => Type::Bool,
                "i32" => Type::I32,
                "u32" => Type::U32,
                "i64" => Type::I64,
                "u64" => Type::U64,
                "f16" => Type::F16,
                "f32" => Type::F32,
                "f64" => Type::F64,
                "ptr" => {
                    self.advance();
                    self.expect(Tok::Lt, "after `ptr`")?;
                    let a = match self.peek() {
                        Tok::Ident(w) if *w == "global" => AddrSpace::Global,
                        Tok::Ident(w) if *w == "lds" => AddrSpace::Lds,
                        Tok::Ident(w) if *w == "const" => AddrSpace::Const,
                        t => {
                            return self.err(format!(
                                "expected an address space (global, lds or const), found {}",
                                t.describe()
                            ))
                        }
                    };
                    self.advance();
                    self.expect(Tok::Gt, "to close `ptr<...`")?;
                    return Ok(Type::Ptr(a));
                }
                _ => return self.err(format!("unknown type `{w}` (expected bool, i32, u32, i64, u64, f16, f32, f64, ptr<...> or <N x elem>)")),
            },
            t => return self.err(format!("expected a type, found {}", t.describe())),
        };
        self.advance();
        Ok(t)
    }

    fn type_list(&mut self) -> PResult<Vec<Type>> {
        let mut ts = vec![self.ty()?];
        while self.eat(&Tok::Comma) {
            ts.push(self.ty()?);
        }
        Ok(ts)
    }

    fn state(&mut self) -> PResult<&mut FnState<'s>> {
        let here = self.here();
        match self.f.as_mut() {
            Some(s) => Ok(s),
            None => Err((here.0, here.1, "internal: no function being parsed".into())),
        }
    }

    /// Define a new value named by the current `%name` token.
    fn define(&mut self, name: &'s str, ty: Type) -> PResult<Value> {
        let (l, c) = self.here();
        let st = self.state()?;
        if st.names.contains_key(name) {
            return Err((l, c, format!("value %{name} is defined twice")));
        }
        let v = Value(st.values.len() as u32);
        let is_number = name.chars().all(|c| c.is_ascii_digit());
        if !is_number && !name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') {
            return Err((
                l,
                c,
                format!("value name %{name} must be a number or start with a letter or `_`"),
            ));
        }
        st.values.push(ValueData {
            ty,
            name: if is_number {
                None
            } else {
                Some(name.to_string())
            },
        });
        st.names.insert(name, v);
        Ok(v)
    }

    fn val_name(&mut self, ctx: &str) -> PResult<&'s str> {
        match *self.peek() {
            Tok::Val(n) => {
                self.advance();
                Ok(n)
            }
            t => self.err(format!(
                "expected a value (`%name`) {ctx}, found {}",
                t.describe()
            )),
        }
    }

    /// A use of an already-defined value.
    fn use_val(&mut self, ctx: &str) -> PResult<Value> {
        self.use_val_in(|| ctx.to_string())
    }

    /// [`Parser::use_val`] with the context worded only for an error.
    fn use_val_in(&mut self, ctx: impl FnOnce() -> String) -> PResult<Value> {
        let (l, c) = self.here();
        let Tok::Val(n) = self.peek() else {
            return self.err(format!(
                "expected a value (`%name`) {}, found {}",
                ctx(),
                self.peek().describe()
            ));
        };
        // As a name is read, then looked up (the position after it for
        // the internal error).
        let found = self.f.as_ref().map(|st| st.names.get(n).copied());
        let undefined = match found {
            Some(None) => format!("use of undefined value %{n}"),
            _ => String::new(),
        };
        self.advance();
        match found {
            Some(Some(v)) => Ok(v),
            Some(None) => Err((l, c, undefined)),
            None => self.state().map(|_| Value(0)),
        }
    }

    fn use_list(&mut self, ctx: &str) -> PResult<Vec<Value>> {
        let mut vs = vec![self.use_val(ctx)?];
        while self.eat(&Tok::Comma) {
            vs.push(self.use_val(ctx)?);
        }
        Ok(vs)
    }

    /// Optional value list that ends at a line break: terminators carry
    /// their operands on the same line.
    fn opt_use_list_same_line(&mut self, line: usize, ctx: &str) -> PResult<Vec<Value>> {
        let same_line = self.toks.get(self.pos).map(|t| t.line) == Some(line);
        if same_line && matches!(self.peek(), Tok::Val(_)) {
            self.use_list(ctx)
        } else {
            Ok(vec![])
        }
    }

    fn ty_of(&self, v: Value) -> Option<Type> {
        self.f.as_ref()?.values.get(v.index()).map(|d| d.ty)
    }

    #[allow(clippy::type_complexity)]
    fn header(&mut self) -> PResult<(FunctionKind, &'s str, Vec<Value>, Vec<Type>)> {
        let kind = if self.is_kw("kernel") {
            FunctionKind::Kernel
        } else if self.is_kw("func") {
            FunctionKind::Device
        } else {
            return self.err(format!(
                "expected `kernel` or `func`, found {}",
                self.peek().describe()
            ));
        };
        self.advance();
        let name = match self.bump() {
            Tok::Func(n) => n,
            t => {
                self.pos = self.pos.saturating_sub(1);
                return self.err(format!(
                    "expected a function name (`@name`), found {}",
                    t.describe()
                ));
            }
        };
        self.expect(Tok::LParen, "to open the parameter list")?;
        let mut params = vec![];
        if !self.eat(&Tok::RParen) {
            loop {
                let save = self.pos;
                let n = self.val_name("as a parameter")?;
                self.expect(Tok::Colon, "after the parameter name")?;
                let t = self.ty()?;
                let here = self.pos;
                self.pos = save;
                let v = self.define(n, t)?;
                self.pos = here;
                params.push(v);
                if self.eat(&Tok::RParen) {
                    break;
                }
                self.expect(Tok::Comma, "or `)` in the parameter list")?;
            }
        }
        let results = if self.eat(&Tok::Arrow) {
            self.type_list()?
        } else {
            vec![]
        };
        Ok((kind, name, params, results))
    }

    fn function(&mut self) -> PResult<Function> {
        self.f = Some(FnState {
            values: vec![],
            names: HashMap::new(),
        });
        let (kind, name, params, results) = self.header()?;
        self.expect(Tok::LBrace, "to open the function body")?;
        let mut body = self.block_body(None)?;
        if results.is_empty() && body.terminator().is_none() {
            body.insts.push(Inst {
                results: vec![],
                op: Op::Return(vec![]),
            });
        }
        let st = self.f.take().map(|s| s.values).unwrap_or_default();
        Ok(Function {
            name: name.to_string(),
            kind,
            params,
            results,
            values: st,
            body,
        })
    }

    /// Instructions up to the closing `}` (consumed). `implied_yield`:
    /// append a bare `yield` if the block does not end in a terminator.
    fn block_body(&mut self, implied_yield: Option<()>) -> PResult<Block> {
        let mut b = Block::default();
        loop {
            match self.peek() {
                Tok::RBrace => {
                    self.advance();
                    break;
                }
                Tok::Eof => return self.err("expected `}` to close the block, found end of file"),
                _ => b.insts.push(self.inst()?),
            }
        }
        if implied_yield.is_some() && b.terminator().is_none() {
            b.insts.push(Inst {
                results: vec![],
                op: Op::Yield(vec![]),
            });
        }
        Ok(b)
    }

    fn dim(&mut self) -> PResult<Dim> {
        let d = match self.peek() {
            Tok::Ident(w) if *w == "x" => Dim::X,
            Tok::Ident(w) if *w == "y" => Dim::Y,
            Tok::Ident(w) if *w == "z" => Dim::Z,
            t => {
                return self.err(format!(
                    "expected a dimension x, y or z, found {}",
                    t.describe()
                ))
            }
        };
        self.advance();
        Ok(d)
    }

    fn u32_lit(&mut self, what: &str) -> PResult<u32> {
        match *self.peek() {
            Tok::Num(s) => {
                let v = parse_uint(s).and_then(|v| u32::try_from(v).ok());
                match v {
                    Some(v) => {
                        self.advance();
                        Ok(v)
                    }
                    None => self.err(format!(
                        "{what} must be an integer from 0 to {}, found `{s}`",
                        u32::MAX
                    )),
                }
            }
            t => self.err(format!("expected {what}, found {}", t.describe())),
        }
    }

    /// `amdgpu NAME n, n, ...` (a precoloured target instruction).
    fn amdgpu_op(&mut self) -> PResult<Op> {
        let at = self.here();
        let name = match *self.peek() {
            Tok::Ident(w) => w,
            t => {
                return self.err(format!(
                    "expected an AMDGPU operation name, found {}",
                    t.describe()
                ))
            }
        };
        self.advance();
        let mut fields = Vec::new();
        if matches!(self.peek(), Tok::Num(_)) {
            fields.push(self.u32_lit("a register number or offset")?);
            while self.eat(&Tok::Comma) {
                fields.push(self.u32_lit("a register number or offset")?);
            }
        }
        match AmdgpuOp::from_fields(name, &fields) {
            Some(op) => Ok(Op::Amdgpu(op)),
            None if AmdgpuOp::NAMES.contains(&name) => Err((
                at.0,
                at.1,
                format!("wrong operands for `amdgpu {name}`: register numbers are 0 to 255, LDS offsets 0 to 65535"),
            )),
            None => Err((
                at.0,
                at.1,
                format!(
                    "unknown AMDGPU operation `{name}` (known: {})",
                    AmdgpuOp::NAMES.join(", ")
                ),
            )),
        }
    }

    fn index(&mut self) -> PResult<u8> {
        let at = self.here();
        let i = self.u32_lit("an element index")?;
        u8::try_from(i).map_err(|_| (at.0, at.1, format!("element index {i} is out of range")))
    }

    fn align(&mut self) -> PResult<u32> {
        self.expect(Tok::Comma, "before `align`")?;
        self.expect_kw("align", "")?;
        self.u32_lit("an alignment")
    }

    fn inst(&mut self) -> PResult<Inst> {
        let start = self.here();
        // Result names, if any.
        let mut res_names: Vec<(&'s str, (usize, usize))> = vec![];
        if matches!(self.peek(), Tok::Val(_)) {
            loop {
                let at = self.here();
                let n = self.val_name("as a result")?;
                res_names.push((n, at));
                if !self.eat(&Tok::Comma) {
                    break;
                }
            }
            self.expect(Tok::Eq, "after the result names")?;
        }
        let op_at = self.here();
        let kw = match self.bump() {
            Tok::Ident(w) => w,
            t => {
                self.pos = self.pos.saturating_sub(1);
                return self.err(format!("expected an instruction, found {}", t.describe()));
            }
        };
        let un = UnOp::ALL.iter().find(|u| u.keyword() == kw).copied();
        let bin = BinOp::ALL.iter().find(|b| b.keyword() == kw).copied();
        let geo = Geometry::ALL.iter().find(|g| g.keyword() == kw).copied();
        let mat = MatrixOp::from_keyword(kw);
        let mut explicit: Option<Vec<Type>> = None;
        let op = if let Some(m) = mat {
            let vs = self.operands(3, m.keyword())?;
            Op::Matrix {
                op: m,
                a: vs[0],
                b: vs[1],
                c: vs[2],
            }
        } else if let Some(u) = un {
            Op::Unary {
                op: u,
                arg: self.use_val("as the operand")?,
            }
        } else if let Some(b) = bin {
            let lhs = self.use_val("as the first operand")?;
            self.expect(Tok::Comma, "between operands")?;
            let rhs = self.use_val("as the second operand")?;
            Op::Binary { op: b, lhs, rhs }
        } else if let Some(g) = geo {
            Op::Geometry {
                query: g,
                dim: self.dim()?,
            }
        } else {
            match kw {
                "const" => self.const_op()?,
                "fma" => {
                    let vs = self.operands(3, "fma")?;
                    Op::Fma {
                        a: vs[0],
                        b: vs[1],
                        c: vs[2],
                    }
                }
                "cmp" => {
                    let pred = self.one_of(
                        &CmpPred::ALL,
                        CmpPred::keyword,
                        "a comparison predicate (eq, ne, lt, le, gt, ge)",
                    )?;
                    let vs = self.operands(2, "cmp")?;
                    Op::Cmp {
                        pred,
                        lhs: vs[0],
                        rhs: vs[1],
                    }
                }
                "select" => {
                    let vs = self.operands(3, "select")?;
                    Op::Select {
                        cond: vs[0],
                        if_true: vs[1],
                        if_false: vs[2],
                    }
                }
                "cvt" | "bitcast" => {
                    let arg = self.use_val("as the operand")?;
                    self.expect(Tok::Colon, "before the target type")?;
                    let to = self.ty()?;
                    if kw == "cvt" {
                        Op::Cvt { arg, to }
                    } else {
                        Op::Bitcast { arg, to }
                    }
                }
                "ptradd" => {
                    let vs = self.operands(2, "ptradd")?;
                    Op::PtrAdd {
                        ptr: vs[0],
                        offset: vs[1],
                    }
                }
                "load" => {
                    let ptr = self.use_val("as the address")?;
                    self.expect(Tok::Colon, "before the loaded type")?;
                    let ty = self.ty()?;
                    let align = self.align()?;
                    Op::Load { ptr, ty, align }
                }
                "store" => {
                    let vs = self.operands(2, "store")?;
                    let align = self.align()?;
                    Op::Store {
                        ptr: vs[0],
                        value: vs[1],
                        align,
                    }
                }
                "atomic" => {
                    let a = self.one_of(
                        &AtomicOp::ALL,
                        AtomicOp::keyword,
                        "an atomic operation (add, sub, min, max, and, or, xor, xchg)",
                    )?;
                    let vs = self.operands(2, "atomic")?;
                    Op::Atomic {
                        op: a,
                        ptr: vs[0],
                        value: vs[1],
                    }
                }
                "cmpxchg" => {
                    let vs = self.operands(3, "cmpxchg")?;
                    Op::CmpXchg {
                        ptr: vs[0],
                        expected: vs[1],
                        new: vs[2],
                    }
                }
                "vec" => {
                    let elems = self.use_list("as a vector element")?;
                    self.expect(Tok::Colon, "before the vector type")?;
                    let ty = self.ty()?;
                    Op::VecBuild { elems, ty }
                }
                "extract" => {
                    let vec = self.use_val("as the vector")?;
                    self.expect(Tok::Comma, "before the element index")?;
                    let index = self.index()?;
                    Op::Extract { vec, index }
                }
                "insert" => {
                    let vs = self.operands(2, "insert")?;
                    self.expect(Tok::Comma, "before the element index")?;
                    let index = self.index()?;
                    Op::Insert {
                        vec: vs[0],
                        value: vs[1],
                        index,
                    }
                }
                "barrier" => Op::Barrier,
                "amdgpu" => self.amdgpu_op()?,
                "lds.alloc" => {
                    let size = self.u32_lit("an LDS size in bytes")?;
                    let align = self.align()?;
                    Op::LdsAlloc { size, align }
                }
                "call" => {
                    let callee_at = self.here();
                    let callee = match self.bump() {
                        Tok::Func(n) => n,
                        t => {
                            self.pos = self.pos.saturating_sub(1);
                            return self.err(format!(
                                "expected a function name (`@name`), found {}",
                                t.describe()
                            ));
                        }
                    };
                    self.expect(Tok::LParen, "to open the argument list")?;
                    let args = if self.eat(&Tok::RParen) {
                        vec![]
                    } else {
                        let a = self.use_list("as an argument")?;
                        self.expect(Tok::RParen, "to close the argument list")?;
                        a
                    };
                    match self.sigs.get(&callee) {
                        Some(r) => explicit = Some(r.clone()),
                        None => {
                            return Err((
                                callee_at.0,
                                callee_at.1,
                                format!("call to undefined function @{callee}"),
                            ))
                        }
                    }
                    Op::Call {
                        callee: callee.to_string(),
                        args,
                    }
                }
                "if" => return self.if_inst(res_names),
                "loop" => return self.loop_inst(res_names),
                "yield" | "break" | "continue" | "ret" => {
                    let vs = self.opt_use_list_same_line(op_at.0, "as an operand")?;
                    match kw {
                        "yield" => Op::Yield(vs),
                        "break" => Op::Break(vs),
                        "continue" => Op::Continue(vs),
                        _ => Op::Return(vs),
                    }
                }
                _ => {
                    return Err((op_at.0, op_at.1, format!("unknown instruction `{kw}`")));
                }
            }
        };
        let types = match explicit {
            Some(t) => t,
            None => {
                infer_result_types(&op, &|v| self.ty_of(v)).map_err(|m| (op_at.0, op_at.1, m))?
            }
        };
        if types.len() != res_names.len() {
            let what = op.mnemonic();
            return Err((
                start.0,
                start.1,
                format!(
                    "`{what}` produces {} value(s) but {} result name(s) are given",
                    types.len(),
                    res_names.len()
                ),
            ));
        }
        let mut results = vec![];
        for ((n, at), t) in res_names.into_iter().zip(types) {
            let save = self.pos;
            results.push(self.define_at(n, t, at)?);
            self.pos = save;
        }
        Ok(Inst { results, op })
    }

    fn define_at(&mut self, name: &'s str, t: Type, at: (usize, usize)) -> PResult<Value> {
        self.define(name, t).map_err(|(_, _, m)| (at.0, at.1, m))
    }

    fn operands(&mut self, n: usize, what: &str) -> PResult<Vec<Value>> {
        let mut vs = Vec::with_capacity(n);
        for i in 0..n {
            if i > 0 && !self.eat(&Tok::Comma) {
                self.expect(Tok::Comma, &format!("between `{what}` operands"))?;
            }
            vs.push(self.use_val_in(|| format!("as operand {} of `{what}`", i + 1))?);
        }
        Ok(vs)
    }

    fn const_op(&mut self) -> PResult<Op> {
        let lit_at = self.here();
        let lit = match self.bump() {
            Tok::Num(s) => s,
            Tok::Ident(w) if matches!(w, "true" | "false" | "inf" | "nan") => w,
            t => {
                self.pos = self.pos.saturating_sub(1);
                return self.err(format!(
                    "expected a literal after `const`, found {}",
                    t.describe()
                ));
            }
        };
        self.expect(Tok::Colon, "before the constant's type")?;
        let ty = self.ty()?;
        let bits = const_bits(lit, ty).map_err(|m| (lit_at.0, lit_at.1, m))?;
        Ok(Op::Const { ty, bits })
    }

    fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return self.err(format!("regions are nested more than {MAX_NESTING} deep"));
        }
        Ok(())
    }

    /// The results of an `if` or `loop` (`what`): the types after `->`
    /// (none without it), one for each result name, each name defined.
    fn region_results(
        &mut self,
        what: &str,
        res_names: Vec<(&'s str, (usize, usize))>,
    ) -> PResult<Vec<Value>> {
        let types = if self.eat(&Tok::Arrow) {
            self.type_list()?
        } else {
            vec![]
        };
        if types.len() != res_names.len() {
            return self.err(format!(
                "`{what}` declares {} result type(s) but {} result name(s) are given",
                types.len(),
                res_names.len()
            ));
        }
        let mut results = vec![];
        for ((n, at), t) in res_names.into_iter().zip(types) {
            results.push(self.define_at(n, t, at)?);
        }
        Ok(results)
    }

    fn if_inst(&mut self, res_names: Vec<(&'s str, (usize, usize))>) -> PResult<Inst> {
        self.enter()?;
        let cond = self.use_val("as the `if` condition")?;
        let results = self.region_results("if", res_names)?;
        let implied = if results.is_empty() { Some(()) } else { None };
        self.expect(Tok::LBrace, "to open the `if` body")?;
        let then_blk = self.block_body(implied)?;
        let else_blk = if self.is_kw("else") {
            self.advance();
            self.expect(Tok::LBrace, "after `else`")?;
            self.block_body(implied)?
        } else {
            Block {
                insts: vec![Inst {
                    results: vec![],
                    op: Op::Yield(vec![]),
                }],
            }
        };
        self.depth -= 1;
        Ok(Inst {
            results,
            op: Op::If {
                cond,
                then_blk,
                else_blk,
            },
        })
    }

    fn loop_inst(&mut self, res_names: Vec<(&'s str, (usize, usize))>) -> PResult<Inst> {
        self.enter()?;
        // Carried values: parse names, types and inits first; the params
        // are defined after the results (textual order).
        let mut carried = vec![];
        if self.eat(&Tok::LParen) && !self.eat(&Tok::RParen) {
            loop {
                let at = self.here();
                let n = self.val_name("as a loop-carried value")?;
                self.expect(Tok::Colon, "after the loop-carried value's name")?;
                let t = self.ty()?;
                self.expect(Tok::Eq, "before the initial value")?;
                let init = self.use_val("as the initial value")?;
                carried.push((n, at, t, init));
                if self.eat(&Tok::RParen) {
                    break;
                }
                self.expect(Tok::Comma, "or `)` in the loop-carried values")?;
            }
        }
        let results = self.region_results("loop", res_names)?;
        let mut inits = vec![];
        let mut params = vec![];
        for (n, at, t, init) in carried {
            inits.push(init);
            params.push(self.define_at(n, t, at)?);
        }
        self.expect(Tok::LBrace, "to open the `loop` body")?;
        let body = self.block_body(None)?;
        self.depth -= 1;
        Ok(Inst {
            results,
            op: Op::Loop {
                inits,
                params,
                body,
            },
        })
    }
}

fn parse_uint(s: &str) -> Option<u128> {
    let s = s.replace('_', "");
    if let Some(h) = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        u128::from_str_radix(h, 16).ok()
    } else {
        s.parse::<u128>().ok()
    }
}

/// The bits of literal `lit` as a constant of type `t`.
fn const_bits(lit: &str, t: Type) -> Result<u64, String> {
    let bad = || format!("`{lit}` is not a valid {t} constant");
    match t {
        Type::Vec(..) => match parse_uint(lit) {
            Some(0) => Ok(0),
            _ => Err(format!(
                "a vector constant is `const 0 : {t}` (all elements zero), found `{lit}`"
            )),
        },
        Type::Bool => match lit {
            "true" => Ok(1),
            "false" => Ok(0),
            _ => Err(format!(
                "a bool constant is `true` or `false`, found `{lit}`"
            )),
        },
        Type::F16 | Type::F32 | Type::F64 => {
            let is_hex = lit.starts_with("0x") || lit.starts_with("0X");
            if is_hex {
                let v = parse_uint(lit).ok_or_else(bad)?;
                let max: u128 = match t {
                    Type::F16 => 0xffff,
                    Type::F32 => u32::MAX as u128,
                    _ => u64::MAX as u128,
                };
                if v > max {
                    return Err(format!("raw bits `{lit}` do not fit {t}"));
                }
                return Ok(v as u64);
            }
            let text = match lit {
                "inf" | "+inf" => "inf",
                "-inf" => "-inf",
                "nan" => "NaN",
                l => l,
            };
            if text.contains(|c: char| c.is_ascii_alphabetic() && !matches!(c, 'e' | 'E'))
                && !matches!(text, "inf" | "-inf" | "NaN")
            {
                return Err(bad());
            }
            match t {
                Type::F32 => text
                    .parse::<f32>()
                    .map(|x| x.to_bits() as u64)
                    .map_err(|_| bad()),
                Type::F64 => text.parse::<f64>().map(|x| x.to_bits()).map_err(|_| bad()),
                _ => text
                    .parse::<f64>()
                    .map(|x| f64_to_f16(x) as u64)
                    .map_err(|_| bad()),
            }
        }
        _ => {
            let (neg, mag) = match lit.strip_prefix('-') {
                Some(m) => (true, m),
                None => (false, lit.strip_prefix('+').unwrap_or(lit)),
            };
            let mag = parse_uint(mag).ok_or_else(bad)?;
            let w = t.bits();
            let (min, max): (i128, i128) = if t.is_signed_int() {
                (-(1i128 << (w - 1)), (1i128 << (w - 1)) - 1)
            } else {
                (0, (1i128 << w) - 1)
            };
            if mag > i128::MAX as u128 {
                return Err(format!("`{lit}` is out of range for {t}"));
            }
            let v = if neg { -(mag as i128) } else { mag as i128 };
            if v < min || v > max {
                return Err(format!("`{lit}` is out of range for {t} ({min} to {max})"));
            }
            Ok(crate::eval::mask(t, v as u64))
        }
    }
}
