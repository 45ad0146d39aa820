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

# "make shell" (tools/shell.sh) boots with guest_shell=1: an interactive
# shell on the console instead of the cases; when it exits the guest
# reboots, which ends QEMU (-no-reboot).  cttyhack makes the console's
# serial port the shell's controlling tty (for job control and Ctrl-C);
# it opens /dev/ttyS0, which without devtmpfs has to be made.  A serial
# line cannot tell the size of the terminal at its other end: the host
# passes it.
if [ "${guest_shell:-}" = 1 ]; then
	[ -e /dev/tty ] || mknod /dev/tty c 5 0
	[ -e /dev/ttyS0 ] || mknod /dev/ttyS0 c 4 64
	[ -n "${guest_cols:-}" ] && stty cols "$guest_cols" rows "${guest_rows:-24}" 2> /dev/null
	cat <<-EOF

	Linux $(uname -r) with dynamic printk: busybox sh, as root.
	  /sys/kernel/debug/dynamic_printk/control   one line per call site
	  /sys/kernel/debug/dynamic_printk/modules   one line per module
	  /modules/*.ko   the test modules (their sources in /src)
	  dynamic_printk  the shell front end (dynamic_printk -h)
	  dmesg shows what printed (dmesg -n 8: debug messages on the console too)
	  exit, or Ctrl-A X, leaves.

	EOF
	cd /
	HOME=/ PS1='guest:\w# ' setsid cttyhack sh
	sync
	reboot -f
fi

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
