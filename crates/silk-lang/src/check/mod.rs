//! Name resolution across files and packages, and the type checker,
//! including the rules of `pure fn` and of `attr(device=gpu)` placement.

use crate::ast::*;
use crate::diag::{codes, Diagnostic, Diagnostics};
use crate::program::*;
use crate::session::{ImportTarget, Loaded};
use crate::source::Span;
use crate::types::{IntTy, StructId, Ty};
use std::collections::HashMap;

mod arrays;
mod calls;
mod consts;

pub(crate) use consts::{const_in_device_code, const_use_in_device_code};

/// Prefix of the raw AMDGPU source intrinsics.
pub const INTRINSIC_PREFIX: &str = "__silk_amdgpu_";

/// Most parameters a launchable GPU entry may take.
pub const MAX_ENTRY_PARAMS: usize = 32;

pub(crate) fn check(loaded: Loaded, options: Options, diags: &mut Diagnostics) -> Program {
    let Loaded {
        files,
        packages: file_packages,
        imports,
        root_package,
    } = loaded;
    let mut program = Program {
        options,
        files: Vec::new(),
        packages: Vec::new(),
        root: PackageId(0),
        symbols: Vec::new(),
        structs: Vec::new(),
        locals: Vec::new(),
        expr_types: HashMap::new(),
        names: HashMap::new(),
        calls: HashMap::new(),
        bindings: HashMap::new(),
        params: HashMap::new(),
        tests: Vec::new(),
    };
    // Packages, the root first.
    let mut file_pkg = Vec::new();
    program.packages.push(Package {
        path: root_package.clone(),
        origin: PackageOrigin::Root,
        files: Vec::new(),
        items: HashMap::new(),
    });
    for (i, (path, origin)) in file_packages.iter().enumerate() {
        let id = match program.packages.iter().position(|p| &p.path == path) {
            Some(k) => k,
            None => {
                program.packages.push(Package {
                    path: path.clone(),
                    origin: *origin,
                    files: Vec::new(),
                    items: HashMap::new(),
                });
                program.packages.len() - 1
            }
        };
        program.packages[id].files.push(i);
        file_pkg.push(PackageId(id as u32));
    }
    let mut c = Checker {
        p: program,
        diags,
        file_pkg,
        scopes: Vec::new(),
        imports,
        const_locals: std::collections::HashSet::new(),
    };
    c.collect(&files);
    c.resolve_imports(&files);
    c.resolve_usings(&files);
    c.signatures(&files);
    c.const_items(&files);
    c.bodies(&files);
    c.test_bodies(&files);
    c.p.files = files;
    c.p
}

struct Checker<'d> {
    p: Program,
    diags: &'d mut Diagnostics,
    file_pkg: Vec<PackageId>,
    /// Names bound by each file's imports.
    scopes: Vec<HashMap<String, (NameRes, Span)>>,
    imports: HashMap<(usize, usize), ImportTarget>,
    /// Locals declared by `const` statements.
    const_locals: std::collections::HashSet<LocalId>,
}

/// Per-function checking state.
struct FnCtx {
    file: usize,
    name: String,
    result: Ty,
    pure: bool,
    /// Declared `attr(device=gpu)`.
    device: bool,
    /// Device code: `device`, or anything in an AMDGPU object build.
    device_context: bool,
    loops: u32,
    scopes: Vec<HashMap<String, LocalId>>,
    generics: Vec<String>,
}

fn placeholder_sig() -> FnSig {
    FnSig {
        params: Vec::new(),
        result: Ty::Void,
        pure: false,
        is_const: false,
        device: false,
        discipline: Discipline::Normal,
        generic: false,
        has_body: false,
        has_self: false,
    }
}

/// Whether `attrs` say `attr(device=gpu)`.
pub fn has_device_gpu(attrs: &[Attr]) -> bool {
    attrs.iter().flat_map(|a| &a.args).any(|arg| {
        arg.key.name == "device"
            && matches!(&arg.value, Some(AttrValue::Ident(v)) if v.name == "gpu")
    })
}

fn closest<'a>(name: &str, candidates: impl Iterator<Item = &'a String>) -> Option<String> {
    candidates
        .filter(|c| c.as_str() != name)
        .map(|c| (strsim::jaro_winkler(name, c), c))
        .filter(|(score, _)| *score > 0.85)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, c)| c.clone())
}

