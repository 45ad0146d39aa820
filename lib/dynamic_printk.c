/*
 * lib/dynamic_printk.c
 *
 * Switch the pr_debug() and dev_dbg() call sites of a module on and off at
 * run time, through <debugfs>/dynamic_printk/modules.  See
 * Documentation/dynamic-printk.txt for the interface.
 *
 * Every call site has a struct mod_debug in the "__verbose" section.  The
 * descriptors of vmlinux are registered at boot, those of a module when it
 * is loaded.  There is one entry per distinct module name, linked into two
 * tables of 64 chains: one indexed by the djb2 hash of the name, one by its
 * r5 hash.  The buckets of the enabled entries are published in two masks
 * that call sites test inline, so that a disabled call site costs two bit
 * tests; only when both of its bits are set does it call
 * __dynamic_printk_enabled(), which decides from the table.
 *
 * Readers (__dynamic_printk_enabled(), which may run in any context, and
 * the control file reader) walk the chains under rcu_read_lock() only.
 * Writers (registration, unregistration, control writes) are serialized by
 * debug_names_mutex.  An unlinked entry is freed after a grace period.
 *
 * This file is released under the GPLv2.
 */

#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/init.h>
#include <linux/cache.h>
#include <linux/err.h>
#include <linux/string.h>
#include <linux/slab.h>
#include <linux/mutex.h>
#include <linux/rcupdate.h>
#include <linux/rculist.h>
#include <linux/fs.h>
#include <linux/seq_file.h>
#include <linux/debugfs.h>
#include <linux/uaccess.h>
#include <linux/dynamic_printk.h>
#include <asm/page.h>
#include <asm/system.h>

#define DEBUG_HASH_SIZE		DYNAMIC_PRINTK_HASH_SIZE
#define DEBUG_HASH_MASK		(DEBUG_HASH_SIZE - 1)

/*
 * One entry per distinct module name.  The name is copied: the descriptors
 * of a module, and the string they point to, go away when the module is
 * unloaded, which may be before a reader is done with the entry.
 */
struct debug_name {
	struct hlist_node hlist;	/* in djb2_table[hash] */
	struct hlist_node hlist2;	/* in r5_table[hash2] */
	struct rcu_head rcu;
	unsigned int count;		/* registrants: vmlinux, modules */
	unsigned long mark;		/* last (un)registration that counted */
	unsigned int id;		/* newer entries have higher ids */
	unsigned int djb2;		/* whole djb2 hash of name */
	unsigned char hash;		/* djb2 bucket of name */
	unsigned char hash2;		/* r5 bucket of name */
	int enabled;
	char name[];
};

/*
 * Readers: RCU.  Writers: debug_names_mutex.  Lookups by name use the
 * djb2 chains; the r5 chains hold the entries behind each bit of the
 * second mask.
 */
static struct hlist_head djb2_table[DEBUG_HASH_SIZE];
static struct hlist_head r5_table[DEBUG_HASH_SIZE];

/*
 * The number of enabled entries in each bucket of each table, from which
 * the masks are recomputed, so that a bit is set only while some enabled
 * entry needs it.  Protected by debug_names_mutex.
 */
static unsigned int djb2_enabled[DEBUG_HASH_SIZE];
static unsigned int r5_enabled[DEBUG_HASH_SIZE];

/*
 * 'all' mode: every entry is enabled, new entries start enabled, both masks
 * are ~0 and a call site whose module has no entry (built-in code before
 * its descriptors are registered) prints.  Written under debug_names_mutex
 * (or before SMP is up, by the boot option), read locklessly.
 */
static int all_mode __read_mostly;

/* Counts register/unregister calls, see get_names() */
static unsigned long debug_names_mark;

/* Ids of new entries, decreasing along each djb2 chain; see name_key() */
static unsigned int debug_names_id;

static DEFINE_MUTEX(debug_names_mutex);

/*
 * Bit b is set when an enabled module (or 'all' mode) has djb2 bucket b, in
 * dynamic_printk_enabled, or r5 bucket b, in dynamic_printk_enabled2.  Call
 * sites test their own bits before calling __dynamic_printk_enabled().
 */
unsigned long long dynamic_printk_enabled __read_mostly;
EXPORT_SYMBOL(dynamic_printk_enabled);
unsigned long long dynamic_printk_enabled2 __read_mostly;
EXPORT_SYMBOL(dynamic_printk_enabled2);

