//! One function's lowering state, locals in stack slots, and statements
//! and structured control flow. Every local (parameters too) lives in its
//! own stack slot, so `&T` receivers and `mut self` methods take plain
//! addresses; Cranelift's alias analysis forwards the loads it can.

use super::layout::{layout, Layout};
use super::{internal, unsupported, Compiler, R};
use cranelift_codegen::ir::{
    types, Block as CBlock, InstBuilder, MemFlagsData, StackSlotData, StackSlotKind, TrapCode,
    Value,
};
use cranelift_frontend::FunctionBuilder;
use silk_lang::ast::{Block, Expr, Stmt, StmtKind};
use silk_lang::program::LocalId;
use silk_lang::source::Span;
use silk_lang::types::Ty;
use std::collections::HashMap;

/// A value as its scalars in layout order.
pub(crate) type Vals = Vec<Value>;

pub(crate) struct FnLower<'c, 'p, 'b> {
    pub c: &'c mut Compiler<'p>,
    pub b: FunctionBuilder<'b>,
    result: Ty,
    locals: HashMap<LocalId, Value>,
    /// `(continue target, break target)` of the enclosing loops.
    pub loops: Vec<(CBlock, CBlock)>,
    /// The caller's location `{ptr, len}`, in a standard-library function.
    pub caller: Option<(Value, Value)>,
}

impl<'c, 'p, 'b> FnLower<'c, 'p, 'b> {
    pub fn new(c: &'c mut Compiler<'p>, mut b: FunctionBuilder<'b>, result: Ty) -> Self {
        let entry = b.create_block();
        b.append_block_params_for_function_params(entry);
        b.switch_to_block(entry);
        b.seal_block(entry);
        FnLower {
            c,
            b,
            result,
            locals: HashMap::new(),
            loops: Vec::new(),
            caller: None,
        }
    }

    /// The last two parameters are the caller's location (see
    /// [`super::Compiler::takes_caller_location`]).
    pub fn take_caller_location(&mut self) {
        let block = self.b.current_block().unwrap();
        if let [.., ptr, len] = *self.b.block_params(block) {
            self.caller = Some((ptr, len));
        }
    }

    pub fn layout(&self, ty: &Ty, span: Span) -> R<Layout> {
        layout(self.c.p, ty).map_err(|w| unsupported(&w, span))
    }

    /// A fresh stack slot for a value of `ty`; its address.
    pub fn temp(&mut self, ty: &Ty, span: Span) -> R<Value> {
        let l = self.layout(ty, span)?;
        let slot = self.b.create_sized_stack_slot(StackSlotData::new(
            StackSlotKind::ExplicitSlot,
            l.size.max(1),
            l.align.trailing_zeros() as u8,
        ));
        Ok(self.b.ins().stack_addr(types::I64, slot, 0))
    }

    pub fn load(&mut self, ty: &Ty, addr: Value, offset: u32, span: Span) -> R<Vals> {
        let l = self.layout(ty, span)?;
        Ok(l.scalars
            .iter()
            .map(|(o, t)| {
                self.b
                    .ins()
                    .load(*t, MemFlagsData::trusted(), addr, (offset + o) as i32)
            })
            .collect())
    }

    pub fn store(
        &mut self,
        ty: &Ty,
        addr: Value,
        offset: u32,
        vals: &[Value],
        span: Span,
    ) -> R<()> {
        let l = self.layout(ty, span)?;
        if l.scalars.len() != vals.len() {
            return Err(internal("value does not match its type's layout", span));
        }
        for ((o, _), v) in l.scalars.iter().zip(vals) {
            self.b
                .ins()
                .store(MemFlagsData::trusted(), *v, addr, (offset + o) as i32);
        }
        Ok(())
    }

    /// The address of a local's slot.
    pub fn local_addr(&mut self, id: LocalId, span: Span) -> R<Value> {
        self.locals
            .get(&id)
            .copied()
            .ok_or_else(|| internal("local used before its binding", span))
    }

    pub fn bind(&mut self, id: LocalId, vals: &[Value], span: Span) -> R<()> {
        let ty = self.c.p.local(id).ty.clone();
        let addr = self.temp(&ty, span)?;
        self.store(&ty, addr, 0, vals, span)?;
        self.locals.insert(id, addr);
        Ok(())
    }

    /// Stores the incoming (flattened) parameters into their slots.
    pub fn params(&mut self, ids: &[LocalId]) -> R<()> {
        let block = self.b.current_block().unwrap();
        let all: Vec<Value> = self.b.block_params(block).to_vec();
        let mut at = 0;
        for id in ids {
            let local = self.c.p.local(*id);
            let (ty, span) = (local.ty.clone(), local.span);
            let n = self.layout(&ty, span)?.scalars.len();
            let vals = all
                .get(at..at + n)
                .ok_or_else(|| internal("parameter count", span))?
                .to_vec();
            at += n;
            self.bind(*id, &vals, span)?;
        }
        Ok(())
    }

    /// Continue in a block nothing jumps to (after `return`, `break`, ...).
    fn dead(&mut self) {
        let b = self.b.create_block();
        self.b.switch_to_block(b);
        self.b.seal_block(b);
    }

