package io.github.amdisa.runtime.syntax;

import io.github.amdisa.runtime.AsmSyntaxException;

/**
 * A cursor over assembly text with the token-level primitives every operand parser needs. It allocates nothing
 * while scanning numbers; the value of the last number scanned is kept in fields of the cursor
 * ({@link #lastInteger()}, {@link #lastFloat()}, {@link #lastWasFloat()}). An expression with operators or symbol
 * names is read into a small {@link Expr} tree and evaluated; with {@link Symbols} a name that is not taken by the
 * caller first (registers, keywords) is a symbol, as in llvm-mc.
 *
 * <p>Blanks (space and tab) between tokens are insignificant, as in LLVM's lexer: every {@code try...} and
 * {@code expect...} method skips leading blanks itself. Every failure is reported as an
 * {@link AsmSyntaxException} carrying the offset of the offending character; no other unchecked exception escapes
 * for any input text.
 */
public final class AsmCursor {
    private final CharSequence text;
    private final int end;
    private int pos;

    private final Symbols symbols;

    private long lastInteger;
    private double lastFloat;
    private boolean lastWasFloat;
    private Expr lastExpression;

    /**
     * Creates a cursor over all of {@code text}.
     *
     * @param text the text to parse
     */
    public AsmCursor(CharSequence text) {
        this(text, 0, text.length());
    }

    /**
     * Creates a cursor over {@code text[start, end)}; offsets reported in errors are offsets into {@code text}.
     *
     * @param text the text to parse
     * @param start first offset to read
     * @param end offset after the last character to read
     */
    public AsmCursor(CharSequence text, int start, int end) {
        this(text, start, end, null);
    }

    /**
     * Creates a cursor over {@code text[start, end)} whose expressions may name {@code symbols}; offsets reported in
     * errors are offsets into {@code text}.
     *
     * @param text the text to parse
     * @param start first offset to read
     * @param end offset after the last character to read
     * @param symbols the symbols, or null to read numbers only (names are then never numbers)
     */
    public AsmCursor(CharSequence text, int start, int end, Symbols symbols) {
        this.symbols = symbols;
        if (start < 0 || end > text.length() || start > end) {
            throw new IllegalArgumentException("bad range " + start + ".." + end + " of " + text.length());
        }
        this.text = text;
        this.pos = start;
        this.end = end;
    }

    /**
     * Returns the current offset.
     *
     * @return the offset of the next character to read
     */
    public int position() {
        return pos;
    }

    /**
     * Moves the cursor, typically back to a position saved for backtracking.
     *
     * @param position an offset previously returned by {@link #position()}
     */
    public void position(int position) {
        this.pos = position;
    }

    /**
     * Returns the text the cursor reads.
     *
     * @return the text
     */
    public CharSequence text() {
        return text;
    }

    /**
     * Skips blanks.
     *
     * @return this cursor
     */
    public AsmCursor skipBlanks() {
        while (pos < end) {
            char c = text.charAt(pos);
            if (isBlank(c)) {
                pos++;
            } else if (c == '/' && pos + 1 < end && text.charAt(pos + 1) == '*') {
                // a C comment counts as a blank, as in LLVM's lexer (llvm-mc's /*Invalid ...*/ notes read back)
                int close = indexOf("*/", pos + 2);
                if (close < 0) {
                    return this; // unterminated: left for the caller to report
                }
                pos = close + 2;
            } else {
                break;
            }
        }
        return this;
    }

    private int indexOf(String s, int from) {
        for (int p = from; p + s.length() <= end; p++) {
            if (regionMatches(p, s)) {
                return p;
            }
        }
        return -1;
    }

    /**
     * Tells whether only blanks remain.
     *
     * @return true at the end of the text, blanks ignored
     */
    public boolean atEnd() {
        skipBlanks();
        return pos >= end;
    }

    /**
     * Fails unless only blanks remain.
     *
     * @throws AsmSyntaxException pointing at the first unexpected character
     */
    public void expectEnd() {
        if (!atEnd()) {
            throw error("unexpected text");
        }
    }

    /**
     * Returns the next character after blanks without consuming it.
     *
     * @return the character, or -1 at the end
     */
    public int peek() {
        skipBlanks();
        return pos < end ? text.charAt(pos) : -1;
    }

