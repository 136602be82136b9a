//! Printing symbolic operands in LLVM's syntax (the inverse of the
//! parser in the parent module).

use super::*;
/// Append LLVM's text for `value` of a `kind` field on `processor`. Bits
/// above the field width are ignored.
pub fn print(kind: SymbolicKind, processor: Processor, value: u16, out: &mut String) {
    let g = generation(processor);
    let v = u32::from(value);
    match kind {
        SymbolicKind::Waitcnt => print_waitcnt(g, v, out),
        SymbolicKind::Hwreg => print_hwreg(g, v, out),
        SymbolicKind::Sendmsg => print_sendmsg(g, v, out),
        SymbolicKind::SendmsgRtn => print_sendmsg(g, v & 0xff, out),
        SymbolicKind::DelayAlu => print_delay_alu(v, out),
        SymbolicKind::Depctr => print_depctr(v, out),
        SymbolicKind::Swizzle => print_swizzle(v, out),
        SymbolicKind::GprIdx => print_gpr_idx(v, out),
        SymbolicKind::Version => print_version(v, out),
        SymbolicKind::Imm16 => print_imm16(v, out),
        SymbolicKind::Hex16 => {
            let _ = write!(out, "{v:#x}");
        }
    }
}

/// [`print`] into a new `String`.
pub fn to_text(kind: SymbolicKind, processor: Processor, value: u16) -> String {
    let mut s = String::new();
    print(kind, processor, value, &mut s);
    s
}

pub(super) fn print_imm16(v: u32, out: &mut String) {
    if v <= 64 {
        let _ = write!(out, "{v}");
    } else {
        let _ = write!(out, "{v:#x}");
    }
}

/// Counters at their maximum (no wait) are omitted unless all are.
pub(super) fn print_waitcnt(g: Generation, v: u32, out: &mut String) {
    let counts = WaitCounts::decode(g, v as u16);
    let vals = WAITCNT_COUNTERS.map(|c| counts.get(c));
    let max = WAITCNT_COUNTERS.map(|c| WaitCounts::max(g, c));
    let all_max = vals == max;
    let mut first = true;
    for (i, c) in WAITCNT_COUNTERS.iter().enumerate() {
        if let (Some(n), true) = (vals[i], vals[i] != max[i] || all_max) {
            if !first {
                out.push(' ');
            }
            first = false;
            let _ = write!(out, "{}({n})", c.name());
        }
    }
}

/// `hwreg(ID[, OFFSET, SIZE])`: id [5:0], offset [10:6], size-1 [15:11]
/// ([CDNA3]/[RDNA3] S_GETREG_B32). Offset and size are omitted for the
/// whole register.
pub(super) fn print_hwreg(g: Generation, v: u32, out: &mut String) {
    let id = v & 0x3f;
    let offset = (v >> 6) & 0x1f;
    let size = ((v >> 11) & 0x1f) + 1;
    out.push_str("hwreg(");
    match name_of(hwreg_table(g), id) {
        Some(n) => out.push_str(n),
        None => {
            let _ = write!(out, "{id}");
        }
    }
    if offset != 0 || size != 32 {
        let _ = write!(out, ", {offset}, {size}");
    }
    out.push(')');
}

/// GFX9 decodes id [3:0], op [6:4], stream [9:8]; GFX11 has an 8-bit id
/// and no op or stream fields. Valid messages print by name (other bits are
/// ignored), otherwise a value the fields encode exactly prints as
/// `sendmsg(id, op, stream)`, anything else as a decimal number.
pub(super) fn print_sendmsg(g: Generation, v: u32, out: &mut String) {
    let (id, op, stream, exact) = match g {
        Generation::Gfx9 => (v & 0xf, (v >> 4) & 7, (v >> 8) & 3, v & !0x37f == 0),
        Generation::Gfx11 => (v & 0xff, 0, 0, v <= 0xff),
    };
    if msg_valid(g, id, op, stream) {
        out.push_str("sendmsg(");
        out.push_str(name_of(msg_table(g), id).unwrap_or(""));
        if msg_has_ops(g, id) {
            let ops = if id == MSG_SYSMSG { SYSMSG_OPS } else { GS_OPS };
            out.push_str(", ");
            out.push_str(name_of(ops, op).unwrap_or(""));
            if id != MSG_SYSMSG && op != 0 {
                let _ = write!(out, ", {stream}");
            }
        }
        out.push(')');
    } else if exact {
        let _ = write!(out, "sendmsg({id}, {op}, {stream})");
    } else {
        let _ = write!(out, "{v}");
    }
}

pub(super) fn print_delay_alu(v: u32, out: &mut String) {
    let fields = [
        ("instid0", v & 0xf, DELAY_INSTID, "instid"),
        ("instskip", (v >> 4) & 7, DELAY_INSTSKIP, "instskip"),
        ("instid1", (v >> 7) & 0xf, DELAY_INSTID, "instid"),
    ];
    let mut first = true;
    for (name, val, table, what) in fields {
        if val == 0 {
            continue;
        }
        if !first {
            out.push_str(" | ");
        }
        first = false;
        out.push_str(name);
        out.push('(');
        match name_of(table, val) {
            Some(n) => out.push_str(n),
            None => {
                let _ = write!(out, "/* invalid {what} value */");
            }
        }
        out.push(')');
    }
    if first {
        out.push('0');
    }
}

