//! The wait counters and the `s_waitcnt` immediate, once for every user:
//! the ISA printer and parser (`vmcnt(N) expcnt(N) lgkmcnt(N)`), the
//! compiler's wait-count pass and the emulator.
//!
//! A wave counts its outstanding memory and export operations per counter
//! and `s_waitcnt` stalls until each named counter is at most the given
//! count ([CDNA3] §4.4 / [RDNA3] §4.4 "Data Dependency Resolution"). The
//! SIMM16 layout differs by generation (SOPP `S_WAITCNT` in the opcode
//! chapters of both manuals):
//! - GFX9 / CDNA3: vmcnt [3:0] and [15:14] (6 bits), expcnt [6:4],
//!   lgkmcnt [11:8] (4 bits);
//! - GFX11 / RDNA3: expcnt [2:0], lgkmcnt [9:4], vmcnt [15:10] (6 bits
//!   each).
//!
//! Stores count on a separate vscnt on GFX10+, waited for by
//! `s_waitcnt_vscnt` (SOPK: the count is the whole SIMM16, 6 bits wide).

use crate::target::{Generation, WaitCounterLimits};

/// One wait counter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Counter {
    /// Vector memory loads (and stores before GFX10).
    Vm,
    /// Exports and GDS; written but never waited for by compute kernels.
    Exp,
    /// LDS, GDS, constant (SMEM) and message operations.
    Lgkm,
    /// Vector memory stores (GFX10+).
    Vs,
}

impl Counter {
    pub const ALL: [Counter; 4] = [Counter::Vm, Counter::Exp, Counter::Lgkm, Counter::Vs];

    /// The name in `s_waitcnt` text (`vmcnt`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Counter::Vm => "vmcnt",
            Counter::Exp => "expcnt",
            Counter::Lgkm => "lgkmcnt",
            Counter::Vs => "vscnt",
        }
    }
}

/// A bit range of the SIMM16: `width` bits from `shift`.
#[derive(Clone, Copy)]
struct Piece {
    shift: u32,
    width: u32,
}

const fn piece(shift: u32, width: u32) -> Piece {
    Piece { shift, width }
}

/// A counter's pieces in the SIMM16, low bits of the count first.
type Field = &'static [Piece];

/// The `S_WAITCNT` SIMM16 layout of one generation.
struct Layout {
    vm: Field,
    exp: Field,
    lgkm: Field,
    /// Width of the `s_waitcnt_vscnt` count; 0 where there is no vscnt.
    vs_width: u32,
}

/// [CDNA3] SOPP `S_WAITCNT`: vmcnt [3:0] and [15:14], expcnt [6:4],
/// lgkmcnt [11:8].
const GFX9: Layout = Layout {
    vm: &[piece(0, 4), piece(14, 2)],
    exp: &[piece(4, 3)],
    lgkm: &[piece(8, 4)],
    vs_width: 0,
};

/// [RDNA3] SOPP `S_WAITCNT`: expcnt [2:0], lgkmcnt [9:4], vmcnt [15:10];
/// SOPK `S_WAITCNT_VSCNT`: a 6-bit count.
const GFX11: Layout = Layout {
    vm: &[piece(10, 6)],
    exp: &[piece(0, 3)],
    lgkm: &[piece(4, 6)],
    vs_width: 6,
};

const fn layout(gen: Generation) -> &'static Layout {
    match gen {
        Generation::Gfx9 => &GFX9,
        Generation::Gfx11 => &GFX11,
    }
}

const fn width(f: Field) -> u32 {
    let mut w = 0;
    let mut i = 0;
    while i < f.len() {
        w += f[i].width;
        i += 1;
    }
    w
}

const fn max_of(f: Field) -> u32 {
    (1 << width(f)) - 1
}

fn put(f: Field, n: u32) -> u32 {
    let mut v = 0;
    let mut low = 0;
    for p in f {
        v |= (n >> low & ((1 << p.width) - 1)) << p.shift;
        low += p.width;
    }
    v
}

