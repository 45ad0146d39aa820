#!/bin/bash
# make bench: run the benchmark program under callgrind and print the table.
# Called by bench/Makefile with BUILD_BENCH (where the programs are) set.
# Uses the kernels already built under build/out/ (never builds one):
#   on-small, off-small            the small test config
#   on-defconfig, off-defconfig    the defconfig-based config; without
#                                  off-defconfig, base-defconfig (v2.6.27 +
#                                  toolchain fixes) is the option-off baseline
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
B=${BUILD_BENCH:?}
OUT=$(cd "$B/.." && pwd)/out
PYTHON=${PYTHON:-python3}
start=$(date +%s)

for v in on-small off-small on-defconfig; do
	[ -f "$OUT/$v/vmlinux" ] || { echo "bench: $OUT/$v/vmlinux missing: bash tools/kbuild.sh $v" >&2; exit 1; }
done
[ -f "$OUT/off-defconfig/vmlinux" ] || [ -f "$OUT/base-defconfig/vmlinux" ] || {
	echo "bench: neither off-defconfig nor base-defconfig is built" >&2; exit 1; }

# The call-site descriptors of the built kernels, in link order
"$PYTHON" "$here/vmlinux_sites.py" "$OUT/on-small/vmlinux" "$B/sites-small.txt"
"$PYTHON" "$here/vmlinux_sites.py" "$OUT/on-defconfig/vmlinux" "$B/sites-defconfig.txt"

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
	"$B/bench" "$B/sites-defconfig.txt" > "$B/cg/stdout" 2> "$B/cg/stderr" || {
	echo "bench: the benchmark program failed, see $B/cg/stderr" >&2; exit 1; }

{
	echo "make bench ($(date -u '+%Y-%m-%d %H:%M UTC'), $(git -C "$top" describe --always --dirty 2>/dev/null || echo '?'), $(gcc -dumpfullversion 2>/dev/null || echo gcc), $(valgrind --version))"
	echo "instr = instructions executed, counted by callgrind; sizes from size(1) of the built vmlinux"
	"$PYTHON" "$here/report.py" "$B" "$OUT"
	echo "make bench took $(( $(date +%s) - start )) s"
} | tee "$B/table.txt"
