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


# ---- recorded baselines: this repo does not carry the code measured ----

# The original 2008 implementation of this interface (40-byte descriptors),
# measured once with the same v2.6.27, toolchain fixes, configs and gcc 12:
# growth of vmlinux from option off to on, in bytes (see BENCHMARKS.md).
ORIGINAL = {'small': {'text': 15805, 'data': 4504},
            'defconfig': {'text': 140709, 'data': 49832}}
ORIGINAL_LIB_TEXT = 2302    # its lib/dynamic_printk.o, small config
ORIGINAL_DESC = 40          # bytes per call site

# The module-level design this series had before per-call-site control
# (16-byte descriptors: module name, buckets, type, a DEBUG flag; a call
# site whose two mask bits were set called the helper
# __dynamic_printk_enabled(), which looked its module up under
# rcu_read_lock()), as make bench measured it (BENCHMARKS.md at dd9bd03,
# the last commit before per-call-site control).
# Instructions per call site, over the option-off loop; the figures in
# parentheses are without the 91 instructions of liburcu's read lock.
MODULE_LEVEL = {'cs_clear': '+2.00', 'cs_first': '+4.00',
                'cs_both': '+153.02 (+62.00 in a !PREEMPT kernel), '
                           'helper called',
                'cs_enabled': '+160.00 (+69.00 in a !PREEMPT kernel), '
                              'helper + stub printk'}
MODULE_LEVEL_DESC = 16
MODULE_LEVEL_LIB_TEXT = 5103    # lib/dynamic_printk.o, small, .text*
# 'set enabled=1 <m>' / '=0' with M names of one call site (mod_<i>)
MODULE_LEVEL_NAMES = {100: 2823, 1000: 2986, 10000: 4077}
# registration, instructions: the defconfig vmlinux, then N descriptors
MODULE_LEVEL_REG = {'reg_real': 69599,
                    'reg_fixed': (70660, 170799, 568808, 2171859),
                    'reg_grow': (83408, 348720, 1528858, 9201671)}
MODULE_LEVEL_SIZE = {'small': {'text': 18116, 'data': 1600},
                     'defconfig': {'text': 123500, 'data': 15064}}
# This series before its code was split by concern and its fixed cost cut
# (one lib/dynamic_printk.o holding the core, the language, the files and
# the x86 rewriting), as make bench measured it then (BENCHMARKS.md at
# a02eb8e): growth from option off to on, bytes; the fixed cost is that
# object's .text + .text.unlikely.
BEFORE_SPLIT_SIZE = {'small': {'text': 30296, 'data': 3128},
                     'defconfig': {'text': 118952, 'data': 30008}}
BEFORE_SPLIT_LIB_TEXT = {'small': 14857, 'defconfig': 10340}
# Instructions per call site over the option-off loop, the same run
BEFORE_SPLIT_CS = {'cs_clear': '+2.00', 'cs_first': '+4.00',
                   'cs_both': '+6.00', 'cs_same': '+6.00',
                   'cs_enabled': '+529.00', 'cs_decorated': '+1766.00'}

# off-defconfig (v2.6.27 + the series, option off) as built for that run,
# byte for byte the size of base-defconfig then: the option-off baseline
# of the defconfig rows when no off-defconfig or base-defconfig is built.
RECORDED_OFF_DEFCONFIG = (6570665, 1019632, 671604)

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
    # gcc may emit only a clone of it (dp_publish.constprop.0 when every
    # caller passes the same argument): count that when fn itself is absent
    exact, clones = 0, 0
    for line in out.splitlines():
        m = re.match(r'\s*([\d,]+)\s.*:%s(\.[\w.]+)? \[' % re.escape(fn),
                     line)
        if m:
            n = int(m.group(1).replace(',', ''))
            if m.group(2):
                clones += n
            else:
                exact += n
    return exact or clones



def seq_out(label):
    """Instructions of the shims' seq_file output functions"""
    return sum(inclusive(label, fn) for fn in ('seq_printf', 'seq_puts',
                                                'seq_putc'))


