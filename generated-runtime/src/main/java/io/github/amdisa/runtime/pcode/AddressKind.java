package io.github.amdisa.runtime.pcode;

/** The address calculation built-ins of the texts, one per {@code Calc*Addr} function. */
public enum AddressKind {
    /** {@code CalcBufferAddr}. */
    BUFFER,
    /** {@code CalcDsAddr}. */
    DS,
    /** {@code CalcGlobalAddr}. */
    GLOBAL,
    /** {@code CalcFlatAddr}. */
    FLAT,
    /** {@code CalcScratchAddr}. */
    SCRATCH,
    /** {@code CalcScalarBufferAddr}. */
    SCALAR_BUFFER,
    /** {@code CalcScalarGlobalAddr}. */
    SCALAR_GLOBAL,
    /** {@code CalcScalarScratchAddr}. */
    SCALAR_SCRATCH,
    /** {@code CalcImageAddr}. */
    IMAGE
}
