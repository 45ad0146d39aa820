/*
 * Helpers shared by the host tests: PASS/FAIL reporting, the files of
 * lib/dynamic_printk.c driven through the file_operations it gave
 * debugfs and procfs, and fake modules whose descriptors live in
 * malloc'd memory.  The model of what the files, the masks and the
 * descriptors must show is in model.h.
 */
#ifndef TESTLIB_H
#define TESTLIB_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>

#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/debugfs.h>
#include <linux/rcupdate.h>
#include "shim/shim.h"
#include "oracle_names.h"

/* Not every test uses every helper */
#define TL static __attribute__((unused))

#define FL_P	DYNAMIC_PRINTK_FL_PRINT
#define FL_M	DYNAMIC_PRINTK_FL_MODULE
#define FL_F	DYNAMIC_PRINTK_FL_FUNC
#define FL_L	DYNAMIC_PRINTK_FL_LINE
#define FL_T	DYNAMIC_PRINTK_FL_TID
#define FL_S	DYNAMIC_PRINTK_FL_SOURCE

/* ---- reporting ---- */

static int tests_passed, tests_failed;
static const char *cur_test;
static char cur_fail[1024];

TL void begin(const char *name)
{
	cur_test = name;
	cur_fail[0] = '\0';
}

TL void __attribute__((format(printf, 1, 2))) fail(const char *fmt, ...)
{
	va_list ap;

	if (cur_fail[0])
		return;		/* keep the first reason */
	va_start(ap, fmt);
	vsnprintf(cur_fail, sizeof(cur_fail), fmt, ap);
	va_end(ap);
	if (!cur_fail[0])
		snprintf(cur_fail, sizeof(cur_fail), "failed");
}

#define CHECK(cond, ...)			\
	do {					\
		if (!(cond))			\
			fail(__VA_ARGS__);	\
	} while (0)

TL int end(void)
{
	if (!cur_fail[0] && shim_bugs())
		fail("%s", shim_last_bug());
	if (cur_fail[0]) {
		printf("FAIL: %s: %s\n", cur_test, cur_fail);
		tests_failed++;
	} else {
		printf("PASS: %s\n", cur_test);
		tests_passed++;
	}
	fflush(stdout);
	return !cur_fail[0];
}

/* ---- oracle ---- */

TL const struct oracle_name *oracle_find(const char *name)
{
	int i;

	for (i = 0; i < ORACLE_NR_NAMES; i++)
		if (!strcmp(oracle_names[i].name, name))
			return &oracle_names[i];
	fprintf(stderr, "test bug: %s has no oracle value\n", name);
	abort();
}

/* ---- the files ---- */

/*
 * ctl_fops: <debugfs>/dynamic_printk/modules (the name the tests have
 * always used for it); site_fops: <debugfs>/dynamic_printk/control;
 * alias_fops: <debugfs>/dynamic_debug/control and
 * /proc/dynamic_debug/control.
 */
static const struct file_operations *ctl_fops, *site_fops;
static const struct file_operations *alias_fops[2];
static unsigned int site_modes[3];

TL int ctl_find(void)
{
	struct dentry *d = shim_debugfs_find("dynamic_printk", "modules");
	struct dentry *c = shim_debugfs_find("dynamic_printk", "control");
	struct dentry *a = shim_debugfs_find("dynamic_debug", "control");

	if (!d || !d->fops || !c || !c->fops || !a || !a->fops)
		return 0;
	ctl_fops = d->fops;
	site_fops = c->fops;
	alias_fops[0] = a->fops;
	site_modes[0] = c->mode;
	site_modes[1] = a->mode;
	alias_fops[1] = shim_proc_find("dynamic_debug", "control",
				       &site_modes[2]);
	return alias_fops[1] != NULL;
}

/* A write as write(2) on a freshly opened file; returns the result */
TL long file_write_len(const struct file_operations *fops, const void *buf,
		       size_t len)
{
	struct file f = { NULL, 0, 0 };
	loff_t pos = 0;
	long ret;

	if (fops->open(NULL, &f))
		return -12345;
	ret = fops->write(&f, (const char __user *)buf, len, &pos);
	fops->release(NULL, &f);
	return ret;
}

/*
 * Read a whole file with read() calls of at most chunk bytes; returns
 * the length, or a negative error.  out is NUL-terminated.
 */
TL long file_read_chunked(const struct file_operations *fops, char *out,
			  size_t cap, size_t chunk)
{
	struct file f = { NULL, 0, 0 };
	loff_t pos = 0;
	size_t len = 0;
	long ret;

	if (fops->open(NULL, &f))
		return -ENOMEM;
	for (;;) {
		size_t want = cap - 1 - len;

		if (want > chunk)
			want = chunk;
		if (!want) {
			len = cap;	/* too long */
			break;
		}
		ret = fops->read(&f, (char __user *)out + len, want, &pos);
		if (ret < 0) {
			fops->release(NULL, &f);
			return ret;
		}
		if (!ret)
			break;
		len += ret;
	}
	fops->release(NULL, &f);
	if (len >= cap)
		return -E2BIG;
	out[len] = '\0';
	return len;
}

#define READ_CAP	(1 << 20)

TL long ctl_write_len(const void *buf, size_t len)
{
	return file_write_len(ctl_fops, buf, len);
}

TL long ctl_write(const char *s)
{
	return ctl_write_len(s, strlen(s));
}

TL long ctl_read_chunked(char *out, size_t cap, size_t chunk)
{
	return file_read_chunked(ctl_fops, out, cap, chunk);
}

/* The modules file, whole; a static buffer */
TL char *ctl_read(void)
{
	static char buf[READ_CAP];
	long n = ctl_read_chunked(buf, sizeof(buf), READ_CAP);

	if (n < 0)
		snprintf(buf, sizeof(buf), "<read error %ld>", n);
	return buf;
}

