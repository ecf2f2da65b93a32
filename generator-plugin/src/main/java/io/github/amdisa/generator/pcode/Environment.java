package io.github.amdisa.generator.pcode;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The names the machine or the instruction supplies to a text: the 97 "environment" identifiers of the pseudocode
 * README's catalogue, each given a {@link NameKind}. A name here resolves to its kind even where a text also
 * {@code declare}s or assigns it ({@code declare OFFSET : ...} gives an operand a type), except the names in
 * {@link #ALSO_LOCAL}, which the README records as locals in some texts.
 */
public final class Environment {

    /** Environment names that some texts use as locals; they resolve as locals when first written, not read. */
    public static final Set<String> ALSO_LOCAL = Set.of("offset");

    private static final Map<String, NameKind> NAMES;

    static {
        Map<String, NameKind> m = new LinkedHashMap<>();
        put(m, NameKind.OPERAND, "S0 S1 S2 D0 D1 D SRC0 SRC1 SRC2 VDST DST ADDR ADDR_BASE DATA DATA0 DATA1 DATA2 VDATA"
                + " OFFSET OFFSET0 OFFSET1 SOFFSET IOFFSET INST_OFFSET SIMM16 SIMM32 SBASE SADDR SDATA SRSRC VADDR"
                + " TADDR OPSEL OPSEL_HI NEG SDWA_SRC0_SEL RETURN_DATA RETURN_ADDR vgpr_a v_addr sgpr_o s_saddr"
                + " s_saddr_off v_addr_off sgpr_base offset flat_scratch SGPR_ADDR INST");
        put(m, NameKind.SPECIAL_REGISTER, "VCC EXEC EXEC_LO SCC M0 PC VCCZ EXECZ TBA TTMP TRAPSTS WAVE_STATUS"
                + " WAVE_MODE MODE ROUND_MODE BARRIER_STATE WAVE_BARRIER_COMPLETE VGT_GS_MAX_WAVE_ID NUM_VGPRS VSKIP"
                + " HT PCRewind WAVE32 WAVE64 wave32");
        put(m, NameKind.REGISTER_FILE, "VGPR SGPR HW_REGISTERS");
        put(m, NameKind.MEMORY, "MEM LDS");
        put(m, NameKind.LANE, "laneId laneID");
        put(m, NameKind.CONSTANT, "INF NAN PI DENORM OVERFLOW_F32 OVERFLOW_F64 UNDERFLOW_F32 UNDERFLOW_F64"
                + " MAX_FLOAT_F32 ROUND_NEAREST_EVEN ROUND_TOWARD_ZERO BYTE1 BYTE2 BYTE3 WORD1 INVALID_NODE");
        NAMES = Collections.unmodifiableMap(m);
    }

    private Environment() {
    }

    private static void put(Map<String, NameKind> m, NameKind kind, String names) {
        for (String n : names.split(" ")) {
            if (m.put(n, kind) != null) {
                throw new IllegalStateException("duplicate environment name " + n);
            }
        }
    }

    /** The kind of an environment name, or null when the name is not one. */
    public static NameKind kindOf(String name) {
        return NAMES.get(name);
    }

    /** All environment names with their kinds. */
    public static Map<String, NameKind> all() {
        return NAMES;
    }
}
