/*
 * Host implementations of the kernel functions lib/dynamic_printk.c uses,
 * recording what the code under test did.  seq_read() follows the
 * algorithm of 2.6.27's fs/seq_file.c (->start() .. ->stop() with the
 * buffer copied out only in between), so the reader is driven as the
 * kernel would drive it.
 */
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/kernel.h>
#include <linux/device.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/ctype.h>
#include <linux/mutex.h>
#include <linux/fs.h>
#include <linux/seq_file.h>
#include <linux/debugfs.h>
#include <linux/uaccess.h>
#include <linux/err.h>
#include <linux/init.h>
#include <linux/sched.h>
#include <linux/hardirq.h>
#include <linux/proc_fs.h>
#include <linux/moduleparam.h>
#include <asm/page.h>
#include "shim.h"

/* ---- bugs: sleeping inside an RCU read-side critical section ---- */

static long bugs;
static char last_bug[256];

static void shim_bug(const char *what, const char *how)
{
	__atomic_add_fetch(&bugs, 1, __ATOMIC_SEQ_CST);
	snprintf(last_bug, sizeof(last_bug), "%s %s", what, how);
}

void shim_might_sleep(const char *what)
{
	if (shim_rcu_depth() > 0)
		shim_bug(what, "called inside rcu_read_lock()");
}

static long resched_calls;

void cond_resched(void)
{
	shim_might_sleep("cond_resched");
	__atomic_add_fetch(&resched_calls, 1, __ATOMIC_SEQ_CST);
}

long shim_resched_calls(void)
{
	return __atomic_load_n(&resched_calls, __ATOMIC_SEQ_CST);
}

long shim_bugs(void)
{
	return __atomic_load_n(&bugs, __ATOMIC_SEQ_CST);
}

const char *shim_last_bug(void)
{
	return last_bug;
}

/* ---- printk ---- */

static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;
static struct shim_msg log_msgs[SHIM_LOG_KEEP];
static long log_count, log_above_debug;
/* The last message did not end in a newline: the next text continues it */
static int log_open;

/*
 * As vprintk() of 2.6.27: the text is formatted into a buffer of 1024
 * bytes; at the start of a line a "<n>" prefix gives the level (4 if
 * none) and is not part of the text; a newline ends the line, and text
 * after a line that did not end continues it, "<n>" included.
 */
int vprintk(const char *fmt, va_list args)
{
	char buf[1024];
	const char *p;
	int len;

	len = vsnprintf(buf, sizeof(buf), fmt, args);
	pthread_mutex_lock(&log_lock);
	for (p = buf; *p; p++) {
		struct shim_msg *m;
		size_t n;

		if (!log_open) {
			int level = 4;

			if (p[0] == '<' && p[1] >= '0' && p[1] <= '7' &&
			    p[2] == '>') {
				level = p[1] - '0';
				p += 3;
			}
			if (log_count < SHIM_LOG_KEEP) {
				log_msgs[log_count].level = level;
				log_msgs[log_count].text[0] = '\0';
			}
			log_count++;
			if (level < 7)
				log_above_debug++;
			log_open = 1;
			if (!*p)
				break;
		}
		if (log_count <= SHIM_LOG_KEEP) {
			m = &log_msgs[log_count - 1];
			n = strlen(m->text);
			if (n + 1 < sizeof(m->text)) {
				m->text[n] = *p;
				m->text[n + 1] = '\0';
			}
		}
		if (*p == '\n')
			log_open = 0;
	}
	pthread_mutex_unlock(&log_lock);
	return len < (int)sizeof(buf) ? len : (int)sizeof(buf) - 1;
}

int printk(const char *fmt, ...)
{
	va_list ap;
	int len;

	va_start(ap, fmt);
	len = vprintk(fmt, ap);
	va_end(ap);
	return len;
}

void shim_log_reset(void)
{
	pthread_mutex_lock(&log_lock);
	log_count = 0;
	log_above_debug = 0;
	log_open = 0;
	pthread_mutex_unlock(&log_lock);
}

long shim_log_count(void)
{
	long n;

	pthread_mutex_lock(&log_lock);
	n = log_count;
	pthread_mutex_unlock(&log_lock);
	return n;
}

long shim_log_above_debug(void)
{
	long n;

	pthread_mutex_lock(&log_lock);
	n = log_above_debug;
	pthread_mutex_unlock(&log_lock);
	return n;
}

