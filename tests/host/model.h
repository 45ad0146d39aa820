/*
 * An independent model of dynamic printk, written from the interface
 * (Documentation/dynamic-printk.txt), sharing no code with
 * lib/dynamic_printk.c:
 *  - a reference parser of both write grammars (the modules file's "set"
 *    commands and restore lines, the control file's queries and lines);
 *  - the state: the registered tables of descriptors with the flags each
 *    call site must have, 'all' mode, the boot list's wishes and the
 *    boot commands of "<module>.dyndbg=";
 *  - what must follow: the text of the control file, the lines of the
 *    modules file, both masks, and the KERN_DEBUG lines of each action.
 * model_check() compares all of it with what the kernel code shows.
 */
#ifndef MODEL_H
#define MODEL_H

#include <asm/page.h>
#include "testlib.h"
#include "model_parse.h"

/* ---- expected log lines ---- */

#define MLOG_MAX	SHIM_LOG_KEEP

struct mlog_line {
	int level;
	char text[1100];
};

static struct mlog_line mlog[MLOG_MAX];
static long mlog_n;

TL void mlog_reset(void)
{
	mlog_n = 0;
}

static void mlog_line(int i, int level, const char *start, size_t len,
		      void *arg)
{
	(void)i;
	(void)arg;
	if (mlog_n < MLOG_MAX) {
		mlog[mlog_n].level = level;
		snprintf(mlog[mlog_n].text, sizeof(mlog[0].text), "%.*s",
			 (int)len, start);
	}
	mlog_n++;
}

/* One printk() at level: a line, or more if the text has newlines */
TL void __attribute__((format(printf, 2, 3)))
mlog_add(int level, const char *fmt, ...)
{
	static char text[4200];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	m_log_split(level, text, mlog_line, NULL);
}

/* The shim's log since its last reset is exactly the expected one */
TL int mlog_check(const char *what)
{
	long i;

	if (shim_log_count() != mlog_n) {
		const struct shim_msg *m = shim_log_get(0);

		fail("%s: %ld messages logged, expected %ld (first: <%d>'%s'"
		     ", expected <%d>'%s')", what, shim_log_count(), mlog_n,
		     m ? m->level : -1, m ? m->text : "",
		     mlog_n ? mlog[0].level : -1, mlog_n ? mlog[0].text : "");
		return 0;
	}
	for (i = 0; i < mlog_n && i < MLOG_MAX; i++) {
		const struct shim_msg *m = shim_log_get(i);

		if (m->level != mlog[i].level ||
		    strcmp(m->text, mlog[i].text)) {
			fail("%s: message %ld is <%d>'%s', expected <%d>'%s'",
			     what, i, m->level, m->text, mlog[i].level,
			     mlog[i].text);
			return 0;
		}
	}
	return 1;
}

/*
 * dynamic_printk.verbose: the kernel's (lib/dynamic_printk_control.c)
 * and the model's, set together by m_set_verbose(): non-zero logs each
 * control file command applied
 */
extern int dp_verbose;
static int model_verbose;

TL void m_set_verbose(int v)
{
	dp_verbose = v;
	model_verbose = v;
}

/* ---- the state ---- */

#define MTAB_MAX	128

struct mtable {
	struct mod_debug *dd;
	unsigned long n;
	unsigned char *flags;	/* what each call site must have */
};

static struct mtable mtab[MTAB_MAX];
static int mtab_n;
/* Tables gone: their descriptors must keep the flags they had */
static struct mtable mhist[MTAB_MAX];
static int mhist_n;

static int model_all;

/* The boot list's wishes ('-' already read as '_') */
#define WISH_MAX	64
static char model_wish[WISH_MAX][128];
static int model_nwish;

/* "<name>.dyndbg=<commands>" of the command line, in its order */
#define MBOOT_MAX	16
static struct {
	char name[128];
	char cmds[1024];
} mboot[MBOOT_MAX];
static int mboot_n;

static const char *m_name(const struct mod_debug *dd)
{
	return dd->modname;
}

static const char *m_file(const struct mod_debug *dd)
{
	return dd->modname + strlen(dd->modname) + 1;
}

TL int model_wished(const char *name)
{
	int i;

	for (i = 0; i < model_nwish; i++)
		if (!strcmp(model_wish[i], name))
			return 1;
	return 0;
}

