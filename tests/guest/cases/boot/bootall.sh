# After a boot with the word "dynamic_printk": all mode is on, every
# name is listed on, a module loaded now starts on and prints; then
# 'set enabled=0 all' turns it off.
. /lib.sh
fire() { echo "$2" > /sys/module/$1/parameters/fire; }
n_lines() { dmesg | grep -cwF -- "$1"; }
check "names are listed" test "$(wc -l < $CTL)" -gt 5
expect_eq "every name is on" 0 "$(grep -c 'enabled=0$' $CTL)"
check "insmod dp_dbg" insmod $MODDIR/dp_dbg.ko
expect_eq "dp_dbg starts on" "dp_dbg enabled=1" "$(grep '^dp_dbg ' $CTL)"
check "its init call site printed" klog_has "dp_dbg:init"
fire dp_dbg b1
check "it prints" klog_has "dp_dbg:pr b1"
check "set enabled=0 all" sh -c "echo 'set enabled=0 all' > $CTL"
expect_eq "every name is off" 0 "$(grep -c 'enabled=1$' $CTL)"
fire dp_dbg b2
expect_eq "dp_dbg silent" 0 "$(n_lines b2)"
check "insmod allx" insmod $MODDIR/allx.ko
expect_eq "allx starts off" "allx enabled=0" "$(grep '^allx ' $CTL)"
expect_eq "built-in kobject pr_debug silent now" 0 "$(dmesg | grep -c "^kobject:kobject: 'allx' ")"
check "rmmod allx" rmmod allx
check "rmmod dp_dbg" rmmod dp_dbg
finish
