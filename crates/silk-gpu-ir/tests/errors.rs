//! Diagnostics: parse errors with carets, verifier findings and run-time
//! errors, snapshotted so that their wording stays precise.

use silk_gpu_ir::{parse_module, run_kernel, Arg, Launch, Memory, Module};

fn parse_err(src: &str) -> String {
    match parse_module("t.sir", src) {
        Ok(m) => panic!("expected a parse error, got\n{}", m.print()),
        Err(e) => e.to_string(),
    }
}

fn verify_err(src: &str) -> String {
    let m = parse_module("t.sir", src).unwrap_or_else(|e| panic!("{e}"));
    match m.verify() {
        Ok(()) => panic!("expected a verifier error"),
        Err(e) => e.to_string(),
    }
}

fn run_err(src: &str, launch: Launch, bufs: Vec<Vec<u8>>, args: &[Arg]) -> String {
    let m = Module::parse_verified("t.sir", src).unwrap_or_else(|e| panic!("{e}"));
    let mut mem = Memory::new();
    for b in bufs {
        mem.alloc(b).expect("alloc");
    }
    match run_kernel(&m, "k", &launch, args, &mut mem) {
        Ok(_) => panic!("expected a run-time error"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn parse_errors() {
    let cases = [
        ("unknown instruction", "kernel @k() {\n  %x = frob 1\n}\n"),
        ("undefined value", "kernel @k() {\n  %x = add %y, %y\n}\n"),
        (
            "type error",
            "kernel @k(%a: u32, %b: f32) {\n  %x = add %a, %b\n}\n",
        ),
        (
            "redefinition",
            "kernel @k(%a: u32) {\n  %a = add %a, %a\n}\n",
        ),
        (
            "bad constant",
            "kernel @k() {\n  %x = const -3 : i32\n  %y = const 5000000000 : u32\n}\n",
        ),
        ("bad type", "kernel @k(%p: ptr<private>) {\n}\n"),
        (
            "unclosed block",
            "kernel @k(%c: i32) {\n  %d = cmp eq %c, %c\n  if %d {\n",
        ),
        ("unknown callee", "kernel @k() {\n  call @nowhere()\n}\n"),
        (
            "stray character",
            "kernel @k() {\n  %x = const 1 : u32 ;\n}\n",
        ),
        (
            "result count",
            "kernel @k(%a: u32) {\n  %x, %y = add %a, %a\n}\n",
        ),
        ("duplicate function", "func @f() {\n}\nfunc @f() {\n}\n"),
        ("tab caret", "kernel @k() {\n\t%x = nope\n}\n"),
        // Columns count characters: a non-ASCII comment and white space
        // before the error, and end of file right after a comment.
        (
            "non-ASCII white space",
            "// Größe\nkernel @k() {\n\u{3000}%x = const 1 : u32 é\n}\n",
        ),
        ("end in a comment", "kernel @k() {\n  // ünclosed"),
    ];
    let mut out = String::new();
    for (what, src) in cases {
        out.push_str(&format!("== {what}\n{}\n", parse_err(src)));
    }
    insta::assert_snapshot!(out);
}

#[test]
fn verifier_errors() {
    let cases = [
        (
            "use after its region ended",
            "func @k(%c: bool) {\n  if %c {\n    %x = const 1 : u32\n  }\n  %y = add %x, %x\n}\n",
        ),
        (
            "break outside loop",
            "kernel @k() {\n  break\n}\n",
        ),
        (
            "yield with wrong type",
            "func @k(%c: bool) {\n  %a = const 1 : u32\n  %r = if %c -> f32 {\n    yield %a\n  } else {\n    yield %a\n  }\n}\n",
        ),
        (
            "continue arity",
            "kernel @k() {\n  %z = const 0 : u32\n  loop (%i: u32 = %z) {\n    continue\n  }\n}\n",
        ),
        (
            "instruction after terminator",
            "kernel @k() {\n  ret\n  barrier\n}\n",
        ),
        (
            "recursion",
            "func @a(%x: u32) -> u32 {\n  %r = call @b(%x)\n  ret %r\n}\nfunc @b(%x: u32) -> u32 {\n  %r = call @a(%x)\n  ret %r\n}\nkernel @k() {\n}\n",
        ),
        (
            "calling a kernel",
            "kernel @j() {\n}\nkernel @k() {\n  call @j()\n}\n",
        ),
        (
            "call argument type",
            "func @f(%x: u32) {\n}\nkernel @k() {\n  %a = const 1.0 : f32\n  call @f(%a)\n}\n",
        ),
        (
            "nested lds.alloc",
            "kernel @k(%n: u32) {\n  %c = cmp eq %n, %n\n  if %c {\n    %t = lds.alloc 64, align 4\n  }\n}\n",
        ),
        (
            "lds kernel parameter",
            "kernel @k(%p: ptr<lds>) {\n}\n",
        ),
        (
            "missing return value",
            "func @f() -> u32 {\n  ret\n}\n",
        ),
        (
            "loop body without terminator",
            "kernel @k() {\n  loop {\n    barrier\n  }\n}\n",
        ),
    ];
    let mut out = String::new();
    for (what, src) in cases {
        out.push_str(&format!("== {what}\n{}\n", verify_err(src)));
    }
    insta::assert_snapshot!(out);
}

const OOB: &str = "kernel @k(%p: ptr<global>) {\n  %t = workitem.id x\n  %t64 = cvt %t : u64\n  %c4 = const 4 : u64\n  %o = mul %t64, %c4\n  %q = ptradd %p, %o\n  %v = load %q : u32, align 4\n}\n";

#[test]
fn runtime_errors() {
    let mut out = String::new();
    let mut push = |what: &str, e: String| out.push_str(&format!("== {what}\n{e}\n"));
    push(
        "out of bounds global load",
        run_err(
            OOB,
            Launch::linear(16, 8),
            vec![vec![0; 16]],
            &[Arg::Buffer(0)],
        ),
    );
    push(
        "address in no buffer",
        run_err(OOB, Launch::linear(1, 1), vec![], &[Arg::Ptr(0x40)]),
    );
    push(
        "misaligned",
        run_err(
            "kernel @k(%p: ptr<global>) {\n  %one = const 1 : u64\n  %q = ptradd %p, %one\n  %v = load %q : u32, align 4\n}\n",
            Launch::linear(1, 1),
            vec![vec![0; 16]],
            &[Arg::Buffer(0)],
        ),
    );
    push(
        "out of bounds lds",
        run_err(
            "kernel @k() {\n  %t = lds.alloc 16, align 4\n  %i = workitem.id x\n  %c4 = const 4 : u32\n  %o = mul %i, %c4\n  %q = ptradd %t, %o\n  store %q, %i, align 4\n}\n",
            Launch::linear(8, 8),
            vec![],
            &[],
        ),
    );
    push(
        "barrier after some work-items returned",
        run_err(
            "kernel @k() {\n  %i = workitem.id x\n  %z = const 0 : u32\n  %c = cmp eq %i, %z\n  if %c {\n    ret\n  }\n  barrier\n}\n",
            Launch::linear(4, 4),
            vec![],
            &[],
        ),
    );
    push(
        "divergent barriers",
        run_err(
            "kernel @k() {\n  %i = workitem.id x\n  %z = const 0 : u32\n  %c = cmp eq %i, %z\n  if %c {\n    barrier\n  } else {\n    barrier\n  }\n}\n",
            Launch::linear(4, 4),
            vec![],
            &[],
        ),
    );
    push(
        "division by zero",
        run_err(
            "kernel @k() {\n  %i = workitem.id x\n  %d = div %i, %i\n}\n",
            Launch::linear(2, 2),
            vec![],
            &[],
        ),
    );
    push(
        "wrong argument type",
        run_err(OOB, Launch::linear(1, 1), vec![], &[Arg::U32(3)]),
    );
    push(
        "workgroup too large",
        run_err(
            OOB,
            Launch::linear(2048, 2048),
            vec![vec![0; 4]],
            &[Arg::Buffer(0)],
        ),
    );
    insta::assert_snapshot!(out);
}

#[test]
fn step_limit_stops_infinite_loops() {
    let m = Module::parse_verified("t.sir", "kernel @k() {\n  loop {\n    continue\n  }\n}\n")
        .expect("valid");
    let mut mem = Memory::new();
    let opts = silk_gpu_ir::RunOptions { step_limit: 10_000 };
    let e = silk_gpu_ir::run_kernel_with(&m, "k", &Launch::linear(1, 1), &[], &mut mem, &opts)
        .expect_err("must stop");
    assert!(e.message.contains("step limit of 10000"), "{e}");
    assert_eq!(e.workitem.map(|w| w.local), Some([0, 0, 0]));
}

/// Operand lists word their errors by operand (the parser builds that
/// wording only when there is an error).
#[test]
fn operand_errors_name_the_operand() {
    let missing = parse_err("kernel @k(%a: f32) {\n  %x = fma %a, %a\n}\n");
    assert!(
        missing.contains("expected `,` between `fma` operands, found `}`"),
        "{missing}"
    );
    let literal = parse_err("kernel @k(%a: f32) {\n  %x = fma %a, 3, %a\n}\n");
    assert!(
        literal.contains("expected a value (`%name`) as operand 2 of `fma`, found number `3`"),
        "{literal}"
    );
    let undefined = parse_err("kernel @k(%a: f32) {\n  %x = fma %a, %a, %c\n}\n");
    assert!(
        undefined.contains("2:20: error: use of undefined value %c"),
        "{undefined}"
    );
}

/// Of several repeated names, the verifier names the first value that
/// repeats an earlier name, and that earlier value.
#[test]
fn duplicate_value_names_name_the_first_repeat() {
    let src = "kernel @k(%a: u32) {\n  %b = add %a, %a\n  %c = add %b, %a\n  %d = add %c, %a\n  %e = add %d, %a\n}\n";
    let mut m = parse_module("t.sir", src).unwrap_or_else(|e| panic!("{e}"));
    let f = &mut m.functions[0];
    // %e (4) repeats %a's name, %c (2) and %d (3) repeat %b's: the first
    // repeat is %c, of %b (1).
    for (i, name) in [(2, "b"), (3, "b"), (4, "a")] {
        f.values[i].name = Some(name.into());
    }
    let e = m.verify().expect_err("duplicate names").to_string();
    assert!(e.contains("values %1 and %2 are both named %b"), "{e}");
}
