package io.github.amdisa.runtime.syntax;

import io.github.amdisa.runtime.AsmSyntaxException;
import io.github.amdisa.runtime.Target;

/**
 * The {@code hwreg(...)} operand of {@code s_getreg_b32}, {@code s_setreg_b32}, {@code s_setreg_imm32_b32}:
 * register id in bits 5:0, bit offset in 10:6, size minus one in 15:11.
 *
 * <p>LLVM prints {@code hwreg(NAME)} when the whole register is addressed (offset 0, size 32) and
 * {@code hwreg(NAME, offset, size)} otherwise; ids without a name on the target print as numbers
 * ({@code hwreg(63)}, {@code hwreg(52, 8, 3)}). The names differ per target; GFX12 renamed several
 * ({@code HW_REG_WAVE_MODE}). The tables below were dumped from {@code llvm-mc-22 -disassemble} for every id on
 * every target.
 */
public final class HwReg {
    private static final int[] IDS_GFX908 = {1, 2, 3, 4, 5, 6, 7, 15, 16, 17, 18, 19};
    private static final String[] NAMES_GFX908 = {"HW_REG_MODE", "HW_REG_STATUS", "HW_REG_TRAPSTS", "HW_REG_HW_ID",
        "HW_REG_GPR_ALLOC", "HW_REG_LDS_ALLOC", "HW_REG_IB_STS", "HW_REG_SH_MEM_BASES", "HW_REG_TBA_LO",
        "HW_REG_TBA_HI", "HW_REG_TMA_LO", "HW_REG_TMA_HI"};
    private static final int[] IDS_GFX942 = {1, 2, 3, 4, 5, 6, 7, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24};
    private static final String[] NAMES_GFX942 = {"HW_REG_MODE", "HW_REG_STATUS", "HW_REG_TRAPSTS", "HW_REG_HW_ID",
        "HW_REG_GPR_ALLOC", "HW_REG_LDS_ALLOC", "HW_REG_IB_STS", "HW_REG_SH_MEM_BASES", "HW_REG_TBA_LO",
        "HW_REG_TBA_HI", "HW_REG_TMA_LO", "HW_REG_TMA_HI", "HW_REG_XCC_ID", "HW_REG_SQ_PERF_SNAPSHOT_DATA",
        "HW_REG_SQ_PERF_SNAPSHOT_DATA1", "HW_REG_SQ_PERF_SNAPSHOT_PC_LO", "HW_REG_SQ_PERF_SNAPSHOT_PC_HI"};
    private static final int[] IDS_GFX1010 = {1, 2, 3, 5, 6, 7, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25};
    private static final String[] NAMES_GFX1010 = {"HW_REG_MODE", "HW_REG_STATUS", "HW_REG_TRAPSTS",
        "HW_REG_GPR_ALLOC", "HW_REG_LDS_ALLOC", "HW_REG_IB_STS", "HW_REG_SH_MEM_BASES", "HW_REG_TBA_LO",
        "HW_REG_TBA_HI", "HW_REG_TMA_LO", "HW_REG_TMA_HI", "HW_REG_FLAT_SCR_LO", "HW_REG_FLAT_SCR_HI",
        "HW_REG_XNACK_MASK", "HW_REG_HW_ID1", "HW_REG_HW_ID2", "HW_REG_POPS_PACKER"};
    private static final int[] IDS_GFX1030 = {1, 2, 3, 5, 6, 7, 15, 16, 17, 18, 19, 20, 21, 23, 24, 25, 29};
    private static final String[] NAMES_GFX1030 = {"HW_REG_MODE", "HW_REG_STATUS", "HW_REG_TRAPSTS",
        "HW_REG_GPR_ALLOC", "HW_REG_LDS_ALLOC", "HW_REG_IB_STS", "HW_REG_SH_MEM_BASES", "HW_REG_TBA_LO",
        "HW_REG_TBA_HI", "HW_REG_TMA_LO", "HW_REG_TMA_HI", "HW_REG_FLAT_SCR_LO", "HW_REG_FLAT_SCR_HI",
        "HW_REG_HW_ID1", "HW_REG_HW_ID2", "HW_REG_POPS_PACKER", "HW_REG_SHADER_CYCLES"};
    private static final int[] IDS_GFX1100 = {1, 2, 3, 5, 6, 7, 15, 18, 19, 20, 21, 23, 24, 27, 29};
    private static final String[] NAMES_GFX1100 = {"HW_REG_MODE", "HW_REG_STATUS", "HW_REG_TRAPSTS",
        "HW_REG_GPR_ALLOC", "HW_REG_LDS_ALLOC", "HW_REG_IB_STS", "HW_REG_SH_MEM_BASES", "HW_REG_PERF_SNAPSHOT_PC_LO",
        "HW_REG_PERF_SNAPSHOT_PC_HI", "HW_REG_FLAT_SCR_LO", "HW_REG_FLAT_SCR_HI", "HW_REG_HW_ID1", "HW_REG_HW_ID2",
        "HW_REG_PERF_SNAPSHOT_DATA", "HW_REG_SHADER_CYCLES"};
    private static final int[] IDS_GFX1200 = {1, 2, 4, 5, 6, 7, 10, 11, 12, 15, 16, 17, 18, 19, 20, 21, 23, 24, 26,
        29, 30, 31, 32};
    private static final String[] NAMES_GFX1200 = {"HW_REG_WAVE_MODE", "HW_REG_WAVE_STATUS",
        "HW_REG_WAVE_STATE_PRIV", "HW_REG_WAVE_GPR_ALLOC", "HW_REG_WAVE_LDS_ALLOC", "HW_REG_IB_STS",
        "HW_REG_PERF_SNAPSHOT_DATA", "HW_REG_PERF_SNAPSHOT_PC_LO", "HW_REG_PERF_SNAPSHOT_PC_HI",
        "HW_REG_PERF_SNAPSHOT_DATA1", "HW_REG_PERF_SNAPSHOT_DATA2", "HW_REG_WAVE_EXCP_FLAG_PRIV",
        "HW_REG_WAVE_EXCP_FLAG_USER", "HW_REG_WAVE_TRAP_CTRL", "HW_REG_WAVE_SCRATCH_BASE_LO",
        "HW_REG_WAVE_SCRATCH_BASE_HI", "HW_REG_WAVE_HW_ID1", "HW_REG_WAVE_HW_ID2", "HW_REG_WAVE_SCHED_MODE",
        "HW_REG_SHADER_CYCLES_LO", "HW_REG_SHADER_CYCLES_HI", "HW_REG_WAVE_DVGPR_ALLOC_LO",
        "HW_REG_WAVE_DVGPR_ALLOC_HI"};
    private static final int[] IDS_GFX1250 = {1, 2, 4, 5, 6, 7, 10, 11, 12, 15, 16, 17, 18, 19, 20, 21, 23, 24, 26,
        28, 29, 30, 31, 32, 33, 34};
    private static final String[] NAMES_GFX1250 = {"HW_REG_WAVE_MODE", "HW_REG_WAVE_STATUS",
        "HW_REG_WAVE_STATE_PRIV", "HW_REG_WAVE_GPR_ALLOC", "HW_REG_WAVE_LDS_ALLOC", "HW_REG_IB_STS",
        "HW_REG_PERF_SNAPSHOT_DATA", "HW_REG_PERF_SNAPSHOT_PC_LO", "HW_REG_PERF_SNAPSHOT_PC_HI",
        "HW_REG_PERF_SNAPSHOT_DATA1", "HW_REG_PERF_SNAPSHOT_DATA2", "HW_REG_WAVE_EXCP_FLAG_PRIV",
        "HW_REG_WAVE_EXCP_FLAG_USER", "HW_REG_WAVE_TRAP_CTRL", "HW_REG_WAVE_SCRATCH_BASE_LO",
        "HW_REG_WAVE_SCRATCH_BASE_HI", "HW_REG_WAVE_HW_ID1", "HW_REG_WAVE_HW_ID2", "HW_REG_WAVE_SCHED_MODE",
        "HW_REG_IB_STS2", "HW_REG_SHADER_CYCLES_LO", "HW_REG_SHADER_CYCLES_HI", "HW_REG_WAVE_DVGPR_ALLOC_LO",
        "HW_REG_WAVE_DVGPR_ALLOC_HI", "HW_REG_XNACK_STATE_PRIV", "HW_REG_XNACK_MASK"};