/*
 * The same functions as scripts/basic/hash, which gives DEBUG_HASH(2) as
 * their low six bits.  Each entry keeps its whole djb2 value too: compared
 * first, it makes a lookup cost an integer compare, not a string compare,
 * for every other name of the chain.
 */
static unsigned int djb2_full(const char *str)
{
	const unsigned char *s = (const unsigned char *)str;
	unsigned int hash = 5381;

	while (*s)
		hash = hash * 33 + *s++;
	return hash;
}

static unsigned int r5_hash(const char *str)
{
	const unsigned char *s = (const unsigned char *)str;
	unsigned int hash = 0;

	while (*s) {
		hash = (hash + (*s << 4) + (*s >> 4)) * 11;
		s++;
	}
	return hash & DEBUG_HASH_MASK;
}

/*
 * Look a name up in its own djb2 chain; djb2 is djb2_full(name).
 * Caller holds debug_names_mutex or rcu_read_lock().
 */
static struct debug_name *find_name(const char *name, unsigned int djb2)
{
	struct debug_name *elem;
	struct hlist_node *node;
	struct hlist_head *head = &djb2_table[djb2 & DEBUG_HASH_MASK];

	hlist_for_each_entry_rcu(elem, node, head, hlist)
		if (elem->djb2 == djb2 && !strcmp(elem->name, name))
			return elem;
	return NULL;
}

/*
 * Recompute both masks from the per-bucket counts.  Called with
 * debug_names_mutex held after every change of an entry's state, of the
 * set of entries or of 'all' mode.  The barrier orders the stores to
 * elem->enabled before the mask bits that make call sites look at them.
 * On 32-bit machines a reader may see a half-updated mask; that only
 * costs one extra lookup or one missed message while the mode changes.
 */
static void publish_masks(void)
{
	unsigned long long mask = 0, mask2 = 0;
	int i;

	if (all_mode) {
		mask = ~0ULL;
		mask2 = ~0ULL;
	} else {
		for (i = 0; i < DEBUG_HASH_SIZE; i++) {
			if (djb2_enabled[i])
				mask |= 1ULL << i;
			if (r5_enabled[i])
				mask2 |= 1ULL << i;
		}
	}
	smp_wmb();
	dynamic_printk_enabled = mask;
	dynamic_printk_enabled2 = mask2;
}

/* Caller holds debug_names_mutex and calls publish_masks() afterwards */
static void set_enabled(struct debug_name *elem, int enable)
{
	if (elem->enabled == enable)
		return;
	elem->enabled = enable;
	if (enable) {
		djb2_enabled[elem->hash]++;
		r5_enabled[elem->hash2]++;
	} else {
		djb2_enabled[elem->hash]--;
		r5_enabled[elem->hash2]--;
	}
}

static struct debug_name *add_name(const char *name, unsigned int djb2)
{
	struct debug_name *elem;
	size_t len = strlen(name);

	elem = kzalloc(sizeof(*elem) + len + 1, GFP_KERNEL);
	if (!elem)
		return NULL;
	memcpy(elem->name, name, len + 1);
	elem->id = ++debug_names_id;
	elem->djb2 = djb2;
	elem->hash = djb2 & DEBUG_HASH_MASK;
	elem->hash2 = r5_hash(name);
	set_enabled(elem, all_mode);
	/*
	 * At the head, so that ids decrease along the chain and a reader
	 * walking the chain never meets an entry newer than where it is;
	 * hlist_add_head_rcu() orders the initialization before the link.
	 */
	hlist_add_head_rcu(&elem->hlist, &djb2_table[elem->hash]);
	hlist_add_head_rcu(&elem->hlist2, &r5_table[elem->hash2]);
	return elem;
}

static void free_name_rcu(struct rcu_head *head)
{
	kfree(container_of(head, struct debug_name, rcu));
}

static void remove_name(struct debug_name *elem)
{
	set_enabled(elem, 0);
	hlist_del_rcu(&elem->hlist);
	hlist_del_rcu(&elem->hlist2);
	call_rcu(&elem->rcu, free_name_rcu);
}

/*
 * Descriptors of one object are adjacent and share their name string, so
 * a name is looked up only when it differs from the previous descriptor's:
 * registration stays linear in the number of call sites.
 */
