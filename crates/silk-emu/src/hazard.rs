//! Strict mode's hazard checks: the dependencies the hardware does not
//! interlock, which software must cover with independent instructions or
//! `s_nop` (GFX9) or `s_waitcnt_depctr` (GFX11).
//!
//! The checks follow the executed instruction stream of each wave, so they
//! see exactly what the hardware sees across branches. Every instruction
//! counts one wait state, `s_nop N` counts N + 1 (CDNA3 ISA §4.5 "Manually
//! Inserted Wait States (NOPs)"). Each rule is one [`Rule`] with the number
//! of wait states it needs; a violation is a fault naming the rule, both
//! instructions and their pcs, the wait states required and those present.
//!
//! The rules themselves (names, sections, processors, producer and
//! consumer classes, wait states, the MFMA pass formulas) are the data of
//! [`silk_amdgpu::hazard`], which the compiler's hazard pass reads too;
//! this module finds, per executed instruction, the producers the rules
//! name. The GFX11 trans-use rule counts VALUs since the transcendental
//! (at most 5 VALUs, at most 1 more transcendental and no VMEM/DS or
//! `s_waitcnt_depctr va_vdst(0)` between still need `va_vdst(0)`); the
//! WMMA rule needs one other VALU between two WMMAs.
//!
//! Not checked: SALU writes M0 -> M0 reader (the ISA table has no
//! reads-M0 attribute to find the readers by); on GFX11 LDS-direct, VALU
//! partial forwarding and the wave64 SGPR/VCC mask hazards clang covers
//! with `s_waitcnt_depctr sa_sdst(0)` / `va_vcc(0)`; soft-clause breaks
//! (xnack replay).

use crate::error::{Fault, FaultKind};
use silk_amdgpu::hazard;
use silk_amdgpu::isa::format::Field;
use silk_amdgpu::isa::operand::{AGPR0, VGPR0};
use silk_amdgpu::isa::{dpp, print, Family, Flags, Inst, Kind, OpInfo, Operand, Variant};
use silk_amdgpu::target::{Generation, Processor};

/// The documented hazard rules: names, processors and wait states are the
/// data in [`silk_amdgpu::hazard::RULES`], shared with the compiler.
pub use silk_amdgpu::hazard::Rule;

// ---- per-opcode tags, set once from the shared hazard classes --------

pub const T_NOP: u16 = 1 << 0;
pub const T_DIV_FMAS: u16 = 1 << 1;
/// `v_readlane` / `v_writelane`: src1 is the lane select.
pub const T_RWLANE: u16 = 1 << 2;
/// `v_readlane` / `v_readfirstlane`: src0 is the VGPR read.
pub const T_READLANE: u16 = 1 << 3;
pub const T_SETREG: u16 = 1 << 4;
pub const T_GETREG: u16 = 1 << 5;
pub const T_XDL: u16 = 1 << 6;
pub const T_DGEMM: u16 = 1 << 7;
pub const T_DOT: u16 = 1 << 8;
pub const T_DEPCTR: u16 = 1 << 9;

/// Tags of an opcode from its [`silk_amdgpu::hazard::classes`] (the
/// instructions some rules single out by [`silk_amdgpu::isa::Op`], and
/// the MFMA kind and dot class from the table's flags), the same classes
/// the compiler's hazard pass reads. Pass counts come from
/// [`OpInfo::mfma_passes`].
pub fn tags_of(c: hazard::Classes) -> u16 {
    use silk_amdgpu::hazard::Classes as K;
    [
        (K::NOP, T_NOP),
        (K::DIV_FMAS, T_DIV_FMAS),
        (K::LANE_SELECT, T_RWLANE),
        (K::READLANE, T_READLANE),
        (K::SETREG, T_SETREG),
        (K::GETREG, T_GETREG),
        (K::DEPCTR, T_DEPCTR),
        (K::DOT, T_DOT),
        (K::XDL, T_XDL),
        (K::DGEMM, T_DGEMM),
    ]
    .iter()
    .filter(|&&(k, _)| c.has(k))
    .fold(0, |t, &(_, tag)| t | tag)
}

