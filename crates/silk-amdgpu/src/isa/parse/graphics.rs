//! The operands and modifiers of GFX11's graphics-only encodings (EXP,
//! VINTERP, LDSDIR; see `isa::graphics`), as llvm-mc 22 reads them.

use super::*;

impl Parser<'_> {
    /// An EXP target (`mrt0`) or an LDSDIR attribute (`attr5.z`).
    pub(super) fn graphics_operand(
        &mut self,
        style: ImmStyle,
        col: usize,
    ) -> Result<Operand, ParseError> {
        let rest = self.rest();
        let (v, used) = match style {
            ImmStyle::ExpTarget => match super::super::graphics::parse_target(rest) {
                Some(t) => t,
                None => return self.fail(col, || "invalid export target".into()),
            },
            _ => match super::super::graphics::parse_attr(rest) {
                Ok(a) => a,
                Err(m) => return self.fail(col, || m.into()),
            },
        };
        self.pos += used;
        Ok(Operand::Imm(v as i32))
    }

    /// `wait_exp:N` (VINTERP, 3 bits) and `wait_vdst:N` (LDSDIR, 4 bits):
    /// the value kept in `offset`; `false` when `key` is neither. VINTERP
    /// takes no output modifier.
    pub(super) fn graphics_wait(
        &mut self,
        info: &OpInfo,
        inst: &mut Inst,
        key: &str,
        col: usize,
    ) -> Result<bool, ParseError> {
        let max = match (info.family, key) {
            (Family::Vinterp, "mul" | "div") => {
                return self.fail(col, || "VINTERP has no output modifier".into())
            }
            (Family::Vinterp, "wait_exp") => 7,
            (Family::Ldsdir, "wait_vdst") => 15,
            (_, "wait_exp" | "wait_vdst") => {
                return self.fail(col, || format!("`{key}` is not valid for `{}`", info.name))
            }
            _ => return Ok(false),
        };
        let v = self.int_value(col)?;
        if !(0..=max).contains(&v) {
            return self.fail(col, || format!("`{key}` takes 0..={max}"));
        }
        inst.mods.offset = v as i32;
        Ok(true)
    }
}
