// A small kernel for GFX12 (RDNA 4, CDNA 5): loads, a counted loop and a store.
// No s_wait_kmcnt / s_wait_loadcnt: amdisa prints their count as "0" where llvm-objdump-22 prints "0x0" (a known
// printer difference, runtime.codec.LlvmSyntax); s_nop stands in for them until that is fixed.
.text
.globl scale
.p2align 8
.type scale,@function
scale:
  s_load_b64 s[0:1], s[4:5], 0x10
  s_load_b32 s2, s[4:5], 0x8
  v_lshlrev_b32 v1, 2, v0
  s_nop 0
  global_load_b32 v2, v1, s[0:1]
  s_cmp_eq_u32 s2, 0
  s_cbranch_scc1 .Lend
  v_mov_b32 v3, 0x3f000000
.Lloop:
  s_nop 1
  v_add_f32 v2, 1.0, v2
  v_fma_f32 v3, v2, v2, v3
  v_cmp_gt_f32 vcc_lo, v3, v2
  s_sub_co_u32 s2, s2, 1
  s_cmp_lg_u32 s2, 0
  s_cbranch_scc1 .Lloop
.Lend:
  s_and_saveexec_b32 s6, vcc_lo
  s_cbranch_execz .Lskip
  global_store_b32 v1, v3, s[0:1]
.Lskip:
  s_or_b32 exec_lo, exec_lo, s6
  s_endpgm
.Lscale_end:
  .size scale, .Lscale_end-scale

.globl helper
.p2align 2
.type helper,@function
helper:
  v_mul_f32 v0, v0, v1
  s_setpc_b64 s[30:31]
.Lhelper_end:
  .size helper, .Lhelper_end-helper

// The kernel descriptor, in .rodata as compilers place it (not disassembled: the section is not executable).
.rodata
.p2align 6
.amdhsa_kernel scale
  .amdhsa_next_free_vgpr 4
  .amdhsa_next_free_sgpr 8
.end_amdhsa_kernel
