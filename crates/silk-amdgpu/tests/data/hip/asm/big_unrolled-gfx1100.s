	.amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
	.amdhsa_code_object_version 6
	.text
	.protected	big_mix                 ; -- Begin function big_mix
	.globl	big_mix
	.p2align	8
	.type	big_mix,@function
big_mix:                                ; @big_mix
; %bb.0:
	s_clause 0x1
	s_load_b32 s2, s[0:1], 0x24
	s_load_b32 s3, s[0:1], 0x10
	s_waitcnt lgkmcnt(0)
	s_and_b32 s2, s2, 0xffff
	s_delay_alu instid0(SALU_CYCLE_1)
	v_mad_u64_u32 v[2:3], null, s15, s2, v[0:1]
	s_mov_b32 s2, exec_lo
	v_cmpx_gt_u32_e64 s3, v2
	s_cbranch_execz .LBB0_2
; %bb.1:
	s_load_b128 s[0:3], s[0:1], 0x0
	v_mov_b32_e32 v3, 0
	v_alignbit_b32 v5, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_lshlrev_b64 v[0:1], 2, v[2:3]
	s_waitcnt lgkmcnt(0)
	v_add_co_u32 v3, vcc_lo, s2, v0
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_add_co_ci_u32_e64 v4, null, s3, v1, vcc_lo
	v_add_co_u32 v0, vcc_lo, s0, v0
	v_add_co_ci_u32_e64 v1, null, s1, v1, vcc_lo
	global_load_b32 v3, v[3:4], off
	s_waitcnt vmcnt(0)
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	v_lshrrev_b32_e32 v3, 13, v3
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_xad_u32 v2, v2, v3, v4
	v_xor_b32_e32 v3, v2, v5
	v_lshrrev_b32_e32 v4, 13, v2
	v_mul_lo_u32 v2, 0x9e3779b1, v2
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xor_b32_e32 v4, v3, v4
	v_alignbit_b32 v3, v3, v3, 25
	v_add3_u32 v2, v4, v2, 1
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_3)
	v_mul_lo_u32 v4, 0x9e3779b1, v2
	v_xor_b32_e32 v3, v2, v3
	v_lshrrev_b32_e32 v2, 13, v2
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xad_u32 v2, v3, v2, v4
	v_alignbit_b32 v3, v3, v3, 25
	v_add_nc_u32_e32 v4, 2, v2
	v_mul_lo_u32 v2, 0x9e3779b1, v2
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v3, v4, v3
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v3, v4
	v_alignbit_b32 v3, v3, v3, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_add3_u32 v2, v2, v4, 0x3c6ef365
	v_mul_lo_u32 v4, 0x9e3779b1, v2
	s_delay_alu instid0(VALU_DEP_3) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v3, v2, v3
	v_lshrrev_b32_e32 v2, 13, v2
	v_xad_u32 v2, v3, v2, v4
	v_alignbit_b32 v3, v3, v3, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_add_nc_u32_e32 v4, 4, v2
	v_mul_lo_u32 v2, 0x9e3779b1, v2
	v_xor_b32_e32 v3, v4, v3
	v_lshrrev_b32_e32 v4, 13, v4
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xor_b32_e32 v4, v3, v4
	v_alignbit_b32 v3, v3, v3, 25
	v_add3_u32 v2, v2, v4, 0x78dde6c9
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_3)
	v_mul_lo_u32 v4, 0x9e3779b1, v2
	v_xor_b32_e32 v3, v2, v3
	v_lshrrev_b32_e32 v2, 13, v2
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xad_u32 v2, v3, v2, v4
	v_alignbit_b32 v3, v3, v3, 25
	v_add_nc_u32_e32 v4, 6, v2
	v_mul_lo_u32 v2, 0x9e3779b1, v2
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v3, v4, v3
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v3, v4
	v_alignbit_b32 v3, v3, v3, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_add3_u32 v2, v2, v4, 0xb54cda2d
	v_mul_lo_u32 v4, v2, v2
	v_mul_lo_u32 v5, 0x9e3779b1, v2
	v_lshrrev_b32_e32 v6, 13, v2
	s_delay_alu instid0(VALU_DEP_3) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_xad_u32 v2, v2, v3, v4
	v_xad_u32 v3, v2, v6, v5
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_add_nc_u32_e32 v4, 8, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add3_u32 v3, v3, v4, 0xf1bbcd91
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_3)
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v3, v2
	v_lshrrev_b32_e32 v3, 13, v3
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add_nc_u32_e32 v4, 10, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_add3_u32 v3, v3, v4, 0x2e2ac0f5
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	s_delay_alu instid0(VALU_DEP_3) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v2, v3, v2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_add_nc_u32_e32 v4, 12, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add3_u32 v3, v3, v4, 0x6a99b459
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_3)
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v3, v2
	v_lshrrev_b32_e32 v3, 13, v3
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add_nc_u32_e32 v4, 14, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_add3_u32 v3, v3, v4, 0xa708a7bd
	v_mul_lo_u32 v4, v3, v3
	v_mul_lo_u32 v5, 0x9e3779b1, v3
	v_lshrrev_b32_e32 v6, 13, v3
	s_delay_alu instid0(VALU_DEP_3) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_xad_u32 v2, v3, v2, v4
	v_xad_u32 v3, v2, v6, v5
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_add_nc_u32_e32 v4, 16, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add3_u32 v3, v3, v4, 0xe3779b21
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_3)
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v3, v2
	v_lshrrev_b32_e32 v3, 13, v3
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add_nc_u32_e32 v4, 18, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_add3_u32 v3, v3, v4, 0x1fe68e85
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	s_delay_alu instid0(VALU_DEP_3) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v2, v3, v2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_add_nc_u32_e32 v4, 20, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add3_u32 v3, v3, v4, 0x5c5581e9
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_3)
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v3, v2
	v_lshrrev_b32_e32 v3, 13, v3
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add_nc_u32_e32 v4, 22, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_add3_u32 v3, v3, v4, 0x98c4754d
	v_mul_lo_u32 v4, v3, v3
	v_mul_lo_u32 v5, 0x9e3779b1, v3
	v_lshrrev_b32_e32 v6, 13, v3
	s_delay_alu instid0(VALU_DEP_3) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_xad_u32 v2, v3, v2, v4
	v_xad_u32 v3, v2, v6, v5
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_add_nc_u32_e32 v4, 24, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add3_u32 v3, v3, v4, 0xd53368b1
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_3)
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v3, v2
	v_lshrrev_b32_e32 v3, 13, v3
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add_nc_u32_e32 v4, 26, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_add3_u32 v3, v3, v4, 0x11a25c15
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	s_delay_alu instid0(VALU_DEP_3) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v2, v3, v2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_add_nc_u32_e32 v4, 28, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add3_u32 v3, v3, v4, 0x4e114f79
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_3)
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v3, v2
	v_lshrrev_b32_e32 v3, 13, v3
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add_nc_u32_e32 v4, 30, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_add3_u32 v3, v3, v4, 0x8a8042dd
	v_mul_lo_u32 v4, v3, v3
	v_mul_lo_u32 v5, 0x9e3779b1, v3
	v_lshrrev_b32_e32 v6, 13, v3
	s_delay_alu instid0(VALU_DEP_3) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_xad_u32 v2, v3, v2, v4
	v_xad_u32 v3, v2, v6, v5
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_add_nc_u32_e32 v4, 32, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add3_u32 v3, v3, v4, 0xc6ef3641
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_3)
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v3, v2
	v_lshrrev_b32_e32 v3, 13, v3
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add_nc_u32_e32 v4, 34, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_add3_u32 v3, v3, v4, 0x35e29a5
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	s_delay_alu instid0(VALU_DEP_3) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v2, v3, v2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_add_nc_u32_e32 v4, 36, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add3_u32 v3, v3, v4, 0x3fcd1d09
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_3)
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v3, v2
	v_lshrrev_b32_e32 v3, 13, v3
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add_nc_u32_e32 v4, 38, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_add3_u32 v3, v3, v4, 0x7c3c106d
	v_mul_lo_u32 v4, v3, v3
	v_mul_lo_u32 v5, 0x9e3779b1, v3
	v_lshrrev_b32_e32 v6, 13, v3
	s_delay_alu instid0(VALU_DEP_3) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_xad_u32 v2, v3, v2, v4
	v_xad_u32 v3, v2, v6, v5
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_add_nc_u32_e32 v4, 40, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add3_u32 v3, v3, v4, 0xb8ab03d1
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_3)
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v3, v2
	v_lshrrev_b32_e32 v3, 13, v3
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add_nc_u32_e32 v4, 42, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_add3_u32 v3, v3, v4, 0xf519f735
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	s_delay_alu instid0(VALU_DEP_3) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v2, v3, v2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_add_nc_u32_e32 v4, 44, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add3_u32 v3, v3, v4, 0x3188ea99
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_3)
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v3, v2
	v_lshrrev_b32_e32 v3, 13, v3
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add_nc_u32_e32 v4, 46, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_add3_u32 v3, v3, v4, 0x6df7ddfd
	v_mul_lo_u32 v4, v3, v3
	v_mul_lo_u32 v5, 0x9e3779b1, v3
	v_lshrrev_b32_e32 v6, 13, v3
	s_delay_alu instid0(VALU_DEP_3) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_xad_u32 v2, v3, v2, v4
	v_xad_u32 v3, v2, v6, v5
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_add_nc_u32_e32 v4, 48, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add3_u32 v3, v3, v4, 0xaa66d161
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_3)
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v3, v2
	v_lshrrev_b32_e32 v3, 13, v3
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add_nc_u32_e32 v4, 50, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_add3_u32 v3, v3, v4, 0xe6d5c4c5
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	s_delay_alu instid0(VALU_DEP_3) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v2, v3, v2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_add_nc_u32_e32 v4, 52, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add3_u32 v3, v3, v4, 0x2344b829
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_3)
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v3, v2
	v_lshrrev_b32_e32 v3, 13, v3
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add_nc_u32_e32 v4, 54, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_add3_u32 v3, v3, v4, 0x5fb3ab8d
	v_mul_lo_u32 v4, v3, v3
	v_mul_lo_u32 v5, 0x9e3779b1, v3
	v_lshrrev_b32_e32 v6, 13, v3
	s_delay_alu instid0(VALU_DEP_3) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_xad_u32 v2, v3, v2, v4
	v_xad_u32 v3, v2, v6, v5
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_add_nc_u32_e32 v4, 56, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add3_u32 v3, v3, v4, 0x9c229ef1
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_3)
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v3, v2
	v_lshrrev_b32_e32 v3, 13, v3
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add_nc_u32_e32 v4, 58, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_add3_u32 v3, v3, v4, 0xd8919255
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	s_delay_alu instid0(VALU_DEP_3) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v2, v3, v2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_add_nc_u32_e32 v4, 60, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add3_u32 v3, v3, v4, 0x150085b9
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_3)
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v3, v2
	v_lshrrev_b32_e32 v3, 13, v3
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add_nc_u32_e32 v4, 62, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_add3_u32 v3, v3, v4, 0x516f791d
	v_mul_lo_u32 v4, v3, v3
	v_mul_lo_u32 v5, 0x9e3779b1, v3
	v_lshrrev_b32_e32 v6, 13, v3
	s_delay_alu instid0(VALU_DEP_3) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_xad_u32 v2, v3, v2, v4
	v_xad_u32 v3, v2, v6, v5
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_add_nc_u32_e32 v4, 64, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add3_u32 v3, v3, v4, 0x8dde6c81
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_3)
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v3, v2
	v_lshrrev_b32_e32 v3, 13, v3
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add_nc_u32_e32 v4, 0x42, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_add3_u32 v3, v3, v4, 0xca4d5fe5
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	s_delay_alu instid0(VALU_DEP_3) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v2, v3, v2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_add_nc_u32_e32 v4, 0x44, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add3_u32 v3, v3, v4, 0x6bc5349
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_3)
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v3, v2
	v_lshrrev_b32_e32 v3, 13, v3
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add_nc_u32_e32 v4, 0x46, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_add3_u32 v3, v3, v4, 0x432b46ad
	v_mul_lo_u32 v4, v3, v3
	v_mul_lo_u32 v5, 0x9e3779b1, v3
	v_lshrrev_b32_e32 v6, 13, v3
	s_delay_alu instid0(VALU_DEP_3) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_xad_u32 v2, v3, v2, v4
	v_xad_u32 v3, v2, v6, v5
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_add_nc_u32_e32 v4, 0x48, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add3_u32 v3, v3, v4, 0x7f9a3a11
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_3)
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v3, v2
	v_lshrrev_b32_e32 v3, 13, v3
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add_nc_u32_e32 v4, 0x4a, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_add3_u32 v3, v3, v4, 0xbc092d75
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	s_delay_alu instid0(VALU_DEP_3) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v2, v3, v2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_add_nc_u32_e32 v4, 0x4c, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add3_u32 v3, v3, v4, 0xf87820d9
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_3)
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v3, v2
	v_lshrrev_b32_e32 v3, 13, v3
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add_nc_u32_e32 v4, 0x4e, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_add3_u32 v3, v3, v4, 0x34e7143d
	v_mul_lo_u32 v4, v3, v3
	v_mul_lo_u32 v5, 0x9e3779b1, v3
	v_lshrrev_b32_e32 v6, 13, v3
	s_delay_alu instid0(VALU_DEP_3) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_xad_u32 v2, v3, v2, v4
	v_xad_u32 v3, v2, v6, v5
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_add_nc_u32_e32 v4, 0x50, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add3_u32 v3, v3, v4, 0x715607a1
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_3)
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v3, v2
	v_lshrrev_b32_e32 v3, 13, v3
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add_nc_u32_e32 v4, 0x52, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_add3_u32 v3, v3, v4, 0xadc4fb05
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	s_delay_alu instid0(VALU_DEP_3) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v2, v3, v2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_add_nc_u32_e32 v4, 0x54, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add3_u32 v3, v3, v4, 0xea33ee69
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_3)
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v3, v2
	v_lshrrev_b32_e32 v3, 13, v3
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add_nc_u32_e32 v4, 0x56, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_add3_u32 v3, v3, v4, 0x26a2e1cd
	v_mul_lo_u32 v4, v3, v3
	v_mul_lo_u32 v5, 0x9e3779b1, v3
	v_lshrrev_b32_e32 v6, 13, v3
	s_delay_alu instid0(VALU_DEP_3) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_xad_u32 v2, v3, v2, v4
	v_xad_u32 v3, v2, v6, v5
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_add_nc_u32_e32 v4, 0x58, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add3_u32 v3, v3, v4, 0x6311d531
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_3)
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v3, v2
	v_lshrrev_b32_e32 v3, 13, v3
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add_nc_u32_e32 v4, 0x5a, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_add3_u32 v3, v3, v4, 0x9f80c895
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	s_delay_alu instid0(VALU_DEP_3) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v2, v3, v2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_add_nc_u32_e32 v4, 0x5c, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add3_u32 v3, v3, v4, 0xdbefbbf9
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_3)
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v3, v2
	v_lshrrev_b32_e32 v3, 13, v3
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add_nc_u32_e32 v4, 0x5e, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_add3_u32 v3, v3, v4, 0x185eaf5d
	v_mul_lo_u32 v4, v3, v3
	v_mul_lo_u32 v5, 0x9e3779b1, v3
	v_lshrrev_b32_e32 v6, 13, v3
	s_delay_alu instid0(VALU_DEP_3) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_xad_u32 v2, v3, v2, v4
	v_xad_u32 v3, v2, v6, v5
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_add_nc_u32_e32 v4, 0x60, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add3_u32 v3, v3, v4, 0x54cda2c1
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_3)
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v3, v2
	v_lshrrev_b32_e32 v3, 13, v3
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add_nc_u32_e32 v4, 0x62, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_add3_u32 v3, v3, v4, 0x913c9625
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	s_delay_alu instid0(VALU_DEP_3) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v2, v3, v2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_add_nc_u32_e32 v4, 0x64, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add3_u32 v3, v3, v4, 0xcdab8989
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_3)
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v3, v2
	v_lshrrev_b32_e32 v3, 13, v3
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add_nc_u32_e32 v4, 0x66, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_add3_u32 v3, v3, v4, 0xa1a7ced
	v_mul_lo_u32 v4, v3, v3
	v_mul_lo_u32 v5, 0x9e3779b1, v3
	v_lshrrev_b32_e32 v6, 13, v3
	s_delay_alu instid0(VALU_DEP_3) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_xad_u32 v2, v3, v2, v4
	v_xad_u32 v3, v2, v6, v5
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_add_nc_u32_e32 v4, 0x68, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add3_u32 v3, v3, v4, 0x46897051
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_3)
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v3, v2
	v_lshrrev_b32_e32 v3, 13, v3
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add_nc_u32_e32 v4, 0x6a, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_add3_u32 v3, v3, v4, 0x82f863b5
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	s_delay_alu instid0(VALU_DEP_3) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v2, v3, v2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_add_nc_u32_e32 v4, 0x6c, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add3_u32 v3, v3, v4, 0xbf675719
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_3)
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v3, v2
	v_lshrrev_b32_e32 v3, 13, v3
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add_nc_u32_e32 v4, 0x6e, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_add3_u32 v3, v3, v4, 0xfbd64a7d
	v_mul_lo_u32 v4, v3, v3
	v_mul_lo_u32 v5, 0x9e3779b1, v3
	v_lshrrev_b32_e32 v6, 13, v3
	s_delay_alu instid0(VALU_DEP_3) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_xad_u32 v2, v3, v2, v4
	v_xad_u32 v3, v2, v6, v5
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_add_nc_u32_e32 v4, 0x70, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add3_u32 v3, v3, v4, 0x38453de1
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_3)
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v3, v2
	v_lshrrev_b32_e32 v3, 13, v3
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add_nc_u32_e32 v4, 0x72, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_add3_u32 v3, v3, v4, 0x74b43145
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	s_delay_alu instid0(VALU_DEP_3) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v2, v3, v2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_add_nc_u32_e32 v4, 0x74, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add3_u32 v3, v3, v4, 0xb12324a9
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_3)
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v3, v2
	v_lshrrev_b32_e32 v3, 13, v3
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add_nc_u32_e32 v4, 0x76, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_add3_u32 v3, v3, v4, 0xed92180d
	v_mul_lo_u32 v4, v3, v3
	v_mul_lo_u32 v5, 0x9e3779b1, v3
	v_lshrrev_b32_e32 v6, 13, v3
	s_delay_alu instid0(VALU_DEP_3) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_xad_u32 v2, v3, v2, v4
	v_xad_u32 v3, v2, v6, v5
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_add_nc_u32_e32 v4, 0x78, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add3_u32 v3, v3, v4, 0x2a010b71
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_3)
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v3, v2
	v_lshrrev_b32_e32 v3, 13, v3
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add_nc_u32_e32 v4, 0x7a, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_add3_u32 v3, v3, v4, 0x666ffed5
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	s_delay_alu instid0(VALU_DEP_3) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v2, v3, v2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_add_nc_u32_e32 v4, 0x7c, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add3_u32 v3, v3, v4, 0xa2def239
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_3)
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v3, v2
	v_lshrrev_b32_e32 v3, 13, v3
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add_nc_u32_e32 v4, 0x7e, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_add3_u32 v3, v3, v4, 0xdf4de59d
	v_mul_lo_u32 v4, v3, v3
	v_mul_lo_u32 v5, 0x9e3779b1, v3
	v_lshrrev_b32_e32 v6, 13, v3
	s_delay_alu instid0(VALU_DEP_3) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_xad_u32 v2, v3, v2, v4
	v_xad_u32 v3, v2, v6, v5
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_add_nc_u32_e32 v4, 0x80, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add3_u32 v3, v3, v4, 0x1bbcd901
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_3)
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v3, v2
	v_lshrrev_b32_e32 v3, 13, v3
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add_nc_u32_e32 v4, 0x82, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_add3_u32 v3, v3, v4, 0x582bcc65
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	s_delay_alu instid0(VALU_DEP_3) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v2, v3, v2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_add_nc_u32_e32 v4, 0x84, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add3_u32 v3, v3, v4, 0x949abfc9
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_3)
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v3, v2
	v_lshrrev_b32_e32 v3, 13, v3
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add_nc_u32_e32 v4, 0x86, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_add3_u32 v3, v3, v4, 0xd109b32d
	v_mul_lo_u32 v4, v3, v3
	v_mul_lo_u32 v5, 0x9e3779b1, v3
	v_lshrrev_b32_e32 v6, 13, v3
	s_delay_alu instid0(VALU_DEP_3) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_xad_u32 v2, v3, v2, v4
	v_xad_u32 v3, v2, v6, v5
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_add_nc_u32_e32 v4, 0x88, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add3_u32 v3, v3, v4, 0xd78a691
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_3)
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v3, v2
	v_lshrrev_b32_e32 v3, 13, v3
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add_nc_u32_e32 v4, 0x8a, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_add3_u32 v3, v3, v4, 0x49e799f5
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	s_delay_alu instid0(VALU_DEP_3) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v2, v3, v2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_add_nc_u32_e32 v4, 0x8c, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add3_u32 v3, v3, v4, 0x86568d59
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_3)
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v3, v2
	v_lshrrev_b32_e32 v3, 13, v3
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add_nc_u32_e32 v4, 0x8e, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_add3_u32 v3, v3, v4, 0xc2c580bd
	v_mul_lo_u32 v4, v3, v3
	v_mul_lo_u32 v5, 0x9e3779b1, v3
	v_lshrrev_b32_e32 v6, 13, v3
	s_delay_alu instid0(VALU_DEP_3) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_xad_u32 v2, v3, v2, v4
	v_xad_u32 v3, v2, v6, v5
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_add_nc_u32_e32 v4, 0x90, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add3_u32 v3, v3, v4, 0xff347421
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_3)
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v3, v2
	v_lshrrev_b32_e32 v3, 13, v3
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add_nc_u32_e32 v4, 0x92, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_add3_u32 v3, v3, v4, 0x3ba36785
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	s_delay_alu instid0(VALU_DEP_3) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v2, v3, v2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_add_nc_u32_e32 v4, 0x94, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add3_u32 v3, v3, v4, 0x78125ae9
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_3)
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v3, v2
	v_lshrrev_b32_e32 v3, 13, v3
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add_nc_u32_e32 v4, 0x96, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_add3_u32 v3, v3, v4, 0xb4814e4d
	v_mul_lo_u32 v4, v3, v3
	v_mul_lo_u32 v5, 0x9e3779b1, v3
	v_lshrrev_b32_e32 v6, 13, v3
	s_delay_alu instid0(VALU_DEP_3) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_xad_u32 v2, v3, v2, v4
	v_xad_u32 v3, v2, v6, v5
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_add_nc_u32_e32 v4, 0x98, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add3_u32 v3, v3, v4, 0xf0f041b1
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_3)
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v3, v2
	v_lshrrev_b32_e32 v3, 13, v3
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add_nc_u32_e32 v4, 0x9a, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_add3_u32 v3, v3, v4, 0x2d5f3515
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	s_delay_alu instid0(VALU_DEP_3) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v2, v3, v2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_add_nc_u32_e32 v4, 0x9c, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add3_u32 v3, v3, v4, 0x69ce2879
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_3)
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v3, v2
	v_lshrrev_b32_e32 v3, 13, v3
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add_nc_u32_e32 v4, 0x9e, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_add3_u32 v3, v3, v4, 0xa63d1bdd
	v_mul_lo_u32 v4, v3, v3
	v_mul_lo_u32 v5, 0x9e3779b1, v3
	v_lshrrev_b32_e32 v6, 13, v3
	s_delay_alu instid0(VALU_DEP_3) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_xad_u32 v2, v3, v2, v4
	v_xad_u32 v3, v2, v6, v5
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_add_nc_u32_e32 v4, 0xa0, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add3_u32 v3, v3, v4, 0xe2ac0f41
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_3)
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v3, v2
	v_lshrrev_b32_e32 v3, 13, v3
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add_nc_u32_e32 v4, 0xa2, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_add3_u32 v3, v3, v4, 0x1f1b02a5
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	s_delay_alu instid0(VALU_DEP_3) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v2, v3, v2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_add_nc_u32_e32 v4, 0xa4, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add3_u32 v3, v3, v4, 0x5b89f609
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_3)
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v3, v2
	v_lshrrev_b32_e32 v3, 13, v3
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add_nc_u32_e32 v4, 0xa6, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_add3_u32 v3, v3, v4, 0x97f8e96d
	v_mul_lo_u32 v4, v3, v3
	v_mul_lo_u32 v5, 0x9e3779b1, v3
	v_lshrrev_b32_e32 v6, 13, v3
	s_delay_alu instid0(VALU_DEP_3) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_xad_u32 v2, v3, v2, v4
	v_xad_u32 v3, v2, v6, v5
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_add_nc_u32_e32 v4, 0xa8, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add3_u32 v3, v3, v4, 0xd467dcd1
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_3)
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v3, v2
	v_lshrrev_b32_e32 v3, 13, v3
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add_nc_u32_e32 v4, 0xaa, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_add3_u32 v3, v3, v4, 0x10d6d035
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	s_delay_alu instid0(VALU_DEP_3) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v2, v3, v2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_add_nc_u32_e32 v4, 0xac, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add3_u32 v3, v3, v4, 0x4d45c399
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_3)
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v3, v2
	v_lshrrev_b32_e32 v3, 13, v3
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add_nc_u32_e32 v4, 0xae, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_add3_u32 v3, v3, v4, 0x89b4b6fd
	v_mul_lo_u32 v4, v3, v3
	v_mul_lo_u32 v5, 0x9e3779b1, v3
	v_lshrrev_b32_e32 v6, 13, v3
	s_delay_alu instid0(VALU_DEP_3) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_xad_u32 v2, v3, v2, v4
	v_xad_u32 v3, v2, v6, v5
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_add_nc_u32_e32 v4, 0xb0, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add3_u32 v3, v3, v4, 0xc623aa61
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_3)
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v3, v2
	v_lshrrev_b32_e32 v3, 13, v3
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add_nc_u32_e32 v4, 0xb2, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_add3_u32 v3, v3, v4, 0x2929dc5
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	s_delay_alu instid0(VALU_DEP_3) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v2, v3, v2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_add_nc_u32_e32 v4, 0xb4, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add3_u32 v3, v3, v4, 0x3f019129
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_3)
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v3, v2
	v_lshrrev_b32_e32 v3, 13, v3
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add_nc_u32_e32 v4, 0xb6, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_add3_u32 v3, v3, v4, 0x7b70848d
	v_mul_lo_u32 v4, v3, v3
	v_mul_lo_u32 v5, 0x9e3779b1, v3
	v_lshrrev_b32_e32 v6, 13, v3
	s_delay_alu instid0(VALU_DEP_3) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_xad_u32 v2, v3, v2, v4
	v_xad_u32 v3, v2, v6, v5
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_add_nc_u32_e32 v4, 0xb8, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add3_u32 v3, v3, v4, 0xb7df77f1
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_3)
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v3, v2
	v_lshrrev_b32_e32 v3, 13, v3
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add_nc_u32_e32 v4, 0xba, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_add3_u32 v3, v3, v4, 0xf44e6b55
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	s_delay_alu instid0(VALU_DEP_3) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v2, v3, v2
	v_lshrrev_b32_e32 v3, 13, v3
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_add_nc_u32_e32 v4, 0xbc, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add3_u32 v3, v3, v4, 0x30bd5eb9
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_3)
	v_mul_lo_u32 v4, 0x9e3779b1, v3
	v_xor_b32_e32 v2, v3, v2
	v_lshrrev_b32_e32 v3, 13, v3
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_xad_u32 v3, v2, v3, v4
	v_alignbit_b32 v2, v2, v2, 25
	v_add_nc_u32_e32 v4, 0xbe, v3
	v_mul_lo_u32 v3, 0x9e3779b1, v3
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_xor_b32_e32 v2, v4, v2
	v_lshrrev_b32_e32 v4, 13, v4
	v_xor_b32_e32 v4, v2, v4
	v_alignbit_b32 v2, v2, v2, 25
	s_delay_alu instid0(VALU_DEP_2) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_add3_u32 v3, v3, v4, 0x6d2c521d
	v_mul_lo_u32 v4, v3, v3
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_xad_u32 v2, v3, v2, v4
	v_xor_b32_e32 v2, v2, v3
	global_store_b32 v[0:1], v2, off
