//! Property test: random valid device-IR kernels give the same results in
//! the reference interpreter and, compiled for gfx942, gfx1100 and gfx1151,
//! in the emulator (strict mode).
//!
//! A kernel is a small program ([`Stmt`]s) over a pool of typed values,
//! built with `silk_gpu_ir`'s builder. Statements pick their operands as
//! "the k-th value of type T in scope" (k modulo the count), so every
//! program — and every program proptest shrinks it to — is valid. The
//! features are those the compiler supports today: `u32`/`i32`/`u64`/
//! `f32`/`f64` arithmetic with exactly rounded float operations (integer
//! division on 32 bits, also by constants), compares, selects,
//! conversions, `if`/`else` with a result on divergent and uniform
//! conditions, loops with bounded trip counts (uniform or divergent) and
//! conditional `break`, in-bounds global loads and stores (also under
//! divergent EXEC), and LDS exchange between work-items around barriers.
//! Every work-item stores its last values to its own slots of `out`; the
//! whole `out` buffer must be identical.
//!
//! 64 cases by default; `PROPTEST_CASES=N` runs more. A failure prints the
//! shrunk program and its `.sir` text. Patterns that expose a known,
//! unfixed compiler bug are listed in [`KNOWN_BUGS`] and left out of the
//! generator; each has a reproducer kernel that must still fail.

mod emu_case;

use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};
use silk_amdgpu::target::{Processor, Target};
use silk_gpu_ir::interp::{from_bytes, to_bytes, Arg, Launch, Memory};
use silk_gpu_ir::{
    AddrSpace, BinOp, BuildError, CmpPred, Dim, FunctionBuilder, Module, Type, UnOp, Value,
};
use silk_testsupport::corpus::Case;

const PROCESSORS: [Processor; 3] = [Processor::Gfx942, Processor::Gfx1100, Processor::Gfx1151];
const GRID: u32 = 128;
const BLOCK: u32 = 64;
/// Output slots per work-item: 0..8 for the final values, 8..16 for
/// `Store` statements.
const SLOTS: u32 = 16;

/// The value types programs compute with (`bool` only as conditions).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ty {
    U32,
    I32,
    F32,
    U64,
    F64,
}

impl Ty {
    fn ir(self) -> Type {
        match self {
            Ty::U32 => Type::U32,
            Ty::I32 => Type::I32,
            Ty::F32 => Type::F32,
            Ty::U64 => Type::U64,
            Ty::F64 => Type::F64,
        }
    }

    fn float(self) -> bool {
        matches!(self, Ty::F32 | Ty::F64)
    }

    fn int32(self) -> bool {
        matches!(self, Ty::U32 | Ty::I32)
    }
}

#[derive(Clone, Debug)]
enum Stmt {
    /// `op a, b` on two values of `ty`. Integer `div`/`rem` divide by
    /// `(b & 63) | 1` so that they are defined (inline constants).
    Bin {
        op: BinOp,
        ty: Ty,
        a: usize,
        b: usize,
    },
    Un {
        op: UnOp,
        ty: Ty,
        a: usize,
    },
    /// `fma` on f32, or f64 if `wide`.
    Fma {
        wide: bool,
        a: usize,
        b: usize,
        c: usize,
    },
    /// `select (cmp pred a, b), x, y` on values of `ty`.
    Select {
        pred: CmpPred,
        ty: Ty,
        a: usize,
        b: usize,
        x: usize,
        y: usize,
    },
    Cvt {
        from: Ty,
        to: Ty,
        a: usize,
    },
    /// `in[a % n]`.
    Load {
        a: usize,
    },
    /// `out[gid * SLOTS + 8 + slot] = a` (bitcast to u32).
    Store {
        slot: u8,
        ty: Ty,
        a: usize,
    },
    /// `%r = if (cmp pred a, b) -> u32 { then; yield t } else { els; yield e }`
    /// with `a`, `b` of type `ty`.
    If {
        pred: CmpPred,
        ty: Ty,
        a: usize,
        b: usize,
        then: Vec<Stmt>,
        t: usize,
        els: Vec<Stmt>,
        e: usize,
    },
    /// `loop (%i = 0, %acc = init)` running `bound` times, where `bound`
    /// is the constant `trips` or, if `divergent`, `pick & 3`.
    Loop {
        trips: u8,
        divergent: Option<usize>,
        init: usize,
        body: Vec<Stmt>,
        next: usize,
    },
    /// Inside a loop: `if (cmp pred a, b) { break %acc }`.
    BreakIf {
        pred: CmpPred,
        a: usize,
        b: usize,
    },
    /// Top level only: `lds[tid] = a; barrier; r = lds[(tid + k) % wgs];
    /// barrier`.
    Lds {
        a: usize,
        k: u8,
    },
}

