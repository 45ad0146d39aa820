/*
 * lib/dynamic_printk_control.c
 *
 * What user space and the command line ask of dynamic printk: commands
 * (parsed by dynamic_printk_parse.c) applied to the registered call
 * sites, the <debugfs>/dynamic_printk/modules file and the boot word.
 *
 * Each change of flags is made with dp_mutex held, checked whole before
 * any of it is applied, and published with dp_update_masks(); the file
 * is read under rcu_read_lock() only.  See dynamic_printk.c for the
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
#include <linux/uaccess.h>
#include <linux/dynamic_printk.h>
#include <asm/page.h>
#include "dynamic_printk_internal.h"

/* ---- commands applied --------------------------------------------------- */

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

		changed += dp_set_flags(run, dd, dp_new_flags(cmd, dd->flags));
	}
	return changed;
}

/*
 * Apply a command to every call site it names.  The name of a set
 * command (a registered one) is looked up: its call sites are reached
 * through its entry, whatever the number of others.  A set command
 * without a name is "all".
 */
static unsigned int dp_apply(const struct dp_cmd *cmd)
{
	struct dp_table *t;
	struct dp_run *run;
	struct dp_name *e;
	unsigned int i, changed = 0;

	if (cmd->module) {
		e = dp_find(cmd->module, dp_djb2_hash(cmd->module));
		if (e)
			list_for_each_entry(run, &e->runs, list)
				changed += dp_apply_run(cmd, run);
		return changed;
	}
	list_for_each_entry(t, &dp_tables, list)
		for (i = 0; i < t->nr_runs; i++)
			changed += dp_apply_run(cmd, &t->runs[i]);
	return changed;
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
 * The file is read under rcu_read_lock(), taken in ->start() and dropped
 * in ->stop(): seq_read() of 2.6.27 calls copy_to_user() and kmalloc()
 * only outside a ->start() .. ->stop() pair.
 *
 * Position b shows bucket b of the djb2 table, whole,
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
 * Apply every command of a parsed (and checked) batch as one change, and
 * log each.  dp_mutex held.
 */
static noinline void dp_apply_batch(struct list_head *cmds)
{
	struct dp_cmd *cmd;

	list_for_each_entry(cmd, cmds, list) {
		if (!cmd->module)
			dp_all_mode = cmd->op == '+';
		dp_apply(cmd);
	}
	dp_update_masks();
	list_for_each_entry(cmd, cmds, list)
		dp_log_enabled(cmd->module ? cmd->module : "all",
			       cmd->op == '+');
}

static ssize_t dp_write(struct file *file, const char __user *ubuf,
			size_t count)
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
		ret = dp_parse_batch(buf, count, out, dp_check_set, &cmds);
		if (!ret)
			dp_apply_batch(&cmds);
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
	return dp_write(file, ubuf, count);
}

static int dp_names_open(struct inode *inode, struct file *file)
{
	return seq_open(file, &dp_names_ops);
}

static const struct file_operations dp_names_fops = {
	.owner = THIS_MODULE,
	.open = dp_names_open,
	.read = seq_read,
	.llseek = seq_lseek,
	.write = dp_names_write,
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
 * The modules file.  debugfs itself is set up by a core_initcall, so it
 * is created at a later level; nothing but user space uses it.
 */
static int __init dp_files_init(void)
{
	struct dentry *dir;

	dir = debugfs_create_dir("dynamic_printk", NULL);
	if (!dir || IS_ERR(dir) ||
	    !debugfs_create_file("modules", 0644, dir, NULL, &dp_names_fops))
		printk(KERN_ERR "dynamic_printk: cannot create "
		       "<debugfs>/dynamic_printk/\n");
	return 0;
}
late_initcall(dp_files_init);
