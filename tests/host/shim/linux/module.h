#ifndef SHIM_LINUX_MODULE_H
#define SHIM_LINUX_MODULE_H

struct module;
#define THIS_MODULE		((struct module *)0)
/* Swallows the ';' that follows, like the real macro */
#define EXPORT_SYMBOL(sym)	extern int __shim_exported_##sym

#endif
