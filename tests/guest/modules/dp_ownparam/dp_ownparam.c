/*
 * dp_ownparam: a module that declares a parameter of its own named
 * "dynamic_printk" (an int, readable in
 * /sys/module/dp_ownparam/parameters/dynamic_printk).  The module
 * loader's dynamic_printk parameter must leave it alone: the module gets
 * its own.  Its init runs pr_debug("ownparam init %d\n", value).
 */
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/kernel.h>
#include <linux/init.h>

static int own_value = -1;
module_param_named(dynamic_printk, own_value, int, 0444);

static int __init dp_ownparam_init(void)
{
	pr_debug("ownparam init %d\n", own_value);
	return 0;
}

static void __exit dp_ownparam_exit(void)
{
}

module_init(dp_ownparam_init);
module_exit(dp_ownparam_exit);
MODULE_LICENSE("GPL");
