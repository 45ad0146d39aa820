# Every module takes one more parameter, handled by the
# module loader: "dynamic_printk" (or =1) switches the module's call sites
# on, "=0" off, after its parameters are parsed and before its init runs,
# logging its line like a control file write; "dynamic-printk" is the same
# parameter; any other value fails the load with EINVAL and "<mod>: `<v>'
# invalid for parameter `dynamic_printk'".  It is not in
# /sys/module/<mod>/parameters, and a module loaded without it behaves as
# before.
. /lib.sh
P=/sys/module/dp_dbg/parameters
params() { ls $P | tr '\n' ' '; }
k=0

# Without the parameter: as before.
klog_mark
check "insmod dp_dbg (no dynamic_printk)" insmod $MODDIR/dp_dbg.ko
expect_eq "starts off" "dp_dbg enabled=0" "$(state dp_dbg)"
expect_eq "init pr_debug silent" 0 "$(n_lines 'dp_dbg:init')"
expect_eq "no dynamic_printk line logged" "" "$(klog_new | grep dynamic_printk)"
expect_eq "its parameters: evals, fire and linger only" "evals fire linger " "$(params)"
params_before=$(params)
check "rmmod dp_dbg" rmmod dp_dbg

# on <insmod argument...>: the module loads enabled, its init prints
# after the switch was logged.
on() {
	local w="insmod dp_dbg $*"
	klog_mark
	if ! insmod $MODDIR/dp_dbg.ko "$@" 2>/tmp/err; then
		fail "$w: $(cat /tmp/err)"
		return
	fi
	pass "$w loads"
	expect_eq "$w: listed on" "dp_dbg enabled=1" "$(state dp_dbg)"
	klog_new > /tmp/new
	expect_eq "$w: logged the switch once" 1 "$(grep -cxF '<7>dynamic_printk: dp_dbg enabled=1' /tmp/new)"
	expect_eq "$w: init pr_debug printed once" 1 "$(grep -cxF '<7>dp_dbg:init' /tmp/new)"
	sw=$(grep -nxF '<7>dynamic_printk: dp_dbg enabled=1' /tmp/new | cut -d: -f1)
	in=$(grep -nxF '<7>dp_dbg:init' /tmp/new | cut -d: -f1)
	check "$w: switched on before init ran" test "${sw:-99}" -lt "${in:-0}"
	expect_eq "$w: no other dynamic_printk line" 1 "$(grep -c dynamic_printk /tmp/new)"
	expect_eq "$w: not a parameter in /sys/module/dp_dbg/parameters" "$params_before" "$(params)"
	k=$((k + 1))
	fire dp_dbg "tag$k."
	expect_eq "$w: both call sites print" 2 "$(n_lines "tag$k.")"
	expect_eq "$w: no other line on" 0 "$(on_lines | grep -vc '^dp_dbg ')"
	check "$w: rmmod" rmmod dp_dbg
}
on dynamic_printk
on dynamic_printk=1
on dynamic-printk
on dynamic-printk=1
on dynamic_printk=0 dynamic_printk=1
# The parameter is applied after all parameters are parsed: a "fire"
# given at load time, on either side of it, runs while still off.
on fire=early1 dynamic_printk
expect_eq "fire=early1 (before the switch) was silent" 0 "$(n_lines 'early1')"
on dynamic_printk fire=early2
expect_eq "fire=early2 (after it on the command line) was silent too" 0 "$(n_lines 'early2')"

