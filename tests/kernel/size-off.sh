#!/bin/bash
# With the option off, the patched tree must build the very kernel v2.6.27
# builds: vmlinux text, data and bss equal to the unpatched build of the
# same config, and no __verbose section at all.
top=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${BUILD:-$top/build}
for v in base-small off-small; do
	if ! bash "$top/tools/kbuild.sh" "$v" >> "$BUILD/size-off.log" 2>&1; then
		echo "FAIL: kernel:size-off: $v does not build (see $BUILD/size-off.log)"
		exit 0
	fi
done
# The default built-in initramfs (usr/initramfs_data.o) is a gzipped cpio
# stamped with the build time, so its compressed size varies by a byte or
# so between any two builds, patched or not.  It is left out of the
# comparison, and only it: every other section must be the same size.
sz() { size "$BUILD/out/$1/vmlinux" | awk 'NR == 2 { print "text=" $1, "data=" $2, "bss=" $3 }'; }
secs() { size -A "$BUILD/out/$1/vmlinux" | awk 'NR > 2 && $1 != "" && $1 != ".init.ramfs" && $1 != "Total" { print $1, $2 }'; }
b=$(sz base-small) o=$(sz off-small)
if d=$(diff <(secs base-small) <(secs off-small)); then
	echo "PASS: kernel:size-off: every section the same size (size: unpatched $b, option off $o)"
else
	echo "FAIL: kernel:size-off: sections differ (unpatched < > option off): $(echo "$d" | grep '^[<>]' | tr '\n' ' ')"
fi
if objdump -h "$BUILD/out/off-small/vmlinux" | grep -q verbose; then
	echo "FAIL: kernel:off-no-verbose-section: option-off vmlinux has a __verbose section"
else
	echo "PASS: kernel:off-no-verbose-section"
fi
