//! The builder produces canonical, verified IR; its misuse is reported.

use silk_gpu_ir::{
    run_kernel, AddrSpace, Arg, AtomicOp, CmpPred, Dim, FunctionBuilder, Launch, Memory, Module,
    Type,
};

/// A device helper with two results and a kernel with a loop, an
/// if/else with results, an atomic and an LDS buffer, built in Rust.
fn build() -> Result<Module, silk_gpu_ir::Error> {
    let mut h = FunctionBuilder::device("sum_and_max", &[Type::U32, Type::U32]);
    let a = h.param("a", Type::U32)?;
    let b = h.param("b", Type::U32)?;
    let s = h.add(a, b)?;
    let m = h.max(a, b)?;
    h.set_name(s, "s")?;
    h.ret(&[s, m])?;

    let mut k = FunctionBuilder::kernel("built");
    let out = k.param("out", Type::Ptr(AddrSpace::Global))?;
    let total = k.param("total", Type::Ptr(AddrSpace::Global))?;
    let scratch = k.lds_alloc(64 * 4, 4)?;
    let gid = k.global_id(Dim::X)?;
    let tid = k.workitem_id(Dim::X)?;
    let zero = k.const_u32(0)?;
    let one = k.const_u32(1)?;
    let five = k.const_u32(5)?;
    // acc = sum over i < 5 of (gid + i)
    let acc = k.loop_(&[zero, zero], &[Type::U32], |f, p| {
        let done = f.cmp(CmpPred::Ge, p[0], five)?;
        f.if_then(done, |f| f.break_(&[p[1]]))?;
        let r = f.call("sum_and_max", &[gid, p[0]], &[Type::U32, Type::U32])?;
        let acc = f.add(p[1], r[0])?;
        let i = f.add(p[0], one)?;
        f.continue_(&[i, acc])
    })?;
    let odd = {
        let bit = k.and(gid, one)?;
        k.cmp(CmpPred::Ne, bit, zero)?
    };
    let v = k.if_else(
        odd,
        &[Type::U32],
        |f| Ok(vec![f.mul(acc[0], five)?]),
        |_| Ok(vec![acc[0]]),
    )?;
    let slot = k.element_addr(scratch, tid, 4)?;
    k.store(slot, v[0], 4)?;
    k.barrier()?;
    let back = k.load(slot, Type::U32, 4)?;
    let dst = k.element_addr(out, gid, 4)?;
    k.store(dst, back, 4)?;
    k.atomic(AtomicOp::Add, total, back)?;
    let mut m = Module::new();
    m.add_function(h.finish()?)?;
    m.add_function(k.finish()?)?;
    m.verify()?;
    Ok(m)
}

#[test]
fn built_kernel_prints_parses_and_runs() {
    let m = build().unwrap_or_else(|e| panic!("{e}"));
    let text = m.print();
    insta::assert_snapshot!(text);
    assert_eq!(
        silk_gpu_ir::parse_module("b.sir", &text).expect("parses"),
        m
    );
    let n = 100u32;
    let mut mem = Memory::new();
    mem.alloc(vec![0; n as usize * 4]).expect("alloc");
    mem.alloc(vec![0; 4]).expect("alloc");
    run_kernel(
        &m,
        "built",
        &Launch::linear(n, 64),
        &[Arg::Buffer(0), Arg::Buffer(1)],
        &mut mem,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let want: Vec<u32> = (0..n)
        .map(|g| {
            let acc: u32 = (0..5).map(|i| g + i).sum();
            if g % 2 == 1 {
                acc * 5
            } else {
                acc
            }
        })
        .collect();
    let got: Vec<u32> = silk_gpu_ir::interp::from_bytes(mem.buffer(0).expect("buffer 0"));
    assert_eq!(got, want);
    let total: Vec<u32> = silk_gpu_ir::interp::from_bytes(mem.buffer(1).expect("buffer 1"));
    assert_eq!(total, vec![want.iter().sum::<u32>()]);
}

#[test]
fn builder_reports_misuse() {
    let mut f = FunctionBuilder::kernel("k");
    let a = f.const_u32(1).expect("const");
    let b = f.const_f32(1.0).expect("const");
    let e = f.add(a, b).expect_err("mismatched types");
    assert_eq!(
        e.to_string(),
        "building @k: `add` operands must have the same type, found u32 and f32"
    );
    let e = f.set_name(a, "9lives").expect_err("bad name");
    assert!(e.message.contains("not a valid value name"), "{e}");
    f.ret(&[]).expect("ret");
    let e = f.barrier().expect_err("after terminator");
    assert!(e.message.contains("after the block's terminator"), "{e}");
    let mut g = FunctionBuilder::kernel("g");
    let c = g.const_bool(true).expect("const");
    let e = g
        .if_then(c, |f| f.lds_alloc(16, 4).map(|_| ()))
        .expect_err("nested lds.alloc");
    assert!(e.message.contains("top level of a kernel"), "{e}");
    let e = g
        .loop_(&[], &[], |_, _| Ok(()))
        .expect_err("loop without terminator");
    assert!(e.message.contains("must end with"), "{e}");
    let mut d = FunctionBuilder::device("d", &[Type::U32]);
    d.barrier().expect("barrier");
    assert!(d.finish().is_err());
}

#[test]
fn duplicate_names_get_suffixes() {
    let mut f = FunctionBuilder::kernel("k");
    let a = f.const_u32(1).expect("const");
    let b = f.const_u32(2).expect("const");
    f.set_name(a, "x").expect("name");
    f.set_name(b, "x").expect("name");
    let func = f.finish().expect("finish");
    let names: Vec<_> = func.values.iter().map(|v| v.name.clone()).collect();
    assert_eq!(names, vec![Some("x".to_string()), Some("x.1".to_string())]);
}
