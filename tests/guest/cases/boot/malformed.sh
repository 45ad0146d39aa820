# A malformed list ("dynamic_printk=<list>" with an empty
# name, a character other than letters, digits, '_' and '-', or nothing
# after '='): reported once at boot at KERN_WARNING ('dynamic_printk:
# ignoring malformed list "<list>"') and ignored as a whole: nothing is
# on, nothing is wished, not 'all' mode.  The boot row puts the list on
# the command line; must be the first case of its boot.
. /lib.sh
raw=/tmp/boot.rdmesg
list=$(tr ' ' '\n' < /proc/cmdline | sed -n 's/^dynamic_printk=//p')
check "a list on the command line" grep -q 'dynamic_printk=' /proc/cmdline
echo "list: '$list'"
check "read the boot log" grep -q 'Linux version 2.6.27' $raw
grep -v 'ommand line: ' $raw > /tmp/boot.log
expect_eq "one warning, at KERN_WARNING" "<4>dynamic_printk: ignoring malformed list \"$list\"" "$(grep "^<[0-7]>dynamic_printk:" /tmp/boot.log)"
expect_eq "no kobject message at boot" 0 "$(grep -c 'kobject:' /tmp/boot.log)"
expect_eq "nothing on (built-in DEBUG code aside: $DEBUG_ON)" 0 "$(on_count)"
for m in dp_dbg dp_multi; do
	klog_mark
	check "insmod $m" insmod $MODDIR/$m.ko
	expect_eq "$m off" "$m enabled=0" "$(state $m)"
	expect_eq "$m: nothing logged by dynamic_printk" "" "$(klog_new | grep dynamic_printk)"
done
expect_eq "dp_dbg's init silent" 0 "$(n_lines 'dp_dbg:init')"
check "rmmod dp_dbg dp_multi" rmmod dp_dbg dp_multi
write_einval "no wish to clear: set enabled=0 dp_dbg" 'set enabled=0 dp_dbg\n' \
	'dynamic_printk: invalid command "set enabled=0 dp_dbg"'
write_einval "no wish: set enabled=0 dp_never" 'set enabled=0 dp_never\n' \
	'dynamic_printk: invalid command "set enabled=0 dp_never"'
finish
