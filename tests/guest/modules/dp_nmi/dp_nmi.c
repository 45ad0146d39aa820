/*
 * dp_nmi: patched call sites run by an NMI handler, for kernels with
 * patched call sites (CONFIG_DYNAMIC_PRINTK_PATCH_SITES).
 *
 * A die notifier takes every NMI that no one else claims (DIE_NMI_IPI,
 * DIE_NMI: the host sends them through QEMU's monitor) and runs nmi_fn(),
 * whose 64 call sites, when they jump, count the jump instead of printing
 * (nothing may printk() from an NMI).  Toggling 'p' on them rewrites all
 * 64 in one stop_machine(), which NMIs are not stopped by.
 *
 * /sys/module/dp_nmi/parameters/:
 *	nmis	(read) NMIs taken
 *	jumps	(read) jumps of nmi_fn()'s call sites to their print code
 *	sites	(read) nmi_fn()'s call sites, 0 without patched call sites
 */
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/notifier.h>
#include <linux/kdebug.h>
#include <asm/atomic.h>

static atomic_t nmis = ATOMIC_INIT(0);
static atomic_t jumps = ATOMIC_INIT(0);

static int get_atomic(char *buf, struct kernel_param *kp)
{
	return sprintf(buf, "%d", atomic_read((atomic_t *)kp->arg));
}
module_param_call(nmis, NULL, get_atomic, &nmis, 0444);
module_param_call(jumps, NULL, get_atomic, &jumps, 0444);

#ifdef DYNAMIC_PRINTK_PATCHED

static int sites = 64;

/* A call site whose print code counts */
#define NMI_SITE()							\
	({								\
		__label__ __hit, __out;					\
		__DYNAMIC_PRINTK_DESCRIPTOR(__nmi_dd, "nmi site\n");	\
		__dynamic_printk_site(__nmi_dd, __hit);			\
		goto __out;						\
__hit: __attribute__((cold));						\
		atomic_inc(&jumps);					\
__out:									\
		0;							\
	})
#define NMI_SITES4()	NMI_SITE(); NMI_SITE(); NMI_SITE(); NMI_SITE()
#define NMI_SITES16()	NMI_SITES4(); NMI_SITES4(); NMI_SITES4(); NMI_SITES4()

static noinline void nmi_fn(void)
{
	NMI_SITES16();
	NMI_SITES16();
	NMI_SITES16();
	NMI_SITES16();
}

#else

static int sites;

static void nmi_fn(void)
{
}

#endif
module_param(sites, int, 0444);

static int dp_nmi_notify(struct notifier_block *nb, unsigned long val,
			 void *data)
{
	if (val != DIE_NMI_IPI && val != DIE_NMI)
		return NOTIFY_DONE;
	atomic_inc(&nmis);
	nmi_fn();
	return NOTIFY_STOP;
}

static struct notifier_block dp_nmi_nb = {
	.notifier_call = dp_nmi_notify,
};

static int __init dp_nmi_init(void)
{
	return register_die_notifier(&dp_nmi_nb);
}

static void __exit dp_nmi_exit(void)
{
	unregister_die_notifier(&dp_nmi_nb);
}

module_init(dp_nmi_init);
module_exit(dp_nmi_exit);
MODULE_LICENSE("GPL");
