/*
 * Test 5: the control file (<debugfs>/dynamic_printk/control) of
 * lib/dynamic_printk.c through its real file_operations: the read
 * format, every match-spec, globs, quotes and escapes, flags, the lines
 * of the file as commands, saving and restoring the whole file, batches,
 * bad commands, the masks and the modules file as a second view of the
 * same flags, the decorations of printed messages, the dyndbg module
 * parameter, the grammar of current kernels (the 's' flag, operators
 * alone, comments to ';', '\r', backslashes kept, "file <path>:<x>",
 * "format ^", "class", the reasons of refusals, dynamic_printk.verbose),
 * a hex dump and a call site of a header (cs_hdr.so, from callsite.c
 * with -DCS_EXTRA and callsite_inline.h), and the read position while
 * tables come and go.  The
 * command line's dyndbg= and <module>.dyndbg= are tested at boot, a
 * process per command line.  Each write is checked against the model
 * (model.h) and most have their effect written out here as well.
 *
 * Usage: test_ctl all <cs_mod.so>	(cs_hdr.so beside it)
 *        test_ctl cmdline <cs_mod.so> <n>	boot with command line n
 *
 * The executable stands for vmlinux as in test_func.c: the objects
 * cs_one_a.o, cs_two.o, cs_one_b.o, cs_dbg_b.o and cs_dbg_a.o.
 */
#include <dlfcn.h>

#include <linux/device.h>
#include "model.h"
#include "callsite_lines.h"

#define CS_DECLARE(p)							\
	int p##_pr(int *evals);						\
	int p##_dev(struct device *dev, int *evals, int *dev_evals);	\
	int p##_plain(void)

CS_DECLARE(cs_one_a);
CS_DECLARE(cs_one_b);
CS_DECLARE(cs_two);
CS_DECLARE(cs_dbg_a);
CS_DECLARE(cs_dbg_b);

static unsigned long nr_builtin;
static const char *so_path;

/* Module names of the fake modules */
static const char *const name_esc = "fmt_esc", *const name_gram = "grammar";
static const char *const name_long = "longname", *const name_mixer = "mixer";
static const char *const name_pcm = "snd_pcm", *const name_readpos = "readpos";

/* ---- writes, checked against the model ---- */

static const char *shown(const char *buf, size_t len)
{
	static char s[120];

	snprintf(s, sizeof(s), "%.*s%s", (int)(len < 100 ? len : 100), buf,
		 len < 100 ? "" : "...");
	return s;
}

/*
 * A write the model must accept: it returns its length, logs the model's
 * lines, and leaves the state of the model.
 */
static void wr_good(int modules, const char *buf, size_t len)
{
	const char *what = shown(buf, len);
	struct mbatch b;
	long ret;

	if (!mbatch_parse(buf, len, modules, &b)) {
		fail("test bug: the model rejects '%s': %s", what, b.why);
		mbatch_free(&b);
		return;
	}
	mlog_reset();
	shim_log_reset();
	ret = modules ? ctl_write_len(buf, len) : site_write_len(buf, len);
	CHECK(ret == (long)len, "'%s' returned %ld, expected %zu", what, ret,
	      len);
	if (ret == (long)len)
		mbatch_apply(&b, -1, NULL);
	mlog_check(what);
	model_check(what);
	mbatch_free(&b);
}

/*
 * A write the model must reject: -EINVAL, its one KERN_ERR line (with
 * the reason), and nothing changed (both files, the masks, every
 * descriptor's flags).
 */
static void wr_bad(int modules, const char *buf, size_t len)
{
	const char *what = shown(buf, len);
	struct snapshot snap;
	struct mbatch b;
	long ret;

	if (mbatch_parse(buf, len, modules, &b)) {
		fail("test bug: the model accepts '%s'", what);
		mbatch_free(&b);
		return;
	}
	snap_take(&snap);
	mlog_reset();
	mlog_add(b.level, "%s", b.why);
	shim_log_reset();
	ret = modules ? ctl_write_len(buf, len) : site_write_len(buf, len);
	CHECK(ret == -EINVAL, "'%s' returned %ld, expected -EINVAL", what,
	      ret);
	/* KERN_ERR in the control file, KERN_DEBUG in the modules file */
	CHECK(shim_log_above_debug() == !modules, "'%s': %ld lines above "
	      "KERN_DEBUG", what, shim_log_above_debug());
	mlog_check(what);
	snap_same(&snap, what);
	model_check(what);
	mbatch_free(&b);
}

/* Whatever the model says of it */
static void wr_any(int modules, const char *buf, size_t len)
{
	struct mbatch b;
	int ok = mbatch_parse(buf, len, modules, &b);

	mbatch_free(&b);
	if (ok)
		wr_good(modules, buf, len);
	else
		wr_bad(modules, buf, len);
}

#define sgood(s)	wr_good(0, s, strlen(s))
#define sbad(s)		wr_bad(0, s, strlen(s))
#define mgood(s)	wr_good(1, s, strlen(s))
#define mbad(s)		wr_bad(1, s, strlen(s))

/*
 * One control command that must change n call sites: the log line says
 * so, as written (blanks at its ends trimmed).
 */
static void sgood_n(const char *cmd, unsigned int n)
{
	char want[200];
	size_t b = 0, e = strlen(cmd);
	const struct shim_msg *m;

	sgood(cmd);
	while (cmd[b] == ' ' || cmd[b] == '\t' || cmd[b] == '\r')
		b++;
	while (e > b && (cmd[e - 1] == ' ' || cmd[e - 1] == '\t' ||
			 cmd[e - 1] == '\r' || cmd[e - 1] == '\n'))
		e--;
	snprintf(want, sizeof(want), "dynamic_printk: \"%.*s\" changed %u "
		 "call sites\n", (int)(e - b < 64 ? e - b : 64), cmd + b, n);
	m = shim_log_get(0);
	CHECK(shim_log_count() == 1 && m && m->level == 7 &&
	      !strcmp(m->text, want), "'%s': logged '%s', expected '%s'", cmd,
	      m ? m->text : "", want);
}

/* The flags of the call site of a function, as the control file says */
static const char *flags_of(const char *func)
{
	static char out[16];
	const char *text = site_read(), *p;
	char key[200];

	snprintf(key, sizeof(key), "]%s =", func);
	p = strstr(text, key);
	if (!p)
		return "<none>";
	p += strlen(key) - 1;
	snprintf(out, sizeof(out), "%.*s", (int)strcspn(p, " "), p);
	return out;
}

/* The line of the control file of a function's call site, without \n */
static const char *line_of(const char *func)
{
	static char out[2048];
	const char *text = site_read(), *p, *b;
	char key[200];

	snprintf(key, sizeof(key), "]%s =", func);
	p = strstr(text, key);
	if (!p)
		return "<none>";
	for (b = p; b > text && b[-1] != '\n'; b--)
		;
	snprintf(out, sizeof(out), "%.*s", (int)strcspn(b, "\n"), b);
	return out;
}

/* ---- setup ---- */

static struct fakemod *fm_esc, *fm_gram;

static void setup(void)
{
	begin("setup: init, initcalls, the control files");
	shim_rcu_register_thread();
	nr_builtin = __stop___verbose - __start___verbose;
	mlog_reset();
	shim_log_reset();
	m_init(NULL);
	CHECK(shim_run_initcalls() == 0, "an initcall failed");
	mlog_check("init");
	if (!ctl_find()) {
		fail("no control files");
		end();
		exit(1);
	}
	model_check("after init");
	end();
}

/* ---- the read format ---- */

static void test_read_format(void)
{
	static const struct {
		const char *func, *fmt, *shown;
		unsigned int line;
	} s[] = {
		{ "esc_nl", "line\n", "\"line\\n\"", 1 },
		{ "esc_tab", "a\tb", "\"a\\tb\"", 2 },
		{ "esc_quote", "say \"hi\"", "\"say \\\"hi\\\"\"", 3 },
		{ "esc_bs", "back\\slash", "\"back\\\\slash\"", 4 },
		{ "esc_ansi", "\033[1mbold\033[0m",
		  "\"\\033[1mbold\\033[0m\"", 5 },
		{ "esc_high", "caf\351 \177~", "\"caf\\351 \\177~\"", 6 },
		{ "esc_pct", "100%% %s 'q' #x;y", "\"100%% %s 'q' #x;y\"", 7 },
		{ "esc_empty", "", "\"\"", 8 },
		{ "esc_ctl", "\r\001\037 ", "\"\\015\\001\\037 \"",
		  4294967295U },
	};
	const unsigned int n = sizeof(s) / sizeof(s[0]);
	const char *text;
	char want[300];
	unsigned int i;

	begin("read: header, one line per call site, formats escaped");
	fm_esc = fake_new(&name_esc, 1, n, 0, 1);
	for (i = 0; i < n; i++)
		fake_site(fm_esc, i, "fmt_esc", "drivers/esc/esc.c", s[i].func,
			  s[i].line, s[i].fmt);
	CHECK(fake_register(fm_esc) == 0, "register failed");
	text = site_read();
	CHECK(!strncmp(text, "# filename:lineno [module]function flags "
		       "format\n", 48), "header '%.60s'", text);
	for (i = 0; i < n; i++) {
		snprintf(want, sizeof(want), "drivers/esc/esc.c:%u "
			 "[fmt_esc]%s =_ %s", s[i].line, s[i].func,
			 s[i].shown);
		CHECK(!strcmp(line_of(s[i].func), want), "line '%s', expected "
		      "'%s'", line_of(s[i].func), want);
	}
	/* vmlinux first, in link order, then the later table */
	CHECK(strstr(text, "lib/cs/one_a.c:") <
	      strstr(text, "drivers/cs/two.c:") &&
	      strstr(text, "drivers/cs/two.c:") <
	      strstr(text, "lib/cs/one_b.c:") &&
	      strstr(text, "fs/dbg/dbg_a.c:") <
	      strstr(text, "drivers/esc/esc.c"), "order of the tables");
	snprintf(want, sizeof(want), "fs/dbg/dbg_a.c:%u [cs_dbg]cs_dbg_a_pr "
		 "=p \"value %%d\\n\"", CS_LINE_PR);
	CHECK(!strcmp(line_of("cs_dbg_a_pr"), want), "'%s', expected '%s'",
	      line_of("cs_dbg_a_pr"), want);
	model_check("read format");
	end();

	begin("read: flags in the order p m f s l t, '=_' for none");
	sgood_n("func esc_nl +mpf", 1);
	CHECK(!strcmp(flags_of("esc_nl"), "=pmf"), "%s", flags_of("esc_nl"));
	sgood_n("func esc_nl =tlfmp", 1);
	CHECK(!strcmp(flags_of("esc_nl"), "=pmflt"), "%s", flags_of("esc_nl"));
	sgood_n("func esc_nl -pm", 1);
	CHECK(!strcmp(flags_of("esc_nl"), "=flt"), "%s", flags_of("esc_nl"));
	sgood_n("func esc_nl =t", 1);
	CHECK(!strcmp(flags_of("esc_nl"), "=t"), "%s", flags_of("esc_nl"));
	sgood_n("func esc_nl =_", 1);
	CHECK(!strcmp(flags_of("esc_nl"), "=_"), "%s", flags_of("esc_nl"));
	sgood_n("func esc_nl =_", 0);
	sgood_n("func esc_nl +_", 0);
	sgood_n("func esc_nl -_", 0);
	sgood_n("func esc_nl +l_", 1);
	CHECK(!strcmp(flags_of("esc_nl"), "=l"), "%s", flags_of("esc_nl"));
	sgood_n("func esc_nl +llll", 0);
	sgood_n("func esc_nl -mft", 0);
	sgood_n("func esc_nl =p_", 1);
	CHECK(!strcmp(flags_of("esc_nl"), "=p"), "%s", flags_of("esc_nl"));
	sgood_n("func esc_nl -p", 1);
	end();
}

