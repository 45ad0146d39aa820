/*
 * lib/dynamic_printk_internal.h
 *
 * What the files of dynamic printk share, and nobody else:
 *	dynamic_printk.c		the core: names, tables, masks, the
 *					undo log, registration, printing
 *	dynamic_printk_parse.c		the command language, parsed into
 *					struct dp_cmd (no state, no locks)
 *	dynamic_printk_control.c	commands applied, the modules and
 *					control files, boot and module
 *					parameters
 *	dynamic_printk_sites.c		which patched call sites to rewrite
 * Everything declared here that is not const is written under dp_mutex
 * only, or before other CPUs run (the boot word); what readers may see
 * locklessly is said where it is declared.
 *
 * This file is released under the GPLv2.
 */

#ifndef _LIB_DYNAMIC_PRINTK_INTERNAL_H
#define _LIB_DYNAMIC_PRINTK_INTERNAL_H

#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/string.h>
#include <linux/dynamic_printk.h>

#define DP_HASH_SIZE		DYNAMIC_PRINTK_HASH_SIZE
#define DP_HASH_MASK		(DP_HASH_SIZE - 1)

#define DP_FL_PRINT		DYNAMIC_PRINTK_FL_PRINT
/*
 * In a descriptor's flags, no flag of its call site's: its old flags are
 * in the undo log of the change under way (dynamic_printk.c).  Each call
 * site is logged once per change, so the log is bounded by the call
 * sites, not by the commands of a batch.  Readers of the flags mask it.
 */
#define DP_FL_NOTED		0x80

/* One entry per distinct module name; the name is copied. */
struct dp_name {
	struct hlist_node hlist;	/* in dp_djb2[hash] */
#ifndef DYNAMIC_PRINTK_PATCHED
	struct hlist_node hlist2;	/* in dp_r5[hash2], for the masks */
#endif
	struct list_head runs;		/* its struct dp_run's */
	unsigned int nr_print;		/* call sites with 'p' */
	unsigned int djb2;		/* whole djb2 hash of name */
	unsigned char hash;		/* djb2 bucket of name */
#ifndef DYNAMIC_PRINTK_PATCHED
	unsigned char hash2;		/* r5 bucket of name */
#endif
	char name[];
};

/* Adjacent descriptors of one registration with the same module name */
struct dp_run {
	struct list_head list;		/* in name->runs */
	struct dp_name *name;		/* NULL once dropped, if it lives on */
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
	unsigned int id;		/* from 1 once on dp_tables, 0 before */
	struct mod_debug_site *sites;	/* its patched call sites, if any */
	unsigned int nr_sites;
	int dirty;			/* a 'p' changed: sites to rewrite? */
	struct dynamic_printk_code code; /* where its sites may be written */
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

extern struct list_head dp_tables;	/* RCU; writers hold dp_mutex */
extern struct hlist_head dp_djb2[DP_HASH_SIZE];	/* RCU, as dp_tables */
extern struct list_head dp_boot_list;
extern struct mutex dp_mutex;
/* 'all' mode (see dynamic_printk.c); read locklessly */
extern int dp_all_mode;
/* log each control file command applied (dynamic_printk_control.c) */
extern int dp_verbose;

/* dynamic_printk.c: lookups, and changes of flags within a change */
unsigned int dp_djb2_hash(const char *str);
const char *dp_file(const struct mod_debug *dd);
struct dp_name *dp_find(const char *name, unsigned int djb2);
struct dp_boot *dp_find_boot(const char *name, unsigned int djb2, int wish);
struct dp_table *dp_find_table(struct mod_debug *start);
int dp_set_flags(struct dp_run *run, struct mod_debug *dd,
		 unsigned int flags);
void dp_begin(void);
int dp_commit(struct dp_table *quiet);
void dp_all_mode_on(void);

/*
 * A parsed command.  A write is a batch of them, separated by ';' or
 * newlines, parsed into a list before any is applied.  The modules file
 * takes
 *	set enabled=<0|1> <name>	(the original interface)
 *	<name> enabled=<0|1>		(a line of the file, to restore it)
 * the control file
 *	[file|func|module|format|line <value>]... <+|-|=>[<flags>]
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

#define DP_QUOTE_MAX	64	/* most of a command quoted in the log */

/* Room for a refusal's line: a command and a word quoted, and why */
#define DP_REFUSAL_MAX	(2 * DP_QUOTE_MAX + 128)

/*
 * Room for the words of @count bytes decoded: no word grows, each gets a
 * NUL, and two words are at least two bytes apart.
 */
#define DP_DECODED_MAX(count)	((count) + (count) / 2 + 1)

/* The flags' letters, in the order the control file shows them */
extern const char dp_flag_chars[];
extern const unsigned char dp_flag_bits[];
#define DP_NR_FLAGS	6

/* dynamic_printk_sites.c: patched call sites, or their stubs */
#ifdef DYNAMIC_PRINTK_PATCHED
extern int dp_live;
int dp_check_sites(const struct mod_debug *start, unsigned long n,
		   const struct mod_debug_site *sites, unsigned long nr_sites,
		   const struct dynamic_printk_code *c);
int dp_patch(struct dp_table *quiet);
void dp_all_sites_on(void);
void dp_vmlinux_code(struct dynamic_printk_code *c);
#else
/* Call sites test the masks and their flags: nothing to write */
static inline int dp_patch(struct dp_table *quiet)
{
	return 0;
}

/* Patched call sites cannot be written by this build */
static inline int dp_check_sites(const struct mod_debug *start,
				 unsigned long n,
				 const struct mod_debug_site *sites,
				 unsigned long nr_sites,
				 const struct dynamic_printk_code *c)
{
	printk(KERN_ERR "dynamic_printk: %s: patched call sites\n",
	       start->modname);
	return -EINVAL;
}

static inline void dp_all_sites_on(void)
{
}
#endif

/* dynamic_printk_parse.c */
int dp_check_bytes(const char *buf, size_t count, enum dp_kind kind);
void dp_log_refusal(enum dp_kind kind, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
int dp_parse_batch(const char *buf, size_t count, char *out,
		   enum dp_kind kind, int (*check)(const struct dp_cmd *),
		   struct list_head *cmds);
void dp_free_cmds(struct list_head *cmds);
int dp_has_wildcard(const char *s);
int dp_match(const char *pat, const char *str);

/* dynamic_printk_control.c: what registration and boot take from it */
int dp_start_table(struct dp_table *t, struct list_head *done);
void dp_start_log(struct dp_table *t, struct list_head *done);
void dp_boot_options(void);
void dp_boot_commands(void);

#endif /* _LIB_DYNAMIC_PRINTK_INTERNAL_H */
