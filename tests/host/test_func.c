/*
 * Test 2: functional tests of lib/dynamic_printk.c through its real entry
 * points: the boot option handler, dynamic_printk_init() and the
 * initcalls, register/unregister, the module parameters, the modules
 * file's open/read/write/release and call sites compiled from the real
 * header.  Every state is compared with the model of model.h: the
 * modules file, the control file, the masks and each descriptor's flags.
 *
 * Usage: test_func noboot|boot|bootlist <cs_mod.so>
 *        test_func listall|badlist <cs_mod.so> <boot option>
 *
 *   noboot    no boot option: the whole suite
 *   boot      the bare word "dynamic_printk" (all mode): the whole suite
 *   bootlist  "dynamic_printk=cs-two,cs_mod,ghost,gh-ost2,wfoo,wbar": the
 *             boot list's wishes
 *   listall   a list with "all" in it, e.g. "dynamic_printk=all"
 *   badlist   a malformed list, e.g. "dynamic_printk=a,,b"
 * The boot option is handled once, before the initcalls, so each needs a
 * process of its own.
 *
 * The executable stands for vmlinux: the objects cs_one_a.o, cs_two.o,
 * cs_one_b.o, cs_dbg_b.o and cs_dbg_a.o (KBUILD_MODNAME cs_one, cs_two,
 * cs_one, cs_dbg, cs_dbg: one module's objects are not adjacent; files
 * lib/cs/one_a.c, drivers/cs/two.c, lib/cs/one_b.c, fs/dbg/dbg_b.c,
 * fs/dbg/dbg_a.c) are its built-in call sites, three each, registered by
 * dynamic_printk_init() from __start___verbose .. __stop___verbose.
 * cs_dbg_a.o is compiled with -DDEBUG, cs_dbg_b.o without: module cs_dbg
 * has one DEBUG file, not its first, and only that file's call sites
 * start with 'p'.  cs_mod.so is a loadable module with three call sites
 * of module cs_mod (file cs_mod.c); cs_dmod.so (beside it) one of module
 * cs_dmod made of a plain object (dmod_a.c) and a -DDEBUG one
 * (sub/dmod_b.c).
 */
#include <dlfcn.h>
#include <time.h>

#include <linux/device.h>
#include "model.h"
#include "callsite_lines.h"

#define SITES_PER_OBJECT	3
#define NR_OBJECTS		5

#define CS_DECLARE(p)							\
	int p##_pr(int *evals);						\
	int p##_dev(struct device *dev, int *evals, int *dev_evals);	\
	int p##_plain(void)

CS_DECLARE(cs_one_a);
CS_DECLARE(cs_one_b);
CS_DECLARE(cs_two);
CS_DECLARE(cs_dbg_a);
CS_DECLARE(cs_dbg_b);

static int boot;
static unsigned long nr_builtin;
static const char *so_path;

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

/* The log holds exactly these KERN_DEBUG lines since the last reset */
static void expect_lines(const char *what, int n, char lines[][160])
{
	int i;

	if (shim_log_count() != n) {
		const struct shim_msg *m = shim_log_get(0);

		fail("%s: %ld messages logged, expected %d (first: '%s')",
		     what, shim_log_count(), n, m ? m->text : "");
		return;
	}
	for (i = 0; i < n && i < SHIM_LOG_KEEP; i++) {
		const struct shim_msg *m = shim_log_get(i);

		if (m->level != 7 || strcmp(m->text, lines[i]))
			fail("%s: message %d is <%d>'%s', expected <7>'%s'",
			     what, i, m->level, m->text, lines[i]);
	}
}

/*
 * A successful control write of n commands, given as (name, value) pairs
 * in the order they must be applied: returns count, logs one line per
 * command, the model agrees.  name is as logged ('_' form, or "all").
 */
static void good_batch_len(const char *buf, size_t len, int n, ...)
{
	static char lines[SHIM_LOG_KEEP][160];
	static const char *names[SHIM_LOG_KEEP];
	static int vals[SHIM_LOG_KEEP];
	const char *what = len < 200 ? buf : "a long batch";
	va_list ap;
	long ret;
	int i;

	if (n > SHIM_LOG_KEEP)
		abort();
	shim_log_reset();
	ret = ctl_write_len(buf, len);
	CHECK(ret == (long)len, "'%s' returned %ld, expected %zu", what,
	      ret, len);
	va_start(ap, n);
	for (i = 0; i < n; i++) {
		names[i] = va_arg(ap, const char *);
		vals[i] = va_arg(ap, int);
		snprintf(lines[i], sizeof(lines[i]), "%s",
			 setmsg(names[i], vals[i]));
		/* every command is checked before any is applied */
		if (!model_valid(names[i], vals[i]))
			fail("test bug: '%s' enabled=%d invalid in the model",
			     names[i], vals[i]);
	}
	va_end(ap);
	for (i = 0; i < n && ret == (long)len; i++)
		model_set_unchecked(names[i], vals[i]);
	expect_lines(what, n, lines);
	model_check(what);
}

#define good_batch(buf, n, ...) good_batch_len(buf, strlen(buf), n, __VA_ARGS__)

/* A successful control write of one command */
static void good_write(const char *cmd, const char *name, int v)
{
	good_batch(cmd, 1, name, v);
}

/*
 * A write that must change nothing: it returns want_ret, and neither the
 * files' output nor the masks nor any descriptor's flags differ
 * afterwards.  The caller checks what was logged.
 */
static void unchanging_write(const void *buf, size_t len, const char *what,
			     long want_ret)
{
	struct snapshot snap;
	long ret;

	snap_take(&snap);
	shim_log_reset();
	ret = ctl_write_len(buf, len);
	CHECK(ret == want_ret, "%s: returned %ld, expected %ld", what, ret,
	      want_ret);
	snap_same(&snap, what);
}

/*
 * A rejected write: -EINVAL, nothing changed, one KERN_DEBUG line (the
 * modules file logs nothing above it), which is log (with
 * "dynamic_printk: " before it), then "\n" or ": " and the reason; the
 * whole line is the model's.
 */
static void bad_write_log(const void *buf, size_t len, const char *what,
			  const char *log)
{
	const struct shim_msg *m;
	struct mbatch b;
	char want[160];
	size_t n;

	if (mbatch_parse(buf, len, 1, &b))
		fail("test bug: %s: the model accepts it", what);
	unchanging_write(buf, len, what, -EINVAL);
	n = snprintf(want, sizeof(want), "dynamic_printk: %s", log);
	m = shim_log_get(0);
	CHECK(shim_log_count() == 1 && shim_log_above_debug() == 0 &&
	      m->level == 7, "%s: %ld lines, %ld above KERN_DEBUG, the first "
	      "<%d>, expected one at KERN_DEBUG", what, shim_log_count(),
	      shim_log_above_debug(), m ? m->level : -1);
	CHECK(m && !strncmp(m->text, want, n) && (!strcmp(m->text + n, "\n") ||
	      !strncmp(m->text + n, ": ", 2)), "%s: logged '%s', expected "
	      "'%s' and a reason", what, m ? m->text : "", want);
	CHECK(m && !strcmp(m->text, b.why), "%s: logged '%s', the model says "
	      "'%s'", what, m ? m->text : "", b.why);
	mbatch_free(&b);
	model_check(what);
}

/* The log line of an invalid command: its first 64 bytes, quoted */
static const char *invalid(const char *text)
{
	static char buf[160];

	snprintf(buf, sizeof(buf), "invalid command \"%.64s\"", text);
	return buf;
}

/*
 * A rejected one-line write (no ';', no '#'): the command named in the
 * log is the line without its surrounding blanks and newline.
 */
static void bad_write(const char *cmd)
{
	char text[256];
	size_t b = 0, e = strlen(cmd);

	while (cmd[b] == ' ' || cmd[b] == '\t' || cmd[b] == '\n')
		b++;
	while (e > b && (cmd[e - 1] == ' ' || cmd[e - 1] == '\t' ||
			 cmd[e - 1] == '\n'))
		e--;
	if (e - b >= sizeof(text) || memchr(cmd + b, '\n', e - b) ||
	    memchr(cmd, ';', e) || memchr(cmd, '#', e))
		abort();	/* test bug: use bad_write_log() */
	memcpy(text, cmd + b, e - b);
	text[e - b] = '\0';
	bad_write_log(cmd, strlen(cmd), cmd, invalid(text));
}

