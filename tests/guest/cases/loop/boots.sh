# The kernel booted to our /init, with proc, sysfs and debugfs usable.
. /lib.sh
check "proc mounted" grep -q ' /proc proc ' /proc/mounts
check "sysfs mounted" grep -q ' /sys sysfs ' /proc/mounts
check "debugfs mounted" grep -q ' /sys/kernel/debug debugfs ' /proc/mounts
expect_eq "kernel version" 2.6.27 "$(uname -r | cut -d- -f1 | cut -d+ -f1)"
finish
