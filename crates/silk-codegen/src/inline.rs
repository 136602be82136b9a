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
//! `break` then retires the returning lanes. An early `ret` inside one of
//! the callee's own loops would need a flag per loop level and is reported
//! as unsupported.

use crate::Error;
use silk_gpu_ir::{Block, Function, Inst, Module, Op, Value, ValueData};

/// Nesting limit for inlined calls (the verifier rules out recursion; this
/// bounds pathological call chains).
const MAX_DEPTH: usize = 64;

/// `f` with every call inlined. Returns `f` unchanged (cloned) if it makes
/// no calls.
pub fn inline_calls(m: &Module, f: &Function) -> Result<Function, Error> {
    if !has_calls(&f.body) {
        return Ok(f.clone());
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
        loops: 0,
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
        check
            .verify()
            .map_err(|e| Error::Internal(format!("inlining produced invalid IR: {e}")))?;
    }
    Ok(out)
}

fn has_calls(b: &Block) -> bool {
    b.insts.iter().any(|i| match &i.op {
        Op::Call { .. } => true,
        Op::If {
            then_blk, else_blk, ..
        } => has_calls(then_blk) || has_calls(else_blk),
        Op::Loop { body, .. } => has_calls(body),
        _ => false,
    })
}

/// Whether the only `ret` of `b` is its terminator.
fn returns_only_at_end(b: &Block) -> bool {
    fn no_ret(insts: &[Inst]) -> bool {
        insts.iter().all(|i| match &i.op {
            Op::Return(_) => false,
            Op::If {
                then_blk, else_blk, ..
            } => no_ret(&then_blk.insts) && no_ret(&else_blk.insts),
            Op::Loop { body, .. } => no_ret(&body.insts),
            _ => true,
        })
    }
    match b.insts.split_last() {
        Some((last, rest)) => matches!(last.op, Op::Return(_)) && no_ret(rest),
        None => false,
    }
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
    /// Depth of the callee's own loops around the current instruction.
    loops: u32,
}

impl Inliner<'_> {
    /// The output value for source value `v`, created on first sight.
    fn tr(&mut self, ctx: &mut Ctx, v: Value) -> Result<Value, Error> {
        let slot = ctx
            .map
            .get_mut(v.index())
            .ok_or_else(|| Error::Internal(format!("inliner: unknown value %{}", v.0)))?;
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
                ctx.loops += 1;
                let body = self.block(ctx, body);
                ctx.loops -= 1;
                Op::Loop {
                    inits,
                    params,
                    body: body?,
                }
            }
            Op::Return(vs) if ctx.callee => {
                if ctx.loops > 0 {
                    return Err(Error::Unsupported(format!(
                        "inlining @{}: `ret` inside a loop of a device function",
                        ctx.src.name
                    )));
                }
                Op::Break(self.trs(ctx, vs)?)
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

    fn call(
        &mut self,
        ctx: &mut Ctx,
        results: &[Value],
        callee: &str,
        args: &[Value],
        out: &mut Block,
    ) -> Result<(), Error> {
        let g = self
            .m
            .function(callee)
            .ok_or_else(|| Error::Internal(format!("call to undefined function @{callee}")))?;
        if self.depth >= MAX_DEPTH {
            return Err(Error::Unsupported(format!(
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
            loops: 0,
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
            return Err(Error::Internal(format!("@{} has an empty body", g.name)));
        };
        for i in rest {
            self.inst(inner, i, out)?;
        }
        let Op::Return(vs) = &last.op else {
            return Err(Error::Internal(format!(
                "@{} does not end in `ret`",
                g.name
            )));
        };
        let rets = self.trs(inner, vs)?;
        for (&r, v) in results.iter().zip(rets) {
            let slot = ctx
                .map
                .get_mut(r.index())
                .ok_or_else(|| Error::Internal("inliner: call result".into()))?;
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
    fn early_return_inside_a_callee_loop_is_reported() {
        let src = r#"
func @f(%x: u32) -> u32 {
  %r = loop (%v: u32 = %x) -> u32 {
    %z = const 0 : u32
    %e = cmp eq %v, %z
    if %e {
      ret %v
    }
    %one = const 1 : u32
    %w = sub %v, %one
    continue %w
  }
  ret %r
}

kernel @k(%out: ptr<global>) {
  %i = workitem.id x
  %y = call @f(%i)
  store %out, %y, align 4
}
"#;
        let m = Module::parse_verified("loop_ret.sir", src).unwrap();
        let err = inline_calls(&m, m.function("k").unwrap()).unwrap_err();
        assert!(
            matches!(&err, Error::Unsupported(s) if s.contains("`ret` inside a loop")),
            "{err}"
        );
    }
}