impl Checker<'_> {
    fn err(&mut self, d: Diagnostic) {
        self.diags.push(d);
    }

    fn ty_name(&self, ty: &Ty) -> String {
        self.p.ty_name(ty)
    }

    fn add_symbol(&mut self, sym: Symbol) -> SymbolId {
        let id = SymbolId(self.p.symbols.len() as u32);
        self.p.symbols.push(sym);
        id
    }

    // ---- collection ----------------------------------------------------

    fn declare(&mut self, pkg: PackageId, name: &Ident, id: SymbolId) {
        let items = &mut self.p.packages[pkg.0 as usize].items;
        if let Some(prev) = items.get(&name.name).copied() {
            let prev_span = self.p.symbol(prev).span;
            let path = self.p.package(pkg).path.clone();
            self.err(
                Diagnostic::error(
                    codes::DUPLICATE,
                    format!(
                        "`{}` is defined more than once in package `{path}`",
                        name.name
                    ),
                )
                .at(name.span, "redefined here")
                .also(prev_span, "first defined here"),
            );
        } else {
            items.insert(name.name.clone(), id);
        }
    }

    fn collect(&mut self, files: &[File]) {
        for (fi, file) in files.iter().enumerate() {
            let pkg = self.file_pkg[fi];
            for (ii, item) in file.items.iter().enumerate() {
                let decl = DeclRef {
                    file: fi,
                    item: ii,
                    method: None,
                };
                let (name, kind, exported) = match &item.kind {
                    ItemKind::Fn(f) => (&f.name, SymbolKind::Fn(placeholder_sig()), f.exported),
                    ItemKind::Ext(e) => (
                        &e.name,
                        match e.kind {
                            ExtKind::Fn { .. } => SymbolKind::ExtFn(placeholder_sig()),
                            ExtKind::Value(_) => SymbolKind::ExtValue(Ty::Error),
                        },
                        e.exported,
                    ),
                    ItemKind::Struct(s) => {
                        let sid = StructId(self.p.structs.len() as u32);
                        self.p.structs.push(StructInfo {
                            name: s.name.name.clone(),
                            package: pkg,
                            symbol: SymbolId(self.p.symbols.len() as u32),
                            fields: Vec::new(),
                            methods: HashMap::new(),
                        });
                        (&s.name, SymbolKind::Struct(sid), s.exported)
                    }
                    ItemKind::Const(c) => (&c.name, SymbolKind::Const(Ty::Error), false),
                    ItemKind::Impl(_) | ItemKind::Using(_) => continue,
                    ItemKind::Test(t) => {
                        if self.p.package(pkg).origin == PackageOrigin::Root {
                            self.p.tests.push(TestInfo {
                                name: t.name.value.clone(),
                                file: fi,
                                item: ii,
                                span: item.span,
                            });
                        }
                        continue;
                    }
                };
                let id = self.add_symbol(Symbol {
                    name: name.name.clone(),
                    package: pkg,
                    kind,
                    exported,
                    span: name.span,
                    decl,
                });
                self.declare(pkg, name, id);
            }
        }
        // Methods, once every struct is known.
        for (fi, file) in files.iter().enumerate() {
            let pkg = self.file_pkg[fi];
            for (ii, item) in file.items.iter().enumerate() {
                let ItemKind::Impl(imp) = &item.kind else {
                    continue;
                };
                let target = if imp.ty.segments.len() == 1 {
                    self.p
                        .package(pkg)
                        .items
                        .get(&imp.ty.segments[0].name)
                        .copied()
                } else {
                    None
                };
                let owner = match target.map(|t| &self.p.symbol(t).kind) {
                    Some(SymbolKind::Struct(sid)) => *sid,
                    _ => {
                        self.err(
                            Diagnostic::error(
                                codes::UNRESOLVED_NAME,
                                format!("cannot find struct `{}` in this package", imp.ty.joined()),
                            )
                            .at(imp.ty.span, "not a struct of this package")
                            .note("methods are declared in the package that declares the struct"),
                        );
                        continue;
                    }
                };
                for (mi, (_, f, _)) in imp.methods.iter().enumerate() {
                    let id = self.add_symbol(Symbol {
                        name: f.name.name.clone(),
                        package: pkg,
                        kind: SymbolKind::Method {
                            owner,
                            sig: placeholder_sig(),
                            public: f.public,
                        },
                        exported: f.public,
                        span: f.name.span,
                        decl: DeclRef {
                            file: fi,
                            item: ii,
                            method: Some(mi),
                        },
                    });
                    let methods = &mut self.p.structs[owner.0 as usize].methods;
                    if let Some(prev) = methods.get(&f.name.name).copied() {
                        let prev_span = self.p.symbol(prev).span;
                        let sname = self.p.structs[owner.0 as usize].name.clone();
                        self.err(
                            Diagnostic::error(
                                codes::DUPLICATE,
                                format!(
                                    "method `{}` is defined more than once for `{sname}`",
                                    f.name.name
                                ),
                            )
                            .at(f.name.span, "redefined here")
                            .also(prev_span, "first defined here"),
                        );
                    } else {
                        methods.insert(f.name.name.clone(), id);
                    }
                }
            }
        }
    }

    // ---- imports -------------------------------------------------------

    fn bind(&mut self, file: usize, name: &Ident, res: NameRes) {
        let pkg = self.file_pkg[file];
        if let Some((_, prev)) = self.scopes[file].get(&name.name) {
            let prev = *prev;
            self.err(
                Diagnostic::error(
                    codes::DUPLICATE,
                    format!("`{}` is imported more than once", name.name),
                )
                .at(name.span, "imported again here")
                .also(prev, "first imported here"),
            );
            return;
        }
        if let Some(own) = self.p.package(pkg).items.get(&name.name).copied() {
            // Importing a package's own symbol under its own name is harmless.
            if res != NameRes::Symbol(own) {
                let own_span = self.p.symbol(own).span;
                self.err(
                    Diagnostic::error(
                        codes::DUPLICATE,
                        format!(
                            "import `{}` conflicts with a declaration of this package",
                            name.name
                        ),
                    )
                    .at(name.span, "imported here")
                    .also(own_span, "declared here")
                    .help("import it under another name with `as`"),
                );
                return;
            }
        }
        self.scopes[file].insert(name.name.clone(), (res, name.span));
    }

    /// The exported symbol `name` of `pkg`, reporting when missing or private.
    fn package_member(
        &mut self,
        from_file: usize,
        pkg: PackageId,
        name: &Ident,
    ) -> Option<SymbolId> {
        let package = self.p.package(pkg);
        match package.items.get(&name.name).copied() {
            Some(sym) => {
                if !self.p.symbol(sym).exported && self.file_pkg[from_file] != pkg {
                    let decl = self.p.symbol(sym).span;
                    let path = package.path.clone();
                    self.err(
                        Diagnostic::error(
                            codes::PRIVATE,
                            format!("`{}` is private to package `{path}`", name.name),
                        )
                        .at(name.span, "not exported")
                        .also(decl, "declared here without `export`"),
                    );
                    None
                } else {
                    Some(sym)
                }
            }
            None => {
                let path = package.path.clone();
                let exported: Vec<String> = package
                    .items
                    .iter()
                    .filter(|(_, s)| self.p.symbol(**s).exported)
                    .map(|(n, _)| n.clone())
                    .collect();
                let mut d = Diagnostic::error(
                    codes::UNRESOLVED_IMPORT,
                    format!("package `{path}` has no export named `{}`", name.name),
                )
                .at(name.span, "not found");
                if let Some(s) = closest(&name.name, exported.iter()) {
                    d = d.help(format!("did you mean `{s}`?"));
                }
                self.err(d);
                None
            }
        }
    }

    fn resolve_imports(&mut self, files: &[File]) {
        self.scopes = vec![HashMap::new(); files.len()];
        for (fi, file) in files.iter().enumerate() {
            for (ii, import) in file.imports.iter().enumerate() {
                let target = self
                    .imports
                    .get(&(fi, ii))
                    .cloned()
                    .unwrap_or(ImportTarget::Unresolved);
                match (&import.kind, target) {
                    (_, ImportTarget::Unresolved) => {}
                    (ImportKind::Named { names, from }, ImportTarget::Package(path)) => {
                        let Some(pkg) = self.package_or_report(&path, from.span) else {
                            continue;
                        };
                        for n in names {
                            if let Some(sym) = self.package_member(fi, pkg, &n.name) {
                                self.bind(fi, n.local(), NameRes::Symbol(sym));
                            }
                        }
                    }
                    (ImportKind::Namespace { alias, from }, ImportTarget::Package(path)) => {
                        if let Some(pkg) = self.package_or_report(&path, from.span) {
                            self.bind(fi, alias, NameRes::Package(pkg));
                        }
                    }
                    (ImportKind::Path { path, alias }, _) => {
                        let full = path.joined();
                        let last = &path.segments[path.segments.len() - 1];
                        let local = alias.as_ref().unwrap_or(last);
                        if let Some(pkg) = self.p.package_by_path(&full) {
                            self.bind(fi, local, NameRes::Package(pkg));
                            continue;
                        }
                        let prefix = path.segments[..path.segments.len() - 1]
                            .iter()
                            .map(|s| s.name.as_str())
                            .collect::<Vec<_>>()
                            .join("::");
                        match self.p.package_by_path(&prefix) {
                            Some(pkg) if !prefix.is_empty() => {
                                if let Some(sym) = self.package_member(fi, pkg, last) {
                                    self.bind(fi, local, NameRes::Symbol(sym));
                                }
                            }
                            _ => self.err(
                                Diagnostic::error(codes::UNRESOLVED_IMPORT, format!("cannot find package `{full}`"))
                                    .at(path.span, "no such package or symbol")
                                    .note("packages come from the files given to the compiler, files named by `import ns from \"./file.slk\";`, and the standard library"),
                            ),
                        }
                    }
                    (_, _) => {}
                }
            }
        }
    }

    fn package_or_report(&mut self, path: &str, span: Span) -> Option<PackageId> {
        let found = self.p.package_by_path(path);
        if found.is_none() {
            self.err(
                Diagnostic::error(codes::UNRESOLVED_IMPORT, format!("cannot find package `{path}`"))
                    .at(span, "no such package")
                    .note("packages come from the files given to the compiler, files named by `import ns from \"./file.slk\";`, and the standard library"),
            );
        }
        found
    }

    // ---- types and signatures -----------------------------------------

    /// A non-local name visible in a file: its imports, then its package.
    fn lookup_global(&self, file: usize, name: &str) -> Option<NameRes> {
        if let Some((res, _)) = self.scopes[file].get(name) {
            return Some(*res);
        }
        self.p
            .package(self.file_pkg[file])
            .items
            .get(name)
            .map(|s| NameRes::Symbol(*s))
    }

    /// A `a::b::c` path: an import-bound package prefix or a full package path, then a symbol.
    fn lookup_path(&mut self, file: usize, path: &Path) -> Option<NameRes> {
        let segs: Vec<&str> = path.segments.iter().map(|s| s.name.as_str()).collect();
        // Whole path is a package?
        if let Some(p) = self.p.package_by_path(&segs.join("::")) {
            return Some(NameRes::Package(p));
        }
        let last = &path.segments[segs.len() - 1];
        let prefix = &segs[..segs.len() - 1];
        let mut pkg = None;
        if let Some(NameRes::Package(p)) = self.lookup_global(file, prefix[0]) {
            let mut full = self.p.package(p).path.clone();
            for s in &prefix[1..] {
                full.push_str("::");
                full.push_str(s);
            }
            pkg = self.p.package_by_path(&full);
        }
        if pkg.is_none() {
            pkg = self.p.package_by_path(&prefix.join("::"));
        }
        match pkg {
            Some(p) => self.package_member(file, p, last).map(NameRes::Symbol),
            None => {
                self.err(
                    Diagnostic::error(
                        codes::UNRESOLVED_NAME,
                        format!("cannot find `{}`", path.joined()),
                    )
                    .at(path.span, "no package with this path")
                    .help("import the package first, as in `import a::b;`"),
                );
                None
            }
        }
    }

    fn resolve_type(&mut self, file: usize, t: &TypeExpr, generics: &[String]) -> Ty {
        match &t.kind {
            TypeKind::Named(path) => {
                if path.segments.len() == 1 {
                    let name = &path.segments[0].name;
                    if let Some(b) = Ty::builtin(name) {
                        return b;
                    }
                    if generics.contains(name) {
                        return Ty::Error;
                    }
                    match self.lookup_global(file, name) {
                        Some(NameRes::Symbol(s)) => self.type_of_symbol(s, path.span),
                        Some(_) => {
                            self.err(
                                Diagnostic::error(
                                    codes::WRONG_KIND,
                                    format!("expected a type, found package `{name}`"),
                                )
                                .at(path.span, "not a type"),
                            );
                            Ty::Error
                        }
                        None => {
                            let mut d = Diagnostic::error(
                                codes::UNRESOLVED_NAME,
                                format!("cannot find type `{name}` in this scope"),
                            )
                            .at(path.span, "not found");
                            let known = [
                                "bool", "u8", "u16", "u32", "u64", "i8", "i16", "i32", "i64",
                                "int", "f32", "f64", "string", "void",
                            ]
                            .map(String::from);
                            if let Some(s) = closest(name, known.iter()) {
                                d = d.help(format!("did you mean `{s}`?"));
                            }
                            self.err(d);
                            Ty::Error
                        }
                    }
                } else {
                    match self.lookup_path(file, path) {
                        Some(NameRes::Symbol(s)) => self.type_of_symbol(s, path.span),
                        Some(_) => {
                            self.err(
                                Diagnostic::error(
                                    codes::WRONG_KIND,
                                    format!("expected a type, found package `{}`", path.joined()),
                                )
                                .at(path.span, "not a type"),
                            );
                            Ty::Error
                        }
                        None => Ty::Error,
                    }
                }
            }
            TypeKind::Optional(inner) => {
                Ty::Optional(Box::new(self.resolve_type(file, inner, generics)))
            }
            TypeKind::Ref(inner) => Ty::Ref(Box::new(self.resolve_type(file, inner, generics))),
            TypeKind::Slice(inner) => Ty::Slice(Box::new(self.resolve_type(file, inner, generics))),
            TypeKind::Array(inner, n) => {
                Ty::Array(Box::new(self.resolve_type(file, inner, generics)), *n)
            }
            TypeKind::Fn(params, result) => {
                let params = params
                    .iter()
                    .map(|p| self.resolve_type(file, p, generics))
                    .collect();
                let result = result
                    .as_ref()
                    .map(|r| self.resolve_type(file, r, generics))
                    .unwrap_or(Ty::Void);
                Ty::Fn(params, Box::new(result))
            }
            TypeKind::Error => Ty::Error,
        }
    }

    fn type_of_symbol(&mut self, s: SymbolId, span: Span) -> Ty {
        match &self.p.symbol(s).kind {
            SymbolKind::Struct(id) => Ty::Struct(*id),
            _ => {
                let name = self.p.symbol(s).name.clone();
                self.err(
                    Diagnostic::error(
                        codes::WRONG_KIND,
                        format!("expected a type, found `{name}`"),
                    )
                    .at(span, "not a type"),
                );
                Ty::Error
            }
        }
    }

    fn fn_sig(
        &mut self,
        file: usize,
        f: &FnDecl,
        attrs: &[Attr],
        owner: Option<StructId>,
    ) -> FnSig {
        let generics: Vec<String> = f.generics.iter().map(|g| g.name.clone()).collect();
        let mut params = Vec::new();
        let mut seen: HashMap<&str, Span> = HashMap::new();
        for (i, p) in f.params.iter().enumerate() {
            if let Some(prev) = seen.insert(&p.name.name, p.name.span) {
                self.err(
                    Diagnostic::error(
                        codes::DUPLICATE,
                        format!("parameter `{}` is declared more than once", p.name.name),
                    )
                    .at(p.name.span, "repeated parameter")
                    .also(prev, "first declared here"),
                );
            }
            let mut ty = match (&p.ty, owner) {
                (Some(t), _) => self.resolve_type(file, t, &generics),
                (None, Some(o)) if i == 0 && p.name.name == "self" => Ty::Struct(o),
                (None, _) => Ty::Int(IntTy::Int),
            };
            if p.variadic {
                if i + 1 != f.params.len() {
                    self.err(
                        Diagnostic::error(
                            codes::PARSE,
                            "a variadic parameter must be the last parameter",
                        )
                        .at(p.span, "not last"),
                    );
                }
                ty = Ty::Slice(Box::new(ty));
            }
            params.push(ParamSig {
                name: p.name.name.clone(),
                ty,
                mutable: p.mutable,
                variadic: p.variadic,
                has_default: p.default.is_some(),
                span: p.span,
            });
        }
        let result = f
            .result
            .as_ref()
            .map(|r| self.resolve_type(file, r, &generics))
            .unwrap_or(Ty::Void);
        if let Some(r) = &f.result {
            self.no_slice(&result, r.span, "a function result");
        }
        FnSig {
            has_self: owner.is_some() && f.params.first().is_some_and(|p| p.name.name == "self"),
            params,
            result,
            pure: f.pure,
            is_const: f.is_const,
            device: has_device_gpu(attrs),
            discipline: f.discipline,
            generic: !f.generics.is_empty(),
            has_body: f.body.is_some(),
        }
    }

    fn signatures(&mut self, files: &[File]) {
        for i in 0..self.p.symbols.len() {
            let sym = SymbolId(i as u32);
            let decl = self.p.symbol(sym).decl;
            let file = decl.file;
            let Some(item) = files.get(file).and_then(|f| f.items.get(decl.item)) else {
                continue;
            };
            match (&item.kind, decl.method) {
                (ItemKind::Fn(f), None) => {
                    let sig = self.fn_sig(file, f, &item.attrs, None);
                    self.fn_rules(f, &sig, &item.attrs, item.span);
                    self.p.symbols[i].kind = SymbolKind::Fn(sig);
                    self.check_attrs(&item.attrs, AttrSite::Function);
                }
                (ItemKind::Impl(imp), Some(m)) => {
                    let Some((attrs, f, _)) = imp.methods.get(m) else {
                        continue;
                    };
                    let SymbolKind::Method { owner, public, .. } = self.p.symbols[i].kind else {
                        continue;
                    };
                    let sig = self.fn_sig(file, f, attrs, Some(owner));
                    self.fn_rules(f, &sig, attrs, f.sig_span);
                    self.check_attrs(attrs, AttrSite::Method);
                    self.p.symbols[i].kind = SymbolKind::Method { owner, sig, public };
                }
                (ItemKind::Ext(e), None) => {
                    self.check_attrs(&item.attrs, AttrSite::Other("`ext` declarations"));
                    self.p.symbols[i].kind = match &e.kind {
                        ExtKind::Fn { params, result } => {
                            let params = params
                                .iter()
                                .enumerate()
                                .map(|(k, t)| ParamSig {
                                    name: format!("arg{k}"),
                                    ty: self.resolve_type(file, t, &[]),
                                    mutable: false,
                                    variadic: false,
                                    has_default: false,
                                    span: t.span,
                                })
                                .collect();
                            let result = result
                                .as_ref()
                                .map(|r| self.resolve_type(file, r, &[]))
                                .unwrap_or(Ty::Void);
                            SymbolKind::ExtFn(FnSig {
                                params,
                                result,
                                ..placeholder_sig()
                            })
                        }
                        ExtKind::Value(t) => SymbolKind::ExtValue(self.resolve_type(file, t, &[])),
                    };
                }
                (ItemKind::Const(c), None) => {
                    self.check_attrs(&item.attrs, AttrSite::Other("constants"));
                    let ty = self.const_sig(file, c);
                    self.p.symbols[i].kind = SymbolKind::Const(ty);
                }
                (ItemKind::Struct(s), None) => {
                    self.check_attrs(&item.attrs, AttrSite::Other("structs"));
                    let SymbolKind::Struct(sid) = self.p.symbols[i].kind else {
                        continue;
                    };
                    let mut fields = Vec::new();
                    let mut seen: HashMap<&str, Span> = HashMap::new();
                    for f in &s.fields {
                        if let Some(prev) = seen.insert(&f.name.name, f.name.span) {
                            self.err(
                                Diagnostic::error(
                                    codes::DUPLICATE,
                                    format!("field `{}` is declared more than once", f.name.name),
                                )
                                .at(f.name.span, "repeated field")
                                .also(prev, "first declared here"),
                            );
                            continue;
                        }
                        let ty = self.resolve_type(file, &f.ty, &[]);
                        self.no_slice(&ty, f.ty.span, &format!("struct field `{}`", f.name.name));
                        fields.push((f.name.name.clone(), ty, f.span));
                    }
                    self.p.structs[sid.0 as usize].fields = fields;
                }
                _ => {}
            }
        }
        // Attributes on `impl` blocks themselves.
        for file in files {
            for item in &file.items {
                if matches!(item.kind, ItemKind::Impl(_)) {
                    self.check_attrs(&item.attrs, AttrSite::Other("`impl` blocks"));
                }
                if matches!(item.kind, ItemKind::Using(_)) {
                    self.check_attrs(&item.attrs, AttrSite::Other("`using` aliases"));
                }
            }
        }
    }

    /// Declaration rules of `pure fn` and `attr(device=gpu)` functions.
    fn fn_rules(&mut self, f: &FnDecl, sig: &FnSig, attrs: &[Attr], _span: Span) {
        if f.pure {
            for p in &f.params {
                if p.mutable {
                    self.err(
                        Diagnostic::error(codes::PURITY, "`pure fn` parameters cannot be `mut`")
                            .at(p.span, "mutable parameter")
                            .note("a pure function cannot change anything its caller can observe"),
                    );
                }
            }
        }
        if sig.device {
            let span = attrs
                .iter()
                .find(|a| has_device_gpu(std::slice::from_ref(*a)))
                .map(|a| a.span)
                .unwrap_or(f.name.span);
            if f.discipline != Discipline::Normal {
                self.err(
                    Diagnostic::error(
                        codes::BACKEND,
                        "GPU functions must use normal function discipline",
                    )
                    .at(f.sig_span, "declared `async` or `task`")
                    .also(span, "GPU function because of this attribute")
                    .help("remove `async`/`task`; launches are blocking even from async code"),
                );
            }
            if f.is_const {
                self.err(
                    Diagnostic::error(codes::BACKEND, "GPU functions cannot be `const fn`")
                        .at(f.sig_span, "declared `const`")
                        .also(span, "GPU function because of this attribute")
                        .note("`const fn` cannot run on the GPU at run time"),
                );
            }
        }
    }

    fn check_attrs(&mut self, attrs: &[Attr], site: AttrSite) {
        for attr in attrs {
            let mut device_seen = None;
            for arg in &attr.args {
                if arg.key.name != "device" {
                    continue;
                }
                if let Some(prev) = device_seen.replace(arg.span) {
                    self.err(
                        Diagnostic::error(codes::INVALID_ATTR, "`device` is given more than once")
                            .at(arg.span, "repeated")
                            .also(prev, "first given here"),
                    );
                    continue;
                }
                match &arg.value {
                    None => self.err(
                        Diagnostic::error(codes::INVALID_ATTR, "`device` needs a value")
                            .at(arg.span, "missing `=gpu`")
                            .help("write `attr(device=gpu)`"),
                    ),
                    Some(AttrValue::Ident(v)) if v.name == "gpu" => match site {
                        AttrSite::Function => {}
                        AttrSite::Method => self.err(
                            Diagnostic::error(codes::BACKEND, "`attr(device=gpu)` cannot be applied to methods")
                                .at(attr.span, "on a method")
                                .help("declare the GPU function as a free function"),
                        ),
                        AttrSite::Statement => self.err(
                            Diagnostic::error(codes::BACKEND, "`attr(device=gpu)` applies only to function declarations")
                                .at(attr.span, "on a statement")
                                .note("`device` is execution placement: it marks a function as GPU code"),
                        ),
                        AttrSite::Query => self.err(
                            Diagnostic::error(codes::BACKEND, "`device` is execution placement, not a compile-time condition")
                                .at(arg.span, "cannot be queried")
                                .help("query `target`, `arch`, `os` or `feature` instead"),
                        ),
                        AttrSite::Other(what) => self.err(
                            Diagnostic::error(codes::BACKEND, "`attr(device=gpu)` applies only to function declarations")
                                .at(attr.span, format!("not allowed on {what}")),
                        ),
                    },
                    Some(v) => self.err(
                        Diagnostic::error(codes::BACKEND, "unsupported execution placement")
                            .at(v.span(), "expected `gpu`")
                            .note("`attr(device=gpu)` is the only execution placement; host code needs no attribute"),
                    ),
                }
            }
        }
    }

    // ---- bodies --------------------------------------------------------

    fn bodies(&mut self, files: &[File]) {
        for i in 0..self.p.symbols.len() {
            let sym = SymbolId(i as u32);
            let (Some(sig), decl) = (
                self.p.symbol(sym).fn_sig().cloned(),
                self.p.symbol(sym).decl,
            ) else {
                continue;
            };
            if self.p.symbol(sym).is_ext() {
                continue;
            }
            let Some(item) = files.get(decl.file).and_then(|f| f.items.get(decl.item)) else {
                continue;
            };
            let f = match (&item.kind, decl.method) {
                (ItemKind::Fn(f), None) => f,
                (ItemKind::Impl(imp), Some(m)) => match imp.methods.get(m) {
                    Some((_, f, _)) => f,
                    None => continue,
                },
                _ => continue,
            };
            let Some(body) = &f.body else {
                continue;
            };
            let mut ctx = FnCtx {
                file: decl.file,
                name: f.name.name.clone(),
                result: sig.result.clone(),
                pure: sig.pure,
                device: sig.device,
                device_context: sig.device || self.p.options.mode == Mode::AmdgpuObject,
                loops: 0,
                scopes: vec![HashMap::new()],
                generics: f.generics.iter().map(|g| g.name.clone()).collect(),
            };
            let mut param_locals = Vec::new();
            for (k, p) in sig.params.iter().enumerate() {
                let id = LocalId(self.p.locals.len() as u32);
                self.p.locals.push(LocalInfo {
                    name: p.name.clone(),
                    ty: p.ty.clone(),
                    mutable: p.mutable,
                    span: p.span,
                    param_index: Some(k),
                });
                ctx.scopes[0].insert(p.name.clone(), id);
                param_locals.push(id);
            }
            self.p.params.insert(sym, param_locals);
            for p in &f.params {
                if let Some(d) = &p.default {
                    let t = self.expr(&mut ctx, d);
                    let want = sig
                        .params
                        .iter()
                        .find(|q| q.name == p.name.name)
                        .map(|q| q.ty.clone());
                    if let Some(want) = want {
                        self.coerce(d, &t, &want);
                    }
                }
            }
            self.block(&mut ctx, body);
            if sig.result != Ty::Void && !sig.result.is_error() && !block_returns(body) {
                let shown = self.ty_name(&sig.result);
                self.err(
                    Diagnostic::error(
                        codes::RETURN_MISMATCH,
                        format!(
                            "function `{}` does not return a value on every path",
                            f.name.name
                        ),
                    )
                    .at(f.name.span, format!("declared to return `{shown}`"))
                    .help("end every path with `return <value>;`"),
                );
            }
        }
    }

    /// `test` blocks: checked like the body of a `void` host function.
    fn test_bodies(&mut self, files: &[File]) {
        for t in self.p.tests.clone() {
            let ItemKind::Test(d) = &files[t.file].items[t.item].kind else {
                continue;
            };
            let mut ctx = FnCtx {
                file: t.file,
                name: format!("test \"{}\"", t.name),
                result: Ty::Void,
                pure: false,
                device: false,
                device_context: self.p.options.mode == Mode::AmdgpuObject,
                loops: 0,
                scopes: vec![HashMap::new()],
                generics: Vec::new(),
            };
            self.block(&mut ctx, &d.body);
        }
    }

    fn block(&mut self, ctx: &mut FnCtx, b: &Block) {
        ctx.scopes.push(HashMap::new());
        for s in &b.stmts {
            self.stmt(ctx, s);
        }
        ctx.scopes.pop();
    }

    fn add_local(&mut self, ctx: &mut FnCtx, name: &Ident, ty: Ty, mutable: bool) -> LocalId {
        let id = LocalId(self.p.locals.len() as u32);
        self.p.locals.push(LocalInfo {
            name: name.name.clone(),
            ty,
            mutable,
            span: name.span,
            param_index: None,
        });
        if let Some(scope) = ctx.scopes.last_mut() {
            scope.insert(name.name.clone(), id);
        }
        id
    }

    fn stmt(&mut self, ctx: &mut FnCtx, s: &Stmt) {
        self.check_attrs(&s.attrs, AttrSite::Statement);
        match &s.kind {
            StmtKind::Let {
                id,
                mutable,
                name,
                ty,
                init,
            } => {
                if ctx.pure && *mutable {
                    self.err(
                        Diagnostic::error(
                            codes::PURITY,
                            "`pure fn` cannot declare mutable bindings",
                        )
                        .at(s.span, "mutable binding")
                        .help("use `let` without `mut`"),
                    );
                }
                let declared = ty
                    .as_ref()
                    .map(|t| self.resolve_type(ctx.file, t, &ctx.generics.clone()));
                let init_ty = init.as_ref().map(|e| (e, self.expr(ctx, e)));
                let final_ty = match (declared, init_ty) {
                    (Some(d), Some((e, t))) => {
                        self.coerce(e, &t, &d);
                        d
                    }
                    (Some(d), None) => {
                        if !*mutable {
                            self.err(
                                Diagnostic::error(
                                    codes::MISMATCHED_TYPES,
                                    format!("`let {}` needs an initializer", name.name),
                                )
                                .at(s.span, "immutable binding without a value")
                                .help("add `= <value>`, or declare it with `var`"),
                            );
                        }
                        d
                    }
                    (None, Some((e, Ty::NoneLit))) => {
                        self.err(
                            Diagnostic::error(
                                codes::MISMATCHED_TYPES,
                                format!("cannot infer the type of `{}` from `None`", name.name),
                            )
                            .at(e.span, "the optional's type is unknown")
                            .help(format!("declare it: `var {}: T? = None;`", name.name)),
                        );
                        Ty::Error
                    }
                    (None, Some((e, t))) => {
                        if t == Ty::Void {
                            self.err(
                                Diagnostic::error(
                                    codes::MISMATCHED_TYPES,
                                    "cannot bind a `void` value",
                                )
                                .at(e.span, "this expression has no value"),
                            );
                        }
                        let t = t.defaulted();
                        self.settle(e, &t);
                        t
                    }
                    (None, None) => {
                        self.err(
                            Diagnostic::error(
                                codes::MISMATCHED_TYPES,
                                format!("cannot infer the type of `{}`", name.name),
                            )
                            .at(name.span, "needs a type or an initializer"),
                        );
                        Ty::Error
                    }
                };
                let local = self.add_local(ctx, name, final_ty, *mutable);
                self.p.bindings.insert(*id, local);
            }
            StmtKind::Const(c) => self.const_stmt(ctx, s, c),
            StmtKind::Assign { target, op, value } => {
                if ctx.pure {
                    self.err(
                        Diagnostic::error(codes::PURITY, "`pure fn` cannot assign")
                            .at(s.span, "assignment in a pure function"),
                    );
                }
                let tt = self.expr(ctx, target);
                self.check_place(ctx, target);
                let vt = self.expr(ctx, value);
                match op {
                    None => self.coerce(value, &vt, &tt),
                    Some(op) => {
                        let r = self.binary_ty(*op, target, &tt, value, &vt, s.span);
                        self.coerce(value, &r, &tt);
                    }
                }
            }
            StmtKind::Expr(e) => {
                self.expr(ctx, e);
            }
            StmtKind::If {
                cond,
                then,
                otherwise,
            } => {
                let t = self.expr(ctx, cond);
                self.coerce(cond, &t, &Ty::Bool);
                self.block(ctx, then);
                if let Some(o) = otherwise {
                    self.block(ctx, o);
                }
            }
            StmtKind::While { cond, body } => {
                let t = self.expr(ctx, cond);
                self.coerce(cond, &t, &Ty::Bool);
                ctx.loops += 1;
                self.block(ctx, body);
                ctx.loops -= 1;
            }
            StmtKind::Loop(body) => {
                ctx.loops += 1;
                self.block(ctx, body);
                ctx.loops -= 1;
            }
            StmtKind::For {
                id,
                name,
                items,
                body,
            } => self.for_stmt(ctx, *id, name, items, body),
            StmtKind::Break | StmtKind::Continue => {
                if ctx.loops == 0 {
                    let what = if matches!(s.kind, StmtKind::Break) {
                        "break"
                    } else {
                        "continue"
                    };
                    self.err(
                        Diagnostic::error(
                            codes::OUTSIDE_LOOP,
                            format!("`{what}` outside of a loop"),
                        )
                        .at(s.span, "not inside `while` or `loop`"),
                    );
                }
            }
            StmtKind::Return(value) => {
                let result = ctx.result.clone();
                match value {
                    None if result != Ty::Void && !result.is_error() => {
                        let shown = self.ty_name(&result);
                        self.err(
                            Diagnostic::error(
                                codes::RETURN_MISMATCH,
                                format!("`return;` in a function that returns `{shown}`"),
                            )
                            .at(s.span, "missing return value"),
                        );
                    }
                    None => {}
                    Some(e) => {
                        let t = self.expr(ctx, e);
                        if result == Ty::Void {
                            self.err(
                                Diagnostic::error(
                                    codes::RETURN_MISMATCH,
                                    format!(
                                        "function `{}` returns `void` but a value is returned",
                                        ctx.name
                                    ),
                                )
                                .at(e.span, "unexpected return value")
                                .help("remove the value, or declare a result type with `-> T`"),
                            );
                        } else {
                            self.coerce(e, &t, &result);
                        }
                    }
                }
            }
            StmtKind::Block(b) => self.block(ctx, b),
            StmtKind::Launch(l) => {
                self.launch(ctx, l);
            }
            StmtKind::Error => {}
        }
    }

    /// Assignment targets must be mutable places.
    fn check_place(&mut self, ctx: &FnCtx, target: &Expr) {
        if !self.array_place_ok(target) {
            return;
        }
        let mut root = target;
        while let ExprKind::Field(base, _) | ExprKind::Paren(base) | ExprKind::Index(base, _) =
            &root.kind
        {
            root = base;
        }
        match (&root.kind, self.p.name_res(root.id)) {
            (ExprKind::Name(n), Some(NameRes::Local(l))) => {
                let local = self.p.local(l);
                if !local.mutable {
                    let decl = local.span;
                    let what = if local.param_index.is_some() {
                        "parameter"
                    } else {
                        "binding"
                    };
                    self.err(
                        Diagnostic::error(
                            codes::IMMUTABLE,
                            format!("cannot assign to immutable {what} `{}`", n.name),
                        )
                        .at(target.span, "assignment to an immutable place")
                        .also(decl, "declared immutable here")
                        .help(if local.param_index.is_some() {
                            "declare the parameter `mut`".to_string()
                        } else {
                            format!("declare it with `var {}` or `let mut {}`", n.name, n.name)
                        }),
                    );
                }
            }
            (_, _) if matches!(root.kind, ExprKind::Error) => {}
            (_, Some(NameRes::Local(_))) => {}
            _ => {
                let _ = ctx;
                self.err(
                    Diagnostic::error(codes::IMMUTABLE, "invalid assignment target")
                        .at(target.span, "cannot be assigned to")
                        .note("assign to a `var`/`let mut` binding, a `mut` parameter, or a field of one"),
                );
            }
        }
    }

    fn record(&mut self, e: &Expr, t: Ty) -> Ty {
        self.p.expr_types.insert(e.id, t.clone());
        t
    }

    /// Report a mismatch, or give literal sub-expressions their final type.
    fn coerce(&mut self, e: &Expr, actual: &Ty, expected: &Ty) {
        if actual.coerces_to(expected) {
            self.settle(e, expected.strip_ref());
        } else {
            let (a, x) = (self.ty_name(actual), self.ty_name(expected));
            let mut d = Diagnostic::error(codes::MISMATCHED_TYPES, "mismatched types")
                .at(e.span, format!("expected `{x}`, found `{a}`"));
            if actual.is_numeric() && expected.is_numeric() {
                d = d.help(format!("convert with `as {x}`"));
            }
            self.err(d);
        }
    }

    /// Give untyped literals inside `e` the concrete type `t`.
    fn settle(&mut self, e: &Expr, t: &Ty) {
        if matches!(t, Ty::Array(..) | Ty::Slice(_)) {
            return self.settle_array(e, t);
        }
        let current = self.p.expr_types.get(&e.id).cloned();
        if let Ty::Optional(inner) = t {
            if current == Some(Ty::NoneLit) {
                self.p.expr_types.insert(e.id, t.clone());
                match &e.kind {
                    ExprKind::If(_, a, b) => {
                        self.settle(a, t);
                        self.settle(b, t);
                    }
                    ExprKind::Paren(x) => self.settle(x, t),
                    _ => {}
                }
            } else {
                self.settle(e, inner);
            }
            return;
        }
        if !t.is_numeric() {
            return;
        }
        if !matches!(current, Some(Ty::IntLit | Ty::FloatLit)) {
            return;
        }
        self.p.expr_types.insert(e.id, t.clone());
        match &e.kind {
            ExprKind::Paren(x) | ExprKind::Unary(_, x) => self.settle(x, t),
            ExprKind::If(_, a, b) => {
                self.settle(a, t);
                self.settle(b, t);
            }
            ExprKind::Binary(op, a, b) if !op.is_comparison() => {
                self.settle(a, t);
                if !matches!(op, BinOp::Shl | BinOp::Shr) {
                    self.settle(b, t);
                }
            }
            _ => {}
        }
    }

    fn lookup_local(&self, ctx: &FnCtx, name: &str) -> Option<LocalId> {
        ctx.scopes.iter().rev().find_map(|s| s.get(name).copied())
    }

    fn unresolved(&mut self, ctx: &FnCtx, name: &Ident) {
        let mut candidates: Vec<String> =
            ctx.scopes.iter().flat_map(|s| s.keys().cloned()).collect();
        candidates.extend(self.scopes[ctx.file].keys().cloned());
        candidates.extend(
            self.p
                .package(self.file_pkg[ctx.file])
                .items
                .keys()
                .cloned(),
        );
        let mut d = Diagnostic::error(
            codes::UNRESOLVED_NAME,
            format!("cannot find `{}` in this scope", name.name),
        )
        .at(name.span, "not found");
        if let Some(s) = closest(&name.name, candidates.iter()) {
            d = d.help(format!("did you mean `{s}`?"));
        }
        self.err(d);
    }

    /// Resolve a name or path expression, recording the resolution.
    fn resolve_expr_name(&mut self, ctx: &FnCtx, e: &Expr) -> Option<NameRes> {
        let res = match &e.kind {
            ExprKind::Name(n) => match self.lookup_local(ctx, &n.name) {
                Some(l) => Some(NameRes::Local(l)),
                None => match self.lookup_global(ctx.file, &n.name) {
                    Some(r) => Some(r),
                    None => {
                        self.unresolved(ctx, n);
                        None
                    }
                },
            },
            ExprKind::Path(p) => self.lookup_path(ctx.file, p),
            ExprKind::Field(base, name)
                if matches!(base.kind, ExprKind::Name(_) | ExprKind::Path(_)) =>
            {
                // `pkg.name` through a namespace binding.
                let base_res = self.peek_namespace(ctx, base)?;
                self.p.names.insert(base.id, NameRes::Package(base_res));
                self.package_member(ctx.file, base_res, name)
                    .map(NameRes::Symbol)
            }
            _ => None,
        };
        if let Some(r) = res {
            self.p.names.insert(e.id, r);
        }
        res
    }

    /// The package a name/path expression denotes, without reporting anything.
    fn peek_namespace(&mut self, ctx: &FnCtx, e: &Expr) -> Option<PackageId> {
        match &e.kind {
            ExprKind::Name(n) => {
                if self.lookup_local(ctx, &n.name).is_some() {
                    return None;
                }
                match self.lookup_global(ctx.file, &n.name) {
                    Some(NameRes::Package(p)) => Some(p),
                    _ => None,
                }
            }
            ExprKind::Path(p) => self.p.package_by_path(&p.joined()),
            _ => None,
        }
    }

    /// The struct a name/path expression denotes as a type (for `Buffer.alloc`).
    fn peek_struct(&mut self, ctx: &FnCtx, e: &Expr) -> Option<StructId> {
        match &e.kind {
            ExprKind::Name(n) => {
                if self.lookup_local(ctx, &n.name).is_some() {
                    return None;
                }
                let res = self.lookup_global(ctx.file, &n.name);
                self.struct_named(e, res)
            }
            _ => None,
        }
    }

    /// The struct `res` names, if it names one; recorded as `e`'s meaning.
    fn struct_named(&mut self, e: &Expr, res: Option<NameRes>) -> Option<StructId> {
        let Some(NameRes::Symbol(s)) = res else {
            return None;
        };
        let SymbolKind::Struct(id) = self.p.symbol(s).kind else {
            return None;
        };
        self.p.names.insert(e.id, NameRes::Symbol(s));
        Some(id)
    }

    fn value_of(&mut self, e: &Expr, res: NameRes) -> Ty {
        match res {
            NameRes::Local(l) => self.p.local(l).ty.clone(),
            NameRes::Symbol(s) => {
                let sym = self.p.symbol(s);
                match &sym.kind {
                    SymbolKind::Fn(sig) | SymbolKind::ExtFn(sig) => Ty::Fn(
                        sig.params.iter().map(|p| p.ty.clone()).collect(),
                        Box::new(sig.result.clone()),
                    ),
                    SymbolKind::ExtValue(t) | SymbolKind::Const(t) => t.clone(),
                    SymbolKind::Struct(_) | SymbolKind::Method { .. } => {
                        let name = sym.name.clone();
                        self.err(
                            Diagnostic::error(
                                codes::WRONG_KIND,
                                format!("expected a value, found struct `{name}`"),
                            )
                            .at(e.span, "not a value")
                            .help(format!("construct one with `{name}{{ field: value }}`")),
                        );
                        Ty::Error
                    }
                }
            }
            NameRes::Package(p) => {
                let path = self.p.package(p).path.clone();
                self.err(
                    Diagnostic::error(
                        codes::WRONG_KIND,
                        format!("expected a value, found package `{path}`"),
                    )
                    .at(e.span, "not a value"),
                );
                Ty::Error
            }
        }
    }

    fn expr(&mut self, ctx: &mut FnCtx, e: &Expr) -> Ty {
        let t = self.expr_inner(ctx, e);
        self.record(e, t)
    }

    fn expr_inner(&mut self, ctx: &mut FnCtx, e: &Expr) -> Ty {
        match &e.kind {
            ExprKind::Int(_) => Ty::IntLit,
            ExprKind::Float(_) => Ty::FloatLit,
            ExprKind::Str(_) => Ty::String,
            ExprKind::Char(_) => Ty::Char,
            ExprKind::Bool(_) => Ty::Bool,
            ExprKind::Name(_) | ExprKind::Path(_) => match self.resolve_expr_name(ctx, e) {
                Some(r) => {
                    self.const_use(ctx, e, r);
                    self.value_of(e, r)
                }
                None => Ty::Error,
            },
            ExprKind::Paren(x) => self.expr(ctx, x),
            ExprKind::Unary(op, x) => {
                let t = self.expr(ctx, x);
                let ok = match op {
                    UnOp::Neg => t.is_numeric() && !matches!(t, Ty::Int(i) if !i.is_signed()),
                    UnOp::Not => t == Ty::Bool,
                    UnOp::BitNot => t.is_integer(),
                };
                if !ok && !t.is_error() {
                    let (sym, shown) = match op {
                        UnOp::Neg => ("-", self.ty_name(&t)),
                        UnOp::Not => ("!", self.ty_name(&t)),
                        UnOp::BitNot => ("~", self.ty_name(&t)),
                    };
                    self.err(
                        Diagnostic::error(
                            codes::INVALID_OPERANDS,
                            format!("cannot apply unary `{sym}` to `{shown}`"),
                        )
                        .at(e.span, "invalid operand"),
                    );
                    return Ty::Error;
                }
                t
            }
            ExprKind::Binary(op, a, b) => {
                let ta = self.expr(ctx, a);
                let tb = self.expr(ctx, b);
                self.binary_ty(*op, a, &ta, b, &tb, e.span)
            }
            ExprKind::Cast(x, ty) => {
                let from = self.expr(ctx, x);
                let to = self.resolve_type(ctx.file, ty, &ctx.generics.clone());
                let numeric = |t: &Ty| t.is_numeric() || *t == Ty::Char;
                let ok = from.is_error()
                    || to.is_error()
                    || from == to
                    || (numeric(&from) && to.is_numeric());
                if !ok {
                    let (f, t) = (self.ty_name(&from), self.ty_name(&to));
                    let mut d = Diagnostic::error(
                        codes::INVALID_CAST,
                        format!("cannot cast `{f}` as `{t}`"),
                    )
                    .at(e.span, "invalid cast")
                    .note("`as` converts between numeric types");
                    if from == Ty::Bool {
                        d = d.help(
                            "use `bool_to_u64` from `std/gpu/device` in device code, or `if`",
                        );
                    }
                    self.err(d);
                    return Ty::Error;
                }
                if matches!(from, Ty::IntLit) {
                    self.settle(x, &Ty::Int(IntTy::Int));
                } else if matches!(from, Ty::FloatLit) {
                    self.settle(x, &Ty::FloatLit.defaulted());
                }
                to
            }
            ExprKind::Call(callee, args) => self.call(ctx, e, callee, args),
            ExprKind::Field(base, name) => {
                if let Some(pkg) = self.peek_namespace(ctx, base) {
                    self.p.names.insert(base.id, NameRes::Package(pkg));
                    return match self.package_member(ctx.file, pkg, name) {
                        Some(s) => {
                            self.p.names.insert(e.id, NameRes::Symbol(s));
                            self.const_use(ctx, e, NameRes::Symbol(s));
                            self.value_of(e, NameRes::Symbol(s))
                        }
                        None => Ty::Error,
                    };
                }
                if let Some(sid) = self.peek_struct(ctx, base) {
                    let sname = self.p.structs[sid.0 as usize].name.clone();
                    self.err(
                        Diagnostic::error(
                            codes::WRONG_KIND,
                            format!("`{sname}.{}` is not a value", name.name),
                        )
                        .at(e.span, "static methods must be called")
                        .help(format!("call it: `{sname}.{}(...)`", name.name)),
                    );
                    return Ty::Error;
                }
                let bt = self.expr(ctx, base);
                self.field_ty(&bt, name, e.span)
            }
            ExprKind::OptionalField(base, name) => {
                let bt = self.expr(ctx, base);
                match bt.strip_ref() {
                    Ty::Optional(inner) => {
                        let inner = (**inner).clone();
                        let ft = self.field_ty(&inner, name, e.span);
                        if ft.is_error() {
                            Ty::Error
                        } else {
                            Ty::Optional(Box::new(ft))
                        }
                    }
                    Ty::Error => Ty::Error,
                    other => {
                        let shown = self.ty_name(other);
                        self.err(
                            Diagnostic::error(
                                codes::INVALID_OPERANDS,
                                format!("`?.` needs an optional value, found `{shown}`"),
                            )
                            .at(base.span, "not optional")
                            .help("use `.` for non-optional values"),
                        );
                        Ty::Error
                    }
                }
            }
            ExprKind::StructLit(path, fields) => self.struct_lit(ctx, e, path, fields),
            ExprKind::ArrayLit(items) => self.array_lit(ctx, e, items),
            ExprKind::Index(base, index) => self.index(ctx, base, index),
            ExprKind::Launch(l) => self.launch(ctx, l),
            ExprKind::None => Ty::NoneLit,
            ExprKind::If(cond, a, b) => {
                let tc = self.expr(ctx, cond);
                self.coerce(cond, &tc, &Ty::Bool);
                let ta = self.expr(ctx, a);
                let tb = self.expr(ctx, b);
                let t = match (&ta, &tb) {
                    _ if ta.is_error() || tb.is_error() => return Ty::Error,
                    (Ty::NoneLit, Ty::Optional(_)) => tb.clone(),
                    _ if tb.coerces_to(&ta) => ta.clone(),
                    _ if ta.coerces_to(&tb) => tb.clone(),
                    _ => {
                        let (x, y) = (self.ty_name(&ta), self.ty_name(&tb));
                        self.err(
                            Diagnostic::error(
                                codes::MISMATCHED_TYPES,
                                "`if` and `else` have incompatible types",
                            )
                            .at(b.span, format!("expected `{x}`, found `{y}`")),
                        );
                        return Ty::Error;
                    }
                };
                self.settle(a, &t);
                self.settle(b, &t);
                t
            }
            ExprKind::AttrQuery(a) => {
                self.check_attrs(std::slice::from_ref(a), AttrSite::Query);
                Ty::Bool
            }
            ExprKind::Error => Ty::Error,
        }
    }

    fn field_ty(&mut self, bt: &Ty, name: &Ident, span: Span) -> Ty {
        match bt.strip_ref() {
            // `string` is `{ptr: u64, len: i64}` (UTF-8 bytes, not NUL-terminated).
            Ty::String | Ty::Slice(_) if name.name == "ptr" => Ty::Int(IntTy::U64),
            Ty::String | Ty::Slice(_) | Ty::Array(..) if name.name == "len" => Ty::Int(IntTy::I64),
            Ty::Struct(sid) => {
                let info = &self.p.structs[sid.0 as usize];
                if let Some((_, t, _)) = info.fields.iter().find(|(n, _, _)| *n == name.name) {
                    return t.clone();
                }
                let sname = info.name.clone();
                if info.methods.contains_key(&name.name) {
                    self.err(
                        Diagnostic::error(
                            codes::WRONG_KIND,
                            format!("method `{}` of `{sname}` must be called", name.name),
                        )
                        .at(span, "not a field")
                        .help(format!("call it: `.{}(...)`", name.name)),
                    );
                    return Ty::Error;
                }
                let fields: Vec<String> = info.fields.iter().map(|f| f.0.clone()).collect();
                let mut d = Diagnostic::error(
                    codes::UNKNOWN_MEMBER,
                    format!("no field `{}` on type `{sname}`", name.name),
                )
                .at(name.span, "unknown field");
                if let Some(s) = closest(&name.name, fields.iter()) {
                    d = d.help(format!("did you mean `{s}`?"));
                } else if !fields.is_empty() {
                    d = d.note(format!("available fields: {}", fields.join(", ")));
                }
                self.err(d);
                Ty::Error
            }
            Ty::Error => Ty::Error,
            other => {
                let shown = self.ty_name(other);
                self.err(
                    Diagnostic::error(
                        codes::UNKNOWN_MEMBER,
                        format!("no field `{}` on type `{shown}`", name.name),
                    )
                    .at(name.span, "unknown field"),
                );
                Ty::Error
            }
        }
    }

    fn binary_ty(&mut self, op: BinOp, a: &Expr, ta: &Ty, b: &Expr, tb: &Ty, span: Span) -> Ty {
        if ta.is_error() || tb.is_error() {
            return if op.is_comparison() || matches!(op, BinOp::And | BinOp::Or) {
                Ty::Bool
            } else {
                Ty::Error
            };
        }
        // Unify two operand types, letting literals take the other side's type.
        let unify = |x: &Ty, y: &Ty| -> Option<Ty> {
            match (x, y) {
                _ if x == y => Some(x.clone()),
                (Ty::IntLit, t @ (Ty::Int(_) | Ty::Float(_) | Ty::FloatLit))
                | (t @ (Ty::Int(_) | Ty::Float(_) | Ty::FloatLit), Ty::IntLit) => Some(t.clone()),
                (Ty::FloatLit, t @ Ty::Float(_)) | (t @ Ty::Float(_), Ty::FloatLit) => {
                    Some(t.clone())
                }
                _ => None,
            }
        };
        let bad = |this: &mut Self, what: &str| {
            let (x, y) = (this.ty_name(ta), this.ty_name(tb));
            this.err(
                Diagnostic::error(
                    codes::INVALID_OPERANDS,
                    format!("cannot apply `{}` to `{x}` and `{y}`", op.as_str()),
                )
                .at(span, what.to_string()),
            );
            Ty::Error
        };
        match op {
            BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div | BinOp::Rem => match unify(ta, tb) {
                Some(t) if t.is_numeric() => {
                    self.settle(a, &t);
                    self.settle(b, &t);
                    t
                }
                _ => bad(self, "operands must be numbers of the same type"),
            },
            BinOp::BitAnd | BinOp::BitOr | BinOp::BitXor => match unify(ta, tb) {
                Some(t) if t.is_integer() => {
                    self.settle(a, &t);
                    self.settle(b, &t);
                    t
                }
                Some(Ty::Bool) => Ty::Bool,
                _ => bad(self, "operands must be integers of the same type"),
            },
            BinOp::Shl | BinOp::Shr => {
                if ta.is_integer() && tb.is_integer() {
                    if *tb == Ty::IntLit {
                        self.settle(b, &Ty::Int(IntTy::U32));
                    }
                    ta.clone()
                } else {
                    bad(self, "shifts need integer operands")
                }
            }
            BinOp::Eq | BinOp::Ne
                if matches!(
                    (ta, tb),
                    (Ty::NoneLit, Ty::Optional(_)) | (Ty::Optional(_), Ty::NoneLit)
                ) =>
            {
                let t = if *ta == Ty::NoneLit { tb } else { ta };
                self.settle(a, t);
                self.settle(b, t);
                Ty::Bool
            }
            BinOp::Eq | BinOp::Ne => match unify(ta, tb) {
                Some(t) if t.is_numeric() || matches!(t, Ty::Bool | Ty::Char | Ty::String) => {
                    self.settle(a, &t);
                    self.settle(b, &t);
                    Ty::Bool
                }
                _ => {
                    bad(self, "operands must have the same comparable type");
                    Ty::Bool
                }
            },
            BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => match unify(ta, tb) {
                Some(t) if t.is_numeric() || t == Ty::Char => {
                    self.settle(a, &t);
                    self.settle(b, &t);
                    Ty::Bool
                }
                _ => {
                    bad(self, "operands must be numbers of the same type");
                    Ty::Bool
                }
            },
            BinOp::And | BinOp::Or => {
                if *ta == Ty::Bool && *tb == Ty::Bool {
                    Ty::Bool
                } else {
                    bad(self, "operands must be `bool`");
                    Ty::Bool
                }
            }
            BinOp::Coalesce => match ta {
                Ty::Optional(inner) if tb.coerces_to(inner) => {
                    self.settle(b, inner);
                    (**inner).clone()
                }
                _ => bad(
                    self,
                    "`??` needs an optional left side and a matching default",
                ),
            },
        }
    }

    fn struct_lit(
        &mut self,
        ctx: &mut FnCtx,
        e: &Expr,
        path: &Path,
        fields: &[(Ident, Expr)],
    ) -> Ty {
        let res = if path.segments.len() == 1 {
            let n = &path.segments[0];
            match self.lookup_global(ctx.file, &n.name) {
                Some(r) => Some(r),
                None => {
                    self.unresolved(ctx, n);
                    None
                }
            }
        } else {
            self.lookup_path(ctx.file, path)
        };
        let Some(sid) = self.struct_named(e, res) else {
            if res.is_some() {
                self.err(
                    Diagnostic::error(
                        codes::WRONG_KIND,
                        format!("`{}` is not a struct", path.joined()),
                    )
                    .at(path.span, "not a struct"),
                );
            }
            for (_, v) in fields {
                self.expr(ctx, v);
            }
            return Ty::Error;
        };
        let decl: Vec<(String, Ty, Span)> = self.p.structs[sid.0 as usize].fields.clone();
        let sname = self.p.structs[sid.0 as usize].name.clone();
        let mut seen: HashMap<&str, Span> = HashMap::new();
        for (name, value) in fields {
            let vt = self.expr(ctx, value);
            if let Some(prev) = seen.insert(&name.name, name.span) {
                self.err(
                    Diagnostic::error(
                        codes::STRUCT_LITERAL,
                        format!("field `{}` is given more than once", name.name),
                    )
                    .at(name.span, "repeated field")
                    .also(prev, "first given here"),
                );
                continue;
            }
            match decl.iter().find(|(n, _, _)| *n == name.name) {
                Some((_, ft, _)) => self.coerce(value, &vt, ft),
                None => self.err(
                    Diagnostic::error(
                        codes::STRUCT_LITERAL,
                        format!("struct `{sname}` has no field `{}`", name.name),
                    )
                    .at(name.span, "unknown field"),
                ),
            }
        }
        let missing: Vec<&str> = decl
            .iter()
            .map(|(n, _, _)| n.as_str())
            .filter(|n| !seen.contains_key(n))
            .collect();
        if !missing.is_empty() {
            self.err(
                Diagnostic::error(
                    codes::STRUCT_LITERAL,
                    format!(
                        "missing field{} {} in `{sname}` literal",
                        if missing.len() > 1 { "s" } else { "" },
                        missing
                            .iter()
                            .map(|m| format!("`{m}`"))
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                )
                .at(e.span, "incomplete struct literal"),
            );
        }
        Ty::Struct(sid)
    }
}

