//! Hand-written recursive-descent parser with precedence climbing for
//! binary operators and statement/item-level error recovery.
//!
//! The parser never panics: every token access is bounds-checked (the token
//! list always ends with `Eof`), nesting depth is capped so hostile input
//! cannot overflow the stack, and every loop consumes a token or stops.

use crate::ast::*;
use crate::diag::{codes, Diagnostic};
use crate::lexer::{lex, Keyword, Punct, Token, TokenKind};
use crate::source::{FileId, Span};

/// Deepest nesting of expressions, blocks and types the parser accepts.
const MAX_DEPTH: u32 = 64;

/// Parse one file. `next_expr_id` is the compilation-wide expression counter.
pub fn parse_file(file: FileId, text: &str, next_expr_id: &mut u32) -> (File, Vec<Diagnostic>) {
    let (tokens, diags) = lex(file, text);
    parse_tokens(file, tokens, diags, next_expr_id)
}

/// Parse a file from its tokens (`lex_diags`: the lexer's diagnostics).
pub(crate) fn parse_tokens(
    file: FileId,
    tokens: Vec<Token>,
    mut diags: Vec<Diagnostic>,
    next_expr_id: &mut u32,
) -> (File, Vec<Diagnostic>) {
    let mut p = Parser {
        file,
        tokens,
        pos: 0,
        diags: Vec::new(),
        next_id: *next_expr_id,
        no_struct_lit: false,
        depth: 0,
        last_error_at: usize::MAX,
        saw_launch: false,
        too_deep_reported: false,
    };
    let parsed = p.file();
    *next_expr_id = p.next_id;
    diags.extend(p.diags);
    (parsed, diags)
}

/// Parse a standalone expression (used by tests and tools).
pub fn parse_expr(file: FileId, text: &str) -> (Expr, Vec<Diagnostic>) {
    let (tokens, mut diags) = lex(file, text);
    let mut p = Parser {
        file,
        tokens,
        pos: 0,
        diags: Vec::new(),
        next_id: 0,
        no_struct_lit: false,
        depth: 0,
        last_error_at: usize::MAX,
        saw_launch: false,
        too_deep_reported: false,
    };
    let e = p.expr().unwrap_or_else(|| p.error_expr(p.span()));
    if !p.at_eof() {
        p.expected("end of expression");
    }
    diags.extend(p.diags);
    (e, diags)
}

type P<T> = Option<T>;

struct Parser {
    file: FileId,
    tokens: Vec<Token>,
    pos: usize,
    diags: Vec<Diagnostic>,
    next_id: u32,
    /// Inside an `if`/`while` condition: `Name {` starts the body, not a literal.
    no_struct_lit: bool,
    depth: u32,
    /// Token index of the last reported error, to avoid cascades.
    last_error_at: usize,
    /// A launch block was parsed.
    saw_launch: bool,
    /// "expression nests too deeply" was already reported.
    too_deep_reported: bool,
}

impl Parser {
    // ---- token helpers -------------------------------------------------

    fn tok(&self) -> &Token {
        let last = self.tokens.len() - 1;
        &self.tokens[self.pos.min(last)]
    }

    fn peek(&self) -> &TokenKind {
        &self.tok().kind
    }

    fn peek_at(&self, n: usize) -> &TokenKind {
        let last = self.tokens.len() - 1;
        &self.tokens[(self.pos + n).min(last)].kind
    }

    fn span(&self) -> Span {
        self.tok().span
    }

    fn prev_span(&self) -> Span {
        if self.pos == 0 {
            return self.span();
        }
        let last = self.tokens.len() - 1;
        self.tokens[(self.pos - 1).min(last)].span
    }

    fn at_eof(&self) -> bool {
        matches!(self.peek(), TokenKind::Eof)
    }

    /// Step past the current token (never past the end) and give its
    /// span. The parser only moves forward, so nothing is copied.
    fn bump(&mut self) -> Span {
        let span = self.span();
        if !self.at_eof() {
            self.pos += 1;
        }
        span
    }

    /// Step past the current token, which is an identifier, and move its
    /// name out (the parser never looks back at a consumed token's kind).
    fn bump_ident(&mut self) -> Option<Ident> {
        let span = self.span();
        let TokenKind::Ident(name) = &mut self.tokens[self.pos].kind else {
            return None;
        };
        let name = std::mem::take(name);
        self.pos += 1;
        Some(Ident { name, span })
    }

    fn at(&self, p: Punct) -> bool {
        matches!(self.peek(), TokenKind::Punct(q) if *q == p)
    }

    fn at_kw(&self, k: Keyword) -> bool {
        matches!(self.peek(), TokenKind::Keyword(q) if *q == k)
    }

    fn at_ident(&self, name: &str) -> bool {
        matches!(self.peek(), TokenKind::Ident(n) if n == name)
    }

    fn eat(&mut self, p: Punct) -> bool {
        if self.at(p) {
            self.bump();
            true
        } else {
            false
        }
    }

    fn eat_kw(&mut self, k: Keyword) -> bool {
        if self.at_kw(k) {
            self.bump();
            true
        } else {
            false
        }
    }

    fn from(&self, start: Span) -> Span {
        start.to(self.prev_span())
    }

    fn id(&mut self) -> ExprId {
        let id = ExprId(self.next_id);
        self.next_id = self.next_id.wrapping_add(1);
        id
    }

