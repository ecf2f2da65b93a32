// Assembly cases for gfx1250, checked against llvm-mc-22 at test time (LlvmConformanceTest). One statement per line.
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
// Constant bus: gfx1250 limits only v_lshlrev_b64 among the 64-bit shifts; 32- and 64-bit uses of one literal count twice
v_lshrrev_b64 v[0:1], s1, s[0:1]
v_lshlrev_b64 v[0:1], s1, s[0:1]
v_ashrrev_i64 v[0:1], s1, s[0:1]
v_lshl_add_u64 v[0:1], 0x1234, 0x1234, s[0:1]
v_lshl_add_u64 v[0:1], 0x1234, 0x1234, v[0:1]
v_perm_pk16_b4_u4 v[48:49], 0x12a0f7dc, s52, 0x12a0f7dc
// --- F8F6F4 WMMA tuple widths from matrix_a_fmt / matrix_b_fmt; VOP3 permlane swap bound_ctrl/fi
v_wmma_f32_16x16x128_f8f6f4 v[0:7], v[8:15], v[16:31], v[40:47] matrix_a_fmt:MATRIX_FMT_FP4
v_wmma_f32_16x16x128_f8f6f4 v[0:7], v[8:23], v[24:35], v[40:47] matrix_b_fmt:MATRIX_FMT_BF6
v_wmma_f32_16x16x128_f8f6f4 v[0:7], v[8:23], v[24:39], v[40:47] matrix_a_fmt:MATRIX_FMT_FP6 // A too wide: both reject
v_permlane16_swap_b32 v5, v6 bound_ctrl:1 fi:1
v_permlane16_swap_b32 v5, v6 bound_ctrl:0
