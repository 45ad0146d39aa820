/*
 * Test 2: functional tests of lib/dynamic_printk.c through its real entry
 * points: the boot option handler, the initcalls, register/unregister, the
 * control file's open/read/write/release and call sites compiled from the
 * real header.
 *
 * Usage: test_func boot|noboot <cs_mod.so>
 *
 * The executable stands for vmlinux: the objects cs_one_a.o, cs_two.o and
 * cs_one_b.o (KBUILD_MODNAME cs_one, cs_two, cs_one: one module's objects
 * are not adjacent) are its built-in call sites, three each, found by the
 * initcall between __start___verbose and __stop___verbose.  cs_mod.so is
 * a loadable module with three call sites of module cs_mod.
 */
#include <dlfcn.h>
#include <time.h>

#include <linux/device.h>
#include "testlib.h"

#define SITES_PER_OBJECT	3

#define CS_DECLARE(p)							\
	int p##_pr(int *evals);						\
	int p##_dev(struct device *dev, int *evals, int *dev_evals);	\
	int p##_plain(void)

CS_DECLARE(cs_one_a);
CS_DECLARE(cs_one_b);
CS_DECLARE(cs_two);

static int boot;
static unsigned long nr_builtin;

/* The log must hold exactly these messages since the last reset */
static void expect_log(int n, ...)
{
	va_list ap;
	int i;

	if (shim_log_count() != n) {
		const struct shim_msg *m = shim_log_get(0);

		fail("%ld messages logged, expected %d (first: '%s')",
		     shim_log_count(), n, m ? m->text : "");
		return;
	}
	va_start(ap, n);
	for (i = 0; i < n; i++) {
		int level = va_arg(ap, int);
		const char *text = va_arg(ap, const char *);
		const struct shim_msg *m = shim_log_get(i);

		if (m->level != level || strcmp(m->text, text))
			fail("message %d is <%d>'%s', expected <%d>'%s'", i,
			     m->level, m->text, level, text);
	}
	va_end(ap);
}

static char msgbuf[256];

static const char *setmsg(const char *name, int v)
{
	snprintf(msgbuf, sizeof(msgbuf), "dynamic_printk: %s enabled=%d\n",
		 name, v);
	return msgbuf;
}

/* A successful control write: returns count, logs one line, model agrees */
static void good_write(const char *cmd, const char *name, int v)
{
	long ret;

	shim_log_reset();
	ret = ctl_write(cmd);
	CHECK(ret == (long)strlen(cmd), "'%s' returned %ld, expected %zu", cmd,
	      ret, strlen(cmd));
	expect_log(1, 7, setmsg(name, v));
	model_set(name, v);
	model_check(cmd);
}

/* A rejected write: -EINVAL, nothing changed, nothing logged */
static void bad_write_len(const void *buf, size_t len, const char *what)
{
	static char before[READ_CAP];
	unsigned long long m1 = dynamic_printk_enabled;
	unsigned long long m2 = dynamic_printk_enabled2;
	long ret;

	snprintf(before, sizeof(before), "%s", ctl_read());
	shim_log_reset();
	ret = ctl_write_len(buf, len);
	CHECK(ret == -EINVAL, "%s: returned %ld, expected -EINVAL", what, ret);
	CHECK(!strcmp(before, ctl_read()), "%s: output changed", what);
	CHECK(m1 == dynamic_printk_enabled && m2 == dynamic_printk_enabled2,
	      "%s: masks changed", what);
	CHECK(shim_log_above_debug() == 0, "%s: logged above KERN_DEBUG",
	      what);
	model_check(what);
}

static void bad_write(const char *cmd)
{
	bad_write_len(cmd, strlen(cmd), cmd);
}

