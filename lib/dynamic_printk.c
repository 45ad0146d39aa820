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
 * A module starts disabled, unless 'all' mode is on, its name is in the
 * "dynamic_printk=<name>,..." boot list, one of its files was compiled
 * with DEBUG, or it is loaded with the "dynamic_printk" parameter.
 *
 * This file is released under the GPLv2.
 */

#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/init.h>
#include <linux/cache.h>
#include <linux/err.h>
#include <linux/string.h>
#include <linux/list.h>
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
	int announce;			/* just enabled by the boot list */
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

/*
 * The names of the "dynamic_printk=<name>,..." boot list: each starts
 * enabled whenever it is registered, until "set enabled=0 <name>" or "set
 * enabled=0 all".  Only writers use them (debug_names_mutex); the list is
 * set up by dynamic_printk_init() from boot_list.
 */
struct debug_wish {
	struct list_head list;
	unsigned int djb2;		/* djb2_full(name) */
	char name[];
};
static LIST_HEAD(debug_wishes);
static char *boot_list __initdata;

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

/* A boot list wish for a name.  Caller holds debug_names_mutex. */
static struct debug_wish *find_wish(const char *name, unsigned int djb2)
{
	struct debug_wish *wish;

	list_for_each_entry(wish, &debug_wishes, list)
		if (wish->djb2 == djb2 && !strcmp(wish->name, name))
			return wish;
	return NULL;
}

