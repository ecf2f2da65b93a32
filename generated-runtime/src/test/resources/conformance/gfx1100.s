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
// WMMA: clamp only with an integer result, op_sel only with a 16-bit result
v_wmma_f32_16x16x16_bf16 v[24:31], v[0:7], v[8:15], v[24:31] clamp
v_wmma_i32_16x16x16_iu4 v[24:31], v[0:1], v[2:3], v[24:31] clamp
v_wmma_f32_16x16x16_f16 v[24:31], v[0:7], v[8:15], v[24:31] op_sel:[0,0,1]
v_wmma_bf16_16x16x16_bf16 v[24:31], v[0:7], v[8:15], v[24:31] op_sel:[0,0,1]
v_wmma_i32_16x16x16_iu8 v[24:31], v[0:3], v[4:7], v[24:31] op_sel:[0,0,1]
// GFX10's s_inst_prefetch is LLVM's other name for s_set_inst_prefetch_distance
s_inst_prefetch 0x2
// a 16-bit half of v128 and above as a destination needs the VOP3 form (the e32 field has 7 index bits)
v_add_f16 v200.l, v3.l, v4.l
v_cvt_f16_f32 v170.h, s9
v_ceil_f16 v140.l, v6.h quad_perm:[2,3,0,1]
scratch_load_b32 v10, v13, off offset:32
scratch_store_b64 v13, v[20:21], s7
// GFX10 names of the bit-scan SALU instructions LLVM still reads on GFX11+ (as s_ctz/s_clz/s_cls)
s_ff1_i32_b32 s9, s4
s_ff1_i32_b64 s9, s[6:7]
s_flbit_i32_b32 s9, 0x1234
s_flbit_i32_b64 s9, s[6:7]
s_flbit_i32 s9, s4
s_flbit_i32_i64 s9, s[6:7]
// --- FLAT atomics: the return bit (glc) matches the written destination; FLAT-segment offsets are unsigned
global_atomic_add_u32 v1, v[3:4], v5, off glc
global_atomic_add_u32 v1, v[3:4], v5, off // must use glc: both reject
global_atomic_add_u32 v[3:4], v5, off glc // must not use glc: both reject
flat_load_b32 v1, v[3:4] offset:4095 // the largest GFX11 FLAT-segment offset (12 bits)
flat_load_b32 v1, v[3:4] offset:4096 // fits the 13-bit field, but not LLVM's 12-bit unsigned range: both reject
flat_load_b32 v1, v[3:4] offset:-1 // both reject
scratch_load_b32 v1, off, off offset:-1 // scratch offsets are signed
// --- GFX10+ images: dim required, address dwords by dim and a16
image_sample v[1:4], v[2:3], s[4:11], s[12:15] dmask:0xf // missing dim operand: both reject
image_load v[1:4], v[2:4], s[4:11] dmask:0xf dim:SQ_RSRC_IMG_2D // both reject
image_sample_c_d_cl_o v[1:4], [v2, v3, v4, v[5:14]], s[4:11], s[12:15] dmask:0xf dim:SQ_RSRC_IMG_3D
// --- GFX10 names of the mixed-sign dot products
v_dot4_i32_i8 v0, v1, v2, v3 // llvm-mc-22 reads it as v_dot4_i32_iu8
v_dot8_i32_i4 v0, v1, v2, v3 neg_lo:[1,1,0] // ... and this as v_dot8_i32_iu4
// Symbols: VOP3 integer sources take a literal fixup, VOPD halves do not.
gsym = 3
v_mad_u32_u24 v0, gsym_u, v1, v2
v_add_nc_u32_e64 v0, v1, gsym_u
v_dual_mov_b32 v0, gsym_u :: v_dual_mov_b32 v1, v2 // both reject
v_mov_b32 v0, gsym*1000
// Older names: llvm-mc-22 reads v_add_u32 as v_add_nc_u32 here, not v_add_u16 or ds_cmpst_* (both reject)
v_add_u16 v1, v2, v3
v_add_u32 v1, v2, v3
ds_cmpst_b32 v1, v2, v3
v_alignbit_b32 v1, v2, v3, 0x3f800000
