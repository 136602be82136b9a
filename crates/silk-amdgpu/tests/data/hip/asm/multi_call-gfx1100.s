	.amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
	.amdhsa_code_object_version 6
	.text
	.p2align	2                               ; -- Begin function _Z4leafi
	.type	_Z4leafi,@function
_Z4leafi:                               ; @_Z4leafi
; %bb.0:
	s_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0)
	v_mov_b32_e32 v2, v0
	s_delay_alu instid0(VALU_DEP_1)
	v_mad_u64_u32 v[0:1], null, v2, v2, 7
	s_setpc_b64 s[30:31]
.Lfunc_end0:
	.size	_Z4leafi, .Lfunc_end0-_Z4leafi
                                        ; -- End function
	.set .L_Z4leafi.num_vgpr, 3
	.set .L_Z4leafi.num_agpr, 0
	.set .L_Z4leafi.numbered_sgpr, 32
	.set .L_Z4leafi.num_named_barrier, 0
	.set .L_Z4leafi.private_seg_size, 0
	.set .L_Z4leafi.uses_vcc, 0
	.set .L_Z4leafi.uses_flat_scratch, 0
	.set .L_Z4leafi.has_dyn_sized_stack, 0
	.set .L_Z4leafi.has_recursion, 0
	.set .L_Z4leafi.has_indirect_call, 0
	.section	.AMDGPU.csdata,"",@progbits
; Function info:
; codeLenInByte = 24
; TotalNumSgprs: 32
; NumVgprs: 3
; ScratchSize: 0
; MemoryBound: 0
	.text
	.p2align	2                               ; -- Begin function _Z6middleii
	.type	_Z6middleii,@function
_Z6middleii:                            ; @_Z6middleii
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
	s_add_u32 s0, s0, _Z4leafi@rel32@lo+4
	s_addc_u32 s1, s1, _Z4leafi@rel32@hi+12
	v_mov_b32_e32 v4, v1
	v_writelane_b32 v5, s31, 1
	s_swappc_b64 s[30:31], s[0:1]
	v_mov_b32_e32 v3, v0
	s_delay_alu instid0(VALU_DEP_3) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_mov_b32_e32 v0, v4
	s_swappc_b64 s[30:31], s[0:1]
	v_mov_b32_e32 v2, v0
	v_readlane_b32 s31, v5, 1
	v_readlane_b32 s30, v5, 0
	s_mov_b32 s32, s33
	v_mad_u64_u32 v[0:1], null, v2, -3, v[3:4]
	s_xor_saveexec_b32 s0, -1
	scratch_load_b32 v5, off, s33           ; 4-byte Folded Reload
	s_mov_b32 exec_lo, s0
	s_mov_b32 s33, s2
	s_waitcnt vmcnt(0)
	s_setpc_b64 s[30:31]
.Lfunc_end1:
	.size	_Z6middleii, .Lfunc_end1-_Z6middleii
                                        ; -- End function
	.set .L_Z6middleii.num_vgpr, max(6, .L_Z4leafi.num_vgpr)
	.set .L_Z6middleii.num_agpr, max(0, .L_Z4leafi.num_agpr)
	.set .L_Z6middleii.numbered_sgpr, max(34, .L_Z4leafi.numbered_sgpr)
	.set .L_Z6middleii.num_named_barrier, max(0, .L_Z4leafi.num_named_barrier)
	.set .L_Z6middleii.private_seg_size, 16+max(.L_Z4leafi.private_seg_size)
	.set .L_Z6middleii.uses_vcc, or(0, .L_Z4leafi.uses_vcc)
	.set .L_Z6middleii.uses_flat_scratch, or(0, .L_Z4leafi.uses_flat_scratch)
	.set .L_Z6middleii.has_dyn_sized_stack, or(0, .L_Z4leafi.has_dyn_sized_stack)
	.set .L_Z6middleii.has_recursion, or(0, .L_Z4leafi.has_recursion)
	.set .L_Z6middleii.has_indirect_call, or(0, .L_Z4leafi.has_indirect_call)
	.section	.AMDGPU.csdata,"",@progbits
