package io.github.amdisa.generator.pcode;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The built-in functions of the pseudocode, read from {@code builtins.txt} (a copy of the catalogue in the README of
 * the pseudocode data), and the rule for instruction mnemonics used as functions.
 */
public final class Builtins {

    /** What a built-in does, as the README groups them. */
    public enum Category {
        ADDRESS, BUFFER_FORMAT, CONVERSION, FLOAT_INSPECTION, ARITHMETIC, INSTRUCTION, MACHINE
    }

    /**
     * One built-in.
     *
     * @param name the name as called
     * @param category its group
     * @param arities the argument counts seen in the data
     */
    public record Function(String name, Category category, Set<Integer> arities) {
    }

    /** A lower-case instruction mnemonic ({@code v_max_f32}, {@code s_nop}): "that instruction's operation". */
    private static final Pattern MNEMONIC = Pattern.compile("[sv]_[a-z0-9_]+");

    private static final Map<String, Function> FUNCTIONS = load();

    private Builtins() {
    }

    /** The catalogue entry for {@code name}, if it is a catalogued built-in. */
    public static Optional<Function> find(String name) {
        return Optional.ofNullable(FUNCTIONS.get(name));
    }

    /** All catalogued built-ins, in catalogue order. */
    public static Map<String, Function> all() {
        return FUNCTIONS;
    }

    /** True when {@code name} has the shape of a lower-case instruction mnemonic. */
    public static boolean isInstructionMnemonic(String name) {
        return MNEMONIC.matcher(name).matches();
    }

    private static Map<String, Function> load() {
        Map<String, Function> map = new LinkedHashMap<>();
        try (InputStream in = Builtins.class.getResourceAsStream("builtins.txt")) {
            if (in == null) {
                throw new IllegalStateException("builtins.txt missing from the class path");
            }
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            String line;
            while ((line = r.readLine()) != null) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] f = line.trim().split("\\s+");
                Set<Integer> arities = Arrays.stream(f[2].split("/")).map(Integer::valueOf)
                        .collect(Collectors.toCollection(TreeSet::new));
                map.put(f[0], new Function(f[0], Category.valueOf(f[1]), Collections.unmodifiableSet(arities)));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Collections.unmodifiableMap(map);
    }
}
