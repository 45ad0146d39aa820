#!/usr/bin/env python3
"""Read the dynamic printk call-site descriptors of a vmlinux.

    vmlinux_sites.py VMLINUX OUT

Walks __start___verbose .. __stop___verbose (struct mod_debug, 32 bytes
on x86_64: modname, function and format pointers, lineno, hash, hash2,
type, flags), resolves each pointer into the section holding it
(__verbose_strings is merged into .rodata; modname points to
"<module>\\0<file>", stored once per object) and writes one line per
descriptor, in link order, fields separated by tabs:

    <modname address, hex> <hash> <hash2> <flags> <lineno> <module>
    <file> <function> <format, hex-encoded bytes>

Descriptors with the same modname address come from the same object.
Every descriptor is checked: its buckets must be the djb2 and r5 buckets
of its module name, as scripts/basic/hash gives them, and its type
DYNAMIC_PRINTK_TYPE_BOOLEAN; a mismatch means the layout read here is not
the one the kernel was built with, and the script fails.  Plain ELF64
little-endian parsing, no dependencies.
"""
import struct
import sys

DESC = struct.Struct('<QQQIBBBB')       # struct mod_debug
DESC_SIZE = DESC.size                   # 32


def sections(data):
    shoff, = struct.unpack_from('<Q', data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from('<HHH', data, 0x3a)
    secs = []
    for i in range(shnum):
        off = shoff + i * shentsize
        name, typ, flags, addr, foff, size = struct.unpack_from(
            '<IIQQQQ', data, off)
        secs.append([name, typ, addr, foff, size])
    strtab = secs[shstrndx]
    for s in secs:
        end = data.index(b'\0', strtab[3] + s[0])
        s[0] = data[strtab[3] + s[0]:end].decode()
    return secs


def symbols(data, secs):
    syms = {}
    for s in secs:
        if s[1] != 2:           # SHT_SYMTAB
            continue
        strtab = [t for t in secs if t[0] == '.strtab'][0]
        for off in range(s[3], s[3] + s[4], 24):
            name, info, other, shndx, value, size = struct.unpack_from(
                '<IBBHQQ', data, off)
            end = data.index(b'\0', strtab[3] + name)
            syms[data[strtab[3] + name:end].decode()] = value
    return syms


def read_addr(data, secs, addr, n):
    for name, typ, saddr, foff, size in secs:
        if typ != 8 and saddr <= addr < saddr + size:   # not NOBITS
            return data[foff + addr - saddr:foff + addr - saddr + n]
    raise ValueError('address %x not in the file' % addr)


def cbytes(data, secs, addr):
    chunk = read_addr(data, secs, addr, 4096)
    return chunk[:chunk.index(b'\0')]


def djb2(s):
    h = 5381
    for c in s:
        h = (h * 33 + c) & 0xffffffff
    return h & 63


def r5(s):
    h = 0
    for c in s:
        h = ((h + (c << 4) + (c >> 4)) * 11) & 0xffffffff
    return h & 63


def main():
    data = open(sys.argv[1], 'rb').read()
    secs = sections(data)
    syms = symbols(data, secs)
    start, stop = syms['__start___verbose'], syms['__stop___verbose']
    if (stop - start) % DESC_SIZE:
        sys.exit('%s: __verbose is %d bytes, not a multiple of %d' %
                 (sys.argv[1], stop - start, DESC_SIZE))
    raw = read_addr(data, secs, start, stop - start)
    with open(sys.argv[2], 'w') as out:
        for off in range(0, len(raw), DESC_SIZE):
            mod, fn, fmt, line, h, h2, typ, flags = DESC.unpack_from(raw, off)
            name = cbytes(data, secs, mod)
            file = cbytes(data, secs, mod + len(name) + 1)
            if h != djb2(name) or h2 != r5(name) or typ != 1:
                sys.exit('%s: descriptor %d (%s) does not read as a '
                         '%d-byte struct mod_debug' %
                         (sys.argv[1], off // DESC_SIZE, name, DESC_SIZE))
            out.write('\t'.join((
                '%x' % mod, str(h), str(h2), str(flags), str(line),
                name.decode(), file.decode(),
                cbytes(data, secs, fn).decode(),
                cbytes(data, secs, fmt).hex())) + '\n')


if __name__ == '__main__':
    main()
