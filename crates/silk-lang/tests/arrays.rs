//! Fixed-size arrays `T[N]`, slices `T[]` and `for x in items`: what the
//! checker records for valid programs, and the exact located errors for
//! their misuse.

use silk_lang::ast::{ItemKind, StmtKind};
use silk_lang::types::{IntTy, Ty};
use silk_lang::{Options, Program, Session};

fn check(src: &str) -> Program {
    let mut s = Session::new(Options::default());
    s.add_file("app.slk", src);
    s.check().unwrap_or_else(|d| panic!("{}", s.render(&d)))
}

fn errors(src: &str) -> String {
    let mut s = Session::new(Options::default());
    s.add_file("app.slk", src);
    match s.check() {
        Ok(_) => panic!("expected errors"),
        Err(d) => s.render(&d),
    }
}

/// The type of `let NAME` in `main`.
fn local_ty(p: &Program, name: &str) -> Ty {
    p.locals
        .iter()
        .find(|l| l.name == name)
        .map(|l| l.ty.clone())
        .unwrap_or_else(|| panic!("no local `{name}`"))
}

#[test]
fn literals_take_their_element_type_from_the_context() {
    let p = check(
        "fn main () -> int {\n  let a = [1, 2, 3];\n  let b: u8[2] = [7, 8];\n  let c = [1, 2.5];\n  \
         let s: i64[] = [4, 5];\n  var z: bool[4];\n  for x in b {\n    z[0] = x > 7;\n  }\n  return a[0] + a.len as int;\n}\n",
    );
    let int = |i| Box::new(Ty::Int(i));
    assert_eq!(local_ty(&p, "a"), Ty::Array(int(IntTy::Int), 3));
    assert_eq!(local_ty(&p, "b"), Ty::Array(int(IntTy::U8), 2));
    assert_eq!(
        local_ty(&p, "c"),
        Ty::Array(Box::new(Ty::Float(silk_lang::types::FloatTy::F64)), 2)
    );
    assert_eq!(local_ty(&p, "s"), Ty::Slice(int(IntTy::I64)));
    assert_eq!(local_ty(&p, "x"), Ty::Int(IntTy::U8));
    // The literal bound to `b` was given `u8[2]`, not `int[2]`.
    let ItemKind::Fn(f) = &p.files[0].items[0].kind else {
        panic!("not a function")
    };
    let StmtKind::Let { init: Some(e), .. } = &f.body.as_ref().unwrap().stmts[1].kind else {
        panic!("not a let")
    };
    assert_eq!(p.expr_type(e.id), Some(&Ty::Array(int(IntTy::U8), 2)));
}

#[test]
fn misuse_is_a_located_error() {
    let cases: &[(&str, &str)] = &[
        (
            "fn main () -> int {\n  let a = [1, 2, 3];\n  return a[3];\n}\n",
            "error[E2001]: index 3 is out of range for `int[3]`\n --> app.slk:3:12\n",
        ),
        (
            "fn main () -> int {\n  let a = [1, 2, 3];\n  return a[-1];\n}\n",
            "error[E2001]: index -1 is out of range for `int[3]`\n --> app.slk:3:12\n",
        ),
        (
            "fn main () -> int {\n  let a = [1, 2];\n  return a[true];\n}\n",
            "error[E2001]: an index must be an integer, found `bool`\n --> app.slk:3:12\n",
        ),
        (
            "fn main () -> int {\n  let n = 5;\n  return n[0];\n}\n",
            "error[E2007]: cannot index a value of type `int`\n --> app.slk:3:10\n",
        ),
        (
            "fn main () -> int {\n  let a = [];\n  return 0;\n}\n",
            "error[E2001]: an array literal needs at least one element\n --> app.slk:2:11\n",
        ),
        (
            "fn main () -> int {\n  let a = [1, true];\n  return 0;\n}\n",
            "error[E2001]: mismatched types\n --> app.slk:2:12\n",
        ),
        (
            "fn main () -> int {\n  let a: int[2] = [1, 2, 3];\n  return 0;\n}\n",
            "error[E2001]: mismatched types\n --> app.slk:2:19\n",
        ),
        (
            "fn main () -> int {\n  let a = [1, 2];\n  a[0] = 3;\n  return 0;\n}\n",
            "error[E2006]: cannot assign to immutable binding `a`\n --> app.slk:3:3\n",
        ),
        (
            "fn set (s: int[]) {\n  s[0] = 1;\n}\nfn main () -> int {\n  return 0;\n}\n",
            "error[E2006]: cannot assign through a slice\n --> app.slk:2:3\n",
        ),
        (
            "fn main () -> int {\n  var a = [1, 2];\n  a.len = 3;\n  return 0;\n}\n",
            "error[E2006]: cannot assign to `len` of an array\n --> app.slk:3:3\n",
        ),
        (
            "fn view (a: int[2]) -> int[] {\n  return a;\n}\nfn main () -> int {\n  return 0;\n}\n",
            "error[E2001]: a function result cannot hold a slice (`int[]`)\n --> app.slk:1:24\n",
        ),
        (
            "struct View {\n  items: u8[]?,\n}\nfn main () -> int {\n  return 0;\n}\n",
            "error[E2001]: struct field `items` cannot hold a slice (`u8[]?`)\n --> app.slk:2:10\n",
        ),
        (
            "fn main () -> int {\n  for x in 5 {\n  }\n  return 0;\n}\n",
            "error[E2001]: `for` needs an array or a slice, found `integer literal`\n --> app.slk:2:12\n",
        ),
        (
            "fn main () -> int {\n  for x in [1, 2] {\n    x = 3;\n  }\n  return 0;\n}\n",
            "error[E2006]: cannot assign to immutable binding `x`\n --> app.slk:3:5\n",
        ),
        (
            "fn main () -> int {\n  let a = [1, 2];\n  let b = [1, 2];\n  if a == b {\n  }\n  return 0;\n}\n",
            "error[E2007]: cannot apply `==` to `int[2]` and `int[2]`\n --> app.slk:4:6\n",
        ),
        (
            "fn main () -> int {\n  let a: int[] = [true];\n  return 0;\n}\n",
            "error[E2001]: mismatched types\n --> app.slk:2:18\n",
        ),
    ];
    let mut bad = Vec::new();
    for (src, want) in cases {
        let got = errors(src);
        if !got.starts_with(want) {
            bad.push(format!("--- source\n{src}--- want\n{want}--- got\n{got}"));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn device_code_rejects_arrays_with_a_located_error() {
    use silk_lang::amdgpu::build_source_kernel;
    let mut s = Session::new(Options {
        nostd: true,
        ..Default::default()
    });
    s.add_file(
        "kernel.slk",
        "export fn kernel (out: u64) {\n  let a = [out, out];\n}\n",
    );
    let err = match build_source_kernel(&mut s, "gfx942") {
        Ok(_) => panic!("arrays compiled for the device"),
        Err(d) => s.render(&d),
    };
    assert!(err.contains("E4001"), "{err}");
    assert!(err.contains(" --> kernel.slk:2:"), "{err}");
}
