/*
 * dp_hello: the smallest module, to prove that modules built out of tree
 * against the build copy load and unload in the guest.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/init.h>

static int __init dp_hello_init(void)
{
	printk(KERN_INFO "dp_hello: loaded\n");
	return 0;
}

static void __exit dp_hello_exit(void)
{
	printk(KERN_INFO "dp_hello: unloaded\n");
}

module_init(dp_hello_init);
module_exit(dp_hello_exit);
MODULE_LICENSE("GPL");
