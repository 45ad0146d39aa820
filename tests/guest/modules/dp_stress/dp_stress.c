/*
 * dp_stress: pr_debug() call sites that run all the time, from a timer
 * (softirq context, every jiffy), from an hrtimer on every CPU (hard-irq
 * context: with high resolution timers off, 2.6.27 runs hrtimers that are
 * not HRTIMER_CB_SOFTIRQ from the timer interrupt, every tick) and from a
 * kernel thread (process context, a burst every millisecond or so), while
 * a test toggles the module on and off through the control file.
 *
 * Counters in /sys/module/dp_stress/parameters/:
 *	timer_evals, hirq_evals, thread_evals
 *		argument evaluations (= messages printed)
 *	timer_runs, hirq_runs, thread_runs
 *		how often each call site was reached
 *	hirq_not_irq	hrtimer runs that were not in hard-irq context
 *	hirq_cpus	bit n set: an hrtimer ran in hard irq on CPU n
 */
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/timer.h>
#include <linux/hrtimer.h>
#include <linux/ktime.h>
#include <linux/hardirq.h>
#include <linux/jiffies.h>
#include <linux/kthread.h>
#include <linux/delay.h>
#include <linux/sched.h>
#include <linux/err.h>
#include <linux/percpu.h>
#include <linux/smp.h>
#include <linux/bitops.h>

static unsigned long timer_evals, thread_evals, timer_runs, thread_runs;
module_param(timer_evals, ulong, 0444);
module_param(thread_evals, ulong, 0444);
module_param(timer_runs, ulong, 0444);
module_param(thread_runs, ulong, 0444);
static unsigned long hirq_evals, hirq_runs, hirq_not_irq;
module_param(hirq_evals, ulong, 0444);
module_param(hirq_runs, ulong, 0444);
module_param(hirq_not_irq, ulong, 0444);
static unsigned long hirq_cpus;
module_param(hirq_cpus, ulong, 0444);

static struct timer_list dp_timer;
/* One per CPU, started there: a restarted hrtimer stays on its CPU */
static DEFINE_PER_CPU(struct hrtimer, dp_hrtimer);
static unsigned long hrtimer_started;	/* bit n: CPU n's was started */
static struct task_struct *dp_thread;
static int stopping;

static void dp_timer_fn(unsigned long data)
{
	timer_runs++;
	pr_debug("timer %lu\n", ++timer_evals);
	if (!stopping)
		mod_timer(&dp_timer, jiffies + 1);
}

static enum hrtimer_restart dp_hrtimer_fn(struct hrtimer *t)
{
	hirq_runs++;
	if (!in_irq())
		hirq_not_irq++;
	else if (smp_processor_id() < BITS_PER_LONG)
		set_bit(smp_processor_id(), &hirq_cpus);
	pr_debug("hirq %lu\n", ++hirq_evals);
	if (stopping)
		return HRTIMER_NORESTART;
	hrtimer_forward_now(t, ktime_set(0, 1000000));
	return HRTIMER_RESTART;
}

static int dp_thread_fn(void *unused)
{
	int i;

	while (!kthread_should_stop()) {
		for (i = 0; i < 4; i++) {
			thread_runs++;
			pr_debug("thread %lu\n", ++thread_evals);
		}
		msleep(1);
	}
	return 0;
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

static int __init dp_stress_init(void)
{
	setup_timer(&dp_timer, dp_timer_fn, 0);
	dp_thread = kthread_run(dp_thread_fn, NULL, "dp_stress");
	if (IS_ERR(dp_thread))
		return PTR_ERR(dp_thread);
	mod_timer(&dp_timer, jiffies + 1);
	on_each_cpu(dp_hrtimer_start, NULL, 1);
	return 0;
}

static void __exit dp_stress_exit(void)
{
	int cpu;

	stopping = 1;
	del_timer_sync(&dp_timer);
	for (cpu = 0; cpu < BITS_PER_LONG; cpu++)
		if (test_bit(cpu, &hrtimer_started))
			hrtimer_cancel(&per_cpu(dp_hrtimer, cpu));
	kthread_stop(dp_thread);
	printk(KERN_INFO "dp_stress_test: stopped timer_runs=%lu "
	       "hirq_runs=%lu thread_runs=%lu\n",
	       timer_runs, hirq_runs, thread_runs);
}

module_init(dp_stress_init);
module_exit(dp_stress_exit);
MODULE_LICENSE("GPL");
