/*
 * Test 3: concurrency with real RCU (liburcu).  For a bounded time:
 *  - reader threads decide for the call sites of a persistent module as
 *    a call site does (masks, then its own flag; nothing but the flag may
 *    change in a descriptor), run built-in call sites
 *    and read the modules file (one pass, or small reads: every line well
 *    formed, no name twice, the names registered all along once each);
 *  - control readers read the control file in small reads of random
 *    sizes: every line whole, each call site registered all along shown
 *    exactly once, in order;
 *  - a writer thread switches pool names and 'all' on and off in the
 *    modules file, one command or a batch per write;
 *  - a control writer sends queries, lines of the file and batches to
 *    the control file;
 *  - registrar threads register "modules" made of malloc'd descriptors and
 *    strings of pool names, unregister them and free (poison) them at once.
 * A reader touching a freed entry, table or module string shows up under
 * AddressSanitizer; a sleeping call inside rcu_read_lock() is caught by the
 * shims.  At the end the tables must hold exactly the call sites still
 * registered, the modules file the names, once each, and the masks must
 * be exact.
 *
 * Usage: test_conc [seconds]
 */
#include <pthread.h>
#include <sched.h>
#include <time.h>
#include <unistd.h>

#include "model.h"

int cs_one_a_pr(int *evals);
int cs_two_plain(void);

#define NR_READERS	2
#define NR_CTL_READERS	2
#define NR_REGISTRARS	2

static const char *const pool[] = {
	"foo", "bar", "baz", "allx", NAME_BOTH_A, NAME_BOTH_B, NAME_D_A,
	NAME_D_B, NAME_R_A, NAME_R_B, "mod000", "mod001", "mod002", "e1000",
};
#define NPOOL	((int)(sizeof(pool) / sizeof(pool[0])))
/* Always registered by a persistent "module" */
#define NPERSIST	4

static int stop;
static long n_lookups, n_reads, n_ctl_reads, n_writes, n_ctl_writes, n_regs;
static struct fakemod *persist;
/* The control file's keys ("<file>:<line> [<m>]<f> =") of persist, vmlinux */
static char keys[64][200];
static int nkeys;
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

/* What a call site decides: both mask bits, then its own 'p' */
static int decide(const struct mod_debug *dd)
{
	return (dynamic_printk_enabled & (1ULL << dd->hash)) &&
	       (dynamic_printk_enabled2 & (1ULL << dd->hash2)) &&
	       (ACCESS_ONCE(dd->flags) & DYNAMIC_PRINTK_FL_PRINT);
}

static void *reader(void *arg)
{
	size_t cap = 65536 + (size_t)(long)arg;
	char *buf = malloc(cap);
	long iter = 0;
	unsigned long i;
	int e = 0;

	shim_rcu_register_thread();
	while (!stopped()) {
		for (i = 0; i < persist->n; i++) {
			decide(&persist->dd[i]);
			/* Only the flags change at run time, whatever runs */
			if (ACCESS_ONCE(persist->dd[i].type) !=
			    DYNAMIC_PRINTK_TYPE_BOOLEAN)
				thread_fail("call site %lu: type %#x while "
					    "flags change", i,
					    persist->dd[i].type);
		}
		cs_one_a_pr(&e);
		cs_two_plain();
		if (++iter % 16 == 0) {
			check_read(buf, cap, iter % 32 == 0);
			__atomic_add_fetch(&n_reads, 1, __ATOMIC_RELAXED);
		}
		__atomic_add_fetch(&n_lookups, persist->n, __ATOMIC_RELAXED);
	}
	free(buf);
	shim_rcu_unregister_thread();
	return NULL;
}

/* A line of the control file: "<file>:<n> [<m>]<f> =<flags> "<fmt>"" */
static int line_whole(const char *l)
{
	const char *p = strchr(l, ' ');

	if (!strcmp(l, "# filename:lineno [module]function flags format"))
		return 1;
	if (!p || p == l || p[-1] < '0' || p[-1] > '9' || p[1] != '[')
		return 0;
	p = strchr(p + 1, ']');
	if (!p || p[1] == ' ')
		return 0;
	p = strchr(p, ' ');
	if (!p || p[1] != '=' || strspn(p + 2, "pmflt_") == 0)
		return 0;
	p = strchr(p + 1, ' ');
	return p && p[1] == '"' && l[strlen(l) - 1] == '"' &&
	       p + 2 <= l + strlen(l) - 1;
}

