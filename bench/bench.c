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
 * cs_loop_on.o (module name BENCH_MODNAME), registered by the library's
 * own initcall.
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

#define LOOPS		10000	/* iterations of 8 call sites */
#define WRITES		200	/* enable+disable pairs per control phase */

static const struct file_operations *fops;

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

static long ctl(const char *cmd)
{
	struct file f;
	loff_t pos = 0;

	memset(&f, 0, sizeof(f));
	return fops->write(&f, (const char __user *)cmd, strlen(cmd), &pos);
}

static void ctl_ok(const char *fmt, const char *name)
{
	char cmd[256];

	snprintf(cmd, sizeof(cmd), fmt, name);
	if (ctl(cmd) != (long)strlen(cmd)) {
		fprintf(stderr, "bench: '%s' failed\n", cmd);
		exit(1);
	}
}

/* One descriptor per name, each with its own string */
static struct mod_debug *make_descs(char **names, unsigned long n)
{
	struct mod_debug *d = calloc(n, sizeof(*d));
	unsigned long i;

	for (i = 0; i < n; i++) {
		d[i].modname = names[i];
		d[i].hash = djb2(names[i]);
		d[i].hash2 = r5(names[i]);
		d[i].type = DYNAMIC_PRINTK_TYPE_BOOLEAN;
	}
	return d;
}

static void reg(struct mod_debug *d, unsigned long n)
{
	if (dynamic_printk_register(d, n)) {
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
	printf("callsite module %s buckets %u/%u; %s %u/%u; %s %u/%u\n", me,
	       djb2(me), r5(me), a, djb2(a), r5(a), b, djb2(b), r5(b));
	printf("callsite loop %d x 8 sites\n", LOOPS);

	CALLGRIND_ZERO_STATS;
	cs_loop_off(LOOPS);
	CALLGRIND_DUMP_STATS_AT("cs_off");

	CALLGRIND_ZERO_STATS;
	cs_loop_on(LOOPS);
	CALLGRIND_DUMP_STATS_AT("cs_clear");

	ctl_ok("set enabled=1 %s", a);
	CALLGRIND_ZERO_STATS;
	cs_loop_on(LOOPS);
	CALLGRIND_DUMP_STATS_AT("cs_first");

	ctl_ok("set enabled=1 %s", b);
	CALLGRIND_ZERO_STATS;
	cs_loop_on(LOOPS);
	CALLGRIND_DUMP_STATS_AT("cs_both");

	ctl_ok("set enabled=1 %s", me);
	CALLGRIND_ZERO_STATS;
	cs_loop_on(LOOPS);
	CALLGRIND_DUMP_STATS_AT("cs_enabled");

	ctl_ok("set enabled=0 %s", me);
	ctl_ok("set enabled=0 %s", a);
	ctl_ok("set enabled=0 %s", b);
	unreg(d, 2);
	free(d);
}

/* 3a. Registration of a real vmlinux's descriptors, in link order */
static char **real_names;
static unsigned long nr_real_names;

static void phase_register_real(const char *file)
{
	FILE *f = fopen(file, "r");
	struct mod_debug *d = NULL;
	unsigned long n = 0, cap = 0, i;
	unsigned long long addr, prev_addr = 0;
	unsigned int h, h2;
	char name[256];
	const char *str = NULL;

	if (!f) {
		perror(file);
		exit(1);
	}
	real_names = calloc(4096, sizeof(char *));
	while (fscanf(f, "%llx %u %u %255s", &addr, &h, &h2, name) == 4) {
		if (n == cap) {
			cap = cap ? 2 * cap : 1024;
			d = realloc(d, cap * sizeof(*d));
		}
		/* one string per object, as __dynamic_printk_modname */
		if (!str || addr != prev_addr)
			str = strdup(name);
		prev_addr = addr;
		memset(&d[n], 0, sizeof(d[n]));
		d[n].modname = str;
		d[n].hash = h;
		d[n].hash2 = h2;
		d[n].type = DYNAMIC_PRINTK_TYPE_BOOLEAN;
		n++;
		for (i = 0; i < nr_real_names; i++)
			if (!strcmp(real_names[i], name))
				break;
		if (i == nr_real_names && nr_real_names < 4096)
			real_names[nr_real_names++] = strdup(name);
	}
	fclose(f);
	printf("register real N=%lu M=%lu\n", n, nr_real_names);

	CALLGRIND_ZERO_STATS;
	reg(d, n);
	CALLGRIND_DUMP_STATS_AT("reg_real");
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
	struct mod_debug *d = calloc(n, sizeof(*d));
	unsigned long i, obj = (unsigned long)-1;
	char *str = NULL;

	for (i = 0; i < n; i++) {
		if (i / 8 != obj) {
			obj = i / 8;
			str = strdup(names[obj % m]);
		}
		d[i].modname = str;
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

/* 4. Control writes with m registered names */
static void phase_control(unsigned long m)
{
	char **names = gen_names(m);
	struct mod_debug *d = make_descs(names, m);
	char label[64];
	unsigned long i, k;

	static char cmds[2 * WRITES][64];
	long bad = 0;

	reg(d, m);
	snprintf(label, sizeof(label), "ctl_%lu", m);
	printf("control M=%lu writes=%d\n", m, 2 * WRITES);
	for (i = 0; i < WRITES; i++) {
		k = (i * 2654435761UL) % m;	/* spread over the table */
		snprintf(cmds[2 * i], 64, "set enabled=1 %s\n", names[k]);
		snprintf(cmds[2 * i + 1], 64, "set enabled=0 %s\n", names[k]);
	}
	ctl(cmds[0]);	/* warm up: lazy binding of the libc functions */
	ctl(cmds[1]);
	CALLGRIND_ZERO_STATS;
	for (i = 0; i < 2 * WRITES; i++)
		bad += ctl(cmds[i]) != (long)strlen(cmds[i]);
	CALLGRIND_DUMP_STATS_AT(label);
	if (bad) {
		fprintf(stderr, "bench: %ld control writes failed\n", bad);
		exit(1);
	}
	unreg(d, m);
	free(d);
}

int main(int argc, char **argv)
{
	static const unsigned long synth[] = { 1024, 4096, 16384, 65536 };
	static const unsigned long ctl_m[] = { 100, 1000, 10000 };
	struct dentry *de;
	char label[64];
	char **names;
	unsigned int i;

	if (argc != 2) {
		fprintf(stderr, "usage: bench SITES-FILE\n");
		return 2;
	}
	shim_rcu_register_thread();
	if (shim_run_initcalls()) {
		fprintf(stderr, "bench: initcalls failed\n");
		return 1;
	}
	de = shim_debugfs_find("dynamic_printk", "modules");
	if (!de) {
		fprintf(stderr, "bench: no control file\n");
		return 1;
	}
	fops = de->fops;

	phase_callsites();
	phase_register_real(argv[1]);
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
	for (i = 0; i < sizeof(ctl_m) / sizeof(ctl_m[0]); i++)
		phase_control(ctl_m[i]);
	rcu_barrier();
	shim_rcu_unregister_thread();
	return 0;
}
