#!/usr/bin/env python3
"""Compares amdisa-mc with llvm-mc-22 on LLVM's own AMDGPU MC test files, statement by statement.

LLVM's tests are not bundled (they belong to the LLVM project); point this script at a checkout of llvm-project, or at
single test files:

    examples/amdisa-mc/compare-llvm-tests.py --llvm-project ~/src/llvm-project
    examples/amdisa-mc/compare-llvm-tests.py -v path/to/gfx11_asm_vop1.s path/to/gfx10_vop3.txt

For every file it reads the RUN lines, keeps those that run llvm-mc for one of amdisa's ten processors (gfx908, gfx90a,
gfx942, gfx950, gfx1250, gfx1010, gfx1030, gfx1100, gfx1150, gfx1200; processors of the same generation such as
gfx1101 are mapped to theirs), and for each such configuration (processor, -mattr, -disassemble) feeds every
statement line (assembly) or byte line (disassembly) of the file to both tools in one batch each, with the same
flags. A line agrees when both reject it, or both accept it with the same encoding (assembly) or the same text
(disassembly, whitespace-normalised). The test's CHECK lines are not used: llvm-mc-22 itself is the reference, so
a test written for a newer LLVM compares against what llvm-mc-22 does. -v prints every disagreement.
"""
import argparse
import os
import re
import subprocess
import sys
from collections import defaultdict

TARGETS = {
    'gfx908': 'gfx908', 'gfx90a': 'gfx90a', 'gfx940': 'gfx942', 'gfx941': 'gfx942', 'gfx942': 'gfx942',
    'gfx950': 'gfx950', 'gfx1250': 'gfx1250', 'gfx1251': 'gfx1250',
    'gfx1010': 'gfx1010', 'gfx1011': 'gfx1010', 'gfx1012': 'gfx1010', 'gfx1013': 'gfx1010',
    'gfx1030': 'gfx1030', 'gfx1031': 'gfx1030', 'gfx1032': 'gfx1030', 'gfx1033': 'gfx1030', 'gfx1034': 'gfx1030',
    'gfx1035': 'gfx1030', 'gfx1036': 'gfx1030',
    'gfx1100': 'gfx1100', 'gfx1101': 'gfx1100', 'gfx1102': 'gfx1100', 'gfx1103': 'gfx1100',
    'gfx1150': 'gfx1150', 'gfx1151': 'gfx1150', 'gfx1152': 'gfx1150', 'gfx1153': 'gfx1150',
    'gfx1200': 'gfx1200', 'gfx1201': 'gfx1200',
}


ASSIGNMENT = re.compile(r'^[A-Za-z_.$][\w.$]*\s*=(?!=)|^\.(set|equ|equiv)\s', re.IGNORECASE)


def configurations(text):
    """(mcpu, mattr flags, disassemble) for each RUN line that runs llvm-mc on a supported processor."""
    seen = []
    for line in text.splitlines():
        m = re.search(r'RUN:(.*)', line)
        if not m or 'llvm-mc' not in m.group(1):
            continue
        run = m.group(1).split('|')[0]
        cpu = re.search(r'-mcpu[= ](\S+)', run)
        if not cpu or cpu.group(1) not in TARGETS:
            continue
        mattr = tuple(sorted(re.findall(r'-mattr[= ](\S+)', run)))
        conf = (TARGETS[cpu.group(1)], mattr, '-disassemble' in run or '--disassemble' in run)
        if conf not in seen:
            seen.append(conf)
    return seen


def statements(text, disassemble):
    out = []
    for raw in text.splitlines():
        s = raw
        for c in (('#', '//', ';') if disassemble else ('//', ';')):
            s = s.split(c)[0]
        s = s.strip()
        if not s or s.startswith('.') and not ASSIGNMENT.match(s) or s.endswith(':'):
            continue
        out.append(s)
    return out


# s_nop 0 on every supported target: put after each disassembly line, it marks where the line's output ends.
MARKER = '0x00,0x00,0x80,0xbf'


