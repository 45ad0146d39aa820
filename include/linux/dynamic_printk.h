#ifndef _DYNAMIC_PRINTK_H
#define _DYNAMIC_PRINTK_H

/*
 * Dynamic printk: pr_debug() and dev_dbg() call sites that are compiled in
 * but stay silent until they are switched on, per module, at run time
 * through <debugfs>/dynamic_printk/modules.  See
 * Documentation/dynamic-printk.txt.
 *
 * This header is included by <linux/kernel.h> before pr_debug() is
 * defined, so it must not include anything but <linux/compiler.h>.  The
 * macros below expand to printk(), dev_printk() and KERN_DEBUG, which are
 * defined by the time a call site is expanded.
 */

#include <linux/compiler.h>

#define DYNAMIC_PRINTK_HASH_BITS	6	/* 64 buckets per table */
#define DYNAMIC_PRINTK_HASH_SIZE	(1 << DYNAMIC_PRINTK_HASH_BITS)

#define DYNAMIC_PRINTK_TYPE_BOOLEAN	1

/* mod_debug.flags: the call site's file was compiled with DEBUG defined */
#define DYNAMIC_PRINTK_FLAG_DEBUG	1

/*
 * One descriptor per call site, gathered in the "__verbose" section.  The
 * type is 8-byte aligned so that descriptors emitted by different objects
 * pack into an array without holes; __start___verbose .. __stop___verbose
 * (and a module's __verbose section) can then be walked with a pointer.
 */
struct mod_debug {
	const char *modname;	/* KBUILD_MODNAME, in "__verbose_strings" */
	unsigned char hash;	/* djb2 bucket of modname, DEBUG_HASH */
	unsigned char hash2;	/* r5 bucket of modname, DEBUG_HASH2 */
	unsigned char type;	/* DYNAMIC_PRINTK_TYPE_BOOLEAN */
	unsigned char flags;	/* DYNAMIC_PRINTK_FLAG_* */
} __attribute__((aligned(8)));

#ifdef CONFIG_DYNAMIC_PRINTK_DEBUG

/*
 * Bit b of dynamic_printk_enabled is set when an enabled module has djb2
 * bucket b, and likewise for dynamic_printk_enabled2 and the r5 bucket.
 * Both are ~0ULL in 'all' mode.
 */
extern unsigned long long dynamic_printk_enabled;
extern unsigned long long dynamic_printk_enabled2;

/* The descriptors of vmlinux, gathered by the linker script */
extern struct mod_debug __start___verbose[], __stop___verbose[];

extern int __dynamic_printk_enabled(const struct mod_debug *dd);
extern int dynamic_printk_register(struct mod_debug *start, unsigned long n);
extern void dynamic_printk_unregister(struct mod_debug *start,
				      unsigned long n);
extern int dynamic_printk_module_param(char *param, char *val, int *enable);
extern void dynamic_printk_module_set(struct mod_debug *start,
				      unsigned long n, int enable);

#if defined(KBUILD_MODNAME) && defined(DEBUG_HASH) && defined(DEBUG_HASH2)

/*
 * This object has a single module name and its buckets: pr_debug() and
 * dev_dbg() become dynamic call sites.  <linux/kernel.h> and
 * <linux/device.h> test this to choose between dynamic_pr_debug() and the
 * compiled-out versions.
 */
#define DYNAMIC_PRINTK_CALL_SITES	1

/*
 * The module name, once per object.  It is "unused", not "used": an object
 * without call sites never references it and the compiler drops it.
 */
static const char __dynamic_printk_modname[]
	__attribute__((unused, section("__verbose_strings"))) = KBUILD_MODNAME;

/*
 * A file that defines DEBUG before its first #include (or is compiled with
 * -DDEBUG) printed its pr_debug() calls before this option existed; its
 * call sites say so, and their module starts enabled.
 */
#ifdef DEBUG
#define __DYNAMIC_PRINTK_FLAGS	DYNAMIC_PRINTK_FLAG_DEBUG
#else
#define __DYNAMIC_PRINTK_FLAGS	0
#endif

#define __DYNAMIC_PRINTK_DESCRIPTOR(name)				\
	static struct mod_debug __used					\
	__attribute__((section("__verbose"), aligned(8))) name = {	\
		.modname = __dynamic_printk_modname,			\
		.hash = DEBUG_HASH,					\
		.hash2 = DEBUG_HASH2,					\
		.type = DYNAMIC_PRINTK_TYPE_BOOLEAN,			\
		.flags = __DYNAMIC_PRINTK_FLAGS,			\
	}

/*
 * Two bit tests inline; the helper, which looks the module up, is called
 * only when both bits are set.
 */
#define __dynamic_printk_test(dd)					\
	unlikely((dynamic_printk_enabled & (1ULL << DEBUG_HASH)) &&	\
		 (dynamic_printk_enabled2 & (1ULL << DEBUG_HASH2)) &&	\
		 __dynamic_printk_enabled(dd))

#define dynamic_pr_debug(fmt, ...)					\
({									\
	__DYNAMIC_PRINTK_DESCRIPTOR(__dynamic_printk_dd);		\
	if (__dynamic_printk_test(&__dynamic_printk_dd))		\
		printk(KERN_DEBUG KBUILD_MODNAME ":" fmt, ##__VA_ARGS__); \
	0;								\
})

#define dynamic_dev_dbg(dev, fmt, ...)					\
({									\
	__DYNAMIC_PRINTK_DESCRIPTOR(__dynamic_printk_dd);		\
	if (__dynamic_printk_test(&__dynamic_printk_dd))		\
		dev_printk(KERN_DEBUG, dev, KBUILD_MODNAME ": " fmt,	\
			   ##__VA_ARGS__);				\
	0;								\
})

#endif /* KBUILD_MODNAME && DEBUG_HASH && DEBUG_HASH2 */

#endif /* CONFIG_DYNAMIC_PRINTK_DEBUG */

#endif /* _DYNAMIC_PRINTK_H */
