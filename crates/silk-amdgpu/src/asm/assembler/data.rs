//! Data sections of the assembler: global data objects in `.rodata`,
//! `.data.rel.ro`, `.data` and `.bss`, `@rel32` literals that point into
//! them, and pointers stored in data, turned into what the writer lays
//! out as lld does ([`crate::code_object::DataImage`]).

use super::{Asm, DataFixup, Expr, Loc, SecKind, SymDef, SymType};

impl Asm<'_> {
    /// The writer's name for section `sec`, if it is one a code object holds.
    pub(super) fn link_section(&self, sec: usize) -> Option<crate::code_object::DataSection> {
        use crate::code_object::DataSection as D;
        Some(match self.sections[sec].kind {
            SecKind::Text => D::Text,
            SecKind::Rodata => D::Rodata,
            SecKind::DataRelRo => D::DataRelRo,
            SecKind::Data => D::Data,
            SecKind::Bss => D::Bss,
            SecKind::Other => return None,
        })
    }

    /// lld resolves a reference at link time only when the symbol cannot
    /// be preempted: local, or global with `.protected` visibility (clang
    /// marks every HIP global so). Otherwise it needs a GOT entry or a
    /// symbolic dynamic relocation, which silk does not write.
    pub(super) fn non_preemptible(&self, name: &str) -> Result<(), String> {
        match self.symbols.get(name) {
            Some(s) if s.global.is_some() && !s.protected => Err(format!(
                "`{name}` is global with default visibility, so a reference to it needs a GOT entry or a symbolic relocation, which silk does not write: add `.protected {name}`"
            )),
            _ => Ok(()),
        }
    }

    /// `.quad sym+A` in a data section: an `R_AMDGPU_RELATIVE64` for the
    /// writer, as lld makes of an `R_AMDGPU_ABS64` against a
    /// non-preemptible symbol in a shared object.
    pub(super) fn data_pointer(
        &mut self,
        f: &DataFixup,
        target: usize,
        off: i64,
    ) -> Result<(), String> {
        let sec = &self.sections[f.section];
        let kind = sec.kind;
        if !matches!(kind, SecKind::Data | SecKind::DataRelRo) {
            return Err(format!(
                "this value is an address, which needs a load-time relocation; lld allows one only in a writable section such as `.data.rel.ro` or `.data` (this is `{}`)",
                sec.name
            ));
        }
        if f.size != 8 {
            return Err(format!(
                "an address needs 8 bytes (`.quad`), not {} (lld would need a symbolic 32-bit relocation)",
                f.size
            ));
        }
        let mut names = Vec::new();
        expr_symbols(&f.expr, &mut names);
        for n in names {
            self.non_preemptible(n)?;
        }
        let Some(target_section) = self.link_section(target) else {
            return Err(format!(
                "the address points into `{}`, which a code object written by silk does not hold",
                self.sections[target].name
            ));
        };
        let section = self.link_section(f.section).expect("a data section");
        self.data_relocs.push(crate::code_object::DataReloc {
            section,
            offset: f.offset,
            target: target_section,
            target_offset: off,
        });
        Ok(())
    }

    /// User data in `.rodata` after the descriptors, and the other data
    /// sections: either only the HIP `__hip_cuid_*` marker in `.bss` (its
    /// name) or a [`DataImage`] with every global data object and the
    /// relocations.
    ///
    /// [`DataImage`]: crate::code_object::DataImage
    pub(super) fn data_sections(
        &mut self,
        kernel_names: &[String],
    ) -> (
        Option<Vec<u8>>,
        Option<String>,
        Option<crate::code_object::DataImage>,
    ) {
        use crate::code_object::{DataImage, DataObject, DataSection};
        let descriptors = 64 * kernel_names.len();
        let mut rodata = Vec::new();
        if let Some(s) = self.sections.iter().find(|s| s.kind == SecKind::Rodata) {
            rodata = s.data.get(descriptors..).unwrap_or_default().to_vec();
        }
        let mut labels: Vec<(String, usize, u64, Loc)> = self
            .symbols
            .iter()
            .filter_map(|(n, s)| match s.def {
                Some(SymDef::Label { section, offset })
                    if self.sections[section].kind != SecKind::Text && !n.starts_with(".L") =>
                {
                    Some((
                        n.clone(),
                        section,
                        offset,
                        s.def_loc.unwrap_or(Loc { line: 0, pos: 0 }),
                    ))
                }
                _ => None,
            })
            .collect();
        labels.sort_by_key(|l| (l.3.line, l.3.pos));
        let mut ok = true;
        let mut objects = Vec::new();
        for (name, section, offset, loc) in labels {
            let sym = &self.symbols[&name];
            let (global, protected, object) = (
                sym.global.is_some(),
                sym.protected,
                sym.ty == SymType::Object,
            );
            let Some(ds) = self.link_section(section) else {
                continue;
            };
            if !global {
                self.error(
                    loc,
                    format!("data symbol `{name}` is local: silk writes global data symbols (`.globl {name}`) and `.L` labels only"),
                );
                ok = false;
                continue;
            }
            if ds == DataSection::Rodata && offset < descriptors as u64 {
                self.error(loc, format!("`{name}` lies among the kernel descriptors"));
                ok = false;
                continue;
            }
            let size = self.symbol_size(&name).unwrap_or(0);
            objects.push(DataObject {
                name,
                section: ds,
                offset,
                size,
                object,
                protected,
            });
        }
        let section = |kind: SecKind| self.sections.iter().find(|s| s.kind == kind);
        let bytes = |kind: SecKind| section(kind).map_or(Vec::new(), |s| s.data.clone());
        let align = |kind: SecKind| section(kind).map_or(1, |s| s.align.max(1));
        let (data_rel_ro, data) = (bytes(SecKind::DataRelRo), bytes(SecKind::Data));
        let bss_size = section(SecKind::Bss).map_or(0, |s| s.data.len() as u64);
        if !ok {
            return (None, None, None);
        }
        // Only the cuid marker (or nothing): the writer's own `.bss`.
        let plain = self.code_relocs.is_empty()
            && self.data_relocs.is_empty()
            && data_rel_ro.is_empty()
            && data.is_empty()
            && match objects.as_slice() {
                [] => bss_size == 0,
                [o] => {
                    o.section == DataSection::Bss
                        && o.object
                        && !o.protected
                        && o.size == 1
                        && bss_size == 1
                }
                _ => false,
            };
        if plain {
            return (Some(rodata), objects.pop().map(|o| o.name), None);
        }
        let mut global_order = Vec::new();
        for m in &self.mentions {
            let is_kernel = kernel_names
                .iter()
                .any(|k| k == m || m.strip_suffix(".kd") == Some(k));
            if is_kernel || objects.iter().any(|o| &o.name == m) {
                global_order.push(m.clone());
            }
        }
        let image = DataImage {
            data_rel_ro_align: align(SecKind::DataRelRo),
            data_align: align(SecKind::Data),
            bss_align: align(SecKind::Bss),
            data_rel_ro,
            data,
            bss_size,
            objects,
            global_order,
            code_relocs: std::mem::take(&mut self.code_relocs),
            data_relocs: std::mem::take(&mut self.data_relocs),
        };
        (Some(rodata), None, Some(image))
    }
}

/// The symbol names an expression refers to.
pub(super) fn expr_symbols<'e>(e: &'e Expr, out: &mut Vec<&'e str>) {
    // An explicit stack: expressions can be deep.
    let mut stack = vec![e];
    while let Some(e) = stack.pop() {
        match e {
            Expr::Sym(name, _) => out.push(name),
            Expr::Unary(_, a) => stack.push(a),
            Expr::Binary(_, l, r, _) => {
                stack.push(r);
                stack.push(l);
            }
            Expr::Call(_, args, _) => stack.extend(args.iter().rev()),
            Expr::Num(_) | Expr::Here(_) => {}
        }
    }
}
