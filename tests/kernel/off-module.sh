#!/bin/bash
# off-module.sh: the test modules of tests/guest/modules, built out of tree
# against the option-off kernel, have their pr_debug()/dev_dbg() compiled
# out: no __verbose (nor __verbose_strings) section and no reference to
# dynamic_printk at all.  Built against the option-on kernel whose call
# sites test masks (mask-small), the same
# sources (print_hex_dump_debug() among them, in dp_hex) do have an
# 8-byte aligned __verbose section, test the masks and
# call a print helper (so the check above can fail).
#
# Uses $BUILD/mod/{mask,off}-small/<dir>/<module>.ko, building the kernels
# first if they are missing and the modules (incrementally) always.
# Prints "PASS: kernel:<check>" or "FAIL: kernel:<check>: why"; exits 0.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${BUILD:-$top/build}
export BUILD
log=$BUILD/off-module.log
mkdir -p "$BUILD"
: > "$log"
# Module folder and module name of each test module with call sites.
mods="dp_dbg:dp_dbg dp_allx:allx dp_fail:dp_fail dp_stress:dp_stress dp_multi:dp_multi dp_kobject:kobject dp_hex:dp_hex"

for v in mask-small off-small; do
	if { [ -f "$BUILD/out/$v/vmlinux" ] || bash "$top/tools/kbuild.sh" "$v"; } >> "$log" 2>&1 &&
	   bash "$top/tools/build-modules.sh" "$v" >> "$log" 2>&1; then
		:
	else
		echo "FAIL: kernel:off-module-no-call-sites: $v kernel or modules do not build (see $log)"
		echo "FAIL: kernel:on-module-call-sites: $v kernel or modules do not build (see $log)"
		exit 0
	fi
done

off_bad= on_bad=
for m in $mods; do
	dir=${m%%:*} name=${m#*:}
	off=$BUILD/mod/off-small/$dir/$name.ko
	on=$BUILD/mod/mask-small/$dir/$name.ko
	if [ ! -f "$off" ]; then
		off_bad="$off_bad; no $off"
	else
		objdump -h "$off" | grep -q '__verbose' &&
			off_bad="$off_bad; $name.ko (off) has a __verbose section"
		nm -u "$off" | grep -q 'dynamic_printk' &&
			off_bad="$off_bad; $name.ko (off) references $(nm -u "$off" | grep dynamic_printk | awk '{print $2}' | tr '\n' ' ')"
	fi
	if [ ! -f "$on" ]; then
		on_bad="$on_bad; no $on"
	else
		# objdump -h: Idx Name Size VMA LMA File-off Algn
		algn=$(objdump -h "$on" | awk '$2 == "__verbose" { print $7 }')
		case $algn in
		'')		on_bad="$on_bad; $name.ko (mask) has no __verbose section" ;;
		'2**3'|'2**4'|'2**5'|'2**6') ;;
		*)		on_bad="$on_bad; $name.ko (mask): __verbose aligned $algn, not 8" ;;
		esac
		nm -u "$on" | grep -qwE '__dynamic_(pr_debug|dev_dbg)' ||
			on_bad="$on_bad; $name.ko (mask) calls neither __dynamic_pr_debug nor __dynamic_dev_dbg"
		nm -u "$on" | grep -qw 'dynamic_printk_enabled2' ||
			on_bad="$on_bad; $name.ko (mask) does not test the masks"
	fi
done
if [ -z "$off_bad" ]; then
	echo "PASS: kernel:off-module-no-call-sites"
else
	echo "FAIL: kernel:off-module-no-call-sites: ${off_bad#; }"
fi
if [ -z "$on_bad" ]; then
	echo "PASS: kernel:on-module-call-sites"
else
	echo "FAIL: kernel:on-module-call-sites: ${on_bad#; }"
fi
