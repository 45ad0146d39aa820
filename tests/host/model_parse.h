/*
 * The reference parser of both write grammars (the modules file's "set"
 * commands and restore lines, the control file's queries and lines),
 * written from Documentation/dynamic-printk.txt and sharing no code with
 * lib/dynamic_printk_parse.c.  It needs nothing but the C library and
 * the flag bits of <linux/dynamic_printk.h>, so that the parser fuzzer
 * links it with lib/dynamic_printk_parse.c alone.
 */
#ifndef MODEL_PARSE_H
#define MODEL_PARSE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/dynamic_printk.h>

#ifndef TL
#define TL static __attribute__((unused))
#endif
#ifndef FL_P
#define FL_P	DYNAMIC_PRINTK_FL_PRINT
#define FL_M	DYNAMIC_PRINTK_FL_MODULE
#define FL_F	DYNAMIC_PRINTK_FL_FUNC
#define FL_L	DYNAMIC_PRINTK_FL_LINE
#define FL_T	DYNAMIC_PRINTK_FL_TID
#endif

/* ---- the reference parser ---- */

/*
 * One command of a write.  text/len: the command as the log quotes it,
 * from its first word to the end of its last; bad: not a valid command
 * (lexically or by its words).  The other fields are the decoded command
 * when it is valid.
 */
struct mcmd {
	const char *text;
	size_t len;
	int bad;
	int set;			/* a modules file command */
	/* modules file: the name ('-' read as '_') and the value */
	const char *name;
	int value;
	/* control file: NULL means any */
	const char *file, *func, *module, *format;
	unsigned int lo, hi;		/* lines */
	int exact;			/* a line of the file */
	char op;			/* '+', '-' or '=' */
	unsigned int flags;
};

struct mbatch {
	int ok;			/* accepted (the state decides "set") */
	char why[1200];		/* the log line of a rejected write */
	int ncmds;
	struct mcmd *cmds;
	char *arena;		/* decoded words */
	size_t used;
};

TL void mbatch_free(struct mbatch *b)
{
	free(b->cmds);
	free(b->arena);
	b->cmds = NULL;
	b->arena = NULL;
}

static int m_blank(unsigned char c)
{
	return c == ' ' || c == '\t';
}

static int m_octal(unsigned char c)
{
	return c >= '0' && c <= '7';
}

/*
 * The escape after a backslash at d[i]: its byte in *out and how many
 * bytes after the backslash it takes, or 0 if it is not an escape (the
 * bytes after the backslash are then read as they are).
 */
static size_t m_escape(const unsigned char *d, size_t i, size_t n,
		       unsigned char *out)
{
	unsigned int v;

	if (i + 1 >= n)
		return 0;
	switch (d[i + 1]) {
	case 'n':
		*out = '\n';
		return 1;
	case 't':
		*out = '\t';
		return 1;
	case '\\':
	case '"':
	case '\'':
		*out = d[i + 1];
		return 1;
	}
	if (i + 3 >= n || !m_octal(d[i + 1]) || !m_octal(d[i + 2]) ||
	    !m_octal(d[i + 3]))
		return 0;
	v = (d[i + 1] - '0') * 64 + (d[i + 2] - '0') * 8 + (d[i + 3] - '0');
	if (v == 0 || v > 255)
		return 0;
	*out = v;
	return 3;
}

#define M_WORDS	32	/* kept per command: more is not a command */

static const char *const m_keys[] = { "file", "func", "module", "format",
				      "line" };

/* A decimal number of at most 32 bits, digits only */
static int m_number(const char *s, size_t len, unsigned int *v)
{
	unsigned long long x = 0;
	size_t i;

	if (!len)
		return 0;
	for (i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return 0;
		x = x * 10 + (s[i] - '0');
		if (x > 0xffffffffULL)
			return 0;
	}
	*v = (unsigned int)x;
	return 1;
}

