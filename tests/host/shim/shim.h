/*
 * The test side of the host shims: what the kernel code did (printk
 * messages, allocations, debugfs files, sleeping in RCU read-side critical
 * sections) and how to drive it (boot options, initcalls, faults).
 */
#ifndef SHIM_SHIM_H
#define SHIM_SHIM_H

#include <stddef.h>

/* printk() */
struct shim_msg {
	int level;		/* 0 .. 7, from the "<n>" prefix; 4 if none */
	char text[1024];	/* without the prefix */
};
void shim_log_reset(void);
/* Messages since the last reset; only the first SHIM_LOG_KEEP are kept */
#define SHIM_LOG_KEEP	256
long shim_log_count(void);
const struct shim_msg *shim_log_get(long i);
/* Messages more severe than KERN_DEBUG since the last reset */
long shim_log_above_debug(void);

/* kmalloc() */
long shim_kmalloc_live(void);
long shim_kmalloc_total(void);
/* Make the nth allocation from now fail (1 = the next one); 0: none */
void shim_kmalloc_fail_nth(long n);

/*
 * Boot: set saved_command_line to cmdline and run the early parameter
 * handlers on a copy of it, as start_kernel() does (quotes stripped by
 * parse_args()).
 */
void shim_boot(const char *cmdline);
/* Boot: like obsolete_checksetup(), 1 if a handler took the option */
int shim_run_setup(const char *param);
/* Runs the recorded initcalls in level order; returns how many failed */
int shim_run_initcalls(void);
/* Runs those of one level again (1: core_initcall); how many failed */
int shim_run_initcall_level(int level);

/* debugfs, procfs */
struct dentry;
struct dentry *shim_debugfs_find(const char *dir, const char *name);
struct file_operations;
/* The fops of /proc/<dir>/<name>, NULL if absent; its mode if mode */
const struct file_operations *shim_proc_find(const char *dir,
					     const char *name,
					     unsigned int *mode);

/* The calling thread's current->pid, and interrupt context for it */
void shim_set_pid(int pid);
void shim_irq_enter(void);
void shim_irq_exit(void);

/* Bugs seen: sleeping inside rcu_read_lock(), negative seq_file positions */
long shim_bugs(void);
const char *shim_last_bug(void);
void shim_might_sleep(const char *what);
/* cond_resched() calls so far, all threads */
long shim_resched_calls(void);

/* RCU: each thread using RCU must register */
void shim_rcu_register_thread(void);
void shim_rcu_unregister_thread(void);
int shim_rcu_depth(void);

/* A user pointer that faults in copy_{from,to}_user() */
#define SHIM_FAULT_PTR	((void *)16)

#endif
