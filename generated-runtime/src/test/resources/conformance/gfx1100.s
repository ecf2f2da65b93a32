// Assembly cases for gfx1100, checked against llvm-mc-22 at test time (LlvmConformanceTest). One statement per line.
v_bfe_i32 v5, v1, v2, s3
v_bfe_i32 v5, -1, 0x12345, v255
v_bfe_i32 v5, v1, v2 // too few operands: both reject
s_clause 0x3f
s_movk_i32 s5, 0x3f
s_movk_i32 s5, -3
s_cmpk_eq_u32 s5, 7
s_and_b32 s4, s2, lit(0x40)
s_and_b32 s4, lit(1.0), s2
v_permlane16_b32 v5, v1, s2, s3 op_sel:[1,1]
v_permlane16_b32 v5, v1, s2, s3 op_sel:[1,0]
v_permlanex16_b32 v5, v1, s2, s3 op_sel:[0,1]
v_add_nc_u16 v5, v1, v2 op_sel:[0,1,1] // op_sel's last element is the destination (bit 3)
v_add_nc_u16 v5, v1, v2 op_sel:[1,1,1]
v_sub_nc_i16 v5, v1, v2 op_sel:[0,0,1]
v_mad_u16 v5, v1, v2, v3 op_sel:[0,0,1,1]
v_pack_b32_f16 v5, v1, v2 op_sel:[1,0,0]
v_cvt_pk_norm_i16_f16 v5, v1, v2 op_sel:[0,1,0]
v_fma_f16 v5, v1, v2, v3
v_fma_f16 v5.l, v1.h, v2.l, v3.l
v_add_f16 v5, v1, v2
v_add_f16_e64 v5, v1, v200
v_add_f16 v5.h, v1.l, v2.h
v_cvt_f16_f32 v5, v1
v_cmp_eq_f16 vcc_lo, v1, v2
v_add_nc_i16 v5, v1, v2 op_sel:[1,0,1]
v_add_nc_i16 v5.h, v1.h, v2.l
// gfx1100 VOP3 DPP: src1 is a VGPR (gfx1150 and later take SGPRs and inline constants)
v_add_f32_e64_dpp v1, v2, 1 quad_perm:[0,1,2,3]
v_add_f32_e64_dpp v1, v2, s3 quad_perm:[0,1,2,3]
v_fma_f32_e64_dpp v1, v2, v3, s4 quad_perm:[0,1,2,3]
v_or3_b32 v64, 0xb62a516, s53, s22
v_lshrrev_b64 v[226:227], 0x76035396, 0x76035396
s_call_b64 s[0:1], -4
scratch_load_b32 v10, v13, off offset:32
scratch_store_b64 v13, v[20:21], s7