/* ---- match-specs ---- */

static const struct {
	const char *name, *file, *func, *fmt;
	unsigned int line;
} gram[] = {
	{ "grammar", "drivers/gram/core.c", "g_init", "init %d\n", 10 },
	{ "grammar", "drivers/gram/core.c", "g_exit", "exit\n", 20 },
	{ "grammar", "drivers/gram/core.c", "g_probe", "probe: dev %s\n", 30 },
	{ "grammar", "drivers/gram/core.c", "g_probe2",
	  "probe2 \"quoted\"\n", 40 },
	{ "grammar", "drivers/gram/sub/util.c", "u_helper", "helper\ttab\n",
	  10 },
	{ "grammar", "drivers/gram/sub/util.c", "u_core", "core.c mention\n",
	  50 },
	{ "grammar", "drivers/gram/sub/util.c", "u_semi", "a;b #c 'd'", 60 },
	{ "gr_two", "fs/gr/core.c", "t_init", "init two\n", 10 },
	{ "gr_two", "fs/gr/core.c", "t_x", "x\033y\n", 99 },
	/* an inline function of a header: the object's file, its line */
	{ "gr_two", "fs/gr/core.c", "t_inline_a", "inline\n", 7 },
	{ "gr_two", "fs/gr/core.c", "t_inline_b", "inline\n", 7 },
};
#define NGRAM	(sizeof(gram) / sizeof(gram[0]))

static void test_match_specs(void)
{
	unsigned int i;

	begin("match-specs: file (path, base name, glob)");
	fm_gram = fake_new(&name_gram, 1, NGRAM, 0, 1);
	for (i = 0; i < NGRAM; i++)
		fake_site(fm_gram, i, gram[i].name, gram[i].file, gram[i].func,
			  gram[i].line, gram[i].fmt);
	CHECK(fake_register(fm_gram) == 0, "register failed");
	model_check("grammar registered");
	sgood_n("file core.c +p", 8);
	sgood_n("file drivers/gram/core.c -p", 4);
	sgood_n("file fs/gr/core.c -p", 4);
	sgood_n("file drivers/* +p", 19);	/* '*' takes '/' too */
	sgood_n("file */util.c -p", 3);
	sgood_n("file drivers/gram/*.c -p", 4);
	sgood_n("file util.? +m", 3);
	sgood_n("file ??il.c -m", 3);
	/* neither the path nor the base name: a part of the path */
	sgood_n("file sub/util.c +p", 0);
	sgood_n("file gram/core.c +p", 0);
	sgood_n("file core +p", 0);
	sgood_n("file Core.c +p", 0);
	sgood_n("file * +t", NGRAM + nr_builtin + 9);
	sgood_n("file *.c -t", NGRAM + nr_builtin + 9);
	sgood_n("file one_?.c +p", 6);
	sgood_n("file lib/cs/one_a.c -p", 3);
	sgood_n("file lib/cs/one_b.c -p", 3);
	sgood_n("file drivers/* -p", 12);
	end();

	begin("match-specs: func, module globs; '-' is '_' in module");
	sgood_n("func g_* +f", 4);
	sgood_n("func *init +l", 2);
	sgood_n("func ?_init -fl", 2);
	sgood_n("func g_probe? +p", 1);
	sgood_n("func g_probe* -p", 1);
	sgood_n("func *_* -f", 3);
	sgood_n("func g_probe2x +p", 0);
	sgood_n("func G_INIT +p", 0);
	sgood_n("func * +p", NGRAM + nr_builtin + 9 - 3);
	sgood_n("func * -p", NGRAM + nr_builtin + 9);
	sgood_n("module gr-two +m", 4);
	sgood_n("module gr_two -m", 4);
	sgood_n("module gr* +t", NGRAM);
	sgood_n("module gr?two -t", 4);
	sgood_n("module grammar* -t", 7);
	sgood_n("module gr- +p", 0);
	sgood_n("module grammarx +p", 0);
	sgood_n("module nosuch +p", 0);
	sgood_n("module cs-one +p", 6);
	sgood_n("module *one -p", 6);
	sgood_n("module * =_", 0);
	end();

	begin("match-specs: format substrings, quotes, escapes");
	sgood_n("format probe +p", 2);
	sgood_n("format \"dev %s\" -p", 1);
	sgood_n("format 'probe: dev' +p", 1);
	sgood_n("format \\\"quoted\\\" +f", 1);
	sgood_n("format '\"quoted\"' -f", 1);
	sgood_n("format \"\\tt\" +l", 1);
	sgood_n("format \\011tab -l", 1);
	sgood_n("format \\033y +m", 1);
	sgood_n("format x\\033 -m", 1);
	sgood_n("format \"core.c mention\" +t", 1);
	sgood_n("format \"core.c\"\" mention\" -t", 1);
	sgood_n("format co're.c m'ention +t", 1);
	sgood_n("format \"a;b #c\" -t", 0);
	sgood_n("format \"a;b #c\" +t", 1);
	sgood_n("format \"'d'\" -t", 1);
	sgood_n("format \\'d\\' +t", 1);
	sgood_n("format b\\040#c +p", 1);	/* '#' inside a word */
	sgood_n("format %s +t", 2);
	sgood_n("format \"\" =_", 5);	/* "" is in every format */
	sgood_n("format \\n +p", 26);
	sgood_n("format \\n\\n +p", 0);
	sgood_n("format \\012 -p", 26);
	sgood_n("format init +p", 2);
	sgood_n("format INIT -p", 0);
	sgood_n("format \"init \" -p", 2);
	/* keywords and values may be quoted */
	sgood_n("\"func\" 'g_exit' \"+p\"", 1);
	sgood_n("func g_exit '-p'", 1);
	sgood_n("fu\"nc\" g_exit +p", 1);
	sgood_n("func g_exit -p", 1);
	end();

	begin("match-specs: line n, n-m, -m, n-, and all together");
	sgood_n("module gr* line 10 +p", 3);
	sgood_n("module gr* line 10 -p", 3);
	sgood_n("module gr* line 20-40 +p", 3);
	sgood_n("module gr* line 20-40 -p", 3);
	sgood_n("module gr* line 30-30 +p", 1);
	sgood_n("module gr* line 30-30 -p", 1);
	sgood_n("module gr* line 10-19 +p", 3);
	sgood_n("module gr* line 11-20 +p", 1);
	sgood_n("module gr* line 10-20 -p", 4);
	sgood_n("module gr* line -20 +m", 6);
	sgood_n("module gr* line 0-20 -m", 6);
	sgood_n("module gr* line 50- +p", 3);
	sgood_n("module gr* line 50-4294967295 -p", 3);
	sgood_n("module gr* line 0 +p", 0);
	sgood_n("module gr* line 100-200 +p", 0);
	sgood_n("module gr* line 007 +p", 2);
	sgood_n("module gr* line 7-7 -p", 2);
	sgood_n("module gr* line 99-99 +p", 1);
	sgood_n("module gr* line 98-100 -p", 1);
	sgood_n("module gr* line 98 +p", 0);
	sgood_n("module gr* line 100 +p", 0);
	sgood_n("module gr* line 11-19 +p", 0);
	sgood_n("module gr* line 9-11 +p", 3);
	sgood_n("module gr* line 9-11 -p", 3);
	sgood_n("line 4294967295 +p", 1);
	sgood_n("line 4294967294- -p", 1);
	sgood_n("module fmt_esc line 9-4294967294 +t", 0);
	sgood_n("module fmt_esc line 1-8 +t", 8);
	sgood_n("module fmt_esc line 1-8 -t", 8);
	sgood_n("module grammar file core.c line 10-30 func *e* +p", 2);
	sgood_n("func *e* line 10-30 file core.c module grammar -p", 2);
	sgood_n("format init line 10 module gr?two file fs/*.c func t_* +p", 1);
	sgood_n("format init line 10 module gr?two file fs/*.c func t_* -p", 1);
	end();
}

/* Every one of these must be rejected with nothing changed */
static const char *const bad_cmds[] = {
	/* line ranges */
	"line 5-3 +p", "line - +p", "line 1-2-3 +p", "line x +p",
	"line +p", "line 4294967296 +p", "line -4294967296 +p",
	"line 1.5 +p", "line \"\" +p", "line 1- 2 +p", "line 1 -2 +p",
	"line +1 +p", "line 0x10 +p", "line 1-x +p", "line x-1 +p",
	"line -- +p", "line 1-- +p", "line --1 +p", "line 4294967295-0 +p",
	"line ' 1' +p", "line 1, +p",
	/* keywords */
	"line 10 line 20 +p", "file a file b +p", "func a func a +p",
	"module a module b +p", "format a format b +p", "File a +p",
	"FUNC a +p", "modules a +p", "fmt a +p", "lines 1 +p", "nosuch a +p",
	/* forms */
	"func", "func a", "file", "line 10", "func a +p extra",
	"func a b +p", "a +p", "+p +p", "+p func a", "func +p",
	/* flags */
	"p", "+x", "+P", "++p", "+-p", "=p+", "+ p", "+p,",
	"func a =pz", "func a +pmfltx", "*p", "func a p+",
	/* quotes and escapes */
	"format \"unterminated +p", "format 'unterminated +p",
	"format 'x\\q' +p", "format \\000 +p", "format \\400 +p",
	"format \\08 +p", "format \\ +p", "format abc\\", "format \\7 +p",
	"format \\77 +p", "format \\x41 +p", "format \\r +p",
	"\"func g_init\" +p", "format \"a\" b\" +p", "format '\\' +p",
	/* lines of the file: four words, "<file>:<line>", "[<m>]<f>", "=" */
	"a.c:1 [m]f =p", "a.c:1 [m]f +p \"x\"", "a.c [m]f =p \"x\"",
	"a.c:x [m]f =p \"x\"", "a.c: [m]f =p \"x\"", ":1 [m]f =p \"x\"",
	"a.c:1 m]f =p \"x\"", "a.c:1 []f =p \"x\"", "a.c:1 [m] =p \"x\"",
	"a.c:1 [m]f =q \"x\"", "a.c:1 [m]f p \"x\"",
	"a.c:1 [mf =p \"x\"", "a.c:1:x [m]f =p \"x\"",
	"a.c:4294967296 [m]f =p \"x\"", "a.c:-1 [m]f =p \"x\"",
	"a.c:1 [m]f =p \"x\" y", "a.c:+1 [m]f =p \"x\"",
	/* too many words */
	"func a func a func a func a func a func a func a +p",
	"file a func b module c format d line 1 file e +p",
};

