/*
 * arch/x86/kernel/dynamic_printk.c
 *
 * Patched dynamic printk call sites on x86 (CONFIG_DYNAMIC_PRINTK_PATCH_SITES):
 * the instructions, and how they are rewritten while the kernel runs.
 * lib/dynamic_printk_sites.c decides which call sites must change and
 * calls these functions, serialized by its mutex (or, at boot, before
 * other CPUs run); nothing here knows of modules, names or commands.
 *
 * A call site is one 5-byte instruction: a NOP while its descriptor has
 * no 'p', "jmp rel32" to its print code while it has.  A batch of call
 * sites is rewritten in one stop_machine() call, so that no CPU runs (or
 * has fetched) an instruction while it changes.  Nothing in
 * stop_machine() may sleep: the pages are mapped with vmap() before it,
 * as text_poke() would, and written through that mapping within it,
 * since the kernel's own mapping of its text may be read-only.
 *
 * stop_machine() does not stop NMIs and machine checks: their handlers
 * may run a call site while it is written.  nmi_enter() and the machine
 * check handler therefore call dynamic_printk_nmi_enter(), which, while
 * call sites are being written, sees them written before the handler
 * goes on: on the writer's CPU it writes them all itself, elsewhere it
 * waits (see there).
 *
 * Written directly instead, with interrupts off: the call sites of code
 * that has not run yet (a module being registered or given its
 * parameters).  Before SMP is up, call sites are written without
 * stop_machine(), but with the NMI protocol all the same; before
 * trap_init(), with text_poke_early().
 *
 * This file is released under the GPLv2.
 */

#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/init.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/vmalloc.h>
#include <linux/stop_machine.h>
#include <linux/kprobes.h>
#include <linux/delay.h>
#include <linux/irqflags.h>
#include <linux/dynamic_printk.h>
#include <asm/atomic.h>
#include <asm/sections.h>
#include <asm/alternative.h>
#include <asm/processor.h>

#ifdef DYNAMIC_PRINTK_PATCHED

#define DP_INSN_SIZE	DYNAMIC_PRINTK_INSN_SIZE
#define DP_JMP		0xe9

/* The NOP the compiler puts (include/linux/dynamic_printk.h) */
static const unsigned char dp_cc_nop[DP_INSN_SIZE] = {
	0x66, 0x66, 0x66, 0x66, 0x90
};

/*
 * The NOP of a call site that does not print: one instruction, since a
 * task interrupted or preempted between two instructions of a NOP would
 * resume in the middle of a jump.  P6's NOPL when the alternatives chose
 * P6 NOPs for this CPU; otherwise (K8's and the generic 5-byte NOPs are
 * two instructions) the compiler's.  Chosen once, before any is written.
 */
static unsigned char dp_nop[DP_INSN_SIZE] __read_mostly = {
	0x66, 0x66, 0x66, 0x66, 0x90
};

static unsigned char *dp_code(const struct mod_debug_site *s)
{
	return (unsigned char *)dynamic_printk_site_code(s);
}

static void dp_jmp(const struct mod_debug_site *s, unsigned char *insn)
{
	unsigned long print = (unsigned long)&s->print + s->print;
	int rel = print - (dynamic_printk_site_code(s) + DP_INSN_SIZE);

	insn[0] = DP_JMP;
	memcpy(insn + 1, &rel, sizeof(rel));
}

/*
 * The instruction call site @s needs, in @insn; returns 1 if that is not
 * the one it has.
 */
static int dp_site_insn(const struct mod_debug_site *s, unsigned char *insn)
{
	if (dynamic_printk_site_desc(s)->flags & DYNAMIC_PRINTK_FL_PRINT)
		dp_jmp(s, insn);
	else
		memcpy(insn, dp_nop, DP_INSN_SIZE);
	return memcmp(dp_code(s), insn, DP_INSN_SIZE) != 0;
}

/**
 * arch_dynamic_printk_valid - is this a call site?
 * @s: a call site's entry
 *
 * Returns 1 if its instruction is what the compiler put or what this
 * file could have written: better refuse a table than write over code
 * that is not a call site.
 */
