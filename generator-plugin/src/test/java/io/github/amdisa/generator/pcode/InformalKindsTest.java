package io.github.amdisa.generator.pcode;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.amdisa.isaxml.Generation;
import io.github.amdisa.isaxml.pcode.PseudocodeEntry;
import io.github.amdisa.isaxml.pcode.PseudocodeLoader;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The kind given to each informal text of the direct files equals the README's "Texts outside the core grammar". */
class InformalKindsTest {

    @Test
    void kindsMatchTheReadmeTable() throws PcodeSyntaxException {
        Map<String, InformalKind> actual = new TreeMap<>();
        for (Generation g : new Generation[] {Generation.RDNA3_5, Generation.RDNA4, Generation.CDNA4}) {
            for (PseudocodeEntry e : PseudocodeLoader.loadBundled(g).entries().values()) {
                if (Classifier.classify(e.name(), e.text()) instanceof Classification.Informal i) {
                    String name = e.name();
                    if (name.matches("V_(MFMA|SMFMAC|WMMA|SWMMAC)_.*")) {
                        assertEquals(InformalKind.MATRIX_SHAPE, i.kind(), g + " " + name + ": " + i.reason());
                    } else {
                        actual.put(g.fileStem() + ":" + name, i.kind());
                    }
                }
            }
        }
        Map<String, InformalKind> expected = new TreeMap<>();
        for (String n : new String[] {"rdna3_5:DS_SWIZZLE_B32", "rdna4:DS_SWIZZLE_B32"}) {
            expected.put(n, InformalKind.C_LIKE_FRAGMENT);
        }
        for (String n : new String[] {"rdna3_5:S_CODE_END", "rdna4:S_CODE_END", "rdna3_5:S_DELAY_ALU",
            "rdna4:S_DELAY_ALU", "cdna4:S_SLEEP", "rdna3_5:S_SLEEP", "rdna4:S_SLEEP"}) {
            expected.put(n, InformalKind.ASSEMBLY_EXAMPLE);
        }
        for (String n : new String[] {"rdna3_5:DS_ADD_GS_REG_RTN", "rdna3_5:DS_APPEND", "rdna4:DS_APPEND",
            "rdna3_5:DS_BVH_STACK_RTN_B32", "rdna3_5:DS_CONSUME", "rdna4:DS_CONSUME", "rdna3_5:DS_SUB_GS_REG_RTN",
            "rdna3_5:IMAGE_GET_LOD", "rdna4:IMAGE_GET_LOD", "rdna3_5:LDS_DIRECT_LOAD", "rdna3_5:S_SETPRIO",
            "rdna4:S_SETPRIO", "rdna3_5:S_WAITCNT", "cdna4:S_WAITCNT", "rdna3_5:S_WAITCNT_EXPCNT",
            "rdna3_5:S_WAITCNT_LGKMCNT", "rdna3_5:S_WAITCNT_VMCNT", "rdna3_5:S_WAITCNT_VSCNT"}) {
            expected.put(n, InformalKind.PROSE);
        }
        expected.put("cdna4:DS_SWIZZLE_B32", InformalKind.TABLE);
        assertEquals(expected, actual);
    }
}
