/*
 * lib/dynamic_printk_parse.c
 *
 * The command language of dynamic printk's control files: a write is cut
 * into commands, each command into words (blanks, quotes, backslash
 * escapes, '#' comments), and the words are parsed into a struct dp_cmd:
 * match-specs (globs, line ranges) and flags for the control file,
 * "set enabled=<0|1> <name>" for the modules file.  See
 * Documentation/dynamic-printk.txt for the grammar.
 *
 * Nothing here knows what is registered, and nothing takes a lock: what
 * is parsed is only text, and a command's strings point into the
 * caller's buffer.  Only the caller's @check of dp_parse_batch() looks at
 * the tables, under the caller's dp_mutex.
 *
 * This file is released under the GPLv2.
 */

#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/ctype.h>
#include <linux/list.h>
#include <linux/slab.h>
#include <linux/string.h>
#include "dynamic_printk_internal.h"

#define DP_MAX_WORDS	12	/* five match-specs and a flags-spec, or less */

const char dp_flag_chars[DP_NR_FLAGS + 1] = "pmfslt";
const unsigned char dp_flag_bits[DP_NR_FLAGS] = {
	DYNAMIC_PRINTK_FL_PRINT, DYNAMIC_PRINTK_FL_MODULE,
	DYNAMIC_PRINTK_FL_FUNC, DYNAMIC_PRINTK_FL_SOURCE,
	DYNAMIC_PRINTK_FL_LINE, DYNAMIC_PRINTK_FL_TID,
};

/* A carriage return is a blank: files written with CRLF line ends */
static int dp_is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r';
}

/* Why a command is refused, and the word or letter at fault */
struct dp_why {
	const char *why;
	const char *word;
	char letter[2];			/* a letter at fault, as a word */
};

static int dp_refuse(struct dp_why *w, const char *why, const char *word)
{
	w->why = why;
	w->word = word;
	return -EINVAL;
}

/* Where the tokenizer is: the batch as written, and the decoded words */
struct dp_cursor {
	const char *pos, *end;
	char *out;			/* decoded words, NUL-terminated */
	unsigned int raw;		/* words with an unknown escape */
};

/*
 * One backslash escape at *s (after the backslash) into *c.  Returns 1,
 * with nothing taken, for an unknown escape: the backslash stands for
 * itself, except in a format (see dp_parse_spec() and dp_parse_site()).
 */
static int dp_escape(const char **s, const char *end, char *c)
{
	const char *p = *s;
	int v = 0, i;

	if (p == end)
		return 1;
	switch (*p) {
	case 'n':
		*c = '\n';
		break;
	case 't':
		*c = '\t';
		break;
	case '\\': case '"': case '\'':
		*c = *p;
		break;
	default:
		for (i = 0; i < 3; i++) {
			if (p + i == end || p[i] < '0' || p[i] > '7')
				return 1;
			v = v * 8 + p[i] - '0';
		}
		if (!v || v > 255)
			return 1;
		*c = v;
		*s = p + 3;
		return 0;
	}
	*s = p + 1;
	return 0;
}

/*
 * Split the next command of the batch into words, quotes and escapes
 * decoded.  A word that starts with '#' starts a comment, which ends
 * with its command, at the next ';' or newline.  Returns the number of
 * words, 0 when the batch is done, or -EINVAL for an unterminated quote
 * or too many words; the command's text is then still all of it, to its
 * end, for the log.
 */
static int dp_next_command(struct dp_cursor *cur, char *word[],
			   const char **text, int *len, struct dp_why *w)
{
	const char *s = cur->pos, *why = NULL;
	int n = 0;
	char q;

	*text = NULL;
	cur->raw = 0;
	while (s < cur->end) {
		char c = *s;

		if (c == ';' || c == '\n') {
			s++;
			if (n)
				break;
			continue;
		}
		if (dp_is_blank(c)) {
			s++;
			continue;
		}
		if (c == '#') {
			while (s < cur->end && *s != '\n' && *s != ';')
				s++;
			continue;
		}
		/* A word, possibly with quoted parts */
		if (!*text)
			*text = s;
		if (n == DP_MAX_WORDS)
			why = "too many words";
		else
			word[n++] = cur->out;
		q = 0;
		while (s < cur->end) {
			c = *s;
			if (c == '\n' || (!q && (dp_is_blank(c) || c == ';')))
				break;
			s++;
			if (c == q) {
				q = 0;
			} else if (!q && (c == '"' || c == '\'')) {
				q = c;
			} else {
				if (c == '\\' && dp_escape(&s, cur->end, &c))
					cur->raw |= 1 << (n - 1);
				*cur->out++ = c;
			}
		}
		*cur->out++ = '\0';
		*len = s - *text;
		if (q)
			why = "unterminated quote";
	}
	cur->pos = s;
	return why ? dp_refuse(w, why, NULL) : n;
}