def calls_from(label, fn):
    """Calls made by function fn in the dump of a phase (calls= lines)"""
    names = {}
    cur = None
    n = 0
    for line in open(dumps[label]):
        m = re.match(r'(c?fn)=\((\d+)\)(?: (.*))?$', line.rstrip('\n'))
        if m:
            if m.group(3) is not None:
                names[m.group(2)] = m.group(3)
            if m.group(1) == 'fn':
                cur = names.get(m.group(2))
            continue
        m = re.match(r'calls=(\d+)', line)
        if m and cur == fn:
            n += int(m.group(1))
    return n


def per(label, n):
    return phases[label] / n


# ---- 1. call sites ----
loops = int(re.search(r'callsite loop (\d+) x 8', info).group(1))
sites = loops * 8
off = phases['cs_off']
offs = 'option off: %.2f instr/site' % (off / sites)
row('1 call site', 'option off: loop overhead (baseline)',
    '%.2f' % (off / sites), 'instr/site', 'by definition +0.00')
for key, what in (
        ('cs_clear', "on, disabled, its djb2 bit clear"),
        ('cs_first', "on, disabled, djb2 bit set by another module, r5 "
                     "clear"),
        ('cs_both', "on, both bits set by 2 other modules, own 'p' clear"),
        ('cs_same', "on, both bits set by a site of its own module, "
                    "own 'p' clear"),
        ('cs_enabled', "on, own 'p' set: prints (stub vprintk counted)"),
        ('cs_decorated', "on, own flags 'pmfl': prints, decorated")):
    calls = calls_from(key, 'cs_loop_on') / sites
    base = offs
    if key in MODULE_LEVEL:
        base += '; module-level design (recorded): ' + MODULE_LEVEL[key]
    elif key == 'cs_same':
        base += ('; module-level design: no state per call site, its '
                 'module on made this one print (recorded): ' +
                 MODULE_LEVEL['cs_enabled'])
    elif key == 'cs_decorated':
        base += "; own 'p' only: +%.2f" % ((phases['cs_enabled'] - off) /
                                          sites)
    base += '; before the split (recorded): ' + BEFORE_SPLIT_CS[key]
    row('1 call site', what, '+%.2f' % ((phases[key] - off) / sites),
        'instr/site', base)
    row('1 call site', '  function calls made by the call site',
        '%.2f' % calls, 'calls/site',
        'module-level design: 1 (helper) when both bits set'
        if key in ('cs_both', 'cs_same') else
        'option off: 0' if key not in ('cs_enabled', 'cs_decorated')
        else '__dynamic_pr_debug(), then vprintk()')
    if key in ('cs_enabled', 'cs_decorated'):
        stub = inclusive(key, 'vprintk')
        row('1 call site', '  of which __dynamic_pr_debug() (building '
            'the format on the stack)',
            '%.2f' % ((inclusive(key, '__dynamic_pr_debug') - stub) /
                      sites), 'instr/site',
            'the stub vprintk: %.2f instr/site' % (stub / sites))
        if key == 'cs_decorated':
            row('1 call site', '    of which snprintf() of the line '
                'number (C library)', '%.2f' % (
                    inclusive(key, 'snprintf') / sites), 'instr/site',
                'in the kernel: lib/vsprintf.c instead')


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


row('1 call site', 'patched (PATCH_SITES), disabled: the NOP',
    '%+.2f' % ((phases['cs_patched'] - off) / sites), 'instr/site',
    '%s; mask build: %+.2f; before the split (recorded): +1.00'
    % (offs, (phases['cs_clear'] - off) / sites))
row('1 call site', '  function calls made by the call site',
    '%.2f' % (calls_from('cs_patched', 'cs_loop_pat') / sites), 'calls/site',
    'option off: 0')

