# Clearing: the wish for a name of the boot list
# ("dp_dbg,dp-dash,kobject,dp_multi,dp_never") lasts until "set
# enabled=0 <name>" (accepted for a name that is not loaded, if it is
# wished: it only clears the wish, and logs its line) or "set enabled=0
# all".  "set enabled=1 <wished name not loaded>" stays EINVAL.  Runs
# after boot/load.sh, with every wish still there.
. /lib.sh
D='<7>dynamic_printk:'
loads_off() {
	klog_mark
	check "insmod $2" insmod $MODDIR/$2.ko
	expect_eq "$1 now loads off" "$1 enabled=0" "$(state $1)"
	expect_eq "$1: no switch logged" "" "$(klog_new | grep dynamic_printk)"
	[ -n "$3" ] && expect_eq "$1: init silent" 0 "$(klog_new | grep -c "$1:$3")"
}
# A loaded wished module, switched off: the wish is gone.
check "insmod dp_dbg" insmod $MODDIR/dp_dbg.ko
expect_eq "dp_dbg on (wished)" "dp_dbg enabled=1" "$(state dp_dbg)"
write_ok "set enabled=0 dp_dbg (loaded)" 'set enabled=0 dp_dbg\n' "$D dp_dbg enabled=0"
check "rmmod dp_dbg" rmmod dp_dbg
loads_off dp_dbg dp_dbg init
check "rmmod dp_dbg" rmmod dp_dbg
write_einval "set enabled=0 dp_dbg (not loaded, no longer wished)" 'set enabled=0 dp_dbg\n' \
	'dynamic_printk: invalid command "set enabled=0 dp_dbg"'

# A wished module that is not loaded: enabled=1 is refused, enabled=0
# clears the wish (once).
cat $CTL > /tmp/before
write_einval "set enabled=1 dp_dash (wished, not loaded)" 'set enabled=1 dp_dash\n' \
	'dynamic_printk: invalid command "set enabled=1 dp_dash"'
write_einval "dp-dash enabled=1 (wished, not loaded)" 'dp-dash enabled=1\n' \
	'dynamic_printk: invalid command "dp-dash enabled=1"'
write_ok "set enabled=0 dp-dash (wished, not loaded)" 'set enabled=0 dp-dash\n' "$D dp_dash enabled=0"
check "the control file did not change (dp_dash not listed)" sh -c "cat $CTL | cmp -s - /tmp/before"
write_einval "set enabled=0 dp_dash again" 'set enabled=0 dp_dash\n' \
	'dynamic_printk: invalid command "set enabled=0 dp_dash"'
loads_off dp_dash dp-dash "dash init"
check "rmmod dp_dash" rmmod dp_dash

# A name never loaded: the same, in the two-word form.
write_einval "set enabled=1 dp_never" 'set enabled=1 dp_never\n' \
	'dynamic_printk: invalid command "set enabled=1 dp_never"'
write_ok "dp_never enabled=0" 'dp_never enabled=0\n' "$D dp_never enabled=0"
write_einval "dp_never enabled=0 again" 'dp_never enabled=0\n' \
	'dynamic_printk: invalid command "dp_never enabled=0"'

# All or nothing: a failed batch does not clear a wish.
write_einval "a batch clearing dp_multi's wish with a bad command" 'set enabled=0 dp_multi\nset enabled=1 no_such\n' \
	'dynamic_printk: invalid command "set enabled=1 no_such"'
klog_mark
check "insmod dp_multi" insmod $MODDIR/dp_multi.ko
expect_eq "dp_multi still wished: on" "dp_multi enabled=1" "$(state dp_multi)"
check "rmmod dp_multi" rmmod dp_multi

# 'set enabled=0 all' clears every wish.
write_ok "set enabled=0 all" 'set enabled=0 all\n' "$D all enabled=0"
expect_eq "kobject off" "kobject enabled=0" "$(state kobject)"
loads_off dp_multi dp_multi ""
check "rmmod dp_multi" rmmod dp_multi
write_einval "set enabled=0 dp_multi (wish cleared by all)" 'set enabled=0 dp_multi\n' \
	'dynamic_printk: invalid command "set enabled=0 dp_multi"'
expect_eq "nothing on" 0 "$(on_count)"
finish
