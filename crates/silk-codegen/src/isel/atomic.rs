//! Atomics: global and LDS read-modify-write operations and
//! compare-exchange.

use super::*;

impl<'a> Sel<'a> {
    pub(super) fn atomic(
        &mut self,
        res: Value,
        op: AtomicOp,
        p: Value,
        v: Value,
    ) -> Result<(), Error> {
        let t = self.ty(v);
        let float = t == Type::F32;
        if !(t.is_int() || float) || float && op != AtomicOp::Add && op != AtomicOp::Xchg {
            return Err(unsupported(format!("`atomic {}` on {t}", op.keyword())));
        }
        let w = t.bits();
        let s = t.is_signed_int();
        // One instruction each on both generations (GFX9
        // `global_atomic_smax[_x2]` is GFX11 `global_atomic_max_i{32,64}`).
        // The LDS forms return the old value; where the result is unused,
        // the form without a destination (no VGPR written).
        let (global, lds, lds_none) = match (op, s, w) {
            (AtomicOp::Add, _, 32) if float => (
                Op::GLOBAL_ATOMIC_ADD_F32,
                Op::DS_ADD_RTN_F32,
                Some(Op::DS_ADD_F32),
            ),
            (AtomicOp::Xchg, _, _) if float => return self.atomic_bits(res, p, v),
            (AtomicOp::Add, _, 32) => (
                Op::GLOBAL_ATOMIC_ADD,
                Op::DS_ADD_RTN_U32,
                Some(Op::DS_ADD_U32),
            ),
            (AtomicOp::Sub, _, 32) => (
                Op::GLOBAL_ATOMIC_SUB,
                Op::DS_SUB_RTN_U32,
                Some(Op::DS_SUB_U32),
            ),
            (AtomicOp::Min, true, 32) => (
                Op::GLOBAL_ATOMIC_SMIN,
                Op::DS_MIN_RTN_I32,
                Some(Op::DS_MIN_I32),
            ),
            (AtomicOp::Min, false, 32) => (
                Op::GLOBAL_ATOMIC_UMIN,
                Op::DS_MIN_RTN_U32,
                Some(Op::DS_MIN_U32),
            ),
            (AtomicOp::Max, true, 32) => (
                Op::GLOBAL_ATOMIC_SMAX,
                Op::DS_MAX_RTN_I32,
                Some(Op::DS_MAX_I32),
            ),
            (AtomicOp::Max, false, 32) => (
                Op::GLOBAL_ATOMIC_UMAX,
                Op::DS_MAX_RTN_U32,
                Some(Op::DS_MAX_U32),
            ),
            (AtomicOp::And, _, 32) => (
                Op::GLOBAL_ATOMIC_AND,
                Op::DS_AND_RTN_B32,
                Some(Op::DS_AND_B32),
            ),
            (AtomicOp::Or, _, 32) => (Op::GLOBAL_ATOMIC_OR, Op::DS_OR_RTN_B32, Some(Op::DS_OR_B32)),
            (AtomicOp::Xor, _, 32) => (
                Op::GLOBAL_ATOMIC_XOR,
                Op::DS_XOR_RTN_B32,
                Some(Op::DS_XOR_B32),
            ),
            (AtomicOp::Xchg, _, 32) => (Op::GLOBAL_ATOMIC_SWAP, Op::DS_WRXCHG_RTN_B32, None),
            (AtomicOp::Add, _, 64) => (
                Op::GLOBAL_ATOMIC_ADD_X2,
                Op::DS_ADD_RTN_U64,
                Some(Op::DS_ADD_U64),
            ),
            (AtomicOp::Sub, _, 64) => (
                Op::GLOBAL_ATOMIC_SUB_X2,
                Op::DS_SUB_RTN_U64,
                Some(Op::DS_SUB_U64),
            ),
            (AtomicOp::Min, true, 64) => (
                Op::GLOBAL_ATOMIC_SMIN_X2,
                Op::DS_MIN_RTN_I64,
                Some(Op::DS_MIN_I64),
            ),
            (AtomicOp::Min, false, 64) => (
                Op::GLOBAL_ATOMIC_UMIN_X2,
                Op::DS_MIN_RTN_U64,
                Some(Op::DS_MIN_U64),
            ),
            (AtomicOp::Max, true, 64) => (
                Op::GLOBAL_ATOMIC_SMAX_X2,
                Op::DS_MAX_RTN_I64,
                Some(Op::DS_MAX_I64),
            ),
            (AtomicOp::Max, false, 64) => (
                Op::GLOBAL_ATOMIC_UMAX_X2,
                Op::DS_MAX_RTN_U64,
                Some(Op::DS_MAX_U64),
            ),
            (AtomicOp::And, _, 64) => (
                Op::GLOBAL_ATOMIC_AND_X2,
                Op::DS_AND_RTN_B64,
                Some(Op::DS_AND_B64),
            ),
            (AtomicOp::Or, _, 64) => (
                Op::GLOBAL_ATOMIC_OR_X2,
                Op::DS_OR_RTN_B64,
                Some(Op::DS_OR_B64),
            ),
            (AtomicOp::Xor, _, 64) => (
                Op::GLOBAL_ATOMIC_XOR_X2,
                Op::DS_XOR_RTN_B64,
                Some(Op::DS_XOR_B64),
            ),
            (AtomicOp::Xchg, _, 64) => (Op::GLOBAL_ATOMIC_SWAP_X2, Op::DS_WRXCHG_RTN_B64, None),
            _ => return Err(unsupported(format!("`atomic {}` on {t}", op.keyword()))),
        };
        let data = self.vgpr_of(v)?;
        let data = self.r(data);
        if self.ty(p) == Type::Ptr(AddrSpace::Lds) {
            return self.ds_atomic(res, (lds, lds_none), p, vec![data], w);
        }
        self.global_atomic(res, global, p, data, w)
    }