/// Values in scope, by type.
#[derive(Clone, Default)]
struct Pool {
    vals: Vec<(Value, Ty)>,
}

impl Pool {
    fn push(&mut self, v: Value, t: Ty) {
        self.vals.push((v, t));
    }

    /// Two operands of type `t` (both may be constants).
    fn pair(&self, t: Ty, a: usize, b: usize) -> (Value, Value) {
        (self.pick(t, a), self.pick(t, b))
    }
    fn pick(&self, t: Ty, k: usize) -> Value {
        let of: Vec<Value> = self
            .vals
            .iter()
            .filter(|(_, vt)| *vt == t)
            .map(|(v, _)| *v)
            .collect();
        of[k % of.len()]
    }
}

#[derive(Clone, Copy)]
struct Ctx {
    input: Value,
    out: Value,
    n: Value,
    lds: Value,
    tid: Value,
    wgs: Value,
    out_base: Value,
    /// The innermost loop's accumulator, for `BreakIf`.
    acc: Option<Value>,
}

type B<T> = Result<T, BuildError>;

fn emit(f: &mut FunctionBuilder, c: &Ctx, pool: &mut Pool, stmts: &[Stmt], top: bool) -> B<()> {
    for s in stmts {
        if f.is_terminated() {
            break;
        }
        match s {
            Stmt::Bin { op, ty, a, b } => {
                let (x, mut y) = pool.pair(*ty, *a, *b);
                let op = match (op, ty) {
                    // Integer-only operations on floats become `sub`/`add`;
                    // division only on 32-bit integers.
                    (BinOp::Rem | BinOp::And | BinOp::Or | BinOp::Xor, t) if t.float() => {
                        BinOp::Sub
                    }
                    (BinOp::Shl | BinOp::Shr, t) if t.float() => BinOp::Add,
                    (BinOp::Div, t) if !t.int32() => BinOp::Mul,
                    (BinOp::Rem, Ty::U64) => BinOp::Xor,
                    (op, _) => *op,
                };
                if matches!(op, BinOp::Div | BinOp::Rem) && *b % 3 == 0 {
                    // A constant divisor (isel's multiply-and-shift plans).
                    const DIVISORS: [u64; 10] = [2, 3, 6, 7, 10, 16, 25, 641, 1 << 20, 0x7fff_ffff];
                    y = f.const_bits(ty.ir(), DIVISORS[(*a + *b / 3) % DIVISORS.len()])?;
                } else if matches!(op, BinOp::Div | BinOp::Rem) {
                    let m = f.const_bits(ty.ir(), 63)?;
                    let one = f.const_bits(ty.ir(), 1)?;
                    let low = f.and(y, m)?;
                    y = f.or(low, one)?;
                }
                let r = f.binary(op, x, y)?;
                pool.push(r, *ty);
            }
            // No unary operation on u64 is selected yet.
            Stmt::Un { ty: Ty::U64, .. } => {}
            Stmt::Un { op, ty, a } => {
                let x = pool.pick(*ty, *a);
                let op = match (op, ty) {
                    (UnOp::Neg | UnOp::Not, Ty::U32 | Ty::I32) => *op,
                    (UnOp::Abs, Ty::I32) => UnOp::Abs,
                    (UnOp::Neg | UnOp::Abs, t) if t.float() => *op,
                    (UnOp::Floor | UnOp::Ceil | UnOp::Trunc | UnOp::Rint, Ty::F32) => *op,
                    (_, t) if t.float() => UnOp::Neg,
                    _ => UnOp::Not,
                };
                let r = f.unary(op, x)?;
                pool.push(r, *ty);
            }
            Stmt::Fma { wide, a, b, c: cc } => {
                let t = if *wide { Ty::F64 } else { Ty::F32 };
                let r = f.fma(pool.pick(t, *a), pool.pick(t, *b), pool.pick(t, *cc))?;
                pool.push(r, t);
            }
            Stmt::Select {
                pred,
                ty,
                a,
                b,
                x,
                y,
            } => {
                let (l, r) = pool.pair(*ty, *a, *b);
                let cond = f.cmp(*pred, l, r)?;
                let (x, y) = pool.pair(*ty, *x, *y);
                let r = f.select(cond, x, y)?;
                pool.push(r, *ty);
            }
            Stmt::Cvt { from, to, a } => {
                let x = pool.pick(*from, *a);
                let r = if from == to {
                    x
                } else if from.int32() && to.int32() {
                    f.bitcast(x, to.ir())?
                } else if (*from == Ty::U64 && to.float()) || (from.float() && *to == Ty::U64) {
                    // No direct 64-bit integer <-> float conversion: via u32.
                    let mid = f.cvt(x, Type::U32)?;
                    f.cvt(mid, to.ir())?
                } else {
                    f.cvt(x, to.ir())?
                };
                pool.push(r, *to);
            }
            Stmt::Load { a } => {
                let i = f.rem(pool.pick(Ty::U32, *a), c.n)?;
                let p = f.element_addr(c.input, i, 4)?;
                let r = f.load(p, Type::U32, 4)?;
                pool.push(r, Ty::U32);
            }
            Stmt::Store { slot, ty, a } => {
                let v = as_u32(f, pool.pick(*ty, *a), *ty)?;
                let k = 8 + (*slot as u32 % 8);
                let p = if *slot % 2 == 0 {
                    // The slot as a constant byte offset off the item's
                    // first slot (isel folds it into the store).
                    let first = f.element_addr(c.out, c.out_base, 4)?;
                    let off = f.const_u64(4 * k as u64)?;
                    f.ptr_add(first, off)?
                } else {
                    let kc = f.const_u32(k)?;
                    let i = f.add(c.out_base, kc)?;
                    f.element_addr(c.out, i, 4)?
                };
                f.store(p, v, 4)?;
            }
            Stmt::If {
                pred,
                ty,
                a,
                b,
                then,
                t,
                els,
                e,
            } => {
                let (l, r) = pool.pair(*ty, *a, *b);
                let cond = f.cmp(*pred, l, r)?;
                let (pt, pe) = (pool.clone(), pool.clone());
                let r = f.if_else(
                    cond,
                    &[Type::U32],
                    |f| {
                        let mut p = pt;
                        emit(f, c, &mut p, then, false)?;
                        Ok(if f.is_terminated() {
                            vec![]
                        } else {
                            vec![p.pick(Ty::U32, *t)]
                        })
                    },
                    |f| {
                        let mut p = pe;
                        emit(f, c, &mut p, els, false)?;
                        Ok(if f.is_terminated() {
                            vec![]
                        } else {
                            vec![p.pick(Ty::U32, *e)]
                        })
                    },
                )?;
                pool.push(r[0], Ty::U32);
            }
            Stmt::Loop {
                trips,
                divergent,
                init,
                body,
                next,
            } => {
                let bound = match divergent {
                    Some(k) => {
                        let three = f.const_u32(3)?;
                        f.and(pool.pick(Ty::U32, *k), three)?
                    }
                    None => f.const_u32(*trips as u32 % 4)?,
                };
                let zero = f.const_u32(0)?;
                let one = f.const_u32(1)?;
                let init = pool.pick(Ty::U32, *init);
                let outer = pool.clone();
                let r = f.loop_(&[zero, init], &[Type::U32], |f, ps| {
                    let (i, acc) = (ps[0], ps[1]);
                    let done = f.cmp(CmpPred::Ge, i, bound)?;
                    f.if_then(done, |f| f.break_(&[acc]))?;
                    let mut p = outer;
                    p.push(i, Ty::U32);
                    p.push(acc, Ty::U32);
                    let inner = Ctx {
                        acc: Some(acc),
                        ..*c
                    };
                    emit(f, &inner, &mut p, body, false)?;
                    if !f.is_terminated() {
                        let i2 = f.add(i, one)?;
                        // May be `%i` itself: the update is a parallel copy.
                        let acc2 = p.pick(Ty::U32, *next);
                        f.continue_(&[i2, acc2])?;
                    }
                    Ok(())
                })?;
                pool.push(r[0], Ty::U32);
            }
            Stmt::BreakIf { pred, a, b } => {
                if let Some(acc) = c.acc {
                    let (l, r) = pool.pair(Ty::U32, *a, *b);
                    let cond = f.cmp(*pred, l, r)?;
                    f.if_then(cond, |f| f.break_(&[acc]))?;
                }
            }
            Stmt::Lds { a, k } => {
                if !top {
                    continue;
                }
                let v = as_u32(f, pool.pick(Ty::U32, *a), Ty::U32)?;
                let mine = f.element_addr_lds(c.lds, c.tid)?;
                f.store(mine, v, 4)?;
                f.barrier()?;
                let kk = f.const_u32(*k as u32)?;
                let j = f.add(c.tid, kk)?;
                let j = f.rem(j, c.wgs)?;
                let other = f.element_addr_lds(c.lds, j)?;
                let r = f.load(other, Type::U32, 4)?;
                f.barrier()?;
                pool.push(r, Ty::U32);
            }
        }
    }
    Ok(())
}

