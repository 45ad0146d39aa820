/*
 * libFuzzer target for lib/dynamic_printk_parse.c alone: the command
 * language, linked with nothing else of the library (no tables, no
 * locks, no files), so that every execution is spent in the tokenizer,
 * the escapes, the line ranges, the flags and the batches.
 *
 * Inputs are those of fuzz_write, so that both share a corpus:
 *   "\x01" <bytes>	a write of <bytes> to the modules file;
 *   "\x02" <bytes>	commands of a dyndbg parameter: <bytes> to the first
 *			NUL, in the control file's grammar, not byte-checked
 *			(the command line brings no binary bytes);
 *   <bytes>		a write of all of it to the control file.
 * The reference parser of model_parse.h, written from the
 * interface and not from the library, says what must happen:
 *  - dp_check_bytes() refuses exactly the writes with a byte no command
 *    may hold, logging the first one;
 *  - dp_parse_batch() accepts exactly the batches whose every command is
 *    well formed, and otherwise logs the first bad command and returns
 *    -EINVAL with an empty list;
 *  - an accepted batch gives the commands in order, each with the text
 *    the log would quote and every decoded field as the reference has it.
 * Whether a modules file command names a module is the state's business
 * (the check callback of the control code), not the parser's: it is not
 * asked here, and fuzz_write covers it.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>

#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/slab.h>
#include "shim/shim.h"
#include "../../lib/dynamic_printk_internal.h"
#include "model_parse.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void die(const char *why, size_t size)
{
	fprintf(stderr, "fuzz_parse: %s (input of %zu bytes)\n", why, size);
	abort();
}

static int log_bad;

static void log_line(int i, int level, const char *start, size_t len,
		     void *arg)
{
	const struct shim_msg *m = shim_log_get(i);

	(void)arg;
	if (!m || m->level != level || strlen(m->text) != len ||
	    memcmp(m->text, start, len))
		log_bad = 1;
}

/*
 * The one line logged is exactly @want, at @level (more than one if the
 * word it names holds a newline)
 */
static void expect_log(int level, const char *want, size_t size)
{
	const struct shim_msg *m = shim_log_get(0);
	int n;

	log_bad = 0;
	n = m_log_split(level, want, log_line, NULL);
	if (shim_log_count() != n || log_bad) {
		fprintf(stderr, "logged %ld lines, first <%d>'%s', want <%d>'%s'",
			shim_log_count(), m ? m->level : -1, m ? m->text : "",
			level, want);
		die("wrong log", size);
	}
}

static int same_str(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

static void compare(const struct dp_cmd *k, const struct mcmd *m,
		    size_t size)
{
	if (k->text != m->text || (size_t)k->len != m->len)
		die("command text differs", size);
	if (m->set) {
		/* "all" is every name: no name to match */
		const char *name = strcmp(m->name, "all") ? m->name : NULL;

		if (k->kind != DP_SET || !same_str(k->module, name) ||
		    k->op != (m->value ? '+' : '-') || k->flags != FL_P ||
		    k->file || k->func || k->format || k->first ||
		    k->last != UINT_MAX || k->exact)
			die("modules file command differs", size);
		return;
	}
	if (k->kind != DP_QUERY || k->op != m->op || k->flags != m->flags ||
	    !same_str(k->file, m->file) || !same_str(k->func, m->func) ||
	    !same_str(k->module, m->module) ||
	    !same_str(k->format, m->format) || k->first != m->lo ||
	    k->last != m->hi || !k->exact != !m->exact)
		die("control file command differs", size);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct mbatch b;
	struct dp_cmd *cmd;
	LIST_HEAD(cmds);
	char *buf, *out;
	int modules = 0, param = 0, ret, ok, i;
	size_t n = size;

	if (size > 4096)
		return 0;
	if (size && (data[0] == 1 || data[0] == 2)) {
		modules = data[0] == 1;
		param = data[0] == 2;
		data++;
		n--;
	}
	if (param)
		n = strnlen((const char *)data, n);
	/* Copies of their exact size, so that ASan sees any overrun */
	buf = malloc(n ? n : 1);
	memcpy(buf, data, n);
	out = malloc(DP_DECODED_MAX(n));

	memset(&b, 0, sizeof(b));
	b.ok = 1;
	shim_log_reset();
	if (!param) {
		ret = dp_check_bytes(buf, n, modules ? DP_SET : DP_QUERY);
		if (!m_precheck((const unsigned char *)buf, n, &b)) {
			if (ret != -EINVAL)
				die("bad bytes accepted", size);
			expect_log(m_refused_level(modules), b.why, size);
			goto out;
		}
		if (ret)
			die("good bytes refused", size);
	}

	m_split((const unsigned char *)buf, n, modules, &b);
	ok = 1;
	for (i = 0; i < b.ncmds && ok; i++)
		if (b.cmds[i].bad) {
			mbatch_reject(&b, &b.cmds[i]);
			ok = 0;
		}
	ret = dp_parse_batch(buf, n, out, modules ? DP_SET : DP_QUERY, NULL,
			     &cmds);
	if (!ok) {
		if (ret != -EINVAL || !list_empty(&cmds))
			die("bad batch accepted", size);
		expect_log(m_refused_level(modules), b.why, size);
		goto out;
	}
	if (ret)
		die("good batch refused", size);
	if (shim_log_count())
		die("an accepted batch logged", size);
	i = 0;
	list_for_each_entry(cmd, &cmds, list) {
		if (i == b.ncmds)
			die("more commands than written", size);
		compare(cmd, &b.cmds[i++], size);
	}
	if (i != b.ncmds)
		die("commands lost", size);
	dp_free_cmds(&cmds);
out:
	mbatch_free(&b);
	free(out);
	free(buf);
	return 0;
}
