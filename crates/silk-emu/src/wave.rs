//! The architectural state of one wave: SGPRs, VGPRs, AGPRs, SCC, PC, and
//! what strict mode tracks beside them (which registers were written, which
//! wait for an outstanding load, and the wait counters).

use std::collections::VecDeque;

/// The wait counters (the emulator tracks vm, lgkm and vs; compute
/// kernels never wait on exp).
pub use silk_amdgpu::waitcnt::Counter;

/// A register write a memory instruction will make when it completes.
#[derive(Debug)]
pub enum PendingWrite {
    Sgpr {
        code: u16,
        values: Vec<u32>,
    },
    /// `values[d * wave_size + lane]` for dword `d`; only lanes in `mask`.
    Vgpr {
        agpr: bool,
        reg: usize,
        dwords: usize,
        mask: u64,
        values: Vec<u32>,
        /// 16-bit loads into one half (0 = whole dword, 1 = low, 2 = high).
        half: u8,
    },
}

/// An issued memory instruction whose completion the wave has not waited for.
#[derive(Debug)]
pub struct Pending {
    /// Bit per [`Counter`] this instruction incremented.
    pub counters: u8,
    pub writes: Vec<PendingWrite>,
}

pub struct Wave {
    pub sgpr: [u32; 128],
    pub scc: bool,
    /// Absolute address of the next instruction.
    pub pc: u64,
    pub vgpr: Vec<u32>,
    pub agpr: Vec<u32>,
    /// Strict mode: written SGPR codes / lanes of each VGPR and AGPR.
    pub s_written: u128,
    pub v_written: Vec<u64>,
    pub a_written: Vec<u64>,
    /// Outstanding loads per register (counts).
    pub s_pending: [u8; 128],
    pub v_pending: Vec<u8>,
    pub a_pending: Vec<u8>,
    pub pending: VecDeque<Pending>,
    pub counts: [u32; 3],
    pub ended: bool,
    pub at_barrier: bool,
    /// Wave index within the workgroup.
    pub id: u32,
    pub wave_size: usize,
    /// Per-lane private (scratch) memory, `lane * size .. (lane+1) * size`.
    pub private: Vec<u8>,
    pub private_size: usize,
    pub executed: u64,
    /// Strict mode's hazard state, when hazards are checked.
    pub hz: Option<Box<crate::hazard::HazardState>>,
    /// Timing mode's state ([`crate::timing`]).
    pub tm: Option<Box<crate::timing::WaveTiming>>,
    /// GFX9 MODE.gpr_idx_en (`s_set_gpr_idx_on` / `_off`).
    pub gpr_idx_en: bool,
    /// GFX9 MODE.vskip (`s_setvskip`): vector instructions are skipped.
    pub vskip: bool,
    /// GFX9 MODE.csp: the fork/join stack depth (3 bits).
    pub csp: u8,
}

impl Wave {
    pub fn new(id: u32, wave_size: usize, vgprs: usize, agprs: usize, private_size: usize) -> Wave {
        Wave {
            sgpr: [0; 128],
            scc: false,
            pc: 0,
            vgpr: vec![0; vgprs * wave_size],
            agpr: vec![0; agprs * wave_size],
            s_written: 0,
            v_written: vec![0; vgprs],
            a_written: vec![0; agprs],
            s_pending: [0; 128],
            v_pending: vec![0; vgprs],
            a_pending: vec![0; agprs],
            pending: VecDeque::new(),
            counts: [0; 3],
            ended: false,
            at_barrier: false,
            id,
            wave_size,
            private: vec![0; private_size * wave_size],
            private_size,
            executed: 0,
            hz: None,
            tm: None,
            gpr_idx_en: false,
            vskip: false,
            csp: 0,
        }
    }

    pub fn lane_mask(&self) -> u64 {
        if self.wave_size == 64 {
            u64::MAX
        } else {
            (1u64 << self.wave_size) - 1
        }
    }

    pub fn exec(&self) -> u64 {
        (self.sgpr[126] as u64 | (self.sgpr[127] as u64) << 32) & self.lane_mask()
    }

    pub fn set_exec(&mut self, v: u64) {
        let v = v & self.lane_mask();
        self.sgpr[126] = v as u32;
        if self.wave_size == 64 {
            self.sgpr[127] = (v >> 32) as u32;
        }
        self.s_written |= 3 << 126;
    }

    pub fn set_sgpr(&mut self, code: u16, v: u32) {
        if let Some(r) = self.sgpr.get_mut(code as usize) {
            *r = v;
            self.s_written |= 1u128 << code;
        }
    }

    /// Apply one completed memory instruction's register writes.
    pub fn retire(&mut self, p: Pending) {
        for c in 0..3 {
            if p.counters >> c & 1 != 0 {
                self.counts[c] = self.counts[c].saturating_sub(1);
            }
        }
        for w in p.writes {
            match w {
                PendingWrite::Sgpr { code, values } => {
                    for (i, v) in values.into_iter().enumerate() {
                        let c = code as usize + i;
                        if c < 128 {
                            self.sgpr[c] = v;
                            self.s_pending[c] = self.s_pending[c].saturating_sub(1);
                            self.s_written |= 1u128 << c;
                        }
                    }
                }
                PendingWrite::Vgpr {
                    agpr,
                    reg,
                    dwords,
                    mask,
                    values,
                    half,
                } => {
                    let ws = self.wave_size;
                    let (file, written, pend) = if agpr {
                        (&mut self.agpr, &mut self.a_written, &mut self.a_pending)
                    } else {
                        (&mut self.vgpr, &mut self.v_written, &mut self.v_pending)
                    };
                    for d in 0..dwords {
                        let r = reg + d;
                        if r >= pend.len() {
                            break;
                        }
                        pend[r] = pend[r].saturating_sub(1);
                        written[r] |= mask;
                        let mut m = mask;
                        while m != 0 {
                            let l = m.trailing_zeros() as usize;
                            m &= m - 1;
                            let v = values[d * ws + l];
                            let slot = &mut file[r * ws + l];
                            *slot = match half {
                                1 => (*slot & 0xffff_0000) | (v & 0xffff),
                                2 => (*slot & 0xffff) | (v << 16),
                                _ => v,
                            };
                        }
                    }
                }
            }
        }
    }

    /// Retire the oldest outstanding instructions until each counter is at
    /// most its limit (`s_waitcnt` semantics with in-order return).
    pub fn wait(&mut self, limits: [u32; 3]) {
        while let Some(c) = (0..3).find(|&c| self.counts[c] > limits[c]) {
            match self.pending.iter().position(|p| p.counters >> c & 1 != 0) {
                Some(i) => {
                    if let Some(p) = self.pending.remove(i) {
                        self.retire(p);
                    }
                }
                None => self.counts[c] = 0,
            }
        }
    }

    /// [`Wave::wait`] for the counts of an `s_waitcnt` (exp is not tracked).
    pub fn wait_for(&mut self, w: silk_amdgpu::waitcnt::WaitCounts) {
        self.wait([w.vm, w.lgkm, w.vs].map(|n| n.unwrap_or(u32::MAX)));
    }

    /// Retire everything (non-strict mode and end of program).
    pub fn drain(&mut self) {
        self.wait([0; 3]);
    }
}
