//! Structured control flow: blocks, the per-instruction dispatch, phi
//! merges, and the EXEC-mask lowering of `if`, `loop`, `break`,
//! `continue` and `ret` (see the module documentation of `isel`).

use super::*;

impl<'a> Sel<'a> {
    pub(super) fn switch_to(&mut self, b: BlockId) {
        self.cur = b;
        // Divisions of the block left ran under its EXEC and need not
        // dominate the next one.
        self.div_cache.clear();
        self.zero_vgpr = self.loop_zero.last().copied().flatten();
        self.const_pairs.clear();
    }

    pub(super) fn new_block(&mut self) -> BlockId {
        let l = self.loop_stack.last().copied();
        self.mf.new_block(l)
    }

    /// Start a new block after the current one (a branch target).
    pub(super) fn start_block(&mut self) -> BlockId {
        let b = self.new_block();
        self.switch_to(b);
        b
    }

    pub(super) fn block(&mut self, b: &'a Block) -> Result<(), Error> {
        for inst in &b.insts {
            self.inst(&inst.results, &inst.op)?;
        }
        Ok(())
    }

    pub(super) fn inst(&mut self, res: &[Value], op: &'a IrOp) -> Result<(), Error> {
        match op {
            IrOp::Const { ty, .. } if ty.is_vec() => self.vec_zero(res[0], *ty),
            IrOp::Const { bits, .. } => {
                self.vals[res[0].index()] = Some(Val::Const(*bits));
                Ok(())
            }
            IrOp::VecBuild { elems, ty } => self.vec_build(res[0], elems, *ty),
            IrOp::Extract { vec, index } => self.extract(res[0], *vec, *index),
            IrOp::Insert { vec, value, index } => self.insert(res[0], *vec, *value, *index),
            IrOp::Matrix { op, a, b, c } => self.matrix(res[0], *op, *a, *b, *c),
            IrOp::Bitcast { arg, to } if to.is_vec() || self.ty(*arg).is_vec() => {
                self.vec_bitcast(res[0], *arg)
            }
            IrOp::Unary { op, arg } => self.unary(res[0], *op, *arg),
            IrOp::Binary { op, lhs, rhs } => self.binary(res[0], *op, *lhs, *rhs),
            IrOp::Fma { a, b, c } => {
                let t = self.ty(*a);
                let name = match t {
                    Type::F16 => Op::V_FMA_F16,
                    Type::F32 => Op::V_FMA_F32,
                    Type::F64 => Op::V_FMA_F64,
                    _ => return Err(unsupported(format!("fma on {t}"))),
                };
                let n = Self::dwords(t);
                let d = self.vreg(n);
                let srcs = if t == Type::F16 {
                    vec![self.half(*a)?, self.half(*b)?, self.half(*c)?]
                } else {
                    vec![self.whole(*a)?, self.whole(*b)?, self.whole(*c)?]
                };
                self.vop3(name, vec![self.r(d)], srcs)?;
                self.set(res[0], d);
                Ok(())
            }
            IrOp::Cmp { pred, lhs, rhs } => self.cmp(res[0], *pred, *lhs, *rhs),
            IrOp::Select {
                cond,
                if_true,
                if_false,
            } => self.select(res[0], *cond, *if_true, *if_false),
            IrOp::Cvt { arg, to } => self.cvt(res[0], *arg, *to),
            IrOp::Bitcast { arg, .. } => {
                let v = self.val(*arg)?;
                self.vals[res[0].index()] = Some(v);
                Ok(())
            }
            IrOp::PtrAdd { ptr, offset } => self.ptradd(res[0], *ptr, *offset),
            IrOp::Load { ptr, ty, align } => self.load(res[0], *ptr, *ty, *align),
            IrOp::Store { ptr, value, align } => self.store(*ptr, *value, *align),
            IrOp::Atomic { op, ptr, value } => self.atomic(res[0], *op, *ptr, *value),
            IrOp::CmpXchg { ptr, expected, new } => self.cmpxchg(res[0], *ptr, *expected, *new),
            IrOp::Amdgpu(op) => self.precoloured(op),
            IrOp::Barrier => {
                self.emit(Op::S_BARRIER, vec![], 0)?;
                Ok(())
            }
            IrOp::Geometry { query, dim } => self.geometry(res[0], *query, *dim),
            IrOp::LdsAlloc { size, align } => {
                let base = self.lds_next.next_multiple_of(*align);
                self.lds_next = base + size;
                if self.lds_next > 65536 {
                    return Err(Error::unsupported(format!(
                        "{} bytes of LDS (at most 65536)",
                        self.lds_next
                    )));
                }
                self.vals[res[0].index()] = Some(Val::Const(base as u64));
                Ok(())
            }
            IrOp::Call { callee, .. } => Err(unsupported(format!(
                "`call @{callee}` in instruction selection: calls are inlined by `compile_module` (`inline::inline_calls`), not by `compile_kernel`"
            ))),
            IrOp::If {
                cond,
                then_blk,
                else_blk,
            } => self.if_(res, *cond, then_blk, else_blk),
            IrOp::Loop {
                inits,
                params,
                body,
            } => self.loop_(res, inits, params, body),
            IrOp::Yield(_) => Ok(()), // handled by the enclosing `if`
            IrOp::Break(vs) => self.break_(vs),
            IrOp::Continue(vs) => self.continue_(vs),
            IrOp::Return(vs) => {
                if !vs.is_empty() {
                    return Err(unsupported("kernels returning values"));
                }
                self.ret()
            }
        }
    }

