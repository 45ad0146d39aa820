#ifndef SHIM_LINUX_CACHE_H
#define SHIM_LINUX_CACHE_H
#define __read_mostly
#endif
