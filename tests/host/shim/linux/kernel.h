/*
 * Host shim for <linux/kernel.h>: printk() that records messages, and the
 * pr_debug() routing the patched kernel.h uses.
 */
#ifndef SHIM_LINUX_KERNEL_H
#define SHIM_LINUX_KERNEL_H

#include <stdarg.h>
#include <stddef.h>
#include <sys/types.h>
#include <linux/compiler.h>
#include <linux/cache.h>
#include <linux/dynamic_printk.h>

#define KERN_EMERG	"<0>"
#define KERN_ALERT	"<1>"
#define KERN_CRIT	"<2>"
#define KERN_ERR	"<3>"
#define KERN_WARNING	"<4>"
#define KERN_NOTICE	"<5>"
#define KERN_INFO	"<6>"
#define KERN_DEBUG	"<7>"
#define KERN_CONT	""

#define UINT_MAX	(~0U)

/*
 * As kernel/printk.c of 2.6.27: a message that does not end in a newline
 * is continued by the next printk(), whose "<n>" is then plain text.
 */
int printk(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int vprintk(const char *fmt, va_list args)
	__attribute__((format(printf, 1, 0)));

/* lib/vsprintf.c; the C library's, which agree for what is used here */
int snprintf(char *buf, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
int vsnprintf(char *buf, size_t size, const char *fmt, va_list args)
	__attribute__((format(printf, 3, 0)));

#define container_of(ptr, type, member) \
	((type *)((char *)(ptr) - offsetof(type, member)))

#define ARRAY_SIZE(arr)	(sizeof(arr) / sizeof((arr)[0]))

/* As 2.6.27: strict type checks, each argument evaluated once */
#define min(x, y) ({				\
	__typeof__(x) _min1 = (x);		\
	__typeof__(y) _min2 = (y);		\
	(void) (&_min1 == &_min2);		\
	_min1 < _min2 ? _min1 : _min2; })

#define max(x, y) ({				\
	__typeof__(x) _max1 = (x);		\
	__typeof__(y) _max2 = (y);		\
	(void) (&_max1 == &_max2);		\
	_max1 > _max2 ? _max1 : _max2; })

#define min_t(type, x, y) ({			\
	type __min1 = (x);			\
	type __min2 = (y);			\
	__min1 < __min2 ? __min1 : __min2; })

#define max_t(type, x, y) ({			\
	type __max1 = (x);			\
	type __max2 = (y);			\
	__max1 > __max2 ? __max1 : __max2; })

/* As include/linux/kernel.h.patch: dynamic call sites win over DEBUG */
#if defined(DYNAMIC_PRINTK_CALL_SITES)
#define pr_debug(fmt, ...) dynamic_pr_debug(fmt, ##__VA_ARGS__)
#elif defined(DEBUG)
#define pr_debug(fmt, ...) printk(KERN_DEBUG fmt, ##__VA_ARGS__)
#else
#define pr_debug(fmt, ...) \
	({ if (0) printk(KERN_DEBUG fmt, ##__VA_ARGS__); 0; })
#endif

/*
 * print_hex_dump() records one line naming its arguments (shim.c): the
 * tests check what a dump call site passes, not lib/hexdump.c.
 */
enum { DUMP_PREFIX_NONE, DUMP_PREFIX_ADDRESS, DUMP_PREFIX_OFFSET };
void print_hex_dump(const char *level, const char *prefix_str,
		    int prefix_type, int rowsize, int groupsize,
		    const void *buf, size_t len, _Bool ascii);

/* As include/linux/kernel.h.patch */
#if defined(DYNAMIC_PRINTK_CALL_SITES)
#define print_hex_dump_debug(prefix_str, prefix_type, rowsize,	\
			     groupsize, buf, len, ascii)		\
	do {								\
		dynamic_hex_dump(prefix_str, prefix_type, rowsize,	\
				 groupsize, buf, len, ascii);		\
	} while (0)
#elif defined(DEBUG)
#define print_hex_dump_debug(prefix_str, prefix_type, rowsize,	\
			     groupsize, buf, len, ascii)		\
	print_hex_dump(KERN_DEBUG, prefix_str, prefix_type, rowsize,	\
		       groupsize, buf, len, ascii)
#else
#define print_hex_dump_debug(prefix_str, prefix_type, rowsize,	\
			     groupsize, buf, len, ascii)		\
	do {								\
		if (0)							\
			print_hex_dump(KERN_DEBUG, prefix_str,		\
				       prefix_type, rowsize, groupsize,	\
				       buf, len, ascii);		\
	} while (0)
#endif

#endif
