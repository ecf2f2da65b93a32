// Assembly cases for gfx1010, checked against llvm-mc-22 at test time (LlvmConformanceTest). One statement per line.
v_bfe_i32 v5, v1, v2, s3
v_bfe_i32 v5, -1, 0x12345, v255
v_bfe_i32 v5, v1, v2 // too few operands: both reject
// Counter lists, scalar literals, VOP3 op_sel destination bit, mix sources
s_movk_i32 s4, 0x1
s_movk_i32 vcc_lo, 0
s_cmpk_eq_u32 s1, 0x40
s_addk_i32 m0, 0xfff0
s_mulk_i32 s100, -3
s_waitcnt_vscnt null, 0x0
s_waitcnt_vmcnt s2, 0x3f
s_waitcnt_expcnt null, 0x1
s_waitcnt_lgkmcnt ttmp0, 0x0
s_clause 0x3
s_round_mode 0x1
s_denorm_mode 3
s_inst_prefetch 0x2
s_ttracedata_imm 0x7
s_nop 5
s_sleep 2
s_setprio 3
s_waitcnt vmcnt(0), lgkmcnt(0)
s_waitcnt vmcnt(1) & expcnt(2) & lgkmcnt(3)
s_waitcnt_depctr depctr_va_vdst(3), depctr_vm_vsrc(2)
s_waitcnt_depctr depctr_sa_sdst(0) & depctr_va_sdst(1)
s_mul_hi_u32 s10, 0, s1
s_mul_hi_u32 s10, lit(0x40), s1
s_add_u32 s0, 0x3f800000, s2
s_and_b32 s5, s1, 0x12345678
s_cmp_eq_u32 s1, 0x40
s_cmp_lg_i32 lit(0), s7
s_mov_b32 s3, 0xffffffc0
s_bfe_u32 s2, 0xffff, 0x10010
s_and_b64 s[2:3], s[4:5], 0x7f
v_sub_nc_u16 v5, v1, v2 op_sel:[0,0,1]
v_sub_nc_u16 v5, v1, v2 op_sel:[1,0,1]
v_add_nc_u16 v5, v1, v2 op_sel:[0,1,1]
v_mul_lo_u16 v5, v1, v2 op_sel:[1,1,1]
v_max_i16 v5, v1, v2 op_sel:[0,0,1]
v_cvt_f16_u16_e64 v5, v1 clamp
v_div_fixup_f16 v5, v1, v2, v3 op_sel:[0,0,0,1]
v_mad_u16 v5, v1, v2, v3 op_sel:[1,0,0,1]
v_fma_mix_f32 v2, 0x3c00, v1, s4
v_fma_mix_f32 v2, 0x5678, v1, s4
v_fma_mixlo_f16 v2, 1.0, v1, v3 op_sel_hi:[0,1,1]
v_fma_mixhi_f16 v2, v1, v2, v3 op_sel:[1,0,0]
v_pk_add_f16 v5, v1, 0x12345678
v_pk_fma_f16 v5, v1, v2, 0xaf123456
v_add3_u32 v5, v1, v2, s101
v_add_co_ci_u32_e64 v5, s12, v1, v2, s6
v_add_co_u32 v5, s0, v1, ttmp11
v_div_fixup_f32 v5, -v1, -v2, -v3
v_cvt_u32_f64_e64 v5, |v[1:2]|
// llvm-mc-22's own spelling of the disassembled cases above
s_max_i32 s97, vcc_hi, s60
s_lshl1_add_u32 s0, -0.5, 0xc1000000
s_add_u32 ttmp2, 0x56, s101
s_lshl_b64 vcc, ttmp[14:15], s37
s_mul_hi_u32 s4, 0xffffffc0, 0xffffffc0
s_and_b64 s[2:3], 64, s[100:101]
s_xnor_b32 s104, vcc_hi, -1
s_lshl4_add_u32 vcc_lo, s65, s34
s_pack_ll_b32_b16 vcc_lo, 0.15915494, 0.15915494
s_sub_i32 ttmp0, s104, null
s_pack_hh_b32_b16 ttmp0, s0, s104
s_mul_i32 s0, s70, vcc_hi
s_cselect_b64 ttmp[0:1], s[20:21], s[82:83]
s_absdiff_i32 s100, s3, s101
s_min_i32 vcc_lo, s104, src_private_limit
s_max_u32 null, s90, s103
s_cmpk_lg_i32 s100, 0xffff
s_waitcnt_vmcnt ttmp0, 0xffff
s_waitcnt_expcnt s2, 0x0
s_waitcnt_lgkmcnt vcc_lo, 0x0
s_call_b64 s[100:101], 1
s_getreg_b32 s104, hwreg(0, 0, 1)
s_movk_i32 vcc_lo, 0x1
s_cmpk_lt_u32 ttmp2, 0xffff
s_addk_i32 s104, 0x3b1a
s_cmpk_lt_i32 s100, 0x0
s_waitcnt_vscnt ttmp2, 0xd47d
s_cmpk_ge_i32 s100, 0xffff
s_mulk_i32 s27, 0x8000
s_setreg_b32 hwreg(0, 0, 1), ttmp0
s_cmovk_i32 s0, 0x0
s_ff0_i32_b32 s2, vcc_hi
s_andn2_saveexec_b32 s97, 64
s_sext_i32_i16 exec_lo, s55
s_andn1_wrexec_b64 s[0:1], s[40:41]
s_mov_b32 null, vcc_lo
s_bitset0_b32 ttmp2, 0x56
s_bitset0_b64 vcc, 8
s_andn2_wrexec_b32 s4, 0xffffffc0
s_bcnt1_i32_b32 ttmp2, -8
s_flbit_i32_i64 ttmp0, s[50:51]
s_andn2_saveexec_b64 null, -1
s_flbit_i32_b32 ttmp2, s98
s_andn1_wrexec_b32 null, s58
s_nand_saveexec_b32 vcc_lo, 0.15915494
s_cmp_lt_i32 vcc_hi, s60
s_bitcmp0_b32 0, s101
s_cmp_lg_u64 0, ttmp[2:3]
s_cmp_lg_u32 vcc_hi, 0x12345678
s_bitcmp1_b32 s4, s50
s_cmp_le_i32 s105, 0
s_cmp_eq_i32 s105, s103
s_cmp_gt_u32 s2, s10
s_cmp_lt_u32 s0, s101
s_cmp_eq_u32 s26, 0x12345678
s_bitcmp0_b64 s[86:87], ttmp14
s_cmp_gt_i32 2.0, 0x40490fdb
s_cmp_ge_i32 0.15915494, s30
s_cmp_ge_u32 s52, s30
s_cbranch_execz 1
s_sendmsg 7727
s_cbranch_vccz 65534
s_endpgm_saved
s_denorm_mode 0x8000
s_endpgm 1667
s_nop 0xfffe
s_sethalt 0
s_clause 0x38c0
s_sleep 0xad45
s_trap 0xfffe
s_waitcnt_depctr depctr_va_vdst(0) depctr_va_sdst(0) depctr_va_ssrc(0) depctr_va_vcc(0) depctr_vm_vsrc(0)
s_setkill 0xff00
s_cbranch_vccnz 21803
s_inst_prefetch 0x0
s_cbranch_cdbgsys_and_user 32768
s_scratch_load_dwordx4 s[0:3], s[76:77], null glc
s_buffer_load_dwordx16 ttmp[0:15], s[24:27], 0x7ff dlc
s_load_dword s0, s[60:61], 0x4 dlc
s_load_dwordx16 null, s[68:69], -0x1 glc dlc
s_buffer_load_dword ttmp0, s[92:95], 0xfffff glc dlc
s_buffer_load_dwordx8 s[4:11], s[56:59], null
v_mul_f32_e32 v1, vcc_hi, v200
v_xnor_b32_e32 v200, ttmp1, v100
v_and_b32_e32 v5, vcc_lo, v255
v_pk_fmac_f16 v0, v0, v100
v_fmac_f32_e32 v200, v0, v254
v_ldexp_f16_e32 v1, ttmp0, v254
v_fmac_f16_e32 v255, 0x4248, v200
v_lshlrev_b32_e32 v1, ttmp14, v224
v_madmk_f32 v10, v83, 0xffffffc0, v0
v_fmaak_f32 v2, 4.0, v0, 0xc1000000
v_min_f16_e32 v254, -1.0, v255
v_lshrrev_b32_e32 v100, s105, v254
v_add_co_ci_u32_e32 v0, vcc_lo, v1, v1, vcc_lo
v_sub_f32_e32 v86, v130, v139
v_add_f16_e32 v255, v17, v0
v_cvt_f32_ubyte0_e32 v1, vcc_hi
v_frexp_exp_i32_f32_e32 v4, 64
v_cvt_rpi_i32_f32_e32 v200, s101
v_ceil_f32_e32 v10, 1
v_cvt_i32_f64_e32 v100, v[254:255]
v_ceil_f16_e32 v254, v255
v_sin_f32_e32 v2, 0.15915494
v_cvt_f16_u16_e32 v10, src_pops_exiting_wave_id
v_sqrt_f16_e32 v255, v255
v_cvt_f64_i32_e32 v[212:213], s101
v_cvt_f64_u32_e32 v[1:2], s105
v_bfrev_b32_e32 v254, vcc_hi
v_log_f32_e32 v201, -1
v_cvt_u32_f64_e32 v254, v[0:1]
v_rcp_f16_e32 v254, s0
v_rsq_f32_e32 v200, ttmp1
v_cmpx_neq_f16_e32 64, v4
v_cmp_class_f32_e32 vcc_lo, 1, v10
v_cmp_tru_f32_e32 vcc_lo, v254, v100
v_cmp_nlt_f32_e32 vcc_lo, s102, v254
v_cmpx_ne_u32_e32 0.15915494, v2
v_cmpx_t_i32_e32 v170, v254
v_cmpx_lt_f32_e32 s101, v212
v_cmp_lt_f16_e32 vcc_lo, s0, v0
v_cmpx_ne_i16_e32 -1, v201
v_cmp_lt_i16_e32 vcc_lo, exec_lo, v100
v_cmpx_ge_u64_e32 0.15915494309189532, v[254:255]
v_cmpx_le_u32_e32 s101, v0
v_cmp_lt_u16_e32 vcc_lo, s4, v254
v_cmp_gt_f64_e32 vcc_lo, v[255:256], v[5:6]
v_cmp_gt_i64_e32 vcc_lo, s[0:1], v[100:101]
v_cvt_pkrtz_f16_f32_dpp v100, -v1, -|v10| row_share:5 row_mask:0x2 bank_mask:0xa fi:1
v_cndmask_b32_dpp v255, |v255|, |v0|, vcc_lo row_mirror row_mask:0x2 bank_mask:0x1
v_pk_fmac_f16_dpp v200, |v254|, v201 row_half_mirror row_mask:0x0 bank_mask:0xa
v_min_f16_dpp v60, v4, -v5 row_half_mirror row_mask:0xf bank_mask:0xa fi:1
v_mul_legacy_f32_dpp v2, |v5|, v10 row_shl:15 row_mask:0x0 bank_mask:0xa fi:1
v_mac_f32_dpp v100, v5, -|v100| row_shr:1 row_mask:0x0 bank_mask:0x1
v_fmac_f16_dpp v255, -|v5|, |v10| row_shr:15 row_mask:0x0 bank_mask:0x1 bound_ctrl:1 fi:1
v_cvt_u32_f32_dpp v78, -v100 row_xmask:1 row_mask:0x2 bank_mask:0xf fi:1
v_rcp_f32_dpp v1, -|v17| row_mirror row_mask:0x5 bank_mask:0x1 fi:1
v_min_f32_dpp v254, |v4|, -|v10| quad_perm:[3,2,1,0] row_mask:0x5 bank_mask:0x1
v_ceil_f32_dpp v4, -|v4| row_xmask:15 row_mask:0x2 bank_mask:0xf
v_frexp_exp_i32_f32_dpp v1, v200 dpp8:[4,1,3,7,4,5,1,5]
v_ceil_f16_dpp v100, v254 dpp8:[0,1,3,0,4,1,6,1] fi:1
v_lshlrev_b32_dpp v2, v254, v1 dpp8:[1,2,2,5,3,7,3,7]
v_min_u32_dpp v255, v255, v254 dpp8:[4,2,4,0,7,4,6,6]
v_sin_f32_dpp v100, v10 dpp8:[3,2,0,7,7,0,3,4] fi:1
v_or_b32_dpp v2, v0, v10 dpp8:[5,3,5,2,2,0,6,3]
v_subrev_co_ci_u32_dpp v100, vcc_lo, v100, v254, vcc_lo dpp8:[5,1,3,0,2,6,4,7] fi:1
v_mov_b32_dpp v200, v4 dpp8:[4,6,6,2,4,1,1,2]
v_cvt_i32_f32_dpp v5, v2 dpp8:[7,2,7,2,5,2,0,2]
v_frexp_mant_f16_dpp v200, v200 dpp8:[6,1,4,4,4,2,6,3] fi:1
v_rcp_iflag_f32_dpp v100, v4 dpp8:[6,3,7,3,2,4,0,2]
v_not_b32_dpp v255, v4 dpp8:[4,0,3,1,1,1,1,0] fi:1
v_cndmask_b32_dpp v255, v2, v5, vcc_lo dpp8:[2,3,4,5,6,6,4,1] fi:1
v_frexp_mant_f32_dpp v255, v10 dpp8:[2,7,3,7,3,5,5,2] fi:1
v_max_i32_dpp v255, v10, v2 dpp8:[7,5,3,2,0,4,2,0]
v_ashrrev_i32_dpp v2, v1, v1 dpp8:[4,7,2,7,1,4,4,4]
v_cmp_f_f16_sdwa vcc_lo, v100, |v254| src0_sel:WORD_1 src1_sel:BYTE_3
v_cmp_le_f16_sdwa vcc_lo, |-4|, -s4 src0_sel:BYTE_0 src1_sel:BYTE_3
v_cmpx_o_f16_sdwa v1, -v4 src0_sel:BYTE_2 src1_sel:WORD_1
v_cmpx_eq_f16_sdwa -v2, |s100| src0_sel:BYTE_3 src1_sel:DWORD
v_fma_f64 v[2:3], v[2:3], vcc, -v[5:6] clamp div:2
v_cubeid_f32 v254, |0xffffffc0|, |v1|, |v100| mul:4
v_fma_f16 v10, src_execz, ttmp15, v10 mul:4
v_med3_f16 v4, -|s1|, vcc_hi, v0 div:2
v_pk_fma_f16 v95, 64, ttmp14, v255 op_sel:[1,1,0] op_sel_hi:[0,0,0] neg_lo:[1,0,0]
v_fma_mix_f32 v255, |0.15915494|, |0x4248|, |s4| op_sel:[1,1,1] op_sel_hi:[1,0,1]
v_fma_mixlo_f16 v0, -s105, -s0, -s105 op_sel:[1,1,1] op_sel_hi:[1,1,0] clamp
v_pk_mad_i16 v254, v0, v2, v5 op_sel_hi:[0,1,1] neg_lo:[1,0,0] neg_hi:[1,1,1]
v_pk_mad_u16 v1, s10, ttmp2, -4.0 op_sel:[1,0,0] op_sel_hi:[0,1,1] neg_hi:[1,1,1]
v_fma_mixhi_f16 v254, -s102, v0, vcc_lo op_sel:[1,1,1] op_sel_hi:[0,1,0]
ds_cmpst_f64 v2, v[255:256], v[255:256] offset:65281 gds
ds_wrxchg2st64_rtn_b32 v[100:101], v11, v1, v5
ds_wrap_rtn_b32 v254, v100, v1, v10 offset:256
global_atomic_umax v0, v2, s[100:101] offset:-2048 slc dlc
flat_atomic_umax v254, v[255:256], v2 offset:1 glc
global_atomic_sub_x2 v[255:256], v254, v[2:3], vcc offset:1 glc dlc
global_load_dword v10, v255, s[10:11] offset:-2048
buffer_load_sbyte_d16 v100, v[200:201], s[0:3], m0 idxen offen offset:4095 slc dlc
buffer_store_format_xyz v[1:3], v[4:5], s[100:103], s1 idxen offen offset:4095 glc slc dlc
buffer_atomic_smin_x2 v[10:11], v[100:101], s[100:103], s0 idxen offen offset:2095 slc
buffer_load_ubyte_d16_hi v1, off, s[0:3], 0 glc slc dlc
buffer_load_dwordx3 v[0:2], v100, s[0:3], s1 idxen offset:4 dlc
buffer_load_sshort v100, v0, s[96:99], s0 idxen offset:4 glc
buffer_load_dword v63, v[5:6], s[96:99], s0 idxen offen offset:4095 dlc
buffer_load_short_d16_hi v[5:6], v200, s[8:11], 0 idxen offset:2182 slc dlc tfe
buffer_store_dwordx2 v[143:144], v[5:6], s[4:7], null idxen offen glc
buffer_store_short_d16_hi v5, v[200:201], s[100:103], null idxen offen offset:2732
buffer_store_short v4, v193, s[0:3], lit(0x0) offen slc dlc
buffer_load_ubyte v2, v255, s[8:11], s0 offen offset:1370 glc slc
buffer_atomic_dec v200, v87, s[8:11], null idxen glc
tbuffer_store_format_x v100, v[255:256], s[96:99], s101 format:[BUF_FMT_32_FLOAT] idxen offen offset:4095 glc
tbuffer_load_format_x v0, v200, s[4:7], -1 format:[BUF_FMT_32_FLOAT] idxen slc
tbuffer_store_format_d16_xyzw v[10:11], v[254:255], s[8:11], m0 format:[BUF_FMT_32_FLOAT] idxen offen
tbuffer_store_format_xyz v[1:3], v224, s[100:103], m0 format:[BUF_FMT_32_FLOAT] offen offset:4095 glc slc dlc
tbuffer_store_format_xyzw v[254:257], v[100:101], s[100:103], null format:[BUF_FMT_32_32_32_32_FLOAT] idxen offen offset:2700 glc slc dlc
tbuffer_load_format_xy v[200:201], v[4:5], s[100:103], m0 format:123 idxen offen offset:4 dlc
tbuffer_load_format_d16_xy v0, v100, s[96:99], m0 offen offset:4 glc slc
tbuffer_load_format_xyz v[1:3], v[4:5], s[4:7], s1 format:[BUF_FMT_INVALID] idxen offen offset:4 slc dlc
tbuffer_load_format_xyzw v[254:257], v[5:6], s[96:99], m0 format:127 idxen offen offset:1390 glc slc dlc
tbuffer_load_format_d16_x v255, v[1:2], s[100:103], m0 format:105 idxen offen slc dlc
tbuffer_store_format_d16_xyz v[200:201], v[100:101], s[0:3], s1 idxen offen glc dlc
tbuffer_store_format_d16_xy v254, v1, s[100:103], m0 format:127 idxen offset:4 dlc
exp invalid_target_31 v255, off, v200, off
image_sample_d_cl_o_g16 v[5:7], v[2:7], s[8:15], s[0:3] dmask:0xf dim:SQ_RSRC_IMG_2D unorm tfe d16
image_sample_d v[10:12], v[100:106], s[4:11], s[100:103] dmask:0x7 dim:SQ_RSRC_IMG_2D_ARRAY unorm glc
image_gather4_b_cl v[200:203], v[85:87], s[4:11], s[100:103] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA a16 lwe
image_sample_c_lz_o v[4:7], v[1:5], s[8:15], s[4:7] dmask:0xf dim:SQ_RSRC_IMG_2D_ARRAY glc lwe
image_sample_b_cl v254, v[0:3], s[0:7], s[0:3] dmask:0x1 dim:SQ_RSRC_IMG_1D_ARRAY unorm lwe d16
image_sample_cl v[5:6], v[151:154], s[0:7], s[100:103] dmask:0x3 dim:SQ_RSRC_IMG_2D_ARRAY unorm glc
// LDS-DMA loads (no data operand, lds last); scratch without an address only in the LDS-DMA form on gfx1010
buffer_load_ubyte v7, s[12:15], s5 offen offset:16 lds
global_load_dword v[6:7], off lds
scratch_load_ushort off, off offset:48 lds
scratch_load_dword v8, off, off offset:20 // no flat-scratch ST mode: both reject
scratch_load_dword v8, v9, off lds // both reject
// VOP3 suffixes and modifiers as LLVM takes them: _e64 on VOP3-only instructions, neg/abs on float sources only,
// omod on float results (and float-to-integer conversions), clamp on float compares, op_sel on GFX10 only where a
// VOP3-only instruction has a 16-bit operand
v_med3_i32_e64 v7, v2, s4, 0x1234
v_add3_u32_e64 v9, v1, v2, v3
v_readlane_b32_e64 s5, v1, s2 // both reject
v_bfe_u32 v5, -v1, v2, v3 // both reject
v_cvt_f32_u32_e64 v4, |v6| // both reject
v_max3_f32 v5, -v1, |v2|, v3
v_cvt_u32_f32_e64 v2, v3 mul:4
v_cmp_lt_f32_e64 s4, v1, v2 div:2 // both reject
v_add_nc_u32_e64 v5, v1, v2 mul:2 // both reject
v_cvt_pkrtz_f16_f32 v1, v2, v3 div:2
v_cmp_ge_u32_e64 s6, v1, v2 clamp // both reject
v_cmp_le_f64_e64 s6, v[2:3], v[4:5] clamp
v_cmp_class_f64_e64 s6, v[2:3], v4 clamp // both reject
v_nop_e64 clamp // both reject
v_add_f16_e64 v1, v2, v3 op_sel:[0,1,0] // both reject
v_mad_u16 v1, v2, v3, v4 op_sel:[1,0,0,1]
v_alignbit_b32 v2, v3, v4, v5 op_sel:[0,0,1,0]
// VOP2 forms without their implicit vcc operands (all of them or none)
v_cndmask_b32 v7, s3, v9
v_add_co_ci_u32 v1, v2, v3
v_sub_co_ci_u32 v1, vcc_lo, v2, v3 // both reject
v_cndmask_b32_dpp v7, v8, v9 row_shr:1
// A bracketed image address list of two or more registers is the NSA form, even when consecutive
image_sample v[4:7], [v10, v11], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_2D
image_load v[4:5], [v7, v8, v9], s[20:27] dmask:0x3 dim:SQ_RSRC_IMG_3D
image_load v[4:5], [v7], s[20:27] dmask:0x3 dim:SQ_RSRC_IMG_1D
// Buffer data is one register wider with tfe; GWS instructions need gds; SMEM immediate offset ranges
buffer_load_dwordx2 v[4:6], v1, s[8:11], s2 offen tfe
buffer_load_format_xy v[2:4], v1, s[12:15], 0 idxen tfe
buffer_load_dword v4, off, s[8:11], s2 tfe // both reject
buffer_store_dword v[4:5], off, s[8:11], s2 // both reject
ds_gws_barrier v3 offset:8 gds
ds_gws_sema_p // both reject
s_load_dwordx2 s[6:7], s[4:5], -0x80000
s_buffer_load_dword s3, s[8:11], -4 // both reject
s_load_dword s3, s[4:5], 0x1fffff // both reject
s_load_dword s3, s[4:5], s1 offset:-0x100001 // both reject
// GFX10 VOP3 interpolation: SRC0 is an attribute (attrN.c, then high), SRC1 a VGPR with source 1's modifiers
v_interp_p1ll_f16 v8, v3, attr5.z
v_interp_p1ll_f16 v8, -v3, attr5.w high clamp
v_interp_p1lv_f16 v8, |v3|, attr32.y, v4 div:2
v_interp_p2_f16 v8, v3, attr0.x, -v9 high
v_interp_p1ll_f16 v8, s3, attr1.x // both reject
v_interp_p1ll_f16 v8, v3, v4 // both reject
// DPP integer sources take no neg/abs
v_mov_b32_dpp v3, |v4| row_ror:3 // both reject
v_xor_b32_dpp v3, v4, -v5 quad_perm:[1,0,3,2] // both reject
v_mul_f32_dpp v3, -v4, |v5| row_shr:2
v_interp_p1ll_f16 v8, v3, attr33.x // both reject
v_interp_p1ll_f16 v8, v3, attr2.y op_sel:[1,0,0,0] // both reject
s_waitcnt_depctr depctr_va_sdst(2) depctr_va_sdst(3) // duplicate counter: both reject
// --- cache-policy words an instruction's LLVM operand list lacks: both reject (amdisa had set the bit silently)
s_memtime s[0:1] glc
s_dcache_wb glc
s_memrealtime s[2:3] glc
// Older names: llvm-mc-22 reads ds_cmpst_* here but not v_add_u16/v_add_u32 (both reject); V_ALIGNBIT_B32 src2 is read as 32-bit
v_add_u16 v1, v2, v3
v_add_u32 v1, v2, v3
ds_cmpst_b32 v1, v2, v3
v_alignbit_b32 v1, v2, v3, 0x3f800000
v_alignbit_b32 v1, v2, v3, 0x3fc00000