/// A register range read or written: AGPR?, first register, count, the
/// true16 half (0 whole, 1 low, 2 high) and for reads the source number
/// (0..2, 3 = other).
#[derive(Clone, Copy, Debug, Default)]
struct Range {
    agpr: bool,
    start: u16,
    count: u8,
    half: u8,
    src: u8,
}

impl Range {
    fn overlaps(&self, o: &Range) -> bool {
        self.agpr == o.agpr
            && self.start < o.start + o.count as u16
            && o.start < self.start + self.count as u16
            && hazard::vgpr_parts_overlap(self.half, o.half)
    }

    /// Indices (0 low, 1 high) of the 16-bit halves the range touches in
    /// each of its registers.
    fn parts(&self) -> impl Iterator<Item = usize> + '_ {
        (0..2u8)
            .filter(|&p| hazard::vgpr_parts_overlap(self.half, p + 1))
            .map(usize::from)
    }
}

const C_VALU: u16 = 1 << 0;
const C_TRANS: u16 = 1 << 1;
const C_MFMA: u16 = 1 << 2;
const C_MEM: u16 = 1 << 3;
const C_SALU: u16 = 1 << 4;
const C_DPP: u16 = 1 << 5;
/// Writes part of its destination VGPR (SDWA dst_sel, VOP3 op_sel[3]).
const C_PARTIAL: u16 = 1 << 6;
const C_WMMA: u16 = 1 << 8;
/// `s_waitcnt_depctr` with va_vdst = 0 (bits 15:12).
const C_VA_VDST0: u16 = 1 << 9;
const C_VMEM: u16 = 1 << 10;

/// What the hazard checks need of one decoded instruction.
#[derive(Clone, Debug, Default)]
pub struct HazardInfo {
    class: u16,
    tags: u16,
    passes: u8,
    /// Wait states this instruction provides (s_nop N: N + 1).
    states: u8,
    sgpr_reads: u128,
    sgpr_writes: u128,
    /// SGPR lane select of v_readlane / v_writelane.
    lane_select: u128,
    vreads: [Range; 6],
    nreads: u8,
    vwrite: Option<Range>,
    /// Data VGPRs of a store of more than 8 bytes.
    wide_store: Option<Range>,
    hwreg: u8,
    /// A consumer of a rule whose producers are not tracked by
    /// [`HazardState::hot_until`] (VMEM, DPP, lane ops, MFMA, ...).
    special: bool,
}

impl HazardInfo {
    fn reads(&self) -> &[Range] {
        &self.vreads[..self.nreads as usize]
    }

    fn push_read(&mut self, r: Range) {
        if (self.nreads as usize) < self.vreads.len() {
            self.vreads[self.nreads as usize] = r;
            self.nreads += 1;
        }
    }

