//! Application device code (`attr(device=gpu)`): discovery, the call-graph
//! rules and the lowering's rejections, each with its exact message and
//! location; and the identity rules of `std::gpu::device` operations.

use silk_lang::device::{discover, lower_program};
use silk_lang::{MemoryLoader, Options, Session};

const DEVICE: &str = "import { global_id_x, store_u32, read_u32, write_u32, workgroup_shared } from \"std/gpu/device\";\n";

fn session(text: &str, dep: Option<&str>) -> Session {
    let mut loader = MemoryLoader::new();
    if let Some(d) = dep {
        loader = loader.with("dep.slk", d);
    }
    let mut s = Session::new(Options::default()).with_loader(Box::new(loader));
    s.add_file("app.slk", text);
    s
}

/// The rendered diagnostics of checking and lowering `text`.
fn errors(text: &str, dep: Option<&str>) -> String {
    let mut s = session(text, dep);
    let program = match s.check() {
        Ok(p) => p,
        Err(d) => return s.render(&d),
    };
    match lower_program(&program) {
        Ok(m) => panic!("expected an error, lowered {} entries", m.len()),
        Err(d) => s.render(&d),
    }
}

/// Assert the first diagnostic's header and location.
#[track_caller]
fn rejects(text: &str, dep: Option<&str>, message: &str, line: usize, col: usize) {
    let out = errors(text, dep);
    let head = out.lines().next().unwrap_or_default();
    assert_eq!(head, format!("error[E4001]: {message}"), "\n{out}");
    let loc = out.lines().nth(1).unwrap_or_default();
    assert_eq!(loc.trim(), format!("--> app.slk:{line}:{col}"), "\n{out}");
}

#[test]
fn recursion_names_the_cycle_at_the_closing_call() {
    let text = format!(
        "{DEVICE}attr(device=gpu)\nfn a (x: u32) -> u32 {{\n  return b(x);\n}}\n\
         attr(device=gpu)\nfn b (x: u32) -> u32 {{\n  return a(x + 1);\n}}\n\
         attr(device=gpu)\nfn k (out: u64) {{\n  store_u32(out, 0, a(1) as u64);\n}}\n"
    );
    rejects(&text, None, "recursive GPU call: `a` -> `b` -> `a`", 8, 10);
    let direct = format!("{DEVICE}attr(device=gpu)\nfn k (out: u64) {{\n  k(out);\n}}\n");
    rejects(&direct, None, "recursive GPU call: `k` -> `k`", 4, 3);
}

#[test]
fn dependency_package_helpers_are_rejected_at_the_call() {
    let dep = "package dep;\nexport pure fn twice (x: u64) -> u64 {\n  return x * 2;\n}\n";
    let text = format!(
        "import dep from \"./dep.slk\";\n{DEVICE}attr(device=gpu)\nfn k (out: u64) {{\n  store_u32(out, 0, dep.twice(3));\n}}\n"
    );
    rejects(
        &text,
        Some(dep),
        "GPU code cannot call `twice` of dependency package `dep`",
        5,
        21,
    );
}

#[test]
fn const_fn_is_rejected_even_when_pure() {
    let text = format!(
        "{DEVICE}const pure fn seven () -> u64 {{\n  return 7;\n}}\n\
         attr(device=gpu)\nfn k (out: u64) {{\n  store_u32(out, 0, seven());\n}}\n"
    );
    rejects(
        &text,
        None,
        "`const fn` `seven` cannot be called at run time from GPU code",
        7,
        21,
    );
}

#[test]
fn indirect_calls_are_rejected() {
    let text = format!(
        "{DEVICE}pure fn one (x: u64) -> u64 {{\n  return x;\n}}\n\
         attr(device=gpu)\nfn k (out: u64) {{\n  let f: fn (u64) -> u64 = one;\n  store_u32(out, 0, f(1));\n}}\n"
    );
    rejects(
        &text,
        None,
        "indirect calls are not supported in GPU code",
        8,
        21,
    );
}

