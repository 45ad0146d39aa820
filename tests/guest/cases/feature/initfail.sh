# A module whose init fails (dp_fail returns -ENODEV)
# leaves no entry behind.  Its call sites were registered before its init
# ran: it is listed, and can be switched on, while its init runs.
. /lib.sh
n_lines() { dmesg | grep -cwF -- "$1"; }
# wait_line <regex>: wait up to ~3 s for a control file line
wait_line() {
	local i=0
	while [ $i -lt 150 ]; do
		grep -qE "$1" $CTL && return 0
		usleep 20000; i=$((i + 1))
	done
	return 1
}
err=$(insmod $MODDIR/dp_fail.ko 2>&1) && fail "insmod dp_fail succeeded" ||
	pass "insmod dp_fail fails: $err"
case $err in *"No such device"*) pass "with ENODEV" ;; *) fail "not ENODEV: $err" ;; esac
check "no dp_fail line" sh -c "! grep -q '^dp_fail ' $CTL"
check "not in /proc/modules" sh -c "! grep -q '^dp_fail ' /proc/modules"
expect_eq "its call sites were silent" 0 "$(n_lines 'dp_fail:')"

# While its init sleeps (after its first call site, which the module
# says): listed, off; switch it on; the rest of its init prints;
# afterwards no entry.
insmod $MODDIR/dp_fail.ko delay_ms=2000 2>/tmp/err &
pid=$!
check "listed (off) while its init runs" wait_line '^dp_fail enabled=0$'
i=0
while ! klog_has "dp_fail_test: sleeping" && [ $i -lt 150 ]; do
	usleep 20000; i=$((i + 1))
done
check "its init passed its first call site" klog_has "dp_fail_test: sleeping"
check "can be switched on while its init runs" sh -c "echo 'set enabled=1 dp_fail' > $CTL"
wait $pid && fail "insmod dp_fail delay_ms=2000 succeeded" || pass "insmod dp_fail delay_ms=2000 failed"
check "the call site after the switch printed" klog_has "dp_fail:init end"
expect_eq "the one before it did not" 0 "$(n_lines 'dp_fail:init start')"
check "no dp_fail line afterwards" sh -c "! grep -q '^dp_fail ' $CTL"
err=$( { echo "set enabled=1 dp_fail" > $CTL; } 2>&1 ) && fail "dp_fail can still be switched" ||
	pass "dp_fail is an unknown name again"
expect_eq "nothing is on" 0 "$(on_count)"

# In all mode: listed on while init runs, both call sites print, no entry
# after.
echo "set enabled=1 all" > $CTL
insmod $MODDIR/dp_fail.ko delay_ms=1000 2>/tmp/err &
pid=$!
check "all mode: listed on while its init runs" wait_line '^dp_fail enabled=1$'
wait $pid && fail "insmod dp_fail succeeded" || pass "insmod dp_fail failed again"
check "all mode: 'dp_fail:init start' printed" klog_has "dp_fail:init start"
check "all mode: 'dp_fail:init end' printed" klog_has "dp_fail:init end"
check "all mode: no dp_fail line afterwards" sh -c "! grep -q '^dp_fail ' $CTL"
echo "set enabled=0 all" > $CTL
err=$(insmod $MODDIR/dp_fail.ko 2>&1)
case $err in *"No such device"*) pass "a further load fails the same way" ;; *) fail "a further load: $err" ;; esac
check "still no dp_fail line" sh -c "! grep -q '^dp_fail ' $CTL"
finish
