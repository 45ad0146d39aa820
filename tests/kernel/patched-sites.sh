#!/bin/bash
# patched-sites.sh: on the kernels with patched call sites (on-small, and
# on-defconfig when it is built), every call site of vmlinux, of every
# object with call sites and of every test module is a 5-byte NOP (or,
# built with DEBUG, a jump to its own print code) at its __verbose_sites
# entry's address, and nothing but lib/dynamic_printk.o references the
# masks (tests/kernel/sites.py).  The same check of the mask-small
# kernel's modules must fail: they test the masks and have no entries.
# Prints "PASS: kernel:<check>" or "FAIL: kernel:<check>: why"; exits 0.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${BUILD:-$top/build}
export BUILD
log=$BUILD/patched-sites.log
: > "$log"

for v in on-small on-defconfig mask-small; do
	out=$BUILD/out/$v
	if [ "$v" = on-defconfig ] && [ ! -f "$out/vmlinux" ]; then
		echo "SKIP: kernel:patched-sites-$v: not built"
		continue
	fi
	if ! { [ -f "$out/vmlinux" ] || bash "$top/tools/kbuild.sh" "$v"; } >> "$log" 2>&1 ||
	   ! bash "$top/tools/build-modules.sh" "$v" >> "$log" 2>&1; then
		echo "FAIL: kernel:patched-sites-$v: kernel or modules do not build (see $log)"
		continue
	fi
	# Objects with call sites: those with a __verbose section
	objs=$(find "$out" -name '*.o' ! -name 'built-in.o' ! -name '*.mod.o' |
		while read -r o; do objdump -h "$o" 2>/dev/null | grep -q ' __verbose ' && echo "$o"; done)
	mods=$(ls "$BUILD"/mod/$v/*/*.ko)
	echo "== $v" >> "$log"
	if [ $v = mask-small ]; then
		if python3 "$top/tests/kernel/sites.py" $mods >> "$log" 2>&1; then
			echo "FAIL: kernel:patched-sites-can-fail: the mask build's modules pass the check"
		else
			echo "PASS: kernel:patched-sites-can-fail"
		fi
	elif python3 "$top/tests/kernel/sites.py" "$out/vmlinux" $objs $mods >> "$log" 2>&1; then
		echo "PASS: kernel:patched-sites-$v ($(tail -1 "$log"))"
	else
		echo "FAIL: kernel:patched-sites-$v: $(grep "^/.*: " "$log" | head -1) (see $log)"
	fi
done