const struct shim_msg *shim_log_get(long i)
{
	if (i < 0 || i >= SHIM_LOG_KEEP || i >= shim_log_count())
		return NULL;
	return &log_msgs[i];
}

/* ---- context: the current task, interrupts ---- */

__thread struct task_struct shim_current_task = { 1 };
__thread int shim_irq_count;

void shim_set_pid(int pid)
{
	shim_current_task.pid = pid;
}

void shim_irq_enter(void)
{
	shim_irq_count++;
}

void shim_irq_exit(void)
{
	shim_irq_count--;
}

const char *dev_driver_string(const struct device *dev)
{
	return dev->driver ? dev->driver : "";
}

const char *dev_name(const struct device *dev)
{
	return dev->bus_id;
}

/* ---- kmalloc ---- */

static long kmalloc_live, kmalloc_total, kmalloc_fail_countdown;

void shim_kmalloc_fail_nth(long n)
{
	__atomic_store_n(&kmalloc_fail_countdown, n, __ATOMIC_SEQ_CST);
}

long shim_kmalloc_live(void)
{
	return __atomic_load_n(&kmalloc_live, __ATOMIC_SEQ_CST);
}

long shim_kmalloc_total(void)
{
	return __atomic_load_n(&kmalloc_total, __ATOMIC_SEQ_CST);
}

void *kmalloc(size_t size, gfp_t flags)
{
	void *p;

	if (flags & GFP_KERNEL)
		shim_might_sleep("kmalloc(GFP_KERNEL)");
	if (__atomic_load_n(&kmalloc_fail_countdown, __ATOMIC_SEQ_CST) > 0 &&
	    __atomic_sub_fetch(&kmalloc_fail_countdown, 1,
			       __ATOMIC_SEQ_CST) == 0)
		return NULL;
	p = malloc(size ? size : 1);
	if (p) {
		__atomic_add_fetch(&kmalloc_live, 1, __ATOMIC_SEQ_CST);
		__atomic_add_fetch(&kmalloc_total, 1, __ATOMIC_SEQ_CST);
	}
	return p;
}

void *kzalloc(size_t size, gfp_t flags)
{
	void *p = kmalloc(size, flags);

	if (p)
		memset(p, 0, size);
	return p;
}

char *kstrdup(const char *s, gfp_t gfp)
{
	size_t len;
	char *buf;

	if (!s)
		return NULL;
	len = strlen(s) + 1;
	buf = kmalloc(len, gfp);
	if (buf)
		memcpy(buf, s, len);
	return buf;
}

char *kstrndup(const char *s, size_t max, gfp_t gfp)
{
	size_t len;
	char *buf;

	if (!s)
		return NULL;
	len = strnlen(s, max);
	buf = kmalloc(len + 1, gfp);
	if (buf) {
		memcpy(buf, s, len);
		buf[len] = '\0';
	}
	return buf;
}

char *strstrip(char *s)
{
	size_t size = strlen(s);
	char *end;

	if (!size)
		return s;
	end = s + size - 1;
	while (end >= s && (*end == ' ' || (*end >= '\t' && *end <= '\r')))
		end--;
	*(end + 1) = '\0';
	while (*s == ' ' || (*s >= '\t' && *s <= '\r'))
		s++;
	return s;
}

void kfree(const void *ptr)
{
	if (!ptr)
		return;
	__atomic_sub_fetch(&kmalloc_live, 1, __ATOMIC_SEQ_CST);
	free((void *)ptr);
}

/* ---- ctype: lib/ctype.c of 2.6.27 ---- */

