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

const char dp_flag_chars[DP_NR_FLAGS + 1] = "pmflt";
const unsigned char dp_flag_bits[DP_NR_FLAGS] = {
	DYNAMIC_PRINTK_FL_PRINT, DYNAMIC_PRINTK_FL_MODULE,
	DYNAMIC_PRINTK_FL_FUNC, DYNAMIC_PRINTK_FL_LINE, DYNAMIC_PRINTK_FL_TID,
};

static int dp_is_blank(char c)
{
	return c == ' ' || c == '\t';
}

/* Where the tokenizer is: the batch as written, and the decoded words */
struct dp_cursor {
	const char *pos, *end;
	const char *line;		/* start of the current line */
	char *out;			/* decoded words, NUL-terminated */
};

/* One backslash escape at *s (after the backslash) into *c */
static int dp_escape(const char **s, const char *end, char *c)
{
	const char *p = *s;
	int v = 0, i;

	if (p == end)
		return -EINVAL;
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
				return -EINVAL;
			v = v * 8 + p[i] - '0';
		}
		if (!v || v > 255)
			return -EINVAL;
		*c = v;
		*s = p + 3;
		return 0;
	}
	*s = p + 1;
	return 0;
}

/*
 * Split the next command of the batch into words, quotes and escapes
 * decoded.  Returns the number of words, 0 when the batch is done, or
 * -EINVAL for an unterminated quote, a bad escape or too many words; the
 * command's text is then still all of it, to its end, for the log.
 */
