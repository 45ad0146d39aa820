# One entry per distinct name.  A module named "kobject"
# shares the entry of built-in lib/kobject.c: listed once while both are
# there, one switch for both, and the entry (with its state) stays when
# the module goes, since vmlinux still has call sites of that name.
. /lib.sh
fire() { echo "$2" > /sys/module/$1/parameters/fire; }
expect_eq "kobject listed once before" 1 "$(grep -c '^kobject ' $CTL)"
check "insmod kobject.ko" insmod $MODDIR/kobject.ko
expect_eq "kobject still listed once" "kobject enabled=0" "$(grep '^kobject ' $CTL)"
fire kobject k1
expect_eq "module's call site silent" 0 "$(dmesg | grep -c k1)"
echo "set enabled=1 kobject" > $CTL
fire kobject k2
check "module's call site prints" klog_has "kobject:mod k2"
check "insmod allx" insmod $MODDIR/allx.ko
check "built-in kobject code prints too" sh -c "dmesg | grep -q \"^kobject:kobject: 'allx' \""
check "rmmod kobject" rmmod kobject
expect_eq "entry stays, still on, listed once" "kobject enabled=1" "$(grep '^kobject ' $CTL)"
check "rmmod allx" rmmod allx
n0=$(dmesg | grep -c "^kobject:kobject: 'allx' ")
check "insmod allx" insmod $MODDIR/allx.ko
check "built-in kobject code still prints" test "$(dmesg | grep -c "^kobject:kobject: 'allx' ")" -gt "$n0"
check "set enabled=0 kobject" sh -c "echo 'set enabled=0 kobject' > $CTL"
check "rmmod allx" rmmod allx
# Loaded and unloaded again while off: the entry stays, once.
insmod $MODDIR/kobject.ko; rmmod kobject
expect_eq "after another load/unload: once, off" "kobject enabled=0" "$(grep '^kobject ' $CTL)"
finish
