//! A checked program: packages, symbols, and the checker's side tables.

use crate::ast::{self, ExprId};
use crate::source::Span;
use crate::types::{StructId, Ty};
use std::collections::HashMap;

/// Index of a package in [`Program::packages`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PackageId(pub u32);

/// Index of a symbol in [`Program::symbols`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SymbolId(pub u32);

/// Index of a local binding (parameter or `let`/`var`) in [`Program::locals`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LocalId(pub u32);

/// Where a package's source came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PackageOrigin {
    /// The package being built: its exported function is the kernel.
    Root,
    /// Another user package the root depends on.
    Dependency,
    /// A standard-library module shipped inside this crate.
    Std,
}

#[derive(Clone, Debug)]
pub struct Package {
    /// `std::gpu::device`, `app`, ...
    pub path: String,
    pub origin: PackageOrigin,
    /// Indexes into [`Program::files`].
    pub files: Vec<usize>,
    /// Top-level declarations by name.
    pub items: HashMap<String, SymbolId>,
}

/// Which compilation the program is checked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Mode {
    /// An ordinary (host) program: only `attr(device=gpu)` functions are device code.
    #[default]
    Host,
    /// A standalone `--kind object --target amdgcn-…` build: the selected
    /// target supplies the device context, so every function is device code.
    AmdgpuObject,
}

/// Options of one check.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Options {
    /// Do not make the shipped standard library available (`--nostd`).
    pub nostd: bool,
    pub mode: Mode,
}

/// A function's checked signature.
#[derive(Clone, Debug, PartialEq)]
pub struct FnSig {
    pub params: Vec<ParamSig>,
    pub result: Ty,
    pub pure: bool,
    pub is_const: bool,
    /// Declared `attr(device=gpu)`.
    pub device: bool,
    pub discipline: ast::Discipline,
    pub generic: bool,
    pub has_body: bool,
    /// Instance method: the first parameter is `self`.
    pub has_self: bool,
}

impl FnSig {
    /// Parameters a caller passes (without `self`).
    pub fn call_params(&self) -> &[ParamSig] {
        if self.has_self {
            &self.params[1..]
        } else {
            &self.params
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct ParamSig {
    pub name: String,
    pub ty: Ty,
    pub mutable: bool,
    pub variadic: bool,
    pub has_default: bool,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum SymbolKind {
    Fn(FnSig),
    /// `ext name = fn (...) -> R;` (always impure).
    ExtFn(FnSig),
    /// `ext name = T;`
    ExtValue(Ty),
    Struct(StructId),
    /// A method of a struct (`impl` block member).
    Method {
        owner: StructId,
        sig: FnSig,
        public: bool,
    },
    /// A module-scope named constant (`const NAME: T = e;`) of scalar type `T`.
    Const(Ty),
}

/// Where a symbol's declaration is in the syntax tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DeclRef {
    /// Index into [`Program::files`].
    pub file: usize,
    /// Index into that file's items.
    pub item: usize,
    /// For methods: index into the `impl` block's methods.
    pub method: Option<usize>,
}

#[derive(Clone, Debug)]
pub struct Symbol {
    pub name: String,
    pub package: PackageId,
    pub kind: SymbolKind,
    pub exported: bool,
    /// The declaration's name.
    pub span: Span,
    pub decl: DeclRef,
}

impl Symbol {
    pub fn fn_sig(&self) -> Option<&FnSig> {
        match &self.kind {
            SymbolKind::Fn(s) | SymbolKind::ExtFn(s) | SymbolKind::Method { sig: s, .. } => Some(s),
            _ => None,
        }
    }

    pub fn is_ext(&self) -> bool {
        matches!(self.kind, SymbolKind::ExtFn(_) | SymbolKind::ExtValue(_))
    }
}

#[derive(Clone, Debug)]
pub struct StructInfo {
    pub name: String,
    pub package: PackageId,
    pub symbol: SymbolId,
    pub fields: Vec<(String, Ty, Span)>,
    pub methods: HashMap<String, SymbolId>,
}

#[derive(Clone, Debug)]
pub struct LocalInfo {
    pub name: String,
    pub ty: Ty,
    pub mutable: bool,
    pub span: Span,
    /// For parameters: the index in the function's parameter list.
    pub param_index: Option<usize>,
}

/// What a name (or path, or `pkg.name` field) expression refers to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NameRes {
    Local(LocalId),
    Symbol(SymbolId),
    Package(PackageId),
}

/// The function a call expression invokes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Callee {
    /// A function, `ext` function or static method.
    Direct(SymbolId),
    /// An instance method; the receiver is the callee's base expression.
    Method(SymbolId),
    /// The built-in `assert(cond, "message")`: traps when `cond` is false.
    Assert,
    /// A call through a function-typed value.
    Indirect,
}

/// A parsed, resolved and type-checked program.
#[derive(Clone, Debug)]
pub struct Program {
    pub options: Options,
    pub files: Vec<ast::File>,
    pub packages: Vec<Package>,
    pub root: PackageId,
    pub symbols: Vec<Symbol>,
    pub structs: Vec<StructInfo>,
    pub locals: Vec<LocalInfo>,
    /// Type of every checked expression.
    pub expr_types: HashMap<ExprId, Ty>,
    /// Resolution of name, path and namespace-field expressions.
    pub names: HashMap<ExprId, NameRes>,
    /// Callee of every call expression, keyed by the call's id.
    pub calls: HashMap<ExprId, Callee>,
    /// The local each `let`/`var` statement binds, keyed by the statement's id.
    pub bindings: HashMap<ExprId, LocalId>,
    /// The locals of each checked function's parameters, in order.
    pub params: HashMap<SymbolId, Vec<LocalId>>,
    /// The root package's `test "name" { ... }` blocks, in source order.
    pub tests: Vec<TestInfo>,
}

/// One `test "name" { ... }` block.
#[derive(Clone, Debug)]
pub struct TestInfo {
    pub name: String,
    /// Index into [`Program::files`] and that file's items.
    pub file: usize,
    pub item: usize,
    pub span: Span,
}

impl Program {
    pub fn package(&self, id: PackageId) -> &Package {
        &self.packages[id.0 as usize]
    }

