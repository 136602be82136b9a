//! Hazard rules as data: the dependencies the hardware does not interlock,
//! which software covers with independent instructions, `s_nop` (GFX9) or
//! `s_waitcnt_depctr` / `v_nop` (GFX11).
//!
//! Each [`Rule`] has one [`RuleInfo`] in [`RULES`]: its name, the manual
//! section, the processors it applies to, the producing and consuming
//! instruction [`Classes`] (from the opcode table's flags, see [`classes`]),
//! the register that carries the dependency and the [`Wait`] it needs. The
//! compiler's hazard pass inserts waits from this table and the emulator's
//! strict checker checks programs against it, so the two cannot disagree.
//!
//! Wait states: every instruction counts one, `s_nop N` counts N + 1
//! ([CDNA3] §4.5 "Manually Inserted Wait States (NOPs)"). The gfx942
//! numbers agree with LLVM's `GCNHazardRecognizer` for gfx940.

use crate::isa::format::Family;
use crate::isa::table::{Flags, OpInfo};
use crate::isa::{Op, Opcode};
use crate::target::{Generation, Processor};

/// One documented hazard rule. The discriminant is the rule's bit in a
/// rule mask ([`Rule::bit`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rule {
    ValuSgprVmem,
    ValuVccDivFmas,
    ValuSgprLaneSelect,
    ValuSgprValu,
    ValuExecLane,
    ValuVgprReadlane,
    SetregGetreg,
    ValuVgprDpp,
    ValuExecDpp,
    TransUse,
    DstSelUse,
    WideStoreData,
    ValuExecMfma,
    ValuVgprMfma,
    MfmaMfma,
    MfmaRead,
    MfmaWaw,
    MfmaSrcCWar,
    TransUseGfx11,
    WmmaOperand,
}

/// Instruction classes the rules are written in, as bits. Most come from
/// an opcode's table entry ([`classes`]); [`Classes::DPP`] and
/// [`Classes::PARTIAL`] depend on the encoding an instruction uses and
/// [`Classes::WIDE_STORE`] on its data width, so users add those per
/// instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Classes(pub u32);

impl Classes {
    /// A VALU operation (not a VMEM/FLAT/DS one, which the table also
    /// marks as running on the VALU).
    pub const VALU: u32 = 1 << 0;
    /// Transcendental VALU (`Flags::TRANS`).
    pub const TRANS: u32 = 1 << 1;
    /// gfx942 MFMA / SMFMAC.
    pub const MFMA: u32 = 1 << 2;
    /// MFMA on the XDL path (`Flags::XDL`).
    pub const XDL: u32 = 1 << 3;
    /// f64 MFMA (`Flags::DGEMM`).
    pub const DGEMM: u32 = 1 << 4;
    /// Dot-product VALU (`Flags::DOT`).
    pub const DOT: u32 = 1 << 5;
    /// GFX11 WMMA.
    pub const WMMA: u32 = 1 << 6;
    /// Vector memory: MUBUF, MTBUF, FLAT, GLOBAL, SCRATCH.
    pub const VMEM: u32 = 1 << 7;
    /// LDS / GDS (DS).
    pub const DS: u32 = 1 << 8;
    pub const SMEM: u32 = 1 << 9;
    pub const SALU: u32 = 1 << 10;
    /// Reads VCC without naming it (`v_div_fmas_*`).
    pub const DIV_FMAS: u32 = 1 << 11;
    /// `v_readlane` / `v_writelane`: src1 is an SGPR lane select.
    pub const LANE_SELECT: u32 = 1 << 12;
    /// `v_readlane` / `v_readfirstlane`: src0 is a VGPR read across lanes.
    pub const READLANE: u32 = 1 << 13;
    pub const SETREG: u32 = 1 << 14;
    pub const GETREG: u32 = 1 << 15;
    /// `s_nop`: N + 1 wait states.
    pub const NOP: u32 = 1 << 16;
    /// `s_waitcnt_depctr`.
    pub const DEPCTR: u32 = 1 << 17;
    /// Per instruction: a DPP16 / DPP8 encoding.
    pub const DPP: u32 = 1 << 18;
    /// Per instruction: writes part of its destination VGPR (SDWA
    /// `dst_sel` other than DWORD, VOP3 `op_sel[3]`).
    pub const PARTIAL: u32 = 1 << 19;
    /// Per instruction: a MUBUF/MTBUF/FLAT store of more than 8 bytes
    /// (without an SGPR `soffset` for MUBUF/MTBUF).
    pub const WIDE_STORE: u32 = 1 << 20;

