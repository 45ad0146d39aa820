# With CONFIG_DYNAMIC_PRINTK_DEBUG off (boot modules-off, kernel
# off-small): the tree behaves like v2.6.27.  There is no loader parameter
# "dynamic_printk" (insmod with it fails: unknown parameter); a module
# built with -DDEBUG prints its pr_debug() unconditionally, without a
# module name prefix; a module with one DEBUG object prints only that
# object's; the new test modules load.
. /lib.sh
check "no control file" test ! -e /sys/kernel/debug/dynamic_printk
for a in dynamic_printk dynamic_printk=1 dynamic-printk; do
	klog_mark
	err=$(insmod $MODDIR/dp_dbg.ko $a 2>&1) && { fail "insmod dp_dbg $a loaded"; rmmod dp_dbg; } ||
		case $err in *"unknown parameter"*) pass "insmod dp_dbg $a: unknown parameter" ;;
		*) fail "insmod dp_dbg $a: $err" ;; esac
	expect_eq "insmod dp_dbg $a: the kernel says so" "<3>dp_dbg: Unknown parameter \`${a%%=*}'" "$(klog_new | grep Unknown)"
done
klog_mark
check "insmod dp_debugdef" insmod $MODDIR/dp_debugdef.ko
expect_eq "its init pr_debug printed, no module prefix" 1 "$(klog_new | grep -cxF '<7>debugdef init')"
fire dp_debugdef o1
check "fire prints 'pr o1'" klog_has "pr o1"
expect_eq "one evaluation" 1 "$(cat /sys/module/dp_debugdef/parameters/evals)"
check "rmmod dp_debugdef" rmmod dp_debugdef
klog_mark
check "insmod dp_debughalf" insmod $MODDIR/dp_debughalf.ko
expect_eq "only the DEBUG object's init message" "<7>init b" "$(klog_new | grep init)"
fire dp_debughalf o2
expect_eq "only the DEBUG object prints" "b o2" "$(dmesg | grep o2)"
check "rmmod dp_debughalf" rmmod dp_debughalf
for m in dp-dash dp_ownparam; do
	check "insmod $m" insmod $MODDIR/$m.ko
done
expect_eq "dp_dash silent" 0 "$(n_lines 'dash init')"
check "rmmod dp_dash dp_ownparam" rmmod dp_dash dp_ownparam
check "insmod a dp_many module" insmod $MODDIR/dp_many_001_a_rather_long_module_name_to_fill_the_files.ko
check "listed in /proc/modules with its 55-character name" grep -q '^dp_many_001_a_rather_long_module_name_to_fill_the_files ' /proc/modules
check "rmmod it" rmmod dp_many_001_a_rather_long_module_name_to_fill_the_files
finish
