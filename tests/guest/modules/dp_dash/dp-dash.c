/*
 * dp-dash: a module whose file name has a dash.  Its name, in
 * /proc/modules and in the dynamic printk control file, is "dp_dash".
 * Its init runs pr_debug("dash init\n") ("dp_dash:dash init"); writing a
 * word to /sys/module/dp_dash/parameters/fire prints "dp_dash:pr <word>".
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
	pr_debug("pr %s\n", tag);
	return 0;
}
module_param_call(fire, fire_set, NULL, NULL, 0200);

static int __init dp_dash_init(void)
{
	pr_debug("dash init\n");
	return 0;
}

static void __exit dp_dash_exit(void)
{
}

module_init(dp_dash_init);
module_exit(dp_dash_exit);
MODULE_LICENSE("GPL");
