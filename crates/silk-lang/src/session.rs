//! One compilation: its files, how imported files are loaded, and the
//! driver that parses, loads imports and checks.

use crate::ast::{self, ImportKind};
use crate::check;
use crate::diag::{codes, Diagnostic, Diagnostics};
use crate::lexer::{lex, lex_ranges, Keyword, Punct, TokenKind};
use crate::parser::parse_tokens;
use crate::program::{Options, PackageOrigin, Program};
use crate::source::{FileId, SourceMap, Span};
use crate::std_index::{decl_index, DeclIndex, DeclItem};
use std::collections::HashMap;

const DEVICE_SLK: &str = include_str!("../std/gpu/device.slk");

/// The standard-library modules shipped in this crate: module path,
/// display name, text.
pub const STD_MODULES: &[(&str, &str, &str)] = &[
    ("std::gpu", "std/gpu.slk", include_str!("../std/gpu.slk")),
    ("std::io", "std/io.slk", include_str!("../std/io.slk")),
    (
        "std::buffer",
        "std/buffer.slk",
        include_str!("../std/buffer.slk"),
    ),
    ("std::gpu::device", "std/gpu/device.slk", DEVICE_SLK),
    (
        "std::gpu::isa",
        "std/gpu/isa.slk",
        include_str!("../std/gpu/isa.slk"),
    ),
];

/// The declaration-only std modules (see [`crate::std_index`]): a build
/// that imports only some of their items by name parses just those.
pub(crate) const DECL_ONLY_STD: &[(&str, DeclIndex)] =
    &[("std::gpu::device", decl_index!(DEVICE_SLK))];

/// A declaration-only std module while imports are followed: parsed at the
/// end, whole or only the `names` imported from it.
struct PendingStd {
    module: &'static str,
    index: &'static DeclIndex,
    /// Its slot in `files` (a placeholder until parsed).
    file: usize,
    names: Vec<String>,
    /// Imported other than by name: parse it whole.
    whole: bool,
}

/// The std modules loaded so far.
#[derive(Default)]
struct StdLoads {
    loaded: HashMap<&'static str, ()>,
    pending: Vec<PendingStd>,
}

/// Lexes and parses a file of the session, whole or only some byte ranges.
type ParseFn<'a> =
    dyn FnMut(&SourceMap, FileId, Option<&[(usize, usize)]>, &mut Diagnostics) -> ast::File + 'a;

/// Whether an identifier `std` follows the file's `package` header.
fn names_std_after_header(tokens: &[crate::lexer::Token]) -> bool {
    let body = match tokens.first().map(|t| &t.kind) {
        Some(TokenKind::Keyword(Keyword::Package | Keyword::Module)) => tokens
            .iter()
            .position(|t| t.kind == TokenKind::Punct(Punct::Semi))
            .map_or(0, |k| k + 1),
        _ => 0,
    };
    tokens[body..]
        .iter()
        .any(|t| matches!(&t.kind, TokenKind::Ident(n) if n == "std"))
}

/// Reads files named by `import ns from "./file.slk";`.
pub trait FileLoader {
    /// The text of the file at `path` (a `/`-separated path relative to the
    /// working directory, as the user spelled the importing file).
    fn load(&self, path: &str) -> Result<String, String>;
}

/// Loads from the file system.
#[derive(Clone, Copy, Debug, Default)]
pub struct FsLoader;

/// Largest source file a Silk tool reads (256 MiB): larger ones are an
/// error before anything is read, so a huge or endless input (a 4 GB
/// file, `/dev/zero`) cannot exhaust memory.
pub const MAX_SOURCE_BYTES: u64 = 256 << 20;

/// Reads the text of `file`, or says why not: at most
/// [`MAX_SOURCE_BYTES`] (checked from the file's size when it has one,
/// else while reading), and UTF-8.
pub fn read_source(mut file: impl std::io::Read, size: Option<u64>) -> std::io::Result<String> {
    let too_large = |size: String| {
        std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!(
                "the file is {size} bytes; source files may be at most {MAX_SOURCE_BYTES} bytes (256 MiB)"
            ),
        )
    };
    if let Some(n) = size.filter(|&n| n > MAX_SOURCE_BYTES) {
        return Err(too_large(n.to_string()));
    }
    let mut bytes = Vec::new();
    std::io::Read::read_to_end(
        &mut std::io::Read::take(&mut file, MAX_SOURCE_BYTES + 1),
        &mut bytes,
    )?;
    if bytes.len() as u64 > MAX_SOURCE_BYTES {
        return Err(too_large("more than that".to_string()));
    }
    String::from_utf8(bytes)
        .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e.utf8_error()))
}

