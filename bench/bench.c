/*
 * make bench: the cost of dynamic printk, counted in instructions under
 * callgrind (deterministic), with lib/dynamic_printk.c compiled unchanged
 * against the host shims of tests/host (real RCU from liburcu).
 *
 *   bench SITES-FILE	run every phase; SITES-FILE is the descriptor list
 *			of a vmlinux (vmlinux_sites.py)
 *
 * Each phase is bracketed by CALLGRIND_ZERO_STATS and
 * CALLGRIND_DUMP_STATS_AT("<phase>"); bench.sh reads the dumps.  The
 * program prints what it set up (names, counts) on stdout.  Outside
 * valgrind the macros do nothing and it just runs.
 *
 * The executable stands for vmlinux: its call sites are those of
 * cs_loop_on.o (module name BENCH_MODNAME), registered by
 * dynamic_printk_init() as start_kernel() does.  Modules are descriptors
 * in malloc'd memory, registered with dynamic_printk_register() as the
 * module loader does.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <valgrind/callgrind.h>

#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/debugfs.h>
#include <linux/rcupdate.h>
#include "shim.h"

void cs_loop_off(int n);
void cs_loop_on(int n);
void cs_loop_pat(int n);

#define LOOPS		10000	/* iterations of 8 call sites */
#define NAME_WRITES	200	/* enable+disable pairs per names phase */
#define SITE_WRITES	100	/* pairs of module/set writes per scale */
#define FUNC_WRITES	5	/* pairs of func writes per scale */
#define READ_CHUNK	4096	/* the read() size of the read phases */
#define TARGET_SITES	10	/* call sites of the module written to */
#define OTHER_TABLES	100	/* other modules, registered around it */

static const struct file_operations *names_fops, *sites_fops;

static unsigned int djb2(const char *s)
{
	unsigned int h = 5381;

	while (*s)
		h = h * 33 + (unsigned char)*s++;
	return h & 63;
}

static unsigned int r5(const char *s)
{
	unsigned int h = 0;

	for (; *s; s++)
		h = (h + ((unsigned char)*s << 4) +
		     ((unsigned char)*s >> 4)) * 11;
	return h & 63;
}

static void *xmalloc(size_t n)
{
	void *p = calloc(1, n ? n : 1);

	if (!p) {
		fprintf(stderr, "bench: out of memory\n");
		exit(1);
	}
	return p;
}

/* "<module>\0<file>", as __dynamic_printk_modname */
static char *modfile(const char *name, const char *file)
{
	size_t a = strlen(name), b = strlen(file);
	char *s = xmalloc(a + b + 2);

	memcpy(s, name, a + 1);
	memcpy(s + a + 1, file, b + 1);
	return s;
}

/*
 * Writes go to a file opened once per file_operations, as a shell's
 * "exec 3>control" would: the write handler finds which file it is from
 * the seq_file the open made, and the open is not part of what a write
 * costs.
 */
static struct file *opened(const struct file_operations *fops)
{
	static struct file files[2];
	static const struct file_operations *which[2];
	int i;

	for (i = 0; i < 2 && which[i] != fops; i++)
		if (!which[i]) {
			if (fops->open(NULL, &files[i])) {
				fprintf(stderr, "bench: open failed\n");
				exit(1);
			}
			which[i] = fops;
			break;
		}
	if (i == 2) {
		fprintf(stderr, "bench: more than two files\n");
		exit(1);
	}
	return &files[i];
}

static long wr(const struct file_operations *fops, const char *cmd)
{
	loff_t pos = 0;

	return fops->write(opened(fops), (const char __user *)cmd,
			   strlen(cmd), &pos);
}

static void wr_ok(const struct file_operations *fops, const char *fmt,
		  const char *name)
{
	char cmd[256];

	snprintf(cmd, sizeof(cmd), fmt, name);
	if (wr(fops, cmd) != (long)strlen(cmd)) {
		fprintf(stderr, "bench: '%s' failed\n", cmd);
		exit(1);
	}
}

/*
 * Read a whole file as cat does, in read() calls of READ_CHUNK bytes on
 * one open file; returns the bytes, and the read() calls in *calls.  The
 * lines are counted in *lines when lines is not NULL: not in a timed
 * read, where it would be counted too.
 */