    pub fn has(self, bits: u32) -> bool {
        self.0 & bits != 0
    }
}

impl RuleInfo {
    /// Whether an instruction of classes `c` produces for this rule.
    pub fn produces(&self, c: Classes) -> bool {
        c.has(self.producer) && !c.has(self.producer_not)
    }

    /// Whether an instruction of classes `c` consumes for this rule.
    pub fn consumes(&self, c: Classes) -> bool {
        c.has(self.consumer) && !c.has(self.consumer_not)
    }
}

/// [`classes`] of every opcode of `gen`'s table. The tables are built by
/// `const fn`s when the crate compiles (like the lookup indexes of
/// `isa::index`), so nothing is computed at process start.
pub fn table_classes(gen: Generation) -> &'static [Classes] {
    match gen {
        Generation::Gfx9 => &GFX9_CLASSES,
        Generation::Gfx11 => &GFX11_CLASSES,
    }
}

static GFX9_CLASSES: [Classes; crate::isa::gfx9::OPCODES.len()] =
    all_classes(crate::isa::gfx9::OPCODES, &crate::isa::op::GFX9_OP);
static GFX11_CLASSES: [Classes; crate::isa::gfx11::OPCODES.len()] =
    all_classes(crate::isa::gfx11::OPCODES, &crate::isa::op::GFX11_OP);

/// The classes of every row of a table whose rows are the instructions `ops`.
const fn all_classes<const N: usize>(table: &[OpInfo], ops: &[Op]) -> [Classes; N] {
    let mut out = [Classes(0); N];
    let mut row = 0;
    while row < N {
        let named = if row < ops.len() {
            op_classes(ops[row])
        } else {
            0
        };
        out[row] = Classes(flag_classes(&table[row]) | named);
        row += 1;
    }
    out
}

/// The classes of row `opcode` of `gen`'s table: its flags and family,
/// and what [`op_classes`] says of its [`Op`] (empty outside the table).
pub fn classes(gen: Generation, opcode: Opcode) -> Classes {
    table_classes(gen)
        .get(opcode.0 as usize)
        .copied()
        .unwrap_or_default()
}

/// The classes an opcode's table flags and family give.
const fn flag_classes(info: &OpInfo) -> u32 {
    let f = info.flags.0;
    let mem = matches!(
        info.family,
        Family::Flat
            | Family::Global
            | Family::Scratch
            | Family::Mubuf
            | Family::Mtbuf
            | Family::Ds
    );
    let pairs = [
        (Flags::TRANS, Classes::TRANS),
        (Flags::MFMA, Classes::MFMA),
        (Flags::XDL, Classes::XDL),
        (Flags::DGEMM, Classes::DGEMM),
        (Flags::DOT, Classes::DOT),
        (Flags::WMMA, Classes::WMMA),
        (Flags::SMEM, Classes::SMEM),
        (Flags::SALU, Classes::SALU),
    ];
    let mut c = 0;
    let mut i = 0;
    while i < pairs.len() {
        if f & pairs[i].0 != 0 {
            c |= pairs[i].1;
        }
        i += 1;
    }
    if f & Flags::VALU != 0 && !mem {
        c |= Classes::VALU;
    }
    if mem {
        c |= if matches!(info.family, Family::Ds) {
            Classes::DS
        } else {
            Classes::VMEM
        };
    }
    c
}

/// The classes of the few instructions the manuals single out ([CDNA3]
/// §4.5), whatever their encoding (`_e32`, `_e64`) or generation.
pub const fn op_classes(op: Op) -> u32 {
    match op {
        Op::S_NOP => Classes::NOP,
        Op::V_DIV_FMAS_F32 | Op::V_DIV_FMAS_F64 => Classes::DIV_FMAS,
        Op::V_READLANE_B32 => Classes::LANE_SELECT | Classes::READLANE,
        Op::V_WRITELANE_B32 => Classes::LANE_SELECT,
        Op::V_READFIRSTLANE_B32 => Classes::READLANE,
        Op::S_SETREG_B32 | Op::S_SETREG_IMM32_B32 => Classes::SETREG,
        Op::S_GETREG_B32 => Classes::GETREG,
        Op::S_WAITCNT_DEPCTR => Classes::DEPCTR,
        _ => 0,
    }
}

