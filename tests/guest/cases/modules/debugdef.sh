# A module built with DEBUG defined (ccflags-y := -DDEBUG)
# starts enabled=1 and prints without any write (its init pr_debug
# included); starting enabled logs nothing; switching it off works; it
# starts enabled again at every load; "dynamic_printk=0" at load overrides
# that for this load.  The switch is per module: a module with one DEBUG
# object and one without starts with all of its call sites on.
. /lib.sh
D='<7>dynamic_printk:'
E=/sys/module/dp_debugdef/parameters/evals
klog_mark
check "insmod dp_debugdef" insmod $MODDIR/dp_debugdef.ko
expect_eq "listed enabled=1 without any write" "dp_debugdef enabled=1" "$(state dp_debugdef)"
klog_new > /tmp/new
expect_eq "its init pr_debug printed, at KERN_DEBUG" 1 "$(grep -cxF '<7>dp_debugdef:debugdef init' /tmp/new)"
expect_eq "starting enabled logged no switch" "" "$(grep dynamic_printk /tmp/new)"
expect_eq "only it is on" "dp_debugdef enabled=1" "$(on_lines)"
fire dp_debugdef g1
check "fire prints 'dp_debugdef:pr g1'" klog_has "dp_debugdef:pr g1"
expect_eq "one evaluation" 1 "$(cat $E)"
write_ok "set enabled=0 dp_debugdef" 'set enabled=0 dp_debugdef\n' "$D dp_debugdef enabled=0"
expect_eq "off" "dp_debugdef enabled=0" "$(state dp_debugdef)"
fire dp_debugdef g2
expect_eq "silent" 0 "$(n_lines g2)"
expect_eq "no evaluation while off" 1 "$(cat $E)"
write_ok "set enabled=1 dp_debugdef" 'set enabled=1 dp_debugdef\n' "$D dp_debugdef enabled=1"
fire dp_debugdef g3
check "on again: prints" klog_has "dp_debugdef:pr g3"
echo "set enabled=0 dp_debugdef" > $CTL
check "rmmod dp_debugdef" rmmod dp_debugdef
check "gone" sh -c "! grep -q '^dp_debugdef ' $CTL"

# Every load starts enabled again (even switched off before, and after
# 'all' was switched off).
echo "set enabled=1 all" > $CTL; echo "set enabled=0 all" > $CTL
klog_mark
check "insmod dp_debugdef again" insmod $MODDIR/dp_debugdef.ko
expect_eq "enabled=1 again" "dp_debugdef enabled=1" "$(state dp_debugdef)"
expect_eq "init printed again" 1 "$(klog_new | grep -cxF '<7>dp_debugdef:debugdef init')"
check "rmmod dp_debugdef" rmmod dp_debugdef

# "dynamic_printk=0" at load: off for this load, init silent.
klog_mark
check "insmod dp_debugdef dynamic_printk=0" insmod $MODDIR/dp_debugdef.ko dynamic_printk=0
expect_eq "off" "dp_debugdef enabled=0" "$(state dp_debugdef)"
klog_new > /tmp/new
expect_eq "its init silent" 0 "$(grep -c 'debugdef init' /tmp/new)"
expect_eq "the switch logged" "$D dp_debugdef enabled=0" "$(grep dynamic_printk /tmp/new)"
fire dp_debugdef g4
expect_eq "silent" 0 "$(n_lines g4)"
check "rmmod dp_debugdef" rmmod dp_debugdef
klog_mark
check "insmod dp_debugdef dynamic_printk" insmod $MODDIR/dp_debugdef.ko dynamic_printk
expect_eq "on" "dp_debugdef enabled=1" "$(state dp_debugdef)"
expect_eq "init printed" 1 "$(klog_new | grep -cxF '<7>dp_debugdef:debugdef init')"
check "rmmod dp_debugdef" rmmod dp_debugdef

# A module with one DEBUG object: the call sites of that object start
# on, and only those (the module reads enabled=1: one of its call sites
# is on).
klog_mark
check "insmod dp_debughalf" insmod $MODDIR/dp_debughalf.ko
expect_eq "listed enabled=1" "dp_debughalf enabled=1" "$(state dp_debughalf)"
klog_new > /tmp/new
expect_eq "init pr_debug of the object without DEBUG silent" 0 "$(grep -cxF '<7>dp_debughalf:init a' /tmp/new)"
check "init pr_debug of the DEBUG object printed" grep -qxF '<7>dp_debughalf:init b' /tmp/new
fire dp_debughalf h1
expect_eq "object a silent" 0 "$(klog_count "dp_debughalf:a h1")"
check "object b prints" klog_has "dp_debughalf:b h1"
echo "set enabled=1 dp_debughalf" > $CTL
fire dp_debughalf h3
check "set enabled=1: object a prints" klog_has "dp_debughalf:a h3"
check "set enabled=1: object b prints" klog_has "dp_debughalf:b h3"
echo "set enabled=0 dp_debughalf" > $CTL
fire dp_debughalf h2
expect_eq "off: both silent" 0 "$(n_lines h2)"
check "rmmod dp_debughalf" rmmod dp_debughalf

# An ordinary module loaded meanwhile is not affected.
check "insmod dp_debugdef" insmod $MODDIR/dp_debugdef.ko
check "insmod dp_dbg" insmod $MODDIR/dp_dbg.ko
expect_eq "dp_dbg off" "dp_dbg enabled=0" "$(state dp_dbg)"
fire dp_dbg h9
expect_eq "dp_dbg silent" 0 "$(n_lines h9)"
# The masks: dp_debugdef's bits are set at load without a write; switching
# it off must clear them (dp_dbg silent, dp_debugdef silent), and the
# control file says so.
echo "set enabled=0 dp_debugdef" > $CTL
expect_eq "nothing on" 0 "$(on_count)"
check "rmmod dp_dbg dp_debugdef" rmmod dp_dbg dp_debugdef
finish
