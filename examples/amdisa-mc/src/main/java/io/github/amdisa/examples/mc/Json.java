package io.github.amdisa.examples.mc;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The small JSON subset {@code amdisa-mc -run} needs, read and written by hand (no dependency): objects, arrays,
 * strings, integers (unsigned up to 2^64-1, or negative down to -2^63), {@code true}, {@code false}, {@code null}.
 * Fractions and exponents are refused: state values are register bits. Errors name line and column.
 */
final class Json {

    /** A parse error with its 1-based line and column. */
    static final class JsonException extends Exception {
        private static final long serialVersionUID = 1L;

        JsonException(String message) {
            super(message);
        }
    }

    private final String text;
    private int pos;

    private Json(String text) {
        this.text = text;
    }

    /**
     * Parses a document: {@code Map<String,Object>} (insertion ordered), {@code List<Object>}, {@code String},
     * {@code BigInteger}, {@code Boolean} or null.
     */
    static Object parse(String text) throws JsonException {
        Json j = new Json(text);
        Object v = j.value();
        j.blanks();
        if (j.pos < text.length()) {
            throw j.error("unexpected '" + text.charAt(j.pos) + "' after the JSON value");
        }
        return v;
    }

    /** The line:column of a character offset, 1-based. */
    String where(int offset) {
        int line = 1;
        int col = 1;
        for (int i = 0; i < offset && i < text.length(); i++) {
            if (text.charAt(i) == '\n') {
                line++;
                col = 1;
            } else {
                col++;
            }
        }
        return line + ":" + col;
    }

    private JsonException error(String message) {
        return new JsonException(where(pos) + ": " + message);
    }

    private void blanks() {
        while (pos < text.length() && " \t\r\n".indexOf(text.charAt(pos)) >= 0) {
            pos++;
        }
    }

    private Object value() throws JsonException {
        blanks();
        if (pos >= text.length()) {
            throw error("unexpected end of input, expected a value");
        }
        char c = text.charAt(pos);
        switch (c) {
            case '{':
                return object();
            case '[':
                return array();
            case '"':
                return string();
            case 't':
                return word("true", Boolean.TRUE);
            case 'f':
                return word("false", Boolean.FALSE);
            case 'n':
                return word("null", null);
            default:
                if (c == '-' || c >= '0' && c <= '9') {
                    return number();
                }
                throw error("unexpected '" + c + "', expected a value");
        }
    }

    private Object word(String w, Object v) throws JsonException {
        if (!text.startsWith(w, pos)) {
            throw error("unexpected token, expected " + w);
        }
        pos += w.length();
        return v;
    }

    private Map<String, Object> object() throws JsonException {
        Map<String, Object> m = new LinkedHashMap<>();
        pos++;
        blanks();
        if (pos < text.length() && text.charAt(pos) == '}') {
            pos++;
            return m;
        }
        while (true) {
            blanks();
            if (pos >= text.length() || text.charAt(pos) != '"') {
                throw error("expected a member name in double quotes");
            }
            int at = pos;
            String key = string();
            if (m.containsKey(key)) {
                pos = at;
                throw error("duplicate member \"" + key + "\"");
            }
            blanks();
            if (pos >= text.length() || text.charAt(pos) != ':') {
                throw error("expected ':' after the member name");
            }
            pos++;
            m.put(key, value());
            blanks();
            if (pos < text.length() && text.charAt(pos) == ',') {
                pos++;
                continue;
            }
            if (pos < text.length() && text.charAt(pos) == '}') {
                pos++;
                return m;
            }
            throw error("expected ',' or '}' in an object");
        }
    }

    private List<Object> array() throws JsonException {
        List<Object> list = new ArrayList<>();
        pos++;
        blanks();
        if (pos < text.length() && text.charAt(pos) == ']') {
            pos++;
            return list;
        }
        while (true) {
            list.add(value());
            blanks();
            if (pos < text.length() && text.charAt(pos) == ',') {
                pos++;
                continue;
            }
            if (pos < text.length() && text.charAt(pos) == ']') {
                pos++;
                return list;
            }
            throw error("expected ',' or ']' in an array");
        }
    }

    private String string() throws JsonException {
        StringBuilder sb = new StringBuilder();
        pos++;
        while (pos < text.length()) {
            char c = text.charAt(pos++);
            if (c == '"') {
                return sb.toString();
            }
            if (c == '\\') {
                if (pos >= text.length()) {
                    break;
                }
                char e = text.charAt(pos++);
                switch (e) {
                    case '"', '\\', '/' -> sb.append(e);
                    case 'n' -> sb.append('\n');
                    case 't' -> sb.append('\t');
                    case 'r' -> sb.append('\r');
                    case 'b' -> sb.append('\b');
                    case 'f' -> sb.append('\f');
                    case 'u' -> {
                        if (pos + 4 > text.length()) {
                            throw error("truncated \\u escape");
                        }
                        try {
                            sb.append((char) Integer.parseInt(text.substring(pos, pos + 4), 16));
                        } catch (NumberFormatException ex) {
                            throw error("bad \\u escape");
                        }
                        pos += 4;
                    }
                    default -> {
                        pos--;
                        throw error("bad escape '\\" + e + "'");
                    }
                }
            } else if (c < 0x20) {
                pos--;
                throw error("control character in a string");
            } else {
                sb.append(c);
            }
        }
        throw error("unterminated string");
    }

    private BigInteger number() throws JsonException {
        int start = pos;
        if (text.charAt(pos) == '-') {
            pos++;
        }
        while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
            pos++;
        }
        if (pos < text.length() && ".eE".indexOf(text.charAt(pos)) >= 0) {
            throw error("only integers are allowed here");
        }
        String s = text.substring(start, pos);
        if (s.equals("-") || s.isEmpty()) {
            pos = start;
            throw error("malformed number");
        }
        return new BigInteger(s);
    }

    /** Writes a JSON string literal. */
    static void string(StringBuilder out, String s) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }
}
