/*
 * Test 4: libFuzzer target for the control file's write path.  Each input
 * is written through the real file_operations.  The result must be the
 * byte count or -EINVAL, as an independent grammar check (below) says; a
 * rejected write must leave the control file, the masks and the log above
 * KERN_DEBUG untouched; an accepted one must log one KERN_DEBUG line and
 * change the state exactly as the model says.  The state carries over from
 * one input to the next.
 */
#include <stdint.h>

#include "testlib.h"

static const char *const fuzz_names[] = {
	"foo", "bar", "allx", "all0", "xall", "set", "enabled", "e1000",
	NAME_BOTH_A, NAME_BOTH_B, NAME_D_A, NAME_D_B,
};

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

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	shim_rcu_register_thread();
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

static int is_space(uint8_t c)
{
	return c == ' ' || c == '\t' || c == '\n';
}

/*
 * The grammar, written independently of lib/dynamic_printk.c: a state
 * machine over the bytes collecting the spans of the words.
 */
static int grammar(const uint8_t *d, size_t n, int *value, char *name,
		   size_t cap)
{
	size_t start[4], len[4], i;
	int words = 0, in_word = 0;

	if (n == 0 || n > 4096)
		return 0;
	for (i = 0; i < n; i++) {
		if (is_space(d[i])) {
			in_word = 0;
			continue;
		}
		if (d[i] < 0x21 || d[i] > 0x7e)
			return 0;
		if (!in_word) {
			if (words == 4)
				return 0;
			start[words] = i;
			len[words] = 0;
			words++;
			in_word = 1;
		}
		len[words - 1]++;
	}
	if (words != 3)
		return 0;
	if (len[0] != 3 || memcmp(d + start[0], "set", 3))
		return 0;
	if (len[1] != 9 || memcmp(d + start[1], "enabled=", 8))
		return 0;
	if (d[start[1] + 8] == '0')
		*value = 0;
	else if (d[start[1] + 8] == '1')
		*value = 1;
	else
		return 0;
	if (len[2] >= cap)
		return 0;
	memcpy(name, d + start[2], len[2]);
	name[len[2]] = '\0';
	return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char before[READ_CAP];
	static char name[8192], want[8400];
	unsigned long long m1 = dynamic_printk_enabled;
	unsigned long long m2 = dynamic_printk_enabled2;
	int value = -1, ok;
	long ret;

	snprintf(before, sizeof(before), "%s", ctl_read());
	shim_log_reset();
	ret = ctl_write_len(data, size);

	ok = grammar(data, size, &value, name, sizeof(name)) &&
	     (!strcmp(name, "all") || model_find(name));
	if (ret != (long)size && ret != -EINVAL)
		die("neither count nor -EINVAL", data, size);
	if (ok && ret != (long)size)
		die("a valid command was rejected", data, size);
	if (!ok && ret != -EINVAL)
		die("an invalid command was accepted", data, size);
	if (shim_log_above_debug())
		die("logged above KERN_DEBUG", data, size);
	if (ret == -EINVAL) {
		if (strcmp(before, ctl_read()))
			die("rejected write changed the output", data, size);
		if (m1 != dynamic_printk_enabled ||
		    m2 != dynamic_printk_enabled2)
			die("rejected write changed the masks", data, size);
		return 0;
	}
	snprintf(want, sizeof(want), "dynamic_printk: %s enabled=%d\n", name,
		 value);
	if (shim_log_count() != 1 || shim_log_get(0)->level != 7 ||
	    strcmp(shim_log_get(0)->text, want))
		die("accepted write did not log its one line", data, size);
	model_set(name, value);
	if (!model_check("after an accepted write"))
		die(cur_fail, data, size);
	if (shim_bugs())
		die(shim_last_bug(), data, size);
	return 0;
}