/// The register a rule's dependency goes through.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Via {
    /// An SGPR (VCC included) the producer writes and the consumer reads.
    Sgpr,
    /// VCC, read implicitly by the consumer.
    Vcc,
    /// The SGPR a lane-select operand names.
    LaneSelect,
    /// EXEC, written by the producer; the consumer runs under it.
    Exec,
    /// A VGPR (or AGPR) the producer writes and the consumer reads.
    Vgpr,
    /// A VGPR the consumer overwrites while the producer still reads it.
    VgprWar,
    /// A VGPR both write.
    VgprWaw,
    /// The hardware register an `s_setreg` writes.
    Hwreg,
}

/// Whether two accesses of the same VGPR, each the whole register
/// (`half` 0) or one true16 half (1 `v3.l`, 2 `v3.h`), depend on each
/// other. LLVM's hazard recognizer compares register units, and on GFX11
/// the two 16-bit halves are distinct units (`VGPR_LO16` / `VGPR_HI16`):
/// a transcendental writing `v3.h` does not feed a reader of `v3.l`. A
/// whole-register access overlaps both halves.
pub const fn vgpr_parts_overlap(a_half: u8, b_half: u8) -> bool {
    a_half == 0 || b_half == 0 || a_half == b_half
}

/// What a rule requires between producer and consumer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wait {
    /// At least this many wait states.
    States(u32),
    /// Wait states from the producer's MFMA passes (CDNA3 ISA §7.6); see
    /// [`mfma_mfma`], [`mfma_read`], [`mfma_srcc_war`].
    MfmaPasses,
    /// GFX11: `s_waitcnt_depctr va_vdst(0)` unless more than this many
    /// VALUs (or more than one further transcendental) issue between.
    DepctrUnlessValus(u32),
    /// GFX11: at least one other VALU (`v_nop`) between.
    Valus(u32),
}

/// One rule, as data.
#[derive(Clone, Copy, Debug)]
pub struct RuleInfo {
    pub rule: Rule,
    /// Short name, used in reports and to turn a rule off.
    pub name: &'static str,
    /// What the rule is, in the ISA manual's words.
    pub describe: &'static str,
    /// Where it is documented.
    pub section: &'static str,
    pub processors: &'static [Processor],
    /// Classes of which the producer has at least one.
    pub producer: u32,
    /// Classes the producer must not have.
    pub producer_not: u32,
    /// Classes of which the consumer has at least one.
    pub consumer: u32,
    /// Classes the consumer must not have.
    pub consumer_not: u32,
    pub via: Via,
    pub wait: Wait,
}

const GFX942: &[Processor] = &[Processor::Gfx942];

macro_rules! rule {
    ($rule:ident, $name:literal, $describe:literal, $section:expr, $procs:expr,
     $producer:expr, $producer_not:expr, $consumer:expr, $consumer_not:expr, $via:ident,
     $wait:expr) => {
        RuleInfo {
            rule: Rule::$rule,
            name: $name,
            describe: $describe,
            section: $section,
            processors: $procs,
            producer: $producer,
            producer_not: $producer_not,
            consumer: $consumer,
            consumer_not: $consumer_not,
            via: Via::$via,
            wait: $wait,
        }
    };
}

const CDNA3_45: &str = "CDNA3 ISA §4.5 \"Manually Inserted Wait States (NOPs)\"";
const CDNA3_76: &str =
    "CDNA3 ISA §7.6 \"Dependency Resolution: Required Independent Instructions\"";

