#!/usr/bin/env python3
"""sites.py OBJECT...: check the patched dynamic printk call sites.

For each ELF file (relocatable .o/.ko, or the linked vmlinux) with a
__verbose_sites section, every entry must point at a 5-byte instruction
that is the compiler's NOP 66 66 66 66 90, or (a file built with DEBUG)
"jmp rel32" to the entry's own print code; in a linked file the jump's
target is checked, in a relocatable one its relocation.  Each entry's
print code must be in executable code and its descriptor must be one of
the 32-byte descriptors of the file's __verbose section.  An object with
call sites (calls of the print helpers) must have a __verbose_sites
section, and no object may reference the masks (dynamic_printk_enabled,
_enabled2): on a patched kernel nothing tests them but
lib/dynamic_printk.c.

Prints one line per file with a problem and a summary; exits 1 on any
problem.  Plain Python: the ELF64 little-endian structures it needs.
"""
import struct
import sys

NOP = bytes([0x66, 0x66, 0x66, 0x66, 0x90])
R_X86_64_PC32 = 2
SHF_EXECINSTR = 4
DESC_SIZE = 32                          # struct mod_debug
MASKS = {b"dynamic_printk_enabled", b"dynamic_printk_enabled2"}
HELPERS = {b"__dynamic_pr_debug", b"__dynamic_dev_dbg"}


