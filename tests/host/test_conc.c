/*
 * Test 3: concurrency with real RCU (liburcu).  For a bounded time:
 *  - reader threads call the helper for a pool of names, run built-in call
 *    sites and read the control file (one pass: every line well formed, no
 *    name twice);
 *  - a writer thread switches pool names and 'all' on and off, one
 *    command or a batch per write;
 *  - registrar threads register "modules" made of malloc'd descriptors and
 *    strings of pool names, unregister them and free (poison) them at once.
 * A reader touching a freed entry or a freed module string shows up under
 * AddressSanitizer; a sleeping call inside rcu_read_lock() is caught by the
 * shims.  At the end the table must hold exactly the names still
 * registered, once each, and the masks must be exact.
 *
 * Usage: test_conc [seconds]
 */
#include <pthread.h>
#include <sched.h>
#include <time.h>
#include <unistd.h>

#include "testlib.h"

int cs_one_a_pr(int *evals);
int cs_two_plain(void);

#define NR_READERS	2
#define NR_REGISTRARS	2

static const char *const pool[] = {
	"foo", "bar", "baz", "allx", NAME_BOTH_A, NAME_BOTH_B, NAME_D_A,
	NAME_D_B, NAME_R_A, NAME_R_B, "mod000", "mod001", "mod002", "e1000",
};
#define NPOOL	((int)(sizeof(pool) / sizeof(pool[0])))
/* Always registered by a persistent "module" */
#define NPERSIST	4

static int stop;
static long n_lookups, n_reads, n_writes, n_regs;
static pthread_mutex_t fail_lock = PTHREAD_MUTEX_INITIALIZER;

static void __attribute__((format(printf, 1, 2)))
thread_fail(const char *fmt, ...)
{
	va_list ap;

	pthread_mutex_lock(&fail_lock);
	if (!cur_fail[0]) {
		va_start(ap, fmt);
		vsnprintf(cur_fail, sizeof(cur_fail), fmt, ap);
		va_end(ap);
	}
	pthread_mutex_unlock(&fail_lock);
	__atomic_store_n(&stop, 1, __ATOMIC_SEQ_CST);
}

static int stopped(void)
{
	return __atomic_load_n(&stop, __ATOMIC_SEQ_CST);
}

/* Names always registered during the race */
static const char *const persistent[] = {
	"foo", "bar", "baz", "allx", "cs_one", "cs_two",
};
#define NPERSISTENT	6

/*
 * Check the control file, read in one read() call (one pass under RCU) or
 * in read() calls of a few bytes (each resuming where the last stopped):
 * every line well formed, no name twice, and each name registered all
 * along exactly once.
 */
