#!/bin/bash
# shell.sh [VARIANT]: a shell in the guest, for a person to try the
# feature by hand.  Builds the test modules against the kernel of VARIANT
# (on-small by default; the kernel and busybox must be built: "make shell"
# builds them first), then boots it in QEMU with the test initramfs of
# tools/guest-run.sh (the test modules in /modules, the shell front end
# as /bin/dynamic_printk) and guest_shell=1, for which tests/guest/init.sh
# runs busybox sh on the console instead of the cases.  The console is
# this terminal; Ctrl-A X quits QEMU, and so does "exit" in the guest.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$top/build}
export BUILD
v=${1:-on-small}
kernel=$BUILD/out/$v/arch/x86/boot/bzImage
[ -f "$kernel" ] || { echo "shell: no kernel $kernel (make kernel KVARIANT=$v)"; exit 1; }
mkdir -p "$BUILD"
if ! bash "$top/tools/build-modules.sh" "$v" > "$BUILD/shell-modules.log" 2>&1; then
	echo "shell: the test modules do not build against $v (see $BUILD/shell-modules.log)"
	exit 1
fi
# The terminal's size, for the guest's line editing and wrapping.
size=
if [ -t 0 ] && s=$(stty size 2> /dev/null); then
	size="guest_rows=${s% *} guest_cols=${s#* }"
fi
echo "make shell: booting $v; in the guest: /sys/kernel/debug/dynamic_printk/control; Ctrl-A X (or exit) leaves"
GUEST_SHELL=1 exec bash "$top/tools/guest-run.sh" shell "$v" "guest_shell=1 $size"
