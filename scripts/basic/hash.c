/*
 * hash - print the dynamic printk hash bucket of a string
 *
 * Usage: hash djb2 <string>
 *        hash r5 <string>
 *
 * Prints the bucket (0 .. 2^DYNAMIC_PRINTK_HASH_BITS - 1) of <string> in
 * decimal.  scripts/Makefile.lib passes the two buckets of a module name to
 * the compiler as DEBUG_HASH and DEBUG_HASH2, so that each pr_debug() or
 * dev_dbg() call site can test its own two bits of the enable masks inline.
 * lib/dynamic_printk.c computes the same functions at run time; the two
 * must stay identical.
 *
 * This file is released under the GPLv2.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Must match DYNAMIC_PRINTK_HASH_BITS in include/linux/dynamic_printk.h */
#define HASH_BITS	6
#define HASH_MASK	((1U << HASH_BITS) - 1)

static void usage(void)
{
	fprintf(stderr, "Usage: hash djb2|r5 <string>\n");
	exit(1);
}

/* Bernstein's hash: h = h * 33 + c */
static unsigned int djb2_hash(const char *str)
{
	const unsigned char *s = (const unsigned char *)str;
	unsigned int hash = 5381;

	while (*s)
		hash = hash * 33 + *s++;
	return hash & HASH_MASK;
}

/* ReiserFS's r5 hash, on unsigned bytes (the same for ASCII names) */
static unsigned int r5_hash(const char *str)
{
	const unsigned char *s = (const unsigned char *)str;
	unsigned int hash = 0;

	while (*s) {
		hash = (hash + (*s << 4) + (*s >> 4)) * 11;
		s++;
	}
	return hash & HASH_MASK;
}

int main(int argc, char *argv[])
{
	if (argc != 3)
		usage();

	if (!strcmp(argv[1], "djb2"))
		printf("%u\n", djb2_hash(argv[2]));
	else if (!strcmp(argv[1], "r5"))
		printf("%u\n", r5_hash(argv[2]));
	else
		usage();

	/* A build must not go on with an empty or truncated number */
	if (fflush(stdout) || ferror(stdout))
		return 1;
	return 0;
}
