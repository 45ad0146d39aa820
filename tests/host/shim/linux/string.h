#ifndef SHIM_LINUX_STRING_H
#define SHIM_LINUX_STRING_H
#include <string.h>
#endif