/// Every rule, in [`Rule`] order.
pub const RULES: [RuleInfo; 20] = {
    use Classes as K;
    use Wait::*;
    [
        rule!(
            ValuSgprVmem,
            "valu_sgpr_vmem",
            "VALU writes SGPR -> VMEM reads that SGPR",
            CDNA3_45,
            GFX942,
            K::VALU,
            0,
            K::VMEM,
            0,
            Sgpr,
            States(5)
        ),
        rule!(
            ValuVccDivFmas,
            "valu_vcc_div_fmas",
            "VALU writes VCC -> v_div_fmas",
            CDNA3_45,
            GFX942,
            K::VALU,
            0,
            K::DIV_FMAS,
            0,
            Vcc,
            States(4)
        ),
        rule!(
            ValuSgprLaneSelect,
            "valu_sgpr_lane_select",
            "VALU writes SGPR -> v_readlane/v_writelane lane select",
            CDNA3_45,
            GFX942,
            K::VALU,
            0,
            K::LANE_SELECT,
            0,
            LaneSelect,
            States(4)
        ),
        rule!(
            ValuSgprValu,
            "valu_sgpr_valu",
            "VALU writes SGPR/VCC -> VALU reads it",
            "CDNA3 ISA §4.5 (gfx940+; LLVM \"VALU write SGPR -> VALU read\")",
            GFX942,
            K::VALU,
            0,
            K::VALU,
            0,
            Sgpr,
            States(2)
        ),
        rule!(
            ValuExecLane,
            "valu_exec_lane",
            "VALU writes EXEC -> v_readlane/v_readfirstlane/v_writelane",
            CDNA3_45,
            GFX942,
            K::VALU,
            0,
            K::LANE_SELECT | K::READLANE,
            0,
            Exec,
            States(4)
        ),
        rule!(
            ValuVgprReadlane,
            "valu_vgpr_readlane",
            "VALU writes VGPR -> v_readlane/v_readfirstlane reads it",
            CDNA3_45,
            GFX942,
            K::VALU,
            K::MFMA,
            K::READLANE,
            0,
            Vgpr,
            States(1)
        ),
        rule!(
            SetregGetreg,
            "setreg_getreg",
            "s_setreg -> s_getreg/s_setreg of the same register",
            CDNA3_45,
            GFX942,
            K::SETREG,
            0,
            K::SETREG | K::GETREG,
            0,
            Hwreg,
            States(2)
        ),
        rule!(
            ValuVgprDpp,
            "valu_vgpr_dpp",
            "VALU writes VGPR -> DPP reads that VGPR",
            CDNA3_45,
            GFX942,
            K::VALU,
            K::MFMA,
            K::DPP,
            0,
            Vgpr,
            States(2)
        ),
        rule!(
            ValuExecDpp,
            "valu_exec_dpp",
            "VALU writes EXEC -> DPP",
            CDNA3_45,
            GFX942,
            K::VALU,
            0,
            K::DPP,
            0,
            Exec,
            States(5)
        ),
        rule!(
            TransUse,
            "trans_use",
            "transcendental VALU -> non-transcendental use of its result",
            "LLVM GCNHazardRecognizer \"trans use\" (gfx940)",
            GFX942,
            K::TRANS,
            K::MFMA,
            K::VALU,
            K::TRANS | K::MFMA,
            Vgpr,
            States(1)
        ),
        rule!(
            DstSelUse,
            "dst_sel_use",
            "VALU partial (dst_sel/op_sel) write -> VALU reads it",
            CDNA3_45,
            GFX942,
            K::PARTIAL,
            K::MFMA,
            K::VALU,
            0,
            Vgpr,
            States(1)
        ),
        rule!(
            WideStoreData,
            "wide_store_data",
            "store of more than 8 bytes -> VALU overwrites its data",
            CDNA3_45,
            GFX942,
            K::WIDE_STORE,
            0,
            K::VALU,
            0,
            VgprWar,
            States(2)
        ),
        rule!(
            ValuExecMfma,
            "valu_exec_mfma",
            "VALU writes EXEC -> MFMA",
            CDNA3_76,
            GFX942,
            K::VALU,
            K::MFMA,
            K::MFMA,
            0,
            Exec,
            States(4)
        ),
        rule!(
            ValuVgprMfma,
            "valu_vgpr_mfma",
            "VALU writes VGPR -> MFMA reads it",
            CDNA3_76,
            GFX942,
            K::VALU,
            K::MFMA | K::DOT,
            K::MFMA,
            0,
            Vgpr,
            States(2)
        ),
        rule!(
            MfmaMfma,
            "mfma_mfma",
            "MFMA writes VGPR -> MFMA reads it",
            CDNA3_76,
            GFX942,
            K::MFMA,
            0,
            K::MFMA,
            0,
            Vgpr,
            MfmaPasses
        ),
        rule!(
            MfmaRead,
            "mfma_read",
            "MFMA writes VGPR -> VALU/memory reads it",
            CDNA3_76,
            GFX942,
            K::MFMA,
            0,
            K::VALU | K::VMEM | K::DS,
            0,
            Vgpr,
            MfmaPasses
        ),
        rule!(
            MfmaWaw,
            "mfma_waw",
            "MFMA writes VGPR -> VALU writes it",
            CDNA3_76,
            GFX942,
            K::MFMA,
            0,
            K::VALU,
            0,
            VgprWaw,
            MfmaPasses
        ),
        rule!(
            MfmaSrcCWar,
            "mfma_srcc_war",
            "MFMA reads SrcC -> VALU writes it",
            CDNA3_76,
            GFX942,
            K::XDL,
            0,
            K::VALU,
            0,
            VgprWar,
            MfmaPasses
        ),
        rule!(
            TransUseGfx11,
            "trans_use_gfx11",
            "transcendental VALU -> VALU use without s_waitcnt_depctr va_vdst(0)",
            "RDNA3 ISA §5.7; LLVM fixVALUTransUseHazard (GFX11.0 only, RDNA3.5 has none)",
            &[Processor::Gfx1100],
            K::TRANS,
            0,
            K::VALU,
            0,
            Vgpr,
            DepctrUnlessValus(5)
        ),
        rule!(
            WmmaOperand,
            "wmma_operand",
            "WMMA writes D -> next WMMA reads it as A/B",
            "LLVM GCNHazardRecognizer fixWMMAHazards (RDNA3)",
            &[Processor::Gfx1100, Processor::Gfx1151],
            K::WMMA,
            0,
            K::WMMA,
            0,
            Vgpr,
            Valus(1)
        ),
    ]
};