TL void model_wish_add(const char *name)
{
	char norm[128];
	int i;

	for (i = 0; name[i] && i < 127; i++)
		norm[i] = name[i] == '-' ? '_' : name[i];
	norm[i] = '\0';
	if (model_wished(norm) || !strcmp(norm, "all"))
		return;
	if (model_nwish == WISH_MAX)
		abort();
	memcpy(model_wish[model_nwish++], norm, sizeof(norm));
}

TL void model_wish_clear(const char *name)
{
	int i;

	for (i = 0; i < model_nwish; i++)
		if (!strcmp(model_wish[i], name)) {
			memmove(model_wish[i], model_wish[i + 1],
				(model_nwish - i - 1) * sizeof(model_wish[0]));
			model_nwish--;
			return;
		}
}

TL void model_boot_cmds_add(const char *name, const char *cmds)
{
	int i;

	if (mboot_n == MBOOT_MAX)
		abort();
	for (i = 0; name[i] && i < 127; i++)
		mboot[mboot_n].name[i] = name[i] == '-' ? '_' : name[i];
	mboot[mboot_n].name[i] = '\0';
	snprintf(mboot[mboot_n].cmds, sizeof(mboot[0].cmds), "%s", cmds);
	mboot_n++;
}

TL int model_table_index(const struct mod_debug *dd)
{
	int t;

	for (t = 0; t < mtab_n; t++)
		if (mtab[t].dd == dd)
			return t;
	return -1;
}

/* Is a name registered (any call site of a table has it)? */
TL int model_registered(const char *name)
{
	unsigned long i;
	int t;

	for (t = 0; t < mtab_n; t++)
		for (i = 0; i < mtab[t].n; i++)
			if (!strcmp(m_name(&mtab[t].dd[i]), name))
				return 1;
	return 0;
}

/* Does a registered call site of the name have 'p'? */
TL int model_enabled(const char *name)
{
	unsigned long i;
	int t;

	for (t = 0; t < mtab_n; t++)
		for (i = 0; i < mtab[t].n; i++)
			if ((mtab[t].flags[i] & FL_P) &&
			    !strcmp(m_name(&mtab[t].dd[i]), name))
				return 1;
	return 0;
}

/* Give or take 'p' from every registered call site of a name */
TL void model_name_print(const char *name, int on)
{
	unsigned long i;
	int t;

	for (t = 0; t < mtab_n; t++)
		for (i = 0; i < mtab[t].n; i++)
			if (!strcmp(m_name(&mtab[t].dd[i]), name)) {
				if (on)
					mtab[t].flags[i] |= FL_P;
				else
					mtab[t].flags[i] &= ~FL_P;
			}
}

/*
 * Is "set enabled=<v> <name>" (name with '-' already read as '_') valid:
 * 'all', a registered name, or for v = 0 a wished one?
 */
TL int model_valid(const char *name, int v)
{
	return !strcmp(name, "all") || model_registered(name) ||
	       (!v && model_wished(name));
}

/*
 * Apply "set enabled=<v> <name>" to the model, valid or not (a batch is
 * checked as a whole before it is applied).  Disabling a name clears its
 * wish; disabling all clears every wish and leaves all mode.
 */
TL void model_set_unchecked(const char *name, int v)
{
	unsigned long i;
	int t;

	if (!strcmp(name, "all")) {
		model_all = v;
		for (t = 0; t < mtab_n; t++)
			for (i = 0; i < mtab[t].n; i++) {
				if (v)
					mtab[t].flags[i] |= FL_P;
				else
					mtab[t].flags[i] &= ~FL_P;
			}
		if (!v)
			model_nwish = 0;
		return;
	}
	model_name_print(name, v);
	if (!v)
		model_wish_clear(name);
}

/* Apply one command to the model; 0 (and no change) if it must fail */
TL int model_set(const char *name, int v)
{
	if (!model_valid(name, v))
		return 0;
	model_set_unchecked(name, v);
	return 1;
}

/* ---- matching ---- */

/*
 * Does the glob pat match all of s?  '*' is any run of bytes, '?' one
 * byte.  Dynamic programming over s, one row per pattern byte.
 */