static void drop_wish(struct debug_wish *wish)
{
	list_del(&wish->list);
	kfree(wish);
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

static struct debug_name *add_name(const char *name, unsigned int djb2,
				   int enable)
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
	set_enabled(elem, enable);
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
 * A new entry starts enabled in 'all' mode and when its name is wished for
 * by the boot list; the latter is logged by start_names(), once the
 * registration has succeeded.
 */
static struct debug_name *new_name(const char *name, unsigned int djb2)
{
	struct debug_name *elem;
	int wished = find_wish(name, djb2) != NULL;

	elem = add_name(name, djb2, all_mode || wished);
	if (elem)
		elem->announce = wished;
	return elem;
}

/*
 * Count each distinct name of [start, start + n) once for this call, even
 * when its descriptors are not adjacent (vmlinux gathers many objects of
 * one module): an entry already marked with this call's number is not
 * counted again.  Sets *@start_them when start_names() has work to do.
 * Returns the number of descriptors done, n on success.
 */
static unsigned long get_names(struct mod_debug *start, unsigned long n,
			       unsigned long mark, int *start_them)
{
	struct debug_name *elem = NULL;
	const char *prev = NULL;
	unsigned int djb2;
	unsigned long i;
	int warned = 0;

	for (i = 0; i < n; i++) {
		struct mod_debug *dd = &start[i];

		if (!same_name(dd, prev)) {
			prev = dd->modname;
			djb2 = djb2_full(dd->modname);
			elem = find_name(dd->modname, djb2);
			if (!elem) {
				elem = new_name(dd->modname, djb2);
				if (!elem)
					return i;
				if (elem->announce)
					*start_them = 1;
			}
			/*
			 * A call site built with other buckets than its
			 * name's would test the wrong mask bits and chain:
			 * a build problem.
			 */
			if (!warned && (elem->hash != dd->hash ||
					elem->hash2 != dd->hash2)) {
				printk(KERN_WARNING "dynamic_printk: %s: call "
				       "site buckets %u/%u, expected %u/%u\n",
				       elem->name, dd->hash, dd->hash2,
				       elem->hash, elem->hash2);
				warned = 1;
			}
			if (elem->mark != mark) {
				elem->mark = mark;
				elem->count++;
			}
		}
		if (dd->flags & DYNAMIC_PRINTK_FLAG_DEBUG)
			*start_them = 1;
	}
	return n;
}

/*
 * Once a registration has succeeded (so that a failed one changes
 * nothing): switch on the names that have a call site compiled with
 * DEBUG, and log the names the boot list switched on, as a control write
 * would.
 */
static void start_names(struct mod_debug *start, unsigned long n)
{
	struct debug_name *elem = NULL;
	const char *prev = NULL;
	unsigned long i;

	for (i = 0; i < n; i++) {
		struct mod_debug *dd = &start[i];

		if (!same_name(dd, prev)) {
			prev = dd->modname;
			elem = find_name(dd->modname, djb2_full(dd->modname));
			if (elem && elem->announce) {
				elem->announce = 0;
				printk(KERN_DEBUG "dynamic_printk: %s "
				       "enabled=1\n", elem->name);
			}
		}
		if (elem && (dd->flags & DYNAMIC_PRINTK_FLAG_DEBUG))
			set_enabled(elem, 1);
	}
}

/*
 * The entry of the next distinct name of [start + *i, start + n) that is
 * registered and not marked with @mark yet, which it then is; NULL at the
 * end.  Each name of the descriptors is thus met once per mark.
 */
static struct debug_name *next_marked(struct mod_debug *start,
				      unsigned long n, unsigned long *i,
				      unsigned long mark)
{
	struct debug_name *elem;

	for (; *i < n; (*i)++) {
		struct mod_debug *dd = &start[*i];

		if (*i && same_name(dd, start[*i - 1].modname))
			continue;
		elem = find_name(dd->modname, djb2_full(dd->modname));
		if (elem && elem->mark != mark) {
			elem->mark = mark;
			(*i)++;
			return elem;
		}
	}
	return NULL;
}

/* The reverse of get_names(), with the same rule for counting a name */
static void put_names(struct mod_debug *start, unsigned long n,
		      unsigned long mark)
{
	struct debug_name *elem;
	unsigned long i = 0;

	while ((elem = next_marked(start, n, &i, mark)))
		if (!--elem->count)
			remove_name(elem);
}

/**
 * dynamic_printk_register - register the call sites of vmlinux or a module
 * @start: first descriptor (of the "__verbose" section)
 * @n: number of descriptors
 *
 * Creates an entry for each module name of the descriptors that has none,
 * enabled if 'all' mode is on or the name is in the boot list, and counts
 * this registration once for each distinct name.  A name with a call site
 * compiled with DEBUG is switched on.  Must be undone with
 * dynamic_printk_unregister() on the same descriptors, and only after it
 * returned 0.  May sleep.
 *
 * Returns 0, or -ENOMEM with nothing registered.
 */
int dynamic_printk_register(struct mod_debug *start, unsigned long n)
{
	unsigned long done;
	int start_them = 0, ret = 0;

	mutex_lock(&debug_names_mutex);
	done = get_names(start, n, ++debug_names_mark, &start_them);
	if (done != n) {
		put_names(start, done, ++debug_names_mark);
		ret = -ENOMEM;
	} else if (start_them) {
		start_names(start, n);
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

/*
 * Module names given by users may use '-' for '_', as modprobe allows;
 * names of call sites (KBUILD_MODNAME) never have a '-'.
 */
static int name_char_eq(char a, char b)
{
	return a == b || ((a == '-' || a == '_') && (b == '-' || b == '_'));
}

/**
 * dynamic_printk_module_param - recognize a module's "dynamic_printk"
 * @param: the name of a parameter the module does not declare
 * @val: its value, NULL when it has none
 * @enable: set to the state asked for
 *
 * The module loader accepts "dynamic_printk", "dynamic_printk=1" and
 * "dynamic_printk=0" (or "dynamic-printk") for every module, to switch the
 * module's call sites on or off before its init function runs; see
 * dynamic_printk_module_set().
 *
 * Returns 0 and sets *@enable, -ENOENT when @param is another parameter,
 * or -EINVAL for a value other than none, 1 and 0.
 */
int dynamic_printk_module_param(char *param, char *val, int *enable)
{
	static const char word[] = "dynamic_printk";
	size_t i;

	for (i = 0; i < sizeof(word); i++)
		if (!name_char_eq(param[i], word[i]))
			return -ENOENT;
	if (!val || !strcmp(val, "1"))
		*enable = 1;
	else if (!strcmp(val, "0"))
		*enable = 0;
	else
		return -EINVAL;
	return 0;
}

/**
 * dynamic_printk_module_set - switch the names of registered call sites
 * @start: first descriptor, as given to dynamic_printk_register()
 * @n: number of descriptors, as given to dynamic_printk_register()
 * @enable: 1 to switch on, 0 to switch off
 *
 * Switches each distinct module name of the descriptors, which must be
 * registered, and logs it as a control file write does.  May sleep.
 */
void dynamic_printk_module_set(struct mod_debug *start, unsigned long n,
			       int enable)
{
	struct debug_name *elem;
	unsigned long i = 0, mark;

	mutex_lock(&debug_names_mutex);
	mark = ++debug_names_mark;
	while ((elem = next_marked(start, n, &i, mark))) {
		set_enabled(elem, enable);
		printk(KERN_DEBUG "dynamic_printk: %s enabled=%d\n", elem->name,
		       enable);
	}
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

/*
 * Writes.  One write(2) is a batch of commands, checked as a whole before
 * any is applied:
 *
 *	set enabled=<0|1> <name>	(the command of the original interface)
 *	<name> enabled=<0|1>		(a line of the file, for restoring it)
 *
 * separated by newlines or ';', with blanks (space, tab) around and between
 * the words.  Blank lines are skipped, and so are comments, from a '#' at
 * the start of a line or after a blank to the end of the line.  <name> is
 * "all" or a module name, in which '-' stands for '_'.
 */
static int is_blank(char c)
{
	return c == ' ' || c == '\t';
}

/* Where next_command() is in the buffer */
struct cmd_cursor {
	const char *pos;	/* next byte to look at */
	const char *line;	/* start of the line pos is in */
	const char *end;
};

/*
 * Find the next command, without its blanks, in [*cmd, *cmd + *len).
 * Returns 0 when there is none left.
 */
static int next_command(struct cmd_cursor *cur, const char **cmd,
			size_t *len)
{
	const char *s, *e;

	while (cur->pos < cur->end) {
		s = cur->pos;
		for (e = s; e < cur->end; e++)
			if (*e == ';' || *e == '\n' ||
			    (*e == '#' && (e == cur->line || is_blank(e[-1]))))
				break;
		cur->pos = e;
		if (e < cur->end && *e == '#')
			while (cur->pos < cur->end && *cur->pos != '\n')
				cur->pos++;
		if (cur->pos < cur->end) {
			if (*cur->pos == '\n')
				cur->line = cur->pos + 1;
			cur->pos++;
		}
		while (s < e && is_blank(*s))
			s++;
		while (e > s && is_blank(e[-1]))
			e--;
		if (e > s) {
			*cmd = s;
			*len = e - s;
			return 1;
		}
	}
	return 0;
}

#define COMMAND_WORDS	3

/*
 * Split a command into its words; returns their number, or
 * COMMAND_WORDS + 1 when there are more.
 */
static int split_words(const char *cmd, size_t len,
		       const char *word[], size_t wlen[])
{
	const char *end = cmd + len;
	int n = 0;

	while (cmd < end) {
		while (cmd < end && is_blank(*cmd))
			cmd++;
		if (cmd == end)
			break;
		if (n == COMMAND_WORDS)
			return n + 1;
		word[n] = cmd;
		while (cmd < end && !is_blank(*cmd))
			cmd++;
		wlen[n] = cmd - word[n];
		n++;
	}
	return n;
}

static int word_is(const char *word, size_t len, const char *str)
{
	return len == strlen(str) && !memcmp(word, str, len);
}

/* "enabled=0" or "enabled=1", exactly */
static int parse_setting(const char *word, size_t len, int *enable)
{
	if (len != 9 || memcmp(word, "enabled=", 8) ||
	    (word[8] != '0' && word[8] != '1'))
		return -EINVAL;
	*enable = word[8] == '1';
	return 0;
}

/*
 * Parse one command of either form.  The name is copied to @name (which
 * has room for @len + 1 bytes), '-' turned into '_'.
 */
static int parse_command(const char *cmd, size_t len, int *enable,
			 char *name)
{
	const char *word[COMMAND_WORDS];
	size_t wlen[COMMAND_WORDS], i;
	int n, w;

	n = split_words(cmd, len, word, wlen);
	if (n == 3 && word_is(word[0], wlen[0], "set") &&
	    !parse_setting(word[1], wlen[1], enable))
		w = 2;
	else if (n == 2 && !parse_setting(word[1], wlen[1], enable))
		w = 0;
	else
		return -EINVAL;

	for (i = 0; i < wlen[w]; i++)
		name[i] = word[w][i] == '-' ? '_' : word[w][i];
	name[i] = '\0';
	return 0;
}

/*
 * May this command be applied?  "all", a registered name, or a name the
 * boot list wishes for (only to clear the wish).  Caller holds
 * debug_names_mutex.
 */
static int check_command(const char *name, int enable)
{
	unsigned int djb2;

	if (!strcmp(name, "all"))
		return 0;
	djb2 = djb2_full(name);
	if (find_name(name, djb2) || (!enable && find_wish(name, djb2)))
		return 0;
	return -EINVAL;
}

/*
 * Apply a command that check_command() accepted.  Caller holds
 * debug_names_mutex and calls publish_masks() afterwards.
 */
static void apply_command(const char *name, int enable)
{
	struct debug_name *elem;
	struct debug_wish *wish, *tmp;
	unsigned int djb2;

	if (!strcmp(name, "all")) {
		all_mode = enable;
		for (elem = first_from(0); elem; elem = next_name(elem))
			set_enabled(elem, enable);
		if (!enable)
			list_for_each_entry_safe(wish, tmp, &debug_wishes, list)
				drop_wish(wish);
	} else {
		djb2 = djb2_full(name);
		elem = find_name(name, djb2);
		if (elem)
			set_enabled(elem, enable);
		wish = enable ? NULL : find_wish(name, djb2);
		if (wish)
			drop_wish(wish);
	}
	printk(KERN_DEBUG "dynamic_printk: %s enabled=%d\n", name, enable);
}

/* Longest piece of a bad command quoted in the log */
#define BAD_COMMAND_QUOTE	64

/*
 * Check every command of the batch in @buf, then apply them all, or none;
 * a batch without a command succeeds and changes nothing.  @name is
 * scratch space as large as the batch.
 */
static int run_batch(const char *buf, size_t count, char *name)
{
	struct cmd_cursor cur = { buf, buf, buf + count };
	const char *cmd, *bad = NULL;
	size_t len, bad_len = 0;
	int enable;

	mutex_lock(&debug_names_mutex);
	while (next_command(&cur, &cmd, &len)) {
		if (parse_command(cmd, len, &enable, name) ||
		    check_command(name, enable)) {
			bad = cmd;
			bad_len = min_t(size_t, len, BAD_COMMAND_QUOTE);
			break;
		}
	}
	if (!bad) {
		cur.pos = cur.line = buf;
		while (next_command(&cur, &cmd, &len)) {
			parse_command(cmd, len, &enable, name);
			apply_command(name, enable);
		}
		publish_masks();
	}
	mutex_unlock(&debug_names_mutex);

	if (bad) {
		printk(KERN_DEBUG "dynamic_printk: invalid command \"%.*s\"\n",
		       (int)bad_len, bad);
		return -EINVAL;
	}
	return 0;
}

/*
 * Only printable ASCII and blanks: a NUL or a binary byte in a command is
 * a mistake, and would cut or garble the log line quoting it.
 */
static int check_bytes(const char *buf, size_t count)
{
	size_t i;

	for (i = 0; i < count; i++) {
		unsigned char c = buf[i];

		if (!is_blank(c) && c != '\n' && (c < '!' || c > '~')) {
			printk(KERN_DEBUG "dynamic_printk: invalid byte 0x%02x "
			       "at offset %lu\n", c, (unsigned long)i);
			return -EINVAL;
		}
	}
	return 0;
}

static ssize_t dp_write(struct file *file, const char __user *ubuf,
			size_t count, loff_t *ppos)
{
	char *buf;
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
	/* The batch, then room for the longest name it may hold */
	buf = kmalloc(2 * count + 1, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	if (copy_from_user(buf, ubuf, count))
		ret = -EFAULT;
	else
		ret = check_bytes(buf, count);
	if (!ret)
		ret = run_batch(buf, count, buf + count);
	kfree(buf);
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
 * The boot option, an early parameter, parsed from setup_arch() before
 * most of the kernel is up.  The bare word "dynamic_printk" turns 'all'
 * mode on, so that built-in code prints its debug messages from there on,
 * long before its descriptors are registered.
 * "dynamic_printk=<name>[,<name>...]" wishes for those names: they start
 * enabled whenever they are registered (and "all" in the list means 'all'
 * mode).  The allocator is not up yet, so this only checks the list and
 * keeps a pointer to it, in the copy of the command line that
 * parse_early_param() leaves in init data; dynamic_printk_init() makes the
 * wishes.
 */
/* ASCII only: isalnum() of 2.6.27 also takes Latin-1 letters */
static int __init boot_name_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_' || c == '-';
}

static int __init boot_list_valid(const char *str)
{
	const char *item = str;

	for (;; str++) {
		if (*str == ',' || !*str) {
			if (str == item)
				return 0;
			if (!*str)
				return 1;
			item = str + 1;
		} else if (!boot_name_char(*str)) {
			return 0;
		}
	}
}

/* The item after the one at @item of a comma-separated list, or NULL */
static const char * __init next_item(const char *item)
{
	item = strchr(item, ',');
	return item ? item + 1 : NULL;
}

static void __init all_mode_on(void)
{
	all_mode = 1;
	dynamic_printk_enabled = ~0ULL;
	dynamic_printk_enabled2 = ~0ULL;
}

/*
 * @str is NULL for the bare word.  Always returns 0: a malformed list gets
 * a warning of its own, naming what is wrong with it.
 */
static int __init dynamic_printk_setup(char *str)
{
	const char *item;

	if (!str) {
		all_mode_on();
		return 0;
	}
	if (!boot_list_valid(str)) {
		printk(KERN_WARNING "dynamic_printk: ignoring malformed list "
		       "\"%s\"\n", str);
		return 0;
	}
	for (item = str; item; item = next_item(item))
		if (strcspn(item, ",") == 3 && !strncmp(item, "all", 3))
			all_mode_on();
	boot_list = str;
	return 0;
}
early_param("dynamic_printk", dynamic_printk_setup);

/* Turn each name of the boot list into a wish, '-' read as '_' */
static void __init make_wishes(void)
{
	const char *item;
	struct debug_wish *wish;
	size_t len, i;

	for (item = boot_list; item; item = next_item(item)) {
		len = strcspn(item, ",");
		wish = kmalloc(sizeof(*wish) + len + 1, GFP_KERNEL);
		if (!wish) {
			printk(KERN_ERR "dynamic_printk: no memory for the "
			       "boot list\n");
			return;
		}
		for (i = 0; i < len; i++)
			wish->name[i] = item[i] == '-' ? '_' : item[i];
		wish->name[len] = '\0';
		wish->djb2 = djb2_full(wish->name);
		if (!strcmp(wish->name, "all") ||
		    find_wish(wish->name, wish->djb2))
			kfree(wish);
		else
			list_add_tail(&wish->list, &debug_wishes);
	}
}

/*
 * Register the call sites of vmlinux as early as the allocator allows, so
 * that the control file lists them and messages of built-in code follow
 * their entries rather than 'all' mode alone.
 */
static int __init dynamic_printk_init(void)
{
	int ret;

	mutex_lock(&debug_names_mutex);
	if (boot_list)
		make_wishes();
	mutex_unlock(&debug_names_mutex);

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
