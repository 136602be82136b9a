//! The resolver and type checker on valid programs, and what they record.

use silk_lang::ast::{ExprKind, ItemKind, StmtKind};
use silk_lang::program::{Callee, NameRes, PackageOrigin, SymbolKind};
use silk_lang::types::{IntTy, Ty};
use silk_lang::{Options, Program, Session};

fn check(src: &str) -> Program {
    let mut s = Session::new(Options::default());
    s.add_file("app.slk", src);
    s.check().unwrap_or_else(|d| panic!("{}", s.render(&d)))
}

#[test]
fn mixed_host_device_program() {
    let p = check(
        r#"import { Buffer, DispatchResult, is_supported } from "std/gpu";
import { store_u32_at_global_x } from "std/gpu/device";

attr(device=gpu)
fn fill_words (output: u64, value: u64) {
  store_u32_at_global_x(output, value);
}

fn main () -> int {
  if !is_supported() {
    return 77;
  }
  let count: u64 = 16;
  var output: Buffer = Buffer.alloc(count * 4);
  if !output.is_valid() {
    return 1;
  }
  var i: int = 0;
  while i < count as int {
    i += 1;
  }
  let dispatch: DispatchResult = gpu (grid=count, workspace=8) {
    fill_words(output.address, 0xdeadbeef);
  };
  gpu (grid=4, workspace=4) {
    fill_words(output.address, 1);
  }
  if dispatch.launch_failed() || dispatch.synchronize_failed() {
    return 2;
  }
  output.close();
  return 0;
}
"#,
    );
    assert_eq!(p.root_package().path, "main");
    assert!(p.package_by_path("std::gpu").is_some());
    assert!(p.package_by_path("std::gpu::device").is_some());
    assert_eq!(
        p.package(p.package_by_path("std::gpu").unwrap()).origin,
        PackageOrigin::Std
    );
}

#[test]
fn portable_composition_with_pure_helpers() {
    check(
        r#"import { bool_to_u64, global_id_x, load_u32, store_u32 } from "std/gpu/device";

pure fn at_or_above (value: u64, threshold: u64) -> bool {
  return value >= threshold;
}

attr(device=gpu)
fn label (value: u64, threshold: u64) -> u64 {
  return bool_to_u64(at_or_above(value, threshold));
}

attr(device=gpu)
fn classify (input: u64, output: u64, threshold: u64) {
  let index: u64 = global_id_x();
  let value: u64 = load_u32(input, index);
  store_u32(output, index, label(value, threshold));
}

fn host_side () -> bool {
  return at_or_above(3, 2);
}
"#,
    );
}

#[test]
fn literals_take_their_context_type() {
    let p = check(
        "fn f (a: u32) -> u32 {\n  let b: u64 = 1 + 2;\n  let c = 7;\n  return a * (3 + 4);\n}\n",
    );
    let file = &p.files[0];
    let ItemKind::Fn(f) = &file.items[0].kind else {
        panic!()
    };
    let stmts = &f.body.as_ref().unwrap().stmts;
    let StmtKind::Let { init: Some(b), .. } = &stmts[0].kind else {
        panic!()
    };
    assert_eq!(p.expr_type(b.id), Some(&Ty::Int(IntTy::U64)));
    let ExprKind::Binary(_, one, _) = &b.kind else {
        panic!()
    };
    assert_eq!(p.expr_type(one.id), Some(&Ty::Int(IntTy::U64)));
    let StmtKind::Let { init: Some(c), .. } = &stmts[1].kind else {
        panic!()
    };
    assert_eq!(p.expr_type(c.id), Some(&Ty::Int(IntTy::Int)));
    let StmtKind::Return(Some(r)) = &stmts[2].kind else {
        panic!()
    };
    let ExprKind::Binary(_, _, paren) = &r.kind else {
        panic!()
    };
    assert_eq!(p.expr_type(paren.id), Some(&Ty::Int(IntTy::U32)));
}

#[test]
fn calls_and_names_are_recorded() {
    let p = check(
        "struct Counter { n: int }\nimpl Counter {\n  public fn new () -> Counter { return Counter{ n: 0 }; }\n  public fn get (self: &Counter) -> int { return self.n; }\n}\n\
         fn use_it (x: int) -> int {\n  let c = Counter.new();\n  return c.get() + x;\n}\n",
    );
    let file = &p.files[0];
    let ItemKind::Fn(f) = &file.items[2].kind else {
        panic!()
    };
    let stmts = &f.body.as_ref().unwrap().stmts;
    let StmtKind::Let {
        init: Some(new_call),
        ..
    } = &stmts[0].kind
    else {
        panic!()
    };
    let Some(Callee::Direct(new_sym)) = p.callee(new_call.id) else {
        panic!()
    };
    assert_eq!(p.symbol(new_sym).name, "new");
    assert!(matches!(p.symbol(new_sym).kind, SymbolKind::Method { .. }));
    let StmtKind::Return(Some(sum)) = &stmts[1].kind else {
        panic!()
    };
    let ExprKind::Binary(_, get_call, x) = &sum.kind else {
        panic!()
    };
    assert!(matches!(p.callee(get_call.id), Some(Callee::Method(_))));
    let Some(NameRes::Local(l)) = p.name_res(x.id) else {
        panic!()
    };
    assert_eq!(p.local(l).param_index, Some(0));
    assert_eq!(p.ty_name(p.expr_type(new_call.id).unwrap()), "Counter");
}

