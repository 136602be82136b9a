//! Integer division and remainder: the general 32-bit sequence and the
//! multiply-high plans for constant divisors.

use super::*;

/// A 32-bit division before the signs: unsigned quotient and remainder of
/// the magnitudes, and the sign masks of dividend and divisor (signed).
#[derive(Clone, Copy)]
pub(super) struct DivCore {
    q: VReg,
    r: VReg,
    sn: Option<MOp>,
    sd: Option<MOp>,
}

impl<'a> Sel<'a> {
    /// 32-bit division or remainder by the constant `c` following `plan`
    /// (multiply-high and shifts; remainder `x - q * c`).
    pub(super) fn divrem32_const(
        &mut self,
        x: MOp,
        c: u32,
        plan: DivPlan,
        rem: bool,
    ) -> Result<VReg, Error> {
        let add = self.pick(Op::V_ADD_U32_e32, Op::V_ADD_NC_U32_e32);
        let subn = self.pick(Op::V_SUB_U32_e32, Op::V_SUB_NC_U32_e32);
        let int = |v: u32| MOp::Phys(imm32(v));
        let x = self.copy_to_vgpr(x)?;
        // `name d, a, b` as VOP2 into a new VGPR.
        let op2 = |me: &mut Self, name: Op, a: MOp, b: MOp, comm: bool| -> Result<MOp, Error> {
            let d = me.vreg(1);
            me.vop2(name, me.r(d), a, b, comm)?;
            Ok(me.r(d))
        };
        let mulhi = |me: &mut Self, name: Op, a: MOp, m: u32| -> Result<MOp, Error> {
            let d = me.vreg(1);
            me.vop3(name, vec![me.r(d)], vec![a, int(m)])?;
            Ok(me.r(d))
        };
        let q = match plan {
            DivPlan::Shift(k) => {
                if rem {
                    let r = op2(self, Op::V_AND_B32_e32, int(c - 1), x, true)?;
                    return self.whole_vreg(r);
                }
                op2(self, Op::V_LSHRREV_B32_e32, int(k), x, false)?
            }
            DivPlan::MulShift { m, s } => {
                let t = mulhi(self, Op::V_MUL_HI_U32, x, m)?;
                if s == 0 {
                    t
                } else {
                    op2(self, Op::V_LSHRREV_B32_e32, int(s), t, false)?
                }
            }
            DivPlan::MulAddShift { m, s } => {
                let t = mulhi(self, Op::V_MUL_HI_U32, x, m)?;
                let u = op2(self, subn, x, t, false)?;
                let u = op2(self, Op::V_LSHRREV_B32_e32, int(1), u, false)?;
                let w = op2(self, add, t, u, true)?;
                op2(self, Op::V_LSHRREV_B32_e32, int(s), w, false)?
            }
            DivPlan::SignedShift(k) => {
                // Round toward zero: add c - 1 to negative dividends.
                let sg = op2(self, Op::V_ASHRREV_I32_e32, int(31), x, false)?;
                let bias = op2(self, Op::V_LSHRREV_B32_e32, int(32 - k), sg, false)?;
                let w = op2(self, add, x, bias, true)?;
                if rem {
                    let m = op2(self, Op::V_AND_B32_e32, int(c.wrapping_neg()), w, true)?;
                    let r = op2(self, subn, x, m, false)?;
                    return self.whole_vreg(r);
                }
                op2(self, Op::V_ASHRREV_I32_e32, int(k), w, false)?
            }
            DivPlan::SignedMul { m, s, add_x } => {
                let mut q = mulhi(self, Op::V_MUL_HI_I32, x, m)?;
                if add_x {
                    q = op2(self, add, q, x, true)?;
                }
                if s > 0 {
                    q = op2(self, Op::V_ASHRREV_I32_e32, int(s), q, false)?;
                }
                let t = op2(self, Op::V_LSHRREV_B32_e32, int(31), x, false)?;
                op2(self, add, q, t, true)?
            }
        };
        if !rem {
            return self.whole_vreg(q);
        }
        let p = self.vreg(1);
        self.vop3(Op::V_MUL_LO_U32, vec![self.r(p)], vec![q, int(c)])?;
        let r = op2(self, subn, x, self.r(p), false)?;
        self.whole_vreg(r)
    }