static void test_bad_commands(void)
{
	unsigned int i;
	char buf[300];

	begin("bad commands: -EINVAL, one line naming them, nothing changed");
	sgood("func g_init =pmf; module gr_two +t; func esc_tab +p");
	for (i = 0; i < sizeof(bad_cmds) / sizeof(bad_cmds[0]); i++) {
		sbad(bad_cmds[i]);
		/* the same, after a good command and before another */
		snprintf(buf, sizeof(buf), "func g_exit +p\n  %s  \n"
			 "func g_init -p", bad_cmds[i]);
		sbad(buf);
		snprintf(buf, sizeof(buf), "func g_exit +p;%s;func g_init -p",
			 bad_cmds[i]);
		sbad(buf);
	}
	end();

	begin("bad commands: the log names the first bad one, 64 bytes of it");
	{
		const struct shim_msg *m;

		shim_log_reset();
		CHECK(site_write("func g_exit +p; line 5-3 +p; +x") == -EINVAL,
		      "accepted");
		m = shim_log_get(0);
		CHECK(shim_log_count() == 1 && !strcmp(m->text,
		      "dynamic_printk: invalid command \"line 5-3 +p\": bad "
		      "line range \"5-3\"\n"),
		      "logged '%s'", m ? m->text : "");
		shim_log_reset();
		CHECK(site_write("\t func 'a b\\q c' d +p ;+p") == -EINVAL,
		      "accepted");
		m = shim_log_get(0);
		CHECK(shim_log_count() == 1 && !strcmp(m->text,
		      "dynamic_printk: invalid command \"func 'a b\\q c' "
		      "d +p\": unknown keyword \"d\"\n"), "logged '%s'",
		      m ? m->text : "");
		shim_log_reset();
		CHECK(site_write("+p\nformat \"x;y +p\n+p") == -EINVAL,
		      "accepted");
		m = shim_log_get(0);
		CHECK(shim_log_count() == 1 && !strcmp(m->text,
		      "dynamic_printk: invalid command \"format \"x;y +p\": "
		      "unterminated quote\n"),
		      "logged '%s'", m ? m->text : "");
		snprintf(buf, sizeof(buf), "func %070d +p +p", 1);
		sbad(buf);
		m = shim_log_get(0);
		snprintf(buf, sizeof(buf), "dynamic_printk: invalid command "
			 "\"func %059d\": unknown keyword \"+p\"\n", 0);
		CHECK(m && !strcmp(m->text, buf), "logged '%s'",
		      m ? m->text : "");
	}
	model_check("after the bad commands");
	end();
}

/* ---- batches ---- */

static void test_batches(void)
{
	char buf[5000];
	size_t len;
	int i;

	begin("batches: ';', newlines, comments, blank lines, in order");
	sgood("file * =_");
	sgood("func g_init +p; func g_init -p\nfunc g_init +m");
	CHECK(!strcmp(flags_of("g_init"), "=m"), "%s", flags_of("g_init"));
	/* a comment ends at the next ';' or newline */
	sgood("# a comment\n\n   # indented; func g_exit +p\nfunc g_init +f "
	      "# trailing\n\t#tab\n;;\n; ;\n#\n");
	CHECK(!strcmp(flags_of("g_init"), "=mf"), "%s", flags_of("g_init"));
	CHECK(!strcmp(flags_of("g_exit"), "=p"), "%s", flags_of("g_exit"));
	sgood("func g_init =_ ;func g_exit =p;func g_exit -p;");
	sgood("  module gr_two   +p  \n\n  module gr_two -p  ");
	/* as the command is quoted: blanks at its ends trimmed */
	sgood_n("  \t func g_init +p \t ", 1);
	sgood_n("func g_init -p\t\t", 1);
	/* a comment after the command is not part of it */
	sgood("func g_init +p # on");
	CHECK(shim_log_count() == 1 && !strcmp(shim_log_get(0)->text,
	      "dynamic_printk: \"func g_init +p\" changed 1 call sites\n"),
	      "logged %ld lines", shim_log_count());
	sgood_n("func g_init -p", 1);
	end();

	begin("batches: all or nothing");
	sbad("func g_init +p; bogus");
	sbad("func g_init +p\nline 5-3 +p\nfunc g_exit +p");
	sbad("func g_init +p;func g_exit +p;module gr_two +t;file");
	sbad("module * +p\nfunc \"x\n+p");
	CHECK(!strcmp(flags_of("g_init"), "=_"), "%s", flags_of("g_init"));
	end();

	begin("batches: sizes and bytes");
	{
		long ret;

		shim_log_reset();
		ret = site_write_len("", 0);
		CHECK(ret == 0 && shim_log_count() == 0, "empty write: %ld",
		      ret);
		sgood("# only a comment\n");
		sgood("\n \t\n;\n");
	}
	memset(buf, ' ', sizeof(buf));
	memcpy(buf + 4096 - 15, "func g_init +p\n", 15);
	wr_good(0, buf, 4096);
	wr_bad(0, buf + 1, 4097);
	memcpy(buf + 4096 - 15, "func g_init -p\n", 15);
	wr_bad(0, buf, 4097);
	wr_good(0, buf, 4096);
	/* '\r' is a blank (CRLF files); other control bytes are not */
	sgood_n("\rfunc\r\rg_init\t\r+p\r", 1);
	sgood_n("func g_init -p\r\n", 1);
	sbad("func g_init +p\v\n");
	sbad("func g_init +p\f");
	wr_bad(0, "func g_init +p\0", 15);
	sbad("format \x80 +p");
	sbad("format \"\x7f\" +p");
	/* a page of commands */
	len = 0;
	for (i = 0; len + 32 <= 4096; i++)
		len += sprintf(buf + len, "func g_init %cp;line 20 %cm\n",
			       i % 2 ? '-' : '+', i % 2 ? '+' : '-');
	wr_good(0, buf, len);
	sgood("module grammar =_");
	end();
}

/* ---- lines of the file as commands ---- */

static void test_read_lines(void)
{
	static const char *const funcs[] = {
		"g_init", "g_probe2", "u_helper", "u_semi", "t_x",
		"t_inline_a", "t_inline_b", "esc_quote", "esc_high", "esc_ctl",
		"esc_empty", "esc_pct", "cs_one_a_dev", "cs_dbg_a_plain",
	};
	char saved[2048], cmd[2200];
	unsigned int i;

	begin("a line of the file is a command: restores that call site only");
	sgood("func g_init =pmf; func t_x =lt; func esc_high +p");
	for (i = 0; i < sizeof(funcs) / sizeof(funcs[0]); i++) {
		char before[32];

		snprintf(saved, sizeof(saved), "%s", line_of(funcs[i]));
		snprintf(before, sizeof(before), "%s", flags_of(funcs[i]));
		/* change every call site, then write the line back */
		sgood("file * =pmflt");
		snprintf(cmd, sizeof(cmd), "%s\n", saved);
		sgood_n(cmd, strcmp(before, "=pmflt") ? 1 : 0);
		CHECK(!strcmp(line_of(funcs[i]), saved), "'%s' restored as "
		      "'%s'", saved, line_of(funcs[i]));
		CHECK(!strcmp(flags_of("g_exit"), "=pmflt"),
		      "'%s' changed another call site", saved);
		sgood("file * =_");
		sgood_n(saved, strcmp(before, "=_") ? 1 : 0);
		CHECK(!strcmp(line_of(funcs[i]), saved), "'%s' restored as "
		      "'%s'", saved, line_of(funcs[i]));
	}
	end();

	begin("a line of the file: every field must match exactly");
	sgood("file * =_");
	snprintf(saved, sizeof(saved), "%s", line_of("t_inline_a"));
	/* t_inline_b has the same file, line and format */
	sgood_n("fs/gr/core.c:7 [gr_two]t_inline_a =p \"inline\\n\"", 1);
	CHECK(!strcmp(flags_of("t_inline_b"), "=_"), "t_inline_b changed");
	sgood_n("fs/gr/core.c:7 [gr-two]t_inline_b =p \"inline\\n\"", 1);
	sgood_n("core.c:7 [gr_two]t_inline_a =_ \"inline\\n\"", 0);
	sgood_n("*:7 [gr_two]t_inline_a =_ \"inline\\n\"", 0);
	sgood_n("fs/gr/core.c:07 [gr_two]t_inline_a =_ \"inline\\n\"", 1);
	sgood_n("fs/gr/core.c:7 [gr*]t_inline_a =p \"inline\\n\"", 0);
	sgood_n("fs/gr/core.c:7 [gr_tw?]t_inline_a =p \"inline\\n\"", 0);
	sgood_n("fs/gr/core.c:7 [gr_two]t_inline_* =p \"inline\\n\"", 0);
	sgood_n("fs/gr/core.c:7 [gr_two]t_inline_a =p \"inline\"", 0);
	sgood_n("fs/gr/core.c:7 [gr_two]t_inline_a =p \"inline\\n \"", 0);
	sgood_n("fs/gr/core.c:8 [gr_two]t_inline_a =p \"inline\\n\"", 0);
	sgood_n("fs/gr/core.c:7 [grammar]t_inline_a =p \"inline\\n\"", 0);
	sgood_n("fs/gr/core.c:7 [gr_two]t_inline_a =p inline\\n", 1);
	sgood_n("fs/gr/core.c:7 [gr_two]t_inline_a =_ 'inline\\n'", 1);
	sgood_n("fs/gr/core.c:7 [gr_two]t_inline_a =pmflt \"inline\\n\"", 1);
	sgood_n("fs/gr/core.c:7 [gr_two]t_inline_a =_ \"inline\\012\"", 1);
	/* the header line is a comment */
	sgood(CTL_HEADER);
	CHECK(shim_log_count() == 0, "the header was a command");
	sgood("file * =_");
	end();
}

/*
 * Save the whole file, change everything, and write it back in writes of
 * whole lines of at most a page each: everything is as it was.
 */
static void test_save_restore(void)
{
	static const char *names[50];
	static char saved[READ_CAP], saved_mod[READ_CAP];
	unsigned long long m1, m2;
	struct fakemod *fm;
	unsigned int seed = 7;
	size_t len, off;
	int i, writes = 0;

	begin("save and restore the control file in page-sized writes");
	for (i = 0; i < 50; i++)
		names[i] = oracle_names[ORACLE_FIRST_GENERATED + i].name;
	fm = fake_new(names, 50, 4, 1, 0);
	CHECK(fake_register(fm) == 0, "register failed");
	for (i = 0; i < 200; i++) {
		char cmd[100];
		static const char *const fl[] = { "p", "m", "f", "l", "t",
						  "pm", "pflt", "_" };

		snprintf(cmd, sizeof(cmd), "module %s line %d %c%s",
			 names[rand_r(&seed) % 50],
			 10 * (1 + rand_r(&seed) % 4),
			 "+-="[rand_r(&seed) % 3], fl[rand_r(&seed) % 8]);
		sgood(cmd);
	}
	snprintf(saved, sizeof(saved), "%s", site_read());
	snprintf(saved_mod, sizeof(saved_mod), "%s", ctl_read());
	m1 = dynamic_printk_enabled;
	m2 = dynamic_printk_enabled2;
	len = strlen(saved);
	CHECK(len > 3 * 4096, "only %zu bytes", len);
	sgood("file * =pmflt");
	sgood("func mod00?_f1 =_; module mod01* -mf");
	for (off = 0; off < len; writes++) {
		size_t n = len - off;

		if (n > 4096) {
			n = 4096;
			while (n && saved[off + n - 1] != '\n')
				n--;
		}
		wr_good(0, saved + off, n);
		off += n;
	}
	CHECK(writes >= 4, "%d writes", writes);
	CHECK(!strcmp(site_read(), saved), "control file not restored");
	CHECK(!strcmp(ctl_read(), saved_mod), "modules file not restored");
	CHECK(dynamic_printk_enabled == m1 && dynamic_printk_enabled2 == m2,
	      "masks not restored");
	sgood("file * =_");
	fake_unregister(fm);
	fake_free(fm);
	model_check("restore module gone");
	end();
}

