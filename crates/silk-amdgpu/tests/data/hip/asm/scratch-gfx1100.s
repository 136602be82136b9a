	.amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
	.amdhsa_code_object_version 6
	.text
	.protected	private_table           ; -- Begin function private_table
	.globl	private_table
	.p2align	8
	.type	private_table,@function
private_table:                          ; @private_table
; %bb.0:
	s_mov_b64 s[2:3], src_private_base
	s_load_b32 s2, s[0:1], 0x8
	v_dual_mov_b32 v1, 0 :: v_dual_mov_b32 v2, s3
	s_movk_i32 s4, 0x44
	s_load_b64 s[0:1], s[0:1], 0x0
	flat_store_b32 v[1:2], v0 dlc
	s_waitcnt_vscnt null, 0x0
	v_or_b32_e64 v1, 0, 4
	s_waitcnt lgkmcnt(0)
	v_add_nc_u32_e32 v3, s2, v0
	flat_store_b32 v[1:2], v3 dlc
	s_waitcnt_vscnt null, 0x0
	v_add_nc_u32_e32 v4, s2, v3
	v_or_b32_e64 v1, 0, 8
	flat_store_b32 v[1:2], v4 dlc
	s_waitcnt_vscnt null, 0x0
	v_add_nc_u32_e32 v4, s2, v4
	v_or_b32_e64 v1, 0, 12
	flat_store_b32 v[1:2], v4 dlc
	s_waitcnt_vscnt null, 0x0
	v_dual_mov_b32 v1, 16 :: v_dual_add_nc_u32 v4, s2, v4
	flat_store_b32 v[1:2], v4 dlc
	s_waitcnt_vscnt null, 0x0
	v_dual_mov_b32 v1, 20 :: v_dual_add_nc_u32 v4, s2, v4
	flat_store_b32 v[1:2], v4 dlc
	s_waitcnt_vscnt null, 0x0
	v_dual_mov_b32 v1, 24 :: v_dual_add_nc_u32 v4, s2, v4
	flat_store_b32 v[1:2], v4 dlc
	s_waitcnt_vscnt null, 0x0
	v_dual_mov_b32 v1, 28 :: v_dual_add_nc_u32 v4, s2, v4
	flat_store_b32 v[1:2], v4 dlc
	s_waitcnt_vscnt null, 0x0
	v_dual_mov_b32 v1, 32 :: v_dual_add_nc_u32 v4, s2, v4
	flat_store_b32 v[1:2], v4 dlc
	s_waitcnt_vscnt null, 0x0
	v_dual_mov_b32 v1, 36 :: v_dual_add_nc_u32 v4, s2, v4
	flat_store_b32 v[1:2], v4 dlc
	s_waitcnt_vscnt null, 0x0
	v_dual_mov_b32 v1, 40 :: v_dual_add_nc_u32 v4, s2, v4
	flat_store_b32 v[1:2], v4 dlc
	s_waitcnt_vscnt null, 0x0
	v_dual_mov_b32 v1, 44 :: v_dual_add_nc_u32 v4, s2, v4
	flat_store_b32 v[1:2], v4 dlc
	s_waitcnt_vscnt null, 0x0
	v_dual_mov_b32 v1, 48 :: v_dual_add_nc_u32 v4, s2, v4
	flat_store_b32 v[1:2], v4 dlc
	s_waitcnt_vscnt null, 0x0
	v_dual_mov_b32 v1, 52 :: v_dual_add_nc_u32 v4, s2, v4
	flat_store_b32 v[1:2], v4 dlc
	s_waitcnt_vscnt null, 0x0
	v_dual_mov_b32 v1, 56 :: v_dual_add_nc_u32 v4, s2, v4
	flat_store_b32 v[1:2], v4 dlc
	s_waitcnt_vscnt null, 0x0
	v_dual_mov_b32 v1, 60 :: v_dual_add_nc_u32 v4, s2, v4
	flat_store_b32 v[1:2], v4 dlc
	s_waitcnt_vscnt null, 0x0
	v_dual_mov_b32 v1, 64 :: v_dual_add_nc_u32 v4, s2, v4
	flat_store_b32 v[1:2], v4 dlc
	s_waitcnt_vscnt null, 0x0
	v_dual_mov_b32 v1, s4 :: v_dual_add_nc_u32 v4, s2, v4
	s_movk_i32 s4, 0x48
	flat_store_b32 v[1:2], v4 dlc
	s_waitcnt_vscnt null, 0x0
	v_dual_mov_b32 v1, s4 :: v_dual_add_nc_u32 v4, s2, v4
	s_movk_i32 s4, 0x4c
	flat_store_b32 v[1:2], v4 dlc
	s_waitcnt_vscnt null, 0x0
	v_dual_mov_b32 v1, s4 :: v_dual_add_nc_u32 v4, s2, v4
	s_movk_i32 s4, 0x50
	flat_store_b32 v[1:2], v4 dlc
	s_waitcnt_vscnt null, 0x0
	v_dual_mov_b32 v1, s4 :: v_dual_add_nc_u32 v4, s2, v4
	s_movk_i32 s4, 0x54
	flat_store_b32 v[1:2], v4 dlc
	s_waitcnt_vscnt null, 0x0
	v_dual_mov_b32 v1, s4 :: v_dual_add_nc_u32 v4, s2, v4
	s_movk_i32 s4, 0x58
	flat_store_b32 v[1:2], v4 dlc
	s_waitcnt_vscnt null, 0x0
	v_dual_mov_b32 v1, s4 :: v_dual_add_nc_u32 v4, s2, v4
	s_movk_i32 s4, 0x5c
	flat_store_b32 v[1:2], v4 dlc
	s_waitcnt_vscnt null, 0x0
	v_dual_mov_b32 v1, s4 :: v_dual_add_nc_u32 v4, s2, v4
	s_movk_i32 s4, 0x60
	flat_store_b32 v[1:2], v4 dlc
	s_waitcnt_vscnt null, 0x0
	v_dual_mov_b32 v1, s4 :: v_dual_add_nc_u32 v4, s2, v4
	s_movk_i32 s4, 0x64
	flat_store_b32 v[1:2], v4 dlc
	s_waitcnt_vscnt null, 0x0
	v_dual_mov_b32 v1, s4 :: v_dual_add_nc_u32 v4, s2, v4
	s_movk_i32 s4, 0x68
	flat_store_b32 v[1:2], v4 dlc
	s_waitcnt_vscnt null, 0x0
	v_dual_mov_b32 v1, s4 :: v_dual_add_nc_u32 v4, s2, v4
	s_movk_i32 s4, 0x6c
	flat_store_b32 v[1:2], v4 dlc
	s_waitcnt_vscnt null, 0x0
	v_dual_mov_b32 v1, s4 :: v_dual_add_nc_u32 v4, s2, v4
	s_movk_i32 s4, 0x70
	flat_store_b32 v[1:2], v4 dlc
	s_waitcnt_vscnt null, 0x0
	v_dual_mov_b32 v1, s4 :: v_dual_add_nc_u32 v4, s2, v4
	s_movk_i32 s4, 0x74
	flat_store_b32 v[1:2], v4 dlc
	s_waitcnt_vscnt null, 0x0
	v_dual_mov_b32 v1, s4 :: v_dual_add_nc_u32 v4, s2, v4
	s_movk_i32 s4, 0x78
	flat_store_b32 v[1:2], v4 dlc
	s_waitcnt_vscnt null, 0x0
	v_dual_mov_b32 v1, s4 :: v_dual_add_nc_u32 v4, s2, v4
	s_movk_i32 s4, 0x7c
	flat_store_b32 v[1:2], v4 dlc
	s_waitcnt_vscnt null, 0x0
	v_dual_mov_b32 v1, s4 :: v_dual_add_nc_u32 v4, s2, v4
	s_movk_i32 s4, 0x80
	flat_store_b32 v[1:2], v4 dlc
	s_waitcnt_vscnt null, 0x0
	v_dual_mov_b32 v1, s4 :: v_dual_add_nc_u32 v4, s2, v4
	s_movk_i32 s4, 0x84
	flat_store_b32 v[1:2], v4 dlc
	s_waitcnt_vscnt null, 0x0
	v_dual_mov_b32 v1, s4 :: v_dual_add_nc_u32 v4, s2, v4
	s_movk_i32 s4, 0x88
	flat_store_b32 v[1:2], v4 dlc
	s_waitcnt_vscnt null, 0x0
	v_dual_mov_b32 v1, s4 :: v_dual_add_nc_u32 v4, s2, v4
	s_movk_i32 s4, 0x8c
	flat_store_b32 v[1:2], v4 dlc
	s_waitcnt_vscnt null, 0x0
	v_dual_mov_b32 v1, s4 :: v_dual_add_nc_u32 v4, s2, v4
	s_movk_i32 s4, 0x90
	flat_store_b32 v[1:2], v4 dlc
	s_waitcnt_vscnt null, 0x0
	v_dual_mov_b32 v1, s4 :: v_dual_add_nc_u32 v4, s2, v4
	s_movk_i32 s4, 0x94
	flat_store_b32 v[1:2], v4 dlc
	s_waitcnt_vscnt null, 0x0
	v_dual_mov_b32 v1, s4 :: v_dual_add_nc_u32 v4, s2, v4
	s_movk_i32 s4, 0x98
	flat_store_b32 v[1:2], v4 dlc
	s_waitcnt_vscnt null, 0x0
	v_dual_mov_b32 v1, s4 :: v_dual_add_nc_u32 v4, s2, v4
	s_movk_i32 s4, 0x9c
	flat_store_b32 v[1:2], v4 dlc
	s_waitcnt_vscnt null, 0x0
	v_dual_mov_b32 v1, s4 :: v_dual_add_nc_u32 v4, s2, v4
	s_movk_i32 s4, 0xa0
	flat_store_b32 v[1:2], v4 dlc
	s_waitcnt_vscnt null, 0x0
	v_dual_mov_b32 v1, s4 :: v_dual_add_nc_u32 v4, s2, v4
	s_movk_i32 s4, 0xa4
	flat_store_b32 v[1:2], v4 dlc
	s_waitcnt_vscnt null, 0x0
	v_dual_mov_b32 v1, s4 :: v_dual_add_nc_u32 v4, s2, v4
	s_movk_i32 s4, 0xa8
	flat_store_b32 v[1:2], v4 dlc
	s_waitcnt_vscnt null, 0x0
	v_dual_mov_b32 v1, s4 :: v_dual_add_nc_u32 v4, s2, v4
	s_movk_i32 s4, 0xac
	flat_store_b32 v[1:2], v4 dlc
	s_waitcnt_vscnt null, 0x0
	v_dual_mov_b32 v1, s4 :: v_dual_add_nc_u32 v4, s2, v4
	s_movk_i32 s4, 0xb0
	flat_store_b32 v[1:2], v4 dlc
	s_waitcnt_vscnt null, 0x0
	v_dual_mov_b32 v1, s4 :: v_dual_add_nc_u32 v4, s2, v4
	s_movk_i32 s4, 0xb4
	flat_store_b32 v[1:2], v4 dlc
	s_waitcnt_vscnt null, 0x0
	v_dual_mov_b32 v1, s4 :: v_dual_add_nc_u32 v4, s2, v4
	s_movk_i32 s4, 0xb8
	flat_store_b32 v[1:2], v4 dlc
	s_waitcnt_vscnt null, 0x0
	v_dual_mov_b32 v1, s4 :: v_dual_add_nc_u32 v4, s2, v4
	s_movk_i32 s4, 0xbc
	flat_store_b32 v[1:2], v4 dlc
	s_waitcnt_vscnt null, 0x0
	v_dual_mov_b32 v1, s4 :: v_dual_add_nc_u32 v4, s2, v4
	s_movk_i32 s4, 0xc0
	flat_store_b32 v[1:2], v4 dlc
	s_waitcnt_vscnt null, 0x0
	v_dual_mov_b32 v1, s4 :: v_dual_add_nc_u32 v4, s2, v4
	s_movk_i32 s4, 0xc4
	flat_store_b32 v[1:2], v4 dlc
	s_waitcnt_vscnt null, 0x0
	v_dual_mov_b32 v1, s4 :: v_dual_add_nc_u32 v4, s2, v4
	s_movk_i32 s4, 0xc8
	flat_store_b32 v[1:2], v4 dlc
	s_waitcnt_vscnt null, 0x0
	v_dual_mov_b32 v1, s4 :: v_dual_add_nc_u32 v4, s2, v4
	s_movk_i32 s4, 0xcc
	flat_store_b32 v[1:2], v4 dlc
	s_waitcnt_vscnt null, 0x0
	v_dual_mov_b32 v1, s4 :: v_dual_add_nc_u32 v4, s2, v4
	s_movk_i32 s4, 0xd0
	flat_store_b32 v[1:2], v4 dlc
	s_waitcnt_vscnt null, 0x0
	v_dual_mov_b32 v1, s4 :: v_dual_add_nc_u32 v4, s2, v4
	s_movk_i32 s4, 0xd4
	flat_store_b32 v[1:2], v4 dlc
	s_waitcnt_vscnt null, 0x0
	v_dual_mov_b32 v1, s4 :: v_dual_add_nc_u32 v4, s2, v4
	s_movk_i32 s4, 0xd8
	flat_store_b32 v[1:2], v4 dlc
	s_waitcnt_vscnt null, 0x0
	v_dual_mov_b32 v1, s4 :: v_dual_add_nc_u32 v4, s2, v4
	s_movk_i32 s4, 0xdc
	flat_store_b32 v[1:2], v4 dlc
	s_waitcnt_vscnt null, 0x0
	v_dual_mov_b32 v1, s4 :: v_dual_add_nc_u32 v4, s2, v4
	s_movk_i32 s4, 0xe0
	flat_store_b32 v[1:2], v4 dlc
	s_waitcnt_vscnt null, 0x0
	v_dual_mov_b32 v1, s4 :: v_dual_add_nc_u32 v4, s2, v4
	s_movk_i32 s4, 0xe4
	flat_store_b32 v[1:2], v4 dlc
	s_waitcnt_vscnt null, 0x0
	v_dual_mov_b32 v1, s4 :: v_dual_add_nc_u32 v4, s2, v4
	s_movk_i32 s4, 0xe8
	flat_store_b32 v[1:2], v4 dlc
	s_waitcnt_vscnt null, 0x0
	v_dual_mov_b32 v1, s4 :: v_dual_add_nc_u32 v4, s2, v4
	s_movk_i32 s4, 0xec
	flat_store_b32 v[1:2], v4 dlc
	s_waitcnt_vscnt null, 0x0
	v_dual_mov_b32 v1, s4 :: v_dual_add_nc_u32 v4, s2, v4
	s_movk_i32 s4, 0xf0
	flat_store_b32 v[1:2], v4 dlc
	s_waitcnt_vscnt null, 0x0
	v_dual_mov_b32 v1, s4 :: v_dual_add_nc_u32 v4, s2, v4
	s_movk_i32 s4, 0xf4
	flat_store_b32 v[1:2], v4 dlc
	s_waitcnt_vscnt null, 0x0
	v_dual_mov_b32 v1, s4 :: v_dual_add_nc_u32 v4, s2, v4
	s_movk_i32 s4, 0xf8
	flat_store_b32 v[1:2], v4 dlc
	s_waitcnt_vscnt null, 0x0
	v_dual_mov_b32 v1, s4 :: v_dual_add_nc_u32 v4, s2, v4
	s_movk_i32 s4, 0xfc
	s_delay_alu instid0(VALU_DEP_1)
	v_add_nc_u32_e32 v5, s2, v4
	flat_store_b32 v[1:2], v4 dlc
	s_waitcnt_vscnt null, 0x0
	v_mov_b32_e32 v4, s3
	v_mad_u32_u24 v3, v0, 6, v3
	v_dual_mov_b32 v1, s4 :: v_dual_lshlrev_b32 v0, 2, v0
	s_delay_alu instid0(VALU_DEP_2)
	v_and_b32_e32 v3, 63, v3
	flat_store_b32 v[1:2], v5 dlc
	s_waitcnt_vscnt null, 0x0
	v_lshl_add_u32 v3, v3, 2, 0
	flat_load_b32 v1, v[3:4] glc dlc
	s_waitcnt vmcnt(0) lgkmcnt(0)
	global_store_b32 v0, v1, s[0:1]
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel private_table
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_private_segment_fixed_size 272
		.amdhsa_kernarg_size 12
		.amdhsa_user_sgpr_count 15
		.amdhsa_user_sgpr_dispatch_ptr 0
		.amdhsa_user_sgpr_queue_ptr 0
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_dispatch_id 0
		.amdhsa_user_sgpr_private_segment_size 0
		.amdhsa_wavefront_size32 1
		.amdhsa_uses_dynamic_stack 0
		.amdhsa_enable_private_segment 1
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_sgpr_workgroup_id_y 0
		.amdhsa_system_sgpr_workgroup_id_z 0
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 0
		.amdhsa_next_free_vgpr 6
		.amdhsa_next_free_sgpr 5
		.amdhsa_reserve_vcc 0
		.amdhsa_float_round_mode_32 0
		.amdhsa_float_round_mode_16_64 0
		.amdhsa_float_denorm_mode_32 3
		.amdhsa_float_denorm_mode_16_64 3
		.amdhsa_dx10_clamp 1
		.amdhsa_ieee_mode 1
		.amdhsa_fp16_overflow 0
		.amdhsa_workgroup_processor_mode 1
		.amdhsa_memory_ordered 1
		.amdhsa_forward_progress 1
		.amdhsa_shared_vgpr_count 0
		.amdhsa_inst_pref_size 13
		.amdhsa_exception_fp_ieee_invalid_op 0
		.amdhsa_exception_fp_denorm_src 0
		.amdhsa_exception_fp_ieee_div_zero 0
		.amdhsa_exception_fp_ieee_overflow 0
		.amdhsa_exception_fp_ieee_underflow 0
		.amdhsa_exception_fp_ieee_inexact 0
		.amdhsa_exception_int_div_zero 0
	.end_amdhsa_kernel
	.text