int arch_dynamic_printk_valid(const struct mod_debug_site *s)
{
	unsigned char jmp[DP_INSN_SIZE];
	const unsigned char *code = dp_code(s);

	dp_jmp(s, jmp);
	return !memcmp(code, dp_cc_nop, DP_INSN_SIZE) ||
	       !memcmp(code, dp_nop, DP_INSN_SIZE) ||
	       !memcmp(code, jmp, DP_INSN_SIZE);
}

/**
 * arch_dynamic_printk_stale - does a call site need rewriting?
 * @s: a call site's entry
 *
 * Returns 1 if its instruction is not the one its descriptor's 'p' asks
 * for (a jump with 'p', this CPU's NOP without).
 */
int arch_dynamic_printk_stale(const struct mod_debug_site *s)
{
	unsigned char insn[DP_INSN_SIZE];

	return dp_site_insn(s, insn);
}

/**
 * arch_dynamic_printk_write_quiet - rewrite call sites of code not running
 * @sites: the entries
 * @n: their number
 *
 * Writes directly whichever of them is stale: their code has not run
 * (a module being registered, or given its parameters) and none of it
 * has been freed.
 */
void arch_dynamic_printk_write_quiet(const struct mod_debug_site *sites,
				     unsigned int n)
{
	unsigned char insn[DP_INSN_SIZE];
	unsigned long flags;
	unsigned int i;

	local_irq_save(flags);
	for (i = 0; i < n; i++)
		if (dp_site_insn(&sites[i], insn))
			memcpy(dp_code(&sites[i]), insn, DP_INSN_SIZE);
	local_irq_restore(flags);
	sync_core();
}

/**
 * arch_dynamic_printk_write_early - rewrite call sites from setup_arch()
 * @sites: the entries
 * @n: their number
 *
 * Before trap_init() (no NMI handler exists yet) and before the
 * allocators: written in place with text_poke_early().
 */
void __init arch_dynamic_printk_write_early(const struct mod_debug_site *sites,
					    unsigned int n)
{
	unsigned char insn[DP_INSN_SIZE];
	unsigned int i;

	for (i = 0; i < n; i++)
		if (dp_site_insn(&sites[i], insn))
			text_poke_early(dp_code(&sites[i]), insn,
					DP_INSN_SIZE);
}

struct dp_poke {
	unsigned char *code;
	unsigned char *alias;		/* @code, mapped writable */
	unsigned char insn[DP_INSN_SIZE];
};

/* A batch: the call sites of one rewrite, and the rewrite's state */
struct dynamic_printk_pokes {
	unsigned int n, max;
	atomic_t cpus;			/* CPUs in dp_poke_all() so far */
	int done;			/* the first has written, or given up */
	int ret;			/* what it returns */
	struct dp_poke poke[];
};

/*
 * The NMI protocol.  dp_nmi_state counts the NMI and machine check
 * handlers running, has DP_WRITING set while call sites are being
 * written and DP_WRITTEN once they are.  The writer announces the write
 * (dp_nmi_cpu, dp_nmi_pokes), then sets DP_WRITING at a moment when no
 * handler runs: none that started before can be running a call site it
 * writes.  A handler that starts while DP_WRITING is set and DP_WRITTEN
 * is not runs nothing before the write is whole: on the writer's CPU,
 * where the writer cannot go on until it returns, it writes every call
 * site of the write itself, the same bytes as the writer, and sets
 * DP_WRITTEN (so that no other CPU waits on a handler that does not
 * return, as one that panics); on any other CPU (one that stop_machine()
 * holds, or an offline one, which a broadcast machine check still
 * reaches) it waits for DP_WRITTEN, which the writer, waiting for nothing
 * once it set DP_WRITING, sets soon.  So only the writer's CPU writes
 * through the mapping, and it is done before stop_machine() returns.
 * Every handler serializes before it goes on.
 */
#define DP_WRITING	(1 << 30)
#define DP_WRITTEN	(1 << 29)
/*
 * How long the writer waits for a moment when no handler runs (at least
 * so many microseconds), and how many times a write stops the machine
 * to wait so
 */
#define DP_WAIT_US	10000
#define DP_TRIES	3