    /// The virtual register of a whole one-dword operand.
    pub(super) fn whole_vreg(&self, o: MOp) -> Result<VReg, Error> {
        match o {
            MOp::Reg { r, off: 0, .. } => Ok(r),
            _ => Err(Error::invariant(
                "instruction selection",
                "expected a whole register",
            )),
        }
    }

    /// Unsigned quotient and remainder of |x| / |y| and the signs, by the
    /// float reciprocal estimate with one Newton step and two corrections.
    pub(super) fn divrem32_core(&mut self, x: MOp, y: MOp, signed: bool) -> Result<DivCore, Error> {
        let add = self.pick(Op::V_ADD_U32_e32, Op::V_ADD_NC_U32_e32);
        let subn = self.pick(Op::V_SUB_U32_e32, Op::V_SUB_NC_U32_e32);
        let (mut n, mut d) = (self.copy_to_vgpr(x)?, self.copy_to_vgpr(y)?);
        let (mut sn, mut sd) = (None, None);
        if signed {
            // |x|, |y| via (v + s) ^ s with s = v >> 31.
            let abs = |me: &mut Self, v: MOp| -> Result<(MOp, MOp), Error> {
                let s = me.vreg(1);
                me.vop2(
                    Op::V_ASHRREV_I32_e32,
                    me.r(s),
                    MOp::Phys(Operand::int(31)),
                    v,
                    false,
                )?;
                let t = me.vreg(1);
                me.vop2(add, me.r(t), v, me.r(s), true)?;
                let a = me.vreg(1);
                me.vop2(Op::V_XOR_B32_e32, me.r(a), me.r(t), me.r(s), true)?;
                Ok((me.r(a), me.r(s)))
            };
            let (an, s1) = abs(self, n)?;
            let (ad, s2) = abs(self, d)?;
            n = an;
            d = ad;
            sn = Some(s1);
            sd = Some(s2);
        }
        let f = self.vreg(1);
        self.emit(Op::V_CVT_F32_U32_e32, vec![self.r(f), d], 1)?;
        let rc = self.vreg(1);
        self.emit(Op::V_RCP_IFLAG_F32_e32, vec![self.r(rc), self.r(f)], 1)?;
        let sc = self.vreg(1);
        self.vop2(
            Op::V_MUL_F32_e32,
            self.r(sc),
            MOp::Phys(Operand::Literal(0x4f7f_fffe)),
            self.r(rc),
            true,
        )?;
        let z = self.vreg(1);
        self.emit(Op::V_CVT_U32_F32_e32, vec![self.r(z), self.r(sc)], 1)?;
        let nd = self.vreg(1);
        self.vop2(subn, self.r(nd), MOp::Phys(Operand::int(0)), d, false)?;
        let t = self.vreg(1);
        self.vop3(
            Op::V_MUL_LO_U32,
            vec![self.r(t)],
            vec![self.r(nd), self.r(z)],
        )?;
        let t2 = self.vreg(1);
        self.vop3(
            Op::V_MUL_HI_U32,
            vec![self.r(t2)],
            vec![self.r(z), self.r(t)],
        )?;
        let z2 = self.vreg(1);
        self.vop2(add, self.r(z2), self.r(z), self.r(t2), true)?;
        let mut q = self.vreg(1);
        self.vop3(Op::V_MUL_HI_U32, vec![self.r(q)], vec![n, self.r(z2)])?;
        let qd = self.vreg(1);
        self.vop3(Op::V_MUL_LO_U32, vec![self.r(qd)], vec![self.r(q), d])?;
        let mut r = self.vreg(1);
        self.vop2(subn, self.r(r), n, self.r(qd), false)?;
        for _ in 0..2 {
            let c = self.mask();
            let name = Op::V_CMP_GE_U32_e64;
            self.vop3(name, vec![self.r(c)], vec![self.r(r), d])?;
            let q1 = self.vreg(1);
            self.vop2(add, self.r(q1), MOp::Phys(Operand::int(1)), self.r(q), true)?;
            let r1 = self.vreg(1);
            self.vop2(subn, self.r(r1), self.r(r), d, false)?;
            let qn = self.vreg(1);
            self.cndmask(self.r(qn), self.r(q), self.r(q1), self.r(c))?;
            let rn = self.vreg(1);
            self.cndmask(self.r(rn), self.r(r), self.r(r1), self.r(c))?;
            q = qn;
            r = rn;
        }
        Ok(DivCore { q, r, sn, sd })
    }

