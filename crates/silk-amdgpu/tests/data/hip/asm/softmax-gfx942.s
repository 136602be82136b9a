	.amdgcn_target "amdgcn-amd-amdhsa--gfx942"
	.amdhsa_code_object_version 6
	.text
	.protected	softmax_rows            ; -- Begin function softmax_rows
	.globl	softmax_rows
	.p2align	8
	.type	softmax_rows,@function
softmax_rows:                           ; @softmax_rows
; %bb.0:
	s_load_dword s30, s[0:1], 0x10
	s_load_dwordx4 s[20:23], s[0:1], 0x0
	s_mov_b32 s19, 0
	v_mov_b32_e32 v1, 0xff800000
	s_waitcnt lgkmcnt(0)
	s_mul_i32 s18, s30, s2
	v_cmp_gt_i32_e32 vcc, s30, v0
	s_and_saveexec_b64 s[4:5], vcc
	s_cbranch_execz .LBB0_10
; %bb.1:
	v_xad_u32 v3, v0, -1, s30
	s_movk_i32 s0, 0x2ff
	v_cmp_lt_u32_e64 s[0:1], s0, v3
	s_mov_b64 s[8:9], -1
	v_mov_b32_e32 v1, 0xff800000
	v_mov_b32_e32 v2, v0
	s_and_saveexec_b64 s[6:7], s[0:1]
	s_cbranch_execz .LBB0_5
; %bb.2:
	v_lshrrev_b32_e32 v1, 8, v3
	s_lshl_b64 s[0:1], s[18:19], 2
	v_add_u32_e32 v7, 1, v1
	s_add_u32 s8, s22, s0
	v_or_b32_e32 v1, 0x100, v0
	s_mov_b32 s14, 2
	s_addc_u32 s9, s23, s1
	v_and_b32_e32 v8, 0x1fffffe, v7
	s_mov_b64 s[12:13], 0
	v_mov_b32_e32 v6, 0xff800000
	v_mov_b32_e32 v3, 0
	v_mov_b64_e32 v[4:5], v[0:1]
	v_mov_b32_e32 v1, 0xff800000
                                        ; implicit-def: $sgpr10_sgpr11
.LBB0_3:                                ; =>This Inner Loop Header: Depth=1
	v_mov_b32_e32 v10, v5
	v_mov_b32_e32 v11, v3
	v_mov_b32_e32 v2, v4
	v_lshl_add_u64 v[10:11], v[10:11], 2, s[8:9]
	v_lshl_add_u64 v[12:13], v[2:3], 2, s[8:9]
	global_load_dword v14, v[10:11], off
	global_load_dword v15, v[12:13], off
	v_mov_b32_e32 v9, v1
	v_max_f32_e32 v1, v9, v9
	v_cmp_eq_u32_e64 s[0:1], s14, v8
	s_add_i32 s14, s14, 2
	v_mov_b32_e32 v2, v6
	v_max_f32_e32 v6, v2, v2
	v_add_u32_e32 v5, 0x200, v5
	v_add_u32_e32 v4, 0x200, v4
	v_mov_b32_e32 v10, s14
	s_waitcnt vmcnt(1)
	v_cmp_u_f32_e64 s[2:3], v14, v14
	v_max_f32_e32 v11, v14, v14
	s_nop 0
	v_cndmask_b32_e64 v13, 0, 1, s[2:3]
	s_waitcnt vmcnt(0)
	v_cmp_u_f32_e64 s[2:3], v15, v15
	v_max_f32_e32 v1, v1, v11
	v_lshlrev_b16_e32 v11, 1, v13
	v_cndmask_b32_e64 v14, 0, 1, s[2:3]
	v_or_b32_e32 v11, v14, v11
	v_and_b32_e32 v11, 3, v11
	v_cmp_ne_u16_e64 s[2:3], 0, v11
	s_or_b64 s[0:1], s[2:3], s[0:1]
	s_and_b64 s[0:1], exec, s[0:1]
	s_or_b64 s[12:13], s[0:1], s[12:13]
	v_max_f32_e32 v12, v15, v15
	s_andn2_b64 s[0:1], s[10:11], exec
	s_and_b64 s[2:3], s[2:3], exec
	v_max_f32_e32 v6, v6, v12
	s_or_b64 s[10:11], s[0:1], s[2:3]
	s_andn2_b64 exec, exec, s[12:13]
	s_cbranch_execnz .LBB0_3
