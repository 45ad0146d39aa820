#!/usr/bin/env python3
"""The table of make bench, from the callgrind dumps of build/bench/bench,
the descriptor lists of the built kernels and the kernels themselves.

    report.py BENCH_DIR OUT_DIR

BENCH_DIR holds cg/cg.out.* (one dump per phase), cg/stdout,
sites-*.txt (vmlinux_sites.py) and the objects cs_loop_{on,off}.o.
OUT_DIR is build/out.  Prints the table on stdout.
"""
import glob
import os
import random
import re
import struct
import subprocess
import sys

B, OUT = sys.argv[1], sys.argv[2]
rows = []           # (section, what, figure, unit, baseline)


def row(sec, what, fig, unit, base=''):
    rows.append((sec, what, fig, unit, base))


# ---- callgrind dumps ----
phases = {}
dumps = {}
for f in glob.glob(os.path.join(B, 'cg', 'cg.out.*')):
    label = total = None
    for line in open(f):
        m = re.match(r'desc: Trigger: Client Request: (\S+)', line)
        if m:
            label = m.group(1)
        m = re.match(r'totals: (\d+)', line)
        if m:
            total = int(m.group(1))
    if label:
        phases[label] = total
        dumps[label] = f
info = open(os.path.join(B, 'cg', 'stdout')).read()


def inclusive(label, fn):
    """Inclusive instructions of function fn in the dump of a phase"""
    f = dumps[label]
    out = subprocess.run(['callgrind_annotate', '--inclusive=yes',
                          '--threshold=100', '--auto=no', f],
                         capture_output=True, text=True).stdout
    for line in out.splitlines():
        m = re.match(r'\s*([\d,]+)\s.*:%s \[' % re.escape(fn), line)
        if m:
            return int(m.group(1).replace(',', ''))
    return 0

# ---- 1. call sites ----
loops = int(re.search(r'callsite loop (\d+) x 8', info).group(1))
sites = loops * 8
off = phases['cs_off']
row('1 call site', 'option off: loop overhead (baseline)',
    '%.2f' % (off / sites), 'instr/site', 'by definition +0.00')
for key, what in (('cs_clear', 'on, module disabled, its djb2 bit clear'),
                  ('cs_first', 'on, disabled, djb2 bit set by another, '
                               'r5 bit clear'),
                  ('cs_both', 'on, disabled, both bits set by 2 others: '
                              'helper says no'),
                  ('cs_enabled', 'on, module enabled (stub printk, '
                                 'its 2 instr counted)')):
    row('1 call site', what, '+%.2f' % ((phases[key] - off) / sites),
        'instr/site', 'option off: %.2f instr/site' % (off / sites))
    if key in ('cs_both', 'cs_enabled'):
        rcu = sum(inclusive(key, fn) for fn in ('rcu_read_lock',
                                                 'rcu_read_unlock'))
        row('1 call site', '  of which rcu_read_(un)lock (shim: liburcu)',
            '%.2f' % (rcu / sites), 'instr/site',
            'in 2.6.27 !PREEMPT: barrier(), 0 instr')
        row('1 call site', '  so in a !PREEMPT kernel, about',
            '+%.2f' % ((phases[key] - off - rcu) / sites), 'instr/site',
            'option off: %.2f instr/site' % (off / sites))


def objsyms(path):
    """{function: size} from nm -S"""
    res = {}
    for line in subprocess.run(['nm', '-S', path], capture_output=True,
                               text=True).stdout.splitlines():
        p = line.split()
        if len(p) == 4 and p[2] in 'Tt':
            res[p[3]] = int(p[1], 16)
    return res


def hot_bytes(path, fn):
    """Bytes of fn up to and including its first ret: the straight-line
    path a disabled call site runs, where the site is."""
    out = subprocess.run(['objdump', '-d', '--no-show-raw-insn', path],
                         capture_output=True, text=True).stdout
    body = out.split('<%s>:' % fn)[1]
    for line in body.splitlines():
        m = re.match(r'\s*([0-9a-f]+):\s+ret', line)
        if m:
            return int(m.group(1), 16) + 1
    return None


on_o = os.path.join(B, 'cs_loop_on.o')
off_o = os.path.join(B, 'cs_loop_off.o')
son, soff = objsyms(on_o), objsyms(off_o)
row('1 call site', 'user space, 1 site alone: function size',
    '+%d' % (son['cs_one_on'] - soff['cs_one_off']), 'bytes',
    'off: %d bytes' % soff['cs_one_off'])
h_on, h_off = hot_bytes(on_o, 'cs_loop_on'), hot_bytes(off_o, 'cs_loop_off')
row('1 call site', 'user space, 8-site loop: in line (to ret), per site',
    '+%.1f' % ((h_on - h_off) / 8), 'bytes/site', 'off: loop %d bytes' % h_off)
row('1 call site', 'user space, 8-site loop: whole function per site',
    '+%.1f' % ((son['cs_loop_on'] - soff['cs_loop_off']) / 8), 'bytes/site',
    'off: %d bytes' % soff['cs_loop_off'])


