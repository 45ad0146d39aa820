# In a module name given to the control file, '-' and '_'
# are the same character (as for modprobe); the file always lists the '_'
# form.  dp-dash.ko is the module "dp_dash".
. /lib.sh
D='<7>dynamic_printk:'
check "insmod dp-dash.ko" insmod $MODDIR/dp-dash.ko
check "in /proc/modules as dp_dash" grep -q '^dp_dash ' /proc/modules
expect_eq "listed as dp_dash, off" "dp_dash enabled=0" "$(state dp_dash)"
expect_eq "no line of the file has a '-'" 0 "$(grep -c -- - $CTL)"
expect_eq "its init pr_debug silent" 0 "$(n_lines 'dp_dash:')"
check "insmod dp_dbg" insmod $MODDIR/dp_dbg.ko

write_ok "set enabled=1 dp-dash" 'set enabled=1 dp-dash\n' "$D dp_dash enabled=1"
expect_eq "dp_dash on" "dp_dash enabled=1" "$(state dp_dash)"
fire dp_dash d1
check "it prints as dp_dash" klog_has "dp_dash:pr d1"
write_ok "set enabled=0 dp_dash" 'set enabled=0 dp_dash\n' "$D dp_dash enabled=0"
fire dp_dash d2
expect_eq "silent" 0 "$(n_lines d2)"
write_ok "two-word form 'dp-dash enabled=1'" 'dp-dash enabled=1\n' "$D dp_dash enabled=1"
write_ok "set enabled=0 dp-dash" 'set enabled=0 dp-dash' "$D dp_dash enabled=0"
write_ok "a name without a dash written with one: dp-dbg" 'set enabled=1 dp-dbg\n' "$D dp_dbg enabled=1"
expect_eq "dp_dbg on" "dp_dbg enabled=1" "$(state dp_dbg)"
write_ok "both spellings in one batch" 'set enabled=0 dp-dbg; dp_dash enabled=1; dp-dash enabled=0\n' \
	"$D dp_dbg enabled=0
$D dp_dash enabled=1
$D dp_dash enabled=0"
write_ok "built-in names too: platform" 'set enabled=1 platform\nset enabled=0 platform\n' \
	"$D platform enabled=1
$D platform enabled=0"
expect_eq "nothing on" 0 "$(on_count)"
cat $CTL > /tmp/base
write_einval "a dash too many: dp--dash" 'set enabled=1 dp--dash\n' 'dynamic_printk: invalid command "set enabled=1 dp--dash"'
write_einval "a trailing dash: dp-dash-" 'set enabled=1 dp-dash-\n' 'dynamic_printk: invalid command "set enabled=1 dp-dash-"'
write_einval "a lone dash" 'set enabled=1 -\n' 'dynamic_printk: invalid command "set enabled=1 -"'
write_einval "a dash in the keyword: a-ll" 'set enabled=1 a-ll\n' 'dynamic_printk: invalid command "set enabled=1 a-ll"'
write_einval "a dash for '=': enabled-1" 'set enabled-1 dp_dash\n' 'dynamic_printk: invalid command "set enabled-1 dp_dash"'
write_einval "a dash in 'set': s-et" 's-et enabled=1 dp_dash\n' 'dynamic_printk: invalid command "s-et enabled=1 dp_dash"'
write_einval "'enabled' is not a name: en-abled" 'set en-abled=1 dp_dash\n' 'dynamic_printk: invalid command "set en-abled=1 dp_dash"'
check "nothing changed" sh -c "cat $CTL | cmp -s - /tmp/base"

# The loader parameter, dashed, on a dashed module.
check "rmmod dp-dash" rmmod dp-dash
check "gone" sh -c "! grep -q '^dp_dash ' $CTL"
klog_mark
check "insmod dp-dash.ko dynamic-printk" insmod $MODDIR/dp-dash.ko dynamic-printk
expect_eq "on at load" "dp_dash enabled=1" "$(state dp_dash)"
check "its init pr_debug printed" sh -c "dmesg -r | grep -qxF '<7>dp_dash:dash init'"
write_ok "set enabled=0 dp-dash" 'set enabled=0 dp-dash\n' "$D dp_dash enabled=0"
check "rmmod dp_dash" rmmod dp_dash
write_einval "after rmmod: set enabled=0 dp-dash" 'set enabled=0 dp-dash\n' 'dynamic_printk: invalid command "set enabled=0 dp-dash"'
check "rmmod dp_dbg" rmmod dp_dbg
finish
