//! The kernel set-up: the prologue's kernarg loads and entry registers,
//! and the dispatch geometry (work-group and work-item ids, sizes) read
//! from them and from the hidden kernel arguments.

use super::*;
use silk_amdgpu::aql::offset;

impl<'a> Sel<'a> {
    /// The kernel's machine IR and what it needs from the ABI (the entry
    /// registers it reads are in [`Needs`] and in the fixed registers of
    /// the machine IR).
    pub fn select_kernel(mut self) -> Result<(MFunction, Needs), Error> {
        // Entry SGPRs where the ABI puts them (kernarg pointer, then workgroup ids).
        let (needs_wg, max_tid) = scan_geometry(self.f);
        let wants_kernarg =
            self.args.kernarg_size > 0 || uses_geometry(self.f, Geometry::WorkGroupSize);
        let wants_dispatch = uses_geometry(self.f, Geometry::GridSize);
        let entry = self
            .args
            .entry_regs(wants_dispatch, wants_kernarg, needs_wg, max_tid);
        if let Some(sgpr) = entry.kernarg {
            let k = self.sreg(2);
            self.mf.vregs[k.0 as usize].fixed = Some(sgpr);
            self.kernarg = Some(k);
        }
        if let (true, Some(sgpr)) = (wants_dispatch, entry.dispatch) {
            let k = self.sreg(2);
            self.mf.vregs[k.0 as usize].fixed = Some(sgpr);
            self.dispatch = Some(k);
            self.needs.dispatch_ptr = true;
        }
        for d in 0..3 {
            if let Some(sgpr) = entry.workgroup_id[d] {
                let r = self.sreg(1);
                self.mf.vregs[r.0 as usize].fixed = Some(sgpr);
                self.wg_id[d] = Some(r);
            }
        }
        self.needs.workgroup_id = entry.workgroup_id.map(|r| r.is_some());
        self.needs.workitem_id_max = entry.workitem_id_max;
        let tid = self.vreg(1);
        self.mf.vregs[tid.0 as usize].fixed = Some(0);
        self.tid = Some(tid);

        // Parameters from the kernarg segment.
        for (i, &p) in self.f.params.iter().enumerate() {
            let t = self.ty(p);
            let off = self.args.offsets[i];
            let n = Self::dwords(t);
            let r = self.sreg(n);
            if t == Type::F16 && off % 4 == 2 {
                // A 2-byte argument in the high half of its dword.
                let dw = self.sreg(1);
                self.s_load(dw, 1, off - 2)?;
                self.emit(
                    Op::S_LSHR_B32,
                    vec![self.r(r), self.r(dw), MOp::Phys(Operand::int(16))],
                    1,
                )?;
            } else {
                self.s_load(r, n, off)?;
            }
            self.set(p, r);
        }
        let body = &self.f.body;
        self.block(body)?;
        // The body ends in `ret`, which ends the program; make sure.
        let ends = self.mf.blocks[self.cur.0 as usize]
            .insts
            .last()
            .is_some_and(|i| {
                table::table(self.gen)[i.op.0 as usize]
                    .flags
                    .has(table::Flags::END_PGM)
            });
        if !ends {
            self.emit(Op::S_ENDPGM, vec![MOp::Phys(Operand::Imm(0))], 0)?;
        }
        self.needs.lds_bytes = self.lds_next;
        Ok((self.mf, self.needs))
    }

    pub(super) fn s_load(&mut self, dst: VReg, n: u8, offset: u32) -> Result<(), Error> {
        let k = self.kernarg.ok_or_else(|| {
            Error::invariant("instruction selection", "kernarg pointer not enabled")
        })?;
        self.s_load_from(dst, n, k, offset)
    }

    /// `s_load` of `n` (1 or 2) dwords at `base + offset` into `dst`.
    pub(super) fn s_load_from(
        &mut self,
        dst: VReg,
        n: u8,
        k: VReg,
        offset: u32,
    ) -> Result<(), Error> {
        let name = match (self.gen, n) {
            (Generation::Gfx9, 1) => Op::S_LOAD_DWORD,
            (Generation::Gfx9, _) => Op::S_LOAD_DWORDX2,
            (Generation::Gfx11, 1) => Op::S_LOAD_B32,
            (Generation::Gfx11, _) => Op::S_LOAD_B64,
        };
        // The immediate offset is a modifier (with the IMM bit on GFX9); the
        // SOFFSET operand is unused: s0 with SOE clear on GFX9, NULL on GFX11.
        let gfx9 = self.gen == Generation::Gfx9;
        let mods = Mods {
            offset: offset as i32,
            mem: if gfx9 {
                format::mod_bit(format::ModBit::Imm)
            } else {
                0
            },
            ..Mods::default()
        };
        let mut ops = vec![MOp::whole(dst, n), MOp::whole(k, 2)];
        let op = self.opcode(name)?;
        let has_soffset = table::table(self.gen)[op.0 as usize]
            .operands
            .get(2)
            .is_some_and(|s| s.field == format::Field::Soffset);
        if has_soffset {
            let code = if gfx9 {
                0
            } else {
                operand::null_code(self.gen)
            };
            ops.push(MOp::Phys(Operand::sgpr(code)));
        }
        self.emit_m(name, ops, 1, mods)
    }

