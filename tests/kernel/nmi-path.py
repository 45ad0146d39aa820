#!/usr/bin/env python3
"""nmi-path.py VMLINUX: no patched call site runs in an NMI or machine
check before text_poke_nmi_enter().

text_poke_batch() rewrites the 5-byte NOPs of dynamic printk call sites
while stop_machine() holds the other CPUs, but NMIs and machine checks
still come.  Their handlers call text_poke_nmi_enter() first, which
finishes the rewrite: what runs before it, and what the entry code runs
after the handler returns (when the writer no longer waits for it),
must hold no call site.  Static check of a linked x86_64 or i386 vmlinux:
the call sites are the code addresses of the __verbose_sites entries;
the code is cut into functions at its symbols (the entry code's labels
too), each leading to the functions holding its direct call, jmp and
jcc targets, and to the next one if it runs on into it; the roots are
the entry code nmi and machine_check, the hook, and do_nmi and
do_machine_check up to their first call of the hook (i386 passes
do_machine_check to error_code), after which instructions are whole.

A CPU held by stop_machine() runs kernel code with interrupts off, and
a handler that interrupts it returns there with them off and does not
sleep: what ASIDE names is not followed, the entry code's way back to
user mode and preempt_schedule_irq() (only when the interrupted code had
interrupts on), schedule() and preempt_schedule() (which returns at once
with interrupts off).

Fails, one line each, if a function reached holds a call site (the path
to it shown) or if do_nmi or do_machine_check does not call the hook.
Notes what it cannot follow: indirect calls and jumps (the functions
holding them), a handler's jumps past its hook (do_machine_check's for
a poll, which is no exception).  -v lists what it reached.
"""
import argparse
import bisect
import os
import re
import struct
import subprocess
import sys

sys.dont_write_bytecode = True        # nothing written into the repo
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import sites  # noqa: E402

HOOK = "text_poke_nmi_enter"
HANDLERS = {"nmi": "do_nmi", "machine_check": "do_machine_check"}
ASIDE = {"schedule", "preempt_schedule", "preempt_schedule_irq",
         "paranoid_userspace0", "paranoid_userspace1", "resume_userspace"}
PREFIXES = {"lock", "rep", "repz", "repe", "repnz", "repne", "data16",
            "addr32", "cs", "ds", "es", "fs", "gs", "ss", "bnd", "notrack"}
ENDS = {"jmp", "jmpq", "ljmp", "ret", "retq", "retl", "lret", "lretq",
        "iret", "iretq", "iretl", "sysretq", "sysretl", "sysexit", "ud2"}
PADDING = re.compile(r"(nop\w*|xchg\s+%ax,%ax|"
                     r"lea\s+0x0\(%(\w+)(,%[er]iz,1)?\),%\2)(\s|$)")
INSN = re.compile(r"^\s*([0-9a-f]+):\t(.*)$")
TARGET = re.compile(r"^([0-9a-f]+)(\s+<.*>)?$")


