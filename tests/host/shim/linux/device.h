/* Host shim for <linux/device.h>: dev_printk() and dev_dbg() as 2.6.27. */
#ifndef SHIM_LINUX_DEVICE_H
#define SHIM_LINUX_DEVICE_H

#include <linux/kernel.h>

struct device {
	const char *driver;
	const char *bus_id;
};

const char *dev_driver_string(const struct device *dev);
const char *dev_name(const struct device *dev);

#define dev_printk(level, dev, format, arg...)	\
	printk(level "%s %s: " format , dev_driver_string(dev) , \
	       dev_name(dev) , ## arg)

/* As include/linux/device.h.patch: dynamic call sites win over DEBUG */
#if defined(DYNAMIC_PRINTK_CALL_SITES)
#define dev_dbg(dev, format, ...)		\
	dynamic_dev_dbg(dev, format, ##__VA_ARGS__)
#elif defined(DEBUG)
#define dev_dbg(dev, format, arg...)		\
	dev_printk(KERN_DEBUG , dev , format , ## arg)
#else
#define dev_dbg(dev, format, arg...)		\
	({ if (0) dev_printk(KERN_DEBUG, dev, format, ##arg); 0; })
#endif

#endif