    /// The quotient or remainder of a [`DivCore`], with its sign.
    pub(super) fn divrem32_finish(
        &mut self,
        core: DivCore,
        signed: bool,
        rem: bool,
    ) -> Result<VReg, Error> {
        let subn = self.pick(Op::V_SUB_U32_e32, Op::V_SUB_NC_U32_e32);
        let DivCore { q, r, sn, sd } = core;
        let out = if rem { r } else { q };
        if !signed {
            return Ok(out);
        }
        // Quotient sign sn ^ sd, remainder sign sn: (v ^ s) - s.
        let s = match (rem, sn, sd) {
            (true, Some(a), _) => a,
            (false, Some(a), Some(b)) => {
                let s = self.vreg(1);
                self.vop2(Op::V_XOR_B32_e32, self.r(s), a, b, true)?;
                self.r(s)
            }
            _ => return Err(Error::invariant("instruction selection", "divrem signs")),
        };
        let x = self.vreg(1);
        self.vop2(Op::V_XOR_B32_e32, self.r(x), self.r(out), s, true)?;
        let o = self.vreg(1);
        self.vop2(subn, self.r(o), self.r(x), s, false)?;
        Ok(o)
    }
}

/// How a 32-bit division by a constant is done (Granlund and Montgomery,
/// "Division by invariant integers using multiplication", 1994; Hacker's
/// Delight 10-1 for the signed magic numbers).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DivPlan {
    /// Unsigned by 2^k: `x >> k`.
    Shift(u32),
    /// Unsigned: `mulhi(x, m) >> s`.
    MulShift { m: u32, s: u32 },
    /// Unsigned when no 32-bit `m` fits: `t = mulhi(x, m)`,
    /// `(t + ((x - t) >> 1)) >> s`.
    MulAddShift { m: u32, s: u32 },
    /// Signed by 2^k (k in 1..=30): `(x + (x >> 31 >>> (32 - k))) >> k`.
    SignedShift(u32),
    /// Signed by c >= 3: `q = mulhi_i32(x, m) (+ x)`, `(q >> s) + (x >>> 31)`.
    SignedMul { m: u32, s: u32, add_x: bool },
}

