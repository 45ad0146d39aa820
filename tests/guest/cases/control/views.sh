# One state, two views.  In the modules file a module reads enabled=1
# when at least one of its call sites has p; "set enabled=1 <m>" is
# "module <m> +p" and "set enabled=0 <m>" is "module <m> -p" (the other
# flags untouched, the line it logs as before); "set enabled=1 all" gives
# every call site p and turns all mode on (call sites loaded later start
# with p), "set enabled=0 all" takes p from every call site (those of
# DEBUG files too) and turns it off.  A command without a match-spec
# gives every call site p too, but is not all mode.  The module parameter
# "dynamic_printk" gives p to the module's call sites.
. /lib.sh
MCTL=$CTL
CTL=$DCTL
sites_setup
mstate() { grep "^$1 " $MCTL; }
# p_lines <module>: its lines in the control file with p / without p.
with_p() { grep "^[^ ]* \[$1\][^ ]* =[^ ]*p" $DCTL | wc -l; }
without_p() { grep "^[^ ]* \[$1\]" $DCTL | grep -vc "^[^ ]* \[$1\][^ ]* =[^ ]*p"; }
check "insmod dp_sites" insmod $MODDIR/dp_sites.ko
check "insmod dp_dbg" insmod $MODDIR/dp_dbg.ko
expect_eq "dp_sites starts enabled=0" "dp_sites enabled=0" "$(mstate dp_sites)"

write_ok "func b_tab +mf (no p)" 'func b_tab +mf\n'
expect_eq "flags without p: still enabled=0" "dp_sites enabled=0" "$(mstate dp_sites)"
klog_mark
echo "set enabled=1 dp_sites" > $MCTL
expect_eq "set enabled=1 dp_sites: logged as before" "<7>dynamic_printk: dp_sites enabled=1" "$(klog_new)"
expect_eq "... every call site of dp_sites has p" "$SITES_ALL" "$(sites_with p)"
expect_eq "... b_tab's other flags kept" "=pmf" "$(site_flags tab)"
expect_eq "... the others exactly =p" "" "$(sites_state | grep -v '^tab ' | grep -v ' =p$')"
expect_eq "... dp_dbg untouched" 0 "$(with_p dp_dbg)"
expect_eq "... enabled=1" "dp_sites enabled=1" "$(mstate dp_sites)"
klog_mark
fire dp_sites v1
expect_eq "... all of its process-context call sites print" 14 "$(klog_new | grep -c 'v1')"
klog_mark
echo "set enabled=0 dp_sites" > $MCTL
expect_eq "set enabled=0 dp_sites: logged as before" "<7>dynamic_printk: dp_sites enabled=0" "$(klog_new)"
expect_eq "... no call site of dp_sites has p" "" "$(sites_with p)"
expect_eq "... b_tab keeps =mf" "=mf" "$(site_flags tab)"
expect_eq "... enabled=0" "dp_sites enabled=0" "$(mstate dp_sites)"

write_ok "module dp_sites +p" 'module dp_sites +p\n'
expect_eq "module dp_sites +p: enabled=1" "dp_sites enabled=1" "$(mstate dp_sites)"
write_ok "module dp_sites -p" 'module dp_sites -p\n'
expect_eq "module dp_sites -p: enabled=0" "dp_sites enabled=0" "$(mstate dp_sites)"
write_ok "func b_quote +p (one call site)" 'func b_quote +p\n'
expect_eq "one call site with p: enabled=1" "dp_sites enabled=1" "$(mstate dp_sites)"
klog_mark
fire dp_sites v2
expect_eq "... and only it prints" '<7>dp_sites:quote "v2"' "$(klog_new)"
write_ok "func b_quote -p" 'func b_quote -p\n'
expect_eq "none: enabled=0" "dp_sites enabled=0" "$(mstate dp_sites)"
write_ok "func fire_set +p (in dp_sites and dp_dbg)" 'func fire_set +p\n' "$(changed_log "func fire_set +p" 4)"
expect_eq "both modules enabled=1" "dp_dbg enabled=1 dp_sites enabled=1" "$(mstate dp_dbg) $(mstate dp_sites)"
echo "set enabled=0 dp_dbg" > $MCTL
expect_eq "set enabled=0 dp_dbg: its fire_set lines lose p" 0 "$(with_p dp_dbg)"
expect_eq "dp_sites' do not" "dfire fire" "$(sites_with p)"
write_ok "module dp_sites =_" 'module dp_sites =_\n'

# all mode, set from the modules file, seen in the control file.
klog_mark
echo "set enabled=1 all" > $MCTL
expect_eq "set enabled=1 all: logged as before" "<7>dynamic_printk: all enabled=1" "$(klog_new | grep dynamic_printk)"
expect_eq "... every call site in the control file has p" 0 "$(tail -n +2 $DCTL | grep -vc '^[^ ]* [^ ]* =[^ ]*p')"
expect_eq "... every module enabled=1" 0 "$(grep -c 'enabled=0$' $MCTL)"
check "insmod dp_multi (loaded in all mode)" insmod $MODDIR/dp_multi.ko
expect_eq "... its call sites start with p" 0 "$(without_p dp_multi)"
check "... it has some" test "$(with_p dp_multi)" -gt 0
expect_eq "... enabled=1" "dp_multi enabled=1" "$(mstate dp_multi)"
klog_mark
echo "set enabled=0 all" > $MCTL
expect_eq "set enabled=0 all: logged as before" "<7>dynamic_printk: all enabled=0" "$(klog_new | grep dynamic_printk)"
expect_eq "... no call site has p (DEBUG files' neither)" 0 "$(grep -c '^[^ ]* [^ ]* =[^ ]*p' $DCTL)"
expect_eq "... every module enabled=0" 0 "$(grep -c 'enabled=1$' $MCTL)"
check "rmmod dp_multi" rmmod dp_multi
check "insmod dp_multi (all mode off)" insmod $MODDIR/dp_multi.ko
expect_eq "... starts without p" 0 "$(with_p dp_multi)"
check "rmmod dp_multi" rmmod dp_multi

# "+p" alone: every call site, but not all mode.
write_ok "+p (no match-spec)" '+p\n'
expect_eq "... every call site has p" 0 "$(tail -n +2 $DCTL | grep -vc '^[^ ]* [^ ]* =[^ ]*p')"
check "insmod dp_multi" insmod $MODDIR/dp_multi.ko
expect_eq "... a module loaded after it starts without p" 0 "$(with_p dp_multi)"
expect_eq "... and enabled=0" "dp_multi enabled=0" "$(mstate dp_multi)"
check "rmmod dp_multi" rmmod dp_multi
write_ok "-p (no match-spec)" '-p\n'
expect_eq "... no call site has p" 0 "$(grep -c '^[^ ]* [^ ]* =[^ ]*p' $DCTL)"
expect_eq "... every module enabled=0" 0 "$(grep -c 'enabled=1$' $MCTL)"

# The module parameter of before.
check "rmmod dp_sites" rmmod dp_sites
check "insmod dp_sites dynamic_printk" insmod $MODDIR/dp_sites.ko dynamic_printk
expect_eq "... every call site of dp_sites has p" "$SITES_ALL" "$(sites_with p)"
expect_eq "... and nothing else" "" "$(sites_state | grep -v ' =p$')"
check "rmmod dp_sites" rmmod dp_sites
check "insmod dp_sites dynamic_printk=0" insmod $MODDIR/dp_sites.ko dynamic_printk=0
expect_eq "... none has p" "" "$(sites_with p)"
check "rmmod dp_sites dp_dbg" rmmod dp_sites dp_dbg
finish
