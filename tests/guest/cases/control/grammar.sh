# What users of later kernels' dynamic debug type: "file <path>:<func>"
# and "file <path>:<lines>" (func or line given twice that way is an
# error), the 's' flag (the source file as a decoration, "<file>:" after
# the function; flags read back in the order p m f s l t), a call site
# in a header listed under the header's path, print_hex_dump_debug() as
# a call site, an operator alone ('=' clears every flag), '#' ending only
# its own command, "format ^text" anchored at the start, '\r' a blank,
# unknown escapes outside a format kept as they are, refusals that say
# why at KERN_ERR, "class" refused, dynamic_printk.verbose, and a bad
# dyndbg= that does not stop a module from loading.
. /lib.sh
CTL=$DCTL
sites_setup
check "insmod dp_sites" insmod $MODDIR/dp_sites.ko
check "insmod dp_hex" insmod $MODDIR/dp_hex.ko
l1=$(site_line two1) l2=$(site_line two2) lf=$(site_line fire) lh=$(site_line hirq)
pid=$$

# ---- file <path>:<func>, file <path>:<lines> ------------------------------
sel "file dp_sites_b.c:b_two" 'f == "dp_sites_b.c" && fn == "b_two"' "two1 two2"
sel "file dp_sites_b.c:b_t*" 'f == "dp_sites_b.c" && fn ~ /^b_t/' "tab two1 two2"
sel "file *_b.c:b_two" 'b ~ /_b\.c$/ && fn == "b_two"' "two1 two2"
sel "file dp_sites_b.c:$l2" "f == \"dp_sites_b.c\" && ln == $l2" "two2"
sel "file dp_sites_b.c:$l1-$l2" "f == \"dp_sites_b.c\" && ln >= $l1 && ln <= $l2" "$(keys_lines dp_sites_b.c $l1 $l2)"
sel "file dp_sites_b.c:-$l1" "f == \"dp_sites_b.c\" && ln <= $l1" "$(keys_lines dp_sites_b.c 0 $l1)"
sel "file dp_sites_b.c:$l2-" "f == \"dp_sites_b.c\" && ln >= $l2" "$(keys_lines dp_sites_b.c $l2 999999)"
sel "file dp_sites.h:dp_sites_inline" 'f == "dp_sites.h" && fn == "dp_sites_inline"' "ia"
sel "module dp_sites file dp_sites_b.c:b_two format second" 'f == "dp_sites_b.c" && fn == "b_two" && index(fm, "second")' "two2"
TWICE='dynamic_printk: invalid command'
write_einval "file :func, then func" "file dp_sites_b.c:b_two func b_two +p\n" \
	"$TWICE \"file dp_sites_b.c:b_two func b_two +p\": keyword given twice \"func\""
write_einval "func, then file :func" "func b_two file dp_sites_b.c:b_two +p\n" \
	"$TWICE \"func b_two file dp_sites_b.c:b_two +p\": keyword given twice \"func\""
write_einval "file :line, then line" "file dp_sites_b.c:$l2 line $l2 +p\n" \
	"$TWICE \"file dp_sites_b.c:$l2 line $l2 +p\": keyword given twice \"line\""
write_einval "line, then file :line" "line $l2 file dp_sites_b.c:$l2 +p\n" \
	"$TWICE \"line $l2 file dp_sites_b.c:$l2 +p\": keyword given twice \"line\""
write_einval "file :<bad range>" "file dp_sites_b.c:9-1 +p\n"
write_einval "file <path>: and nothing" "file dp_sites_b.c: +p\n"

# ---- the s flag, the order of flags and decorations ---------------------
set_ "module dp_sites =_"
write_ok "+tlsfmp" "func b_two +tlsfmp\n" "$(changed_log "func b_two +tlsfmp" 2)"
expect_eq "reads back =pmfslt" "two1 =pmfslt two2 =pmfslt" "$(sites_state | grep -v ' =_$' | tr '\n' ' ' | sed 's/ $//')"
set_ "module dp_sites =_"
set_ "func fire_set format ^fire =ps"
shot "=ps" fire s1 "dp_sites_a.c: dp_sites:fire s1"
set_ "func fire_set format ^fire =pmfsl"
shot "=pmfsl" fire s2 "dp_sites:fire_set:dp_sites_a.c:$lf: dp_sites:fire s2"
set_ "func fire_set format ^fire =pmfslt"
shot "=pmfslt, process context" fire s3 "[$pid] dp_sites:fire_set:dp_sites_a.c:$lf: dp_sites:fire s3"
set_ "func fire_set format ^fire =_"
set_ "func hirq_fn format ^hirq =pst"
shot "=pst, interrupt context" hirq s4 "<intr> dp_sites_a.c: dp_sites:hirq s4"
set_ "func hirq_fn format ^hirq =pfsl"
shot "=pfsl, interrupt context" hirq s5 "hirq_fn:dp_sites_a.c:$lh: dp_sites:hirq s5"
set_ "module dp_sites =_"
set_ "file dp_sites.h =ps"
shot "the header's call site: its path" fire s6 "dp_sites.h: dp_sites:inline s6"
set_ "module dp_sites =_"

