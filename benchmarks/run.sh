#!/usr/bin/env bash
# Runs amdisa's benchmarks and prints every figure with the machine it ran on. Nothing here asserts a timing.
#
#   benchmarks/run.sh                 # streams of 1,000,000 instructions for gfx1100, gfx908 and gfx1200
#   MCPUS="gfx1100" COUNT=200000 benchmarks/run.sh
#   BENCH_JMH=1 benchmarks/run.sh     # also the JMH runs (wall-clock; meaningful on a quiet machine only)
#
# Needs: a JDK 17+, llvm-mc-22 for the comparisons (skipped without it), GNU time (/usr/bin/time) for peak memory.
# Builds what it needs through the reactor (never installs anything into ~/.m2).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
MCPUS=${MCPUS:-"gfx1100 gfx908 gfx1200"}
COUNT=${COUNT:-1000000}
out=benchmarks/target/streams
mkdir -p "$out"

shopt -s nullglob
jars=(benchmarks/target/amdisa-benchmarks-*.jar)
mcjars=(examples/amdisa-mc/target/amdisa-mc-*.jar)
if [ ${#jars[@]} -eq 0 ] || [ ${#mcjars[@]} -eq 0 ]; then
  ./mvnw -B -pl benchmarks,examples/amdisa-mc -am package -DskipTests
  jars=(benchmarks/target/amdisa-benchmarks-*.jar)
  mcjars=(examples/amdisa-mc/target/amdisa-mc-*.jar)
fi
bench=(java -Xmx1g -jar "${jars[0]}")
# The JVM options the ./amdisa-mc launcher uses for assembly (short batch runs: client compiler, serial GC).
mcopts=${AMDISA_MC_JAVA_OPTS-"-XX:TieredStopAtLevel=1 -XX:+UseSerialGC"}
# ... and for disassembly (C2 with its hot-callee inlining capped, serial collector; the launcher's CDS archive is
# left out so that runs compare alike).
dmcopts=${AMDISA_MC_DISASM_JAVA_OPTS-"-XX:+UseSerialGC -XX:FreqInlineSize=50"}
timer=()
[ -x /usr/bin/time ] && timer=(/usr/bin/time -f "%e s wall, %U s user, %S s sys, %M KB peak RSS")

echo "== machine"
echo "cores: $(nproc); cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'); memory: $(free -g | awk '/Mem:/ {print $2}') GB"
java -version 2>&1 | head -1
command -v llvm-mc-22 >/dev/null && llvm-mc-22 --version | grep -i 'llvm version' | sed 's/^ *//'
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "date: $(date -u +%Y-%m-%dT%H:%MZ); commit: $(git rev-parse --short HEAD 2>/dev/null || echo '?')"

echo; echo "== instruction streams ($COUNT instructions each, drawn from every encoding; see InstructionPool)"
"${bench[@]}" streams "$out" "$COUNT" $MCPUS

echo; echo "== decode + print text: whole process, llvm-mc-22 -disassemble vs amdisa-mc -disassemble, same file"
echo "   (amdisa-mc with the JVM options of the ./amdisa-mc launcher for -disassemble: $dmcopts)"
for m in $MCPUS; do
  n=$(wc -l < "$out/$m.txt")
  if command -v llvm-mc-22 >/dev/null; then
    "${timer[@]}" -o "$out/$m.llvm.time" llvm-mc-22 -triple=amdgcn -mcpu="$m" -disassemble "$out/$m.txt" > "$out/$m.llvm.out" 2> "$out/$m.llvm.err" || true
    echo "$m llvm-mc-22: $(tail -1 "$out/$m.llvm.time" 2>/dev/null)"
  fi
  "${timer[@]}" -o "$out/$m.amdisa.time" java $dmcopts -jar "${mcjars[0]}" -triple=amdgcn -mcpu="$m" -disassemble "$out/$m.txt" > "$out/$m.amdisa.out" 2> "$out/$m.amdisa.err" || true
  echo "$m amdisa-mc:  $(tail -1 "$out/$m.amdisa.time" 2>/dev/null)"
  if [ -f "$out/$m.llvm.out" ]; then
    same=$(paste -d'\n' "$out/$m.llvm.out" "$out/$m.amdisa.out" | awk 'NR%2==1 {a=$0; next} a==$0 {s++} END {print s+0}')
    echo "$m: $n instructions; llvm-mc printed $(wc -l < "$out/$m.llvm.out") lines, amdisa-mc $(wc -l < "$out/$m.amdisa.out"), $same identical"
  fi
done

echo; echo "== assemble text: whole process, llvm-mc-22 -show-encoding vs amdisa-mc -show-encoding, same text"
echo "   (the text is llvm-mc's own disassembly of the stream above, so both read LLVM's canonical syntax;"
echo "   amdisa-mc with the JVM options of the ./amdisa-mc launcher: $mcopts)"
for m in $MCPUS; do
  [ -f "$out/$m.llvm.out" ] || continue
  grep -v '^[[:space:]]*\.' "$out/$m.llvm.out" | grep -v '^[[:space:]]*$' > "$out/$m.asm.txt" || true
  n=$(wc -l < "$out/$m.asm.txt")
  "${timer[@]}" -o "$out/$m.asm.llvm.time" llvm-mc-22 -triple=amdgcn -mcpu="$m" -show-encoding "$out/$m.asm.txt" > "$out/$m.asm.llvm.out" 2> "$out/$m.asm.llvm.err" || true
  echo "$m llvm-mc-22: $(tail -1 "$out/$m.asm.llvm.time" 2>/dev/null)"
  "${timer[@]}" -o "$out/$m.asm.amdisa.time" java $mcopts -jar "${mcjars[0]}" -triple=amdgcn -mcpu="$m" -show-encoding "$out/$m.asm.txt" > "$out/$m.asm.amdisa.out" 2> "$out/$m.asm.amdisa.err" || true
  echo "$m amdisa-mc:  $(tail -1 "$out/$m.asm.amdisa.time" 2>/dev/null)"
  lenc=$(grep -c 'encoding:' "$out/$m.asm.llvm.out" || true)
  aenc=$(grep -c 'encoding:' "$out/$m.asm.amdisa.out" || true)
  same=$(comm -12 <(grep -o 'encoding: \[[^]]*\]' "$out/$m.asm.llvm.out" | sort) <(grep -o 'encoding: \[[^]]*\]' "$out/$m.asm.amdisa.out" | sort) | wc -l)
  echo "$m: $n statements; llvm-mc encoded $lenc, amdisa-mc $aenc; encodings both produced (multiset intersection): $same (amdisa errors: $(grep -c 'error' "$out/$m.asm.amdisa.err" || true))"
done

echo; echo "== decode + print text in process (thread CPU time, one thread, the same streams)"
for m in $MCPUS; do "${bench[@]}" cpu-print "$m" "$out/$m.bin" 3; done

echo; echo "== raw decode per encoding family (thread CPU time, no text, no allocation)"
for m in $MCPUS; do "${bench[@]}" cpu-decode "$m" 1; done

echo; echo "== raw encode (InstructionSet.encode with the operand fields of decoded instances)"
for m in $MCPUS; do "${bench[@]}" cpu-encode "$m" 2; done

echo; echo "== typed encode (generated per-instruction factories, e.g. Rdna3Asm.V_BFE_I32(v(5), v(1), v(2), s(3)))"
for m in gfx1100 gfx942; do "${bench[@]}" cpu-typed "$m" 2; done

echo; echo "== generator: all ten bundled specs, fresh JVM (then a second run that changes nothing)"
rm -rf "$out/generated"
"${timer[@]}" java -Xmx1g -cp "${jars[0]}" io.github.amdisa.benchmarks.Bench generator "$out/generated"

echo; echo "== compile time of the generated runtime (javac, all of generated-runtime's main sources)"
srcs="$out/runtime-sources.txt"
find generated-runtime/src/main/java "$out/generated" -name '*.java' > "$srcs"
rm -rf "$out/runtime-classes"
echo "$(wc -l < "$srcs") files, $(cat $(cat "$srcs") | wc -l) lines"
"${timer[@]}" javac -nowarn -proc:none -encoding UTF-8 -d "$out/runtime-classes" @"$srcs" 2>&1 | grep -v '^Note:' || true

echo; echo "== load average after: $(cut -d' ' -f1-3 /proc/loadavg)"

if [ "${BENCH_JMH:-0}" = 1 ]; then
  echo; echo "== JMH (wall clock)"
  for m in $MCPUS; do
    "${bench[@]}" jmh DecodePrintBenchmark -p mcpu="$m" -p streamFile="$out/$m.bin" -wi 3 -i 5 -w 2s -r 2s -f 1
    "${bench[@]}" jmh RawDecodeBenchmark -p mcpu="$m" -wi 3 -i 5 -f 1
    "${bench[@]}" jmh EncodeBenchmark -p mcpu="$m" -wi 3 -i 5 -f 1
  done
fi