static int same_name(const struct mod_debug *dd, const char *prev)
{
	return prev && (dd->modname == prev || !strcmp(dd->modname, prev));
}

/*
 * Count each distinct name of [start, start + n) once for this call, even
 * when its descriptors are not adjacent (vmlinux gathers many objects of
 * one module): an entry already marked with this call's number is not
 * counted again.  Returns the number of descriptors done, n on success.
 */
static unsigned long get_names(struct mod_debug *start, unsigned long n,
			       unsigned long mark)
{
	struct debug_name *elem;
	const char *prev = NULL;
	unsigned int djb2;
	unsigned long i;
	int warned = 0;

	for (i = 0; i < n; i++) {
		struct mod_debug *dd = &start[i];

		if (same_name(dd, prev))
			continue;
		prev = dd->modname;
		djb2 = djb2_full(dd->modname);
		elem = find_name(dd->modname, djb2);
		if (!elem) {
			elem = add_name(dd->modname, djb2);
			if (!elem)
				return i;
		}
		/*
		 * A call site built with other buckets than its name's would
		 * test the wrong mask bits and chain: a build problem.
		 */
		if (!warned && (elem->hash != dd->hash ||
				elem->hash2 != dd->hash2)) {
			printk(KERN_WARNING "dynamic_printk: %s: call site "
			       "buckets %u/%u, expected %u/%u\n", elem->name,
			       dd->hash, dd->hash2, elem->hash, elem->hash2);
			warned = 1;
		}
		if (elem->mark != mark) {
			elem->mark = mark;
			elem->count++;
		}
	}
	return n;
}

/* The reverse of get_names(), with the same rule for counting a name */
static void put_names(struct mod_debug *start, unsigned long n,
		      unsigned long mark)
{
	struct debug_name *elem;
	const char *prev = NULL;
	unsigned long i;

	for (i = 0; i < n; i++) {
		struct mod_debug *dd = &start[i];

		if (same_name(dd, prev))
			continue;
		prev = dd->modname;
		elem = find_name(dd->modname, djb2_full(dd->modname));
		if (!elem || elem->mark == mark)
			continue;
		elem->mark = mark;
		if (!--elem->count)
			remove_name(elem);
	}
}

/**
 * dynamic_printk_register - register the call sites of vmlinux or a module
 * @start: first descriptor (of the "__verbose" section)
 * @n: number of descriptors
 *
 * Creates an entry for each module name of the descriptors that has none,
 * enabled if 'all' mode is on, and counts this registration once for each
 * distinct name.  Must be undone with dynamic_printk_unregister() on the
 * same descriptors, and only after it returned 0.  May sleep.
 *
 * Returns 0, or -ENOMEM with nothing registered.
 */
int dynamic_printk_register(struct mod_debug *start, unsigned long n)
{
	unsigned long done;
	int ret = 0;

	mutex_lock(&debug_names_mutex);
	done = get_names(start, n, ++debug_names_mark);
	if (done != n) {
		put_names(start, done, ++debug_names_mark);
		ret = -ENOMEM;
	}
	publish_masks();
	mutex_unlock(&debug_names_mutex);
	return ret;
}

/**
 * dynamic_printk_unregister - unregister the call sites of a module
 * @start: first descriptor, as given to dynamic_printk_register()
 * @n: number of descriptors, as given to dynamic_printk_register()
 *
 * Drops this registration's count of each distinct module name of the
 * descriptors.  The entry of a name whose count drops to zero disappears
 * from the control file, stops needing its mask bits and is freed after a
 * grace period, so the descriptors and their strings may be freed as soon
 * as this returns.  May sleep.
 */
void dynamic_printk_unregister(struct mod_debug *start, unsigned long n)
{
	mutex_lock(&debug_names_mutex);
	put_names(start, n, ++debug_names_mark);
	publish_masks();
	mutex_unlock(&debug_names_mutex);
}

/**
 * __dynamic_printk_enabled - decide whether a call site prints
 * @dd: the descriptor of the call site
 *
 * Called by pr_debug() and dev_dbg() call sites whose bits are set in both
 * masks.  Looks the module up in its own djb2 chain; a module without an
 * entry prints only in 'all' mode.  Takes no lock and does not sleep, so
 * call sites may be in any context.
 *
 * Returns nonzero when the call site should print.
 */
