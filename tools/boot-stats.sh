#!/bin/bash
# boot-stats.sh VARIANT COUNT: boot the kernel of VARIANT (tools/kbuild.sh;
# built with its test modules) COUNT times in a row with the test runner's
# own command line (tools/guest-run.sh), while $LOAD busy loops (default
# 2, one per core here) load the host, and count the boots that failed.
# A boot passes when the guest reached /init, ran loop/boots.sh and
# loop/cpus.sh (with $GUEST_CPUS CPUs online: 2 for *-debug variants,
# else 1), powered off, and showed no panic, oops or warning (the runner's
# usual verdict).  The console log of each failed boot is kept in
# $BUILD/boot-stats/VARIANT/.  Prints one summary line:
#   boot-stats: VARIANT: COUNT boots, F failed, LOAD busy loops, W s wall, M s per boot
# and exits non-zero when a boot failed.  Also "make boot-stats".
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$top/build}
export BUILD
variant=${1:?usage: boot-stats.sh VARIANT COUNT} count=${2:?usage: boot-stats.sh VARIANT COUNT}
case $count in ''|*[!0-9]*|0) echo "boot-stats: COUNT must be a positive number" >&2; exit 2 ;; esac
LOAD=${LOAD:-2}
case $variant in
*-debug) cpus=${GUEST_CPUS:-2} mem=${GUEST_MEM:-512} tmo=${GUEST_TIMEOUT:-900} ;;
*)	cpus=${GUEST_CPUS:-1} mem=${GUEST_MEM:-256} tmo=${GUEST_TIMEOUT:-300} ;;
esac
keep=$BUILD/boot-stats/$variant
rm -rf "$keep"; mkdir -p "$keep"
boot=stats-$variant
cases="$top/tests/guest/cases/loop/boots.sh $top/tests/guest/cases/loop/cpus.sh"

pids=()
stop_load() { [ ${#pids[@]} -gt 0 ] && kill "${pids[@]}" 2>/dev/null; pids=(); }
trap stop_load EXIT
for _ in $(seq 1 "$LOAD"); do
	(while :; do :; done) &
	pids+=($!)
done

failed=0
start=$(date +%s)
for i in $(seq 1 "$count"); do
	# shellcheck disable=SC2086
	out=$(GUEST_CPUS=$cpus GUEST_MEM=$mem GUEST_TIMEOUT=$tmo \
		bash "$top/tools/guest-run.sh" "$boot" "$variant" "guest_cpus=$cpus" $cases 2>&1)
	if [ $? != 0 ] || ! echo "$out" | grep -q "^PASS: guest:$boot:boot\$" || echo "$out" | grep -q '^FAIL:'; then
		failed=$((failed + 1))
		cp "$BUILD/guest/$boot/console.log" "$keep/fail-$i.log"
		echo "$out" | grep '^FAIL:' | sed "s/^/  boot $i: /" >&2
	fi
	[ $((i % 25)) = 0 ] && echo "  $i boots, $failed failed" >&2
done
wall=$(( $(date +%s) - start ))
stop_load
echo "boot-stats: $variant: $count boots, $failed failed, $LOAD busy loops, $wall s wall, $(awk -v w=$wall -v n=$count 'BEGIN { printf "%.1f", w / n }') s per boot"
[ $failed = 0 ]