    /// Write `src` into the merge register `dst` under the current EXEC.
    pub(super) fn write_merge(&mut self, dst: VReg, t: Type, src: Value) -> Result<(), Error> {
        let v = self.val(src)?;
        self.write_merge_val(dst, t, v)
    }

    /// Dword `k` of a selected value as an operand.
    pub(super) fn val_part(v: Val, k: u8) -> MOp {
        match v {
            Val::Const(bits) => MOp::Phys(imm32((bits >> (32 * k)) as u32)),
            Val::Reg(r) => Self::sub(r, k),
        }
    }

    pub(super) fn write_merge_val(&mut self, dst: VReg, t: Type, src: Val) -> Result<(), Error> {
        let info = self.mf.info(dst);
        if t == Type::Bool {
            let s = match src {
                Val::Reg(r) => self.r(r),
                Val::Const(bits) => MOp::Phys(Operand::int(if bits != 0 { -1 } else { 0 })),
            };
            let exec = self.exec();
            let andn2 = self.lm(Op::S_ANDN2_B32, Op::S_ANDN2_B64);
            let and = self.lm(Op::S_AND_B32, Op::S_AND_B64);
            let or = self.lm(Op::S_OR_B32, Op::S_OR_B64);
            self.emit(andn2, vec![self.r(dst), self.r(dst), exec], 1)?;
            let tmp = self.mask();
            self.emit(and, vec![self.r(tmp), s, exec], 1)?;
            return self.emit(or, vec![self.r(dst), self.r(dst), self.r(tmp)], 1);
        }
        if matches!(src, Val::Reg(r) if r == dst) {
            // Already there (an inner `if` wrote the result register).
            return Ok(());
        }
        let name = if info.file == File::Sgpr {
            self.mf.blocks[self.cur.0 as usize].writes_uniform_merge = true;
            Op::S_MOV_B32
        } else {
            Op::V_MOV_B32_e32
        };
        for k in 0..info.dwords {
            let o = Self::val_part(src, k);
            self.emit(name, vec![Self::sub(dst, k), o], 1)?;
        }
        Ok(())
    }

    /// Write several merge registers at once with parallel-copy semantics
    /// (every source is read before any destination is written), as loop
    /// back-edges need: `continue %b, %a` for params `(%a, %b)` is a swap.
    /// Moves are emitted in dependency order (a destination is written only
    /// when no pending move still reads it); a cycle is broken by copying
    /// one source into a fresh temporary.
    pub(super) fn write_merges(&mut self, moves: &[(VReg, Type, Value)]) -> Result<(), Error> {
        let mut pending: Vec<(VReg, Type, Val)> = Vec::with_capacity(moves.len());
        for &(d, t, v) in moves {
            let src = self.val(v)?;
            if matches!(src, Val::Reg(r) if r == d) {
                continue; // already in place
            }
            pending.push((d, t, src));
        }
        let reads = |p: &[(VReg, Type, Val)], r: VReg, skip: usize| {
            p.iter()
                .enumerate()
                .any(|(i, m)| i != skip && matches!(m.2, Val::Reg(s) if s == r))
        };
        while !pending.is_empty() {
            if let Some(i) = (0..pending.len()).find(|&i| !reads(&pending, pending[i].0, i)) {
                let (d, t, src) = pending.remove(i);
                self.write_merge_val(d, t, src)?;
                continue;
            }
            // Every pending destination is still read: a cycle. Save the
            // first move's destination in a temporary and redirect its
            // readers there.
            let d = pending[0].0;
            let tmp = self.copy_whole(d)?;
            for m in pending.iter_mut() {
                if matches!(m.2, Val::Reg(s) if s == d) {
                    m.2 = Val::Reg(tmp);
                }
            }
        }
        Ok(())
    }

