package io.github.amdisa.generator.pcode.types;

import io.github.amdisa.generator.pcode.ParsedText;

/**
 * A type error of one text.
 *
 * @param instruction the instruction
 * @param position where, or null (inside an expanded lambda)
 * @param message what is wrong
 */
public record TypeError(String instruction, ParsedText.Position position, String message) {
    @Override
    public String toString() {
        return instruction + (position != null ? " " + position : "") + ": " + message;
    }
}
