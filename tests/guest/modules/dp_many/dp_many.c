/*
 * dp_many_NNN_...: one of 100 modules built from this file (see Kbuild).
 * Each has one pr_debug() call site, in its init, so that it is listed in
 * the control file under its own long name: "<name>:init".
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/init.h>

static int __init dp_many_init(void)
{
	pr_debug("init\n");
	return 0;
}

static void __exit dp_many_exit(void)
{
}

module_init(dp_many_init);
module_exit(dp_many_exit);
MODULE_LICENSE("GPL");