/// The bits of `v` as one u32 (64-bit values: both halves xor-ed).
fn as_u32(f: &mut FunctionBuilder, v: Value, t: Ty) -> B<Value> {
    match t {
        Ty::U32 => Ok(v),
        Ty::I32 | Ty::F32 => f.bitcast(v, Type::U32),
        Ty::U64 | Ty::F64 => {
            let v = if t == Ty::F64 {
                f.bitcast(v, Type::U64)?
            } else {
                v
            };
            let c32 = f.const_u64(32)?;
            let hi = f.shr(v, c32)?;
            let x = f.xor(v, hi)?;
            f.cvt(x, Type::U32)
        }
    }
}

/// LDS element address helper (`ptr<lds>` + 4 * i).
trait LdsAddr {
    fn element_addr_lds(&mut self, base: Value, i: Value) -> B<Value>;
}

impl LdsAddr for FunctionBuilder {
    fn element_addr_lds(&mut self, base: Value, i: Value) -> B<Value> {
        let four = self.const_u32(4)?;
        let off = self.mul(i, four)?;
        self.ptr_add(base, off)
    }
}

/// The kernel `@prop(%n: u32, %k: u32, %in: ptr<global>, %out: ptr<global>)`.
fn build(stmts: &[Stmt], consts: &[u32]) -> Result<Module, String> {
    let go = || -> B<Module> {
        let mut f = FunctionBuilder::kernel("prop");
        let n = f.param("n", Type::U32)?;
        let k = f.param("k", Type::U32)?;
        let input = f.param("in", Type::Ptr(AddrSpace::Global))?;
        let out = f.param("out", Type::Ptr(AddrSpace::Global))?;
        let lds = f.lds_alloc(BLOCK * 4, 4)?;
        let tid = f.workitem_id(Dim::X)?;
        let wg = f.workgroup_id(Dim::X)?;
        let wgs = f.workgroup_size(Dim::X)?;
        let base = f.mul(wg, wgs)?;
        let gid = f.add(base, tid)?;
        let slots = f.const_u32(SLOTS)?;
        let out_base = f.mul(gid, slots)?;
        let p = f.element_addr(input, gid, 4)?;
        let x = f.load(p, Type::U32, 4)?;
        let mut pool = Pool::default();
        for (v, t) in [
            (x, Ty::U32),
            (tid, Ty::U32),
            (k, Ty::U32),
            (wg, Ty::U32),
            (gid, Ty::U32),
        ] {
            pool.push(v, t);
        }
        for &cst in consts {
            let v = f.const_u32(cst)?;
            pool.push(v, Ty::U32);
        }
        let xi = f.bitcast(x, Type::I32)?;
        pool.push(xi, Ty::I32);
        let xf = f.cvt(x, Type::F32)?;
        pool.push(xf, Ty::F32);
        let kf = f.cvt(k, Type::F32)?;
        pool.push(kf, Ty::F32);
        let g64 = f.cvt(gid, Type::U64)?;
        pool.push(g64, Ty::U64);
        let x64 = f.cvt(x, Type::U64)?;
        pool.push(x64, Ty::U64);
        let xd = f.cvt(x, Type::F64)?;
        pool.push(xd, Ty::F64);
        let c = Ctx {
            input,
            out,
            n,
            lds,
            tid,
            wgs,
            out_base,
            acc: None,
        };
        emit(&mut f, &c, &mut pool, stmts, true)?;
        // The last eight values of the pool to slots 0..8.
        let last: Vec<(Value, Ty)> = pool.vals.iter().rev().take(8).copied().collect();
        for (j, (v, t)) in last.into_iter().enumerate() {
            let v = as_u32(&mut f, v, t)?;
            let kj = f.const_u32(j as u32)?;
            let i = f.add(out_base, kj)?;
            let p = f.element_addr(out, i, 4)?;
            f.store(p, v, 4)?;
        }
        let mut m = Module::new();
        m.add_function(f.finish()?)?;
        Ok(m)
    };
    let m = go().map_err(|e| format!("builder: {e}"))?;
    m.verify().map_err(|e| format!("verifier: {e}"))?;
    Ok(m)
}

