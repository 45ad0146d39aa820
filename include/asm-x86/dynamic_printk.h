#ifndef _ASM_X86_DYNAMIC_PRINTK_H
#define _ASM_X86_DYNAMIC_PRINTK_H

/*
 * A patched dynamic printk call site on x86 (see <linux/dynamic_printk.h>,
 * which includes this file only for patched call sites; like it, this
 * file defines macros only).
 *
 * The call site's instruction: the 5-byte NOP every x86 CPU decodes as
 * one instruction (registration may put a better one for the CPU in its
 * place), or, in a file compiled with DEBUG, "jmp rel32" to its print
 * code.  arch/x86/kernel/dynamic_printk.c rewrites a site between these
 * two with text_poke_batch(): while no other CPU runs anything but an NMI
 * or machine check handler, and such a handler writes the new instruction
 * itself before it runs one.
 */
#define DYNAMIC_PRINTK_INSN_SIZE	5

#ifdef DEBUG
#define __DYNAMIC_PRINTK_INSN(label)					\
	".byte 0xe9\n\t.long %l[" #label "] - 2f\n2:"
#else
#define __DYNAMIC_PRINTK_INSN(label)					\
	".byte 0x66,0x66,0x66,0x66,0x90"
#endif

/*
 * The instruction, and its entry in __verbose_sites: code, print code and
 * descriptor, each as its offset from the field.  The print code is the
 * block at @label, which the caller marks cold: the compiler puts it out
 * of line, and a call site that does not print runs the NOP alone.
 */
#define __dynamic_printk_site(dd, label)				\
	asm goto("1:\t" __DYNAMIC_PRINTK_INSN(label) "\n\t"		\
		 ".pushsection __verbose_sites, \"a\"\n\t"		\
		 ".balign 4\n\t"					\
		 ".long 1b - ., %l[" #label "] - ., %c0 - .\n\t"	\
		 ".popsection"						\
		 : : "i" (&(dd)) : : label)

#endif /* _ASM_X86_DYNAMIC_PRINTK_H */
