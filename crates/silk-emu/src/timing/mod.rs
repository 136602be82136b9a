//! Timing mode: an estimate of the cycles a dispatch takes, made while the
//! emulator executes it ([`crate::Options::timing`]).
//!
//! Each wave keeps a clock. An instruction issues when the wave's previous
//! instruction has issued (the issue cadence: every 4 cycles for a wave64
//! on CDNA3's SIMD16, every cycle on RDNA3's SIMD32), when its source
//! registers are ready (each write records when its result is: VALU and
//! SALU latencies, transcendental and f64 rates, MFMA passes, WMMA cycles,
//! memory completion) and, for `s_waitcnt`, when enough outstanding memory
//! operations of each counter have completed. On GFX11 `s_delay_alu`
//! makes the wave wait for the named producer; a VALU dependency stall it
//! does not cover also holds the SIMD's VALU (RDNA3 ISA: the delay lets
//! the SIMD issue other waves instead). LDS instructions take one cycle
//! per bank-conflict-free group of lanes, more with conflicts (the lane
//! addresses are read from the registers before the instruction runs).
//! Waves meet at `s_barrier` at the latest arrival. Every wait is counted
//! by its [`Stall`] cause.
//!
//! A workgroup's time is the later of its waves' end (the latency bound)
//! and its issue work shared with the other workgroups resident on the
//! same CU (VALU/matrix work per SIMD, SALU per CU on CDNA3, LDS per CU).
//! Occupancy comes from the descriptor's VGPRs, SGPRs (CDNA3) and LDS and
//! the wave slots; workgroups run in rounds of `CUs x resident groups`.
//! The dispatch's cycles are the larger of that and the DRAM bandwidth
//! bound of the bytes the vector memory instructions move. Everything is
//! integer arithmetic over the executed instruction stream, so the
//! estimate is deterministic, on any number of threads. `docs/timing.md`
//! lists where it is knowingly approximate; the numbers are in [`params`].

pub mod params;

pub use params::Params;

use crate::hazard::HazardInfo;
use silk_amdgpu::isa::format::Field;
use silk_amdgpu::isa::operand::{AGPR0, VGPR0};
use silk_amdgpu::isa::{Family, Flags, Inst, Kind, Op, OpInfo, Operand, Ty};
use silk_amdgpu::target::{Generation, Processor};

/// Why a wave waited before an instruction could issue.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stall {
    /// A source register written by an earlier ALU instruction not ready.
    Dependency,
    /// The delay an `s_delay_alu` asked for (GFX11).
    DelayAlu,
    /// The transcendental unit busy (GFX11) or its quarter rate (CDNA3).
    Trans,
    /// The matrix core (MFMA) busy with an earlier instruction.
    Matrix,
    /// `s_waitcnt` on vector memory loads (vmcnt).
    WaitVm,
    /// `s_waitcnt` on scalar memory and LDS (lgkmcnt).
    WaitLgkm,
    /// `s_waitcnt` on vector memory stores (GFX11 vscnt).
    WaitVs,
    /// LDS cycles beyond one per group of lanes (bank conflicts).
    LdsConflict,
    /// Waiting at `s_barrier` for the workgroup's other waves.
    Barrier,
    /// A taken branch's instruction fetch restart.
    Branch,
    /// `s_nop` wait states.
    Nop,
    /// `s_sleep`.
    Sleep,
}

impl Stall {
    pub const ALL: [Stall; 12] = [
        Stall::Dependency,
        Stall::DelayAlu,
        Stall::Trans,
        Stall::Matrix,
        Stall::WaitVm,
        Stall::WaitLgkm,
        Stall::WaitVs,
        Stall::LdsConflict,
        Stall::Barrier,
        Stall::Branch,
        Stall::Nop,
        Stall::Sleep,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Stall::Dependency => "dependency",
            Stall::DelayAlu => "s_delay_alu",
            Stall::Trans => "transcendental",
            Stall::Matrix => "matrix core",
            Stall::WaitVm => "vmcnt",
            Stall::WaitLgkm => "lgkmcnt",
            Stall::WaitVs => "vscnt",
            Stall::LdsConflict => "LDS bank conflict",
            Stall::Barrier => "barrier",
            Stall::Branch => "taken branch",
            Stall::Nop => "s_nop",
            Stall::Sleep => "s_sleep",
        }
    }
}

const NSTALL: usize = Stall::ALL.len();

/// What bounds the dispatch's estimated time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Bound {
    /// The waves' own instruction streams with their stalls.
    #[default]
    Latency,
    /// Issue work shared by the workgroups resident on a CU.
    Issue,
    /// DRAM bandwidth.
    Memory,
}

