/*
 * lib/dynamic_printk_control.c
 *
 * What user space and the command line ask of dynamic printk: commands
 * (parsed by dynamic_printk_parse.c) applied to the registered call
 * sites, the <debugfs>/dynamic_printk/modules and control files, the
 * boot word, "dyndbg=" and "<module>.dyndbg=", and the parameters every
 * module takes.
 *
 * Each change of flags runs between dp_begin() and dp_commit() with
 * dp_mutex held, so that it is all or nothing; the files are read under
 * rcu_read_lock() only.  See dynamic_printk.c for the tables.
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
#include <linux/sched.h>
#include <linux/rcupdate.h>
#include <linux/rculist.h>
#include <linux/fs.h>
#include <linux/seq_file.h>
#include <linux/debugfs.h>
#include <linux/proc_fs.h>
#include <linux/moduleparam.h>
#include <linux/uaccess.h>
#include <linux/dynamic_printk.h>
#include <asm/page.h>
#include "dynamic_printk_internal.h"

static char *boot_list __initdata;	/* "dynamic_printk=<list>" */
static char *boot_dyndbg __initdata;	/* "dyndbg=<commands>" */

/*
 * dynamic_printk.verbose: 1 logs each control file command applied and
 * how many call sites it changed.  Read without a lock: a line more or
 * less while it changes is harmless.
 */
int dp_verbose;
#undef MODULE_PARAM_PREFIX
#define MODULE_PARAM_PREFIX "dynamic_printk."
module_param_named(verbose, dp_verbose, int, 0644);
MODULE_PARM_DESC(verbose, "log each control file command applied (0, 1)");

/* ---- commands applied --------------------------------------------------- */

/*
 * Does @pat match the whole of @str?  A glob, or for a line of the file
 * (exact) the string itself: its '*' and '?' are characters like others.
 */
static int dp_str_matches(const struct dp_cmd *cmd, const char *pat,
			  const char *str)
{
	return cmd->exact ? !strcmp(pat, str) : dp_match(pat, str);
}

/*
 * Does the call site match the command's match-specs (not the module)?
 * A line of the file (exact) gives file, func and format, each matched
 * as a whole; a query's file may also match the base name, and its
 * format is a part of the call site's ('^': its start).
 */
