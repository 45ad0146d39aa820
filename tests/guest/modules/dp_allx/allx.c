/*
 * allx: a module whose KBUILD_MODNAME is "allx", which starts like the
 * keyword "all" but is an ordinary module name.  Writing a word to
 * /sys/module/allx/parameters/fire runs its pr_debug() call site once:
 * "allx:pr <word>".  "evals" counts argument evaluations.
 */
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

static int __init allx_init(void)
{
	return 0;
}

static void __exit allx_exit(void)
{
}

module_init(allx_init);
module_exit(allx_exit);
MODULE_LICENSE("GPL");
