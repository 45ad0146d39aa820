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
 * dynamic_printk_sites.c, and the architecture's part); nothing tests the
 * masks then, and they and the r5 chains are not built.  The djb2 chains
 * remain, which find a name.
 *
 * The command language is parsed in dynamic_printk_parse.c; commands are
 * applied, and the control files and parameters served, in
 * dynamic_printk_control.c.
 *
 * Readers (the control files) walk the tables and chains under
 * rcu_read_lock() only; call sites read their own flag and the masks
 * without any lock.  Writers (registration, unregistration, control
 * writes) are serialized by dp_mutex.  What a reader may still see is
 * freed after a grace period.
 *
 * Only printing runs for call sites.  The rest runs once per module or
 * per write: the functions other files call are marked __cold, which
 * gcc (4.3 on) optimizes for size, as it does __init code, and with them
 * (later gcc) the static functions only they call.  The other files
 * never run for a call site and are compiled with -Os (lib/Makefile).
 * Both matter only to kernels built for speed (CC_OPTIMIZE_FOR_SIZE
 * off); __cold code lands in .text.unlikely, which modpost of 2.6.27
 * does not check for references to init sections.
 *
 * This file is released under the GPLv2.
 */

#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/init.h>
#include <linux/err.h>
#include <linux/string.h>
#include <linux/list.h>
#include <linux/slab.h>
#include <linux/mutex.h>
#include <linux/rcupdate.h>
#include <linux/rculist.h>
#include <linux/sched.h>
#include <linux/hardirq.h>
#include <linux/device.h>
#include <linux/dynamic_printk.h>
#include <asm/page.h>
#include <asm/system.h>
#include "dynamic_printk_internal.h"

LIST_HEAD(dp_tables);			/* RCU; writers hold dp_mutex */
struct hlist_head dp_djb2[DP_HASH_SIZE];	/* RCU, as dp_tables */
LIST_HEAD(dp_boot_list);		/* dp_mutex */
/*
 * Registration numbers, dp_mutex: they increase along dp_tables, and stay
 * below 2^31, so that the control file's positions, (id << 32) + index,
 * are positive.  After 2^31 - 1 registrations the tables are numbered
 * again from 1, in order: a read of the control file under way then ends
 * early.
 */
#define DP_ID_MAX	0x7fffffffU
static unsigned int dp_table_id;
DEFINE_MUTEX(dp_mutex);

/*
 * 'all' mode: every call site has 'p', new ones start with it and both
 * masks are ~0, so that built-in call sites print from early boot on.
 * Written under dp_mutex (or before SMP is up), read locklessly.
 */
int dp_all_mode __read_mostly;

/*
 * The same functions as scripts/basic/hash, which gives DEBUG_HASH(2) as
 * their low six bits.  The whole djb2 value is kept in each entry, so that
 * a lookup compares integers, not strings, for the other names of a chain.
 */
noinline __cold unsigned int dp_djb2_hash(const char *str)
{
	const unsigned char *s = (const unsigned char *)str;
	unsigned int hash = 5381;

	while (*s)
		hash = hash * 33 + *s++;
	return hash;
}

/* A call site's source file, stored after its module name */
noinline __cold const char *dp_file(const struct mod_debug *dd)
{
	return dd->modname + strlen(dd->modname) + 1;
}

/* Look a name up in its own djb2 chain.  dp_mutex or rcu_read_lock(). */
noinline __cold struct dp_name *dp_find(const char *name,
					 unsigned int djb2)
{
	struct dp_name *e;
	struct hlist_node *node;

	hlist_for_each_entry_rcu(e, node, &dp_djb2[djb2 & DP_HASH_MASK], hlist)
		if (e->djb2 == djb2 && !strcmp(e->name, name))
			return e;
	return NULL;
}

/* A wish (@wish 1) or the commands for a name in the boot list */
__cold struct dp_boot *dp_find_boot(const char *name, unsigned int djb2,
				    int wish)
{
	struct dp_boot *b;

	list_for_each_entry(b, &dp_boot_list, list)
		if (b->djb2 == djb2 && (b->cmds == NULL) == wish &&
		    !strcmp(b->name, name))
			return b;
	return NULL;
}