TL long site_write_len(const void *buf, size_t len)
{
	return file_write_len(site_fops, buf, len);
}

TL long site_write(const char *s)
{
	return site_write_len(s, strlen(s));
}

/* The size of the read() calls of site_read() */
static size_t site_read_chunk = READ_CAP;

/* The control file, whole; a static buffer */
TL char *site_read(void)
{
	static char buf[READ_CAP];
	long n = file_read_chunked(site_fops, buf, sizeof(buf),
				   site_read_chunk);

	if (n < 0)
		snprintf(buf, sizeof(buf), "<read error %ld>", n);
	return buf;
}

/* ---- fake modules: descriptors in malloc'd memory ---- */

struct fakemod {
	struct mod_debug *dd;
	unsigned long n;
	char **strings;
	size_t *sizes;
	unsigned long nstrings, maxstrings;
};

TL char *fake_string(struct fakemod *fm, const char *a, const char *b)
{
	size_t la = strlen(a), lb = b ? strlen(b) : 0;
	char *s = malloc(la + 1 + lb + 1);

	if (!s)
		abort();

	memcpy(s, a, la + 1);
	if (b)
		memcpy(s + la + 1, b, lb + 1);
	if (fm->nstrings == fm->maxstrings) {
		fm->maxstrings = fm->maxstrings ? 2 * fm->maxstrings : 16;
		fm->strings = realloc(fm->strings,
				      fm->maxstrings * sizeof(char *));
		fm->sizes = realloc(fm->sizes,
				    fm->maxstrings * sizeof(size_t));
	}
	fm->sizes[fm->nstrings] = la + 1 + lb + (b ? 1 : 0);
	fm->strings[fm->nstrings++] = s;
	return s;
}

/* The file of a fake module's name: "drivers/fake/<name>.c" */
TL void fake_file_of(const char *name, char *file, size_t size)
{
	snprintf(file, size, "drivers/fake/%s.c", name);
}

/*
 * Descriptors for names[0..nnames), per_name each.  interleave: name0,
 * name1, .., name0, name1, ..; otherwise runs of one name.  share: one
 * "<name>\0<file>" string per name; otherwise one per descriptor (equal
 * strings, different pointers).  Descriptor j of a name (counting from
 * 0) is in function "<name>_f<j>", at line 10 * (j + 1), with format
 * "<name> site <j>\n"; the file is fake_file_of(name).
 */
TL struct fakemod *fake_new(const char *const *names, int nnames,
			    int per_name, int interleave, int share)
{
	struct fakemod *fm = calloc(1, sizeof(*fm));
	unsigned long i, total = (unsigned long)nnames * per_name;
	char **shared = calloc(nnames ? nnames : 1, sizeof(char *));
	char **funcs = calloc(per_name ? per_name : 1, sizeof(char *));
	const struct oracle_name **on = calloc(nnames ? nnames : 1,
					       sizeof(*on));
	char file[300], buf[300];
	int k, j;

	fm->dd = calloc(total ? total : 1, sizeof(*fm->dd));
	fm->n = total;
	for (k = 0; k < nnames; k++) {
		on[k] = oracle_find(names[k]);
		fake_file_of(names[k], file, sizeof(file));
		if (share)
			shared[k] = fake_string(fm, names[k], file);
	}
	for (i = 0; i < total; i++) {
		const struct oracle_name *o;

		k = interleave ? (int)(i % nnames) : (int)(i / per_name);
		j = interleave ? (int)(i / nnames) : (int)(i % per_name);
		o = on[k];
		fake_file_of(names[k], file, sizeof(file));
		fm->dd[i].modname = share ? shared[k] :
			fake_string(fm, names[k], file);
		snprintf(buf, sizeof(buf), "%s_f%d", names[k], j);
		fm->dd[i].function = fake_string(fm, buf, NULL);
		snprintf(buf, sizeof(buf), "%s site %d\n", names[k], j);
		fm->dd[i].format = fake_string(fm, buf, NULL);
		fm->dd[i].lineno = 10 * (j + 1);
		fm->dd[i].hash = o->djb2;
		fm->dd[i].hash2 = o->r5;
		fm->dd[i].type = DYNAMIC_PRINTK_TYPE_BOOLEAN;
	}
	free(shared);
	free(funcs);
	free(on);
	return fm;
}

/*
 * Make descriptor i of a fake module a call site of module name (which
 * must have oracle values) in file, function func, at line with format
 * fmt; its own "<name>\0<file>" string.
 */
TL void fake_site(struct fakemod *fm, unsigned long i, const char *name,
		  const char *file, const char *func, unsigned int line,
		  const char *fmt)
{
	const struct oracle_name *o = oracle_find(name);

	fm->dd[i].modname = fake_string(fm, name, file);
	fm->dd[i].function = fake_string(fm, func, NULL);
	fm->dd[i].format = fake_string(fm, fmt, NULL);
	fm->dd[i].lineno = line;
	fm->dd[i].hash = o->djb2;
	fm->dd[i].hash2 = o->r5;
	fm->dd[i].type = DYNAMIC_PRINTK_TYPE_BOOLEAN;
}

/* Free like a module going away: poison first, so stale users show */
TL void fake_poison_free(struct fakemod *fm)
{
	unsigned long i;

	for (i = 0; i < fm->nstrings; i++) {
		/* "<name>\0<file>": both parts */
		memset(fm->strings[i], 0x5a, fm->sizes[i]);
		free(fm->strings[i]);
	}
	memset(fm->dd, 0x6b, fm->n * sizeof(*fm->dd));
	free(fm->dd);
	free(fm->strings);
	free(fm->sizes);
	free(fm);
}

#endif
