/*
 * RCU for the host shims: liburcu's memb flavour.  The kernel's struct
 * rcu_head is two pointers; call_rcu() wraps it in a liburcu node.  The
 * read-side nesting depth is tracked per thread so that the other shims
 * can catch a sleeping function called inside a read-side section.
 */
#include <stdio.h>
#include <stdlib.h>
#include <urcu/urcu-memb.h>
#include "shim.h"

struct kernel_rcu_head {
	struct kernel_rcu_head *next;
	void (*func)(struct kernel_rcu_head *head);
};

struct rcu_wrapper {
	struct rcu_head urcu;
	struct kernel_rcu_head *head;
	void (*func)(struct kernel_rcu_head *head);
};

static __thread int rcu_depth;

void rcu_read_lock(void);
void rcu_read_unlock(void);
void synchronize_rcu(void);
void call_rcu(struct kernel_rcu_head *head,
	      void (*func)(struct kernel_rcu_head *head));
void rcu_barrier(void);

void rcu_read_lock(void)
{
	urcu_memb_read_lock();
	rcu_depth++;
}

void rcu_read_unlock(void)
{
	if (rcu_depth <= 0) {
		fprintf(stderr, "shim: rcu_read_unlock() without lock\n");
		abort();
	}
	rcu_depth--;
	urcu_memb_read_unlock();
}

int shim_rcu_depth(void)
{
	return rcu_depth;
}

void synchronize_rcu(void)
{
	shim_might_sleep("synchronize_rcu");
	urcu_memb_synchronize_rcu();
}

static void rcu_trampoline(struct rcu_head *urcu)
{
	struct rcu_wrapper *w = caa_container_of(urcu, struct rcu_wrapper,
						 urcu);

	w->func(w->head);
	free(w);
}

void call_rcu(struct kernel_rcu_head *head,
	      void (*func)(struct kernel_rcu_head *head))
{
	struct rcu_wrapper *w = malloc(sizeof(*w));

	if (!w) {
		fprintf(stderr, "shim: out of memory in call_rcu\n");
		abort();
	}
	w->head = head;
	w->func = func;
	urcu_memb_call_rcu(&w->urcu, rcu_trampoline);
}

void rcu_barrier(void)
{
	urcu_memb_barrier();
}

void shim_rcu_register_thread(void)
{
	urcu_memb_register_thread();
}

void shim_rcu_unregister_thread(void)
{
	urcu_memb_unregister_thread();
}