    private HwReg() {
    }

    /** The names with {@code HW_REG_WAVE_} spelled {@code HW_REG_} as before GFX12 (others unchanged). */
    private static String[] gfx9To11Names(String[] names) {
        String[] out = new String[names.length];
        for (int i = 0; i < names.length; i++) {
            out[i] = names[i].startsWith("HW_REG_WAVE_") ? "HW_REG_" + names[i].substring("HW_REG_WAVE_".length())
                    : names[i];
        }
        return out;
    }

    private static int[] ids(Target t) {
        switch (t) {
            case GFX908:
            case GFX90A:
                return IDS_GFX908;
            case GFX942:
            case GFX950:
                return IDS_GFX942;
            case GFX1010:
                return IDS_GFX1010;
            case GFX1030:
                return IDS_GFX1030;
            case GFX1100:
            case GFX1150:
                return IDS_GFX1100;
            case GFX1200:
                return IDS_GFX1200;
            default:
                return IDS_GFX1250;
        }
    }

    private static String[] names(Target t) {
        switch (t) {
            case GFX908:
            case GFX90A:
                return NAMES_GFX908;
            case GFX942:
            case GFX950:
                return NAMES_GFX942;
            case GFX1010:
                return NAMES_GFX1010;
            case GFX1030:
                return NAMES_GFX1030;
            case GFX1100:
            case GFX1150:
                return NAMES_GFX1100;
            case GFX1200:
                return NAMES_GFX1200;
            default:
                return NAMES_GFX1250;
        }
    }

