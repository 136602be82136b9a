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
        let gfx9 = self.gen == Generation::Gfx9;
        // ISA mnemonics: GFX9 `global_atomic_smax[_x2]`, GFX11
        // `global_atomic_max_i{32,64}`; DS `ds_max_rtn_i{32,64}` on both.
        let (g9, g11, ds) = match op {
            AtomicOp::Add if float => ("add_f32", "add_f32".to_string(), "add_rtn_f32".to_string()),
            AtomicOp::Xchg if float => {
                return self.atomic_bits(res, p, v);
            }
            AtomicOp::Add => ("add", format!("add_u{w}"), format!("add_rtn_u{w}")),
            AtomicOp::Sub => ("sub", format!("sub_u{w}"), format!("sub_rtn_u{w}")),
            AtomicOp::Min if s => ("smin", format!("min_i{w}"), format!("min_rtn_i{w}")),
            AtomicOp::Min => ("umin", format!("min_u{w}"), format!("min_rtn_u{w}")),
            AtomicOp::Max if s => ("smax", format!("max_i{w}"), format!("max_rtn_i{w}")),
            AtomicOp::Max => ("umax", format!("max_u{w}"), format!("max_rtn_u{w}")),
            AtomicOp::And => ("and", format!("and_b{w}"), format!("and_rtn_b{w}")),
            AtomicOp::Or => ("or", format!("or_b{w}"), format!("or_rtn_b{w}")),
            AtomicOp::Xor => ("xor", format!("xor_b{w}"), format!("xor_rtn_b{w}")),
            AtomicOp::Xchg => (
                "swap",
                format!("swap_b{w}"),
                format!("{}_rtn_b{w}", if gfx9 { "wrxchg" } else { "storexchg" }),
            ),
        };
        let data = self.vgpr_of(v)?;
        let data = self.r(data);
        if self.ty(p) == Type::Ptr(AddrSpace::Lds) {
            return self.ds_atomic(res, &format!("ds_{ds}"), p, vec![data], w);
        }
        let name = if gfx9 {
            let x2 = if w == 64 { "_x2" } else { "" };
            format!("global_atomic_{g9}{x2}")
        } else {
            format!("global_atomic_{g11}")
        };
        self.global_atomic(res, &name, p, data, w)
    }

    /// `xchg` on f32 is the integer exchange of the same bits.
    pub(super) fn atomic_bits(&mut self, res: Value, p: Value, v: Value) -> Result<(), Error> {
        let data = self.vgpr_of(v)?;
        let data = self.r(data);
        if self.ty(p) == Type::Ptr(AddrSpace::Lds) {
            let n = self.n("ds_wrxchg_rtn_b32", "ds_storexchg_rtn_b32");
            return self.ds_atomic(res, n, p, vec![data], 32);
        }
        let n = self.n("global_atomic_swap", "global_atomic_swap_b32");
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
        let cmp = self.vgpr_of(expected)?;
        let src = self.vgpr_of(new)?;
        if self.ty(p) == Type::Ptr(AddrSpace::Lds) {
            // DS operand order differs: GFX9 `ds_cmpst` takes data0 = cmp,
            // data1 = new; GFX11 `ds_cmpstore` data0 = new, data1 = cmp.
            let (name, data) = if gfx9 {
                (format!("ds_cmpst_rtn_b{w}"), vec![self.r(cmp), self.r(src)])
            } else {
                (
                    format!("ds_cmpstore_rtn_b{w}"),
                    vec![self.r(src), self.r(cmp)],
                )
            };
            return self.ds_atomic(res, &name, p, data, w);
        }
        // FLAT/GLOBAL cmpswap: one data tuple {new, cmp}.
        let data = self.vreg(2 * n);
        for k in 0..n {
            self.emit(
                "v_mov_b32_e32",
                vec![Self::sub(data, k), Self::sub(src, k)],
                1,
            )?;
            self.emit(
                "v_mov_b32_e32",
                vec![Self::sub(data, n + k), Self::sub(cmp, k)],
                1,
            )?;
        }
        let name = if gfx9 {
            format!("global_atomic_cmpswap{}", if w == 64 { "_x2" } else { "" })
        } else {
            format!("global_atomic_cmpswap_b{w}")
        };
        let data = self.r(data);
        self.global_atomic(res, &name, p, data, w)
    }

    /// The opcode `name` in its returning (`RTN`, GLC-set) form when
    /// `rtn`, else the form without a destination.
    pub(super) fn atomic_opcode(&self, name: &str, rtn: bool) -> Result<Opcode, Error> {
        let t = table::table(self.gen);
        table::by_name(self.p, name)
            .find(|op| t[op.0 as usize].flags.has(table::Flags::RTN) == rtn)
            .ok_or_else(|| {
                Error::invariant(
                    "instruction selection",
                    format!(
                        "no {} opcode `{name}` on {}",
                        if rtn { "returning" } else { "non-returning" },
                        self.p.name()
                    ),
                )
            })
    }

    pub(super) fn global_atomic(
        &mut self,
        res: Value,
        name: &str,
        p: Value,
        data: MOp,
        bits: u32,
    ) -> Result<(), Error> {
        let a = self.global_addr(p)?;
        let off = self.off();
        if !self.result_used(res) {
            let op = self.atomic_opcode(name, false)?;
            self.push(op, vec![a, data, off], 0, Mods::default());
            // The old value is unused; give it a defined placeholder.
            self.vals[res.index()] = Some(Val::Const(0));
            return Ok(());
        }
        let op = self.atomic_opcode(name, true)?;
        let d = self.vreg(if bits == 64 { 2 } else { 1 });
        // GLC (`sc0` on gfx942) marks the returning form in the text too.
        let mods = Mods {
            mem: format::mod_bit(format::ModBit::Glc),
            ..Mods::default()
        };
        self.push(op, vec![self.r(d), a, data, off], 1, mods);
        self.set(res, d);
        Ok(())
    }

    pub(super) fn ds_atomic(
        &mut self,
        res: Value,
        name: &str,
        p: Value,
        data: Vec<MOp>,
        bits: u32,
    ) -> Result<(), Error> {
        let (a, off) = self.lds_addr(p)?;
        let d = self.vreg(if bits == 64 { 2 } else { 1 });
        let mods = ds_offset(off);
        let mut ops = vec![self.r(d), a];
        ops.extend(data);
        self.emit_m(name, ops, 1, mods)?;
        self.set(res, d);
        Ok(())
    }

    pub(super) fn result_used(&self, v: Value) -> bool {
        self.f.insts().any(|i| i.op.operands().contains(&v))
    }
}
