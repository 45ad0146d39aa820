# The module parameter dyndbg, which every module takes:
# "insmod m dyndbg=<commands>" applies the commands to m's call sites
# (only those), after its parameters are parsed and before its init runs,
# in the order given with dynamic_printk, logging each command as a
# control write does; a bare "dyndbg" is "+p";
# a bad command is reported at KERN_ERR ("m: bad dyndbg value ignored", after the line saying why)
# and left out, and the module loads.  It is not listed in
# /sys/module/m/parameters.  (busybox insmod passes the words as they
# are: a value with blanks is given in double quotes.)
. /lib.sh
CTL=$DCTL
sites_setup
P=/sys/module/dp_sites/parameters
check "insmod dp_dbg" insmod $MODDIR/dp_dbg.ko
# load <what> <insmod arguments...>: the load succeeds
load() {
	local what=$1; shift
	klog_mark
	if insmod $MODDIR/dp_sites.ko "$@" 2>/tmp/err; then pass "$what: loads"; else
		fail "$what: $(cat /tmp/err)"; return 1; fi
	klog_new > /tmp/new
}
unload() { rmmod dp_sites || fail "rmmod dp_sites"; }

load "insmod dp_sites (no dyndbg)"
params=$(ls $P | tr '\n' ' ')
expect_eq "no dyndbg: all =_" "" "$(sites_with p)"
expect_eq "no dyndbg: nothing logged by dynamic_printk" "" "$(grep dynamic_printk /tmp/new)"
expect_eq "its parameters: evals fire hirq last_pid" "evals fire hirq last_pid " "$params"
unload

load "insmod dp_sites dyndbg=+p" dyndbg=+p
expect_eq "dyndbg=+p: every call site =p" "" "$(sites_state | grep -v ' =p$')"
expect_eq "dyndbg=+p: logged, once" 1 "$(grep -cxF "$(changed_log "+p" $SITES_N)" /tmp/new)"
check "dyndbg=+p: init printed" grep -qxF '<7>dp_sites:init' /tmp/new
a=$(grep -nxF "$(changed_log "+p" $SITES_N)" /tmp/new | cut -d: -f1)
b=$(grep -nxF '<7>dp_sites:init' /tmp/new | cut -d: -f1)
check "dyndbg=+p: applied before init ran" test "${a:-99}" -lt "${b:-0}"
expect_eq "dyndbg=+p: not a parameter in /sys/module/dp_sites/parameters" "$params" "$(ls $P | tr '\n' ' ')"
expect_eq "dyndbg=+p: dp_dbg untouched" 0 "$(grep '\[dp_dbg\]' $DCTL | grep -c ' =[^ ]*p')"
klog_mark
fire dp_sites y1
expect_eq "dyndbg=+p: it prints" 14 "$(klog_new | grep -c y1)"
unload
klog_mark
insmod $MODDIR/dp_sites.ko
expect_eq "loaded again without it: =_ (that load only)" "" "$(sites_with p)"
expect_eq "... init silent" 0 "$(klog_new | grep -c 'dp_sites:init')"
unload

load "bare dyndbg" dyndbg
expect_eq "bare dyndbg: every call site =p" "" "$(sites_state | grep -v ' =p$')"
check "bare dyndbg: init printed" grep -qxF '<7>dp_sites:init' /tmp/new
check "bare dyndbg: logged as +p" grep -qxF "$(changed_log "+p" $SITES_N)" /tmp/new
unload

load 'dyndbg="func fire_set +pf"' 'dyndbg="func fire_set +pf"'
expect_eq 'dyndbg="func fire_set +pf": fire_set'"'"'s two =pf' "dfire =pf fire =pf" "$(sites_state | grep -v ' =_$' | tr '\n' ' ' | sed 's/ $//')"
expect_eq '... logged' 1 "$(grep -cxF "$(changed_log "func fire_set +pf" 2)" /tmp/new)"
expect_eq '... init silent' 0 "$(grep -c 'dp_sites:init' /tmp/new)"
klog_mark
fire dp_sites y2
expect_eq '... fire prints with the function' "<7>fire_set: dp_sites:fire y2" "$(klog_new | head -1)"
unload

load 'two commands: dyndbg="func b_tab +p; file dp_sites_a.c line -9999 +m"' \
	'dyndbg="func b_tab +p; file dp_sites_a.c line -9999 +m"'
expect_eq "... both applied" "dfire =m dhirq =m exit =m fire =m hirq =m init =m tab =p" \
	"$(sites_state | grep -v ' =_$' | tr '\n' ' ' | sed 's/ $//')"
expect_eq "... two lines logged" "$(changed_log "func b_tab +p" 1)
$(changed_log "file dp_sites_a.c line -9999 +m" 6)" "$(grep dynamic_printk /tmp/new)"
unload

load 'dyndbg="module dp_dbg +p" (another module'"'"'s name)' 'dyndbg="module dp_dbg +p"'
expect_eq "... matches nothing of dp_sites" "" "$(sites_with p)"
expect_eq "... and dp_dbg is untouched" 0 "$(grep '\[dp_dbg\]' $DCTL | grep -c ' =[^ ]*p')"
check "... logged, 0 changed" grep -qxF "$(changed_log "module dp_dbg +p" 0)" /tmp/new
unload
load 'dyndbg=+p dyndbg=-p (both, in order)' dyndbg=+p dyndbg=-p
expect_eq "... all =_" "" "$(sites_with p)"
unload
# With dynamic_printk, in the order given too.
load 'dyndbg=+pf dynamic_printk=0 (in order)' dyndbg=+pf dynamic_printk=0
expect_eq "... no call site prints, f kept" "" "$(sites_state | grep -v ' =f$')"
unload
load 'dynamic_printk=0 dyndbg=+p (in order)' dynamic_printk=0 dyndbg=+p
expect_eq "... every call site prints" "" "$(sites_state | grep -v ' =p$')"
unload

# Bad commands: a typo must not cost a module (or a boot, through
# modprobe configuration): the kernel says why and that it ignored them,
# at KERN_ERR, applies nothing of them, and the module loads.
bad() {
	local w="insmod dp_sites $1" err
	klog_mark
	if err=$(insmod $MODDIR/dp_sites.ko "$1" 2>&1); then
		pass "$w: loads"
	else
		fail "$w: did not load: $err"; return
	fi
	expect_eq "$w: the kernel says it ignored it" 1 "$(klog_new | grep -cxF "<3>dp_sites: bad dyndbg value ignored")"
	expect_eq "$w: ... and why" 1 "$(klog_new | grep -c '^<3>dynamic_printk: invalid command ".*": ')"
	expect_eq "$w: nothing applied" "" "$(sites_state | grep -v ' =_$')"
	expect_eq "$w: nothing logged as applied" "" "$(klog_new | grep 'changed')"
	unload
}
bad dyndbg=+x +x
bad dyndbg=p p
bad 'dyndbg="func b_tab +p; bogus +p"' 'func b_tab +p; bogus +p'
bad dyndbg=func func
bad 'dyndbg="func b_tab line x +p"' 'func b_tab line x +p'
load "after the failures: insmod dp_sites" || :
expect_eq "... starts =_" "" "$(sites_with p)"
unload
check "rmmod dp_dbg" rmmod dp_dbg
finish
