	.amdgcn_target "amdgcn-amd-amdhsa--gfx942"
	.amdhsa_code_object_version 6
	.text
	.protected	big_mix                 ; -- Begin function big_mix
	.globl	big_mix
	.p2align	8
	.type	big_mix,@function
big_mix:                                ; @big_mix
; %bb.0:
	s_load_dword s3, s[0:1], 0x24
	s_load_dword s4, s[0:1], 0x10
	s_waitcnt lgkmcnt(0)
	s_and_b32 s3, s3, 0xffff
	s_mul_i32 s2, s2, s3
	v_add_u32_e32 v2, s2, v0
	v_cmp_gt_u32_e32 vcc, s4, v2
	s_and_saveexec_b64 s[2:3], vcc
	s_cbranch_execz .LBB0_2
; %bb.1:
	s_load_dwordx4 s[0:3], s[0:1], 0x0
	v_mov_b32_e32 v3, 0
	v_lshlrev_b64 v[0:1], 2, v[2:3]
	s_mov_b32 s4, 0x78dde6c9
	s_mov_b32 s5, 0xb54cda2d
	s_waitcnt lgkmcnt(0)
	v_lshl_add_u64 v[4:5], s[2:3], 0, v[0:1]
	global_load_dword v3, v[4:5], off
	s_mov_b32 s2, 0x9e3779b1
	v_alignbit_b32 v4, v2, v2, 25
	s_mov_b32 s3, 0x3c6ef365
	s_mov_b32 s6, 0xf1bbcd91
	s_mov_b32 s7, 0x2e2ac0f5
	s_mov_b32 s8, 0x6a99b459
	s_mov_b32 s9, 0xa708a7bd
	s_mov_b32 s10, 0xe3779b21
	s_mov_b32 s11, 0x1fe68e85
	s_mov_b32 s12, 0x5c5581e9
	v_lshl_add_u64 v[0:1], s[0:1], 0, v[0:1]
	s_waitcnt vmcnt(0)
	v_mul_lo_u32 v5, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v2, v2, v3, v5
	v_xor_b32_e32 v3, v2, v4
	v_mul_lo_u32 v4, v2, s2
	v_lshrrev_b32_e32 v2, 13, v2
	v_xor_b32_e32 v2, v3, v2
	v_alignbit_b32 v3, v3, v3, 25
	v_add3_u32 v2, v2, v4, 1
	v_xor_b32_e32 v3, v2, v3
	v_mul_lo_u32 v4, v2, s2
	v_lshrrev_b32_e32 v2, 13, v2
	v_xad_u32 v2, v3, v2, v4
	v_alignbit_b32 v3, v3, v3, 25
	v_add_u32_e32 v4, 2, v2
	v_xor_b32_e32 v3, v4, v3
	v_lshrrev_b32_e32 v4, 13, v4
	v_mul_lo_u32 v2, v2, s2
	v_xor_b32_e32 v4, v3, v4
	v_alignbit_b32 v3, v3, v3, 25
	v_add3_u32 v2, v2, v4, s3
	v_xor_b32_e32 v3, v2, v3
	v_mul_lo_u32 v4, v2, s2
	v_lshrrev_b32_e32 v2, 13, v2
	v_xad_u32 v2, v3, v2, v4
	v_alignbit_b32 v3, v3, v3, 25
	v_add_u32_e32 v4, 4, v2
	v_xor_b32_e32 v3, v4, v3
	v_lshrrev_b32_e32 v4, 13, v4
	v_mul_lo_u32 v2, v2, s2
	v_xor_b32_e32 v4, v3, v4
	v_alignbit_b32 v3, v3, v3, 25
	v_add3_u32 v2, v2, v4, s4
	v_xor_b32_e32 v3, v2, v3
	v_mul_lo_u32 v4, v2, s2
	v_lshrrev_b32_e32 v2, 13, v2
	v_xad_u32 v2, v3, v2, v4
	v_alignbit_b32 v3, v3, v3, 25
	v_add_u32_e32 v4, 6, v2
	v_xor_b32_e32 v3, v4, v3
	v_lshrrev_b32_e32 v4, 13, v4
	v_mul_lo_u32 v2, v2, s2
	v_xor_b32_e32 v4, v3, v4
	v_add3_u32 v2, v2, v4, s5
	v_alignbit_b32 v3, v3, v3, 25
	v_mul_lo_u32 v4, v2, v2
	v_mul_lo_u32 v5, v2, s2
	v_lshrrev_b32_e32 v6, 13, v2
	v_xad_u32 v2, v2, v3, v4
	v_xad_u32 v3, v2, v6, v5
	v_alignbit_b32 v2, v2, v2, 25
	v_add_u32_e32 v4, 8, v3
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_mul_lo_u32 v3, v3, s2
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add3_u32 v3, v3, v4, s6
	v_xor_b32_e32 v2, v3, v2
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add_u32_e32 v4, 10, v3
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_mul_lo_u32 v3, v3, s2
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add3_u32 v3, v3, v4, s7
	v_xor_b32_e32 v2, v3, v2
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add_u32_e32 v4, 12, v3
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_mul_lo_u32 v3, v3, s2
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add3_u32 v3, v3, v4, s8
	v_xor_b32_e32 v2, v3, v2
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add_u32_e32 v4, 14, v3
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_mul_lo_u32 v3, v3, s2
	v_xor_b32_e32 v4, v2, v4
	v_add3_u32 v3, v3, v4, s9
	v_alignbit_b32 v2, v2, v2, 25
	v_mul_lo_u32 v4, v3, v3
	v_mul_lo_u32 v5, v3, s2
	v_lshrrev_b32_e32 v6, 13, v3
	v_xad_u32 v2, v3, v2, v4
	v_xad_u32 v3, v2, v6, v5
	v_alignbit_b32 v2, v2, v2, 25
	v_add_u32_e32 v4, 16, v3
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_mul_lo_u32 v3, v3, s2
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add3_u32 v3, v3, v4, s10
	v_xor_b32_e32 v2, v3, v2
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add_u32_e32 v4, 18, v3
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_mul_lo_u32 v3, v3, s2
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add3_u32 v3, v3, v4, s11
	v_xor_b32_e32 v2, v3, v2
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add_u32_e32 v4, 20, v3
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_mul_lo_u32 v3, v3, s2
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add3_u32 v3, v3, v4, s12
	v_xor_b32_e32 v2, v3, v2
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add_u32_e32 v4, 22, v3
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_mul_lo_u32 v3, v3, s2
	v_xor_b32_e32 v4, v2, v4
	s_mov_b32 s3, 0x98c4754d
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_mul_lo_u32 v4, v3, v3
	v_xad_u32 v2, v3, v2, v4
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 24, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0xd53368b1
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v3, v2
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 26, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0x11a25c15
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v3, v2
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 28, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0x4e114f79
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v3, v2
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 30, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0x8a8042dd
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_mul_lo_u32 v4, v3, v3
	v_xad_u32 v2, v3, v2, v4
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 32, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0xc6ef3641
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v3, v2
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 34, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0x35e29a5
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v3, v2
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 36, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0x3fcd1d09
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v3, v2
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 38, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0x7c3c106d
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_mul_lo_u32 v4, v3, v3
	v_xad_u32 v2, v3, v2, v4
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 40, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0xb8ab03d1
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v3, v2
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 42, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0xf519f735
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v3, v2
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 44, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0x3188ea99
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v3, v2
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 46, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0x6df7ddfd
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_mul_lo_u32 v4, v3, v3
	v_xad_u32 v2, v3, v2, v4
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 48, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0xaa66d161
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v3, v2
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 50, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0xe6d5c4c5
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v3, v2
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 52, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0x2344b829
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v3, v2
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 54, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0x5fb3ab8d
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_mul_lo_u32 v4, v3, v3
	v_xad_u32 v2, v3, v2, v4
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 56, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0x9c229ef1
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v3, v2
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 58, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0xd8919255
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v3, v2
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 60, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0x150085b9
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v3, v2
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 62, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0x516f791d
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_mul_lo_u32 v4, v3, v3
	v_xad_u32 v2, v3, v2, v4
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 64, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0x8dde6c81
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v3, v2
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 0x42, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0xca4d5fe5
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v3, v2
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 0x44, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0x6bc5349
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v3, v2
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 0x46, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0x432b46ad
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_mul_lo_u32 v4, v3, v3
	v_xad_u32 v2, v3, v2, v4
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 0x48, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0x7f9a3a11
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v3, v2
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 0x4a, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0xbc092d75
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v3, v2
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 0x4c, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0xf87820d9
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v3, v2
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 0x4e, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0x34e7143d
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_mul_lo_u32 v4, v3, v3
	v_xad_u32 v2, v3, v2, v4
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 0x50, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0x715607a1
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v3, v2
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 0x52, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0xadc4fb05
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v3, v2
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 0x54, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0xea33ee69
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v3, v2
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 0x56, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0x26a2e1cd
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_mul_lo_u32 v4, v3, v3
	v_xad_u32 v2, v3, v2, v4
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 0x58, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0x6311d531
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v3, v2
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 0x5a, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0x9f80c895
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v3, v2
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 0x5c, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0xdbefbbf9
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v3, v2
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 0x5e, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0x185eaf5d
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_mul_lo_u32 v4, v3, v3
	v_xad_u32 v2, v3, v2, v4
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 0x60, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0x54cda2c1
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v3, v2
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 0x62, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0x913c9625
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v3, v2
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 0x64, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0xcdab8989
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v3, v2
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 0x66, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0xa1a7ced
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_mul_lo_u32 v4, v3, v3
	v_xad_u32 v2, v3, v2, v4
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 0x68, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0x46897051
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v3, v2
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 0x6a, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0x82f863b5
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v3, v2
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 0x6c, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0xbf675719
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v3, v2
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 0x6e, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0xfbd64a7d
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_mul_lo_u32 v4, v3, v3
	v_xad_u32 v2, v3, v2, v4
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 0x70, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0x38453de1
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v3, v2
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 0x72, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0x74b43145
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v3, v2
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 0x74, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0xb12324a9
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v3, v2
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 0x76, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0xed92180d
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_mul_lo_u32 v4, v3, v3
	v_xad_u32 v2, v3, v2, v4
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 0x78, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0x2a010b71
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v3, v2
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 0x7a, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0x666ffed5
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v3, v2
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 0x7c, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0xa2def239
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v3, v2
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 0x7e, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0xdf4de59d
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_mul_lo_u32 v4, v3, v3
	v_xad_u32 v2, v3, v2, v4
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 0x80, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0x1bbcd901
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v3, v2
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 0x82, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0x582bcc65
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v3, v2
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 0x84, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0x949abfc9
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v3, v2
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 0x86, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0xd109b32d
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_mul_lo_u32 v4, v3, v3
	v_xad_u32 v2, v3, v2, v4
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 0x88, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0xd78a691
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v3, v2
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 0x8a, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0x49e799f5
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v3, v2
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 0x8c, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0x86568d59
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v3, v2
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 0x8e, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0xc2c580bd
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_mul_lo_u32 v4, v3, v3
	v_xad_u32 v2, v3, v2, v4
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 0x90, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0xff347421
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v3, v2
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 0x92, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0x3ba36785
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v3, v2
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 0x94, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0x78125ae9
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v3, v2
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 0x96, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0xb4814e4d
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_mul_lo_u32 v4, v3, v3
	v_xad_u32 v2, v3, v2, v4
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 0x98, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0xf0f041b1
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v3, v2
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 0x9a, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0x2d5f3515
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v3, v2
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 0x9c, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0x69ce2879
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v3, v2
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 0x9e, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0xa63d1bdd
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_mul_lo_u32 v4, v3, v3
	v_xad_u32 v2, v3, v2, v4
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 0xa0, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0xe2ac0f41
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v3, v2
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 0xa2, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0x1f1b02a5
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v3, v2
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 0xa4, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0x5b89f609
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v3, v2
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 0xa6, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0x97f8e96d
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_mul_lo_u32 v4, v3, v3
	v_xad_u32 v2, v3, v2, v4
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 0xa8, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0xd467dcd1
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v3, v2
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 0xaa, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0x10d6d035
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v3, v2
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 0xac, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0x4d45c399
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v3, v2
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 0xae, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0x89b4b6fd
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_mul_lo_u32 v4, v3, v3
	v_xad_u32 v2, v3, v2, v4
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 0xb0, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0xc623aa61
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v3, v2
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 0xb2, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0x2929dc5
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v3, v2
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 0xb4, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0x3f019129
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v3, v2
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 0xb6, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0x7b70848d
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_mul_lo_u32 v4, v3, v3
	v_xad_u32 v2, v3, v2, v4
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 0xb8, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0xb7df77f1
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v3, v2
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 0xba, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0xf44e6b55
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v3, v2
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 0xbc, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s3, 0x30bd5eb9
	v_add3_u32 v3, v3, v4, s3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v3, v2
	v_mul_lo_u32 v4, v3, s2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_add_u32_e32 v4, 0xbe, v3
	v_alignbit_b32 v2, v2, v2, 25
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_mul_lo_u32 v3, v3, s2
	s_mov_b32 s2, 0x6d2c521d
	v_add3_u32 v3, v3, v4, s2
	v_alignbit_b32 v2, v2, v2, 25
	v_mul_lo_u32 v4, v3, v3
	v_xad_u32 v2, v3, v2, v4
	v_xor_b32_e32 v2, v2, v3
	global_store_dword v[0:1], v2, off
