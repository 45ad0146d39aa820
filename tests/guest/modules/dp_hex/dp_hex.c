/*
 * dp_hex: print_hex_dump_debug() as a dynamic call site, and a pr_debug()
 * in an inline function of a header (dp_hex.h).
 *
 * Parameters (/sys/module/dp_hex/parameters/):
 *	fire	writing a word runs the dump of dp_hex_buf (20 bytes,
 *		"dp_hex buffer\0" then 0xff..0xfb, offsets, 16 per row,
 *		1-byte groups, with ASCII), prefix "dp_hex: ", then the
 *		header's pr_debug() with that word.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/moduleparam.h>
#include "dp_hex.h"

/* v2.6.27 without the series (the loop boots build every test module) */
#ifndef print_hex_dump_debug
#define print_hex_dump_debug(prefix, type, rowsize, groupsize, buf, len,	\
			     ascii)					\
	print_hex_dump(KERN_DEBUG, prefix, type, rowsize, groupsize, buf,	\
		       len, ascii)
#endif

static const unsigned char dp_hex_buf[20] = {
	'd', 'p', '_', 'h', 'e', 'x', ' ', 'b', 'u', 'f', 'f', 'e', 'r', 0,
	0xff, 0xfe, 0xfd, 0xfc, 0xfb, 0x00
};

static int fire_set(const char *val, struct kernel_param *kp)
{
	print_hex_dump_debug("dp_hex: ", DUMP_PREFIX_OFFSET, 16, 1,
			     dp_hex_buf, sizeof(dp_hex_buf), true);
	dp_hex_inline(val);
	return 0;
}
module_param_call(fire, fire_set, NULL, NULL, 0200);

static int __init dp_hex_init(void)
{
	return 0;
}

static void __exit dp_hex_exit(void)
{
}

module_init(dp_hex_init);
module_exit(dp_hex_exit);
MODULE_LICENSE("GPL");