.Lfunc_end0:
	.size	private_table, .Lfunc_end0-private_table
                                        ; -- End function
	.set private_table.num_vgpr, 6
	.set private_table.num_agpr, 0
	.set private_table.numbered_sgpr, 5
	.set private_table.num_named_barrier, 0
	.set private_table.private_seg_size, 272
	.set private_table.uses_vcc, 0
	.set private_table.uses_flat_scratch, 0
	.set private_table.has_dyn_sized_stack, 0
	.set private_table.has_recursion, 0
	.set private_table.has_indirect_call, 0
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 1564
; TotalNumSgprs: 5
; NumVgprs: 6
; ScratchSize: 272
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 0
; VGPRBlocks: 0
; NumSGPRsForWavesPerEU: 5
; NumVGPRsForWavesPerEU: 6
; Occupancy: 16
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 1
; COMPUTE_PGM_RSRC2:USER_SGPR: 15
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 0
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 0
	.text
	.p2alignl 7, 3214868480
	.fill 96, 4, 3214868480
	.section	.AMDGPU.gpr_maximums,"",@progbits
	.set amdgpu.max_num_vgpr, 0
	.set amdgpu.max_num_agpr, 0
	.set amdgpu.max_num_sgpr, 0
	.set amdgpu.max_num_named_barrier, 0
	.text
	.type	__hip_cuid_44f1070074d09d98,@object ; @__hip_cuid_44f1070074d09d98
	.section	.bss,"aw",@nobits
	.globl	__hip_cuid_44f1070074d09d98
__hip_cuid_44f1070074d09d98:
	.byte	0                               ; 0x0
	.size	__hip_cuid_44f1070074d09d98, 1

	.ident	"Debian clang version 22.1.8 (1~deb12u1)"
	.section	".note.GNU-stack","",@progbits
	.addrsig
	.addrsig_sym __hip_cuid_44f1070074d09d98
	.amdgpu_metadata
---
amdhsa.kernels:
  - .args:
      - .address_space:  global
        .offset:         0
        .size:           8
        .value_kind:     global_buffer
      - .offset:         8
        .size:           4
        .value_kind:     by_value
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 12
    .max_flat_workgroup_size: 1024
    .name:           private_table
    .private_segment_fixed_size: 272
    .sgpr_count:     5
    .sgpr_spill_count: 0
    .symbol:         private_table.kd
    .uniform_work_group_size: 1
    .uses_dynamic_stack: false
    .vgpr_count:     6
    .vgpr_spill_count: 0
    .wavefront_size: 32
    .workgroup_processor_mode: 1
amdhsa.target:   amdgcn-amd-amdhsa--gfx1100
amdhsa.version:
  - 1
  - 2
...

	.end_amdgpu_metadata
