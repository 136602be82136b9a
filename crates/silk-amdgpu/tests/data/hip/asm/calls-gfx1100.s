	.amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
	.amdhsa_code_object_version 6
	.text
	.p2align	2                               ; -- Begin function _Z4polyfff
	.type	_Z4polyfff,@function
_Z4polyfff:                             ; @_Z4polyfff
; %bb.0:
	s_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0)
	v_mov_b32_e32 v1, -2.0
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_fmamk_f32 v1, v0, 0x3fc00000, v1
	v_fmaak_f32 v0, v0, v1, 0xbfc00000
	s_setpc_b64 s[30:31]
.Lfunc_end0:
	.size	_Z4polyfff, .Lfunc_end0-_Z4polyfff
                                        ; -- End function
	.set .L_Z4polyfff.num_vgpr, 2
	.set .L_Z4polyfff.num_agpr, 0
	.set .L_Z4polyfff.numbered_sgpr, 32
	.set .L_Z4polyfff.num_named_barrier, 0
	.set .L_Z4polyfff.private_seg_size, 0
	.set .L_Z4polyfff.uses_vcc, 0
	.set .L_Z4polyfff.uses_flat_scratch, 0
	.set .L_Z4polyfff.has_dyn_sized_stack, 0
	.set .L_Z4polyfff.has_recursion, 0
	.set .L_Z4polyfff.has_indirect_call, 0
	.section	.AMDGPU.csdata,"",@progbits
; Function info:
; codeLenInByte = 32
; TotalNumSgprs: 32
; NumVgprs: 2
; ScratchSize: 0
; MemoryBound: 0
	.text
	.p2align	2                               ; -- Begin function _Z3mixii
	.type	_Z3mixii,@function
_Z3mixii:                               ; @_Z3mixii
; %bb.0:
	s_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0)
	v_mul_lo_u32 v0, v0, 31
	v_ashrrev_i32_e32 v1, 2, v1
	s_delay_alu instid0(VALU_DEP_1)
	v_xor_b32_e32 v0, v1, v0
	s_setpc_b64 s[30:31]
.Lfunc_end1:
	.size	_Z3mixii, .Lfunc_end1-_Z3mixii
                                        ; -- End function
	.set .L_Z3mixii.num_vgpr, 2
	.set .L_Z3mixii.num_agpr, 0
	.set .L_Z3mixii.numbered_sgpr, 32
	.set .L_Z3mixii.num_named_barrier, 0
	.set .L_Z3mixii.private_seg_size, 0
	.set .L_Z3mixii.uses_vcc, 0
	.set .L_Z3mixii.uses_flat_scratch, 0
	.set .L_Z3mixii.has_dyn_sized_stack, 0
	.set .L_Z3mixii.has_recursion, 0
	.set .L_Z3mixii.has_indirect_call, 0
	.section	.AMDGPU.csdata,"",@progbits
; Function info:
; codeLenInByte = 28
; TotalNumSgprs: 32
; NumVgprs: 2
; ScratchSize: 0
; MemoryBound: 0
	.text
	.p2align	2                               ; -- Begin function _Z4bothfi
	.type	_Z4bothfi,@function
