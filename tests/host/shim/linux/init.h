/*
 * Host shim for <linux/init.h>: __setup() and early_param() handlers and
 * initcalls are recorded by constructors, so that tests can run them like
 * the kernel does (shim_run_setup(), shim_run_initcalls()).
 */
#ifndef SHIM_LINUX_INIT_H
#define SHIM_LINUX_INIT_H

#define __init
#define __initdata

/* The command line as the boot loader gave it; see shim_boot() */
extern char *saved_command_line;

void shim_register_setup(const char *str, int (*fn)(char *), int early);
void shim_register_initcall(int level, const char *name, int (*fn)(void));

#define __shim_setup(str, fn, early)					\
	static void __attribute__((constructor)) __shim_setup_##fn(void) \
	{								\
		shim_register_setup(str, fn, early);			\
	}								\
	extern int __shim_setup_semicolon_##fn

#define __setup(str, fn)	__shim_setup(str, fn, 0)
#define early_param(str, fn)	__shim_setup(str, fn, 1)

#define __shim_initcall(fn, level)					\
	static void __attribute__((constructor)) __shim_initcall_##fn(void) \
	{								\
		shim_register_initcall(level, #fn, fn);			\
	}								\
	extern int __shim_initcall_semicolon_##fn

#define pure_initcall(fn)	__shim_initcall(fn, 0)
#define core_initcall(fn)	__shim_initcall(fn, 1)
#define postcore_initcall(fn)	__shim_initcall(fn, 2)
#define arch_initcall(fn)	__shim_initcall(fn, 3)
#define subsys_initcall(fn)	__shim_initcall(fn, 4)
#define fs_initcall(fn)		__shim_initcall(fn, 5)
#define device_initcall(fn)	__shim_initcall(fn, 6)
#define late_initcall(fn)	__shim_initcall(fn, 7)

#endif
