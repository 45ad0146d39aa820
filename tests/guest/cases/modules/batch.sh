# One write may hold several commands, separated by
# newlines or ';'; blank lines and comments (from a '#' that starts a
# word to the end of its command, the next ';' or newline) are ignored,
# and a carriage return is a blank.  All or nothing:
# every command is checked first; if one is bad nothing is applied, the
# write fails with EINVAL and one KERN_DEBUG line names the first bad
# command ("trimmed, comment removed, as written, first 64 bytes").
# Otherwise they are applied in order, one KERN_DEBUG line each.
. /lib.sh
D='<7>dynamic_printk:'
check "insmod dp_dbg" insmod $MODDIR/dp_dbg.ko
check "insmod allx" insmod $MODDIR/allx.ko
check "insmod dp_multi" insmod $MODDIR/dp_multi.ko
on() { expect_eq "$1" "$2" "$(grep -E '^(dp_dbg|allx|dp_multi|kobject) ' $CTL | grep 'enabled=1$' | cut -d' ' -f1 | sort | tr '\n' ' ')"; }

write_ok "two commands on two lines" 'set enabled=1 dp_dbg\nset enabled=1 allx\n' \
	"$D dp_dbg enabled=1
$D allx enabled=1"
on "both on" "allx dp_dbg "
fire dp_dbg b1; fire allx b1
expect_eq "and both print" 3 "$(n_lines b1)"
write_ok "two commands separated by ';', no newline" 'set enabled=0 allx;set enabled=0 dp_dbg' \
	"$D allx enabled=0
$D dp_dbg enabled=0"
on "both off" ""
write_ok "'; ' with blanks, a trailing ';' and an empty command" '  set enabled=1 dp_multi ;; set enabled=1 allx ; \n' \
	"$D dp_multi enabled=1
$D allx enabled=1"
on "dp_multi and allx on" "allx dp_multi "
write_ok "blank lines, comment lines, trailing comments, tabs" \
	'# switch two off\n\n\t\n   # indented comment\nset enabled=0 allx # trailing comment\n\tset enabled=0 dp_multi\t# tab, comment\n\n' \
	"$D allx enabled=0
$D dp_multi enabled=0"
on "both off, the commented-out command not applied" ""
# A '#' right after ';' starts a comment too, as in later kernels.
write_ok "a '#' right after ';' is a comment" 'set enabled=1 allx;# set enabled=1 dp_dbg\n' "$D allx enabled=1"
# A comment ends with its command, at ';', as in later kernels.
write_ok "a comment ends at ';'" 'set enabled=0 allx # off ; set enabled=1 allx # on again\n' "$D allx enabled=0
$D allx enabled=1"
on "only allx on" "allx "
write_ok "a '#' after '; ' is one" 'set enabled=0 allx; # set enabled=1 dp_dbg\n' "$D allx enabled=0"
write_ok "set enabled=1 allx" 'set enabled=1 allx\n' "$D allx enabled=1"
on "only allx on" "allx "
write_ok "a '#' with no blank after it" 'set enabled=0 allx #no blank after the hash\n' "$D allx enabled=0"
write_ok "the two-word form, mixed with the other" 'dp_dbg enabled=1\nset enabled=1 allx; dp_multi enabled=1\n' \
	"$D dp_dbg enabled=1
$D allx enabled=1
$D dp_multi enabled=1"
on "three on" "allx dp_dbg dp_multi "
write_ok "two-word form with blanks and tabs around" ' \t dp_dbg \t enabled=0 \t\n' "$D dp_dbg enabled=0"
write_ok "'all enabled=0' (two-word form of 'all')" 'all enabled=0\n' "$D all enabled=0"
on "all off" ""

# Order: commands apply one after the other.
write_ok "on then off the same module" 'set enabled=1 dp_dbg;set enabled=0 dp_dbg' \
	"$D dp_dbg enabled=1
$D dp_dbg enabled=0"
on "it ends off" ""
write_ok "'all' on, then one module off" 'set enabled=1 all\nset enabled=0 dp_dbg\n' \
	"$D all enabled=1
$D dp_dbg enabled=0"
expect_eq "dp_dbg off" "dp_dbg enabled=0" "$(state dp_dbg)"
expect_eq "allx on" "allx enabled=1" "$(state allx)"
expect_eq "built-in kobject on" "kobject enabled=1" "$(state kobject)"
fire dp_dbg b2; fire allx b2
expect_eq "allx prints, dp_dbg does not" "allx:pr b2" "$(dmesg | grep b2)"
write_ok "one module off, then 'all' on" 'set enabled=0 all\nset enabled=0 dp_dbg\nset enabled=1 all\n' \
	"$D all enabled=0
$D dp_dbg enabled=0
$D all enabled=1"
expect_eq "dp_dbg on now" "dp_dbg enabled=1" "$(state dp_dbg)"
write_ok "'all' off" 'set enabled=0 all' "$D all enabled=0"
expect_eq "nothing on" 0 "$(on_count)"

# All or nothing.  The state to compare with: allx on.
echo "set enabled=1 allx" > $CTL
write_einval "a bad name in the middle" 'set enabled=1 dp_dbg\nset enabled=1 no_such_module\nset enabled=1 dp_multi\n' \
	'dynamic_printk: invalid command "set enabled=1 no_such_module"'
write_einval "a bad command after good ones (';')" 'set enabled=0 allx; set enabled=1 dp_dbg; set enabled=2 dp_dbg' \
	'dynamic_printk: invalid command "set enabled=2 dp_dbg"'
