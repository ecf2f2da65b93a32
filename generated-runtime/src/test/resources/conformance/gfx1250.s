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
// bitop3: the truth table in the NEG/ABS/OMOD bits; decimal up to 10, hex above; no neg/abs/omod; before op_sel only
v_bitop3_b32 v9, v4, s7, v12 bitop3:0xc3
v_bitop3_b32 v9, v4, s7, v12 bitop3:10
v_bitop3_b32 v9, v4, s7, v12 bitop3:11
v_bitop3_b32 v9, s20, 0x4d2, v12 bitop3:300
v_bitop3_b16 v9, v4, s7, v12 bitop3:0x5a op_sel:[0,1,0,1]
v_bitop3_b16 v9, v4, s7, v12 op_sel:[0,1,0,1] bitop3:0x5a // bitop3 after op_sel: both reject
v_bitop3_b32 v9, -v4, s7, v12 // both reject
v_bitop3_b32 v9, v4, s7, v12 div:2 // both reject
// gfx1250 reads GFX12's program-counter names (_b64) as the _i64 instructions
s_getpc_b64 s[10:11]
s_setpc_b64 s[12:13]
s_swappc_b64 s[14:15], s[16:17]
s_rfe_b64 s[18:19]
s_call_b64 s[20:21], 12
// packed f32 sources are f32 constants; an SGPR source reads one register for both halves (op_sel/op_sel_hi bit 0)
v_pk_add_f32 v[10:11], 0x40800000, v[20:21]
v_pk_fma_f32 v[10:11], v[12:13], 0.25, 0xbe22f983
v_pk_mul_f32 v[10:11], v[12:13], 2.5
v_pk_mul_f32 v[10:11], s[6:7], v[20:21] op_sel_hi:[0,1]
v_pk_mul_f32 v[10:11], s[6:7], v[20:21] // op_sel_hi defaults to 1: both reject
v_pk_fma_f32 v[10:11], v[12:13], v[14:15], s[6:7] op_sel:[0,0,1] op_sel_hi:[1,1,0] // both reject
s_load_b64 s[8:9], s[4:5], 0x24 nv
global_store_b32 v[6:7], v9, off nv
// F8F6F4 matrix sources are as wide as matrix_a_fmt/matrix_b_fmt say: 16 registers (FP8/BF8), 12 (FP6/BF6), 8 (FP4)
v_wmma_f32_16x16x128_f8f6f4 v[16:23], v[32:43], v[48:63], v[64:71] matrix_a_fmt:MATRIX_FMT_BF6
v_wmma_f32_16x16x128_f8f6f4 v[16:23], v[32:47], v[48:55], v[64:71] matrix_b_fmt:MATRIX_FMT_FP4
v_wmma_f32_16x16x128_f8f6f4 v[16:23], v[32:39], v[48:59], v[64:71] matrix_a_fmt:MATRIX_FMT_FP4 matrix_b_fmt:MATRIX_FMT_FP6
v_wmma_f32_16x16x128_f8f6f4 v[16:23], v[32:43], v[48:63], v[64:71] // FP8 needs 16 registers: both reject
v_wmma_f32_16x16x128_f8f6f4 v[16:23], v[32:47], v[48:63], v[64:71] matrix_b_fmt:MATRIX_FMT_FP6 // both reject
// permlane swaps: fi and bound_ctrl (OP_SEL bits 0 and 1), no op_sel
v_permlane16_swap_b32_e64 v12, v30 bound_ctrl:1
v_permlane16_swap_b32_e64 v12, v30 fi:1
v_permlane16_swap_b32_e64 v12, v30 bound_ctrl:1 fi:1
v_permlane16_swap_b32_e64 v12, v30 fi:1 bound_ctrl:1 // fi before bound_ctrl: both reject
v_permlane16_swap_b32_e64 v12, v30 bound_ctrl:0
v_permlane16_swap_b32_e64 v12, v30 op_sel:[0,1] // both reject
// scaled conversions: scale_sel:N (0-15) in OP_SEL for V_CVT_SCALE_PK*; no clamp, omod, neg/abs or op_sel
v_cvt_scale_pk8_bf16_fp8 v[20:23], v[30:31], s9 scale_sel:6
v_cvt_scale_pk16_f16_bf6 v[20:27], v[30:32], v41 scale_sel:15
v_cvt_scale_pk8_bf16_fp8 v[20:23], v[30:31], s9 scale_sel:16 // both reject
v_cvt_scale_pk8_bf16_fp8 v[20:23], v[30:31], s9 op_sel:[0,1,0] // both reject
v_cvt_scalef32_pk8_fp8_bf16 v[20:21], v[30:33], v9 clamp // both reject
v_cvt_scalef32_pk8_fp4_f32 v20, v[30:37], v9 div:2 // both reject
v_cvt_scalef32_pk8_fp4_f32 v20, |v[30:37]|, v9 // both reject
scratch_load_b32 v10, v13, off offset:32
scratch_store_b64 v13, v[20:21], s7
global_wbinv scope:SCOPE_SYS
v_cvt_sr_bf8_f32 v8, v13, s4 byte_sel:2
v_cvt_f32_fp8_e64 v8, v13 byte_sel:3
// VGPR tuples start at an even register, as on gfx90a
v_add_f64 v[11:12], v[2:3], v[4:5] // both reject
global_load_b128 v[21:24], v[2:3], off // both reject
ds_load_2addr_b32 v[7:8], v1 offset0:1 offset1:2 // both reject
v_add_f64 v[10:11], v[2:3], v[4:5]
// Symbols: gfx1250 scalar and vector literal fixups.
gsym = 3
s_mov_b32 s0, gsym_u-1
v_lshlrev_b64 v[0:1], gsym_u, v[2:3]
v_mov_b64 v[0:1], gsym_u // both reject
s_mov_b64 s[0:1], gsym_u // KNOWN spec: amdisa has no 64-bit literal form of the scalar 64-bit instructions on gfx1250 (s_mov_b64 s[0:1], 0x123456789 is rejected too); llvm-mc-22 gives FK_PCRel_8
