// Assembly cases for gfx908, checked against llvm-mc-22 at test time (LlvmConformanceTest). One statement per line.
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
// --- scratch addressing before gfx940 (no SVE bit)
v_accvgpr_mov_b32 a1, a2
scratch_load_dword v1, v2, off offset:4095
scratch_store_dword v2, v1, off
scratch_load_dword v1, off, s4
scratch_load_dword v1, off, off // no address at all: both reject before gfx940
scratch_load_dword v1, v2, s4 // VGPR and SGPR address: both reject before gfx940
v_mfma_f32_32x32x1f32 a[0:31], v1, v2, a[16:47]
v_mfma_f32_4x4x1f32 a[0:3], v1, v2, a[2:5]
// DS *_src2_* forms take only the address
ds_xor_src2_b32 v1 offset:4
ds_max_src2_u64 v1 offset:65535 gds
ds_xor_src2_b32 v187, v154, v122, v204
s_call_b64 s[0:1], -4
// --- a literal dword claimed by two operands (a spec SOPC form of s_set_gpr_idx_on with the mode in the literal slot)
s_set_gpr_idx_on 0x1234abcd, 0x31 // mode out of range: both reject (the literal must not be dropped)
// --- src_lds_direct (source code 254) is a register on gfx908, not a literal; LLVM's lds_direct rules
v_mov_b32 v7, src_lds_direct
v_sub_f32_e64 v7, lds_direct, v9
v_addc_co_u32_e64 v7, s[10:11], src_lds_direct, v9, vcc
v_max_u32_e64 v7, v8, src_lds_direct // not the first source: both reject
v_subrev_f32 v7, src_lds_direct, v9 // reversed-operand instruction: both reject
v_mul_f32_sdwa v7, src_lds_direct, v9 src0_sel:BYTE_2 // SDWA: both reject
// --- acc register names; gfx908 accvgpr_write and MFMA accumulator source rules; MUBUF lds has no data operand
v_accvgpr_write_b32 acc12, -3
v_accvgpr_read_b32 v9, acc200
v_mfma_f32_16x16x1f32 acc[16:31], v4, v5, acc[16:31] blgp:3
v_accvgpr_write_b32 a6, s7 // gfx908 reads a VGPR or an inline constant: both reject
v_mfma_f32_16x16x1f32 a[16:31], v4, v5, 0.5 // no inline accumulator on gfx908: both reject
buffer_load_ushort off, s[8:11], s2 offset:40 lds
buffer_load_dword v6, off, s[8:11], s2 lds // a data register with lds: both reject
buffer_store_byte v6, off, s[8:11], s2 lds // a store with lds: both reject
// --- VOP3P dot op_sel: gfx908 takes it on the 16-bit dots, not on dot4/dot8
v_dot2_i32_i16 v10, v11, v12, v13 op_sel:[0,1,0] op_sel_hi:[1,0,1]
v_dot4_u32_u8 v10, v11, v12, v13 op_sel_hi:[1,1,1] // no op_sel_hi operand: both reject
// LDS-DMA loads: no data operand (the scratch/global bit is the reconstruction's SVE)
buffer_load_sbyte off, s[12:15], s5 offset:8 lds
scratch_load_dword v9, off offset:16 lds
global_load_ushort v[6:7], off lds
buffer_load_dword v3, off, s[12:15], s5 lds // a data operand: both reject
buffer_store_dword off, s[12:15], s5 lds // both reject
// VOP3-only instructions take _e64; a VOP2 e32 form may leave out its implicit vcc operands (GFX9 DPP may not)
v_med3_f32_e64 v1, v2, v3, v4
v_cndmask_b32 v3, v4, v5
v_cndmask_b32_dpp v3, v4, v5 row_shl:1 // both reject
v_mov_b32_dpp v3, -v4 row_shl:2 // DPP integer source: both reject
// --- cache-policy words an instruction's LLVM operand list lacks: both reject (amdisa had set the bit silently)
s_memtime s[0:1] glc
s_dcache_wb glc
s_memrealtime s[2:3] glc
// --- FLAT atomics: the return bit (glc) matches the written destination; FLAT-segment offsets are unsigned
flat_atomic_cmpswap v0, v[1:2], v[3:4] glc // returning form
flat_atomic_cmpswap v[1:2], v[3:4] slc // no-return form
flat_atomic_cmpswap v0, v[1:2], v[3:4] // must use glc: both reject (amdisa had dropped v0)
flat_atomic_cmpswap v[1:2], v[3:4] glc // must not use glc: both reject (amdisa had invented a v0 destination)
global_atomic_add v1, v[3:4], v5, off // must use glc: both reject
global_atomic_add v[3:4], v5, off glc // must not use glc: both reject
flat_load_dword v1, v[3:4] offset:-1 // 12-bit unsigned offset: both reject (amdisa had wrapped it to 4095)
flat_load_dword v1, v[3:4] offset:4095 // the largest FLAT-segment offset
global_load_dword v1, v[3:4], off offset:-1 // global offsets are signed
flat_atomic_add v[3:4], v5 inst_offset:8 slc // inst_offset is LLVM's other name of a FLAT offset
buffer_load_dword v1, off, s[4:7], s1 inst_offset:8 // but not of a buffer offset: both reject
// --- each modifier once: llvm-mc-22 rejects a repeat (cache flags, set or negated: duplicate cache policy modifier)
global_load_dword v3, v[0:1], off slc glc glc // both reject
global_load_dword v3, v[0:1], off slc glc noglc // both reject
global_load_dword v3, v[0:1], off noglc slc // a negated flag once is fine
buffer_load_dword v1, v2, s[4:7], s1 offen offen // both reject
v_add_f32_e64 v1, v2, v3 clamp clamp // both reject
ds_read_b32 v1, v2 gds gds // both reject
v_mov_b32_dpp v1, v2 row_shl:1 row_shr:1 // two DPP controls: both reject
// Symbols: GFX9 VOP3 has no literal, so a relocatable VOP3 source is rejected.
gsym = 3
v_bfe_u32 v0, v2, v3, gsym
v_bfe_u32 v0, v2, v3, gsym_u // both reject: literal operands are not supported
v_mov_b32_sdwa v1, sext(gsym-4)
v_pk_add_u16 v1, v2, v3 op_sel:[gsym-2,gsym-3]
