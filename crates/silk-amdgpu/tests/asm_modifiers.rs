//! Memory-instruction spellings `silk asm` reads as llvm-mc 22 does
//! (bytes recorded from llvm-mc): the `no` forms of the cache-policy
//! modifiers, an omitted SMEM offset, and the rules around them.

mod common;

use common::enc;
use silk_amdgpu::target::Processor;

#[test]
fn negated_cache_policy_and_omitted_smem_offset() {
    use Processor::*;
    for (p, line, want) in [
        (
            Gfx942,
            "global_load_dword v1, v[2:3], off nosc0",
            "008050dc02007f01",
        ),
        (
            Gfx942,
            "global_load_dword v1, v[2:3], off nosc1 nont",
            "008050dc02007f01",
        ),
        (
            Gfx942,
            "buffer_load_dword v1, off, s[0:3], 0 nosc1 nont",
            "000050e000010080",
        ),
        (
            Gfx942,
            "flat_atomic_add v[2:3], v0 nosc0",
            "000008dd02000000",
        ),
        (Gfx942, "s_load_dword s1, s[2:3] noglc", "410002c000000000"),
        (
            Gfx942,
            "s_load_dwordx8 s[40:47], s[12:13] glc",
            "060a0fc000000000",
        ),
        (Gfx942, "s_atomic_and s48, ttmp[4:5]", "380c22c200000000"),
        (
            Gfx1100,
            "global_load_b32 v1, v[2:3], off noglc",
            "000052dc02007c01",
        ),
        (Gfx1100, "s_load_b32 s1, s[2:3] noglc", "410000f4000000f8"),
    ] {
        assert_eq!(enc(p, line), Ok(want.to_string()), "{p}: {line}");
    }
    for (p, line, col) in [
        // Each cache-policy bit once.
        (Gfx942, "global_load_dword v1, v[2:3], off sc0 nosc0", 39),
        (Gfx942, "global_load_dword v1, v[2:3], off sc0 sc0", 39),
        (Gfx1100, "global_load_b32 v1, v[2:3], off noglc glc", 39),
        // gfx942 names: sc0 on vector memory, glc on SMEM.
        (Gfx942, "global_load_dword v1, v[2:3], off noglc", 35),
        (Gfx942, "s_load_dword s1, s[2:3] nosc0", 25),
        (Gfx1100, "ds_add_u32 v1, v2 noglc", 19),
        // A returning gfx942 atomic is the sc0 form.
        (Gfx942, "flat_atomic_or v0, v[8:9], v180 nosc0", 33),
        // `offset:` follows an SGPR offset only.
        (Gfx942, "s_atomic_add_x2 s[62:63], s[8:9] offset:0x0", 34),
    ] {
        assert_eq!(enc(p, line), Err(col), "{p}: {line}");
    }
}

/// A buffer instruction reads a VGPR address only with `offen` or
/// `idxen`; without either llvm-mc rejects the line (we used to drop
/// the address and print `off`).
#[test]
fn buffer_vgpr_address_needs_offen_or_idxen() {
    use Processor::*;
    for (p, line) in [
        (Gfx942, "buffer_load_dword v1, v60, s[0:3], 59"),
        (Gfx942, "buffer_atomic_dec v152, v12, s[64:67], 30"),
        (
            Gfx942,
            "tbuffer_store_format_x a4, v[248:249], s[44:47], 44",
        ),
        (Gfx1100, "buffer_load_b32 v1, v60, s[0:3], 59"),
    ] {
        assert!(matches!(enc(p, line), Err(c) if c > 1), "{p}: {line}");
    }
    assert_eq!(
        enc(Gfx942, "buffer_load_dword v1, v60, s[0:3], 59 offen"),
        Ok("001050e03c0100bb".to_string())
    );
}
