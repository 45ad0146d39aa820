/* Host shim: debugfs records what is created; see shim_debugfs_find() */
#ifndef SHIM_LINUX_DEBUGFS_H
#define SHIM_LINUX_DEBUGFS_H

#include <sys/types.h>

struct file_operations;

struct dentry {
	char name[64];
	struct dentry *parent;
	mode_t mode;
	void *data;
	const struct file_operations *fops;
	struct dentry *next;
};

struct dentry *debugfs_create_dir(const char *name, struct dentry *parent);
struct dentry *debugfs_create_file(const char *name, mode_t mode,
				   struct dentry *parent, void *data,
				   const struct file_operations *fops);
void debugfs_remove(struct dentry *dentry);

#endif
