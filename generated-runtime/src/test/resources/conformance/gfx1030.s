// Assembly cases for gfx1030, checked against llvm-mc-22 at test time (LlvmConformanceTest). One statement per line.
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
image_bvh_intersect_ray v[4:7], v[9:19], s[4:7]
image_bvh_intersect_ray v[4:7], v[9:16], s[4:7] a16
image_bvh64_intersect_ray v[4:7], v[9:20], s[4:7]
image_bvh64_intersect_ray v[8:11], v[20:28], s[8:11] a16
image_bvh_intersect_ray v[10:13], [v1, v3, v5, v7, v9, v11, v13, v15, v17, v19, v21], s[4:7]
image_bvh64_intersect_ray v[10:13], [v1, v3, v5, v7, v9, v11, v13, v15, v17], s[4:7] a16
image_msaa_load v[1:4], v[5:7], s[8:15] dmask:0xf dim:SQ_RSRC_IMG_2D_MSAA
global_atomic_csub v2, v[0:1], v2, off offset:64 glc
buffer_atomic_csub v5, v0, s[8:11], s3 offen offset:12 glc
v_fma_legacy_f32 v0, v1, |v2|, -v3
v_fmac_legacy_f32 v0, s1, 2.0
s_getreg_b32 s2, hwreg(HW_REG_SHADER_CYCLES)
// llvm-mc-22's own spelling of the disassembled cases above
s_andn2_b32 s104, 0xc1000000, s1
s_bfe_i32 s10, vcc_lo, ttmp15
s_add_i32 ttmp2, ttmp0, s15
s_pack_hh_b32_b16 s104, vcc_hi, exec_hi
s_min_i32 ttmp1, s104, s87
s_lshl_b64 s[4:5], -4.0, s65
s_lshl3_add_u32 s19, s5, 0x3c00
s_andn2_b64 s[2:3], exec, s[102:103]
s_orn2_b32 s10, s21, m0
s_lshl4_add_u32 s2, s50, 0x4248
s_ashr_i64 s[10:11], s[70:71], s87
s_max_u32 s0, s84, s33
s_cselect_b32 s104, s0, null
s_bfe_u32 ttmp0, s19, ttmp14
s_cmpk_lg_u32 vcc_lo, 0x0
s_cmovk_i32 s104, 0x0
s_mulk_i32 s0, 0xffff
s_cmpk_lt_u32 s10, 0x8000
s_cmpk_eq_u32 s4, 0x0
s_getreg_b32 ttmp2, hwreg(45, 3, 27)
s_cmpk_gt_i32 m0, 0x923a
s_cmpk_ge_i32 s2, 0x8c38
s_cmpk_gt_u32 s10, 0x1
s_call_b64 s[2:3], 4660
s_setreg_b32 hwreg(63, 31, 32), m0
s_movk_i32 s104, 0x8000
s_cmpk_eq_i32 s0, 0x1234
s_cmpk_lg_i32 vcc_lo, 0xffff
s_nand_saveexec_b64 null, 0xc1000000
s_brev_b32 ttmp2, s4
s_movrelsd_2_b32 ttmp2, ttmp14
s_not_b64 ttmp[0:1], exec
s_andn1_saveexec_b32 s104, s102
s_xor_saveexec_b64 ttmp[2:3], s[10:11]
s_andn2_saveexec_b32 m0, -4.0
s_wqm_b32 s4, s96
s_xor_saveexec_b32 s104, s1
s_quadmask_b32 s2, exec_lo
s_movreld_b64 ttmp[0:1], -2.0
s_and_saveexec_b64 s[2:3], s[50:51]
s_flbit_i32_b32 vcc_lo, s10
s_andn1_wrexec_b32 s10, s87
s_cmp_lt_u32 0x1818e811, s1
s_cmp_le_u32 null, s53
s_cmp_gt_i32 s105, ttmp1
s_cmp_lg_i32 ttmp0, s15
s_cmp_lt_i32 lit(0x0), s1
s_cmp_le_i32 s10, 4.0
s_cmp_ge_u32 s47, ttmp14
s_cmp_ge_i32 s0, s20
s_bitcmp0_b32 s77, s1
s_bitcmp1_b64 src_scc, s1
s_cmp_eq_u32 4.0, 1
s_cmp_gt_u32 s103, 0xf47aebdd
s_cmp_lg_u64 -4.0, 0x3f800000
s_bitcmp1_b32 8, s51
s_incperflevel 0xfffe
s_cbranch_vccz 0
s_inst_prefetch 0x1
s_cbranch_scc1 0
s_round_mode 0x7f
s_ttracedata_imm 0x0
s_sleep 3
s_trap 0x24ed
s_cbranch_vccnz 20216
s_setkill 0x7f
s_cbranch_cdbgsys 1
s_setprio 0xff00
s_clause 0x8000
s_decperflevel 0x26e8
s_cbranch_cdbgsys_and_user 1
s_waitcnt_depctr depctr_hold_cnt(0) depctr_sa_sdst(0) depctr_va_vdst(8) depctr_va_sdst(0) depctr_va_ssrc(0) depctr_va_vcc(0) depctr_vm_vsrc(0)
s_buffer_load_dwordx2 null, s[64:67], s5 offset:0x7ff dlc
s_load_dwordx4 s[0:3], s[48:49], m0 offset:0x4 glc
s_load_dword s100, s[80:81], 0x4 dlc
s_load_dwordx16 null, s[100:101], s0 offset:0x3753 glc dlc
v_max_u32_e32 v202, 0x1818e811, v1
v_lshlrev_b32_e32 v0, v46, v4
v_add_co_ci_u32_e32 v0, vcc_lo, vcc_lo, v0, vcc_lo
v_min_u32_e32 v1, exec_hi, v10
v_fmac_legacy_f32_e32 v255, s104, v200
v_fmac_f32_e32 v255, s100, v10
v_sub_f16_e32 v242, s10, v0
v_lshrrev_b32_e32 v255, v100, v200
v_add_f32_e32 v100, v2, v200
v_subrev_f32_e32 v2, v205, v254
v_min_i32_e32 v4, 8, v1
v_mul_u32_u24_e32 v255, v0, v5
v_max_i32_e32 v255, v214, v2
v_fmamk_f32 v233, 0.5, 0x3f800000, v100
v_xnor_b32_e32 v1, vcc_lo, v200
v_mul_hi_i32_i24_e32 v255, v1, v254
v_cvt_rpi_i32_f32_e32 v0, s103
v_cvt_f32_f16_e32 v254, s4
v_cos_f32_e32 v255, v5
v_sin_f32_e32 v1, v17
v_frexp_mant_f16_e32 v254, 0
v_frexp_exp_i32_f32_e32 v255, -4.0
v_exp_f16_e32 v1, s104
v_cvt_u16_f16_e32 v5, exec_hi
v_floor_f16_e32 v200, s100
v_sat_pk_u8_i16_e32 v200, v254
v_cvt_f16_f32_e32 v2, v205
v_log_f16_e32 v1, -1.0
v_cvt_f64_u32_e32 v[255:256], v0
v_trunc_f64_e32 v[254:255], v[2:3]
v_cmp_ne_i64_e32 vcc_lo, 0xc1000000, v[202:203]
v_cmp_nle_f64_e32 vcc_lo, s[4:5], v[254:255]
v_cmpx_lt_f16_e32 v5, v255
v_cmp_le_f16_e32 vcc_lo, v0, v5
v_cmpx_ge_u32_e32 v17, v1
v_cmpx_nlt_f32_e32 m0, v10
v_cmp_nlt_f16_e32 vcc_lo, m0, v5
v_cmpx_lt_i16_e32 s43, v5
v_cmp_lg_f64_e32 vcc_lo, v[2:3], v[2:3]
v_cmpx_nlg_f16_e32 s1, v10
v_cmpx_le_i64_e32 exec, v[1:2]
v_cmp_gt_u64_e32 vcc_lo, v[100:101], v[200:201]
v_cmpx_ne_i64_e32 v[255:256], v[4:5]
v_cmpx_le_i32_e32 v254, v200
v_cmp_nge_f64_e32 vcc_lo, v[205:206], v[2:3]
v_subrev_f16_dpp v4, |v4|, -|v255| row_half_mirror row_mask:0x0 bank_mask:0xf
v_min_f32_dpp v4, v10, v255 row_share:15 row_mask:0xf bank_mask:0x1 bound_ctrl:1 fi:1
v_ldexp_f16_dpp v100, -|v10|, v20 row_xmask:10 row_mask:0x5 bank_mask:0x0 bound_ctrl:1 fi:1
v_add_f32_dpp v158, -v0, v5 row_half_mirror row_mask:0x0 bank_mask:0x1 bound_ctrl:1 fi:1
v_fmac_f32_dpp v4, -|v118|, -v1 row_shr:15 row_mask:0x5 bank_mask:0xa
v_ceil_f32_dpp v2, -v10 quad_perm:[2,0,3,1] row_mask:0xf bank_mask:0xa bound_ctrl:1 fi:1
v_cvt_f32_ubyte0_dpp v254, v8 row_share:15 row_mask:0x5 bank_mask:0xf
v_sub_f16_dpp v5, -|v200|, |v4| row_xmask:1 row_mask:0xf bank_mask:0x0 fi:1
v_cvt_i16_f16_dpp v5, -|v255| row_share:5 row_mask:0x5 bank_mask:0x1
v_cvt_f32_ubyte2_dpp v2, v55 quad_perm:[0,0,0,0] row_mask:0xf bank_mask:0xf fi:1
v_mul_f16_dpp v10, -|v5|, v2 quad_perm:[3,2,1,0] row_mask:0x2 bank_mask:0xf bound_ctrl:1
v_cvt_pkrtz_f16_f32_dpp v5, -v10, -v10 row_shr:15 row_mask:0x5 bank_mask:0x0 bound_ctrl:1
v_mul_f32_dpp v4, |v74|, v200 row_shl:15 row_mask:0x5 bank_mask:0x0 bound_ctrl:1 fi:1
v_max_f32_dpp v10, v10, -|v5| row_share:5 row_mask:0x2 bank_mask:0x0 bound_ctrl:1 fi:1
v_cvt_i32_f32_dpp v100, v1 dpp8:[6,5,5,0,1,2,3,4]
v_subrev_f16_dpp v4, v0, v255 dpp8:[2,3,7,5,6,3,6,7]
v_sin_f32_dpp v5, v254 dpp8:[1,4,6,3,2,4,7,0]
v_ffbh_i32_dpp v10, v10 dpp8:[7,0,6,6,3,1,3,2] fi:1
v_max_i32_dpp v1, v2, v2 dpp8:[3,1,3,5,6,5,3,7] fi:1
v_dot2c_f32_f16_dpp v254, v255, v10 dpp8:[4,2,0,3,2,6,7,3] fi:1
v_mul_f16_dpp v5, v0, v242 dpp8:[2,0,5,6,2,6,6,5]
v_sat_pk_u8_i16_dpp v4, v2 dpp8:[1,4,5,2,0,2,7,5] fi:1
v_cvt_f16_f32_dpp v200, v200 dpp8:[0,5,0,1,5,5,1,3] fi:1
v_mul_i32_i24_dpp v2, v0, v4 dpp8:[4,0,2,3,2,0,7,3]
v_cvt_f32_ubyte1_dpp v0, v254 dpp8:[6,4,5,3,0,5,7,2] fi:1
v_add_f32_dpp v1, v1, v200 dpp8:[1,0,7,6,0,6,5,2] fi:1
v_cvt_f32_ubyte2_dpp v255, v10 dpp8:[2,4,7,6,1,2,7,4]
v_xnor_b32_dpp v1, v200, v200 dpp8:[5,1,6,2,5,7,3,2] fi:1
v_rndne_f16_dpp v10, v200 dpp8:[5,3,7,7,2,0,5,6]
v_rsq_f32_dpp v254, v254 dpp8:[5,6,5,2,0,4,2,7]
v_fma_legacy_f32 v0, neg(-8), v17, v0 clamp
v_max3_f16 v0, ttmp0, |v0|, -v5
v_cubetc_f32 v100, v255, vcc_lo, v200 div:2
v_max3_f32 v5, |0.5|, |2.0|, |v255| mul:2
v_div_scale_f64 v[100:101], s2, -v[255:256], 0x56, v[10:11] clamp div:2
v_dot2_i32_i16 v1, lit(0x3f800000), s1, -0.5 op_sel_hi:[1,0,1] neg_lo:[1,1,1]
v_fma_mix_f32 v0, |exec_lo|, |-1.0|, |4.0| op_sel_hi:[1,1,0] clamp
v_pk_mad_i16 v100, s100, 0, -0.5 op_sel_hi:[0,0,1] neg_lo:[1,0,0] neg_hi:[1,1,1]
v_dot2_f32_f16 v242, s1, 1, src_shared_base op_sel:[1,1,0] neg_lo:[1,0,0]
v_pk_fma_f16 v0, v254, src_shared_base, 0.5 op_sel:[1,0,0] op_sel_hi:[1,0,1] neg_hi:[1,1,1]
v_pk_mad_u16 v254, v219, v5, v2 op_sel_hi:[0,0,1] neg_hi:[1,1,1] clamp
ds_mskor_rtn_b32 v1, v255, v4, v0 offset:32512 gds
ds_wrxchg2_rtn_b32 v[10:11], v255, v168, v254 offset0:1 offset1:255
ds_wrxchg_rtn_b32 v1, v255, v5
ds_cmpst_rtn_f64 v[0:1], v0, v[5:6], v[254:255] offset:256
ds_min_rtn_u32 v5, v4, v146 offset:32513
ds_wrap_rtn_b32 v10, v4, v1, v5 offset:32512
ds_wrxchg2st64_rtn_b64 v[5:8], v100, v[10:11], v[4:5] offset1:255
ds_sub_rtn_u32 v4, v44, v17 gds
ds_cmpst_rtn_b32 v5, v5, v5, v10 offset:383
flat_atomic_smax_x2 v[10:11], v[255:256], v[255:256] offset:2048 glc slc
flat_atomic_umax_x2 v[5:6], v[100:101], v[4:5] glc slc
flat_atomic_cmpswap v5, v[10:11], v[2:3] glc dlc
flat_atomic_and v1, v[254:255], v0 offset:1 glc slc dlc
global_atomic_add v36, v[0:1], v100, off glc
flat_atomic_xor v0, v[254:255], v254 offset:1 glc dlc
flat_atomic_fmin_x2 v[0:1], v[26:27], v[1:2] offset:2047 glc slc dlc
buffer_store_format_xyz v[200:203], v200, s[0:3], -1 offen offset:4 glc tfe
buffer_load_ushort v254, v254, s[100:103], m0 offen offset:1333 slc dlc
buffer_atomic_dec v5, off, s[96:99], null offset:4 glc slc
buffer_atomic_or v2, v[1:2], s[8:11], 0 idxen offen
buffer_atomic_add v5, v[4:5], s[0:3], 0 idxen offen offset:2544 glc slc
buffer_store_dwordx4 v[100:103], v[255:256], s[8:11], s0 idxen offen glc slc
buffer_load_dwordx2 v[94:95], v[0:1], s[4:7], s1 idxen offen glc slc
buffer_load_sshort v200, v5, s[0:3], s1 idxen offset:2955 glc dlc
buffer_atomic_and_x2 v[100:101], v2, s[0:3], null idxen glc
buffer_load_ubyte_d16_hi v200, v2, s[4:7], s0 offen dlc
buffer_load_dword v100, v0, s[100:103], m0 idxen glc slc dlc
buffer_load_format_xy v[1:2], v255, s[0:3], s1 idxen offset:1603 dlc
buffer_atomic_umax_x2 v[10:11], v4, s[4:7], s1 offen offset:1024
tbuffer_load_format_d16_xyz v[100:101], v4, s[0:3], null format:[BUF_FMT_11_11_10_SSCALED] offen
tbuffer_load_format_xyz v[254:256], v255, s[96:99], s0 format:[BUF_FMT_INVALID] offen slc
tbuffer_store_format_d16_xy v255, v[1:2], s[8:11], s101 format:[BUF_FMT_11_11_10_SINT] idxen offen slc dlc
tbuffer_load_format_xy v[2:3], v254, s[96:99], s0 format:[BUF_FMT_2_10_10_10_SINT] offen offset:4095 slc dlc
tbuffer_load_format_d16_x v5, off, s[96:99], s1 format:[BUF_FMT_32_FLOAT] dlc
tbuffer_store_format_xyz v[10:12], v1, s[100:103], s0 offen dlc
tbuffer_store_format_d16_xyzw v[100:101], v100, s[8:11], m0 format:[BUF_FMT_11_11_10_SSCALED] offen slc dlc
tbuffer_store_format_d16_xyz v[200:201], v254, s[4:7], null format:107 offen
tbuffer_store_format_xy v[254:255], v[200:201], s[0:3], 0 idxen offen offset:4 glc slc dlc
tbuffer_store_format_x v2, v255, s[8:11], s0 format:[BUF_FMT_32_32_32_32_FLOAT] offen glc slc
tbuffer_store_format_d16_x v0, v254, s[4:7], m0 format:[BUF_FMT_INVALID] idxen slc dlc
exp mrt7 v1, v100, off, off
image_sample_c_b_cl v100, v[100:103], s[12:19], s[0:3] dim:SQ_RSRC_IMG_2D_ARRAY unorm glc dlc a16 d16
image_sample_lz v[10:11], v[4:5], s[12:19], s[4:7] dmask:0xf dim:SQ_RSRC_IMG_2D glc lwe d16
image_atomic_or v5, v[1:4], s[12:19] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY unorm glc slc dlc lwe
image_gather4_cl_o v[1:4], [v5, v9, v3, v5, v15], s[4:11], s[12:15] dmask:0x1 dim:SQ_RSRC_IMG_CUBE glc dlc
image_sample_c_d_cl_o v[4:7], v[1:11], s[0:7], s[4:7] dmask:0xf dim:SQ_RSRC_IMG_2D_MSAA_ARRAY slc lwe
image_sample_c_cl v[10:12], [v100, v14, v9, v0, v10], s[12:19], s[100:103] dmask:0x7 dim:SQ_RSRC_IMG_2D_MSAA unorm glc slc dlc tfe lwe d16
image_sample_d_o v[200:201], v[41:47], s[12:19], s[0:3] dim:SQ_RSRC_IMG_2D unorm tfe d16
image_gather4_c v[254:255], v[1:2], s[12:19], s[12:15] dmask:0x1 dim:SQ_RSRC_IMG_1D unorm glc slc lwe d16
image_sample_c v[100:101], v[1:2], s[8:15], s[12:15] dim:SQ_RSRC_IMG_2D dlc a16 tfe
image_sample_cd_o v254, v[200:209], s[8:15], s[0:3] dim:SQ_RSRC_IMG_3D unorm glc
image_sample_c_lz_o v2, v[5:8], s[4:11], s[0:3] dim:SQ_RSRC_IMG_CUBE unorm slc a16 lwe
// Constant bus (limit 2; each distinct scalar register once, a literal once, null free; 64-bit shifts keep 1)
v_fma_f32 v1, s1, s2, s1
v_fma_f32 v1, s1, s2, s3
v_fma_f32 v1, s1, s2, null
v_fma_f32 v1, 0x1234, s2, 0x1234
v_fma_f32 v1, 0x1234, s2, s3
v_lshrrev_b64 v[0:1], 1, s[0:1]
v_lshrrev_b64 v[0:1], s1, s[0:1]
v_lshlrev_b64 v[0:1], 0x1234, 0x1234
v_div_fmas_f32 v1, s1, v2, v3
v_div_fmas_f32 v1, s1, s2, v3
v_div_fmas_f32 v1, s1, v2, vcc_lo
v_add_co_ci_u32_e64 v1, s0, s1, s2, s1
v_add_co_ci_u32_e64 v1, s0, s1, s2, vcc_lo
v_pk_fma_f16 v1, s1, s2, 0x1234
// Scalar destinations and lane masks take registers, not constants
v_cmp_eq_u32_e64 5, v1, v2
v_cmp_eq_u32_e64 null, v1, v2
v_cmp_t_i32_e64 src_private_base, v1, v2
v_readlane_b32 35, v39, v180
v_cndmask_b32_e64 v1, v2, v3, 0
v_cndmask_b32_e64 v1, v2, v3, scc
v_add_co_ci_u32_e64 v1, s0, v2, v3, 0x1234
// No VOP3 DPP before GFX11; VGPR-only sources
v_add_f32_e64_dpp v1, v2, v3 quad_perm:[0,1,2,3] row_mask:0x0 bank_mask:0x0
v_permlane16_b32 v1, s2, s3, s4
v_movrels_b32_e64 v1, s2
v_mqsad_u32_u8 v[12:15], v[16:17], v5, -14
// Image dmask: atomics 0x1/0x3/0xf, gather4 exactly one bit (an omitted dmask is 0)
image_atomic_add v1, v2, s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_1D
image_atomic_add v1, v2, s[0:7] dmask:0x2 dim:SQ_RSRC_IMG_1D
image_atomic_add v1, v2, s[0:7] dim:SQ_RSRC_IMG_1D
image_gather4 v[0:3], v1, s[0:7], s[8:11] dmask:0x2 dim:SQ_RSRC_IMG_1D
image_gather4 v[0:3], v1, s[0:7], s[8:11] dmask:0x3 dim:SQ_RSRC_IMG_1D
image_gather4 v[0:3], v1, s[0:7], s[8:11] dim:SQ_RSRC_IMG_1D
// Global addresses: 64-bit without an SGPR base, 32-bit with one; scratch addresses 32-bit
global_load_dword v1, v[2:3], s[0:1]
global_load_dword v1, v2, off
global_load_dword v1, v2, s[0:1]
scratch_load_dword v1, v[2:3], off
global_atomic_and_x2 v[132:133], v[20:21], s[24:25]
global_atomic_and_x2 v132, v[20:21], s[24:25]
// 16-bit FMAMK/FMAAK constants (LLVM's KIMM16): half-precision floats, integers of 16 bits
v_fmamk_f16 v1, v2, 1.5, v3
v_fmamk_f16 v1, v2, -1, v3
v_fmamk_f16 v1, v2, 0x10000, v3
v_fmaak_f16 v1, v2, v3, 0xffff
// The FMAMK/FMAAK constant and a literal source share one literal dword
v_fmaak_f32 v19, 0x4d9333cf, v99, 1
v_fmamk_f32 v19, 0x4d9333cf, 2, v99
v_fmamk_f32 v19, 0x4d9333cf, 0x4d9333cf, v99
v_fmamk_f16 v1, 1.5, 1.5, v3
s_call_b64 s[0:1], -4
// LDS-DMA loads (no data operand, lds last) and the GFX10.3 scratch ST mode (no address: SADDR 0x7f)
buffer_load_sshort off, s[12:15], s5 offset:64 lds
buffer_load_format_x v7, s[12:15], s5 idxen lds
buffer_load_dword v3, off, s[12:15], s5 lds // a data operand: both reject
buffer_load_dwordx2 off, s[12:15], s5 lds // not an LDS-DMA load: both reject
buffer_store_dword v3, off, s[12:15], s5 lds // both reject
buffer_load_dword off, s[12:15], s5 lds glc // lds must be last: both reject
global_load_ushort v[6:7], off offset:-8 lds
global_load_sbyte v9, s[10:11] offset:12 slc lds
global_load_dword v4, v[6:7], off lds // both reject
scratch_load_ubyte v9, off offset:32 lds
scratch_load_sshort off, s7 offset:4 glc lds
scratch_load_dword off, off offset:256 lds
scratch_load_dword v8, off, off offset:20
scratch_store_short off, v8, off offset:6
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
// VOP3P op_sel/op_sel_hi only where a source has 16-bit lanes
v_dot4_u32_u8 v4, v5, v6, v7 op_sel:[1,0] // both reject
v_dot8_i32_i4 v4, v5, v6, v7 op_sel_hi:[0,1] // both reject
v_dot2_i32_i16 v4, v5, v6, v7 op_sel:[1,0] op_sel_hi:[0,1]
// --- cache-policy words an instruction's LLVM operand list lacks: both reject (amdisa had set the bit silently)
s_memtime s[0:1] glc
s_dcache_wb glc
s_memrealtime s[2:3] glc
// --- FLAT atomics: the return bit (glc) matches the written destination; FLAT-segment offsets are unsigned
flat_atomic_cmpswap v0, v[1:2], v[3:4] offset:2047 // must use glc: both reject
flat_atomic_cmpswap v[1:2], v[3:4] offset:2047 glc // must not use glc: both reject
global_atomic_csub v2, v[0:1], v2, off // must use glc: both reject
flat_load_dword v1, v[3:4] offset:2047 // the largest GFX10 FLAT-segment offset (11 bits)
flat_load_dword v1, v[3:4] offset:2048 // past the 11-bit unsigned range: both reject
flat_load_dword v1, v[3:4] offset:-1 // both reject (amdisa had wrapped it into the 12-bit field)
global_load_dword v1, v[3:4], off inst_offset:-8
// --- each modifier once: llvm-mc-22 rejects a repeat (cache flags, set or negated: duplicate cache policy modifier)
global_load_dword v3, v[0:1], off dlc dlc // both reject
global_load_dword v3, v[0:1], off slc noslc // both reject
buffer_load_dword v1, off, s[4:7], s1 offset:4 offset:8 // both reject
image_load v[1:4], v2, s[4:11] dmask:0xf dmask:0xf dim:SQ_RSRC_IMG_1D // both reject
v_mul_f32_e64 v1, v2, v3 mul:2 mul:2 // both reject
// --- GFX10+ images: dim required, MSAA dims for image_msaa_load, address dwords by dim and a16
image_load v[1:4], v2, s[4:11] dmask:0xf // missing dim operand: both reject
image_load v[1:4], v2, s[4:11] dmask:0xf dim:SQ_RSRC_IMG_2D // 2D reads two addresses: both reject
image_load v[1:4], v[2:3], s[4:11] dmask:0xf dim:SQ_RSRC_IMG_1D // both reject
image_load v[1:4], [v2, v3], s[4:11] dmask:0xf dim:SQ_RSRC_IMG_1D // both reject
image_load v[1:4], v2, s[4:11] dmask:0xf dim:SQ_RSRC_IMG_2D a16 // a16 packs the coordinates
image_sample_d v[1:4], v[2:6], s[4:11], s[12:15] dmask:0xf dim:SQ_RSRC_IMG_2D a16 // derivatives unpacked
image_sample_d v[1:4], v[2:9], s[4:11], s[12:15] dmask:0xf dim:SQ_RSRC_IMG_2D_ARRAY // 8 dwords stand for 7
image_bvh_intersect_ray v[4:7], v[9:16], s[4:7] // 11 addresses without a16: both reject
image_bvh_intersect_ray v[4:7], v[9:19], s[4:7] a16 // 8 with a16: both reject
image_msaa_load v[1:4], v5, s[8:15] dmask:0xf dim:SQ_RSRC_IMG_1D // invalid dim; must be MSAA type: both reject
v_dot4_i32_i8 v0, v1, v2, v3 // gfx1030's own instruction, not renamed
// Symbols: GFX10 VOP3 literals may hold relocatable expressions (integer sources).
gsym = 3
v_bfe_u32 v0, gsym_u, v1, v2
v_bfe_u32 v0, v1, gsym_u-1, v2
v_lshlrev_b64 v[5:6], gsym_u-1, v[2:3]
v_bfe_u32 v0, v2, gsym_u, gsym_u // both reject: two literals
v_bfe_u32 v0, v1, v2, gsym*100
// Older names: llvm-mc-22 reads ds_cmpst_* here but not v_add_u16/v_add_u32 (both reject); V_ALIGNBIT_B32 src2 is read as 32-bit
v_add_u16 v1, v2, v3
v_add_u32 v1, v2, v3
ds_cmpst_b32 v1, v2, v3
v_alignbit_b32 v1, v2, v3, 0x3f800000
v_alignbit_b32 v1, v2, v3, 0x3fc00000