    /**
     * Returns the character {@code ahead} positions after the current one, without skipping blanks.
     *
     * @param ahead 0 for the current character
     * @return the character, or -1 beyond the end
     */
    public int peekRaw(int ahead) {
        int p = pos + ahead;
        return p >= 0 && p < end ? text.charAt(p) : -1;
    }

    /**
     * Consumes {@code c} if it is the next character after blanks.
     *
     * @param c the expected character
     * @return true if consumed
     */
    public boolean tryChar(char c) {
        skipBlanks();
        if (pos < end && text.charAt(pos) == c) {
            pos++;
            return true;
        }
        return false;
    }

    /**
     * Consumes {@code c} or fails.
     *
     * @param c the expected character
     * @throws AsmSyntaxException if the next character after blanks is not {@code c}
     */
    public void expectChar(char c) {
        if (!tryChar(c)) {
            throw error("expected '" + c + "'");
        }
    }

    /**
     * Consumes {@code s} exactly (case-sensitive) if the text continues with it after blanks. Use for punctuation
     * and for prefixes such as {@code "offset:"}.
     *
     * @param s the expected text
     * @return true if consumed
     */
    public boolean tryText(String s) {
        skipBlanks();
        if (regionMatches(pos, s)) {
            pos += s.length();
            return true;
        }
        return false;
    }

    /**
     * Consumes the word {@code word} if the text continues with it after blanks and the word is not followed by an
     * identifier character (so {@code "vcc"} does not match {@code "vcc_lo"}).
     *
     * @param word the expected identifier
     * @return true if consumed
     */
    public boolean tryWord(String word) {
        skipBlanks();
        if (regionMatches(pos, word) && !isIdentifierPart(charAt(pos + word.length()))) {
            pos += word.length();
            return true;
        }
        return false;
    }

    /**
     * Consumes {@code word} or fails.
     *
     * @param word the expected identifier
     * @throws AsmSyntaxException if the word is not next
     */
    public void expectWord(String word) {
        if (!tryWord(word)) {
            throw error("expected '" + word + "'");
        }
    }

    /**
     * Returns the offset just after the identifier starting at the current position (after blanks); equal to
     * {@link #position()} if no identifier starts there. Does not move the cursor past the identifier.
     *
     * @return the end offset of the identifier
     */
    public int identifierEnd() {
        skipBlanks();
        int p = pos;
        if (p < end && isIdentifierStart(text.charAt(p))) {
            p++;
            while (p < end && isIdentifierPart(text.charAt(p))) {
                p++;
            }
        }
        return p;
    }

    /**
     * Tells whether {@code text[from, to)} equals {@code s}.
     *
     * @param from start offset
     * @param to end offset
     * @param s the text to compare with
     * @return true if equal
     */
    public boolean regionEquals(int from, int to, String s) {
        return to - from == s.length() && regionMatches(from, s);
    }

    /**
     * Scans an integer or floating-point number, with optional leading {@code -} or {@code +} signs. Integers may
     * be decimal, hexadecimal ({@code 0x}), binary ({@code 0b}) or octal (leading {@code 0}), as LLVM's lexer reads
     * them; a number with a {@code .} or an exponent is a float. An integer followed by a binary operator, and
     * anything starting with {@code (}, {@code ~}, {@code !} or (with {@link Symbols}) a symbol name, is read as an
     * absolute integer expression ({@link Expr}). The value is available from {@link #lastInteger()} or
     * {@link #lastFloat()} depending on {@link #lastWasFloat()}.
     *
     * @throws AsmSyntaxException if no number is next, an integer does not fit 64 bits, or the expression is not
     *                            absolute (it names a label or an undefined symbol, or divides by zero)
     */
    public void scanNumber() {
        scan(false, false);
    }

    /**
     * Like {@link #scanNumber()}, but an expression that is not absolute is read too and left in
     * {@link #lastExpression()} (then {@link #lastInteger()} is 0): the value of a source operand's literal,
     * which llvm-mc leaves to a fixup ({@code s_mov_b32 s0, u+1}).
     *
     * @throws AsmSyntaxException if no number or expression is next, or an integer does not fit 64 bits
     */
    public void scanNumberOrExpression() {
        scan(true, false);
    }

