#ifndef _DYNAMIC_PRINTK_H
#define _DYNAMIC_PRINTK_H

/*
 * Dynamic printk: pr_debug() and dev_dbg() call sites that are compiled in
 * but stay silent until they are switched on at run time, per module
 * through <debugfs>/dynamic_printk/modules or per call site through
 * <debugfs>/dynamic_printk/control.  See Documentation/dynamic-printk.txt.
 *
 * This header is included by <linux/kernel.h> before pr_debug() is
 * defined, so it must not include anything but <linux/compiler.h>, which
 * only defines macros.
 */

#include <linux/compiler.h>

#define DYNAMIC_PRINTK_HASH_BITS	6	/* 64 buckets per table */
#define DYNAMIC_PRINTK_HASH_SIZE	(1 << DYNAMIC_PRINTK_HASH_BITS)

#define DYNAMIC_PRINTK_TYPE_BOOLEAN	1

/* mod_debug.flags: what a call site does when it runs */
#define DYNAMIC_PRINTK_FL_PRINT		(1 << 0)	/* p: print */
#define DYNAMIC_PRINTK_FL_MODULE	(1 << 1)	/* m: "<module>:" */
#define DYNAMIC_PRINTK_FL_FUNC		(1 << 2)	/* f: "<function>:" */
#define DYNAMIC_PRINTK_FL_LINE		(1 << 3)	/* l: "<line>:" */
#define DYNAMIC_PRINTK_FL_TID		(1 << 4)	/* t: "[<pid>] " */
#define DYNAMIC_PRINTK_FL_SOURCE	(1 << 5)	/* s: "<file>:" */

/*
 * One descriptor per call site, 32 bytes on 64-bit machines, gathered in
 * the "__verbose" section.  The strings an object's call sites share, its
 * module name and its source file, are stored once per object: @modname
 * points to "<module>\0<file>".  A call site in a header (in an inline
 * function, say) points to such a string naming the header, once per
 * object that expands it.  The type is 8-byte aligned so that
 * descriptors of different objects pack into an array without holes;
 * __start___verbose .. __stop___verbose (and a module's __verbose
 * section) can then be walked with a pointer.
 *
 * Only @flags changes at run time, under the writers' mutex of
 * lib/dynamic_printk.c; call sites read it without a lock.
 */
struct mod_debug {
	const char *modname;	/* "<module>\0<file>", in __verbose_strings */
	const char *function;	/* __func__ */
	const char *format;	/* the format as written */
	unsigned int lineno;
	unsigned char hash;	/* djb2 bucket of the module name */
	unsigned char hash2;	/* r5 bucket of the module name */
	unsigned char type;	/* DYNAMIC_PRINTK_TYPE_BOOLEAN */
	unsigned char flags;	/* DYNAMIC_PRINTK_FL_* */
} __attribute__((aligned(8)));

/*
 * With CONFIG_DYNAMIC_PRINTK_PATCH_SITES (and a compiler with asm goto) a
 * call site is a 5-byte instruction, a NOP while the call site does not
 * print and a jump to its print code while it does, and one entry of the
 * "__verbose_sites" section says where it is.  Each field is the offset
 * of an address from the field itself: 12 bytes, and nothing for the
 * linker or the module loader to relocate but PC-relative references.
 * A descriptor has several entries when its code was duplicated (a
 * static inline function inlined in several places), none when the
 * compiler found its call site unreachable.
 */
struct mod_debug_site {
	int code;		/* the 5-byte instruction */
	int print;		/* its print code, the target of the jump */
	int desc;		/* its struct mod_debug */
};

#if defined(CONFIG_DYNAMIC_PRINTK_PATCH_SITES) && defined(CC_HAVE_ASM_GOTO)
#define DYNAMIC_PRINTK_PATCHED	1
#endif

#ifdef CONFIG_DYNAMIC_PRINTK_DEBUG