/// [`read_source`] of the file at `path`; the size of a regular file is
/// checked before reading.
pub fn read_source_file(path: impl AsRef<std::path::Path>) -> std::io::Result<String> {
    let file = std::fs::File::open(path)?;
    let meta = file.metadata()?;
    read_source(file, meta.is_file().then_some(meta.len()))
}

impl FileLoader for FsLoader {
    fn load(&self, path: &str) -> Result<String, String> {
        read_source_file(path).map_err(|e| e.to_string())
    }
}

/// Loads from an in-memory map (tests, tools, embedders).
#[derive(Clone, Debug, Default)]
pub struct MemoryLoader {
    pub files: HashMap<String, String>,
}

impl MemoryLoader {
    pub fn new() -> MemoryLoader {
        MemoryLoader::default()
    }

    pub fn with(mut self, path: &str, text: &str) -> MemoryLoader {
        self.files.insert(path.to_string(), text.to_string());
        self
    }
}

impl FileLoader for MemoryLoader {
    fn load(&self, path: &str) -> Result<String, String> {
        self.files
            .get(path)
            .cloned()
            .ok_or_else(|| "no such file".to_string())
    }
}

/// What an import statement's module part refers to, decided while loading.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum ImportTarget {
    /// A package (or std module) by path.
    Package(String),
    /// `import a::b::c;`: a package or a symbol of a package, resolved by the checker.
    Path,
    /// Already reported.
    Unresolved,
}

/// Everything parsed and loaded, ready to check.
pub(crate) struct Loaded {
    pub files: Vec<ast::File>,
    /// Package path and origin of each file.
    pub packages: Vec<(String, PackageOrigin)>,
    /// Target of import `j` of file `i`.
    pub imports: HashMap<(usize, usize), ImportTarget>,
    pub root_package: String,
}

/// A compilation session. Add the root package's files, then [`Session::check`].
///
/// Package rule: a file belongs to the package its `package` header names;
/// a file without a header belongs to the root package (for files given
/// here) or to the package of the file that imported it. The root package is
/// the package of the first file added. Files of any other package are
/// dependency packages.
pub struct Session {
    map: SourceMap,
    options: Options,
    loader: Box<dyn FileLoader>,
    inputs: Vec<FileId>,
}

impl Session {
    /// A session whose file imports fail until a loader is set.
    pub fn new(options: Options) -> Session {
        Session {
            map: SourceMap::new(),
            options,
            loader: Box::new(MemoryLoader::new()),
            inputs: Vec::new(),
        }
    }

    pub fn with_loader(mut self, loader: Box<dyn FileLoader>) -> Session {
        self.loader = loader;
        self
    }

    pub fn options(&self) -> Options {
        self.options
    }

    pub fn set_options(&mut self, options: Options) {
        self.options = options;
    }

    /// Add a file given directly (root package unless its header says otherwise).
    pub fn add_file(&mut self, name: impl Into<String>, text: impl Into<String>) -> FileId {
        let id = self.map.add(name, text);
        self.inputs.push(id);
        id
    }

    pub fn source_map(&self) -> &SourceMap {
        &self.map
    }

    /// Render diagnostics against this session's files.
    pub fn render(&self, diags: &Diagnostics) -> String {
        diags.render(&self.map)
    }

    /// Parse, load imports, resolve and type-check.
    pub fn check(&mut self) -> Result<Program, Diagnostics> {
        let mut diags = Diagnostics::new();
        let loaded = self.load(&mut diags);
        if diags.has_errors() {
            // Syntax and import errors first: checking a broken tree only cascades.
            diags
                .0
                .sort_by_key(|d| d.primary_span().map(|s| (s.file, s.start)));
            return Err(diags);
        }
        let program = check::check(loaded, self.options, &mut diags);
        if diags.has_errors() {
            Err(diags)
        } else {
            Ok(program)
        }
    }