#[test]
fn method_calls_are_rejected() {
    let text = format!(
        "{DEVICE}struct P {{\n  x: u64,\n}}\nimpl P {{\n  public pure fn seven () -> u32 {{\n    return 7;\n  }}\n}}\n\
         attr(device=gpu)\nfn k (out: u64) {{\n  write_u32(out, 0, P.seven());\n}}\n"
    );
    rejects(
        &text,
        None,
        "method `seven` cannot be called from GPU code",
        12,
        21,
    );
}

#[test]
fn host_functions_from_device_code_are_rejected() {
    let text = format!(
        "{DEVICE}fn host () -> u64 {{\n  return 1;\n}}\n\
         attr(device=gpu)\nfn k (out: u64) {{\n  store_u32(out, 0, host());\n}}\n"
    );
    rejects(
        &text,
        None,
        "GPU function `k` cannot call host function `host`",
        7,
        21,
    );
}

#[test]
fn device_operations_from_host_code_are_rejected() {
    let text =
        format!("{DEVICE}fn main () -> int {{\n  let i: u64 = global_id_x();\n  return 0;\n}}\n");
    rejects(
        &text,
        None,
        "device operation `global_id_x` cannot be called from host code",
        3,
        16,
    );
}

#[test]
fn long_entry_names_are_rejected() {
    let name = "k".repeat(256);
    let text = format!("{DEVICE}attr(device=gpu)\nfn {name} (out: u64) {{\n}}\n");
    rejects(
        &text,
        None,
        "GPU kernel names are limited to 255 bytes",
        3,
        4,
    );
    // 255 bytes is fine.
    let ok = format!(
        "{DEVICE}attr(device=gpu)\nfn {} (out: u64) {{\n}}\n",
        "k".repeat(255)
    );
    let mut s = session(&ok, None);
    let p = s.check().unwrap();
    assert_eq!(discover(&p).unwrap().entries.len(), 1);
}

#[test]
fn unsupported_constructs_name_themselves() {
    let cases: &[(&str, &str, usize, usize)] = &[
        (
            "  let s: string = \"x\";\n",
            "`string` values are not supported in GPU code",
            5,
            3,
        ),
        (
            "  let x: u128 = 1;\n",
            "`u128` values are not supported in GPU code",
            5,
            3,
        ),
        (
            "  let x: f32 = 1.5 % 2.0;\n",
            "`%` remainders of floats are not supported in GPU code",
            5,
            16,
        ),
        (
            "  if out > 0 {\n    let t: u32 = workgroup_shared(64);\n  }\n",
            "`workgroup_shared` must initialise a `let` at the top level of a launchable entry",
            6,
            18,
        ),
        (
            "  let t: u32 = workgroup_shared(out as u32);\n",
            "`workgroup_shared` needs an integer literal byte count from 1 to 4294967295",
            5,
            33,
        ),
    ];
    for (body, message, line, col) in cases {
        let text = format!("{DEVICE}\nattr(device=gpu)\nfn k (out: u64) {{\n{body}}}\n");
        rejects(&text, None, message, *line, *col);
    }
}

#[test]
fn aggregates_are_rejected() {
    let text = format!(
        "{DEVICE}struct P {{\n  x: u64,\n}}\n\
         attr(device=gpu)\nfn k (out: u64) {{\n  let p: P = P {{ x: out }};\n}}\n"
    );
    rejects(
        &text,
        None,
        "`P` values are not supported in GPU code",
        7,
        3,
    );
    let param = format!(
        "{DEVICE}struct P {{\n  x: u64,\n}}\n\
         attr(device=gpu)\nfn h (p: P) -> u64 {{\n  return 1;\n}}\n\
         attr(device=gpu)\nfn k (out: u64) {{\n  write_u32(out, 0, h(P {{ x: out }}) as u32);\n}}\n"
    );
    rejects(
        &param,
        None,
        "`P` parameters are not supported in GPU code",
        6,
        7,
    );
}

