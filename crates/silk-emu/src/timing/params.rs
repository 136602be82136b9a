//! The timing model's numbers, one set per processor, each with its source.
//!
//! Register-file sizes, wave slots and LDS size are not here: they are the
//! processor table's (`silk_amdgpu::target::ProcessorInfo::total_vgprs`,
//! `max_waves_per_simd`, `lds_bytes_per_workgroup`).
//!
//! Sources, cited by tag below:
//! - [CDNA3-ISA]: AMD "CDNA3" Instruction Set Architecture reference guide
//!   (MI300): wave64 on 16-lane SIMDs, MFMA pass counts, LDS banks.
//! - [CDNA3-WP]: AMD CDNA 3 architecture white paper and the MI300X data
//!   sheet: 304 CUs (8 XCDs of 38), 2100 MHz peak engine clock, 5.3 TB/s
//!   HBM3 (also chipsandcheese.com "Testing AMD's Giant MI300X").
//! - [OMNIPERF]: ROCm Omniperf / rocprofiler-compute "Pipeline
//!   descriptions": four 16-wide SIMDs per CU, one SALU per CU.
//! - [RDNA3-ISA]: AMD "RDNA3" Instruction Set Architecture reference guide
//!   (doc 70650): two SIMD32 per CU, two CUs per WGP, wave64 VALU as two
//!   passes, VOPD dual issue, `s_delay_alu`.
//! - [LLVM-SCHED]: LLVM 22 `llvm/lib/Target/AMDGPU/SISchedule.td`:
//!   `SIDPGFX940FullSpeedModel` (gfx942; latencies in units of the 4-cycle
//!   wave64 issue, "1 / (operations / cycle) / 4") and `GFX11SpeedModel`
//!   (latencies in cycles). AMD's compiler schedules by these numbers.
//! - [LLVM-DELAY]: LLVM 22 `AMDGPUInsertDelayAlu.cpp`: a VALU result is
//!   waited for up to 5 VALUs later, a transcendental one up to 4.
//! - [GPUOPEN-WMMA]: GPUOpen "How to accelerate AI applications on RDNA 3
//!   using WMMA": "A single WMMA instruction coordinates 32 clocks".
//! - [AMD-7900XTX]: AMD Radeon RX 7900 XTX specifications: 96 CUs, 2500 MHz
//!   boost clock, 960 GB/s (20 Gbps GDDR6 on 384 bits).
//! - [AMD-8060S]: AMD Ryzen AI Max+ 395 / Radeon 8060S specifications: 40
//!   CUs, 2900 MHz graphics clock, 256-bit LPDDR5X-8000 (8000 MT/s x 32 B
//!   = 256 GB/s).
//! - [estimate]: no public figure found; the value is the model's choice
//!   and `docs/timing.md` lists it among the approximations.

use silk_amdgpu::target::Processor;

/// Timing parameters of one processor. Cycles are shader-clock cycles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Params {
    /// Compute units of the product the processor is modelled on.
    pub compute_units: u32,
    /// SIMDs per CU.
    pub simds_per_cu: u32,
    /// Lanes per SIMD: a wave64 VALU op takes `64 / lanes` cycles.
    pub simd_lanes: u32,
    /// Cycles between two instructions of one wave (the issue cadence).
    pub issue_interval: u32,
    /// Dependent-use latency of a 32-bit VALU result.
    pub valu_latency: u32,
    /// Latency of a 64-bit (non-f64) VALU result.
    pub valu64_latency: u32,
    /// Latency of an f64 VALU result, and the SIMD cycles it occupies.
    pub f64_latency: u32,
    pub f64_issue: u32,
    /// Transcendental (v_exp, v_rcp, ...) latency and unit occupancy.
    pub trans_latency: u32,
    pub trans_issue: u32,
    /// SALU result latency.
    pub salu_latency: u32,
    /// Load-to-use latency of SMEM, VMEM and LDS.
    pub smem_latency: u32,
    pub vmem_latency: u32,
    pub lds_latency: u32,
    /// LDS banks (4 bytes wide) and lanes the LDS serves per cycle.
    pub lds_banks: u32,
    pub lds_lanes_per_cycle: u32,
    /// Extra cycles of a taken branch (instruction fetch restart).
    pub branch_taken: u32,
    /// Cycles from the last wave's arrival at `s_barrier` to the release.
    pub barrier: u32,
    /// Cycles of one MFMA pass.
    pub mfma_pass_cycles: u32,
    /// Cycles of one WMMA (wave32).
    pub wmma_cycles: u32,
    /// Shader clock and DRAM bandwidth, for the bandwidth bound and µs.
    pub clock_mhz: u32,
    pub dram_gb_per_s: u32,
    /// VOPD pairs issue as one VALU op.
    pub dual_issue: bool,
}

