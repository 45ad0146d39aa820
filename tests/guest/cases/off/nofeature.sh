# CONFIG_DYNAMIC_PRINTK_DEBUG off: no control file, the test modules
# (built against this kernel) load, and their pr_debug()/dev_dbg() are
# compiled out: they print nothing and evaluate no argument.
. /lib.sh
fire() { echo "$2" > /sys/module/$1/parameters/fire; }
check "debugfs is mounted" grep -q ' /sys/kernel/debug debugfs ' /proc/mounts
check "no /sys/kernel/debug/dynamic_printk" test ! -e /sys/kernel/debug/dynamic_printk
check "no dynamic printk symbols in the kernel" sh -c "! grep -q 'dynamic_printk' /proc/kallsyms"
check "kallsyms is readable (the check above means something)" grep -q ' printk$' /proc/kallsyms
check "insmod dp_dbg" insmod $MODDIR/dp_dbg.ko
check "its init ran" klog_has "dp_dbg_test: loaded"
expect_eq "the test device is bound" bound "$(cat /sys/module/dp_dbg/parameters/fire)"
fire dp_dbg f1; fire dp_dbg f2
expect_eq "nothing printed" 0 "$(dmesg | grep -c 'dp_dbg:')"
expect_eq "no argument evaluated" 0 "$(cat /sys/module/dp_dbg/parameters/evals)"
check "rmmod dp_dbg" rmmod dp_dbg
check "insmod allx" insmod $MODDIR/allx.ko
fire allx f3
expect_eq "allx printed nothing" 0 "$(dmesg | grep -c 'allx:')"
check "rmmod allx" rmmod allx
err=$(insmod $MODDIR/dp_fail.ko 2>&1)
case $err in *"No such device"*) pass "dp_fail fails with ENODEV" ;; *) fail "dp_fail: $err" ;; esac
expect_eq "dp_fail printed nothing" 0 "$(dmesg | grep -c 'dp_fail:')"
check "insmod dp_stress" insmod $MODDIR/dp_stress.ko
wait_for 60 above /sys/module/dp_stress/parameters/timer_runs 0
check "dp_stress runs" test "$(cat /sys/module/dp_stress/parameters/timer_runs)" -gt 0
expect_eq "dp_stress evaluates nothing" 0 "$(cat /sys/module/dp_stress/parameters/timer_evals)"
check "rmmod dp_stress" rmmod dp_stress
finish
