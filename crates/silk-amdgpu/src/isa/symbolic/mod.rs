//! Symbolic immediate operands, printed and parsed exactly as LLVM 22's
//! AMDGPU assembler and disassembler do.
//!
//! Each [`SymbolicKind`] is one 16-bit (or 8-bit) immediate field whose
//! text form is more than a number: the `s_waitcnt` counters, `hwreg(...)`,
//! `sendmsg(...)`, `s_delay_alu` fields, `s_waitcnt_depctr` counters,
//! `ds_swizzle_b32` offsets, `gpr_idx(...)` modes, `s_version` codes, and
//! the two plain styles LLVM uses for other SOPP/SOPK immediates.
//!
//! [`print`] appends the operand text for a field value; [`parse`] turns
//! operand text back into the field value, accepting every spelling LLVM
//! accepts (symbolic macros, `&`/`,` separators, `_sat` counters, structured
//! `{id: .., offset: .., size: ..}` hwreg operands and LLVM MC integer
//! expressions such as `1<<3 | 2`). Errors carry the byte offset within the
//! operand text. Neither function panics on any input.
//!
//! Bit layouts cite the AMD ISA manuals: [CDNA3] "AMD Instinct MI300
//! Instruction Set Architecture" and [RDNA3] "RDNA3 Instruction Set
//! Architecture Reference Guide" (gfx1151, RDNA3.5, prints and parses every
//! kind here exactly like gfx1100). Which values LLVM prints symbolically,
//! and how, was derived by running `llvm-mc` 22 over every field value;
//! `tests/data/isa/symbolic/regenerate.py` re-derives the golden data.

use crate::target::{Generation, Processor};
use crate::waitcnt::{Counter, WaitCounts};
use std::fmt::Write as _;

mod print;
use print::depctr_default;
pub use print::{print, to_text};

/// Which symbolic immediate a field holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SymbolicKind {
    /// `s_waitcnt` simm16: `vmcnt(N) expcnt(N) lgkmcnt(N)`.
    Waitcnt,
    /// `s_getreg_b32`, `s_setreg_b32`, `s_setreg_imm32_b32` simm16:
    /// `hwreg(HW_REG_MODE, 0, 32)`.
    Hwreg,
    /// `s_sendmsg`, `s_sendmsghalt` simm16: `sendmsg(MSG_GS, GS_OP_CUT, 0)`.
    Sendmsg,
    /// `s_sendmsg_rtn_b32/b64` (GFX11) message id, 8 bits.
    SendmsgRtn,
    /// `s_delay_alu` (GFX11) simm16: `instid0(..) | instskip(..) | instid1(..)`.
    DelayAlu,
    /// `s_waitcnt_depctr` (GFX11) simm16: `depctr_va_vdst(0) ...`.
    Depctr,
    /// `ds_swizzle_b32` offset: `swizzle(QUAD_PERM,0,1,2,3)` etc. LLVM omits
    /// a zero offset, so [`print`] writes nothing for 0 and [`parse`] reads
    /// empty text as 0; the instruction printer adds ` offset:` only before
    /// non-empty text.
    Swizzle,
    /// `s_set_gpr_idx_on` / `s_set_gpr_idx_mode` (GFX9) mode: `gpr_idx(SRC0,DST)`.
    GprIdx,
    /// `s_version` (GFX11) simm16: `UC_VERSION_GFX11|UC_VERSION_W64_BIT`.
    Version,
    /// Plain SOPP immediates (`s_nop`, `s_sleep`, `s_setprio`, `s_trap`,
    /// `s_setkill`, `s_sethalt`, `s_incperflevel`, `s_decperflevel`,
    /// `s_denorm_mode`): decimal up to 64, hexadecimal above.
    Imm16,
    /// Immediates LLVM always prints in hexadecimal (`s_waitcnt_vscnt`,
    /// `s_waitcnt_vmcnt`, `s_waitcnt_expcnt`, `s_waitcnt_lgkmcnt` on GFX10+,
    /// `s_clause`, `s_round_mode`, `s_wait_event`, ...).
    Hex16,
}

impl SymbolicKind {
    /// Every kind, for tests and tables.
    pub const ALL: [SymbolicKind; 11] = [
        SymbolicKind::Waitcnt,
        SymbolicKind::Hwreg,
        SymbolicKind::Sendmsg,
        SymbolicKind::SendmsgRtn,
        SymbolicKind::DelayAlu,
        SymbolicKind::Depctr,
        SymbolicKind::Swizzle,
        SymbolicKind::GprIdx,
        SymbolicKind::Version,
        SymbolicKind::Imm16,
        SymbolicKind::Hex16,
    ];

    /// Width of the encoded field in bits.
    pub fn bits(self) -> u32 {
        match self {
            SymbolicKind::SendmsgRtn => 8,
            _ => 16,
        }
    }
}

/// Why operand text was rejected.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SymbolicErrorKind {
    #[error("unknown token in expression")]
    UnknownToken,
    #[error("expected absolute expression")]
    ExpectedAbsoluteExpression,
    #[error("malformed integer literal")]
    BadLiteral,
    #[error("integer literal out of range")]
    LiteralOutOfRange,
    #[error("expected ')'")]
    ExpectedCloseParen,
    #[error("expected '('")]
    ExpectedOpenParen,
    #[error("expected a comma")]
    ExpectedComma,
    #[error("expected a comma or a closing parenthesis")]
    ExpectedCommaOrCloseParen,
    #[error("unexpected text after the operand")]
    TrailingText,
    #[error("value does not fit the field")]
    ImmediateOutOfRange,
    #[error("expected a counter name")]
    ExpectedCounterName,
    #[error("invalid counter name")]
    InvalidCounterName,
    #[error("counter value too large")]
    CounterTooLarge,
    #[error("duplicate counter name")]
    DuplicateCounter,
    #[error("expected a register name or an absolute expression")]
    ExpectedHwreg,
    #[error("hardware register not supported on this processor")]
    HwregNotSupported,
    #[error("invalid hardware register: only 6-bit values are legal")]
    HwregIdOutOfRange,
    #[error("invalid bit offset: only 5-bit values are legal")]
    HwregOffsetOutOfRange,
    #[error("invalid bitfield width: only values from 1 to 32 are legal")]
    HwregSizeOutOfRange,
    #[error("expected a field name")]
    ExpectedFieldName,
    #[error("unknown field")]
    UnknownField,
    #[error("duplicate field")]
    DuplicateField,
    #[error("expected ':'")]
    ExpectedColon,
    #[error("expected ',' or '}}'")]
    ExpectedCommaOrBrace,
    #[error("expected a message name or an absolute expression")]
    ExpectedMessage,
    #[error("message not supported on this processor")]
    MessageNotSupported,
    #[error("invalid message id")]
    InvalidMessageId,
    #[error("expected an operation name or an absolute expression")]
    ExpectedOperation,
    #[error("operation not supported on this processor")]
    OperationNotSupported,
    #[error("invalid operation id")]
    InvalidOperationId,
    #[error("message does not support operations")]
    MessageHasNoOperations,
    #[error("missing message operation")]
    MissingOperation,
    #[error("message operation does not support streams")]
    OperationHasNoStreams,
    #[error("invalid message stream id")]
    InvalidStreamId,
    #[error("expected a value name")]
    ExpectedValueName,
    #[error("invalid value name")]
    InvalidValueName,
    #[error("expected a swizzle mode")]
    ExpectedSwizzleMode,
    #[error("expected a 2-bit lane id")]
    ExpectedLaneId,
    #[error("expected a string")]
    ExpectedString,
    #[error("expected a 5-character mask")]
    ExpectedMaskLength,
    #[error("invalid mask: use only 0, 1, p and i")]
    InvalidMask,
    #[error("group size must be a power of two")]
    GroupSizeNotPowerOfTwo,
    #[error("group size out of range")]
    GroupSizeOutOfRange,
    #[error("lane id must be in the interval [0, group size - 1]")]
    LaneIdOutOfRange,
    #[error("FFT swizzle must be in the interval [0,31]")]
    FftOutOfRange,
    #[error("direction must be 0 (left) or 1 (right)")]
    RotateDirection,
    #[error("number of threads to rotate must be in the interval [0,31]")]
    RotateAmount,
    #[error("expected a VGPR index mode or a closing parenthesis")]
    ExpectedGprIdxMode,
    #[error("duplicate VGPR index mode")]
    DuplicateGprIdxMode,
    #[error("operand is not available on this processor")]
    NotOnProcessor,
}