    /**
     * Like {@link #scanNumber()} for a primary expression only: a number, a symbol, a parenthesized expression or
     * a unary operator applied to one, as LLVM reads the operand between the bars of an SP3 {@code |x|} ({@code
     * |1+i1|} is an error, "expected vertical bar", where {@code |(1+i1)|} is not).
     *
     * @throws AsmSyntaxException as {@link #scanNumber()}
     */
    public void scanPrimaryNumber() {
        scan(false, true);
    }

    private void scan(boolean relocatable, boolean primaryOnly) {
        lastExpression = null;
        skipBlanks();
        int start = pos;
        boolean negative = false;
        while (pos < end && (text.charAt(pos) == '-' || text.charAt(pos) == '+')) {
            if (text.charAt(pos) == '-') {
                negative = !negative;
            }
            pos++;
            skipBlanks();
        }
        int digits = pos;
        if (pos < end && (text.charAt(pos) == '(' || text.charAt(pos) == '~' || text.charAt(pos) == '!'
                || symbols != null && atName(pos))) {
            pos = start;
            Expr e = primaryOnly ? primary() : tree(0);
            value(e, start, relocatable);
            return;
        }
        if (pos >= end || !(isDigit(text.charAt(pos)) || text.charAt(pos) == '.' && isDigit(charAt(pos + 1)))) {
            pos = start;
            throw error("expected a number");
        }
        if (isFloatAhead(digits)) {
            lastFloat = negative ? -scanFloat() : scanFloat();
            lastWasFloat = true;
            return;
        }
        long magnitude = scanUnsigned();
        lastInteger = negative ? -magnitude : magnitude;
        lastWasFloat = false;
        if (!primaryOnly && operatorAhead()) {
            // an absolute expression such as 1+2 or 1<<4|1: read it again as one
            int after = pos;
            pos = start;
            Expr e;
            try {
                e = tree(0);
            } catch (AsmSyntaxException ex) {
                pos = after;
                lastInteger = negative ? -magnitude : magnitude;
                return;
            }
            value(e, start, relocatable);
        }
    }

    /** The value of a parsed expression: its number, or (if {@code relocatable}) the expression itself. */
    private void value(Expr e, int start, boolean relocatable) {
        lastWasFloat = false;
        java.util.OptionalLong v = e.evaluate(symbols);
        if (v.isPresent()) {
            lastInteger = v.getAsLong();
            return;
        }
        if (relocatable && symbols != null) {
            lastInteger = 0;
            lastExpression = e;
            return;
        }
        throw errorAt(start, symbols == null ? "division by zero" : "expected absolute expression");
    }

    /**
     * Parses an expression as an assignment ({@code .set x, expr}) takes it: any integer expression, folded to a
     * {@link Expr.Constant} when it is absolute; a lone float (possibly negated) stands for its IEEE double bits, as
     * llvm-mc-22 assigns {@code x=1.5} (4609434218613702656).
     *
     * @return the expression
     * @throws AsmSyntaxException if no expression is next or it is malformed
     */
    public Expr parseExpression() {
        skipBlanks();
        int start = pos;
        int p = pos;
        boolean negative = false;
        while (p < end && (text.charAt(p) == '-' || text.charAt(p) == '+' || isBlank(text.charAt(p)))) {
            negative ^= text.charAt(p) == '-';
            p++;
        }
        if (p < end && (isDigit(text.charAt(p)) || text.charAt(p) == '.' && isDigit(charAt(p + 1)))
                && isFloatAhead(p)) {
            pos = p;
            long bits = Double.doubleToRawLongBits(scanFloat());
            if (atEnd()) {
                return new Expr.Constant(negative ? -bits : bits);
            }
            pos = start;
        }
        return fold(tree(0));
    }

    /**
     * Returns the relocatable expression read by the last {@link #scanNumberOrExpression()}.
     *
     * @return the expression, or null if the last scan gave a number
     */
    public Expr lastExpression() {
        return lastExpression;
    }

    /**
     * Returns the symbols expressions may name.
     *
     * @return the symbols, or null if symbol names are not read (the cursor then reads numbers only)
     */
    public Symbols symbols() {
        return symbols;
    }

