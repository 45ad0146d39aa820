/*
 * printk() and vprintk() for the benchmark: they do nothing, so that an
 * enabled call site is measured without the cost of printk itself (nor
 * of the shims' formatting).  The shims' own are made weak in the copy of
 * shim.o the bench links (objcopy -W printk -W vprintk).
 */
#include <stdarg.h>

int printk(const char *fmt, ...)
{
	(void)fmt;
	return 0;
}

int vprintk(const char *fmt, va_list args)
{
	(void)fmt;
	(void)args;
	return 0;
}
