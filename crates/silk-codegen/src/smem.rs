//! Merging of adjacent scalar loads after register allocation: two
//! back-to-back `s_load`s of the same base, the second reading the dwords
//! right after the first's into the registers right after the first's,
//! become one load of twice the width (x1+x1 -> x2, x2+x2 -> x4) when the
//! merged register tuple is aligned to its size, as SMEM tuples must be.
//! The kernarg parameters, loaded one by one by instruction selection,
//! are the usual case.
//!
//! [`merge_virtual`] does the same before register allocation, on loads
//! into whole virtual registers (after scheduling, which keeps ready
//! scalar loads together in source order): the two registers become the
//! halves of one, which register allocation then places aligned. [`run`]
//! catches what allocation happens to make adjacent afterwards.

use crate::mir::{self, File, MFunction, MInst, MOp, VReg};
use crate::Error;
use silk_amdgpu::isa::{table, Mods, Op, OpInfo, Opcode, Operand};

/// Scalar loads by width in dwords (1, 2, 4): GFX9's and GFX11's (LLVM
/// keeps them apart too), each present on its own generation only.
const LOADS: [(Op, u8); 6] = [
    (Op::S_LOAD_DWORD, 1),
    (Op::S_LOAD_DWORDX2, 2),
    (Op::S_LOAD_DWORDX4, 4),
    (Op::S_LOAD_B32, 1),
    (Op::S_LOAD_B64, 2),
    (Op::S_LOAD_B128, 4),
];

/// A scalar load's destination register, width and byte offset.
fn parts(inst: &MInst, widths: &[(Opcode, u8)]) -> Option<(u16, u8, i32)> {
    let &(_, n) = widths.iter().find(|(op, _)| *op == inst.op)?;
    match inst.ops.first() {
        Some(MOp::Phys(Operand::Reg { code, count, .. })) if *count == n => {
            Some((*code, n, inst.mods.offset))
        }
        _ => None,
    }
}

/// Merge adjacent scalar loads into whole virtual registers in every
/// block, before register allocation (see the module docs).
pub fn merge_virtual(mf: &mut MFunction) -> Result<(), Error> {
    let widths: Vec<(Opcode, u8)> = LOADS
        .iter()
        .filter_map(|&(op, n)| Some((op.on(mf.processor)?, n)))
        .collect();
    // Old register -> (the register it became part of, dword offset).
    let mut moved: Vec<Option<(VReg, u8)>> = Vec::new();
    let whole = |mf: &MFunction, inst: &MInst| -> Option<(VReg, u8)> {
        let &(_, n) = widths.iter().find(|(op, _)| *op == inst.op)?;
        match inst.ops.first() {
            Some(&MOp::Reg { r, off: 0, n: rn }) => {
                let info = mf.info(r);
                (rn == n && info.dwords == n && info.fixed.is_none() && !info.merge)
                    .then_some((r, n))
            }
            _ => None,
        }
    };
    for b in 0..mf.blocks.len() {
        let mut i = 0;
        while i + 1 < mf.blocks[b].insts.len() {
            let (x, y) = (&mf.blocks[b].insts[i], &mf.blocks[b].insts[i + 1]);
            let wider = match (whole(mf, x), whole(mf, y)) {
                (Some((rx, nx)), Some((ry, ny)))
                    if nx == ny
                        && rx != ry
                        && x.ops[1..] == y.ops[1..]
                        && x.mods == Mods { offset: x.mods.offset, ..y.mods }
                        && y.mods.offset == x.mods.offset + 4 * nx as i32
                        // The second load must not read the first's result.
                        && !y.ops[1..].iter().any(|o| matches!(o, MOp::Reg { r, .. } if *r == rx)) =>
                {
                    widths
                        .iter()
                        .find(|(_, n)| *n == 2 * nx)
                        .map(|&(op, n)| (op, rx, ry, nx, n))
                }
                _ => None,
            };
            let Some((op, rx, ry, nx, n)) = wider else {
                i += 1;
                continue;
            };
            let r = mf.new_vreg(File::Sgpr, n);
            moved.resize(mf.vregs.len(), None);
            moved[rx.0 as usize] = Some((r, 0));
            moved[ry.0 as usize] = Some((r, nx));
            let insts = &mut mf.blocks[b].insts;
            insts[i].op = op;
            insts[i].ops[0] = MOp::whole(r, n);
            insts.remove(i + 1);
            // Look again at the merged load with its predecessor.
            i = i.saturating_sub(1);
        }
    }
    if moved.iter().all(Option::is_none) {
        return Ok(());
    }
    // Follow chains (x1 + x1 -> x2, then x2 + x2 -> x4) to the last register.
    let last = |mut r: VReg, mut off: u8| {
        while let Some(Some((to, add))) = moved.get(r.0 as usize) {
            r = *to;
            off += add;
        }
        (r, off)
    };
    for b in &mut mf.blocks {
        for inst in &mut b.insts {
            for o in inst.ops.iter_mut() {
                if let MOp::Reg { r, off, n } = *o {
                    let (r, off) = last(r, off);
                    *o = MOp::Reg { r, off, n };
                }
            }
        }
    }
    Ok(())
}