static int m_glob(const char *pat, const char *s)
{
	size_t ls = strlen(s), lp = strlen(pat), i, j, fixed = 0;
	unsigned char small[2][256], *row = small[0], *next = small[1];
	int ret;

	for (i = 0; i < lp; i++)
		fixed += pat[i] != '*';
	if (fixed > ls)
		return 0;
	if (ls + 1 > sizeof(small[0])) {
		row = malloc(2 * (ls + 1));
		next = row + ls + 1;
	}
	/* row[j]: the pattern so far matches s[0..j) */
	memset(row, 0, ls + 1);
	row[0] = 1;
	for (i = 0; i < lp; i++) {
		memset(next, 0, ls + 1);
		for (j = 0; j <= ls; j++) {
			if (pat[i] == '*') {
				/* empty, or one more byte of the run */
				next[j] = row[j] || (j > 0 && next[j - 1]);
			} else if (j > 0 && row[j - 1] &&
				   (pat[i] == '?' || pat[i] == s[j - 1])) {
				next[j] = 1;
			}
		}
		memcpy(row, next, ls + 1);
	}
	ret = row[ls];
	if (row != small[0])
		free(row);
	return ret;
}

static int m_site_matches(const struct mcmd *c, const struct mod_debug *dd)
{
	const char *file = m_file(dd), *base = strrchr(file, '/');

	if (dd->lineno < c->lo || dd->lineno > c->hi)
		return 0;
	if (c->exact)
		return !strcmp(c->file, file) &&
		       !strcmp(c->module, m_name(dd)) &&
		       !strcmp(c->func, dd->function) &&
		       !strcmp(c->format, dd->format);
	if (c->file && !m_glob(c->file, file) &&
	    !(base && m_glob(c->file, base + 1)))
		return 0;
	if (c->func && !m_glob(c->func, dd->function))
		return 0;
	if (c->module && !m_glob(c->module, m_name(dd)))
		return 0;
	/* "^text": the format starts with text; otherwise a substring */
	if (c->format && c->format[0] == '^' &&
	    strncmp(dd->format, c->format + 1, strlen(c->format + 1)))
		return 0;
	if (c->format && c->format[0] != '^' && !strstr(dd->format, c->format))
		return 0;
	return 1;
}

static unsigned int m_new_flags(const struct mcmd *c, unsigned int f)
{
	if (c->op == '+')
		return f | c->flags;
	if (c->op == '-')
		return f & ~c->flags;
	return c->flags;
}

/*
 * Apply a control command to the model's call sites: all of them, those
 * of table t only (t >= 0), and of them only those of name (if not
 * NULL).  Returns how many call sites changed.
 */
TL unsigned int model_apply_query(const struct mcmd *c, int only,
				  const char *name)
{
	unsigned int changed = 0, f;
	unsigned long i;
	int t;

	for (t = 0; t < mtab_n; t++) {
		if (only >= 0 && t != only)
			continue;
		for (i = 0; i < mtab[t].n; i++) {
			const struct mod_debug *dd = &mtab[t].dd[i];

			if (name && strcmp(m_name(dd), name))
				continue;
			if (!m_site_matches(c, dd))
				continue;
			f = m_new_flags(c, mtab[t].flags[i]);
			if (f != mtab[t].flags[i]) {
				mtab[t].flags[i] = f;
				changed++;
			}
		}
	}
	return changed;
}

/*
 * Parse n bytes of commands for the modules file (modules) or the control
 * file, and decide whether they are accepted in the model's current
 * state: b->ok, and b->why (the one log line) when they are not.  The
 * first bad command, in the order written, is the one named.  writing: a
 * write(), whose size and bytes are checked first; otherwise a module
 * parameter or a boot option.
 */
TL int mbatch_parse_any(const void *data, size_t n, int modules, int writing,
			struct mbatch *b)
{
	const unsigned char *d = data;
	int k;

	memset(b, 0, sizeof(*b));
	b->ok = 1;
	b->level = m_refused_level(modules);
	if (writing && !m_precheck(d, n, b)) {
		b->ok = 0;
		return 0;
	}
	m_split(d, n, modules, b);
	for (k = 0; k < b->ncmds; k++) {
		struct mcmd *c = &b->cmds[k];

		if (!c->bad && c->set && !model_valid(c->name, c->value)) {
			c->bad = 1;
			c->why = "no module of that name";
			c->why_word = c->name;
		}
		if (c->bad) {
			mbatch_reject(b, c);
			return 0;
		}
	}
	return 1;
}

/* A write to one of the files */
TL int mbatch_parse(const void *data, size_t n, int modules,
		    struct mbatch *b)
{
	return mbatch_parse_any(data, n, modules, 1, b);
}

