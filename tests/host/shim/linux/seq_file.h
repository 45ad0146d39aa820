/* Host shim: seq_file, with the seq_read() algorithm of 2.6.27 (shim.c) */
#ifndef SHIM_LINUX_SEQ_FILE_H
#define SHIM_LINUX_SEQ_FILE_H

#include <sys/types.h>
#include <linux/compiler.h>

struct file;
struct inode;
struct seq_operations;

#define SEQ_START_TOKEN	((void *)1)

struct seq_file {
	char *buf;
	size_t size;
	size_t from;
	size_t count;
	loff_t index;
	unsigned long version;
	const struct seq_operations *op;
	void *private;
};

struct seq_operations {
	void *(*start)(struct seq_file *m, loff_t *pos);
	void (*stop)(struct seq_file *m, void *v);
	void *(*next)(struct seq_file *m, void *v, loff_t *pos);
	int (*show)(struct seq_file *m, void *v);
};

int seq_open(struct file *, const struct seq_operations *);
ssize_t seq_read(struct file *, char __user *, size_t, loff_t *);
loff_t seq_lseek(struct file *, loff_t, int);
int seq_release(struct inode *, struct file *);
int seq_printf(struct seq_file *, const char *, ...)
	__attribute__((format(printf, 2, 3)));
int seq_putc(struct seq_file *m, char c);
int seq_puts(struct seq_file *m, const char *s);

#endif
