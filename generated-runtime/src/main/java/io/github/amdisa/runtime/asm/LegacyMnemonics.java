package io.github.amdisa.runtime.asm;

import io.github.amdisa.runtime.Dialect;
import java.util.ArrayList;
import java.util.List;

/**
 * The older spellings LLVM's assembler still reads after AMD renamed instructions (GFX10's {@code _nc} adds, GFX11's
 * sized memory names {@code _b32}/{@code _u8}/{@code ds_store}/{@code s_and_not1}, GFX12's {@code _num_} float
 * min/max and {@code s_add_co}, GFX11's {@code _iu8}/{@code _iu4} dot products, gfx1250's {@code _i64}
 * program-counter names). This is knowledge of LLVM's syntax, not of the spec: the spec's own aliases
 * ({@code <AliasedInstructionNames>}) come from {@code InstructionSet.instructionAliases}. A rewritten name is only
 * used when it names an instruction of the target, so a rule that does not apply to a generation does nothing.
 */
final class LegacyMnemonics {

    /** A rule's third element: it applies on GFX10 only (the name GFX11 renamed and llvm-mc-22 stopped reading). */
    private static final String GFX10_ONLY = "gfx10";

    /** A rule's third element: it applies on GFX11 and later only. */
    private static final String GFX11_PLUS = "gfx11+";

    /**
     * Renames of a part of the mnemonic, longest and most specific first; all that match are tried. A third element
     * limits the rule to some generations; without it the rule applies on every GFX10+ target.
     */
    private static final String[][] PARTS = {
        {"_ubyte_d16_hi", "_d16_hi_u8"}, {"_sbyte_d16_hi", "_d16_hi_i8"}, {"_short_d16_hi", "_d16_hi_b16"},
        {"_ubyte_d16", "_d16_u8"}, {"_sbyte_d16", "_d16_i8"}, {"_short_d16", "_d16_b16"},
        {"_store_byte_d16_hi", "_store_d16_hi_b8"}, {"_store_short_d16_hi", "_store_d16_hi_b16"},
        {"_format_d16_hi_", "_d16_hi_format_"}, {"_format_d16_", "_d16_format_"},
        {"_dwordx16", "_b512"}, {"_dwordx8", "_b256"}, {"_dwordx4", "_b128"}, {"_dwordx3", "_b96"},
        {"_dwordx2", "_b64"}, {"_dword", "_b32"},
        {"_ubyte", "_u8"}, {"_sbyte", "_i8"}, {"_ushort", "_u16"}, {"_sshort", "_i16"},
        {"_store_byte", "_store_b8"}, {"_store_short", "_store_b16"},
        {"ds_write2st64_", "ds_store_2addr_stride64_"}, {"ds_read2st64_", "ds_load_2addr_stride64_"},
        {"ds_write2_", "ds_store_2addr_"}, {"ds_read2_", "ds_load_2addr_"},
        {"ds_wrxchg2st64_rtn_", "ds_storexchg_2addr_stride64_rtn_"}, {"ds_wrxchg2_rtn_", "ds_storexchg_2addr_rtn_"},
        {"ds_wrxchg_rtn_", "ds_storexchg_rtn_"}, {"ds_write_", "ds_store_"}, {"ds_read_", "ds_load_"},
        // llvm-mc-22 reads ds_cmpst_b32 on GFX10 only: on gfx1100..gfx1250 it is "instruction not supported"
        {"ds_cmpst_", "ds_cmpstore_", GFX10_ONLY},
        // GFX11 renamed the always-true float compares V_CMP_TRU_* to V_CMP_T_*; llvm-mc-22 -mcpu=gfx1100/gfx1150
        // reads v_cmpx_tru_f16_e64 v1, v2 as v_cmpx_t_f16_e64 (GFX12 has neither name)
        {"v_cmp_tru_", "v_cmp_t_", GFX11_PLUS}, {"v_cmpx_tru_", "v_cmpx_t_", GFX11_PLUS},
        {"s_getpc_b64", "s_get_pc_i64"}, {"s_setpc_b64", "s_set_pc_i64"}, {"s_swappc_b64", "s_swap_pc_i64"},
        {"s_rfe_b64", "s_rfe_i64"}, {"s_call_b64", "s_call_i64"},
        {"s_andn2_", "s_and_not1_"}, {"s_orn2_", "s_or_not1_"}, {"s_andn1_", "s_and_not0_"}, {"s_orn1_", "s_or_not0_"},
        {"s_ff1_i32_b32", "s_ctz_i32_b32"}, {"s_ff1_i32_b64", "s_ctz_i32_b64"}, {"s_flbit_i32_b32", "s_clz_i32_u32"},
        {"s_flbit_i32_b64", "s_clz_i32_u64"}, {"s_flbit_i32_i64", "s_cls_i32_i64"}, {"s_flbit_i32", "s_cls_i32"},
        {"v_cvt_pkrtz_", "v_cvt_pk_rtz_"}, {"v_dot2c_f32_f16", "v_dot2acc_f32_f16"},
        {"v_fma_legacy_f32", "v_fma_dx9_zero_f32"}, {"v_mul_legacy_f32", "v_mul_dx9_zero_f32"},
        {"v_fmac_legacy_f32", "v_fmac_dx9_zero_f32"}, {"s_inst_prefetch", "s_set_inst_prefetch_distance"},
        // GFX9's carry-less 32-bit adds under their GFX10 _nc names: llvm-mc-22 reads them on GFX11+ only (on
        // gfx1010/gfx1030 v_add_u32 v1, v2, v3 is "instruction not supported on this GPU"), and never the 16-bit ones
        // (v_add_u16 is refused on every GFX10+ target).
        {"v_add_u32", "v_add_nc_u32", GFX11_PLUS}, {"v_sub_u32", "v_sub_nc_u32", GFX11_PLUS},
        {"v_subrev_u32", "v_subrev_nc_u32", GFX11_PLUS}, {"v_add_i32", "v_add_nc_i32", GFX11_PLUS},
        {"v_sub_i32", "v_sub_nc_i32", GFX11_PLUS},
        {"s_add_u32", "s_add_co_u32"}, {"s_addc_u32", "s_add_co_ci_u32"}, {"s_sub_u32", "s_sub_co_u32"},
        {"s_subb_u32", "s_sub_co_ci_u32"}, {"s_add_i32", "s_add_co_i32"}, {"s_sub_i32", "s_sub_co_i32"},
        {"v_mad_u64_u32", "v_mad_co_u64_u32"}, {"v_mad_i64_i32", "v_mad_co_i64_i32"},
        {"v_max_f", "v_max_num_f"}, {"v_min_f", "v_min_num_f"}, {"v_max3_f", "v_max3_num_f"},
        {"v_min3_f", "v_min3_num_f"}, {"v_med3_f", "v_med3_num_f"}, {"v_minmax_f", "v_minmax_num_f"},
        {"v_maxmin_f", "v_maxmin_num_f"}, {"v_pk_max_f16", "v_pk_max_num_f16"}, {"v_pk_min_f16", "v_pk_min_num_f16"},
        // GFX11+ mixed-sign dot products under their GFX10 names (llvm-mc-22 -mcpu=gfx1100..gfx1250 reads
        // v_dot4_i32_i8 v0, v1, v2, v3 as v_dot4_i32_iu8, v_dot8_i32_i4 as v_dot8_i32_iu4).
        {"v_dot4_i32_i8", "v_dot4_i32_iu8"}, {"v_dot8_i32_i4", "v_dot8_i32_iu4"},
    };