#ifndef DYNAMIC_PRINTK_PATCHED
/*
 * Bit b of dynamic_printk_enabled is set when a call site with djb2 bucket
 * b may print, and likewise for dynamic_printk_enabled2 and the r5 bucket.
 * Both are ~0ULL in 'all' mode, and until vmlinux is registered.  Patched
 * call sites do not test them, and they are not built for those.
 */
extern unsigned long long dynamic_printk_enabled;
extern unsigned long long dynamic_printk_enabled2;
#endif

/* The descriptors of vmlinux, gathered by the linker script */
extern struct mod_debug __start___verbose[], __stop___verbose[];
extern struct mod_debug_site __start___verbose_sites[],
	__stop___verbose_sites[];

/*
 * The message of a call site with 'p': its descriptor holds the format,
 * the arguments follow
 */
extern void __dynamic_pr_debug(const struct mod_debug *dd, ...);
struct device;
extern void __dynamic_dev_dbg(const struct mod_debug *dd,
			      const struct device *dev, ...);
extern void __dynamic_hex_dump(const struct mod_debug *dd,
			       const char *prefix, int type, int rowsize,
			       int groupsize, const void *buf,
			       unsigned long len, int ascii);

/*
 * The code of vmlinux or of a module, where its patched call sites may
 * be: the rest of it (its data, an exit section the loader did not keep)
 * is never written.  Its init code until that is freed.
 */
struct dynamic_printk_code {
	unsigned long start, end;
	unsigned long init, init_end;
};

extern void dynamic_printk_init(void);
extern int dynamic_printk_register(struct mod_debug *start, unsigned long n,
				   struct mod_debug_site *sites,
				   unsigned long nr_sites,
				   const struct dynamic_printk_code *code);
extern void dynamic_printk_unregister(struct mod_debug *start,
				      unsigned long n);
extern int dynamic_printk_module_param(struct mod_debug *start,
				       unsigned long n, char *param,
				       char *val);
struct kernel_param;
extern int dynamic_printk_module_args(struct mod_debug *start,
				      unsigned long n, const char *module,
				      char *args, struct kernel_param *kp,
				      unsigned int num);

#if defined(KBUILD_MODNAME) && defined(DEBUG_HASH) && defined(DEBUG_HASH2)

/*
 * This object has a single module name and its buckets: pr_debug() and
 * dev_dbg() become dynamic call sites.  <linux/kernel.h> and
 * <linux/device.h> test this to choose between dynamic_pr_debug() and the
 * compiled-out versions.
 */
#define DYNAMIC_PRINTK_CALL_SITES	1

#ifndef DEBUG_FILE
#define DEBUG_FILE	__BASE_FILE__
#endif

/*
 * The module name and the file, once per object.  "unused", not "used":
 * an object without call sites never references it and the compiler
 * drops it.
 */
static const char __dynamic_printk_modname[]
	__attribute__((unused, section("__verbose_strings"))) =
	KBUILD_MODNAME "\0" DEBUG_FILE;

/*
 * A file that defines DEBUG before its first #include (or is compiled with
 * -DDEBUG) printed its pr_debug() calls before this option existed: its
 * call sites start with 'p'.
 */
#ifdef DEBUG
#define __DYNAMIC_PRINTK_FLAGS	DYNAMIC_PRINTK_FL_PRINT
#else
#define __DYNAMIC_PRINTK_FLAGS	0
#endif

/*
 * A call site expanded in a header, whose line numbers are the header's,
 * names the header: "<module>\0<header>", __FILE__ relative to the top of
 * the tree as DEBUG_FILE is (scripts/Makefile.lib maps the prefixes).
 * __INCLUDE_LEVEL__ is 0 in the file being compiled, whose call sites
 * use the object's string; identical literals are stored once per
 * object, and only the one chosen is stored at all.
 */
