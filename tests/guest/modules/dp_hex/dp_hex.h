/* dp_hex: a call site in a header, see dp_hex.c */
#ifndef DP_HEX_H
#define DP_HEX_H

#include <linux/kernel.h>

static inline void dp_hex_inline(const char *tag)
{
	pr_debug("header %s\n", tag);
}

#endif
