//! Hand-written test kernels assembled with `silk_amdgpu::asm`.

use silk_amdgpu::target::Processor;

/// A one-argument (`out`) kernel around `body`: `out` is in s[0:1], v0
/// holds the lane's byte offset (lane * 16) and v1..v31, s4..s7 start at 0.
#[allow(dead_code)]
pub fn kernel(p: Processor, body: &str) -> Vec<u8> {
    kernel_with_lds(p, body, 0)
}

/// [`kernel`] with `lds` bytes of LDS.
#[allow(dead_code)]
pub fn kernel_with_lds(p: Processor, body: &str, lds: u32) -> Vec<u8> {
    kernel_with(p, body, lds, 0)
}

/// [`kernel`] with 8 AGPRs (gfx942), a0..a7 after the 32 VGPRs.
#[allow(dead_code)]
pub fn kernel_with_agprs(p: Processor, body: &str) -> Vec<u8> {
    build(p, body, 0, 8, 0, p == Processor::Gfx942)
}

/// [`kernel`] with `bytes` of private (scratch) memory per lane.
#[allow(dead_code)]
pub fn kernel_with_private(p: Processor, body: &str, bytes: u32) -> Vec<u8> {
    kernel_with(p, body, 0, bytes)
}

/// [`kernel`] with `lds` bytes of LDS and `private` bytes of scratch per
/// lane.
#[allow(dead_code)]
pub fn kernel_with(p: Processor, body: &str, lds: u32, private: u32) -> Vec<u8> {
    kernel_sized(p, body, lds, private, p == Processor::Gfx942)
}

/// [`kernel_with`] in wave64 (`wave64`) or wave32 (GFX11 only).
#[allow(dead_code)]
pub fn kernel_sized(p: Processor, body: &str, lds: u32, private: u32, wave64: bool) -> Vec<u8> {
    build(p, body, lds, 0, private, wave64)
}

fn build(p: Processor, body: &str, lds: u32, agprs: u32, private: u32, wave64: bool) -> Vec<u8> {
    let target = match p {
        Processor::Gfx942 => "gfx942",
        Processor::Gfx1100 => "gfx1100",
        Processor::Gfx1151 => "gfx1151",
    };
    let wave = if wave64 { 64 } else { 32 };
    let gfx9 = p == Processor::Gfx942;
    let mut init = String::from("\ts_load_dwordx2 s[0:1], s[0:1], 0x0\n");
    if !gfx9 {
        init = String::from("\ts_load_b64 s[0:1], s[0:1], 0x0\n");
    }
    init.push_str("\tv_lshlrev_b32_e32 v0, 4, v0\n");
    for v in 1..32 {
        init.push_str(&format!("\tv_mov_b32_e32 v{v}, 0\n"));
    }
    for s in 4..8 {
        init.push_str(&format!("\ts_mov_b32 s{s}, 0\n"));
    }
    init.push_str("\ts_waitcnt lgkmcnt(0)\n\ts_nop 7\n\ts_nop 7\n\ts_nop 7\n");
    let arch = if gfx9 {
        "\t\t.amdhsa_accum_offset 32\n\t\t.amdhsa_tg_split 0\n"
    } else {
        if wave64 {
            "\t\t.amdhsa_wavefront_size32 0\n\t\t.amdhsa_workgroup_processor_mode 1\n\t\t.amdhsa_memory_ordered 1\n"
        } else {
            "\t\t.amdhsa_wavefront_size32 1\n\t\t.amdhsa_workgroup_processor_mode 1\n\t\t.amdhsa_memory_ordered 1\n"
        }
    };
    let agpr = if gfx9 {
        format!("    .agpr_count: {agprs}\n")
    } else {
        String::new()
    };
    let vgprs = 32 + agprs;
    let enable_private = u32::from(private > 0);
    let text = format!(
        "\t.amdgcn_target \"amdgcn-amd-amdhsa--{target}\"
\t.amdhsa_code_object_version 6
\t.text
\t.globl\tk
\t.p2align\t8
\t.type\tk,@function
k:
{init}{body}\ts_endpgm
\t.section\t.rodata,\"a\",@progbits
\t.p2align\t6, 0x0
\t.amdhsa_kernel k
\t\t.amdhsa_kernarg_size 8
\t\t.amdhsa_group_segment_fixed_size {lds}
\t\t.amdhsa_private_segment_fixed_size {private}
\t\t.amdhsa_enable_private_segment {enable_private}
\t\t.amdhsa_user_sgpr_count 2
\t\t.amdhsa_user_sgpr_kernarg_segment_ptr 1
\t\t.amdhsa_system_sgpr_workgroup_id_x 1
\t\t.amdhsa_next_free_vgpr {vgprs}
\t\t.amdhsa_next_free_sgpr 16
{arch}\t.end_amdhsa_kernel
\t.text
.Lfunc_end0:
\t.size\tk, .Lfunc_end0-k
\t.amdgpu_metadata
---
amdhsa.kernels:
  - .args:
      - .address_space:  global
        .offset:         0
        .size:           8
        .value_kind:     global_buffer
{agpr}    .group_segment_fixed_size: {lds}
    .kernarg_segment_align: 8
    .kernarg_segment_size: 8
    .max_flat_workgroup_size: 1024
    .name:           k
    .private_segment_fixed_size: {private}
    .sgpr_count:     16
    .sgpr_spill_count: 0
    .symbol:         k.kd
    .uniform_work_group_size: 1
    .uses_dynamic_stack: false
    .vgpr_count:     {vgprs}
    .vgpr_spill_count: 0
    .wavefront_size: {wave}
amdhsa.target:   amdgcn-amd-amdhsa--{target}
amdhsa.version:
  - 1
  - 2
...
\t.end_amdgpu_metadata
"
    );
    silk_amdgpu::asm::assemble_file(&text, "hazard.s", None)
        .unwrap_or_else(|e| panic!("assembling:\n{body}\n{e}"))
}

