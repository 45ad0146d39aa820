/*
 * Host shim for <linux/rcupdate.h>: the functions are liburcu (memb
 * flavour) underneath, see shim_rcu.c; the read-side depth is tracked so
 * that sleeping inside a read-side critical section is caught.
 */
#ifndef SHIM_LINUX_RCUPDATE_H
#define SHIM_LINUX_RCUPDATE_H

#include <linux/compiler.h>

struct rcu_head {
	struct rcu_head *next;
	void (*func)(struct rcu_head *head);
};

/* The context annotations let sparse check the pairing, as in the kernel */
void rcu_read_lock(void) __acquires(RCU);
void rcu_read_unlock(void) __releases(RCU);
void synchronize_rcu(void);
void call_rcu(struct rcu_head *head, void (*func)(struct rcu_head *head));
void rcu_barrier(void);

#define rcu_dereference(p)	__atomic_load_n(&(p), __ATOMIC_CONSUME)
#define rcu_assign_pointer(p, v) __atomic_store_n(&(p), (v), __ATOMIC_RELEASE)

#endif
