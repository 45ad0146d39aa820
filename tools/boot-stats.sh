#!/bin/bash
# boot-stats.sh NAME COUNT: boot a kernel COUNT times in a row while $LOAD
# busy loops (default 2, one per core here) load the host, and count the
# boots that failed.  NAME is either
#   - a kernel variant (tools/kbuild.sh, e.g. on-small, on-debug): each
#     boot runs loop/boots.sh and loop/cpus.sh with the test runner's own
#     command line (tools/guest-run.sh), or
#   - a boot of tests/guest/boots (e.g. patching-nmi, hardening): each boot
#     is that boot, with its kernel, command line and cases, as the guest
#     suite runs it.
# The kernel and its test modules are built first.  A boot passes when the
# guest reached /init, ran every case without a failed check (for a
# variant: with $GUEST_CPUS CPUs online, 2 for *-debug(32) variants, else 1),
# powered off, and showed no panic, oops or warning (the runner's usual
# verdict).  The console log of each failed boot is kept in
# $BUILD/boot-stats/NAME/.  Prints one summary line:
#   boot-stats: NAME: COUNT boots, F failed, LOAD busy loops, W s wall, M s per boot
# and exits non-zero when a boot failed.  Also "make boot-stats".
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$top/build}
export BUILD
name=${1:?usage: boot-stats.sh NAME COUNT} count=${2:?usage: boot-stats.sh NAME COUNT}
case $count in ''|*[!0-9]*|0) echo "boot-stats: COUNT must be a positive number" >&2; exit 2 ;; esac
LOAD=${LOAD:-2}

# A boot of the table, or a variant
row=$(awk -v b="$name" '$1 == b { print; exit }' "$top/tests/guest/boots")
cases=() qcpu=
if [ -n "$row" ]; then
	read -r _ variant append rest <<< "$row"
	append=${append//+/ }
	append=${append//%2B/+}
	for c in $rest; do cases+=("$top/tests/guest/cases/$c"); done
	case $variant in *@*) qcpu=${variant#*@} variant=${variant%@*} ;; esac
	boot=stats-$name
else
	variant=$name append=
	cases=("$top/tests/guest/cases/loop/boots.sh" "$top/tests/guest/cases/loop/cpus.sh")
	boot=stats-$variant
fi
case $variant in
*-debug|*-debug32) cpus=${GUEST_CPUS:-2} mem=${GUEST_MEM:-512} tmo=${GUEST_TIMEOUT:-1800} ;;
*)	cpus=${GUEST_CPUS:-1} mem=${GUEST_MEM:-256} tmo=${GUEST_TIMEOUT:-900} ;;
esac
[ -z "$row" ] && append="guest_cpus=$cpus"
[ -z "$append" ] && append=-

log=$BUILD/boot-stats.log
bbarch=
case $variant in *32) bbarch=i386 ;; esac	# an i386 kernel's busybox
if ! { bash "$top/tools/build-busybox.sh" $bbarch && bash "$top/tools/kbuild.sh" "$variant" &&
       bash "$top/tools/build-modules.sh" "$variant"; } >> "$log" 2>&1; then
	echo "boot-stats: $name: $variant did not build (see $log)" >&2
	exit 1
fi

keep=$BUILD/boot-stats/$name
rm -rf "$keep"; mkdir -p "$keep"

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
	t0=$(date +%s)
	out=$(GUEST_QEMU_CPU=$qcpu GUEST_CPUS=$cpus GUEST_MEM=$mem GUEST_TIMEOUT=$tmo \
		bash "$top/tools/guest-run.sh" "$boot" "$variant" "$append" "${cases[@]}" 2>&1)
	rc=$?
	if [ $rc != 0 ] || ! echo "$out" | grep -qE "^PASS: guest:$boot:boot( \\(.*\\))?\$" || echo "$out" | grep -q '^FAIL:'; then
		failed=$((failed + 1))
		cp "$BUILD/guest/$boot/console.log" "$keep/fail-$i.log"
		echo "$out" | grep '^FAIL:' | sed "s/^/  boot $i: /" >&2
	fi
	echo "  boot $i: $(( $(date +%s) - t0 )) s, $failed failed so far" >&2
done
wall=$(( $(date +%s) - start ))
stop_load
echo "boot-stats: $name: $count boots, $failed failed, $LOAD busy loops, $wall s wall, $(awk -v w=$wall -v n=$count 'BEGIN { printf "%.1f", w / n }') s per boot"
[ $failed = 0 ]