/// What limits the workgroups resident on one CU.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Limit {
    #[default]
    WaveSlots,
    Vgprs,
    Sgprs,
    Lds,
}

/// The timing estimate of a launch ([`crate::Stats::timing`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Timing {
    /// Estimated cycles of the dispatch (shader clock).
    pub cycles: u64,
    pub bound: Bound,
    /// Wave-cycles spent stalled, by [`Stall`] cause (index as in
    /// [`Stall::ALL`]).
    pub stalls: [u64; NSTALL],
    /// Waves resident per SIMD while the dispatch runs (achieved), and the
    /// most the kernel's resources allow.
    pub waves_per_simd: u32,
    pub max_waves_per_simd: u32,
    /// The wave slots per SIMD of the processor.
    pub wave_slots: u32,
    pub limit: Limit,
    /// Workgroups resident per CU at once.
    pub groups_per_cu: u32,
    /// Cycles the matrix cores (MFMA) or WMMA were busy, summed over SIMDs,
    /// and the SIMDs the dispatch could keep busy.
    pub matrix_busy: u64,
    pub matrix_simds: u64,
    /// Cycles the VALUs were busy, summed over SIMDs.
    pub valu_busy: u64,
    /// Bytes the vector memory instructions moved (active lanes).
    pub bytes: u64,
    pub clock_mhz: u32,
    // Sums over workgroups, turned into `cycles` at the end of the launch.
    sum_group: u64,
    max_group: u64,
    max_latency: u64,
    groups: u64,
}

impl Timing {
    /// Wave-cycles stalled on `cause`.
    pub fn stall(&self, cause: Stall) -> u64 {
        self.stalls[cause as usize]
    }

    /// Estimated time at the modelled product's shader clock.
    pub fn microseconds(&self) -> f64 {
        self.cycles as f64 / self.clock_mhz.max(1) as f64
    }

    /// Achieved occupancy: resident waves per SIMD over the wave slots.
    pub fn occupancy(&self) -> f64 {
        self.waves_per_simd as f64 / self.wave_slots.max(1) as f64
    }

    /// Fraction of the peak matrix throughput of the SIMDs the dispatch
    /// occupies: matrix-busy cycles over cycles x SIMDs.
    pub fn matrix_fraction(&self) -> f64 {
        let d = self.cycles.saturating_mul(self.matrix_simds);
        if d == 0 {
            0.0
        } else {
            self.matrix_busy as f64 / d as f64
        }
    }

    /// A few lines for humans (the `silk emu --timing` report).
    pub fn report(&self) -> String {
        let mut s = format!(
            "timing: {} cycles ({:.2} us at {} MHz), {} bound; occupancy {}/{} waves per SIMD ({:?} limit, {} workgroups per CU)",
            self.cycles,
            self.microseconds(),
            self.clock_mhz,
            match self.bound {
                Bound::Latency => "latency",
                Bound::Issue => "issue",
                Bound::Memory => "memory-bandwidth",
            },
            self.waves_per_simd,
            self.max_waves_per_simd,
            self.limit,
            self.groups_per_cu
        );
        if self.matrix_busy > 0 {
            s.push_str(&format!(
                "\n  matrix: {:.1}% of peak",
                100.0 * self.matrix_fraction()
            ));
        }
        let stalls: Vec<String> = Stall::ALL
            .iter()
            .filter(|&&c| self.stall(c) > 0)
            .map(|&c| format!("{} {}", c.name(), self.stall(c)))
            .collect();
        if !stalls.is_empty() {
            s.push_str(&format!("\n  stalls (wave-cycles): {}", stalls.join(", ")));
        }
        s
    }

    /// Add another thread's workgroup sums.
    pub(crate) fn merge(&mut self, o: &Timing) {
        for (a, b) in self.stalls.iter_mut().zip(o.stalls.iter()) {
            *a += b;
        }
        self.matrix_busy += o.matrix_busy;
        self.valu_busy += o.valu_busy;
        self.bytes += o.bytes;
        self.sum_group += o.sum_group;
        self.max_group = self.max_group.max(o.max_group);
        self.max_latency = self.max_latency.max(o.max_latency);
        self.groups += o.groups;
    }
}

// ---- the dispatch: occupancy and rounds ----------------------------------

/// The launch-wide facts the workgroup estimates need.
#[derive(Clone, Debug)]
pub(crate) struct Plan {
    pub p: &'static Params,
    pub gen: Generation,
    /// Workgroups resident per CU, and as many as the grid fills.
    k: u64,
    k_eff: u64,
    rounds: u64,
    waves_per_simd: u32,
    max_waves: u32,
    limit: Limit,
    matrix_simds: u64,
    /// Workgroups of the grid (sampling runs fewer).
    groups: u64,
}

