/* Host shim: the parts of <linux/compiler.h> used by dynamic printk. */
#ifndef SHIM_LINUX_COMPILER_H
#define SHIM_LINUX_COMPILER_H

#ifdef __CHECKER__
# define __user		__attribute__((noderef, address_space(1)))
# define __force	__attribute__((force))
# define __acquires(x)	__attribute__((context(x, 0, 1)))
# define __releases(x)	__attribute__((context(x, 1, 0)))
#else
# define __user
# define __force
# define __acquires(x)
# define __releases(x)
#endif

#define __used			__attribute__((__used__))
#define noinline		__attribute__((__noinline__))
#define __cold			__attribute__((__cold__))
#define likely(x)		__builtin_expect(!!(x), 1)
#define unlikely(x)		__builtin_expect(!!(x), 0)
#define barrier()		__asm__ __volatile__("" : : : "memory")
#define ACCESS_ONCE(x)		(*(volatile __typeof__(x) *)&(x))

#endif
