#!/bin/bash
# make bench: run the benchmark program under callgrind and print the table.
# Called by bench/Makefile with BUILD_BENCH (where the programs are) set.
# Uses the kernels already built under build/out/, and builds one:
#   on-small, off-small            the small test config (both needed)
#   on-defconfig                   the defconfig-based config; without it
#                                  the defconfig rows are left out
#   off-defconfig                  its option-off baseline; without it
#                                  base-defconfig (v2.6.27 + toolchain
#                                  fixes), and without that the figures
#                                  recorded for it in report.py
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
B=${BUILD_BENCH:?}
OUT=$(cd "$B/.." && pwd)/out
PYTHON=${PYTHON:-python3}
start=$(date +%s)

for v in on-small off-small; do
	[ -f "$OUT/$v/vmlinux" ] || { echo "bench: $OUT/$v/vmlinux missing: bash tools/kbuild.sh $v" >&2; exit 1; }
done
# What each kernel is, and whether it predates the feature's sources
kernels=
for v in on-small mask-small off-small base-small on-defconfig mask-defconfig off-defconfig base-defconfig; do
	k=$OUT/$v/vmlinux
	if [ -f "$k" ]; then
		kernels="$kernels $v $(date -u -r "$k" '+%H:%M')"
		case $v in on-*)
			for src in lib/dynamic_printk*.c include/linux/dynamic_printk.h; do
				[ "$k" -nt "$top/$src" ] || {
					echo "bench: warning: $v/vmlinux is older than $src" >&2
					kernels="$kernels (older than $src)"; }
			done;;
		esac
		kernels="$kernels,"
	else
		kernels="$kernels $v not built,"
	fi
done

# The call-site descriptors of the built kernels, in link order
rm -f "$B"/sites-*.txt
"$PYTHON" "$here/vmlinux_sites.py" "$OUT/on-small/vmlinux" "$B/sites-small.txt"
sites=$B/sites-small.txt
if [ -f "$OUT/on-defconfig/vmlinux" ]; then
	"$PYTHON" "$here/vmlinux_sites.py" "$OUT/on-defconfig/vmlinux" "$B/sites-defconfig.txt"
	sites=$B/sites-defconfig.txt
fi

# One run, one callgrind dump per phase, main thread only (liburcu's
# call_rcu thread is not part of what is measured).  Without address
# randomisation, as libc's string functions take address-dependent paths:
# the same counts on every run.
rm -rf "$B/cg"
mkdir -p "$B/cg"
norand=
setarch -R true 2>/dev/null && norand="setarch -R"
$norand valgrind --tool=callgrind --separate-threads=yes \
	--callgrind-out-file="$B/cg/cg.out" \
	"$B/bench" "$sites" > "$B/cg/stdout" 2> "$B/cg/stderr" || {
	echo "bench: the benchmark program failed, see $B/cg/stderr" >&2; exit 1; }

# Rewriting call sites, in the guest: the defconfig kernels with 2 CPUs,
# patched (on-) and masks (mask-), when built and QEMU is there.
rm -f "$B"/rewrite-*.txt
for v in on-defconfig mask-defconfig; do
	[ -f "$OUT/$v/arch/x86/boot/bzImage" ] && command -v qemu-system-x86_64 > /dev/null || continue
	bash "$top/tools/build-modules.sh" "$v" "$top/tests/guest/modules/dp_sites" > /dev/null 2>&1 || continue
	BUILD=$(dirname "$OUT") GUEST_CPUS=2 GUEST_MEM=512 GUEST_TIMEOUT=900 \
		bash "$top/tools/guest-run.sh" "bench-$v" "$v" "printk.time=0" \
		"$here/guest/rewrite.sh" > "$B/rewrite-$v.log" 2>&1 || true
	grep -a '^BENCH ' "$(dirname "$OUT")/guest/bench-$v/console.log" | tr -d '\r' > "$B/rewrite-$v.txt" || true
done

{
	echo "make bench ($(date -u '+%Y-%m-%d %H:%M UTC'), $(git -C "$top" describe --always --dirty 2>/dev/null || echo '?'), $(gcc -dumpfullversion 2>/dev/null || echo gcc), $(valgrind --version))"
	echo "kernels (build/out, vmlinux time UTC):${kernels%,}"
	echo "instr = instructions executed, counted by callgrind; sizes from size(1) of the built vmlinux"
	"$PYTHON" "$here/report.py" "$B" "$OUT"
	echo "make bench took $(( $(date +%s) - start )) s"
} | tee "$B/table.txt"