write_einval "'all' off, then a bad one" 'set enabled=0 all\nsett enabled=1 dp_dbg\n' \
	'dynamic_printk: invalid command "sett enabled=1 dp_dbg"'
write_einval "the first of two bad ones is named" 'set enabled=1 dp_dbg\nset enabled=1 nosuch1\nset enabled=1 nosuch2\n' \
	'dynamic_printk: invalid command "set enabled=1 nosuch1"'
write_einval "the bad one trimmed, its comment removed" 'set enabled=1 dp_dbg\n \t set  enabled=1\tno_such  \t# a comment\n' \
	"dynamic_printk: invalid command \"set  enabled=1	no_such\""
write_einval "the bad one as written: dashes kept" 'set enabled=1 no-such-module\n' \
	'dynamic_printk: invalid command "set enabled=1 no-such-module"'
write_einval "'#' inside a word is part of it" 'set enabled=1 dp_dbg#comment\n' \
	'dynamic_printk: invalid command "set enabled=1 dp_dbg#comment"'
write_einval "'#' inside the setting word" 'set enabled=1#x dp_dbg\n' \
	'dynamic_printk: invalid command "set enabled=1#x dp_dbg"'
write_einval "two-word form with a bad value" 'dp_dbg enabled=2\n' \
	'dynamic_printk: invalid command "dp_dbg enabled=2"'
write_einval "two-word form, extra word" 'dp_dbg enabled=1 x\n' \
	'dynamic_printk: invalid command "dp_dbg enabled=1 x"'
write_einval "two-word form, words swapped" 'enabled=1 dp_dbg\n' \
	'dynamic_printk: invalid command "enabled=1 dp_dbg"'
write_einval "two-word form, unknown name" 'no_such enabled=0\n' \
	'dynamic_printk: invalid command "no_such enabled=0"'
write_einval "two-word form, misspelt setting" 'dp_dbg enable=1\n' \
	'dynamic_printk: invalid command "dp_dbg enable=1"'
write_einval "'set' with the two-word form" 'set dp_dbg enabled=1\n' \
	'dynamic_printk: invalid command "set dp_dbg enabled=1"'
long=set_enabled_1_a_very_long_word_that_goes_on_and_on_past_sixty_four_bytes_of_text
write_einval "a bad command longer than 64 bytes: cut" "set enabled=1 dp_dbg\n$long\n" \
	"dynamic_printk: invalid command \"$(printf '%s' "$long" | cut -c1-64)\""
write_noop "only comments" '# nothing\n   # at all\n'
write_noop "only blank lines and ';'" '\n ; ;\n\t\n'
write_noop "a '#' at the start of the only command" '#set enabled=1 dp_dbg\n'
write_noop "a lone newline" '\n'
write_ok "a carriage return (a line ended CR LF) is a blank" 'set enabled=1 dp_dbg\r\nset\renabled=0 dp_dbg\r\n' "$D dp_dbg enabled=1
$D dp_dbg enabled=0"
write_einval "a NUL after good commands" 'set enabled=1 dp_dbg\nset enabled=0 allx\n\000' \
	'dynamic_printk: invalid byte 0x00 at offset 40'
expect_eq "after the bad batches: only allx on" "allx enabled=1" "$(on_lines)"
fire dp_dbg b3
expect_eq "dp_dbg silent" 0 "$(n_lines b3)"

# Nearly a page of commands: 194 commands in 4074 bytes, accepted, each
# logged.
i=0; : > /tmp/page
while [ $i -lt 97 ]; do printf 'set enabled=1 dp_dbg ; ' >> /tmp/page; printf 'dp_dbg enabled=0  \n' >> /tmp/page; i=$((i + 1)); done
expect_eq "194 commands file" 4074 "$(wc -c < /tmp/page)"
klog_mark
if ctl_put_file /tmp/page && ctl_full; then pass "194 commands in one write: accepted whole"; else fail "194 commands: $CTL_ERR"; fi
expect_eq "194 lines logged" 194 "$(klog_new | grep -cE '^<7>dynamic_printk: dp_dbg enabled=[01]$')"
expect_eq "the last one wins" "dp_dbg enabled=0" "$(state dp_dbg)"
# 4096 bytes: commands and a comment filling the page.
{ printf 'set enabled=1 dp_dbg\n#'; head -c 4074 /dev/zero | tr '\0' 'c'; } > /tmp/page
expect_eq "page file" 4096 "$(wc -c < /tmp/page)"
klog_mark
if ctl_put_file /tmp/page && ctl_full; then pass "4096 bytes (a command, a long comment): accepted whole"; else fail "4096 bytes: $CTL_ERR"; fi
expect_eq "logged the command" "$D dp_dbg enabled=1" "$(klog_new)"
{ printf 'set enabled=0 dp_dbg\n#'; head -c 4075 /dev/zero | tr '\0' 'c'; } > /tmp/page
klog_mark
if ctl_put_file /tmp/page; then fail "4097 bytes accepted"; else pass "4097 bytes: rejected ($CTL_ERR)"; fi
expect_one_dp_line "4097 bytes" "dynamic_printk: write of 4097 bytes, more than 4096"
expect_eq "dp_dbg still on" "dp_dbg enabled=1" "$(state dp_dbg)"

# Nothing above KERN_DEBUG in all of this (the case's whole log).
expect_eq "nothing logged above KERN_DEBUG by dynamic_printk" "" "$(dmesg -r | grep dynamic_printk | grep -v '^<7>')"
echo "set enabled=0 all" > $CTL
check "rmmod dp_dbg allx dp_multi" rmmod dp_dbg allx dp_multi
finish