unsigned char _ctype[] = {
_C,_C,_C,_C,_C,_C,_C,_C,			/* 0-7 */
_C,_C|_S,_C|_S,_C|_S,_C|_S,_C|_S,_C,_C,		/* 8-15 */
_C,_C,_C,_C,_C,_C,_C,_C,			/* 16-23 */
_C,_C,_C,_C,_C,_C,_C,_C,			/* 24-31 */
_S|_SP,_P,_P,_P,_P,_P,_P,_P,			/* 32-39 */
_P,_P,_P,_P,_P,_P,_P,_P,			/* 40-47 */
_D,_D,_D,_D,_D,_D,_D,_D,			/* 48-55 */
_D,_D,_P,_P,_P,_P,_P,_P,			/* 56-63 */
_P,_U|_X,_U|_X,_U|_X,_U|_X,_U|_X,_U|_X,_U,	/* 64-71 */
_U,_U,_U,_U,_U,_U,_U,_U,			/* 72-79 */
_U,_U,_U,_U,_U,_U,_U,_U,			/* 80-87 */
_U,_U,_U,_P,_P,_P,_P,_P,			/* 88-95 */
_P,_L|_X,_L|_X,_L|_X,_L|_X,_L|_X,_L|_X,_L,	/* 96-103 */
_L,_L,_L,_L,_L,_L,_L,_L,			/* 104-111 */
_L,_L,_L,_L,_L,_L,_L,_L,			/* 112-119 */
_L,_L,_L,_P,_P,_P,_P,_C,			/* 120-127 */
0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,		/* 128-143 */
0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,		/* 144-159 */
_S|_SP,_P,_P,_P,_P,_P,_P,_P,_P,_P,_P,_P,_P,_P,_P,_P,   /* 160-175 */
_P,_P,_P,_P,_P,_P,_P,_P,_P,_P,_P,_P,_P,_P,_P,_P,       /* 176-191 */
_U,_U,_U,_U,_U,_U,_U,_U,_U,_U,_U,_U,_U,_U,_U,_U,       /* 192-207 */
_U,_U,_U,_U,_U,_U,_U,_P,_U,_U,_U,_U,_U,_U,_U,_L,       /* 208-223 */
_L,_L,_L,_L,_L,_L,_L,_L,_L,_L,_L,_L,_L,_L,_L,_L,       /* 224-239 */
_L,_L,_L,_L,_L,_L,_L,_P,_L,_L,_L,_L,_L,_L,_L,_L};      /* 240-255 */

/* ---- mutex ---- */

void mutex_init(struct mutex *lock)
{
	pthread_mutex_init(&lock->m, NULL);
}

void mutex_lock(struct mutex *lock)
{
	shim_might_sleep("mutex_lock");
	pthread_mutex_lock(&lock->m);
}

void mutex_unlock(struct mutex *lock)
{
	pthread_mutex_unlock(&lock->m);
}

/* ---- user copies ---- */

unsigned long copy_from_user(void *to, const void __user *from,
			     unsigned long n)
{
	shim_might_sleep("copy_from_user");
	if ((const void __force *)from == SHIM_FAULT_PTR)
		return n;
	memcpy(to, (const void __force *)from, n);
	return 0;
}

unsigned long copy_to_user(void __user *to, const void *from,
			   unsigned long n)
{
	shim_might_sleep("copy_to_user");
	if ((void __force *)to == SHIM_FAULT_PTR)
		return n;
	memcpy((void __force *)to, from, n);
	return 0;
}

/* ---- boot options and initcalls ---- */

#define MAX_SETUP	16
#define MAX_INITCALLS	16

static struct {
	const char *str;
	int (*fn)(char *);
	int early;
} setups[MAX_SETUP];
static int nr_setups;

static struct {
	int level;
	const char *name;
	int (*fn)(void);
} initcalls[MAX_INITCALLS];
static int nr_initcalls;

void shim_register_setup(const char *str, int (*fn)(char *), int early)
{
	if (nr_setups == MAX_SETUP)
		abort();
	setups[nr_setups].str = str;
	setups[nr_setups].fn = fn;
	setups[nr_setups].early = early;
	nr_setups++;
}

void shim_register_initcall(int level, const char *name, int (*fn)(void))
{
	if (nr_initcalls == MAX_INITCALLS)
		abort();
	initcalls[nr_initcalls].level = level;
	initcalls[nr_initcalls].name = name;
	initcalls[nr_initcalls].fn = fn;
	nr_initcalls++;
}

/*
 * The kernel's command line stays in memory until the init sections are
 * freed, after the initcalls: a handler may keep a pointer into it and
 * use it from an initcall.  So do the copies here; they stay for good.
 */
#define MAX_SETUP_CALLS	16
static char cmdline[MAX_SETUP_CALLS][256];
static int nr_setup_calls;

