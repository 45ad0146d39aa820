/*
 * dp_debugdef: a module built with ccflags-y := -DDEBUG.  Without dynamic
 * printk its pr_debug() prints unconditionally; with it, the module is
 * listed enabled=1 from its registration on and can be switched off.
 *
 * Its init runs pr_debug("debugdef init\n") (with dynamic printk:
 * "dp_debugdef:debugdef init").  Writing a word to
 * /sys/module/dp_debugdef/parameters/fire runs pr_debug("pr <word>\n");
 * "evals" counts argument evaluations.
 */
#ifndef DEBUG
#error "DEBUG is not defined: ccflags-y of the Kbuild file did not take"
#endif
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/string.h>

static int evals;
module_param(evals, int, 0444);

static const char *eval(const char *tag)
{
	evals++;
	return tag;
}

static int fire_set(const char *val, struct kernel_param *kp)
{
	char tag[32];
	size_t len = strcspn(val, "\n");

	if (len >= sizeof(tag))
		len = sizeof(tag) - 1;
	memcpy(tag, val, len);
	tag[len] = '\0';
	pr_debug("pr %s\n", eval(tag));
	return 0;
}
module_param_call(fire, fire_set, NULL, NULL, 0200);

static int __init dp_debugdef_init(void)
{
	pr_debug("debugdef init\n");
	printk(KERN_INFO "dp_debugdef_test: loaded\n");
	return 0;
}

static void __exit dp_debugdef_exit(void)
{
}

module_init(dp_debugdef_init);
module_exit(dp_debugdef_exit);
MODULE_LICENSE("GPL");
