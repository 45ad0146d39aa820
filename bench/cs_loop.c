/*
 * A loop of pr_debug() call sites compiled from the real header
 * (include/linux/dynamic_printk.h) through the host shim of
 * <linux/kernel.h>, with kernel-like code generation flags.  Built three
 * times: without CONFIG_DYNAMIC_PRINTK_DEBUG (CS_LOOP=cs_loop_off), with
 * it, -DKBUILD_MODNAME=... -DDEBUG_HASH=... -DDEBUG_HASH2=... (cs_loop_on,
 * the mask build), and with patched call sites as well (cs_loop_pat: a
 * NOP each, never rewritten here).
 *
 * The empty asm with a "memory" clobber after each site stands for the
 * unrelated code between two call sites in real functions: each site
 * loads the masks (and, when both its bits are set, its own flags)
 * again, as it would in the kernel.
 */
#include <linux/kernel.h>

#define SITE	do { pr_debug("bench %d\n", i); barrier(); } while (0)
#define SITES8	SITE; SITE; SITE; SITE; SITE; SITE; SITE; SITE

void CS_LOOP(int n);

__attribute__((__noinline__)) void CS_LOOP(int n)
{
	int i;

	for (i = 0; i < n; i++) {
		SITES8;
	}
}

/* One call site alone, for its size */
void CS_LOOP_ONE(int i);

__attribute__((__noinline__)) void CS_LOOP_ONE(int i)
{
	barrier();
	SITE;
}
