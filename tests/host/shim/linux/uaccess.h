#ifndef SHIM_LINUX_UACCESS_H
#define SHIM_LINUX_UACCESS_H

#include <stddef.h>
#include <linux/compiler.h>

/* Return the number of bytes not copied, like the kernel */
unsigned long copy_from_user(void *to, const void __user *from,
			     unsigned long n);
unsigned long copy_to_user(void __user *to, const void *from,
			   unsigned long n);

#endif