/// Whether a GPU function's signature can be a launchable entry.
pub fn launchable(sig: &FnSig) -> bool {
    sig.result == Ty::Void
        && !sig.generic
        && sig.discipline == Discipline::Normal
        && sig.params.len() <= MAX_ENTRY_PARAMS
        && sig
            .params
            .iter()
            .all(|p| p.ty == Ty::Int(IntTy::U64) && !p.mutable && !p.variadic && !p.has_default)
}

#[derive(Clone, Copy)]
enum AttrSite {
    Function,
    Method,
    Statement,
    Query,
    Other(&'static str),
}

/// Conservative "every path returns" analysis.
fn block_returns(b: &Block) -> bool {
    b.stmts.iter().any(|s| match &s.kind {
        StmtKind::Return(_) => true,
        StmtKind::Block(inner) => block_returns(inner),
        StmtKind::If {
            then,
            otherwise: Some(o),
            ..
        } => block_returns(then) && block_returns(o),
        StmtKind::Loop(body) => !contains_break(body),
        _ => false,
    })
}

fn contains_break(b: &Block) -> bool {
    b.stmts.iter().any(|s| match &s.kind {
        StmtKind::Break => true,
        StmtKind::Block(inner) => contains_break(inner),
        StmtKind::If {
            then, otherwise, ..
        } => contains_break(then) || otherwise.as_ref().is_some_and(contains_break),
        _ => false,
    })
}