/*
 * A change is all or nothing even when it runs out of memory half-way:
 * the undo log that lets a failed change put back the flags it changed
 * takes pages as it goes.  A write that changes more call sites than one
 * page of the log records, with each of its allocations failing in turn,
 * returns -ENOMEM and leaves both files, the masks and every flag as
 * they were; with none failing it applies.
 */
static void test_undo_nomem(void)
{
	static const char *names[50];
	static const char cmd[] = "file * =pmflt";
	static char saved[READ_CAP], what[64];
	struct snapshot snap;
	struct fakemod *fm;
	long nth, ret, live, before = 0;
	int i;

	begin("a change that runs out of memory half-way changes nothing");
	for (i = 0; i < 50; i++)
		names[i] = oracle_names[ORACLE_FIRST_GENERATED + i].name;
	fm = fake_new(names, 50, 8, 1, 0);
	CHECK(fake_register(fm) == 0, "register failed");
	sgood("module mod0* +p; module mod1* line 20-40 =mf");
	snprintf(saved, sizeof(saved), "%s", site_read());
	/*
	 * Each allocation of the write fails in turn (the first is the
	 * open's seq_file) until none does: every failure is -ENOMEM with
	 * nothing changed.  A write that changes nothing allocates no log.
	 */
	for (i = 0; i < 2; i++) {
		const char *c = i ? cmd : "module no_such_module =p";

		for (nth = 2; ; nth++) {
			snprintf(what, sizeof(what), "'%s', allocation %ld "
				 "failing", c, nth);
			snap_take(&snap);
			shim_log_reset();
			shim_kmalloc_fail_nth(nth);
			ret = site_write(c);
			shim_kmalloc_fail_nth(0);
			if (ret == (long)strlen(c)) {
				struct mbatch b;

				/* it holds: so in the model */
				snap_drop(&snap);
				mbatch_parse(c, strlen(c), 0, &b);
				mbatch_apply(&b, -1, NULL);
				mbatch_free(&b);
				model_check(c);
				break;
			}
			CHECK(ret == -ENOMEM, "%s: returned %ld", what, ret);
			CHECK(shim_log_count() == 0, "%s: logged", what);
			snap_same(&snap, what);
			model_check(what);
			if (ret != -ENOMEM)
				break;
		}
		if (!i)
			before = nth;
	}
	/* 400 call sites: more than one page of the log */
	CHECK(nth - before >= 2, "'%s' failed at only %ld more allocations",
	      cmd, nth - before);
	CHECK(strcmp(site_read(), saved), "'%s' changed nothing", cmd);
	sgood("file * =_");

	/*
	 * The log holds each call site once per change: a batch that turns
	 * 400 call sites on and off 50 times allocates no more than one
	 * that matches nothing, but for the 3 pages of 400 records
	 */
	{
		static char toggles[2048], nothing[2048];
		long a0, a1, a2;

		toggles[0] = nothing[0] = '\0';
		for (i = 0; i < 50; i++) {
			strcat(toggles, "file * +p;file * -p;");
			strcat(nothing, "module nomod +p;module nomod -p;");
		}
		a0 = shim_kmalloc_total();
		CHECK(site_write(nothing) == (long)strlen(nothing),
		      "a batch that matches nothing failed");
		a1 = shim_kmalloc_total();
		CHECK(site_write(toggles) == (long)strlen(toggles),
		      "50 toggles failed");
		a2 = shim_kmalloc_total();
		CHECK(a2 - a1 <= a1 - a0 + 3, "50 toggles of 400 call sites "
		      "made %ld allocations, a batch that matched nothing %ld",
		      a2 - a1, a1 - a0);
		sgood("file * =_");
	}

	/*
	 * 'all' mode comes back with the flags, and a registration in 'all'
	 * mode that runs out of memory noting the 'p' it gives is undone
	 */
	for (nth = 2; ; nth++) {
		snprintf(what, sizeof(what), "'set enabled=1 all', allocation "
			 "%ld failing", nth);
		snap_take(&snap);
		shim_log_reset();
		shim_kmalloc_fail_nth(nth);
		ret = ctl_write("set enabled=1 all");
		shim_kmalloc_fail_nth(0);
		if (ret > 0) {
			snap_drop(&snap);
			break;
		}
		CHECK(ret == -ENOMEM, "%s: returned %ld", what, ret);
		CHECK(shim_log_count() == 0, "%s: logged", what);
		snap_same(&snap, what);
		CHECK(dynamic_printk_enabled != ~0ULL, "%s: all mode", what);
		if (ret != -ENOMEM)
			break;
	}
	CHECK(nth > 4, "'set enabled=1 all' failed at only %ld allocations",
	      nth - 1);
	mgood("set enabled=1 all");	/* the model's turn: changes nothing */
	fake_unregister(fm);
	rcu_barrier();
	live = shim_kmalloc_live();
	for (nth = 1; ; nth++) {
		snprintf(what, sizeof(what), "registration in all mode, "
			 "allocation %ld failing", nth);
		snap_take(&snap);
		shim_log_reset();
		shim_kmalloc_fail_nth(nth);
		ret = fake_register(fm);
		shim_kmalloc_fail_nth(0);
		if (!ret) {
			snap_drop(&snap);
			break;
		}
		CHECK(ret == -ENOMEM, "%s: returned %ld", what, ret);
		CHECK(shim_log_count() == 0, "%s: logged", what);
		snap_same(&snap, what);
		rcu_barrier();
		CHECK(shim_kmalloc_live() == live, "%s: leaked %ld", what,
		      shim_kmalloc_live() - live);
		if (ret != -ENOMEM)
			break;
	}
	CHECK(nth > 4, "registration failed at only %ld allocations",
	      nth - 1);
	model_check("registered in all mode");
	mgood("set enabled=0 all");
	fake_unregister(fm);
	fake_free(fm);
	model_check("undo module gone");
	end();
}

/* ---- one state, two views ---- */

static void test_two_views(void)
{
	begin("modules file and control file: one state");
	sgood("file * =_");
	sgood("module grammar =mf");
	mgood("set enabled=1 grammar");
	CHECK(!strcmp(flags_of("g_init"), "=pmf"), "%s", flags_of("g_init"));
	CHECK(!strcmp(flags_of("u_core"), "=pmf"), "%s", flags_of("u_core"));
	CHECK(strstr(ctl_read(), "grammar enabled=1\n") != NULL, "modules");
	CHECK(strstr(ctl_read(), "gr_two enabled=0\n") != NULL, "modules");
	mgood("set enabled=0 grammar");
	CHECK(!strcmp(flags_of("g_init"), "=mf"), "%s", flags_of("g_init"));
	sgood("func u_core +p");
	CHECK(strstr(ctl_read(), "grammar enabled=1\n") != NULL,
	      "one call site with 'p' is enabled=1");
	CHECK(site_enabled("grammar"), "masks");
	sgood("func u_core -p");
	CHECK(strstr(ctl_read(), "grammar enabled=0\n") != NULL, "modules");
	CHECK(!mask_passes("grammar") || model_all, "mask bits left");
	mgood("grammar enabled=1\ngr-two enabled=1");
	sgood("module gr_two -p; func g_exit -p");
	mgood("set enabled=1 all");
	CHECK(dynamic_printk_enabled == ~0ULL, "all mode masks");
	sgood("file * -p");
	CHECK(dynamic_printk_enabled == ~0ULL, "all mode left by a query");
	CHECK(strstr(ctl_read(), "grammar enabled=0\n") != NULL, "modules");
	mgood("set enabled=0 all");
	CHECK(!dynamic_printk_enabled && !dynamic_printk_enabled2, "masks");
	sgood("file * =_");
	/* bad commands in either file change neither */
	mbad("set enabled=1 nosuch");
	mbad("set enabled=1 grammar\nfunc g_init +p");
	sbad("func g_init +p\nset enabled=1 grammar");
	end();
}

/*
 * A randomized sequence of commands to both files, good and bad; after
 * every write the state is the model's, and the masks are exactly what
 * the descriptors need.
 */
static void test_random_mix(void)
{
	static const char *const names[] = {
		"grammar", "gr_two", "gr-two", "fmt_esc", "cs_one", "cs-dbg",
		"cs_two", "all", "nosuch", "gr*", "*", "?s_one", "fmt_esc",
		NAME_BOTH_A, NAME_BOTH_B, NAME_D_A, NAME_R_B,
	};
	static const char *const files[] = {
		"core.c", "drivers/*", "*.c", "util.c", "lib/cs/one_a.c",
		"fs/dbg/dbg_?.c", "two.c", "*", "nosuch.c", "sub/util.c",
	};
	static const char *const funcs[] = {
		"g_*", "*init", "t_x", "cs_*_pr", "*_dev", "esc_*", "*",
		"u_?el*", "nosuch", "*_f?",
	};
	static const char *const formats[] = {
		"probe", "\"dev %s\"", "\\n", "init", "'a;b'", "\\033",
		"value", "%d", "x",
	};
	static const char *const lines[] = {
		"10", "20-40", "-20", "50-", "1-1000", "5-3", "x", "0",
		"38", "25-46",
	};
	static const char *const flags[] = {
		"+p", "-p", "=p", "+pm", "-mf", "=_", "+t", "=pmflt", "+x",
		"-l", "=plt", "+",
	};
	static const char *const both_names[] = {
		NAME_BOTH_A, NAME_BOTH_B, NAME_D_A, NAME_R_B
	};
	struct fakemod *both;
	unsigned int seed = 2008;
	char buf[600];
	int i, k;

	begin("random commands to both files: state and masks exact after "
	      "each");
	both = fake_new(both_names, 4, 2, 1, 0);
	CHECK(fake_register(both) == 0, "register failed");
	for (i = 0; i < 1500 && !cur_fail[0]; i++) {
		int r = rand_r(&seed), modules = r % 3 == 0;
		size_t len = 0;
		int ncmds = 1 + (r >> 4) % 3;

		for (k = 0; k < ncmds; k++) {
			int q = rand_r(&seed);

			if (k)
				len += sprintf(buf + len, "%s",
					       q % 2 ? "; " : "\n");
			if (modules) {
				const char *n = names[(q >> 3) % 17];

				len += sprintf(buf + len, (q >> 8) % 2 ?
					       "set enabled=%d %s" :
					       "%2$s enabled=%1$d",
					       (q >> 9) % 2, n);
				continue;
			}
			if ((q >> 3) % 4 == 0)
				len += sprintf(buf + len, "module %s ",
					       names[(q >> 5) % 17]);
			if ((q >> 10) % 3 == 0)
				len += sprintf(buf + len, "file %s ",
					       files[(q >> 12) % 10]);
			if ((q >> 16) % 3 == 0)
				len += sprintf(buf + len, "func %s ",
					       funcs[(q >> 18) % 10]);
			if ((q >> 22) % 4 == 0)
				len += sprintf(buf + len, "format %s ",
					       formats[(q >> 24) % 9]);
			if ((q >> 27) % 4 == 0)
				len += sprintf(buf + len, "line %s ",
					       lines[rand_r(&seed) % 10]);
			len += sprintf(buf + len, "%s",
				       flags[rand_r(&seed) % 12]);
		}
		wr_any(modules, buf, len);
	}
	if (cur_fail[0])
		printf("INFO: random mix failed at write %d: '%s'\n", i, buf);
	mgood("set enabled=0 all");
	sgood("file * =_");
	fake_unregister(both);
	fake_free(both);
	model_check("random mix done");
	end();
}

