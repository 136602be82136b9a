//! SGPR spilling to VGPR lanes, the standard AMDGPU approach (LLVM's
//! `SILowerSGPRSpills`): a spilled scalar register lives in one lane of a
//! reserved VGPR per dword. Every definition is followed by
//! `v_writelane_b32 vS, sT, lane` from a fresh short-lived temporary,
//! every use is preceded by `v_readlane_b32 sT, vS, lane` into one, and
//! allocation runs again. Both instructions ignore EXEC ([CDNA3] §12.12
//! and [RDNA3] §16.12 "V_READLANE_B32 / V_WRITELANE_B32": "ignores exec
//! mask"), so the slot keeps the value whichever lanes are active, like
//! the scalar register it replaces. A lane select below 64 is an inline
//! constant, so the VOP3 forms need no literal (GFX9 VOP3 has none).
//!
//! The spill VGPRs are fixed registers (reserved from the start of the
//! kernel) marked as merge registers: a `v_writelane` writes one lane and
//! keeps the others, so no definition may end their liveness.

use crate::mir::{File, MFunction, MInst, MOp, VReg, VRegInfo};
use crate::Error;
use silk_amdgpu::isa::{Mods, Op, Operand};
use silk_gpu_ir::amdgpu::RegFile;

/// Spill state across allocation rounds.
pub(super) struct Spills {
    /// Per virtual register: it must not be spilled (spill temporaries and
    /// spill VGPRs, and registers spilled already).
    pub no_spill: Vec<bool>,
    /// Lane slots handed out so far.
    slots: u32,
    /// The spill VGPRs, `lanes` slots each.
    vgprs: Vec<VReg>,
    /// Dwords spilled (for the report in tests and `--emit mir`).
    pub spilled_dwords: u32,
}

impl Spills {
    pub fn new(mf: &MFunction) -> Spills {
        Spills {
            no_spill: vec![false; mf.vregs.len()],
            slots: 0,
            vgprs: Vec::new(),
            spilled_dwords: 0,
        }
    }

    fn new_vreg(&mut self, mf: &mut MFunction, info: VRegInfo) -> VReg {
        mf.vregs.push(info);
        self.no_spill.push(true);
        VReg(mf.vregs.len() as u32 - 1)
    }

    /// The spill VGPR and lane of `slot`, reserving another VGPR when the
    /// slots run past the ones there are.
    fn slot(&mut self, mf: &mut MFunction, slot: u32) -> (VReg, u32) {
        let lanes = if mf.wave64 { 64 } else { 32 };
        while self.vgprs.len() as u32 <= slot / lanes {
            let index = free_fixed_vgpr(mf);
            let v = self.new_vreg(
                mf,
                VRegInfo {
                    file: File::Vgpr,
                    dwords: 1,
                    fixed: Some(index),
                    merge: true,
                    invariant: false,
                },
            );
            self.vgprs.push(v);
        }
        (self.vgprs[(slot / lanes) as usize], slot % lanes)
    }