/* A rejected write naming a bad command (as the user wrote it) */
static void bad_batch(const char *buf, const char *bad)
{
	bad_write_log(buf, strlen(buf), buf, invalid(bad));
}

static const char *bad_byte(unsigned int byte, size_t offset)
{
	static char buf[80];

	snprintf(buf, sizeof(buf), "invalid byte 0x%02x at offset %zu", byte,
		 offset);
	return buf;
}

static const char *bad_size(size_t count)
{
	static char buf[80];

	snprintf(buf, sizeof(buf), "write of %zu bytes, more than 4096",
		 count);
	return buf;
}

/*
 * A write without a command (empty, or only blanks, newlines and
 * comments): it succeeds, returning its length, and changes and logs
 * nothing.
 */
static void noop_write(const void *buf, size_t len, const char *what)
{
	unchanging_write(buf, len, what, (long)len);
	expect_lines(what, 0, NULL);
	model_check(what);
}

static void test_sections(void)
{
	struct mod_debug *dd;
	const char *one_a = NULL;

	begin("descriptors in __verbose (layout, hashes, flags, one string "
	      "per object)");
	nr_builtin = __stop___verbose - __start___verbose;
	CHECK(nr_builtin == NR_OBJECTS * SITES_PER_OBJECT,
	      "%lu descriptors, expected %d", nr_builtin,
	      NR_OBJECTS * SITES_PER_OBJECT);
	CHECK(sizeof(struct mod_debug) % 8 == 0, "sizeof %zu",
	      sizeof(struct mod_debug));
	/* 32 bytes on 64-bit machines, and packed without holes */
	CHECK(sizeof(void *) != 8 || sizeof(struct mod_debug) == 32,
	      "sizeof %zu, expected 32", sizeof(struct mod_debug));
	CHECK((char *)&__start___verbose[1] - (char *)&__start___verbose[0] ==
	      (long)sizeof(struct mod_debug), "descriptors not packed");
	CHECK(DYNAMIC_PRINTK_FL_PRINT == 1 && DYNAMIC_PRINTK_FL_MODULE == 2 &&
	      DYNAMIC_PRINTK_FL_FUNC == 4 && DYNAMIC_PRINTK_FL_LINE == 8 &&
	      DYNAMIC_PRINTK_FL_TID == 16, "flag values");
	for (dd = __start___verbose; dd < __stop___verbose; dd++) {
		const struct oracle_name *o = oracle_find(dd->modname);

		CHECK(dd->hash == o->djb2 && dd->hash2 == o->r5,
		      "%s: hashes %u/%u, oracle %u/%u", dd->modname, dd->hash,
		      dd->hash2, o->djb2, o->r5);
		CHECK(dd->type == DYNAMIC_PRINTK_TYPE_BOOLEAN,
		      "%s: type %u", dd->modname, dd->type);
	}
	/* link order: cs_one_a.o, cs_two.o, cs_one_b.o, cs_dbg_b.o, cs_dbg_a.o */
	if (nr_builtin == NR_OBJECTS * SITES_PER_OBJECT) {
		static const char *const files[] = {
			"lib/cs/one_a.c", "drivers/cs/two.c", "lib/cs/one_b.c",
			"fs/dbg/dbg_b.c", "fs/dbg/dbg_a.c"
		};
		static const char *const prefixes[] = {
			"cs_one_a", "cs_two", "cs_one_b", "cs_dbg_b", "cs_dbg_a"
		};
		static const char *const kinds[] = { "pr", "dev", "plain" };
		static const char *const formats[] = {
			"value %d\n", "dev %d\n", "plain\n"
		};
		static const unsigned int lines[] = {
			CS_LINE_PR, CS_LINE_DEV, CS_LINE_PLAIN
		};
		unsigned long i;

		dd = __start___verbose;
		/*
		 * "<module>\0<file>", the function, the line, the format;
		 * within an object, the compiler orders the three
		 */
		for (i = 0; i < nr_builtin; i++) {
			char fn[64];
			int k;

			CHECK(!strcmp(dd[i].modname + strlen(dd[i].modname) + 1,
				      files[i / 3]), "descriptor %lu: file "
			      "'%s'", i, dd[i].modname +
			      strlen(dd[i].modname) + 1);
			for (k = 0; k < 3; k++) {
				snprintf(fn, sizeof(fn), "%s_%s",
					 prefixes[i / 3], kinds[k]);
				if (!strcmp(dd[i].function, fn))
					break;
			}
			if (k == 3) {
				fail("descriptor %lu: function '%s'", i,
				     dd[i].function);
				continue;
			}
			CHECK(dd[i].lineno == lines[k], "descriptor %lu: "
			      "line %u, expected %u", i, dd[i].lineno,
			      lines[k]);
			CHECK(!strcmp(dd[i].format, formats[k]),
			      "descriptor %lu: format '%s'", i, dd[i].format);
		}
		one_a = dd[0].modname;
		CHECK(!strcmp(one_a, "cs_one") && !strcmp(dd[3].modname,
		      "cs_two") && !strcmp(dd[6].modname, "cs_one") &&
		      !strcmp(dd[9].modname, "cs_dbg") &&
		      !strcmp(dd[12].modname, "cs_dbg"), "unexpected order");
		CHECK(dd[1].modname == one_a && dd[2].modname == one_a,
		      "the sites of one object do not share the name string");
		CHECK(dd[6].modname != one_a,
		      "two objects share a name string");
		/* only the sites of the file compiled with -DDEBUG have 'p' */
		for (i = 0; i < nr_builtin; i++)
			CHECK(dd[i].flags == (i >= 12 ? FL_P : 0),
			      "descriptor %lu (%s): flags %u", i,
			      dd[i].modname, dd[i].flags);
	}
	end();
}

static void test_before_registration(void)
{
	int e = 0, de = 0;
	struct device dev = { "drv", "dev0" };

	begin("boot option handler: the bare word, not a longer word");
	shim_log_reset();
	CHECK(shim_run_setup("dynamic_printkx") == 0, "'x' taken");
	CHECK(shim_run_setup("dynamic_printk_x") == 0, "'_x' taken");
	/* ~0 until registration: every call site tests its own flag */
	CHECK(dynamic_printk_enabled == ~0ULL &&
	      dynamic_printk_enabled2 == ~0ULL,
	      "masks not all ones before registration");
	expect_log(0);
	if (boot) {
		CHECK(shim_run_setup("dynamic_printk") == 1,
		      "bare word not taken");
		CHECK(dynamic_printk_enabled == ~0ULL &&
		      dynamic_printk_enabled2 == ~0ULL, "masks not all ones");
		CHECK(shim_kmalloc_total() == 0, "allocated at boot");
	}
	end();

	begin(boot ? "boot word: built-in call sites print before registration"
	      : "no boot word: before registration only DEBUG call sites print");
	shim_log_reset();
	CHECK(cs_one_a_pr(&e) == 0, "pr_debug value not 0");
	CHECK(cs_two_dev(&dev, &e, &de) == 0, "dev_dbg path");
	/*
	 * A DEBUG call site prints from the start, as it did before the
	 * option existed: early boot code runs before registration
	 */
	CHECK(cs_dbg_a_pr(&e) == 0, "pr_debug value not 0");
	if (boot) {
		expect_log(3, 7, "cs_one:value 1\n", 7, "drv dev0: cs_two: dev 2\n",
			   7, "cs_dbg:value 3\n");
		CHECK(e == 3 && de > 0, "evaluations %d/%d", e, de);
	} else {
		expect_log(1, 7, "cs_dbg:value 1\n");
		CHECK(e == 1 && de == 0, "silent call sites evaluated their "
		      "arguments %d/%d times", e - 1, de);
	}
	end();
}

