# dp_stress prints from a timer (softirq) every
# jiffy, from an hrtimer in the timer interrupt (hard irq) and from a
# kernel thread (process context) all the time, while this shell switches
# it on and off through the control file ($dp_stress_rounds times on and
# off at least, a kernel parameter, default 1000), a second shell reads
# the control file in a loop and a third loads and unloads another module
# (allx) in a loop.  The switching goes on until the reader has read more
# than 10 times, the loader has done a round and each call site has
# printed while being switched.  No write fails, every read is whole, no
# oops, lockup, BUG or warning, the module still switches correctly
# afterwards and unloads.  How long it all takes is the host's business:
# waits poll, and only a case not done after $HANG seconds fails for the
# time, as a hang.
#
# The switches alone log more than the 128 KB kernel log holds, so a
# fourth shell drains the log (dmesg -c) every half second into a file;
# this case checks it for signs of trouble and prints every line that is
# not one of the expected messages, where the host sees it too.
. /lib.sh
rounds=${dp_stress_rounds:-1000}
HANG=180
P=/sys/module/dp_stress/parameters
get() { cat $P/$1; }
# ran <timer> <hirq> <thread>: each call site ran more times than that
ran() { above $P/timer_runs $1 && above $P/hirq_runs $2 && above $P/thread_runs $3; }
# printed <timer> <hirq> <thread>: each printed more times than that
printed() { above $P/timer_evals $1 && above $P/hirq_evals $2 && above $P/thread_evals $3; }
# seen: the reader has read more than 10 times, the loader has done a
# round, each call site has printed
seen() {
	local r l _r
	read -r r _r < /tmp/reader || return 1
	read -r l _r < /tmp/loader || return 1
	[ "${r:-0}" -gt 10 ] && [ "${l:-0}" -gt 0 ] && printed 0 0 0
}
gone() { local p; for p in $pids; do kill -0 $p 2>/dev/null && return 1; done; return 0; }
check "insmod dp_stress" insmod $MODDIR/dp_stress.ko
wait_for 60 ran 0 0 0
for c in timer hirq thread; do
	check "$c call site runs" test "$(get ${c}_runs)" -gt 0
	expect_eq "$c call site evaluates nothing while off" 0 "$(get ${c}_evals)"
done
expect_eq "the hrtimer runs in hard-irq context (in_irq())" 0 "$(get hirq_not_irq)"

rm -f /tmp/stop /tmp/stress.klog
echo 0 0 > /tmp/reader
echo 0 0 > /tmp/loader
( while [ ! -f /tmp/stop ]; do dmesg -c >> /tmp/stress.klog; usleep 500000; done
  dmesg -c >> /tmp/stress.klog ) &
dpid=$!
( r=0; f=0
  while [ ! -f /tmp/stop ]; do
	cat $CTL > /tmp/rd || f=$((f + 1))
	grep -qE '^dp_stress enabled=[01]$' /tmp/rd || f=$((f + 1))
	grep -qvE '^[a-z0-9_]+ enabled=[01]$' /tmp/rd && f=$((f + 1))
	r=$((r + 1))
	echo "$r $f" > /tmp/reader
  done
  echo "$r $f" > /tmp/reader ) &
rpid=$!
( l=0; f=0
  while [ ! -f /tmp/stop ]; do
	insmod $MODDIR/allx.ko || f=$((f + 1))
	echo "set enabled=1 allx" > $CTL 2>/dev/null
	rmmod allx || f=$((f + 1))
	l=$((l + 1))
	echo "$l $f" > /tmp/loader
  done
  echo "$l $f" > /tmp/loader ) &
lpid=$!
pids="$rpid $lpid $dpid"

deadline $HANG
secs_now; start=$NOW
bad=0 i=0
while :; do
	echo "set enabled=1 dp_stress" > $CTL || bad=$((bad + 1))
	echo "set enabled=0 dp_stress" > $CTL || bad=$((bad + 1))
	i=$((i + 1))
	[ $((i % 100)) = 0 ] || continue
	[ $i -ge "$rounds" ] && seen && break
	past_deadline && { fail "hang: $((2 * i)) switches in $HANG s, not done"; break; }
done
secs_now
touch /tmp/stop
if wait_for 60 gone; then
	wait $pids
else
	fail "hang: a shell still running a minute after the stop"
	kill $pids 2>/dev/null
