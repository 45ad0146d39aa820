#ifndef SHIM_LINUX_FS_H
#define SHIM_LINUX_FS_H

#include <sys/types.h>
#include <linux/compiler.h>

struct module;
struct inode;

struct file {
	void *private_data;
	unsigned long f_version;
	unsigned int f_mode;
};

struct file_operations {
	struct module *owner;
	loff_t (*llseek)(struct file *, loff_t, int);
	ssize_t (*read)(struct file *, char __user *, size_t, loff_t *);
	ssize_t (*write)(struct file *, const char __user *, size_t, loff_t *);
	int (*open)(struct inode *, struct file *);
	int (*release)(struct inode *, struct file *);
};

#endif