#[test]
fn import_forms_resolve_to_the_same_symbol() {
    let p = check(
        r#"import std::gpu::device;
import std::gpu::device::global_id_x as gid;
import dev from "std/gpu/device";
import { global_id_x } from "std/gpu/device";

attr(device=gpu)
fn k () {
  let a: u64 = device::global_id_x();
  let b: u64 = dev.global_id_x();
  let c: u64 = gid();
  let d: u64 = global_id_x();
}
"#,
    );
    let ItemKind::Fn(f) = &p.files[0].items[0].kind else {
        panic!()
    };
    let syms: Vec<_> = f
        .body
        .as_ref()
        .unwrap()
        .stmts
        .iter()
        .map(|s| match &s.kind {
            StmtKind::Let { init: Some(e), .. } => p.callee(e.id),
            _ => None,
        })
        .collect();
    assert_eq!(syms.len(), 4);
    assert!(
        syms.iter().all(|s| s.is_some() && *s == syms[0]),
        "{syms:?}"
    );
}

#[test]
fn a_root_function_that_spells_a_device_op_is_ordinary() {
    // Identity comes from binding resolution, not from the name.
    let p = check(
        "fn global_id_x () -> u64 { return 0; }\nfn main () -> u64 { return global_id_x(); }\n",
    );
    let sym = p.root_package().items["global_id_x"];
    assert_eq!(p.std_module_of(sym), None);
}

#[test]
fn operators_and_control_flow() {
    check(
        "fn f (a: u64, b: u64, flag: bool) -> u64 {\n  var acc: u64 = a << 2 | b >> 1 & 0xff ^ 3;\n  let m: i32 = -5 % 3;\n  let x: f32 = 1.5 * 2.0 + 1;\n  if a >= b && !flag || a == 0 { acc -= 1; } else if a != 1 { acc *= 2; } else { acc = ~acc; }\n  loop { if acc > 100 { break; } acc += 1; continue; }\n  let o: u64? = acc;\n  let z: u64 = o ?? 0;\n  let s: string = \"text\";\n  let ch: char = 'c';\n  let ok: bool = attr(os=\"linux\");\n  return acc + z;\n}\n",
    );
}

#[test]
fn checker_errors_do_not_stop_at_the_first() {
    let mut s = Session::new(Options::default());
    s.add_file(
        "a.slk",
        "fn f () -> u64 { return true; }\nfn g () { let x: bool = 1; }\n",
    );
    let d = s.check().unwrap_err();
    assert_eq!(d.error_count(), 2);
    assert!(d.iter().all(|e| e.code == "E2001"));
}

#[test]
fn dependency_package_files_keep_their_package() {
    let mut s = Session::new(Options {
        nostd: true,
        ..Default::default()
    });
    s.add_file(
        "app.slk",
        "package app;\nimport tools;\nfn main () -> int { return tools.three(); }\n",
    );
    s.add_file(
        "tools.slk",
        "package tools;\nexport fn three () -> int { return 3; }\n",
    );
    let p = s.check().unwrap_or_else(|d| panic!("{}", s.render(&d)));
    let tools = p.package_by_path("tools").unwrap();
    assert_eq!(p.package(tools).origin, PackageOrigin::Dependency);
    assert_eq!(p.root_package().path, "app");
}

#[test]
fn every_std_module_checks_clean_when_loaded_whole() {
    // Builds that import a few items by name parse only those items of a
    // declaration-only module, so this is where all of std is checked.
    let mut src = String::new();
    for (k, (module, _, _)) in silk_lang::session::STD_MODULES.iter().enumerate() {
        src += &format!("import m{k} from \"{}\";\n", module.replace("::", "/"));
    }
    for mode in [silk_lang::Mode::Host, silk_lang::Mode::AmdgpuObject] {
        let mut s = Session::new(Options {
            mode,
            ..Default::default()
        });
        s.add_file("app.slk", src.as_str());
        let p = s
            .check()
            .unwrap_or_else(|d| panic!("{mode:?}: {}", s.render(&d)));
        for (module, _, text) in silk_lang::session::STD_MODULES {
            let pkg = p.package(p.package_by_path(module).unwrap());
            assert_eq!(pkg.origin, PackageOrigin::Std);
            let exports = text.matches("export fn ").count();
            assert!(
                pkg.items.len() >= exports,
                "{module}: {} items",
                pkg.items.len()
            );
        }
    }
}

#[test]
fn named_std_device_imports_load_only_their_items() {
    let device_items = |src: &str| {
        let p = check(src);
        let pkg = p.package_by_path("std::gpu::device").unwrap();
        p.package(pkg).items.len()
    };
    let whole = device_items("import dev from \"std/gpu/device\";\n");
    assert!(whole > 100, "{whole}");
    let two = "import { global_id_x, load_u32 } from \"std/gpu/device\";\n\
               import { load_u32 as load } from \"std/gpu/device\";\n";
    assert_eq!(device_items(two), 2);
    // Reached another way too: the module is loaded whole.
    let also_namespace = format!("{two}import dev from \"std/gpu/device\";\n");
    assert_eq!(device_items(&also_namespace), whole);
    let also_path = format!("{two}import std::gpu::device::store_u32;\n");
    assert_eq!(device_items(&also_path), whole);
    let qualified = format!(
        "{two}import std::gpu::device;\nattr(device=gpu)\nfn k () {{ device::store_u32(0, 0, 1); }}\n"
    );
    assert_eq!(device_items(&qualified), whole);
}