int shim_run_setup(const char *param)
{
	char *line;
	int i;

	if (nr_setup_calls == MAX_SETUP_CALLS)
		abort();
	line = cmdline[nr_setup_calls++];
	snprintf(line, sizeof(cmdline[0]), "%s", param);
	for (i = 0; i < nr_setups; i++) {
		size_t n = strlen(setups[i].str);

		if (strncmp(line, setups[i].str, n))
			continue;
		if (!setups[i].early) {
			if (setups[i].fn(line + n))
				return 1;
			continue;
		}
		/*
		 * As init/main.c's do_early_param(): the name must match
		 * exactly; the value is what follows '=', NULL without one;
		 * a nonzero return is reported.  The option is taken.
		 */
		if (line[n] != '\0' && line[n] != '=')
			continue;
		if (setups[i].fn(line[n] ? line + n + 1 : NULL))
			printk(KERN_WARNING "Malformed early option '%s'\n",
			       setups[i].str);
		return 1;
	}
	return 0;
}

/* ---- kernel/params.c of 2.6.27: parse_args() ---- */

static char dash2underscore(char c)
{
	if (c == '-')
		return '_';
	return c;
}

static int parameq(const char *input, const char *paramname)
{
	unsigned int i;

	for (i = 0; dash2underscore(input[i]) == paramname[i]; i++)
		if (input[i] == '\0')
			return 1;
	return 0;
}

static int parse_one(char *param, char *val, struct kernel_param *params,
		     unsigned num_params,
		     int (*handle_unknown)(char *param, char *val))
{
	unsigned int i;

	for (i = 0; i < num_params; i++)
		if (parameq(param, params[i].name))
			return params[i].set(val, &params[i]);
	if (handle_unknown)
		return handle_unknown(param, val);
	return -ENOENT;
}

/* You can use " around spaces, but can't escape ". */
static char *next_arg(char *args, char **param, char **val)
{
	unsigned int i, equals = 0;
	int in_quote = 0, quoted = 0;
	char *next;

	if (*args == '"') {
		args++;
		in_quote = 1;
		quoted = 1;
	}
	for (i = 0; args[i]; i++) {
		if (args[i] == ' ' && !in_quote)
			break;
		if (equals == 0) {
			if (args[i] == '=')
				equals = i;
		}
		if (args[i] == '"')
			in_quote = !in_quote;
	}
	*param = args;
	if (!equals) {
		*val = NULL;
	} else {
		args[equals] = '\0';
		*val = args + equals + 1;
		/* Don't include quotes in value. */
		if (**val == '"') {
			(*val)++;
			if (args[i - 1] == '"')
				args[i - 1] = '\0';
		}
		if (quoted && args[i - 1] == '"')
			args[i - 1] = '\0';
	}
	if (args[i]) {
		args[i] = '\0';
		next = args + i + 1;
	} else {
		next = args + i;
	}
	while (*next == ' ')
		next++;
	return next;
}

int parse_args(const char *name, char *args, struct kernel_param *params,
	       unsigned num, int (*unknown)(char *param, char *val))
{
	char *param, *val;

	while (*args == ' ')
		args++;
	while (*args) {
		int ret;

		args = next_arg(args, &param, &val);
		ret = parse_one(param, val, params, num, unknown);
		switch (ret) {
		case -ENOENT:
			printk(KERN_ERR "%s: Unknown parameter `%s'\n",
			       name, param);
			return ret;
		case -ENOSPC:
			printk(KERN_ERR
			       "%s: `%s' too large for parameter `%s'\n",
			       name, val ? val : "", param);
			return ret;
		case 0:
			break;
		default:
			printk(KERN_ERR
			       "%s: `%s' invalid for parameter `%s'\n",
			       name, val ? val : "", param);
			return ret;
		}
	}
	return 0;
}

/* ---- the command line: init/main.c of 2.6.27 ---- */

char *saved_command_line;

/* As do_early_param(): every early handler of exactly that name */
static int do_early_param(char *param, char *val)
{
	int i;

	for (i = 0; i < nr_setups; i++)
		if (setups[i].early && !strcmp(param, setups[i].str) &&
		    setups[i].fn(val) != 0)
			printk(KERN_WARNING "Malformed early option '%s'\n",
			       param);
	return 0;
}

/*
 * As start_kernel(): the command line is saved whole, then a copy of it
 * is parsed for early parameters; the copy stays (init data, freed only
 * after the initcalls), so handlers may keep pointers into it.
 */
void shim_boot(const char *cmdline)
{
	static char tmp_cmdline[4096];

	free(saved_command_line);
	saved_command_line = strdup(cmdline);
	snprintf(tmp_cmdline, sizeof(tmp_cmdline), "%s", cmdline);
	parse_args("early options", tmp_cmdline, NULL, 0, do_early_param);
}