_Z4bothfi:                              ; @_Z4bothfi
; %bb.0:
	s_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0)
	s_mov_b32 s2, s33
	s_mov_b32 s33, s32
	s_xor_saveexec_b32 s0, -1
	scratch_store_b32 off, v5, s33          ; 4-byte Folded Spill
	s_mov_b32 exec_lo, s0
	v_writelane_b32 v5, s30, 0
	s_add_i32 s32, s32, 16
	s_getpc_b64 s[0:1]
	s_add_u32 s0, s0, _Z4polyfff@rel32@lo+4
	s_addc_u32 s1, s1, _Z4polyfff@rel32@hi+12
	v_dual_mov_b32 v2, v1 :: v_dual_mov_b32 v3, v0
	v_writelane_b32 v5, s31, 1
	s_swappc_b64 s[30:31], s[0:1]
	v_mov_b32_e32 v4, v0
	s_delay_alu instid0(VALU_DEP_3) | instskip(SKIP_4) | instid1(SALU_CYCLE_1)
	v_cvt_i32_f32_e32 v1, v3
	v_mov_b32_e32 v0, v2
	s_getpc_b64 s[0:1]
	s_add_u32 s0, s0, _Z3mixii@rel32@lo+4
	s_addc_u32 s1, s1, _Z3mixii@rel32@hi+12
	s_swappc_b64 s[30:31], s[0:1]
	v_cvt_f32_i32_e32 v0, v0
	v_readlane_b32 s31, v5, 1
	v_readlane_b32 s30, v5, 0
	s_mov_b32 s32, s33
	v_add_f32_e32 v0, v4, v0
	s_xor_saveexec_b32 s0, -1
	scratch_load_b32 v5, off, s33           ; 4-byte Folded Reload
	s_mov_b32 exec_lo, s0
	s_mov_b32 s33, s2
	s_waitcnt vmcnt(0)
	s_setpc_b64 s[30:31]
.Lfunc_end2:
	.size	_Z4bothfi, .Lfunc_end2-_Z4bothfi
                                        ; -- End function
	.set .L_Z4bothfi.num_vgpr, max(6, .L_Z4polyfff.num_vgpr, .L_Z3mixii.num_vgpr)
	.set .L_Z4bothfi.num_agpr, max(0, .L_Z4polyfff.num_agpr, .L_Z3mixii.num_agpr)
	.set .L_Z4bothfi.numbered_sgpr, max(34, .L_Z4polyfff.numbered_sgpr, .L_Z3mixii.numbered_sgpr)
	.set .L_Z4bothfi.num_named_barrier, max(0, .L_Z4polyfff.num_named_barrier, .L_Z3mixii.num_named_barrier)
	.set .L_Z4bothfi.private_seg_size, 16+max(.L_Z4polyfff.private_seg_size, .L_Z3mixii.private_seg_size)
	.set .L_Z4bothfi.uses_vcc, or(0, .L_Z4polyfff.uses_vcc, .L_Z3mixii.uses_vcc)
	.set .L_Z4bothfi.uses_flat_scratch, or(0, .L_Z4polyfff.uses_flat_scratch, .L_Z3mixii.uses_flat_scratch)
	.set .L_Z4bothfi.has_dyn_sized_stack, or(0, .L_Z4polyfff.has_dyn_sized_stack, .L_Z3mixii.has_dyn_sized_stack)
	.set .L_Z4bothfi.has_recursion, or(0, .L_Z4polyfff.has_recursion, .L_Z3mixii.has_recursion)
	.set .L_Z4bothfi.has_indirect_call, or(0, .L_Z4polyfff.has_indirect_call, .L_Z3mixii.has_indirect_call)
	.section	.AMDGPU.csdata,"",@progbits
; Function info:
; codeLenInByte = 176
; TotalNumSgprs: 34
; NumVgprs: 6
; ScratchSize: 16
; MemoryBound: 0
	.text
	.protected	call_poly               ; -- Begin function call_poly
	.globl	call_poly
	.p2align	8
	.type	call_poly,@function
call_poly:                              ; @call_poly
; %bb.0:
	s_clause 0x1
	s_load_b32 s2, s[0:1], 0x24
	s_load_b32 s3, s[0:1], 0x10
	s_mov_b32 s32, 0
	s_waitcnt lgkmcnt(0)
	s_and_b32 s2, s2, 0xffff
	s_delay_alu instid0(SALU_CYCLE_1)
	v_mad_u64_u32 v[1:2], null, s15, s2, v[0:1]
	s_mov_b32 s2, exec_lo
	v_cmpx_gt_u32_e64 s3, v1
	s_cbranch_execz .LBB3_2