fn get(f: Field, v: u32) -> u32 {
    let mut n = 0;
    let mut low = 0;
    for p in f {
        n |= (v >> p.shift & ((1 << p.width) - 1)) << low;
        low += p.width;
    }
    n
}

/// The largest count each counter can hold on `gen` (a wait for it is no
/// wait): what [`crate::ProcessorInfo::wait_counters`] reports.
pub const fn limits(gen: Generation) -> WaitCounterLimits {
    let l = layout(gen);
    WaitCounterLimits {
        vmcnt: max_of(l.vm),
        expcnt: max_of(l.exp),
        lgkmcnt: max_of(l.lgkm),
        vscnt: if l.vs_width == 0 {
            None
        } else {
            Some((1 << l.vs_width) - 1)
        },
    }
}

/// Per counter, how many operations may stay outstanding; `None`: do not
/// wait on that counter.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct WaitCounts {
    pub vm: Option<u32>,
    pub exp: Option<u32>,
    pub lgkm: Option<u32>,
    pub vs: Option<u32>,
}

impl WaitCounts {
    /// No wait at all.
    pub const NONE: WaitCounts = WaitCounts {
        vm: None,
        exp: None,
        lgkm: None,
        vs: None,
    };

    pub fn get(&self, c: Counter) -> Option<u32> {
        match c {
            Counter::Vm => self.vm,
            Counter::Exp => self.exp,
            Counter::Lgkm => self.lgkm,
            Counter::Vs => self.vs,
        }
    }

    pub fn slot(&mut self, c: Counter) -> &mut Option<u32> {
        match c {
            Counter::Vm => &mut self.vm,
            Counter::Exp => &mut self.exp,
            Counter::Lgkm => &mut self.lgkm,
            Counter::Vs => &mut self.vs,
        }
    }

    /// Also wait until `c` is at most `n` (the stricter of the two waits).
    pub fn require(&mut self, c: Counter, n: u32) {
        let s = self.slot(c);
        *s = Some(s.map_or(n, |m| m.min(n)));
    }

    /// The wait that satisfies both: per counter the smaller count.
    pub fn join(self, o: WaitCounts) -> WaitCounts {
        let j = |a: Option<u32>, b: Option<u32>| match (a, b) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        WaitCounts {
            vm: j(self.vm, o.vm),
            exp: j(self.exp, o.exp),
            lgkm: j(self.lgkm, o.lgkm),
            vs: j(self.vs, o.vs),
        }
    }

    /// Whether `s_waitcnt` (vm, exp or lgkm) is needed.
    pub fn needs_waitcnt(&self) -> bool {
        self.vm.is_some() || self.exp.is_some() || self.lgkm.is_some()
    }

    /// The `s_waitcnt` SIMM16 on `gen`: counters without a wait and counts
    /// above the maximum hold the maximum; bits outside the fields are
    /// zero. `vs` is not part of it ([`WaitCounts::vscnt`]).
    pub fn encode(&self, gen: Generation) -> u16 {
        let l = layout(gen);
        let f = |f: Field, n: Option<u32>| put(f, n.unwrap_or(u32::MAX).min(max_of(f)));
        (f(l.vm, self.vm) | f(l.exp, self.exp) | f(l.lgkm, self.lgkm)) as u16
    }

    /// The counts an `s_waitcnt` SIMM16 waits for on `gen`: every field,
    /// a field at its maximum included (`vs` is `None`).
    pub fn decode(gen: Generation, simm16: u16) -> WaitCounts {
        let l = layout(gen);
        let v = u32::from(simm16);
        WaitCounts {
            vm: Some(get(l.vm, v)),
            exp: Some(get(l.exp, v)),
            lgkm: Some(get(l.lgkm, v)),
            vs: None,
        }
    }

    /// `s_waitcnt_vscnt`'s count on `gen`, clamped to the maximum; `None`
    /// when there is no vs wait or `gen` has no vscnt.
    pub fn vscnt(&self, gen: Generation) -> Option<u16> {
        let max = limits(gen).vscnt?;
        self.vs.map(|n| n.min(max) as u16)
    }