; %bb.4:
	s_or_b64 exec, exec, s[12:13]
	v_add_u32_e32 v3, -4, v10
	v_cndmask_b32_e64 v2, v6, v2, s[10:11]
	v_cndmask_b32_e64 v1, v1, v9, s[10:11]
	v_cmp_ne_u32_e64 s[0:1], v7, v8
	v_cndmask_b32_e64 v3, v8, v3, s[10:11]
	v_max_f32_e32 v1, v1, v1
	v_max_f32_e32 v2, v2, v2
	s_or_b64 s[0:1], s[0:1], s[10:11]
	v_max_f32_e32 v1, v2, v1
	v_lshl_or_b32 v2, v3, 8, v0
	s_orn2_b64 s[8:9], s[0:1], exec
.LBB0_5:
	s_or_b64 exec, exec, s[6:7]
	s_and_saveexec_b64 s[2:3], s[8:9]
	s_cbranch_execz .LBB0_9
; %bb.6:
	s_lshl_b64 s[0:1], s[18:19], 2
	s_add_u32 s0, s22, s0
	v_mov_b32_e32 v3, 0
	s_addc_u32 s1, s23, s1
	v_lshl_add_u64 v[4:5], v[2:3], 2, s[0:1]
	s_mov_b64 s[6:7], 0
	s_mov_b64 s[8:9], 0x400
.LBB0_7:                                ; =>This Inner Loop Header: Depth=1
	global_load_dword v3, v[4:5], off
	v_add_u32_e32 v2, 0x100, v2
	v_max_f32_e32 v1, v1, v1
	v_cmp_le_i32_e64 s[0:1], s30, v2
	v_lshl_add_u64 v[4:5], v[4:5], 0, s[8:9]
	s_or_b64 s[6:7], s[0:1], s[6:7]
	s_waitcnt vmcnt(0)
	v_max_f32_e32 v3, v3, v3
	v_max_f32_e32 v1, v1, v3
	s_andn2_b64 exec, exec, s[6:7]
	s_cbranch_execnz .LBB0_7
; %bb.8:
	s_or_b64 exec, exec, s[6:7]
.LBB0_9:
	s_or_b64 exec, exec, s[2:3]
.LBB0_10:
	s_or_b64 exec, exec, s[4:5]
	s_movk_i32 s0, 0x80
	v_lshlrev_b32_e32 v2, 2, v0
	v_cmp_gt_u32_e64 s[0:1], s0, v0
	ds_write_b32 v2, v1
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_and_saveexec_b64 s[2:3], s[0:1]
	s_cbranch_execz .LBB0_12
; %bb.11:
	ds_read2st64_b32 v[4:5], v2 offset1:2
	s_waitcnt lgkmcnt(0)
	v_max_f32_e32 v1, v5, v5
	v_max_f32_e32 v3, v4, v4
	v_max_f32_e32 v1, v3, v1
	ds_write_b32 v2, v1
.LBB0_12:
	s_or_b64 exec, exec, s[2:3]
	v_cmp_gt_u32_e64 s[2:3], 64, v0
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_and_saveexec_b64 s[4:5], s[2:3]
	s_cbranch_execz .LBB0_14
; %bb.13:
	ds_read2st64_b32 v[4:5], v2 offset1:1
	s_waitcnt lgkmcnt(0)
	v_max_f32_e32 v1, v5, v5
	v_max_f32_e32 v3, v4, v4
	v_max_f32_e32 v1, v3, v1
	ds_write_b32 v2, v1
.LBB0_14:
	s_or_b64 exec, exec, s[4:5]
	v_cmp_gt_u32_e64 s[4:5], 32, v0
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_and_saveexec_b64 s[6:7], s[4:5]
	s_cbranch_execz .LBB0_16
; %bb.15:
	ds_read2_b32 v[4:5], v2 offset1:32
	s_waitcnt lgkmcnt(0)
	v_max_f32_e32 v1, v5, v5
	v_max_f32_e32 v3, v4, v4
	v_max_f32_e32 v1, v3, v1
	ds_write_b32 v2, v1
.LBB0_16:
	s_or_b64 exec, exec, s[6:7]
	v_cmp_gt_u32_e64 s[6:7], 16, v0
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_and_saveexec_b64 s[8:9], s[6:7]
	s_cbranch_execz .LBB0_18
; %bb.17:
	ds_read2_b32 v[4:5], v2 offset1:16
	s_waitcnt lgkmcnt(0)
	v_max_f32_e32 v1, v5, v5
	v_max_f32_e32 v3, v4, v4
	v_max_f32_e32 v1, v3, v1
	ds_write_b32 v2, v1
