//! Property tests: the parser never panics on arbitrary text or token
//! soups; randomly built valid modules verify, survive
//! `parse(print(m)) == m` and run in the interpreter.

use proptest::prelude::*;
use silk_gpu_ir::{
    parse_module, print_module, run_kernel, AddrSpace, Arg, BinOp, CmpPred, Dim, FunctionBuilder,
    Launch, Memory, Module, Type, UnOp, Value,
};
use silk_testsupport::corpus;

fn parse_never_panics(src: &str) {
    if let Err(e) = parse_module("fuzz.sir", src) {
        let text = e.to_string();
        assert!(text.starts_with("fuzz.sir:"), "{text}");
        assert!(text.contains(": error: "), "{text}");
    }
}

const TOKENS: &[&str] = &[
    "kernel",
    "func",
    "@k",
    "@f",
    "(",
    ")",
    "{",
    "}",
    "<",
    ">",
    ",",
    ":",
    "=",
    "->",
    "%a",
    "%b",
    "%0",
    "%1",
    "u32",
    "i64",
    "f16",
    "f32",
    "bool",
    "ptr",
    "global",
    "lds",
    "const",
    "add",
    "cmp",
    "lt",
    "if",
    "else",
    "loop",
    "break",
    "continue",
    "yield",
    "ret",
    "load",
    "store",
    "align",
    "4",
    "-1",
    "1.5e-3",
    "0x7fc00000",
    "nan",
    "-inf",
    "true",
    "call",
    "barrier",
    "workitem.id",
    "x",
    "lds.alloc",
    "atomic",
    "cmpxchg",
    "\n",
    " ",
    "//c\n",
    "select",
    "cvt",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn parser_never_panics_on_arbitrary_strings(s in ".{0,400}") {
        parse_never_panics(&s);
    }

    #[test]
    fn parser_never_panics_on_token_soup(ix in proptest::collection::vec(0usize..TOKENS.len(), 0..120)) {
        let s: String = ix.iter().map(|&i| TOKENS[i]).collect::<Vec<_>>().join(" ");
        parse_never_panics(&s);
    }

    #[test]
    fn parser_never_panics_on_mutated_corpus(k in 0usize..35, pos in any::<usize>(), cut in 0usize..40, ins in ".{0,8}") {
        let ks = corpus::kernels();
        let src = ks[k % ks.len()].source;
        let chars: Vec<char> = src.chars().collect();
        let p = pos % (chars.len() + 1);
        let end = (p + cut).min(chars.len());
        let mutated: String = chars[..p].iter().chain(ins.chars().collect::<Vec<_>>().iter()).chain(chars[end..].iter()).collect();
        parse_never_panics(&mutated);
        if let Ok(m) = parse_module("m.sir", &mutated) {
            // Whatever parses must verify or fail verification without
            // panicking, and print.
            let _ = m.verify();
            let _ = print_module(&m);
        }
    }

    #[test]
    fn random_modules_round_trip_and_run(ops in proptest::collection::vec(any::<u16>(), 0..90)) {
        let m = random_module(&ops).expect("the generator only builds valid IR");
        if let Err(e) = m.verify() {
            panic!("{e}\n{}", print_module(&m));
        }
        let text = print_module(&m);
        let back = parse_module("r.sir", &text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        prop_assert_eq!(&m, &back);
        let mut mem = Memory::new();
        mem.alloc(vec![0; 8 * 64]).expect("alloc");
        let stats = run_kernel(&m, "k", &Launch::linear(37, 16), &[Arg::Buffer(0)], &mut mem)
            .unwrap_or_else(|e| panic!("{e}\n{text}"));
        prop_assert_eq!(stats.workitems, 37);
    }

    #[test]
    fn generator_builds_nested_control_flow(seed in any::<u64>()) {
        // The generator is only useful if it reaches ifs and loops.
        let ops: Vec<u16> = (0..60u64).map(|i| (seed.wrapping_mul(i + 1) >> 7) as u16 % 2 * 9 + 6 + (i % 2) as u16).collect();
        let m = random_module(&ops).expect("valid");
        let text = print_module(&m);
        prop_assert!(text.contains("loop (") || text.contains(" = if "), "{}", text);
    }
}

/// Build a valid kernel from a byte program: a pool of values grows with
/// random operations on operands of matching types; nested `if`s and
/// bounded loops recurse.
fn random_module(ops: &[u16]) -> Result<Module, silk_gpu_ir::Error> {
    let mut f = FunctionBuilder::kernel("k");
    let out = f.param("out", Type::Ptr(AddrSpace::Global))?;
    let gid = f.global_id(Dim::X)?;
    let mut pool = vec![gid];
    pool.push(f.const_i32(-7)?);
    pool.push(f.const_u64(0x1234_5678_9abc)?);
    pool.push(f.const_i64(-3)?);
    pool.push(f.const_f16(1.5)?);
    pool.push(f.const_f32(0.25)?);
    pool.push(f.const_f64(-2.5)?);
    pool.push(f.const_bool(true)?);
    let mut it = ops.iter().copied();
    gen_block(&mut f, &mut pool, &mut it, 0)?;
    // Fold one value of each type into a u64 and store it at out[gid].
    let mut acc = f.const_u64(0)?;
    for v in pool.clone() {
        let t = f.value_type(v)?;
        let w = match t {
            Type::Bool | Type::I32 | Type::U32 | Type::I64 | Type::U64 => f.cvt(v, Type::U64)?,
            Type::F16 => {
                let x = f.cvt(v, Type::F32)?;
                let b = f.bitcast(x, Type::U32)?;
                f.cvt(b, Type::U64)?
            }
            Type::F32 => {
                let b = f.bitcast(v, Type::U32)?;
                f.cvt(b, Type::U64)?
            }
            Type::F64 => f.bitcast(v, Type::U64)?,
            Type::Ptr(_) | Type::Vec(..) => continue,
        };
        let k = f.const_u64(31)?;
        let m = f.mul(acc, k)?;
        acc = f.xor(m, w)?;
    }
    let addr = f.element_addr(out, gid, 8)?;
    f.store(addr, acc, 8)?;
    let mut m = Module::new();
    m.add_function(f.finish()?)?;
    Ok(m)
}

fn pick(pool: &[Value], f: &FunctionBuilder, sel: u16, want: Option<Type>) -> Option<Value> {
    let c: Vec<Value> = pool
        .iter()
        .copied()
        .filter(|&v| want.is_none_or(|t| f.value_type(v).ok() == Some(t)))
        .collect();
    if c.is_empty() {
        None
    } else {
        Some(c[sel as usize % c.len()])
    }
}

const NUM: [Type; 7] = [
    Type::I32,
    Type::U32,
    Type::I64,
    Type::U64,
    Type::F16,
    Type::F32,
    Type::F64,
];

fn gen_block(
    f: &mut FunctionBuilder,
    pool: &mut Vec<Value>,
    it: &mut dyn Iterator<Item = u16>,
    depth: usize,
) -> Result<(), silk_gpu_ir::Error> {
    let budget = if depth == 0 { usize::MAX } else { 6 };
    for _ in 0..budget {
        let Some(w) = it.next() else { break };
        let a = it.next().unwrap_or(0);
        let b = it.next().unwrap_or(0);
        let Some(x) = pick(pool, f, a, None) else {
            continue;
        };
        let tx = f.value_type(x)?;
        match w % 9 {
            0 | 1 => {
                let op = BinOp::ALL[(w / 9) as usize % BinOp::ALL.len()];
                let int_div = tx.is_int() && matches!(op, BinOp::Div | BinOp::Rem);
                if let Some(y) = pick(pool, f, b, Some(tx)) {
                    if op.accepts(tx) && !int_div {
                        pool.push(f.binary(op, x, y)?);
                    } else if int_div {
                        let one = f.const_bits(tx, 1)?;
                        let nz = f.or(y, one)?;
                        pool.push(f.binary(op, x, nz)?);
                    }
                }
            }
            2 => {
                let op = UnOp::ALL[(w / 9) as usize % UnOp::ALL.len()];
                if op.accepts(tx) {
                    pool.push(f.unary(op, x)?);
                }
            }
            3 => {
                let to = NUM[b as usize % NUM.len()];
                if tx != Type::Bool || to.is_int() || to.is_float() {
                    pool.push(f.cvt(x, to)?);
                }
            }
            4 => {
                if let Some(y) = pick(pool, f, b, Some(tx)) {
                    let p = CmpPred::ALL[(w / 9) as usize % 6];
                    if p.accepts(tx) {
                        let c = f.cmp(p, x, y)?;
                        let s = f.select(c, x, y)?;
                        pool.push(c);
                        pool.push(s);
                    }
                }
            }
            5 if tx.is_float() => {
                if let Some(y) = pick(pool, f, b, Some(tx)) {
                    pool.push(f.fma(x, y, x)?);
                }
            }
            6 if depth < 3 => {
                // if/else yielding a value of x's type.
                let Some(c) = pick(pool, f, b, Some(Type::Bool)) else {
                    continue;
                };
                let mut inner = pool.clone();
                let r = f.if_else(
                    c,
                    &[tx],
                    |f| {
                        gen_block(f, &mut inner, it, depth + 1).map_err(as_build)?;
                        Ok(vec![pick(&inner, f, a, Some(tx)).unwrap_or(x)])
                    },
                    |_| Ok(vec![x]),
                )?;
                pool.extend(r);
            }
            7 if depth < 3 => {
                // for (i = 0; i < (w % 5); i++) carry x.
                let zero = f.const_u32(0)?;
                let bound = f.const_u32((w / 9) as u32 % 5)?;
                let one = f.const_u32(1)?;
                let mut inner = pool.clone();
                let r = f.loop_(&[zero, x], &[tx], |f, p| {
                    let done = f.cmp(CmpPred::Ge, p[0], bound)?;
                    f.if_then(done, |f| f.break_(&[p[1]]))?;
                    inner.push(p[1]);
                    gen_block(f, &mut inner, it, depth + 1).map_err(as_build)?;
                    let next = f.add(p[0], one)?;
                    let carried = pick(&inner, f, a, Some(tx)).unwrap_or(p[1]);
                    f.continue_(&[next, carried])
                })?;
                pool.extend(r);
            }
            _ => {
                let t = NUM[a as usize % NUM.len()];
                let bits = (b as u64).wrapping_mul(0x9e37_79b9)
                    & if t.bits() == 16 {
                        0x7bff
                    } else {
                        u64::MAX >> (64 - t.bits())
                    };
                pool.push(f.const_bits(t, bits)?);
            }
        }
    }
    Ok(())
}

fn as_build(e: silk_gpu_ir::Error) -> silk_gpu_ir::BuildError {
    match e {
        silk_gpu_ir::Error::Build(b) => b,
        other => silk_gpu_ir::BuildError {
            function: "k".into(),
            message: other.to_string(),
        },
    }
}
