# The flags-spec: '+' adds, '-' removes, '=' sets the letters p m f l t,
# '_' standing for none; a call site's flags read back in the order
# p m f l t ("=_" when none), however the command ordered them; a command
# changes only the call sites it matches and only the letters it names.
. /lib.sh
CTL=$DCTL
sites_setup
check "insmod dp_sites" insmod $MODDIR/dp_sites.ko
# fl <flags-spec> <flags of b_tab after it> <n changed>: "func b_tab
# <flags-spec>" is accepted and logs that it changed n call sites (1, or
# 0 when b_tab's flags stay as they were), b_tab reads back =<flags>,
# every other call site of dp_sites is untouched (=_).
fl() {
	local cmd="func b_tab $1"
	write_ok "$cmd" "$cmd\n" "$(changed_log "$cmd" "$3")"
	expect_eq "$cmd: reads back =$2" "$(site tab $2)" "$(grep -F '[dp_sites]b_tab ' $DCTL)"
	expect_eq "$cmd: the other call sites untouched" "" "$(sites_state | grep -v '^tab ' | grep -v ' =_$')"
}
fl +p p 1
fl +m pm 1
fl +f pmf 1
fl +l pmfl 1
fl +t pmflt 1
fl -p mflt 1
fl -m flt 1
fl -f lt 1
fl -l t 1
fl -t _ 1
fl =p p 1
fl =m m 1
fl =f f 1
fl =l l 1
fl =t t 1
fl =_ _ 1
# Any order in, p m f l t out.
fl +tlfmp pmflt 1
fl =_ _ 1
fl +mpf pmf 1
fl -fm p 1
fl =tl lt 1
fl =ltp plt 1
fl -lp t 1
fl +ft ft 1
fl =lm ml 1
# Leaving the flags as they were: still valid, logged, 0 changed.
fl +_ ml 0
fl -_ ml 0
fl -pt ml 0
fl +m ml 0
fl =ml ml 0
fl =lm ml 0
fl =_ _ 1
fl -p _ 0
fl =_ _ 0
fl -pmflt _ 0

# Several call sites at once: only the named letters change on each.
write_ok "func b_two =pm" 'func b_two =pm\n' "$(changed_log "func b_two =pm" 2)"
write_ok "func b_tab =ft" 'func b_tab =ft\n' "$(changed_log "func b_tab =ft" 1)"
write_ok "func b_t* +l" 'func b_t* +l\n' "$(changed_log "func b_t* +l" 3)"
expect_eq "b_two's two call sites: =pml, b_tab =flt" "tab =flt two1 =pml two2 =pml" \
	"$(sites_state | grep -v ' =_$' | tr '\n' ' ' | sed 's/ $//')"
write_ok "func b_t* -pt" 'func b_t* -pt\n' "$(changed_log "func b_t* -pt" 3)"
expect_eq "then -pt: =fl, =ml, =ml" "tab =fl two1 =ml two2 =ml" \
	"$(sites_state | grep -v ' =_$' | tr '\n' ' ' | sed 's/ $//')"
write_ok "module dp_sites =_" 'module dp_sites =_\n'
expect_eq "all =_ again" "" "$(sites_state | grep -v ' =_$')"
# Flags without p print nothing and evaluate nothing.
e0=$(cat /sys/module/dp_sites/parameters/evals)
write_ok "module dp_sites =mflt" 'module dp_sites =mflt\n' "$(changed_log "module dp_sites =mflt" $SITES_N)"
klog_mark
fire dp_sites nop1
expect_eq "=mflt: nothing printed" "" "$(klog_new)"
expect_eq "=mflt: no argument evaluated" "$e0" "$(cat /sys/module/dp_sites/parameters/evals)"
write_ok "module dp_sites =_" 'module dp_sites =_\n' "$(changed_log "module dp_sites =_" $SITES_N)"
check "rmmod dp_sites" rmmod dp_sites
finish
