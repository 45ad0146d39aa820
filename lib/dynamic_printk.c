/*
 * lib/dynamic_printk.c
 *
 * Switch the pr_debug() and dev_dbg() call sites of the kernel on and off
 * at run time: per module through <debugfs>/dynamic_printk/modules, per
 * call site through <debugfs>/dynamic_printk/control.  See
 * Documentation/dynamic-printk.txt for the interface.
 *
 * Every call site has a struct mod_debug in the "__verbose" section, with
 * its own flags; it prints when it has DYNAMIC_PRINTK_FL_PRINT ('p').  The
 * descriptors of vmlinux are registered before the first initcall, those
 * of a module when it is loaded: each registration is a table, and the
 * tables are listed in registration order for the control file.  There is
 * one entry per distinct module name, linked into two tables of 64 chains:
 * one indexed by the djb2 hash of the name, one by its r5 hash.  An entry
 * counts its call sites that have 'p'; the buckets of the entries that
 * have any are published in two masks that call sites test inline before
 * their own flag, so that a silent call site costs two bit tests.
 *
 * With CONFIG_DYNAMIC_PRINTK_PATCH_SITES a call site is a 5-byte NOP
 * instead, rewritten into a jump to its print code while it has 'p' (see
 * "patching call sites" below); the masks are kept all the same.
 *
 * Readers (the control files) walk the tables and chains under
 * rcu_read_lock() only; call sites read their own flag and the masks
 * without any lock.  Writers (registration, unregistration, control
 * writes) are serialized by dp_mutex.  What a reader may still see is
 * freed after a grace period.
 *
 * This file is released under the GPLv2.
 */

#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/init.h>
#include <linux/err.h>
#include <linux/string.h>
#include <linux/ctype.h>
#include <linux/list.h>
#include <linux/slab.h>
#include <linux/mutex.h>
#include <linux/rcupdate.h>
#include <linux/rculist.h>
#include <linux/sched.h>
#include <linux/hardirq.h>
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/seq_file.h>
#include <linux/debugfs.h>
#include <linux/proc_fs.h>
#include <linux/moduleparam.h>
#include <linux/uaccess.h>
#include <linux/dynamic_printk.h>
#include <asm/page.h>
#include <asm/system.h>
#ifdef DYNAMIC_PRINTK_PATCHED
#include <linux/mm.h>
#include <linux/sort.h>
#include <linux/vmalloc.h>
#include <linux/stop_machine.h>
#include <linux/kprobes.h>
#include <linux/delay.h>
#include <asm/sections.h>
#include <asm/alternative.h>
#include <asm/processor.h>
#endif

#define DP_HASH_SIZE		DYNAMIC_PRINTK_HASH_SIZE
#define DP_HASH_MASK		(DP_HASH_SIZE - 1)

#define DP_FL_PRINT		DYNAMIC_PRINTK_FL_PRINT

/* One entry per distinct module name; the name is copied. */
struct dp_name {
	struct hlist_node hlist;	/* in dp_djb2[hash] */
	struct hlist_node hlist2;	/* in dp_r5[hash2] */
	struct list_head runs;		/* its struct dp_run's */
	unsigned int nr_print;		/* call sites with 'p' */
	unsigned int djb2;		/* whole djb2 hash of name */
	unsigned char hash;		/* djb2 bucket of name */
	unsigned char hash2;		/* r5 bucket of name */
	char name[];
};

/* Adjacent descriptors of one registration with the same module name */
struct dp_run {
	struct list_head list;		/* in name->runs */
	struct dp_name *name;
	struct dp_table *table;
	struct mod_debug *start;
	unsigned int n;
};

/*
 * One registration: vmlinux or a module.  A module's descriptors all have
 * its name, so it has one run; vmlinux has one per object, roughly.
 */
struct dp_table {
	struct list_head list;		/* in dp_tables */
	struct mod_debug *start;
	unsigned int n;
	unsigned int id;		/* registration number, from 1 */
	struct mod_debug_site *sites;	/* its patched call sites, if any */
	unsigned int nr_sites;
	int dirty;			/* a 'p' changed: sites to rewrite? */
	unsigned long gone, gone_end;	/* code freed: never written again */
	unsigned int nr_runs;
	struct dp_run runs[];
};

/*
 * What the kernel command line asks for a module name whenever it is
 * registered: 'p' for its call sites ("dynamic_printk=<name>,...": a
 * wish, forgotten on "set enabled=0 <name>" or "set enabled=0 all"), or
 * commands ("<name>.dyndbg=<commands>").
 */
struct dp_boot {
	struct list_head list;
	unsigned int djb2;
	const char *cmds;		/* NULL for a wish */
	char name[];
};

static LIST_HEAD(dp_tables);		/* RCU; writers hold dp_mutex */
static struct hlist_head dp_djb2[DP_HASH_SIZE];	/* RCU, as dp_tables */
static struct hlist_head dp_r5[DP_HASH_SIZE];
static LIST_HEAD(dp_boot_list);		/* dp_mutex */
static unsigned int dp_table_id;	/* dp_mutex */
static DEFINE_MUTEX(dp_mutex);

/*
 * 'all' mode: every call site has 'p', new ones start with it and both
 * masks are ~0, so that built-in call sites print from early boot on.
 * Written under dp_mutex (or before SMP is up), read locklessly.
 */
static int all_mode __read_mostly;

/*
 * The masks the entries need, kept exact under dp_mutex: the buckets of
 * entries whose nr_print crossed zero are marked dirty and recomputed from
 * their chains by dp_update_masks().
 */
static unsigned long long dp_need, dp_need2, dp_dirty, dp_dirty2;

/*
 * Bit b is set when a call site with 'p' (or 'all' mode) has djb2 bucket
 * b, in dynamic_printk_enabled, or r5 bucket b, in dynamic_printk_enabled2.
 */
unsigned long long dynamic_printk_enabled __read_mostly;
EXPORT_SYMBOL(dynamic_printk_enabled);
unsigned long long dynamic_printk_enabled2 __read_mostly;
EXPORT_SYMBOL(dynamic_printk_enabled2);

static char *boot_list __initdata;	/* "dynamic_printk=<list>" */
static char *boot_dyndbg __initdata;	/* "dyndbg=<commands>" */

/*
 * The same functions as scripts/basic/hash, which gives DEBUG_HASH(2) as
 * their low six bits.  The whole djb2 value is kept in each entry, so that
 * a lookup compares integers, not strings, for the other names of a chain.
 */
static unsigned int dp_djb2_hash(const char *str)
{
	const unsigned char *s = (const unsigned char *)str;
	unsigned int hash = 5381;

	while (*s)
		hash = hash * 33 + *s++;
	return hash;
}

static unsigned int dp_r5_hash(const char *str)
{
	const unsigned char *s = (const unsigned char *)str;
	unsigned int hash = 0;

	while (*s) {
		hash = (hash + (*s << 4) + (*s >> 4)) * 11;
		s++;
	}
	return hash & DP_HASH_MASK;
}

/* A call site's source file, stored after its module name */
static const char *dp_file(const struct mod_debug *dd)
{
	return dd->modname + strlen(dd->modname) + 1;
}

/* Look a name up in its own djb2 chain.  dp_mutex or rcu_read_lock(). */
static struct dp_name *dp_find(const char *name, unsigned int djb2)
{
	struct dp_name *e;
	struct hlist_node *node;

	hlist_for_each_entry_rcu(e, node, &dp_djb2[djb2 & DP_HASH_MASK], hlist)
		if (e->djb2 == djb2 && !strcmp(e->name, name))
			return e;
	return NULL;
}

static struct dp_boot *dp_find_boot(const char *name, unsigned int djb2,
				    int wish)
{
	struct dp_boot *b;

	list_for_each_entry(b, &dp_boot_list, list)
		if (b->djb2 == djb2 && (b->cmds == NULL) == wish &&
		    !strcmp(b->name, name))
			return b;
	return NULL;
}

/* A call site gains (+1) or loses (-1) 'p'.  dp_mutex held. */
static void dp_count(struct dp_name *e, int delta)
{
	if (!e->nr_print != !(e->nr_print + delta)) {
		dp_dirty |= 1ULL << e->hash;
		dp_dirty2 |= 1ULL << e->hash2;
	}
	e->nr_print += delta;
}

/*
 * The undo log.  A change of flags is all or nothing: a control write, a
 * boot or module parameter, or a registration whose call sites cannot be
 * rewritten (no memory, NMI handlers without a pause) puts back the flags
 * it changed, and with them 'all' mode, the counts and the masks.  While
 * a change is under way (dp_begin() to dp_commit()), dp_set_flags()
 * records each call site's old flags here; a call site it cannot record
 * (no memory for the log) keeps its flags and fails the change.  Nothing
 * is written to a call site before the change is whole, and a rewrite
 * that fails has written nothing, so the instructions need no undoing.
 * dp_mutex held throughout.
 */
struct dp_undo_rec {
	struct dp_run *run;
	struct mod_debug *dd;
	unsigned char flags;
};

struct dp_undo_page {
	struct dp_undo_page *next;
	unsigned int n;
	struct dp_undo_rec rec[];
};

#define DP_UNDO_RECS	((PAGE_SIZE - sizeof(struct dp_undo_page)) / \
			 sizeof(struct dp_undo_rec))

/*
 * In a descriptor's type (which nothing reads at run time): its old flags
 * are in the log of the change under way.  Each call site is logged once
 * per change, so the log is bounded by the call sites, not by the
 * commands of a batch.
 */
#define DP_TYPE_NOTED	0x80

static struct {
	struct dp_undo_page *page;	/* the newest first */
	int active;
	int nomem;			/* a record was lost: fail */
	int all_mode;			/* before the change */
} dp_undo;

static int dp_undo_record(struct dp_run *run, struct mod_debug *dd)
{
	struct dp_undo_page *pg = dp_undo.page;
	struct dp_undo_rec *rec;

	if (dd->type & DP_TYPE_NOTED)
		return 1;
	if (dp_undo.nomem)
		return 0;
	if (!pg || pg->n == DP_UNDO_RECS) {
		pg = kmalloc(PAGE_SIZE, GFP_KERNEL);
		if (!pg) {
			dp_undo.nomem = 1;
			return 0;
		}
		pg->n = 0;
		pg->next = dp_undo.page;
		dp_undo.page = pg;
	}
	rec = &pg->rec[pg->n++];
	rec->run = run;
	rec->dd = dd;
	rec->flags = dd->flags;
	dd->type |= DP_TYPE_NOTED;
	return 1;
}