static void test_sections(void)
{
	struct mod_debug *dd;
	const char *one_a = NULL;

	begin("descriptors in __verbose (layout, hashes, one string per object)");
	nr_builtin = __stop___verbose - __start___verbose;
	CHECK(nr_builtin == 3 * SITES_PER_OBJECT, "%lu descriptors, expected %d",
	      nr_builtin, 3 * SITES_PER_OBJECT);
	CHECK(sizeof(struct mod_debug) % 8 == 0, "sizeof %zu",
	      sizeof(struct mod_debug));
	for (dd = __start___verbose; dd < __stop___verbose; dd++) {
		const struct oracle_name *o = oracle_find(dd->modname);

		CHECK(dd->hash == o->djb2 && dd->hash2 == o->r5,
		      "%s: hashes %u/%u, oracle %u/%u", dd->modname, dd->hash,
		      dd->hash2, o->djb2, o->r5);
		CHECK(dd->type == DYNAMIC_PRINTK_TYPE_BOOLEAN && !dd->flags,
		      "%s: type %u flags %u", dd->modname, dd->type, dd->flags);
	}
	/* link order: cs_one_a.o, cs_two.o, cs_one_b.o */
	if (nr_builtin == 9) {
		dd = __start___verbose;
		one_a = dd[0].modname;
		CHECK(!strcmp(one_a, "cs_one") && !strcmp(dd[3].modname,
		      "cs_two") && !strcmp(dd[6].modname, "cs_one"),
		      "unexpected order");
		CHECK(dd[1].modname == one_a && dd[2].modname == one_a,
		      "the sites of one object do not share the name string");
		CHECK(dd[6].modname != one_a,
		      "two objects share a name string");
	}
	end();
}

static void test_before_registration(void)
{
	int e = 0, de = 0;
	struct device dev = { "drv", "dev0" };

	begin("boot option handler: only the bare word");
	CHECK(shim_run_setup("dynamic_printk=1") == 0, "'=1' taken");
	CHECK(shim_run_setup("dynamic_printkx") == 0, "'x' taken");
	CHECK(!dynamic_printk_enabled && !dynamic_printk_enabled2,
	      "masks set by a rejected option");
	if (boot) {
		CHECK(shim_run_setup("dynamic_printk") == 1,
		      "bare word not taken");
		CHECK(dynamic_printk_enabled == ~0ULL &&
		      dynamic_printk_enabled2 == ~0ULL, "masks not all ones");
		CHECK(shim_kmalloc_total() == 0, "allocated at boot");
	}
	end();

	begin(boot ? "boot word: built-in call sites print before registration"
	      : "no boot word: call sites silent before registration");
	shim_log_reset();
	CHECK(cs_one_a_pr(&e) == 0, "pr_debug value not 0");
	CHECK(cs_two_dev(&dev, &e, &de) == 0, "dev_dbg path");
	if (boot) {
		expect_log(2, 7, "cs_one:value 1\n", 7, "drv dev0: cs_two: dev 2\n");
		CHECK(e == 2 && de > 0, "evaluations %d/%d", e, de);
	} else {
		expect_log(0);
		CHECK(e == 0 && de == 0, "silent call site evaluated its "
		      "arguments %d/%d times", e, de);
	}
	end();
}

static void test_initcalls(void)
{
	struct dentry *d;
	int e = 0;

	begin("initcalls: built-in names registered, control file 0644");
	CHECK(shim_run_initcalls() == 0, "an initcall failed");
	d = shim_debugfs_find("dynamic_printk", "modules");
	CHECK(d && d->fops, "no dynamic_printk/modules in debugfs");
	if (!d || !ctl_find()) {
		end();
		printf("FAIL: cannot go on without the control file\n");
		exit(1);
	}
	CHECK(d->mode == 0644, "mode %o", (unsigned)d->mode);
	CHECK(ctl_fops->read && ctl_fops->write && ctl_fops->open &&
	      ctl_fops->release, "missing file operations");
	model_all = boot;
	model_descs(__start___verbose, nr_builtin, 1);
	model_check("after initcalls");
	CHECK(!strcmp(ctl_read(), boot ?
		      (oracle_find("cs_one")->djb2 <= oracle_find("cs_two")->djb2 ?
		       "cs_one enabled=1\ncs_two enabled=1\n" :
		       "cs_two enabled=1\ncs_one enabled=1\n") :
		      (oracle_find("cs_one")->djb2 <= oracle_find("cs_two")->djb2 ?
		       "cs_one enabled=0\ncs_two enabled=0\n" :
		       "cs_two enabled=0\ncs_one enabled=0\n")),
	      "output '%s'", ctl_read());
	shim_log_reset();
	cs_one_b_pr(&e);
	if (boot)
		expect_log(1, 7, "cs_one:value 1\n");
	else
		expect_log(0);
	end();

	if (!boot)
		return;
	begin("boot word: 'set enabled=0 all' turns it off");
	good_write("set enabled=0 all\n", "all", 0);
	shim_log_reset();
	e = 0;
	cs_one_a_pr(&e);
	cs_two_plain();
	expect_log(0);
	CHECK(e == 0, "arguments evaluated");
	CHECK(!dynamic_printk_enabled && !dynamic_printk_enabled2,
	      "masks not 0");
	end();
}

