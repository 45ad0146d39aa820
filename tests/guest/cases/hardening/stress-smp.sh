# Concurrency on the debug kernel (lockdep, SLUB debugging,
# debugobjects, preemptible SMP with 2 CPUs): run at once
#   - writer 1: switches dp_stress on and off (rejected while it is not loaded)
#   - writer 2: switches dp_dbg on and off and fires its two call sites
#   - writer 3: switches 'all' on and off
#   - readers 1 and 2: read the control file; every read whole, every line
#     well-formed, no name twice
#   - loader 1: loads dp_stress (pr_debug from a timer = softirq, an
#     hrtimer = hard irq, a kthread = process context, all the time), lets
#     it run a moment, unloads it
#   - loader 2: loads and unloads dp_dbg and allx
#   - a drainer: moves the kernel log to a file twice a second
# until both loaders have done $hard_loads rounds (kernel parameter,
# default 10) and the shells have done what the checks below are about:
# writes to dp_stress and to dp_dbg that succeeded while it was loaded,
# more than 10 reads, pr_debug printed from hard irq, on every CPU.  The
# shells keep their counts in files, rewritten after each round.  How
# long that takes is the host's business: only a case not done after
# $HANG seconds fails for the time, as a hang.
# Pass: every write that must succeed did, nothing bad in the drained
# kernel log, all the shells finished, and at the end, with everything off,
# the control file is exactly what it was before (same names, once each).
. /lib.sh
L=${hard_loads:-10}
HANG=300
S=/sys/module/dp_stress/parameters
rm -rf /tmp/h; mkdir -p /tmp/h
stopped() { [ -f /tmp/h/stop ]; }
ncpu=$(grep -c '^processor' /proc/cpuinfo)
for f in w1 w2 w3 r1 r2 l2; do echo 0 0 > /tmp/h/$f; done
echo 0 0 0 0 0 0 0 > /tmp/h/l1
# seen: the shells' files say that everything was seen
seen() {
	local l1 l2 w1 w2 r1 r2 q cpus _r
	read -r l1 _r _r _r q _r cpus < /tmp/h/l1 || return 1
	read -r l2 _r < /tmp/h/l2 || return 1
	read -r w1 _r < /tmp/h/w1 || return 1
	read -r w2 _r < /tmp/h/w2 || return 1
	read -r r1 _r < /tmp/h/r1 || return 1
	read -r r2 _r < /tmp/h/r2 || return 1
	[ "${l1:-0}" -ge "$L" ] && [ "${l2:-0}" -ge "$L" ] &&
		[ "${w1:-0}" -gt 0 ] && [ "${w2:-0}" -gt 0 ] &&
		[ $((${r1:-0} + ${r2:-0})) -gt 10 ] &&
		[ "${q:-0}" -gt 0 ] && [ "${cpus:-0}" = $(( (1 << ncpu) - 1 )) ]
}

echo "set enabled=0 all" > $CTL
cat $CTL > /tmp/h/base
echo "control file before: $(wc -l < /tmp/h/base) names"
check "no name twice before" test -z "$(cut -d' ' -f1 /tmp/h/base | sort | uniq -d)"

( while ! stopped; do dmesg -c >> /tmp/h/klog; usleep 500000; done
  dmesg -c >> /tmp/h/klog ) &
pids=$!
toggle() { # counter-file name
	local ok=0 no=0
	while ! stopped; do
		if echo "set enabled=1 $2" > $CTL 2>/dev/null; then ok=$((ok + 1)); else no=$((no + 1)); fi
		[ -n "$3" ] && { echo "$3" > /sys/module/$2/parameters/fire; } 2>/dev/null
		if echo "set enabled=0 $2" > $CTL 2>/dev/null; then ok=$((ok + 1)); else no=$((no + 1)); fi
		echo "$ok $no" > /tmp/h/$1
	done
	echo "$ok $no" > /tmp/h/$1
}
toggle w1 dp_stress & pids="$pids $!"
toggle w2 dp_dbg hard & pids="$pids $!"
toggle w3 all & pids="$pids $!"
reader() {
	local r=0 f=0
	while ! stopped; do
		if cat $CTL > /tmp/h/rd$1; then
			grep -qvE '^[a-z0-9_]+ enabled=[01]$' /tmp/h/rd$1 && f=$((f + 1))
			[ -n "$(cut -d' ' -f1 /tmp/h/rd$1 | sort | uniq -d)" ] && { f=$((f + 1)); cp /tmp/h/rd$1 /tmp/h/dup$1; }
		else
			f=$((f + 1))
		fi
		r=$((r + 1))
		echo "$r $f" > /tmp/h/r$1
	done
	echo "$r $f" > /tmp/h/r$1
}
reader 1 & pids="$pids $!"
reader 2 & pids="$pids $!"
( l=0 f=0 notirq=0 t=0 q=0 h=0 cpus=0
  while ! stopped; do
	if insmod $MODDIR/dp_stress.ko; then
		usleep 200000
		t=$((t + $(cat $S/timer_evals))) q=$((q + $(cat $S/hirq_evals))) h=$((h + $(cat $S/thread_evals)))
		notirq=$((notirq + $(cat $S/hirq_not_irq)))
		cpus=$((cpus | $(cat $S/hirq_cpus)))
		rmmod dp_stress || f=$((f + 1))
	else
		f=$((f + 1))
	fi
	l=$((l + 1))
	echo "$l $f $notirq $t $q $h $cpus" > /tmp/h/l1
  done
  echo "$l $f $notirq $t $q $h $cpus" > /tmp/h/l1 ) &