/*
 * Give a call site of @run new flags; returns 1 if they changed, 0 if
 * they were the same or could not be noted in the undo log (then they
 * stay, and the change fails).  A change of 'p' leaves its table dirty:
 * dp_publish() rewrites its patched call sites.  dp_mutex held.
 */
static int dp_set_flags(struct dp_run *run, struct mod_debug *dd,
			unsigned int flags)
{
	if (dd->flags == flags)
		return 0;
	if (dp_undo.active && !dp_undo_record(run, dd))
		return 0;
	if ((dd->flags ^ flags) & DP_FL_PRINT) {
		dp_count(run->name, flags & DP_FL_PRINT ? 1 : -1);
		run->table->dirty = 1;
	}
	ACCESS_ONCE(dd->flags) = flags;
	return 1;
}

/* Recompute the bit of one dirty bucket of one table of chains */
static int dp_bucket_needed(struct hlist_head *head, int second)
{
	struct dp_name *e;
	struct hlist_node *node;

	if (second) {
		hlist_for_each_entry(e, node, head, hlist2)
			if (e->nr_print)
				return 1;
	} else {
		hlist_for_each_entry(e, node, head, hlist)
			if (e->nr_print)
				return 1;
	}
	return 0;
}

/* The registered table of @start, or NULL.  dp_mutex held. */
static struct dp_table *dp_find_table(struct mod_debug *start)
{
	struct dp_table *t;

	list_for_each_entry(t, &dp_tables, list)
		if (t->start == start)
			return t;
	return NULL;
}

/* ---- patching call sites ------------------------------------------------ */

#ifdef DYNAMIC_PRINTK_PATCHED

/*
 * A patched call site (CONFIG_DYNAMIC_PRINTK_PATCH_SITES) is one 5-byte
 * instruction: a NOP while its descriptor has no 'p', "jmp rel32" to its
 * print code while it has.  Every change of 'p' leaves the table dirty;
 * dp_publish() then brings the instructions of the dirty tables in line
 * with their flags, all of them in one stop_machine() call, so that no
 * CPU runs (or has fetched) an instruction while it changes.  Nothing in
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
 * Written directly instead, with interrupts off: the call sites of a
 * module being registered (or given its parameters), whose code has not
 * run yet.  Before dynamic_printk_init() returns, while one CPU runs,
 * call sites are written without stop_machine(), but with the NMI
 * protocol all the same.
 *
 * A site's flags change before its instruction: for the moment between,
 * a site that lost 'p' may still jump to its print code, which therefore
 * tests 'p' once more (dp_vprintk()).
 */
#define DP_INSN_SIZE	5
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

/* Set when dynamic_printk_init() returns: other CPUs may run code */
static int dp_live;

/* An entry's fields are offsets from themselves */
static void *dp_rel(const int *field)
{
	return (void *)((unsigned long)field + *field);
}

static unsigned char *dp_code(const struct mod_debug_site *s)
{
	return dp_rel(&s->code);
}

static unsigned char *dp_print_code(const struct mod_debug_site *s)
{
	return dp_rel(&s->print);
}

static struct mod_debug *dp_site_desc(const struct mod_debug_site *s)
{
	return dp_rel(&s->desc);
}

static void dp_jmp(const struct mod_debug_site *s, unsigned char *insn)
{
	int rel = dp_print_code(s) - (dp_code(s) + DP_INSN_SIZE);

	insn[0] = DP_JMP;
	memcpy(insn + 1, &rel, sizeof(rel));
}

/*
 * The instruction call site @s needs, in @insn; returns 1 if that is not
 * the one it has.  Call sites whose code is freed are left alone.
 */
static int dp_site_insn(const struct dp_table *t,
			const struct mod_debug_site *s, unsigned char *insn)
{
	unsigned long code = (unsigned long)dp_code(s);

	if (t && code >= t->gone && code < t->gone_end)
		return 0;
	if (dp_site_desc(s)->flags & DP_FL_PRINT)
		dp_jmp(s, insn);
	else
		memcpy(insn, dp_nop, DP_INSN_SIZE);
	return memcmp((void *)code, insn, DP_INSN_SIZE) != 0;
}

/* Write the call sites of @t directly.  Its code must not be running. */
static void dp_write_table(struct dp_table *t)
{
	unsigned char insn[DP_INSN_SIZE];
	unsigned long flags;
	unsigned int i;

	local_irq_save(flags);
	for (i = 0; i < t->nr_sites; i++)
		if (dp_site_insn(t, &t->sites[i], insn))
			memcpy(dp_code(&t->sites[i]), insn, DP_INSN_SIZE);
	local_irq_restore(flags);
	sync_core();
}

/* For messages: vmlinux's first descriptor has a module name of its own */
static const char *dp_table_name(const struct mod_debug *start)
{
	return start == __start___verbose ? "vmlinux" : start->modname;
}

/*
 * Are these call sites what the compiler put, or what this file wrote,
 * each with a descriptor of its own table, @start[0..@n)?
 */
static int dp_check_sites(const struct mod_debug *start, unsigned long n,
			  const struct mod_debug_site *sites,
			  unsigned long nr_sites)
{
	unsigned char jmp[DP_INSN_SIZE];
	const struct mod_debug *desc;
	unsigned long i;

	for (i = 0; i < nr_sites; i++) {
		const unsigned char *code = dp_code(&sites[i]);

		desc = dp_site_desc(&sites[i]);
		if (desc < start || desc >= start + n ||
		    ((unsigned long)desc - (unsigned long)start) %
		    sizeof(*desc)) {
			printk(KERN_ERR "dynamic_printk: %s: call site entry "
			       "%lu has no descriptor of its own\n",
			       dp_table_name(start), i);
			return 0;
		}
		dp_jmp(&sites[i], jmp);
		if (memcmp(code, dp_cc_nop, DP_INSN_SIZE) &&
		    memcmp(code, dp_nop, DP_INSN_SIZE) &&
		    memcmp(code, jmp, DP_INSN_SIZE)) {
			printk(KERN_ERR "dynamic_printk: %s: %p is not a call "
			       "site\n", dp_table_name(start), code);
			return 0;
		}
	}
	return 1;
}

struct dp_poke {
	unsigned char *code;
	unsigned char *alias;		/* @code, mapped writable */
	unsigned char insn[DP_INSN_SIZE];
};

struct dp_pokes {
	struct dp_poke *poke;
	unsigned int n;
	atomic_t cpus;			/* CPUs in dp_poke_all() so far */
	int done;			/* the first has written, or given up */
	int ret;			/* what it returns */
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
static struct dp_pokes *dp_nmi_pokes;
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

static void notrace __kprobes dp_write_pokes(const struct dp_pokes *p)
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
	struct dp_pokes *p = data;

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
static void dp_poke_done(struct dp_pokes *p)
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

static void dp_free(void *p)
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

/*
 * Fill @p with the live call sites to rewrite (all but @quiet's; @p->poke
 * has room for @n) and map the pages they are on, each once, in address
 * order: a site that crosses a page boundary then finds its second page
 * right after its first.  Returns the mapping, or NULL.
 */
static void *dp_map_pokes(struct dp_pokes *p, unsigned int n,
			  struct dp_table *quiet)
{
	unsigned char insn[DP_INSN_SIZE];
	unsigned long *addr, code;
	struct page **pages;
	struct dp_table *t;
	struct dp_poke *k;
	unsigned int i, m;
	void *area = NULL;

