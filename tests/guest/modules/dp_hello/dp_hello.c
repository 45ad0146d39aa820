/*
 * dp_hello: the smallest module, to prove that modules built out of tree
 * against the build copy load and unload in the guest.  Its two
 * pr_debug() calls are what "make run" switches on to show the feature.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/init.h>

static int __init dp_hello_init(void)
{
	printk(KERN_INFO "dp_hello: loaded\n");
	pr_debug("hello from pr_debug in init\n");
	return 0;
}

static void __exit dp_hello_exit(void)
{
	pr_debug("goodbye from pr_debug in exit\n");
	printk(KERN_INFO "dp_hello: unloaded\n");
}

module_init(dp_hello_init);
module_exit(dp_hello_exit);
MODULE_LICENSE("GPL");
