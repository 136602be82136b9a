	.amdgcn_target "amdgcn-amd-amdhsa--gfx1151"
	.amdhsa_code_object_version 6
	.text
	.p2align	2                               ; -- Begin function _Z3fibi
	.type	_Z3fibi,@function
_Z3fibi:                                ; @_Z3fibi
; %bb.0:
	s_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0)
	s_mov_b32 s0, s33
	s_mov_b32 s33, s32
	s_or_saveexec_b32 s1, -1
	scratch_store_b32 off, v43, s33 offset:12 ; 4-byte Folded Spill
	s_mov_b32 exec_lo, s1
	v_writelane_b32 v43, s0, 4
	s_clause 0x2                            ; 12-byte Folded Spill
	scratch_store_b32 off, v40, s33 offset:8
	scratch_store_b32 off, v41, s33 offset:4
	scratch_store_b32 off, v42, s33
	v_dual_mov_b32 v40, v0 :: v_dual_mov_b32 v41, 0
	s_add_i32 s32, s32, 32
	v_writelane_b32 v43, s30, 0
	v_writelane_b32 v43, s31, 1
	v_writelane_b32 v43, s34, 2
	s_mov_b32 s34, exec_lo
	v_writelane_b32 v43, s35, 3
	v_cmpx_lt_i32_e32 1, v40
	s_cbranch_execz .LBB0_4
; %bb.1:
	v_mov_b32_e32 v41, 0
	s_mov_b32 s35, 0
.LBB0_2:                                ; =>This Inner Loop Header: Depth=1
	v_mov_b32_e32 v42, v40
	s_getpc_b64 s[0:1]
	s_add_u32 s0, s0, _Z3fibi@rel32@lo+4
	s_addc_u32 s1, s1, _Z3fibi@rel32@hi+12
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_3) | instid1(VALU_DEP_3)
	v_add_nc_u32_e32 v0, -1, v42
	v_add_nc_u32_e32 v40, -2, v42
	s_swappc_b64 s[30:31], s[0:1]
	v_cmp_gt_u32_e32 vcc_lo, 4, v42
	v_add_nc_u32_e32 v41, v0, v41
	s_or_b32 s35, vcc_lo, s35
	s_delay_alu instid0(SALU_CYCLE_1)
	s_and_not1_b32 exec_lo, exec_lo, s35
	s_cbranch_execnz .LBB0_2
; %bb.3:
	s_or_b32 exec_lo, exec_lo, s35
.LBB0_4:
	s_delay_alu instid0(SALU_CYCLE_1)
	s_or_b32 exec_lo, exec_lo, s34
	v_add_nc_u32_e32 v0, v40, v41
	s_clause 0x2                            ; 12-byte Folded Reload
	scratch_load_b32 v42, off, s33
	scratch_load_b32 v41, off, s33 offset:4
	scratch_load_b32 v40, off, s33 offset:8
	v_readlane_b32 s35, v43, 3
	v_readlane_b32 s34, v43, 2
	v_readlane_b32 s31, v43, 1
	v_readlane_b32 s30, v43, 0
	s_mov_b32 s32, s33
	v_readlane_b32 s0, v43, 4
	s_or_saveexec_b32 s1, -1
	scratch_load_b32 v43, off, s33 offset:12 ; 4-byte Folded Reload
	s_mov_b32 exec_lo, s1
	s_mov_b32 s33, s0
	s_waitcnt vmcnt(0)
	s_setpc_b64 s[30:31]
.Lfunc_end0:
	.size	_Z3fibi, .Lfunc_end0-_Z3fibi
                                        ; -- End function
	.set .L_Z3fibi.num_vgpr, 44
	.set .L_Z3fibi.num_agpr, 0
	.set .L_Z3fibi.numbered_sgpr, 36
	.set .L_Z3fibi.num_named_barrier, 0
	.set .L_Z3fibi.private_seg_size, 32
	.set .L_Z3fibi.uses_vcc, 1
	.set .L_Z3fibi.uses_flat_scratch, 1
	.set .L_Z3fibi.has_dyn_sized_stack, 0
	.set .L_Z3fibi.has_recursion, 1
	.set .L_Z3fibi.has_indirect_call, 0
	.section	.AMDGPU.csdata,"",@progbits
; Function info:
; codeLenInByte = 308
; TotalNumSgprs: 38
; NumVgprs: 44
; ScratchSize: 32
; MemoryBound: 0
	.text
	.protected	recursive               ; -- Begin function recursive
	.globl	recursive
	.p2align	8
	.type	recursive,@function