fn case(input: &[u32], k: u32) -> Case {
    Case {
        launch: Launch::linear(GRID, BLOCK),
        buffers: vec![to_bytes(input), vec![0u8; (GRID * SLOTS * 4) as usize]],
        args: vec![
            Arg::U32(input.len() as u32),
            Arg::U32(k),
            Arg::Buffer(0),
            Arg::Buffer(1),
        ],
        expect: vec![],
    }
}

/// Interpreter and emulator must agree on `out` on every processor.
fn check(stmts: &[Stmt], consts: &[u32], input: &[u32], k: u32) -> Result<(), String> {
    check_module(&build(stmts, consts)?, input, k)
}

fn check_module(m: &Module, input: &[u32], k: u32) -> Result<(), String> {
    let m = m.clone();
    let case = case(input, k);
    let mut mem = Memory::new();
    for b in &case.buffers {
        mem.alloc(b.clone()).map_err(|e| e.to_string())?;
    }
    silk_gpu_ir::run_kernel(&m, "prop", &case.launch, &case.args, &mut mem)
        .map_err(|e| format!("interpreter: {e}"))?;
    let want: Vec<u32> = from_bytes(&mem.buffers()[1]);
    for p in PROCESSORS {
        let t = Target::new(p);
        let ks = silk_codegen::compile_module(&m, &t).map_err(|e| format!("{p}: compile: {e}"))?;
        let obj = silk_codegen::code_object(&t, &ks).map_err(|e| format!("{p}: object: {e}"))?;
        let got = emu_case::run(&case, "prop", p, &obj).map_err(|e| format!("{p}: {e}"))?;
        let got: Vec<u32> = from_bytes(&got[1]);
        if let Some(i) = (0..want.len()).find(|&i| got[i] != want[i]) {
            return Err(format!(
                "{p}: out[{i}] (work-item {}, slot {}) is {:#x}, the interpreter says {:#x}",
                i as u32 / SLOTS,
                i as u32 % SLOTS,
                got[i],
                want[i]
            ));
        }
    }
    Ok(())
}