/// A parse error: what is wrong and the byte offset within the operand text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{kind} (at byte {offset})")]
pub struct SymbolicError {
    pub offset: usize,
    pub kind: SymbolicErrorKind,
}

fn err<T>(offset: usize, kind: SymbolicErrorKind) -> Result<T, SymbolicError> {
    Err(SymbolicError { offset, kind })
}

use SymbolicErrorKind as E;

fn generation(processor: Processor) -> Generation {
    match processor {
        Processor::Gfx942 => Generation::Gfx9,
        Processor::Gfx1100 | Processor::Gfx1151 => Generation::Gfx11,
    }
}

// ---------------------------------------------------------------------------
// Field layouts and name tables.
// ---------------------------------------------------------------------------

/// The counters of `s_waitcnt` text, in LLVM's print order.
const WAITCNT_COUNTERS: [Counter; 3] = [Counter::Vm, Counter::Exp, Counter::Lgkm];

/// Hardware register names per generation ([CDNA3] §3.11 / [RDNA3] §3.12
/// "Hardware registers"; the set LLVM 22 knows for each processor).
const HWREG_GFX9: &[(&str, u32)] = &[
    ("HW_REG_MODE", 1),
    ("HW_REG_STATUS", 2),
    ("HW_REG_TRAPSTS", 3),
    ("HW_REG_HW_ID", 4),
    ("HW_REG_GPR_ALLOC", 5),
    ("HW_REG_LDS_ALLOC", 6),
    ("HW_REG_IB_STS", 7),
    ("HW_REG_SH_MEM_BASES", 15),
    ("HW_REG_TBA_LO", 16),
    ("HW_REG_TBA_HI", 17),
    ("HW_REG_TMA_LO", 18),
    ("HW_REG_TMA_HI", 19),
    ("HW_REG_XCC_ID", 20),
    ("HW_REG_SQ_PERF_SNAPSHOT_DATA", 21),
    ("HW_REG_SQ_PERF_SNAPSHOT_DATA1", 22),
    ("HW_REG_SQ_PERF_SNAPSHOT_PC_LO", 23),
    ("HW_REG_SQ_PERF_SNAPSHOT_PC_HI", 24),
];
const HWREG_GFX11: &[(&str, u32)] = &[
    ("HW_REG_MODE", 1),
    ("HW_REG_STATUS", 2),
    ("HW_REG_TRAPSTS", 3),
    ("HW_REG_GPR_ALLOC", 5),
    ("HW_REG_LDS_ALLOC", 6),
    ("HW_REG_IB_STS", 7),
    ("HW_REG_SH_MEM_BASES", 15),
    ("HW_REG_PERF_SNAPSHOT_PC_LO", 18),
    ("HW_REG_PERF_SNAPSHOT_PC_HI", 19),
    ("HW_REG_FLAT_SCR_LO", 20),
    ("HW_REG_FLAT_SCR_HI", 21),
    ("HW_REG_HW_ID1", 23),
    ("HW_REG_HW_ID2", 24),
    ("HW_REG_PERF_SNAPSHOT_DATA", 27),
    ("HW_REG_SHADER_CYCLES", 29),
];
/// Names LLVM knows for other processors: rejected here with a clearer message.
const HWREG_ELSEWHERE: &[&str] = &[
    "HW_REG_HW_ID",
    "HW_REG_TBA_LO",
    "HW_REG_TBA_HI",
    "HW_REG_TMA_LO",
    "HW_REG_TMA_HI",
    "HW_REG_XCC_ID",
    "HW_REG_SQ_PERF_SNAPSHOT_DATA",
    "HW_REG_SQ_PERF_SNAPSHOT_DATA1",
    "HW_REG_SQ_PERF_SNAPSHOT_PC_LO",
    "HW_REG_SQ_PERF_SNAPSHOT_PC_HI",
    "HW_REG_PERF_SNAPSHOT_PC_LO",
    "HW_REG_PERF_SNAPSHOT_PC_HI",
    "HW_REG_FLAT_SCR_LO",
    "HW_REG_FLAT_SCR_HI",
    "HW_REG_XNACK_MASK",
    "HW_REG_HW_ID1",
    "HW_REG_HW_ID2",
    "HW_REG_POPS_PACKER",
    "HW_REG_PERF_SNAPSHOT_DATA",
    "HW_REG_SHADER_CYCLES",
];

fn hwreg_table(g: Generation) -> &'static [(&'static str, u32)] {
    match g {
        Generation::Gfx9 => HWREG_GFX9,
        Generation::Gfx11 => HWREG_GFX11,
    }
}

const MSG_GS: u32 = 2;
const MSG_GS_DONE: u32 = 3;
const MSG_SYSMSG: u32 = 15;

/// `S_SENDMSG` message ids ([CDNA3] §4.5 / [RDNA3] §4.5 "Send message").
const MSG_GFX9: &[(&str, u32)] = &[
    ("MSG_INTERRUPT", 1),
    ("MSG_GS", MSG_GS),
    ("MSG_GS_DONE", MSG_GS_DONE),
    ("MSG_SAVEWAVE", 4),
    ("MSG_STALL_WAVE_GEN", 5),
    ("MSG_HALT_WAVES", 6),
    ("MSG_ORDERED_PS_DONE", 7),
    ("MSG_EARLY_PRIM_DEALLOC", 8),
    ("MSG_GS_ALLOC_REQ", 9),
    ("MSG_GET_DOORBELL", 10),
    ("MSG_SYSMSG", MSG_SYSMSG),
];
const MSG_GFX11: &[(&str, u32)] = &[
    ("MSG_INTERRUPT", 1),
    ("MSG_HS_TESSFACTOR", 2),
    ("MSG_DEALLOC_VGPRS", 3),
    ("MSG_STALL_WAVE_GEN", 5),
    ("MSG_HALT_WAVES", 6),
    ("MSG_GS_ALLOC_REQ", 9),
    ("MSG_SYSMSG", MSG_SYSMSG),
    ("MSG_RTN_GET_DOORBELL", 0x80),
    ("MSG_RTN_GET_DDID", 0x81),
    ("MSG_RTN_GET_TMA", 0x82),
    ("MSG_RTN_GET_REALTIME", 0x83),
    ("MSG_RTN_SAVE_WAVE", 0x84),
    ("MSG_RTN_GET_TBA", 0x85),
    ("MSG_RTN_GET_TBA_TO_PC", 0x86),
];
const MSG_ELSEWHERE: &[&str] = &[
    "MSG_GS",
    "MSG_GS_DONE",
    "MSG_SAVEWAVE",
    "MSG_ORDERED_PS_DONE",
    "MSG_EARLY_PRIM_DEALLOC",
    "MSG_GET_DOORBELL",
    "MSG_GET_DDID",
    "MSG_HS_TESSFACTOR",
    "MSG_DEALLOC_VGPRS",
    "MSG_RTN_GET_DOORBELL",
    "MSG_RTN_GET_DDID",
    "MSG_RTN_GET_TMA",
    "MSG_RTN_GET_REALTIME",
    "MSG_RTN_SAVE_WAVE",
    "MSG_RTN_GET_TBA",
    "MSG_RTN_GET_TBA_TO_PC",
    "MSG_RTN_GET_SE_AID_ID",
];
const GS_OPS: &[(&str, u32)] = &[
    ("GS_OP_NOP", 0),
    ("GS_OP_CUT", 1),
    ("GS_OP_EMIT", 2),
    ("GS_OP_EMIT_CUT", 3),
];
/// System message operations; op 3 (`SYSMSG_OP_HOST_TRAP_ACK`) predates GFX9.
const SYSMSG_OPS: &[(&str, u32)] = &[
    ("SYSMSG_OP_ECC_ERR_INTERRUPT", 1),
    ("SYSMSG_OP_REG_RD", 2),
    ("SYSMSG_OP_TTRACE_PC", 4),
];
const SYSMSG_OPS_ELSEWHERE: &[&str] = &["SYSMSG_OP_HOST_TRAP_ACK"];