/* ---- printing ---- */

static void expect_msg(const char *what, const char *text)
{
	const struct shim_msg *m = shim_log_get(0);

	CHECK(shim_log_count() == 1 && m->level == 7 && !strcmp(m->text, text),
	      "%s: %ld messages, first <%d>'%s', expected <7>'%s'", what,
	      shim_log_count(), m ? m->level : -1, m ? m->text : "", text);
}

static void test_decorations(void)
{
	static const struct {
		const char *flags, *pr, *dev;
	} d[] = {
		{ "=p", "", "" },
		{ "=pm", "cs_one: ", "cs_one: " },
		{ "=pf", "cs_one_a_pr: ", "cs_one_a_dev: " },
		{ "=pl", "%1$u: ", "%2$u: " },
		{ "=pmf", "cs_one:cs_one_a_pr: ", "cs_one:cs_one_a_dev: " },
		{ "=pmfl", "cs_one:cs_one_a_pr:%1$u: ",
		  "cs_one:cs_one_a_dev:%2$u: " },
		{ "=pfl", "cs_one_a_pr:%1$u: ", "cs_one_a_dev:%2$u: " },
		{ "=pt", "[57] ", "[57] " },
		{ "=ptm", "[57] cs_one: ", "[57] cs_one: " },
		{ "=pmflt", "[57] cs_one:cs_one_a_pr:%1$u: ",
		  "[57] cs_one:cs_one_a_dev:%2$u: " },
		/* 's': the file as listed, after the function */
		{ "=ps", "lib/cs/one_a.c: ", "lib/cs/one_a.c: " },
		{ "=pfs", "cs_one_a_pr:lib/cs/one_a.c: ",
		  "cs_one_a_dev:lib/cs/one_a.c: " },
		{ "=psl", "lib/cs/one_a.c:%1$u: ", "lib/cs/one_a.c:%2$u: " },
		{ "=pst", "[57] lib/cs/one_a.c: ", "[57] lib/cs/one_a.c: " },
		{ "=pmfslt", "[57] cs_one:cs_one_a_pr:lib/cs/one_a.c:%1$u: ",
		  "[57] cs_one:cs_one_a_dev:lib/cs/one_a.c:%2$u: " },
	};
	struct device dev = { "drv", "dev0" };
	char cmd[100], pre[200], want[300];
	unsigned int i;
	int e, de, irq;

	begin("decorations: pr_debug() and dev_dbg(), process and interrupt, "
	      "'s' included");
	shim_set_pid(57);
	for (irq = 0; irq < 2; irq++)
		for (i = 0; i < sizeof(d) / sizeof(d[0]); i++) {
			snprintf(cmd, sizeof(cmd), "func cs_one_a_pr %s; "
				 "func cs_one_a_dev %s", d[i].flags,
				 d[i].flags);
			sgood(cmd);
			if (irq)
				shim_irq_enter();
			shim_log_reset();
			e = 0;
			cs_one_a_pr(&e);
			snprintf(pre, sizeof(pre), d[i].pr, CS_LINE_PR,
				 CS_LINE_DEV);
			snprintf(want, sizeof(want), "%s%scs_one:value 1\n",
				 irq && strchr(d[i].flags, 't') ?
				 "<intr> " : "", irq && !strncmp(pre, "[57] ",
				 5) ? pre + 5 : pre);
			expect_msg(cmd, want);
			shim_log_reset();
			e = de = 0;
			cs_one_a_dev(&dev, &e, &de);
			snprintf(pre, sizeof(pre), d[i].dev, CS_LINE_PR,
				 CS_LINE_DEV);
			snprintf(want, sizeof(want), "%s%sdrv dev0: cs_one: "
				 "dev 1\n", irq && strchr(d[i].flags, 't') ?
				 "<intr> " : "", irq && !strncmp(pre, "[57] ",
				 5) ? pre + 5 : pre);
			expect_msg(cmd, want);
			if (irq)
				shim_irq_exit();
		}
	/* no 'p': decorations do not print, arguments not evaluated */
	sgood("func cs_one_a_pr =mflt; func cs_one_a_dev =mflt");
	shim_log_reset();
	e = de = 0;
	cs_one_a_pr(&e);
	cs_one_a_dev(&dev, &e, &de);
	CHECK(shim_log_count() == 0 && e == 0 && de == 0, "printed or "
	      "evaluated without 'p'");
	/* one call site, not its neighbours */
	sgood("func cs_one_a_pr +p");
	shim_log_reset();
	cs_one_a_plain();
	cs_one_b_pr(&e);
	CHECK(shim_log_count() == 0 && e == 0, "another call site printed");
	sgood("module cs_one =_");
	shim_set_pid(1);
	end();

	begin("decorations: a format longer than the buffer, '%' in names");
	{
		static char fmt[600], msg[700];
		struct device pct = { "d%sv", "a%d%%b" };
		struct fakemod *fm;
		int k;

		fm = fake_new(&name_long, 1, 1, 0, 1);
		fake_site(fm, 0, "longname", "x/long.c", "long_fn", 1234,
			  "unused\n");
		CHECK(fake_register(fm) == 0, "register failed");
		sgood("module longname =pmflt");
		shim_set_pid(4242);
		for (k = 0; k < 2; k++) {
			/* a short format, then one that does not fit */
			size_t n = k ? 400 : 20;

			memset(fmt, 'x', n);
			snprintf(fmt + n, sizeof(fmt) - n, "%%s%%d|\n");
			fm->dd[0].format = fmt;
			shim_log_reset();
			__dynamic_pr_debug(&fm->dd[0], "S", 7);
			snprintf(msg, sizeof(msg), "[4242] longname:long_fn:"
				 "1234: longname:%.*sS7|\n", (int)n, fmt);
			expect_msg(k ? "long pr_debug" : "pr_debug", msg);
			shim_log_reset();
			__dynamic_dev_dbg(&fm->dd[0], &pct, "S", 7);
			snprintf(msg, sizeof(msg), "[4242] longname:long_fn:"
				 "1234: d%%sv a%%d%%%%b: longname: %.*sS7|\n",
				 (int)n, fmt);
			expect_msg(k ? "long dev_dbg, '%' in the device" :
				   "dev_dbg, '%' in the device", msg);
		}
		shim_set_pid(1);
		sgood("module longname =_");
		fake_unregister(fm);
		fake_free(fm);
	}
	end();

	begin("decorations: a prefix longer than the buffer, printed whole");
	{
		static char fn[301], msg[700];
		struct device nodrv = { "", "dev0" };
		struct fakemod *fm;

		/* the function name alone fills the buffer, the driver's
		 * name is empty: nothing is written past the buffer and no
		 * part of the prefix is lost */
		memset(fn, 'f', sizeof(fn) - 1);
		fm = fake_new(&name_long, 1, 1, 0, 1);
		fake_site(fm, 0, "longname", "x/long.c", fn, 1234, "m %d%%\n");
		CHECK(fake_register(fm) == 0, "register failed");
		sgood("module longname =pf");
		shim_log_reset();
		__dynamic_dev_dbg(&fm->dd[0], &nodrv, 5);
		snprintf(msg, sizeof(msg), "%s:  dev0: longname: m 5%%\n", fn);
		expect_msg("long prefix, dev_dbg", msg);
		shim_log_reset();
		__dynamic_pr_debug(&fm->dd[0], 6);
		snprintf(msg, sizeof(msg), "%s: longname:m 6%%\n", fn);
		expect_msg("long prefix, pr_debug", msg);
		sgood("module longname =_");
		fake_unregister(fm);
		fake_free(fm);
	}
	end();
}

/* ---- the dyndbg module parameter ---- */

static void test_dyndbg_param(void)
{
	struct fakemod *fm, *other;
	struct snapshot snap;
	int ret;

	begin("dyndbg module parameter: bare, commands, bad ones change "
	      "nothing");
	fm = fake_new(&name_mixer, 1, 4, 0, 1);
	other = fake_new(&name_pcm, 1, 2, 0, 1);
	CHECK(fake_register(fm) == 0 && fake_register(other) == 0,
	      "register failed");
	mlog_reset();
	shim_log_reset();
	CHECK(m_module_param(fm->dd, fm->n, "dyndbg", NULL) == 0, "bare");
	mlog_check("bare dyndbg");
	CHECK(shim_log_count() == 1 && !strcmp(shim_log_get(0)->text,
	      "dynamic_printk: \"+p\" changed 4 call sites\n"), "bare dyndbg "
	      "logged %ld lines", shim_log_count());
	CHECK(!strcmp(flags_of("mixer_f2"), "=p") &&
	      !strcmp(flags_of("snd_pcm_f0"), "=_"), "flags");
	model_check("bare dyndbg");
	mlog_reset();
	shim_log_reset();
	CHECK(m_module_param(fm->dd, fm->n, "dyndbg",
			     "func mixer_f0 =pmf; line 20-30 +l\n-p") == 0,
	      "commands");
	mlog_check("dyndbg commands");
	CHECK(!strcmp(flags_of("mixer_f0"), "=mf") &&
	      !strcmp(flags_of("mixer_f2"), "=l"), "flags %s %s",
	      flags_of("mixer_f0"), flags_of("mixer_f2"));
	model_check("dyndbg commands");
	/* only the module's own call sites, whatever the match-specs */
	mlog_reset();
	shim_log_reset();
	CHECK(m_module_param(fm->dd, fm->n, "dyndbg", "module snd_pcm +p; "
			     "file * +t") == 0, "other module");
	mlog_check("dyndbg naming another module");
	CHECK(!strcmp(flags_of("snd_pcm_f0"), "=_"), "another module changed");
	model_check("dyndbg naming another module");
	for (ret = 0; ret < 6; ret++) {
		static const char *const bad[] = {
			"bogus", "+p; line 5-3 +p", "func", "+x", "format \"x",
			"format a\\q +p",
		};

		snap_take(&snap);
		mlog_reset();
		shim_log_reset();
		CHECK(m_module_param(fm->dd, fm->n, "dyndbg", bad[ret]) ==
		      -EINVAL, "'%s' accepted", bad[ret]);
		mlog_check(bad[ret]);
		CHECK(shim_log_above_debug() == 1, "not one line above "
		      "KERN_DEBUG");
		snap_same(&snap, bad[ret]);
	}
	snap_take(&snap);
	CHECK(m_module_param(fm->dd, fm->n, "dyndbg", "") == 0, "empty");
	CHECK(m_module_param(fm->dd, fm->n, "dyndbg", "# nothing") == 0,
	      "comment");
	snap_same(&snap, "empty dyndbg");
	/* "dyndbg" exactly; "dynamic_printk" as before; others unknown */
	CHECK(m_module_param(fm->dd, fm->n, "dyndbgx", "+p") == -ENOENT,
	      "dyndbgx");
	CHECK(m_module_param(fm->dd, fm->n, "dyn_dbg", "+p") == -ENOENT,
	      "dyn_dbg");
	CHECK(m_module_param(fm->dd, fm->n, "Dyndbg", "+p") == -ENOENT,
	      "Dyndbg");
	/* a module without call sites: checked, nothing to apply */
	CHECK(m_module_param(fm->dd, 0, "dyndbg", "+p") == 0, "no sites");
	CHECK(m_module_param(fm->dd, 0, "dyndbg", "+x") == -EINVAL,
	      "no sites, bad");
	model_check("dyndbg done");
	fake_unregister(fm);
	fake_unregister(other);
	fake_free(fm);
	fake_free(other);
	model_check("dyndbg modules gone");
	end();
}