/// What occupancy needs from the kernel descriptor.
pub(crate) struct Resources {
    /// VGPRs (plus AGPRs) allocated per lane.
    pub vgprs: u32,
    /// SGPRs allocated per wave (GFX9).
    pub sgprs: u32,
    pub lds_bytes: u32,
    pub waves_per_group: u32,
    pub groups: u64,
}

/// SGPRs per SIMD on CDNA3 ([CDNA3-ISA] "SGPR allocation": 800 per SIMD;
/// GFX11 waves always have all 106).
const GFX9_SGPRS_PER_SIMD: u32 = 800;
/// LDS per CU ([CDNA3-ISA]; [RDNA3-ISA]: 128 KiB per WGP of two CUs).
const LDS_PER_CU: u32 = 64 * 1024;

impl Plan {
    pub fn new(processor: Processor, wave_size: u32, r: &Resources) -> Plan {
        let p = params::of(processor);
        let info = processor.info();
        let gen = processor.generation();
        let slots = info.max_waves_per_simd;
        // GFX11 wave64 takes two rows of the wave32 register file.
        let rows = if gen == Generation::Gfx11 && wave_size == 64 {
            2
        } else {
            1
        };
        let granule = info.vgpr_alloc_granule.max(1);
        let v = r.vgprs.max(1).div_ceil(granule) * granule * rows;
        let by_vgpr = info.total_vgprs / v;
        let by_sgpr = if gen == Generation::Gfx9 {
            let g = info.sgpr_alloc_granule.max(1);
            GFX9_SGPRS_PER_SIMD / (r.sgprs.max(1).div_ceil(g) * g)
        } else {
            u32::MAX
        };
        let mut limit = Limit::WaveSlots;
        let mut per_simd = slots;
        if by_vgpr < per_simd {
            per_simd = by_vgpr;
            limit = Limit::Vgprs;
        }
        if by_sgpr < per_simd {
            per_simd = by_sgpr;
            limit = Limit::Sgprs;
        }
        let per_simd = per_simd.max(1);
        let wpg = r.waves_per_group.max(1) as u64;
        let mut k = (per_simd as u64 * p.simds_per_cu as u64 / wpg).max(1);
        if r.lds_bytes > 0 {
            let by_lds = (LDS_PER_CU / r.lds_bytes.max(1)).max(1) as u64;
            if by_lds < k {
                k = by_lds;
                limit = Limit::Lds;
            }
        }
        let cus = p.compute_units as u64;
        let groups = r.groups.max(1);
        let k_eff = k.min(groups.div_ceil(cus)).max(1);
        let rounds = groups.div_ceil(cus * k);
        let resident = (k_eff * wpg).div_ceil(p.simds_per_cu as u64) as u32;
        let max_waves = (k * wpg).div_ceil(p.simds_per_cu as u64) as u32;
        let total_simds = cus * p.simds_per_cu as u64;
        Plan {
            p,
            gen,
            k,
            k_eff,
            rounds,
            waves_per_simd: resident.min(per_simd),
            max_waves: max_waves.min(per_simd),
            limit,
            matrix_simds: total_simds.min(groups * wpg),
            groups,
        }
    }

    /// The final estimate from the workgroup sums in `t`.
    pub fn finish(&self, t: &mut Timing) {
        let groups = t.groups.max(1);
        let rounds_time = (t.sum_group as u128 * self.rounds as u128 / groups as u128) as u64;
        let compute = t.max_group.max(rounds_time);
        // Sampled workgroups stand for the whole grid: their mean time
        // already does (rounds x mean); bytes and busy cycles scale.
        if groups < self.groups {
            let scale = |x: u64| (x as u128 * self.groups as u128 / groups as u128) as u64;
            t.bytes = scale(t.bytes);
            t.matrix_busy = scale(t.matrix_busy);
            t.valu_busy = scale(t.valu_busy);
            for s in &mut t.stalls {
                *s = scale(*s);
            }
            t.groups = self.groups;
        }
        // bytes / (GB/s / MHz) = bytes per cycle.
        let mem = (t.bytes as u128 * self.p.clock_mhz as u128
            / (self.p.dram_gb_per_s.max(1) as u128 * 1000)) as u64;
        t.cycles = compute.max(mem);
        t.bound = if mem > compute {
            Bound::Memory
        } else if compute > t.max_latency {
            Bound::Issue
        } else {
            Bound::Latency
        };
        t.waves_per_simd = self.waves_per_simd;
        t.max_waves_per_simd = self.max_waves;
        t.wave_slots = Processor::ALL
            .iter()
            .find(|p| params::of(**p) == self.p)
            .map(|p| p.info().max_waves_per_simd)
            .unwrap_or(1);
        t.limit = self.limit;
        t.groups_per_cu = self.k as u32;
        t.matrix_simds = self.matrix_simds;
        t.clock_mhz = self.p.clock_mhz;
    }