fn pick() -> impl Strategy<Value = usize> {
    0usize..16
}

fn ty() -> impl Strategy<Value = Ty> {
    prop_oneof![
        3 => Just(Ty::U32),
        2 => Just(Ty::I32),
        2 => Just(Ty::F32),
        1 => Just(Ty::U64),
        1 => Just(Ty::F64),
    ]
}

fn pred() -> impl Strategy<Value = CmpPred> {
    proptest::sample::select(CmpPred::ALL.to_vec())
}

fn leaf() -> BoxedStrategy<Stmt> {
    let bin = proptest::sample::select(BinOp::ALL.to_vec());
    let un = proptest::sample::select(UnOp::ALL.to_vec());
    prop_oneof![
        4 => (bin, ty(), pick(), pick()).prop_map(|(op, ty, a, b)| Stmt::Bin { op, ty, a, b }),
        1 => (un, ty(), pick()).prop_map(|(op, ty, a)| Stmt::Un { op, ty, a }),
        1 => (any::<bool>(), pick(), pick(), pick())
            .prop_map(|(wide, a, b, c)| Stmt::Fma { wide, a, b, c }),
        2 => (pred(), ty(), pick(), pick(), pick(), pick())
            .prop_map(|(pred, ty, a, b, x, y)| Stmt::Select { pred, ty, a, b, x, y }),
        1 => (ty(), ty(), pick()).prop_map(|(from, to, a)| Stmt::Cvt { from, to, a }),
        1 => pick().prop_map(|a| Stmt::Load { a }),
        1 => (0u8..8, ty(), pick()).prop_map(|(slot, ty, a)| Stmt::Store { slot, ty, a }),
        1 => (pred(), pick(), pick()).prop_map(|(pred, a, b)| Stmt::BreakIf { pred, a, b }),
        1 => (pick(), 0u8..BLOCK as u8).prop_map(|(a, k)| Stmt::Lds { a, k }),
    ]
    .boxed()
}

