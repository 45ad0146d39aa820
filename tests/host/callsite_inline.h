/*
 * A call site in a header: an inline function of callsite.c's extra
 * object (-DCS_EXTRA), listed, matched and decorated under this file's
 * path and line, not the object's.
 */
#ifndef CALLSITE_INLINE_H
#define CALLSITE_INLINE_H

static inline int cs_inline_debug(int *evals)
{
	pr_debug("inline %d\n", ++*evals);
	return 0;
}

#endif
