//! IR-level expansion of operations the hardware has no instruction for,
//! run by the driver before uniformity analysis so that the expanded code
//! is analysed and selected like any other.
//!
//! Today: 64-bit integer division and remainder. AMDGPU has no integer
//! divider; 32-bit division is selected as a reciprocal-estimate sequence
//! (`isel::divrem32`). A 64-bit division whose operands both fit in 32
//! bits uses that 32-bit division; otherwise it is a restoring shift-and-
//! subtract loop of 64 steps over `u64` (signed operands through their
//! magnitudes, the signs applied afterwards), written in the IR itself.
//! Every lane in the loop runs the same 64 iterations, so the loop adds no
//! divergence of its own; a wave whose lanes all take the 32-bit path
//! skips it.

use crate::Error;
use silk_gpu_ir::{BinOp, Block, CmpPred, Function, Inst, Op, Type, Value, ValueData};

/// `f` with every 64-bit `div`/`rem` expanded. Returns a clone when there is
/// nothing to expand.
pub fn expand(f: &Function) -> Result<Function, Error> {
    if !has_div64(f) {
        return Ok(f.clone());
    }
    let mut out = f.clone();
    let mut values = std::mem::take(&mut out.values);
    out.body = block(&mut values, &f.body)?;
    out.values = values;
    out.canonicalize();
    if cfg!(debug_assertions) {
        silk_gpu_ir::Module {
            functions: vec![out.clone()],
        }
        .verify()
        .map_err(|e| Error::invariant("IR expansion", format!("64-bit division expansion: {e}")))?;
    }
    Ok(out)
}

fn is_div64(values: &[ValueData], inst: &Inst) -> bool {
    match inst.op {
        Op::Binary {
            op: BinOp::Div | BinOp::Rem,
            lhs,
            ..
        } => matches!(
            values.get(lhs.index()).map(|d| d.ty),
            Some(Type::I64 | Type::U64)
        ),
        _ => false,
    }
}

fn has_div64(f: &Function) -> bool {
    f.insts().any(|i| is_div64(&f.values, i))
}

fn block(values: &mut Vec<ValueData>, b: &Block) -> Result<Block, Error> {
    let mut out = Block::default();
    for inst in &b.insts {
        if is_div64(values, inst) {
            let Op::Binary { op, lhs, rhs } = inst.op else {
                unreachable!("is_div64 matched a binary op")
            };
            let res = *inst
                .results
                .first()
                .ok_or_else(|| Error::invariant("IR expansion", "div without a result"))?;
            let mut e = Emit {
                values,
                insts: &mut out.insts,
            };
            e.divrem64(res, op == BinOp::Rem, lhs, rhs);
            continue;
        }
        let op = match &inst.op {
            Op::If {
                cond,
                then_blk,
                else_blk,
            } => Op::If {
                cond: *cond,
                then_blk: block(values, then_blk)?,
                else_blk: block(values, else_blk)?,
            },
            Op::Loop {
                inits,
                params,
                body,
            } => Op::Loop {
                inits: inits.clone(),
                params: params.clone(),
                body: block(values, body)?,
            },
            op => op.clone(),
        };
        out.insts.push(Inst {
            results: inst.results.clone(),
            op,
        });
    }
    Ok(out)
}

/// Appends instructions, creating their result values.
struct Emit<'a> {
    values: &'a mut Vec<ValueData>,
    insts: &'a mut Vec<Inst>,
}

