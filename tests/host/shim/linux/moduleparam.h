/*
 * Host shim for <linux/moduleparam.h>: struct kernel_param and
 * parse_args(), the latter as kernel/params.c of 2.6.27 (shim.c).
 */
#ifndef SHIM_LINUX_MODULEPARAM_H
#define SHIM_LINUX_MODULEPARAM_H

struct kernel_param;

typedef int (*param_set_fn)(const char *val, struct kernel_param *kp);

struct kernel_param {
	const char *name;
	unsigned int perm;
	param_set_fn set;
	void *arg;
};

int parse_args(const char *name, char *args, struct kernel_param *params,
	       unsigned num, int (*unknown)(char *param, char *val));

#endif