    /** GFX11's sized atomic names: {@code buffer_atomic_add} is {@code buffer_atomic_add_u32}. */
    private static final String[][] ATOMICS = {
        {"swap_x2", "swap_b64"}, {"cmpswap_x2", "cmpswap_b64"}, {"fcmpswap_x2", "cmpswap_f64"}, {"add_x2", "add_u64"},
        {"sub_x2", "sub_u64"}, {"smin_x2", "min_i64"}, {"umin_x2", "min_u64"}, {"smax_x2", "max_i64"},
        {"umax_x2", "max_u64"}, {"and_x2", "and_b64"}, {"or_x2", "or_b64"}, {"xor_x2", "xor_b64"},
        {"inc_x2", "inc_u64"}, {"dec_x2", "dec_u64"}, {"fmin_x2", "min_f64"}, {"fmax_x2", "max_f64"},
        {"swap", "swap_b32"}, {"cmpswap", "cmpswap_b32"}, {"fcmpswap", "cmpswap_f32"}, {"add", "add_u32"},
        {"sub", "sub_u32"}, {"csub", "csub_u32"}, {"smin", "min_i32"}, {"umin", "min_u32"}, {"smax", "max_i32"},
        {"umax", "max_u32"}, {"and", "and_b32"}, {"or", "or_b32"}, {"xor", "xor_b32"}, {"inc", "inc_u32"},
        {"dec", "dec_u32"}, {"fmin", "min_f32"}, {"fmax", "max_f32"},
    };

    private static final String[] SUFFIXES = {"_e32", "_e64", "_dpp", "_sdwa", "_e64_dpp"};

    private LegacyMnemonics() {
    }

    /**
     * The current names an older spelling may stand for, most likely first (empty before GFX10, where LLVM's
     * names are the current ones).
     *
     * @param mnemonic the lower-case mnemonic as written, possibly with an encoding suffix
     * @param dialect the target's syntax family
     * @return the names to try
     */
    static List<String> rewrites(String mnemonic, Dialect dialect) {
        List<String> out = new ArrayList<>();
        if (!dialect.isGfx10Plus()) {
            return out;
        }
        String suffix = "";
        for (String s : SUFFIXES) {
            if (mnemonic.endsWith(s) && s.length() > suffix.length()) {
                suffix = s;
            }
        }
        String stem = mnemonic.substring(0, mnemonic.length() - suffix.length());
        String all = stem;
        for (String[] r : PARTS) {
            if (!applies(r, dialect)) {
                continue;
            }
            int i = stem.indexOf(r[0]);
            if (i >= 0) {
                out.add(stem.substring(0, i) + r[1] + stem.substring(i + r[0].length()) + suffix);
            }
            int j = all.indexOf(r[0]);
            if (j >= 0) {
                all = all.substring(0, j) + r[1] + all.substring(j + r[0].length());
            }
        }
        if (!all.equals(stem)) {
            out.add(0, all + suffix); // every rule at once (ds_read2st64 and dword together, ...)
        }
        int a = stem.indexOf("_atomic_");
        if (a >= 0) {
            String op = stem.substring(a + "_atomic_".length());
            boolean rtn = op.endsWith("_rtn");
            String bare = rtn ? op.substring(0, op.length() - 4) : op;
            for (String[] r : ATOMICS) {
                if (bare.equals(r[0])) {
                    out.add(stem.substring(0, a) + "_atomic_" + r[1] + (rtn ? "_rtn" : "") + suffix);
                }
            }
        }
        return out;
    }

    private static boolean applies(String[] rule, Dialect dialect) {
        if (rule.length < 3) {
            return true;
        }
        return rule[2].equals(GFX11_PLUS) ? dialect.isGfx11Plus() : !dialect.isGfx11Plus();
    }
}
