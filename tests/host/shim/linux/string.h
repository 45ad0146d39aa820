#ifndef SHIM_LINUX_STRING_H
#define SHIM_LINUX_STRING_H
#include <string.h>
#include <linux/slab.h>

/* mm/util.c of 2.6.27, with the shim's kmalloc() (accounted) */
char *kstrdup(const char *s, gfp_t gfp);
char *kstrndup(const char *s, size_t max, gfp_t gfp);
/* lib/string.c of 2.6.27 */
char *strstrip(char *s);
#endif
