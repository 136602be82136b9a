//! Symbol operands: a name that is no register, optionally with a
//! relocation variant (`@rel32@lo`, `@rel32@hi`, `@abs32@lo`,
//! `@abs32@hi`) and an addend (`+N`, `-N`). A branch takes it as its
//! target; a source that can hold a 32-bit literal takes it as that
//! literal, filled in by the assembler's fixup ([AMDGPUUsage]
//! "Relocation Records"; llvm-mc 22 makes a plain name PC-relative,
//! `FK_PCRel_4`, and `@abs32@..` absolute, `FK_Data_4`).
//!
//! [AMDGPUUsage]: https://llvm.org/docs/AMDGPUUsage.html

use super::*;

/// How a symbol operand's value enters the instruction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RefKind {
    /// A branch target: the SOPP `simm16` counts dwords from the next
    /// instruction (`s_call_b64` likewise).
    Branch,
    /// A plain name as a 32-bit literal: `S + A - P` (`R_AMDGPU_REL32`).
    Rel32,
    /// A plain name less a constant (`sym-8`): llvm-mc 22 makes a
    /// difference absolute, `S + A` (`FK_Data_4`, `R_AMDGPU_ABS32`).
    Abs32,
    /// `sym@rel32@lo`: the low half of `S + A - P` (`R_AMDGPU_REL32_LO`).
    Rel32Lo,
    /// `sym@rel32@hi`: the high half (`R_AMDGPU_REL32_HI`).
    Rel32Hi,
    /// `sym@abs32@lo`: the low half of `S + A` (`R_AMDGPU_ABS32_LO`).
    Abs32Lo,
    /// `sym@abs32@hi`: the high half of `S + A` (`R_AMDGPU_ABS32_HI`).
    Abs32Hi,
}

impl RefKind {
    /// The relocation variant as written after the name (`@rel32@lo`).
    pub fn variant(self) -> &'static str {
        match self {
            RefKind::Branch | RefKind::Rel32 | RefKind::Abs32 => "",
            RefKind::Rel32Lo => "@rel32@lo",
            RefKind::Rel32Hi => "@rel32@hi",
            RefKind::Abs32Lo => "@abs32@lo",
            RefKind::Abs32Hi => "@abs32@hi",
        }
    }
}

/// Whether llvm-mc reads `name` as a register (one this processor lacks,
/// such as gfx942's `lds_direct` or `v256`, which it then rejects), not
/// as a symbol.
pub(super) fn register_like(name: &str) -> bool {
    let n = name.to_ascii_lowercase();
    let base = n.split('.').next().unwrap_or_default();
    let numbered = |p: &str| {
        base.strip_prefix(p)
            .is_some_and(|d| !d.is_empty() && d.bytes().all(|c| c.is_ascii_digit()))
    };
    const SPECIAL: &[&str] = &[
        "vcc",
        "vcc_lo",
        "vcc_hi",
        "exec",
        "exec_lo",
        "exec_hi",
        "m0",
        "scc",
        "vccz",
        "execz",
        "null",
        "lds_direct",
        "flat_scratch",
        "flat_scratch_lo",
        "flat_scratch_hi",
        "xnack_mask",
        "xnack_mask_lo",
        "xnack_mask_hi",
        "tba",
        "tba_lo",
        "tba_hi",
        "tma",
        "tma_lo",
        "tma_hi",
        "shared_base",
        "shared_limit",
        "private_base",
        "private_limit",
        "pops_exiting_wave_id",
    ];
    ["v", "s", "a", "ttmp", "acc"].iter().any(|p| numbered(p))
        || base.starts_with("src_")
        || SPECIAL.contains(&base)
}

impl Parser<'_> {
    /// The variant and addend after a symbol name that ends at `self.pos`
    /// (both optional), consumed. `None` (nothing consumed) when what
    /// follows is neither.
    pub(super) fn symbol_suffix(&mut self) -> Result<(RefKind, i64), ParseError> {
        let mut kind = RefKind::Rel32;
        for k in [
            RefKind::Rel32Lo,
            RefKind::Rel32Hi,
            RefKind::Abs32Lo,
            RefKind::Abs32Hi,
        ] {
            if self.eat(k.variant()) {
                kind = k;
                break;
            }
        }
        if kind == RefKind::Rel32 && self.peek() == Some(b'@') {
            return self.fail(self.pos, || {
                "expected `@rel32@lo`, `@rel32@hi`, `@abs32@lo` or `@abs32@hi`".into()
            });
        }
        // `+ N` / `- N`, spaces allowed around the sign.
        let save = self.pos;
        self.skip_ws();
        let sign = match self.peek() {
            Some(b'+') => 1,
            Some(b'-') => -1,
            _ => {
                self.pos = save;
                return Ok((kind, 0));
            }
        };
        self.pos += 1;
        self.skip_ws();
        if !self.peek().is_some_and(|c| c.is_ascii_digit()) {
            // `x - y` and the like: an expression, not an addend.
            return self.fail(self.pos, || {
                "a symbol operand takes only a constant addend (`sym+4`)".into()
            });
        }
        let col = self.pos;
        match self.number()? {
            // (LLVM's fixup of a subtraction is absolute.)
            Value::Int(a) if kind == RefKind::Rel32 && sign < 0 => Ok((RefKind::Abs32, -a)),
            Value::Int(a) => Ok((kind, sign * a)),
            _ => self.fail(col, || "the addend of a symbol is an integer".into()),
        }
    }

    /// Whether a source may be a symbol (a 32-bit literal filled in
    /// later): SALU sources, VOP1/VOP2/VOPC sources in their native
    /// encodings, and VOP3/VOP3P sources without input modifiers (LLVM
    /// 22 reads an expression where the operand has no modifier operand:
    /// `v_add_nc_u32_e64 v0, v1, x`, but not `v_add_f32_e64 v0, x, v1`).
    pub(super) fn symbol_source(
        &self,
        info: &OpInfo,
        spec: &OperandSpec,
        variant: Variant,
    ) -> bool {
        if variant != Variant::Native || !matches!(spec.kind, Kind::Ssrc | Kind::Vsrc) {
            return false;
        }
        match info.family {
            Family::Sop1
            | Family::Sop2
            | Family::Sopc
            | Family::Vop1
            | Family::Vop2
            | Family::Vopc => true,
            // (A true16 half carries its `op_sel` in a modifier operand.)
            Family::Vop3 | Family::Vop3p if !spec.half => {
                let Some(i) = src_index(spec.field) else {
                    return false;
                };
                let ignored = match self.gen {
                    Generation::Gfx11 => info.mods_ignored,
                    g @ Generation::Gfx9 => gfx9_unprinted(g, info),
                };
                // VOP3: no `neg` on the source. VOP3P: a 32-bit source
                // (the integer dot products, a dot product's accumulator),
                // not a packed one, whose `op_sel`/`neg` are modifiers.
                match info.family {
                    Family::Vop3 => (info.mods_rejected | ignored) & (table::VMOD_NEG << i) != 0,
                    _ => spec.ty == Ty::B32 && !info.flags.has(Flags::SRC_MODS_FP),
                }
            }
            _ => false,
        }
    }
}
