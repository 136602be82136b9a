//! Memory layout of Silk values on x86-64 and their flattening into
//! Cranelift scalars. A value travels between instructions as the list of
//! its scalars in layout order; in memory each scalar sits at its offset
//! (natural alignment, as the System V psABI §3.1.2 lays out C structs).

use cranelift_codegen::ir::{types, Type};
use silk_lang::types::{FloatTy, IntTy, Ty};
use silk_lang::Program;

/// Size, alignment and scalar parts of one type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    pub size: u32,
    pub align: u32,
    /// Every scalar of the value: its byte offset and Cranelift type.
    pub scalars: Vec<(u32, Type)>,
}

impl Layout {
    fn scalar(ty: Type) -> Layout {
        let size = ty.bytes();
        Layout {
            size,
            align: size.min(16),
            scalars: vec![(0, ty)],
        }
    }

    pub fn types(&self) -> impl Iterator<Item = Type> + '_ {
        self.scalars.iter().map(|(_, t)| *t)
    }
}

/// The Cranelift type of an integer type.
pub fn int_type(i: IntTy) -> Type {
    match i {
        IntTy::U8 | IntTy::I8 => types::I8,
        IntTy::U16 | IntTy::I16 => types::I16,
        IntTy::U32 | IntTy::I32 => types::I32,
        IntTy::U64 | IntTy::I64 | IntTy::Int => types::I64,
        IntTy::U128 | IntTy::I128 => types::I128,
    }
}

fn align_up(v: u32, a: u32) -> u32 {
    v.div_ceil(a) * a
}

/// Most scalars an array value may flatten into: whole-array copies,
/// parameters and results move every scalar, so very large arrays are
/// refused with a located error rather than compiled into huge code.
pub const MAX_ARRAY_SCALARS: u64 = 4096;

/// Distance in bytes between consecutive elements of this layout.
pub fn stride(l: &Layout) -> u32 {
    align_up(l.size, l.align)
}

/// The layout of `ty`, or the name of what the host backend cannot hold.
/// Struct nesting is bounded: the checker rejects recursive structs
/// (a struct cannot contain itself by value), and `depth` guards the rest.
pub fn layout(p: &Program, ty: &Ty) -> Result<Layout, String> {
    layout_at(p, ty, 0)
}

fn layout_at(p: &Program, ty: &Ty, depth: u32) -> Result<Layout, String> {
    if depth > 64 {
        return Err("types nested more than 64 levels deep".into());
    }
    Ok(match ty {
        Ty::Bool => Layout::scalar(types::I8),
        Ty::Int(i) => Layout::scalar(int_type(*i)),
        Ty::IntLit => Layout::scalar(types::I64),
        Ty::Float(FloatTy::F32) => Layout::scalar(types::F32),
        Ty::Float(FloatTy::F64) | Ty::FloatLit => Layout::scalar(types::F64),
        Ty::Float(FloatTy::F128) => Layout::scalar(types::F128),
        Ty::Char => Layout::scalar(types::I32),
        Ty::Ref(_) | Ty::Fn(..) => Layout::scalar(types::I64),
        Ty::Void => Layout {
            size: 0,
            align: 1,
            scalars: vec![],
        },
        Ty::String | Ty::Slice(_) => Layout {
            size: 16,
            align: 8,
            scalars: vec![(0, types::I64), (8, types::I64)],
        },
        Ty::Struct(id) => {
            let info = &p.structs[id.0 as usize];
            let mut out = Layout {
                size: 0,
                align: 1,
                scalars: vec![],
            };
            for (_, fty, _) in &info.fields {
                let f = layout_at(p, fty, depth + 1)?;
                let at = align_up(out.size, f.align);
                out.scalars
                    .extend(f.scalars.iter().map(|(o, t)| (at + o, *t)));
                out.size = at + f.size;
                out.align = out.align.max(f.align);
            }
            out.size = align_up(out.size, out.align);
            out
        }
        Ty::Optional(inner) => {
            let f = layout_at(p, inner, depth + 1)?;
            let at = align_up(1, f.align);
            let mut scalars = vec![(0, types::I8)];
            scalars.extend(f.scalars.iter().map(|(o, t)| (at + o, *t)));
            let align = f.align.max(1);
            Layout {
                size: align_up(at + f.size, align),
                align,
                scalars,
            }
        }
        Ty::Array(inner, n) => {
            let f = layout_at(p, inner, depth + 1)?;
            let count = (f.scalars.len() as u64).saturating_mul(*n);
            if count > MAX_ARRAY_SCALARS {
                return Err(format!(
                    "arrays of more than {MAX_ARRAY_SCALARS} scalar values"
                ));
            }
            let step = stride(&f);
            let mut scalars = Vec::with_capacity(count as usize);
            // With no scalars (an empty struct) the size is 0 whatever `n` is.
            let n = if f.scalars.is_empty() { 0 } else { *n };
            for k in 0..n as u32 {
                scalars.extend(f.scalars.iter().map(|(o, t)| (k * step + o, *t)));
            }
            Layout {
                size: step * n as u32,
                align: f.align,
                scalars,
            }
        }
        Ty::NoneLit | Ty::Error => return Err("values of unknown type".into()),
    })
}

/// Byte offset and type of field `name` of struct type `ty`.
pub fn field(p: &Program, ty: &Ty, name: &str) -> Result<(u32, Ty), String> {
    match ty.strip_ref() {
        Ty::Struct(id) => {
            let info = &p.structs[id.0 as usize];
            let mut size = 0;
            for (fname, fty, _) in &info.fields {
                let f = layout(p, fty)?;
                let at = align_up(size, f.align);
                if fname == name {
                    return Ok((at, fty.clone()));
                }
                size = at + f.size;
            }
            Err(format!("field `{name}`"))
        }
        Ty::String | Ty::Slice(_) if name == "ptr" => Ok((0, Ty::Int(IntTy::U64))),
        Ty::String | Ty::Slice(_) if name == "len" => Ok((8, Ty::Int(IntTy::I64))),
        _ => Err(format!("field `{name}` of this type")),
    }
}

/// Index range of a field's scalars within its struct's scalar list.
pub fn field_scalars(p: &Program, ty: &Ty, name: &str) -> Result<std::ops::Range<usize>, String> {
    let whole = layout(p, ty.strip_ref())?;
    let (at, fty) = field(p, ty, name)?;
    let f = layout(p, &fty)?;
    let start = whole
        .scalars
        .iter()
        .position(|(o, _)| *o >= at)
        .unwrap_or(whole.scalars.len());
    Ok(start..start + f.scalars.len())
}