static void test_initcalls(void)
{
	struct dentry *d;
	int e = 0;

	begin("init and initcalls: built-in names registered, files 0644");
	shim_log_reset();
	model_all = boot;
	m_init(NULL);
	CHECK(shim_run_initcalls() == 0, "an initcall failed");
	/* neither all mode nor DEBUG start-enabling logs anything */
	expect_log(0);
	d = shim_debugfs_find("dynamic_printk", "modules");
	CHECK(d && d->fops, "no dynamic_printk/modules in debugfs");
	if (!d || !ctl_find()) {
		end();
		printf("FAIL: cannot go on without the control files\n");
		exit(1);
	}
	CHECK(d->mode == 0644, "mode %o", (unsigned)d->mode);
	CHECK(site_modes[0] == 0644 && site_modes[1] == 0644 &&
	      site_modes[2] == 0644, "control files' modes %o %o %o",
	      site_modes[0], site_modes[1], site_modes[2]);
	CHECK(ctl_fops->read && ctl_fops->write && ctl_fops->open &&
	      ctl_fops->release, "missing file operations");
	CHECK(site_fops == alias_fops[0] && site_fops == alias_fops[1],
	      "the control files are not one file");
	model_check("after initcalls");
	{
		/* the buckets, in order, of cs_one, cs_two and cs_dbg */
		static const char *const n[] = { "cs_one", "cs_two", "cs_dbg" };
		char want[200] = "";
		unsigned int b;
		int i;

		for (b = 0; b < 64; b++)
			for (i = 0; i < 3; i++)
				if (oracle_find(n[i])->djb2 == b)
					snprintf(want + strlen(want),
						 sizeof(want) - strlen(want),
						 "%s enabled=%d\n", n[i],
						 boot || i == 2);
		CHECK(!strcmp(ctl_read(), want), "output '%s', expected '%s'",
		      ctl_read(), want);
	}
	shim_log_reset();
	cs_one_b_pr(&e);
	if (boot)
		expect_log(1, 7, "cs_one:value 1\n");
	else
		expect_log(0);
	end();

	begin("DEBUG call sites: they start with 'p', silently, only they");
	CHECK(site_enabled("cs_dbg"), "cs_dbg not enabled");
	shim_log_reset();
	e = 0;
	cs_dbg_a_pr(&e);
	cs_dbg_b_pr(&e);	/* a file of the module without DEBUG */
	cs_dbg_b_plain();
	if (boot)
		expect_log(3, 7, "cs_dbg:value 1\n", 7, "cs_dbg:value 2\n",
			   7, "cs_dbg:plain\n");
	else
		expect_log(1, 7, "cs_dbg:value 1\n");
	good_write("set enabled=0 cs_dbg\n", "cs_dbg", 0);
	shim_log_reset();
	cs_dbg_a_pr(&e);
	cs_dbg_a_plain();
	expect_log(0);
	CHECK(e == (boot ? 2 : 1), "disabled DEBUG site evaluated its "
	      "arguments");
	good_write("set enabled=1 cs_dbg\n", "cs_dbg", 1);
	/* the tests below expect nothing enabled */
	good_write("set enabled=0 cs_dbg\n", "cs_dbg", 0);
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
		snprintf(big, sizeof(big), "%s", site_read());
		for (chunk = 1; chunk < 200; chunk += 7) {
			long n = file_read_chunked(site_fops, small,
						   sizeof(small), chunk);

			CHECK(n == (long)strlen(big) && !strcmp(big, small),
			      "control file, chunk %zu: '%s'", chunk, small);
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
	      mask_passes("snd_hda_intel"),
	      "all mode: a site is off (unregistered names pass the masks)");
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
	      !mask_passes("snd_hda_intel"), "a site still on");
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
	static const char late[] = "bogus\nset enabled=1 foo\n\x01";

	begin("malformed commands: -EINVAL, nothing changed, one line naming it");
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
	bad_write("set Enabled=1 foo\n");
	bad_write("set\n");
	bad_write("set enabled=1 foo bar\n");
	bad_write("set enabled=1 all extra\n");
	bad_write("sett enabled=1 foo\n");
	bad_write("SET enabled=1 foo\n");
	bad_write("set set enabled=1 foo\n");
	bad_write("enabled=1 foo\n");
	bad_write("enabled=1\n");
	bad_write("foo\n");
	bad_write("foo bar\n");
	bad_write("set enabled=1 nosuchmodule\n");
	bad_write("set enabled=0 nosuchmodule\n");
	bad_write("set enabled=1 fo\n");
	bad_write("set enabled=1 FOO\n");
	bad_write("  set \t enabled=1\tnosuch  \n");
	end();

	begin("bad bytes and sizes: -EINVAL, their one line");
	/* '\r' is a blank (CRLF files) */
	good_write("set enabled=1 foo\r\n", "foo", 1);
	good_write("\rset\r\renabled=0\t\rfoo\r", "foo", 0);
	bad_write_log("set enabled=1 foo\r\f", 19, "FF", bad_byte(0x0c, 18));
	bad_write_log("set enabled=1 f\x80o\n", 18, "0x80", bad_byte(0x80, 15));
	bad_write_log("set enabled=1 foo\x7f", 18, "DEL", bad_byte(0x7f, 17));
	bad_write_log("set enabled=1 foo\v", 18, "VT", bad_byte(0x0b, 17));
	bad_write_log("\xff", 1, "0xff", bad_byte(0xff, 0));
	bad_write_log(nul1, sizeof(nul1) - 1, "NUL inside the name",
		      bad_byte(0, 15));
	bad_write_log(nul2, sizeof(nul2) - 1, "trailing NUL", bad_byte(0, 17));
	bad_write_log(nul3, sizeof(nul3) - 1, "leading NUL", bad_byte(0, 0));
	bad_write_log(bin, sizeof(bin), "binary bytes", bad_byte(1, 0));
	/* bytes are checked before any command */
	bad_write_log(late, sizeof(late) - 1, "a bad byte after a bad command",
		      bad_byte(1, 24));
	memset(big, ' ', sizeof(big));
	memcpy(big + 8192 - 18, "set enabled=0 bar\n", 18);
	bad_write_log(big + 8192 - 4097, 4097, "PAGE_SIZE + 1 bytes",
		      bad_size(4097));
	bad_write_log(big, sizeof(big), "8192 bytes", bad_size(8192));
	end();

	begin("writes without a command: success, nothing changed or logged");
	noop_write("", 0, "empty write");
	noop_write("\n", 1, "a newline");
	noop_write("   \t \n", 6, "blanks");
	noop_write("\n ; ;\n\t\n", 8, "blank lines and ';'");
	noop_write("# nothing\n   # at all\n", 22, "only comments");
	noop_write("#set enabled=1 bar\n", 19, "a '#' first: a comment");
	memset(big, ' ', 4096);
	noop_write(big, 4096, "a page of blanks");
	end();

	begin("blanks: surrounding and repeated blanks, no newline accepted");
	good_write("  set enabled=0 bar  \n\n", "bar", 0);
	good_write("\tset\tenabled=1\tbar\t", "bar", 1);
	good_write("set   enabled=0 \t\tbar", "bar", 0);
	good_write("\n\nset enabled=1 bar\n", "bar", 1);
	/* a newline ends a command: "set" alone is one */
	bad_write_log("set  \n enabled=0 \t\tbar", 22, "a command split by a newline",
		      invalid("set"));
	/* A page is not longer than a page: PAGE_SIZE bytes is accepted */
	memset(big, ' ', sizeof(big));
	memcpy(big + 4096 - 18, "set enabled=0 bar\n", 18);
	good_batch_len(big, 4096, 1, "bar", 0);
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

