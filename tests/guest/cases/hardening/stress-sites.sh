# Concurrency through the per-call-site control file, on the debug kernel
# (lockdep, SLUB debugging, debugobjects, preemptible SMP with 2 CPUs):
# run at once
#   - writer 1: queries on dp_stress's call sites (module, func glob,
#     format, line range; + - = with every flag), which print from a timer,
#     an hrtimer in hard irq on every CPU and a kernel thread meanwhile,
#     with the t decoration ("<intr> " in interrupt context)
#   - writer 2: queries on dp_dbg's call sites by file and line, a line of
#     the control file written back as a command, and firing them
#   - writer 3: queries that scan every call site and match none or
#     built-in ones (format substring, file glob), and "set enabled=<0|1>"
#     of dp_stress through the modules file (the other view)
#   - readers 1 and 2: read the control file in 512-byte read()s; every
#     line well-formed, every built-in call site shown once, as before
#   - loader 1: loads dp_stress (every other time with dyndbg=+pt), lets
#     it run a moment, unloads it
#   - loader 2: loads and unloads dp_dbg and allx
#   - a drainer: moves the kernel log to a file twice a second
# until both loaders have done $hard_loads rounds (kernel parameter,
# default 10) and the shells have done what the checks below are about:
# more than 10 writes of each writer and through the modules file, more
# than 10 reads, pr_debug printed from hard irq, on every CPU, messages
# decorated in hard irq and in a thread.  The shells keep their counts in
# files, rewritten after each round.  How long that takes is the host's
# business: only a case not done after $HANG seconds fails for the time,
# as a hang.
# Every write to the control file is valid, so every one must succeed,
# loaded or not (a query that matches nothing succeeds); a "set" through
# the modules file names a module, and fails while it is not loaded:
# those are counted apart, and must succeed many times.  At the end, with everything off,
# the control file is exactly what it was before.
. /lib.sh
L=${hard_loads:-10}
HANG=300
C=/sys/kernel/debug/dynamic_printk/control
S=/sys/module/dp_stress/parameters
rm -rf /tmp/h; mkdir -p /tmp/h
stopped() { [ -f /tmp/h/stop ]; }
ncpu=$(grep -c '^processor' /proc/cpuinfo)
for f in w1 w2 w3; do echo 0 0 0 0 > /tmp/h/$f; done
for f in r1 r2 l2; do echo 0 0 > /tmp/h/$f; done
echo 0 0 0 0 0 > /tmp/h/l1
# The decorated messages the checks at the end look for
INTR='^<intr> (dp_stress:[a-z0-9_]+:[0-9]+: )?dp_stress:hirq [0-9]+$'
TPID='^\[[0-9]+\] (dp_stress:[a-z0-9_]+:[0-9]+: )?dp_stress:thread [0-9]+$'
# seen: the shells' files (and the drained log) say that everything was
# seen; the log is searched once the counts are there, each message
# until found.
seen_intr='' seen_tpid=''
seen() {
	local l1 l2 w1 w2 w3 m3 r1 r2 q cpus _r
	read -r l1 _r _r q cpus < /tmp/h/l1 || return 1
	read -r l2 _r < /tmp/h/l2 || return 1
	read -r w1 _r < /tmp/h/w1 || return 1
	read -r w2 _r < /tmp/h/w2 || return 1
	read -r w3 _r m3 _r < /tmp/h/w3 || return 1
	read -r r1 _r < /tmp/h/r1 || return 1
	read -r r2 _r < /tmp/h/r2 || return 1
	[ "${l1:-0}" -ge "$L" ] && [ "${l2:-0}" -ge "$L" ] &&
		[ "${w1:-0}" -gt 10 ] && [ "${w2:-0}" -gt 10 ] &&
		[ "${w3:-0}" -gt 10 ] && [ "${m3:-0}" -gt 10 ] &&
		[ $((${r1:-0} + ${r2:-0})) -gt 10 ] &&
		[ "${q:-0}" -gt 0 ] && [ "${cpus:-0}" = $(( (1 << ncpu) - 1 )) ] || return 1
	[ -n "$seen_intr" ] || { grep -qE "$INTR" /tmp/h/klog 2>/dev/null && seen_intr=1; } || return 1
	[ -n "$seen_tpid" ] || { grep -qE "$TPID" /tmp/h/klog 2>/dev/null && seen_tpid=1; }
}
# One well-formed line of the control file
LINE='^[^ ]+:[0-9]+ \[[a-z0-9_]+\][a-zA-Z0-9_.]+ =(p?m?f?l?t?|_) ".*"$'