int shim_run_initcall_level(int level)
{
	int i, failed = 0;

	for (i = 0; i < nr_initcalls; i++)
		if (initcalls[i].level == level && initcalls[i].fn() != 0)
			failed++;
	return failed;
}

int shim_run_initcalls(void)
{
	int level, i, failed = 0;

	for (level = 0; level <= 7; level++)
		for (i = 0; i < nr_initcalls; i++)
			if (initcalls[i].level == level &&
			    initcalls[i].fn() != 0)
				failed++;
	return failed;
}

/* ---- debugfs ---- */

static struct dentry *dentries;

static struct dentry *new_dentry(const char *name, mode_t mode,
				 struct dentry *parent, void *data,
				 const struct file_operations *fops)
{
	struct dentry *d = calloc(1, sizeof(*d));

	if (!d)
		return NULL;
	snprintf(d->name, sizeof(d->name), "%s", name);
	d->mode = mode;
	d->parent = parent;
	d->data = data;
	d->fops = fops;
	d->next = dentries;
	dentries = d;
	return d;
}

struct dentry *debugfs_create_dir(const char *name, struct dentry *parent)
{
	return new_dentry(name, 040755, parent, NULL, NULL);
}

struct dentry *debugfs_create_file(const char *name, mode_t mode,
				   struct dentry *parent, void *data,
				   const struct file_operations *fops)
{
	return new_dentry(name, mode, parent, data, fops);
}

void debugfs_remove(struct dentry *dentry)
{
	struct dentry **p;

	for (p = &dentries; *p; p = &(*p)->next)
		if (*p == dentry) {
			*p = dentry->next;
			free(dentry);
			return;
		}
}

struct dentry *shim_debugfs_find(const char *dir, const char *name)
{
	struct dentry *d;

	for (d = dentries; d; d = d->next)
		if (!strcmp(d->name, name) && d->parent &&
		    !strcmp(d->parent->name, dir) && !d->parent->parent)
			return d;
	return NULL;
}

/* ---- procfs ---- */

static struct proc_dir_entry *proc_entries;

static struct proc_dir_entry *new_proc(const char *name, mode_t mode,
				       struct proc_dir_entry *parent,
				       const struct file_operations *fops)
{
	struct proc_dir_entry *e = calloc(1, sizeof(*e));

	if (!e)
		return NULL;
	snprintf(e->name, sizeof(e->name), "%s", name);
	e->mode = mode;
	e->parent = parent;
	e->proc_fops = fops;
	e->next = proc_entries;
	proc_entries = e;
	return e;
}

struct proc_dir_entry *proc_mkdir(const char *name,
				  struct proc_dir_entry *parent)
{
	return new_proc(name, 040555, parent, NULL);
}

struct proc_dir_entry *proc_create(const char *name, mode_t mode,
				   struct proc_dir_entry *parent,
				   const struct file_operations *proc_fops)
{
	return new_proc(name, mode ? mode : 0444, parent, proc_fops);
}

const struct file_operations *shim_proc_find(const char *dir,
					     const char *name,
					     unsigned int *mode)
{
	struct proc_dir_entry *e;

	for (e = proc_entries; e; e = e->next)
		if (!strcmp(e->name, name) && e->parent &&
		    !strcmp(e->parent->name, dir) && !e->parent->parent) {
			if (mode)
				*mode = e->mode;
			return e->proc_fops;
		}
	return NULL;
}

/* ---- seq_file, as fs/seq_file.c of 2.6.27 ---- */

int seq_open(struct file *file, const struct seq_operations *op)
{
	struct seq_file *p = file->private_data;

	if (!p) {
		p = kmalloc(sizeof(*p), GFP_KERNEL);
		if (!p)
			return -ENOMEM;
		file->private_data = p;
	}
	memset(p, 0, sizeof(*p));
	p->op = op;
	file->f_version = 0;
	return 0;
}