/* Each line of the file is a command: "<name> enabled=<0|1>" */
static void test_restore_lines(void)
{
	begin("restore lines: '<name> enabled=<0|1>', 'all enabled=<0|1>'");
	good_write("foo enabled=1", "foo", 1);
	good_write("foo enabled=0\n", "foo", 0);
	good_write("  bar\tenabled=1 \n", "bar", 1);
	good_write("bar enabled=0\n", "bar", 0);
	good_write("foo enabled=0\n", "foo", 0);
	/* "set" is a registered name too: this is its restore line */
	good_write("set enabled=1\n", "set", 1);
	good_write("set enabled=0", "set", 0);
	good_write("all enabled=1\n", "all", 1);
	CHECK(mask_passes("snd_hda_intel"), "'all enabled=1' is not all mode");
	good_write("foo enabled=0\n", "foo", 0);
	good_write("all enabled=0\n", "all", 0);
	good_write("allx enabled=1\n", "allx", 1);
	CHECK(!site_enabled("foo"), "allx enabled foo");
	good_write("allx enabled=0\n", "allx", 0);
	bad_write("foo enabled=2\n");
	bad_write("foo enable=1\n");
	bad_write("foo enabled=\n");
	bad_write("foo enabled=1 x\n");
	bad_write("foo enabled=1 foo\n");
	bad_write("foo=1\n");
	bad_write("foo 1\n");
	bad_write("nosuch enabled=1\n");
	bad_write("nosuch enabled=0\n");
	bad_write("ALL enabled=1\n");
	bad_write("x foo enabled=1\n");
	end();
}

/* '-' in a name given to the file is '_' */
static void test_dash(void)
{
	begin("'-' and '_' are the same in names; logged with '_'");
	good_write("set enabled=1 cs-one\n", "cs_one", 1);
	CHECK(site_enabled("cs_one"), "cs_one not enabled");
	good_write("cs-one enabled=0\n", "cs_one", 0);
	good_batch("set enabled=1 cs-two; cs-two enabled=0; cs_two enabled=1;"
		   "cs-two enabled=0", 4, "cs_two", 1, "cs_two", 0, "cs_two", 1,
		   "cs_two", 0);
	/* the log names the bad command as written */
	bad_write("set enabled=1 e-1000\n");
	bad_write("set enabled=1 cs-one-\n");
	bad_write("set enabled=1 cs--one\n");
	bad_write("set-enabled=1 foo\n");
	bad_write("set enabled-1 foo\n");
	bad_write("set enabled=1 a-ll\n");
	bad_write("set enabled=1 all-\n");
	end();
}

static void test_batches(void)
{
	char buf[4200];
	size_t len;
	int i;

	begin("batches: newline and ';' separated, applied in order");
	good_batch("set enabled=1 foo\nset enabled=1 bar\n", 2, "foo", 1,
		   "bar", 1);
	good_batch("set enabled=0 foo;set enabled=0 bar", 2, "foo", 0, "bar",
		   0);
	good_batch("set enabled=1 foo ; bar enabled=1;;\n\n  ;\n"
		   "set enabled=0 foo;", 3, "foo", 1, "bar", 1, "foo", 0);
	good_batch("set enabled=1 baz; set enabled=0 baz\n", 2, "baz", 1,
		   "baz", 0);
	good_batch("set enabled=0 baz; set enabled=1 baz; baz enabled=0", 3,
		   "baz", 0, "baz", 1, "baz", 0);
	good_batch("set enabled=1 all; set enabled=0 foo\n", 2, "all", 1,
		   "foo", 0);
	CHECK(!site_enabled("foo") && site_enabled("bar") &&
	      mask_passes("snd_hda_intel"), "all mode but foo");
	good_batch("set enabled=0 all\nset enabled=1 bar\nset enabled=0 bar", 3,
		   "all", 0, "bar", 1, "bar", 0);
	end();

	begin("batches: blank lines and comments");
	/* a comment ends at the next ';' or newline */
	good_batch("# a comment\n\n  # indented; set enabled=1 bar\n"
		   "set enabled=1 foo # on\n\t#tab\n#\n", 2, "bar", 1,
		   "foo", 1);
	good_batch("set enabled=0 foo\t# off; set enabled=0 bar", 2, "foo", 0,
		   "bar", 0);
	good_batch("set enabled=1 foo; #x set enabled=1 bar\n", 1, "foo", 1);
	good_batch("#set enabled=1 bar\nfoo enabled=0 ## twice\n", 1, "foo",
		   0);
	good_batch("\n\n\nbar enabled=1\n\n\n", 1, "bar", 1);
	good_batch("bar enabled=0 #\n", 1, "bar", 0);
	end();

	begin("batches: '#' inside a word is not a comment");
	bad_batch("set enabled=1 foo#x\n", "set enabled=1 foo#x");
	bad_batch("set enabled=1 foo# x\n", "set enabled=1 foo# x");
	bad_batch("foo#x enabled=1\n", "foo#x enabled=1");
	bad_batch("set enabled=1#x foo\n", "set enabled=1#x foo");
	bad_batch("set# enabled=1 foo\n", "set# enabled=1 foo");
	end();

	begin("batches: a '#' right after ';' starts a comment");
	good_batch("set enabled=0 foo;#x\n", 1, "foo", 0);
	good_batch("set enabled=1 foo;#x;set enabled=1 bar\n", 2, "foo", 1,
		   "bar", 1);
	good_batch("set enabled=0 foo;# x\nset enabled=1 bar", 2, "foo", 0,
		   "bar", 1);
	end();

	begin("batches: all or nothing, the first bad command logged");
	bad_batch("set enabled=1 foo\nset enabled=1 nosuch\nset enabled=1 bar\n",
		  "set enabled=1 nosuch");
	bad_batch("set enabled=1 foo; set enabled=2 bar; set enabled=1 nosuch",
		  "set enabled=2 bar");
	bad_batch("set enabled=1 all; bogus\n", "bogus");
	CHECK(!mask_passes("snd_hda_intel"), "all mode entered");
	bad_batch("set enabled=0 all\nset enabled=1 foo\nfoo enabled=1 x\n",
		  "foo enabled=1 x");
	bad_batch("  set enabled=1 nosuch   # why not\n", "set enabled=1 nosuch");
	bad_batch("set enabled=1 foo\n  set\tenabled=1  no-such \t;foo\n",
		  "set\tenabled=1  no-such");
	bad_batch("foo enabled=1;bar enabled=1;baz enabled=3", "baz enabled=3");
	bad_batch("foo enabled=1\n\n# set enabled=1 bar\nset enabled=1\tfoo x",
		  "set enabled=1\tfoo x");
	/* cut to its first 64 bytes */
	bad_write_log("set enabled=1 foo; set enabled=1 "
		      "a-very-long-module-name-that-is-not-there-at-all-xyz\n",
		      86, "a long bad command",
		      "invalid command \"set enabled=1 a-very-long-module-name-"
		      "that-is-not-there-at-all-x\"");
	snprintf(buf, sizeof(buf), "set enabled=1 foo\nset enabled=1 %0100d\n",
		 7);
	bad_batch(buf, buf + 18);
	snprintf(buf, sizeof(buf), "foo enabled=1\n%04000d enabled=1", 0);
	bad_batch(buf, buf + 14);
	noop_write("# only a comment\n", 17, "only a comment");
	noop_write(";", 1, "';'");
	noop_write(" ; ;\n# x\n\n", 10, "separators and a comment");
	noop_write("#", 1, "'#'");
	bad_batch("\n\n#a;b\n", "b");	/* the comment ends at ';' */
	noop_write("\n\n#a\n", 5, "comment to the newline");
	end();

	begin("batches: a page of commands");
	len = 0;
	for (i = 0; len + 36 <= 4096; i++)
		len += sprintf(buf + len, "set enabled=%d foo\nbar enabled=%d;",
			       i % 2, !(i % 2));
	shim_log_reset();
	CHECK(ctl_write_len(buf, len) == (long)len, "%zu bytes rejected",
	      len);
	CHECK(shim_log_count() == 2 * i, "%ld lines logged, expected %d",
	      shim_log_count(), 2 * i);
	model_set("foo", (i - 1) % 2);
	model_set("bar", !((i - 1) % 2));
	model_check("a page of commands");
	good_batch("set enabled=0 foo; set enabled=0 bar", 2, "foo", 0, "bar",
		   0);
	end();
}

