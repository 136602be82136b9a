//! GFX11 operand and instruction rules llvm-mc 22 enforces beyond the
//! operand table's kinds and widths (true16 halves, ...).

use super::*;

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
        spec: &OperandSpec,
        v: &Value,
        col: usize,
    ) -> Result<(), ParseError> {
        if self.gen != Generation::Gfx11 {
            return Ok(());
        }
        // Only a true16 operand names a 16-bit half (`v1.l`).
        if let Value::Reg { half: 1.., .. } = v {
            if !spec.half {
                return self.fail(col, || "a 16-bit register half needs a 16-bit operand".into());
            }
        }
        Ok(())
    }
}