static struct fakemod *fm_main, *fm_other;

static void test_register_read(void)
{
	static const char *const main_names[] = { "foo", "bar", "baz", "allx",
						  "xall", "all0", "set" };
	static const char *const other_names[] = { "foo", "cs_one", "e1000" };

	begin("register: one line per name, exact format, bucket order");
	/* several descriptors per name, interleaved, equal strings */
	fm_main = fake_new(main_names, 7, 5, 1, 0);
	CHECK(fake_register(fm_main) == 0, "register failed");
	model_check("after registering foo..set");
	/* a second registrant of foo and cs_one */
	fm_other = fake_new(other_names, 3, 4, 0, 1);
	CHECK(fake_register(fm_other) == 0, "register failed");
	model_check("after a second registrant");
	end();

	begin("read in small chunks equals one read");
	{
		static char big[READ_CAP], small[READ_CAP];
		size_t chunk;

		snprintf(big, sizeof(big), "%s", ctl_read());
		for (chunk = 1; chunk < 40; chunk += 3) {
			long n = ctl_read_chunked(small, sizeof(small), chunk);

			CHECK(n == (long)strlen(big) && !strcmp(big, small),
			      "chunk %zu: '%s'", chunk, small);
		}
	}
	end();
}

static void test_enable_disable(void)
{
	int e = 0, de = 0;
	struct device dev = { "drv", "dev0" };

	begin("enable and disable one module");
	good_write("set enabled=1 foo\n", "foo", 1);
	CHECK(site_enabled("foo") && !site_enabled("bar"), "helper");
	good_write("set enabled=0 foo\n", "foo", 0);
	CHECK(!site_enabled("foo"), "helper");
	good_write("set enabled=1 bar", "bar", 1);
	good_write("set enabled=0 bar", "bar", 0);
	end();

	begin("enabling an enabled module succeeds and changes nothing");
	good_write("set enabled=1 baz\n", "baz", 1);
	good_write("set enabled=1 baz\n", "baz", 1);
	good_write("set enabled=0 baz\n", "baz", 0);
	good_write("set enabled=0 baz\n", "baz", 0);
	end();

	begin("call sites: prefixes, evaluation only when printing");
	good_write("set enabled=1 cs_one\n", "cs_one", 1);
	shim_log_reset();
	CHECK(cs_one_a_pr(&e) == 0, "value");
	CHECK(cs_one_b_pr(&e) == 0, "value");
	cs_one_a_plain();
	CHECK(cs_one_b_dev(&dev, &e, &de) == 0, "value");
	CHECK(e == 3 && de > 0, "evaluations %d/%d", e, de);
	expect_log(4, 7, "cs_one:value 1\n", 7, "cs_one:value 2\n",
		   7, "cs_one:plain\n", 7, "drv dev0: cs_one: dev 3\n");
	shim_log_reset();
	e = 0;
	de = 0;
	cs_two_pr(&e);
	cs_two_dev(&dev, &e, &de);
	cs_two_plain();
	expect_log(0);
	CHECK(e == 0 && de == 0, "silent cs_two evaluated %d/%d", e, de);
	good_write("set enabled=0 cs_one\n", "cs_one", 0);
	shim_log_reset();
	cs_one_a_pr(&e);
	cs_one_b_dev(&dev, &e, &de);
	expect_log(0);
	CHECK(e == 0 && de == 0, "disabled cs_one evaluated %d/%d", e, de);
	end();
}