/* Save the file, change states, write it back: the same file */
static void test_round_trip(void)
{
	static char saved[READ_CAP], saved_all[READ_CAP];
	static const char *const gone_names[] = { "gone" };
	struct fakemod *gone;
	unsigned long long m1, m2;
	size_t len;
	int lines = 0;
	char *p, *nl;

	begin("round trip: read, change states, write back, same file");
	good_batch("set enabled=1 foo; set enabled=1 cs_two\nallx enabled=1",
		   3, "foo", 1, "cs_two", 1, "allx", 1);
	snprintf(saved, sizeof(saved), "%s", ctl_read());
	len = strlen(saved);
	for (p = saved; *p; p++)
		lines += *p == '\n';
	m1 = dynamic_printk_enabled;
	m2 = dynamic_printk_enabled2;
	good_batch("set enabled=0 foo; set enabled=1 bar; set enabled=0 allx; "
		   "set enabled=1 set", 4, "foo", 0, "bar", 1, "allx", 0,
		   "set", 1);
	shim_log_reset();
	CHECK(ctl_write_len(saved, len) == (long)len, "restore rejected");
	CHECK(shim_log_count() == lines, "%ld lines logged for %d commands",
	      shim_log_count(), lines);
	CHECK(!strcmp(ctl_read(), saved), "file '%s', saved '%s'", ctl_read(),
	      saved);
	CHECK(dynamic_printk_enabled == m1 && dynamic_printk_enabled2 == m2,
	      "masks not restored");
	model_set("foo", 1);
	model_set("bar", 0);
	model_set("allx", 1);
	model_set("set", 0);
	model_check("restored");
	good_batch("set enabled=0 foo; set enabled=0 cs_two\nallx enabled=0",
		   3, "foo", 0, "cs_two", 0, "allx", 0);
	end();

	begin("round trip: all mode is not in the file");
	good_write("set enabled=1 all\n", "all", 1);
	snprintf(saved_all, sizeof(saved_all), "%s", ctl_read());
	good_write("set enabled=0 all\n", "all", 0);
	shim_log_reset();
	len = strlen(saved_all);
	CHECK(ctl_write_len(saved_all, len) == (long)len, "restore rejected");
	CHECK(!strcmp(ctl_read(), saved_all), "file '%s', saved '%s'",
	      ctl_read(), saved_all);
	CHECK(!mask_passes("snd_hda_intel"), "all mode restored");
	for (p = saved_all; *p; p = nl + 1) {
		char *sp = strchr(p, ' ');

		nl = strchr(p, '\n');
		if (!nl || !sp || sp > nl)
			break;
		*sp = '\0';
		model_set(p, 1);
	}
	model_check("restored from all mode");
	good_write("set enabled=0 all\n", "all", 0);
	end();

	begin("restoring a module that went away: nothing restored");
	gone = fake_new(gone_names, 1, 2, 0, 0);
	CHECK(fake_register(gone) == 0, "register failed");
	good_batch("set enabled=1 gone; set enabled=1 foo", 2, "gone", 1, "foo",
		   1);
	snprintf(saved, sizeof(saved), "%s", ctl_read());
	good_batch("set enabled=0 gone; set enabled=0 foo", 2, "gone", 0, "foo",
		   0);
	fake_unregister(gone);
	fake_free(gone);
	model_check("gone unregistered");
	bad_batch(saved, "gone enabled=1");
	CHECK(!site_enabled("foo"), "foo restored");
	end();
}

static void test_debug_registrants(void)
{
	static const char *const names[] = { "bar", "newd" };
	unsigned char file_flags[6];
	struct fakemod *fm;
	unsigned long i;

	begin("DEBUG registrants: their DEBUG call sites start on, so do "
	      "their names");
	fm = fake_new(names, 2, 3, 1, 0);
	/* bar, newd, bar, newd, ..: only the second of each is DEBUG */
	for (i = 0; i < fm->n; i++)
		fm->dd[i].flags = file_flags[i] = i / 2 == 1 ? FL_P : 0;
	shim_log_reset();
	CHECK(m_register(fm->dd, fm->n) == 0, "register failed");
	expect_log(0);
	model_check("DEBUG registrant of bar and newd");
	CHECK(site_enabled("bar") && site_enabled("newd"), "sites");
	good_write("set enabled=0 newd\n", "newd", 0);
	shim_log_reset();
	fake_unregister(fm);
	expect_log(0);
	/* bar's only call site with 'p' went with it */
	model_check("DEBUG registrant gone");
	CHECK(!strstr(ctl_read(), "newd"), "newd left behind");
	CHECK(!strstr(site_read(), "newd"), "newd's call sites left behind");
	/* loaded again from its file: DEBUG switches them on again */
	fake_reload(fm, file_flags);
	shim_log_reset();
	CHECK(fake_register(fm) == 0, "register failed");
	expect_log(0);
	model_check("DEBUG registrant back");
	good_batch("set enabled=0 bar; set enabled=0 newd", 2, "bar", 0, "newd",
		   0);
	fake_unregister(fm);
	fake_free(fm);
	model_check("DEBUG registrant gone again");
	end();
}

static void test_dmod(void)
{
	char path[4096], *slash;
	void (*sections)(struct mod_debug **, unsigned long *);
	int (*pr)(int *), (*pr_dbg)(int *);
	struct mod_debug *start;
	unsigned long n, i;
	unsigned char file_flags[2 * SITES_PER_OBJECT];
	void *h;
	int e = 0;

	begin("loadable module with a DEBUG file: its call sites start on at "
	      "each load");
	snprintf(path, sizeof(path), "%s", so_path);
	slash = strrchr(path, '/');
	snprintf(slash ? slash + 1 : path,
		 sizeof(path) - (slash ? slash + 1 - path : 0), "cs_dmod.so");
	h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	if (!h) {
		fail("dlopen %s: %s", path, dlerror());
		end();
		return;
	}
	sections = (void (*)(struct mod_debug **, unsigned long *))
		dlsym(h, "cs_module_sections");
	pr = (int (*)(int *))dlsym(h, "cs_dmod_pr");
	pr_dbg = (int (*)(int *))dlsym(h, "cs_dmod_dbg_pr");
	if (!sections || !pr || !pr_dbg) {
		fail("missing symbols");
		end();
		dlclose(h);
		return;
	}
	sections(&start, &n);
	CHECK(n == 2 * SITES_PER_OBJECT, "module has %lu descriptors", n);
	for (i = 0; i < n && i < 2 * SITES_PER_OBJECT; i++) {
		CHECK(start[i].flags == (i >= SITES_PER_OBJECT ? FL_P : 0),
		      "descriptor %lu: flags %u", i, start[i].flags);
		file_flags[i] = start[i].flags;
	}
	for (i = 0; i < 2 && n == 2 * SITES_PER_OBJECT; i++) {
		/* each load starts from the flags of the module's file */
		for (e = 0; e < (int)n; e++)
			start[e].flags = file_flags[e];
		model_forget(start);
		e = 0;
		shim_log_reset();
		CHECK(m_register(start, n) == 0, "register failed");
		expect_log(0);
		model_check("cs_dmod loaded");
		shim_log_reset();
		pr(&e);
		pr_dbg(&e);
		/* only the DEBUG file's call site prints */
		expect_log(1, 7, "cs_dmod:value 1\n");
		CHECK(e == 1, "%d evaluations", e);
		e = 0;
		good_write("set enabled=0 cs_dmod\n", "cs_dmod", 0);
		shim_log_reset();
		pr(&e);
		pr_dbg(&e);
		expect_log(0);
		m_unregister(start, n);
		model_check("cs_dmod unloaded");
	}
	dlclose(h);
	end();
}