#[test]
fn helpers_with_shared_memory_are_rejected() {
    let text = format!(
        "{DEVICE}attr(device=gpu)\nfn h () -> u32 {{\n  let t: u32 = workgroup_shared(64);\n  return t;\n}}\n\
         attr(device=gpu)\nfn k (out: u64) {{\n  write_u32(out, 0, h());\n}}\n"
    );
    rejects(
        &text,
        None,
        "`workgroup_shared` must initialise a `let` at the top level of a launchable entry",
        4,
        16,
    );
}

#[test]
fn entries_helpers_and_pure_functions_are_told_apart() {
    let text = format!(
        "{DEVICE}pure fn p (x: u64) -> u64 {{\n  return x + 1;\n}}\n\
         attr(device=gpu)\nfn h (x: u64) -> u64 {{\n  return p(x);\n}}\n\
         attr(device=gpu)\nfn mutable_param (mut out: u64) {{\n}}\n\
         attr(device=gpu)\nfn k2 (out: u64) {{\n  store_u32(out, 1, p(2));\n}}\n\
         attr(device=gpu)\nfn k1 (out: u64) {{\n  store_u32(out, 0, h(1));\n}}\n\
         fn main () -> int {{\n  return p(1) as int;\n}}\n"
    );
    let mut s = session(&text, None);
    let prog = s.check().unwrap_or_else(|d| panic!("{}", s.render(&d)));
    let g = discover(&prog).unwrap();
    let names: Vec<&str> = g.entries.iter().map(|e| e.name.as_str()).collect();
    assert_eq!(names, ["k2", "k1"]);
    let helpers: Vec<&str> = g
        .helpers
        .iter()
        .map(|h| prog.symbol(*h).name.as_str())
        .collect();
    assert_eq!(helpers, ["h", "mutable_param"]);
    let helper_names = |e: usize| -> Vec<&str> {
        g.entries[e]
            .helpers
            .iter()
            .map(|h| prog.symbol(*h).name.as_str())
            .collect()
    };
    assert_eq!(helper_names(0), ["p"]);
    assert_eq!(helper_names(1), ["p", "h"], "callees first");
    let modules = lower_program(&prog).unwrap();
    let text = modules[1].1.print();
    assert!(
        text.contains("func @p(") && text.contains("func @h(") && text.contains("kernel @k1("),
        "{text}"
    );
}

/// Run the single entry of `text` in the interpreter over one work-item
/// and return the first u32 of its output buffer.
fn run_one(text: &str) -> u32 {
    use silk_gpu_ir::interp::{run_kernel, Arg, Launch, Memory};
    let mut s = session(text, None);
    let prog = s.check().unwrap_or_else(|d| panic!("{}", s.render(&d)));
    let modules = lower_program(&prog).unwrap_or_else(|d| panic!("{}", s.render(&d)));
    let (entry, m) = &modules[0];
    let mut mem = Memory::new();
    mem.alloc(vec![0; 64]).unwrap();
    let out = mem.address(0).unwrap();
    run_kernel(
        m,
        &entry.name,
        &Launch::linear(1, 1),
        &[Arg::U64(out)],
        &mut mem,
    )
    .unwrap();
    u32::from_le_bytes(mem.buffers()[0][..4].try_into().unwrap())
}