# ---- 5 (and the kernel part of 1): sizes ----
def size(v):
    out = subprocess.run(['size', os.path.join(OUT, v, 'vmlinux')],
                         capture_output=True, text=True).stdout
    t, d, b = out.splitlines()[1].split()[:3]
    return int(t), int(d), int(b)


def nr_sites(v):
    syms = {}
    for line in open(os.path.join(OUT, v, 'System.map')):
        a, _, n = line.split()
        if n in ('__start___verbose', '__stop___verbose'):
            syms[n] = int(a, 16)
    return (syms['__stop___verbose'] - syms['__start___verbose']) // 16


def elf_sections(path):
    data = open(path, 'rb').read()
    if data[:4] != b'\x7fELF' or data[4] != 2:
        return {}
    shoff, = struct.unpack_from('<Q', data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from('<HHH', data, 0x3a)
    secs = []
    for i in range(shnum):
        name, typ, flags, addr, foff, sz = struct.unpack_from(
            '<IIQQQQ', data, shoff + i * shentsize)
        secs.append((name, sz))
    stroff = struct.unpack_from('<Q', data,
                                shoff + shstrndx * shentsize + 24)[0]
    res = {}
    for name, sz in secs:
        end = data.index(b'\0', stroff + name)
        n = data[stroff + name:end].decode()
        res[n] = res.get(n, 0) + sz
    return res


def object_growth(on, off):
    """Sum over the objects of `on` that have call sites (excluding the
    link products) of .text* growth against the same object in `off`."""
    dt = nsites = nobj = 0
    root = os.path.join(OUT, on)
    for dirpath, _, files in os.walk(root):
        for f in files:
            if not f.endswith('.o') or f in ('built-in.o', 'vmlinux.o') \
               or f.endswith('.mod.o'):
                continue
            p = os.path.join(dirpath, f)
            q = os.path.join(OUT, off, os.path.relpath(p, root))
            s = elf_sections(p)
            if '__verbose' not in s or not os.path.exists(q):
                continue
            if s['__verbose'] == 0:
                continue
            t = elf_sections(q)
            text = lambda x: sum(v for k, v in x.items()
                                 if k.startswith('.text'))
            dt += text(s) - text(t)
            nsites += s['__verbose'] // 16
            nobj += 1
    return dt, nsites, nobj


# The original 2008 implementation of this interface (40-byte descriptors),
# measured once with the same v2.6.27, toolchain fixes, configs and gcc 12:
# growth of vmlinux from option off to on, in bytes (see BENCHMARKS.md).
# A recorded baseline: this repo does not carry that code.
ORIGINAL = {'small': {'text': 15805, 'data': 4504},
            'defconfig': {'text': 140709, 'data': 49832}}
ORIGINAL_LIB_TEXT = 2302    # its lib/dynamic_printk.o, small config

pairs = [('small', 'off-small', 'on-small')]
if os.path.exists(os.path.join(OUT, 'off-defconfig', 'vmlinux')):
    pairs.append(('defconfig', 'off-defconfig', 'on-defconfig'))
else:
    pairs.append(('defconfig', 'base-defconfig', 'on-defconfig'))
for conf, off_v, on_v in pairs:
    if not os.path.exists(os.path.join(OUT, on_v, 'vmlinux')):
        row('5 size', conf, 'missing', '', on_v + ' not built')
        continue
    so, sn = size(off_v), size(on_v)
    n = nr_sites(on_v)
    names = len({l.split()[3] for l in
                 open(os.path.join(B, 'sites-%s.txt' % conf))})
    for i, what in enumerate(('text', 'data', 'bss')):
        orig = ORIGINAL[conf].get(what)
        row('5 size', '%s vmlinux %s' % (conf, what),
            '%d (+%d, +%.2f%%)' % (sn[i], sn[i] - so[i],
                                   100.0 * (sn[i] - so[i]) / so[i]),
            'bytes', '%s: %d%s' % (off_v, so[i], '' if orig is None else
                                   '; original 2008 (recorded): +%d, +%.2f%%'
                                   % (orig, 100.0 * orig / so[i])))
    lib_o = os.path.join(OUT, on_v, 'lib', 'dynamic_printk.o')
    if os.path.exists(lib_o):
        row('5 size', '%s lib/dynamic_printk.o .text* (fixed cost)' % conf,
            '%d' % sum(v for k, v in elf_sections(lib_o).items()
                       if k.startswith('.text')), 'bytes',
            'original 2008 (recorded, small): %d' %
            ORIGINAL_LIB_TEXT)
    orig = ORIGINAL[conf]
    row('5 size', '%s vmlinux text+data growth' % conf,
        '+%d' % (sn[0] + sn[1] - so[0] - so[1]), 'bytes',
        'original 2008 (recorded): +%d' % (orig['text'] + orig['data']))
    row('5 size', '%s call sites (__verbose / 16)' % conf, '%d' % n,
        'sites', '%d module names' % names)
    row('5 size', '%s vmlinux text growth per call site' % conf,
        '%.1f' % ((sn[0] - so[0]) / n), 'bytes/site', off_v)
    row('5 size', '%s text+data growth per call site' % conf,
        '%.1f' % ((sn[0] + sn[1] - so[0] - so[1]) / n), 'bytes/site', off_v)
    sv_on = elf_sections(os.path.join(OUT, on_v, 'vmlinux'))
    sv_off = elf_sections(os.path.join(OUT, off_v, 'vmlinux'))
    growth = sorted(((sv_on.get(k, 0) - sv_off.get(k, 0), k)
                     for k in set(sv_on) | set(sv_off)), reverse=True)
    row('5 size', '%s vmlinux growth by section' % conf,
        '%.1f' % (sum(d for d, k in growth if k in
                      ('.text', '.rodata', '.data', '.bss')) / n),
        'bytes/site', 'of which ' + ' '.join(
            '%s%+.0f' % (k, d / n) for d, k in growth
            if d and k in ('.text', '.rodata', '.data', '.bss')))
    dt, ns, nobj = object_growth(on_v, off_v)
    if ns:
        row('1 call site', 'kernel %s: .text* growth of the objects with '
            'call sites' % conf, '%.1f' % (dt / ns),
            'bytes/site', '%d objects, %d sites, vs %s' % (nobj, ns, off_v))

# ---- 2. mask collisions on real names ----


def djb2(s, bits):
    h = 5381
    for c in s.encode():
        h = (h * 33 + c) & 0xffffffff
    return h & ((1 << bits) - 1)


def r5(s, bits):
    h = 0
    for c in s.encode():
        h = ((h + (c << 4) + (c >> 4)) * 11) & 0xffffffff
    return h & ((1 << bits) - 1)


names = sorted({l.split()[3] for l in
                open(os.path.join(B, 'sites-defconfig.txt'))})
TRIALS = 2000
rng = random.Random(2008)
schemes = (('one 64-bit mask (djb2)', lambda n: (djb2(n, 6),)),
           ('two 64-bit masks (ours)', lambda n: (djb2(n, 6), r5(n, 6))),
           ('two 128-bit masks', lambda n: (djb2(n, 7), r5(n, 7))))
keys = {s: {n: f(n) for n in names} for s, f in schemes}
for k in (1, 5, 10, 20, 50):
    if k >= len(names):
        continue
    res = {s: [0, 0] for s, _ in schemes}
    for _ in range(TRIALS):
        en = rng.sample(names, k)
        ens = set(en)
        for s, _ in schemes:
            kk = keys[s]
            nb = len(kk[names[0]])
            masks = [set() for _ in range(nb)]
            for n in en:
                for i in range(nb):
                    masks[i].add(kk[n][i])
            for n in names:
                if n in ens:
                    continue
                res[s][1] += 1
                if all(kk[n][i] in masks[i] for i in range(nb)):
                    res[s][0] += 1
    row('2 collisions', '%2d of %d names on: disabled names reaching the '
        'helper' % (k, len(names)),
        '%.2f%%' % (100.0 * res[schemes[1][0]][0] / res[schemes[1][0]][1]),
        'of off', 'one 64-bit mask %.2f%%; two 128-bit masks %.2f%%' % tuple(
            100.0 * res[s][0] / res[s][1] for s in (schemes[0][0],
                                                   schemes[2][0])))
row('2 collisions', 'trials per point, random.Random(2008)', '%d' % TRIALS,
    'trials', 'names: __verbose_strings of on-defconfig vmlinux')

# ---- 3. registration ----
m = re.search(r'register real N=(\d+) M=(\d+)', info)
row('3 registration', 'defconfig vmlinux: N=%s descriptors, M=%s names' %
    m.groups(), '%d' % phases['reg_real'], 'instr',
    '%.0f instr/descriptor' % (phases['reg_real'] / int(m.group(1))))
for series, what in (('reg_fixed', 'M = %s real names fixed' % m.group(2)),
                     ('reg_grow', 'M = N/8 names (grows with N)')):
    prev = None
    for n in (1024, 4096, 16384, 65536):
        v = phases['%s_%d' % (series, n)]
        row('3 registration', 'N=%5d, objects of 8, %s' % (n, what),
            '%d' % v, 'instr', '%.1f instr/descriptor%s' % (
                v / n, '' if prev is None else
                '; x%.2f per 4x N' % (v / prev)))
        prev = v

# ---- 4. control writes ----
base = None
for mm in (100, 1000, 10000):
    w = int(re.search(r'control M=%d writes=(\d+)' % mm, info).group(1))
    v = phases['ctl_%d' % mm] / w
    if base is None:
        base = v
    row('4 control write', 'one write, %5d names registered' % mm, '%.0f' % v, 'instr/write',
        'M=100: %.0f (x%.2f)' % (base, v / base))

# ---- print ----
rows.sort(key=lambda r: int(r[0].split()[0]))
w1 = max(len(r[1]) for r in rows)
w2 = max(len(r[2]) for r in rows)
w3 = max(len(r[3]) for r in rows)
sec = None
for s, what, fig, unit, bl in rows:
    if s != sec:
        print('-- %s' % s)
        sec = s
    print('  %-*s  %*s %-*s  %s' % (w1, what, w2, fig, w3, unit,
                                  ('| baseline: ' + bl) if bl else ''))