/* Commands of a module parameter or a boot option */
TL int mbatch_parse_cmds(const char *cmds, struct mbatch *b)
{
	return mbatch_parse_any(cmds, strlen(cmds), 0, 0, b);
}

/*
 * Apply an accepted batch to the model, in order, each command with its
 * log line; only: a table (or -1), name: a module name (or NULL), as
 * model_apply_query().
 */
TL void mbatch_apply(const struct mbatch *b, int only, const char *name)
{
	int k;

	for (k = 0; k < b->ncmds; k++) {
		const struct mcmd *c = &b->cmds[k];

		if (c->set) {
			model_set_unchecked(c->name, c->value);
			mlog_add(7, "dynamic_printk: %s enabled=%d\n", c->name,
				 c->value);
		} else {
			unsigned int changed = model_apply_query(c, only, name);

			/* logged only with dynamic_printk.verbose */
			if (model_verbose)
				mlog_add(7, "dynamic_printk: \"%.*s\" changed "
					 "%u call sites\n",
					 (int)(c->len < 64 ? c->len : 64),
					 c->text, changed);
		}
	}
}

/* ---- registration ---- */

static int m_hist_index(const struct mod_debug *dd)
{
	int h;

	for (h = 0; h < mhist_n; h++)
		if (mhist[h].dd == dd)
			return h;
	return -1;
}

static void m_hist_drop(int h)
{
	free(mhist[h].flags);
	mhist[h] = mhist[--mhist_n];
}

/*
 * A table registered: its call sites start with the flags they have in
 * memory (flags0: 'p' for DEBUG files, or what they had when registered
 * last); then 'all' mode gives them all 'p', or the boot list gives it
 * to those of each wished name (one line per name); then the boot
 * commands of their names run on them.
 */
TL void model_register(struct mod_debug *dd, unsigned long n,
		       const unsigned char *flags0)
{
	struct mtable *t;
	const char *names[256];
	unsigned long i;
	int nnames = 0, k, b;

	if (!n)
		return;
	if (mtab_n == MTAB_MAX)
		abort();
	t = &mtab[mtab_n++];
	t->dd = dd;
	t->n = n;
	t->flags = malloc(n);
	memcpy(t->flags, flags0, n);
	/* its distinct names, in the order they first appear */
	for (i = 0; i < n; i++) {
		if (i && !strcmp(m_name(&dd[i]), m_name(&dd[i - 1])))
			continue;
		for (k = 0; k < nnames; k++)
			if (!strcmp(names[k], m_name(&dd[i])))
				break;
		if (k < nnames)
			continue;
		if (nnames == 256)
			abort();
		names[nnames++] = m_name(&dd[i]);
	}
	for (i = 0; i < n; i++) {
		static int wished;

		if (!i || strcmp(m_name(&dd[i]), m_name(&dd[i - 1])))
			wished = model_wished(m_name(&dd[i]));
		if (model_all || wished)
			t->flags[i] |= FL_P;
	}
	for (k = 0; k < nnames && !model_all; k++)
		if (model_wished(names[k]))
			mlog_add(7, "dynamic_printk: %s enabled=1\n",
				 names[k]);
	for (b = 0; b < mboot_n; b++) {
		struct mbatch mb;

		for (k = 0; k < nnames; k++)
			if (!strcmp(names[k], mboot[b].name))
				break;
		if (k == nnames)
			continue;
		if (!mbatch_parse_cmds(mboot[b].cmds, &mb))
			abort();	/* test bug: kept only if valid */
		mbatch_apply(&mb, mtab_n - 1, mboot[b].name);
		mbatch_free(&mb);
	}
}

TL void model_unregister(struct mod_debug *dd)
{
	int t = model_table_index(dd), h;

	if (t < 0)
		return;
	h = m_hist_index(dd);
	if (h >= 0)
		m_hist_drop(h);
	if (mhist_n == MTAB_MAX)
		abort();
	mhist[mhist_n++] = mtab[t];
	memmove(&mtab[t], &mtab[t + 1], (mtab_n - t - 1) * sizeof(mtab[0]));
	mtab_n--;
}

/* The memory of a table is freed: forget what it held */
TL void model_forget(struct mod_debug *dd)
{
	int h = m_hist_index(dd);

	if (h >= 0)
		m_hist_drop(h);
}

/*
 * Register a table with the kernel code and the model.  Before: if the
 * table was registered before, its descriptors still have the flags they
 * had.  After a failure: they are unchanged.
 */
