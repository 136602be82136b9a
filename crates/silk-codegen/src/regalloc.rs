//! Register allocation: liveness over the machine CFG, then linear scan
//! over each virtual register's hull (first to last live position).
//!
//! Liveness is the usual backward dataflow, except for *merge* registers
//! (phis and saved EXEC masks, written under different EXEC masks): their
//! definitions do not kill them, and their hull starts at the first
//! definition or, for definitions inside a loop, at the head of the
//! outermost such loop (a lane mask written in one iteration must survive
//! the next). Hulls are conservative intervals, so any two registers whose
//! hulls overlap get disjoint physical registers. A definition shares a
//! register with an operand of the same instruction only where that is
//! safe: a one-dword VALU or SALU result, a wider VALU result (not of
//! matrix operations, nor of the 64-bit multiply-adds on gfx1100), or a
//! vector or LDS load's
//! result, may take the register of an operand whose hull ends there
//! (operands are read before the result is written), and a plain copy whose source's hull ends at the copy takes
//! the source's register (copy coalescing), so the copy is dropped. A
//! multi-dword register written dword by dword is killed (for liveness)
//! once all its dwords are written in a block, so it is not live above
//! its first write.
//!
//! Tuples are aligned: 64-bit SGPR pairs on even registers (SMEM and
//! SALU 64-bit operands require it), SGPR quads on multiples of four
//! (SMEM) and VGPR tuples as the processor requires
//! ([`operand::vector_tuple_align`]: even on gfx942, any on GFX11).
//!
//! When the SGPRs run out, the live SGPR whose hull ends last is spilled
//! to a VGPR lane ([`spill`]) and allocation runs again, up to
//! [`MAX_SPILL_ROUNDS`] times. Running out of VGPRs is an error naming the
//! register file (VGPR spilling to scratch memory is not implemented).

use crate::abi::RegUsage;
use crate::mir::{File, MFunction, MOp, Succs};
use crate::Error;
use silk_amdgpu::isa::{operand, Flags, Op, Operand};
use silk_gpu_ir::amdgpu::RegFile;

mod spill;

/// Most SGPRs spilled before allocation gives up (each round spills one).
pub const MAX_SPILL_ROUNDS: u32 = 256;

/// Register codes per file that precoloured operations may reserve.
const SGPR_CODES: u32 = 256;
const VGPR_CODES: u32 = 512;

struct Interval {
    reg: usize,
    start: u32,
    end: u32,
}

/// Why one allocation round failed.
enum Failure {
    Error(Error),
    /// The SGPRs ran out; `spill` is the register to spill, if any may be.
    Sgprs {
        needed: u32,
        limit: u32,
        spill: Option<usize>,
    },
}

impl From<Error> for Failure {
    fn from(e: Error) -> Failure {
        Failure::Error(e)
    }
}

/// Allocate registers in place, spilling SGPRs to VGPR lanes when they run
/// out; returns the register usage.
pub fn allocate(mf: &mut MFunction, max_sgprs: u32, max_vgprs: u32) -> Result<RegUsage, Error> {
    let mut spills = spill::Spills::new(mf);
    let mut rounds = 0;
    loop {
        match assign(mf, max_sgprs, max_vgprs, &spills.no_spill) {
            Ok(usage) => return Ok(usage),
            Err(Failure::Error(e)) => return Err(e),
            Err(Failure::Sgprs { spill: Some(r), .. }) if rounds < MAX_SPILL_ROUNDS => {
                rounds += 1;
                spills.spill(mf, crate::mir::VReg(r as u32))?;
            }
            Err(Failure::Sgprs { needed, limit, .. }) => {
                return Err(Error::RegisterBudget {
                    file: File::Sgpr,
                    needed,
                    limit,
                })
            }
        }
    }
}

/// Physical registers of one file during a round: per register, the end
/// position + 1 of its occupant's hull (0: free) and the virtual register
/// last given it. Sized by the registers the kernel reaches, not by the
/// register file: a register past the end is free and has no owner.
#[derive(Default)]
struct PhysTable {
    /// (busy, owner) per register, [`PhysTable::FREE`] past the end.
    regs: Vec<(u32, u32)>,
}

impl PhysTable {
    const NONE: u32 = u32::MAX;
    const FREE: (u32, u32) = (0, Self::NONE);

    fn busy(&self, k: usize) -> u32 {
        self.regs.get(k).map_or(0, |r| r.0)
    }

