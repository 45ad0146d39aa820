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
 * no 'p', "jmp rel32" to its print code while it has.  This file chooses
 * the instructions, checks call sites, and builds the batch of those a
 * change rewrites; text_poke_batch() (arch/x86/kernel/alternative.c)
 * writes a batch in one stop_machine(), whole for NMI and machine check
 * handlers too.
 *
 * Written directly instead, with interrupts off: the call sites of code
 * that has not run yet (a module being registered or given its
 * parameters).  Before SMP is up, a batch is written without
 * stop_machine(), but whole for NMI handlers all the same; before
 * trap_init(), with text_poke_early().
 *
 * This file is released under the GPLv2.
 */

#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>
#include <linux/irqflags.h>
#include <linux/dynamic_printk.h>
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
 * P6 NOPs (on x86_64 only); otherwise (K8's, K7's and the generic 5-byte
 * NOPs are two instructions) the compiler's, chosen before any is written.
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
	int rel = dynamic_printk_site_print(s) -
		  (dynamic_printk_site_code(s) + DP_INSN_SIZE);

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
 * @c: where their code is: a call site outside is left alone
 *
 * Writes directly whichever of them is stale: their code has not run
 * (a module being registered, or given its parameters) and none of it
 * has been freed.
 */
void arch_dynamic_printk_write_quiet(const struct mod_debug_site *sites,
				     unsigned int n,
				     const struct dynamic_printk_code *c)
{
	unsigned char insn[DP_INSN_SIZE];
	unsigned long flags;
	unsigned int i;

	local_irq_save(flags);
	for (i = 0; i < n; i++)
		if (dynamic_printk_site_in_code(&sites[i], c) &&
		    dp_site_insn(&sites[i], insn))
			memcpy(dp_code(&sites[i]), insn, DP_INSN_SIZE);
	local_irq_restore(flags);
	sync_core();
}

/**
 * arch_dynamic_printk_write_early - rewrite call sites from setup_arch()
 * @sites: the entries
 * @n: their number
 * @c: where their code is: a call site outside is left alone
 *
 * Before trap_init() (no NMI handler exists yet) and before the
 * allocators: written in place with text_poke_early().
 */
void __init arch_dynamic_printk_write_early(const struct mod_debug_site *sites,
					    unsigned int n,
					    const struct dynamic_printk_code *c)
{
	unsigned char insn[DP_INSN_SIZE];
	unsigned int i;

	for (i = 0; i < n; i++)
		if (dynamic_printk_site_in_code(&sites[i], c) &&
		    dp_site_insn(&sites[i], insn))
			text_poke_early(dp_code(&sites[i]), insn,
					DP_INSN_SIZE);
}

/* A batch: the call sites of one rewrite, for text_poke_batch() */
struct dynamic_printk_pokes {
	unsigned int n, max;
	struct text_poke_op op[];
};

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

	p = dp_alloc(sizeof(*p) + max * sizeof(p->op[0]));
	if (p) {
		p->n = 0;
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
	struct text_poke_op *op = &p->op[p->n];

	/* More than it was made for: arch_dynamic_printk_write() refuses */
	if (WARN_ON(p->n >= p->max)) {
		p->n = p->max + 1;
		return;
	}
	dp_site_insn(s, op->opcode);
	op->addr = dp_code(s);
	op->len = DP_INSN_SIZE;
	p->n++;
}

/**
 * arch_dynamic_printk_write - rewrite a batch of call sites of live code
 * @p: the batch, freed here
 * @live: other CPUs may run (else: before SMP is up, written in place)
 *
 * Every call site of the batch at once, with text_poke_batch(): in one
 * stop_machine(), and whole for NMI and machine check handlers.  Returns
 * 0, or with nothing written -ENOMEM (no mapping) or -EINVAL (more call
 * sites were added than the batch was made for).  May sleep.
 */
int arch_dynamic_printk_write(struct dynamic_printk_pokes *p, int live)
{
	int ret;

	if (p->n > p->max)
		ret = -EINVAL;
	else
		ret = text_poke_batch(p->op, p->n, live);
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