    /// `xchg` on f32 is the integer exchange of the same bits.
    pub(super) fn atomic_bits(&mut self, res: Value, p: Value, v: Value) -> Result<(), Error> {
        let data = self.vgpr_of(v)?;
        let data = self.r(data);
        if self.ty(p) == Type::Ptr(AddrSpace::Lds) {
            let n = Op::DS_WRXCHG_RTN_B32;
            return self.ds_atomic(res, (n, None), p, vec![data], 32);
        }
        let n = Op::GLOBAL_ATOMIC_SWAP;
        self.global_atomic(res, n, p, data, 32)
    }

    /// `cmpxchg`: the old value; memory takes `new` where it equalled
    /// `expected`.
    pub(super) fn cmpxchg(
        &mut self,
        res: Value,
        p: Value,
        expected: Value,
        new: Value,
    ) -> Result<(), Error> {
        let t = self.ty(expected);
        let w = t.bits();
        let n = Self::dwords(t);
        let gfx9 = self.gen == Generation::Gfx9;
        let (global, lds) = match w {
            32 => (
                Op::GLOBAL_ATOMIC_CMPSWAP,
                (
                    self.pick(Op::DS_CMPST_RTN_B32, Op::DS_CMPSTORE_RTN_B32),
                    Some(self.pick(Op::DS_CMPST_B32, Op::DS_CMPSTORE_B32)),
                ),
            ),
            _ => (
                Op::GLOBAL_ATOMIC_CMPSWAP_X2,
                (
                    self.pick(Op::DS_CMPST_RTN_B64, Op::DS_CMPSTORE_RTN_B64),
                    Some(self.pick(Op::DS_CMPST_B64, Op::DS_CMPSTORE_B64)),
                ),
            ),
        };
        let cmp = self.vgpr_of(expected)?;
        let src = self.vgpr_of(new)?;
        if self.ty(p) == Type::Ptr(AddrSpace::Lds) {
            // DS operand order differs: GFX9 `ds_cmpst` takes data0 = cmp,
            // data1 = new; GFX11 `ds_cmpstore` data0 = new, data1 = cmp.
            let data = if gfx9 {
                vec![self.r(cmp), self.r(src)]
            } else {
                vec![self.r(src), self.r(cmp)]
            };
            return self.ds_atomic(res, lds, p, data, w);
        }
        // FLAT/GLOBAL cmpswap: one data tuple {new, cmp}.
        let data = self.vreg(2 * n);
        for k in 0..n {
            self.emit(
                Op::V_MOV_B32_e32,
                vec![Self::sub(data, k), Self::sub(src, k)],
                1,
            )?;
            self.emit(
                Op::V_MOV_B32_e32,
                vec![Self::sub(data, n + k), Self::sub(cmp, k)],
                1,
            )?;
        }
        let data = self.r(data);
        self.global_atomic(res, global, p, data, w)
    }