#ifndef DYNAMIC_PRINTK_PATCHED
/*
 * ---- the masks ---------------------------------------------------------
 *
 * Call sites that test masks (not patched ones, for which none of this
 * is built): bit b is set when a call site with 'p' (or 'all' mode) has
 * djb2 bucket b, in dynamic_printk_enabled, or r5 bucket b, in
 * dynamic_printk_enabled2.  Until vmlinux is registered both are ~0, so
 * that every call site tests its own flag: those of files compiled with
 * DEBUG print from the start.
 */
unsigned long long dynamic_printk_enabled __read_mostly = ~0ULL;
EXPORT_SYMBOL(dynamic_printk_enabled);
unsigned long long dynamic_printk_enabled2 __read_mostly = ~0ULL;
EXPORT_SYMBOL(dynamic_printk_enabled2);

/*
 * What the entries need, kept exact under dp_mutex: the buckets of
 * entries whose nr_print crossed zero are marked dirty and recomputed
 * from their chains, each entry being in its djb2 chain and its r5 one.
 */
static struct hlist_head dp_r5[DP_HASH_SIZE];	/* RCU, as dp_djb2 */
static unsigned long long dp_need, dp_need2, dp_dirty, dp_dirty2;

/* As scripts/basic/hash computes it, which gives DEBUG_HASH2 */
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

/* A new entry in its r5 chain; a call site built with other buckets */
static void dp_masks_link(struct dp_name *e, const struct mod_debug *dd)
{
	e->hash2 = dp_r5_hash(e->name);
	hlist_add_head_rcu(&e->hlist2, &dp_r5[e->hash2]);
	/* would test the wrong mask bits: a build problem */
	if (e->hash != dd->hash || e->hash2 != dd->hash2)
		printk(KERN_WARNING "dynamic_printk: %s: call site buckets "
		       "%u/%u, expected %u/%u\n", e->name, dd->hash,
		       dd->hash2, e->hash, e->hash2);
}

static void dp_masks_unlink(struct dp_name *e)
{
	hlist_del_rcu(&e->hlist2);
}

/* The nr_print of @e crossed zero */
static void dp_masks_dirty(struct dp_name *e)
{
	dp_dirty |= 1ULL << e->hash;
	dp_dirty2 |= 1ULL << e->hash2;
}

/*
 * The mask one table of chains needs, from @need, its bits for the dirty
 * buckets recomputed; @off is where the entries hold their node of it
 */
static unsigned long long dp_mask(struct hlist_head *chains, size_t off,
				  unsigned long long dirty,
				  unsigned long long need)
{
	struct hlist_node *node;
	struct dp_name *e;
	int b;

	for (b = 0; b < DP_HASH_SIZE; b++) {
		if (!((dirty >> b) & 1))
			continue;
		need &= ~(1ULL << b);
		for (node = chains[b].first; node; node = node->next) {
			e = (struct dp_name *)((char *)node - off);
			if (e->nr_print) {
				need |= 1ULL << b;
				break;
			}
		}
	}
	return need;
}

/*
 * Bring the masks up to date after changes of flags, entries or 'all'
 * mode.  dp_mutex held.  The barrier orders the stores to the flags of
 * call sites before the mask bits that make call sites look at them.  On
 * 32-bit machines a call site may see a half-updated mask; that costs at
 * most a message missed while it changes.
 */
static void dp_update_masks(void)
{
	dp_need = dp_mask(dp_djb2, offsetof(struct dp_name, hlist), dp_dirty,
			  dp_need);
	dp_need2 = dp_mask(dp_r5, offsetof(struct dp_name, hlist2), dp_dirty2,
			   dp_need2);
	dp_dirty = dp_dirty2 = 0;
	smp_wmb();
	dynamic_printk_enabled = dp_all_mode ? ~0ULL : dp_need;
	dynamic_printk_enabled2 = dp_all_mode ? ~0ULL : dp_need2;
}