/* Was @text logged, at @level? */
static int logged(int level, const char *text)
{
	long i;

	for (i = 0; i < shim_log_count(); i++)
		if (shim_log_get(i)->level == level &&
		    !strcmp(shim_log_get(i)->text, text))
			return 1;
	return 0;
}

/*
 * dynamic_printk_module_args(): the module loader's parse_args(), ours
 * among the module's own.  Changes made here pass by the model: the
 * call sites are put back with a plain write at the end.
 */
static void test_module_args(void)
{
	static char args[8192];
	struct fakemod *fm;
	int i, ret;

	begin("module arguments: ours in order, bad dyndbg left out");
	fm = fake_new(&name_mixer, 1, 4, 0, 1);
	CHECK(fake_register(fm) == 0, "register failed");
	strcpy(args, "dyndbg=\"func mixer_f0 +p\" dyndbg=+x dyndbg=+t");
	shim_log_reset();
	ret = dynamic_printk_module_args(fm->dd, fm->n, "mixer", args,
					 NULL, 0);
	CHECK(ret == 0, "returned %d", ret);
	CHECK(!strcmp(flags_of("mixer_f0"), "=pt") &&
	      !strcmp(flags_of("mixer_f1"), "=t"), "flags %s %s",
	      flags_of("mixer_f0"), flags_of("mixer_f1"));
	CHECK(logged(3, "mixer: bad dyndbg value ignored\n"),
	      "the bad value not reported");
	/* the last dynamic_printk counts, applied in its place */
	strcpy(args, "dynamic_printk=0 dynamic-printk dyndbg=-t");
	ret = dynamic_printk_module_args(fm->dd, fm->n, "mixer", args,
					 NULL, 0);
	CHECK(ret == 0 && !strcmp(flags_of("mixer_f1"), "=p"),
	      "returned %d, flags %s", ret, flags_of("mixer_f1"));
	/* too long a value: not parsed, the module loads */
	strcpy(args, "dyndbg=");
	for (i = 7; i < 7 + 4200; i++)
		args[i] = ';';
	strcpy(args + i, "+t");
	shim_log_reset();
	ret = dynamic_printk_module_args(fm->dd, fm->n, "mixer", args,
					 NULL, 0);
	CHECK(ret == 0 && !strcmp(flags_of("mixer_f1"), "=p"),
	      "returned %d, flags %s", ret, flags_of("mixer_f1"));
	CHECK(shim_log_count() == 1 &&
	      logged(3, "mixer: dyndbg value of 4202 bytes too long, "
		     "ignored\n"), "logged %ld lines", shim_log_count());
	/* at most 16 of ours; another parameter is not ours */
	args[0] = '\0';
	for (i = 0; i < 17; i++)
		strcat(args, "dyndbg ");
	CHECK(dynamic_printk_module_args(fm->dd, fm->n, "mixer", args, NULL,
					 0) == -ENOSPC, "17 taken");
	strcpy(args, "dyndbg=+p foo=1");
	CHECK(dynamic_printk_module_args(fm->dd, fm->n, "mixer", args, NULL,
					 0) == -ENOENT, "foo=1 taken");
	CHECK(site_write("module mixer =_") > 0, "put back");
	fake_unregister(fm);
	fake_free(fm);
	model_check("module arguments");
	end();
}

/* ---- the grammar of current kernels ---- */

/*
 * A command the model must reject, logged as exactly 'invalid command
 * "<cmd>": <why>' (cmd one line, no blanks at its ends), at KERN_ERR in
 * the control file, KERN_DEBUG in the modules file
 */
static void wr_bad_why(int modules, const char *cmd, const char *why)
{
	const struct shim_msg *m;
	char want[300];

	wr_bad(modules, cmd, strlen(cmd));
	snprintf(want, sizeof(want), "dynamic_printk: invalid command "
		 "\"%.64s\": %s\n", cmd, why);
	m = shim_log_get(0);
	CHECK(shim_log_count() == 1 && m->level == m_refused_level(modules) &&
	      !strcmp(m->text, want), "'%s': logged <%d>'%s', expected "
	      "<%d>'%s'", cmd, m ? m->level : -1, m ? m->text : "",
	      m_refused_level(modules), want);
}

#define sbad_why(cmd, why)	wr_bad_why(0, cmd, why)
#define mbad_why(cmd, why)	wr_bad_why(1, cmd, why)

#define CHECK_FLAGS(func, want)						\
	CHECK(!strcmp(flags_of(func), want), "%s: %s, expected %s", func,	\
	      flags_of(func), want)

static void test_new_grammar(void)
{
	static const char *const bs_name = "bslash";
	struct fakemod *bs;

	begin("flags: 's' (source file), read back in the order p m f s l t");
	sgood("file * =_");
	sgood_n("func g_init +mpfs", 1);
	CHECK_FLAGS("g_init", "=pmfs");
	sgood_n("func g_init =tlsfmp", 1);
	CHECK_FLAGS("g_init", "=pmfslt");
	sgood_n("func g_init -s", 1);
	CHECK_FLAGS("g_init", "=pmflt");
	sgood_n("func g_init =s_", 1);
	CHECK_FLAGS("g_init", "=s");
	sgood_n("func g_init +s", 0);
	sgood_n("func g_init -ps", 1);
	CHECK_FLAGS("g_init", "=_");
	sbad_why("func g_init +S", "unknown flag 'S'");
	end();

	begin("flags-spec: an operator alone ('=' takes every flag)");
	sgood_n("func g_init +pm", 1);
	sgood_n("func g_init +", 0);
	sgood_n("func g_init -", 0);
	CHECK_FLAGS("g_init", "=pm");
	sgood_n("+", 0);
	sgood_n("-", 0);
	sgood_n("func g_init =", 1);
	CHECK_FLAGS("g_init", "=_");
	sgood_n("func g_init =", 0);
	sgood_n("func g_exit +t", 1);
	sgood_n("drivers/gram/core.c:20 [grammar]g_exit = \"exit\\n\"", 1);
	CHECK_FLAGS("g_exit", "=_");
	sgood_n("=", 0);
	sbad_why("+x", "unknown flag 'x'");
	sbad_why("func g_init =px", "unknown flag 'x'");
	sbad_why("func g_init p", "no '+', '-' or '=' flags-spec \"p\"");
	end();

	begin("comments: a word starting with '#' runs to the next ';' or "
	      "newline");
	sgood("module grammar +p # note ; module gr_two +p");
	CHECK(shim_log_count() == 2, "%ld lines logged", shim_log_count());
	CHECK_FLAGS("g_init", "=p");
	CHECK_FLAGS("t_x", "=p");
	sgood("func g_init -p #x;func t_x -p\n#y\nfunc g_exit -p");
	CHECK(shim_log_count() == 3, "%ld lines logged", shim_log_count());
	CHECK_FLAGS("g_init", "=_");
	CHECK_FLAGS("t_x", "=_");
	sgood_n("func g#x +p", 0);	/* inside a word: no comment */
	sgood_n("func \"#g_init\" +p", 0);
	sbad("func g_init # no flags ; +p");
	CHECK(shim_log_count() == 1 && !strcmp(shim_log_get(0)->text,
	      "dynamic_printk: invalid command \"func g_init\": keyword "
	      "without a value \"func\"\n"), "logged '%s'",
	      shim_log_count() ? shim_log_get(0)->text : "");
	sgood("module * =_");
	end();

	begin("escapes: an unknown backslash is kept, but not in a format");
	bs = fake_new(&bs_name, 1, 1, 0, 1);
	fake_site(bs, 0, "bslash", "x/b\\d.c", "bs\\q", 5, "fmt\\q %d\n");
	CHECK(fake_register(bs) == 0, "register failed");
	CHECK(!strcmp(line_of("bs\\q"), "x/b\\d.c:5 [bslash]bs\\q =_ "
		      "\"fmt\\\\q %d\\n\""), "'%s'", line_of("bs\\q"));
	sgood_n("func bs\\q +p", 1);
	sgood_n("func 'bs\\q' -p", 1);
	sgood_n("func bs\\\\q +p", 1);
	sgood_n("file x/b\\d.c -p", 1);
	sgood_n("file b\\d.c +p", 1);
	sgood_n("file b\\d.c:bs\\q -p", 1);
	sgood_n("func bs\\8 +p", 0);
	sgood_n("func \\000 +p", 0);
	sgood_n("func \\01 +p", 0);
	sgood_n("module bslash\\ +p", 0);
	sgood_n("format fmt\\\\q +p", 1);
	/* a line of the file: its format as the read shows it */
	sgood_n("x/b\\d.c:5 [bslash]bs\\q =_ \"fmt\\\\q %d\\n\"", 1);
	sbad_why("func bs\\q +p\\", "unknown flag '\\'");
	sbad_why("x/b\\d.c:5 [bslash]bs\\q =_ \"fmt\\q %d\\n\"",
		 "unknown escape in format");
	sbad_why("format fmt\\q +p", "unknown escape in format");
	sbad_why("format \\000 +p", "unknown escape in format");
	sbad_why("format \\8 +p", "unknown escape in format");
	sbad_why("format abc\\ +p", "unknown escape in format");
	sbad_why("func bs\\q format \\12 +p", "unknown escape in format");
	fake_unregister(bs);
	fake_free(bs);
	model_check("bslash gone");
	end();

	begin("file <path>:<func> and file <path>:<lines>");
	sgood("file * =_");
	sgood_n("file core.c:g_* +p", 4);
	sgood_n("file drivers/gram/core.c:g_probe* -p", 2);
	sgood_n("file core.c:10-20 +m", 3);
	sgood_n("file core.c:-20 +f", 5);
	sgood_n("file core.c:30- +l", 3);
	sgood_n("file fs/gr/core.c:99 +t", 1);
	sgood_n("file util.c:u_* module grammar line 50-60 +p", 2);
	sgood_n("file *:t_inline_? =_", 2);
	sgood_n("file a:b:t_x +p", 0);
	sgood_n("file fs/gr/core.c:t_x line 99 -t", 1);
	sgood_n("line 7 file core.c:t_inline_b +p", 1);
	sgood_n("file core.c:7 func t_inline_b -p", 1);
	CHECK_FLAGS("g_init", "=pmf");
	CHECK_FLAGS("t_x", "=l");
	/* a line of the file is still read as one */
	sgood_n("fs/gr/core.c:99 [gr_two]t_x =_ \"x\\033y\\n\"", 1);
	sbad_why("file core.c:g_init func g_init +p",
		 "keyword given twice \"func\"");
	sbad_why("func g_init file core.c:g_init +p",
		 "keyword given twice \"func\"");
	sbad_why("file core.c:10 line 10 +p", "keyword given twice \"line\"");
	sbad_why("line 10 file core.c:10-20 +p",
		 "keyword given twice \"line\"");
	sbad_why("file :g_init +p", "empty file or function");
	sbad_why("file core.c: +p", "empty file or function");
	sbad_why("file : +p", "empty file or function");
	sbad_why("file core.c:5-3 +p", "bad line range \"5-3\"");
	sbad_why("file core.c:-x +p", "bad line range \"-x\"");
	sbad_why("file core.c:- +p", "bad line range \"-\"");
	sbad_why("file core.c:1x +p", "bad line range \"1x\"");
	sgood("file * =_");
	end();

	begin("format ^<text>: the format starts with it");
	sgood_n("format ^probe +p", 2);
	sgood_n("format ': dev' +m", 1);
	sgood_n("format '^: dev' +m", 0);
	sgood_n("format '^probe: dev' -m", 1);
	sgood_n("format ^core.c +t", 1);
	sgood_n("format '^a;b #c' +t", 1);
	sgood_n("format x^ +p", 0);
	sgood_n("format ^^ +p", 0);
	sgood_n("func g_init format ^init +l", 1);
	sgood_n("format ^two +l", 0);
	sgood_n("format ^\\033 +l", 1);	/* esc_ansi */
	sgood_n("format \\136probe -p", 2);	/* '^' written in octal */
	sgood_n("format ^ +p", NGRAM + nr_builtin + 9);
	sgood_n("format ^ -p", NGRAM + nr_builtin + 9);
	sgood("file * =_");
	end();

	begin("class: no class maps in this kernel");
	sbad_why("class foo +p", "no class maps in this kernel");
	sbad_why("module grammar class DRM_UT_CORE +p",
		 "no class maps in this kernel");
	sbad_why("class +p", "no class maps in this kernel");
	sbad("func g_init +p; class x -p");
	end();

	begin("refusals: the command and why; KERN_ERR, modules file KERN_DEBUG");
	sbad_why("func a func a func a func a func a func a func a +p",
		 "too many words");
	sbad_why("format \"abc +p", "unterminated quote");
	sbad_why("func a bogus b +p", "unknown keyword \"bogus\"");
	sbad_why("bogus a b +p", "unknown keyword \"bogus\"");
	sbad_why("a.c:x [m]f =p \"x\"", "malformed control file line");
	sbad_why("func +p", "keyword without a value \"func\"");
	sbad_why("line 1 line 2 +p", "keyword given twice \"line\"");
	sbad_why("line 5-3 +p", "bad line range \"5-3\"");
	mbad_why("set enabled=2 grammar",
		 "not \"set enabled=<0|1> <module>\"");
	mbad_why("set enabled=1 no-such", "no module of that name \"no_such\"");
	end();

	begin("dynamic_printk.verbose=0: nothing logged on success");
	m_set_verbose(0);
	sgood("func g_init +p; func g_exit +p\nmodule gr_two +t");
	CHECK(shim_log_count() == 0, "%ld lines logged", shim_log_count());
	CHECK_FLAGS("g_init", "=p");
	sgood("file * =_");
	CHECK(shim_log_count() == 0, "%ld lines logged", shim_log_count());
	/* the modules file's lines are not the control file's */
	mgood("set enabled=1 grammar");
	CHECK(shim_log_count() == 1 && !strcmp(shim_log_get(0)->text,
	      "dynamic_printk: grammar enabled=1\n"), "%ld lines logged",
	      shim_log_count());
	mgood("set enabled=0 grammar");
	/* refusals are still logged */
	sbad_why("func g_init +x", "unknown flag 'x'");
	m_set_verbose(1);
	sgood_n("func g_init +p", 1);
	sgood_n("func g_init -p", 1);
	end();
}

