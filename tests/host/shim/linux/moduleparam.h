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

/*
 * A parameter of built-in code: only its name and where it is, for the
 * tests to find (shim.c does not parse the command line for them).
 */
#define MODULE_PARAM_PREFIX	""
#define module_param_named(name, value, type, perm)			\
	static const struct kernel_param __param_##name __attribute__((used)) = {			\
		MODULE_PARAM_PREFIX #name, perm, NULL, &value		\
	}
#define MODULE_PARM_DESC(name, desc)	extern int __parm_desc_##name

int parse_args(const char *name, char *args, struct kernel_param *params,
	       unsigned num, int (*unknown)(char *param, char *val));

#endif