/// Merge adjacent scalar loads in every block (see the module docs).
pub fn run(mf: &mut MFunction) -> Result<(), Error> {
    let widths: Vec<(Opcode, u8)> = LOADS
        .iter()
        .filter_map(|&(op, n)| Some((op.on(mf.processor)?, n)))
        .collect();
    let table = table::table(mf.processor.generation());
    for b in &mut mf.blocks {
        let mut i = 0;
        while i + 1 < b.insts.len() {
            let (x, y) = (&b.insts[i], &b.insts[i + 1]);
            let merged = match (parts(x, &widths), parts(y, &widths)) {
                (Some((dx, nx, ox)), Some((dy, ny, oy)))
                    if nx == ny
                    && x.ops[1..] == y.ops[1..]
                    && x.mods == Mods { offset: ox, ..y.mods }
                    && dy == dx + nx as u16
                    && oy == ox + 4 * nx as i32
                    && dx % (2 * nx as u16) == 0
                    // The second load must not read what the first writes.
                    && !reads_range(&table[y.op.0 as usize], y, dx, nx) =>
                {
                    widths
                        .iter()
                        .find(|(_, n)| *n == 2 * nx)
                        .map(|&(op, n)| (op, dx, n))
                }
                _ => None,
            };
            if let Some((op, d, n)) = merged {
                let mut m = b.insts[i].clone();
                m.op = op;
                m.ops[0] = MOp::Phys(Operand::sgprs(d, n));
                b.insts[i] = m;
                b.insts.remove(i + 1);
                // Look again at the merged load with its predecessor.
                i = i.saturating_sub(1);
                continue;
            }
            i += 1;
        }
    }
    Ok(())
}

