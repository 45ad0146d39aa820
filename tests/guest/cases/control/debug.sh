# A file compiled with DEBUG: its call sites, and only those, start with
# p.  dp_debughalf is built from dp_debughalf_a.o (without DEBUG) and
# dp_debughalf_b.o (-DDEBUG): b's call site starts =p and prints, also
# from init; a's start =_ and stay silent; the module reads enabled=1.
. /lib.sh
CTL=$DCTL
la=$(src_line dp_debughalf dp_debughalf_a.c 'pr_debug("a %s\n"')
li=$(src_line dp_debughalf dp_debughalf_a.c 'pr_debug("init a\n")')
lb=$(src_line dp_debughalf dp_debughalf_b.c 'pr_debug("%s %s\n"')
klog_mark
check "insmod dp_debughalf" insmod $MODDIR/dp_debughalf.ko
klog_new > /tmp/new
grep '\[dp_debughalf\]' $DCTL | sort > /tmp/got
printf '%s\n' \
	"dp_debughalf_a.c:$la [dp_debughalf]fire_set =_ \"a %s\\n\"" \
	"dp_debughalf_a.c:$li [dp_debughalf]dp_debughalf_init =_ \"init a\\n\"" \
	"dp_debughalf_b.c:$lb [dp_debughalf]dp_debughalf_b =p \"%s %s\\n\"" | sort > /tmp/want
check "the DEBUG object's call site =p, the other object's =_" cmp -s /tmp/want /tmp/got
cmp -s /tmp/want /tmp/got || sed 's/^/  got: /' /tmp/got
expect_eq "enabled=1 in the modules file" "dp_debughalf enabled=1" "$(grep '^dp_debughalf ' /sys/kernel/debug/dynamic_printk/modules)"
check "init: the DEBUG object's pr_debug printed" grep -qxF '<7>dp_debughalf:init b' /tmp/new
expect_eq "init: the other object's silent" 0 "$(grep -c 'dp_debughalf:init a' /tmp/new)"
expect_eq "starting so logged nothing" "" "$(grep dynamic_printk /tmp/new)"
klog_mark
fire dp_debughalf d1
expect_eq "fire: only b prints" "<7>dp_debughalf:b d1" "$(klog_new)"
write_ok "module dp_debughalf -p" 'module dp_debughalf -p\n' "$(changed_log "module dp_debughalf -p" 1)"
fire dp_debughalf d2
expect_eq "then silent" 0 "$(n_lines d2)"
check "rmmod dp_debughalf" rmmod dp_debughalf
finish