static void test_all(void)
{
	struct fakemod *late;
	static const char *const late_names[] = { "nfs" };

	begin("'allx' is a name, 'all' a keyword");
	good_write("set enabled=1 allx\n", "allx", 1);
	CHECK(site_enabled("allx") && !site_enabled("xall") &&
	      !site_enabled("foo"), "allx enabled more than allx");
	good_write("set enabled=0 allx\n", "allx", 0);
	bad_write("set enabled=1 ALL\n");
	bad_write("set enabled=1 al\n");
	end();

	begin("all mode: everything on, new modules start on");
	good_write("set enabled=1 all\n", "all", 1);
	CHECK(site_enabled("foo") && site_enabled("cs_two") &&
	      site_enabled("snd_hda_intel"),
	      "all mode: a site is off (unregistered names print too)");
	late = fake_new(late_names, 1, 2, 0, 0);
	CHECK(fake_register(late) == 0, "register failed");
	model_check("registered in all mode");
	good_write("set enabled=0 allx\n", "allx", 0);
	CHECK(!site_enabled("allx") && site_enabled("foo"),
	      "disabling one name in all mode");
	CHECK(dynamic_printk_enabled == ~0ULL, "all mode masks");
	good_write("set enabled=1 all", "all", 1);
	good_write("set enabled=0 all\n", "all", 0);
	CHECK(!site_enabled("foo") && !site_enabled("nfs") &&
	      !site_enabled("snd_hda_intel"), "a site still on");
	fake_unregister(late);
	fake_free(late);
	model_check("unregistered nfs");
	end();
}

static void test_bad_input(void)
{
	static char big[8192];
	static const char nul1[] = "set enabled=1 f\0oo";
	static const char nul2[] = "set enabled=1 foo\0";
	static const char nul3[] = "\0set enabled=1 foo";
	static const char bin[] = { 0x01, 0x02, 0xff, 0x80, 0x7f, 0x00, 0x1b };

	begin("malformed writes: -EINVAL, nothing changed, nothing logged");
	good_write("set enabled=1 bar\n", "bar", 1);
	bad_write("set enable=1 foo\n");
	bad_write("set enabledx=1 foo\n");
	bad_write("set xenabled=1 foo\n");
	bad_write("set enabled=2 foo\n");
	bad_write("set enabled=01 foo\n");
	bad_write("set enabled=1x foo\n");
	bad_write("set enabled= foo\n");
	bad_write("set enabled foo\n");
	bad_write("set enabled=-1 foo\n");
	bad_write("set enabled=1\n");
	bad_write("set enabled=1");
	bad_write("set\n");
	bad_write("set enabled=1 foo bar\n");
	bad_write("set enabled=1 all extra\n");
	bad_write("sett enabled=1 foo\n");
	bad_write("SET enabled=1 foo\n");
	bad_write("enabled=1 foo\n");
	bad_write("foo\n");
	bad_write("set enabled=1 nosuchmodule\n");
	bad_write("set enabled=0 nosuchmodule\n");
	bad_write("set enabled=1 fo\n");
	bad_write("set enabled=1 foo\r\n");
	bad_write("set enabled=1 f\x80o\n");
	bad_write("set enabled=1 foo\x7f");
	bad_write("set enabled=1 foo\v");
	bad_write("\n");
	bad_write("   \t \n");
	bad_write_len("", 0, "empty write");
	bad_write_len(nul1, sizeof(nul1) - 1, "NUL inside the name");
	bad_write_len(nul2, sizeof(nul2) - 1, "trailing NUL");
	bad_write_len(nul3, sizeof(nul3) - 1, "leading NUL");
	bad_write_len(bin, sizeof(bin), "binary bytes");
	memset(big, ' ', sizeof(big));
	memcpy(big + 8192 - 18, "set enabled=0 bar\n", 18);
	bad_write_len(big + 8192 - 4097, 4097, "PAGE_SIZE + 1 bytes");
	bad_write_len(big, sizeof(big), "8192 bytes");
	end();

	begin("blanks: surrounding and repeated blanks, no newline accepted");
	good_write("  set enabled=0 bar  \n\n", "bar", 0);
	good_write("\tset\tenabled=1\tbar\t", "bar", 1);
	good_write("set  \n enabled=0 \t\tbar", "bar", 0);
	good_write("\n\nset enabled=1 bar\n", "bar", 1);
	/* A page is not longer than a page: PAGE_SIZE bytes is accepted */
	memset(big, ' ', sizeof(big));
	memcpy(big + 4096 - 18, "set enabled=0 bar\n", 18);
	shim_log_reset();
	CHECK(ctl_write_len(big, 4096) == 4096, "4096 bytes rejected");
	expect_log(1, 7, setmsg("bar", 0));
	model_set("bar", 0);
	model_check("4096 bytes");
	end();

	begin("faults: -EFAULT and -ENOMEM change nothing");
	{
		static char before[READ_CAP];
		long ret;

		snprintf(before, sizeof(before), "%s", ctl_read());
		shim_log_reset();
		ret = ctl_write_len(SHIM_FAULT_PTR, 10);
		CHECK(ret == -EFAULT, "bad pointer: %ld", ret);
		/* the open's seq_file is the first allocation */
		shim_kmalloc_fail_nth(2);
		ret = ctl_write("set enabled=1 foo\n");
		shim_kmalloc_fail_nth(0);
		CHECK(ret == -ENOMEM, "no memory: %ld", ret);
		CHECK(!strcmp(before, ctl_read()), "output changed");
		CHECK(shim_log_above_debug() == 0, "logged");
		model_check("after faults");
	}
	end();
}

