#!/bin/bash
# guest-run.sh BOOT VARIANT APPEND CASE...
#
# Boot the kernel of VARIANT (see kbuild.sh; it must be built) once in QEMU
# (qemu-system-x86_64, which boots i386 kernels too) with an initramfs
# made from scratch: musl busybox (the 32-bit one of build-busybox.sh i386
# for an i386 kernel), tests/guest/init.sh as
# /init, the CASE scripts as /tests/NN-*.sh, the test modules built for
# VARIANT in /modules and their sources in /src/<folder>.  APPEND is added
# to the kernel command line ("-" for nothing).  The console log is kept
# in $BUILD/guest/BOOT/console.log; the results are printed as PASS:/FAIL:
# lines by guest-parse.py.  With GUEST_SHELL=1 the console is the
# terminal instead (see below).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$top/build}
GUEST_TIMEOUT=${GUEST_TIMEOUT:-900}
GUEST_CPUS=${GUEST_CPUS:-1}
GUEST_MEM=${GUEST_MEM:-256}
GUEST_QEMU_CPU=${GUEST_QEMU_CPU:-}	# QEMU's -cpu model; its default if empty

boot=$1 variant=$2 append=$3; shift 3
[ "$append" = - ] && append=
out=$BUILD/out/$variant
kernel=$out/arch/x86/boot/bzImage
[ -f "$kernel" ] || { echo "FAIL: guest:$boot: no kernel $kernel (build $variant first)"; exit 1; }

# An i386 kernel runs 32-bit programs only
busybox=$BUILD/busybox/busybox bbarch=
if grep -qx CONFIG_X86_32=y "$out/.config"; then
	busybox=$BUILD/busybox32/busybox bbarch=" i386"
fi
[ -f "$busybox" ] || { echo "FAIL: guest:$boot: no $busybox (tools/build-busybox.sh$bbarch)"; exit 1; }

dir=$BUILD/guest/$boot
rm -rf "$dir"; mkdir -p "$dir"
list=$dir/initramfs.list
{
	echo "dir /bin 755 0 0"
	echo "dir /dev 755 0 0"
	echo "dir /proc 755 0 0"
	echo "dir /sys 755 0 0"
	echo "dir /tmp 1777 0 0"
	echo "dir /tests 755 0 0"
	echo "dir /modules 755 0 0"
	echo "nod /dev/console 600 0 0 c 5 1"
	echo "nod /dev/null 666 0 0 c 1 3"
	echo "nod /dev/zero 666 0 0 c 1 5"
	echo "nod /dev/urandom 666 0 0 c 1 9"
	echo "nod /dev/kmsg 644 0 0 c 1 11"
	echo "file /bin/busybox $busybox 755 0 0"
	echo "file /init $top/tests/guest/init.sh 755 0 0"
	echo "file /lib.sh $top/tests/guest/lib.sh 644 0 0"
	[ -x "$top/userspace/dynamic_printk" ] && echo "file /bin/dynamic_printk $top/userspace/dynamic_printk 755 0 0"
	n=10
	for c in "$@"; do
		b=${c##*/}
		echo "file /tests/$n-$b $c 644 0 0"
		n=$((n + 1))
	done
	for ko in "$BUILD"/mod/"$variant"/*/*.ko; do
		[ -f "$ko" ] && echo "file /modules/${ko##*/} $ko 644 0 0"
	done
	# The test modules' sources, as /src/<folder>/<file>: cases find the
	# lines of call sites there instead of knowing them by heart.
	echo "dir /src 755 0 0"
	for d in "$top"/tests/guest/modules/*/; do
		d=${d%/}
		echo "dir /src/${d##*/} 755 0 0"
		for f in "$d"/*.[ch]; do
			[ -f "$f" ] && echo "file /src/${d##*/}/${f##*/} $f 644 0 0"
		done
	done
} > "$list"
"$out/usr/gen_init_cpio" "$list" > "$dir/initramfs.cpio"