    /// Add one finished workgroup (its waves' timing states) to `t`.
    pub fn add_group<'a>(&self, waves: impl Iterator<Item = &'a WaveTiming>, t: &mut Timing) {
        let simds = self.p.simds_per_cu as u64;
        let (mut end, mut simd, mut salu, mut lds) = (0u64, 0u64, 0u64, 0u64);
        let mut one_wave = 0u64;
        for w in waves {
            end = end.max(w.clock);
            let busy = w.valu_busy.max(w.matrix_busy);
            simd += busy;
            one_wave = one_wave.max(busy);
            salu += w.salu_busy;
            lds += w.lds_busy;
            for (a, b) in t.stalls.iter_mut().zip(w.stalls.iter()) {
                *a += b;
            }
            t.matrix_busy += w.matrix_busy;
            t.valu_busy += w.valu_busy;
            t.bytes += w.bytes;
        }
        // The SALU is one per CU on CDNA3 ([OMNIPERF]), one per SIMD on RDNA3.
        let salu = if self.gen == Generation::Gfx9 {
            salu
        } else {
            salu / simds
        };
        let shared = (self.k_eff * simd)
            .div_ceil(simds)
            .max(one_wave)
            .max(self.k_eff * salu)
            .max(self.k_eff * lds);
        let group = end.max(shared);
        t.sum_group += group;
        t.max_group = t.max_group.max(group);
        t.max_latency = t.max_latency.max(end);
        t.groups += 1;
    }
}

// ---- per-instruction facts, computed once per decoded instruction -------

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum K {
    #[default]
    Other,
    Salu,
    Valu,
    Trans,
    Mfma,
    Wmma,
    Smem,
    Vmem,
    Lds,
    Branch,
    Waitcnt,
    Nop,
    DelayAlu,
    Barrier,
    EndPgm,
    Sleep,
}

const CNT_VM: u8 = 1;
const CNT_LGKM: u8 = 2;
const CNT_VS: u8 = 4;
const NO_WAIT: u16 = u16::MAX;

/// The timing facts of one decoded instruction (from the ISA table's
/// flags, family and operand specs; a few control ops by [`Op`]).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct InstTiming {
    kind: K,
    /// Cycles the SIMD's VALU (or the wave's issue) is busy.
    issue: u16,
    /// Cycles a separate unit (matrix core, GFX11 transcendental unit) is busy.
    unit: u16,
    /// Cycles from issue to a ready result (memory: to completion).
    latency: u16,
    counters: u8,
    wait: [u16; 3],
    imm: u16,
    /// Memory data dwords per lane.
    dwords: u8,
    /// LDS: operand index of the address VGPR, and the byte offset.
    addr_op: u8,
    offset: u16,
    /// The Y destination of a VOPD pair: (first VGPR, count).
    y_write: Option<(u16, u8)>,
}

