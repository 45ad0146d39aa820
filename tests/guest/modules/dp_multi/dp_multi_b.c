/* dp_multi: the second object, see dp_multi_a.c */
#include <linux/kernel.h>

void dp_multi_b(const char *tag)
{
	pr_debug("b %s\n", tag);
}
