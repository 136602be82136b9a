//! The `.sir` printer. The syntax is described in the crate README; the
//! parser in [`crate::parse`] reads everything printed here back into an
//! equal module (for verified modules in canonical value order).

use std::fmt::Write;

use crate::eval::f16_to_f64;
use crate::ir::{Block, Function, FunctionKind, Inst, Module, Op, Value};
use crate::types::Type;

/// Print a module in `.sir` syntax.
pub fn print_module(m: &Module) -> String {
    let mut out = String::new();
    for (i, f) in m.functions.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        print_function_into(&mut out, f);
    }
    out
}

/// Print one function.
pub fn print_function(f: &Function) -> String {
    let mut out = String::new();
    print_function_into(&mut out, f);
    out
}

fn print_function_into(out: &mut String, f: &Function) {
    let kw = match f.kind {
        FunctionKind::Kernel => "kernel",
        FunctionKind::Device => "func",
    };
    let _ = write!(out, "{kw} @{}(", f.name);
    for (i, &p) in f.params.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        let _ = write!(out, "{}: {}", name(f, p), ty_of(f, p));
    }
    out.push(')');
    if !f.results.is_empty() {
        out.push_str(" -> ");
        out.push_str(&types(&f.results));
    }
    out.push_str(" {\n");
    print_block(out, f, &f.body, 1, f.results.is_empty(), false);
    out.push_str("}\n");
}

/// The name of `v` as printed (`%name` or `%N`).
pub fn name(f: &Function, v: Value) -> String {
    match f.values.get(v.index()).and_then(|d| d.name.as_deref()) {
        Some(n) => format!("%{n}"),
        None => format!("%{}", v.0),
    }
}

fn ty_of(f: &Function, v: Value) -> String {
    match f.value_type(v) {
        Some(t) => t.to_string(),
        None => "<invalid>".into(),
    }
}