; Function info:
; codeLenInByte = 152
; TotalNumSgprs: 34
; NumVgprs: 6
; ScratchSize: 16
; MemoryBound: 0
	.text
	.protected	chain_a                 ; -- Begin function chain_a
	.globl	chain_a
	.p2align	8
	.type	chain_a,@function
chain_a:                                ; @chain_a
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
	s_cbranch_execz .LBB2_2
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
	s_add_u32 s2, s2, _Z6middleii@rel32@lo+4
	s_addc_u32 s3, s3, _Z6middleii@rel32@hi+12
	v_add_co_u32 v6, vcc_lo, s0, v2
	global_load_b32 v0, v[4:5], off
	v_add_co_ci_u32_e64 v7, null, s1, v3, vcc_lo
	s_swappc_b64 s[30:31], s[2:3]
	global_store_b32 v[6:7], v0, off
.LBB2_2:
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel chain_a
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
.Lfunc_end2:
	.size	chain_a, .Lfunc_end2-chain_a
                                        ; -- End function
	.set chain_a.num_vgpr, max(8, .L_Z6middleii.num_vgpr)
	.set chain_a.num_agpr, max(0, .L_Z6middleii.num_agpr)
	.set chain_a.numbered_sgpr, max(33, .L_Z6middleii.numbered_sgpr)
	.set chain_a.num_named_barrier, max(0, .L_Z6middleii.num_named_barrier)
	.set chain_a.private_seg_size, 0+max(.L_Z6middleii.private_seg_size)
	.set chain_a.uses_vcc, or(1, .L_Z6middleii.uses_vcc)
	.set chain_a.uses_flat_scratch, or(0, .L_Z6middleii.uses_flat_scratch)
	.set chain_a.has_dyn_sized_stack, or(0, .L_Z6middleii.has_dyn_sized_stack)
	.set chain_a.has_recursion, or(0, .L_Z6middleii.has_recursion)
	.set chain_a.has_indirect_call, or(0, .L_Z6middleii.has_indirect_call)
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
	.p2align	2                               ; -- Begin function _Z10with_stackiPKi
	.type	_Z10with_stackiPKi,@function
_Z10with_stackiPKi:                     ; @_Z10with_stackiPKi
; %bb.0:
	s_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0)
	s_mov_b32 s3, s33
	s_mov_b32 s33, s32
	s_xor_saveexec_b32 s0, -1
	scratch_store_b32 off, v33, s33 offset:64 ; 4-byte Folded Spill
	s_mov_b32 exec_lo, s0
	s_clause 0x3
	flat_load_b128 v[3:6], v[1:2]
	flat_load_b128 v[7:10], v[1:2] offset:16
	flat_load_b128 v[11:14], v[1:2] offset:32
	flat_load_b128 v[15:18], v[1:2] offset:48
	v_add_nc_u32_e32 v1, 3, v0
	v_writelane_b32 v33, s30, 0
	s_addk_i32 s32, 0x50
	s_getpc_b64 s[0:1]
	s_add_u32 s0, s0, _Z6middleii@rel32@lo+4
	s_addc_u32 s1, s1, _Z6middleii@rel32@hi+12
	v_and_b32_e32 v32, 15, v1
	v_writelane_b32 v33, s31, 1
	s_waitcnt vmcnt(3) lgkmcnt(3)
	v_add_nc_u32_e32 v4, v4, v0
	s_waitcnt vmcnt(2) lgkmcnt(2)
	v_mad_u64_u32 v[1:2], null, v0, 3, v[6:7]
	v_mad_u64_u32 v[19:20], null, v0, 5, v[8:9]
	s_waitcnt vmcnt(1) lgkmcnt(1)
	v_mad_u64_u32 v[23:24], null, v0, 9, v[12:13]
	s_waitcnt vmcnt(0) lgkmcnt(0)
	v_mad_u64_u32 v[27:28], null, v0, 12, v[15:16]
	v_mad_u64_u32 v[20:21], null, v0, 6, v[9:10]
	v_and_b32_e32 v2, 15, v0
	v_mad_u64_u32 v[24:25], null, v0, 10, v[13:14]
	v_mad_u64_u32 v[28:29], null, v0, 13, v[16:17]
	v_mad_u64_u32 v[21:22], null, v0, 7, v[10:11]
	v_mad_u64_u32 v[25:26], null, v0, 11, v[14:15]
	v_mad_u64_u32 v[29:30], null, v0, 14, v[17:18]
	v_lshl_add_u32 v5, v0, 1, v5
	v_mad_u64_u32 v[30:31], null, v0, 15, v[18:19]
	v_dual_mov_b32 v6, v1 :: v_dual_lshlrev_b32 v1, 2, v32
	v_lshl_add_u32 v18, v0, 2, v7
	v_lshl_add_u32 v22, v0, 3, v11
	v_lshlrev_b32_e32 v2, 2, v2
	s_clause 0x3
	scratch_store_b128 off, v[3:6], s33
	scratch_store_b128 off, v[18:21], s33 offset:16
	scratch_store_b128 off, v[22:25], s33 offset:32
	scratch_store_b128 off, v[27:30], s33 offset:48
	s_clause 0x1
	scratch_load_b32 v1, v1, s33
	scratch_load_b32 v6, v2, s33
	s_swappc_b64 s[30:31], s[0:1]
	v_add_nc_u32_e32 v0, v0, v6
	v_readlane_b32 s31, v33, 1
	v_readlane_b32 s30, v33, 0
	s_mov_b32 s32, s33
	s_xor_saveexec_b32 s0, -1
	scratch_load_b32 v33, off, s33 offset:64 ; 4-byte Folded Reload
	s_mov_b32 exec_lo, s0
	s_mov_b32 s33, s3
	s_waitcnt vmcnt(0)
	s_setpc_b64 s[30:31]
