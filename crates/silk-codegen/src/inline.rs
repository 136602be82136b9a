//! Inlining of direct calls: the first pass of the driver, on the device
//! IR. The backend has no call ABI; every `call @f(args)` in a kernel is
//! replaced by `@f`'s body, recursively (the verifier has already rejected
//! call-graph cycles).
//!
//! A callee whose only `ret` is the last instruction of its body is
//! spliced in place: its parameters become the arguments and the call's
//! results become the `ret` operands. A callee that returns early (a `ret`
//! inside an `if`) is wrapped in a loop that runs once, with every `ret`
//! turned into a `break` carrying the results; the EXEC-mask lowering of
//! `break` then retires the returning lanes. A `ret` inside one of the
//! callee's own loops leaves every enclosing loop: each such loop gets
//! extra results (a "returned" flag and the return values), its `ret`s
//! become `break`s with the flag set and its other `break`s clear it, and
//! after the loop `if flag` passes the values on to the next loop out.

use crate::Error;
use silk_gpu_ir::{Block, Function, Inst, Module, Op, Type, Value, ValueData};
use std::borrow::Cow;

/// Nesting limit for inlined calls (the verifier rules out recursion; this
/// bounds pathological call chains).
const MAX_DEPTH: usize = 64;

/// `f` with every call inlined. Returns `f` unchanged (cloned) if it makes
/// no calls.
pub fn inline_calls(m: &Module, f: &Function) -> Result<Function, Error> {
    inline_calls_cow(m, f).map(Cow::into_owned)
}

/// [`inline_calls`], borrowing `f` when it makes no calls.
pub fn inline_calls_cow<'f>(m: &Module, f: &'f Function) -> Result<Cow<'f, Function>, Error> {
    if !has_calls(&f.body) {
        return Ok(Cow::Borrowed(f));
    }
    let mut inl = Inliner {
        m,
        values: f.values.clone(),
        depth: 0,
    };
    let mut ctx = Ctx {
        src: f,
        map: (0..f.values.len() as u32).map(|i| Some(Value(i))).collect(),
        callee: false,
        loops: Vec::new(),
    };
    let body = inl.block(&mut ctx, &f.body)?;
    let mut out = Function {
        name: f.name.clone(),
        kind: f.kind,
        params: f.params.clone(),
        results: f.results.clone(),
        values: inl.values,
        body,
    };
    // The call results of the kernel were renamed to the callees' returned
    // values and are defined nowhere now; renumbering drops them.
    out.canonicalize();
    if cfg!(debug_assertions) {
        let check = Module {
            functions: vec![out.clone()],
        };
        check.verify().map_err(|e| {
            Error::invariant("inlining", format!("inlining produced invalid IR: {e}"))
        })?;
    }
    Ok(Cow::Owned(out))
}

fn has_calls(b: &Block) -> bool {
    b.insts_nested().any(|i| matches!(i.op, Op::Call { .. }))
}

/// Whether the only `ret` of `b` is its terminator.
fn returns_only_at_end(b: &Block) -> bool {
    let rets = b
        .insts_nested()
        .filter(|i| matches!(i.op, Op::Return(_)))
        .count();
    rets == 1
        && b.insts
            .last()
            .is_some_and(|i| matches!(i.op, Op::Return(_)))
}

struct Inliner<'m> {
    m: &'m Module,
    /// The value table of the function being built.
    values: Vec<ValueData>,
    depth: usize,
}

/// One function being copied into the output.
struct Ctx<'f> {
    src: &'f Function,
    /// Source value to output value.
    map: Vec<Option<Value>>,
    /// A callee (its `ret`s become `break`s of the wrapper loop) rather
    /// than the kernel itself.
    callee: bool,
    /// The callee's own loops around the current instruction, innermost
    /// last: the original result types of a loop that contains a `ret`
    /// (and so carries the extra flag and return values), `None` for one
    /// that does not.
    loops: Vec<Option<Vec<Type>>>,
}

fn contains_ret(b: &Block) -> bool {
    b.insts_nested().any(|i| matches!(i.op, Op::Return(_)))
}

