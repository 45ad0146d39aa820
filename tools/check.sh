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
rm -f "$BUILD/slowness"
# CI stops a run after 90 minutes, and a run stopped reports nothing.
# On a machine slower than the 2 cores the suite was timed on (about an
# hour), the guest tier skips, and says so, what it could not finish
# within CHECK_BUDGET seconds (0: no limit): the last boots, then the
# series check.
CHECK_BUDGET=${CHECK_BUDGET:-3600}
if [ "$CHECK_BUDGET" -gt 0 ]; then
	export CHECK_DEADLINE=$((start + CHECK_BUDGET))
fi

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
	# The series check's option-off build is the guest suite's off-small
	export SERIES_OFF_BUILT=off-small
	run bash "$top/tests/runner/selftest-boot.sh"
	for t in "$top"/tests/kernel/*.sh; do
		[ -f "$t" ] || continue
		# The series check builds the kernel after every patch and
		# boots six of them: about 10 minutes here, times how much
		# slower this machine built; quick (SERIES_QUICK=1, the
		# kernel built once) about 3.  Short of time, it runs quick,
		# and shorter still not at all.
		if [ "${t##*/}" = series.sh ] && [ -n "${CHECK_DEADLINE:-}" ]; then
			s=$(cat "$BUILD/slowness" 2>/dev/null || echo 1.5)
			need=$(awk -v s="$s" 'BEGIN { printf "%d", 600 * s }')
			quick=$(awk -v s="$s" 'BEGIN { printf "%d", 180 * s }')
			left=$((CHECK_DEADLINE - $(date +%s)))
			if [ "$left" -lt "$quick" ]; then
				echo "SKIP: series: no time left for it in the CI time limit (CHECK_BUDGET: $left s left, about $quick s needed)" | tee -a "$res"
				continue
			elif [ "$left" -lt "$need" ]; then
				echo "SKIP: series:whole: not enough time left in the CI time limit (CHECK_BUDGET: $left s left, about $need s needed): checked quick" | tee -a "$res"
				export SERIES_QUICK=1
			fi
			# never past the budget by more than 5 minutes
			[ $((left + 300)) -lt 3600 ] && export SERIES_TIMEOUT=$((left + 300))
		fi
		run bash "$t"
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