#[test]
fn device_operations_keep_their_identity_through_aliases() {
    // A named-import alias and a package alias both reach the operation.
    let text = "import { global_id_x as gid, write_u32 as put } from \"std/gpu/device\";\n\
                import std::gpu::device as dev;\n\
                attr(device=gpu)\nfn k (out: u64) {\n  put(out, gid(), (dev.grid_size_x() + 41) as u32);\n}\n";
    assert_eq!(run_one(text), 42);
    // A root-package function that merely spells an operation's name is an
    // ordinary call.
    let text = "import { write_u32 } from \"std/gpu/device\";\n\
                attr(device=gpu)\nfn global_id_x () -> u64 {\n  return 7;\n}\n\
                attr(device=gpu)\nfn k (out: u64) {\n  write_u32(out, 0, global_id_x() as u32);\n}\n";
    assert_eq!(run_one(text), 7);
}

#[test]
fn silk_semantics_of_operators() {
    let cases: &[(&str, u32)] = &[
        // Narrow integers wrap at their own width.
        ("let a: u8 = 200; let b: u8 = a + 100; let r: u32 = b as u32;", 44),
        ("let a: i8 = 127; let b: i8 = a + 1; let r: u32 = (b as i32 + 1000) as u32;", 872),
        ("let a: i16 = -3; let r: u32 = (a >> 1) as u32;", (-2i32) as u32),
        ("let a: u16 = 1; let r: u32 = (a << 17) as u32;", 2),
        // Signed division truncates; remainder has the dividend's sign.
        ("let a: i32 = -7; let r: u32 = ((a / 2) * 100 + a % 2) as u32;", (-301i32) as u32),
        // Short-circuit: the right side is not evaluated.
        ("var n: u32 = 0; let z: u32 = 0; if z != 0 && 10 / z > 1 { n = 5; } let r: u32 = n + 9;", 9),
        ("var n: u32 = 3; if n == 3 || bump() { n += 1; } let r: u32 = n;", 4),
        // Floats: casts truncate toward zero.
        ("let f: f64 = -2.75; let r: u32 = (f as i32) as u32;", (-2i32) as u32),
        ("let f: f32 = 300.0; let r: u32 = (f as u8) as u32;", 255),
        ("let f: f64 = -300.0; let r: u32 = ((f as i8) as i32) as u32;", (-128i32) as u32),
        ("let f: f64 = 100.7; let r: u32 = ((f as i8) as i32) as u32;", 100),
        ("let f: f32 = 1.5; let g: f32 = f * 3.0; let r: u32 = (g as f64 * 2.0) as u32;", 9),
        // Compound assignment, loops.
        ("var s: u64 = 0; var i: u64 = 0; while i < 10 { i += 1; if i == 5 { continue; } s += i; } let r: u32 = s as u32;", 50),
    ];
    for (body, want) in cases {
        let text = format!(
            "import {{ write_u32 }} from \"std/gpu/device\";\n\
             attr(device=gpu)\nfn bump () -> bool {{\n  return 1 / 0 == 1;\n}}\n\
             attr(device=gpu)\nfn k (out: u64) {{\n  {body}\n  write_u32(out, 0, r);\n}}\n"
        );
        assert_eq!(run_one(&text), *want, "{body}");
    }
}

