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
 * QEMU's monitor sends its NMI to every CPU, through the local APIC's
 * LINT1, which Linux masks on all CPUs but the boot CPU ("only the BP
 * should see the LINT1 NMI signal"): while the module is loaded it is
 * unmasked on the others, so that the host's NMIs reach every CPU, the
 * one that writes call sites (the first online CPU) and the others.
 *
 * Whether an NMI came while call sites were being written, and so wrote
 * them itself, the handler tells from text_poke_batch()'s protocol word
 * (arch/x86/kernel/alternative.c): tp_nmi counts the NMI and machine
 * check handlers running and holds TP_WRITING while a batch is written,
 * set only at a moment when no handler runs.  So a handler that finds
 * TP_WRITING set was counted after it was set: its own entry
 * (nmi_enter()) saw it and wrote the whole batch before this notifier
 * ran.  The word is static: the test gives its address, from
 * /proc/kallsyms (CONFIG_KALLSYMS_ALL), checked here against kallsyms.
 *
 * /sys/module/dp_nmi/parameters/:
 *	nmis	(read) NMIs taken
 *	jumps	(read) jumps of nmi_fn()'s call sites to their print code
 *	sites	(read) nmi_fn()'s call sites, 0 without patched call sites
 *	tp_nmi	(given at load, read) the address of tp_nmi, 0 (default)
 *		for none: then nothing below is counted
 *	wrote_here	(read) NMIs that found TP_WRITING set on the writer's
 *		CPU (the first online CPU, which text_poke_batch() writes on)
 *	wrote_there	(read) NMIs that found it set on the other CPUs
 *	busy	(read, write) 1: the next write of call sites finds an NMI
 *		handler running on a CPU other than the writer's for as
 *		long as the writer waits, and so gives up (EBUSY); 0
 *		(default): no such thing.  Needs kprobes, a local APIC and
 *		two CPUs: without them, written to, it is refused.
 *
 * How busy works: a kretprobe on ktime_get(), when its caller is
 * text_poke_batch()'s writer and busy is 1, sends an NMI to another
 * online CPU before the writer's first look at the clock, and waits
 * (at most 2 s) until this module's notifier has taken it.  The
 * notifier then stays there until the writer has read the clock 10 ms
 * (TP_WAIT_NS) past its first reading, after which the writer, by its
 * own rule, gives up; or, if the writer never does, until 5 s have
 * passed, and the write then succeeds.  The hold ends on what the
 * writer read, not after a delay: a virtual CPU stopped by a busy host
 * for any time between the two CPUs' steps changes nothing.
 */
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/notifier.h>
#include <linux/kdebug.h>
#include <linux/kallsyms.h>
#include <linux/smp.h>
#include <linux/cpumask.h>
#include <linux/string.h>
#include <linux/percpu.h>
#include <linux/delay.h>
#include <linux/kprobes.h>
#include <asm/atomic.h>
#ifdef CONFIG_X86_LOCAL_APIC
#include <asm/apic.h>
#endif

static atomic_t nmis = ATOMIC_INIT(0);
static atomic_t jumps = ATOMIC_INIT(0);
static atomic_t wrote_here = ATOMIC_INIT(0);
static atomic_t wrote_there = ATOMIC_INIT(0);

static int get_atomic(char *buf, struct kernel_param *kp)
{
	return sprintf(buf, "%d", atomic_read((atomic_t *)kp->arg));
}
module_param_call(nmis, NULL, get_atomic, &nmis, 0444);
module_param_call(jumps, NULL, get_atomic, &jumps, 0444);
module_param_call(wrote_here, NULL, get_atomic, &wrote_here, 0444);
module_param_call(wrote_there, NULL, get_atomic, &wrote_there, 0444);

/* As arch/x86/kernel/alternative.c defines them */
#define TP_WRITING	(1 << 30)
#define TP_WAIT_NS	(10 * NSEC_PER_MSEC)

/*
 * busy: 0 off; 1 armed; 2 an NMI sent; 3 the notifier holds, the writer
 * has not read the clock yet; 4 it holds, busy_first the writer's first
 * reading; 5 the writer read TP_WAIT_NS past it: the notifier leaves.
 */
static atomic_t busy_state = ATOMIC_INIT(0);
#if defined(CONFIG_KPROBES) && defined(CONFIG_X86_LOCAL_APIC) && \
	defined(CONFIG_SMP)
#define DP_BUSY
#endif
static s64 busy_first;
#define BUSY_WAIT_STEPS	20000		/* of 100 us: for the NMI */
#define BUSY_HOLD_STEPS	50000		/* of 100 us: for the writer */

static unsigned long tp_nmi;
module_param(tp_nmi, ulong, 0444);
static const int *tp_word;	/* tp_nmi, once checked */

/* Is @addr where kallsyms puts tp_nmi? */
static int dp_is_tp_nmi(unsigned long addr)
{
#ifdef CONFIG_KALLSYMS
	char name[KSYM_SYMBOL_LEN];

	sprint_symbol(name, addr);
	return !strncmp(name, "tp_nmi+0x0/", 11);
#else
	return 0;
#endif
}

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
	/* NMIs only: x86_64's machine check is DIE_NMI too, trap 18 */
	if ((val != DIE_NMI_IPI && val != DIE_NMI) ||
	    ((struct die_args *)data)->trapnr != 2)
		return NOTIFY_DONE;
	atomic_inc(&nmis);
	if (tp_word && (ACCESS_ONCE(*tp_word) & TP_WRITING))
		atomic_inc(raw_smp_processor_id() == first_cpu(cpu_online_map) ?
			   &wrote_here : &wrote_there);
	nmi_fn();
	if (raw_smp_processor_id() != first_cpu(cpu_online_map) &&
	    atomic_cmpxchg(&busy_state, 2, 3) == 2) {
		unsigned long i;

		for (i = 0; i < BUSY_HOLD_STEPS &&
			    atomic_read(&busy_state) < 5; i++)
			udelay(100);
		atomic_set(&busy_state, 0);
	}
	return NOTIFY_STOP;
}

