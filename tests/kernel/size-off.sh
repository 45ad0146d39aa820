#!/bin/bash
# With the option off, the patched tree must build the very kernel v2.6.27
# builds: vmlinux text, data and bss equal to the unpatched build of the
# same config (SPEC section 3), and no __verbose section at all.
top=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${BUILD:-$top/build}
for v in base-small off-small; do
	if ! bash "$top/tools/kbuild.sh" "$v" >> "$BUILD/size-off.log" 2>&1; then
		echo "FAIL: kernel:size-off: $v does not build (see $BUILD/size-off.log)"
		exit 0
	fi
done
sz() { size "$BUILD/out/$1/vmlinux" | awk 'NR == 2 { print "text=" $1, "data=" $2, "bss=" $3 }'; }
b=$(sz base-small) o=$(sz off-small)
if [ "$b" = "$o" ]; then
	echo "PASS: kernel:size-off: unpatched and option-off vmlinux both $b"
else
	echo "FAIL: kernel:size-off: unpatched $b, option off $o"
fi
if objdump -h "$BUILD/out/off-small/vmlinux" | grep -q verbose; then
	echo "FAIL: kernel:off-no-verbose-section: option-off vmlinux has a __verbose section"
else
	echo "PASS: kernel:off-no-verbose-section"
fi