#define __DYNAMIC_PRINTK_DESCRIPTOR(name, fmt)				\
	static struct mod_debug __used					\
	__attribute__((section("__verbose"), aligned(8))) name = {	\
		.modname = __INCLUDE_LEVEL__ ?				\
			KBUILD_MODNAME "\0" __FILE__ :			\
			__dynamic_printk_modname,			\
		.function = __func__,					\
		.format = (fmt),					\
		.lineno = __LINE__,					\
		.hash = DEBUG_HASH,					\
		.hash2 = DEBUG_HASH2,					\
		.type = DYNAMIC_PRINTK_TYPE_BOOLEAN,			\
		.flags = __DYNAMIC_PRINTK_FLAGS,			\
	}

#ifdef DYNAMIC_PRINTK_PATCHED

/*
 * The architecture's __dynamic_printk_site(dd, label): the call site's
 * instruction, which jumps to @label while it prints and does nothing
 * otherwise, and its entry in the "__verbose_sites" section
 */
#include <asm/dynamic_printk.h>

/*
 * A call site: its descriptor @dd, its instruction, and @call, which
 * prints through @dd, as the cold block the instruction jumps to.  The
 * compiler may put that block in another text section (.text.unlikely),
 * but within the code of the same module or of vmlinux: registration
 * refuses an entry whose target is outside (dynamic_printk_site_in()).
 */
#define __dynamic_printk_call(dd, fmt, call)				\
({									\
	__label__ __dp_print, __dp_done;				\
	__DYNAMIC_PRINTK_DESCRIPTOR(dd, fmt);				\
	__dynamic_printk_site(dd, __dp_print);				\
	goto __dp_done;							\
__dp_print: __attribute__((cold));					\
	call;								\
__dp_done:								\
	0;								\
})

#else /* !DYNAMIC_PRINTK_PATCHED */

/*
 * Two bit tests inline, then the call site's own 'p' flag: a call site
 * that does not print calls nothing.  The flag is read plainly, as the
 * masks are, so that the compiler tests it in memory with one testb.
 */
#define __dynamic_printk_test(dd)					\
	unlikely((dynamic_printk_enabled & (1ULL << DEBUG_HASH)) &&	\
		 (dynamic_printk_enabled2 & (1ULL << DEBUG_HASH2)) &&	\
		 ((dd).flags & DYNAMIC_PRINTK_FL_PRINT))

/* A call site: two bit tests, its flag, then @call, through @dd */
#define __dynamic_printk_call(dd, fmt, call)				\
({									\
	__DYNAMIC_PRINTK_DESCRIPTOR(dd, fmt);				\
	if (__dynamic_printk_test(dd))					\
		call;							\
	0;								\
})

#endif /* DYNAMIC_PRINTK_PATCHED */

/*
 * The format is not passed: the descriptor has it.  printk() under
 * if (0) checks the arguments against it, and costs nothing.
 */
