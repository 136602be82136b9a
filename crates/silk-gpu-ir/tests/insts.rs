//! `Function::insts` walks every instruction of nested regions in textual
//! order, and agrees with a hand-written recursive walk on the corpus.

use silk_gpu_ir::{Block, Module, Op};
use silk_testsupport::corpus;

fn recursive<'a>(b: &'a Block, out: &mut Vec<&'a silk_gpu_ir::Inst>) {
    for i in &b.insts {
        out.push(i);
        match &i.op {
            Op::If {
                then_blk, else_blk, ..
            } => {
                recursive(then_blk, out);
                recursive(else_blk, out);
            }
            Op::Loop { body, .. } => recursive(body, out),
            _ => {}
        }
    }
}

#[test]
fn nested_regions_in_textual_order() {
    let src = "kernel @k(%n: u32, %out: ptr<global>) {
  %a = const 1 : u32
  %c = cmp lt %a, %n
  if %c {
    %b = add %a, %a
    loop (%i: u32 = %a) {
      %j = add %i, %a
      %d = cmp lt %j, %n
      if %d {
        continue %j
      }
      break
    }
  } else {
    %e = mul %a, %n
  }
  store %out, %a, align 4
  ret
}
";
    let m = Module::parse_verified("t.sir", src).unwrap_or_else(|e| panic!("{e}"));
    let f = &m.functions[0];
    let names: Vec<String> = f.insts().map(|i| i.op.mnemonic()).collect();
    assert_eq!(
        names,
        [
            "const", "cmp lt", "if", "add", "loop", "add", "cmp lt", "if", "continue",
            // the empty `else` of the inner `if`
            "yield", "break", // the end of the outer `then`
            "yield", "mul", "yield", "store", "ret"
        ]
    );
}

#[test]
fn agrees_with_a_recursive_walk_on_the_corpus() {
    let mut total = 0;
    for k in corpus::kernels() {
        let m = k.module().expect("corpus kernel parses");
        for f in &m.functions {
            let mut want = Vec::new();
            recursive(&f.body, &mut want);
            let got: Vec<_> = f.insts().collect();
            assert_eq!(got.len(), want.len(), "{}", k.name);
            assert!(
                got.iter().zip(&want).all(|(a, b)| std::ptr::eq(*a, *b)),
                "{}",
                k.name
            );
            total += got.len();
        }
    }
    assert!(total > 1000, "corpus too small: {total} instructions");
}
