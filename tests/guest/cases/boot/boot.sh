# At boot: with "dynamic_printk=dp_dbg,dp-dash,kobject,
# dp_multi,dp_never" on the command line, the built-in name kobject
# (lib/kobject.c) is switched on when vmlinux's call sites are registered
# (before the first initcall), logging "dynamic_printk: kobject enabled=1"
# at KERN_DEBUG; its messages print from then on, the 'devices' kobject of
# driver_init() among them; nothing else is on, it is not 'all'
# mode, and the list itself is not shown in the control file.  Must be the
# first case of its boot (it reads the boot log saved by init.sh).
. /lib.sh
raw=/tmp/boot.rdmesg
check "the list is on the command line" grep -q 'dynamic_printk=dp_dbg,dp-dash,kobject,dp_multi,dp_never' /proc/cmdline
check "read the boot log" grep -q 'Linux version 2.6.27' $raw
grep -v 'ommand line: ' $raw > /tmp/boot.log
expect_eq "kobject's switch logged once at boot, at KERN_DEBUG" 1 "$(grep -cxF '<7>dynamic_printk: kobject enabled=1' /tmp/boot.log)"
expect_eq "no other dynamic_printk message at boot" "<7>dynamic_printk: kobject enabled=1" "$(grep "^<[0-7]>dynamic_printk:" /tmp/boot.log)"
sw=$(grep -nxF '<7>dynamic_printk: kobject enabled=1' /tmp/boot.log | cut -d: -f1)
sw=${sw:-999999}
after=$(tail -n +$sw /tmp/boot.log | grep -c '^<7>kobject:kobject: ')
before=$(head -n $sw /tmp/boot.log | grep -c 'kobject:')
echo "kobject messages at boot: $before before the switch, $after after"
check "kobject's pr_debug printed during boot, after the switch" test "$after" -gt 0
expect_eq "none before it" 0 "$before"
expect_eq "the 'devices' kobject (driver_init, after the registration) shown" 1 \
	"$(grep -c "kobject: 'devices' ([0-9a-f]*): kobject_add_internal: parent: '<NULL>'" /tmp/boot.log)"
expect_eq "bus (not in the list) silent at boot" 0 "$(grep -c '^<7>bus:' /tmp/boot.log)"
expect_eq "no warning about the list" 0 "$(grep -c 'malformed' /tmp/boot.log)"
expect_eq "kobject listed on" "kobject enabled=1" "$(state kobject)"
expect_eq "only kobject on (not 'all' mode; built-in DEBUG code aside: $DEBUG_ON)" "kobject enabled=1" "$(on_lines)"
check "the wished module names are not listed" sh -c "! grep -qE '^(dp_|dp-)' $CTL"
n0=$(n_lines "kobject:kobject: 'allx'")
check "insmod allx (not in the list)" insmod $MODDIR/allx.ko
expect_eq "allx off" "allx enabled=0" "$(state allx)"
check "kobject prints for allx's kobject" test "$(n_lines "kobject:kobject: 'allx'")" -gt "$n0"
check "rmmod allx" rmmod allx
finish