ssize_t seq_read(struct file *file, char __user *buf, size_t size,
		 loff_t *ppos)
{
	struct seq_file *m = file->private_data;
	size_t copied = 0;
	loff_t pos;
	size_t n;
	void *p;
	int err = 0;

	m->version = file->f_version;
	if (!m->buf) {
		m->buf = kmalloc(m->size = PAGE_SIZE, GFP_KERNEL);
		if (!m->buf)
			goto Enomem;
	}
	if (m->count) {
		n = m->count < size ? m->count : size;
		err = copy_to_user(buf, m->buf + m->from, n);
		if (err)
			goto Efault;
		m->count -= n;
		m->from += n;
		size -= n;
		buf += n;
		copied += n;
		if (!m->count)
			m->index++;
		if (!size)
			goto Done;
	}
	pos = m->index;
	p = m->op->start(m, &pos);
	while (1) {
		err = PTR_ERR(p);
		if (!p || IS_ERR(p))
			break;
		err = m->op->show(m, p);
		if (err < 0)
			break;
		if (err)
			m->count = 0;
		if (!m->count) {
			p = m->op->next(m, p, &pos);
			m->index = pos;
			if (pos < 0)
				shim_bug("seq_file position", "negative");
			continue;
		}
		if (m->count < m->size)
			goto Fill;
		m->op->stop(m, p);
		kfree(m->buf);
		m->buf = kmalloc(m->size <<= 1, GFP_KERNEL);
		if (!m->buf)
			goto Enomem;
		m->count = 0;
		m->version = 0;
		pos = m->index;
		p = m->op->start(m, &pos);
	}
	m->op->stop(m, p);
	m->count = 0;
	goto Done;
Fill:
	while (m->count < size) {
		size_t offs = m->count;
		loff_t next = pos;

		p = m->op->next(m, p, &next);
		if (!p || IS_ERR(p)) {
			err = PTR_ERR(p);
			break;
		}
		err = m->op->show(m, p);
		if (m->count == m->size || err) {
			m->count = offs;
			if (err <= 0)
				break;
		}
		pos = next;
	}
	m->op->stop(m, p);
	n = m->count < size ? m->count : size;
	err = copy_to_user(buf, m->buf, n);
	if (err)
		goto Efault;
	copied += n;
	m->count -= n;
	if (m->count)
		m->from = n;
	else
		pos++;
	m->index = pos;
	if (pos < 0)
		shim_bug("seq_file position", "negative");
Done:
	if (!copied)
		copied = err;
	else
		*ppos += copied;
	file->f_version = m->version;
	return copied;
Enomem:
	err = -ENOMEM;
	goto Done;
Efault:
	err = -EFAULT;
	goto Done;
}

loff_t seq_lseek(struct file *file, loff_t offset, int origin)
{
	struct seq_file *m = file->private_data;

	/* Only rewinding is needed by the tests */
	if (offset || origin)
		return -EINVAL;
	m->count = 0;
	m->from = 0;
	m->index = 0;
	return 0;
}

int seq_release(struct inode *inode, struct file *file)
{
	struct seq_file *m = file->private_data;

	kfree(m->buf);
	kfree(m);
	file->private_data = NULL;
	return 0;
}

int seq_printf(struct seq_file *m, const char *f, ...)
{
	va_list args;
	int len;

	if (m->count < m->size) {
		va_start(args, f);
		len = vsnprintf(m->buf + m->count, m->size - m->count, f, args);
		va_end(args);
		if (m->count + len < m->size) {
			m->count += len;
			return 0;
		}
	}
	m->count = m->size;
	return -1;
}

int seq_putc(struct seq_file *m, char c)
{
	if (m->count < m->size) {
		m->buf[m->count++] = c;
		return 0;
	}
	return -1;
}

int seq_puts(struct seq_file *m, const char *s)
{
	int len = strlen(s);

	if (m->count + len < m->size) {
		memcpy(m->buf + m->count, s, len);
		m->count += len;
		return 0;
	}
	m->count = m->size;
	return -1;
}

/* One line per dump: what was asked, and the bytes in hex */
void print_hex_dump(const char *level, const char *prefix_str,
		    int prefix_type, int rowsize, int groupsize,
		    const void *buf, size_t len, _Bool ascii)
{
	const unsigned char *p = buf;
	char hex[3 * 64 + 1] = "";
	size_t i;

	for (i = 0; i < len && i < 64; i++)
		sprintf(hex + 3 * i, " %02x", p[i]);
	printk("%s%s[dump type=%d row=%d group=%d len=%zu ascii=%d]%s\n",
	       level, prefix_str, prefix_type, rowsize, groupsize, len,
	       ascii, hex);
}