    /**
     * Whether a binary operator of an integer expression follows (after blanks). The operator is only taken as one
     * when an operand follows it; otherwise the number ends before it (so {@code |1|} still closes an abs).
     */
    private boolean operatorAhead() {
        int p = pos;
        while (p < end && isBlank(text.charAt(p))) {
            p++;
        }
        return p < end && binaryPrecedence(p) > 0;
    }

    /**
     * The precedence of the binary operator at {@code p}, or 0: LLVM's (GNU) table, {@code * / % << >>} above
     * {@code | ^ & !} above {@code + -} above the comparisons above {@code &&} above {@code ||} (as
     * {@link Expr.Op} lists them).
     */
    private int binaryPrecedence(int p) {
        Expr.Op op = binaryOperator(p);
        return op == null ? 0 : op.precedence();
    }

    /** The binary operator at {@code p}, or null. */
    private Expr.Op binaryOperator(int p) {
        char c = text.charAt(p);
        int next = charAt(p + 1);
        return switch (c) {
            case '*' -> Expr.Op.MUL;
            case '/' -> Expr.Op.DIV;
            case '%' -> Expr.Op.MOD;
            case '<' -> next == '<' ? Expr.Op.SHL : next == '=' ? Expr.Op.LE : next == '>' ? Expr.Op.NE : Expr.Op.LT;
            case '>' -> next == '>' ? Expr.Op.SHR : next == '=' ? Expr.Op.GE : Expr.Op.GT;
            case '|' -> next == '|' ? Expr.Op.LOR : Expr.Op.OR;
            case '&' -> next == '&' ? Expr.Op.LAND : Expr.Op.AND;
            case '^' -> Expr.Op.XOR;
            case '!' -> next == '=' ? Expr.Op.NE : Expr.Op.OR_NOT;
            case '=' -> next == '=' ? Expr.Op.EQ : null;
            case '+' -> Expr.Op.ADD;
            case '-' -> Expr.Op.SUB;
            default -> null;
        };
    }

    /** How many characters the operator at {@code p} takes. */
    private int operatorLength(int p, Expr.Op op) {
        return switch (op) {
            case SHL, SHR, LE, GE, LOR, LAND, EQ -> 2;
            case NE -> text.charAt(p) == '<' || text.charAt(p) == '!' ? 2 : 1;
            default -> 1;
        };
    }

    /**
     * An integer expression of operators of precedence above {@code min}, operands with unary {@code - + ~ !},
     * parentheses and (with {@link Symbols}) symbol names. A binary operator not followed by an operand is left
     * unread.
     */
    private Expr tree(int min) {
        Expr left = primary();
        while (true) {
            int save = pos;
            skipBlanks();
            if (pos >= end) {
                pos = save;
                return left;
            }
            Expr.Op op = binaryOperator(pos);
            if (op == null || op.precedence() <= min) {
                pos = save;
                return left;
            }
            pos += operatorLength(pos, op);
            Expr right;
            try {
                right = tree(op.precedence());
            } catch (AsmSyntaxException e) {
                pos = save;
                return left;
            }
            left = new Expr.Binary(op, left, right);
        }
    }

    /** A number, a symbol, {@code (expression)} or a unary operator applied to one of these. */
    private Expr primary() {
        skipBlanks();
        if (pos >= end) {
            throw error("expected a number");
        }
        char c = text.charAt(pos);
        switch (c) {
            case '-', '+', '~', '!' -> {
                pos++;
                return new Expr.Unary(c, primary());
            }
            case '(' -> {
                pos++;
                Expr v = tree(0);
                skipBlanks();
                if (pos >= end || text.charAt(pos) != ')') {
                    throw error("expected ')'");
                }
                pos++;
                // LLVM folds a parenthesized expression that is absolute: u+(1+2) is u+3, u+1+2 stays.
                return fold(v);
            }
            default -> {
                if (isDigit(c) && !isFloatAhead(pos)) {
                    return new Expr.Constant(scanUnsigned());
                }
                if (symbols != null && atName(pos)) {
                    return symbol();
                }
                throw error("expected an integer");
            }
        }
    }