static void test_module_param(void)
{
	static const char *const names[] = { "foo", "bar", "baz" };
	static const char *const one[] = { "baz" };
	static const char *const bad_params[] = {
		"dynamic_printkx", "dynamic", "foo", "", "dynamic__printk",
		"Dynamic_printk", "dynamic_printk=1", "dynamic printk",
		"dynamic-printk-", "xdynamic_printk",
	};
	static const char *const bad_vals[] = {
		"", "2", "01", "10", "-1", "yes", "on", "true", "1 ", " 1", "0x1",
	};
	struct fakemod *fm, *mods[3];
	struct snapshot snap;
	char param[64], val[64];
	unsigned int i;
	int ret, round;

	begin("dynamic_printk_module_param(): the name, the values");
	fm = fake_new(one, 1, 3, 0, 1);
	CHECK(fake_register(fm) == 0, "register failed");
	for (i = 0; i < 2; i++) {
		const char *p = i ? "dynamic-printk" : "dynamic_printk";

		snprintf(param, sizeof(param), "%s", p);
		ret = dynamic_printk_module_param(fm->dd, fm->n, param, NULL);
		CHECK(ret == 0 && site_enabled("baz"), "%s: %d, enabled %d", p,
		      ret, site_enabled("baz"));
		model_name_print("baz", 1);
		snprintf(val, sizeof(val), "0");
		ret = dynamic_printk_module_param(fm->dd, fm->n, param, val);
		CHECK(ret == 0 && !site_enabled("baz"), "%s=0: %d, enabled %d",
		      p, ret, site_enabled("baz"));
		model_name_print("baz", 0);
		snprintf(val, sizeof(val), "1");
		ret = dynamic_printk_module_param(fm->dd, fm->n, param, val);
		CHECK(ret == 0 && site_enabled("baz"), "%s=1: %d, enabled %d",
		      p, ret, site_enabled("baz"));
		model_name_print("baz", 1);
		CHECK(!strcmp(param, p) && !strcmp(val, "1"),
		      "arguments changed");
		model_check("after the module parameter");
		snprintf(val, sizeof(val), "0");
		dynamic_printk_module_param(fm->dd, fm->n, param, val);
		model_name_print("baz", 0);
	}
	for (i = 0; i < sizeof(bad_params) / sizeof(bad_params[0]); i++) {
		snap_take(&snap);
		snprintf(param, sizeof(param), "%s", bad_params[i]);
		snprintf(val, sizeof(val), "1");
		ret = dynamic_printk_module_param(fm->dd, fm->n, param, val);
		CHECK(ret == -ENOENT, "'%s': %d, expected -ENOENT",
		      bad_params[i], ret);
		ret = dynamic_printk_module_param(fm->dd, fm->n, param, NULL);
		CHECK(ret == -ENOENT, "'%s' (no value): %d, expected -ENOENT",
		      bad_params[i], ret);
		snprintf(val, sizeof(val), "2");
		ret = dynamic_printk_module_param(fm->dd, fm->n, param, val);
		CHECK(ret == -ENOENT, "'%s=2': %d, expected -ENOENT",
		      bad_params[i], ret);
		snap_same(&snap, bad_params[i]);
	}
	for (i = 0; i < sizeof(bad_vals) / sizeof(bad_vals[0]); i++) {
		snap_take(&snap);
		snprintf(param, sizeof(param), "dynamic_printk");
		snprintf(val, sizeof(val), "%s", bad_vals[i]);
		ret = dynamic_printk_module_param(fm->dd, fm->n, param, val);
		CHECK(ret == -EINVAL, "'=%s': %d, expected -EINVAL",
		      bad_vals[i], ret);
		snprintf(param, sizeof(param), "dynamic-printk");
		ret = dynamic_printk_module_param(fm->dd, fm->n, param, val);
		CHECK(ret == -EINVAL, "dynamic-printk '=%s': %d, expected "
		      "-EINVAL", bad_vals[i], ret);
		snap_same(&snap, bad_vals[i]);
	}
	fake_unregister(fm);
	fake_free(fm);
	model_check("module gone");
	end();

	/*
	 * The module loader gives each module's table: the parameter
	 * switches that module, with one line naming it.
	 */
	begin("dynamic_printk_module_param(): its module, one line each");
	for (i = 0; i < 3; i++) {
		mods[i] = fake_new(&names[i], 1, 3, 0, 0);
		CHECK(fake_register(mods[i]) == 0, "register failed");
	}
	for (round = 0; round < 4; round++) {
		int v = round % 2 == 0;
		unsigned int j;

		for (j = 0; j < 3; j++) {
			shim_log_reset();
			snprintf(param, sizeof(param), "dynamic_printk");
			snprintf(val, sizeof(val), "%d", v);
			ret = dynamic_printk_module_param(mods[j]->dd,
							  mods[j]->n, param,
							  round < 2 && v ?
							  NULL : val);
			CHECK(ret == 0, "%s: %d", names[j], ret);
			expect_log(1, 7, setmsg(names[j], v));
			/* every call site of the name, as "set" */
			model_name_print(names[j], v);
			CHECK(site_enabled(names[j]) == v, "%s not switched",
			      names[j]);
		}
		model_check("after dynamic_printk_module_param()");
	}
	/* in all mode, a module can still be switched off */
	good_write("set enabled=1 all\n", "all", 1);
	shim_log_reset();
	snprintf(val, sizeof(val), "0");
	ret = dynamic_printk_module_param(mods[0]->dd, mods[0]->n, param, val);
	CHECK(ret == 0, "foo: %d", ret);
	expect_log(1, 7, setmsg("foo", 0));
	model_name_print("foo", 0);
	model_check("dynamic_printk_module_param() in all mode");
	CHECK(!site_enabled("foo") && site_enabled("bar"), "sites");
	good_write("set enabled=0 all\n", "all", 0);
	for (i = 0; i < 3; i++) {
		fake_unregister(mods[i]);
		fake_free(mods[i]);
	}
	model_check("parameter modules gone");
	end();
}