int dp_has_wildcard(const char *s)
{
	return strpbrk(s, "*?") != NULL;
}

/* Glob match: '*' any run of characters, '?' one character */
int dp_match(const char *pat, const char *str)
{
	const char *star = NULL, *retry = NULL;

	while (*str) {
		if (*pat == '*') {
			star = ++pat;
			retry = str;
		} else if (*pat == '?' || *pat == *str) {
			pat++;
			str++;
		} else if (star) {
			pat = star;
			str = ++retry;
		} else {
			return 0;
		}
	}
	while (*pat == '*')
		pat++;
	return !*pat;
}

static void dp_underscores(char *s)
{
	for (; *s; s++)
		if (*s == '-')
			*s = '_';
}

/*
 * A decimal number at @s into *@v: returns its end, or NULL if there is
 * no digit or the number is above UINT_MAX
 */
static const char *dp_parse_uint(const char *s, unsigned int *v)
{
	unsigned long long x = 0;
	const char *p;

	for (p = s; isdigit(*p); p++) {
		x = x * 10 + *p - '0';
		if (x > UINT_MAX)
			return NULL;
	}
	if (p == s)
		return NULL;
	*v = x;
	return p;
}

/*
 * "<n>", "<n>-<m>", "-<m>", "<n>-": a line range, given once per command:
 * what it leaves out stays as dp_parse_batch() set it, 0 or UINT_MAX
 */
static int dp_parse_lines(const char *value, struct dp_cmd *cmd,
			  struct dp_why *w)
{
	const char *s = value;

	if (s[0] == '-' && !s[1])
		goto bad;
	if (*s != '-') {
		s = dp_parse_uint(s, &cmd->first);
		if (!s)
			goto bad;
		if (!*s) {
			cmd->last = cmd->first;
			return 0;
		}
	}
	if (*s++ != '-')
		goto bad;
	if (*s) {
		s = dp_parse_uint(s, &cmd->last);
		if (!s || *s)
			goto bad;
	}
	if (cmd->first > cmd->last)
		goto bad;
	return 0;
bad:
	/* the one refusal of a range, wherever it is given */
	return dp_refuse(w, "bad line range", value);
}

/*
 * "+p", "-fl", "=_", ...: the operator and the flags, into a @cmd that
 * has no flag yet.  An operator alone is valid: '=' then takes every
 * flag away, '+' and '-' change nothing.
 */
static int dp_parse_flags(const char *s, struct dp_cmd *cmd,
			  struct dp_why *w)
{
	const char *c;

	if (*s != '+' && *s != '-' && *s != '=')
		return dp_refuse(w, "no '+', '-' or '=' flags-spec", s);
	cmd->op = *s++;
	for (; *s; s++) {
		if (*s == '_')
			continue;
		c = strchr(dp_flag_chars, *s);
		if (!c) {
			w->letter[0] = *s;
			w->letter[1] = '\0';
			return dp_refuse(w, "unknown flag", w->letter);
		}
		cmd->flags |= dp_flag_bits[c - dp_flag_chars];
	}
	return 0;
}

/*
 * A line of the control file: "<file>:<line>", "[<module>]<function>",
 * "=<flags>", "<format>".  Sets exactly that call site's flags.
 */
static int dp_parse_site(char *word[], int n, unsigned int raw,
			 struct dp_cmd *cmd, struct dp_why *w)
{
	char *colon, *bracket;
	const char *s;

	if (n != 4 || word[1][0] != '[' || word[2][0] != '=')
		return dp_refuse(w, "unknown keyword", word[0]);
	colon = strrchr(word[0], ':');
	bracket = strchr(word[1], ']');
	if (!colon || colon == word[0] || !bracket ||
	    bracket == word[1] + 1 || !bracket[1])
		return dp_refuse(w, "malformed control file line", NULL);
	s = dp_parse_uint(colon + 1, &cmd->first);
	if (!s || *s)
		return dp_refuse(w, "malformed control file line", NULL);
	if (raw & (1 << 3))
		return dp_refuse(w, "unknown escape in format", NULL);
	cmd->last = cmd->first;
	*colon = '\0';
	*bracket = '\0';
	cmd->file = word[0];
	cmd->module = word[1] + 1;
	cmd->func = bracket + 1;
	cmd->format = word[3];
	cmd->exact = 1;
	return dp_parse_flags(word[2], cmd, w);
}