fi
echo "$((2 * i)) switches in $((NOW - start)) s; reader (reads failures): $(cat /tmp/reader); loader (rounds failures): $(cat /tmp/loader)"
echo "printed meanwhile: timer $(get timer_evals)/$(get timer_runs) hirq $(get hirq_evals)/$(get hirq_runs) thread $(get thread_evals)/$(get thread_runs)"
check "at least $((2 * rounds)) switches ($((2 * i)))" test $i -ge "$rounds"
expect_eq "every control write succeeded" 0 "$bad"
for c in timer hirq thread; do
	check "the $c call site printed while being switched" test "$(get ${c}_evals)" -gt 0
done
expect_eq "every concurrent read was whole and well-formed" 0 "$(cut -d' ' -f2 /tmp/reader)"
check "reader read many times" test "$(cut -d' ' -f1 /tmp/reader)" -gt 10
check "allx loaded and unloaded meanwhile ($(cut -d' ' -f1 /tmp/loader) rounds)" test "$(cut -d' ' -f1 /tmp/loader)" -gt 0
expect_eq "every concurrent load/unload of allx worked" 0 "$(cut -d' ' -f2 /tmp/loader)"
check "allx unloaded at the end" sh -c "! grep -q '^allx ' /proc/modules"
check "allx's line gone" sh -c "! grep -q '^allx ' $CTL"
expect_eq "dp_stress is off" "dp_stress enabled=0" "$(grep '^dp_stress ' $CTL)"
expect_eq "listed once" 1 "$(grep -c '^dp_stress ' $CTL)"

# The drained kernel log: the same signs of trouble as the host looks for.
echo "kernel log during the switching: $(wc -l < /tmp/stress.klog) lines, $(wc -c < /tmp/stress.klog) bytes"
grep -vE '^dynamic_printk: (dp_stress|allx) enabled=[01]$|^dp_stress:(timer|hirq|thread) [0-9]+$|^allx:' \
	/tmp/stress.klog > /tmp/stress.other
echo "unexpected kernel log lines: $(wc -l < /tmp/stress.other)"
head -50 /tmp/stress.other | sed 's/^/  klog: /'
expect_eq "no sign of trouble in the drained log" 0 "$(grep -cE 'Kernel panic|Oops|BUG:|WARNING:|general protection fault|Call Trace|INFO: (inconsistent|possible|trying|lockdep)|sleeping function called|soft lockup|Slab corruption|Poison overwritten|list_(add|del) corruption|segfault at|kernel BUG|Unable to handle|scheduling while atomic' /tmp/stress.klog)"
check "it saw the switches" grep -q '^dynamic_printk: dp_stress enabled=1$' /tmp/stress.klog

# Still switches correctly: on, every context prints; off, all stop.
echo "set enabled=1 dp_stress" > $CTL
t0=$(get timer_evals) q0=$(get hirq_evals) h0=$(get thread_evals)
wait_for 60 printed $t0 $q0 $h0
check "on: the timer prints" test "$(get timer_evals)" -gt "$t0"
check "on: the hrtimer prints" test "$(get hirq_evals)" -gt "$q0"
check "on: the thread prints" test "$(get thread_evals)" -gt "$h0"
for c in timer hirq thread; do
	check "$c messages in the log" sh -c "dmesg | grep -qE '^dp_stress:$c [0-9]+$'"
done
echo "set enabled=0 dp_stress" > $CTL
# The thread may have been preempted in a message it was making when the
# switch came, and evaluate it on its way on: once it has come round its
# loop again that message is done.
wait_for 60 above $P/thread_runs "$(get thread_runs)"
t0=$(get timer_evals) q0=$(get hirq_evals) h0=$(get thread_evals)
r0=$(get timer_runs) p0=$(get hirq_runs) s0=$(get thread_runs)
# Twenty runs of each, at least, all silent.
wait_for 60 ran $((r0 + 19)) $((p0 + 19)) $((s0 + 19))
expect_eq "off: the timer is silent" "$t0" "$(get timer_evals)"
expect_eq "off: the hrtimer is silent" "$q0" "$(get hirq_evals)"
expect_eq "off: the thread is silent" "$h0" "$(get thread_evals)"
check "off: the timer still runs" test "$(get timer_runs)" -gt "$r0"
check "off: the hrtimer still runs" test "$(get hirq_runs)" -gt "$p0"
check "off: the thread still runs" test "$(get thread_runs)" -gt "$s0"
check "rmmod dp_stress" rmmod dp_stress
check "its exit ran" sh -c "dmesg | grep -q '^dp_stress_test: stopped'"
check "its line is gone" sh -c "! grep -q '^dp_stress ' $CTL"
finish
