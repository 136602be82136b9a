use super::*;

/// Fully parenthesised rendering of an expression, for precedence tests.
fn sexp(e: &Expr) -> String {
    match &e.kind {
        ExprKind::Int(v) => v.map(|v| v.to_string()).unwrap_or("<big>".into()),
        ExprKind::Float(v) => v.to_string(),
        ExprKind::Str(s) => format!("{s:?}"),
        ExprKind::Char(c) => format!("{c:?}"),
        ExprKind::Bool(b) => b.to_string(),
        ExprKind::Name(i) => i.name.clone(),
        ExprKind::Path(p) => p.joined(),
        ExprKind::Unary(op, x) => format!("({op:?} {})", sexp(x)),
        ExprKind::Binary(op, a, b) => format!("({} {} {})", op.as_str(), sexp(a), sexp(b)),
        ExprKind::Cast(x, t) => format!("(as {} {:?})", sexp(x), t.kind.kind_name()),
        ExprKind::Call(f, args) => format!(
            "(call {}{})",
            sexp(f),
            args.iter()
                .map(|a| format!(" {}", sexp(a)))
                .collect::<String>()
        ),
        ExprKind::Field(x, n) => format!("(. {} {})", sexp(x), n.name),
        ExprKind::OptionalField(x, n) => format!("(?. {} {})", sexp(x), n.name),
        ExprKind::StructLit(p, fs) => format!(
            "({}{{{}}})",
            p.joined(),
            fs.iter()
                .map(|(n, v)| format!("{}: {}", n.name, sexp(v)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        ExprKind::ArrayLit(items) => format!(
            "[{}]",
            items.iter().map(sexp).collect::<Vec<_>>().join(", ")
        ),
        ExprKind::Index(a, i) => format!("([] {} {})", sexp(a), sexp(i)),
        ExprKind::Paren(x) => sexp(x),
        ExprKind::Launch(_) => "(gpu)".into(),
        ExprKind::AttrQuery(_) => "(attr)".into(),
        ExprKind::If(c, a, b) => format!("(if {} {} {})", sexp(c), sexp(a), sexp(b)),
        ExprKind::None => "None".into(),
        ExprKind::Error => "<error>".into(),
    }
}

trait KindName {
    fn kind_name(&self) -> String;
}

impl KindName for TypeKind {
    fn kind_name(&self) -> String {
        match self {
            TypeKind::Named(p) => p.joined(),
            TypeKind::Optional(t) => format!("{}?", t.kind.kind_name()),
            TypeKind::Ref(t) => format!("&{}", t.kind.kind_name()),
            TypeKind::Slice(t) => format!("{}[]", t.kind.kind_name()),
            TypeKind::Array(t, n) => format!("{}[{n}]", t.kind.kind_name()),
            TypeKind::Fn(..) => "fn".into(),
            TypeKind::Error => "<error>".into(),
        }
    }
}

fn expr(src: &str) -> String {
    let (e, diags) = parse_expr(FileId(0), src);
    assert!(diags.is_empty(), "{src}: {diags:?}");
    sexp(&e)
}

fn file(src: &str) -> (File, Vec<Diagnostic>) {
    let mut id = 0;
    parse_file(FileId(0), src, &mut id)
}

fn messages(src: &str) -> Vec<String> {
    file(src).1.into_iter().map(|d| d.message).collect()
}

#[test]
fn precedence_table() {
    assert_eq!(expr("1 + 2 * 3"), "(+ 1 (* 2 3))");
    assert_eq!(expr("1 - 2 - 3"), "(- (- 1 2) 3)");
    assert_eq!(expr("a << 1 + 2"), "(<< a (+ 1 2))");
    assert_eq!(expr("a & b == c"), "(== (& a b) c)");
    assert_eq!(expr("a | b ^ c & d"), "(| a (^ b (& c d)))");
    assert_eq!(expr("a < b && c >= d || e"), "(|| (&& (< a b) (>= c d)) e)");
    assert_eq!(expr("a ?? b ?? c"), "(?? a (?? b c))");
    assert_eq!(expr("a || b ?? c"), "(?? (|| a b) c)");
    assert_eq!(expr("-x as u32"), "(as (Neg x) \"u32\")");
    assert_eq!(expr("x as i64 * 4"), "(* (as x \"i64\") 4)");
    assert_eq!(expr("i < n as int"), "(< i (as n \"int\"))");
    assert_eq!(expr("!a.b(c)"), "(Not (call (. a b) c))");
    assert_eq!(expr("~-!x"), "(BitNot (Neg (Not x)))");
    assert_eq!(expr("(1 + 2) * 3"), "(* (+ 1 2) 3)");
    assert_eq!(expr("a?.b.c"), "(. (?. a b) c)");
    assert_eq!(
        expr("std::gpu::launch(\"k\", 1)"),
        "(call std::gpu::launch \"k\" 1)"
    );
    assert_eq!(expr("P{ x: 1, y: f(2) }"), "(P{x: 1, y: (call f 2)})");
    assert_eq!(expr("a as u8[]?"), "(as a \"u8[]?\")");
}

#[test]
fn arrays_indexing_and_for() {
    assert_eq!(expr("[1, 2 + 3, f(4),]"), "[1, (+ 2 3), (call f 4)]");
    assert_eq!(expr("a[i + 1][0].x"), "(. ([] ([] a (+ i 1)) 0) x)");
    assert_eq!(expr("-a[0] as u8"), "(as (Neg ([] a 0)) \"u8\")");
    assert_eq!(expr("p.xs[2]"), "([] (. p xs) 2)");
    let (f, diags) = file("fn f (xs: int[4]) { for x in xs { g(x); } for x in [1] { } }\n");
    assert!(diags.is_empty(), "{diags:?}");
    let ItemKind::Fn(func) = &f.items[0].kind else {
        panic!("not a function")
    };
    let stmts = &func.body.as_ref().unwrap().stmts;
    assert!(matches!(&stmts[0].kind, StmtKind::For { name, .. } if name.name == "x"));
    assert!(
        matches!(&stmts[1].kind, StmtKind::For { items, .. } if matches!(items.kind, ExprKind::ArrayLit(_)))
    );
    // `for` is contextual: still a name elsewhere.
    assert_eq!(expr("for + 1"), "(+ for 1)");
    assert_eq!(
        messages("fn f () { let a = [1, 2; }\n"),
        vec!["expected `]`, found `;`".to_string()]
    );
}

#[test]
fn chained_comparison_is_an_error() {
    let (_, diags) = parse_expr(FileId(0), "a < b < c");
    assert_eq!(diags.len(), 1);
    assert_eq!(diags[0].message, "comparison operators cannot be chained");
}

#[test]
fn header_imports_and_items() {
    let (f, diags) = file(
        r#"package app::kernels;
import std::strings;
import std::strings::Builder as B;
import { a, b as c } from "std/gpu/device";
import ns from "./other.slk";

attr(device=gpu)
export pure fn k<T> (mut a: u64, ...rest: u64, d: int = 3) -> void;
ext raw = fn (int, &u8) -> u64[4];
ext counter = u64?;
export struct P { x: int, y: f32 }
impl P as std::interfaces::Drop {
  public fn drop (mut self: &P) -> void { }
  fn helper () { }
}
async task fn t () { }
"#,
    );
    assert!(diags.is_empty(), "{diags:?}");
    assert_eq!(f.package.as_ref().unwrap().joined(), "app::kernels");
    assert_eq!(f.imports.len(), 4);
    assert!(matches!(&f.imports[1].kind, ImportKind::Path { alias: Some(a), .. } if a.name == "B"));
    match &f.imports[2].kind {
        ImportKind::Named { names, from } => {
            assert_eq!(from.value, "std/gpu/device");
            assert_eq!(names[1].local().name, "c");
        }
        other => panic!("{other:?}"),
    }
    assert!(
        matches!(&f.imports[3].kind, ImportKind::Namespace { alias, .. } if alias.name == "ns")
    );
    assert_eq!(f.items.len(), 6);
    let ItemKind::Fn(k) = &f.items[0].kind else {
        panic!()
    };
    assert!(k.exported && k.pure && k.body.is_none());
    assert_eq!(k.generics.len(), 1);
    assert!(k.params[0].mutable && k.params[1].variadic && k.params[2].default.is_some());
    assert_eq!(f.items[0].attrs[0].args[0].key.name, "device");
    let ItemKind::Impl(i) = &f.items[4].kind else {
        panic!()
    };
    assert_eq!(i.methods.len(), 2);
    assert!(i.methods[0].1.public && !i.methods[1].1.public);
    let ItemKind::Fn(t) = &f.items[5].kind else {
        panic!()
    };
    assert_eq!(t.discipline, Discipline::AsyncTask);
}

#[test]
fn statements() {
    let (f, diags) = file(
        r#"fn main () -> int {
  let a: u64 = 1;
  let mut b = 2;
  var c: int = 3;
  b += a;
  c = c * 2;
  if a > 0 { return 1; } else if b == 2 { c = 0; } else { }
  while c < 10 { c = c + 1; break; }
  loop { continue; }
  { ; }
  gpu (grid=8, workspace=4) {
    fill(out.address, 42);
  }
  let d: DispatchResult = gpu (workspace=4, grid=n) { fill(o, 1); };
  attr(hot) f();
  return 0;
}
"#,
    );
    assert!(diags.is_empty(), "{diags:?}");
    let ItemKind::Fn(main) = &f.items[0].kind else {
        panic!()
    };
    let stmts = &main.body.as_ref().unwrap().stmts;
    assert_eq!(stmts.len(), 13);
    assert!(matches!(stmts[1].kind, StmtKind::Let { mutable: true, .. }));
    assert!(matches!(stmts[2].kind, StmtKind::Let { mutable: true, .. }));
    assert!(matches!(
        stmts[3].kind,
        StmtKind::Assign {
            op: Some(BinOp::Add),
            ..
        }
    ));
    assert!(matches!(
        stmts[9].kind,
        StmtKind::Launch(LaunchBlock { call: Some(_), .. })
    ));
    match &stmts[10].kind {
        StmtKind::Let {
            init:
                Some(Expr {
                    kind: ExprKind::Launch(l),
                    ..
                }),
            ..
        } => {
            assert!(l.grid.is_some() && l.workspace.is_some() && l.call.is_some())
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(stmts[11].attrs.len(), 1);
}

#[test]
fn if_conditions_do_not_take_struct_literals() {
    let (_, diags) = file("fn f () { if x { y(); } while P { } }");
    assert!(diags.is_empty(), "{diags:?}");
}

#[test]
fn recovers_and_reports_several_errors() {
    let msgs = messages(
        "fn a () { let x = ; let y: u64 = 1 }\nfn b ( { }\nfn c () { f(1, 2; }\nfn ok () { }\n",
    );
    assert_eq!(
        msgs,
        vec![
            "expected an expression, found `;`",
            "expected `;`, found `}`",
            "expected a parameter name, found `{`",
            "expected `)`, found `;`",
        ]
    );
    let (f, _) = file("fn a () { let x = ; }\nfn ok () { }\n");
    assert_eq!(f.items.len(), 2);
}

#[test]
fn launch_block_syntax_errors() {
    let msgs = messages(
        "fn m () {\n gpu (grid=1) { k(); }\n gpu (grid=1, workspace=1, grid=2) { k(); }\n gpu (grid=1, workspace=1, lanes=2) { k(); }\n gpu (grid=1, workspace=1) { a.k(); }\n gpu (grid=1, workspace=1) { p::k(); }\n gpu (grid=1, workspace=1) { k(); k(); }\n gpu (grid=1, workspace=1) { }\n gpu (grid=1, workspace=1) { let x = 1; }\n gpu (grid=1, workspace=1) { k; }\n}\n",
    );
    assert_eq!(
        msgs,
        vec![
            "`gpu` launch block is missing the `workspace` option",
            "launch option `grid` is given more than once",
            "unknown `gpu` launch option `lanes`",
            "field calls cannot be launch targets",
            "qualified calls cannot be launch targets; import the entry and call it by name",
            "`gpu` launch block body must contain exactly one call",
            "`gpu` launch block body must contain exactly one call",
            "declarations are not allowed in a `gpu` launch block",
            "function values cannot be launched; call the entry with its arguments",
        ]
    );
}

#[test]
fn header_order_errors() {
    assert_eq!(
        messages("fn a () {}\nimport x;\npackage p;\n"),
        vec![
            "imports must come before declarations",
            "`package` must be the first declaration of the file"
        ]
    );
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let src = format!(
        "fn f () {{ let x = {}1{}; }}",
        "(".repeat(5000),
        ")".repeat(5000)
    );
    let msgs = messages(&src);
    assert!(
        msgs.contains(&"source nests too deeply".to_string()),
        "{msgs:?}"
    );
    let src = format!("fn f () {}{}", "{".repeat(5000), "}".repeat(5000));
    assert!(messages(&src).contains(&"source nests too deeply".to_string()));
    let src = format!("fn f () {{ let x = {}1; }}", "-".repeat(5000));
    assert!(messages(&src).contains(&"source nests too deeply".to_string()));
    let src = format!("fn f () {{ let x = 1{}; }}", " + 1".repeat(5000));
    assert_eq!(messages(&src), vec!["expression nests too deeply"]);
    let src = format!("fn f () {{ let x = a{}; }}", ".b".repeat(5000));
    assert_eq!(messages(&src), vec!["expression nests too deeply"]);
    // Long but shallow: many arguments are fine.
    let src = format!("fn f () {{ g({}); }}", "1, ".repeat(5000));
    assert!(messages(&src).is_empty());
}

#[test]
fn expression_ids_are_unique_across_files() {
    let mut id = 0;
    let (a, _) = parse_file(FileId(0), "fn a () { f(1 + 2); }", &mut id);
    let first = id;
    let (_, _) = parse_file(FileId(1), "fn b () { g(3); }", &mut id);
    assert!(first >= 4 && id > first);
    assert_eq!(a.items.len(), 1);
}

#[test]
fn using_aliases_and_named_constants() {
    let (f, diags) = file(
        "using gid = std::gpu::device::global_id_x;\n\
         using twice = double;\n\
         const LIMIT: u32 = 4 * 8;\n\
         const fn folded () -> u32 { return 1; }\n\
         fn main () -> int {\n  const SCALE = 3;\n  const N: u64 = SCALE as u64 + 1;\n  return 0;\n}\n\
         fn using () -> int { return 1; }\n",
    );
    assert!(diags.is_empty(), "{diags:?}");
    assert_eq!(f.items.len(), 6);
    let ItemKind::Using(u) = &f.items[0].kind else {
        panic!("{:?}", f.items[0].kind)
    };
    assert_eq!(
        (u.name.name.as_str(), u.target.joined().as_str()),
        ("gid", "std::gpu::device::global_id_x")
    );
    assert!(matches!(&f.items[1].kind, ItemKind::Using(u) if u.target.joined() == "double"));
    let ItemKind::Const(c) = &f.items[2].kind else {
        panic!()
    };
    assert_eq!(c.name.name, "LIMIT");
    assert!(c.ty.is_some());
    assert_eq!(sexp(&c.value), "(* 4 8)");
    // `const fn` stays a function; `using` is a keyword only before `name =`.
    assert!(matches!(&f.items[3].kind, ItemKind::Fn(g) if g.is_const));
    assert!(matches!(&f.items[5].kind, ItemKind::Fn(g) if g.name.name == "using"));
    let ItemKind::Fn(main) = &f.items[4].kind else {
        panic!()
    };
    let stmts = &main.body.as_ref().unwrap().stmts;
    assert!(
        matches!(&stmts[0].kind, StmtKind::Const(c) if c.ty.is_none() && c.name.name == "SCALE")
    );
    assert!(matches!(&stmts[1].kind, StmtKind::Const(c) if c.ty.is_some()));
}

#[test]
fn malformed_using_and_const_are_located() {
    assert_eq!(
        messages("using a = ;\nconst B: u32;\nexport using c = d;\nexport const E: u32 = 1;\n"),
        [
            "expected the aliased function's path, found `;`",
            "expected `=`, found `;`",
            "`using` aliases cannot be exported",
            "named constants cannot be exported",
        ]
    );
}

#[test]
fn if_expressions_none_and_tests() {
    let (f, d) = parse_file(
        FileId(0),
        "fn f(c: bool) -> int { let v = if c { 1 } else if !c { 2 } else { 3 }; let n: int? = None; return v; }\n\
         test \"adds\" { assert(1 + 1 == 2, \"math\"); }\n",
        &mut 0,
    );
    assert!(d.is_empty(), "{d:?}");
    let ItemKind::Fn(func) = &f.items[0].kind else {
        panic!()
    };
    let StmtKind::Let { init: Some(e), .. } = &func.body.as_ref().unwrap().stmts[0].kind else {
        panic!()
    };
    assert_eq!(sexp(e), "(if c 1 (if (Not c) 2 3))");
    let StmtKind::Let { init: Some(n), .. } = &func.body.as_ref().unwrap().stmts[1].kind else {
        panic!()
    };
    assert_eq!(sexp(n), "None");
    let ItemKind::Test(t) = &f.items[1].kind else {
        panic!("{:?}", f.items[1].kind)
    };
    assert_eq!(t.name.value, "adds");
    assert_eq!(t.body.stmts.len(), 1);
}
