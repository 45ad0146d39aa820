# Every applied command logs one KERN_DEBUG line,
#   dynamic_printk: "<command>" changed <N> call sites
# with the command as written, without the blanks at its ends or its
# comment, cut to 64 bytes, and N the number of call sites it changed
# ("call sites" even for one; 0 when it matches nothing); the commands
# of one write each in turn.
. /lib.sh
CTL=$DCTL
sites_setup
check "insmod dp_sites" insmod $MODDIR/dp_sites.ko
write_ok "one call site" 'func b_tab +p\n' '<7>dynamic_printk: "func b_tab +p" changed 1 call sites'
write_ok "two" 'func b_two +p\n' '<7>dynamic_printk: "func b_two +p" changed 2 call sites'
write_ok "the module" 'module dp_sites +m\n' "<7>dynamic_printk: \"module dp_sites +m\" changed $SITES_N call sites"
write_ok "none" 'func no_such_function_at_all +p\n' '<7>dynamic_printk: "func no_such_function_at_all +p" changed 0 call sites'
write_ok "without a newline" 'func b_quote +p' '<7>dynamic_printk: "func b_quote +p" changed 1 call sites'
write_ok "blanks at the ends left out, inside kept" '  \t func  b_quote\t-p \t \n' \
	"<7>dynamic_printk: \"func  b_quote${TAB}-p\" changed 1 call sites"
write_ok "its comment left out" 'func b_quote +p   # on again\n' '<7>dynamic_printk: "func b_quote +p" changed 1 call sites'
cmd='func '"'"'b_quote'"'"' format "quote \"" -p'
write_ok "quotes and escapes as written" "$(lit "$cmd")\n" "$(changed_log "$cmd" 1)"
write_ok "three commands, three lines, in order" 'func b_tab -p\nfunc b_hash +p; func b_semicolon +p\n# a comment\n\nfunc b_h* -p\n' \
	'<7>dynamic_printk: "func b_tab -p" changed 1 call sites
<7>dynamic_printk: "func b_hash +p" changed 1 call sites
<7>dynamic_printk: "func b_semicolon +p" changed 1 call sites
<7>dynamic_printk: "func b_h* -p" changed 1 call sites'
long="file dp_sites_b.c func b_long module dp_sites format 'sixty-four bytes' +p"
write_ok "a command longer than 64 bytes: cut" "$long\n" "$(changed_log "$long" 1)"
write_ok "module dp_sites =_" 'module dp_sites =_\n' "<7>dynamic_printk: \"module dp_sites =_\" changed $SITES_N call sites"
expect_eq "nothing logged above KERN_DEBUG by dynamic_printk" "" "$(dmesg -r | grep dynamic_printk | grep -v '^<7>')"
check "rmmod dp_sites" rmmod dp_sites
finish
