/*
 * Test 4: libFuzzer target for the control file's write path.  Each input
 * is written through the real file_operations.  An independent model of
 * the write grammar (below, written from the contract, not from
 * lib/dynamic_printk.c) says what must happen:
 *  - the result: the byte count or -EINVAL;
 *  - the log: exactly the KERN_DEBUG lines the model expects (one per
 *    command of an accepted write; one naming the reason of a rejected
 *    one: its size, its first bad byte, its first bad command or the lack
 *    of any command), nothing above KERN_DEBUG;
 *  - the state: unchanged by a rejected write (control file, masks), and
 *    for an accepted one what applying its commands in order to the model
 *    gives.
 * The state carries over from one input to the next.  The run starts with
 * a boot list, so that there are wished names (accepted by "set
 * enabled=0" while not registered).  A write that clears a wish is
 * followed by a "reboot" of the wishes: the core initcall runs again and
 * makes the boot list's wishes again (it registers vmlinux's call sites
 * once more, which are unregistered once right after), so that every
 * input meets them.
 */
#include <stdint.h>

#include "testlib.h"

static const char *const fuzz_names[] = {
	"foo", "bar", "allx", "all0", "xall", "set", "enabled", "e1000",
	"snd_hda_intel", "scsi_mod", "_",
	NAME_BOTH_A, NAME_BOTH_B, NAME_D_A, NAME_D_B,
};

/* Registered: foo, snd_hda_intel and _ (from "-"); not: wish_a, wish_b */
#define FUZZ_BOOT_LIST	"wish_a,snd-hda-intel,foo,wish-b,-"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void die(const char *why, const uint8_t *data, size_t size)
{
	fprintf(stderr, "fuzz_write: %s (input of %zu bytes)\n", why, size);
	(void)data;
	abort();
}

/* Registered for the whole run */
static struct fakemod *fm;

static int nr_wishes;

static void reset_wishes(void)
{
	char list[] = FUZZ_BOOT_LIST, *item, *rest = list;

	while ((item = strsep(&rest, ",")))
		model_wish_add(item);
	nr_wishes = model_nwish;
}

/* The boot list's wishes are back, nothing else changed */
static void rewish(void)
{
	static char before[READ_CAP];
	unsigned long long m1 = dynamic_printk_enabled;
	unsigned long long m2 = dynamic_printk_enabled2;

	snprintf(before, sizeof(before), "%s", ctl_read());
	shim_log_reset();
	if (shim_run_initcall_level(1))
		die("core initcall failed", NULL, 0);
	dynamic_printk_unregister(__start___verbose,
				  __stop___verbose - __start___verbose);
	reset_wishes();
	if (shim_log_count() || strcmp(before, ctl_read()) ||
	    m1 != dynamic_printk_enabled || m2 != dynamic_printk_enabled2)
		die("the core initcall run again changed the state", NULL, 0);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	shim_rcu_register_thread();
	if (shim_run_setup("dynamic_printk=" FUZZ_BOOT_LIST) != 1)
		die("boot list not taken", NULL, 0);
	reset_wishes();
	if (shim_run_initcalls() || !ctl_find())
		die("setup failed", NULL, 0);
	model_descs(__start___verbose, __stop___verbose - __start___verbose,
		    1);
	fm = fake_new(fuzz_names, sizeof(fuzz_names) / sizeof(fuzz_names[0]),
		      2, 1, 0);
	if (fake_register(fm))
		die("register failed", NULL, 0);
	begin("fuzz");
	if (!model_check("initial state"))
		die(cur_fail, NULL, 0);
	return 0;
}

/* ---- the grammar model ---- */

#define MAX_CMDS	4096	/* at most one per two bytes of a page */

struct command {
	size_t off, len;	/* as written, trimmed, without a comment */
	int value;		/* 0/1, or -1: not a valid form */
	char name[4097];	/* '-' read as '_' */
};

static struct command cmds[MAX_CMDS];
static int ncmds;

static int blank(uint8_t c)
{
	return c == ' ' || c == '\t';
}

static void add_command(const uint8_t *d, size_t start, size_t end)
{
	struct command *c = &cmds[ncmds++];
	size_t w[4][2], nw = 0, i = start;

	c->off = start;
	c->len = end - start;
	c->value = -1;
	c->name[0] = '\0';
	/* the words, up to a fourth (which makes the form wrong) */
	while (i < end && nw < 4) {
		while (i < end && blank(d[i]))
			i++;
		w[nw][0] = i;
		while (i < end && !blank(d[i]))
			i++;
		w[nw][1] = i;
		nw++;
	}
#define WORD_IS(k, s)	(w[k][1] - w[k][0] == strlen(s) && \
			 !memcmp(d + w[k][0], s, strlen(s)))
#define SETTING(k)	(WORD_IS(k, "enabled=0") ? 0 : \
			 WORD_IS(k, "enabled=1") ? 1 : -1)
	if (nw == 3 && WORD_IS(0, "set") && SETTING(1) >= 0) {
		c->value = SETTING(1);
		nw = 2;			/* the name */
	} else if (nw == 2 && SETTING(1) >= 0) {
		c->value = SETTING(1);
		nw = 0;
	} else {
		return;
	}