.Lfunc_end3:
	.size	_Z10with_stackiPKi, .Lfunc_end3-_Z10with_stackiPKi
                                        ; -- End function
	.set .L_Z10with_stackiPKi.num_vgpr, max(34, .L_Z6middleii.num_vgpr)
	.set .L_Z10with_stackiPKi.num_agpr, max(0, .L_Z6middleii.num_agpr)
	.set .L_Z10with_stackiPKi.numbered_sgpr, max(34, .L_Z6middleii.numbered_sgpr)
	.set .L_Z10with_stackiPKi.num_named_barrier, max(0, .L_Z6middleii.num_named_barrier)
	.set .L_Z10with_stackiPKi.private_seg_size, 80+max(.L_Z6middleii.private_seg_size)
	.set .L_Z10with_stackiPKi.uses_vcc, or(0, .L_Z6middleii.uses_vcc)
	.set .L_Z10with_stackiPKi.uses_flat_scratch, or(1, .L_Z6middleii.uses_flat_scratch)
	.set .L_Z10with_stackiPKi.has_dyn_sized_stack, or(0, .L_Z6middleii.has_dyn_sized_stack)
	.set .L_Z10with_stackiPKi.has_recursion, or(0, .L_Z6middleii.has_recursion)
	.set .L_Z10with_stackiPKi.has_indirect_call, or(0, .L_Z6middleii.has_indirect_call)
	.section	.AMDGPU.csdata,"",@progbits
; Function info:
; codeLenInByte = 372
; TotalNumSgprs: 34
; NumVgprs: 34
; ScratchSize: 96
; MemoryBound: 0
	.text
	.protected	chain_b                 ; -- Begin function chain_b
	.globl	chain_b
	.p2align	8
	.type	chain_b,@function
chain_b:                                ; @chain_b
; %bb.0:
	s_clause 0x1
	s_load_b32 s2, s[0:1], 0x24
	s_load_b32 s3, s[0:1], 0x10
	v_mov_b32_e32 v2, v0
	s_mov_b32 s32, 0
	s_waitcnt lgkmcnt(0)
	s_and_b32 s2, s2, 0xffff
	s_delay_alu instid0(VALU_DEP_1) | instid1(SALU_CYCLE_1)
	v_mad_u64_u32 v[0:1], null, s15, s2, v[2:3]
	s_mov_b32 s2, exec_lo
	v_cmpx_gt_u32_e64 s3, v0
	s_cbranch_execz .LBB4_2