/*
 * Read the control file in read() calls of random small sizes, each
 * resuming where the last stopped while tables come and go: every line
 * whole, and each call site registered all along exactly once, in order.
 */
static void *ctl_reader(void *arg)
{
	unsigned int seed = 77 + (unsigned int)(long)arg;
	size_t cap = 1 << 20;
	char *buf = malloc(cap);

	shim_rcu_register_thread();
	while (!stopped()) {
		struct file f = { NULL, 0, 0 };
		loff_t pos = 0;
		size_t len = 0;
		char *line, *save = NULL;
		const char *prev = buf;
		long ret;
		int k;

		if (site_fops->open(NULL, &f)) {
			thread_fail("open failed");
			break;
		}
		do {
			size_t chunk = 1 + rand_r(&seed) % 300;

			if (len + chunk >= cap)
				chunk = cap - 1 - len;
			ret = site_fops->read(&f, (char __user *)buf + len,
					      chunk, &pos);
			if (ret > 0)
				len += ret;
		} while (ret > 0 && len < cap - 1);
		site_fops->release(NULL, &f);
		if (ret < 0) {
			thread_fail("control read error %ld", ret);
			break;
		}
		buf[len] = '\0';
		for (k = 0; k < nkeys; k++) {
			const char *p = strstr(buf, keys[k]);

			if (!p || strstr(p + 1, keys[k]) || p < prev) {
				thread_fail("control file: '%s' %s", keys[k],
					    !p ? "missing" : p < prev ?
					    "out of order" : "twice");
				break;
			}
			prev = p;
		}
		for (line = strtok_r(buf, "\n", &save); line && !stopped();
		     line = strtok_r(NULL, "\n", &save))
			if (!line_whole(line)) {
				thread_fail("control file: broken line '%s'",
					    line);
				break;
			}
		__atomic_add_fetch(&n_ctl_reads, 1, __ATOMIC_RELAXED);
	}
	free(buf);
	shim_rcu_unregister_thread();
	return NULL;
}

/*
 * Queries, lines of the file and batches to the control file: all valid,
 * so every write must succeed, whatever is registered meanwhile.
 */
static void *ctl_writer(void *arg)
{
	static const char *const cmds[] = {
		"module foo +p", "module bar -p", "func * -p", "file * =_",
		"module * +t", "file *.c -t", "format site +mf",
		"line 10-20 =p", "module mod00? +l", "func baz_f? +p",
		"module allx =pmflt; module baz -mfl\n# comment\nfunc x +p",
		"module cs-one +p", "file lib/cs/one_?.c -p",
		"format \"site 1\" +l", "line -15 -l",
	};
	unsigned int seed = 4;
	char cmd[400];

	(void)arg;
	shim_rcu_register_thread();
	while (!stopped()) {
		int r = rand_r(&seed);
		long ret;

		if (r % 4 == 0) {
			/* a line of the file, for a persistent call site */
			struct mod_debug *dd = &persist->dd[(r >> 4) %
							   persist->n];

			snprintf(cmd, sizeof(cmd), "%s:%u [%s]%s =%s \"",
				 dd->modname + strlen(dd->modname) + 1,
				 dd->lineno, dd->modname, dd->function,
				 (r >> 8) % 2 ? "pm" : "_");
			m_escape_text(dd->format, cmd + strlen(cmd));
			strcat(cmd, "\"\n");
		} else {
			snprintf(cmd, sizeof(cmd), "%s",
				 cmds[(r >> 4) % (sizeof(cmds) /
						  sizeof(cmds[0]))]);
		}
		ret = site_write(cmd);
		if (ret != (long)strlen(cmd))
			thread_fail("control '%s' returned %ld", cmd, ret);
		__atomic_add_fetch(&n_ctl_writes, 1, __ATOMIC_RELAXED);
	}
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
		ret = dynamic_printk_register(fm->dd, fm->n, NULL, 0, NULL);
		if (ret)
			thread_fail("register returned %d", ret);
		if (rand_r(&seed) & 1)
			sched_yield();
		dynamic_printk_unregister(fm->dd, fm->n);
		/* the model does not know of it: poison and free at once */
		fake_poison_free(fm);
		__atomic_add_fetch(&n_regs, 1, __ATOMIC_RELAXED);
	}
	shim_rcu_unregister_thread();
	return NULL;
}