#define dynamic_pr_debug(fmt, ...)					\
({									\
	if (0)								\
		printk(fmt, ##__VA_ARGS__);				\
	__dynamic_printk_call(__dynamic_printk_dd, fmt,			\
		__dynamic_pr_debug(&__dynamic_printk_dd, ##__VA_ARGS__)); \
})

#define dynamic_dev_dbg(dev, fmt, ...)					\
({									\
	if (0)								\
		printk(fmt, ##__VA_ARGS__);				\
	__dynamic_printk_call(__dynamic_printk_dd, fmt,			\
		__dynamic_dev_dbg(&__dynamic_printk_dd, dev,		\
				  ##__VA_ARGS__));			\
})

/*
 * print_hex_dump_debug(): one call site, its prefix as its format (a
 * prefix that is no string constant lists as "hexdump", as in later
 * kernels; NULL as "").  The prefix is no format when it prints.
 */
#define __DYNAMIC_PRINTK_PREFIX(prefix)					\
	(__builtin_constant_p(prefix) ? ((prefix) ? (prefix) : "") :	\
	 "hexdump")
#define dynamic_hex_dump(prefix, type, rowsize, groupsize, buf, len,	\
			 ascii)						\
	__dynamic_printk_call(__dynamic_printk_dd,			\
		__DYNAMIC_PRINTK_PREFIX(prefix),			\
		__dynamic_hex_dump(&__dynamic_printk_dd, prefix, type,	\
				   rowsize, groupsize, buf, len, ascii))

#endif /* KBUILD_MODNAME && DEBUG_HASH && DEBUG_HASH2 */

#else /* !CONFIG_DYNAMIC_PRINTK_DEBUG */

/*
 * What init/main.c calls, when there is nothing.  The module loader has
 * its own empty helpers: its calls pass fields of struct module that
 * exist only with the option.
 */
static inline void dynamic_printk_init(void)
{
}

#endif /* CONFIG_DYNAMIC_PRINTK_DEBUG */

#ifdef DYNAMIC_PRINTK_PATCHED
/* An entry's fields are offsets from themselves */
static inline unsigned long
dynamic_printk_site_code(const struct mod_debug_site *s)
{
	return (unsigned long)&s->code + s->code;
}

static inline struct mod_debug *
dynamic_printk_site_desc(const struct mod_debug_site *s)
{
	return (struct mod_debug *)((unsigned long)&s->desc + s->desc);
}

static inline unsigned long
dynamic_printk_site_print(const struct mod_debug_site *s)
{
	return (unsigned long)&s->print + s->print;
}

/* Are call site @s's instruction and target in [@start, @end)? */
static inline int dynamic_printk_site_in(const struct mod_debug_site *s,
					 unsigned long start,
					 unsigned long end)
{
	unsigned long code = dynamic_printk_site_code(s);
	unsigned long print = dynamic_printk_site_print(s);

	return code >= start && code + DYNAMIC_PRINTK_INSN_SIZE <= end &&
	       print >= start && print < end;
}

/*
 * May call site @s be written: are its instruction and target in @c's
 * code, or both in its init code?
 */
static inline int
dynamic_printk_site_in_code(const struct mod_debug_site *s,
			    const struct dynamic_printk_code *c)
{
	return dynamic_printk_site_in(s, c->start, c->end) ||
	       dynamic_printk_site_in(s, c->init, c->init_end);
}

/*
 * The architecture's part (arch/x86/kernel/dynamic_printk.c): what a call
 * site's instruction is and how it is rewritten.  lib/dynamic_printk_sites.c
 * decides which call sites change, and calls these serialized by its mutex
 * or, at boot, before other CPUs run.
 */
struct dynamic_printk_pokes;
extern void arch_dynamic_printk_init(void);
extern int arch_dynamic_printk_valid(const struct mod_debug_site *s);
extern int arch_dynamic_printk_stale(const struct mod_debug_site *s);
extern struct dynamic_printk_pokes *arch_dynamic_printk_pokes(unsigned int max);
extern void arch_dynamic_printk_poke(struct dynamic_printk_pokes *p,
				     const struct mod_debug_site *s);
extern int arch_dynamic_printk_write(struct dynamic_printk_pokes *p,
				     int live);
extern void
arch_dynamic_printk_write_quiet(const struct mod_debug_site *sites,
				unsigned int n,
				const struct dynamic_printk_code *c);
extern void
arch_dynamic_printk_write_early(const struct mod_debug_site *sites,
				unsigned int n,
				const struct dynamic_printk_code *c);

extern void dynamic_printk_free_initmem(void);
extern void dynamic_printk_free_init(struct mod_debug *start);
extern int dynamic_printk_text_reserved(unsigned long addr);
#else
/* No call site is ever rewritten: nothing to keep track of */
static inline void dynamic_printk_free_initmem(void)
{
}

static inline void dynamic_printk_free_init(struct mod_debug *start)
{
}

static inline int dynamic_printk_text_reserved(unsigned long addr)
{
	return 0;
}
#endif

#endif /* _DYNAMIC_PRINTK_H */