impl InstTiming {
    pub fn new(processor: Processor, inst: &Inst, info: &OpInfo, wave_size: u32) -> InstTiming {
        let p = params::of(processor);
        let gen = processor.generation();
        let f = info.flags;
        let passes = (wave_size / p.simd_lanes).max(1) as u16;
        let mut t = InstTiming {
            issue: p.issue_interval as u16,
            wait: [NO_WAIT; 3],
            addr_op: u8::MAX,
            ..Default::default()
        };
        let imm = |i: usize| match inst.operands.get(i) {
            Some(Operand::Imm(v)) => *v as u32,
            _ => 0,
        };
        match Op::of(gen, inst.opcode) {
            Some(Op::S_WAITCNT) => {
                let w = silk_amdgpu::waitcnt::WaitCounts::decode(gen, imm(0) as u16);
                t.kind = K::Waitcnt;
                t.wait = [w.vm, w.lgkm, w.vs].map(|n| n.map_or(NO_WAIT, |n| n.min(1000) as u16));
                return t;
            }
            Some(op @ (Op::S_WAITCNT_VMCNT | Op::S_WAITCNT_LGKMCNT | Op::S_WAITCNT_VSCNT)) => {
                t.kind = K::Waitcnt;
                let i = match op {
                    Op::S_WAITCNT_VMCNT => 0,
                    Op::S_WAITCNT_LGKMCNT => 1,
                    _ => 2,
                };
                t.wait[i] = imm(1).min(1000) as u16;
                return t;
            }
            Some(Op::S_NOP) => {
                t.kind = K::Nop;
                t.imm = (imm(0) & 0xf) as u16 + 1;
                return t;
            }
            Some(Op::S_DELAY_ALU) => {
                t.kind = K::DelayAlu;
                t.imm = imm(0) as u16;
                return t;
            }
            Some(Op::S_SLEEP) => {
                t.kind = K::Sleep;
                t.imm = (imm(0) & 0x7f) as u16;
                return t;
            }
            _ => {}
        }
        if f.has(Flags::VM_CNT) {
            t.counters |= CNT_VM;
        }
        if f.has(Flags::LGKM_CNT) {
            t.counters |= CNT_LGKM;
        }
        if f.has(Flags::VS_CNT) {
            t.counters |= CNT_VS;
        }
        let mem = matches!(
            info.family,
            Family::Flat
                | Family::Global
                | Family::Scratch
                | Family::Mubuf
                | Family::Mtbuf
                | Family::Ds
        );
        if mem {
            t.dwords = info
                .operands
                .iter()
                .filter(|o| {
                    matches!(o.field, Field::Vdst | Field::Data0 | Field::Data1)
                        && matches!(o.kind, Kind::Vgpr | Kind::AVgpr | Kind::Agpr)
                })
                .map(|o| o.dwords)
                .max()
                .unwrap_or(1)
                .max(1);
        }
        let f64 = info.operands.iter().any(|o| o.ty == Ty::F64);
        let b64 = info.operands.iter().any(|o| o.ty.is_64());
        t.kind = if f.has(Flags::BARRIER) {
            K::Barrier
        } else if f.has(Flags::END_PGM) {
            K::EndPgm
        } else if f.has(Flags::BRANCH) {
            K::Branch
        } else if f.has(Flags::MFMA) {
            let passes = info.mfma_passes().unwrap_or(4) as u32;
            t.unit = (passes * p.mfma_pass_cycles) as u16;
            t.latency = t.unit;
            K::Mfma
        } else if f.has(Flags::WMMA) {
            t.issue = p.wmma_cycles as u16;
            t.latency = t.issue;
            K::Wmma
        } else if f.has(Flags::SMEM) {
            t.latency = p.smem_latency as u16;
            K::Smem
        } else if info.family == Family::Ds {
            t.latency = p.lds_latency as u16;
            t.issue = p.issue_interval as u16;
            if let Some(i) = info.operands.iter().position(|o| o.field == Field::Addr) {
                t.addr_op = i as u8;
            }
            if let Some(i) = info.operands.iter().position(|o| o.field == Field::Offset) {
                t.offset = (imm(i) & 0xffff) as u16;
            }
            K::Lds
        } else if mem {
            t.latency = p.vmem_latency as u16;
            // Addresses go out a SIMD's width per cycle ([estimate]).
            t.issue = passes;
            K::Vmem
        } else if f.has(Flags::VALU) {
            // wave64 on SIMD16 takes 4 cycles, on SIMD32 two passes.
            let simd = passes;
            if f.has(Flags::TRANS) {
                t.latency = p.trans_latency as u16;
                if gen == Generation::Gfx9 {
                    t.issue = p.trans_issue as u16;
                } else {
                    t.issue = simd;
                    t.unit = p.trans_issue as u16 * passes;
                }
                K::Trans
            } else {
                if f64 {
                    t.latency = p.f64_latency as u16;
                    t.issue = (p.f64_issue as u16 * passes).max(simd);
                } else {
                    t.latency = if b64 {
                        p.valu64_latency
                    } else {
                        p.valu_latency
                    } as u16;
                    t.issue = simd;
                }
                K::Valu
            }
        } else if f.has(Flags::SALU) {
            t.latency = p.salu_latency as u16;
            K::Salu
        } else {
            K::Other
        };
        t
    }

    /// The Y half of a VOPD pair writes `y`'s destination too.
    pub fn with_vopd_y(mut self, y: &HazardInfo) -> InstTiming {
        if let Some((false, start, count)) = y.timing_write() {
            self.y_write = Some((start, count));
        }
        self
    }

    pub fn is_lds(&self) -> bool {
        self.kind == K::Lds
    }

    pub fn is_branch(&self) -> bool {
        self.kind == K::Branch
    }
}

