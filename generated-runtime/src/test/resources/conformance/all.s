// Assembly cases for every target, checked against llvm-mc-22 at test time (LlvmConformanceTest): mostly statements
// llvm-mc rejects, which amdisa must reject too, next to their valid forms.
// Trailing immediates: optional only where the printer (and LLVM's syntax) leaves them out.
s_endpgm
s_barrier
s_nop
s_nop 0
s_setprio
s_setprio 3
s_sethalt
s_mulk_i32 s30
s_mulk_i32 s30, 5
s_waitcnt
s_cbranch_scc0
s_icache_inv
// Register tokens followed by more characters are symbols for llvm-mc, never a register plus a number.
v_mov_b32 v1, s0x10
s_mov_b32 s1, s0x10
v_mov_b32 v1, v2x3
// Vector registers written as plain numbers.
v_mov_b32 235, v1
v_add_f32 v1, v2, 3
// Scalar bases and offsets of exactly the operand's width.
s_load_dword s1, s[2:3], 0x10
s_load_dword s1, s2, 0x10
s_load_dword s1, s[2:3], s[4:5]
s_load_dwordx2 s[12:13], s[0:1], s7
s_load_b32 s1, s[2:3], 0x10
s_load_b32 s1, s2, 0x10
s_load_b32 s1, null, s49
s_buffer_load_dword s5, s[8:11], s3
s_buffer_load_dword s5, s[8:9], s3
buffer_load_dword v1, off, s[4:7], s1
buffer_load_dword v1, off, s[4:5], s1
// Branches to numeric targets echo the value written, as llvm-mc does (not the 16-bit field read back)
s_cbranch_scc0 -3
s_branch 65535
s_branch -32768
s_branch 1+2
s_cbranch_execz -1
// integer VOP3 sources take no neg/abs on any target (v_cndmask_b32 excepted)
v_bfe_u32 v7, -v3, v4, v5
v_cvt_f32_i32_e64 v9, |v8|
v_ldexp_f32 v9, v8, -v7
v_cndmask_b32_e64 v9, -v8, |v7|, s[10:11]
// VOP3-only and VOP3P instructions take the _e64 suffix; a VOP3 instruction without 16-bit operands has no op_sel
v_add3_u32_e64 v7, v3, s9, v11
v_add3_u32_e64 v7, 0x2710, s9, v11
v_pk_add_f16_e64 v7, v3, v11
v_add3_u32 v7, v3, s9, v11 op_sel:[0,1,0,0] // both reject
v_cvt_pk_u16_u32 v7, v3, v11 op_sel:[0,0,1] // both reject
// Assembler symbols and expressions, read as llvm-mc reads the file: assignments hold for the lines below them.
// Absolute symbols are numbers (inline constant or literal, as the value decides); registers win over symbols.
sym_one=1
sym_big = 0x12345
.set sym_neg, -sym_one-15
.equ sym_q, sym_w
sym_w = 40
.equiv sym_fixed, 7
s_mov_b32 s0, sym_one
s_mov_b32 s0, sym_big
s_mov_b32 s0, sym_neg
s_mov_b32 s0, sym_q+sym_one
s_mov_b32 s0, sym_fixed*9
s_mov_b32 s0, (sym_one+3)<<4|1
s_mov_b32 s0, sym_one==1
s_mov_b32 s0, sym_one<>1
s_mov_b32 s0, sym_one&&sym_w
s_mov_b32 s0, 0||sym_one
s_mov_b32 s0, 3>=sym_one
s_mov_b32 s0, !sym_one
s_mov_b32 s0, ~sym_one
s_mov_b32 s0, 7%sym_w
s_mov_b32 s0, -17/sym_one
s_mov_b32 s0, 4!1
s_mov_b32 s0, -8>>60
v_mov_b32 v0, -sym_one
v_mov_b32 v0, sym_big
s0=5
s_mov_b32 s1, s0
sym_one=2
s_mov_b32 s0, sym_one
.equiv sym_fixed, 8 // both reject: redefinition
sym_fixed = 8 // both reject: redefinition
s_mov_b32 s0, sym_one+0.5 // both reject: no float expressions
s_mov_b32 s0, sym_big<<40 // both reject: does not fit 32 bits
// Relocatable expressions (labels, undefined symbols) become literal fixups where llvm-mc takes them.
sym_l0:
s_mov_b32 s0, sym_u
s_mov_b32 s0, sym_u+1
s_mov_b32 s0, sym_u-1
s_mov_b32 s0, -sym_u
s_mov_b32 s0, (sym_u*2)-sym_one
s_mov_b32 s0, sym_l0
s_add_u32 s0, s0, sym_u@rel32@lo+4
s_add_u32 s0, s0, sym_u@abs32@hi
s_mov_b32 s0, sym_u@bogus // both reject: invalid variant
v_mov_b32 v0, sym_u
v_add_f32 v0, sym_u, v1
s_branch sym_l0
s_branch sym_fwd
s_branch (sym_l0)
s_branch sym_one+1
s_branch sym_l0+4 // both reject: not a label nor absolute
s_sub_u32 s0, sym_u, sym_u // both reject: two literals
s_sub_u32 s0, 123, sym_u // both reject: two literals
s_movk_i32 s0, sym_u // both reject
v_add_f16 v0, sym_u, v1 // both reject: 16-bit operand
v_add_f32_e64 v0, sym_u, v1 // both reject: floating-point input modifiers
v_add_f32 v0, |sym_u|, v1 // both reject
ds_read_b32 v0, v1 offset:sym_u // both reject
ds_read_b32 v0, v1 offset:sym_one*4