int main(int argc, char **argv)
{
	pthread_t readers[NR_READERS], ctl_readers[NR_CTL_READERS];
	pthread_t regs[NR_REGISTRARS], wr, cwr;
	double seconds = argc > 1 ? atof(argv[1]) : 2.0;
	struct timespec ts;
	unsigned long nr_builtin = __stop___verbose - __start___verbose;
	unsigned long k;
	int i;

	shim_rcu_register_thread();
	begin("setup: init, initcalls and a persistent module");
	m_init(NULL);
	CHECK(shim_run_initcalls() == 0, "initcall failed");
	if (!ctl_find()) {
		fail("no control file");
		end();
		return 1;
	}
	persist = fake_new(pool, NPERSIST, 2, 0, 0);
	/* a file of its own, so that its lines are told from the others' */
	for (k = 0; k < persist->n; k++) {
		char file[100], func[100];
		const char *name = pool[k / 2];

		snprintf(file, sizeof(file), "persist/%s.c", name);
		snprintf(func, sizeof(func), "%s_f%lu", name, k % 2);
		fake_site(persist, k, name, file, func, 10 * (k % 2 + 1),
			  k % 2 ? "site 1\n" : "site \"0\"\n");
	}
	CHECK(fake_register(persist) == 0, "register failed");
	model_check("before the threads");
	for (k = 0; k < nr_builtin + persist->n; k++) {
		const struct mod_debug *dd = k < nr_builtin ?
			&__start___verbose[k] : &persist->dd[k - nr_builtin];

		snprintf(keys[nkeys++], sizeof(keys[0]), "\n%s:%u [%s]%s =",
			 dd->modname + strlen(dd->modname) + 1, dd->lineno,
			 dd->modname, dd->function);
	}
	end();

	begin("readers, writers, registrars racing under RCU");
	for (i = 0; i < NR_READERS; i++)
		pthread_create(&readers[i], NULL, reader, (void *)(long)(i * 5));
	for (i = 0; i < NR_CTL_READERS; i++)
		pthread_create(&ctl_readers[i], NULL, ctl_reader,
			       (void *)(long)i);
	for (i = 0; i < NR_REGISTRARS; i++)
		pthread_create(&regs[i], NULL, registrar, (void *)(long)i);
	pthread_create(&wr, NULL, writer, NULL);
	pthread_create(&cwr, NULL, ctl_writer, NULL);
	ts.tv_sec = (time_t)seconds;
	ts.tv_nsec = (long)((seconds - (double)ts.tv_sec) * 1e9);
	while (nanosleep(&ts, &ts) && !stopped())
		;
	__atomic_store_n(&stop, 1, __ATOMIC_SEQ_CST);
	for (i = 0; i < NR_READERS; i++)
		pthread_join(readers[i], NULL);
	for (i = 0; i < NR_CTL_READERS; i++)
		pthread_join(ctl_readers[i], NULL);
	for (i = 0; i < NR_REGISTRARS; i++)
		pthread_join(regs[i], NULL);
	pthread_join(wr, NULL);
	pthread_join(cwr, NULL);
	printf("INFO: %ld lookups, %ld reads, %ld control reads, %ld writes, "
	       "%ld control writes, %ld module load/unload cycles\n",
	       n_lookups, n_reads, n_ctl_reads, n_writes, n_ctl_writes,
	       n_regs);
	CHECK(n_reads > 0 && n_ctl_reads > 0 && n_writes > 0 &&
	      n_ctl_writes > 0 && n_regs > 0, "a thread did nothing");
	end();

	begin("after the race: no lost or duplicated entry, masks exact");
	/*
	 * The writers may have left anything on: 'all' off and every flag
	 * cleared give a known state
	 */
	shim_log_reset();
	CHECK(ctl_write("set enabled=0 all") == 17, "all off failed");
	model_set("all", 0);
	CHECK(site_write("file * =_") == 9, "flags off failed");
	{
		struct mbatch b;

		mbatch_parse("file * =_", 9, 0, &b);
		mbatch_apply(&b, -1, NULL);
		mbatch_free(&b);
	}
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
	m_unregister(__start___verbose, nr_builtin);
	model_check("everything unregistered");
	rcu_barrier();
	CHECK(shim_kmalloc_live() == 0, "%ld allocations live",
	      shim_kmalloc_live());
	end();

	rcu_barrier();
	shim_rcu_unregister_thread();
	return tests_failed ? 1 : 0;
}