    /// A copy of every dword of `r` in a fresh register of the same file.
    pub(super) fn copy_whole(&mut self, r: VReg) -> Result<VReg, Error> {
        let info = self.mf.info(r);
        let d = self.mf.new_vreg(info.file, info.dwords);
        let name = if info.file == File::Sgpr {
            Op::S_MOV_B32
        } else {
            Op::V_MOV_B32_e32
        };
        for k in 0..info.dwords {
            self.emit(name, vec![Self::sub(d, k), Self::sub(r, k)], 1)?;
        }
        Ok(d)
    }

    /// A phi register, created before the `if`/`loop` it merges. A lane
    /// mask starts at 0: its writes keep the lanes outside EXEC
    /// (`(dst & ~exec) | ...`), so the first write would otherwise read an
    /// undefined register.
    pub(super) fn merge_reg(&mut self, t: Type, uniform: bool) -> Result<VReg, Error> {
        let r = if t == Type::Bool {
            let m = self.mask();
            let mov = self.lm(Op::S_MOV_B32, Op::S_MOV_B64);
            self.emit(mov, vec![self.r(m), MOp::Phys(Operand::int(0))], 1)?;
            m
        } else if uniform && !t.is_vec() {
            self.sreg(Self::dwords(t))
        } else {
            self.vreg(Self::dwords(t))
        };
        self.mf.vregs[r.0 as usize].merge = true;
        Ok(r)
    }

    pub(super) fn branch(&mut self, name: Op, target: BlockId) -> Result<(), Error> {
        self.emit(name, vec![MOp::Label(target)], 0)
    }

    pub(super) fn yields(b: &Block) -> Option<&Vec<Value>> {
        match b.terminator().map(|t| &t.op) {
            Some(IrOp::Yield(v)) => Some(v),
            _ => None,
        }
    }