#ifdef CONFIG_X86_LOCAL_APIC
/* LINT1 as Linux left it on this CPU, if the module unmasked it */
static DEFINE_PER_CPU(u32, dp_lvt1);
static DEFINE_PER_CPU(int, dp_lvt1_saved);

static void dp_unmask_lint1(void *unused)
{
	u32 v;

	if (smp_processor_id() == first_cpu(cpu_online_map))
		return;
	v = apic_read(APIC_LVT1);
	if (GET_APIC_DELIVERY_MODE(v) != APIC_MODE_NMI ||
	    !(v & APIC_LVT_MASKED))
		return;
	__get_cpu_var(dp_lvt1) = v;
	__get_cpu_var(dp_lvt1_saved) = 1;
	apic_write(APIC_LVT1, v & ~APIC_LVT_MASKED);
}

static void dp_restore_lint1(void *unused)
{
	if (__get_cpu_var(dp_lvt1_saved)) {
		apic_write(APIC_LVT1, __get_cpu_var(dp_lvt1));
		__get_cpu_var(dp_lvt1_saved) = 0;
	}
}
#endif

#ifdef DP_BUSY
/* Is @addr in text_poke_batch()'s writer? */
static int dp_in_writer(unsigned long addr)
{
	char name[KSYM_SYMBOL_LEN];

	sprint_symbol(name, addr);
	return !strncmp(name, "tp_write_live+", 14) ||
	       !strncmp(name, "tp_stopped+", 11);
}

/* Send an NMI to @cpu, through the local APIC */
static void dp_send_nmi(int cpu)
{
	unsigned long i;

	for (i = 0; i < 1000 && (apic_read(APIC_ICR) & APIC_ICR_BUSY); i++)
		udelay(100);
	apic_write(APIC_ICR2,
		   SET_APIC_DEST_FIELD(per_cpu(x86_cpu_to_apicid, cpu)));
	apic_write(APIC_ICR, APIC_DEST_PHYSICAL | APIC_DM_NMI);
}