	addr = dp_alloc(2 * n * sizeof(*addr));
	pages = dp_alloc(2 * n * sizeof(*pages));
	if (!addr || !pages)
		goto out;
	p->n = 0;
	list_for_each_entry(t, &dp_tables, list) {
		if (!t->dirty || t == quiet)
			continue;
		for (i = 0; i < t->nr_sites; i++) {
			if (!dp_site_insn(t, &t->sites[i], insn))
				continue;
			k = &p->poke[p->n];
			memcpy(k->insn, insn, DP_INSN_SIZE);
			k->code = dp_code(&t->sites[i]);
			code = (unsigned long)k->code;
			addr[2 * p->n] = code & PAGE_MASK;
			addr[2 * p->n + 1] = (code + DP_INSN_SIZE - 1) &
					     PAGE_MASK;
			p->n++;
		}
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
	 * NMI handlers write through it, reading @p->poke (vmalloc'd when
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

/*
 * Rewrite the call sites of the dirty tables that do not match their
 * flags: those of live code in one stop_machine() (or in place before
 * SMP is up), then directly those of @quiet (a table whose code has not
 * run).  dp_mutex held.  Fails (-ENOMEM, -EBUSY) with nothing written
 * and the tables left dirty: dp_commit() then puts the flags back as
 * they were.
 */
static int dp_patch(struct dp_table *quiet)
{
	unsigned char insn[DP_INSN_SIZE];
	struct dp_pokes p = { .cpus = ATOMIC_INIT(0) };
	struct dp_table *t;
	unsigned int i, n = 0, try;
	unsigned long flags;
	void *area = NULL;
	int ret = 0, wrote, waited;

	list_for_each_entry(t, &dp_tables, list) {
		if (!t->dirty || t == quiet)
			continue;
		for (i = 0; i < t->nr_sites; i++)
			n += dp_site_insn(t, &t->sites[i], insn);
	}
	if (n) {
		ret = -ENOMEM;
		p.poke = dp_alloc(n * sizeof(*p.poke));
		if (p.poke)
			area = dp_map_pokes(&p, n, quiet);
	}
	if (area) {
		wrote = atomic_read(&dp_nmi_wrote);
		waited = atomic_read(&dp_nmi_waited);
		if (dp_live) {
			/* a burst of NMIs passes: try again a jiffy later */
			for (try = 1; ; try++) {
				ret = stop_machine(dp_poke_all, &p,
						   &cpu_online_map);
				dp_poke_done(&p);
				if (ret != -EBUSY || try == DP_TRIES)
					break;
				atomic_set(&p.cpus, 0);
				p.done = 0;
				msleep(1);
			}
		} else {
			local_irq_save(flags);
			ret = dp_poke_all(&p);
			local_irq_restore(flags);
			dp_poke_done(&p);
		}
		vunmap(area);
		wrote = atomic_read(&dp_nmi_wrote) - wrote;
		waited = atomic_read(&dp_nmi_waited) - waited;
		if (wrote || waited)
			printk(KERN_DEBUG "dynamic_printk: NMI handlers came "
			       "while %u call sites were written: %d wrote "
			       "them, %d waited\n", n, wrote, waited);
	}
	dp_free(p.poke);
	if (ret) {
		printk(KERN_ERR "dynamic_printk: cannot rewrite %u call "
		       "sites: %d\n", n, ret);
		return ret;
	}
	if (quiet && quiet->dirty)
		dp_write_table(quiet);
	list_for_each_entry(t, &dp_tables, list)
		t->dirty = 0;
	return 0;
}

/* Before anything is written: the NOP for this CPU (see dp_nop) */
static void __init dp_choose_nop(void)
{
	static const unsigned char p6_nop5[DP_INSN_SIZE] = {
		0x0f, 0x1f, 0x44, 0x00, 0x00
	};

	if (!memcmp(find_nop_table()[DP_INSN_SIZE], p6_nop5, DP_INSN_SIZE))
		memcpy(dp_nop, p6_nop5, DP_INSN_SIZE);
}

/*
 * 'all' mode from the boot word: every call site of vmlinux jumps.  From
 * setup_arch(), before trap_init() (no NMI handler exists yet) and before
 * the allocators: written in place.  If the call sites are not
 * what they should be, nothing is written (and registration fails).
 */
static void __init dp_all_sites_on(void)
{
	struct mod_debug_site *s;
	unsigned char insn[DP_INSN_SIZE];

	if (!dp_check_sites(__start___verbose,
			    __stop___verbose - __start___verbose,
			    __start___verbose_sites,
			    __stop___verbose_sites - __start___verbose_sites))
		return;
	for (s = __start___verbose_sites; s < __stop___verbose_sites; s++)
		if (dp_site_insn(NULL, s, insn))
			text_poke_early(dp_code(s), insn, DP_INSN_SIZE);
}

/**
 * dynamic_printk_free_init - forget the call sites of code being freed
 * @start: the first descriptor of a registered table
 * @begin: start of the code
 * @end: its end
 *
 * Call sites of @start's table in [@begin, @end) are never written again.
 * Called before init code is freed: that of vmlinux, or a module's once
 * its init returned.
 */
void dynamic_printk_free_init(struct mod_debug *start, unsigned long begin,
			      unsigned long end)
{
	struct dp_table *t;

	mutex_lock(&dp_mutex);
	t = dp_find_table(start);
	if (t) {
		t->gone = begin;
		t->gone_end = end;
	}
	mutex_unlock(&dp_mutex);
}

/**
 * dynamic_printk_free_initmem - forget the call sites of vmlinux's init code
 *
 * Called by init/main.c before it frees the init sections.
 */
void dynamic_printk_free_initmem(void)
{
	dynamic_printk_free_init(__start___verbose,
				 (unsigned long)__init_begin,
				 (unsigned long)__init_end);
}

/**
 * dynamic_printk_text_reserved - is an address within a call site?
 * @addr: a code address
 *
 * Call sites are rewritten whole at any time: kprobes may not put a
 * breakpoint in one.  Returns 1 if @addr is within the instruction of a
 * registered call site whose code has not been freed.  A linear search:
 * kprobes are rarely registered.  May sleep.
 */
int dynamic_printk_text_reserved(unsigned long addr)
{
	struct dp_table *t;
	unsigned long code;
	unsigned int i;
	int ret = 0;

	mutex_lock(&dp_mutex);
	list_for_each_entry(t, &dp_tables, list)
		for (i = 0; i < t->nr_sites && !ret; i++) {
			code = (unsigned long)dp_code(&t->sites[i]);
			if (code >= t->gone && code < t->gone_end)
				continue;
			ret = addr >= code && addr < code + DP_INSN_SIZE;
		}
	mutex_unlock(&dp_mutex);
	return ret;
}

#else /* !DYNAMIC_PRINTK_PATCHED */

/* Call sites test the masks and their flags: nothing to write */
static inline int dp_patch(struct dp_table *quiet)
{
	return 0;
}

/* Patched call sites cannot be written by this build */
static inline int dp_check_sites(const struct mod_debug *start,
				 unsigned long n,
				 const struct mod_debug_site *sites,
				 unsigned long nr_sites)
{
	printk(KERN_ERR "dynamic_printk: %s: patched call sites\n",
	       start->modname);
	return 0;
}

#endif /* DYNAMIC_PRINTK_PATCHED */

/*
 * Bring the masks up to date after changes of flags, entries or 'all'
 * mode.  dp_mutex held.  The barrier orders the stores to the flags of
 * call sites before the mask bits that make call sites look at them.  On
 * 32-bit machines a call site may see a half-updated mask; that costs at
 * most a message missed while it changes.
 */
static void dp_update_masks(void)
{
	int b;

	for (b = 0; b < DP_HASH_SIZE; b++) {
		if ((dp_dirty >> b) & 1) {
			dp_need &= ~(1ULL << b);
			if (dp_bucket_needed(&dp_djb2[b], 0))
				dp_need |= 1ULL << b;
		}
		if ((dp_dirty2 >> b) & 1) {
			dp_need2 &= ~(1ULL << b);
			if (dp_bucket_needed(&dp_r5[b], 1))
				dp_need2 |= 1ULL << b;
		}
	}
	dp_dirty = dp_dirty2 = 0;
	smp_wmb();
	dynamic_printk_enabled = all_mode ? ~0ULL : dp_need;
	dynamic_printk_enabled2 = all_mode ? ~0ULL : dp_need2;
}

/*
 * The masks, then the patched call sites (returns what dp_patch() does;
 * the code of @quiet, if not NULL, has not run yet).  dp_mutex held.
 */
static int dp_publish(struct dp_table *quiet)
{
	dp_update_masks();
	return dp_patch(quiet);
}

/*
 * A change of flags starts: record what it changes.  No table is dirty
 * then (a change ends rewriting or undoing all of them), but a new one
 * registered within the change: dp_commit() counts on it.  dp_mutex held.
 */
static void dp_begin(void)
{
	dp_undo.active = 1;
	dp_undo.nomem = 0;
	dp_undo.all_mode = all_mode;
}

/*
 * A change of flags ends: publish it, as dp_publish(@quiet) does, or put
 * back what it changed if that fails or the log lost a record.  Returns
 * 0, -ENOMEM or what dp_patch() returned.  dp_mutex held.
 */
static int dp_commit(struct dp_table *quiet)
{
	struct dp_undo_page *pg, *next;
	struct dp_table *t;
	unsigned int i;
	int ret = -ENOMEM;

	if (!dp_undo.nomem)
		ret = dp_publish(quiet);
	dp_undo.active = 0;
	if (ret) {
		for (pg = dp_undo.page; pg; pg = pg->next)
			for (i = pg->n; i-- > 0; )
				dp_set_flags(pg->rec[i].run, pg->rec[i].dd,
					     pg->rec[i].flags);
		all_mode = dp_undo.all_mode;
		dp_update_masks();
		/*
		 * Nothing was written: every call site matches its flags
		 * again (with the compiler's NOP or this CPU's, both one
		 * instruction), and no later change need rewrite any of it
		 */
		list_for_each_entry(t, &dp_tables, list)
			t->dirty = 0;
	}
	for (pg = dp_undo.page; pg; pg = next) {
		next = pg->next;
		for (i = 0; i < pg->n; i++)
			pg->rec[i].dd->type &= ~DP_TYPE_NOTED;
		kfree(pg);
	}
	dp_undo.page = NULL;
	return ret;
}

static struct dp_name *dp_new_name(const char *name, unsigned int djb2)
{
	size_t len = strlen(name);
	struct dp_name *e = kzalloc(sizeof(*e) + len + 1, GFP_KERNEL);

	if (!e)
		return NULL;
	memcpy(e->name, name, len + 1);
	INIT_LIST_HEAD(&e->runs);
	e->djb2 = djb2;
	e->hash = djb2 & DP_HASH_MASK;
	e->hash2 = dp_r5_hash(name);
	hlist_add_head_rcu(&e->hlist, &dp_djb2[e->hash]);
	hlist_add_head_rcu(&e->hlist2, &dp_r5[e->hash2]);
	return e;
}

/*
 * Take a run out of its entry; an entry left without runs is unlinked and
 * put on @dead, to be freed after a grace period.  dp_mutex held.
 */
static void dp_drop_run(struct dp_run *run, struct list_head *dead)
{
	struct dp_name *e = run->name;
	unsigned int i;

	for (i = 0; i < run->n; i++)
		if (run->start[i].flags & DP_FL_PRINT)
			dp_count(e, -1);
	list_del(&run->list);
	if (list_empty(&e->runs)) {
		hlist_del_rcu(&e->hlist);
		hlist_del_rcu(&e->hlist2);
		list_add(&e->runs, dead);
	}
}

/* Free the entries dp_drop_run() unlinked, a grace period after */
static void dp_free_dead(struct list_head *dead)
{
	struct list_head *p, *tmp;

	list_for_each_safe(p, tmp, dead)
		kfree(list_entry(p, struct dp_name, runs));
}

static int dp_same_name(const struct mod_debug *a, const struct mod_debug *b)
{
	return a->modname == b->modname || !strcmp(a->modname, b->modname);
}

/* ---- commands ----------------------------------------------------------- */

/*
 * A write is a batch of commands, separated by ';' or newlines, parsed
 * into a list before any is applied.  The modules file takes
 *	set enabled=<0|1> <name>	(the original interface)
 *	<name> enabled=<0|1>		(a line of the file, to restore it)
 * the control file
 *	[file|func|module|format|line <value>]... <+|-|=><flags>
 *	<file>:<line> [<module>]<function> =<flags> "<format>"
 * where the second form is a line of the file, setting that call site's
 * flags exactly.
 */
enum dp_kind { DP_SET, DP_QUERY };

struct dp_cmd {
	struct list_head list;
	enum dp_kind kind;
	const char *text;		/* as written, for the log */
	int len;
	char *module;			/* NULL: any; '-' read as '_' */
	const char *file, *func, *format;	/* NULL: any */
	unsigned int first, last;	/* line range */
	int exact;			/* a read line: exact matches */
	char op;			/* '+', '-', '=' */
	unsigned char flags;
	unsigned int changed;		/* call sites it changed */
};

#define DP_MAX_WORDS	12	/* five match-specs and a flags-spec, or less */
#define DP_QUOTE_MAX	64	/* most of a command quoted in the log */

static const char dp_flag_chars[] = "pmflt";
static const unsigned char dp_flag_bits[] = {
	DYNAMIC_PRINTK_FL_PRINT, DYNAMIC_PRINTK_FL_MODULE,
	DYNAMIC_PRINTK_FL_FUNC, DYNAMIC_PRINTK_FL_LINE, DYNAMIC_PRINTK_FL_TID,
};

static int dp_is_blank(char c)
{
	return c == ' ' || c == '\t';
}

/* Where the tokenizer is: the batch as written, and the decoded words */
struct dp_cursor {
	const char *pos, *end;
	const char *line;		/* start of the current line */
	char *out;			/* decoded words, NUL-terminated */
};

/* One backslash escape at *s (after the backslash) into *c */
static int dp_escape(const char **s, const char *end, char *c)
{
	const char *p = *s;
	int v = 0, i;

	if (p == end)
		return -EINVAL;
	switch (*p) {
	case 'n':
		*c = '\n';
		break;
	case 't':
		*c = '\t';
		break;
	case '\\': case '"': case '\'':
		*c = *p;
		break;
	default:
		for (i = 0; i < 3; i++) {
			if (p + i == end || p[i] < '0' || p[i] > '7')
				return -EINVAL;
			v = v * 8 + p[i] - '0';
		}
		if (!v || v > 255)
			return -EINVAL;
		*c = v;
		*s = p + 3;
		return 0;
	}
	*s = p + 1;
	return 0;
}

/*
 * Split the next command of the batch into words, quotes and escapes
 * decoded.  Returns the number of words, 0 when the batch is done, or
 * -EINVAL for an unterminated quote, a bad escape or too many words; the
 * command's text is then still all of it, to its end, for the log.
 */
static int dp_next_command(struct dp_cursor *cur, char *word[],
			   const char **text, int *len)
{
	const char *s = cur->pos, *last = NULL;
	int n = 0, err = 0;
	char q;

	*text = NULL;
	while (s < cur->end) {
		char c = *s;

		if (c == ';' || c == '\n') {
			s++;
			if (c == '\n')
				cur->line = s;
			if (n)
				break;
			continue;
		}
		if (dp_is_blank(c)) {
			s++;
			continue;
		}
		if (c == '#' && (s == cur->line || dp_is_blank(s[-1]) ||
				  s[-1] == ';')) {
			while (s < cur->end && *s != '\n')
				s++;
			continue;
		}
		/* A word, possibly with quoted parts */
		if (!*text)
			*text = s;
		if (n == DP_MAX_WORDS)
			err = -EINVAL;
		else
			word[n++] = cur->out;
		q = 0;
		while (s < cur->end) {
			c = *s;
			if (!q && (dp_is_blank(c) || c == ';' || c == '\n'))
				break;
			if (q && c == '\n')
				break;
			s++;
			if (c == q) {
				q = 0;
				continue;
			}
			if (!q && (c == '"' || c == '\'')) {
				q = c;
				continue;
			}
			if (c == '\\' && dp_escape(&s, cur->end, &c))
				err = -EINVAL;
			*cur->out++ = c;
		}
		*cur->out++ = '\0';
		last = s;
		if (q)
			err = -EINVAL;
	}
	cur->pos = s;
	if (*text)
		*len = last - *text;
	return err ? err : n;
}

static int dp_has_wildcard(const char *s)
{
	return strpbrk(s, "*?") != NULL;
}

/* Glob match: '*' any run of characters, '?' one character */
static int dp_match(const char *pat, const char *str)
{
	const char *star = NULL, *retry = NULL;

	while (*str) {
		if (*pat == '*') {
			star = ++pat;
			retry = str;
		} else if (*pat == '?' || *pat == *str) {
			pat++;
			str++;
		} else if (star) {
			pat = star;
			str = ++retry;
		} else {
			return 0;
		}
	}
	while (*pat == '*')
		pat++;
	return !*pat;
}

static void dp_underscores(char *s)
{
	for (; *s; s++)
		if (*s == '-')
			*s = '_';
}

/* "<n>", "<n>-<m>", "-<m>", "<n>-": a line range */
static int dp_parse_uint(const char **s, unsigned int *v)
{
	unsigned long long x = 0;
	const char *p = *s;

	if (!isdigit(*p))
		return -EINVAL;
	while (isdigit(*p)) {
		x = x * 10 + *p++ - '0';
		if (x > UINT_MAX)
			return -EINVAL;
	}
	*v = x;
	*s = p;
	return 0;
}

static int dp_parse_lines(const char *s, struct dp_cmd *cmd)
{
	cmd->first = 0;
	cmd->last = UINT_MAX;
	if (!strcmp(s, "-"))
		return -EINVAL;
	if (*s != '-' && dp_parse_uint(&s, &cmd->first))
		return -EINVAL;
	if (!*s) {
		cmd->last = cmd->first;
		return 0;
	}
	if (*s++ != '-')
		return -EINVAL;
	if (*s && dp_parse_uint(&s, &cmd->last))
		return -EINVAL;
	if (*s || cmd->first > cmd->last)
		return -EINVAL;
	return 0;
}

/* "+p", "-fl", "=_", ...: the operator and the flags */
static int dp_parse_flags(const char *s, struct dp_cmd *cmd)
{
	const char *c;

	if (*s != '+' && *s != '-' && *s != '=')
		return -EINVAL;
	cmd->op = *s++;
	cmd->flags = 0;
	if (!*s)
		return -EINVAL;
	for (; *s; s++) {
		if (*s == '_')
			continue;
		c = strchr(dp_flag_chars, *s);
		if (!c)
			return -EINVAL;
		cmd->flags |= dp_flag_bits[c - dp_flag_chars];
	}
	return 0;
}

/*
 * A line of the control file: "<file>:<line>", "[<module>]<function>",
 * "=<flags>", "<format>".  Sets exactly that call site's flags.
 */
static int dp_parse_site(char *word[], int n, struct dp_cmd *cmd)
{
	char *colon, *bracket;
	const char *s;

	if (n != 4 || word[1][0] != '[' || word[2][0] != '=')
		return -EINVAL;
	colon = strrchr(word[0], ':');
	bracket = strchr(word[1], ']');
	if (!colon || colon == word[0] || !bracket ||
	    bracket == word[1] + 1 || !bracket[1])
		return -EINVAL;
	s = colon + 1;
	if (dp_parse_uint(&s, &cmd->first) || *s)
		return -EINVAL;
	cmd->last = cmd->first;
	*colon = '\0';
	*bracket = '\0';
	cmd->file = word[0];
	cmd->module = word[1] + 1;
	cmd->func = bracket + 1;
	cmd->format = word[3];
	cmd->exact = 1;
	return dp_parse_flags(word[2], cmd);
}

/* A command of the control file, words already split */
static int dp_parse_query(char *word[], int n, struct dp_cmd *cmd)
{
	static const char * const keys[] = {
		"file", "func", "module", "format", "line"
	};
	unsigned int seen = 0;
	int i, k;

	cmd->kind = DP_QUERY;
	cmd->first = 0;
	cmd->last = UINT_MAX;
	for (i = 0; i < n - 1; i += 2) {
		for (k = 0; k < ARRAY_SIZE(keys); k++)
			if (!strcmp(word[i], keys[k]))
				break;
		if (k == ARRAY_SIZE(keys))
			return i ? -EINVAL : dp_parse_site(word, n, cmd);
		if ((seen & (1 << k)) || i + 1 == n - 1)
			return -EINVAL;
		seen |= 1 << k;
		switch (k) {
		case 0:
			cmd->file = word[i + 1];
			break;
		case 1:
			cmd->func = word[i + 1];
			break;
		case 2:
			cmd->module = word[i + 1];
			break;
		case 3:
			cmd->format = word[i + 1];
			break;
		default:
			if (dp_parse_lines(word[i + 1], cmd))
				return -EINVAL;
		}
	}
	if (i != n - 1)
		return -EINVAL;
	return dp_parse_flags(word[n - 1], cmd);
}

/* "enabled=0" or "enabled=1", exactly */
static int dp_parse_setting(const char *word, struct dp_cmd *cmd)
{
	if (strncmp(word, "enabled=", 8) || (word[8] != '0' &&
					      word[8] != '1') || word[9])
		return -EINVAL;
	cmd->op = word[8] == '1' ? '+' : '-';
	cmd->flags = DP_FL_PRINT;
	return 0;
}

/* A command of the modules file, words already split */
static int dp_parse_set(char *word[], int n, struct dp_cmd *cmd)
{
	cmd->kind = DP_SET;
	if (n == 3 && !strcmp(word[0], "set") &&
	    !dp_parse_setting(word[1], cmd))
		cmd->module = word[2];
	else if (n == 2 && !dp_parse_setting(word[1], cmd))
		cmd->module = word[0];
	else
		return -EINVAL;
	return 0;
}

static int dp_check_set(const struct dp_cmd *cmd);

/*
 * Room for the words of @count bytes decoded: no word grows, each gets a
 * NUL, and two words are at least two bytes apart.
 */
#define DP_DECODED_MAX(count)	((count) + (count) / 2 + 1)

static void dp_free_cmds(struct list_head *cmds)
{
	struct dp_cmd *cmd, *tmp;

	list_for_each_entry_safe(cmd, tmp, cmds, list)
		kfree(cmd);
}

static void dp_log_invalid(const char *text, int len)
{
	printk(KERN_DEBUG "dynamic_printk: invalid command \"%.*s\"\n",
	       min(len, DP_QUOTE_MAX), text);
}

/*
 * Parse a batch of @count bytes at @buf into @cmds; @out has room for
 * DP_DECODED_MAX(@count) bytes.  A set command must also name what
 * is there (dp_check_set()), checked in the same pass, so that the bad
 * command logged is the first one written, whatever is wrong with it.
 * Returns 0, or -EINVAL after logging the bad command, or -ENOMEM; on
 * error @cmds is empty.  dp_mutex held.
 */
static int dp_parse_batch(const char *buf, size_t count, char *out,
			  enum dp_kind kind, struct list_head *cmds)
{
	struct dp_cursor cur = { buf, buf + count, buf, out };
	char *word[DP_MAX_WORDS];
	struct dp_cmd *cmd;
	const char *text;
	int n, len = 0;

	while ((n = dp_next_command(&cur, word, &text, &len))) {
		cmd = n < 0 ? NULL : kzalloc(sizeof(*cmd), GFP_KERNEL);
		if (n > 0 && !cmd) {
			dp_free_cmds(cmds);
			INIT_LIST_HEAD(cmds);
			return -ENOMEM;
		}
		if (n > 0 && !(kind == DP_SET ? dp_parse_set(word, n, cmd) :
			       dp_parse_query(word, n, cmd))) {
			if (cmd->module)
				dp_underscores(cmd->module);
			if (kind != DP_SET || !dp_check_set(cmd)) {
				cmd->text = text;
				cmd->len = len;
				list_add_tail(&cmd->list, cmds);
				continue;
			}
		}
		kfree(cmd);
		dp_free_cmds(cmds);
		INIT_LIST_HEAD(cmds);
		dp_log_invalid(text, len);
		return -EINVAL;
	}
	return 0;
}

/* Does the call site match the command's match-specs (not the module)? */
static int dp_site_matches(const struct dp_cmd *cmd,
			   const struct mod_debug *dd)
{
	const char *file, *base;

	if (dd->lineno < cmd->first || dd->lineno > cmd->last)
		return 0;
	if (cmd->exact)
		return !strcmp(dp_file(dd), cmd->file) &&
		       !strcmp(dd->function, cmd->func) &&
		       !strcmp(dd->format, cmd->format);
	if (cmd->func && !dp_match(cmd->func, dd->function))
		return 0;
	if (cmd->format && !strstr(dd->format, cmd->format))
		return 0;
	if (cmd->file) {
		file = dp_file(dd);
		base = strrchr(file, '/');
		if (!dp_match(cmd->file, file) &&
		    !(base && dp_match(cmd->file, base + 1)))
			return 0;
	}
	return 1;
}

static unsigned int dp_new_flags(const struct dp_cmd *cmd,
				 unsigned int flags)
{
	switch (cmd->op) {
	case '+':
		return flags | cmd->flags;
	case '-':
		return flags & ~cmd->flags;
	default:
		return cmd->flags;
	}
}

static unsigned int dp_apply_run(const struct dp_cmd *cmd,
				 struct dp_run *run)
{
	unsigned int i, changed = 0;

	for (i = 0; i < run->n; i++) {
		struct mod_debug *dd = &run->start[i];

		if (dp_site_matches(cmd, dd))
			changed += dp_set_flags(run, dd,
						dp_new_flags(cmd, dd->flags));
	}
	return changed;
}

/*
 * Apply a command to the call sites of a table, or only to those of
 * @name.  dp_mutex held; the caller commits the change.  Returns the
 * number of call sites changed.
 */
static unsigned int dp_apply_table(const struct dp_cmd *cmd,
				   struct dp_table *t, struct dp_name *name)
{
	unsigned int i, changed = 0;
	struct dp_run *run;

	for (i = 0; i < t->nr_runs; i++) {
		run = &t->runs[i];
		if (name && run->name != name)
			continue;
		if (!cmd->module || dp_match(cmd->module, run->name->name))
			changed += dp_apply_run(cmd, run);
	}
	return changed;
}

/*
 * Apply a command to every call site it matches.  A module name without
 * wildcards, or the module of a line of the file (exact, whatever it
 * holds), is looked up: its call sites are reached through its entry,
 * whatever the number of others.
 */
static unsigned int dp_apply(const struct dp_cmd *cmd)
{
	struct dp_table *t;
	struct dp_run *run;
	struct dp_name *e;
	unsigned int changed = 0;

	if (cmd->module && (cmd->exact || !dp_has_wildcard(cmd->module))) {
		e = dp_find(cmd->module, dp_djb2_hash(cmd->module));
		if (e)
			list_for_each_entry(run, &e->runs, list)
				changed += dp_apply_run(cmd, run);
		return changed;
	}
	list_for_each_entry(t, &dp_tables, list)
		changed += dp_apply_table(cmd, t, NULL);
	return changed;
}

static void dp_log_applied(const struct dp_cmd *cmd, unsigned int changed)
{
	printk(KERN_DEBUG "dynamic_printk: \"%.*s\" changed %u call sites\n",
	       min(cmd->len, DP_QUOTE_MAX), cmd->text, changed);
}

/*
 * Parse a batch of commands and apply it, within the caller's change, to
 * the call sites of table @t (only to those of @name, if not NULL); with
 * no table, only check it.  The commands applied are moved to @done, to
 * be logged by dp_log_done() once the change holds: only their text
 * (in @cmds, which must last until then) and count are kept.  dp_mutex
 * held.  Returns 0, -EINVAL or -ENOMEM, with nothing applied.
 */
static int dp_run_commands(const char *cmds, struct dp_table *t,
			   struct dp_name *name, struct list_head *done)
{
	size_t count = strlen(cmds);
	struct dp_cmd *cmd, *tmp;
	LIST_HEAD(list);
	char *out;
	int ret;

	out = kmalloc(DP_DECODED_MAX(count), GFP_KERNEL);
	if (!out)
		return -ENOMEM;
	ret = dp_parse_batch(cmds, count, out, DP_QUERY, &list);
	if (t && !ret)
		list_for_each_entry_safe(cmd, tmp, &list, list) {
			cmd->changed = dp_apply_table(cmd, t, name);
			cmd->module = NULL;	/* in @out */
			cmd->file = cmd->func = cmd->format = NULL;
			list_del(&cmd->list);
			list_add_tail(&cmd->list, done);
		}
	dp_free_cmds(&list);
	kfree(out);
	return ret;
}

/* Log the commands of a change that holds, and free them */
static void dp_log_done(struct list_head *done)
{
	struct dp_cmd *cmd;

	list_for_each_entry(cmd, done, list)
		dp_log_applied(cmd, cmd->changed);
	dp_free_cmds(done);
	INIT_LIST_HEAD(done);
}

/*
 * Run a batch of commands on the call sites of table @t as a change of
 * its own (see dp_run_commands()), logged if it holds.  @quiet is @t
 * when its code has not run yet.  dp_mutex held.  Returns 0, -EINVAL,
 * or -ENOMEM or -EBUSY with nothing changed.
 */
static int dp_change_commands(const char *cmds, struct dp_table *t,
			      struct dp_table *quiet)
{
	LIST_HEAD(done);
	int ret, err;

	dp_begin();
	ret = dp_run_commands(cmds, t, NULL, &done);
	err = dp_commit(quiet);
	if (!ret)
		ret = err;
	if (!ret)
		dp_log_done(&done);
	dp_free_cmds(&done);
	return ret;
}

/* ---- the modules file's commands ---------------------------------------- */

/* Give or take 'p' from every call site of a run.  dp_mutex held. */
static void dp_run_print(struct dp_run *run, int on)
{
	unsigned int i;

	for (i = 0; i < run->n; i++) {
		struct mod_debug *dd = &run->start[i];

		dp_set_flags(run, dd, on ? dd->flags | DP_FL_PRINT :
			     dd->flags & ~DP_FL_PRINT);
	}
}

/* The same for every call site of an entry */
static void dp_name_print(struct dp_name *e, int on)
{
	struct dp_run *run;

	list_for_each_entry(run, &e->runs, list)
		dp_run_print(run, on);
}

static int dp_is_all(const struct dp_cmd *cmd)
{
	return !strcmp(cmd->module, "all");
}

/*
 * May a set command be applied?  "all", a registered name, or a name the
 * boot list wishes for (only to forget the wish).  dp_mutex held.
 */
static int dp_check_set(const struct dp_cmd *cmd)
{
	unsigned int djb2 = dp_djb2_hash(cmd->module);

	if (dp_is_all(cmd) || dp_find(cmd->module, djb2))
		return 0;
	if (cmd->op == '-' && dp_find_boot(cmd->module, djb2, 1))
		return 0;
	return -EINVAL;
}

static void dp_drop_wishes(const char *name)
{
	struct dp_boot *b, *tmp;

	list_for_each_entry_safe(b, tmp, &dp_boot_list, list)
		if (!b->cmds && (!name || !strcmp(b->name, name))) {
			list_del(&b->list);
			kfree(b);
		}
}

/*
 * Apply a set command that dp_check_set() accepted, within a change.
 * dp_mutex held.
 */
static void dp_apply_set(const struct dp_cmd *cmd)
{
	int on = cmd->op == '+';
	struct dp_name *e;
	int b;

	if (dp_is_all(cmd)) {
		all_mode = on;
		for (b = 0; b < DP_HASH_SIZE; b++) {
			struct hlist_node *node;

			hlist_for_each_entry(e, node, &dp_djb2[b], hlist)
				dp_name_print(e, on);
		}
	} else {
		e = dp_find(cmd->module, dp_djb2_hash(cmd->module));
		if (e)
			dp_name_print(e, on);
	}
}

/*
 * Once the change holds: a set command that switched off also forgets
 * the boot list's wish, and is logged.  dp_mutex held.
 */
static void dp_set_done(const struct dp_cmd *cmd)
{
	int on = cmd->op == '+';

	if (!on)
		dp_drop_wishes(dp_is_all(cmd) ? NULL : cmd->module);
	printk(KERN_DEBUG "dynamic_printk: %s enabled=%d\n", cmd->module, on);
}

/* ---- registration ------------------------------------------------------- */

/* Does the boot list wish for the name of run @i of @t (its first)? */
static int dp_wished(struct dp_table *t, unsigned int i)
{
	struct dp_name *e = t->runs[i].name;
	unsigned int j;

	for (j = 0; j < i && t->runs[j].name != e; j++)
		;
	return j == i && dp_find_boot(e->name, e->djb2, 1);
}

/*
 * What a new table's call sites start with, within the registration's
 * change: 'p' in 'all' mode or when the boot list wishes for their name,
 * then the boot commands for their name (moved to @done, see
 * dp_run_commands()).  Call sites of files compiled with DEBUG have 'p'
 * from the start.  Only the new call sites change: those registered
 * before keep what they were given since.  Returns 0 or -ENOMEM.
 */
static int dp_start_table(struct dp_table *t, struct list_head *done)
{
	struct dp_boot *b;
	unsigned int i;

	for (i = 0; i < t->nr_runs; i++)
		if (all_mode || dp_find_boot(t->runs[i].name->name,
					     t->runs[i].name->djb2, 1))
			dp_run_print(&t->runs[i], 1);
	list_for_each_entry(b, &dp_boot_list, list) {
		if (!b->cmds)
			continue;
		for (i = 0; i < t->nr_runs; i++)
			if (t->runs[i].name->djb2 == b->djb2 &&
			    !strcmp(t->runs[i].name->name, b->name))
				break;
		/* checked when the command line was read: only -ENOMEM */
		if (i < t->nr_runs &&
		    dp_run_commands(b->cmds, t, t->runs[i].name, done))
			return -ENOMEM;
	}
	return 0;
}

/* Once the registration holds: one line per name the boot list wished */
static void dp_start_log(struct dp_table *t, struct list_head *done)
{
	unsigned int i;

	for (i = 0; !all_mode && i < t->nr_runs; i++)
		if (dp_wished(t, i))
			printk(KERN_DEBUG "dynamic_printk: %s enabled=1\n",
			       t->runs[i].name->name);
	dp_log_done(done);
}

/**
 * dynamic_printk_register - register the call sites of vmlinux or a module
 * @start: first descriptor (of the "__verbose" section)
 * @n: number of descriptors
 * @sites: their patched call sites (of the "__verbose_sites" section)
 * @nr_sites: number of those
 *
 * Creates an entry for each module name of the descriptors that has none,
 * lists the call sites in the control file after those registered before,
 * and gives them what 'all' mode, the boot list and boot commands ask for.
 * A module's patched call sites are written directly: its code has not
 * run yet (before its init and its parameters); vmlinux's, which runs,
 * with the NMI protocol.  Must be
 * undone with dynamic_printk_unregister() on the same descriptors, and
 * only after it returned 0.  May sleep.
 *
 * Returns 0, or with nothing registered -ENOMEM, or -EINVAL when a
 * patched call site is neither a NOP nor a jump this file could have
 * written (a build problem: better than writing over code that is not
 * one).  If the call sites of vmlinux cannot be given what they start
 * with (see dp_patch()), they are registered as built.
 */
int dynamic_printk_register(struct mod_debug *start, unsigned long n,
			    struct mod_debug_site *sites,
			    unsigned long nr_sites)
{
	struct dp_table *t;
	struct dp_run *run = NULL;
	LIST_HEAD(dead);
	LIST_HEAD(done);
	unsigned long i, nr_runs = 0;
	unsigned int djb2;
	int ret, vmlinux;

	if (!n)
		return 0;
	for (i = 0; i < n; i++)
		if (!i || !dp_same_name(&start[i], &start[i - 1]))
			nr_runs++;
	if (nr_sites && !dp_check_sites(start, n, sites, nr_sites))
		return -EINVAL;
	t = kzalloc(sizeof(*t) + nr_runs * sizeof(*run), GFP_KERNEL);
	if (!t)
		return -ENOMEM;
	t->start = start;
	t->n = n;
	t->sites = sites;
	t->nr_sites = nr_sites;
	t->dirty = nr_sites != 0;	/* the NOPs may not be this CPU's */

	mutex_lock(&dp_mutex);
	for (i = 0; i < n; i++) {
		struct mod_debug *dd = &start[i];
		struct dp_name *e;

		if (i && dp_same_name(dd, &start[i - 1])) {
			run->n++;
		} else {
			djb2 = dp_djb2_hash(dd->modname);
			e = dp_find(dd->modname, djb2);
			if (!e)
				e = dp_new_name(dd->modname, djb2);
			if (!e)
				goto nomem;
			/*
			 * A call site built with other buckets than its
			 * name's would test the wrong mask bits: a build
			 * problem.
			 */
			if (e->hash != dd->hash || e->hash2 != dd->hash2)
				printk(KERN_WARNING "dynamic_printk: %s: call "
				       "site buckets %u/%u, expected %u/%u\n",
				       e->name, dd->hash, dd->hash2, e->hash,
				       e->hash2);
			run = &t->runs[t->nr_runs++];
			run->name = e;
			run->table = t;
			run->start = dd;
			run->n = 1;
			list_add_tail(&run->list, &e->runs);
		}
		if (dd->flags & DP_FL_PRINT)
			dp_count(run->name, 1);
	}
	dp_begin();
	if (dp_start_table(t, &done))
		dp_undo.nomem = 1;
	t->id = ++dp_table_id;
	list_add_tail_rcu(&t->list, &dp_tables);
	/* A module's code has not run: written directly; vmlinux's runs */
	vmlinux = start == __start___verbose;
	ret = dp_commit(vmlinux ? NULL : t);
	/*
	 * vmlinux stays registered with the flags it had as built (its
	 * call sites match them): better than none of them listed
	 */
	if (!ret || vmlinux) {
		if (ret)
			printk(KERN_ERR "dynamic_printk: vmlinux: the boot "
			       "list not applied: %d\n", ret);
		else
			dp_start_log(t, &done);
		dp_free_cmds(&done);
		mutex_unlock(&dp_mutex);
		return 0;
	}
	dp_free_cmds(&done);
	list_del_rcu(&t->list);
	goto undo;

nomem:
	ret = -ENOMEM;
undo:
	/* The runs made so far lose their 'p' counts and their entries */
	while (t->nr_runs)
		dp_drop_run(&t->runs[--t->nr_runs], &dead);
	dp_update_masks();
	mutex_unlock(&dp_mutex);
	synchronize_rcu();
	dp_free_dead(&dead);
	kfree(t);
	return ret;
}

/**
 * dynamic_printk_unregister - unregister the call sites of a module
 * @start: first descriptor, as given to dynamic_printk_register()
 * @n: number of descriptors, as given to dynamic_printk_register()
 *
 * The call sites leave the control file, and their names stop needing
 * mask bits; a name without call sites left leaves the modules file.
 * Waits for a grace period, so the descriptors and their strings may be
 * freed as soon as this returns.  May sleep.
 */
void dynamic_printk_unregister(struct mod_debug *start, unsigned long n)
{
	struct dp_table *t;
	LIST_HEAD(dead);
	unsigned int i;

	if (!n)
		return;
	mutex_lock(&dp_mutex);
	t = dp_find_table(start);
	if (!t) {
		mutex_unlock(&dp_mutex);
		return;
	}
	list_del_rcu(&t->list);
	for (i = 0; i < t->nr_runs; i++)
		dp_drop_run(&t->runs[i], &dead);
	dp_publish(NULL);
	mutex_unlock(&dp_mutex);
	synchronize_rcu();
	dp_free_dead(&dead);
	kfree(t);
}

/* A parameter name, '-' read as '_' as modprobe does */
static int dp_param_is(const char *param, const char *word)
{
	for (; *word; param++, word++)
		if (*param != *word && !(*param == '-' && *word == '_'))
			return 0;
	return !*param;
}

/**
 * dynamic_printk_module_param - the parameters every module takes
 * @start: the module's descriptors, registered
 * @n: their number
 * @param: the name of a parameter the module does not declare
 * @val: its value, NULL when it has none
 *
 * "dynamic_printk", "dynamic_printk=1" and "dynamic_printk=0" give or take
 * 'p' from the call sites of the module's name, as "set enabled=<0|1>
 * <module>" does;
 * "dyndbg=<commands>" runs control file commands on them, all or none,
 * and a bare "dyndbg" is "+p".  With no descriptors (@n 0) the value is
 * only checked.  The module loader checks each while it parses the
 * parameters and applies them afterwards, before the module's init runs.
 * Its patched call sites are then written directly, as at registration:
 * the module's own parameter setters have run by then, but only in the
 * loading task, which is here; nothing else can reach its code before
 * its init does (a setter that started a timer or a thread running the
 * module's code would break this: setters store values).  May sleep.
 *
 * Returns 0, -ENOENT when @param is another parameter, or with nothing
 * changed -EINVAL for a bad value, or -ENOMEM or -EBUSY when the flags
 * cannot be noted or call sites cannot be rewritten: the module's own are
 * written directly, which cannot fail, but "dynamic_printk" also reaches
 * built-in call sites of the same module name, should there be any.
 */
int dynamic_printk_module_param(struct mod_debug *start, unsigned long n,
				char *param, char *val)
{
	struct dp_table *t;
	int on, ret = 0;

	if (dp_param_is(param, "dyndbg")) {
		mutex_lock(&dp_mutex);
		t = n ? dp_find_table(start) : NULL;
		if (t)
			ret = dp_change_commands(val ? val : "+p", t, t);
		else
			ret = dp_run_commands(val ? val : "+p", NULL, NULL,
					      NULL);
		mutex_unlock(&dp_mutex);
		return ret;
	}
	if (!dp_param_is(param, "dynamic_printk"))
		return -ENOENT;
	if (!val || !strcmp(val, "1"))
		on = 1;
	else if (!strcmp(val, "0"))
		on = 0;
	else
		return -EINVAL;

	mutex_lock(&dp_mutex);
	t = n ? dp_find_table(start) : NULL;
	if (t) {
		dp_begin();
		dp_name_print(t->runs[0].name, on);
		ret = dp_commit(t);
		if (!ret)
			printk(KERN_DEBUG "dynamic_printk: %s enabled=%d\n",
			       t->runs[0].name->name, on);
	}
	mutex_unlock(&dp_mutex);
	return ret;
}

/* ---- printing ----------------------------------------------------------- */

/* Room for the format with its decorations on the stack of a call site */
#define DP_FORMAT_MAX	256

struct dp_buf {
	char *s;
	size_t len, size;	/* size 0: printk() each piece as it comes */
};

/* Append @str, with each '%' doubled when @escape */
static void dp_put(struct dp_buf *b, const char *str, int escape)
{
	if (!b->size) {
		printk(KERN_CONT "%s", str);
		return;
	}
	for (; *str; str++) {
		/* also true once marked: nothing is written past the end */
		if (b->len + 2 >= b->size) {
			b->len = b->size;	/* too long: mark it */
			return;
		}
		if (escape && *str == '%')
			b->s[b->len++] = '%';
		b->s[b->len++] = *str;
	}
	if (b->len < b->size)
		b->s[b->len] = '\0';
}

/*
 * KERN_DEBUG, the decorations of the call site's flags, then what
 * pr_debug() (@dev NULL) or dev_printk() puts before the message.
 */
static void dp_prefix(const struct mod_debug *dd, const struct device *dev,
		      struct dp_buf *b)
{
	unsigned int flags = ACCESS_ONCE(dd->flags);
	char num[24];

	dp_put(b, KERN_DEBUG, 0);
	if (flags & DYNAMIC_PRINTK_FL_TID) {
		if (in_interrupt())
			dp_put(b, "<intr> ", 0);
		else {
			snprintf(num, sizeof(num), "[%d] ", current->pid);
			dp_put(b, num, 0);
		}
	}
	if (flags & DYNAMIC_PRINTK_FL_MODULE) {
		dp_put(b, dd->modname, 1);
		dp_put(b, ":", 0);
	}
	if (flags & DYNAMIC_PRINTK_FL_FUNC) {
		dp_put(b, dd->function, 1);
		dp_put(b, ":", 0);
	}
	if (flags & DYNAMIC_PRINTK_FL_LINE) {
		snprintf(num, sizeof(num), "%u:", dd->lineno);
		dp_put(b, num, 0);
	}
	if (flags & (DYNAMIC_PRINTK_FL_MODULE | DYNAMIC_PRINTK_FL_FUNC |
		     DYNAMIC_PRINTK_FL_LINE))
		dp_put(b, " ", 0);
	if (dev) {
		dp_put(b, dev_driver_string(dev), 1);
		dp_put(b, " ", 0);
		dp_put(b, dev_name(dev), 1);
		dp_put(b, ": ", 0);
		dp_put(b, dd->modname, 1);
		dp_put(b, ": ", 0);
	} else {
		dp_put(b, dd->modname, 1);
		dp_put(b, ":", 0);
	}
}

/*
 * The prefix and @fmt are one format when they fit on the stack.  When
 * they do not, the prefix is printed piece by piece and the message as
 * its continuation, which another CPU's message could come between.
 */
static void dp_vprintk(const struct mod_debug *dd, const struct device *dev,
		       const char *fmt, va_list args)
{
	char s[DP_FORMAT_MAX];
	struct dp_buf b = { s, 0, sizeof(s) };

	/* A patched call site can jump here a moment after losing 'p' */
	if (!(ACCESS_ONCE(dd->flags) & DP_FL_PRINT))
		return;
	dp_prefix(dd, dev, &b);
	dp_put(&b, fmt, 0);
	if (b.len < b.size) {
		vprintk(b.s, args);
		return;
	}
	b.size = 0;
	dp_prefix(dd, dev, &b);
	vprintk(fmt, args);
}

/**
 * __dynamic_pr_debug - print the message of a pr_debug() call site
 * @dd: the call site's descriptor
 * @fmt: its format
 *
 * Called by a call site with 'p'.  Prints at KERN_DEBUG the decorations
 * the call site's flags ask for, "<module>:" and the message.  Takes no
 * lock of its own and does not sleep: call sites may be in any context.
 */
void __dynamic_pr_debug(const struct mod_debug *dd, const char *fmt, ...)
{
	va_list args;

	va_start(args, fmt);
	dp_vprintk(dd, NULL, fmt, args);
	va_end(args);
}
EXPORT_SYMBOL(__dynamic_pr_debug);

/**
 * __dynamic_dev_dbg - print the message of a dev_dbg() call site
 * @dd: the call site's descriptor
 * @dev: the device
 * @fmt: its format
 *
 * As __dynamic_pr_debug(), with what dev_printk() puts first: the driver
 * and the device, then "<module>: " and the message.
 */
void __dynamic_dev_dbg(const struct mod_debug *dd, const struct device *dev,
		       const char *fmt, ...)
{
	va_list args;

	va_start(args, fmt);
	dp_vprintk(dd, dev, fmt, args);
	va_end(args);
}
EXPORT_SYMBOL(__dynamic_dev_dbg);

/* ---- the files ---------------------------------------------------------- */

/*
 * Both files are read under rcu_read_lock(), taken in ->start() and
 * dropped in ->stop(): seq_read() of 2.6.27 calls copy_to_user() and
 * kmalloc() only outside a ->start() .. ->stop() pair.
 *
 * The modules file: position b shows bucket b of the djb2 table, whole,
 * so that a name present all along is shown exactly once however the
 * chains change between two read() calls.
 */
static void *dp_names_start(struct seq_file *m, loff_t *pos)
	__acquires(RCU)
{
	rcu_read_lock();
	return *pos < DP_HASH_SIZE ? &dp_djb2[*pos] : NULL;
}

static void *dp_names_next(struct seq_file *m, void *v, loff_t *pos)
{
	++*pos;
	return *pos < DP_HASH_SIZE ? &dp_djb2[*pos] : NULL;
}

static void dp_seq_stop(struct seq_file *m, void *v)
	__releases(RCU)
{
	rcu_read_unlock();
}

static int dp_names_show(struct seq_file *m, void *v)
{
	struct dp_name *e;
	struct hlist_node *node;

	hlist_for_each_entry_rcu(e, node, (struct hlist_head *)v, hlist)
		seq_printf(m, "%s enabled=%d\n", e->name,
			   ACCESS_ONCE(e->nr_print) != 0);
	return 0;
}

static const struct seq_operations dp_names_ops = {
	.start = dp_names_start,
	.next = dp_names_next,
	.stop = dp_seq_stop,
	.show = dp_names_show,
};

/*
 * The control file: position 0 is the header line, then (id << 32) + i
 * is descriptor i of the table registered with that id.  Ids increase
 * along dp_tables, so a read that takes several read() calls resumes
 * where it was, at a cost independent of the number of call sites, even
 * if tables came or went in between.  m->private is the table of the
 * descriptor last returned.
 */
static void *dp_sites_seek(struct seq_file *m, struct list_head *p,
			   unsigned int i, loff_t *pos)
{
	struct dp_table *t;

	for (; p != &dp_tables; p = rcu_dereference(p->next), i = 0) {
		t = list_entry(p, struct dp_table, list);
		if (i < t->n) {
			m->private = t;
			*pos = ((loff_t)t->id << 32) + i;
			return &t->start[i];
		}
	}
	return NULL;
}

static void *dp_sites_start(struct seq_file *m, loff_t *pos)
	__acquires(RCU)
{
	unsigned int id = *pos >> 32, i = *pos & 0xffffffff;
	struct dp_table *t;
	struct list_head *p;

	rcu_read_lock();
	if (!*pos)
		return SEQ_START_TOKEN;
	for (p = rcu_dereference(dp_tables.next); p != &dp_tables;
	     p = rcu_dereference(p->next)) {
		t = list_entry(p, struct dp_table, list);
		if (t->id >= id)
			return dp_sites_seek(m, p, t->id == id ? i : 0, pos);
	}
	return NULL;
}

static void *dp_sites_next(struct seq_file *m, void *v, loff_t *pos)
{
	struct dp_table *t = m->private;
	void *next;

	if (v == SEQ_START_TOKEN)
		next = dp_sites_seek(m, rcu_dereference(dp_tables.next), 0,
				     pos);
	else
		next = dp_sites_seek(m, &t->list,
				     (struct mod_debug *)v - t->start + 1, pos);
	if (!next)
		++*pos;
	return next;
}

static void dp_seq_escape(struct seq_file *m, const char *s)
{
	for (; *s; s++) {
		unsigned char c = *s;

		if (c == '\n')
			seq_puts(m, "\\n");
		else if (c == '\t')
			seq_puts(m, "\\t");
		else if (c == '"' || c == '\\')
			seq_printf(m, "\\%c", c);
		else if (c < ' ' || c > '~')
			seq_printf(m, "\\%03o", c);
		else
			seq_putc(m, c);
	}
}

static int dp_sites_show(struct seq_file *m, void *v)
{
	const struct mod_debug *dd = v;
	unsigned int flags, i;

	if (v == SEQ_START_TOKEN) {
		seq_puts(m, "# filename:lineno [module]function flags "
			 "format\n");
		return 0;
	}
	flags = ACCESS_ONCE(dd->flags);
	seq_printf(m, "%s:%u [%s]%s =", dp_file(dd), dd->lineno,
		   dd->modname, dd->function);
	for (i = 0; i < ARRAY_SIZE(dp_flag_bits); i++)
		if (flags & dp_flag_bits[i])
			seq_putc(m, dp_flag_chars[i]);
	if (!flags)
		seq_putc(m, '_');
	seq_puts(m, " \"");
	dp_seq_escape(m, dd->format);
	seq_puts(m, "\"\n");
	return 0;
}

static const struct seq_operations dp_sites_ops = {
	.start = dp_sites_start,
	.next = dp_sites_next,
	.stop = dp_seq_stop,
	.show = dp_sites_show,
};

/*
 * Only printable ASCII and blanks: a NUL or a binary byte in a command is
 * a mistake, and would cut or garble the log line quoting it.
 */
static int dp_check_bytes(const char *buf, size_t count)
{
	size_t i;

	for (i = 0; i < count; i++) {
		unsigned char c = buf[i];

		if (!dp_is_blank(c) && c != '\n' && (c < '!' || c > '~')) {
			printk(KERN_DEBUG "dynamic_printk: invalid byte 0x%02x "
			       "at offset %lu\n", c, (unsigned long)i);
			return -EINVAL;
		}
	}
	return 0;
}

/*
 * Apply every command of a parsed (and checked) batch as one change, and
 * log each once it holds.  dp_mutex held.  Fails only when patched call
 * sites cannot be rewritten (no memory for the mapping or stop_machine(),
 * or NMI handlers without a pause) or the undo log finds no memory: then
 * nothing has changed.
 */
static int dp_apply_batch(struct list_head *cmds, enum dp_kind kind)
{
	struct dp_cmd *cmd;
	int ret;

	dp_begin();
	list_for_each_entry(cmd, cmds, list)
		if (kind == DP_SET)
			dp_apply_set(cmd);
		else
			cmd->changed = dp_apply(cmd);
	ret = dp_commit(NULL);
	if (ret)
		return ret;
	list_for_each_entry(cmd, cmds, list)
		if (kind == DP_SET)
			dp_set_done(cmd);
		else
			dp_log_applied(cmd, cmd->changed);
	return 0;
}

static ssize_t dp_write(struct file *file, const char __user *ubuf,
			size_t count, enum dp_kind kind)
{
	LIST_HEAD(cmds);
	char *buf, *out;
	int ret;

	/*
	 * 2.6.27 turns a writev() into one write per piece, empty ones
	 * included, and C libraries send a command and its newline as two
	 * pieces: an empty write, or one of only blanks, newlines and
	 * comments, is a batch of no command, and succeeds.
	 */
	if (!count)
		return 0;
	if (count > PAGE_SIZE) {
		printk(KERN_DEBUG "dynamic_printk: write of %lu bytes, more "
		       "than %lu\n", (unsigned long)count, PAGE_SIZE);
		return -EINVAL;
	}
	/* The batch, and apart (both below order 2) its words decoded */
	buf = kmalloc(count, GFP_KERNEL);
	out = kmalloc(DP_DECODED_MAX(count), GFP_KERNEL);
	if (!buf || !out)
		ret = -ENOMEM;
	else if (copy_from_user(buf, ubuf, count))
		ret = -EFAULT;
	else
		ret = dp_check_bytes(buf, count);
	if (!ret) {
		/*
		 * Checked and applied against the same state: all or none
		 * of the commands, and none if the call sites cannot follow
		 * (ENOMEM, EBUSY)
		 */
		mutex_lock(&dp_mutex);
		ret = dp_parse_batch(buf, count, out, kind, &cmds);
		if (!ret)
			ret = dp_apply_batch(&cmds, kind);
		mutex_unlock(&dp_mutex);
	}
	dp_free_cmds(&cmds);
	kfree(out);
	kfree(buf);
	return ret ? ret : count;
}

static ssize_t dp_names_write(struct file *file, const char __user *ubuf,
			      size_t count, loff_t *ppos)
{
	return dp_write(file, ubuf, count, DP_SET);
}

static ssize_t dp_sites_write(struct file *file, const char __user *ubuf,
			      size_t count, loff_t *ppos)
{
	return dp_write(file, ubuf, count, DP_QUERY);
}

static int dp_names_open(struct inode *inode, struct file *file)
{
	return seq_open(file, &dp_names_ops);
}

static int dp_sites_open(struct inode *inode, struct file *file)
{
	return seq_open(file, &dp_sites_ops);
}

static const struct file_operations dp_names_fops = {
	.owner = THIS_MODULE,
	.open = dp_names_open,
	.read = seq_read,
	.llseek = seq_lseek,
	.write = dp_names_write,
	.release = seq_release,
};

static const struct file_operations dp_sites_fops = {
	.owner = THIS_MODULE,
	.open = dp_sites_open,
	.read = seq_read,
	.llseek = seq_lseek,
	.write = dp_sites_write,
	.release = seq_release,
};

/* ---- boot --------------------------------------------------------------- */

/*
 * Give every call site of vmlinux 'p' and fill the masks: used by the boot
 * word from setup_arch() on, before anything is registered, so that
 * built-in code prints its debug messages from there on.
 */
static void __init dp_all_mode_on(void)
{
	struct mod_debug *dd;

	all_mode = 1;
	for (dd = __start___verbose; dd < __stop___verbose; dd++)
		dd->flags |= DP_FL_PRINT;
	dynamic_printk_enabled = ~0ULL;
	dynamic_printk_enabled2 = ~0ULL;
#ifdef DYNAMIC_PRINTK_PATCHED
	dp_all_sites_on();
#endif
}

/* ASCII only: isalnum() of 2.6.27 also takes Latin-1 letters */
static int __init dp_boot_name_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_' || c == '-';
}

static int __init dp_boot_list_valid(const char *str)
{
	const char *item = str;

	for (;; str++) {
		if (*str == ',' || !*str) {
			if (str == item)
				return 0;
			if (!*str)
				return 1;
			item = str + 1;
		} else if (!dp_boot_name_char(*str)) {
			return 0;
		}
	}
}

/* The item after the one at @item of a comma-separated list, or NULL */
static const char * __init dp_next_item(const char *item)
{
	item = strchr(item, ',');
	return item ? item + 1 : NULL;
}

/*
 * "dynamic_printk": 'all' mode.  "dynamic_printk=<name>[,<name>...]":
 * those names start with 'p' whenever they are registered ("all" in the
 * list means 'all' mode).  An early parameter, parsed from setup_arch():
 * the allocator is not up yet, so this only checks the list and keeps a
 * pointer to it, in the copy of the command line parse_early_param()
 * leaves in init data; dynamic_printk_init() makes the wishes.  Always
 * returns 0: a malformed list gets a warning of its own.
 */
static int __init dp_boot_word(char *str)
{
	const char *item;

	if (!str) {
		dp_all_mode_on();
		return 0;
	}
	if (!dp_boot_list_valid(str)) {
		printk(KERN_WARNING "dynamic_printk: ignoring malformed list "
		       "\"%s\"\n", str);
		return 0;
	}
	for (item = str; item; item = dp_next_item(item))
		if (strcspn(item, ",") == 3 && !strncmp(item, "all", 3))
			dp_all_mode_on();
	boot_list = str;
	return 0;
}
early_param("dynamic_printk", dp_boot_word);

/* "dyndbg=<commands>": run on vmlinux by dynamic_printk_init() */
static int __init dp_boot_dyndbg(char *str)
{
	boot_dyndbg = str ? str : "+p";
	return 0;
}
early_param("dyndbg", dp_boot_dyndbg);

/* Remember a boot list name or a "<name>.dyndbg=" for later loads */
static int __init dp_add_boot(const char *name, size_t len, const char *cmds)
{
	size_t clen = cmds ? strlen(cmds) + 1 : 0;
	struct dp_boot *b = kmalloc(sizeof(*b) + len + 1 + clen, GFP_KERNEL);
	size_t i;

	if (!b)
		return -ENOMEM;
	for (i = 0; i < len; i++)
		b->name[i] = name[i] == '-' ? '_' : name[i];
	b->name[len] = '\0';
	b->djb2 = dp_djb2_hash(b->name);
	b->cmds = NULL;
	if (cmds)
		b->cmds = memcpy(b->name + len + 1, cmds, clen);
	else if (!strcmp(b->name, "all") ||
		 dp_find_boot(b->name, b->djb2, 1)) {
		kfree(b);
		return 0;
	}
	list_add_tail(&b->list, &dp_boot_list);
	return 0;
}

/* parse_args() callback: keep each "<module>.dyndbg=<commands>" */
static int __init dp_module_dyndbg(char *param, char *val)
{
	char *dot = strrchr(param, '.');
	int ret;

	if (!dot || dot == param || !dp_param_is(dot + 1, "dyndbg"))
		return 0;
	if (!val)
		val = "+p";
	ret = dp_run_commands(val, NULL, NULL, NULL);
	if (ret == -EINVAL)
		printk(KERN_WARNING "dynamic_printk: ignoring %s=\"%s\"\n",
		       param, val);
	else if (ret || dp_add_boot(param, dot - param, val))
		printk(KERN_ERR "dynamic_printk: no memory for %s\n", param);
	return 0;
}

static void __init dp_boot_options(void)
{
	const char *item;
	char *cmdline;

	for (item = boot_list; item; item = dp_next_item(item))
		if (dp_add_boot(item, strcspn(item, ","), NULL))
			printk(KERN_ERR "dynamic_printk: no memory for the "
			       "boot list\n");
	cmdline = kstrdup(saved_command_line, GFP_KERNEL);
	if (cmdline)
		parse_args("dynamic_printk", cmdline, NULL, 0,
			   dp_module_dyndbg);
	kfree(cmdline);
}

/**
 * dynamic_printk_init - register the call sites of vmlinux
 *
 * Called once, before the first initcall: takes note of the boot options
 * that concern modules, registers the descriptors of vmlinux and runs the
 * commands of "dyndbg=" on them.
 */
void __init dynamic_printk_init(void)
{
	struct dp_table *t;
	int ret;

	mutex_lock(&dp_mutex);
	dp_boot_options();
	mutex_unlock(&dp_mutex);

#ifdef DYNAMIC_PRINTK_PATCHED
	dp_choose_nop();
	ret = dynamic_printk_register(__start___verbose,
				      __stop___verbose - __start___verbose,
				      __start___verbose_sites,
				      __stop___verbose_sites -
				      __start___verbose_sites);
#else
	ret = dynamic_printk_register(__start___verbose,
				      __stop___verbose - __start___verbose,
				      NULL, 0);
#endif
	if (ret) {
		printk(KERN_ERR "dynamic_printk: cannot register the call "
		       "sites of vmlinux: %d\n", ret);
	} else if (boot_dyndbg) {
		mutex_lock(&dp_mutex);
		t = dp_find_table(__start___verbose);
		ret = dp_change_commands(boot_dyndbg, t, NULL);
		if (ret == -EINVAL)
			printk(KERN_WARNING "dynamic_printk: ignoring "
			       "dyndbg=\"%s\"\n", boot_dyndbg);
		else if (ret)
			printk(KERN_ERR "dynamic_printk: dyndbg=\"%s\" not "
			       "applied: %d\n", boot_dyndbg, ret);
		mutex_unlock(&dp_mutex);
	}
#ifdef DYNAMIC_PRINTK_PATCHED
	/* From now on other CPUs may run: live code needs stop_machine() */
	dp_live = 1;
#endif
}

/*
 * The control files.  debugfs itself is set up by a core_initcall, so
 * they are created at a later level; nothing but user space uses them.
 * The control file is also where scripts written for later kernels'
 * dynamic debug look: <debugfs>/dynamic_debug/control and
 * /proc/dynamic_debug/control.
 */
static int __init dp_files_init(void)
{
	struct dentry *dir;
#ifdef CONFIG_PROC_FS
	struct proc_dir_entry *pdir;
#endif

	/* Each independent of the others: an alias cannot cost the rest */
	dir = debugfs_create_dir("dynamic_printk", NULL);
	if (!dir || IS_ERR(dir) ||
	    !debugfs_create_file("modules", 0644, dir, NULL, &dp_names_fops) ||
	    !debugfs_create_file("control", 0644, dir, NULL, &dp_sites_fops))
		printk(KERN_ERR "dynamic_printk: cannot create "
		       "<debugfs>/dynamic_printk/\n");
	dir = debugfs_create_dir("dynamic_debug", NULL);
	if (!dir || IS_ERR(dir) ||
	    !debugfs_create_file("control", 0644, dir, NULL, &dp_sites_fops))
		printk(KERN_ERR "dynamic_printk: cannot create "
		       "<debugfs>/dynamic_debug/control\n");
#ifdef CONFIG_PROC_FS
	pdir = proc_mkdir("dynamic_debug", NULL);
	if (!pdir || !proc_create("control", 0644, pdir, &dp_sites_fops))
		printk(KERN_ERR "dynamic_printk: cannot create "
		       "/proc/dynamic_debug/control\n");
#endif
	return 0;
}
late_initcall(dp_files_init);
