//! Module-scope `using` function aliases and named `const` bindings on
//! the host side: what they resolve to, and each checker rule with its
//! exact message and location. The device-code rules are in `device.rs`.

use silk_lang::ast::{ExprKind, ItemKind, StmtKind};
use silk_lang::program::Callee;
use silk_lang::types::{IntTy, Ty};
use silk_lang::{Options, Program, Session};

fn check(src: &str) -> Result<Program, String> {
    let mut s = Session::new(Options::default());
    s.add_file("app.slk", src);
    s.check().map_err(|d| s.render(&d))
}

/// Assert the first diagnostic's header and location.
#[track_caller]
fn rejects(src: &str, code: &str, message: &str, line: usize, col: usize) {
    let out = match check(src) {
        Ok(_) => panic!("expected an error:\n{src}"),
        Err(e) => e,
    };
    let head = out.lines().next().unwrap_or_default();
    assert_eq!(head, format!("error[{code}]: {message}"), "\n{out}");
    let loc = out.lines().nth(1).unwrap_or_default();
    assert_eq!(loc.trim(), format!("--> app.slk:{line}:{col}"), "\n{out}");
}

#[test]
fn calls_through_an_alias_record_the_lexical_target() {
    let p = check(
        "using twice = double;\nusing again = twice;\n\
         fn double (x: int) -> int {\n  return x * 2;\n}\n\
         fn main () -> int {\n  return again(twice(3));\n}\n",
    )
    .unwrap();
    let double = p.root_package().items["double"];
    let ItemKind::Fn(main) = &p.files[0].items[3].kind else {
        panic!()
    };
    let StmtKind::Return(Some(e)) = &main.body.as_ref().unwrap().stmts[0].kind else {
        panic!()
    };
    let ExprKind::Call(_, args) = &e.kind else {
        panic!()
    };
    assert_eq!(p.callee(e.id), Some(Callee::Direct(double)));
    assert_eq!(p.callee(args[0].id), Some(Callee::Direct(double)));
    // The alias is not a symbol of the package.
    assert!(!p.root_package().items.contains_key("twice"));
}

#[test]
fn alias_rules() {
    rejects(
        "using f = nothing_here;\nfn main () -> int {\n  return 0;\n}\n",
        "E1001",
        "cannot find `nothing_here` in this scope",
        1,
        11,
    );
    rejects(
        "struct P { x: int }\nusing f = P;\nfn main () -> int {\n  return 0;\n}\n",
        "E1006",
        "`using` alias `f` must name a function, found struct `P`",
        2,
        11,
    );
    rejects(
        "import std::gpu;\nusing f = gpu;\nfn main () -> int {\n  return 0;\n}\n",
        "E1006",
        "`using` alias `f` must name a function, found package `std::gpu`",
        2,
        11,
    );
    rejects(
        "using a = b;\nusing b = c;\nusing c = a;\nfn main () -> int {\n  return 0;\n}\n",
        "E1001",
        "`using` aliases refer to themselves: `a` -> `b` -> `c` -> `a`",
        3,
        11,
    );
    rejects(
        "using main = g;\nfn g () -> int {\n  return 1;\n}\nfn main () -> int {\n  return 0;\n}\n",
        "E1002",
        "`using` alias `main` conflicts with a declaration of this package",
        1,
        7,
    );
    rejects(
        "import { is_supported } from \"std/gpu\";\nusing is_supported = g;\nfn g () -> bool {\n  return true;\n}\nfn main () -> int {\n  return 0;\n}\n",
        "E1002",
        "`using` alias `is_supported` conflicts with an import",
        2,
        7,
    );
    rejects(
        "using f = g;\nusing f = g;\nfn g () -> int {\n  return 1;\n}\nfn main () -> int {\n  return 0;\n}\n",
        "E1002",
        "`using` alias `f` is declared more than once",
        2,
        7,
    );
}

#[test]
fn named_constants_in_host_code() {
    let p = check(
        "const BASE: u32 = 40;\nconst ANSWER: u32 = BASE + 2;\n\
         fn main () -> int {\n  const LOCAL = ANSWER as int * 2;\n  return LOCAL;\n}\n",
    )
    .unwrap();
    let ItemKind::Fn(main) = &p.files[0].items[2].kind else {
        panic!()
    };
    let StmtKind::Const(c) = &main.body.as_ref().unwrap().stmts[0].kind else {
        panic!()
    };
    assert_eq!(p.expr_type(c.value.id), Some(&Ty::Int(IntTy::Int)));
    let ItemKind::Const(answer) = &p.files[0].items[1].kind else {
        panic!()
    };
    assert_eq!(p.expr_type(answer.value.id), Some(&Ty::Int(IntTy::U32)));
}

#[test]
fn named_constant_rules() {
    let main = "fn main () -> int {\n  return 0;\n}\n";
    rejects(
        &format!("fn f () -> u32 {{\n  return 1;\n}}\nconst A: u32 = f();\n{main}"),
        "E2013",
        "`const` initializer is not a compile-time constant",
        4,
        16,
    );
    rejects(
        "fn main () -> int {\n  let n: int = 3;\n  const M: int = n + 1;\n  return M;\n}\n",
        "E2013",
        "`const` initializer is not a compile-time constant",
        3,
        18,
    );
    rejects(
        &format!("const A: u32 = B + 1;\nconst B: u32 = A;\n{main}"),
        "E2013",
        "constants are defined in terms of themselves: `A` -> `B` -> `A`",
        2,
        16,
    );
    rejects(
        &format!("const A = 1;\n{main}"),
        "E2001",
        "module-scope constant `A` needs a type",
        1,
        7,
    );
    rejects(
        &format!("const S: string = \"x\";\n{main}"),
        "E2001",
        "named constants hold a `bool`, integer or float value, not `string`",
        1,
        10,
    );
    rejects(
        "const A: u32 = 1;\nfn main () -> int {\n  A = 2;\n  return 0;\n}\n",
        "E2006",
        "invalid assignment target",
        3,
        3,
    );
    rejects(
        "fn main () -> int {\n  const N: u8 = 1;\n  N += 1;\n  return 0;\n}\n",
        "E2006",
        "cannot assign to immutable binding `N`",
        3,
        3,
    );
}