/* Only through dp_state_cmpxchg(), see there */
static int dp_nmi_state;
static int dp_nmi_cpu;
static struct dynamic_printk_pokes *dp_nmi_pokes;
/*
 * Handlers that came while call sites were being written: logged after
 * each write in which there were some, which tells a test that NMIs did
 * come in the middle of writes.
 */
static atomic_t dp_nmi_wrote = ATOMIC_INIT(0);
static atomic_t dp_nmi_waited = ATOMIC_INIT(0);

/*
 * cmpxchg() on dp_nmi_state, always locked and a barrier for the
 * compiler: with one CPU online the SMP alternatives strip the lock
 * prefix of atomic_t operations and cmpxchg(), and an offline CPU may
 * still take a broadcast machine check.  (sync_cmpxchg() is locked too,
 * but its 4-byte form does not assemble on x86_64.)
 */
static __always_inline int dp_state_cmpxchg(int old, int new)
{
	int prev;

	asm volatile("lock; cmpxchgl %2, %1"
		     : "=a" (prev), "+m" (dp_nmi_state)
		     : "r" (new), "0" (old)
		     : "memory");
	return prev;
}

/* Add @i to dp_nmi_state, return the sum */
static int notrace __kprobes dp_state_add(int i)
{
	int old = ACCESS_ONCE(dp_nmi_state), prev;

	while ((prev = dp_state_cmpxchg(old, old + i)) != old)
		old = prev;
	return old + i;
}

/* Set DP_WRITTEN unless set: a handler on the writer's CPU may have */
static void notrace __kprobes dp_state_written(void)
{
	int old = ACCESS_ONCE(dp_nmi_state), prev;

	while (!(old & DP_WRITTEN) &&
	       (prev = dp_state_cmpxchg(old, old | DP_WRITTEN)) != old)
		old = prev;
}

static void notrace __kprobes
dp_write_pokes(const struct dynamic_printk_pokes *p)
{
	unsigned int i;

	for (i = 0; i < p->n; i++)
		memcpy(p->poke[i].alias, p->poke[i].insn, DP_INSN_SIZE);
}

/**
 * dynamic_printk_nmi_enter - an NMI or machine check handler starts
 *
 * Called first by nmi_enter() and by the machine check exception: if
 * call sites are being written, sees them written before the handler
 * runs one.
 */
void notrace __kprobes dynamic_printk_nmi_enter(void)
{
	int state = dp_state_add(1);

	if (likely(!(state & DP_WRITING)))
		return;
	if (!(state & DP_WRITTEN)) {
		if (ACCESS_ONCE(dp_nmi_cpu) == raw_smp_processor_id()) {
			atomic_inc(&dp_nmi_wrote);
			dp_write_pokes(ACCESS_ONCE(dp_nmi_pokes));
			/* the others go on, even if this handler panics */
			dp_state_written();
		} else {
			atomic_inc(&dp_nmi_waited);
			while ((ACCESS_ONCE(dp_nmi_state) &
				(DP_WRITING | DP_WRITTEN)) == DP_WRITING)
				cpu_relax();
		}
	}
	sync_core();
}
EXPORT_SYMBOL(dynamic_printk_nmi_enter);

/**
 * dynamic_printk_nmi_exit - an NMI or machine check handler ends
 *
 * Called last by nmi_exit() and by the machine check exception.
 */
void notrace __kprobes dynamic_printk_nmi_exit(void)
{
	dp_state_add(-1);
}
EXPORT_SYMBOL(dynamic_printk_nmi_exit);

/*
 * Set DP_WRITING at a moment when no handler runs: 0, or -EBUSY if none
 * came within DP_WAIT_US (udelay() may be traced: nothing is written
 * yet)
 */
static int notrace __kprobes dp_nmi_claim(void)
{
	unsigned int us;

	for (us = 0; us < DP_WAIT_US; us++) {
		if (!ACCESS_ONCE(dp_nmi_state) &&
		    !dp_state_cmpxchg(0, DP_WRITING))
			return 0;
		udelay(1);
	}
	return -EBUSY;
}