impl Inliner<'_> {
    /// The output value for source value `v`, created on first sight.
    fn tr(&mut self, ctx: &mut Ctx, v: Value) -> Result<Value, Error> {
        let slot = ctx.map.get_mut(v.index()).ok_or_else(|| {
            Error::invariant("inlining", format!("inliner: unknown value %{}", v.0))
        })?;
        if let Some(o) = *slot {
            return Ok(o);
        }
        let ty = ctx.src.values[v.index()].ty;
        self.values.push(ValueData { ty, name: None });
        let o = Value(self.values.len() as u32 - 1);
        *slot = Some(o);
        Ok(o)
    }

    fn trs(&mut self, ctx: &mut Ctx, vs: &[Value]) -> Result<Vec<Value>, Error> {
        vs.iter().map(|&v| self.tr(ctx, v)).collect()
    }

    fn block(&mut self, ctx: &mut Ctx, b: &Block) -> Result<Block, Error> {
        let mut out = Block::default();
        for inst in &b.insts {
            self.inst(ctx, inst, &mut out)?;
        }
        Ok(out)
    }

    fn inst(&mut self, ctx: &mut Ctx, inst: &Inst, out: &mut Block) -> Result<(), Error> {
        let op = match &inst.op {
            Op::Call { callee, args } => return self.call(ctx, &inst.results, callee, args, out),
            Op::If {
                cond,
                then_blk,
                else_blk,
            } => Op::If {
                cond: self.tr(ctx, *cond)?,
                then_blk: self.block(ctx, then_blk)?,
                else_blk: self.block(ctx, else_blk)?,
            },
            Op::Loop {
                inits,
                params,
                body,
            } => {
                let inits = self.trs(ctx, inits)?;
                let params = self.trs(ctx, params)?;
                let marked = ctx.callee && contains_ret(body);
                let types: Vec<Type> = inst
                    .results
                    .iter()
                    .map(|&r| ctx.src.values[r.index()].ty)
                    .collect();
                ctx.loops.push(marked.then(|| types.clone()));
                let body = self.block(ctx, body);
                ctx.loops.pop();
                let op = Op::Loop {
                    inits,
                    params,
                    body: body?,
                };
                if !marked {
                    op
                } else {
                    return self.marked_loop(ctx, &inst.results, op, out);
                }
            }
            Op::Return(vs) if ctx.callee => {
                let vs = self.trs(ctx, vs)?;
                let mut insts = Vec::new();
                let brk = self.ret_break(ctx, vs, &mut insts)?;
                out.insts.extend(insts);
                brk
            }
            Op::Break(vs) if matches!(ctx.loops.last(), Some(Some(_))) => {
                // A plain exit of a loop that also carries a return: flag
                // cleared, placeholder return values.
                let mut vs = self.trs(ctx, vs)?;
                let rets = ctx.src.results.clone();
                let f = self.konst(Type::Bool, 0, out);
                vs.push(f);
                for t in rets {
                    let z = self.konst(t, 0, out);
                    vs.push(z);
                }
                Op::Break(vs)
            }
            op => {
                // No nested regions here: `for_each_value_mut` visits
                // exactly the operands.
                let mut op = op.clone();
                let mut uses = Vec::new();
                op.for_each_value_mut(&mut |v| uses.push(*v));
                let mut mapped = self.trs(ctx, &uses)?.into_iter();
                op.for_each_value_mut(&mut |v| {
                    if let Some(n) = mapped.next() {
                        *v = n;
                    }
                });
                op
            }
        };
        let results = self.trs(ctx, &inst.results)?;
        out.insts.push(Inst { results, op });
        Ok(())
    }

    /// `%v = const bits : t` appended to `out`.
    fn konst(&mut self, ty: Type, bits: u64, out: &mut Block) -> Value {
        self.values.push(ValueData { ty, name: None });
        let v = Value(self.values.len() as u32 - 1);
        out.insts.push(Inst {
            results: vec![v],
            op: Op::Const { ty, bits },
        });
        v
    }

    /// The `break` that returns `vs` from the callee at the current loop
    /// depth: out of the wrapper loop directly, or out of the innermost
    /// (marked) loop with the flag set; placeholder constants go to
    /// `insts` first.
    fn ret_break(&mut self, ctx: &Ctx, vs: Vec<Value>, insts: &mut Vec<Inst>) -> Result<Op, Error> {
        match ctx.loops.last() {
            None => Ok(Op::Break(vs)),
            Some(Some(types)) => {
                let mut b = Block::default();
                let mut all = Vec::new();
                for &t in types {
                    all.push(self.konst(t, 0, &mut b));
                }
                all.push(self.konst(Type::Bool, 1, &mut b));
                all.extend(vs);
                insts.extend(b.insts);
                Ok(Op::Break(all))
            }
            Some(None) => Err(Error::invariant(
                "inlining",
                "inliner: `ret` in a loop not marked as returning",
            )),
        }
    }

    /// Emit a loop that carries a return (its results extended by the flag
    /// and the return values), then `if flag` leaving the next level out.
    fn marked_loop(
        &mut self,
        ctx: &mut Ctx,
        results: &[Value],
        op: Op,
        out: &mut Block,
    ) -> Result<(), Error> {
        let mut res = self.trs(ctx, results)?;
        self.values.push(ValueData {
            ty: Type::Bool,
            name: None,
        });
        let flag = Value(self.values.len() as u32 - 1);
        res.push(flag);
        let mut rets = Vec::new();
        for &t in &ctx.src.results {
            self.values.push(ValueData { ty: t, name: None });
            rets.push(Value(self.values.len() as u32 - 1));
        }
        res.extend(rets.iter().copied());
        out.insts.push(Inst { results: res, op });
        let mut then_insts = Vec::new();
        let brk = self.ret_break(ctx, rets, &mut then_insts)?;
        then_insts.push(Inst {
            results: vec![],
            op: brk,
        });
        out.insts.push(Inst {
            results: vec![],
            op: Op::If {
                cond: flag,
                then_blk: Block { insts: then_insts },
                else_blk: Block {
                    insts: vec![Inst {
                        results: vec![],
                        op: Op::Yield(vec![]),
                    }],
                },
            },
        });
        Ok(())
    }

    fn call(
        &mut self,
        ctx: &mut Ctx,
        results: &[Value],
        callee: &str,
        args: &[Value],
        out: &mut Block,
    ) -> Result<(), Error> {
        let g = self.m.function(callee).ok_or_else(|| {
            Error::invariant("inlining", format!("call to undefined function @{callee}"))
        })?;
        if self.depth >= MAX_DEPTH {
            return Err(Error::unsupported(format!(
                "calls nested more than {MAX_DEPTH} deep (at @{callee})"
            )));
        }
        let mut map = vec![None; g.values.len()];
        for (&p, &a) in g.params.iter().zip(args) {
            map[p.index()] = Some(self.tr(ctx, a)?);
        }
        let splice = returns_only_at_end(&g.body);
        let mut inner = Ctx {
            src: g,
            map,
            callee: !splice,
            loops: Vec::new(),
        };
        self.depth += 1;
        let r = if splice {
            self.splice(ctx, &mut inner, results, out)
        } else {
            self.wrap(ctx, &mut inner, results, out)
        };
        self.depth -= 1;
        r
    }

    /// Copy the callee's body except its final `ret` into `out`; the call
    /// results become the returned values.
    fn splice(
        &mut self,
        ctx: &mut Ctx,
        inner: &mut Ctx,
        results: &[Value],
        out: &mut Block,
    ) -> Result<(), Error> {
        let g = inner.src;
        let Some((last, rest)) = g.body.insts.split_last() else {
            return Err(Error::invariant(
                "inlining",
                format!("@{} has an empty body", g.name),
            ));
        };
        for i in rest {
            self.inst(inner, i, out)?;
        }
        let Op::Return(vs) = &last.op else {
            return Err(Error::invariant(
                "inlining",
                format!("@{} does not end in `ret`", g.name),
            ));
        };
        let rets = self.trs(inner, vs)?;
        for (&r, v) in results.iter().zip(rets) {
            let slot = ctx
                .map
                .get_mut(r.index())
                .ok_or_else(|| Error::invariant("inlining", "inliner: call result"))?;
            *slot = Some(v);
        }
        Ok(())
    }

    /// `results = loop () { callee body with ret -> break }`.
    fn wrap(
        &mut self,
        ctx: &mut Ctx,
        inner: &mut Ctx,
        results: &[Value],
        out: &mut Block,
    ) -> Result<(), Error> {
        let g = inner.src;
        let body = self.block(inner, &g.body)?;
        let results = self.trs(ctx, results)?;
        out.insts.push(Inst {
            results,
            op: Op::Loop {
                inits: vec![],
                params: vec![],
                body,
            },
        });
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use silk_gpu_ir::interp::{from_bytes, to_bytes};
    use silk_gpu_ir::{run_kernel, Arg, Launch, Memory};

    /// A kernel calling a helper that returns early from inside an `if`
    /// (the wrapper-loop path) and a helper that calls it (nested
    /// inlining), each called twice so values must be renamed apart.
    const EARLY: &str = r#"
func @clip(%x: u32, %lim: u32) -> u32 {
  %big = cmp gt %x, %lim
  if %big {
    ret %lim
  }
  %one = const 1 : u32
  %y = add %x, %one
  ret %y
}

func @twice(%x: u32) -> u32, u32 {
  %lim = const 40 : u32
  %a = call @clip(%x, %lim)
  %b = call @clip(%a, %lim)
  ret %a, %b
}

kernel @k(%out: ptr<global>) {
  %i = workitem.id x
  %p, %q = call @twice(%i)
  %s = add %p, %q
  %i64 = cvt %i : u64
  %c4 = const 4 : u64
  %off = mul %i64, %c4
  %po = ptradd %out, %off
  store %po, %s, align 4
}
"#;

    fn run(m: &Module) -> Vec<u32> {
        let mut mem = Memory::new();
        mem.alloc(to_bytes(&[0u32; 64])).unwrap();
        run_kernel(m, "k", &Launch::linear(64, 64), &[Arg::Buffer(0)], &mut mem).unwrap();
        from_bytes(&mem.buffers()[0])
    }

    #[test]
    fn inlined_kernel_computes_what_the_calls_did() {
        let m = Module::parse_verified("early.sir", EARLY).unwrap();
        let k = m.function("k").unwrap();
        let inlined = inline_calls(&m, k).unwrap();
        assert!(!has_calls(&inlined.body), "calls remain after inlining");
        let alone = Module {
            functions: vec![inlined],
        };
        alone.verify().unwrap();
        // The interpreter runs the calls; it is the oracle for the inlined body.
        let want = run(&m);
        assert_eq!(run(&alone), want);
        // And the expected values themselves, from plain Rust.
        let clip = |x: u32| if x > 40 { 40 } else { x + 1 };
        let direct: Vec<u32> = (0..64).map(|i| clip(i) + clip(clip(i))).collect();
        assert_eq!(want, direct);
    }

    #[test]
    fn early_return_from_inside_callee_loops() {
        // `find` returns from two loops deep; `@k` calls it twice.
        let src = r#"
func @find(%x: u32) -> u32, u32 {
  %zero = const 0 : u32
  %one = const 1 : u32
  %five = const 5 : u32
  %r = loop (%a: u32 = %zero) -> u32 {
    %adone = cmp ge %a, %five
    if %adone {
      break %a
    }
    %s = loop (%b: u32 = %zero) -> u32 {
      %bdone = cmp ge %b, %five
      if %bdone {
        break %b
      }
      %ab = mul %a, %b
      %hit = cmp eq %ab, %x
      if %hit {
        ret %a, %b
      }
      %b1 = add %b, %one
      continue %b1
    }
    %a1 = add %a, %one
    continue %a1
  }
  %miss = const 99 : u32
  ret %r, %miss
}

kernel @k(%out: ptr<global>) {
  %i = workitem.id x
  %p, %q = call @find(%i)
  %c3 = const 3 : u32
  %j = add %i, %c3
  %u, %v = call @find(%j)
  %hundred = const 100 : u32
  %p100 = mul %p, %hundred
  %s1 = add %p100, %q
  %u100 = mul %u, %hundred
  %s2 = add %u100, %v
  %s12 = mul %s1, %hundred
  %t = mul %s12, %hundred
  %s = add %t, %s2
  %i64 = cvt %i : u64
  %c4 = const 4 : u64
  %off = mul %i64, %c4
  %po = ptradd %out, %off
  store %po, %s, align 4
}
"#;
        let m = Module::parse_verified("loop_ret.sir", src).unwrap();
        let inlined = inline_calls(&m, m.function("k").unwrap()).unwrap();
        assert!(!has_calls(&inlined.body));
        let alone = Module {
            functions: vec![inlined],
        };
        let want = run(&m);
        assert_eq!(run(&alone), want);
        // Plain-Rust reference of `find`.
        let find = |x: u32| -> (u32, u32) {
            for a in 0..5 {
                for b in 0..5 {
                    if a * b == x {
                        return (a, b);
                    }
                }
            }
            (5, 99)
        };
        let direct: Vec<u32> = (0..64u32)
            .map(|i| {
                let (p, q) = find(i);
                let (u, v) = find(i + 3);
                (p * 100 + q) * 10000 + u * 100 + v
            })
            .collect();
        assert_eq!(want, direct);
    }
}
