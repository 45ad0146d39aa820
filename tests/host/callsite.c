/*
 * An object with dynamic printk call sites, compiled from the real header
 * several times with -DKBUILD_MODNAME=... -DDEBUG_HASH=$(hash djb2 ...)
 * -DDEBUG_HASH2=$(hash r5 ...), -DDEBUG_FILE=<file as listed> and
 * -DCS_PREFIX=<function prefix>.  Three call sites per object, in
 * CS_PREFIX_pr(), CS_PREFIX_dev() and CS_PREFIX_plain() (the Makefile
 * finds their lines for the tests: callsite_lines.h).  With -DCS_MODULE
 * it is built as a shared object standing for a loadable module, whose
 * own __verbose section is found with cs_module_sections().  With
 * -DCS_EXTRA it has two more: CS_PREFIX_dump(), a print_hex_dump_debug(),
 * and CS_PREFIX_inline(), which calls the inline function of
 * callsite_inline.h, whose pr_debug() is a call site of that header.
 */
#include <linux/kernel.h>
#include <linux/device.h>

#define CS_CAT2(a, b)	a##_##b
#define CS_CAT(a, b)	CS_CAT2(a, b)
#define CS_FN(name)	CS_CAT(CS_PREFIX, name)

int CS_FN(pr)(int *evals);
int CS_FN(dev)(struct device *dev, int *evals, int *dev_evals);
int CS_FN(plain)(void);

/* pr_debug() used as an expression; its argument counts evaluations */
int CS_FN(pr)(int *evals)
{
	return pr_debug("value %d\n", ++*evals);
}

static struct device *CS_FN(count)(struct device *dev, int *dev_evals)
{
	++*dev_evals;
	return dev;
}

/* dev_dbg() as the body of an if, the device argument counted too */
int CS_FN(dev)(struct device *dev, int *evals, int *dev_evals)
{
	if (evals)
		dev_dbg(CS_FN(count)(dev, dev_evals), "dev %d\n", ++*evals);
	else
		return 1;
	return 0;
}

int CS_FN(plain)(void)
{
	pr_debug("plain\n");
	return 0;
}

#ifdef CS_EXTRA
/*
 * Two more call sites: a hex dump, its prefix the format, and a pr_debug()
 * in an inline function of a header (callsite_inline.h)
 */
#include "callsite_inline.h"

int CS_FN(dump)(const void *buf, unsigned long len);
int CS_FN(inline)(int *evals);

int CS_FN(dump)(const void *buf, unsigned long len)
{
	print_hex_dump_debug("cs dump: ", DUMP_PREFIX_OFFSET, 16, 1, buf, len,
			     1);
	return 0;
}

int CS_FN(inline)(int *evals)
{
	return cs_inline_debug(evals);
}
#endif

#ifdef CS_MODULE
/* This object's own section, not the executable's */
extern struct mod_debug __start___verbose[]
	__attribute__((visibility("hidden")));
extern struct mod_debug __stop___verbose[]
	__attribute__((visibility("hidden")));

void cs_module_sections(struct mod_debug **start, unsigned long *n);

void cs_module_sections(struct mod_debug **start, unsigned long *n)
{
	*start = __start___verbose;
	*n = __stop___verbose - __start___verbose;
}
#endif