/// Cycles an LDS instruction takes: per group of `lds_lanes_per_cycle`
/// lanes and per data dword, the most distinct dwords any bank is asked
/// for (lanes reading the same dword share it). `vgpr` is the wave's VGPR
/// file (`reg * wave_size + lane`).
pub(crate) fn lds_cycles(
    p: &Params,
    t: &InstTiming,
    inst: &Inst,
    vgpr: &[u32],
    wave_size: usize,
    exec: u64,
) -> u32 {
    let Some(Operand::Reg { code, .. }) = inst.operands.get(t.addr_op as usize) else {
        return 1;
    };
    if *code < VGPR0 || *code >= AGPR0 {
        return 1;
    }
    let reg = (*code - VGPR0) as usize;
    let Some(addrs) = vgpr.get(reg * wave_size..(reg + 1) * wave_size) else {
        return 1;
    };
    let banks = p.lds_banks.clamp(1, 64) as usize;
    let group = (p.lds_lanes_per_cycle as usize).clamp(1, 64);
    let mut cycles = 0u32;
    for d in 0..t.dwords.max(1) as u32 {
        let mut lane = 0;
        while lane < wave_size {
            let mut words = [u32::MAX; 64];
            let mut n = 0;
            let end = (lane + group).min(wave_size);
            for (l, &addr) in addrs.iter().enumerate().take(end).skip(lane) {
                if exec >> l & 1 != 0 {
                    let a = addr.wrapping_add(t.offset as u32).wrapping_add(4 * d);
                    words[n] = a / 4;
                    n += 1;
                }
            }
            if n > 0 {
                let w = &mut words[..n];
                w.sort_unstable();
                let mut per_bank = [0u32; 64];
                let mut worst = 0;
                for (i, &x) in w.iter().enumerate() {
                    if i > 0 && w[i - 1] == x {
                        continue;
                    }
                    let b = x as usize % banks;
                    per_bank[b] += 1;
                    worst = worst.max(per_bank[b]);
                }
                cycles += worst;
            }
            lane += group;
        }
    }
    cycles.max(1)
}

// ---- the per-wave state ---------------------------------------------------

/// The timing state of one wave.
#[derive(Clone, Debug)]
pub struct WaveTiming {
    /// When the wave's next instruction may issue.
    pub clock: u64,
    vready: Vec<u64>,
    vgprs: usize,
    sready: [u64; 128],
    /// Completion times of the outstanding operations of each counter.
    queues: [Vec<u64>; 3],
    /// Ready times of the last VALU and transcendental results (newest
    /// first), for `s_delay_alu`.
    last_valu: [u64; 4],
    last_trans: [u64; 3],
    last_salu: u64,
    /// Pending `s_delay_alu` delays: (instructions until it applies, id).
    delays: [(u8, u8); 2],
    matrix_free: u64,
    trans_free: u64,
    pub stalls: [u64; NSTALL],
    pub valu_busy: u64,
    pub matrix_busy: u64,
    pub salu_busy: u64,
    pub lds_busy: u64,
    pub bytes: u64,
}

impl WaveTiming {
    pub fn new(vgprs: usize, agprs: usize) -> WaveTiming {
        WaveTiming {
            clock: 0,
            vready: vec![0; vgprs + agprs],
            vgprs,
            sready: [0; 128],
            queues: Default::default(),
            last_valu: [0; 4],
            last_trans: [0; 3],
            last_salu: 0,
            delays: [(0, 0); 2],
            matrix_free: 0,
            trans_free: 0,
            stalls: [0; NSTALL],
            valu_busy: 0,
            matrix_busy: 0,
            salu_busy: 0,
            lds_busy: 0,
            bytes: 0,
        }
    }

    fn stall(&mut self, at: &mut u64, until: u64, cause: Stall) -> u64 {
        if until > *at {
            let d = until - *at;
            self.stalls[cause as usize] += d;
            *at = until;
            d
        } else {
            0
        }
    }

    fn slot(&self, agpr: bool, r: u16) -> usize {
        r as usize + if agpr { self.vgprs } else { 0 }
    }

    /// The ready time `s_delay_alu` id `id` names ([RDNA3-ISA]
    /// `s_delay_alu`: 1-4 VALU_DEP_n, 5-7 TRANS32_DEP_n, 9-11 SALU_CYCLE_n).
    fn delay_until(&self, id: u8) -> u64 {
        match id {
            1..=4 => self.last_valu[id as usize - 1],
            5..=7 => self.last_trans[id as usize - 5],
            9..=11 => self.last_salu + (id as u64 - 8),
            _ => 0,
        }
    }

