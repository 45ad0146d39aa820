#!/bin/bash
# nmi-path.sh: on the kernels with patched call sites (on-debug, with
# lockdep; on-small and on-small32; on-defconfig, whose machine check
# handler is built), no call site is reachable from the NMI and
# machine check entry code before text_poke_nmi_enter() finishes a
# rewrite (tests/kernel/nmi-path.py).  The same check of off-small, whose
# handlers do not call the hook, must fail.  Checks only kernels already
# built (tools/guest-suite.sh builds them).  Prints "PASS: kernel:<check>",
# "FAIL: kernel:<check>: why" or "SKIP: kernel:<check>: not built";
# exits 0.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${BUILD:-$top/build}
log=$BUILD/nmi-path.log
mkdir -p "$BUILD"
: > "$log"

for v in on-debug on-small on-small32 on-defconfig off-small; do
	name=nmi-path-$v
	[ $v = off-small ] && name=nmi-path-can-fail
	vmlinux=$BUILD/out/$v/vmlinux
	if [ ! -f "$vmlinux" ]; then
		echo "SKIP: kernel:$name: not built"
		continue
	fi
	echo "== $v" >> "$log"
	python3 "$top/tests/kernel/nmi-path.py" -v "$vmlinux" > "$BUILD/nmi-path.out" 2>&1
	rc=$?
	cat "$BUILD/nmi-path.out" >> "$log"
	last=$(tail -1 "$BUILD/nmi-path.out")
	if [ $v = off-small ]; then
		if [ $rc = 1 ] && grep -q "does not call text_poke_nmi_enter" "$BUILD/nmi-path.out"; then
			echo "PASS: kernel:$name"
		else
			echo "FAIL: kernel:$name: the check passes a kernel without the hook (see $log)"
		fi
	elif [ $rc = 0 ]; then
		echo "PASS: kernel:$name ($last)"
	else
		echo "FAIL: kernel:$name: $(grep -m1 "^$vmlinux: " "$BUILD/nmi-path.out" || echo "$last") (see $log)"
	fi
done
rm -f "$BUILD/nmi-path.out"
