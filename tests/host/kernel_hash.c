/*
 * Prints the buckets lib/dynamic_printk.c itself computes for names read
 * as hex strings, one per line, from stdin: "<djb2> <r5>" per line.  The
 * library file is included unchanged to reach its static hash functions.
 */
#include "../../lib/dynamic_printk.c"

#include <stdio.h>
#include <stdlib.h>

/* The library refers to __start___verbose; give it a section */
static struct mod_debug kernel_hash_dummy __used
	__attribute__((section("__verbose"))) = {
	.modname = "\0", .function = "", .format = ""
};

static int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

int main(void)
{
	static char line[65536], name[32768];
	size_t i, n;

	while (fgets(line, sizeof(line), stdin)) {
		for (i = 0, n = 0; hexval(line[i]) >= 0 &&
		     hexval(line[i + 1]) >= 0; i += 2)
			name[n++] = hexval(line[i]) * 16 + hexval(line[i + 1]);
		name[n] = '\0';
		printf("%u %u\n", dp_djb2_hash(name) & DP_HASH_MASK,
		       dp_r5_hash(name));
	}
	return 0;
}
