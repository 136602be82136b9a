//! `dispatch.hip`: the dispatch packet and queue pointers. The queue's
//! address is the runtime's choice, so the reference checks what is
//! defined: the packet's workgroup size is added to a queue address that
//! is 64-byte aligned (`hsa_queue_t`'s alignment, HSA runtime spec §2.5)
//! and not zero, for two workgroup sizes.

use super::harness::*;
use silk_emu::Arg;

pub const REFS: &[(&str, Check)] = &[("dispatch_info", dispatch_info)];

fn dispatch_info(c: &mut Ctx) -> Result<(), String> {
    for (grid, block) in [(37u32, 37u32), (3 * 261, 261)] {
        let out = c.fill(2, 0x5a5a_5a5a_5a5a_5a5au64)?;
        c.launch([grid, 1, 1], [block, 1, 1], &[Arg::Buffer(out)])?;
        let got = c.read::<u64>(out)?;
        let queue = got[0].wrapping_sub(block as u64);
        if queue == 0 || queue % 64 != 0 {
            return Err(format!(
                "out[0] = {:#x}: minus the workgroup size {block} it is no queue address",
                got[0]
            ));
        }
        expect("out[1] (untouched)", &got[1..], &[0x5a5a_5a5a_5a5a_5a5a])?;
    }
    Ok(())
}
