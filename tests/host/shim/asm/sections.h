#ifndef SHIM_ASM_SECTIONS_H
#define SHIM_ASM_SECTIONS_H
/* The kernel image's bounds: only patched call sites use them */
extern char _text[], _end[], __init_begin[], __init_end[];
#endif