/* 'all' mode from the boot word, before anything is registered */
static void __init dp_masks_all(void)
{
	dynamic_printk_enabled = ~0ULL;
	dynamic_printk_enabled2 = ~0ULL;
}
#else
static inline void dp_masks_link(struct dp_name *e,
				 const struct mod_debug *dd)
{
}

static inline void dp_masks_unlink(struct dp_name *e)
{
}

static inline void dp_masks_dirty(struct dp_name *e)
{
}

static inline void dp_update_masks(void)
{
}

static inline void dp_masks_all(void)
{
}
#endif /* DYNAMIC_PRINTK_PATCHED */

/* A call site gains (+1) or loses (-1) 'p'.  dp_mutex held. */
static void dp_count(struct dp_name *e, int delta)
{
	if (!e->nr_print != !(e->nr_print + delta))
		dp_masks_dirty(e);
	e->nr_print += delta;
}

/*
 * The undo log.  A change of flags is all or nothing: a control write, a
 * boot or module parameter, or a registration whose call sites cannot be
 * rewritten (no memory) puts back the flags
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


static struct {
	struct dp_undo_page *page;	/* the newest first */
	int active;
	int nomem;			/* a record was lost: fail */
	int all_mode;			/* before the change */
} dp_undo;

/* Note the old flags of @dd; 0 if there is no memory for the record */
static int dp_undo_record(struct dp_run *run, struct mod_debug *dd)
{
	struct dp_undo_page *pg = dp_undo.page;
	struct dp_undo_rec *rec;

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
	return 1;
}

/*
 * Give a call site of @run new flags; returns 1 if they changed, 0 if
 * they were the same or could not be noted in the undo log (then they
 * stay, and the change fails).  A change of 'p' leaves its table dirty:
 * dp_publish() rewrites its patched call sites.  dp_mutex held.
 */
__cold int dp_set_flags(struct dp_run *run, struct mod_debug *dd,
			unsigned int flags)
{
	unsigned int old = dd->flags;

	/* DP_FL_NOTED stays as it is, or is set when the log notes @dd */
	flags = (flags & ~DP_FL_NOTED) | (old & DP_FL_NOTED);
	if (flags == old)
		return 0;
	if (dp_undo.active && !(old & DP_FL_NOTED)) {
		if (!dp_undo_record(run, dd))
			return 0;
		flags |= DP_FL_NOTED;
	}
	if ((old ^ flags) & DP_FL_PRINT) {
		dp_count(run->name, flags & DP_FL_PRINT ? 1 : -1);
		run->table->dirty = 1;
	}
	ACCESS_ONCE(dd->flags) = flags;
	return 1;
}

