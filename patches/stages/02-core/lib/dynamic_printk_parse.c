/*
 * lib/dynamic_printk_parse.c
 *
 * The commands of dynamic printk's modules file: a write is cut into
 * commands, each command into words (blanks, quotes, backslash escapes,
 * '#' comments), and the words are parsed into a struct dp_cmd, "set
 * enabled=<0|1> <name>" or a line of the file.  See
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
#include <linux/list.h>
#include <linux/slab.h>
#include <linux/string.h>
#include "dynamic_printk_internal.h"

#define DP_MAX_WORDS	12	/* more than any command of the file has */

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

static void dp_underscores(char *s)
{
	for (; *s; s++)
		if (*s == '-')
			*s = '_';
}

/* "enabled=0" or "enabled=1", exactly */
static noinline int dp_parse_setting(const char *word, struct dp_cmd *cmd)
{
	if (strncmp(word, "enabled=", 8) || (word[8] != '0' &&
					      word[8] != '1') || word[9])
		return -EINVAL;
	cmd->op = word[8] == '1' ? '+' : '-';
	cmd->flags = DP_FL_PRINT;
	return 0;
}

/*
 * A command of the modules file, words already split: 'p' for every call
 * site of the name, or of every name for "all" (no name)
 */
static int dp_parse_set(char *word[], int n, struct dp_cmd *cmd)
{
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
		   int (*check)(const struct dp_cmd *), struct list_head *cmds)
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
		if (n > 0 && !dp_parse_set(word, n, cmd)) {
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