static unsigned long read_all(const struct file_operations *fops,
			      unsigned long *lines, unsigned long *calls)
{
	static char buf[READ_CHUNK];
	struct file f;
	loff_t pos = 0;
	unsigned long bytes = 0;
	long n, i;

	memset(&f, 0, sizeof(f));
	*calls = 0;
	if (lines)
		*lines = 0;
	if (fops->open(NULL, &f)) {
		fprintf(stderr, "bench: open failed\n");
		exit(1);
	}
	do {
		n = fops->read(&f, (char __user *)buf, sizeof(buf), &pos);
		if (n < 0) {
			fprintf(stderr, "bench: read failed: %ld\n", n);
			exit(1);
		}
		++*calls;
		bytes += n;
		for (i = 0; lines && i < n; i++)
			*lines += buf[i] == '\n';
	} while (n > 0);
	fops->release(NULL, &f);
	return bytes;
}

/* One descriptor per name, each with its own strings */
static struct mod_debug *make_descs(char **names, unsigned long n)
{
	struct mod_debug *d = xmalloc(n * sizeof(*d));
	unsigned long i;

	for (i = 0; i < n; i++) {
		d[i].modname = modfile(names[i], "drivers/bench/names.c");
		d[i].function = "bench_fn";
		d[i].format = "bench %d\n";
		d[i].lineno = 1;
		d[i].hash = djb2(names[i]);
		d[i].hash2 = r5(names[i]);
		d[i].type = DYNAMIC_PRINTK_TYPE_BOOLEAN;
	}
	return d;
}

/*
 * A module of n call sites: its own name and file, 16 functions, one
 * format per call site.
 */
static struct mod_debug *make_module(const char *name, unsigned long n)
{
	struct mod_debug *d = xmalloc(n * sizeof(*d));
	char file[128], s[128], *fns[16];
	const char *str;
	unsigned long i;

	snprintf(file, sizeof(file), "drivers/bench/%s.c", name);
	str = modfile(name, file);
	for (i = 0; i < 16; i++) {
		snprintf(s, sizeof(s), "%s_fn%lu", name, i);
		fns[i] = strdup(s);
	}
	for (i = 0; i < n; i++) {
		snprintf(s, sizeof(s), "%s: message %lu, value %%d\n",
			 name, i);
		d[i].modname = str;
		d[i].function = fns[i % 16];
		d[i].format = strdup(s);
		d[i].lineno = 100 + i;
		d[i].hash = djb2(name);
		d[i].hash2 = r5(name);
		d[i].type = DYNAMIC_PRINTK_TYPE_BOOLEAN;
	}
	return d;
}

static void reg(struct mod_debug *d, unsigned long n)
{
	if (dynamic_printk_register(d, n, NULL, 0, NULL)) {
		fprintf(stderr, "bench: register failed\n");
		exit(1);
	}
}

static void unreg(struct mod_debug *d, unsigned long n)
{
	dynamic_printk_unregister(d, n);
	rcu_barrier();
}

/* 1. Call sites */
static void phase_callsites(void)
{
	const char *me = BENCH_MODNAME;
	static char a[64], b[64];
	char *names[2] = { a, b };
	struct mod_debug *d;
	int i;

	/* a: same djb2 bucket as ours, other r5; b: the reverse */
	for (i = 0; !a[0] || !b[0]; i++) {
		char s[64];

		snprintf(s, sizeof(s), "other%d", i);
		if (!a[0] && djb2(s) == djb2(me) && r5(s) != r5(me))
			strcpy(a, s);
		if (!b[0] && djb2(s) != djb2(me) && r5(s) == r5(me))
			strcpy(b, s);
	}
	d = make_descs(names, 2);
	reg(d, 2);
	printf("descriptor size %zu\n", sizeof(struct mod_debug));
	printf("callsite module %s buckets %u/%u; %s %u/%u; %s %u/%u\n", me,
	       djb2(me), r5(me), a, djb2(a), r5(a), b, djb2(b), r5(b));
	printf("callsite loop %d x 8 sites\n", LOOPS);

	CALLGRIND_ZERO_STATS;
	cs_loop_off(LOOPS);
	CALLGRIND_DUMP_STATS_AT("cs_off");

	CALLGRIND_ZERO_STATS;
	cs_loop_on(LOOPS);
	CALLGRIND_DUMP_STATS_AT("cs_clear");

	CALLGRIND_ZERO_STATS;
	cs_loop_pat(LOOPS);
	CALLGRIND_DUMP_STATS_AT("cs_patched");

	/* Other modules' call sites with 'p' set the mask bits */
	wr_ok(names_fops, "set enabled=1 %s", a);
	CALLGRIND_ZERO_STATS;
	cs_loop_on(LOOPS);
	CALLGRIND_DUMP_STATS_AT("cs_first");

	wr_ok(names_fops, "set enabled=1 %s", b);
	CALLGRIND_ZERO_STATS;
	cs_loop_on(LOOPS);
	CALLGRIND_DUMP_STATS_AT("cs_both");
	wr_ok(names_fops, "set enabled=0 %s", a);
	wr_ok(names_fops, "set enabled=0 %s", b);

	/* Another call site of our own module with 'p' sets both bits */
	wr_ok(sites_fops, "func %s +p", "cs_one_on");
	CALLGRIND_ZERO_STATS;
	cs_loop_on(LOOPS);
	CALLGRIND_DUMP_STATS_AT("cs_same");
	wr_ok(sites_fops, "func %s -p", "cs_one_on");

	/* Our call sites print, to the stub vprintk */
	wr_ok(names_fops, "set enabled=1 %s", me);
	CALLGRIND_ZERO_STATS;
	cs_loop_on(LOOPS);
	CALLGRIND_DUMP_STATS_AT("cs_enabled");

	wr_ok(sites_fops, "module %s +mfl", me);
	CALLGRIND_ZERO_STATS;
	cs_loop_on(LOOPS);
	CALLGRIND_DUMP_STATS_AT("cs_decorated");

	wr_ok(sites_fops, "module %s =_", me);
	unreg(d, 2);
	free(d);
}

