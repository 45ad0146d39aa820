# Switching one built-in name switches exactly that code: with kobject on,
# lib/kobject.c's pr_debug() prints when a module's kobject is added, but
# drivers/base/bus.c ("bus") stays silent; off again, both silent.
. /lib.sh
n_kobj() { dmesg | grep -c "^kobject:kobject: '$1' "; }
check "set enabled=1 kobject" sh -c "echo 'set enabled=1 kobject' > $CTL"
expect_eq "kobject on" "kobject enabled=1" "$(grep '^kobject ' $CTL)"
expect_eq "only kobject on" "kobject enabled=1" "$(on_lines)"
check "insmod dp_dbg" insmod $MODDIR/dp_dbg.ko
check "kobject printed for dp_dbg's kobject" test "$(n_kobj dp_dbg)" -gt 0
check "kobject printed for the driver's kobject" test "$(n_kobj dp_dbg_dev)" -gt 0
expect_eq "bus (drivers/base/bus.c) silent" 0 "$(dmesg | grep -c '^bus:')"
expect_eq "dd (drivers/base/dd.c) silent" 0 "$(dmesg | grep -c '^dd:')"
expect_eq "the module itself silent" 0 "$(dmesg | grep -c '^dp_dbg:')"
check "rmmod dp_dbg" rmmod dp_dbg
echo "set enabled=0 kobject" > $CTL
check "set enabled=1 bus" sh -c "echo 'set enabled=1 bus' > $CTL"
k0=$(n_kobj dp_dbg)
check "insmod dp_dbg" insmod $MODDIR/dp_dbg.ko
check "bus printed \"bus: 'platform': add driver dp_dbg_dev\"" klog_has "bus:bus: 'platform': add driver dp_dbg_dev"
expect_eq "kobject silent now" "$k0" "$(n_kobj dp_dbg)"
echo "set enabled=0 bus" > $CTL
check "rmmod dp_dbg" rmmod dp_dbg
expect_eq "nothing on" 0 "$(on_count)"
finish
