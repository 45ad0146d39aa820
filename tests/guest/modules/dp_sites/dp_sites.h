/* dp_sites: what its two objects share, see dp_sites_a.c */
#ifndef DP_SITES_H
#define DP_SITES_H

#include <linux/kernel.h>

const char *dp_sites_eval(const char *tag);
void dp_sites_b_fire(const char *tag);

/*
 * A call site in an inline function of a header: listed under this
 * file's path, "dp_sites.h:<line>", in each object that calls it.
 */
static inline void dp_sites_inline(const char *tag)
{
	pr_debug("inline %s\n", dp_sites_eval(tag));
}

#endif