; %bb.1:
	s_load_b128 s[0:3], s[0:1], 0x0
	v_mov_b32_e32 v2, 0
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_lshlrev_b64 v[2:3], 2, v[1:2]
	s_waitcnt lgkmcnt(0)
	v_add_co_u32 v4, vcc_lo, s2, v2
	s_delay_alu instid0(VALU_DEP_1)
	v_add_co_ci_u32_e64 v5, null, s3, v3, vcc_lo
	s_getpc_b64 s[2:3]
	s_add_u32 s2, s2, _Z4bothfi@rel32@lo+4
	s_addc_u32 s3, s3, _Z4bothfi@rel32@hi+12
	v_add_co_u32 v6, vcc_lo, s0, v2
	global_load_b32 v0, v[4:5], off
	v_add_co_ci_u32_e64 v7, null, s1, v3, vcc_lo
	s_swappc_b64 s[30:31], s[2:3]
	global_store_b32 v[6:7], v0, off
.LBB3_2:
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel call_poly
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_private_segment_fixed_size 16
		.amdhsa_kernarg_size 280
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
		.amdhsa_next_free_vgpr 8
		.amdhsa_next_free_sgpr 34
		.amdhsa_reserve_vcc 1
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
		.amdhsa_inst_pref_size 2
		.amdhsa_exception_fp_ieee_invalid_op 0
		.amdhsa_exception_fp_denorm_src 0
		.amdhsa_exception_fp_ieee_div_zero 0
		.amdhsa_exception_fp_ieee_overflow 0
		.amdhsa_exception_fp_ieee_underflow 0
		.amdhsa_exception_fp_ieee_inexact 0
		.amdhsa_exception_int_div_zero 0
	.end_amdhsa_kernel
	.text
.Lfunc_end3:
	.size	call_poly, .Lfunc_end3-call_poly
                                        ; -- End function
	.set call_poly.num_vgpr, max(8, .L_Z4bothfi.num_vgpr)
	.set call_poly.num_agpr, max(0, .L_Z4bothfi.num_agpr)
	.set call_poly.numbered_sgpr, max(33, .L_Z4bothfi.numbered_sgpr)
	.set call_poly.num_named_barrier, max(0, .L_Z4bothfi.num_named_barrier)
	.set call_poly.private_seg_size, 0+max(.L_Z4bothfi.private_seg_size)
	.set call_poly.uses_vcc, or(1, .L_Z4bothfi.uses_vcc)
	.set call_poly.uses_flat_scratch, or(0, .L_Z4bothfi.uses_flat_scratch)
	.set call_poly.has_dyn_sized_stack, or(0, .L_Z4bothfi.has_dyn_sized_stack)
	.set call_poly.has_recursion, or(0, .L_Z4bothfi.has_recursion)
	.set call_poly.has_indirect_call, or(0, .L_Z4bothfi.has_indirect_call)
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 172
; TotalNumSgprs: 36
; NumVgprs: 8
; ScratchSize: 16
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 0
; VGPRBlocks: 0
; NumSGPRsForWavesPerEU: 36
; NumVGPRsForWavesPerEU: 8
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
	.protected	call_mix                ; -- Begin function call_mix
	.globl	call_mix
	.p2align	8
	.type	call_mix,@function
call_mix:                               ; @call_mix
; %bb.0:
	s_clause 0x1
	s_load_b32 s2, s[0:1], 0x24
	s_load_b32 s3, s[0:1], 0x10
	s_mov_b32 s32, 0
	s_waitcnt lgkmcnt(0)
	s_and_b32 s2, s2, 0xffff
	s_delay_alu instid0(SALU_CYCLE_1)
	v_mad_u64_u32 v[1:2], null, s15, s2, v[0:1]
	s_mov_b32 s2, exec_lo
	v_cmpx_gt_u32_e64 s3, v1
	s_cbranch_execz .LBB4_2