    pub(super) fn if_(
        &mut self,
        res: &[Value],
        cond: Value,
        then_blk: &'a Block,
        else_blk: &'a Block,
    ) -> Result<(), Error> {
        if let (true, Some(Frame::Loop(l))) = (res.is_empty(), self.frames.last()) {
            if l.uniform_exits {
                if let Some((vs, on_true)) = break_arm(then_blk, else_blk) {
                    return self.uniform_break(cond, on_true, vs);
                }
            }
        }
        // Result registers: SGPRs only if uniform and every yielded value is
        // scalar (decided after the arms: pick VGPR when unsure).
        let types: Vec<Type> = res.iter().map(|&r| self.ty(r)).collect();
        let uni: Vec<bool> = res
            .iter()
            .enumerate()
            .map(|(i, &r)| {
                self.uniform[r.index()]
                    && [then_blk, else_blk].iter().all(|b| {
                        Self::yields(b).and_then(|v| v.get(i)).is_some_and(|v| {
                            scalar_candidate(self.f, *v, &self.uniform, &self.smem)
                        })
                    })
            })
            .collect();
        // A result an enclosing arm yields goes straight into the
        // enclosing result's register (same file), which then needs no
        // copy at that yield.
        let mut outs: Vec<VReg> = Vec::with_capacity(res.len());
        for ((&r, &t), &u) in res.iter().zip(&types).zip(&uni) {
            let o = match self.merge_target[r.index()] {
                Some(o) if t != Type::Bool && (self.mf.info(o).file == File::Sgpr) == u => o,
                _ => self.merge_reg(t, u)?,
            };
            outs.push(o);
        }
        // An else arm that only yields values defined before the `if`
        // (`if c { ...; yield x } else { yield 0 }`): write those into the
        // VGPR results first, under the current EXEC, and let the then arm
        // overwrite its lanes; no else block. It also keeps the two arms
        // from writing one register, which after a load in the then arm
        // made the else arm wait for the load (a write-after-write wait).
        // When the then arm yields a value it loads, the load writes the
        // result register itself (`retarget_load`), which only works when
        // nothing else reads the loaded value; otherwise the copy would
        // wait for the load inside the arm.
        let loaded = |v: &Value| {
            then_blk
                .insts
                .iter()
                .any(|i| i.results.contains(v) && matches!(i.op, IrOp::Load { .. }))
        };
        let only_yielded = |v: &Value| self.uses[v.index()] == 1;
        let pre = else_blk.insts.len() == 1
            && Self::yields(else_blk).is_some()
            && !Self::yields(then_blk)
                .is_some_and(|vs| vs.iter().any(|v| loaded(v) && !only_yielded(v)))
            && !outs.is_empty()
            && outs
                .iter()
                .zip(&types)
                .all(|(&o, &t)| t != Type::Bool && self.mf.info(o).file == File::Vgpr);
        if pre {
            if let Some(vs) = Self::yields(else_blk) {
                for ((&o, &t), &v) in outs.iter().zip(&types).zip(vs) {
                    self.write_merge(o, t, v)?;
                }
            }
        }
        let c = self.in_reg(cond)?;
        let saved = self.mask();
        self.mf.vregs[saved.0 as usize].merge = true;
        let name = self.lm(Op::S_AND_SAVEEXEC_B32, Op::S_AND_SAVEEXEC_B64);
        self.emit(name, vec![self.r(saved), self.r(c)], 1)?;
        let else_b = self.new_block_deferred();
        self.branch(Op::S_CBRANCH_EXECZ, else_b)?;
        self.start_block();
        self.frames.push(Frame::If { saved });
        self.target_inner_ifs(then_blk, &outs);
        self.block(then_blk)?;
        if let Some(vs) = Self::yields(then_blk) {
            // The then arm writes the results first: running it with no
            // lane is harmless, the else arm writes after it.
            let first = self.first_merge_write();
            for ((&o, &t), &v) in outs.iter().zip(&types).zip(vs) {
                let retarget = if loaded(&v) {
                    pre && self.retarget(v, o)?
                } else {
                    self.retarget_alu(then_blk, v, o)?
                };
                if !retarget {
                    self.write_merge(o, t, v)?;
                }
            }
            first.restore(self);
        }
        self.place(else_b);
        let has_else = !pre && !outs.is_empty()
            || else_blk
                .insts
                .iter()
                .any(|i| !matches!(i.op, IrOp::Yield(_)));
        if has_else {
            let exec = self.exec();
            let andn2 = self.lm(Op::S_ANDN2_B32, Op::S_ANDN2_B64);
            self.emit(andn2, vec![exec, self.r(saved), self.r(c)], 1)?;
            let end_b = self.new_block_deferred();
            self.branch(Op::S_CBRANCH_EXECZ, end_b)?;
            self.start_block();
            self.target_inner_ifs(else_blk, &outs);
            self.block(else_blk)?;
            if let Some(vs) = Self::yields(else_blk) {
                for ((&o, &t), &v) in outs.iter().zip(&types).zip(vs) {
                    if !self.retarget_alu(else_blk, v, o)? {
                        self.write_merge(o, t, v)?;
                    }
                }
            }
            self.place(end_b);
        }
        self.frames.pop();
        let exec = self.exec();
        let mov = self.lm(Op::S_MOV_B32, Op::S_MOV_B64);
        self.emit(mov, vec![exec, self.r(saved)], 1)?;
        for (&r, &o) in res.iter().zip(&outs) {
            self.set(r, o);
        }
        Ok(())
    }

    /// Before selecting `arm`: the results of `if`s at its top level that
    /// its `yield` passes on and nothing else reads are written by those
    /// `if`s straight into `outs` (see [`Sel::merge_target`]).
    fn target_inner_ifs(&mut self, arm: &Block, outs: &[VReg]) {
        let Some(vs) = Self::yields(arm) else {
            return;
        };
        for i in &arm.insts {
            if !matches!(i.op, IrOp::If { .. }) {
                continue;
            }
            for &r in &i.results {
                if self.uses[r.index()] != 1 {
                    continue;
                }
                if let Some(k) = vs.iter().position(|&v| v == r) {
                    // One yield position per register.
                    if vs.iter().filter(|&&v| v == r).count() == 1 {
                        self.merge_target[r.index()] = Some(outs[k]);
                    }
                }
            }
        }
    }

    /// At the `yield` of `arm`: make the VALU instruction defining `v` (at
    /// the arm's top level, read only by the yield) write the VGPR merge
    /// register `o` itself instead of a copy.
    fn retarget_alu(&mut self, arm: &Block, v: Value, o: VReg) -> Result<bool, Error> {
        if self.uses[v.index()] != 1
            || self.mf.info(o).file != File::Vgpr
            || self.ty(v) == Type::Bool
            || !arm.insts.iter().any(|i| i.results.contains(&v))
        {
            return Ok(false);
        }
        let Val::Reg(x) = self.val(v)? else {
            return Ok(false);
        };
        if x == o {
            return Ok(true);
        }
        let valu = |sel: &Self, inst: &MInst| {
            table::table(sel.gen)[inst.op.0 as usize]
                .flags
                .has(table::Flags::VALU)
        };
        self.retarget_if(x, o, valu)
    }

