/* Host shim: kmalloc() with accounting, fault injection and a sleep check */
#ifndef SHIM_LINUX_SLAB_H
#define SHIM_LINUX_SLAB_H

#include <stddef.h>

typedef unsigned int gfp_t;
#define GFP_KERNEL	0x10u
#define GFP_ATOMIC	0x20u

void *kmalloc(size_t size, gfp_t flags);
void *kzalloc(size_t size, gfp_t flags);
void kfree(const void *ptr);

#endif