# off <insmod argument...>: loads off, logs the switch, init silent.
off() {
	local w="insmod dp_dbg $*"
	klog_mark
	if ! insmod $MODDIR/dp_dbg.ko "$@" 2>/tmp/err; then
		fail "$w: $(cat /tmp/err)"
		return
	fi
	pass "$w loads"
	expect_eq "$w: listed off" "dp_dbg enabled=0" "$(state dp_dbg)"
	klog_new > /tmp/new
	expect_eq "$w: logged the switch once" 1 "$(grep -cxF '<7>dynamic_printk: dp_dbg enabled=0' /tmp/new)"
	expect_eq "$w: init pr_debug silent" 0 "$(grep -c 'dp_dbg:init' /tmp/new)"
	expect_eq "$w: not a parameter in /sys/module/dp_dbg/parameters" "$params_before" "$(params)"
	k=$((k + 1))
	fire dp_dbg "tag$k."
	expect_eq "$w: silent" 0 "$(n_lines "tag$k.")"
	check "$w: rmmod" rmmod dp_dbg
}
off dynamic_printk=0
off dynamic-printk=0
off dynamic_printk dynamic_printk=0

# Bad values: the load fails with EINVAL, nothing is left behind.
bad() {
	local w="insmod dp_dbg $1" err
	klog_mark
	if err=$(insmod $MODDIR/dp_dbg.ko "$1" 2>&1); then
		fail "$w: loaded"
		rmmod dp_dbg
		return
	fi
	case $err in
	*"Invalid argument"*) pass "$w: fails with EINVAL" ;;
	*) fail "$w: fails, but not with EINVAL: $err" ;;
	esac
	expect_eq "$w: the kernel says why" 1 "$(klog_new | grep -cxF "<3>dp_dbg: \`$2' invalid for parameter \`$3'")"
	check "$w: not in /proc/modules" sh -c "! grep -q '^dp_dbg ' /proc/modules"
	check "$w: not in the control file" sh -c "! grep -q '^dp_dbg ' $CTL"
	expect_eq "$w: init did not run" "" "$(klog_new | grep -E 'dp_dbg:init|dp_dbg_test')"
	expect_eq "$w: nothing switched" "" "$(klog_new | grep 'dynamic_printk: ')"
}
bad dynamic_printk=2 2 dynamic_printk
bad dynamic_printk= "" dynamic_printk
bad dynamic_printk=yes yes dynamic_printk
bad dynamic_printk=10 10 dynamic_printk
bad dynamic_printk=-1 -1 dynamic_printk
bad dynamic_printk=01 01 dynamic_printk
bad dynamic-printk=2 2 dynamic-printk
# A failed load leaves no state for the next one.
klog_mark
check "insmod dp_dbg after the failures" insmod $MODDIR/dp_dbg.ko
expect_eq "starts off" "dp_dbg enabled=0" "$(state dp_dbg)"
expect_eq "no dynamic_printk line logged" "" "$(klog_new | grep dynamic_printk)"
check "rmmod dp_dbg" rmmod dp_dbg
# Other unknown parameters are refused as before.
klog_mark
err=$(insmod $MODDIR/dp_dbg.ko bogus=1 2>&1) && { fail "insmod dp_dbg bogus=1 loaded"; rmmod dp_dbg; } ||
	case $err in *"unknown parameter"*) pass "insmod dp_dbg bogus=1: unknown parameter (ENOENT)" ;;
	*) fail "insmod dp_dbg bogus=1: $err" ;; esac
expect_eq "the kernel says 'Unknown parameter'" "<3>dp_dbg: Unknown parameter \`bogus'" "$(klog_new | grep Unknown)"
err=$(insmod $MODDIR/dp_dbg.ko dynamic_printkx 2>&1) && { fail "insmod dp_dbg dynamic_printkx loaded"; rmmod dp_dbg; } ||
	pass "insmod dp_dbg dynamic_printkx: refused ($err)"
err=$(insmod $MODDIR/dp_dbg.ko dynamic 2>&1) && { fail "insmod dp_dbg dynamic loaded"; rmmod dp_dbg; } ||
	pass "insmod dp_dbg dynamic: refused ($err)"

# Only the module loaded with it: one loaded at the same time without it
# is unchanged.
check "insmod dp_dbg dynamic_printk" insmod $MODDIR/dp_dbg.ko dynamic_printk
klog_mark
check "insmod allx (no parameter)" insmod $MODDIR/allx.ko
expect_eq "allx starts off" "allx enabled=0" "$(state allx)"
expect_eq "no switch logged for allx" "" "$(klog_new | grep dynamic_printk)"
fire allx q1
expect_eq "allx silent" 0 "$(n_lines q1)"
check "rmmod dp_dbg" rmmod dp_dbg
klog_mark
check "insmod dp_dbg again without it" insmod $MODDIR/dp_dbg.ko
expect_eq "off again (this load only)" "dp_dbg enabled=0" "$(state dp_dbg)"
expect_eq "init silent" 0 "$(klog_new | grep -c 'dp_dbg:init')"
check "rmmod dp_dbg" rmmod dp_dbg
check "rmmod allx" rmmod allx

# A module of two objects: one name, one line logged.
klog_mark
check "insmod dp_multi dynamic_printk" insmod $MODDIR/dp_multi.ko dynamic_printk
expect_eq "dp_multi on" "dp_multi enabled=1" "$(state dp_multi)"
expect_eq "one line logged for its one name" "<7>dynamic_printk: dp_multi enabled=1" "$(klog_new | grep dynamic_printk)"
fire dp_multi q2
check "object a prints" klog_has "dp_multi:a q2"
check "object b prints" klog_has "dp_multi:b q2"
check "rmmod dp_multi" rmmod dp_multi

# A module whose init fails: its init prints, nothing is left.
klog_mark
err=$(insmod $MODDIR/dp_fail.ko dynamic_printk 2>&1) && fail "dp_fail loaded" ||
	case $err in *"No such device"*) pass "insmod dp_fail dynamic_printk: ENODEV from its init" ;; *) fail "dp_fail: $err" ;; esac
klog_new > /tmp/new
check "dp_fail: switch logged" grep -qxF '<7>dynamic_printk: dp_fail enabled=1' /tmp/new
check "dp_fail: 'init start' printed" grep -qxF '<7>dp_fail:init start' /tmp/new
check "dp_fail: 'init end' printed" grep -qxF '<7>dp_fail:init end' /tmp/new
check "dp_fail: no line left" sh -c "! grep -q '^dp_fail ' $CTL"

# In 'all' mode, =0 still loads the module off (and =1 on, of course).
echo "set enabled=1 all" > $CTL
klog_mark
check "all mode: insmod dp_dbg dynamic_printk=0" insmod $MODDIR/dp_dbg.ko dynamic_printk=0
expect_eq "all mode: dp_dbg off" "dp_dbg enabled=0" "$(state dp_dbg)"
expect_eq "all mode: its init silent" 0 "$(klog_new | grep -c 'dp_dbg:init')"
expect_eq "all mode: every other line still on" 0 "$(grep -v '^dp_dbg ' $CTL | grep -c 'enabled=0$')"
check "rmmod dp_dbg" rmmod dp_dbg
echo "set enabled=0 all" > $CTL

# A module that declares its own "dynamic_printk" parameter gets its own.
klog_mark
check "insmod dp_ownparam dynamic_printk=5" insmod $MODDIR/dp_ownparam.ko dynamic_printk=5
expect_eq "its own parameter got the value" 5 "$(cat /sys/module/dp_ownparam/parameters/dynamic_printk 2>&1)"
expect_eq "not switched: off" "dp_ownparam enabled=0" "$(state dp_ownparam)"
expect_eq "nothing logged by dynamic_printk" "" "$(klog_new | grep dynamic_printk)"
check "rmmod dp_ownparam" rmmod dp_ownparam
check "insmod dp_ownparam dynamic_printk=1" insmod $MODDIR/dp_ownparam.ko dynamic_printk=1
expect_eq "its own parameter is 1" 1 "$(cat /sys/module/dp_ownparam/parameters/dynamic_printk 2>&1)"
expect_eq "still off" "dp_ownparam enabled=0" "$(state dp_ownparam)"
check "rmmod dp_ownparam" rmmod dp_ownparam

expect_eq "at the end nothing is on" 0 "$(on_count)"
finish
