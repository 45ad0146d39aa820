/*
 * dp_patch: call sites whose instructions a test can read, for kernels
 * with patched call sites (CONFIG_DYNAMIC_PRINTK_PATCH_SITES).
 *
 * /sys/module/dp_patch/parameters/:
 *	sites	(read) one line per entry of the module's __verbose_sites
 *		whose code is still there: "<function> <line> <kind> <bytes>",
 *		kind "nop" (a single-instruction 5-byte NOP), "jmp" (a jump
 *		to the entry's own print code) or "bad"; nothing when the
 *		kernel has no patched call sites
 *	fire	(write) run one_fn() and two_fn() once; both run inl_fn(),
 *		a static inline: one descriptor, two call sites
 *	kprobe	(read) register_kprobe() at a call site's first byte, at
 *		its third, and at the entry of fire_set(): "<r1> <r2> <r3>"
 *		(0: accepted, then unregistered), or "none" without kprobes
 *	stress	(write) N > 0: start a kernel thread on every online CPU
 *		running loop_fn() in a tight loop (50 times a millisecond),
 *		a timer and an hrtimer in hard irq on every CPU; 0 stops them
 *	epoch	(read, write) the number that loop_fn()'s message carries,
 *		read when the message is made
 *	evals	argument evaluations of loop_fn()'s call site
 *	runs	calls of loop_fn()
 *	hirq_cpus	bit n: loop_fn() ran on CPU n in hard irq
 */
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/string.h>
#include <linux/timer.h>
#include <linux/hrtimer.h>
#include <linux/ktime.h>
#include <linux/hardirq.h>
#include <linux/kthread.h>
#include <linux/sched.h>
#include <linux/delay.h>
#include <linux/err.h>
#include <linux/percpu.h>
#include <linux/cpumask.h>
#include <linux/bitops.h>
#include <linux/kprobes.h>

static int epoch;
module_param(epoch, int, 0644);
static atomic_t evals = ATOMIC_INIT(0);
static atomic_t runs = ATOMIC_INIT(0);
static unsigned long hirq_cpus;
module_param(hirq_cpus, ulong, 0444);

static int dp_patch_eval(void)
{
	atomic_inc(&evals);
	return ACCESS_ONCE(epoch);
}

static int get_evals(char *buf, struct kernel_param *kp)
{
	return sprintf(buf, "%d", atomic_read(&evals));
}
module_param_call(evals, NULL, get_evals, NULL, 0444);

static int get_runs(char *buf, struct kernel_param *kp)
{
	return sprintf(buf, "%d", atomic_read(&runs));
}
module_param_call(runs, NULL, get_runs, NULL, 0444);

static __always_inline void inl_fn(const char *who)
{
	pr_debug("inline from %s\n", who);
}

static noinline void one_fn(void)
{
	pr_debug("one\n");
	inl_fn("one");
}

static noinline void two_fn(void)
{
	pr_debug("two\n");
	inl_fn("two");
}

static noinline void loop_fn(const char *ctx)
{
	atomic_inc(&runs);
	pr_debug("loop %s e%d\n", ctx, dp_patch_eval());
}

static int fire_set(const char *val, struct kernel_param *kp)
{
	one_fn();
	two_fn();
	return 0;
}
module_param_call(fire, fire_set, NULL, NULL, 0200);

#ifdef CONFIG_DYNAMIC_PRINTK_DEBUG
static void *dp_rel(const int *field)
{
	return (void *)((unsigned long)field + *field);
}

static int dp_in_core(unsigned char *code)
{
	unsigned char *core = THIS_MODULE->module_core;

	return code >= core && code < core + THIS_MODULE->core_text_size;
}

static const char *dp_kind(const struct mod_debug_site *s)
{
	static const unsigned char nops[2][5] = {
		{ 0x66, 0x66, 0x66, 0x66, 0x90 },	/* the compiler's */
		{ 0x0f, 0x1f, 0x44, 0x00, 0x00 },	/* P6 NOPL */
	};
	unsigned char *code = dp_rel(&s->code);
	unsigned char *print = dp_rel(&s->print);
	int rel;

	if (!memcmp(code, nops[0], 5) || !memcmp(code, nops[1], 5))
		return "nop";
	memcpy(&rel, code + 1, 4);
	if (code[0] == 0xe9 && code + 5 + rel == print)
		return "jmp";
	return "bad";
}

static int get_sites(char *buf, struct kernel_param *kp)
{
	struct mod_debug_site *s = THIS_MODULE->verbose_sites;
	unsigned int i;
	int len = 0;

	for (i = 0; i < THIS_MODULE->num_verbose_sites; i++, s++) {
		unsigned char *code = dp_rel(&s->code);
		struct mod_debug *dd = dp_rel(&s->desc);

		if (!dp_in_core(code) || len > PAGE_SIZE - 128)
			continue;
		len += sprintf(buf + len, "%s %u %s %02x %02x %02x %02x %02x\n",
			       dd->function, dd->lineno, dp_kind(s), code[0],
			       code[1], code[2], code[3], code[4]);
	}
	return len;
}
#else
static int get_sites(char *buf, struct kernel_param *kp)
{
	return 0;
}
#endif
module_param_call(sites, NULL, get_sites, NULL, 0444);