# ---- print_hex_dump_debug() ----------------------------------------------
lx=$(src_line dp_hex dp_hex.c 'print_hex_dump_debug("dp_hex: "')
li=$(src_line dp_hex dp_hex.h 'pr_debug("header %s')
expect_eq "dp_hex: the dump and the header's call site, listed" \
	"dp_hex.c:$lx [dp_hex]fire_set =_ \"dp_hex: \"|dp_hex.h:$li [dp_hex]dp_hex_inline =_ \"header %s\\n\"" \
	"$(grep ' \[dp_hex\]' $DCTL | tr '\n' '|' | sed 's/|$//')"
klog_mark
printf x1 > /sys/module/dp_hex/parameters/fire
expect_eq "without p: nothing" "" "$(klog_new)"
# print_hex_dump()'s lines: the hex, padded to column 49, the bytes
R1="<7>dp_hex: 00000000: $(printf '%-49s' '64 70 5f 68 65 78 20 62 75 66 66 65 72 00 ff fe ')dp_hex buffer..."
R2="<7>dp_hex: 00000010: $(printf '%-49s' 'fd fc fb 00 ')...."
set_ "module dp_hex format dp_hex =p"
klog_mark
printf x2 > /sys/module/dp_hex/parameters/fire
expect_eq "with p: the dump, at KERN_DEBUG" "$R1|$R2" "$(klog_new | tr '\n' '|' | sed 's/|$//')"
set_ "module dp_hex =pmfslt"
klog_mark
printf x3 > /sys/module/dp_hex/parameters/fire
expect_eq "=pmfslt: the dump undecorated, the header's call site decorated" \
	"$R1|$R2|<7>[$pid] dp_hex:dp_hex_inline:dp_hex.h:$li: dp_hex:header x3" \
	"$(klog_new | tr '\n' '|' | sed 's/|$//')"
set_ "module dp_hex -p"
klog_mark
printf x4 > /sys/module/dp_hex/parameters/fire
expect_eq "-p: nothing again" "" "$(klog_new)"

# ---- operators alone, comments, anchors, blanks, escapes -----------------
set_ "func b_two =pmf"
write_ok "'=' alone clears every flag" "func b_two =\n" "$(changed_log "func b_two =" 2)"
expect_eq "... two1 and two2 =_" "" "$(sites_state | grep -v ' =_$')"
set_ "func b_two =pm"
write_ok "'+' alone" "func b_two +\n" "$(changed_log "func b_two +" 0)"
write_ok "'-' alone" "func b_two -\n" "$(changed_log "func b_two -" 0)"
expect_eq "... nothing changed" "two1 =pm two2 =pm" "$(sites_state | grep -v ' =_$' | tr '\n' ' ' | sed 's/ $//')"
set_ "module dp_sites =_"
write_ok "'#' ends at ';'" "func b_tab +p # a note ; func b_hash +p\n" \
	"$(changed_log "func b_tab +p" 1)
$(changed_log "func b_hash +p" 1)"
expect_eq "... both applied" "hash =p tab =p" "$(sites_state | grep -v ' =_$' | tr '\n' ' ' | sed 's/ $//')"
set_ "module dp_sites =_"
sel "format ^two" 'fm ~ /^two/' "two1 two2"
sel "format ^first" '0' ""
sel "format first" 'index(fm, "first")' "two1"
sel 'format "^two second"' 'fm ~ /^two second/' "two2"
sel 'format ^"two s"' 'fm ~ /^two s/' "two2"
write_ok "CRLF line ends" "func b_tab +p\r\nfunc b_hash +p\r\n" \
	"$(changed_log "func b_tab +p" 1)