# noapictimer: the local APIC timer is unreliable under TCG and 2.6.27
# warns about it at every boot; the PIT is used instead.
# noapic: interrupts go through the 8259A, not the IO-APIC.  With an
# IO-APIC, check_timer() decides how to route the timer by counting the
# jiffies that pass during mdelay(10 ticks), up to four times, and panics
# ("IO-APIC + timer doesn't work!") when every try sees 4 or fewer.  Under
# TCG that delay means nothing: the small kernel has no HPET or PM timer
# to calibrate the TSC against, so mdelay() is a loop calibrated against
# the emulated PIT at one moment and run at another, at whatever speed the
# loaded host gives the vCPU.  Measured with two busy loops on the host:
# BogoMIPS from 16 to 819 across boots, 0 to 21 jiffies in that "10-tick"
# delay, 6 of 40 boots panicked (no_timer_check, which the runner used to
# pass, only skips the first try).  Without the IO-APIC nothing asks the
# question; tools/boot-stats.sh measures the result.
cmdline="console=ttyS0 panic=1 noapictimer noapic $append"
echo "$cmdline" > "$dir/cmdline"
# Several virtual CPUs: one host thread runs them all, in turn.  With
# QEMU's default multi-threaded TCG, about one 2-CPU boot in three (on a
# busy host) lost a transmit interrupt of the emulated 16550: every vCPU
# idle, the guest's tty blocked with a full buffer, the console silent
# until the timeout.  A byte sent to the guest's serial port then got
# exactly one more buffer (4 KB) out, which pinned it on the UART's
# interrupt.  Debug kernel, 2 vCPUs, host busy: multi-threaded TCG
# stalled in 10 of 39 boots, single-threaded in 0 of 15.  The guest is
# still SMP: its CPUs interleave, preempt each other, send IPIs.
accel=
[ "$GUEST_CPUS" -gt 1 ] && accel="-accel tcg,thread=single"
# GUEST_SHELL=1 (tools/shell.sh): the guest's console is this terminal,
# QEMU's serial port and monitor multiplexed on it (Ctrl-A X quits,
# Ctrl-A C switches to the monitor), without a time limit or a log.
if [ -n "${GUEST_SHELL:-}" ]; then
	# shellcheck disable=SC2086
	exec qemu-system-x86_64 $accel -nographic -serial mon:stdio -no-reboot \
		${GUEST_QEMU_CPU:+-cpu "$GUEST_QEMU_CPU"} -m "$GUEST_MEM" -smp "$GUEST_CPUS" -kernel "$kernel" \
		-initrd "$dir/initramfs.cpio" -append "$cmdline"
fi
# A case that says "# host: nmi" gets NMIs from the host while it asks for
# them (tools/nmi-inject.py); one that says "# host: monitor" has the
# monitor commands it asks for run (tools/qemu-monitor.py), to plug and
# unplug emulated devices.  Either talks to the monitor on a unix socket,
# which takes one client.  A case that says "# qemu: ARGS" gets ARGS on
# QEMU's command line (devices).
monitor= injector= tool=
grep -qx '# host: nmi' "$@" /dev/null && tool=nmi-inject
if grep -qx '# host: monitor' "$@" /dev/null; then
	[ -z "$tool" ] || { echo "FAIL: guest:$boot: '# host: nmi' and '# host: monitor' cases cannot share a boot"; exit 1; }
	tool=qemu-monitor
fi
if [ -n "$tool" ]; then
	monitor="-monitor unix:$dir/monitor.sock,server=on,wait=off"
	python3 "$top/tools/$tool.py" "$dir/console.log" "$dir/monitor.sock" \
		> "$dir/host.log" 2>&1 &
	injector=$!
fi
qemu_args=$(sed -n 's/^# qemu: //p' "$@" /dev/null | sort -u | tr '\n' ' ')
start=$(date +%s.%N)
rc=0
# shellcheck disable=SC2086
timeout -s KILL "$GUEST_TIMEOUT" qemu-system-x86_64 $accel -nographic -no-reboot \
	$monitor $qemu_args ${GUEST_QEMU_CPU:+-cpu "$GUEST_QEMU_CPU"} -m "$GUEST_MEM" -smp "$GUEST_CPUS" -kernel "$kernel" \
	-initrd "$dir/initramfs.cpio" -append "$cmdline" \
	< /dev/null > "$dir/console.log" 2>&1 || rc=$?
end=$(date +%s.%N)
if [ -n "$injector" ]; then
	wait "$injector" || true
	sed "s/^/@@HOST: /" "$dir/host.log" >> "$dir/console.log"
fi
awk -v s="$start" -v e="$end" 'BEGIN { printf "%.1f\n", e - s }' > "$dir/seconds"
[ $rc = 137 ] && echo "@@HOST: killed after ${GUEST_TIMEOUT}s" >> "$dir/console.log"
cases=()
for c in "$@"; do b=${c##*/}; cases+=("${b%.sh}"); done
python3 "$top/tools/guest-parse.py" "$boot" "$dir/console.log" "${cases[@]}"