    /// Make the one instruction that defines `v` (a load only the yield
    /// reads) write the merge register `o` instead, when it writes `v`'s
    /// register whole and nothing else names that register.
    fn retarget(&mut self, v: Value, o: VReg) -> Result<bool, Error> {
        let Val::Reg(x) = self.val(v)? else {
            return Ok(false);
        };
        self.retarget_if(x, o, |_, _| true)
    }

    /// [`Sel::retarget`] of register `x`, when its defining instruction
    /// passes `ok`.
    fn retarget_if(
        &mut self,
        x: VReg,
        o: VReg,
        ok: impl Fn(&Self, &MInst) -> bool,
    ) -> Result<bool, Error> {
        let (xi, oi) = (self.mf.info(x), self.mf.info(o));
        if xi.file != oi.file || xi.dwords != oi.dwords || xi.fixed.is_some() || xi.merge {
            return Ok(false);
        }
        let whole = MOp::whole(x, xi.dwords);
        let mut def = None;
        for (b, blk) in self.mf.blocks.iter().enumerate() {
            for (k, inst) in blk.insts.iter().enumerate() {
                let names = |op: &MOp| matches!(op, MOp::Reg { r, .. } if *r == x);
                if !inst.ops.iter().any(names) {
                    continue;
                }
                if def.is_some() || inst.ndefs != 1 || inst.ops[0] != whole {
                    return Ok(false);
                }
                if inst.ops[1..].iter().any(names) {
                    return Ok(false);
                }
                def = Some((b, k));
            }
        }
        let Some((b, k)) = def else {
            return Ok(false);
        };
        if !ok(self, &self.mf.blocks[b].insts[k]) {
            return Ok(false);
        }
        self.mf.blocks[b].insts[k].ops[0] = MOp::whole(o, oi.dwords);
        Ok(true)
    }

    /// A block created now but placed later in layout (`place`).
    pub(super) fn new_block_deferred(&mut self) -> BlockId {
        // Blocks are laid out in creation order; a deferred block is given
        // its index when placed, so we hand out a placeholder that `place`
        // renames. To keep it simple we reserve an id now and move the
        // block to the end of the layout when it is placed.
        let l = self.loop_stack.last().copied();
        self.mf.new_block(l)
    }

    /// Make deferred block `b` current, moving it to the end of the layout.
    pub(super) fn place(&mut self, b: BlockId) {
        let idx = b.0 as usize;
        let last = self.mf.blocks.len() - 1;
        if idx != last {
            // Swap-free move: rotate `b` to the end and renumber labels.
            let blk = self.mf.blocks.remove(idx);
            self.mf.blocks.push(blk);
            let remap = |x: u32| -> u32 {
                if x as usize == idx {
                    last as u32
                } else if x as usize > idx {
                    x - 1
                } else {
                    x
                }
            };
            for blk in &mut self.mf.blocks {
                for inst in &mut blk.insts {
                    for op in &mut inst.ops {
                        if let MOp::Label(t) = op {
                            t.0 = remap(t.0);
                        }
                    }
                }
            }
            for fr in &mut self.frames {
                if let Frame::Loop(l) = fr {
                    l.latch.0 = remap(l.latch.0);
                    if let Some(e) = &mut l.exit {
                        e.0 = remap(e.0);
                    }
                    for e in &mut l.exits {
                        e.0 .0 = remap(e.0 .0);
                    }
                }
            }
            for li in &mut self.mf.loops {
                li.head.0 = remap(li.head.0);
                li.latch.0 = remap(li.latch.0);
            }
            self.cur.0 = remap(self.cur.0);
        }
        self.cur = BlockId(last as u32);
        self.div_cache.clear();
        self.zero_vgpr = self.loop_zero.last().copied().flatten();
        self.const_pairs.clear();
    }