/// Multipliers of the lane inputs of [`run`].
#[allow(dead_code)]
pub const K1: u32 = 0x9e37_79b9;
#[allow(dead_code)]
pub const K2: u32 = 0x85eb_ca6b;

/// Per lane: v1 = (16 l) * K1, v2 = (16 l) * K2, v3 = v1 ^ v2 (also in
/// v[8:9] = v1, v2 and v[10:11] = v2, v3), then `body`, then v[12:15]
/// stored at the lane's 16 bytes. Returns the dwords per lane.
#[allow(dead_code)]
pub fn run(p: Processor, body: &str) -> Vec<[u32; 4]> {
    run_with(p, body, 0, 0)
}

/// [`run`] with `lds` bytes of LDS.
#[allow(dead_code)]
pub fn run_lds(p: Processor, body: &str, lds: u32) -> Vec<[u32; 4]> {
    run_with(p, body, lds, 0)
}

/// [`run`] with `lds` bytes of LDS and `private` bytes of scratch a lane.
#[allow(dead_code)]
pub fn run_with(p: Processor, body: &str, lds: u32, private: u32) -> Vec<[u32; 4]> {
    run_sized(p, body, lds, private, p == Processor::Gfx942)
}

/// [`run`] in wave64 (`wave64`) or wave32 (GFX11 only).
#[allow(dead_code)]
pub fn run_sized(p: Processor, body: &str, lds: u32, private: u32, wave64: bool) -> Vec<[u32; 4]> {
    let store = if p == Processor::Gfx942 {
        "global_store_dwordx4 v0, v[12:15], s[0:1]"
    } else {
        "global_store_b128 v0, v[12:15], s[0:1]"
    };
    let text = format!(
        "\ts_mov_b32 s4, {K1:#x}\n\tv_mul_lo_u32 v1, v0, s4\n\ts_mov_b32 s5, {K2:#x}\n\tv_mul_lo_u32 v2, v0, s5\n\tv_xor_b32_e32 v3, v1, v2\n\tv_mov_b32_e32 v8, v1\n\tv_mov_b32_e32 v9, v2\n\tv_mov_b32_e32 v10, v2\n\tv_mov_b32_e32 v11, v3\n\ts_nop 7\n{body}\ts_nop 7\n\t{store}\n"
    );
    let obj = kernel_sized(p, &text, lds, private, wave64);
    let mut emu = silk_emu::Emulator::new(p);
    let lanes = if wave64 { 64 } else { 32 };
    let out = emu.alloc(64 * 16).unwrap();
    emu.launch(
        &obj,
        "k",
        [lanes, 1, 1],
        [lanes, 1, 1],
        &[silk_emu::Arg::Buffer(out)],
    )
    .unwrap_or_else(|e| panic!("{p}: {body}: {e}"));
    let b = emu.read(out).unwrap();
    (0..lanes as usize)
        .map(|l| {
            std::array::from_fn(|j| {
                u32::from_le_bytes(b[16 * l + 4 * j..][..4].try_into().unwrap())
            })
        })
        .collect()
}

/// The inputs of lane `l` in [`run`]: v1, v2, v3.
#[allow(dead_code)]
pub fn inputs(l: usize) -> (u32, u32, u32) {
    let v0 = 16 * l as u32;
    let (a, b) = (v0.wrapping_mul(K1), v0.wrapping_mul(K2));
    (a, b, a ^ b)
}