; %bb.1:
	s_load_b128 s[0:3], s[0:1], 0x0
	v_mov_b32_e32 v2, 0
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_lshlrev_b64 v[2:3], 2, v[1:2]
	s_waitcnt lgkmcnt(0)
	v_add_co_u32 v4, vcc_lo, s2, v2
	s_delay_alu instid0(VALU_DEP_1)
	v_add_co_ci_u32_e64 v5, null, s3, v3, vcc_lo
	s_getpc_b64 s[2:3]
	s_add_u32 s2, s2, _Z3mixii@rel32@lo+4
	s_addc_u32 s3, s3, _Z3mixii@rel32@hi+12
	v_add_co_u32 v2, vcc_lo, s0, v2
	global_load_b32 v0, v[4:5], off
	v_add_co_ci_u32_e64 v3, null, s1, v3, vcc_lo
	s_swappc_b64 s[30:31], s[2:3]
	global_store_b32 v[2:3], v0, off
.LBB4_2:
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel call_mix
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 280
		.amdhsa_user_sgpr_count 15
		.amdhsa_user_sgpr_dispatch_ptr 0
		.amdhsa_user_sgpr_queue_ptr 0
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_dispatch_id 0
		.amdhsa_user_sgpr_private_segment_size 0
		.amdhsa_wavefront_size32 1
		.amdhsa_uses_dynamic_stack 0
		.amdhsa_enable_private_segment 0
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_sgpr_workgroup_id_y 0
		.amdhsa_system_sgpr_workgroup_id_z 0
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 0
		.amdhsa_next_free_vgpr 6
		.amdhsa_next_free_sgpr 33
		.amdhsa_reserve_vcc 1
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
		.amdhsa_inst_pref_size 2
		.amdhsa_exception_fp_ieee_invalid_op 0
		.amdhsa_exception_fp_denorm_src 0
		.amdhsa_exception_fp_ieee_div_zero 0
		.amdhsa_exception_fp_ieee_overflow 0
		.amdhsa_exception_fp_ieee_underflow 0
		.amdhsa_exception_fp_ieee_inexact 0
		.amdhsa_exception_int_div_zero 0
	.end_amdhsa_kernel
	.text
.Lfunc_end4:
	.size	call_mix, .Lfunc_end4-call_mix
                                        ; -- End function
	.set call_mix.num_vgpr, max(6, .L_Z3mixii.num_vgpr)
	.set call_mix.num_agpr, max(0, .L_Z3mixii.num_agpr)
	.set call_mix.numbered_sgpr, max(33, .L_Z3mixii.numbered_sgpr)
	.set call_mix.num_named_barrier, max(0, .L_Z3mixii.num_named_barrier)
	.set call_mix.private_seg_size, 0+max(.L_Z3mixii.private_seg_size)
	.set call_mix.uses_vcc, or(1, .L_Z3mixii.uses_vcc)
	.set call_mix.uses_flat_scratch, or(0, .L_Z3mixii.uses_flat_scratch)
	.set call_mix.has_dyn_sized_stack, or(0, .L_Z3mixii.has_dyn_sized_stack)
	.set call_mix.has_recursion, or(0, .L_Z3mixii.has_recursion)
	.set call_mix.has_indirect_call, or(0, .L_Z3mixii.has_indirect_call)
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 172
; TotalNumSgprs: 35
; NumVgprs: 6
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 0
; VGPRBlocks: 0
; NumSGPRsForWavesPerEU: 35
; NumVGPRsForWavesPerEU: 6
; Occupancy: 16
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
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
	.set amdgpu.max_num_vgpr, 6
	.set amdgpu.max_num_agpr, 0
	.set amdgpu.max_num_sgpr, 34
	.set amdgpu.max_num_named_barrier, 0
	.text
	.type	__hip_cuid_aa6e43e7e891bbf2,@object ; @__hip_cuid_aa6e43e7e891bbf2
	.section	.bss,"aw",@nobits
	.globl	__hip_cuid_aa6e43e7e891bbf2