recursive:                              ; @recursive
; %bb.0:
	s_clause 0x1
	s_load_b32 s2, s[0:1], 0x8
	s_load_b64 s[36:37], s[0:1], 0x0
	v_mov_b32_e32 v40, v0
	s_getpc_b64 s[0:1]
	s_add_u32 s0, s0, _Z3fibi@rel32@lo+4
	s_addc_u32 s1, s1, _Z3fibi@rel32@hi+12
	s_mov_b32 s32, 0
	s_waitcnt lgkmcnt(0)
	v_mov_b32_e32 v0, s2
	s_swappc_b64 s[30:31], s[0:1]
	v_lshlrev_b32_e32 v1, 2, v40
	global_store_b32 v1, v0, s[36:37]
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel recursive
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_private_segment_fixed_size 32
		.amdhsa_kernarg_size 12
		.amdhsa_user_sgpr_count 2
		.amdhsa_user_sgpr_dispatch_ptr 0
		.amdhsa_user_sgpr_queue_ptr 0
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_dispatch_id 0
		.amdhsa_user_sgpr_private_segment_size 0
		.amdhsa_wavefront_size32 1
		.amdhsa_uses_dynamic_stack 1
		.amdhsa_enable_private_segment 1
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_sgpr_workgroup_id_y 0
		.amdhsa_system_sgpr_workgroup_id_z 0
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 0
		.amdhsa_next_free_vgpr 44
		.amdhsa_next_free_sgpr 38
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
		.amdhsa_inst_pref_size 1
		.amdhsa_exception_fp_ieee_invalid_op 0
		.amdhsa_exception_fp_denorm_src 0
		.amdhsa_exception_fp_ieee_div_zero 0
		.amdhsa_exception_fp_ieee_overflow 0
		.amdhsa_exception_fp_ieee_underflow 0
		.amdhsa_exception_fp_ieee_inexact 0
		.amdhsa_exception_int_div_zero 0
	.end_amdhsa_kernel
	.text
.Lfunc_end1:
	.size	recursive, .Lfunc_end1-recursive
                                        ; -- End function
	.set recursive.num_vgpr, max(41, .L_Z3fibi.num_vgpr)
	.set recursive.num_agpr, max(0, .L_Z3fibi.num_agpr)
	.set recursive.numbered_sgpr, max(38, .L_Z3fibi.numbered_sgpr)
	.set recursive.num_named_barrier, max(0, .L_Z3fibi.num_named_barrier)
	.set recursive.private_seg_size, 0+max(.L_Z3fibi.private_seg_size)
	.set recursive.uses_vcc, or(1, .L_Z3fibi.uses_vcc)
	.set recursive.uses_flat_scratch, or(0, .L_Z3fibi.uses_flat_scratch)
	.set recursive.has_dyn_sized_stack, or(0, .L_Z3fibi.has_dyn_sized_stack)
	.set recursive.has_recursion, or(1, .L_Z3fibi.has_recursion)
	.set recursive.has_indirect_call, or(0, .L_Z3fibi.has_indirect_call)
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 76
; TotalNumSgprs: 40
; NumVgprs: 44
; ScratchSize: 32
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 0
; VGPRBlocks: 5
; NumSGPRsForWavesPerEU: 40
; NumVGPRsForWavesPerEU: 44
; Occupancy: 16
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 1
; COMPUTE_PGM_RSRC2:USER_SGPR: 2
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 0
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 0
	.text
	.p2alignl 7, 3214868480
	.fill 96, 4, 3214868480
	.section	.AMDGPU.gpr_maximums,"",@progbits
	.set amdgpu.max_num_vgpr, 44
	.set amdgpu.max_num_agpr, 0
	.set amdgpu.max_num_sgpr, 36
	.set amdgpu.max_num_named_barrier, 0
	.text
	.type	__hip_cuid_3dbf96a172c223bc,@object ; @__hip_cuid_3dbf96a172c223bc
	.section	.bss,"aw",@nobits
	.globl	__hip_cuid_3dbf96a172c223bc
__hip_cuid_3dbf96a172c223bc:
	.byte	0                               ; 0x0
	.size	__hip_cuid_3dbf96a172c223bc, 1

	.ident	"Debian clang version 22.1.8 (1~deb12u1)"
	.section	".note.GNU-stack","",@progbits
	.addrsig
	.addrsig_sym __hip_cuid_3dbf96a172c223bc
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
    .name:           recursive
    .private_segment_fixed_size: 32
    .sgpr_count:     40
    .sgpr_spill_count: 0
    .symbol:         recursive.kd
    .uniform_work_group_size: 1
    .uses_dynamic_stack: true
    .vgpr_count:     44
    .vgpr_spill_count: 0
    .wavefront_size: 32
    .workgroup_processor_mode: 1
amdhsa.target:   amdgcn-amd-amdhsa--gfx1151
amdhsa.version:
  - 1
  - 2
...

	.end_amdgpu_metadata
