/*
 * lib/dynamic_printk_sites.c
 *
 * Patched call sites (CONFIG_DYNAMIC_PRINTK_PATCH_SITES), the generic
 * part: which call sites a change of flags must rewrite, and which may
 * never be written again (freed init code, kprobes' question).  How an
 * instruction is written is the architecture's business
 * (arch/x86/kernel/dynamic_printk.c); this file only walks the tables of
 * dynamic_printk.c.
 *
 * Serialized by dp_mutex, taken by the caller or here, but for what runs
 * before other CPUs do (the boot word, registering vmlinux) and
 * dp_check_sites(), which reads only the call sites it is given.
 *
 * This file is released under the GPLv2.
 */

#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/sched.h>
#include <linux/dynamic_printk.h>
#include <asm/sections.h>
#include "dynamic_printk_internal.h"

#ifdef DYNAMIC_PRINTK_PATCHED

/*
 * Every change of 'p' leaves its table dirty; dp_publish() then brings the
 * instructions of the dirty tables in line with their flags: those of
 * live code all in one batch, which the architecture writes in one
 * stop_machine(), those of a table whose code has not run yet directly.
 * Before dynamic_printk_init() returns, while one CPU runs, the batch is
 * written in place.
 *
 * A site's flags change before its instruction: for the moment between,
 * a site that lost 'p' may still jump to its print code, which therefore
 * tests 'p' once more (dp_vprintk()).
 */

/* Set when dynamic_printk_init() returns: other CPUs may run code */
int dp_live;

/* For messages: vmlinux's first descriptor has a module name of its own */
static const char *dp_table_name(const struct mod_debug *start)
{
	return start == __start___verbose ? "vmlinux" : start->modname;
}

/* The code of vmlinux, where its call sites are */
void __init dp_vmlinux_code(struct dynamic_printk_code *c)
{
	c->start = (unsigned long)_stext;
	c->end = (unsigned long)_etext;
	c->init = (unsigned long)__init_begin;
	c->init_end = (unsigned long)__init_end;
}

/*
 * Are these call sites, each with a descriptor of its own table
 * @start[0..@n), what the compiler put or what was written since?  A call
 * site outside @c is not read (what is there need not even be mapped) and
 * never written: an exit section the module loader did not keep (no
 * module unloading), a corrupt entry.  Returns 0, or -EINVAL if a call
 * site in @c is not one: nothing of the table may then be written.
 */
int dp_check_sites(const struct mod_debug *start, unsigned long n,
		   const struct mod_debug_site *sites, unsigned long nr_sites,
		   const struct dynamic_printk_code *c)
{
	const struct mod_debug *desc;
	unsigned long i, outside = 0;

	for (i = 0; i < nr_sites; i++) {
		if (!dynamic_printk_site_in_code(&sites[i], c)) {
			outside++;
			continue;
		}
		desc = dynamic_printk_site_desc(&sites[i]);
		if (desc < start || desc >= start + n ||
		    ((unsigned long)desc - (unsigned long)start) %
		    sizeof(*desc)) {
			printk(KERN_ERR "dynamic_printk: %s: call site entry "
			       "%lu has no descriptor of its own\n",
			       dp_table_name(start), i);
			return -EINVAL;
		}
		if (!arch_dynamic_printk_valid(&sites[i])) {
			printk(KERN_ERR "dynamic_printk: %s: %p is not a call "
			       "site\n", dp_table_name(start),
			       (void *)dynamic_printk_site_code(&sites[i]));
			return -EINVAL;
		}
	}
	if (outside)
		printk(KERN_WARNING "dynamic_printk: %s: %lu call sites "
		       "outside its code, never written\n",
		       dp_table_name(start), outside);
	return 0;
}

/*
 * The live call sites that do not match their flags, of the dirty tables
 * but @quiet: counted, and added to @p if not NULL
 */
static unsigned int dp_stale_sites(struct dp_table *quiet,
				   struct dynamic_printk_pokes *p)
{
	struct mod_debug_site *s;
	struct dp_table *t;
	unsigned int n = 0;