    /// Build from a decoded instruction. `classes` are its opcode's
    /// [`silk_amdgpu::hazard::table_classes`] entry, `passes` from
    /// [`OpInfo::mfma_passes`]; `ws` is the wave size, `gen` the
    /// processor's generation.
    pub fn new(
        gen: Generation,
        inst: &Inst,
        info: &OpInfo,
        classes: hazard::Classes,
        passes: u8,
        ws: usize,
    ) -> Self {
        use silk_amdgpu::hazard::Classes as K;
        let f = info.flags;
        let tags = tags_of(classes);
        let mut h = HazardInfo {
            tags,
            passes,
            states: 1,
            ..Default::default()
        };
        let fam = info.family;
        for (k, c) in [
            (K::VALU, C_VALU),
            (K::TRANS, C_TRANS),
            (K::MFMA, C_MFMA),
            (K::WMMA, C_WMMA),
            (K::VMEM | K::DS, C_MEM),
            (K::VMEM, C_VMEM),
            (K::SALU, C_SALU),
        ] {
            if classes.has(k) {
                h.class |= c;
            }
        }
        if matches!(inst.mods.variant, Variant::Dpp16 | Variant::Dpp8) {
            h.class |= C_DPP;
        }
        let imm0 = match inst.operands.first() {
            Some(Operand::Imm(v)) => *v as u32,
            _ => 0,
        };
        if tags & T_NOP != 0 {
            h.states = (imm0 & 0xf) as u8 + 1;
        }
        if tags & T_DEPCTR != 0 && imm0 >> 12 & 0xf == 0 {
            h.class |= C_VA_VDST0;
        }
        if tags & (T_SETREG | T_GETREG) != 0 {
            let i = if tags & T_GETREG != 0 { 1 } else { 0 };
            if let Some(Operand::Imm(v)) = inst.operands.get(i) {
                h.hwreg = (*v & 0x3f) as u8;
            }
        }
        let mask_dwords = if ws == 64 { 2 } else { 1 };
        let load_dst = f.has(Flags::MAY_LOAD) && !f.has(Flags::MAY_STORE);
        let n = inst.num_operands as usize;
        let mut defs_so_far = true;
        for (i, op) in inst.operands[..n].iter().enumerate() {
            let Some(spec) = info.operands.get(i) else {
                break;
            };
            let dst_field = matches!(
                spec.field,
                Field::Vdst | Field::Sdst | Field::Sdst3 | Field::VdstY
            ) || (spec.field == Field::Data0 && load_dst && fam != Family::Ds)
                || (spec.field == Field::Sdata && load_dst);
            let dst_field = dst_field && tags & T_SETREG == 0;
            let (code, count, half) = match (spec.kind, op) {
                (Kind::Implicit(c), _) => (c, mask_dwords, 0),
                (_, Operand::Reg { code, count, half }) => {
                    // Memory operands whose width other fields set (a
                    // global address with an SGPR base is one VGPR).
                    let count = (*count).max(spec.dwords).max(1);
                    let count = print::effective_count(gen, info, inst, spec, count);
                    (*code, count as u16, *half)
                }
                _ => {
                    defs_so_far = false;
                    continue;
                }
            };
            let def = if matches!(spec.kind, Kind::Implicit(_)) {
                defs_so_far
            } else {
                dst_field
            };
            if !def {
                defs_so_far = false;
            }
            // SGPR-like state: s0..s127 (VCC 106, M0, EXEC 126).
            if code < 128 {
                let bits = mask_bits(code, count);
                if def {
                    h.sgpr_writes |= bits;
                } else {
                    h.sgpr_reads |= bits;
                    if tags & T_RWLANE != 0 && spec.field == Field::Src1 {
                        h.lane_select |= bits;
                    }
                }
                continue;
            }
            if code < VGPR0 {
                continue;
            }
            let agpr = code >= AGPR0;
            let r = Range {
                agpr,
                start: code - if agpr { AGPR0 } else { VGPR0 },
                count: count.min(32) as u8,
                half: if count == 1 { half } else { 0 },
                src: match spec.field {
                    Field::Src0 | Field::Src0Y => 0,
                    Field::Src1 | Field::Src1Y => 1,
                    Field::Src2 => 2,
                    _ => 3,
                },
            };
            if def {
                h.vwrite = Some(r);
            } else {
                h.push_read(r);
                // VMEM stores only (CDNA3 ISA §4.5); DS stores read their
                // data at issue (clang writes over it at once).
                if f.has(Flags::MAY_STORE)
                    && fam != Family::Ds
                    && matches!(spec.field, Field::Data0 | Field::Data1)
                    && r.count > 2
                {
                    h.wide_store = Some(r);
                }
            }
        }
        // A MUBUF/MTBUF store with an SGPR soffset has no data hazard
        // (the ISA table's footnote; LLVM `createsVALUHazard`).
        if matches!(fam, Family::Mubuf | Family::Mtbuf) {
            if let Some(Operand::Reg { code, .. }) = inst.operands.get(3) {
                if *code < 128 {
                    h.wide_store = None;
                }
            }
        }
        if f.has(Flags::WRITES_EXEC) {
            h.sgpr_writes |= mask_bits(126, mask_dwords);
        }
        if f.has(Flags::WRITES_VCC) {
            h.sgpr_writes |= mask_bits(106, mask_dwords);
        }
        if f.has(Flags::READS_VCC) || tags & T_DIV_FMAS != 0 {
            h.sgpr_reads |= mask_bits(106, mask_dwords);
        }
        h.special = h.class & (C_VMEM | C_DPP | C_MFMA) != 0
            || tags & (T_DIV_FMAS | T_RWLANE | T_READLANE | T_SETREG | T_GETREG) != 0;
        if h.class & C_VALU != 0 {
            let sdwa_partial = inst.mods.variant == Variant::Sdwa
                && dpp::get(inst.mods.extra, dpp::SDWA_DST_SEL) != 6;
            let opsel_dst = fam == Family::Vop3 && inst.mods.op_sel & 8 != 0;
            if (sdwa_partial || opsel_dst) && h.vwrite.is_some() {
                h.class |= C_PARTIAL;
            }
        }
        h
    }

