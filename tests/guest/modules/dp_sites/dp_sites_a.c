/*
 * dp_sites: a module of two objects (dp_sites_a.o, dp_sites_b.o) whose
 * debug call sites the guest tests of the per-call-site control file
 * know exactly: pr_debug() and dev_dbg() in several functions, formats
 * with bytes that must be escaped or quoted (dp_sites_b.c), a call site
 * in an inline function of a header (dp_sites.h), listed under the
 * header's path (only dp_sites_a.c calls it: one copy).  The
 * tests find the lines in the sources, which the initramfs carries in
 * /src/dp_sites.
 *
 * Parameters (/sys/module/dp_sites/parameters/):
 *	fire	writing a word runs every process-context call site once
 *		with that word as the %s: fire_set()'s pr_debug() and
 *		dev_dbg(), dp_sites_b_fire(), the inline one of this object.
 *		The device is a platform device "dp_sites_dev.5" bound to a
 *		driver of that name, so dev_dbg() prints
 *		"dp_sites_dev dp_sites_dev.5: dp_sites: ...".
 *	hirq	writing a word runs hirq_fn()'s pr_debug() and dev_dbg() once
 *		with that word, from an hrtimer callback (hard-irq context:
 *		with high resolution timers off, 2.6.27 runs an
 *		HRTIMER_CB_IRQSAFE hrtimer from the timer interrupt); the
 *		write returns when the callback has run (or fails with ETIME
 *		after 2 s).  Reading it says "hardirq" if the last callback
 *		ran in_irq(), "not hardirq" if not, "none" before the first.
 *	evals	argument evaluations of all call sites (= messages printed)
 *	last_pid  the pid of the process that last wrote "fire"
 *
 * As in dp_dbg, a parameter write may run while the exit function runs:
 * the device is used under rcu_read_lock() and the exit function clears
 * pdev and waits for a grace period before unregistering it.
 */
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/string.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/sched.h>
#include <linux/platform_device.h>
#include <linux/rcupdate.h>
#include <linux/delay.h>
#include <linux/hrtimer.h>
#include <linux/ktime.h>
#include <linux/hardirq.h>
#include "dp_sites.h"

#define DEV_NAME "dp_sites_dev"

static int evals;
module_param(evals, int, 0444);
static int last_pid;
module_param(last_pid, int, 0444);

static struct platform_device *pdev;
static struct hrtimer hirq_timer;
static int ready;		/* init has set up the device and the timer */
static char hirq_tag[32];
static int hirq_done;
static const char *hirq_ctx = "none";

const char *dp_sites_eval(const char *tag)
{
	evals++;
	return tag;
}

/* The written word without its newline, at most 31 bytes */
static void copy_tag(char *tag, size_t size, const char *val)
{
	size_t len = strcspn(val, "\n");

	if (len >= size)
		len = size - 1;
	memcpy(tag, val, len);
	tag[len] = '\0';
}

static int fire_set(const char *val, struct kernel_param *kp)
{
	struct platform_device *p;
	char tag[32];

	copy_tag(tag, sizeof(tag), val);
	last_pid = current->pid;
	/* "fire" may be given at insmod time, before the device exists */
	rcu_read_lock();
	p = rcu_dereference(pdev);
	pr_debug("fire %s\n", dp_sites_eval(tag));
	if (p)
		dev_dbg(&p->dev, "dev fire %s\n", dp_sites_eval(tag));
	rcu_read_unlock();
	dp_sites_b_fire(tag);
	dp_sites_inline(tag);
	return 0;
}
module_param_call(fire, fire_set, NULL, NULL, 0200);

static enum hrtimer_restart hirq_fn(struct hrtimer *t)
{
	struct platform_device *p;

	hirq_ctx = in_irq() ? "hardirq" : "not hardirq";
	rcu_read_lock();
	p = rcu_dereference(pdev);
	pr_debug("hirq %s\n", dp_sites_eval(hirq_tag));
	if (p)
		dev_dbg(&p->dev, "dev hirq %s\n", dp_sites_eval(hirq_tag));
	rcu_read_unlock();
	smp_wmb();
	hirq_done = 1;
	return HRTIMER_NORESTART;
}

static int hirq_set(const char *val, struct kernel_param *kp)
{
	int ms;

	if (!ready)
		return -EAGAIN;
	copy_tag(hirq_tag, sizeof(hirq_tag), val);
	hirq_done = 0;
	smp_wmb();
	hrtimer_start(&hirq_timer, ktime_set(0, 1000000), HRTIMER_MODE_REL);
	for (ms = 0; ms < 2000 && !ACCESS_ONCE(hirq_done); ms++)
		msleep(1);
	if (!ACCESS_ONCE(hirq_done)) {
		hrtimer_cancel(&hirq_timer);
		return -ETIME;
	}
	return 0;
}

static int hirq_get(char *buf, struct kernel_param *kp)
{
	return sprintf(buf, "%s", hirq_ctx);
}
module_param_call(hirq, hirq_set, hirq_get, NULL, 0644);

static int dp_sites_probe(struct platform_device *p)
{
	return 0;
}

static int dp_sites_remove(struct platform_device *p)
{
	return 0;
}

static struct platform_driver dp_sites_driver = {
	.probe = dp_sites_probe,
	.remove = dp_sites_remove,
	.driver = {
		.name = DEV_NAME,
		.owner = THIS_MODULE,
	},
};

static int __init dp_sites_init(void)
{
	struct platform_device *p;
	int ret;

	ret = platform_driver_register(&dp_sites_driver);
	if (ret)
		return ret;
	p = platform_device_register_simple(DEV_NAME, 5, NULL, 0);
	if (IS_ERR(p)) {
		platform_driver_unregister(&dp_sites_driver);
		return PTR_ERR(p);
	}
	rcu_assign_pointer(pdev, p);
	hrtimer_init(&hirq_timer, CLOCK_MONOTONIC, HRTIMER_MODE_REL);
	hirq_timer.function = hirq_fn;
	hirq_timer.cb_mode = HRTIMER_CB_IRQSAFE;
	ready = 1;
	pr_debug("init\n");
	printk(KERN_INFO "dp_sites_test: loaded\n");
	return 0;
}

static void __exit dp_sites_exit(void)
{
	struct platform_device *p = pdev;

	ready = 0;
	hrtimer_cancel(&hirq_timer);
	rcu_assign_pointer(pdev, NULL);
	synchronize_rcu();		/* no "fire" or hirq_fn() uses p any more */
	platform_device_unregister(p);
	platform_driver_unregister(&dp_sites_driver);
	pr_debug("exit\n");
	printk(KERN_INFO "dp_sites_test: unloaded\n");
}

module_init(dp_sites_init);
module_exit(dp_sites_exit);
MODULE_LICENSE("GPL");
