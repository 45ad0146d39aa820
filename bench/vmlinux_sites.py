#!/usr/bin/env python3
"""Read the dynamic printk call-site descriptors of a vmlinux.

    vmlinux_sites.py VMLINUX OUT

Walks __start___verbose .. __stop___verbose (struct mod_debug, 16 bytes:
modname pointer, hash, hash2, type, flags), resolves each modname pointer
into the section holding it (__verbose_strings is merged into .rodata)
and writes one line per descriptor, in link order:

    <string address in hex> <hash> <hash2> <modname>

Descriptors with the same string address come from the same object (one
__dynamic_printk_modname per object).  Plain ELF64 little-endian parsing,
no dependencies.
"""
import struct
import sys


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


def cstring(data, secs, addr):
    chunk = read_addr(data, secs, addr, 256)
    return chunk[:chunk.index(b'\0')].decode()


def main():
    data = open(sys.argv[1], 'rb').read()
    secs = sections(data)
    syms = symbols(data, secs)
    start, stop = syms['__start___verbose'], syms['__stop___verbose']
    raw = read_addr(data, secs, start, stop - start)
    with open(sys.argv[2], 'w') as out:
        for off in range(0, len(raw), 16):
            ptr, h, h2, typ, flags = struct.unpack_from('<QBBBB', raw, off)
            out.write('%x %d %d %s\n' % (ptr, h, h2,
                                         cstring(data, secs, ptr)))


if __name__ == '__main__':
    main()