.LBB0_18:
	s_or_b64 exec, exec, s[8:9]
	v_cmp_gt_u32_e64 s[8:9], 8, v0
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_and_saveexec_b64 s[10:11], s[8:9]
	s_cbranch_execz .LBB0_20
; %bb.19:
	ds_read2_b32 v[4:5], v2 offset1:8
	s_waitcnt lgkmcnt(0)
	v_max_f32_e32 v1, v5, v5
	v_max_f32_e32 v3, v4, v4
	v_max_f32_e32 v1, v3, v1
	ds_write_b32 v2, v1
.LBB0_20:
	s_or_b64 exec, exec, s[10:11]
	v_cmp_gt_u32_e64 s[10:11], 4, v0
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_and_saveexec_b64 s[12:13], s[10:11]
	s_cbranch_execz .LBB0_22
; %bb.21:
	ds_read2_b32 v[4:5], v2 offset1:4
	s_waitcnt lgkmcnt(0)
	v_max_f32_e32 v1, v5, v5
	v_max_f32_e32 v3, v4, v4
	v_max_f32_e32 v1, v3, v1
	ds_write_b32 v2, v1
.LBB0_22:
	s_or_b64 exec, exec, s[12:13]
	v_cmp_gt_u32_e64 s[12:13], 2, v0
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_and_saveexec_b64 s[14:15], s[12:13]
	s_cbranch_execz .LBB0_24
; %bb.23:
	ds_read2_b32 v[4:5], v2 offset1:2
	s_waitcnt lgkmcnt(0)
	v_max_f32_e32 v1, v5, v5
	v_max_f32_e32 v3, v4, v4
	v_max_f32_e32 v1, v3, v1
	ds_write_b32 v2, v1
.LBB0_24:
	s_or_b64 exec, exec, s[14:15]
	v_cmp_eq_u32_e64 s[14:15], 0, v0
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_and_saveexec_b64 s[16:17], s[14:15]
	s_cbranch_execz .LBB0_26
; %bb.25:
	ds_read2_b32 v[4:5], v2 offset1:1
	s_waitcnt lgkmcnt(0)
	v_max_f32_e32 v1, v5, v5
	v_max_f32_e32 v3, v4, v4
	v_max_f32_e32 v1, v3, v1
	ds_write_b32 v2, v1
.LBB0_26:
	s_or_b64 exec, exec, s[16:17]
	v_mov_b32_e32 v3, 0
	s_waitcnt lgkmcnt(0)
	s_barrier
	ds_read_b32 v1, v3
	v_mov_b32_e32 v6, 0
	s_and_saveexec_b64 s[24:25], vcc
	s_cbranch_execz .LBB0_30
; %bb.27:
	s_lshl_b64 s[16:17], s[18:19], 2
	s_add_u32 s16, s22, s16
	s_addc_u32 s17, s23, s17
	v_lshl_add_u64 v[4:5], s[16:17], 0, v[2:3]
	s_mov_b64 s[26:27], 0
	v_mov_b32_e32 v6, 0
	s_mov_b64 s[28:29], 0x400
	v_mov_b32_e32 v3, v0
.LBB0_28:                               ; =>This Inner Loop Header: Depth=1
	global_load_dword v7, v[4:5], off
	v_add_u32_e32 v3, 0x100, v3
	v_cmp_le_i32_e64 s[16:17], s30, v3
	v_lshl_add_u64 v[4:5], v[4:5], 0, s[28:29]
	s_or_b64 s[26:27], s[16:17], s[26:27]
	s_waitcnt vmcnt(0) lgkmcnt(0)
	v_sub_f32_e32 v7, v7, v1
	v_mul_f32_e32 v7, 0x3fb8aa3b, v7
	v_exp_f32_e32 v7, v7
	s_nop 0
	v_add_f32_e32 v6, v6, v7
	s_andn2_b64 exec, exec, s[26:27]
	s_cbranch_execnz .LBB0_28
; %bb.29:
	s_or_b64 exec, exec, s[26:27]
.LBB0_30:
	s_or_b64 exec, exec, s[24:25]
	s_waitcnt lgkmcnt(0)
	s_barrier
	ds_write_b32 v2, v6
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_and_saveexec_b64 s[16:17], s[0:1]
	s_cbranch_execz .LBB0_32
; %bb.31:
	ds_read2st64_b32 v[4:5], v2 offset1:2
	s_waitcnt lgkmcnt(0)
	v_add_f32_e32 v3, v5, v4
	ds_write_b32 v2, v3
.LBB0_32:
	s_or_b64 exec, exec, s[16:17]
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_and_saveexec_b64 s[0:1], s[2:3]
	s_cbranch_execz .LBB0_34