class Elf:
    def __init__(self, path):
        self.data = open(path, "rb").read()
        d = self.data
        if d[:4] != b"\x7fELF" or d[4] != 2 or d[5] != 1:
            raise ValueError("not an ELF64 little-endian file")
        self.type = struct.unpack_from("<H", d, 16)[0]
        shoff, = struct.unpack_from("<Q", d, 0x28)
        shentsize, shnum, shstrndx = struct.unpack_from("<HHH", d, 0x3A)
        self.sh = []
        for i in range(shnum):
            (name, typ, flags, addr, off, size, link, info, align,
             entsize) = struct.unpack_from("<IIQQQQIIQQ", d,
                                           shoff + i * shentsize)
            self.sh.append(dict(name=name, type=typ, flags=flags,
                                addr=addr, off=off,
                                size=size, link=link, info=info,
                                entsize=entsize))
        strtab = self.sh[shstrndx]
        for s in self.sh:
            s["name"] = self.cstr(strtab["off"] + s["name"])

    def cstr(self, off):
        return self.data[off:self.data.index(b"\0", off)]

    def section(self, name):
        for i, s in enumerate(self.sh):
            if s["name"] == name:
                return i, s
        return None, None

    def contents(self, s):
        return self.data[s["off"]:s["off"] + s["size"]]

    def symbols(self):
        for s in self.sh:
            if s["type"] != 2:          # SHT_SYMTAB
                continue
            strs = self.sh[s["link"]]
            for k in range(s["size"] // 24):
                name, info, other, shndx, value, size = struct.unpack_from(
                    "<IBBHQQ", self.data, s["off"] + k * 24)
                yield (self.cstr(strs["off"] + name), shndx, value)

    def relocs(self, target):
        """{offset in section @target: (symbol index, type, addend)}"""
        out = {}
        for s in self.sh:
            if s["type"] != 4 or s["info"] != target:   # SHT_RELA
                continue
            for k in range(s["size"] // 24):
                off, info, addend = struct.unpack_from(
                    "<QQq", self.data, s["off"] + k * 24)
                out[off] = (info >> 32, info & 0xffffffff, addend)
        return out

    def bounded(self, name):
        """The part __start_<name>..__stop_<name> of a linked file"""
        syms = {n: v for n, shndx, v in self.symbols()}
        start = syms.get(b"__start_" + name)
        stop = syms.get(b"__stop_" + name)
        s = self.section_at(start) if start is not None else None
        if s is None or stop is None or s["type"] != 1:
            return None
        return dict(name=name, addr=start, size=stop - start,
                    off=s["off"] + start - s["addr"])

    def section_at(self, addr):
        """The allocated section of a linked file that holds @addr"""
        for s in self.sh:
            if s["addr"] and s["addr"] <= addr < s["addr"] + s["size"]:
                return s
        return None

    def at_address(self, addr, n):
        for s in self.sh:
            if s["addr"] and s["type"] == 1 and \
               s["addr"] <= addr < s["addr"] + s["size"]:
                o = s["off"] + addr - s["addr"]
                return self.data[o:o + n]
        return None


def check(path, allow_masks):
    e = Elf(path)
    problems = []
    vidx, verbose = e.section(b"__verbose")
    sidx, sites = e.section(b"__verbose_sites")
    if e.type != 1 and verbose is None:
        # vmlinux: both are inside other sections, between symbols
        verbose = e.bounded(b"__verbose")
        sites = e.bounded(b"__verbose_sites")
        if verbose is None or sites is None:
            return 0, ["linked, without __start_/__stop___verbose and "
                       "___verbose_sites"]
    if not allow_masks:
        refs = {n for n, shndx, v in e.symbols() if shndx == 0} & MASKS
        if refs:
            problems.append("tests the masks: references " +
                            b", ".join(sorted(refs)).decode())
    if verbose is None:
        return 0, problems
    if sites is None:
        # Descriptors are kept even where the compiler found their code
        # unreachable; live call sites call the print helpers.
        calls = {n for n, shndx, v in e.symbols() if shndx == 0} & HELPERS
        if calls:
            problems.append("calls %s but has no __verbose_sites"
                            % b", ".join(sorted(calls)).decode())
        return 0, problems
    n = sites["size"] // 12
    if sites["size"] % 12:
        problems.append("__verbose_sites is not a whole number of entries")
    if e.type == 1:                     # ET_REL: follow the relocations
        syms = list(e.symbols())
        rel = e.relocs(sidx)
        for k in range(n):
            r = rel.get(k * 12)
            if not r or r[1] != R_X86_64_PC32:
                problems.append("entry %d: no PC32 relocation" % k)
                continue
            pr, dr = rel.get(k * 12 + 4), rel.get(k * 12 + 8)
            if not pr or pr[1] != R_X86_64_PC32 or \
               not 0 < syms[pr[0]][1] < len(e.sh) or \
               not e.sh[syms[pr[0]][1]]["flags"] & SHF_EXECINSTR:
                problems.append("entry %d: print code not in code" % k)
            doff = syms[dr[0]][2] + dr[2] if dr else -1
            if not dr or dr[1] != R_X86_64_PC32 or \
               syms[dr[0]][1] != vidx or doff % DESC_SIZE or \
               not 0 <= doff < verbose["size"]:
                problems.append("entry %d: not a descriptor of __verbose"
                                % k)
            name, shndx, value = syms[r[0]]
            if not 0 < shndx < len(e.sh):
                problems.append("entry %d: site in section %d" % (k, shndx))
                continue
            code_sec = e.sh[shndx]
            off = value + r[2]
            insn = e.contents(code_sec)[off:off + 5]
            if insn == NOP:
                continue
            if insn[:1] == b"\xe9":
                # the jump's target: its relocation, or resolved by the
                # assembler within the section; either way the entry's
                # print code
                pr = rel.get(k * 12 + 4)
                pshndx = pval = None
                if pr:
                    pshndx, pval = syms[pr[0]][1], syms[pr[0]][2] + pr[2]
                jr = e.relocs(shndx).get(off + 1)
                if jr:
                    jsym = syms[jr[0]]
                    ok = (jsym[1], jsym[2] + jr[2] + 4) == (pshndx, pval)
                else:
                    ok = (shndx, off + 5 + struct.unpack_from(
                        "<i", insn, 1)[0]) == (pshndx, pval)
                if ok:
                    continue
            problems.append("entry %d: %s+%#x is %s, not a call site"
                            % (k, code_sec["name"].decode(), off,
                               insn.hex(" ")))
    else:                               # linked: offsets are resolved
        raw = e.contents(sites)
        for k in range(n):
            ent = sites["addr"] + k * 12
            c, p, d = struct.unpack_from("<iii", raw, k * 12)
            code, prt, desc = ent + c, ent + 4 + p, ent + 8 + d
            ps = e.section_at(prt)
            if not ps or not ps["flags"] & SHF_EXECINSTR:
                problems.append("entry %d: print code %#x not in code"
                                % (k, prt))
            if not verbose["addr"] <= desc < verbose["addr"] + \
               verbose["size"] or (desc - verbose["addr"]) % DESC_SIZE:
                problems.append("entry %d: %#x is not a descriptor of "
                                "__verbose" % (k, desc))
            insn = e.at_address(code, 5)
            if insn == NOP:
                continue
            if insn and insn[0] == 0xe9 and \
               code + 5 + struct.unpack_from("<i", insn, 1)[0] == prt:
                continue
            problems.append("entry %d: %#x is %s, not a call site"
                            % (k, code, insn.hex(" ") if insn else "nothing"))
    return n, problems


def main():
    bad = files = total = 0
    for path in sys.argv[1:]:
        allow = path.endswith("lib/dynamic_printk.o") or \
            path.endswith("vmlinux") or path.endswith("built-in.o") or \
            path.endswith("lib/lib.a")
        try:
            n, problems = check(path, allow)
        except (ValueError, struct.error, IndexError) as err:
            n, problems = 0, ["cannot read: %s" % err]
        files += 1
        total += n
        for p in problems[:5]:
            print("%s: %s" % (path, p))
        bad += bool(problems)
    print("%d files, %d call sites checked, %d files with problems"
          % (files, total, bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