impl Emit<'_> {
    fn value(&mut self, ty: Type) -> Value {
        self.values.push(ValueData { ty, name: None });
        Value(self.values.len() as u32 - 1)
    }

    fn op(&mut self, ty: Type, op: Op) -> Value {
        let v = self.value(ty);
        self.insts.push(Inst {
            results: vec![v],
            op,
        });
        v
    }

    fn konst(&mut self, ty: Type, bits: u64) -> Value {
        self.op(ty, Op::Const { ty, bits })
    }

    fn bin(&mut self, ty: Type, op: BinOp, lhs: Value, rhs: Value) -> Value {
        self.op(ty, Op::Binary { op, lhs, rhs })
    }

    fn cmp(&mut self, pred: CmpPred, lhs: Value, rhs: Value) -> Value {
        self.op(Type::Bool, Op::Cmp { pred, lhs, rhs })
    }

    fn select(&mut self, ty: Type, cond: Value, if_true: Value, if_false: Value) -> Value {
        self.op(
            ty,
            Op::Select {
                cond,
                if_true,
                if_false,
            },
        )
    }

    fn cvt(&mut self, to: Type, arg: Value) -> Value {
        self.op(to, Op::Cvt { arg, to })
    }

    /// Define `res` as `lhs / rhs` or `lhs % rhs` (64-bit integers).
    fn divrem64(&mut self, res: Value, rem: bool, lhs: Value, rhs: Value) {
        let ty = self.values[res.index()].ty;
        let u = Type::U64;
        if ty == u {
            let (q, r) = self.udivrem64_split(lhs, rhs);
            self.finish(res, if rem { r } else { q });
            return;
        }
        // Signed: divide the magnitudes; the quotient is negative when the
        // signs differ, the remainder takes the dividend's sign.
        let zero = self.konst(ty, 0);
        let mag = |e: &mut Self, x: Value| {
            let neg = e.cmp(CmpPred::Lt, x, zero);
            let minus = e.bin(ty, BinOp::Sub, zero, x);
            let abs = e.select(ty, neg, minus, x);
            (neg, e.cvt(u, abs))
        };
        let (nneg, n) = mag(self, lhs);
        let (dneg, d) = mag(self, rhs);
        let (q, r) = self.udivrem64_split(n, d);
        let (v, negate) = if rem {
            (r, nneg)
        } else {
            (q, self.bin(Type::Bool, BinOp::Xor, nneg, dneg))
        };
        let s = self.cvt(ty, v);
        let minus = self.bin(ty, BinOp::Sub, zero, s);
        self.insts.push(Inst {
            results: vec![res],
            op: Op::Select {
                cond: negate,
                if_true: minus,
                if_false: s,
            },
        });
    }

    /// `res = v` (a same-type conversion, which isel selects as a rename).
    fn finish(&mut self, res: Value, v: Value) {
        let to = self.values[res.index()].ty;
        self.insts.push(Inst {
            results: vec![res],
            op: Op::Cvt { arg: v, to },
        });
    }

    /// `u64` quotient and remainder: by the 32-bit division when both
    /// operands fit in 32 bits, else by [`Emit::udivrem64`].
    fn udivrem64_split(&mut self, n: Value, d: Value) -> (Value, Value) {
        let (u, w) = (Type::U64, Type::U32);
        let zero = self.konst(u, 0);
        let c32 = self.konst(u, 32);
        let both = self.bin(u, BinOp::Or, n, d);
        let high = self.bin(u, BinOp::Shr, both, c32);
        let small = self.cmp(CmpPred::Eq, high, zero);
        let mut then_insts = Vec::new();
        {
            let mut t = Emit {
                values: self.values,
                insts: &mut then_insts,
            };
            let (n32, d32) = (t.cvt(w, n), t.cvt(w, d));
            let q32 = t.bin(w, BinOp::Div, n32, d32);
            let r32 = t.bin(w, BinOp::Rem, n32, d32);
            let (q, r) = (t.cvt(u, q32), t.cvt(u, r32));
            t.insts.push(Inst {
                results: vec![],
                op: Op::Yield(vec![q, r]),
            });
        }
        let mut else_insts = Vec::new();
        {
            let mut e = Emit {
                values: self.values,
                insts: &mut else_insts,
            };
            let (q, r) = e.udivrem64(n, d);
            e.insts.push(Inst {
                results: vec![],
                op: Op::Yield(vec![q, r]),
            });
        }
        let (q, r) = (self.value(u), self.value(u));
        self.insts.push(Inst {
            results: vec![q, r],
            op: Op::If {
                cond: small,
                then_blk: Block { insts: then_insts },
                else_blk: Block { insts: else_insts },
            },
        });
        (q, r)
    }

    /// Restoring division of `u64`s: for bit k from 63 down to 0,
    /// `r = 2r + bit k of n`; if `r >= d` (or the doubling carried out of
    /// 64 bits) then `r -= d` and bit k of the quotient is set.
    fn udivrem64(&mut self, n: Value, d: Value) -> (Value, Value) {
        let u = Type::U64;
        let zero = self.konst(u, 0);
        let one = self.konst(u, 1);
        let sixty_three = self.konst(u, 63);
        let steps = self.konst(u, 64);
        let (k, q, r) = (self.value(u), self.value(u), self.value(u));
        let (qo, ro) = (self.value(u), self.value(u));
        let mut body = Vec::new();
        {
            let mut b = Emit {
                values: self.values,
                insts: &mut body,
            };
            let done = b.cmp(CmpPred::Eq, k, zero);
            b.insts.push(Inst {
                results: vec![],
                op: Op::If {
                    cond: done,
                    then_blk: Block {
                        insts: vec![Inst {
                            results: vec![],
                            op: Op::Break(vec![q, r]),
                        }],
                    },
                    else_blk: Block {
                        insts: vec![Inst {
                            results: vec![],
                            op: Op::Yield(vec![]),
                        }],
                    },
                },
            });
            let k1 = b.bin(u, BinOp::Sub, k, one);
            let shifted = b.bin(u, BinOp::Shr, n, k1);
            let bit = b.bin(u, BinOp::And, shifted, one);
            let top = b.bin(u, BinOp::Shr, r, sixty_three);
            let carry = b.cmp(CmpPred::Ne, top, zero);
            let r2 = b.bin(u, BinOp::Shl, r, one);
            let r3 = b.bin(u, BinOp::Or, r2, bit);
            let ge = b.cmp(CmpPred::Ge, r3, d);
            let take = b.bin(Type::Bool, BinOp::Or, carry, ge);
            let r4 = b.bin(u, BinOp::Sub, r3, d);
            let r5 = b.select(u, take, r4, r3);
            let qbit = b.bin(u, BinOp::Shl, one, k1);
            let q2 = b.bin(u, BinOp::Or, q, qbit);
            let q3 = b.select(u, take, q2, q);
            b.insts.push(Inst {
                results: vec![],
                op: Op::Continue(vec![k1, q3, r5]),
            });
        }
        self.insts.push(Inst {
            results: vec![qo, ro],
            op: Op::Loop {
                inits: vec![steps, zero, zero],
                params: vec![k, q, r],
                body: Block { insts: body },
            },
        });
        (qo, ro)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use silk_gpu_ir::interp::{from_bytes, to_bytes};
    use silk_gpu_ir::{run_kernel, Arg, Launch, Memory, Module};

    fn kernel(ty: &str) -> String {
        format!(
            r#"
kernel @k(%a: ptr<global>, %b: ptr<global>, %out: ptr<global>) {{
  %i = workitem.id x
  %i64 = cvt %i : u64
  %c8 = const 8 : u64
  %off = mul %i64, %c8
  %pa = ptradd %a, %off
  %pb = ptradd %b, %off
  %x = load %pa : {ty}, align 8
  %y = load %pb : {ty}, align 8
  %q = div %x, %y
  %r = rem %x, %y
  %c2 = const 2 : u64
  %o = mul %off, %c2
  %po = ptradd %out, %o
  store %po, %q, align 8
  %po2 = ptradd %po, %c8
  store %po2, %r, align 8
}}
"#
        )
    }

    /// The expanded kernel computes what the interpreter's `div`/`rem`
    /// compute, on edge cases (extremes, 1, -1, large divisors) and
    /// pseudo-random operands.
    fn check(ty: &str) {
        let m = Module::parse_verified("div64.sir", &kernel(ty)).unwrap();
        let f = m.function("k").unwrap();
        let expanded = expand(f).unwrap();
        assert!(!has_div64(&expanded));
        let em = Module {
            functions: vec![expanded],
        };
        let mut a: Vec<u64> = vec![
            u64::MAX,
            i64::MIN as u64,
            i64::MAX as u64,
            0,
            7,
            u64::MAX - 5,
            1 << 63,
            12345678901234567,
        ];
        let mut b: Vec<u64> = vec![
            1,
            u64::MAX,
            (-7i64) as u64,
            5,
            u64::MAX,
            1 << 63,
            3,
            1 << 40,
        ];
        let mut s = 0x1234_5678_9abc_def1u64;
        while a.len() < 64 {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            match a.len() % 3 {
                // Both operands below 2^32 (the 32-bit path).
                0 => {
                    a.push(s >> 32);
                    b.push((s >> (40 + s % 24)) | 1);
                }
                // A small divisor of a large dividend.
                1 => {
                    a.push(s);
                    b.push((s >> 50) | 1);
                }
                _ => {
                    a.push(s);
                    b.push((s >> (s % 60)) | 1);
                }
            }
        }
        let run = |m: &Module| {
            let mut mem = Memory::new();
            mem.alloc(to_bytes(&a)).unwrap();
            mem.alloc(to_bytes(&b)).unwrap();
            mem.alloc(vec![0; 64 * 16]).unwrap();
            let args = [Arg::Buffer(0), Arg::Buffer(1), Arg::Buffer(2)];
            run_kernel(m, "k", &Launch::linear(64, 64), &args, &mut mem).unwrap();
            from_bytes::<u64>(&mem.buffers()[2])
        };
        let want = run(&m);
        assert_eq!(run(&em), want, "{ty}");
        // Spot-check the oracle itself against Rust.
        if ty == "u64" {
            assert_eq!(want[0], u64::MAX);
            assert_eq!(want[2 * 5], (u64::MAX - 5) / (1 << 63));
        } else {
            assert_eq!(want[2] as i64, (i64::MIN).wrapping_div(-1));
            assert_eq!(want[2 * 2 + 1] as i64, i64::MAX % -7);
        }
    }

    #[test]
    fn unsigned_expansion_matches_the_interpreter() {
        check("u64");
    }

    #[test]
    fn signed_expansion_matches_the_interpreter() {
        check("i64");
    }
}