/* The keywords, and "class" of later kernels, known to be refused */
enum { DP_FILE, DP_FUNC, DP_MODULE, DP_FORMAT, DP_LINE, DP_CLASS, DP_NR_KEYS };

static const char * const dp_keys[DP_NR_KEYS] = {
	"file", "func", "module", "format", "line", "class"
};

/*
 * Match-spec @k, given @value: once per command, as a keyword or in a
 * file's ':'.  @raw: @value has an unknown escape.
 */
static int dp_parse_spec(int k, char *value, int raw, struct dp_cmd *cmd,
			 unsigned int *seen, struct dp_why *w)
{
	char *colon;

	if (*seen & (1 << k))
		return dp_refuse(w, "keyword given twice", dp_keys[k]);
	*seen |= 1 << k;
	switch (k) {
	case DP_FILE:
		/*
		 * "file <path>:<func>" and "file <path>:<lines>": the part
		 * after the last colon is a "func" or a "line" match-spec
		 * of its own.
		 */
		cmd->file = value;
		colon = strrchr(value, ':');
		if (!colon)
			return 0;
		*colon++ = '\0';
		if (!*value || !*colon)
			return dp_refuse(w, "empty file or function", NULL);
		k = (isdigit(*colon) || *colon == '-') ? DP_LINE : DP_FUNC;
		return dp_parse_spec(k, colon, 0, cmd, seen, w);
	case DP_FUNC:
		cmd->func = value;
		return 0;
	case DP_MODULE:
		cmd->module = value;
		return 0;
	case DP_FORMAT:
		/* a format is text to find: no guessing at escapes */
		if (raw)
			return dp_refuse(w, "unknown escape in format", NULL);
		cmd->format = value;
		return 0;
	default:	/* DP_LINE ("class" is refused before) */
		return dp_parse_lines(value, cmd, w);
	}
}

/* A command of the control file, words already split */
static noinline int dp_parse_query(char *word[], int n, unsigned int raw,
				   struct dp_cmd *cmd, struct dp_why *w)
{
	unsigned int seen = 0;
	int i, k;

	for (i = 0; i < n - 1; i += 2) {
		for (k = 0; k < DP_NR_KEYS; k++)
			if (!strcmp(word[i], dp_keys[k]))
				break;
		if (k == DP_CLASS)
			return dp_refuse(w, "no class maps in this kernel",
					 NULL);
		if (k == DP_NR_KEYS)
			return i ? dp_refuse(w, "unknown keyword", word[i]) :
				   dp_parse_site(word, n, raw, cmd, w);
		if (i + 1 == n - 1)
			return dp_refuse(w, "keyword without a value",
					 word[i]);
		if (dp_parse_spec(k, word[i + 1], raw & (1 << (i + 1)), cmd,
				  &seen, w))
			return -EINVAL;
	}
	/* every keyword had its value: the last word is the flags-spec */
	return dp_parse_flags(word[n - 1], cmd, w);
}

/*
 * A command of the modules file, words already split: "set <setting>
 * <name>" or "<name> <setting>", the setting "enabled=0" or "enabled=1"
 * exactly; 'p' for every call site of the name, or of every name for
 * "all" (no name)
 */
static int dp_parse_set(char *word[], int n, struct dp_cmd *cmd,
			struct dp_why *w)
{
	const char *set;

	if (n == 3 && !strcmp(word[0], "set"))
		cmd->module = word[2];
	else if (n == 2)
		cmd->module = word[0];
	else
		goto bad;
	set = word[1];
	if (strncmp(set, "enabled=", 8) || (set[8] != '0' && set[8] != '1') ||
	    set[9])
		goto bad;
	cmd->op = set[8] == '1' ? '+' : '-';
	cmd->flags = DP_FL_PRINT;
	if (!strcmp(cmd->module, "all"))
		cmd->module = NULL;
	return 0;
bad:
	return dp_refuse(w, "not \"set enabled=<0|1> <module>\"", NULL);
}

/* Free a list of commands, and leave it empty */
noinline void dp_free_cmds(struct list_head *cmds)
{
	struct dp_cmd *cmd, *tmp;

	list_for_each_entry_safe(cmd, tmp, cmds, list)
		kfree(cmd);
	INIT_LIST_HEAD(cmds);
}

/**
 * dp_log_refusal - log why a write is refused
 * @kind: the file written: DP_SET the modules file, whose original
 *	interface logs nothing above KERN_DEBUG; DP_QUERY the control file
 *	(and the parameters that take its commands), at KERN_ERR, as later
 *	kernels' dynamic debug logs it
 * @fmt: the line, without a level
 */