static int dp_site_matches(const struct dp_cmd *cmd,
			   const struct mod_debug *dd)
{
	const char *file, *base, *at, *format = cmd->format;
	int start;

	if (dd->lineno < cmd->first || dd->lineno > cmd->last)
		return 0;
	if (cmd->func && !dp_str_matches(cmd, cmd->func, dd->function))
		return 0;
	if (format && cmd->exact) {
		if (strcmp(dd->format, format))
			return 0;
	} else if (format) {
		start = format[0] == '^';
		at = strstr(dd->format, format + start);
		if (!at || (start && at != dd->format))
			return 0;
	}
	if (cmd->file) {
		file = dp_file(dd);
		base = strrchr(file, '/');
		if (!dp_str_matches(cmd, cmd->file, file) &&
		    (cmd->exact || !base || !dp_match(cmd->file, base + 1)))
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

	/* A batch of commands over thousands of call sites takes a while */
	cond_resched();
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
static noinline unsigned int dp_apply_table(const struct dp_cmd *cmd,
					    struct dp_table *t,
					    struct dp_name *name)
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
 * wildcards, the module of a line of the file (exact, whatever it
 * holds) or the name of a set command (a registered one) is looked up:
 * its call sites are reached through its entry, whatever the number of
 * others.  A set command without a name is "all".
 */
static unsigned int dp_apply(const struct dp_cmd *cmd)
{
	struct dp_table *t;
	struct dp_run *run;
	struct dp_name *e;
	unsigned int changed = 0;

	if (cmd->module && (cmd->exact || cmd->kind == DP_SET ||
			    !dp_has_wildcard(cmd->module))) {
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
	if (dp_verbose)
		printk(KERN_DEBUG "dynamic_printk: \"%.*s\" changed %u "
		       "call sites\n", min(cmd->len, DP_QUOTE_MAX), cmd->text,
		       changed);
}

/* "<name> enabled=<0|1>", as the modules file shows it */
static void dp_log_enabled(const char *name, int on)
{
	printk(KERN_DEBUG "dynamic_printk: %s enabled=%d\n", name, on);
}

/*
 * May a set command be applied?  "all" (no name), a registered name, or
 * a name the boot list wishes for (only to forget the wish).  dp_mutex
 * held.
 */
static int dp_check_set(const struct dp_cmd *cmd)
{
	unsigned int djb2;

	if (!cmd->module)
		return 0;
	djb2 = dp_djb2_hash(cmd->module);
	if (dp_find(cmd->module, djb2))
		return 0;
	if (cmd->op == '-' && dp_find_boot(cmd->module, djb2, 1))
		return 0;
	return -EINVAL;
}

/*
 * Once the change holds: a set command that switched off also forgets
 * the boot list's wish (every wish, for "all"), and is logged.  dp_mutex
 * held.
 */
static noinline void dp_set_done(const struct dp_cmd *cmd)
{
	int on = cmd->op == '+';
	struct dp_boot *b, *tmp;

	if (!on)
		list_for_each_entry_safe(b, tmp, &dp_boot_list, list)
			if (!b->cmds && (!cmd->module ||
					 !strcmp(b->name, cmd->module))) {
				list_del(&b->list);
				kfree(b);
			}
	dp_log_enabled(cmd->module ? cmd->module : "all", on);
}

/*
 * A batch of commands, whoever gives it: the files, "dyndbg=" and
 * "<module>.dyndbg=", the module parameters.  It is applied to the call
 * sites of table @t (only to those of @name, if not NULL), or with no
 * table to every call site it matches.
 */
struct dp_batch {
	const char *buf;		/* @count bytes of commands */
	size_t count;
	char *out;			/* for dp_parse_batch() */
	enum dp_kind kind;
	struct dp_table *t;
	struct dp_name *name;
};

/*
 * The one pipeline of commands: parse batch @b and apply it within the
 * caller's change; with no @done, only check it.  The commands applied
 * are added to @done, after those there, to be logged by dp_log_done()
 * once the change holds; a control file command keeps only its text for
 * the log, not its words.  dp_mutex held.  Returns 0, or -EINVAL or
 * -ENOMEM with nothing applied and @done freed.
 */
static int dp_run_batch(const struct dp_batch *b, struct list_head *done)
{
	LIST_HEAD(list);
	struct list_head *cmds = done ? done : &list;
	/* the batch goes after the last command there, or the list's head */
	struct dp_cmd *cmd = list_entry(cmds->prev, struct dp_cmd, list);
	int ret;

	ret = dp_parse_batch(b->buf, b->count, b->out, b->kind,
			     b->kind == DP_SET ? dp_check_set : NULL, cmds);
	dp_free_cmds(&list);
	if (ret || !done)
		return ret;
	list_for_each_entry_continue(cmd, done, list) {
		if (b->kind == DP_SET && !cmd->module)
			dp_all_mode = cmd->op == '+';
		cmd->changed = b->t ? dp_apply_table(cmd, b->t, b->name) :
				      dp_apply(cmd);
		if (b->kind == DP_QUERY) {
			cmd->module = NULL;
			cmd->file = cmd->func = cmd->format = NULL;
		}
	}
	return 0;
}

/*
 * Log the commands of a change that holds, and free them.  A control
 * file command's log reads only its text and count: the words it was
 * decoded into may be gone.
 */
static void dp_log_done(struct list_head *done)
{
	struct dp_cmd *cmd;

	list_for_each_entry(cmd, done, list)
		if (cmd->kind == DP_SET)
			dp_set_done(cmd);
		else
			dp_log_applied(cmd, cmd->changed);
	dp_free_cmds(done);
}

/*
 * Run batch @b as a change of its own (see dp_run_batch()), logged if it
 * holds.  dp_mutex held.  Returns 0, -EINVAL, -ENOMEM or what
 * dp_commit() returns, with nothing changed.
 */
static int dp_change(const struct dp_batch *b)
{
	struct dp_table *t = b->t;
	LIST_HEAD(done);
	int ret, err;

	dp_begin();
	ret = dp_run_batch(b, &done);
	/*
	 * @t is vmlinux's, whose code runs, or a module's that is loading
	 * (its parameters), whose code has not run yet: written directly
	 * (see dp_patch()).  A live module's would need text_poke_batch().
	 */
	err = dp_commit(t && t->start != __start___verbose ? t : NULL);
	if (!ret)
		ret = err;
	if (!ret)
		dp_log_done(&done);
	dp_free_cmds(&done);
	return ret;
}

/*
 * Control file commands given as a string, by a parameter: run on table
 * @t within the caller's change (see dp_run_batch()), or with no @done
 * as a change of their own (see dp_change()); with neither @t nor @done,
 * only checked (then dp_mutex need not be held, else it must).  Returns
 * 0, -EINVAL, -E2BIG (longer than a page), -ENOMEM or what dp_commit()
 * returns, with nothing applied.
 */
static int dp_run_commands(const char *cmds, struct dp_table *t,
			   struct dp_name *name, struct list_head *done)
{
	struct dp_batch b = { cmds, strlen(cmds), NULL, DP_QUERY, t, name };
	int ret;

	/* No more than a write to the files: a module parameter may be MBs */
	if (b.count > PAGE_SIZE)
		return -E2BIG;
	b.out = kmalloc(DP_DECODED_MAX(b.count), GFP_KERNEL);
	if (!b.out)
		return -ENOMEM;
	if (t && !done)
		ret = dp_change(&b);
	else
		ret = dp_run_batch(&b, done);
	kfree(b.out);
	return ret;
}

/* ---- what registered call sites start with ------------------------------ */

/* 'p' for every call site it is applied to */
static const struct dp_cmd dp_cmd_print = {
	.kind = DP_SET,
	.last = UINT_MAX,
	.op = '+',
	.flags = DP_FL_PRINT,
};

/* The first run of @t with name @e, or t->nr_runs if none */
static unsigned int dp_first_run(struct dp_table *t, struct dp_name *e)
{
	unsigned int i;

	for (i = 0; i < t->nr_runs && t->runs[i].name != e; i++)
		;
	return i;
}

/* Does the boot list wish for the name of run @i of @t (its first)? */
static int dp_wished(struct dp_table *t, unsigned int i)
{
	struct dp_name *e = t->runs[i].name;

	return dp_first_run(t, e) == i && dp_find_boot(e->name, e->djb2, 1);
}

/*
 * What a new table's call sites start with, within the registration's
 * change: 'p' in 'all' mode or when the boot list wishes for their name,
 * then the boot commands for their name (moved to @done, see
 * dp_run_commands()).  Call sites of files compiled with DEBUG have 'p'
 * from the start.  Only the new call sites change: those registered
 * before keep what they were given since.  Returns 0 or -ENOMEM.
 */
int dp_start_table(struct dp_table *t, struct list_head *done)
{
	struct dp_boot *b;
	struct dp_name *e;
	unsigned int i;

	for (i = 0; i < t->nr_runs; i++)
		if (dp_all_mode || dp_find_boot(t->runs[i].name->name,
					     t->runs[i].name->djb2, 1))
			dp_apply_run(&dp_cmd_print, &t->runs[i]);
	list_for_each_entry(b, &dp_boot_list, list) {
		e = b->cmds ? dp_find(b->name, b->djb2) : NULL;
		/* checked when the command line was read: only -ENOMEM */
		if (e && dp_first_run(t, e) < t->nr_runs &&
		    dp_run_commands(b->cmds, t, e, done))
			return -ENOMEM;
	}
	return 0;
}

/* Once the registration holds: one line per name the boot list wished */
void dp_start_log(struct dp_table *t, struct list_head *done)
{
	unsigned int i;

	for (i = 0; !dp_all_mode && i < t->nr_runs; i++)
		if (dp_wished(t, i))
			dp_log_enabled(t->runs[i].name->name, 1);
	dp_log_done(done);
}

/* ---- module parameters ------------------------------------------------- */

/* A parameter name, '-' read as '_' as modprobe does */
static noinline int dp_param_is(const char *param, const char *word)
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
 * changed -EINVAL for a bad value, or -ENOMEM when the flags
 * cannot be noted or call sites cannot be rewritten: the module's own are
 * written directly, which cannot fail, but "dynamic_printk" also reaches
 * built-in call sites of the same module name, should there be any.
 */
int dynamic_printk_module_param(struct mod_debug *start, unsigned long n,
				char *param, char *val)
{
	struct dp_cmd cmd = dp_cmd_print;
	struct dp_table *t;
	int ret = 0;

	if (dp_param_is(param, "dyndbg")) {
		cmd.kind = DP_QUERY;
		if (!val)
			val = "+p";
	} else if (!dp_param_is(param, "dynamic_printk")) {
		return -ENOENT;
	} else if (val && strcmp(val, "1")) {
		if (strcmp(val, "0"))
			return -EINVAL;
		cmd.op = '-';
	}

	mutex_lock(&dp_mutex);
	t = n ? dp_find_table(start) : NULL;
	if (cmd.kind == DP_QUERY) {
		ret = dp_run_commands(val, t, NULL, NULL);
	} else if (t) {
		cmd.module = t->runs[0].name->name;
		dp_begin();
		dp_apply(&cmd);
		ret = dp_commit(t);
		if (!ret)
			dp_log_enabled(cmd.module, cmd.op == '+');
	}
	mutex_unlock(&dp_mutex);
	return ret;
}

/*
 * The parameters of the module being loaded that are ours, in order:
 * checked while its parameters are parsed, applied afterwards.  Loads
 * are serialized by the loader (module_mutex).
 */
#define DP_LOAD_PARAMS_MAX	16
static struct {
	const char *module;
	char *param[DP_LOAD_PARAMS_MAX][2];
	unsigned int n;
	unsigned int last;		/* the last "dynamic_printk" */
} dp_load;

/* parse_args()'s callback for the parameters the module does not have */
static int dp_load_param(char *param, char *val)
{
	/* With no call sites given, this only checks the value */
	int err = dynamic_printk_module_param(NULL, 0, param, val);
	int dyndbg = dp_param_is(param, "dyndbg");

	/*
	 * A typo in modprobe configuration must not cost a module, or a
	 * boot: bad "dyndbg" commands are reported (the line before says
	 * which and why, quoted) and left out; too long a value is not
	 * even parsed.
	 */
	if (err == -EINVAL && dyndbg) {
		printk(KERN_ERR "%s: bad dyndbg value ignored\n",
		       dp_load.module);
		return 0;
	}
	if (err == -E2BIG) {
		printk(KERN_ERR "%s: dyndbg value of %zu bytes too long, "
		       "ignored\n", dp_load.module, strlen(val));
		return 0;
	}
	if (err)
		return err;
	if (dp_load.n == DP_LOAD_PARAMS_MAX)
		return -ENOSPC;
	if (!dyndbg)
		dp_load.last = dp_load.n;
	dp_load.param[dp_load.n][0] = param;
	dp_load.param[dp_load.n++][1] = val;
	return 0;
}

/**
 * dynamic_printk_module_args - parse the parameters of a module
 * @start: the module's descriptors, registered
 * @n: their number
 * @module: its name
 * @args: its parameters, as parse_args() takes them (and changes them)
 * @kp: those it declares
 * @num: their number
 *
 * parse_args() for the module loader: besides its own, every module takes
 * "dynamic_printk[=0|1]" and "dyndbg[=<commands>]" (see
 * dynamic_printk_module_param()), applied in order once its own are set,
 * before its init runs; of several "dynamic_printk", the last counts.  A
 * bad "dyndbg" is logged and left out.  Loads must be serialized.
 * Returns what parse_args() or dynamic_printk_module_param() returns.
 */
int dynamic_printk_module_args(struct mod_debug *start, unsigned long n,
			       const char *module, char *args,
			       struct kernel_param *kp, unsigned int num)
{
	unsigned int i;
	int err;

	dp_load.module = module;
	dp_load.n = 0;
	dp_load.last = DP_LOAD_PARAMS_MAX;
	err = parse_args(module, args, kp, num, dp_load_param);
	for (i = 0; !err && i < dp_load.n; i++)
		if (dp_param_is(dp_load.param[i][0], "dyndbg") ||
		    i == dp_load.last)
			err = dynamic_printk_module_param(start, n,
							  dp_load.param[i][0],
							  dp_load.param[i][1]);
	return err;
}

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
static noinline void *dp_sites_seek(struct seq_file *m, struct list_head *p,
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
	char shown[DP_NR_FLAGS + 1], *c = shown;
	unsigned int flags, i;

	if (v == SEQ_START_TOKEN) {
		seq_puts(m, "# filename:lineno [module]function flags "
			 "format\n");
		return 0;
	}
	flags = ACCESS_ONCE(dd->flags) & ~DP_FL_NOTED;
	for (i = 0; i < DP_NR_FLAGS; i++)
		if (flags & dp_flag_bits[i])
			*c++ = dp_flag_chars[i];
	if (!flags)
		*c++ = '_';
	*c = '\0';
	seq_printf(m, "%s:%u [%s]%s =%s \"", dp_file(dd), dd->lineno,
		   dd->modname, dd->function, shown);
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
 * A write to either file, opened by seq_open(): the modules file takes
 * its set commands, the control file queries and lines of itself.
 */
static ssize_t dp_write(struct file *file, const char __user *ubuf,
			size_t count, loff_t *ppos)
{
	struct seq_file *m = file->private_data;
	enum dp_kind kind = m->op == &dp_names_ops ? DP_SET : DP_QUERY;
	struct dp_batch b = { NULL, count, NULL, kind };
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
		dp_log_refusal(kind, "dynamic_printk: write of %lu bytes, "
			       "more than %lu\n", (unsigned long)count,
			       PAGE_SIZE);
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
		ret = dp_check_bytes(buf, count, kind);
	if (!ret) {
		/*
		 * Checked and applied against the same state: all or none
		 * of the commands, and none if the call sites cannot follow
		 * (ENOMEM)
		 */
		b.buf = buf;
		b.out = out;
		mutex_lock(&dp_mutex);
		ret = dp_change(&b);
		mutex_unlock(&dp_mutex);
		if (!ret)
			ret = count;
	}
	kfree(out);
	kfree(buf);
	return ret;
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
	.write = dp_write,
	.release = seq_release,
};

static const struct file_operations dp_sites_fops = {
	.owner = THIS_MODULE,
	.open = dp_sites_open,
	.read = seq_read,
	.llseek = seq_lseek,
	.write = dp_write,
	.release = seq_release,
};

/* ---- boot --------------------------------------------------------------- */

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
	if (ret == -EINVAL || ret == -E2BIG)
		printk(KERN_ERR "dynamic_printk: ignoring %s=\"%s\"\n",
		       param, val);
	else if (ret || dp_add_boot(param, dot - param, val))
		printk(KERN_ERR "dynamic_printk: no memory for %s\n", param);
	return 0;
}

void __init dp_boot_options(void)
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

/* After vmlinux is registered: run "dyndbg=" on its call sites */
void __init dp_boot_commands(void)
{
	int ret;

	if (!boot_dyndbg)
		return;
	mutex_lock(&dp_mutex);
	ret = dp_run_commands(boot_dyndbg, dp_find_table(__start___verbose),
			      NULL, NULL);
	if (ret == -EINVAL || ret == -E2BIG)
		printk(KERN_ERR "dynamic_printk: ignoring "
		       "dyndbg=\"%s\"\n", boot_dyndbg);
	else if (ret)
		printk(KERN_ERR "dynamic_printk: dyndbg=\"%s\" not "
		       "applied: %d\n", boot_dyndbg, ret);
	mutex_unlock(&dp_mutex);
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