static void test_collisions(void)
{
	static const char *const names[] = {
		NAME_D_A, NAME_D_B, NAME_R_A, NAME_R_B, NAME_BOTH_A, NAME_BOTH_B
	};
	struct fakemod *fm;

	begin("bucket collisions: masks exact, helper exact");
	fm = fake_new(names, 6, 1, 0, 0);
	CHECK(fake_register(fm) == 0, "register failed");
	model_check("colliding names registered");
	good_write("set enabled=1 " NAME_D_A, NAME_D_A, 1);
	CHECK(!site_enabled(NAME_D_B), "same djb2 bucket");
	good_write("set enabled=1 " NAME_BOTH_A, NAME_BOTH_A, 1);
	CHECK(!site_enabled(NAME_BOTH_B), "same buckets, different name");
	{
		struct mod_debug dd = desc_for(NAME_BOTH_B);

		CHECK((dynamic_printk_enabled & (1ULL << dd.hash)) &&
		      (dynamic_printk_enabled2 & (1ULL << dd.hash2)) &&
		      !__dynamic_printk_enabled(&dd),
		      "helper must decide for a full collision");
	}
	good_write("set enabled=1 " NAME_BOTH_B, NAME_BOTH_B, 1);
	good_write("set enabled=0 " NAME_BOTH_A, NAME_BOTH_A, 0);
	CHECK(site_enabled(NAME_BOTH_B), "shared bits cleared");
	good_write("set enabled=1 " NAME_R_A, NAME_R_A, 1);
	good_write("set enabled=1 " NAME_R_B, NAME_R_B, 1);
	good_write("set enabled=0 " NAME_R_A, NAME_R_A, 0);
	good_write("set enabled=0 " NAME_R_B, NAME_R_B, 0);
	good_write("set enabled=0 " NAME_D_A, NAME_D_A, 0);
	good_write("set enabled=0 " NAME_BOTH_B, NAME_BOTH_B, 0);
	CHECK(!dynamic_printk_enabled && !dynamic_printk_enabled2,
	      "masks not clear");
	end();

	begin("unregistering an enabled module clears its bits unless shared");
	good_write("set enabled=1 " NAME_BOTH_A, NAME_BOTH_A, 1);
	good_write("set enabled=1 " NAME_BOTH_B, NAME_BOTH_B, 1);
	good_write("set enabled=1 " NAME_D_B, NAME_D_B, 1);
	fake_unregister(fm);
	model_check("unregistered enabled colliding names");
	fake_free(fm);
	CHECK(!dynamic_printk_enabled && !dynamic_printk_enabled2,
	      "bits left behind");
	{
		static const char *const one[] = { NAME_BOTH_A };
		static const char *const two[] = { NAME_BOTH_B };
		struct fakemod *a = fake_new(one, 1, 1, 0, 0);
		struct fakemod *b = fake_new(two, 1, 1, 0, 0);

		fake_register(a);
		fake_register(b);
		good_write("set enabled=1 " NAME_BOTH_A, NAME_BOTH_A, 1);
		good_write("set enabled=1 " NAME_BOTH_B, NAME_BOTH_B, 1);
		fake_unregister(a);
		fake_free(a);
		model_check("one of two enabled names with the same bits gone");
		CHECK(site_enabled(NAME_BOTH_B) && !site_enabled(NAME_BOTH_A),
		      "sites after unregistering");
		fake_unregister(b);
		fake_free(b);
		model_check("both gone");
	}
	end();
}