/// gfx942: AMD Instinct MI300X.
pub const GFX942: Params = Params {
    compute_units: 304,      // [CDNA3-WP]
    simds_per_cu: 4,         // [CDNA3-ISA], [OMNIPERF]
    simd_lanes: 16,          // [CDNA3-ISA], [OMNIPERF]
    issue_interval: 4,       // [CDNA3-ISA]: a wave issues once per 4 cycles
    valu_latency: 4,         // [LLVM-SCHED] Write32Bit 1 (x4)
    valu64_latency: 4,       // [LLVM-SCHED] Write64Bit 1 (x4)
    f64_latency: 4,          // [LLVM-SCHED] WriteDouble 1 (x4): full-rate f64
    f64_issue: 4,            // [LLVM-SCHED] WriteDouble 1 (x4)
    trans_latency: 16,       // [LLVM-SCHED] WriteTrans32 4 (x4), quarter rate
    trans_issue: 16,         // [LLVM-SCHED] quarter rate
    salu_latency: 4,         // [LLVM-SCHED] WriteSALU 1 (x4)
    smem_latency: 20,        // [LLVM-SCHED] WriteSMEM 5 (x4)
    vmem_latency: 320,       // [LLVM-SCHED] WriteVMEM 80 (x4)
    lds_latency: 20,         // [LLVM-SCHED] WriteLDS 5 (x4)
    lds_banks: 32,           // [CDNA3-ISA] LDS: 32 banks of dwords
    lds_lanes_per_cycle: 32, // [CDNA3-ISA] half a wave64 per cycle
    branch_taken: 32,        // [LLVM-SCHED] WriteBranch 8 (x4)
    barrier: 4,              // [estimate] one issue slot
    mfma_pass_cycles: 4,     // [CDNA3-ISA] MFMA table: a pass is 4 cycles
    wmma_cycles: 0,          // no WMMA on CDNA3
    clock_mhz: 2100,         // [CDNA3-WP]
    dram_gb_per_s: 5300,     // [CDNA3-WP]
    dual_issue: false,
};

/// gfx1100: AMD Radeon RX 7900 XTX.
pub const GFX1100: Params = Params {
    compute_units: 96,       // [AMD-7900XTX]
    simds_per_cu: 2,         // [RDNA3-ISA]
    simd_lanes: 32,          // [RDNA3-ISA]; wave64 VALU runs as two passes
    issue_interval: 1,       // [RDNA3-ISA]: one instruction per cycle
    valu_latency: 5,         // [LLVM-SCHED] Write32Bit 5, [LLVM-DELAY] VALU_MAX 5
    valu64_latency: 6,       // [LLVM-SCHED] Write64Bit 6
    f64_latency: 38,         // [LLVM-SCHED] WriteDouble 38
    f64_issue: 16,           // [estimate] 1/16 rate
    trans_latency: 10,       // [LLVM-SCHED] WriteTrans32 10
    trans_issue: 4,          // [LLVM-SCHED] "quarter rate"
    salu_latency: 2,         // [LLVM-SCHED] WriteSALU 2
    smem_latency: 20,        // [LLVM-SCHED] WriteSMEM 20
    vmem_latency: 320,       // [LLVM-SCHED] WriteVMEM 320
    lds_latency: 20,         // [LLVM-SCHED] WriteLDS 20
    lds_banks: 32,           // [estimate] as CDNA3, per CU
    lds_lanes_per_cycle: 32, // [estimate] a wave32 per cycle
    branch_taken: 32,        // [LLVM-SCHED] WriteBranch 32
    barrier: 1,              // [estimate] one issue slot
    mfma_pass_cycles: 0,     // no MFMA on RDNA3
    wmma_cycles: 32,         // [GPUOPEN-WMMA]
    clock_mhz: 2500,         // [AMD-7900XTX]
    dram_gb_per_s: 960,      // [AMD-7900XTX]
    dual_issue: true,        // [RDNA3-ISA] VOPD
};

/// gfx1151: AMD Radeon 8060S (RDNA3.5): the RDNA3 pipeline, fewer CUs,
/// LPDDR5X memory.
pub const GFX1151: Params = Params {
    compute_units: 40,  // [AMD-8060S]
    clock_mhz: 2900,    // [AMD-8060S]
    dram_gb_per_s: 256, // [AMD-8060S]
    ..GFX1100
};

/// The parameters of `processor`.
pub fn of(processor: Processor) -> &'static Params {
    match processor {
        Processor::Gfx942 => &GFX942,
        Processor::Gfx1100 => &GFX1100,
        Processor::Gfx1151 => &GFX1151,
    }
}
