/* dp_debughalf: the object built with -DDEBUG, see dp_debughalf_a.c */
#ifndef DEBUG
#error "DEBUG is not defined: CFLAGS_dp_debughalf_b.o did not take"
#endif
#include <linux/kernel.h>

void dp_debughalf_b(const char *what, const char *tag)
{
	pr_debug("%s %s\n", what, tag);
}