/* ---- a hex dump and a call site of a header ---- */

typedef int (*dump_fn)(const void *, unsigned long);

static void test_hdr_dump(void)
{
	static const unsigned char bytes[] = { 1, 2, 0xab, 0xff };
	void (*sections)(struct mod_debug **, unsigned long *);
	int (*inl)(int *), (*pr)(int *);
	char path[4096], want[300];
	struct mod_debug *start;
	unsigned long n;
	const char *slash;
	dump_fn dump;
	void *h;
	int e;

	begin("print_hex_dump_debug(): a call site, its prefix the format");
	snprintf(path, sizeof(path), "%s", so_path);
	slash = strrchr(path, '/');
	snprintf(path + (slash ? slash + 1 - path : 0),
		 sizeof(path) - (slash ? slash + 1 - path : 0), "cs_hdr.so");
	h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	sections = h ? (void (*)(struct mod_debug **, unsigned long *))
		dlsym(h, "cs_module_sections") : NULL;
	dump = h ? (dump_fn)dlsym(h, "cs_hdr_dump") : NULL;
	inl = h ? (int (*)(int *))dlsym(h, "cs_hdr_inline") : NULL;
	pr = h ? (int (*)(int *))dlsym(h, "cs_hdr_pr") : NULL;
	if (!sections || !dump || !inl || !pr) {
		fail("dlopen %s: %s", path, dlerror());
		end();
		return;
	}
	sections(&start, &n);
	CHECK(n == 5, "%lu call sites, expected 5", n);
	CHECK(m_register(start, n) == 0, "register failed");
	model_check("cs_hdr registered");
	snprintf(want, sizeof(want), "tests/host/callsite.c:%u [cs_hdr]"
		 "cs_hdr_dump =_ \"cs dump: \"", CS_LINE_DUMP);
	CHECK(!strcmp(line_of("cs_hdr_dump"), want), "'%s', expected '%s'",
	      line_of("cs_hdr_dump"), want);
	shim_log_reset();
	dump(bytes, sizeof(bytes));
	CHECK(shim_log_count() == 0, "printed without 'p'");
	sgood_n("func cs_hdr_dump +p", 1);
	shim_log_reset();
	dump(bytes, sizeof(bytes));
	expect_msg("dump", "cs dump: [dump type=2 row=16 group=1 len=4 "
		   "ascii=1] 01 02 ab ff\n");
	/* no decorations on a dump */
	sgood_n("func cs_hdr_dump +pmflst", 1);
	shim_set_pid(8);
	shim_log_reset();
	dump(bytes, 2);
	expect_msg("dump, decorated", "cs dump: [dump type=2 row=16 group=1 "
		   "len=2 ascii=1] 01 02\n");
	shim_set_pid(1);
	sgood_n("format ^cs\\040dump: -p", 1);
	shim_log_reset();
	dump(bytes, sizeof(bytes));
	CHECK(shim_log_count() == 0, "printed without 'p'");
	sgood_n("format 'cs dump' =_", 1);
	end();

	begin("a call site in a header: listed, matched, decorated as the "
	      "header");
	snprintf(want, sizeof(want), "tests/host/callsite_inline.h:%u "
		 "[cs_hdr]cs_inline_debug =_ \"inline %%d\\n\"",
		 CS_LINE_INLINE);
	CHECK(!strcmp(line_of("cs_inline_debug"), want), "'%s', expected "
	      "'%s'", line_of("cs_inline_debug"), want);
	sgood_n("file tests/host/callsite_inline.h +p", 1);
	sgood_n("file callsite_inline.h -p", 1);
	sgood_n("file *.h +m", 1);
	sgood_n("file callsite.c +m", 4);
	sgood_n("file callsite.c -m", 4);
	snprintf(want, sizeof(want), "file callsite.c line %u +p",
		 CS_LINE_INLINE);
	sgood_n(want, 0);
	snprintf(want, sizeof(want), "file callsite_inline.h:%u +p",
		 CS_LINE_INLINE);
	sgood_n(want, 1);
	sgood_n("file callsite_inline.h:cs_inline_* =psl", 1);
	shim_log_reset();
	e = 0;
	inl(&e);
	snprintf(want, sizeof(want), "tests/host/callsite_inline.h:%u: "
		 "cs_hdr:inline 1\n", CS_LINE_INLINE);
	expect_msg("inline, =psl", want);
	/* the object's own call sites: its file */
	sgood_n("func cs_hdr_pr =ps", 1);
	shim_log_reset();
	pr(&e);
	expect_msg("cs_hdr_pr, =ps", "tests/host/callsite.c: cs_hdr:value 2\n");
	sgood_n("module cs_hdr =_", 2);
	shim_log_reset();
	inl(&e);
	pr(&e);
	CHECK(shim_log_count() == 0, "printed without 'p'");
	m_unregister(start, n);
	model_check("cs_hdr unloaded");
	dlclose(h);
	model_forget(start);
	end();
}

/* ---- the read position ---- */

/*
 * A line is "<file>:<line> [<module>]<function> ..."; the key of a call
 * site is its line up to the flags.
 */
static int count_key(const char *text, const char *key)
{
	int n = 0;
	const char *p;
	size_t len = strlen(key);

	for (p = text; (p = strstr(p, key)); p += len)
		if (p == text || p[-1] == '\n')
			n++;
	return n;
}

/* "<file>:<n> [<m>]<f> =<flags> "<format>"" or the header */
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
	return p && p[1] == '"' && l[strlen(l) - 1] == '"' && p + 2 <=
	       l + strlen(l) - 1;
}

static void test_read_position(void)
{
	static char out[READ_CAP];
	static const char *rp_names[] = { "rp_tmp" };
	struct fakemod *keep, *tmp[8] = { NULL };
	struct file f = { NULL, 0, 0 };
	unsigned int seed = 99;
	loff_t pos = 0;
	size_t len = 0;
	long ret;
	unsigned long i;
	int round, k, reads;

	begin("read position: small reads while tables come and go");
	keep = fake_new(&name_readpos, 1, 40, 0, 1);
	CHECK(fake_register(keep) == 0, "register failed");
	for (round = 0; round < 30 && !cur_fail[0]; round++) {
		site_fops->open(NULL, &f);
		len = 0;
		pos = 0;
		reads = 0;
		for (;;) {
			size_t chunk = 1 + rand_r(&seed) % 150;

			ret = site_fops->read(&f, (char __user *)out + len,
					      chunk, &pos);
			if (ret <= 0)
				break;
			len += ret;
			reads++;
			/* between two reads: tables come and go */
			k = rand_r(&seed) % 8;
			if (!tmp[k]) {
				tmp[k] = fake_new(rp_names, 1, 1 +
						  rand_r(&seed) % 30, 0, 1);
				CHECK(fake_register(tmp[k]) == 0,
				      "register failed");
			} else {
				fake_unregister(tmp[k]);
				fake_free(tmp[k]);
				tmp[k] = NULL;
			}
		}
		site_fops->release(NULL, &f);
		out[len] = '\0';
		CHECK(ret == 0, "read returned %ld", ret);
		CHECK(!strncmp(out, CTL_HEADER, strlen(CTL_HEADER)) &&
		      count_key(out, "# filename") == 1, "header");
		/* present throughout: exactly once each, in order */
		for (i = 0; i < keep->n; i++) {
			char key[200];

			snprintf(key, sizeof(key), "drivers/fake/readpos.c:%u "
				 "[readpos]readpos_f%lu =", keep->dd[i].lineno,
				 i);
			CHECK(count_key(out, key) == 1, "round %d (%d reads): "
			      "%d lines for '%s'", round, reads,
			      count_key(out, key), key);
		}
		for (i = 0; i < nr_builtin; i++) {
			char key[200];
			const struct mod_debug *dd = &__start___verbose[i];

			snprintf(key, sizeof(key), "%s:%u [%s]%s =",
				 dd->modname + strlen(dd->modname) + 1,
				 dd->lineno, dd->modname, dd->function);
			CHECK(count_key(out, key) == 1, "round %d: %d lines "
			      "for '%s'", round, count_key(out, key), key);
		}
		/* every line whole */
		{
			char *line, *save = NULL;

			for (line = strtok_r(out, "\n", &save); line;
			     line = strtok_r(NULL, "\n", &save))
				CHECK(line_whole(line), "round %d: broken line "
				      "'%s'", round, line);
		}
	}
	for (k = 0; k < 8; k++)
		if (tmp[k]) {
			fake_unregister(tmp[k]);
			fake_free(tmp[k]);
		}
	fake_unregister(keep);
	fake_free(keep);
	model_check("read position");
	end();
}

