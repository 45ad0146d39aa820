# What a call site with p prints, at KERN_DEBUG: its decorations, then
# the message of before ("dp_sites:" and the format for pr_debug(),
# "<driver> <device>: dp_sites: " and the format for dev_dbg()).  The
# decorations, in this order: t "[<pid>] " in process context, "<intr> "
# in interrupt context; m "<module>:", f "<function>:", l "<line>:", and
# one blank after these when any of m, f, l is set.  In process context
# (a "fire" written by this shell, pid $$) and in hard-irq context (an
# hrtimer callback, dp_sites' "hirq").  Every call site's message with p,
# exactly, bytes that were escaped in the control file included.
. /lib.sh
CTL=$DCTL
sites_setup
P=/sys/module/dp_sites/parameters
check "insmod dp_sites" insmod $MODDIR/dp_sites.ko
D='dp_sites_dev dp_sites_dev.5: dp_sites: '
lf=$(site_line fire) ld=$(site_line dfire) lh=$(site_line hirq) ldh=$(site_line dhirq)
pid=$$


# Process context: fire_set's pr_debug() and dev_dbg().
F="func fire_set"
set_ "$F =p"
shot "=p" fire t1 "dp_sites:fire t1" "${D}dev fire t1"
expect_eq "the fire ran in this shell (pid $pid)" "$pid" "$(cat $P/last_pid)"
set_ "$F =pm"
shot "=pm" fire t2 "dp_sites: dp_sites:fire t2" "dp_sites: ${D}dev fire t2"
set_ "$F =pf"
shot "=pf" fire t3 "fire_set: dp_sites:fire t3" "fire_set: ${D}dev fire t3"
set_ "$F =pl"
shot "=pl" fire t4 "$lf: dp_sites:fire t4" "$ld: ${D}dev fire t4"
set_ "$F =pt"
shot "=pt" fire t5 "[$pid] dp_sites:fire t5" "[$pid] ${D}dev fire t5"
set_ "$F =pmf"
shot "=pmf" fire t6 "dp_sites:fire_set: dp_sites:fire t6" "dp_sites:fire_set: ${D}dev fire t6"
set_ "$F =pml"
shot "=pml" fire t7 "dp_sites:$lf: dp_sites:fire t7" "dp_sites:$ld: ${D}dev fire t7"
set_ "$F =pfl"
shot "=pfl" fire t8 "fire_set:$lf: dp_sites:fire t8" "fire_set:$ld: ${D}dev fire t8"
set_ "$F =pmfl"
shot "=pmfl" fire t9 "dp_sites:fire_set:$lf: dp_sites:fire t9" "dp_sites:fire_set:$ld: ${D}dev fire t9"
set_ "$F =pmflt"
shot "=pmflt" fire t10 "[$pid] dp_sites:fire_set:$lf: dp_sites:fire t10" "[$pid] dp_sites:fire_set:$ld: ${D}dev fire t10"
set_ "$F =plt"
shot "=plt" fire t11 "[$pid] $lf: dp_sites:fire t11" "[$pid] $ld: ${D}dev fire t11"
set_ "$F =pft"
shot "=pft" fire t12 "[$pid] fire_set: dp_sites:fire t12" "[$pid] fire_set: ${D}dev fire t12"
set_ "$F =mflt"
e0=$(cat $P/evals)
shot "=mflt (no p)" fire t13
expect_eq "=mflt: no argument evaluated" "$e0" "$(cat $P/evals)"
# One of the two only.
set_ "$F =_"
set_ "$F format dev =pl"
shot "dev_dbg =pl, pr_debug =_" fire t14 "$ld: ${D}dev fire t14"
set_ "$F =_"

# Hard-irq context: hirq_fn()'s pr_debug() and dev_dbg().
H="func hirq_fn"
set_ "$H =p"
shot "hard irq =p" hirq h1 "dp_sites:hirq h1" "${D}dev hirq h1"
expect_eq "the hrtimer callback ran in hard-irq context" hardirq "$(cat $P/hirq)"
set_ "$H =pt"
shot "hard irq =pt" hirq h2 "<intr> dp_sites:hirq h2" "<intr> ${D}dev hirq h2"
set_ "$H =pmflt"
shot "hard irq =pmflt" hirq h3 "<intr> dp_sites:hirq_fn:$lh: dp_sites:hirq h3" "<intr> dp_sites:hirq_fn:$ldh: ${D}dev hirq h3"
set_ "$H =pf"
shot "hard irq =pf" hirq h4 "hirq_fn: dp_sites:hirq h4" "hirq_fn: ${D}dev hirq h4"
set_ "$H =pml"
shot "hard irq =pml" hirq h5 "dp_sites:$lh: dp_sites:hirq h5" "dp_sites:$ldh: ${D}dev hirq h5"
set_ "$H =plt"
shot "hard irq =plt" hirq h6 "<intr> $lh: dp_sites:hirq h6" "<intr> $ldh: ${D}dev hirq h6"
set_ "$H =mflt"
shot "hard irq =mflt (no p)" hirq h7
expect_eq "still in hard-irq context" hardirq "$(cat $P/hirq)"
set_ "$H =_"

# Every call site with p: the messages, in the order fire runs them.
E=$(printf '\033')
T=$(printf '\t')
set_ "module dp_sites =p"
shot "every call site =p" fire a1 \
	"dp_sites:fire a1" "${D}dev fire a1" \
	"dp_sites:tab${T}here a1" 'dp_sites:quote "a1"' 'dp_sites:backslash \ a1' \
	"dp_sites:escape ${E}[1ma1${E}[0m" "dp_sites:percent 100% a1" "dp_sites:it's a1" \
	"dp_sites:long format, longer than the sixty-four bytes of a command that a log line shows: a1" \
	"dp_sites:semi; colon a1" "dp_sites:hash #a1" "dp_sites:two first a1" "dp_sites:two second a1" \
	"dp_sites:inline a1"
# The header's call site: decorated with the header's path and line.
set_ "module dp_sites =_"
set_ "file dp_sites.h =psl"
shot "the inline call site: its header" fire a2 \
	"dp_sites.h:$(site_line ia): dp_sites:inline a2"
set_ "module dp_sites =_"
set_ "func b_two line $(site_line two2) =pmfl"
set_ "func b_escape =pt"
shot "b_escape =pt, b_two's second =pmfl" fire a3 \
	"[$pid] dp_sites:escape ${E}[1ma3${E}[0m" "dp_sites:b_two:$(site_line two2): dp_sites:two second a3"
set_ "module dp_sites =_"
shot "all =_ again: silent" fire a4
expect_eq "nothing logged above KERN_DEBUG" "" "$(dmesg -r | grep -E 'dp_sites|dynamic_printk' | grep -v '^<[67]>')"
check "rmmod dp_sites" rmmod dp_sites
finish