void dp_log_refusal(enum dp_kind kind, const char *fmt, ...)
{
	char line[DP_REFUSAL_MAX];
	va_list args;

	va_start(args, fmt);
	vsnprintf(line, sizeof(line), fmt, args);
	va_end(args);
	printk(kind == DP_SET ? KERN_DEBUG "%s" : KERN_ERR "%s", line);
}

/*
 * At most @n bytes of @s into @q as a log line shows them: a byte that is
 * neither printable ASCII nor a tab (a decoded escape, a carriage return)
 * as \ooo, so that the line stays one and reads as written; at most
 * DP_QUOTE_MAX bytes, never half an escape.
 */
static void dp_quote(char *q, const char *s, size_t n)
{
	size_t len = 0;
	int w;

	for (; n && *s; n--, s++) {
		unsigned char c = *s;

		w = (c < ' ' && c != '\t') || c > '~' ? 4 : 1;
		if (len + w > DP_QUOTE_MAX)
			break;
		if (w == 4)
			snprintf(q + len, 5, "\\%03o", c);
		else
			q[len] = c;
		len += w;
	}
	q[len] = '\0';
}

/* The command refused, and why */
static void dp_log_invalid(const char *text, int len, const struct dp_why *w,
			   enum dp_kind kind)
{
	char cmd[DP_QUOTE_MAX + 1], at[DP_QUOTE_MAX + 1];
	const char *open = "", *close = "";

	dp_quote(cmd, text, len);
	at[0] = '\0';
	if (w->word) {
		dp_quote(at, w->word, DP_QUOTE_MAX);
		open = w->word == w->letter ? " '" : " \"";
		close = open + 1;	/* the quote alone */
	}
	dp_log_refusal(kind, "dynamic_printk: invalid command \"%s\": "
		       "%s%s%s%s\n", cmd, w->why, open, at, close);
}

/*
 * Parse a batch of @count bytes at @buf into @cmds; @out has room for
 * DP_DECODED_MAX(@count) bytes, and holds the words the commands point
 * to.  Each command is also given to @check, if not NULL, in the same
 * pass (the modules file checks that a name is there), so that the bad
 * command logged is the first one written, whatever is wrong with it.
 * Returns 0, or -EINVAL after logging the bad command, or -ENOMEM; on
 * error @cmds is empty.
 */
int dp_parse_batch(const char *buf, size_t count, char *out,
		   enum dp_kind kind, int (*check)(const struct dp_cmd *),
		   struct list_head *cmds)
{
	struct dp_cursor cur = { buf, buf + count, out };
	char *word[DP_MAX_WORDS];
	struct dp_why why;		/* set by every refusal */
	struct dp_cmd *cmd;
	const char *text;
	int n, len = 0, ret;

	while ((n = dp_next_command(&cur, word, &text, &len, &why))) {
		cmd = NULL;
		if (n > 0) {
			ret = -ENOMEM;
			cmd = kzalloc(sizeof(*cmd), GFP_KERNEL);
			if (!cmd)
				goto fail;
			cmd->kind = kind;
			/* no match-spec, no flag yet: zeroed, and any line */
			cmd->last = UINT_MAX;
			if (kind == DP_SET)
				n = dp_parse_set(word, n, cmd, &why);
			else
				n = dp_parse_query(word, n, cur.raw, cmd,
						   &why);
		}
		if (!n) {
			if (cmd->module)
				dp_underscores(cmd->module);
			if (!check || !check(cmd)) {
				cmd->text = text;
				cmd->len = len;
				list_add_tail(&cmd->list, cmds);
				continue;
			}
			dp_refuse(&why, "no module of that name", cmd->module);
		}
		dp_log_invalid(text, len, &why, kind);
		kfree(cmd);
		ret = -EINVAL;
		goto fail;
	}
	return 0;
fail:
	dp_free_cmds(cmds);
	return ret;
}

/*
 * Only printable ASCII and blanks: a NUL or a binary byte in a command is
 * a mistake, and would cut or garble the log line quoting it.
 */
int dp_check_bytes(const char *buf, size_t count, enum dp_kind kind)
{
	size_t i;

	for (i = 0; i < count; i++) {
		unsigned char c = buf[i];

		if (!dp_is_blank(c) && c != '\n' && (c < '!' || c > '~')) {
			dp_log_refusal(kind, "dynamic_printk: invalid byte "
				       "0x%02x at offset %lu\n", c,
				       (unsigned long)i);
			return -EINVAL;
		}
	}
	return 0;
}
