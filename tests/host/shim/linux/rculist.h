/* Host shim: <linux/rculist.h>, the parts used (2.6.27 semantics) */
#ifndef SHIM_LINUX_RCULIST_H
#define SHIM_LINUX_RCULIST_H

#include <linux/list.h>
#include <linux/rcupdate.h>

static inline void list_add_tail_rcu(struct list_head *new,
				     struct list_head *head)
{
	struct list_head *prev = head->prev;

	new->next = head;
	new->prev = prev;
	rcu_assign_pointer(prev->next, new);
	head->prev = new;
}

/* The entry keeps its next pointer: a reader on it goes on */
static inline void list_del_rcu(struct list_head *entry)
{
	__list_del(entry->prev, entry->next);
	entry->prev = LIST_POISON2;
}

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