static void test_collisions(void)
{
	static const char *const names[] = {
		NAME_D_A, NAME_D_B, NAME_R_A, NAME_R_B, NAME_BOTH_A, NAME_BOTH_B
	};
	struct fakemod *fm;

	begin("bucket collisions: masks exact, call sites exact");
	fm = fake_new(names, 6, 1, 0, 0);
	CHECK(fake_register(fm) == 0, "register failed");
	model_check("colliding names registered");
	good_write("set enabled=1 " NAME_D_A, NAME_D_A, 1);
	CHECK(!site_enabled(NAME_D_B), "same djb2 bucket");
	good_write("set enabled=1 " NAME_BOTH_A, NAME_BOTH_A, 1);
	CHECK(!site_enabled(NAME_BOTH_B), "same buckets, different name");
	/* both bits pass: the call site's own flag decides */
	CHECK(mask_passes(NAME_BOTH_B) && !(fm->dd[5].flags & FL_P),
	      "the call site must decide for a full collision");
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
	CHECK(model_registered("foo") && model_registered("cs_one") &&
	      !model_registered("e1000"), "model");
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
	CHECK(m_register(start, n) == 0, "register failed");
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
	m_unregister(start, n);
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
	int nth, debug;

	rcu_barrier();		/* frees still waiting for a grace period */
	live = shim_kmalloc_live();

	for (debug = 0; debug <= 1; debug++) {
		begin(debug ? "registration -ENOMEM of a DEBUG registrant "
		      "changes nothing" : "registration -ENOMEM rolls back");
		for (nth = 1; nth <= 4; nth++) {
			static char before[READ_CAP];
			struct snapshot snap;
			unsigned long i;
			char what[64];

			snprintf(before, sizeof(before), "%s", ctl_read());
			snap_take(&snap);
			fm = fake_new(names, 5, 2, 1, 0);
			/* an existing name (cs_one) first, then new ones */
			for (i = 0; i < fm->n; i++)
				fm->dd[i].flags = debug ? FL_P : 0;
			shim_kmalloc_fail_nth(nth);
			CHECK(m_register(fm->dd, fm->n) == -ENOMEM,
			      "allocation %d failing: not -ENOMEM", nth);
			shim_kmalloc_fail_nth(0);
			CHECK(!strcmp(before, ctl_read()), "allocation %d: "
			      "output changed%s", nth,
			      strstr(ctl_read(), "cs_one enabled=1") ?
			      " (cs_one enabled=1)" : "");
			snprintf(what, sizeof(what), "allocation %d failing",
				 nth);
			snap_same(&snap, what);
			model_check("after failed registration");
			fake_free(fm);
		}
		rcu_barrier();
		CHECK(shim_kmalloc_live() == live, "leaked %ld",
		      shim_kmalloc_live() - live);
		/* cs_one must still have exactly one registrant: at exit */
		end();
	}
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
	unsigned char *flags0;
	double t0, t1, t2;
	int i, share;

	begin("registration is linear in the number of call sites");
	for (i = 0; i < ORACLE_NR_GENERATED; i++)
		names[i] = oracle_names[ORACLE_FIRST_GENERATED + i].name;
	for (share = 1; share >= 0; share--) {
		/* runs of one object's sites; equal strings if !share */
		fm = fake_new(names, ORACLE_NR_GENERATED, share ? 5000 : 1000,
			      0, share);
		flags0 = calloc(fm->n, 1);
		t0 = now();
		CHECK(dynamic_printk_register(fm->dd, fm->n, NULL, 0, NULL) == 0,
		      "register failed");
		t1 = now() - t0;
		model_register(fm->dd, fm->n, flags0);
		free(flags0);
		model_check("many sites registered");
		t0 = now();
		dynamic_printk_unregister(fm->dd, fm->n);
		t2 = now() - t0;
		model_unregister(fm->dd);
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
	m_unregister(__start___verbose, nr_builtin);
	model_check("built-in names gone");
	CHECK(!strcmp(ctl_read(), ""), "output '%s'", ctl_read());
	CHECK(!strcmp(site_read(), CTL_HEADER), "control file '%s'",
	      site_read());
	CHECK(!dynamic_printk_enabled && !dynamic_printk_enabled2, "masks");
	rcu_barrier();
	CHECK(shim_kmalloc_live() == 0, "%ld allocations live",
	      shim_kmalloc_live());
	end();
}

/* ---- the boot list: each of these runs in a process of its own ---- */

#define BOOTLIST	"dynamic_printk=cs-two,cs_mod,ghost,gh-ost2,wfoo,wbar,wb-az"

static void test_bootlist_setup(const char *option, int all)
{
	int e = 0;

	begin(all ? "boot list with 'all': taken, all mode, nothing allocated"
	      : "boot list: taken, nothing allocated, not all mode");
	shim_log_reset();
	CHECK(shim_run_setup(option) == 1, "'%s' not taken", option);
	CHECK(shim_kmalloc_total() == 0, "allocated at boot");
	expect_log(0);
	/* ~0 until registration either way: the call sites' flags decide */
	CHECK(dynamic_printk_enabled == ~0ULL &&
	      dynamic_printk_enabled2 == ~0ULL, "masks not all ones");
	/* built-in code prints before registration only in all mode */
	cs_two_pr(&e);
	if (all)
		expect_log(1, 7, "cs_two:value 1\n");
	else
		expect_log(0);
	CHECK(e == all, "%d evaluations", e);
	end();
}

/* Boot from dynamic_printk_init() on; the model's boot state is set */
static void run_initcalls(void)
{
	m_init(NULL);
	if (shim_run_initcalls() != 0)
		fail("an initcall failed");
	if (!ctl_find()) {
		fail("no control file");
		end();
		exit(1);
	}
}

/* Part of the current test if !own */
static void bootlist_teardown(int own)
{
	if (own)
		begin("boot list: everything unregistered, no leak");
	m_unregister(__start___verbose, nr_builtin);
	model_check("built-in names gone");
	CHECK(!strcmp(ctl_read(), ""), "output '%s'", ctl_read());
	CHECK(!strcmp(site_read(), CTL_HEADER), "control file '%s'",
	      site_read());
	rcu_barrier();
	CHECK(shim_kmalloc_live() == 0, "%ld allocations live",
	      shim_kmalloc_live());
	if (own)
		end();
}

static void test_bootlist(void)
{
	static const char *const wishes[] = { "cs_two", "cs_mod", "ghost",
					      "gh_ost2", "wfoo", "wbar",
					      "wb_az" };
	static const char *const ghost_names[] = { "ghost" };
	static const char *const wfoo_names[] = { "wfoo" };
	static const char *const wbar_names[] = { "wbar", "wfoo" };
	static const char *const wbar_foo[] = { "wbar", "foo" };
	void (*sections)(struct mod_debug **, unsigned long *);
	int (*pr)(int *);
	struct mod_debug *start = NULL;
	long nth;
	struct fakemod *fm, *fm2;
	unsigned long n = 0;
	unsigned int i;
	void *h;
	int e = 0;

	test_bootlist_setup(BOOTLIST, 0);

	begin("boot list: built-in names enabled at registration, with their line");
	shim_log_reset();
	for (i = 0; i < sizeof(wishes) / sizeof(wishes[0]); i++)
		model_wish_add(wishes[i]);
	run_initcalls();
	expect_log(1, 7, setmsg("cs_two", 1));
	model_check("after initcalls");
	CHECK(site_enabled("cs_two") && !site_enabled("cs_one") &&
	      site_enabled("cs_dbg") && !site_enabled("cs_mod") &&
	      !site_enabled("ghost"), "sites");
	shim_log_reset();
	cs_two_pr(&e);
	cs_one_a_pr(&e);
	expect_log(1, 7, "cs_two:value 1\n");
	end();

	begin("boot list: a module enabled at each load until disabled");
	h = dlopen(so_path, RTLD_NOW | RTLD_LOCAL);
	sections = h ? (void (*)(struct mod_debug **, unsigned long *))
		dlsym(h, "cs_module_sections") : NULL;
	pr = h ? (int (*)(int *))dlsym(h, "cs_mod_pr") : NULL;
	if (!sections || !pr) {
		fail("dlopen %s: %s", so_path, dlerror());
		end();
		return;
	}
	sections(&start, &n);
	for (i = 0; i < 2; i++) {
		shim_log_reset();
		CHECK(m_register(start, n) == 0, "register failed");
		expect_log(1, 7, setmsg("cs_mod", 1));
		model_check("wished module loaded");
		shim_log_reset();
		e = 0;
		pr(&e);
		expect_log(1, 7, "cs_mod:value 1\n");
		m_unregister(start, n);
		model_check("wished module unloaded");
	}
	m_register(start, n);
	good_write("set enabled=0 cs_mod\n", "cs_mod", 0);
	m_unregister(start, n);
	shim_log_reset();
	CHECK(m_register(start, n) == 0, "register failed");
	expect_log(0);
	model_check("module loaded after its wish was cleared");
	m_unregister(start, n);
	dlclose(h);
	end();

	begin("boot list: one line per wished name, 'p' for the new call "
	      "sites only");
	fm = fake_new(wbar_foo, 2, 2, 1, 0);	/* wbar foo wbar foo */
	mlog_reset();
	shim_log_reset();
	CHECK(fake_register(fm) == 0, "register failed");
	expect_log(1, 7, setmsg("wbar", 1));
	mlog_check("a table with two runs of a wished name");
	model_check("wbar registered");
	CHECK((fm->dd[0].flags & FL_P) && (fm->dd[2].flags & FL_P) &&
	      !(fm->dd[1].flags & FL_P), "flags %#x %#x %#x", fm->dd[0].flags,
	      fm->dd[2].flags, fm->dd[1].flags);
	/* wbar's call sites of this table lose 'p'; another table comes */
	shim_log_reset();
	CHECK(site_write("module wbar -p") == 14, "module wbar -p");
	model_name_print("wbar", 0);
	fm2 = fake_new(wbar_foo, 1, 1, 0, 0);
	mlog_reset();
	shim_log_reset();
	CHECK(fake_register(fm2) == 0, "register failed");
	mlog_check("a second table of a wished name");
	model_check("a second table of a wished name");
	CHECK(!(fm->dd[0].flags & FL_P) && (fm2->dd[0].flags & FL_P),
	      "the older table's call sites changed: %#x, new %#x",
	      fm->dd[0].flags, fm2->dd[0].flags);
	fake_unregister(fm2);
	fake_free(fm2);
	fake_unregister(fm);
	fake_free(fm);
	model_check("wbar unregistered");
	end();

	begin("boot list: 'set enabled=0' of a wished name that is not loaded");
	bad_write("set enabled=1 ghost\n");
	bad_write("ghost enabled=1\n");
	/*
	 * A change that runs out of memory after the wish was dropped keeps
	 * the wish, with the rest: the same write stays valid until it holds
	 * (allocation 1 is the open's)
	 */
	for (nth = 2; ; nth++) {
		static const char w[] = "set enabled=0 ghost; set enabled=1 "
			"cs_one";
		struct snapshot snap;
		long ret;

		snap_take(&snap);
		shim_kmalloc_fail_nth(nth);
		ret = ctl_write(w);
		shim_kmalloc_fail_nth(0);
		if (ret == (long)strlen(w)) {
			snap_drop(&snap);
			model_set_unchecked("ghost", 0);
			model_set_unchecked("cs_one", 1);
			break;
		}
		CHECK(ret == -ENOMEM, "'%s', allocation %ld failing: returned "
		      "%ld", w, nth, ret);
		snap_same(&snap, "a batch out of memory");
		if (ret != -ENOMEM)
			break;
	}
	CHECK(nth > 3, "the batch failed at only %ld allocations", nth - 2);
	good_write("set enabled=0 cs_one\n", "cs_one", 0);
	bad_write("set enabled=0 ghost\n");
	good_write("gh-ost2 enabled=0\n", "gh_ost2", 0);
	bad_write("gh_ost2 enabled=0\n");
	/* checked before any is applied: both see the wish */
	good_batch("set enabled=0 wb-az; set enabled=0 wb_az", 2, "wb_az", 0,
		   "wb_az", 0);
	bad_write("set enabled=0 wb_az\n");
	fm = fake_new(ghost_names, 1, 2, 0, 0);
	shim_log_reset();
	CHECK(fake_register(fm) == 0, "register failed");
	expect_log(0);
	model_check("ghost registered after its wish was cleared");
	fake_unregister(fm);
	fake_free(fm);
	end();

	begin("boot list: the module parameter overrides it for one load");
	fm = fake_new(wfoo_names, 1, 2, 0, 0);
	for (i = 0; i < 2; i++) {
		shim_log_reset();
		CHECK(fake_register(fm) == 0, "register failed");
		expect_log(1, 7, setmsg("wfoo", 1));
		model_check("wfoo registered");
		shim_log_reset();
		/* "dynamic_printk=0" as the module loader passes it */
		m_module_param(fm->dd, fm->n, "dynamic_printk", "0");
		expect_log(1, 7, setmsg("wfoo", 0));
		CHECK(model_wished("wfoo"), "test bug: the wish stays");
		model_check("wfoo switched off");
		fake_unregister(fm);
		model_check("wfoo unregistered");
	}
	fake_free(fm);
	end();

	begin("boot list: 'set enabled=0 all' clears every wish");
	CHECK(model_nwish == 3, "%d wishes left in the model (an earlier "
	      "failure?)", model_nwish);
	good_batch("set enabled=1 cs_one; set enabled=0 all\n", 2, "cs_one", 1,
		   "all", 0);
	CHECK(model_nwish == 0, "wishes left in the model");
	bad_write("set enabled=0 wbar\n");
	bad_write("set enabled=0 wfoo\n");
	fm = fake_new(wbar_names, 2, 1, 0, 0);
	shim_log_reset();
	CHECK(fake_register(fm) == 0, "register failed");
	expect_log(0);
	model_check("wished names registered after 'set enabled=0 all'");
	CHECK(!site_enabled("wbar") && !site_enabled("wfoo") &&
	      !site_enabled("cs_two"), "sites");
	fake_unregister(fm);
	fake_free(fm);
	end();

	bootlist_teardown(1);
}

/* A list with "all" in it: all mode; other names are wishes */
static void test_listall(const char *option)
{
	int ghosts = strstr(option, "ghost") != NULL;

	test_bootlist_setup(option, 1);

	begin("boot list with 'all': all mode until 'set enabled=0 all'");
	shim_log_reset();
	model_all = 1;
	if (ghosts) {
		model_wish_add("ghost");
		model_wish_add("gh_ost2");
	}
	run_initcalls();
	expect_log(0);
	model_check("after initcalls");
	if (ghosts)
		good_write("set enabled=0 ghost\n", "ghost", 0);
	else
		bad_write("set enabled=0 ghost\n");
	good_write("set enabled=0 all\n", "all", 0);
	bad_write("set enabled=0 gh_ost2\n");
	CHECK(!site_enabled("cs_two") && !mask_passes("snd_hda_intel"),
	      "sites");
	end();

	bootlist_teardown(1);
}

/* A malformed list: one warning, ignored as a whole */
static void test_badlist(const char *option)
{
	static const char *const ab[] = { "a", "b" };
	const char *list = option + strlen("dynamic_printk=");
	static char title[400];
	char want[300], tok[256];
	struct fakemod *fm;
	const char *p;
	int e = 0;

	for (p = list, e = 0; *p && e < 200; p++)	/* printable title */
		e += snprintf(tok + e, sizeof(tok) - e,
			      *p >= 0x20 && *p < 0x7f ? "%c" : "\\x%02x",
			      (unsigned char)*p);
	tok[e] = '\0';
	e = 0;
	snprintf(title, sizeof(title), "malformed boot list '%s': one "
		 "KERN_WARNING, nothing wished, not all mode", tok);
	begin(title);
	shim_log_reset();
	shim_run_setup(option);
	CHECK(shim_kmalloc_total() == 0, "allocated at boot");
	/* not all mode: a built-in call site without 'p' stays silent */
	CHECK(cs_one_a_pr(&e) == 0 && e == 0, "a call site printed");
	run_initcalls();
	snprintf(want, sizeof(want),
		 "dynamic_printk: ignoring malformed list \"%s\"\n", list);
	expect_log(1, 4, want);
	model_check("after initcalls");
	shim_log_reset();
	cs_two_pr(&e);
	cs_one_a_pr(&e);
	expect_log(0);
	/* none of the words of the list is wished */
	for (p = list; *p; ) {
		size_t len = strspn(p, "abcdefghijklmnopqrstuvwxyz"
				    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-");

		if (len && len < 200) {
			char cmd[300];

			memcpy(tok, p, len);
			tok[len] = '\0';
			if (strcmp(tok, "all") && strcmp(tok, "cs_one") &&
			    strcmp(tok, "cs_two")) {
				snprintf(cmd, sizeof(cmd), "set enabled=0 %s\n",
					 tok);
				bad_write(cmd);
			}
		}
		p += len ? len : 1;
	}
	fm = fake_new(ab, 2, 1, 0, 0);
	shim_log_reset();
	CHECK(fake_register(fm) == 0, "register failed");
	expect_log(0);
	model_check("a and b registered");
	fake_unregister(fm);
	fake_free(fm);
	bootlist_teardown(0);
	end();
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "";
	int full = !strcmp(mode, "boot") || !strcmp(mode, "noboot");
	int list = !strcmp(mode, "listall") || !strcmp(mode, "badlist");

	if (!((argc == 3 && (full || !strcmp(mode, "bootlist"))) ||
	      (argc == 4 && list &&
	       !strncmp(argv[3], "dynamic_printk=", 15)))) {
		fprintf(stderr, "usage: test_func noboot|boot|bootlist "
			"<cs_mod.so>\n"
			"       test_func listall|badlist <cs_mod.so> "
			"dynamic_printk=<list>\n");
		return 2;
	}
	boot = !strcmp(mode, "boot");
	so_path = argv[2];
	shim_rcu_register_thread();

	if (list)	/* many runs: the layout is checked by the others */
		nr_builtin = __stop___verbose - __start___verbose;
	else
		test_sections();
	if (!strcmp(mode, "bootlist")) {
		test_bootlist();
	} else if (!strcmp(mode, "listall")) {
		test_listall(argv[3]);
	} else if (!strcmp(mode, "badlist")) {
		test_badlist(argv[3]);
	} else {
		test_before_registration();
		test_initcalls();
		test_register_read();
		test_enable_disable();
		test_all();
		test_bad_input();
		test_restore_lines();
		test_dash();
		test_batches();
		test_round_trip();
		test_debug_registrants();
		test_dmod();
		test_module_param();
		test_collisions();
		test_shared();
		test_module(so_path);
		test_register_enomem();
		test_kernel_hash();
		test_linear();
		test_teardown();
	}

	rcu_barrier();
	shim_rcu_unregister_thread();
	return tests_failed ? 1 : 0;
}
