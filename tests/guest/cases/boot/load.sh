# Loadable modules: a module named in the boot list
# ("dp_dbg,dp-dash,kobject,dp_multi,dp_never") is switched on each time
# it is loaded, before its init runs, logging its line; dashes in the
# list are underscores; a module not in the list loads off; the loader
# parameter dynamic_printk=0 overrides the list for one load.
. /lib.sh
D='<7>dynamic_printk:'
# wished <module> <file> <init message>: loads on, switch logged before
# its init message.
wished() {
	klog_mark
	check "insmod $2 (in the list)" insmod $MODDIR/$2.ko
	expect_eq "$1 listed on" "$1 enabled=1" "$(state $1)"
	klog_new > /tmp/new
	expect_eq "$1: switch logged once" 1 "$(grep -cxF "$D $1 enabled=1" /tmp/new)"
	if [ -n "$3" ]; then
		expect_eq "$1: init pr_debug printed" 1 "$(grep -cxF "<7>$1:$3" /tmp/new)"
		sw=$(grep -nxF "$D $1 enabled=1" /tmp/new | cut -d: -f1)
		in=$(grep -nxF "<7>$1:$3" /tmp/new | cut -d: -f1)
		check "$1: switched on before its init ran" test "${sw:-99}" -lt "${in:-0}"
	fi
}
wished dp_dbg dp_dbg init
fire dp_dbg l1
expect_eq "dp_dbg prints" 2 "$(n_lines l1)"
check "rmmod dp_dbg" rmmod dp_dbg
wished dp_dbg dp_dbg init
check "rmmod dp_dbg" rmmod dp_dbg
i=0
while [ $i -lt 3 ]; do insmod $MODDIR/dp_dbg.ko; rmmod dp_dbg; i=$((i + 1)); done
wished dp_dbg dp_dbg init
expect_eq "after 6 loads: 6 init messages" 6 "$(n_lines 'dp_dbg:init')"
check "rmmod dp_dbg" rmmod dp_dbg
wished dp_dash dp-dash "dash init"
fire dp_dash l2
check "dp_dash prints" klog_has "dp_dash:pr l2"
wished dp_multi dp_multi ""
fire dp_multi l3
check "dp_multi object a prints" klog_has "dp_multi:a l3"
check "dp_multi object b prints" klog_has "dp_multi:b l3"
klog_mark
check "insmod allx (not in the list)" insmod $MODDIR/allx.ko
expect_eq "allx off" "allx enabled=0" "$(state allx)"
expect_eq "no switch logged" "" "$(klog_new | grep dynamic_printk)"
check "insmod kobject.ko (shares the built-in kobject entry)" insmod $MODDIR/kobject.ko
expect_eq "kobject still listed once, on" "kobject enabled=1" "$(state kobject)"
fire kobject l4
check "the kobject module prints" klog_has "kobject:mod l4"
check "rmmod kobject allx dp_dash dp_multi" rmmod kobject allx dp_dash dp_multi
expect_eq "the built-in kobject line stays on" "kobject enabled=1" "$(state kobject)"

# The loader parameter overrides the list for one load.
klog_mark
check "insmod dp_dbg dynamic_printk=0" insmod $MODDIR/dp_dbg.ko dynamic_printk=0
expect_eq "off for this load" "dp_dbg enabled=0" "$(state dp_dbg)"
expect_eq "its init silent" 0 "$(klog_new | grep -c 'dp_dbg:init')"
expect_eq "and the last switch logged is off" "$D dp_dbg enabled=0" "$(klog_new | grep dynamic_printk | tail -1)"
check "rmmod dp_dbg" rmmod dp_dbg
wished dp_dbg dp_dbg init
check "rmmod dp_dbg" rmmod dp_dbg
expect_eq "only kobject on" "kobject enabled=1" "$(on_lines)"
finish
