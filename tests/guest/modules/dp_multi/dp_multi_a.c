/*
 * dp_multi: a module built from two objects, dp_multi_a.o and
 * dp_multi_b.o.  Both have KBUILD_MODNAME "dp_multi", so their call sites
 * are one name in the control file and switch together.  Writing a word
 * to /sys/module/dp_multi/parameters/fire runs the call site of each
 * object: "dp_multi:a <word>" and "dp_multi:b <word>".
 */
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/string.h>

void dp_multi_b(const char *tag);

static int fire_set(const char *val, struct kernel_param *kp)
{
	char tag[32];
	size_t len = strcspn(val, "\n");

	if (len >= sizeof(tag))
		len = sizeof(tag) - 1;
	memcpy(tag, val, len);
	tag[len] = '\0';
	pr_debug("a %s\n", tag);
	dp_multi_b(tag);
	return 0;
}
module_param_call(fire, fire_set, NULL, NULL, 0200);

static int __init dp_multi_init(void)
{
	return 0;
}

static void __exit dp_multi_exit(void)
{
}

module_init(dp_multi_init);
module_exit(dp_multi_exit);
MODULE_LICENSE("GPL");