pub(super) fn depctr_default() -> u32 {
    DEPCTR_FIELDS.iter().fold(0, |acc, (_, shift, width)| {
        acc | ((1 << width) - 1) << shift
    })
}

/// Fields at their maximum are omitted unless all are; any unused bit set
/// makes LLVM print the raw value in hexadecimal.
pub(super) fn print_depctr(v: u32, out: &mut String) {
    if v & DEPCTR_UNUSED != 0 {
        let _ = write!(out, "{v:#x}");
        return;
    }
    let all_max = v == depctr_default();
    let mut first = true;
    for (name, shift, width) in DEPCTR_FIELDS {
        let max = (1 << width) - 1;
        let val = (v >> shift) & max;
        if val != max || all_max {
            if !first {
                out.push(' ');
            }
            first = false;
            let _ = write!(out, "{name}({val})");
        }
    }
}

/// `ds_swizzle_b32` offset ([CDNA3]/[RDNA3] DS_SWIZZLE_B32): bit 15 selects
/// quad-permute (`0x80xx`), rotate (`0b110...`) or FFT (`0b111...`) modes;
/// otherwise bits [4:0], [9:5], [14:10] are and/or/xor lane masks.
pub(super) fn print_swizzle(v: u32, out: &mut String) {
    if v == 0 {
        return;
    }
    if v & 0x8000 != 0 {
        if v & 0xff00 == 0x8000 {
            let _ = write!(
                out,
                "swizzle(QUAD_PERM,{},{},{},{})",
                v & 3,
                (v >> 2) & 3,
                (v >> 4) & 3,
                (v >> 6) & 3
            );
        } else if v & 0xe000 == 0xe000 {
            let _ = write!(out, "swizzle(FFT,{})", v & 0x1f);
        } else if v & 0xe000 == 0xc000 {
            let _ = write!(out, "swizzle(ROTATE,{},{})", (v >> 10) & 1, (v >> 5) & 0x1f);
        } else {
            let _ = write!(out, "{v}");
        }
        return;
    }
    let and = v & 0x1f;
    let or = (v >> 5) & 0x1f;
    let xor = (v >> 10) & 0x1f;
    if and == 0x1f && or == 0 && xor.is_power_of_two() && xor <= 16 {
        let _ = write!(out, "swizzle(SWAP,{xor})");
        return;
    }
    if and == 0x1f && or == 0 && xor != 0 && (xor + 1).is_power_of_two() {
        let _ = write!(out, "swizzle(REVERSE,{})", xor + 1);
        return;
    }
    if xor == 0 && or & and == 0 {
        let group = 32 - and;
        if group.is_power_of_two() && group >= 2 {
            let _ = write!(out, "swizzle(BROADCAST,{group},{or})");
            return;
        }
    }
    out.push_str("swizzle(BITMASK_PERM,\"");
    for bit in (0..5).rev() {
        let a = (and >> bit) & 1;
        let o = (or >> bit) & 1;
        let x = (xor >> bit) & 1;
        out.push(match (a, o, x) {
            (1, 0, 0) => 'p',
            (1, 0, 1) => 'i',
            // The lane bit is forced: (lane & a | o) ^ x is constant.
            (_, _, _) => {
                if (o ^ x) == 1 {
                    '1'
                } else {
                    '0'
                }
            }
        });
    }
    out.push_str("\")");
}

pub(super) fn print_gpr_idx(v: u32, out: &mut String) {
    if v > 0xf {
        let _ = write!(out, "{v:#x}");
        return;
    }
    out.push_str("gpr_idx(");
    let mut first = true;
    for (i, name) in GPR_IDX_MODES.iter().enumerate() {
        if v & (1 << i) != 0 {
            if !first {
                out.push(',');
            }
            first = false;
            out.push_str(name);
        }
    }
    out.push(')');
}

/// LLVM prints the `s_version` operand as an MC expression: the code in
/// bits [7:0] by name or in decimal, then each set flag bit OR-ed on, each
/// step parenthesizing the expression before it. Values with bits [12:8]
/// set print as one hexadecimal number.
pub(super) fn print_version(v: u32, out: &mut String) {
    if v & 0x1f00 != 0 {
        let _ = write!(out, "{v:#x}");
        return;
    }
    let count = VERSION_FLAGS.iter().filter(|(_, bit)| v & bit != 0).count();
    for _ in 1..count {
        out.push('(');
    }
    match name_of(VERSION_CODES, v & 0xff) {
        Some(n) => out.push_str(n),
        None => {
            let _ = write!(out, "{}", v & 0xff);
        }
    }
    let mut written = 0;
    for (name, bit) in VERSION_FLAGS {
        if v & bit == 0 {
            continue;
        }
        out.push('|');
        out.push_str(name);
        written += 1;
        if written < count {
            out.push(')');
        }
    }
}