pids="$pids $!"
( l=0 f=0
  while ! stopped; do
	insmod $MODDIR/dp_dbg.ko || f=$((f + 1))
	insmod $MODDIR/allx.ko || f=$((f + 1))
	rmmod dp_dbg || f=$((f + 1))
	rmmod allx || f=$((f + 1))
	l=$((l + 1))
	echo "$l $f" > /tmp/h/l2
  done
  echo "$l $f" > /tmp/h/l2 ) &
pids="$pids $!"

start=$(date +%s)
wait_for $HANG seen || fail "hang: not everything seen in $HANG s: $(cat /tmp/h/l1 /tmp/h/l2 | tr '\n' ' ')"
touch /tmp/h/stop
# Every shell must finish within a minute of being told to.
left=$pids n=0
while [ -n "$left" ] && [ $n -lt 60 ]; do
	still=
	for p in $left; do kill -0 $p 2>/dev/null && still="$still $p"; done
	left=$still
	[ -n "$left" ] && { sleep 1; n=$((n + 1)); }
done
expect_eq "every shell finished" "" "$left"
wait
dur=$(( $(date +%s) - start ))
echo "set enabled=0 all" > $CTL

set -- $(cat /tmp/h/w1) $(cat /tmp/h/w2) $(cat /tmp/h/w3)
echo "stress: $dur s on $(grep -c '^processor' /proc/cpuinfo) CPUs"
echo "writes: dp_stress $1 ok $2 rejected (not loaded); dp_dbg $3 ok $4 rejected; all $5 ok $6 failed"
w_all_fail=$6
set -- $(cat /tmp/h/r1) $(cat /tmp/h/r2)
echo "reads: $1 + $3, bad $2 + $4"
rbad=$(($2 + $4)) reads=$(($1 + $3))
set -- $(cat /tmp/h/l1)
echo "dp_stress loads: $1 (failures $2); printed while loaded: timer $4 hirq $5 thread $6; hrtimer runs outside hard irq: $3; CPUs that ran it in hard irq (mask): $7"
l1=$1 l1f=$2 notirq=$3 hq=$5 hcpus=$7
set -- $(cat /tmp/h/l2)
echo "dp_dbg+allx load/unload rounds: $1 (failures $2)"
l2=$1 l2f=$2

expect_eq "every 'all' switch succeeded" 0 "$w_all_fail"
check "writes to dp_stress succeeded while it was loaded" test "$(cut -d' ' -f1 /tmp/h/w1)" -gt 0
check "writes to dp_dbg succeeded while it was loaded" test "$(cut -d' ' -f1 /tmp/h/w2)" -gt 0
expect_eq "every read whole, well-formed, no name twice" 0 "$rbad"
for r in 1 2; do [ -f /tmp/h/dup$r ] && sed "s/^/  dup$r: /" /tmp/h/dup$r | head -40; done
check "many reads" test "$reads" -gt 10
expect_eq "every load/unload of dp_stress worked" 0 "$l1f"
check "dp_stress loaded $L times at least ($l1)" test "$l1" -ge "$L"
expect_eq "every load/unload of dp_dbg and allx worked" 0 "$l2f"
check "dp_dbg and allx loaded $L times at least ($l2)" test "$l2" -ge "$L"
check "pr_debug printed from hard irq meanwhile" test "$hq" -gt 0
expect_eq "the hrtimer ran in hard irq" 0 "$notirq"
expect_eq "in hard irq on every CPU (mask)" $(( (1 << ncpu) - 1 )) "$hcpus"
check "no test module left" sh -c "! grep -qE '^(dp_stress|dp_dbg|allx) ' /proc/modules"
cat $CTL > /tmp/h/end
check "control file as before: same names, each once, all off" cmp -s /tmp/h/base /tmp/h/end
cmp -s /tmp/h/base /tmp/h/end || diff /tmp/h/base /tmp/h/end | head -20 | sed 's/^/  diff: /'

# The drained kernel log: the host parser's signs of trouble, here too
# (the log overflows, so the host sees only its tail).
echo "kernel log during the stress: $(wc -l < /tmp/h/klog) lines"
grep -vE '^dynamic_printk: [a-z0-9_]+ enabled=[01]$|^dp_stress:(timer|hirq|thread) [0-9]+$|^dp_stress_test: stopped|^dp_dbg:|^dp_dbg_dev |^allx:' \
	/tmp/h/klog > /tmp/h/other
echo "unexpected kernel log lines: $(wc -l < /tmp/h/other)"
sort /tmp/h/other | uniq -c | sort -rn | head -20 | sed 's/^/  klog: /'
TROUBLE='Kernel panic|Oops|(^|[^E])BUG:|WARNING:|general protection fault|Call Trace|INFO: |inconsistent lock state|possible (recursive|circular) locking|held lock freed|DEBUG_LOCKS_WARN_ON|sleeping function called|scheduling while atomic|soft lockup|Slab corruption|overwritten|Redzone|Object already free|BUG [a-z0-9_.:-]+: |ODEBUG: |list_(add|del) corruption|kernel BUG|Unable to handle|={20,}'
expect_eq "no sign of trouble in the drained log" 0 "$(grep -cE "$TROUBLE" /tmp/h/klog)"
grep -E "$TROUBLE" /tmp/h/klog | head -5 | sed 's/^/  trouble: /'
finish
