# Patched call sites under fire, on the debug kernel (2 CPUs, preemption,
# lockdep, SLUB debugging): dp_patch runs its loop_fn() call site on both
# CPUs at once, from a kernel thread bound to each (50 times a
# millisecond), a timer and an hrtimer in hard irq on each, while a
# toggler switches it on and off through the control file for
# $hard_secs seconds (default 60): epoch := odd, +p, -p, epoch := even.
# Each message carries the epoch read when it was made; none may carry
# an even one (made after a -p had returned: its site kept jumping).
# Meanwhile a loader loads and unloads dp_stress, whose call sites (timer,
# hrtimer, thread) a second toggler switches on and off: a module going
# away under rewrites.  No oops, no lockup, no lockdep report.
. /lib.sh
secs=${hard_secs:-60}
C=$DCTL
P=/sys/module/dp_patch/parameters
rm -rf /tmp/r; mkdir -p /tmp/r
stopped() { [ -f /tmp/r/stop ]; }
drain() { dmesg -r -c | sed 's/^<[0-7]>//' >> /tmp/r/klog; }

check "insmod dp_patch" insmod $MODDIR/dp_patch.ko
check "start its loops" sh -c "echo 1 > $P/stress"
( while ! stopped; do drain; usleep 300000; done; drain ) &
pids=$!
( n=0 bad=0 e=0
  while ! stopped; do
	echo $((2 * e + 1)) > $P/epoch
	echo "module dp_patch +p" > $C || bad=$((bad + 1))
	echo "module dp_patch -p" > $C || bad=$((bad + 1))
	e=$((e + 1))
	echo $((2 * e)) > $P/epoch
	n=$((n + 2))
  done
  echo "$n $bad" > /tmp/r/t1 ) &
pids="$pids $!"
( n=0 no=0
  while ! stopped; do
	if echo "module dp_stress +p" > $C && echo "module dp_stress -p" > $C; then
		n=$((n + 2))
	else
		no=$((no + 1))
	fi
  done
  echo "$n $no" > /tmp/r/t2 ) &
pids="$pids $!"
( n=0 bad=0
  while ! stopped; do
	if insmod $MODDIR/dp_stress.ko; then
		usleep 100000
		rmmod dp_stress || bad=$((bad + 1))
		n=$((n + 1))
	else
		bad=$((bad + 1))
	fi
  done
  echo "$n $bad" > /tmp/r/ld ) &
pids="$pids $!"
sleep "$secs"
touch /tmp/r/stop
wait $pids
# The togglers' last write was a -p: from then on loop_fn()'s site is a
# NOP, and its arguments (evaluated on the way to the print code, before
# 'p' is tested again) are never evaluated, although it still runs.
e1=$(cat $P/evals); sleep 1; e2=$(cat $P/evals)
expect_eq "no evaluation after the last -p returned" "$e1" "$e2"
check "stop its loops" sh -c "echo 0 > $P/stress"
drain
cat /tmp/r/klog >> /tmp/klog.drained

read t1 t1bad < /tmp/r/t1
read t2 t2no < /tmp/r/t2
read ld ldbad < /tmp/r/ld
echo "toggles: dp_patch $t1, dp_stress $t2 (+ $t2no while it was not loaded); loads $ld"
expect_eq "every dp_patch toggle accepted" 0 "$t1bad"
check "dp_patch toggled thousands of times ($t1)" [ "$t1" -ge 1000 ]
check "dp_stress toggled while loaded ($t2)" [ "$t2" -ge 100 ]
expect_eq "every load and unload of dp_stress succeeded" 0 "$ldbad"
check "dp_stress loaded and unloaded ($ld)" [ "$ld" -ge 20 ]
grep '^dp_patch:loop ' /tmp/r/klog > /tmp/r/loop
odd=$(grep -c ' e[0-9]*[13579]$' /tmp/r/loop)
even=$(grep -c ' e[0-9]*[02468]$' /tmp/r/loop)
echo "loop messages: $odd while on, $even after a -p"
expect_eq "no message made after its site's -p returned" 0 "$even"
grep ' e[0-9]*[02468]$' /tmp/r/loop | head -3
for ctx in thread timer hirq; do
	check "messages from $ctx context" grep -q "^dp_patch:loop $ctx " /tmp/r/loop
done
expect_eq "every message well-formed" 0 "$(grep -cvE '^dp_patch:loop (thread|timer|hirq) e[0-9]+$' /tmp/r/loop)"
expect_eq "the hrtimer ran in hard irq on both CPUs" 3 "$(cat $P/hirq_cpus)"
check "rmmod dp_patch" rmmod dp_patch
expect_eq "control file: nothing of dp_patch or dp_stress left" "" "$(grep -E '\[(dp_patch|dp_stress)\]' $C)"
finish