class Elf32(sites.Elf):
    """sites.Elf for an ELF32 little-endian file: its section headers
    and symbols; the rest is the same"""
    def __init__(self, path):
        self.data = d = open(path, "rb").read()
        shoff, = struct.unpack_from("<I", d, 0x20)
        shentsize, shnum, shstrndx = struct.unpack_from("<HHH", d, 0x2E)
        keys = "name type flags addr off size link info align entsize"
        self.sh = [dict(zip(keys.split(), struct.unpack_from(
            "<10I", d, shoff + i * shentsize))) for i in range(shnum)]
        for s in self.sh:
            s["name"] = self.cstr(self.sh[shstrndx]["off"] + s["name"])

    def symbols(self):
        for s in self.sh:
            if s["type"] == 2:          # SHT_SYMTAB
                strs = self.sh[s["link"]]["off"]
                for k in range(s["size"] // 16):
                    name, value, size, info, other, shndx = \
                        struct.unpack_from("<IIIBBH", self.data,
                                           s["off"] + k * 16)
                    yield (self.cstr(strs + name), shndx, value)


def call_sites(path):
    """The code address of every __verbose_sites entry of a linked file"""
    with open(path, "rb") as f:
        elf32 = f.read(5)[4] == 1
    e = Elf32(path) if elf32 else sites.Elf(path)
    table = e.bounded(b"__verbose_sites")
    raw = e.contents(table) if table else b""
    return [table["addr"] + 12 * k + c for k, c in
            enumerate(struct.unpack_from("<%di" % (len(raw) // 12 * 3),
                                         raw)[::3])]


def symbols(path):
    """{address: (name, size)} of the code symbols, one name an address:
    a sized one (a function) before a label, a global before a local"""
    best = {}
    nm = subprocess.run(["nm", "-n", "-S", path], capture_output=True,
                        text=True, check=True).stdout
    for f in (line.split() for line in nm.splitlines()):
        if len(f) == 3:
            f.insert(1, "0")
        if len(f) == 4 and f[2] in "tTwW":
            addr, size = int(f[0], 16), int(f[1], 16)
            rank = (size > 0, f[2].isupper())
            if addr not in best or rank > best[addr][2]:
                best[addr] = (f[3], size, rank)
    return {a: (n, s) for a, (n, s, r) in best.items()}


class Func:
    def __init__(self, name, start, size):
        self.name, self.start, self.size = name, start, size
        self.insns = []             # (address, mnemonic, operands)


def disassemble(path, syms):
    """The functions, in address order, with their instructions"""
    funcs, cur = [], None
    proc = subprocess.Popen(["objdump", "-d", "--no-show-raw-insn", path],
                            stdout=subprocess.PIPE, text=True)
    for line in proc.stdout:
        if line.startswith("Disassembly of section"):
            cur = None              # no function runs on into a section
        m = INSN.match(line)
        if not m:
            continue
        addr = int(m.group(1), 16)
        if addr in syms or cur is None:
            name, size = syms.get(addr, ("%#x" % addr, 0))
            cur = Func(name, addr, size)
            funcs.append(cur)
        words = m.group(2).split()
        while words and (words[0] in PREFIXES or words[0].startswith("rex")):
            words.pop(0)
        if words:
            cur.insns.append((addr, words[0], " ".join(words[1:])))
    if proc.wait():
        raise OSError("objdump -d %s failed" % path)
    return funcs


def transfers(insns):
    """(direct targets, indirect instructions) of @insns"""
    direct, indirect = [], []
    for addr, op, arg in insns:
        if not op.startswith(("j", "call", "loop")):
            continue
        if arg.startswith("*"):
            indirect.append("%s %s" % (op, arg))
        elif TARGET.match(arg):
            direct.append(int(TARGET.match(arg).group(1), 16))
    return direct, indirect


def runs_on(f, nxt):
    """Whether @f's code runs on into @nxt, the next function: its last
    instruction but padding goes on, and @f is a label or a symbol whose
    size goes past @nxt's start (a label inside it)"""
    real = [i for i in f.insns if not PADDING.match(i[1] + " " + i[2])]
    if not real or real[-1][1] in ENDS:
        return False
    return f.size == 0 or f.start + f.size > nxt.start


def check(path, extra=()):
    problems, notes = [], []
    sites_ = call_sites(path)
    syms = symbols(path)
    byname = {n: (a, s) for a, (n, s) in syms.items()}
    funcs = disassemble(path, syms)
    starts = [f.start for f in funcs]

    def holder(addr):
        return max(bisect.bisect_right(starts, addr) - 1, 0)

    # What a function runs: all of its code, or a handler's up to the
    # hook, below limit (call sites too)
    body = {i: f.insns for i, f in enumerate(funcs)}
    limit, roots, named = {}, [], []
    for stub, handler in HANDLERS.items():
        if stub not in byname and handler not in byname:
            notes.append("no %s handler in this kernel" % stub)
            continue
        if handler not in byname:
            problems.append("%s: no %s" % (stub, handler))
            continue
        h = holder(byname[handler][0])
        insns = funcs[h].insns
        hook = [k for k, (a, op, arg) in enumerate(insns)
                if op.startswith("call") and arg.endswith("<%s>" % HOOK)]
        if not hook:
            problems.append("%s does not call %s" % (handler, HOOK))
        else:
            body[h], limit[h] = insns[:hook[0]], insns[hook[0]][0]
            end = funcs[h + 1].start if h + 1 < len(funcs) else 1 << 64
            past = sorted({a for a in transfers(body[h])[0]
                           if limit[h] < a < end})
            if past:
                notes.append("%s jumps past its hook, not followed, to %s"
                             % (handler, ", ".join(map(hex, past))))
        roots.append(h)
        named.append(handler + (" (to the hook)" if hook else ""))
    # The entry code from its start: what it runs is what it reaches
    for name in [s for s in HANDLERS if s in byname] + \
            [HOOK] * (HOOK in byname) + list(extra):
        if name not in byname:
            raise ValueError("no function %s" % name)
        roots.append(holder(byname[name][0]))
        named.append(name)

    # Breadth first from the roots, each function's first caller kept
    parent = dict.fromkeys(roots)
    queue = list(parent)
    indirect, aside = {}, set()
    for i in queue:
        direct, ind = transfers(body[i])
        if ind:
            indirect[funcs[i].name] = ind
        nxt = [holder(a) for a in direct]
        if i not in limit and i + 1 < len(funcs) and \
           runs_on(funcs[i], funcs[i + 1]):
            nxt.append(i + 1)
        for j in nxt:
            if funcs[j].name in ASIDE:
                aside.add(funcs[j].name)
            elif j not in parent:
                parent[j] = i
                queue.append(j)

    for s in sorted(sites_):
        i = holder(s)
        if i in parent and s < limit.get(i, s + 1):
            chain, k = [], i
            while k is not None:
                chain.append(funcs[k].name)
                k = parent[k]
            problems.append("call site %#x in %s+%#x, reached: %s"
                            % (s, funcs[i].name, s - funcs[i].start,
                               " <- ".join(chain)))
    if aside:
        notes.append("not followed into %s" % ", ".join(sorted(aside)))
    if indirect:
        notes.append("indirect calls or jumps, not followed, in %d "
                     "functions: %s" % (len(indirect),
                                        ", ".join(sorted(indirect))))
    summary = ("%d functions reached from %s; %d call sites in vmlinux, "
               "%d reached" % (len(parent), ", ".join(named) or "nothing",
                               len(sites_), sum(p.startswith("call site")
                                                for p in problems)))
    detail = ["reached: " + " ".join(sorted(funcs[i].name for i in parent))]
    detail += ["indirect: %s: %s" % (n, "; ".join(sorted(set(v))))
               for n, v in sorted(indirect.items())]
    return problems, notes, summary, detail


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("vmlinux")
    ap.add_argument("-v", action="store_true",
                    help="list the functions reached and indirect calls")
    ap.add_argument("--root", action="append", default=[], metavar="FUNC",
                    help="also check what FUNC reaches, all of it")
    a = ap.parse_args()
    try:
        problems, notes, summary, detail = check(a.vmlinux, a.root)
    except (ValueError, struct.error, IndexError, OSError,
            subprocess.CalledProcessError) as err:
        print("%s: cannot check: %s" % (a.vmlinux, err))
        return 1
    for line in (detail if a.v else []) + ["note: " + n for n in notes] + \
            ["%s: %s" % (a.vmlinux, p) for p in problems]:
        print(line)
    print(summary)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