static void check_read(char *buf, size_t cap, int single)
{
	char *names[256];
	char *line, *save = NULL;
	long n;
	int nr = 0, i, j, count;

	if (single) {
		struct file f = { NULL, 0, 0 };
		loff_t pos = 0;

		if (ctl_fops->open(NULL, &f)) {
			thread_fail("open failed");
			return;
		}
		n = ctl_fops->read(&f, (char __user *)buf, cap - 1, &pos);
		ctl_fops->release(NULL, &f);
		if (n >= 0)
			buf[n] = '\0';
	} else {
		n = ctl_read_chunked(buf, cap, 7 + (cap & 15));
	}
	if (n < 0) {
		thread_fail("read error %ld", n);
		return;
	}
	for (line = strtok_r(buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		char *sp = strchr(line, ' ');

		if (!sp || strncmp(sp, " enabled=", 9) ||
		    (sp[9] != '0' && sp[9] != '1') || sp[10]) {
			thread_fail("bad line '%s'", line);
			return;
		}
		*sp = '\0';
		for (i = 0; i < nr; i++)
			if (!strcmp(names[i], line)) {
				thread_fail("%s: duplicate line for %s",
					    single ? "one pass" : "small reads",
					    line);
				return;
			}
		if (nr == 256) {
			thread_fail("too many lines (%d)", nr);
			return;
		}
		names[nr++] = line;
	}
	for (j = 0; j < NPERSISTENT; j++) {
		for (i = 0, count = 0; i < nr; i++)
			count += !strcmp(names[i], persistent[j]);
		if (count != 1) {
			thread_fail("%s: %d lines for %s", single ?
				    "one pass" : "small reads", count,
				    persistent[j]);
			return;
		}
	}
}

static void *reader(void *arg)
{
	struct mod_debug dds[NPOOL];
	size_t cap = 65536 + (size_t)(long)arg;
	char *buf = malloc(cap);
	long iter = 0;
	int i, e = 0;

	shim_rcu_register_thread();
	for (i = 0; i < NPOOL; i++)
		dds[i] = desc_for(pool[i]);
	while (!stopped()) {
		for (i = 0; i < NPOOL; i++)
			__dynamic_printk_enabled(&dds[i]);
		cs_one_a_pr(&e);
		cs_two_plain();
		if (++iter % 16 == 0) {
			check_read(buf, cap, iter % 32 == 0);
			__atomic_add_fetch(&n_reads, 1, __ATOMIC_RELAXED);
		}
		__atomic_add_fetch(&n_lookups, NPOOL, __ATOMIC_RELAXED);
	}
	free(buf);
	shim_rcu_unregister_thread();
	return NULL;
}

static void *writer(void *arg)
{
	unsigned int seed = 42;
	char cmd[128];

	(void)arg;
	shim_rcu_register_thread();
	while (!stopped()) {
		int r = rand_r(&seed);
		int all = r % 23 == 0;
		const char *name = all ? "all" : pool[(r >> 8) % NPOOL];
		long ret;

		if (r % 5 == 0) {
			/* a batch of names always registered: must pass */
			snprintf(cmd, sizeof(cmd), "set enabled=%d %s; %s "
				 "enabled=%d\n# comment\nset enabled=0 %s\n",
				 (r >> 4) & 1, pool[(r >> 8) % NPERSIST],
				 pool[(r >> 12) % NPERSIST], (r >> 5) & 1,
				 pool[(r >> 16) % NPERSIST]);
			ret = ctl_write(cmd);
			if (ret != (long)strlen(cmd))
				thread_fail("'%s' returned %ld", cmd, ret);
			__atomic_add_fetch(&n_writes, 1, __ATOMIC_RELAXED);
			continue;
		}
		snprintf(cmd, sizeof(cmd), "set enabled=%d %s\n", (r >> 4) & 1,
			 name);
		ret = ctl_write(cmd);
		if (ret != (long)strlen(cmd) &&
		    (ret != -EINVAL || all || (r >> 8) % NPOOL < NPERSIST))
			thread_fail("'%s' returned %ld", cmd, ret);
		__atomic_add_fetch(&n_writes, 1, __ATOMIC_RELAXED);
	}
	shim_rcu_unregister_thread();
	return NULL;
}

static void *registrar(void *arg)
{
	unsigned int seed = 1000 + (unsigned int)(long)arg;

	shim_rcu_register_thread();
	while (!stopped()) {
		const char *names[4];
		struct fakemod *fm;
		int nn = 1 + rand_r(&seed) % 4, i, ret;

		for (i = 0; i < nn; i++)
			names[i] = pool[rand_r(&seed) % NPOOL];
		fm = fake_new(names, nn, 1 + rand_r(&seed) % 5,
			      rand_r(&seed) & 1, rand_r(&seed) & 1);
		ret = dynamic_printk_register(fm->dd, fm->n);
		if (ret)
			thread_fail("register returned %d", ret);
		if (rand_r(&seed) & 1)
			sched_yield();
		dynamic_printk_unregister(fm->dd, fm->n);
		fake_free(fm);
		__atomic_add_fetch(&n_regs, 1, __ATOMIC_RELAXED);
	}
	shim_rcu_unregister_thread();
	return NULL;
}

int main(int argc, char **argv)
{
	pthread_t readers[NR_READERS], regs[NR_REGISTRARS], wr;
	double seconds = argc > 1 ? atof(argv[1]) : 2.0;
	struct fakemod *persist;
	struct timespec ts;
	unsigned long nr_builtin = __stop___verbose - __start___verbose;
	int i;

	shim_rcu_register_thread();
	begin("setup: initcalls and a persistent module");
	CHECK(shim_run_initcalls() == 0, "initcall failed");
	if (!ctl_find()) {
		fail("no control file");
		end();
		return 1;
	}
	model_descs(__start___verbose, nr_builtin, 1);
	persist = fake_new(pool, NPERSIST, 2, 0, 0);
	CHECK(fake_register(persist) == 0, "register failed");
	model_check("before the threads");
	end();

	begin("readers, writer, registrars racing under RCU");
	for (i = 0; i < NR_READERS; i++)
		pthread_create(&readers[i], NULL, reader, (void *)(long)(i * 5));
	for (i = 0; i < NR_REGISTRARS; i++)
		pthread_create(&regs[i], NULL, registrar, (void *)(long)i);
	pthread_create(&wr, NULL, writer, NULL);
	ts.tv_sec = (time_t)seconds;
	ts.tv_nsec = (long)((seconds - (double)ts.tv_sec) * 1e9);
	while (nanosleep(&ts, &ts) && !stopped())
		;
	__atomic_store_n(&stop, 1, __ATOMIC_SEQ_CST);
	for (i = 0; i < NR_READERS; i++)
		pthread_join(readers[i], NULL);
	for (i = 0; i < NR_REGISTRARS; i++)
		pthread_join(regs[i], NULL);
	pthread_join(wr, NULL);
	printf("INFO: %ld lookups, %ld reads, %ld writes, %ld module "
	       "load/unload cycles\n", n_lookups, n_reads, n_writes, n_regs);
	CHECK(n_reads > 0 && n_writes > 0 && n_regs > 0, "a thread did "
	      "nothing");
	end();

	begin("after the race: no lost or duplicated entry, masks exact");
	/* The writer may have left anything on: 'all' off gives a known state */
	shim_log_reset();
	CHECK(ctl_write("set enabled=0 all") == 17, "all off failed");
	model_set("all", 0);
	model_check("after the race, all off");
	CHECK(ctl_write("set enabled=1 bar") == 17, "bar on failed");
	model_set("bar", 1);
	model_check("bar on");
	CHECK(ctl_write("set enabled=1 cs_two") == 20, "cs_two on failed");
	model_set("cs_two", 1);
	model_check("cs_two on");
	end();

	begin("after the race: all unregistered, nothing leaked");
	fake_unregister(persist);
	fake_free(persist);
	dynamic_printk_unregister(__start___verbose, nr_builtin);
	model_descs(__start___verbose, nr_builtin, 0);
	model_check("everything unregistered");
	rcu_barrier();
	CHECK(shim_kmalloc_live() == 0, "%ld allocations live",
	      shim_kmalloc_live());
	end();

	rcu_barrier();
	shim_rcu_unregister_thread();
	return tests_failed ? 1 : 0;
}
