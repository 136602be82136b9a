//! `hidden_args.hip`: the hidden kernel arguments (code object v5: block
//! counts x, y, z at 0, 4, 8 and the u16 group size x at 12,
//! AMDGPUUsage "Code Object V5 Kernel Argument Metadata").

use super::harness::*;
use silk_emu::Arg;

pub const REFS: &[(&str, Check)] = &[("grid_size", grid_size)];

/// Every work-item of every workgroup writes `out[TID_X]` the same value.
/// `char` is signed on amdgcn (`s_sext_i32_i8`). The workgroups are 1-D:
/// the descriptor enables only the x work-item id and the code indexes
/// with v0 unmasked, which on gfx942 and GFX11 holds the packed x, y, z
/// ids (AMDGPUUsage, "Packed work-item IDs"), so a y extent would index
/// past `out`; the grid has y and z extents.
fn grid_size(c: &mut Ctx) -> Result<(), String> {
    for (grid, block, ch, sh) in [
        ([3 * 64, 2, 5], [64, 1, 1], -7i8, 1234i16),
        ([200, 3, 2], [40, 1, 1], 100, -32768),
    ] {
        let out = c.fill(128, 0xdead_beefu32)?;
        let args = [
            Arg::Buffer(out),
            Arg::Bytes(vec![ch as u8]),
            Arg::Bytes(sh.to_le_bytes().to_vec()),
        ];
        c.launch(grid, block, &args)?;
        let counts: Vec<u32> = (0..3).map(|d| grid[d].div_ceil(block[d])).collect();
        let v = (counts[0] * block[0])
            .wrapping_add(counts[1])
            .wrapping_add(counts[2])
            .wrapping_add(ch as i32 as u32)
            .wrapping_add(sh as i32 as u32);
        let want = tail(block[0] as usize, 128, 0xdead_beef, |_| v);
        expect(&format!("out (grid {grid:?})"), &c.read::<u32>(out)?, &want)?;
    }
    Ok(())
}