fn stmts(depth: u32, max_len: usize) -> BoxedStrategy<Vec<Stmt>> {
    if depth == 0 {
        return proptest::collection::vec(leaf(), 0..max_len).boxed();
    }
    let inner = stmts(depth - 1, 4);
    let iff = (
        (pred(), ty(), pick(), pick()),
        inner.clone(),
        pick(),
        inner.clone(),
        pick(),
    )
        .prop_map(|((pred, ty, a, b), then, t, els, e)| Stmt::If {
            pred,
            ty,
            a,
            b,
            then,
            t,
            els,
            e,
        });
    let lp = (0u8..4, proptest::option::of(pick()), pick(), inner, pick()).prop_map(
        |(trips, divergent, init, body, next)| Stmt::Loop {
            trips,
            divergent,
            init,
            body,
            next,
        },
    );
    let stmt = prop_oneof![6 => leaf(), 1 => iff, 1 => lp];
    proptest::collection::vec(stmt, 0..max_len).boxed()
}

fn inputs() -> impl Strategy<Value = (Vec<u32>, u32)> {
    let word = prop_oneof![0u32..16, any::<u32>(), Just(u32::MAX), Just(0x8000_0000)];
    (proptest::collection::vec(word.clone(), GRID as usize), word)
}

#[test]
fn random_kernels_agree_in_interpreter_and_emulator() {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(64);
    let mut runner = TestRunner::new(Config {
        cases,
        failure_persistence: None,
        max_shrink_iters: 4096,
        ..Config::default()
    });
    let strategy = (
        stmts(2, 10),
        proptest::collection::vec(any::<u32>(), 0..3),
        inputs(),
    );
    let result = runner.run(&strategy, |(stmts, consts, (input, k))| {
        check(&stmts, &consts, &input, k).map_err(|e| {
            let text = build(&stmts, &consts)
                .map(|m| m.print())
                .unwrap_or_default();
            TestCaseError::fail(format!("{e}\nkernel:\n{text}"))
        })
    });
    if let Err(e) = result {
        panic!("{e}");
    }
}

