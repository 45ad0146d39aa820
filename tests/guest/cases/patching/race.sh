# Patched call sites under fire, on the debug kernel (2 CPUs, preemption,
# lockdep, SLUB debugging): dp_patch runs its loop_fn() call site on both
# CPUs at once, from a kernel thread bound to each (50 times a
# millisecond), a timer and an hrtimer in hard irq on each, while this
# shell switches it on and off through the control file, $race_toggles
# times at least (kernel parameter, default 2000): epoch := odd, +p, -p,
# epoch := even.  Each message carries the epoch read when it was made;
# none may carry an even one (made after a -p had returned: its site kept
# jumping).  Meanwhile a loader loads and unloads dp_stress $race_loads
# times (default 20), whose call sites (timer, hrtimer, thread) a second
# toggler switches on and off: a module going away under rewrites.  Each
# load lasts until the second toggler has switched it while loaded; the
# switching of dp_patch goes on until the loader is done and loop_fn()
# has printed from each of its contexts.  No oops, no lockup, no lockdep
# report.  The work is fixed: how long it takes is the host's business,
# only a case not done after $HANG seconds fails for it, as a hang.
. /lib.sh
N=${race_toggles:-2000}
L=${race_loads:-20}
HANG=480
C=$DCTL
P=/sys/module/dp_patch/parameters
rm -rf /tmp/r; mkdir -p /tmp/r
stopped() { [ -f /tmp/r/stop ]; }
drain() { dmesg -r -c | sed 's/^<[0-7]>//' >> /tmp/r/klog; }
# count <file>: the number a shell keeps in the file (read again while
# the shell is rewriting it)
count() { local v=; while [ -z "$v" ]; do read -r v < "$1"; done; echo "$v"; }
# gone: every background shell has finished
gone() { local p; for p in $pids; do kill -0 $p 2>/dev/null && return 1; done; return 0; }

check "insmod dp_patch" insmod $MODDIR/dp_patch.ko
check "start its loops" sh -c "echo 1 > $P/stress"
deadline $HANG
( while ! stopped; do drain; usleep 300000; done; drain ) &
pids=$!
# The second toggler; /tmp/r/t2n: its switches so far.
echo 0 > /tmp/r/t2n
( n=0 no=0
  while ! stopped; do
	if echo "module dp_stress +p" > $C && echo "module dp_stress -p" > $C; then
		n=$((n + 2))
		echo $n > /tmp/r/t2n
	else
		no=$((no + 1))
	fi
  done
  echo "$n $no" > /tmp/r/t2 ) &
pids="$pids $!"
# The loader.  After a load, two more +p/-p pairs of the toggler: the
# second of them was written whole while dp_stress was loaded.
( n=0 bad=0 seen=0
  while [ $n -lt "$L" ] && ! past_deadline; do
	if insmod $MODDIR/dp_stress.ko; then
		t=$(count /tmp/r/t2n)
		until [ "$(count /tmp/r/t2n)" -ge $((t + 4)) ] || past_deadline; do
			usleep 20000
		done
		[ "$(count /tmp/r/t2n)" -ge $((t + 4)) ] && seen=$((seen + 1))
		usleep 100000
		rmmod dp_stress || bad=$((bad + 1))
	else
		bad=$((bad + 1))
	fi
	n=$((n + 1))
  done
  echo "$n $bad $seen" > /tmp/r/ld ) &
pids="$pids $!"

n=0 bad=0 e=0
secs_now; t0=$NOW
while :; do
	echo $((2 * e + 1)) > $P/epoch
	echo "module dp_patch +p" > $C || bad=$((bad + 1))
	echo "module dp_patch -p" > $C || bad=$((bad + 1))
	e=$((e + 1))
	echo $((2 * e)) > $P/epoch
	n=$((n + 2))
	[ $((n % 100)) = 0 ] || continue
	if [ $n -ge "$N" ] && [ -f /tmp/r/ld ] && [ "$(cat $P/hirq_cpus)" = 3 ] &&
	   grep -q '^dp_patch:loop thread ' /tmp/r/klog 2>/dev/null &&
	   grep -q '^dp_patch:loop timer ' /tmp/r/klog 2>/dev/null &&
	   grep -q '^dp_patch:loop hirq ' /tmp/r/klog 2>/dev/null; then
		break
	fi
	past_deadline && { fail "hang: $n toggles in $HANG s, not done"; break; }
done
secs_now
echo "dp_patch: $n toggles in $((NOW - t0)) s"
touch /tmp/r/stop
if wait_for 60 gone; then
	wait
else
	fail "hang: a shell still running a minute after the stop"
	kill $pids 2>/dev/null
fi
# The last write above was a -p: from then on loop_fn()'s site is a
# NOP, and its arguments (evaluated on the way to the print code, before
# 'p' is tested again) are never evaluated, although it still runs.
# Judged over 1000 runs of it, however long they take.
e1=$(cat $P/evals) r1=$(cat $P/runs)
wait_for 300 above $P/runs $((r1 + 1000)) ||
	fail "hang: loop_fn() ran $(( $(cat $P/runs) - r1 )) times in 300 s"
e2=$(cat $P/evals)
expect_eq "no evaluation in 1000 runs after the last -p returned" "$e1" "$e2"
check "stop its loops" sh -c "echo 0 > $P/stress"
drain
cat /tmp/r/klog >> /tmp/klog.drained

read t2 t2no < /tmp/r/t2
read ld ldbad seen < /tmp/r/ld
echo "toggles: dp_patch $n, dp_stress $t2 (+ $t2no refused); loads $ld"
expect_eq "every dp_patch toggle accepted" 0 "$bad"
check "dp_patch toggled $N times at least ($n)" [ "$n" -ge "$N" ]
expect_eq "dp_stress loaded and unloaded $L times" "$L" "$ld"
expect_eq "every load and unload of dp_stress succeeded" 0 "$ldbad"
expect_eq "dp_stress toggled while loaded, in every load" "$L" "$seen"
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
