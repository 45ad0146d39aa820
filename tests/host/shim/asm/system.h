#ifndef SHIM_ASM_SYSTEM_H
#define SHIM_ASM_SYSTEM_H
#define smp_wmb()	__atomic_thread_fence(__ATOMIC_RELEASE)
#define smp_rmb()	__atomic_thread_fence(__ATOMIC_ACQUIRE)
#define smp_mb()	__atomic_thread_fence(__ATOMIC_SEQ_CST)
#endif
