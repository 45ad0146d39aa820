# With the bare boot word "dynamic_printk" the kernel starts in all mode,
# so that pr_debug() of built-in code prints from early boot on: from
# setup_arch(), long before vmlinux's call sites are registered.  Must be
# the first case of its boot: it reads the boot log, which init.sh clears
# before the first case, from /proc/kmsg (dmesg -c does not consume it) or
# from /tmp/boot.dmesg if init saved it.
. /lib.sh
if [ -s /tmp/boot.dmesg ]; then
	cp /tmp/boot.dmesg /tmp/boot
else
	timeout 1 cat /proc/kmsg > /tmp/boot.raw
	sed 's/^<[0-7]>//' /tmp/boot.raw > /tmp/boot
fi
check "the boot word is on the command line" grep -qw dynamic_printk /proc/cmdline
check "read the boot log" grep -q "^Linux version 2.6.27" /tmp/boot
# drivers/base/bus.c, drivers/base/sys.c, lib/kobject.c
for l in "bus:bus: 'platform': registered" "sys:Registering sysdev class 'cpu'"; do
	check "boot log has '$l'" grep -qxF "$l" /tmp/boot
done
check "boot log has kobject's 'devices' kobject_add_internal message" \
	grep -qE "^kobject:kobject: 'devices' \([0-9a-f]+\): kobject_add_internal: parent: '<NULL>', set: '<NULL>'$" /tmp/boot
# The boot word is an early parameter: arch/x86/mm/init_64.c's
# set_pte_vaddr() prints while setup_arch() maps the fixmaps, before
# start_kernel() logs the command line and runs the ordinary parameters.
early=$(grep -nE '^init_64:set_pte_vaddr [0-9a-f]+ to [0-9a-f]+$' /tmp/boot | head -1 | cut -d: -f1)
cmdline=$(grep -n '^Kernel command line: ' /tmp/boot | head -1 | cut -d: -f1)
check "boot log has init_64's set_pte_vaddr message from setup_arch()" [ -n "$early" ]
check "before 'Kernel command line:', which follows setup_arch()" [ "${early:-0}" -gt 0 -a "${early:-0}" -lt "${cmdline:-0}" ]
if [ -s /tmp/boot.raw ]; then
	check "at KERN_DEBUG" grep -qxF "<7>bus:bus: 'platform': registered" /tmp/boot.raw
fi
finish