    /// Replace SGPR `r` by lane slots: its definitions and uses go through
    /// temporaries stored and reloaded next to them.
    pub fn spill(&mut self, mf: &mut MFunction, r: VReg) -> Result<(), Error> {
        let info = mf.info(r);
        if info.file != File::Sgpr || info.fixed.is_some() {
            return Err(Error::invariant(
                "register allocation",
                format!("cannot spill %{}", r.0),
            ));
        }
        let p = mf.processor;
        let op = |o: Op| {
            o.on(p).ok_or_else(|| Error::MissingOpcode {
                name: format!("{o:?}").to_lowercase(),
                processor: p,
            })
        };
        let (writelane, readlane) = (op(Op::V_WRITELANE_B32)?, op(Op::V_READLANE_B32)?);
        let base = self.slots;
        self.slots += info.dwords as u32;
        self.spilled_dwords += info.dwords as u32;
        self.no_spill[r.0 as usize] = true;
        let mut lanes = Vec::with_capacity(info.dwords as usize);
        for k in 0..info.dwords as u32 {
            lanes.push(self.slot(mf, base + k));
        }
        for bi in 0..mf.blocks.len() {
            if !mf.blocks[bi].insts.iter().any(|i| {
                i.ops
                    .iter()
                    .any(|o| matches!(o, MOp::Reg { r: x, .. } if *x == r))
            }) {
                continue;
            }
            let old = std::mem::take(&mut mf.blocks[bi].insts);
            let mut new = Vec::with_capacity(old.len() + 4);
            // Where each old instruction went (for the pinned list).
            let mut moved = Vec::with_capacity(old.len());
            for mut inst in old {
                let mut before = Vec::new();
                let mut after = Vec::new();
                let ndefs = inst.ndefs as usize;
                let branch = inst.ops.iter().any(|o| matches!(o, MOp::Label(_)));
                for i in 0..inst.ops.len() {
                    let MOp::Reg { r: x, off, n } = inst.ops[i] else {
                        continue;
                    };
                    if x != r {
                        continue;
                    }
                    if i < ndefs && branch {
                        return Err(Error::invariant(
                            "register allocation",
                            "a branch defines a spilled register",
                        ));
                    }
                    let t = self.new_vreg(
                        mf,
                        VRegInfo {
                            file: File::Sgpr,
                            dwords: n,
                            fixed: None,
                            merge: false,
                            invariant: false,
                        },
                    );
                    for k in 0..n {
                        let (v, lane) = lanes[(off + k) as usize];
                        let lane = MOp::Phys(Operand::int(lane as i32));
                        let dword = MOp::Reg { r: t, off: k, n: 1 };
                        if i < ndefs {
                            after.push(MInst {
                                op: writelane,
                                ops: vec![MOp::whole(v, 1), dword, lane],
                                ndefs: 1,
                                mods: Mods::default(),
                            });
                        } else {
                            before.push(MInst {
                                op: readlane,
                                ops: vec![dword, MOp::whole(v, 1), lane],
                                ndefs: 1,
                                mods: Mods::default(),
                            });
                        }
                    }
                    inst.ops[i] = MOp::whole(t, n);
                }
                new.extend(before);
                moved.push(new.len() as u32);
                new.push(inst);
                new.extend(after);
            }
            mf.blocks[bi].insts = new;
            for (b, at) in &mut mf.pinned {
                if b.0 as usize == bi {
                    if let Some(&to) = moved.get(*at as usize) {
                        *at = to;
                    }
                }
            }
        }
        Ok(())
    }
}

/// The lowest VGPR no fixed register or precoloured operation uses.
fn free_fixed_vgpr(mf: &MFunction) -> u16 {
    let mut taken = vec![false; 512];
    let mut mark = |first: usize, count: usize| {
        let end = (first + count).min(taken.len());
        taken[first.min(end)..end].fill(true);
    };
    for v in &mf.vregs {
        if let (File::Vgpr, Some(f)) = (v.file, v.fixed) {
            mark(f as usize, v.dwords as usize);
        }
    }
    for r in &mf.precoloured {
        if r.file == RegFile::Vgpr {
            mark(r.first as usize, r.count as usize);
        }
    }
    taken.iter().position(|t| !t).unwrap_or(511) as u16
}

#[cfg(test)]
mod tests {
    use super::super::allocate;
    use crate::mir::{File, MFunction, MInst, MOp, VReg};
    use silk_amdgpu::isa::{Op, Operand};
    use silk_amdgpu::target::Processor;

    use crate::mir::test_inst as inst;