static void test_shared(void)
{
	begin("a name of two registrants stays until the last goes");
	good_write("set enabled=1 foo\n", "foo", 1);
	good_write("set enabled=1 e1000\n", "e1000", 1);
	fake_unregister(fm_other);
	fake_free(fm_other);
	fm_other = NULL;
	model_check("second registrant gone");
	CHECK(model_find("foo") && model_find("cs_one") &&
	      !model_find("e1000"), "model");
	CHECK(site_enabled("foo") && !site_enabled("e1000"), "sites");
	good_write("set enabled=0 foo\n", "foo", 0);
	bad_write("set enabled=1 e1000\n");
	end();
}

static void test_module(const char *path)
{
	void (*sections)(struct mod_debug **, unsigned long *);
	int (*pr)(int *);
	int (*dev)(struct device *, int *, int *);
	struct device d = { "e100", "0000:00:03.0" };
	struct mod_debug *start;
	unsigned long n;
	void *h;
	int e = 0, de = 0;

	begin("loadable module: register, print, unload");
	h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	if (!h) {
		fail("dlopen %s: %s", path, dlerror());
		end();
		return;
	}
	sections = (void (*)(struct mod_debug **, unsigned long *))
		dlsym(h, "cs_module_sections");
	pr = (int (*)(int *))dlsym(h, "cs_mod_pr");
	dev = (int (*)(struct device *, int *, int *))dlsym(h, "cs_mod_dev");
	if (!sections || !pr || !dev) {
		fail("missing symbols");
		end();
		return;
	}
	sections(&start, &n);
	CHECK(n == SITES_PER_OBJECT, "module has %lu descriptors", n);
	CHECK(dynamic_printk_register(start, n) == 0, "register failed");
	model_descs(start, n, 1);
	model_check("module loaded");
	shim_log_reset();
	pr(&e);
	expect_log(0);
	good_write("set enabled=1 cs_mod\n", "cs_mod", 1);
	shim_log_reset();
	pr(&e);
	dev(&d, &e, &de);
	expect_log(2, 7, "cs_mod:value 1\n",
		   7, "e100 0000:00:03.0: cs_mod: dev 2\n");
	dynamic_printk_unregister(start, n);
	model_descs(start, n, 0);
	dlclose(h);
	model_check("module unloaded");
	CHECK(!strstr(ctl_read(), "cs_mod"), "line left behind");
	CHECK(!site_enabled("cs_mod"), "site enabled after unload");
	bad_write("set enabled=0 cs_mod\n");
	end();
}

static void test_register_enomem(void)
{
	static const char *const names[] = { "cs_one", "usbcore", "scsi_mod",
					     "9p", "_" };
	struct fakemod *fm;
	long live;
	int nth;

	rcu_barrier();		/* frees still waiting for a grace period */
	live = shim_kmalloc_live();

	begin("registration -ENOMEM rolls back");
	for (nth = 1; nth <= 4; nth++) {
		static char before[READ_CAP];

		snprintf(before, sizeof(before), "%s", ctl_read());
		fm = fake_new(names, 5, 2, 1, 0);
		shim_kmalloc_fail_nth(nth);
		CHECK(dynamic_printk_register(fm->dd, fm->n) == -ENOMEM,
		      "allocation %d failing: not -ENOMEM", nth);
		shim_kmalloc_fail_nth(0);
		CHECK(!strcmp(before, ctl_read()), "allocation %d: output "
		      "changed", nth);
		model_check("after failed registration");
		fake_free(fm);
	}
	rcu_barrier();
	CHECK(shim_kmalloc_live() == live, "leaked %ld",
	      shim_kmalloc_live() - live);
	/* cs_one must still have exactly one registrant: checked at exit */
	end();
}

