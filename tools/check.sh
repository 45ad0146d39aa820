#!/bin/bash
# check.sh: the whole test suite.  Host tier always; guest tier when $KSRC
# holds a v2.6.27 tree (otherwise it says so and counts as skipped).
# Every test prints one "PASS: name", "FAIL: name: why" or
# "SKIP: name: why" line; the last line is the count.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$top/build}
export BUILD
mkdir -p "$BUILD"
res=$BUILD/results.txt
: > "$res"
start=$(date +%s)

# Each step's output, and how long it took: CI has a time limit.
run() {
	local t0; t0=$(date +%s)
	"$@" 2>&1 | tee -a "$res" | grep --line-buffered -E '^(PASS|FAIL|SKIP):'
	echo "== $(( $(date +%s) - t0 )) s: ${*##*/}"
}

echo "== host tier"
run make -s -C "$top/tests/host" check
run bash "$top/tests/runner/parse-test.sh"

echo "== guest tier"
ks=0; why=$(bash "$top/tools/check-ksrc.sh" 2>&1) || ks=$?
if [ $ks = 0 ]; then
	run bash "$top/tools/guest-suite.sh"
	run bash "$top/tests/runner/selftest-boot.sh"
	for t in "$top"/tests/kernel/*.sh; do
		[ -f "$t" ] && run bash "$t"
	done
else
	echo "SKIP: guest: skipped: no kernel tree ($why)" | tee -a "$res"
fi

p=$(grep -c '^PASS:' "$res"); f=$(grep -c '^FAIL:' "$res"); s=$(grep -c '^SKIP:' "$res")
echo "== $(( $(date +%s) - start )) s; results in $res"
if [ "$f" -gt 0 ]; then
	echo "failed:"; grep '^FAIL:' "$res" | sed 's/^/  /'
fi
line="$p passed, $f failed"
[ "$s" -gt 0 ] && line="$line, $s skipped"
echo "$line"
[ "$f" -eq 0 ] && [ "$p" -gt 0 ]
