//! The front end never panics: arbitrary text and token soups go through
//! lexing, parsing, loading, checking and the source-kernel analysis, and
//! every failure comes back as rendered diagnostics.

use proptest::prelude::*;
use silk_lang::amdgpu::build_source_kernel;
use silk_lang::{MemoryLoader, Options, Session};

fn run(src: &str, nostd: bool) {
    let loader = MemoryLoader::new().with(
        "dep.slk",
        "package dep;\nexport fn f (x: u64) -> u64 { return x; }\n",
    );
    let mut s = Session::new(Options {
        nostd,
        ..Default::default()
    })
    .with_loader(Box::new(loader));
    s.add_file("fuzz.slk", src);
    if let Err(d) = build_source_kernel(&mut s, "gfx942") {
        let text = s.render(&d);
        assert!(text.starts_with("error["), "{text}");
    }
    // The host-mode checker too.
    let mut h = Session::new(Options {
        nostd,
        ..Default::default()
    });
    h.add_file("host.slk", src);
    match h.check() {
        Err(d) => {
            assert!(!d.is_empty());
            let _ = h.render(&d);
        }
        // Device-code discovery and lowering of whatever checked.
        Ok(program) => {
            if let Err(d) = silk_lang::device::lower_program(&program) {
                let text = h.render(&d);
                assert!(text.starts_with("error["), "{text}");
            }
        }
    }
}

/// Pieces of Silk that combine into plausible and implausible programs.
const TOKENS: &[&str] = &[
    "export",
    "fn",
    "const",
    "using",
    "using u = f;",
    "const C: u32 = 1;",
    "pure",
    "ext",
    "struct",
    "impl",
    "attr",
    "(",
    ")",
    "{",
    "}",
    "[",
    "]",
    ";",
    ",",
    ":",
    "::",
    ".",
    "?.",
    "??",
    "->",
    "=",
    "==",
    "!=",
    "<",
    ">",
    "<=",
    ">=",
    "<<",
    ">>",
    "+",
    "-",
    "*",
    "/",
    "%",
    "&",
    "&&",
    "|",
    "||",
    "^",
    "~",
    "!",
    "+=",
    "as",
    "let",
    "var",
    "mut",
    "if",
    "else",
    "while",
    "loop",
    "break",
    "continue",
    "return",
    "true",
    "false",
    "gpu",
    "grid",
    "workspace",
    "device",
    "import",
    "from",
    "package",
    "u64",
    "u32",
    "int",
    "bool",
    "string",
    "void",
    "k",
    "a",
    "b",
    "self",
    "Buffer",
    "0",
    "1",
    "255",
    "256",
    "65536",
    "0x10",
    "1.5",
    "\"std/gpu/device\"",
    "\"std/gpu/isa\"",
    "\"std/gpu\"",
    "\"./dep.slk\"",
    "'c'",
    "\"s\"",
    "__silk_amdgpu_v_add_f32",
    "__silk_amdgpu_s_waitcnt_vscnt0",
    "store_u32_at_global_x",
    "global_id_x",
    "read_u8",
    "write_i16",
    "read_f32",
    "atomic_add_u32",
    "workgroup_shared",
    "shared_read_u32",
    "workgroup_barrier",
    "f32",
    "f64",
    "u8",
    "i16",
    "i32",
    "classify_u32_at_global_x",
    "...",
    "&",
    "?",
    "/*",
    "*/",
    "//",
    "\n",
    "#",
    "é",
];

fn token_soup() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(TOKENS), 0..80).prop_map(|t| t.join(" "))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_text(src in "\\PC{0,200}") {
        run(&src, false);
    }

    #[test]
    fn arbitrary_bytes_as_text(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        run(&String::from_utf8_lossy(&bytes), true);
    }

    #[test]
    fn token_soups(src in token_soup()) {
        run(&src, false);
    }

    #[test]
    fn token_soups_inside_a_kernel(body in token_soup()) {
        let src = format!(
            "import {{ store_u32_at_global_x }} from \"std/gpu/device\";\n\
             ext __silk_amdgpu_v_add_f32 = fn (int, int, int) -> void;\n\
             export fn k (a: u64, b: u64) {{\n{body}\n}}\n"
        );
        run(&src, false);
    }

    #[test]
    fn token_soups_inside_device_code(body in token_soup(), helper in token_soup()) {
        let src = format!(
            "import {{ global_id_x, read_u8, write_i16, read_f32, atomic_add_u32, \
             workgroup_shared, shared_read_u32, workgroup_barrier }} from \"std/gpu/device\";\n\
             attr(device=gpu)\nfn h (a: u32, b: f32) -> u32 {{\n{helper}\n}}\n\
             attr(device=gpu)\nfn k (a: u64, b: u64) {{\n{body}\n}}\n"
        );
        run(&src, false);
    }
}