    /// The VGPR/AGPR ranges read, as (AGPR?, first, count), for the
    /// timing model.
    pub(crate) fn timing_reads(&self) -> impl Iterator<Item = (bool, u16, u8)> + '_ {
        self.reads().iter().map(|r| (r.agpr, r.start, r.count))
    }

    /// The VGPR/AGPR range written, for the timing model.
    pub(crate) fn timing_write(&self) -> Option<(bool, u16, u8)> {
        self.vwrite.map(|r| (r.agpr, r.start, r.count))
    }

    /// SGPR-like registers read and written (bit per code 0..127).
    pub(crate) fn timing_sgprs(&self) -> (u128, u128) {
        (self.sgpr_reads, self.sgpr_writes)
    }

    /// Merge the Y half of a VOPD pair (one VALU issue).
    pub fn merge(&mut self, y: &HazardInfo) {
        self.sgpr_reads |= y.sgpr_reads;
        self.sgpr_writes |= y.sgpr_writes;
        for r in y.reads() {
            self.push_read(*r);
        }
        if self.vwrite.is_none() {
            self.vwrite = y.vwrite;
        }
    }
}

fn mask_bits(code: u16, count: u16) -> u128 {
    let mut m = 0u128;
    for c in code..(code + count).min(128) {
        m |= 1 << c;
    }
    m
}

/// The last write of a register by a producer the rules care about.
#[derive(Clone, Copy, Debug, Default)]
struct Write {
    /// Wait-state position just after the producer (0 = none).
    end: u64,
    pc: u64,
    class: u16,
    tags: u16,
    passes: u8,
    /// The producer's destination (for MFMA "same C range" chaining).
    dst: Range,
}

/// GFX11 transcendental write of a VGPR: counters when it issued.
#[derive(Clone, Copy, Debug, Default)]
struct TransWrite {
    live: bool,
    valus: u64,
    trans: u64,
    expires: u64,
    pc: u64,
}

/// Per-wave hazard state.
pub struct HazardState {
    pos: u64,
    /// Until this position an ordinary instruction may break a rule (a
    /// recent SGPR-writing, transcendental, partial-write or MFMA VALU or
    /// a wide store); after it only [`HazardInfo::special`] ones can.
    hot_until: u64,
    vgprs: usize,
    sgpr: [Write; 128],
    /// VGPRs then AGPRs.
    vgpr: Vec<Write>,
    /// Last read of each register as SrcC by an XDL MFMA.
    srcc: Vec<Write>,
    setreg: [Write; 64],
    wide_store: Write,
    wide_range: Range,
    // GFX11.
    valus: u64,
    trans: u64,
    expires: u64,
    /// Per VGPR/AGPR and 16-bit half (index 2 * register + half): true16
    /// halves are separate registers to the rule.
    trans_w: Vec<TransWrite>,
    /// Counters at the newest transcendental: once it is out of reach, so
    /// are all older ones.
    last_trans: TransWrite,
    last_valu_wmma: Option<(Range, u64)>,
}