rmmod dp_stress dp_dbg allx 2>/dev/null
echo "set enabled=0 all" > $CTL
cat $C > /tmp/h/base
echo "control file before: $(wc -l < /tmp/h/base) lines"
expect_eq "every line of it well-formed" 0 "$(sed 1d /tmp/h/base | grep -cvE "$LINE")"

# busybox dmesg without -r strips every "<...>" at the start of a line,
# "<intr>" included: read the raw log and strip only the level.
drain() { dmesg -r -c | sed 's/^<[0-7]>//' >> /tmp/h/klog; }
( while ! stopped; do drain; usleep 500000; done
  drain ) &
pids=$!
# writer <name> <command>...: write each command in turn until stopped
writer() {
	local name=$1 ok=0 no=0 mok=0 mno=0 c; shift
	while ! stopped; do
		for c in "$@"; do
			case $c in
			fire:*) echo "${c#fire:}" > /sys/module/dp_dbg/parameters/fire 2>/dev/null ;;
			mod:*) if echo "${c#mod:}" > $CTL 2>/dev/null; then mok=$((mok + 1)); else mno=$((mno + 1)); fi ;;
			*) if echo "$c" > $C; then ok=$((ok + 1)); else no=$((no + 1)); echo "$c" >> /tmp/h/bad$name; fi ;;
			esac
		done
		echo "$ok $no $mok $mno" > /tmp/h/$name
	done
	echo "$ok $no $mok $mno" > /tmp/h/$name
}
writer w1 'module dp_stress +pt' 'func *timer* -p' 'module dp-stress format hirq =pmflt' \
	'module dp_stress line 1-60 -t' 'module dp_stress =_' &
pids="$pids $!"
writer w2 'file dp_dbg.c line 1-80 +pf' fire:s1 'file */dp_dbg.c -f' \
	'dp_dbg.c:69 [dp_dbg]fire_set =pmflt "pr %s\n"' fire:s2 'module dp_dbg -p' &
pids="$pids $!"
writer w3 'format "no such format anywhere" +p' 'file lib/k*ct.c -m' 'mod:set enabled=1 dp_stress' \
	'func no_such_function_* +pmflt' 'mod:set enabled=0 dp_stress' &