    fn load(&mut self, diags: &mut Diagnostics) -> Loaded {
        let mut next_id = 0u32;
        let mut files = Vec::new();
        let mut packages = Vec::new();
        let mut by_file_id: HashMap<FileId, usize> = HashMap::new();
        let mut root_package = None::<String>;

        // Whether code names `std` (a path like `std::gpu::device::f` may
        // reach any item of a std module, so none is parsed in part).
        let names_std = std::cell::Cell::new(false);
        let mut parse = |map: &SourceMap,
                         id: FileId,
                         ranges: Option<&[(usize, usize)]>,
                         diags: &mut Diagnostics|
         -> ast::File {
            let text = map.get(id).map(|f| f.text.as_str()).unwrap_or("");
            let (tokens, lex_diags) = match ranges {
                Some(r) => lex_ranges(id, text, r),
                None => lex(id, text),
            };
            if names_std_after_header(&tokens) {
                names_std.set(true);
            }
            let (file, errs) = parse_tokens(id, tokens, lex_diags, &mut next_id);
            for e in errs {
                diags.push(e);
            }
            file
        };

        // Root inputs first.
        for &id in &self.inputs.clone() {
            let file = parse(&self.map, id, None, diags);
            let pkg = file.package.as_ref().map(|p| p.joined());
            let root = root_package
                .get_or_insert_with(|| pkg.clone().unwrap_or_else(|| "main".into()))
                .clone();
            let pkg = pkg.unwrap_or(root.clone());
            if let Some(p) = &file.package {
                if p.segments.first().is_some_and(|s| s.name == "std") {
                    diags.push(
                        Diagnostic::error(
                            codes::HEADER,
                            format!(
                                "package name `{}` is reserved for the standard library",
                                p.joined()
                            ),
                        )
                        .at(p.span, "reserved package name"),
                    );
                }
            }
            let origin = if pkg == root {
                PackageOrigin::Root
            } else {
                PackageOrigin::Dependency
            };
            by_file_id.insert(id, files.len());
            files.push(file);
            packages.push((pkg, origin));
        }
        let root_package = root_package.unwrap_or_else(|| "main".into());

        // Follow imports until every referenced file and std module is loaded.
        let mut imports = HashMap::new();
        let mut std_mods = StdLoads::default();
        let mut i = 0;
        while i < files.len() {
            let importer_name = self
                .map
                .get(files[i].id)
                .map(|f| f.name.clone())
                .unwrap_or_default();
            let importer_pkg = packages[i].0.clone();
            let import_list: Vec<ast::Import> = files[i].imports.clone();
            for (j, import) in import_list.iter().enumerate() {
                let target = match &import.kind {
                    ImportKind::Named { from, .. } | ImportKind::Namespace { from, .. } => {
                        let names = match &import.kind {
                            ImportKind::Named { names, .. } => Some(&names[..]),
                            _ => None,
                        };
                        let spec = from.value.as_str();
                        if spec == "std" || spec.starts_with("std/") {
                            let path = spec.replace('/', "::");
                            self.load_std(
                                &path,
                                from.span,
                                names,
                                &mut std_mods,
                                &mut files,
                                &mut packages,
                                &mut parse,
                                diags,
                            )
                        } else if spec.starts_with("./") || spec.starts_with("../") {
                            let path = join_relative(&importer_name, spec);
                            let existing = self
                                .map
                                .find(&path)
                                .and_then(|id| by_file_id.get(&id).copied());
                            match existing {
                                Some(k) => ImportTarget::Package(packages[k].0.clone()),
                                None => match self.loader.load(&path) {
                                    Ok(text) => {
                                        let id = self.map.add(path.clone(), text);
                                        let file = parse(&self.map, id, None, diags);
                                        let pkg = file
                                            .package
                                            .as_ref()
                                            .map(|p| p.joined())
                                            .unwrap_or(importer_pkg.clone());
                                        let origin = if pkg == root_package {
                                            PackageOrigin::Root
                                        } else {
                                            PackageOrigin::Dependency
                                        };
                                        by_file_id.insert(id, files.len());
                                        files.push(file);
                                        packages.push((pkg.clone(), origin));
                                        ImportTarget::Package(pkg)
                                    }
                                    Err(e) => {
                                        diags.push(
                                            Diagnostic::error(
                                                codes::UNRESOLVED_IMPORT,
                                                format!("cannot load `{path}`: {e}"),
                                            )
                                            .at(from.span, "imported here"),
                                        );
                                        ImportTarget::Unresolved
                                    }
                                },
                            }
                        } else {
                            ImportTarget::Package(spec.replace('/', "::"))
                        }
                    }
                    ImportKind::Path { path, .. } => {
                        if path.segments.first().is_some_and(|s| s.name == "std") {
                            let full = path.joined();
                            let module = STD_MODULES
                                .iter()
                                .map(|m| m.0)
                                .filter(|m| full == *m || full.starts_with(&format!("{m}::")))
                                .max_by_key(|m| m.len());
                            // With no module the path starts with, `load_std`
                            // reports the whole path as unknown.
                            let loaded = self.load_std(
                                module.unwrap_or(&full),
                                path.span,
                                None,
                                &mut std_mods,
                                &mut files,
                                &mut packages,
                                &mut parse,
                                diags,
                            );
                            if module.is_some() && loaded != ImportTarget::Unresolved {
                                ImportTarget::Path
                            } else {
                                loaded
                            }
                        } else {
                            ImportTarget::Path
                        }
                    }
                };
                imports.insert((i, j), target);
            }
            i += 1;
        }
        // Launch blocks yield `std::gpu::DispatchResult`.
        if !self.options.nostd && files.iter().any(|f| f.has_launch) {
            let span = Span::new(FileId(0), 0, 0);
            self.load_std(
                "std::gpu",
                span,
                None,
                &mut std_mods,
                &mut files,
                &mut packages,
                &mut parse,
                diags,
            );
        }
        for p in std_mods.pending {
            let id = files[p.file].id;
            let index = p.index;
            let named = |i: &DeclItem| p.names.iter().any(|n| n == index.name(i));
            let found = p.names.iter().all(|n| index.find(n).is_some());
            files[p.file] = if p.whole || names_std.get() || !found {
                // A missing name is reported against the whole module
                // (its "did you mean" looks at every export).
                parse(&self.map, id, None, diags)
            } else {
                let mut ranges = vec![(0, index.header_end as usize)];
                ranges.extend(
                    index
                        .items
                        .iter()
                        .filter(|i| named(i))
                        .map(|i| (i.start as usize, i.end as usize)),
                );
                parse(&self.map, id, Some(&ranges), diags)
            };
        }
        Loaded {
            files,
            packages,
            imports,
            root_package,
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn load_std(
        &mut self,
        path: &str,
        span: Span,
        names: Option<&[ast::ImportName]>,
        std_mods: &mut StdLoads,
        files: &mut Vec<ast::File>,
        packages: &mut Vec<(String, PackageOrigin)>,
        parse: &mut ParseFn<'_>,
        diags: &mut Diagnostics,
    ) -> ImportTarget {
        let shown = path.replace("::", "/");
        if self.options.nostd {
            diags.push(
                Diagnostic::error(
                    codes::UNRESOLVED_IMPORT,
                    format!(
                        "cannot import `{shown}`: the standard library is disabled by `--nostd`"
                    ),
                )
                .at(span, "standard-library import")
                .help("remove `--nostd`, or declare what the file needs itself"),
            );
            return ImportTarget::Unresolved;
        }
        let Some(&(module, name, text)) = STD_MODULES.iter().find(|m| m.0 == path) else {
            let available: Vec<String> = STD_MODULES
                .iter()
                .map(|m| format!("`{}`", m.0.replace("::", "/")))
                .collect();
            diags.push(
                Diagnostic::error(
                    codes::UNRESOLVED_IMPORT,
                    format!("no standard-library module `{shown}`"),
                )
                .at(span, "not shipped with this compiler")
                .note(format!("available modules: {}", available.join(", "))),
            );
            return ImportTarget::Unresolved;
        };
        fn imported(ns: &[ast::ImportName]) -> impl Iterator<Item = String> + '_ {
            ns.iter().map(|n| n.name.name.clone())
        }
        if let Some(p) = std_mods.pending.iter_mut().find(|p| p.module == module) {
            match names {
                Some(ns) => p.names.extend(imported(ns)),
                None => p.whole = true,
            }
        } else if std_mods.loaded.insert(module, ()).is_none() {
            let id = self.map.add(name, text);
            let decl_only = DECL_ONLY_STD.iter().find(|d| d.0 == module);
            match (decl_only, names) {
                (Some((_, index)), Some(ns)) => {
                    std_mods.pending.push(PendingStd {
                        module,
                        index,
                        file: files.len(),
                        names: imported(ns).collect(),
                        whole: false,
                    });
                    files.push(ast::File {
                        id,
                        package: None,
                        imports: Vec::new(),
                        items: Vec::new(),
                        has_launch: false,
                    });
                }
                _ => files.push(parse(&self.map, id, None, diags)),
            }
            packages.push((module.to_string(), PackageOrigin::Std));
        }
        ImportTarget::Package(module.to_string())
    }
}

/// `dir/a.slk` + `./b.slk` → `dir/b.slk`; `..` pops a directory.
pub(crate) fn join_relative(importer: &str, spec: &str) -> String {
    let mut parts: Vec<&str> = importer.split('/').collect();
    parts.pop();
    for seg in spec.split('/') {
        match seg {
            "." | "" => {}
            ".." => {
                if parts.last().is_some_and(|p| *p != "..") && !parts.is_empty() {
                    parts.pop();
                } else {
                    parts.push("..");
                }
            }
            s => parts.push(s),
        }
    }
    parts.join("/")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_paths() {
        assert_eq!(join_relative("kernel.slk", "./util.slk"), "util.slk");
        assert_eq!(
            join_relative("src/kernel.slk", "./lib/util.slk"),
            "src/lib/util.slk"
        );
        assert_eq!(join_relative("src/kernel.slk", "../util.slk"), "util.slk");
        assert_eq!(join_relative("kernel.slk", "../util.slk"), "../util.slk");
    }
}
