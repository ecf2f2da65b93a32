package io.github.amdisa.generator.pcode.lower;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.amdisa.generator.pcode.Classification;
import io.github.amdisa.generator.pcode.Classifier;
import io.github.amdisa.generator.pcode.types.TypeChecker;
import io.github.amdisa.generator.pcode.types.Typing;
import io.github.amdisa.isaxml.Generation;
import io.github.amdisa.isaxml.pcode.PseudocodeLoader;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Which texts have a saturating reading under integer CLAMP ({@link Saturation}): the sums, differences and dot
 * products do; a text whose exact value reaches a comparison, a shift or a call, a product that can leave the result's
 * range by itself, a concatenated target or a lambda does not. The expectations are read off AMD's texts by hand.
 */
class SaturationTest {

    private static Typing typing(Generation g, String name) throws Exception {
        String text = TextOverlays.apply(name, PseudocodeLoader.loadBundled(g).entries().get(name).text());
        Classification c = Classifier.classify(name, text);
        Typing typing = TypeChecker.check(((Classification.Parsed) c).text(), name);
        return typing;
    }

    @ParameterizedTest(name = "{0} {1}: {2}")
    @CsvSource({
        // sums and differences, with or without a carry
        "RDNA3, V_ADD_NC_U32, true", "RDNA3, V_SUB_NC_I32, true", "RDNA3, V_SUBREV_NC_U32, true",
        "RDNA3, V_ADD_NC_I16, true", "RDNA3, V_ADD_CO_U32, true", "RDNA3, V_ADD_CO_CI_U32, true",
        "RDNA3, V_PK_ADD_U16, true", "RDNA3, V_PK_SUB_I16, true", "RDNA3, V_ADD3_U32, true",
        "CDNA3, V_ADD_U32, true", "CDNA3, V_ADD_I16, true", "CDNA3, V_ADDC_CO_U32, true",
        "RDNA1, V_SUB_NC_U16, true", "RDNA4, V_SUB_CO_CI_U32, true",
        // sums of small products
        "RDNA3, V_DOT4_U32_U8, true", "RDNA3, V_DOT4_I32_IU8, true", "RDNA3, V_DOT8_U32_U4, true",
        "CDNA3, V_DOT2_I32_I16, true", "CDNA3, V_DOT4_I32_I8, true", "CDNA1, V_DOT2_U32_U16, true",
        "RDNA2, V_MAD_U32_U16, true", "RDNA2, V_MAD_I32_I16, true",
        // products that can overflow by themselves
        "RDNA3, V_MUL_LO_U32, false", "RDNA3, V_MAD_U32_U24, false", "RDNA3, V_MUL_U32_U24, false",
        "RDNA3, V_MUL_LO_U16, false", "RDNA3, V_PK_MAD_U16, false", "CDNA3, V_MAD_U16, false",
        // no arithmetic, comparisons, lambdas, concatenated targets, 64-bit arithmetic
        "RDNA3, V_MOV_B32, false", "RDNA3, V_MAX_U32, false", "RDNA3, V_SAD_U8, false", "RDNA3, V_MAD_U64_U32, false",
        "RDNA3, V_ADD_F32, false", "RDNA3, V_LSHLREV_B32, false", "RDNA3, DS_LOAD_B32, false",
        "RDNA3, GLOBAL_LOAD_B32, false", "RDNA3, S_LOAD_B32, false"})
    void saturatingReading(Generation g, String name, boolean expected) throws Exception {
        Typing t = typing(g, name);
        assertEquals(expected, Saturation.of(t) != null, name + ": " + Saturation.refusal(t));
    }
}