    pub(super) fn loop_(
        &mut self,
        res: &[Value],
        inits: &[Value],
        params: &[Value],
        body: &'a Block,
    ) -> Result<(), Error> {
        let ptypes: Vec<Type> = params.iter().map(|&p| self.ty(p)).collect();
        let rtypes: Vec<Type> = res.iter().map(|&r| self.ty(r)).collect();
        // Loop-carried registers: SGPRs only for uniform values whose
        // initial and continued values are all scalar candidates.
        let mut pregs = Vec::new();
        for (i, (&p, &t)) in params.iter().zip(&ptypes).enumerate() {
            let u = self.uniform[p.index()]
                && scalar_candidate(self.f, inits[i], &self.uniform, &self.smem)
                && continues(body).iter().all(|vs| {
                    vs.get(i)
                        .is_some_and(|v| scalar_candidate(self.f, *v, &self.uniform, &self.smem))
                })
                && {
                    // A uniform param carried through a param that is a
                    // VGPR candidate stays scalar only if it is not itself
                    // computed from VGPRs; scalar_candidate checks that.
                    true
                };
            let r = self.merge_reg(t, u)?;
            self.write_merge(r, t, inits[i])?;
            pregs.push(r);
            self.set(p, r);
        }
        let mut rregs = Vec::new();
        for (i, (&r, &t)) in res.iter().zip(&rtypes).enumerate() {
            let u = self.uniform[r.index()]
                && breaks(body).iter().all(|vs| {
                    vs.get(i)
                        .is_some_and(|v| scalar_candidate(self.f, *v, &self.uniform, &self.smem))
                });
            rregs.push(self.merge_reg(t, u)?);
        }
        let saved = self.mask();
        let cont = self.mask();
        self.mf.vregs[saved.0 as usize].merge = true;
        self.mf.vregs[cont.0 as usize].merge = true;
        let mov = self.lm(Op::S_MOV_B32, Op::S_MOV_B64);
        let exec = self.exec();
        let uniform_exits = uniform_exits(body, &self.uniform);
        let exit = uniform_exits.then(|| self.new_block_deferred());
        if let Some(exit) = exit {
            // The breaks test their condition against EXEC: with no lane
            // the loop would never leave.
            self.branch(Op::S_CBRANCH_EXECZ, exit)?;
        } else {
            self.emit(mov, vec![self.r(saved), exec], 1)?;
            self.emit(mov, vec![self.r(cont), MOp::Phys(Operand::int(0))], 1)?;
        }

        // A zero VGPR the body's uniform-address accesses share, made
        // once before the loop (EXEC in the loop is a subset of EXEC here).
        let zero = if self.needs_zero_vgpr(body) {
            let z = self.zero_vgpr()?;
            match z {
                MOp::Reg { r, .. } => Some(r),
                _ => None,
            }
        } else {
            self.loop_zero.last().copied().flatten()
        };
        self.loop_zero.push(zero);
        let loop_id = self.mf.loops.len() as u32;
        let parent = self.loop_stack.last().copied();
        self.loop_stack.push(loop_id);
        let head = self.start_block();
        let latch = self.new_block_deferred();
        self.mf.loops.push(LoopInfo {
            head,
            latch,
            parent,
        });
        self.frames.push(Frame::Loop(LoopFrame {
            saved,
            cont,
            params: pregs,
            param_types: ptypes,
            results: rregs.clone(),
            result_types: rtypes,
            latch,
            seen_break: false,
            uniform_exits,
            exit,
            exits: Vec::new(),
        }));
        self.block(body)?;
        let Some(Frame::Loop(lf)) = self.frames.pop() else {
            return Err(Error::invariant("instruction selection", "loop frame"));
        };
        if uniform_exits {
            let (results, types, n) = (lf.results.clone(), lf.result_types.clone(), lf.exits.len());
            let latch = lf.latch;
            // Back on the stack while its blocks are placed, so that `place`
            // renumbers the block ids it holds.
            self.frames.push(Frame::Loop(lf));
            self.place(latch);
            let head_now = self.mf.loops[loop_id as usize].head;
            self.branch(Op::S_BRANCH, head_now)?;
            let frame = |sel: &Self| match sel.frames.last() {
                Some(Frame::Loop(l)) => (l.exit, l.exits.iter().map(|e| e.0).collect::<Vec<_>>()),
                _ => unreachable!("the loop frame was just pushed"),
            };
            for k in 0..n {
                self.place(frame(self).1[k]);
                let vs = match self.frames.last() {
                    Some(Frame::Loop(l)) => l.exits[k].1.clone(),
                    _ => unreachable!("the loop frame was just pushed"),
                };
                for ((&r, &t), &v) in results.iter().zip(&types).zip(&vs) {
                    self.write_merge(r, t, v)?;
                }
                if k + 1 < n {
                    let exit = frame(self)
                        .0
                        .ok_or_else(|| Error::invariant("instruction selection", "loop exit"))?;
                    self.branch(Op::S_BRANCH, exit)?;
                }
            }
            let exit = frame(self).0;
            self.frames.pop();
            self.loop_stack.pop();
            self.loop_zero.pop();
            // Every lane that entered leaves together: EXEC is unchanged.
            match exit {
                Some(b) => self.place(b),
                None => return Err(Error::invariant("instruction selection", "loop exit")),
            }
            for (&r, &o) in res.iter().zip(&rregs) {
                self.set(r, o);
            }
            return Ok(());
        }
        self.place(lf.latch);
        let exec = self.exec();
        let or = self.lm(Op::S_OR_B32, Op::S_OR_B64);
        self.emit(or, vec![exec, exec, self.r(cont)], 1)?;
        self.emit(mov, vec![self.r(cont), MOp::Phys(Operand::int(0))], 1)?;
        let head_now = self.mf.loops[loop_id as usize].head;
        self.branch(Op::S_CBRANCH_EXECNZ, head_now)?;
        self.loop_stack.pop();
        self.loop_zero.pop();
        self.start_block();
        let exec = self.exec();
        self.emit(mov, vec![exec, self.r(saved)], 1)?;
        for (&r, &o) in res.iter().zip(&rregs) {
            self.set(r, o);
        }
        Ok(())
    }

