# A line of the control file, written back, is a command that sets
# exactly that call site's flags to the ones it shows: file, line, module,
# function and format must all be the call site's own (the format whole,
# not a substring), so two call sites that differ in one of them only
# (the two copies of dp_sites.h's inline one differ by file; b_two's two
# by line and format) are told apart.  A line naming no call site
# matches nothing.  Several lines in one write; escapes, quotes, ';' and
# '#' in the format; a built-in call site too.
. /lib.sh
CTL=$DCTL
sites_setup
check "insmod dp_sites" insmod $MODDIR/dp_sites.ko
# Give each call site of dp_sites flags of its own, then save the lines.
set -- p m f l t pm mf fl lt pt pmf mfl flt pmfl mflt pmflt pl mt ft
for k in $SITES_ALL; do
	dput "file $(site_file $k) line $(site_line $k) func $(sed -n "s/^$k [^ ]* \[dp_sites\]\([^ ]*\) .*/\1/p" /tmp/sites.tab) =$1" ||
		fail "setting $k =$1"
	shift
done
grep '^[^ ]* \[dp_sites\]' $DCTL > /tmp/saved
expect_eq "every call site of dp_sites has flags now" "" "$(sites_state | grep ' =_$')"
expect_eq "and they differ" $SITES_N "$(cut -d' ' -f3 /tmp/saved | sort -u | wc -l)"
sites_state > /tmp/saved.state
# One at a time: all =_, its saved line written back, only it changes.
for k in $SITES_ALL; do
	dput "module dp_sites =_"
	line=$(awk 'NR == FNR { if ($1 == k) w = $2; next } $1 == w' k=$k /tmp/sites.tab /tmp/saved)
	write_ok "$k: its line written back" "$(lit "$line")\n" "$(changed_log "$line" 1)"
	expect_eq "$k: exactly it has its flags back" "$(grep "^$k " /tmp/saved.state)" "$(sites_state | grep -v ' =_$')"
done
# All of them in one write.
dput "module dp_sites =_"
klog_mark
if ctl_put_file /tmp/saved && ctl_full; then pass "all $SITES_N lines in one write: accepted whole"; else fail "all lines in one write: $CTL_ERR"; fi
expect_eq "one line logged per line" $SITES_N "$(klog_new | grep -c '^<7>dynamic_printk: ".*" changed 1 call sites$')"
expect_eq "every call site as saved" "$(cat /tmp/saved.state)" "$(sites_state)"
# Lines that name no call site: each part changed in turn.
dput "module dp_sites =_"
two2=$(site two2 p)
for w in \
	"$(printf "%s\n" "$two2" | sed 's/^dp_sites_b\.c:/dp_sites_a.c:/')" \
	"$(printf "%s\n" "$two2" | sed "s/:$(site_line two2) /:$(site_line two1) /")" \
	"$(printf "%s\n" "$two2" | sed 's/\[dp_sites\]/[dp_dbg]/')" \
	"$(printf "%s\n" "$two2" | sed 's/\]b_two /]b_tw /')" \
	"$(printf "%s\n" "$two2" | sed 's/"two second %s\\n"/"two second"/')" \
	"$(printf "%s\n" "$two2" | sed 's/"two second %s\\n"/"two second %s\\n "/')" \
	"$(printf "%s\n" "$two2" | sed 's/"two second %s\\n"/"second %s\\n"/')" ; do
	write_ok "no such call site: $w" "$(lit "$w")\n" "$(changed_log "$w" 0)"
done
expect_eq "none of them changed anything" "" "$(sites_state | grep -v ' =_$')"
write_ok "the line itself" "$(lit "$two2")\n" "$(changed_log "$two2" 1)"
expect_eq "only two2 =p" "two2 =p" "$(sites_state | grep -v ' =_$')"
ia=$(site ia pmf)
write_ok "the inline call site of dp_sites.h" "$(lit "$ia")\n" "$(changed_log "$ia" 1)"
expect_eq "... and no other" "ia =pmf two2 =p" "$(sites_state | grep -v ' =_$' | tr '\n' ' ' | sed 's/ $//')"
# A line read with =_ clears that call site.
write_ok "a =_ line" "$(lit "$(site two2)")\n" "$(changed_log "$(site two2)" 1)"
expect_eq "two2 cleared, ia kept" "ia =pmf" "$(sites_state | grep -v ' =_$')"
dput "module dp_sites =_"
# The header is a comment.
write_noop "the header line" "$DHEAD\n"
# A built-in call site: kobject_add_internal's first pr_debug.
kl=$(grep -m1 '^lib/kobject\.c:[0-9]* \[kobject\]kobject_add_internal =_ ' $DCTL)
check "lib/kobject.c has kobject_add_internal call sites" [ -n "$kl" ]
cat $DCTL > /tmp/before
klm=$(printf "%s\n" "$kl" | sed 's/ =_ / =ml /')
write_ok "a built-in line with =ml" "$(lit "$klm")\n" "$(changed_log "$klm" 1)"
K=$kl M=$klm awk '$0 == ENVIRON["K"] { $0 = ENVIRON["M"] } { print }' /tmp/before > /tmp/want
check "that line changed, and nothing else" sh -c "cat $DCTL | cmp -s - /tmp/want"
write_ok "written back as read before" "$(lit "$kl")\n" "$(changed_log "$kl" 1)"
check "the file as before" sh -c "cat $DCTL | cmp -s - /tmp/before"
check "rmmod dp_sites" rmmod dp_sites
finish
