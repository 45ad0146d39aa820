# Enabling an enabled module, or disabling a disabled one,
# succeeds and changes nothing; one disable after two enables turns it
# off, one enable after two disables turns it on (no counting).
. /lib.sh
fire() { echo "$2" > /sys/module/$1/parameters/fire; }
n_lines() { dmesg | grep -cwF -- "$1"; }
check "insmod dp_dbg" insmod $MODDIR/dp_dbg.ko
check "disable an already disabled module: succeeds" sh -c "echo 'set enabled=0 dp_dbg' > $CTL"
expect_eq "still off" "dp_dbg enabled=0" "$(grep '^dp_dbg ' $CTL)"
check "enable it" sh -c "echo 'set enabled=1 dp_dbg' > $CTL"
cat $CTL > /tmp/once
check "enable it again: succeeds" sh -c "echo 'set enabled=1 dp_dbg' > $CTL"
cat $CTL > /tmp/twice
check "the control file is the same" cmp -s /tmp/once /tmp/twice
fire dp_dbg i1
expect_eq "each call site prints once" 2 "$(n_lines i1)"
check "disable it once" sh -c "echo 'set enabled=0 dp_dbg' > $CTL"
expect_eq "off after one disable" "dp_dbg enabled=0" "$(grep '^dp_dbg ' $CTL)"
fire dp_dbg i2
expect_eq "silent after one disable" 0 "$(n_lines i2)"
cat $CTL > /tmp/off1
check "disable it again: succeeds" sh -c "echo 'set enabled=0 dp_dbg' > $CTL"
cat $CTL > /tmp/off2
check "the control file is the same" cmp -s /tmp/off1 /tmp/off2
check "enable it once" sh -c "echo 'set enabled=1 dp_dbg' > $CTL"
fire dp_dbg i3
expect_eq "on after one enable" 2 "$(n_lines i3)"
echo "set enabled=0 dp_dbg" > $CTL
# The same for 'all'.
echo "set enabled=1 all" > $CTL; cat $CTL > /tmp/all1
check "'set enabled=1 all' twice: succeeds" sh -c "echo 'set enabled=1 all' > $CTL"
cat $CTL > /tmp/all2
check "the control file is the same" cmp -s /tmp/all1 /tmp/all2
echo "set enabled=0 all" > $CTL
check "'set enabled=0 all' twice: succeeds" sh -c "echo 'set enabled=0 all' > $CTL"
expect_eq "all off" 0 "$(grep -c 'enabled=1$' $CTL)"
fire dp_dbg i4
expect_eq "silent" 0 "$(n_lines i4)"
check "rmmod dp_dbg" rmmod dp_dbg
finish
