package io.github.amdisa.generator.pcode;

import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Sorts each text into {@link Classification.Parsed} or {@link Classification.Informal}.
 *
 * <p>A text is informal only when both hold: it does not parse with the core grammar, and it shows the mark of one
 * of the {@link InformalKind}s, found by looking at its lines (comments removed). A text that fails to parse and
 * shows no such mark is a real syntax error: {@link #classify} throws, so a new kind of text or a parser bug cannot
 * hide as "informal". The marks, checked in this order:
 * <ul>
 *   <li>matrix shape: a line {@code D = A ([sparse ]MxK) * B (KxN) + C (MxN)};</li>
 *   <li>assembly example: a line that is {@code ...}, or a lower-case mnemonic with an {@code s_}/{@code v_}
 *       prefix followed by operands (not by {@code (} or {@code =}) or by nothing;</li>
 *   <li>C-like fragment: a brace block opened after {@code )} or closed on a line of its own, or {@code ++};</li>
 *   <li>table: a line starting {@code key:} or {@code key[hi:lo]:} (a label, not a statement);</li>
 *   <li>prose: a full stop (a {@code .} followed by a space or the end of the line; in code a dot is always followed by a name), two words side by side with no operator between them, or a
 *       Verilog-style {@code <=} statement (a line {@code name <= ...} where no statement can start).</li>
 * </ul>
 */
public final class Classifier {

    private static final Pattern MATRIX = Pattern.compile(
            "^\\s*D\\s*=\\s*A\\s*\\((sparse\\s+)?\\d+x\\d+\\)\\s*\\*\\s*B\\s*\\(\\d+x\\d+\\)\\s*\\+\\s*[A-Z]\\s*"
                    + "\\(\\d+x\\d+\\)\\s*$");
    private static final Pattern ASSEMBLY = Pattern.compile("^\\s*(\\.\\.\\.|[sv]_[a-z0-9_]+(\\s+[^\\s=(].*)?)\\s*$");
    private static final Pattern C_LIKE = Pattern.compile("\\)\\s*\\{\\s*$|^\\s*}\\s*$|\\w\\+\\+");
    private static final Pattern TABLE = Pattern.compile("^\\s*\\w+(\\[[^\\]]*])?:\\s");
    private static final Pattern FULL_STOP = Pattern.compile("[\\w\\])]\\.(\\s|$)");
    private static final Pattern WORDS = Pattern.compile("\\b([A-Za-z_]\\w*)[ \\t]+([A-Za-z_]\\w*)\\b");
    private static final Pattern NONBLOCKING = Pattern.compile("^\\s*[A-Za-z_]\\w*\\s*<=");

    private Classifier() {
    }

    /**
     * Parses {@code text} or classifies it as informal.
     *
     * @param instruction the instruction name, for messages
     * @throws PcodeSyntaxException when the text neither parses nor shows an informal mark
     */
    public static Classification classify(String instruction, String text) throws PcodeSyntaxException {
        try {
            return new Classification.Parsed(Parser.parse(text, instruction));
        } catch (PcodeSyntaxException e) {
            Optional<Classification.Informal> informal = informalMark(text, e);
            if (informal.isPresent()) {
                return informal.get();
            }
            throw e;
        }
    }

    private static Optional<Classification.Informal> informalMark(String text, PcodeSyntaxException error) {
        List<String> lines = text.lines().map(Classifier::stripComment).toList();
        record Check(InformalKind kind, Pattern pattern, boolean wholeLine) {
        }
        List<Check> checks = List.of(new Check(InformalKind.MATRIX_SHAPE, MATRIX, true),
                new Check(InformalKind.ASSEMBLY_EXAMPLE, ASSEMBLY, true),
                new Check(InformalKind.C_LIKE_FRAGMENT, C_LIKE, false),
                new Check(InformalKind.TABLE, TABLE, false),
                new Check(InformalKind.PROSE, FULL_STOP, false),
                new Check(InformalKind.PROSE, NONBLOCKING, false));
        for (Check c : checks) {
            for (int i = 0; i < lines.size(); i++) {
                Matcher m = c.pattern().matcher(lines.get(i));
                if (c.wholeLine() ? m.matches() : m.find()) {
                    return Optional.of(new Classification.Informal(c.kind(),
                            "line " + (i + 1) + ": '" + lines.get(i).strip() + "'", error));
                }
            }
        }
        for (int i = 0; i < lines.size(); i++) {
            Matcher m = WORDS.matcher(lines.get(i));
            while (m.find()) {
                if (!Lexer.KEYWORDS.contains(m.group(1)) && !Lexer.KEYWORDS.contains(m.group(2))
                        && !m.group(1).equals("in") && !m.group(2).equals("in")) {
                    return Optional.of(new Classification.Informal(InformalKind.PROSE,
                            "line " + (i + 1) + ": words '" + m.group() + "' side by side", error));
                }
            }
        }
        return Optional.empty();
    }

    private static String stripComment(String line) {
        int c = line.indexOf("//");
        return c < 0 ? line : line.substring(0, c);
    }
}