    /// Ends the function: a `void` body may fall off its end; any other
    /// end is unreachable (the checker proved every path returns).
    pub fn finish(mut self, _span: Span) -> R<()> {
        if self.result == Ty::Void {
            self.b.ins().return_(&[]);
        } else {
            self.b.ins().trap(TrapCode::unwrap_user(1));
        }
        self.b.seal_all_blocks();
        let frontend = self.c.obj.isa().frontend_config();
        self.b.finalize(frontend);
        Ok(())
    }

    pub fn block(&mut self, b: &Block) -> R<()> {
        for s in &b.stmts {
            self.stmt(s)?;
        }
        Ok(())
    }

    fn stmt(&mut self, s: &Stmt) -> R<()> {
        match &s.kind {
            StmtKind::Let { id, name, init, .. } => {
                let local = *self
                    .c
                    .p
                    .bindings
                    .get(id)
                    .ok_or_else(|| internal("binding without a local", name.span))?;
                let ty = self.c.p.local(local).ty.clone();
                let vals = match init {
                    Some(e) => self.value(e, &ty)?,
                    None => self.zero(&ty, s.span)?,
                };
                self.bind(local, &vals, s.span)
            }
            StmtKind::Const(c) => {
                let local = *self
                    .c
                    .p
                    .bindings
                    .get(&c.value.id)
                    .ok_or_else(|| internal("constant without a local", c.name.span))?;
                let ty = self.c.p.local(local).ty.clone();
                let vals = self.value(&c.value, &ty)?;
                self.bind(local, &vals, s.span)
            }
            StmtKind::Assign { target, op, value } => self.assign(target, *op, value, s.span),
            StmtKind::Expr(e) => self.expr(e).map(|_| ()),
            StmtKind::If {
                cond,
                then,
                otherwise,
            } => {
                let c = self.expr(cond)?[0];
                let (t, e, join) = (
                    self.b.create_block(),
                    self.b.create_block(),
                    self.b.create_block(),
                );
                self.b.ins().brif(c, t, &[], e, &[]);
                self.b.switch_to_block(t);
                self.b.seal_block(t);
                self.block(then)?;
                self.b.ins().jump(join, &[]);
                self.b.switch_to_block(e);
                self.b.seal_block(e);
                if let Some(o) = otherwise {
                    self.block(o)?;
                }
                self.b.ins().jump(join, &[]);
                self.b.switch_to_block(join);
                self.b.seal_block(join);
                Ok(())
            }
            StmtKind::While { cond, body } => self.while_loop(Some(cond), body),
            StmtKind::Loop(body) => self.while_loop(None, body),
            StmtKind::Break | StmtKind::Continue => {
                let (cont, brk) = *self
                    .loops
                    .last()
                    .ok_or_else(|| internal("`break` outside a loop", s.span))?;
                let to = if matches!(s.kind, StmtKind::Break) {
                    brk
                } else {
                    cont
                };
                self.b.ins().jump(to, &[]);
                self.dead();
                Ok(())
            }
            StmtKind::Return(v) => {
                let result = self.result.clone();
                let vals = match v {
                    Some(e) => self.value(e, &result)?,
                    None => vec![],
                };
                self.b.ins().return_(&vals);
                self.dead();
                Ok(())
            }
            StmtKind::Block(b) => self.block(b),
            StmtKind::For {
                id,
                name,
                items,
                body,
            } => self.for_loop(*id, name, items, body),
            StmtKind::Launch(l) => self.launch(l, s.span).map(|_| ()),
            StmtKind::Error => Err(internal("malformed statement", s.span)),
        }
    }

    /// `while cond { body }`, or `loop { body }` when there is no `cond`:
    /// `continue` goes back to the head, which tests `cond`, and `break`
    /// to the exit.
    fn while_loop(&mut self, cond: Option<&Expr>, body: &Block) -> R<()> {
        let head = self.b.create_block();
        let test = cond.map(|c| (c, self.b.create_block()));
        let exit = self.b.create_block();
        self.b.ins().jump(head, &[]);
        self.b.switch_to_block(head);
        if let Some((cond, body_b)) = test {
            let c = self.expr(cond)?[0];
            self.b.ins().brif(c, body_b, &[], exit, &[]);
            self.b.switch_to_block(body_b);
            self.b.seal_block(body_b);
        }
        self.loops.push((head, exit));
        self.block(body)?;
        self.loops.pop();
        self.b.ins().jump(head, &[]);
        self.b.seal_block(head);
        self.b.switch_to_block(exit);
        self.b.seal_block(exit);
        Ok(())
    }

    /// The all-zero value of `ty` (an uninitialised `var`, `None`).
    pub fn zero(&mut self, ty: &Ty, span: Span) -> R<Vals> {
        let l = self.layout(ty, span)?;
        Ok(l.types().map(|t| self.zero_of(t)).collect())
    }

    pub fn zero_of(&mut self, t: cranelift_codegen::ir::Type) -> Value {
        match t {
            types::F32 => self.b.ins().f32const(0.0),
            types::F64 => self.b.ins().f64const(0.0),
            types::I128 => {
                let z = self.b.ins().iconst(types::I64, 0);
                self.b.ins().uextend(types::I128, z)
            }
            t => self.b.ins().iconst(t, 0),
        }
    }
}
