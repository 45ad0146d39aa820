/*
 * printk() for the benchmark: does nothing, so that an enabled call site
 * is measured without the cost of printk itself.  The shims' printk() is
 * made weak in the copy of shim.o the bench links (objcopy -W printk).
 */
int printk(const char *fmt, ...)
{
	(void)fmt;
	return 0;
}