/* "<n>", "<n>-<m>", "-<m>", "<n>-", with n <= m */
static int m_lines(const char *s, struct mcmd *c)
{
	const char *dash = strchr(s, '-');

	c->lo = 0;
	c->hi = 0xffffffffU;
	if (!dash)
		return m_number(s, strlen(s), &c->lo) &&
		       (c->hi = c->lo, 1);
	if (dash == s && !dash[1])
		return 0;
	if (dash > s && !m_number(s, dash - s, &c->lo))
		return 0;
	if (dash[1] && !m_number(dash + 1, strlen(dash + 1), &c->hi))
		return 0;
	return c->lo <= c->hi;
}

/* "[+-=]" then one or more of "pmflt_" */
static int m_flags(const char *s, struct mcmd *c)
{
	const char *p;

	if (s[0] != '+' && s[0] != '-' && s[0] != '=')
		return 0;
	if (!s[1])
		return 0;
	c->op = s[0];
	c->flags = 0;
	for (p = s + 1; *p; p++) {
		switch (*p) {
		case 'p':
			c->flags |= FL_P;
			break;
		case 'm':
			c->flags |= FL_M;
			break;
		case 'f':
			c->flags |= FL_F;
			break;
		case 'l':
			c->flags |= FL_L;
			break;
		case 't':
			c->flags |= FL_T;
			break;
		case '_':
			break;
		default:
			return 0;
		}
	}
	return 1;
}

static void m_underscores(char *s)
{
	for (; *s; s++)
		if (*s == '-')
			*s = '_';
}

/* "<file>:<line> [<module>]<function> =<flags> <format>" */
static int m_site_line(char **w, struct mcmd *c)
{
	char *colon = strrchr(w[0], ':');
	char *close;

	if (!colon || colon == w[0] ||
	    !m_number(colon + 1, strlen(colon + 1), &c->lo))
		return 0;
	c->hi = c->lo;
	if (w[1][0] != '[')
		return 0;
	close = strchr(w[1], ']');
	if (!close || close == w[1] + 1 || !close[1])
		return 0;
	if (w[2][0] != '=' || !m_flags(w[2], c))
		return 0;
	*colon = '\0';
	*close = '\0';
	c->file = w[0];
	c->module = w[1] + 1;
	m_underscores(w[1] + 1);
	c->func = close + 1;
	c->format = w[3];
	c->exact = 1;
	return 1;
}

/* The words of a control file command */
static int m_query(char **w, int n, struct mcmd *c)
{
	const char **slot[4];
	unsigned int seen = 0;
	int i, k;

	c->lo = 0;
	c->hi = 0xffffffffU;
	if (n == 0)
		return 0;
	for (k = 0; k < 5; k++)
		if (!strcmp(w[0], m_keys[k]))
			break;
	/* not a keyword: flags alone, or a line of the file */
	if (k == 5)
		return n == 1 ? m_flags(w[0], c) :
		       n == 4 ? m_site_line(w, c) : 0;
	if (n % 2 == 0)
		return 0;
	slot[0] = &c->file;
	slot[1] = &c->func;
	slot[2] = &c->module;
	slot[3] = &c->format;
	for (i = 0; i + 1 < n; i += 2) {
		for (k = 0; k < 5; k++)
			if (!strcmp(w[i], m_keys[k]))
				break;
		if (k == 5 || (seen >> k) & 1)
			return 0;
		seen |= 1U << k;
		if (k == 4) {
			if (!m_lines(w[i + 1], c))
				return 0;
		} else {
			*slot[k] = w[i + 1];
			if (k == 2)
				m_underscores(w[i + 1]);
		}
	}
	return m_flags(w[n - 1], c);
}

/* The words of a modules file command */
static int m_set(char **w, int n, struct mcmd *c)
{
	const char *setting;

	c->set = 1;
	if (n == 3 && !strcmp(w[0], "set")) {
		setting = w[1];
		c->name = w[2];
		m_underscores(w[2]);
	} else if (n == 2) {
		setting = w[1];
		c->name = w[0];
		m_underscores(w[0]);
	} else {
		return 0;
	}
	if (!strcmp(setting, "enabled=0"))
		c->value = 0;
	else if (!strcmp(setting, "enabled=1"))
		c->value = 1;
	else
		return 0;
	return 1;
}