$(changed_log "func b_hash +p" 1)"
expect_eq "... both applied" "hash =p tab =p" "$(sites_state | grep -v ' =_$' | tr '\n' ' ' | sed 's/ $//')"
set_ "module dp_sites =_"
write_ok "an unknown escape outside a format: kept" 'func b\\_tab +p\n' "$(changed_log 'func b\_tab +p' 0)"
write_ok "... so a glob may hold a backslash" 'func b\\_t?b +p\n' "$(changed_log 'func b\_t?b +p' 0)"
write_einval "an unknown escape in a format" 'format "tab\\q" +p\n' \
	'dynamic_printk: invalid command "format "tab\q" +p": unknown escape in format'

# ---- refusals say why, at KERN_ERR ---------------------------------------
write_einval "unknown keyword" 'fil dp_sites_b.c +p\n' \
	'dynamic_printk: invalid command "fil dp_sites_b.c +p": unknown keyword "fil"'
write_einval "unknown keyword after a match-spec" 'func b_tab flie x +p\n' \
	'dynamic_printk: invalid command "func b_tab flie x +p": unknown keyword "flie"'
write_einval "unknown flag" 'func b_tab +pq\n' \
	"dynamic_printk: invalid command \"func b_tab +pq\": unknown flag 'q'"
write_einval "keyword given twice" 'func b_tab func b_hash +p\n' \
	'dynamic_printk: invalid command "func b_tab func b_hash +p": keyword given twice "func"'
write_einval "a word at fault holding a decoded newline: still one line" 'func b_tab bo\\ngus x +p\n' \
	'dynamic_printk: invalid command "func b_tab bo\ngus x +p": unknown keyword "bo\012gus"'
write_einval "class" 'class D2_CORE +p\n' \
	'dynamic_printk: invalid command "class D2_CORE +p": no class maps in this kernel'
write_einval "module with class" 'module dp_sites class D2_CORE +p\n'

# ---- dynamic_printk.verbose ----------------------------------------------
V=/sys/module/dynamic_printk/parameters/verbose
expect_eq "verbose: 0 at boot" 0 "$(cat /tmp/boot.verbose 2>/dev/null)"
expect_eq "verbose: root may write it" "-rw-r--r--" "$(ls -l $V | cut -c1-10)"
echo 0 > $V
write_ok "verbose 0: an applied command logs nothing" 'func b_tab +p\n' ""
write_einval "verbose 0: a refused one still says why" 'func b_tab +x\n' \
	"dynamic_printk: invalid command \"func b_tab +x\": unknown flag 'x'"
echo 1 > $V
write_ok "verbose 1: logged" 'func b_tab -p\n' "$(changed_log "func b_tab -p" 1)"
set_ "module dp_sites =_"

# ---- a bad dyndbg= does not stop a load ----------------------------------
check "rmmod dp_hex" rmmod dp_hex
klog_mark
if insmod $MODDIR/dp_hex.ko 'dyndbg="func fire_set +x"' 2>/tmp/insmod.err; then
	pass "insmod with a bad dyndbg=: loaded"
else
	fail "insmod with a bad dyndbg=: $(cat /tmp/insmod.err)"
fi
klog_new > /tmp/bad.log
check "... said why, at KERN_ERR" grep -qxF "<3>dynamic_printk: invalid command \"func fire_set +x\": unknown flag 'x'" /tmp/bad.log
check "... and that it ignored it, at KERN_ERR" grep -qxF '<3>dp_hex: bad dyndbg value ignored' /tmp/bad.log
expect_eq "... nothing of it applied" "" "$(grep ' \[dp_hex\]' $DCTL | grep -v ' =_ ')"
check "rmmod dp_hex" rmmod dp_hex
check "insmod dp_hex dyndbg=\"file dp_hex.h:dp_hex_inline +p\"" insmod $MODDIR/dp_hex.ko 'dyndbg="file dp_hex.h:dp_hex_inline +p"'
expect_eq "... applied" "dp_hex.h:$li [dp_hex]dp_hex_inline =p \"header %s\\n\"" "$(grep ' \[dp_hex\]' $DCTL | grep -v ' =_ ')"
check "rmmod dp_hex" rmmod dp_hex
check "rmmod dp_sites" rmmod dp_sites
finish
