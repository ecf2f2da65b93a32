/**
 * Floating point as AMD GPUs compute it, for generated interpreters: every function is static, takes and returns
 * bit patterns ({@code int} for f16/bf16/f32 and 8-bit formats, {@code long} for f64) and allocates nothing.
 *
 * <ul>
 *   <li>{@link io.github.amdisa.runtime.fp.FloatFormat}: the formats (f16, bf16, f32, f64, OCP fp8 E4M3 and bf8
 *       E5M2, CDNA 3's FNUZ variants), classification ({@code V_CMP_CLASS} masks), NaN quieting, denormal
 *       flushing.</li>
 *   <li>{@link io.github.amdisa.runtime.fp.FpMode}: the MODE register's FP_ROUND and FP_DENORM fields and the
 *       IEEE/DX10_CLAMP bits.</li>
 *   <li>{@link io.github.amdisa.runtime.fp.FpConvert}: conversions in every direction through one exact
 *       rounding core ({@code roundPack}), the pseudocode's named conversions ({@code f32_to_f16},
 *       {@code f16_to_f32}, {@code f32_to_fp8}, ...) and float/integer conversions.</li>
 *   <li>{@link io.github.amdisa.runtime.fp.FpArith}: add, sub, mul, fma in f16/f32/f64 under MODE (all four
 *       rounding modes, denormal flushing, AMD's NaN results) and the min/max families (RDNA, CDNA, RDNA 4
 *       {@code _NUM}, IEEE 754-2019 {@code MINIMUM}/{@code MAXIMUM}).</li>
 * </ul>
 *
 * Tests check them against independent oracles: exhaustive f16/bf16 enumeration, a BigDecimal rounding
 * reference, and fp8 tables computed from the format definitions.
 */
package io.github.amdisa.runtime.fp;
