/*
 * kobject: a module whose name is also the name of built-in code with
 * call sites (lib/kobject.c).  Both share one entry of the control file,
 * which must survive the module's unloading.  Writing a word to
 * /sys/module/kobject/parameters/fire prints "kobject:mod <word>".
 */
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/string.h>

static int fire_set(const char *val, struct kernel_param *kp)
{
	char tag[32];
	size_t len = strcspn(val, "\n");

	if (len >= sizeof(tag))
		len = sizeof(tag) - 1;
	memcpy(tag, val, len);
	tag[len] = '\0';
	pr_debug("mod %s\n", tag);
	return 0;
}
module_param_call(fire, fire_set, NULL, NULL, 0200);

static int __init kobject_mod_init(void)
{
	return 0;
}

static void __exit kobject_mod_exit(void)
{
}

module_init(kobject_mod_init);
module_exit(kobject_mod_exit);
MODULE_LICENSE("GPL");