on_o = os.path.join(B, 'cs_loop_on.o')
off_o = os.path.join(B, 'cs_loop_off.o')
son, soff = objsyms(on_o), objsyms(off_o)
row('1 call site', 'user space, 1 site alone: function size',
    '+%d' % (son['cs_one_on'] - soff['cs_one_off']), 'bytes',
    'off: %d bytes' % soff['cs_one_off'])
h_on, h_off = hot_bytes(on_o, 'cs_loop_on'), hot_bytes(off_o, 'cs_loop_off')
row('1 call site', 'user space, 8-site loop: in line (to ret), per site',
    '+%.1f' % ((h_on - h_off) / 8), 'bytes/site', 'off: loop %d bytes' % h_off)
pat_o = os.path.join(B, 'cs_loop_pat.o')
spat = objsyms(pat_o)
h_pat = hot_bytes(pat_o, 'cs_loop_pat')
row('1 call site', 'user space, patched, 8-site loop: in line, per site',
    '+%.1f' % ((h_pat - h_off) / 8), 'bytes/site',
    'mask build: +%.1f' % ((h_on - h_off) / 8))
row('1 call site', 'user space, patched, 8-site loop: whole function',
    '+%.1f' % ((spat['cs_loop_pat'] - soff['cs_loop_off']) / 8),
    'bytes/site', 'mask build: +%.1f' %
    ((son['cs_loop_on'] - soff['cs_loop_off']) / 8))
row('1 call site', 'user space, 8-site loop: whole function per site',
    '+%.1f' % ((son['cs_loop_on'] - soff['cs_loop_off']) / 8), 'bytes/site',
    'off: %d bytes' % soff['cs_loop_off'])


# ---- 5 (and the kernel part of 1): sizes ----
DESC = int(re.search(r'descriptor size (\d+)', info).group(1))


def built(v):
    return os.path.exists(os.path.join(OUT, v, 'vmlinux'))


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
    return (syms['__stop___verbose'] - syms['__start___verbose']) // DESC


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