    /**
     * A symbol name with an optional variant ({@code u@rel32@lo}); a variable assigned a number is replaced by the
     * number ({@link Symbols#isConstant}).
     */
    private Expr symbol() {
        int s = pos;
        int e = identifierEnd();
        String name = text.subSequence(s, e).toString();
        pos = e;
        int save = pos;
        skipBlanks();
        if (pos < end && text.charAt(pos) == '@') {
            int from = pos + 1;
            int to = from;
            while (to < end && (isIdentifierPart(text.charAt(to)) || text.charAt(to) == '@')) {
                to++;
            }
            String variant = Expr.variant(text.subSequence(from, to).toString());
            if (variant == null) {
                throw errorAt(from, "invalid variant '" + text.subSequence(from, to) + "'");
            }
            pos = to;
            return new Expr.Symbol(name, variant);
        }
        pos = save;
        if (symbols.isConstant(name)) {
            Long v = symbols.value(name);
            if (v != null) {
                return new Expr.Constant(v);
            }
        }
        return new Expr.Symbol(name, null);
    }

    /** Whether a symbol name starts at {@code p} (not a float such as {@code .5}). */
    private boolean atName(int p) {
        char c = text.charAt(p);
        return isIdentifierStart(c) && !(c == '.' && isDigit(charAt(p + 1)));
    }

    /** {@code e} as a constant if it is absolute. */
    private Expr fold(Expr e) {
        if (e instanceof Expr.Constant) {
            return e;
        }
        java.util.OptionalLong v = e.evaluate(symbols);
        return v.isPresent() ? new Expr.Constant(v.getAsLong()) : e;
    }

    /**
     * Scans an integer (as {@link #scanNumber()}, floats rejected).
     *
     * @return the value
     * @throws AsmSyntaxException if no integer is next
     */
    public long scanInteger() {
        int start = skipBlanks().pos;
        scanNumber();
        if (lastWasFloat) {
            throw errorAt(start, "expected an integer");
        }
        return lastInteger;
    }

    /**
     * Scans an integer and checks its range, which must lie within {@code int}.
     *
     * @param min smallest accepted value
     * @param max largest accepted value
     * @return the value
     * @throws AsmSyntaxException if no integer is next or it is out of range (located at the number)
     */
    public int scanInteger(long min, long max) {
        int start = skipBlanks().pos;
        long v = scanInteger();
        if (v < min || v > max) {
            throw errorAt(start, "value out of range [" + min + ", " + max + "]");
        }
        return (int) v;
    }

    /**
     * Tells whether the next token (after blanks and signs) is a number: digits, a float, {@code (}, {@code ~},
     * {@code !}, or (with {@link Symbols}) the name of an absolute symbol not followed by {@code (} (which would be
     * a function-like modifier such as {@code vmcnt(0)}).
     *
     * @return true if {@link #scanNumber()} would read a number here
     */
    public boolean atNumber() {
        return atNumber(false);
    }

    /**
     * Like {@link #atNumber()}, but any symbol name counts (with {@link Symbols}): the start of a value that
     * {@link #scanNumberOrExpression()} reads, absolute or not.
     *
     * @return true if a number or an expression is next
     */
    public boolean atExpression() {
        return atNumber(true);
    }

    private boolean atNumber(boolean anySymbol) {
        skipBlanks();
        int p = pos;
        while (p < end && (text.charAt(p) == '-' || text.charAt(p) == '+' || isBlank(text.charAt(p)))) {
            p++;
        }
        if (p >= end) {
            return false;
        }
        char c = text.charAt(p);
        if (isDigit(c) || c == '.' && isDigit(charAt(p + 1)) || c == '(' || c == '~' || c == '!') {
            return true;
        }
        if (symbols == null || !isIdentifierStart(c)) {
            return false;
        }
        int q = p + 1;
        while (q < end && isIdentifierPart(text.charAt(q))) {
            q++;
        }
        int after = q;
        while (after < end && isBlank(text.charAt(after))) {
            after++;
        }
        if (after < end && text.charAt(after) == '(') {
            return false;
        }
        if (anySymbol) {
            return true;
        }
        return (after >= end || text.charAt(after) != '@') && symbols.value(text.subSequence(p, q).toString()) != null;
    }

    /**
     * Returns the value of the last integer scanned.
     *
     * @return the value
     */
    public long lastInteger() {
        return lastInteger;
    }

    /**
     * Returns the value of the last float scanned.
     *
     * @return the value
     */
    public double lastFloat() {
        return lastFloat;
    }

    /**
     * Tells whether the last number scanned was a float.
     *
     * @return true for a float
     */
    public boolean lastWasFloat() {
        return lastWasFloat;
    }