static void test_kernel_hash(void)
{
	const char *names[ORACLE_NR_GENERATED];
	struct fakemod *fm;
	int i, bad = 0;

	begin("kernel buckets agree with the oracle (masks of 200 names)");
	for (i = 0; i < ORACLE_NR_GENERATED; i++)
		names[i] = oracle_names[ORACLE_FIRST_GENERATED + i].name;
	fm = fake_new(names, ORACLE_NR_GENERATED, 1, 0, 1);
	CHECK(fake_register(fm) == 0, "register failed");
	for (i = 0; i < ORACLE_NR_GENERATED && !bad; i++) {
		const struct oracle_name *o = oracle_find(names[i]);
		char cmd[64];

		snprintf(cmd, sizeof(cmd), "set enabled=1 %s", names[i]);
		CHECK(ctl_write(cmd) == (long)strlen(cmd), "%s", cmd);
		if (dynamic_printk_enabled != 1ULL << o->djb2 ||
		    dynamic_printk_enabled2 != 1ULL << o->r5) {
			fail("%s: masks %016llx/%016llx, oracle buckets %u/%u",
			     names[i], dynamic_printk_enabled,
			     dynamic_printk_enabled2, o->djb2, o->r5);
			bad = 1;
		}
		snprintf(cmd, sizeof(cmd), "set enabled=0 %s", names[i]);
		CHECK(ctl_write(cmd) == (long)strlen(cmd), "%s", cmd);
	}
	model_check("200 names");
	fake_unregister(fm);
	fake_free(fm);
	model_check("200 names gone");
	end();
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/*
 * 200 names with 5000 call sites each: a lookup per descriptor in a scan
 * of every entry (O(sites x modules)) takes seconds, the linear
 * registration milliseconds.
 */
static void test_linear(void)
{
	const char *names[ORACLE_NR_GENERATED];
	struct fakemod *fm;
	double t0, t1, t2;
	int i, share;

	begin("registration is linear in the number of call sites");
	for (i = 0; i < ORACLE_NR_GENERATED; i++)
		names[i] = oracle_names[ORACLE_FIRST_GENERATED + i].name;
	for (share = 1; share >= 0; share--) {
		/* runs of one object's sites; equal strings if !share */
		fm = fake_new(names, ORACLE_NR_GENERATED, share ? 5000 : 1000,
			      0, share);
		t0 = now();
		CHECK(dynamic_printk_register(fm->dd, fm->n) == 0,
		      "register failed");
		t1 = now() - t0;
		for (i = 0; i < ORACLE_NR_GENERATED; i++)
			model_register_name(names[i]);
		model_check("many sites registered");
		t0 = now();
		dynamic_printk_unregister(fm->dd, fm->n);
		t2 = now() - t0;
		for (i = 0; i < ORACLE_NR_GENERATED; i++)
			model_unregister_name(names[i]);
		model_check("many sites unregistered");
		CHECK(t1 < 0.5 && t2 < 0.5, "%lu sites took %.2f s / %.2f s",
		      fm->n, t1, t2);
		fake_free(fm);
	}
	end();
}

static void test_teardown(void)
{
	begin("everything unregistered: empty file, masks 0, no leak");
	fake_unregister(fm_main);
	fake_free(fm_main);
	model_check("fake modules gone");
	dynamic_printk_unregister(__start___verbose, nr_builtin);
	model_descs(__start___verbose, nr_builtin, 0);
	model_check("built-in names gone");
	CHECK(!strcmp(ctl_read(), ""), "output '%s'", ctl_read());
	CHECK(!dynamic_printk_enabled && !dynamic_printk_enabled2, "masks");
	rcu_barrier();
	CHECK(shim_kmalloc_live() == 0, "%ld allocations live",
	      shim_kmalloc_live());
	end();
}

int main(int argc, char **argv)
{
	if (argc != 3 || (strcmp(argv[1], "boot") && strcmp(argv[1], "noboot"))) {
		fprintf(stderr, "usage: test_func boot|noboot <cs_mod.so>\n");
		return 2;
	}
	boot = !strcmp(argv[1], "boot");
	shim_rcu_register_thread();

	test_sections();
	test_before_registration();
	test_initcalls();
	test_register_read();
	test_enable_disable();
	test_all();
	test_bad_input();
	test_collisions();
	test_shared();
	test_module(argv[2]);
	test_register_enomem();
	test_kernel_hash();
	test_linear();
	test_teardown();

	rcu_barrier();
	shim_rcu_unregister_thread();
	return tests_failed ? 1 : 0;
}
