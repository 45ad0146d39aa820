/*
 * The reference parser of both write grammars (the modules file's "set"
 * commands and restore lines, the control file's queries and lines),
 * written from Documentation/dynamic-printk.txt (its grammar of later
 * kernels' dynamic debug included), sharing no code with
 * lib/dynamic_printk_parse.c.  It needs nothing but the C library and
 * the flag bits of <linux/dynamic_printk.h>, so that the parser fuzzer
 * links it with lib/dynamic_printk_parse.c alone.  It also says why a
 * command is refused, as the refusal's log line names it.
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
#define FL_S	DYNAMIC_PRINTK_FL_SOURCE
#endif

/* ---- the reference parser ---- */

/*
 * One command of a write.  text/len: the command as the log quotes it,
 * from its first word to the end of its last; bad: not a valid command
 * (lexically or by its words), and why (the reason, with the word or
 * the flag letter at fault, if any).  The other fields are the decoded
 * command when it is valid.
 */
struct mcmd {
	const char *text;
	size_t len;
	int bad;
	const char *why;
	const char *why_word;
	char why_flag;
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
	int level;		/* its level: m_refused_level() */
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

/*
 * The level of the line of a refusal: KERN_DEBUG in the modules file
 * (whose original interface logs nothing above it), KERN_ERR in the
 * control file and for commands of dyndbg, as later kernels log them
 */
TL int m_refused_level(int modules)
{
	return modules ? 7 : 3;
}

/* Blanks separate words; a carriage return is one (CRLF files) */
static int m_blank(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\r';
}

static int m_octal(unsigned char c)
{
	return c >= '0' && c <= '7';
}

static int m_digit(unsigned char c)
{
	return c >= '0' && c <= '9';
}

/*
 * The escape after a backslash at d[i]: its byte in *out and how many
 * bytes after the backslash it takes, or 0 if it is not a known escape
 * (the backslash is then kept as it is, and what follows it read as
 * usual).
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

/* A command has at most this many words (five match-specs and flags) */
#define M_MAX_WORDS	12
#define M_WORDS		32	/* kept per command */

static const char *const m_keys[] = { "file", "func", "module", "format",
				      "line" };
enum { MK_FILE, MK_FUNC, MK_MODULE, MK_FORMAT, MK_LINE, MK_NONE };

static int m_key(const char *w)
{
	int k;

	for (k = 0; k < MK_NONE; k++)
		if (!strcmp(w, m_keys[k]))
			break;
	return k;
}

/* Refuse command c: the reason, and the word at fault (or NULL) */
static int m_why(struct mcmd *c, const char *why, const char *word)
{
	c->why = why;
	c->why_word = word;
	return 0;
}

/* A decimal number of at most 32 bits, digits only */
static int m_number(const char *s, size_t len, unsigned int *v)
{
	unsigned long long x = 0;
	size_t i;

	if (!len)
		return 0;
	for (i = 0; i < len; i++) {
		if (!m_digit(s[i]))
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

/*
 * "+", "-" or "=", then any of "pmfslt_": an operator alone is valid
 * ('=' takes every flag, '+' and '-' change nothing)
 */
static int m_flags(const char *s, struct mcmd *c)
{
	static const char letters[] = "pmfslt";
	const unsigned int bits[] = { FL_P, FL_M, FL_F, FL_S, FL_L, FL_T };
	const char *p, *l;

	if (s[0] != '+' && s[0] != '-' && s[0] != '=')
		return m_why(c, "no '+', '-' or '=' flags-spec", s);
	c->op = s[0];
	c->flags = 0;
	for (p = s + 1; *p; p++) {
		if (*p == '_')
			continue;
		l = strchr(letters, *p);
		if (!l) {
			c->why_flag = *p;
			return m_why(c, "unknown flag", NULL);
		}
		c->flags |= bits[l - letters];
	}
	return 1;
}

static void m_underscores(char *s)
{
	for (; *s; s++)
		if (*s == '-')
			*s = '_';
}

/*
 * "<file>:<line> [<module>]<function> =<flags> <format>"; its format,
 * as a format's, may hold no unknown escape
 */
static int m_site_line(char **w, const int *raw, int n, struct mcmd *c)
{
	char *colon, *close;

	if (n != 4 || w[1][0] != '[' || w[2][0] != '=')
		return m_why(c, "unknown keyword", w[0]);
	colon = strrchr(w[0], ':');
	close = strchr(w[1], ']');
	if (!colon || colon == w[0] || !close || close == w[1] + 1 ||
	    !close[1] || !m_number(colon + 1, strlen(colon + 1), &c->lo))
		return m_why(c, "malformed control file line", NULL);
	if (raw[3])
		return m_why(c, "unknown escape in format", NULL);
	c->hi = c->lo;
	if (!m_flags(w[2], c))
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

/*
 * The value of "file": "<path>", or "<path>:<func-glob>", or
 * "<path>:<lines>" when what follows the last colon starts with a digit
 * or '-'.  The part after the colon counts as its keyword given.
 */
static int m_file_value(char *v, struct mcmd *c, unsigned int *seen)
{
	char *colon = strrchr(v, ':'), *rest;
	int k;

	c->file = v;
	if (!colon)
		return 1;
	rest = colon + 1;
	if (colon == v || !*rest)
		return m_why(c, "empty file or function", NULL);
	k = m_digit(*rest) || *rest == '-' ? MK_LINE : MK_FUNC;
	if ((*seen >> k) & 1)
		return m_why(c, "keyword given twice", m_keys[k]);
	*seen |= 1U << k;
	*colon = '\0';
	if (k == MK_FUNC) {
		c->func = rest;
		return 1;
	}
	if (!m_lines(rest, c))
		return m_why(c, "bad line range", rest);
	return 1;
}

/*
 * The words of a control file command; raw[i]: word i kept a backslash
 * that is no escape.  Pairs of keyword and value, then the flags; a
 * first word that is no keyword makes it a line of the file.
 */
static int m_query(char **w, const int *raw, int n, struct mcmd *c)
{
	unsigned int seen = 0;
	int i, k;

	c->lo = 0;
	c->hi = 0xffffffffU;
	for (i = 0; i + 1 < n; i += 2) {
		k = m_key(w[i]);
		if (k == MK_NONE && !strcmp(w[i], "class"))
			return m_why(c, "no class maps in this kernel", NULL);
		if (k == MK_NONE)
			return i ? m_why(c, "unknown keyword", w[i]) :
			       m_site_line(w, raw, n, c);
		if (i + 2 == n)
			return m_why(c, "keyword without a value", w[i]);
		if ((seen >> k) & 1)
			return m_why(c, "keyword given twice", w[i]);
		seen |= 1U << k;
		switch (k) {
		case MK_FILE:
			if (!m_file_value(w[i + 1], c, &seen))
				return 0;
			break;
		case MK_FUNC:
			c->func = w[i + 1];
			break;
		case MK_MODULE:
			c->module = w[i + 1];
			m_underscores(w[i + 1]);
			break;
		case MK_FORMAT:
			if (raw[i + 1])
				return m_why(c, "unknown escape in format",
					     NULL);
			c->format = w[i + 1];
			break;
		default:
			if (!m_lines(w[i + 1], c))
				return m_why(c, "bad line range", w[i + 1]);
		}
	}
	return m_flags(w[n - 1], c);
}

/* The words of a modules file command */
static int m_set(char **w, int n, struct mcmd *c)
{
	const char *setting = NULL;

	c->set = 1;
	if (n == 3 && !strcmp(w[0], "set") &&
	    (!strcmp(w[1], "enabled=0") || !strcmp(w[1], "enabled=1"))) {
		setting = w[1];
		c->name = w[2];
	} else if (n == 2) {
		setting = w[1];
		c->name = w[0];
	}
	if (setting && !strcmp(setting, "enabled=0"))
		c->value = 0;
	else if (setting && !strcmp(setting, "enabled=1"))
		c->value = 1;
	else
		return m_why(c, "not \"set enabled=<0|1> <module>\"", NULL);
	m_underscores((char *)c->name);
	return 1;
}

/*
 * Split a write into commands and their words: ';' and newlines end a
 * command; blanks separate words; outside quotes, a word that starts
 * with '#' starts a comment, to the next ';' or newline; "..." and
 * '...' quote blanks, ';' and '#'; a newline inside quotes ends the
 * word, unterminated; backslash escapes are decoded inside and outside
 * quotes, and a backslash that starts none is kept.  Each command is
 * then read by the grammar of its file.
 */
static void m_split(const unsigned char *d, size_t n, int modules,
		    struct mbatch *b)
{
	size_t i = 0;
	char *w[M_WORDS];
	int raw[M_WORDS];
	struct mcmd *c = NULL;
	int nw = 0, unterminated = 0;

	b->cmds = calloc(n / 2 + 2, sizeof(*b->cmds));
	b->arena = malloc(2 * n + 2);
	b->used = 0;
	b->ncmds = 0;
	for (;;) {
		int sep = i == n || d[i] == ';' || d[i] == '\n';

		if (sep && c) {
			/* the command is complete: read its words */
			if (unterminated)
				c->bad = !m_why(c, "unterminated quote", NULL);
			else if (nw > M_MAX_WORDS)
				c->bad = !m_why(c, "too many words", NULL);
			else
				c->bad = !(modules ? m_set(w, nw, c) :
					   m_query(w, raw, nw, c));
			c = NULL;
			nw = 0;
			unterminated = 0;
		}
		if (i == n)
			break;
		if (sep || m_blank(d[i])) {
			i++;
			continue;
		}
		if (d[i] == '#') {
			while (i < n && d[i] != '\n' && d[i] != ';')
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
			int kept = 0;

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
						kept = 1;
						out[len++] = ch;
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
				unterminated = 1;
			if (nw < M_WORDS) {
				w[nw] = out;
				raw[nw] = kept;
			}
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
		    d[i] != '\t' && d[i] != '\r' && d[i] != '\n') {
			snprintf(b->why, sizeof(b->why), "dynamic_printk: "
				 "invalid byte 0x%02x at offset %zu\n", d[i],
				 i);
			return 0;
		}
	return 1;
}

/*
 * The KERN_ERR line of a refused command: its first 64 bytes, why, and
 * the word (its first 64 bytes) or the letter at fault
 */
/*
 * What the log shows of a command, or of the word or letter at fault:
 * printable ASCII and tabs as they are, any other byte as a 4-byte
 * \ooo, as long as the whole fits in
 * 64 bytes (an escape that would not fit, and what follows, left out)
 */
TL void m_quote(char *q, const char *s, size_t n)
{
	size_t len = 0;

	for (; n && *s; n--, s++) {
		unsigned char c = *s;
		int printable = (c >= ' ' && c <= '~') || c == '\t';

		if (len + (printable ? 1 : 4) > 64)
			break;
		if (printable)
			q[len++] = c;
		else
			len += sprintf(q + len, "\\%03o", c);
	}
	q[len] = '\0';
}

TL void mbatch_reject(struct mbatch *b, const struct mcmd *c)
{
	char at[96] = "", q[80], cmd[80];

	if (c->why_word) {
		m_quote(q, c->why_word, 64);
		snprintf(at, sizeof(at), " \"%s\"", q);
	} else if (c->why_flag) {
		m_quote(q, &c->why_flag, 1);
		snprintf(at, sizeof(at), " '%s'", q);
	}
	b->ok = 0;
	m_quote(cmd, c->text, c->len);
	snprintf(b->why, sizeof(b->why), "dynamic_printk: invalid command "
		 "\"%s\": %s%s\n", cmd, c->why ? c->why : "?", at);
}

/*
 * The log lines printk() makes of the text of one call at level: a
 * newline ends a line, and a line after it starts with its own "<n>"
 * level or none (KERN_WARNING).  A refusal never is such text (the word
 * at fault is quoted), a message of a call site may be.  Calls line(i, level,
 * start, len) for each, the newline included; returns how many.
 */
TL int m_log_split(int level, const char *text,
		   void (*line)(int i, int level, const char *start,
				size_t len, void *arg), void *arg)
{
	const char *p = text, *nl;
	int i = 0;

	while (*p) {
		if (i && p[0] == '<' && p[1] >= '0' && p[1] <= '7' &&
		    p[2] == '>') {
			level = p[1] - '0';
			p += 3;
		} else if (i) {
			level = 4;
		}
		nl = strchr(p, '\n');
		nl = nl ? nl + 1 : p + strlen(p);
		line(i++, level, p, nl - p, arg);
		p = nl;
	}
	return i;
}

#endif /* MODEL_PARSE_H */