    /**
     * Returns LLVM's name of a hardware register id on a target.
     *
     * @param target the target
     * @param id 0..63
     * @return the name, or null if the id has none on this target
     */
    public static String name(Target target, int id) {
        return id >= 0 && id < 64 ? NAME_BY_ID[target.ordinal()][id]
                : SpecialSyntax.name(ids(target), names(target), id);
    }

    /**
     * Per target (by ordinal), the name of each id 0..63 or null, built once from the lists above (the first name
     * of an id wins, as in a scan): the printer looks a name up for every {@code s_getreg}/{@code s_setreg}.
     */
    private static final String[][] NAME_BY_ID = nameById();

    private static String[][] nameById() {
        String[][] byId = new String[Target.values().length][];
        for (Target t : Target.values()) {
            byId[t.ordinal()] = new String[64];
            for (int id = 0; id < 64; id++) {
                byId[t.ordinal()][id] = SpecialSyntax.name(ids(t), names(t), id);
            }
        }
        return byId;
    }

    /**
     * Encodes id, offset and size.
     *
     * @param id 0..63
     * @param offset 0..31
     * @param size 1..32
     * @return the {@code simm16}
     */
    public static int encode(int id, int offset, int size) {
        return (id & 0x3f) | (offset & 0x1f) << 6 | ((size - 1) & 0x1f) << 11;
    }

    /**
     * Prints the operand: {@code hwreg(HW_REG_MODE)}, {@code hwreg(HW_REG_MODE, 2, 3)}, {@code hwreg(63)}.
     *
     * @param sb where to print
     * @param target the target
     * @param imm the {@code simm16}
     */
    public static void print(StringBuilder sb, Target target, int imm) {
        int id = imm & 0x3f;
        int offset = (imm >>> 6) & 0x1f;
        int size = ((imm >>> 11) & 0x1f) + 1;
        String name = name(target, id);
        sb.append("hwreg(");
        if (name != null) {
            sb.append(name);
        } else {
            sb.append(id);
        }
        if (offset != 0 || size != 32) {
            sb.append(", ").append(offset).append(", ").append(size);
        }
        sb.append(')');
    }

    /**
     * Parses {@code hwreg(NAME_OR_ID[, offset, size])} or a raw 16-bit integer.
     *
     * @param cursor the text
     * @param target the target
     * @return the {@code simm16}
     * @throws AsmSyntaxException for unknown names, out-of-range values or malformed text
     */
    public static int parse(AsmCursor cursor, Target target) {
        int at = cursor.skipBlanks().position();
        if (cursor.atNumber()) {
            return Immediates.parse16(cursor);
        }
        if (!cursor.tryWord("hwreg")) {
            throw cursor.errorAt(at, "expected a hwreg macro or an integer");
        }
        cursor.expectChar('(');
        int idAt = cursor.skipBlanks().position();
        int id = SpecialSyntax.tryName(cursor, ids(target), names(target));
        if (id < 0 && target.dialect().isGfx12Plus()) {
            // GFX12 renamed the wave registers (HW_REG_MODE -> HW_REG_WAVE_MODE); LLVM still reads the old names.
            id = SpecialSyntax.tryName(cursor, ids(target), gfx9To11Names(names(target)));
        }
        if (id < 0) {
            if (!cursor.atNumber()) {
                throw cursor.errorAt(idAt, "invalid hardware register: only 6-bit values are legal or a known name");
            }
            id = cursor.scanInteger(0, 63);
        }
        int offset = 0;
        int size = 32;
        if (cursor.tryChar(',')) {
            offset = cursor.scanInteger(0, 31);
            cursor.expectChar(',');
            size = cursor.scanInteger(1, 32);
        }
        cursor.expectChar(')');
        return encode(id, offset, size);
    }
}
