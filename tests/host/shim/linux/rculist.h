/* Host shim: the hlist part of <linux/rculist.h> (2.6.27 semantics) */
#ifndef SHIM_LINUX_RCULIST_H
#define SHIM_LINUX_RCULIST_H

#include <linux/list.h>
#include <linux/rcupdate.h>

static inline void hlist_del_rcu(struct hlist_node *n)
{
	__hlist_del(n);
	n->pprev = LIST_POISON2;
}

static inline void hlist_add_head_rcu(struct hlist_node *n,
				      struct hlist_head *h)
{
	struct hlist_node *first = h->first;

	n->next = first;
	n->pprev = &h->first;
	rcu_assign_pointer(h->first, n);
	if (first)
		first->pprev = &n->next;
}

static inline void hlist_add_after_rcu(struct hlist_node *prev,
				       struct hlist_node *n)
{
	n->next = prev->next;
	n->pprev = &prev->next;
	rcu_assign_pointer(prev->next, n);
	if (n->next)
		n->next->pprev = &n->next;
}

/* The 4-argument form of 2.6.27 */
#define hlist_for_each_entry_rcu(tpos, pos, head, member)		\
	for (pos = rcu_dereference((head)->first);			\
	     pos && ({ tpos = hlist_entry(pos, __typeof__(*tpos), member); 1; }); \
	     pos = rcu_dereference(pos->next))

#endif