.LBB0_2:
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel big_mix
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
		.amdhsa_next_free_vgpr 7
		.amdhsa_next_free_sgpr 16
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
		.amdhsa_inst_pref_size 63
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
	.set big_mix.numbered_sgpr, 16
	.set big_mix.num_named_barrier, 0
	.set big_mix.private_seg_size, 0
	.set big_mix.uses_vcc, 1
	.set big_mix.uses_flat_scratch, 0
	.set big_mix.has_dyn_sized_stack, 0
	.set big_mix.has_recursion, 0
	.set big_mix.has_indirect_call, 0
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 10092
; TotalNumSgprs: 18
; NumVgprs: 7
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 0
; VGPRBlocks: 0
; NumSGPRsForWavesPerEU: 18
; NumVGPRsForWavesPerEU: 7
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
    .name:           big_mix
    .private_segment_fixed_size: 0
    .sgpr_count:     18
    .sgpr_spill_count: 0
    .symbol:         big_mix.kd
    .uniform_work_group_size: 1
    .uses_dynamic_stack: false
    .vgpr_count:     7
    .vgpr_spill_count: 0
    .wavefront_size: 32
    .workgroup_processor_mode: 1
amdhsa.target:   amdgcn-amd-amdhsa--gfx1100
amdhsa.version:
  - 1
  - 2
...

	.end_amdgpu_metadata
