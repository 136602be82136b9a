//! Timing mode against the cycle counts the manuals and LLVM's scheduling
//! model state, on microkernels: a dependent VALU chain, a transcendental
//! chain, an MFMA chain, an LDS bank-conflict pattern and a wait on a
//! load. Each test compares two kernels that differ only in the measured
//! instructions, so the common preamble cancels out.

mod common;

use silk_amdgpu::isa::{table, Isa};
use silk_amdgpu::target::Processor;
use silk_emu::timing::{Params, Stall, Timing};
use silk_emu::{Arg, Emulator};

fn run_with(p: Processor, body: &str, lanes: u32, threads: usize, hazards: bool) -> Timing {
    let obj = common::kernel(p, body);
    let mut emu = Emulator::new(p);
    emu.options.timing = true;
    emu.options.threads = threads;
    emu.options.hazards = hazards;
    emu.options.dynamic_lds = 16 * 1024;
    let out = emu.alloc(64 * 1024).unwrap();
    let block = if p == Processor::Gfx942 { 64 } else { 32 };
    let stats = emu
        .launch(&obj, "k", [lanes, 1, 1], [block, 1, 1], &[Arg::Buffer(out)])
        .unwrap_or_else(|e| panic!("{p:?}: {e}\n{body}"));
    stats.timing.expect("timing requested")
}

fn run(p: Processor, body: &str) -> Timing {
    let block = if p == Processor::Gfx942 { 64 } else { 32 };
    run_with(p, body, block, 1, true)
}

fn params(p: Processor) -> &'static Params {
    silk_emu::timing::params::of(p)
}

fn repeat(n: usize, f: impl Fn(usize) -> String) -> String {
    (0..n).map(|i| format!("\t{}\n", f(i))).collect()
}

/// A chain of dependent VALU adds costs the VALU latency per add: 5 cycles
/// on RDNA3 (LLVM GFX11SpeedModel Write32Bit), 4 on CDNA3 (the wave64
/// cadence hides the latency: dependent ops issue back to back).
#[test]
fn dependent_valu_chain_costs_the_valu_latency() {
    for p in Processor::ALL {
        let chain = |n| run(p, &repeat(n, |_| "v_add_f32_e32 v1, v1, v2".into())).cycles;
        let per = (chain(48) - chain(16)) / 32;
        assert_eq!(per as u32, params(p).valu_latency, "{p:?}");
        // Independent adds issue at the issue rate.
        let indep = |n| {
            run(
                p,
                &repeat(n, |i| format!("v_add_f32_e32 v{}, v2, v3", 4 + i % 24)),
            )
            .cycles
        };
        let per = (indep(48) - indep(16)) / 32;
        assert_eq!(per as u32, params(p).issue_interval, "{p:?}");
    }
}

/// With `s_delay_alu instid0(VALU_DEP_1)` before each dependent add the
/// chain takes as long, but the wait is the hint's, not the VALU's: the
/// SIMD's VALU is free for other waves meanwhile.
#[test]
fn delay_alu_moves_the_wait_off_the_valu() {
    let p = Processor::Gfx1100;
    let plain = run(p, &repeat(32, |_| "v_add_f32_e32 v1, v1, v2".into()));
    let hinted = run(
        p,
        &repeat(32, |_| {
            "s_delay_alu instid0(VALU_DEP_1)\n\tv_add_f32_e32 v1, v1, v2".into()
        }),
    );
    assert_eq!(plain.cycles, hinted.cycles);
    assert!(plain.stall(Stall::Dependency) >= 31 * 4);
    assert_eq!(
        hinted.stall(Stall::DelayAlu),
        plain.stall(Stall::Dependency)
    );
    assert_eq!(hinted.stall(Stall::Dependency), 0);
    assert!(hinted.valu_busy + 31 * 4 <= plain.valu_busy);
}

/// Transcendentals are quarter rate on CDNA3: 16 cycles each, dependent or not.
#[test]
fn transcendental_chain_on_cdna3_is_quarter_rate() {
    let p = Processor::Gfx942;
    let chain = |n| run(p, &repeat(n, |_| "v_exp_f32_e32 v1, v1".into())).cycles;
    assert_eq!((chain(24) - chain(8)) / 16, 16);
}

/// Dependent MFMAs (srcC = the previous result) run one after another:
/// passes x 4 cycles each (CDNA3 ISA MFMA table; the pass count is the
/// opcode table's).
#[test]
fn mfma_chain_costs_its_passes() {
    let p = Processor::Gfx942;
    let name = "v_mfma_f32_16x16x16_f16";
    let isa = Isa::new(p);
    let op = isa.lookup(name, None).expect("opcode");
    let passes = table::table(p.generation())[op.0 as usize]
        .mfma_passes()
        .expect("an MFMA") as u64;
    let chain = |n| {
        let body = repeat(n, |_| format!("{name} v[16:19], v[2:3], v[4:5], v[16:19]"));
        // Hazards off: the chain is about cycles, not the read-after-write
        // wait states before the first VALU read of the result.
        run_with(p, &body, 64, 1, false)
    };
    let (a, b) = (chain(4), chain(12));
    assert_eq!((b.cycles - a.cycles) / 8, passes * 4);
    assert_eq!(b.matrix_busy - a.matrix_busy, 8 * passes * 4);
    assert!(b.matrix_fraction() > a.matrix_fraction());
    assert!(b.matrix_fraction() > 0.0 && b.matrix_fraction() <= 1.0);
}

