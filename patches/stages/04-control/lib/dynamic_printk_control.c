/*
 * lib/dynamic_printk_control.c
 *
 * What user space and the command line ask of dynamic printk: commands
 * (parsed by dynamic_printk_parse.c) applied to the registered call
 * sites, the <debugfs>/dynamic_printk/modules and control files and the
 * boot word.
 *
 * Each change of flags is made with dp_mutex held, checked whole before
 * any of it is applied, and published with dp_update_masks(); the files
 * are read under rcu_read_lock() only.  See dynamic_printk.c for the
 * tables.
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
#include <linux/uaccess.h>
#include <linux/dynamic_printk.h>
#include <asm/page.h>
#include "dynamic_printk_internal.h"

/* A call site's source file, stored after its module name */
static noinline const char *dp_file(const struct mod_debug *dd)
{
	return dd->modname + strlen(dd->modname) + 1;
}

/* ---- commands applied --------------------------------------------------- */

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
 * Apply a command to the call sites of a table.  dp_mutex held.  Returns
 * the number of call sites changed.
 */
static noinline unsigned int dp_apply_table(const struct dp_cmd *cmd,
					    struct dp_table *t)
{
	unsigned int i, changed = 0;
	struct dp_run *run;

	for (i = 0; i < t->nr_runs; i++) {
		run = &t->runs[i];
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
		changed += dp_apply_table(cmd, t);
	return changed;
}

static void dp_log_applied(const struct dp_cmd *cmd, unsigned int changed)
{
	printk(KERN_DEBUG "dynamic_printk: \"%.*s\" changed %u call sites\n",
	       min(cmd->len, DP_QUOTE_MAX), cmd->text, changed);
}

/* ---- the modules file's commands ---------------------------------------- */

/* "<name> enabled=<0|1>", as the modules file shows it */
static void dp_log_enabled(const char *name, int on)
{
	printk(KERN_DEBUG "dynamic_printk: %s enabled=%d\n", name, on);
}

/*
 * May a set command be applied?  "all" (no name), or a registered name.
 * dp_mutex held.
 */
static int dp_check_set(const struct dp_cmd *cmd)
{
	if (!cmd->module ||
	    dp_find(cmd->module, dp_djb2_hash(cmd->module)))
		return 0;
	return -EINVAL;
}

/* ---- what registered call sites start with ------------------------------ */

/* 'p' for every call site it is applied to */
static const struct dp_cmd dp_cmd_print = {
	.kind = DP_SET,
	.last = UINT_MAX,
	.op = '+',
	.flags = DP_FL_PRINT,
};

/*
 * What a new table's call sites start with: 'p' in 'all' mode.  Call
 * sites of files compiled with DEBUG have 'p' from the start.  Only the
 * new call sites change: those registered before keep what they were
 * given since.  dp_mutex held.
 */
void dp_start_table(struct dp_table *t)
{
	unsigned int i;

	for (i = 0; dp_all_mode && i < t->nr_runs; i++)
		dp_apply_run(&dp_cmd_print, &t->runs[i]);
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
	unsigned int flags, i;

	if (v == SEQ_START_TOKEN) {
		seq_puts(m, "# filename:lineno [module]function flags "
			 "format\n");
		return 0;
	}
	flags = ACCESS_ONCE(dd->flags);
	seq_printf(m, "%s:%u [%s]%s =", dp_file(dd), dd->lineno,
		   dd->modname, dd->function);
	for (i = 0; i < DP_NR_FLAGS; i++)
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
 * Apply every command of a parsed (and checked) batch as one change, and
 * log each.  dp_mutex held.
 */
static noinline void dp_apply_batch(struct list_head *cmds, enum dp_kind kind)
{
	struct dp_cmd *cmd;

	list_for_each_entry(cmd, cmds, list) {
		if (kind == DP_SET && !cmd->module)
			dp_all_mode = cmd->op == '+';
		cmd->changed = dp_apply(cmd);
	}
	dp_update_masks();
	list_for_each_entry(cmd, cmds, list)
		if (kind == DP_SET)
			dp_log_enabled(cmd->module ? cmd->module : "all",
				       cmd->op == '+');
		else
			dp_log_applied(cmd, cmd->changed);
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
		 * of the commands
		 */
		mutex_lock(&dp_mutex);
		ret = dp_parse_batch(buf, count, out, kind,
				     kind == DP_SET ? dp_check_set : NULL,
				     &cmds);
		if (!ret)
			dp_apply_batch(&cmds, kind);
		mutex_unlock(&dp_mutex);
		dp_free_cmds(&cmds);
	}
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
 * "dynamic_printk": 'all' mode.  An early parameter, parsed from
 * setup_arch(), so that built-in code prints its debug messages from
 * early boot on.  Always returns 0.
 */
static int __init dp_boot_word(char *str)
{
	if (str)
		printk(KERN_WARNING "dynamic_printk: ignoring \"%s\"\n", str);
	else
		dp_all_mode_on();
	return 0;
}
early_param("dynamic_printk", dp_boot_word);

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