    fn owner(&self, k: usize) -> Option<usize> {
        match self.regs.get(k) {
            Some(&(_, o)) if o != Self::NONE => Some(o as usize),
            _ => None,
        }
    }

    fn grow(&mut self, k: usize) {
        if k >= self.regs.len() {
            let len = (k + 1).next_power_of_two().max(32);
            self.regs.resize(len, Self::FREE);
        }
    }

    fn set_busy(&mut self, k: usize, busy: u32) {
        self.grow(k);
        self.regs[k].0 = busy;
    }

    fn set(&mut self, k: usize, busy: u32, owner: usize) {
        self.grow(k);
        self.regs[k] = (busy, owner as u32);
    }
}

/// What allocation knows of one virtual register: where it is live (its
/// hull, in instruction positions), its copy hint and the operands it may
/// reuse. One vector of these instead of one vector per fact.
#[derive(Clone, Copy)]
struct Facts {
    start: u32,
    end: u32,
    /// Its first definition.
    first_def: u32,
    /// The earliest definition, or head of the outermost loop around a
    /// definition (merge registers start there).
    clip: u32,
    /// The plain move defining it at its hull start, as (source register,
    /// source dword offset, destination dword offset).
    hint: Option<(usize, u8, u8)>,
    /// The registers the ALU instruction defining it reads, as a range of
    /// the round's `reads` (see "Operand reuse" below).
    reads: (u32, u32),
    /// As a copy source: where its copy's destination would start relative
    /// to it (source dword offset less destination dword offset).
    copied: Option<i64>,
}