TL int m_register(struct mod_debug *dd, unsigned long n)
{
	unsigned char *flags0 = malloc(n ? n : 1);
	unsigned long i;
	int h = m_hist_index(dd), ret;

	for (i = 0; i < n; i++)
		flags0[i] = dd[i].flags;
	if (h >= 0 && mhist[h].n == n && memcmp(mhist[h].flags, flags0, n))
		fail("descriptors of an unregistered table changed");
	ret = dynamic_printk_register(dd, n, NULL, 0, NULL);
	if (ret) {
		for (i = 0; i < n; i++)
			if (dd[i].flags != flags0[i]) {
				fail("failed registration changed the flags "
				     "of descriptor %lu", i);
				break;
			}
	} else {
		model_register(dd, n, flags0);
	}
	free(flags0);
	return ret;
}

TL void m_unregister(struct mod_debug *dd, unsigned long n)
{
	dynamic_printk_unregister(dd, n);
	model_unregister(dd);
}

TL int fake_register(struct fakemod *fm)
{
	return m_register(fm->dd, fm->n);
}

TL void fake_unregister(struct fakemod *fm)
{
	m_unregister(fm->dd, fm->n);
}

TL void fake_free(struct fakemod *fm)
{
	model_forget(fm->dd);
	fake_poison_free(fm);
}

/*
 * As a module being loaded again from its file: its descriptors start
 * with the flags of the file (p for DEBUG files), whatever they had.
 */
TL void fake_reload(struct fakemod *fm, const unsigned char *file_flags)
{
	unsigned long i;

	model_forget(fm->dd);
	for (i = 0; i < fm->n; i++)
		fm->dd[i].flags = file_flags ? file_flags[i] : 0;
}

/*
 * dynamic_printk_init() with the kernel code and the model: vmlinux's
 * call sites registered (with the flags they have: DEBUG files, the boot
 * word), then dyndbg's commands (NULL: none) run on them, or refused
 * with a warning.
 */
TL void m_init(const char *dyndbg)
{
	unsigned long i, n = __stop___verbose - __start___verbose;
	unsigned char *flags0 = malloc(n ? n : 1);
	struct mbatch b;

	for (i = 0; i < n; i++)
		flags0[i] = __start___verbose[i].flags;
	dynamic_printk_init();
	model_register(__start___verbose, n, flags0);
	free(flags0);
	if (!dyndbg)
		return;
	if (mbatch_parse_cmds(dyndbg, &b)) {
		mbatch_apply(&b, model_table_index(__start___verbose), NULL);
	} else {
		mlog_add(3, "%s", b.why);
		mlog_add(3, "dynamic_printk: ignoring dyndbg=\"%s\"\n",
			 dyndbg);
	}
	mbatch_free(&b);
}

/* ---- module parameters ---- */

static int m_param_is(const char *param, const char *word)
{
	char norm[256];
	size_t i;

	for (i = 0; param[i] && i < sizeof(norm) - 1; i++)
		norm[i] = param[i] == '-' ? '_' : param[i];
	norm[i] = '\0';
	return !param[i] && !strcmp(norm, word);
}

/*
 * dynamic_printk_module_param() for the table at dd, in the model:
 * returns what the kernel must return, with its log lines.
 */
TL int model_module_param(struct mod_debug *dd, unsigned long n,
			  const char *param, const char *val)
{
	int t = n ? model_table_index(dd) : -1;

	if (m_param_is(param, "dyndbg")) {
		struct mbatch b;
		const char *cmds = val ? val : "+p";

		/* Longer than a write to the files: refused, not parsed */
		if (strlen(cmds) > PAGE_SIZE)
			return -E2BIG;
		if (!mbatch_parse_cmds(cmds, &b)) {
			mlog_add(3, "%s", b.why);
			mbatch_free(&b);
			return -EINVAL;
		}
		if (t >= 0)
			mbatch_apply(&b, t, NULL);
		mbatch_free(&b);
		return 0;
	}
	if (!m_param_is(param, "dynamic_printk"))
		return -ENOENT;
	if (val && strcmp(val, "0") && strcmp(val, "1"))
		return -EINVAL;
	if (t >= 0) {
		int on = !val || !strcmp(val, "1");

		model_name_print(m_name(&dd[0]), on);
		mlog_add(7, "dynamic_printk: %s enabled=%d\n", m_name(&dd[0]),
			 on);
	}
	return 0;
}