int __dynamic_printk_enabled(const struct mod_debug *dd)
{
	struct debug_name *elem;
	struct hlist_node *node;
	struct hlist_head *head;
	int ret = ACCESS_ONCE(all_mode);

	rcu_read_lock();
	head = &djb2_table[dd->hash & DEBUG_HASH_MASK];
	hlist_for_each_entry_rcu(elem, node, head, hlist) {
		if (elem->hash2 == dd->hash2 &&
		    !strcmp(elem->name, dd->modname)) {
			ret = ACCESS_ONCE(elem->enabled);
			break;
		}
	}
	rcu_read_unlock();
	return ret;
}
EXPORT_SYMBOL(__dynamic_printk_enabled);

/*
 * The control file.  Reading walks the djb2 table bucket by bucket under
 * rcu_read_lock(), taken in ->start() and dropped in ->stop(): seq_read()
 * of 2.6.27 calls copy_to_user() and kmalloc() only outside a
 * ->start() .. ->stop() pair, so nothing sleeps inside the read side.
 *
 * The position is not a line number but the key of an entry, made of its
 * bucket and its id (inverted, as new entries go to the head of a chain),
 * which increases along the walk.  A read that takes several read() calls
 * resumes after the last entry it showed, even if entries came or went in
 * between: an entry present all along is shown exactly once, and as an
 * entry registered again after it was shown lands behind the position, no
 * name is shown twice.  Position 0 is the start; key + 1 is "after key".
 * (Ids wrap after 2^32 new entries; at worst such a read then repeats or
 * skips a line.)
 */
static loff_t name_key(const struct debug_name *elem)
{
	return ((loff_t)elem->hash << 32) | (unsigned int)~elem->id;
}

static struct debug_name *first_from(unsigned int bucket)
{
	struct hlist_node *node;

	for (; bucket < DEBUG_HASH_SIZE; bucket++) {
		node = rcu_dereference(djb2_table[bucket].first);
		if (node)
			return hlist_entry(node, struct debug_name, hlist);
	}
	return NULL;
}

static struct debug_name *next_name(struct debug_name *elem)
{
	struct hlist_node *node = rcu_dereference(elem->hlist.next);

	if (node)
		return hlist_entry(node, struct debug_name, hlist);
	return first_from(elem->hash + 1);
}

/* The first entry whose key is at least pos */
static struct debug_name *find_key(loff_t pos)
{
	struct debug_name *elem;
	struct hlist_node *node;
	unsigned int bucket = pos >> 32;

	if (bucket >= DEBUG_HASH_SIZE)
		return NULL;
	hlist_for_each_entry_rcu(elem, node, &djb2_table[bucket], hlist)
		if (name_key(elem) >= pos)
			return elem;
	return first_from(bucket + 1);
}

static void *dp_seq_start(struct seq_file *m, loff_t *pos)
	__acquires(RCU)
{
	struct debug_name *elem;

	rcu_read_lock();
	elem = find_key(*pos);
	if (elem)
		*pos = name_key(elem);
	return elem;
}

static void *dp_seq_next(struct seq_file *m, void *v, loff_t *pos)
{
	struct debug_name *elem = next_name(v);

	*pos = elem ? name_key(elem) : name_key(v) + 1;
	return elem;
}

static void dp_seq_stop(struct seq_file *m, void *v)
	__releases(RCU)
{
	rcu_read_unlock();
}

static int dp_seq_show(struct seq_file *m, void *v)
{
	struct debug_name *elem = v;

	seq_printf(m, "%s enabled=%d\n", elem->name,
		   ACCESS_ONCE(elem->enabled));
	return 0;
}

static const struct seq_operations dp_seq_ops = {
	.start = dp_seq_start,
	.next = dp_seq_next,
	.stop = dp_seq_stop,
	.show = dp_seq_show,
};

static int dp_open(struct inode *inode, struct file *file)
{
	return seq_open(file, &dp_seq_ops);
}

/* Blanks around and between the words of a command */
static int is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n';
}

/*
 * Parse "set enabled=<0|1> <name>", with blanks around and between the
 * words, in place.  Anything else, including a NUL or any byte that is
 * neither a blank nor printable ASCII, is rejected.
 */
#define COMMAND_WORDS	3