static int dp_next_command(struct dp_cursor *cur, char *word[],
			   const char **text, int *len)
{
	const char *s = cur->pos, *last = NULL;
	int n = 0, err = 0;
	char q;

	*text = NULL;
	while (s < cur->end) {
		char c = *s;

		if (c == ';' || c == '\n') {
			s++;
			if (c == '\n')
				cur->line = s;
			if (n)
				break;
			continue;
		}
		if (dp_is_blank(c)) {
			s++;
			continue;
		}
		if (c == '#' && (s == cur->line || dp_is_blank(s[-1]) ||
				  s[-1] == ';')) {
			while (s < cur->end && *s != '\n')
				s++;
			continue;
		}
		/* A word, possibly with quoted parts */
		if (!*text)
			*text = s;
		if (n == DP_MAX_WORDS)
			err = -EINVAL;
		else
			word[n++] = cur->out;
		q = 0;
		while (s < cur->end) {
			c = *s;
			if (!q && (dp_is_blank(c) || c == ';' || c == '\n'))
				break;
			if (q && c == '\n')
				break;
			s++;
			if (c == q) {
				q = 0;
				continue;
			}
			if (!q && (c == '"' || c == '\'')) {
				q = c;
				continue;
			}
			if (c == '\\' && dp_escape(&s, cur->end, &c))
				err = -EINVAL;
			*cur->out++ = c;
		}
		*cur->out++ = '\0';
		last = s;
		if (q)
			err = -EINVAL;
	}
	cur->pos = s;
	if (*text)
		*len = last - *text;
	return err ? err : n;
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

/* "<n>", "<n>-<m>", "-<m>", "<n>-": a line range */
static int dp_parse_uint(const char **s, unsigned int *v)
{
	unsigned long long x = 0;
	const char *p = *s;

	if (!isdigit(*p))
		return -EINVAL;
	while (isdigit(*p)) {
		x = x * 10 + *p++ - '0';
		if (x > UINT_MAX)
			return -EINVAL;
	}
	*v = x;
	*s = p;
	return 0;
}

static int dp_parse_lines(const char *s, struct dp_cmd *cmd)
{
	cmd->first = 0;
	cmd->last = UINT_MAX;
	if (!strcmp(s, "-"))
		return -EINVAL;
	if (*s != '-' && dp_parse_uint(&s, &cmd->first))
		return -EINVAL;
	if (!*s) {
		cmd->last = cmd->first;
		return 0;
	}
	if (*s++ != '-')
		return -EINVAL;
	if (*s && dp_parse_uint(&s, &cmd->last))
		return -EINVAL;
	if (*s || cmd->first > cmd->last)
		return -EINVAL;
	return 0;
}

/* "+p", "-fl", "=_", ...: the operator and the flags */
static int dp_parse_flags(const char *s, struct dp_cmd *cmd)
{
	const char *c;

	if (*s != '+' && *s != '-' && *s != '=')
		return -EINVAL;
	cmd->op = *s++;
	cmd->flags = 0;
	if (!*s)
		return -EINVAL;
	for (; *s; s++) {
		if (*s == '_')
			continue;
		c = strchr(dp_flag_chars, *s);
		if (!c)
			return -EINVAL;
		cmd->flags |= dp_flag_bits[c - dp_flag_chars];
	}
	return 0;
}

/*
 * A line of the control file: "<file>:<line>", "[<module>]<function>",
 * "=<flags>", "<format>".  Sets exactly that call site's flags.
 */
static int dp_parse_site(char *word[], int n, struct dp_cmd *cmd)
{
	char *colon, *bracket;
	const char *s;

	if (n != 4 || word[1][0] != '[' || word[2][0] != '=')
		return -EINVAL;
	colon = strrchr(word[0], ':');
	bracket = strchr(word[1], ']');
	if (!colon || colon == word[0] || !bracket ||
	    bracket == word[1] + 1 || !bracket[1])
		return -EINVAL;
	s = colon + 1;
	if (dp_parse_uint(&s, &cmd->first) || *s)
		return -EINVAL;
	cmd->last = cmd->first;
	*colon = '\0';
	*bracket = '\0';
	cmd->file = word[0];
	cmd->module = word[1] + 1;
	cmd->func = bracket + 1;
	cmd->format = word[3];
	cmd->exact = 1;
	return dp_parse_flags(word[2], cmd);
}

/* A command of the control file, words already split */
static noinline int dp_parse_query(char *word[], int n, struct dp_cmd *cmd)
{
	static const char * const keys[] = {
		"file", "func", "module", "format", "line"
	};
	/* Where the value of each key but "line" goes */
	static const unsigned char spec[] = {
		offsetof(struct dp_cmd, file), offsetof(struct dp_cmd, func),
		offsetof(struct dp_cmd, module), offsetof(struct dp_cmd, format)
	};
	unsigned int seen = 0;
	int i, k;

	cmd->kind = DP_QUERY;
	cmd->first = 0;
	cmd->last = UINT_MAX;
	for (i = 0; i < n - 1; i += 2) {
		for (k = 0; k < ARRAY_SIZE(keys); k++)
			if (!strcmp(word[i], keys[k]))
				break;
		if (k == ARRAY_SIZE(keys))
			return i ? -EINVAL : dp_parse_site(word, n, cmd);
		if ((seen & (1 << k)) || i + 1 == n - 1)
			return -EINVAL;
		seen |= 1 << k;
		if (k < ARRAY_SIZE(spec))
			*(char **)((char *)cmd + spec[k]) = word[i + 1];
		else if (dp_parse_lines(word[i + 1], cmd))
			return -EINVAL;
	}
	if (i != n - 1)
		return -EINVAL;
	return dp_parse_flags(word[n - 1], cmd);
}

/* "enabled=0" or "enabled=1", exactly */
static noinline int dp_parse_setting(const char *word, struct dp_cmd *cmd)
{
	if (strncmp(word, "enabled=", 8) || (word[8] != '0' &&
					      word[8] != '1') || word[9])
		return -EINVAL;
	cmd->op = word[8] == '1' ? '+' : '-';
	cmd->flags = DP_FL_PRINT;
	cmd->last = UINT_MAX;
	return 0;
}

/*
 * A command of the modules file, words already split: 'p' for every call
 * site of the name, or of every name for "all" (no name)
 */
static int dp_parse_set(char *word[], int n, struct dp_cmd *cmd)
{
	cmd->kind = DP_SET;
	if (n == 3 && !strcmp(word[0], "set") &&
	    !dp_parse_setting(word[1], cmd))
		cmd->module = word[2];
	else if (n == 2 && !dp_parse_setting(word[1], cmd))
		cmd->module = word[0];
	else
		return -EINVAL;
	if (!strcmp(cmd->module, "all"))
		cmd->module = NULL;
	return 0;
}

noinline void dp_free_cmds(struct list_head *cmds)
{
	struct dp_cmd *cmd, *tmp;

	list_for_each_entry_safe(cmd, tmp, cmds, list)
		kfree(cmd);
}

static void dp_log_invalid(const char *text, int len)
{
	printk(KERN_DEBUG "dynamic_printk: invalid command \"%.*s\"\n",
	       min(len, DP_QUOTE_MAX), text);
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
	struct dp_cursor cur = { buf, buf + count, buf, out };
	char *word[DP_MAX_WORDS];
	struct dp_cmd *cmd;
	const char *text;
	int n, len = 0;

	while ((n = dp_next_command(&cur, word, &text, &len))) {
		cmd = n < 0 ? NULL : kzalloc(sizeof(*cmd), GFP_KERNEL);
		if (n > 0 && !cmd) {
			dp_free_cmds(cmds);
			INIT_LIST_HEAD(cmds);
			return -ENOMEM;
		}
		if (n > 0 && !(kind == DP_SET ? dp_parse_set(word, n, cmd) :
			       dp_parse_query(word, n, cmd))) {
			if (cmd->module)
				dp_underscores(cmd->module);
			if (!check || !check(cmd)) {
				cmd->text = text;
				cmd->len = len;
				list_add_tail(&cmd->list, cmds);
				continue;
			}
		}
		kfree(cmd);
		dp_free_cmds(cmds);
		INIT_LIST_HEAD(cmds);
		dp_log_invalid(text, len);
		return -EINVAL;
	}
	return 0;
}

/*
 * Only printable ASCII and blanks: a NUL or a binary byte in a command is
 * a mistake, and would cut or garble the log line quoting it.
 */
int dp_check_bytes(const char *buf, size_t count)
{
	size_t i;

	for (i = 0; i < count; i++) {
		unsigned char c = buf[i];

		if (!dp_is_blank(c) && c != '\n' && (c < '!' || c > '~')) {
			printk(KERN_DEBUG "dynamic_printk: invalid byte 0x%02x "
			       "at offset %lu\n", c, (unsigned long)i);
			return -EINVAL;
		}
	}
	return 0;
}
