/*
 * dp_fail: a module whose init fails with -ENODEV after running two
 * pr_debug() call sites, "dp_fail:init start" and, after sleeping
 * delay_ms milliseconds (a load-time parameter, default 0),
 * "dp_fail:init end".  The sleep gives a test the time to look at the
 * control file while the module is between registration and the end of
 * its init, and to switch it on there; "dp_fail_test: sleeping" (at
 * KERN_INFO, after the first call site) tells it when the sleep began.
 */
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/delay.h>

static int delay_ms;
module_param(delay_ms, int, 0444);

static int __init dp_fail_init(void)
{
	pr_debug("init start\n");
	if (delay_ms > 0) {
		printk(KERN_INFO "dp_fail_test: sleeping\n");
		msleep(delay_ms);
	}
	pr_debug("init end\n");
	return -ENODEV;
}

static void __exit dp_fail_exit(void)
{
}

module_init(dp_fail_init);
module_exit(dp_fail_exit);
MODULE_LICENSE("GPL");