/* One line of vmlinux_sites.py: tab-separated fields */
static int split_tabs(char *line, char *f[], int n)
{
	int i = 0;

	line[strcspn(line, "\n")] = '\0';
	while (i < n) {
		f[i++] = line;
		line = strchr(line, '\t');
		if (!line)
			break;
		*line++ = '\0';
	}
	return i;
}

static char *unhex(const char *s)
{
	size_t n = strlen(s) / 2, i;
	char *out = xmalloc(n + 1);
	unsigned int c;

	for (i = 0; i < n; i++) {
		sscanf(s + 2 * i, "%2x", &c);
		out[i] = c;
	}
	return out;
}

/*
 * 3a. The descriptors of a real vmlinux, in link order, with their
 * strings: registration, then a whole read of the control file.
 */
static char **real_names;
static unsigned long nr_real_names;

static void phase_real(const char *file)
{
	FILE *f = fopen(file, "r");
	struct mod_debug *d = NULL;
	unsigned long n = 0, cap = 0, i, lines, calls, bytes;
	char *line = NULL, *fld[9], *prev_addr = NULL;
	size_t len = 0;
	const char *str = NULL;

	if (!f) {
		perror(file);
		exit(1);
	}
	real_names = calloc(4096, sizeof(char *));
	while (getline(&line, &len, f) > 0) {
		if (split_tabs(line, fld, 9) != 9) {
			fprintf(stderr, "bench: %s: bad line\n", file);
			exit(1);
		}
		if (n == cap) {
			cap = cap ? 2 * cap : 1024;
			d = realloc(d, cap * sizeof(*d));
		}
		/* one string per object, as __dynamic_printk_modname */
		if (!str || strcmp(fld[0], prev_addr)) {
			str = modfile(fld[5], fld[6]);
			free(prev_addr);
			prev_addr = strdup(fld[0]);
		}
		memset(&d[n], 0, sizeof(d[n]));
		d[n].modname = str;
		d[n].hash = atoi(fld[1]);
		d[n].hash2 = atoi(fld[2]);
		d[n].lineno = atoi(fld[4]);
		d[n].function = strdup(fld[7]);
		d[n].format = unhex(fld[8]);
		d[n].type = DYNAMIC_PRINTK_TYPE_BOOLEAN;
		n++;
		for (i = 0; i < nr_real_names; i++)
			if (!strcmp(real_names[i], fld[5]))
				break;
		if (i == nr_real_names && nr_real_names < 4096)
			real_names[nr_real_names++] = strdup(fld[5]);
	}
	free(line);
	fclose(f);
	printf("register real N=%lu M=%lu\n", n, nr_real_names);

	CALLGRIND_ZERO_STATS;
	reg(d, n);
	CALLGRIND_DUMP_STATS_AT("reg_real");

	read_all(sites_fops, &lines, &calls);	/* warm up, count the lines */
	CALLGRIND_ZERO_STATS;
	bytes = read_all(sites_fops, NULL, &calls);
	CALLGRIND_DUMP_STATS_AT("read_real");
	printf("read real lines=%lu bytes=%lu reads=%lu\n", lines, bytes,
	       calls);

	unreg(d, n);
	free(d);
}