impl HazardState {
    /// State for a wave with `vgprs` VGPRs and `agprs` AGPRs (registers
    /// beyond them fault elsewhere and are not tracked here).
    pub fn new(vgprs: usize, agprs: usize) -> HazardState {
        let n = vgprs + agprs;
        HazardState {
            // Start far from zero so "no producer" (end 0) never looks close.
            pos: 1 << 20,
            hot_until: 0,
            vgprs,
            sgpr: [Write::default(); 128],
            vgpr: vec![Write::default(); n],
            srcc: vec![Write::default(); n],
            setreg: [Write::default(); 64],
            wide_store: Write::default(),
            wide_range: Range::default(),
            valus: 0,
            trans: 0,
            expires: 0,
            trans_w: vec![TransWrite::default(); 2 * n],
            last_trans: TransWrite::default(),
            last_valu_wmma: None,
        }
    }

    /// Indices of a range's registers in the per-register tables.
    fn regs(&self, r: &Range) -> std::ops::Range<usize> {
        let (base, limit) = if r.agpr {
            (self.vgprs, self.vgpr.len())
        } else {
            (0, self.vgprs)
        };
        let lo = (base + r.start as usize).min(limit);
        let hi = (base + r.start as usize + r.count as usize).min(limit);
        lo..hi
    }
}

/// A rule broken: the consumer is the current instruction.
#[derive(Clone, Debug)]
pub struct Violation {
    pub rule: Rule,
    pub producer_pc: u64,
    pub need: u32,
    pub have: u32,
    /// GFX11 rules count VALUs or need an `s_waitcnt_depctr`, not nops.
    pub depctr: bool,
}

impl HazardState {
    fn since(&self, w: &Write) -> u32 {
        if w.end == 0 {
            return u32::MAX;
        }
        self.pos.saturating_sub(w.end).min(u32::MAX as u64) as u32
    }

    /// Check `h` (about to issue) against what came before.
    #[inline]
    pub fn check(&self, p: Processor, h: &HazardInfo, off: u32) -> Option<Violation> {
        // Rules that do not apply on the processor are off (constants).
        const OFF_942: u32 = Rule::not_on(Processor::Gfx942);
        const OFF_1100: u32 = Rule::not_on(Processor::Gfx1100);
        const OFF_1151: u32 = Rule::not_on(Processor::Gfx1151);
        match p {
            Processor::Gfx942 => self.check_gfx9(h, off | OFF_942),
            Processor::Gfx1100 => self.check_gfx11(h, off | OFF_1100),
            Processor::Gfx1151 => self.check_gfx11(h, off | OFF_1151),
        }
    }

