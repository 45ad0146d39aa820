/*
 * Test 4: libFuzzer target for the write paths of lib/dynamic_printk.c.
 * Each input is one of:
 *   "\x01" <bytes>	a write of <bytes> to the modules file;
 *   "\x02" <bytes>	the module parameter dyndbg=<bytes> (to the first
 *			NUL) of a registered module, a bare "dyndbg" if
 *			there are none;
 *   <bytes>		a write of all of it to the control file.
 * (0x01 and 0x02 are bytes no write may hold, so no write to the control
 * file is lost to them.)  Writes go through the real file_operations.
 * The reference parser and the model of model.h, written from the
 * interface and not from lib/dynamic_printk.c, say what must happen:
 *  - the result: the byte count, 0 or -EINVAL (for the parameter);
 *  - the log: exactly the lines the model expects (at KERN_DEBUG, one
 *    per command of an accepted write when dynamic_printk.verbose is
 *    set, which it is for two inputs in three; one naming the reason of
 *    a rejected one, at KERN_ERR for the control file and dyndbg, at
 *    KERN_DEBUG for the modules file: its size, its first bad byte or
 *    its first bad command and why);
 *  - the state: unchanged by a rejected write (both files, the masks,
 *    every descriptor's flags), and for an accepted one what applying
 *    its commands in order to the model gives, with the masks exactly
 *    what the call sites with 'p' need.
 * The state carries over from one input to the next.  The run starts
 * with a boot list, so that there are wished names (accepted by "set
 * enabled=0" while not registered).  A write that clears a wish is
 * followed by a "reboot" of the wishes: vmlinux is unregistered and
 * dynamic_printk_init() runs again, making the boot list's wishes again
 * and registering vmlinux after the other tables, so that every input
 * meets the wishes.
 */
#include <stdint.h>

#include "model.h"

static const char *const fuzz_names[] = {
	"foo", "bar", "allx", "all0", "xall", "set", "enabled", "e1000",
	"snd_hda_intel", "scsi_mod", "_",
	NAME_BOTH_A, NAME_BOTH_B, NAME_D_A, NAME_D_B,
};

/* Call sites for the control file's grammar: files, functions, formats */
static const struct {
	const char *name, *file, *func, *fmt;
	unsigned int line;
} fuzz_sites[] = {
	{ "grammar", "drivers/gram/core.c", "g_init", "init %d\n", 10 },
	{ "grammar", "drivers/gram/core.c", "g_exit", "exit\n", 20 },
	{ "grammar", "drivers/gram/sub/util.c", "u_helper", "helper\ttab\n",
	  30 },
	{ "grammar", "drivers/gram/sub/util.c", "u_semi",
	  "a;b #c 'd' \"e\"", 40 },
	{ "gr_two", "fs/gr/core.c", "t_init", "init two\n", 10 },
	{ "gr_two", "fs/gr/core.c", "t_x", "x\033y\351\n", 4294967295U },
	{ "gr_two", "fs/gr/core.c", "t_inline", "inline\n", 7 },
	{ "gr_two", "fs/gr/core.c", "t_inline2", "inline\n", 7 },
	{ "fmt_esc", "x.c", "esc_empty", "", 0 },
	{ "fmt_esc", "x.c", "esc_bs", "back\\slash %s", 1 },
	/* for "file <path>:<func>", "file <path>:<lines>", "format ^" */
	{ "fmt_esc", "include/linux/fz.h", "fz_inline", "fz: init %d\n", 12 },
	{ "fmt_esc", "include/linux/fz.h", "fz_other", "init fz\n", 30 },
};
#define NSITES	(sizeof(fuzz_sites) / sizeof(fuzz_sites[0]))

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
static struct fakemod *fm, *sites;
static const char *const sites_name = "grammar";

static int nr_wishes;
static unsigned long nr_inputs;

static void reset_wishes(void)
{
	char list[] = FUZZ_BOOT_LIST, *item, *rest = list;

	while ((item = strsep(&rest, ",")))
		model_wish_add(item);
	nr_wishes = model_nwish;
}