    fn expr_node(&mut self, kind: ExprKind, span: Span) -> Expr {
        let child = match &kind {
            ExprKind::Unary(_, x)
            | ExprKind::Cast(x, _)
            | ExprKind::Field(x, _)
            | ExprKind::OptionalField(x, _)
            | ExprKind::Paren(x) => x.depth,
            ExprKind::Binary(_, a, b) | ExprKind::Index(a, b) => a.depth.max(b.depth),
            ExprKind::ArrayLit(items) => items.iter().map(|v| v.depth).max().unwrap_or(0),
            ExprKind::If(c, a, b) => c.depth.max(a.depth).max(b.depth),
            ExprKind::Call(f, args) => args.iter().map(|a| a.depth).fold(f.depth, u16::max),
            ExprKind::StructLit(_, fields) => {
                fields.iter().map(|(_, v)| v.depth).max().unwrap_or(0)
            }
            ExprKind::Launch(l) => [&l.grid, &l.workspace, &l.call]
                .into_iter()
                .flatten()
                .map(|e| e.depth)
                .max()
                .unwrap_or(0),
            _ => 0,
        };
        let depth = child.saturating_add(1);
        if u32::from(depth) > MAX_DEPTH {
            // A long operator or postfix chain nests as deeply as parentheses
            // do. Reported once per file; the chain restarts from an error node.
            if std::mem::replace(&mut self.too_deep_reported, true) {
                return Expr {
                    id: self.id(),
                    kind: ExprKind::Error,
                    span,
                    depth: 1,
                };
            }
            self.report(
                Diagnostic::error(codes::PARSE, "expression nests too deeply")
                    .at(span, format!("more than {MAX_DEPTH} levels of nesting"))
                    .help("split the expression into smaller `let` bindings"),
            );
            return Expr {
                id: self.id(),
                kind: ExprKind::Error,
                span,
                depth: 1,
            };
        }
        Expr {
            id: self.id(),
            kind,
            span,
            depth,
        }
    }

    fn error_expr(&mut self, span: Span) -> Expr {
        self.expr_node(ExprKind::Error, span)
    }

    // ---- errors --------------------------------------------------------

    fn report(&mut self, d: Diagnostic) {
        if self.last_error_at == self.pos {
            return;
        }
        self.last_error_at = self.pos;
        self.diags.push(d);
    }

    /// "expected X, found Y" at the current token.
    fn expected(&mut self, what: &str) {
        if matches!(self.peek(), TokenKind::Error) {
            // The lexer already reported this token.
            return;
        }
        let found = self.peek().describe();
        let span = self.span();
        // Point just after the previous token when a terminator is missing.
        let (span, label) = if what.starts_with("`;`") && self.pos > 0 {
            let prev = self.prev_span();
            (
                Span::new(prev.file, prev.end as usize, prev.end as usize),
                format!("expected {what}"),
            )
        } else {
            (span, format!("expected {what}"))
        };
        self.report(
            Diagnostic::error(codes::PARSE, format!("expected {what}, found {found}"))
                .at(span, label),
        );
    }

    fn expect(&mut self, p: Punct) -> P<Span> {
        if self.at(p) {
            Some(self.bump())
        } else {
            self.expected(&format!("`{}`", p.as_str()));
            None
        }
    }

    fn ident(&mut self, what: &str) -> P<Ident> {
        let id = self.bump_ident();
        if id.is_none() {
            self.expected(what);
        }
        id
    }

    /// An identifier, or a keyword used as a path segment (`std::gpu`).
    fn path_segment(&mut self, what: &str) -> P<Ident> {
        if let TokenKind::Keyword(k) = *self.peek() {
            if k == Keyword::Gpu {
                let span = self.bump();
                return Some(Ident {
                    name: k.as_str().to_string(),
                    span,
                });
            }
        }
        self.ident(what)
    }

