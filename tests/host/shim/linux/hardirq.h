/*
 * Host shim for <linux/hardirq.h>: in_interrupt() is true while a test
 * thread pretends to run an interrupt handler (shim_irq_enter() ..
 * shim_irq_exit(), see shim.h).
 */
#ifndef SHIM_LINUX_HARDIRQ_H
#define SHIM_LINUX_HARDIRQ_H

extern __thread int shim_irq_count;

#define in_interrupt()	(shim_irq_count != 0)

#endif