/*
 * Run by stop_machine() on every online CPU at once, interrupts off (or
 * called on the only CPU running, before SMP is up).  The first to come
 * writes every call site while the others wait; then each serializes
 * itself, so that none runs an instruction fetched before.  Neither
 * probed nor traced: a probe's handler would run outside the protocol.
 *
 * The writer claims the write only once every online CPU is in here:
 * before that, another CPU may still be on its way through stop_cpu(),
 * which may be probed, and a probe handler there could run a call site
 * that is being written.  stop_machine() holds CPU hotplug off, so the
 * number of online CPUs cannot change meanwhile; before SMP is up it is
 * one.
 */
static int notrace __kprobes dp_poke_all(void *data)
{
	struct dynamic_printk_pokes *p = data;

	if (atomic_inc_return(&p->cpus) == 1) {
		int cpus = num_online_cpus();

		while (atomic_read(&p->cpus) < cpus)
			cpu_relax();
		/*
		 * Read by handlers only while DP_WRITING is set alone:
		 * the locked instruction of the claim orders them
		 */
		ACCESS_ONCE(dp_nmi_cpu) = raw_smp_processor_id();
		ACCESS_ONCE(dp_nmi_pokes) = p;
		p->ret = dp_nmi_claim();
		if (!p->ret) {
			dp_write_pokes(p);
			dp_state_written();
		}
		smp_wmb();
		ACCESS_ONCE(p->done) = 1;
	} else {
		while (!ACCESS_ONCE(p->done))
			cpu_relax();
	}
	sync_core();
	return p->ret;
}

/*
 * After dp_poke_all() returned on every CPU: no handler writes any more
 * (those on the writer's CPU returned before it did)
 */
static void dp_poke_done(struct dynamic_printk_pokes *p)
{
	if (p->done && !p->ret)
		dp_state_add(-(DP_WRITING | DP_WRITTEN));
	ACCESS_ONCE(dp_nmi_pokes) = NULL;
}

static struct page *dp_code_page(unsigned long code)
{
	if (code >= (unsigned long)_text && code < (unsigned long)_end)
		return virt_to_page(code);
	return vmalloc_to_page((void *)code);	/* a module's */
}

/* Up to a page kmalloc'd, more vmalloc'd: a big kernel has many sites */
static void *dp_alloc(size_t size)
{
	return size > PAGE_SIZE ? vmalloc(size) : kmalloc(size, GFP_KERNEL);
}

static void dp_free(const void *p)
{
	if (is_vmalloc_addr(p))
		vfree(p);
	else
		kfree(p);
}

static int dp_cmp_addr(const void *a, const void *b)
{
	unsigned long x = *(const unsigned long *)a;
	unsigned long y = *(const unsigned long *)b;

	return x < y ? -1 : x > y;
}

