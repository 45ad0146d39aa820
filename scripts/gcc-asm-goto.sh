#!/bin/sh
# gcc-asm-goto.sh CC [CFLAGS...]: print -DCC_HAVE_ASM_GOTO if the compiler
# compiles, with the kernel's flags, the constructs of a patched dynamic
# printk call site (include/linux/dynamic_printk.h): asm goto with a named
# label and an address as an "i" operand, an entry pushed into a section,
# and a cold label.  gcc has asm goto from 4.5 and label attributes from
# 4.8; the test, not the version, decides.
prog()
{
	cat <<'END'
static int v;
int f(void)
{
	asm goto("1:\t.byte 0x66,0x66,0x66,0x66,0x90\n\t"
		 ".pushsection .discard.asm_goto_test, \"a\"\n\t"
		 ".long 1b - ., %l[out] - ., %c0 - .\n\t"
		 ".popsection"
		 : : "i" (&v) : : out);
	return 0;
out: __attribute__((cold));
	return 1;
}
END
}

if prog | "$@" -x c -c -o /dev/null - > /dev/null 2>&1; then
	echo "-DCC_HAVE_ASM_GOTO"
fi
exit 0