; %bb.33:
	ds_read2st64_b32 v[4:5], v2 offset1:1
	s_waitcnt lgkmcnt(0)
	v_add_f32_e32 v3, v5, v4
	ds_write_b32 v2, v3
.LBB0_34:
	s_or_b64 exec, exec, s[0:1]
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_and_saveexec_b64 s[0:1], s[4:5]
	s_cbranch_execz .LBB0_36
; %bb.35:
	ds_read2_b32 v[4:5], v2 offset1:32
	s_waitcnt lgkmcnt(0)
	v_add_f32_e32 v3, v5, v4
	ds_write_b32 v2, v3
.LBB0_36:
	s_or_b64 exec, exec, s[0:1]
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_and_saveexec_b64 s[0:1], s[6:7]
	s_cbranch_execz .LBB0_38
; %bb.37:
	ds_read2_b32 v[4:5], v2 offset1:16
	s_waitcnt lgkmcnt(0)
	v_add_f32_e32 v3, v5, v4
	ds_write_b32 v2, v3
.LBB0_38:
	s_or_b64 exec, exec, s[0:1]
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_and_saveexec_b64 s[0:1], s[8:9]
	s_cbranch_execz .LBB0_40
; %bb.39:
	ds_read2_b32 v[4:5], v2 offset1:8
	s_waitcnt lgkmcnt(0)
	v_add_f32_e32 v3, v5, v4
	ds_write_b32 v2, v3
.LBB0_40:
	s_or_b64 exec, exec, s[0:1]
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_and_saveexec_b64 s[0:1], s[10:11]
	s_cbranch_execz .LBB0_42
; %bb.41:
	ds_read2_b32 v[4:5], v2 offset1:4
	s_waitcnt lgkmcnt(0)
	v_add_f32_e32 v3, v5, v4
	ds_write_b32 v2, v3
.LBB0_42:
	s_or_b64 exec, exec, s[0:1]
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_and_saveexec_b64 s[0:1], s[12:13]
	s_cbranch_execz .LBB0_44
; %bb.43:
	ds_read2_b32 v[4:5], v2 offset1:2
	s_waitcnt lgkmcnt(0)
	v_add_f32_e32 v3, v5, v4
	ds_write_b32 v2, v3
.LBB0_44:
	s_or_b64 exec, exec, s[0:1]
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_and_saveexec_b64 s[0:1], s[14:15]
	s_cbranch_execz .LBB0_46
; %bb.45:
	ds_read2_b32 v[4:5], v2 offset1:1
	s_waitcnt lgkmcnt(0)
	v_add_f32_e32 v3, v5, v4
	ds_write_b32 v2, v3
.LBB0_46:
	s_or_b64 exec, exec, s[0:1]
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_and_saveexec_b64 s[0:1], vcc
	s_cbranch_execz .LBB0_49
; %bb.47:
	v_mov_b32_e32 v3, 0
	ds_read_b32 v6, v3
	s_lshl_b64 s[0:1], s[18:19], 2
	s_add_u32 s0, s22, s0
	s_addc_u32 s1, s23, s1
	v_lshl_add_u64 v[4:5], s[0:1], 0, v[2:3]
	s_mov_b64 s[0:1], 0
	s_mov_b64 s[2:3], 0x400
.LBB0_48:                               ; =>This Inner Loop Header: Depth=1
	global_load_dword v7, v[4:5], off
	v_add_u32_e32 v2, s18, v0
	v_lshl_add_u64 v[8:9], v[2:3], 2, s[20:21]
	v_add_u32_e32 v0, 0x100, v0
	v_cmp_le_i32_e32 vcc, s30, v0
	s_or_b64 s[0:1], vcc, s[0:1]
	v_lshl_add_u64 v[4:5], v[4:5], 0, s[2:3]
	s_waitcnt vmcnt(0)
	v_sub_f32_e32 v2, v7, v1
	v_mul_f32_e32 v2, 0x3fb8aa3b, v2
	v_exp_f32_e32 v2, v2
	s_waitcnt lgkmcnt(0)
	v_div_scale_f32 v7, s[4:5], v6, v6, v2
	v_rcp_f32_e32 v10, v7
	v_div_scale_f32 v11, vcc, v2, v6, v2
	v_fma_f32 v12, -v7, v10, 1.0
	v_fmac_f32_e32 v10, v12, v10
	v_mul_f32_e32 v12, v11, v10
	v_fma_f32 v13, -v7, v12, v11
	v_fmac_f32_e32 v12, v13, v10
	v_fma_f32 v7, -v7, v12, v11
	v_div_fmas_f32 v7, v7, v10, v12
	v_div_fixup_f32 v2, v7, v6, v2
	global_store_dword v[8:9], v2, off
	s_andn2_b64 exec, exec, s[0:1]
	s_cbranch_execnz .LBB0_48