/* Both: the kernel code's result must be the model's */
TL int m_module_param(struct mod_debug *dd, unsigned long n,
		      const char *param, const char *val)
{
	/* copies the kernel code may write to, whole however long */
	char *p = strdup(param), *v = val ? strdup(val) : NULL;
	int want, ret;

	want = model_module_param(dd, n, param, val);
	ret = dynamic_printk_module_param(dd, n, p, v);
	CHECK(ret == want, "module parameter '%s'%s%s: %d, expected %d",
	      param, val ? "=" : "", val ? val : "", ret, want);
	free(p);
	free(v);
	return ret;
}

/* ---- what must be seen ---- */

TL void model_masks(unsigned long long *m1, unsigned long long *m2)
{
	unsigned long i;
	int t;

	*m1 = 0;
	*m2 = 0;
	if (model_all) {
		*m1 = ~0ULL;
		*m2 = ~0ULL;
		return;
	}
	for (t = 0; t < mtab_n; t++)
		for (i = 0; i < mtab[t].n; i++)
			if (mtab[t].flags[i] & FL_P) {
				const struct oracle_name *o =
					oracle_find(m_name(&mtab[t].dd[i]));

				*m1 |= 1ULL << o->djb2;
				*m2 |= 1ULL << o->r5;
			}
}

/* The flags of a line of the control file */
TL void m_flags_text(unsigned int f, char *out)
{
	static const char letters[] = "pmfslt";
	static const unsigned int bits[] = { FL_P, FL_M, FL_F, FL_S, FL_L,
					     FL_T };
	int i;

	*out++ = '=';
	for (i = 0; i < 6; i++)
		if (f & bits[i])
			*out++ = letters[i];
	if (!f)
		*out++ = '_';
	*out = '\0';
}

/* Append s to out, escaped as the control file shows formats */
TL size_t m_escape_text(const char *s, char *out)
{
	size_t len = 0;

	for (; *s; s++) {
		unsigned char c = *s;

		if (c == '\n')
			len += sprintf(out + len, "\\n");
		else if (c == '\t')
			len += sprintf(out + len, "\\t");
		else if (c == '"')
			len += sprintf(out + len, "\\\"");
		else if (c == '\\')
			len += sprintf(out + len, "\\\\");
		else if (c < 0x20 || c > 0x7e)
			len += sprintf(out + len, "\\%03o", c);
		else
			out[len++] = c;
	}
	out[len] = '\0';
	return len;
}

/* The line of the control file for a call site with flags f */
TL size_t model_site_line(const struct mod_debug *dd, unsigned int f,
			  char *out)
{
	char fl[8];
	size_t len;

	m_flags_text(f, fl);
	len = sprintf(out, "%s:%u [%s]%s %s \"", m_file(dd), dd->lineno,
		      m_name(dd), dd->function, fl);
	len += m_escape_text(dd->format, out + len);
	len += sprintf(out + len, "\"\n");
	return len;
}

#define CTL_HEADER	"# filename:lineno [module]function flags format\n"

/* The whole control file, or NULL if it does not fit in cap */
TL char *model_control_text(char *out, size_t cap)
{
	size_t len = strlen(CTL_HEADER), need = len + 1;
	unsigned long i;
	int t;

	for (t = 0; t < mtab_n; t++)
		for (i = 0; i < mtab[t].n; i++)
			need += 40 + strlen(m_file(&mtab[t].dd[i])) +
				strlen(m_name(&mtab[t].dd[i])) +
				strlen(mtab[t].dd[i].function) +
				4 * strlen(mtab[t].dd[i].format);
	if (need > cap)
		return NULL;
	memcpy(out, CTL_HEADER, len + 1);
	for (t = 0; t < mtab_n; t++)
		for (i = 0; i < mtab[t].n; i++)
			len += model_site_line(&mtab[t].dd[i], mtab[t].flags[i],
					       out + len);
	return out;
}

/* Check the control files only when they are not too big to read */
#define CTL_CHECK_MAX	20000

/* Also compare <debugfs>/dynamic_debug/control and /proc/.. each time */
static int model_check_aliases = 1;

TL unsigned long model_nr_sites(void)
{
	unsigned long n = 0;
	int t;

	for (t = 0; t < mtab_n; t++)
		n += mtab[t].n;
	return n;
}

/*
 * The masks as the descriptors themselves say they must be, whatever the
 * model thinks: bit b set iff a registered call site with 'p' has bucket
 * b (its name's, from the oracle), or all mode.
 */