.LBB0_2:
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel big_mix
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 280
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
		.amdhsa_next_free_vgpr 7
		.amdhsa_next_free_sgpr 13
		.amdhsa_accum_offset 8
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
	.size	big_mix, .Lfunc_end0-big_mix
                                        ; -- End function
	.set big_mix.num_vgpr, 7
	.set big_mix.num_agpr, 0
	.set big_mix.numbered_sgpr, 13
	.set big_mix.num_named_barrier, 0
	.set big_mix.private_seg_size, 0
	.set big_mix.uses_vcc, 1
	.set big_mix.uses_flat_scratch, 0
	.set big_mix.has_dyn_sized_stack, 0
	.set big_mix.has_recursion, 0
	.set big_mix.has_indirect_call, 0
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 8332
; TotalNumSgprs: 19
; NumVgprs: 7
; NumAgprs: 0
; TotalNumVgprs: 7
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 2
; VGPRBlocks: 0
; NumSGPRsForWavesPerEU: 19
; NumVGPRsForWavesPerEU: 7
; AccumOffset: 8
; Occupancy: 8
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 2
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 0
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 0
; COMPUTE_PGM_RSRC3_GFX90A:ACCUM_OFFSET: 1
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
	.type	__hip_cuid_b86a8ebf245d7d94,@object ; @__hip_cuid_b86a8ebf245d7d94
	.section	.bss,"aw",@nobits
	.globl	__hip_cuid_b86a8ebf245d7d94
__hip_cuid_b86a8ebf245d7d94:
	.byte	0                               ; 0x0
	.size	__hip_cuid_b86a8ebf245d7d94, 1

	.ident	"Debian clang version 22.1.8 (1~deb12u1)"
	.section	".note.GNU-stack","",@progbits
	.addrsig
	.addrsig_sym __hip_cuid_b86a8ebf245d7d94
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
    .name:           big_mix
    .private_segment_fixed_size: 0
    .sgpr_count:     19
    .sgpr_spill_count: 0
    .symbol:         big_mix.kd
    .uniform_work_group_size: 1
    .uses_dynamic_stack: false
    .vgpr_count:     7
    .vgpr_spill_count: 0
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx942
amdhsa.version:
  - 1
  - 2
...

	.end_amdgpu_metadata