    /// The atomic `op` in its returning (`RTN`, GLC-set) form when `rtn`,
    /// else the form without a destination: table rows of one encoding
    /// and spelling told apart by [`table::Flags::RTN`].
    pub(super) fn atomic_opcode(&self, op: Op, rtn: bool) -> Result<Opcode, Error> {
        let t = table::table(self.gen);
        let row = &t[self.opcode(op)?.0 as usize];
        table::candidates(self.p, row.family, row.opcode)
            .find(|o| t[o.0 as usize].flags.has(table::Flags::RTN) == rtn)
            .ok_or_else(|| {
                Error::invariant(
                    "instruction selection",
                    format!(
                        "no `{}` in its {} form on {}",
                        op.name(),
                        if rtn { "returning" } else { "non-returning" },
                        self.p.name()
                    ),
                )
            })
    }

    pub(super) fn global_atomic(
        &mut self,
        res: Value,
        name: Op,
        p: Value,
        data: MOp,
        bits: u32,
    ) -> Result<(), Error> {
        let a = self.global_addr(p)?;
        let offset = Mods {
            offset: a.off,
            ..Mods::default()
        };
        if !self.result_used(res) {
            let op = self.atomic_opcode(name, false)?;
            self.push(op, vec![a.v, data, a.s], 0, offset);
            // The old value is unused; give it a defined placeholder.
            self.vals[res.index()] = Some(Val::Const(0));
            return Ok(());
        }
        let op = self.atomic_opcode(name, true)?;
        let d = self.vreg(if bits == 64 { 2 } else { 1 });
        // GLC (`sc0` on gfx942) marks the returning form in the text too.
        let mods = Mods {
            mem: format::mod_bit(format::ModBit::Glc),
            ..offset
        };
        self.push(op, vec![self.r(d), a.v, data, a.s], 1, mods);
        self.set(res, d);
        Ok(())
    }

    /// An LDS atomic: `names` is its returning form and, if there is
    /// one, the form without a destination used when the result is unused.
    pub(super) fn ds_atomic(
        &mut self,
        res: Value,
        names: (Op, Option<Op>),
        p: Value,
        data: Vec<MOp>,
        bits: u32,
    ) -> Result<(), Error> {
        let (a, off) = self.lds_addr(p)?;
        let mods = ds_offset(off);
        if let (Some(none), false) = (names.1, self.result_used(res)) {
            let mut ops = vec![a];
            ops.extend(data);
            self.emit_m(none, ops, 0, mods)?;
            // The old value is unused; give it a defined placeholder.
            self.vals[res.index()] = Some(Val::Const(0));
            return Ok(());
        }
        let d = self.vreg(if bits == 64 { 2 } else { 1 });
        let mut ops = vec![self.r(d), a];
        ops.extend(data);
        self.emit_m(names.0, ops, 1, mods)?;
        self.set(res, d);
        Ok(())
    }

    pub(super) fn result_used(&self, v: Value) -> bool {
        self.uses[v.index()] > 0
    }
}