    /// A kernarg dword in an SGPR (loaded once if first read in the entry
    /// block).
    pub(super) fn kernarg_dword(&mut self, off: u32) -> Result<VReg, Error> {
        if let Some(&(_, r)) = self.entry_dwords.iter().find(|(o, _)| *o == off) {
            return Ok(r);
        }
        let r = self.sreg(1);
        self.s_load(r, 1, off)?;
        if self.cur == BlockId(0) {
            self.entry_dwords.push((off, r));
        }
        Ok(r)
    }

    pub(super) fn hidden_u16(&mut self, h: HiddenArg) -> Result<VReg, Error> {
        if !self.needs.hidden.contains(&h) {
            self.needs.hidden.push(h);
        }
        if let Some(&(_, r)) = self.entry_hidden.iter().find(|(x, _)| *x == h) {
            return Ok(r);
        }
        let (off, _) = h.placement();
        let abs = self.args.hidden_base + off as u32;
        let dw = self.kernarg_dword(abs & !3)?;
        let d = self.sreg(1);
        if self.cur == BlockId(0) {
            self.entry_hidden.push((h, d));
        }
        if abs % 4 == 0 {
            self.emit(
                Op::S_AND_B32,
                vec![self.r(d), self.r(dw), MOp::Phys(imm32(0xffff))],
                1,
            )?;
        } else {
            self.emit(
                Op::S_LSHR_B32,
                vec![self.r(d), self.r(dw), MOp::Phys(Operand::int(16))],
                1,
            )?;
        }
        Ok(d)
    }

    pub(super) fn geometry(&mut self, res: Value, q: Geometry, dim: Dim) -> Result<(), Error> {
        let d = dim.index();
        match q {
            Geometry::WorkGroupId => {
                let r = self.wg_id[d]
                    .ok_or_else(|| Error::invariant("instruction selection", "wg id"))?;
                self.set(res, r);
            }
            Geometry::WorkItemId => {
                if let Some(r) = self.tid_dims[d] {
                    self.set(res, r);
                    return Ok(());
                }
                // Packed work-item ids in v0: x [9:0], y [19:10], z [29:20].
                let tid = self
                    .tid
                    .ok_or_else(|| Error::invariant("instruction selection", "tid"))?;
                // With only x enabled in the descriptor, the hardware sets up
                // no y/z bits: v0 is the x id (as LLVM assumes).
                if d == 0 && self.needs.workitem_id_max == 0 {
                    self.tid_dims[0] = Some(tid);
                    self.set(res, tid);
                    return Ok(());
                }
                let v = self.vreg(1);
                let src = self.r(tid);
                self.vop3(
                    Op::V_BFE_U32,
                    vec![self.r(v)],
                    vec![
                        src,
                        MOp::Phys(Operand::int(10 * d as i32)),
                        MOp::Phys(Operand::int(10)),
                    ],
                )?;
                // Reused only from the entry block, which dominates all.
                if self.cur == BlockId(0) {
                    self.tid_dims[d] = Some(v);
                }
                self.set(res, v);
            }
            Geometry::WorkGroupSize => {
                let h = [
                    HiddenArg::GroupSizeX,
                    HiddenArg::GroupSizeY,
                    HiddenArg::GroupSizeZ,
                ][d];
                let r = self.hidden_u16(h)?;
                self.set(res, r);
            }
            Geometry::GridSize => {
                // The dispatch packet's grid_size_x/y/z, read once in the
                // entry block.
                if let Some(&(_, r)) = self.entry_grid.iter().find(|(x, _)| *x == d) {
                    self.set(res, r);
                    return Ok(());
                }
                let k = self.dispatch.ok_or_else(|| {
                    Error::invariant("instruction selection", "dispatch pointer not enabled")
                })?;
                let g = self.sreg(1);
                let field = [
                    offset::GRID_SIZE_X,
                    offset::GRID_SIZE_Y,
                    offset::GRID_SIZE_Z,
                ][d];
                self.s_load_from(g, 1, k, field as u32)?;
                if self.cur == BlockId(0) {
                    self.entry_grid.push((d, g));
                }
                self.set(res, g);
            }
        }
        Ok(())
    }
}
