/* Host shim: the hlist part of <linux/list.h> (2.6.27 semantics) */
#ifndef SHIM_LINUX_LIST_H
#define SHIM_LINUX_LIST_H

#include <linux/kernel.h>

#define LIST_POISON2	((void *)0x00200200)

struct hlist_head {
	struct hlist_node *first;
};

struct hlist_node {
	struct hlist_node *next, **pprev;
};

#define HLIST_HEAD_INIT	{ .first = NULL }
#define INIT_HLIST_HEAD(ptr) ((ptr)->first = NULL)

#define hlist_entry(ptr, type, member) container_of(ptr, type, member)

static inline void __hlist_del(struct hlist_node *n)
{
	struct hlist_node *next = n->next;
	struct hlist_node **pprev = n->pprev;

	*pprev = next;
	if (next)
		next->pprev = pprev;
}

#define hlist_for_each_entry(tpos, pos, head, member)			\
	for (pos = (head)->first;					\
	     pos && ({ tpos = hlist_entry(pos, __typeof__(*tpos), member); 1; }); \
	     pos = pos->next)

#endif