    /// Twelve SGPRs live at once with a budget of eight: some are spilled
    /// to lanes of one VGPR, each use reloads from the lane its definition
    /// stored to, and no SGPR past the budget is used.
    #[test]
    fn sgprs_over_budget_go_to_vgpr_lanes() {
        for p in [Processor::Gfx942, Processor::Gfx1100] {
            let mut mf = MFunction::new(p, p == Processor::Gfx942);
            let r = |v: VReg| MOp::Reg { r: v, off: 0, n: 1 };
            let vals: Vec<VReg> = (0..12).map(|_| mf.new_vreg(File::Sgpr, 1)).collect();
            let mut insts = Vec::new();
            for (k, &v) in vals.iter().enumerate() {
                insts.push(inst(
                    p,
                    Op::S_MOV_B32,
                    vec![r(v), MOp::Phys(Operand::int(k as i32))],
                ));
            }
            let mut acc = vals[0];
            for &v in &vals[1..] {
                let d = mf.new_vreg(File::Sgpr, 1);
                insts.push(inst(p, Op::S_XOR_B32, vec![r(d), r(acc), r(v)]));
                acc = d;
            }
            mf.blocks[0].insts = insts;
            let usage = allocate(&mut mf, 8, 256).unwrap();
            assert!(usage.sgprs <= 8, "{p}: {} SGPRs", usage.sgprs);
            assert_eq!(usage.vgprs, 1, "{p}: one VGPR holds the slots");
            let text: Vec<String> = mf.blocks[0]
                .insts
                .iter()
                .map(|i| mf.print_inst(i))
                .collect();
            let stores: Vec<&String> = text
                .iter()
                .filter(|t| t.starts_with("v_writelane"))
                .collect();
            let loads: Vec<&String> = text
                .iter()
                .filter(|t| t.starts_with("v_readlane"))
                .collect();
            assert!(
                !stores.is_empty() && stores.len() == loads.len(),
                "{p}: {text:#?}"
            );
            // Every reload reads a lane stored before it.
            for (i, t) in text.iter().enumerate() {
                if let Some(lane) = t
                    .strip_prefix("v_readlane_b32 ")
                    .and_then(|x| x.rsplit(", ").next())
                {
                    assert!(
                        text[..i].iter().any(|s| s.starts_with("v_writelane_b32")
                            && s.ends_with(&format!(", {lane}"))),
                        "{p}: lane {lane} reloaded before it is stored: {text:#?}"
                    );
                }
            }
        }
    }

    /// An instruction whose own operands need more SGPRs than there are
    /// cannot be helped by spilling: a clear error, not an endless loop.
    #[test]
    fn spilling_that_cannot_help_ends_in_a_budget_error() {
        let p = Processor::Gfx1100;
        let mut mf = MFunction::new(p, false);
        let r = |v: VReg| MOp::Reg { r: v, off: 0, n: 1 };
        let (a, b, d) = (
            mf.new_vreg(File::Sgpr, 1),
            mf.new_vreg(File::Sgpr, 1),
            mf.new_vreg(File::Sgpr, 1),
        );
        let imm = |k| MOp::Phys(Operand::int(k));
        mf.blocks[0].insts = vec![
            inst(p, Op::S_MOV_B32, vec![r(a), imm(1)]),
            inst(p, Op::S_MOV_B32, vec![r(b), imm(2)]),
            inst(p, Op::S_ADD_I32, vec![r(d), r(a), r(b)]),
            inst(p, Op::S_MOV_B32, vec![r(a), r(d)]),
        ];
        let e = allocate(&mut mf, 1, 256).unwrap_err();
        assert!(
            matches!(
                e,
                crate::Error::RegisterBudget {
                    file: File::Sgpr,
                    limit: 1,
                    ..
                }
            ),
            "{e:?}"
        );
        assert!(e.to_string().contains("even with SGPRs spilled"), "{e}");
    }

    #[test]
    fn vgprs_over_budget_stay_an_error() {
        let p = Processor::Gfx1100;
        let mut mf = MFunction::new(p, false);
        let r = |v: VReg| MOp::Reg { r: v, off: 0, n: 1 };
        let vals: Vec<VReg> = (0..4).map(|_| mf.new_vreg(File::Vgpr, 1)).collect();
        let mut insts: Vec<MInst> = vals
            .iter()
            .map(|&v| inst(p, Op::V_MOV_B32_e32, vec![r(v), MOp::Phys(Operand::int(1))]))
            .collect();
        let d = mf.new_vreg(File::Vgpr, 1);
        insts.push(inst(
            p,
            Op::V_ADD3_U32,
            vec![r(d), r(vals[0]), r(vals[1]), r(vals[2])],
        ));
        insts.push(inst(p, Op::V_ADD_NC_U32_e32, vec![r(d), r(d), r(vals[3])]));
        mf.blocks[0].insts = insts;
        let e = allocate(&mut mf, 100, 3).unwrap_err();
        assert!(
            matches!(
                e,
                crate::Error::RegisterBudget {
                    file: File::Vgpr,
                    limit: 3,
                    ..
                }
            ),
            "{e:?}"
        );
    }
}
