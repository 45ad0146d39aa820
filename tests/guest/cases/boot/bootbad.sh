# A bad dyndbg="..." on the kernel command line: a KERN_ERR line saying
# why, one 'dynamic_printk: ignoring dyndbg="<value>"', nothing applied, not
# even the good commands of it; the boot goes on.  The boot row puts it
# on the command line; must be the first case of its boot.
. /lib.sh
raw=/tmp/boot.rdmesg
val=$(sed -n 's/.*dyndbg="\([^"]*\)".*/\1/p' /proc/cmdline)
check "a dyndbg=\"...\" on the command line: '$val'" [ -n "$val" ]
check "read the boot log" grep -q 'Linux version 2.6.27' $raw
grep -v 'ommand line: ' $raw > /tmp/boot.log
expect_eq "one error, at KERN_ERR" 1 "$(grep -cxF "<3>dynamic_printk: ignoring dyndbg=\"$val\"" /tmp/boot.log)"
expect_eq "... after the one saying why" 1 "$(grep -c '^<3>dynamic_printk: invalid command ".*": ' /tmp/boot.log)"
expect_eq "nothing else above KERN_DEBUG from dynamic_printk" "" \
	"$(grep dynamic_printk /tmp/boot.log | grep -v '^<7>' | grep -v '^<3>dynamic_printk: \(ignoring\|invalid command\)')"
expect_eq "nothing applied: no command logged" "" "$(grep 'changed [0-9]* call sites' /tmp/boot.log)"
expect_eq "no lib/kobject.c call site has p" 0 "$(grep '^lib/kobject\.c:' $DCTL | grep -c '^[^ ]* [^ ]* =p')"
expect_eq "no kobject message at boot" 0 "$(grep -c 'kobject:' /tmp/boot.log)"
expect_eq "no call site with flags other than p" 0 "$(tail -n +2 $DCTL | grep -Evc '^[^ ]+ [^ ]+ =(_|p) ')"
expect_eq "kobject enabled=0" "kobject enabled=0" "$(grep '^kobject ' $CTL)"
check "insmod dp_sites" insmod $MODDIR/dp_sites.ko
sites_setup
expect_eq "dp_sites =_" "" "$(sites_with p)"
check "rmmod dp_sites" rmmod dp_sites
finish