    fn check_gfx9(&self, h: &HazardInfo, off: u32) -> Option<Violation> {
        if !h.special && self.pos >= self.hot_until {
            return None;
        }
        let mut worst: Option<Violation> = None;
        let mut need = |rule: Rule, w: &Write, n: u32| {
            if off & rule.bit() != 0 || w.end == 0 {
                return;
            }
            let have = self.since(w);
            if have < n && worst.as_ref().is_none_or(|v| n - have > v.need - v.have) {
                worst = Some(Violation {
                    rule,
                    producer_pc: w.pc,
                    need: n,
                    have,
                    depctr: false,
                });
            }
        };
        let valu = h.class & C_VALU != 0;
        let mfma = h.class & C_MFMA != 0;
        let exec_bits = mask_bits(126, 2);
        let vcc_bits = mask_bits(106, 2);
        // SGPR reads of VALU-written SGPRs.
        let mut reads = h.sgpr_reads;
        while reads != 0 {
            let s = reads.trailing_zeros() as usize;
            reads &= reads - 1;
            let w = &self.sgpr[s];
            if w.class & C_VALU != 0 {
                if h.class & C_VMEM != 0 {
                    need(Rule::ValuSgprVmem, w, Rule::ValuSgprVmem.states());
                }
                if h.tags & T_DIV_FMAS != 0 && vcc_bits >> s & 1 != 0 {
                    need(Rule::ValuVccDivFmas, w, Rule::ValuVccDivFmas.states());
                }
                if h.lane_select >> s & 1 != 0 {
                    need(
                        Rule::ValuSgprLaneSelect,
                        w,
                        Rule::ValuSgprLaneSelect.states(),
                    );
                }
                if valu && exec_bits >> s & 1 == 0 {
                    need(Rule::ValuSgprValu, w, Rule::ValuSgprValu.states());
                }
            }
        }
        // EXEC written by a VALU.
        let ew = if self.sgpr[126].end >= self.sgpr[127].end {
            &self.sgpr[126]
        } else {
            &self.sgpr[127]
        };
        if ew.class & C_VALU != 0 {
            if h.tags & (T_RWLANE | T_READLANE) != 0 {
                need(Rule::ValuExecLane, ew, Rule::ValuExecLane.states());
            }
            if h.class & C_DPP != 0 {
                need(Rule::ValuExecDpp, ew, Rule::ValuExecDpp.states());
            }
            if mfma && ew.class & C_MFMA == 0 {
                need(Rule::ValuExecMfma, ew, Rule::ValuExecMfma.states());
            }
        }
        if h.tags & (T_SETREG | T_GETREG) != 0 {
            need(
                Rule::SetregGetreg,
                &self.setreg[h.hwreg as usize & 63],
                Rule::SetregGetreg.states(),
            );
        }
        // VGPR reads.
        for r in h.reads() {
            for reg in self.regs(r) {
                let w = &self.vgpr[reg];
                if w.end == 0 {
                    continue;
                }
                let wvalu = w.class & C_VALU != 0 && w.class & C_MFMA == 0;
                if wvalu {
                    if h.class & C_DPP != 0 {
                        need(Rule::ValuVgprDpp, w, Rule::ValuVgprDpp.states());
                    }
                    if h.tags & T_READLANE != 0 && r.src == 0 {
                        need(Rule::ValuVgprReadlane, w, Rule::ValuVgprReadlane.states());
                    }
                    if valu && !mfma && w.class & C_TRANS != 0 && h.class & C_TRANS == 0 {
                        need(Rule::TransUse, w, Rule::TransUse.states());
                    }
                    if valu && w.class & C_PARTIAL != 0 {
                        need(Rule::DstSelUse, w, Rule::DstSelUse.states());
                    }
                    if mfma && w.tags & T_DOT == 0 {
                        need(Rule::ValuVgprMfma, w, Rule::ValuVgprMfma.states());
                    }
                }
                if w.class & C_MFMA != 0 {
                    if mfma {
                        need(Rule::MfmaMfma, w, mfma_mfma(w, h, r));
                    } else if valu || h.class & C_MEM != 0 {
                        need(Rule::MfmaRead, w, mfma_read(w, h.class & C_MEM != 0));
                    }
                }
            }
        }
        // VGPR writes by a VALU.
        if let (true, Some(d)) = (valu && !mfma, h.vwrite) {
            for reg in self.regs(&d) {
                let w = &self.vgpr[reg];
                if w.class & C_MFMA != 0 {
                    need(Rule::MfmaWaw, w, mfma_read(w, false));
                }
                let c = &self.srcc[reg];
                if c.end != 0 {
                    need(Rule::MfmaSrcCWar, c, hazard::mfma_srcc_war(c.passes));
                }
            }
            if self.wide_store.end != 0 && d.overlaps(&self.wide_range) {
                need(
                    Rule::WideStoreData,
                    &self.wide_store,
                    Rule::WideStoreData.states(),
                );
            }
        }
        worst
    }

    /// Whether the newest transcendental (and so any) can still matter.
    fn trans_in_reach(&self) -> bool {
        self.last_trans.live
            && self.last_trans.expires == self.expires
            && self.valus - self.last_trans.valus <= 5
    }