def real_size(path):
    """Bytes of the vmlinux image that sections take: the sum of the
    allocated sections that hold bytes (not .bss), without the padding
    that `size` counts in: the page alignment after __param, inside
    that section (one byte more can show as 4,096)."""
    data = open(path, 'rb').read()
    shoff, = struct.unpack_from('<Q', data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from('<HHH', data, 0x3a)
    _, _, _, _, stroff, _ = struct.unpack_from(
        '<IIQQQQ', data, shoff + shstrndx * shentsize)
    total = param = 0
    for i in range(shnum):
        name, typ, flags, _, _, sz = struct.unpack_from(
            '<IIQQQQ', data, shoff + i * shentsize)
        if flags & 2 and typ != 8:      # SHF_ALLOC, not SHT_NOBITS
            total += sz
            end = data.index(b'\0', stroff + name)
            if data[stroff + name:end] == b'__param':
                param = sz
    syms = {}
    out = subprocess.run(['nm', path], capture_output=True, text=True,
                         check=True).stdout
    for line in out.splitlines():
        f = line.split()
        if len(f) == 3 and f[2] in ('__start___param', '__stop___param'):
            syms[f[2]] = int(f[0], 16)
    return total - (param - (syms['__stop___param'] -
                             syms['__start___param']))


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
            nsites += s['__verbose'] // DESC
            nobj += 1
    return dt, nsites, nobj


row('5 size', 'descriptor (struct mod_debug) per call site', '%d' % DESC,
    'bytes/site', 'module-level design (recorded): %d; original 2008 '
    '(recorded): %d' % (MODULE_LEVEL_DESC, ORIGINAL_DESC))
if built('off-small') and built('base-small'):
    so, sb = size('off-small'), size('base-small')
    row('5 size', 'small vmlinux text+data, option off', '%+d' %
        (so[0] + so[1] - sb[0] - sb[1]), 'bytes',
        'base-small (v2.6.27 + toolchain fixes): %d' % (sb[0] + sb[1]))

# Sizes of the small config: the guest kernel, which has no code of its
# tests
pairs = [('small', 'off-small', 'on-small')]
for v in ('off-defconfig', 'base-defconfig', None):
    if v is None or built(v):
        pairs.append(('defconfig', v, 'on-defconfig'))
        break
for conf, off_v, on_v in pairs:
    if not built(on_v):
        row('5 size', conf, 'missing', '', on_v + ' not built')
        continue
    sn = size(on_v)
    if off_v:
        so = size(off_v)
        off_what = off_v
    else:
        so = RECORDED_OFF_DEFCONFIG
        off_what = ('off-defconfig as recorded before per-call-site '
                    'control: neither off-defconfig nor base-defconfig '
                    'is built')
        row('5 size', '%s option-off kernel' % conf, 'not built', '',
            'growth below is against ' + off_what)
        off_v = 'recorded off-defconfig'
    n = nr_sites(on_v)
    names = len({l.split('\t')[5] for l in
                 open(os.path.join(B, 'sites-%s.txt' % conf))})
    row('5 size', '%s call sites (__verbose / %d)' % (conf, DESC), '%d' % n,
        'sites', '%d module names; every descriptor checked' % names)
    for i, what in enumerate(('text', 'data', 'bss')):
        orig = ORIGINAL[conf].get(what)
        mod = MODULE_LEVEL_SIZE[conf].get(what)
        row('5 size', '%s vmlinux %s' % (conf, what),
            '%d (+%d, +%.2f%%)' % (sn[i], sn[i] - so[i],
                                   100.0 * (sn[i] - so[i]) / so[i]),
            'bytes', '%s: %d%s%s' % (
                off_v, so[i], '' if orig is None else
                '; original 2008 (recorded): +%d, +%.2f%%'
                % (orig, 100.0 * orig / so[i]),
                '' if mod is None else
                '; module-level design (recorded): +%d' % mod +
                '; before the split (recorded): +%d'
                % BEFORE_SPLIT_SIZE[conf][what]))
    mask_v = 'mask-' + conf
    if built(mask_v):
        sm = size(mask_v)
        for i, what in enumerate(('text', 'data')):
            row('5 size', '%s vmlinux %s, mask build (%s)' % (conf, what,
                                                           mask_v),
                '%d (+%d, +%.2f%%)' % (sm[i], sm[i] - so[i],
                                       100.0 * (sm[i] - so[i]) / so[i]),
                'bytes', 'patched: %+d against it; %s: %d'
                % (sn[i] - sm[i], off_v, so[i]))
    if off_v != 'recorded off-defconfig':
        ron = real_size(os.path.join(OUT, on_v, 'vmlinux'))
        roff = real_size(os.path.join(OUT, off_v, 'vmlinux'))
        row('5 size', '%s vmlinux real growth (allocated sections but '
            '.bss, no padding)' % conf, '%+d' % (ron - roff), 'bytes',
            '%s: %d; size\'s text+data growth beside it: %+d' % (
                off_v, roff, sn[0] + sn[1] - so[0] - so[1]))
    orig, mod = ORIGINAL[conf], MODULE_LEVEL_SIZE[conf]
    growth_td = sn[0] + sn[1] - so[0] - so[1]
    bef = BEFORE_SPLIT_SIZE[conf]
    row('5 size', '%s vmlinux text+data growth' % conf, '+%d' % growth_td,
        'bytes', 'original 2008 (recorded): +%d; module-level design '
        '(recorded): +%d; before the split (recorded): +%d'
        % (orig['text'] + orig['data'], mod['text'] + mod['data'],
           bef['text'] + bef['data']))
    if conf == 'defconfig':
        budget = orig['text'] + orig['data']
        row('5 size', 'defconfig budget: text+data growth vs the '
            'original\'s', '%+d (%.1f%%)' % (growth_td - budget,
                                             100.0 * growth_td / budget),
            'bytes', 'original 2008 (recorded): +%d = 100%%%s' % (
                budget, '' if off_v != 'recorded off-defconfig' else
                '; against the recorded off-defconfig'))
    objs = [os.path.join(OUT, on_v, 'lib', f + '.o') for f in
            ('dynamic_printk', 'dynamic_printk_parse',
             'dynamic_printk_control', 'dynamic_printk_sites')]
    if os.path.exists(objs[0]):
        # no dynamic_printk_sites.o without patched call sites
        secs = [elf_sections(o) if os.path.exists(o) else {} for o in objs]
        text = [ls.get('.text', 0) + ls.get('.text.unlikely', 0)
                for ls in secs]
        row('5 size', '%s lib/dynamic_printk*.o .text + .text.unlikely '
            '(fixed cost)' % conf, '%d' % sum(text),
            'bytes', 'core %d + parser %d + control %d + patched sites '
            '%d; before the split (recorded, %s, x86 rewriting '
            'included): %d; module-level design (recorded, small): %d; '
            'original 2008 (recorded, small): %d'
            % (text[0], text[1], text[2], text[3], conf,
               BEFORE_SPLIT_LIB_TEXT[conf], MODULE_LEVEL_LIB_TEXT,
               ORIGINAL_LIB_TEXT))
        row('5 size', '%s lib/dynamic_printk*.o .init.text (freed after '
            'boot)' % conf, '%d' % sum(ls.get('.init.text', 0)
                                       for ls in secs), 'bytes',
            'not in the fixed cost above, nor in the recorded figures')
    arch_o = os.path.join(OUT, on_v, 'arch', 'x86', 'kernel',
                          'dynamic_printk.o')
    if os.path.exists(arch_o):
        ls = elf_sections(arch_o)
        row('5 size', '%s arch/x86/kernel/dynamic_printk.o .text + '
            '.text.unlikely + .kprobes.text' % conf,
            '%d' % (ls.get('.text', 0) + ls.get('.text.unlikely', 0) +
                    ls.get('.kprobes.text', 0)), 'bytes',
            'patching call sites (not in the original)')
    row('5 size', '%s vmlinux text growth per call site' % conf,
        '%.1f' % ((sn[0] - so[0]) / n), 'bytes/site', off_v)
    row('5 size', '%s text+data growth per call site' % conf,
        '%.1f' % (growth_td / n), 'bytes/site', off_v)
    if off_v != 'recorded off-defconfig':
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
            row('1 call site', 'kernel %s: .text* growth of the objects '
                'with call sites' % conf, '%.1f' % (dt / ns),
                'bytes/site', '%d objects, %d sites, vs %s' %
                (nobj, ns, off_v))
    else:
        row('1 call site', 'kernel %s: .text* growth of the objects with '
            'call sites' % conf, 'n/a', '', 'no option-off defconfig build '
            'to compare objects with')

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


sites_conf = 'defconfig' if os.path.exists(
    os.path.join(B, 'sites-defconfig.txt')) else 'small'
names = sorted({l.split('\t')[5] for l in
                open(os.path.join(B, 'sites-%s.txt' % sites_conf))})
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
    row('2 collisions', "%2d of %d names on: other names' sites testing "
        "their flag" % (k, len(names)),
        '%.2f%%' % (100.0 * res[schemes[1][0]][0] / res[schemes[1][0]][1]),
        'of off', 'one 64-bit mask %.2f%%; two 128-bit masks %.2f%%' % tuple(
            100.0 * res[s][0] / res[s][1] for s in (schemes[0][0],
                                                   schemes[2][0])))
row('2 collisions', 'trials per point, random.Random(2008)', '%d' % TRIALS,
    'trials', 'names: __verbose_strings of on-%s vmlinux' % sites_conf)
row('2 collisions', 'cost of a collision at a call site',
    '+%.2f' % ((phases['cs_both'] - off) / sites), 'instr/site',
    'module-level design (recorded): ' + MODULE_LEVEL['cs_both'])

# ---- 3. registration, and a read of a real kernel's control file ----
m = re.search(r'register real N=(\d+) M=(\d+)', info)
row('3 registration', '%s vmlinux: N=%s descriptors, M=%s names' %
    ((sites_conf,) + m.groups()), '%d' % phases['reg_real'], 'instr',
    '%.0f instr/descriptor; module-level design (recorded): %d' % (
        phases['reg_real'] / int(m.group(1)), MODULE_LEVEL_REG['reg_real']))
for series, what in (('reg_fixed', 'M = %s real names fixed' % m.group(2)),
                     ('reg_grow', 'M = N/8 names (grows with N)')):
    prev = None
    for i, n in enumerate((1024, 4096, 16384, 65536)):
        v = phases['%s_%d' % (series, n)]
        row('3 registration', 'N=%5d, objects of 8, %s' % (n, what),
            '%d' % v, 'instr', '%.1f instr/descriptor%s; module-level '
            'design (recorded): %d' % (
                v / n, '' if prev is None else
                '; x%.2f per 4x N' % (v / prev),
                MODULE_LEVEL_REG[series][i]))
        prev = v
rr = re.search(r'read real lines=(\d+) bytes=(\d+) reads=(\d+)', info)
synth_lines = int(re.search(r'site read others=1000 lines=(\d+)',
                            info).group(1))
lines_r, bytes_r, reads_r = map(int, rr.groups())
row('3 registration', 'read of control, %s vmlinux sites, 4 KiB read()s'
    % sites_conf, '%.0f' % (phases['read_real'] / lines_r), 'instr/line',
    '%d lines, %.1f bytes/line, %d read() calls; synthetic, 1000 '
    'others: %.0f' % (lines_r, bytes_r / lines_r, reads_r,
                      phases['site_read_1000'] / synth_lines))
row('3 registration', '  of which the shims\' seq_printf/puts/putc',
    '%.0f' % (seq_out('read_real') / lines_r), 'instr/line',
    'synthetic, 1000 others: %.0f' % (seq_out('site_read_1000') /
                                      synth_lines))

# ---- 4. control file: writes and reads against the number of sites ----


SCALES = (1000, 10000, 100000)
wm = re.search(r'site writes module=(\d+) set=(\d+) func=(\d+)', info)
nw = dict(zip(('module', 'set', 'func'), map(int, wm.groups())))
tot = {s: int(re.search(r'sites others=%d tables=(\d+) target=(\d+) '
                        r'registered=(\d+)' % s, info).group(3))
       for s in SCALES}
tables = re.search(r'sites others=\d+ tables=(\d+) target=(\d+)',
                   info).groups()
for kind, what in (('module', "'module tgt_mod +p' / '-p' (control)"),
                   ('set', "'set enabled=1 tgt_mod' / '=0' (modules)")):
    base = None
    for s in SCALES:
        v = per('site_%s_%d' % (kind, s), nw[kind])
        base = base or v
        row('4 control file', '%s, %6d other sites' % (what, s),
            '%.0f' % v, 'instr/write',
            '1000 others: %.0f (x%.2f)' % (base, v / base))
base = prev = None
for s in SCALES:
    v = per('site_func_%d' % s, nw['func'])
    ps = v / tot[s]
    base = base or ps
    row('4 control file', "'func tgt_mod_fn3 +p' / '-p', %6d sites "
        "registered" % tot[s], '%.2f' % ps, 'instr/write/site',
        '%.0f instr/write; 1000 others: %.2f/site (x%.2f)%s' % (
            v, base, ps / base, '' if prev is None else
            '; %.2f/site more than at %d' % ((v - prev[0]) /
                                             (tot[s] - prev[1]), prev[1])))
    prev = (v, tot[s])
base = None
for s in SCALES:
    sr = re.search(r'site read others=%d lines=(\d+) bytes=(\d+) '
                   r'reads=(\d+)' % s, info)
    ln, by, rd = map(int, sr.groups())
    lbl = 'site_read_%d' % s
    v = phases[lbl] / ln
    base = base or v
    row('4 control file', 'whole read in 4 KiB read()s, %6d lines' % ln,
        '%.0f' % v, 'instr/line', '1000 others: %.0f (x%.2f); %d read() '
        'calls, %.1f bytes/line' % (base, v / base, rd, by / ln))
    shim = seq_out(lbl)
    row('4 control file', '  of which the shims\' seq_printf/puts/putc',
        '%.0f' % (shim / ln), 'instr/line', 'C library vsnprintf; the '
        'rest, %.0f instr/line, is lib/dynamic_printk.c and seq_read'
        % ((phases[lbl] - shim) / ln))
    if s == SCALES[-1]:
        seek = inclusive(lbl, 'dp_sites_start')
        row('4 control file', '  of which resuming at each read() '
            '(dp_sites_start)', '%.0f' % (seek / rd), 'instr/read()',
            '%s tables registered, walked from the first' %
            (int(tables[0]) + 2))
row('4 control file', 'layout of the writes and reads above', tables[1],
    'target sites', '%s other modules, one table each, of 10, 100, 1000 '
    'sites; plus the bench\'s own' % tables[0])


def r5_spread(mm):
    cnt = {}
    for i in range(mm):
        b = r5('mod_%d' % i, 6)
        cnt[b] = cnt.get(b, 0) + 1
    return len(cnt), max(cnt.values())


base = None
for mm in (100, 1000, 10000):
    w = int(re.search(r'names M=%d writes=(\d+)' % mm, info).group(1))
    v = phases['names_%d' % mm] / w
    base = base or v
    row('4 control file', "'set enabled=1 <m>' / '=0', %5d names of 1 "
        "site" % mm, '%.0f' % v, 'instr/write',
        'M=100: %.0f (x%.2f); module-level design (recorded): %d' % (
            base, v / base, MODULE_LEVEL_NAMES[mm]))
    row('4 control file', '  of which dp_publish() (masks from the '
        'chains)', '%.0f' % (inclusive('names_%d' % mm, 'dp_publish') / w),
        'instr/write', 'r5 buckets of the names: %s of 64, longest chain '
        '%s' % r5_spread(mm))

# ---- print ----
# ---- 6. rewriting call sites, in the guest ----
def rewrite(v):
    f = os.path.join(B, 'rewrite-%s.txt' % v)
    res = {}
    if os.path.exists(f):
        for line in open(f):
            p = line.split()
            if len(p) == 7 and p[0] == 'BENCH':
                res[(p[1], p[2])] = tuple(int(x) if x.isdigit() else 0
                                          for x in p[3:])
            elif len(p) == 3 and p[0] == 'BENCH':
                res[p[1]] = int(p[2])
    return res


on_r, mask_r = rewrite('on-defconfig'), rewrite('mask-defconfig')
if not on_r:
    row('6 rewriting', 'guest, defconfig', 'n/a', '',
        'on-defconfig not built, or no QEMU')
else:
    ncpu = on_r.get('cpus', 1)
    for case, what in (('site', 'one call site (func kobject_add_internal)'),
                       ('module', 'one module (dp_sites)'),
                       ('all', 'every call site')):
        for op in ('+p', '-p'):
            if (case, op) not in on_r:
                continue
            n, w, thr, cs = on_r[(case, op)]
            base = 'mask build: n/a'
            if (case, op) in mask_r:
                mn, mw, mthr, mcs = mask_r[(case, op)]
                base = 'mask build: %.1f ms/write, %.2f stop_machine()/write' \
                    % (mcs * 10.0 / mw, mthr / (ncpu * mw))
            row('6 rewriting', '%s %s: %d sites changed' % (what, op, n),
                '%.2f' % (thr / (ncpu * w)), 'stop_machine()/write',
                '%d CPUs, %d writes' % (ncpu, w))
            row('6 rewriting', '  wall time per write', '%.1f' %
                (cs * 10.0 / w), 'ms/write', base)


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

