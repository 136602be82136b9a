//! GFX11 permlanes (tests/data/hip/permlane*.hip): v_permlane16_b32 and
//! v_permlanex16_b32 with SGPR lane selects, with all lanes active and
//! divergent (an inactive source lane leaves the old value), and
//! v_permlane64_b32 in wave64, against the RDNA3 ISA definitions.

use silk_amdgpu::target::Processor;
use silk_emu::{Arg, Emulator};

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/hip/objects");

fn u32s(b: &[u8]) -> Vec<u32> {
    b.chunks_exact(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

#[test]
fn permlane16_and_x16() {
    let (s1, s2) = (0x7654_3210u32 ^ 0x1357_9bdf, 0xfedc_ba98u32 ^ 0x2468_ace0);
    for (p, name) in [
        (Processor::Gfx1100, "permlane-gfx1100"),
        (Processor::Gfx1151, "permlane-gfx1151"),
    ] {
        let obj = std::fs::read(format!("{DIR}/{name}.hsaco")).unwrap();
        let mut emu = Emulator::new(p);
        let input: Vec<u32> = (0..64u32).map(|i| i * 1000 + 7).collect();
        let inp = emu
            .alloc_bytes(
                &input
                    .iter()
                    .flat_map(|x| x.to_le_bytes())
                    .collect::<Vec<_>>(),
            )
            .unwrap();
        let out = emu.alloc(64 * 16).unwrap();
        emu.launch(
            &obj,
            "permlanes",
            [64, 1, 1],
            [64, 1, 1],
            &[
                Arg::Buffer(inp),
                Arg::Buffer(out),
                Arg::U32(s1),
                Arg::U32(s2),
            ],
        )
        .unwrap_or_else(|e| panic!("{name}: {e}"));
        let o = u32s(&emu.read(out).unwrap());
        let sel = |l: usize| ((s1 as u64 | (s2 as u64) << 32) >> (4 * (l % 16)) & 15) as usize;
        for t in 0..64 {
            // Wave32: lanes t and the source are in the same wave.
            let base = t & !31;
            let l = t % 32;
            let row = l & !15;
            assert_eq!(
                o[4 * t],
                input[base + row + sel(l)],
                "{name} permlane16 {t}"
            );
            let xrow = row ^ 16;
            assert_eq!(
                o[4 * t + 1],
                input[base + xrow + sel(l)],
                "{name} permlanex16 {t}"
            );
            let active = |lane: usize| (base + lane) % 3 != 0;
            let want = if !active(l) {
                7
            } else if active(row + sel(l)) {
                input[base + row + sel(l)]
            } else {
                0x1234
            };
            assert_eq!(o[4 * t + 2], want, "{name} divergent permlane16 {t}");
        }
    }
}

#[test]
fn permlane64_swaps_halves() {
    let obj = std::fs::read(format!("{DIR}/permlane64-gfx1100.hsaco")).unwrap();
    let mut emu = Emulator::new(Processor::Gfx1100);
    let input: Vec<u32> = (0..64u32).map(|i| i * 31 + 5).collect();
    let inp = emu
        .alloc_bytes(
            &input
                .iter()
                .flat_map(|x| x.to_le_bytes())
                .collect::<Vec<_>>(),
        )
        .unwrap();
    let out = emu.alloc(64 * 4).unwrap();
    emu.launch(
        &obj,
        "permlane64",
        [64, 1, 1],
        [64, 1, 1],
        &[Arg::Buffer(inp), Arg::Buffer(out)],
    )
    .unwrap();
    let o = u32s(&emu.read(out).unwrap());
    for t in 0..64 {
        assert_eq!(o[t], input[t ^ 32], "lane {t}");
    }
}