    /// Issue one instruction (before it executes): `lds` is its LDS cycle
    /// count from [`lds_cycles`], `exec` the active lanes.
    pub(crate) fn issue(
        &mut self,
        plan: &Plan,
        t: &InstTiming,
        hz: &HazardInfo,
        exec: u64,
        lds: u32,
    ) {
        let p = plan.p;
        let mut at = self.clock;
        // s_delay_alu hints for this instruction.
        let mut hinted = false;
        if t.kind != K::DelayAlu {
            for i in 0..2 {
                let (n, id) = self.delays[i];
                if n > 0 {
                    self.delays[i].0 = n - 1;
                    if n == 1 && id != 0 {
                        let until = self.delay_until(id);
                        self.stall(&mut at, until, Stall::DelayAlu);
                        hinted = true;
                    }
                }
            }
        }
        // Source registers.
        let mut dep = 0u64;
        for (agpr, start, count) in hz.timing_reads() {
            for r in start..start + count as u16 {
                if let Some(&x) = self.vready.get(self.slot(agpr, r)) {
                    dep = dep.max(x);
                }
            }
        }
        let (sreads, swrites) = hz.timing_sgprs();
        let mut m = sreads;
        while m != 0 {
            let r = m.trailing_zeros() as usize;
            m &= m - 1;
            dep = dep.max(self.sready[r]);
        }
        let waited = self.stall(&mut at, dep, Stall::Dependency);
        if waited > 0 && plan.gen == Generation::Gfx11 && !hinted && t.kind == K::Valu {
            // An uncovered dependency holds the VALU for other waves too.
            self.valu_busy += waited;
        }
        let mut done = at + t.latency as u64;
        let mut next = at + t.issue.max(1) as u64;
        match t.kind {
            K::Waitcnt => {
                let causes = [Stall::WaitVm, Stall::WaitLgkm, Stall::WaitVs];
                for (c, cause) in causes.into_iter().enumerate() {
                    let n = t.wait[c];
                    if n == NO_WAIT {
                        continue;
                    }
                    let q = &mut self.queues[c];
                    let n = n as usize;
                    if q.len() > n {
                        q.sort_unstable_by(|a, b| b.cmp(a));
                        let until = q[n];
                        q.retain(|&x| x > until);
                        self.stall(&mut at, until, cause);
                    }
                }
                next = at + p.issue_interval as u64;
            }
            K::Nop => {
                let cost = t.imm as u64 * p.issue_interval as u64;
                self.stalls[Stall::Nop as usize] += cost.saturating_sub(p.issue_interval as u64);
                next = at + cost;
            }
            K::Sleep => {
                // [RDNA3-ISA]/[CDNA3-ISA] s_sleep: about 64 x SIMM16[6:0] clocks.
                let cost = 64 * t.imm as u64;
                self.stalls[Stall::Sleep as usize] += cost;
                next = at + cost.max(1);
            }
            K::DelayAlu => {
                let id0 = (t.imm & 0xf) as u8;
                let skip = (t.imm >> 4 & 7) as u8;
                let id1 = (t.imm >> 7 & 0xf) as u8;
                self.delays = [(1, id0), (if id1 != 0 { skip + 1 } else { 0 }, id1)];
                // Consumed by the instruction buffer: no issue slot.
                next = at;
            }
            K::Mfma => {
                self.stall(&mut at, self.matrix_free, Stall::Matrix);
                self.matrix_free = at + t.unit as u64;
                self.matrix_busy += t.unit as u64;
                self.valu_busy += p.issue_interval as u64;
                done = at + t.latency as u64;
                next = at + p.issue_interval as u64;
            }
            K::Wmma => {
                self.matrix_busy += t.issue as u64;
                self.valu_busy += t.issue as u64;
            }
            K::Trans => {
                self.stall(&mut at, self.trans_free, Stall::Trans);
                self.trans_free = at + t.unit as u64;
                self.valu_busy += t.issue as u64;
                done = at + t.latency as u64;
                next = at + t.issue.max(1) as u64;
                self.last_trans = [done, self.last_trans[0], self.last_trans[1]];
            }
            K::Valu => {
                self.valu_busy += t.issue as u64;
            }
            K::Salu | K::Branch | K::Other | K::Barrier | K::EndPgm => {
                self.salu_busy += p.issue_interval as u64;
            }
            K::Smem => {}
            K::Lds => {
                let lanes = exec.count_ones().max(1) as u64;
                let ideal = (lanes.div_ceil(p.lds_lanes_per_cycle.max(1) as u64)
                    * t.dwords.max(1) as u64)
                    .max(1);
                let extra = (lds as u64).saturating_sub(ideal);
                self.stalls[Stall::LdsConflict as usize] += extra;
                self.lds_busy += lds as u64;
                done += lds as u64;
            }
            K::Vmem => {
                self.bytes += exec.count_ones() as u64 * 4 * t.dwords as u64;
            }
        }
        if matches!(t.kind, K::Valu | K::Wmma) {
            self.last_valu = [
                done,
                self.last_valu[0],
                self.last_valu[1],
                self.last_valu[2],
            ];
        }
        if t.kind == K::Salu {
            self.last_salu = at;
        }
        // Outstanding memory operations.
        if t.counters != 0 {
            for c in 0..3 {
                if t.counters >> c & 1 != 0 {
                    let q = &mut self.queues[c];
                    if q.len() >= 256 {
                        q.retain(|&x| x > at);
                    }
                    q.push(done);
                }
            }
        }
        // Results.
        if let Some((agpr, start, count)) = hz.timing_write() {
            for r in start..start + count as u16 {
                let s = self.slot(agpr, r);
                if let Some(x) = self.vready.get_mut(s) {
                    *x = done;
                }
            }
        }
        if let Some((start, count)) = t.y_write {
            for r in start..start + count as u16 {
                if let Some(x) = self.vready.get_mut(r as usize) {
                    *x = done;
                }
            }
        }
        let mut m = swrites;
        while m != 0 {
            let r = m.trailing_zeros() as usize;
            m &= m - 1;
            self.sready[r] = done;
        }
        self.clock = next;
    }