/*
 * Split a write into commands and their words: ';' and newlines end a
 * command; blanks separate words; outside quotes, a '#' that starts a
 * line or follows a blank or ';' starts a comment to the end of the line;
 * "..." and '...' quote blanks, ';' and '#'; a newline inside quotes ends
 * the word, unterminated; backslash escapes are decoded inside and outside
 * quotes.  Each command is then read by the grammar of its file.
 */
static void m_split(const unsigned char *d, size_t n, int modules,
		    struct mbatch *b)
{
	size_t i = 0, line = 0;
	char *w[M_WORDS];
	struct mcmd *c = NULL;
	int nw = 0, lexbad = 0;

	b->cmds = calloc(n / 2 + 2, sizeof(*b->cmds));
	b->arena = malloc(2 * n + 2);
	b->used = 0;
	b->ncmds = 0;
	for (;;) {
		int sep = i == n || d[i] == ';' || d[i] == '\n';

		if (sep && c) {
			/* the command is complete: read its words */
			if (!lexbad && nw <= M_WORDS)
				c->bad = !(modules ? m_set(w, nw, c) :
					   m_query(w, nw, c));
			else
				c->bad = 1;
			c = NULL;
			nw = 0;
			lexbad = 0;
		}
		if (i == n)
			break;
		if (sep) {
			if (d[i] == '\n')
				line = i + 1;
			i++;
			continue;
		}
		if (m_blank(d[i])) {
			i++;
			continue;
		}
		if (d[i] == '#' &&
		    (i == line || m_blank(d[i - 1]) || d[i - 1] == ';')) {
			while (i < n && d[i] != '\n')
				i++;
			continue;
		}
		/* a word */
		if (!c) {
			c = &b->cmds[b->ncmds++];
			c->text = (const char *)d + i;
		}
		{
			char *out = b->arena + b->used;
			unsigned char q = 0, e;
			size_t len = 0, k;

			while (i < n) {
				unsigned char ch = d[i];

				if (!q && (m_blank(ch) || ch == ';' ||
					   ch == '\n'))
					break;
				if (q && ch == '\n')
					break;
				if (q && ch == q) {
					q = 0;
					i++;
					continue;
				}
				if (!q && (ch == '"' || ch == '\'')) {
					q = ch;
					i++;
					continue;
				}
				if (ch == '\\') {
					k = m_escape(d, i, n, &e);
					if (!k) {
						lexbad = 1;
						i++;
						continue;
					}
					out[len++] = e;
					i += 1 + k;
					continue;
				}
				out[len++] = ch;
				i++;
			}
			out[len] = '\0';
			b->used += len + 1;
			if (q)
				lexbad = 1;
			if (nw < M_WORDS)
				w[nw] = out;
			nw++;
			c->len = (const char *)d + i - c->text;
		}
	}
}

/*
 * What the checks of a write before any command say: its size, its
 * bytes.  Returns 0 and sets b->why if they reject it.
 */
static int m_precheck(const unsigned char *d, size_t n, struct mbatch *b)
{
	size_t i;

	if (n > 4096) {
		snprintf(b->why, sizeof(b->why), "dynamic_printk: write of "
			 "%zu bytes, more than 4096\n", n);
		return 0;
	}
	for (i = 0; i < n; i++)
		if (!(d[i] >= 0x21 && d[i] <= 0x7e) && d[i] != ' ' &&
		    d[i] != '\t' && d[i] != '\n') {
			snprintf(b->why, sizeof(b->why), "dynamic_printk: "
				 "invalid byte 0x%02x at offset %zu\n", d[i],
				 i);
			return 0;
		}
	return 1;
}

TL void mbatch_reject(struct mbatch *b, const struct mcmd *c)
{
	b->ok = 0;
	snprintf(b->why, sizeof(b->why), "dynamic_printk: invalid command "
		 "\"%.*s\"\n", (int)(c->len < 64 ? c->len : 64), c->text);
}

#endif /* MODEL_PARSE_H */