.LBB0_49:
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel softmax_rows
		.amdhsa_group_segment_fixed_size 1024
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 20
		.amdhsa_user_sgpr_count 2
		.amdhsa_user_sgpr_dispatch_ptr 0
		.amdhsa_user_sgpr_queue_ptr 0
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_dispatch_id 0
		.amdhsa_user_sgpr_kernarg_preload_length 0
		.amdhsa_user_sgpr_kernarg_preload_offset 0
		.amdhsa_user_sgpr_private_segment_size 0
		.amdhsa_uses_dynamic_stack 0
		.amdhsa_enable_private_segment 0
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_sgpr_workgroup_id_y 0
		.amdhsa_system_sgpr_workgroup_id_z 0
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 0
		.amdhsa_next_free_vgpr 16
		.amdhsa_next_free_sgpr 31
		.amdhsa_accum_offset 16
		.amdhsa_reserve_vcc 1
		.amdhsa_float_round_mode_32 0
		.amdhsa_float_round_mode_16_64 0
		.amdhsa_float_denorm_mode_32 3
		.amdhsa_float_denorm_mode_16_64 3
		.amdhsa_dx10_clamp 1
		.amdhsa_ieee_mode 1
		.amdhsa_fp16_overflow 0
		.amdhsa_tg_split 0
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
	.size	softmax_rows, .Lfunc_end0-softmax_rows
                                        ; -- End function
	.set softmax_rows.num_vgpr, 16
	.set softmax_rows.num_agpr, 0
	.set softmax_rows.numbered_sgpr, 31
	.set softmax_rows.num_named_barrier, 0
	.set softmax_rows.private_seg_size, 0
	.set softmax_rows.uses_vcc, 1
	.set softmax_rows.uses_flat_scratch, 0
	.set softmax_rows.has_dyn_sized_stack, 0
	.set softmax_rows.has_recursion, 0
	.set softmax_rows.has_indirect_call, 0
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 1788
; TotalNumSgprs: 37
; NumVgprs: 16
; NumAgprs: 0
; TotalNumVgprs: 16
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 1024 bytes/workgroup (compile time only)
; SGPRBlocks: 4
; VGPRBlocks: 1
; NumSGPRsForWavesPerEU: 37
; NumVGPRsForWavesPerEU: 16
; AccumOffset: 16
; Occupancy: 8
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 2
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 0
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 0
; COMPUTE_PGM_RSRC3_GFX90A:ACCUM_OFFSET: 3
; COMPUTE_PGM_RSRC3_GFX90A:TG_SPLIT: 0
	.text
	.p2alignl 6, 3212836864
	.fill 256, 4, 3212836864
	.section	.AMDGPU.gpr_maximums,"",@progbits
	.set amdgpu.max_num_vgpr, 0
	.set amdgpu.max_num_agpr, 0
	.set amdgpu.max_num_sgpr, 0
	.set amdgpu.max_num_named_barrier, 0
	.text
	.type	__hip_cuid_aa249d24bd1f2fce,@object ; @__hip_cuid_aa249d24bd1f2fce
	.section	.bss,"aw",@nobits
	.globl	__hip_cuid_aa249d24bd1f2fce
__hip_cuid_aa249d24bd1f2fce:
	.byte	0                               ; 0x0
	.size	__hip_cuid_aa249d24bd1f2fce, 1

	.ident	"Debian clang version 22.1.8 (1~deb12u1)"
	.section	".note.GNU-stack","",@progbits
	.addrsig
	.addrsig_sym __hip_cuid_aa249d24bd1f2fce
	.amdgpu_metadata
---
amdhsa.kernels:
  - .agpr_count:     0
    .args:
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
    .group_segment_fixed_size: 1024
    .kernarg_segment_align: 8
    .kernarg_segment_size: 20
    .max_flat_workgroup_size: 256
    .name:           softmax_rows
    .private_segment_fixed_size: 0
    .sgpr_count:     37
    .sgpr_spill_count: 0
    .symbol:         softmax_rows.kd
    .uniform_work_group_size: 1
    .uses_dynamic_stack: false
    .vgpr_count:     16
    .vgpr_spill_count: 0
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx942
amdhsa.version:
  - 1
  - 2
...

	.end_amdgpu_metadata