/* The boot list's wishes are back; vmlinux registered again, last */
static void rewish(void)
{
	m_unregister(__start___verbose, __stop___verbose - __start___verbose);
	reset_wishes();
	mlog_reset();
	shim_log_reset();
	m_init(NULL);
	if (!mlog_check("dynamic_printk_init() again") ||
	    !model_check("dynamic_printk_init() again"))
		die(cur_fail, NULL, 0);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	unsigned int i;

	(void)argc;
	(void)argv;
	shim_rcu_register_thread();
	begin("fuzz");
	shim_boot("console=ttyS0 dynamic_printk=" FUZZ_BOOT_LIST);
	reset_wishes();
	m_init(NULL);
	if (shim_run_initcalls() || !ctl_find())
		die("setup failed", NULL, 0);
	fm = fake_new(fuzz_names, sizeof(fuzz_names) / sizeof(fuzz_names[0]),
		      2, 1, 0);
	sites = fake_new(&sites_name, 1, NSITES, 0, 1);
	for (i = 0; i < NSITES; i++)
		fake_site(sites, i, fuzz_sites[i].name, fuzz_sites[i].file,
			  fuzz_sites[i].func, fuzz_sites[i].line,
			  fuzz_sites[i].fmt);
	if (fake_register(fm) || fake_register(sites))
		die("register failed", NULL, 0);
	if (!model_check("initial state"))
		die(cur_fail, NULL, 0);
	/* the other places of the control file: now and then */
	model_check_aliases = 0;
	return 0;
}

/* Compare what was logged with the model's lines */
static void check_log(const uint8_t *data, size_t size)
{
	long i, errs = 0;

	for (i = 0; i < mlog_n && i < MLOG_MAX; i++)
		errs += mlog[i].level < 7;
	if (shim_log_above_debug() != errs)
		die("lines above KERN_DEBUG not the model's", data, size);
	if (!mlog_check("fuzz input")) {
		fprintf(stderr, "fuzz_write: %s\n", cur_fail);
		die("wrong log", data, size);
	}
}

/* dyndbg=<bytes to the first NUL> for the grammar module */
static void param_input(const uint8_t *data, size_t size)
{
	char *val = malloc(size + 1);
	struct snapshot snap;
	int ret;

	memcpy(val, data, size);
	val[size] = '\0';
	snap_take(&snap);
	mlog_reset();
	shim_log_reset();
	ret = m_module_param(sites->dd, sites->n, "dyndbg", size ? val : NULL);
	if (cur_fail[0])
		die(cur_fail, data, size);
	check_log(data, size);
	if (ret) {
		if (!snap_same(&snap, "rejected dyndbg"))
			die(cur_fail, data, size);
	} else {
		snap_drop(&snap);
	}
	free(val);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct snapshot snap;
	struct mbatch b;
	int modules = 0, ok;
	long ret;

	nr_inputs++;
	model_check_aliases = nr_inputs % 4096 == 0;
	m_set_verbose(nr_inputs % 3 != 0);
	/* reads of every size, each resuming where the last stopped */
	site_read_chunk = nr_inputs % 2 ? READ_CAP : 1 + nr_inputs % 997;
	if (size && data[0] == 2) {
		param_input(data + 1, size - 1);
		if (!model_check("after dyndbg"))
			die(cur_fail, data, size);
		return 0;
	}
	if (size && data[0] == 1) {
		modules = 1;
		data++;
		size--;
	}
	ok = mbatch_parse(data, size, modules, &b);
	snap_take(&snap);
	mlog_reset();
	shim_log_reset();
	ret = modules ? ctl_write_len(data, size) :
		site_write_len(data, size);
	if (ret != (long)size && ret != -EINVAL)
		die("neither count nor -EINVAL", data, size);
	if (ok && ret != (long)size)
		die("a valid write was rejected", data, size);
	if (!ok && ret != -EINVAL)
		die("an invalid write was accepted", data, size);
	if (ok)
		mbatch_apply(&b, -1, NULL);
	else
		mlog_add(b.level, "%s", b.why);
	mbatch_free(&b);
	check_log(data, size);
	if (!ok) {
		if (!snap_same(&snap, "rejected write"))
			die(cur_fail, data, size);
		return 0;
	}
	snap_drop(&snap);
	if (!model_check("after an accepted write"))
		die(cur_fail, data, size);
	if (shim_bugs())
		die(shim_last_bug(), data, size);
	if (model_nwish != nr_wishes)
		rewish();
	return 0;
}