/// Well-typed device programs drawn from a small grammar lower without
/// panicking (and what lowers, verifies).
fn device_stmt() -> impl Strategy<Value = String> {
    let leaf = prop::sample::select(vec![
        "x += a;",
        "x = x * 3 + b;",
        "if x > a { x -= 1; } else { y = y ^ x; }",
        "y <<= 3;",
        "x = (y as u8) as u32;",
        "if x == 0 || y / x > 2 { y += 1; }",
        "f = f * 0.5 + (x as f32);",
        "write_u32(out, 0, x);",
        "return;",
        "x = read_u32(out, y as u64 % 4);",
        "let old: u32 = atomic_add_u32(out, 1, x);",
    ])
    .prop_map(str::to_string);
    leaf.prop_recursive(4, 24, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 1..4)
                .prop_map(|v| format!("while x < 100 {{ x += 1; {} }}", v.join(" "))),
            prop::collection::vec(inner.clone(), 1..4)
                .prop_map(|v| format!("loop {{ if y > 50 {{ break; }} y += 2; {} }}", v.join(" "))),
            (inner.clone(), inner.clone())
                .prop_map(|(a, b)| format!("if y & 1 == 0 {{ {a} }} else {{ {b} }}")),
            inner.prop_map(|a| format!("if x != y {{ continue_or_not(); {a} }}")),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn generated_device_programs(stmts in prop::collection::vec(device_stmt(), 0..6)) {
        let src = format!(
            "import {{ write_u32, read_u32, atomic_add_u32 }} from \"std/gpu/device\";\n\
             attr(device=gpu)\nfn continue_or_not () {{\n}}\n\
             attr(device=gpu)\nfn k (out: u64, a_in: u64) {{\n\
             let a: u32 = a_in as u32;\nlet b: u32 = 7;\nvar x: u32 = 1;\nvar y: u32 = 2;\nvar f: f32 = 0.0;\n{}\n}}\n",
            stmts.join("\n")
        );
        run(&src, false);
        let mut h = Session::new(Options::default());
        h.add_file("gen.slk", src.as_str());
        let program = h.check().unwrap_or_else(|d| panic!("{}\n{src}", h.render(&d)));
        if let Err(d) = silk_lang::device::lower_program(&program) {
            panic!("{}\n{src}", h.render(&d));
        }
    }
}

#[test]
fn hostile_shapes() {
    for src in [
        "(".repeat(10_000),
        "{".repeat(10_000),
        "fn f () { ".to_string() + &"!".repeat(10_000),
        "fn f () { let x = ".to_string() + &"a.".repeat(5_000) + "b; }",
        "fn f () { g(".to_string() + &"1,".repeat(20_000) + "); }",
        "export fn k () { ".to_string() + &"if true { ".repeat(2_000),
        "\u{0}\u{feff}fn\u{200b}".to_string(),
        "import { } from \"\";\nimport from;\nimport ns from \"./\";".to_string(),
        "impl X as { public fn } struct { a: } ext = ;".to_string(),
        "attr(".to_string(),
        // Deepest accepted shape: nested blocks around a deep expression.
        format!(
            "fn f (a: u64) -> u64 {{ {} let x = a{}; {} return 0; }}",
            "while true { ".repeat(30),
            " + a.b(1, (2 + 3) * 4)".repeat(28),
            "}".repeat(30)
        ),
        format!("fn f () {{ {} }}", "if true { } else ".repeat(100) + "{ }"),
        "fn a (x: u64[18446744073709551616]) {}".to_string(),
        // Control flow and short circuits nested close to the parser's limit
        // (it parses and checks, so lowering runs).
        format!(
            "attr(device=gpu)\nfn k (a: u64) {{ var x: u64 = 0; {} let b: bool = {}a > 1{}; x += a; {} }}",
            "while x < a { if x > 1 { ".repeat(15),
            "(a > 0 || ".repeat(14),
            ")".repeat(14),
            "} }".repeat(15)
        ),
        // Deep control flow in device code.
        format!(
            "attr(device=gpu)\nfn k (a: u64) {{ var x: u64 = 0; {} x += a; {} }}",
            "while x < a { if x > 1 { ".repeat(40),
            "} }".repeat(40)
        ),
    ] {
        run(&src, false);
    }
}