/*
 * 3b. Synthetic: N descriptors in objects of 8, object j named after
 * names[j % m] with its own copy of the string (no two adjacent objects
 * share a name: every object costs a lookup).
 */
static void phase_register_synth(unsigned long n, char **names,
				 unsigned long m, const char *label)
{
	struct mod_debug *d = xmalloc(n * sizeof(*d));
	unsigned long i, obj = (unsigned long)-1;
	char *str = NULL;

	for (i = 0; i < n; i++) {
		if (i / 8 != obj) {
			obj = i / 8;
			str = modfile(names[obj % m], "drivers/bench/synth.c");
		}
		d[i].modname = str;
		d[i].function = "bench_fn";
		d[i].format = "bench %d\n";
		d[i].lineno = i;
		d[i].hash = djb2(str);
		d[i].hash2 = r5(str);
		d[i].type = DYNAMIC_PRINTK_TYPE_BOOLEAN;
	}
	printf("register %s N=%lu M=%lu\n", label, n, m < n / 8 ? m : n / 8);
	CALLGRIND_ZERO_STATS;
	reg(d, n);
	CALLGRIND_DUMP_STATS_AT(label);
	unreg(d, n);
	free(d);
}

static char **gen_names(unsigned long m)
{
	char **names = calloc(m, sizeof(char *));
	unsigned long i;
	char s[64];

	for (i = 0; i < m; i++) {
		snprintf(s, sizeof(s), "mod_%lu", i);
		names[i] = strdup(s);
	}
	return names;
}

/*
 * Run the writes cmds[0..n) through fops, counted as one phase; the
 * first two are run once before, to bind the C library's functions.
 */
static void timed_writes(const struct file_operations *fops, char **cmds,
			 int n, const char *label)
{
	long bad = 0;
	int i;

	wr(fops, cmds[0]);
	wr(fops, cmds[1]);
	CALLGRIND_ZERO_STATS;
	for (i = 0; i < n; i++)
		bad += wr(fops, cmds[i]) != (long)strlen(cmds[i]);
	CALLGRIND_DUMP_STATS_AT(label);
	if (bad) {
		fprintf(stderr, "bench: %s: %ld writes failed\n", label, bad);
		exit(1);
	}
}

/*
 * 4a. The control file, with a module of TARGET_SITES call sites written
 * to while `others` call sites of OTHER_TABLES other modules are
 * registered (half of the tables before it, half after): writes that
 * reach it by name, a func write that tests every call site, and a
 * whole read of the file.
 */
static void phase_sites(unsigned long others)
{
	static char cmds[2 * SITE_WRITES][64];
	char *cp[2 * SITE_WRITES];
	struct mod_debug *tgt, *other[OTHER_TABLES];
	unsigned long per = others / OTHER_TABLES, total, lines, calls, bytes;
	char label[64], name[64];
	int i;

	for (i = 0; i < 2 * SITE_WRITES; i++)
		cp[i] = cmds[i];
	tgt = make_module("tgt_mod", TARGET_SITES);
	for (i = 0; i < OTHER_TABLES; i++) {
		if (i == OTHER_TABLES / 2)
			reg(tgt, TARGET_SITES);
		snprintf(name, sizeof(name), "other_%d", i);
		other[i] = make_module(name, per);
		reg(other[i], per);
	}
	total = __stop___verbose - __start___verbose + TARGET_SITES +
		per * OTHER_TABLES;
	printf("sites others=%lu tables=%d target=%d registered=%lu\n",
	       others, OTHER_TABLES, TARGET_SITES, total);

	for (i = 0; i < SITE_WRITES; i++) {
		snprintf(cmds[2 * i], 64, "module tgt_mod +p\n");
		snprintf(cmds[2 * i + 1], 64, "module tgt_mod -p\n");
	}
	snprintf(label, sizeof(label), "site_module_%lu", others);
	timed_writes(sites_fops, cp, 2 * SITE_WRITES, label);

	for (i = 0; i < SITE_WRITES; i++) {
		snprintf(cmds[2 * i], 64, "set enabled=1 tgt_mod\n");
		snprintf(cmds[2 * i + 1], 64, "set enabled=0 tgt_mod\n");
	}
	snprintf(label, sizeof(label), "site_set_%lu", others);
	timed_writes(names_fops, cp, 2 * SITE_WRITES, label);

	/* tgt_mod_fn3 is the function of one of the target's call sites */
	for (i = 0; i < FUNC_WRITES; i++) {
		snprintf(cmds[2 * i], 64, "func tgt_mod_fn3 +p\n");
		snprintf(cmds[2 * i + 1], 64, "func tgt_mod_fn3 -p\n");
	}
	snprintf(label, sizeof(label), "site_func_%lu", others);
	timed_writes(sites_fops, cp, 2 * FUNC_WRITES, label);
	printf("site writes module=%d set=%d func=%d\n", 2 * SITE_WRITES,
	       2 * SITE_WRITES, 2 * FUNC_WRITES);

	snprintf(label, sizeof(label), "site_read_%lu", others);
	read_all(sites_fops, &lines, &calls);	/* count the lines */
	CALLGRIND_ZERO_STATS;
	bytes = read_all(sites_fops, NULL, &calls);
	CALLGRIND_DUMP_STATS_AT(label);
	printf("site read others=%lu lines=%lu bytes=%lu reads=%lu\n",
	       others, lines, bytes, calls);
	if (lines != total + 1) {
		fprintf(stderr, "bench: read %lu lines, expected %lu\n",
			lines, total + 1);
		exit(1);
	}

	unreg(tgt, TARGET_SITES);
	for (i = 0; i < OTHER_TABLES; i++)
		unreg(other[i], per);
}

