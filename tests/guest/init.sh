#!/bin/busybox sh
# /init of the test initramfs.  Runs every case in /tests in order and
# reports on the serial console in a form tools/guest-parse.py reads:
#   @@CASE-BEGIN <case>      ... the case's own output (RESULT lines) ...
#   @@CASE-END <case> rc=<n> secs=<guest seconds it took>
#   @@DMESG-BEGIN <section>  ... kernel log since the previous section ...
#   @@DMESG-END <section>
#   @@GUEST-DONE
# Kernel parameters of the form x=y reach us (and the cases) as
# environment variables, which is how the host passes switches in.
/bin/busybox --install -s /bin
export PATH=/bin
mkdir -p /proc /sys /tmp /dev
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null
mount -t tmpfs tmpfs /tmp 2>/dev/null

dump_dmesg() {
	echo "@@DMESG-BEGIN $1"
	dmesg -c
	echo "@@DMESG-END $1"
}

echo "@@GUEST-START $(uname -r)"
# The boot log, for cases about boot (the dynamic_printk boot word and
# list); also with the levels ("<7>..."), for the list's messages.
dmesg > /tmp/boot.dmesg
dmesg -r > /tmp/boot.rdmesg
# The control file as the kernel booted it, before any case ran.
cat /sys/kernel/debug/dynamic_printk/modules > /tmp/boot.ctl 2>/dev/null
# The cases read what each command applied logs: dynamic_printk.verbose
# on, its value at boot kept for the case about it.
V=/sys/module/dynamic_printk/parameters/verbose
[ -f $V ] && cat $V > /tmp/boot.verbose && echo 1 > $V
# Only emergencies reach the console from now on: the host reads the rest
# of the kernel log from the dumps, attributed to the case that caused it.
dump_dmesg boot
dmesg -n 1

for t in /tests/*.sh; do
	[ -f "$t" ] || continue
	name=${t##*/}; name=${name%.sh}
	echo "@@CASE-BEGIN $name"
	t0=$(cut -d' ' -f1 /proc/uptime)
	(cd /tmp && sh "$t" 2>&1)
	rc=$?
	t1=$(cut -d' ' -f1 /proc/uptime)
	echo "@@CASE-END $name rc=$rc secs=$(awk "BEGIN { print $t1 - $t0 }")"
	dump_dmesg "$name"
done
echo "@@GUEST-DONE"
sync
reboot -f