    /// Index of the innermost loop frame.
    pub(super) fn loop_frame(&self) -> Result<usize, Error> {
        self.frames
            .iter()
            .rposition(|f| matches!(f, Frame::Loop(_)))
            .ok_or_else(|| {
                Error::invariant("instruction selection", "break/continue outside a loop")
            })
    }

    /// Remove the current lanes from the saved masks of frames above `from`
    /// (ifs, and loops when `loops`), then clear EXEC.
    pub(super) fn retire_lanes(&mut self, from: usize, loops: bool) -> Result<(), Error> {
        let andn2 = self.lm(Op::S_ANDN2_B32, Op::S_ANDN2_B64);
        let exec = self.exec();
        let regs: Vec<VReg> = self.frames[from..]
            .iter()
            .filter_map(|f| match f {
                Frame::If { saved } => Some(*saved),
                Frame::Loop(l) if loops => Some(l.saved),
                _ => None,
            })
            .collect();
        for s in regs {
            self.emit(andn2, vec![self.r(s), self.r(s), exec], 1)?;
        }
        let mov = self.lm(Op::S_MOV_B32, Op::S_MOV_B64);
        self.emit(mov, vec![exec, MOp::Phys(Operand::int(0))], 1)
    }

    /// A top-level `if` of a uniform-exit loop whose arm is only `break`:
    /// test the condition on the active lanes (SCC) and branch to an
    /// out-of-line block that writes the results, so staying in the loop
    /// falls through.
    fn uniform_break(&mut self, cond: Value, on_true: bool, vs: &[Value]) -> Result<(), Error> {
        let c = self.in_reg(cond)?;
        let t = self.mask();
        let exec = self.exec();
        let op = if on_true {
            self.lm(Op::S_AND_B32, Op::S_AND_B64)
        } else {
            self.lm(Op::S_ANDN2_B32, Op::S_ANDN2_B64)
        };
        self.emit(op, vec![self.r(t), exec, self.r(c)], 1)?;
        let b = self.new_block_deferred();
        self.branch(Op::S_CBRANCH_SCC1, b)?;
        self.start_block();
        let li = self.loop_frame()?;
        if let Frame::Loop(l) = &mut self.frames[li] {
            l.exits.push((b, vs.to_vec()));
        }
        Ok(())
    }

    pub(super) fn break_(&mut self, vs: &[Value]) -> Result<(), Error> {
        let li = self.loop_frame()?;
        let (regs, types) = match &self.frames[li] {
            Frame::Loop(l) => (l.results.clone(), l.result_types.clone()),
            _ => unreachable!("loop_frame returns a loop"),
        };
        // The loop's first break writes its results before any other:
        // running it with no lane is harmless (a later write wins).
        let first = match &mut self.frames[li] {
            Frame::Loop(l) => std::mem::replace(&mut l.seen_break, true),
            _ => unreachable!("loop_frame returns a loop"),
        };
        let mark = self.first_merge_write();
        for ((r, t), v) in regs.iter().zip(types).zip(vs) {
            self.write_merge(*r, t, *v)?;
        }
        if !first {
            mark.restore(self);
        }
        self.retire_lanes(li + 1, false)
    }

    /// The current block's [`crate::mir::MBlock::writes_uniform_merge`],
    /// to restore after writes that come first on every path.
    fn first_merge_write(&self) -> MergeMark {
        MergeMark(
            self.cur,
            self.mf.blocks[self.cur.0 as usize].writes_uniform_merge,
        )
    }

    pub(super) fn continue_(&mut self, vs: &[Value]) -> Result<(), Error> {
        let li = self.loop_frame()?;
        let (regs, types, cont) = match &self.frames[li] {
            Frame::Loop(l) => (l.params.clone(), l.param_types.clone(), l.cont),
            _ => unreachable!("loop_frame returns a loop"),
        };
        let moves: Vec<(VReg, Type, Value)> = regs
            .iter()
            .zip(types)
            .zip(vs)
            .map(|((&r, t), &v)| (r, t, v))
            .collect();
        self.write_merges(&moves)?;
        if li + 1 == self.frames.len() {
            // Top level of the body: fall through to the latch.
            return Ok(());
        }
        let or = self.lm(Op::S_OR_B32, Op::S_OR_B64);
        let exec = self.exec();
        self.emit(or, vec![self.r(cont), self.r(cont), exec], 1)?;
        self.retire_lanes(li + 1, false)
    }

