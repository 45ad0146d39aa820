/*
 * dp_dbg: a module with one pr_debug() and one dev_dbg() call site, for
 * the guest tests of dynamic printk.
 *
 * Writing a word to /sys/module/dp_dbg/parameters/fire runs both call
 * sites once with that word as the tag:
 *	pr_debug("pr <tag>\n")                -> "dp_dbg:pr <tag>"
 *	dev_dbg(dev, "dev <tag>\n")           -> "dp_dbg_dev dp_dbg_dev.3: dp_dbg: dev <tag>"
 * (the device is a platform device bound to a platform driver of the same
 * name, so dev_printk() of 2.6.27 prints the driver name, then the device
 * name).  Each argument evaluation of a call site increments "evals"
 * (readable in /sys/module/dp_dbg/parameters/evals), so a silent call site
 * that still evaluated its arguments shows.
 *
 * In 2.6.27 a write to a module parameter in sysfs can run while the
 * module's exit function runs (the parameter files go away only after
 * it): "fire" uses the device under rcu_read_lock(), and the exit function
 * clears pdev and waits for a grace period before unregistering it, so
 * that dev_dbg() never sees a freed device.  (No lock of the module's own:
 * lockdep would count a new lock class at every load and run out of
 * entries in hardening/leak.sh's 1000 loads.)
 *
 * Writing N to /sys/module/dp_dbg/parameters/linger logs "dp_dbg_test:
 * lingering" at KERN_INFO, waits until the exit function has run (at most
 * N milliseconds), a moment more, then runs the pr_debug() call site once:
 * "dp_dbg:linger after exit" (or "dp_dbg:linger timeout").  An rmmod
 * started meanwhile runs the exit function, then waits for the handler
 * while it removes the parameter files, so the message shows whether the
 * module's call sites still print after its exit function, up to the very
 * end.
 */
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/string.h>
#include <linux/err.h>
#include <linux/platform_device.h>
#include <linux/rcupdate.h>
#include <linux/delay.h>

#define DEV_NAME "dp_dbg_dev"

static int evals;
module_param(evals, int, 0444);

static struct platform_device *pdev;
static int exited;		/* set by the exit function, for "linger" */

static const char *eval(const char *tag)
{
	evals++;
	return tag;
}

static int fire_set(const char *val, struct kernel_param *kp)
{
	struct platform_device *p;
	char tag[32];
	size_t len = strcspn(val, "\n");

	if (len >= sizeof(tag))
		len = sizeof(tag) - 1;
	memcpy(tag, val, len);
	tag[len] = '\0';
	/* "fire" may be given at insmod time, before the device exists */
	rcu_read_lock();
	p = rcu_dereference(pdev);
	pr_debug("pr %s\n", eval(tag));
	if (p)
		dev_dbg(&p->dev, "dev %s\n", eval(tag));
	rcu_read_unlock();
	return 0;
}

static int fire_get(char *buf, struct kernel_param *kp)
{
	struct platform_device *p;
	int n;

	rcu_read_lock();
	p = rcu_dereference(pdev);
	n = sprintf(buf, "%s", p && p->dev.driver ? "bound" : "unbound");
	rcu_read_unlock();
	return n;
}
module_param_call(fire, fire_set, fire_get, NULL, 0644);

static int linger_set(const char *val, struct kernel_param *kp)
{
	unsigned long ms = simple_strtoul(val, NULL, 10), t;

	printk(KERN_INFO "dp_dbg_test: lingering\n");
	for (t = 0; t < ms && !ACCESS_ONCE(exited); t += 10)
		msleep(10);
	/* let rmmod go on into the module loader's teardown */
	msleep(200);
	pr_debug("linger %s\n", ACCESS_ONCE(exited) ? "after exit" : "timeout");
	return 0;
}
module_param_call(linger, linger_set, NULL, NULL, 0200);

static int dp_dbg_probe(struct platform_device *p)
{
	return 0;
}

static int dp_dbg_remove(struct platform_device *p)
{
	return 0;
}

static struct platform_driver dp_dbg_driver = {
	.probe = dp_dbg_probe,
	.remove = dp_dbg_remove,
	.driver = {
		.name = DEV_NAME,
		.owner = THIS_MODULE,
	},
};

static int __init dp_dbg_init(void)
{
	struct platform_device *p;
	int ret;

	ret = platform_driver_register(&dp_dbg_driver);
	if (ret)
		return ret;
	p = platform_device_register_simple(DEV_NAME, 3, NULL, 0);
	if (IS_ERR(p)) {
		platform_driver_unregister(&dp_dbg_driver);
		return PTR_ERR(p);
	}
	rcu_assign_pointer(pdev, p);
	pr_debug("init\n");
	printk(KERN_INFO "dp_dbg_test: loaded\n");
	return 0;
}

static void __exit dp_dbg_exit(void)
{
	struct platform_device *p = pdev;

	rcu_assign_pointer(pdev, NULL);
	synchronize_rcu();		/* no "fire" uses p any more */
	platform_device_unregister(p);
	platform_driver_unregister(&dp_dbg_driver);
	printk(KERN_INFO "dp_dbg_test: unloaded\n");
	exited = 1;
}

module_init(dp_dbg_init);
module_exit(dp_dbg_exit);
MODULE_LICENSE("GPL");
