# dyndbg="file lib/kobject.c +p" on the kernel command line: applied to
# the built-in call sites before the first initcall (before driver_init()
# too, whose 'devices' kobject then shows), logged once like a control
# write; lib/kobject.c's call sites read =p and printed during boot; no
# other call site was touched; a module loaded later is not affected,
# even one with a file named kobject.c.  Must be the first case of its
# boot (it reads the boot log saved by init.sh).
. /lib.sh
raw=/tmp/boot.rdmesg
cmd="file lib/kobject.c +p"
check "dyndbg=\"$cmd\" on the command line" grep -qF "dyndbg=\"$cmd\"" /proc/cmdline
check "read the boot log" grep -q 'Linux version 2.6.27' $raw
grep -v 'ommand line: ' $raw > /tmp/boot.log
n=$(grep -c '^lib/kobject\.c:' $DCTL)
check "lib/kobject.c has call sites ($n)" test "$n" -gt 0
expect_eq "applied at boot, logged once" 1 "$(grep -cxF "$(changed_log "$cmd" $n)" /tmp/boot.log)"
expect_eq "no other dynamic_printk line at boot" "$(changed_log "$cmd" $n)" "$(grep "^<[0-7]>dynamic_printk:" /tmp/boot.log)"
expect_eq "every lib/kobject.c call site =p" 0 "$(grep '^lib/kobject\.c:' $DCTL | grep -vc '^[^ ]* [^ ]* =p ')"
# Other call sites with p: only those of files built with DEBUG, whose
# names are on in the modules file without a switch logged.
tail -n +2 $DCTL | grep -v '^lib/kobject\.c:' | grep '^[^ ]* [^ ]* =[^ ]*p' > /tmp/otherp
echo "other call sites with p: $(wc -l < /tmp/otherp), names on without a switch logged: $DEBUG_ON"
expect_eq "no other call site changed: none with flags but p" 0 "$(tail -n +2 $DCTL | grep -Evc '^[^ ]+ [^ ]+ =(_|p) ')"
pat=kobject
for d in $DEBUG_ON; do pat="$pat|$d"; done
expect_eq "the others with p are of DEBUG names" "" \
	"$(sed 's/^[^ ]* \[\([^]]*\)\].*/\1/' /tmp/otherp | sort -u | grep -vxE "($pat)")"
sw=$(grep -nxF "$(changed_log "$cmd" $n)" /tmp/boot.log | cut -d: -f1)
first=$(grep -n '^<7>kobject:kobject: ' /tmp/boot.log | head -1 | cut -d: -f1)
check "kobject's pr_debug printed during boot, at KERN_DEBUG" [ -n "$first" ]
check "after the command was applied" test "${sw:-999999}" -lt "${first:-0}"
expect_eq "no kobject message before it" 0 "$(head -n ${sw:-0} /tmp/boot.log | grep -c 'kobject:')"
check "the 'devices' kobject of driver_init() (before the initcalls) shown" \
	grep -qE "^<7>kobject:kobject: 'devices' \([0-9a-f]+\): kobject_add_internal: parent: '<NULL>', set: '<NULL>'$" /tmp/boot.log
expect_eq "bus (drivers/base/bus.c) silent at boot" 0 "$(grep -c '^<7>bus:' /tmp/boot.log)"
expect_eq "kobject enabled=1 in the modules file" "kobject enabled=1" "$(grep '^kobject ' $CTL)"
check "not 'all' mode: names off in the modules file" grep -q 'enabled=0$' $CTL
# Modules loaded later: not touched by the boot's dyndbg.
check "insmod kobject (dp_kobject: module kobject, file kobject.c)" insmod $MODDIR/kobject.ko
expect_eq "... its call site =_" "=_" "$(grep '^kobject\.c:[0-9]* \[kobject\]fire_set ' $DCTL | cut -d' ' -f3)"
check "rmmod kobject" rmmod kobject
expect_eq "lib/kobject.c still =p" 0 "$(grep '^lib/kobject\.c:' $DCTL | grep -vc '^[^ ]* [^ ]* =p ')"
check "insmod dp_sites" insmod $MODDIR/dp_sites.ko
sites_setup
expect_eq "dp_sites =_" "" "$(sites_with p)"
check "rmmod dp_sites" rmmod dp_sites
printf 'file lib/kobject.c -p\n' > $DCTL
finish
