# A module built from two objects (dp_multi_a.o, dp_multi_b.o) is one
# name: listed once, and both objects' call sites switch together (each
# object was built with the buckets of the module name, not of its file).
. /lib.sh
fire() { echo "$2" > /sys/module/$1/parameters/fire; }
check "insmod dp_multi" insmod $MODDIR/dp_multi.ko
expect_eq "listed once, off" "dp_multi enabled=0" "$(grep '^dp_multi' $CTL)"
check "no line per object" sh -c "! grep -q '^dp_multi_' $CTL"
fire dp_multi m1
expect_eq "silent" 0 "$(dmesg | grep -c m1)"
echo "set enabled=1 dp_multi" > $CTL
fire dp_multi m2
check "object a prints" klog_has "dp_multi:a m2"
check "object b prints" klog_has "dp_multi:b m2"
echo "set enabled=0 dp_multi" > $CTL
fire dp_multi m3
expect_eq "both silent again" 0 "$(dmesg | grep -c m3)"
check "rmmod dp_multi" rmmod dp_multi
check "gone" sh -c "! grep -q '^dp_multi' $CTL"
finish