/* The index of @addr in @v[0..@n), sorted; it is there */
static unsigned int dp_find_addr(const unsigned long *v, unsigned int n,
				 unsigned long addr)
{
	unsigned int lo = 0, hi = n - 1, mid;

	while (lo < hi) {
		mid = (lo + hi) / 2;
		if (v[mid] < addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/**
 * arch_dynamic_printk_pokes - a batch of call sites to rewrite
 * @max: how many it will hold
 *
 * Returns the batch, or NULL without memory.  Fill it with
 * arch_dynamic_printk_poke(), write it with arch_dynamic_printk_write().
 */
struct dynamic_printk_pokes *arch_dynamic_printk_pokes(unsigned int max)
{
	struct dynamic_printk_pokes *p;

	p = dp_alloc(sizeof(*p) + max * sizeof(p->poke[0]));
	if (p) {
		memset(p, 0, sizeof(*p));
		p->max = max;
	}
	return p;
}

/**
 * arch_dynamic_printk_poke - add a stale call site to a batch
 * @p: the batch, with room for it
 * @s: the call site's entry; its descriptor has the flags to write
 */
void arch_dynamic_printk_poke(struct dynamic_printk_pokes *p,
			      const struct mod_debug_site *s)
{
	struct dp_poke *k = &p->poke[p->n];

	/* More than it was made for: arch_dynamic_printk_write() refuses */
	if (WARN_ON(p->n >= p->max)) {
		p->n = p->max + 1;
		return;
	}
	dp_site_insn(s, k->insn);
	k->code = dp_code(s);
	p->n++;
}

/*
 * Map the pages of @p's call sites, each once, in address order: a site
 * that crosses a page boundary then finds its second page right after
 * its first.  Returns the mapping, or NULL.
 */
static void *dp_map_pokes(struct dynamic_printk_pokes *p)
{
	unsigned long *addr, code;
	struct page **pages;
	struct dp_poke *k;
	unsigned int i, m;
	void *area = NULL;

	addr = dp_alloc(2 * p->n * sizeof(*addr));
	pages = dp_alloc(2 * p->n * sizeof(*pages));
	if (!addr || !pages)
		goto out;
	for (i = 0; i < p->n; i++) {
		code = (unsigned long)p->poke[i].code;
		addr[2 * i] = code & PAGE_MASK;
		addr[2 * i + 1] = (code + DP_INSN_SIZE - 1) & PAGE_MASK;
	}
	sort(addr, 2 * p->n, sizeof(*addr), dp_cmp_addr, NULL);
	for (i = m = 0; i < 2 * p->n; i++)
		if (!m || addr[i] != addr[m - 1])
			addr[m++] = addr[i];
	for (i = 0; i < m; i++)
		pages[i] = dp_code_page(addr[i]);
	area = vmap(pages, m, VM_MAP, PAGE_KERNEL);
	if (!area)
		goto out;
	/*
	 * NMI handlers write through it, reading @p (vmalloc'd when
	 * large): no vmalloc fault for them
	 */
	vmalloc_sync_all();
	for (i = 0; i < p->n; i++) {
		k = &p->poke[i];
		code = (unsigned long)k->code;
		k->alias = area + (dp_find_addr(addr, m, code & PAGE_MASK) <<
				   PAGE_SHIFT) + offset_in_page(code);
	}
out:
	dp_free(pages);
	dp_free(addr);
	return area;
}

/**
 * arch_dynamic_printk_write - rewrite a batch of call sites of live code
 * @p: the batch, freed here
 * @live: other CPUs may run (else: before SMP is up, written in place)
 *
 * Every call site of the batch in one stop_machine(), with the NMI
 * protocol.  Returns 0, or with nothing written -ENOMEM (no mapping),
 * -EBUSY (NMI handlers left no pause, three times) or -EINVAL (more call
 * sites were added than the batch was made for).  May sleep.
 */
int arch_dynamic_printk_write(struct dynamic_printk_pokes *p, int live)
{
	unsigned long flags;
	unsigned int try;
	int ret = -ENOMEM, wrote, waited;
	void *area = NULL;

	if (p->n > p->max)
		ret = -EINVAL;
	else if (p->n)
		area = dp_map_pokes(p);
	if (area) {
		wrote = atomic_read(&dp_nmi_wrote);
		waited = atomic_read(&dp_nmi_waited);
		if (live) {
			/* a burst of NMIs passes: try again a jiffy later */
			for (try = 1; ; try++) {
				atomic_set(&p->cpus, 0);
				p->done = 0;
				ret = stop_machine(dp_poke_all, p,
						   &cpu_online_map);
				dp_poke_done(p);
				if (ret != -EBUSY || try == DP_TRIES)
					break;
				msleep(1);
			}
		} else {
			local_irq_save(flags);
			ret = dp_poke_all(p);
			local_irq_restore(flags);
			dp_poke_done(p);
		}
		vunmap(area);
		wrote = atomic_read(&dp_nmi_wrote) - wrote;
		waited = atomic_read(&dp_nmi_waited) - waited;
		if (wrote || waited)
			printk(KERN_DEBUG "dynamic_printk: NMI handlers came "
			       "while %u call sites were written: %d wrote "
			       "them, %d waited\n", p->n, wrote, waited);
	} else if (!p->n) {
		ret = 0;
	}
	dp_free(p);
	return ret;
}

/**
 * arch_dynamic_printk_init - before any call site is written
 *
 * Chooses the NOP for this CPU (see dp_nop).
 */
void __init arch_dynamic_printk_init(void)
{
	static const unsigned char p6_nop5[DP_INSN_SIZE] = {
		0x0f, 0x1f, 0x44, 0x00, 0x00
	};

	if (!memcmp(find_nop_table()[DP_INSN_SIZE], p6_nop5, DP_INSN_SIZE))
		memcpy(dp_nop, p6_nop5, DP_INSN_SIZE);
}

#endif /* DYNAMIC_PRINTK_PATCHED */