// The table is in `Rule` order, so `Rule::info` is an index.
const _: () = {
    let mut i = 0;
    while i < RULES.len() {
        assert!(RULES[i].rule as usize == i, "RULES out of Rule order");
        i += 1;
    }
};

impl Rule {
    pub const ALL: [Rule; 20] = {
        let mut all = [Rule::ValuSgprVmem; 20];
        let mut i = 0;
        while i < 20 {
            all[i] = RULES[i].rule;
            i += 1;
        }
        all
    };

    pub const fn info(self) -> &'static RuleInfo {
        &RULES[self as usize]
    }

    /// The short name used in reports and to turn the rule off.
    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// What the rule is, in the ISA manual's words.
    pub fn describe(self) -> &'static str {
        self.info().describe
    }

    /// The rule's bit in a rule mask.
    pub const fn bit(self) -> u32 {
        1 << self as u32
    }

    /// Whether the rule applies on `p`.
    pub fn applies(self, p: Processor) -> bool {
        self.info().processors.contains(&p)
    }

    /// The fixed wait-state count of a [`Wait::States`] rule (0 for the
    /// others).
    #[inline]
    pub const fn states(self) -> u32 {
        match self.info().wait {
            Wait::States(n) => n,
            _ => 0,
        }
    }

    /// The bits of the rules that do not apply on `p` (a constant for
    /// checkers that mask rules per instruction).
    pub const fn not_on(p: Processor) -> u32 {
        let mut m = 0;
        let mut i = 0;
        while i < RULES.len() {
            let procs = RULES[i].processors;
            let mut on = false;
            let mut j = 0;
            while j < procs.len() {
                on |= procs[j] as u8 == p as u8;
                j += 1;
            }
            if !on {
                m |= RULES[i].rule.bit();
            }
            i += 1;
        }
        m
    }
}

/// An MFMA producer's kind, from its table entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Mfma {
    pub passes: u8,
    pub xdl: bool,
    pub dgemm: bool,
}

/// Wait states an MFMA `w` result needs before MFMA `r` reads it (CDNA3
/// ISA §7.6): as A/B (`src_c` false), XDL N+3, other N+2 for N passes;
/// DGEMM 16x16 11, 4x4 6. As C: the same register range (`same_c`) chains
/// for free except 2-pass non-XDL (2) and DGEMM 4x4 into DGEMM (4); an
/// overlapping but different range XDL N+1, other N; DGEMM 4x4 4, else 9,
/// and nothing into an XDL reader.
pub fn mfma_mfma(w: Mfma, r: Mfma, src_c: bool, same_c: bool) -> u32 {
    let n = w.passes as u32;
    if src_c {
        if same_c {
            return if w.dgemm && r.dgemm && n == 4 {
                4
            } else if !w.xdl && !w.dgemm && n == 2 {
                2
            } else {
                0
            };
        }
        if w.dgemm {
            return match (n, r.xdl) {
                (_, true) => 0,
                (4, _) => 4,
                _ => 9,
            };
        }
        if r.xdl && !w.xdl {
            return 0;
        }
        return if w.xdl { n + 1 } else { n };
    }
    if w.dgemm {
        return if n == 4 { 6 } else { 11 };
    }
    if w.xdl {
        n + 3
    } else {
        n + 2
    }
}