/// One allocation round (see the module docs); `no_spill` marks the
/// registers that must not be chosen for spilling.
fn assign(
    mf: &mut MFunction,
    max_sgprs: u32,
    max_vgprs: u32,
    no_spill: &[bool],
) -> Result<RegUsage, Failure> {
    let nregs = mf.vregs.len();
    let nblocks = mf.blocks.len();
    // Positions: instruction i of the function is position i.
    let mut block_start = Vec::with_capacity(nblocks);
    let mut pos = 0u32;
    for b in &mf.blocks {
        block_start.push(pos);
        pos += b.insts.len().max(1) as u32;
    }
    let block_end = |b: usize| block_start[b] + mf.blocks[b].insts.len().max(1) as u32 - 1;
    let succs: Vec<Succs> = (0..nblocks).map(|b| mf.succs(b)).collect();

    // Per block use-before-def (gen), kill, live-in and live-out sets,
    // `words` bit words per block, and two rows of scratch: one vector.
    let words = nregs.div_ceil(64);
    let mut sets = vec![0u64; (4 * nblocks + 2) * words];
    let (gen, rest) = sets.split_at_mut(nblocks * words);
    let (kill, rest) = rest.split_at_mut(nblocks * words);
    let (live_in, rest) = rest.split_at_mut(nblocks * words);
    let (live_out, rest) = rest.split_at_mut(nblocks * words);
    let (out, inn) = rest.split_at_mut(words);
    let bit = |v: &mut [u64], r: usize| v[r / 64] |= 1 << (r % 64);
    let has = |v: &[u64], r: usize| v[r / 64] >> (r % 64) & 1 != 0;
    let row = |b: usize| b * words..(b + 1) * words;
    // Dwords of each register written so far in the current block: a
    // multi-dword register written piecewise (`%v[0:0]`, then `%v[1:1]`)
    // is killed once every dword is written, and a use reads the block's
    // entry value only if it reads a dword not written yet.
    let mut written = vec![0u32; nregs];
    let mut touched = Vec::new();
    let dword_mask = |off: u8, n: u8| -> u32 {
        if off as u32 + n as u32 >= 32 {
            u32::MAX << off.min(31)
        } else {
            ((1u32 << n) - 1) << off
        }
    };
    for (bi, b) in mf.blocks.iter().enumerate() {
        for &r in &touched {
            written[r] = 0;
        }
        touched.clear();
        let (gen, kill) = (&mut gen[row(bi)], &mut kill[row(bi)]);
        for inst in &b.insts {
            for (i, op) in inst.ops.iter().enumerate() {
                if let MOp::Reg { r, off, n } = *op {
                    let r = r.0 as usize;
                    let unwritten = dword_mask(off, n) & !written[r] != 0;
                    if i >= inst.ndefs as usize && !has(kill, r) && unwritten {
                        bit(gen, r);
                    }
                }
            }
            for op in &inst.ops[..inst.ndefs as usize] {
                if let MOp::Reg { r, off, n } = *op {
                    let r = r.0 as usize;
                    // Merge registers are never killed (see module docs).
                    let info = mf.vregs[r];
                    if info.merge || info.dwords > 31 {
                        continue;
                    }
                    written[r] |= dword_mask(off, n);
                    touched.push(r);
                    if written[r] == dword_mask(0, info.dwords) {
                        bit(kill, r);
                    }
                }
            }
        }
    }
    loop {
        let mut changed = false;
        for b in (0..nblocks).rev() {
            out.fill(0);
            for &s in succs[b].as_slice() {
                for (o, i) in out.iter_mut().zip(&live_in[row(s)]) {
                    *o |= i;
                }
            }
            for w in 0..words {
                inn[w] = gen[b * words + w] | (out[w] & !kill[b * words + w]);
            }
            if inn[..] != live_in[row(b)] || out[..] != live_out[row(b)] {
                live_in[row(b)].copy_from_slice(inn);
                live_out[row(b)].copy_from_slice(out);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }

    // Hulls.
    let mut facts = vec![
        Facts {
            start: u32::MAX,
            end: 0,
            first_def: u32::MAX,
            clip: u32::MAX,
            hint: None,
            reads: (0, 0),
            copied: None,
        };
        nregs
    ];
    let outermost_loop_start = |b: usize| -> Option<u32> {
        let mut l = mf.blocks[b].loop_id?;
        while let Some(p) = mf.loops[l as usize].parent {
            l = p;
        }
        Some(block_start[mf.loops[l as usize].head.0 as usize])
    };
    let touch = |h: &mut Facts, p: u32| {
        h.start = h.start.min(p);
        h.end = h.end.max(p);
    };
    for (bi, b) in mf.blocks.iter().enumerate() {
        for r in members(&live_in[row(bi)]) {
            touch(&mut facts[r], block_start[bi]);
        }
        for r in members(&live_out[row(bi)]) {
            touch(&mut facts[r], block_end(bi));
        }
        for (ii, inst) in b.insts.iter().enumerate() {
            let p = block_start[bi] + ii as u32;
            for (i, op) in inst.ops.iter().enumerate() {
                if let MOp::Reg { r, .. } = op {
                    let h = &mut facts[r.0 as usize];
                    touch(h, p);
                    if i < inst.ndefs as usize {
                        h.first_def = h.first_def.min(p);
                        let c = outermost_loop_start(bi).unwrap_or(p).min(p);
                        h.clip = h.clip.min(c);
                    }
                }
            }
        }
    }
    // Copy hints: the plain move defining a register at its hull start.
    let moves = plain_moves(mf.processor);
    // Operand reuse: a one-dword result of a VALU or SALU instruction, or
    // the result of a vector or LDS load, may take the register of an
    // operand whose hull ends at that instruction (the hardware reads the
    // operands before it writes the result). Per register defined so: the
    // registers that instruction reads, as a range of `reads`.
    let table = silk_amdgpu::isa::table::table(mf.processor.generation());
    let early_clobber: Vec<_> = [Op::V_MAD_U64_U32, Op::V_MAD_I64_I32]
        .iter()
        .filter(|_| mf.processor.info().capabilities.mad_intra_fwd_bug)
        .filter_map(|o| o.on(mf.processor))
        .collect();
    let mads: Vec<_> = [Op::V_MAD_U64_U32, Op::V_MAD_I64_I32]
        .iter()
        .filter_map(|o| o.on(mf.processor))
        .collect();
    let lshl_add = Op::V_LSHL_ADD_U64.on(mf.processor);
    let mut reads: Vec<usize> = Vec::new();
    for (bi, b) in mf.blocks.iter().enumerate() {
        for (ii, inst) in b.insts.iter().enumerate() {
            let p = block_start[bi] + ii as u32;
            if let Some(h) = copy_of(mf, inst, &moves) {
                let (d, doff) = h.0;
                if facts[d].first_def == p && facts[d].hint.is_none() {
                    facts[d].hint = Some((h.1 .0, h.1 .1, doff));
                }
            }
            let flags = table[inst.op.0 as usize].flags;
            let alu = flags.0 & (Flags::VALU | Flags::SALU) != 0;
            // A vector or LDS load reads its address when it issues and
            // writes its result later.
            let load = flags.has(Flags::MAY_LOAD)
                && flags.0 & (Flags::VMEM | Flags::LDS | Flags::FLAT) != 0
                && flags.0 & (Flags::MAY_STORE | Flags::ATOMIC) == 0;
            let [MOp::Reg { r: d, off: 0, n }] = inst.ops[..inst.ndefs as usize] else {
                continue;
            };
            let d = d.0 as usize;
            // A wider VALU result too, except the 64-bit multiply-adds
            // where the processor has the intra-forwarding bug
            // (`Capabilities::mad_intra_fwd_bug`) and matrix operations.
            // A plain 32x32 product (addend 0) and a gfx942 64-bit add
            // keep a pair of their own: the 64-bit division's products and
            // sums are split into halves by copies that coalesce only so
            // (elementwise_i64, elementwise_u64).
            let product = mads.contains(&inst.op)
                && inst.ops.last() == Some(&MOp::Phys(Operand::int(0)))
                || Some(inst.op) == lshl_add;
            let wide_ok = !early_clobber.contains(&inst.op)
                && !product
                && flags.0 & (Flags::MFMA | Flags::WMMA) == 0
                && flags.has(Flags::VALU);
            if !(alu && (n == 1 || wide_ok) || load)
                || mf.vregs[d].dwords != n
                || facts[d].first_def != p
            {
                continue;
            }
            let from = reads.len() as u32;
            for op in &inst.ops[inst.ndefs as usize..] {
                if let MOp::Reg { r, .. } = op {
                    reads.push(r.0 as usize);
                }
            }
            facts[d].reads = (from, reads.len() as u32);
        }
    }
    // Per copy source: where its copy's destination would start relative
    // to it, from the first copy of it (in register order).
    for d in 0..nregs {
        if let Some((src, soff, doff)) = facts[d].hint {
            facts[src].copied.get_or_insert(soff as i64 - doff as i64);
        }
    }
    let vgpr_align = operand::vector_tuple_align(mf.processor.generation());
    let end = |r: usize| facts[r].end;
    let first_def = |r: usize| facts[r].first_def;
    let mut intervals = Vec::new();
    for (r, h) in facts.iter().enumerate() {
        if h.start == u32::MAX {
            continue;
        }
        let info = mf.vregs[r];
        let s = if info.fixed.is_some() {
            0
        } else if info.merge {
            h.start.max(h.clip.min(h.first_def))
        } else {
            h.start
        };
        intervals.push(Interval {
            reg: r,
            start: s,
            end: h.end,
        });
    }
    // Fixed registers first among equal starts.
    intervals.sort_by_key(|i| (i.start, mf.vregs[i.reg].fixed.is_none(), i.reg));

    let mut assign: Vec<Option<u16>> = vec![None; nregs];
    let mut sgprs = PhysTable::default();
    let mut vgprs = PhysTable::default();
    let mut used_s = 0u32;
    let mut used_v = 0u32;
    let mut used_a = 0u32;
    // Registers precoloured operations name are theirs for the whole
    // function: no virtual register may live in them.
    for r in &mf.precoloured {
        let (first, end) = (r.first as u32, r.first as u32 + r.count as u32);
        let (table, used) = match r.file {
            RegFile::Sgpr => (Some((&mut sgprs, SGPR_CODES)), &mut used_s),
            RegFile::Vgpr => (Some((&mut vgprs, VGPR_CODES)), &mut used_v),
            RegFile::Agpr => (None, &mut used_a),
        };
        if let Some((table, codes)) = table {
            for k in first..end.min(codes) {
                table.set_busy(k as usize, u32::MAX);
            }
        }
        *used = (*used).max(end);
    }
    // Reserve fixed registers for their whole interval before anything else.
    for iv in &intervals {
        let info = mf.vregs[iv.reg];
        if let Some(f) = info.fixed {
            let table = match info.file {
                File::Sgpr => &mut sgprs,
                File::Vgpr => &mut vgprs,
            };
            for k in f as usize..f as usize + info.dwords as usize {
                let busy = table.busy(k).max(iv.end + 1);
                table.set_busy(k, busy);
                // The owner, so a result or copy may reuse an entry
                // register (v0's work-item id) where it dies.
                if busy == iv.end + 1 {
                    table.set(k, busy, iv.reg);
                }
            }
            assign[iv.reg] = Some(f);
        }
    }
    for iv in &intervals {
        let info = mf.vregs[iv.reg];
        if info.fixed.is_some() {
            let top = info.fixed.unwrap_or(0) as u32 + info.dwords as u32;
            match info.file {
                File::Sgpr => used_s = used_s.max(top),
                File::Vgpr => used_v = used_v.max(top),
            }
            continue;
        }
        let (table, limit) = match info.file {
            File::Sgpr => (&mut sgprs, max_sgprs),
            File::Vgpr => (&mut vgprs, max_vgprs),
        };
        let n = info.dwords as u32;
        // SMEM destinations of four or more SGPRs are 4-aligned ([CDNA3]
        // §4.6 / [RDNA3] §5 "SMEM": SDATA of a 128-bit or wider load).
        let align = match (info.file, n) {
            (File::Sgpr, 4..) => 4,
            (File::Sgpr, 2..) => 2,
            (File::Vgpr, 2..) => vgpr_align,
            _ => 1,
        };
        let mut found = None;
        // Coalesce a copy: take the source's register when the source's
        // hull ends at this move (so the move disappears below).
        if let Some((src, soff, doff)) = facts[iv.reg].hint {
            if let Some(sb) = assign[src] {
                let base = sb as i64 + soff as i64 - doff as i64;
                let fits = base >= 0
                    && base as u32 % align == 0
                    && base as u32 + n <= limit
                    && (base as u32..base as u32 + n).all(|k| {
                        let k = k as usize;
                        table.busy(k) <= iv.start
                            || (table.owner(k) == Some(src)
                                && end(src) == iv.start
                                && first_def(iv.reg) == iv.start)
                    });
                if fits {
                    found = Some(base as u32);
                }
            }
        }
        let (from, to) = facts[iv.reg].reads;
        let reused = &reads[from as usize..to as usize];
        let pair_align = match info.file {
            File::Sgpr => 2,
            File::Vgpr => vgpr_align as i64,
        };
        // A copy source reuses a dying operand's register only where its
        // copy's destination can still coalesce (an aligned pair).
        let dying = |table: &PhysTable, k: usize, base: u32| {
            table
                .owner(k)
                .is_some_and(|o| end(o) == iv.start && reused.contains(&o))
                && first_def(iv.reg) == iv.start
                && !info.merge
                && facts[iv.reg]
                    .copied
                    .is_none_or(|d| (base as i64 + d).rem_euclid(pair_align) == 0)
        };
        let fits = |base: u32| {
            (base..base + n)
                .all(|k| table.busy(k as usize) <= iv.start || dying(table, k as usize, base))
        };
        let first_fit = |step: u32| {
            (0..)
                .map(|i| i * step)
                .take_while(|b| b + n <= limit)
                .find(|&b| fits(b))
        };
        if found.is_none() && info.file == File::Vgpr && n >= 2 && align == 1 {
            // Unaligned tuples (GFX11) only where an aligned one would
            // raise the high-water mark further.
            let (a, u) = (first_fit(2), first_fit(1));
            found = match (a, u) {
                (Some(a), Some(u)) if a + n <= used_v.max(u + n) => Some(a),
                (a, u) => u.or(a),
            };
        }
        if found.is_none() {
            found = first_fit(align);
        }
        let Some(base) = found else {
            let live = (0..limit as usize)
                .filter(|&k| table.busy(k) > iv.start)
                .count() as u32;
            if info.file == File::Vgpr {
                return Err(Error::RegisterBudget {
                    file: info.file,
                    needed: live + n,
                    limit,
                }
                .into());
            }
            // Spill the live (or this) SGPR whose hull ends last.
            let spillable = |r: usize| mf.vregs[r].fixed.is_none() && !no_spill[r];
            let spill = (0..limit as usize)
                .filter(|&k| table.busy(k) > iv.start)
                .filter_map(|k| table.owner(k))
                .chain(std::iter::once(iv.reg))
                .filter(|&r| spillable(r))
                .max_by_key(|&r| (end(r), mf.vregs[r].dwords, r));
            return Err(Failure::Sgprs {
                needed: live + n,
                limit,
                spill,
            });
        };
        for k in base..base + n {
            table.set(k as usize, iv.end + 1, iv.reg);
        }
        assign[iv.reg] = Some(base as u16);
        match info.file {
            File::Sgpr => used_s = used_s.max(base + n),
            File::Vgpr => used_v = used_v.max(base + n),
        }
    }

    // Rewrite operands.
    for b in &mut mf.blocks {
        for inst in &mut b.insts {
            for op in &mut inst.ops {
                if let MOp::Reg { r, off, n } = *op {
                    let info = mf.vregs[r.0 as usize];
                    let base = assign[r.0 as usize].ok_or_else(|| {
                        Error::invariant(
                            "register allocation",
                            format!("register %{} was not allocated", r.0),
                        )
                    })?;
                    let idx = base + off as u16;
                    *op = MOp::Phys(match info.file {
                        File::Sgpr => Operand::sgprs(idx, n),
                        File::Vgpr => Operand::vgprs(idx, n),
                    });
                }
            }
        }
        // Drop moves that became no-ops.
        b.insts.retain(|i| {
            !(i.ndefs == 1
                && i.ops.len() == 2
                && i.ops[0] == i.ops[1]
                && i.mods == Default::default()
                && moves.contains(&Some(i.op)))
        });
    }
    Ok(RegUsage {
        sgprs: used_s,
        vgprs: used_v,
        agprs: used_a,
    })
}

/// The registers of a set of bit words, in order.
fn members(set: &[u64]) -> impl Iterator<Item = usize> + '_ {
    set.iter().enumerate().flat_map(|(w, &bits)| {
        let mut left = bits;
        std::iter::from_fn(move || {
            let k = left.trailing_zeros() as usize;
            left &= left.wrapping_sub(1);
            (k < 64).then_some(w * 64 + k)
        })
    })
}

/// `((dst, dst offset), (src, src offset))` if `inst` is a plain one-dword
/// or two-dword move between virtual registers of one register file.
type Copy = ((usize, u8), (usize, u8));

fn copy_of(mf: &MFunction, inst: &crate::mir::MInst, moves: &Moves) -> Option<Copy> {
    if inst.ndefs != 1
        || inst.ops.len() != 2
        || inst.mods != Default::default()
        || !moves.contains(&Some(inst.op))
    {
        return None;
    }
    match (inst.ops[0], inst.ops[1]) {
        (
            MOp::Reg {
                r: d,
                off: doff,
                n: dn,
            },
            MOp::Reg {
                r: s,
                off: soff,
                n: sn,
            },
        ) if dn == sn && mf.vregs[d.0 as usize].file == mf.vregs[s.0 as usize].file => {
            Some(((d.0 as usize, doff), (s.0 as usize, soff)))
        }
        _ => None,
    }
}

/// The plain register moves isel emits, as opcodes (looked up once).
type Moves = [Option<silk_amdgpu::isa::Opcode>; 3];

fn plain_moves(p: silk_amdgpu::target::Processor) -> Moves {
    use silk_amdgpu::isa::Op;
    [Op::V_MOV_B32_e32, Op::S_MOV_B32, Op::S_MOV_B64].map(|o| o.on(p))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mir::VReg;
    use silk_amdgpu::isa::Op;
    use silk_amdgpu::target::Processor;

    use crate::mir::test_inst as inst;

    /// `%b = %a` where `%a` dies at the copy, and `%w` written dword by
    /// dword: the copy is coalesced away, `%w` is not live before its
    /// first write (it shares no register with `%a`'s hull), and the add
    /// takes the register of its dying operand `%w[0:0]`.
    #[test]
    fn copies_coalesce_and_piecewise_writes_kill() {
        let p = Processor::Gfx1100;
        let mut mf = MFunction::new(p, false);
        let a = mf.new_vreg(File::Vgpr, 1);
        let b = mf.new_vreg(File::Vgpr, 1);
        let w = mf.new_vreg(File::Vgpr, 2);
        let c = mf.new_vreg(File::Vgpr, 1);
        let r = |v: VReg, off: u8| MOp::Reg { r: v, off, n: 1 };
        let one = MOp::Phys(Operand::Imm(1));
        mf.blocks[0].insts = vec![
            inst(p, Op::V_MOV_B32_e32, vec![r(a, 0), one]),
            inst(p, Op::V_MOV_B32_e32, vec![r(b, 0), r(a, 0)]),
            inst(p, Op::V_MOV_B32_e32, vec![r(w, 0), r(b, 0)]),
            inst(p, Op::V_MOV_B32_e32, vec![r(w, 1), one]),
            inst(p, Op::V_ADD_NC_U32_e32, vec![r(c, 0), r(w, 0), r(w, 1)]),
        ];
        let usage = allocate(&mut mf, 100, 256).unwrap();
        let text: Vec<String> = mf.blocks[0]
            .insts
            .iter()
            .map(|i| mf.print_inst(i))
            .collect();
        assert_eq!(
            text,
            [
                "v_mov_b32_e32 v0, <- 1",
                "v_mov_b32_e32 v1, <- 1",
                "v_add_nc_u32_e32 v0, <- v0, v1"
            ],
            "{text:?}"
        );
        assert_eq!(usage.vgprs, 2);
    }
}
