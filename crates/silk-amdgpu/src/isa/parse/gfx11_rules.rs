//! GFX11 operand and instruction rules llvm-mc 22 enforces beyond the
//! operand table's kinds and widths: true16 halves and `op_sel`, the
//! order of modifiers, VOP3P and VOP3 DPP operands, memory modifiers and
//! address widths, omitted fixed registers, the constant bus. Measured by
//! `tests/asm_syntax.rs` against llvm-mc 22 on the syntax-variant corpus;
//! the rules LLVM applies to both generations are in `shared_rules.rs`.

use super::*;
use table::{VMOD_ABS, VMOD_NEG};

impl Parser<'_> {
    /// A true16 half suffix (`.l`, `.h`) after a VGPR: (written, half).
    pub(super) fn half_suffix(&mut self) -> (bool, u8) {
        if self.eat(".l") {
            (true, 1)
        } else if self.eat(".h") {
            (true, 2)
        } else {
            (false, 0)
        }
    }

    /// Rules for one parsed operand value against its operand.
    pub(super) fn gfx11_operand(
        &self,
        info: &OpInfo,
        spec: &OperandSpec,
        v: &Value,
        col: usize,
    ) -> Result<(), ParseError> {
        if self.gen != Generation::Gfx11 {
            return Ok(());
        }
        if let (Kind::Literal, Value::Int(i)) = (spec.kind, v) {
            if !(i64::from(i32::MIN)..=i64::from(u32::MAX)).contains(i) {
                return self.fail(col, || {
                    format!("constant {i} does not fit a 32-bit literal")
                });
            }
        }
        // A 64-bit integer operand takes a float only as an inline constant.
        if let Value::Float(f) = *v {
            if int64_source(info, spec) && matches!(float_source(spec.ty, f), Operand::Literal(_)) {
                return self.fail(col, || {
                    "a 64-bit integer operand takes no float literal".into()
                });
            }
        }
        // LLVM 22 prints GFX11's `src_vccz` and `src_execz` (codes 251,
        // 252) but does not assemble them: "not available on this GPU".
        if let Value::Reg {
            code: 251 | 252, ..
        } = v
        {
            return self.fail(col, || "this register is not available on GFX11".into());
        }
        // Only a true16 operand names a 16-bit half (`v1.l`).
        if let Value::Reg { half: 1.., .. } = v {
            if !spec.half {
                return self.fail(col, || {
                    "a 16-bit register half needs a 16-bit operand".into()
                });
            }
        }
        Ok(())
    }

    /// Rules for the whole instruction once its operands are read.
    pub(super) fn gfx11_inst(
        &self,
        info: &OpInfo,
        specs: &[OperandSpec],
        inst: &mut Inst,
        cols: &[usize; MAX_OPERANDS],
        mods_at: usize,
    ) -> Result<(), ParseError> {
        if self.gen != Generation::Gfx11 {
            return Ok(());
        }
        let inst = &*inst;
        if !matches!(
            info.family,
            Family::Vop1 | Family::Vop2 | Family::Vopc | Family::Vop3 | Family::Vop3p
        ) {
            self.gfx11_memory(info, specs, inst, cols, mods_at)?;
        }
        if info.family.is_flat() {
            return self.gfx11_flat(info, specs, inst, cols, mods_at);
        }
        // LLVM has a true16 and a 32-bit-register form of each 16-bit
        // opcode: the VGPRs of its 16-bit operands are all halves
        // (`v1.l`) or all whole registers, never a mix.
        let mut halves = None;
        for (i, spec) in specs.iter().enumerate().take(MAX_OPERANDS) {
            let Operand::Reg { code, half, .. } = inst.operands[i] else {
                continue;
            };
            if !spec.half || !(VGPR0..AGPR0).contains(&code) {
                continue;
            }
            if *halves.get_or_insert(half != 0) != (half != 0) {
                return self.fail(cols[i], || {
                    "16-bit operands are either all register halves (`v1.l`) or all whole registers".into()
                });
            }
        }
        if info.family == Family::Vop3p {
            return self.gfx11_vop3p(info, specs, inst, cols, mods_at);
        }
        if info.family != Family::Vop3 {
            return Ok(());
        }
        if matches!(inst.mods.variant, Variant::Dpp16 | Variant::Dpp8)
            && !self.processor.info().capabilities.dpp_src1_scalar
        {
            let src1 = specs
                .iter()
                .take(MAX_OPERANDS)
                .position(|s| s.field == Field::Src1);
            if let Some(i) = src1.filter(
                |&i| !matches!(inst.operands[i], Operand::Reg { code, .. } if code >= VGPR0),
            ) {
                return self.fail(cols[i], || {
                    format!("a VOP3 DPP src1 is a VGPR on {}", self.processor)
                });
            }
        }
        // A modifier bit LLVM's disassembler ignores has no operand in its
        // assembler either.
        for k in 0..3u8 {
            let neg = inst.mods.neg >> k & 1 != 0 && info.mods_ignored & (VMOD_NEG << k) != 0;
            let abs = inst.mods.abs >> k & 1 != 0 && info.mods_ignored & (VMOD_ABS << k) != 0;
            if neg || abs {
                let col = self.src_col(info, cols, k).unwrap_or(mods_at);
                return self.fail(col, || {
                    format!("`{}` takes no source modifier here", info.name)
                });
            }
        }
        let op_sel = inst.mods.op_sel;
        match halves {
            // A written op_sel must name the half of every VGPR half.
            Some(true) if op_sel != 0 => {
                for (i, spec) in specs.iter().enumerate().take(MAX_OPERANDS) {
                    let Operand::Reg { code, half, .. } = inst.operands[i] else {
                        continue;
                    };
                    let bit = match (spec.field, src_index(spec.field)) {
                        (Field::Vdst, _) => 3,
                        (_, Some(b)) => b,
                        _ => continue,
                    };
                    if spec.half && code >= VGPR0 && (op_sel >> bit & 1 != 0) != (half == 2) {
                        return self.fail(mods_at, || {
                            "op_sel conflicts with a 16-bit register half".into()
                        });
                    }
                }
            }
            // With whole registers, a VOP3 opcode promoted from VOP1, VOP2
            // or VOPC (opcodes below 0x200, RDNA3 ISA §"VOP3") has no op_sel.
            Some(false) if info.opcode < 0x200 && self.s[mods_at..].contains("op_sel:") => {
                return self.fail(mods_at, || {
                    format!(
                        "`{}` takes op_sel only with 16-bit register halves",
                        info.name
                    )
                });
            }
            _ => {}
        }
        Ok(())
    }

    /// A native VOP3 `op_sel:[..]` list of `n` entries as the op_sel
    /// field (bit 3 the destination), as llvm-mc 22 reads it: entries
    /// for sources the opcode lacks are dropped, the entry after the
    /// last source is the destination's (only a VGPR destination has
    /// one), and more than four entries are an error.
    pub(super) fn gfx11_op_sel(
        &self,
        info: &OpInfo,
        bits: u8,
        n: usize,
        srcs: usize,
        col: usize,
    ) -> Result<u8, ParseError> {
        if n > 4 {
            return self.fail(col, || "`op_sel` takes at most four entries".into());
        }
        let vdst = info
            .operands
            .iter()
            .any(|o| o.field == Field::Vdst && matches!(o.kind, Kind::Vgpr));
        let dst = vdst && n > srcs && bits >> srcs & 1 != 0;
        let op_sel = bits & ((1 << srcs) - 1) | (dst as u8) << 3;
        // A bit LLVM's disassembler does not show is no operand of its
        // assembler either (`v_dot2_f16_f16` src0/src1: llvm-mc 22
        // "invalid op_sel operand").
        let shown = info.flags.op_sel_shown();
        if shown != 0 && op_sel & !shown != 0 {
            return self.fail(col, || format!("invalid op_sel for `{}`", info.name));
        }
        Ok(op_sel)
    }

    /// FLAT, GLOBAL and SCRATCH rules: an atomic returns its old value
    /// (the form with a `vdst`) exactly when it is written with `glc`;
    /// with an SGPR `saddr` the VGPR address is a 32-bit offset, without
    /// one a 64-bit address; a FLAT offset is unsigned 12-bit (RDNA3 ISA
    /// §"Flat, Scratch and Global Instructions").
    fn gfx11_flat(
        &self,
        info: &OpInfo,
        specs: &[OperandSpec],
        inst: &Inst,
        cols: &[usize; MAX_OPERANDS],
        mods_at: usize,
    ) -> Result<(), ParseError> {
        let glc = inst.mods.mem & format::mod_bit(ModBit::Glc) != 0;
        if info.flags.has(Flags::ATOMIC) && info.flags.has(Flags::RTN) != glc {
            return self.fail(mods_at, || {
                if glc {
                    "`glc` needs the returning form (with a destination)".into()
                } else {
                    "a returning atomic needs `glc`".into()
                }
            });
        }
        let find = |f: Field| specs.iter().take(MAX_OPERANDS).position(|s| s.field == f);
        if let (Some(a), Some(s)) = (find(Field::Addr), find(Field::Saddr)) {
            let saddr = matches!(inst.operands[s],
                Operand::Reg { code, .. } if code != operand::null_code(self.gen));
            let want = if saddr || info.family == Family::Scratch {
                1
            } else {
                2
            };
            if let Operand::Reg { code, count, .. } = inst.operands[a] {
                if code >= VGPR0 && count != want {
                    return self.fail(cols[a], || {
                        format!("the VGPR address here takes {want} dword(s), not {count}")
                    });
                }
            }
        }
        Ok(())
    }

    /// Modifiers in the order llvm-mc 22 reads them (its operand order,
    /// which the printer follows): each key's rank must exceed the one
    /// before (cache-policy bits share a rank, in any order, each once).
    pub(super) fn gfx11_modifier_order(
        &self,
        family: Family,
        key: &str,
        col: usize,
        last: &mut u8,
    ) -> Result<(), ParseError> {
        if self.gen != Generation::Gfx11 {
            return Ok(());
        }
        // VINTERP writes `clamp op_sel:[..] wait_exp:N` (llvm-mc 22).
        let vinterp = |k: &str| match k {
            "clamp" => Some(1),
            "op_sel" => Some(2),
            "wait_exp" => Some(3),
            _ => None,
        };
        let rank = match key {
            k if family == Family::Vinterp => match vinterp(k) {
                Some(r) => r,
                None => return Ok(()),
            },
            "format" => 1,
            "idxen" => 2,
            "offen" => 3,
            "offset" | "offset0" => 4,
            "offset1" => 5,
            "gds" => 6,
            k if cache_policy(self.gen, Family::Flat, k).is_some() => 7,
            "tfe" => 8,
            "op_sel" => 10,
            "op_sel_hi" => 11,
            "neg_lo" => 12,
            "neg_hi" => 13,
            "clamp" => 14,
            "mul" | "div" => 15,
            "row_mask" => 17,
            "bank_mask" => 18,
            "bound_ctrl" => 19,
            "fi" => 20,
            "quad_perm" | "row_shl" | "row_shr" | "row_ror" | "row_mirror" | "row_half_mirror"
            | "row_share" | "row_xmask" | "dpp8" => 16,
            _ => return Ok(()),
        };
        if rank < *last || rank == *last && rank != 7 {
            return self.fail(col, || format!("`{key}` is out of order or repeated"));
        }
        *last = rank;
        Ok(())
    }

    /// VOP3P rules: no output modifier; source modifiers only as
    /// `neg_lo`/`neg_hi` lists, except on the `v_fma_mix*` opcodes, which
    /// take `-`/`|..|` and no lists; no `op_sel` bit where the opcode
    /// has none, and `op_sel` / `op_sel_hi` only where some source has
    /// one; WMMA sources A and B are VGPRs.
    fn gfx11_vop3p(
        &self,
        info: &OpInfo,
        specs: &[OperandSpec],
        inst: &Inst,
        cols: &[usize; MAX_OPERANDS],
        mods_at: usize,
    ) -> Result<(), ParseError> {
        use table::{VMOD_OP_SEL, VMOD_OP_SEL_HI};
        if inst.mods.omod != 0 {
            return self.fail(mods_at, || "VOP3P has no output modifier".into());
        }
        let srcs = specs
            .iter()
            .filter(|s| src_index(s.field).is_some())
            .count();
        let mix = info.flags.has(Flags::SRC_MODS_FP);
        let list = |key: &str| written_list(&self.s[mods_at..], key);
        for (i, spec) in specs.iter().enumerate().take(MAX_OPERANDS) {
            let Some(k) = src_index(spec.field) else {
                continue;
            };
            if !mix && self.syntax_mods >> k & 1 != 0 {
                return self.fail(cols[i], || {
                    "VOP3P takes source negation as `neg_lo`/`neg_hi`".into()
                });
            }
            let vgpr = matches!(inst.operands[i], Operand::Reg { code, .. } if code >= VGPR0);
            if info.flags.has(Flags::WMMA) && spec.kind == Kind::Vgpr && !vgpr {
                return self.fail(cols[i], || "WMMA sources A and B are VGPRs".into());
            }
            // The accumulator C is VGPRs or an inline constant (RDNA3 ISA
            // §7.9 "Wave Matrix Multiply Accumulate"; llvm-mc 22 rejects
            // SGPRs, and takes the `src_*` constants).
            let sgpr = matches!(inst.operands[i], Operand::Reg { code, .. } if code < 128);
            if info.flags.has(Flags::WMMA) && spec.kind == Kind::Vsrc && sgpr {
                return self.fail(cols[i], || {
                    "the WMMA accumulator is VGPRs or an inline constant".into()
                });
            }
        }
        if mix && (list("neg_lo").is_some() || list("neg_hi").is_some()) {
            return self.fail(mods_at, || {
                "`v_fma_mix*` takes `-` and `|..|`, not `neg_lo`/`neg_hi`".into()
            });
        }
        let rejected = (0..srcs).any(|k| {
            inst.mods.op_sel >> k & 1 != 0 && info.mods_rejected & (VMOD_OP_SEL << k) != 0
        });
        let no_op_sel = (0..srcs).all(|k| info.mods_rejected & (VMOD_OP_SEL << k) != 0);
        if rejected || no_op_sel && list("op_sel").is_some() {
            return self.fail(mods_at, || format!("invalid op_sel for `{}`", info.name));
        }
        let no_hi = (0..srcs).all(|k| info.mods_ignored & (VMOD_OP_SEL_HI << k) != 0);
        if no_hi && list("op_sel_hi").is_some() {
            return self.fail(mods_at, || format!("`{}` has no op_sel_hi", info.name));
        }
        Ok(())
    }

    /// Memory-instruction rules: a modifier bit LLVM's disassembler
    /// rejects or ignores for the opcode has no operand in its assembler
    /// (`buffer_gl0_inv glc`, `s_atc_probe glc`); buffer data is one
    /// register wider exactly with `tfe`; a buffer address is two VGPRs
    /// with `idxen offen`, else one; an SMEM offset from a buffer
    /// resource is unsigned.
    fn gfx11_memory(
        &self,
        info: &OpInfo,
        specs: &[OperandSpec],
        inst: &Inst,
        cols: &[usize; MAX_OPERANDS],
        mods_at: usize,
    ) -> Result<(), ParseError> {
        let m = &inst.mods;
        // Cache invalidations and the like have neither operands nor modifiers.
        if info.operands.is_empty() && !self.s[mods_at..].trim().is_empty() {
            return self.fail(mods_at, || format!("`{}` takes no modifiers", info.name));
        }
        // `offset:` follows an SGPR SMEM offset, not an immediate one.
        let soffset = specs
            .iter()
            .take(MAX_OPERANDS)
            .position(|s| s.field == Field::Soffset);
        let imm = soffset.is_some_and(|k| inst.operands[k] == self.smem_imm_offset());
        if info.family == Family::Smem && imm && written(&self.s[mods_at..], "offset").is_some() {
            return self.fail(mods_at, || {
                "`offset:` needs an SGPR offset before it".into()
            });
        }
        let no = info.mods_rejected | info.mods_ignored;
        if m.mem & no != 0 || m.offset != 0 && no & table::MOD_OFFSET != 0 {
            return self.fail(mods_at, || format!("invalid modifier for `{}`", info.name));
        }
        let bit = |b: ModBit| m.mem & format::mod_bit(b) != 0;
        use crate::isa::Op;
        match self.op.and_then(|o| Op::of(self.gen, o)) {
            // LDS-only lane exchanges and the BVH stack have no GDS form.
            Some(Op::DS_PERMUTE_B32 | Op::DS_BPERMUTE_B32 | Op::DS_BVH_STACK_RTN_B32)
                if bit(ModBit::Gds) =>
            {
                return self.fail(mods_at, || format!("`{}` has no `gds`", info.name));
            }
            // The counter waits' SGPR operand is `null` only in llvm-mc 22.
            Some(
                Op::S_WAITCNT_VMCNT
                | Op::S_WAITCNT_LGKMCNT
                | Op::S_WAITCNT_EXPCNT
                | Op::S_WAITCNT_VSCNT,
            ) if inst.operands[0] != Operand::sgpr(operand::null_code(self.gen)) => {
                return self.fail(cols[0], || format!("`{}` takes `null` here", info.name));
            }
            _ => {}
        }
        for (i, spec) in specs.iter().enumerate().take(MAX_OPERANDS) {
            let Operand::Reg { code, count, .. } = inst.operands[i] else {
                continue;
            };
            let want = match (info.family, spec.field) {
                (Family::Mubuf | Family::Mtbuf, Field::Data0) => {
                    spec.dwords + bit(ModBit::Tfe) as u8
                }
                (Family::Mubuf | Family::Mtbuf, Field::Addr) if code >= VGPR0 => {
                    1 + (bit(ModBit::Idxen) && bit(ModBit::Offen)) as u8
                }
                (Family::Smem, Field::Sbase) if spec.dwords == 4 && m.offset < 0 => {
                    return self.fail(cols[i], || "a buffer SMEM offset is unsigned".into());
                }
                _ => continue,
            };
            if count != want && code >= VGPR0 {
                return self.fail(cols[i], || {
                    format!("takes {want} register(s) here, not {count}")
                });
            }
        }
        Ok(())
    }

    /// GFX11 registers other than SGPRs read through the constant bus:
    /// the `src_*` apertures and `src_scc` (llvm-mc 22 counts them).
    pub(super) fn gfx11_bus_reg(&self, code: u16) -> bool {
        self.gen == Generation::Gfx11 && matches!(code, 230..=239 | 251..=253)
    }
}

/// The fixed register of an omitted implicit operand.
pub(super) fn omitted_implicit(spec: &OperandSpec) -> Option<Operand> {
    match spec.kind {
        Kind::Implicit(code) => Some(Operand::Reg {
            code,
            count: spec.dwords,
            half: 0,
        }),
        _ => None,
    }
}

/// Where the value of a written `key:` starts among the modifiers `mods`.
pub(super) fn written(mods: &str, key: &str) -> Option<usize> {
    mods.match_indices(key).map(|(i, _)| i).find_map(|i| {
        let word = i == 0 || mods.as_bytes()[i - 1].is_ascii_whitespace();
        (word && mods[i + key.len()..].starts_with(':')).then_some(i + key.len() + 1)
    })
}

/// The number of entries of a written `key:[..]` list among the
/// modifiers `mods`.
fn written_list(mods: &str, key: &str) -> Option<usize> {
    let rest = mods[written(mods, key)?..].strip_prefix('[')?;
    Some(
        rest[..rest.find(']').unwrap_or(rest.len())]
            .matches(',')
            .count()
            + 1,
    )
}
