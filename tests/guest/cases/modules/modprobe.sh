# The module parameter through modprobe (busybox modprobe, full version):
# "modprobe foo dynamic_printk" and "options foo dynamic_printk=1" in
# /etc/modprobe.d pass the loader's parameter like any other module
# option; a module name with a dash works there too.
. /lib.sh
R=/lib/modules/$(uname -r)
mkdir -p $R /etc/modprobe.d
cp $MODDIR/dp_dbg.ko $MODDIR/allx.ko $MODDIR/dp-dash.ko $MODDIR/dp_multi.ko $R/
check "depmod" depmod
check "modules.dep written" grep -q 'dp_dbg.ko:' $R/modules.dep
conf() { printf '%s\n' "$@" > /etc/modprobe.d/dp.conf; }

# loaded_on <module> <init line or "">: on, logged once, init printed
loaded_on() {
	expect_eq "$W: $1 on" "$1 enabled=1" "$(state $1)"
	expect_eq "$W: switch logged once" 1 "$(klog_new | grep -cxF "<7>dynamic_printk: $1 enabled=1")"
	[ -n "$2" ] && expect_eq "$W: its init pr_debug printed" 1 "$(klog_new | grep -cxF "<7>$2")"
}
loaded_off() {
	expect_eq "$W: $1 off" "$1 enabled=0" "$(state $1)"
	[ -n "$2" ] && expect_eq "$W: its init pr_debug silent" 0 "$(klog_new | grep -cxF "<7>$2")"
}

conf "# nothing"
W="modprobe dp_dbg dynamic_printk"; klog_mark
check "$W" modprobe dp_dbg dynamic_printk
loaded_on dp_dbg dp_dbg:init
check "modprobe -r dp_dbg" modprobe -r dp_dbg
check "gone" sh -c "! grep -q '^dp_dbg ' $CTL"

W="modprobe dp_dbg dynamic-printk=1"; klog_mark
check "$W" modprobe dp_dbg dynamic-printk=1
loaded_on dp_dbg dp_dbg:init
check "modprobe -r dp_dbg" modprobe -r dp_dbg

W="modprobe dp_dbg (no option)"; klog_mark
check "$W" modprobe dp_dbg
loaded_off dp_dbg dp_dbg:init
expect_eq "$W: nothing logged by dynamic_printk" "" "$(klog_new | grep dynamic_printk)"
check "modprobe -r dp_dbg" modprobe -r dp_dbg

conf "options dp_dbg dynamic_printk=1"
W="'options dp_dbg dynamic_printk=1', modprobe dp_dbg"; klog_mark
check "$W" modprobe dp_dbg
loaded_on dp_dbg dp_dbg:init
fire dp_dbg mp1
expect_eq "$W: it prints" 2 "$(n_lines mp1)"
W="the same, modprobe allx"; klog_mark
check "$W" modprobe allx
loaded_off allx
check "modprobe -r dp_dbg allx" modprobe -r dp_dbg allx

conf "options dp_dbg dynamic_printk"
W="'options dp_dbg dynamic_printk', modprobe dp_dbg"; klog_mark
check "$W" modprobe dp_dbg
loaded_on dp_dbg dp_dbg:init
check "modprobe -r dp_dbg" modprobe -r dp_dbg

# The command line comes after the configuration: its value wins.
conf "options dp_dbg dynamic_printk=1"
W="'options dp_dbg dynamic_printk=1', modprobe dp_dbg dynamic_printk=0"; klog_mark
check "$W" modprobe dp_dbg dynamic_printk=0
loaded_off dp_dbg dp_dbg:init
check "modprobe -r dp_dbg" modprobe -r dp_dbg

conf "options dp-dash dynamic_printk" "options dp_multi dynamic_printk=1"
W="'options dp-dash dynamic_printk', modprobe dp-dash"; klog_mark
check "$W" modprobe dp-dash
loaded_on dp_dash dp_dash:dash\ init
W="'options dp_multi dynamic_printk=1', modprobe dp_multi"; klog_mark
check "$W" modprobe dp_multi
loaded_on dp_multi
check "modprobe -r dp-dash dp_multi" modprobe -r dp-dash dp_multi

conf "options dp_dbg dynamic_printk=2"
W="'options dp_dbg dynamic_printk=2'"; klog_mark
modprobe dp_dbg 2>/tmp/err && { fail "$W: modprobe dp_dbg loaded it"; modprobe -r dp_dbg; } ||
	pass "$W: modprobe dp_dbg fails ($(cat /tmp/err))"
expect_eq "$W: the kernel says why" 1 "$(klog_new | grep -cxF "<3>dp_dbg: \`2' invalid for parameter \`dynamic_printk'")"
check "$W: not loaded" sh -c "! grep -q '^dp_dbg ' /proc/modules"
rm -f /etc/modprobe.d/dp.conf
expect_eq "at the end nothing is on" 0 "$(on_count)"
finish