def run_disassembly(tool, flags, lines):
    """Per byte line: ('rejected', message) when its first instruction does not decode, else ('ok', all the text
    it printed, joined by ' || '). A line whose first dword is refused goes on with the next dword (llvm-mc and
    amdisa-mc both do), so outputs are attributed with a marker line after each input line, not by counting."""
    feed = []
    for line in lines:
        feed += [line, MARKER]
    p = subprocess.run([tool] + flags, input='\n'.join(feed) + '\n', capture_output=True, text=True)
    errors = {}
    for m in re.finditer(r'<stdin>:(\d+):(\d+): (?:error|warning): (.*)', p.stderr):
        if 'invalid instruction encoding' in m.group(3) and int(m.group(2)) <= 2:
            errors.setdefault((int(m.group(1)) + 1) // 2, m.group(3))
    groups, current = [], []
    for l in p.stdout.splitlines():
        t = l.strip()
        if not t or t.startswith(('.', '//', ';')):
            continue
        if re.match(r's_nop 0(\s|$)', t):
            groups.append(current)
            current = []
        else:
            current.append(t)
    res = []
    for i in range(1, len(lines) + 1):
        if i in errors:
            res.append(('rejected', errors[i]))
        else:
            g = groups[i - 1] if i - 1 < len(groups) else []
            res.append(('ok', ' || '.join(x.split(';')[0].strip() for x in g) if g else '<no output>'))
    return res


def run(tool, flags, lines):
    if '-disassemble' in flags:
        return run_disassembly(tool, flags, lines)
    p = subprocess.run([tool] + flags, input='\n'.join(lines) + '\n', capture_output=True, text=True)
    errors = {}
    for m in re.finditer(r'<stdin>:(\d+):\d+: (?:error|warning): (.*)', p.stderr):
        errors.setdefault(int(m.group(1)), m.group(2))
    outs = []
    for l in p.stdout.splitlines():
        if re.match(r'\s*;\s+fixup ', l) and outs:
            # A fixup line belongs to the instruction above it: compared with it.
            outs[-1] += ' ' + re.sub(r'\s+', ' ', l.strip())
        elif l.strip() and not l.lstrip().startswith(('.', '//', ';')):
            outs.append(l)
    res, k = [], 0
    for i in range(1, len(lines) + 1):
        if i in errors:
            res.append(('rejected', errors[i]))
        elif ASSIGNMENT.match(lines[i - 1]):
            # A symbol assignment (i1=1, .set i1, 1) prints as a directive (.set i1, 1), which is not an output line.
            res.append(('ok', '<assignment>'))
        else:
            res.append(('ok', outs[k].strip() if k < len(outs) else '<no output>'))
            k += 1
    return res


def key(result, disassemble):
    kind, text = result
    if kind == 'rejected':
        return 'rejected'
    if disassemble:
        return re.sub(r'\s+', ' ', text.split(';')[0].strip())
    m = re.search(r'encoding: (\[.*?\])', text)
    if not m:
        return text
    # The bytes, and any fixups (offset, value, kind), which llvm-mc prints for symbolic operands.
    return ' '.join([m.group(1)] + re.findall(r'fixup [A-Z] - offset: \d+, value: .*?, kind: \w+', text))


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('files', nargs='*', help='LLVM MC test files (.s assembly, .txt disassembly)')
    ap.add_argument('--llvm-project', help='an llvm-project checkout: all of llvm/test/MC/{,Disassembler/}AMDGPU')
    ap.add_argument('--mcpu', action='append', help='only these processors (repeatable)')
    ap.add_argument('--amdisa', default=os.path.join(here, '..', '..', 'amdisa-mc'), help='amdisa-mc launcher')
    ap.add_argument('--llvm-mc', default='llvm-mc-22')
    ap.add_argument('-v', '--verbose', action='store_true', help='print every disagreement')
    a = ap.parse_args()
    files = list(a.files)
    if a.llvm_project:
        for d in ('llvm/test/MC/AMDGPU', 'llvm/test/MC/Disassembler/AMDGPU'):
            root = os.path.join(a.llvm_project, d)
            files += sorted(os.path.join(root, f) for f in os.listdir(root) if f.endswith(('.s', '.txt')))
    if not files:
        ap.error('give test files or --llvm-project')
    totals = defaultdict(lambda: [0, 0])
    for path in files:
        text = open(path, encoding='utf-8', errors='replace').read()
        for mcpu, mattr, dis in configurations(text):
            if a.mcpu and mcpu not in a.mcpu:
                continue
            lines = statements(text, dis)
            if not lines:
                continue
            flags = ['-triple=amdgcn', '-mcpu=' + mcpu] + ['-mattr=' + m for m in mattr] + (
                ['-disassemble', '-show-encoding'] if dis else ['-show-encoding'])
            ref, ours = run(a.llvm_mc, flags, lines), run(a.amdisa, flags, lines)
            agree = 0
            for line, l, o in zip(lines, ref, ours):
                if key(l, dis) == key(o, dis):
                    agree += 1
                elif a.verbose:
                    print(f'  {line}\n    llvm-mc: {l[0]} {l[1]}\n    amdisa:  {o[0]} {o[1]}')
            t = totals[(mcpu, 'disassembly' if dis else 'assembly')]
            t[0] += agree
            t[1] += len(lines)
            print(f'{os.path.basename(path)} {mcpu} {" ".join(mattr)}: {agree}/{len(lines)} agree', flush=True)
    print('\ntotals:')
    for (mcpu, kind), (agree, n) in sorted(totals.items()):
        print(f'  {mcpu:8} {kind:12} {agree}/{n} ({100.0 * agree / n:.2f}%)')
    return 0


if __name__ == '__main__':
    sys.exit(main())