fn msg_table(g: Generation) -> &'static [(&'static str, u32)] {
    match g {
        Generation::Gfx9 => MSG_GFX9,
        Generation::Gfx11 => MSG_GFX11,
    }
}

fn lookup(table: &[(&'static str, u32)], name: &str) -> Option<u32> {
    table.iter().find(|(n, _)| *n == name).map(|(_, v)| *v)
}

fn name_of(table: &[(&'static str, u32)], value: u32) -> Option<&'static str> {
    table.iter().find(|(_, v)| *v == value).map(|(n, _)| *n)
}

/// Whether (id, op, stream) is a message LLVM accepts by name, i.e. the
/// strict check applied when the id is spelled symbolically.
fn msg_valid(g: Generation, id: u32, op: u32, stream: u32) -> bool {
    if name_of(msg_table(g), id).is_none() {
        return false;
    }
    if !msg_has_ops(g, id) {
        return op == 0 && stream == 0;
    }
    match id {
        MSG_GS | MSG_GS_DONE => {
            let op_ok = if id == MSG_GS {
                (1..=3).contains(&op)
            } else {
                op <= 3
            };
            op_ok && (op != 0 || stream == 0) && stream <= 3
        }
        _ => name_of(SYSMSG_OPS, op).is_some() && stream == 0,
    }
}

fn msg_has_ops(g: Generation, id: u32) -> bool {
    match g {
        Generation::Gfx9 => matches!(id, MSG_GS | MSG_GS_DONE | MSG_SYSMSG),
        Generation::Gfx11 => id == MSG_SYSMSG,
    }
}

/// `S_DELAY_ALU` ([RDNA3] §4.5 "ALU dependency delay"): instid0 [3:0],
/// instskip [6:4], instid1 [10:7].
const DELAY_INSTID: &[(&str, u32)] = &[
    ("NO_DEP", 0),
    ("VALU_DEP_1", 1),
    ("VALU_DEP_2", 2),
    ("VALU_DEP_3", 3),
    ("VALU_DEP_4", 4),
    ("TRANS32_DEP_1", 5),
    ("TRANS32_DEP_2", 6),
    ("TRANS32_DEP_3", 7),
    ("FMA_ACCUM_CYCLE_1", 8),
    ("SALU_CYCLE_1", 9),
    ("SALU_CYCLE_2", 10),
    ("SALU_CYCLE_3", 11),
];
const DELAY_INSTSKIP: &[(&str, u32)] = &[
    ("SAME", 0),
    ("NEXT", 1),
    ("SKIP_1", 2),
    ("SKIP_2", 3),
    ("SKIP_3", 4),
    ("SKIP_4", 5),
];

/// `S_WAITCNT_DEPCTR` fields ([RDNA3] §4.5 and LLVM's field names), in the
/// order LLVM prints them: (name, shift, width). Bits [6:5] are unused.
const DEPCTR_FIELDS: [(&str, u32, u32); 7] = [
    ("depctr_hold_cnt", 7, 1),
    ("depctr_sa_sdst", 0, 1),
    ("depctr_va_vdst", 12, 4),
    ("depctr_va_sdst", 9, 3),
    ("depctr_va_ssrc", 8, 1),
    ("depctr_va_vcc", 1, 1),
    ("depctr_vm_vsrc", 2, 3),
];
const DEPCTR_UNUSED: u32 = 0x60;

/// `S_SET_GPR_IDX_ON` / `S_SET_GPR_IDX_MODE` mode bits ([CDNA3] §4.6).
const GPR_IDX_MODES: [&str; 4] = ["SRC0", "SRC1", "SRC2", "DST"];

/// `S_VERSION` codes and flag bits (LLVM's `UC_VERSION_*` symbols).
const VERSION_CODES: &[(&str, u32)] = &[
    ("UC_VERSION_GFX7", 0),
    ("UC_VERSION_GFX10", 4),
    ("UC_VERSION_GFX11", 6),
    ("UC_VERSION_GFX12", 9),
];
const VERSION_FLAGS: &[(&str, u32)] = &[
    ("UC_VERSION_W64_BIT", 0x2000),
    ("UC_VERSION_W32_BIT", 0x4000),
    ("UC_VERSION_MDP_BIT", 0x8000),
];

// ---------------------------------------------------------------------------
// Lexing (a subset of LLVM MC's assembly lexer, enough for operands).
// ---------------------------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tok {
    Ident,
    Int(u64),
    /// A malformed or out-of-range number.
    BadInt(SymbolicErrorKind),
    Str,
    LParen,
    RParen,
    LBrace,
    RBrace,
    Comma,
    Colon,
    Amp,
    AmpAmp,
    Pipe,
    PipePipe,
    Caret,
    Tilde,
    Excl,
    ExclEq,
    Plus,
    Minus,
    Star,
    Slash,
    Percent,
    Shl,
    Shr,
    Lt,
    Le,
    Gt,
    Ge,
    EqEq,
    LtGt,
    Other,
    End,
}

#[derive(Clone, Copy, Debug)]
struct Token {
    tok: Tok,
    start: usize,
    end: usize,
}

fn is_ident_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_' || c == b'.' || c == b'$' || c == b'@'
}

fn is_ident_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c == b'.' || c == b'$' || c == b'@'
}

/// Skip blanks and `/* ... */` comments; a `;` or `//` comment ends the text.
fn skip_blank(s: &[u8], mut pos: usize) -> usize {
    loop {
        match s.get(pos) {
            Some(b' ' | b'\t' | b'\r' | b'\n') => pos += 1,
            Some(b'/') if s.get(pos + 1) == Some(&b'*') => {
                let mut p = pos + 2;
                loop {
                    match s.get(p) {
                        // Unterminated: lexed as a bad token where it starts.
                        None => return pos,
                        Some(b'*') if s.get(p + 1) == Some(&b'/') => {
                            pos = p + 2;
                            break;
                        }
                        _ => p += 1,
                    }
                }
            }
            _ => return pos,
        }
    }
}

/// An integer literal as LLVM's lexer reads it: `0x` hex, `0b` binary,
/// leading-`0` octal or decimal digits, then an ignored `u`/`l`/`ll`
/// suffix. Letters after that start the next token.
fn lex_number(s: &[u8], start: usize) -> Token {
    let at = |i: usize| s.get(i).copied().unwrap_or(0);
    let bad = |end| Token {
        tok: Tok::BadInt(E::BadLiteral),
        start,
        end,
    };
    let (radix, digits_start) = match (at(start), at(start + 1)) {
        (b'0', b'x' | b'X') => (16, start + 2),
        (b'0', b'b' | b'B') => (2, start + 2),
        (b'0', b'0'..=b'9') => (8, start + 1),
        _ => (10, start),
    };
    let mut end = digits_start;
    let digit_ok = |c: u8| match radix {
        16 => c.is_ascii_hexdigit(),
        2 => c == b'0' || c == b'1',
        _ => c.is_ascii_digit(),
    };
    while end < s.len() && digit_ok(s[end]) {
        end += 1;
    }
    if end == digits_start {
        return bad(end.max(start + 1));
    }
    if radix == 10 || radix == 8 {
        // `1f` / `1b` name local labels: a symbol, never absolute.
        if matches!(at(end), b'f' | b'b') && !is_ident_char(at(end + 1)) {
            return Token {
                tok: Tok::Ident,
                start,
                end: end + 1,
            };
        }
        // A floating-point literal; LLVM encodes it in an integer field as 0.
        if radix == 10 && at(start) != b'0' && matches!(at(end), b'.' | b'e' | b'E') {
            if at(end) == b'.' {
                end += 1;
                while at(end).is_ascii_digit() {
                    end += 1;
                }
            }
            if matches!(at(end), b'e' | b'E') {
                end += 1;
                if matches!(at(end), b'+' | b'-') {
                    end += 1;
                }
                while at(end).is_ascii_digit() {
                    end += 1;
                }
            }
            return Token {
                tok: Tok::Int(0),
                start,
                end,
            };
        }
    }
    let mut value: u128 = 0;
    for &c in &s[digits_start..end] {
        let Some(d) = (c as char).to_digit(radix) else {
            return bad(end);
        };
        value = value * u128::from(radix) + u128::from(d);
        if value > u128::from(u64::MAX) {
            return Token {
                tok: Tok::BadInt(E::LiteralOutOfRange),
                start,
                end,
            };
        }
    }
    if matches!(at(end), b'u' | b'U') {
        end += 1;
    }
    for _ in 0..2 {
        if matches!(at(end), b'l' | b'L') {
            end += 1;
        }
    }
    Token {
        tok: Tok::Int(value as u64),
        start,
        end,
    }
}

fn lex_at(s: &[u8], pos: usize) -> Token {
    let start = skip_blank(s, pos);
    let one = |tok| Token {
        tok,
        start,
        end: start + 1,
    };
    let two = |tok| Token {
        tok,
        start,
        end: start + 2,
    };
    let Some(&c) = s.get(start) else {
        return Token {
            tok: Tok::End,
            start: s.len(),
            end: s.len(),
        };
    };
    let next = s.get(start + 1).copied();
    match c {
        b';' => Token {
            tok: Tok::End,
            start,
            end: start,
        },
        b'/' if next == Some(b'/') => Token {
            tok: Tok::End,
            start,
            end: start,
        },
        b'/' if next == Some(b'*') => Token {
            tok: Tok::Other,
            start,
            end: s.len(),
        },
        b'0'..=b'9' => lex_number(s, start),
        c if is_ident_start(c) => {
            let mut end = start + 1;
            while end < s.len() && is_ident_char(s[end]) {
                end += 1;
            }
            Token {
                tok: Tok::Ident,
                start,
                end,
            }
        }
        b'"' => {
            let mut end = start + 1;
            while end < s.len() && s[end] != b'"' {
                if s[end] == b'\\' {
                    end += 1;
                }
                end += 1;
            }
            if end >= s.len() {
                return Token {
                    tok: Tok::Other,
                    start,
                    end: s.len(),
                };
            }
            Token {
                tok: Tok::Str,
                start,
                end: end + 1,
            }
        }
        b'\'' => {
            // A character constant: 'a' or '\n'-style escapes.
            match (s.get(start + 1), s.get(start + 2), s.get(start + 3)) {
                (Some(&b'\\'), Some(&e), Some(&b'\'')) => Token {
                    tok: Tok::Int(match e {
                        b'n' => 10,
                        b't' => 9,
                        b'r' => 13,
                        b'0' => 0,
                        other => u64::from(other),
                    }),
                    start,
                    end: start + 4,
                },
                (Some(&ch), Some(&b'\''), _) if ch != b'\\' && ch != b'\'' => Token {
                    tok: Tok::Int(u64::from(ch)),
                    start,
                    end: start + 3,
                },
                _ => Token {
                    tok: Tok::Other,
                    start,
                    end: s.len(),
                },
            }
        }
        b'(' => one(Tok::LParen),
        b')' => one(Tok::RParen),
        b'{' => one(Tok::LBrace),
        b'}' => one(Tok::RBrace),
        b',' => one(Tok::Comma),
        b':' => one(Tok::Colon),
        b'&' if next == Some(b'&') => two(Tok::AmpAmp),
        b'&' => one(Tok::Amp),
        b'|' if next == Some(b'|') => two(Tok::PipePipe),
        b'|' => one(Tok::Pipe),
        b'^' => one(Tok::Caret),
        b'~' => one(Tok::Tilde),
        b'!' if next == Some(b'=') => two(Tok::ExclEq),
        b'!' => one(Tok::Excl),
        b'+' => one(Tok::Plus),
        b'-' => one(Tok::Minus),
        b'*' => one(Tok::Star),
        b'/' => one(Tok::Slash),
        b'%' => one(Tok::Percent),
        b'<' if next == Some(b'<') => two(Tok::Shl),
        b'<' if next == Some(b'=') => two(Tok::Le),
        b'<' if next == Some(b'>') => two(Tok::LtGt),
        b'<' => one(Tok::Lt),
        b'>' if next == Some(b'>') => two(Tok::Shr),
        b'>' if next == Some(b'=') => two(Tok::Ge),
        b'>' => one(Tok::Gt),
        b'=' if next == Some(b'=') => two(Tok::EqEq),
        _ => {
            // Step over a whole UTF-8 character so offsets stay on boundaries.
            let mut end = start + 1;
            while end < s.len() && (s[end] & 0xc0) == 0x80 {
                end += 1;
            }
            Token {
                tok: Tok::Other,
                start,
                end,
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Parsing.
// ---------------------------------------------------------------------------

/// Named constants an expression may use (only `s_version` has any).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Symbols {
    None,
    Version,
}

/// An expression that failed because it named an unknown symbol: LLVM
/// reports it at the start of the expression.
struct Parser<'a> {
    text: &'a str,
    s: &'a [u8],
    pos: usize,
    symbols: Symbols,
    /// The last token lexed and the position it was lexed at: the
    /// grammar peeks the same token many times before it moves on.
    lexed_at: std::cell::Cell<usize>,
    lexed: std::cell::Cell<Token>,
}

impl<'a> Parser<'a> {
    fn new(text: &'a str) -> Self {
        Parser {
            text,
            s: text.as_bytes(),
            pos: 0,
            symbols: Symbols::None,
            lexed_at: std::cell::Cell::new(usize::MAX),
            lexed: std::cell::Cell::new(Token {
                tok: Tok::End,
                start: 0,
                end: 0,
            }),
        }
    }

    /// [`lex_at`] through the one-token cache.
    #[inline]
    fn lex(&self, pos: usize) -> Token {
        if self.lexed_at.get() == pos {
            return self.lexed.get();
        }
        let t = lex_at(self.s, pos);
        self.lexed_at.set(pos);
        self.lexed.set(t);
        t
    }

    fn peek(&self) -> Token {
        self.lex(self.pos)
    }

    fn peek2(&self) -> Token {
        // Past the cached token: lexed directly so `peek` stays cached.
        lex_at(self.s, self.peek().end)
    }

    fn bump(&mut self) -> Token {
        let t = self.peek();
        self.pos = t.end;
        t
    }

    fn slice(&self, t: Token) -> &'a str {
        self.text.get(t.start..t.end).unwrap_or("")
    }

    fn at(&self, tok: Tok) -> bool {
        self.peek().tok == tok
    }

    fn eat(&mut self, tok: Tok) -> bool {
        if self.at(tok) {
            self.bump();
            true
        } else {
            false
        }
    }

    fn is_ident(&self, name: &str) -> bool {
        let t = self.peek();
        t.tok == Tok::Ident && self.slice(t) == name
    }

    fn starts_macro(&self) -> bool {
        self.peek().tok == Tok::Ident && self.peek2().tok == Tok::LParen
    }

    /// What LLVM does with text after the last operand of an instruction:
    /// it reads further operands (separated by commas or not) as
    /// expressions, so a malformed one fails with its own error; if they all
    /// read, the first is one operand too many. A trailing comma alone is
    /// accepted.
    fn expect_end(&mut self) -> Result<(), SymbolicError> {
        let mut first_extra = None;
        self.symbols = Symbols::None;
        loop {
            let t = self.peek();
            match t.tok {
                Tok::End => break,
                Tok::Comma => {
                    self.bump();
                }
                _ => {
                    first_extra.get_or_insert(t.start);
                    self.expr(0)?;
                }
            }
        }
        match first_extra {
            None => Ok(()),
            Some(at) => err(at, E::TrailingText),
        }
    }

    /// An absolute MC expression: (value, start offset).
    fn absolute(&mut self) -> Result<(i64, usize), SymbolicError> {
        let start = self.peek().start;
        match self.expr(0)? {
            Some(v) => Ok((v, start)),
            None => err(start, E::ExpectedAbsoluteExpression),
        }
    }

    /// Precedence climbing with LLVM MC's GNU-style binary precedences.
    /// `None` means the expression is valid but not absolute (an unknown
    /// symbol or a division by zero).
    fn expr(&mut self, min_prec: u8) -> Result<Option<i64>, SymbolicError> {
        let mut lhs = self.unary()?;
        loop {
            let t = self.peek();
            let prec = match t.tok {
                Tok::PipePipe => 1,
                Tok::AmpAmp => 2,
                Tok::EqEq | Tok::ExclEq | Tok::LtGt | Tok::Lt | Tok::Le | Tok::Gt | Tok::Ge => 3,
                Tok::Plus | Tok::Minus => 4,
                Tok::Pipe | Tok::Excl | Tok::Caret | Tok::Amp => 5,
                Tok::Star | Tok::Slash | Tok::Percent | Tok::Shl | Tok::Shr => 6,
                _ => return Ok(lhs),
            };
            if prec <= min_prec {
                return Ok(lhs);
            }
            self.bump();
            let rhs = self.expr(prec)?;
            lhs = match (lhs, rhs) {
                (Some(a), Some(b)) => binary(t.tok, a, b),
                _ => None,
            };
        }
    }

    fn unary(&mut self) -> Result<Option<i64>, SymbolicError> {
        let t = self.peek();
        match t.tok {
            Tok::Minus => {
                self.bump();
                Ok(self.unary()?.map(i64::wrapping_neg))
            }
            Tok::Plus => {
                self.bump();
                self.unary()
            }
            Tok::Tilde => {
                self.bump();
                Ok(self.unary()?.map(|v| !v))
            }
            Tok::Excl => {
                self.bump();
                Ok(self.unary()?.map(|v| i64::from(v == 0)))
            }
            Tok::Int(v) => {
                self.bump();
                Ok(Some(v as i64))
            }
            Tok::BadInt(kind) => err(t.start, kind),
            Tok::Ident => {
                self.bump();
                let name = self.slice(t);
                Ok(match self.symbols {
                    Symbols::Version => lookup(VERSION_CODES, name)
                        .or_else(|| lookup(VERSION_FLAGS, name))
                        .map(i64::from),
                    Symbols::None => None,
                })
            }
            Tok::LParen => {
                self.bump();
                let v = self.expr(0)?;
                let close = self.peek();
                if close.tok != Tok::RParen {
                    return err(close.start, E::ExpectedCloseParen);
                }
                self.bump();
                Ok(v)
            }
            _ => err(t.start, E::UnknownToken),
        }
    }
}

fn binary(op: Tok, a: i64, b: i64) -> Option<i64> {
    let t = |c: bool| if c { -1 } else { 0 };
    Some(match op {
        Tok::PipePipe => i64::from(a != 0 || b != 0),
        Tok::AmpAmp => i64::from(a != 0 && b != 0),
        Tok::EqEq => t(a == b),
        Tok::ExclEq | Tok::LtGt => t(a != b),
        Tok::Lt => t(a < b),
        Tok::Le => t(a <= b),
        Tok::Gt => t(a > b),
        Tok::Ge => t(a >= b),
        Tok::Plus => a.wrapping_add(b),
        Tok::Minus => a.wrapping_sub(b),
        Tok::Pipe => a | b,
        Tok::Excl => a | !b,
        Tok::Caret => a ^ b,
        Tok::Amp => a & b,
        Tok::Star => a.wrapping_mul(b),
        Tok::Slash => {
            if b == 0 {
                return None;
            }
            a.wrapping_div(b)
        }
        Tok::Percent => {
            if b == 0 {
                return None;
            }
            a.wrapping_rem(b)
        }
        Tok::Shl => a.wrapping_shl((b & 63) as u32),
        Tok::Shr => a.wrapping_shr((b & 63) as u32),
        _ => return None,
    })
}

/// How a plain integer operand is checked and narrowed.
#[derive(Clone, Copy)]
enum IntRule {
    /// Any 64-bit value; the low 16 bits are kept.
    Truncate,
    /// 0..=65535.
    Unsigned16,
    /// -32768..=65535.
    Signed16,
    /// 0..=15.
    Unsigned4,
}

fn narrow(v: i64, at: usize, rule: IntRule) -> Result<u32, SymbolicError> {
    let ok = match rule {
        IntRule::Truncate => true,
        IntRule::Unsigned16 => (0..=0xffff).contains(&v),
        IntRule::Signed16 => (-0x8000..=0xffff).contains(&v),
        IntRule::Unsigned4 => (0..=0xf).contains(&v),
    };
    if ok {
        Ok((v as u64 & 0xffff) as u32)
    } else {
        err(at, E::ImmediateOutOfRange)
    }
}

fn plain(p: &mut Parser, rule: IntRule) -> Result<u32, SymbolicError> {
    let (v, at) = p.absolute()?;
    narrow(v, at, rule)
}

/// Parse `kind` operand text for `processor` into the field value. The
/// text is the last operand of an instruction, as LLVM sees it: anything
/// after the operand is rejected (a lone trailing comma aside), with the
/// error LLVM reports for it.
pub fn parse(kind: SymbolicKind, processor: Processor, text: &str) -> Result<u16, SymbolicError> {
    let mut p = Parser::new(text);
    let v = parse_operand(&mut p, kind, processor)?;
    p.expect_end()?;
    Ok(v)
}

/// Parse one `kind` operand at the start of `text`, for an instruction
/// parser that handles what follows: the value and the byte offset just
/// past the operand.
pub fn parse_prefix(
    kind: SymbolicKind,
    processor: Processor,
    text: &str,
) -> Result<(u16, usize), SymbolicError> {
    let mut p = Parser::new(text);
    let v = parse_operand(&mut p, kind, processor)?;
    Ok((v, p.pos))
}

fn parse_operand(
    p: &mut Parser,
    kind: SymbolicKind,
    processor: Processor,
) -> Result<u16, SymbolicError> {
    let g = generation(processor);
    let v = match kind {
        SymbolicKind::Waitcnt => parse_waitcnt(p, g)?,
        SymbolicKind::Hwreg => parse_hwreg(p, g)?,
        SymbolicKind::Sendmsg => parse_sendmsg(p, g)?,
        SymbolicKind::SendmsgRtn => parse_sendmsg(p, g)? & 0xff,
        SymbolicKind::DelayAlu => parse_delay_alu(p)?,
        SymbolicKind::Depctr => parse_depctr(p)?,
        SymbolicKind::Swizzle => parse_swizzle(p)?,
        SymbolicKind::GprIdx => parse_gpr_idx(p)?,
        SymbolicKind::Version => {
            p.symbols = Symbols::Version;
            plain(p, IntRule::Signed16)?
        }
        SymbolicKind::Imm16 => plain(p, IntRule::Truncate)?,
        SymbolicKind::Hex16 => plain(p, IntRule::Signed16)?,
    };
    Ok((v & 0xffff) as u16)
}

/// `vmcnt(N) expcnt(N) lgkmcnt(N)` in any order, separated by blanks, `&`
/// or `,`; `_sat` names clamp to the maximum. Unnamed counters stay at
/// their maximum; unused bits are zero.
fn parse_waitcnt(p: &mut Parser, g: Generation) -> Result<u32, SymbolicError> {
    if !p.starts_macro() {
        return plain(p, IntRule::Truncate);
    }
    let mut counts = WaitCounts::NONE;
    loop {
        let name_tok = p.peek();
        if name_tok.tok != Tok::Ident {
            return err(name_tok.start, E::ExpectedCounterName);
        }
        p.bump();
        let name = p.slice(name_tok);
        let open = p.peek();
        if open.tok != Tok::LParen {
            return err(open.start, E::ExpectedOpenParen);
        }
        p.bump();
        let (n, at) = p.absolute()?;
        // LLVM checks the name and value before the closing parenthesis.
        let (base, sat) = match name.strip_suffix("_sat") {
            Some(b) => (b, true),
            None => (name, false),
        };
        let Some(&counter) = WAITCNT_COUNTERS.iter().find(|c| c.name() == base) else {
            return err(name_tok.start, E::InvalidCounterName);
        };
        let max = WaitCounts::max(g, counter).unwrap_or(0);
        let n = n as u64;
        let n = if n > u64::from(max) {
            if !sat {
                return err(at, E::CounterTooLarge);
            }
            max
        } else {
            n as u32
        };
        let close = p.peek();
        if close.tok != Tok::RParen {
            return err(close.start, E::ExpectedCloseParen);
        }
        p.bump();
        // A counter named twice: the last one counts, as in LLVM.
        *counts.slot(counter) = Some(n);
        if p.eat(Tok::Amp) || p.eat(Tok::Comma) {
            let t = p.peek();
            if t.tok != Tok::Ident {
                return err(t.start, E::ExpectedCounterName);
            }
            continue;
        }
        match p.peek().tok {
            Tok::End => return Ok(counts.encode(g).into()),
            Tok::Ident => continue,
            _ => return err(p.peek().start, E::ExpectedCounterName),
        }
    }
}

fn parse_hwreg(p: &mut Parser, g: Generation) -> Result<u32, SymbolicError> {
    let t = p.peek();
    if t.tok == Tok::LBrace {
        return parse_hwreg_struct(p);
    }
    if t.tok == Tok::Ident {
        if !(p.is_ident("hwreg") && p.peek2().tok == Tok::LParen) {
            // Read as an expression: syntax errors come first, then the
            // symbol makes it non-absolute.
            p.expr(0)?;
            return err(t.start, E::ExpectedHwreg);
        }
        p.bump();
        p.bump();
        let id_tok = p.peek();
        // A numeric id is range-checked after the whole macro parses.
        let mut id_range = None;
        let mut id = if id_tok.tok == Tok::Ident {
            let name = p.slice(id_tok);
            match lookup(hwreg_table(g), name) {
                Some(id) => {
                    p.bump();
                    id
                }
                None if HWREG_ELSEWHERE.contains(&name) => {
                    return err(id_tok.start, E::HwregNotSupported)
                }
                None => return err(id_tok.start, E::ExpectedHwreg),
            }
        } else {
            let (id, at) = p.absolute()?;
            id_range = Some((id, at));
            0
        };
        let (mut offset, mut size) = (0, 32);
        let mut checks = None;
        let t = p.peek();
        match t.tok {
            Tok::RParen => {
                p.bump();
            }
            Tok::Comma => {
                p.bump();
                let (o, oat) = p.absolute()?;
                let t = p.peek();
                if t.tok != Tok::Comma {
                    return err(t.start, E::ExpectedComma);
                }
                p.bump();
                let (s, sat) = p.absolute()?;
                let t = p.peek();
                if t.tok != Tok::RParen {
                    return err(t.start, E::ExpectedCloseParen);
                }
                p.bump();
                checks = Some((o, oat, s, sat));
            }
            _ => return err(t.start, E::ExpectedCommaOrCloseParen),
        }
        if let Some((n, at)) = id_range {
            if !(0..64).contains(&n) {
                return err(at, E::HwregIdOutOfRange);
            }
            id = n as u32;
        }
        if let Some((o, oat, s, sat)) = checks {
            if !(0..32).contains(&o) {
                return err(oat, E::HwregOffsetOutOfRange);
            }
            if !(1..=32).contains(&s) {
                return err(sat, E::HwregSizeOutOfRange);
            }
            offset = o as u32;
            size = s as u32;
        }
        return Ok(id | offset << 6 | (size - 1) << 11);
    }
    let (v, at) = p.absolute()?;
    narrow(v, at, IntRule::Unsigned16)
}

/// `{id: N, offset: N, size: N}` with fields in any order, each optional.
fn parse_hwreg_struct(p: &mut Parser) -> Result<u32, SymbolicError> {
    p.bump();
    let mut vals: [Option<i64>; 3] = [None; 3];
    const FIELDS: [&str; 3] = ["id", "offset", "size"];
    if !p.eat(Tok::RBrace) {
        loop {
            let name = p.peek();
            if name.tok != Tok::Ident {
                return err(name.start, E::ExpectedFieldName);
            }
            let Some(i) = FIELDS.iter().position(|f| *f == p.slice(name)) else {
                return err(name.start, E::UnknownField);
            };
            p.bump();
            if vals[i].is_some() {
                return err(name.start, E::DuplicateField);
            }
            let colon = p.peek();
            if colon.tok != Tok::Colon {
                return err(colon.start, E::ExpectedColon);
            }
            p.bump();
            let (v, at) = p.absolute()?;
            let ok = match i {
                0 => (0..64).contains(&v),
                1 => (0..32).contains(&v),
                _ => (1..=32).contains(&v),
            };
            if !ok {
                let kind = [
                    E::HwregIdOutOfRange,
                    E::HwregOffsetOutOfRange,
                    E::HwregSizeOutOfRange,
                ][i];
                return err(at, kind);
            }
            vals[i] = Some(v);
            let t = p.peek();
            match t.tok {
                Tok::Comma => {
                    p.bump();
                }
                Tok::RBrace => {
                    p.bump();
                    break;
                }
                _ => return err(t.start, E::ExpectedCommaOrBrace),
            }
        }
    }
    let id = vals[0].unwrap_or(0) as u32;
    let offset = vals[1].unwrap_or(0) as u32;
    let size = vals[2].unwrap_or(32) as u32;
    Ok(id | offset << 6 | (size - 1) << 11)
}

/// One `sendmsg(...)` argument: its value (or name lookup result), where it
/// starts, and whether it was spelled as a name.
#[derive(Clone, Copy)]
struct MsgArg {
    value: i64,
    at: usize,
    named: bool,
    /// A name LLVM knows only for other processors.
    elsewhere: bool,
}

/// LLVM first parses the whole `sendmsg(...)` macro (a name it does not
/// know at all is a syntax error), then validates id, operation and stream
/// in that order: strictly when the id is a name, by field range otherwise.
fn parse_sendmsg(p: &mut Parser, g: Generation) -> Result<u32, SymbolicError> {
    let t = p.peek();
    if t.tok != Tok::Ident {
        let (v, at) = p.absolute()?;
        return narrow(v, at, IntRule::Unsigned16);
    }
    if !(p.is_ident("sendmsg") && p.peek2().tok == Tok::LParen) {
        p.expr(0)?;
        return err(t.start, E::ExpectedMessage);
    }
    p.bump();
    p.bump();
    let id_tok = p.peek();
    let id = if id_tok.tok == Tok::Ident {
        let name = p.slice(id_tok);
        let (value, elsewhere) = match lookup(msg_table(g), name) {
            Some(id) => (i64::from(id), false),
            None if MSG_ELSEWHERE.contains(&name) => (0, true),
            None => return err(id_tok.start, E::ExpectedMessage),
        };
        p.bump();
        MsgArg {
            value,
            at: id_tok.start,
            named: true,
            elsewhere,
        }
    } else {
        let (value, at) = p.absolute()?;
        MsgArg {
            value,
            at,
            named: false,
            elsewhere: false,
        }
    };
    let mut op = None;
    let mut stream = None;
    if p.eat(Tok::Comma) {
        let op_tok = p.peek();
        let sysmsg = id.value == i64::from(MSG_SYSMSG);
        let ops = if sysmsg { SYSMSG_OPS } else { GS_OPS };
        op = Some(if op_tok.tok == Tok::Ident {
            let name = p.slice(op_tok);
            let (value, elsewhere) = match lookup(ops, name) {
                Some(v) => (i64::from(v), false),
                None if sysmsg && SYSMSG_OPS_ELSEWHERE.contains(&name) => (0, true),
                None => return err(op_tok.start, E::ExpectedOperation),
            };
            p.bump();
            MsgArg {
                value,
                at: op_tok.start,
                named: true,
                elsewhere,
            }
        } else {
            let (value, at) = p.absolute()?;
            MsgArg {
                value,
                at,
                named: false,
                elsewhere: false,
            }
        });
        if p.eat(Tok::Comma) {
            let (value, at) = p.absolute()?;
            stream = Some(MsgArg {
                value,
                at,
                named: false,
                elsewhere: false,
            });
        }
    }
    let t = p.peek();
    if t.tok != Tok::RParen {
        return err(t.start, E::ExpectedCloseParen);
    }
    p.bump();
    validate_msg(g, id, op, stream)
}

fn validate_msg(
    g: Generation,
    id: MsgArg,
    op: Option<MsgArg>,
    stream: Option<MsgArg>,
) -> Result<u32, SymbolicError> {
    if id.elsewhere {
        return err(id.at, E::MessageNotSupported);
    }
    let max_id = if g == Generation::Gfx9 { 15 } else { 255 };
    if !(0..=max_id).contains(&id.value) {
        return err(id.at, E::InvalidMessageId);
    }
    let msg = id.value as u32;
    if let Some(o) = op {
        if o.elsewhere {
            return err(o.at, E::OperationNotSupported);
        }
    }
    if id.named {
        if !msg_has_ops(g, msg) {
            if let Some(o) = op {
                return err(o.at, E::MessageHasNoOperations);
            }
        } else {
            let Some(o) = op else {
                return err(id.at, E::MissingOperation);
            };
            let op_ok = match msg {
                MSG_GS => (1..=3).contains(&o.value),
                MSG_GS_DONE => (0..=3).contains(&o.value),
                _ => u32::try_from(o.value).is_ok_and(|v| name_of(SYSMSG_OPS, v).is_some()),
            };
            if !op_ok {
                return err(o.at, E::InvalidOperationId);
            }
            if let Some(s) = stream {
                if msg == MSG_SYSMSG || o.value == 0 {
                    return err(s.at, E::OperationHasNoStreams);
                }
            }
        }
    } else if let Some(o) = op {
        if !(0..=7).contains(&o.value) {
            return err(o.at, E::InvalidOperationId);
        }
    }
    if let Some(s) = stream {
        if !(0..=3).contains(&s.value) {
            return err(s.at, E::InvalidStreamId);
        }
    }
    let op = op.map_or(0, |o| o.value as u32);
    let stream = stream.map_or(0, |s| s.value as u32);
    Ok(msg | op << 4 | stream << 8)
}

/// LLVM reads `name(VALUE)` first and only then checks the field name and
/// the value name; fields are OR-ed together.
fn parse_delay_alu(p: &mut Parser) -> Result<u32, SymbolicError> {
    if !p.starts_macro() {
        return plain(p, IntRule::Truncate);
    }
    let mut v = 0;
    loop {
        let name_tok = p.peek();
        if name_tok.tok != Tok::Ident {
            return err(name_tok.start, E::ExpectedFieldName);
        }
        p.bump();
        let open = p.peek();
        if open.tok != Tok::LParen {
            return err(open.start, E::ExpectedOpenParen);
        }
        p.bump();
        let val_tok = p.peek();
        if val_tok.tok != Tok::Ident {
            return err(val_tok.start, E::ExpectedValueName);
        }
        p.bump();
        let close = p.peek();
        if close.tok != Tok::RParen {
            return err(close.start, E::ExpectedCloseParen);
        }
        p.bump();
        let (shift, table) = match p.slice(name_tok) {
            "instid0" => (0, DELAY_INSTID),
            "instskip" => (4, DELAY_INSTSKIP),
            "instid1" => (7, DELAY_INSTID),
            _ => return err(name_tok.start, E::UnknownField),
        };
        let Some(val) = lookup(table, p.slice(val_tok)) else {
            return err(val_tok.start, E::InvalidValueName);
        };
        v |= val << shift;
        if !p.eat(Tok::Pipe) {
            return Ok(v);
        }
    }
}

fn parse_depctr(p: &mut Parser) -> Result<u32, SymbolicError> {
    if !p.starts_macro() {
        return plain(p, IntRule::Signed16);
    }
    let mut v = depctr_default();
    let mut seen = 0u32;
    loop {
        let name_tok = p.peek();
        if name_tok.tok != Tok::Ident {
            return err(name_tok.start, E::ExpectedCounterName);
        }
        let name = p.slice(name_tok);
        p.bump();
        let open = p.peek();
        if open.tok != Tok::LParen {
            return err(open.start, E::ExpectedOpenParen);
        }
        p.bump();
        let (n, _) = p.absolute()?;
        let Some(i) = DEPCTR_FIELDS.iter().position(|f| f.0 == name) else {
            return err(name_tok.start, E::InvalidCounterName);
        };
        if seen & (1 << i) != 0 {
            return err(name_tok.start, E::DuplicateCounter);
        }
        seen |= 1 << i;
        let close = p.peek();
        if close.tok != Tok::RParen {
            return err(close.start, E::ExpectedCloseParen);
        }
        p.bump();
        let (_, shift, width) = DEPCTR_FIELDS[i];
        let max = (1i64 << width) - 1;
        if !(0..=max).contains(&n) {
            // LLVM reports a bad counter value at the counter's name.
            return err(name_tok.start, E::CounterTooLarge);
        }
        v = (v & !((max as u32) << shift)) | (n as u32) << shift;
        if p.eat(Tok::Amp) || p.eat(Tok::Comma) {
            let t = p.peek();
            if t.tok != Tok::Ident {
                return err(t.start, E::ExpectedCounterName);
            }
            continue;
        }
        match p.peek().tok {
            Tok::End => return Ok(v),
            Tok::Ident => continue,
            _ => return err(p.peek().start, E::ExpectedCounterName),
        }
    }
}

fn parse_swizzle(p: &mut Parser) -> Result<u32, SymbolicError> {
    if p.at(Tok::End) {
        // An omitted `offset:` is zero (the inverse of printing nothing).
        return Ok(0);
    }
    if !p.is_ident("swizzle") {
        let (v, at) = p.absolute()?;
        return narrow(v, at, IntRule::Unsigned16);
    }
    p.bump();
    let open = p.peek();
    if open.tok != Tok::LParen {
        return err(open.start, E::ExpectedOpenParen);
    }
    p.bump();
    let mode_tok = p.peek();
    let mode = if mode_tok.tok == Tok::Ident {
        p.slice(mode_tok)
    } else {
        ""
    };
    if !matches!(
        mode,
        "QUAD_PERM" | "BITMASK_PERM" | "BROADCAST" | "SWAP" | "REVERSE" | "FFT" | "ROTATE"
    ) {
        return err(mode_tok.start, E::ExpectedSwizzleMode);
    }
    p.bump();
    let arg = |p: &mut Parser| -> Result<(i64, usize), SymbolicError> {
        let t = p.peek();
        if t.tok != Tok::Comma {
            return err(t.start, E::ExpectedComma);
        }
        p.bump();
        p.absolute()
    };
    let v = match mode {
        "QUAD_PERM" => {
            let mut v = 0x8000;
            for i in 0..4 {
                let (lane, at) = arg(p)?;
                if !(0..4).contains(&lane) {
                    return err(at, E::ExpectedLaneId);
                }
                v |= (lane as u32) << (2 * i);
            }
            v
        }
        "BITMASK_PERM" => {
            let t = p.peek();
            if t.tok != Tok::Comma {
                return err(t.start, E::ExpectedComma);
            }
            p.bump();
            let st = p.peek();
            if st.tok != Tok::Str {
                return err(st.start, E::ExpectedString);
            }
            p.bump();
            let body = &p.s[st.start + 1..st.end - 1];
            if body.len() != 5 {
                return err(st.start, E::ExpectedMaskLength);
            }
            let (mut and, mut or, mut xor) = (0u32, 0u32, 0u32);
            for (i, c) in body.iter().enumerate() {
                let bit = 1 << (4 - i);
                match c {
                    b'0' => {}
                    b'1' => or |= bit,
                    b'p' => and |= bit,
                    b'i' => {
                        and |= bit;
                        xor |= bit;
                    }
                    _ => return err(st.start, E::InvalidMask),
                }
            }
            and | or << 5 | xor << 10
        }
        "BROADCAST" => {
            let (size, sat) = arg(p)?;
            if !(2..=32).contains(&size) {
                return err(sat, E::GroupSizeOutOfRange);
            }
            if !(size as u64).is_power_of_two() {
                return err(sat, E::GroupSizeNotPowerOfTwo);
            }
            let (lane, lat) = arg(p)?;
            if !(0..size).contains(&lane) {
                return err(lat, E::LaneIdOutOfRange);
            }
            (0x20 - size as u32) | (lane as u32) << 5
        }
        "SWAP" => {
            let (size, sat) = arg(p)?;
            if !(1..=16).contains(&size) {
                return err(sat, E::GroupSizeOutOfRange);
            }
            if !(size as u64).is_power_of_two() {
                return err(sat, E::GroupSizeNotPowerOfTwo);
            }
            0x1f | (size as u32) << 10
        }
        "REVERSE" => {
            let (size, sat) = arg(p)?;
            if !(2..=32).contains(&size) {
                return err(sat, E::GroupSizeOutOfRange);
            }
            if !(size as u64).is_power_of_two() {
                return err(sat, E::GroupSizeNotPowerOfTwo);
            }
            0x1f | (size as u32 - 1) << 10
        }
        "FFT" => {
            let (n, at) = arg(p)?;
            if !(0..32).contains(&n) {
                return err(at, E::FftOutOfRange);
            }
            0xe000 | n as u32
        }
        _ => {
            let (dir, dat) = arg(p)?;
            if !(0..=1).contains(&dir) {
                return err(dat, E::RotateDirection);
            }
            let (n, nat) = arg(p)?;
            if !(0..32).contains(&n) {
                return err(nat, E::RotateAmount);
            }
            0xc000 | (dir as u32) << 10 | (n as u32) << 5
        }
    };
    let close = p.peek();
    if close.tok != Tok::RParen {
        return err(close.start, E::ExpectedCloseParen);
    }
    p.bump();
    Ok(v)
}

fn parse_gpr_idx(p: &mut Parser) -> Result<u32, SymbolicError> {
    if !(p.is_ident("gpr_idx") && p.peek2().tok == Tok::LParen) {
        return plain(p, IntRule::Unsigned4);
    }
    p.bump();
    p.bump();
    let mut v = 0;
    if p.eat(Tok::RParen) {
        return Ok(0);
    }
    loop {
        let t = p.peek();
        let idx = if t.tok == Tok::Ident {
            GPR_IDX_MODES.iter().position(|m| *m == p.slice(t))
        } else {
            None
        };
        let Some(idx) = idx else {
            return err(t.start, E::ExpectedGprIdxMode);
        };
        p.bump();
        if v & (1 << idx) != 0 {
            return err(t.start, E::DuplicateGprIdxMode);
        }
        v |= 1 << idx;
        let t = p.peek();
        match t.tok {
            Tok::RParen => {
                p.bump();
                return Ok(v);
            }
            Tok::Comma => {
                p.bump();
            }
            _ => return err(t.start, E::ExpectedCommaOrCloseParen),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(kind: SymbolicKind, p: Processor, v: u16) -> String {
        to_text(kind, p, v)
    }

    #[test]
    fn waitcnt_examples() {
        use Processor::*;
        assert_eq!(
            text(SymbolicKind::Waitcnt, Gfx942, 0),
            "vmcnt(0) expcnt(0) lgkmcnt(0)"
        );
        assert_eq!(text(SymbolicKind::Waitcnt, Gfx942, 0xc07f), "lgkmcnt(0)");
        assert_eq!(text(SymbolicKind::Waitcnt, Gfx1100, 0xfc07), "lgkmcnt(0)");
        assert_eq!(
            parse(SymbolicKind::Waitcnt, Gfx942, "vmcnt(0) & lgkmcnt(0)"),
            Ok(0x0070)
        );
        assert_eq!(
            parse(SymbolicKind::Waitcnt, Gfx1100, "vmcnt_sat(100), expcnt(1)"),
            Ok(0xfff1)
        );
    }

    #[test]
    fn prefix_stops_after_the_operand() {
        let (v, end) = parse_prefix(
            SymbolicKind::Hwreg,
            Processor::Gfx942,
            "hwreg(HW_REG_MODE), s1",
        )
        .unwrap();
        assert_eq!((v, end), (0xf801, 18));
        let (v, end) =
            parse_prefix(SymbolicKind::Waitcnt, Processor::Gfx1100, "vmcnt(0) ; wait").unwrap();
        assert_eq!((v, end), (0x03f7, 8));
    }

    #[test]
    fn errors_carry_offsets() {
        let e = parse(SymbolicKind::Waitcnt, Processor::Gfx942, "vmcnt(64)").unwrap_err();
        assert_eq!((e.offset, e.kind), (6, E::CounterTooLarge));
        let e = parse(
            SymbolicKind::Hwreg,
            Processor::Gfx1100,
            "hwreg(HW_REG_MODE, 0)",
        )
        .unwrap_err();
        assert_eq!(e.offset, 20);
    }
}