    /// The largest count of `c` on `gen` (`None`: no such counter).
    pub fn max(gen: Generation, c: Counter) -> Option<u32> {
        let l = limits(gen);
        match c {
            Counter::Vm => Some(l.vmcnt),
            Counter::Exp => Some(l.expcnt),
            Counter::Lgkm => Some(l.lgkmcnt),
            Counter::Vs => l.vscnt,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Generation::*;

    fn w(vm: Option<u32>, exp: Option<u32>, lgkm: Option<u32>) -> WaitCounts {
        WaitCounts {
            vm,
            exp,
            lgkm,
            vs: None,
        }
    }

    /// Bit patterns from the manuals' field tables (and LLVM 22 llvm-mc,
    /// see `tests/waitcnt_golden.rs` for the recorded corpus).
    #[test]
    fn exact_bits_per_generation() {
        assert_eq!(w(Some(0), None, None).encode(Gfx9), 0x0f70);
        assert_eq!(w(None, None, Some(0)).encode(Gfx9), 0xc07f);
        assert_eq!(w(None, Some(0), None).encode(Gfx9), 0xcf0f);
        // vmcnt's high bits [15:14] on GFX9.
        assert_eq!(w(Some(48), None, None).encode(Gfx9), 0xcf70);
        assert_eq!(w(Some(0), None, None).encode(Gfx11), 0x03f7);
        assert_eq!(w(None, None, Some(0)).encode(Gfx11), 0xfc07);
        assert_eq!(w(None, Some(0), None).encode(Gfx11), 0xfff0);
        assert_eq!(WaitCounts::NONE.encode(Gfx9), 0xcf7f);
        // Bit 3 belongs to no counter on GFX11.
        assert_eq!(WaitCounts::NONE.encode(Gfx11), 0xfff7);
    }

    #[test]
    fn counts_clamp_to_the_field() {
        assert_eq!(w(None, None, Some(40)).encode(Gfx9), 0xcf7f);
        assert_eq!(w(None, None, Some(40)).encode(Gfx11), 0xfe87);
        assert_eq!(w(Some(1000), None, None).encode(Gfx11), 0xfff7);
    }

    #[test]
    fn every_simm16_round_trips_through_its_fields() {
        for gen in [Gfx9, Gfx11] {
            let used = WaitCounts::encode(&w(Some(0), Some(0), Some(0)), gen) as u32
                ^ WaitCounts::NONE.encode(gen) as u32;
            for v in 0..=u16::MAX {
                let d = WaitCounts::decode(gen, v);
                assert_eq!(
                    u32::from(d.encode(gen)),
                    u32::from(v) & used,
                    "{gen:?} {v:#x}"
                );
            }
        }
    }

    #[test]
    fn limits_follow_the_field_widths() {
        let g9 = limits(Gfx9);
        assert_eq!(
            (g9.vmcnt, g9.expcnt, g9.lgkmcnt, g9.vscnt),
            (63, 7, 15, None)
        );
        let g11 = limits(Gfx11);
        assert_eq!(
            (g11.vmcnt, g11.expcnt, g11.lgkmcnt, g11.vscnt),
            (63, 7, 63, Some(63))
        );
        assert_eq!(w(None, None, None).vscnt(Gfx11), None);
        let vs = WaitCounts {
            vs: Some(70),
            ..WaitCounts::NONE
        };
        assert_eq!((vs.vscnt(Gfx11), vs.vscnt(Gfx9)), (Some(63), None));
    }

    #[test]
    fn join_takes_the_stricter_count() {
        let a = w(Some(3), None, Some(1));
        let b = w(Some(1), Some(0), None);
        assert_eq!(a.join(b), w(Some(1), Some(0), Some(1)));
        assert_eq!(a.join(WaitCounts::NONE), a);
        let mut c = a;
        c.require(Counter::Vm, 5);
        assert_eq!(c, a);
        c.require(Counter::Vm, 0);
        assert_eq!(c.vm, Some(0));
    }
}