#undef WORD_IS
#undef SETTING
	for (i = w[nw][0]; i < w[nw][1]; i++)
		c->name[i - w[nw][0]] = d[i] == '-' ? '_' : d[i];
	c->name[w[nw][1] - w[nw][0]] = '\0';
}

/*
 * Lines end at '\n'.  A '#' first in a line or after a blank starts a
 * comment to the end of the line.  ';' ends a command.  A command is the
 * span from its first to its last non-blank byte; empty ones are skipped.
 */
static void split(const uint8_t *d, size_t n)
{
	size_t i, start = 0, end = 0;
	int have = 0, comment = 0, line_start = 1;

	ncmds = 0;
	for (i = 0; i < n; i++) {
		uint8_t c = d[i];

		if (c == '\n') {
			if (have)
				add_command(d, start, end);
			have = 0;
			comment = 0;
			line_start = 1;
			continue;
		}
		if (!comment) {
			if (c == '#' && (line_start || blank(d[i - 1]))) {
				comment = 1;
			} else if (c == ';') {
				if (have)
					add_command(d, start, end);
				have = 0;
			} else if (!blank(c)) {
				if (!have)
					start = i;
				have = 1;
				end = i + 1;
			}
		}
		line_start = 0;
	}
	if (have)
		add_command(d, start, end);
}

/* Expected: the result, the log lines; state changes applied on success */
#define MAX_LINES	SHIM_LOG_KEEP
static char want[MAX_LINES][200];
static long nwant;

static int expect(const uint8_t *d, size_t n)
{
	size_t i;
	int k;

	nwant = 1;
	if (n > 4096) {
		snprintf(want[0], sizeof(want[0]), "dynamic_printk: write of "
			 "%zu bytes, more than 4096\n", n);
		return 0;
	}
	for (i = 0; i < n; i++)
		if (!(d[i] >= 0x21 && d[i] <= 0x7e) && d[i] != ' ' &&
		    d[i] != '\t' && d[i] != '\n') {
			snprintf(want[0], sizeof(want[0]), "dynamic_printk: "
				 "invalid byte 0x%02x at offset %zu\n", d[i],
				 i);
			return 0;
		}
	split(d, n);
	for (k = 0; k < ncmds; k++)
		if (cmds[k].value < 0 ||
		    !model_valid(cmds[k].name, cmds[k].value)) {
			snprintf(want[0], sizeof(want[0]), "dynamic_printk: "
				 "invalid command \"%.*s\"\n",
				 (int)(cmds[k].len < 64 ? cmds[k].len : 64),
				 (const char *)d + cmds[k].off);
			return 0;
		}
	/* no command at all (an empty write too): success, nothing logged */
	nwant = ncmds;
	for (k = 0; k < ncmds && k < MAX_LINES; k++)
		snprintf(want[k], sizeof(want[k]), "dynamic_printk: %.150s "
			 "enabled=%d\n", cmds[k].name, cmds[k].value);
	return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char before[READ_CAP];
	unsigned long long m1 = dynamic_printk_enabled;
	unsigned long long m2 = dynamic_printk_enabled2;
	int ok, k;
	long ret;

	snprintf(before, sizeof(before), "%s", ctl_read());
	shim_log_reset();
	ret = ctl_write_len(data, size);
	ok = expect(data, size);

	if (ret != (long)size && ret != -EINVAL)
		die("neither count nor -EINVAL", data, size);
	if (ok && ret != (long)size)
		die("a valid write was rejected", data, size);
	if (!ok && ret != -EINVAL)
		die("an invalid write was accepted", data, size);
	if (shim_log_above_debug())
		die("logged above KERN_DEBUG", data, size);
	if (shim_log_count() != nwant) {
		fprintf(stderr, "fuzz_write: %ld lines logged, expected %ld; "
			"first expected: %s", shim_log_count(), nwant, want[0]);
		if (shim_log_count())
			fprintf(stderr, "fuzz_write: first logged: %s",
				shim_log_get(0)->text);
		die("wrong number of log lines", data, size);
	}
	for (k = 0; k < nwant && k < MAX_LINES; k++)
		if (shim_log_get(k)->level != 7 ||
		    strcmp(shim_log_get(k)->text, want[k])) {
			fprintf(stderr, "fuzz_write: line %d: <%d>%s"
				"fuzz_write: expected: <7>%s", k,
				shim_log_get(k)->level, shim_log_get(k)->text,
				want[k]);
			die("wrong log line", data, size);
		}
	if (ret == -EINVAL) {
		if (strcmp(before, ctl_read()))
			die("rejected write changed the output", data, size);
		if (m1 != dynamic_printk_enabled ||
		    m2 != dynamic_printk_enabled2)
			die("rejected write changed the masks", data, size);
		return 0;
	}
	for (k = 0; k < ncmds; k++)
		model_set_unchecked(cmds[k].name, cmds[k].value);
	if (!model_check("after an accepted write"))
		die(cur_fail, data, size);
	if (shim_bugs())
		die(shim_last_bug(), data, size);
	if (model_nwish != nr_wishes)
		rewish();
	return 0;
}