    pub fn symbol(&self, id: SymbolId) -> &Symbol {
        &self.symbols[id.0 as usize]
    }

    pub fn local(&self, id: LocalId) -> &LocalInfo {
        &self.locals[id.0 as usize]
    }

    pub fn root_package(&self) -> &Package {
        self.package(self.root)
    }

    /// Look a package up by path (`std::gpu::device`).
    pub fn package_by_path(&self, path: &str) -> Option<PackageId> {
        self.packages
            .iter()
            .position(|p| p.path == path)
            .map(|i| PackageId(i as u32))
    }

    /// The syntax of a function or method symbol.
    pub fn fn_decl(&self, id: SymbolId) -> Option<&ast::FnDecl> {
        let decl = self.symbol(id).decl;
        let item = self.files.get(decl.file)?.items.get(decl.item)?;
        match (&item.kind, decl.method) {
            (ast::ItemKind::Fn(f), None) => Some(f),
            (ast::ItemKind::Impl(i), Some(m)) => i.methods.get(m).map(|(_, f, _)| f),
            _ => None,
        }
    }

    /// The item (with its attributes) a top-level symbol was declared by.
    pub fn item(&self, id: SymbolId) -> Option<&ast::Item> {
        let decl = self.symbol(id).decl;
        self.files.get(decl.file)?.items.get(decl.item)
    }

    /// The body of a `test` block.
    pub fn test_body(&self, t: &TestInfo) -> Option<&ast::Block> {
        match &self.files.get(t.file)?.items.get(t.item)?.kind {
            ast::ItemKind::Test(d) => Some(&d.body),
            _ => None,
        }
    }

    pub fn expr_type(&self, id: ExprId) -> Option<&Ty> {
        self.expr_types.get(&id)
    }

    pub fn callee(&self, call: ExprId) -> Option<Callee> {
        self.calls.get(&call).copied()
    }

    pub fn name_res(&self, expr: ExprId) -> Option<NameRes> {
        self.names.get(&expr).copied()
    }

    /// The `std::…` module path a symbol belongs to, if it is a std symbol.
    pub fn std_module_of(&self, id: SymbolId) -> Option<&str> {
        let pkg = self.package(self.symbol(id).package);
        (pkg.origin == PackageOrigin::Std).then_some(pkg.path.as_str())
    }

    /// Human-readable spelling of a type.
    pub fn ty_name(&self, ty: &Ty) -> String {
        ty.display(&|id| {
            self.structs
                .get(id.0 as usize)
                .map(|s| s.name.clone())
                .unwrap_or_else(|| "?".into())
        })
    }
}