pids="$pids $!"
# The built-in call sites are not touched by the writers: each read must
# show them exactly as before, each once, in order, whatever the modules
# loaded and unloaded meanwhile (whose lines may show twice, as a module
# unloaded and loaded again is new call sites).
reader() {
	local r=0 f=0
	while ! stopped; do
		if dd if=$C of=/tmp/h/rd$1 bs=512 2>/dev/null; then
			sed 1d /tmp/h/rd$1 | grep -qvE "$LINE" && { f=$((f + 1)); cp /tmp/h/rd$1 /tmp/h/bad-rd$1; }
			grep -vE '^[^ ]+ \[(dp_stress|dp_dbg|allx)\]' /tmp/h/rd$1 > /tmp/h/vm$1
			cmp -s /tmp/h/vm$1 /tmp/h/base || { f=$((f + 1)); cp /tmp/h/vm$1 /tmp/h/dup$1; }
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
( l=0 f=0 q=0 notirq=0 cpus=0
  while ! stopped; do
	if [ $((l % 2)) = 0 ]; then arg=dyndbg=+pt; else arg=; fi
	if insmod $MODDIR/dp_stress.ko $arg; then
		usleep 200000
		q=$((q + $(cat $S/hirq_evals)))
		notirq=$((notirq + $(cat $S/hirq_not_irq)))
		cpus=$((cpus | $(cat $S/hirq_cpus)))
		rmmod dp_stress || f=$((f + 1))
	else
		f=$((f + 1))
	fi
	l=$((l + 1))
	echo "$l $f $notirq $q $cpus" > /tmp/h/l1
  done
  echo "$l $f $notirq $q $cpus" > /tmp/h/l1 ) &
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

echo "stress: $dur s on $(grep -c '^processor' /proc/cpuinfo) CPUs"
for w in w1 w2 w3; do
	set -- $(cat /tmp/h/$w)
	echo "writer $w: $1 writes ok, $2 failed"
	expect_eq "every write of $w succeeded" 0 "$2"
	check "writer $w wrote many times" test "$1" -gt 10
	[ -f /tmp/h/bad$w ] && sort /tmp/h/bad$w | uniq -c | head -5 | sed 's/^/  failed: /'
done
set -- $(cat /tmp/h/w3)
echo "writer w3 through the modules file: $3 ok, $4 while dp_stress was not loaded"
check "set through the modules file succeeded many times" test "$3" -gt 10
set -- $(cat /tmp/h/r1) $(cat /tmp/h/r2)
echo "reads: $1 + $3, bad $2 + $4"
expect_eq "every read whole, well-formed, built-in call sites each once" 0 "$(($2 + $4))"
check "many reads" test "$(($1 + $3))" -gt 10
for r in 1 2; do
	[ -f /tmp/h/bad-rd$r ] && sed 1d /tmp/h/bad-rd$r | grep -vE "$LINE" | head -5 | sed "s/^/  malformed$r: /"
	[ -f /tmp/h/dup$r ] && diff /tmp/h/base /tmp/h/dup$r | head -5 | sed "s/^/  built-in$r: /"
done
set -- $(cat /tmp/h/l1)
echo "dp_stress loads: $1 (failures $2); printed from hard irq: $4; outside hard irq: $3; CPUs (mask): $5"
expect_eq "every load/unload of dp_stress worked" 0 "$2"
check "dp_stress loaded $L times at least ($1)" test "$1" -ge "$L"
check "pr_debug printed from hard irq meanwhile" test "$4" -gt 0
expect_eq "the hrtimer ran in hard irq" 0 "$3"
expect_eq "in hard irq on every CPU (mask)" $(( (1 << ncpu) - 1 )) "$5"
set -- $(cat /tmp/h/l2)
echo "dp_dbg+allx load/unload rounds: $1 (failures $2)"
expect_eq "every load/unload of dp_dbg and allx worked" 0 "$2"
check "no test module left" sh -c "! grep -qE '^(dp_stress|dp_dbg|allx) ' /proc/modules"
check "hard-irq messages decorated \"<intr> \"" grep -qE "$INTR" /tmp/h/klog
check "thread messages decorated with the pid" grep -qE "$TPID" /tmp/h/klog
cat $C > /tmp/h/end
check "control file as before" cmp -s /tmp/h/base /tmp/h/end
cmp -s /tmp/h/base /tmp/h/end || diff /tmp/h/base /tmp/h/end | head -20 | sed 's/^/  diff: /'

echo "kernel log during the stress: $(wc -l < /tmp/h/klog) lines"
TROUBLE='Kernel panic|Oops|(^|[^E])BUG:|WARNING:|general protection fault|Call Trace|INFO: |inconsistent lock state|possible (recursive|circular) locking|held lock freed|DEBUG_LOCKS_WARN_ON|sleeping function called|scheduling while atomic|soft lockup|Slab corruption|overwritten|Redzone|Object already free|BUG [a-z0-9_.:-]+: |ODEBUG: |list_(add|del) corruption|kernel BUG|Unable to handle|={20,}'
expect_eq "no sign of trouble in the drained log" 0 "$(grep -cE "$TROUBLE" /tmp/h/klog)"
grep -E "$TROUBLE" /tmp/h/klog | head -5 | sed 's/^/  trouble: /'
finish
