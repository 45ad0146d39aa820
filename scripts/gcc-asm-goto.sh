#!/bin/sh
# gcc-asm-goto.sh CC: print -DCC_HAVE_ASM_GOTO if CC compiles asm goto
# (gcc 4.5 and later), which patched dynamic printk call sites need.
echo 'int main(void) { asm goto("" : : : : out); return 0; out: return 1; }' |
	$1 -x c -c -o /dev/null - > /dev/null 2>&1 && echo "-DCC_HAVE_ASM_GOTO"
exit 0