#[test]
fn using_aliases_resolve_to_the_lexical_target() {
    // Device operations keep their identity through module-scope `using`
    // aliases (of a named import, a package path and another alias).
    let text = "import { write_u32 } from \"std/gpu/device\";\n\
                import std::gpu::device as dev;\n\
                using put = write_u32;\n\
                using size = dev::grid_size_x;\n\
                using gid = std::gpu::device::global_id_x;\n\
                using id = gid;\n\
                attr(device=gpu)\nfn k (out: u64) {\n  put(out, id(), (size() + 41) as u32);\n}\n";
    assert_eq!(run_one(text), 42);
    // A helper called through an alias is the target's call edge: the
    // device copy is the target, and a cycle names the target.
    let text = format!(
        "{DEVICE}using twice = double;\n\
         pure fn double (x: u64) -> u64 {{\n  return x * 2;\n}}\n\
         attr(device=gpu)\nfn k (out: u64) {{\n  store_u32(out, 0, twice(21));\n}}\n"
    );
    let mut s = session(&text, None);
    let prog = s.check().unwrap_or_else(|d| panic!("{}", s.render(&d)));
    let g = discover(&prog).unwrap();
    let helpers: Vec<&str> = g.entries[0]
        .helpers
        .iter()
        .map(|h| prog.symbol(*h).name.as_str())
        .collect();
    assert_eq!(helpers, ["double"]);
    assert_eq!(run_one(&text), 42);
    let cycle = format!(
        "{DEVICE}using again = k;\nattr(device=gpu)\nfn k (out: u64) {{\n  again(out);\n}}\n"
    );
    rejects(&cycle, None, "recursive GPU call: `k` -> `k`", 5, 3);
    // The call-edge rules apply to the target.
    let dep = "package dep;\nexport pure fn twice (x: u64) -> u64 {\n  return x * 2;\n}\n";
    let text = format!(
        "import dep from \"./dep.slk\";\n{DEVICE}using t = dep::twice;\n\
         attr(device=gpu)\nfn k (out: u64) {{\n  store_u32(out, 0, t(3));\n}}\n"
    );
    rejects(
        &text,
        Some(dep),
        "GPU code cannot call `twice` of dependency package `dep`",
        6,
        21,
    );
    let host = format!(
        "{DEVICE}using h = host;\nfn host () -> u64 {{\n  return 1;\n}}\n\
         attr(device=gpu)\nfn k (out: u64) {{\n  store_u32(out, 0, h());\n}}\n"
    );
    rejects(
        &host,
        None,
        "GPU function `k` cannot call host function `host`",
        8,
        21,
    );
    // And a device operation through an alias stays one in host code.
    let from_host =
        format!("{DEVICE}using g = global_id_x;\nfn main () -> int {{\n  return g() as int;\n}}\n");
    rejects(
        &from_host,
        None,
        "device operation `global_id_x` cannot be called from host code",
        4,
        10,
    );
}

#[test]
fn named_constants_are_rejected_in_device_code() {
    let module = format!(
        "{DEVICE}const WIDTH: u32 = 64;\n\
         attr(device=gpu)\nfn k (out: u64) {{\n  write_u32(out, 0, WIDTH);\n}}\n"
    );
    rejects(
        &module,
        None,
        "named constant `WIDTH` cannot be used in GPU code",
        5,
        21,
    );
    let local = format!(
        "{DEVICE}attr(device=gpu)\nfn k (out: u64) {{\n  const W: u32 = 64;\n  write_u32(out, 0, 1);\n}}\n"
    );
    rejects(
        &local,
        None,
        "named `const` bindings are not supported in GPU code",
        4,
        3,
    );
    // A `pure fn` may use a constant on the host, but not in its device copy.
    let pure_use = format!(
        "{DEVICE}const WIDTH: u32 = 64;\npure fn w () -> u32 {{\n  return WIDTH;\n}}\n\
         attr(device=gpu)\nfn k (out: u64) {{\n  write_u32(out, 0, w());\n}}\n\
         fn main () -> int {{\n  return w() as int;\n}}\n"
    );
    rejects(
        &pure_use,
        None,
        "named constant `WIDTH` cannot be used in GPU code",
        4,
        10,
    );
    let pure_local = format!(
        "{DEVICE}pure fn w () -> u32 {{\n  const W: u32 = 64;\n  return W;\n}}\n\
         attr(device=gpu)\nfn k (out: u64) {{\n  write_u32(out, 0, w());\n}}\n"
    );
    rejects(
        &pure_local,
        None,
        "named `const` bindings are not supported in GPU code",
        3,
        3,
    );
    // Host code uses the same constants freely.
    let host = "const WIDTH: u32 = 64;\nfn main () -> int {\n  const N = 2;\n  return WIDTH as int * N;\n}\n";
    let mut s = session(host, None);
    s.check().unwrap_or_else(|d| panic!("{}", s.render(&d)));
}
