/*
 * Host shim for <linux/sched.h>: current is a per-thread task whose pid
 * the tests set (shim_set_pid(), see shim.h); cond_resched() counts.
 */
#ifndef SHIM_LINUX_SCHED_H
#define SHIM_LINUX_SCHED_H

#include <sys/types.h>

struct task_struct {
	pid_t pid;
};

extern __thread struct task_struct shim_current_task;

#define current	(&shim_current_task)

/* Counted (shim_resched_calls()), and a sleep for the RCU check */
void cond_resched(void);

#endif