#if defined(CONFIG_KPROBES) && defined(CONFIG_DYNAMIC_PRINTK_DEBUG)
static int dp_probe(void *addr)
{
	struct kprobe kp = { .addr = addr };
	int ret = register_kprobe(&kp);

	if (!ret)
		unregister_kprobe(&kp);
	return ret;
}

/* A call site of code that is still there: the init code is freed */
static int get_kprobe_test(char *buf, struct kernel_param *kp)
{
	unsigned char *code;
	unsigned int i;

	for (i = 0; i < THIS_MODULE->num_verbose_sites; i++) {
		code = dp_rel(&THIS_MODULE->verbose_sites[i].code);
		if (dp_in_core(code))
			return sprintf(buf, "%d %d %d", dp_probe(code),
				       dp_probe(code + 2),
				       dp_probe((void *)fire_set));
	}
	return sprintf(buf, "nosites");
}
#else
static int get_kprobe_test(char *buf, struct kernel_param *kp)
{
	return sprintf(buf, "none");
}
#endif
module_param_call(kprobe, NULL, get_kprobe_test, NULL, 0444);

/* ---- stress ---- */
static struct task_struct *threads[NR_CPUS];
static struct timer_list dp_timer;
static DEFINE_PER_CPU(struct hrtimer, dp_hrtimer);
static unsigned long hrtimer_started;
static int stopping, running;

static int dp_thread_fn(void *unused)
{
	int i;

	while (!kthread_should_stop()) {
		/*
		 * Not preemptible from the call site to the print code's
		 * test of 'p': no stop_machine() can come between, so a
		 * message's epoch is one of a moment its site jumped.
		 */
		for (i = 0; i < 50; i++) {
			preempt_disable();
			loop_fn("thread");
			preempt_enable();
		}
		msleep(1);
	}
	return 0;
}

static void dp_timer_fn(unsigned long data)
{
	loop_fn("timer");
	if (!stopping)
		mod_timer(&dp_timer, jiffies + 1);
}

static enum hrtimer_restart dp_hrtimer_fn(struct hrtimer *t)
{
	if (in_irq() && smp_processor_id() < BITS_PER_LONG)
		set_bit(smp_processor_id(), &hirq_cpus);
	loop_fn(in_irq() ? "hirq" : "nohirq");
	if (stopping)
		return HRTIMER_NORESTART;
	hrtimer_forward_now(t, ktime_set(0, 1000000));
	return HRTIMER_RESTART;
}

static void dp_hrtimer_start(void *unused)
{
	struct hrtimer *t = &__get_cpu_var(dp_hrtimer);

	if (smp_processor_id() >= BITS_PER_LONG)
		return;
	hrtimer_init(t, CLOCK_MONOTONIC, HRTIMER_MODE_REL);
	t->function = dp_hrtimer_fn;
	t->cb_mode = HRTIMER_CB_IRQSAFE;
	hrtimer_start(t, ktime_set(0, 1000000), HRTIMER_MODE_REL);
	set_bit(smp_processor_id(), &hrtimer_started);
}

static void dp_stop(void)
{
	int cpu;

	if (!running)
		return;
	stopping = 1;
	del_timer_sync(&dp_timer);
	for (cpu = 0; cpu < BITS_PER_LONG; cpu++)
		if (test_and_clear_bit(cpu, &hrtimer_started))
			hrtimer_cancel(&per_cpu(dp_hrtimer, cpu));
	for_each_possible_cpu(cpu)
		if (threads[cpu]) {
			kthread_stop(threads[cpu]);
			threads[cpu] = NULL;
		}
	running = 0;
}

static int stress_set(const char *val, struct kernel_param *kp)
{
	int cpu;

	if (val[0] == '0') {
		dp_stop();
		return 0;
	}
	if (running)
		return -EBUSY;
	running = 1;
	stopping = 0;
	for_each_online_cpu(cpu) {
		threads[cpu] = kthread_create(dp_thread_fn, NULL, "dp_patch/%d",
					      cpu);
		if (IS_ERR(threads[cpu])) {
			threads[cpu] = NULL;
			continue;
		}
		kthread_bind(threads[cpu], cpu);
		wake_up_process(threads[cpu]);
	}
	setup_timer(&dp_timer, dp_timer_fn, 0);
	mod_timer(&dp_timer, jiffies + 1);
	on_each_cpu(dp_hrtimer_start, NULL, 1);
	return 0;
}
module_param_call(stress, stress_set, NULL, NULL, 0200);

static int __init dp_patch_init(void)
{
	pr_debug("init e%d\n", epoch);
	return 0;
}

static void __exit dp_patch_exit(void)
{
	dp_stop();
	pr_debug("exit\n");
}

module_init(dp_patch_init);
module_exit(dp_patch_exit);
MODULE_LICENSE("GPL");