/// The plan for dividing by `c`, or `None` to use the general sequence
/// (0, 1, negative signed divisors).
pub fn div_plan(c: u32, signed: bool) -> Option<DivPlan> {
    if signed {
        let d = c as i32;
        if d < 2 {
            return None;
        }
        if c.is_power_of_two() {
            return Some(DivPlan::SignedShift(c.trailing_zeros()));
        }
        // Hacker's Delight figure 10-1 (d >= 2).
        let two31: u32 = 0x8000_0000;
        let ad = c;
        let anc = two31 - 1 - two31 % ad;
        let mut p = 31u32;
        let (mut q1, mut r1) = (two31 / anc, two31 - (two31 / anc) * anc);
        let (mut q2, mut r2) = (two31 / ad, two31 - (two31 / ad) * ad);
        loop {
            p += 1;
            q1 = q1.wrapping_mul(2);
            r1 = r1.wrapping_mul(2);
            if r1 >= anc {
                q1 = q1.wrapping_add(1);
                r1 = r1.wrapping_sub(anc);
            }
            q2 = q2.wrapping_mul(2);
            r2 = r2.wrapping_mul(2);
            if r2 >= ad {
                q2 = q2.wrapping_add(1);
                r2 = r2.wrapping_sub(ad);
            }
            let delta = ad - r2;
            if !(q1 < delta || (q1 == delta && r1 == 0)) {
                break;
            }
        }
        let m = q2.wrapping_add(1);
        return Some(DivPlan::SignedMul {
            m,
            s: p - 32,
            add_x: (m as i32) < 0,
        });
    }
    if c < 2 {
        return None;
    }
    if c.is_power_of_two() {
        return Some(DivPlan::Shift(c.trailing_zeros()));
    }
    let d = c as u128;
    // Smallest s with m = ceil(2^(32+s) / d) < 2^32 and m*d - 2^(32+s) <= 2^s.
    for s in 0..32u32 {
        let p = 1u128 << (32 + s);
        let m = p.div_ceil(d);
        if m < (1 << 32) && m * d - p <= (1u128 << s) {
            return Some(DivPlan::MulShift { m: m as u32, s });
        }
    }
    let l = 32 - (c - 1).leading_zeros(); // ceil(log2 c), >= 2 here
    let m = (((1u128 << 32) * ((1u128 << l) - d)) / d + 1) as u32;
    Some(DivPlan::MulAddShift { m, s: l - 1 })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The plan's steps on the CPU, in 32-bit arithmetic as the VALU does.
    fn run(plan: DivPlan, x: u32) -> u32 {
        let mulhi_u = |a: u32, b: u32| ((a as u64 * b as u64) >> 32) as u32;
        let mulhi_i = |a: u32, b: u32| ((a as i32 as i64 * b as i32 as i64) >> 32) as u32;
        match plan {
            DivPlan::Shift(k) => x >> k,
            DivPlan::MulShift { m, s } => mulhi_u(x, m) >> s,
            DivPlan::MulAddShift { m, s } => {
                let t = mulhi_u(x, m);
                (t.wrapping_add(x.wrapping_sub(t) >> 1)) >> s
            }
            DivPlan::SignedShift(k) => {
                let bias = ((x as i32 >> 31) as u32) >> (32 - k);
                (x.wrapping_add(bias) as i32 >> k) as u32
            }
            DivPlan::SignedMul { m, s, add_x } => {
                let mut q = mulhi_i(x, m);
                if add_x {
                    q = q.wrapping_add(x);
                }
                ((q as i32 >> s) as u32).wrapping_add(x >> 31)
            }
        }
    }

    /// Every plan agrees with Rust's division on edge and pseudo-random
    /// dividends, for small, large and awkward divisors.
    #[test]
    fn constant_division_plans_match_division() {
        let mut divisors: Vec<u32> = (2..600).collect();
        divisors.extend([
            641,
            1000,
            6700417,
            0x7fff_ffff,
            0x8000_0001,
            0xffff_fffe,
            0xffff_ffff,
            1 << 30,
            1 << 31,
            3 << 29,
        ]);
        let mut xs: Vec<u32> = vec![0, 1, 2, 3, 0x7fff_ffff, 0x8000_0000, 0x8000_0001, u32::MAX];
        let mut r = 0x1234_5678u32;
        for _ in 0..400 {
            r = r.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            xs.push(r);
        }
        let mut planned = 0;
        for &c in &divisors {
            let mut local = xs.clone();
            local.extend([c.wrapping_sub(1), c, c.wrapping_add(1), c.wrapping_mul(7)]);
            local.extend([c.wrapping_neg(), c.wrapping_neg().wrapping_add(1)]);
            if let Some(p) = div_plan(c, false) {
                planned += 1;
                for &x in &local {
                    assert_eq!(run(p, x), x / c, "{x} / {c} with {p:?}");
                }
            }
            if let Some(p) = div_plan(c, true) {
                planned += 1;
                for &x in &local {
                    let want = (x as i32).wrapping_div(c as i32) as u32;
                    assert_eq!(run(p, x), want, "{} / {} with {p:?}", x as i32, c as i32);
                }
            }
        }
        assert!(planned > 1000, "only {planned} plans");
    }
}
