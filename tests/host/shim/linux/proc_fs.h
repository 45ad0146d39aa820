/*
 * Host shim for <linux/proc_fs.h>: procfs records what is created, like
 * the debugfs shim; see shim_proc_find().
 */
#ifndef SHIM_LINUX_PROC_FS_H
#define SHIM_LINUX_PROC_FS_H

#include <sys/types.h>

struct file_operations;

struct proc_dir_entry {
	char name[64];
	struct proc_dir_entry *parent;
	mode_t mode;
	const struct file_operations *proc_fops;
	struct proc_dir_entry *next;
};

struct proc_dir_entry *proc_mkdir(const char *name,
				  struct proc_dir_entry *parent);
struct proc_dir_entry *proc_create(const char *name, mode_t mode,
				   struct proc_dir_entry *parent,
				   const struct file_operations *proc_fops);

#endif