/// Whether a source operand of `inst` overlaps SGPRs `d .. d + n` (an
/// unused GFX9 `SOFFSET` reads nothing).
fn reads_range(info: &OpInfo, inst: &MInst, d: u16, n: u8) -> bool {
    let start = inst.ndefs as usize;
    inst.ops[start..].iter().enumerate().any(|(k, o)| match o {
        MOp::Phys(Operand::Reg { code, count, .. }) => {
            !mir::unused_soffset(info, inst, start + k)
                && *code < d + n as u16
                && d < *code + *count as u16
        }
        _ => false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use silk_amdgpu::target::Processor;

    /// `s_load_b32/b64 s[dst..], s[0:1], offset` on gfx1100.
    fn load(n: u8, dst: u16, offset: i32) -> MInst {
        let op = [Op::S_LOAD_B32, Op::S_LOAD_B64, Op::S_LOAD_B128][n.trailing_zeros() as usize];
        let op = op.on(Processor::Gfx1100).unwrap();
        MInst {
            op,
            ops: vec![
                MOp::Phys(Operand::sgprs(dst, n)),
                MOp::Phys(Operand::sgprs(0, 2)),
            ],
            ndefs: 1,
            mods: Mods {
                offset,
                ..Mods::default()
            },
        }
    }

    fn merged(insts: Vec<MInst>) -> Vec<(u16, u8, i32)> {
        let mut mf = MFunction::new(Processor::Gfx1100, false);
        mf.blocks[0].insts = insts;
        run(&mut mf).unwrap();
        let op_width = |i: &MInst| {
            [Op::S_LOAD_B32, Op::S_LOAD_B64, Op::S_LOAD_B128]
                .iter()
                .position(|o| o.on(Processor::Gfx1100) == Some(i.op))
                .map(|k| 1u8 << k)
                .unwrap()
        };
        mf.blocks[0]
            .insts
            .iter()
            .map(|i| match i.ops[0] {
                MOp::Phys(Operand::Reg { code, count, .. }) => {
                    assert_eq!(count, op_width(i));
                    (code, count, i.mods.offset)
                }
                _ => panic!("not a register"),
            })
            .collect()
    }

    #[test]
    fn adjacent_aligned_loads_merge_and_others_do_not() {
        // s4, s5, s[6:7] from 0, 4, 8: one b128.
        let m = merged(vec![load(1, 4, 0), load(1, 5, 4), load(2, 6, 8)]);
        assert_eq!(m, vec![(4, 4, 0)]);
        // s5, s6 (odd start) and a gap in the offsets stay apart.
        let m = merged(vec![
            load(1, 5, 0),
            load(1, 6, 4),
            load(1, 8, 12),
            load(1, 9, 20),
        ]);
        assert_eq!(m, vec![(5, 1, 0), (6, 1, 4), (8, 1, 12), (9, 1, 20)]);
        // A second load whose base is the first's destination stays.
        let mut second = load(1, 1, 4);
        second.ops[1] = MOp::Phys(Operand::sgprs(0, 2));
        let m = merged(vec![load(1, 0, 0), second]);
        assert_eq!(m, vec![(0, 1, 0), (1, 1, 4)]);
    }

    #[test]
    fn virtual_loads_merge_and_their_uses_follow() {
        // %0 (kernarg pointer, fixed); %1 = load 0, %2 = load 4,
        // %3 = load 8 (x2); then %4 = add %2, %3[1].
        let p = Processor::Gfx1100;
        let mut mf = MFunction::new(p, false);
        let k = mf.new_vreg(File::Sgpr, 2);
        mf.vregs[k.0 as usize].fixed = Some(0);
        let (a, b, c) = (
            mf.new_vreg(File::Sgpr, 1),
            mf.new_vreg(File::Sgpr, 1),
            mf.new_vreg(File::Sgpr, 2),
        );
        let load = |op: Op, d: VReg, n: u8, offset: i32| MInst {
            op: op.on(p).unwrap(),
            ops: vec![MOp::whole(d, n), MOp::whole(k, 2)],
            ndefs: 1,
            mods: Mods {
                offset,
                ..Mods::default()
            },
        };
        let d = mf.new_vreg(File::Sgpr, 1);
        let add = MInst {
            op: Op::S_ADD_I32.on(p).unwrap(),
            ops: vec![
                MOp::whole(d, 1),
                MOp::whole(b, 1),
                MOp::Reg { r: c, off: 1, n: 1 },
            ],
            ndefs: 1,
            mods: Mods::default(),
        };
        mf.blocks[0].insts = vec![
            load(Op::S_LOAD_B32, a, 1, 0),
            load(Op::S_LOAD_B32, b, 1, 4),
            load(Op::S_LOAD_B64, c, 2, 8),
            add,
        ];
        merge_virtual(&mut mf).unwrap();
        let insts = &mf.blocks[0].insts;
        // x1 + x1 -> x2 at 0, then x2 + x2 -> x4 at 0.
        assert_eq!(insts.len(), 2, "{insts:?}");
        assert_eq!(Some(insts[0].op), Op::S_LOAD_B128.on(p));
        assert_eq!(insts[0].mods.offset, 0);
        let MOp::Reg { r, off: 0, n: 4 } = insts[0].ops[0] else {
            panic!("{:?}", insts[0].ops[0]);
        };
        // The add's uses now name dwords 1 and 3 of the merged register.
        assert_eq!(
            insts[1].ops,
            vec![
                MOp::whole(d, 1),
                MOp::Reg { r, off: 1, n: 1 },
                MOp::Reg { r, off: 3, n: 1 },
            ]
        );
    }
}