/* The registered table of @start, or NULL.  dp_mutex held. */
noinline __cold struct dp_table *dp_find_table(struct mod_debug *start)
{
	struct dp_table *t;

	list_for_each_entry(t, &dp_tables, list)
		if (t->start == start)
			return t;
	return NULL;
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
noinline __cold void dp_begin(void)
{
	dp_undo.active = 1;
	dp_undo.nomem = 0;
	dp_undo.all_mode = dp_all_mode;
}

/*
 * A change of flags ends: publish it, as dp_publish(@quiet) does, or put
 * back what it changed if that fails or the log lost a record.  Returns
 * 0, -ENOMEM or what dp_patch() returned.  dp_mutex held.
 */
__cold int dp_commit(struct dp_table *quiet)
{
	struct dp_undo_page *pg, *next;
	struct dp_undo_rec *rec;
	struct dp_table *t;
	int ret = -ENOMEM;

	if (!dp_undo.nomem)
		ret = dp_publish(quiet);
	dp_undo.active = 0;
	/*
	 * Each call site is in the log once: the order in which their old
	 * flags are put back does not matter
	 */
	for (pg = dp_undo.page; pg; pg = next) {
		next = pg->next;
		for (rec = pg->rec; rec < pg->rec + pg->n; rec++) {
			if (ret)
				dp_set_flags(rec->run, rec->dd, rec->flags);
			ACCESS_ONCE(rec->dd->flags) &= ~DP_FL_NOTED;
		}
		kfree(pg);
	}
	dp_undo.page = NULL;
	if (ret) {
		dp_all_mode = dp_undo.all_mode;
		dp_update_masks();
		/*
		 * Nothing was written: every call site matches its flags
		 * again (with the compiler's NOP or this CPU's, both one
		 * instruction), and no later change need rewrite any of it
		 */
		list_for_each_entry(t, &dp_tables, list)
			t->dirty = 0;
	}
	return ret;
}

/* The entry of the name of @dd, new */
static struct dp_name *dp_new_name(const struct mod_debug *dd,
				   unsigned int djb2)
{
	size_t len = strlen(dd->modname);
	struct dp_name *e = kzalloc(sizeof(*e) + len + 1, GFP_KERNEL);

	if (!e)
		return NULL;
	memcpy(e->name, dd->modname, len + 1);
	INIT_LIST_HEAD(&e->runs);
	e->djb2 = djb2;
	e->hash = djb2 & DP_HASH_MASK;
	hlist_add_head_rcu(&e->hlist, &dp_djb2[e->hash]);
	dp_masks_link(e, dd);
	return e;
}

/* The call sites of a run with 'p' count for (@sign 1) or against its entry */
static noinline void dp_count_run(struct dp_run *run, int sign)
{
	unsigned int i;
	int n = 0;

	for (i = 0; i < run->n; i++)
		n += !!(run->start[i].flags & DP_FL_PRINT);
	dp_count(run->name, sign * n);
}

/*
 * Take a table off dp_tables if it is there (it has a number then), take
 * its runs out of their entries, publish the masks and free it, with the
 * entries left without runs, after a grace period: unregistration, or a
 * registration undone.  Called with dp_mutex held, releases it.
 */
static void dp_drop_table(struct dp_table *t)
{
	struct dp_run *run, *end = t->runs + t->nr_runs;
	struct dp_name *e;

	if (t->id)
		list_del_rcu(&t->list);
	for (run = t->runs; run < end; run++) {
		e = run->name;
		dp_count_run(run, -1);
		list_del(&run->list);
		if (list_empty(&e->runs)) {
			hlist_del_rcu(&e->hlist);
			dp_masks_unlink(e);
		} else {
			run->name = NULL;	/* @e lives on: not freed */
		}
	}
	dp_publish(NULL);
	mutex_unlock(&dp_mutex);
	synchronize_rcu();
	for (run = t->runs; run < end; run++)
		kfree(run->name);
	kfree(t);
}

/* Where the run of descriptors with the name of @dd, up to @end, ends */
static noinline struct mod_debug *dp_run_end(struct mod_debug *dd,
					     const struct mod_debug *end)
{
	const char *name = dd->modname;

	while (++dd < end && (dd->modname == name ||
			      !strcmp(dd->modname, name)))
		;
	return dd;
}

/* ---- registration ------------------------------------------------------- */

/**
 * dynamic_printk_register - register the call sites of vmlinux or a module
 * @start: first descriptor (of the "__verbose" section)
 * @n: number of descriptors
 * @sites: their patched call sites (of the "__verbose_sites" section)
 * @nr_sites: number of those
 * @code: where the code of these call sites is (read only if @nr_sites):
 *	call sites outside it are never written
 *
 * Creates an entry for each module name of the descriptors that has none,
 * lists the call sites in the control file after those registered before,
 * and gives them what 'all' mode, the boot list and boot commands ask for.
 * A module's patched call sites are written directly: its code has not
 * run yet (before its init and its parameters); vmlinux's, which runs,
 * with text_poke_batch().  Must be
 * undone with dynamic_printk_unregister() on the same descriptors, and
 * only after it returned 0.  May sleep.
 *
 * Returns 0, or with nothing registered -ENOMEM, or -EINVAL when a
 * patched call site is neither a NOP nor a jump this file could have
 * written (a build problem: better than writing over code that is not
 * one).  If the call sites of vmlinux cannot be given what they start
 * with (see dp_patch()), they are registered as built.
 */
__cold int dynamic_printk_register(struct mod_debug *start, unsigned long n,
				   struct mod_debug_site *sites,
				   unsigned long nr_sites,
				   const struct dynamic_printk_code *code)
{
	struct dp_table *t;
	struct dp_run *run;
	struct dp_name *e;
	struct mod_debug *dd, *next, *end = start + n;
	LIST_HEAD(done);
	unsigned long nr_runs = 0;
	unsigned int djb2;
	int ret, vmlinux;

	if (!n)
		return 0;
	for (dd = start; dd < end; dd = dp_run_end(dd, end))
		nr_runs++;
	if (nr_sites && dp_check_sites(start, n, sites, nr_sites, code))
		return -EINVAL;
	t = kzalloc(sizeof(*t) + nr_runs * sizeof(*run), GFP_KERNEL);
	if (!t)
		return -ENOMEM;
	t->start = start;
	t->n = n;
	t->sites = sites;
	t->nr_sites = nr_sites;
	if (nr_sites) {
		t->code = *code;
		t->dirty = 1;	/* the NOPs may not be this CPU's */
	}

	mutex_lock(&dp_mutex);
	for (dd = start; dd < end; dd = next) {
		next = dp_run_end(dd, end);
		djb2 = dp_djb2_hash(dd->modname);
		e = dp_find(dd->modname, djb2);
		if (!e)
			e = dp_new_name(dd, djb2);
		if (!e) {
			ret = -ENOMEM;
			goto undo;
		}
		run = &t->runs[t->nr_runs++];
		run->name = e;
		run->table = t;
		run->start = dd;
		run->n = next - dd;
		list_add_tail(&run->list, &e->runs);
		dp_count_run(run, 1);
	}
	dp_begin();
	if (dp_start_table(t, &done))
		dp_undo.nomem = 1;
	if (dp_table_id == DP_ID_MAX) {
		struct dp_table *o;
		unsigned int id = 0;

		list_for_each_entry(o, &dp_tables, list)
			ACCESS_ONCE(o->id) = ++id;
		dp_table_id = id;
	}
	t->id = ++dp_table_id;
	list_add_tail_rcu(&t->list, &dp_tables);
	/* A module's code has not run: written directly; vmlinux's runs */
	vmlinux = start == __start___verbose;
	ret = dp_commit(vmlinux ? NULL : t);
	if (!ret)
		dp_start_log(t, &done);
	dp_free_cmds(&done);
	/*
	 * vmlinux stays registered with the flags it had as built (its
	 * call sites match them): better than none of them listed
	 */
	if (ret && vmlinux)
		printk(KERN_ERR "dynamic_printk: vmlinux: the boot list not "
		       "applied: %d\n", ret);
	if (!ret || vmlinux) {
		mutex_unlock(&dp_mutex);
		return 0;
	}
undo:
	/* The runs made so far lose their 'p' counts and their entries */
	dp_drop_table(t);
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
__cold void dynamic_printk_unregister(struct mod_debug *start,
				      unsigned long n)
{
	struct dp_table *t;

	if (!n)
		return;
	mutex_lock(&dp_mutex);
	t = dp_find_table(start);
	if (!t) {
		mutex_unlock(&dp_mutex);
		return;
	}
	dp_drop_table(t);
}

/* ---- printing ----------------------------------------------------------- */

/* Room for the format with its decorations on the stack of a call site */
#define DP_FORMAT_MAX	256

struct dp_buf {
	char *s;
	size_t len, size;	/* size 0: printk() each piece as it comes */
};

/*
 * Append @str; with a separator @sep, @str is a name, whose each '%' is
 * doubled, and @sep follows it: one call for each name of the prefix.
 * The buffer is not terminated: room is left for the NUL.
 */
static void dp_put(struct dp_buf *b, const char *str, const char *sep)
{
	char *s = b->s;
	size_t len = b->len, size = b->size;

	if (!size) {
		printk(KERN_CONT "%s", str);
	} else {
		for (; *str; str++) {
			/* true once marked: nothing written past it */
			if (len + 2 >= size) {
				b->len = size;	/* too long */
				return;
			}
			if (sep && *str == '%')
				s[len++] = '%';
			s[len++] = *str;
		}
		b->len = len;
	}
	if (sep)
		dp_put(b, sep, NULL);
}

/* The flags of the names and the line, and those of all decorations */
#define DP_FL_NAMES		(DYNAMIC_PRINTK_FL_MODULE | \
				 DYNAMIC_PRINTK_FL_FUNC | \
				 DYNAMIC_PRINTK_FL_SOURCE | \
				 DYNAMIC_PRINTK_FL_LINE)
#define DP_FL_DECORATIONS	(DP_FL_NAMES | DYNAMIC_PRINTK_FL_TID)

/*
 * The decorations of @flags: "[<pid>] " (or "<intr> "), then the names
 * and the line, each followed by a colon, then a space.  The unlikely
 * part of dp_prefix(), out of the way of plain call sites.
 */
static void dp_decorate(const struct mod_debug *dd, unsigned int flags,
			struct dp_buf *b)
{
	/* 'm', 'f', 's' and 'l' each put a name and a colon: one loop */
	static const unsigned char bits[] = {
		DYNAMIC_PRINTK_FL_MODULE, DYNAMIC_PRINTK_FL_FUNC,
		DYNAMIC_PRINTK_FL_SOURCE, DYNAMIC_PRINTK_FL_LINE,
	};
	char num[24], line[16];
	const char *name[] = { dd->modname, dd->function, dp_file(dd), line };
	int i;

	snprintf(line, sizeof(line), "%u", dd->lineno);
	if (flags & DYNAMIC_PRINTK_FL_TID) {
		/* "<intr> " has no conversion: the pid is not printed */
		snprintf(num, sizeof(num), in_interrupt() ? "<intr> " : "[%d] ",
			 current->pid);
		dp_put(b, num, NULL);
	}
	for (i = 0; i < ARRAY_SIZE(bits); i++)
		if (flags & bits[i])
			dp_put(b, name[i], ":");
	if (flags & DP_FL_NAMES)
		dp_put(b, " ", NULL);
}

/*
 * KERN_DEBUG, the decorations of the call site's flags, then what
 * pr_debug() (@dev NULL) or dev_printk() puts before the message.
 */
static void dp_prefix(const struct mod_debug *dd, const struct device *dev,
		      struct dp_buf *b)
{
	unsigned int flags = ACCESS_ONCE(dd->flags);

	dp_put(b, KERN_DEBUG, NULL);
	if (unlikely(flags & DP_FL_DECORATIONS))
		dp_decorate(dd, flags, b);
	if (dev) {
		dp_put(b, dev_driver_string(dev), " ");
		dp_put(b, dev_name(dev), ": ");
	}
	/* dev_printk()'s "<module>: ", pr_debug()'s "<module>:" */
	dp_put(b, dd->modname, dev ? ": " : ":");
}

/*
 * The prefix and the format are one format when they fit on the stack.  When
 * they do not, the prefix is printed piece by piece and the message as
 * its continuation, which another CPU's message could come between.
 */
static void dp_vprintk(const struct mod_debug *dd, const struct device *dev,
		       va_list args)
{
	const char *fmt = dd->format;
	char s[DP_FORMAT_MAX];
	struct dp_buf b = { s, 0, sizeof(s) };

	/* A patched call site can jump here a moment after losing 'p' */
	if (unlikely(!(ACCESS_ONCE(dd->flags) & DP_FL_PRINT)))
		return;
	dp_prefix(dd, dev, &b);
	dp_put(&b, fmt, NULL);
	if (b.len < b.size) {
		s[b.len] = '\0';
		fmt = s;
	} else {
		b.size = 0;
		dp_prefix(dd, dev, &b);
	}
	vprintk(fmt, args);
}

/**
 * __dynamic_pr_debug - print the message of a pr_debug() call site
 * @dd: the call site's descriptor, which holds its format
 *
 * Called by a call site with 'p', with the arguments of its format.
 * Prints at KERN_DEBUG the decorations the call site's flags ask for,
 * "<module>:" and the message.  Takes no lock of its own and does not
 * sleep: call sites may be in any context.
 */
void __dynamic_pr_debug(const struct mod_debug *dd, ...)
{
	va_list args;

	va_start(args, dd);
	dp_vprintk(dd, NULL, args);
	va_end(args);
}
EXPORT_SYMBOL(__dynamic_pr_debug);

/**
 * __dynamic_dev_dbg - print the message of a dev_dbg() call site
 * @dd: the call site's descriptor, which holds its format
 * @dev: the device
 *
 * As __dynamic_pr_debug(), with what dev_printk() puts first: the driver
 * and the device, then "<module>: " and the message.
 */
void __dynamic_dev_dbg(const struct mod_debug *dd, const struct device *dev,
		       ...)
{
	va_list args;

	va_start(args, dev);
	dp_vprintk(dd, dev, args);
	va_end(args);
}
EXPORT_SYMBOL(__dynamic_dev_dbg);

/**
 * __dynamic_hex_dump - dump a buffer for a print_hex_dump_debug() call site
 * @dd: the call site's descriptor, whose format is @prefix
 * @prefix: put before each line
 * @type: DUMP_PREFIX_NONE, _ADDRESS or _OFFSET
 * @rowsize: bytes per line, 16 or 32
 * @groupsize: bytes per group: 1, 2, 4 or 8
 * @buf: what is dumped
 * @len: its length
 * @ascii: the bytes as text too
 *
 * Called by a call site with 'p': print_hex_dump() at KERN_DEBUG, each
 * line as it prints it, without decorations (a dump is many lines).  As
 * __dynamic_pr_debug(), takes no lock of its own and does not sleep.
 */
void __dynamic_hex_dump(const struct mod_debug *dd, const char *prefix,
			int type, int rowsize, int groupsize, const void *buf,
			unsigned long len, int ascii)
{
	/* as in dp_vprintk(): a patched call site may be a moment late */
	if (ACCESS_ONCE(dd->flags) & DP_FL_PRINT)
		print_hex_dump(KERN_DEBUG, prefix, type, rowsize, groupsize,
			       buf, len, ascii);
}
EXPORT_SYMBOL(__dynamic_hex_dump);

/* ---- boot --------------------------------------------------------------- */

/*
 * Give every call site of vmlinux 'p' and fill the masks: used by the boot
 * word from setup_arch() on, before anything is registered, so that
 * built-in code prints its debug messages from there on.
 */
void __init dp_all_mode_on(void)
{
	struct mod_debug *dd;

	dp_all_mode = 1;
	for (dd = __start___verbose; dd < __stop___verbose; dd++)
		dd->flags |= DP_FL_PRINT;
	dp_masks_all();
	dp_all_sites_on();
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
#ifdef DYNAMIC_PRINTK_PATCHED
	struct dynamic_printk_code code;
#endif
	int ret;

	mutex_lock(&dp_mutex);
	dp_boot_options();
	mutex_unlock(&dp_mutex);

#ifdef DYNAMIC_PRINTK_PATCHED
	arch_dynamic_printk_init();
	dp_vmlinux_code(&code);
	ret = dynamic_printk_register(__start___verbose,
				      __stop___verbose - __start___verbose,
				      __start___verbose_sites,
				      __stop___verbose_sites -
				      __start___verbose_sites, &code);
#else
	ret = dynamic_printk_register(__start___verbose,
				      __stop___verbose - __start___verbose,
				      NULL, 0, NULL);
#endif
	/* Exact masks from now on, even if vmlinux is not registered */
	mutex_lock(&dp_mutex);
	dp_publish(NULL);
	mutex_unlock(&dp_mutex);
	if (ret)
		printk(KERN_ERR "dynamic_printk: cannot register the call "
		       "sites of vmlinux: %d\n", ret);
	else
		dp_boot_commands();
#ifdef DYNAMIC_PRINTK_PATCHED
	/* From now on other CPUs may run: live code needs stop_machine() */
	dp_live = 1;
#endif
}