    fn enter(&mut self) -> bool {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            let span = self.span();
            self.report(
                Diagnostic::error(codes::PARSE, "source nests too deeply")
                    .at(span, format!("more than {MAX_DEPTH} levels of nesting"))
                    .help("split the expression or block into smaller pieces"),
            );
            false
        } else {
            true
        }
    }

    fn leave(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    /// `f` one nesting level deeper (see [`Self::enter`]).
    fn deeper<T>(&mut self, f: impl FnOnce(&mut Self) -> P<T>) -> P<T> {
        let r = if self.enter() { f(self) } else { None };
        self.leave();
        r
    }

    /// `f` with struct literals allowed (`false`, inside brackets) or not
    /// (`true`, in a condition before its `{`).
    fn struct_lits<T>(&mut self, banned: bool, f: impl FnOnce(&mut Self) -> T) -> T {
        let saved = self.no_struct_lit;
        self.no_struct_lit = banned;
        let r = f(self);
        self.no_struct_lit = saved;
        r
    }

    /// `item, item, ...` up to and including `close` (a trailing comma is
    /// allowed).
    fn list<T>(&mut self, close: Punct, mut item: impl FnMut(&mut Self) -> P<T>) -> P<Vec<T>> {
        let mut items = Vec::new();
        while !self.at(close) {
            items.push(item(self)?);
            if !self.eat(Punct::Comma) {
                break;
            }
        }
        self.expect(close)?;
        Some(items)
    }

    /// Skip to the end of the current statement: past a `;` at this nesting
    /// level, or up to (not past) a `}` that closes the enclosing block.
    fn sync_stmt(&mut self) {
        let mut depth = 0i32;
        loop {
            match self.peek() {
                TokenKind::Eof => return,
                TokenKind::Punct(Punct::Semi) if depth == 0 => {
                    self.bump();
                    return;
                }
                TokenKind::Punct(Punct::LBrace | Punct::LParen | Punct::LBracket) => depth += 1,
                TokenKind::Punct(Punct::RBrace) if depth == 0 => return,
                TokenKind::Punct(Punct::RBrace) => {
                    depth -= 1;
                    if depth == 0 {
                        self.bump();
                        // A closed block ends a statement such as `if`.
                        return;
                    }
                    self.bump();
                    continue;
                }
                TokenKind::Punct(Punct::RParen | Punct::RBracket) => depth = (depth - 1).max(0),
                _ => {}
            }
            self.bump();
        }
    }

    /// Skip to the start of the next top-level item.
    fn sync_item(&mut self) {
        let mut depth = 0i32;
        loop {
            match self.peek() {
                TokenKind::Eof => return,
                TokenKind::Punct(Punct::LBrace) => depth += 1,
                TokenKind::Punct(Punct::RBrace) => {
                    depth -= 1;
                    if depth <= 0 {
                        self.bump();
                        return;
                    }
                }
                TokenKind::Punct(Punct::Semi) if depth <= 0 => {
                    self.bump();
                    return;
                }
                TokenKind::Keyword(
                    Keyword::Fn
                    | Keyword::Export
                    | Keyword::Pure
                    | Keyword::Ext
                    | Keyword::Struct
                    | Keyword::Impl
                    | Keyword::Attr
                    | Keyword::Const
                    | Keyword::Import,
                ) if depth <= 0 => return,
                _ => {}
            }
            self.bump();
        }
    }

    // ---- file structure ------------------------------------------------

    fn file(&mut self) -> File {
        let mut out = File {
            id: self.file,
            package: None,
            imports: Vec::new(),
            items: Vec::new(),
            has_launch: false,
        };
        if self.at_kw(Keyword::Package) || self.at_kw(Keyword::Module) {
            self.bump();
            if let Some(path) = self.path("a package name") {
                out.package = Some(path);
            }
            if self.expect(Punct::Semi).is_none() {
                self.sync_item();
            }
        }
        while !self.at_eof() {
            let before = self.pos;
            if self.at_kw(Keyword::Import) {
                let start = self.span();
                if !out.items.is_empty() {
                    self.report(
                        Diagnostic::error(codes::PARSE, "imports must come before declarations")
                            .at(start, "import after a declaration")
                            .help("move this import up into the file's import block"),
                    );
                }
                match self.import() {
                    Some(i) => out.imports.push(i),
                    None => self.sync_item(),
                }
            } else if self.at_kw(Keyword::Package) || self.at_kw(Keyword::Module) {
                let span = self.span();
                self.report(
                    Diagnostic::error(
                        codes::PARSE,
                        "`package` must be the first declaration of the file",
                    )
                    .at(span, "misplaced package declaration"),
                );
                self.bump();
                self.sync_item();
            } else {
                match self.item() {
                    Some(item) => out.items.push(item),
                    None => self.sync_item(),
                }
            }
            if self.pos == before {
                // Guarantee progress on a token nothing above accepted.
                self.bump();
            }
        }
        out.has_launch = self.saw_launch;
        out
    }

    fn path(&mut self, what: &str) -> P<Path> {
        let first = self.path_segment(what)?;
        let mut span = first.span;
        let mut segments = vec![first];
        while self.eat(Punct::ColonColon) {
            let seg = self.path_segment("a path segment")?;
            span = span.to(seg.span);
            segments.push(seg);
        }
        Some(Path { segments, span })
    }

    fn str_lit(&mut self, what: &str) -> P<StrLit> {
        match self.peek().clone() {
            TokenKind::Str(value) => {
                let span = self.bump();
                Some(StrLit { value, span })
            }
            _ => {
                self.expected(what);
                None
            }
        }
    }

    fn import(&mut self) -> P<Import> {
        let start = self.bump(); // `import`
        let kind = if self.eat(Punct::LBrace) {
            let names = self.list(Punct::RBrace, |p| {
                let name = p.ident("an imported name")?;
                let alias = if p.eat_kw(Keyword::As) {
                    Some(p.ident("an alias name")?)
                } else {
                    None
                };
                Some(ImportName { name, alias })
            })?;
            if !self.at_ident("from") {
                self.expected("`from`");
                return None;
            }
            self.bump();
            let from = self.str_lit("a module specifier string")?;
            ImportKind::Named { names, from }
        } else if matches!(self.peek(), TokenKind::Ident(_))
            && matches!(self.peek_at(1), TokenKind::Ident(n) if n == "from")
        {
            let alias = self.ident("a namespace name")?;
            self.bump(); // from
            let from = self.str_lit("a module specifier string")?;
            ImportKind::Namespace { alias, from }
        } else {
            let path = self.path("a package or symbol path")?;
            let alias = if self.eat_kw(Keyword::As) {
                Some(self.ident("an alias name")?)
            } else {
                None
            };
            ImportKind::Path { path, alias }
        };
        self.expect(Punct::Semi)?;
        Some(Import {
            kind,
            span: self.from(start),
        })
    }

    fn attrs(&mut self) -> Vec<Attr> {
        let mut attrs = Vec::new();
        while self.at_kw(Keyword::Attr)
            && matches!(self.peek_at(1), TokenKind::Punct(Punct::LParen))
        {
            match self.attr() {
                Some(a) => attrs.push(a),
                None => break,
            }
        }
        attrs
    }

    fn attr(&mut self) -> P<Attr> {
        let start = self.bump(); // `attr`
        self.expect(Punct::LParen)?;
        let args = self.list(Punct::RParen, |p| {
            let key = p.attr_word("an attribute key")?;
            let value = if p.eat(Punct::Eq) {
                Some(match p.peek().clone() {
                    TokenKind::Str(value) => {
                        let span = p.bump();
                        AttrValue::Str(StrLit { value, span })
                    }
                    TokenKind::Int(Some(v)) => AttrValue::Int(v, p.bump()),
                    TokenKind::Keyword(Keyword::True) => AttrValue::Bool(true, p.bump()),
                    TokenKind::Keyword(Keyword::False) => AttrValue::Bool(false, p.bump()),
                    _ => AttrValue::Ident(p.attr_word("an attribute value")?),
                })
            } else {
                None
            };
            let span = key
                .span
                .to(value.as_ref().map(|v| v.span()).unwrap_or(key.span));
            Some(AttrArg { key, value, span })
        })?;
        Some(Attr {
            args,
            span: self.from(start),
        })
    }

    /// Attribute keys and values may be keywords (`device=gpu`, `const`).
    fn attr_word(&mut self, what: &str) -> P<Ident> {
        match *self.peek() {
            TokenKind::Keyword(k) => {
                let span = self.bump();
                Some(Ident {
                    name: k.as_str().to_string(),
                    span,
                })
            }
            _ => self.ident(what),
        }
    }

    fn item(&mut self) -> P<Item> {
        let attrs = self.attrs();
        let start = attrs.first().map(|a| a.span).unwrap_or(self.span());
        let exported = self.eat_kw(Keyword::Export);
        let kind = match self.peek() {
            TokenKind::Keyword(Keyword::Ext) => ItemKind::Ext(self.ext(exported)?),
            TokenKind::Keyword(Keyword::Struct) => ItemKind::Struct(self.struct_decl(exported)?),
            TokenKind::Keyword(Keyword::Impl) => {
                if exported {
                    let span = self.prev_span();
                    self.report(
                        Diagnostic::error(codes::PARSE, "`impl` blocks cannot be exported")
                            .at(span, "remove `export`")
                            .help("export the struct; its `public` methods follow it"),
                    );
                }
                ItemKind::Impl(self.impl_decl()?)
            }
            // `const NAME ...` is a named constant; `const fn`/`const pure fn` a function.
            TokenKind::Keyword(Keyword::Const)
                if matches!(self.peek_at(1), TokenKind::Ident(_)) =>
            {
                if exported {
                    let span = self.prev_span();
                    self.report(
                        Diagnostic::error(codes::PARSE, "named constants cannot be exported")
                            .at(span, "remove `export`"),
                    );
                }
                ItemKind::Const(self.const_decl()?)
            }
            TokenKind::Ident(n)
                if n == "using"
                    && matches!(self.peek_at(1), TokenKind::Ident(_))
                    && matches!(self.peek_at(2), TokenKind::Punct(Punct::Eq)) =>
            {
                if exported {
                    let span = self.prev_span();
                    self.report(
                        Diagnostic::error(codes::PARSE, "`using` aliases cannot be exported")
                            .at(span, "remove `export`")
                            .note("an alias is visible only in the file that declares it"),
                    );
                }
                ItemKind::Using(self.using_decl()?)
            }
            TokenKind::Keyword(
                Keyword::Fn | Keyword::Pure | Keyword::Const | Keyword::Async | Keyword::Task,
            ) => ItemKind::Fn(self.fn_decl(exported, false)?),
            TokenKind::Ident(ref t)
                if t == "test" && matches!(self.peek_at(1), TokenKind::Str(_)) =>
            {
                self.bump();
                let name = self.str_lit("a test name")?;
                let body = self.block()?;
                ItemKind::Test(TestDecl { name, body })
            }
            TokenKind::Keyword(Keyword::Public) => {
                let span = self.span();
                self.report(
                    Diagnostic::error(
                        codes::PARSE,
                        "`public` applies only to methods in `impl` blocks",
                    )
                    .at(span, "not allowed here")
                    .help("use `export` to make a declaration visible to other packages"),
                );
                self.bump();
                ItemKind::Fn(self.fn_decl(exported, true)?)
            }
            _ => {
                self.expected("a declaration (`fn`, `ext`, `struct`, `impl`, `const` or `using`)");
                return None;
            }
        };
        Some(Item {
            attrs,
            kind,
            span: self.from(start),
        })
    }

    /// `using name = a::b::f;` (the `using` word is contextual).
    fn using_decl(&mut self) -> P<UsingDecl> {
        self.bump(); // using
        let name = self.ident("an alias name")?;
        self.expect(Punct::Eq)?;
        let target = self.path("the aliased function's path")?;
        self.expect(Punct::Semi)?;
        Some(UsingDecl { name, target })
    }

    /// `const NAME: T = e;` (module scope or statement).
    fn const_decl(&mut self) -> P<ConstDecl> {
        self.bump(); // const
        let name = self.ident("a constant name")?;
        let ty = if self.eat(Punct::Colon) {
            Some(self.ty()?)
        } else {
            None
        };
        self.expect(Punct::Eq)?;
        let value = self.expr()?;
        self.expect(Punct::Semi)?;
        Some(ConstDecl { name, ty, value })
    }

    fn fn_decl(&mut self, exported: bool, public: bool) -> P<FnDecl> {
        let start = self.span();
        let (mut pure, mut is_const, mut is_async, mut is_task) = (false, false, false, false);
        loop {
            let flag = match self.peek() {
                TokenKind::Keyword(Keyword::Pure) => &mut pure,
                TokenKind::Keyword(Keyword::Const) => &mut is_const,
                TokenKind::Keyword(Keyword::Async) => &mut is_async,
                TokenKind::Keyword(Keyword::Task) => &mut is_task,
                _ => break,
            };
            *flag = true;
            self.bump();
        }
        if !self.eat_kw(Keyword::Fn) {
            self.expected("`fn`");
            return None;
        }
        let name = self.ident("a function name")?;
        let generics = if self.eat(Punct::Lt) {
            self.list(Punct::Gt, |p| p.ident("a type parameter"))?
        } else {
            Vec::new()
        };
        self.expect(Punct::LParen)?;
        let params = self.list(Punct::RParen, Self::param)?;
        let result = if self.eat(Punct::Arrow) {
            Some(self.ty()?)
        } else {
            None
        };
        let sig_span = self.from(start);
        let body = if self.eat(Punct::Semi) {
            None
        } else if self.at(Punct::LBrace) {
            Some(self.block()?)
        } else {
            self.expected("`{` or `;`");
            return None;
        };
        let discipline = match (is_async, is_task) {
            (false, false) => Discipline::Normal,
            (true, false) => Discipline::Async,
            (false, true) => Discipline::Task,
            (true, true) => Discipline::AsyncTask,
        };
        Some(FnDecl {
            exported,
            public,
            pure,
            is_const,
            discipline,
            name,
            generics,
            params,
            result,
            body,
            sig_span,
        })
    }

    fn param(&mut self) -> P<Param> {
        let start = self.span();
        let mutable = self.eat_kw(Keyword::Mut);
        let variadic = self.eat(Punct::Ellipsis);
        let name = self.ident("a parameter name")?;
        let ty = if self.eat(Punct::Colon) {
            Some(self.ty()?)
        } else {
            None
        };
        let default = if self.eat(Punct::Eq) {
            Some(self.expr()?)
        } else {
            None
        };
        Some(Param {
            mutable,
            variadic,
            name,
            ty,
            default,
            span: self.from(start),
        })
    }

    fn ext(&mut self, exported: bool) -> P<ExtDecl> {
        self.bump(); // ext
        let name = self.ident("an external name")?;
        self.expect(Punct::Eq)?;
        let kind = if self.eat_kw(Keyword::Fn) {
            let (params, result) = self.fn_type_tail()?;
            ExtKind::Fn { params, result }
        } else {
            ExtKind::Value(self.ty()?)
        };
        self.expect(Punct::Semi)?;
        Some(ExtDecl {
            exported,
            name,
            kind,
        })
    }

    /// `(T, U) -> R` after `fn` in a type.
    fn fn_type_tail(&mut self) -> P<(Vec<TypeExpr>, Option<TypeExpr>)> {
        self.expect(Punct::LParen)?;
        let params = self.list(Punct::RParen, Self::ty)?;
        let result = if self.eat(Punct::Arrow) {
            Some(self.ty()?)
        } else {
            None
        };
        Some((params, result))
    }

    fn struct_decl(&mut self, exported: bool) -> P<StructDecl> {
        self.bump(); // struct
        let name = self.ident("a struct name")?;
        self.expect(Punct::LBrace)?;
        let mut fields = Vec::new();
        while !self.at(Punct::RBrace) && !self.at_eof() {
            let fname = self.ident("a field name")?;
            self.expect(Punct::Colon)?;
            let ty = self.ty()?;
            let span = fname.span.to(ty.span);
            fields.push(FieldDecl {
                name: fname,
                ty,
                span,
            });
            if !self.eat(Punct::Comma) && !self.eat(Punct::Semi) {
                break;
            }
        }
        self.expect(Punct::RBrace)?;
        Some(StructDecl {
            exported,
            name,
            fields,
        })
    }

    fn impl_decl(&mut self) -> P<ImplDecl> {
        self.bump(); // impl
        let ty = self.path("a type name")?;
        let interface = if self.eat_kw(Keyword::As) {
            Some(self.path("an interface name")?)
        } else {
            None
        };
        self.expect(Punct::LBrace)?;
        let mut methods = Vec::new();
        while !self.at(Punct::RBrace) && !self.at_eof() {
            let before = self.pos;
            let attrs = self.attrs();
            let start = attrs.first().map(|a| a.span).unwrap_or(self.span());
            let public = self.eat_kw(Keyword::Public);
            match self.fn_decl(false, public) {
                Some(f) => methods.push((attrs, f, self.from(start))),
                None => {
                    self.sync_stmt();
                    if self.pos == before {
                        self.bump();
                    }
                }
            }
        }
        self.expect(Punct::RBrace)?;
        Some(ImplDecl {
            ty,
            interface,
            methods,
        })
    }

    // ---- types ---------------------------------------------------------

    fn ty(&mut self) -> P<TypeExpr> {
        self.deeper(Self::ty_inner)
    }

    fn ty_inner(&mut self) -> P<TypeExpr> {
        let start = self.span();
        let mut t = if self.eat(Punct::Amp) {
            let inner = self.ty()?;
            TypeExpr {
                kind: TypeKind::Ref(Box::new(inner)),
                span: self.from(start),
            }
        } else if self.eat_kw(Keyword::Fn) {
            let (params, result) = self.fn_type_tail()?;
            TypeExpr {
                kind: TypeKind::Fn(params, result.map(Box::new)),
                span: self.from(start),
            }
        } else if self.eat(Punct::LParen) {
            let inner = self.ty()?;
            self.expect(Punct::RParen)?;
            inner
        } else {
            let path = self.path("a type")?;
            TypeExpr {
                span: path.span,
                kind: TypeKind::Named(path),
            }
        };
        loop {
            if self.eat(Punct::Question) {
                t = TypeExpr {
                    kind: TypeKind::Optional(Box::new(t)),
                    span: self.from(start),
                };
            } else if self.at(Punct::LBracket) {
                self.bump();
                if self.eat(Punct::RBracket) {
                    t = TypeExpr {
                        kind: TypeKind::Slice(Box::new(t)),
                        span: self.from(start),
                    };
                } else {
                    let n = match self.peek() {
                        TokenKind::Int(Some(v)) if *v <= u64::MAX as u128 => *v as u64,
                        _ => {
                            self.expected("an array length");
                            return None;
                        }
                    };
                    self.bump();
                    self.expect(Punct::RBracket)?;
                    t = TypeExpr {
                        kind: TypeKind::Array(Box::new(t), n),
                        span: self.from(start),
                    };
                }
            } else {
                return Some(t);
            }
        }
    }

    // ---- statements ----------------------------------------------------

    fn block(&mut self) -> P<Block> {
        self.deeper(Self::block_inner)
    }

    fn block_inner(&mut self) -> P<Block> {
        let start = self.expect(Punct::LBrace)?;
        let stmts = self.struct_lits(false, |p| {
            let mut stmts = Vec::new();
            while !p.at(Punct::RBrace) && !p.at_eof() {
                let before = p.pos;
                match p.stmt() {
                    Some(Some(s)) => stmts.push(s),
                    Some(None) => {}
                    None => {
                        let span = p.span();
                        p.sync_stmt();
                        stmts.push(Stmt {
                            attrs: Vec::new(),
                            kind: StmtKind::Error,
                            span,
                        });
                    }
                }
                if p.pos == before {
                    p.bump();
                }
            }
            stmts
        });
        self.expect(Punct::RBrace)?;
        Some(Block {
            stmts,
            span: self.from(start),
        })
    }

    /// One statement; `Some(None)` for an empty `;`.
    fn stmt(&mut self) -> P<Option<Stmt>> {
        let attrs = self.attrs();
        let start = attrs.first().map(|a| a.span).unwrap_or(self.span());
        let kind = match self.peek() {
            TokenKind::Punct(Punct::Semi) if attrs.is_empty() => {
                self.bump();
                return Some(None);
            }
            TokenKind::Keyword(Keyword::Let) | TokenKind::Keyword(Keyword::Var) => {
                let is_var = self.at_kw(Keyword::Var);
                self.bump();
                let mutable = is_var || self.eat_kw(Keyword::Mut);
                let name = self.ident("a binding name")?;
                let ty = if self.eat(Punct::Colon) {
                    Some(self.ty()?)
                } else {
                    None
                };
                let init = if self.eat(Punct::Eq) {
                    Some(self.expr()?)
                } else {
                    None
                };
                self.expect(Punct::Semi)?;
                StmtKind::Let {
                    id: self.id(),
                    mutable,
                    name,
                    ty,
                    init,
                }
            }
            TokenKind::Keyword(Keyword::Const) => StmtKind::Const(self.const_decl()?),
            TokenKind::Keyword(Keyword::If) => self.if_stmt()?,
            TokenKind::Keyword(Keyword::While) => {
                self.bump();
                let cond = self.cond()?;
                let body = self.block()?;
                StmtKind::While { cond, body }
            }
            TokenKind::Keyword(Keyword::Loop) => {
                self.bump();
                StmtKind::Loop(self.block()?)
            }
            // `for` is contextual: `for NAME in ITEMS { ... }`.
            TokenKind::Ident(w)
                if w == "for"
                    && matches!(self.peek_at(1), TokenKind::Ident(_))
                    && matches!(self.peek_at(2), TokenKind::Ident(n) if n == "in") =>
            {
                self.bump();
                let name = self.ident("a loop variable")?;
                self.bump(); // in
                let items = self.cond()?;
                let body = self.block()?;
                StmtKind::For {
                    id: self.id(),
                    name,
                    items,
                    body,
                }
            }
            TokenKind::Keyword(Keyword::Break) => {
                self.bump();
                self.expect(Punct::Semi)?;
                StmtKind::Break
            }
            TokenKind::Keyword(Keyword::Continue) => {
                self.bump();
                self.expect(Punct::Semi)?;
                StmtKind::Continue
            }
            TokenKind::Keyword(Keyword::Return) => {
                self.bump();
                let value = if self.at(Punct::Semi) {
                    None
                } else {
                    Some(self.expr()?)
                };
                self.expect(Punct::Semi)?;
                StmtKind::Return(value)
            }
            TokenKind::Punct(Punct::LBrace) => StmtKind::Block(self.block()?),
            TokenKind::Keyword(Keyword::Gpu)
                if matches!(self.peek_at(1), TokenKind::Punct(Punct::LParen)) =>
            {
                let launch = self.launch()?;
                if self.at(Punct::Semi) {
                    self.bump();
                }
                StmtKind::Launch(launch)
            }
            _ => {
                let target = self.expr()?;
                let op = match self.peek() {
                    TokenKind::Punct(Punct::Eq) => Some(None),
                    TokenKind::Punct(p) => compound_op(*p).map(Some),
                    _ => None,
                };
                if let Some(op) = op {
                    self.bump();
                    let value = self.expr()?;
                    self.expect(Punct::Semi)?;
                    StmtKind::Assign { target, op, value }
                } else {
                    self.expect(Punct::Semi)?;
                    StmtKind::Expr(target)
                }
            }
        };
        Some(Some(Stmt {
            attrs,
            kind,
            span: self.from(start),
        }))
    }

    fn cond(&mut self) -> P<Expr> {
        self.struct_lits(true, Self::expr)
    }

    fn if_stmt(&mut self) -> P<StmtKind> {
        self.bump(); // if
        let cond = self.cond()?;
        let then = self.block()?;
        let otherwise = if self.eat_kw(Keyword::Else) {
            if self.at_kw(Keyword::If) {
                let start = self.span();
                let nested = self.deeper(Self::if_stmt);
                let span = self.from(start);
                Some(Block {
                    stmts: vec![Stmt {
                        attrs: Vec::new(),
                        kind: nested?,
                        span,
                    }],
                    span,
                })
            } else {
                Some(self.block()?)
            }
        } else {
            None
        };
        Some(StmtKind::If {
            cond,
            then,
            otherwise,
        })
    }

    /// `gpu (grid=…, workspace=…) { kernel(args); }`
    fn launch(&mut self) -> P<LaunchBlock> {
        let keyword = self.bump(); // gpu
        self.saw_launch = true;
        self.expect(Punct::LParen)?;
        let mut grid: Option<Expr> = None;
        let mut workspace: Option<Expr> = None;
        while !self.at(Punct::RParen) {
            let name = self.ident("a launch option (`grid` or `workspace`)")?;
            self.expect(Punct::Eq)?;
            let value = self.expr()?;
            let slot = match name.name.as_str() {
                "grid" => &mut grid,
                "workspace" => &mut workspace,
                other => {
                    self.diags.push(
                        Diagnostic::error(
                            codes::PARSE,
                            format!("unknown `gpu` launch option `{other}`"),
                        )
                        .at(name.span, "unknown option")
                        .note("a launch block takes exactly `grid=<u64>` and `workspace=<u64>`"),
                    );
                    if !self.eat(Punct::Comma) {
                        break;
                    }
                    continue;
                }
            };
            if slot.is_some() {
                self.diags.push(
                    Diagnostic::error(
                        codes::PARSE,
                        format!("launch option `{}` is given more than once", name.name),
                    )
                    .at(name.span, "repeated option"),
                );
            } else {
                *slot = Some(value);
            }
            if !self.eat(Punct::Comma) {
                break;
            }
        }
        let close = self.expect(Punct::RParen)?;
        let header = keyword.to(close);
        for (missing, present) in [("grid", grid.is_some()), ("workspace", workspace.is_some())] {
            if !present {
                self.diags.push(
                    Diagnostic::error(
                        codes::PARSE,
                        format!("`gpu` launch block is missing the `{missing}` option"),
                    )
                    .at(header, format!("add `{missing}=<u64>`"))
                    .note("a launch block takes exactly `grid=<u64>` and `workspace=<u64>`"),
                );
            }
        }
        let body = self.block()?;
        let call = self.launch_call(&body);
        Some(LaunchBlock {
            keyword,
            grid,
            workspace,
            call,
            span: self.from(keyword),
        })
    }

    /// The body must be exactly one direct, unqualified call statement.
    fn launch_call(&mut self, body: &Block) -> Option<Expr> {
        let note = "the body of a `gpu` launch block is exactly one direct call to a launchable GPU entry, like `kernel(args);`";
        let mut found = None;
        for (i, stmt) in body.stmts.iter().enumerate() {
            if matches!(stmt.kind, StmtKind::Error) {
                return None;
            }
            if i > 0 {
                self.diags.push(
                    Diagnostic::error(
                        codes::PARSE,
                        "`gpu` launch block body must contain exactly one call",
                    )
                    .at(stmt.span, "extra statement")
                    .note(note),
                );
                return None;
            }
            let problem = match &stmt.kind {
                StmtKind::Expr(e) => match &e.kind {
                    ExprKind::Call(callee, _) => match &callee.kind {
                        ExprKind::Name(_) => {
                            found = Some(e.clone());
                            None
                        }
                        ExprKind::Field(..) | ExprKind::OptionalField(..) => {
                            Some(("field calls cannot be launch targets", callee.span))
                        }
                        ExprKind::Path(_) => Some((
                            "qualified calls cannot be launch targets; import the entry and call it by name",
                            callee.span,
                        )),
                        _ => Some(("the launch target must be a GPU entry name", callee.span)),
                    },
                    ExprKind::Name(_) | ExprKind::Path(_) => Some((
                        "function values cannot be launched; call the entry with its arguments",
                        e.span,
                    )),
                    _ => Some(("expected a direct call to a GPU entry", e.span)),
                },
                StmtKind::Let { .. } | StmtKind::Const(_) => Some(("declarations are not allowed in a `gpu` launch block", stmt.span)),
                StmtKind::If { .. }
                | StmtKind::While { .. }
                | StmtKind::For { .. }
                | StmtKind::Loop(_)
                | StmtKind::Break
                | StmtKind::Continue
                | StmtKind::Return(_) => {
                    Some(("control flow is not allowed in a `gpu` launch block", stmt.span))
                }
                _ => Some(("expected a direct call to a GPU entry", stmt.span)),
            };
            if let Some((message, span)) = problem {
                self.diags.push(
                    Diagnostic::error(codes::PARSE, message.to_string())
                        .at(span, "not a direct kernel call")
                        .note(note),
                );
                return None;
            }
        }
        if found.is_none() && body.stmts.is_empty() {
            self.diags.push(
                Diagnostic::error(
                    codes::PARSE,
                    "`gpu` launch block body must contain exactly one call",
                )
                .at(body.span, "empty launch block")
                .note(note),
            );
        }
        found
    }

    // ---- expressions ---------------------------------------------------

    fn expr(&mut self) -> P<Expr> {
        self.deeper(|p| p.binary(0))
    }

    fn peek_binop(&self) -> Option<BinOp> {
        let TokenKind::Punct(p) = self.peek() else {
            return None;
        };
        Some(match p {
            Punct::Star => BinOp::Mul,
            Punct::Slash => BinOp::Div,
            Punct::Percent => BinOp::Rem,
            Punct::Plus => BinOp::Add,
            Punct::Minus => BinOp::Sub,
            Punct::Shl => BinOp::Shl,
            Punct::Shr => BinOp::Shr,
            Punct::Amp => BinOp::BitAnd,
            Punct::Caret => BinOp::BitXor,
            Punct::Pipe => BinOp::BitOr,
            Punct::EqEq => BinOp::Eq,
            Punct::BangEq => BinOp::Ne,
            Punct::Lt => BinOp::Lt,
            Punct::Le => BinOp::Le,
            Punct::Gt => BinOp::Gt,
            Punct::Ge => BinOp::Ge,
            Punct::AmpAmp => BinOp::And,
            Punct::PipePipe => BinOp::Or,
            Punct::QuestionQuestion => BinOp::Coalesce,
            _ => return None,
        })
    }

    /// Precedence climbing: operators binding at least `min` are folded in.
    fn binary(&mut self, min: u8) -> P<Expr> {
        let mut lhs = self.cast()?;
        let mut last_cmp: Option<Span> = None;
        while let Some(op) = self.peek_binop() {
            let prec = op.precedence();
            if prec < min {
                break;
            }
            let op_span = self.bump();
            if op.is_comparison() {
                if let Some(prev) = last_cmp {
                    self.report(
                        Diagnostic::error(codes::PARSE, "comparison operators cannot be chained")
                            .at(op_span, "second comparison")
                            .also(prev, "first comparison")
                            .help("split the comparison with `&&`, as in `a < b && b < c`"),
                    );
                }
                last_cmp = Some(op_span);
            }
            // `??` is right-associative; everything else is left-associative.
            let next_min = if op == BinOp::Coalesce {
                prec
            } else {
                prec + 1
            };
            let rhs = self.binary(next_min)?;
            let span = lhs.span.to(rhs.span);
            lhs = self.expr_node(ExprKind::Binary(op, Box::new(lhs), Box::new(rhs)), span);
        }
        Some(lhs)
    }

    /// Unary operators bind tighter than `as`: `-x as u32` is `(-x) as u32`.
    fn cast(&mut self) -> P<Expr> {
        let mut e = self.unary()?;
        while self.eat_kw(Keyword::As) {
            let ty = self.ty()?;
            let span = e.span.to(ty.span);
            e = self.expr_node(ExprKind::Cast(Box::new(e), ty), span);
        }
        Some(e)
    }

    fn unary(&mut self) -> P<Expr> {
        let op = match self.peek() {
            TokenKind::Punct(Punct::Minus) => UnOp::Neg,
            TokenKind::Punct(Punct::Bang) => UnOp::Not,
            TokenKind::Punct(Punct::Tilde) => UnOp::BitNot,
            _ => return self.postfix(),
        };
        let start = self.bump();
        let inner = self.deeper(Self::unary)?;
        let span = start.to(inner.span);
        Some(self.expr_node(ExprKind::Unary(op, Box::new(inner)), span))
    }

    fn postfix(&mut self) -> P<Expr> {
        let mut e = self.primary()?;
        loop {
            if self.at(Punct::LParen) {
                self.bump();
                let args = self.struct_lits(false, |p| p.list(Punct::RParen, Self::expr))?;
                let span = self.from(e.span);
                e = self.expr_node(ExprKind::Call(Box::new(e), args), span);
            } else if self.at(Punct::Dot) || self.at(Punct::QuestionDot) {
                let optional = self.at(Punct::QuestionDot);
                self.bump();
                let name = self.ident("a field or method name")?;
                let span = e.span.to(name.span);
                let kind = if optional {
                    ExprKind::OptionalField(Box::new(e), name)
                } else {
                    ExprKind::Field(Box::new(e), name)
                };
                e = self.expr_node(kind, span);
            } else if self.at(Punct::LBracket) {
                self.bump();
                let index = self.struct_lits(false, Self::expr)?;
                self.expect(Punct::RBracket)?;
                let span = self.from(e.span);
                e = self.expr_node(ExprKind::Index(Box::new(e), Box::new(index)), span);
            } else {
                return Some(e);
            }
        }
    }

    fn primary(&mut self) -> P<Expr> {
        let start = self.span();
        let kind = match self.peek() {
            &TokenKind::Int(v) => {
                self.bump();
                if v.is_none() {
                    self.report(
                        Diagnostic::error(codes::PARSE, "integer literal is too large")
                            .at(start, "does not fit in 128 bits"),
                    );
                }
                ExprKind::Int(v)
            }
            &TokenKind::Float(v) => {
                self.bump();
                ExprKind::Float(v)
            }
            TokenKind::Str(s) => {
                let s = s.clone();
                self.bump();
                ExprKind::Str(s)
            }
            &TokenKind::Char(c) => {
                self.bump();
                ExprKind::Char(c)
            }
            TokenKind::Keyword(Keyword::True) => {
                self.bump();
                ExprKind::Bool(true)
            }
            TokenKind::Keyword(Keyword::False) => {
                self.bump();
                ExprKind::Bool(false)
            }
            TokenKind::Keyword(Keyword::Gpu)
                if matches!(self.peek_at(1), TokenKind::Punct(Punct::LParen)) =>
            {
                let launch = self.launch()?;
                let span = launch.span;
                return Some(self.expr_node(ExprKind::Launch(Box::new(launch)), span));
            }
            TokenKind::Keyword(Keyword::If) => return self.deeper(Self::if_expr),
            TokenKind::Ident(ref n) if n == "None" => {
                self.bump();
                ExprKind::None
            }
            TokenKind::Keyword(Keyword::Attr)
                if matches!(self.peek_at(1), TokenKind::Punct(Punct::LParen)) =>
            {
                let attr = self.attr()?;
                let span = attr.span;
                return Some(self.expr_node(ExprKind::AttrQuery(attr), span));
            }
            TokenKind::Punct(Punct::LBracket) => {
                self.bump();
                let items = self.struct_lits(false, |p| p.list(Punct::RBracket, Self::expr))?;
                ExprKind::ArrayLit(items)
            }
            TokenKind::Punct(Punct::LParen) => {
                self.bump();
                let inner = self.struct_lits(false, Self::expr)?;
                self.expect(Punct::RParen)?;
                ExprKind::Paren(Box::new(inner))
            }
            TokenKind::Ident(_) | TokenKind::Keyword(Keyword::Gpu) => {
                let path = self.path("an expression")?;
                if self.at(Punct::LBrace) && !self.no_struct_lit && self.looks_like_struct_lit() {
                    return self.struct_lit(path);
                }
                if path.segments.len() == 1 {
                    let mut segments = path.segments;
                    ExprKind::Name(segments.remove(0))
                } else {
                    ExprKind::Path(path)
                }
            }
            _ => {
                self.expected("an expression");
                return None;
            }
        };
        let span = self.from(start);
        Some(self.expr_node(kind, span))
    }

    /// `if c { a } else { b }` (or `else if ...`) as a value.
    fn if_expr(&mut self) -> P<Expr> {
        let start = self.bump(); // if
        let cond = self.cond()?;
        let then = self.branch()?;
        if !self.eat_kw(Keyword::Else) {
            self.expected("`else` (an `if` used as a value needs both branches)");
            return None;
        }
        let otherwise = if self.at_kw(Keyword::If) {
            self.deeper(Self::if_expr)?
        } else {
            self.branch()?
        };
        let span = self.from(start);
        Some(self.expr_node(
            ExprKind::If(Box::new(cond), Box::new(then), Box::new(otherwise)),
            span,
        ))
    }

    /// `{ expr }`, one branch of an `if` expression.
    fn branch(&mut self) -> P<Expr> {
        self.expect(Punct::LBrace)?;
        let e = self.struct_lits(false, Self::expr)?;
        self.expect(Punct::RBrace)?;
        Some(e)
    }

    /// After `Name`, `{` starts a struct literal only as `{}` or `{ ident :`.
    fn looks_like_struct_lit(&self) -> bool {
        matches!(self.peek_at(1), TokenKind::Punct(Punct::RBrace))
            || (matches!(self.peek_at(1), TokenKind::Ident(_))
                && matches!(self.peek_at(2), TokenKind::Punct(Punct::Colon)))
    }

    fn struct_lit(&mut self, path: Path) -> P<Expr> {
        self.bump(); // {
        let fields = self.list(Punct::RBrace, |p| {
            let name = p.ident("a field name")?;
            p.expect(Punct::Colon)?;
            Some((name, p.expr()?))
        })?;
        let span = self.from(path.span);
        Some(self.expr_node(ExprKind::StructLit(path, fields), span))
    }
}

fn compound_op(p: Punct) -> Option<BinOp> {
    Some(match p {
        Punct::PlusEq => BinOp::Add,
        Punct::MinusEq => BinOp::Sub,
        Punct::StarEq => BinOp::Mul,
        Punct::SlashEq => BinOp::Div,
        Punct::PercentEq => BinOp::Rem,
        Punct::AmpEq => BinOp::BitAnd,
        Punct::PipeEq => BinOp::BitOr,
        Punct::CaretEq => BinOp::BitXor,
        Punct::ShlEq => BinOp::Shl,
        Punct::ShrEq => BinOp::Shr,
        _ => return None,
    })
}

#[cfg(test)]
mod tests;
