package io.github.amdisa.isaxml.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class InOrderTest {

    @Test
    void resultsComeBackInInputOrderWhateverFinishesFirst() throws Exception {
        List<Integer> inputs = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            inputs.add(i);
        }
        // later inputs finish first
        List<String> out = InOrder.map(inputs, "t", i -> {
            Thread.sleep(2L * (12 - i));
            return "r" + i;
        });
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            expected.add("r" + i);
        }
        assertEquals(expected, out);
    }

    @Test
    void theFirstFailureInListOrderIsThrownAsTheTaskThrewIt() {
        IOException first = new IOException("input 3");
        List<Integer> inputs = List.of(0, 1, 2, 3, 4, 5, 6, 7);
        IOException thrown = assertThrows(IOException.class, () -> InOrder.map(inputs, "t", i -> {
            if (i == 3) {
                Thread.sleep(50); // fails last in time, first in order
                throw first;
            }
            if (i > 3) {
                throw new IOException("input " + i);
            }
            return i;
        }));
        assertSame(first, thrown);
        IllegalArgumentException unchecked = assertThrows(IllegalArgumentException.class,
                () -> InOrder.map(List.of(1), "t", i -> {
                    throw new IllegalArgumentException("x");
                }));
        assertEquals("x", unchecked.getMessage());
    }
}