    pub(super) fn ret(&mut self) -> Result<(), Error> {
        if self.frames.is_empty() {
            // Kernel top level: end the program here.
            return self.emit(Op::S_ENDPGM, vec![MOp::Phys(Operand::Imm(0))], 0);
        }
        self.retire_lanes(0, true)
    }
}

/// A block and its `writes_uniform_merge` before some writes.
struct MergeMark(BlockId, bool);

impl MergeMark {
    fn restore(self, sel: &mut Sel) {
        if sel.cur == self.0 {
            sel.mf.blocks[self.0 .0 as usize].writes_uniform_merge = self.1;
        }
    }
}

pub(super) fn collect<'b>(b: &'b Block, want_break: bool, out: &mut Vec<&'b Vec<Value>>) {
    for i in &b.insts {
        match &i.op {
            IrOp::Break(v) if want_break => out.push(v),
            IrOp::Continue(v) if !want_break => out.push(v),
            IrOp::If {
                then_blk, else_blk, ..
            } => {
                collect(then_blk, want_break, out);
                collect(else_blk, want_break, out);
            }
            _ => {} // nested loops own their breaks/continues
        }
    }
}

pub(super) fn continues(b: &Block) -> Vec<&Vec<Value>> {
    let mut v = Vec::new();
    collect(b, false, &mut v);
    v
}

pub(super) fn breaks(b: &Block) -> Vec<&Vec<Value>> {
    let mut v = Vec::new();
    collect(b, true, &mut v);
    v
}

/// An `if` with no results, one arm only `break` and the other empty:
/// the break's values, and whether it is the then arm.
fn break_arm<'b>(then_blk: &'b Block, else_blk: &'b Block) -> Option<(&'b [Value], bool)> {
    let empty = |b: &Block| {
        b.insts
            .iter()
            .all(|i| matches!(&i.op, IrOp::Yield(v) if v.is_empty()))
    };
    let only_break = |b: &'b Block| match &b.insts[..] {
        [i] => match &i.op {
            IrOp::Break(v) => Some(v.as_slice()),
            _ => None,
        },
        _ => None,
    };
    if empty(else_blk) {
        only_break(then_blk).map(|v| (v, true))
    } else if empty(then_blk) {
        only_break(else_blk).map(|v| (v, false))
    } else {
        None
    }
}

/// Whether every way out of loop `body` is a top-level `if` on a uniform
/// condition with a `break`-only arm ([`break_arm`]): no `break` or
/// `continue` nested in an `if`, no `ret` anywhere inside, at least one
/// break. Lanes then never leave mid-iteration.
fn uniform_exits(body: &Block, uniform: &[bool]) -> bool {
    fn has_ret_or_nested_exit(b: &Block, top: bool) -> bool {
        b.insts.iter().any(|i| match &i.op {
            IrOp::Return(_) => true,
            IrOp::Break(_) | IrOp::Continue(_) => !top,
            IrOp::If {
                then_blk, else_blk, ..
            } => has_ret_or_nested_exit(then_blk, false) || has_ret_or_nested_exit(else_blk, false),
            IrOp::Loop { body, .. } => has_rets(body),
            _ => false,
        })
    }
    fn has_rets(b: &Block) -> bool {
        b.insts.iter().any(|i| match &i.op {
            IrOp::Return(_) => true,
            IrOp::If {
                then_blk, else_blk, ..
            } => has_rets(then_blk) || has_rets(else_blk),
            IrOp::Loop { body, .. } => has_rets(body),
            _ => false,
        })
    }
    let mut any = false;
    for i in &body.insts {
        match &i.op {
            IrOp::Break(_) | IrOp::Return(_) => return false,
            IrOp::If {
                cond,
                then_blk,
                else_blk,
            } => {
                if i.results.is_empty()
                    && uniform[cond.index()]
                    && break_arm(then_blk, else_blk).is_some()
                {
                    any = true;
                    continue;
                }
                if has_ret_or_nested_exit(then_blk, false)
                    || has_ret_or_nested_exit(else_blk, false)
                {
                    return false;
                }
            }
            IrOp::Loop { body, .. } if has_rets(body) => return false,
            _ => {}
        }
    }
    any
}