    #[inline]
    fn check_gfx11(&self, h: &HazardInfo, off: u32) -> Option<Violation> {
        if h.class & C_VALU == 0 {
            return None;
        }
        if off & Rule::WmmaOperand.bit() == 0 && h.class & C_WMMA != 0 {
            if let Some((d, pc)) = self.last_valu_wmma {
                if h.reads().iter().any(|r| r.src < 2 && r.overlaps(&d)) {
                    return Some(Violation {
                        rule: Rule::WmmaOperand,
                        producer_pc: pc,
                        need: 1,
                        have: 0,
                        depctr: true,
                    });
                }
            }
        }
        if off & Rule::TransUseGfx11.bit() != 0 || !self.trans_in_reach() {
            return None;
        }
        for r in h.reads() {
            for (reg, part) in self.regs(r).flat_map(|g| r.parts().map(move |p| (g, p))) {
                let t = &self.trans_w[2 * reg + part];
                if !t.live || t.expires != self.expires {
                    continue;
                }
                let valus = self.valus - t.valus;
                let trans = self.trans - t.trans;
                if valus <= 5 && trans <= 1 {
                    return Some(Violation {
                        rule: Rule::TransUseGfx11,
                        producer_pc: t.pc,
                        need: 6,
                        have: valus as u32,
                        depctr: true,
                    });
                }
            }
        }
        None
    }

    /// Record `h`, which issued at `pc`.
    #[inline]
    pub fn record(&mut self, gen: Generation, h: &HazardInfo, pc: u64) {
        if gen == Generation::Gfx11 {
            // The GFX11 rules only need the transcendental and WMMA state.
            self.record_gfx11(h, pc);
            return;
        }
        let end = self.pos + 1;
        let w = Write {
            end,
            pc,
            class: h.class,
            tags: h.tags,
            passes: h.passes,
            dst: h.vwrite.unwrap_or_default(),
        };
        let hot = if h.class & C_MFMA != 0 {
            20
        } else if h.wide_store.is_some() || (h.class & C_VALU != 0 && h.sgpr_writes != 0) {
            2
        } else if h.class & (C_TRANS | C_PARTIAL) != 0 {
            1
        } else {
            0
        };
        if hot > 0 {
            self.hot_until = self.hot_until.max(end + hot);
        }
        let mut s = h.sgpr_writes;
        while s != 0 {
            let i = s.trailing_zeros() as usize;
            s &= s - 1;
            self.sgpr[i] = w;
        }
        if let Some(d) = h.vwrite {
            for reg in self.regs(&d) {
                self.vgpr[reg] = w;
            }
        }
        if h.class & C_MFMA != 0 && h.tags & T_XDL != 0 {
            for r in h.reads().iter().filter(|r| r.src == 2) {
                for reg in self.regs(r) {
                    self.srcc[reg] = w;
                }
            }
        }
        if let Some(r) = h.wide_store {
            self.wide_store = w;
            self.wide_range = r;
        }
        if h.tags & T_SETREG != 0 {
            self.setreg[h.hwreg as usize & 63] = w;
        }
        self.pos += h.states as u64;
    }

    #[inline]
    fn record_gfx11(&mut self, h: &HazardInfo, pc: u64) {
        if h.class & (C_MEM | C_VA_VDST0) != 0 {
            self.expires += 1;
        }
        if let (Some(d), false, true) = (h.vwrite, h.class & C_TRANS != 0, self.trans_in_reach()) {
            for reg in self.regs(&d) {
                for part in d.parts() {
                    self.trans_w[2 * reg + part].live = false;
                }
            }
        }
        if h.class & C_VALU == 0 {
            return;
        }
        // Counters after this instruction, so a later reader sees how many
        // issued strictly between.
        self.valus += 1;
        if h.class & C_TRANS != 0 {
            self.trans += 1;
            let t = TransWrite {
                live: true,
                valus: self.valus,
                trans: self.trans,
                expires: self.expires,
                pc,
            };
            self.last_trans = t;
            if let Some(d) = h.vwrite {
                for reg in self.regs(&d) {
                    for part in d.parts() {
                        self.trans_w[2 * reg + part] = t;
                    }
                }
            }
        }
        self.last_valu_wmma = if h.class & C_WMMA != 0 {
            h.vwrite.map(|d| (d, pc))
        } else {
            None
        };
    }
}

