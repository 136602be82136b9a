//! Fixed-size arrays `T[N]` (their elements in order, `stride` bytes
//! apart, like a C array) and slices `T[]` (`{ptr, len}` over such
//! elements): literals, bounds-checked indexing, views of arrays as
//! slices, and `for x in items`.

use super::expr::Place;
use super::func::{FnLower, Vals};
use super::layout::{int_type, stride};
use super::{internal, R};
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{types, InstBuilder, MemFlagsData, Value};
use silk_lang::ast::{Block, Expr, ExprId, Ident};
use silk_lang::source::Span;
use silk_lang::types::{IntTy, Ty};

impl FnLower<'_, '_, '_> {
    /// `[a, b, c]` as a value of type `ty` (`T[N]`).
    pub fn array_lit(&mut self, items: &[Expr], ty: &Ty, span: Span) -> R<Vals> {
        let Ty::Array(elem, _) = ty else {
            return Err(internal("array literal of a non-array type", span));
        };
        let mut out = Vec::new();
        for x in items {
            out.extend(self.value(x, elem)?);
        }
        Ok(out)
    }

    /// Where the elements of the array or slice `e` are, and how many:
    /// an array place is used in place, an array value is spilled to a
    /// temporary, a slice is its `{ptr, len}`.
    fn elements(&mut self, e: &Expr) -> R<(Value, Value, Ty)> {
        let ty = self.ty(e)?;
        if let Some((a, o, t)) = self.place(e)? {
            let (a, o, t) = match t {
                Ty::Ref(inner) => {
                    let p = self
                        .b
                        .ins()
                        .load(types::I64, MemFlagsData::trusted(), a, o as i32);
                    (p, 0, *inner)
                }
                t => (a, o, t),
            };
            return match t {
                Ty::Array(elem, n) => {
                    let base = self.b.ins().iadd_imm_s(a, o as i64);
                    let len = self.b.ins().iconst(types::I64, n as i64);
                    Ok((base, len, *elem))
                }
                Ty::Slice(elem) => {
                    let v = self.load(&Ty::Slice(elem.clone()), a, o, e.span)?;
                    Ok((v[0], v[1], *elem))
                }
                _ => Err(internal("elements of a non-array", e.span)),
            };
        }
        let v = self.expr(e)?;
        match ty {
            Ty::Array(elem, n) => {
                let arr = Ty::Array(elem.clone(), n);
                let base = self.temp(&arr, e.span)?;
                self.store(&arr, base, 0, &v, e.span)?;
                let len = self.b.ins().iconst(types::I64, n as i64);
                Ok((base, len, *elem))
            }
            Ty::Ref(inner) => match *inner {
                Ty::Array(elem, n) => {
                    let len = self.b.ins().iconst(types::I64, n as i64);
                    Ok((v[0], len, *elem))
                }
                _ => Err(internal("elements of a non-array", e.span)),
            },
            Ty::Slice(elem) => Ok((v[0], v[1], *elem)),
            _ => Err(internal("elements of a non-array", e.span)),
        }
    }

    /// The array `e` viewed as a slice `{ptr, len}`.
    pub fn as_slice(&mut self, e: &Expr) -> R<Vals> {
        let (ptr, len, _) = self.elements(e)?;
        Ok(vec![ptr, len])
    }

    /// `base[index]` as a place; traps with `index out of range` at
    /// `span` unless `0 <= index < len`.
    pub fn index_place(&mut self, base: &Expr, index: &Expr, span: Span) -> R<Place> {
        let (ptr, len, elem) = self.elements(base)?;
        let it = match self.ty(index)? {
            Ty::Int(i) => i,
            _ => IntTy::Int,
        };
        let i = self.value(index, &Ty::Int(it))?[0];
        // Compared unsigned at 64 (or 128) bits, a negative index is huge.
        let i64_ = if int_type(it) == types::I128 {
            let wide_len = self.b.ins().uextend(types::I128, len);
            let out = self
                .b
                .ins()
                .icmp(IntCC::UnsignedGreaterThanOrEqual, i, wide_len);
            self.trap_if(out, "index out of range", span)?;
            self.b.ins().ireduce(types::I64, i)
        } else {
            let w = if int_type(it) == types::I64 {
                i
            } else if it.is_signed() {
                self.b.ins().sextend(types::I64, i)
            } else {
                self.b.ins().uextend(types::I64, i)
            };
            let out = self.b.ins().icmp(IntCC::UnsignedGreaterThanOrEqual, w, len);
            self.trap_if(out, "index out of range", span)?;
            w
        };
        let step = stride(&self.layout(&elem, span)?);
        let off = self.b.ins().imul_imm_s(i64_, step as i64);
        let addr = self.b.ins().iadd(ptr, off);
        Ok((addr, 0, elem))
    }

    /// `for name in items { body }`: the elements are read one by one as
    /// the loop reaches them; `continue` goes on with the next one.
    pub fn for_loop(&mut self, id: ExprId, name: &Ident, items: &Expr, body: &Block) -> R<()> {
        let local = *self
            .c
            .p
            .bindings
            .get(&id)
            .ok_or_else(|| internal("loop variable without a local", name.span))?;
        let (ptr, len, elem) = self.elements(items)?;
        let step = stride(&self.layout(&elem, items.span)?);
        let counter = self.temp(&Ty::Int(IntTy::I64), items.span)?;
        let zero = self.b.ins().iconst(types::I64, 0);
        self.b
            .ins()
            .store(MemFlagsData::trusted(), zero, counter, 0);
        let (head, body_b, next, exit) = (
            self.b.create_block(),
            self.b.create_block(),
            self.b.create_block(),
            self.b.create_block(),
        );
        self.b.ins().jump(head, &[]);
        self.b.switch_to_block(head);
        let k = self
            .b
            .ins()
            .load(types::I64, MemFlagsData::trusted(), counter, 0);
        let more = self.b.ins().icmp(IntCC::SignedLessThan, k, len);
        self.b.ins().brif(more, body_b, &[], exit, &[]);
        self.b.switch_to_block(body_b);
        self.b.seal_block(body_b);
        let off = self.b.ins().imul_imm_s(k, step as i64);
        let at = self.b.ins().iadd(ptr, off);
        let v = self.load(&elem, at, 0, name.span)?;
        self.bind(local, &v, name.span)?;
        self.loops.push((next, exit));
        self.block(body)?;
        self.loops.pop();
        self.b.ins().jump(next, &[]);
        self.b.switch_to_block(next);
        self.b.seal_block(next);
        let k = self
            .b
            .ins()
            .load(types::I64, MemFlagsData::trusted(), counter, 0);
        let k1 = self.b.ins().iadd_imm_s(k, 1);
        self.b.ins().store(MemFlagsData::trusted(), k1, counter, 0);
        self.b.ins().jump(head, &[]);
        self.b.seal_block(head);
        self.b.switch_to_block(exit);
        self.b.seal_block(exit);
        Ok(())
    }
}
