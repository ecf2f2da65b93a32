// Assembly cases for gfx942, checked against llvm-mc-22 at test time (LlvmConformanceTest). One statement per line.
v_bfe_i32 v5, v1, v2, s3
v_bfe_i32 v5, -1, 0x12345, v255
v_bfe_i32 v5, v1, v2 // too few operands: both reject
// --- CDNA assembler cases (SOPK hex, gpr_idx, s_waitcnt commas, SMEM soffset+offset, no-VOP3 VOP1s, VOP3 op_sel dst)
s_movk_i32 s1, 6
s_movk_i32 s1, -6
s_cmpk_eq_i32 s1, 0x6
s_cmpk_lg_u32 s1, 0xffff
s_addk_i32 s1, 0x7b
s_mulk_i32 s1, -5
s_cmovk_i32 s1, 0xffff
s_waitcnt vmcnt(0), lgkmcnt(15)
s_waitcnt vmcnt(1) , expcnt(2), lgkmcnt(3)
s_waitcnt vmcnt(0) & expcnt(0) & lgkmcnt(0)
s_set_gpr_idx_mode gpr_idx(SRC0,DST)
s_set_gpr_idx_mode gpr_idx()
s_set_gpr_idx_mode gpr_idx(DST,SRC2,SRC1,SRC0)
s_set_gpr_idx_mode 15
s_set_gpr_idx_mode 16 // out of the 4-bit range: both reject
s_set_gpr_idx_mode gpr_idx(SRC0,SRC0) // duplicate mode: both reject
s_set_gpr_idx_on s0, gpr_idx(SRC0,SRC1,SRC2,DST)
s_set_gpr_idx_on vcc_lo, gpr_idx(SRC1)
s_set_gpr_idx_on 0x1234, gpr_idx(SRC0)
s_set_gpr_idx_on s1, 7
s_load_dword s1, s[2:3], s4 offset:0x10
s_store_dword s1, s[2:3], s4 offset:0x10
s_load_dword s1, s[2:3], m0 offset:-1
s_atc_probe 7, s[4:5], s2 offset:0x10
s_load_dword s1, s[2:3], 0x4 offset:0x10 // immediate offset twice: both reject
s_load_dword s1, s[2:3], 0x100000 // past the 21-bit signed range: both reject
s_load_dword s1, s[2:3], -0x100000
s_buffer_load_dword s1, s[4:7], 0xfffff
s_buffer_load_dword s1, s[4:7], -1 // s_buffer offsets are 20-bit unsigned: both reject
v_swap_b32 v1, v2
v_swap_b32_e32 v255, v0
v_swap_b32_e64 v1, v2 // no VOP3 form in LLVM: both reject
v_readfirstlane_b32_e64 s1, v2 // no VOP3 form in LLVM: both reject
v_nop_e64
v_clrexcp_e64
v_nop_e32
v_pack_b32_f16 v1, v2, v3 op_sel:[1,1,1]
v_pack_b32_f16 v1, v2, v3 op_sel:[0,0,1]
v_fma_f16 v1, v2, v3, v4 op_sel:[0,0,0,1]
v_mad_u16 v1, v2, v3, v4 op_sel:[0,1,0,1]
v_cvt_pknorm_i16_f16 v1, v2, v3 op_sel:[0,1,1]
v_mov_b32 v1, 0.15915494
v_add_f32_e64 v1, -v2, |s3| clamp mul:2
v_cndmask_b32_e64 v1, -v2, |v3|, s[4:5]
v_add_co_u32_e64 v1, s[4:5], v2, v3 clamp
v_cmp_class_f32_e64 s[4:5], -v2, 4
v_mov_b32_dpp v1, v2 row_bcast:15 row_mask:0xa bank_mask:0x1
v_add_f32_sdwa v1, v2, v3 dst_sel:WORD_1 dst_unused:UNUSED_PRESERVE src0_sel:BYTE_0 src1_sel:WORD_0
v_mov_b32_sdwa v1, -1 src0_sel:BYTE_3
v_cmp_eq_f32_sdwa s[4:5], v2, v3 src0_sel:WORD_1
ds_read_b32 v5, v1 offset:65535
ds_write2st64_b64 v1, v[2:3], v[4:5] offset1:1
ds_swizzle_b32 v5, v1 offset:0xffff
global_load_dword v1, v2, s[4:5] offset:-4096
global_atomic_add v1, v[2:3], v4, off glc
buffer_load_dword v1, v2, s[4:7], s1 offen offset:4
buffer_store_dword v1, off, s[4:7], m0 offset:7
tbuffer_load_format_x v1, off, s[4:7], s1 format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_FLOAT]
s_getreg_b32 s1, hwreg(HW_REG_TRAPSTS, 8, 2)
s_sendmsg sendmsg(MSG_GS, GS_OP_CUT, 1)
// --- gfx90a+ : even-aligned VGPR tuples, no GDS
ds_add_u32 v1, v2 gds // no GDS on gfx90a+: both reject
ds_read2_b32 v[5:6], v1 offset0:1 offset1:2 // odd VGPR pair: both reject
ds_read2_b32 v[6:7], v1 offset0:1 offset1:2
global_load_dwordx2 v[1:2], v[2:3], off // odd VGPR pair: both reject
v_add_f64 v[2:3], v[1:2], v[4:5] // odd VGPR pair: both reject
v_fma_f64 v[2:3], v[4:5], v[6:7], v[8:9]
v_pk_fma_f32 v[1:2], v[2:3], v[4:5], v[6:7] // odd VGPR pair: both reject
tbuffer_load_format_xyzw v[1:4], v2, s[4:7], s1 format:[BUF_DATA_FORMAT_32_32_32_32] idxen offset:4 // odd tuple: both reject
buffer_load_dwordx2 v[2:3], off, s[4:7], s1
// --- swizzle macro, legacy dfmt/nfmt, AGPR sources, mix modifiers, integer VOP3 sources, SDWA sext
ds_swizzle_b32 v5, v1 offset:swizzle(QUAD_PERM,0,1,2,3)
ds_swizzle_b32 v5, v1 offset:swizzle(BITMASK_PERM,"01pip")
ds_swizzle_b32 v5, v1 offset:swizzle(BROADCAST,2,0)
ds_swizzle_b32 v5, v1 offset:swizzle(SWAP,16)
ds_swizzle_b32 v5, v1 offset:swizzle(REVERSE,8)
ds_swizzle_b32 v5, v1 offset:swizzle(SWAP,3) // not a power of two: both reject
tbuffer_load_format_x v1, off, s[4:7], dfmt:1, nfmt:2, s1
tbuffer_load_format_x v1, off, s[4:7], dfmt:15 nfmt:2 s1
tbuffer_load_format_x v1, off, s[4:7], dfmt:3, s1 offset:4
v_accvgpr_read_b32 v1, a1
v_accvgpr_read v1, a255
v_accvgpr_read_b32 v1, v1 // VGPR source: both reject
v_accvgpr_write_b32 a1, -1
v_fma_mixlo_f16 v0, |v1|, -v2, v3 clamp
v_fma_mix_f32 v0, -|v1|, v2, v3 op_sel_hi:[1,1,0]
v_mov_b32_e64 v1, -v2 // integer source: both reject
v_add_u32_e64 v1, |v2|, v3 // integer source: both reject
v_cvt_f32_i32_sdwa v1, sext(v2) src0_sel:WORD_1
// --- gfx940: negated cache bits, MFMA names of gfx908/gfx90a, scratch SVE
v_accvgpr_mov_b32 a1, a2
global_load_dword v2, v[2:3], off nosc0
global_load_dword v2, v[2:3], off sc0 nont
v_mfma_f32_32x32x1f32 a[0:31], v0, v1, a[0:31] cbsz:1 abid:1 blgp:2
v_mfma_f32_4x4x4f16 a[0:3], v[0:1], v[2:3], a[0:3]
v_mfma_f32_32x32x4bf16_1k a[0:31], v[0:1], v[2:3], a[0:31]
v_mfma_f64_16x16x4f64 a[0:7], v[0:1], v[2:3], a[0:7] neg:[1,1,0] // KNOWN spec: the CDNA3/4 reconstructions name the F64 MFMA neg bits BLGP (llvm-mc-22 v_mfma_f64_16x16x4_f64 ... neg:[1,1,0], bits 61-63), so amdisa reads no neg:[...] there
v_mfma_i32_4x4x4i8 a[0:3], v0, v1, a[0:3]
scratch_load_dword v1, v2, s4
scratch_load_dword v1, v2, off
// --- a literal dword claimed by two operands (a spec SOPC form of s_set_gpr_idx_on with the mode in the literal slot)
s_set_gpr_idx_on 0x1234abcd, 0x31 // mode out of range: both reject (the literal must not be dropped)
// --- MFMA names without block count or type underscore (and _1k for the gfx90a bf16 MFMAs)
v_mfma_f32_4x4x4bf16 v[4:7], v[8:9], v[10:11], v[4:7]
v_mfma_f32_4x4x4bf16_1k v[4:7], v[8:9], v[10:11], v[4:7]
v_smfmac_f32_32x32x16f16 v[0:15], v[16:17], v[18:21], v22
v_mfma_f32_32x32x4xf32 v[0:15], v[16:17], v[18:19], v[0:15]
v_smfmac_i32_32x32x32i8 a[0:15], v[16:17], v[18:21], v22
// --- VOP3P dot op_sel: none on the integer dot4/dot8; gfx940+ takes no op_sel_hi and only a zero op_sel
v_dot2_f32_f16 v10, v11, v12, v13 op_sel:[0,0,0]
v_dot2_i32_i16 v10, v11, v12, v13 op_sel:[0,1,0] // nonzero op_sel on gfx940+: both reject
v_dot2_u32_u16 v10, v11, v12, v13 op_sel_hi:[1,1,1] // op_sel_hi on gfx940+: both reject
v_dot8_i32_i4 v10, v11, v12, v13 op_sel:[0,0,0] // no op_sel operand: both reject
// --- cache-policy words an instruction's LLVM operand list lacks: both reject (amdisa had set the bit silently)
s_memtime s[0:1] glc
s_dcache_wb glc
s_memrealtime s[2:3] glc
buffer_wbl2 sc0 sc1
buffer_inv sc1
// --- gfx940 FP8/BF8 packing conversions: op_sel printed; no clamp; VOP1 fp8 sources take no op_sel
v_cvt_pk_fp8_f32 v1, v2, v3 op_sel:[0,0,1]
v_cvt_sr_fp8_f32 v1, v2, v3 op_sel:[0,0,1,1]
v_cvt_sr_bf8_f32 v1, v2, v3 op_sel:[0,0,0,1]
v_cvt_sr_fp8_f32 v1, v2, s3 clamp
v_cvt_f32_fp8_e64 v1, v2 op_sel:[1,1]
v_cvt_f32_bf8_e64 v1, v2 op_sel:[0,1]
// --- FLAT atomics: the return bit (sc0) matches the written destination
flat_atomic_add_f32 v4, v[2:3], v1 sc0
flat_atomic_add_f32 v4, v[2:3], v1 // must use sc0: both reject
flat_atomic_add_f32 v[2:3], v1 sc0 // must not use sc0: both reject