/*
 * lib/dynamic_printk.c's registration counter, which the Makefile makes
 * global in the test build of that object only
 */
extern unsigned int dp_table_id;

/*
 * The control file's positions are (registration number << 32) + index:
 * after 2^31 registrations they must still be positive (the shim's
 * seq_read() reports a negative one as a bug), and the numbers still
 * increase along the tables, so that reads resume where they were
 */
static void test_read_many_registrations(void)
{
	static const char *rp_names[] = { "rp_tmp" };
	struct fakemod *fm[6];
	char key[200], *out;
	const char *at, *prev;
	unsigned int saved = dp_table_id;
	unsigned long i;
	int k;

	begin("read position after 2^31 registrations: positive, in order");
	dp_table_id = 0x7fffffff - 3;
	for (k = 0; k < 6; k++) {
		fm[k] = fake_new(rp_names, 1, 3 + k, 0, 1);
		CHECK(fake_register(fm[k]) == 0, "register %d failed", k);
	}
	CHECK(dp_table_id < 0x7fffffff, "registration number %#x",
	      dp_table_id);
	site_read_chunk = 7;
	out = site_read();
	site_read_chunk = READ_CAP;
	/* each table's lines once, in registration order: the k-th has
	 * 3 + k call sites, rp_tmp_f0 .. */
	prev = out;
	for (k = 0; k < 6 && !cur_fail[0]; k++)
		for (i = 0; i < fm[k]->n; i++) {
			snprintf(key, sizeof(key), "drivers/fake/rp_tmp.c:%lu "
				 "[rp_tmp]rp_tmp_f%lu =", 10 * (i + 1), i);
			at = strstr(prev, key);
			CHECK(at, "table %d: no '%s' after the table before",
			      k, key);
			if (at)
				prev = at + 1;
		}
	CHECK(count_key(out, "drivers/fake/rp_tmp.c:10 ") == 6,
	      "%d tables listed, 6 registered",
	      count_key(out, "drivers/fake/rp_tmp.c:10 "));
	for (k = 0; k < 6; k++) {
		fake_unregister(fm[k]);
		fake_free(fm[k]);
	}
	if (dp_table_id < saved)
		dp_table_id = saved;
	model_check("many registrations");
	end();
}

/*
 * Applying commands to thousands of call sites holds dp_mutex, which
 * module loads need too: the loops offer to reschedule, once per run of
 * call sites
 */
static void test_resched(void)
{
	static const char *const names[] = { NAME_BOTH_A, NAME_BOTH_B };
	static char buf[4096];
	struct fakemod *fm;
	long before;
	size_t len = 0;
	int i;

	begin("long batches offer to reschedule");
	fm = fake_new(names, 2, 30, 1, 0);	/* 60 runs of one site */
	CHECK(fake_register(fm) == 0, "register failed");
	for (i = 0; i < 20; i++)
		len += snprintf(buf + len, sizeof(buf) - len, "module %s %cp\n",
				names[i % 2], i % 4 < 2 ? '+' : '-');
	before = shim_resched_calls();
	sgood(buf);
	CHECK(shim_resched_calls() - before >= 20 * 30,
	      "%ld calls of cond_resched() for 20 commands over 30 runs "
	      "each", shim_resched_calls() - before);
	fake_unregister(fm);
	fake_free(fm);
	model_check("resched");
	end();
}

static void test_teardown(void)
{
	begin("teardown: everything unregistered, no leak");
	fake_unregister(fm_esc);
	fake_free(fm_esc);
	fake_unregister(fm_gram);
	fake_free(fm_gram);
	m_unregister(__start___verbose, nr_builtin);
	model_check("everything gone");
	CHECK(!strcmp(site_read(), CTL_HEADER), "control file '%s'",
	      site_read());
	CHECK(!dynamic_printk_enabled && !dynamic_printk_enabled2, "masks");
	rcu_barrier();
	CHECK(shim_kmalloc_live() == 0, "%ld allocations live",
	      shim_kmalloc_live());
	end();
}

/* ---- boot: dyndbg= and <module>.dyndbg= on the command line ---- */

static const char *const cmdlines[] = {
	/* 0: a wish, commands for built-in and loadable modules, dyndbg= */
	"root=/dev/sda dynamic_printk=cs-two "
	"dyndbg=\"func cs_one_a_* +p; file two.c +fl\" cs_one.dyndbg=+m "
	"cs-dbg.dyndbg=\"=_\" cs_mod.dyndbg=\"+pf; line 1-30 +t\" "
	"quiet ghost.dyndbg",
	/* 1: bad commands: ignored with a warning, the rest applied */
	"dyndbg=\"func +p\" cs_two.dyndbg=\"line x +p\" cs_one.dyndbg=+p "
	"cs_mod.dyndbg=\"bogus\"",
	/* 2: bare words */
	"dyndbg cs_one.dyndbg",
};

static void boot_cmdline(int which)
{
	void (*sections)(struct mod_debug **, unsigned long *);
	struct mod_debug *start;
	unsigned long n;
	const char *dyndbg = NULL;
	int (*pr)(int *);
	void *h;
	int e = 0;
	char title[200];

	snprintf(title, sizeof(title), "command line %d: dyndbg= at init, "
		 "<module>.dyndbg= at each load", which);
	begin(title);
	/* dynamic_printk.verbose=1 for 0 and 1; line 2 logs no success */
	m_set_verbose(which != 2);
	shim_rcu_register_thread();
	nr_builtin = __stop___verbose - __start___verbose;
	mlog_reset();
	shim_log_reset();
	shim_boot(cmdlines[which]);
	CHECK(shim_kmalloc_total() == 0, "allocated for early parameters");
	switch (which) {
	case 0:
		model_wish_add("cs_two");
		model_boot_cmds_add("cs_one", "+m");
		model_boot_cmds_add("cs_dbg", "=_");
		model_boot_cmds_add("cs_mod", "+pf; line 1-30 +t");
		model_boot_cmds_add("ghost", "+p");
		dyndbg = "func cs_one_a_* +p; file two.c +fl";
		break;
	case 1:
		mlog_add(3, "dynamic_printk: invalid command \"line x +p\": "
			 "bad line range \"x\"\n");
		mlog_add(3, "dynamic_printk: ignoring cs_two.dyndbg=\"line x "
			 "+p\"\n");
		mlog_add(3, "dynamic_printk: invalid command \"bogus\": no "
			 "'+', '-' or '=' flags-spec \"bogus\"\n");
		mlog_add(3, "dynamic_printk: ignoring cs_mod.dyndbg=\"bogus\""
			 "\n");
		model_boot_cmds_add("cs_one", "+p");
		dyndbg = "func +p";
		break;
	case 2:
		model_boot_cmds_add("cs_one", "+p");
		dyndbg = "+p";
		break;
	}
	m_init(dyndbg);
	CHECK(shim_run_initcalls() == 0, "an initcall failed");
	mlog_check("init");
	if (!ctl_find()) {
		fail("no control files");
		end();
		exit(1);
	}
	model_check("after init");
	/* written out once, for the first command line */
	if (which == 0) {
		CHECK(!strcmp(flags_of("cs_one_a_pr"), "=pm") &&
		      !strcmp(flags_of("cs_one_b_pr"), "=m") &&
		      !strcmp(flags_of("cs_two_dev"), "=pfl") &&
		      !strcmp(flags_of("cs_dbg_a_pr"), "=_"), "flags %s %s %s "
		      "%s", flags_of("cs_one_a_pr"), flags_of("cs_one_b_pr"),
		      flags_of("cs_two_dev"), flags_of("cs_dbg_a_pr"));
		shim_log_reset();
		cs_one_a_pr(&e);
		expect_msg("cs_one_a_pr", "cs_one: cs_one:value 1\n");
	}
	/* a module loaded later, twice: its commands each time */
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
	for (e = 0; e < 2; e++) {
		unsigned long i;

		/* loaded from its file again: no flags */
		for (i = 0; i < n; i++)
			start[i].flags = 0;
		model_forget(start);
		mlog_reset();
		shim_log_reset();
		CHECK(m_register(start, n) == 0, "register failed");
		mlog_check("cs_mod loaded");
		model_check("cs_mod loaded");
		if (which == 0) {
			char want[100];
			int v = 0;

			CHECK(!strcmp(flags_of("cs_mod_pr"), "=pft") &&
			      !strcmp(flags_of("cs_mod_dev"), "=pf"), "%s %s",
			      flags_of("cs_mod_pr"), flags_of("cs_mod_dev"));
			shim_set_pid(3);
			shim_log_reset();
			pr(&v);
			snprintf(want, sizeof(want), "[3] cs_mod_pr: "
				 "cs_mod:value 1\n");
			expect_msg("cs_mod_pr", want);
			shim_set_pid(1);
		}
		m_unregister(start, n);
		model_check("cs_mod unloaded");
	}
	dlclose(h);
	m_unregister(__start___verbose, nr_builtin);
	rcu_barrier();
	/* what the command line asks for stays, for the next loads */
	CHECK(shim_kmalloc_live() == model_nwish + mboot_n,
	      "%ld allocations live, expected %d", shim_kmalloc_live(),
	      model_nwish + mboot_n);
	end();
}

int main(int argc, char **argv)
{
	const char *mode = argc > 2 ? argv[1] : "";

	if (!(argc == 3 && !strcmp(mode, "all")) &&
	    !(argc == 4 && !strcmp(mode, "cmdline"))) {
		fprintf(stderr, "usage: test_ctl all <cs_mod.so>\n"
			"       test_ctl cmdline <cs_mod.so> <n>\n");
		return 2;
	}
	so_path = argv[2];
	if (!strcmp(mode, "cmdline")) {
		int which = atoi(argv[3]);

		if (which < 0 || which >= (int)(sizeof(cmdlines) /
						sizeof(cmdlines[0])))
			return 2;
		boot_cmdline(which);
	} else {
		/* most tests check the line of each command applied */
		m_set_verbose(1);
		setup();
		test_read_format();
		test_match_specs();
		test_bad_commands();
		test_batches();
		test_read_lines();
		test_save_restore();
		test_undo_nomem();
		test_two_views();
		test_random_mix();
		test_decorations();
		test_dyndbg_param();
		test_module_args();
		test_new_grammar();
		test_hdr_dump();
		test_read_position();
		test_read_many_registrations();
		test_resched();
		test_teardown();
	}
	rcu_barrier();
	shim_rcu_unregister_thread();
	return tests_failed ? 1 : 0;
}
