/**
 * Type checking of the pseudocode: every expression gets a {@link io.github.amdisa.generator.pcode.types.PType}
 * (kind U/I/B/F/BF/FP/BOOL and width), errors are located {@link io.github.amdisa.generator.pcode.types.TypeError}s.
 *
 * <p><b>Rules</b> (chosen from the texts; AMD does not define them):
 * <ul>
 *   <li>Sources of types: suffixes ({@code S0.u32} reinterprets/truncates the operand's bits), casts {@code N'T(x)},
 *       sized literals ({@code 32'0x..} is u32, {@code 16'1.0} f16), C-like suffixes ({@code U} u32, {@code LL} i64,
 *       {@code ULL} u64, {@code F} f32), {@code declare}, and the built-in signatures of
 *       {@link io.github.amdisa.generator.pcode.types.Signatures}. An unsized integer literal is i32 (i64 if it needs
 *       more bits) and an unsized float literal f64, but both adapt to the other operand's type; so does a sized integer
 *       literal without suffix ({@code 16'0} is u16 alone but i16 beside an i16), while {@code 16'0U} stays u16. A bare operand is
 *       b32, SCC/VCCZ/EXECZ u1, VCC/EXEC/PC b64, WAVE32/WAVE64 bool, laneId u32.</li>
 *   <li>Arithmetic and bitwise operators work at the wider operand width; signed only if both operands are signed
 *       (bits count as unsigned), float if either is a float (at the wider float width); results wrap to that
 *       width. So {@code S0.u32 + S1.u32} wraps at 32 bits, and the texts widen explicitly
 *       ({@code 64'U(S0.u32) + 64'U(S1.u32)}) when they want the carry.</li>
 *   <li>Shifts have the (possibly widened) type of the left operand; the count is taken as written, and counts at
 *       or past the width give 0 (or all sign bits for {@code >>} of a signed value). {@code >>} is arithmetic on
 *       signed values, logical otherwise.</li>
 *   <li>Comparisons and {@code && || !} yield bool; bool meets integers as u1.</li>
 *   <li>Slices {@code x[hi : lo]} with constant bounds are {@code b(hi-lo+1)}; {@code x[i]} of a value is u1, of an
 *       array its element; {@code {a, b}} is bits of the summed width.</li>
 *   <li>Assignment converts the value to the target's type (truncating or extending by the source's signedness;
 *       bits to float reinterpret, integers to float and float to u/i convert the value, truncating toward zero
 *       and saturating). A local without {@code declare} takes the type of its assignments: the first non-literal
 *       one, widened by later wider integer assignments (two passes over the text).</li>
 *   <li>Expression lambdas are expanded at each call ({@link io.github.amdisa.generator.pcode.types.LambdaInliner});
 *       lambdas with a statement body are expanded too when they are a prelude followed by an if-chain of returns
 *       (the prelude is hoisted before the statement holding the call, with fresh local names); others are
 *       reported.</li>
 * </ul>
 */
package io.github.amdisa.generator.pcode.types;
