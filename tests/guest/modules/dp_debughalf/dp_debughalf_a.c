/*
 * dp_debughalf: a module built from two objects, dp_debughalf_a.o
 * (without DEBUG) and dp_debughalf_b.o (with -DDEBUG, CFLAGS_... in the
 * Kbuild file).  The switch is per module: with dynamic printk the whole
 * module starts enabled=1, so the call sites of both objects print.
 * Its init runs "dp_debughalf:init a" here and "dp_debughalf:init b" in
 * the other object.  Writing a word to
 * /sys/module/dp_debughalf/parameters/fire prints "dp_debughalf:a <word>"
 * and "dp_debughalf:b <word>".
 */
#ifdef DEBUG
#error "DEBUG must not be defined for this object"
#endif
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/string.h>

void dp_debughalf_b(const char *what, const char *tag);

static int fire_set(const char *val, struct kernel_param *kp)
{
	char tag[32];
	size_t len = strcspn(val, "\n");

	if (len >= sizeof(tag))
		len = sizeof(tag) - 1;
	memcpy(tag, val, len);
	tag[len] = '\0';
	pr_debug("a %s\n", tag);
	dp_debughalf_b("b", tag);
	return 0;
}
module_param_call(fire, fire_set, NULL, NULL, 0200);

static int __init dp_debughalf_init(void)
{
	pr_debug("init a\n");
	dp_debughalf_b("init", "b");
	return 0;
}

static void __exit dp_debughalf_exit(void)
{
}

module_init(dp_debughalf_init);
module_exit(dp_debughalf_exit);
MODULE_LICENSE("GPL");
