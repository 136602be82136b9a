//! The syntax tree. Every node carries the [`Span`] it was parsed from;
//! every expression also carries an [`ExprId`], unique across one
//! compilation, that the checker's side tables are keyed by.

use crate::source::{FileId, Span};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ident {
    pub name: String,
    pub span: Span,
}

/// `a::b::c`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Path {
    pub segments: Vec<Ident>,
    pub span: Span,
}

impl Path {
    pub fn joined(&self) -> String {
        self.segments
            .iter()
            .map(|s| s.name.as_str())
            .collect::<Vec<_>>()
            .join("::")
    }
}

/// One parsed file.
#[derive(Clone, Debug)]
pub struct File {
    pub id: FileId,
    /// `package a::b;` (or `module a::b;`).
    pub package: Option<Path>,
    pub imports: Vec<Import>,
    pub items: Vec<Item>,
    /// Whether the file contains a `gpu` launch block (needs `std::gpu`).
    pub has_launch: bool,
}

#[derive(Clone, Debug)]
pub struct Import {
    pub kind: ImportKind,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum ImportKind {
    /// `import std::strings;` (a package) or `import std::strings::Builder;`
    /// (one symbol); `as alias` optional.
    Path { path: Path, alias: Option<Ident> },
    /// `import { a, b as c } from "std/gpu/device";`
    Named {
        names: Vec<ImportName>,
        from: StrLit,
    },
    /// `import ns from "./file.slk";`
    Namespace { alias: Ident, from: StrLit },
}

#[derive(Clone, Debug)]
pub struct ImportName {
    pub name: Ident,
    pub alias: Option<Ident>,
}

impl ImportName {
    /// The name the import binds in the importing file.
    pub fn local(&self) -> &Ident {
        self.alias.as_ref().unwrap_or(&self.name)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StrLit {
    pub value: String,
    pub span: Span,
}

/// `attr(key=value, tag, ...)`.
#[derive(Clone, Debug, PartialEq)]
pub struct Attr {
    pub args: Vec<AttrArg>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct AttrArg {
    pub key: Ident,
    pub value: Option<AttrValue>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum AttrValue {
    Ident(Ident),
    Str(StrLit),
    Int(u128, Span),
    Bool(bool, Span),
}

impl AttrValue {
    pub fn span(&self) -> Span {
        match self {
            AttrValue::Ident(i) => i.span,
            AttrValue::Str(s) => s.span,
            AttrValue::Int(_, s) | AttrValue::Bool(_, s) => *s,
        }
    }
}

#[derive(Clone, Debug)]
pub struct Item {
    pub attrs: Vec<Attr>,
    pub kind: ItemKind,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum ItemKind {
    Fn(FnDecl),
    Ext(ExtDecl),
    Struct(StructDecl),
    Impl(ImplDecl),
    /// `using name = path;`: a module-scope alias of a function.
    Using(UsingDecl),
    /// `const NAME: T = e;` at module scope.
    Const(ConstDecl),
    /// `test "name" { ... }`, run by `silk test`, left out of other builds.
    Test(TestDecl),
}

/// `using name = a::b::f;`: `name` is another spelling of the function
/// `a::b::f` in the declaring file. Calls through it resolve to the
/// lexical target (the alias is not a symbol of its own).
#[derive(Clone, Debug)]
pub struct UsingDecl {
    pub name: Ident,
    pub target: Path,
}

/// `const NAME: T = e;`: a named compile-time scalar (module scope or a
/// statement). The initializer must be a constant expression.
#[derive(Clone, Debug)]
pub struct ConstDecl {
    pub name: Ident,
    /// Required at module scope (the checker says so); optional in blocks.
    pub ty: Option<TypeExpr>,
    pub value: Expr,
}

/// `test "name" { ... }`.
#[derive(Clone, Debug)]
pub struct TestDecl {
    pub name: StrLit,
    pub body: Block,
}

/// Execution discipline of a function.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Discipline {
    #[default]
    Normal,
    Async,
    Task,
    AsyncTask,
}

#[derive(Clone, Debug)]
pub struct FnDecl {
    pub exported: bool,
    /// `public` (methods).
    pub public: bool,
    pub pure: bool,
    pub is_const: bool,
    pub discipline: Discipline,
    pub name: Ident,
    /// `fn f<T, U>` type parameters (parsed so they can be rejected).
    pub generics: Vec<Ident>,
    pub params: Vec<Param>,
    pub result: Option<TypeExpr>,
    /// `None` for a declaration-only prototype (`fn f();`).
    pub body: Option<Block>,
    /// From the first qualifier to the end of the result type.
    pub sig_span: Span,
}

#[derive(Clone, Debug)]
pub struct Param {
    pub mutable: bool,
    pub variadic: bool,
    pub name: Ident,
    /// `None` when unannotated (defaults to `int`).
    pub ty: Option<TypeExpr>,
    pub default: Option<Expr>,
    pub span: Span,
}

/// `ext name = fn (T, ...) -> R;` or `ext name = T;`.
#[derive(Clone, Debug)]
pub struct ExtDecl {
    pub exported: bool,
    pub name: Ident,
    pub kind: ExtKind,
}

#[derive(Clone, Debug)]
pub enum ExtKind {
    Fn {
        params: Vec<TypeExpr>,
        result: Option<TypeExpr>,
    },
    Value(TypeExpr),
}

#[derive(Clone, Debug)]
pub struct StructDecl {
    pub exported: bool,
    pub name: Ident,
    pub fields: Vec<FieldDecl>,
}

#[derive(Clone, Debug)]
pub struct FieldDecl {
    pub name: Ident,
    pub ty: TypeExpr,
    pub span: Span,
}

/// `impl T { ... }` or `impl T as Interface { ... }`.
#[derive(Clone, Debug)]
pub struct ImplDecl {
    pub ty: Path,
    pub interface: Option<Path>,
    pub methods: Vec<(Vec<Attr>, FnDecl, Span)>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct TypeExpr {
    pub kind: TypeKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum TypeKind {
    Named(Path),
    /// `T?`
    Optional(Box<TypeExpr>),
    /// `&T`
    Ref(Box<TypeExpr>),
    /// `T[]`
    Slice(Box<TypeExpr>),
    /// `T[N]`
    Array(Box<TypeExpr>, u64),
    /// `fn (T, ...) -> R`
    Fn(Vec<TypeExpr>, Option<Box<TypeExpr>>),
    /// Could not be parsed (already reported).
    Error,
}

#[derive(Clone, Debug)]
pub struct Block {
    pub stmts: Vec<Stmt>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Stmt {
    pub attrs: Vec<Attr>,
    pub kind: StmtKind,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum StmtKind {
    /// `let x: T = e;`, `let mut x = e;`, `var x: T = e;`
    Let {
        /// Key of the binding in [`crate::Program::bindings`].
        id: ExprId,
        mutable: bool,
        name: Ident,
        ty: Option<TypeExpr>,
        init: Option<Expr>,
    },
    /// `const NAME: T = e;` in a block.
    Const(ConstDecl),
    /// `place = value;` or `place op= value;`
    Assign {
        target: Expr,
        op: Option<BinOp>,
        value: Expr,
    },
    Expr(Expr),
    If {
        cond: Expr,
        then: Block,
        /// `else { ... }` or `else if ...` (as a one-statement block).
        otherwise: Option<Block>,
    },
    While {
        cond: Expr,
        body: Block,
    },
    Loop(Block),
    /// `for x in items { ... }` over an array or a slice.
    For {
        /// Key of the element binding in [`crate::Program::bindings`].
        id: ExprId,
        name: Ident,
        items: Expr,
        body: Block,
    },
    Break,
    Continue,
    Return(Option<Expr>),
    Block(Block),
    /// A launch block in statement position (no `;` after `}`).
    Launch(LaunchBlock),
    /// Could not be parsed (already reported).
    Error,
}

/// Unique id of an expression within one compilation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ExprId(pub u32);

#[derive(Clone, Debug)]
pub struct Expr {
    pub id: ExprId,
    pub kind: ExprKind,
    pub span: Span,
    /// Height of this expression tree (a leaf is 1); the parser keeps it
    /// below its nesting limit so later passes can recurse safely.
    pub depth: u16,
}

#[derive(Clone, Debug)]
pub enum ExprKind {
    /// Unsigned integer literal; `None` when it does not fit in 128 bits.
    Int(Option<u128>),
    Float(f64),
    Str(String),
    Char(char),
    Bool(bool),
    Name(Ident),
    /// `a::b::c` (two or more segments).
    Path(Path),
    Unary(UnOp, Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    Cast(Box<Expr>, TypeExpr),
    Call(Box<Expr>, Vec<Expr>),
    Field(Box<Expr>, Ident),
    /// `a?.b`
    OptionalField(Box<Expr>, Ident),
    StructLit(Path, Vec<(Ident, Expr)>),
    /// `[a, b, c]`, a fixed-size array.
    ArrayLit(Vec<Expr>),
    /// `a[i]` on an array or a slice.
    Index(Box<Expr>, Box<Expr>),
    /// `(e)`; kept so spans and "direct literal" checks see the parentheses.
    Paren(Box<Expr>),
    Launch(Box<LaunchBlock>),
    /// `if c { a } else { b }` in value position (each branch one expression).
    If(Box<Expr>, Box<Expr>, Box<Expr>),
    /// `None`, the empty optional.
    None,
    /// `attr(os="linux")` as a compile-time bool query.
    AttrQuery(Attr),
    /// Could not be parsed (already reported).
    Error,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnOp {
    Neg,
    Not,
    BitNot,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    Mul,
    Div,
    Rem,
    Add,
    Sub,
    Shl,
    Shr,
    BitAnd,
    BitXor,
    BitOr,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    And,
    Or,
    Coalesce,
}

impl BinOp {
    pub fn as_str(self) -> &'static str {
        match self {
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::Rem => "%",
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Shl => "<<",
            BinOp::Shr => ">>",
            BinOp::BitAnd => "&",
            BinOp::BitXor => "^",
            BinOp::BitOr => "|",
            BinOp::Eq => "==",
            BinOp::Ne => "!=",
            BinOp::Lt => "<",
            BinOp::Le => "<=",
            BinOp::Gt => ">",
            BinOp::Ge => ">=",
            BinOp::And => "&&",
            BinOp::Or => "||",
            BinOp::Coalesce => "??",
        }
    }

    /// Binding power: higher binds tighter. See the crate README for the table.
    pub fn precedence(self) -> u8 {
        match self {
            BinOp::Mul | BinOp::Div | BinOp::Rem => 10,
            BinOp::Add | BinOp::Sub => 9,
            BinOp::Shl | BinOp::Shr => 8,
            BinOp::BitAnd => 7,
            BinOp::BitXor => 6,
            BinOp::BitOr => 5,
            BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => 4,
            BinOp::And => 3,
            BinOp::Or => 2,
            BinOp::Coalesce => 1,
        }
    }

    pub fn is_comparison(self) -> bool {
        self.precedence() == 4
    }
}

/// `gpu (grid=…, workspace=…) { kernel(args); }`.
#[derive(Clone, Debug)]
pub struct LaunchBlock {
    /// The `gpu` keyword.
    pub keyword: Span,
    pub grid: Option<Expr>,
    pub workspace: Option<Expr>,
    /// The single launch call (`None` when the body was malformed).
    pub call: Option<Expr>,
    pub span: Span,
}