/* At the entry of ktime_get(): the writer's first call sends the NMI */
static int dp_clock_entry(struct kretprobe_instance *ri, struct pt_regs *regs)
{
#ifdef CONFIG_X86_64
	unsigned long *sp = (unsigned long *)regs->sp;
#else
	/* i386 saves no stack pointer for a trap in the kernel */
	unsigned long *sp = (unsigned long *)&regs->sp;
#endif
	unsigned long i;
	int cpu;

	/* *sp: the return address, not yet replaced by the kretprobe's */
	if (atomic_read(&busy_state) != 1 || !dp_in_writer(*sp) ||
	    atomic_cmpxchg(&busy_state, 1, 2) != 1)
		return 0;	/* in 2.6.27, nonzero unlocks rp->lock twice */
	cpu = first_cpu(cpu_online_map);
	cpu = next_cpu(cpu, cpu_online_map);
	if (cpu < NR_CPUS)
		dp_send_nmi(cpu);
	for (i = 0; i < BUSY_WAIT_STEPS && atomic_read(&busy_state) == 2; i++)
		udelay(100);
	atomic_cmpxchg(&busy_state, 2, 0);	/* no NMI came */
	return 0;
}

/* At its return: what the writer read */
static int dp_clock_ret(struct kretprobe_instance *ri, struct pt_regs *regs)
{
#ifdef CONFIG_X86_64
	s64 now = regs->ax;
#else
	/* ktime_t comes back in edx:eax (-freg-struct-return) */
	s64 now = ((u64)regs->dx << 32) | (u32)regs->ax;
#endif
	int state = atomic_read(&busy_state);

	if ((state != 3 && state != 4) ||
	    !dp_in_writer((unsigned long)ri->ret_addr))
		return 0;
	if (state == 3) {
		busy_first = now;
		atomic_set(&busy_state, 4);
	} else if (now > busy_first + TP_WAIT_NS) {
		atomic_set(&busy_state, 5);
	}
	return 0;
}

static struct kretprobe dp_clock_rp = {
	.kp.symbol_name = "ktime_get",
	.entry_handler = dp_clock_entry,
	.handler = dp_clock_ret,
	.maxactive = 32,
};
static int dp_clock_rp_on;

static int set_busy(const char *val, struct kernel_param *kp)
{
	if (!dp_clock_rp_on || num_online_cpus() < 2)
		return -ENOSYS;
	atomic_set(&busy_state, simple_strtoul(val, NULL, 0) ? 1 : 0);
	return 0;
}
#else
static int set_busy(const char *val, struct kernel_param *kp)
{
	return -ENOSYS;
}
#endif

static int get_busy(char *buf, struct kernel_param *kp)
{
	return sprintf(buf, "%d", atomic_read(&busy_state) != 0);
}
module_param_call(busy, set_busy, get_busy, NULL, 0644);

static struct notifier_block dp_nmi_nb = {
	.notifier_call = dp_nmi_notify,
};

static int __init dp_nmi_init(void)
{
	int ret;

	if (tp_nmi) {
		if (!dp_is_tp_nmi(tp_nmi)) {
			printk(KERN_ERR "dp_nmi: %#lx is not tp_nmi\n", tp_nmi);
			return -EINVAL;
		}
		tp_word = (const int *)tp_nmi;
	}
	ret = register_die_notifier(&dp_nmi_nb);
#ifdef DP_BUSY
	if (!ret)
		dp_clock_rp_on = cpu_has_apic &&
				 register_kretprobe(&dp_clock_rp) == 0;
#endif
#ifdef CONFIG_X86_LOCAL_APIC
	if (!ret && cpu_has_apic)
		on_each_cpu(dp_unmask_lint1, NULL, 1);
#endif
	return ret;
}

static void __exit dp_nmi_exit(void)
{
#ifdef CONFIG_X86_LOCAL_APIC
	if (cpu_has_apic)
		on_each_cpu(dp_restore_lint1, NULL, 1);
#endif
	unregister_die_notifier(&dp_nmi_nb);
#ifdef DP_BUSY
	if (dp_clock_rp_on)
		unregister_kretprobe(&dp_clock_rp);
#endif
}

module_init(dp_nmi_init);
module_exit(dp_nmi_exit);
MODULE_LICENSE("GPL");