; %bb.1:
	s_load_b128 s[0:3], s[0:1], 0x0
	v_mov_b32_e32 v1, 0
	s_getpc_b64 s[4:5]
	s_add_u32 s4, s4, _Z10with_stackiPKi@rel32@lo+4
	s_addc_u32 s5, s5, _Z10with_stackiPKi@rel32@hi+12
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_lshlrev_b64 v[1:2], 2, v[0:1]
	s_waitcnt lgkmcnt(0)
	v_add_co_u32 v34, vcc_lo, s0, v1
	s_delay_alu instid0(VALU_DEP_1)
	v_add_co_ci_u32_e64 v35, null, s1, v2, vcc_lo
	v_dual_mov_b32 v1, s2 :: v_dual_mov_b32 v2, s3
	s_swappc_b64 s[30:31], s[4:5]
	global_store_b32 v[34:35], v0, off
.LBB4_2:
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel chain_b
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_private_segment_fixed_size 96
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
		.amdhsa_next_free_vgpr 36
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
.Lfunc_end4:
	.size	chain_b, .Lfunc_end4-chain_b
                                        ; -- End function
	.set chain_b.num_vgpr, max(36, .L_Z10with_stackiPKi.num_vgpr)
	.set chain_b.num_agpr, max(0, .L_Z10with_stackiPKi.num_agpr)
	.set chain_b.numbered_sgpr, max(33, .L_Z10with_stackiPKi.numbered_sgpr)
	.set chain_b.num_named_barrier, max(0, .L_Z10with_stackiPKi.num_named_barrier)
	.set chain_b.private_seg_size, 0+max(.L_Z10with_stackiPKi.private_seg_size)
	.set chain_b.uses_vcc, or(1, .L_Z10with_stackiPKi.uses_vcc)
	.set chain_b.uses_flat_scratch, or(0, .L_Z10with_stackiPKi.uses_flat_scratch)
	.set chain_b.has_dyn_sized_stack, or(0, .L_Z10with_stackiPKi.has_dyn_sized_stack)
	.set chain_b.has_recursion, or(0, .L_Z10with_stackiPKi.has_recursion)
	.set chain_b.has_indirect_call, or(0, .L_Z10with_stackiPKi.has_indirect_call)
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 160
; TotalNumSgprs: 36
; NumVgprs: 36
; ScratchSize: 96
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 0
; VGPRBlocks: 4
; NumSGPRsForWavesPerEU: 36
; NumVGPRsForWavesPerEU: 36
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
	.set amdgpu.max_num_vgpr, 34
	.set amdgpu.max_num_agpr, 0
	.set amdgpu.max_num_sgpr, 34
	.set amdgpu.max_num_named_barrier, 0
	.text
	.type	__hip_cuid_a68825c1a46926bf,@object ; @__hip_cuid_a68825c1a46926bf
	.section	.bss,"aw",@nobits
	.globl	__hip_cuid_a68825c1a46926bf
__hip_cuid_a68825c1a46926bf:
	.byte	0                               ; 0x0
	.size	__hip_cuid_a68825c1a46926bf, 1

	.ident	"Debian clang version 22.1.8 (1~deb12u1)"
	.section	".note.GNU-stack","",@progbits
	.addrsig
	.addrsig_sym __hip_cuid_a68825c1a46926bf
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
    .name:           chain_a
    .private_segment_fixed_size: 16
    .sgpr_count:     36
    .sgpr_spill_count: 0
    .symbol:         chain_a.kd
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
    .name:           chain_b
    .private_segment_fixed_size: 96
    .sgpr_count:     36
    .sgpr_spill_count: 0
    .symbol:         chain_b.kd
    .uniform_work_group_size: 1
    .uses_dynamic_stack: false
    .vgpr_count:     36
    .vgpr_spill_count: 0
    .wavefront_size: 32
    .workgroup_processor_mode: 1
amdhsa.target:   amdgcn-amd-amdhsa--gfx1100
amdhsa.version:
  - 1
  - 2
...

	.end_amdgpu_metadata
