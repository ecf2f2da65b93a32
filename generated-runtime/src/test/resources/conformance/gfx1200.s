// Assembly cases for gfx1200, checked against llvm-mc-22 at test time (LlvmConformanceTest). One statement per line.
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
image_atomic_add_uint v1, v2, s[0:7] dmask:0x2 dim:SQ_RSRC_IMG_1D
image_gather4 v[0:3], v1, s[0:7], s[8:11] dmask:0x3 dim:SQ_RSRC_IMG_1D
// VINTERP neg (bits 61-63); VOP3SD neg without an abs field; integer VOP3 sources take no neg/abs
v_interp_p10_f32 v7, -v4, v9, -v12 wait_exp:2
v_interp_p2_f16_f32 v7, v4, -v9, v12 op_sel:[0,1,0,0]
v_interp_p2_rtz_f16_f32 v20, -v13, -v14, -v15 clamp
v_interp_p10_f32 v7, |v4|, v9, v12 // KNOWN llvm-quirk: llvm-mc-22 takes |v4| but VINTERP has no abs field and its bytes drop it; amdisa refuses the text that would not round-trip
v_div_scale_f64 v[10:11], vcc_lo, -v[8:9], v[6:7], -v[4:5]
v_div_scale_f32 v9, s14, v8, -v7, v6 div:2
v_mad_u64_u32 v[10:11], s12, -v8, v7, v[4:5]
// VOPD: a literal with any X instruction, the Y-only opcodes 16-18, the pair's constant bus, src2 banks (reg % 2)
v_dual_mul_f32 v11, 0x40a00000, v3 :: v_dual_add_nc_u32 v8, v1, v6
v_dual_max_f32 v13, v5, v2 :: v_dual_fmaak_f32 v20, v7, v9, 0x3e800000
v_dual_mov_b32 v13, 0x7b :: v_dual_lshlrev_b32 v20, 0x7b, v9
v_dual_min_f32 v13, s3, v2 :: v_dual_and_b32 v20, -4, v9
v_dual_and_b32 v3, v1, v2 :: v_dual_mul_f32 v4, v5, v6
v_dual_sub_f32 v21, s7, v3 :: v_dual_cndmask_b32 v30, s9, v4
v_dual_sub_f32 v21, vcc_lo, v3 :: v_dual_cndmask_b32 v30, s9, v4
v_dual_sub_f32 v21, s7, v3 :: v_dual_cndmask_b32 v30, s7, v4
v_dual_fmamk_f32 v16, v1, 0x1234, v7 :: v_dual_fmac_f32 v17, v2, v3
v_dual_fmamk_f32 v16, v1, 0x1234, v6 :: v_dual_fmac_f32 v17, v2, v3
v_dual_fmamk_f32 v16, 0x42, 0x43, v7 :: v_dual_mov_b32 v17, v2
v_dual_fmac_f32 v16, v1, v2
// WMMA/SWMMAC: clamp only with an integer result; no op_sel (16-bit results are packed)
v_wmma_f32_16x16x16_f16 v[24:31], v[0:3], v[4:7], v[24:31] clamp
v_wmma_i32_16x16x16_iu8 v[24:31], v[0:1], v[2:3], v[24:31] clamp
v_wmma_f16_16x16x16_f16 v[24:27], v[0:3], v[4:7], v[24:27] op_sel:[0,0,1]
v_swmmac_f32_16x16x32_f16 v[24:31], v[0:3], v[4:11], v20 clamp
// scratch with a VGPR address sets SVE; address-less global instructions write SADDR null
scratch_load_b32 v10, v13, off offset:32
scratch_store_b64 v13, v[20:21], s7
scratch_load_b96 v[10:12], off, s7 offset:-16
global_wb scope:SCOPE_DEV
global_inv scope:SCOPE_SE
buffer_store_b32 v7, off, s[12:15], s9 offset:8388607
buffer_store_b32 v7, off, s[12:15], s9 offset:8388608 // 23-bit unsigned: both reject
tbuffer_load_format_xy v[7:8], off, s[12:15], s9 format:[BUF_FMT_32_32_FLOAT] offset:-8 // both reject
// byte_sel of the FP8/BF8 conversions (OP_SEL bits 2-3 for v_cvt_sr_*, 1 and 0 for v_cvt_f32_*)
v_cvt_sr_fp8_f32 v8, v13, s4 byte_sel:3
v_cvt_sr_bf8_f32 v8, 0.5, v14 byte_sel:1
v_cvt_f32_bf8_e64 v8, v13 byte_sel:2
v_cvt_f32_fp8_e64 v8, s13 byte_sel:1
v_cvt_sr_fp8_f32 v8, v13, s4 op_sel:[0,0,1,0] // both reject
// GFX12 SWMMAC index_key (OP_SEL bit 0 in wave32), no op_sel
v_swmmac_f16_16x16x32_f16 v[40:43], v[50:53], v[60:67], v70 index_key:1
v_swmmac_i32_16x16x32_iu8 v[40:47], v[50:51], v[60:63], v70 index_key:1 neg_lo:[1,0,0]
v_swmmac_f32_16x16x32_bf16 v[40:47], v[50:53], v[60:67], v70 index_key:2 // out of range in wave32: both reject
v_swmmac_f32_16x16x32_fp8_bf8 v[40:47], v[50:51], v[60:63], v70 op_sel:[1,0,0] // both reject
// GFX10 names of the bit-scan SALU instructions LLVM still reads on GFX11+ (as s_ctz/s_clz/s_cls)
s_ff1_i32_b32 s9, s4
s_ff1_i32_b64 s9, s[6:7]
s_flbit_i32_b32 s9, 0x1234
s_flbit_i32_b64 s9, s[6:7]
s_flbit_i32 s9, s4
s_flbit_i32_i64 s9, s[6:7]
// --- GFX12 FP8/BF8 conversions with op_sel: same bytes as llvm-mc-22 (the printed text does not show op_sel yet)
v_cvt_pk_fp8_f32 v1, v2, v3 op_sel:[0,0,1]
v_cvt_pk_f32_fp8_e64 v[2:3], v3 op_sel:[1,0]
// --- FLAT atomics: a written return destination needs th:TH_ATOMIC_RETURN
global_atomic_add_u32 v1, v[3:4], v5, off th:TH_ATOMIC_RETURN
global_atomic_add_u32 v1, v[3:4], v5, off // must use th:TH_ATOMIC_RETURN: both reject
global_atomic_add_u32 v[3:4], v5, off th:TH_ATOMIC_RETURN // llvm-mc-22 takes the return bit without a destination
flat_load_b32 v1, v[3:4] offset:-1 // GFX12 FLAT offsets are signed
// --- each modifier once
global_load_b32 v3, v[0:1], off th:TH_LOAD_NT th:TH_LOAD_NT // both reject
global_load_b32 v3, v[0:1], off scope:SCOPE_SE scope:SCOPE_SE // both reject
global_load_b32 v3, v[0:1], off th:TH_LOAD_NT scope:SCOPE_SE
v_mov_b32_dpp v1, v2 quad_perm:[0,1,2,3] row_mask:0xf row_mask:0xf // both reject
// --- GFX10+ images: dim required, address registers by dim and a16
image_load v[1:4], v2, s[4:11] dmask:0xf // missing dim operand: both reject
image_load v[1:4], v2, s[4:11] dmask:0xf dim:SQ_RSRC_IMG_2D // both reject (amdisa had read v0 as the second)
image_load v[1:4], [v2, v3], s[4:11] dmask:0xf dim:SQ_RSRC_IMG_1D // both reject
image_msaa_load v[1:4], v5, s[8:15] dmask:0xf dim:SQ_RSRC_IMG_1D // invalid dim; must be MSAA type: both reject
// --- GFX10 names of the mixed-sign dot products
v_dot4_i32_i8 v0, v1, v2, v3 clamp // llvm-mc-22 reads it as v_dot4_i32_iu8
// Symbols: GFX12 scalar and vector literal fixups.
gsym = 3
s_add_co_u32 s0, s1, gsym_u
v_xad_u32 v0, gsym_u, v1, v2
s_lshl_b64 s[0:1], s[2:3], gsym_u
s_cselect_b32 s0, gsym*100, s1
// Older names: llvm-mc-22 reads v_add_u32 as v_add_nc_u32 here, not v_add_u16 or ds_cmpst_* (both reject)
v_add_u16 v1, v2, v3
v_add_u32 v1, v2, v3
ds_cmpst_b32 v1, v2, v3
v_alignbit_b32 v1, v2, v3, 0x3f800000
