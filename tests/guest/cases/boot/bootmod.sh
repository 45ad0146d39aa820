# <module>.dyndbg="<commands>" on the kernel command line: applied to
# that module's call sites (its name implied) each time it loads, before
# its init runs; to the built-in call sites of that name at boot
# (kobject); not to any other module.  The boot row has
#   dp_sites.dyndbg=+p dp_dbg.dyndbg="func fire_set +pm"
#   kobject.dyndbg="func kobject_add_internal +p"
# Uses insmod: busybox modprobe adds the command line's options itself.
. /lib.sh
sites_setup
check "dp_sites.dyndbg=+p on the command line" grep -qw 'dp_sites.dyndbg=+p' /proc/cmdline
# The built-in name, at boot.
nk=$(grep -c '^[^ ]* \[kobject\]kobject_add_internal ' $DCTL)
check "kobject_add_internal has call sites ($nk)" test "$nk" -gt 0
expect_eq "kobject.dyndbg: kobject_add_internal's call sites =p" 0 \
	"$(grep '^[^ ]* \[kobject\]kobject_add_internal ' $DCTL | grep -vc ' =p ')"
expect_eq "... the other call sites of kobject =_" 0 \
	"$(grep '^[^ ]* \[kobject\]' $DCTL | grep -v '\]kobject_add_internal ' | grep -vc ' =_ ')"
check "... and they printed during boot" grep -q "^<7>kobject:kobject: '[^']*' ([0-9a-f]*): kobject_add_internal: parent" /tmp/boot.rdmesg
expect_eq "no call site of another name changed at boot" 0 \
	"$(tail -n +2 $DCTL | grep -v '^[^ ]* \[kobject\]' | grep -Evc '^[^ ]+ [^ ]+ =(_|p) ')"
# dp_sites, twice.
for i in 1 2; do
	klog_mark
	check "load $i: insmod dp_sites" insmod $MODDIR/dp_sites.ko
	klog_new > /tmp/new
	expect_eq "load $i: every call site =p" "" "$(sites_state | grep -v ' =p$')"
	check "load $i: its init printed" grep -qxF '<7>dp_sites:init' /tmp/new
	a=$(grep -n 'changed' /tmp/new | head -1 | cut -d: -f1)
	b=$(grep -nxF '<7>dp_sites:init' /tmp/new | cut -d: -f1)
	check "load $i: applied (and logged) before init" test "${a:-99}" -lt "${b:-0}"
	klog_mark
	fire dp_sites bm$i
	expect_eq "load $i: fire prints" 14 "$(klog_new | grep -c "bm$i")"
	printf 'module dp_sites =_\n' > $DCTL
	check "load $i: rmmod dp_sites" rmmod dp_sites
done
# dp_dbg: a value with blanks.
klog_mark
check "insmod dp_dbg" insmod $MODDIR/dp_dbg.ko
expect_eq "dp_dbg: fire_set's two call sites =pm" "=pm =pm" \
	"$(grep '^[^ ]* \[dp_dbg\]fire_set ' $DCTL | awk '{ print $3 }' | tr '\n' ' ' | sed 's/ $//')"
expect_eq "dp_dbg: its other two =_" "=_ =_" \
	"$(grep '^[^ ]* \[dp_dbg\]' $DCTL | grep -v '\]fire_set ' | awk '{ print $3 }' | tr '\n' ' ' | sed 's/ $//')"
grep '\[dp_dbg\]' $DCTL | sed 's/^/  /'
expect_eq "dp_dbg: init silent" 0 "$(klog_new | grep -c 'dp_dbg:init')"
klog_mark
fire dp_dbg bm3
expect_eq "dp_dbg: fire prints with the module" "<7>dp_dbg: dp_dbg:pr bm3" "$(klog_new | grep -F 'pr bm3')"
check "rmmod dp_dbg" rmmod dp_dbg
# Not for other modules; the module kobject (dp_kobject) gets kobject's.
check "insmod dp_multi" insmod $MODDIR/dp_multi.ko
expect_eq "dp_multi: =_" 0 "$(grep '\[dp_multi\]' $DCTL | grep -vc ' =_ ')"
check "rmmod dp_multi" rmmod dp_multi
check "insmod kobject (dp_kobject)" insmod $MODDIR/kobject.ko
expect_eq "kobject.dyndbg matches nothing of it: =_" "=_" "$(grep '^kobject\.c:[0-9]* \[kobject\]fire_set ' $DCTL | cut -d' ' -f3)"
expect_eq "lib/kobject.c's kobject_add_internal still =p" 0 \
	"$(grep '^[^ ]* \[kobject\]kobject_add_internal ' $DCTL | grep -vc ' =p ')"
check "rmmod kobject" rmmod kobject
printf 'module kobject -p\n' > $DCTL
finish