    /**
     * Creates an error at the current position (after blanks).
     *
     * @param detail the problem
     * @return the exception, for the caller to throw
     */
    public AsmSyntaxException error(String detail) {
        skipBlanks();
        return new AsmSyntaxException(pos, detail);
    }

    /**
     * Creates an error at a given offset.
     *
     * @param offset the offset of the offending text
     * @param detail the problem
     * @return the exception, for the caller to throw
     */
    public AsmSyntaxException errorAt(int offset, String detail) {
        return new AsmSyntaxException(offset, detail);
    }

    private boolean isFloatAhead(int p) {
        if (regionMatchesIgnoreCase(p, "0x") || regionMatchesIgnoreCase(p, "0b")) {
            return false;
        }
        while (p < end && isDigit(text.charAt(p))) {
            p++;
        }
        return p < end && (text.charAt(p) == '.' || text.charAt(p) == 'e' || text.charAt(p) == 'E');
    }

    private long scanUnsigned() {
        int start = pos;
        int radix = 10;
        if (regionMatchesIgnoreCase(pos, "0x")) {
            radix = 16;
            pos += 2;
        } else if (regionMatchesIgnoreCase(pos, "0b") && isDigit(charAt(pos + 2))) {
            radix = 2;
            pos += 2;
        } else if (text.charAt(pos) == '0' && isDigit(charAt(pos + 1))) {
            radix = 8;
            pos += 1;
        }
        int digitsStart = pos;
        long value = 0;
        while (pos < end) {
            int d = Character.digit(text.charAt(pos), radix);
            if (d < 0) {
                break;
            }
            if (Long.compareUnsigned(value, Long.divideUnsigned(-1L - d, radix)) > 0) {
                throw errorAt(start, "integer does not fit 64 bits");
            }
            value = value * radix + d;
            pos++;
        }
        if (pos == digitsStart || pos < end && isIdentifierPart(text.charAt(pos))) {
            throw errorAt(pos == digitsStart ? digitsStart : pos, "invalid digit in number");
        }
        return value;
    }

    private double scanFloat() {
        int start = pos;
        while (pos < end && isDigit(text.charAt(pos))) {
            pos++;
        }
        if (pos < end && text.charAt(pos) == '.') {
            pos++;
            while (pos < end && isDigit(text.charAt(pos))) {
                pos++;
            }
        }
        if (pos < end && (text.charAt(pos) == 'e' || text.charAt(pos) == 'E')) {
            int save = pos;
            pos++;
            if (pos < end && (text.charAt(pos) == '+' || text.charAt(pos) == '-')) {
                pos++;
            }
            if (pos >= end || !isDigit(text.charAt(pos))) {
                throw errorAt(save, "invalid exponent");
            }
            while (pos < end && isDigit(text.charAt(pos))) {
                pos++;
            }
        }
        if (pos < end && isIdentifierPart(text.charAt(pos))) {
            throw errorAt(pos, "invalid character in number");
        }
        // Only digits, '.', 'e' and signs reach here, so parseDouble cannot fail.
        return Double.parseDouble(text.subSequence(start, pos).toString());
    }

    private boolean regionMatches(int p, String s) {
        if (p + s.length() > end) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            if (text.charAt(p + i) != s.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private boolean regionMatchesIgnoreCase(int p, String s) {
        if (p + s.length() > end) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            if (Character.toLowerCase(text.charAt(p + i)) != s.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private int charAt(int p) {
        return p >= 0 && p < end ? text.charAt(p) : -1;
    }

    private static boolean isBlank(char c) {
        return c == ' ' || c == '\t';
    }

    private static boolean isDigit(int c) {
        return c >= '0' && c <= '9';
    }

    /**
     * Tells whether {@code c} may start an LLVM identifier.
     *
     * @param c a character, or -1
     * @return true for letters, {@code _}, {@code .} and {@code $}
     */
    public static boolean isIdentifierStart(int c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '.' || c == '$';
    }

    /**
     * Tells whether {@code c} may continue an LLVM identifier.
     *
     * @param c a character, or -1
     * @return true for identifier-start characters and digits
     */
    public static boolean isIdentifierPart(int c) {
        return isIdentifierStart(c) || isDigit(c);
    }
}