fn types(ts: &[Type]) -> String {
    ts.iter()
        .map(|t| t.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

fn names(f: &Function, vs: &[Value]) -> String {
    vs.iter()
        .map(|&v| name(f, v))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Print a block's instructions at `depth`. A trailing bare `yield` (in an
/// `if` without results) or bare `ret` (in a function without results) is
/// implied and left out, as the parser puts it back.
fn print_block(
    out: &mut String,
    f: &Function,
    b: &Block,
    depth: usize,
    ret_implied: bool,
    yield_implied: bool,
) {
    let n = b.insts.len();
    for (i, inst) in b.insts.iter().enumerate() {
        if i + 1 == n {
            match &inst.op {
                Op::Return(v) if v.is_empty() && ret_implied => continue,
                Op::Yield(v) if v.is_empty() && yield_implied => continue,
                _ => {}
            }
        }
        print_inst(out, f, inst, depth);
    }
}

fn indent(out: &mut String, depth: usize) {
    for _ in 0..depth {
        out.push_str("  ");
    }
}

fn is_empty_arm(b: &Block) -> bool {
    matches!(b.insts.as_slice(), [Inst { op: Op::Yield(v), .. }] if v.is_empty())
}

fn print_inst(out: &mut String, f: &Function, inst: &Inst, depth: usize) {
    indent(out, depth);
    out.push_str(&inst_header(f, inst));
    match &inst.op {
        Op::If {
            then_blk, else_blk, ..
        } => {
            let no_results = inst.results.is_empty();
            out.push('\n');
            print_block(out, f, then_blk, depth + 1, false, no_results);
            indent(out, depth);
            if no_results && is_empty_arm(else_blk) {
                out.push_str("}\n");
            } else {
                out.push_str("} else {\n");
                print_block(out, f, else_blk, depth + 1, false, no_results);
                indent(out, depth);
                out.push_str("}\n");
            }
        }
        Op::Loop { body, .. } => {
            out.push('\n');
            print_block(out, f, body, depth + 1, false, false);
            indent(out, depth);
            out.push_str("}\n");
        }
        _ => out.push('\n'),
    }
}

/// Print a constant's value in the form the parser reads for type `t`.
pub fn const_text(t: Type, bits: u64) -> String {
    match t {
        Type::Bool => if bits & 1 == 1 { "true" } else { "false" }.into(),
        Type::I32 => (bits as u32 as i32).to_string(),
        Type::I64 => (bits as i64).to_string(),
        Type::F16 | Type::F32 | Type::F64 => {
            let x = match t {
                Type::F16 => f16_to_f64(bits as u16),
                Type::F32 => f32::from_bits(bits as u32) as f64,
                _ => f64::from_bits(bits),
            };
            if x.is_nan() {
                format!("{bits:#x}")
            } else if x.is_infinite() {
                if x < 0.0 { "-inf" } else { "inf" }.into()
            } else if t == Type::F64 {
                format!("{x:?}")
            } else {
                // Shortest f32 text; exact for f16 values too.
                format!("{:?}", x as f32)
            }
        }
        _ => bits.to_string(),
    }
}

/// One instruction's text without nested regions (for `if`/`loop` the
/// header line up to and including `{`). Used in diagnostics.
pub fn inst_header(f: &Function, inst: &Inst) -> String {
    let mut s = String::new();
    if !inst.results.is_empty() {
        s.push_str(&names(f, &inst.results));
        s.push_str(" = ");
    }
    let n = |v: &Value| name(f, *v);
    match &inst.op {
        Op::Const { ty, bits } => {
            let _ = write!(s, "const {} : {ty}", const_text(*ty, *bits));
        }
        Op::Unary { op, arg } => {
            let _ = write!(s, "{} {}", op.keyword(), n(arg));
        }
        Op::Binary { op, lhs, rhs } => {
            let _ = write!(s, "{} {}, {}", op.keyword(), n(lhs), n(rhs));
        }
        Op::Fma { a, b, c } => {
            let _ = write!(s, "fma {}, {}, {}", n(a), n(b), n(c));
        }
        Op::Cmp { pred, lhs, rhs } => {
            let _ = write!(s, "cmp {} {}, {}", pred.keyword(), n(lhs), n(rhs));
        }
        Op::Select {
            cond,
            if_true,
            if_false,
        } => {
            let _ = write!(s, "select {}, {}, {}", n(cond), n(if_true), n(if_false));
        }
        Op::Cvt { arg, to } => {
            let _ = write!(s, "cvt {} : {to}", n(arg));
        }
        Op::Bitcast { arg, to } => {
            let _ = write!(s, "bitcast {} : {to}", n(arg));
        }
        Op::PtrAdd { ptr, offset } => {
            let _ = write!(s, "ptradd {}, {}", n(ptr), n(offset));
        }
        Op::Load { ptr, ty, align } => {
            let _ = write!(s, "load {} : {ty}, align {align}", n(ptr));
        }
        Op::Store { ptr, value, align } => {
            let _ = write!(s, "store {}, {}, align {align}", n(ptr), n(value));
        }
        Op::Atomic { op, ptr, value } => {
            let _ = write!(s, "atomic {} {}, {}", op.keyword(), n(ptr), n(value));
        }
        Op::CmpXchg { ptr, expected, new } => {
            let _ = write!(s, "cmpxchg {}, {}, {}", n(ptr), n(expected), n(new));
        }
        Op::VecBuild { elems, ty } => {
            let _ = write!(s, "vec {} : {ty}", names(f, elems));
        }
        Op::Extract { vec, index } => {
            let _ = write!(s, "extract {}, {index}", n(vec));
        }
        Op::Insert { vec, value, index } => {
            let _ = write!(s, "insert {}, {}, {index}", n(vec), n(value));
        }
        Op::Matrix { op, a, b, c } => {
            let _ = write!(s, "{} {}, {}, {}", op.keyword(), n(a), n(b), n(c));
        }
        Op::Barrier => s.push_str("barrier"),
        Op::Amdgpu(op) => {
            let _ = write!(s, "amdgpu {}", op.name());
            for (i, v) in op.fields().iter().enumerate() {
                let _ = write!(s, "{}{v}", if i == 0 { " " } else { ", " });
            }
        }
        Op::Geometry { query, dim } => {
            let _ = write!(s, "{} {}", query.keyword(), dim.keyword());
        }
        Op::LdsAlloc { size, align } => {
            let _ = write!(s, "lds.alloc {size}, align {align}");
        }
        Op::Call { callee, args } => {
            let _ = write!(s, "call @{callee}({})", names(f, args));
        }
        Op::If { cond, .. } => {
            let _ = write!(s, "if {}", n(cond));
            open_region(&mut s, f, inst);
        }
        Op::Loop { inits, params, .. } => {
            s.push_str("loop");
            if !params.is_empty() || !inits.is_empty() {
                s.push_str(" (");
                let k = params.len().max(inits.len());
                for i in 0..k {
                    if i > 0 {
                        s.push_str(", ");
                    }
                    let p = params.get(i).map(n).unwrap_or_else(|| "%<missing>".into());
                    let t = params.get(i).map(|&p| ty_of(f, p)).unwrap_or_default();
                    let init = inits.get(i).map(n).unwrap_or_else(|| "%<missing>".into());
                    let _ = write!(s, "{p}: {t} = {init}");
                }
                s.push(')');
            }
            open_region(&mut s, f, inst);
        }
        Op::Yield(v) | Op::Break(v) | Op::Continue(v) | Op::Return(v) => {
            s.push_str(&inst.op.mnemonic());
            if !v.is_empty() {
                s.push(' ');
                s.push_str(&names(f, v));
            }
        }
    }
    s
}

/// The end of an `if` or `loop` header: its result types, if any, and `{`.
fn open_region(s: &mut String, f: &Function, inst: &Inst) {
    if !inst.results.is_empty() {
        let ts: Vec<Type> = inst
            .results
            .iter()
            .map(|&r| f.value_type(r).unwrap_or(Type::Bool))
            .collect();
        let _ = write!(s, " -> {}", types(&ts));
    }
    s.push_str(" {");
}
