/*
 * dp_outside: a patched call site entry whose instruction is not code,
 * for kernels with patched call sites (CONFIG_DYNAMIC_PRINTK_PATCH_SITES).
 *
 * Besides the entry of its one pr_debug() (in fire_set()), the module's
 * __verbose_sites section has an entry made by hand, as a corrupt or
 * misplaced entry would be: its instruction is the 5 bytes of the data
 * array dp_data, which are exactly the compiler's NOP; its print code a
 * function of the module and its descriptor one of the module's own (in
 * outside_fn(), listed in the control file).  Data is never code: the
 * kernel must neither read nor write it when the descriptor gets or loses
 * p, and says at registration that one call site is outside the code.
 * A kernel that wrote it would turn the array into a jump.
 *
 * /sys/module/dp_outside/parameters/:
 *	data	(read) dp_data's 5 bytes, "66 66 66 66 90" as built
 *	sites	(read) one line per entry of __verbose_sites:
 *		"<where> <5 bytes>", where "code" (in the module's code) or
 *		"data" (dp_data)
 *	fire	(write) run fire_set()'s pr_debug(): "fire <the value>"
 */
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/string.h>

/* The compiler's 5-byte NOP, as data */
static unsigned char dp_data[5] __used = { 0x66, 0x66, 0x66, 0x66, 0x90 };

static int fmt_bytes(char *buf, const unsigned char *b)
{
	return sprintf(buf, "%02x %02x %02x %02x %02x", b[0], b[1], b[2],
		       b[3], b[4]);
}

static int get_data(char *buf, struct kernel_param *kp)
{
	return fmt_bytes(buf, dp_data);
}
module_param_call(data, NULL, get_data, NULL, 0444);

static int fire_set(const char *val, struct kernel_param *kp)
{
	pr_debug("fire %.*s\n", (int)strcspn(val, "\n"), val);
	return 0;
}
module_param_call(fire, fire_set, NULL, NULL, 0200);

#ifdef DYNAMIC_PRINTK_PATCHED
/*
 * Never run: its descriptor, and the hand-made entry, whose three
 * offsets (from each field) are those __dynamic_printk_site() puts, but
 * for the instruction, dp_data.  The print code is this function's
 * first byte, in the module's code.
 */
static void __used outside_fn(void)
{
	__DYNAMIC_PRINTK_DESCRIPTOR(outside_dd, "outside\n");

	asm volatile(".pushsection __verbose_sites, \"a\"\n\t"
		     ".balign 4\n\t"
		     ".long %c0 - ., %c1 - ., %c2 - .\n\t"
		     ".popsection"
		     : : "i" (dp_data), "i" (outside_fn), "i" (&outside_dd));
}

static void *dp_rel(const int *field)
{
	return (void *)((unsigned long)field + *field);
}

static int get_sites(char *buf, struct kernel_param *kp)
{
	struct mod_debug_site *s = THIS_MODULE->verbose_sites;
	unsigned char *core = THIS_MODULE->module_core;
	unsigned char *code;
	unsigned int i;
	int len = 0;

	for (i = 0; i < THIS_MODULE->num_verbose_sites; i++, s++) {
		code = dp_rel(&s->code);
		if (code == dp_data)
			len += sprintf(buf + len, "data ");
		else if (code >= core &&
			 code < core + THIS_MODULE->core_text_size)
			len += sprintf(buf + len, "code ");
		else
			continue;	/* freed init code, if any */
		len += fmt_bytes(buf + len, code);
		len += sprintf(buf + len, "\n");
	}
	return len;
}
#else
static int get_sites(char *buf, struct kernel_param *kp)
{
	return 0;
}
#endif
module_param_call(sites, NULL, get_sites, NULL, 0444);

static int __init dp_outside_init(void)
{
	return 0;
}

static void __exit dp_outside_exit(void)
{
}

module_init(dp_outside_init);
module_exit(dp_outside_exit);
MODULE_LICENSE("GPL");