TL int check_mask_invariant(const char *what)
{
	unsigned long long m1 = 0, m2 = 0;
	unsigned long i;
	int t;

	for (t = 0; t < mtab_n; t++)
		for (i = 0; i < mtab[t].n; i++)
			if (mtab[t].dd[i].flags & FL_P) {
				const struct oracle_name *o =
					oracle_find(m_name(&mtab[t].dd[i]));

				m1 |= 1ULL << o->djb2;
				m2 |= 1ULL << o->r5;
			}
	if (model_all)
		m1 = m2 = ~0ULL;
	if (dynamic_printk_enabled != m1 || dynamic_printk_enabled2 != m2) {
		fail("%s: masks %016llx/%016llx, the call sites need "
		     "%016llx/%016llx", what, dynamic_printk_enabled,
		     dynamic_printk_enabled2, m1, m2);
		return 0;
	}
	return 1;
}

/*
 * Compare the modules file: one line per registered name, in bucket
 * order, "enabled=1" iff a call site of it has 'p'.
 */
static int m_check_modules(const char *what)
{
	static char copy[READ_CAP];
	static const char *names[4096];
	static int enabled[4096], seen[4096];
	char *line, *save = NULL;
	int nnames = 0, lines = 0, prev = -1, k = 0;
	unsigned long i;
	int t;

	/* the distinct names, and whether a call site of each has 'p' */
	for (t = 0; t < mtab_n; t++)
		for (i = 0; i < mtab[t].n; i++) {
			const char *name = m_name(&mtab[t].dd[i]);

			if (!i || strcmp(name, m_name(&mtab[t].dd[i - 1]))) {
				for (k = 0; k < nnames; k++)
					if (!strcmp(names[k], name))
						break;
				if (k == nnames) {
					if (nnames == 4096)
						abort();
					names[nnames] = name;
					enabled[nnames] = 0;
					seen[nnames++] = 0;
				}
			}
			if (mtab[t].flags[i] & FL_P)
				enabled[k] = 1;
		}
	snprintf(copy, sizeof(copy), "%s", ctl_read());
	if (copy[0] && copy[strlen(copy) - 1] != '\n') {
		fail("%s: modules file does not end in a newline", what);
		return 0;
	}
	for (line = strtok_r(copy, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		char *sp = strchr(line, ' ');
		int v, bucket;

		lines++;
		if (!sp || strncmp(sp, " enabled=", 9) ||
		    (sp[9] != '0' && sp[9] != '1') || sp[10]) {
			fail("%s: bad line '%s'", what, line);
			return 0;
		}
		*sp = '\0';
		v = sp[9] - '0';
		for (k = 0; k < nnames; k++)
			if (!strcmp(names[k], line))
				break;
		if (k == nnames) {
			fail("%s: unexpected line for '%s'", what, line);
			return 0;
		}
		if (seen[k]++) {
			fail("%s: duplicate line for '%s'", what, line);
			return 0;
		}
		if (enabled[k] != v) {
			fail("%s: %s enabled=%d, expected %d", what, line, v,
			     enabled[k]);
			return 0;
		}
		bucket = oracle_find(line)->djb2;
		if (bucket < prev) {
			fail("%s: '%s' out of bucket order", what, line);
			return 0;
		}
		prev = bucket;
	}
	if (lines != nnames) {
		fail("%s: %d lines in the modules file, expected %d", what,
		     lines, nnames);
		return 0;
	}
	return 1;
}

/* Where two texts first differ, for the failure message */
TL void first_difference(const char *a, const char *b, char *out,
			 size_t size)
{
	size_t i = 0, line = 0;

	while (a[i] && a[i] == b[i])
		i++;
	while (line < i && i - line > 0 && a[i - line - 1] != '\n')
		line++;
	snprintf(out, size, "at byte %zu: '%.80s' vs '%.80s'", i,
		 a + i - line, b + i - line);
}

/*
 * Compare everything with the model: the modules file, the control file
 * (and the same file at its other places), the masks (against the model
 * and against the descriptors), and the flags of every descriptor.
 */
TL int model_check(const char *what)
{
	static char want[READ_CAP], diff[300];
	unsigned long long m1, m2;
	unsigned long i;
	int t, a;

	if (!m_check_modules(what))
		return 0;
	for (t = 0; t < mtab_n; t++)
		for (i = 0; i < mtab[t].n; i++)
			if (mtab[t].dd[i].flags != mtab[t].flags[i]) {
				fail("%s: %s:%u [%s]%s has flags %#x, expected "
				     "%#x", what, m_file(&mtab[t].dd[i]),
				     mtab[t].dd[i].lineno,
				     m_name(&mtab[t].dd[i]),
				     mtab[t].dd[i].function,
				     mtab[t].dd[i].flags, mtab[t].flags[i]);
				return 0;
			}
	if (model_nr_sites() <= CTL_CHECK_MAX &&
	    model_control_text(want, sizeof(want))) {
		const char *got = site_read();

		if (strcmp(got, want)) {
			first_difference(got, want, diff, sizeof(diff));
			fail("%s: control file differs %s", what, diff);
			return 0;
		}
		for (a = 0; a < 2 && model_check_aliases; a++) {
			static char alias[READ_CAP];
			long n = file_read_chunked(alias_fops[a], alias,
						   sizeof(alias), READ_CAP);

			if (n < 0 || strcmp(alias, want)) {
				fail("%s: %s differs from the control file",
				     what, a ? "/proc/dynamic_debug/control" :
				     "dynamic_debug/control");
				return 0;
			}
		}
	}
	model_masks(&m1, &m2);
	if (dynamic_printk_enabled != m1 || dynamic_printk_enabled2 != m2) {
		fail("%s: masks %016llx/%016llx, expected %016llx/%016llx",
		     what, dynamic_printk_enabled, dynamic_printk_enabled2,
		     m1, m2);
		return 0;
	}
	return check_mask_invariant(what);
}

/* ---- call sites as the header compiles them ---- */

/* Both mask bits of a name's buckets are set */
TL int mask_passes(const char *name)
{
	const struct oracle_name *o = oracle_find(name);

	return (dynamic_printk_enabled & (1ULL << o->djb2)) &&
	       (dynamic_printk_enabled2 & (1ULL << o->r5));
}

/*
 * What a registered call site of the name would decide, mask test
 * included: does one of them print?
 */
TL int site_enabled(const char *name)
{
	unsigned long i;
	int t;

	if (!mask_passes(name))
		return 0;
	for (t = 0; t < mtab_n; t++)
		for (i = 0; i < mtab[t].n; i++)
			if ((mtab[t].dd[i].flags & FL_P) &&
			    !strcmp(m_name(&mtab[t].dd[i]), name))
				return 1;
	return 0;
}

/* ---- snapshots: a write that must change nothing ---- */

struct snapshot {
	char *modules, *control;
	unsigned long long m1, m2;
	unsigned char *flags;
	unsigned long n;
};

TL void snap_take(struct snapshot *s)
{
	unsigned long i, k = 0;
	int t;

	s->modules = strdup(ctl_read());
	s->control = strdup(site_read());
	s->m1 = dynamic_printk_enabled;
	s->m2 = dynamic_printk_enabled2;
	s->n = model_nr_sites();
	s->flags = malloc(s->n ? s->n : 1);
	for (t = 0; t < mtab_n; t++)
		for (i = 0; i < mtab[t].n; i++)
			s->flags[k++] = mtab[t].dd[i].flags;
}

TL void snap_drop(struct snapshot *s)
{
	free(s->modules);
	free(s->control);
	free(s->flags);
}

/* Nothing changed since the snapshot; frees it */
TL int snap_same(struct snapshot *s, const char *what)
{
	unsigned long i, k = 0;
	int t, ok = 1;

	if (strcmp(s->modules, ctl_read())) {
		fail("%s: modules file changed", what);
		ok = 0;
	} else if (strcmp(s->control, site_read())) {
		fail("%s: control file changed", what);
		ok = 0;
	} else if (s->m1 != dynamic_printk_enabled ||
		   s->m2 != dynamic_printk_enabled2) {
		fail("%s: masks changed", what);
		ok = 0;
	} else if (s->n != model_nr_sites()) {
		fail("test bug: %s: tables changed", what);
		ok = 0;
	}
	for (t = 0; ok && t < mtab_n; t++)
		for (i = 0; ok && i < mtab[t].n; i++)
			if (s->flags[k++] != mtab[t].dd[i].flags) {
				fail("%s: flags of descriptor %lu of table %d "
				     "changed", what, i, t);
				ok = 0;
			}
	free(s->modules);
	free(s->control);
	free(s->flags);
	return ok;
}

#endif
