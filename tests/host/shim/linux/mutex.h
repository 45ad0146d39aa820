#ifndef SHIM_LINUX_MUTEX_H
#define SHIM_LINUX_MUTEX_H

#include <pthread.h>

struct mutex {
	pthread_mutex_t m;
};

#ifdef __CHECKER__
/* glibc's initializer is a list of plain zeros, which sparse flags */
#define DEFINE_MUTEX(name)	struct mutex name
#else
#define DEFINE_MUTEX(name) \
	struct mutex name = { PTHREAD_MUTEX_INITIALIZER }
#endif

void mutex_init(struct mutex *lock);
void mutex_lock(struct mutex *lock);
void mutex_unlock(struct mutex *lock);

#endif
