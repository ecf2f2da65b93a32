package io.github.amdisa.generator.naming;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The one naming strategy of the generator: every Java identifier derived from an AMD name ({@code V_BFE_I32},
 * {@code SRC0}, {@code ENC_VOP3}, {@code has_lit_0&has_lit_1}) comes from here. Names that are Java keywords or
 * start with a digit are escaped; within one {@link Scope} distinct AMD names never map to the same Java name
 * (later ones get a numeric suffix).
 */
public final class JavaNames {

    private static final Set<String> KEYWORDS = Set.of("abstract", "assert", "boolean", "break", "byte", "case",
            "catch", "char", "class", "const", "continue", "default", "do", "double", "else", "enum", "extends",
            "final", "finally", "float", "for", "goto", "if", "implements", "import", "instanceof", "int",
            "interface", "long", "native", "new", "package", "private", "protected", "public", "return", "short",
            "static", "strictfp", "super", "switch", "synchronized", "this", "throw", "throws", "transient", "try",
            "void", "volatile", "while", "true", "false", "null", "var", "record", "yield", "sealed", "permits",
            "_");

    private JavaNames() {
    }

    /** A class name for an encoding: {@code ENC_VOP3} -> {@code EncVop3}, {@code VOP3_INST_LITERAL} -> {@code Vop3InstLiteral}. */
    public static String encodingClass(String encodingName) {
        return escape(camel(encodingName, true));
    }

    /** A method name for a field: {@code SRC0} -> {@code src0}, {@code OP_SEL_HI} -> {@code opSelHi}. */
    public static String fieldMethod(String fieldName) {
        return escape(camel(fieldName, false));
    }

    /** A method name for a field setter: {@code SRC0} -> {@code setSrc0}. */
    public static String fieldSetter(String fieldName) {
        return "set" + camel(fieldName, true);
    }

    /**
     * A predicate method name for an encoding condition: {@code default} -> {@code isDefault},
     * {@code has_lit_0&has_lit_1} -> {@code hasLit0HasLit1}, {@code !has_lit_0} -> {@code notHasLit0}.
     */
    public static String conditionMethod(String conditionName) {
        String n = conditionName.replace("!", "_not_").replace("&", "_");
        String c = camel(n, false);
        if (!c.startsWith("has") && !c.startsWith("not")) {
            c = "is" + camel(n, true);
        }
        return escape(c);
    }

    /** An enum constant for an instruction: upper case as AMD writes it, escaped: {@code 3D_X} -> {@code _3D_X}. */
    public static String enumConstant(String amdName) {
        String n = amdName.toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9_]", "_");
        return escape(n);
    }

    /** A Java package segment for a generation file stem: {@code rdna3_5} stays {@code rdna3_5}. */
    public static String packageSegment(String stem) {
        String n = stem.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9_]", "_");
        return escape(n);
    }

    /** A class-name prefix for a generation: {@code rdna3_5} -> {@code Rdna3_5}. */
    public static String generationClassPrefix(String stem) {
        String n = stem.replaceAll("[^A-Za-z0-9_]", "_");
        return escape(Character.toUpperCase(n.charAt(0)) + n.substring(1).toLowerCase(Locale.ROOT));
    }

    /** A parameter or local name from an AMD name: {@code SRC0} -> {@code src0}, {@code VDST} -> {@code vdst}. */
    public static String camelLower(String amdName) {
        return escape(camel(amdName, false));
    }

    /** Splits on non-alphanumerics and joins the parts in camel case. */
    static String camel(String name, boolean upperFirst) {
        StringBuilder b = new StringBuilder();
        boolean up = upperFirst;
        for (String part : name.split("[^A-Za-z0-9]+")) {
            if (part.isEmpty()) {
                continue;
            }
            String p = part.toLowerCase(Locale.ROOT);
            if (b.length() == 0 && !up) {
                b.append(p);
            } else {
                b.append(Character.toUpperCase(p.charAt(0))).append(p.substring(1));
            }
            up = true;
        }
        return b.length() == 0 ? "_" : b.toString();
    }

    /** Escapes keywords (suffix {@code _}) and leading digits (prefix {@code _}). */
    static String escape(String id) {
        String s = id;
        if (Character.isDigit(s.charAt(0))) {
            s = "_" + s;
        }
        if (KEYWORDS.contains(s)) {
            s = s + "_";
        }
        return s;
    }

    /**
     * A naming scope (one class's members, one package's classes): hands out each Java name once, so two AMD
     * names that normalise to the same identifier get distinct names ({@code foo}, {@code foo2}, ...). Asking again
     * for the same AMD name returns the same Java name.
     */
    public static final class Scope {
        private final Map<String, String> byAmdName = new HashMap<>();
        private final Map<String, String> taken = new HashMap<>();

        /** Reserves names that must not be handed out (e.g. fixed method names of the generated class). */
        public Scope reserve(String... javaNames) {
            for (String n : javaNames) {
                taken.put(n.toLowerCase(Locale.ROOT), "");
            }
            return this;
        }

        /** The unique Java name for {@code amdName}, given its preferred form {@code javaName}. */
        public String name(String amdName, String javaName) {
            String existing = byAmdName.get(amdName);
            if (existing != null) {
                return existing;
            }
            String candidate = javaName;
            int i = 2;
            // Case-insensitive, so that generated file names stay distinct on case-insensitive file systems.
            while (taken.containsKey(candidate.toLowerCase(Locale.ROOT))) {
                candidate = javaName + i++;
            }
            taken.put(candidate.toLowerCase(Locale.ROOT), amdName);
            byAmdName.put(amdName, candidate);
            return candidate;
        }
    }
}