__hip_cuid_aa6e43e7e891bbf2:
	.byte	0                               ; 0x0
	.size	__hip_cuid_aa6e43e7e891bbf2, 1

	.ident	"Debian clang version 22.1.8 (1~deb12u1)"
	.section	".note.GNU-stack","",@progbits
	.addrsig
	.addrsig_sym __hip_cuid_aa6e43e7e891bbf2
	.amdgpu_metadata
---
amdhsa.kernels:
  - .args:
      - .address_space:  global
        .offset:         0
        .size:           8
        .value_kind:     global_buffer
      - .address_space:  global
        .offset:         8
        .size:           8
        .value_kind:     global_buffer
      - .offset:         16
        .size:           4
        .value_kind:     by_value
      - .offset:         24
        .size:           4
        .value_kind:     hidden_block_count_x
      - .offset:         28
        .size:           4
        .value_kind:     hidden_block_count_y
      - .offset:         32
        .size:           4
        .value_kind:     hidden_block_count_z
      - .offset:         36
        .size:           2
        .value_kind:     hidden_group_size_x
      - .offset:         38
        .size:           2
        .value_kind:     hidden_group_size_y
      - .offset:         40
        .size:           2
        .value_kind:     hidden_group_size_z
      - .offset:         42
        .size:           2
        .value_kind:     hidden_remainder_x
      - .offset:         44
        .size:           2
        .value_kind:     hidden_remainder_y
      - .offset:         46
        .size:           2
        .value_kind:     hidden_remainder_z
      - .offset:         64
        .size:           8
        .value_kind:     hidden_global_offset_x
      - .offset:         72
        .size:           8
        .value_kind:     hidden_global_offset_y
      - .offset:         80
        .size:           8
        .value_kind:     hidden_global_offset_z
      - .offset:         88
        .size:           2
        .value_kind:     hidden_grid_dims
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 280
    .max_flat_workgroup_size: 1024
    .name:           call_poly
    .private_segment_fixed_size: 16
    .sgpr_count:     36
    .sgpr_spill_count: 0
    .symbol:         call_poly.kd
    .uniform_work_group_size: 1
    .uses_dynamic_stack: false
    .vgpr_count:     8
    .vgpr_spill_count: 0
    .wavefront_size: 32
    .workgroup_processor_mode: 1
  - .args:
      - .address_space:  global
        .offset:         0
        .size:           8
        .value_kind:     global_buffer
      - .address_space:  global
        .offset:         8
        .size:           8
        .value_kind:     global_buffer
      - .offset:         16
        .size:           4
        .value_kind:     by_value
      - .offset:         24
        .size:           4
        .value_kind:     hidden_block_count_x
      - .offset:         28
        .size:           4
        .value_kind:     hidden_block_count_y
      - .offset:         32
        .size:           4
        .value_kind:     hidden_block_count_z
      - .offset:         36
        .size:           2
        .value_kind:     hidden_group_size_x
      - .offset:         38
        .size:           2
        .value_kind:     hidden_group_size_y
      - .offset:         40
        .size:           2
        .value_kind:     hidden_group_size_z
      - .offset:         42
        .size:           2
        .value_kind:     hidden_remainder_x
      - .offset:         44
        .size:           2
        .value_kind:     hidden_remainder_y
      - .offset:         46
        .size:           2
        .value_kind:     hidden_remainder_z
      - .offset:         64
        .size:           8
        .value_kind:     hidden_global_offset_x
      - .offset:         72
        .size:           8
        .value_kind:     hidden_global_offset_y
      - .offset:         80
        .size:           8
        .value_kind:     hidden_global_offset_z
      - .offset:         88
        .size:           2
        .value_kind:     hidden_grid_dims
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 280
    .max_flat_workgroup_size: 1024
    .name:           call_mix
    .private_segment_fixed_size: 0
    .sgpr_count:     35
    .sgpr_spill_count: 0
    .symbol:         call_mix.kd
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