/* 4b. The modules file with m registered names, one call site each */
static void phase_names(unsigned long m)
{
	static char cmds[2 * NAME_WRITES][64];
	char *cp[2 * NAME_WRITES];
	char **names = gen_names(m);
	struct mod_debug *d = make_descs(names, m);
	char label[64];
	unsigned long i, k;

	reg(d, m);
	snprintf(label, sizeof(label), "names_%lu", m);
	printf("names M=%lu writes=%d\n", m, 2 * NAME_WRITES);
	for (i = 0; i < NAME_WRITES; i++) {
		k = (i * 2654435761UL) % m;	/* spread over the table */
		snprintf(cmds[2 * i], 64, "set enabled=1 %s\n", names[k]);
		snprintf(cmds[2 * i + 1], 64, "set enabled=0 %s\n", names[k]);
		cp[2 * i] = cmds[2 * i];
		cp[2 * i + 1] = cmds[2 * i + 1];
	}
	timed_writes(names_fops, cp, 2 * NAME_WRITES, label);
	unreg(d, m);
	free(d);
}

static const struct file_operations *find_fops(const char *name)
{
	struct dentry *de = shim_debugfs_find("dynamic_printk", name);

	if (!de) {
		fprintf(stderr, "bench: no %s file\n", name);
		exit(1);
	}
	return de->fops;
}

int main(int argc, char **argv)
{
	static const unsigned long synth[] = { 1024, 4096, 16384, 65536 };
	static const unsigned long names_m[] = { 100, 1000, 10000 };
	static const unsigned long others[] = { 1000, 10000, 100000 };
	char label[64];
	char **names;
	unsigned int i;

	if (argc != 2) {
		fprintf(stderr, "usage: bench SITES-FILE\n");
		return 2;
	}
	shim_rcu_register_thread();
	dynamic_printk_init();
	if (shim_run_initcalls()) {
		fprintf(stderr, "bench: initcalls failed\n");
		return 1;
	}
	names_fops = find_fops("modules");
	sites_fops = find_fops("control");

	phase_callsites();
	phase_real(argv[1]);
	for (i = 0; i < sizeof(synth) / sizeof(synth[0]); i++) {
		snprintf(label, sizeof(label), "reg_fixed_%lu", synth[i]);
		phase_register_synth(synth[i], real_names, nr_real_names,
				     label);
	}
	for (i = 0; i < sizeof(synth) / sizeof(synth[0]); i++) {
		names = gen_names(synth[i] / 8);
		snprintf(label, sizeof(label), "reg_grow_%lu", synth[i]);
		phase_register_synth(synth[i], names, synth[i] / 8, label);
	}
	for (i = 0; i < sizeof(others) / sizeof(others[0]); i++)
		phase_sites(others[i]);
	for (i = 0; i < sizeof(names_m) / sizeof(names_m[0]); i++)
		phase_names(names_m[i]);
	rcu_barrier();
	shim_rcu_unregister_thread();
	return 0;
}
