# A module whose init fails (dp_fail returns -ENODEV)
# leaves no entry behind.  Its call sites were registered before its init
# ran: it is listed, and can be switched on, while its init runs.
. /lib.sh
n_lines() { dmesg | grep -cwF -- "$1"; }
# load_sleeping <ms>: load dp_fail in the background with delay_ms=<ms>;
# /tmp/fail.rc gets insmod's exit status when it returns.
load_sleeping() {
	rm -f /tmp/fail.rc
	( insmod $MODDIR/dp_fail.ko delay_ms=$1 2>/tmp/err; echo $? > /tmp/fail.rc ) &
	pid=$!
}
# while_init <command...>: wait until the command succeeds while the
# insmod runs; false once the insmod has returned without it (or after
# two minutes, a hang).
while_init() {
	deadline 120
	until "$@"; do
		[ -f /tmp/fail.rc ] && return 1
		past_deadline && return 1
		usleep 20000
	done
}
# new_has <line>: the raw kernel log has this line since klog_mark.
new_has() { klog_new | grep -qxF -- "$1"; }
err=$(insmod $MODDIR/dp_fail.ko 2>&1) && fail "insmod dp_fail succeeded" ||
	pass "insmod dp_fail fails: $err"
case $err in *"No such device"*) pass "with ENODEV" ;; *) fail "not ENODEV: $err" ;; esac
check "no dp_fail line" sh -c "! grep -q '^dp_fail ' $CTL"
check "not in /proc/modules" sh -c "! grep -q '^dp_fail ' /proc/modules"
expect_eq "its call sites were silent" 0 "$(n_lines 'dp_fail:')"

# While its init sleeps (after its first call site, which the module
# says): listed, off; switch it on; the rest of its init prints;
# afterwards no entry.  This shell must see the line and the message and
# switch within the sleep: a load where it did not get that far before
# the insmod returned (a slow host, or a failure) is made again with a
# longer sleep, 2 s, then 10 s, then 60 s; the checks are on the last.
for ms in 2000 10000 60000; do
	klog_mark
	load_sleeping $ms
	listed='' slept='' switched='' ended=''
	while_init grep -qE '^dp_fail enabled=0$' $CTL && listed=1
	[ -n "$listed" ] && while_init new_has "<6>dp_fail_test: sleeping" && slept=1
	[ -n "$slept" ] && echo 'set enabled=1 dp_fail' > $CTL 2>/dev/null && switched=1
	wait $pid
	check "delay_ms=$ms: insmod dp_fail failed" [ "$(cat /tmp/fail.rc)" != 0 ]
	check "delay_ms=$ms: no dp_fail line afterwards" sh -c "! grep -q '^dp_fail ' $CTL"
	new_has "<7>dp_fail:init end" && ended=1
	[ -n "$ended" ] && break
	echo "delay_ms=$ms: listed ${listed:-no}, slept ${slept:-no}, switched ${switched:-no}, ended no: again with a longer sleep"
done
check "listed (off) while its init runs" [ -n "$listed" ]
check "its init passed its first call site" [ -n "$slept" ]
check "can be switched on while its init runs" [ -n "$switched" ]
check "the call site after the switch printed" [ -n "$ended" ]
expect_eq "the one before it did not" 0 "$(n_lines 'dp_fail:init start')"
err=$( { echo "set enabled=1 dp_fail" > $CTL; } 2>&1 ) && fail "dp_fail can still be switched" ||
	pass "dp_fail is an unknown name again"
expect_eq "nothing is on" 0 "$(on_count)"

# In all mode: listed on while init runs, both call sites print, no entry
# after.  Again a load in which this shell did not see the line before
# the insmod returned is made again with a longer sleep.
echo "set enabled=1 all" > $CTL
for ms in 1000 10000 60000; do
	klog_mark
	load_sleeping $ms
	listed=''
	while_init grep -qE '^dp_fail enabled=1$' $CTL && listed=1
	wait $pid
	check "all mode, delay_ms=$ms: insmod dp_fail failed" [ "$(cat /tmp/fail.rc)" != 0 ]
	check "all mode, delay_ms=$ms: 'dp_fail:init start' printed" new_has "<7>dp_fail:init start"
	check "all mode, delay_ms=$ms: 'dp_fail:init end' printed" new_has "<7>dp_fail:init end"
	check "all mode, delay_ms=$ms: no dp_fail line afterwards" sh -c "! grep -q '^dp_fail ' $CTL"
	[ -n "$listed" ] && break
	echo "all mode, delay_ms=$ms: not seen listed: again with a longer sleep"
done
check "all mode: listed on while its init runs" [ -n "$listed" ]
echo "set enabled=0 all" > $CTL
err=$(insmod $MODDIR/dp_fail.ko 2>&1)
case $err in *"No such device"*) pass "a further load fails the same way" ;; *) fail "a further load: $err" ;; esac
check "still no dp_fail line" sh -c "! grep -q '^dp_fail ' $CTL"
finish