static int parse_command(char *buf, size_t len, int *enable, char **name)
{
	char *words[COMMAND_WORDS];
	size_t i;
	int n = 0;

	for (i = 0; i < len; i++)
		if (!is_blank(buf[i]) && (buf[i] < '!' || buf[i] > '~'))
			return -EINVAL;

	for (;;) {
		while (is_blank(*buf))
			buf++;
		if (!*buf)
			break;
		if (n == COMMAND_WORDS)
			return -EINVAL;
		words[n++] = buf;
		while (*buf && !is_blank(*buf))
			buf++;
		if (*buf)
			*buf++ = '\0';
	}
	if (n != COMMAND_WORDS || strcmp(words[0], "set") ||
	    strncmp(words[1], "enabled=", 8) ||
	    (strcmp(words[1] + 8, "0") && strcmp(words[1] + 8, "1")))
		return -EINVAL;

	*enable = words[1][8] == '1';
	*name = words[2];
	return 0;
}

/* Apply a parsed command; a name that is not registered is an error */
static int apply_command(const char *name, int enable)
{
	struct debug_name *elem;
	int ret = 0;

	mutex_lock(&debug_names_mutex);
	if (!strcmp(name, "all")) {
		all_mode = enable;
		for (elem = first_from(0); elem; elem = next_name(elem))
			set_enabled(elem, enable);
	} else {
		elem = find_name(name, djb2_full(name));
		if (elem)
			set_enabled(elem, enable);
		else
			ret = -EINVAL;
	}
	publish_masks();
	mutex_unlock(&debug_names_mutex);

	if (!ret)
		printk(KERN_DEBUG "dynamic_printk: %s enabled=%d\n", name,
		       enable);
	return ret;
}

static ssize_t dp_write(struct file *file, const char __user *buf,
			size_t count, loff_t *ppos)
{
	char *cmd, *name;
	int enable, ret;

	if (!count || count > PAGE_SIZE)
		return -EINVAL;
	cmd = kmalloc(count + 1, GFP_KERNEL);
	if (!cmd)
		return -ENOMEM;
	if (copy_from_user(cmd, buf, count)) {
		ret = -EFAULT;
	} else {
		cmd[count] = '\0';
		ret = parse_command(cmd, count, &enable, &name);
		if (!ret)
			ret = apply_command(name, enable);
	}
	kfree(cmd);
	if (ret)
		return ret;
	return count;
}

static const struct file_operations dp_fops = {
	.owner = THIS_MODULE,
	.open = dp_open,
	.read = seq_read,
	.llseek = seq_lseek,
	.write = dp_write,
	.release = seq_release,
};

/*
 * The bare boot option "dynamic_printk" turns 'all' mode on, so that
 * built-in code prints its debug messages from early boot on, before its
 * descriptors are registered.  This runs before the allocator is up, so it
 * only sets the mode and the masks; the entries are created enabled when
 * they are registered.  "dynamic_printk=..." is not ours.
 */
static int __init dynamic_printk_setup(char *str)
{
	if (*str)
		return 0;
	all_mode = 1;
	dynamic_printk_enabled = ~0ULL;
	dynamic_printk_enabled2 = ~0ULL;
	return 1;
}
__setup("dynamic_printk", dynamic_printk_setup);

/*
 * Register the call sites of vmlinux as early as the allocator allows, so
 * that the control file lists them and messages of built-in code follow
 * their entries rather than 'all' mode alone.
 */
static int __init dynamic_printk_init(void)
{
	int ret;

	ret = dynamic_printk_register(__start___verbose,
				      __stop___verbose - __start___verbose);
	if (ret)
		printk(KERN_ERR "dynamic_printk: cannot register the call "
		       "sites of vmlinux: %d\n", ret);
	return ret;
}
core_initcall(dynamic_printk_init);

/*
 * debugfs itself is set up by a core_initcall, and core_initcalls run in
 * link order, so the control file is created at a later level; nothing
 * but user space uses it.
 */
static int __init dynamic_printk_debugfs_init(void)
{
	struct dentry *dir, *file;

	dir = debugfs_create_dir("dynamic_printk", NULL);
	if (!dir || IS_ERR(dir))
		return -ENOMEM;
	file = debugfs_create_file("modules", 0644, dir, NULL, &dp_fops);
	if (!file || IS_ERR(file)) {
		debugfs_remove(dir);
		return -ENOMEM;
	}
	return 0;
}
late_initcall(dynamic_printk_debugfs_init);