/// The MFMA kind of a producer or consumer.
fn mfma_kind(tags: u16, passes: u8) -> hazard::Mfma {
    hazard::Mfma {
        passes,
        xdl: tags & T_XDL != 0,
        dgemm: tags & T_DGEMM != 0,
    }
}

/// Wait states an MFMA `w` result needs before MFMA `h` reads `r`.
fn mfma_mfma(w: &Write, h: &HazardInfo, r: &Range) -> u32 {
    let same_c = r.start == w.dst.start && r.count == w.dst.count && r.agpr == w.dst.agpr;
    hazard::mfma_mfma(
        mfma_kind(w.tags, w.passes),
        mfma_kind(h.tags, h.passes),
        r.src == 2,
        same_c,
    )
}

/// Wait states an MFMA result needs before a VALU (or memory, `mem`)
/// instruction reads or a VALU overwrites it.
fn mfma_read(w: &Write, mem: bool) -> u32 {
    hazard::mfma_read(mfma_kind(w.tags, w.passes), mem)
}

/// The fault for a violation (`consumer` and `producer` in LLVM syntax).
#[allow(clippy::too_many_arguments)]
pub fn fault(
    v: &Violation,
    processor: &str,
    pc: u64,
    producer_pc: u64,
    consumer: String,
    producer: String,
    workgroup: [u32; 3],
    wave: u32,
) -> Fault {
    let message = if v.depctr {
        match v.rule {
            Rule::WmmaOperand => format!(
                "hazard {}: `{consumer}` at pc {pc:#x} reads the result of `{producer}` at pc {:#x} \
                 with no VALU between; {processor} requires 1 independent VALU (v_nop) ({})",
                v.rule.name(),
                producer_pc,
                v.rule.describe()
            ),
            _ => format!(
                "hazard {}: `{consumer}` at pc {pc:#x} reads the result of `{producer}` at pc {:#x} \
                 after {} VALU(s); {processor} requires s_waitcnt_depctr va_vdst(0), more than 5 VALUs or more than one transcendental between ({})",
                v.rule.name(),
                producer_pc,
                v.have,
                v.rule.describe()
            ),
        }
    } else {
        format!(
            "hazard {}: `{consumer}` at pc {pc:#x} issues {} wait state(s) after `{producer}` at pc {:#x}; \
             {processor} requires {} ({})",
            v.rule.name(),
            v.have,
            producer_pc,
            v.need,
            v.rule.describe()
        )
    };
    Fault {
        kind: FaultKind::Hazard,
        message,
        pc,
        workgroup,
        wave,
        lane: None,
        inst: consumer,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table's MFMA kinds, as CDNA3 ISA §7.1 lists the shapes.
    #[test]
    fn mfma_kinds_follow_the_shape() {
        let t = silk_amdgpu::isa::table::table(silk_amdgpu::target::Generation::Gfx9);
        let classes = hazard::table_classes(silk_amdgpu::target::Generation::Gfx9);
        let tags = |name: &str| {
            let row = t.iter().position(|i| i.name == name).expect(name);
            tags_of(classes[row])
        };
        assert_eq!(tags("v_mfma_f32_32x32x2_f32"), 0);
        assert_eq!(tags("v_mfma_f32_4x4x1_16b_f32"), 0);
        assert_eq!(tags("v_mfma_f32_16x16x16_f16"), T_XDL);
        assert_eq!(tags("v_mfma_f32_32x32x4_2b_f16"), T_XDL);
        assert_eq!(tags("v_mfma_f32_16x16x8_xf32"), T_XDL);
        assert_eq!(tags("v_mfma_f64_4x4x4_4b_f64"), T_DGEMM);
        assert_eq!(tags("v_mfma_f32_16x16x32_fp8_bf8"), T_XDL);
        assert_eq!(tags("v_dot2_f32_f16"), T_DOT);
        assert_eq!(tags("s_nop"), T_NOP);
    }
}