	list_for_each_entry(t, &dp_tables, list) {
		if (!t->dirty || t == quiet)
			continue;
		cond_resched();
		for (s = t->sites; s < t->sites + t->nr_sites; s++)
			if (dynamic_printk_site_in_code(s, &t->code) &&
			    arch_dynamic_printk_stale(s)) {
				if (p)
					arch_dynamic_printk_poke(p, s);
				n++;
			}
	}
	return n;
}

/*
 * Rewrite the call sites of the dirty tables that do not match their
 * flags: those of live code in one batch, then directly those of @quiet
 * (a table whose code has not run).  dp_mutex held.  Fails (-ENOMEM)
 * with nothing written and the tables left dirty: dp_commit()
 * then puts the flags back as they were.
 */
int dp_patch(struct dp_table *quiet)
{
	struct dynamic_printk_pokes *p;
	struct dp_table *t;
	unsigned int n;
	int ret = 0;

	n = dp_stale_sites(quiet, NULL);
	if (n) {
		ret = -ENOMEM;
		p = arch_dynamic_printk_pokes(n);
		if (p) {
			dp_stale_sites(quiet, p);
			ret = arch_dynamic_printk_write(p, dp_live);
		}
	}
	if (ret) {
		printk(KERN_ERR "dynamic_printk: cannot rewrite %u call "
		       "sites: %d\n", n, ret);
		return ret;
	}
	/* Code that has not run yet: written directly */
	if (quiet && quiet->dirty)
		arch_dynamic_printk_write_quiet(quiet->sites, quiet->nr_sites,
						&quiet->code);
	list_for_each_entry(t, &dp_tables, list)
		t->dirty = 0;
	return 0;
}

/*
 * 'all' mode from the boot word: every call site of vmlinux jumps.  From
 * setup_arch(), before trap_init() and the allocators.  If the call
 * sites are not what they should be, nothing is written (and
 * registration fails).
 */
void __init dp_all_sites_on(void)
{
	struct dynamic_printk_code c;

	dp_vmlinux_code(&c);
	if (!dp_check_sites(__start___verbose,
			    __stop___verbose - __start___verbose,
			    __start___verbose_sites,
			    __stop___verbose_sites - __start___verbose_sites,
			    &c))
		arch_dynamic_printk_write_early(__start___verbose_sites,
						__stop___verbose_sites -
						__start___verbose_sites, &c);
}

/**
 * dynamic_printk_free_init - forget the call sites of init code being freed
 * @start: the first descriptor of a registered table
 *
 * Call sites in the init code of @start's table are never written again.
 * Called before that code is freed: vmlinux's, or a module's once its
 * init returned.
 */
void dynamic_printk_free_init(struct mod_debug *start)
{
	struct dp_table *t;

	mutex_lock(&dp_mutex);
	t = dp_find_table(start);
	if (t)
		t->code.init = t->code.init_end = 0;
	mutex_unlock(&dp_mutex);
}

/**
 * dynamic_printk_free_initmem - forget the call sites of vmlinux's init code
 *
 * Called by init/main.c before it frees the init sections.
 */
void dynamic_printk_free_initmem(void)
{
	dynamic_printk_free_init(__start___verbose);
}

/* Only kprobes asks */
#ifdef CONFIG_KPROBES
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
	struct mod_debug_site *s;
	struct dp_table *t;
	unsigned long code;
	int ret = 0;

	mutex_lock(&dp_mutex);
	list_for_each_entry(t, &dp_tables, list) {
		cond_resched();
		for (s = t->sites; s < t->sites + t->nr_sites && !ret; s++) {
			code = dynamic_printk_site_code(s);
			ret = addr >= code &&
			      addr < code + DYNAMIC_PRINTK_INSN_SIZE &&
			      dynamic_printk_site_in_code(s, &t->code);
		}
	}
	mutex_unlock(&dp_mutex);
	return ret;
}
#endif /* CONFIG_KPROBES */

#endif /* DYNAMIC_PRINTK_PATCHED */