/// Wait states an MFMA result needs before a VALU (or memory, `mem`)
/// instruction reads it or a VALU overwrites it (CDNA3 ISA §7.6): XDL
/// N+3, other N+2; DGEMM 4x4 6 (memory 9), 16x16 11 (memory 18).
pub fn mfma_read(w: Mfma, mem: bool) -> u32 {
    let n = w.passes as u32;
    if w.dgemm {
        return match (n, mem) {
            (4, true) => 9,
            (4, false) => 6,
            (_, true) => 18,
            (_, false) => 11,
        };
    }
    if w.xdl {
        n + 3
    } else {
        n + 2
    }
}

/// Wait states before a VALU overwrites the C operand of an XDL MFMA of
/// `passes` passes still reading it (CDNA3 ISA §7.6): 2 passes 1, 4 passes
/// 3, 8 passes 7, 16 passes 15.
pub fn mfma_srcc_war(passes: u8) -> u32 {
    match passes {
        2 => 1,
        4 => 3,
        8 => 7,
        _ => 15,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::isa::table;

    /// The compile-time class tables hold, per row, the row's flag classes
    /// and its [`Op`]'s named classes; a few rows checked by name.
    #[test]
    fn class_tables_follow_the_opcode_tables() {
        for gen in [Generation::Gfx9, Generation::Gfx11] {
            let t = table::table(gen);
            assert_eq!(table_classes(gen).len(), t.len());
            for (row, info) in t.iter().enumerate() {
                let opcode = Opcode(row as u16);
                let named = Op::of(gen, opcode).map_or(0, op_classes);
                assert_eq!(
                    classes(gen, opcode),
                    Classes(flag_classes(info) | named),
                    "{}",
                    info.name
                );
            }
            assert_eq!(classes(gen, Opcode(t.len() as u16)), Classes(0));
        }
        let p = Processor::Gfx942;
        let c = |op: Op| classes(p.generation(), op.on(p).unwrap());
        assert!(c(Op::S_NOP).has(Classes::NOP));
        assert!(c(Op::V_READLANE_B32).has(Classes::LANE_SELECT | Classes::READLANE));
        assert_eq!(
            c(Op::GLOBAL_LOAD_DWORD).0 & (Classes::VMEM | Classes::VALU),
            Classes::VMEM
        );
        assert!(c(Op::V_ADD_U32_e32).has(Classes::VALU));
    }

    #[test]
    fn rules_are_in_order_and_named_once() {
        let mut names: Vec<_> = Rule::ALL.iter().map(|r| r.name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), Rule::ALL.len());
        for (i, r) in Rule::ALL.iter().enumerate() {
            assert_eq!(*r as usize, i);
            assert!(!r.info().processors.is_empty(), "{r:?}");
        }
    }

    #[test]
    fn true16_halves_are_distinct_registers() {
        assert!(!vgpr_parts_overlap(1, 2));
        assert!(!vgpr_parts_overlap(2, 1));
        assert!(vgpr_parts_overlap(1, 1) && vgpr_parts_overlap(2, 2));
        assert!(vgpr_parts_overlap(0, 1) && vgpr_parts_overlap(2, 0));
        assert!(vgpr_parts_overlap(0, 0));
    }

    #[test]
    fn processor_predicates() {
        assert!(Rule::ValuSgprVmem.applies(Processor::Gfx942));
        assert!(!Rule::ValuSgprVmem.applies(Processor::Gfx1100));
        assert!(Rule::TransUseGfx11.applies(Processor::Gfx1100));
        assert!(!Rule::TransUseGfx11.applies(Processor::Gfx1151));
        assert_eq!(
            Rule::not_on(Processor::Gfx1151),
            !Rule::WmmaOperand.bit() & ((1 << 20) - 1)
        );
    }

    /// Classes from the table, as CDNA3 ISA §7.1 lists the MFMA shapes.
    #[test]
    fn classes_come_from_the_table() {
        let t = table::table(Generation::Gfx9);
        let c = |name: &str| {
            let row = t.iter().position(|i| i.name == name).expect(name);
            classes(Generation::Gfx9, Opcode(row as u16)).0
        };
        let m = Classes::MFMA | Classes::VALU;
        assert_eq!(c("v_mfma_f32_32x32x2_f32"), m);
        assert_eq!(c("v_mfma_f32_16x16x16_f16"), m | Classes::XDL);
        assert_eq!(c("v_mfma_f64_4x4x4_4b_f64"), m | Classes::DGEMM);
        assert_eq!(c("v_dot2_f32_f16"), Classes::VALU | Classes::DOT);
        assert_eq!(c("s_nop"), Classes::SALU | Classes::NOP);
        assert_eq!(c("global_load_dword"), Classes::VMEM);
        assert_eq!(c("ds_read_b32"), Classes::DS);
        assert_eq!(c("v_div_fmas_f32"), Classes::VALU | Classes::DIV_FMAS);
        assert_eq!(c("v_exp_f32_e32") & Classes::TRANS, Classes::TRANS);
        assert_eq!(
            c("v_readlane_b32"),
            Classes::VALU | Classes::LANE_SELECT | Classes::READLANE
        );
    }

    /// Every row of the instructions CDNA3 §4.5 / RDNA3 §5.7 name, in
    /// any encoding (`_e32`, `_e64`) and generation, gets that class from
    /// its `Op`, and no other row does.
    #[test]
    fn named_classes_cover_every_encoding() {
        let named: [(&str, u32); 10] = [
            ("s_nop", Classes::NOP),
            ("v_div_fmas_f32", Classes::DIV_FMAS),
            ("v_div_fmas_f64", Classes::DIV_FMAS),
            ("v_readlane_b32", Classes::LANE_SELECT | Classes::READLANE),
            ("v_writelane_b32", Classes::LANE_SELECT),
            ("v_readfirstlane_b32", Classes::READLANE),
            ("s_setreg_b32", Classes::SETREG),
            ("s_setreg_imm32_b32", Classes::SETREG),
            ("s_getreg_b32", Classes::GETREG),
            ("s_waitcnt_depctr", Classes::DEPCTR),
        ];
        let all = named.iter().fold(0, |a, &(_, c)| a | c);
        for gen in [Generation::Gfx9, Generation::Gfx11] {
            let mut seen = 0;
            for (row, info) in table::table(gen).iter().enumerate() {
                let base = info
                    .name
                    .strip_suffix("_e64")
                    .or_else(|| info.name.strip_suffix("_e32"))
                    .unwrap_or(info.name);
                let want = named.iter().find(|n| n.0 == base).map_or(0, |n| n.1);
                let got = classes(gen, Opcode(row as u16)).0 & all;
                assert_eq!(got, want, "{gen:?} {}", info.name);
                seen |= want;
            }
            let expect = if gen == Generation::Gfx9 {
                all & !Classes::DEPCTR
            } else {
                all
            };
            assert_eq!(seen, expect, "{gen:?}");
        }
        assert_eq!(classes(Generation::Gfx9, Opcode(u16::MAX)), Classes(0));
    }

    #[test]
    fn mfma_waits() {
        let xdl8 = Mfma {
            passes: 8,
            xdl: true,
            dgemm: false,
        };
        let f32_16 = Mfma {
            passes: 16,
            ..Mfma::default()
        };
        let dgemm4 = Mfma {
            passes: 4,
            dgemm: true,
            xdl: false,
        };
        assert_eq!(mfma_mfma(xdl8, xdl8, false, false), 11);
        assert_eq!(mfma_mfma(f32_16, xdl8, false, false), 18);
        assert_eq!(mfma_mfma(xdl8, xdl8, true, true), 0);
        assert_eq!(mfma_mfma(xdl8, xdl8, true, false), 9);
        assert_eq!(mfma_mfma(dgemm4, dgemm4, true, true), 4);
        assert_eq!(mfma_read(dgemm4, true), 9);
        assert_eq!(mfma_read(xdl8, false), 11);
        assert_eq!(mfma_srcc_war(4), 3);
    }
}