/// Compiler bugs the generator found that are not fixed yet, each with a
/// reproducer (`tests/data/random/<name>.sir`, kernel `@prop`, run on
/// input `in[i] = i`, `k = 5`) and the generator pattern left out because
/// of it. The reproducer must still fail: when it passes, remove the entry,
/// re-enable the pattern and add the reproducer to [`FIXED_REPRODUCERS`].
const KNOWN_BUGS: &[(&str, &str)] = &[];

/// Reproducers of fixed bugs (same form as [`KNOWN_BUGS`]); each must pass:
/// - `loop_param_copy`: `continue %i2, %i` was lowered as sequential moves,
///   so `%acc` got the new `%i` (fixed by the parallel copy of loop phis);
/// - `cmp_two_literals`: an operation on two non-inline constants selected
///   `s_cmp_eq_u32 lit, lit` (one literal allowed; fixed in isel by
///   moving the second literal into an SGPR);
/// - `rem_after_if`: a `rem` after an `if` reused the registers of the same
///   `rem` in the untaken else branch (isel's division cache was keyed by
///   block ids that placing a block renumbers; fixed by clearing it when
///   the current block changes).
const FIXED_REPRODUCERS: &[&str] = &["loop_param_copy", "cmp_two_literals", "rem_after_if"];

fn reproducer(name: &str) -> Module {
    let path = format!(
        "{}/tests/data/random/{name}.sir",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    Module::parse_verified(&path, &text).unwrap_or_else(|e| panic!("{e}"))
}

/// Hand-written kernels (same form) for selection patterns the generator
/// seldom makes in a form that would show a wrong selection.
const PATTERN_KERNELS: &[&str] = &["shl_or_add", "geometry_in_branch", "lds_const_offsets"];

#[test]
fn pattern_kernels_pass() {
    let input: Vec<u32> = (0..GRID).map(|i| i * 0x0101_0101 + 7).collect();
    let mut problems = Vec::new();
    for &name in PATTERN_KERNELS {
        if let Err(e) = check_module(&reproducer(name), &input, 5) {
            problems.push(format!("{name}: {e}"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn fixed_reproducers_pass() {
    let input: Vec<u32> = (0..GRID).collect();
    let mut problems = Vec::new();
    for &name in FIXED_REPRODUCERS {
        if let Err(e) = check_module(&reproducer(name), &input, 5) {
            problems.push(format!("{name}: {e}"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn known_bug_reproducers_still_fail() {
    if KNOWN_BUGS.is_empty() {
        println!("SKIPPED known_bug_reproducers_still_fail: no known bugs are listed");
        return;
    }
    let input: Vec<u32> = (0..GRID).collect();
    let mut problems = Vec::new();
    for &(name, why) in KNOWN_BUGS {
        match check_module(&reproducer(name), &input, 5) {
            Ok(()) => problems.push(format!("{name} passes now: remove it from KNOWN_BUGS")),
            Err(e) => println!("known bug {name}: {e}\n  {why}"),
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Shrunk failures the generator found and that are fixed: each must keep
/// passing.
#[test]
fn fixed_failures_stay_fixed() {
    // sched: the carry-out `vcc` of `v_add_co_u32_e64` is not among the
    // machine IR's definitions, so the scheduler interleaved two 64-bit
    // add chains (a u64 add and a store address) and one `v_addc` read the
    // other's carry: an out-of-bounds store in the lane that loops.
    let mut input = vec![0u32; GRID as usize];
    input[GRID as usize - 1] = u32::MAX;
    let prog = [Stmt::Loop {
        trips: 0,
        divergent: Some(0),
        init: 0,
        body: vec![
            Stmt::Bin {
                op: BinOp::Add,
                ty: Ty::U64,
                a: 1,
                b: 0,
            },
            Stmt::Store {
                slot: 0,
                ty: Ty::F64,
                a: 0,
            },
        ],
        next: 0,
    }];
    check(&prog, &[], &input, 0).unwrap();
}
