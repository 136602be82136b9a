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
    if let Err(d) = h.check() {
        assert!(!d.is_empty());
        let _ = h.render(&d);
    }
}

/// Pieces of Silk that combine into plausible and implausible programs.
const TOKENS: &[&str] = &[
    "export",
    "fn",
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
    ] {
        run(&src, false);
    }
}