    /// A branch that was taken restarts instruction fetch.
    pub(crate) fn branch_taken(&mut self, p: &Params) {
        self.clock += p.branch_taken as u64;
        self.stalls[Stall::Branch as usize] += p.branch_taken as u64;
    }
}

/// Release waves from `s_barrier`: all continue from the latest arrival.
pub(crate) fn release(p: &Params, mut waves: Vec<&mut WaveTiming>) {
    let last = waves.iter().map(|w| w.clock).max().unwrap_or(0);
    for w in waves.iter_mut() {
        w.stalls[Stall::Barrier as usize] += last - w.clock;
        w.clock = last + p.barrier as u64;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(p: Processor, vgprs: u32, sgprs: u32, lds: u32, wpg: u32, groups: u64) -> Plan {
        let ws = if p == Processor::Gfx942 { 64 } else { 32 };
        let r = Resources {
            vgprs,
            sgprs,
            lds_bytes: lds,
            waves_per_group: wpg,
            groups,
        };
        Plan::new(p, ws, &r)
    }

    #[test]
    fn occupancy_limits() {
        // gfx942: 512 VGPRs per lane per SIMD, 8 slots.
        let a = plan(Processor::Gfx942, 32, 16, 0, 4, 1 << 20);
        assert_eq!((a.max_waves, a.limit), (8, Limit::WaveSlots));
        let b = plan(Processor::Gfx942, 128, 16, 0, 4, 1 << 20);
        assert_eq!((b.max_waves, b.limit), (4, Limit::Vgprs));
        // 800 SGPRs per SIMD: 102 (rounded to 112) allow 7.
        let c = plan(Processor::Gfx942, 32, 102, 0, 4, 1 << 20);
        assert_eq!((c.max_waves, c.limit), (7, Limit::Sgprs));
        // 32 KiB of LDS: two workgroups per CU.
        let d = plan(Processor::Gfx942, 32, 16, 32 * 1024, 4, 1 << 20);
        assert_eq!((d.k, d.limit), (2, Limit::Lds));
        assert_eq!(d.max_waves, 2);
        // gfx1100 wave32: 1536 VGPRs in granules of 24.
        let e = plan(Processor::Gfx1100, 100, 106, 0, 2, 1 << 20);
        assert_eq!((e.max_waves, e.limit), (12, Limit::Vgprs));
        // A grid of one workgroup keeps one group resident.
        let f = plan(Processor::Gfx942, 32, 16, 0, 4, 1);
        assert_eq!((f.k_eff, f.rounds, f.waves_per_simd), (1, 1, 1));
    }

    #[test]
    fn rounds_and_bounds() {
        let p = plan(Processor::Gfx942, 32, 16, 0, 1, 304 * 32 * 3);
        assert_eq!(p.rounds, 3);
        let mut t = Timing {
            sum_group: 1000 * 304 * 32 * 3,
            max_group: 1000,
            max_latency: 1000,
            groups: 304 * 32 * 3,
            ..Default::default()
        };
        p.finish(&mut t);
        assert_eq!((t.cycles, t.bound), (3000, Bound::Issue));
        // 5.3 TB/s at 2100 MHz: about 2524 bytes per cycle.
        t.bytes = 2524 * 10_000;
        p.finish(&mut t);
        assert_eq!(t.bound, Bound::Memory);
        assert!((9_990..=10_010).contains(&t.cycles), "{}", t.cycles);
    }
}
