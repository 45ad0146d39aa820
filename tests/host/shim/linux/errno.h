/*
 * Host shim for <linux/errno.h>: the values of the C library, which the
 * system's <linux/errno.h> gets from <asm/errno.h> too.  (<errno.h>
 * itself includes <linux/errno.h>, so this must not include it back.)
 */
#ifndef SHIM_LINUX_ERRNO_H
#define SHIM_LINUX_ERRNO_H
#include <asm/errno.h>
#endif