/// LDS: 32 lanes reading 32 consecutive dwords hit 32 banks, one cycle;
/// a stride of 128 bytes puts all 32 in one bank, 32 cycles (CDNA3 ISA
/// LDS chapter: 32 banks of dwords).
#[test]
fn lds_bank_conflicts_serialise() {
    for p in [Processor::Gfx942, Processor::Gfx1100] {
        let (ws, halves) = if p == Processor::Gfx942 {
            (64, 2)
        } else {
            (32, 1)
        };
        let _ = ws;
        let (load, wait) = if p == Processor::Gfx942 {
            ("ds_read_b32", "s_waitcnt lgkmcnt(0)")
        } else {
            ("ds_load_b32", "s_waitcnt lgkmcnt(0)")
        };
        // v0 = lane * 16: shift to lane * 4 and lane * 128.
        let linear = run(
            p,
            &format!("\tv_lshrrev_b32_e32 v6, 2, v0\n\t{load} v7, v6\n\t{wait}\n"),
        );
        let strided = run(
            p,
            &format!("\tv_lshlrev_b32_e32 v6, 3, v0\n\t{load} v7, v6\n\t{wait}\n"),
        );
        assert_eq!(linear.stall(Stall::LdsConflict), 0, "{p:?}");
        assert_eq!(strided.stall(Stall::LdsConflict), halves * 31, "{p:?}");
        assert_eq!(
            strided.cycles - linear.cycles,
            halves * 31,
            "{p:?}: the conflict cycles delay the wait"
        );
    }
}

/// `s_waitcnt` waits for the load's latency less the cycles issued since.
#[test]
fn wait_on_a_load_costs_its_latency() {
    for p in Processor::ALL {
        let gfx9 = p == Processor::Gfx942;
        let prm = params(p);
        let (sload, gload) = if gfx9 {
            (
                "s_load_dword s8, s[0:1], 0x0",
                "global_load_dword v8, v0, s[0:1]",
            )
        } else {
            (
                "s_load_b32 s8, s[0:1], 0x0",
                "global_load_b32 v8, v0, s[0:1]",
            )
        };
        let base = run(p, "");
        let s = run(p, &format!("\t{sload}\n\ts_waitcnt lgkmcnt(0)\n"));
        assert_eq!(
            s.stall(Stall::WaitLgkm) - base.stall(Stall::WaitLgkm),
            (prm.smem_latency - prm.issue_interval) as u64,
            "{p:?}"
        );
        let g = run(p, &format!("\t{gload}\n\ts_waitcnt vmcnt(0)\n"));
        let issue = if gfx9 { 4 } else { 1 };
        assert_eq!(
            g.stall(Stall::WaitVm),
            (prm.vmem_latency - issue) as u64,
            "{p:?}"
        );
        // Two loads, one wait: the second overlaps the first.
        let two = run(
            p,
            &format!(
                "\t{gload}\n\t{}\n\ts_waitcnt vmcnt(0)\n",
                gload.replace("v8,", "v9,")
            ),
        );
        assert_eq!(two.stall(Stall::WaitVm), g.stall(Stall::WaitVm), "{p:?}");
        assert!(g.bytes >= 4 * if gfx9 { 64 } else { 32 });
    }
}

/// `s_nop N` holds the wave N + 1 issue slots.
#[test]
fn nop_costs_its_wait_states() {
    for p in Processor::ALL {
        let a = run(p, "");
        let b = run(p, "\ts_nop 5\n");
        assert_eq!(
            b.cycles - a.cycles,
            6 * params(p).issue_interval as u64,
            "{p:?}"
        );
    }
}

/// The estimate is the same on one thread and on several, and grows with
/// the grid once the grid fills the device.
#[test]
fn deterministic_across_threads_and_scales_with_the_grid() {
    let p = Processor::Gfx1100;
    let body = repeat(8, |_| "v_add_f32_e32 v1, v1, v2".into());
    let one = run_with(p, &body, 32 * 64, 1, true);
    let two = run_with(p, &body, 32 * 64, 2, true);
    assert_eq!(one, two);
    let cus = params(p).compute_units;
    let small = run_with(p, &body, 32 * cus, 1, true);
    let big = run_with(p, &body, 32 * cus * 64, 1, true);
    assert!(
        big.cycles > small.cycles,
        "{} vs {}",
        big.cycles,
        small.cycles
    );
    assert!(big.occupancy() > small.occupancy());
    assert!(big.waves_per_simd <= big.max_waves_per_simd);
}

/// Sampling every 8th workgroup of a grid of identical workgroups gives
/// the full run's estimate (mean time, scaled bytes and busy cycles),
/// runs an eighth of the groups, and the same on several threads.
#[test]
fn sampled_workgroups_stand_for_the_grid() {
    let p = Processor::Gfx942;
    let body = format!(
        "{}\tglobal_store_dword v0, v1, s[0:1]\n",
        repeat(16, |_| "v_add_f32_e32 v1, v1, v2".into())
    );
    let obj = common::kernel(p, &body);
    let launch = |sample: u64, threads: usize| {
        let mut emu = Emulator::new(p);
        emu.options.timing = true;
        emu.options.threads = threads;
        emu.options.sample_workgroups = sample;
        let out = emu.alloc(64 * 1024).unwrap();
        emu.launch(&obj, "k", [64 * 512, 1, 1], [64, 1, 1], &[Arg::Buffer(out)])
            .unwrap()
    };
    let all = launch(1, 1);
    let some = launch(8, 1);
    assert_eq!(all.workgroups, 512);
    assert_eq!(some.workgroups, 64);
    let (ta, ts) = (all.timing.unwrap(), some.timing.unwrap());
    assert_eq!(ta.cycles, ts.cycles);
    assert_eq!(ta.bytes, ts.bytes);
    assert_eq!(ta.valu_busy, ts.valu_busy);
    assert_eq!(launch(8, 2).timing.unwrap(), ts);
}
